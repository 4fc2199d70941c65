/* tessera-share-actions.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-store.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_SHARE_ACTIONS (tessera_share_actions_get_type ())

G_DECLARE_FINAL_TYPE (TesseraShareActions, tessera_share_actions, TESSERA, SHARE_ACTIONS, GSimpleActionGroup)

TesseraShareActions *tessera_share_actions_new      (GtkWidget           *owner);
void                 tessera_share_actions_set_game (TesseraShareActions *self,
                                                     TesseraGame         *game,
                                                     TesseraStore        *store,
                                                     gint64               game_id,
                                                     gboolean             finished);

G_END_DECLS
