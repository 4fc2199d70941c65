/* tessera-tiles-left-window.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_TILES_LEFT_WINDOW (tessera_tiles_left_window_get_type ())

G_DECLARE_FINAL_TYPE (TesseraTilesLeftWindow, tessera_tiles_left_window, TESSERA, TILES_LEFT_WINDOW, AdwWindow)

TesseraTilesLeftWindow *tessera_tiles_left_window_new      (GtkWindow              *parent);
void                    tessera_tiles_left_window_set_game (TesseraTilesLeftWindow *self,
                                                            TesseraGame            *game);

G_END_DECLS
