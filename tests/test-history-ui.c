/* test-history-ui.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera-test-ui.h"
#include "tessera-application.h"
#include "tessera-bgstats-send.h"
#include "tessera-history-row.h"
#include "tessera-set-tags.h"
#include "tessera-start-page.h"
#include "tessera-new-game-window.h"
#include "tessera-random-game.h"
#include "tessera-window.h"

#ifdef TESSERA_TEST_XTEST
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>
#include <gdk/x11/gdkx.h>

#include "tessera-test-input.h"
#endif

/* The archive in a real window, over a generated history: what it lists is checked against the
 * store game by game, through its search, filters, deletion with undo, exports and the way it
 * opens games. Screenshots of the archive, filtered and empty, light and dark, land in the
 * build directory to be looked at. */

static TesseraApplication *app;
static char *scratch_dir;

#define N_GAMES 40

/* The same screen in light and in dark. */
static void
save_screenshots (GtkWidget  *widget,
                  const char *name)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  g_autofree char *light = g_strdup_printf ("screenshot-%s.png", name);
  g_autofree char *dark = g_strdup_printf ("screenshot-%s-dark.png", name);

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  tessera_test_save_screenshot (widget, light);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  tessera_test_save_screenshot (widget, dark);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* The window shows @page (a child of its stack), or is on its way to it. */
static gboolean
is_shown (gpointer page)
{
  return gtk_stack_get_visible_child (GTK_STACK (gtk_widget_get_parent (page))) == page;
}

static TesseraStore *
get_store (void)
{
  g_autoptr(GError) error = NULL;
  TesseraStore *store = tessera_application_get_store (app, &error);

  g_assert_no_error (error);
  return store;
}

/* The store's games, read now. */
static GPtrArray *
list_stored (void)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *games = tessera_store_list_games (get_store (), &error);

  g_assert_no_error (error);
  return games;
}

static gboolean
is_stored (gint64 game_id)
{
  g_autoptr(GPtrArray) games = list_stored ();

  for (guint i = 0; i < games->len; i++)
    if (((TesseraGameSummary *) g_ptr_array_index (games, i))->id == game_id)
      return TRUE;
  return FALSE;
}

/* When a game began, as an instant: by "played" when the record says, else as stored. */
static gint64
begun (const TesseraGameSummary *summary)
{
  const char *text = summary->played != NULL && summary->played->start != NULL
                     ? summary->played->start : summary->started;
  g_autoptr(GDateTime) time = g_date_time_new_from_iso8601 (text, NULL);

  g_assert_nonnull (time);
  return g_date_time_to_unix (time);
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  const TesseraGameSummary *first = *(TesseraGameSummary * const *) a;
  const TesseraGameSummary *second = *(TesseraGameSummary * const *) b;
  gint64 first_begun = begun (first), second_begun = begun (second);

  if (first_begun != second_begun)
    return first_begun > second_begun ? -1 : 1;
  return first->id > second->id ? -1 : first->id < second->id;
}

typedef gboolean (*GameTest) (const TesseraGameSummary *summary,
                              gconstpointer             data);

/* The store's games that @test takes, newest first: what the page should list. */
static GPtrArray *
expected_games (GameTest      test,
                gconstpointer data)
{
  g_autoptr(GPtrArray) games = list_stored ();
  GPtrArray *expected = g_ptr_array_new_with_free_func ((GDestroyNotify) tessera_game_summary_free);

  g_ptr_array_set_free_func (games, NULL);
  for (guint i = 0; i < games->len; i++)
    {
      TesseraGameSummary *summary = g_ptr_array_index (games, i);

      if (test == NULL || test (summary, data))
        g_ptr_array_add (expected, summary);
      else
        tessera_game_summary_free (summary);
    }
  g_ptr_array_sort (expected, newest_first);
  return expected;
}

/* The rows are the expected games, in order, with their players, colours and scores. */
static void
assert_rows (TesseraHistoryPage *page,
             GPtrArray          *expected)
{
  GListModel *rows = tessera_history_page_get_games (page);

  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      g_autoptr(TesseraGameItem) item = g_list_model_get_item (rows, i);
      const TesseraGameSummary *shown = tessera_game_item_get_summary (item);
      const TesseraGameSummary *stored = g_ptr_array_index (expected, i);

      g_assert_cmpint (shown->id, ==, stored->id);
      g_assert_cmpstr (shown->state, ==, stored->state);
      g_assert_cmpuint (shown->seats->len, ==, stored->seats->len);
      for (guint s = 0; s < stored->seats->len; s++)
        {
          const TesseraGameSeat *a = &g_array_index (shown->seats, TesseraGameSeat, s);
          const TesseraGameSeat *b = &g_array_index (stored->seats, TesseraGameSeat, s);

          g_assert_cmpstr (a->name, ==, b->name);
          g_assert_cmpstr (a->color, ==, b->color);
          g_assert_cmpint (a->has_result, ==, b->has_result);
          g_assert_cmpint (a->final_score, ==, b->final_score);
          g_assert_cmpuint (a->rank, ==, b->rank);
        }
    }
  g_assert_cmpstr (tessera_history_page_get_visible_state (page), ==, expected->len > 0 ? "list" : "no-match");
}

static void
collect_rows (GtkWidget *widget,
              GPtrArray *rows)
{
  if (TESSERA_IS_HISTORY_ROW (widget))
    {
      if (gtk_widget_get_mapped (widget) && tessera_history_row_get_item (TESSERA_HISTORY_ROW (widget)) != NULL)
        g_ptr_array_add (rows, widget);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_rows (child, rows);
}

/* The rows on screen show games of the list, the first of them among them: a widget per
 * visible row, not per game. */
static void
assert_rows_drawn (TesseraHistoryPage *page)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GListModel *model = tessera_history_page_get_games (page);
  g_autoptr(TesseraGameItem) first = g_list_model_get_item (model, 0);
  gboolean first_drawn = FALSE;

  tessera_test_settle (100);
  collect_rows (GTK_WIDGET (page), rows);
  g_assert_cmpuint (rows->len, >, 0);
  g_assert_cmpuint (rows->len, <=, MIN (g_list_model_get_n_items (model), 60));
  for (guint i = 0; i < rows->len; i++)
    {
      TesseraGameItem *item = tessera_history_row_get_item (g_ptr_array_index (rows, i));
      g_autofree char *description = tessera_game_item_describe (item);
      const TesseraGameSummary *summary = tessera_game_item_get_summary (item);

      if (item == first)
        first_drawn = TRUE;
      /* What a screen reader hears names every player, and the winner as such. */
      for (guint s = 0; s < summary->seats->len; s++)
        {
          const TesseraGameSeat *seat = &g_array_index (summary->seats, TesseraGameSeat, s);

          g_assert_nonnull (strstr (description, seat->name));
          if (seat->has_result && seat->rank == 1)
            {
              g_autofree char *winner = g_strdup_printf ("%s %d, winner", seat->name, seat->final_score);

              g_assert_nonnull (strstr (description, winner));
            }
        }
    }
  g_assert_true (first_drawn);
}

