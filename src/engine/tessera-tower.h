/* tessera-tower.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-game.h"

G_BEGIN_DECLS

/* The Tower (De Toren): tower floors on foundations, captures in range, prisoners, exchange
 * and ransom. */

/* What a player pays the captor to free a follower. */
#define TESSERA_RANSOM_POINTS 3

typedef struct
{
  TesseraCell at;        /* the tile with the foundation */
  guint       height;    /* tower pieces */
  int         top;       /* the player whose follower closes it, or -1 */
} TesseraTower;

gboolean  tessera_game_has_tower          (TesseraGame *self);
GArray   *tessera_game_get_towers         (TesseraGame *self);
guint     tessera_game_get_tower_pieces   (TesseraGame *self,
                                           guint        player);
guint     tessera_game_get_prisoners      (TesseraGame *self,
                                           guint        captor,
                                           guint        owner);
guint     tessera_tower_pieces_for        (guint        n_players);
gboolean  tessera_tower_in_range          (TesseraCell  tower,
                                           guint        height,
                                           TesseraCell  cell);
void      tessera_game_list_tower_targets (TesseraGame *self,
                                           GArray      *cells);
void      tessera_game_list_captures      (TesseraGame *self,
                                           guint        player,
                                           TesseraCell  tower,
                                           guint        height,
                                           GArray      *pieces,
                                           GArray      *tops);

G_END_DECLS
