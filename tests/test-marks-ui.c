/* test-marks-ui.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tessera-application.h"
#include "tessera-board-image.h"
#include "tessera-player-marks.h"
#include "tessera-random-game.h"
#include "tessera-table-window.h"
#include "tessera-test-ui.h"
#include "tessera-turn.h"
#include "tessera-window.h"

/* Colour is not the only cue: with the player-marks setting on (or "auto" at high contrast),
 * the scoreboard, the score log and the replay chart's legend show each player's letter, and
 * the board draws it on the followers; with it off, none of them does. Screenshots of a game of
 * five with the letters, in the normal style and at high contrast, land in the build directory. */

static TesseraApplication *app;

/* The history tells players apart by name whatever its case: no Bert and bert here. */
static const char * const player_names[] = { "Anna", "Anton", "Bert", "Bram", "Émile", NULL };
static const char * const expected_marks[] = { "An", "At", "Be", "Br", "É", NULL };

/* A base game of the five above, stopped @n_events in. */
static gint64
import_game (TesseraStore *store,
             guint         n_events)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) setup = tessera_record_new ();
  g_autoptr(TesseraRecord) record = NULL;
  gboolean already;
  gint64 game_id;

  g_ptr_array_add (setup->sets, g_strdup ("base"));
  for (guint p = 0; player_names[p] != NULL; p++)
    tessera_record_add_player (setup, player_names[p], tessera_colors[p]);
  record = tessera_random_game_from_header (17, setup);
  g_ptr_array_set_size (record->events, MIN (n_events, record->events->len - 1));
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  return game_id;
}

/* As the primary menu's Player Letters items do: through the application's action, which
 * keeps the choice in the settings. */
static void
set_marks (const char *when)
{
  g_autofree char *kept = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (app), "player-marks", g_variant_new_string (when));
  kept = g_settings_get_string (tessera_application_get_settings (app), "player-marks");
  g_assert_cmpstr (kept, ==, when);
  tessera_test_settle (100);
}

/* A window on @game_id, shown and drawn. */
static TesseraWindow *
open_game (gint64 game_id)
{
  g_autoptr(GError) error = NULL;
  TesseraWindow *window = tessera_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  g_assert_true (tessera_window_resume_game (window, game_id, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  tessera_test_settle (300);
  return window;
}

/* The texts of the labels of @css_class under @widget that are on screen, in order. */
static void
collect_shown (GtkWidget  *widget,
               const char *css_class,
               GPtrArray  *texts)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, css_class))
    g_ptr_array_add (texts, (gpointer) gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_shown (child, css_class, texts);
}

/* The scoreboard (or the table view) marks each player's follower, in seat order; or none. */
static void
assert_marks_shown (GtkWidget *players,
                    gboolean   shown)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();

  collect_shown (players, "player-mark", texts);
  if (!shown)
    {
      g_assert_cmpuint (texts->len, ==, 0);
      return;
    }
  g_assert_cmpuint (texts->len, ==, g_strv_length ((char **) expected_marks));
  for (guint p = 0; p < texts->len; p++)
    g_assert_cmpstr (g_ptr_array_index (texts, p), ==, expected_marks[p]);
}

/* Each line of the log that names a player starts with that player's mark; or none does. */
static void
assert_log (TesseraScoreLog *log,
            TesseraGame     *game,
            gboolean         shown)
{
  GtkListBox *list = tessera_score_log_get_list (log);
  guint n_checked = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (list)); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      g_autoptr(GPtrArray) badges = g_ptr_array_new ();
      g_autoptr(GPtrArray) lines = g_ptr_array_new ();
      const char *line;

      collect_shown (row, "player-badge", badges);
      if (!shown)
        {
          g_assert_cmpuint (badges->len, ==, 0);
          continue;
        }
      /* The line is the row's other label: "3 · Anton: tile D at 1, 0", "Bert +4: …". */
      for (GtkWidget *child = gtk_widget_get_first_child (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)));
           child != NULL; child = gtk_widget_get_next_sibling (child))
        if (GTK_IS_LABEL (child) && !gtk_widget_has_css_class (child, "player-badge"))
          g_ptr_array_add (lines, (gpointer) gtk_label_get_text (GTK_LABEL (child)));
      g_assert_cmpuint (lines->len, ==, 1);
      line = g_ptr_array_index (lines, 0);
      if (strstr (line, "End of the game") != NULL)
        continue;
      g_assert_cmpuint (badges->len, ==, 1);
      for (guint p = 0; player_names[p] != NULL; p++)
        {
          g_autofree char *as_mover = g_strdup_printf (" · %s:", player_names[p]);
          g_autofree char *as_scorer = g_strdup_printf ("%s +", player_names[p]);

          if (strstr (line, as_mover) != NULL || g_str_has_prefix (line, as_scorer))
            {
              g_assert_cmpstr (g_ptr_array_index (badges, 0), ==, expected_marks[p]);
              n_checked++;
            }
        }
    }
  if (shown)
    g_assert_cmpuint (n_checked, >, tessera_game_get_n_events (game) / 2);
}