/* The generated history */

static const char * const names[] = { "Anna", "Bram", "Carmen", "Daan", "Eva", "Femke", "Gijs" };
static const char * const places[] = { "Club De Toren, Utrecht", "Café Het Rad, Leiden", "Anna's kitchen" };

static const char * const base_box[] = { "base", NULL };
static const char * const wheel_box[] = { "wheel-of-fortune", NULL };
static const char * const mixed_tower[] = { "base", "wheel-of-fortune", "tower", NULL };
static const char * const wheel_magic[] = { "wheel-of-fortune", "mage-witch", NULL };
static const char * const base_tower[] = { "base", "tower", NULL };
static const char * const everything[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
static const char * const * const boxes[] = { base_box, wheel_box, mixed_tower, wheel_magic, base_tower, everything };

static gint64 in_progress_id;
static gint64 abandoned_id;

/* Game @i: 2 to 5 players of seven, a box of six kinds, played in 2024, 2025 or 2026 at one of
 * three places, or (one in four) with no "played" at all; the last two are left unfinished. */
static TesseraRecord *
make_record (guint i)
{
  g_autoptr(TesseraRecord) setup = tessera_record_new ();
  TesseraRecord *record;
  guint n_players = 2 + i % 4;

  for (guint s = 0; boxes[i % G_N_ELEMENTS (boxes)][s] != NULL; s++)
    g_ptr_array_add (setup->sets, g_strdup (boxes[i % G_N_ELEMENTS (boxes)][s]));
  for (guint p = 0; p < n_players; p++)
    tessera_record_add_player (setup, names[(i + p * 3) % G_N_ELEMENTS (names)], tessera_colors[(i + p) % 5]);
  record = tessera_random_game_from_header (4000 + i, setup);
  if (i % 4 != 3)
    {
      record->played = g_new0 (TesseraPlayed, 1);
      record->played->start = g_strdup_printf ("%d-%02u-%02uT%02u:30:00+01:00", 2024 + (int) (i % 3), 1 + i % 12,
                                               1 + i % 28, 18 + i % 4);
      if (i % 2 == 0)
        record->played->place = g_strdup (places[i % G_N_ELEMENTS (places)]);
    }
  return record;
}

static void
fill_history (void)
{
  TesseraStore *store = get_store ();
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < N_GAMES; i++)
    {
      g_autoptr(TesseraRecord) record = make_record (i);
      gboolean already;
      gint64 id;

      /* The last two stop half way: one is still played, one was given up. */
      if (i >= N_GAMES - 2)
        g_ptr_array_set_size (record->events, record->events->len / 2);
      id = tessera_store_import_record (store, record, &already, &error);
      g_assert_no_error (error);
      g_assert_false (already);
      if (i == N_GAMES - 2)
        in_progress_id = id;
      else if (i == N_GAMES - 1)
        {
          abandoned_id = id;
          g_assert_true (tessera_store_abandon_game (store, id, &error));
          g_assert_no_error (error);
        }
    }
}

/* Filters, as the test checks them */

static gboolean
is_finished (const TesseraGameSummary *summary,
             gconstpointer             data)
{
  return g_str_equal (summary->state, "finished");
}

static gboolean
has_player (const TesseraGameSummary *summary,
            gconstpointer             data)
{
  for (guint s = 0; s < summary->seats->len; s++)
    if (g_str_equal (g_array_index (summary->seats, TesseraGameSeat, s).name, data))
      return TRUE;
  return FALSE;
}

static gboolean
has_set (const TesseraGameSummary *summary,
         gconstpointer             data)
{
  for (guint i = 0; i < summary->sets->len; i++)
    if (g_str_equal (g_ptr_array_index (summary->sets, i), data))
      return TRUE;
  return FALSE;
}

static gboolean
is_mixed (const TesseraGameSummary *summary,
          gconstpointer             data)
{
  return has_set (summary, "base") && has_set (summary, "wheel-of-fortune");
}

static int
year_of (const TesseraGameSummary *summary)
{
  g_autoptr(GDateTime) utc = NULL;
  g_autoptr(GDateTime) local = NULL;

  if (summary->played != NULL && summary->played->start != NULL)
    return atoi (summary->played->start);
  utc = g_date_time_new_from_iso8601 (summary->started, NULL);
  local = g_date_time_to_local (utc);
  return g_date_time_get_year (local);
}

static gboolean
in_year (const TesseraGameSummary *summary,
         gconstpointer             data)
{
  return year_of (summary) == GPOINTER_TO_INT (data);
}

static gboolean
at_place (const TesseraGameSummary *summary,
          gconstpointer             data)
{
  return summary->played != NULL && summary->played->place != NULL && strstr (summary->played->place, data) != NULL;
}

/* "carm" finds Carmen: any case, any part of the name. */
static gboolean
name_holds (const TesseraGameSummary *summary,
            gconstpointer             data)
{
  for (guint s = 0; s < summary->seats->len; s++)
    {
      g_autofree char *name = g_utf8_strdown (g_array_index (summary->seats, TesseraGameSeat, s).name, -1);

      if (strstr (name, data) != NULL)
        return TRUE;
    }
  return FALSE;
}

typedef struct
{
  const char *player;
  const char *set;
  int         year;
} Filters;

static gboolean
all_of (const TesseraGameSummary *summary,
        gconstpointer             data)
{
  const Filters *filters = data;

  return has_player (summary, filters->player) && has_set (summary, filters->set) && year_of (summary) == filters->year;
}

