/* test-rules.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The numbered base-game examples of doc/rule-decisions.md (E1-E17), each
 * replayed from its record in tests/records/base through the public engine API. Every
 * fixture rebuilds the situation of its example; the tables below say what it must pay. */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "tessera-engine.h"
#include "tessera-test-utils.h"

/* One number a player must have after a fixture is replayed. */
typedef struct
{
  const char *file;
  const char *player;
  const char *category;   /* a category of tessera-cli's breakdown, or NULL for the total */
  int         points;
  const char *reason;     /* part of the sentence of a scoring event that paid these points */
} RuleCase;

static const RuleCase rule_cases[] = {
  /* E1: completed city, 3 tiles and 1 pennant, one red knight. */
  { "e01-city-3-tiles-1-pennant.json", "Red", NULL, 8, "3 tiles x 2 + 1 pennant x 2 = 8" },
  { "e01-city-3-tiles-1-pennant.json", "Red", "city", 8, "completed city" },
  { "e01-city-3-tiles-1-pennant.json", "Blue", NULL, 0, NULL },

  /* E2: completed city of 4 tiles, no pennant. */
  { "e02-city-4-tiles.json", "Red", "city", 8, "4 tiles x 2 = 8" },
  { "e02-city-4-tiles.json", "Blue", NULL, 0, NULL },

  /* E3: red and blue each have a knight in the city the last tile completes: both 10. */
  { "e03-shared-city-10-each.json", "Red", "city", 10, "= 10, tied with Blue" },
  { "e03-shared-city-10-each.json", "Blue", "city", 10, "= 10, tied with Red" },

  /* E4: completed roads of 4 and 3 tiles between junctions. */
  { "e04a-road-4.json", "Red", "road", 4, "completed road at [0, 0] E: 4 tiles = 4" },
  { "e04a-road-4.json", "Blue", NULL, 0, NULL },
  { "e04b-road-3.json", "Red", "road", 3, "completed road at [0, 0] E: 3 tiles = 3" },

  /* E5: completed cloister. */
  { "e05-cloister-9.json", "Red", "cloister", 9, "the cloister and its 8 neighbours = 9" },
  { "e05-cloister-9.json", "Blue", NULL, 0, NULL },

  /* E6: deploy, score and take back in one turn: red 4 (city), then red 3 (road). */
  { "e06a-deploy-score-return-city-4.json", "Red", "city", 4, "2 tiles x 2 = 4" },
  { "e06b-deploy-score-return-road-3.json", "Red", "road", 3, "3 tiles = 3" },
  { "e06b-deploy-score-return-road-3.json", "Blue", NULL, 0, NULL },

  /* E7: a completed 2-tile city scores 4: no small-city exception. */
  { "e07-city-2-tiles-4.json", "Red", "city", 4, "completed city at [0, 1] S: 2 tiles x 2 = 4" },

  /* E8-E10: final scoring of unfinished roads, cloisters and cities. */
  { "e08-final-road-3.json", "Red", "road", 3, "unfinished road at [0, 0] E at the end: 3 tiles = 3" },
  { "e09-final-cloister-5.json", "Yellow", "cloister", 5, "1 + 4 neighbouring tiles = 5" },
  { "e09-final-cloister-5.json", "Red", NULL, 0, NULL },
  { "e10-final-cities.json", "Blue", "city", 3, "at the end: 2 tiles + 1 pennant = 3" },
  { "e10-final-cities.json", "Green", "city", 8, "at the end: 5 tiles + 3 pennants = 8" },
  { "e10-final-cities.json", "Black", NULL, 0, NULL },

  /* E11: red holds the big farm (2 farmers against yellow's 1) next to A and B; blue the
   * small farm next to A. */
  { "e11-farms-example-1.json", "Red", "farm", 6, "2 completed cities x 3 = 6" },
  { "e11-farms-example-1.json", "Blue", "farm", 3, "1 completed city x 3 = 3" },
  { "e11-farms-example-1.json", "Yellow", NULL, 0, NULL },

  /* E12: red and yellow tie with 2 farmers each in the big farm. */
  { "e12-farms-example-2.json", "Red", "farm", 6, "2 completed cities x 3 = 6, tied with Yellow" },
  { "e12-farms-example-2.json", "Yellow", "farm", 6, "2 completed cities x 3 = 6, tied with Red" },
  { "e12-farms-example-2.json", "Blue", "farm", 3, "1 completed city x 3 = 3" },

  /* E13: the farm page: blue 6 (farm 1) + 9 (farm 2), red 9, yellow 12, black 0. */
  { "e13-farm-page.json", "Blue", "farm", 15, "2 completed cities x 3 = 6" },
  { "e13-farm-page.json", "Blue", NULL, 15, "3 completed cities x 3 = 9, tied with Red" },
  { "e13-farm-page.json", "Red", "farm", 9, "3 completed cities x 3 = 9, tied with Blue" },
  { "e13-farm-page.json", "Yellow", "farm", 12, "4 completed cities x 3 = 12" },
  { "e13-farm-page.json", "Black", NULL, 0, NULL },

  /* E14: the Dized pictures. */
  { "e14a-dized-farms-tie.json", "Yellow", "farm", 12, "2 completed cities x 3 = 6, tied with Red" },
  { "e14a-dized-farms-tie.json", "Red", "farm", 6, "2 completed cities x 3 = 6, tied with Yellow" },
  { "e14b-dized-farm-majority.json", "Yellow", "farm", 6, "2 completed cities x 3 = 6" },
  { "e14b-dized-farm-majority.json", "Red", NULL, 0, NULL },

  /* E15: one player's farmers in two farms, of 2 and 1 completed cities. */
  { "e15-farms-1-and-2-cities.json", "Red", "farm", 9, "1 completed city x 3 = 3" },
  { "e15-farms-1-and-2-cities.json", "Blue", NULL, 0, NULL },

  /* E16: a tile with two segments of one city counts once. */
  { "e16-city-tile-counted-once.json", "Red", "city", 10, "4 tiles x 2 + 1 pennant x 2 = 10" },

  /* E17: unfinished city of 3 tiles with 1 pennant at the end. */
  { "e17-final-city-3-tiles-1-pennant.json", "Red", "city", 4, "at the end: 3 tiles + 1 pennant = 4" },
};

