/* test-focus-rings.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <X11/keysym.h>

#include "tessera-application.h"
#include "tessera-focus-group.h"
#include "tessera-new-game-window.h"
#include "tessera-preferences-window.h"
#include "tessera-random-game.h"
#include "tessera-test-input.h"
#include "tessera-test-ui.h"
#include "tessera-tile-palette.h"
#include "tessera-turn.h"
#include "tessera-window.h"

/* The Tab ring of every page and dialog, walked with real Tab and Shift+Tab presses (XTest
 * under Xvfb), as a person without a mouse meets it: Tab comes back to where it started after
 * stopping once at every control that takes the keyboard, Shift+Tab walks the same stops in the
 * mirror order, and a list or grid (the palette, the scoreboard, the score log) is one stop. */

static TesseraApplication *app;

/* What a stop is: the entry around the text a keyboard types in; the list or grid around one
 * of its items. */
static GtkWidget *
stop_of (GtkWidget *widget)
{
  GtkWidget *group = tessera_focus_group_find (widget);

  if (group != NULL)
    return group;
  for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL; up = gtk_widget_get_parent (up))
    if (GTK_IS_LIST_VIEW (up) || GTK_IS_GRID_VIEW (up) || GTK_IS_COLUMN_VIEW (up))
      return up;
  if (GTK_IS_TEXT (widget))
    for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL; up = gtk_widget_get_parent (up))
      if (GTK_IS_EDITABLE (up))
        return up;
  return widget;
}

/* How a failure names a stop: its type and what a person reads on it. */
static char *
describe (GtkWidget *widget)
{
  const char *text = NULL;

  if (GTK_IS_BUTTON (widget))
    text = gtk_button_get_label (GTK_BUTTON (widget));
  if (text == NULL)
    text = gtk_widget_get_tooltip_text (widget);
  if (text == NULL && GTK_IS_EDITABLE (widget))
    text = gtk_editable_get_text (GTK_EDITABLE (widget));
  return g_strdup_printf ("%s “%s”", G_OBJECT_TYPE_NAME (widget), text != NULL ? text : "");
}

static char *
describe_all (GPtrArray *stops)
{
  GString *all = g_string_new (NULL);

  for (guint i = 0; i < stops->len; i++)
    {
      g_autofree char *one = describe (g_ptr_array_index (stops, i));

      g_string_append_printf (all, "%s%s", i > 0 ? ", " : "", one);
    }
  return g_string_free (all, FALSE);
}

static gboolean takes_focus (GtkWidget *widget);

static gboolean
has_control_inside (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_mapped (child) && gtk_widget_is_sensitive (child) && gtk_widget_get_can_focus (child)
        && (takes_focus (child) || has_control_inside (child)))
      return TRUE;
  return FALSE;
}

/* Whether Tab stops at @widget itself. A list or grid passes the focus on to its items and is
 * never a stop itself; another focusable container (a scrolled window, an expander row) is one
 * only when nothing in it is (so that its text can be scrolled). */
static gboolean
takes_focus (GtkWidget *widget)
{
  if (!gtk_widget_get_focusable (widget) || GTK_IS_LIST_BOX (widget) || GTK_IS_FLOW_BOX (widget))
    return FALSE;
  return !has_control_inside (widget);
}

