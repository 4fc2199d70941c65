/* tessera-board-view-render.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-board-view"

#include "config.h"

#include "tessera-board-view-private.h"

#include <math.h>

#include "tessera-paint.h"

#include "tessera-figure-art.h"
#include "tessera-player-marks.h"
#include "tessera-tile-art.h"
#include "tessera-tile-layout.h"
#include "tessera-wheel-art.h"

/* Rendering the board: what the game shows, built once into a render node of cached tile
 * and piece textures, and the overlays (placements, markers, highlights) drawn each frame. */

/* Tile textures */

static guint
texture_size_for (TesseraBoardView *self)
{
  double pixels = self->cell * gtk_widget_get_scale_factor (GTK_WIDGET (self));
  guint size = 32;

  while (size < pixels && size < 512)
    size *= 2;
  return size;
}

static GdkTexture *
paint_texture (int      width,
               int      height,
               gpointer data,
               void   (*paint)(cairo_t *cr, gpointer data, int size))
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GBytes) bytes = NULL;
  GdkTexture *texture;

  paint (cr, data, width);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) cairo_image_surface_get_stride (surface) * height,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      surface);
  texture = gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes,
                                    (gsize) cairo_image_surface_get_stride (surface));
  return texture;
}

typedef struct
{
  const TesseraTileType *type;
  guint                  wheel;
  guint                  rotation;
} TileKey;

static void
paint_tile (cairo_t  *cr,
            gpointer  data,
            int       size)
{
  const TileKey *key = data;

  tessera_tile_art_draw (cr, key->type, key->wheel, key->rotation, size);
}

static GdkTexture *
get_tile_texture (TesseraBoardView      *self,
                  const TesseraTileType *type,
                  guint                  wheel,
                  guint                  rotation)
{
  guint size = texture_size_for (self);
  gpointer hash = GUINT_TO_POINTER ((type->index << 6) | ((wheel & 0xf) << 2) | (rotation & 3));
  GdkTexture *texture;

  if (size != self->texture_size)
    {
      g_hash_table_remove_all (self->textures);
      g_hash_table_remove_all (self->piece_textures);
      g_clear_object (&self->wheel_texture);
      g_clear_pointer (&self->board_node, gsk_render_node_unref);
      g_clear_pointer (&self->features_node, gsk_render_node_unref);
      self->texture_size = size;
    }
  texture = g_hash_table_lookup (self->textures, hash);
  if (texture == NULL)
    {
      TileKey key = { type, wheel, rotation };

      texture = paint_texture ((int) size, (int) size, &key, paint_tile);
      g_hash_table_insert (self->textures, hash, texture);
    }
  return texture;
}

static void
paint_wheel (cairo_t  *cr,
             gpointer  data,
             int       size)
{
  const TesseraWheelBoard *wheel = data;

  tessera_wheel_art_draw_board (cr, wheel, (double) size / wheel->width);
}

static GdkTexture *
get_wheel_texture (TesseraBoardView        *self,
                   const TesseraWheelBoard *wheel)
{
  if (self->wheel_texture == NULL)
    {
      guint size = MIN (self->texture_size * wheel->width, 2048);

      self->wheel_texture = paint_texture ((int) size, (int) (size * wheel->height / wheel->width),
                                           (gpointer) wheel, paint_wheel);
    }
  return self->wheel_texture;
}

/* Colours */

static void
table_rgba (TesseraBoardView *self,
            GdkRGBA          *rgba)
{
  if (self->dark)
    tessera_paint_rgba_init (rgba, 0.16, 0.15, 0.14, 1);
  else
    tessera_paint_rgba_init (rgba, 0.87, 0.84, 0.77, 1);
}

