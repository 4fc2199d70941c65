/* tessera-turn-words.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-engine.h"

G_BEGIN_DECLS

/* The engine's turn (src/engine/tessera-turn.h) in the table's words: what to do at each step,
 * the name of each choice, what the wheel did. */

char *tessera_turn_describe_step   (TesseraTurn *self);
char *tessera_turn_describe_choice (TesseraTurn *self,
                                    guint        index);
char *tessera_turn_describe_choice_fully (TesseraTurn *self,
                                          guint        index);
char *tessera_turn_describe_wheel  (TesseraTurn *self);

G_END_DECLS
