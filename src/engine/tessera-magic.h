/* tessera-magic.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-game.h"

G_BEGIN_DECLS

/* Mage & Witch (Tovenaar en Heks): two figures that make a road or city worth more or less. */

gboolean tessera_game_has_magic          (TesseraGame        *self);
int      tessera_game_get_magic_segment  (TesseraGame        *self,
                                          TesseraMagicFigure  figure);
void     tessera_magic_list_targets      (TesseraBoard       *board,
                                          const int           segments[2],
                                          TesseraMagicFigure  figure,
                                          GArray             *targets);
void     tessera_game_list_magic_targets (TesseraGame           *self,
                                          const TesseraTileType *type,
                                          TesseraCell            cell,
                                          guint                  rotation,
                                          TesseraMagicFigure     figure,
                                          GArray                *targets);

G_END_DECLS
