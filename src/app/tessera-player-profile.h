/* tessera-player-profile.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-chart-view.h"
#include "tessera-store.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_PLAYER_PROFILE (tessera_player_profile_get_type ())

G_DECLARE_FINAL_TYPE (TesseraPlayerProfile, tessera_player_profile, TESSERA, PLAYER_PROFILE, GtkWidget)

GtkWidget        *tessera_player_profile_new                  (void);
gboolean          tessera_player_profile_load                 (TesseraPlayerProfile  *self,
                                                               TesseraStore          *store,
                                                               const char            *name,
                                                               GError               **error);
const char       *tessera_player_profile_get_name             (TesseraPlayerProfile  *self);
TesseraChartView *tessera_player_profile_get_categories_chart (TesseraPlayerProfile  *self);
TesseraChartView *tessera_player_profile_get_trend_chart      (TesseraPlayerProfile  *self);
gboolean          tessera_player_profile_focus_chart         (TesseraPlayerProfile  *self);

G_END_DECLS
