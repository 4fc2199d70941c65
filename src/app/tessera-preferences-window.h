/* tessera-preferences-window.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TESSERA_TYPE_PREFERENCES_WINDOW (tessera_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (TesseraPreferencesWindow, tessera_preferences_window, TESSERA, PREFERENCES_WINDOW, AdwPreferencesWindow)

TesseraPreferencesWindow *tessera_preferences_window_new (GtkWindow *parent,
                                                          GSettings *settings);

G_END_DECLS
