/* tessera-board-view.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-board-view"

#include "config.h"

#include "tessera-board-view.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "tessera-spot-layout.h"
#include "tessera-figure-art.h"
#include "tessera-tile-art.h"
#include "tessera-tile-layout.h"
#include "tessera-wheel-art.h"

/* The board is drawn in board units, one unit a cell, under a transform from the view: a cell
 * is @cell pixels wide and cell (0, 0) has its corner at (@origin_x, @origin_y). What the game
 * shows (tiles, followers, towers, the wheel) is built once into a render node and kept until
 * the game or the texture resolution changes; tiles are cairo-painted textures shared by all
 * copies of a type in the same rotation. Placing, markers and hover go on top every frame. */

#define MIN_CELL 12.0
#define MAX_CELL 480.0
#define FOLLOWER_SIZE 0.3
#define CLICK_SLOP 6.0
/* Two choices on one tile must be told apart by a pointer: each this wide on screen, at least. */
#define MIN_MARKER_PIXELS 26.0
#define ZOOM_DURATION_MS 250

typedef struct
{
  double x;        /* in board units */
  double y;
  double radius;
} MarkerPlace;

typedef struct
{
  guint tile;      /* index of the placed tile */
  guint segment;   /* its local segment */
} FeaturePart;

struct _TesseraBoardView
{
  GtkWidget              parent_instance;

  TesseraGame           *game;

  /* View */
  double                 origin_x;
  double                 origin_y;
  double                 cell;
  gboolean               need_fit;
  gboolean               dark;
  gboolean               high_contrast;

  /* What the game shows, cached */
  GskRenderNode         *board_node;
  GHashTable            *textures;          /* tile key -> GdkTexture */
  GHashTable            *piece_textures;    /* piece key (colour, kind, size) -> GdkTexture */
  guint                  texture_size;
  GdkTexture            *wheel_texture;
  GHashTable            *wheel_numbers;     /* cell key -> wheel number of the tile there */
  GArray                *empty_cells;       /* TesseraCell next to the board */
  gboolean               has_tiles;
  int                    min_x;
  int                    min_y;
  int                    max_x;
  int                    max_y;

  /* Placing the drawn tile */
  const TesseraTileType *place_type;
  guint                  place_wheel;
  GArray                *placements;        /* TesseraPlacement */
  guint                  preferred_rotation;
  GskRenderNode         *placements_node;

  /* A tile placed but not confirmed */
  int                    pig_preview;   /* where a drawn wheel tile takes the pig, or -1 */
  guint                  pending_rotations;  /* bit per legal rotation of the pending tile */
  guint                  keyboard_feature;   /* the segment Enter last asked about at the cursor */
  gboolean               has_pending;
  const TesseraTileType *pending_type;
  guint                  pending_wheel;
  TesseraCell            pending_cell;
  guint                  pending_rotation;

  /* Choices on the board */
  GArray                *markers;           /* TesseraBoardMarker */
  GArray                *marker_places;     /* MarkerPlace, one per marker */
  int                    lit_marker;        /* lit from outside the board, e.g. a list row */
  int                    hover_marker;
  int                    focus_marker;
  guint                  tick_id;

  /* Highlights */
  GArray                *feature_segments;  /* guint, as asked */
  GArray                *feature_parts;     /* FeaturePart */
  GskRenderNode         *features_node;
  GArray                *highlighted_cells; /* TesseraCell */

  /* Pointer and keyboard */
  gboolean               has_pointer;
  double                 pointer_x;
  double                 pointer_y;
  gboolean               has_hover;
  TesseraCell            hover_cell;
  gboolean               has_cursor;
  TesseraCell            cursor;
  gboolean               keyboard_mode;
  double                 drag_origin_x;
  double                 drag_origin_y;
  gboolean               dragging;
  double                 zoom_start_cell;

  /* Zooming to spots too small to choose, and back once chosen */
  AdwAnimation          *view_animation;
  double                 view_from[3];      /* origin x, origin y, cell */
  double                 view_to[3];
  gboolean               has_return_view;
  double                 return_view[3];    /* the view before the zoom */
};

G_DEFINE_FINAL_TYPE (TesseraBoardView, tessera_board_view, GTK_TYPE_WIDGET)

enum
{
  PLACEMENT_CHOSEN,
  MARKER_ACTIVATED,
  FEATURE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void update_accessible (TesseraBoardView *self);
static void update_hover (TesseraBoardView *self);

/* Helpers */

static gpointer
cell_key (TesseraCell cell)
{
  return GUINT_TO_POINTER (((guint) (cell.x + 32768) << 16) | (guint) ((cell.y + 32768) & 0xffff));
}

static gboolean
cell_equal (TesseraCell a,
            TesseraCell b)
{
  return a.x == b.x && a.y == b.y;
}

static void
rgba_init (GdkRGBA *rgba,
           double   red,
           double   green,
           double   blue,
           double   alpha)
{
  rgba->red = (float) red;
  rgba->green = (float) green;
  rgba->blue = (float) blue;
  rgba->alpha = (float) alpha;
}

static gboolean
is_placing (TesseraBoardView *self)
{
  return self->place_type != NULL && self->placements->len > 0;
}

static gboolean
has_markers (TesseraBoardView *self)
{
  return self->markers->len > 0;
}

/* The tile put down but not confirmed can still be turned into its other legal rotations. */
static gboolean
can_turn_pending (TesseraBoardView *self)
{
  return !is_placing (self) && self->has_pending
         && (self->pending_rotations & ~(1u << self->pending_rotation)) != 0;
}

static void
turn_pending (TesseraBoardView *self)
{
  for (guint i = 1; i < 4; i++)
    {
      guint r = (self->pending_rotation + i) & 3;

      if (self->pending_rotations & (1u << r))
        {
          g_signal_emit (self, signals[PLACEMENT_CHOSEN], 0, self->pending_cell.x, self->pending_cell.y, r);
          return;
        }
    }
}

static TesseraBoard *
get_board (TesseraBoardView *self)
{
  return self->game != NULL ? tessera_game_get_board (self->game) : NULL;
}

static const TesseraWheelBoard *
get_wheel (TesseraBoardView *self)
{
  return self->game != NULL ? tessera_game_get_wheel (self->game) : NULL;
}

static void
widget_to_board (TesseraBoardView *self,
                 double            x,
                 double            y,
                 double           *bx,
                 double           *by)
{
  *bx = (x - self->origin_x) / self->cell;
  *by = (y - self->origin_y) / self->cell;
}

static TesseraCell
cell_at (TesseraBoardView *self,
         double            x,
         double            y)
{
  double bx, by;
  TesseraCell cell;

  widget_to_board (self, x, y, &bx, &by);
  cell.x = (int) floor (bx);
  cell.y = (int) floor (by);
  return cell;
}

/* The legal rotations at @cell, in the order given, as a bit set. */
static guint
legal_rotations (TesseraBoardView *self,
                 TesseraCell       cell)
{
  guint mask = 0;

  for (guint i = 0; i < self->placements->len; i++)
    {
      const TesseraPlacement *p = &g_array_index (self->placements, TesseraPlacement, i);

      if (cell_equal (p->cell, cell))
        mask |= 1u << (p->rotation & 3);
    }
  return mask;
}

/* The rotation shown at a legal cell: the one last chosen if it fits there, else the next. */
static guint
shown_rotation (TesseraBoardView *self,
                TesseraCell       cell)
{
  guint mask = legal_rotations (self, cell);

  for (guint i = 0; i < 4; i++)
    {
      guint r = (self->preferred_rotation + i) & 3;

      if (mask & (1u << r))
        return r;
    }
  return self->preferred_rotation;
}

static const TesseraPlacedTile *
tile_at (TesseraBoardView *self,
         TesseraCell       cell)
{
  TesseraBoard *board = get_board (self);

  return board != NULL ? tessera_board_lookup (board, cell) : NULL;
}

/* The tile type and rotation shown at @cell, the pending tile included. */
static gboolean
type_at (TesseraBoardView       *self,
         TesseraCell             cell,
         const TesseraTileType **type,
         guint                  *rotation)
{
  const TesseraPlacedTile *tile;

  if (self->has_pending && cell_equal (cell, self->pending_cell))
    {
      *type = self->pending_type;
      *rotation = self->pending_rotation;
      return TRUE;
    }
  tile = tile_at (self, cell);
  if (tile == NULL)
    return FALSE;
  *type = tile->type;
  *rotation = tile->rotation;
  return TRUE;
}

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
               void   (*paint) (cairo_t *cr, gpointer data, int size))
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
    rgba_init (rgba, 0.16, 0.15, 0.14, 1);
  else
    rgba_init (rgba, 0.87, 0.84, 0.77, 1);
}