static void
assert_legend (TesseraChart *chart,
               gboolean      shown)
{
  g_assert_cmpuint (tessera_chart_get_n_series (chart), ==, g_strv_length ((char **) expected_marks));
  for (guint p = 0; p < tessera_chart_get_n_series (chart); p++)
    g_assert_cmpstr (tessera_chart_get_shown_mark (chart, p), ==, shown ? expected_marks[p] : NULL);
}

/* The pixels @widget draws now. */
static GBytes *
render_widget (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  guchar *data = g_malloc ((gsize) width * height * 4);

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  gdk_texture_download (texture, data, (gsize) width * 4);
  return g_bytes_new_take (data, (gsize) width * height * 4);
}

/* The pixels of the legend of the picture a game is shared as. */
static GBytes *
render_picture_legend (TesseraGame *game)
{
  cairo_surface_t *surface;
  cairo_rectangle_int_t area;
  GByteArray *pixels = g_byte_array_new ();
  int width, height;

  tessera_board_image_get_size (game, 1200, &width, &height);
  surface = tessera_board_image_render (game, width, height);
  g_assert_nonnull (surface);
  cairo_surface_flush (surface);
  tessera_board_image_get_legend_area (game, width, height, &area);
  g_assert_cmpint (area.height, >, 0);
  for (int row = area.y; row < area.y + area.height; row++)
    g_byte_array_append (pixels, cairo_image_surface_get_data (surface) + (gsize) row * cairo_image_surface_get_stride (surface)
                         + (gsize) area.x * 4, (guint) area.width * 4);
  cairo_surface_destroy (surface);
  return g_byte_array_free_to_bytes (pixels);
}

