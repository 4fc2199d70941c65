/* tessera-bench.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <time.h>

#include <glib/gstdio.h>

#include "tessera-engine.h"
#include "tessera-random-game.h"
#include "tessera-store.h"

/* The engine's speed, measured as the issues ask: replaying and fully scoring whole 72-tile
 * games, listing every legal placement on a 500-tile board, and placing tiles on a 10,000-tile
 * board. With --history N: the history's, on a database of N generated games; with --review N:
 * reviewing N generated games of each kind; with --import N:
 * importing N generated records into a new history. Prints microseconds and milliseconds; the
 * figures to reach are in README.md. */

static GPtrArray *base_types;

static const TesseraTileType *
random_type (GRand *rand)
{
  return g_ptr_array_index (base_types, g_rand_int_range (rand, 0, (gint32) base_types->len));
}

/* Grows a board by legal placements of random base tiles (the box is not a limit here). */
static TesseraBoard *
grow_board (GRand *rand,
            guint  n_tiles)
{
  TesseraBoard *board = tessera_board_new ();
  g_autoptr(GArray) placements = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));

  tessera_board_place (board, tessera_catalogue_lookup_type (tessera_catalogue_get_default (), "D"),
                       (TesseraCell) { 0, 0 }, 0);
  while (tessera_board_get_n_tiles (board) < n_tiles)
    {
      const TesseraTileType *type = random_type (rand);
      const TesseraPlacement *placement;

      g_array_set_size (placements, 0);
      tessera_board_list_placements (board, type, placements);
      if (placements->len == 0)
        continue;
      placement = &g_array_index (placements, TesseraPlacement, g_rand_int_range (rand, 0, (gint32) placements->len));
      tessera_board_place (board, type, placement->cell, placement->rotation);
    }
  return board;
}

static double
bench_games (guint               n_games,
             const char * const *sets)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) tessera_record_free);
  gint64 start;
  int checksum = 0;

  /* Records come from their JSON text, as a game loaded from a file or the history would. */
  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr(TesseraRecord) generated = tessera_random_game_with_sets (i + 1, 2 + i % 4, sets);
      g_autofree char *text = tessera_record_to_data (generated);

      g_ptr_array_add (records, tessera_record_load_from_data (text, -1, NULL));
    }

  start = g_get_monotonic_time ();
  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr(TesseraGame) game = tessera_game_new_from_record (g_ptr_array_index (records, i), G_MAXUINT, NULL);

      g_assert (game != NULL && tessera_game_is_finished (game));
      checksum += tessera_game_get_score (game, 0);
    }
  g_assert (checksum > 0);
  return (double) (g_get_monotonic_time () - start) / n_games;
}

/* Reading records from their JSON text, as from a file or an import: the strict check of the
 * text, json-glib's parse and the reader's checks of every field. Microseconds per record. */
static double
bench_read (guint               n_games,
            const char * const *sets,
            double             *check_us)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  gint64 start;
  guint n_events = 0;

  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr(TesseraRecord) generated = tessera_random_game_with_sets (i + 1, 2 + i % 4, sets);

      g_ptr_array_add (texts, tessera_record_to_data (generated));
    }
  /* The strict check alone (tessera-json-check.c), which reading does first. */
  start = g_get_monotonic_time ();
  for (guint i = 0; i < n_games; i++)
    g_assert (tessera_record_check_json (g_ptr_array_index (texts, i), -1, NULL));
  *check_us = (double) (g_get_monotonic_time () - start) / n_games;

  start = g_get_monotonic_time ();
  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr(TesseraRecord) record = tessera_record_load_from_data (g_ptr_array_index (texts, i), -1, NULL);

      g_assert (record != NULL);
      n_events += record->events->len;
    }
  g_assert (n_events > 0);
  return (double) (g_get_monotonic_time () - start) / n_games;
}

static double
bench_enumeration (GRand *rand,
                   guint  n_rounds)
{
  g_autoptr(TesseraBoard) board = grow_board (rand, 500);
  g_autoptr(GArray) placements = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));
  guint found = 0;
  gint64 start = g_get_monotonic_time ();

  for (guint round = 0; round < n_rounds; round++)
    for (guint t = 0; t < base_types->len; t++)
      {
        g_array_set_size (placements, 0);
        tessera_board_list_placements (board, g_ptr_array_index (base_types, t), placements);
        found += placements->len;
      }
  g_assert (found > 0);
  return (double) (g_get_monotonic_time () - start) / (n_rounds * base_types->len);
}

