/* tessera-board-image.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

/* A picture of a game to share: the board as the board view draws it, with a legend of the
 * players' names, colours and scores under it. No dialogs: the export window and the score
 * sheet call these, and so can a test. */

void             tessera_board_image_get_size        (TesseraGame           *game,
                                                      int                    long_side,
                                                      int                   *width,
                                                      int                   *height);
cairo_surface_t *tessera_board_image_render          (TesseraGame           *game,
                                                      int                    width,
                                                      int                    height);
void             tessera_board_image_get_legend_area (TesseraGame           *game,
                                                      int                    width,
                                                      int                    height,
                                                      cairo_rectangle_int_t *area);
gboolean         tessera_board_image_save            (TesseraGame           *game,
                                                      int                    width,
                                                      int                    height,
                                                      GFile                 *file,
                                                      GError               **error);
void             tessera_board_image_draw_board      (TesseraGame           *game,
                                                      cairo_t               *cr,
                                                      double                 width,
                                                      double                 height);
char            *tessera_board_image_suggest_name    (TesseraGame           *game);
guint            tessera_board_image_rank_players    (TesseraGame           *game,
                                                      guint                  order[TESSERA_MAX_PLAYERS]);
gboolean         tessera_board_image_is_winner       (TesseraGame           *game,
                                                      guint                  player);
char            *tessera_board_image_describe_scores (TesseraGame           *game);

G_END_DECLS
