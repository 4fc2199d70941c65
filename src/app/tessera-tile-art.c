/* tessera-tile-art.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-tile-art"

#include "config.h"

#include "tessera-tile-art.h"
#include "tessera-paint.h"
#include "tessera-tile-layout.h"
#include "tessera-wheel-art.h"

#include <math.h>

#define GRID TESSERA_TILE_LAYOUT_GRID

/* Painting follows the tile's layout (tessera-tile-layout.c): the shapes it made are drawn
 * here with cairo, in the same order as the layout's grid was filled. */

static void
rotate_context (cairo_t *cr,
                guint    rotation,
                double   size)
{
  cairo_translate (cr, size / 2, size / 2);
  cairo_rotate (cr, (rotation & 3) * G_PI / 2);
  cairo_translate (cr, -size / 2, -size / 2);
  cairo_scale (cr, size, size);
}

static void
city_path (cairo_t                *cr,
           const TesseraCityShape *city)
{
  for (guint i = 0; i < city->n_outline; i++)
    {
      const TesseraOutlinePart *part = &city->outline[i];

      switch (part->step)
        {
        case TESSERA_OUTLINE_MOVE:
          cairo_move_to (cr, part->x[0], part->y[0]);
          break;
        case TESSERA_OUTLINE_LINE:
          cairo_line_to (cr, part->x[0], part->y[0]);
          break;
        case TESSERA_OUTLINE_CURVE:
        default:
          cairo_curve_to (cr, part->x[0], part->y[0], part->x[1], part->y[1], part->x[2], part->y[2]);
          break;
        }
    }
  cairo_close_path (cr);
}

static void
road_path (cairo_t                *cr,
           const TesseraRoadShape *road)
{
  const TesseraCurve *c = &road->path;

  cairo_move_to (cr, c->x0, c->y0);
  cairo_curve_to (cr, c->x1, c->y1, c->x2, c->y2, c->x3, c->y3);
}

/* Painting helpers */

/* Moves the origin to (@x, @y) and turns user space upright on screen, whatever the tile's
 * rotation: buildings and emblems read better standing up. */
static void
upright_at (cairo_t *cr,
            double   x,
            double   y)
{
  double dx = 1, dy = 0;

  cairo_translate (cr, x, y);
  cairo_user_to_device_distance (cr, &dx, &dy);
  cairo_rotate (cr, -atan2 (dy, dx));
}

