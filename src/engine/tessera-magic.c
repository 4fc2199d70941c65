/* tessera-magic.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-magic"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tessera-game-private.h"
#include "tessera-magic.h"
#include "tessera-spot.h"

/* Mage & Witch (Tovenaar en Heks, first edition), as the Dutch rulebook tells it with its
 * footnotes, and rules-clarifications.md M1-M14.
 *
 * The two figures stand on a segment of an unfinished road or city. After a tile with the magic
 * symbol is placed, and before anything is deployed, the player must bring one of them in or
 * move one to another road or city, never onto the feature of the other one (M2-M5); when
 * nothing qualifies, one figure leaves the board (M6). When any placement joins their features,
 * one of them must move on (M7), before that feature is scored. A feature's points get +1 per
 * tile with the mage and are halved, rounded up, with the witch, during the game and at the end
 * (M8, M11); a figure leaves the board once its feature is completed (M10). The game calls
 * _tessera_magic_turn() right after it places the tile. */

static const char *
figure_phrase (TesseraMagicFigure figure)
{
  return figure == TESSERA_MAGIC_MAGE ? _("the mage") : _("the witch");
}

int
tessera_game_get_magic_segment (TesseraGame        *self,
                                TesseraMagicFigure  figure)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), -1);
  return self->magic[figure];
}

gboolean
tessera_game_has_magic (TesseraGame *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), FALSE);
  return self->mage_witch;
}

/* The feature a figure stands in, or G_MAXUINT when it is off the board. */
static guint
figure_feature (TesseraBoard *board,
                int           segment)
{
  return segment < 0 ? G_MAXUINT : tessera_board_find (board, (guint) segment);
}

/**
 * tessera_magic_list_targets:
 * @board: the board with the new tile on it
 * @segments: the figures' segments (mage, witch), -1 for off the board
 * @figure: the figure that would go
 * @targets: (out): one segment of every road and city it may go to
 *
 * A figure may go to any unfinished road or city except the feature of the other figure and,
 * when it is moved, except the feature it stands in now (M2-M5).
 */
void
tessera_magic_list_targets (TesseraBoard       *board,
                            const int           segments[2],
                            TesseraMagicFigure  figure,
                            GArray             *targets)
{
  guint other = figure_feature (board, segments[1 - figure]);
  guint own = figure_feature (board, segments[figure]);
  guint first = targets->len;

  for (guint s = 0; s < tessera_board_get_n_segments (board); s++)
    {
      TesseraFeatureKind kind = tessera_board_segment_kind (board, s);
      guint root;
      gboolean seen = FALSE;

      if (kind != TESSERA_FEATURE_ROAD && kind != TESSERA_FEATURE_CITY)
        continue;
      root = tessera_board_find (board, s);
      if (root == other || root == own || tessera_board_is_complete (board, root))
        continue;
      for (guint i = first; i < targets->len && !seen; i++)
        seen = tessera_board_find (board, g_array_index (targets, guint, i)) == root;
      if (!seen)
        g_array_append_val (targets, root);
    }
}

/**
 * tessera_game_list_magic_targets:
 * @type: a tile that would be placed
 * @cell: where, a legal placement
 * @rotation: quarter turns clockwise
 * @targets: (out): a #TesseraPieceRef for every road and city @figure could then go to
 *
 * Where @figure could go in the turn that places @type at @cell: on the board with the tile
 * on it, so the tile's own roads and cities count and the features it completes do not (M5).
 * The game does not change.
 */
void
tessera_game_list_magic_targets (TesseraGame           *self,
                                 const TesseraTileType *type,
                                 TesseraCell            cell,
                                 guint                  rotation,
                                 TesseraMagicFigure     figure,
                                 GArray                *targets)
{
  g_autoptr(GArray) choices = g_array_new (FALSE, FALSE, sizeof (TesseraChoice));

  g_return_if_fail (TESSERA_IS_GAME (self));

  tessera_game_list_magic_choices (self, type, cell, rotation, figure, choices);
  for (guint i = 0; i < choices->len; i++)
    g_array_append_val (targets, g_array_index (choices, TesseraChoice, i).where);
}

/* A road or city @figure could go to, as a segment, or -1. */
static int
any_target (TesseraGame        *self,
            TesseraMagicFigure  figure)
{
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (guint));

  tessera_magic_list_targets (self->board, self->magic, figure, targets);
  return targets->len > 0 ? (int) g_array_index (targets, guint, 0) : -1;
}

/* "the road at [-1, 0] E", for a message. */
static char *
describe_target (TesseraGame *self,
                 guint        segment)
{
  const TesseraPlacedTile *tile = tessera_board_segment_tile (self->board, segment);
  char spot[TESSERA_SPOT_NAME_SIZE];

  tessera_spot_name (tile->type, tile->rotation, segment - tile->first_segment, spot);
  /* TRANSLATORS: "the road at [-1, 0] E" */
  return g_strdup_printf (_("the %s at [%d, %d] %s"),
                          tessera_feature_kind_phrase (tessera_board_segment_kind (self->board, segment)),
                          tile->cell.x, tile->cell.y, spot);
}

