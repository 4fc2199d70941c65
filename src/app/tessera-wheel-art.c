/* tessera-wheel-art.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-wheel-art"

#include "config.h"

#include "tessera-wheel-art.h"
#include "tessera-paint.h"
#include "tessera-tile-art.h"
#include "tessera-tile-layout.h"

#include <glib/gi18n.h>
#include <math.h>

/* The Wheel of Fortune board: its land squares (painted as tiles), the wheel with its six
 * segments and their icons, and the crown spaces. Positions come from the tile layout. */

static const struct
{
  const char *name;
  const char *label;
  guint32     rgb;
} wheel_segments[] = {
  { "fortuna", N_("Fortuna"), 0xf3d36b },
  { "taxes", N_("Taxes"), 0xe8b872 },
  { "famine", N_("Famine"), 0xd9cf8e },
  { "storm", N_("Storm"), 0xa9bfd8 },
  { "inquisition", N_("Inquisition"), 0xd99a8a },
  { "plague", N_("Plague"), 0xb5c98e },
};

/**
 * tessera_wheel_art_segment_label:
 *
 * The name of a wheel segment for people ("Taxes"), translated.
 */
const char *
tessera_wheel_art_segment_label (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (wheel_segments); i++)
    if (g_str_equal (name, wheel_segments[i].name))
      return _(wheel_segments[i].label);
  return name;
}

static guint32
wheel_segment_rgb (const char *name,
                   guint       index)
{
  for (guint i = 0; i < G_N_ELEMENTS (wheel_segments); i++)
    if (g_str_equal (name, wheel_segments[i].name))
      return wheel_segments[i].rgb;
  return index % 2 ? 0xe8d9b0 : 0xf2e6c4;
}

