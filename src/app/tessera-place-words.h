/* tessera-place-words.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-engine.h"

G_BEGIN_DECLS

/* Where a cell lies, said from something everyone at the table sees: the tile just placed, a
 * tower, the wheel board or the start tile. Never coordinates: nobody at a table counts them. */

typedef struct
{
  TesseraGame *game;         /* the start: its wheel board, or the start tile at [0, 0] */
  gboolean     has_placed;
  TesseraCell  placed;       /* the tile just placed */
  gboolean     has_tower;
  TesseraCell  tower;        /* the tower a move builds on: where its captures are said from */
} TesseraPlace;

void  tessera_place_init       (TesseraPlace      *place,
                                TesseraGame       *game);
char *tessera_place_describe   (const TesseraPlace *place,
                                TesseraCell         cell);

G_END_DECLS
