/* tessera-final-scoring-window.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_FINAL_SCORING_WINDOW (tessera_final_scoring_window_get_type ())

G_DECLARE_FINAL_TYPE (TesseraFinalScoringWindow, tessera_final_scoring_window, TESSERA, FINAL_SCORING_WINDOW, AdwWindow)

TesseraFinalScoringWindow *tessera_final_scoring_window_new      (GtkWindow                 *parent,
                                                                  TesseraGame               *game);
int                        tessera_final_scoring_window_get_total (TesseraFinalScoringWindow *self,
                                                                   guint                      player);

G_END_DECLS
