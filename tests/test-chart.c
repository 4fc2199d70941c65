/* test-chart.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <gtk/gtk.h>
#include <math.h>

#include "tessera-test-ui.h"
#include "tessera-chart-layout.h"
#include "tessera-chart-view.h"
#include "tessera-chart.h"
#include "tessera-figure-art.h"

/* The chart's geometry is plain arithmetic and is checked to the pixel; the widget, under
 * xvfb-run, through its description, its keyboard actions and its table. The PNG files
 * written along the way (light and dark) are for people to look at. */

static gboolean have_display;

/* Ticks */

typedef struct
{
  const char *name;
  double      lo;
  double      hi;
  guint       max_ticks;
  gboolean    integers;
  double      expected[8];
  guint       n_expected;
  guint       decimals;
} TicksCase;

static const TicksCase ticks_cases[] = {
  { "0-47", 0, 47, 6, TRUE, { 0, 10, 20, 30, 40, 50 }, 6, 0 },
  { "0-8", 0, 8, 6, TRUE, { 0, 2, 4, 6, 8 }, 5, 0 },
  { "minus-3-12", -3, 12, 6, TRUE, { -5, 0, 5, 10, 15 }, 5, 0 },
  { "minus-17-0", -17, 0, 6, TRUE, { -20, -15, -10, -5, 0 }, 5, 0 },
  /* A single value: the axis still starts at 0 (tessera_chart_values_get_range). */
  { "single", 0, 7, 6, TRUE, { 0, 2, 4, 6, 8 }, 5, 0 },
  /* All zero: one unit above, in whole steps. */
  { "all-zero", 0, 0, 6, TRUE, { 0, 1 }, 2, 0 },
  { "all-zero-fractions", 0, 0, 6, FALSE, { 0, 0.2, 0.4, 0.6, 0.8, 1 }, 6, 1 },
  { "small-integers", 0, 2, 6, TRUE, { 0, 1, 2 }, 3, 0 },
  { "small-fractions", 0, 2, 6, FALSE, { 0, 0.5, 1, 1.5, 2 }, 5, 1 },
  { "averages", 0, 0.75, 6, FALSE, { 0, 0.2, 0.4, 0.6, 0.8 }, 5, 1 },
  { "thousands", 0, 1234, 6, TRUE, { 0, 500, 1000, 1500 }, 4, 0 },
  { "two-ticks", 0, 47, 2, TRUE, { 0, 50 }, 2, 0 },
  { "reversed", 12, -3, 6, TRUE, { -5, 0, 5, 10, 15 }, 5, 0 },
};

static void
test_ticks (gconstpointer data)
{
  const TicksCase *c = data;
  TesseraChartTicks ticks;

  tessera_chart_ticks_init (&ticks, c->lo, c->hi, c->max_ticks, c->integers);
  g_assert_cmpuint (ticks.n_ticks, ==, c->n_expected);
  g_assert_cmpuint (ticks.n_ticks, <=, c->max_ticks);
  for (guint i = 0; i < ticks.n_ticks; i++)
    /* Exact: 3 × 0.2 must be the 0.6 a reader types. */
    g_assert_cmpfloat (tessera_chart_ticks_get_value (&ticks, i), ==, c->expected[i]);
  g_assert_cmpuint (tessera_chart_ticks_get_decimals (&ticks), ==, c->decimals);
  g_assert_cmpfloat (tessera_chart_ticks_get_min (&ticks), ==, c->expected[0]);
  g_assert_cmpfloat (tessera_chart_ticks_get_max (&ticks), ==, c->expected[c->n_expected - 1]);
}

