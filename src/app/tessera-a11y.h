/* tessera-a11y.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void tessera_a11y_name_drop_down (GtkDropDown *drop_down,
                                  const char  *name);
void tessera_a11y_name_list_row  (GtkWidget   *child,
                                  const char  *label,
                                  const char  *description);

G_END_DECLS
