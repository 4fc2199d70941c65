/* tessera-history-row.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-game-item.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_HISTORY_ROW (tessera_history_row_get_type ())

G_DECLARE_FINAL_TYPE (TesseraHistoryRow, tessera_history_row, TESSERA, HISTORY_ROW, GtkWidget)

GtkWidget       *tessera_history_row_new      (void);
void             tessera_history_row_set_item (TesseraHistoryRow *self,
                                               TesseraGameItem   *item);
TesseraGameItem *tessera_history_row_get_item (TesseraHistoryRow *self);
void             tessera_history_row_popup_menu (TesseraHistoryRow *self);

G_END_DECLS
