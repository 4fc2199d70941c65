/* test-open-ui.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "tessera-test-ui.h"
#include "tessera-test-utils.h"
#include "tessera-application.h"
#include "tessera-window.h"

/* Records opened from outside the app: given to the application as the file manager and the
 * command line give them (g_application_open), and dropped on the window. Each is imported into
 * the history, then shown: a finished game on its replay, an unfinished one in the game view.
 * A record the history holds already is not stored twice, and a bad file is refused with its
 * name and the engine's reason while the history stays as it was. */

static TesseraApplication *app;
static char *scratch_dir;

static char *
record_path (const char *folder,
             const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "records", folder, name, NULL);
}

static char *
example_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "..", "data", "examples", "base-game.json", NULL);
}

/* A copy of the record at @path named @name in the scratch folder: records open by any name. */
static GFile *
copy_record (const char *path,
             const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *copy = g_build_filename (scratch_dir, name, NULL);
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (copy, contents, (gssize) length, &error));
  g_assert_no_error (error);
  return g_file_new_for_path (copy);
}

static void
remove_file (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);

  g_remove (path);
}

static TesseraStore *
get_store (void)
{
  g_autoptr(GError) error = NULL;
  TesseraStore *store = tessera_application_get_store (app, &error);

  g_assert_no_error (error);
  return store;
}

/* The history in a line per game, to compare before and after. */
static char *
describe_history (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = tessera_store_list_games (get_store (), &error);
  GString *out = g_string_new (NULL);

  g_assert_no_error (error);
  g_ptr_array_sort (games, tessera_game_summary_compare_newest);
  for (guint i = 0; i < games->len; i++)
    {
      const TesseraGameSummary *game = g_ptr_array_index (games, i);

      g_string_append_printf (out, "%" G_GINT64_FORMAT " %s %u\n", game->id, game->state, game->n_events);
    }
  return g_string_free (out, FALSE);
}

static guint
count_games (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = tessera_store_list_games (get_store (), &error);

  g_assert_no_error (error);
  return games->len;
}

/* The application's window: the windows come latest focused first, and a dialog (a refusal)
 * is one of them. */
static TesseraWindow *
main_window (void)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (TESSERA_IS_WINDOW (l->data))
      return l->data;
  return NULL;
}

/* Opens @files as the desktop does; the application makes its window if it has none. */
static TesseraWindow *
open_files (GFile **files,
            int     n_files)
{
  GtkWindow *window;

  g_application_open (G_APPLICATION (app), files, n_files, "");
  tessera_test_settle (100);
  window = GTK_WINDOW (main_window ());
  g_assert_true (TESSERA_IS_WINDOW (window));
  return TESSERA_WINDOW (window);
}

/* The first widget under @widget with the style class @css_class, or a label showing @text. */
static GtkWidget *
find_descendant (GtkWidget  *widget,
                 const char *css_class,
                 const char *text)
{
  if ((css_class != NULL && gtk_widget_has_css_class (widget, css_class)) ||
      (text != NULL && GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, css_class, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The note at the bottom of the window says @text. */
static void
assert_toast (TesseraWindow *window,
              const char    *text)
{
  g_assert_nonnull (find_descendant (GTK_WIDGET (window), NULL, text));
}

/* The refusal of a file: its name in the heading, @reason in the body. Closed afterwards. */
static void
assert_refused (const char *name,
                const char *reason)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (tessera_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_autofree char *heading = g_strdup_printf ("“%s” Was Not Imported", name);

  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, heading);
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, reason);
  gtk_window_destroy (GTK_WINDOW (dialog));
  tessera_test_settle (20);
}

/* The page the window's stack shows is @page. */
static void
assert_page_shown (gpointer page)
{
  g_assert_true (gtk_stack_get_visible_child (GTK_STACK (gtk_widget_get_parent (page))) == page);
}

static void
assert_replay_shows (TesseraWindow *window,
                     gint64         game_id)
{
  TesseraReplayView *replay = tessera_window_get_replay_view (window);

  assert_page_shown (replay);
  g_assert_cmpint (tessera_replay_view_get_game_id (replay), ==, game_id);
}

/* The engine's reason for refusing the record at @path. */
static char *
engine_reason (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraGame) game = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  record = tessera_record_load_from_data (contents, -1, &error);
  if (record != NULL)
    game = tessera_game_new_from_record (record, G_MAXUINT, &error);
  g_assert_null (game);
  g_assert_nonnull (error);
  return g_strdup (error->message);
}

