/* test-aids.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tessera-engine.h"
#include "tessera-random-game.h"

static const char * const every_set[] = { "base", "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };

/* A new base game for two, nothing drawn yet: the start tile D at [0, 0], city north. */
static TesseraGame *
new_base_game (void)
{
  g_autoptr(TesseraRecord) setup = tessera_record_new ();
  g_autoptr(GError) error = NULL;
  TesseraGame *game;

  g_ptr_array_add (setup->sets, g_strdup ("base"));
  tessera_record_add_player (setup, "Anna", "red");
  tessera_record_add_player (setup, "Bram", "blue");
  game = tessera_game_new (setup, &error);
  g_assert_no_error (error);
  return game;
}

/* Worked example: north of the start tile's city, any tile that shows a city somewhere fits,
 * turned so that the city faces south. The base box has 44 tiles with a city side in 18 kinds
 * (C 1, D 4, E 5, F 2, G 1, H 3, I 2, J 3, K 3, L 3, M 2, N 3, O 2, P 3, Q 1, R 3, S 2, T 1);
 * the start tile is one of the Ds, so 43 copies are left of 71: a chance of 43/71. */
static void
test_start_tile (void)
{
  g_autoptr(TesseraGame) game = new_base_game ();
  g_autoptr(GArray) fits = g_array_new (FALSE, FALSE, sizeof (TesseraFit));
  guint copies;

  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 71);
  copies = tessera_game_list_fits (game, (TesseraCell) { 0, -1 }, fits);
  g_assert_cmpuint (fits->len, ==, 18);
  g_assert_cmpuint (copies, ==, 43);
  for (guint i = 0; i < fits->len; i++)
    {
      const TesseraFit *fit = &g_array_index (fits, TesseraFit, i);

      if (g_str_equal (fit->supply->entry->id, "D"))
        g_assert_cmpuint (fit->supply->left, ==, 3);
      /* C is all city: it fits in its one distinct rotation. */
      if (g_str_equal (fit->supply->entry->id, "C"))
        g_assert_cmpuint (fit->rotations, ==, 1);
    }

  /* The start tile's own cell is taken, and a cell touching nothing fits nothing. */
  g_array_set_size (fits, 0);
  g_assert_cmpuint (tessera_game_list_fits (game, (TesseraCell) { 0, 0 }, fits), ==, 0);
  g_assert_cmpuint (tessera_game_list_fits (game, (TesseraCell) { 5, 5 }, fits), ==, 0);
  g_assert_cmpuint (fits->len, ==, 0);
}

/* On generated games of every mix of sets, at many points of the game: a tile reported as
 * fitting at a cell in a rotation is exactly a legal placement of that tile (as `moves` lists
 * them), a dead spot is an open cell where no tile left fits, and the copies returned add up
 * the fits' copies left. */
