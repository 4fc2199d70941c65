/* tessera-player-item.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "tessera-store.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_PLAYER_ITEM (tessera_player_item_get_type ())

G_DECLARE_FINAL_TYPE (TesseraPlayerItem, tessera_player_item, TESSERA, PLAYER_ITEM, GObject)

TesseraPlayerItem *tessera_player_item_new          (const TesseraPlayerStats *stats);
const char        *tessera_player_item_get_name     (TesseraPlayerItem        *self);
guint              tessera_player_item_get_games    (TesseraPlayerItem        *self);
guint              tessera_player_item_get_wins     (TesseraPlayerItem        *self);
double             tessera_player_item_get_win_rate (TesseraPlayerItem        *self);
double             tessera_player_item_get_average  (TesseraPlayerItem        *self);
int                tessera_player_item_get_best     (TesseraPlayerItem        *self);

G_END_DECLS
