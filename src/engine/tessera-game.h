/* tessera-game.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "tessera-board.h"
#include "tessera-record.h"
#include "tessera-score.h"

G_BEGIN_DECLS

/* A game: the box in play, the players with their supplies and scores, the board and the log
 * of events. Every event goes through tessera_game_apply(), which checks it against the rules
 * and changes nothing when it is refused; undo and redo replay the log. */

typedef struct
{
  guint              player;
  guint              segment;   /* board segment the follower stands on */
  TesseraFeatureKind kind;      /* what it stands on: its role */
  TesseraCell        cell;      /* the tile it stands on */
} TesseraPiece;

typedef struct
{
  const TesseraBoxEntry *entry;
  guint                  left;
  guint                  wheel;   /* the entry's, kept here: every turn reads them */
  const TesseraTileType *type;
} TesseraSupplyEntry;

#define TESSERA_TYPE_GAME (tessera_game_get_type ())

G_DECLARE_FINAL_TYPE (TesseraGame, tessera_game, TESSERA, GAME, GObject)

TesseraGame             *tessera_game_new                  (const TesseraRecord  *setup,
                                                            GError              **error);
TesseraGame             *tessera_game_new_from_record      (const TesseraRecord  *record,
                                                            guint                 n_events,
                                                            GError              **error);
TesseraGame             *tessera_game_copy                 (TesseraGame          *self);
TesseraGame             *tessera_game_copy_at              (TesseraGame          *self,
                                                            guint                 n_events);
gboolean                 tessera_game_apply                (TesseraGame          *self,
                                                            TesseraEvent         *event,
                                                            GError              **error);
gboolean                 tessera_game_can_undo             (TesseraGame          *self);
gboolean                 tessera_game_undo                 (TesseraGame          *self);
gboolean                 tessera_game_can_redo             (TesseraGame          *self);
gboolean                 tessera_game_redo                 (TesseraGame          *self);
TesseraRecord           *tessera_game_to_record            (TesseraGame          *self);
const TesseraPlayed     *tessera_game_get_played           (TesseraGame          *self);
gboolean                 tessera_game_set_played           (TesseraGame          *self,
                                                            const TesseraPlayed  *played,
                                                            GError              **error);

guint                    tessera_game_get_n_events         (TesseraGame          *self);
const TesseraEvent      *tessera_game_get_event            (TesseraGame          *self,
                                                            guint                 index);
guint                    tessera_game_get_n_players        (TesseraGame          *self);
const char * const      *tessera_game_get_player_names     (TesseraGame          *self);
const char              *tessera_game_get_player_color     (TesseraGame          *self,
                                                            guint                 player);
gboolean                 tessera_game_has_same_seats       (TesseraGame          *self,
                                                            TesseraGame          *other);
guint                    tessera_game_get_current_player   (TesseraGame          *self);
gboolean                 tessera_game_is_finished          (TesseraGame          *self);
gboolean                 tessera_game_ended_by_last_tile   (TesseraGame          *self);
int                      tessera_game_get_score            (TesseraGame          *self,
                                                            guint                 player);
int                      tessera_game_get_category_score   (TesseraGame          *self,
                                                            guint                 player,
                                                            TesseraCategory       category);
guint                    tessera_game_get_followers_in_supply (TesseraGame       *self,
                                                               guint                 player);
guint                    tessera_game_get_tiles_left       (TesseraGame          *self);
GArray                  *tessera_game_get_supply           (TesseraGame          *self);
const GArray            *tessera_game_get_box              (TesseraGame          *self);
guint                    tessera_game_get_catalogue_copies (TesseraGame          *self,
                                                            const TesseraBoxEntry *entry);
gboolean                 tessera_game_set_box_count        (TesseraGame          *self,
                                                            const char           *tile,
                                                            guint                 copies,
                                                            GError              **error);
guint                    tessera_game_get_n_pieces         (TesseraGame          *self);
guint                    tessera_game_get_n_score_events   (TesseraGame          *self);
const TesseraPiece      *tessera_game_get_pieces           (TesseraGame          *self,
                                                            guint                *n_pieces);
const TesseraScoreEvent *tessera_game_get_score_events     (TesseraGame          *self,
                                                            guint                *n_score_events);
TesseraBoard            *tessera_game_get_board            (TesseraGame          *self);
const char              *tessera_game_get_tile_id          (TesseraGame          *self,
                                                            guint                 index);
const TesseraBoxEntry   *tessera_game_lookup_tile          (TesseraGame          *self,
                                                            const char           *tile,
                                                            GError              **error);
void                     tessera_game_list_follower_spots  (TesseraGame          *self,
                                                            const TesseraTileType *type,
                                                            TesseraCell           cell,
                                                            guint                 rotation,
                                                            GArray               *segments);

G_END_DECLS
