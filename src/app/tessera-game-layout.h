/* tessera-game-layout.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TESSERA_TYPE_GAME_LAYOUT (tessera_game_layout_get_type ())

G_DECLARE_FINAL_TYPE (TesseraGameLayout, tessera_game_layout, TESSERA, GAME_LAYOUT, GtkWidget)

GtkWidget *tessera_game_layout_new              (void);
void       tessera_game_layout_set_board        (TesseraGameLayout *self,
                                                 GtkWidget         *board);
void       tessera_game_layout_set_handle       (TesseraGameLayout *self,
                                                 GtkWidget         *handle);
void       tessera_game_layout_set_turn         (TesseraGameLayout *self,
                                                 GtkWidget         *turn);
void       tessera_game_layout_set_scores       (TesseraGameLayout *self,
                                                 GtkWidget         *scores);
gboolean   tessera_game_layout_get_stacked      (TesseraGameLayout *self);
gboolean   tessera_game_layout_get_panel_folded (TesseraGameLayout *self);
void       tessera_game_layout_set_panel_folded (TesseraGameLayout *self,
                                                 gboolean           folded);
gboolean   tessera_game_layout_get_scores_shown (TesseraGameLayout *self);
void       tessera_game_layout_set_scores_shown (TesseraGameLayout *self,
                                                 gboolean           shown);

G_END_DECLS
