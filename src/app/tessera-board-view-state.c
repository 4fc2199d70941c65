/* tessera-board-view-state.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-board-view"

#include "config.h"

#include "tessera-board-view-private.h"

#include <math.h>

#include "tessera-spot-layout.h"
#include "tessera-tile-layout.h"

/* The view state of the board: which cell and tile is where on screen, the zoom and pan and
 * their animation, and where each marker stands. */

/* Helpers */

gpointer
_tessera_board_view_cell_key (TesseraCell cell)
{
  return GUINT_TO_POINTER (((guint) (cell.x + 32768) << 16) | (guint) ((cell.y + 32768) & 0xffff));
}

gboolean
_tessera_board_view_cell_equal (TesseraCell a,
                                TesseraCell b)
{
  return a.x == b.x && a.y == b.y;
}

gboolean
_tessera_board_view_is_placing (TesseraBoardView *self)
{
  return self->place_type != NULL && self->placements->len > 0;
}

gboolean
_tessera_board_view_has_markers (TesseraBoardView *self)
{
  return self->markers->len > 0;
}

TesseraBoard *
_tessera_board_view_get_board (TesseraBoardView *self)
{
  return self->game != NULL ? tessera_game_get_board (self->game) : NULL;
}

const TesseraWheelBoard *
_tessera_board_view_get_wheel (TesseraBoardView *self)
{
  return self->game != NULL ? tessera_game_get_wheel (self->game) : NULL;
}

void
_tessera_board_view_widget_to_board (TesseraBoardView *self,
                                     double            x,
                                     double            y,
                                     double           *bx,
                                     double           *by)
{
  *bx = (x - self->origin_x) / self->cell;
  *by = (y - self->origin_y) / self->cell;
}

TesseraCell
_tessera_board_view_cell_at (TesseraBoardView *self,
                             double            x,
                             double            y)
{
  double bx, by;
  TesseraCell cell;

  _tessera_board_view_widget_to_board (self, x, y, &bx, &by);
  cell.x = (int) floor (bx);
  cell.y = (int) floor (by);
  return cell;
}

/* The legal rotations at @cell, in the order given, as a bit set. */
guint
_tessera_board_view_legal_rotations (TesseraBoardView *self,
                                     TesseraCell       cell)
{
  guint mask = 0;

  for (guint i = 0; i < self->placements->len; i++)
    {
      const TesseraPlacement *p = &g_array_index (self->placements, TesseraPlacement, i);

      if (_tessera_board_view_cell_equal (p->cell, cell))
        mask |= 1u << (p->rotation & 3);
    }
  return mask;
}

/* The rotation shown at a legal cell: the one last chosen if it fits there, else the next. */
guint
_tessera_board_view_shown_rotation (TesseraBoardView *self,
                                    TesseraCell       cell)
{
  guint mask = _tessera_board_view_legal_rotations (self, cell);

  for (guint i = 0; i < 4; i++)
    {
      guint r = (self->preferred_rotation + i) & 3;

      if (mask & (1u << r))
        return r;
    }
  return self->preferred_rotation;
}

const TesseraPlacedTile *
_tessera_board_view_tile_at (TesseraBoardView *self,
                             TesseraCell       cell)
{
  TesseraBoard *board = _tessera_board_view_get_board (self);

  return board != NULL ? tessera_board_lookup (board, cell) : NULL;
}

/* The tile type and rotation shown at @cell, the pending tile included. */
gboolean
_tessera_board_view_type_at (TesseraBoardView       *self,
                             TesseraCell             cell,
                             const TesseraTileType **type,
                             guint                  *rotation)
{
  const TesseraPlacedTile *tile;

  if (self->has_pending && _tessera_board_view_cell_equal (cell, self->pending_cell))
    {
      *type = self->pending_type;
      *rotation = self->pending_rotation;
      return TRUE;
    }
  tile = _tessera_board_view_tile_at (self, cell);
  if (tile == NULL)
    return FALSE;
  *type = tile->type;
  *rotation = tile->rotation;
  return TRUE;
}

