/* tessera-focus-group.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void       tessera_focus_group_attach (GtkWidget *group);
GtkWidget *tessera_focus_group_find   (GtkWidget *widget);

G_END_DECLS
