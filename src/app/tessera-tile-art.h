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

/* Tiles drawn with cairo from the catalogue's data: no artwork is copied,
 * a tile is painted from its edges and segments. Coordinates are those of a square of @size
 * whose top-left corner is the cairo origin; @rotation is in quarter turns clockwise. */

void     tessera_tile_art_draw            (cairo_t               *cr,
                                           const TesseraTileType *type,
                                           guint                  wheel,
                                           guint                  rotation,
                                           double                 size);
void     tessera_tile_art_draw_entry_func (GtkDrawingArea        *area,
                                           cairo_t               *cr,
                                           int                    width,
                                           int                    height,
                                           gpointer               user_data);
void     tessera_tile_art_draw_segment_highlight (cairo_t               *cr,
                                                  const TesseraTileType *type,
                                                  guint                  rotation,
                                                  guint                  segment,
                                                  double                 size,
                                                  const GdkRGBA         *rgba);
void     tessera_tile_art_draw_board_square (cairo_t             *cr,
                                             const TesseraTileType *square);

G_END_DECLS