/* Every control of @widget that takes the keyboard, as stops. */
static void
collect_controls (GtkWidget *widget,
                  GPtrArray *controls)
{
  if (!gtk_widget_get_mapped (widget) || !gtk_widget_is_sensitive (widget) || !gtk_widget_get_can_focus (widget))
    return;
  if (takes_focus (widget) && !g_ptr_array_find (controls, stop_of (widget), NULL))
    g_ptr_array_add (controls, stop_of (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_controls (child, controls);
}

/* Tab (Shift+Tab when @backwards) until the focus is back at the stop it started from. Returns
 * the stops met, that one last. */
static GPtrArray *
walk_ring (GtkWindow *window,
           gboolean   backwards,
           guint      limit)
{
  GtkWidget *start = stop_of (gtk_root_get_focus (GTK_ROOT (window)));
  GPtrArray *stops = g_ptr_array_new ();
  g_autofree char *met = NULL;

  for (guint i = 0; i < limit; i++)
    {
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

      tessera_test_input_press_key (XK_Tab, backwards ? GDK_SHIFT_MASK : 0);
      focus = gtk_root_get_focus (GTK_ROOT (window));
      if (focus == NULL)
        {
          met = describe_all (stops);
          g_error ("%s left the window after %s", backwards ? "Shift+Tab" : "Tab", met);
        }
      g_ptr_array_add (stops, stop_of (focus));
      if (stop_of (focus) == start)
        return stops;
    }
  met = describe_all (stops);
  g_error ("%u presses of %s did not come back to where they began: %s", limit,
           backwards ? "Shift+Tab" : "Tab", met);
  return NULL;
}

/* Both rings from the focus of @window: each stop once, the same stops both ways in mirror order,
 * every control of the window among them. Returns the number of stops. */
static guint
check_rings (GtkWindow  *window,
             const char *what,
             guint       limit)
{
  g_autoptr(GPtrArray) forward = NULL;
  g_autoptr(GPtrArray) backward = NULL;
  g_autoptr(GPtrArray) controls = g_ptr_array_new ();
  g_autofree char *ring = NULL;
  guint n;

  g_assert_nonnull (gtk_root_get_focus (GTK_ROOT (window)));
  forward = walk_ring (window, FALSE, limit);
  backward = walk_ring (window, TRUE, limit);
  ring = describe_all (forward);
  g_test_message ("%s: %u stops: %s", what, forward->len, ring);
  n = forward->len;

  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      if (g_ptr_array_index (forward, i) == g_ptr_array_index (forward, j))
        g_error ("%s: Tab stops twice at the same control: %s", what, ring);
  if (backward->len != n)
    {
      g_autofree char *back = describe_all (backward);

      g_error ("%s: Tab goes round %u stops (%s), Shift+Tab %u (%s)", what, n, ring, backward->len, back);
    }
  for (guint i = 0; i + 1 < n; i++)
    if (g_ptr_array_index (backward, i) != g_ptr_array_index (forward, n - 2 - i))
      {
        g_autofree char *back = describe_all (backward);

        g_error ("%s: Shift+Tab is not Tab backwards: Tab %s; Shift+Tab %s", what, ring, back);
      }

  collect_controls (GTK_WIDGET (window), controls);
  for (guint i = 0; i < controls->len; i++)
    if (!g_ptr_array_find (forward, g_ptr_array_index (controls, i), NULL))
      {
        g_autofree char *missing = describe (g_ptr_array_index (controls, i));

        g_error ("%s: Tab never reaches %s; it goes round %s", what, missing, ring);
      }
  return n;
}

/* The filters' own buttons, which take the keyboard, have names: GTK 4.8 leaves them unnamed
 * and a screen reader said "GtkToggleButton". Counts the drop-downs under @widget. */
static guint
count_named_drop_downs (GtkWidget *widget)
{
  guint n = 0;

  if (GTK_IS_DROP_DOWN (widget))
    {
      GtkWidget *button = gtk_widget_get_first_child (widget);

      g_assert_true (GTK_IS_TOGGLE_BUTTON (button));
      g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL));
      n++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    n += count_named_drop_downs (child);
  return n;
}

static void
assert_drop_downs_named (GtkWidget *widget,
                         guint      expected)
{
  g_assert_cmpuint (count_named_drop_downs (widget), ==, expected);
}

/* A turn through the game's actions: tile @id where it first fits, no follower, confirmed. */
static void
play_turn (TesseraGameView *view,
           const char      *id)
{
  const TesseraPlacement *placements;
  guint n_placements;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.choose-tile", "s", id));
  placements = tessera_turn_get_placements (tessera_game_view_get_turn (view), &n_placements);
  g_assert_cmpuint (n_placements, >, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.place", "(iiu)",
                                             placements[0].cell.x, placements[0].cell.y, placements[0].rotation * 90u));
  while (tessera_turn_get_step (tessera_game_view_get_turn (view)) == TESSERA_TURN_ACTION)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.skip", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.confirm", NULL));
  tessera_test_settle (100);
}

