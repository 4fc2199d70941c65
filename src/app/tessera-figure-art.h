/* tessera-figure-art.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

/* Followers (in the player's colour, in the pose of their role), the pig, the mage and the
 * witch, and towers of a height, each drawn in a box of @size centred on (@x, @y). */
void     tessera_figure_art_draw_follower (cairo_t               *cr,
                                           double                 x,
                                           double                 y,
                                           double                 size,
                                           const GdkRGBA         *rgba,
                                           TesseraFeatureKind     role);
void     tessera_figure_art_draw_mark     (cairo_t               *cr,
                                           double                 x,
                                           double                 y,
                                           double                 size,
                                           const char            *mark);
void     tessera_figure_art_player_rgba   (const char            *color,
                                           GdkRGBA               *rgba);
void     tessera_figure_art_draw_swatch   (GtkDrawingArea        *area,
                                           cairo_t               *cr,
                                           int                    width,
                                           int                    height,
                                           gpointer               color);
void     tessera_figure_art_draw_tower    (cairo_t               *cr,
                                           double                 x,
                                           double                 y,
                                           double                 size,
                                           guint                  height,
                                           const GdkRGBA         *top,
                                           const char            *top_mark);
void     tessera_figure_art_draw_figure   (cairo_t               *cr,
                                           double                 x,
                                           double                 y,
                                           double                 size,
                                           TesseraMagicFigure     figure);
void     tessera_figure_art_draw_pig      (cairo_t               *cr,
                                           double                 x,
                                           double                 y,
                                           double                 size);

G_END_DECLS