static void
draw_house (cairo_t *cr,
            double   x,
            double   y,
            double   size,
            guint32  roof)
{
  double w = size, h = size * 0.7;

  cairo_save (cr);
  upright_at (cr, x, y);
  x = 0;
  y = 0;

  /* Shadow, walls, roof. */
  tessera_paint_set_rgba (cr, 0x000000, 0.18);
  cairo_rectangle (cr, x - w / 2 + size * 0.08, y - h / 2 + size * 0.1, w, h);
  cairo_fill (cr);
  tessera_paint_set_rgb (cr, 0xf1e6cf);
  cairo_rectangle (cr, x - w / 2, y - h / 2 + h * 0.35, w, h * 0.65);
  cairo_fill_preserve (cr);
  tessera_paint_set_rgb (cr, 0x6b5a48);
  cairo_set_line_width (cr, size * 0.08);
  cairo_stroke (cr);
  cairo_move_to (cr, x - w / 2 - size * 0.1, y - h / 2 + h * 0.4);
  cairo_line_to (cr, x, y - h / 2 - size * 0.25);
  cairo_line_to (cr, x + w / 2 + size * 0.1, y - h / 2 + h * 0.4);
  cairo_close_path (cr);
  tessera_paint_set_rgb (cr, roof);
  cairo_fill_preserve (cr);
  tessera_paint_set_rgb (cr, 0x5a3628);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_shield_shape (cairo_t *cr,
                   double   x,
                   double   y,
                   double   size)
{
  double w = size * 0.8;

  cairo_move_to (cr, x - w / 2, y - size / 2);
  cairo_line_to (cr, x + w / 2, y - size / 2);
  cairo_curve_to (cr, x + w / 2, y + size * 0.1, x + w * 0.3, y + size * 0.35, x, y + size / 2);
  cairo_curve_to (cr, x - w * 0.3, y + size * 0.35, x - w / 2, y + size * 0.1, x - w / 2, y - size / 2);
  cairo_close_path (cr);
}

static void
draw_pennant (cairo_t *cr,
              double   x,
              double   y,
              double   size)
{
  cairo_save (cr);
  upright_at (cr, x, y);
  x = 0;
  y = 0;
  tessera_paint_set_rgba (cr, 0x000000, 0.25);
  draw_shield_shape (cr, x + size * 0.06, y + size * 0.08, size);
  cairo_fill (cr);
  draw_shield_shape (cr, x, y, size);
  tessera_paint_set_rgb (cr, 0xf6f3ea);
  cairo_fill_preserve (cr);
  cairo_clip_preserve (cr);
  /* Blue field with a white chevron. */
  cairo_new_path (cr);
  tessera_paint_set_rgb (cr, 0x2d5aa8);
  cairo_rectangle (cr, x - size, y - size, size, size * 2);
  cairo_fill (cr);
  cairo_move_to (cr, x - size, y + size * 0.25);
  cairo_line_to (cr, x, y - size * 0.1);
  cairo_line_to (cr, x + size, y + size * 0.25);
  cairo_set_line_width (cr, size * 0.16);
  tessera_paint_set_rgb (cr, 0xd8b23a);
  cairo_stroke (cr);
  cairo_reset_clip (cr);
  draw_shield_shape (cr, x, y, size);
  cairo_set_line_width (cr, size * 0.09);
  tessera_paint_set_rgb (cr, 0x1f2a44);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_crop_glyph (cairo_t         *cr,
                 TesseraCropKind  kind,
                 double           x,
                 double           y,
                 double           s)
{
  cairo_save (cr);
  upright_at (cr, x, y);
  x = 0;
  y = 0;
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, s * 0.14);
  tessera_paint_set_rgb (cr, 0x6a4a1e);
  switch (kind)
    {
    case TESSERA_CROP_CITY:
      /* a shield */
      draw_shield_shape (cr, x, y, s);
      cairo_stroke (cr);
      break;

    case TESSERA_CROP_ROAD:
      /* a club */
      cairo_move_to (cr, x - s * 0.35, y + s * 0.45);
      cairo_line_to (cr, x + s * 0.05, y - s * 0.05);
      cairo_stroke (cr);
      cairo_arc (cr, x + s * 0.18, y - s * 0.2, s * 0.24, 0, 2 * G_PI);
      cairo_fill (cr);
      break;

    case TESSERA_CROP_FIELD:
      /* a pitchfork */
      cairo_move_to (cr, x, y + s * 0.5);
      cairo_line_to (cr, x, y - s * 0.1);
      cairo_move_to (cr, x - s * 0.28, y - s * 0.5);
      cairo_line_to (cr, x - s * 0.28, y - s * 0.1);
      cairo_line_to (cr, x + s * 0.28, y - s * 0.1);
      cairo_line_to (cr, x + s * 0.28, y - s * 0.5);
      cairo_move_to (cr, x, y - s * 0.5);
      cairo_line_to (cr, x, y - s * 0.1);
      cairo_stroke (cr);
      break;

    case TESSERA_CROP_NONE:
    default:
      break;
    }
  cairo_restore (cr);
}

static void
draw_wheel_badge (cairo_t *cr,
                  double   x,
                  double   y,
                  double   r,
                  guint    number)
{
  char text[8];

  cairo_save (cr);
  tessera_paint_set_rgba (cr, 0x000000, 0.3);
  cairo_arc (cr, x + r * 0.12, y + r * 0.16, r, 0, 2 * G_PI);
  cairo_fill (cr);
  /* A gold wheel: rim with teeth, spokes, and the number over the hub. */
  for (guint i = 0; i < 12; i++)
    {
      double a = i * G_PI / 6;

      cairo_arc (cr, x + cos (a) * r * 0.92, y + sin (a) * r * 0.92, r * 0.16, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
    }
  tessera_paint_set_rgb (cr, 0x9a6b12);
  cairo_fill (cr);
  cairo_arc (cr, x, y, r * 0.9, 0, 2 * G_PI);
  tessera_paint_set_rgb (cr, 0xe7b93a);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, r * 0.12);
  tessera_paint_set_rgb (cr, 0x8a5d0c);
  cairo_stroke (cr);
  cairo_set_line_width (cr, r * 0.07);
  for (guint i = 0; i < 6; i++)
    {
      double a = i * G_PI / 3 + G_PI / 6;

      cairo_move_to (cr, x + cos (a) * r * 0.45, y + sin (a) * r * 0.45);
      cairo_line_to (cr, x + cos (a) * r * 0.85, y + sin (a) * r * 0.85);
    }
  tessera_paint_set_rgba (cr, 0x8a5d0c, 0.7);
  cairo_stroke (cr);
  cairo_arc (cr, x, y, r * 0.55, 0, 2 * G_PI);
  tessera_paint_set_rgb (cr, 0xfbe7a6);
  cairo_fill (cr);
  g_snprintf (text, sizeof text, "%u", number);
  tessera_paint_text (cr, text, x, y, r * 1.1, 0, TRUE, 0x4a3000, 0);
  cairo_restore (cr);
}

static void
draw_tower_foundation (cairo_t *cr,
                       double   x,
                       double   y)
{
  double r = TESSERA_TILE_LAYOUT_TOWER_RADIUS;

  tessera_paint_set_rgba (cr, 0x000000, 0.25);
  cairo_arc (cr, x + 0.012, y + 0.018, r, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  {
    cairo_pattern_t *pattern = cairo_pattern_create_radial (x - r * 0.3, y - r * 0.3, r * 0.1, x, y, r);

    cairo_pattern_add_color_stop_rgb (pattern, 0, 0.80, 0.80, 0.78);
    cairo_pattern_add_color_stop_rgb (pattern, 1, 0.56, 0.56, 0.55);
    cairo_set_source (cr, pattern);
    cairo_fill_preserve (cr);
    cairo_pattern_destroy (pattern);
  }
  cairo_set_line_width (cr, 0.018);
  tessera_paint_set_rgb (cr, 0x4a4a4a);
  cairo_stroke (cr);
  /* Stone joints. */
  cairo_set_line_width (cr, 0.008);
  tessera_paint_set_rgba (cr, 0x3a3a3a, 0.6);
  cairo_arc (cr, x, y, r * 0.55, 0, 2 * G_PI);
  cairo_stroke (cr);
  for (guint i = 0; i < 6; i++)
    {
      double a = i * G_PI / 3 + 0.3;

      cairo_move_to (cr, x + cos (a) * r * 0.55, y + sin (a) * r * 0.55);
      cairo_line_to (cr, x + cos (a) * r, y + sin (a) * r);
    }
  cairo_stroke (cr);
}

static void
draw_cloister (cairo_t *cr)
{
  cairo_save (cr);
  upright_at (cr, 0.5, 0.5);
  cairo_translate (cr, -0.5, -0.5);

  /* Shadow, then the church: nave with a red roof and a small bell tower. */
  tessera_paint_set_rgba (cr, 0x000000, 0.22);
  cairo_rectangle (cr, 0.37, 0.40, 0.30, 0.30);
  cairo_fill (cr);

  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, 0.014);
  cairo_rectangle (cr, 0.36, 0.44, 0.28, 0.22);
  tessera_paint_set_rgb (cr, 0xf3ead6);
  cairo_fill_preserve (cr);
  tessera_paint_set_rgb (cr, 0x5d4a3a);
  cairo_stroke (cr);
  cairo_move_to (cr, 0.33, 0.46);
  cairo_line_to (cr, 0.44, 0.34);
  cairo_line_to (cr, 0.67, 0.34);
  cairo_line_to (cr, 0.67, 0.46);
  cairo_close_path (cr);
  tessera_paint_set_rgb (cr, 0xb8432f);
  cairo_fill_preserve (cr);
  tessera_paint_set_rgb (cr, 0x5d2a1e);
  cairo_stroke (cr);
  /* bell tower */
  cairo_rectangle (cr, 0.40, 0.30, 0.09, 0.20);
  tessera_paint_set_rgb (cr, 0xf3ead6);
  cairo_fill_preserve (cr);
  tessera_paint_set_rgb (cr, 0x5d4a3a);
  cairo_stroke (cr);
  cairo_move_to (cr, 0.385, 0.31);
  cairo_line_to (cr, 0.445, 0.24);
  cairo_line_to (cr, 0.505, 0.31);
  cairo_close_path (cr);
  tessera_paint_set_rgb (cr, 0xb8432f);
  cairo_fill_preserve (cr);
  tessera_paint_set_rgb (cr, 0x5d2a1e);
  cairo_stroke (cr);
  /* door and window */
  tessera_paint_set_rgb (cr, 0x5d3a24);
  cairo_move_to (cr, 0.545, 0.66);
  cairo_line_to (cr, 0.545, 0.58);
  cairo_arc (cr, 0.57, 0.58, 0.025, G_PI, 0);
  cairo_line_to (cr, 0.595, 0.66);
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_arc (cr, 0.445, 0.36, 0.015, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
draw_fields (cairo_t        *cr,
             const TesseraTileLayout *layout)
{
  cairo_pattern_t *pattern = cairo_pattern_create_linear (0, 0, 1, 1);

  cairo_pattern_add_color_stop_rgb (pattern, 0, 0.53, 0.71, 0.33);
  cairo_pattern_add_color_stop_rgb (pattern, 0.5, 0.47, 0.66, 0.29);
  cairo_pattern_add_color_stop_rgb (pattern, 1, 0.42, 0.61, 0.26);
  cairo_set_source (cr, pattern);
  cairo_rectangle (cr, 0, 0, 1, 1);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);

  /* Lighter and darker patches, then tufts of grass. */
  for (guint k = 0; k < 5; k++)
    {
      double x = tessera_tile_layout_jitter (layout->type->index, 100 + k), y = tessera_tile_layout_jitter (layout->type->index, 200 + k);

      tessera_paint_set_rgba (cr, k % 2 ? 0x9cc766 : 0x3f6b25, 0.12);
      cairo_save (cr);
      cairo_translate (cr, x, y);
      cairo_scale (cr, 1, 0.6);
      cairo_arc (cr, 0, 0, 0.12 + 0.1 * tessera_tile_layout_jitter (layout->type->index, 300 + k), 0, 2 * G_PI);
      cairo_restore (cr);
      cairo_fill (cr);
    }
  cairo_set_line_width (cr, 0.008);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  tessera_paint_set_rgba (cr, 0x2f5a1c, 0.45);
  for (guint k = 0; k < 26; k++)
    {
      double x = 0.04 + 0.92 * tessera_tile_layout_jitter (layout->type->index, 2 * k);
      double y = 0.04 + 0.92 * tessera_tile_layout_jitter (layout->type->index, 2 * k + 1);

      cairo_move_to (cr, x - 0.012, y - 0.018);
      cairo_line_to (cr, x, y);
      cairo_line_to (cr, x + 0.01, y - 0.022);
    }
  cairo_stroke (cr);
}

static void
draw_crop_strip (cairo_t        *cr,
                 const TesseraTileLayout *layout)
{
  cairo_set_line_width (cr, 0.15);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  tessera_paint_set_rgb (cr, 0xe2cd84);
  cairo_move_to (cr, layout->strip[0], layout->strip[1]);
  cairo_line_to (cr, layout->strip[2], layout->strip[3]);
  cairo_stroke (cr);
}

static void
draw_crop (cairo_t        *cr,
           const TesseraTileLayout *layout)
{
  double x = layout->crop_x, y = layout->crop_y;

  cairo_arc (cr, x, y, TESSERA_TILE_LAYOUT_CROP_RADIUS, 0, 2 * G_PI);
  tessera_paint_set_rgb (cr, 0xe2cd84);
  cairo_fill_preserve (cr);
  tessera_paint_set_rgb (cr, 0xb39a4c);
  cairo_set_line_width (cr, 0.01);
  cairo_stroke (cr);
  tessera_paint_set_rgba (cr, 0xfbf1c8, 0.9);
  cairo_set_line_width (cr, 0.012);
  for (guint i = 1; i <= 3; i++)
    {
      cairo_arc (cr, x, y, TESSERA_TILE_LAYOUT_CROP_RADIUS * i / 4.0, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
  draw_crop_glyph (cr, layout->type->crop, x, y, 0.1);
}

static void
draw_city (cairo_t         *cr,
           const TesseraTileLayout  *layout,
           const TesseraCityShape *city)
{
  const TesseraTileType *type = layout->type;
  double fx = layout->point_x[city->segment], fy = layout->point_y[city->segment];
  cairo_pattern_t *pattern;

  /* Shadow of the wall on the field, then the town itself. */
  cairo_save (cr);
  cairo_translate (cr, 0.012, 0.018);
  city_path (cr, city);
  cairo_restore (cr);
  tessera_paint_set_rgba (cr, 0x1d2a10, 0.28);
  cairo_fill (cr);

  city_path (cr, city);
  pattern = cairo_pattern_create_radial (fx, fy, 0.02, fx, fy, 0.75);
  cairo_pattern_add_color_stop_rgb (pattern, 0, 0.90, 0.77, 0.55);
  cairo_pattern_add_color_stop_rgb (pattern, 1, 0.76, 0.58, 0.38);
  cairo_set_source (cr, pattern);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);

  /* Shade along the inside of the wall. */
  cairo_save (cr);
  city_path (cr, city);
  cairo_clip (cr);
  tessera_paint_set_rgba (cr, 0x6b4a2a, 0.22);
  cairo_set_line_width (cr, 0.09);
  for (guint w = 0; w < city->n_walls; w++)
    {
      const TesseraCurve *c = &city->walls[w];

      cairo_move_to (cr, c->x0, c->y0);
      cairo_curve_to (cr, c->x1, c->y1, c->x2, c->y2, c->x3, c->y3);
    }
  cairo_stroke (cr);
  cairo_restore (cr);

  for (guint h = 0; h < city->n_houses; h++)
    draw_house (cr, city->house_x[h], city->house_y[h], 0.085, h % 2 ? 0xa4452e : 0xc0593a);

  /* The wall: a dark base with lighter crenellations along the inner edge. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint w = 0; w < city->n_walls; w++)
    {
      const TesseraCurve *c = &city->walls[w];
      double dashes[2] = { 0.022, 0.016 };

      cairo_move_to (cr, c->x0, c->y0);
      cairo_curve_to (cr, c->x1, c->y1, c->x2, c->y2, c->x3, c->y3);
      cairo_set_line_width (cr, 0.05);
      tessera_paint_set_rgb (cr, 0x5b4a3c);
      cairo_stroke_preserve (cr);
      cairo_set_line_width (cr, 0.03);
      tessera_paint_set_rgb (cr, 0xa79a88);
      cairo_stroke_preserve (cr);
      cairo_set_dash (cr, dashes, 2, 0);
      cairo_set_line_width (cr, 0.03);
      tessera_paint_set_rgb (cr, 0xd8cfbf);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  if (type->segments[city->segment].pennants > 0)
    {
      guint n = MIN (type->segments[city->segment].pennants, 3);

      for (guint p = 0; p < n; p++)
        draw_pennant (cr, city->pennant_x + (p - (n - 1) / 2.0) * 0.1, city->pennant_y, 0.11);
    }
}

static void
draw_roads (cairo_t        *cr,
            const TesseraTileLayout *layout)
{
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint pass = 0; pass < 3; pass++)
    for (guint r = 0; r < layout->n_roads; r++)
      {
        const TesseraRoadShape *road = &layout->roads[r];
        gboolean inner_end = road->end != TESSERA_ROAD_END_NONE;

        cairo_set_line_cap (cr, inner_end ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
        road_path (cr, road);
        if (pass == 0)
          {
            cairo_set_line_width (cr, TESSERA_TILE_LAYOUT_ROAD_WIDTH + 0.03);
            tessera_paint_set_rgba (cr, 0x1d2a10, 0.25);
            cairo_save (cr);
            cairo_translate (cr, 0.006, 0.01);
            cairo_stroke (cr);
            cairo_restore (cr);
            cairo_new_path (cr);
          }
        else if (pass == 1)
          {
            cairo_set_line_width (cr, TESSERA_TILE_LAYOUT_ROAD_WIDTH);
            tessera_paint_set_rgb (cr, 0x7c6a54);
            cairo_stroke (cr);
          }
        else
          {
            cairo_set_line_width (cr, TESSERA_TILE_LAYOUT_ROAD_WIDTH - 0.028);
            tessera_paint_set_rgb (cr, 0xe9dfc8);
            cairo_stroke_preserve (cr);
            /* Wheel ruts. */
            cairo_set_line_width (cr, 0.004);
            tessera_paint_set_rgba (cr, 0x9c8a70, 0.5);
            cairo_stroke (cr);
          }
      }

  for (guint r = 0; r < layout->n_roads; r++)
    {
      const TesseraRoadShape *road = &layout->roads[r];

      if (road->end == TESSERA_ROAD_END_CITY_GATE)
        {
          /* A gate arch where the road enters the wall. */
          double x = road->path.x3, y = road->path.y3;

          cairo_save (cr);
          cairo_translate (cr, x, y);
          cairo_rotate (cr, road->gate_angle - G_PI / 2);
          cairo_rectangle (cr, -0.06, -0.03, 0.12, 0.06);
          tessera_paint_set_rgb (cr, 0x9c8f7e);
          cairo_fill_preserve (cr);
          cairo_set_line_width (cr, 0.01);
          tessera_paint_set_rgb (cr, 0x4a3b2e);
          cairo_stroke (cr);
          cairo_move_to (cr, -0.032, -0.03);
          cairo_line_to (cr, -0.032, 0.005);
          cairo_arc_negative (cr, 0, 0.005, 0.032, G_PI, 0);
          cairo_line_to (cr, 0.032, -0.03);
          cairo_close_path (cr);
          tessera_paint_set_rgb (cr, 0x3a2a1e);
          cairo_fill (cr);
          cairo_restore (cr);
        }
      else if (road->end == TESSERA_ROAD_END_HOUSE)
        draw_house (cr, road->path.x3, road->path.y3, 0.1, 0xb0482e);
    }

  if (layout->crossing)
    {
      /* A little village square with a house at the crossroads. */
      cairo_arc (cr, 0.5, 0.5, 0.085, 0, 2 * G_PI);
      tessera_paint_set_rgb (cr, 0xe9dfc8);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 0.012);
      tessera_paint_set_rgb (cr, 0x7c6a54);
      cairo_stroke (cr);
      draw_house (cr, 0.5, 0.505, 0.085, 0xb0482e);
    }
}