static TesseraWindow *
open_window (int width,
             int height)
{
  TesseraWindow *window = tessera_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  tessera_test_settle (100);
  return window;
}

/* Tests */

static void
test_empty (void)
{
  TesseraWindow *window = open_window (1280, 800);
  TesseraHistoryPage *page = tessera_window_get_history_page (window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-history", NULL));
  g_assert_cmpstr (tessera_history_page_get_visible_state (page), ==, "empty");
  g_assert_cmpuint (g_list_model_get_n_items (tessera_history_page_get_games (page)), ==, 0);
  save_screenshots (GTK_WIDGET (window), "history-empty");

  /* Its button starts a game. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "win.new-game", NULL));
  tessera_test_settle (50);
  g_assert_nonnull (tessera_test_find_toplevel (TESSERA_TYPE_NEW_GAME_WINDOW));
  gtk_window_destroy (tessera_test_find_toplevel (TESSERA_TYPE_NEW_GAME_WINDOW));

  /* Back where it came from. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-history", NULL));
  tessera_test_settle (20);
  g_assert_false (is_shown (page));
  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}

static void
test_archive (void)
{
  TesseraWindow *window;
  TesseraHistoryPage *page;
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GPtrArray) expected = NULL;
  int year = 2025;
  Filters filters = { "Bram", "tower", 2025 };

  fill_history ();
  window = open_window (1280, 800);
  page = tessera_window_get_history_page (window);

  /* The start page leads to every game, and lists the finished ones played last: by when they
   * were played, not by when they came into the history. */
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-history-start-page.png");
  {
    g_autoptr(GPtrArray) finished = expected_games (is_finished, NULL);
    g_autoptr(GArray) recent = tessera_start_page_dup_recent_ids (tessera_window_get_start_page (window));

    g_assert_cmpuint (recent->len, ==, MIN (finished->len, 8));
    for (guint i = 0; i < recent->len; i++)
      g_assert_cmpint (g_array_index (recent, gint64, i), ==,
                       ((TesseraGameSummary *) g_ptr_array_index (finished, i))->id);
  }
  /* Ctrl+H's action, from the start page. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-history", NULL));
  tessera_test_settle (50);
  g_assert_true (is_shown (page));
  all = expected_games (NULL, NULL);
  g_assert_cmpuint (all->len, ==, N_GAMES);
  assert_rows (page, all);
  assert_rows_drawn (page);
  save_screenshots (GTK_WIDGET (window), "history");

  /* Search by a player, by a place. */
  tessera_history_page_set_search (page, "CARM");
  expected = expected_games (name_holds, "carm");
  g_assert_cmpuint (expected->len, >, 0);
  g_assert_cmpuint (expected->len, <, N_GAMES);
  assert_rows (page, expected);
  g_clear_pointer (&expected, g_ptr_array_unref);
  tessera_history_page_set_search (page, "utrecht");
  expected = expected_games (at_place, "Utrecht");
  g_assert_cmpuint (expected->len, >, 0);
  assert_rows (page, expected);
  g_clear_pointer (&expected, g_ptr_array_unref);
  /* Accents need not be typed. */
  tessera_history_page_set_search (page, "cafe");
  expected = expected_games (at_place, "Café");
  g_assert_cmpuint (expected->len, >, 0);
  assert_rows (page, expected);
  g_clear_pointer (&expected, g_ptr_array_unref);
  tessera_history_page_set_search (page, "nobody at all");
  g_assert_cmpstr (tessera_history_page_get_visible_state (page), ==, "no-match");
  save_screenshots (GTK_WIDGET (window), "history-no-match");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.clear-filters", NULL));
  assert_rows (page, all);

  /* Filter by player, by expansion, by year, then all three. */
  g_assert_true (tessera_history_page_set_player_filter (page, "Bram"));
  expected = expected_games (has_player, "Bram");
  assert_rows (page, expected);
  g_clear_pointer (&expected, g_ptr_array_unref);
  g_assert_true (tessera_history_page_set_player_filter (page, NULL));

  g_assert_true (tessera_history_page_set_sets_filter (page, TESSERA_GAME_SETS_TOWER));
  expected = expected_games (has_set, "tower");
  assert_rows (page, expected);
  g_clear_pointer (&expected, g_ptr_array_unref);
  g_assert_true (tessera_history_page_set_sets_filter (page, TESSERA_GAME_SETS_MIXED));
  expected = expected_games (is_mixed, NULL);
  assert_rows (page, expected);
  g_clear_pointer (&expected, g_ptr_array_unref);
  g_assert_true (tessera_history_page_set_sets_filter (page, 0));

  g_assert_true (tessera_history_page_set_year_filter (page, 2026));
  expected = expected_games (in_year, GINT_TO_POINTER (2026));
  assert_rows (page, expected);
  g_clear_pointer (&expected, g_ptr_array_unref);
  /* This year's games with both boxes mixed: the unfinished one among them, with its Resume
   * button. */
  g_assert_true (tessera_history_page_set_sets_filter (page, TESSERA_GAME_SETS_MIXED));
  save_screenshots (GTK_WIDGET (window), "history-year");
  g_assert_true (tessera_history_page_set_sets_filter (page, 0));
  g_assert_true (tessera_history_page_set_year_filter (page, year));
  expected = expected_games (in_year, GINT_TO_POINTER (year));
  assert_rows (page, expected);
  g_clear_pointer (&expected, g_ptr_array_unref);
  g_assert_false (tessera_history_page_set_year_filter (page, 1999));

  g_assert_true (tessera_history_page_set_player_filter (page, "Bram"));
  g_assert_true (tessera_history_page_set_sets_filter (page, TESSERA_GAME_SETS_TOWER));
  expected = expected_games (all_of, &filters);
  g_assert_cmpuint (expected->len, >, 0);
  assert_rows (page, expected);
  g_clear_pointer (&expected, g_ptr_array_unref);
  save_screenshots (GTK_WIDGET (window), "history-filtered");
  tessera_history_page_clear_filters (page);
  assert_rows (page, all);

  /* Small screens: 1024 x 600. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 600);
  tessera_test_settle (200);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-history-1024x600.png");
  assert_rows_drawn (page);

  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}

static void
test_delete (void)
{
  TesseraWindow *window = open_window (1280, 800);
  TesseraHistoryPage *page = tessera_window_get_history_page (window);
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  gint64 undone_id, deleted_id, closed_id;
  AdwToast *toast;

  /* Toasts are dismissed here within microseconds of showing: without animations, as libadwaita
   * 1.2 frees a toast dismissed while it slides in and then crashes (fixed in 1.3). */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  tessera_window_show_history (window);
  before = expected_games (NULL, NULL);
  undone_id = ((TesseraGameSummary *) g_ptr_array_index (before, 3))->id;
  deleted_id = ((TesseraGameSummary *) g_ptr_array_index (before, 5))->id;
  closed_id = ((TesseraGameSummary *) g_ptr_array_index (before, 7))->id;

  /* Deleted, then undone: the row comes back, and the history never lost it. */
  toast = tessera_history_page_delete_game (page, undone_id);
  g_assert_nonnull (toast);
  g_object_ref (toast);
  g_assert_cmpuint (g_list_model_get_n_items (tessera_history_page_get_games (page)), ==, before->len - 1);
  g_assert_true (is_stored (undone_id));
  tessera_test_settle (200);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-history-undo.png");
  g_signal_emit_by_name (toast, "button-clicked");
  adw_toast_dismiss (toast);
  g_object_unref (toast);
  tessera_test_settle (50);
  g_assert_true (is_stored (undone_id));
  assert_rows (page, before);

  /* The Delete key's action on the chosen game; the toast goes, and the game with it. */
  g_assert_true (tessera_history_page_select_game (page, deleted_id));
  toast = tessera_history_page_delete_game (page, deleted_id);
  g_assert_nonnull (toast);
  g_assert_true (is_stored (deleted_id));
  adw_toast_dismiss (toast);
  tessera_test_settle (50);
  g_assert_false (is_stored (deleted_id));
  after = expected_games (NULL, NULL);
  g_assert_cmpuint (after->len, ==, before->len - 1);
  assert_rows (page, after);

  /* The action as the menu and the keyboard use it; the window closes with its toast up: the
   * game is deleted then. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.delete", "x", closed_id));
  g_assert_cmpuint (g_list_model_get_n_items (tessera_history_page_get_games (page)), ==, before->len - 2);
  g_assert_true (is_stored (closed_id));
  gtk_window_close (GTK_WINDOW (window));
  tessera_test_settle (50);
  g_assert_false (is_stored (closed_id));
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
}

static void
test_export (void)
{
  TesseraWindow *window = open_window (1280, 800);
  TesseraHistoryPage *page = tessera_window_get_history_page (window);
  g_autoptr(GPtrArray) games = expected_games (NULL, NULL);
  gint64 game_id = ((TesseraGameSummary *) g_ptr_array_index (games, 2))->id;
  g_autofree char *record_path = g_build_filename (scratch_dir, "game.json", NULL);
  g_autofree char *csv_path = g_build_filename (scratch_dir, "history.csv", NULL);
  g_autoptr(GFile) record_file = g_file_new_for_path (record_path);
  g_autoptr(GFile) csv_file = g_file_new_for_path (csv_path);
  g_autoptr(TesseraRecord) record = NULL;
  g_autofree char *expected_record = NULL;
  g_autofree char *expected_csv = NULL;
  g_autofree char *written = NULL;
  g_autoptr(GError) error = NULL;

  tessera_window_show_history (window);
  record = tessera_store_load_record (get_store (), game_id, &error);
  g_assert_no_error (error);
  expected_record = tessera_record_to_data (record);
  expected_csv = tessera_store_export_csv (get_store (), &error);
  g_assert_no_error (error);

  g_assert_true (tessera_history_page_export_game (page, game_id, record_file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (record_path, &written, NULL, &error));
  g_assert_cmpstr (written, ==, expected_record);
  g_clear_pointer (&written, g_free);

  /* Through the action and its save dialog, as a person does it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.export-csv", NULL));
  tessera_test_settle (200);
  {
    GtkWindow *chooser = tessera_test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
    g_autoptr(GFile) folder = g_file_new_for_path (scratch_dir);

    if (chooser == NULL)
      {
        /* A desktop portal shows its own dialog: write through the page instead. */
        g_test_message ("no file chooser dialog to drive; exporting directly");
        g_assert_true (tessera_history_page_export_csv (page, csv_file, &error));
      }
    else
      {
        g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, &error));
        g_assert_no_error (error);
        tessera_test_settle (100);
        gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "history.csv");
        gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
        /* The dialog looks at the folder before it answers. */
        for (guint i = 0; i < 100 && !g_file_test (csv_path, G_FILE_TEST_EXISTS); i++)
          tessera_test_settle (20);
        /* It notes the file among the recent ones a moment later, in this case's data folder. */
        tessera_test_settle (600);
      }
  }
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (csv_path, &written, NULL, &error));
  g_assert_cmpstr (written, ==, expected_csv);

  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}

