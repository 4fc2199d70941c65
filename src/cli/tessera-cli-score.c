/* tessera-cli-score.c
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

/* Pads @text to @width columns on screen (UTF-8 aware), on the right or the left. */
static void
append_padded (GString    *out,
               const char *text,
               guint       width,
               gboolean    right_align)
{
  glong length = g_utf8_strlen (text, -1);
  guint pad = length < (glong) width ? width - (guint) length : 0;

  if (right_align)
    for (guint i = 0; i < pad; i++)
      g_string_append_c (out, ' ');
  g_string_append (out, text);
  if (!right_align)
    for (guint i = 0; i < pad; i++)
      g_string_append_c (out, ' ');
}

static guint
column_width (const char *heading)
{
  glong length = g_utf8_strlen (heading, -1) + 2;

  return (guint) MAX (length, 6);
}

/* score [--json] FILE: each player's score and its categories, final once the record has "end". */
int
tessera_cli_command_score (const TesseraCliOptions *options)
{
  g_autoptr(TesseraGame) game = NULL;
  guint n_players;
  int code = tessera_cli_load_game (options, G_MAXUINT, NULL, &game);

  if (code != EXIT_OK)
    return code;
  n_players = tessera_game_get_n_players (game);

  if (options->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "finished");
      json_builder_add_boolean_value (builder, tessera_game_is_finished (game));
      json_builder_set_member_name (builder, "players");
      json_builder_begin_array (builder);
      for (guint p = 0; p < n_players; p++)
        {
          int breakdown[TESSERA_N_CATEGORIES];

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "name");
          json_builder_add_string_value (builder, tessera_game_get_player_names (game)[p]);
          json_builder_set_member_name (builder, "color");
          json_builder_add_string_value (builder, tessera_game_get_player_color (game, p));
          for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
            breakdown[c] = tessera_game_get_category_score (game, p, c);
          tessera_cli_add_score_json (builder, tessera_game_get_score (game, p), breakdown);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      tessera_cli_print_json (root);
    }
  else
    {
      g_autoptr(GString) out = g_string_new (NULL);
      gboolean shown[TESSERA_N_CATEGORIES] = { TRUE, TRUE, TRUE, TRUE };
      guint name_width = g_utf8_strlen (_("Player"), -1);

      for (guint p = 0; p < n_players; p++)
        {
          g_autofree char *label = g_strdup_printf ("%s (%s)", tessera_game_get_player_names (game)[p],
                                                    tessera_color_phrase (tessera_game_get_player_color (game, p)));
          name_width = MAX (name_width, (guint) g_utf8_strlen (label, -1));
          for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
            shown[c] |= tessera_game_get_category_score (game, p, c) != 0;
        }

      g_string_append_printf (out, "%s\n", tessera_game_is_finished (game) ? _("Final scores")
                                                                            : _("Scores so far (the game is not finished)"));
      append_padded (out, _("Player"), name_width, FALSE);
      append_padded (out, _("Score"), 7, TRUE);
      for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
        if (shown[c])
          append_padded (out, tessera_category_title (c), column_width (tessera_category_title (c)), TRUE);
      g_string_append_c (out, '\n');
      for (guint p = 0; p < n_players; p++)
        {
          g_autofree char *label = g_strdup_printf ("%s (%s)", tessera_game_get_player_names (game)[p],
                                                    tessera_color_phrase (tessera_game_get_player_color (game, p)));
          g_autofree char *total = g_strdup_printf ("%d", tessera_game_get_score (game, p));

          append_padded (out, label, name_width, FALSE);
          append_padded (out, total, 7, TRUE);
          for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
            if (shown[c])
              {
                g_autofree char *points = g_strdup_printf ("%d", tessera_game_get_category_score (game, p, c));
                append_padded (out, points, column_width (tessera_category_title (c)), TRUE);
              }
          g_string_append_c (out, '\n');
        }
      g_print ("%s", out->str);
    }
  return EXIT_OK;
}