/* Every table aid for one board of 150 tiles with every set: what fits at each open cell, the
 * dead spots, the odds of every unfinished feature and the projected final scores, as the app
 * works them out after each move. In milliseconds per board. */
static double
bench_aids (guint n_rounds)
{
  static const char * const every_set[] = { "base", "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GArray) fits = g_array_new (FALSE, FALSE, sizeof (TesseraFit));
  g_autoptr(GArray) dead = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
  g_autoptr(GArray) needs = g_array_new (FALSE, FALSE, sizeof (TesseraFeatureNeed));
  TesseraProjection projections[TESSERA_MAX_PLAYERS];
  guint n_events = 0;
  gint64 start;

  /* A long game, cut where the board has 150 tiles. */
  for (guint32 seed = 1; game == NULL; seed++)
    {
      g_clear_pointer (&record, tessera_record_free);
      record = tessera_random_game_with_sets (seed, 4, every_set);
      for (n_events = 0; n_events < record->events->len; n_events++)
        {
          g_autoptr(TesseraGame) prefix = tessera_game_new_from_record (record, n_events, NULL);

          if (prefix != NULL && tessera_board_get_n_tiles (tessera_game_get_board (prefix)) >= 150)
            {
              game = g_steal_pointer (&prefix);
              break;
            }
        }
    }

  start = g_get_monotonic_time ();
  for (guint round = 0; round < n_rounds; round++)
    {
      const TesseraBoard *board = tessera_game_get_board (game);

      for (guint c = 0; c < tessera_board_get_n_open_cells (board); c++)
        {
          g_array_set_size (fits, 0);
          tessera_game_list_fits (game, tessera_board_get_open_cell (board, c), fits);
        }
      g_array_set_size (dead, 0);
      tessera_game_list_dead_spots (game, dead, NULL);
      /* The odds of every unfinished feature, once per feature (its root segment). */
      for (guint segment = 0; segment < tessera_board_get_n_segments (board); segment++)
        {
          TesseraFeatureOdds odds;

          if (tessera_board_find ((TesseraBoard *) board, segment) != segment)
            continue;
          g_array_set_size (needs, 0);
          tessera_game_get_feature_odds (game, segment, needs, &odds);
        }
      if (!tessera_game_project_scores (game, projections, NULL))
        g_error ("The generated game could not be ended");
    }
  return (g_get_monotonic_time () - start) / 1000.0 / n_rounds;
}

/* A replay step's model: the game one event before or after the one shown, on a game with every
 * expansion, as the replay view builds it. @from_checkpoints: copied from the whole game's
 * checkpoints (tessera_game_copy_at); otherwise replayed from the record's first event, as the
 * view did before. Returns microseconds per step. */
static double
bench_replay_step (gboolean from_checkpoints,
                   guint    n_steps)
{
  static const char * const everything[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
  g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (7, 4, everything);
  g_autoptr(TesseraGame) whole = tessera_game_new_from_record (record, G_MAXUINT, NULL);
  guint n_events = record->events->len;
  gint64 start;

  g_assert_nonnull (whole);
  start = g_get_monotonic_time ();
  for (guint i = 0; i < n_steps; i++)
    {
      /* Back and forth around the middle and the end, where a replay from the start costs most. */
      guint position = (i % 2 == 0 ? n_events / 2 : n_events - 1) + (i / 2) % 3;
      g_autoptr(TesseraGame) game = from_checkpoints ? tessera_game_copy_at (whole, MIN (position, n_events))
                                                     : tessera_game_new_from_record (record, position, NULL);

      g_assert_nonnull (game);
    }
  return (g_get_monotonic_time () - start) / (double) n_steps;
}

static double
bench_placement (GRand *rand,
                 guint  n_placements)
{
  g_autoptr(TesseraBoard) board = grow_board (rand, 10000);
  g_autoptr(GArray) placements = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));
  gint64 elapsed = 0;
  guint placed = 0;

  while (placed < n_placements)
    {
      const TesseraTileType *type = random_type (rand);
      const TesseraPlacement *placement;
      TesseraFeatureInfo info;
      gint64 start;
      guint index;

      /* Choosing where to go is the enumeration's job, measured above; this times the check,
       * the placement with its feature merging, and the completion queries scoring makes. */
      g_array_set_size (placements, 0);
      tessera_board_list_placements (board, type, placements);
      if (placements->len == 0)
        continue;
      placement = &g_array_index (placements, TesseraPlacement, g_rand_int_range (rand, 0, (gint32) placements->len));

      start = g_get_monotonic_time ();
      g_assert (tessera_board_fits (board, type, placement->cell, placement->rotation));
      index = tessera_board_place (board, type, placement->cell, placement->rotation);
      for (guint s = 0; s < type->n_segments; s++)
        {
          guint segment = tessera_board_get_tile (board, index)->first_segment + s;

          if (type->segments[s].kind != TESSERA_FEATURE_FIELD && tessera_board_is_complete (board, segment))
            tessera_board_describe_feature (board, segment, &info);
        }
      elapsed += g_get_monotonic_time () - start;
      placed++;
    }
  return (double) elapsed / n_placements;
}