void
_tessera_board_view_update_style (TesseraBoardView *self)
{
  GdkRGBA fg;
  gboolean dark, high_contrast = FALSE;

G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);
G_GNUC_END_IGNORE_DEPRECATIONS
  /* Light text means a dark style, whatever made it so. */
  dark = 0.2126 * fg.red + 0.7152 * fg.green + 0.0722 * fg.blue > 0.5;
  if (adw_is_initialized ())
    high_contrast = adw_style_manager_get_high_contrast (adw_style_manager_get_default ());
  if (dark == self->dark && high_contrast == self->high_contrast)
    return;
  self->dark = dark;
  self->high_contrast = high_contrast;
  g_clear_pointer (&self->board_node, gsk_render_node_unref);
  g_clear_pointer (&self->placements_node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The game */

void
_tessera_board_view_scan_game (TesseraBoardView *self)
{
  TesseraBoard *board = _tessera_board_view_get_board (self);
  g_autoptr(GHashTable) occupied = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  guint n_tiles;

  g_hash_table_remove_all (self->wheel_numbers);
  g_array_set_size (self->empty_cells, 0);
  g_array_set_size (self->dead_cells, 0);
  g_array_set_size (self->single_cells, 0);
  self->has_tiles = FALSE;
  if (board == NULL)
    return;
  /* Once the last tile is drawn every hole stays one: nothing to point out any more. */
  if (self->show_aids && !tessera_game_is_finished (self->game) && tessera_game_get_tiles_left (self->game) > 0)
    tessera_game_list_dead_spots (self->game, self->dead_cells, self->single_cells);

  /* The wheel numbers come from the turns that placed the tiles. */
  for (guint i = 0; i < tessera_game_get_n_events (self->game); i++)
    {
      const TesseraEvent *event = tessera_game_get_event (self->game, i);

      if (event->kind == TESSERA_EVENT_TURN && event->tile_wheel > 0)
        g_hash_table_insert (self->wheel_numbers, _tessera_board_view_cell_key (event->at), GUINT_TO_POINTER (event->tile_wheel));
    }

  n_tiles = tessera_board_get_n_tiles (board);
  for (guint i = 0; i < n_tiles; i++)
    {
      const TesseraPlacedTile *tile = tessera_board_get_tile (board, i);

      g_hash_table_add (occupied, _tessera_board_view_cell_key (tile->cell));
      if (!self->has_tiles)
        {
          self->min_x = self->max_x = tile->cell.x;
          self->min_y = self->max_y = tile->cell.y;
          self->has_tiles = TRUE;
        }
      self->min_x = MIN (self->min_x, tile->cell.x);
      self->max_x = MAX (self->max_x, tile->cell.x);
      self->min_y = MIN (self->min_y, tile->cell.y);
      self->max_y = MAX (self->max_y, tile->cell.y);
    }
  for (guint i = 0; i < n_tiles; i++)
    {
      const TesseraPlacedTile *tile = tessera_board_get_tile (board, i);

      for (guint s = 0; s < 4; s++)
        {
          TesseraCell next = tessera_cell_step (tile->cell, (TesseraSide) s);

          if (g_hash_table_contains (occupied, _tessera_board_view_cell_key (next)) || g_hash_table_contains (seen, _tessera_board_view_cell_key (next)))
            continue;
          g_hash_table_add (seen, _tessera_board_view_cell_key (next));
          g_array_append_val (self->empty_cells, next);
        }
    }
}

void
_tessera_board_view_collect_feature_parts (TesseraBoardView *self)
{
  /* The board shown: a preview's has the tile being placed, whose features light too. */
  TesseraGame *shown = _tessera_board_view_shown_game (self);
  TesseraBoard *board = shown != NULL ? tessera_game_get_board (shown) : NULL;
  g_autoptr(GHashTable) roots = g_hash_table_new (NULL, NULL);

  g_array_set_size (self->feature_parts, 0);
  g_clear_pointer (&self->features_node, gsk_render_node_unref);
  if (board == NULL || self->feature_segments->len == 0)
    return;

  for (guint i = 0; i < self->feature_segments->len; i++)
    {
      guint segment = g_array_index (self->feature_segments, guint, i);

      if (segment < tessera_board_get_n_segments (board))
        g_hash_table_add (roots, GUINT_TO_POINTER (tessera_board_find (board, segment) + 1));
    }
  for (guint t = 0; t < tessera_board_get_n_tiles (board); t++)
    {
      const TesseraPlacedTile *tile = tessera_board_get_tile (board, t);

      for (guint s = 0; s < tile->type->n_segments; s++)
        {
          guint root = tessera_board_find (board, tile->first_segment + s);

          if (g_hash_table_contains (roots, GUINT_TO_POINTER (root + 1)))
            {
              FeaturePart part = { t, s };

              g_array_append_val (self->feature_parts, part);
            }
        }
    }
}

/* Building the board node */

/* Cairo nodes are made in units of texture pixels, not of cells: a node a fraction of a unit
 * wide is not reliably rasterized at the scale it is shown at. Drawing inside is in cells. */
static void
append_cairo_item (GtkSnapshot *snapshot,
                   double       unit,
                   double       x,
                   double       y,
                   double       w,
                   double       h,
                   cairo_t    **cr)
{
  *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT ((float) (x * unit), (float) (y * unit),
                                                                  (float) (w * unit), (float) (h * unit)));
  cairo_scale (*cr, unit, unit);
}

typedef struct
{
  const GdkRGBA      *rgba;
  TesseraFeatureKind  role;
  double              size;
  const char         *mark;
} PieceKey;

static void
paint_piece (cairo_t  *cr,
             gpointer  data,
             int       pixels)
{
  const PieceKey *key = data;
  double r = key->size * 0.75;

  cairo_scale (cr, pixels / (2 * r), pixels / (2 * r));
  tessera_figure_art_draw_follower (cr, r, r, key->size, key->rgba, key->role);
  tessera_figure_art_draw_mark (cr, r, r, key->size, key->mark);
}

/* A follower, the tower's top or a crown's occupant: a texture per colour, kind, size and
 * mark (%NULL while marks are not shown), shared by every piece like it, so that a board
 * drawn again after a move is the same nodes where nothing moved and the renderer redraws
 * only what changed. */
