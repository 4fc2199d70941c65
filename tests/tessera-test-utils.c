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

/* The seat of the player a fixture calls @name; a fixture without one is broken. */
guint
tessera_test_find_player (TesseraGame *game,
                          const char  *name)
{
  const char * const *names = tessera_game_get_player_names (game);
  guint n_players = tessera_game_get_n_players (game);

  for (guint p = 0; p < n_players; p++)
    if (g_strcmp0 (names[p], name) == 0)
      return p;
  g_test_message ("the fixture has no player called %s", name);
  g_assert_not_reached ();
  return 0;
}

TesseraCategory
tessera_test_category (const char *name)
{
  TesseraCategory category = TESSERA_N_CATEGORIES;

  g_assert_true (tessera_category_from_name (name, &category));
  return category;
}
