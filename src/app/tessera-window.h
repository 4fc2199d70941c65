/* tessera-window.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-application.h"
#include "tessera-game-view.h"
#include "tessera-history-page.h"
#include "tessera-start-page.h"
#include "tessera-player-profile.h"
#include "tessera-players-page.h"
#include "tessera-replay-view.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_WINDOW (tessera_window_get_type ())

G_DECLARE_FINAL_TYPE (TesseraWindow, tessera_window, TESSERA, WINDOW, AdwApplicationWindow)

TesseraWindow      *tessera_window_new              (TesseraApplication   *application);
gboolean            tessera_window_start_game       (TesseraWindow        *self,
                                                     const TesseraRecord  *header,
                                                     gboolean              purist,
                                                     GError              **error);
gboolean            tessera_window_resume_game      (TesseraWindow        *self,
                                                     gint64                game_id,
                                                     GError              **error);
TesseraGameView    *tessera_window_get_game_view    (TesseraWindow        *self);
void                tessera_window_show_start       (TesseraWindow        *self);
void                tessera_window_show_history     (TesseraWindow        *self);
TesseraHistoryPage *tessera_window_get_history_page (TesseraWindow        *self);
TesseraStartPage   *tessera_window_get_start_page   (TesseraWindow        *self);
gboolean            tessera_window_open_replay      (TesseraWindow        *self,
                                                     gint64                game_id,
                                                     GError              **error);
TesseraReplayView  *tessera_window_get_replay_view  (TesseraWindow        *self);
void                tessera_window_show_players     (TesseraWindow        *self);
TesseraPlayersPage *tessera_window_get_players_page (TesseraWindow        *self);
TesseraPlayerProfile *tessera_window_get_player_profile (TesseraWindow      *self);
void                tessera_window_show_toast       (TesseraWindow        *self,
                                                     const char           *message);
void                tessera_window_import_files     (TesseraWindow        *self,
                                                     GListModel           *files,
                                                     guint                *n_imported,
                                                     guint                *n_known);
gint64              tessera_window_open_files       (TesseraWindow        *self,
                                                     GListModel           *files);
gboolean            tessera_window_export_game      (TesseraWindow        *self,
                                                     GFile                *file,
                                                     GError              **error);

G_END_DECLS