void
_tessera_board_view_append_piece (TesseraBoardView   *self,
                                  GtkSnapshot        *snapshot,
                                  double              unit,
                                  double              x,
                                  double              y,
                                  double              size,
                                  const GdkRGBA      *rgba,
                                  TesseraFeatureKind  role,
                                  const char         *mark)
{
  double r = size * 0.75;
  g_autofree char *hash = g_strdup_printf ("%.3f,%.3f,%.3f,%.3f,%d,%.3f,%s", rgba->red, rgba->green, rgba->blue,
                                           rgba->alpha, (int) role, size, mark != NULL ? mark : "");
  GdkTexture *texture = g_hash_table_lookup (self->piece_textures, hash);

  if (texture == NULL)
    {
      PieceKey key = { rgba, role, size, mark };
      int pixels = (int) ceil (2 * r * unit);

      texture = paint_texture (pixels, pixels, &key, paint_piece);
      g_hash_table_insert (self->piece_textures, g_steal_pointer (&hash), texture);
    }
  gtk_snapshot_append_texture (snapshot, texture,
                               &GRAPHENE_RECT_INIT ((float) ((x - r) * unit), (float) ((y - r) * unit),
                                                    (float) (2 * r * unit), (float) (2 * r * unit)));
}

/* A hole no tile left can fill has a cross, one only a single kind can fill a small diamond:
 * quiet marks in the empty cells' own colour, a little stronger, that do not compete with the
 * legal cells lit while placing. */
static void
append_hole_marks (TesseraBoardView *self,
                   GtkSnapshot      *snapshot,
                   const GdkRGBA    *cell_line)
{
  GdkRGBA mark = *cell_line;
  float stroke = self->high_contrast ? 0.05f : 0.035f;

  mark.alpha = (float) MIN (1.0, cell_line->alpha * 2.4);
  for (guint i = 0; i < self->dead_cells->len; i++)
    {
      const TesseraCell *cell = &g_array_index (self->dead_cells, TesseraCell, i);
      for (int d = 0; d < 2; d++)
        {
          gtk_snapshot_save (snapshot);
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cell->x + 0.5f, cell->y + 0.5f));
          gtk_snapshot_rotate (snapshot, d == 0 ? 45.f : -45.f);
          gtk_snapshot_append_color (snapshot, &mark, &GRAPHENE_RECT_INIT (-0.28f, -stroke / 2, 0.56f, stroke));
          gtk_snapshot_restore (snapshot);
        }
    }
  for (guint i = 0; i < self->single_cells->len; i++)
    {
      const TesseraCell *cell = &g_array_index (self->single_cells, TesseraCell, i);
      GskRoundedRect diamond;
      float widths[4] = { stroke, stroke, stroke, stroke };
      GdkRGBA colors[4] = { mark, mark, mark, mark };

      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cell->x + 0.5f, cell->y + 0.5f));
      gtk_snapshot_rotate (snapshot, 45.f);
      gsk_rounded_rect_init_from_rect (&diamond, &GRAPHENE_RECT_INIT (-0.1f, -0.1f, 0.2f, 0.2f), 0.f);
      gtk_snapshot_append_border (snapshot, &diamond, widths, colors);
      gtk_snapshot_restore (snapshot);
    }
}

static void
append_empty_cells (TesseraBoardView *self,
                    GtkSnapshot      *snapshot)
{
  GdkRGBA line, fill;
  float width = self->high_contrast ? 0.03f : 0.015f;

  if (self->dark)
    {
      tessera_paint_rgba_init (&line, 1, 1, 1, self->high_contrast ? 0.45 : 0.1);
      tessera_paint_rgba_init (&fill, 1, 1, 1, 0.03);
    }
  else
    {
      tessera_paint_rgba_init (&line, 0.3, 0.24, 0.15, self->high_contrast ? 0.6 : 0.16);
      tessera_paint_rgba_init (&fill, 0.3, 0.24, 0.15, 0.04);
    }
  for (guint i = 0; i < self->empty_cells->len; i++)
    {
      const TesseraCell *cell = &g_array_index (self->empty_cells, TesseraCell, i);
      GskRoundedRect rect;
      float widths[4] = { width, width, width, width };
      GdkRGBA colors[4] = { line, line, line, line };

      gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT (cell->x + 0.04f, cell->y + 0.04f, 0.92f, 0.92f), 0.06f);
      gtk_snapshot_push_rounded_clip (snapshot, &rect);
      gtk_snapshot_append_color (snapshot, &fill, &rect.bounds);
      gtk_snapshot_pop (snapshot);
      gtk_snapshot_append_border (snapshot, &rect, widths, colors);
    }
  append_hole_marks (self, snapshot, &line);
}

/* Where the wheel board lies: the cell of its first square. */
gboolean
_tessera_board_view_wheel_origin (TesseraBoard            *board,
                                  const TesseraWheelBoard *wheel,
                                  int                     *x,
                                  int                     *y)
{
  for (guint i = 0; wheel != NULL && i < tessera_board_get_n_tiles (board); i++)
    if (tessera_board_get_tile (board, i)->type == wheel->squares[0])
      {
        *x = tessera_board_get_tile (board, i)->cell.x;
        *y = tessera_board_get_tile (board, i)->cell.y;
        return TRUE;
      }
  return FALSE;
}

