/* tessera-chart-layout.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-chart-layout"

#include "config.h"

#include <math.h>
#include <string.h>

#include "tessera-chart-layout.h"

/* Bars take this share of their group's slot; the rest parts one group from the next. */
#define BAR_GROUP_SHARE 0.7
#define BAR_GAP         2.0
#define BAR_MAX_WIDTH   48.0

static double
power_of_ten (int exponent)
{
  double p = 1;

  for (int i = 0; i < ABS (exponent); i++)
    p *= 10;
  return p;
}

/* index × mantissa × 10^exponent, divided rather than multiplied by a negative power so that
 * 3 × 0.2 gives the double nearest to 0.6. */
static double
multiple (int index,
          int mantissa,
          int exponent)
{
  double m = (double) index * mantissa;

  return exponent < 0 ? m / power_of_ten (exponent) : m * power_of_ten (exponent);
}

/**
 * tessera_chart_ticks_init:
 * @ticks: the ticks to fill
 * @lo: the lowest value the axis must show
 * @hi: the highest value the axis must show
 * @max_ticks: how many ticks fit, at least 2
 * @integers: whether the steps must be whole numbers
 *
 * Picks the smallest step of 1, 2 or 5 × 10^n whose ticks, from the multiple at or below @lo
 * to the one at or above @hi, number no more than @max_ticks: 0 to 47 with 6 ticks gives
 * 0, 10, … 50.
 */
void
tessera_chart_ticks_init (TesseraChartTicks *ticks,
                          double             lo,
                          double             hi,
                          guint              max_ticks,
                          gboolean           integers)
{
  static const int mantissas[] = { 1, 2, 5 };
  double span;
  int exponent;

  g_return_if_fail (ticks != NULL);

  if (!isfinite (lo) || !isfinite (hi))
    lo = hi = 0;
  if (hi < lo)
    {
      double t = lo;

      lo = hi;
      hi = t;
    }
  /* A flat line still needs an axis: give it one unit above. */
  if (hi == lo)
    hi = lo + 1;
  max_ticks = MAX (max_ticks, 2);
  span = hi - lo;

  exponent = (int) floor (log10 (span / (max_ticks - 1)));
  if (integers)
    exponent = MAX (exponent, 0);

  for (;; exponent++)
    for (guint i = 0; i < G_N_ELEMENTS (mantissas); i++)
      {
        double step = multiple (1, mantissas[i], exponent);
        double first = floor (lo / step);
        double last = ceil (hi / step);

        if (last - first + 1 <= max_ticks)
          {
            ticks->first_index = (int) first;
            ticks->n_ticks = (guint) (last - first + 1);
            ticks->mantissa = mantissas[i];
            ticks->exponent = exponent;
            return;
          }
      }
}

double
tessera_chart_ticks_get_step (const TesseraChartTicks *ticks)
{
  return multiple (1, ticks->mantissa, ticks->exponent);
}

double
tessera_chart_ticks_get_value (const TesseraChartTicks *ticks,
                               guint                    i)
{
  return multiple (ticks->first_index + (int) i, ticks->mantissa, ticks->exponent);
}

double
tessera_chart_ticks_get_min (const TesseraChartTicks *ticks)
{
  return tessera_chart_ticks_get_value (ticks, 0);
}

double
tessera_chart_ticks_get_max (const TesseraChartTicks *ticks)
{
  return tessera_chart_ticks_get_value (ticks, ticks->n_ticks - 1);
}

/* How many digits after the decimal point tell the ticks apart. */
guint
tessera_chart_ticks_get_decimals (const TesseraChartTicks *ticks)
{
  return ticks->exponent < 0 ? (guint) -ticks->exponent : 0;
}

/**
 * tessera_chart_format_value:
 * @value: a number
 * @decimals: digits after the decimal point
 *
 * Formats @value in the user's locale, with a real minus sign for negative numbers and
 * never "-0".
 *
 * Returns: (transfer full): the text
 */
char *
tessera_chart_format_value (double value,
                            guint  decimals)
{
  g_autofree char *text = g_strdup_printf ("%.*f", (int) decimals, fabs (value));

  /* Only a number that is not zero once rounded gets a sign. */
  if (value < 0 && strspn (text, "0.,") != strlen (text))
    return g_strconcat ("−", text, NULL);
  return g_steal_pointer (&text);
}

/**
 * tessera_chart_values_get_range:
 * @values: (element-type GArray): one array of doubles per series
 * @lo: (out): the lowest value, 0 or below
 * @hi: (out): the highest value, 0 or above
 * @integers: (out) (optional): whether every value is a whole number
 *
 * The values a value axis must show. It always shows 0, so that bars and lines are measured
 * from it and not from an arbitrary floor. Values that are not finite (a NAN leaves a gap) are
 * left out.
 */
void
tessera_chart_values_get_range (GPtrArray *values,
                                double    *lo,
                                double    *hi,
                                gboolean  *integers)
{
  gboolean whole = TRUE;

  *lo = 0;
  *hi = 0;
  for (guint s = 0; values != NULL && s < values->len; s++)
    {
      GArray *array = g_ptr_array_index (values, s);

      for (guint i = 0; i < array->len; i++)
        {
          double v = g_array_index (array, double, i);

          if (!isfinite (v))
            continue;
          *lo = MIN (*lo, v);
          *hi = MAX (*hi, v);
          if (v != floor (v))
            whole = FALSE;
        }
    }
  if (integers != NULL)
    *integers = whole;
}

/* The number of x positions: the longest series. */
guint
tessera_chart_values_get_n_x (GPtrArray *values)
{
  guint n = 0;

  for (guint s = 0; values != NULL && s < values->len; s++)
    n = MAX (n, ((GArray *) g_ptr_array_index (values, s))->len);
  return n;
}

