/* tessera-history-page.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-game-item.h"
#include "tessera-store.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_HISTORY_PAGE (tessera_history_page_get_type ())

G_DECLARE_FINAL_TYPE (TesseraHistoryPage, tessera_history_page, TESSERA, HISTORY_PAGE, GtkWidget)

void        tessera_history_page_reload            (TesseraHistoryPage  *self,
                                                    TesseraStore        *store,
                                                    const GError        *store_error);
GListModel *tessera_history_page_get_games         (TesseraHistoryPage  *self);
const char *tessera_history_page_get_visible_state (TesseraHistoryPage  *self);
void        tessera_history_page_set_search        (TesseraHistoryPage  *self,
                                                    const char          *text);
gboolean    tessera_history_page_set_player_filter (TesseraHistoryPage  *self,
                                                    const char          *name);
gboolean    tessera_history_page_set_sets_filter   (TesseraHistoryPage  *self,
                                                    TesseraGameSets      kind);
gboolean    tessera_history_page_set_year_filter   (TesseraHistoryPage  *self,
                                                    int                  year);
void        tessera_history_page_clear_filters     (TesseraHistoryPage  *self);
gboolean    tessera_history_page_select_game       (TesseraHistoryPage  *self,
                                                    gint64               game_id);
AdwToast   *tessera_history_page_delete_game       (TesseraHistoryPage  *self,
                                                    gint64               game_id);
void        tessera_history_page_settle_deletions  (TesseraHistoryPage  *self);
gboolean    tessera_history_page_export_game       (TesseraHistoryPage  *self,
                                                    gint64               game_id,
                                                    GFile               *file,
                                                    GError             **error);
gboolean    tessera_history_page_export_csv        (TesseraHistoryPage  *self,
                                                    GFile               *file,
                                                    GError             **error);
gboolean    tessera_history_page_focus_content     (TesseraHistoryPage  *self);

G_END_DECLS