static void
draw_geom (cairo_t        *cr,
           const TesseraTileLayout *layout,
           guint           wheel,
           gboolean        with_disc)
{
  const TesseraTileType *type = layout->type;

  draw_fields (cr, layout);
  if (layout->crop_strip)
    draw_crop_strip (cr, layout);
  for (guint c = 0; c < layout->n_cities; c++)
    draw_city (cr, layout, &layout->cities[c]);
  draw_roads (cr, layout);
  if (type->crop != TESSERA_CROP_NONE)
    draw_crop (cr, layout);
  if (type->cloister)
    draw_cloister (cr);
  if (type->tower)
    draw_tower_foundation (cr, layout->tower_x, layout->tower_y);
  if (type->magic)
    {
      tessera_paint_star_path (cr, layout->magic_x, layout->magic_y, 0.065);
      tessera_paint_set_rgb (cr, 0x8e44c9);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 0.012);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      tessera_paint_set_rgb (cr, 0xf4ecff);
      cairo_stroke (cr);
    }
  if (with_disc && layout->wheel != NULL)
    {
      cairo_save (cr);
      cairo_rectangle (cr, 0, 0, 1, 1);
      cairo_clip (cr);
      cairo_translate (cr, -(double) layout->square_x, -(double) layout->square_y);
      tessera_wheel_art_draw_disc (cr, layout->wheel);
      cairo_restore (cr);
    }
  if (wheel > 0)
    {
      /* The badge reads upright whatever the rotation. */
      cairo_save (cr);
      cairo_translate (cr, layout->badge_x, layout->badge_y);
      cairo_rotate (cr, -tessera_paint_device_angle (cr));
      draw_wheel_badge (cr, 0, 0, 0.1, wheel);
      cairo_restore (cr);
    }

  /* A slight bevel so that neighbouring tiles read as separate pieces. */
  cairo_set_line_width (cr, 0.02);
  cairo_rectangle (cr, 0.01, 0.01, 0.98, 0.98);
  tessera_paint_set_rgba (cr, 0xffffff, 0.12);
  cairo_stroke (cr);
  cairo_rectangle (cr, 0.0025, 0.0025, 0.995, 0.995);
  cairo_set_line_width (cr, 0.005);
  tessera_paint_set_rgba (cr, 0x000000, 0.35);
  cairo_stroke (cr);
}

