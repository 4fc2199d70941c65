/* tessera-chart-view.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-chart.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_CHART_VIEW (tessera_chart_view_get_type ())

G_DECLARE_FINAL_TYPE (TesseraChartView, tessera_chart_view, TESSERA, CHART_VIEW, GtkWidget)

GtkWidget     *tessera_chart_view_new            (TesseraChartKind  kind);
TesseraChart  *tessera_chart_view_get_chart      (TesseraChartView *self);
void           tessera_chart_view_set_title      (TesseraChartView *self,
                                                  const char       *title);
gboolean       tessera_chart_view_get_show_table (TesseraChartView *self);
void           tessera_chart_view_set_show_table (TesseraChartView *self,
                                                  gboolean          show_table);
GtkColumnView *tessera_chart_view_get_table      (TesseraChartView *self);

G_END_DECLS