/* The game's board, or the board as the turn being entered leaves it (the preview). */
static void
build_board_node (TesseraBoardView *self)
{
  TesseraGame *game = _tessera_board_view_shown_game (self);
  TesseraBoard *board = game != NULL ? tessera_game_get_board (game) : NULL;
  const TesseraWheelBoard *wheel = _tessera_board_view_get_wheel (self);
  g_autoptr(GtkSnapshot) snapshot = NULL;
  const TesseraPiece *pieces;
  guint n_pieces;
  g_autoptr(GHashTable) crowded = g_hash_table_new (NULL, NULL);
  g_auto(GStrv) marks = NULL;
  double unit;

  if (board == NULL)
    return;
  if (tessera_player_marks_get_shown (tessera_player_marks_get_default ()))
    marks = tessera_player_marks_make_letters (tessera_game_get_player_names (game),
                                               tessera_game_get_n_players (game));

  /* Make sure the texture cache is for this zoom before anything is taken from it. */
  if (texture_size_for (self) != self->texture_size)
    {
      g_hash_table_remove_all (self->textures);
      g_hash_table_remove_all (self->piece_textures);
      g_clear_object (&self->wheel_texture);
      self->texture_size = texture_size_for (self);
    }

  unit = self->texture_size;
  snapshot = gtk_snapshot_new ();

  /* Cells, shadows and tiles are plain nodes, laid out in cells. */
  gtk_snapshot_save (snapshot);
  gtk_snapshot_scale (snapshot, (float) unit, (float) unit);
  append_empty_cells (self, snapshot);

  /* A hard shadow to the lower right makes the board lie on the table. */
  for (guint i = 0; i < tessera_board_get_n_tiles (board); i++)
    {
      const TesseraPlacedTile *tile = tessera_board_get_tile (board, i);
      GdkRGBA shadow;

      tessera_paint_rgba_init (&shadow, 0, 0, 0, self->dark ? 0.45 : 0.2);
      gtk_snapshot_append_color (snapshot, &shadow, &GRAPHENE_RECT_INIT (tile->cell.x + 0.025f, tile->cell.y + 0.035f, 1, 1));
    }

  for (guint i = 0; i < tessera_board_get_n_tiles (board); i++)
    {
      const TesseraPlacedTile *tile = tessera_board_get_tile (board, i);
      guint number;

      if (tile->type->board_square && wheel != NULL)
        continue;
      number = GPOINTER_TO_UINT (g_hash_table_lookup (self->wheel_numbers, _tessera_board_view_cell_key (tile->cell)));
      if (self->has_pending && _tessera_board_view_cell_equal (tile->cell, self->pending_cell))
        number = self->pending_wheel;
      gtk_snapshot_append_texture (snapshot, get_tile_texture (self, tile->type, number, tile->rotation),
                                   &GRAPHENE_RECT_INIT (tile->cell.x, tile->cell.y, 1, 1));
    }

  if (wheel != NULL)
    {
      /* The wheel board lies where its first square is. */
      for (guint i = 0; i < tessera_board_get_n_tiles (board); i++)
        {
          const TesseraPlacedTile *tile = tessera_board_get_tile (board, i);

          if (tile->type != wheel->squares[0])
            continue;
          gtk_snapshot_append_texture (snapshot, get_wheel_texture (self, wheel),
                                       &GRAPHENE_RECT_INIT (tile->cell.x, tile->cell.y, wheel->width, wheel->height));
          break;
        }
    }
  gtk_snapshot_restore (snapshot);

  /* Towers on their foundations. */
  if (tessera_game_has_tower (game))
    {
      GArray *towers = tessera_game_get_towers (game);

      for (guint i = 0; towers != NULL && i < towers->len; i++)
        {
          const TesseraTower *tower = &g_array_index (towers, TesseraTower, i);
          const TesseraPlacedTile *tile = tessera_board_lookup (board, tower->at);
          double x = 0.5, y = 0.5;
          GdkRGBA top;
          cairo_t *cr;

          if (tile == NULL || tower->height == 0)
            continue;
          tessera_tile_layout_get_tower_point (tile->type, tile->rotation, &x, &y);
          if (tower->top >= 0)
            tessera_figure_art_player_rgba (tessera_game_get_player_color (game, (guint) tower->top), &top);
          append_cairo_item (snapshot, unit, tower->at.x + x - 0.3, tower->at.y + y - 0.9, 0.6, 1.0, &cr);
          tessera_figure_art_draw_tower (cr, tower->at.x + x, tower->at.y + y + 0.05, 1, tower->height,
                                         tower->top >= 0 ? &top : NULL,
                                         tower->top >= 0 && marks != NULL ? marks[tower->top] : NULL);
          cairo_destroy (cr);
        }
    }

  pieces = tessera_game_get_pieces (game, &n_pieces);
  for (guint i = 0; i < n_pieces; i++)
    {
      const TesseraPlacedTile *tile = tessera_board_segment_tile (board, pieces[i].segment);
      guint local, stacked;
      double x, y;
      GdkRGBA rgba;

      if (tile == NULL)
        continue;
      local = pieces[i].segment - tile->first_segment;
      stacked = GPOINTER_TO_UINT (g_hash_table_lookup (crowded, GUINT_TO_POINTER (pieces[i].segment + 1)));
      g_hash_table_insert (crowded, GUINT_TO_POINTER (pieces[i].segment + 1), GUINT_TO_POINTER (stacked + 1));
      tessera_tile_layout_get_segment_point (tile->type, tile->rotation, local, &x, &y);
      tessera_figure_art_player_rgba (tessera_game_get_player_color (game, pieces[i].player), &rgba);
      _tessera_board_view_append_piece (self, snapshot, unit, tile->cell.x + x + stacked * 0.12, tile->cell.y + y - stacked * 0.05,
                                        FOLLOWER_SIZE, &rgba, pieces[i].kind, marks != NULL ? marks[pieces[i].player] : NULL);
    }

  /* The mage and the witch stand beside whoever is on their segment. */
  for (guint f = 0; f < 2; f++)
    {
      int segment = tessera_game_get_magic_segment (game, (TesseraMagicFigure) f);
      const TesseraPlacedTile *tile;
      double x, y;
      cairo_t *cr;

      if (segment < 0 || (guint) segment >= tessera_board_get_n_segments (board))
        continue;
      tile = tessera_board_segment_tile (board, (guint) segment);
      if (tile == NULL)
        continue;
      tessera_tile_layout_get_segment_point (tile->type, tile->rotation, (guint) segment - tile->first_segment, &x, &y);
      x = tile->cell.x + x + (x < 0.5 ? 0.17 : -0.17);
      y = tile->cell.y + y;
      append_cairo_item (snapshot, unit, x - 0.2, y - 0.2, 0.4, 0.4, &cr);
      tessera_figure_art_draw_figure (cr, x, y, 0.3, (TesseraMagicFigure) f);
      cairo_destroy (cr);
    }

  if (wheel != NULL)
    {
      int ox = 0, oy = 0;
      double x, y;
      cairo_t *cr;

      _tessera_board_view_wheel_origin (board, wheel, &ox, &oy);

      for (guint s = 0; s < wheel->n_segments; s++)
        for (guint c = 0; c < wheel->segments[s].n_crowns; c++)
          {
            int player = tessera_game_get_crown_occupant (game, s, c);
            GdkRGBA rgba;

            if (player < 0)
              continue;
            tessera_tile_layout_get_crown_point (wheel, s, c, &x, &y);
            tessera_figure_art_player_rgba (tessera_game_get_player_color (game, (guint) player), &rgba);
            _tessera_board_view_append_piece (self, snapshot, unit, ox + x, oy + y - 0.06, FOLLOWER_SIZE * 1.15, &rgba, TESSERA_FEATURE_CITY,
                                              marks != NULL ? marks[player] : NULL);
          }

      tessera_tile_layout_get_wheel_segment_point (wheel, self->pig_preview >= 0 ? (guint) self->pig_preview
                                                                              : tessera_game_get_pig (game),
                                                   &x, &y);
      append_cairo_item (snapshot, unit, ox + x - 0.3, oy + y - 0.3, 0.6, 0.6, &cr);
      tessera_figure_art_draw_pig (cr, ox + x, oy + y, 0.42);
      cairo_destroy (cr);
    }

  if (self->preview_game != NULL)
    _tessera_board_view_append_preview (self, snapshot, unit, (const char **) marks);
  self->board_node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
}

