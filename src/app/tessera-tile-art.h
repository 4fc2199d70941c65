/* tessera-tile-art.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

/* Tiles, followers and figures drawn with cairo from the catalogue's data: no artwork is copied,
 * a tile is painted from its edges and segments. Coordinates are those of a square of @size
 * whose top-left corner is the cairo origin; @rotation is in quarter turns clockwise. */

void     tessera_tile_art_draw            (cairo_t               *cr,
                                           const TesseraTileType *type,
                                           guint                  wheel,
                                           guint                  rotation,
                                           double                 size);
void     tessera_tile_art_draw_segment_highlight (cairo_t               *cr,
                                           const TesseraTileType *type,
                                           guint                  rotation,
                                           guint                  segment,
                                           double                 size,
                                           const GdkRGBA         *rgba);
void     tessera_tile_art_get_segment_point (const TesseraTileType *type,
                                           guint                  rotation,
                                           guint                  segment,
                                           double                *x,
                                           double                *y);
int      tessera_tile_art_segment_at      (const TesseraTileType *type,
                                           guint                  rotation,
                                           double                 x,
                                           double                 y);
void     tessera_tile_art_draw_follower   (cairo_t               *cr,
                                           double                 x,
                                           double                 y,
                                           double                 size,
                                           const GdkRGBA         *rgba,
                                           TesseraFeatureKind     role);
void     tessera_tile_art_player_rgba     (const char            *color,
                                           GdkRGBA               *rgba);

void     tessera_tile_art_get_tower_point (const TesseraTileType *type,
                                           guint                  rotation,
                                           double                *x,
                                           double                *y);
void     tessera_tile_art_draw_tower      (cairo_t               *cr,
                                           double                 x,
                                           double                 y,
                                           double                 size,
                                           guint                  height,
                                           const GdkRGBA         *top);
void     tessera_tile_art_draw_figure     (cairo_t               *cr,
                                           double                 x,
                                           double                 y,
                                           double                 size,
                                           TesseraMagicFigure     figure);

/* The wheel board, in units of one cell from its north-west corner. */
const char *tessera_tile_art_wheel_segment_label (const char           *name);
void     tessera_tile_art_draw_wheel_board (cairo_t                 *cr,
                                           const TesseraWheelBoard *wheel,
                                           double                   cell_size);
void     tessera_tile_art_draw_wheel_board_disc (cairo_t           *cr,
                                           const TesseraWheelBoard *wheel);
void     tessera_tile_art_get_crown_point (const TesseraWheelBoard *wheel,
                                           guint                    segment,
                                           guint                    space,
                                           double                  *x,
                                           double                  *y);
void     tessera_tile_art_get_wheel_segment_point (const TesseraWheelBoard *wheel,
                                           guint                    segment,
                                           double                  *x,
                                           double                  *y);
void     tessera_tile_art_draw_crown_space (cairo_t                *cr,
                                           double                   x,
                                           double                   y,
                                           double                   radius);
void     tessera_tile_art_draw_pig        (cairo_t               *cr,
                                           double                 x,
                                           double                 y,
                                           double                 size);

G_END_DECLS
