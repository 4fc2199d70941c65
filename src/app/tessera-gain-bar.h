/* tessera-gain-bar.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TESSERA_TYPE_GAIN_BAR (tessera_gain_bar_get_type ())

G_DECLARE_FINAL_TYPE (TesseraGainBar, tessera_gain_bar, TESSERA, GAIN_BAR, GtkWidget)

GtkWidget *tessera_gain_bar_new       (void);
void       tessera_gain_bar_set_gains (TesseraGainBar *self,
                                       double          made,
                                       double          best,
                                       double          scale);

G_END_DECLS