void
_tessera_board_view_invalidate_board (TesseraBoardView *self)
{
  g_clear_pointer (&self->board_node, gsk_render_node_unref);
  g_clear_pointer (&self->features_node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A picture of the board */

/* Room left around the tiles of a picture, in cells. */
#define PICTURE_MARGIN 0.3

/* A view that is never shown, of @game's board: the input, focus and accessibility of
 * tessera_board_view_set_game() are left out, and so are the holes. */
static TesseraBoardView *
picture_view_new (TesseraGame *game)
{
  TesseraBoardView *view = g_object_ref_sink (TESSERA_BOARD_VIEW (tessera_board_view_new ()));

  view->game = g_object_ref (game);
  _tessera_board_view_scan_game (view);
  g_array_set_size (view->empty_cells, 0);
  return view;
}

static void
picture_cells (TesseraBoardView *view,
               double           *cells_x,
               double           *cells_y)
{
  *cells_x = view->max_x - view->min_x + 1 + 2 * PICTURE_MARGIN;
  *cells_y = view->max_y - view->min_y + 1 + 2 * PICTURE_MARGIN;
}

/**
 * tessera_board_view_render_picture:
 * @game: the game whose board is pictured
 * @width: the picture's width, in pixels
 * @height: the picture's height, in pixels
 *
 * Builds the board of @game as the board view shows it between turns, fitted and centred in
 * @width by @height: its tiles, followers, towers, figures and the wheel, in the light style,
 * without the holes, the table aids or a turn being entered, and without the table under it.
 * It is the board view's own node, so that a picture or a print shows what the screen shows.
 *
 * Returns: (transfer full) (nullable): the node, or %NULL when the board has no tiles
 */
GskRenderNode *
tessera_board_view_render_picture (TesseraGame *game,
                                   double       width,
                                   double       height)
{
  g_autoptr(TesseraBoardView) view = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  double cells_x, cells_y;

  g_return_val_if_fail (TESSERA_IS_GAME (game), NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);

  view = picture_view_new (game);
  if (!view->has_tiles)
    return NULL;
  picture_cells (view, &cells_x, &cells_y);
  view->cell = MIN (width / cells_x, height / cells_y);
  view->origin_x = width / 2.0 - (view->min_x + view->max_x + 1) / 2.0 * view->cell;
  view->origin_y = height / 2.0 - (view->min_y + view->max_y + 1) / 2.0 * view->cell;
  build_board_node (view);
  if (view->board_node == NULL)
    return NULL;

  snapshot = gtk_snapshot_new ();
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) view->origin_x, (float) view->origin_y));
  /* The node is in texture pixels, as in _tessera_board_view_snapshot(). */
  gtk_snapshot_scale (snapshot, (float) (view->cell / view->texture_size), (float) (view->cell / view->texture_size));
  gtk_snapshot_append_node (snapshot, view->board_node);
  return gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
}