/* One scoring event a fixture must produce. */
typedef struct
{
  const char *player;
  int         points;
  const char *category;
  guint       event;        /* the record event that caused it */
  guint       n_tiles;      /* road, city, cloister */
  guint       n_pennants;   /* city */
  guint       n_cities;     /* farm */
  guint       n_followers;  /* the player's followers in the feature */
  const char *winners;      /* everyone paid for the same feature, comma-separated */
  const char *sentence;
} ExpectedScore;

/* A fixture and every scoring event it must produce, in any order. */
typedef struct
{
  const char          *file;
  gboolean             finished;
  guint                n_scores;
  const ExpectedScore *scores;
} FixtureCase;

static const ExpectedScore e01_scores[] = {
  { "Red", 8, "city", 1, 3, 1, 0, 1, "Red", "completed city at [0, 0] N: 3 tiles x 2 + 1 pennant x 2 = 8" },
};
static const ExpectedScore e02_scores[] = {
  { "Red", 8, "city", 2, 4, 0, 0, 1, "Red", "completed city at [0, 0] N: 4 tiles x 2 = 8" },
};
static const ExpectedScore e03_scores[] = {
  { "Red", 10, "city", 2, 4, 1, 0, 1, "Red,Blue",
    "completed city at [0, 0] N: 4 tiles x 2 + 1 pennant x 2 = 10, tied with Blue" },
  { "Blue", 10, "city", 2, 4, 1, 0, 1, "Red,Blue",
    "completed city at [0, 0] N: 4 tiles x 2 + 1 pennant x 2 = 10, tied with Red" },
};
static const ExpectedScore e04a_scores[] = {
  { "Red", 4, "road", 2, 4, 0, 0, 1, "Red", "completed road at [0, 0] E: 4 tiles = 4" },
};
static const ExpectedScore e04b_scores[] = {
  { "Red", 3, "road", 1, 3, 0, 0, 1, "Red", "completed road at [0, 0] E: 3 tiles = 3" },
};
static const ExpectedScore e05_scores[] = {
  { "Red", 9, "cloister", 7, 9, 0, 0, 1, "Red",
    "completed cloister at [0, 1]: the cloister and its 8 neighbours = 9" },
};
static const ExpectedScore e06a_scores[] = {
  { "Red", 4, "city", 0, 2, 0, 0, 1, "Red", "completed city at [0, 0] N: 2 tiles x 2 = 4" },
};
static const ExpectedScore e06b_scores[] = {
  { "Red", 3, "road", 1, 3, 0, 0, 1, "Red", "completed road at [0, 0] E: 3 tiles = 3" },
};
static const ExpectedScore e07_scores[] = {
  { "Red", 4, "city", 1, 2, 0, 0, 1, "Red", "completed city at [0, 1] S: 2 tiles x 2 = 4" },
};
static const ExpectedScore e08_scores[] = {
  { "Red", 3, "road", 2, 3, 0, 0, 1, "Red", "unfinished road at [0, 0] E at the end: 3 tiles = 3" },
};
static const ExpectedScore e09_scores[] = {
  { "Yellow", 5, "cloister", 4, 5, 0, 0, 1, "Yellow",
    "unfinished cloister at [0, 1] at the end: 1 + 4 neighbouring tiles = 5" },
};
static const ExpectedScore e10_scores[] = {
  { "Blue", 3, "city", 8, 2, 1, 0, 1, "Blue", "unfinished city at [0, 1] S at the end: 2 tiles + 1 pennant = 3" },
  { "Green", 8, "city", 8, 5, 3, 0, 2, "Green", "unfinished city at [0, 0] N at the end: 5 tiles + 3 pennants = 8" },
};
static const ExpectedScore e11_scores[] = {
  { "Red", 6, "farm", 7, 0, 0, 2, 2, "Red", "farm at [0, -1] N: 2 completed cities x 3 = 6" },
  { "Blue", 3, "farm", 7, 0, 0, 1, 1, "Blue", "farm at [0, 0] ENE: 1 completed city x 3 = 3" },
};
static const ExpectedScore e12_scores[] = {
  { "Red", 6, "farm", 9, 0, 0, 2, 2, "Red,Yellow", "farm at [0, -1] N: 2 completed cities x 3 = 6, tied with Yellow" },
  { "Yellow", 6, "farm", 9, 0, 0, 2, 2, "Red,Yellow", "farm at [0, -1] N: 2 completed cities x 3 = 6, tied with Red" },
  { "Blue", 3, "farm", 9, 0, 0, 1, 1, "Blue", "farm at [0, 0] ENE: 1 completed city x 3 = 3" },
};
static const ExpectedScore e13_scores[] = {
  { "Blue", 6, "farm", 14, 0, 0, 2, 1, "Blue", "farm at [0, 0] ENE: 2 completed cities x 3 = 6" },
  { "Blue", 9, "farm", 14, 0, 0, 3, 1, "Blue,Red", "farm at [0, -1] E: 3 completed cities x 3 = 9, tied with Red" },
  { "Red", 9, "farm", 14, 0, 0, 3, 1, "Blue,Red", "farm at [0, -1] E: 3 completed cities x 3 = 9, tied with Blue" },
  { "Yellow", 12, "farm", 14, 0, 0, 4, 2, "Yellow", "farm at [0, 0] S: 4 completed cities x 3 = 12" },
};
static const ExpectedScore e14a_scores[] = {
  { "Yellow", 6, "farm", 6, 0, 0, 2, 1, "Yellow", "farm at [0, 0] ENE: 2 completed cities x 3 = 6" },
  { "Yellow", 6, "farm", 6, 0, 0, 2, 1, "Yellow,Red", "farm at [0, -1] E: 2 completed cities x 3 = 6, tied with Red" },
  { "Red", 6, "farm", 6, 0, 0, 2, 1, "Yellow,Red", "farm at [0, -1] E: 2 completed cities x 3 = 6, tied with Yellow" },
};
static const ExpectedScore e14b_scores[] = {
  { "Yellow", 6, "farm", 6, 0, 0, 2, 2, "Yellow", "farm at [0, -1] N: 2 completed cities x 3 = 6" },
};
static const ExpectedScore e15_scores[] = {
  { "Red", 6, "farm", 5, 0, 0, 2, 1, "Red", "farm at [0, -1] N: 2 completed cities x 3 = 6" },
  { "Red", 3, "farm", 5, 0, 0, 1, 1, "Red", "farm at [0, 0] ENE: 1 completed city x 3 = 3" },
};
static const ExpectedScore e16_scores[] = {
  { "Red", 10, "city", 3, 4, 1, 0, 1, "Red", "completed city at [0, 1] S: 4 tiles x 2 + 1 pennant x 2 = 10" },
};
static const ExpectedScore e17_scores[] = {
  { "Red", 4, "city", 2, 3, 1, 0, 1, "Red", "unfinished city at [0, 0] N at the end: 3 tiles + 1 pennant = 4" },
};

