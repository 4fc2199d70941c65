/* tessera-chart-private.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-chart.h"

G_BEGIN_DECLS

/* TesseraChart is written in several files, which share the sizes and the instance below:
 * - tessera-chart.c: the widget: its data, the pointer and the keyboard, the GtkWidget
 *   methods and the public API;
 * - tessera-chart-describe.c: the chart in words: the labels of its points, its values, the
 *   tooltip's text and the description for screen readers;
 * - tessera-chart-render.c: the snapshot: a render node kept until something changes, and the
 *   highlight, the replay's mark and the focus ring drawn on top;
 * - tessera-chart-axes.c: where the legend, the titles, the labels and the plot go at the
 *   chart's size, and the axes drawn around the plot;
 * - tessera-chart-legend.c: the legend;
 * - tessera-chart-lines.c and tessera-chart-bars.c: the plot of each kind of chart;
 * - tessera-chart-paint.c: what they all paint with: text, colours and markers.
 * The geometry, with no GTK, is in tessera-chart-layout.c; TesseraChartView
 * (tessera-chart-view.c) gives the chart a title and a toggle to show it as a table. */

#define PADDING        6.0
#define TICK_GAP       8.0   /* between an axis label and the plot */
#define LEGEND_SPACING 18.0  /* between two legend entries */
#define LEGEND_SWATCH  22.0
#define MARKER_RADIUS  4.0
#define HOVER_RADIUS   6.0
#define MARKER_SPACING 48.0  /* at least, between two markers of a line */
#define LABEL_ANGLE    (G_PI / 4)
#define LABEL_MAX      140.0 /* the widest a turned label may be */

typedef struct
{
  char               *name;
  GdkRGBA             color;
  TesseraChartMarker  marker;
  char               *mark;     /* the player's letter, shown in the legend while marks are shown */
} Series;

struct _TesseraChart
{
  GtkWidget             parent_instance;
  int                   natural_height;

  /* Data */
  TesseraChartKind      kind;
  char                 *x_title;
  char                 *y_title;
  GStrv                 x_labels;
  GArray               *series;   /* of Series */
  GPtrArray            *values;   /* a GArray of double per series */

  /* Layout for the current size; valid while layout_width is the widget's width */
  int                   layout_width;
  int                   layout_height;
  TesseraChartGeometry  geometry;
  TesseraChartTicks     y_ticks;
  TesseraChartTicks     x_ticks;
  double                legend_height;
  double                x_labels_height;
  gboolean              rotate_x_labels;
  GskRenderNode        *node;

  /* Style */
  GdkRGBA               fg;
  GdkRGBA               bg;
  GdkRGBA               accent;
  gboolean              dark;
  gboolean              high_contrast;
  gboolean              show_marks;

  /* Where a replay stands, marked across the plot: -1 when nothing is marked */
  int                   current_x;

  /* The point under the pointer or the keyboard cursor: x is -1 when there is none */
  int                   highlight_x;
  guint                 highlight_series;
};

/* Data (tessera-chart.c) */
GArray *_tessera_chart_get_values (TesseraChart *self,
                                   guint         series);
gboolean _tessera_chart_get_value (TesseraChart *self,
                                   guint         series,
                                   guint         x,
                                   double       *value);
gboolean _tessera_chart_has_data (TesseraChart *self);

/* The chart in words (tessera-chart-describe.c) */
char *_tessera_chart_dup_axis_label (TesseraChart *self,
                                     guint         x);
char *_tessera_chart_dup_point_text (TesseraChart *self,
                                     guint         x);

/* The snapshot (tessera-chart-render.c) */
void _tessera_chart_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot);

/* The axes and the layout (tessera-chart-axes.c) */
void _tessera_chart_ensure_layout (TesseraChart *self);
void _tessera_chart_append_axes (TesseraChart *self,
                                 GtkSnapshot  *snapshot);

/* The legend (tessera-chart-legend.c) */
double _tessera_chart_layout_legend (TesseraChart *self,
                                     GtkSnapshot  *snapshot,
                                     double        x0,
                                     double        y0,
                                     double        width);

/* The plot, of each kind (tessera-chart-lines.c, tessera-chart-bars.c) */
void _tessera_chart_append_lines (TesseraChart *self,
                                  GtkSnapshot  *snapshot);
void _tessera_chart_append_bars (TesseraChart *self,
                                 GtkSnapshot  *snapshot);

/* Painting: text, colours and markers (tessera-chart-paint.c) */
PangoLayout *_tessera_chart_create_layout (TesseraChart *self,
                                           const char   *text);
void _tessera_chart_get_text_size (TesseraChart *self,
                                   const char   *text,
                                   double       *width,
                                   double       *height);
void _tessera_chart_append_layout (GtkSnapshot   *snapshot,
                                   PangoLayout   *layout,
                                   double         x,
                                   double         y,
                                   const GdkRGBA *color);
void _tessera_chart_append_text (TesseraChart  *self,
                                 GtkSnapshot   *snapshot,
                                 const char    *text,
                                 double         x,
                                 double         y,
                                 double         xalign,
                                 const GdkRGBA *color);
GdkRGBA _tessera_chart_with_alpha (const GdkRGBA *rgba,
                                   double         alpha);
gboolean _tessera_chart_needs_outline (TesseraChart  *self,
                                       const GdkRGBA *color);
void _tessera_chart_update_style (TesseraChart *self);
void _tessera_chart_draw_marker (cairo_t            *cr,
                                 TesseraChartMarker  marker,
                                 double              x,
                                 double              y,
                                 double              r,
                                 const GdkRGBA      *fill,
                                 const GdkRGBA      *ring);
GdkRGBA _tessera_chart_get_ring_color (TesseraChart  *self,
                                       const GdkRGBA *color);
GdkRGBA _tessera_chart_get_on_color (const GdkRGBA *color);

G_END_DECLS
