/* tessera-figure-art.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-figure-art"

#include "config.h"

#include "tessera-figure-art.h"
#include "tessera-paint.h"
#include "tessera-tile-layout.h"

#include <math.h>
#include <pango/pangocairo.h>

/* Followers, the pig, the mage and the witch, and towers, drawn with cairo: no artwork is
 * copied. */

/* A meeple in a unit box centred on the origin, feet at +0.5. */
static void
meeple_path (cairo_t *cr)
{
  cairo_move_to (cr, 0, 0.16);
  /* right leg */
  cairo_curve_to (cr, 0.04, 0.16, 0.09, 0.34, 0.11, 0.5);
  cairo_line_to (cr, 0.34, 0.5);
  cairo_curve_to (cr, 0.36, 0.46, 0.22, 0.22, 0.19, 0.05);
  /* right arm */
  cairo_curve_to (cr, 0.25, 0.08, 0.36, 0.10, 0.40, 0.05);
  cairo_curve_to (cr, 0.46, -0.02, 0.41, -0.12, 0.33, -0.13);
  cairo_curve_to (cr, 0.25, -0.15, 0.18, -0.19, 0.11, -0.2);
  /* head */
  cairo_curve_to (cr, 0.18, -0.25, 0.19, -0.34, 0.16, -0.39);
  cairo_curve_to (cr, 0.12, -0.48, -0.12, -0.48, -0.16, -0.39);
  cairo_curve_to (cr, -0.19, -0.34, -0.18, -0.25, -0.11, -0.2);
  /* left arm */
  cairo_curve_to (cr, -0.18, -0.19, -0.25, -0.15, -0.33, -0.13);
  cairo_curve_to (cr, -0.41, -0.12, -0.46, -0.02, -0.40, 0.05);
  cairo_curve_to (cr, -0.36, 0.10, -0.25, 0.08, -0.19, 0.05);
  /* left leg */
  cairo_curve_to (cr, -0.22, 0.22, -0.36, 0.46, -0.34, 0.5);
  cairo_line_to (cr, -0.11, 0.5);
  cairo_curve_to (cr, -0.09, 0.34, -0.04, 0.16, 0, 0.16);
  cairo_close_path (cr);
}

/* A monk: a hooded figure in a long robe. */
static void
monk_path (cairo_t *cr)
{
  cairo_move_to (cr, 0, -0.5);
  cairo_curve_to (cr, 0.14, -0.46, 0.2, -0.36, 0.19, -0.24);
  cairo_curve_to (cr, 0.30, -0.18, 0.42, -0.08, 0.44, 0.04);
  cairo_curve_to (cr, 0.45, 0.10, 0.36, 0.12, 0.30, 0.08);
  cairo_curve_to (cr, 0.34, 0.25, 0.38, 0.40, 0.40, 0.5);
  cairo_line_to (cr, -0.40, 0.5);
  cairo_curve_to (cr, -0.38, 0.40, -0.34, 0.25, -0.30, 0.08);
  cairo_curve_to (cr, -0.36, 0.12, -0.45, 0.10, -0.44, 0.04);
  cairo_curve_to (cr, -0.42, -0.08, -0.30, -0.18, -0.19, -0.24);
  cairo_curve_to (cr, -0.2, -0.36, -0.14, -0.46, 0, -0.5);
  cairo_close_path (cr);
}

static void
follower_path (cairo_t            *cr,
               TesseraFeatureKind  role)
{
  if (role == TESSERA_FEATURE_CLOISTER)
    monk_path (cr);
  else
    meeple_path (cr);
}

static double
luminance (const GdkRGBA *rgba)
{
  return 0.2126 * rgba->red + 0.7152 * rgba->green + 0.0722 * rgba->blue;
}

