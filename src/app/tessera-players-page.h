/* tessera-players-page.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-store.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_PLAYERS_PAGE (tessera_players_page_get_type ())

G_DECLARE_FINAL_TYPE (TesseraPlayersPage, tessera_players_page, TESSERA, PLAYERS_PAGE, GtkWidget)

GtkWidget     *tessera_players_page_new             (void);
gboolean       tessera_players_page_load            (TesseraPlayersPage  *self,
                                                     TesseraStore        *store,
                                                     GError             **error);
GListModel    *tessera_players_page_get_model       (TesseraPlayersPage  *self);
GtkColumnView *tessera_players_page_get_column_view (TesseraPlayersPage  *self);
gboolean       tessera_players_page_focus_table     (TesseraPlayersPage  *self);

G_END_DECLS
