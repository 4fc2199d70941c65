/* test-tile-layout.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "tessera-tile-layout.h"

#define GRID TESSERA_TILE_LAYOUT_GRID

static const double side_mid[4][2] = { { 0.5, 0 }, { 1, 0.5 }, { 0.5, 1 }, { 0, 0.5 } };
static const double side_in[4][2] = { { 0, 1 }, { -1, 0 }, { 0, -1 }, { 1, 0 } };

/* Calls @check for every tile type of the catalogue, wheel board squares included. */
static void
for_each_type (void (*check)(const TesseraTileType *type))
{
  GPtrArray *sets = tessera_catalogue_get_sets (tessera_catalogue_get_default ());
  guint n = 0;

  for (guint s = 0; s < sets->len; s++)
    {
      const TesseraTileSet *set = g_ptr_array_index (sets, s);

      for (guint t = 0; t < set->types->len; t++)
        {
          check (g_ptr_array_index (set->types, t));
          n++;
        }
    }
  g_assert_cmpuint (n, ==, tessera_catalogue_get_n_types (tessera_catalogue_get_default ()));
}

static guint
count_label (const TesseraTileLayout *layout,
             int                      label)
{
  guint n = 0;

  for (guint p = 0; p < GRID * GRID; p++)
    if (layout->labels[p] == label)
      n++;
  return n;
}

/* Every square belongs to a segment of the type or to nobody, and every segment has ground. */
static void
check_partition (const TesseraTileType *type)
{
  const TesseraTileLayout *layout = tessera_tile_layout_get (type);

  g_assert_true (layout == tessera_tile_layout_get (type));
  g_assert_true (layout->type == type);
  for (guint p = 0; p < GRID * GRID; p++)
    {
      int label = layout->labels[p];

      if (label != TESSERA_TILE_LAYOUT_NOBODY && (label < 0 || label >= type->n_segments))
        g_error ("tile %s: square %u has label %d, not a segment of its %u", type->id, p, label,
                 type->n_segments);
    }
  for (guint i = 0; i < type->n_segments; i++)
    if (count_label (layout, (int) i) == 0)
      g_error ("tile %s: segment %u (%s) has no ground", type->id, i, type->segments[i].id);
}

static void
test_partition (void)
{
  for_each_type (check_partition);
}

/* A follower's spot lies on its own segment, in every rotation: what a click there selects is
 * the segment the follower was put on. */
static void
check_spots (const TesseraTileType *type)
{
  for (guint rotation = 0; rotation < 4; rotation++)
    for (guint i = 0; i < type->n_segments; i++)
      {
        double x, y;

        tessera_tile_layout_get_segment_point (type, rotation, i, &x, &y);
        g_assert_cmpfloat (x, >, 0);
        g_assert_cmpfloat (x, <, 1);
        g_assert_cmpfloat (y, >, 0);
        g_assert_cmpfloat (y, <, 1);
        if (tessera_tile_layout_segment_at (type, rotation, x, y) != (int) i)
          g_error ("tile %s turned %u: the spot of segment %u (%s) at %.3f, %.3f lies on %d", type->id,
                   rotation, i, type->segments[i].id, x, y, tessera_tile_layout_segment_at (type, rotation, x, y));
      }
}

static void
test_spots (void)
{
  for_each_type (check_spots);
}

/* Turning the tile turns its layout: a point turned with it finds the same segment. */
static void
check_rotation (const TesseraTileType *type)
{
  for (guint j = 0; j < GRID; j += 5)
    for (guint i = 0; i < GRID; i += 5)
      {
        double x = (i + 0.5) / GRID, y = (j + 0.5) / GRID;
        int label = tessera_tile_layout_segment_at (type, 0, x, y);

        /* A quarter turn clockwise takes (x, y) to (1 - y, x). */
        g_assert_cmpint (tessera_tile_layout_segment_at (type, 1, 1 - y, x), ==, label);
        g_assert_cmpint (tessera_tile_layout_segment_at (type, 2, 1 - x, 1 - y), ==, label);
        g_assert_cmpint (tessera_tile_layout_segment_at (type, 3, y, 1 - x), ==, label);
      }
  g_assert_cmpint (tessera_tile_layout_segment_at (type, 0, -0.01, 0.5), ==, -1);
  g_assert_cmpint (tessera_tile_layout_segment_at (type, 0, 0.5, 1.0), ==, -1);
}

static void
test_rotation (void)
{
  for_each_type (check_rotation);
}

