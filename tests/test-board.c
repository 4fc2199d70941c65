/* test-board.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tessera-engine.h"
#include "tessera-random-game.h"

static const TesseraTileType *
type (const char *id)
{
  const TesseraTileType *found = tessera_catalogue_lookup_type (tessera_catalogue_get_default (), id);

  g_assert_nonnull (found);
  return found;
}

static TesseraBoard *
board_with_start (void)
{
  TesseraBoard *board = tessera_board_new ();
  TesseraCell origin = { 0, 0 };

  tessera_board_place (board, type ("D"), origin, 0);
  return board;
}

static void
assert_misfit (TesseraBoard *board,
               const char   *id,
               int           x,
               int           y,
               guint         rotation,
               const char   *expected)
{
  TesseraCell cell = { x, y };
  g_autofree char *why = tessera_board_explain_misfit (board, type (id), cell, rotation);

  g_assert_false (tessera_board_fits (board, type (id), cell, rotation));
  g_assert_cmpstr (why, ==, expected);
}

/* A tile must touch along a side, and every touching edge must match (B3). */
static void
test_legality (void)
{
  g_autoptr(TesseraBoard) board = board_with_start ();
  TesseraCell north = { 0, -1 };

  /* E's city faces south when turned 180: it closes D's city. */
  g_assert_true (tessera_board_fits (board, type ("E"), north, 2));
  g_assert_null (tessera_board_explain_misfit (board, type ("E"), north, 2));
  assert_misfit (board, "E", 0, -1, 0, "its south side is a field but the tile at [0, 0] shows a city there");
  assert_misfit (board, "D", 0, 0, 0, "tile D already lies at [0, 0]");
  assert_misfit (board, "E", 1, -1, 0,
                 "it would touch no tile: a tile must share at least one side with the tiles already placed");
  assert_misfit (board, "C", 1, 0, 0, "its west side is a city but the tile at [0, 0] shows a road there");

  tessera_board_place (board, type ("E"), north, 2);
  g_assert_nonnull (tessera_board_lookup (board, north));
  g_assert_true (tessera_board_fits_anywhere (board, type ("U")));
}

static void
assert_misfit_here (TesseraBoard      *board,
                    const char        *id,
                    int                x,
                    int                y,
                    guint              rotation,
                    TesseraMisfitKind  expected_kind,
                    const char        *expected)
{
  TesseraCell cell = { x, y };
  TesseraMisfitKind kind = TESSERA_MISFIT_NONE;
  g_autofree char *why = tessera_board_explain_misfit_here (board, type (id), cell, rotation, &kind);

  g_assert_cmpstr (why, ==, expected);
  g_assert_cmpint (kind, ==, expected_kind);
}

/* The reason a player pointing at a cell is given: what lies there, or which side meets which
 * neighbour, named from the cell and never by coordinates; and whether another turn fits. */
static void
test_misfit_here (void)
{
  g_autoptr(TesseraBoard) board = board_with_start ();
  TesseraCell north = { 0, -1 }, east = { 1, 0 }, corner = { 1, -1 }, origin = { 0, 0 };
  TesseraMisfitKind kind = TESSERA_MISFIT_EDGE;

  /* D: city north, road east and west, field south. */
  assert_misfit_here (board, "D", 0, 0, 0, TESSERA_MISFIT_TAKEN, "tile D already lies there");
  assert_misfit_here (board, "E", 1, -1, 0, TESSERA_MISFIT_DETACHED,
                      "the cell touches no tile: a tile must share at least one side with the tiles already placed");
  assert_misfit_here (board, "E", 0, -1, 0, TESSERA_MISFIT_EDGE,
                      "its south side is a field, but the tile to the south has a city there");
  assert_misfit_here (board, "C", 1, 0, 0, TESSERA_MISFIT_EDGE,
                      "its west side is a city, but the tile to the west has a road there");
  assert_misfit_here (board, "E", -1, 0, 1, TESSERA_MISFIT_EDGE,
                      "its east side is a city, but the tile to the east has a road there");
  assert_misfit_here (board, "E", 0, 1, 0, TESSERA_MISFIT_EDGE,
                      "its north side is a city, but the tile to the north has a field there");
  g_assert_null (tessera_board_explain_misfit_here (board, type ("E"), north, 2, &kind));
  g_assert_cmpint (kind, ==, TESSERA_MISFIT_NONE);

  /* E fits north of D only with its city turned south; no turn of C fits east of D's road. */
  g_assert_cmpuint (tessera_board_fitting_rotations (board, type ("E"), north), ==, 1u << 2);
  g_assert_cmpuint (tessera_board_fitting_rotations (board, type ("C"), east), ==, 0);
  g_assert_cmpuint (tessera_board_fitting_rotations (board, type ("D"), origin), ==, 0);
  g_assert_cmpuint (tessera_board_fitting_rotations (board, type ("E"), corner), ==, 0);
  /* D east of D: its road meets D's road in two turns, the city north or south. */
  g_assert_cmpuint (tessera_board_fitting_rotations (board, type ("D"), east), ==, (1u << 0) | (1u << 2));
}