static gboolean
is_palette_tile (GtkWidget *widget)
{
  GtkWidget *flow = gtk_widget_get_ancestor (widget, GTK_TYPE_FLOW_BOX);

  return GTK_IS_BUTTON (widget) && flow != NULL && gtk_widget_get_ancestor (flow, TESSERA_TYPE_TILE_PALETTE) != NULL;
}

/* The game page between turns, with moves in the score log: the header's buttons, the board,
 * the search, the palette, the scores and the log all in one ring; the palette's arrow keys. */
static void
test_game_page (void)
{
  static const char * const sets[] = { "wheel-of-fortune", "tower", "mage-witch", NULL };
  g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (5, 3, sets);
  TesseraWindow *window = tessera_test_input_start_game (app, record);
  TesseraGameView *view = tessera_window_get_game_view (window);
  GtkWidget *palette = GTK_WIDGET (tessera_game_view_get_palette (view));
  GtkWidget *flow = tessera_test_find_descendant (palette, GTK_TYPE_FLOW_BOX);
  GtkWidget *first, *focus;
  guint n_stops;

  play_turn (view, "D");
  play_turn (view, "D");
  g_assert_true (tessera_game_view_focus_next_input (view));
  tessera_test_settle (200);
  n_stops = check_rings (GTK_WINDOW (window), "the game page", 40);
  /* The 48 tile stops, the scoreboard's and the log's rows were 57 before; now each is one. */
  g_assert_cmpuint (n_stops, <=, 14);

  /* The palette is one stop: into it, the arrows move from tile to tile, Tab leaves. */
  g_assert_true (gtk_widget_child_focus (flow, GTK_DIR_TAB_FORWARD));
  first = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (is_palette_tile (first));
  tessera_test_input_press_key (XK_Right, 0);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (is_palette_tile (focus));
  g_assert_true (focus != first);
  g_assert_true (gtk_widget_get_next_sibling (gtk_widget_get_parent (first)) == gtk_widget_get_parent (focus));
  tessera_test_input_press_key (XK_Down, 0);
  g_assert_true (is_palette_tile (gtk_root_get_focus (GTK_ROOT (window))));
  tessera_test_input_press_key (XK_Up, 0);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == focus);
  tessera_test_input_press_key (XK_Home, 0);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == first);
  tessera_test_input_press_key (XK_Tab, 0);
  g_assert_false (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), palette));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The window other than @main that was opened last, once it is shown. */
static GtkWindow *
find_dialog (GtkWindow *main)
{
  for (guint attempt = 0; attempt < 50; attempt++)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();

      for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
        {
          g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i - 1);

          if (window != main && gtk_widget_get_mapped (GTK_WIDGET (window)) && !GTK_IS_POPOVER (window))
            return window;
        }
      tessera_test_settle (50);
    }
  g_error ("no dialog opened");
  return NULL;
}

/* Ctrl+W closes @dialog as it closes the window: the application's shortcut reaches it. */
static void
assert_closed_by_ctrl_w (GtkWindow *dialog)
{
  g_object_ref (dialog);
  tessera_test_input_press_key (XK_w, GDK_CONTROL_MASK);
  tessera_test_settle (300);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_object_unref (dialog);
}

/* The game's dialogs, each opened by its action: their own rings; Ctrl+W closes each. */
static void
test_game_dialogs (void)
{
  /* The box correction is a form with a count for each kind of tile: a stop for each. */
  static const struct { const char *action; const char *format; guint value; const char *what; guint limit; } dialogs[] = {
    { "game.show-tiles-left", NULL, 0, "Tiles Left", 40 },
    { "game.correct-box", NULL, 0, "the box correction", 400 },
    { "game.table-view", NULL, 0, "the table view", 40 },
  };
  static const char * const sets[] = { "wheel-of-fortune", "tower", "mage-witch", NULL };
  g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (5, 3, sets);
  TesseraWindow *window = tessera_test_input_start_game (app, record);
  TesseraGameView *view = tessera_window_get_game_view (window);

  play_turn (view, "D");
  for (guint i = 0; i < G_N_ELEMENTS (dialogs); i++)
    {
      GtkWindow *dialog;

      if (dialogs[i].format != NULL)
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), dialogs[i].action, dialogs[i].format, dialogs[i].value));
      else
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), dialogs[i].action, NULL));
      dialog = find_dialog (GTK_WINDOW (window));
      tessera_test_settle (400);
      check_rings (dialog, dialogs[i].what, dialogs[i].limit);
      assert_closed_by_ctrl_w (dialog);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A window as large as the screen, over a history of finished games. */