#define FIXTURE(file, finished, scores) { file, finished, G_N_ELEMENTS (scores), scores }

static const FixtureCase fixture_cases[] = {
  FIXTURE ("e01-city-3-tiles-1-pennant.json", FALSE, e01_scores),
  FIXTURE ("e02-city-4-tiles.json", FALSE, e02_scores),
  FIXTURE ("e03-shared-city-10-each.json", FALSE, e03_scores),
  FIXTURE ("e04a-road-4.json", FALSE, e04a_scores),
  FIXTURE ("e04b-road-3.json", FALSE, e04b_scores),
  FIXTURE ("e05-cloister-9.json", FALSE, e05_scores),
  FIXTURE ("e06a-deploy-score-return-city-4.json", FALSE, e06a_scores),
  FIXTURE ("e06b-deploy-score-return-road-3.json", FALSE, e06b_scores),
  FIXTURE ("e07-city-2-tiles-4.json", FALSE, e07_scores),
  FIXTURE ("e08-final-road-3.json", TRUE, e08_scores),
  FIXTURE ("e09-final-cloister-5.json", TRUE, e09_scores),
  FIXTURE ("e10-final-cities.json", TRUE, e10_scores),
  FIXTURE ("e11-farms-example-1.json", TRUE, e11_scores),
  FIXTURE ("e12-farms-example-2.json", TRUE, e12_scores),
  FIXTURE ("e13-farm-page.json", TRUE, e13_scores),
  FIXTURE ("e14a-dized-farms-tie.json", TRUE, e14a_scores),
  FIXTURE ("e14b-dized-farm-majority.json", TRUE, e14b_scores),
  FIXTURE ("e15-farms-1-and-2-cities.json", TRUE, e15_scores),
  FIXTURE ("e16-city-tile-counted-once.json", FALSE, e16_scores),
  FIXTURE ("e17-final-city-3-tiles-1-pennant.json", TRUE, e17_scores),
};