static void
test_format (void)
{
  static const struct
  {
    double      value;
    guint       decimals;
    const char *text;
  } cases[] = {
    { 42, 0, "42" },
    { -3, 0, "−3" },
    { 12.5, 1, "12.5" },
    { 9.25, 1, "9.2" },
    { -0.04, 1, "0.0" },
    { -0.0, 0, "0" },
    { -1.5, 1, "−1.5" },
    { 0.6, 1, "0.6" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = tessera_chart_format_value (cases[i].value, cases[i].decimals);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static GPtrArray *
make_values (guint n_series,
             guint n_values,
             ...)
{
  GPtrArray *values = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  va_list args;

  va_start (args, n_values);
  for (guint s = 0; s < n_series; s++)
    {
      GArray *array = g_array_new (FALSE, FALSE, sizeof (double));

      for (guint i = 0; i < n_values; i++)
        {
          double v = va_arg (args, double);

          g_array_append_val (array, v);
        }
      g_ptr_array_add (values, array);
    }
  va_end (args);
  return values;
}

static void
test_range (void)
{
  g_autoptr(GPtrArray) scores = make_values (2, 3, 0.0, 10.0, 25.0, 0.0, NAN, 31.0);
  g_autoptr(GPtrArray) single = make_values (1, 1, 7.0);
  g_autoptr(GPtrArray) negative = make_values (1, 3, -3.0, -1.5, -2.0);
  g_autoptr(GPtrArray) zeros = make_values (2, 2, 0.0, 0.0, 0.0, 0.0);
  double lo, hi;
  gboolean integers;

  tessera_chart_values_get_range (scores, &lo, &hi, &integers);
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat (hi, ==, 31);
  g_assert_true (integers);
  g_assert_cmpuint (tessera_chart_values_get_n_x (scores), ==, 3);

  /* The value axis always shows 0. */
  tessera_chart_values_get_range (single, &lo, &hi, &integers);
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat (hi, ==, 7);

  tessera_chart_values_get_range (negative, &lo, &hi, &integers);
  g_assert_cmpfloat (lo, ==, -3);
  g_assert_cmpfloat (hi, ==, 0);
  g_assert_false (integers);

  tessera_chart_values_get_range (zeros, &lo, &hi, &integers);
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat (hi, ==, 0);
  g_assert_true (integers);

  tessera_chart_values_get_range (NULL, &lo, &hi, NULL);
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat (hi, ==, 0);
  g_assert_cmpuint (tessera_chart_values_get_n_x (NULL), ==, 0);
}

/* Geometry: a plot of 300 × 200 pixels at (40, 10). */

static void
test_line_geometry (void)
{
  TesseraChartGeometry geometry = {
    .kind = TESSERA_CHART_LINE,
    .plot = { 40, 10, 300, 200 },
    .n_x = 4,
    .n_series = 2,
    .y_min = 0,
    .y_max = 50,
  };

  g_assert_cmpfloat (tessera_chart_geometry_x (&geometry, 0), ==, 40);
  g_assert_cmpfloat (tessera_chart_geometry_x (&geometry, 1), ==, 140);
  g_assert_cmpfloat (tessera_chart_geometry_x (&geometry, 3), ==, 340);
  g_assert_cmpfloat (tessera_chart_geometry_y (&geometry, 0), ==, 210);
  g_assert_cmpfloat (tessera_chart_geometry_y (&geometry, 20), ==, 130);
  g_assert_cmpfloat (tessera_chart_geometry_y (&geometry, 50), ==, 10);
  g_assert_cmpfloat (tessera_chart_geometry_get_slot (&geometry), ==, 100);

  /* Below zero, on an axis from −10. */
  geometry.y_min = -10;
  g_assert_cmpfloat_with_epsilon (tessera_chart_geometry_y (&geometry, -5), 210 - 200.0 * 5 / 60, 1e-9);
  g_assert_cmpfloat (tessera_chart_geometry_y (&geometry, -10), ==, 210);

  /* A line of a single point has it in the middle. */
  geometry.n_x = 1;
  g_assert_cmpfloat (tessera_chart_geometry_x (&geometry, 0), ==, 190);
}

static void
assert_rect (const TesseraChartRect *rect,
             double                  x,
             double                  y,
             double                  width,
             double                  height)
{
  g_assert_cmpfloat_with_epsilon (rect->x, x, 1e-9);
  g_assert_cmpfloat_with_epsilon (rect->y, y, 1e-9);
  g_assert_cmpfloat_with_epsilon (rect->width, width, 1e-9);
  g_assert_cmpfloat_with_epsilon (rect->height, height, 1e-9);
}

static void
test_bar_geometry (void)
{
  /* 2 series × 3 groups on an axis from −10 to 30: the zero line is at 160, a group's slot
   * is 100 pixels, its bars take 70 of them, 34 each with 2 between. */
  TesseraChartGeometry geometry = {
    .kind = TESSERA_CHART_BAR,
    .plot = { 40, 10, 300, 200 },
    .n_x = 3,
    .n_series = 2,
    .y_min = -10,
    .y_max = 30,
  };
  TesseraChartRect rect;

  g_assert_cmpfloat (tessera_chart_geometry_get_slot (&geometry), ==, 100);
  g_assert_cmpfloat (tessera_chart_geometry_x (&geometry, 0), ==, 90);
  g_assert_cmpfloat (tessera_chart_geometry_x (&geometry, 2), ==, 290);

  tessera_chart_geometry_bar (&geometry, 0, 0, 20, &rect);
  assert_rect (&rect, 55, 60, 34, 100);
  tessera_chart_geometry_bar (&geometry, 0, 1, 10, &rect);
  assert_rect (&rect, 91, 110, 34, 50);
  tessera_chart_geometry_bar (&geometry, 1, 1, 20, &rect);
  assert_rect (&rect, 191, 60, 34, 100);
  /* A negative value hangs from the zero line. */
  tessera_chart_geometry_bar (&geometry, 2, 0, -5, &rect);
  assert_rect (&rect, 255, 160, 34, 25);
  tessera_chart_geometry_bar (&geometry, 2, 1, 0, &rect);
  assert_rect (&rect, 291, 160, 34, 0);

  /* Wide slots do not make fat bars: 48 pixels at most, centred. */
  geometry.plot.width = 1000;
  geometry.n_x = 1;
  tessera_chart_geometry_bar (&geometry, 0, 0, 30, &rect);
  assert_rect (&rect, 40 + 500 - 49, 10, 48, 150);
  tessera_chart_geometry_bar (&geometry, 0, 1, 30, &rect);
  assert_rect (&rect, 40 + 500 + 1, 10, 48, 150);
}

static void
test_find (void)
{
  /* Points 100 pixels apart; value v at y = 210 − 4v. Bram has no value at point 2. */
  TesseraChartGeometry lines = {
    .kind = TESSERA_CHART_LINE,
    .plot = { 40, 10, 300, 200 },
    .n_x = 4,
    .n_series = 2,
    .y_min = 0,
    .y_max = 50,
  };
  TesseraChartGeometry bars = {
    .kind = TESSERA_CHART_BAR,
    .plot = { 40, 10, 300, 200 },
    .n_x = 3,
    .n_series = 2,
    .y_min = -10,
    .y_max = 30,
  };
  g_autoptr(GPtrArray) line_values = make_values (2, 4, 0.0, 10.0, 20.0, 30.0, 0.0, 40.0, NAN, 50.0);
  g_autoptr(GPtrArray) bar_values = make_values (2, 3, 20.0, 5.0, -5.0, 10.0, 20.0, 0.0);
  guint series, x;

  /* Point 1: Anna at 170, Bram at 50. */
  g_assert_true (tessera_chart_geometry_find (&lines, line_values, 150, 50, &series, &x));
  g_assert_cmpuint (x, ==, 1);
  g_assert_cmpuint (series, ==, 1);
  g_assert_true (tessera_chart_geometry_find (&lines, line_values, 95, 205, &series, &x));
  g_assert_cmpuint (x, ==, 1);
  g_assert_cmpuint (series, ==, 0);
  /* Where Bram has no value, Anna is the nearest. */
  g_assert_true (tessera_chart_geometry_find (&lines, line_values, 240, 20, &series, &x));
  g_assert_cmpuint (x, ==, 2);
  g_assert_cmpuint (series, ==, 0);
  /* Half a step beyond the ends still counts; further does not, nor above the plot. */
  g_assert_true (tessera_chart_geometry_find (&lines, line_values, 30, 100, &series, &x));
  g_assert_cmpuint (x, ==, 0);
  g_assert_true (tessera_chart_geometry_find (&lines, line_values, 380, 100, &series, &x));
  g_assert_cmpuint (x, ==, 3);
  g_assert_false (tessera_chart_geometry_find (&lines, line_values, 400, 100, &series, &x));
  g_assert_false (tessera_chart_geometry_find (&lines, line_values, 150, 5, &series, &x));
  g_assert_false (tessera_chart_geometry_find (&lines, NULL, 150, 50, &series, &x));

  /* Bars: group 1 holds Anna's bar at 155-189 and the other at 191-225. */
  g_assert_true (tessera_chart_geometry_find (&bars, bar_values, 200, 100, &series, &x));
  g_assert_cmpuint (x, ==, 1);
  g_assert_cmpuint (series, ==, 1);
  g_assert_true (tessera_chart_geometry_find (&bars, bar_values, 160, 200, &series, &x));
  g_assert_cmpuint (x, ==, 1);
  g_assert_cmpuint (series, ==, 0);
  /* Between the groups, the nearest bar of the group under the pointer. */
  g_assert_true (tessera_chart_geometry_find (&bars, bar_values, 239, 100, &series, &x));
  g_assert_cmpuint (x, ==, 1);
  g_assert_cmpuint (series, ==, 1);
  g_assert_false (tessera_chart_geometry_find (&bars, bar_values, 35, 100, &series, &x));
  g_assert_false (tessera_chart_geometry_find (&bars, bar_values, 345, 100, &series, &x));
}

/* The widget */

static void
player_rgba (const char *color,
             GdkRGBA    *rgba)
{
  tessera_figure_art_player_rgba (color, rgba);
}

static TesseraChart *
make_line_chart (void)
{
  static const double anna[] = { 0, 10, 25, 42 };
  static const double bram[] = { 0, 12, 30, 38 };
  TesseraChart *chart = TESSERA_CHART (g_object_ref_sink (tessera_chart_new (TESSERA_CHART_LINE)));
  GdkRGBA rgba;

  tessera_chart_set_x_title (chart, "Event");
  player_rgba ("red", &rgba);
  tessera_chart_add_series (chart, "Anna", &rgba, TESSERA_CHART_MARKER_CIRCLE, anna, G_N_ELEMENTS (anna));
  player_rgba ("blue", &rgba);
  tessera_chart_add_series (chart, "Bram", &rgba, TESSERA_CHART_MARKER_SQUARE, bram, G_N_ELEMENTS (bram));
  return chart;
}

static void
point_activated_cb (TesseraChart *chart,
                    guint         series,
                    guint         x,
                    GArray       *activated)
{
  g_array_append_val (activated, series);
  g_array_append_val (activated, x);
}

static void
test_description (void)
{
  static const char * const categories[] = { "Road", "City", "Cloister", NULL };
  static const double anna[] = { 12, 20.5, 3 };
  static const double average[] = { 9.5, 18, -1 };
  g_autoptr(TesseraChart) lines = NULL;
  g_autoptr(TesseraChart) bars = NULL;
  g_autofree char *empty = NULL;
  g_autofree char *line_text = NULL;
  g_autofree char *bar_text = NULL;
  g_autofree char *label = NULL;
  g_autofree char *value = NULL;
  GdkRGBA rgba;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }

  bars = TESSERA_CHART (g_object_ref_sink (tessera_chart_new (TESSERA_CHART_BAR)));
  empty = tessera_chart_dup_description (bars);
  g_assert_cmpstr (empty, ==, "The chart has no data yet.");
  g_assert_true (gtk_test_accessible_has_role (GTK_ACCESSIBLE (bars), GTK_ACCESSIBLE_ROLE_IMG));

  lines = make_line_chart ();
  line_text = tessera_chart_dup_description (lines);
  g_assert_cmpstr (line_text, ==, "Last values: Anna 42, Bram 38. From Event 0 to Event 3. Values between 0 and 42.");
  label = tessera_chart_dup_x_label (lines, 2);
  g_assert_cmpstr (label, ==, "Event 2");
  value = tessera_chart_dup_value_text (lines, 1, 2);
  g_assert_cmpstr (value, ==, "30");
  g_assert_null (tessera_chart_dup_value_text (lines, 1, 7));

  tessera_chart_set_x_labels (bars, categories);
  player_rgba ("red", &rgba);
  tessera_chart_add_series (bars, "Anna", &rgba, TESSERA_CHART_MARKER_CIRCLE, anna, G_N_ELEMENTS (anna));
  player_rgba ("gray", &rgba);
  tessera_chart_add_series (bars, "Average", &rgba, TESSERA_CHART_MARKER_SQUARE, average, G_N_ELEMENTS (average));
  bar_text = tessera_chart_dup_description (bars);
  g_assert_cmpstr (bar_text, ==,
                   "Road: Anna 12.0, Average 9.5. City: Anna 20.5, Average 18.0. "
                   "Cloister: Anna 3.0, Average −1.0.");

  /* The description is the one screen readers get, and follows the data. */
  g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (bars), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (bars), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, bar_text));
  tessera_chart_clear (bars);
  g_assert_cmpuint (tessera_chart_get_n_series (bars), ==, 0);
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (bars), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, empty));
}

