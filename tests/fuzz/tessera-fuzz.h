/* tessera-fuzz.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What the fuzz targets feed their bytes through, shared with the test that replays the
 * regression corpus: a broken property aborts with what broke (libFuzzer reports it). */

void tessera_fuzz_init    (void);
void tessera_fuzz_record  (const guint8 *data,
                           gsize         size);
void tessera_fuzz_tileset (const guint8 *data,
                           gsize         size);
void tessera_fuzz_game    (const guint8 *data,
                           gsize         size);
char *tessera_fuzz_game_record (const guint8 *data,
                                gsize         size);

G_END_DECLS
