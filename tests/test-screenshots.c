/* test-screenshots.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tessera-test-ui.h"
#include "tessera-random-game.h"
#include "tessera-replay-view.h"
#include "tessera-tiles-left-window.h"
#include "tessera-window.h"

/* The screenshots of the software centres (data/screenshots, named in the metainfo), taken
 * from the real window at 1280x800 over a history of a few generated games: the start page,
 * a game in progress with its scoreboard, a replay with its score chart, the same game
 * reviewed, the history and the Tiles Left window; and the game on a phone, at 360x720. Each one must come out at its size
 * and not blank.
 *
 * They land in TESSERA_SCREENSHOT_DIR (meson test: the build directory's metainfo-screenshots
 * folder). `ninja -C _build update-screenshots` takes them into data/screenshots instead. */

#define WIDTH  1280
#define HEIGHT 800
/* A phone held upright. */
#define PHONE_WIDTH  360
#define PHONE_HEIGHT 720
/* The window's frame takes a few pixels of its default size. */
#define MIN_WIDTH  (WIDTH - 20)
#define MIN_HEIGHT (HEIGHT - 20)

static TesseraApplication *app;
static gint64 finished_id;
static gint64 unfinished_id;
static char *next_tile;

static void
activate (GtkWidget  *widget,
          const char *action,
          GVariant   *parameter)
{
  g_assert_true (gtk_widget_activate_action_variant (widget, action, parameter));
  tessera_test_settle (2);
}

/* Saves @widget as @name and reads the file back: it has @widget's size (at least
 * @min_width x @min_height) and is a picture, not a blank or a single colour. */
static void
take (GtkWidget  *widget,
      const char *name,
      int         min_width,
      int         min_height)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("TESSERA_SCREENSHOT_DIR"), name, NULL);
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);
  g_autofree guchar *pixels = NULL;
  int width, height;

  g_remove (path);
  tessera_test_save_screenshot (widget, name);
  texture = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  g_assert_cmpint (width, >=, min_width);
  g_assert_cmpint (height, >=, min_height);
  pixels = g_malloc ((gsize) width * height * 4);
  gdk_texture_download (texture, pixels, (gsize) width * 4);
  for (int i = 0; i < width * height; i += 7)
    {
      guint32 pixel;

      memcpy (&pixel, pixels + (gsize) i * 4, sizeof pixel);
      g_hash_table_add (colours, GUINT_TO_POINTER (pixel));
    }
  /* A page of text and pictures has thousands of colours with its antialiasing. */
  g_test_message ("%s: %dx%d, %u colours sampled", name, width, height, g_hash_table_size (colours));
  g_assert_cmpuint (g_hash_table_size (colours), >, 200);
}

/* One window for every picture, moved between its pages as a player does. */
static TesseraWindow *
get_window (void)
{
  static TesseraWindow *window;

  if (window == NULL)
    {
      window = tessera_window_new (app);
      gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
      gtk_window_present (GTK_WINDOW (window));
    }
  return window;
}

static void
test_start (void)
{
  TesseraWindow *window = get_window ();

  tessera_window_show_start (window);
  take (GTK_WIDGET (window), "start.png", MIN_WIDTH, MIN_HEIGHT);
}

/* The game in progress, with the next tile chosen: the board lights the cells where it fits. */
static void
test_game (void)
{
  g_autoptr(GError) error = NULL;
  TesseraWindow *window = get_window ();
  TesseraGameView *view;
  TesseraGame *game;
  g_autoptr(TesseraRecord) record = NULL;

  g_assert_true (tessera_window_resume_game (window, unfinished_id, &error));
  g_assert_no_error (error);
  view = tessera_window_get_game_view (window);
  game = tessera_game_view_get_game (view);
  record = tessera_store_load_record (tessera_application_get_store (app, NULL), unfinished_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tessera_game_get_n_events (game), ==, record->events->len);

  activate (GTK_WIDGET (view), "game.choose-tile", g_variant_new_string (next_tile));
  g_assert_cmpstr (tessera_turn_get_entry (tessera_game_view_get_turn (view))->id, ==, next_tile);
  take (GTK_WIDGET (window), "game.png", MIN_WIDTH, MIN_HEIGHT);

  activate (GTK_WIDGET (view), "game.show-tiles-left", NULL);
  {
    GtkWindow *tiles_left = tessera_test_find_toplevel (TESSERA_TYPE_TILES_LEFT_WINDOW);

    g_assert_nonnull (tiles_left);
    take (GTK_WIDGET (tiles_left), "tiles-left.png", 300, 300);
    gtk_window_destroy (tiles_left);
  }
}

/* A finished game replayed two thirds of the way through, with the score chart. */
static void
test_replay (void)
{
  g_autoptr(GError) error = NULL;
  TesseraWindow *window = get_window ();
  TesseraReplayView *replay;

  g_assert_true (tessera_window_open_replay (window, finished_id, &error));
  g_assert_no_error (error);
  replay = tessera_window_get_replay_view (window);
  tessera_replay_view_set_position (replay, tessera_replay_view_get_n_events (replay) * 2 / 3);
  take (GTK_WIDGET (window), "replay.png", MIN_WIDTH, MIN_HEIGHT);
}

/* The same game reviewed: the move that gave most away, its best turn on the board, the chart
 * of expected final scores and each player's accuracy, points lost and luck. */
