/* test-share.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <cairo-pdf.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tessera-test-ui.h"
#include "tessera-board-image.h"
#include "tessera-export-image-window.h"
#include "tessera-figure-art.h"
#include "tessera-game-view.h"
#include "tessera-paint.h"
#include "tessera-random-game.h"
#include "tessera-replay-view.h"
#include "tessera-score-sheet.h"

/* A game shared as a picture and as a score sheet: the PNG is read back pixel by pixel, the PDF
 * through poppler's pdfinfo and pdftotext, as someone who receives them would see them. Both
 * are written into the build directory too, to be looked at. */

static TesseraApplication *app;
static char *scratch;

static const char * const base_sets[] = { "base", NULL };
static const char * const expansion_sets[] = { "wheel-of-fortune", "tower", NULL };

static TesseraRecord *
played_record (guint32             seed,
               guint               n_players,
               const char * const *sets)
{
  TesseraRecord *record = tessera_random_game_with_sets (seed, n_players, sets);

  record->played = g_new0 (TesseraPlayed, 1);
  record->played->start = g_strdup ("2026-11-24T19:30:00+01:00");
  record->played->place = g_strdup ("Club De Toren");
  return record;
}

static TesseraGame *
game_from_record (const TesseraRecord *record,
                  guint                n_events)
{
  g_autoptr(GError) error = NULL;
  TesseraGame *game = tessera_game_new_from_record (record, n_events, &error);

  g_assert_no_error (error);
  return game;
}

static char *
scratch_path (const char *name)
{
  return g_build_filename (scratch, name, NULL);
}

/* A copy for people to look at, beside the UI suite's screenshots. */
static void
keep_copy (const char *path,
           const char *name)
{
  g_autofree char *target = g_build_filename (g_getenv ("TESSERA_SCREENSHOT_DIR") ? g_getenv ("TESSERA_SCREENSHOT_DIR") : ".",
                                              name, NULL);
  g_autoptr(GFile) from = g_file_new_for_path (path);
  g_autoptr(GFile) to = g_file_new_for_path (target);
  g_autoptr(GError) error = NULL;

  g_file_copy (from, to, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("kept: %s", target);
}

/* Pixels */

static guint32
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y)
{
  const guchar *row = cairo_image_surface_get_data (surface) + (gsize) y * cairo_image_surface_get_stride (surface);

  return ((const guint32 *) (gconstpointer) row)[x];
}

static gboolean
pixel_near (guint32        pixel,
            const GdkRGBA *rgba,
            int            tolerance)
{
  int r = (int) ((pixel >> 16) & 0xff), g = (int) ((pixel >> 8) & 0xff), b = (int) (pixel & 0xff);

  return ABS (r - (int) (rgba->red * 255 + 0.5)) <= tolerance && ABS (g - (int) (rgba->green * 255 + 0.5)) <= tolerance
         && ABS (b - (int) (rgba->blue * 255 + 0.5)) <= tolerance;
}

static guint
count_near (cairo_surface_t             *surface,
            const cairo_rectangle_int_t *area,
            const GdkRGBA               *rgba,
            int                          tolerance)
{
  guint n = 0;

  for (int y = area->y; y < area->y + area->height; y++)
    for (int x = area->x; x < area->x + area->width; x++)
      n += pixel_near (pixel_at (surface, x, y), rgba, tolerance);
  return n;
}

static guint
count_player_colour (cairo_surface_t             *surface,
                     const cairo_rectangle_int_t *area,
                     const char                  *color)
{
  GdkRGBA rgba;

  /* The follower is shaded from lighter to darker than the colour: near it, not exactly it. */
  tessera_figure_art_player_rgba (color, &rgba);
  return count_near (surface, area, &rgba, 20);
}

static cairo_surface_t *
load_png (const char *path)
{
  cairo_surface_t *surface = cairo_image_surface_create_from_png (path);

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  return surface;
}

/* The picture */