/* @action asks where to save the play, offering @suggested (when GTK's own dialog shows: a
 * desktop portal shows its own); the dialog is cancelled, and the play saved as its answer
 * would save it. A file saved through the dialog would go into the recent files of an earlier
 * case's data folder, long gone. */
static void
send_through_action (GtkWidget  *widget,
                     const char *action,
                     GVariant   *target,
                     const char *suggested,
                     gint64      game_id,
                     GFile      *file)
{
  GtkWindow *chooser;

  g_assert_true (gtk_widget_activate_action_variant (widget, action, target));
  /* The dialog reads its folder first: closed before, it may still be reading after. */
  tessera_test_settle (600);
  chooser = tessera_test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  if (chooser == NULL)
    g_test_message ("no file chooser dialog to look at; a portal's perhaps");
  else
    {
      g_autofree char *name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));

      g_assert_cmpstr (name, ==, suggested);
      gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
      tessera_test_settle (300);
      g_assert_null (tessera_test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG));
    }
  g_assert_true (tessera_bgstats_send_to_file (widget, get_store (), game_id, file));
}

/* Send to BG Stats: from a finished game's replay the play is saved, as the engine makes it
 * and with the history's players, scores and place; an unfinished game has nothing to send,
 * from the replay or from the history's menu. */
