/* tessera-chart-render.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-chart"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "tessera-chart-private.h"

/* The chart's snapshot. Everything but the highlighted point is drawn once into a render node
 * that is kept until the data, the size or the style change; the pointer and the keyboard only
 * move the highlight, which is drawn fresh on top. */

static GskRenderNode *
create_node (TesseraChart *self)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  if (!_tessera_chart_has_data (self))
    {
      GdkRGBA text = _tessera_chart_with_alpha (&self->fg, self->high_contrast ? 1 : 0.55);

      _tessera_chart_append_text (self, snapshot, _("No data yet"), width / 2.0, height / 2.0, 0.5, &text);
      return gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
    }

  _tessera_chart_layout_legend (self, snapshot, PADDING, PADDING, width - 2 * PADDING);
  _tessera_chart_append_axes (self, snapshot);
  if (self->kind == TESSERA_CHART_LINE)
    _tessera_chart_append_lines (self, snapshot);
  else
    _tessera_chart_append_bars (self, snapshot);
  return gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
}

static void
append_highlight (TesseraChart *self,
                  GtkSnapshot  *snapshot)
{
  const TesseraChartGeometry *geometry = &self->geometry;
  const TesseraChartRect *plot = &geometry->plot;
  GdkRGBA guide = _tessera_chart_with_alpha (&self->fg, self->high_contrast ? 0.8 : 0.35);
  guint x = (guint) self->highlight_x;
  cairo_t *cr;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT ((float) plot->x - 20, (float) plot->y - 30,
                                                                 (float) plot->width + 40, (float) plot->height + 60));
  if (self->kind == TESSERA_CHART_LINE)
    {
      double px = tessera_chart_geometry_x (geometry, x);

      cairo_move_to (cr, floor (px) + 0.5, plot->y);
      cairo_line_to (cr, floor (px) + 0.5, plot->y + plot->height);
      cairo_set_line_width (cr, 1);
      gdk_cairo_set_source_rgba (cr, &guide);
      cairo_stroke (cr);

      for (guint s = 0; s < self->series->len; s++)
        {
          const Series *series = &g_array_index (self->series, Series, s);
          GdkRGBA ring = _tessera_chart_get_ring_color (self, &series->color);
          double value, py;

          if (!_tessera_chart_get_value (self, s, x, &value))
            continue;
          py = tessera_chart_geometry_y (geometry, value);
          _tessera_chart_draw_marker (cr, series->marker, px, py, HOVER_RADIUS, &series->color, &ring);
          if (s == self->highlight_series)
            {
              cairo_new_path (cr);
              cairo_arc (cr, px, py, HOVER_RADIUS + 5, 0, 2 * G_PI);
              cairo_set_line_width (cr, 2);
              gdk_cairo_set_source_rgba (cr, &self->fg);
              cairo_stroke (cr);
            }
        }
    }
  else
    {
      TesseraChartRect bar;
      double value;

      if (_tessera_chart_get_value (self, self->highlight_series, x, &value))
        {
          tessera_chart_geometry_bar (geometry, x, self->highlight_series, value, &bar);
          cairo_rectangle (cr, bar.x - 2, bar.y - 2, bar.width + 4, bar.height + 4);
          cairo_set_line_width (cr, 2);
          gdk_cairo_set_source_rgba (cr, &self->fg);
          cairo_stroke (cr);
        }
    }
  cairo_destroy (cr);
}

void
_tessera_chart_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  TesseraChart *self = (TesseraChart *) widget;

  _tessera_chart_ensure_layout (self);
  if (self->node == NULL)
    self->node = create_node (self);
  if (self->highlight_x >= 0 && _tessera_chart_has_data (self) && self->kind == TESSERA_CHART_BAR)
    {
      /* A faint band behind the highlighted group, under the bars. */
      double slot = tessera_chart_geometry_get_slot (&self->geometry);
      GdkRGBA band = _tessera_chart_with_alpha (&self->fg, 0.06);

      gtk_snapshot_append_color (snapshot, &band,
                                 &GRAPHENE_RECT_INIT ((float) (self->geometry.plot.x + slot * self->highlight_x),
                                                      (float) self->geometry.plot.y, (float) slot,
                                                      (float) self->geometry.plot.height));
    }
  gtk_snapshot_append_node (snapshot, self->node);
  if (self->current_x >= 0 && (guint) self->current_x < self->geometry.n_x && _tessera_chart_has_data (self)
      && self->kind == TESSERA_CHART_LINE)
    {
      /* Where the replay stands: a bar in the accent colour, the lines' values read across it. */
      double px = tessera_chart_geometry_x (&self->geometry, (guint) self->current_x);

      gtk_snapshot_append_color (snapshot, &self->accent,
                                 &GRAPHENE_RECT_INIT ((float) (floor (px) - 1), (float) self->geometry.plot.y,
                                                      2, (float) self->geometry.plot.height));
    }
  if (self->highlight_x >= 0 && _tessera_chart_has_data (self))
    append_highlight (self, snapshot);

  if (gtk_widget_has_visible_focus (widget))
    {
      GskRoundedRect ring;
      float widths[4] = { 2, 2, 2, 2 };
      GdkRGBA colors[4] = { self->accent, self->accent, self->accent, self->accent };

      gsk_rounded_rect_init_from_rect (&ring, &GRAPHENE_RECT_INIT (1, 1, gtk_widget_get_width (widget) - 2,
                                                                   gtk_widget_get_height (widget) - 2), 6);
      gtk_snapshot_append_border (snapshot, &ring, widths, colors);
    }
}