/* A replay marks its move on the chart: none at first, then the one given, -1 for none. */
static void
test_current (void)
{
  g_autoptr(TesseraChart) chart = NULL;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }

  chart = make_line_chart ();
  g_assert_cmpint (tessera_chart_get_current_x (chart), ==, -1);
  tessera_chart_set_current_x (chart, 2);
  g_assert_cmpint (tessera_chart_get_current_x (chart), ==, 2);
  tessera_chart_set_current_x (chart, -7);
  g_assert_cmpint (tessera_chart_get_current_x (chart), ==, -1);
}

static void
test_keyboard (void)
{
  g_autoptr(TesseraChart) chart = NULL;
  g_autoptr(GArray) activated = g_array_new (FALSE, FALSE, sizeof (guint));

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }

  chart = make_line_chart ();
  g_signal_connect (chart, "point-activated", G_CALLBACK (point_activated_cb), activated);
  g_assert_true (gtk_widget_get_focusable (GTK_WIDGET (chart)));

  /* Nothing is highlighted yet: Enter does nothing, Right goes to the first point. */
  gtk_widget_activate_action (GTK_WIDGET (chart), "chart.activate-cursor", NULL);
  g_assert_cmpuint (activated->len, ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (chart), "chart.move-cursor", "(ii)", 1, 0);
  gtk_widget_activate_action (GTK_WIDGET (chart), "chart.move-cursor", "(ii)", 1, 0);
  gtk_widget_activate_action (GTK_WIDGET (chart), "chart.activate-cursor", NULL);
  g_assert_cmpuint (activated->len, ==, 2);
  g_assert_cmpuint (g_array_index (activated, guint, 0), ==, 0);
  g_assert_cmpuint (g_array_index (activated, guint, 1), ==, 1);

  /* Down goes to the next series; End to the last point, and no further. */
  gtk_widget_activate_action (GTK_WIDGET (chart), "chart.move-cursor", "(ii)", 0, 1);
  gtk_widget_activate_action (GTK_WIDGET (chart), "chart.move-cursor", "(ii)", G_MAXINT / 2, 0);
  gtk_widget_activate_action (GTK_WIDGET (chart), "chart.move-cursor", "(ii)", 1, 0);
  gtk_widget_activate_action (GTK_WIDGET (chart), "chart.activate-cursor", NULL);
  g_assert_cmpuint (activated->len, ==, 4);
  g_assert_cmpuint (g_array_index (activated, guint, 2), ==, 1);
  g_assert_cmpuint (g_array_index (activated, guint, 3), ==, 3);

  /* Down past the last series comes back to the first; Home goes to point 0. */
  gtk_widget_activate_action (GTK_WIDGET (chart), "chart.move-cursor", "(ii)", 0, 1);
  gtk_widget_activate_action (GTK_WIDGET (chart), "chart.move-cursor", "(ii)", G_MININT / 2, 0);
  gtk_widget_activate_action (GTK_WIDGET (chart), "chart.activate-cursor", NULL);
  g_assert_cmpuint (activated->len, ==, 6);
  g_assert_cmpuint (g_array_index (activated, guint, 4), ==, 0);
  g_assert_cmpuint (g_array_index (activated, guint, 5), ==, 0);

  /* An empty chart takes no focus. */
  tessera_chart_clear (chart);
  g_assert_false (gtk_widget_get_focusable (GTK_WIDGET (chart)));
}

