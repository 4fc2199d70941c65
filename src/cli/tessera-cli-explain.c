/* tessera-cli-explain.c
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

/* explain [--json] FILE: every scoring event in the order it happened, with its reason. */
int
tessera_cli_command_explain (const TesseraCliOptions *options)
{
  g_autoptr(TesseraGame) game = NULL;
  const char * const *names;
  const TesseraScoreEvent *scores;
  guint n_scores;
  int code = tessera_cli_load_game (options, G_MAXUINT, NULL, &game);

  if (code != EXIT_OK)
    return code;
  names = tessera_game_get_player_names (game);
  scores = tessera_game_get_score_events (game, &n_scores);

  if (options->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_array (builder);
      for (guint i = 0; i < n_scores; i++)
        {
          const TesseraScoreEvent *score = &scores[i];
          g_autofree char *reason = tessera_score_event_describe (score, names);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "event");
          json_builder_add_int_value (builder, score->event);
          json_builder_set_member_name (builder, "player");
          json_builder_add_string_value (builder, names[score->player]);
          json_builder_set_member_name (builder, "points");
          json_builder_add_int_value (builder, score->points);
          json_builder_set_member_name (builder, "category");
          json_builder_add_string_value (builder, tessera_category_name (score->category));
          json_builder_set_member_name (builder, "reason");
          json_builder_add_string_value (builder, reason);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      root = json_builder_get_root (builder);
      tessera_cli_print_json (root);
      return EXIT_OK;
    }

  if (n_scores == 0)
    g_print ("%s\n", _("Nobody has scored yet."));
  for (guint i = 0; i < n_scores; i++)
    {
      const TesseraScoreEvent *score = &scores[i];
      g_autofree char *reason = tessera_score_event_describe (score, names);

      /* TRANSLATORS: "event 12: Anna +8 (city): completed city at [2, 0]: …" */
      g_print (_("event %u: %s %+d (%s): %s\n"), score->event, names[score->player], score->points,
               tessera_cli_category_phrase (score->category), reason);
    }
  return EXIT_OK;
}
