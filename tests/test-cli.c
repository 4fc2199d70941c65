/* test-cli.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Runs the real tessera-cli (TESSERA_CLI, set by tests/meson.build) on the example records and
 * on broken records, and checks what a player would see: the numbers of "score --json", the
 * sentences of "explain", the summary of "validate", what "state" and "moves" report of the
 * expansions, and for every broken record the exit status and the exact message on standard
 * error. */

#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "tessera-random-game.h"
#include "tessera-test-utils.h"

/* What tessera-cli printed and how it ended. */
typedef struct
{
  int   status;   /* exit status, or -1 if it did not exit normally */
  char *out;
  char *err;
} CliRun;

static void
cli_run_clear (CliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliRun, cli_run_clear)

/* Runs tessera-cli with @args in @directory, in the untranslated C locale so that the messages
 * are the English ones whatever the developer's own locale is; through the command @prefix
 * when not %NULL (found in PATH). FALSE if there is no tessera-cli to run (the case is
 * skipped). */
static gboolean
run_cli_through (const char         *directory,
                 const char * const *prefix,
                 const char * const *args,
                 CliRun             *run)
{
  const char *cli = g_getenv ("TESSERA_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  int wait_status = 0;

  run->status = -1;
  run->out = NULL;
  run->err = NULL;
  if (cli == NULL)
    {
      g_test_skip ("TESSERA_CLI is not set; run the tests with meson test");
      return FALSE;
    }

  for (guint i = 0; prefix != NULL && prefix[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) prefix[i]);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  envp = g_environ_unsetenv (envp, "LANGUAGE");

  g_spawn_sync (directory, (char **) argv->pdata, envp, prefix != NULL ? G_SPAWN_SEARCH_PATH : G_SPAWN_DEFAULT,
                NULL, NULL, &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  if (error != NULL)
    return FALSE;

  if (g_spawn_check_wait_status (wait_status, &error))
    run->status = 0;
  else if (error->domain == G_SPAWN_EXIT_ERROR)
    run->status = error->code;
  g_test_message ("tessera-cli %s -> %d\n--- stdout\n%s--- stderr\n%s", args[0], run->status, run->out, run->err);
  return TRUE;
}

/* run_cli_through() killed after a minute: its status is then 137. */
static gboolean
run_cli_within_a_minute (const char         *directory,
                         const char * const *args,
                         CliRun             *run)
{
  return run_cli_through (directory, (const char *[]) { "timeout", "--signal=KILL", "60", NULL }, args, run);
}

static gboolean
run_cli (const char         *directory,
         const char * const *args,
         CliRun             *run)
{
  return run_cli_through (directory, NULL, args, run);
}

static char *
records_dir (const char *kind)
{
  return g_test_build_filename (G_TEST_DIST, "records", kind, NULL);
}

/* score --json ---------------------------------------------------------------------------- */

static const char * const categories[] = {
  "road", "city", "cloister", "farm", "wheel", "crown", "ransom", "adjust",
};

typedef struct
{
  const char *name;
  const char *color;
  int         score;
  const char *category;   /* the one category that paid the score, or NULL */
} PlayerScore;

typedef struct
{
  const char  *file;
  gboolean     finished;
  guint        n_players;
  PlayerScore  players[4];
} ScoreCase;

static const ScoreCase score_cases[] = {
  { "e01-city-3-tiles-1-pennant.json", FALSE, 2,
    { { "Red", "red", 8, "city" }, { "Blue", "blue", 0, NULL } } },
  { "e03-shared-city-10-each.json", FALSE, 2,
    { { "Red", "red", 10, "city" }, { "Blue", "blue", 10, "city" } } },
  { "e05-cloister-9.json", FALSE, 2,
    { { "Red", "red", 9, "cloister" }, { "Blue", "blue", 0, NULL } } },
  { "e08-final-road-3.json", TRUE, 2,
    { { "Red", "red", 3, "road" }, { "Blue", "blue", 0, NULL } } },
  { "e10-final-cities.json", TRUE, 3,
    { { "Blue", "blue", 3, "city" }, { "Green", "green", 8, "city" }, { "Black", "black", 0, NULL } } },
  { "e13-farm-page.json", TRUE, 4,
    { { "Blue", "blue", 15, "farm" }, { "Red", "red", 9, "farm" }, { "Yellow", "yellow", 12, "farm" },
      { "Black", "black", 0, NULL } } },
  { "e16-city-tile-counted-once.json", FALSE, 2,
    { { "Red", "red", 10, "city" }, { "Blue", "blue", 0, NULL } } },
};

static void
test_score_json (gconstpointer data)
{
  const ScoreCase *score_case = data;
  g_autofree char *dir = records_dir ("base");
  const char * const args[] = { "score", "--json", score_case->file, NULL };
  g_auto(CliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;
  JsonArray *players;

  if (!run_cli (dir, args, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");

  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  if (error != NULL)
    return;
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_boolean_member (root, "finished"), ==, score_case->finished);
  players = json_object_get_array_member (root, "players");
  g_assert_cmpuint (json_array_get_length (players), ==, score_case->n_players);
  if (json_array_get_length (players) != score_case->n_players)
    return;

  for (guint p = 0; p < score_case->n_players; p++)
    {
      const PlayerScore *expected = &score_case->players[p];
      JsonObject *player = json_array_get_object_element (players, p);
      JsonObject *breakdown = json_object_get_object_member (player, "breakdown");
      gint64 sum = 0;

      g_assert_cmpstr (json_object_get_string_member (player, "name"), ==, expected->name);
      g_assert_cmpstr (json_object_get_string_member (player, "color"), ==, expected->color);
      g_assert_cmpint (json_object_get_int_member (player, "score"), ==, expected->score);

      /* Every category is there, the example's one holds the points, and they add up. */
      g_assert_cmpuint (json_object_get_size (breakdown), ==, G_N_ELEMENTS (categories));
      for (guint c = 0; c < G_N_ELEMENTS (categories); c++)
        {
          int wanted = g_strcmp0 (categories[c], expected->category) == 0 ? expected->score : 0;
          gint64 points;

          g_assert_true (json_object_has_member (breakdown, categories[c]));
          points = json_object_get_int_member_with_default (breakdown, categories[c], G_MININT64);
          g_assert_cmpint (points, ==, wanted);
          sum += points;
        }
      g_assert_cmpint (sum, ==, json_object_get_int_member (player, "score"));
    }
}

/* explain -------------------------------------------------------------------------------- */

typedef struct
{
  const char *file;
  guint       n_lines;
  const char *lines[4];   /* every line, in any order */
} ExplainCase;

static const ExplainCase explain_cases[] = {
  { "e01-city-3-tiles-1-pennant.json", 1,
    { "event 1: Red +8 (city): completed city at [0, 0] N: 3 tiles x 2 + 1 pennant x 2 = 8" } },
  { "e03-shared-city-10-each.json", 2,
    { "event 2: Red +10 (city): completed city at [0, 0] N: 4 tiles x 2 + 1 pennant x 2 = 10, tied with Blue",
      "event 2: Blue +10 (city): completed city at [0, 0] N: 4 tiles x 2 + 1 pennant x 2 = 10, tied with Red" } },
  { "e04a-road-4.json", 1,
    { "event 2: Red +4 (road): completed road at [0, 0] E: 4 tiles = 4" } },
  { "e06a-deploy-score-return-city-4.json", 1,
    { "event 0: Red +4 (city): completed city at [0, 0] N: 2 tiles x 2 = 4" } },
  { "e09-final-cloister-5.json", 1,
    { "event 4: Yellow +5 (cloister): unfinished cloister at [0, 1] at the end: 1 + 4 neighbouring tiles = 5" } },
  { "e11-farms-example-1.json", 2,
    { "event 7: Red +6 (farm): farm at [0, -1] N: 2 completed cities x 3 = 6",
      "event 7: Blue +3 (farm): farm at [0, 0] ENE: 1 completed city x 3 = 3" } },
  { "e17-final-city-3-tiles-1-pennant.json", 1,
    { "event 2: Red +4 (city): unfinished city at [0, 0] N at the end: 3 tiles + 1 pennant = 4" } },
};

static void
test_explain (gconstpointer data)
{
  const ExplainCase *explain = data;
  g_autofree char *dir = records_dir ("base");
  const char * const args[] = { "explain", explain->file, NULL };
  g_auto(CliRun) run = { 0 };
  g_auto(GStrv) lines = NULL;

  if (!run_cli (dir, args, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_true (g_str_has_suffix (run.out, "\n"));

  lines = g_strsplit (run.out, "\n", -1);
  /* The text ends with a newline, so the last piece is empty. */
  g_assert_cmpuint (g_strv_length (lines), ==, explain->n_lines + 1);
  for (guint i = 0; i < explain->n_lines; i++)
    {
      if (!g_strv_contains ((const char * const *) lines, explain->lines[i]))
        g_test_message ("missing line: %s", explain->lines[i]);
      g_assert_true (g_strv_contains ((const char * const *) lines, explain->lines[i]));
    }
}

static void
test_explain_json (void)
{
  g_autofree char *dir = records_dir ("base");
  const char * const args[] = { "explain", "--json", "e01-city-3-tiles-1-pennant.json", NULL };
  g_auto(CliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *scores;
  JsonObject *score;

  if (!run_cli (dir, args, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  if (error != NULL)
    return;
  g_assert_true (JSON_NODE_HOLDS_ARRAY (json_parser_get_root (parser)));
  scores = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (scores), ==, 1);
  if (json_array_get_length (scores) != 1)
    return;
  score = json_array_get_object_element (scores, 0);
  g_assert_cmpint (json_object_get_int_member (score, "event"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (score, "player"), ==, "Red");
  g_assert_cmpint (json_object_get_int_member (score, "points"), ==, 8);
  g_assert_cmpstr (json_object_get_string_member (score, "category"), ==, "city");
  g_assert_cmpstr (json_object_get_string_member (score, "reason"), ==,
                   "completed city at [0, 0] N: 3 tiles x 2 + 1 pennant x 2 = 8");
}

/* validate ------------------------------------------------------------------------------- */

typedef struct
{
  const char *file;
  const char *summary;
} ValidateCase;

static const ValidateCase validate_cases[] = {
  { "e01-city-3-tiles-1-pennant.json",
    "e01-city-3-tiles-1-pennant.json: valid record: 2 players, 2 turns, 2 events; in progress\n" },
  { "e08-final-road-3.json",
    "e08-final-road-3.json: valid record: 2 players, 2 turns, 3 events; finished\n" },
  { "e13-farm-page.json",
    "e13-farm-page.json: valid record: 4 players, 14 turns, 15 events; finished\n" },
};

static void
test_validate (gconstpointer data)
{
  const ValidateCase *validate = data;
  g_autofree char *dir = records_dir ("base");
  const char * const args[] = { "validate", validate->file, NULL };
  g_auto(CliRun) run = { 0 };

  if (!run_cli (dir, args, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, validate->summary);
  g_assert_cmpstr (run.err, ==, "");
}

/* Every example record is legal. */
static void
test_validate_all_examples (void)
{
  g_autofree char *dir = records_dir ("base");
  g_autoptr(GDir) listing = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;
  guint n_records = 0;

  listing = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  if (listing == NULL)
    return;
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      const char * const args[] = { "validate", name, NULL };
      g_auto(CliRun) run = { 0 };
      g_autofree char *prefix = g_strdup_printf ("%s: valid record: ", name);

      if (!g_str_has_suffix (name, ".json"))
        continue;
      n_records++;
      if (!run_cli (dir, args, &run))
        return;
      g_assert_cmpint (run.status, ==, 0);
      g_assert_true (g_str_has_prefix (run.out, prefix));
      g_assert_cmpstr (run.err, ==, "");
    }
  g_assert_cmpuint (n_records, >=, 17);
}

/* state and moves ------------------------------------------------------------------------ */

/* --help lists every command; COMMAND --help shows that command's lines and exactly the
 * options it takes, wherever --help stands on the line, and exits 0 without running it. */
static void
test_help (void)
{
  static const struct
  {
    const char *args[4];
    const char *shows[4];
    const char *not_shows[4];
  } cases[] = {
    { { "--help" }, { "  validate FILE", "  history [--json]", "COMMAND --help" }, { "Options:" } },
    { { "--help" }, { "--db PATH or --db=PATH; -- ends the options" }, { "tessera-cli validate" } },
    { { "moves", "--help" }, { "Usage:\n  tessera-cli moves [--json] FILE TILE", "  --json ", "  -- " }, { "tessera-cli validate", "  --db", "  --after" } },
    { { "export", "-h" }, { "Usage:\n  tessera-cli export [--db PATH] GAME_ID", "  tessera-cli export --csv", "  --csv ", "  --db PATH " }, { "  --json", "tessera-cli import" } },
    { { "export", "--help" }, { "  tessera-cli export --bgstats [--db PATH] GAME_ID", "  --bgstats " }, { "  --json" } },
    { { "state", "no-such-file.json", "--help" }, { "  tessera-cli state [--json] [--after N] FILE", "  --after N " }, { "  --db" } },
    { { "validate", "--help" }, { "Usage:\n  tessera-cli validate FILE", "Options:\n  -- ", "Exit status:" }, { "  --json" } },
    { { "history", "--help" }, { "Usage:\n  tessera-cli history [--json] [--db PATH] WHAT" }, { "FILE" } },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_auto(CliRun) run = { 0 };

      if (!run_cli (".", cases[c].args, &run))
        return;
      g_assert_cmpint (run.status, ==, 0);
      g_assert_cmpstr (run.err, ==, "");
      for (guint i = 0; i < G_N_ELEMENTS (cases[c].shows) && cases[c].shows[i] != NULL; i++)
        g_assert_nonnull (strstr (run.out, cases[c].shows[i]));
      for (guint i = 0; i < G_N_ELEMENTS (cases[c].not_shows) && cases[c].not_shows[i] != NULL; i++)
        g_assert_null (strstr (run.out, cases[c].not_shows[i]));
    }
}

/* Runs tessera-cli with @args in @directory and parses what it printed as JSON. */
static JsonNode *
run_cli_json (const char         *directory,
              const char * const *args)
{
  g_auto(CliRun) run = { 0 };
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  if (!run_cli (directory, args, &run))
    return NULL;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  root = json_from_string (run.out, &error);
  g_assert_no_error (error);
  g_assert_true (root == NULL || JSON_NODE_HOLDS_OBJECT (root));
  return root;
}

/* Runs tessera-cli with @args and returns its standard output parsed as JSON (any kind). */
static JsonNode *
run_cli_json_any (const char * const *args)
{
  g_auto(CliRun) run = { 0 };
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  if (!run_cli (NULL, args, &run))
    return NULL;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  root = json_from_string (run.out, &error);
  g_assert_no_error (error);
  return root;
}

/* review ---------------------------------------------------------------------------------- */

/* review --json gives the engine's review, member by member; the text a line a turn and a line
 * a player; a record that breaks a rule exits with 1. */
static void
test_review (void)
{
  g_autofree char *dir = records_dir ("review");
  const char * const json_args[] = { "review", "--json", "closing-city.json", NULL };
  const char * const text_args[] = { "review", "closing-city.json", NULL };
  const char * const bad_args[] = { "review", "--json", "illegal-placement.json", NULL };
  g_autofree char *bad_dir = records_dir ("bad");
  g_autoptr(TesseraRecord) record = tessera_test_load_record ("review", "closing-city.json", NULL);
  g_autoptr(TesseraReview) review = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_auto(CliRun) run = { 0 };
  g_auto(GStrv) lines = NULL;
  JsonArray *turns, *players;
  guint n_turns;
  const TesseraReviewTurn *reviewed;

  g_assert_nonnull (record);
  review = tessera_review_new (record, NULL, NULL, NULL, NULL);
  reviewed = tessera_review_get_turns (review, &n_turns);
  root = run_cli_json (dir, json_args);
  if (root == NULL)
    return;
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (root), "method"), ==, TESSERA_ESTIMATE_METHOD);
  turns = json_object_get_array_member (json_node_get_object (root), "turns");
  g_assert_cmpuint (json_array_get_length (turns), ==, n_turns);
  for (guint i = 0; i < n_turns; i++)
    {
      JsonObject *turn = json_array_get_object_element (turns, i);
      JsonObject *best = json_object_get_object_member (turn, "best");
      JsonObject *best_turn = json_object_get_object_member (best, "turn");
      JsonArray *at = json_object_get_array_member (best_turn, "at");

      g_assert_cmpint (json_object_get_int_member (turn, "event"), ==, reviewed[i].event);
      g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (turn, "made"), "value"), ==, reviewed[i].made);
      g_assert_cmpfloat (json_object_get_double_member (best, "value"), ==, reviewed[i].best);
      g_assert_cmpfloat (json_object_get_double_member (turn, "luck"), ==, reviewed[i].luck);
      g_assert_cmpint (json_array_get_int_element (at, 0), ==, reviewed[i].best_turn->at.x);
      g_assert_cmpint (json_array_get_int_element (at, 1), ==, reviewed[i].best_turn->at.y);
      g_assert_cmpint (json_object_get_int_member (best_turn, "rotation"), ==, reviewed[i].best_turn->rotation);
    }
  players = json_object_get_array_member (json_node_get_object (root), "players");
  g_assert_cmpuint (json_array_get_length (players), ==, 2);
  g_assert_cmpfloat (json_object_get_double_member (json_array_get_object_element (players, 0), "lost"), ==,
                     tessera_review_get_players (review)[0].lost);

  if (!run_cli (dir, text_args, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, n_turns + 5);
  g_assert_true (g_str_has_prefix (lines[4], "4 Anna E: +"));
  g_assert_nonnull (strstr (lines[4], ", best +"));
  g_assert_nonnull (strstr (lines[4], " (E at 1, -2 rotated 270, farmer north), luck "));
  g_assert_cmpstr (lines[5], ==, "");
  g_assert_true (g_str_has_prefix (lines[6], "Anna: "));
  g_assert_nonnull (strstr (lines[6], " points lost to better turns, luck "));
  g_assert_nonnull (strstr (lines[7], "Bram: "));
  cli_run_clear (&run);

  if (!run_cli (bad_dir, bad_args, &run))
    return;
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "illegal-placement.json: event "));
}

/* "[x, y] spot" for each {"at", "spot"} of @refs, sorted, so lists compare whatever their order. */
static char *
describe_places (JsonArray *refs)
{
  g_autoptr(GPtrArray) places = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < json_array_get_length (refs); i++)
    {
      JsonObject *ref = json_array_get_object_element (refs, i);
      JsonArray *at = json_object_get_array_member (ref, "at");

      g_ptr_array_add (places, g_strdup_printf ("[%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT "] %s",
                                                json_array_get_int_element (at, 0),
                                                json_array_get_int_element (at, 1),
                                                json_object_get_string_member (ref, "spot")));
    }
  g_ptr_array_sort (places, (GCompareFunc) tessera_test_compare_strings);
  g_ptr_array_add (places, NULL);
  return g_strjoinv ("; ", (char **) places->pdata);
}

/* The seat of @name in the "players" of a state. */
static gint64
find_seat (JsonObject *state,
           const char *name)
{
  JsonArray *players = json_object_get_array_member (state, "players");

  for (guint i = 0; i < json_array_get_length (players); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (players, i), "name"), name))
      return i;
  g_test_message ("no player called %s", name);
  g_test_fail ();
  return -1;
}

