/* tessera-board-view.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_BOARD_VIEW (tessera_board_view_get_type ())

G_DECLARE_FINAL_TYPE (TesseraBoardView, tessera_board_view, TESSERA, BOARD_VIEW, GtkWidget)

GtkWidget   *tessera_board_view_new               (void);
TesseraGame *tessera_board_view_get_game          (TesseraBoardView         *self);
void         tessera_board_view_set_game          (TesseraBoardView         *self,
                                                   TesseraGame              *game);
void         tessera_board_view_game_changed      (TesseraBoardView         *self);
void         tessera_board_view_set_placements    (TesseraBoardView         *self,
                                                   const TesseraTileType    *type,
                                                   guint                     wheel,
                                                   const TesseraPlacement   *placements,
                                                   guint                     n_placements);
void         tessera_board_view_set_pending_tile  (TesseraBoardView         *self,
                                                   const TesseraTileType    *type,
                                                   guint                     wheel,
                                                   TesseraCell               cell,
                                                   guint                     rotation);
void         tessera_board_view_clear_pending_tile (TesseraBoardView        *self);
void         tessera_board_view_set_pending_rotations (TesseraBoardView     *self,
                                                       guint                     rotations);
void         tessera_board_view_set_pig           (TesseraBoardView         *self,
                                                   int                       segment);
void         tessera_board_view_set_preview       (TesseraBoardView         *self,
                                                   const TesseraPreview     *preview);
const TesseraPieceChange *tessera_board_view_get_preview (TesseraBoardView *self,
                                                          guint            *n_pieces);
TesseraGame *tessera_board_view_get_shown_game   (TesseraBoardView         *self);
void         tessera_board_view_set_choices       (TesseraBoardView         *self,
                                                   const TesseraChoice      *choices,
                                                   guint                     n_choices);
void         tessera_board_view_highlight_features (TesseraBoardView        *self,
                                                    const guint              *segments,
                                                    guint                     n_segments);
void         tessera_board_view_highlight_cells   (TesseraBoardView         *self,
                                                   const TesseraCell        *cells,
                                                   guint                     n_cells);
void         tessera_board_view_fit               (TesseraBoardView         *self);
void         tessera_board_view_queue_fit         (TesseraBoardView         *self);
GActionGroup *tessera_board_view_get_actions      (TesseraBoardView         *self);
gboolean     tessera_board_view_get_cell_bounds   (TesseraBoardView         *self,
                                                   TesseraCell               cell,
                                                   GdkRectangle             *bounds);
void         tessera_board_view_light_marker      (TesseraBoardView         *self,
                                                   int                       index);
gboolean     tessera_board_view_get_marker_point  (TesseraBoardView         *self,
                                                   guint                     index,
                                                   double                   *x,
                                                   double                   *y,
                                                   double                   *radius);
void         tessera_board_view_rotate            (TesseraBoardView         *self);
gboolean     tessera_board_view_is_moving         (TesseraBoardView         *self);
void         tessera_board_view_set_show_aids     (TesseraBoardView         *self,
                                                   gboolean                  show_aids);
gboolean     tessera_board_view_get_show_aids     (TesseraBoardView         *self);
gboolean     tessera_board_view_get_cursor         (TesseraBoardView         *self,
                                                    TesseraCell              *cell);
gboolean     tessera_board_view_get_inspected_cell (TesseraBoardView        *self,
                                                    TesseraCell             *cell);

GskRenderNode *tessera_board_view_render_picture     (TesseraGame              *game,
                                                      double                    width,
                                                      double                    height);
double         tessera_board_view_get_picture_aspect (TesseraGame              *game);

G_END_DECLS
