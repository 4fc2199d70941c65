/* tessera-board-image.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-board-image"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "tessera-board-image.h"
#include "tessera-board-view.h"
#include "tessera-figure-art.h"
#include "tessera-names.h"
#include "tessera-paint.h"
#include "tessera-player-marks.h"

/* The picture is the board view's own render node drawn with cairo (gsk_render_node_draw), so
 * a shared picture shows the board exactly as the screen does, at any size and with no window.
 * The legend is laid out in a unit that grows with the picture, so that it reads the same on a
 * phone at 1024 pixels and on a poster at 4096. */

#define TABLE_RGB 0xded6c4      /* the light board view's table */
#define LEGEND_RGB 0xfaf7f0
#define TEXT_RGB 0x2e2a24
#define DIM_RGB 0x6b645a

typedef struct
{
  double unit;      /* a line of names is one and a quarter of it */
  double pad;
  double header;    /* the line that says when, where and which scores */
  double row;       /* a row of players */
  guint  per_row;
  guint  rows;
  double height;
} Legend;

static void
layout_legend (guint   n_players,
               int     width,
               int     height,
               Legend *legend)
{
  n_players = MAX (n_players, 1);
  /* A narrow picture gets a smaller legend rather than names cut to nothing. */
  legend->unit = MIN (MAX (width, height) / 64.0, width / 20.0);
  legend->pad = legend->unit;
  legend->header = 1.8 * legend->unit;
  legend->row = 2.6 * legend->unit;
  legend->per_row = CLAMP ((guint) ((width - 2 * legend->pad) / (12 * legend->unit)), 1, n_players);
  legend->rows = (n_players + legend->per_row - 1) / legend->per_row;
  legend->height = ceil (legend->pad + legend->header + legend->rows * legend->row + 0.6 * legend->pad);
}

/**
 * tessera_board_image_get_size:
 * @long_side: the picture's longer side, in pixels
 * @width: (out): the picture's width
 * @height: (out): the picture's height
 *
 * The size of a picture of @game whose longer side is @long_side: the board's shape with the
 * legend under it, so that the board fills what the legend leaves.
 */
void
tessera_board_image_get_size (TesseraGame *game,
                              int          long_side,
                              int         *width,
                              int         *height)
{
  /* A board that is one long road would make a strip with no room for the legend. */
  double aspect = CLAMP (tessera_board_view_get_picture_aspect (game), 0.5, 3.0);
  guint n_players = tessera_game_get_n_players (game);
  Legend legend;
  double w = long_side;

  g_return_if_fail (long_side > 0);

  /* As wide as asked, if the board and the legend fit under that. */
  layout_legend (n_players, long_side, long_side, &legend);
  if (long_side / aspect + legend.height <= long_side)
    {
      *width = long_side;
      *height = (int) ceil (long_side / aspect + legend.height);
      return;
    }
  /* Else as tall: the width follows from the room the legend leaves, and the legend's rows
   * from the width. */
  for (guint i = 0; i < 4; i++)
    {
      layout_legend (n_players, (int) w, long_side, &legend);
      w = MIN (long_side, aspect * (long_side - legend.height));
    }
  *width = (int) floor (w);
  *height = long_side;
}

/**
 * tessera_board_image_get_legend_area:
 * @area: (out): where tessera_board_image_render() puts the legend in a picture of that size
 */
void
tessera_board_image_get_legend_area (TesseraGame           *game,
                                     int                    width,
                                     int                    height,
                                     cairo_rectangle_int_t *area)
{
  Legend legend;

  layout_legend (tessera_game_get_n_players (game), width, height, &legend);
  area->x = 0;
  area->y = height - (int) legend.height;
  area->width = width;
  area->height = (int) legend.height;
}

/**
 * tessera_board_image_rank_players:
 * @order: (out): the seats, the highest score first; a tie keeps the seating order
 *
 * Returns: the number of players
 */
guint
tessera_board_image_rank_players (TesseraGame *game,
                                  guint        order[TESSERA_MAX_PLAYERS])
{
  guint n_players = tessera_game_get_n_players (game);

  for (guint p = 0; p < n_players; p++)
    order[p] = p;
  for (guint i = 1; i < n_players; i++)
    for (guint j = i; j > 0 && tessera_game_get_score (game, order[j]) > tessera_game_get_score (game, order[j - 1]); j--)
      {
        guint swap = order[j];

        order[j] = order[j - 1];
        order[j - 1] = swap;
      }
  return n_players;
}

/**
 * tessera_board_image_is_winner:
 *
 * Returns: whether the game is over and @player has the highest score, alone or tied
 */
