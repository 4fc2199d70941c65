/* test-random-games.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tessera-engine.h"
#include "tessera-random-game.h"
#include "tessera-test-utils.h"

/* Property tests over many random legal games. Each game is played by the generator through
 * tessera_game_apply(), so every one of them is also a record the engine validated. */

#define N_GAMES 1000

/* After every event: supply, board and crown spaces hold 7 followers a player; no follower
 * stands in a completed road, city or cloister; the score events add up to the scores; the pig
 * has moved by the wheel numbers of every tile drawn so far. */
static void
check_invariants (TesseraGame *game,
                  guint        wheel_steps)
{
  TesseraBoard *board = tessera_game_get_board (game);
  guint n_pieces;
  const TesseraPiece *pieces = tessera_game_get_pieces (game, &n_pieces);
  guint n_scores;
  const TesseraScoreEvent *scores = tessera_game_get_score_events (game, &n_scores);
  guint on_board[TESSERA_MAX_PLAYERS] = { 0 };
  int totals[TESSERA_MAX_PLAYERS] = { 0 };

  for (guint i = 0; i < n_pieces; i++)
    {
      const TesseraPiece *piece = &pieces[i];
      TesseraFeatureInfo info;

      on_board[piece->player]++;
      tessera_board_describe_feature (board, piece->segment, &info);
      if (info.kind != TESSERA_FEATURE_FIELD)
        g_assert_false (info.complete);
      g_assert_cmpuint (info.n_followers, >, 0);
    }
  for (guint i = 0; i < n_scores; i++)
    {
      const TesseraScoreEvent *score = &scores[i];
      totals[score->player] += score->points;
    }
  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    {
      int breakdown = 0;

      guint tops = 0, held = 0;

      for (guint t = 0; t < tessera_game_get_towers (game)->len; t++)
        tops += g_array_index (tessera_game_get_towers (game), TesseraTower, t).top == (int) p;
      for (guint captor = 0; captor < tessera_game_get_n_players (game); captor++)
        if (tessera_game_has_tower (game))
          held += tessera_game_get_prisoners (game, captor, p);
      g_assert_cmpuint (on_board[p] + tessera_game_count_crown_followers (game, p) + tops + held +
                        tessera_game_get_followers_in_supply (game, p), ==, TESSERA_FOLLOWERS_PER_PLAYER);
      /* Under the default rules nobody holds a follower of their own colour. */
      if (tessera_game_has_tower (game))
        g_assert_cmpuint (tessera_game_get_prisoners (game, p, p), ==, 0);
      g_assert_cmpint (totals[p], ==, tessera_game_get_score (game, p));
      for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
        breakdown += tessera_game_get_category_score (game, p, c);
      g_assert_cmpint (breakdown, ==, tessera_game_get_score (game, p));
    }
  if (tessera_game_get_wheel (game) != NULL)
    g_assert_cmpuint (tessera_game_get_pig (game), ==, wheel_steps % tessera_game_get_wheel (game)->n_segments);
  else
    g_assert_cmpuint (wheel_steps, ==, 0);

  /* The mage and the witch never stand in the same road or city. */
  if (tessera_game_get_magic_segment (game, TESSERA_MAGIC_MAGE) >= 0 &&
      tessera_game_get_magic_segment (game, TESSERA_MAGIC_WITCH) >= 0)
    g_assert_cmpuint (tessera_board_find (board, (guint) tessera_game_get_magic_segment (game, TESSERA_MAGIC_MAGE)), !=,
                      tessera_board_find (board, (guint) tessera_game_get_magic_segment (game, TESSERA_MAGIC_WITCH)));
}

/* The boxes and expansions of one generated game: seed by seed, every combination in turn of
 * the box (the base game, the Wheel of Fortune, or both mixed) with The Tower, Mage & Witch and
 * the crop circles, each on and off. */
typedef struct
{
  const char *sets[6];
  guint       n_tiles;   /* tiles to draw: every tile of the boxes but the start */
} GameSets;

