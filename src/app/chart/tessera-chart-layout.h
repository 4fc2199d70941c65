/* tessera-chart-layout.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The geometry of TesseraChart without any drawing, so that it can be checked without a
 * display: round axis ticks, where a value lands in pixels, the bars' rectangles and what
 * lies under the pointer. */

typedef enum
{
  TESSERA_CHART_LINE,
  TESSERA_CHART_BAR,
} TesseraChartKind;

typedef struct
{
  double x;
  double y;
  double width;
  double height;
} TesseraChartRect;

/* Ticks at every multiple of mantissa × 10^exponent, mantissa 1, 2 or 5, from first_index to
 * first_index + n_ticks - 1 multiples. Kept as integers so that 0.2 × 3 is exactly 0.6. */
typedef struct
{
  int   first_index;
  guint n_ticks;
  int   mantissa;
  int   exponent;
} TesseraChartTicks;

void     tessera_chart_ticks_init        (TesseraChartTicks       *ticks,
                                          double                   lo,
                                          double                   hi,
                                          guint                    max_ticks,
                                          gboolean                 integers);
double   tessera_chart_ticks_get_step    (const TesseraChartTicks *ticks);
double   tessera_chart_ticks_get_value   (const TesseraChartTicks *ticks,
                                          guint                    i);
double   tessera_chart_ticks_get_min     (const TesseraChartTicks *ticks);
double   tessera_chart_ticks_get_max     (const TesseraChartTicks *ticks);
guint    tessera_chart_ticks_get_decimals (const TesseraChartTicks *ticks);

char    *tessera_chart_format_value      (double                   value,
                                          guint                    decimals);

/* @values holds one GArray of double per series. */
void     tessera_chart_values_get_range  (GPtrArray               *values,
                                          double                  *lo,
                                          double                  *hi,
                                          gboolean                *integers);
guint    tessera_chart_values_get_n_x    (GPtrArray               *values);

/* Where the data lands: lines put point i of n_x at x = i, bars put group i in the i-th of n_x
 * equal slots; value y_min is at the bottom of the plot, y_max at its top. */
typedef struct
{
  TesseraChartKind kind;
  TesseraChartRect plot;
  guint            n_x;
  guint            n_series;
  double           y_min;
  double           y_max;
} TesseraChartGeometry;

double   tessera_chart_geometry_x        (const TesseraChartGeometry *geometry,
                                          guint                       x);
double   tessera_chart_geometry_y        (const TesseraChartGeometry *geometry,
                                          double                      value);
double   tessera_chart_geometry_get_slot (const TesseraChartGeometry *geometry);
void     tessera_chart_geometry_bar      (const TesseraChartGeometry *geometry,
                                          guint                       group,
                                          guint                       series,
                                          double                      value,
                                          TesseraChartRect           *rect);
gboolean tessera_chart_geometry_find     (const TesseraChartGeometry *geometry,
                                          GPtrArray                  *values,
                                          double                      px,
                                          double                      py,
                                          guint                      *series,
                                          guint                      *x);

G_END_DECLS
