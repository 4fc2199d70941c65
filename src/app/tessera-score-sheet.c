/* tessera-score-sheet.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-score-sheet"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "tessera-board-image.h"
#include "tessera-figure-art.h"
#include "tessera-names.h"
#include "tessera-paint.h"
#include "tessera-score-sheet.h"

/* The sheet is drawn in points, on paper or on a PDF surface alike: the print operation works
 * in GTK_UNIT_POINTS, and every font size is absolute (tessera_paint_create_layout()), so the
 * printer's resolution changes nothing. The board is a picture made at BOARD_DPI: drawn as
 * vectors it would embed every tile's texture at the few pixels a point is. */

#define MARGIN 18.0
#define NAME_MIN_WIDTH 130.0
#define BOARD_DPI 200.0
#define TEXT_RGB 0x241f31
#define DIM_RGB 0x5e5c64
#define STRIPE_RGB 0xf3f1ed

typedef struct
{
  cairo_t *cr;
  double   y;       /* where the next line goes */
  double   width;
} Page;

/* A line of text at the page's left, ellipsized to its width; moves the page on by its height. */
static void
add_line (Page       *page,
          const char *text,
          double      size,
          PangoWeight weight,
          guint32     rgb,
          double      space_after)
{
  g_autoptr(PangoLayout) layout = tessera_paint_create_layout (page->cr, text, size, weight);
  PangoRectangle logical;

  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_width (layout, (int) (page->width * PANGO_SCALE));
  pango_layout_get_extents (layout, NULL, &logical);
  cairo_move_to (page->cr, 0, page->y);
  tessera_paint_set_rgb (page->cr, rgb);
  pango_cairo_show_layout (page->cr, layout);
  page->y += logical.height / (double) PANGO_SCALE + space_after;
}

/* Text in a cell: right-aligned at @right, or left-aligned at @left when @right is below 0;
 * centred on the row's @middle. */
static double
show_cell (cairo_t     *cr,
           PangoLayout *layout,
           double       left,
           double       right,
           double       middle,
           guint32      rgb)
{
  PangoRectangle logical;
  double x;

  pango_layout_get_extents (layout, NULL, &logical);
  x = right >= 0 ? right - logical.width / (double) PANGO_SCALE : left;
  cairo_move_to (cr, x, middle - logical.height / (2.0 * PANGO_SCALE));
  tessera_paint_set_rgb (cr, rgb);
  pango_cairo_show_layout (cr, layout);
  return logical.width / (double) PANGO_SCALE;
}

/* The categories in play: the base game's always, the wheel's and the Tower's in a game with
 * them, and any other that scored (a correction). */
static guint
list_categories (TesseraGame     *game,
                 TesseraCategory  categories[TESSERA_N_CATEGORIES])
{
  guint n = 0;

  for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
    {
      gboolean shown = c <= TESSERA_CATEGORY_FARM;

      if (c == TESSERA_CATEGORY_WHEEL || c == TESSERA_CATEGORY_CROWN)
        shown = tessera_game_get_wheel (game) != NULL;
      else if (c == TESSERA_CATEGORY_RANSOM)
        shown = tessera_game_has_tower (game);
      for (guint p = 0; p < tessera_game_get_n_players (game) && !shown; p++)
        shown = tessera_game_get_category_score (game, p, (TesseraCategory) c) != 0;
      if (shown)
        categories[n++] = (TesseraCategory) c;
    }
  return n;
}

static void
add_rule (Page   *page,
          double  width)
{
  cairo_rectangle (page->cr, 0, page->y, page->width, width);
  tessera_paint_set_rgb (page->cr, TEXT_RGB);
  cairo_fill (page->cr);
}

static double
text_width (cairo_t     *cr,
            const char  *text,
            double       size,
            PangoWeight  weight)
{
  g_autoptr(PangoLayout) layout = tessera_paint_create_layout (cr, text, size, weight);
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return logical.width / (double) PANGO_SCALE;
}

