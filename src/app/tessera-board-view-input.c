/* tessera-board-view-input.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-board-view"

#include "config.h"

#include "tessera-board-view-private.h"

#include <math.h>

#include "tessera-tile-layout.h"

/* The board by pointer and by touch: what a click, a drag, the wheel, a tap, a long press and a
 * pinch do, and what the pointer rests on. The keyboard's way is in tessera-board-view.c, with
 * the actions both share. */

static int
marker_at (TesseraBoardView *self,
           double            wx,
           double            wy)
{
  double bx, by;
  int found = -1;
  double best = G_MAXDOUBLE;

  _tessera_board_view_widget_to_board (self, wx, wy, &bx, &by);
  for (guint i = 0; i < self->markers->len; i++)
    {
      const TesseraBoardMarker *marker = &g_array_index (self->markers, TesseraBoardMarker, i);
      double x, y, r, d;

      if (!_tessera_board_view_marker_position (self, marker, &x, &y, &r))
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

void
_tessera_board_view_update_hover (TesseraBoardView *self)
{
  TesseraCell cell;
  int marker;

  if (!self->has_pointer)
    {
      if (self->has_hover || self->hover_marker >= 0)
        gtk_widget_queue_draw (GTK_WIDGET (self));
      self->has_hover = FALSE;
      self->hover_marker = -1;
      _tessera_board_view_update_inspected (self);
      return;
    }
  cell = _tessera_board_view_cell_at (self, self->pointer_x, self->pointer_y);
  marker = marker_at (self, self->pointer_x, self->pointer_y);
  if (!self->has_hover || !_tessera_board_view_cell_equal (cell, self->hover_cell) || marker != self->hover_marker)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  self->has_hover = TRUE;
  self->hover_cell = cell;
  self->hover_marker = marker;
  _tessera_board_view_update_inspected (self);
}

/**
 * _tessera_board_view_set_touch_input:
 * @touch_input: whether the last press on the board was a finger's
 *
 * A finger needs larger spots than a pointer: shown too small for it, they are zoomed to.
 */
void
_tessera_board_view_set_touch_input (TesseraBoardView *self,
                                     gboolean          touch_input)
{
  if (self->touch_input == touch_input)
    return;
  self->touch_input = touch_input;
  _tessera_board_view_keep_markers_apart (self);
}

static gboolean
is_touchscreen (GdkDevice *device)
{
  return device != NULL && gdk_device_get_source (device) == GDK_SOURCE_TOUCHSCREEN;
}

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           TesseraBoardView         *self)
{
  GdkDevice *device = gtk_event_controller_get_current_event_device (GTK_EVENT_CONTROLLER (controller));

  if (self->has_pointer && fabs (x - self->pointer_x) + fabs (y - self->pointer_y) > 2)
    self->keyboard_mode = FALSE;
  /* A finger moves nothing here: GTK sends no motion for a touch. */
  _tessera_board_view_set_touch_input (self, is_touchscreen (device));
  self->has_pointer = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  _tessera_board_view_update_hover (self);
}

static void
leave_cb (GtkEventControllerMotion *controller,
          TesseraBoardView         *self)
{
  self->has_pointer = FALSE;
  _tessera_board_view_update_hover (self);
}

static void
primary_click (TesseraBoardView *self,
               double            x,
               double            y)
{
  TesseraCell cell = _tessera_board_view_cell_at (self, x, y);
  int marker = marker_at (self, x, y);
  const TesseraPlacedTile *tile;
  double bx, by;

  self->keyboard_mode = FALSE;
  if (marker >= 0)
    {
      _tessera_board_view_activate_marker (self, (guint) marker);
      return;
    }
  if (_tessera_board_view_is_placing (self))
    {
      _tessera_board_view_choose_placement (self, cell);
      return;
    }
  if (_tessera_board_view_has_markers (self))
    return;

  /* A click on a hole asks what fits there (again, if it is the same hole); a click anywhere
   * else puts the question away. */
  tile = _tessera_board_view_tile_at (self, cell);
  self->has_clicked_hole = tile == NULL && _tessera_board_view_is_empty_cell (self, cell);
  self->clicked_hole = cell;
  if (self->has_clicked_hole)
    self->has_inspected = FALSE;
  _tessera_board_view_update_inspected (self);
  if (tile == NULL)
    return;
  _tessera_board_view_widget_to_board (self, x, y, &bx, &by);
  {
    int segment = tessera_tile_layout_segment_at (tile->type, tile->rotation, bx - cell.x, by - cell.y);

    if (segment >= 0)
      _tessera_board_view_activate_feature (self, tile->first_segment + (guint) segment);
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
  _tessera_board_view_set_touch_input (self, is_touchscreen (gtk_gesture_get_device (GTK_GESTURE (gesture))));
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
  _tessera_board_view_set_view (self, self->drag_origin_x + dx, self->drag_origin_y + dy, self->cell);
  if (self->has_pointer)
    _tessera_board_view_update_hover (self);
}

/* The right button's click, and a long press of a finger: turn the tile being placed, or the
 * one put down, to its next legal rotation. */
static void
secondary_click (TesseraBoardView *self,
                 double            x,
                 double            y)
{
  TesseraCell cell = _tessera_board_view_cell_at (self, x, y);

  if (_tessera_board_view_is_placing (self) && _tessera_board_view_legal_rotations (self, cell) != 0)
    _tessera_board_view_rotate_at (self, cell);
  else if (_tessera_board_view_can_turn_pending (self) && _tessera_board_view_cell_equal (cell, self->pending_cell))
    _tessera_board_view_turn_pending (self);
}

static void
drag_end_cb (GtkGestureDrag   *gesture,
             double            dx,
             double            dy,
             TesseraBoardView *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  gboolean touch_handled = self->touch_handled;
  double x, y;

  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
  /* A long press, a double tap or a pinch made of this touch already did what it does. */
  self->touch_handled = FALSE;
  if (self->dragging)
    {
      self->dragging = FALSE;
      return;
    }
  if (touch_handled)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  if (!gtk_widget_has_focus (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self));
  if (button == GDK_BUTTON_SECONDARY)
    secondary_click (self, x, y);
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
  _tessera_board_view_zoom_at (self, x, y, self->cell * pow (1.15, -dy));
  _tessera_board_view_update_hover (self);
  return TRUE;
}

/* Touch: a long press is the right click, a double tap fits the board, and two fingers zoom
 * and pan it at once. A mouse keeps its buttons: these gestures take touch only (a pinch on a
 * touchpad zooms as well). */

static void
long_press_cb (GtkGestureLongPress *gesture,
               double               x,
               double               y,
               TesseraBoardView    *self)
{
  self->touch_handled = TRUE;
  secondary_click (self, x, y);
}

static void
double_tap_cb (GtkGestureClick  *gesture,
               int               n_press,
               double            x,
               double            y,
               TesseraBoardView *self)
{
  if (n_press != 2)
    return;
  self->touch_handled = TRUE;
  tessera_board_view_fit (self);
}

/**
 * _tessera_board_view_begin_pinch:
 * @x: where the fingers' middle is, in widget coordinates
 *
 * A pinch begins: the board's point under the fingers is held there from now on.
 */
void
_tessera_board_view_begin_pinch (TesseraBoardView *self,
                                 double            x,
                                 double            y)
{
  self->zoom_start_cell = self->cell;
  _tessera_board_view_widget_to_board (self, x, y, &self->pinch_board_x, &self->pinch_board_y);
}

/**
 * _tessera_board_view_pinch:
 * @x: where the fingers' middle is now
 * @scale: how far apart the fingers are, against the pinch's beginning
 *
 * Zooms by @scale and pans with the fingers: the board's point that was under them at the
 * beginning is under their middle now.
 */
void
_tessera_board_view_pinch (TesseraBoardView *self,
                           double            x,
                           double            y,
                           double            scale)
{
  double cell = CLAMP (self->zoom_start_cell * scale, MIN_CELL, MAX_CELL);

  _tessera_board_view_set_view (self, x - self->pinch_board_x * cell, y - self->pinch_board_y * cell, cell);
}

/* The fingers' middle; the widget's middle if GTK cannot tell. */
static void
pinch_center (GtkGesture       *gesture,
              TesseraBoardView *self,
              double           *x,
              double           *y)
{
  if (!gtk_gesture_get_bounding_box_center (gesture, x, y))
    {
      *x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      *y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
}

static void
zoom_begin_cb (GtkGesture       *gesture,
               GdkEventSequence *sequence,
               TesseraBoardView *self)
{
  double x, y;

  pinch_center (gesture, self, &x, &y);
  _tessera_board_view_begin_pinch (self, x, y);
  /* On a touch screen the first finger's drag stops panning by itself, and its lift is no
   * tap. A touchpad's pinch has no sequence, and no drag to stop. */
  if (sequence != NULL)
    {
      self->touch_handled = TRUE;
      gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
    }
}

/* Every move of the fingers, apart or together: the scale alone would not pan. */
static void
zoom_update_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                TesseraBoardView *self)
{
  double x, y;

  pinch_center (gesture, self, &x, &y);
  _tessera_board_view_pinch (self, x, y, gtk_gesture_zoom_get_scale_delta (GTK_GESTURE_ZOOM (gesture)));
}

/* The board's pointer controllers, made once with the widget. */
void
_tessera_board_view_add_pointer_input (TesseraBoardView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

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
  g_signal_connect (gesture, "update", G_CALLBACK (zoom_update_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_long_press_new ();
  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (gesture), TRUE);
  g_signal_connect (gesture, "pressed", G_CALLBACK (long_press_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (gesture), TRUE);
  g_signal_connect (gesture, "pressed", G_CALLBACK (double_tap_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));
}