static void
update_style (TesseraBoardView *self)
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

static void
scan_game (TesseraBoardView *self)
{
  TesseraBoard *board = get_board (self);
  g_autoptr(GHashTable) occupied = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  guint n_tiles;

  g_hash_table_remove_all (self->wheel_numbers);
  g_array_set_size (self->empty_cells, 0);
  self->has_tiles = FALSE;
  if (board == NULL)
    return;

  /* The wheel numbers come from the turns that placed the tiles. */
  for (guint i = 0; i < tessera_game_get_n_events (self->game); i++)
    {
      const TesseraEvent *event = tessera_game_get_event (self->game, i);

      if (event->kind == TESSERA_EVENT_TURN && event->tile_wheel > 0)
        g_hash_table_insert (self->wheel_numbers, cell_key (event->at), GUINT_TO_POINTER (event->tile_wheel));
    }

  n_tiles = tessera_board_get_n_tiles (board);
  for (guint i = 0; i < n_tiles; i++)
    {
      const TesseraPlacedTile *tile = tessera_board_get_tile (board, i);

      g_hash_table_add (occupied, cell_key (tile->cell));
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

          if (g_hash_table_contains (occupied, cell_key (next)) || g_hash_table_contains (seen, cell_key (next)))
            continue;
          g_hash_table_add (seen, cell_key (next));
          g_array_append_val (self->empty_cells, next);
        }
    }
}

static void
collect_feature_parts (TesseraBoardView *self)
{
  TesseraBoard *board = get_board (self);
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
}

/* A follower, the tower's top or a crown's occupant: a texture per colour, kind and size,
 * shared by every piece like it, so that a board drawn again after a move is the same nodes
 * where nothing moved and the renderer redraws only what changed. */
static void
append_piece_figure (TesseraBoardView   *self,
                     GtkSnapshot        *snapshot,
                     double              unit,
                     double              x,
                     double              y,
                     double              size,
                     const GdkRGBA      *rgba,
                     TesseraFeatureKind  role)
{
  double r = size * 0.75;
  g_autofree char *hash = g_strdup_printf ("%.3f,%.3f,%.3f,%.3f,%d,%.3f", rgba->red, rgba->green, rgba->blue,
                                           rgba->alpha, (int) role, size);
  GdkTexture *texture = g_hash_table_lookup (self->piece_textures, hash);

  if (texture == NULL)
    {
      PieceKey key = { rgba, role, size };
      int pixels = (int) ceil (2 * r * unit);

      texture = paint_texture (pixels, pixels, &key, paint_piece);
      g_hash_table_insert (self->piece_textures, g_steal_pointer (&hash), texture);
    }
  gtk_snapshot_append_texture (snapshot, texture,
                               &GRAPHENE_RECT_INIT ((float) ((x - r) * unit), (float) ((y - r) * unit),
                                                    (float) (2 * r * unit), (float) (2 * r * unit)));
}

static void
append_empty_cells (TesseraBoardView *self,
                    GtkSnapshot      *snapshot)
{
  GdkRGBA line, fill;
  float width = self->high_contrast ? 0.03f : 0.015f;

  if (self->dark)
    {
      rgba_init (&line, 1, 1, 1, self->high_contrast ? 0.45 : 0.1);
      rgba_init (&fill, 1, 1, 1, 0.03);
    }
  else
    {
      rgba_init (&line, 0.3, 0.24, 0.15, self->high_contrast ? 0.6 : 0.16);
      rgba_init (&fill, 0.3, 0.24, 0.15, 0.04);
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
}

static void
build_board_node (TesseraBoardView *self)
{
  TesseraBoard *board = get_board (self);
  const TesseraWheelBoard *wheel = get_wheel (self);
  g_autoptr(GtkSnapshot) snapshot = NULL;
  const TesseraPiece *pieces;
  guint n_pieces;
  g_autoptr(GHashTable) crowded = g_hash_table_new (NULL, NULL);
  double unit;

  if (board == NULL)
    return;

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

      rgba_init (&shadow, 0, 0, 0, self->dark ? 0.45 : 0.2);
      gtk_snapshot_append_color (snapshot, &shadow, &GRAPHENE_RECT_INIT (tile->cell.x + 0.025f, tile->cell.y + 0.035f, 1, 1));
    }

  for (guint i = 0; i < tessera_board_get_n_tiles (board); i++)
    {
      const TesseraPlacedTile *tile = tessera_board_get_tile (board, i);
      guint number;

      if (tile->type->board_square && wheel != NULL)
        continue;
      number = GPOINTER_TO_UINT (g_hash_table_lookup (self->wheel_numbers, cell_key (tile->cell)));
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
  if (tessera_game_has_tower (self->game))
    {
      GArray *towers = tessera_game_get_towers (self->game);

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
            tessera_figure_art_player_rgba (tessera_game_get_player_color (self->game, (guint) tower->top), &top);
          append_cairo_item (snapshot, unit, tower->at.x + x - 0.3, tower->at.y + y - 0.9, 0.6, 1.0, &cr);
          tessera_figure_art_draw_tower (cr, tower->at.x + x, tower->at.y + y + 0.05, 1, tower->height,
                                       tower->top >= 0 ? &top : NULL);
          cairo_destroy (cr);
        }
    }

  pieces = tessera_game_get_pieces (self->game, &n_pieces);
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
      tessera_figure_art_player_rgba (tessera_game_get_player_color (self->game, pieces[i].player), &rgba);
      append_piece_figure (self, snapshot, unit, tile->cell.x + x + stacked * 0.12, tile->cell.y + y - stacked * 0.05,
                           FOLLOWER_SIZE, &rgba, pieces[i].kind);
    }

  /* The mage and the witch stand beside whoever is on their segment. */
  for (guint f = 0; f < 2; f++)
    {
      int segment = tessera_game_get_magic_segment (self->game, (TesseraMagicFigure) f);
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

      for (guint i = 0; i < tessera_board_get_n_tiles (board); i++)
        if (tessera_board_get_tile (board, i)->type == wheel->squares[0])
          {
            ox = tessera_board_get_tile (board, i)->cell.x;
            oy = tessera_board_get_tile (board, i)->cell.y;
          }

      for (guint s = 0; s < wheel->n_segments; s++)
        for (guint c = 0; c < wheel->segments[s].n_crowns; c++)
          {
            int player = tessera_game_get_crown_occupant (self->game, s, c);
            GdkRGBA rgba;

            if (player < 0)
              continue;
            tessera_tile_layout_get_crown_point (wheel, s, c, &x, &y);
            tessera_figure_art_player_rgba (tessera_game_get_player_color (self->game, (guint) player), &rgba);
            append_piece_figure (self, snapshot, unit, ox + x, oy + y - 0.06, FOLLOWER_SIZE * 1.15, &rgba, TESSERA_FEATURE_CITY);
          }

      tessera_tile_layout_get_wheel_segment_point (wheel, self->pig_preview >= 0 ? (guint) self->pig_preview
                                                                              : tessera_game_get_pig (self->game),
                                                &x, &y);
      append_cairo_item (snapshot, unit, ox + x - 0.3, oy + y - 0.3, 0.6, 0.6, &cr);
      tessera_figure_art_draw_pig (cr, ox + x, oy + y, 0.42);
      cairo_destroy (cr);
    }

  self->board_node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
}

