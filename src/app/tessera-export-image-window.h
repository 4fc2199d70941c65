/* tessera-export-image-window.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_EXPORT_IMAGE_WINDOW (tessera_export_image_window_get_type ())

G_DECLARE_FINAL_TYPE (TesseraExportImageWindow, tessera_export_image_window, TESSERA, EXPORT_IMAGE_WINDOW, AdwWindow)

GtkWidget *tessera_export_image_window_new      (GtkWindow                *parent,
                                                 TesseraGame              *game);
int        tessera_export_image_window_get_long_side (TesseraExportImageWindow *self);
void       tessera_export_image_window_set_long_side (TesseraExportImageWindow *self,
                                                      int                       long_side);
void       tessera_export_image_window_get_size (TesseraExportImageWindow *self,
                                                 int                      *width,
                                                 int                      *height);
gboolean   tessera_export_image_window_save     (TesseraExportImageWindow *self,
                                                 GFile                    *file,
                                                 GError                  **error);

G_END_DECLS
