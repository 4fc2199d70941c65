/* tessera-test-utils.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* The record in tests/records/@dir/@file. With @error NULL, a fixture that does not load
 * fails the test. */
TesseraRecord *
tessera_test_load_record (const char  *dir,
                          const char  *file,
                          GError     **error)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "records", dir, file, NULL);
  g_autofree char *data = NULL;
  g_autoptr(GError) local_error = NULL;
  TesseraRecord *record = NULL;
  gsize length = 0;

  if (g_file_get_contents (path, &data, &length, &local_error))
    record = tessera_record_load_from_data (data, (gssize) length, &local_error);
  if (error == NULL)
    g_assert_no_error (local_error);
  else if (local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return record;
}

/* The game after the first @n_events events of a fixture (G_MAXUINT: all of them), which
 * must all be legal. NULL, with the test failed, when it does not load. */
TesseraGame *
tessera_test_load_game (const char *dir,
                        const char *file,
                        guint       n_events)
{
  g_autoptr(TesseraRecord) record = tessera_test_load_record (dir, file, NULL);
  g_autoptr(GError) error = NULL;
  TesseraGame *game;

  if (record == NULL)
    return NULL;
  if (n_events != G_MAXUINT)
    g_assert_cmpuint (n_events, <=, record->events->len);
  game = tessera_game_new_from_record (record, n_events, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

/* Applies @data (one event's JSON) as the game's next event; returns the error, or NULL when
 * it was accepted. */
GError *
tessera_test_apply_data (TesseraGame *game,
                         const char  *data)
{
  g_autoptr(TesseraRecord) record = tessera_game_to_record (game);
  g_autoptr(TesseraEvent) event = NULL;
  GError *error = NULL;

  event = tessera_event_from_data (record, tessera_game_get_n_events (game), data, &error);
  if (event == NULL)
    return error;
  tessera_game_apply (game, event, &error);
  return error;
}

/* @player's total and points in every category (@by_category, TESSERA_N_CATEGORIES of them). */
/* @error is a TESSERA_ERROR of @code saying exactly @message. The tests go on after a failed
 * assertion, so a missing error is reported and not read. */
void
tessera_test_assert_error (const GError *error,
                           int           code,
                           const char   *message)
{
  g_assert_error (error, TESSERA_ERROR, code);
  if (error != NULL)
    g_assert_cmpstr (error->message, ==, message);
}

/* Everything a player could observe about a game, as text, to compare two states: a refused
 * event, an undo and a replay must each leave it as it was. */
char *
tessera_test_describe_game (TesseraGame *game)
{
  GString *text = g_string_new (NULL);
  TesseraBoard *board = tessera_game_get_board (game);
  guint n_pieces;
  const TesseraPiece *pieces = tessera_game_get_pieces (game, &n_pieces);
  guint n_scores;
  const TesseraScoreEvent *scores = tessera_game_get_score_events (game, &n_scores);
  GArray *supply = tessera_game_get_supply (game);

  g_string_append_printf (text, "events %u current %u finished %d tiles-left %u pig %u\n",
                          tessera_game_get_n_events (game), tessera_game_get_current_player (game),
                          tessera_game_is_finished (game), tessera_game_get_tiles_left (game),
                          tessera_game_get_pig (game));
  if (tessera_game_get_wheel (game) != NULL)
    {
      const TesseraWheelBoard *wheel = tessera_game_get_wheel (game);

      for (guint s = 0; s < wheel->n_segments; s++)
        for (guint c = 0; c < wheel->segments[s].n_crowns; c++)
          g_string_append_printf (text, "crown %u-%u %d\n", s, c, tessera_game_get_crown_occupant (game, s, c));
    }
  g_string_append_printf (text, "magic %d %d\n", tessera_game_get_magic_segment (game, TESSERA_MAGIC_MAGE),
                          tessera_game_get_magic_segment (game, TESSERA_MAGIC_WITCH));
  if (tessera_game_has_tower (game))
    {
      GArray *towers = tessera_game_get_towers (game);

      for (guint i = 0; i < towers->len; i++)
        {
          const TesseraTower *tower = &g_array_index (towers, TesseraTower, i);
          g_string_append_printf (text, "tower [%d,%d] %u %d\n", tower->at.x, tower->at.y, tower->height, tower->top);
        }
      for (guint a = 0; a < tessera_game_get_n_players (game); a++)
        {
          g_string_append_printf (text, "pieces %u:", tessera_game_get_tower_pieces (game, a));
          for (guint b = 0; b < tessera_game_get_n_players (game); b++)
            g_string_append_printf (text, " %u", tessera_game_get_prisoners (game, a, b));
          g_string_append_c (text, '\n');
        }
    }
  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    {
      g_string_append_printf (text, "player %u supply %u score %d:", p,
                              tessera_game_get_followers_in_supply (game, p), tessera_game_get_score (game, p));
      for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
        g_string_append_printf (text, " %d", tessera_game_get_category_score (game, p, c));
      g_string_append_c (text, '\n');
    }
  for (guint i = 0; i < tessera_board_get_n_tiles (board); i++)
    {
      const TesseraPlacedTile *tile = tessera_board_get_tile (board, i);
      g_string_append_printf (text, "tile %s [%d,%d] %u\n", tile->type->id, tile->cell.x, tile->cell.y, tile->rotation);
    }
  for (guint i = 0; i < n_pieces; i++)
    {
      const TesseraPiece *piece = &pieces[i];
      g_string_append_printf (text, "piece %u on %u\n", piece->player, piece->segment);
    }
  for (guint i = 0; i < n_scores; i++)
    {
      const TesseraScoreEvent *score = &scores[i];
      g_autofree char *reason = tessera_score_event_describe (score, tessera_game_get_player_names (game));
      g_string_append_printf (text, "score %u %u %d %s\n", score->event, score->player, score->points, reason);
    }
  for (guint i = 0; i < supply->len; i++)
    g_string_append_printf (text, "%u ", g_array_index (supply, TesseraSupplyEntry, i).left);
  return g_string_free (text, FALSE);
}

/* @data (one event's JSON) is refused with @code and exactly @message, and the game is as it
 * was before. */
void
tessera_test_check_refused (TesseraGame *game,
                            const char  *data,
                            int          code,
                            const char  *message)
{
  g_autofree char *before = tessera_test_describe_game (game);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = tessera_test_apply_data (game, data);

  tessera_test_assert_error (error, code, message);
  after = tessera_test_describe_game (game);
  g_assert_cmpstr (after, ==, before);
}

/* A record of tests/records/@dir that is refused as a whole with @bad's message. With
 * TESSERA_ERROR_RECORD it does not even load; with TESSERA_ERROR_RULE its last event breaks the
 * rule: the record without it is fine, and applying that event to it is refused the same way
 * and changes nothing (though a wheel tile turns the wheel before it is placed). */
void
tessera_test_check_bad_record (const char                 *dir,
                               const TesseraTestBadRecord *bad)
{
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  guint n_events;

  record = tessera_test_load_record (dir, bad->file, &error);
  if (bad->code == TESSERA_ERROR_RECORD && record == NULL)
    {
      tessera_test_assert_error (error, bad->code, bad->message);
      return;
    }
  g_assert_no_error (error);
  if (record == NULL)
    return;

  game = tessera_game_new_from_record (record, G_MAXUINT, &error);
  g_assert_null (game);
  tessera_test_assert_error (error, bad->code, bad->message);
  g_clear_error (&error);
  if (bad->code != TESSERA_ERROR_RULE)
    return;

  n_events = record->events->len;
  g_assert_cmpuint (n_events, >, 0);
  if (n_events == 0)
    return;
  g_clear_object (&game);
  game = tessera_game_new_from_record (record, n_events - 1, &error);
  g_assert_no_error (error);
  if (game == NULL)
    return;
  before = tessera_test_describe_game (game);

  g_assert_false (tessera_game_apply (game, g_ptr_array_index (record->events, n_events - 1), &error));
  tessera_test_assert_error (error, bad->code, bad->message);
  after = tessera_test_describe_game (game);
  g_assert_cmpstr (after, ==, before);
}

/* The game has exactly the players of @expected (at most @max_expected of them, or up to the
 * first without a name), each with those points, followers in supply, and what @checks adds. */
void
tessera_test_check_players (TesseraGame             *game,
                            const TesseraTestPlayer *expected,
                            guint                    max_expected,
                            TesseraTestPlayerChecks  checks)
{
  guint n_expected = 0;

  while (n_expected < max_expected && expected[n_expected].player != NULL)
    n_expected++;
  g_assert_cmpuint (tessera_game_get_n_players (game), ==, n_expected);

  for (guint i = 0; i < n_expected; i++)
    {
      guint player = tessera_test_find_player (game, expected[i].player);

      g_test_message ("%s: %d points, %u followers in supply, %u on crown spaces, %u tower pieces",
                      expected[i].player, tessera_game_get_score (game, player),
                      tessera_game_get_followers_in_supply (game, player),
                      tessera_game_count_crown_followers (game, player),
                      tessera_game_get_tower_pieces (game, player));
      tessera_test_check_points (game, expected[i].player, expected[i].total, expected[i].by_category);
      g_assert_cmpuint (tessera_game_get_followers_in_supply (game, player), ==, expected[i].in_supply);
      if (checks & TESSERA_TEST_CHECK_CROWNS)
        g_assert_cmpuint (tessera_game_count_crown_followers (game, player), ==, expected[i].on_crowns);
      if (checks & TESSERA_TEST_CHECK_TOWER_PIECES)
        g_assert_cmpuint (tessera_game_get_tower_pieces (game, player), ==, expected[i].tower_pieces);
    }
}

void
tessera_test_check_points (TesseraGame *game,
                           const char  *player,
                           int          total,
                           const int   *by_category)
{
  guint seat = tessera_test_find_player (game, player);

  g_assert_cmpint (tessera_game_get_score (game, seat), ==, total);
  for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
    {
      int points = tessera_game_get_category_score (game, seat, (TesseraCategory) c);

      if (points != by_category[c])
        g_test_message ("%s: %s is %d, not %d", player, tessera_category_name ((TesseraCategory) c), points,
                        by_category[c]);
      g_assert_cmpint (points, ==, by_category[c]);
    }
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

/* For g_ptr_array_sort () of strings. */
int
tessera_test_compare_strings (const char **a,
                              const char **b)
{
  return g_strcmp0 (*a, *b);
}

/* Every scoring event, so that a failing test's log shows what the game did pay. */
void
tessera_test_log_scores (TesseraGame *game)
{
  const char * const *names = tessera_game_get_player_names (game);
  guint n_scores;
  const TesseraScoreEvent *scores = tessera_game_get_score_events (game, &n_scores);

  for (guint i = 0; i < n_scores; i++)
    {
      const TesseraScoreEvent *score = &scores[i];
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
  guint n_scores;
  const TesseraScoreEvent *scores = tessera_game_get_score_events (game, &n_scores);
  guint player = tessera_test_find_player (game, expected->player);

  for (guint i = 0; i < n_scores; i++)
    {
      const TesseraScoreEvent *score = &scores[i];
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
  guint n_scores = tessera_game_get_n_score_events (game);
  g_autofree gboolean *matched = g_new0 (gboolean, MAX (n_scores, 1));
  guint n_expected = 0;

  tessera_test_log_scores (game);
  for (; n_expected < max_expected && expected[n_expected].player != NULL; n_expected++)
    tessera_test_expect_score (game, matched, &expected[n_expected]);
  g_assert_cmpuint (n_scores, ==, n_expected);
}

/* "[[[...]]]" @depth levels deep: what took JSON readers down with the stack. */
char *
tessera_test_nested_arrays (guint depth)
{
  char *text = g_malloc (2 * (gsize) depth + 1);

  memset (text, '[', depth);
  memset (text + depth, ']', depth);
  text[2 * (gsize) depth] = '\0';
  return text;
}

struct _TesseraTestFeeder
{
  char    *path;
  gsize    n_bytes;
  gsize    n_written;
  GThread *thread;
};

static gpointer
feed (gpointer data)
{
  TesseraTestFeeder *feeder = data;
  char chunk[64 * 1024];
  int fd;

  memset (chunk, ' ', sizeof chunk);
  /* Waits for the reader; the test opens it itself if the reader never came. */
  fd = open (feeder->path, O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return NULL;
  while (feeder->n_written < feeder->n_bytes)
    {
      ssize_t n = write (fd, chunk, MIN (sizeof chunk, feeder->n_bytes - feeder->n_written));

      /* EPIPE: the reader closed its end, it has read enough. */
      if (n <= 0)
        break;
      feeder->n_written += (gsize) n;
    }
  close (fd);
  return NULL;
}

/**
 * tessera_test_feeder_start:
 * @path: where to make a named pipe (FIFO)
 * @n_bytes: how much to write into it
 *
 * Makes a named pipe at @path and writes @n_bytes of spaces into it from a thread, as another
 * program writing into a pipe would, until the reader closes it. SIGPIPE is ignored from now
 * on in this process, so a reader that stops early only ends the writing.
 */
TesseraTestFeeder *
tessera_test_feeder_start (const char *path,
                           gsize       n_bytes)
{
  TesseraTestFeeder *feeder = g_new0 (TesseraTestFeeder, 1);

  signal (SIGPIPE, SIG_IGN);
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  feeder->path = g_strdup (path);
  feeder->n_bytes = n_bytes;
  feeder->thread = g_thread_new ("feeder", feed, feeder);
  return feeder;
}

/**
 * tessera_test_feeder_finish:
 *
 * Ends the writing (a writer still waiting for a reader is let go), removes the pipe and
 * frees @feeder.
 *
 * Returns: how many bytes went into the pipe
 */
gsize
tessera_test_feeder_finish (TesseraTestFeeder *feeder)
{
  gsize n_written;
  int fd = open (feeder->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

  if (fd >= 0)
    close (fd);
  g_thread_join (feeder->thread);
  n_written = feeder->n_written;
  g_unlink (feeder->path);
  g_free (feeder->path);
  g_free (feeder);
  return n_written;
}