static JsonObject *
find_player_state (JsonObject *state,
                   const char *name)
{
  JsonArray *players = json_object_get_array_member (state, "players");
  gint64 seat = find_seat (state, name);

  return seat < 0 ? NULL : json_array_get_object_element (players, (guint) seat);
}

/* E20 through "state --json": the pig stands on Taxes, Blue's 2 knights paid 8, Red's 1 paid 3,
 * and the Tower and Mage & Witch, not in the game, are null. */
static void
test_state_wheel (void)
{
  g_autofree char *dir = records_dir ("wheel");
  const char * const args[] = { "state", "--json", "e20-taxes-blue-8-red-3.json", NULL };
  g_autoptr(JsonNode) root = run_cli_json (dir, args);
  JsonObject *state, *wheel, *red, *blue;
  JsonArray *crowns;

  if (root == NULL)
    return;
  state = json_node_get_object (root);
  wheel = json_object_get_object_member (state, "wheel");
  g_assert_cmpstr (json_object_get_string_member (wheel, "pig"), ==, "taxes");
  crowns = json_object_get_array_member (wheel, "crowns");
  g_assert_cmpuint (json_array_get_length (crowns), ==, 9);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (crowns, 0), "space"), ==,
                   "fortuna-1");
  red = find_player_state (state, "Red");
  blue = find_player_state (state, "Blue");
  g_assert_nonnull (red);
  g_assert_nonnull (blue);
  if (red == NULL || blue == NULL)
    return;
  g_assert_cmpint (json_object_get_int_member (red, "score"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (blue, "score"), ==, 8);
  g_assert_cmpint (json_object_get_int_member (red, "followers_in_supply"), ==, 6);
  g_assert_cmpint (json_object_get_int_member (blue, "followers_in_supply"), ==, 5);
  g_assert_true (json_object_get_null_member (state, "towers"));
  g_assert_true (json_object_get_null_member (state, "magic"));
}

/* The Wheel of Fortune box as sold, 72 land tiles, through "state": the box's counts, the one
 * correction, and the tiles left; the text says where the box differs from the catalogue. */
