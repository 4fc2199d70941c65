/* tessera-player-item.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tessera-player-item.h"

/* A player of the history with their figures, as one row of the players page: the figures are
 * properties so that the page's columns sort by them. */

struct _TesseraPlayerItem
{
  GObject  parent_instance;

  char    *name;
  guint    games;
  guint    wins;
  double   average;
  int      best;
};

G_DEFINE_FINAL_TYPE (TesseraPlayerItem, tessera_player_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_GAMES,
  PROP_WINS,
  PROP_WIN_RATE,
  PROP_AVERAGE,
  PROP_BEST,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tessera_player_item_finalize (GObject *object)
{
  TesseraPlayerItem *self = TESSERA_PLAYER_ITEM (object);

  g_free (self->name);
  G_OBJECT_CLASS (tessera_player_item_parent_class)->finalize (object);
}

static void
tessera_player_item_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  TesseraPlayerItem *self = TESSERA_PLAYER_ITEM (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_GAMES:
      g_value_set_uint (value, self->games);
      break;
    case PROP_WINS:
      g_value_set_uint (value, self->wins);
      break;
    case PROP_WIN_RATE:
      g_value_set_double (value, tessera_player_item_get_win_rate (self));
      break;
    case PROP_AVERAGE:
      g_value_set_double (value, self->average);
      break;
    case PROP_BEST:
      g_value_set_int (value, self->best);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_player_item_class_init (TesseraPlayerItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tessera_player_item_finalize;
  object_class->get_property = tessera_player_item_get_property;

  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_GAMES] = g_param_spec_uint ("games", NULL, NULL, 0, G_MAXUINT, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_WINS] = g_param_spec_uint ("wins", NULL, NULL, 0, G_MAXUINT, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_WIN_RATE] = g_param_spec_double ("win-rate", NULL, NULL, 0, 1, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_AVERAGE] = g_param_spec_double ("average", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_BEST] = g_param_spec_int ("best", NULL, NULL, G_MININT, G_MAXINT, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tessera_player_item_init (TesseraPlayerItem *self)
{
}

TesseraPlayerItem *
tessera_player_item_new (const TesseraPlayerStats *stats)
{
  TesseraPlayerItem *self = g_object_new (TESSERA_TYPE_PLAYER_ITEM, NULL);

  self->name = g_strdup (stats->name);
  self->games = stats->n_games;
  self->wins = stats->n_wins;
  self->average = stats->average_score;
  self->best = stats->best_score;
  return self;
}

const char *
tessera_player_item_get_name (TesseraPlayerItem *self)
{
  return self->name;
}

guint
tessera_player_item_get_games (TesseraPlayerItem *self)
{
  return self->games;
}

guint
tessera_player_item_get_wins (TesseraPlayerItem *self)
{
  return self->wins;
}

/* Wins per game (a tie for first is a win for each), 0 without games. */
double
tessera_player_item_get_win_rate (TesseraPlayerItem *self)
{
  return self->games > 0 ? (double) self->wins / self->games : 0.0;
}

double
tessera_player_item_get_average (TesseraPlayerItem *self)
{
  return self->average;
}

int
tessera_player_item_get_best (TesseraPlayerItem *self)
{
  return self->best;
}
