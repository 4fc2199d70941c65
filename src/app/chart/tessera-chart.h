/* tessera-chart.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-chart-layout.h"

G_BEGIN_DECLS

/* The shape drawn at a series' points and in the legend, so that colour is not the only cue. */
typedef enum
{
  TESSERA_CHART_MARKER_CIRCLE,
  TESSERA_CHART_MARKER_SQUARE,
  TESSERA_CHART_MARKER_TRIANGLE,
  TESSERA_CHART_MARKER_DIAMOND,
  TESSERA_CHART_MARKER_CROSS,
} TesseraChartMarker;

#define TESSERA_TYPE_CHART (tessera_chart_get_type ())

G_DECLARE_FINAL_TYPE (TesseraChart, tessera_chart, TESSERA, CHART, GtkWidget)

GtkWidget          *tessera_chart_new               (TesseraChartKind    kind);
TesseraChartKind    tessera_chart_get_kind          (TesseraChart       *self);
void                tessera_chart_set_x_labels      (TesseraChart       *self,
                                                     const char * const *labels);
void                tessera_chart_set_x_title       (TesseraChart       *self,
                                                     const char         *title);
void                tessera_chart_set_y_title       (TesseraChart       *self,
                                                     const char         *title);
void                tessera_chart_add_series        (TesseraChart       *self,
                                                     const char         *name,
                                                     const GdkRGBA      *color,
                                                     TesseraChartMarker  marker,
                                                     const double       *values,
                                                     guint               n_values);
void                tessera_chart_set_series_mark   (TesseraChart       *self,
                                                     guint               series,
                                                     const char         *mark);
const char         *tessera_chart_get_shown_mark    (TesseraChart       *self,
                                                     guint               series);
void                tessera_chart_set_show_marks    (TesseraChart       *self,
                                                     gboolean            show_marks);
gboolean            tessera_chart_get_show_marks    (TesseraChart       *self);
void                tessera_chart_clear             (TesseraChart       *self);
void                tessera_chart_set_natural_height (TesseraChart      *self,
                                                      int                 height);

guint               tessera_chart_get_n_series      (TesseraChart       *self);
const char         *tessera_chart_get_series_name   (TesseraChart       *self,
                                                     guint               series);
guint               tessera_chart_get_n_x           (TesseraChart       *self);
char               *tessera_chart_dup_x_label       (TesseraChart       *self,
                                                     guint               x);
const char         *tessera_chart_get_x_title       (TesseraChart       *self);
char               *tessera_chart_dup_value_text    (TesseraChart       *self,
                                                     guint               series,
                                                     guint               x);
char               *tessera_chart_dup_description   (TesseraChart       *self);
void                tessera_chart_set_current_x     (TesseraChart       *self,
                                                     int                 x);
int                 tessera_chart_get_current_x     (TesseraChart       *self);

G_END_DECLS
