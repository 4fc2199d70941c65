/* tessera-test-utils.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-engine.h"

G_BEGIN_DECLS

char            *tessera_test_case_name (const char  *file);
guint            tessera_test_find_player (TesseraGame *game,
                                           const char  *name);
TesseraCategory  tessera_test_category  (const char  *name);

G_END_DECLS