static void
test_send_to_bgstats (void)
{
  TesseraWindow *window = open_window (1280, 800);
  TesseraHistoryPage *page = tessera_window_get_history_page (window);
  TesseraReplayView *replay = tessera_window_get_replay_view (window);
  g_autoptr(GPtrArray) games = expected_games (NULL, NULL);
  const TesseraGameSummary *summary = NULL;
  g_autofree char *path = g_build_filename (scratch_dir, "play.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *written = NULL;
  g_autofree char *suggested = NULL;
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(JsonNode) expected = NULL;
  g_autoptr(JsonNode) play = NULL;
  g_autoptr(GError) error = NULL;
  JsonArray *players;

  for (guint i = 0; i < games->len && summary == NULL; i++)
    {
      const TesseraGameSummary *candidate = g_ptr_array_index (games, i);

      if (g_str_equal (candidate->state, "finished") && candidate->played != NULL && candidate->played->place != NULL)
        summary = candidate;
    }
  g_assert_nonnull (summary);
  record = tessera_store_load_record (get_store (), summary->id, &error);
  g_assert_no_error (error);
  game = tessera_game_new_from_record (record, G_MAXUINT, &error);
  g_assert_no_error (error);
  expected = tessera_game_to_bgstats (game, &error);
  g_assert_no_error (error);

  tessera_window_show_history (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.open", "x", summary->id));
  tessera_test_settle (50);
  g_assert_true (is_shown (replay));
  /* The replay's menu offers it. */
  {
    GtkWidget *menu_button = tessera_test_find_descendant (GTK_WIDGET (replay), GTK_TYPE_MENU_BUTTON);

    g_assert_nonnull (menu_button);
    tessera_test_settle (400);
    gtk_menu_button_popup (GTK_MENU_BUTTON (menu_button));
    tessera_test_settle (300);
    tessera_test_save_screenshot (GTK_WIDGET (replay), "screenshot-replay-bgstats.png");
    tessera_test_save_screenshot (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button))),
                                  "screenshot-replay-bgstats-menu.png");
    gtk_menu_button_popdown (GTK_MENU_BUTTON (menu_button));
    tessera_test_settle (50);
  }
  suggested = g_strdup_printf ("%.10s Carcassonne.json", summary->played->start);
  send_through_action (GTK_WIDGET (replay), "share.send-to-bgstats", NULL, suggested, summary->id, file);

  g_assert_true (g_file_get_contents (path, &written, NULL, &error));
  play = json_from_string (written, &error);
  g_assert_no_error (error);
  g_assert_true (json_node_equal (play, expected));
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (play), "location"), ==,
                   summary->played->place);
  players = json_object_get_array_member (json_node_get_object (play), "players");
  g_assert_cmpuint (json_array_get_length (players), ==, summary->seats->len);
  for (guint p = 0; p < summary->seats->len; p++)
    {
      const TesseraGameSeat *seat = &g_array_index (summary->seats, TesseraGameSeat, p);
      JsonObject *player = json_array_get_object_element (players, p);

      g_assert_cmpstr (json_object_get_string_member (player, "name"), ==, seat->name);
      g_assert_cmpstr (json_object_get_string_member (player, "role"), ==, seat->color);
      g_assert_cmpint (json_object_get_int_member (player, "score"), ==, seat->final_score);
      g_assert_cmpint (json_object_get_int_member (player, "rank"), ==, seat->rank);
      g_assert_true (json_object_get_boolean_member (player, "winner") == (seat->rank == 1));
    }
  g_remove (path);

  /* The history's menu sends the same game the same way. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (replay), "replay.close", NULL));
  tessera_test_settle (50);
  send_through_action (GTK_WIDGET (page), "history.send-to-bgstats", g_variant_new_int64 (summary->id), suggested,
                       summary->id, file);
  g_clear_pointer (&written, g_free);
  g_assert_true (g_file_get_contents (path, &written, NULL, &error));
  g_clear_pointer (&play, json_node_unref);
  play = json_from_string (written, &error);
  g_assert_no_error (error);
  g_assert_true (json_node_equal (play, expected));
  g_remove (path);

  /* Where a program takes bgstats: links, it gets the play too: here a script that notes the
   * link it was given. */
  {
    g_autofree char *script = g_build_filename (scratch_dir, "bgstats-handler.sh", NULL);
    g_autofree char *url_path = g_strconcat (script, ".url", NULL);
    g_autofree char *applications = g_build_filename (g_get_user_data_dir (), "applications", NULL);
    g_autofree char *desktop_path = g_build_filename (applications, "tessera-test-bgstats.desktop", NULL);
    g_autofree char *mimeapps_path = g_build_filename (g_get_user_config_dir (), "mimeapps.list", NULL);
    g_autofree char *desktop = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=BG Stats\nExec=%s %%u\n"
                                                "MimeType=x-scheme-handler/bgstats;\nNoDisplay=true\n", script);
    g_autofree char *expected_url = tessera_bgstats_get_url (expected);
    g_autofree char *url = NULL;

    g_assert_true (g_file_set_contents (script, "#!/bin/sh\nprintf '%s' \"$1\" > \"$0.url\"\n", -1, &error));
    g_assert_no_error (error);
    g_assert_cmpint (g_chmod (script, 0755), ==, 0);
    g_assert_cmpint (g_mkdir_with_parents (applications, 0700), ==, 0);
    g_assert_cmpint (g_mkdir_with_parents (g_get_user_config_dir (), 0700), ==, 0);
    g_assert_true (g_file_set_contents (desktop_path, desktop, -1, &error));
    g_assert_true (g_file_set_contents (mimeapps_path, "[Default Applications]\n"
                                                       "x-scheme-handler/bgstats=tessera-test-bgstats.desktop\n", -1, &error));
    g_assert_no_error (error);

    /* GIO learns of a new desktop file from a file monitor on the main context, so the first
     * look-up may still miss it: wait for it, up to five seconds. */
    {
      g_autoptr(GAppInfo) handler = NULL;

      for (guint i = 0; i < 250 && handler == NULL; i++)
        {
          handler = g_app_info_get_default_for_uri_scheme ("bgstats");
          if (handler == NULL)
            tessera_test_settle (20);
        }
      g_assert_nonnull (handler);
    }
    g_assert_true (tessera_bgstats_send_to_file (GTK_WIDGET (page), get_store (), summary->id, file));
    /* The handler is a process of its own: under load it takes a while. */
    for (guint i = 0; i < 500 && !g_file_test (url_path, G_FILE_TEST_EXISTS); i++)
      tessera_test_settle (20);
    tessera_test_settle (100);
    g_assert_true (g_file_get_contents (url_path, &url, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpstr (url, ==, expected_url);
    g_remove (url_path);
    g_remove (script);
    g_remove (path);
  }

  /* Nothing to send from a game that did not end, and no dialog that asks where. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.send-to-bgstats", "x", in_progress_id));
  tessera_test_settle (200);
  g_assert_null (tessera_test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.open", "x", abandoned_id));
  tessera_test_settle (50);
  g_assert_true (is_shown (replay));
  gtk_widget_activate_action (GTK_WIDGET (replay), "share.send-to-bgstats", NULL);
  tessera_test_settle (200);
  g_assert_null (tessera_test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG));
  g_assert_false (tessera_bgstats_save (get_store (), abandoned_id, file, NULL, &error));
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}

static void
test_open (void)
{
  TesseraWindow *window = open_window (1280, 800);
  TesseraHistoryPage *page = tessera_window_get_history_page (window);
  TesseraGameView *view = tessera_window_get_game_view (window);
  g_autoptr(GPtrArray) games = expected_games (NULL, NULL);
  gint64 finished_id = -1;

  for (guint i = 0; i < games->len && finished_id < 0; i++)
    if (g_str_equal (((TesseraGameSummary *) g_ptr_array_index (games, i))->state, "finished"))
      finished_id = ((TesseraGameSummary *) g_ptr_array_index (games, i))->id;

  /* A finished game opens on its replay, at its end; Back returns to the history. */
  tessera_window_show_history (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.open", "x", finished_id));
  tessera_test_settle (50);
  g_assert_true (is_shown (tessera_window_get_replay_view (window)));
  g_assert_cmpint (tessera_replay_view_get_game_id (tessera_window_get_replay_view (window)), ==, finished_id);
  g_assert_cmpuint (tessera_replay_view_get_position (tessera_window_get_replay_view (window)), ==,
                    tessera_replay_view_get_n_events (tessera_window_get_replay_view (window)));
  g_assert_true (tessera_game_is_finished (tessera_replay_view_get_game (tessera_window_get_replay_view (window))));
  /* Left, Right, Home and End step through it at once: the timeline has the keyboard. */
  g_assert_true (GTK_IS_RANGE (gtk_root_get_focus (GTK_ROOT (window))));
  tessera_test_assert_focus_in (GTK_WIDGET (window), GTK_WIDGET (tessera_window_get_replay_view (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tessera_window_get_replay_view (window)), "replay.close", NULL));
  tessera_test_settle (50);
  g_assert_true (is_shown (page));

  /* The players page and a profile; a game of the profile opens its replay, whose Back
   * returns to the profile, whose Back returns to the players. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-players", NULL));
  tessera_test_settle (20);
  g_assert_true (is_shown (tessera_window_get_players_page (window)));
  g_assert_cmpuint (g_list_model_get_n_items (tessera_players_page_get_model (tessera_window_get_players_page (window))), >, 0);
  /* The table has the keyboard: arrows choose a player, Enter opens their profile. */
  tessera_test_assert_focus_in (GTK_WIDGET (window), GTK_WIDGET (tessera_players_page_get_column_view (tessera_window_get_players_page (window))));
  g_signal_emit_by_name (tessera_window_get_players_page (window), "player-activated", "Anna");
  tessera_test_settle (20);
  g_assert_true (is_shown (tessera_window_get_player_profile (window)));
  g_assert_cmpstr (tessera_player_profile_get_name (tessera_window_get_player_profile (window)), ==, "Anna");
  /* The first chart has the keyboard: arrows read its bars. */
  tessera_test_assert_focus_in (GTK_WIDGET (window), GTK_WIDGET (tessera_player_profile_get_categories_chart (tessera_window_get_player_profile (window))));
  g_signal_emit_by_name (tessera_window_get_player_profile (window), "game-activated", finished_id);
  tessera_test_settle (20);
  g_assert_true (is_shown (tessera_window_get_replay_view (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tessera_window_get_replay_view (window)), "replay.close", NULL));
  tessera_test_settle (20);
  g_assert_true (is_shown (tessera_window_get_player_profile (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tessera_window_get_player_profile (window)), "profile.close", NULL));
  tessera_test_settle (20);
  g_assert_true (is_shown (tessera_window_get_players_page (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tessera_window_get_players_page (window)), "players.close", NULL));
  tessera_test_settle (20);
  g_assert_true (is_shown (page));

  /* An unfinished game resumes where it stopped. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.open", "x", in_progress_id));
  tessera_test_settle (50);
  g_assert_true (is_shown (view));
  g_assert_cmpint (tessera_game_view_get_game_id (view), ==, in_progress_id);
  g_assert_false (tessera_game_is_finished (tessera_game_view_get_game (view)));

  /* From the game, Ctrl+H's action and Back lead to the history and back to the game. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-history", NULL));
  tessera_test_settle (20);
  g_assert_true (is_shown (page));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-history", NULL));
  tessera_test_settle (20);
  g_assert_true (is_shown (view));

  /* An abandoned game cannot be resumed: it opens on its replay, to look at how far it got. */
  tessera_window_show_history (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.open", "x", abandoned_id));
  tessera_test_settle (20);
  g_assert_true (is_shown (tessera_window_get_replay_view (window)));
  g_assert_cmpint (tessera_replay_view_get_game_id (tessera_window_get_replay_view (window)), ==, abandoned_id);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tessera_window_get_replay_view (window)), "replay.close", NULL));
  tessera_test_settle (20);
  g_assert_true (is_shown (page));

  /* Back from a history opened on the start page is the start page. */
  tessera_window_show_start (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-history", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-history", NULL));
  tessera_test_settle (20);
  g_assert_false (is_shown (page));
  g_assert_false (is_shown (view));

  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}

