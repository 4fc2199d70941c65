/* test-closing.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "tessera-test-ui.h"
#include "tessera-application.h"
#include "tessera-random-game.h"
#include "tessera-test-turn.h"
#include "tessera-window.h"

/* Windows and dialogs closed while something in them still moves: a toast sliding in or out,
 * the board zooming to its spots, a dialog that has only just opened. On a slow machine a
 * person closes a dialog before its first frames, and libadwaita 1.2 has freed an animation's
 * data under it before (a toast dismissed while it still slid in: fixed in libadwaita 1.3). Each
 * case is closed after a range of waits, from within the same main-loop turn to after the
 * animation ended; the sanitizer build of build-aux/check finds any use of freed memory. */

static TesseraApplication *app;

/* At once, within the first frame, halfway through an animation (a toast slides in for 300 ms,
 * one in place of another for 500 ms, the zoom takes 250 ms) and after it. */
static const guint waits_ms[] = { 0, 8, 150, 600 };

static void
activate (GtkWidget  *widget,
          const char *action,
          GVariant   *parameter)
{
  g_assert_true (gtk_widget_activate_action_variant (widget, action, parameter));
}

/* The game every case plays in: the wheel, the tower and the mage, 8 moves in. */
static TesseraWindow *
open_game_window (TesseraRecord **record_out)
{
  static const char * const sets[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
  g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (31, 3, sets);
  g_autoptr(TesseraRecord) header = tessera_record_copy_header (record);
  g_autoptr(GError) error = NULL;
  TesseraWindow *window = tessera_window_new (app);
  TesseraGameView *view = tessera_window_get_game_view (window);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tessera_window_start_game (window, header, FALSE, &error));
  g_assert_no_error (error);
  for (guint done = 0; done < 8; done++)
    {
      TesseraGame *game = tessera_game_view_get_game (view);
      const TesseraEvent *event = g_ptr_array_index (record->events, tessera_game_get_n_events (game));

      if (event->kind != TESSERA_EVENT_TURN && event->kind != TESSERA_EVENT_DISCARD)
        break;
      tessera_test_enter_turn (&tessera_test_turn_direct, tessera_game_view_get_turn (view),
                               tessera_game_view_get_turn (view), game, event);
      activate (GTK_WIDGET (view), "game.confirm", NULL);
    }
  tessera_test_settle (100);
  if (record_out != NULL)
    *record_out = g_steal_pointer (&record);
  return window;
}

static guint
count_toplevels (void)
{
  guint n = 0;
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      n += gtk_widget_get_visible (window);
    }
  return n;
}

/* Closes every shown window that was not among @before, as Ctrl+W does (GtkWindow's
 * window.close action, which the close button activates too). */
static void
close_new_windows (GPtrArray *before)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  g_autoptr(GPtrArray) opened = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      GtkWidget *window = g_list_model_get_item (toplevels, i);

      if (gtk_widget_get_visible (window) && !g_ptr_array_find (before, window, NULL))
        g_ptr_array_add (opened, window);
      else
        g_object_unref (window);
    }
  for (guint i = 0; i < opened->len; i++)
    g_assert_true (gtk_widget_activate_action (g_ptr_array_index (opened, i), "window.close", NULL));
}

static GPtrArray *
list_windows (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GPtrArray *windows = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    g_ptr_array_add (windows, g_list_model_get_item (toplevels, i));
  return windows;
}

/* Each dialog and window a game opens, closed with Ctrl+W's action after each wait: the score
 * correction (its entry rows animate their titles), Tiles Left, the table view, New Game and
 * About. The game window is as it was after each. */
static void
test_dialogs (void)
{
  static const char * const actions[] = {
    "game.adjust", "game.show-tiles-left", "game.table-view", "win.new-game", "app.about",
  };
  TesseraWindow *window = open_game_window (NULL);
  guint n_before = count_toplevels ();
  g_auto(GStrv) close_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "window.close");

  /* Ctrl+W closes whatever window it is pressed in. */
  g_assert_cmpuint (g_strv_length (close_accels), ==, 1);
  g_assert_cmpstr (close_accels[0], ==, "<Control>w");

  /* Past the first frames nothing of a dialog moves any more: the last wait is left out. */
  for (guint a = 0; a < G_N_ELEMENTS (actions); a++)
    for (guint w = 0; w + 1 < G_N_ELEMENTS (waits_ms); w++)
      {
        g_autoptr(GPtrArray) before = list_windows ();

        activate (GTK_WIDGET (tessera_window_get_game_view (window)), actions[a], NULL);
        if (waits_ms[w] > 0)
          tessera_test_settle (waits_ms[w]);
        g_assert_cmpuint (count_toplevels (), ==, n_before + 1);
        close_new_windows (before);
        tessera_test_settle (waits_ms[w]);
        g_assert_cmpuint (count_toplevels (), ==, n_before);
        g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
      }
  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}

/* A toast, then a second one replacing it, then the window closed: each after each wait. */
static void
test_toasts (void)
{
  for (guint w = 0; w < G_N_ELEMENTS (waits_ms); w++)
    {
      TesseraWindow *window = open_game_window (NULL);

      /* The second toast comes as the first slides in, and the window goes as the second
       * would replace it: each wait is the next one in the list for the other. */
      tessera_window_show_toast (window, "First");
      tessera_test_settle (waits_ms[w]);
      tessera_window_show_toast (window, "Second");
      tessera_test_settle (waits_ms[(w + 1) % G_N_ELEMENTS (waits_ms)]);
      gtk_window_close (GTK_WINDOW (window));
      tessera_test_settle (20);
    }
  tessera_test_settle (700);
}

/* A tile placed on a board shown small: the board zooms in to make its spots big enough to
 * click, and the window closes during that. */
static void
test_zoom (void)
{
  for (guint w = 0; w < G_N_ELEMENTS (waits_ms); w++)
    {
      g_autoptr(TesseraRecord) record = NULL;
      TesseraWindow *window = open_game_window (&record);
      TesseraGameView *view = tessera_window_get_game_view (window);
      TesseraGame *game = tessera_game_view_get_game (view);
      const TesseraEvent *event = g_ptr_array_index (record->events, tessera_game_get_n_events (game));
      TesseraBoardView *board = tessera_game_view_get_board_view (view);

      g_assert_cmpint (event->kind, ==, TESSERA_EVENT_TURN);
      tessera_board_view_fit (board);
      tessera_test_settle (400);
      activate (GTK_WIDGET (view), "game.choose-tile", g_variant_new_string (event->tile));
      activate (GTK_WIDGET (view), "game.place",
                g_variant_new ("(iiu)", event->at.x, event->at.y, (guint) event->rotation));
      tessera_test_settle (waits_ms[w]);
      gtk_window_close (GTK_WINDOW (window));
      tessera_test_settle (20);
    }
  tessera_test_settle (700);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *scratch_dir = NULL;
  int status;

  app = tessera_test_ui_init (&argc, &argv, "tessera-closing", &scratch_dir);
  if (app == NULL)
    return g_test_run ();

  g_test_add_func ("/closing/dialogs", test_dialogs);
  g_test_add_func ("/closing/toasts", test_toasts);
  g_test_add_func ("/closing/zoom", test_zoom);
  status = g_test_run ();

  g_clear_object (&app);
  {
    g_autofree char *history = g_build_filename (scratch_dir, "history.db", NULL);

    tessera_test_remove_history (history);
  }
  g_rmdir (scratch_dir);
  return status;
}