/**
 * tessera_board_view_get_picture_aspect:
 * @game: a game
 *
 * Returns: the width of tessera_board_view_render_picture()'s board over its height, so that a
 *   picture can be given the board's shape; 1 for a board without tiles
 */
double
tessera_board_view_get_picture_aspect (TesseraGame *game)
{
  g_autoptr(TesseraBoardView) view = NULL;
  double cells_x, cells_y;

  g_return_val_if_fail (TESSERA_IS_GAME (game), 1);

  view = picture_view_new (game);
  if (!view->has_tiles)
    return 1;
  picture_cells (view, &cells_x, &cells_y);
  return cells_x / cells_y;
}

/* Overlays */

/* Four corners like the marks of a viewfinder, inside @cell: a legal cell while placing is
 * told from the other holes by this shape, not only by its colour. */
static void
append_cell_corners (GtkSnapshot   *snapshot,
                     TesseraCell    cell,
                     float          inset,
                     float          arm,
                     float          width,
                     const GdkRGBA *color)
{
  for (guint c = 0; c < 4; c++)
    {
      float x = c % 2 == 0 ? cell.x + inset : cell.x + 1 - inset - width;
      float y = c < 2 ? cell.y + inset : cell.y + 1 - inset - width;
      float ax = c % 2 == 0 ? x : x + width - arm;
      float ay = c < 2 ? y : y + width - arm;

      gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (ax, y, arm, width));
      gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x, ay, width, arm));
    }
}

static void
build_placements_node (TesseraBoardView *self)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  GdkRGBA fill, line;

  if (self->dark)
    {
      tessera_paint_rgba_init (&fill, 1, 0.95, 0.75, 0.16);
      tessera_paint_rgba_init (&line, 1, 0.92, 0.6, self->high_contrast ? 0.95 : 0.55);
    }
  else
    {
      tessera_paint_rgba_init (&fill, 1, 1, 0.92, 0.55);
      tessera_paint_rgba_init (&line, 0.85, 0.6, 0.1, self->high_contrast ? 1 : 0.7);
    }
  for (guint i = 0; i < self->placements->len; i++)
    {
      const TesseraPlacement *p = &g_array_index (self->placements, TesseraPlacement, i);
      float w = self->high_contrast ? 0.05f : 0.03f;
      float widths[4] = { w, w, w, w };
      GdkRGBA colors[4] = { line, line, line, line };
      GskRoundedRect rect;

      if (g_hash_table_contains (seen, _tessera_board_view_cell_key (p->cell)))
        continue;
      g_hash_table_add (seen, _tessera_board_view_cell_key (p->cell));
      gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT (p->cell.x + 0.03f, p->cell.y + 0.03f, 0.94f, 0.94f), 0.08f);
      gtk_snapshot_push_rounded_clip (snapshot, &rect);
      gtk_snapshot_append_color (snapshot, &fill, &rect.bounds);
      gtk_snapshot_pop (snapshot);
      gtk_snapshot_append_border (snapshot, &rect, widths, colors);
      append_cell_corners (snapshot, p->cell, 0.1f, 0.2f, w * 1.6f, &line);
    }
  self->placements_node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
}

static void
build_features_node (TesseraBoardView *self)
{
  TesseraGame *shown = _tessera_board_view_shown_game (self);
  TesseraBoard *board = shown != NULL ? tessera_game_get_board (shown) : NULL;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  double unit = self->texture_size;
  GdkRGBA rgba;

  if (self->high_contrast)
    tessera_paint_rgba_init (&rgba, 1, 0.95, 0.1, 0.7);
  else
    tessera_paint_rgba_init (&rgba, 1, 0.97, 0.55, 0.55);
  for (guint i = 0; i < self->feature_parts->len; i++)
    {
      const FeaturePart *part = &g_array_index (self->feature_parts, FeaturePart, i);
      const TesseraPlacedTile *tile = tessera_board_get_tile (board, part->tile);
      cairo_t *cr;

      append_cairo_item (snapshot, unit, tile->cell.x, tile->cell.y, 1, 1, &cr);
      cairo_translate (cr, tile->cell.x, tile->cell.y);
      tessera_tile_art_draw_segment_highlight (cr, tile->type, tile->rotation, part->segment, 1, &rgba);
      cairo_destroy (cr);
    }
  self->features_node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
}