static void
test_table (void)
{
  static const char * const categories[] = { "Road", "City", "Cloister", NULL };
  static const double anna[] = { 12, 20.5, 3 };
  static const double average[] = { 9.5, 18 };
  g_autoptr(TesseraChartView) view = NULL;
  TesseraChart *chart;
  GtkColumnView *table;
  GListModel *columns;
  g_autoptr(GtkColumnViewColumn) first = NULL;
  g_autoptr(GtkColumnViewColumn) last = NULL;
  GdkRGBA rgba;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }

  view = TESSERA_CHART_VIEW (g_object_ref_sink (tessera_chart_view_new (TESSERA_CHART_BAR)));
  chart = tessera_chart_view_get_chart (view);
  table = tessera_chart_view_get_table (view);
  g_assert_false (tessera_chart_view_get_show_table (view));

  tessera_chart_set_x_labels (chart, categories);
  player_rgba ("red", &rgba);
  tessera_chart_add_series (chart, "Anna", &rgba, TESSERA_CHART_MARKER_CIRCLE, anna, G_N_ELEMENTS (anna));
  player_rgba ("gray", &rgba);
  tessera_chart_add_series (chart, "Average", &rgba, TESSERA_CHART_MARKER_SQUARE, average, G_N_ELEMENTS (average));

  /* A row per group, a column for the groups' names and one per series. */
  columns = gtk_column_view_get_columns (table);
  g_assert_cmpuint (g_list_model_get_n_items (columns), ==, 3);
  first = g_list_model_get_item (columns, 0);
  last = g_list_model_get_item (columns, 2);
  g_assert_cmpstr (gtk_column_view_column_get_title (first), ==, "Category");
  g_assert_cmpstr (gtk_column_view_column_get_title (last), ==, "Average");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (table))), ==, 3);

  tessera_chart_view_set_show_table (view, TRUE);
  g_assert_true (tessera_chart_view_get_show_table (view));

  tessera_chart_clear (chart);
  g_assert_cmpuint (g_list_model_get_n_items (columns), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (table))), ==, 0);
}