static void
invalidate_board (TesseraBoardView *self)
{
  g_clear_pointer (&self->board_node, gsk_render_node_unref);
  g_clear_pointer (&self->features_node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Overlays */

static void
build_placements_node (TesseraBoardView *self)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  GdkRGBA fill, line;

  if (self->dark)
    {
      rgba_init (&fill, 1, 0.95, 0.75, 0.16);
      rgba_init (&line, 1, 0.92, 0.6, self->high_contrast ? 0.95 : 0.55);
    }
  else
    {
      rgba_init (&fill, 1, 1, 0.92, 0.55);
      rgba_init (&line, 0.85, 0.6, 0.1, self->high_contrast ? 1 : 0.7);
    }
  for (guint i = 0; i < self->placements->len; i++)
    {
      const TesseraPlacement *p = &g_array_index (self->placements, TesseraPlacement, i);
      float w = self->high_contrast ? 0.05f : 0.03f;
      float widths[4] = { w, w, w, w };
      GdkRGBA colors[4] = { line, line, line, line };
      GskRoundedRect rect;

      if (g_hash_table_contains (seen, cell_key (p->cell)))
        continue;
      g_hash_table_add (seen, cell_key (p->cell));
      gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT (p->cell.x + 0.03f, p->cell.y + 0.03f, 0.94f, 0.94f), 0.08f);
      gtk_snapshot_push_rounded_clip (snapshot, &rect);
      gtk_snapshot_append_color (snapshot, &fill, &rect.bounds);
      gtk_snapshot_pop (snapshot);
      gtk_snapshot_append_border (snapshot, &rect, widths, colors);
    }
  self->placements_node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
}

static void
build_features_node (TesseraBoardView *self)
{
  TesseraBoard *board = get_board (self);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  double unit = self->texture_size;
  GdkRGBA rgba;

  if (self->high_contrast)
    rgba_init (&rgba, 1, 0.95, 0.1, 0.7);
  else
    rgba_init (&rgba, 1, 0.97, 0.55, 0.55);
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

static void
append_ring (GtkSnapshot   *snapshot,
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

/* Where a marker is, in board units; its radius. */
static gboolean
marker_position (TesseraBoardView         *self,
                 const TesseraBoardMarker *marker,
                 double                   *x,
                 double                   *y,
                 double                   *r)
{
  const TesseraTileType *type;
  guint rotation;

  switch (marker->kind)
    {
    case TESSERA_MARKER_SPOT:
      {
        guint index = (guint) (marker - (const TesseraBoardMarker *) (gpointer) self->markers->data);

        if (index < self->marker_places->len)
          {
            const MarkerPlace *place = &g_array_index (self->marker_places, MarkerPlace, index);

            if (place->radius <= 0)
              return FALSE;
            *x = place->x;
            *y = place->y;
            *r = place->radius;
            return TRUE;
          }
        if (!type_at (self, marker->cell, &type, &rotation))
          return FALSE;
        tessera_tile_layout_get_segment_point (type, rotation, marker->segment, x, y);
        *x += marker->cell.x;
        *y += marker->cell.y;
        *r = TESSERA_SPOT_LAYOUT_MAX_RADIUS;
        return TRUE;
      }

    case TESSERA_MARKER_CELL:
      *x = marker->cell.x + 0.5;
      *y = marker->cell.y + 0.5;
      *r = 0.45;
      return TRUE;

    case TESSERA_MARKER_CROWN:
      {
        const TesseraWheelBoard *wheel = get_wheel (self);
        TesseraBoard *board = get_board (self);

        if (wheel == NULL)
          return FALSE;
        tessera_tile_layout_get_crown_point (wheel, marker->wheel_segment, marker->crown_space, x, y);
        for (guint i = 0; i < tessera_board_get_n_tiles (board); i++)
          if (tessera_board_get_tile (board, i)->type == wheel->squares[0])
            {
              *x += tessera_board_get_tile (board, i)->cell.x;
              *y += tessera_board_get_tile (board, i)->cell.y;
            }
        *r = 0.2;
        return TRUE;
      }

    default:
      return FALSE;
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

      if (!marker_position (self, marker, &x, &y, &r))
        continue;
      rgba_init (&line, 1, 0.85 + 0.1 * p, 0.2 + 0.3 * p, 1);
      rgba_init (&dark, 0.1, 0.08, 0.05, self->high_contrast ? 1 : 0.7);
      rgba_init (&fill, 1, 1, 0.85, hot ? 0.55 : 0.25 + 0.15 * p);

      if (marker->kind == TESSERA_MARKER_CELL)
        {
          append_cell_outline (snapshot, marker->cell, 0.05, 0.07, &dark, NULL);
          append_cell_outline (snapshot, marker->cell, 0.06, hot ? 0.07 : 0.04 + 0.02 * p, &line, hot ? &fill : NULL);
          continue;
        }
      /* Everything in proportion to the radius, which leaves room to the nearest neighbour:
       * a lit marker and a pulsing one beside it still do not touch. */
      if (hot)
        r *= 1.2;
      else
        r *= 1 + 0.1 * p;
      if ((int) i == self->focus_marker && self->keyboard_mode)
        append_ring (snapshot, x, y, r * 1.2, r * 0.15, NULL, &line);
      else
        append_ring (snapshot, x, y, r * 1.1, r * 0.2, NULL, &dark);
      append_ring (snapshot, x, y, r, hot ? r * 0.3 : r * 0.24, &fill, &line);
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

static void
tessera_board_view_snapshot (GtkWidget   *widget,
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

      rgba_init (&line, 0.95, 0.3, 0.2, self->high_contrast ? 1 : 0.85);
      rgba_init (&fill, 0.95, 0.3, 0.2, 0.18);
      for (guint i = 0; i < self->highlighted_cells->len; i++)
        append_cell_outline (snapshot, g_array_index (self->highlighted_cells, TesseraCell, i), 0.04,
                             self->high_contrast ? 0.05 : 0.035, &line, &fill);
    }

  if (is_placing (self))
    {
      TesseraCell shown = self->hover_cell;
      gboolean show = self->has_hover && legal_rotations (self, self->hover_cell) != 0;

      if (self->placements_node == NULL)
        build_placements_node (self);
      gtk_snapshot_append_node (snapshot, self->placements_node);
      if (!show && self->keyboard_mode && self->has_cursor)
        {
          shown = self->cursor;
          show = legal_rotations (self, shown) != 0;
        }
      if (show)
        {
          gtk_snapshot_push_opacity (snapshot, 0.78);
          append_tile_texture (self, snapshot, self->place_type, self->place_wheel, shown_rotation (self, shown), shown);
          gtk_snapshot_pop (snapshot);
        }
    }

  if (self->has_pending)
    {
      GdkRGBA line, dark;

      rgba_init (&line, 1, 0.8, 0.15, 1);
      rgba_init (&dark, 0.1, 0.08, 0.05, 0.8);
      append_tile_texture (self, snapshot, self->pending_type, self->pending_wheel, self->pending_rotation,
                           self->pending_cell);
      append_cell_outline (snapshot, self->pending_cell, -0.03, 0.04, &dark, NULL);
      append_cell_outline (snapshot, self->pending_cell, -0.015, 0.035, &line, NULL);
    }

  if (self->keyboard_mode && self->has_cursor && gtk_widget_has_focus (widget) && !has_markers (self))
    {
      GdkRGBA line, dark;

      rgba_init (&line, 0.2, 0.55, 1, 1);
      rgba_init (&dark, 1, 1, 1, 0.9);
      append_cell_outline (snapshot, self->cursor, -0.02, 0.05, &dark, NULL);
      append_cell_outline (snapshot, self->cursor, -0.01, 0.035, &line, NULL);
    }

  if (has_markers (self))
    append_markers (self, snapshot);

  gtk_snapshot_restore (snapshot);
  gtk_snapshot_pop (snapshot);
}

static void
tessera_board_view_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  *minimum = 120;
  *natural = 480;
}

static void
tessera_board_view_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  TesseraBoardView *self = TESSERA_BOARD_VIEW (widget);

  if (self->need_fit && self->game != NULL && width > 0 && height > 0)
    tessera_board_view_fit (self);
}

static void
tessera_board_view_css_changed (GtkWidget         *widget,
                                GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (tessera_board_view_parent_class)->css_changed (widget, change);
  update_style (TESSERA_BOARD_VIEW (widget));
}

/* View changes */

static void
show_view (TesseraBoardView *self,
           double            origin_x,
           double            origin_y,
           double            cell)
{
  self->origin_x = origin_x;
  self->origin_y = origin_y;
  self->cell = CLAMP (cell, MIN_CELL, MAX_CELL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A view the player (or a fit) chose: it ends a zoom under way, and there is no view to go back
 * to any more. */
static void
set_view (TesseraBoardView *self,
          double            origin_x,
          double            origin_y,
          double            cell)
{
  if (self->view_animation != NULL)
    adw_animation_pause (self->view_animation);
  self->has_return_view = FALSE;
  show_view (self, origin_x, origin_y, cell);
}

/* The board's point under the tile's middle moves in a straight line on screen while the scale
 * changes evenly, so zooming in and out look alike. */
static void
view_animation_cb (double            value,
                   TesseraBoardView *self)
{
  double cell = self->view_from[2] * pow (self->view_to[2] / self->view_from[2], value);
  /* The board point that is fixed in both views, if any; else the middle of the widget. */
  double width = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
  double height = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
  double from_bx = (width - self->view_from[0]) / self->view_from[2];
  double from_by = (height - self->view_from[1]) / self->view_from[2];
  double to_bx = (width - self->view_to[0]) / self->view_to[2];
  double to_by = (height - self->view_to[1]) / self->view_to[2];
  double bx = from_bx + (to_bx - from_bx) * value;
  double by = from_by + (to_by - from_by) * value;

  show_view (self, width - bx * cell, height - by * cell, cell);
  update_hover (self);
}

static void
animate_view (TesseraBoardView *self,
              double            origin_x,
              double            origin_y,
              double            cell)
{
  self->view_from[0] = self->origin_x;
  self->view_from[1] = self->origin_y;
  self->view_from[2] = self->cell;
  self->view_to[0] = origin_x;
  self->view_to[1] = origin_y;
  self->view_to[2] = CLAMP (cell, MIN_CELL, MAX_CELL);
  if (self->view_animation == NULL)
    {
      AdwAnimationTarget *target = adw_callback_animation_target_new ((AdwAnimationTargetFunc) view_animation_cb,
                                                                      self, NULL);

      self->view_animation = adw_timed_animation_new (GTK_WIDGET (self), 0, 1, ZOOM_DURATION_MS, target);
      adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->view_animation), ADW_EASE_OUT_CUBIC);
    }
  adw_animation_reset (self->view_animation);
  adw_animation_play (self->view_animation);
}

static gboolean
view_is (TesseraBoardView *self,
         const double      view[3])
{
  return fabs (self->origin_x - view[0]) < 0.5 && fabs (self->origin_y - view[1]) < 0.5
         && fabs (self->cell - view[2]) < 0.01;
}

/* Where the markers of spots go: per tile, apart enough to be told from each other (a road
 * between two fields is an eighth of a tile wide), with a radius that leaves them room. */
static void
layout_markers (TesseraBoardView *self)
{
  g_array_set_size (self->marker_places, self->markers->len);
  for (guint i = 0; i < self->markers->len; i++)
    g_array_index (self->marker_places, MarkerPlace, i).radius = -1;

  for (guint i = 0; i < self->markers->len; i++)
    {
      const TesseraBoardMarker *marker = &g_array_index (self->markers, TesseraBoardMarker, i);
      g_autoptr(GArray) places = NULL;
      g_autoptr(GArray) indices = NULL;
      const TesseraTileType *type;
      guint rotation;
      double radius;

      if (marker->kind != TESSERA_MARKER_SPOT || g_array_index (self->marker_places, MarkerPlace, i).radius > -1
          || !type_at (self, marker->cell, &type, &rotation))
        continue;
      /* Every spot marker of this cell, laid out together. */
      places = g_array_new (FALSE, FALSE, sizeof (TesseraSpotPlace));
      indices = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint j = i; j < self->markers->len; j++)
        {
          const TesseraBoardMarker *other = &g_array_index (self->markers, TesseraBoardMarker, j);
          TesseraSpotPlace place = { other->segment, 0, 0 };

          if (other->kind == TESSERA_MARKER_SPOT && cell_equal (other->cell, marker->cell))
            {
              g_array_append_val (places, place);
              g_array_append_val (indices, j);
            }
        }
      radius = tessera_spot_layout_radius (tessera_spot_layout (type, rotation, (TesseraSpotPlace *) (gpointer) places->data,
                                                                places->len));
      for (guint k = 0; k < places->len; k++)
        {
          MarkerPlace *place = &g_array_index (self->marker_places, MarkerPlace, g_array_index (indices, guint, k));

          place->x = marker->cell.x + g_array_index (places, TesseraSpotPlace, k).x;
          place->y = marker->cell.y + g_array_index (places, TesseraSpotPlace, k).y;
          place->radius = radius;
        }
    }
}

