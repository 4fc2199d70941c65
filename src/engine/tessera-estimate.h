/* tessera-estimate.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-game.h"

G_BEGIN_DECLS

/* Tessera's estimate of each player's final score from a position, E(p) of the game review
 * (tessera-review.h): the score now, plus what every unfinished road, city and cloister with
 * followers, every farm, crown space and prisoner is expected to bring by the end, given the
 * tiles left. It is a rule of thumb, the same for every player and every turn, not a search:
 * help/C/review.page says what it counts and what it cannot see. A finished game's estimate is
 * its final scores. */

/* The estimate's name and version, as the review names its method. */
#define TESSERA_ESTIMATE_METHOD "tessera-estimate 1"

/* The chance that one copy left that would close an open end is put there when it is drawn. */
#define TESSERA_ESTIMATE_CLOSE_CHANCE 0.5
/* The share of a prisoner's ransom (3 points) its owner is expected to pay. */
#define TESSERA_ESTIMATE_RANSOM_CHANCE 0.5
/* What a follower in its owner's supply is worth while this many tiles or more are left: it can
 * still go out and score. It falls to nothing with the last tile. */
#define TESSERA_ESTIMATE_FOLLOWER_VALUE 2.0
#define TESSERA_ESTIMATE_FOLLOWER_TILES 24

/* Keeps, for one box of tiles, which kinds would close an open end with given neighbours:
 * a review asks the same few thousand times. Not shared between threads. */
typedef struct _TesseraEstimator TesseraEstimator;

TesseraEstimator *tessera_estimator_new      (void);
void              tessera_estimator_free     (TesseraEstimator *self);
void              tessera_estimator_estimate (TesseraEstimator *self,
                                              TesseraGame      *game,
                                              double            estimates[TESSERA_MAX_PLAYERS]);
double            tessera_estimator_feature_chance (TesseraEstimator *self,
                                                    TesseraGame      *game,
                                                    guint             segment);

void              tessera_game_estimate      (TesseraGame      *self,
                                              double            estimates[TESSERA_MAX_PLAYERS]);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TesseraEstimator, tessera_estimator_free)

G_END_DECLS