/* Column @c of the table: a category's, or the total after the last. */
static const char *
column_title (const TesseraCategory *categories,
              guint                  n_categories,
              guint                  c)
{
  return c < n_categories ? tessera_category_title (categories[c]) : _("Total");
}

static int
column_points (TesseraGame           *game,
               guint                  player,
               const TesseraCategory *categories,
               guint                  n_categories,
               guint                  c)
{
  return c < n_categories ? tessera_game_get_category_score (game, player, categories[c]) : tessera_game_get_score (game, player);
}

static void
add_table (Page        *page,
           TesseraGame *game)
{
  cairo_t *cr = page->cr;
  const char * const *names = tessera_game_get_player_names (game);
  TesseraCategory categories[TESSERA_N_CATEGORIES];
  guint n_categories = list_categories (game, categories);
  guint order[TESSERA_MAX_PLAYERS];
  guint n_players = tessera_board_image_rank_players (game, order);
  double right[TESSERA_N_CATEGORIES + 1], widths[TESSERA_N_CATEGORIES + 1];
  double header_size = 8.5, total = 0, roomy = 0, name_width, row = 22, header_row = 20;
  g_autoptr(PangoLayout) player_layout = NULL;

  /* Each column as wide as its heading or its widest number; on a wide page all of them as
   * wide as the widest, which reads as a table; on a narrow one, headings and columns shrink
   * together until the names keep their room. */
  for (guint c = 0; c <= n_categories; c++)
    {
      widths[c] = text_width (cr, column_title (categories, n_categories, c), header_size, PANGO_WEIGHT_BOLD);
      for (guint p = 0; p < n_players; p++)
        {
          g_autofree char *text = g_strdup_printf ("%d", column_points (game, p, categories, n_categories, c));

          widths[c] = MAX (widths[c], text_width (cr, text, 11, PANGO_WEIGHT_BOLD));
        }
      widths[c] += 14;
      total += widths[c];
    }
  for (guint c = 0; c <= n_categories; c++)
    roomy = MAX (roomy, widths[c]);
  if (roomy * (n_categories + 1) + NAME_MIN_WIDTH <= page->width)
    {
      for (guint c = 0; c <= n_categories; c++)
        widths[c] = roomy;
      total = roomy * (n_categories + 1);
    }
  else if (total + NAME_MIN_WIDTH > page->width)
    {
      double scale = (page->width - NAME_MIN_WIDTH) / total;

      header_size *= scale;
      for (guint c = 0; c <= n_categories; c++)
        widths[c] *= scale;
      total *= scale;
    }
  name_width = page->width - total;
  for (guint c = 0; c <= n_categories; c++)
    right[c] = (c > 0 ? right[c - 1] + 4 : name_width) + widths[c] - 4;

  player_layout = tessera_paint_create_layout (cr, _("Player"), header_size, PANGO_WEIGHT_BOLD);
  show_cell (cr, player_layout, 0, -1, page->y + header_row / 2, DIM_RGB);
  for (guint c = 0; c <= n_categories; c++)
    {
      g_autoptr(PangoLayout) layout = tessera_paint_create_layout (cr, column_title (categories, n_categories, c), header_size,
                                                                   PANGO_WEIGHT_BOLD);

      show_cell (cr, layout, 0, right[c], page->y + header_row / 2, DIM_RGB);
    }
  page->y += header_row;
  add_rule (page, 1);
  page->y += 1;

  for (guint r = 0; r < n_players; r++)
    {
      guint p = order[r];
      double middle = page->y + row / 2;
      g_autoptr(PangoLayout) name = tessera_paint_create_layout (cr, names[p], 11, PANGO_WEIGHT_NORMAL);
      gboolean winner = tessera_board_image_is_winner (game, p);
      GdkRGBA rgba;
      double shown;

      if (r % 2 == 1)
        {
          tessera_paint_set_rgb (cr, STRIPE_RGB);
          cairo_rectangle (cr, 0, page->y, page->width, row);
          cairo_fill (cr);
        }
      tessera_figure_art_player_rgba (tessera_game_get_player_color (game, p), &rgba);
      tessera_figure_art_draw_follower (cr, 9, middle, 15, &rgba, TESSERA_FEATURE_CITY);
      pango_layout_set_ellipsize (name, PANGO_ELLIPSIZE_END);
      pango_layout_set_width (name, (int) ((name_width - 22 - 18) * PANGO_SCALE));
      shown = show_cell (cr, name, 22, -1, middle, TEXT_RGB);
      if (winner)
        {
          tessera_paint_star_path (cr, 22 + shown + 9, middle, 6);
          tessera_paint_set_rgb (cr, 0xe5a50a);
          cairo_fill_preserve (cr);
          cairo_set_line_width (cr, 0.6);
          tessera_paint_set_rgb (cr, 0x7a5a10);
          cairo_stroke (cr);
        }
      for (guint c = 0; c <= n_categories; c++)
        {
          g_autofree char *text = g_strdup_printf ("%d", column_points (game, p, categories, n_categories, c));
          g_autoptr(PangoLayout) layout = tessera_paint_create_layout (cr, text, 11, c < n_categories ? PANGO_WEIGHT_NORMAL
                                                                                                       : PANGO_WEIGHT_BOLD);

          show_cell (cr, layout, 0, right[c], middle, TEXT_RGB);
        }
      page->y += row;
    }
  add_rule (page, 0.5);
  page->y += 0.5;
}

