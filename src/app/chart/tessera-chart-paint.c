/* tessera-chart-paint.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-chart"

#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "tessera-chart-private.h"

/* What every part of the chart paints with: its text, its colours and the markers that tell
 * its series apart. */

/* Text */

PangoLayout *
_tessera_chart_create_layout (TesseraChart *self,
                              const char   *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  PangoAttrList *attrs = pango_attr_list_new ();

  /* Figures of one width, so that the axis labels line up. */
  pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  return layout;
}

void
_tessera_chart_get_text_size (TesseraChart *self,
                              const char   *text,
                              double       *width,
                              double       *height)
{
  g_autoptr(PangoLayout) layout = _tessera_chart_create_layout (self, text);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  if (width != NULL)
    *width = w;
  if (height != NULL)
    *height = h;
}

void
_tessera_chart_append_layout (GtkSnapshot   *snapshot,
                              PangoLayout   *layout,
                              double         x,
                              double         y,
                              const GdkRGBA *color)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (roundf ((float) x), roundf ((float) y)));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

/* Draws @text with its left edge at @x (or centred on it) and its middle at @y. */
void
_tessera_chart_append_text (TesseraChart  *self,
                            GtkSnapshot   *snapshot,
                            const char    *text,
                            double         x,
                            double         y,
                            double         xalign,
                            const GdkRGBA *color)
{
  g_autoptr(PangoLayout) layout = _tessera_chart_create_layout (self, text);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  _tessera_chart_append_layout (snapshot, layout, x - w * xalign, y - h / 2.0, color);
}

/* Style */

GdkRGBA
_tessera_chart_with_alpha (const GdkRGBA *rgba,
                           double         alpha)
{
  GdkRGBA result = *rgba;

  result.alpha *= (float) alpha;
  return result;
}

static double
luminance (const GdkRGBA *rgba)
{
  double c[3] = { rgba->red, rgba->green, rgba->blue };

  for (guint i = 0; i < 3; i++)
    c[i] = c[i] <= 0.03928 ? c[i] / 12.92 : pow ((c[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/* A series colour too close to the background (a black player in the dark style, a yellow
 * one in the light style) gets an outline in the text colour, as WCAG asks 3:1 for graphics. */
gboolean
_tessera_chart_needs_outline (TesseraChart  *self,
                              const GdkRGBA *color)
{
  double a = luminance (color), b = luminance (&self->bg);

  return (MAX (a, b) + 0.05) / (MIN (a, b) + 0.05) < 3;
}

void
_tessera_chart_update_style (TesseraChart *self)
{
  /* libadwaita's window background and accent, for a style that does not name them */
  static const GdkRGBA dark_bg = { 0.14f, 0.14f, 0.14f, 1.f };
  static const GdkRGBA light_bg = { 0.98f, 0.98f, 0.98f, 1.f };
  static const GdkRGBA blue = { 0.21f, 0.52f, 0.89f, 1.f };
  GtkStyleContext *context;

G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  context = gtk_widget_get_style_context (GTK_WIDGET (self));
  gtk_style_context_get_color (context, &self->fg);
  /* Light text means a dark style, whatever made it so. */
  self->dark = luminance (&self->fg) > 0.3;
  if (!gtk_style_context_lookup_color (context, "window_bg_color", &self->bg))
    {
      if (self->dark)
        self->bg = dark_bg;
      else
        self->bg = light_bg;
    }
  if (!gtk_style_context_lookup_color (context, "accent_color", &self->accent))
    self->accent = blue;
G_GNUC_END_IGNORE_DEPRECATIONS
  self->high_contrast = adw_is_initialized () && adw_style_manager_get_high_contrast (adw_style_manager_get_default ());
}

/* Markers */

static void
path_marker (cairo_t            *cr,
             TesseraChartMarker  marker,
             double              x,
             double              y,
             double              r)
{
  /* The shapes are sized to look about as large as the circle. */
  switch (marker)
    {
    case TESSERA_CHART_MARKER_SQUARE:
      cairo_rectangle (cr, x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8);
      break;
    case TESSERA_CHART_MARKER_TRIANGLE:
      cairo_move_to (cr, x, y - r * 1.25);
      cairo_line_to (cr, x + r * 1.15, y + r * 0.8);
      cairo_line_to (cr, x - r * 1.15, y + r * 0.8);
      cairo_close_path (cr);
      break;
    case TESSERA_CHART_MARKER_DIAMOND:
      cairo_move_to (cr, x, y - r * 1.3);
      cairo_line_to (cr, x + r * 1.1, y);
      cairo_line_to (cr, x, y + r * 1.3);
      cairo_line_to (cr, x - r * 1.1, y);
      cairo_close_path (cr);
      break;
    case TESSERA_CHART_MARKER_CROSS:
      cairo_move_to (cr, x - r, y - r);
      cairo_line_to (cr, x + r, y + r);
      cairo_move_to (cr, x + r, y - r);
      cairo_line_to (cr, x - r, y + r);
      break;
    case TESSERA_CHART_MARKER_CIRCLE:
    default:
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      break;
    }
}

/* A marker filled with @fill and ringed with @ring, which parts it from a line or a
 * neighbour; a cross has no inside, so it is drawn as two strokes. */
void
_tessera_chart_draw_marker (cairo_t            *cr,
                            TesseraChartMarker  marker,
                            double              x,
                            double              y,
                            double              r,
                            const GdkRGBA      *fill,
                            const GdkRGBA      *ring)
{
  cairo_new_path (cr);
  path_marker (cr, marker, x, y, r);
  if (marker == TESSERA_CHART_MARKER_CROSS)
    {
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_width (cr, r * 0.7 + 3);
      gdk_cairo_set_source_rgba (cr, ring);
      cairo_stroke_preserve (cr);
      cairo_set_line_width (cr, r * 0.7);
      gdk_cairo_set_source_rgba (cr, fill);
      cairo_stroke (cr);
      return;
    }
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, 3);
  gdk_cairo_set_source_rgba (cr, ring);
  cairo_stroke_preserve (cr);
  gdk_cairo_set_source_rgba (cr, fill);
  cairo_fill (cr);
}

/* The ring of a marker: the background, or the text colour when the series colour is too
 * close to the background to be seen against it. */
GdkRGBA
_tessera_chart_get_ring_color (TesseraChart  *self,
                               const GdkRGBA *color)
{
  if (_tessera_chart_needs_outline (self, color))
    return _tessera_chart_with_alpha (&self->fg, 0.8);
  return self->bg;
}

/* A marker drawn inside a bar: white while it keeps 3.5:1 against the bar (a luminance up
 * to 0.25), black on lighter bars. */
GdkRGBA
_tessera_chart_get_on_color (const GdkRGBA *color)
{
  static const GdkRGBA black = { 0.f, 0.f, 0.f, 0.85f };
  static const GdkRGBA white = { 1.f, 1.f, 1.f, 1.f };

  return luminance (color) > 0.25 ? black : white;
}
