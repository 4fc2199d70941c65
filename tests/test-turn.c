/* test-turn.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "tessera-test-turn.h"
#include "tessera-test-utils.h"

/* Every move of every fixture record is entered again through the turn the app asks its
 * questions with: the drawn tile, each Plague choice, the placement, the mage or witch, the
 * follower, crown, tower floor, capture or tower top, the crop circle's choice and moves. At every
 * step the recorded choice must be among the markers offered, and the move built from the
 * answers must leave the game exactly as the record's own move does. */

static const char * const record_dirs[] = { "base", "wheel", "tower", "magic", "crop" };

/* The game's state as tessera_test_describe_game() tells it, less the figures' segments. */
static char *
describe_without_figures (TesseraGame *game)
{
  g_autofree char *state = tessera_test_describe_game (game);
  g_auto(GStrv) lines = g_strsplit (state, "\n", -1);
  g_autoptr(GString) kept = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (!g_str_has_prefix (lines[i], "magic "))
      g_string_append_printf (kept, "%s\n", lines[i]);
  return g_string_free (g_steal_pointer (&kept), FALSE);
}

static void
test_record (gconstpointer data)
{
  const char *path = data;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *file = g_path_get_basename (path);
  g_autoptr(TesseraRecord) record = tessera_test_load_record (dir, file, NULL);
  guint n_entered = 0;

  for (guint i = 0; i < record->events->len; i++)
    {
      const TesseraEvent *event = g_ptr_array_index (record->events, i);
      g_autoptr(TesseraGame) game = NULL;
      g_autoptr(TesseraGame) expected = NULL;
      g_autofree char *entered_state = NULL;
      g_autofree char *expected_state = NULL;

      if (event->kind != TESSERA_EVENT_TURN && event->kind != TESSERA_EVENT_DISCARD)
        continue;
      /* Some fixtures end with a move the rules refuse: the turn is checked up to there. */
      expected = tessera_game_new_from_record (record, i + 1, NULL);
      if (expected == NULL)
        break;
      game = tessera_game_new_from_record (record, i, NULL);
      g_assert_nonnull (game);

      {
        g_autoptr(TesseraTurn) turn = tessera_turn_new (game);
        g_autoptr(TesseraEvent) built = NULL;
        g_autoptr(GError) error = NULL;

        g_auto(TesseraPreview) preview;
        g_autoptr(TesseraGame) before = NULL;

        tessera_test_enter_turn (&tessera_test_turn_direct, turn, turn, game, event);
        /* What the turn will do, said before it is confirmed, is what it then does. */
        tessera_preview_init (&preview);
        g_assert_true (tessera_turn_preview (turn, &preview, &error));
        g_assert_no_error (error);
        before = tessera_game_copy (game);
        built = tessera_turn_build_event (turn);
        tessera_game_apply (game, built, &error);
        g_assert_no_error (error);
        tessera_test_check_preview (&preview, before, game);
      }
      entered_state = describe_without_figures (game);
      expected_state = describe_without_figures (expected);
      g_assert_cmpstr (entered_state, ==, expected_state);
      /* The mage and witch stand in a feature: any of its segments names the same place. */
      for (int figure = TESSERA_MAGIC_MAGE; figure <= TESSERA_MAGIC_WITCH; figure++)
        {
          int entered = tessera_game_get_magic_segment (game, figure);
          int wanted = tessera_game_get_magic_segment (expected, figure);

          g_assert_cmpint (entered < 0, ==, wanted < 0);
          if (entered >= 0)
            g_assert_cmpuint (tessera_board_find (tessera_game_get_board (game), (guint) entered), ==,
                              tessera_board_find (tessera_game_get_board (expected), (guint) wanted));
        }
      n_entered++;
    }
  g_assert_cmpuint (n_entered, >, 0);
}

/* Red's knight goes on the city it completes: the preview scores the 4 points and shows the
 * knight placed on the new tile and home again at once, though the board before and after has
 * no follower. */
static void
test_preview_placed_and_returned (void)
{
  g_autoptr(TesseraRecord) record = tessera_test_load_record ("base", "e06a-deploy-score-return-city-4.json", NULL);
  g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, 0, NULL);
  TesseraEvent *event = g_ptr_array_index (record->events, 0);
  g_autoptr(GError) error = NULL;
  g_auto(TesseraPreview) preview;
  const TesseraPieceChange *change;
  guint n_pieces;

  tessera_preview_init (&preview);
  g_assert_true (tessera_game_preview (game, event, &preview, &error));
  g_assert_no_error (error);
  g_assert_cmpint (preview.points[0], ==, 4);
  g_assert_cmpint (preview.points[1], ==, 0);
  g_assert_cmpuint (preview.pieces->len, ==, 1);
  change = &g_array_index (preview.pieces, TesseraPieceChange, 0);
  g_assert_cmpint (change->fate, ==, TESSERA_PIECE_RETURNED);
  g_assert_cmpuint (change->piece.player, ==, 0);
  g_assert_cmpint (change->piece.kind, ==, TESSERA_FEATURE_CITY);
  g_assert_cmpint (change->piece.cell.x, ==, 0);
  g_assert_cmpint (change->piece.cell.y, ==, -1);
  /* The game as the move leaves it, and the game itself unchanged. */
  g_assert_nonnull (preview.after);
  g_assert_cmpint (tessera_game_get_score (preview.after, 0), ==, 4);
  tessera_game_get_pieces (preview.after, &n_pieces);
  g_assert_cmpuint (n_pieces, ==, 0);
  g_assert_cmpint (tessera_game_get_score (game, 0), ==, 0);
  g_assert_cmpuint (tessera_board_get_n_tiles (tessera_game_get_board (game)), ==, 1);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/turn/preview/placed-and-returned", test_preview_placed_and_returned);

  for (guint d = 0; d < G_N_ELEMENTS (record_dirs); d++)
    {
      g_autofree char *folder = g_test_build_filename (G_TEST_DIST, "records", record_dirs[d], NULL);
      g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
      g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      g_assert_nonnull (dir);
      while ((name = g_dir_read_name (dir)) != NULL)
        if (g_str_has_suffix (name, ".json"))
          g_ptr_array_add (files, g_strdup (name));
      g_ptr_array_sort (files, compare_names);
      for (guint i = 0; i < files->len; i++)
        {
          char *path = g_build_filename (record_dirs[d], g_ptr_array_index (files, i), NULL);
          g_autofree char *base = g_strndup (path, strlen (path) - strlen (".json"));
          g_autofree char *test_name = g_strdup_printf ("/turn/%s", base);

          g_test_add_data_func_full (test_name, path, test_record, g_free);
        }
    }
  return g_test_run ();
}