/* "Winner: Anna, with 87 points", or the winners of a tie, or who leads a game not over. */
static char *
describe_winners (TesseraGame *game)
{
  guint order[TESSERA_MAX_PLAYERS];
  guint n_players = tessera_board_image_rank_players (game, order);
  const char * const *names = tessera_game_get_player_names (game);
  int best = tessera_game_get_score (game, order[0]);
  g_autoptr(GString) who = g_string_new (names[order[0]]);
  guint n_best = 1;

  for (guint r = 1; r < n_players && tessera_game_get_score (game, order[r]) == best; r++, n_best++)
    g_string_append_printf (who, "%s%s", _(", "), names[order[r]]);
  if (!tessera_game_is_finished (game))
    /* Translators: on the score sheet of a game not over: who has the most points, how many */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "In the lead: %s, with %d point", "In the lead: %s, with %d points",
                                         (gulong) ABS (best)),
                            who->str, best);
  if (n_best > 1)
    /* Translators: on the score sheet: the players tied for first, and their points */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Winners: %s, with %d point each", "Winners: %s, with %d points each",
                                         (gulong) ABS (best)),
                            who->str, best);
  /* Translators: on the score sheet: the winner and their points */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Winner: %s, with %d point", "Winner: %s, with %d points",
                                       (gulong) ABS (best)),
                          who->str, best);
}

/* The board in the room left, as a picture at BOARD_DPI, framed. */
static void
add_board (Page        *page,
           TesseraGame *game,
           double       height)
{
  double scale = BOARD_DPI / 72.0;
  double room = height - page->y;
  int pixels_x, pixels_y;
  cairo_surface_t *surface;
  cairo_t *board;

  /* Less than a few tiles' room shows nothing worth the ink. */
  if (room < 72 || tessera_board_get_n_tiles (tessera_game_get_board (game)) == 0)
    return;
  scale = MIN (scale, 2400 / MAX (page->width, room));
  pixels_x = (int) ceil (page->width * scale);
  pixels_y = (int) ceil (room * scale);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pixels_x, pixels_y);
  board = cairo_create (surface);
  tessera_board_image_draw_board (game, board, pixels_x, pixels_y);
  cairo_destroy (board);

  cairo_save (page->cr);
  cairo_translate (page->cr, 0, page->y);
  cairo_scale (page->cr, 1 / scale, 1 / scale);
  cairo_set_source_surface (page->cr, surface, 0, 0);
  cairo_paint (page->cr);
  cairo_restore (page->cr);
  cairo_surface_destroy (surface);

  cairo_set_line_width (page->cr, 0.5);
  tessera_paint_set_rgb (page->cr, DIM_RGB);
  cairo_rectangle (page->cr, 0.25, page->y + 0.25, page->width - 0.5, room - 0.5);
  cairo_stroke (page->cr);
}

