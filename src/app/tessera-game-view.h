/* tessera-game-view.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-board-view.h"
#include "tessera-scoreboard.h"
#include "tessera-session.h"
#include "tessera-store.h"
#include "tessera-tile-palette.h"
#include "tessera-turn-words.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_GAME_VIEW (tessera_game_view_get_type ())

G_DECLARE_FINAL_TYPE (TesseraGameView, tessera_game_view, TESSERA, GAME_VIEW, GtkWidget)

void               tessera_game_view_set_session    (TesseraGameView  *self,
                                                     TesseraSession   *session);
TesseraSession    *tessera_game_view_get_session    (TesseraGameView  *self);
TesseraGame       *tessera_game_view_get_game       (TesseraGameView  *self);
gint64             tessera_game_view_get_game_id    (TesseraGameView  *self);
TesseraTurn       *tessera_game_view_get_turn       (TesseraGameView  *self);
TesseraBoardView  *tessera_game_view_get_board_view (TesseraGameView  *self);
TesseraScoreboard *tessera_game_view_get_scoreboard (TesseraGameView  *self);
TesseraTilePalette *tessera_game_view_get_palette   (TesseraGameView  *self);
GtkWindow         *tessera_game_view_get_final_scoring (TesseraGameView *self);
GtkPopover        *tessera_game_view_get_dispute    (TesseraGameView  *self);
GtkPopover        *tessera_game_view_get_fits_popover (TesseraGameView *self);
gboolean           tessera_game_view_get_purist     (TesseraGameView  *self);
gboolean           tessera_game_view_set_purist     (TesseraGameView  *self,
                                                     gboolean          purist,
                                                     GError          **error);

gboolean           tessera_game_view_focus_next_input (TesseraGameView *self);

G_END_DECLS