static void
test_state_box (void)
{
  g_autofree char *dir = records_dir ("box");
  const char * const args[] = { "state", "--json", "wheel-of-fortune-72.json", NULL };
  g_autoptr(JsonNode) root = run_cli_json (dir, args);
  g_auto(CliRun) run = { 0 };
  JsonObject *state, *box;
  g_autoptr(GList) members = NULL;
  gint64 total = 0;

  if (root == NULL)
    return;
  state = json_node_get_object (root);
  box = json_object_get_object_member (state, "box");
  g_assert_cmpint (json_object_get_int_member (box, "D"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (box, "U+W2"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (state, "supply"), "D"), ==, 4);
  members = json_object_get_members (box);
  for (GList *l = members; l != NULL; l = l->next)
    total += json_object_get_int_member (box, l->data);
  g_assert_cmpint (total, ==, 72);
  g_assert_cmpint (json_object_get_int_member (state, "tiles_left"), ==, 72);

  if (!run_cli (dir, (const char *[]) { "state", "type-taken-out.json", NULL }, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "\nThe box holds 70 tiles, corrected from the catalogue's 72:\n"
                                     "  D×5 (the catalogue has 4)\n"
                                     "  K×0 (the catalogue has 3)\n"));
  g_assert_nonnull (strstr (run.out, "Next: Blue (blue) draws a tile; 68 tiles left.\n"));
}

/* E28 through "state --json": Red's first floor at [0, 2] captured one of Blue's followers;
 * Red has 6 tower pieces left, everyone else 7. */
static void
test_state_tower (void)
{
  g_autofree char *dir = records_dir ("tower");
  const char * const args[] = { "state", "--json", "e28-first-floor-range-5.json", NULL };
  g_autoptr(JsonNode) root = run_cli_json (dir, args);
  const char * const others[] = { "Blue", "Green", "Yellow" };
  JsonObject *state, *tower, *red;
  JsonArray *towers, *prisoners;

  if (root == NULL)
    return;
  state = json_node_get_object (root);
  towers = json_object_get_array_member (state, "towers");
  g_assert_cmpuint (json_array_get_length (towers), ==, 1);
  if (json_array_get_length (towers) != 1)
    return;
  tower = json_array_get_object_element (towers, 0);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (tower, "at"), 0), ==, 0);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (tower, "at"), 1), ==, 2);
  g_assert_cmpint (json_object_get_int_member (tower, "height"), ==, 1);
  g_assert_true (json_object_get_null_member (tower, "top"));

  red = find_player_state (state, "Red");
  g_assert_nonnull (red);
  if (red == NULL)
    return;
  g_assert_cmpint (json_object_get_int_member (red, "tower_pieces"), ==, 6);
  prisoners = json_object_get_array_member (red, "prisoners");
  g_assert_cmpuint (json_array_get_length (prisoners), ==, 1);
  if (json_array_get_length (prisoners) == 1)
    g_assert_cmpint (json_array_get_int_element (prisoners, 0), ==, find_seat (state, "Blue"));
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      JsonObject *player = find_player_state (state, others[i]);

      if (player == NULL)
        continue;
      g_assert_cmpint (json_object_get_int_member (player, "tower_pieces"), ==, 7);
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (player, "prisoners")), ==, 0);
    }
  g_assert_true (json_object_get_null_member (state, "wheel"));
}

/* E41 through "state --json": the mage stands on the road at [-1, 0] E, the witch beside the board. */
static void
test_state_magic (void)
{
  g_autofree char *dir = records_dir ("magic");
  const char * const args[] = { "state", "--json", "e41-joining-mage-moves.json", NULL };
  g_autoptr(JsonNode) root = run_cli_json (dir, args);
  JsonObject *magic, *mage;

  if (root == NULL)
    return;
  magic = json_object_get_object_member (json_node_get_object (root), "magic");
  mage = json_object_get_object_member (magic, "mage");
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (mage, "at"), 0), ==, -1);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (mage, "at"), 1), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (mage, "spot"), ==, "E");
  g_assert_true (json_object_get_null_member (magic, "witch"));
}

/* E41 through "moves": the magic tile MW-1 fits only at [-2, 0]. Turned so that its east road
 * joins the mage's road, the mage must move to another road or city and the witch may not go
 * where the mage stands (M2-M4), so each may go to the tile's own city and two other roads. */
static void
test_moves_magic (void)
{
  g_autofree char *dir = records_dir ("magic");
  const char * const json_args[] = { "moves", "--json", "e41-joining-mage-moves.json", "MW-1", NULL };
  const char * const text_args[] = { "moves", "e41-joining-mage-moves.json", "MW-1", NULL };
  const char * const plain_args[] = { "moves", "--json", "e41-joining-mage-moves.json", "U", NULL };
  g_autoptr(JsonNode) root = run_cli_json (dir, json_args);
  g_autoptr(JsonNode) plain = run_cli_json (dir, plain_args);
  g_auto(CliRun) run = { 0 };
  JsonArray *placements;
  JsonObject *first;

  if (root == NULL || plain == NULL)
    return;
  placements = json_object_get_array_member (json_node_get_object (root), "placements");
  g_assert_cmpuint (json_array_get_length (placements), ==, 3);
  for (guint i = 0; i < json_array_get_length (placements); i++)
    {
      JsonObject *placement = json_array_get_object_element (placements, i);
      JsonObject *magic = json_object_get_object_member (placement, "magic");
      g_autofree char *mage = describe_places (json_object_get_array_member (magic, "mage"));
      g_autofree char *witch = describe_places (json_object_get_array_member (magic, "witch"));

      /* Each orientation leaves a road joined to the mage's and the city and two roads free. */
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (magic, "mage")), ==, 3);
      g_assert_cmpstr (mage, ==, witch);
    }
  first = json_array_get_object_element (placements, 0);
  g_assert_cmpint (json_object_get_int_member (first, "rotation"), ==, 0);
  {
    JsonObject *magic = json_object_get_object_member (first, "magic");
    g_autofree char *mage = describe_places (json_object_get_array_member (magic, "mage"));

    g_assert_cmpstr (mage, ==, "[-2, 0] N; [-2, 0] S; [-2, 0] W");
  }

  /* A tile without the magic symbol moves no figure. */
  placements = json_object_get_array_member (json_node_get_object (plain), "placements");
  g_assert_cmpuint (json_array_get_length (placements), >, 0);
  for (guint i = 0; i < json_array_get_length (placements); i++)
    g_assert_true (json_object_get_null_member (json_array_get_object_element (placements, i), "magic"));

  /* The text says the same under each placement. */
  if (!run_cli (dir, text_args, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "  [-2, 0] rotated 0: N (city), E (road), S (road), W (road)"));
  g_assert_nonnull (strstr (run.out, "\n      the mage could then go to [-2, 0] N, [-2, 0] S, [-2, 0] W\n"
                                     "      the witch could then go to [-2, 0] N, [-2, 0] S, [-2, 0] W\n"));
}

/* E18 through "moves": a follower may go on exactly the crown spaces "state" shows as free. */
static void
test_moves_crowns (void)
{
  g_autofree char *dir = records_dir ("wheel");
  const char * const state_args[] = { "state", "--json", "e18-pig-moves-three.json", NULL };
  const char * const moves_args[] = { "moves", "--json", "e18-pig-moves-three.json", "D", NULL };
  g_autoptr(JsonNode) state = run_cli_json (dir, state_args);
  g_autoptr(JsonNode) moves = run_cli_json (dir, moves_args);
  g_autoptr(GPtrArray) free_spaces = g_ptr_array_new ();
  g_autoptr(GPtrArray) offered = g_ptr_array_new ();
  JsonArray *crowns;

  if (state == NULL || moves == NULL)
    return;
  crowns = json_object_get_array_member (json_object_get_object_member (json_node_get_object (state), "wheel"),
                                         "crowns");
  for (guint i = 0; i < json_array_get_length (crowns); i++)
    {
      JsonObject *crown = json_array_get_object_element (crowns, i);

      if (json_object_get_null_member (crown, "player"))
        g_ptr_array_add (free_spaces, (gpointer) json_object_get_string_member (crown, "space"));
    }
  crowns = json_object_get_array_member (json_node_get_object (moves), "crowns");
  for (guint i = 0; i < json_array_get_length (crowns); i++)
    g_ptr_array_add (offered, (gpointer) json_array_get_string_element (crowns, i));

  /* Blue's and Red's followers hold taxes-1, famine-1 and storm-1. */
  g_assert_cmpuint (free_spaces->len, ==, 6);
  g_assert_cmpuint (offered->len, ==, free_spaces->len);
  for (guint i = 0; i < MIN (offered->len, free_spaces->len); i++)
    g_assert_cmpstr (g_ptr_array_index (offered, i), ==, g_ptr_array_index (free_spaces, i));
}

/* E34 through "moves": Red has used all 4 tower pieces (4 players), so no tower is offered to
 * Red, neither on the board nor on a tower tile's own foundation; the engine refuses both. */
static void
test_moves_no_tower_piece_left (void)
{
  g_autofree char *dir = records_dir ("tower");
  const char * const json_args[] = { "moves", "--json", "e34-tower-pieces-4-players.json", "TO-01", NULL };
  const char * const text_args[] = { "moves", "e34-tower-pieces-4-players.json", "TO-01", NULL };
  g_autoptr(JsonNode) moves = run_cli_json (dir, json_args);
  g_auto(CliRun) run = { 0 };

  if (moves == NULL)
    return;
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (moves), "towers")), ==, 0);
  if (!run_cli (dir, text_args, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_null (strstr (run.out, "tower piece may go"));
}

/* E29 through "moves", after Red's first floor: a second piece on Red's tower at [0, 1] reaches
 * 9 tiles, and the captures offered are the three seed 004 names: Green's farmer on tile 1,
 * Blue's follower on tile 6 and Yellow's on tile 9. */
static void
test_moves_tower (void)
{
  g_autoptr(TesseraGame) game = tessera_test_load_game ("tower", "e29-second-floor-range-9.json", 12);
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  const char * const args[] = { "moves", "--json", "after-12.json", "D", NULL };
  g_autoptr(JsonNode) root = NULL;
  const char * const *names;
  JsonArray *towers;
  JsonObject *target = NULL;

  if (game == NULL)
    return;
  names = tessera_game_get_player_names (game);
  g_assert_cmpstr (names[tessera_game_get_current_player (game)], ==, "Red");

  /* The record up to that turn, as a player would have saved it then. */
  record = tessera_game_to_record (game);
  text = tessera_record_to_data (record);
  dir = g_dir_make_tmp ("tessera-cli-XXXXXX", &error);
  g_assert_no_error (error);
  if (dir == NULL)
    return;
  path = g_build_filename (dir, "after-12.json", NULL);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  root = run_cli_json (dir, args);
  g_unlink (path);
  g_rmdir (dir);
  if (root == NULL)
    return;

  towers = json_object_get_array_member (json_node_get_object (root), "towers");
  for (guint i = 0; i < json_array_get_length (towers); i++)
    {
      JsonObject *tower = json_array_get_object_element (towers, i);
      JsonArray *at = json_object_get_array_member (tower, "at");

      if (json_array_get_int_element (at, 0) == 0 && json_array_get_int_element (at, 1) == 1)
        target = tower;
    }
  g_assert_nonnull (target);
  if (target != NULL)
    {
      JsonArray *captures = json_object_get_array_member (target, "captures");
      g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *list = NULL;

      g_assert_cmpint (json_object_get_int_member (target, "height_after"), ==, 2);
      for (guint i = 0; i < json_array_get_length (captures); i++)
        {
          JsonObject *capture = json_array_get_object_element (captures, i);
          JsonArray *at = json_object_get_array_member (capture, "at");

          g_ptr_array_add (seen, g_strdup_printf ("%s [%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT "]",
                                                  names[json_object_get_int_member (capture, "player")],
                                                  json_array_get_int_element (at, 0),
                                                  json_array_get_int_element (at, 1)));
        }
      g_ptr_array_sort (seen, (GCompareFunc) tessera_test_compare_strings);
      g_ptr_array_add (seen, NULL);
      list = g_strjoinv ("; ", (char **) seen->pdata);
      g_assert_cmpstr (list, ==, "Blue [0, -1]; Green [0, 1]; Yellow [-2, 1]");
    }
}