/**
 * tessera_score_sheet_draw:
 * @cr: where to draw, in points, its origin at the top left corner of the printable area
 * @width: the printable width, in points
 * @height: the printable height, in points
 *
 * Draws the score sheet of @game as it stands: a title, when and where it was played with
 * which boxes, a table of every player's points by category and in all (the highest first,
 * the winners starred), the winner, and the board in the room that is left.
 */
void
tessera_score_sheet_draw (TesseraGame *game,
                          cairo_t     *cr,
                          double       width,
                          double       height)
{
  g_autofree char *when = NULL;
  g_autoptr(TesseraRecord) record = NULL;
  g_autofree char *sets = NULL;
  g_autofree char *scores = NULL;
  g_autofree char *winners = NULL;
  Page page = { cr, 0, width - 2 * MARGIN };

  g_return_if_fail (TESSERA_IS_GAME (game));

  when = tessera_played_phrase (tessera_game_get_played (game));
  record = tessera_game_to_record (game);
  sets = tessera_sets_phrase (record->sets);
  scores = tessera_board_image_describe_scores (game);
  winners = describe_winners (game);

  cairo_save (cr);
  cairo_translate (cr, MARGIN, MARGIN);
  add_line (&page, _("Carcassonne Score Sheet"), 22, PANGO_WEIGHT_BOLD, TEXT_RGB, 4);
  if (when != NULL)
    add_line (&page, when, 11, PANGO_WEIGHT_NORMAL, DIM_RGB, 1);
  add_line (&page, sets, 11, PANGO_WEIGHT_NORMAL, DIM_RGB, 16);
  add_line (&page, scores, 13, PANGO_WEIGHT_BOLD, TEXT_RGB, 6);
  add_table (&page, game);
  page.y += 12;
  add_line (&page, winners, 13, PANGO_WEIGHT_BOLD, TEXT_RGB, 18);
  add_board (&page, game, height - 2 * MARGIN);
  cairo_restore (cr);
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page_nr)
{
  tessera_score_sheet_draw (g_object_get_data (G_OBJECT (operation), "tessera-game"), gtk_print_context_get_cairo_context (context),
                            gtk_print_context_get_width (context), gtk_print_context_get_height (context));
}

/**
 * tessera_score_sheet_new_print_operation:
 *
 * Returns: (transfer full): an operation that prints the score sheet of @game as it stands
 *   now, on one page; run it with a dialog, or export it to a PDF file
 */
GtkPrintOperation *
tessera_score_sheet_new_print_operation (TesseraGame *game)
{
  GtkPrintOperation *operation = gtk_print_operation_new ();
  g_autoptr(GtkPrintSettings) settings = gtk_print_settings_new ();
  g_autofree char *name = tessera_board_image_suggest_name (game);

  g_return_val_if_fail (TESSERA_IS_GAME (game), NULL);

  gtk_print_operation_set_n_pages (operation, 1);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_job_name (operation, name);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  /* Print to File offers the same name as the picture; the backend adds ".pdf". */
  gtk_print_settings_set (settings, GTK_PRINT_SETTINGS_OUTPUT_BASENAME, name);
  gtk_print_operation_set_print_settings (operation, settings);
  /* The operation keeps the game: a dialog may print it after the caller let go. */
  g_object_set_data_full (G_OBJECT (operation), "tessera-game", g_object_ref (game), g_object_unref);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), NULL);
  return operation;
}

/**
 * tessera_score_sheet_print:
 * @parent: the window the print dialog belongs to
 *
 * Asks where to print the score sheet of @game (a printer, or a PDF file) and prints it.
 */
void
tessera_score_sheet_print (TesseraGame *game,
                           GtkWindow   *parent)
{
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (TESSERA_IS_GAME (game));

  operation = tessera_score_sheet_new_print_operation (game);
  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent, &error)
      == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      GtkWidget *dialog = adw_message_dialog_new (parent, _("The Score Sheet Was Not Printed"), error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
    }
}
