/* tessera-cli-review.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-engine.h"

#include "tessera-cli-command.h"
#include "tessera-cli-common.h"

/* A spot as a compass point, "north", "north-north-west", "centre"; a catalogue's own segment
 * id ("c1") as it is. */
static const char *
spot_words (const char *spot)
{
  static const struct
  {
    const char *spot;
    const char *words;
  } points[] = {
    { "N", N_("north") }, { "E", N_("east") }, { "S", N_("south") }, { "W", N_("west") },
    { "NNW", N_("north-north-west") }, { "NNE", N_("north-north-east") },
    { "ENE", N_("east-north-east") }, { "ESE", N_("east-south-east") },
    { "SSE", N_("south-south-east") }, { "SSW", N_("south-south-west") },
    { "WSW", N_("west-south-west") }, { "WNW", N_("west-north-west") },
    { "C", N_("centre") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    if (g_str_equal (spot, points[i].spot))
      return _(points[i].words);
  return spot;
}

/* What a turn's action does, in words: "knight north", "tower floor at [2, 1]". */
static void
append_action (GString            *text,
               const TesseraEvent *event)
{
  int rotation = (event->rotation / 90) & 3;
  int segment;

  switch (event->action)
    {
    case TESSERA_ACTION_FOLLOWER:
      segment = event->tile_type != NULL ? tessera_spot_resolve (event->tile_type, (guint) rotation, event->spot, NULL) : -1;
      if (segment >= 0)
        /* TRANSLATORS: a follower in a review's best turn: "knight north" */
        g_string_append_printf (text, _(", %s %s"), tessera_feature_kind_role (event->tile_type->segments[segment].kind),
                                spot_words (event->spot));
      else
        g_string_append_printf (text, _(", follower %s"), spot_words (event->spot));
      break;
    case TESSERA_ACTION_CROWN:
      /* TRANSLATORS: "crown space taxes-1" */
      g_string_append_printf (text, _(", crown space %s"), event->crown);
      break;
    case TESSERA_ACTION_TOWER:
      /* TRANSLATORS: "tower floor at [2, 1]" */
      g_string_append_printf (text, _(", tower floor at [%d, %d]"), event->tower_at.x, event->tower_at.y);
      if (event->has_capture)
        /* TRANSLATORS: "capturing the follower at [3, 1] north" */
        g_string_append_printf (text, _(", capturing the follower at [%d, %d] %s"), event->capture.at.x,
                                event->capture.at.y, spot_words (event->capture.spot));
      break;
    case TESSERA_ACTION_TOWER_TOP:
      /* TRANSLATORS: "closing the tower at [2, 1]" */
      g_string_append_printf (text, _(", closing the tower at [%d, %d]"), event->tower_at.x, event->tower_at.y);
      break;
    case TESSERA_ACTION_NONE:
    default:
      break;
    }
  if (event->choices != NULL && event->choices->has_magic && event->choices->magic_choice.has_to)
    {
      const TesseraMagicChoice *magic = &event->choices->magic_choice;

      g_string_append_printf (text, magic->figure == TESSERA_MAGIC_MAGE ?
                              /* TRANSLATORS: "mage to [2, 1] south" */
                              _(", mage to [%d, %d] %s") :
                              /* TRANSLATORS: "witch to [2, 1] south" */
                              _(", witch to [%d, %d] %s"),
                              magic->to.at.x, magic->to.at.y, spot_words (magic->to.spot));
    }
}

static void
print_review_text (TesseraReview *review)
{
  const char * const *names = tessera_review_get_player_names (review);
  const TesseraReviewPlayer *players = tessera_review_get_players (review);
  guint n_turns;
  const TesseraReviewTurn *turns = tessera_review_get_turns (review, &n_turns);

  for (guint i = 0; i < n_turns; i++)
    {
      const TesseraReviewTurn *turn = &turns[i];
      const TesseraEvent *best = turn->best_turn;
      g_autoptr(GString) move = g_string_new (NULL);

      /* TRANSLATORS: the best turn: "D at 2, -1 rotated 90" */
      g_string_append_printf (move, _("%s at %d, %d rotated %d"), best->tile, best->at.x, best->at.y, best->rotation);
      append_action (move, best);
      /* TRANSLATORS: "7 Anna D: +4.5, best +9.0 (D at 2, -1 rotated 90, knight north), luck -1.3" */
      g_print (_("%u %s %s: %+.1f, best %+.1f (%s), luck %+.1f"), turn->event, names[turn->player], turn->tile, turn->made,
               turn->best, move->str, turn->luck);
      g_print ("\n");
    }
  g_print ("\n");
  for (guint p = 0; p < tessera_review_get_n_players (review); p++)
    {
      /* TRANSLATORS: "Anna: 12.5 points lost to better turns, luck +3.4, accuracy 83%" (%% is a percent sign) */
      g_print (_("%s: %.1f points lost to better turns, luck %+.1f, accuracy %.0f%%"), names[p], players[p].lost,
               players[p].luck, 100.0 * players[p].accuracy);
      g_print ("\n");
    }
  /* TRANSLATORS: the estimate's name, "tessera-estimate 1" */
  g_print (_("Values are points of the estimate of the final scores (%s)."), tessera_review_get_method (review));
  g_print ("\n");
}

/* review [--json] FILE: every turn against the best turn the drawn tile allowed, and the luck
 * of the draw. */
int
tessera_cli_command_review (const TesseraCliOptions *options)
{
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraReview) review = NULL;
  g_autoptr(GError) error = NULL;
  int code = tessera_cli_read_record_file (options->file, &record);

  if (code != EXIT_OK)
    return code;
  review = tessera_review_new (record, NULL, NULL, NULL, &error);
  if (review == NULL)
    return tessera_cli_fail (EXIT_RULE, "%s: %s", options->file, error->message);

  if (options->json)
    {
      g_autoptr(JsonNode) root = tessera_review_to_json (review);

      tessera_cli_print_json (root);
    }
  else
    print_review_text (review);
  return EXIT_OK;
}
