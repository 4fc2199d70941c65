/* tessera-preview.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-game.h"
#include "tessera-tower.h"

G_BEGIN_DECLS

/* What a move would do, worked out on a copy of the game, which stays as it was: the points it
 * scores and why, the followers placed, sent home and captured, the towers, the pig, the crown
 * spaces and the mage and witch. The app draws it before Confirm; a test checks it against what
 * applying the move then does. */

typedef enum
{
  TESSERA_PIECE_PLACED,     /* a follower now on the board (deployed, or added by a crop circle) */
  TESSERA_PIECE_RETURNED,   /* back in its owner's supply: scored (also one the move placed), the Plague, a crop circle */
  TESSERA_PIECE_CAPTURED,   /* taken prisoner by a tower */
} TesseraPieceFate;

typedef struct
{
  TesseraPiece     piece;
  TesseraPieceFate fate;
  int              captor;   /* captured: who holds it now */
} TesseraPieceChange;

typedef struct
{
  guint segment;   /* of the wheel */
  guint space;
  int   before;    /* the player on it, or -1 */
  int   after;
} TesseraCrownChange;

typedef struct
{
  TesseraTower before;   /* height 0 and top -1 for a tower just started */
  TesseraTower after;
} TesseraTowerChange;

typedef struct
{
  GArray  *scores;                       /* TesseraScoreEvent, in the order the move scores */
  int      points[TESSERA_MAX_PLAYERS];  /* each player's change of score */
  GArray  *pieces;                       /* TesseraPieceChange */
  GArray  *crowns;                       /* TesseraCrownChange */
  GArray  *towers;                       /* TesseraTowerChange */
  guint    pig_before;
  guint    pig_after;
  int      magic_before[2];              /* the mage's and the witch's segments, or -1 */
  int      magic_after[2];
  gboolean finishes;                     /* the move ends the game */
  TesseraGame *after;                    /* tessera_game_preview(): the game as the move leaves it */
} TesseraPreview;

void     tessera_preview_init   (TesseraPreview     *preview);
void     tessera_preview_clear  (TesseraPreview     *preview);
void     tessera_preview_diff   (TesseraPreview     *preview,
                                 TesseraGame        *before,
                                 TesseraGame        *after);
gboolean tessera_game_preview   (TesseraGame        *self,
                                 TesseraEvent       *event,
                                 TesseraPreview     *preview,
                                 GError            **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TesseraPreview, tessera_preview_clear)

G_END_DECLS