static void
test_image_size (void)
{
  g_autoptr(TesseraRecord) record = played_record (5, 4, base_sets);
  g_autoptr(TesseraGame) game = game_from_record (record, G_MAXUINT);
  static const int asked[][2] = { { 1500, 900 }, { 700, 1000 } };

  /* The sizes the dialog offers have that longer side, and the board's shape. */
  for (int long_side = 1024; long_side <= 4096; long_side *= 2)
    {
      int width, height;

      tessera_board_image_get_size (game, long_side, &width, &height);
      g_assert_cmpint (MAX (width, height), ==, long_side);
      g_assert_cmpint (MIN (width, height), >=, long_side / 3);
    }

  /* A size asked for is the size of the PNG written. */
  for (guint i = 0; i < G_N_ELEMENTS (asked); i++)
    {
      g_autofree char *path = scratch_path ("asked.png");
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      cairo_surface_t *surface;

      g_assert_true (tessera_board_image_save (game, asked[i][0], asked[i][1], file, &error));
      g_assert_no_error (error);
      surface = load_png (path);
      g_assert_cmpint (cairo_image_surface_get_width (surface), ==, asked[i][0]);
      g_assert_cmpint (cairo_image_surface_get_height (surface), ==, asked[i][1]);
      cairo_surface_destroy (surface);
    }
}

static void
test_image_content (void)
{
  g_autoptr(TesseraRecord) record = played_record (5, 4, base_sets);
  g_autoptr(TesseraGame) game = game_from_record (record, G_MAXUINT);
  g_autofree char *path = scratch_path ("board.png");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraGame) recoloured = NULL;
  cairo_surface_t *surface, *other;
  cairo_rectangle_int_t legend, board;
  GdkRGBA table;
  guint changed = 0;
  int width, height;

  tessera_board_image_get_size (game, 1024, &width, &height);
  g_assert_true (tessera_board_image_save (game, width, height, file, &error));
  g_assert_no_error (error);
  keep_copy (path, "share-board.png");
  surface = load_png (path);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, height);

  /* The board takes most of the picture, and is not the bare table. */
  tessera_board_image_get_legend_area (game, width, height, &legend);
  g_assert_cmpint (legend.y + legend.height, ==, height);
  g_assert_cmpint (legend.height, >, 0);
  g_assert_cmpint (legend.height, <, height / 3);
  board = (cairo_rectangle_int_t) { 0, 0, width, legend.y };
  tessera_paint_rgba_init (&table, 0xde / 255.0, 0xd6 / 255.0, 0xc4 / 255.0, 1);
  g_assert_cmpuint (count_near (surface, &board, &table, 2), <, (guint) (board.width * board.height) * 3 / 4);
  g_assert_cmpuint (count_near (surface, &board, &table, 2), >, 0);

  /* Each player's colour is in the legend, and a colour no one plays is not. */
  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    g_assert_cmpuint (count_player_colour (surface, &legend, tessera_game_get_player_color (game, p)), >=, 30);
  g_assert_cmpuint (count_player_colour (surface, &legend, "purple"), ==, 0);

  /* The first player in purple: the legend shows purple and no more red. */
  g_free (g_array_index (record->players, TesseraPlayerInfo, 0).color);
  g_array_index (record->players, TesseraPlayerInfo, 0).color = g_strdup ("purple");
  recoloured = game_from_record (record, G_MAXUINT);
  other = tessera_board_image_render (recoloured, width, height);
  g_assert_cmpuint (count_player_colour (other, &legend, "purple"), >=, 30);
  g_assert_cmpuint (count_player_colour (other, &legend, tessera_game_get_player_color (game, 0)), ==, 0);
  for (int y = legend.y; y < height; y++)
    for (int x = 0; x < width; x++)
      changed += pixel_at (surface, x, y) != pixel_at (other, x, y);
  g_assert_cmpuint (changed, >=, 30);

  cairo_surface_destroy (other);
  cairo_surface_destroy (surface);
}

/* The score sheet */

static char *
run_poppler (const char *program,
             const char *pdf)
{
  const char *argv[] = { program, pdf, NULL, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *found = g_find_program_in_path (program);
  char *out = NULL;
  int status = 0;

  /* poppler-utils is in build-aux/debian-packages: without it the PDF is not checked at all. */
  if (found == NULL)
    g_error ("%s is missing: install poppler-utils", program);
  if (g_str_equal (program, "pdftotext"))
    argv[2] = "-";
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                &status, &error);
  g_assert_no_error (error);
  g_spawn_check_wait_status (status, &error);
  g_assert_no_error (error);
  return out;
}