void
tessera_figure_art_draw_follower (cairo_t            *cr,
                                  double              x,
                                  double              y,
                                  double              size,
                                  const GdkRGBA      *rgba,
                                  TesseraFeatureKind  role)
{
  gboolean dark = luminance (rgba) < 0.2;
  cairo_pattern_t *pattern;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (rgba != NULL);

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, size, size);
  if (role == TESSERA_FEATURE_FIELD)
    {
      /* A farmer lies on his back: the meeple turned, a little shorter. */
      cairo_rotate (cr, -G_PI / 2);
      cairo_scale (cr, 0.92, 1.0);
    }

  /* Soft shadow, outline, body with a light from the top left. */
  cairo_save (cr);
  cairo_translate (cr, role == TESSERA_FEATURE_FIELD ? -0.06 : 0.06, 0.07);
  follower_path (cr, role);
  cairo_restore (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_fill (cr);

  follower_path (cr, role);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  pattern = cairo_pattern_create_linear (-0.4, -0.5, 0.4, 0.5);
  cairo_pattern_add_color_stop_rgb (pattern, 0, MIN (1, rgba->red * 1.15 + 0.08),
                                    MIN (1, rgba->green * 1.15 + 0.08), MIN (1, rgba->blue * 1.15 + 0.08));
  cairo_pattern_add_color_stop_rgb (pattern, 1, rgba->red * 0.8, rgba->green * 0.8, rgba->blue * 0.8);
  cairo_set_source (cr, pattern);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (pattern);
  cairo_set_line_width (cr, 0.07);
  if (dark)
    cairo_set_source_rgb (cr, 0.9, 0.9, 0.88);
  else
    cairo_set_source_rgb (cr, 0.1, 0.09, 0.08);
  cairo_stroke (cr);

  /* What they do: a thief's mask, a knight's sword, a monk's rope belt. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  if (role == TESSERA_FEATURE_ROAD)
    {
      cairo_move_to (cr, -0.15, -0.33);
      cairo_curve_to (cr, -0.05, -0.3, 0.05, -0.3, 0.15, -0.33);
      cairo_set_line_width (cr, 0.08);
      cairo_set_source_rgba (cr, 0.08, 0.08, 0.08, 0.9);
      if (dark)
        cairo_set_source_rgba (cr, 0.85, 0.85, 0.85, 0.9);
      cairo_stroke (cr);
    }
  else if (role == TESSERA_FEATURE_CITY)
    {
      cairo_move_to (cr, 0, -0.08);
      cairo_line_to (cr, 0, 0.2);
      cairo_move_to (cr, -0.07, -0.02);
      cairo_line_to (cr, 0.07, -0.02);
      cairo_set_line_width (cr, 0.05);
      if (dark)
        cairo_set_source_rgba (cr, 0.9, 0.9, 0.9, 0.9);
      else
        cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
      cairo_stroke (cr);
    }
  else if (role == TESSERA_FEATURE_CLOISTER)
    {
      cairo_move_to (cr, -0.25, 0.06);
      cairo_curve_to (cr, -0.1, 0.1, 0.1, 0.1, 0.25, 0.06);
      cairo_move_to (cr, 0.05, 0.09);
      cairo_line_to (cr, 0.08, 0.28);
      cairo_set_line_width (cr, 0.04);
      cairo_set_source_rgba (cr, 0.95, 0.88, 0.62, 0.95);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

/**
 * tessera_figure_art_draw_mark:
 * @mark: (nullable): the player's mark, one or two characters
 *
 * The player's mark as a tag on a follower that tessera_figure_art_draw_follower() drew at
 * (@x, @y) in a box of @size: black on white whatever the player's colour, upright whatever the pose,
 * at the follower's lower right and as large as the follower's box leaves room for, so that
 * it stays readable where the follower itself is small.
 */
void
tessera_figure_art_draw_mark (cairo_t    *cr,
                              double      x,
                              double      y,
                              double      size,
                              const char *mark)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *desc;
  PangoRectangle ink, logical;
  double dx, dy = 0, scale, pad, w, h;

  g_return_if_fail (cr != NULL);

  if (mark == NULL || *mark == '\0')
    return;
  x += size * (g_utf8_strlen (mark, -1) > 1 ? 0.3 : 0.38);
  y += size * 0.4;

  /* In device space, as tessera_paint_text(): hinted and upright at any scale. */
  cairo_save (cr);
  dx = size * 0.5;
  cairo_user_to_device (cr, &x, &y);
  cairo_user_to_device_distance (cr, &dx, &dy);
  scale = hypot (dx, dy);
  cairo_identity_matrix (cr);
  cairo_translate (cr, x, y);
  layout = pango_cairo_create_layout (cr);
  desc = pango_font_description_from_string ("Sans");
  pango_font_description_set_absolute_size (desc, MAX (scale, 1) * PANGO_SCALE);
  pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, mark, -1);
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  pad = MAX (scale * 0.18, 1);
  w = ink.width + 2 * pad;
  h = MAX (ink.height, scale * 0.72) + 2 * pad;

  cairo_new_sub_path (cr);
  cairo_arc (cr, -w / 2 + pad, -h / 2 + pad, pad, G_PI, 1.5 * G_PI);
  cairo_arc (cr, w / 2 - pad, -h / 2 + pad, pad, 1.5 * G_PI, 2 * G_PI);
  cairo_arc (cr, w / 2 - pad, h / 2 - pad, pad, 0, 0.5 * G_PI);
  cairo_arc (cr, -w / 2 + pad, h / 2 - pad, pad, 0.5 * G_PI, G_PI);
  cairo_close_path (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (scale * 0.08, 1));
  cairo_set_source_rgb (cr, 0.1, 0.09, 0.08);
  cairo_stroke (cr);
  cairo_move_to (cr, -ink.x - ink.width / 2.0, -ink.y - ink.height / 2.0);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