/* Public API */

/**
 * tessera_tile_art_draw:
 * @cr: where to paint
 * @type: the tile type
 * @wheel: its wheel number, 0 for none
 * @rotation: quarter turns clockwise
 * @size: side of the square in user units
 *
 * Paints a tile from its data, in a square of @size from the origin.
 */
void
tessera_tile_art_draw (cairo_t               *cr,
                       const TesseraTileType *type,
                       guint                  wheel,
                       guint                  rotation,
                       double                 size)
{
  const TesseraTileLayout *layout;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (type != NULL);

  layout = tessera_tile_layout_get (type);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, size, size);
  cairo_clip (cr);
  rotate_context (cr, rotation, size);
  draw_geom (cr, layout, wheel, TRUE);
  cairo_restore (cr);
}

/**
 * tessera_tile_art_draw_entry_func:
 * @user_data: the #TesseraBoxEntry to show
 *
 * A #GtkDrawingAreaDrawFunc for the picture of a kind of tile, unturned and centred in the
 * area: the palette, the box's contents and the tiles left all show kinds this way.
 */
void
tessera_tile_art_draw_entry_func (GtkDrawingArea *area,
                                  cairo_t        *cr,
                                  int             width,
                                  int             height,
                                  gpointer        user_data)
{
  const TesseraBoxEntry *entry = user_data;
  double size = MIN (width, height);

  cairo_translate (cr, (width - size) / 2, (height - size) / 2);
  tessera_tile_art_draw (cr, entry->type, entry->wheel, 0, size);
}