static guint
count_pages (const char *pdf)
{
  g_autofree char *info = run_poppler ("pdfinfo", pdf);
  const char *pages = strstr (info, "\nPages:");

  g_assert_nonnull (pages);
  return (guint) g_ascii_strtoull (pages + strlen ("\nPages:"), NULL, 10);
}

/* Words separated by any white space in the text, as pdftotext may set them apart. */
static gboolean
text_has (const char *text,
          const char *words)
{
  g_auto(GStrv) parts = g_strsplit (words, " ", -1);
  g_autoptr(GString) pattern = g_string_new (NULL);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *escaped = g_regex_escape_string (parts[i], -1);

      g_string_append_printf (pattern, "%s%s", i > 0 ? "\\s+" : "", escaped);
    }
  return g_regex_match_simple (pattern->str, text, 0, 0);
}

/* Every name, every total and the winner on one page. */
static char *
check_sheet (const char  *pdf,
             TesseraGame *game)
{
  char *text = run_poppler ("pdftotext", pdf);
  int best = G_MININT;

  g_assert_cmpuint (count_pages (pdf), ==, 1);
  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    {
      g_autofree char *total = g_strdup_printf ("%d", tessera_game_get_score (game, p));

      if (!text_has (text, tessera_game_get_player_names (game)[p]))
        g_error ("%s is not on the sheet:\n%s", tessera_game_get_player_names (game)[p], text);
      if (!text_has (text, total))
        g_error ("the total %s is not on the sheet:\n%s", total, text);
      best = MAX (best, tessera_game_get_score (game, p));
    }
  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    if (tessera_game_get_score (game, p) == best && tessera_game_is_finished (game))
      {
        g_autofree char *winner = g_strdup_printf ("Winner: %s, with %d points", tessera_game_get_player_names (game)[p], best);

        if (!text_has (text, winner))
          g_error ("\"%s\" is not on the sheet:\n%s", winner, text);
      }
  g_assert_true (text_has (text, "Carcassonne Score Sheet"));
  g_assert_true (text_has (text, "Club De Toren"));
  g_assert_true (text_has (text, "Roads"));
  g_assert_true (text_has (text, "Cities"));
  g_assert_true (text_has (text, "Cloisters"));
  g_assert_true (text_has (text, "Farms"));
  return text;
}

static void
test_sheet_pdf (void)
{
  g_autoptr(TesseraRecord) record = played_record (5, 4, base_sets);
  g_autoptr(TesseraGame) game = game_from_record (record, G_MAXUINT);
  g_autofree char *path = scratch_path ("sheet.pdf");
  g_autofree char *text = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;

  /* A4 in points, as the print operation's draw-page hands it over. */
  surface = cairo_pdf_surface_create (path, 595.28, 841.89);
  cr = cairo_create (surface);
  tessera_score_sheet_draw (game, cr, 595.28, 841.89);
  cairo_show_page (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  keep_copy (path, "share-score-sheet.pdf");

  text = check_sheet (path, game);
  g_assert_true (text_has (text, "Final scores"));
  /* Only the categories in play: no wheel and no tower in a base game. */
  g_assert_false (text_has (text, "Wheel"));
  g_assert_false (text_has (text, "Crowns"));
  g_assert_false (text_has (text, "Ransoms"));
}

/* Through the print operation the Print dialog runs, exported to PDF as Print to File does. */
static void
test_sheet_print_operation (void)
{
  g_autoptr(TesseraRecord) record = played_record (31, 3, expansion_sets);
  g_autoptr(TesseraGame) game = game_from_record (record, G_MAXUINT);
  g_autoptr(GtkPrintOperation) operation = tessera_score_sheet_new_print_operation (game);
  g_autofree char *path = scratch_path ("printed.pdf");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (gtk_print_settings_get (gtk_print_operation_get_print_settings (operation),
                                           GTK_PRINT_SETTINGS_OUTPUT_BASENAME),
                   ==, "2026-11-24 Anna, Bram, Carmen");
  gtk_print_operation_set_export_filename (operation, path);
  g_assert_cmpint (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, &error),
                   ==, GTK_PRINT_OPERATION_RESULT_APPLY);
  g_assert_no_error (error);
  keep_copy (path, "share-score-sheet-expansions.pdf");

  text = check_sheet (path, game);
  g_assert_true (text_has (text, "Wheel"));
  g_assert_true (text_has (text, "Crowns"));
  g_assert_true (text_has (text, "Ransoms"));
  g_assert_true (text_has (text, "Wheel of Fortune, The Tower"));
}

