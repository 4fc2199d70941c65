/* tessera-bench-history.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-store.h"

G_BEGIN_DECLS

void tessera_bench_fill_history (const char *path,
                                 guint       n_games);

G_END_DECLS