/* E6: whoever deploys on the feature the tile completes is paid and has the follower back
 * within the same turn. */
typedef struct
{
  const char *file;
  const char *player;
  guint       turn;         /* the record event of that turn, the last of the record */
  int         points;
} ReturnCase;

static const ReturnCase return_cases[] = {
  { "e06a-deploy-score-return-city-4.json", "Red", 0, 4 },
  { "e06b-deploy-score-return-road-3.json", "Red", 1, 3 },
};

static guint
winner_mask (TesseraGame *game,
             const char  *winners)
{
  g_auto(GStrv) names = g_strsplit (winners, ",", -1);
  guint mask = 0;

  for (guint i = 0; names[i] != NULL; i++)
    mask |= 1u << tessera_test_find_player (game, names[i]);
  return mask;
}

/* The number and the sentence that pays it. */
static void
test_rule (gconstpointer data)
{
  const RuleCase *rule = data;
  g_autoptr(TesseraGame) game = tessera_test_load_game ("base", rule->file, G_MAXUINT);
  const char * const *names;
  guint player;
  const TesseraScoreEvent *scores;
  guint n_scores;
  int points;
  int from_events = 0;
  gboolean explained = rule->reason == NULL;

  if (game == NULL)
    return;
  names = tessera_game_get_player_names (game);
  player = tessera_test_find_player (game, rule->player);
  scores = tessera_game_get_score_events (game, &n_scores);

  if (rule->category == NULL)
    points = tessera_game_get_score (game, player);
  else
    points = tessera_game_get_category_score (game, player, tessera_test_category (rule->category));
  g_assert_cmpint (points, ==, rule->points);

  /* The scoring events of that player add up to the same number, and one of them says why. */
  for (guint i = 0; i < n_scores; i++)
    {
      const TesseraScoreEvent *score = &scores[i];
      g_autofree char *sentence = NULL;

      if (score->player != player)
        continue;
      if (rule->category != NULL && score->category != tessera_test_category (rule->category))
        continue;
      from_events += score->points;
      sentence = tessera_score_event_describe (score, names);
      g_test_message ("%s: %s %+d: %s", rule->file, rule->player, score->points, sentence);
      if (rule->reason != NULL && strstr (sentence, rule->reason) != NULL)
        explained = TRUE;
    }
  g_assert_cmpint (from_events, ==, rule->points);
  if (!explained)
    g_test_message ("no scoring event of %s says \"%s\"", rule->player, rule->reason);
  g_assert_true (explained);
}