/* A game not over says who leads after which move; a tie names every winner. */
static void
test_sheet_unfinished_and_tie (void)
{
  g_autoptr(TesseraRecord) record = played_record (5, 4, base_sets);
  g_autoptr(TesseraGame) unfinished = game_from_record (record, 30);
  g_autoptr(TesseraGame) tie = game_from_record (record, 0);
  g_autoptr(TesseraEvent) end = tessera_event_new (TESSERA_EVENT_END);
  g_autoptr(GError) error = NULL;
  g_autofree char *unfinished_pdf = scratch_path ("unfinished.pdf");
  g_autofree char *tie_pdf = scratch_path ("tie.pdf");
  g_autofree char *text = NULL;
  g_autoptr(GtkPrintOperation) first = tessera_score_sheet_new_print_operation (unfinished);
  g_autoptr(GtkPrintOperation) second = NULL;
  guint order[TESSERA_MAX_PLAYERS];

  gtk_print_operation_set_export_filename (first, unfinished_pdf);
  g_assert_cmpint (gtk_print_operation_run (first, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, &error),
                   ==, GTK_PRINT_OPERATION_RESULT_APPLY);
  text = check_sheet (unfinished_pdf, unfinished);
  g_assert_true (text_has (text, "Scores after move 30"));
  tessera_board_image_rank_players (unfinished, order);
  {
    g_autofree char *leader = g_strdup_printf ("In the lead: %s", tessera_game_get_player_names (unfinished)[order[0]]);

    g_assert_true (text_has (text, leader));
  }
  g_assert_false (text_has (text, "Winner"));
  g_clear_pointer (&text, g_free);

  /* Ended at once: everyone has 0 and wins. */
  g_assert_true (tessera_game_apply (tie, end, &error));
  g_assert_no_error (error);
  second = tessera_score_sheet_new_print_operation (tie);
  gtk_print_operation_set_export_filename (second, tie_pdf);
  g_assert_cmpint (gtk_print_operation_run (second, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, &error),
                   ==, GTK_PRINT_OPERATION_RESULT_APPLY);
  text = run_poppler ("pdftotext", tie_pdf);
  g_assert_cmpuint (count_pages (tie_pdf), ==, 1);
  g_assert_true (text_has (text, "Winners: Anna, Bram, Carmen, Daan, with 0 points each"));
}

/* The commands */

/* Whether @widget's class binds @accelerator to @action. */
static gboolean
has_shortcut (GtkWidget  *widget,
              const char *accelerator,
              const char *action)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  g_autoptr(GtkShortcutTrigger) wanted = gtk_shortcut_trigger_parse_string (accelerator);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutAction *named = gtk_shortcut_get_action (shortcut);

          if (GTK_IS_NAMED_ACTION (named) && g_str_equal (gtk_named_action_get_action_name (GTK_NAMED_ACTION (named)), action)
              && gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
            return TRUE;
        }
    }
  return FALSE;
}

/* The Export Image window an action opened: its sizes, and the PNG its Export saves. */
static void
check_export_window (TesseraGame *game)
{
  TesseraExportImageWindow *window = TESSERA_EXPORT_IMAGE_WINDOW (tessera_test_find_toplevel (TESSERA_TYPE_EXPORT_IMAGE_WINDOW));
  g_autofree char *path = scratch_path ("exported.png");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;
  int width, height, expected_width, expected_height;

  g_assert_nonnull (window);
  /* Enter goes on to choose the file. */
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (gtk_window_get_default_widget (GTK_WINDOW (window)))),
                   ==, "export-image.choose-file");
  g_assert_cmpint (tessera_export_image_window_get_long_side (window), ==, 2048);
  tessera_export_image_window_set_long_side (window, 4096);
  tessera_export_image_window_get_size (window, &width, &height);
  g_assert_cmpint (MAX (width, height), ==, 4096);
  tessera_export_image_window_set_long_side (window, 1024);
  tessera_export_image_window_get_size (window, &width, &height);
  tessera_board_image_get_size (game, 1024, &expected_width, &expected_height);
  g_assert_cmpint (width, ==, expected_width);
  g_assert_cmpint (height, ==, expected_height);

  g_assert_true (tessera_export_image_window_save (window, file, &error));
  g_assert_no_error (error);
  surface = load_png (path);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, height);
  cairo_surface_destroy (surface);
  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}

