/* tessera-chart-lines.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-chart"

#include "config.h"

#include <math.h>

#include "tessera-chart-private.h"

/* The plot of a line chart: a line per series through its values, broken where one is
 * missing, with the series' marker at as many points as have room for it. */

/* Markers at every point when they have room; otherwise every few points, each series at
 * other points than the others so that they do not pile up, and always at the last point. */
static gboolean
wants_marker (TesseraChart *self,
              guint         series,
              guint         x,
              guint         last)
{
  double slot = tessera_chart_geometry_get_slot (&self->geometry);
  guint every = slot >= MARKER_RADIUS * 4 ? 1 : (guint) ceil (MARKER_SPACING / MAX (slot, 0.01));

  if (every <= 1 || x == last)
    return TRUE;
  return x % every == (series * every / MAX (self->series->len, 1)) % every;
}

void
_tessera_chart_append_lines (TesseraChart *self,
                             GtkSnapshot  *snapshot)
{
  const TesseraChartGeometry *geometry = &self->geometry;
  const TesseraChartRect *plot = &geometry->plot;
  double line_width = self->high_contrast ? 3 : 2.5;
  cairo_t *cr;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT ((float) plot->x - 10, (float) plot->y - 10,
                                                                 (float) plot->width + 20, (float) plot->height + 20));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  for (guint s = 0; s < self->series->len; s++)
    {
      const Series *series = &g_array_index (self->series, Series, s);
      GArray *values = _tessera_chart_get_values (self, s);
      GdkRGBA ring = _tessera_chart_get_ring_color (self, &series->color);
      guint last = 0;
      gboolean pen_down = FALSE;
      double value;

      cairo_new_path (cr);
      for (guint i = 0; i < values->len; i++)
        {
          double x = tessera_chart_geometry_x (geometry, i);

          /* A missing value leaves a gap. */
          if (!_tessera_chart_get_value (self, s, i, &value))
            {
              pen_down = FALSE;
              continue;
            }
          if (pen_down)
            cairo_line_to (cr, x, tessera_chart_geometry_y (geometry, value));
          else
            cairo_move_to (cr, x, tessera_chart_geometry_y (geometry, value));
          pen_down = TRUE;
          last = i;
        }
      if (_tessera_chart_needs_outline (self, &series->color))
        {
          cairo_set_line_width (cr, line_width + 2);
          gdk_cairo_set_source_rgba (cr, &ring);
          cairo_stroke_preserve (cr);
        }
      cairo_set_line_width (cr, line_width);
      gdk_cairo_set_source_rgba (cr, &series->color);
      cairo_stroke (cr);

      for (guint i = 0; i < values->len; i++)
        if (_tessera_chart_get_value (self, s, i, &value) && wants_marker (self, s, i, last))
          _tessera_chart_draw_marker (cr, series->marker, tessera_chart_geometry_x (geometry, i),
                                      tessera_chart_geometry_y (geometry, value), MARKER_RADIUS, &series->color, &ring);
    }
  cairo_destroy (cr);
}
