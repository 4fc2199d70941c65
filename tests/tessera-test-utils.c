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

/* Adds @test for the fixture @file as "/@suite/<its case name>/@check/@label"; @check and
 * @label may be NULL, and a NULL @check leaves @label out too. */
void
tessera_test_add_fixture_case (const char    *suite,
                               const char    *file,
                               const char    *check,
                               const char    *label,
                               gconstpointer  data,
                               GTestDataFunc  test)
{
  g_autofree char *name = tessera_test_case_name (file);
  g_autofree char *path = g_strjoin ("/", "", suite, name, check, label, NULL);

  g_test_add_data_func (path, data, test);
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

/* Every scoring event, so that a failing test's log shows what the game did pay. */
void
tessera_test_log_scores (TesseraGame *game)
{
  const char * const *names = tessera_game_get_player_names (game);
  GArray *scores = tessera_game_get_score_events (game);

  for (guint i = 0; i < scores->len; i++)
    {
      const TesseraScoreEvent *score = &g_array_index (scores, TesseraScoreEvent, i);
      g_autofree char *sentence = tessera_score_event_describe (score, names);

      g_test_message ("event %u: %s %+d (%s): %s", score->event, names[score->player], score->points,
                      tessera_category_name (score->category), sentence);
    }
}

/* The scoring event @expected describes, found by its player and whole sentence among those not
 * @matched yet (one flag per scoring event of @game); its points, category and event must
 * agree. Returns it, marked as matched, for the caller's further checks; NULL (and the test
 * fails) when there is none. */
const TesseraScoreEvent *
tessera_test_expect_score (TesseraGame            *game,
                           gboolean               *matched,
                           const TesseraTestScore *expected)
{
  const char * const *names = tessera_game_get_player_names (game);
  GArray *scores = tessera_game_get_score_events (game);
  guint player = tessera_test_find_player (game, expected->player);

  for (guint i = 0; i < scores->len; i++)
    {
      const TesseraScoreEvent *score = &g_array_index (scores, TesseraScoreEvent, i);
      g_autofree char *sentence = NULL;

      if (matched[i] || score->player != player)
        continue;
      sentence = tessera_score_event_describe (score, names);
      if (!g_str_equal (sentence, expected->sentence))
        continue;
      matched[i] = TRUE;
      g_assert_cmpint (score->points, ==, expected->points);
      g_assert_cmpint (score->category, ==, tessera_test_category (expected->category));
      g_assert_cmpuint (score->event, ==, expected->event);
      return score;
    }
  g_test_message ("missing: %s %+d: %s", expected->player, expected->points, expected->sentence);
  g_test_fail ();
  return NULL;
}

/* The game paid exactly what @expected lists (up to @max_expected rows, or up to the first
 * without a player), each with its whole sentence, and nothing else. */
void
tessera_test_check_scores (TesseraGame            *game,
                           const TesseraTestScore *expected,
                           guint                   max_expected)
{
  GArray *scores = tessera_game_get_score_events (game);
  g_autofree gboolean *matched = g_new0 (gboolean, MAX (scores->len, 1));
  guint n_expected = 0;

  tessera_test_log_scores (game);
  for (; n_expected < max_expected && expected[n_expected].player != NULL; n_expected++)
    tessera_test_expect_score (game, matched, &expected[n_expected]);
  g_assert_cmpuint (scores->len, ==, n_expected);
}