/* The cell all spot markers are on, and the tile width they need on screen; FALSE when they
 * are on several tiles (the Plague, the mage) or there are none. */
static gboolean
spot_markers_need (TesseraBoardView *self,
                   TesseraCell      *cell,
                   double           *needed_cell)
{
  gboolean any = FALSE;

  *needed_cell = 0;
  for (guint i = 0; i < self->markers->len; i++)
    {
      const TesseraBoardMarker *marker = &g_array_index (self->markers, TesseraBoardMarker, i);
      const MarkerPlace *place = &g_array_index (self->marker_places, MarkerPlace, i);

      if (marker->kind != TESSERA_MARKER_SPOT || place->radius <= 0)
        continue;
      if (any && !cell_equal (*cell, marker->cell))
        return FALSE;
      any = TRUE;
      *cell = marker->cell;
      *needed_cell = MAX (*needed_cell, MIN_MARKER_PIXELS / (2 * place->radius));
    }
  return any;
}

/* Spots too small on screen to hit: the board zooms to their tile, smoothly, and goes back to
 * the view before once they are gone, unless the player moved the view meanwhile. */
static void
keep_markers_apart (TesseraBoardView *self)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double needed, cell, sx, sy, half, margin;
  TesseraCell at;

  if (!spot_markers_need (self, &at, &needed))
    {
      if (self->has_return_view
          && (view_is (self, self->view_to) || (self->view_animation != NULL
                                                && adw_animation_get_state (self->view_animation) == ADW_ANIMATION_PLAYING)))
        animate_view (self, self->return_view[0], self->return_view[1], self->return_view[2]);
      self->has_return_view = FALSE;
      return;
    }
  if (width <= 0 || height <= 0 || self->cell >= needed - 0.01)
    return;

  cell = MIN (needed, MAX_CELL);
  /* The tile stays where it is on screen, as far as it then fits with a margin. */
  sx = self->origin_x + (at.x + 0.5) * self->cell;
  sy = self->origin_y + (at.y + 0.5) * self->cell;
  half = cell / 2;
  margin = MIN (cell / 4, 24);
  sx = width < 2 * (half + margin) ? width / 2 : CLAMP (sx, half + margin, width - half - margin);
  sy = height < 2 * (half + margin) ? height / 2 : CLAMP (sy, half + margin, height - half - margin);
  if (!self->has_return_view)
    {
      self->return_view[0] = self->origin_x;
      self->return_view[1] = self->origin_y;
      self->return_view[2] = self->cell;
      self->has_return_view = TRUE;
    }
  animate_view (self, sx - (at.x + 0.5) * cell, sy - (at.y + 0.5) * cell, cell);
}

static void
zoom_at (TesseraBoardView *self,
         double            x,
         double            y,
         double            cell)
{
  double bx, by;

  cell = CLAMP (cell, MIN_CELL, MAX_CELL);
  widget_to_board (self, x, y, &bx, &by);
  set_view (self, x - bx * cell, y - by * cell, cell);
}

static void
zoom_by (TesseraBoardView *self,
         double            factor)
{
  double x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
  double y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;

  zoom_at (self, x, y, self->cell * factor);
}

