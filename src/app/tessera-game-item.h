/* tessera-game-item.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "tessera-store.h"

G_BEGIN_DECLS

/* What a game's box and expansions were, and whether it was played without aids, as flags:
 * for filters and tags. */
typedef enum
{
  TESSERA_GAME_SETS_BASE         = 1 << 0,   /* the base game box alone */
  TESSERA_GAME_SETS_WHEEL        = 1 << 1,   /* the Wheel of Fortune box alone */
  TESSERA_GAME_SETS_MIXED        = 1 << 2,   /* both boxes mixed */
  TESSERA_GAME_SETS_TOWER        = 1 << 3,
  TESSERA_GAME_SETS_MAGE_WITCH   = 1 << 4,
  TESSERA_GAME_SETS_CROP_CIRCLES = 1 << 5,
  TESSERA_GAME_SETS_PURIST       = 1 << 6,   /* played without aids */
} TesseraGameSets;

#define TESSERA_GAME_SETS_N_KINDS 7

#define TESSERA_TYPE_GAME_ITEM (tessera_game_item_get_type ())

G_DECLARE_FINAL_TYPE (TesseraGameItem, tessera_game_item, TESSERA, GAME_ITEM, GObject)

GDateTime                *tessera_game_summary_dup_begun (const TesseraGameSummary *summary);
TesseraGameItem          *tessera_game_item_new          (TesseraGameSummary *summary);
const TesseraGameSummary *tessera_game_item_get_summary  (TesseraGameItem    *self);
gint64                    tessera_game_item_get_id       (TesseraGameItem    *self);
gboolean                  tessera_game_item_is_finished  (TesseraGameItem    *self);
gboolean                  tessera_game_item_is_in_progress (TesseraGameItem  *self);
gboolean                  tessera_game_item_is_abandoned (TesseraGameItem    *self);
TesseraGameSets           tessera_game_item_get_sets     (TesseraGameItem    *self);
int                       tessera_game_item_get_year     (TesseraGameItem    *self);
const char               *tessera_game_item_get_date     (TesseraGameItem    *self);
const char               *tessera_game_item_get_time     (TesseraGameItem    *self);
const char               *tessera_game_item_get_place    (TesseraGameItem    *self);
gboolean                  tessera_game_item_has_player   (TesseraGameItem    *self,
                                                          const char         *name);
gboolean                  tessera_game_item_matches      (TesseraGameItem    *self,
                                                          const char         *folded_text);
char                     *tessera_game_item_describe     (TesseraGameItem    *self);
int                       tessera_game_item_compare      (gconstpointer       a,
                                                          gconstpointer       b,
                                                          gpointer            user_data);

const char               *tessera_game_sets_label        (TesseraGameSets     kind);
const char               *tessera_game_sets_tag          (TesseraGameSets     kind);
const char               *tessera_game_sets_icon_name    (TesseraGameSets     kind);
char                     *tessera_fold_text              (const char         *text);

G_END_DECLS