static void
check_fits (TesseraGame *game)
{
  const TesseraBoard *board = tessera_game_get_board (game);
  GArray *supply = tessera_game_get_supply (game);
  g_autoptr(GHashTable) fitting = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) dead = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
  g_autoptr(GArray) single = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
  guint n_dead = 0, n_single = 0;

  for (guint c = 0; c < tessera_board_get_n_open_cells (board); c++)
    {
      TesseraCell cell = tessera_board_get_open_cell (board, c);
      g_autoptr(GArray) fits = g_array_new (FALSE, FALSE, sizeof (TesseraFit));
      guint copies = tessera_game_list_fits (game, cell, fits);
      guint sum = 0;

      for (guint i = 0; i < fits->len; i++)
        {
          const TesseraFit *fit = &g_array_index (fits, TesseraFit, i);

          g_assert_cmpuint (fit->supply->left, >, 0);
          g_assert_cmpuint (fit->rotations, !=, 0);
          sum += fit->supply->left;
          for (guint r = 0; r < 4; r++)
            if (fit->rotations & (1u << r))
              g_hash_table_add (fitting, g_strdup_printf ("%s %d %d %u", fit->supply->type->id, cell.x, cell.y, r));
        }
      g_assert_cmpuint (copies, ==, sum);
      if (fits->len == 0)
        n_dead++;
      else if (fits->len == 1)
        n_single++;
    }

  /* Every legal placement of every kind left is reported, and nothing else. */
  {
    guint n_placements = 0;
    g_autoptr(GHashTable) kinds = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint i = 0; i < supply->len; i++)
      {
        const TesseraSupplyEntry *entry = &g_array_index (supply, TesseraSupplyEntry, i);
        g_autoptr(GArray) placements = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));

        /* Kinds with a wheel number share their type: count each type once. */
        if (entry->left == 0 || !g_hash_table_add (kinds, (gpointer) entry->type->id))
          continue;
        tessera_board_list_placements (board, entry->type, placements);
        for (guint p = 0; p < placements->len; p++)
          {
            const TesseraPlacement *placement = &g_array_index (placements, TesseraPlacement, p);
            g_autofree char *key = g_strdup_printf ("%s %d %d %u", entry->type->id, placement->cell.x,
                                                    placement->cell.y, placement->rotation);

            g_assert_true (g_hash_table_contains (fitting, key));
          }
        n_placements += placements->len;
      }
    g_assert_cmpuint (n_placements, ==, g_hash_table_size (fitting));
  }

  tessera_game_list_dead_spots (game, dead, single);
  g_assert_cmpuint (dead->len, ==, n_dead);
  g_assert_cmpuint (single->len, ==, n_single);
  for (guint i = 0; i < dead->len; i++)
    {
      g_autoptr(GArray) fits = g_array_new (FALSE, FALSE, sizeof (TesseraFit));

      g_assert_cmpuint (tessera_game_list_fits (game, g_array_index (dead, TesseraCell, i), fits), ==, 0);
    }
}

static void
test_fits_are_placements (void)
{
  guint checked = 0;

  for (guint seed = 1; seed <= 24; seed++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (seed, 2 + seed % 4,
                                                                       seed % 2 ? every_set : every_set + 1);

      for (guint n = 0; n < record->events->len; n += 9)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, n, &error);

          g_assert_no_error (error);
          check_fits (game);
          checked++;
        }
    }
  g_assert_cmpuint (checked, >, 100);
}

/* The projected scores are what the same record scores with an end event added; for a game
 * that has ended, its final scores. */
static void
check_projection (TesseraRecord *record,
                  guint          n_events)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, n_events, &error);
  g_autoptr(TesseraRecord) ended_record = NULL;
  g_autoptr(TesseraGame) ended = NULL;
  TesseraProjection projections[TESSERA_MAX_PLAYERS];
  guint n_players;

  g_assert_no_error (error);
  g_assert_true (tessera_game_project_scores (game, projections, &error));
  g_assert_no_error (error);

  ended_record = tessera_game_to_record (game);
  if (!tessera_game_is_finished (game))
    g_ptr_array_add (ended_record->events, tessera_event_new_end ());
  ended = tessera_game_new_from_record (ended_record, G_MAXUINT, &error);
  g_assert_no_error (error);
  g_assert_true (tessera_game_is_finished (ended));

  n_players = tessera_game_get_n_players (game);
  for (guint p = 0; p < n_players; p++)
    {
      int sum = 0;

      g_assert_cmpint (projections[p].score, ==, tessera_game_get_score (ended, p));
      for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
        {
          g_assert_cmpint (projections[p].breakdown[c], ==, tessera_game_get_category_score (ended, p, c));
          sum += projections[p].breakdown[c];
        }
      g_assert_cmpint (sum, ==, projections[p].score);
      /* Ending adds points, it never takes any. */
      g_assert_cmpint (projections[p].score, >=, tessera_game_get_score (game, p));
    }
}

static void
test_projection (void)
{
  for (guint seed = 1; seed <= 12; seed++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (seed, 2 + seed % 4,
                                                                       seed % 2 ? every_set : every_set + 1);

      for (guint n = 0; n < record->events->len; n += 11)
        check_projection (record, n);
      check_projection (record, record->events->len);
    }
}

/* The game left as it was: projecting works on a copy. */
static void
test_projection_leaves_game (void)
{
  g_autoptr(TesseraRecord) record = tessera_random_game (7, 3);
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, 30, &error);
  TesseraProjection projections[TESSERA_MAX_PLAYERS];
  guint n_events;
  int score;

  g_assert_no_error (error);
  n_events = tessera_game_get_n_events (game);
  score = tessera_game_get_score (game, 0);
  g_assert_true (tessera_game_project_scores (game, projections, NULL));
  g_assert_false (tessera_game_is_finished (game));
  g_assert_cmpuint (tessera_game_get_n_events (game), ==, n_events);
  g_assert_cmpint (tessera_game_get_score (game, 0), ==, score);
}