/* The wheel board is named as such, where it lies and where it meets a tile's side. */
static void
test_misfit_wheel_board (void)
{
  const TesseraTileSet *wheel = tessera_catalogue_get_set (tessera_catalogue_get_default (), "wheel-of-fortune");
  g_autoptr(TesseraBoard) board = tessera_board_new ();

  g_assert_nonnull (wheel);
  g_assert_nonnull (wheel->board);
  for (guint i = 0; i < wheel->board->width * wheel->board->height; i++)
    {
      TesseraCell cell = { (int) (i % wheel->board->width), (int) (i / wheel->board->width) };
      tessera_board_place (board, wheel->board->squares[i], cell, 0);
    }
  assert_misfit_here (board, "E", 1, 1, 0, TESSERA_MISFIT_TAKEN, "the wheel board lies there");
  /* The board's north-west square has a field on its west side. */
  assert_misfit_here (board, "D", -1, 0, 0, TESSERA_MISFIT_EDGE,
                      "its east side is a road, but the wheel board to the east shows a field there");
  assert_misfit (board, "D", -1, 0, 0, "its east side is a road but the wheel board at [0, 0] shows a field there");
  assert_misfit (board, "E", 1, 1, 0, "the wheel board covers [1, 1]");
}

/* Corners never connect (B3): a tile that meets the board only at a corner is not adjacent. */
static void
test_corners (void)
{
  g_autoptr(TesseraBoard) board = board_with_start ();
  TesseraCell diagonal = { 1, 1 };

  for (guint r = 0; r < 4; r++)
    g_assert_false (tessera_board_fits (board, type ("B"), diagonal, r));
}

/* The city of D and E completes: 2 tiles, no open sides; the roads stay open. */
static void
test_features (void)
{
  g_autoptr(TesseraBoard) board = board_with_start ();
  TesseraCell north = { 0, -1 };
  TesseraFeatureInfo info;
  const TesseraPlacedTile *start = tessera_board_lookup (board, (TesseraCell) { 0, 0 });
  const TesseraPlacedTile *placed;
  guint index;

  tessera_board_describe_feature (board, start->first_segment + 0, &info);
  g_assert_cmpint (info.kind, ==, TESSERA_FEATURE_CITY);
  g_assert_cmpuint (info.open_sides, ==, 1);
  g_assert_false (info.complete);

  index = tessera_board_place (board, type ("E"), north, 2);
  placed = tessera_board_get_tile (board, index);
  tessera_board_describe_feature (board, placed->first_segment + 0, &info);
  g_assert_cmpint (info.kind, ==, TESSERA_FEATURE_CITY);
  g_assert_cmpuint (info.n_tiles, ==, 2);
  g_assert_cmpuint (info.open_sides, ==, 0);
  g_assert_true (info.complete);
  g_assert_cmpuint (tessera_board_find (board, placed->first_segment), ==, tessera_board_find (board, start->first_segment));

  /* The cells of the city, each once, for the app to highlight. */
  {
    g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (TesseraCell));

    tessera_board_feature_cells (board, start->first_segment, cells);
    g_assert_cmpuint (cells->len, ==, 2);
    g_assert_cmpint (g_array_index (cells, TesseraCell, 0).y + g_array_index (cells, TesseraCell, 1).y, ==, -1);
  }

  /* D's field north of the road (f1) now borders the completed city, E's field too. */
  {
    g_autoptr(GArray) cities = g_array_new (FALSE, FALSE, sizeof (guint));

    tessera_board_field_cities (board, start->first_segment + 2, TRUE, cities);
    g_assert_cmpuint (cities->len, ==, 1);
    g_array_set_size (cities, 0);
    tessera_board_field_cities (board, start->first_segment + 3, TRUE, cities);
    g_assert_cmpuint (cities->len, ==, 0);
  }
}

