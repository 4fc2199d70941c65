/* tessera-spot-layout.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-spot-layout"

#include "config.h"

#include <math.h>

#include "tessera-spot-layout.h"
#include "tessera-tile-layout.h"

/* A follower stands at its segment's point, but on a tile such as D (a road between two fields
 * beside a city) those points are an eighth of a tile apart: markers drawn there overlap at any
 * zoom. Roads, cities and cloisters are narrow and keep their points; a field is wide, so its
 * marker moves to the nearest point of the field that leaves room. */

#define GRID_STEP 0.02
#define EDGE_MARGIN 0.08

static double
distance_to_placed (const TesseraSpotPlace *places,
                    const gboolean         *placed,
                    guint                   n_places,
                    double                  x,
                    double                  y)
{
  double best = G_MAXDOUBLE;

  for (guint i = 0; i < n_places; i++)
    if (placed[i])
      best = MIN (best, hypot (places[i].x - x, places[i].y - y));
  return best;
}

static void
place_one (const TesseraTileType *type,
           guint                  rotation,
           TesseraSpotPlace      *places,
           gboolean              *placed,
           guint                  n_places,
           guint                  index)
{
  TesseraSpotPlace *place = &places[index];
  double own_x = place->x, own_y = place->y;
  double best_cost = G_MAXDOUBLE, best_x = own_x, best_y = own_y;
  double widest = distance_to_placed (places, placed, n_places, own_x, own_y);
  gboolean found_room = FALSE;

  if (widest >= TESSERA_SPOT_LAYOUT_GAP)
    {
      placed[index] = TRUE;
      return;
    }

  for (double y = EDGE_MARGIN; y <= 1 - EDGE_MARGIN; y += GRID_STEP)
    for (double x = EDGE_MARGIN; x <= 1 - EDGE_MARGIN; x += GRID_STEP)
      {
        double room, cost;

        if (tessera_tile_layout_segment_at (type, rotation, x, y) != (int) place->segment)
          continue;
        room = distance_to_placed (places, placed, n_places, x, y);
        cost = hypot (x - own_x, y - own_y);
        if (room >= TESSERA_SPOT_LAYOUT_GAP)
          {
            /* Enough room: the point nearest to its own. */
            if (!found_room || cost < best_cost)
              {
                found_room = TRUE;
                best_cost = cost;
                best_x = x;
                best_y = y;
              }
          }
        else if (!found_room && room > widest + 1e-9)
          {
            /* A cramped segment: the point with the most room. */
            widest = room;
            best_x = x;
            best_y = y;
          }
      }
  place->x = best_x;
  place->y = best_y;
  placed[index] = TRUE;
}

/**
 * tessera_spot_layout:
 * @type: the tile type
 * @rotation: its rotation, in quarter turns
 * @places: (inout) (array length=n_places): the segments to mark; their points are filled in
 * @n_places: how many
 *
 * Returns: the smallest distance between two markers, in tiles (1 for a single one)
 */
double
tessera_spot_layout (const TesseraTileType *type,
                     guint                  rotation,
                     TesseraSpotPlace      *places,
                     guint                  n_places)
{
  g_autofree gboolean *placed = g_new0 (gboolean, n_places);
  double smallest = 1;

  g_return_val_if_fail (type != NULL, 1);

  for (guint i = 0; i < n_places; i++)
    tessera_tile_layout_get_segment_point (type, rotation, places[i].segment, &places[i].x, &places[i].y);

  /* Narrow features first, at their own points; then the fields around them. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < n_places; i++)
      {
        gboolean field = places[i].segment < type->n_segments
                         && type->segments[places[i].segment].kind == TESSERA_FEATURE_FIELD;

        if (field == (pass == 1))
          place_one (type, rotation, places, placed, n_places, i);
      }

  for (guint i = 0; i < n_places; i++)
    for (guint j = i + 1; j < n_places; j++)
      smallest = MIN (smallest, hypot (places[i].x - places[j].x, places[i].y - places[j].y));
  return smallest;
}

/* The radius of markers whose nearest neighbour is @min_distance away, in tiles. */
double
tessera_spot_layout_radius (double min_distance)
{
  return MIN (TESSERA_SPOT_LAYOUT_MAX_RADIUS, TESSERA_SPOT_LAYOUT_RADIUS_SHARE * min_distance);
}