/* The local segment @id of the tile at @at, as a board segment. */
static guint
board_segment (TesseraGame *game,
               TesseraCell  at,
               const char  *id)
{
  const TesseraPlacedTile *tile = tessera_board_lookup (tessera_game_get_board (game), at);
  int local;

  g_assert_nonnull (tile);
  local = tessera_tile_type_find_segment (tile->type, id);
  g_assert_cmpint (local, >=, 0);
  return tile->first_segment + (guint) local;
}

/* Worked example, after e01's two tiles: the start tile's road runs east and west into two
 * empty cells; east of it 29 of the 69 tiles left fit in 6 kinds, west 44 in 13. The city the
 * record completed, and any field, need nothing. */
static void
test_feature_odds (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "records", "base", "e01-city-3-tiles-1-pennant.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GArray) needs = g_array_new (FALSE, FALSE, sizeof (TesseraFeatureNeed));
  g_autoptr(GArray) east = g_array_new (FALSE, FALSE, sizeof (TesseraFit));
  g_autoptr(GArray) west = g_array_new (FALSE, FALSE, sizeof (TesseraFit));
  g_autoptr(GHashTable) kinds = g_hash_table_new (NULL, NULL);
  TesseraFeatureOdds odds;
  const TesseraFeatureNeed *need;
  guint helping = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  record = tessera_record_load_from_data (text, -1, &error);
  g_assert_no_error (error);
  game = tessera_game_new_from_record (record, G_MAXUINT, &error);
  g_assert_no_error (error);

  g_assert_true (tessera_game_get_feature_odds (game, board_segment (game, (TesseraCell) { 0, 0 }, "r1"), needs, &odds));
  g_assert_cmpuint (needs->len, ==, 2);
  need = &g_array_index (needs, TesseraFeatureNeed, 0);
  g_assert_cmpint (need->cell.x, ==, 1);
  g_assert_cmpint (need->cell.y, ==, 0);
  g_assert_cmpuint (need->n_kinds, ==, 6);
  g_assert_cmpuint (need->copies, ==, 29);
  need = &g_array_index (needs, TesseraFeatureNeed, 1);
  g_assert_cmpint (need->cell.x, ==, -1);
  g_assert_cmpint (need->cell.y, ==, 0);
  g_assert_cmpuint (need->n_kinds, ==, 13);
  g_assert_cmpuint (need->copies, ==, 44);
  g_assert_true (odds.can_finish);
  g_assert_cmpuint (odds.tiles_left, ==, 69);
  /* A tile helps if it fits either end: each kind counted once. */
  tessera_game_list_fits (game, (TesseraCell) { 1, 0 }, east);
  tessera_game_list_fits (game, (TesseraCell) { -1, 0 }, west);
  for (guint i = 0; i < east->len; i++)
    g_hash_table_add (kinds, (gpointer) g_array_index (east, TesseraFit, i).supply);
  for (guint i = 0; i < west->len; i++)
    g_hash_table_add (kinds, (gpointer) g_array_index (west, TesseraFit, i).supply);
  {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, kinds);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      helping += ((const TesseraSupplyEntry *) key)->left;
  }
  g_assert_cmpuint (odds.helping, ==, helping);
  g_assert_cmpuint (odds.helping, >=, 44);

  g_array_set_size (needs, 0);
  g_assert_false (tessera_game_get_feature_odds (game, board_segment (game, (TesseraCell) { 0, 0 }, "c1"), needs, &odds));
  g_assert_false (tessera_game_get_feature_odds (game, board_segment (game, (TesseraCell) { 0, 0 }, "f2"), needs, &odds));
  g_assert_cmpuint (needs->len, ==, 0);
}

/* A hand-built hole: north of the start tile, cell [0, -1] has a city edge on all four sides
 * (the start tile's city from the south, three E tiles turned towards it from the west, east and
 * north). Only C, the all-city tile, fits there, and the base box has one. After six tiles
 * 65 are left; then a D and the one C are drawn and placed elsewhere. */
