/* tessera-bgstats.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "tessera-game.h"

G_BEGIN_DECLS

/* A finished game as a play for BG Stats, the play-logging app: the JSON its "push plays"
 * link takes (tessera-bgstats.c says where the format is documented). */

/* Carcassonne on BoardGameGeek, which BG Stats matches games by. */
#define TESSERA_BGSTATS_BGG_ID 822

JsonNode *tessera_game_to_bgstats  (TesseraGame  *game,
                                    GError      **error);
char     *tessera_bgstats_to_data  (JsonNode     *play);
char     *tessera_bgstats_get_url  (JsonNode     *play);

G_END_DECLS