/* Reviews @n_games generated games of 4 players: the seconds per game, on every processor, and
 * the processor time per game. */
static double
bench_review (guint               n_games,
              const char * const *sets,
              guint              *n_turns,
              double             *cpu_seconds)
{
  double wall = 0.0;

  *cpu_seconds = 0.0;
  *n_turns = 0;
  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (i + 1, 4, sets);
      g_autoptr(TesseraReview) review = NULL;
      gint64 start = g_get_monotonic_time ();
      clock_t cpu_start = clock ();
      guint turns;

      review = tessera_review_new (record, NULL, NULL, NULL, NULL);
      wall += (g_get_monotonic_time () - start) / 1e6;
      *cpu_seconds += (double) (clock () - cpu_start) / CLOCKS_PER_SEC;
      g_assert (review != NULL);
      tessera_review_get_turns (review, &turns);
      *n_turns += turns;
    }
  *n_turns /= n_games;
  *cpu_seconds /= n_games;
  return wall / n_games;
}

/* Milliseconds per call of @query, the best of a few rounds. */
static double
time_query (gboolean (*query)(TesseraStore *store),
            TesseraStore *store)
{
  double best = G_MAXDOUBLE;

  for (guint round = 0; round < 5; round++)
    {
      gint64 start = g_get_monotonic_time ();

      g_assert (query (store));
      best = MIN (best, (double) (g_get_monotonic_time () - start) / 1000.0);
    }
  return best;
}

static gboolean
query_players (TesseraStore *store)
{
  g_autoptr(GPtrArray) list = tessera_store_list_player_stats (store, NULL);

  return list != NULL && list->len > 0;
}

static gboolean
query_player (TesseraStore *store)
{
  g_autoptr(TesseraPlayerStats) stats = tessera_store_get_player_stats (store, "Anna", NULL);

  return stats != NULL && stats->n_games > 0;
}

/* Everything a player's profile shows: their figures, every game, every opponent, and the
 * averages of all players beside theirs. */
static gboolean
query_profile (TesseraStore *store)
{
  g_autoptr(TesseraPlayerStats) stats = tessera_store_get_player_stats (store, "Anna", NULL);
  g_autoptr(GArray) games = tessera_store_list_player_games (store, "Anna", NULL);
  g_autoptr(GArray) opponents = tessera_store_list_opponents (store, "Anna", NULL);
  double averages[TESSERA_N_CATEGORIES];

  return stats != NULL && games != NULL && games->len > 0 && opponents != NULL &&
         tessera_store_get_category_averages (store, averages, NULL);
}

static gboolean
query_head_to_head (TesseraStore *store)
{
  TesseraHeadToHead result;

  return tessera_store_get_head_to_head (store, "Anna", "Bram", &result, NULL) && result.n_games > 0;
}

static gboolean
query_progression (TesseraStore *store)
{
  g_autoptr(GArray) points = tessera_store_get_score_progression (store, 1, NULL);

  return points != NULL && points->len > 0;
}

static gboolean
query_months (TesseraStore *store)
{
  g_autoptr(GArray) months = tessera_store_count_games_by_month (store, NULL);

  return months != NULL && months->len > 0;
}

/* A history of @n_games generated games (of 2 to 5 players, every kind of box), then: the time
 * to commit one turn as the app does, and each statistics query. */