void
tessera_figure_art_player_rgba (const char *color,
                                GdkRGBA    *rgba)
{
  static const struct
  {
    const char *name;
    guint32     rgb;
  } colors[] = {
    { "red", 0xd8432f },
    { "blue", 0x2f6fd0 },
    { "green", 0x2e9e4a },
    { "yellow", 0xf2c230 },
    { "black", 0x2b2b30 },
    { "gray", 0x9a9ca3 },
    { "pink", 0xf08cb8 },
    { "purple", 0x8a4fc4 },
  };
  guint32 rgb = 0x9a9ca3;

  g_return_if_fail (rgba != NULL);

  for (guint i = 0; color != NULL && i < G_N_ELEMENTS (colors); i++)
    if (g_str_equal (color, colors[i].name))
      rgb = colors[i].rgb;
  rgba->red = ((rgb >> 16) & 0xff) / 255.0f;
  rgba->green = ((rgb >> 8) & 0xff) / 255.0f;
  rgba->blue = (rgb & 0xff) / 255.0f;
  rgba->alpha = 1;
}

/**
 * tessera_figure_art_draw_swatch:
 * @color: (type utf8): a player's colour, as records name it
 *
 * A #GtkDrawingAreaDrawFunc: the player's follower filling the area, where a player is listed.
 */
void
tessera_figure_art_draw_swatch (GtkDrawingArea *area,
                                cairo_t        *cr,
                                int             width,
                                int             height,
                                gpointer        color)
{
  GdkRGBA rgba;

  tessera_figure_art_player_rgba (color, &rgba);
  tessera_figure_art_draw_follower (cr, width / 2.0, height / 2.0, MIN (width, height), &rgba, TESSERA_FEATURE_CITY);
}


/* The shadow a figure casts on the ground: a flat ellipse @radius wide, @squash as high, at
 * (@x, @y). */
static void
fill_shadow (cairo_t *cr,
             double   x,
             double   y,
             double   radius,
             double   squash,
             double   alpha)
{
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, 1, squash);
  cairo_arc (cr, 0, 0, radius, 0, 2 * G_PI);
  cairo_restore (cr);
  tessera_paint_set_rgba (cr, 0x000000, alpha);
  cairo_fill (cr);
}