static const char closed_hole_record[] =
  "{\"format\": \"tessera-game\", \"version\": 1, \"sets\": [\"base\"],"
  " \"players\": [{\"name\": \"Anna\", \"color\": \"red\"}, {\"name\": \"Bram\", \"color\": \"blue\"}],"
  " \"events\": ["
  "  {\"turn\": {\"player\": 0, \"tile\": \"U\", \"at\": [-1, 0], \"rotation\": 0}},"
  "  {\"turn\": {\"player\": 1, \"tile\": \"U\", \"at\": [1, 0], \"rotation\": 0}},"
  "  {\"turn\": {\"player\": 0, \"tile\": \"E\", \"at\": [-1, -1], \"rotation\": 90}},"
  "  {\"turn\": {\"player\": 1, \"tile\": \"E\", \"at\": [1, -1], \"rotation\": 270}},"
  "  {\"turn\": {\"player\": 0, \"tile\": \"B\", \"at\": [-1, -2], \"rotation\": 0}},"
  "  {\"turn\": {\"player\": 1, \"tile\": \"E\", \"at\": [0, -2], \"rotation\": 180}},"
  "  {\"turn\": {\"player\": 0, \"tile\": \"D\", \"at\": [-2, 0], \"rotation\": 180}},"
  "  {\"turn\": {\"player\": 1, \"tile\": \"C\", \"at\": [-2, 1], \"rotation\": 0}}"
  " ]}";

static TesseraGame *
closed_hole_game (guint n_events)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_record_load_from_data (closed_hole_record, -1, &error);
  TesseraGame *game;

  g_assert_no_error (error);
  game = tessera_game_new_from_record (record, n_events, &error);
  g_assert_no_error (error);
  return game;
}

static gboolean
cells_contain (GArray      *cells,
               TesseraCell  cell)
{
  for (guint i = 0; i < cells->len; i++)
    {
      const TesseraCell *c = &g_array_index (cells, TesseraCell, i);

      if (c->x == cell.x && c->y == cell.y)
        return TRUE;
    }
  return FALSE;
}

/* The start tile's city is open only at the hole: it needs that one cell, and one copy of one
 * kind left can close it: a chance of 1 in 65. The hole is marked as a spot one kind fills. */
static void
test_city_needs_one_tile (void)
{
  g_autoptr(TesseraGame) game = closed_hole_game (6);
  g_autoptr(GArray) fits = g_array_new (FALSE, FALSE, sizeof (TesseraFit));
  g_autoptr(GArray) needs = g_array_new (FALSE, FALSE, sizeof (TesseraFeatureNeed));
  g_autoptr(GArray) dead = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
  g_autoptr(GArray) single = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
  const TesseraCell hole = { 0, -1 };
  const TesseraFit *fit;
  const TesseraFeatureNeed *need;
  TesseraFeatureOdds odds;

  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 65);
  g_assert_cmpuint (tessera_game_list_fits (game, hole, fits), ==, 1);
  g_assert_cmpuint (fits->len, ==, 1);
  fit = &g_array_index (fits, TesseraFit, 0);
  g_assert_cmpstr (fit->supply->entry->id, ==, "C");
  g_assert_cmpuint (fit->supply->left, ==, 1);
  g_assert_cmpuint (fit->rotations, ==, 1);

  tessera_game_list_dead_spots (game, dead, single);
  g_assert_false (cells_contain (dead, hole));
  g_assert_true (cells_contain (single, hole));

  g_assert_true (tessera_game_get_feature_odds (game, board_segment (game, (TesseraCell) { 0, 0 }, "c1"), needs, &odds));
  g_assert_cmpuint (needs->len, ==, 1);
  need = &g_array_index (needs, TesseraFeatureNeed, 0);
  g_assert_cmpint (need->cell.x, ==, 0);
  g_assert_cmpint (need->cell.y, ==, -1);
  g_assert_cmpuint (need->n_kinds, ==, 1);
  g_assert_cmpuint (need->copies, ==, 1);
  g_assert_cmpuint (odds.helping, ==, 1);
  g_assert_cmpuint (odds.tiles_left, ==, 65);
  g_assert_true (odds.can_finish);
}

/* Once the last C is drawn and placed elsewhere, nothing left fills the hole: it is a dead
 * spot, and the start tile's city (and each E's city around the hole) cannot be finished. */