/* Every scoring event of the fixture, with the counts behind it. */
static void
test_score_events (gconstpointer data)
{
  const FixtureCase *fixture = data;
  g_autoptr(TesseraGame) game = tessera_test_load_game ("base", fixture->file, G_MAXUINT);
  g_autofree gboolean *matched = NULL;
  guint n_scores;

  if (game == NULL)
    return;
  n_scores = tessera_game_get_n_score_events (game);
  matched = g_new0 (gboolean, MAX (n_scores, 1));
  g_assert_cmpint (tessera_game_is_finished (game), ==, fixture->finished);

  tessera_test_log_scores (game);
  for (guint e = 0; e < fixture->n_scores; e++)
    {
      const ExpectedScore *expected = &fixture->scores[e];
      TesseraTestScore sentence = {
        expected->player, expected->points, expected->category, expected->event, expected->sentence,
      };
      TesseraCategory category = tessera_test_category (expected->category);
      const TesseraScoreEvent *found = tessera_test_expect_score (game, matched, &sentence);

      if (found == NULL)
        continue;
      /* The numbers behind the sentence, and who shared the feature. */
      g_assert_cmpuint (found->n_followers, ==, expected->n_followers);
      g_assert_cmphex (found->winners, ==, winner_mask (game, expected->winners));
      if (category == TESSERA_CATEGORY_FARM)
        g_assert_cmpuint (found->n_cities, ==, expected->n_cities);
      else
        g_assert_cmpuint (found->n_tiles, ==, expected->n_tiles);
      if (category == TESSERA_CATEGORY_CITY)
        g_assert_cmpuint (found->n_pennants, ==, expected->n_pennants);
    }

  /* Nothing else paid anyone. */
  g_assert_cmpuint (n_scores, ==, fixture->n_scores);
}

static void
test_follower_returns (gconstpointer data)
{
  const ReturnCase *ret = data;
  g_autoptr(TesseraGame) before = tessera_test_load_game ("base", ret->file, ret->turn);
  g_autoptr(TesseraGame) after = tessera_test_load_game ("base", ret->file, G_MAXUINT);
  const TesseraScoreEvent *score;
  const TesseraScoreEvent *scores;
  guint n_scores;
  guint player;

  if (before == NULL || after == NULL)
    return;
  player = tessera_test_find_player (after, ret->player);
  scores = tessera_game_get_score_events (after, &n_scores);

  /* The record ends with that turn; before it the player had every follower and no points. */
  g_assert_cmpuint (tessera_game_get_n_events (after), ==, ret->turn + 1);
  g_assert_cmpuint (tessera_game_get_followers_in_supply (before, player), ==, TESSERA_FOLLOWERS_PER_PLAYER);
  g_assert_cmpint (tessera_game_get_score (before, player), ==, 0);

  /* That turn deployed one follower on the feature it completed and paid for it... */
  g_assert_cmpuint (n_scores, ==, 1);
  if (n_scores == 0)
    return;
  score = &scores[0];
  g_assert_cmpuint (score->event, ==, ret->turn);
  g_assert_cmpuint (score->player, ==, player);
  g_assert_cmpuint (score->n_followers, ==, 1);
  g_assert_cmpint (score->points, ==, ret->points);
  g_assert_cmpint (tessera_game_get_score (after, player), ==, ret->points);

  /* ...and the follower is back in supply at the end of the same turn. */
  g_assert_cmpuint (tessera_game_get_followers_in_supply (after, player), ==, TESSERA_FOLLOWERS_PER_PLAYER);
  g_assert_cmpuint (tessera_game_get_n_pieces (after), ==, 0);
}

