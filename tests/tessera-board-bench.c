/* tessera-board-bench.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include <glib/gstdio.h>

#include "tessera-board-view.h"
#include "tessera-random-game.h"
#include "tessera-replay-view.h"
#include "tessera-test-ui.h"

/* How long the board takes to draw with every set in play (about 190 tiles and the wheel
 * board, followers, towers and figures): all of it from its cached nodes, and the frame after a
 * move changed the game (the board's nodes built again); then a replay step with its frame. At
 * 60 frames a second a frame has 16.7 ms. Run under a display: xvfb-run -a tessera-board-bench */

/* The average time of @n_frames frames of the window (before-paint to after-paint), each
 * after the board was told the game changed: all of it built and drawn again. */
static double
frames_after_change (GtkWidget *view,
                     guint      n_frames)
{
  double total = 0;

  for (guint i = 0; i < n_frames; i++)
    {
      double frame_ms = 0;

      tessera_board_view_game_changed (TESSERA_BOARD_VIEW (view));
      g_assert_true (tessera_test_wait_frame (&frame_ms));
      total += frame_ms;
    }
  return total / n_frames;
}

/* The average time to draw the whole board from its cached nodes, as a window uncovered or
 * scrolled needs it: a frame only redraws what changed, so this renders all of it on purpose. */
static double
full_redraws (GtkWidget *view,
              guint      n_frames)
{
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (view));
  int width = gtk_widget_get_width (view);
  int height = gtk_widget_get_height (view);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (view);
  gint64 spent = 0;

  for (guint i = 0; i < n_frames; i++)
    {
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      g_autoptr(GdkTexture) texture = NULL;
      gint64 start;

      gtk_widget_queue_draw (view);
      g_assert_true (tessera_test_wait_frame (NULL));
      start = g_get_monotonic_time ();
      gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      g_assert_nonnull (node);
      texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
      spent += g_get_monotonic_time () - start;
    }
  return spent / 1000.0 / n_frames;
}

/* A replay step: one event forward or back on a game of about a hundred events, and the frame
 * that shows it: the board, scores, log and chart shown again, the window laid out, drawn and
 * rendered (the frame clock's before-paint to after-paint). */
static void
bench_replay (void)
{
  static const char * const sets[] = { "wheel-of-fortune", "tower", "mage-witch", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("tessera-board-bench-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "history.db", NULL);
  g_autoptr(TesseraStore) store = tessera_store_open (path, &error);
  g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (31, 3, sets);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *replay = tessera_replay_view_new ();
  gboolean already;
  gint64 game_id;
  guint n_steps = 60, n_slow = 0;
  double total = 0, worst = 0, updating = 0;

  g_assert_no_error (error);
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  gtk_window_set_child (GTK_WINDOW (window), replay);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tessera_replay_view_load (TESSERA_REPLAY_VIEW (replay), store, game_id, &error));
  tessera_test_time_frames (window);
  tessera_replay_view_set_position (TESSERA_REPLAY_VIEW (replay), record->events->len / 2);
  for (guint i = 0; i < 10; i++)
    tessera_test_wait_frame (NULL);

  for (guint i = 0; i < n_steps; i++)
    {
      guint position = tessera_replay_view_get_position (TESSERA_REPLAY_VIEW (replay));
      gint64 step_start = g_get_monotonic_time ();
      double update_ms, frame_ms = 0;

      tessera_replay_view_set_position (TESSERA_REPLAY_VIEW (replay), i % 2 == 0 ? position + 1 : position - 1);
      update_ms = (g_get_monotonic_time () - step_start) / 1000.0;
      g_assert_true (tessera_test_wait_frame (&frame_ms));
      updating += update_ms;
      total += update_ms + frame_ms;
      worst = MAX (worst, update_ms + frame_ms);
      if (update_ms + frame_ms > 16.67)
        n_slow++;
    }
  g_print ("replay step, %u-event game (the step and its frame): %.2f ms on average, %.2f ms at worst, "
           "%u of %u over 16.67 ms; the step itself %.2f ms\n",
           record->events->len, total / n_steps, worst, n_slow, n_steps, updating / n_steps);

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&store);
  tessera_test_remove_history (path);
  g_rmdir (folder);
}

int
main (int   argc,
      char *argv[])
{
  static const char * const sets[] = { "base", "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *window, *view;
  gint64 until;

  if (!gtk_init_check ())
    {
      g_printerr ("tessera-board-bench: no display; run it under xvfb-run -a\n");
      return 77;
    }
  adw_init ();

  record = tessera_random_game_with_sets (20261122, 4, sets);
  game = tessera_game_new_from_record (record, record->events->len, &error);
  g_assert_no_error (error);

  window = gtk_window_new ();
  view = tessera_board_view_new ();
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  tessera_board_view_set_game (TESSERA_BOARD_VIEW (view), game);
  gtk_window_present (GTK_WINDOW (window));
  until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while ((!gtk_widget_get_mapped (view) || gtk_widget_get_width (view) == 0) && g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  tessera_board_view_fit (TESSERA_BOARD_VIEW (view));
  /* Shown for real first: the paintable of a widget not yet drawn draws nothing. */
  tessera_test_time_frames (window);
  for (guint i = 0; i < 5; i++)
    {
      gtk_widget_queue_draw (view);
      g_assert_true (tessera_test_wait_frame (NULL));
    }
  frames_after_change (view, 5);

  g_print ("board of %u tiles, %d x %d pixels\n", tessera_board_get_n_tiles (tessera_game_get_board (game)),
           gtk_widget_get_width (view), gtk_widget_get_height (view));
  g_print ("the whole board drawn from its cached nodes: %.2f ms\n", full_redraws (view, 60));
  g_print ("a frame after a move (the board built and drawn again): %.2f ms\n", frames_after_change (view, 30));
  g_print ("a frame at 60 frames a second: 16.67 ms\n");

  gtk_window_destroy (GTK_WINDOW (window));
  bench_replay ();
  return 0;
}
