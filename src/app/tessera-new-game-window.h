/* tessera-new-game-window.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-box-editor.h"
#include "tessera-store.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_NEW_GAME_WINDOW (tessera_new_game_window_get_type ())

G_DECLARE_FINAL_TYPE (TesseraNewGameWindow, tessera_new_game_window, TESSERA, NEW_GAME_WINDOW, AdwWindow)

TesseraNewGameWindow *tessera_new_game_window_new        (GtkWindow            *parent,
                                                          GSettings            *settings,
                                                          TesseraStore         *store);
TesseraRecord        *tessera_new_game_window_get_header (TesseraNewGameWindow *self,
                                                          char                **problem);
gboolean tessera_new_game_window_get_purist (TesseraNewGameWindow *self);
const char           *tessera_new_game_window_get_shown_problem (TesseraNewGameWindow *self);
void                  tessera_new_game_window_set_player (TesseraNewGameWindow *self,
                                                          guint                 seat,
                                                          const char           *name,
                                                          const char           *color);
TesseraBoxEditor     *tessera_new_game_window_get_box_editor (TesseraNewGameWindow *self);

G_END_DECLS
