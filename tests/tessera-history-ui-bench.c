/* tessera-history-ui-bench.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdlib.h>

#include "tessera-application.h"
#include "tessera-bench-history.h"
#include "tessera-test-ui.h"
#include "tessera-window.h"

/* How fast the archive opens and scrolls over a big history (10,000 generated games unless
 * --games N says otherwise): the time from the History action to the first frame that shows
 * the page, and the time each frame takes while the list scrolls, a row at a time and a page
 * at a time (from the frame clock's before-paint to its after-paint: update, layout, drawing).
 * At 60 frames a second a frame has 16.7 ms. Run under a display: xvfb-run -a. With
 * --history FILE the history is kept in FILE and used again by the next run (building it takes
 * half a minute). */

/* The list's scroll bar (the menus of the filters have their own). */
static GtkAdjustment *
find_vadjustment (GtkWidget *widget)
{
  if (GTK_IS_SCROLLED_WINDOW (widget) && gtk_widget_has_css_class (widget, "history-scroller"))
    return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkAdjustment *found = find_vadjustment (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

int
main (int   argc,
      char *argv[])
{
  static const char * const history_files[] = { "", "-wal", "-shm", "-journal" };
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *path = NULL;
  g_autoptr(TesseraApplication) app = NULL;
  g_autoptr(GPtrArray) games = NULL;
  TesseraWindow *window;
  TesseraHistoryPage *page;
  GtkAdjustment *adjustment;
  guint n_games = 10000;
  gint64 start;
  double open_ms, worst = 0, total = 0, list_ms, reload_ms, frame_ms, players_ms, profile_ms, profile_load_ms;
  guint n_steps = 0, n_slow = 0;
  const char *kept = NULL;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--games") && i + 1 < argc)
        {
          int value = atoi (argv[++i]);

          n_games = (guint) MAX (1, value);
        }
      else if (g_str_equal (argv[i], "--history") && i + 1 < argc)
        kept = argv[++i];
      else
        {
          g_printerr ("Usage: tessera-history-ui-bench [--games N] [--history FILE]\n");
          return 2;
        }
    }
  if (!gtk_init_check ())
    {
      g_printerr ("tessera-history-ui-bench: no display; run it under xvfb-run -a\n");
      return 77;
    }
  adw_init ();
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  if (kept != NULL)
    path = g_strdup (kept);
  else
    {
      folder = g_dir_make_tmp ("tessera-history-bench-XXXXXX", &error);
      g_assert_no_error (error);
      path = g_build_filename (folder, "history.db", NULL);
    }
  g_setenv ("TESSERA_HISTORY_DB", path, TRUE);
  if (kept == NULL || !g_file_test (kept, G_FILE_TEST_EXISTS))
    tessera_bench_fill_history (path, n_games);

  app = tessera_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  /* What the page does before it can draw: the store's list, then the items and filters. */
  start = g_get_monotonic_time ();
  games = tessera_store_list_games (tessera_application_get_store (app, NULL), &error);
  g_assert_no_error (error);
  list_ms = (g_get_monotonic_time () - start) / 1000.0;
  if (kept != NULL)
    n_games = games->len;
  g_assert_cmpuint (games->len, ==, n_games);

  window = tessera_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  page = tessera_window_get_history_page (window);
  tessera_test_time_frames (GTK_WIDGET (window));
  for (guint i = 0; i < 30; i++)
    {
      gtk_widget_queue_draw (GTK_WIDGET (window));
      tessera_test_wait_frame (NULL);
    }

  /* Ctrl+H on the start page, to the first frame with the archive on it. */
  start = g_get_monotonic_time ();
  g_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-history", NULL));
  while (tessera_test_wait_frame (NULL) && !gtk_widget_get_mapped (GTK_WIDGET (page)))
    ;
  open_ms = (g_get_monotonic_time () - start) / 1000.0;
  g_assert (g_list_model_get_n_items (tessera_history_page_get_games (page)) == n_games);

  /* Shown again (a game ended): the list read anew. */
  start = g_get_monotonic_time ();
  tessera_window_show_history (window);
  reload_ms = (g_get_monotonic_time () - start) / 1000.0;

  for (guint i = 0; i < 30; i++)
    {
      gtk_widget_queue_draw (GTK_WIDGET (window));
      tessera_test_wait_frame (NULL);
    }
  adjustment = find_vadjustment (GTK_WIDGET (page));
  g_assert (adjustment != NULL);

  /* Scrolling: 300 steps of a row (what a wheel notch does), then 100 of a page. */
  for (guint pass = 0; pass < 2; pass++)
    {
      double step = pass == 0 ? 60 : gtk_adjustment_get_page_size (adjustment);
      guint n = pass == 0 ? 300 : 100;
      double pass_worst = 0, pass_total = 0;

      for (guint i = 0; i < n; i++)
        {
          double value = gtk_adjustment_get_value (adjustment) + step;

          /* At the end of a short history, from the top again. */
          if (value > gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment))
            value = 0;
          gtk_adjustment_set_value (adjustment, value);
          if (!tessera_test_wait_frame (&frame_ms))
            continue;
          pass_worst = MAX (pass_worst, frame_ms);
          pass_total += frame_ms;
          if (frame_ms > 16.67)
            n_slow++;
          n_steps++;
        }
      g_print ("scroll a %s: %6.2f ms per frame on average, %6.2f ms at worst (%u frames)\n",
               pass == 0 ? "row " : "page", pass_total / n, pass_worst, n);
      worst = MAX (worst, pass_worst);
      total += pass_total;
    }

  /* The players page (everyone's figures), then a profile opened from it, each to its first
   * frame. */
  start = g_get_monotonic_time ();
  g_assert (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-players", NULL));
  while (tessera_test_wait_frame (NULL) && !gtk_widget_get_mapped (GTK_WIDGET (tessera_window_get_players_page (window))))
    ;
  players_ms = (g_get_monotonic_time () - start) / 1000.0;
  start = g_get_monotonic_time ();
  g_signal_emit_by_name (tessera_window_get_players_page (window), "player-activated", "Anna");
  profile_load_ms = (g_get_monotonic_time () - start) / 1000.0;
  while (tessera_test_wait_frame (NULL) && !gtk_widget_get_mapped (GTK_WIDGET (tessera_window_get_player_profile (window))))
    ;
  profile_ms = (g_get_monotonic_time () - start) / 1000.0;
  g_assert_cmpstr (tessera_player_profile_get_name (tessera_window_get_player_profile (window)), ==, "Anna");

  /* Under Xvfb the GL renderer draws in software (llvmpipe): GSK_RENDERER=cairo is closer to
   * what the drawing costs on a real display. */
  g_print ("renderer: %s\n", G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window))));
  g_print ("the store lists %u games:             %8.2f ms\n", n_games, list_ms);
  g_print ("open the archive (Ctrl+H to the first frame): %8.2f ms (goal: 200 ms)\n", open_ms);
  g_print ("show it again (list read anew):      %8.2f ms\n", reload_ms);
  g_print ("open the players page:               %8.2f ms\n", players_ms);
  g_print ("open a profile from it (to its frame): %8.2f ms (goal: 100 ms), of which reading and filling it %.2f ms\n",
           profile_ms, profile_load_ms);
  g_print ("scrolling: %.2f ms per frame on average, %.2f ms at worst; %u of %u frames over 16.67 ms\n",
           total / MAX (n_steps, 1), worst, n_slow, n_steps);

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  if (folder == NULL)
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (history_files); i++)
    {
      g_autofree char *file = g_strconcat (path, history_files[i], NULL);

      g_remove (file);
    }
  g_rmdir (folder);
  return 0;
}
