/* tessera-test-utils.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "tessera-test-utils.h"

/* The test path for a fixture file: "e01-city-3-tiles-1-pennant.json" -> "e01-city-3-tiles-1-pennant". */
char *
tessera_test_case_name (const char *file)
{
  g_assert_true (g_str_has_suffix (file, ".json"));
  return g_strndup (file, strlen (file) - strlen (".json"));
}
