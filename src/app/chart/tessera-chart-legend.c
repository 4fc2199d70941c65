/* tessera-chart-legend.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-chart"

#include "config.h"

#include "tessera-chart-private.h"

/* The legend: an entry per series, its name beside a swatch that looks like the series, in
 * as many rows as the width asks. While the players' marks are shown, a player's letter comes
 * between the two, as a small key cap like the board's marks. */

#define MARK_PADDING 4.0
#define MARK_GAP     5.0

/* The mark's key cap, its width beside the name; drawn when @snapshot is given. */
static double
layout_mark (TesseraChart *self,
             GtkSnapshot  *snapshot,
             const char   *mark,
             double        x,
             double        y,
             double        height)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoAttrList *attrs;
  int w, h;

  if (mark == NULL)
    return 0;
  layout = _tessera_chart_create_layout (self, mark);
  attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  pango_layout_get_pixel_size (layout, &w, &h);
  if (snapshot != NULL)
    {
      GdkRGBA cap = _tessera_chart_with_alpha (&self->fg, self->high_contrast ? 1 : 0.8);
      GskRoundedRect rect;

      gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT ((float) x, (float) (y + (height - h) / 2),
                                                                   (float) (w + 2 * MARK_PADDING), (float) h),
                                       3.f);
      gtk_snapshot_push_rounded_clip (snapshot, &rect);
      gtk_snapshot_append_color (snapshot, &cap, &rect.bounds);
      gtk_snapshot_pop (snapshot);
      _tessera_chart_append_layout (snapshot, layout, x + MARK_PADDING, y + (height - h) / 2, &self->bg);
    }
  return w + 2 * MARK_PADDING + MARK_GAP;
}

/* Lays out the legend's entries in rows within @width from (@x0, @y0), drawing them when
 * @snapshot is given. Returns the legend's height. */
double
_tessera_chart_layout_legend (TesseraChart *self,
                              GtkSnapshot  *snapshot,
                              double        x0,
                              double        y0,
                              double        width)
{
  double x = x0, y = y0, row_height = 0;
  GdkRGBA text = _tessera_chart_with_alpha (&self->fg, self->high_contrast ? 1 : 0.8);

  if (self->series->len == 0)
    return 0;

  for (guint s = 0; s < self->series->len; s++)
    {
      const Series *series = &g_array_index (self->series, Series, s);
      g_autoptr(PangoLayout) layout = _tessera_chart_create_layout (self, series->name);
      const char *mark = tessera_chart_get_shown_mark (self, s);
      double entry_width, mark_width;
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      mark_width = layout_mark (self, NULL, mark, 0, 0, h);
      pango_layout_set_width (layout, (int) (MAX (width - LEGEND_SWATCH - 6 - mark_width, 1) * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      pango_layout_get_pixel_size (layout, &w, &h);
      entry_width = LEGEND_SWATCH + 6 + mark_width + w;
      row_height = MAX (row_height, h);
      if (x > x0 && x + entry_width > x0 + width)
        {
          x = x0;
          y += row_height + 4;
        }

      if (snapshot != NULL)
        {
          GdkRGBA ring = _tessera_chart_get_ring_color (self, &series->color);
          double cy = y + h / 2.0;
          cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT ((float) x, (float) y,
                                                                                  LEGEND_SWATCH, (float) h));

          /* The entry looks like the series: a stretch of line with its marker, or a bar
           * with the marker inside. */
          if (self->kind == TESSERA_CHART_LINE)
            {
              cairo_move_to (cr, x + 1, cy);
              cairo_line_to (cr, x + LEGEND_SWATCH - 1, cy);
              cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
              if (_tessera_chart_needs_outline (self, &series->color))
                {
                  cairo_set_line_width (cr, 4.5);
                  gdk_cairo_set_source_rgba (cr, &ring);
                  cairo_stroke_preserve (cr);
                }
              cairo_set_line_width (cr, 2.5);
              gdk_cairo_set_source_rgba (cr, &series->color);
              cairo_stroke (cr);
              _tessera_chart_draw_marker (cr, series->marker, x + LEGEND_SWATCH / 2, cy, MARKER_RADIUS, &series->color, &ring);
            }
          else
            {
              GdkRGBA border = _tessera_chart_needs_outline (self, &series->color) ? ring : series->color;
              GdkRGBA on = _tessera_chart_get_on_color (&series->color);

              cairo_rectangle (cr, x + 2.5, cy - 7.5, LEGEND_SWATCH - 5, 15);
              gdk_cairo_set_source_rgba (cr, &series->color);
              cairo_fill_preserve (cr);
              gdk_cairo_set_source_rgba (cr, &border);
              cairo_set_line_width (cr, 1);
              cairo_stroke (cr);
              _tessera_chart_draw_marker (cr, series->marker, x + LEGEND_SWATCH / 2, cy, MARKER_RADIUS - 0.5, &on, &series->color);
            }
          cairo_destroy (cr);
          layout_mark (self, snapshot, mark, x + LEGEND_SWATCH + 6, y, h);
          _tessera_chart_append_layout (snapshot, layout, x + LEGEND_SWATCH + 6 + mark_width, y, &text);
        }
      x += entry_width + LEGEND_SPACING;
    }
  return y + row_height - y0;
}
