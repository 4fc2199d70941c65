/* tessera-review.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "tessera-estimate.h"
#include "tessera-record.h"

G_BEGIN_DECLS

/* The game review: every turn of a record against the best turn the drawn tile allowed, and
 * the luck of the draw, in points of the estimate (tessera-estimate.h). For a turn of player p
 * from a position to the next, its gain is p's change of estimate less the mean of the other
 * players' changes. The contract is the "review" section of doc/tessera-cli.md. */

typedef struct
{
  guint         event;                            /* its index in the record */
  guint         player;
  char          tile[TESSERA_ID_SIZE];
  double        made;                             /* the gain of the turn as recorded */
  double        best;                             /* the best gain the drawn tile allowed */
  TesseraEvent *best_turn;                        /* a turn that gains it */
  double        luck;                             /* best less the mean best over the tiles left */
  double        estimates[TESSERA_MAX_PLAYERS];   /* each player's estimate after the turn */
} TesseraReviewTurn;

typedef struct
{
  double lost;       /* the points the player's turns gave away to better ones */
  double luck;       /* the sum of their turns' luck */
  double accuracy;   /* the mean over their turns of 3 / (3 + the points the turn gave away) */
  guint  n_turns;
} TesseraReviewPlayer;

/* Called from the review's threads after each turn reviewed. */
typedef void (*TesseraReviewProgress) (guint    done,
                                       guint    total,
                                       gpointer user_data);

typedef struct _TesseraReview TesseraReview;

TesseraReview             *tessera_review_new           (const TesseraRecord   *record,
                                                         GCancellable          *cancellable,
                                                         TesseraReviewProgress  progress,
                                                         gpointer               user_data,
                                                         GError               **error);
void                       tessera_review_free          (TesseraReview         *self);
const char                *tessera_review_get_method    (TesseraReview         *self);
guint                      tessera_review_get_n_players (TesseraReview         *self);
const char * const        *tessera_review_get_player_names (TesseraReview      *self);
const TesseraReviewTurn   *tessera_review_get_turns     (TesseraReview         *self,
                                                         guint                 *n_turns);
const TesseraReviewPlayer *tessera_review_get_players   (TesseraReview         *self);
const double              *tessera_review_get_start_estimates (TesseraReview   *self);
JsonNode                  *tessera_review_to_json       (TesseraReview         *self);
JsonNode                  *tessera_review_to_stored_json (TesseraReview        *self);
TesseraReview             *tessera_review_new_from_stored_json (const TesseraRecord *record,
                                                                JsonNode            *node,
                                                                GError             **error);

double                     tessera_review_gain          (guint                  n_players,
                                                         guint                  player,
                                                         const double          *before,
                                                         const double          *after);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TesseraReview, tessera_review_free)

G_END_DECLS