/* Screenshots */

static GtkWidget *
show_in_window (GtkWidget *child,
                int        width,
                int        height)
{
  GtkWidget *window = gtk_window_new ();

  gtk_widget_set_margin_top (child, 18);
  gtk_widget_set_margin_bottom (child, 18);
  gtk_widget_set_margin_start (child, 18);
  gtk_widget_set_margin_end (child, 18);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* A game of 72 events among five players, every colour and marker: scores that grow by
 * steps, as a real game's do, from a fixed seed. */
static GtkWidget *
make_progression (void)
{
  static const char *names[] = { "Anna", "Bram", "Carla", "Daan", "Eva" };
  static const char *colors[] = { "red", "blue", "green", "yellow", "black" };
  GtkWidget *view = tessera_chart_view_new (TESSERA_CHART_LINE);
  TesseraChart *chart = tessera_chart_view_get_chart (TESSERA_CHART_VIEW (view));
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  tessera_chart_view_set_title (TESSERA_CHART_VIEW (view), "Score Progression");
  tessera_chart_set_x_title (chart, "Event");
  tessera_chart_set_y_title (chart, "Points");
  for (guint p = 0; p < G_N_ELEMENTS (names); p++)
    {
      double values[72];
      GdkRGBA rgba;

      values[0] = 0;
      for (guint i = 1; i < G_N_ELEMENTS (values); i++)
        values[i] = values[i - 1] + (g_rand_int_range (rand, 0, 5) == 0 ? g_rand_int_range (rand, 2, 9) : 0);
      tessera_figure_art_player_rgba (colors[p], &rgba);
      tessera_chart_add_series (chart, names[p], &rgba, (TesseraChartMarker) p, values, G_N_ELEMENTS (values));
    }
  return view;
}

static GtkWidget *
make_categories (void)
{
  const char *categories[] = { "Road", "City", "Cloister", "Farm", "Wheel", "Crown", "Ransom", NULL };
  static const double anna[] = { 14.2, 31.5, 9.8, 18.4, 3.1, 6.0, -1.5 };
  static const double everyone[] = { 12.9, 27.3, 11.2, 15.0, 4.4, 5.2, 0.4 };
  GtkWidget *view = tessera_chart_view_new (TESSERA_CHART_BAR);
  TesseraChart *chart = tessera_chart_view_get_chart (TESSERA_CHART_VIEW (view));
  GdkRGBA rgba;

  tessera_chart_view_set_title (TESSERA_CHART_VIEW (view), "Points per Game by Category");
  tessera_chart_set_y_title (chart, "Points per game");
  tessera_chart_set_x_labels (chart, categories);
  tessera_figure_art_player_rgba ("red", &rgba);
  tessera_chart_add_series (chart, "Anna", &rgba, TESSERA_CHART_MARKER_CIRCLE, anna, G_N_ELEMENTS (anna));
  tessera_figure_art_player_rgba ("gray", &rgba);
  tessera_chart_add_series (chart, "All players", &rgba, TESSERA_CHART_MARKER_SQUARE, everyone, G_N_ELEMENTS (everyone));
  return view;
}

/* A player's last 20 games, labelled by date. */
static GtkWidget *
make_trend (void)
{
  static const double scores[] = { 71, 84, 66, 90, 102, 77, 88, 95, 69, 110,
                                   93, 81, 99, 105, 87, 92, 118, 97, 101, 108 };
  g_autoptr(GPtrArray) dates = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *view = tessera_chart_view_new (TESSERA_CHART_LINE);
  TesseraChart *chart = tessera_chart_view_get_chart (TESSERA_CHART_VIEW (view));
  GdkRGBA rgba;

  for (guint i = 0; i < G_N_ELEMENTS (scores); i++)
    g_ptr_array_add (dates, g_strdup_printf ("%u Mar", i + 1));
  g_ptr_array_add (dates, NULL);

  tessera_chart_view_set_title (TESSERA_CHART_VIEW (view), "Anna’s Last 20 Games");
  tessera_chart_set_y_title (chart, "Points");
  tessera_chart_set_x_labels (chart, (const char * const *) dates->pdata);
  tessera_figure_art_player_rgba ("red", &rgba);
  tessera_chart_add_series (chart, "Anna", &rgba, TESSERA_CHART_MARKER_CIRCLE, scores, G_N_ELEMENTS (scores));
  return view;
}

static void
take_screenshots (const char *style)
{
  struct
  {
    const char *name;
    GtkWidget *(*make) (void);
    int width, height;
    gboolean table;
    int highlight;
  } shots[] = {
    { "progression", make_progression, 720, 440, FALSE, 34 },
    { "categories", make_categories, 720, 420, FALSE, -1 },
    { "categories-narrow", make_categories, 380, 360, FALSE, -1 },
    { "trend", make_trend, 560, 360, FALSE, -1 },
    { "table", make_categories, 560, 360, TRUE, -1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      GtkWidget *view = shots[i].make ();
      GtkWidget *chart = GTK_WIDGET (tessera_chart_view_get_chart (TESSERA_CHART_VIEW (view)));
      GtkWidget *window = show_in_window (view, shots[i].width, shots[i].height);
      g_autofree char *name = g_strdup_printf ("screenshot-chart-%s-%s.png", shots[i].name, style);

      tessera_chart_view_set_show_table (TESSERA_CHART_VIEW (view), shots[i].table);
      /* The highlight as the keyboard or the pointer leaves it: point 34 of the first line. */
      if (shots[i].highlight >= 0)
        {
          gtk_widget_activate_action (chart, "chart.move-cursor", "(ii)", 1, 0);
          gtk_widget_activate_action (chart, "chart.move-cursor", "(ii)", shots[i].highlight, 1);
        }
      tessera_test_save_screenshot (window, name);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

static void
test_screenshots (void)
{
  AdwStyleManager *manager;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }

  manager = adw_style_manager_get_default ();
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
  take_screenshots ("light");
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
  take_screenshots ("dark");
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* GTK's test accessibility backend keeps what screen readers would get, with no bus. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  have_display = gtk_init_check ();
  if (have_display)
    adw_init ();

  for (guint i = 0; i < G_N_ELEMENTS (ticks_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/chart/ticks/%s", ticks_cases[i].name);

      g_test_add_data_func (path, &ticks_cases[i], test_ticks);
    }
  g_test_add_func ("/chart/format", test_format);
  g_test_add_func ("/chart/range", test_range);
  g_test_add_func ("/chart/geometry/line", test_line_geometry);
  g_test_add_func ("/chart/geometry/bar", test_bar_geometry);
  g_test_add_func ("/chart/geometry/find", test_find);
  g_test_add_func ("/chart/widget/description", test_description);
  g_test_add_func ("/chart/widget/current", test_current);
  g_test_add_func ("/chart/widget/keyboard", test_keyboard);
  g_test_add_func ("/chart/view/table", test_table);
  g_test_add_func ("/chart/view/screenshots", test_screenshots);

  return g_test_run ();
}