/* A finished record opens on its replay, from the history; opened again, it is recognised. */
static void
test_open_finished (void)
{
  g_autofree char *path = example_path ();
  g_autoptr(GFile) file = copy_record (path, "final.tessera");
  TesseraWindow *window;
  gint64 game_id;
  guint n_games;

  g_assert_cmpuint (count_games (), ==, 0);
  window = open_files (&file, 1);
  g_assert_cmpuint (count_games (), ==, 1);
  game_id = tessera_replay_view_get_game_id (tessera_window_get_replay_view (window));
  g_assert_cmpint (game_id, >, 0);
  assert_replay_shows (window, game_id);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(TesseraRecord) stored = tessera_store_load_record (get_store (), game_id, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (tessera_replay_view_get_n_events (tessera_window_get_replay_view (window)), ==,
                      stored->events->len);
  }
  assert_toast (window, "1 game imported");
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-open-finished.png");

  /* Back to the start page, then the same file again: no second copy, the same game shown. */
  tessera_window_show_start (window);
  n_games = count_games ();
  open_files (&file, 1);
  g_assert_cmpuint (count_games (), ==, n_games);
  assert_replay_shows (window, game_id);
  assert_toast (window, "1 game was already in the history");

  remove_file (file);
}

/* An unfinished record goes on in the game view where it stopped. */
static void
test_open_unfinished (void)
{
  g_autofree char *path = record_path ("base", "e01-city-3-tiles-1-pennant.json");
  g_autoptr(GFile) file = copy_record (path, "e01.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) stored = NULL;
  TesseraWindow *window;
  TesseraGameView *view;
  TesseraGame *game;
  guint n_games = count_games ();

  window = open_files (&file, 1);
  g_assert_cmpuint (count_games (), ==, n_games + 1);
  view = tessera_window_get_game_view (window);
  assert_page_shown (view);
  game = tessera_game_view_get_game (view);
  g_assert_nonnull (game);
  g_assert_false (tessera_game_is_finished (game));
  stored = tessera_store_load_record (get_store (), tessera_game_view_get_game_id (view), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tessera_game_get_n_events (game), ==, stored->events->len);
  g_assert_cmpuint (stored->events->len, >, 0);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-open-unfinished.png");

  remove_file (file);
}

/* A file that is not a record, and a record that breaks a rule, are refused by name with what is
 * wrong; the history and the page shown stay as they were. */
static void
test_open_broken (void)
{
  g_autofree char *illegal_path = record_path ("bad", "illegal-placement.json");
  g_autofree char *malformed_path = record_path ("bad", "malformed-json.json");
  g_autofree char *illegal_reason = engine_reason (illegal_path);
  g_autofree char *malformed_reason = engine_reason (malformed_path);
  g_autoptr(GFile) illegal = copy_record (illegal_path, "illegal.tessera");
  g_autoptr(GFile) malformed = copy_record (malformed_path, "malformed.json");
  g_autofree char *before = describe_history ();
  g_autofree char *after = NULL;
  g_autofree char *after_both = NULL;
  TesseraWindow *window;
  gint64 game_id;

  window = main_window ();
  game_id = tessera_game_view_get_game_id (tessera_window_get_game_view (window));

  open_files (&illegal, 1);
  assert_refused ("illegal.tessera", illegal_reason);
  after = describe_history ();
  g_assert_cmpstr (after, ==, before);
  /* The game that was on screen still is. */
  assert_page_shown (tessera_window_get_game_view (window));
  g_assert_cmpint (tessera_game_view_get_game_id (tessera_window_get_game_view (window)), ==, game_id);

  open_files (&malformed, 1);
  tessera_test_save_screenshot (GTK_WIDGET (tessera_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)), "screenshot-open-refused.png");
  assert_refused ("malformed.json", malformed_reason);
  after_both = describe_history ();
  g_assert_cmpstr (after_both, ==, before);

  remove_file (illegal);
  remove_file (malformed);
}

/* A device or a pipe that goes on past what a record may hold is read no further and refused
 * by name with the limit (the app used to read /dev/zero until memory ran out); the history and
 * the page shown stay as they were. */
static void
test_open_endless (void)
{
  g_autofree char *before = describe_history ();
  g_autofree char *after = NULL;
  g_autofree char *fifo = g_build_filename (scratch_dir, "endless.tessera", NULL);
  g_autofree char *fifo_reason = g_strdup_printf ("%s holds more than 16 MiB; a record may be at most 16 MiB "
                                                  "(16777216 bytes)", fifo);
  TesseraWindow *window = main_window ();
  gpointer page = gtk_stack_get_visible_child (GTK_STACK (gtk_widget_get_parent (GTK_WIDGET (tessera_window_get_game_view (window)))));

  if (g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_autoptr(GFile) zero = g_file_new_for_path ("/dev/zero");

      open_files (&zero, 1);
      assert_refused ("zero", "/dev/zero holds more than 16 MiB; a record may be at most 16 MiB (16777216 bytes)");
    }
  {
    TesseraTestFeeder *feeder = tessera_test_feeder_start (fifo, 17 * 1024 * 1024);
    g_autoptr(GFile) file = g_file_new_for_path (fifo);
    gsize n_fed;

    open_files (&file, 1);
    n_fed = tessera_test_feeder_finish (feeder);
    assert_refused ("endless.tessera", fifo_reason);
    g_assert_cmpuint (n_fed, <, 17 * 1024 * 1024);
  }
  after = describe_history ();
  g_assert_cmpstr (after, ==, before);
  assert_page_shown (page);
}