typedef struct
{
  gboolean seen;
} PrintDialogWatch;

/* The Print dialog runs its own loop: this answers it with Cancel once it shows. */
static gboolean
cancel_print_dialog_cb (gpointer data)
{
  PrintDialogWatch *watch = data;
  GtkWindow *dialog = tessera_test_find_toplevel (GTK_TYPE_DIALOG);

  /* GtkPrintUnixDialog, whose header is not GTK's own. */
  if (dialog == NULL || !g_str_equal (G_OBJECT_TYPE_NAME (dialog), "GtkPrintUnixDialog"))
    return G_SOURCE_CONTINUE;
  watch->seen = TRUE;
  tessera_test_save_screenshot (GTK_WIDGET (dialog), "screenshot-share-print-dialog.png");
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  return G_SOURCE_REMOVE;
}

static void
check_print_action (GtkWidget  *view,
                    const char *action)
{
  PrintDialogWatch watch = { FALSE };
  guint source = g_timeout_add (50, cancel_print_dialog_cb, &watch);

  g_assert_true (gtk_widget_activate_action (view, action, NULL));
  tessera_test_settle (100);
  if (!watch.seen)
    g_source_remove (source);
  g_assert_true (watch.seen);
}

static GtkWidget *
find_actionable (GtkWidget  *widget,
                 const char *action)
{
  if (GTK_IS_ACTIONABLE (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_actionable (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A menu's item (a GtkModelButton, which keeps its action to itself) by its label. */
static GtkWidget *
find_menu_item (GtkWidget  *widget,
                const char *label)
{
  if (g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkModelButton"))
    {
      g_autofree char *text = NULL;

      g_object_get (widget, "text", &text, NULL);
      if (g_strcmp0 (text, label) == 0)
        return widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_menu_item (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Whether the open menu offers the item: it is greyed out while its action is disabled. */
static gboolean
menu_offers (GtkMenuButton *menu_button,
             const char    *label)
{
  GtkWidget *item = find_menu_item (GTK_WIDGET (gtk_menu_button_get_popover (menu_button)), label);

  g_assert_nonnull (item);
  return gtk_widget_get_sensitive (item);
}

static void
test_actions (void)
{
  g_autoptr(TesseraRecord) record = played_record (5, 4, base_sets);
  g_autoptr(TesseraRecord) unfinished = played_record (6, 2, base_sets);
  g_autofree char *path = scratch_path ("history.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (path, &error);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *stack = gtk_stack_new ();
  TesseraReplayView *replay = TESSERA_REPLAY_VIEW (tessera_replay_view_new ());
  TesseraGameView *game_view = g_object_new (TESSERA_TYPE_GAME_VIEW, NULL);
  GtkMenuButton *menu_button;
  gint64 game_id, unfinished_id;
  gboolean already;

  g_assert_no_error (error);
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  g_ptr_array_set_size (unfinished->events, 20);
  unfinished_id = tessera_store_import_record (store, unfinished, &already, &error);
  g_assert_no_error (error);

  gtk_stack_add_named (GTK_STACK (stack), GTK_WIDGET (replay), "replay");
  gtk_stack_add_named (GTK_STACK (stack), GTK_WIDGET (game_view), "game");
  gtk_window_set_child (window, stack);
  gtk_window_set_default_size (window, 1280, 800);
  gtk_window_present (window);

  /* The replay, at a move half way. */
  g_assert_true (tessera_replay_view_load (replay, store, game_id, &error));
  g_assert_no_error (error);
  tessera_replay_view_set_position (replay, record->events->len / 2);
  /* The replay's menu offers both. */
  menu_button = GTK_MENU_BUTTON (tessera_test_find_descendant (GTK_WIDGET (replay), GTK_TYPE_MENU_BUTTON));
  g_assert_nonnull (menu_button);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-share-replay.png");
  gtk_menu_button_popup (menu_button);
  tessera_test_save_screenshot (GTK_WIDGET (gtk_menu_button_get_popover (menu_button)), "screenshot-share-replay-menu.png");
  /* The header's Fit button reaches the board's own action. */
  g_assert_true (gtk_widget_get_sensitive (find_actionable (GTK_WIDGET (replay), "board.fit")));
  /* A finished game: all three, BG Stats too. */
  g_assert_true (menu_offers (menu_button, "Export Image…"));
  g_assert_true (menu_offers (menu_button, "Print Score Sheet…"));
  g_assert_true (menu_offers (menu_button, "Send to BG Stats…"));
  gtk_menu_button_popdown (menu_button);
  g_assert_true (has_shortcut (GTK_WIDGET (replay), "<Control><Shift>s", "share.export-image"));
  g_assert_true (has_shortcut (GTK_WIDGET (replay), "<Control>p", "share.print-score-sheet"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (replay), "share.export-image", NULL));
  tessera_test_save_screenshot (GTK_WIDGET (tessera_test_find_toplevel (TESSERA_TYPE_EXPORT_IMAGE_WINDOW)), "screenshot-export-image.png");
  check_export_window (tessera_replay_view_get_game (replay));
  check_print_action (GTK_WIDGET (replay), "share.print-score-sheet");

  /* The running game. */
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "game");
  {
    g_autoptr(TesseraSession) session = tessera_session_open (store, unfinished_id, &error);

    g_assert_no_error (error);
    tessera_game_view_set_session (game_view, session);
  }
  menu_button = GTK_MENU_BUTTON (tessera_test_find_descendant (GTK_WIDGET (game_view), GTK_TYPE_MENU_BUTTON));
  g_assert_nonnull (menu_button);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-share-game.png");
  gtk_menu_button_popup (menu_button);
  tessera_test_save_screenshot (GTK_WIDGET (gtk_menu_button_get_popover (menu_button)), "screenshot-share-game-menu.png");
  g_assert_true (gtk_widget_get_sensitive (find_actionable (GTK_WIDGET (game_view), "board.fit")));
  /* A game still being played has no result for BG Stats yet. */
  g_assert_true (menu_offers (menu_button, "Export Image…"));
  g_assert_true (menu_offers (menu_button, "Print Score Sheet…"));
  g_assert_false (menu_offers (menu_button, "Send to BG Stats…"));
  gtk_menu_button_popdown (menu_button);
  g_assert_true (has_shortcut (GTK_WIDGET (game_view), "<Control><Shift>s", "share.export-image"));
  g_assert_true (has_shortcut (GTK_WIDGET (game_view), "<Control>p", "share.print-score-sheet"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (game_view), "share.export-image", NULL));
  check_export_window (tessera_game_view_get_game (game_view));
  check_print_action (GTK_WIDGET (game_view), "share.print-score-sheet");

  gtk_window_destroy (window);
  tessera_test_settle (50);
  g_clear_object (&store);
  tessera_test_remove_history (path);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *scratch_dir = NULL;
  g_autofree char *history = NULL;
  int status;

  app = tessera_test_ui_init (&argc, &argv, "tessera-share", &scratch_dir);
  if (app == NULL)
    return g_test_run ();
  scratch = scratch_dir;

  g_test_add_func ("/share/image/size", test_image_size);
  g_test_add_func ("/share/image/content", test_image_content);
  g_test_add_func ("/share/sheet/pdf", test_sheet_pdf);
  g_test_add_func ("/share/sheet/print-operation", test_sheet_print_operation);
  g_test_add_func ("/share/sheet/unfinished-and-tie", test_sheet_unfinished_and_tie);
  g_test_add_func ("/share/actions", test_actions);
  status = g_test_run ();

  g_clear_object (&app);
  history = g_build_filename (scratch_dir, "history.db", NULL);
  tessera_test_remove_history (history);
  {
    const char *names[] = { "asked.png", "board.png", "sheet.pdf", "printed.pdf", "unfinished.pdf", "tie.pdf", "exported.png" };

    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *path = scratch_path (names[i]);

        g_remove (path);
      }
  }
  g_rmdir (scratch_dir);
  return status;
}