/* Where a figure would go, as a board segment, after checking it may go there. */
static int
check_target (TesseraGame          *self,
              const TesseraEvent   *event,
              TesseraMagicFigure    figure,
              GError              **error)
{
  const TesseraPieceRef *to = &event->choices->magic_choice.to;
  const TesseraPlacedTile *tile = tessera_board_lookup (self->board, to->at);
  g_autoptr(GError) spot_error = NULL;
  TesseraFeatureInfo info;
  int local;
  guint segment;

  /* The names in the messages are translated only when a message is needed. */
  if (tile == NULL)
    return _tessera_game_rule_error (self, event, error, _("%s cannot go to [%d, %d]: there is no tile there"),
                                     figure_phrase (figure), to->at.x, to->at.y), -1;
  local = tessera_spot_resolve_id (tile->type, tile->rotation, to->spot, &spot_error);
  if (local < 0)
    return _tessera_game_rule_error (self, event, error, _("%s cannot go there: %s"), figure_phrase (figure),
                                     spot_error->message), -1;
  segment = tile->first_segment + (guint) local;
  tessera_board_describe_feature (self->board, segment, &info);
  if (info.kind != TESSERA_FEATURE_ROAD && info.kind != TESSERA_FEATURE_CITY)
    return _tessera_game_rule_error (self, event, error,
                                     _("%s goes on a road or a city, and [%d, %d] %s is a %s"),
                                     figure_phrase (figure), to->at.x, to->at.y, to->spot,
                                     tessera_feature_kind_phrase (info.kind)), -1;
  if (info.complete)
    return _tessera_game_rule_error (self, event, error,
                                     _("%s cannot go on the %s at [%d, %d] %s: it is completed"),
                                     figure_phrase (figure), tessera_feature_kind_phrase (info.kind),
                                     to->at.x, to->at.y, to->spot), -1;
  if (info.root == figure_feature (self->board, self->magic[1 - figure]))
    /* TRANSLATORS: "the witch cannot go on the city at [2, 3] N: the mage already stands on it" */
    return _tessera_game_rule_error (self, event, error, _("%s cannot go on the %s at [%d, %d] %s: %s already stands on it"),
                                     figure_phrase (figure), tessera_feature_kind_phrase (info.kind),
                                     to->at.x, to->at.y, to->spot, figure_phrase (1 - figure)), -1;
  if (info.root == figure_feature (self->board, self->magic[figure]))
    return _tessera_game_rule_error (self, event, error,
                                     _("%s already stands on the %s at [%d, %d] %s and must move to another road or city"),
                                     figure_phrase (figure), tessera_feature_kind_phrase (info.kind),
                                     to->at.x, to->at.y, to->spot), -1;
  return (int) segment;
}

/**
 * _tessera_magic_turn:
 * @placed: the tile just placed
 *
 * Checks and carries out the turn's "magic" choice, after the tile is placed and before
 * anything is deployed or scored. On failure the game has changed: the caller restores it.
 */
gboolean
_tessera_magic_turn (TesseraGame             *self,
                     const TesseraEvent      *event,
                     const TesseraPlacedTile *placed,
                     GError                 **error)
{
  gboolean written = event->choices != NULL && event->choices->has_magic;
  const TesseraMagicChoice *choice;
  gboolean magic_tile = placed->type->magic;
  gboolean joined = self->magic[0] >= 0 && self->magic[1] >= 0 &&
                    figure_feature (self->board, self->magic[0]) == figure_feature (self->board, self->magic[1]);
  TesseraMagicFigure figure;
  int target;

  if (!magic_tile && !joined)
    {
      if (written)
        return _tessera_game_rule_error (self, event, error,
                                         _("\"magic\" is only for a tile with the magic symbol, or a tile that joins the roads or cities of the mage and the witch"));
      return TRUE;
    }

  if (!written)
    {
      /* M6: with neither figure on the board and nowhere to go, both wait beside the track. */
      gboolean nowhere = any_target (self, TESSERA_MAGIC_MAGE) < 0 && any_target (self, TESSERA_MAGIC_WITCH) < 0;

      if (!joined && self->magic[0] < 0 && self->magic[1] < 0 && nowhere)
        return TRUE;
      if (nowhere)
        return _tessera_game_rule_error (self, event, error,
                                         _("no road or city can take the mage or the witch: \"magic\" must take one of them off the board, with \"to\": null"));
      if (joined)
        return _tessera_game_rule_error (self, event, error,
                                         _("this tile joins the roads or cities of the mage and the witch: \"magic\" must say which of them moves, and where"));
      return _tessera_game_rule_error (self, event, error,
                                       _("tile %s shows the magic symbol: \"magic\" must say where the mage or the witch goes"),
                                       event->tile);
    }

  choice = &event->choices->magic_choice;
  figure = choice->figure;
  if (!choice->has_to)
    {
      /* M6, M7: a figure leaves the board only when no figure can go anywhere. */
      if (self->magic[figure] < 0)
        return _tessera_game_rule_error (self, event, error, _("%s is not on the board, so it cannot leave it"),
                                         figure_phrase (figure));
      target = any_target (self, figure);
      if (target < 0 && !joined)
        target = any_target (self, 1 - figure);
      if (target >= 0)
        {
          g_autofree char *open = describe_target (self, (guint) target);

          /* TRANSLATORS: "the mage may leave the board only when no road or city can take a figure, and the road at [-1, 0] E can" */
          return _tessera_game_rule_error (self, event, error,
                                           _("%s may leave the board only when no road or city can take a figure, and %s can"),
                                           figure_phrase (figure), open);
        }
      self->magic[figure] = -1;
      return TRUE;
    }

  target = check_target (self, event, figure, error);
  if (target < 0)
    return FALSE;
  self->magic[figure] = target;
  return TRUE;
}

