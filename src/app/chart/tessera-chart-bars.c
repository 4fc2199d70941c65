/* tessera-chart-bars.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-chart"

#include "config.h"

#include "tessera-chart-private.h"

/* The plot of a bar chart: a group per point, in it a bar per series, rounded at the value's
 * end, each carrying its series' marker. */

void
_tessera_chart_append_bars (TesseraChart *self,
                            GtkSnapshot  *snapshot)
{
  const TesseraChartGeometry *geometry = &self->geometry;
  const TesseraChartRect *plot = &geometry->plot;
  cairo_t *cr;

  for (guint s = 0; s < self->series->len; s++)
    {
      const Series *series = &g_array_index (self->series, Series, s);
      GdkRGBA ring = _tessera_chart_get_ring_color (self, &series->color);

      for (guint i = 0; i < geometry->n_x; i++)
        {
          TesseraChartRect bar;
          GskRoundedRect rounded;
          graphene_size_t round = GRAPHENE_SIZE_INIT (3, 3), square = GRAPHENE_SIZE_INIT (0, 0);
          double value;

          if (!_tessera_chart_get_value (self, s, i, &value) || value == 0)
            continue;
          tessera_chart_geometry_bar (geometry, i, s, value, &bar);
          /* Rounded at the value's end, square on the zero line. */
          gsk_rounded_rect_init (&rounded, &GRAPHENE_RECT_INIT ((float) bar.x, (float) bar.y,
                                                                (float) bar.width, (float) bar.height),
                                 value > 0 ? &round : &square, value > 0 ? &round : &square,
                                 value > 0 ? &square : &round, value > 0 ? &square : &round);
          gsk_rounded_rect_normalize (&rounded);
          gtk_snapshot_push_rounded_clip (snapshot, &rounded);
          gtk_snapshot_append_color (snapshot, &series->color, &rounded.bounds);
          gtk_snapshot_pop (snapshot);
          if (_tessera_chart_needs_outline (self, &series->color))
            {
              float widths[4] = { 1, 1, 1, 1 };
              GdkRGBA colors[4] = { ring, ring, ring, ring };

              gtk_snapshot_append_border (snapshot, &rounded, widths, colors);
            }
        }
    }

  /* Each bar carries its series' marker: inside its end when it has room, beyond it
   * otherwise (a zero shows just its marker on the zero line). */
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT ((float) plot->x - 10, (float) plot->y - 20,
                                                                 (float) plot->width + 20, (float) plot->height + 40));
  for (guint s = 0; s < self->series->len; s++)
    {
      const Series *series = &g_array_index (self->series, Series, s);
      GdkRGBA ring = _tessera_chart_get_ring_color (self, &series->color);

      for (guint i = 0; i < geometry->n_x; i++)
        {
          TesseraChartRect bar;
          double value, r, cx, cy;
          int sign;

          if (!_tessera_chart_get_value (self, s, i, &value))
            continue;
          tessera_chart_geometry_bar (geometry, i, s, value, &bar);
          r = MIN (MARKER_RADIUS, bar.width / 2 - 2.5);
          if (r < 2)
            continue;
          sign = value < 0 ? -1 : 1;
          cx = bar.x + bar.width / 2;
          if (bar.height >= 2 * r + 10)
            {
              GdkRGBA on = _tessera_chart_get_on_color (&series->color);

              cy = sign > 0 ? bar.y + r + 5 : bar.y + bar.height - r - 5;
              _tessera_chart_draw_marker (cr, series->marker, cx, cy, r, &on, &series->color);
            }
          else
            {
              cy = sign > 0 ? bar.y - r - 4 : bar.y + bar.height + r + 4;
              _tessera_chart_draw_marker (cr, series->marker, cx, cy, r, &series->color, &ring);
            }
        }
    }
  cairo_destroy (cr);
}