#ifdef TESSERA_TEST_XTEST
/* A click of @button (1 the left, 3 the right) in the middle of @widget, as a person makes it:
 * through the X server, so that GTK's own gestures decide what it does. */
static void
click_widget (GtkWidget *widget,
              guint      button)
{
  Display *xdisplay = gdk_x11_display_get_xdisplay (gtk_widget_get_display (widget));
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t point = GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.f, gtk_widget_get_height (widget) / 2.f);
  graphene_point_t out;
  double sx, sy;
  int rx, ry;
  Window child;

  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &point, &out));
  gtk_native_get_surface_transform (native, &sx, &sy);
  XTranslateCoordinates (xdisplay, gdk_x11_surface_get_xid (gtk_native_get_surface (native)),
                         DefaultRootWindow (xdisplay), (int) (out.x + sx), (int) (out.y + sy), &rx, &ry, &child);
  XTestFakeMotionEvent (xdisplay, -1, rx, ry, CurrentTime);
  XSync (xdisplay, False);
  tessera_test_settle (60);
  XTestFakeButtonEvent (xdisplay, button, True, CurrentTime);
  XTestFakeButtonEvent (xdisplay, button, False, CurrentTime);
  XSync (xdisplay, False);
  tessera_test_settle (150);
}

/* The first row of the list on screen, and its menu button. */
static TesseraHistoryRow *
first_row (TesseraHistoryPage *page)
{
  TesseraHistoryRow *row = TESSERA_HISTORY_ROW (tessera_test_find_descendant (GTK_WIDGET (page), TESSERA_TYPE_HISTORY_ROW));

  g_assert_nonnull (row);
  g_assert_nonnull (tessera_history_row_get_item (row));
  return row;
}

