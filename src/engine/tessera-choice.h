/* tessera-choice.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-game.h"
#include "tessera-tower.h"

G_BEGIN_DECLS

/* One legal choice of a turn's step, as a value a UI draws and names and the command line
 * prints: what kind of choice it is, where (the tile and spot a record names, or a tower's
 * cell, or a crown space), which feature, whose follower it concerns and the feature's size.
 * The functions that list them live beside the rule each one follows (tessera-wheel.c,
 * tessera-tower.c, tessera-magic.c, tessera-crop.c) and use the same checks as the rule. */

typedef enum
{
  TESSERA_CHOICE_FOLLOWER,      /* a follower on a spot of the tile just placed */
  TESSERA_CHOICE_CROWN,         /* a follower on a free crown space of the wheel (W7) */
  TESSERA_CHOICE_TOWER_FLOOR,   /* a tower piece on a foundation or an open tower (T2) */
  TESSERA_CHOICE_TOWER_TOP,     /* a follower closing a tower (T3, T8) */
  TESSERA_CHOICE_CAPTURE,       /* a follower in the new floor's range, captured (T4) */
  TESSERA_CHOICE_MAGIC,         /* a road or city the mage or the witch goes to (M2-M7) */
  TESSERA_CHOICE_PLAGUE,        /* a follower its owner takes back for the Plague (W17) */
  TESSERA_CHOICE_CROP_ADD,      /* a spot where a player adds a follower for a crop circle (C3) */
  TESSERA_CHOICE_CROP_REMOVE,   /* a follower its owner takes back for a crop circle (C4) */
} TesseraChoiceKind;

typedef struct
{
  TesseraChoiceKind  kind;
  TesseraPieceRef    where;          /* the tile and spot as records name them; "C" on a tower */
  gboolean           on_cell;        /* the whole cell (a tower) rather than a spot on it */
  int                segment;        /* the spot: segment of the tile type shown at where.at, or -1 */
  TesseraFeatureKind feature;        /* the spot's feature */
  guint              feature_tiles;  /* the feature's tiles, with the turn's tile if it joins */
  int                player;         /* whose follower the choice concerns, or -1 */
  guint              crown_segment;  /* a crown: the wheel's segment and its space, from 0 */
  guint              crown_space;
  guint              height;         /* a tower: its height with the floor, or as it stands */
  guint              n_captures;     /* a tower floor: the followers it may capture */
  guint              holders;        /* a spot on the board: a bit per player with a follower
                                      * in its feature, so that a choice can be named by them */
} TesseraChoice;

void     tessera_game_list_follower_choices (TesseraGame         *self,
                                             const TesseraTileType *type,
                                             TesseraCell          cell,
                                             guint                rotation,
                                             GArray              *choices);
void     tessera_game_list_crown_choices  (TesseraGame           *self,
                                           int                    landing,
                                           GArray                *choices);
void     tessera_game_list_plague_choices (TesseraGame           *self,
                                           guint                  player,
                                           GArray                *choices);
const TesseraTower *tessera_game_get_tower_at (TesseraGame       *self,
                                               TesseraCell            cell);
void     tessera_game_list_tower_floor_choices (TesseraGame      *self,
                                                guint                  player,
                                                const TesseraTileType *type,
                                                TesseraCell            cell,
                                                GArray                *choices);
void     tessera_game_list_tower_top_choices (TesseraGame        *self,
                                              guint                  player,
                                              GArray                *choices);
void     tessera_game_list_capture_choices (TesseraGame          *self,
                                            guint                  player,
                                            TesseraCell            tower,
                                            guint                  height,
                                            GArray                *choices);
gboolean tessera_game_placement_moves_figure (TesseraGame        *self,
                                              const TesseraTileType *type,
                                              TesseraCell            cell,
                                              guint                  rotation);
void     tessera_game_list_magic_choices  (TesseraGame           *self,
                                           const TesseraTileType *type,
                                           TesseraCell            cell,
                                           guint                  rotation,
                                           TesseraMagicFigure     figure,
                                           GArray                *choices);
void     tessera_game_list_crop_choices   (TesseraGame           *self,
                                           TesseraCropKind        crop,
                                           gboolean               add,
                                           guint                  player,
                                           GArray                *choices);

G_END_DECLS
