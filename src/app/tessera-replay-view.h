/* tessera-replay-view.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-board-view.h"
#include "tessera-chart-view.h"
#include "tessera-scoreboard.h"
#include "tessera-score-log.h"
#include "tessera-store.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_REPLAY_VIEW (tessera_replay_view_get_type ())

G_DECLARE_FINAL_TYPE (TesseraReplayView, tessera_replay_view, TESSERA, REPLAY_VIEW, GtkWidget)

GtkWidget        *tessera_replay_view_new            (void);
gboolean          tessera_replay_view_load           (TesseraReplayView  *self,
                                                      TesseraStore       *store,
                                                      gint64              game_id,
                                                      GError            **error);
gint64            tessera_replay_view_get_game_id    (TesseraReplayView  *self);
guint             tessera_replay_view_get_n_events   (TesseraReplayView  *self);
guint             tessera_replay_view_get_position   (TesseraReplayView  *self);
void              tessera_replay_view_set_position   (TesseraReplayView  *self,
                                                      guint               position);
TesseraGame      *tessera_replay_view_get_game       (TesseraReplayView  *self);
TesseraBoardView *tessera_replay_view_get_board_view (TesseraReplayView  *self);
TesseraScoreboard *tessera_replay_view_get_scoreboard (TesseraReplayView *self);
TesseraChartView *tessera_replay_view_get_chart      (TesseraReplayView  *self);
gboolean          tessera_replay_view_focus_timeline (TesseraReplayView  *self);
TesseraReview    *tessera_replay_view_get_review     (TesseraReplayView  *self);
GtkWidget        *tessera_replay_view_get_review_panel (TesseraReplayView *self);

G_END_DECLS