void
tessera_figure_art_draw_pig (cairo_t *cr,
                             double   x,
                             double   y,
                             double   size)
{
  g_return_if_fail (cr != NULL);

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, size, size);
  cairo_set_line_width (cr, 0.05);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  fill_shadow (cr, 0.05, 0.3, 0.45, 0.25, 0.3);

  /* legs, body, head, ear, snout, tail */
  for (int i = -1; i <= 1; i += 2)
    {
      cairo_rectangle (cr, i * 0.22 - 0.06, 0.05, 0.12, 0.27);
      cairo_rectangle (cr, i * 0.22 - 0.06 + 0.05, 0.05, 0.1, 0.24);
    }
  tessera_paint_set_rgb (cr, 0xd9748f);
  cairo_fill_preserve (cr);
  tessera_paint_set_rgb (cr, 0x6e2a3c);
  cairo_stroke (cr);
  cairo_save (cr);
  cairo_scale (cr, 1, 0.72);
  cairo_arc (cr, -0.02, -0.02, 0.38, 0, 2 * G_PI);
  cairo_restore (cr);
  tessera_paint_set_rgb (cr, 0xf2a2b8);
  cairo_fill_preserve (cr);
  tessera_paint_set_rgb (cr, 0x6e2a3c);
  cairo_stroke (cr);
  cairo_arc (cr, 0.36, -0.1, 0.16, 0, 2 * G_PI);
  tessera_paint_set_rgb (cr, 0xf2a2b8);
  cairo_fill_preserve (cr);
  tessera_paint_set_rgb (cr, 0x6e2a3c);
  cairo_stroke (cr);
  cairo_move_to (cr, 0.28, -0.22);
  cairo_line_to (cr, 0.3, -0.36);
  cairo_line_to (cr, 0.4, -0.24);
  cairo_close_path (cr);
  tessera_paint_set_rgb (cr, 0xe58aa3);
  cairo_fill_preserve (cr);
  tessera_paint_set_rgb (cr, 0x6e2a3c);
  cairo_stroke (cr);
  cairo_save (cr);
  cairo_translate (cr, 0.5, -0.07);
  cairo_scale (cr, 0.6, 1);
  cairo_arc (cr, 0, 0, 0.08, 0, 2 * G_PI);
  cairo_restore (cr);
  tessera_paint_set_rgb (cr, 0xe58aa3);
  cairo_fill_preserve (cr);
  tessera_paint_set_rgb (cr, 0x6e2a3c);
  cairo_stroke (cr);
  cairo_arc (cr, 0.4, -0.14, 0.025, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_move_to (cr, -0.39, -0.05);
  cairo_curve_to (cr, -0.5, -0.12, -0.5, 0.02, -0.42, -0.02);
  cairo_curve_to (cr, -0.38, -0.06, -0.5, -0.2, -0.52, -0.12);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
tessera_figure_art_draw_figure (cairo_t            *cr,
                                double              x,
                                double              y,
                                double              size,
                                TesseraMagicFigure  figure)
{
  guint32 robe = figure == TESSERA_MAGIC_MAGE ? 0x7b3fc4 : 0x24472e;
  guint32 trim = figure == TESSERA_MAGIC_MAGE ? 0xf2d46b : 0xb9e07a;

  g_return_if_fail (cr != NULL);

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, size, size);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  fill_shadow (cr, 0.05, 0.47, 0.3, 0.2, 0.35);

  /* A robe, a face, a tall pointed hat with a brim; the witch's hat bends. */
  cairo_move_to (cr, -0.12, -0.12);
  cairo_curve_to (cr, -0.2, 0.1, -0.3, 0.35, -0.32, 0.5);
  cairo_line_to (cr, 0.32, 0.5);
  cairo_curve_to (cr, 0.3, 0.35, 0.2, 0.1, 0.12, -0.12);
  cairo_close_path (cr);
  tessera_paint_set_rgb (cr, robe);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 0.05);
  tessera_paint_set_rgb (cr, 0xf6f0ff);
  cairo_stroke (cr);
  cairo_arc (cr, 0, -0.14, 0.11, 0, 2 * G_PI);
  tessera_paint_set_rgb (cr, 0xf1d2b0);
  cairo_fill_preserve (cr);
  tessera_paint_set_rgb (cr, 0x3a2a20);
  cairo_set_line_width (cr, 0.03);
  cairo_stroke (cr);
  cairo_move_to (cr, -0.24, -0.2);
  cairo_line_to (cr, 0.24, -0.2);
  cairo_line_to (cr, 0.12, -0.26);
  if (figure == TESSERA_MAGIC_MAGE)
    cairo_line_to (cr, 0, -0.56);
  else
    cairo_curve_to (cr, 0.05, -0.4, 0.1, -0.48, 0.22, -0.52);
  cairo_line_to (cr, -0.12, -0.26);
  cairo_close_path (cr);
  tessera_paint_set_rgb (cr, robe);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 0.05);
  tessera_paint_set_rgb (cr, 0xf6f0ff);
  cairo_stroke (cr);
  /* a star or a broom */
  if (figure == TESSERA_MAGIC_MAGE)
    {
      tessera_paint_star_path (cr, 0, 0.18, 0.1);
      tessera_paint_set_rgb (cr, trim);
      cairo_fill (cr);
    }
  else
    {
      cairo_move_to (cr, -0.34, -0.05);
      cairo_line_to (cr, 0.3, 0.42);
      cairo_set_line_width (cr, 0.05);
      tessera_paint_set_rgb (cr, 0x8a5a2b);
      cairo_stroke (cr);
      cairo_move_to (cr, 0.24, 0.36);
      cairo_line_to (cr, 0.46, 0.4);
      cairo_line_to (cr, 0.36, 0.56);
      cairo_close_path (cr);
      tessera_paint_set_rgb (cr, trim);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

/**
 * tessera_figure_art_draw_tower:
 * @top: (nullable): the colour of the follower closing the tower
 * @top_mark: (nullable): its player's mark, when marks are shown
 *
 * A tower of @height floors standing with its base centred at (@x, @y), @size the side of the
 * tile it stands on.
 */
void
tessera_figure_art_draw_tower (cairo_t       *cr,
                               double         x,
                               double         y,
                               double         size,
                               guint          height,
                               const GdkRGBA *top,
                               const char    *top_mark)
{
  double w = size * 0.24, floor_h = size * 0.06;
  guint shown = MIN (height, 8);
  char text[16];

  g_return_if_fail (cr != NULL);

  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  /* Shadow to the lower right, then the stones from the bottom up. */
  tessera_paint_set_rgba (cr, 0x000000, 0.3);
  cairo_save (cr);
  cairo_translate (cr, x + size * 0.05, y + size * 0.04);
  cairo_scale (cr, 1, 0.45);
  cairo_arc (cr, 0, 0, w * 0.7, 0, 2 * G_PI);
  cairo_restore (cr);
  cairo_fill (cr);
  for (guint i = 0; i < shown; i++)
    {
      double by = y - i * floor_h;

      cairo_rectangle (cr, x - w / 2, by - floor_h, w, floor_h);
      tessera_paint_set_rgb (cr, i % 2 ? 0xb9b6ae : 0xcac7bf);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, size * 0.008);
      tessera_paint_set_rgb (cr, 0x4c4a45);
      cairo_stroke (cr);
      cairo_move_to (cr, x + (i % 2 ? -w / 6 : w / 6), by - floor_h);
      cairo_line_to (cr, x + (i % 2 ? -w / 6 : w / 6), by);
      cairo_stroke (cr);
    }
  /* Battlements. */
  {
    double ty = y - shown * floor_h;

    for (guint i = 0; i < 3; i++)
      cairo_rectangle (cr, x - w / 2 + i * w * 0.4, ty - floor_h * 0.6, w * 0.2, floor_h * 0.6);
    tessera_paint_set_rgb (cr, 0xcac7bf);
    cairo_fill_preserve (cr);
    tessera_paint_set_rgb (cr, 0x4c4a45);
    cairo_stroke (cr);

    if (top != NULL)
      {
        tessera_figure_art_draw_follower (cr, x, ty - size * 0.13, size * 0.24, top, TESSERA_FEATURE_CITY);
        tessera_figure_art_draw_mark (cr, x, ty - size * 0.13, size * 0.24, top_mark);
      }
  }

  g_snprintf (text, sizeof text, "%u", height);
  tessera_paint_text (cr, text, x + w * 0.95, y - floor_h * 0.2, size * 0.14, 0, TRUE, 0x1e1e1e, 0.35);
  cairo_restore (cr);
}