/* Several files: each good one imported, the bad one refused, the last good one shown, and the
 * note counts them. */
static void
test_open_several (void)
{
  g_autofree char *finished_path = record_path ("base", "e08-final-road-3.json");
  g_autofree char *bad_path = record_path ("bad", "wrong-player.json");
  g_autofree char *known_path = example_path ();
  g_autofree char *last_path = record_path ("base", "e09-final-cloister-5.json");
  GFile *files[4];
  TesseraWindow *window;
  guint n_games = count_games ();
  gint64 shown;

  files[0] = copy_record (finished_path, "e08.tessera");
  files[1] = copy_record (bad_path, "wrong-player.tessera");
  files[2] = copy_record (known_path, "known.json");
  files[3] = copy_record (last_path, "e09.tessera");
  window = open_files (files, G_N_ELEMENTS (files));
  g_assert_cmpuint (count_games (), ==, n_games + 2);
  {
    g_autofree char *reason = engine_reason (bad_path);

    assert_refused ("wrong-player.tessera", reason);
  }
  shown = tessera_replay_view_get_game_id (tessera_window_get_replay_view (window));
  assert_replay_shows (window, shown);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(TesseraRecord) stored = tessera_store_load_record (get_store (), shown, &error);
    g_autofree char *contents = NULL;
    g_autoptr(TesseraRecord) last = NULL;

    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (last_path, &contents, NULL, &error));
    last = tessera_record_load_from_data (contents, -1, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (stored->events->len, ==, last->events->len);
    g_assert_cmpstr (g_array_index (stored->players, TesseraPlayerInfo, 0).name, ==,
                     g_array_index (last->players, TesseraPlayerInfo, 0).name);
  }
  assert_toast (window, "2 games imported, 1 already in the history");

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      remove_file (files[i]);
      g_object_unref (files[i]);
    }
}

static GtkDropTarget *
find_drop_target (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        return GTK_DROP_TARGET (controller);
    }
  return NULL;
}

/* Files dropped on the window take the same way: an unfinished record resumes. */
static void
test_drop (void)
{
  g_autofree char *path = record_path ("base", "e02-city-4-tiles.json");
  g_autoptr(GFile) file = copy_record (path, "dropped.tessera");
  g_auto(GValue) value = G_VALUE_INIT;
  TesseraWindow *window = main_window ();
  GtkDropTarget *target = find_drop_target (GTK_WIDGET (window));
  GtkWidget *highlight;
  TesseraGameView *view = tessera_window_get_game_view (window);
  guint n_games = count_games ();
  gboolean accepted = FALSE;

  g_assert_nonnull (target);
  g_assert_true (gdk_content_formats_contain_gtype (gtk_drop_target_get_formats (target), GDK_TYPE_FILE_LIST));
  g_assert_true (gtk_drop_target_get_actions (target) & GDK_ACTION_COPY);

  tessera_window_show_start (window);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_array (&file, 1));
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  tessera_test_settle (100);
  g_assert_true (accepted);
  g_assert_cmpuint (count_games (), ==, n_games + 1);
  assert_page_shown (view);
  g_assert_false (tessera_game_is_finished (tessera_game_view_get_game (view)));
  assert_toast (window, "1 game imported");

  /* The highlight a drag shows, to be looked at. */
  highlight = find_descendant (GTK_WIDGET (window), "drop-highlight", NULL);
  g_assert_nonnull (highlight);
  g_assert_false (gtk_widget_get_visible (highlight));
  gtk_widget_set_visible (highlight, TRUE);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-open-drop.png");
  gtk_widget_set_visible (highlight, FALSE);

  remove_file (file);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *history = NULL;
  GtkWindow *window;
  int status;

  /* One history for the application's whole life: the cases follow on from each other. */
  app = tessera_test_ui_init (&argc, &argv, "tessera-open-ui", &scratch_dir);
  if (app == NULL)
    return g_test_run ();
  /* Pages change at once, so that each screenshot shows the page it is named after. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  g_test_add_func ("/open-ui/finished", test_open_finished);
  g_test_add_func ("/open-ui/unfinished", test_open_unfinished);
  g_test_add_func ("/open-ui/broken", test_open_broken);
  g_test_add_func ("/open-ui/endless", test_open_endless);
  g_test_add_func ("/open-ui/several", test_open_several);
  g_test_add_func ("/open-ui/drop", test_drop);
  status = g_test_run ();

  if ((window = GTK_WINDOW (main_window ())) != NULL)
    gtk_window_destroy (window);
  tessera_test_settle (50);
  g_clear_object (&app);
  history = g_build_filename (scratch_dir, "history.db", NULL);
  tessera_test_remove_history (history);
  g_rmdir (scratch_dir);
  g_free (scratch_dir);
  return status;
}
