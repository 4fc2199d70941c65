/* tessera-table-window.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-engine.h"
#include "tessera-session.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_TABLE_WINDOW (tessera_table_window_get_type ())

G_DECLARE_FINAL_TYPE (TesseraTableWindow, tessera_table_window, TESSERA, TABLE_WINDOW, AdwWindow)

TesseraTableWindow *tessera_table_window_new                 (GtkWindow          *parent);
void                tessera_table_window_set_session         (TesseraTableWindow *self,
                                                              TesseraSession     *session);
int                 tessera_table_window_get_shown_score     (TesseraTableWindow *self,
                                                              guint               player);
GtkWidget          *tessera_table_window_get_player_row      (TesseraTableWindow *self,
                                                              guint               player);
const char         *tessera_table_window_get_latest_sentence (TesseraTableWindow *self);
void                tessera_table_window_turn_view           (TesseraTableWindow *self);
guint               tessera_table_window_get_quarter_turns   (TesseraTableWindow *self);

G_END_DECLS
