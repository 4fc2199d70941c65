/* tessera-turn.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-choice.h"
#include "tessera-game.h"
#include "tessera-preview.h"

G_BEGIN_DECLS

/* A turn being entered, step by step in the order the rules tell it: the drawn tile, the wheel
 * (the Plague asks every player), the placement, the mage or witch, the follower or tower
 * action (with a capture), the crop circle; then it becomes one record event. At every step it
 * lists what may be chosen (tessera-choice.h, from the rules' own lists) and can say what the
 * turn entered so far would do (tessera_turn_preview), without changing the game. The app
 * words the steps and choices (src/app/tessera-turn-words.c); the command line lists them. */

typedef enum
{
  TESSERA_TURN_DRAW,          /* which tile was drawn */
  TESSERA_TURN_PLAGUE,        /* a player picks the follower the Plague takes back */
  TESSERA_TURN_DISCARD,       /* the tile fits nowhere: confirm to put it back */
  TESSERA_TURN_PLACE,         /* where the tile goes */
  TESSERA_TURN_MAGIC,         /* where the mage or the witch goes */
  TESSERA_TURN_ACTION,        /* a follower, a crown space, a tower floor or top, or nothing */
  TESSERA_TURN_CAPTURE,       /* which follower the new tower floor captures */
  TESSERA_TURN_CROP_CHOICE,   /* the crop circle: add or remove */
  TESSERA_TURN_CROP_MOVE,     /* a player's crop-circle move */
  TESSERA_TURN_CONFIRM,       /* everything chosen */
} TesseraTurnStep;

typedef enum
{
  TESSERA_TURN_MODE_FOLLOWER,
  TESSERA_TURN_MODE_TOWER,
  TESSERA_TURN_MODE_TOWER_TOP,
} TesseraTurnMode;

typedef struct _TesseraTurn TesseraTurn;

TesseraTurn            *tessera_turn_new              (TesseraGame           *game);
TesseraTurn            *tessera_turn_copy             (TesseraTurn           *self);
void                    tessera_turn_free             (TesseraTurn           *self);
TesseraGame            *tessera_turn_get_game         (TesseraTurn           *self);
TesseraGame            *tessera_turn_get_action_game  (TesseraTurn           *self);
TesseraTurnStep         tessera_turn_get_step         (TesseraTurn           *self);
guint                   tessera_turn_get_player       (TesseraTurn           *self);
guint                   tessera_turn_get_asked_player (TesseraTurn           *self);
const TesseraBoxEntry  *tessera_turn_get_entry        (TesseraTurn           *self);
gboolean                tessera_turn_get_placement    (TesseraTurn           *self,
                                                       TesseraCell           *cell,
                                                       guint                 *rotation);
const TesseraPlacement *tessera_turn_get_placements   (TesseraTurn           *self,
                                                       guint                 *n_placements);
guint                   tessera_turn_get_rotations_at (TesseraTurn           *self,
                                                       TesseraCell            cell);
const TesseraChoice     *tessera_turn_get_choices      (TesseraTurn           *self,
                                                        guint                 *n_choices);
gboolean                tessera_turn_get_tile_at      (TesseraTurn           *self,
                                                       TesseraCell            cell,
                                                       const TesseraTileType **type,
                                                       guint                 *rotation);
gboolean                tessera_turn_has_spun         (TesseraTurn           *self);
const TesseraScoreEvent *tessera_turn_get_wheel_scores (TesseraTurn          *self,
                                                        guint                 *n_scores);
int                     tessera_turn_get_landing      (TesseraTurn           *self);
TesseraTurnMode         tessera_turn_get_mode         (TesseraTurn           *self);
gboolean                tessera_turn_get_crop_add     (TesseraTurn           *self);
TesseraMagicFigure      tessera_turn_get_figure       (TesseraTurn           *self);
TesseraCell             tessera_turn_get_tower_cell   (TesseraTurn           *self,
                                                       guint                 *height);
gboolean                tessera_turn_can_skip         (TesseraTurn           *self);

void                    tessera_turn_choose_tile      (TesseraTurn           *self,
                                                       const TesseraBoxEntry *entry);
gboolean                tessera_turn_place            (TesseraTurn           *self,
                                                       TesseraCell            cell,
                                                       guint                  rotation);
void                    tessera_turn_set_figure       (TesseraTurn           *self,
                                                       TesseraMagicFigure     figure);
void                    tessera_turn_set_mode         (TesseraTurn           *self,
                                                       TesseraTurnMode        mode);
void                    tessera_turn_choose           (TesseraTurn           *self,
                                                       guint                  index);
void                    tessera_turn_skip             (TesseraTurn           *self);
void                    tessera_turn_choose_crop      (TesseraTurn           *self,
                                                       gboolean               add);
void                    tessera_turn_back             (TesseraTurn           *self);
TesseraEvent           *tessera_turn_build_event      (TesseraTurn           *self);
gboolean                tessera_turn_preview          (TesseraTurn           *self,
                                                       TesseraPreview        *preview,
                                                       GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TesseraTurn, tessera_turn_free)

G_END_DECLS