/* Brings @cell into view if it is not. */
static void
reveal_cell (TesseraBoardView *self,
             TesseraCell       cell)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double x = self->origin_x + cell.x * self->cell;
  double y = self->origin_y + cell.y * self->cell;
  double dx = 0, dy = 0;

  if (width <= 0 || height <= 0)
    return;
  if (x < 0)
    dx = -x + self->cell * 0.5;
  else if (x + self->cell > width)
    dx = width - x - self->cell * 1.5;
  if (y < 0)
    dy = -y + self->cell * 0.5;
  else if (y + self->cell > height)
    dy = height - y - self->cell * 1.5;
  if (dx != 0 || dy != 0)
    set_view (self, self->origin_x + dx, self->origin_y + dy, self->cell);
}

/* Keyboard */

/* The nearest of @cells from @from in direction (@dx, @dy); anything in that half-plane
 * counts, with sideways distance weighing more. */
static gboolean
nearest_in_direction (TesseraCell        from,
                      int                dx,
                      int                dy,
                      const TesseraCell *cells,
                      guint              n_cells,
                      TesseraCell       *found)
{
  double best = G_MAXDOUBLE;

  for (guint i = 0; i < n_cells; i++)
    {
      int ax = cells[i].x - from.x, ay = cells[i].y - from.y;
      int along = ax * dx + ay * dy;
      int across = abs (ax * dy - ay * dx);
      double score;

      if (along <= 0)
        continue;
      score = along + 2.0 * across;
      if (score < best)
        {
          best = score;
          *found = cells[i];
        }
    }
  return best < G_MAXDOUBLE;
}

static GArray *
cursor_cells (TesseraBoardView *self)
{
  GArray *cells = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
  TesseraBoard *board = get_board (self);

  if (is_placing (self))
    {
      for (guint i = 0; i < self->placements->len; i++)
        g_array_append_val (cells, g_array_index (self->placements, TesseraPlacement, i).cell);
    }
  else if (board != NULL)
    {
      /* The tiles with something on them to ask about: not the wheel board's inner squares. */
      for (guint i = 0; i < tessera_board_get_n_tiles (board); i++)
        if (tessera_board_get_tile (board, i)->type->n_segments > 0)
          g_array_append_val (cells, tessera_board_get_tile (board, i)->cell);
    }
  return cells;
}

static void
ensure_cursor (TesseraBoardView *self)
{
  g_autoptr(GArray) cells = NULL;
  gboolean valid = FALSE;

  cells = cursor_cells (self);
  for (guint i = 0; self->has_cursor && i < cells->len; i++)
    if (cell_equal (g_array_index (cells, TesseraCell, i), self->cursor))
      valid = TRUE;
  if (!valid)
    {
      double cx = 0, cy = 0, best = G_MAXDOUBLE;

      /* Start from the cell nearest to the middle of the view. */
      if (self->cell > 0)
        widget_to_board (self, gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                         gtk_widget_get_height (GTK_WIDGET (self)) / 2.0, &cx, &cy);
      self->has_cursor = cells->len > 0;
      for (guint i = 0; i < cells->len; i++)
        {
          const TesseraCell *cell = &g_array_index (cells, TesseraCell, i);
          double d = hypot (cell->x + 0.5 - cx, cell->y + 0.5 - cy);

          if (d < best)
            {
              best = d;
              self->cursor = *cell;
            }
        }
    }
}

static void
move_cursor (TesseraBoardView *self,
             int               dx,
             int               dy)
{
  self->keyboard_mode = TRUE;

  if (has_markers (self) && !is_placing (self))
    {
      /* Markers: the nearest marker that way, else the next one in order. */
      double best = G_MAXDOUBLE, fx = 0, fy = 0, r;
      int found = -1;
      guint n = self->markers->len;

      if (self->focus_marker < 0 || self->focus_marker >= (int) n)
        self->focus_marker = 0;
      else
        {
          marker_position (self, &g_array_index (self->markers, TesseraBoardMarker, self->focus_marker), &fx, &fy, &r);
          for (guint i = 0; i < n; i++)
            {
              double x, y, along, across;

              if ((int) i == self->focus_marker
                  || !marker_position (self, &g_array_index (self->markers, TesseraBoardMarker, i), &x, &y, &r))
                continue;
              along = (x - fx) * dx + (y - fy) * dy;
              across = fabs ((x - fx) * dy - (y - fy) * dx);
              if (along <= 0.01)
                continue;
              if (along + 2 * across < best)
                {
                  best = along + 2 * across;
                  found = (int) i;
                }
            }
          self->focus_marker = found >= 0 ? found : (int) ((self->focus_marker + (dx + dy > 0 ? 1 : n - 1)) % n);
        }
    }
  else
    {
      g_autoptr(GArray) cells = cursor_cells (self);
      TesseraCell next;

      if (!self->has_cursor)
        ensure_cursor (self);
      else if (nearest_in_direction (self->cursor, dx, dy, (TesseraCell *) (gpointer) cells->data, cells->len, &next))
        self->cursor = next;
      else
        ensure_cursor (self);
      if (self->has_cursor)
        reveal_cell (self, self->cursor);
    }
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
choose_placement (TesseraBoardView *self,
                  TesseraCell       cell)
{
  guint rotation;

  if (legal_rotations (self, cell) == 0)
    return;
  rotation = shown_rotation (self, cell);
  self->preferred_rotation = rotation;
  g_signal_emit (self, signals[PLACEMENT_CHOSEN], 0, cell.x, cell.y, rotation);
}

static void
rotate_at (TesseraBoardView *self,
           TesseraCell       cell)
{
  guint mask = legal_rotations (self, cell);
  guint current = shown_rotation (self, cell);

  for (guint i = 1; i <= 4 && mask != 0; i++)
    {
      guint r = (current + i) & 3;

      if (mask & (1u << r))
        {
          self->preferred_rotation = r;
          break;
        }
    }
  /* Turning the tile already put down asks for it to be put down again, turned. */
  if (self->has_pending && cell_equal (cell, self->pending_cell) && self->preferred_rotation != self->pending_rotation)
    g_signal_emit (self, signals[PLACEMENT_CHOSEN], 0, cell.x, cell.y, self->preferred_rotation);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  zoom_by (TESSERA_BOARD_VIEW (widget), 1.25);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  zoom_by (TESSERA_BOARD_VIEW (widget), 0.8);
}

static void
fit_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  tessera_board_view_fit (TESSERA_BOARD_VIEW (widget));
}

static void
rotate_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  tessera_board_view_rotate (TESSERA_BOARD_VIEW (widget));
}

/**
 * tessera_board_view_rotate:
 *
 * Turns the tile being placed, as R does: the one put down, else the one under the pointer or
 * the keyboard's cursor.
 */
void
tessera_board_view_rotate (TesseraBoardView *self)
{
  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));

  if (can_turn_pending (self))
    {
      turn_pending (self);
      return;
    }
  if (!is_placing (self))
    return;
  if (self->has_hover && legal_rotations (self, self->hover_cell) != 0 && !self->keyboard_mode)
    rotate_at (self, self->hover_cell);
  else if (self->has_pending && legal_rotations (self, self->pending_cell) != 0 && !self->keyboard_mode)
    rotate_at (self, self->pending_cell);
  else
    {
      ensure_cursor (self);
      if (self->has_cursor)
        rotate_at (self, self->cursor);
    }
}

static void
move_cursor_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  int dx, dy;

  g_variant_get (parameter, "(ii)", &dx, &dy);
  move_cursor (TESSERA_BOARD_VIEW (widget), dx, dy);
}