/* The app's brief sentences are the full ones without the place: for every scoring of every
 * fixture, removing " at [x, y] S" from the full sentence gives the brief one (crown spaces are
 * named by their segment instead: "a crown space of Famine"). */
static void
test_brief_sentences (void)
{
  static const char * const dirs[] = { "base", "wheel", "tower", "magic", "crop" };
  guint n_checked = 0;

  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    {
      g_autofree char *folder = g_test_build_filename (G_TEST_DIST, "records", dirs[d], NULL);
      g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
      const char *name;

      g_assert_nonnull (dir);
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autoptr(TesseraRecord) record = NULL;
          g_autoptr(TesseraGame) game = NULL;
          guint n_scores;
          const TesseraScoreEvent *scores;

          if (!g_str_has_suffix (name, ".json"))
            continue;
          record = tessera_test_load_record (dirs[d], name, NULL);
          /* Fixtures that end with a refused move are left out. */
          game = tessera_game_new_from_record (record, record->events->len, NULL);
          if (game == NULL)
            continue;
          scores = tessera_game_get_score_events (game, &n_scores);
          for (guint i = 0; i < n_scores; i++)
            {
              const char * const *names = tessera_game_get_player_names (game);
              g_autofree char *full = tessera_score_event_describe (&scores[i], names);
              g_autofree char *brief = tessera_score_event_describe_briefly (&scores[i], names);
              g_autofree char *place = NULL;
              g_autoptr(GString) expected = g_string_new (full);

              if (scores[i].reason == TESSERA_REASON_CROWN)
                {
                  g_assert_true (g_str_has_prefix (brief, "a crown space of "));
                  g_assert_cmpstr (strchr (brief, ':'), ==, strchr (full, ':'));
                  continue;
                }
              place = scores[i].reason == TESSERA_REASON_COMPLETED_CLOISTER
                      || scores[i].reason == TESSERA_REASON_UNFINISHED_CLOISTER
                      ? g_strdup_printf (" at [%d, %d]", scores[i].at.x, scores[i].at.y)
                      : g_strdup_printf (" at [%d, %d] %s", scores[i].at.x, scores[i].at.y, scores[i].spot);
              g_string_replace (expected, place, "", 1);
              /* Taxes and Famine name the feature with an article once its place is gone. */
              g_string_replace (expected, "Taxes, city:", "Taxes, a city:", 1);
              g_string_replace (expected, "Famine, farm:", "Famine, a farm:", 1);
              g_assert_cmpstr (brief, ==, expected->str);
              n_checked++;
            }
        }
    }
  g_assert_cmpuint (n_checked, >, 50);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* A wrong number fails its own case; the other examples still run and report. */
  g_test_set_nonfatal_assertions ();

  g_test_add_func ("/rules/brief-sentences", test_brief_sentences);

  for (guint i = 0; i < G_N_ELEMENTS (fixture_cases); i++)
    tessera_test_add_fixture_case ("rules", fixture_cases[i].file, "score-events", NULL,
                                   &fixture_cases[i], test_score_events);

  for (guint i = 0; i < G_N_ELEMENTS (rule_cases); i++)
    {
      const RuleCase *rule = &rule_cases[i];

      tessera_test_add_fixture_case ("rules", rule->file, rule->player,
                                     rule->category != NULL ? rule->category : "total", rule, test_rule);
    }

  for (guint i = 0; i < G_N_ELEMENTS (return_cases); i++)
    tessera_test_add_fixture_case ("rules", return_cases[i].file, "follower-returns", NULL,
                                   &return_cases[i], test_follower_returns);

  return g_test_run ();
}