static void
bench_history (guint n_games)
{
  static const char * const base[] = { "base", NULL };
  static const char * const wheel[] = { "wheel-of-fortune", "tower", NULL };
  static const char * const everything[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
  static const char * const * const kinds[] = { base, wheel, everything };
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("tessera-bench-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "history.db", NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autoptr(TesseraStore) store = NULL;
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraGame) game = NULL;
  gint64 start, game_id;

  g_assert_no_error (error);
  store = tessera_store_open (path, &error);
  g_assert_no_error (error);

  start = g_get_monotonic_time ();
  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr(TesseraRecord) generated = tessera_random_game_with_sets (i + 1, 2 + i % 4, kinds[i % G_N_ELEMENTS (kinds)]);
      gboolean already;

      g_assert (tessera_store_import_record (store, generated, &already, NULL) > 0 && !already);
    }
  g_print ("build a history of %u games:          %8.2f milliseconds per game (generated, replayed, stored)\n",
           n_games, (double) (g_get_monotonic_time () - start) / 1000.0 / n_games);

  /* One game entered turn by turn: each event its own durable transaction. */
  record = tessera_random_game (n_games + 1, 4);
  game = tessera_game_new (record, NULL);
  game_id = tessera_store_add_game (store, record, NULL);
  g_assert (game != NULL && game_id > 0);
  start = g_get_monotonic_time ();
  for (guint i = 0; i < record->events->len; i++)
    g_assert (tessera_game_apply (game, g_ptr_array_index (record->events, i), NULL) &&
              tessera_store_save_event (store, game_id, game, NULL));
  g_print ("commit a turn to the history:           %8.2f milliseconds per event (%u events)\n",
           (double) (g_get_monotonic_time () - start) / 1000.0 / record->events->len, record->events->len);

  g_print ("statistics of every player:             %8.2f milliseconds\n", time_query (query_players, store));
  g_print ("statistics of one player:               %8.2f milliseconds\n", time_query (query_player, store));
  g_print ("head to head of two players:            %8.2f milliseconds\n", time_query (query_head_to_head, store));
  g_print ("a player's whole profile:               %8.2f milliseconds\n", time_query (query_profile, store));
  g_print ("score progression of a game:            %8.2f milliseconds\n", time_query (query_progression, store));
  g_print ("games per month:                        %8.2f milliseconds\n", time_query (query_months, store));

  g_clear_object (&store);
  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
  g_rmdir (folder);
}

/* Imports @n_records generated records (2 to 5 players, every kind of box) into a new history:
 * each record read from its JSON text first, as from a file; only the imports are timed. With
 * @batch all of them in one call, as tessera-cli import and the app import several files (a
 * few transactions); without, each its own import and transaction. Milliseconds per record. */
