/* tessera-spot-layout.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-engine.h"

G_BEGIN_DECLS

/* Where the markers go when a player chooses among spots of one tile: each at its spot's own
 * point where there is room, else moved inside its segment until no two are closer than
 * TESSERA_SPOT_LAYOUT_GAP. Coordinates are on the unit square of the tile, after rotation. */

#define TESSERA_SPOT_LAYOUT_GAP 0.28

/* A marker of a spot needs this much of the tile's width per logical pixel: its radius is this
 * share of the distance to its nearest neighbour, so that two never touch. */
#define TESSERA_SPOT_LAYOUT_RADIUS_SHARE 0.36
#define TESSERA_SPOT_LAYOUT_MAX_RADIUS 0.13

typedef struct
{
  guint  segment;   /* in: the tile type's segment */
  double x;         /* out */
  double y;         /* out */
} TesseraSpotPlace;

double tessera_spot_layout        (const TesseraTileType *type,
                                   guint                  rotation,
                                   TesseraSpotPlace      *places,
                                   guint                  n_places);
double tessera_spot_layout_radius (double                 min_distance);

G_END_DECLS
