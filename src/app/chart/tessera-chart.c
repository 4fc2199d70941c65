/* tessera-chart.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-chart"

#include "config.h"

#include <math.h>

#include "tessera-chart-private.h"

/* A small chart for the history: lines (a score over the events of a game, or over a player's
 * games) or groups of bars (points per category). The geometry lives in tessera-chart-layout.c
 * so that the tests can check it without a display; the files named in
 * tessera-chart-private.h measure text and draw.
 *
 * This file is the widget: its data, the pointer and the keyboard, the GtkWidget methods and
 * the public API but for the chart in words (tessera-chart-describe.c). */

G_DEFINE_FINAL_TYPE (TesseraChart, tessera_chart, GTK_TYPE_WIDGET)

enum {
  POINT_ACTIVATED,
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_SHOW_MARKS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
series_clear (gpointer data)
{
  Series *series = data;

  g_clear_pointer (&series->name, g_free);
  g_clear_pointer (&series->mark, g_free);
}

GArray *
_tessera_chart_get_values (TesseraChart *self,
                           guint         series)
{
  return g_ptr_array_index (self->values, series);
}

gboolean
_tessera_chart_get_value (TesseraChart *self,
                          guint         series,
                          guint         x,
                          double       *value)
{
  GArray *array = _tessera_chart_get_values (self, series);

  if (x >= array->len || !isfinite (g_array_index (array, double, x)))
    return FALSE;
  *value = g_array_index (array, double, x);
  return TRUE;
}

gboolean
_tessera_chart_has_data (TesseraChart *self)
{
  return self->series->len > 0 && tessera_chart_values_get_n_x (self->values) > 0;
}

static void
invalidate (TesseraChart *self)
{
  self->layout_width = -1;
  g_clear_pointer (&self->node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Pointer and keyboard */

static void
set_highlight (TesseraChart *self,
               int           x,
               guint         series)
{
  if (self->highlight_x == x && self->highlight_series == series)
    return;
  self->highlight_x = x;
  self->highlight_series = series;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
find_point (TesseraChart *self,
            double        px,
            double        py,
            guint        *series,
            guint        *x)
{
  if (!_tessera_chart_has_data (self))
    return FALSE;
  _tessera_chart_ensure_layout (self);
  return tessera_chart_geometry_find (&self->geometry, self->values, px, py, series, x);
}

static void
motion_cb (TesseraChart             *self,
           double                    px,
           double                    py,
           GtkEventControllerMotion *motion)
{
  guint series, x;

  if (find_point (self, px, py, &series, &x))
    set_highlight (self, (int) x, series);
  else
    set_highlight (self, -1, 0);
}

static void
leave_cb (TesseraChart             *self,
          GtkEventControllerMotion *motion)
{
  if (!gtk_widget_has_focus (GTK_WIDGET (self)))
    set_highlight (self, -1, 0);
}

static void
released_cb (TesseraChart    *self,
             int              n_press,
             double           px,
             double           py,
             GtkGestureClick *click)
{
  guint series, x;

  if (!find_point (self, px, py, &series, &x))
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  set_highlight (self, (int) x, series);
  g_signal_emit (self, signals[POINT_ACTIVATED], 0, series, x);
}

static gboolean
has_point (TesseraChart *self,
           int           x,
           guint         series)
{
  double value;

  return x >= 0 && series < self->series->len && _tessera_chart_get_value (self, series, (guint) x, &value);
}

/* The keyboard moves the highlight from point to point (dx) and from series to series (dy);
 * a large dx goes to the first or last point. */
static void
move_cursor_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TesseraChart *self = TESSERA_CHART (widget);
  guint n_x = tessera_chart_values_get_n_x (self->values);
  int n_series = (int) self->series->len;
  int dx, dy, x;
  guint series;

  if (!_tessera_chart_has_data (self))
    return;
  g_variant_get (parameter, "(ii)", &dx, &dy);

  if (self->highlight_x < 0)
    {
      x = dx < 0 ? (int) n_x - 1 : 0;
      series = 0;
    }
  else
    {
      x = CLAMP ((gint64) self->highlight_x + dx, 0, (gint64) n_x - 1);
      series = (guint) (((int) self->highlight_series + dy % n_series + n_series) % n_series);
    }

  /* Skip the series that have no value there. */
  for (guint i = 0; i < self->series->len && !has_point (self, x, series); i++)
    series = (series + (dy < 0 ? self->series->len - 1 : 1)) % self->series->len;
  if (!has_point (self, x, series))
    return;
  set_highlight (self, x, series);
  gtk_widget_trigger_tooltip_query (widget);
}

static void
activate_cursor_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  TesseraChart *self = TESSERA_CHART (widget);

  if (has_point (self, self->highlight_x, self->highlight_series))
    g_signal_emit (self, signals[POINT_ACTIVATED], 0, self->highlight_series, (guint) self->highlight_x);
}

static gboolean
tessera_chart_query_tooltip (GtkWidget  *widget,
                             int         px,
                             int         py,
                             gboolean    keyboard_tooltip,
                             GtkTooltip *tooltip)
{
  TesseraChart *self = TESSERA_CHART (widget);
  g_autofree char *text = NULL;
  double slot, x;
  guint series, index;

  if (keyboard_tooltip)
    {
      if (!has_point (self, self->highlight_x, self->highlight_series))
        return FALSE;
      index = (guint) self->highlight_x;
    }
  else if (!find_point (self, px, py, &series, &index))
    return FALSE;

  text = _tessera_chart_dup_point_text (self, index);
  gtk_tooltip_set_text (tooltip, text);

  /* The tooltip stays while the pointer is in the same column. */
  slot = tessera_chart_geometry_get_slot (&self->geometry);
  x = self->kind == TESSERA_CHART_BAR ? self->geometry.plot.x + slot * index
                                      : tessera_chart_geometry_x (&self->geometry, index) - slot / 2;
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { (int) floor (x), (int) self->geometry.plot.y,
                                                       MAX ((int) ceil (slot), 1), (int) self->geometry.plot.height });
  return TRUE;
}

/* Data */

static void
data_changed (TesseraChart *self)
{
  g_autofree char *description = tessera_chart_dup_description (self);

  self->highlight_x = -1;
  gtk_widget_set_focusable (GTK_WIDGET (self), _tessera_chart_has_data (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  invalidate (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* GtkWidget */

static void
tessera_chart_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = 480;
    }
  else
    {
      *minimum = 160;
      *natural = MAX (TESSERA_CHART (widget)->natural_height, 160);
    }
}

/* How tall the chart would like to be: a page of charts gives them room, a strip under a
 * board keeps to the minimum. */
void
tessera_chart_set_natural_height (TesseraChart *self,
                                  int           height)
{
  g_return_if_fail (TESSERA_IS_CHART (self));
  self->natural_height = height;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
tessera_chart_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  invalidate (TESSERA_CHART (widget));
}

static void
tessera_chart_css_changed (GtkWidget         *widget,
                           GtkCssStyleChange *change)
{
  TesseraChart *self = TESSERA_CHART (widget);

  GTK_WIDGET_CLASS (tessera_chart_parent_class)->css_changed (widget, change);
  _tessera_chart_update_style (self);
  invalidate (self);
}

static void
tessera_chart_state_flags_changed (GtkWidget     *widget,
                                   GtkStateFlags  previous)
{
  GTK_WIDGET_CLASS (tessera_chart_parent_class)->state_flags_changed (widget, previous);
  /* The focus ring comes and goes. */
  gtk_widget_queue_draw (widget);
}

static void
tessera_chart_finalize (GObject *object)
{
  TesseraChart *self = (TesseraChart *) object;

  g_clear_pointer (&self->x_title, g_free);
  g_clear_pointer (&self->y_title, g_free);
  g_clear_pointer (&self->x_labels, g_strfreev);
  g_clear_pointer (&self->series, g_array_unref);
  g_clear_pointer (&self->values, g_ptr_array_unref);
  g_clear_pointer (&self->node, gsk_render_node_unref);

  G_OBJECT_CLASS (tessera_chart_parent_class)->finalize (object);
}

static void
tessera_chart_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  TesseraChart *self = TESSERA_CHART (object);

  switch (prop_id)
    {
    case PROP_SHOW_MARKS:
      g_value_set_boolean (value, self->show_marks);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_chart_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  TesseraChart *self = TESSERA_CHART (object);

  switch (prop_id)
    {
    case PROP_SHOW_MARKS:
      tessera_chart_set_show_marks (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_chart_class_init (TesseraChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = tessera_chart_finalize;
  object_class->get_property = tessera_chart_get_property;
  object_class->set_property = tessera_chart_set_property;

  widget_class->snapshot = _tessera_chart_snapshot;
  widget_class->measure = tessera_chart_measure;
  widget_class->size_allocate = tessera_chart_size_allocate;
  widget_class->css_changed = tessera_chart_css_changed;
  widget_class->state_flags_changed = tessera_chart_state_flags_changed;
  widget_class->query_tooltip = tessera_chart_query_tooltip;

  /**
   * TesseraChart::point-activated:
   * @series: the series whose point was clicked (or chosen with the keyboard)
   * @x: the point's index, or the group of the bar
   */
  signals[POINT_ACTIVATED] =
    g_signal_new ("point-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  /**
   * TesseraChart::changed:
   *
   * The series, labels or titles changed, so that a table of the same numbers can follow.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * TesseraChart:show-marks:
   *
   * Whether the legend shows each series' mark (tessera_chart_set_series_mark()). The chart
   * knows nothing of the app's setting: its owner binds this to it.
   */
  properties[PROP_SHOW_MARKS] =
    g_param_spec_boolean ("show-marks", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "chart.move-cursor", "(ii)", move_cursor_action);
  gtk_widget_class_install_action (widget_class, "chart.activate-cursor", NULL, activate_cursor_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "chart.move-cursor", "(ii)", -1, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Left, 0, "chart.move-cursor", "(ii)", -1, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "chart.move-cursor", "(ii)", 1, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Right, 0, "chart.move-cursor", "(ii)", 1, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "chart.move-cursor", "(ii)", 0, -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Up, 0, "chart.move-cursor", "(ii)", 0, -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "chart.move-cursor", "(ii)", 0, 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Down, 0, "chart.move-cursor", "(ii)", 0, 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "chart.move-cursor", "(ii)", G_MININT / 2, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, 0, "chart.move-cursor", "(ii)", G_MAXINT / 2, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "chart.activate-cursor", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "chart.activate-cursor", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "chart.activate-cursor", NULL);

  gtk_widget_class_set_css_name (widget_class, "chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
tessera_chart_init (TesseraChart *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->current_x = -1;
  self->natural_height = 300;
  self->series = g_array_new (FALSE, TRUE, sizeof (Series));
  g_array_set_clear_func (self->series, series_clear);
  self->values = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  self->layout_width = -1;
  self->highlight_x = -1;

  g_signal_connect_object (motion, "motion", G_CALLBACK (motion_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (motion, "leave", G_CALLBACK (leave_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (click, "released", G_CALLBACK (released_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  _tessera_chart_update_style (self);
  data_changed (self);
}

/**
 * tessera_chart_new:
 * @kind: lines or bars
 *
 * Returns: (transfer floating): an empty chart
 */
GtkWidget *
tessera_chart_new (TesseraChartKind kind)
{
  TesseraChart *self = g_object_new (TESSERA_TYPE_CHART, NULL);

  self->kind = kind;
  return GTK_WIDGET (self);
}

TesseraChartKind
tessera_chart_get_kind (TesseraChart *self)
{
  g_return_val_if_fail (TESSERA_IS_CHART (self), TESSERA_CHART_LINE);

  return self->kind;
}

/**
 * tessera_chart_set_x_labels:
 * @self: the chart
 * @labels: (nullable) (array zero-terminated=1): a label per point or group of bars
 *
 * Names the groups of a bar chart ("Road", "City", …), or the points of a line chart (dates
 * of games); a line chart without labels numbers its points from 0.
 */
void
tessera_chart_set_x_labels (TesseraChart       *self,
                            const char * const *labels)
{
  g_return_if_fail (TESSERA_IS_CHART (self));

  g_clear_pointer (&self->x_labels, g_strfreev);
  self->x_labels = g_strdupv ((char **) labels);
  data_changed (self);
}

/**
 * tessera_chart_set_x_title:
 * @self: the chart
 * @title: (nullable): what the horizontal axis counts, "Event"
 *
 * The title is shown under the axis, and names the points of a line chart that has no
 * labels: "Event 34".
 */
void
tessera_chart_set_x_title (TesseraChart *self,
                           const char   *title)
{
  g_return_if_fail (TESSERA_IS_CHART (self));

  g_free (self->x_title);
  self->x_title = g_strdup (title);
  data_changed (self);
}

/**
 * tessera_chart_set_y_title:
 * @self: the chart
 * @title: (nullable): what the values are, "Points", shown above the value axis
 */
void
tessera_chart_set_y_title (TesseraChart *self,
                           const char   *title)
{
  g_return_if_fail (TESSERA_IS_CHART (self));

  g_free (self->y_title);
  self->y_title = g_strdup (title);
  data_changed (self);
}

/**
 * tessera_chart_add_series:
 * @self: the chart
 * @name: the series' name, for the legend, the tooltip and the description
 * @color: its colour
 * @marker: the shape at its points and in the legend
 * @values: (array length=n_values): a value per point, or per group of bars; NAN where the
 *   series has none
 * @n_values: how many
 */
void
tessera_chart_add_series (TesseraChart       *self,
                          const char         *name,
                          const GdkRGBA      *color,
                          TesseraChartMarker  marker,
                          const double       *values,
                          guint               n_values)
{
  Series series = { 0 };
  GArray *array;

  g_return_if_fail (TESSERA_IS_CHART (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (color != NULL);
  g_return_if_fail (values != NULL || n_values == 0);

  series.name = g_strdup (name);
  series.color = *color;
  series.marker = marker;
  g_array_append_val (self->series, series);

  array = g_array_sized_new (FALSE, FALSE, sizeof (double), n_values);
  g_array_append_vals (array, values, n_values);
  g_ptr_array_add (self->values, array);
  data_changed (self);
}

/**
 * tessera_chart_set_series_mark:
 * @mark: (nullable): the letter of the player the series is of, from
 *   tessera_player_marks_make_letters()
 *
 * The legend shows the mark beside the series' name while #TesseraChart:show-marks is set, to
 * match the marks on the board.
 */
void
tessera_chart_set_series_mark (TesseraChart *self,
                               guint         series,
                               const char   *mark)
{
  Series *entry;

  g_return_if_fail (TESSERA_IS_CHART (self));
  g_return_if_fail (series < self->series->len);

  entry = &g_array_index (self->series, Series, series);
  g_free (entry->mark);
  entry->mark = g_strdup (mark);
  invalidate (self);
}

/**
 * tessera_chart_get_shown_mark:
 *
 * Returns: (nullable): the mark the legend shows for @series, or %NULL for none
 */
const char *
tessera_chart_get_shown_mark (TesseraChart *self,
                              guint         series)
{
  g_return_val_if_fail (TESSERA_IS_CHART (self), NULL);
  g_return_val_if_fail (series < self->series->len, NULL);

  if (!self->show_marks)
    return NULL;
  return g_array_index (self->series, Series, series).mark;
}

void
tessera_chart_set_show_marks (TesseraChart *self,
                              gboolean      show_marks)
{
  g_return_if_fail (TESSERA_IS_CHART (self));

  show_marks = !!show_marks;
  if (self->show_marks == show_marks)
    return;
  self->show_marks = show_marks;
  invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_MARKS]);
}

gboolean
tessera_chart_get_show_marks (TesseraChart *self)
{
  g_return_val_if_fail (TESSERA_IS_CHART (self), FALSE);

  return self->show_marks;
}

/**
 * tessera_chart_clear:
 * @self: the chart
 *
 * Removes every series; the labels and titles stay.
 */
void
tessera_chart_clear (TesseraChart *self)
{
  g_return_if_fail (TESSERA_IS_CHART (self));

  g_array_set_size (self->series, 0);
  g_ptr_array_set_size (self->values, 0);
  data_changed (self);
}

guint
tessera_chart_get_n_series (TesseraChart *self)
{
  g_return_val_if_fail (TESSERA_IS_CHART (self), 0);

  return self->series->len;
}

const char *
tessera_chart_get_series_name (TesseraChart *self,
                               guint         series)
{
  g_return_val_if_fail (TESSERA_IS_CHART (self), NULL);
  g_return_val_if_fail (series < self->series->len, NULL);

  return g_array_index (self->series, Series, series).name;
}

/* The number of points of the longest line, or of groups of bars. */
guint
tessera_chart_get_n_x (TesseraChart *self)
{
  g_return_val_if_fail (TESSERA_IS_CHART (self), 0);

  return tessera_chart_values_get_n_x (self->values);
}

const char *
tessera_chart_get_x_title (TesseraChart *self)
{
  g_return_val_if_fail (TESSERA_IS_CHART (self), NULL);

  return self->x_title;
}

/**
 * tessera_chart_set_current_x:
 * @x: the point a line chart marks as where things stand (a replay's move), or -1 for none
 */
void
tessera_chart_set_current_x (TesseraChart *self,
                             int           x)
{
  g_return_if_fail (TESSERA_IS_CHART (self));

  x = MAX (x, -1);
  if (self->current_x == x)
    return;
  self->current_x = x;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
tessera_chart_get_current_x (TesseraChart *self)
{
  g_return_val_if_fail (TESSERA_IS_CHART (self), -1);
  return self->current_x;
}
