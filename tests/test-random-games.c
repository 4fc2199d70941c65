/* test-random-games.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tessera-engine.h"
#include "tessera-random-game.h"
#include "tessera-test-turn.h"
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

/* A whole generated game, written as @data: it reads back to the same text, and both replay
 * to the same finished game with every tile drawn. Returns: that game's description. */
static char *
check_round_trip (const TesseraRecord *record,
                  const char          *data)
{
  g_autoptr(TesseraRecord) reloaded = NULL;
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(TesseraGame) replayed = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *reloaded_data = NULL;
  g_autofree char *replayed_state = NULL;
  char *state;

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
  return state;
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
      g_autoptr(TesseraGame) stepped = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *data = tessera_record_to_data (record);
      g_autofree char *same_data = tessera_record_to_data (same_seed);
      g_autofree char *state = NULL;
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

      state = check_round_trip (record, data);

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

/* A copy is the game: for one game of every set combination, the copy at each event equals
 * the record replayed to that event, a turn applied to a copy leaves the original as it was
 * and makes the copy what the original becomes, and undoing every event (from the checkpoints
 * along the log) passes through the same states the other way. */
static void
test_copies_equal_replays (void)
{
  for (guint seed = 1; seed <= N_COMBINATIONS; seed++)
    {
      GameSets sets = sets_for (seed);
      g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (seed, 2 + seed % 4, sets.sets);
      g_autoptr(TesseraGame) full = NULL;
      g_autoptr(TesseraGame) stepped = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func (g_free);

      full = tessera_game_new_from_record (record, G_MAXUINT, &error);
      g_assert_no_error (error);
      stepped = tessera_game_new (record, &error);
      g_assert_no_error (error);
      for (guint n = 0; n <= record->events->len; n++)
        {
          g_autoptr(TesseraGame) replayed = tessera_game_new_from_record (record, n, &error);
          g_autoptr(TesseraGame) copy_at = tessera_game_copy_at (full, n);
          g_autoptr(TesseraGame) copy = tessera_game_copy (stepped);
          char *state;
          g_autofree char *copy_at_state = NULL;
          g_autofree char *copy_state = NULL;

          g_assert_no_error (error);
          state = tessera_test_describe_game (replayed);
          g_ptr_array_add (states, state);
          copy_at_state = tessera_test_describe_game (copy_at);
          copy_state = tessera_test_describe_game (copy);
          g_assert_cmpstr (copy_at_state, ==, state);
          g_assert_cmpstr (copy_state, ==, state);
          g_assert_cmpuint (tessera_game_get_n_events (copy_at), ==, n);
          if (n == record->events->len)
            break;

          /* The next event on the copy: the original does not move, and then does the same. */
          g_assert_true (tessera_game_apply (copy, g_ptr_array_index (record->events, n), &error));
          g_assert_no_error (error);
          g_free (copy_state);
          copy_state = tessera_test_describe_game (stepped);
          g_assert_cmpstr (copy_state, ==, state);
          g_assert_true (tessera_game_apply (stepped, g_ptr_array_index (record->events, n), &error));
          g_assert_no_error (error);
          g_free (copy_state);
          g_free (copy_at_state);
          copy_state = tessera_test_describe_game (copy);
          copy_at_state = tessera_test_describe_game (stepped);
          g_assert_cmpstr (copy_state, ==, copy_at_state);
        }

      /* Undo all the way back, then redo: every state on the way is the replayed one. */
      for (guint n = record->events->len; n > 0; n--)
        {
          g_autofree char *state = NULL;

          g_assert_true (tessera_game_undo (stepped));
          state = tessera_test_describe_game (stepped);
          g_assert_cmpstr (state, ==, g_ptr_array_index (states, n - 1));
        }
      for (guint n = 1; n <= record->events->len; n++)
        {
          g_autofree char *state = NULL;

          g_assert_true (tessera_game_redo (stepped));
          state = tessera_test_describe_game (stepped);
          g_assert_cmpstr (state, ==, g_ptr_array_index (states, n));
        }
      /* Back a few events and on with others than before: the checkpoints past it are stale. */
      for (guint n = 0; n < 40 && tessera_game_can_undo (stepped); n++)
        tessera_game_undo (stepped);
      {
        guint at = tessera_game_get_n_events (stepped);
        g_autoptr(TesseraGame) copy = tessera_game_copy_at (full, at);
        g_autofree char *state = tessera_test_describe_game (copy);
        g_autofree char *stepped_state = tessera_test_describe_game (stepped);

        g_assert_cmpstr (state, ==, g_ptr_array_index (states, at));
        g_assert_cmpstr (stepped_state, ==, g_ptr_array_index (states, at));
      }
    }
}

/* The preview is the move: for one generated game of every set combination and player count,
 * every turn is entered step by step through the engine's turn, previewed before it is
 * confirmed, then applied; what the preview said is what applying it did. */
static void
test_previews_equal_moves (void)
{
  for (guint seed = 1; seed <= 2 * N_COMBINATIONS; seed++)
    {
      GameSets sets = sets_for (seed);
      g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (seed, 2 + (seed / N_COMBINATIONS + seed) % 4, sets.sets);
      g_autoptr(TesseraGame) game = NULL;
      g_autoptr(GError) error = NULL;

      game = tessera_game_new (record, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < record->events->len; i++)
        {
          TesseraEvent *event = g_ptr_array_index (record->events, i);
          g_auto(TesseraPreview) preview;
          g_autoptr(TesseraGame) before = tessera_game_copy (game);
          g_autoptr(TesseraEvent) built = NULL;

          tessera_preview_init (&preview);
          if (event->kind == TESSERA_EVENT_TURN || event->kind == TESSERA_EVENT_DISCARD)
            {
              g_autoptr(TesseraTurn) turn = tessera_turn_new (game);

              tessera_test_enter_turn (&tessera_test_turn_direct, turn, turn, game, event);
              g_assert_true (tessera_turn_preview (turn, &preview, &error));
              g_assert_no_error (error);
              built = tessera_turn_build_event (turn);
            }
          else
            {
              g_assert_true (tessera_game_preview (game, event, &preview, &error));
              g_assert_no_error (error);
              built = tessera_event_ref (event);
            }
          g_assert_true (tessera_game_apply (game, built, &error));
          g_assert_no_error (error);
          tessera_test_check_preview (&preview, before, game);
        }
    }
}

/* Boxes as families have them: for each game, a few kinds of its box get another count (a
 * tile lost, copies added, a kind taken out) and now and then a kind of another box is added.
 * The game draws exactly what that box holds, the record keeps the box through writing and
 * reading, and replays to the same end. */
#define N_BOX_GAMES 240

static const char * const extra_kinds[] = { "U", "IC-02", "KS-3", "A", "TB-16" };

static void
test_corrected_boxes (void)
{
  TesseraCatalogue *catalogue = tessera_catalogue_get_default ();

  for (guint seed = 1; seed <= N_BOX_GAMES; seed++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed * 7919);
      GameSets sets = sets_for (seed);
      g_autoptr(TesseraRecord) header = tessera_record_new ();
      g_autoptr(TesseraGame) plain = NULL;
      g_autoptr(TesseraRecord) record = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL;
      g_autofree char *state = NULL;
      TesseraBoxSets box_sets;
      const GArray *box;
      guint n_corrections = (guint) g_rand_int_range (rand, 1, 6);
      guint n_tiles = 0;
      guint n_turns = 0;
      gboolean starts_from_tile = TRUE;

      for (guint i = 0; sets.sets[i] != NULL; i++)
        {
          g_ptr_array_add (header->sets, g_strdup (sets.sets[i]));
          starts_from_tile &= !g_str_equal (sets.sets[i], "wheel-of-fortune");
        }
      for (guint p = 0; p < 2 + seed % 4; p++)
        tessera_record_add_player (header, tessera_colors[p], tessera_colors[p]);
      plain = tessera_game_new (header, &error);
      g_assert_no_error (error);
      box = tessera_game_get_box (plain);

      for (guint c = 0; c < n_corrections; c++)
        {
          const TesseraSupplyEntry *kind = &g_array_index (box, TesseraSupplyEntry, g_rand_int_range (rand, 0, (gint32) box->len));
          guint copies = (guint) g_rand_int_range (rand, 0, (gint32) MIN (kind->left + 3, TESSERA_BOX_MAX_COPIES + 1));
          const TesseraTileType *start = tessera_catalogue_get_set (catalogue, "base")->start;

          /* The start tile stays in a game that starts from it. */
          if (starts_from_tile && kind->type == start && kind->wheel == 0)
            copies = MAX (copies, 1);
          tessera_record_set_box_count (header, kind->entry->id, copies);
        }
      if (g_rand_int_range (rand, 0, 3) == 0)
        {
          const char *extra = extra_kinds[g_rand_int_range (rand, 0, G_N_ELEMENTS (extra_kinds))];

          tessera_record_get_box_sets (header, &box_sets);
          g_assert_nonnull (tessera_box_find_entry (catalogue, &box_sets, extra, NULL));
          tessera_record_set_box_count (header, extra, (guint) g_rand_int_range (rand, 1, 3));
        }

      /* What the box holds, from the catalogue's counts and the corrections alone. */
      for (guint i = 0; i < box->len; i++)
        {
          const TesseraSupplyEntry *kind = &g_array_index (box, TesseraSupplyEntry, i);
          int corrected = tessera_record_get_box_count (header, kind->entry->id);

          n_tiles += corrected >= 0 ? (guint) corrected : kind->left;
        }
      for (guint i = 0; i < G_N_ELEMENTS (extra_kinds); i++)
        {
          guint wheel;
          const TesseraTileType *type = tessera_catalogue_parse_tile_id (catalogue, extra_kinds[i], &wheel);
          gboolean in_box = FALSE;

          for (guint k = 0; k < box->len; k++)
            in_box |= g_array_index (box, TesseraSupplyEntry, k).type == type && g_array_index (box, TesseraSupplyEntry, k).wheel == wheel;
          if (!in_box)
            n_tiles += (guint) MAX (tessera_record_get_box_count (header, extra_kinds[i]), 0);
        }
      if (starts_from_tile)
        n_tiles--;

      if (n_tiles == 0)
        continue;
      record = tessera_random_game_from_header (seed, header);
      for (guint i = 0; i < record->events->len; i++)
        {
          const TesseraEvent *event = g_ptr_array_index (record->events, i);
          n_turns += event->kind == TESSERA_EVENT_TURN || event->kind == TESSERA_EVENT_DISCARD;
        }
      g_assert_cmpuint (n_turns, ==, n_tiles);

      data = tessera_record_to_data (record);
      g_assert_nonnull (strstr (data, "\n  \"box\": {"));
      state = check_round_trip (record, data);
      g_assert_nonnull (state);
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

          bad = tessera_event_new_turn (next->player, next->tile, (TesseraCell) { 1000, 1000 }, 0);
          if (next->choices != NULL && next->choices->has_plague)
            tessera_event_set_plague (bad, next->choices->plague_choices, next->choices->n_plague_choices);
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

/* The same players in the same seats: a game before and after a move, not another game's players
 * or the same names in other colours. */
static void
test_same_seats (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_random_game (7, 3);
  g_autoptr(TesseraRecord) other_record = tessera_random_game (8, 4);
  g_autoptr(TesseraGame) early = tessera_game_new_from_record (record, 5, &error);
  g_autoptr(TesseraGame) later = tessera_game_new_from_record (record, 20, &error);
  g_autoptr(TesseraGame) other = tessera_game_new_from_record (other_record, 5, &error);
  g_autoptr(TesseraGame) recoloured = NULL;
  TesseraPlayerInfo *first = &g_array_index (record->players, TesseraPlayerInfo, 0);
  TesseraPlayerInfo *second = &g_array_index (record->players, TesseraPlayerInfo, 1);
  char *color = first->color;

  g_assert_no_error (error);
  g_assert_true (tessera_game_has_same_seats (early, later));
  g_assert_true (tessera_game_has_same_seats (later, later));
  g_assert_false (tessera_game_has_same_seats (early, other));
  g_assert_false (tessera_game_has_same_seats (early, NULL));
  g_assert_false (tessera_game_has_same_seats (NULL, early));
  /* The first two players swap colours: the same names, other seats' colours. */
  first->color = second->color;
  second->color = color;
  recoloured = tessera_game_new_from_record (record, 5, &error);
  g_assert_no_error (error);
  g_assert_false (tessera_game_has_same_seats (early, recoloured));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/random-games/properties", test_random_games);
  g_test_add_func ("/random-games/same-seats", test_same_seats);
  g_test_add_func ("/random-games/copies-equal-replays", test_copies_equal_replays);
  g_test_add_func ("/random-games/previews-equal-moves", test_previews_equal_moves);
  g_test_add_func ("/random-games/corrected-boxes", test_corrected_boxes);
  g_test_add_func ("/random-games/refused-event-changes-nothing", test_refused_event_changes_nothing);
  g_test_add_func ("/random-games/refused-wheel-turn-changes-nothing", test_refused_wheel_turn_changes_nothing);
  return g_test_run ();
}