static void
activate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TesseraBoardView *self = TESSERA_BOARD_VIEW (widget);

  if (is_placing (self))
    {
      ensure_cursor (self);
      if (self->has_cursor)
        choose_placement (self, self->cursor);
    }
  else if (has_markers (self))
    {
      if (self->focus_marker < 0)
        self->focus_marker = 0;
      if (self->focus_marker < (int) self->markers->len)
        g_signal_emit (self, signals[MARKER_ACTIVATED], 0, (guint) self->focus_marker);
    }
  else if (get_board (self) != NULL)
    {
      /* The keyboard's way to settle a dispute: Enter asks about a feature of the tile under the
       * cursor, and again about the next one. */
      const TesseraPlacedTile *tile;
      gboolean same_cell = self->has_cursor;

      ensure_cursor (self);
      same_cell &= self->has_cursor;
      tile = self->has_cursor ? tessera_board_lookup (get_board (self), self->cursor) : NULL;
      if (tile == NULL || tile->type->n_segments == 0)
        return;
      if (!same_cell || self->keyboard_feature < tile->first_segment
          || self->keyboard_feature >= tile->first_segment + tile->type->n_segments)
        self->keyboard_feature = tile->first_segment;
      else
        self->keyboard_feature = tile->first_segment
                                 + (self->keyboard_feature - tile->first_segment + 1) % tile->type->n_segments;
      g_signal_emit (self, signals[FEATURE_ACTIVATED], 0, self->keyboard_feature);
    }
}

static gboolean
cycle_markers (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  TesseraBoardView *self = TESSERA_BOARD_VIEW (widget);
  int step = g_variant_get_int32 (args);
  int next;

  if (!has_markers (self))
    return FALSE;
  if (self->focus_marker < 0)
    next = step > 0 ? 0 : (int) self->markers->len - 1;
  else
    next = self->focus_marker + step;
  /* Past the last marker, Tab leaves the board as it would anywhere else. */
  if (next < 0 || next >= (int) self->markers->len)
    {
      self->focus_marker = -1;
      gtk_widget_queue_draw (widget);
      return FALSE;
    }
  self->focus_marker = next;
  self->keyboard_mode = TRUE;
  update_accessible (self);
  gtk_widget_queue_draw (widget);
  return TRUE;
}

static void
update_actions (TesseraBoardView *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "board.rotate", is_placing (self) || can_turn_pending (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "board.activate-cursor",
                                 is_placing (self) || has_markers (self) || get_board (self) != NULL);
}

/* Accessibility */

static void
update_accessible (TesseraBoardView *self)
{
  g_autofree char *text = NULL;

  if (has_markers (self) && !is_placing (self) && self->focus_marker >= 0
      && self->focus_marker < (int) self->markers->len)
    {
      const TesseraBoardMarker *marker = &g_array_index (self->markers, TesseraBoardMarker, self->focus_marker);

      text = g_strdup_printf (_("Choice %u of %u, cell %d, %d"), (guint) self->focus_marker + 1,
                              self->markers->len, marker->cell.x, marker->cell.y);
    }
  else if (self->has_cursor && is_placing (self))
    {
      guint rotation = shown_rotation (self, self->cursor);

      text = g_strdup_printf (_("Cell %d, %d: place tile %s rotated %u degrees"), self->cursor.x, self->cursor.y,
                              self->place_type->id, rotation * 90);
    }
  else if (self->has_cursor)
    {
      const TesseraTileType *type;
      guint rotation;

      if (type_at (self, self->cursor, &type, &rotation))
        text = g_strdup_printf (_("Cell %d, %d: tile %s rotated %u degrees"), self->cursor.x, self->cursor.y,
                                type->id, rotation * 90);
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text != NULL ? text : "",
                                  -1);
}

/* Pointer */

static int
marker_at (TesseraBoardView *self,
           double            wx,
           double            wy)
{
  double bx, by;
  int found = -1;
  double best = G_MAXDOUBLE;

  widget_to_board (self, wx, wy, &bx, &by);
  for (guint i = 0; i < self->markers->len; i++)
    {
      const TesseraBoardMarker *marker = &g_array_index (self->markers, TesseraBoardMarker, i);
      double x, y, r, d;

      if (!marker_position (self, marker, &x, &y, &r))
        continue;
      if (marker->kind == TESSERA_MARKER_CELL)
        d = (floor (bx) == marker->cell.x && floor (by) == marker->cell.y) ? 0.5 : G_MAXDOUBLE;
      else
        d = hypot (bx - x, by - y) / (r * 1.4);
      if (d <= 1 && d < best)
        {
          best = d;
          found = (int) i;
        }
    }
  return found;
}

static void
update_hover (TesseraBoardView *self)
{
  TesseraCell cell;
  int marker;

  if (!self->has_pointer)
    {
      if (self->has_hover || self->hover_marker >= 0)
        gtk_widget_queue_draw (GTK_WIDGET (self));
      self->has_hover = FALSE;
      self->hover_marker = -1;
      return;
    }
  cell = cell_at (self, self->pointer_x, self->pointer_y);
  marker = marker_at (self, self->pointer_x, self->pointer_y);
  if (!self->has_hover || !cell_equal (cell, self->hover_cell) || marker != self->hover_marker)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  self->has_hover = TRUE;
  self->hover_cell = cell;
  self->hover_marker = marker;
}

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           TesseraBoardView         *self)
{
  if (self->has_pointer && fabs (x - self->pointer_x) + fabs (y - self->pointer_y) > 2)
    self->keyboard_mode = FALSE;
  self->has_pointer = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  update_hover (self);
}

static void
leave_cb (GtkEventControllerMotion *controller,
          TesseraBoardView         *self)
{
  self->has_pointer = FALSE;
  update_hover (self);
}

static void
primary_click (TesseraBoardView *self,
               double            x,
               double            y)
{
  TesseraCell cell = cell_at (self, x, y);
  int marker = marker_at (self, x, y);
  const TesseraPlacedTile *tile;
  double bx, by;

  self->keyboard_mode = FALSE;
  if (marker >= 0)
    {
      g_signal_emit (self, signals[MARKER_ACTIVATED], 0, (guint) marker);
      return;
    }
  if (is_placing (self))
    {
      choose_placement (self, cell);
      return;
    }
  if (has_markers (self))
    return;

  tile = tile_at (self, cell);
  if (tile == NULL)
    return;
  widget_to_board (self, x, y, &bx, &by);
  {
    int segment = tessera_tile_layout_segment_at (tile->type, tile->rotation, bx - cell.x, by - cell.y);

    if (segment >= 0)
      g_signal_emit (self, signals[FEATURE_ACTIVATED], 0, tile->first_segment + (guint) segment);
  }
}

static void
drag_begin_cb (GtkGestureDrag   *gesture,
               double            x,
               double            y,
               TesseraBoardView *self)
{
  self->drag_origin_x = self->origin_x;
  self->drag_origin_y = self->origin_y;
  self->dragging = FALSE;
}

static void
drag_update_cb (GtkGestureDrag   *gesture,
                double            dx,
                double            dy,
                TesseraBoardView *self)
{
  if (!self->dragging && hypot (dx, dy) < CLICK_SLOP)
    return;
  if (!self->dragging)
    {
      self->dragging = TRUE;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
    }
  set_view (self, self->drag_origin_x + dx, self->drag_origin_y + dy, self->cell);
  if (self->has_pointer)
    update_hover (self);
}

static void
drag_end_cb (GtkGestureDrag   *gesture,
             double            dx,
             double            dy,
             TesseraBoardView *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  double x, y;

  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
  if (self->dragging)
    {
      self->dragging = FALSE;
      return;
    }
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  if (!gtk_widget_has_focus (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self));
  if (button == GDK_BUTTON_SECONDARY)
    {
      TesseraCell cell = cell_at (self, x, y);

      if (is_placing (self) && legal_rotations (self, cell) != 0)
        rotate_at (self, cell);
      else if (can_turn_pending (self) && cell_equal (cell, self->pending_cell))
        turn_pending (self);
    }
  else if (button == GDK_BUTTON_PRIMARY || button == 0)
    primary_click (self, x, y);
}

static gboolean
scroll_cb (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           TesseraBoardView         *self)
{
  double x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
  double y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;

  if (self->has_pointer)
    {
      x = self->pointer_x;
      y = self->pointer_y;
    }
  zoom_at (self, x, y, self->cell * pow (1.15, -dy));
  update_hover (self);
  return TRUE;
}

static void
zoom_begin_cb (GtkGesture       *gesture,
               GdkEventSequence *sequence,
               TesseraBoardView *self)
{
  self->zoom_start_cell = self->cell;
}

