/* tessera-score-line.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_SCORE_LINE (tessera_score_line_get_type ())

G_DECLARE_FINAL_TYPE (TesseraScoreLine, tessera_score_line, TESSERA, SCORE_LINE, GtkWidget)

GtkWidget  *tessera_score_line_new         (void);
void        tessera_score_line_set_game    (TesseraScoreLine *self,
                                            TesseraGame      *game);
const char *tessera_score_line_get_summary (TesseraScoreLine *self);

G_END_DECLS