/* B4: a follower may not go on a feature that holds one once the tile is placed, and the new
 * tile can join features through another of its segments. Here U's south field touches only
 * A's free field, but U's north field joins that field to B's, which holds a farmer. */
static void
test_occupied_through_the_new_tile (void)
{
  g_autoptr(TesseraBoard) board = board_with_start ();
  TesseraCell below = { 0, 1 }, beside = { 1, 2 }, cell = { 0, 2 };
  const TesseraPlacedTile *cloister;
  guint roots[8];
  int north_field = tessera_spot_resolve (type ("U"), 0, "N", NULL);
  int south_field = tessera_spot_resolve (type ("U"), 0, "S", NULL);
  int road = tessera_spot_resolve (type ("U"), 0, "E", NULL);

  cloister = tessera_board_get_tile (board, tessera_board_place (board, type ("B"), below, 0));
  tessera_board_add_followers (board, cloister->first_segment + (guint) tessera_tile_type_find_segment (type ("B"), "f1"), 1);
  /* A's road points west, at U's east side; its field goes round the cloister to both halves. */
  tessera_board_place (board, type ("A"), beside, 1);
  g_assert_true (tessera_board_fits (board, type ("U"), cell, 0));

  g_assert_cmpuint (tessera_board_list_joined_features (board, type ("U"), cell, 0, (guint) south_field, roots), ==, 1);
  g_assert_cmpuint (tessera_board_count_followers (board, roots[0]), ==, 0);
  g_assert_true (tessera_board_would_be_occupied (board, type ("U"), cell, 0, (guint) north_field));
  g_assert_true (tessera_board_would_be_occupied (board, type ("U"), cell, 0, (guint) south_field));
  g_assert_false (tessera_board_would_be_occupied (board, type ("U"), cell, 0, (guint) road));

  /* Once placed, both fields are the farmer's field. */
  {
    const TesseraPlacedTile *placed = tessera_board_get_tile (board, tessera_board_place (board, type ("U"), cell, 0));

    g_assert_cmpuint (tessera_board_count_followers (board, placed->first_segment + (guint) south_field), ==, 1);
  }
}

/* A road that loops back on itself is complete, and each tile counts once (B5). */
static void
test_road_loop (void)
{
  g_autoptr(TesseraBoard) board = tessera_board_new ();
  TesseraFeatureInfo info;
  /* Four curves V: S+W road. Turned so they form a ring around a point. */
  static const struct { int x, y; guint rotation; } ring[] = {
    { 0, 0, 3 }, { 1, 0, 0 }, { 1, 1, 1 }, { 0, 1, 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ring); i++)
    {
      TesseraCell cell = { ring[i].x, ring[i].y };

      if (i > 0)
        g_assert_true (tessera_board_fits (board, type ("V"), cell, ring[i].rotation));
      tessera_board_place (board, type ("V"), cell, ring[i].rotation);
    }
  tessera_board_describe_feature (board, tessera_board_get_tile (board, 0)->first_segment, &info);
  g_assert_cmpint (info.kind, ==, TESSERA_FEATURE_ROAD);
  g_assert_cmpuint (info.n_tiles, ==, 4);
  g_assert_true (info.complete);
}