static void
zoom_scale_changed_cb (GtkGestureZoom   *gesture,
                       double            scale,
                       TesseraBoardView *self)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  zoom_at (self, x, y, self->zoom_start_cell * scale);
}

static gboolean
pulse_tick_cb (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       user_data)
{
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static void
update_pulse (TesseraBoardView *self)
{
  if (has_markers (self) && self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), pulse_tick_cb, NULL, NULL);
  else if (!has_markers (self) && self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
}

/* GObject */

static void
tessera_board_view_dispose (GObject *object)
{
  TesseraBoardView *self = TESSERA_BOARD_VIEW (object);

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  g_clear_object (&self->game);
  g_clear_pointer (&self->board_node, gsk_render_node_unref);
  g_clear_pointer (&self->placements_node, gsk_render_node_unref);
  g_clear_pointer (&self->features_node, gsk_render_node_unref);
  g_clear_object (&self->wheel_texture);
  g_clear_object (&self->view_animation);

  G_OBJECT_CLASS (tessera_board_view_parent_class)->dispose (object);
}

static void
tessera_board_view_finalize (GObject *object)
{
  TesseraBoardView *self = TESSERA_BOARD_VIEW (object);

  g_clear_pointer (&self->textures, g_hash_table_unref);
  g_clear_pointer (&self->piece_textures, g_hash_table_unref);
  g_clear_pointer (&self->wheel_numbers, g_hash_table_unref);
  g_clear_pointer (&self->empty_cells, g_array_unref);
  g_clear_pointer (&self->placements, g_array_unref);
  g_clear_pointer (&self->markers, g_array_unref);
  g_clear_pointer (&self->marker_places, g_array_unref);
  g_clear_pointer (&self->feature_segments, g_array_unref);
  g_clear_pointer (&self->feature_parts, g_array_unref);
  g_clear_pointer (&self->highlighted_cells, g_array_unref);

  G_OBJECT_CLASS (tessera_board_view_parent_class)->finalize (object);
}

static void
tessera_board_view_class_init (TesseraBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_board_view_dispose;
  object_class->finalize = tessera_board_view_finalize;

  widget_class->snapshot = tessera_board_view_snapshot;
  widget_class->measure = tessera_board_view_measure;
  widget_class->size_allocate = tessera_board_view_size_allocate;
  widget_class->css_changed = tessera_board_view_css_changed;

  /**
   * TesseraBoardView::placement-chosen:
   * @x: the cell's column
   * @y: the cell's row
   * @rotation: quarter turns clockwise, one of the legal rotations at that cell
   *
   * The player put the drawn tile on a legal cell (a click, or Enter on the keyboard cursor).
   */
  signals[PLACEMENT_CHOSEN] =
    g_signal_new ("placement-chosen",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_UINT);

  /**
   * TesseraBoardView::marker-activated:
   * @index: the marker's index in the array given to tessera_board_view_set_markers()
   */
  signals[MARKER_ACTIVATED] =
    g_signal_new ("marker-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * TesseraBoardView::feature-activated:
   * @segment: the board segment under the pointer
   *
   * A click on a placed tile while nothing is being chosen on the board.
   */
  signals[FEATURE_ACTIVATED] =
    g_signal_new ("feature-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "board.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "board.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "board.fit", NULL, fit_action);
  gtk_widget_class_install_action (widget_class, "board.rotate", NULL, rotate_action);
  gtk_widget_class_install_action (widget_class, "board.move-cursor", "(ii)", move_cursor_action);
  gtk_widget_class_install_action (widget_class, "board.activate-cursor", NULL, activate_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "board.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "board.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK, "board.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "board.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "board.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "board.fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, 0, "board.rotate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_R, 0, "board.rotate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "board.move-cursor", "(ii)", -1, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "board.move-cursor", "(ii)", 1, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "board.move-cursor", "(ii)", 0, -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "board.move-cursor", "(ii)", 0, 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "board.activate-cursor", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "board.activate-cursor", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "board.activate-cursor", NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Tab, 0, cycle_markers, "i", 1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK, cycle_markers, "i", -1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Tab, GDK_SHIFT_MASK, cycle_markers, "i", -1);

  gtk_widget_class_set_css_name (widget_class, "boardview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
tessera_board_view_init (TesseraBoardView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  self->cell = 96;
  self->pig_preview = -1;
  self->hover_marker = -1;
  self->focus_marker = -1;
  self->lit_marker = -1;
  self->textures = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->piece_textures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->wheel_numbers = g_hash_table_new (NULL, NULL);
  self->empty_cells = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
  self->placements = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));
  self->markers = g_array_new (FALSE, FALSE, sizeof (TesseraBoardMarker));
  self->marker_places = g_array_new (FALSE, FALSE, sizeof (MarkerPlace));
  self->feature_segments = g_array_new (FALSE, FALSE, sizeof (guint));
  self->feature_parts = g_array_new (FALSE, FALSE, sizeof (FeaturePart));
  self->highlighted_cells = g_array_new (FALSE, FALSE, sizeof (TesseraCell));

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (zoom_begin_cb), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (zoom_scale_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game board"),
                                  -1);
  update_actions (self);
}

/* Public API */

/**
 * tessera_board_view_new:
 *
 * Returns: (transfer floating): a board view without a game
 */
GtkWidget *
tessera_board_view_new (void)
{
  return g_object_new (TESSERA_TYPE_BOARD_VIEW, NULL);
}

/**
 * tessera_board_view_get_game:
 *
 * Returns: (transfer none) (nullable): the game shown
 */
TesseraGame *
tessera_board_view_get_game (TesseraBoardView *self)
{
  g_return_val_if_fail (TESSERA_IS_BOARD_VIEW (self), NULL);

  return self->game;
}

/**
 * tessera_board_view_set_game:
 * @game: (nullable): the game to show
 *
 * Shows @game; the view fits the board the first time it has a size. Call
 * tessera_board_view_game_changed() after every change to the game.
 */
void
tessera_board_view_set_game (TesseraBoardView *self,
                             TesseraGame      *game)
{
  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));
  g_return_if_fail (game == NULL || TESSERA_IS_GAME (game));

  if (game == self->game)
    return;
  /* Fit when a game appears, not when one game object replaces another. */
  self->need_fit = self->game == NULL && game != NULL;
  g_set_object (&self->game, game);
  g_array_set_size (self->placements, 0);
  g_array_set_size (self->markers, 0);
  g_array_set_size (self->feature_segments, 0);
  g_array_set_size (self->highlighted_cells, 0);
  g_clear_pointer (&self->placements_node, gsk_render_node_unref);
  self->place_type = NULL;
  self->has_pending = FALSE;
  self->has_cursor = FALSE;
  self->focus_marker = -1;
  self->hover_marker = -1;
  tessera_board_view_game_changed (self);
  update_actions (self);
  if (self->need_fit && gtk_widget_get_width (GTK_WIDGET (self)) > 0)
    tessera_board_view_fit (self);
}

/**
 * tessera_board_view_game_changed:
 *
 * Redraws what the game shows after an event was applied, undone or redone.
 */
void
tessera_board_view_game_changed (TesseraBoardView *self)
{
  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));

  scan_game (self);
  collect_feature_parts (self);
  if (self->has_cursor && !is_placing (self))
    ensure_cursor (self);
  update_pulse (self);
  update_actions (self);
  update_accessible (self);
  invalidate_board (self);
}

/**
 * tessera_board_view_set_placements:
 * @type: (nullable): the drawn tile
 * @wheel: its wheel number
 * @placements: (array length=n_placements): every legal cell and rotation
 *
 * Starts placing @type: its legal cells are lit, the pointer shows it on them, and a click or
 * Enter emits #TesseraBoardView::placement-chosen. No placements end placing.
 */
