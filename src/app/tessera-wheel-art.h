/* tessera-wheel-art.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

/* The Wheel of Fortune board, in units of one cell from its north-west corner. */
const char *tessera_wheel_art_segment_label (const char              *name);
void        tessera_wheel_art_draw_board    (cairo_t                 *cr,
                                             const TesseraWheelBoard *wheel,
                                             double                   cell_size);
void        tessera_wheel_art_draw_disc     (cairo_t                 *cr,
                                             const TesseraWheelBoard *wheel);
void        tessera_wheel_art_draw_crown_space (cairo_t              *cr,
                                                double                   x,
                                                double                   y,
                                                double                   radius);

G_END_DECLS
