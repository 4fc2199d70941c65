/* tessera-board-view.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-board-view"

#include "config.h"

#include "tessera-board-view-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "tessera-player-marks.h"

/* The board widget: the keyboard, focus, actions, accessibility, and the public API. Input by
 * pointer and touch is in tessera-board-view-input.c; what the board shows is drawn by
 * tessera-board-view-render.c, where by tessera-board-view-state.c. */

G_DEFINE_FINAL_TYPE (TesseraBoardView, tessera_board_view, GTK_TYPE_WIDGET)

enum
{
  PLACEMENT_CHOSEN,
  MARKER_ACTIVATED,
  FEATURE_ACTIVATED,
  INSPECTED_CELL_CHANGED,
  CELL_REFUSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void update_accessible (TesseraBoardView *self);

/* The tile put down but not confirmed can still be turned into its other legal rotations. */
gboolean
_tessera_board_view_can_turn_pending (TesseraBoardView *self)
{
  return !_tessera_board_view_is_placing (self) && self->has_pending
         && (self->pending_rotations & ~(1u << self->pending_rotation)) != 0;
}

void
_tessera_board_view_turn_pending (TesseraBoardView *self)
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
  /* The popovers that explain a feature or a hole point into the board. */
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child) && gtk_widget_get_visible (child))
      gtk_popover_present (GTK_POPOVER (child));
}