/* A cloister counts itself and its neighbours, corners included (B8, B12). */
static void
test_cloister (void)
{
  g_autoptr(TesseraBoard) board = tessera_board_new ();
  TesseraFeatureInfo info;
  guint index;

  index = tessera_board_place (board, type ("B"), (TesseraCell) { 0, 0 }, 0);
  for (int y = -1; y <= 1; y++)
    for (int x = -1; x <= 1; x++)
      {
        TesseraCell cell = { x, y };
        guint cloister = tessera_board_get_tile (board, index)->first_segment +
                         (guint) tessera_board_get_tile (board, index)->type->centre_segment;

        if (x == 0 && y == 0)
          continue;
        tessera_board_describe_feature (board, cloister, &info);
        g_assert_false (info.complete);
        g_assert_true (tessera_board_fits (board, type ("B"), cell, 0) || (x != 0 && y != 0));
        tessera_board_place (board, type ("B"), cell, 0);
      }
  tessera_board_describe_feature (board, tessera_board_get_tile (board, index)->first_segment +
                                  (guint) tessera_board_get_tile (board, index)->type->centre_segment, &info);
  g_assert_cmpint (info.kind, ==, TESSERA_FEATURE_CLOISTER);
  g_assert_cmpuint (info.n_neighbours, ==, 8);
  g_assert_cmpuint (info.n_tiles, ==, 9);
  g_assert_true (info.complete);
}

/* Enumeration against brute force: on the boards of random games, every tile type's listed
 * placements are exactly the cells and rotations where it fits, one per distinct orientation. */
static void
test_enumeration (void)
{
  GPtrArray *types = tessera_catalogue_get_set (tessera_catalogue_get_default (), "base")->types;

  for (guint seed = 1; seed <= 20; seed++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game (seed, 2 + seed % 4);
      g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, 30 + seed, NULL);
      TesseraBoard *board = tessera_game_get_board (game);
      int min_x = 0, max_x = 0, min_y = 0, max_y = 0;

      for (guint i = 0; i < tessera_board_get_n_tiles (board); i++)
        {
          TesseraCell cell = tessera_board_get_tile (board, i)->cell;
          min_x = MIN (min_x, cell.x);
          max_x = MAX (max_x, cell.x);
          min_y = MIN (min_y, cell.y);
          max_y = MAX (max_y, cell.y);
        }

      for (guint t = 0; t < types->len; t++)
        {
          const TesseraTileType *tile = g_ptr_array_index (types, t);
          g_autoptr(GArray) listed = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));
          guint brute = 0;

          tessera_board_list_placements (board, tile, listed);
          for (int y = min_y - 1; y <= max_y + 1; y++)
            for (int x = min_x - 1; x <= max_x + 1; x++)
              for (guint r = 0; r < tile->rotations; r++)
                {
                  TesseraCell cell = { x, y };
                  gboolean fits = tessera_board_fits (board, tile, cell, r);
                  g_autofree char *why = tessera_board_explain_misfit (board, tile, cell, r);
                  g_autofree char *why_here = tessera_board_explain_misfit_here (board, tile, cell, r, NULL);
                  gboolean found = FALSE;

                  g_assert_true (fits == (why == NULL));
                  g_assert_true (fits == (why_here == NULL));
                  g_assert_true (fits == !!(tessera_board_fitting_rotations (board, tile, cell) & (1u << r)));
                  /* An equivalent rotation fits exactly when this one does. */
                  g_assert_true (fits == tessera_board_fits (board, tile, cell, r + tile->rotations));
                  for (guint i = 0; i < listed->len && !found; i++)
                    {
                      const TesseraPlacement *p = &g_array_index (listed, TesseraPlacement, i);
                      found = p->cell.x == x && p->cell.y == y && p->rotation == r;
                    }
                  g_assert_true (found == fits);
                  brute += fits;
                }
          g_assert_cmpuint (brute, ==, listed->len);
          g_assert_true (tessera_board_fits_anywhere (board, tile) == (listed->len > 0));
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/board/legality", test_legality);
  g_test_add_func ("/board/misfit-here", test_misfit_here);
  g_test_add_func ("/board/misfit-wheel-board", test_misfit_wheel_board);
  g_test_add_func ("/board/corners", test_corners);
  g_test_add_func ("/board/features", test_features);
  g_test_add_func ("/board/occupied-through-the-new-tile", test_occupied_through_the_new_tile);
  g_test_add_func ("/board/road-loop", test_road_loop);
  g_test_add_func ("/board/cloister", test_cloister);
  g_test_add_func ("/board/enumeration", test_enumeration);
  return g_test_run ();
}
