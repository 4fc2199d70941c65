/* tessera-chart-axes.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-chart"

#include "config.h"

#include <math.h>

#include "tessera-chart-private.h"

/* The axes and where everything goes: the room that the legend, the titles and the labels
 * take at the chart's size, the round ticks of both axes, and the grid, ticks, labels and
 * titles drawn around the plot. */

static char *
dup_tick_label (TesseraChart            *self,
                const TesseraChartTicks *ticks,
                guint                    i)
{
  return tessera_chart_format_value (tessera_chart_ticks_get_value (ticks, i),
                                     tessera_chart_ticks_get_decimals (ticks));
}

/* Layout */

void
_tessera_chart_ensure_layout (TesseraChart *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  TesseraChartGeometry *geometry = &self->geometry;
  double line_height, top, bottom, left, right, label_width = 0, label_overhang = 0;
  double lo, hi;
  gboolean integers;
  guint max_ticks;

  if (self->layout_width == width && self->layout_height == height)
    return;
  self->layout_width = width;
  self->layout_height = height;

  geometry->kind = self->kind;
  geometry->n_series = self->series->len;
  geometry->n_x = tessera_chart_values_get_n_x (self->values);

  _tessera_chart_get_text_size (self, "0", NULL, &line_height);

  self->legend_height = _tessera_chart_layout_legend (self, NULL, PADDING, PADDING, width - 2 * PADDING);
  top = PADDING + self->legend_height;
  if (self->legend_height > 0)
    top += 10;
  if (self->y_title != NULL)
    top += line_height + 4;
  /* Room for the top tick's label, which is centred on its line. */
  top += line_height / 2;

  /* Bar groups have a label each, turned when they do not fit side by side; a line chart
   * labels some points. */
  self->x_labels_height = line_height;
  self->rotate_x_labels = FALSE;
  if (self->kind == TESSERA_CHART_BAR && geometry->n_x > 0)
    {
      /* The value labels are not measured yet: about 40 pixels. */
      double slot = MAX (width - 2 * PADDING - 40, 1) / geometry->n_x;
      double widest = 0, w;

      for (guint i = 0; i < geometry->n_x; i++)
        {
          g_autofree char *label = tessera_chart_dup_x_label (self, i);

          _tessera_chart_get_text_size (self, label, &w, NULL);
          widest = MAX (widest, w);
        }
      if (widest > slot - 6)
        {
          self->rotate_x_labels = TRUE;
          widest = MIN (widest, LABEL_MAX);
          self->x_labels_height = (widest + line_height) * sin (LABEL_ANGLE);
          label_overhang = widest * cos (LABEL_ANGLE) - slot / 2;
        }
    }
  bottom = height - PADDING - self->x_labels_height - TICK_GAP;
  if (self->x_title != NULL)
    bottom -= line_height + 4;

  /* A tick label every two lines and a bit at most. */
  tessera_chart_values_get_range (self->values, &lo, &hi, &integers);
  max_ticks = (guint) MAX ((bottom - top) / (line_height * 2.2), 1) + 1;
  tessera_chart_ticks_init (&self->y_ticks, lo, hi, max_ticks, integers);
  for (guint i = 0; i < self->y_ticks.n_ticks; i++)
    {
      g_autofree char *label = dup_tick_label (self, &self->y_ticks, i);
      double w;

      _tessera_chart_get_text_size (self, label, &w, NULL);
      label_width = MAX (label_width, w);
    }
  /* A turned label of the first group reaches left of the plot. */
  left = PADDING + MAX (label_width + TICK_GAP, label_overhang);
  right = width - PADDING;

  if (self->kind == TESSERA_CHART_LINE && geometry->n_x > 0)
    {
      double widest = 0, w;

      /* Points are labelled at round steps, as far apart as the widest label needs; the
       * last point's label, centred on it, must fit on the right. */
      for (guint i = 0; i < geometry->n_x; i++)
        {
          g_autofree char *label = NULL;

          if (self->x_labels == NULL && i + 1 < geometry->n_x)
            continue;
          label = _tessera_chart_dup_axis_label (self, i);
          _tessera_chart_get_text_size (self, label, &w, NULL);
          widest = MAX (widest, w);
        }
      right -= widest / 2;
      max_ticks = (guint) MAX ((right - left) / (widest + 16), 1) + 1;
      tessera_chart_ticks_init (&self->x_ticks, 0, geometry->n_x - 1, max_ticks, TRUE);
    }

  geometry->plot.x = left;
  geometry->plot.y = top;
  geometry->plot.width = MAX (right - left, 1);
  geometry->plot.height = MAX (bottom - top, 1);
  geometry->y_min = tessera_chart_ticks_get_min (&self->y_ticks);
  geometry->y_max = tessera_chart_ticks_get_max (&self->y_ticks);
}