/* Where a marker is, in board units; its radius. */
gboolean
_tessera_board_view_marker_position (TesseraBoardView         *self,
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
        if (!_tessera_board_view_type_at (self, marker->cell, &type, &rotation))
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
        const TesseraWheelBoard *wheel = _tessera_board_view_get_wheel (self);
        TesseraBoard *board = _tessera_board_view_get_board (self);

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
void
_tessera_board_view_set_view (TesseraBoardView *self,
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
  _tessera_board_view_update_hover (self);
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
void
_tessera_board_view_layout_markers (TesseraBoardView *self)
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
          || !_tessera_board_view_type_at (self, marker->cell, &type, &rotation))
        continue;
      /* Every spot marker of this cell, laid out together. */
      places = g_array_new (FALSE, FALSE, sizeof (TesseraSpotPlace));
      indices = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint j = i; j < self->markers->len; j++)
        {
          const TesseraBoardMarker *other = &g_array_index (self->markers, TesseraBoardMarker, j);
          TesseraSpotPlace place = { other->segment, 0, 0 };

          if (other->kind == TESSERA_MARKER_SPOT && _tessera_board_view_cell_equal (other->cell, marker->cell))
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
      if (any && !_tessera_board_view_cell_equal (*cell, marker->cell))
        return FALSE;
      any = TRUE;
      *cell = marker->cell;
      *needed_cell = MAX (*needed_cell, (self->touch_input ? MIN_MARKER_PIXELS_TOUCH : MIN_MARKER_PIXELS)
                          / (2 * place->radius));
    }
  return any;
}

/* Spots too small on screen to hit: the board zooms to their tile, smoothly, and goes back to
 * the view before once they are gone, unless the player moved the view meanwhile. */
void
_tessera_board_view_keep_markers_apart (TesseraBoardView *self)
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

void
_tessera_board_view_zoom_at (TesseraBoardView *self,
                             double            x,
                             double            y,
                             double            cell)
{
  double bx, by;

  cell = CLAMP (cell, MIN_CELL, MAX_CELL);
  _tessera_board_view_widget_to_board (self, x, y, &bx, &by);
  _tessera_board_view_set_view (self, x - bx * cell, y - by * cell, cell);
}

void
_tessera_board_view_zoom_by (TesseraBoardView *self,
                             double            factor)
{
  double x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
  double y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;

  _tessera_board_view_zoom_at (self, x, y, self->cell * factor);
}

/* Brings @cell into view if it is not. */
void
_tessera_board_view_reveal_cell (TesseraBoardView *self,
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
    _tessera_board_view_set_view (self, self->origin_x + dx, self->origin_y + dy, self->cell);
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
      _tessera_board_view_set_view (self, width / 2.0 - self->cell / 2, height / 2.0 - self->cell / 2, self->cell);
      return;
    }
  cells_x = self->max_x - self->min_x + 3;
  cells_y = self->max_y - self->min_y + 3;
  /* Whole pixels: a fractional cell or origin left the cells at the edge a pixel out of view,
   * where a tile may go next. */
  cell = CLAMP (floor (MIN (width / cells_x, height / cells_y)), MIN_CELL, MAX_CELL);
  _tessera_board_view_set_view (self,
                                round (width / 2.0 - (self->min_x + self->max_x + 1) / 2.0 * cell),
                                round (height / 2.0 - (self->min_y + self->max_y + 1) / 2.0 * cell),
                                cell);
  _tessera_board_view_update_hover (self);
}

/**
 * tessera_board_view_queue_fit:
 *
 * Fits the board when the view next gets its size: when the page around it is laid out anew
 * (the board moved from beside the turn card to over it).
 */
void
tessera_board_view_queue_fit (TesseraBoardView *self)
{
  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));

  self->need_fit = self->game != NULL;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
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
      || !_tessera_board_view_marker_position (self, &g_array_index (self->markers, TesseraBoardMarker, index), &bx, &by, &r))
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