static TesseraWindow *
open_window_with_history (void)
{
  g_autoptr(GError) error = NULL;
  TesseraStore *store = tessera_application_get_store (app, &error);
  TesseraWindow *window;
  GdkRectangle geometry;

  g_assert_no_error (error);
  for (guint32 seed = 40; seed < 43; seed++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game (seed, 3);
      gboolean already;

      tessera_store_import_record (store, record, &already, &error);
      g_assert_no_error (error);
    }
  tessera_test_input_get_screen (&geometry);
  window = tessera_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), geometry.width, geometry.height);
  gtk_window_present (GTK_WINDOW (window));
  tessera_test_settle (500);
  return window;
}

static void
test_history_pages (void)
{
  g_autoptr(GError) error = NULL;
  TesseraWindow *window = open_window_with_history ();
  g_autoptr(GPtrArray) games = NULL;

  tessera_window_show_start (window);
  tessera_test_settle (300);
  check_rings (GTK_WINDOW (window), "the start page", 40);

  tessera_window_show_history (window);
  tessera_test_settle (500);
  check_rings (GTK_WINDOW (window), "History", 40);
  assert_drop_downs_named (GTK_WIDGET (tessera_window_get_history_page (window)), 3);

  games = tessera_store_list_games (tessera_application_get_store (app, NULL), &error);
  g_assert_no_error (error);
  g_assert_true (tessera_window_open_replay (window, ((TesseraGameSummary *) g_ptr_array_index (games, 0))->id, &error));
  g_assert_no_error (error);
  tessera_test_settle (500);
  check_rings (GTK_WINDOW (window), "the replay", 40);

  tessera_window_show_players (window);
  tessera_test_settle (500);
  check_rings (GTK_WINDOW (window), "Players", 40);
  /* The table's inner list has a name (GTK 4.8 gave it its class name, "GtkColumnListView"). */
  g_assert_true (gtk_test_accessible_has_property (
                   GTK_ACCESSIBLE (tessera_test_find_descendant (GTK_WIDGET (tessera_window_get_players_page (window)), GTK_TYPE_LIST_VIEW)),
                   GTK_ACCESSIBLE_PROPERTY_LABEL));

  g_signal_emit_by_name (tessera_window_get_players_page (window), "player-activated", "Anna");
  tessera_test_settle (500);
  check_rings (GTK_WINDOW (window), "a profile", 40);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Players over an empty history: the keyboard is not left on the hidden table (it was, and Tab
 * never came back there), and the empty page's one stop says what the page says. */
static void
test_empty_players (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("tessera-focus-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "history.db", NULL);
  g_autoptr(TesseraStore) store = tessera_store_open (path, &error);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  TesseraPlayersPage *page = TESSERA_PLAYERS_PAGE (tessera_players_page_new ());

  g_assert_no_error (error);
  gtk_window_set_child (window, GTK_WIDGET (page));
  gtk_window_set_default_size (window, 1024, 600);
  gtk_window_present (window);
  g_assert_true (tessera_players_page_load (page, store, &error));
  g_assert_no_error (error);
  tessera_test_settle (500);
  g_assert_true (tessera_players_page_focus_table (page));
  tessera_test_settle (100);
  check_rings (window, "Players, no games", 40);
  g_assert_true (gtk_test_accessible_has_property (
                   GTK_ACCESSIBLE (tessera_test_find_descendant (tessera_test_find_descendant (GTK_WIDGET (page), ADW_TYPE_STATUS_PAGE),
                                                                 GTK_TYPE_SCROLLED_WINDOW)),
                   GTK_ACCESSIBLE_PROPERTY_LABEL));
  gtk_window_destroy (window);
  g_clear_object (&store);
  tessera_test_remove_history (path);
  g_rmdir (folder);
}

static void
test_new_game (void)
{
  TesseraWindow *window = open_window_with_history ();
  GtkWindow *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  tessera_test_settle (500);
  dialog = tessera_test_find_toplevel (TESSERA_TYPE_NEW_GAME_WINDOW);
  g_assert_nonnull (dialog);
  check_rings (dialog, "New Game", 40);
  gtk_window_destroy (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
collect_switches (GtkWidget *widget,
                  GPtrArray *switches)
{
  if (GTK_IS_SWITCH (widget))
    g_ptr_array_add (switches, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_switches (child, switches);
}

/* Preferences (Ctrl+,): its ring, and each row writes its setting at once. */
static void
test_preferences (void)
{
  TesseraWindow *window = open_window_with_history ();
  GSettings *settings = tessera_application_get_settings (app);
  GtkWindow *preferences;
  static const char * const keys[] = { "purist", "tower-capture-own", "tower-top-capturable" };
  g_autoptr(GPtrArray) switches = g_ptr_array_new ();
  AdwComboRow *letters;
  g_autofree char *when = NULL;

  g_assert_cmpstr ((when = g_settings_get_string (settings, "player-marks")), ==, "always");
  tessera_test_input_press_key (XK_comma, GDK_CONTROL_MASK);
  preferences = find_dialog (GTK_WINDOW (window));
  g_assert_true (TESSERA_IS_PREFERENCES_WINDOW (preferences));
  tessera_test_settle (400);
  tessera_test_save_screenshot (GTK_WIDGET (preferences), "screenshot-preferences.png");
  check_rings (preferences, "Preferences", 40);

  letters = ADW_COMBO_ROW (tessera_test_find_descendant (GTK_WIDGET (preferences), ADW_TYPE_COMBO_ROW));
  g_assert_cmpuint (adw_combo_row_get_selected (letters), ==, 0);
  adw_combo_row_set_selected (letters, 2);
  g_free (when);
  g_assert_cmpstr ((when = g_settings_get_string (settings, "player-marks")), ==, "never");
  adw_combo_row_set_selected (letters, 1);
  g_free (when);
  g_assert_cmpstr ((when = g_settings_get_string (settings, "player-marks")), ==, "auto");
  g_settings_set_string (settings, "player-marks", "always");
  g_assert_cmpuint (adw_combo_row_get_selected (letters), ==, 0);

  /* The switches in the window's order: purist, then the two Tower rules. */
  collect_switches (GTK_WIDGET (preferences), switches);
  g_assert_cmpuint (switches->len, ==, G_N_ELEMENTS (keys));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_assert_false (g_settings_get_boolean (settings, keys[i]));
      gtk_switch_set_active (g_ptr_array_index (switches, i), TRUE);
      g_assert_true (g_settings_get_boolean (settings, keys[i]));
      g_settings_reset (settings, keys[i]);
      g_assert_false (gtk_switch_get_active (g_ptr_array_index (switches, i)));
    }

  assert_closed_by_ctrl_w (preferences);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *scratch_dir = NULL;
  g_autofree char *history = NULL;
  int status;

  /* GTK's test accessibility backend keeps the names a screen reader would read, with no bus. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  app = tessera_test_ui_init (&argc, &argv, "tessera-focus-rings", &scratch_dir);
  if (app == NULL)
    return g_test_run ();
  if (!tessera_test_input_init ())
    {
      g_test_skip ("no X display for real key presses");
      return g_test_run ();
    }

  g_test_add_func ("/focus-rings/game-page", test_game_page);
  g_test_add_func ("/focus-rings/game-dialogs", test_game_dialogs);
  g_test_add_func ("/focus-rings/history-pages", test_history_pages);
  g_test_add_func ("/focus-rings/empty-players", test_empty_players);
  g_test_add_func ("/focus-rings/new-game", test_new_game);
  g_test_add_func ("/focus-rings/preferences", test_preferences);

  status = g_test_run ();
  g_clear_object (&app);
  history = g_build_filename (scratch_dir, "history.db", NULL);
  tessera_test_remove_history (history);
  g_rmdir (scratch_dir);
  return status;
}
