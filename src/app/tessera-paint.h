/* tessera-paint.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void   tessera_paint_rgba_init     (GdkRGBA    *rgba,
                                    double      red,
                                    double      green,
                                    double      blue,
                                    double      alpha);
void   tessera_paint_set_rgb       (cairo_t    *cr,
                                    guint32     rgb);
void   tessera_paint_set_rgba      (cairo_t    *cr,
                                    guint32     rgb,
                                    double      alpha);
void   tessera_paint_text          (cairo_t    *cr,
                                    const char *text,
                                    double      x,
                                    double      y,
                                    double      height,
                                    double      angle,
                                    gboolean    bold,
                                    guint32     rgb,
                                    double      halo);
PangoLayout *tessera_paint_create_layout (cairo_t     *cr,
                                          const char  *text,
                                          double       size,
                                          PangoWeight  weight);
double tessera_paint_device_angle  (cairo_t    *cr);
void   tessera_paint_star_path     (cairo_t    *cr,
                                    double      x,
                                    double      y,
                                    double      r);

G_END_DECLS
