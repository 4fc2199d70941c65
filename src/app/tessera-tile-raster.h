/* tessera-tile-raster.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-tile-layout.h"

G_BEGIN_DECLS

/* Filling shapes into a tile layout's label grid (TESSERA_TILE_LAYOUT_GRID squares a side) as a
 * drawing library fills them without antialiasing: a square is inside when its centre is.
 * Each call overwrites what the shape covers, so shapes go in drawing order. */

void tessera_tile_raster_fill_outline (gint8                  *labels,
                                       const TesseraCityShape *city,
                                       int                     label);
void tessera_tile_raster_fill_band    (gint8                  *labels,
                                       const TesseraCurve     *curve,
                                       double                  width,
                                       int                     label);
void tessera_tile_raster_fill_square  (gint8                  *labels,
                                       double                  low,
                                       double                  high,
                                       int                     label);
void tessera_tile_raster_fill_disc    (gint8                  *labels,
                                       double                  cx,
                                       double                  cy,
                                       double                  radius,
                                       int                     label);

G_END_DECLS
