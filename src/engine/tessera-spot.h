/* tessera-spot.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-catalogue.h"

G_BEGIN_DECLS

/* Spots name where a piece stands on a placed tile, in world orientation: the sides N E S W,
 * the half-sides NNE ENE ESE SSE SSW WSW WNW NNW, the centre C, or a catalogue segment id
 * such as "c1" that does not depend on the rotation. */

#define TESSERA_SPOT_NAME_SIZE 16

int         tessera_spot_resolve (const TesseraTileType *type,
                                  guint                  rotation,
                                  const char            *spot,
                                  GError               **error);
int         tessera_spot_resolve_id (const TesseraTileType *type,
                                     guint                  rotation,
                                     const char            *spot,
                                     GError               **error);
const char *tessera_spot_name    (const TesseraTileType *type,
                                  guint                  rotation,
                                  guint                  segment,
                                  char                   buffer[TESSERA_SPOT_NAME_SIZE]);

G_END_DECLS
