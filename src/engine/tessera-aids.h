/* tessera-aids.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-game.h"

G_BEGIN_DECLS

/* Table aids: what the tiles still in the supply can do on the board, and the scores if the
 * game ended now. Every tile drawn is entered, so the supply is known exactly: these are
 * counts, not estimates. */

/* A kind of tile left in the supply that can go to a cell. */
typedef struct
{
  const TesseraSupplyEntry *supply;      /* the kind, with its copies left */
  guint8                    rotations;   /* a bit per legal rotation, of the kind's distinct ones */
} TesseraFit;

/* The final scores a game would have if it ended now. */
typedef struct
{
  int score;
  int breakdown[TESSERA_N_CATEGORIES];
} TesseraProjection;

/* An empty cell an unfinished road, city or cloister needs filled, and what is left for it. */
typedef struct
{
  TesseraCell cell;
  guint       n_kinds;   /* kinds left that fit there (and so continue or close the feature) */
  guint       copies;    /* their copies left */
} TesseraFeatureNeed;

/* Whether and how an unfinished feature can still be finished with the tiles left. */
typedef struct
{
  guint    helping;      /* copies left that fit at least one needed cell */
  guint    tiles_left;   /* over these: the chance the next tile drawn helps */
  gboolean can_finish;   /* FALSE when a needed cell can no longer be filled */
} TesseraFeatureOdds;

guint    tessera_game_list_fits         (TesseraGame       *self,
                                         TesseraCell        cell,
                                         GArray            *fits);
void     tessera_game_list_dead_spots   (TesseraGame       *self,
                                         GArray            *dead,
                                         GArray            *single);
gboolean tessera_game_get_feature_odds  (TesseraGame        *self,
                                         guint               segment,
                                         GArray             *needs,
                                         TesseraFeatureOdds *odds);
gboolean tessera_game_project_scores    (TesseraGame       *self,
                                         TesseraProjection *projections,
                                         GError           **error);

G_END_DECLS
