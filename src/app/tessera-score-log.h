/* tessera-score-log.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_SCORE_LOG (tessera_score_log_get_type ())

G_DECLARE_FINAL_TYPE (TesseraScoreLog, tessera_score_log, TESSERA, SCORE_LOG, GtkWidget)

GtkWidget  *tessera_score_log_new             (void);
void        tessera_score_log_set_game        (TesseraScoreLog *self,
                                               TesseraGame     *game);
void        tessera_score_log_set_n_shown     (TesseraScoreLog *self,
                                               guint            n_events);
void        tessera_score_log_set_correctable (TesseraScoreLog *self,
                                               gboolean         correctable);
void        tessera_score_log_unselect        (TesseraScoreLog *self);
GtkListBox *tessera_score_log_get_list        (TesseraScoreLog *self);
char       *tessera_score_log_describe_event  (TesseraGame        *game,
                                               guint               index,
                                               const TesseraEvent *event);
char       *tessera_score_log_describe_score  (TesseraGame             *game,
                                               const TesseraScoreEvent *score);

G_END_DECLS