#define N_COMBINATIONS (3 * 8)

static GameSets
sets_for (guint seed)
{
  guint combination = seed % N_COMBINATIONS;
  guint box = combination / 8;
  guint expansions = combination % 8;
  GameSets game = { { NULL }, 0 };
  guint n = 0;

  /* The base box's start tile is shuffled in when the wheel board is the start. */
  if (box != 0)
    {
      game.sets[n++] = "wheel-of-fortune";
      game.n_tiles += 71;
    }
  if (box != 1)
    {
      game.sets[n++] = "base";
      game.n_tiles += box == 0 ? 71 : 72;
    }
  if (expansions & 1)
    {
      game.sets[n++] = "tower";
      game.n_tiles += 18;
    }
  if (expansions & 2)
    {
      game.sets[n++] = "mage-witch";
      game.n_tiles += 8;
    }
  if (expansions & 4)
    {
      game.sets[n++] = "crop-circles";
      game.n_tiles += 6;
    }
  return game;
}

static void
test_random_games (void)
{
  for (guint seed = 1; seed <= N_GAMES; seed++)
    {
      /* Each combination in turn with 2, 3, 4 and 5 players. */
      guint n_players = 2 + (seed / N_COMBINATIONS) % 4;
      GameSets sets = sets_for (seed);
      g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (seed, n_players, sets.sets);
      g_autoptr(TesseraRecord) same_seed = tessera_random_game_with_sets (seed, n_players, sets.sets);
      g_autoptr(TesseraRecord) reloaded = NULL;
      g_autoptr(TesseraGame) game = NULL;
      g_autoptr(TesseraGame) replayed = NULL;
      g_autoptr(TesseraGame) stepped = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *data = tessera_record_to_data (record);
      g_autofree char *same_data = tessera_record_to_data (same_seed);
      g_autofree char *reloaded_data = NULL;
      g_autofree char *state = NULL;
      g_autofree char *replayed_state = NULL;
      guint n_turns = 0;
      guint wheel_steps = 0;

      /* The generator is deterministic, and the game ends with every tile drawn. */
      g_assert_cmpstr (data, ==, same_data);
      for (guint i = 0; i < record->events->len; i++)
        {
          const TesseraEvent *event = g_ptr_array_index (record->events, i);
          n_turns += event->kind == TESSERA_EVENT_TURN || event->kind == TESSERA_EVENT_DISCARD;
        }
      g_assert_cmpuint (n_turns, ==, sets.n_tiles);

      /* Save and load round-trip, and the reloaded record replays to the same state. */
      reloaded = tessera_record_load_from_data (data, -1, &error);
      g_assert_no_error (error);
      reloaded_data = tessera_record_to_data (reloaded);
      g_assert_cmpstr (reloaded_data, ==, data);

      game = tessera_game_new_from_record (record, G_MAXUINT, &error);
      g_assert_no_error (error);
      replayed = tessera_game_new_from_record (reloaded, G_MAXUINT, &error);
      g_assert_no_error (error);
      g_assert_true (tessera_game_is_finished (game));
      g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 0);
      state = tessera_test_describe_game (game);
      replayed_state = tessera_test_describe_game (replayed);
      g_assert_cmpstr (state, ==, replayed_state);

      /* Step by step, the invariants hold after every event; undo then redo changes nothing. */
      stepped = tessera_game_new (record, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < record->events->len; i++)
        {
          const TesseraEvent *event = g_ptr_array_index (record->events, i);

          g_assert_true (tessera_game_apply (stepped, g_ptr_array_index (record->events, i), &error));
          g_assert_no_error (error);
          if (event->kind == TESSERA_EVENT_TURN || event->kind == TESSERA_EVENT_DISCARD)
            wheel_steps += event->tile_wheel;
          check_invariants (stepped, wheel_steps);
          if ((i + seed) % 23 == 0)
            {
              g_autofree char *before = tessera_test_describe_game (stepped);
              g_autofree char *after = NULL;

              g_assert_true (tessera_game_undo (stepped));
              g_assert_true (tessera_game_can_redo (stepped));
              g_assert_true (tessera_game_redo (stepped));
              after = tessera_test_describe_game (stepped);
              g_assert_cmpstr (before, ==, after);
            }
        }

      /* Every tenth game: undo everything, then redo everything. */
      if (seed % 10 == 0)
        {
          g_autofree char *redone = NULL;
          g_autofree char *start = NULL;
          g_autoptr(TesseraGame) fresh = tessera_game_new (record, &error);
          g_autofree char *fresh_state = tessera_test_describe_game (fresh);

          while (tessera_game_can_undo (stepped))
            tessera_game_undo (stepped);
          start = tessera_test_describe_game (stepped);
          g_assert_cmpstr (start, ==, fresh_state);
          while (tessera_game_can_redo (stepped))
            tessera_game_redo (stepped);
          redone = tessera_test_describe_game (stepped);
          g_assert_cmpstr (redone, ==, state);
        }
    }
}