/* Broken input ---------------------------------------------------------------------------- */

/* A record nested 200,000 levels deep took every command down with the stack (exit 139), and
 * a file of any size was read whole: both are refused with exit 1, naming the file. */
static void
test_limits (void)
{
  static const char * const commands[][4] = {
    { "validate", NULL }, { "score", "--json", NULL }, { "explain", NULL }, { "state", "--json", NULL },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tessera-cli-XXXXXX", &error);
  g_autofree char *deep_path = g_build_filename (dir, "deep.json", NULL);
  g_autofree char *large_path = g_build_filename (dir, "large.json", NULL);
  g_autofree char *deep = tessera_test_nested_arrays (200000);
  gsize large_size = 16 * 1024 * 1024 + 1;
  g_autofree char *large = g_malloc (large_size);

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (deep_path, deep, -1, &error));
  memset (large, ' ', large_size);
  g_assert_true (g_file_set_contents (large_path, large, (gssize) large_size, &error));

  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      const char *args[5] = { NULL };
      g_auto(CliRun) run = { 0 };
      g_auto(CliRun) large_run = { 0 };
      guint n = 0;

      while (commands[c][n] != NULL)
        {
          args[n] = commands[c][n];
          n++;
        }
      args[n] = "deep.json";
      if (!run_cli (dir, args, &run))
        break;
      g_assert_cmpint (run.status, ==, 1);
      g_assert_cmpstr (run.err, ==, "tessera-cli: deep.json: the record is nested more than 64 levels deep at line 1, column 65; "
                                    "a record may be nested at most 64 levels\n");
      args[n] = "large.json";
      run_cli (dir, args, &large_run);
      g_assert_cmpint (large_run.status, ==, 1);
      g_assert_cmpstr (large_run.err, ==, "tessera-cli: large.json: the record is 16777217 bytes long; "
                                          "a record may be at most 16 MiB (16777216 bytes)\n");
    }
  g_unlink (deep_path);
  g_unlink (large_path);
  g_rmdir (dir);
}

/* A device or a pipe has no size to check beforehand: it is read no further than a record may
 * hold, and refused with its name and the limit at once (it used to be read for ever: 3.9 GB in
 * 10 s from /dev/zero). Killed after 60 s, the status would be 137. */
static void
test_limits_endless (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("tessera-cli-XXXXXX", &error);
  g_autofree char *db = g_build_filename (dir, "history.db", NULL);
  g_autofree char *fifo = g_build_filename (dir, "endless.json", NULL);
  const char *limit = "holds more than 16 MiB; a record may be at most 16 MiB (16777216 bytes)\n";
  g_autofree char *zero_message = g_strconcat ("tessera-cli: /dev/zero ", limit, NULL);
  g_autofree char *fifo_message = g_strconcat ("tessera-cli: endless.json ", limit, NULL);
  const char * const *commands[] = {
    (const char *[]) { "validate", "/dev/zero", NULL },
    (const char *[]) { "import", "--db", db, "/dev/zero", NULL },
  };
  gsize n_fed;

  g_assert_no_error (error);
  if (!g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/zero here");
      return;
    }
  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_auto(CliRun) run = { 0 };

      if (!run_cli_within_a_minute (dir, commands[c], &run))
        return;
      g_assert_cmpint (run.status, ==, 1);
      g_assert_cmpstr (run.err, ==, zero_message);
    }

  /* A pipe another program fills with 17 MiB: 16 MiB and a chunk are read, then it is closed. */
  {
    TesseraTestFeeder *feeder = tessera_test_feeder_start (fifo, 17 * 1024 * 1024);
    g_auto(CliRun) run = { 0 };

    run_cli_within_a_minute (dir, (const char *[]) { "import", "--db", db, "endless.json", NULL }, &run);
    n_fed = tessera_test_feeder_finish (feeder);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_cmpstr (run.err, ==, fifo_message);
    g_assert_cmpuint (n_fed, >, 16 * 1024 * 1024);
    g_assert_cmpuint (n_fed, <, 17 * 1024 * 1024);
  }
  {
    TesseraTestFeeder *feeder = tessera_test_feeder_start (fifo, 17 * 1024 * 1024);
    g_auto(CliRun) run = { 0 };

    run_cli_within_a_minute (dir, (const char *[]) { "validate", "endless.json", NULL }, &run);
    tessera_test_feeder_finish (feeder);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_cmpstr (run.err, ==, fifo_message);
  }
  /* Nothing went into the history. */
  {
    g_auto(CliRun) run = { 0 };

    run_cli (dir, (const char *[]) { "history", "--db", db, "games", NULL }, &run);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "The history holds no games yet.\n");
  }
  g_unlink (db);
  g_rmdir (dir);
}

typedef struct
{
  const char *name;
  const char *args[4];
  int         status;
  const char *message;   /* all of standard error */
} BadCase;

static const BadCase bad_cases[] = {
  { "malformed-json", { "validate", "malformed-json.json", NULL }, 1,
    "tessera-cli: malformed-json.json: not valid JSON at line 12, column 1, in events: "
    "expected \",\" or \"]\", found \"}\"\n" },
  { "unknown-key", { "validate", "unknown-key.json", NULL }, 1,
    "tessera-cli: unknown-key.json: event 0 (turn of Red): unknown key \"rotaton\" "
    "(known keys: player, tile, at, rotation, plague, magic, action, crop)\n" },
  { "illegal-placement", { "validate", "illegal-placement.json", NULL }, 1,
    "tessera-cli: illegal-placement.json: event 1 (turn of Blue): tile D cannot go at [1, -1] rotated 180: "
    "its west side is a road but the tile at [0, -1] shows a city there\n" },
  { "illegal-placement-score", { "score", "--json", "illegal-placement.json", NULL }, 1,
    "tessera-cli: illegal-placement.json: event 1 (turn of Blue): tile D cannot go at [1, -1] rotated 180: "
    "its west side is a road but the tile at [0, -1] shows a city there\n" },
  { "occupied-feature", { "validate", "occupied-feature.json", NULL }, 1,
    "tessera-cli: occupied-feature.json: event 1 (turn of Blue): the road at spot W joins Red's thief at [1, 0] E: "
    "nobody may put a follower on a road that already holds one, however far away it stands\n" },
  { "wrong-player", { "validate", "wrong-player.json", NULL }, 1,
    "tessera-cli: wrong-player.json: event 1 (turn of Red): it is Blue's turn, not Red's\n" },
  { "tile-not-in-supply", { "validate", "tile-not-in-supply.json", NULL }, 1,
    "tessera-cli: tile-not-in-supply.json: event 2 (turn of Red): "
    "no C is left in this box: 1 was in it and it is on the board; if your box has another, correct the box's count\n" },
  { "discard-fits", { "validate", "discard-fits.json", NULL }, 1,
    "tessera-cli: discard-fits.json: event 0 (discard by Red): "
    "tile E fits on the board (for example at [0, -1] rotated 180), so it cannot be discarded\n" },
  { "turn-after-end", { "validate", "turn-after-end.json", NULL }, 1,
    "tessera-cli: turn-after-end.json: event 2 (turn of Blue): the game has already ended\n" },
  { "missing-file", { "validate", "no-such-record.json", NULL }, 3,
    "tessera-cli: Failed to open file \xe2\x80\x9cno-such-record.json\xe2\x80\x9d: No such file or directory\n" },
  { "usage-no-file", { "validate", NULL }, 2,
    "tessera-cli: validate needs a FILE\nTry 'tessera-cli --help'.\n" },
  { "usage-unknown-option", { "score", "--csv", "wrong-player.json", NULL }, 2,
    "tessera-cli: unknown option \"--csv\" for score\nTry 'tessera-cli --help'.\n" },
  { "usage-unknown-command", { "tally", "wrong-player.json", NULL }, 2,
    "tessera-cli: unknown command \"tally\"\nTry 'tessera-cli --help'.\n" },
};

/* Broken boxes, refused by validate with the reader's and the engine's messages. */
static const BadCase bad_box_cases[] = {
  { "more-copies-than-the-box", { "validate", "more-copies-than-the-box.json", NULL }, 1,
    "tessera-cli: more-copies-than-the-box.json: event 3 (turn of Blue): no C is left in this box: 2 were in it and "
    "all 2 are on the board; if your box has another, correct the box's count\n" },
  { "type-taken-out-drawn", { "score", "type-taken-out-drawn.json", NULL }, 1,
    "tessera-cli: type-taken-out-drawn.json: event 0 (turn of Red): no K is in this box: its count was corrected to 0; "
    "if your box has one, correct the box's count\n" },
  { "unknown-tile", { "state", "unknown-tile.json", NULL }, 1,
    "tessera-cli: unknown-tile.json: record: \"box\" names ZZ, which is not a tile of Tessera's catalogue\n" },
  { "count-too-high", { "validate", "count-too-high.json", NULL }, 1,
    "tessera-cli: count-too-high.json: record: \"box\" gives D 21 copies; a box holds 0 to 20 copies of a tile\n" },
  { "count-fraction", { "explain", "count-fraction.json", NULL }, 1,
    "tessera-cli: count-fraction.json: box.E, at line 5, column 16: 1.5 is not a whole number; "
    "the numbers of a record are whole, without a fraction or an exponent\n" },
};

/* @bad run in tests/records/@kind: refused with its exit status and message, and nothing
 * half-done on standard output. */
static void
check_bad_input (const char    *kind,
                 const BadCase *bad)
{
  g_autofree char *dir = records_dir (kind);
  g_auto(CliRun) run = { 0 };

  if (!run_cli (dir, bad->args, &run))
    return;
  g_assert_cmpint (run.status, ==, bad->status);
  g_assert_cmpstr (run.err, ==, bad->message);
  g_assert_cmpstr (run.out, ==, "");
}

static void
test_bad_box_input (gconstpointer data)
{
  check_bad_input ("bad-box", data);
}

static void
test_bad_input (gconstpointer data)
{
  check_bad_input ("bad", data);
}

/* import, export ------------------------------------------------------------------------ */

/* A history in a folder of its own for one case. */
typedef struct
{
  char *folder;
  char *db;
} TempHistory;