static void
tessera_board_view_css_changed (GtkWidget         *widget,
                                GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (tessera_board_view_parent_class)->css_changed (widget, change);
  _tessera_board_view_update_style (TESSERA_BOARD_VIEW (widget));
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
  TesseraBoard *board = _tessera_board_view_get_board (self);

  if (_tessera_board_view_is_placing (self))
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
      /* With the aids, the holes too: what fits there is shown for the cursor's. */
      if (self->show_aids)
        g_array_append_vals (cells, self->empty_cells->data, self->empty_cells->len);
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
    if (_tessera_board_view_cell_equal (g_array_index (cells, TesseraCell, i), self->cursor))
      valid = TRUE;
  if (!valid)
    {
      double cx = 0, cy = 0, best = G_MAXDOUBLE;

      /* Start from the cell nearest to the middle of the view. */
      if (self->cell > 0)
        _tessera_board_view_widget_to_board (self, gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
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

  if (_tessera_board_view_has_markers (self) && !_tessera_board_view_is_placing (self))
    {
      /* Markers: the nearest marker that way, else the next one in order. */
      double best = G_MAXDOUBLE, fx = 0, fy = 0, r;
      int found = -1;
      guint n = self->markers->len;

      if (self->focus_marker < 0 || self->focus_marker >= (int) n)
        self->focus_marker = 0;
      else
        {
          _tessera_board_view_marker_position (self, &g_array_index (self->markers, TesseraBoardMarker, self->focus_marker), &fx, &fy, &r);
          for (guint i = 0; i < n; i++)
            {
              double x, y, along, across;

              if ((int) i == self->focus_marker
                  || !_tessera_board_view_marker_position (self, &g_array_index (self->markers, TesseraBoardMarker, i), &x, &y, &r))
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
        _tessera_board_view_reveal_cell (self, self->cursor);
    }
  update_accessible (self);
  _tessera_board_view_update_inspected (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_tessera_board_view_choose_placement (TesseraBoardView *self,
                                      TesseraCell       cell)
{
  guint rotation;

  /* Not silence: the view says why the tile cannot go there. */
  if (_tessera_board_view_legal_rotations (self, cell) == 0)
    {
      g_signal_emit (self, signals[CELL_REFUSED], 0, cell.x, cell.y, self->preferred_rotation & 3);
      return;
    }
  rotation = _tessera_board_view_shown_rotation (self, cell);
  self->preferred_rotation = rotation;
  g_signal_emit (self, signals[PLACEMENT_CHOSEN], 0, cell.x, cell.y, rotation);
}

void
_tessera_board_view_rotate_at (TesseraBoardView *self,
                               TesseraCell       cell)
{
  guint mask = _tessera_board_view_legal_rotations (self, cell);
  guint current = _tessera_board_view_shown_rotation (self, cell);

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
  if (self->has_pending && _tessera_board_view_cell_equal (cell, self->pending_cell) && self->preferred_rotation != self->pending_rotation)
    g_signal_emit (self, signals[PLACEMENT_CHOSEN], 0, cell.x, cell.y, self->preferred_rotation);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  _tessera_board_view_zoom_by (TESSERA_BOARD_VIEW (widget), 1.25);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  _tessera_board_view_zoom_by (TESSERA_BOARD_VIEW (widget), 0.8);
}

static void
fit_activated (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  tessera_board_view_fit (TESSERA_BOARD_VIEW (user_data));
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

  if (_tessera_board_view_can_turn_pending (self))
    {
      _tessera_board_view_turn_pending (self);
      return;
    }
  if (!_tessera_board_view_is_placing (self))
    return;
  if (self->has_hover && _tessera_board_view_legal_rotations (self, self->hover_cell) != 0 && !self->keyboard_mode)
    _tessera_board_view_rotate_at (self, self->hover_cell);
  else if (self->has_pending && _tessera_board_view_legal_rotations (self, self->pending_cell) != 0 && !self->keyboard_mode)
    _tessera_board_view_rotate_at (self, self->pending_cell);
  else
    {
      ensure_cursor (self);
      if (self->has_cursor)
        _tessera_board_view_rotate_at (self, self->cursor);
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

  if (_tessera_board_view_is_placing (self))
    {
      ensure_cursor (self);
      if (self->has_cursor)
        _tessera_board_view_choose_placement (self, self->cursor);
    }
  else if (_tessera_board_view_has_markers (self))
    {
      if (self->focus_marker < 0)
        self->focus_marker = 0;
      if (self->focus_marker < (int) self->markers->len)
        g_signal_emit (self, signals[MARKER_ACTIVATED], 0, (guint) self->focus_marker);
    }
  else if (_tessera_board_view_get_board (self) != NULL)
    {
      /* The keyboard's way to settle a dispute: Enter asks about a feature of the tile under the
       * cursor, and again about the next one. */
      const TesseraPlacedTile *tile;
      gboolean same_cell = self->has_cursor;

      ensure_cursor (self);
      same_cell &= self->has_cursor;
      tile = self->has_cursor ? tessera_board_lookup (_tessera_board_view_get_board (self), self->cursor) : NULL;
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

  if (!_tessera_board_view_has_markers (self))
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
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "board.rotate", _tessera_board_view_is_placing (self) || _tessera_board_view_can_turn_pending (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "board.activate-cursor",
                                 _tessera_board_view_is_placing (self) || _tessera_board_view_has_markers (self) || _tessera_board_view_get_board (self) != NULL);
}

/* Accessibility */

static void
update_accessible (TesseraBoardView *self)
{
  g_autofree char *text = NULL;

  if (_tessera_board_view_has_markers (self) && !_tessera_board_view_is_placing (self) && self->focus_marker >= 0
      && self->focus_marker < (int) self->markers->len)
    {
      const TesseraBoardMarker *marker = &g_array_index (self->markers, TesseraBoardMarker, self->focus_marker);
      const TesseraTileType *type;
      guint rotation;

      if (marker->kind == TESSERA_MARKER_SPOT && _tessera_board_view_type_at (self, marker->cell, &type, &rotation)
          && marker->segment < type->n_segments)
        {
          g_autofree char *where = _tessera_board_view_describe_segment (type, rotation, marker->segment);

          /* Translators: a choice on the board under the keyboard cursor: "Choice 1 of 3: city south at 0, -1" */
          text = g_strdup_printf (_("Choice %1$u of %2$u: %3$s at %4$d, %5$d"), (guint) self->focus_marker + 1,
                                  self->markers->len, where, marker->cell.x, marker->cell.y);
        }
      else
        text = g_strdup_printf (_("Choice %u of %u, cell %d, %d"), (guint) self->focus_marker + 1,
                                self->markers->len, marker->cell.x, marker->cell.y);
    }
  else if (self->has_cursor && _tessera_board_view_is_placing (self))
    {
      guint rotation = _tessera_board_view_shown_rotation (self, self->cursor);
      g_autofree char *shows = tessera_board_view_describe_tile (self->place_type, rotation);

      /* Which way the tile would lie matters as much as where: the words say what faces where. */
      /* Translators: the keyboard cursor on a cell where the drawn tile may go, and what it would show there */
      text = g_strdup_printf (_("Cell %1$d, %2$d: place tile %3$s rotated %4$u degrees: %5$s"), self->cursor.x, self->cursor.y,
                              self->place_type->id, rotation * 90, shows);
    }
  else if (self->has_cursor && _tessera_board_view_is_empty_cell (self, self->cursor))
    {
      g_autoptr(GArray) fits = g_array_new (FALSE, FALSE, sizeof (TesseraFit));
      guint copies = tessera_game_list_fits (self->game, self->cursor, fits);

      /* Translators: the keyboard cursor on a hole next to the board, with the aids on */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Cell %d, %d: empty, %u tile left fits here",
                                           "Cell %d, %d: empty, %u tiles left fit here", copies),
                              self->cursor.x, self->cursor.y, copies);
    }
  else if (self->has_cursor)
    text = _tessera_board_view_describe_cell (self, self->cursor);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text != NULL ? text : "",
                                  -1);
}


/**
 * _tessera_board_view_is_empty_cell:
 *
 * Returns: whether @cell is empty and next to the board, where a tile could go
 */
gboolean
_tessera_board_view_is_empty_cell (TesseraBoardView *self,
                                   TesseraCell       cell)
{
  for (guint i = 0; i < self->empty_cells->len; i++)
    if (_tessera_board_view_cell_equal (g_array_index (self->empty_cells, TesseraCell, i), cell))
      return TRUE;
  return FALSE;
}

/* A marker (a choice of the turn) was clicked or tapped. */
void
_tessera_board_view_activate_marker (TesseraBoardView *self,
                                     guint             marker)
{
  g_signal_emit (self, signals[MARKER_ACTIVATED], 0, marker);
}

/* A feature of a tile was clicked or tapped: @segment is the board's segment. */
void
_tessera_board_view_activate_feature (TesseraBoardView *self,
                                      guint             segment)
{
  g_signal_emit (self, signals[FEATURE_ACTIVATED], 0, segment);
}

/* The empty cell whose fitting tiles are asked about: the keyboard cursor's while the keyboard
 * moves it, else the one last clicked. Never the one a pointer merely passes or rests on: a
 * popover that came with the pointer covered the search and the turn card. Only between
 * turns and while the drawn tile is asked for: once it is being placed, a popover over the
 * board would be in the way of the clicks that enter the turn. */
void
_tessera_board_view_update_inspected (TesseraBoardView *self)
{
  gboolean has = FALSE;
  TesseraCell cell = { 0, 0 };

  if (self->show_aids && self->game != NULL && !_tessera_board_view_is_placing (self) && !self->has_pending
      && !_tessera_board_view_has_markers (self))
    {
      if (self->keyboard_mode && self->has_cursor)
        {
          cell = self->cursor;
          has = TRUE;
        }
      else if (self->has_clicked_hole)
        {
          cell = self->clicked_hole;
          has = TRUE;
        }
      has = has && _tessera_board_view_is_empty_cell (self, cell);
    }
  /* A hole clicked is asked about once: not again by itself after a turn or the keyboard. */
  if (!has || self->keyboard_mode)
    self->has_clicked_hole = FALSE;
  if (has == self->has_inspected && (!has || _tessera_board_view_cell_equal (cell, self->inspected)))
    return;
  self->has_inspected = has;
  self->inspected = cell;
  g_signal_emit (self, signals[INSPECTED_CELL_CHANGED], 0);
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
  if (_tessera_board_view_has_markers (self) && self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), pulse_tick_cb, NULL, NULL);
  else if (!_tessera_board_view_has_markers (self) && self->tick_id != 0)
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
  if (self->actions != NULL)
    g_action_map_remove_action (G_ACTION_MAP (self->actions), "fit");
  g_clear_object (&self->actions);
  g_clear_object (&self->game);
  _tessera_board_view_clear_preview (self);
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
  g_clear_pointer (&self->dead_cells, g_array_unref);
  g_clear_pointer (&self->single_cells, g_array_unref);
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

  widget_class->snapshot = _tessera_board_view_snapshot;
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
   * @index: the choice's index in the array given to tessera_board_view_set_choices()
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

  /**
   * TesseraBoardView::inspected-cell-changed:
   *
   * The empty cell pointed at or under the keyboard cursor changed, or there is none any more:
   * see tessera_board_view_get_inspected_cell(). Only while the aids are shown.
   */
  signals[INSPECTED_CELL_CHANGED] =
    g_signal_new ("inspected-cell-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * TesseraBoardView::cell-refused:
   * @x: the cell's column
   * @y: the cell's row
   * @rotation: quarter turns clockwise, the way the drawn tile was last shown
   *
   * While placing, a click or Enter on a cell where the drawn tile cannot go in any rotation:
   * a tile lies there, it touches no tile, or its sides do not match.
   */
  signals[CELL_REFUSED] =
    g_signal_new ("cell-refused",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "board.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "board.zoom-out", NULL, zoom_out_action);
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
  static const GActionEntry entries[] = {
    { .name = "fit", .activate = fit_activated },
  };
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
  self->dead_cells = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
  self->single_cells = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
  /* A group rather than a class action, so that a view can offer it outside the board too
   * (tessera_board_view_get_actions()). */
  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries, G_N_ELEMENTS (entries), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "board", G_ACTION_GROUP (self->actions));

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  /* The players' marks on their followers come and go with the setting and high contrast. */
  g_signal_connect_object (tessera_player_marks_get_default (), "notify::shown",
                           G_CALLBACK (_tessera_board_view_invalidate_board), self, G_CONNECT_SWAPPED);

  _tessera_board_view_add_pointer_input (self);

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
  _tessera_board_view_clear_preview (self);
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

  /* A preview was of a move on the game as it stood. */
  _tessera_board_view_clear_preview (self);
  _tessera_board_view_scan_game (self);
  _tessera_board_view_collect_feature_parts (self);
  if (self->has_cursor && !_tessera_board_view_is_placing (self))
    ensure_cursor (self);
  update_pulse (self);
  update_actions (self);
  update_accessible (self);
  _tessera_board_view_update_inspected (self);
  _tessera_board_view_invalidate_board (self);
}

/* Whether every cell the drawn tile may go to lies wholly in view (or the view has no size yet). */
static gboolean
placements_in_view (TesseraBoardView *self)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));

  if (width <= 0 || height <= 0)
    return TRUE;
  for (guint i = 0; i < self->placements->len; i++)
    {
      TesseraCell cell = g_array_index (self->placements, TesseraPlacement, i).cell;
      double x = self->origin_x + cell.x * self->cell;
      double y = self->origin_y + cell.y * self->cell;

      if (x < 0 || y < 0 || x + self->cell > width || y + self->cell > height)
        return FALSE;
    }
  return TRUE;
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
  gboolean was_placing;

  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));
  g_return_if_fail (n_placements == 0 || placements != NULL);

  was_placing = _tessera_board_view_is_placing (self);
  g_array_set_size (self->placements, 0);
  if (type != NULL && n_placements > 0)
    g_array_append_vals (self->placements, placements, n_placements);
  self->place_type = self->placements->len > 0 ? type : NULL;
  self->place_wheel = wheel;
  g_clear_pointer (&self->placements_node, gsk_render_node_unref);
  /* A tile just drawn: every cell it may go to in view, the whole board if need be, so that
   * nobody has to look for a place off the edge. */
  if (_tessera_board_view_is_placing (self) && !was_placing && !placements_in_view (self))
    tessera_board_view_fit (self);
  if (_tessera_board_view_is_placing (self))
    {
      self->has_cursor = FALSE;
      ensure_cursor (self);
    }
  else if (self->has_cursor)
    ensure_cursor (self);
  _tessera_board_view_update_hover (self);
  update_actions (self);
  update_accessible (self);
  _tessera_board_view_update_inspected (self);
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
  _tessera_board_view_update_inspected (self);
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
  _tessera_board_view_invalidate_board (self);
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
  _tessera_board_view_update_inspected (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * tessera_board_view_set_choices:
 * @choices: (array length=n_markers): the choices of the turn's step, as the engine lists them
 *
 * Shows choices on the board; a click or Enter emits #TesseraBoardView::marker-activated with
 * the index of the chosen one. No markers clear them.
 */
void
tessera_board_view_set_choices (TesseraBoardView    *self,
                                const TesseraChoice *choices,
                                guint                n_markers)
{
  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));
  g_return_if_fail (n_markers == 0 || choices != NULL);

  g_array_set_size (self->markers, 0);
  /* A crown space, a whole cell (a tower), or a spot on the tile shown at a cell. */
  for (guint i = 0; i < n_markers; i++)
    {
      TesseraBoardMarker marker = { TESSERA_MARKER_SPOT, choices[i].where.at, 0, 0, 0 };

      if (choices[i].kind == TESSERA_CHOICE_CROWN)
        {
          marker.kind = TESSERA_MARKER_CROWN;
          marker.wheel_segment = choices[i].crown_segment;
          marker.crown_space = choices[i].crown_space;
        }
      else if (choices[i].on_cell)
        marker.kind = TESSERA_MARKER_CELL;
      else
        marker.segment = (guint) MAX (choices[i].segment, 0);
      g_array_append_val (self->markers, marker);
    }
  _tessera_board_view_layout_markers (self);
  _tessera_board_view_keep_markers_apart (self);
  self->focus_marker = n_markers > 0 && self->keyboard_mode ? 0 : -1;
  self->hover_marker = -1;
  self->lit_marker = -1;
  _tessera_board_view_update_hover (self);
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
  _tessera_board_view_collect_feature_parts (self);
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
 * tessera_board_view_set_show_aids:
 * @show_aids: whether the table plays with aids
 *
 * Marks the holes that no tile left can fill and those only one kind can, and follows the
 * empty cell pointed at (#TesseraBoardView::inspected-cell-changed). Off for a table that
 * plays without aids.
 */
void
tessera_board_view_set_show_aids (TesseraBoardView *self,
                                  gboolean          show_aids)
{
  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));

  show_aids = !!show_aids;
  if (show_aids == self->show_aids)
    return;
  self->show_aids = show_aids;
  tessera_board_view_game_changed (self);
}