gboolean
tessera_board_image_is_winner (TesseraGame *game,
                               guint        player)
{
  if (!tessera_game_is_finished (game))
    return FALSE;
  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    if (tessera_game_get_score (game, p) > tessera_game_get_score (game, player))
      return FALSE;
  return TRUE;
}

/**
 * tessera_board_image_describe_scores:
 *
 * Returns: (transfer full): which scores a picture or sheet shows: "Final scores", or the move
 *   they stand at in a game that goes on
 */
char *
tessera_board_image_describe_scores (TesseraGame *game)
{
  if (tessera_game_is_finished (game))
    return g_strdup (_("Final scores"));
  /* Translators: the scores of an unfinished game on its picture and score sheet */
  return g_strdup_printf (_("Scores after move %u"), tessera_game_get_n_events (game));
}

/**
 * tessera_board_image_suggest_name:
 *
 * Returns: (transfer full): a file name for the game's picture or score sheet, without its
 *   extension: the day it began (or today) and the players, "2026-11-24 Anna, Bram, Carmen"
 */
char *
tessera_board_image_suggest_name (TesseraGame *game)
{
  const TesseraPlayed *played = tessera_game_get_played (game);
  g_autoptr(GDateTime) when = NULL;
  g_autofree char *date = NULL;
  g_autofree char *players = NULL;

  if (played != NULL && played->start != NULL)
    when = g_date_time_new_from_iso8601 (played->start, NULL);
  if (when == NULL)
    when = g_date_time_new_now_local ();
  date = g_date_time_format (when, "%Y-%m-%d");
  players = g_strjoinv (", ", (char **) tessera_game_get_player_names (game));
  /* A name may hold what a file name cannot. */
  g_strdelimit (players, "/\\", '-');
  /* Translators: the file name offered for a game's picture or score sheet, before its
   * extension: the date the game began and the players' names */
  return g_strdup_printf (_("%s %s"), date, players);
}

/**
 * tessera_board_image_draw_board:
 * @cr: where to draw, its origin at the top left corner of the board's room
 *
 * Draws the board of @game, fitted and centred in @width by @height, on whatever is there.
 */
void
tessera_board_image_draw_board (TesseraGame *game,
                                cairo_t     *cr,
                                double       width,
                                double       height)
{
  g_autoptr(GskRenderNode) node = NULL;

  if (width <= 0 || height <= 0)
    return;
  node = tessera_board_view_render_picture (game, width, height);
  if (node == NULL)
    return;
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  gsk_render_node_draw (node, cr);
  cairo_restore (cr);
}

static void
show_layout (cairo_t     *cr,
             PangoLayout *layout,
             double       x,
             double       middle,
             guint32      rgb)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  cairo_move_to (cr, x, middle - logical.height / (2.0 * PANGO_SCALE) - logical.y / (double) PANGO_SCALE);
  tessera_paint_set_rgb (cr, rgb);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_player (TesseraGame  *game,
             cairo_t      *cr,
             const Legend *legend,
             guint         player,
             double        x,
             double        middle,
             double        width)
{
  double u = legend->unit;
  const char *name = tessera_game_get_player_names (game)[player];
  g_autofree char *score = g_strdup_printf ("%d", tessera_game_get_score (game, player));
  g_autoptr(PangoLayout) name_layout = tessera_paint_create_layout (cr, name, 1.25 * u, PANGO_WEIGHT_NORMAL);
  g_autoptr(PangoLayout) score_layout = tessera_paint_create_layout (cr, score, 1.25 * u, PANGO_WEIGHT_BOLD);
  PangoRectangle score_rect;
  double score_x, name_end;
  GdkRGBA rgba;

  /* The player's follower, as the scoreboard shows it, with the letter the board's followers
   * carry while the players' letters are shown. */
  tessera_figure_art_player_rgba (tessera_game_get_player_color (game, player), &rgba);
  tessera_figure_art_draw_follower (cr, x + u, middle, 2.1 * u, &rgba, TESSERA_FEATURE_CITY);
  if (tessera_player_marks_get_shown (tessera_player_marks_get_default ()))
    {
      g_auto(GStrv) marks = tessera_player_marks_make_letters (tessera_game_get_player_names (game),
                                                               tessera_game_get_n_players (game));

      /* A little smaller and to the left than on the board, clear of the name. */
      tessera_figure_art_draw_mark (cr, x + 0.8 * u, middle, 1.8 * u, marks[player]);
    }

  pango_layout_get_extents (score_layout, NULL, &score_rect);
  score_x = x + width - 1.8 * u - score_rect.width / (double) PANGO_SCALE;
  show_layout (cr, score_layout, score_x, middle, TEXT_RGB);
  name_end = score_x - 0.6 * u;
  if (tessera_board_image_is_winner (game, player))
    {
      tessera_paint_star_path (cr, score_x - 1.1 * u, middle, 0.7 * u);
      tessera_paint_set_rgb (cr, 0xe5a50a);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 0.08 * u);
      tessera_paint_set_rgb (cr, 0x7a5a10);
      cairo_stroke (cr);
      name_end -= 1.8 * u;
    }

  pango_layout_set_ellipsize (name_layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_width (name_layout, (int) (MAX (name_end - (x + 2.6 * u), u) * PANGO_SCALE));
  show_layout (cr, name_layout, x + 2.6 * u, middle, TEXT_RGB);
}

