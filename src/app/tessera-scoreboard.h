/* tessera-scoreboard.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_SCOREBOARD (tessera_scoreboard_get_type ())

G_DECLARE_FINAL_TYPE (TesseraScoreboard, tessera_scoreboard, TESSERA, SCOREBOARD, GtkWidget)

void tessera_scoreboard_set_game (TesseraScoreboard *self,
                                  TesseraGame       *game);
void tessera_scoreboard_set_read_only   (TesseraScoreboard *self,
                                         gboolean           read_only);
int  tessera_scoreboard_get_shown_score (TesseraScoreboard *self,
                                         guint              player);
void tessera_scoreboard_set_projections (TesseraScoreboard       *self,
                                         const TesseraProjection *projections,
                                         guint                    n_projections);
void tessera_scoreboard_set_pending     (TesseraScoreboard       *self,
                                         const int               *points,
                                         guint                    n_players);
gboolean tessera_scoreboard_get_shown_pending (TesseraScoreboard *self,
                                               guint              player,
                                               int               *points);
gboolean tessera_scoreboard_get_shown_projection (TesseraScoreboard *self,
                                                  guint              player,
                                                  int               *projection);

G_END_DECLS
