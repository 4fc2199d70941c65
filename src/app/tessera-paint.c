/* tessera-paint.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-paint"

#include "config.h"

#include "tessera-paint.h"

#include <math.h>
#include <pango/pangocairo.h>

/* Small painting helpers the art files, the board and the charts share: colours, text that
 * stays sharp and upright at any scale, a star. */

void
tessera_paint_rgba_init (GdkRGBA *rgba,
                         double   red,
                         double   green,
                         double   blue,
                         double   alpha)
{
  rgba->red = (float) red;
  rgba->green = (float) green;
  rgba->blue = (float) blue;
  rgba->alpha = (float) alpha;
}

void
tessera_paint_set_rgb (cairo_t *cr,
                       guint32  rgb)
{
  cairo_set_source_rgb (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                        (rgb & 0xff) / 255.0);
}

void
tessera_paint_set_rgba (cairo_t *cr,
                        guint32  rgb,
                        double   alpha)
{
  cairo_set_source_rgba (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                         (rgb & 0xff) / 255.0, alpha);
}

/* Text at (@x, @y) in user space, @height high, drawn in device space so that it is hinted and
 * shaped properly at any scale; @angle is relative to the device, so 0 is upright on screen. */
void
tessera_paint_text (cairo_t    *cr,
                    const char *text,
                    double      x,
                    double      y,
                    double      height,
                    double      angle,
                    gboolean    bold,
                    guint32     rgb,
                    double      halo)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *desc;
  PangoRectangle ink, logical;
  double dx = height, dy = 0, scale;

  cairo_save (cr);
  cairo_user_to_device (cr, &x, &y);
  cairo_user_to_device_distance (cr, &dx, &dy);
  scale = hypot (dx, dy);
  cairo_identity_matrix (cr);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, angle);

  layout = pango_cairo_create_layout (cr);
  desc = pango_font_description_from_string ("Sans");
  pango_font_description_set_absolute_size (desc, MAX (scale, 1) * PANGO_SCALE * 0.8);
  pango_font_description_set_weight (desc, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_SEMIBOLD);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  cairo_move_to (cr, -ink.x - ink.width / 2.0, -ink.y - ink.height / 2.0);
  if (halo > 0)
    {
      pango_cairo_layout_path (cr, layout);
      cairo_set_line_width (cr, halo * scale);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      tessera_paint_set_rgba (cr, 0xfff8e8, 0.85);
      cairo_stroke (cr);
      cairo_move_to (cr, -ink.x - ink.width / 2.0, -ink.y - ink.height / 2.0);
    }
  tessera_paint_set_rgb (cr, rgb);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

/* A layout of @text @size high in user units, a pixel of a picture or a point on paper alike:
 * the size is absolute, so the surface's resolution does not change it. */
PangoLayout *
tessera_paint_create_layout (cairo_t     *cr,
                             const char  *text,
                             double       size,
                             PangoWeight  weight)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string ("Sans");

  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  pango_font_description_set_weight (desc, weight);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

double
tessera_paint_device_angle (cairo_t *cr)
{
  double dx = 1, dy = 0;

  cairo_user_to_device_distance (cr, &dx, &dy);
  return atan2 (dy, dx);
}

void
tessera_paint_star_path (cairo_t *cr,
                         double   x,
                         double   y,
                         double   r)
{
  for (guint i = 0; i < 10; i++)
    {
      double a = -G_PI / 2 + i * G_PI / 5;
      double rr = (i % 2) ? r * 0.45 : r;

      if (i == 0)
        cairo_move_to (cr, x + rr * cos (a), y + rr * sin (a));
      else
        cairo_line_to (cr, x + rr * cos (a), y + rr * sin (a));
    }
  cairo_close_path (cr);
}