/* What is on a side is on the tile's edge there: a city side's middle is the city's, a road's
 * end is the road's, and the two halves of a side beside a road are the fields the catalogue
 * says. */
static void
check_edges (const TesseraTileType *type)
{
  const TesseraTileLayout *layout = tessera_tile_layout_get (type);

  if (type->board_square)
    return;
  for (guint i = 0; i < type->n_segments; i++)
    {
      const TesseraSegment *segment = &type->segments[i];

      for (guint side = 0; side < 4; side++)
        {
          double x = side_mid[side][0] + side_in[side][0] * 0.02;
          double y = side_mid[side][1] + side_in[side][1] * 0.02;

          if (!(segment->sides & (1 << side)))
            continue;
          if (segment->kind != TESSERA_FEATURE_CITY && segment->kind != TESSERA_FEATURE_ROAD)
            continue;
          if (tessera_tile_layout_label_at (layout, x, y) != (int) i)
            g_error ("tile %s: the middle of side %u is %d, not %s", type->id, side,
                     tessera_tile_layout_label_at (layout, x, y), segment->id);
        }
      if (segment->kind != TESSERA_FEATURE_FIELD)
        continue;
      for (guint half = 0; half < 8; half++)
        {
          guint side = half / 2;
          /* Half-sides run clockwise from the side's first corner; a quarter along is safely
           * inside the half. */
          double along = (half % 2) ? 0.8 : 0.2;
          double x, y;

          if (!(segment->halves & (1 << half)))
            continue;
          switch (side)
            {
            case 0: x = along; y = 0.01; break;
            case 1: x = 0.99; y = along; break;
            case 2: x = 1 - along; y = 0.99; break;
            case 3:
            default: x = 0.01; y = 1 - along; break;
            }
          if (tessera_tile_layout_label_at (layout, x, y) != (int) i)
            g_error ("tile %s: half-side %u is %d, not field %s", type->id, half,
                     tessera_tile_layout_label_at (layout, x, y), segment->id);
        }
    }
}

static void
test_edges (void)
{
  for_each_type (check_edges);
}

/* Roads: a road runs from its side along its curve, and the curve's middle is the road's. */
static void
check_roads (const TesseraTileType *type)
{
  const TesseraTileLayout *layout = tessera_tile_layout_get (type);
  guint n_roads = 0;

  for (guint i = 0; i < type->n_segments; i++)
    if (type->segments[i].kind == TESSERA_FEATURE_ROAD)
      n_roads++;
  g_assert_cmpuint (layout->n_roads, ==, n_roads);
  for (guint r = 0; r < layout->n_roads; r++)
    {
      const TesseraRoadShape *road = &layout->roads[r];
      double x, y;

      tessera_curve_point (&road->path, 0.4, &x, &y);
      g_assert_cmpint (type->segments[road->segment].kind, ==, TESSERA_FEATURE_ROAD);
      if (tessera_tile_layout_label_at (layout, x, y) != road->segment)
        g_error ("tile %s: road %s does not cover its own curve at %.3f, %.3f", type->id,
                 type->segments[road->segment].id, x, y);
    }
}

static void
test_roads (void)
{
  for_each_type (check_roads);
}

/* The symbols printed on a tile stand apart from every follower's spot. */
static void
check_symbols (const TesseraTileType *type)
{
  const TesseraTileLayout *layout = tessera_tile_layout_get (type);

  for (guint i = 0; i < type->n_segments; i++)
    {
      g_assert_cmpfloat (hypot (layout->badge_x - layout->point_x[i], layout->badge_y - layout->point_y[i]), >, 0.05);
      g_assert_cmpfloat (hypot (layout->magic_x - layout->point_x[i], layout->magic_y - layout->point_y[i]), >, 0.05);
    }
  g_assert_cmpfloat (hypot (layout->badge_x - layout->magic_x, layout->badge_y - layout->magic_y), >, 0.05);
}

static void
test_symbols (void)
{
  for_each_type (check_symbols);
}

/* Worked example, tile D of the base game (city north, road east to west, fields north and
 * south of the road): the city, the road and the fields in the places a player sees them. */