void
tessera_board_view_set_placements (TesseraBoardView       *self,
                                   const TesseraTileType  *type,
                                   guint                   wheel,
                                   const TesseraPlacement *placements,
                                   guint                   n_placements)
{
  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));
  g_return_if_fail (n_placements == 0 || placements != NULL);

  g_array_set_size (self->placements, 0);
  if (type != NULL && n_placements > 0)
    g_array_append_vals (self->placements, placements, n_placements);
  self->place_type = self->placements->len > 0 ? type : NULL;
  self->place_wheel = wheel;
  g_clear_pointer (&self->placements_node, gsk_render_node_unref);
  if (is_placing (self))
    {
      self->has_cursor = FALSE;
      ensure_cursor (self);
    }
  else if (self->has_cursor)
    ensure_cursor (self);
  update_hover (self);
  update_actions (self);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * tessera_board_view_set_pending_tile:
 *
 * Shows @type at @cell, placed but not yet confirmed.
 */
void
tessera_board_view_set_pending_tile (TesseraBoardView      *self,
                                     const TesseraTileType *type,
                                     guint                  wheel,
                                     TesseraCell            cell,
                                     guint                  rotation)
{
  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));
  g_return_if_fail (type != NULL);

  self->has_pending = TRUE;
  self->pending_type = type;
  self->pending_wheel = wheel;
  self->pending_cell = cell;
  self->pending_rotation = rotation & 3;
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * tessera_board_view_set_pig:
 * @self: the board view
 * @segment: the wheel segment a drawn wheel tile moves the pig to, or -1 for the game's pig
 *
 * Shows the pig where the tile being entered takes it, before the move is confirmed.
 */
void
tessera_board_view_set_pig (TesseraBoardView *self,
                            int               segment)
{
  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));

  if (self->pig_preview == segment)
    return;
  self->pig_preview = segment;
  invalidate_board (self);
}

/**
 * tessera_board_view_set_pending_rotations:
 * @self: the board view
 * @rotations: a bit per rotation (in quarter turns) the pending tile may take at its cell
 *
 * Lets R and a right click turn the tile put down but not yet confirmed: the view emits
 * #TesseraBoardView::placement-chosen again with its next legal rotation.
 */
void
tessera_board_view_set_pending_rotations (TesseraBoardView *self,
                                          guint             rotations)
{
  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));

  self->pending_rotations = rotations & 0xf;
  update_actions (self);
}

void
tessera_board_view_clear_pending_tile (TesseraBoardView *self)
{
  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));

  if (!self->has_pending)
    return;
  self->has_pending = FALSE;
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * tessera_board_view_set_markers:
 * @markers: (array length=n_markers): the choices
 *
 * Shows choices on the board; a click or Enter emits #TesseraBoardView::marker-activated with
 * the index of the chosen one. No markers clear them.
 */
void
tessera_board_view_set_markers (TesseraBoardView         *self,
                                const TesseraBoardMarker *markers,
                                guint                     n_markers)
{
  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));
  g_return_if_fail (n_markers == 0 || markers != NULL);

  g_array_set_size (self->markers, 0);
  if (n_markers > 0)
    g_array_append_vals (self->markers, markers, n_markers);
  layout_markers (self);
  keep_markers_apart (self);
  self->focus_marker = n_markers > 0 && self->keyboard_mode ? 0 : -1;
  self->hover_marker = -1;
  self->lit_marker = -1;
  update_hover (self);
  update_pulse (self);
  update_actions (self);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * tessera_board_view_highlight_features:
 * @segments: (array length=n_segments): board segments
 *
 * Highlights, on every tile, the parts of the features these segments belong to.
 */
void
tessera_board_view_highlight_features (TesseraBoardView *self,
                                       const guint      *segments,
                                       guint             n_segments)
{
  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));
  g_return_if_fail (n_segments == 0 || segments != NULL);

  g_array_set_size (self->feature_segments, 0);
  if (n_segments > 0)
    g_array_append_vals (self->feature_segments, segments, n_segments);
  collect_feature_parts (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * tessera_board_view_highlight_cells:
 * @cells: (array length=n_cells): cells to outline
 */
void
tessera_board_view_highlight_cells (TesseraBoardView  *self,
                                    const TesseraCell *cells,
                                    guint              n_cells)
{
  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));
  g_return_if_fail (n_cells == 0 || cells != NULL);

  g_array_set_size (self->highlighted_cells, 0);
  if (n_cells > 0)
    g_array_append_vals (self->highlighted_cells, cells, n_cells);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * tessera_board_view_fit:
 *
 * Zooms and pans so that the whole board and a cell around it fill the view.
 */
void
tessera_board_view_fit (TesseraBoardView *self)
{
  int width, height;
  double cells_x, cells_y, cell;

  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));

  width = gtk_widget_get_width (GTK_WIDGET (self));
  height = gtk_widget_get_height (GTK_WIDGET (self));
  if (width <= 0 || height <= 0 || self->game == NULL)
    {
      self->need_fit = self->game != NULL;
      return;
    }
  self->need_fit = FALSE;
  if (!self->has_tiles)
    {
      set_view (self, width / 2.0 - self->cell / 2, height / 2.0 - self->cell / 2, self->cell);
      return;
    }
  cells_x = self->max_x - self->min_x + 3;
  cells_y = self->max_y - self->min_y + 3;
  cell = CLAMP (MIN (width / cells_x, height / cells_y), MIN_CELL, MAX_CELL);
  set_view (self,
            width / 2.0 - (self->min_x + self->max_x + 1) / 2.0 * cell,
            height / 2.0 - (self->min_y + self->max_y + 1) / 2.0 * cell,
            cell);
  update_hover (self);
}

/**
 * tessera_board_view_get_cell_bounds:
 * @bounds: (out): the cell's rectangle in widget coordinates
 *
 * Returns: whether any of the cell is in view
 */
gboolean
tessera_board_view_get_cell_bounds (TesseraBoardView *self,
                                    TesseraCell       cell,
                                    GdkRectangle     *bounds)
{
  double x, y;
  int width, height;

  g_return_val_if_fail (TESSERA_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  x = self->origin_x + cell.x * self->cell;
  y = self->origin_y + cell.y * self->cell;
  bounds->x = (int) floor (x);
  bounds->y = (int) floor (y);
  bounds->width = (int) ceil (x + self->cell) - bounds->x;
  bounds->height = (int) ceil (y + self->cell) - bounds->y;
  width = gtk_widget_get_width (GTK_WIDGET (self));
  height = gtk_widget_get_height (GTK_WIDGET (self));
  return bounds->x + bounds->width > 0 && bounds->y + bounds->height > 0 && bounds->x < width && bounds->y < height;
}

/**
 * tessera_board_view_light_marker:
 * @index: a marker, or -1 for none
 *
 * Lights a marker as hovering it would, for a list of the same choices beside the board.
 */
void
tessera_board_view_light_marker (TesseraBoardView *self,
                                 int               index)
{
  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));

  if (index >= (int) self->markers->len)
    index = -1;
  if (self->lit_marker == index)
    return;
  self->lit_marker = index;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * tessera_board_view_get_marker_point:
 * @index: a marker
 * @x: (out): its middle, in widget coordinates
 * @y: (out)
 * @radius: (out): its radius on screen
 *
 * Returns: whether there is such a marker on the board
 */
gboolean
tessera_board_view_get_marker_point (TesseraBoardView *self,
                                     guint             index,
                                     double           *x,
                                     double           *y,
                                     double           *radius)
{
  double bx, by, r;

  g_return_val_if_fail (TESSERA_IS_BOARD_VIEW (self), FALSE);

  if (index >= self->markers->len
      || !marker_position (self, &g_array_index (self->markers, TesseraBoardMarker, index), &bx, &by, &r))
    return FALSE;
  *x = self->origin_x + bx * self->cell;
  *y = self->origin_y + by * self->cell;
  *radius = r * self->cell;
  return TRUE;
}

/**
 * tessera_board_view_is_moving:
 *
 * Returns: whether the view is zooming to (or back from) a tile
 */
gboolean
tessera_board_view_is_moving (TesseraBoardView *self)
{
  g_return_val_if_fail (TESSERA_IS_BOARD_VIEW (self), FALSE);

  return self->view_animation != NULL && adw_animation_get_state (self->view_animation) == ADW_ANIMATION_PLAYING;
}