static void
test_review (void)
{
  g_autoptr(GError) error = NULL;
  TesseraWindow *window = get_window ();
  TesseraReplayView *replay;
  const TesseraReviewTurn *turns;
  const TesseraReviewTurn *worst = NULL;
  guint n_turns;

  g_assert_true (tessera_window_open_replay (window, finished_id, &error));
  g_assert_no_error (error);
  replay = tessera_window_get_replay_view (window);
  activate (GTK_WIDGET (replay), "replay.review", NULL);
  for (guint i = 0; i < 1200 && tessera_replay_view_get_review (replay) == NULL; i++)
    tessera_test_settle (50);
  g_assert_nonnull (tessera_replay_view_get_review (replay));
  turns = tessera_review_get_turns (tessera_replay_view_get_review (replay), &n_turns);
  for (guint i = 0; i < n_turns; i++)
    if (worst == NULL || turns[i].best - turns[i].made > worst->best - worst->made)
      worst = &turns[i];
  g_assert_nonnull (worst);
  tessera_replay_view_set_position (replay, worst->event + 1);
  activate (GTK_WIDGET (replay), "replay.show-best", NULL);
  take (GTK_WIDGET (window), "review.png", MIN_WIDTH, MIN_HEIGHT);
  /* The next screenshots show the replay as it was. */
  activate (GTK_WIDGET (replay), "replay.review", NULL);
}

static void
test_history (void)
{
  TesseraWindow *window = get_window ();

  tessera_window_show_history (window);
  take (GTK_WIDGET (window), "history.png", MIN_WIDTH, MIN_HEIGHT);
}

/* The game in progress on a phone held upright: the board over the turn card, the tile placed
 * and its follower spots shown. Last: it leaves the window narrow. */
static void
test_phone (void)
{
  g_autoptr(GError) error = NULL;
  TesseraWindow *window = get_window ();
  TesseraGameView *view;
  const TesseraPlacement *placements;
  guint n_placements;

  gtk_window_set_default_size (GTK_WINDOW (window), PHONE_WIDTH, PHONE_HEIGHT);
  g_assert_true (tessera_window_resume_game (window, unfinished_id, &error));
  g_assert_no_error (error);
  view = tessera_window_get_game_view (window);
  activate (GTK_WIDGET (view), "game.choose-tile", g_variant_new_string (next_tile));
  placements = tessera_turn_get_placements (tessera_game_view_get_turn (view), &n_placements);
  g_assert_cmpuint (n_placements, >, 0);
  activate (GTK_WIDGET (view), "game.place",
            g_variant_new ("(iiu)", placements[0].cell.x, placements[0].cell.y,
                           placements[0].rotation * 90));
  take (GTK_WIDGET (window), "game-phone.png", PHONE_WIDTH - 20, PHONE_HEIGHT - 20);
}

/* A history as a family's after a few game nights: finished games with every box, and one
 * game in progress. */
static void
fill_history (void)
{
  static const char * const wheel_tower[] = { "wheel-of-fortune", "tower", NULL };
  static const char * const sets[][4] = {
    { "base", NULL },
    { "wheel-of-fortune", NULL },
    { "base", "tower", NULL },
    { "wheel-of-fortune", "mage-witch", NULL },
    { "base", "crop-circles", NULL },
    { "wheel-of-fortune", "tower", NULL },
    { "base", "mage-witch", NULL },
    { "wheel-of-fortune", "tower", "mage-witch", NULL },
  };
  g_autoptr(GError) error = NULL;
  TesseraStore *store = tessera_application_get_store (app, &error);
  g_autoptr(TesseraRecord) unfinished = tessera_random_game_with_sets (29, 3, wheel_tower);
  gboolean already;
  guint cut = 30;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (20 + i, 2 + i % 4, sets[i]);
      gint64 id = tessera_store_import_record (store, record, &already, &error);

      g_assert_no_error (error);
      /* The replay shows three players with the wheel and the tower: lines far enough apart. */
      if (i == 5)
        finished_id = id;
    }
  /* Some thirty moves in, before a tile is placed: a board that fills the view, most of the box
   * left, and the tile drawn next to show where it fits. */
  while (((const TesseraEvent *) g_ptr_array_index (unfinished->events, cut))->kind != TESSERA_EVENT_TURN)
    cut++;
  next_tile = g_strdup (((const TesseraEvent *) g_ptr_array_index (unfinished->events, cut))->tile);
  g_ptr_array_set_size (unfinished->events, cut);
  unfinished_id = tessera_store_import_record (store, unfinished, &already, &error);
  g_assert_no_error (error);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *scratch_dir = NULL;
  g_autofree char *history = NULL;
  const char *folder = g_getenv ("TESSERA_SCREENSHOT_DIR");
  int status;

  app = tessera_test_ui_init (&argc, &argv, "tessera-screenshots", &scratch_dir);
  if (app == NULL)
    return g_test_run ();
  g_assert_nonnull (folder);
  /* Still pictures: a page switched to is shown at once, not half way through a crossfade. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);
  fill_history ();

  g_test_add_func ("/screenshots/start", test_start);
  g_test_add_func ("/screenshots/game", test_game);
  g_test_add_func ("/screenshots/replay", test_replay);
  g_test_add_func ("/screenshots/review", test_review);
  g_test_add_func ("/screenshots/history", test_history);
  g_test_add_func ("/screenshots/phone", test_phone);
  status = g_test_run ();

  g_clear_object (&app);
  history = g_build_filename (scratch_dir, "history.db", NULL);
  tessera_test_remove_history (history);
  g_rmdir (scratch_dir);
  g_free (next_tile);
  return status;
}
