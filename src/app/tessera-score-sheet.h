/* tessera-score-sheet.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

/* A game's score sheet on one page: when and where, every player's points by category, the
 * winner, and the board. The print operation draws it; so can a test, on any cairo surface. */

void               tessera_score_sheet_draw                (TesseraGame *game,
                                                            cairo_t     *cr,
                                                            double       width,
                                                            double       height);
GtkPrintOperation *tessera_score_sheet_new_print_operation (TesseraGame *game);
void               tessera_score_sheet_print               (TesseraGame *game,
                                                            GtkWindow   *parent);

G_END_DECLS
