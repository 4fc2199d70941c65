/* tessera-wrap-box.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TESSERA_TYPE_WRAP_BOX (tessera_wrap_box_get_type ())

G_DECLARE_FINAL_TYPE (TesseraWrapBox, tessera_wrap_box, TESSERA, WRAP_BOX, GtkWidget)

GtkWidget *tessera_wrap_box_new         (void);
void       tessera_wrap_box_append      (TesseraWrapBox *self,
                                         GtkWidget      *child);

G_END_DECLS