static void
test_marks (void)
{
  g_autoptr(GError) error = NULL;
  TesseraStore *store = tessera_application_get_store (app, &error);
  gint64 game_id = import_game (store, 50);
  TesseraWindow *window = open_game (game_id);
  TesseraGameView *view = tessera_window_get_game_view (window);
  TesseraScoreboard *scoreboard = tessera_game_view_get_scoreboard (view);
  TesseraScoreLog *log = TESSERA_SCORE_LOG (tessera_test_find_descendant (GTK_WIDGET (view), TESSERA_TYPE_SCORE_LOG));
  TesseraPlayerMarks *marks = tessera_player_marks_get_default ();
  g_autoptr(GBytes) board_plain = NULL;
  g_autoptr(GBytes) board_marked = NULL;
  g_autoptr(GBytes) legend_plain = NULL;
  g_autoptr(GBytes) legend_marked = NULL;
  GtkWindow *replay_window;
  TesseraReplayView *replay;
  TesseraChart *chart;

  g_assert_no_error (error);
  g_assert_nonnull (log);
  set_marks ("never");

  /* Off: no letters anywhere. */
  g_assert_false (tessera_player_marks_get_shown (marks));
  assert_marks_shown (GTK_WIDGET (scoreboard), FALSE);
  assert_log (log, tessera_game_view_get_game (view), FALSE);
  board_plain = render_widget (GTK_WIDGET (tessera_game_view_get_board_view (view)));
  legend_plain = render_picture_legend (tessera_game_view_get_game (view));

  /* On: the same widgets show them, without being made again. */
  set_marks ("always");
  g_assert_true (tessera_player_marks_get_shown (marks));
  assert_marks_shown (GTK_WIDGET (scoreboard), TRUE);
  assert_log (log, tessera_game_view_get_game (view), TRUE);
  /* The followers are drawn again, with their letters. */
  board_marked = render_widget (GTK_WIDGET (tessera_game_view_get_board_view (view)));
  g_assert_false (g_bytes_equal (board_plain, board_marked));
  /* The picture to share draws them on its legend's followers, as on its board. */
  legend_marked = render_picture_legend (tessera_game_view_get_game (view));
  g_assert_false (g_bytes_equal (legend_plain, legend_marked));
  {
    g_autofree char *path = g_build_filename (g_getenv ("TESSERA_SCREENSHOT_DIR") ? g_getenv ("TESSERA_SCREENSHOT_DIR") : ".",
                                              "screenshot-marks-picture.png", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    int width, height;

    tessera_board_image_get_size (tessera_game_view_get_game (view), 1200, &width, &height);
    g_assert_true (tessera_board_image_save (tessera_game_view_get_game (view), width, height, file, &error));
    g_assert_no_error (error);
  }
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-marks-game.png");

  /* The table view puts them on its big followers too, in seat order while the game goes on. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.table-view", NULL));
  tessera_test_settle (200);
  {
    g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());
    GtkWidget *table = NULL;

    for (guint i = 0; i < g_list_model_get_n_items (toplevels) && table == NULL; i++)
      {
        g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

        if (TESSERA_IS_TABLE_WINDOW (toplevel) && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
          table = GTK_WIDGET (toplevel);
      }
    g_assert_nonnull (table);
    assert_marks_shown (table, TRUE);
    tessera_test_save_screenshot (table, "screenshot-marks-table-view.png");
    gtk_window_destroy (GTK_WINDOW (table));
    tessera_test_settle (100);
  }

  /* The replay's chart: the letters in the legend, beside the shapes of the lines. */
  replay_window = GTK_WINDOW (gtk_window_new ());
  replay = TESSERA_REPLAY_VIEW (tessera_replay_view_new ());
  gtk_window_set_child (replay_window, GTK_WIDGET (replay));
  gtk_window_set_default_size (replay_window, 1280, 800);
  gtk_window_present (replay_window);
  g_assert_true (tessera_replay_view_load (replay, store, game_id, &error));
  g_assert_no_error (error);
  chart = tessera_chart_view_get_chart (tessera_replay_view_get_chart (replay));
  assert_legend (chart, TRUE);
  tessera_test_save_screenshot (GTK_WIDGET (replay_window), "screenshot-marks-replay.png");
  set_marks ("never");
  assert_legend (chart, FALSE);
  assert_marks_shown (GTK_WIDGET (tessera_replay_view_get_scoreboard (replay)), FALSE);
  gtk_window_destroy (replay_window);

  /* Off again: gone everywhere, and the board as it was. */
  assert_marks_shown (GTK_WIDGET (scoreboard), FALSE);
  assert_log (log, tessera_game_view_get_game (view), FALSE);
  g_clear_pointer (&board_marked, g_bytes_unref);
  board_marked = render_widget (GTK_WIDGET (tessera_game_view_get_board_view (view)));
  g_assert_true (g_bytes_equal (board_plain, board_marked));

  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (20);
}

/* "auto" shows the letters when the desktop asks for high contrast, as GNOME's accessibility
 * setting does. */
static void
test_high_contrast (void)
{
  g_autoptr(GError) error = NULL;
  TesseraStore *store = tessera_application_get_store (app, &error);
  TesseraPlayerMarks *marks = tessera_player_marks_get_default ();
  AdwStyleManager *style = adw_style_manager_get_default ();
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = g_settings_schema_source_lookup (source, "org.gnome.desktop.a11y.interface", TRUE);
  g_autoptr(GSettings) a11y = NULL;
  TesseraWindow *window;
  TesseraScoreboard *scoreboard;

  if (schema == NULL || !g_settings_schema_has_key (schema, "high-contrast"))
    {
      g_test_skip ("no org.gnome.desktop.a11y.interface schema to ask for high contrast with");
      return;
    }
  a11y = g_settings_new ("org.gnome.desktop.a11y.interface");

  set_marks ("auto");
  window = open_game (import_game (store, 40));
  scoreboard = tessera_game_view_get_scoreboard (tessera_window_get_game_view (window));
  g_assert_false (adw_style_manager_get_high_contrast (style));
  g_assert_false (tessera_player_marks_get_shown (marks));
  assert_marks_shown (GTK_WIDGET (scoreboard), FALSE);

  g_settings_set_boolean (a11y, "high-contrast", TRUE);
  tessera_test_settle (200);
  if (!adw_style_manager_get_high_contrast (style))
    {
      /* A settings portal answers for the desktop instead of GSettings. */
      g_settings_set_boolean (a11y, "high-contrast", FALSE);
      g_test_skip ("the style manager does not follow org.gnome.desktop.a11y.interface here");
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  g_assert_true (tessera_player_marks_get_shown (marks));
  assert_marks_shown (GTK_WIDGET (scoreboard), TRUE);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-marks-high-contrast.png");

  /* "never" wins over high contrast. */
  set_marks ("never");
  assert_marks_shown (GTK_WIDGET (scoreboard), FALSE);
  set_marks ("auto");
  assert_marks_shown (GTK_WIDGET (scoreboard), TRUE);

  g_settings_set_boolean (a11y, "high-contrast", FALSE);
  tessera_test_settle (200);
  g_assert_false (tessera_player_marks_get_shown (marks));
  assert_marks_shown (GTK_WIDGET (scoreboard), FALSE);

  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (20);
}

/* The luminance of the pixel at (@x, @y) of a widget's rendering @width wide, from 0 to 1. */
static double
luminance_at (GBytes *pixels,
              int     width,
              double  x,
              double  y)
{
  const guchar *data = g_bytes_get_data (pixels, NULL);
  const guchar *pixel = data + ((gsize) y * width + (gsize) x) * 4;

  /* Premultiplied BGRA in memory; the board is opaque. */
  return (0.0722 * pixel[0] + 0.7152 * pixel[1] + 0.2126 * pixel[2]) / 255.0;
}

/* How far the luminance at a point on a line from (@x, @y) to its right differs along it: in a
 * corner mark's arm and beside it, as a grey picture shows them. */
static double
corner_contrast (GBytes             *pixels,
                 int                 width,
                 const GdkRectangle *cell)
{
  double y = cell->y + cell->height * 0.115;

  return ABS (luminance_at (pixels, width, cell->x + cell->width * 0.2, y)
              - luminance_at (pixels, width, cell->x + cell->width * 0.5, y));
}

/* The board tells legal cells and the spot pointed at by their shapes: a legal cell has corner
 * marks, which a grey picture shows where another hole has none, and the spot lit has a dot
 * that the others do not. Screenshots of both land in the build directory. */
static void
test_shapes (void)
{
  g_autoptr(GError) error = NULL;
  TesseraStore *store = tessera_application_get_store (app, &error);
  TesseraWindow *window = open_game (import_game (store, 12));
  TesseraGameView *view = tessera_window_get_game_view (window);
  TesseraBoardView *board_view = tessera_game_view_get_board_view (view);
  GtkWidget *board_widget = GTK_WIDGET (board_view);
  TesseraTurn *turn;
  GArray *supply;
  const TesseraPlacement *placements;
  guint n_placements, n_markers;
  TesseraBoard *board;
  TesseraCell legal, other;
  GdkRectangle legal_bounds, other_bounds;
  gboolean found = FALSE;
  g_autoptr(GBytes) placing = NULL;
  g_autoptr(GBytes) lit = NULL;
  double x, y, r;

  set_marks ("never");
  supply = tessera_game_get_supply (tessera_game_view_get_game (view));
  for (guint i = 0; i < supply->len; i++)
    if (g_array_index (supply, TesseraSupplyEntry, i).left > 0)
      {
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.choose-tile", "s",
                                                   g_array_index (supply, TesseraSupplyEntry, i).entry->id));
        break;
      }
  turn = tessera_game_view_get_turn (view);
  g_assert_cmpint (tessera_turn_get_step (turn), ==, TESSERA_TURN_PLACE);
  placements = tessera_turn_get_placements (turn, &n_placements);
  g_assert_cmpuint (n_placements, >, 0);
  tessera_test_settle (300);

  /* A legal cell and a hole that is not, both whole in view. */
  legal = placements[0].cell;
  board = tessera_game_get_board (tessera_game_view_get_game (view));
  for (guint i = 0; i < tessera_board_get_n_open_cells (board) && !found; i++)
    {
      gboolean is_legal = FALSE;

      other = tessera_board_get_open_cell (board, i);
      for (guint j = 0; j < n_placements; j++)
        is_legal |= placements[j].cell.x == other.x && placements[j].cell.y == other.y;
      found = !is_legal && tessera_board_view_get_cell_bounds (board_view, other, &other_bounds)
              && other_bounds.x >= 0 && other_bounds.y >= 0
              && other_bounds.x + other_bounds.width < gtk_widget_get_width (board_widget)
              && other_bounds.y + other_bounds.height < gtk_widget_get_height (board_widget);
    }
  g_assert_true (found);
  g_assert_true (tessera_board_view_get_cell_bounds (board_view, legal, &legal_bounds));
  g_assert_cmpint (legal_bounds.width, >=, 40);
  placing = render_widget (board_widget);
  g_test_message ("corner contrast: legal %.2f, other %.2f",
                  corner_contrast (placing, gtk_widget_get_width (board_widget), &legal_bounds),
                  corner_contrast (placing, gtk_widget_get_width (board_widget), &other_bounds));
  g_assert_cmpfloat (corner_contrast (placing, gtk_widget_get_width (board_widget), &legal_bounds), >, 0.15);
  g_assert_cmpfloat (corner_contrast (placing, gtk_widget_get_width (board_widget), &other_bounds), <, 0.05);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-marks-legal-cells.png");
  /* The keyboard cursor's dashed outline, to be looked at. */
  gtk_widget_grab_focus (board_widget);
  g_assert_true (gtk_widget_activate_action (board_widget, "board.move-cursor", "(ii)", 1, 0));
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-marks-cursor.png");

  /* Placed: the spots for a follower. The one lit (1.2 times as large) is a bullseye: a light
   * dot in a dark ring, from 0.29 to 0.5 of the radius given, where the others show the tile
   * through a plain fill. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.place", "(iiu)", legal.x, legal.y,
                                             placements[0].rotation * 90u));
  tessera_test_settle (600);
  tessera_turn_get_choices (turn, &n_markers);
  g_assert_cmpuint (n_markers, >, 0);
  tessera_board_view_light_marker (board_view, 0);
  tessera_test_settle (100);
  g_assert_true (tessera_board_view_get_marker_point (board_view, 0, &x, &y, &r));
  lit = render_widget (board_widget);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-marks-spots.png");
  g_test_message ("lit spot: centre %.2f, ring %.2f", luminance_at (lit, gtk_widget_get_width (board_widget), x, y),
                  luminance_at (lit, gtk_widget_get_width (board_widget), x + r * 0.4, y));
  g_assert_cmpfloat (luminance_at (lit, gtk_widget_get_width (board_widget), x, y), >,
                     luminance_at (lit, gtk_widget_get_width (board_widget), x + r * 0.4, y) + 0.4);

  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (20);
}

/* "Always" chosen in the menu holds, on the desktop's own settings backend too. The test
 * marks-ui-no-bus runs this on dconf without a session bus, as a session started without one
 * runs: dconf writes through its service on the bus, and takes back every change it cannot
 * write a moment later. */
static void
test_always_held (void)
{
  g_autoptr(GError) error = NULL;
  TesseraStore *store = tessera_application_get_store (app, &error);
  TesseraPlayerMarks *marks = tessera_player_marks_get_default ();
  TesseraWindow *window = open_game (import_game (store, 30));
  TesseraGameView *view = tessera_window_get_game_view (window);
  g_autofree char *kept = NULL;

  set_marks ("never");
  assert_marks_shown (GTK_WIDGET (tessera_game_view_get_scoreboard (view)), FALSE);
  set_marks ("always");
  /* Long enough for a refused write to come back. */
  tessera_test_settle (1000);
  kept = g_settings_get_string (tessera_application_get_settings (app), "player-marks");
  g_assert_cmpstr (kept, ==, "always");
  g_assert_true (tessera_player_marks_get_shown (marks));
  assert_marks_shown (GTK_WIDGET (tessera_game_view_get_scoreboard (view)), TRUE);
  assert_log (TESSERA_SCORE_LOG (tessera_test_find_descendant (GTK_WIDGET (view), TESSERA_TYPE_SCORE_LOG)),
              tessera_game_view_get_game (view), TRUE);

  set_marks ("auto");
  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (20);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *scratch_dir = NULL;
  g_autofree char *history = NULL;
  int status;

  app = tessera_test_ui_init (&argc, &argv, "tessera-marks-ui", &scratch_dir);
  if (app == NULL)
    return g_test_run ();

  g_test_add_func ("/marks-ui/marks", test_marks);
  g_test_add_func ("/marks-ui/high-contrast", test_high_contrast);
  g_test_add_func ("/marks-ui/shapes", test_shapes);
  g_test_add_func ("/marks-ui/always-held", test_always_held);
  status = g_test_run ();

  g_clear_object (&app);
  history = g_build_filename (scratch_dir, "history.db", NULL);
  tessera_test_remove_history (history);
  g_rmdir (scratch_dir);
  return status;
}
