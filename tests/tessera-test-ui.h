/* tessera-test-ui.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void tessera_test_settle          (guint       ms);
void tessera_test_save_screenshot (GtkWidget  *widget,
                                   const char *name);

G_END_DECLS