static void
temp_history_clear (TempHistory *history)
{
  if (history->folder != NULL)
    {
      g_autofree char *wal = g_strconcat (history->db, "-wal", NULL);
      g_autofree char *shm = g_strconcat (history->db, "-shm", NULL);

      g_unlink (history->db);
      g_unlink (wal);
      g_unlink (shm);
      g_rmdir (history->folder);
    }
  g_clear_pointer (&history->folder, g_free);
  g_clear_pointer (&history->db, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TempHistory, temp_history_clear)

static void
temp_history_init (TempHistory *history)
{
  g_autoptr(GError) error = NULL;

  history->folder = g_dir_make_tmp ("tessera-cli-XXXXXX", &error);
  g_assert_no_error (error);
  history->db = g_build_filename (history->folder, "history.db", NULL);
}

/* The ways of writing options that people expect: --db=PATH and --after=N as well as the
 * value in the next word, -- before a FILE that starts with -, and --version. After --,
 * --help is a file name too. */
static void
test_option_forms (void)
{
  g_auto(TempHistory) history = { 0 };
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "records", "base", "e13-farm-page.json", NULL);
  g_autofree char *dashed = NULL;
  g_autofree char *db_option = NULL;
  g_autofree char *text = NULL;
  g_auto(CliRun) run = { 0 };
  const char *dir;

  temp_history_init (&history);
  dir = history.folder;
  dashed = g_build_filename (dir, "-x.json", NULL);
  db_option = g_strconcat ("--db=", history.db, NULL);

  g_assert_true (g_file_get_contents (fixture, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (dashed, text, -1, NULL));

  if (!run_cli (dir, (const char *[]) { "validate", "--", "-x.json", NULL }, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "-x.json: valid record: 4 players, 14 turns, 15 events; finished\n");
  cli_run_clear (&run);
  /* Without --, the name is an option nobody knows. */
  run_cli (dir, (const char *[]) { "validate", "-x.json", NULL }, &run);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.err, ==, "tessera-cli: unknown option \"-x.json\" for validate\nTry 'tessera-cli --help'.\n");
  cli_run_clear (&run);
  run_cli (dir, (const char *[]) { "validate", "--", "--help", NULL }, &run);
  g_assert_cmpint (run.status, ==, 3);
  g_assert_nonnull (strstr (run.err, "--help"));
  cli_run_clear (&run);

  run_cli (dir, (const char *[]) { "state", "--after=2", "--", "-x.json", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "After 2 events."));
  cli_run_clear (&run);
  run_cli (dir, (const char *[]) { "state", "--after=two", "-x.json", NULL }, &run);
  g_assert_cmpint (run.status, ==, 2);
  cli_run_clear (&run);

  run_cli (dir, (const char *[]) { "import", db_option, "--", "-x.json", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "-x.json: stored as game 1\n");
  cli_run_clear (&run);
  run_cli (dir, (const char *[]) { "history", db_option, "games", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "game 1, "));
  cli_run_clear (&run);
  run_cli (dir, (const char *[]) { "history", "--db=", "games", NULL }, &run);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.err, ==, "tessera-cli: --db needs the path of a history database\nTry 'tessera-cli --help'.\n");
  cli_run_clear (&run);

  run_cli (dir, (const char *[]) { "--version", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "tessera-cli " PACKAGE_VERSION "\n");

  g_unlink (dashed);
}

/* When and where a game was played goes in with the record and comes out of export as it was
 * written; the list of games gives the time by the table's clock, and the place. */
static void
test_played_import_export (void)
{
  g_autofree char *dir = records_dir ("played");
  g_autofree char *file = g_build_filename (dir, "late-night-across-months.json", NULL);
  g_auto(TempHistory) history = { 0 };
  g_auto(CliRun) run = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *original = NULL;

  temp_history_init (&history);
  if (!run_cli (dir, (const char *[]) { "import", "--db", history.db, "late-night-across-months.json", NULL }, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);

  g_file_get_contents (file, &original, NULL, &error);
  g_assert_no_error (error);
  run_cli (dir, (const char *[]) { "export", "--db", history.db, "1", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, original);
  cli_run_clear (&run);

  run_cli (dir, (const char *[]) { "history", "--db", history.db, "games", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "game 1, 2026-11-30 23:30 at Café ‘t Hoekje, Montréal, finished: "
                                "Blue 15 (#1), Red 9 (#3), Yellow 12 (#2), Black 0 (#4)\n");
  cli_run_clear (&run);

  run_cli (dir, (const char *[]) { "history", "--json", "--db", history.db, "games", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "\"played\" : {\n      \"start\" : \"2026-11-30T23:30:00-05:00\",\n"
                                     "      \"end\" : \"2026-12-01T01:10:00-05:00\",\n"
                                     "      \"place\" : \"Café ‘t Hoekje, Montréal\"\n    }"));
}

/* Two imports into one history at once, as two people at a club might: each writes its turn,
 * every game goes in once, none is lost and none doubled. Forty records are shared by both. */
#define IMPORT_EACH 60
#define IMPORT_SHARED 40

static void
test_two_imports (void)
{
  const char *cli = g_getenv ("TESSERA_CLI");
  g_auto(TempHistory) history = { 0 };
  GPtrArray *args[2] = { NULL, NULL };
  GSubprocess *imports[2] = { NULL, NULL };
  g_autoptr(GError) error = NULL;
  g_auto(CliRun) run = { 0 };
  guint n_games = 0;

  if (cli == NULL)
    {
      g_test_skip ("TESSERA_CLI is not set; run the tests with meson test");
      return;
    }
  temp_history_init (&history);
  for (guint side = 0; side < 2; side++)
    {
      args[side] = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (args[side], g_strdup (cli));
      g_ptr_array_add (args[side], g_strdup ("import"));
      g_ptr_array_add (args[side], g_strdup ("--db"));
      g_ptr_array_add (args[side], g_strdup (history.db));
    }
  for (guint i = 0; i < 2 * IMPORT_EACH + IMPORT_SHARED; i++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game (500 + i, 2 + i % 4);
      g_autofree char *text = tessera_record_to_data (record);
      g_autofree char *name = g_strdup_printf ("game-%03u.json", i);
      char *path = g_build_filename (history.folder, name, NULL);

      g_assert_true (g_file_set_contents (path, text, -1, &error));
      /* The first ones for one import, the next for the other, the last for both. */
      if (i < IMPORT_EACH)
        g_ptr_array_add (args[0], path);
      else if (i < 2 * IMPORT_EACH)
        g_ptr_array_add (args[1], path);
      else
        {
          g_ptr_array_add (args[0], path);
          g_ptr_array_add (args[1], g_strdup (path));
        }
    }
  for (guint side = 0; side < 2; side++)
    {
      g_ptr_array_add (args[side], NULL);
      imports[side] = g_subprocess_newv ((const char * const *) args[side]->pdata,
                                         G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
      g_assert_no_error (error);
    }
  for (guint side = 0; side < 2; side++)
    {
      g_autofree char *errors = NULL;

      g_subprocess_communicate_utf8 (imports[side], NULL, NULL, NULL, &errors, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (errors, ==, "");
      g_assert_true (g_subprocess_get_successful (imports[side]));
    }

  run_cli (NULL, (const char *[]) { "history", "--db", history.db, "games", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  for (const char *line = run.out; (line = strstr (line, "game ")) != NULL; line++)
    if (line == run.out || line[-1] == '\n')
      n_games++;
  g_assert_cmpuint (n_games, ==, 2 * IMPORT_EACH + IMPORT_SHARED);
  for (guint side = 0; side < 2; side++)
    {
      for (guint i = 4; i < args[side]->len - 1; i++)
        g_unlink (g_ptr_array_index (args[side], i));
      g_ptr_array_unref (args[side]);
      g_object_unref (imports[side]);
    }
}

/* A record goes in once, comes out as a record that replays to the same scores, and importing
 * what export printed finds the game already there. */
static void
test_import_export (void)
{
  g_autofree char *dir = records_dir ("base");
  g_autofree char *file = g_build_filename (dir, "e13-farm-page.json", NULL);
  g_auto(TempHistory) history = { 0 };
  g_auto(CliRun) run = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *original = NULL;
  g_autofree char *exported_file = NULL;
  g_autoptr(TesseraRecord) record = NULL;
  g_autofree char *expected = NULL;

  temp_history_init (&history);
  if (!run_cli (dir, (const char *[]) { "import", "--db", history.db, "e13-farm-page.json", NULL }, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "e13-farm-page.json: stored as game 1\n");
  g_assert_cmpstr (run.err, ==, "");
  cli_run_clear (&run);

  run_cli (dir, (const char *[]) { "import", "--db", history.db, "e13-farm-page.json", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "e13-farm-page.json: already in the history as game 1\n");
  cli_run_clear (&run);

  /* The history gives the record back as the record format writes it. */
  g_file_get_contents (file, &original, NULL, &error);
  g_assert_no_error (error);
  record = tessera_record_load_from_data (original, -1, &error);
  g_assert_no_error (error);
  expected = tessera_record_to_data (record);
  run_cli (dir, (const char *[]) { "export", "--db", history.db, "1", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, expected);
  g_assert_cmpstr (run.err, ==, "");

  exported_file = g_build_filename (history.folder, "exported.json", NULL);
  g_file_set_contents (exported_file, run.out, -1, &error);
  g_assert_no_error (error);
  cli_run_clear (&run);
  run_cli (history.folder, (const char *[]) { "import", "--db", history.db, "exported.json", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "exported.json: already in the history as game 1\n");
  g_unlink (exported_file);
}

/* A record that breaks a rule is reported and stored not at all, the others still go in, and
 * the exit status is the record's. */
static void
test_import_refuses (void)
{
  g_autofree char *dir = records_dir ("bad");
  g_autofree char *base = records_dir ("base");
  g_autofree char *good = g_build_filename (base, "e08-final-road-3.json", NULL);
  g_auto(TempHistory) history = { 0 };
  g_auto(CliRun) run = { 0 };

  temp_history_init (&history);
  if (!run_cli (dir, (const char *[]) { "import", "--db", history.db, "wrong-player.json", good, NULL }, &run))
    return;
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.err, ==, "tessera-cli: wrong-player.json: event 1 (turn of Red): it is Blue's turn, not Red's\n");
  g_assert_true (g_str_has_suffix (run.out, "e08-final-road-3.json: stored as game 1\n"));
  cli_run_clear (&run);

  /* A game the history does not hold: wrong usage, as an unknown player is. */
  run_cli (dir, (const char *[]) { "export", "--db", history.db, "2", NULL }, &run);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_cmpstr (run.err, ==, "tessera-cli: the history has no game 2\nTry 'tessera-cli history games'.\n");
}

/* Several files at once (stored in one batch): each still gets its line, in order, as when
 * each was imported alone; a file that cannot be read, a record that breaks a rule and a
 * record given twice do not stop the others, and the exit status is the first problem's. */
static void
test_import_several (void)
{
  g_autofree char *dir = records_dir ("base");
  g_autofree char *bad_dir = records_dir ("bad");
  g_autofree char *bad = g_build_filename (bad_dir, "wrong-player.json", NULL);
  g_autofree char *expected_err = NULL;
  g_auto(TempHistory) history = { 0 };
  g_auto(CliRun) run = { 0 };
  g_auto(GStrv) err_lines = NULL;

  temp_history_init (&history);
  if (!run_cli (dir, (const char *[]) { "import", "--db", history.db, "e08-final-road-3.json", "missing.json", bad,
                                        "e08-final-road-3.json", "e10-final-cities.json", NULL }, &run))
    return;
  g_assert_cmpint (run.status, ==, 3);
  g_assert_cmpstr (run.out, ==,
                   "e08-final-road-3.json: stored as game 1\n"
                   "e08-final-road-3.json: already in the history as game 1\n"
                   "e10-final-cities.json: stored as game 2\n");
  err_lines = g_strsplit (run.err, "\n", -1);
  g_assert_cmpuint (g_strv_length (err_lines), ==, 3);
  g_assert_true (g_str_has_prefix (err_lines[0], "tessera-cli: "));
  g_assert_nonnull (strstr (err_lines[0], "missing.json"));
  expected_err = g_strdup_printf ("tessera-cli: %s: event 1 (turn of Red): it is Blue's turn, not Red's", bad);
  g_assert_cmpstr (err_lines[1], ==, expected_err);
  g_assert_cmpstr (err_lines[2], ==, "");
}

/* A read-only history: looked through and exported, and an import refused with the reason
 * (exit status 3), the file as it was. */
static void
test_history_read_only (void)
{
  g_autofree char *dir = records_dir ("base");
  g_auto(TempHistory) history = { 0 };
  g_auto(CliRun) run = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *expected = NULL;
  gsize before_size, after_size;

  temp_history_init (&history);
  if (!run_cli (dir, (const char *[]) { "import", "--db", history.db, "e08-final-road-3.json", NULL }, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);
  g_assert_cmpint (g_chmod (history.db, 0444), ==, 0);
  g_assert_true (g_file_get_contents (history.db, &before, &before_size, &error));

  run_cli (dir, (const char *[]) { "history", "--db", history.db, "games", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "game 1, "));
  cli_run_clear (&run);
  run_cli (dir, (const char *[]) { "export", "--db", history.db, "1", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "{"));
  cli_run_clear (&run);

  run_cli (dir, (const char *[]) { "import", "--db", history.db, "e13-farm-page.json", NULL }, &run);
  g_assert_cmpint (run.status, ==, 3);
  expected = g_strdup_printf ("tessera-cli: the history %s is read-only: nothing can be saved in it. Make the file "
                              "writable to add or change games; it can still be looked through and exported.\n",
                              history.db);
  g_assert_cmpstr (run.err, ==, expected);
  g_assert_true (g_file_get_contents (history.db, &after, &after_size, &error));
  g_assert_cmpmem (before, before_size, after, after_size);
  g_chmod (history.db, 0644);
}

/* The prefix that runs tessera-cli as an ordinary user: as root, nobody (through setpriv), so
 * that file permissions count; else nothing. NULL in @prefix when there is no way. */
static const char * const *
ordinary_user (const char *folder)
{
  static const char * const as_nobody[] = {
    "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", NULL,
  };
  g_autofree char *setpriv = g_find_program_in_path ("setpriv");

  if (geteuid () != 0 || setpriv == NULL)
    return NULL;
  g_assert_cmpint (chown (folder, 65534, 65534), ==, 0);
  return as_nobody;
}

/* The sequence of the report, as an ordinary user: the history marked read-only (444) is
 * read, then made writable as the message says, and then both read and written (the read-only
 * session used to leave a 444 -shm behind, and every later command failed with "attempt to
 * write a readonly database"). Then the folder made read-only: the history is still read, and
 * an import is refused saying why. */
static void
test_history_read_only_then_writable (void)
{
  g_autofree char *dir = records_dir ("base");
  g_auto(TempHistory) history = { 0 };
  g_auto(CliRun) run = { 0 };
  g_autofree char *wal = NULL;
  g_autofree char *shm = NULL;
  g_autofree char *expected = NULL;
  const char * const *user;

  temp_history_init (&history);
  wal = g_strconcat (history.db, "-wal", NULL);
  shm = g_strconcat (history.db, "-shm", NULL);
  user = ordinary_user (history.folder);
  if (user == NULL && geteuid () == 0)
    g_test_message ("root without setpriv: the files left behind are checked, a write blocked by them cannot be");
  if (!run_cli_through (dir, user, (const char *[]) { "import", "--db", history.db, "e08-final-road-3.json", NULL }, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);

  g_assert_cmpint (g_chmod (history.db, 0444), ==, 0);
  run_cli_through (dir, user, (const char *[]) { "history", "--db", history.db, "games", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "game 1, "));
  cli_run_clear (&run);
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (shm, G_FILE_TEST_EXISTS));

  g_assert_cmpint (g_chmod (history.db, 0666), ==, 0);
  run_cli_through (dir, user, (const char *[]) { "history", "--db", history.db, "games", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);
  run_cli_through (dir, user, (const char *[]) { "import", "--db", history.db, "e10-final-cities.json", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "e10-final-cities.json: stored as game 2\n");
  cli_run_clear (&run);

  /* The folder read-only: read, not written. */
  g_assert_cmpint (g_chmod (history.folder, 0555), ==, 0);
  run_cli_through (dir, user, (const char *[]) { "history", "--db", history.db, "games", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "game 2, "));
  cli_run_clear (&run);
  run_cli_through (dir, user, (const char *[]) { "import", "--db", history.db, "e13-farm-page.json", NULL }, &run);
  g_assert_cmpint (run.status, ==, 3);
  expected = g_strdup_printf ("tessera-cli: the history %s is in a read-only folder: nothing can be saved in it. Make "
                              "the folder writable to add or change games; it can still be looked through and exported.\n",
                              history.db);
  g_assert_cmpstr (run.err, ==, expected);
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (shm, G_FILE_TEST_EXISTS));
  g_chmod (history.folder, 0755);
}

/* 200 bytes flipped in a page of a real history: imports are refused with exit status 3 and a
 * message that names the file and says what to do, and the file is left as it was (six
 * imports used to go in). An event that cannot be read is named with its game and the file. */
static void
test_history_damaged (void)
{
  g_autofree char *dir = records_dir ("base");
  g_auto(TempHistory) history = { 0 };
  g_auto(CliRun) run = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *prefix = NULL;
  gsize before_size, after_size;
  sqlite3 *db = NULL;
  sqlite3_stmt *statement = NULL;
  gint64 root_page, page_size;

  temp_history_init (&history);
  if (!run_cli (dir, (const char *[]) { "import", "--db", history.db, "e08-final-road-3.json", "e10-final-cities.json",
                                        NULL }, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);

  /* A stored event that is not JSON: the game and the file are named. */
  g_assert_cmpint (sqlite3_open (history.db, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE events SET event = '{\"type\": ' WHERE game = 2 AND sequence = 3", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT rootpage, (SELECT page_size FROM pragma_page_size) FROM sqlite_schema "
                                           "WHERE name = 'score_events'", -1, &statement, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (statement), ==, SQLITE_ROW);
  root_page = sqlite3_column_int64 (statement, 0);
  page_size = sqlite3_column_int64 (statement, 1);
  sqlite3_finalize (statement);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
  run_cli (dir, (const char *[]) { "export", "--db", history.db, "2", NULL }, &run);
  g_assert_cmpint (run.status, ==, 3);
  prefix = g_strdup_printf ("tessera-cli: the history %s, game 2 of ", history.db);
  g_assert_true (g_str_has_prefix (run.err, prefix));
  g_assert_nonnull (strstr (run.err, " (Blue, Green, Black): event 3"));
  cli_run_clear (&run);

  /* The first 200 bytes of the scorings' first page flipped: its header and cell pointers. */
  g_assert_true (g_file_get_contents (history.db, &before, &before_size, &error));
  g_assert_cmpuint (before_size, >=, (gsize) (root_page * page_size));
  for (gsize i = 0; i < 200; i++)
    before[(root_page - 1) * page_size + i] ^= 0xff;
  g_assert_true (g_file_set_contents (history.db, before, (gssize) before_size, &error));

  for (guint i = 0; i < 2; i++)
    {
      run_cli (dir, (const char *[]) { "import", "--db", history.db, "e13-farm-page.json", NULL }, &run);
      g_assert_cmpint (run.status, ==, 3);
      g_assert_true (g_str_has_prefix (run.err, "tessera-cli: the history "));
      g_assert_nonnull (strstr (run.err, history.db));
      g_assert_nonnull (strstr (run.err, " is damaged (SQLite's check found: "));
      g_assert_nonnull (strstr (run.err, "keep a copy of the file as it is"));
      g_assert_cmpstr (run.out, ==, "");
      cli_run_clear (&run);
    }
  g_assert_true (g_file_get_contents (history.db, &after, &after_size, &error));
  g_assert_cmpmem (before, before_size, after, after_size);
}

/* A --db that is not a history is refused with exit status 3 and left as it was. */
static void
test_history_not_a_database (void)
{
  g_autofree char *dir = records_dir ("base");
  g_auto(TempHistory) history = { 0 };
  g_auto(CliRun) run = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;
  g_autofree char *expected = NULL;

  temp_history_init (&history);
  g_file_set_contents (history.db, "scores: Anna 57\n", -1, &error);
  g_assert_no_error (error);
  if (!run_cli (dir, (const char *[]) { "import", "--db", history.db, "e08-final-road-3.json", NULL }, &run))
    return;
  g_assert_cmpint (run.status, ==, 3);
  expected = g_strdup_printf ("tessera-cli: %s is not a Tessera history (it is not an SQLite database); it was left as it is. "
                              "Move or rename it to start a new history there, or choose another file.\n", history.db);
  g_assert_cmpstr (run.err, ==, expected);
  g_file_get_contents (history.db, &after, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (after, ==, "scores: Anna 57\n");
}

/* Imports the base game's page examples e08 (Red 3, Blue 0) and e10 (Blue 3, Green 8, Black 0)
 * into @history. */
static void
import_two_games (TempHistory *history)
{
  g_autofree char *dir = records_dir ("base");
  g_auto(CliRun) run = { 0 };

  run_cli (dir, (const char *[]) { "import", "--db", history->db, "e08-final-road-3.json", "e10-final-cities.json", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
}

/* A history where an earlier reader stored "\ud800Anna" as the bytes ED A0 80 "nna": opened
 * writable, the name is mended (one U+FFFD for the bad bytes), and every output is valid UTF-8
 * again, the player found by the mended name. */
static void
test_history_invalid_name (void)
{
  g_auto(TempHistory) history = { 0 };
  g_auto(CliRun) run = { 0 };
  sqlite3 *db = NULL;

  temp_history_init (&history);
  import_two_games (&history);
  g_assert_cmpint (sqlite3_open (history.db, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE players SET name = CAST (X'EDA0806E6E61' AS TEXT) WHERE name = 'Red';"
                                     "UPDATE game_players SET name = CAST (X'EDA0806E6E61' AS TEXT) WHERE name = 'Red'",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);

  if (!run_cli (NULL, (const char *[]) { "history", "--json", "--db", history.db, "players", NULL }, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_utf8_validate (run.out, -1, NULL));
  g_assert_nonnull (strstr (run.out, "\"name\" : \"\xef\xbf\xbdnna\""));
  cli_run_clear (&run);
  run_cli (NULL, (const char *[]) { "export", "--csv", "--db", history.db, NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_utf8_validate (run.out, -1, NULL));
  g_assert_nonnull (strstr (run.out, ",0,\xef\xbf\xbdnna,red,3,1\r\n"));
  cli_run_clear (&run);
  run_cli (NULL, (const char *[]) { "history", "--db", history.db, "player", "\xef\xbf\xbdnna", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "\xef\xbf\xbdnna: 1 finished game, 1 win"));
}

/* history games, players and player NAME, in text and JSON, with the figures of the two games;
 * a name in another case is the same player. */
static void
test_history (void)
{
  g_auto(TempHistory) history = { 0 };
  g_auto(CliRun) run = { 0 };
  g_autoptr(JsonNode) players = NULL;
  g_autoptr(JsonNode) games = NULL;
  JsonObject *blue;
  JsonArray *opponents;

  temp_history_init (&history);
  if (!run_cli (NULL, (const char *[]) { "history", "--db", history.db, "players", NULL }, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "The history holds no players yet.\n");
  /* Most wins first, then most games, then by name. */
  cli_run_clear (&run);

  import_two_games (&history);
  run_cli (NULL, (const char *[]) { "history", "--db", history.db, "players", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==,
                   "Green: 1 finished game, 1 win, average 8.0, best 8\n"
                   "Red: 1 finished game, 1 win, average 3.0, best 3\n"
                   "Blue: 2 finished games, 0 wins, average 1.5, best 3\n"
                   "Black: 1 finished game, 0 wins, average 0.0, best 0\n");
  cli_run_clear (&run);

  run_cli (NULL, (const char *[]) { "history", "--db", history.db, "player", "BLUE", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==,
                   "Blue: 2 finished games, 0 wins, average 1.5, best 3\n"
                   "  points per game: road 0.0, city 1.5, cloister 0.0, farm 0.0, wheel 0.0, crown 0.0, ransom 0.0, adjust 0.0\n"
                   "  against Green: 1 game, ahead in 0, behind in 1, level in 0\n"
                   "  against Red: 1 game, ahead in 0, behind in 1, level in 0\n"
                   "  against Black: 1 game, ahead in 1, behind in 0, level in 0\n");
  cli_run_clear (&run);

  players = run_cli_json_any ((const char *[]) { "history", "--json", "--db", history.db, "player", "blue", NULL });
  if (players == NULL)
    return;
  blue = json_node_get_object (players);
  g_assert_cmpstr (json_object_get_string_member (blue, "name"), ==, "Blue");
  g_assert_cmpint (json_object_get_int_member (blue, "games"), ==, 2);
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (blue, "categories"), "city"), ==, 1.5);
  opponents = json_object_get_array_member (blue, "opponents");
  g_assert_cmpuint (json_array_get_length (opponents), ==, 3);

  games = run_cli_json_any ((const char *[]) { "history", "--json", "--db", history.db, "games", NULL });
  g_assert_cmpuint (json_array_get_length (json_node_get_array (games)), ==, 2);
  {
    JsonObject *second = json_array_get_object_element (json_node_get_array (games), 1);
    JsonObject *green = json_array_get_object_element (json_object_get_array_member (second, "players"), 1);

    g_assert_cmpstr (json_object_get_string_member (second, "state"), ==, "finished");
    g_assert_cmpstr (json_object_get_string_member (green, "name"), ==, "Green");
    g_assert_cmpint (json_object_get_int_member (green, "score"), ==, 8);
    g_assert_cmpint (json_object_get_int_member (green, "rank"), ==, 1);
  }

  /* A name the history does not know is wrong usage (2), not a failure of the history (3). */
  run_cli (NULL, (const char *[]) { "history", "--db", history.db, "player", "Zoe", NULL }, &run);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.err, ==, "tessera-cli: the history has no player Zoe\nTry 'tessera-cli history players'.\n");
  g_assert_cmpstr (run.out, ==, "");
  cli_run_clear (&run);
  run_cli (NULL, (const char *[]) { "history", "--json", "--db", history.db, "player", "Zoe", NULL }, &run);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  cli_run_clear (&run);
  run_cli (NULL, (const char *[]) { "history", "--db", history.db, "turns", NULL }, &run);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.err, ==, "tessera-cli: history shows games, players, or player NAME\nTry 'tessera-cli --help'.\n");
}

/* export --csv: a row per player of every game, quoted where a name needs it. */
static void
test_export_csv (void)
{
  g_autofree char *dir = records_dir ("base");
  g_auto(TempHistory) history = { 0 };
  g_auto(CliRun) run = { 0 };
  g_auto(GStrv) lines = NULL;

  temp_history_init (&history);
  import_two_games (&history);
  if (!run_cli (NULL, (const char *[]) { "export", "--csv", "--db", history.db, NULL }, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\r\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 7);   /* a header, 2 + 3 players, and "" after the last */
  g_assert_cmpstr (lines[0], ==, "game,started,ended,state,sets,seat,player,color,score,rank");
  g_assert_true (g_str_has_prefix (lines[1], "1,"));
  g_assert_true (g_str_has_suffix (lines[1], ",finished,base,0,Red,red,3,1"));
  g_assert_true (g_str_has_suffix (lines[5], ",finished,base,2,Black,black,0,3"));
  cli_run_clear (&run);

  run_cli (NULL, (const char *[]) { "export", "--csv", "--db", history.db, "1", NULL }, &run);
  g_assert_cmpint (run.status, ==, 2);
}

/* export --bgstats: a finished game as a play for BG Stats, with when, where and each player's
 * result; the game in progress is refused, and so is asking for CSV too. */
static void
test_export_bgstats (void)
{
  g_autofree char *played_dir = records_dir ("played");
  g_autofree char *base_dir = records_dir ("base");
  g_auto(TempHistory) history = { 0 };
  g_auto(CliRun) run = { 0 };
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  static const struct
  {
    const char *name;
    const char *color;
    int         score;
    int         rank;
  } expected[] = { { "Blue", "blue", 15, 1 }, { "Red", "red", 9, 3 }, { "Yellow", "yellow", 12, 2 }, { "Black", "black", 0, 4 } };
  JsonObject *play;
  JsonObject *game;
  JsonArray *players;

  temp_history_init (&history);
  if (!run_cli (played_dir, (const char *[]) { "import", "--db", history.db, "late-night-across-months.json", NULL }, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);
  run_cli (base_dir, (const char *[]) { "import", "--db", history.db, "e01-city-3-tiles-1-pennant.json", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);

  run_cli (NULL, (const char *[]) { "export", "--bgstats", "--db", history.db, "1", NULL }, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  root = json_from_string (run.out, &error);
  g_assert_no_error (error);
  play = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (play, "sourceName"), ==, "Tessera");
  g_assert_cmpuint (strlen (json_object_get_string_member (play, "sourcePlayId")), ==, 64);
  /* Ended at 01:10 in Montréal (UTC-5), after 1 h 40 min. */
  g_assert_cmpstr (json_object_get_string_member (play, "playDate"), ==, "2026-12-01 06:10:00");
  g_assert_cmpint (json_object_get_int_member (play, "durationMin"), ==, 100);
  g_assert_cmpstr (json_object_get_string_member (play, "location"), ==, "Café ‘t Hoekje, Montréal");
  game = json_object_get_object_member (play, "game");
  g_assert_cmpint (json_object_get_int_member (game, "bggId"), ==, 822);
  g_assert_cmpstr (json_object_get_string_member (game, "name"), ==, "Carcassonne");
  g_assert_true (json_object_get_boolean_member (game, "highestWins"));
  g_assert_false (json_object_get_boolean_member (game, "noPoints"));
  players = json_object_get_array_member (play, "players");
  g_assert_cmpuint (json_array_get_length (players), ==, G_N_ELEMENTS (expected));
  for (guint p = 0; p < G_N_ELEMENTS (expected); p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);

      g_assert_cmpstr (json_object_get_string_member (player, "name"), ==, expected[p].name);
      g_assert_cmpstr (json_object_get_string_member (player, "role"), ==, expected[p].color);
      g_assert_cmpint (json_object_get_int_member (player, "score"), ==, expected[p].score);
      g_assert_cmpint (json_object_get_int_member (player, "rank"), ==, expected[p].rank);
      g_assert_true (json_object_get_boolean_member (player, "winner") == (expected[p].rank == 1));
      g_assert_true (json_object_get_boolean_member (player, "startPlayer") == (p == 0));
    }
  cli_run_clear (&run);

  run_cli (NULL, (const char *[]) { "export", "--bgstats", "--db", history.db, "2", NULL }, &run);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_cmpstr (run.err, ==, "tessera-cli: The game is not finished: BG Stats takes finished games only\n");
  cli_run_clear (&run);

  run_cli (NULL, (const char *[]) { "export", "--bgstats", "--csv", "--db", history.db, "1", NULL }, &run);
  g_assert_cmpint (run.status, ==, 2);
  cli_run_clear (&run);
  run_cli (NULL, (const char *[]) { "export", "--bgstats", "--db", history.db, NULL }, &run);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.err, ==, "tessera-cli: export needs the number of a game in the history\n");
}

static void
test_export_usage (void)
{
  g_auto(CliRun) run = { 0 };

  if (!run_cli (NULL, (const char *[]) { "export", "--db", "/nonexistent/history.db", "first", NULL }, &run))
    return;
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.err, ==, "tessera-cli: export needs the number of a game in the history\n");
  cli_run_clear (&run);
  run_cli (NULL, (const char *[]) { "import", "--db", NULL }, &run);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.err, ==, "tessera-cli: --db needs the path of a history database\nTry 'tessera-cli --help'.\n");
}

/* fits, projected, dead spots ------------------------------------------------------------- */

/* Worked example: after e01's two tiles (D at the start, M and E north of it), 69 tiles are
 * left; below the start tile's field 56 of them fit, in 17 kinds, and the cell it holds or one
 * far away fits nothing. */
static void
test_fits (void)
{
  g_autofree char *dir = records_dir ("base");
  const char * const json_args[] = { "fits", "--json", "e01-city-3-tiles-1-pennant.json", "0", "1", NULL };
  const char * const text_args[] = { "fits", "e01-city-3-tiles-1-pennant.json", "-1", "0", NULL };
  const char * const taken_args[] = { "fits", "--json", "e01-city-3-tiles-1-pennant.json", "0", "0", NULL };
  const char * const bad_args[] = { "fits", "e01-city-3-tiles-1-pennant.json", "0", "north", NULL };
  const char * const short_args[] = { "fits", "e01-city-3-tiles-1-pennant.json", "0", NULL };
  g_autoptr(JsonNode) root = run_cli_json (dir, json_args);
  g_autoptr(JsonNode) taken = run_cli_json (dir, taken_args);
  g_auto(CliRun) run = { 0 };
  JsonObject *object;
  JsonArray *fits;
  gint64 copies = 0;

  if (root == NULL || taken == NULL)
    return;
  object = json_node_get_object (root);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (object, "at"), 0), ==, 0);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (object, "at"), 1), ==, 1);
  g_assert_cmpint (json_object_get_int_member (object, "tiles_left"), ==, 69);
  fits = json_object_get_array_member (object, "fits");
  g_assert_cmpuint (json_array_get_length (fits), ==, 17);
  for (guint i = 0; i < json_array_get_length (fits); i++)
    {
      JsonObject *fit = json_array_get_object_element (fits, i);

      copies += json_object_get_int_member (fit, "left");
      if (g_str_equal (json_object_get_string_member (fit, "tile"), "B"))
        {
          /* The cloister with fields all round fits the field below in its one rotation. */
          g_assert_cmpint (json_object_get_int_member (fit, "left"), ==, 4);
          g_assert_cmpuint (json_array_get_length (json_object_get_array_member (fit, "rotations")), ==, 1);
        }
    }
  g_assert_cmpint (copies, ==, 56);
  g_assert_cmpfloat (json_object_get_double_member (object, "chance"), ==, 56.0 / 69.0);

  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (taken), "fits")), ==, 0);
  g_assert_cmpfloat (json_object_get_double_member (json_node_get_object (taken), "chance"), ==, 0);

  if (!run_cli (dir, text_args, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "[-1, 0]: 44 of the 69 tiles left fit here (64%), in 13 kinds\n"));
  g_assert_nonnull (strstr (run.out, "\n  D        3 left   0°, 180°\n"));
  cli_run_clear (&run);

  if (!run_cli (dir, bad_args, &run))
    return;
  g_assert_cmpint (run.status, ==, 2);
  g_assert_true (g_str_has_prefix (run.err, "tessera-cli: fits needs a cell as two whole numbers, X and Y\n"));
  cli_run_clear (&run);
  if (!run_cli (dir, short_args, &run))
    return;
  g_assert_cmpint (run.status, ==, 2);
  g_assert_true (g_str_has_prefix (run.err, "tessera-cli: fits needs a FILE and a cell, X and Y\n"));
}

/* On a generated game with every set, what fits says about a cell is what moves says about
 * each tile: a tile fits at a cell in the rotations moves lists for it there, and a dead spot
 * of state is a cell where fits lists nothing. */
static void
test_fits_against_moves (void)
{
  static const char * const every_set[] = { "base", "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
  g_autoptr(TesseraRecord) full = tessera_random_game_with_sets (31, 3, every_set);
  g_autoptr(TesseraGame) game = tessera_game_new_from_record (full, full->events->len / 2, NULL);
  g_autoptr(TesseraRecord) half = tessera_game_to_record (game);
  g_autofree char *text = tessera_record_to_data (half);
  g_autofree char *folder = g_dir_make_tmp ("tessera-fits-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "half.json", NULL);
  const TesseraBoard *board = tessera_game_get_board (game);
  g_autoptr(GHashTable) moves = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) json_node_unref);
  guint n_checked = 0;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  for (guint c = 0; c < tessera_board_get_n_open_cells (board); c += 3)
    {
      TesseraCell cell = tessera_board_get_open_cell (board, c);
      g_autofree char *x = g_strdup_printf ("%d", cell.x);
      g_autofree char *y = g_strdup_printf ("%d", cell.y);
      const char * const fits_args[] = { "fits", "--json", path, x, y, NULL };
      g_autoptr(JsonNode) root = run_cli_json (NULL, fits_args);
      JsonArray *fits;

      if (root == NULL)
        return;
      fits = json_object_get_array_member (json_node_get_object (root), "fits");
      for (guint i = 0; i < json_array_get_length (fits); i++)
        {
          JsonObject *fit = json_array_get_object_element (fits, i);
          const char *tile = json_object_get_string_member (fit, "tile");
          JsonArray *rotations = json_object_get_array_member (fit, "rotations");
          JsonNode *listed = g_hash_table_lookup (moves, tile);
          JsonArray *placements;
          guint found = 0;

          if (listed == NULL)
            {
              const char * const moves_args[] = { "moves", "--json", path, tile, NULL };

              listed = run_cli_json (NULL, moves_args);
              g_hash_table_insert (moves, g_strdup (tile), listed);
            }
          placements = json_object_get_array_member (json_node_get_object (listed), "placements");
          for (guint p = 0; p < json_array_get_length (placements); p++)
            {
              JsonObject *placement = json_array_get_object_element (placements, p);
              JsonArray *at = json_object_get_array_member (placement, "at");

              if (json_array_get_int_element (at, 0) == cell.x && json_array_get_int_element (at, 1) == cell.y)
                {
                  gint64 rotation = json_object_get_int_member (placement, "rotation");
                  gboolean in_fits = FALSE;

                  for (guint r = 0; r < json_array_get_length (rotations); r++)
                    in_fits |= json_array_get_int_element (rotations, r) == rotation;
                  g_assert_true (in_fits);
                  found++;
                }
            }
          g_assert_cmpuint (found, ==, json_array_get_length (rotations));
          n_checked++;
        }
    }
  g_assert_cmpuint (n_checked, >, 20);
  g_unlink (path);
  g_rmdir (folder);
}

/* state --json's "projected" is what score --json gives for the same record with an end event
 * added, player by player and category by category. */
static void
test_projected (void)
{
  g_autofree char *dir = records_dir ("base");
  g_autofree char *file = g_build_filename (dir, "e01-city-3-tiles-1-pennant.json", NULL);
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("tessera-projected-XXXXXX", NULL);
  g_autofree char *ended_path = g_build_filename (folder, "ended.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *ended_text = NULL;
  const char * const state_args[] = { "state", "--json", file, NULL };
  const char * const score_args[] = { "score", "--json", ended_path, NULL };
  g_autoptr(JsonNode) state = NULL;
  g_autoptr(JsonNode) score = NULL;
  JsonArray *projected;
  JsonArray *players;

  g_assert_true (g_file_get_contents (file, &text, NULL, &error));
  record = tessera_record_load_from_data (text, -1, &error);
  g_assert_no_error (error);
  g_ptr_array_add (record->events, tessera_event_new_end ());
  ended_text = tessera_record_to_data (record);
  g_assert_true (g_file_set_contents (ended_path, ended_text, -1, NULL));

  state = run_cli_json (NULL, state_args);
  score = run_cli_json (NULL, score_args);
  if (state == NULL || score == NULL)
    return;
  projected = json_object_get_array_member (json_node_get_object (state), "projected");
  players = json_object_get_array_member (json_node_get_object (score), "players");
  g_assert_cmpuint (json_array_get_length (projected), ==, json_array_get_length (players));
  for (guint p = 0; p < json_array_get_length (players); p++)
    {
      JsonObject *mine = json_array_get_object_element (projected, p);
      JsonObject *theirs = json_array_get_object_element (players, p);

      g_assert_cmpint (json_object_get_int_member (mine, "score"), ==, json_object_get_int_member (theirs, "score"));
      for (guint c = 0; c < G_N_ELEMENTS (categories); c++)
        g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (mine, "breakdown"), categories[c]), ==,
                         json_object_get_int_member (json_object_get_object_member (theirs, "breakdown"), categories[c]));
    }
  /* e01: Red's completed city (8) stands; the unfinished road and farms add nothing more. */
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (projected, 0), "score"), ==, 8);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (state), "dead_spots")), ==, 0);
  g_unlink (ended_path);
  g_rmdir (folder);
}

/* B11: the last tile of the box ends the game without "end": state names no next player and
 * says so, score gives the final scores (7 to 3, not 4 to 0 "so far"). */
static void
test_last_tile_ends_game (void)
{
  g_autofree char *dir = records_dir ("box");
  const char * const state_args[] = { "state", "b11-last-tile-ends-game.json", NULL };
  const char * const state_json_args[] = { "state", "--json", "b11-last-tile-ends-game.json", NULL };
  const char * const score_args[] = { "score", "--json", "b11-last-tile-ends-game.json", NULL };
  g_auto(CliRun) run = { 0 };
  g_autoptr(JsonNode) state = NULL;
  g_autoptr(JsonNode) score = NULL;
  JsonArray *players;

  if (!run_cli (dir, state_args, &run))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "The game is over.\n"));
  g_assert_null (strstr (run.out, "Next:"));

  state = run_cli_json (dir, state_json_args);
  g_assert_true (json_object_get_boolean_member (json_node_get_object (state), "finished"));
  g_assert_true (json_object_get_null_member (json_node_get_object (state), "current_player"));

  score = run_cli_json (dir, score_args);
  g_assert_true (json_object_get_boolean_member (json_node_get_object (score), "finished"));
  players = json_object_get_array_member (json_node_get_object (score), "players");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (players, 0), "score"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (players, 1), "score"), ==, 3);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* A wrong answer fails its own case; the other cases still run and report. */
  g_test_set_nonfatal_assertions ();

  for (guint i = 0; i < G_N_ELEMENTS (score_cases); i++)
    tessera_test_add_fixture_case ("cli/score-json", score_cases[i].file, NULL, NULL,
                                   &score_cases[i], test_score_json);
  for (guint i = 0; i < G_N_ELEMENTS (explain_cases); i++)
    tessera_test_add_fixture_case ("cli/explain", explain_cases[i].file, NULL, NULL,
                                   &explain_cases[i], test_explain);
  g_test_add_func ("/cli/explain-json/e01-city-3-tiles-1-pennant", test_explain_json);
  for (guint i = 0; i < G_N_ELEMENTS (validate_cases); i++)
    tessera_test_add_fixture_case ("cli/validate", validate_cases[i].file, NULL, NULL,
                                   &validate_cases[i], test_validate);
  g_test_add_func ("/cli/validate/all-examples", test_validate_all_examples);
  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/review", test_review);
  g_test_add_func ("/cli/option-forms", test_option_forms);
  g_test_add_func ("/cli/state-json/e20-taxes-blue-8-red-3", test_state_wheel);
  g_test_add_func ("/cli/state/box", test_state_box);
  g_test_add_func ("/cli/history/played", test_played_import_export);
  g_test_add_func ("/cli/state-json/e28-first-floor-range-5", test_state_tower);
  g_test_add_func ("/cli/state-json/e41-joining-mage-moves", test_state_magic);
  g_test_add_func ("/cli/moves/e41-joining-mage-moves/magic-targets", test_moves_magic);
  g_test_add_func ("/cli/moves/e18-pig-moves-three/crown-spaces", test_moves_crowns);
  g_test_add_func ("/cli/moves/e29-second-floor-range-9/captures", test_moves_tower);
  g_test_add_func ("/cli/moves/e34-tower-pieces-4-players/no-piece-no-tower", test_moves_no_tower_piece_left);
  g_test_add_func ("/cli/history/import-export", test_import_export);
  g_test_add_func ("/cli/history/import-refuses", test_import_refuses);
  g_test_add_func ("/cli/history/import-several", test_import_several);
  g_test_add_func ("/cli/history/not-a-database", test_history_not_a_database);
  g_test_add_func ("/cli/history/read-only", test_history_read_only);
  g_test_add_func ("/cli/history/read-only-then-writable", test_history_read_only_then_writable);
  g_test_add_func ("/cli/history/damaged", test_history_damaged);
  g_test_add_func ("/cli/history/invalid-name", test_history_invalid_name);
  g_test_add_func ("/cli/history/export-usage", test_export_usage);
  g_test_add_func ("/cli/history/history", test_history);
  g_test_add_func ("/cli/history/export-csv", test_export_csv);
  g_test_add_func ("/cli/history/export-bgstats", test_export_bgstats);
  g_test_add_func ("/cli/limits", test_limits);
  g_test_add_func ("/cli/limits/endless", test_limits_endless);
  g_test_add_func ("/cli/history/two-imports", test_two_imports);
  g_test_add_func ("/cli/fits/e01-city-3-tiles-1-pennant", test_fits);
  g_test_add_func ("/cli/fits/against-moves", test_fits_against_moves);
  g_test_add_func ("/cli/state-json/projected", test_projected);
  g_test_add_func ("/cli/b11/last-tile-ends-game", test_last_tile_ends_game);
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli/bad/%s", bad_cases[i].name);

      g_test_add_data_func (path, &bad_cases[i], test_bad_input);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad_box_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli/bad-box/%s", bad_box_cases[i].name);

      g_test_add_data_func (path, &bad_box_cases[i], test_bad_box_input);
    }

  return g_test_run ();
}