/* One click on a game opens it, as on the start page; a click on the row's menu button opens
 * the menu and nothing else; the keyboard still chooses a game without opening it. */
static void
test_single_click (void)
{
  TesseraWindow *window = open_window (1280, 800);
  TesseraHistoryPage *page = tessera_window_get_history_page (window);
  TesseraHistoryRow *row;
  GtkWidget *menu_button;
  gint64 id;

  tessera_window_show_history (window);
  tessera_test_settle (100);
  row = first_row (page);
  id = tessera_game_item_get_id (tessera_history_row_get_item (row));

  /* The row's menu: open, the history stays. */
  menu_button = tessera_test_find_descendant (GTK_WIDGET (row), GTK_TYPE_BUTTON);
  g_assert_nonnull (menu_button);
  click_widget (menu_button, 1);
  g_assert_true (is_shown (page));
  g_assert_nonnull (tessera_test_find_descendant (GTK_WIDGET (row), GTK_TYPE_POPOVER_MENU));
  g_assert_true (gtk_widget_get_visible (tessera_test_find_descendant (GTK_WIDGET (row), GTK_TYPE_POPOVER_MENU)));
  gtk_popover_popdown (GTK_POPOVER (tessera_test_find_descendant (GTK_WIDGET (row), GTK_TYPE_POPOVER_MENU)));
  tessera_test_settle (100);
  /* A right click on the row opens the same menu, not the game. */
  click_widget (GTK_WIDGET (row), 3);
  g_assert_true (is_shown (page));
  g_assert_nonnull (tessera_test_find_descendant (GTK_WIDGET (row), GTK_TYPE_POPOVER_MENU));
  gtk_popover_popdown (GTK_POPOVER (tessera_test_find_descendant (GTK_WIDGET (row), GTK_TYPE_POPOVER_MENU)));
  tessera_test_settle (100);

  /* The keyboard moves among the games without opening one. */
  g_assert_true (gtk_widget_activate_action (gtk_widget_get_ancestor (GTK_WIDGET (row), GTK_TYPE_LIST_VIEW),
                                             "list.select-item", "(ubb)", 1u, FALSE, FALSE));
  tessera_test_settle (20);
  g_assert_true (is_shown (page));
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (tessera_history_page_get_games (page))), ==, 1);

  /* One click on the row itself opens its game. */
  click_widget (GTK_WIDGET (row), 1);
  g_assert_false (is_shown (page));
  if (is_shown (tessera_window_get_replay_view (window)))
    g_assert_cmpint (tessera_replay_view_get_game_id (tessera_window_get_replay_view (window)), ==, id);
  else
    g_assert_cmpint (tessera_game_view_get_game_id (tessera_window_get_game_view (window)), ==, id);

  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}

/* The keys of a game in the list, pressed as a person presses them: the list takes the keyboard
 * on a game, not on a button of its row (Tab came in on the menu button, and a screen reader
 * never read the game). Shift+F10 and the Menu key open that game's menu, Esc closes it, and
 * Delete deletes the game. The search, which takes what is typed anywhere on the page, took
 * Shift+F10 and Delete for its own text. */
static void
test_keys (void)
{
  static const struct { KeySym key; GdkModifierType modifiers; } menu_keys[] = {
    { XK_F10, GDK_SHIFT_MASK }, { XK_Menu, 0 },
  };
  TesseraWindow *window = open_window (1280, 800);
  TesseraHistoryPage *page = tessera_window_get_history_page (window);
  g_autoptr(GPtrArray) toasts = g_ptr_array_new_with_free_func (g_object_unref);
  AdwToast *toast;
  guint n;

  tessera_window_show_history (window);
  tessera_test_settle (100);
  for (guint i = 0; i < G_N_ELEMENTS (menu_keys); i++)
    {
      GtkWidget *focus;
      GtkWidget *focused_row;
      GtkWidget *menu;

      g_assert_true (tessera_history_page_focus_content (page));
      tessera_test_settle (50);
      focus = gtk_root_get_focus (GTK_ROOT (window));
      g_assert_nonnull (focus);
      focused_row = gtk_widget_get_first_child (focus);
      g_assert_true (TESSERA_IS_HISTORY_ROW (focused_row));
      tessera_test_input_press_key (menu_keys[i].key, menu_keys[i].modifiers);
      menu = tessera_test_find_descendant (focused_row, GTK_TYPE_POPOVER_MENU);
      g_assert_nonnull (menu);
      g_assert_true (gtk_widget_get_visible (menu));
      /* Esc closes it, and the keyboard is back on the game (it fell on another one). */
      tessera_test_input_press_key (XK_Escape, 0);
      g_assert_false (gtk_widget_get_visible (menu));
      g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == focus);
    }

  /* Delete, then Undo in the toast: the game is back. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  n = g_list_model_get_n_items (tessera_history_page_get_games (page));
  tessera_test_input_press_key (XK_Delete, 0);
  g_assert_cmpuint (g_list_model_get_n_items (tessera_history_page_get_games (page)), ==, n - 1);
  tessera_test_collect_toast_widgets (GTK_WIDGET (window), toasts);
  g_assert_cmpuint (toasts->len, ==, 1);
  g_object_get (g_ptr_array_index (toasts, 0), "toast", &toast, NULL);
  g_signal_emit_by_name (toast, "button-clicked");
  adw_toast_dismiss (toast);
  g_object_unref (toast);
  tessera_test_settle (50);
  g_assert_cmpuint (g_list_model_get_n_items (tessera_history_page_get_games (page)), ==, n);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);

  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}
#endif

/* A game with every expansion: its tags go on two lines or more rather than widen the row (one
 * line of them made the history 780 pixels wide at least); with room, on one line. */