static void
draw_legend (TesseraGame  *game,
             cairo_t      *cr,
             const Legend *legend,
             double        top,
             int           width)
{
  double u = legend->unit;
  double column = (width - 2 * legend->pad) / legend->per_row;
  g_autofree char *when = tessera_played_phrase (tessera_game_get_played (game));
  g_autofree char *scores = tessera_board_image_describe_scores (game);
  /* Translators: the line over the legend of a game's picture: when and where, then "Final scores" */
  g_autofree char *header = when != NULL ? g_strdup_printf (_("%s · %s"), when, scores) : g_strdup (scores);
  g_autoptr(PangoLayout) header_layout = tessera_paint_create_layout (cr, header, 0.95 * u, PANGO_WEIGHT_NORMAL);
  guint order[TESSERA_MAX_PLAYERS];
  guint n_players = tessera_board_image_rank_players (game, order);

  tessera_paint_set_rgb (cr, LEGEND_RGB);
  cairo_rectangle (cr, 0, top, width, legend->height);
  cairo_fill (cr);
  tessera_paint_set_rgba (cr, 0x4d3d26, 0.35);
  cairo_rectangle (cr, 0, top, width, MAX (1, 0.08 * u));
  cairo_fill (cr);

  pango_layout_set_ellipsize (header_layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_width (header_layout, (int) ((width - 2 * legend->pad) * PANGO_SCALE));
  show_layout (cr, header_layout, legend->pad, top + legend->pad + legend->header / 2, DIM_RGB);

  for (guint i = 0; i < n_players; i++)
    draw_player (game, cr, legend, order[i], legend->pad + (i % legend->per_row) * column,
                 top + legend->pad + legend->header + (i / legend->per_row + 0.5) * legend->row, column);
}

/**
 * tessera_board_image_render:
 * @width: the picture's width, in pixels
 * @height: the picture's height, in pixels
 *
 * Paints the picture: the board on the table, and under it a legend with when and where the
 * game was played and every player's colour, name and score, the highest first.
 *
 * Returns: (transfer full): an image surface of @width by @height
 */
cairo_surface_t *
tessera_board_image_render (TesseraGame *game,
                            int          width,
                            int          height)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  Legend legend;
  double board_height;

  g_return_val_if_fail (TESSERA_IS_GAME (game), NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  layout_legend (tessera_game_get_n_players (game), width, height, &legend);
  board_height = MAX (height - legend.height, 0);

  tessera_paint_set_rgb (cr, TABLE_RGB);
  cairo_paint (cr);
  cairo_save (cr);
  cairo_translate (cr, legend.unit, legend.unit);
  tessera_board_image_draw_board (game, cr, width - 2 * legend.unit, board_height - 2 * legend.unit);
  cairo_restore (cr);
  draw_legend (game, cr, &legend, board_height, width);

  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

typedef struct
{
  GOutputStream *stream;
  GError        *error;
} WriteClosure;

static cairo_status_t
write_png_cb (void                *data,
              const unsigned char *bytes,
              unsigned int         length)
{
  WriteClosure *closure = data;

  if (closure->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!g_output_stream_write_all (closure->stream, bytes, length, NULL, NULL, &closure->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

/**
 * tessera_board_image_save:
 * @file: where the PNG goes; a file there is replaced
 *
 * Renders the picture at @width by @height and writes it to @file as PNG.
 */
gboolean
tessera_board_image_save (TesseraGame  *game,
                          int           width,
                          int           height,
                          GFile        *file,
                          GError      **error)
{
  g_autoptr(GFileOutputStream) stream = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  WriteClosure closure = { NULL, NULL };

  g_return_val_if_fail (TESSERA_IS_GAME (game), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!(stream = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, error)))
    return FALSE;
  surface = tessera_board_image_render (game, width, height);
  closure.stream = G_OUTPUT_STREAM (stream);
  status = cairo_surface_write_to_png_stream (surface, write_png_cb, &closure);
  cairo_surface_destroy (surface);
  if (closure.error != NULL)
    {
      g_propagate_error (error, closure.error);
      return FALSE;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   /* Translators: %s says why, in cairo's words */
                   _("The picture could not be made: %s"), cairo_status_to_string (status));
      return FALSE;
    }
  return g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, error);
}