/* After a road or city is completed and scored, a figure in it leaves the board (M10). */
void
_tessera_magic_completed (TesseraGame *self,
                          guint        root)
{
  for (guint f = 0; f < 2; f++)
    if (self->magic[f] >= 0 && tessera_board_find (self->board, (guint) self->magic[f]) == root)
      self->magic[f] = -1;
}

/* M8, M11: the figure in a scored road or city changes its value. */
void
_tessera_magic_modify (TesseraGame       *self,
                       guint              root,
                       TesseraScoreEvent *score)
{
  if (!self->mage_witch)
    return;
  if (self->magic[TESSERA_MAGIC_MAGE] >= 0 && tessera_board_find (self->board, (guint) self->magic[TESSERA_MAGIC_MAGE]) == root)
    {
      score->magic = TESSERA_SCORE_MAGE;
      score->base_points = score->points;
      score->points += (int) score->n_tiles;
    }
  else if (self->magic[TESSERA_MAGIC_WITCH] >= 0 &&
           tessera_board_find (self->board, (guint) self->magic[TESSERA_MAGIC_WITCH]) == root)
    {
      score->magic = TESSERA_SCORE_WITCH;
      score->base_points = score->points;
      score->points = (score->points + 1) / 2;
    }
}

/**
 * tessera_game_placement_moves_figure:
 * @type: a tile that would be placed
 * @cell: where, a legal placement
 * @rotation: quarter turns clockwise
 *
 * Whether the turn that places @type there moves the mage or the witch: a tile with the magic
 * symbol (M2), or one that joins the road or city of the mage with the witch's (M7).
 */
gboolean
tessera_game_placement_moves_figure (TesseraGame           *self,
                                     const TesseraTileType *type,
                                     TesseraCell            cell,
                                     guint                  rotation)
{
  guint mage_root, witch_root;

  g_return_val_if_fail (TESSERA_IS_GAME (self), FALSE);

  if (!self->mage_witch)
    return FALSE;
  if (type->magic)
    return TRUE;
  if (self->magic[TESSERA_MAGIC_MAGE] < 0 || self->magic[TESSERA_MAGIC_WITCH] < 0)
    return FALSE;
  mage_root = tessera_board_find (self->board, (guint) self->magic[TESSERA_MAGIC_MAGE]);
  witch_root = tessera_board_find (self->board, (guint) self->magic[TESSERA_MAGIC_WITCH]);
  for (guint s = 0; s < type->n_segments; s++)
    {
      guint roots[8];
      guint n = tessera_board_list_joined_features (self->board, type, cell, rotation, s, roots);
      gboolean has_mage = FALSE, has_witch = FALSE;

      for (guint i = 0; i < n; i++)
        {
          has_mage |= roots[i] == mage_root;
          has_witch |= roots[i] == witch_root;
        }
      if (has_mage && has_witch)
        return TRUE;
    }
  return FALSE;
}

/**
 * tessera_game_list_magic_choices:
 * @choices: (element-type TesseraChoice): the roads and cities @figure may go to
 *
 * tessera_game_list_magic_targets() as choices: on the board with the tile placed, each spot
 * with its feature and its size with the new tile.
 */
void
tessera_game_list_magic_choices (TesseraGame           *self,
                                 const TesseraTileType *type,
                                 TesseraCell            cell,
                                 guint                  rotation,
                                 TesseraMagicFigure     figure,
                                 GArray                *choices)
{
  g_autoptr(TesseraBoard) board = NULL;
  g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_if_fail (TESSERA_IS_GAME (self));
  g_return_if_fail (tessera_board_fits (self->board, type, cell, rotation));

  board = tessera_board_copy (self->board);
  tessera_board_place (board, type, cell, rotation);
  tessera_magic_list_targets (board, self->magic, figure, segments);
  for (guint i = 0; i < segments->len; i++)
    {
      TesseraChoice choice;

      _tessera_choice_init_on_board (&choice, TESSERA_CHOICE_MAGIC, self, board, g_array_index (segments, guint, i), -1);
      g_array_append_val (choices, choice);
    }
}