/* A small icon of what each segment does. */
static void
draw_segment_icon (cairo_t    *cr,
                   const char *name,
                   double      x,
                   double      y,
                   double      s)
{
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, s, s);
  cairo_set_line_width (cr, 0.1);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (g_str_equal (name, "fortuna"))
    {
      for (guint i = 0; i < 8; i++)
        {
          double a = i * G_PI / 4;

          cairo_move_to (cr, cos (a) * 0.3, sin (a) * 0.3);
          cairo_line_to (cr, cos (a) * 0.48, sin (a) * 0.48);
        }
      tessera_paint_set_rgb (cr, 0xb7791f);
      cairo_stroke (cr);
      cairo_arc (cr, 0, 0, 0.24, 0, 2 * G_PI);
      tessera_paint_set_rgb (cr, 0xe9a72c);
      cairo_fill_preserve (cr);
      tessera_paint_set_rgb (cr, 0xb7791f);
      cairo_stroke (cr);
    }
  else if (g_str_equal (name, "taxes"))
    {
      for (guint i = 0; i < 3; i++)
        {
          cairo_save (cr);
          cairo_translate (cr, (i - 1.0) * 0.12, 0.25 - i * 0.2);
          cairo_scale (cr, 1, 0.45);
          cairo_arc (cr, 0, 0, 0.32, 0, 2 * G_PI);
          cairo_restore (cr);
          tessera_paint_set_rgb (cr, 0xe3b23c);
          cairo_fill_preserve (cr);
          tessera_paint_set_rgb (cr, 0x8a5d0c);
          cairo_stroke (cr);
        }
    }
  else if (g_str_equal (name, "famine"))
    {
      cairo_move_to (cr, 0, 0.5);
      cairo_line_to (cr, 0, -0.45);
      tessera_paint_set_rgb (cr, 0x8a6a2a);
      cairo_stroke (cr);
      for (guint i = 0; i < 4; i++)
        for (int side = -1; side <= 1; side += 2)
          {
            cairo_save (cr);
            cairo_translate (cr, side * 0.1, -0.35 + i * 0.18);
            cairo_rotate (cr, side * 0.6);
            cairo_scale (cr, 0.5, 1);
            cairo_arc (cr, 0, 0, 0.12, 0, 2 * G_PI);
            cairo_restore (cr);
          }
      tessera_paint_set_rgb (cr, 0xc9a24a);
      cairo_fill (cr);
    }
  else if (g_str_equal (name, "storm"))
    {
      cairo_arc (cr, -0.15, -0.12, 0.2, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0.12, -0.18, 0.24, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0.3, -0.02, 0.16, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_rectangle (cr, -0.35, -0.08, 0.8, 0.14);
      tessera_paint_set_rgb (cr, 0x5b6b80);
      cairo_fill (cr);
      cairo_move_to (cr, 0.05, 0.06);
      cairo_line_to (cr, -0.08, 0.28);
      cairo_line_to (cr, 0.06, 0.26);
      cairo_line_to (cr, -0.04, 0.5);
      tessera_paint_set_rgb (cr, 0xf2c230);
      cairo_stroke (cr);
    }
  else if (g_str_equal (name, "inquisition"))
    {
      /* a flame */
      cairo_move_to (cr, 0, -0.5);
      cairo_curve_to (cr, 0.15, -0.25, 0.38, -0.05, 0.3, 0.22);
      cairo_curve_to (cr, 0.24, 0.42, 0.1, 0.5, 0, 0.5);
      cairo_curve_to (cr, -0.1, 0.5, -0.3, 0.42, -0.3, 0.2);
      cairo_curve_to (cr, -0.3, 0.0, -0.12, -0.1, -0.08, -0.22);
      cairo_close_path (cr);
      tessera_paint_set_rgb (cr, 0xd4552c);
      cairo_fill (cr);
      cairo_move_to (cr, 0, 0.0);
      cairo_curve_to (cr, 0.1, 0.12, 0.16, 0.25, 0.1, 0.4);
      cairo_curve_to (cr, 0.02, 0.48, -0.14, 0.44, -0.12, 0.3);
      cairo_close_path (cr);
      tessera_paint_set_rgb (cr, 0xf2c230);
      cairo_fill (cr);
    }
  else if (g_str_equal (name, "plague"))
    {
      /* a skull */
      cairo_arc (cr, 0, -0.1, 0.34, 0, 2 * G_PI);
      cairo_rectangle (cr, -0.18, 0.1, 0.36, 0.3);
      tessera_paint_set_rgb (cr, 0xf3eee2);
      cairo_fill (cr);
      tessera_paint_set_rgb (cr, 0x3c3a36);
      cairo_arc (cr, -0.13, -0.08, 0.09, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_arc (cr, 0.13, -0.08, 0.09, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_set_line_width (cr, 0.05);
      for (int i = -1; i <= 1; i++)
        {
          cairo_move_to (cr, i * 0.09, 0.25);
          cairo_line_to (cr, i * 0.09, 0.4);
        }
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

void
tessera_wheel_art_draw_crown_space (cairo_t *cr,
                                    double   x,
                                    double   y,
                                    double   r)
{
  cairo_save (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  tessera_paint_set_rgb (cr, 0x7a1f2b);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, r * 0.14);
  tessera_paint_set_rgb (cr, 0xe9b949);
  cairo_stroke (cr);
  /* a crown */
  cairo_move_to (cr, x - r * 0.55, y + r * 0.35);
  cairo_line_to (cr, x - r * 0.6, y - r * 0.3);
  cairo_line_to (cr, x - r * 0.28, y);
  cairo_line_to (cr, x, y - r * 0.45);
  cairo_line_to (cr, x + r * 0.28, y);
  cairo_line_to (cr, x + r * 0.6, y - r * 0.3);
  cairo_line_to (cr, x + r * 0.55, y + r * 0.35);
  cairo_close_path (cr);
  tessera_paint_set_rgb (cr, 0xf2c94c);
  cairo_fill (cr);
  cairo_restore (cr);
}

/**
 * tessera_wheel_art_draw_disc:
 *
 * Paints the wheel itself (segments, names, icons, crown spaces) over a board whose cells
 * are 1 unit wide, from the board's north-west corner.
 */
void
tessera_wheel_art_draw_disc (cairo_t                 *cr,
                             const TesseraWheelBoard *wheel)
{
  double cx, cy, r = TESSERA_TILE_LAYOUT_WHEEL_RADIUS;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (wheel != NULL);

  tessera_tile_layout_get_wheel_centre (wheel, &cx, &cy);
  cairo_save (cr);

  /* Shadow and wooden rim. */
  cairo_arc (cr, cx + 0.03, cy + 0.05, r + TESSERA_TILE_LAYOUT_WHEEL_RIM, 0, 2 * G_PI);
  tessera_paint_set_rgba (cr, 0x000000, 0.3);
  cairo_fill (cr);
  cairo_arc (cr, cx, cy, r + TESSERA_TILE_LAYOUT_WHEEL_RIM, 0, 2 * G_PI);
  tessera_paint_set_rgb (cr, 0x7b4f2c);
  cairo_fill (cr);
  cairo_arc (cr, cx, cy, r + TESSERA_TILE_LAYOUT_WHEEL_RIM * 0.5, 0, 2 * G_PI);
  cairo_set_line_width (cr, 0.02);
  tessera_paint_set_rgb (cr, 0xa8754a);
  cairo_stroke (cr);

  for (guint s = 0; s < wheel->n_segments; s++)
    {
      const char *name = wheel->segments[s].name;
      double start, end, mid, tx, ty, angle;
      cairo_pattern_t *pattern;
      guint32 rgb = wheel_segment_rgb (name, s);

      tessera_tile_layout_get_wheel_segment_angles (wheel, s, &start, &end);
      mid = (start + end) / 2;
      cairo_move_to (cr, cx, cy);
      cairo_arc (cr, cx, cy, r, start, end);
      cairo_close_path (cr);
      pattern = cairo_pattern_create_radial (cx, cy, 0.2, cx, cy, r);
      cairo_pattern_add_color_stop_rgb (pattern, 0, 0.99, 0.96, 0.88);
      cairo_pattern_add_color_stop_rgb (pattern, 1, ((rgb >> 16) & 0xff) / 255.0,
                                        ((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0);
      cairo_set_source (cr, pattern);
      cairo_fill (cr);
      cairo_pattern_destroy (pattern);

      draw_segment_icon (cr, name, cx + cos (mid) * 0.66, cy + sin (mid) * 0.66, 0.28);

      /* The name along the rim, reading from left to right on either half of the wheel. */
      tx = cx + cos (mid) * 1.05;
      ty = cy + sin (mid) * 1.05;
      angle = mid + G_PI / 2;
      if (sin (mid) > 0.01)
        angle -= G_PI;
      cairo_save (cr);
      cairo_translate (cr, tx, ty);
      cairo_rotate (cr, angle);
      tessera_paint_text (cr, tessera_wheel_art_segment_label (name), 0, 0, 0.19,
                          tessera_paint_device_angle (cr), TRUE, 0x4a2e14, 0);
      cairo_restore (cr);
    }

  /* Spokes between the segments and the hub. */
  cairo_set_line_width (cr, 0.035);
  tessera_paint_set_rgb (cr, 0x7b4f2c);
  for (guint s = 0; s < wheel->n_segments; s++)
    {
      double start, end;

      tessera_tile_layout_get_wheel_segment_angles (wheel, s, &start, &end);
      cairo_move_to (cr, cx + cos (start) * 0.2, cy + sin (start) * 0.2);
      cairo_line_to (cr, cx + cos (start) * r, cy + sin (start) * r);
    }
  cairo_stroke (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  cairo_set_line_width (cr, 0.03);
  cairo_stroke (cr);
  cairo_arc (cr, cx, cy, 0.26, 0, 2 * G_PI);
  tessera_paint_set_rgb (cr, 0xd9a43a);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 0.03);
  tessera_paint_set_rgb (cr, 0x7b4f2c);
  cairo_stroke (cr);
  cairo_arc (cr, cx, cy, 0.08, 0, 2 * G_PI);
  cairo_fill (cr);

  for (guint s = 0; s < wheel->n_segments; s++)
    for (guint c = 0; c < wheel->segments[s].n_crowns; c++)
      {
        double x, y;

        tessera_tile_layout_get_crown_point (wheel, s, c, &x, &y);
        tessera_wheel_art_draw_crown_space (cr, x, y, TESSERA_TILE_LAYOUT_CROWN_RADIUS);
      }
  cairo_restore (cr);
}

/**
 * tessera_wheel_art_draw_board:
 *
 * Paints the whole wheel board, its land squares and the wheel, with cells of @cell_size from
 * the origin.
 */
void
tessera_wheel_art_draw_board (cairo_t                 *cr,
                              const TesseraWheelBoard *wheel,
                              double                   cell_size)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (wheel != NULL);

  cairo_save (cr);
  cairo_scale (cr, cell_size, cell_size);
  for (guint i = 0; i < wheel->width * wheel->height; i++)
    {
      cairo_save (cr);
      cairo_translate (cr, i % wheel->width, i / wheel->width);
      cairo_rectangle (cr, 0, 0, 1, 1);
      cairo_clip (cr);
      tessera_tile_art_draw_board_square (cr, wheel->squares[i]);
      cairo_restore (cr);
    }
  tessera_wheel_art_draw_disc (cr, wheel);
  cairo_restore (cr);
}