static void
test_narrow_tags (void)
{
  GtkWidget *tags = g_object_ref_sink (tessera_set_tags_new ());
  int minimum, natural, one_line, wrapped;

  tessera_set_tags_set_sets (TESSERA_SET_TAGS (tags), TESSERA_GAME_SETS_WHEEL | TESSERA_GAME_SETS_TOWER
                             | TESSERA_GAME_SETS_MAGE_WITCH | TESSERA_GAME_SETS_CROP_CIRCLES
                             | TESSERA_GAME_SETS_PURIST);
  gtk_widget_measure (tags, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_test_message ("tags: at least %d pixels, %d on one line", minimum, natural);
  g_assert_cmpint (minimum, >, 0);
  g_assert_cmpint (minimum * 2, <, natural);
  gtk_widget_measure (tags, GTK_ORIENTATION_VERTICAL, natural, &one_line, NULL, NULL, NULL);
  gtk_widget_measure (tags, GTK_ORIENTATION_VERTICAL, minimum, &wrapped, NULL, NULL, NULL);
  g_assert_cmpint (one_line, >, 0);
  /* As wide as the widest tag: on three lines at least (five tags, two at most a line). */
  g_assert_cmpint (wrapped, >=, 3 * one_line);
  g_object_unref (tags);
}

/* A read-only history on the start page: said so, with the file, and nothing that writes. */
static void
test_read_only (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("tessera-read-only-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "history.db", NULL);
  g_autoptr(TesseraStore) store = tessera_store_open (path, &error);
  g_autoptr(TesseraRecord) record = make_record (1);
  g_autofree char *expected = NULL;
  TesseraStartPage *page = g_object_ref_sink (g_object_new (TESSERA_TYPE_START_PAGE, NULL));
  gboolean already;

  g_assert_no_error (error);
  g_assert_cmpint (tessera_store_import_record (store, record, &already, &error), >, 0);
  tessera_start_page_reload (page, store, NULL);
  g_assert_null (tessera_start_page_get_read_only_notice (page));
  g_clear_object (&store);

  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  store = tessera_store_open (path, &error);
  g_assert_no_error (error);
  tessera_start_page_reload (page, store, NULL);
  expected = g_strdup_printf ("You can look through its games, replay them, see the statistics and export them, but "
                              "nothing new can be saved in it. To add to it, make the file %s writable.", path);
  g_assert_cmpstr (tessera_start_page_get_read_only_notice (page), ==, expected);
  g_clear_object (&store);

  /* A writable file in a read-only folder: read-only too, and the notice names the folder. */
  g_assert_cmpint (g_chmod (path, 0644), ==, 0);
  g_assert_cmpint (g_chmod (folder, 0555), ==, 0);
  store = tessera_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (tessera_store_is_read_only (store));
  tessera_start_page_reload (page, store, NULL);
  g_free (expected);
  expected = g_strdup_printf ("You can look through its games, replay them, see the statistics and export them, but "
                              "nothing new can be saved in it. To add to it, make the folder %s writable.", folder);
  g_assert_cmpstr (tessera_start_page_get_read_only_notice (page), ==, expected);
  {
    GtkWidget *window = gtk_window_new ();

    gtk_window_set_default_size (GTK_WINDOW (window), 1024, 600);
    gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
    gtk_window_present (GTK_WINDOW (window));
    tessera_test_settle (200);
    tessera_test_save_screenshot (window, "screenshot-start-read-only-folder.png");
    gtk_window_set_child (GTK_WINDOW (window), NULL);
    gtk_window_destroy (GTK_WINDOW (window));
  }
  g_chmod (folder, 0755);

  g_object_unref (page);
  g_clear_object (&store);
  tessera_test_remove_history (path);
  g_rmdir (folder);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *history = NULL;
  int status;

  /* One history for the application's whole life: the cases follow on from each other. */
  app = tessera_test_ui_init (&argc, &argv, "tessera-history-ui", &scratch_dir);
  if (app == NULL)
    return g_test_run ();

  g_test_add_func ("/history-ui/empty", test_empty);
  g_test_add_func ("/history-ui/archive", test_archive);
  g_test_add_func ("/history-ui/delete", test_delete);
  g_test_add_func ("/history-ui/export", test_export);
  g_test_add_func ("/history-ui/send-to-bgstats", test_send_to_bgstats);
  g_test_add_func ("/history-ui/open", test_open);
#ifdef TESSERA_TEST_XTEST
  if (tessera_test_input_init ())
    {
      g_test_add_func ("/history-ui/single-click", test_single_click);
      g_test_add_func ("/history-ui/keys", test_keys);
    }
#endif
  g_test_add_func ("/history-ui/narrow-tags", test_narrow_tags);
  g_test_add_func ("/history-ui/read-only", test_read_only);
  status = g_test_run ();

  g_clear_object (&app);
  history = g_build_filename (scratch_dir, "history.db", NULL);
  tessera_test_remove_history (history);
  {
    g_autofree char *record = g_build_filename (scratch_dir, "game.json", NULL);
    g_autofree char *csv = g_build_filename (scratch_dir, "history.csv", NULL);

    g_remove (record);
    g_remove (csv);
  }
  g_rmdir (scratch_dir);
  g_free (scratch_dir);
  return status;
}