/* Drawing */

static void
append_hline (GtkSnapshot   *snapshot,
              double         x,
              double         y,
              double         width,
              double         thickness,
              const GdkRGBA *color)
{
  /* On whole pixels, so that a 1 px line stays sharp. */
  float top = floorf ((float) (y - thickness / 2) + 0.5f);

  gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT ((float) x, top, (float) width, (float) thickness));
}

void
_tessera_chart_append_axes (TesseraChart *self,
                            GtkSnapshot  *snapshot)
{
  const TesseraChartGeometry *geometry = &self->geometry;
  const TesseraChartRect *plot = &geometry->plot;
  GdkRGBA grid = _tessera_chart_with_alpha (&self->fg, self->high_contrast ? 0.3 : 0.1);
  GdkRGBA axis = _tessera_chart_with_alpha (&self->fg, self->high_contrast ? 0.9 : 0.45);
  GdkRGBA text = _tessera_chart_with_alpha (&self->fg, self->high_contrast ? 1 : 0.7);
  double line_height;

  _tessera_chart_get_text_size (self, "0", NULL, &line_height);

  /* Value axis: a line at every tick, the zero line stronger. */
  for (guint i = 0; i < self->y_ticks.n_ticks; i++)
    {
      double value = tessera_chart_ticks_get_value (&self->y_ticks, i);
      double y = tessera_chart_geometry_y (geometry, value);
      g_autofree char *label = dup_tick_label (self, &self->y_ticks, i);

      if (value != 0)
        append_hline (snapshot, plot->x, y, plot->width, 1, &grid);
      _tessera_chart_append_text (self, snapshot, label, plot->x - TICK_GAP, y, 1, &text);
    }
  append_hline (snapshot, plot->x, tessera_chart_geometry_y (geometry, 0), plot->width, 1, &axis);

  if (self->y_title != NULL)
    _tessera_chart_append_text (self, snapshot, self->y_title, PADDING,
                                plot->y - line_height / 2 - 4 - line_height / 2, 0, &text);

  /* Horizontal axis: every group of bars, or the points of a line at round steps. */
  if (self->kind == TESSERA_CHART_BAR)
    {
      double slot = tessera_chart_geometry_get_slot (geometry);

      for (guint i = 0; i < geometry->n_x; i++)
        {
          g_autofree char *label = tessera_chart_dup_x_label (self, i);
          g_autoptr(PangoLayout) layout = _tessera_chart_create_layout (self, label);
          double x = tessera_chart_geometry_x (geometry, i);
          double y = plot->y + plot->height + TICK_GAP;
          int w, h;

          if (!self->rotate_x_labels)
            {
              pango_layout_set_width (layout, (int) (MAX (slot - 2, 1) * PANGO_SCALE));
              pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
              pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
              _tessera_chart_append_layout (snapshot, layout, x - (slot - 2) / 2, y, &text);
              continue;
            }

          /* Turned up to the right, the label ends under its group. */
          pango_layout_set_width (layout, (int) (LABEL_MAX * PANGO_SCALE));
          pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
          pango_layout_get_pixel_size (layout, &w, &h);
          gtk_snapshot_save (snapshot);
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) x, (float) (y - TICK_GAP / 2 + h * sin (LABEL_ANGLE) / 2)));
          gtk_snapshot_rotate (snapshot, (float) (-LABEL_ANGLE * 180 / G_PI));
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) -w, (float) (-h / 2.0)));
          gtk_snapshot_append_layout (snapshot, layout, &text);
          gtk_snapshot_restore (snapshot);
        }
    }
  else
    {
      for (guint i = 0; i < self->x_ticks.n_ticks; i++)
        {
          double value = tessera_chart_ticks_get_value (&self->x_ticks, i);
          g_autofree char *label = NULL;
          double x;

          if (value < 0 || value > geometry->n_x - 1)
            continue;
          x = tessera_chart_geometry_x (geometry, (guint) value);
          label = _tessera_chart_dup_axis_label (self, (guint) value);
          gtk_snapshot_append_color (snapshot, &axis, &GRAPHENE_RECT_INIT (floorf ((float) x), (float) (plot->y + plot->height),
                                                                           1, 4));
          _tessera_chart_append_text (self, snapshot, label, x, plot->y + plot->height + TICK_GAP + line_height / 2, 0.5, &text);
        }
    }

  if (self->x_title != NULL)
    _tessera_chart_append_text (self, snapshot, self->x_title, plot->x + plot->width / 2,
                                plot->y + plot->height + TICK_GAP + self->x_labels_height + 4 + line_height / 2, 0.5, &text);
}
