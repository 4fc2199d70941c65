/* tessera-players-line.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-store.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_PLAYERS_LINE (tessera_players_line_get_type ())

G_DECLARE_FINAL_TYPE (TesseraPlayersLine, tessera_players_line, TESSERA, PLAYERS_LINE, GtkWidget)

GtkWidget *tessera_players_line_new       (void);
void       tessera_players_line_set_seats (TesseraPlayersLine *self,
                                           GArray             *seats);

G_END_DECLS
