/* tessera-turned-bin.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TESSERA_TYPE_TURNED_BIN (tessera_turned_bin_get_type ())

G_DECLARE_FINAL_TYPE (TesseraTurnedBin, tessera_turned_bin, TESSERA, TURNED_BIN, GtkWidget)

GtkWidget *tessera_turned_bin_new               (void);
GtkWidget *tessera_turned_bin_get_child         (TesseraTurnedBin *self);
void       tessera_turned_bin_set_child         (TesseraTurnedBin *self,
                                                 GtkWidget        *child);
guint      tessera_turned_bin_get_quarter_turns (TesseraTurnedBin *self);
void       tessera_turned_bin_set_quarter_turns (TesseraTurnedBin *self,
                                                 guint             quarter_turns);

G_END_DECLS