static void
test_last_copy_drawn (void)
{
  g_autoptr(TesseraGame) game = closed_hole_game (8);
  g_autoptr(GArray) fits = g_array_new (FALSE, FALSE, sizeof (TesseraFit));
  g_autoptr(GArray) needs = g_array_new (FALSE, FALSE, sizeof (TesseraFeatureNeed));
  g_autoptr(GArray) dead = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
  g_autoptr(GArray) single = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
  const TesseraCell hole = { 0, -1 };
  const TesseraCell cities[] = { { 0, 0 }, { -1, -1 }, { 1, -1 }, { 0, -2 } };
  TesseraFeatureOdds odds;

  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 63);
  g_assert_cmpuint (tessera_game_list_fits (game, hole, fits), ==, 0);
  g_assert_cmpuint (fits->len, ==, 0);

  tessera_game_list_dead_spots (game, dead, single);
  g_assert_true (cells_contain (dead, hole));
  g_assert_false (cells_contain (single, hole));

  for (guint i = 0; i < G_N_ELEMENTS (cities); i++)
    {
      const TesseraFeatureNeed *need;

      g_array_set_size (needs, 0);
      g_assert_true (tessera_game_get_feature_odds (game, board_segment (game, cities[i], "c1"), needs, &odds));
      g_assert_cmpuint (needs->len, ==, 1);
      need = &g_array_index (needs, TesseraFeatureNeed, 0);
      g_assert_cmpint (need->cell.x, ==, 0);
      g_assert_cmpint (need->cell.y, ==, -1);
      g_assert_cmpuint (need->n_kinds, ==, 0);
      g_assert_cmpuint (need->copies, ==, 0);
      g_assert_cmpuint (odds.helping, ==, 0);
      g_assert_cmpuint (odds.tiles_left, ==, 63);
      g_assert_false (odds.can_finish);
    }
}

/* On generated games: each needed cell's kinds and copies are what fits there, and a feature
 * can be finished unless one of its cells is a dead spot. */
static void
test_feature_odds_generated (void)
{
  guint checked = 0;

  for (guint seed = 1; seed <= 8; seed++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (seed, 3, seed % 2 ? every_set : every_set + 1);
      g_autoptr(GError) error = NULL;
      g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, record->events->len / 2, &error);
      TesseraBoard *board;

      g_assert_no_error (error);
      board = tessera_game_get_board (game);
      for (guint segment = 0; segment < tessera_board_get_n_segments (board); segment++)
        {
          g_autoptr(GArray) needs = g_array_new (FALSE, FALSE, sizeof (TesseraFeatureNeed));
          TesseraFeatureOdds odds;
          gboolean any_dead = FALSE;

          if (!tessera_game_get_feature_odds (game, segment, needs, &odds))
            continue;
          g_assert_cmpuint (needs->len, >, 0);
          for (guint n = 0; n < needs->len; n++)
            {
              const TesseraFeatureNeed *need = &g_array_index (needs, TesseraFeatureNeed, n);
              g_autoptr(GArray) fits = g_array_new (FALSE, FALSE, sizeof (TesseraFit));

              g_assert_null (tessera_board_lookup (board, need->cell));
              g_assert_cmpuint (tessera_game_list_fits (game, need->cell, fits), ==, need->copies);
              g_assert_cmpuint (fits->len, ==, need->n_kinds);
              g_assert_cmpuint (odds.helping, >=, need->copies);
              any_dead |= need->n_kinds == 0;
            }
          g_assert_cmpuint (odds.helping, <=, odds.tiles_left);
          g_assert_true (odds.can_finish == !any_dead);
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
  g_test_add_func ("/aids/start-tile", test_start_tile);
  g_test_add_func ("/aids/fits-are-placements", test_fits_are_placements);
  g_test_add_func ("/aids/projection", test_projection);
  g_test_add_func ("/aids/projection-leaves-game", test_projection_leaves_game);
  g_test_add_func ("/aids/feature-odds/e01-city-3-tiles-1-pennant", test_feature_odds);
  g_test_add_func ("/aids/feature-odds/generated", test_feature_odds_generated);
  g_test_add_func ("/aids/city-needs-one-tile", test_city_needs_one_tile);
  g_test_add_func ("/aids/last-copy-drawn", test_last_copy_drawn);
  return g_test_run ();
}
