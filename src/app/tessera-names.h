/* tessera-names.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

/* Names for people of what records name with ids. */

const char *tessera_set_phrase       (const char          *set);
char       *tessera_sets_phrase      (const GPtrArray     *sets);
char       *tessera_played_phrase    (const TesseraPlayed *played);
const char *tessera_direction_phrase (double               x,
                                      double               y);
const char *tessera_side_phrase      (guint                side);

G_END_DECLS