/* A segment's area of the layout's grid as an alpha mask, made once per segment and kept. */
static cairo_surface_t *
get_segment_mask (const TesseraTileType *type,
                  guint                  segment)
{
  static GHashTable *masks;
  const TesseraTileLayout *layout = tessera_tile_layout_get (type);
  cairo_surface_t **type_masks;

  if (masks == NULL)
    masks = g_hash_table_new (NULL, NULL);
  type_masks = g_hash_table_lookup (masks, type);
  if (type_masks == NULL)
    {
      type_masks = g_new0 (cairo_surface_t *, TESSERA_MAX_SEGMENTS);
      g_hash_table_insert (masks, (gpointer) type, type_masks);
    }
  if (type_masks[segment] == NULL)
    {
      cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_A8, GRID, GRID);
      unsigned char *data = cairo_image_surface_get_data (mask);
      int stride = cairo_image_surface_get_stride (mask);

      for (guint j = 0; j < GRID; j++)
        for (guint i = 0; i < GRID; i++)
          data[j * stride + i] = layout->labels[j * GRID + i] == (int) segment ? 0xff : 0;
      cairo_surface_mark_dirty (mask);
      type_masks[segment] = mask;
    }
  return type_masks[segment];
}

void
tessera_tile_art_draw_segment_highlight (cairo_t               *cr,
                                         const TesseraTileType *type,
                                         guint                  rotation,
                                         guint                  segment,
                                         double                 size,
                                         const GdkRGBA         *rgba)
{
  cairo_surface_t *mask;
  cairo_pattern_t *pattern;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (type != NULL);
  g_return_if_fail (rgba != NULL);

  if (segment >= type->n_segments)
    return;
  mask = get_segment_mask (type, segment);

  cairo_save (cr);
  rotate_context (cr, rotation, size);
  cairo_scale (cr, 1.0 / GRID, 1.0 / GRID);
  gdk_cairo_set_source_rgba (cr, rgba);
  pattern = cairo_pattern_create_for_surface (mask);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_GOOD);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_PAD);
  cairo_rectangle (cr, 0, 0, GRID, GRID);
  cairo_clip (cr);
  cairo_mask (cr, pattern);
  cairo_pattern_destroy (pattern);
  cairo_restore (cr);
}

/**
 * tessera_tile_art_draw_board_square:
 *
 * Paints the land of a square of the wheel board on the unit square from the origin, without
 * the wheel that lies over it: the board paints the wheel once over all of its squares.
 */
void
tessera_tile_art_draw_board_square (cairo_t               *cr,
                                    const TesseraTileType *square)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (square != NULL);

  draw_geom (cr, tessera_tile_layout_get (square), 0, FALSE);
}