static double
bench_import (guint     n_records,
              gboolean  batch,
              double   *cpu_ms)
{
  static const char * const base[] = { "base", NULL };
  static const char * const wheel[] = { "wheel-of-fortune", "tower", NULL };
  static const char * const everything[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
  static const char * const * const kinds[] = { base, wheel, everything };
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("tessera-bench-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "history.db", NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) tessera_record_free);
  g_autoptr(TesseraStore) store = NULL;
  gint64 start, elapsed;
  clock_t cpu_start;

  g_assert_no_error (error);
  for (guint i = 0; i < n_records; i++)
    {
      g_autoptr(TesseraRecord) generated = tessera_random_game_with_sets (i + 1, 2 + i % 4, kinds[i % G_N_ELEMENTS (kinds)]);
      g_autofree char *text = tessera_record_to_data (generated);

      g_ptr_array_add (records, tessera_record_load_from_data (text, -1, &error));
      g_assert_no_error (error);
    }
  store = tessera_store_open (path, &error);
  g_assert_no_error (error);

  start = g_get_monotonic_time ();
  cpu_start = clock ();
  if (batch)
    {
      g_autofree TesseraImportResult *results = g_new0 (TesseraImportResult, n_records);

      g_assert (tessera_store_import_records (store, (const TesseraRecord * const *) records->pdata, n_records,
                                              results, NULL, NULL));
      for (guint i = 0; i < n_records; i++)
        g_assert (results[i].game_id > 0 && !results[i].already && results[i].error == NULL);
    }
  else
    for (guint i = 0; i < n_records; i++)
      {
        gboolean already;

        g_assert (tessera_store_import_record (store, g_ptr_array_index (records, i), &already, NULL) > 0 && !already);
      }
  elapsed = g_get_monotonic_time () - start;
  /* The processor's time apart: on a busy machine it varies less, and the rest is the wait for
   * the disk (one sync per commit). */
  *cpu_ms = (double) (clock () - cpu_start) * 1000.0 / CLOCKS_PER_SEC / n_records;

  g_clear_object (&store);
  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
  g_rmdir (folder);
  return (double) elapsed / 1000.0 / n_records;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261121);
  guint n_games = 1000;
  guint n_history = 0;
  guint n_import = 0;
  guint n_review = 0;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--games") && i + 1 < argc)
        {
          int value = atoi (argv[++i]);
          n_games = (guint) MAX (1, value);
        }
      else if (g_str_equal (argv[i], "--history") && i + 1 < argc)
        {
          int value = atoi (argv[++i]);
          n_history = (guint) MAX (1, value);
        }
      else if (g_str_equal (argv[i], "--review") && i + 1 < argc)
        {
          int value = atoi (argv[++i]);
          n_review = (guint) MAX (1, value);
        }
      else if (g_str_equal (argv[i], "--import") && i + 1 < argc)
        {
          int value = atoi (argv[++i]);
          n_import = (guint) MAX (1, value);
        }
      else
        {
          g_printerr ("Usage: tessera-bench [--games N] [--history N] [--import N] [--review N]\n");
          return 2;
        }
    }
  if (n_history > 0)
    {
      bench_history (n_history);
      return 0;
    }
  if (n_import > 0)
    {
      double cpu_ms, batch_cpu_ms;
      double per_record = bench_import (n_import, FALSE, &cpu_ms);
      double batch_per_record = bench_import (n_import, TRUE, &batch_cpu_ms);

      g_print ("import %u generated records, each alone: %8.2f milliseconds per record (%.2f of processor time), %.2f seconds in all\n",
               n_import, per_record, cpu_ms, per_record * n_import / 1000.0);
      g_print ("the same in one batch:                     %8.2f milliseconds per record (%.2f of processor time), %.2f seconds in all\n",
               batch_per_record, batch_cpu_ms, batch_per_record * n_import / 1000.0);
      return 0;
    }
  if (n_review > 0)
    {
      static const char * const review_base[] = { "base", NULL };
      static const char * const review_all[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
      double cpu;
      guint turns;
      double seconds = bench_review (n_review, review_base, &turns, &cpu);

      g_print ("review a base game, 4 players:          %8.3f seconds per game (%.3f of processor time, %u turns, %u games)\n",
               seconds, cpu, turns, n_review);
      seconds = bench_review (n_review, review_all, &turns, &cpu);
      g_print ("the same with every expansion:          %8.3f seconds per game (%.3f of processor time, %u turns)\n",
               seconds, cpu, turns);
      return 0;
    }
  base_types = tessera_catalogue_get_set (tessera_catalogue_get_default (), "base")->types;

  static const char * const base[] = { "base", NULL };
  static const char * const wheel[] = { "wheel-of-fortune", NULL };
  static const char * const everything[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };

  g_print ("replay and score a 72-tile game:        %8.2f microseconds per game (%u games)\n",
           bench_games (n_games, base), n_games);
  g_print ("the same, Wheel of Fortune box:         %8.2f microseconds per game (%u games)\n",
           bench_games (n_games, wheel), n_games);
  g_print ("the same with every expansion:          %8.2f microseconds per game (%u games)\n",
           bench_games (n_games, everything), n_games);
  {
    double check_us, read_us = bench_read (n_games, base, &check_us);

    g_print ("read a 72-tile game's record:           %8.2f microseconds per record, %.2f of them the strict check (%u records)\n",
             read_us, check_us, n_games);
    read_us = bench_read (n_games, everything, &check_us);
    g_print ("the same with every expansion:          %8.2f microseconds per record, %.2f of them the strict check\n",
             read_us, check_us);
  }
  g_print ("list legal placements, 500-tile board:  %8.2f microseconds per enumeration (each of 24 tile types)\n",
           bench_enumeration (rand, 200));
  g_print ("place a tile on a 10,000-tile board:    %8.2f microseconds per placement\n", bench_placement (rand, 1000));
  g_print ("a replay step's model, from event 0:   %8.2f microseconds (every expansion, 4 players)\n",
           bench_replay_step (FALSE, 2000));
  g_print ("the same from the checkpoints:          %8.2f microseconds\n", bench_replay_step (TRUE, 2000));
  g_print ("every table aid, 150-tile board:        %8.2f milliseconds (fits at each open cell, dead spots, odds of every feature, projected scores)\n",
           bench_aids (200));
  return 0;
}