void
_tessera_board_view_append_ring (GtkSnapshot   *snapshot,
                                 double         x,
                                 double         y,
                                 double         r,
                                 double         width,
                                 const GdkRGBA *fill,
                                 const GdkRGBA *line)
{
  GskRoundedRect rect;
  float w = (float) width;
  float widths[4] = { w, w, w, w };
  GdkRGBA colors[4] = { *line, *line, *line, *line };

  gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT ((float) (x - r), (float) (y - r), (float) (2 * r), (float) (2 * r)),
                                   (float) r);
  if (fill != NULL)
    {
      gtk_snapshot_push_rounded_clip (snapshot, &rect);
      gtk_snapshot_append_color (snapshot, fill, &rect.bounds);
      gtk_snapshot_pop (snapshot);
    }
  gtk_snapshot_append_border (snapshot, &rect, widths, colors);
}

static void
append_cell_outline (GtkSnapshot   *snapshot,
                     TesseraCell    cell,
                     double         inset,
                     double         width,
                     const GdkRGBA *line,
                     const GdkRGBA *fill)
{
  GskRoundedRect rect;
  float w = (float) width;
  float widths[4] = { w, w, w, w };
  GdkRGBA colors[4] = { *line, *line, *line, *line };

  gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT ((float) (cell.x + inset), (float) (cell.y + inset),
                                                               (float) (1 - 2 * inset), (float) (1 - 2 * inset)),
                                   0.06f);
  if (fill != NULL)
    {
      gtk_snapshot_push_rounded_clip (snapshot, &rect);
      gtk_snapshot_append_color (snapshot, fill, &rect.bounds);
      gtk_snapshot_pop (snapshot);
    }
  gtk_snapshot_append_border (snapshot, &rect, widths, colors);
}

/* An outline of dashes: the keyboard cursor, told from the pending tile's plain outline by
 * its shape as well as its colour. */
static void
append_cell_dashes (GtkSnapshot   *snapshot,
                    TesseraCell    cell,
                    double         inset,
                    double         width,
                    const GdkRGBA *color)
{
  const guint n_dashes = 5;
  float side = (float) (1 - 2 * inset);
  float step = side / n_dashes;
  float dash = step * 0.6f;
  float w = (float) width;
  float x0 = (float) (cell.x + inset), y0 = (float) (cell.y + inset);

  for (guint i = 0; i < n_dashes; i++)
    {
      float along = i * step + (step - dash) / 2;

      gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x0 + along, y0, dash, w));
      gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x0 + along, y0 + side - w, dash, w));
      gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x0, y0 + along, w, dash));
      gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x0 + side - w, y0 + along, w, dash));
    }
}

static double
pulse (TesseraBoardView *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  gboolean animate = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &animate, NULL);
  if (clock == NULL || !animate)
    return 0.5;
  return 0.5 + 0.5 * sin (gdk_frame_clock_get_frame_time (clock) / 1e6 * 2 * G_PI / 1.4);
}

static void
append_markers (TesseraBoardView *self,
                GtkSnapshot      *snapshot)
{
  double p = pulse (self);

  for (guint i = 0; i < self->markers->len; i++)
    {
      const TesseraBoardMarker *marker = &g_array_index (self->markers, TesseraBoardMarker, i);
      gboolean hot = (int) i == self->hover_marker || (int) i == self->lit_marker
                     || ((int) i == self->focus_marker && self->keyboard_mode);
      double x, y, r;
      GdkRGBA fill, line, dark;

      if (!_tessera_board_view_marker_position (self, marker, &x, &y, &r))
        continue;
      tessera_paint_rgba_init (&line, 1, 0.85 + 0.1 * p, 0.2 + 0.3 * p, 1);
      tessera_paint_rgba_init (&dark, 0.1, 0.08, 0.05, self->high_contrast ? 1 : 0.7);
      tessera_paint_rgba_init (&fill, 1, 1, 0.85, hot ? 0.55 : 0.25 + 0.15 * p);

      /* The choice under the pointer or the cursor has a dot in its middle: lit by its
       * shape, not only by its colour and size. */
      if (marker->kind == TESSERA_MARKER_CELL)
        {
          append_cell_outline (snapshot, marker->cell, 0.05, 0.07, &dark, NULL);
          append_cell_outline (snapshot, marker->cell, 0.06, hot ? 0.07 : 0.04 + 0.02 * p, &line, hot ? &fill : NULL);
          if (hot)
            {
              _tessera_board_view_append_ring (snapshot, marker->cell.x + 0.5, marker->cell.y + 0.5, 0.09, 0.09, NULL, &dark);
              _tessera_board_view_append_ring (snapshot, marker->cell.x + 0.5, marker->cell.y + 0.5, 0.06, 0.06, NULL, &line);
            }
          continue;
        }
      /* Everything in proportion to the radius, which leaves room to the nearest neighbour:
       * a lit marker and a pulsing one beside it still do not touch. */
      if (hot)
        r *= 1.2;
      else
        r *= 1 + 0.1 * p;
      if ((int) i == self->focus_marker && self->keyboard_mode)
        _tessera_board_view_append_ring (snapshot, x, y, r * 1.2, r * 0.15, NULL, &line);
      else
        _tessera_board_view_append_ring (snapshot, x, y, r * 1.1, r * 0.2, NULL, &dark);
      _tessera_board_view_append_ring (snapshot, x, y, r, hot ? r * 0.3 : r * 0.24, &fill, &line);
      if (hot)
        {
          _tessera_board_view_append_ring (snapshot, x, y, r * 0.42, r * 0.42, NULL, &dark);
          _tessera_board_view_append_ring (snapshot, x, y, r * 0.24, r * 0.24, NULL, &line);
        }
    }
}

