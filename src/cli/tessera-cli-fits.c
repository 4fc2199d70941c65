/* tessera-cli-fits.c
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

static gboolean
parse_coordinate (const char *text,
                  int        *value)
{
  gint64 number;

  if (!g_ascii_string_to_signed (text, 10, -(TESSERA_CELL_LIMIT - 1), TESSERA_CELL_LIMIT - 1, &number, NULL))
    return FALSE;
  *value = (int) number;
  return TRUE;
}

static void
print_fits_json (TesseraGame *game,
                 TesseraCell  cell,
                 GArray      *fits,
                 guint        copies)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  guint tiles_left = tessera_game_get_tiles_left (game);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "at");
  json_builder_add_value (builder, tessera_cli_cell_json (cell));
  json_builder_set_member_name (builder, "tiles_left");
  json_builder_add_int_value (builder, tiles_left);
  json_builder_set_member_name (builder, "fits");
  json_builder_begin_array (builder);
  for (guint i = 0; i < fits->len; i++)
    {
      const TesseraFit *fit = &g_array_index (fits, TesseraFit, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "tile");
      json_builder_add_string_value (builder, fit->supply->entry->id);
      json_builder_set_member_name (builder, "left");
      json_builder_add_int_value (builder, fit->supply->left);
      json_builder_set_member_name (builder, "rotations");
      json_builder_begin_array (builder);
      for (guint r = 0; r < 4; r++)
        if (fit->rotations & (1u << r))
          json_builder_add_int_value (builder, r * 90);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "chance");
  json_builder_add_double_value (builder, tiles_left > 0 ? (double) copies / tiles_left : 0);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  tessera_cli_print_json (root);
}

static void
print_fits_text (TesseraGame *game,
                 TesseraCell  cell,
                 GArray      *fits,
                 guint        copies)
{
  const TesseraBoard *board = tessera_game_get_board (game);
  guint tiles_left = tessera_game_get_tiles_left (game);
  gboolean open = FALSE;

  for (guint c = 0; c < tessera_board_get_n_open_cells (board) && !open; c++)
    {
      TesseraCell other = tessera_board_get_open_cell (board, c);

      open = other.x == cell.x && other.y == cell.y;
    }

  if (tessera_board_lookup (board, cell) != NULL)
    {
      /* TRANSLATORS: "[2, -1] already holds a tile" */
      g_print (_("[%d, %d] already holds a tile"), cell.x, cell.y);
      g_print ("\n");
      return;
    }
  if (!open)
    {
      g_print (_("[%d, %d] touches no tile of the board"), cell.x, cell.y);
      g_print ("\n");
      return;
    }
  if (fits->len == 0)
    {
      g_print (_("[%d, %d]: no tile left fits here; it stays empty to the end of the game"), cell.x, cell.y);
      g_print ("\n");
      return;
    }

  /* TRANSLATORS: "[2, -1]: 43 of the 71 tiles left fit here (61%), in 18 kinds"; %% is a
   * percent sign */
  g_print (g_dngettext (GETTEXT_PACKAGE, "[%d, %d]: %u of the %u tiles left fit here (%.0f%%), in %u kind",
                        "[%d, %d]: %u of the %u tiles left fit here (%.0f%%), in %u kinds", fits->len),
           cell.x, cell.y, copies, tiles_left, tiles_left > 0 ? 100.0 * copies / tiles_left : 0.0, fits->len);
  g_print ("\n");
  for (guint i = 0; i < fits->len; i++)
    {
      const TesseraFit *fit = &g_array_index (fits, TesseraFit, i);
      g_autoptr(GString) rotations = g_string_new (NULL);

      for (guint r = 0; r < 4; r++)
        if (fit->rotations & (1u << r))
          g_string_append_printf (rotations, "%s%u°", rotations->len > 0 ? ", " : "", r * 90);
      /* TRANSLATORS: a tile that fits: its id, the copies left, its rotations ("D  3 left  0°, 180°") */
      g_print (g_dngettext (GETTEXT_PACKAGE, "  %-8s %u left   %s", "  %-8s %u left   %s", fit->supply->left),
               fit->supply->entry->id, fit->supply->left, rotations->str);
      g_print ("\n");
    }
}

/* fits [--json] FILE X Y: every tile left in the supply that can go to [X, Y], with its copies
 * left and rotations, and the chance that the next tile drawn fits there. */
int
tessera_cli_command_fits (const TesseraCliOptions *options)
{
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GArray) fits = g_array_new (FALSE, FALSE, sizeof (TesseraFit));
  TesseraCell cell;
  guint copies;
  int code;

  if (!parse_coordinate (g_ptr_array_index (options->files, 1), &cell.x) ||
      !parse_coordinate (g_ptr_array_index (options->files, 2), &cell.y))
    return tessera_cli_usage_error (_("fits needs a cell as two whole numbers, X and Y"));
  code = tessera_cli_load_game (options, G_MAXUINT, NULL, &game);
  if (code != EXIT_OK)
    return code;
  copies = tessera_game_list_fits (game, cell, fits);
  if (options->json)
    print_fits_json (game, cell, fits, copies);
  else
    print_fits_text (game, cell, fits, copies);
  return EXIT_OK;
}