gboolean
tessera_board_view_get_show_aids (TesseraBoardView *self)
{
  g_return_val_if_fail (TESSERA_IS_BOARD_VIEW (self), FALSE);

  return self->show_aids;
}

/**
 * tessera_board_view_get_inspected_cell:
 * @cell: (out) (optional): the empty cell pointed at or under the keyboard cursor
 *
 * Returns: whether there is one; never while the aids are off
 */
gboolean
tessera_board_view_get_inspected_cell (TesseraBoardView *self,
                                       TesseraCell      *cell)
{
  g_return_val_if_fail (TESSERA_IS_BOARD_VIEW (self), FALSE);

  if (self->has_inspected && cell != NULL)
    *cell = self->inspected;
  return self->has_inspected;
}

/**
 * tessera_board_view_get_cursor:
 * @cell: (out) (optional): the cell the keyboard's cursor is on
 *
 * Where the arrow keys and Enter act next: the cursor's cell, or the one it starts on (nearest
 * the middle of the view) when no key has moved it yet.
 *
 * Returns: whether there is such a cell
 */
gboolean
tessera_board_view_get_cursor (TesseraBoardView *self,
                               TesseraCell      *cell)
{
  g_return_val_if_fail (TESSERA_IS_BOARD_VIEW (self), FALSE);

  ensure_cursor (self);
  if (self->has_cursor && cell != NULL)
    *cell = self->cursor;
  return self->has_cursor;
}

/**
 * tessera_board_view_get_actions:
 *
 * The board's actions that the view around it offers in its header bar too ("fit"): insert
 * them there with the prefix "board", so that one action serves the board's keys and the
 * header's button.
 *
 * Returns: (transfer none): the actions
 */
GActionGroup *
tessera_board_view_get_actions (TesseraBoardView *self)
{
  g_return_val_if_fail (TESSERA_IS_BOARD_VIEW (self), NULL);

  return G_ACTION_GROUP (self->actions);
}
