/* tessera-bgstats-send.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-store.h"

G_BEGIN_DECLS

gboolean tessera_bgstats_save         (TesseraStore  *store,
                                       gint64         game_id,
                                       GFile         *file,
                                       char         **url,
                                       GError       **error);
gboolean tessera_bgstats_send_to_file (GtkWidget     *widget,
                                       TesseraStore  *store,
                                       gint64         game_id,
                                       GFile         *file);
void     tessera_bgstats_send         (GtkWidget     *widget,
                                       TesseraStore  *store,
                                       gint64         game_id);

G_END_DECLS
