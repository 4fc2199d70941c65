/* tessera-review-panel.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_REVIEW_PANEL (tessera_review_panel_get_type ())

G_DECLARE_FINAL_TYPE (TesseraReviewPanel, tessera_review_panel, TESSERA, REVIEW_PANEL, GtkWidget)

GtkWidget *tessera_review_panel_new           (void);
void       tessera_review_panel_show_progress (TesseraReviewPanel      *self,
                                               guint                    done,
                                               guint                    total);
void       tessera_review_panel_show_failure  (TesseraReviewPanel      *self,
                                               const char              *message);
void       tessera_review_panel_set_review    (TesseraReviewPanel      *self,
                                               TesseraReview           *review,
                                               TesseraGame             *game);
void       tessera_review_panel_set_move      (TesseraReviewPanel      *self,
                                               const TesseraReviewTurn *turn,
                                               const char              *best_words);
const char *tessera_review_panel_get_state    (TesseraReviewPanel      *self);

G_END_DECLS
