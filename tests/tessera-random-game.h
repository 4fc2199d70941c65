/* tessera-random-game.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-engine.h"

G_BEGIN_DECLS

/* Plays a whole legal game with random choices: the tiles come in a shuffled order, every
 * placement is drawn from all legal placements, every follower from all free spots. The same
 * seed gives the same record. */
TesseraRecord *tessera_random_game           (guint32             seed,
                                              guint               n_players);
TesseraRecord *tessera_random_game_with_sets (guint32             seed,
                                              guint               n_players,
                                              const char * const *sets);
TesseraRecord *tessera_random_game_from_header (guint32              seed,
                                                const TesseraRecord *setup);

/* The same game with its decisions taken from @bytes instead (the fuzzer's): which tile comes,
 * where it goes, what the player does with it. It stops where the bytes run out or after
 * @max_turns tiles, a game in progress. */
TesseraRecord *tessera_random_game_from_bytes  (const TesseraRecord *setup,
                                                const guint8        *bytes,
                                                gsize                n_bytes,
                                                guint                max_turns);

G_END_DECLS