static void
append_tile_texture (TesseraBoardView      *self,
                     GtkSnapshot           *snapshot,
                     const TesseraTileType *type,
                     guint                  wheel,
                     guint                  rotation,
                     TesseraCell            cell)
{
  gtk_snapshot_append_texture (snapshot, get_tile_texture (self, type, wheel, rotation),
                               &GRAPHENE_RECT_INIT (cell.x, cell.y, 1, 1));
}

/* GtkWidget */

void
_tessera_board_view_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  TesseraBoardView *self = TESSERA_BOARD_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GdkRGBA table;

  table_rgba (self, &table);
  gtk_snapshot_append_color (snapshot, &table, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (self->game == NULL)
    return;

  if (self->board_node != NULL && texture_size_for (self) != self->texture_size)
    {
      g_clear_pointer (&self->board_node, gsk_render_node_unref);
      g_clear_pointer (&self->features_node, gsk_render_node_unref);
    }
  if (self->board_node == NULL)
    build_board_node (self);
  if (self->texture_size == 0)
    self->texture_size = texture_size_for (self);

  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) self->origin_x, (float) self->origin_y));
  /* The cached nodes are in texture pixels, the overlays in cells. */
  gtk_snapshot_scale (snapshot, (float) (self->cell / self->texture_size), (float) (self->cell / self->texture_size));
  if (self->board_node != NULL)
    gtk_snapshot_append_node (snapshot, self->board_node);
  if (self->feature_parts->len > 0)
    {
      if (self->features_node == NULL)
        build_features_node (self);
      gtk_snapshot_append_node (snapshot, self->features_node);
    }
  gtk_snapshot_scale (snapshot, (float) self->texture_size, (float) self->texture_size);

  if (self->highlighted_cells->len > 0)
    {
      GdkRGBA line, fill;

      tessera_paint_rgba_init (&line, 0.95, 0.3, 0.2, self->high_contrast ? 1 : 0.85);
      tessera_paint_rgba_init (&fill, 0.95, 0.3, 0.2, 0.18);
      for (guint i = 0; i < self->highlighted_cells->len; i++)
        append_cell_outline (snapshot, g_array_index (self->highlighted_cells, TesseraCell, i), 0.04,
                             self->high_contrast ? 0.05 : 0.035, &line, &fill);
    }

  if (_tessera_board_view_is_placing (self))
    {
      TesseraCell shown = self->hover_cell;
      gboolean show = self->has_hover && _tessera_board_view_legal_rotations (self, self->hover_cell) != 0;

      if (self->placements_node == NULL)
        build_placements_node (self);
      gtk_snapshot_append_node (snapshot, self->placements_node);
      if (!show && self->keyboard_mode && self->has_cursor)
        {
          shown = self->cursor;
          show = _tessera_board_view_legal_rotations (self, shown) != 0;
        }
      if (show)
        {
          gtk_snapshot_push_opacity (snapshot, 0.78);
          append_tile_texture (self, snapshot, self->place_type, self->place_wheel, _tessera_board_view_shown_rotation (self, shown), shown);
          gtk_snapshot_pop (snapshot);
        }
    }

  if (self->has_pending)
    {
      GdkRGBA line, dark;

      tessera_paint_rgba_init (&line, 1, 0.8, 0.15, 1);
      tessera_paint_rgba_init (&dark, 0.1, 0.08, 0.05, 0.8);
      /* In a preview the tile lies in the board node, under what the move puts on it. */
      if (self->preview_game == NULL)
        append_tile_texture (self, snapshot, self->pending_type, self->pending_wheel, self->pending_rotation,
                             self->pending_cell);
      append_cell_outline (snapshot, self->pending_cell, -0.03, 0.04, &dark, NULL);
      append_cell_outline (snapshot, self->pending_cell, -0.015, 0.035, &line, NULL);
    }

  if (self->keyboard_mode && self->has_cursor && gtk_widget_has_focus (widget) && !_tessera_board_view_has_markers (self))
    {
      GdkRGBA line, dark;

      tessera_paint_rgba_init (&line, 0.2, 0.55, 1, 1);
      tessera_paint_rgba_init (&dark, 1, 1, 1, 0.9);
      append_cell_outline (snapshot, self->cursor, -0.02, 0.05, &dark, NULL);
      append_cell_dashes (snapshot, self->cursor, -0.01, 0.035, &line);
    }

  if (_tessera_board_view_has_markers (self))
    append_markers (self, snapshot);

  gtk_snapshot_restore (snapshot);
  gtk_snapshot_pop (snapshot);
}