static void
test_tile_d (void)
{
  const TesseraTileType *d = tessera_catalogue_lookup_type (tessera_catalogue_get_default (), "D");
  const TesseraTileLayout *layout = tessera_tile_layout_get (d);
  int city = tessera_tile_type_find_segment (d, "c1");
  int road = tessera_tile_type_find_segment (d, "r1");

  g_assert_nonnull (d);
  g_assert_cmpint (city, >=, 0);
  g_assert_cmpint (road, >=, 0);
  g_assert_cmpuint (layout->n_cities, ==, 1);
  g_assert_cmpuint (layout->n_roads, ==, 1);
  /* Through the middle, north to south: city, field, road, field. */
  g_assert_cmpint (tessera_tile_layout_label_at (layout, 0.5, 0.05), ==, city);
  g_assert_cmpint (tessera_tile_layout_label_at (layout, 0.5, 0.5), ==, road);
  g_assert_cmpint (d->segments[tessera_tile_layout_label_at (layout, 0.5, 0.38)].kind, ==, TESSERA_FEATURE_FIELD);
  g_assert_cmpint (d->segments[tessera_tile_layout_label_at (layout, 0.5, 0.9)].kind, ==, TESSERA_FEATURE_FIELD);
  g_assert_cmpint (tessera_tile_layout_label_at (layout, 0.5, 0.38), !=, tessera_tile_layout_label_at (layout, 0.5, 0.9));
  /* The road is as wide as painting draws it: 0.12 of the tile, give or take a square. */
  {
    guint width = 0;

    for (guint j = 0; j < GRID; j++)
      if (tessera_tile_layout_label_at (layout, 0.5, (j + 0.5) / GRID) == road)
        width++;
    g_assert_cmpfloat (fabs (width - TESSERA_TILE_LAYOUT_ROAD_WIDTH * GRID), <=, 1);
  }
  /* Turned a quarter, the city is on the east. */
  g_assert_cmpint (tessera_tile_layout_segment_at (d, 1, 0.95, 0.5), ==, city);
}

/* The wheel board's squares: the disc and its crown spaces are nobody's, the land around them
 * is the squares' own. */
static void
test_wheel_board (void)
{
  const TesseraTileSet *set = tessera_catalogue_get_set (tessera_catalogue_get_default (), "wheel-of-fortune");
  const TesseraWheelBoard *wheel;
  double cx, cy;

  g_assert_nonnull (set);
  wheel = set->board;
  g_assert_nonnull (wheel);
  tessera_tile_layout_get_wheel_centre (wheel, &cx, &cy);
  g_assert_cmpfloat (cx, ==, wheel->width / 2.0);
  g_assert_cmpfloat (cy, ==, wheel->height / 2.0);
  for (guint s = 0; s < wheel->n_segments; s++)
    {
      double start, end, px, py;

      tessera_tile_layout_get_wheel_segment_angles (wheel, s, &start, &end);
      g_assert_cmpfloat (fabs (end - start - 2 * G_PI / wheel->n_segments), <, 1e-9);
      tessera_tile_layout_get_wheel_segment_point (wheel, s, &px, &py);
      g_assert_cmpfloat (fabs (hypot (px - cx, py - cy) - 0.66), <, 1e-9);
      for (guint c = 0; c < wheel->segments[s].n_crowns; c++)
        {
          double x, y;
          guint square_x, square_y;
          const TesseraTileType *square;

          tessera_tile_layout_get_crown_point (wheel, s, c, &x, &y);
          /* A crown on a square's edge belongs to both squares; the one it is printed on is
           * enough. */
          square_x = MIN ((guint) floor (x - 0.01), wheel->width - 1);
          square_y = MIN ((guint) floor (y - 0.01), wheel->height - 1);
          square = wheel->squares[square_y * wheel->width + square_x];
          g_assert_cmpint (tessera_tile_layout_label_at (tessera_tile_layout_get (square), x - square_x - 0.01,
                                                         y - square_y - 0.01), ==, TESSERA_TILE_LAYOUT_NOBODY);
        }
    }
  /* The centre of the board is the wheel's. */
  {
    const TesseraTileType *square = wheel->squares[(wheel->height / 2) * wheel->width + wheel->width / 2];

    g_assert_cmpint (tessera_tile_layout_label_at (tessera_tile_layout_get (square), 0.02, 0.02), ==,
                     TESSERA_TILE_LAYOUT_NOBODY);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tile-layout/partition", test_partition);
  g_test_add_func ("/tile-layout/spots", test_spots);
  g_test_add_func ("/tile-layout/rotation", test_rotation);
  g_test_add_func ("/tile-layout/edges", test_edges);
  g_test_add_func ("/tile-layout/roads", test_roads);
  g_test_add_func ("/tile-layout/symbols", test_symbols);
  g_test_add_func ("/tile-layout/tile-d", test_tile_d);
  g_test_add_func ("/tile-layout/wheel-board", test_wheel_board);
  return g_test_run ();
}
