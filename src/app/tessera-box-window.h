/* tessera-box-window.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-box-editor.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_BOX_WINDOW (tessera_box_window_get_type ())

G_DECLARE_FINAL_TYPE (TesseraBoxWindow, tessera_box_window, TESSERA, BOX_WINDOW, AdwWindow)

TesseraBoxWindow *tessera_box_window_new        (GtkWindow        *parent,
                                                 TesseraGame      *game,
                                                 GError          **error);
TesseraBoxEditor *tessera_box_window_get_editor (TesseraBoxWindow *self);

G_END_DECLS