static gboolean
has_value (GPtrArray *values,
           guint      series,
           guint      x,
           double    *value)
{
  GArray *array = g_ptr_array_index (values, series);

  if (x >= array->len || !isfinite (g_array_index (array, double, x)))
    return FALSE;
  *value = g_array_index (array, double, x);
  return TRUE;
}

/* The width of one x position: the distance between two points, or a bar group's slot. */
double
tessera_chart_geometry_get_slot (const TesseraChartGeometry *geometry)
{
  if (geometry->n_x == 0)
    return geometry->plot.width;
  if (geometry->kind == TESSERA_CHART_BAR)
    return geometry->plot.width / geometry->n_x;
  if (geometry->n_x == 1)
    return geometry->plot.width;
  return geometry->plot.width / (geometry->n_x - 1);
}

/**
 * tessera_chart_geometry_x:
 * @geometry: the chart's geometry
 * @x: a point of a line, or a group of bars
 *
 * Returns: the pixel column of the point, or of the middle of the group; a line of a single
 *   point has it in the middle
 */
double
tessera_chart_geometry_x (const TesseraChartGeometry *geometry,
                          guint                       x)
{
  const TesseraChartRect *plot = &geometry->plot;

  if (geometry->kind == TESSERA_CHART_BAR)
    return plot->x + tessera_chart_geometry_get_slot (geometry) * (x + 0.5);
  if (geometry->n_x <= 1)
    return plot->x + plot->width / 2;
  return plot->x + plot->width * x / (geometry->n_x - 1);
}

double
tessera_chart_geometry_y (const TesseraChartGeometry *geometry,
                          double                      value)
{
  const TesseraChartRect *plot = &geometry->plot;

  if (geometry->y_max <= geometry->y_min)
    return plot->y + plot->height;
  return plot->y + plot->height * (geometry->y_max - value) / (geometry->y_max - geometry->y_min);
}

/**
 * tessera_chart_geometry_bar:
 * @geometry: the geometry of a bar chart
 * @group: the group of bars
 * @series: the bar within the group
 * @value: its value
 * @rect: (out): the bar, from the zero line to @value (downwards for a negative value)
 *
 * The bars of a group stand side by side, BAR_GAP apart, centred in the group's slot and
 * filling BAR_GROUP_SHARE of it, but never wider than BAR_MAX_WIDTH each.
 */
void
tessera_chart_geometry_bar (const TesseraChartGeometry *geometry,
                            guint                       group,
                            guint                       series,
                            double                      value,
                            TesseraChartRect           *rect)
{
  double slot = tessera_chart_geometry_get_slot (geometry);
  guint n = MAX (geometry->n_series, 1);
  double width = (slot * BAR_GROUP_SHARE - BAR_GAP * (n - 1)) / n;
  double total, zero, top;

  width = CLAMP (width, 1.0, BAR_MAX_WIDTH);
  total = width * n + BAR_GAP * (n - 1);
  zero = tessera_chart_geometry_y (geometry, 0);
  top = tessera_chart_geometry_y (geometry, value);

  rect->x = tessera_chart_geometry_x (geometry, group) - total / 2 + series * (width + BAR_GAP);
  rect->width = width;
  rect->y = MIN (zero, top);
  rect->height = fabs (top - zero);
}

/**
 * tessera_chart_geometry_find:
 * @geometry: the chart's geometry
 * @values: (element-type GArray): the values of each series
 * @px: the pointer's column
 * @py: the pointer's row
 * @series: (out): the series nearest to the pointer
 * @x: (out): the point or group under the pointer
 *
 * What the pointer designates: the x position whose column (half the way to its neighbours)
 * holds the pointer, and there the series whose point is nearest to it; for bars, the bar
 * whose column holds the pointer, or the nearest bar of the group. The whole column counts,
 * so that a point does not have to be hit exactly.
 *
 * Returns: whether the pointer is over the plot and a series has a value there
 */
gboolean
tessera_chart_geometry_find (const TesseraChartGeometry *geometry,
                             GPtrArray                  *values,
                             double                      px,
                             double                      py,
                             guint                      *series,
                             guint                      *x)
{
  const TesseraChartRect *plot = &geometry->plot;
  double slot = tessera_chart_geometry_get_slot (geometry);
  double best = G_MAXDOUBLE;
  gboolean found = FALSE;
  double position;
  int column;

  if (geometry->n_x == 0 || values == NULL || slot <= 0)
    return FALSE;
  if (py < plot->y || py > plot->y + plot->height)
    return FALSE;

  if (geometry->kind == TESSERA_CHART_BAR)
    position = floor ((px - plot->x) / slot);
  else if (geometry->n_x == 1)
    position = fabs (px - tessera_chart_geometry_x (geometry, 0)) <= slot / 2 ? 0 : -1;
  else
    position = floor ((px - plot->x) / slot + 0.5);
  if (position < 0 || position >= geometry->n_x)
    return FALSE;
  column = (int) position;

  for (guint s = 0; s < values->len; s++)
    {
      double value, distance;

      if (!has_value (values, s, column, &value))
        continue;
      if (geometry->kind == TESSERA_CHART_BAR)
        {
          TesseraChartRect bar;

          tessera_chart_geometry_bar (geometry, column, s, value, &bar);
          distance = fabs (px - (bar.x + bar.width / 2));
        }
      else
        distance = fabs (py - tessera_chart_geometry_y (geometry, value));

      if (distance < best)
        {
          best = distance;
          *series = s;
          *x = column;
          found = TRUE;
        }
    }
  return found;
}