/* A refused event changes nothing: the same turn placed at an illegal cell, then legally. */
static void
test_refused_event_changes_nothing (void)
{
  g_autoptr(TesseraRecord) record = tessera_random_game (7, 3);
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, 20, &error);
  g_autofree char *before = tessera_test_describe_game (game);
  g_autofree char *after = NULL;
  g_autoptr(TesseraEvent) bad = NULL;
  TesseraEvent *next = g_ptr_array_index (record->events, 20);

  g_assert_no_error (error);
  bad = tessera_event_new (next->kind);
  bad->player = next->player;
  tessera_event_set_tile (bad, next->tile);
  bad->at.x = 1000;
  bad->at.y = 1000;
  g_assert_false (tessera_game_apply (game, bad, &error));
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE);
  after = tessera_test_describe_game (game);
  g_assert_cmpstr (before, ==, after);
  g_assert_true (tessera_game_apply (game, next, NULL));
}

/* A wheel tile acts before it is placed: when the placement is then refused, the pig, the
 * actions and the crown spaces must be as if the turn never happened. */
static void
test_refused_wheel_turn_changes_nothing (void)
{
  static const char * const wheel[] = { "wheel-of-fortune", NULL };
  guint checked = 0;

  for (guint seed = 1; seed <= 20; seed++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (seed, 3, wheel);

      for (guint i = 0; i < record->events->len; i++)
        {
          TesseraEvent *next = g_ptr_array_index (record->events, i);
          g_autoptr(TesseraGame) game = NULL;
          g_autoptr(TesseraEvent) bad = NULL;
          g_autoptr(GError) error = NULL;
          g_autofree char *before = NULL;
          g_autofree char *after = NULL;

          if (next->kind != TESSERA_EVENT_TURN || next->tile_wheel == 0)
            continue;
          game = tessera_game_new_from_record (record, i, &error);
          g_assert_no_error (error);
          before = tessera_test_describe_game (game);

          bad = tessera_event_new (TESSERA_EVENT_TURN);
          bad->player = next->player;
          tessera_event_set_tile (bad, next->tile);
          if (next->choices != NULL && next->choices->plague != NULL)
            tessera_event_ensure_choices (bad)->plague = json_node_copy (next->choices->plague);
          g_assert_true (tessera_event_parse_plague (bad, NULL));
          bad->at.x = 1000;
          bad->at.y = 1000;
          g_assert_false (tessera_game_apply (game, bad, &error));
          g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE);
          after = tessera_test_describe_game (game);
          g_assert_cmpstr (before, ==, after);
          g_assert_true (tessera_game_apply (game, next, NULL));
          checked++;
        }
    }
  g_assert_cmpuint (checked, >, 100);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/random-games/properties", test_random_games);
  g_test_add_func ("/random-games/refused-event-changes-nothing", test_refused_event_changes_nothing);
  g_test_add_func ("/random-games/refused-wheel-turn-changes-nothing", test_refused_wheel_turn_changes_nothing);
  return g_test_run ();
}
