/* tessera-spot.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-spot"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tessera-spot.h"

/* World half-side spot names, in TesseraHalf order (Nw Ne En Es Se Sw Ws Wn). */
static const char *half_spots[8] = { "NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW" };
static const char *side_spots[4] = { "N", "E", "S", "W" };

/**
 * tessera_spot_resolve:
 *
 * Returns: the index of the segment of @type that @spot names on a tile placed with @rotation
 *   (quarter turns), or -1 with @error saying why nothing stands there.
 */
int
tessera_spot_resolve (const TesseraTileType *type,
                      guint                  rotation,
                      const char            *spot,
                      GError               **error)
{
  int segment = -1;
  gboolean known = FALSE;

  /* Sides are one letter and half-sides three: look them up by length, not by comparing every
   * name (replay resolves a spot for every follower). */
  if (spot[0] != '\0' && spot[1] == '\0')
    {
      int side = spot[0] == 'N' ? TESSERA_SIDE_N : spot[0] == 'E' ? TESSERA_SIDE_E :
                 spot[0] == 'S' ? TESSERA_SIDE_S : spot[0] == 'W' ? TESSERA_SIDE_W : -1;

      if (side >= 0)
        {
          known = TRUE;
          segment = tessera_tile_type_segment_at_side (type, rotation, (TesseraSide) side);
        }
    }
  else if (spot[0] != '\0' && spot[1] != '\0' && spot[2] != '\0' && spot[3] == '\0')
    for (guint half = 0; half < 8 && !known; half++)
      if (memcmp (spot, half_spots[half], 3) == 0)
        {
          known = TRUE;
          segment = tessera_tile_type_segment_at_half (type, rotation, half);
        }
  if (!known && g_str_equal (spot, "C"))
    {
      known = TRUE;
      segment = type->centre_segment;
      if (segment < 0 && type->tower)
        {
          g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE,
                       _("the centre of tile %s is a tower foundation, where no follower stands"), type->id);
          return -1;
        }
    }
  if (!known)
    {
      segment = tessera_tile_type_find_segment (type, spot);
      known = segment >= 0;
    }

  if (!known)
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE,
                   _("\"%s\" is not a spot: use N, E, S, W, NNE, ENE, ESE, SSE, SSW, WSW, WNW, NNW, C or a segment id of tile %s"),
                   spot, type->id);
      return -1;
    }
  if (segment < 0)
    {
      /* The wheel board's squares are not tiles, and their ids are not for people. */
      if (type->board_square)
        g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE,
                     _("there is no road, city or field at spot %s of the wheel board"), spot);
      else
        g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE,
                     _("there is no road, city, field or cloister at spot %s of tile %s"), spot, type->id);
      return -1;
    }
  return segment;
}

/* The shortest name of a segment on a placed tile: a side, else a half-side, else C, else the
 * catalogue id (a field that reaches no edge). */
const char *
tessera_spot_name (const TesseraTileType *type,
                   guint                  rotation,
                   guint                  segment,
                   char                   buffer[TESSERA_SPOT_NAME_SIZE])
{
  /* Copies of known length: every scoring names its feature's spot. */
  for (guint side = 0; side < 4; side++)
    if (tessera_tile_type_segment_at_side (type, rotation, side) == (int) segment)
      return memcpy (buffer, side_spots[side], 2);
  for (guint half = 0; half < 8; half++)
    if (tessera_tile_type_segment_at_half (type, rotation, half) == (int) segment)
      return memcpy (buffer, half_spots[half], 4);
  if (type->centre_segment == (int) segment)
    return memcpy (buffer, "C", 2);
  g_strlcpy (buffer, type->segments[segment].id, TESSERA_SPOT_NAME_SIZE);
  return buffer;
}
