/* tessera-start-probe.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void tessera_start_probe_watch (GApplication *app);
void tessera_start_probe_mark  (const char   *name);
void tessera_start_probe_add   (const char   *name,
                                double        ms);

G_END_DECLS
