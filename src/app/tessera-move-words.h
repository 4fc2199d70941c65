/* tessera-move-words.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-engine.h"

G_BEGIN_DECLS

/* A move of the log in the table's words, and the followers and features it names.
 *
 * A move is one line of the score log: every event of the game's record (a turn, a tile put
 * back, a ransom, a score correction, the end), numbered from 1 in the order they were entered.
 * The log, the correction ("Correcting move 9"), the replay and every refusal use that number. */

const char *tessera_role_title          (TesseraFeatureKind  kind);
char       *tessera_piece_phrase        (const char         *owner,
                                         TesseraFeatureKind  kind,
                                         const char         *place);
char       *tessera_feature_held_phrase (TesseraGame        *game,
                                         TesseraFeatureKind  kind,
                                         guint               holders,
                                         guint               n_tiles);
char       *tessera_crown_title         (TesseraGame        *game,
                                         guint               segment,
                                         guint               space);
char       *tessera_move_describe       (TesseraGame        *game,
                                         guint               index);
char       *tessera_move_describe_refusal (TesseraGame        *game,
                                           guint               first,
                                           const TesseraEvent *event,
                                           const char         *message);

G_END_DECLS
