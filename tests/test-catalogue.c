/* test-catalogue.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "tessera-engine.h"
#include "tessera-test-utils.h"

static TesseraCatalogue *catalogue;

static guint
count_box (const TesseraTileSet *set,
           gboolean            (*predicate)(const TesseraBoxEntry *entry))
{
  guint total = 0;

  for (guint i = 0; i < set->box->len; i++)
    {
      const TesseraBoxEntry *entry = g_ptr_array_index (set->box, i);

      if (predicate (entry))
        total += entry->count;
    }
  return total;
}

static guint
count_pennants (const TesseraTileSet *set)
{
  guint total = 0;

  for (guint i = 0; i < set->box->len; i++)
    {
      const TesseraBoxEntry *entry = g_ptr_array_index (set->box, i);

      for (guint s = 0; s < entry->type->n_segments; s++)
        total += entry->count * entry->type->segments[s].pennants;
    }
  return total;
}

static gboolean is_any (const TesseraBoxEntry *e) { return TRUE; }
static gboolean has_cloister (const TesseraBoxEntry *e) { return e->type->cloister; }
static gboolean has_tower (const TesseraBoxEntry *e) { return e->type->tower; }
static gboolean has_magic (const TesseraBoxEntry *e) { return e->type->magic; }
static gboolean has_crop (const TesseraBoxEntry *e) { return e->type->crop != TESSERA_CROP_NONE; }
static gboolean wheel_1 (const TesseraBoxEntry *e) { return e->wheel == 1; }
static gboolean wheel_2 (const TesseraBoxEntry *e) { return e->wheel == 2; }
static gboolean wheel_3 (const TesseraBoxEntry *e) { return e->wheel == 3; }

static const TesseraTileSet *
get_set (const char *name)
{
  const TesseraTileSet *set = tessera_catalogue_get_set (catalogue, name);

  g_assert_nonnull (set);
  return set;
}

/* doc/tiles.md section 2: 72 tiles, 10 pennants, 6 cloisters, start tile D. */
static void
test_base_totals (void)
{
  const TesseraTileSet *set = get_set ("base");

  g_assert_cmpuint (set->types->len, ==, 24);
  g_assert_cmpuint (tessera_tile_set_count_tiles (set), ==, 72);
  g_assert_cmpuint (count_pennants (set), ==, 10);
  g_assert_cmpuint (count_box (set, has_cloister), ==, 6);
  g_assert_nonnull (set->start);
  g_assert_cmpstr (set->start->id, ==, "D");
  g_assert_cmpuint (tessera_tile_set_lookup_entry (set, "D")->count, ==, 4);
  g_assert_cmpuint (tessera_tile_set_lookup_entry (set, "U")->count, ==, 8);
  g_assert_cmpuint (tessera_tile_set_lookup_entry (set, "V")->count, ==, 9);
  g_assert_null (set->board);
}

/* doc/tiles.md section 6.1: 71 land tiles (62 of base types + 9), 19 with the wheel icon
 * (11 x 1, 5 x 2, 3 x 3), 10 pennants, 7 cloisters, and the 4 x 4 board. */
static void
test_wheel_of_fortune_totals (void)
{
  const TesseraTileSet *set = get_set ("wheel-of-fortune");
  guint base_types = 0;

  g_assert_cmpuint (tessera_tile_set_count_tiles (set), ==, 71);
  g_assert_cmpuint (count_box (set, wheel_1), ==, 11);
  g_assert_cmpuint (count_box (set, wheel_2), ==, 5);
  g_assert_cmpuint (count_box (set, wheel_3), ==, 3);
  g_assert_cmpuint (count_pennants (set), ==, 10);
  g_assert_cmpuint (count_box (set, has_cloister), ==, 7);
  g_assert_cmpuint (count_box (set, has_tower) + count_box (set, has_magic) + count_box (set, has_crop), ==, 0);
  g_assert_null (set->start);
  for (guint i = 0; i < set->box->len; i++)
    {
      const TesseraBoxEntry *entry = g_ptr_array_index (set->box, i);

      if (g_str_equal (entry->type->set, "base"))
        base_types += entry->count;
    }
  g_assert_cmpuint (base_types, ==, 62);
  g_assert_cmpuint (tessera_tile_set_lookup_entry (set, "D")->count, ==, 3);
  g_assert_cmpuint (tessera_tile_set_lookup_entry (set, "U+W2")->count, ==, 3);
  g_assert_cmpuint (tessera_tile_set_lookup_entry (set, "U+W2")->wheel, ==, 2);
  g_assert_true (tessera_tile_set_lookup_entry (set, "U+W2")->type == tessera_catalogue_lookup_type (catalogue, "U"));
  g_assert_null (tessera_tile_set_lookup_entry (set, "U"));
  g_assert_cmpuint (tessera_tile_set_lookup_entry (set, "IC-17+W1")->count, ==, 1);
}

static void
test_expansion_totals (void)
{
  const TesseraTileSet *tower = get_set ("tower");
  const TesseraTileSet *mage = get_set ("mage-witch");
  const TesseraTileSet *crop = get_set ("crop-circles");

  g_assert_cmpuint (tessera_tile_set_count_tiles (tower), ==, 18);
  g_assert_cmpuint (count_box (tower, has_tower), ==, 18);
  g_assert_cmpuint (tower->types->len, ==, 17);
  g_assert_cmpuint (count_pennants (tower), ==, 1);
  g_assert_cmpuint (count_box (tower, has_cloister), ==, 1);

  g_assert_cmpuint (tessera_tile_set_count_tiles (mage), ==, 8);
  g_assert_cmpuint (count_box (mage, has_magic), ==, 8);
  g_assert_cmpuint (count_pennants (mage), ==, 0);

  g_assert_cmpuint (tessera_tile_set_count_tiles (crop), ==, 6);
  g_assert_cmpuint (count_box (crop, has_crop), ==, 6);
  g_assert_cmpint (tessera_catalogue_lookup_type (catalogue, "CC2-1")->crop, ==, TESSERA_CROP_ROAD);
  g_assert_cmpint (tessera_catalogue_lookup_type (catalogue, "CC2-3")->crop, ==, TESSERA_CROP_FIELD);
  g_assert_cmpint (tessera_catalogue_lookup_type (catalogue, "CC2-6")->crop, ==, TESSERA_CROP_CITY);
  g_assert_cmpuint (count_box (crop, is_any), ==, 6);
}

typedef void (*TypeCheck) (const TesseraTileType *type);

static void
for_every_type (TypeCheck check)
{
  GPtrArray *sets = tessera_catalogue_get_sets (catalogue);
  guint n = 0;

  for (guint i = 0; i < sets->len; i++)
    {
      const TesseraTileSet *set = g_ptr_array_index (sets, i);

      for (guint t = 0; t < set->types->len; t++, n++)
        check (g_ptr_array_index (set->types, t));
    }
  /* 24 base + 9 wheel-of-fortune + 16 board squares + 17 tower + 8 mage-witch + 6 crop circles */
  g_assert_cmpuint (n, ==, 80);
}

/* Every segment reaches only edges of its kind; every half-side of a field or road edge lies in
 * exactly one field, or is covered by a city, or is the wheel or a crop field. */
static void
check_segments (const TesseraTileType *type)
{
  guint8 covered = 0;

  for (guint s = 0; s < type->n_segments; s++)
    {
      const TesseraSegment *segment = &type->segments[s];

      for (guint side = 0; side < 4; side++)
        {
          if (!(segment->sides & (1 << side)))
            continue;
          if (segment->kind == TESSERA_FEATURE_CITY)
            g_assert_cmpint (type->edges[side], ==, TESSERA_EDGE_CITY);
          else
            {
              g_assert_cmpint (segment->kind, ==, TESSERA_FEATURE_ROAD);
              g_assert_cmpint (type->edges[side], ==, TESSERA_EDGE_ROAD);
            }
        }
      if (segment->kind == TESSERA_FEATURE_FIELD)
        {
          g_assert_cmpint (segment->halves & covered, ==, 0);
          covered |= segment->halves;
          for (guint half = 0; half < 8; half++)
            if (segment->halves & (1 << half))
              g_assert_cmpint (type->edges[half / 2], !=, TESSERA_EDGE_CITY);
          for (guint c = 0; c < type->n_segments; c++)
            if (segment->touches & (1 << c))
              g_assert_cmpint (type->segments[c].kind, ==, TESSERA_FEATURE_CITY);
        }
      if (segment->kind == TESSERA_FEATURE_ROAD)
        g_assert_true (__builtin_popcount (segment->sides) == 2 || segment->ends[0] != '\0');
      if (segment->kind == TESSERA_FEATURE_CLOISTER)
        g_assert_true (type->cloister);
    }
  for (guint side = 0; side < 4; side++)
    {
      if (type->edges[side] == TESSERA_EDGE_CITY)
        {
          g_assert_cmpint (type->side_segment[side], >=, 0);
          g_assert_cmpint (type->segments[type->side_segment[side]].kind, ==, TESSERA_FEATURE_CITY);
          continue;
        }
      if (type->edges[side] == TESSERA_EDGE_ROAD)
        g_assert_cmpint (type->segments[type->side_segment[side]].kind, ==, TESSERA_FEATURE_ROAD);
      if (type->board_square || type->crop != TESSERA_CROP_NONE)
        continue;
      g_assert_cmpint (covered & (3 << (2 * side)), ==, 3 << (2 * side));
    }
}

static void
test_segments (void)
{
  for_every_type (check_segments);
}

/* Rotating by r maps side s to s + r and half-side h to h + 2r; four quarter turns are none. */
static void
check_rotations (const TesseraTileType *type)
{
  for (guint r = 0; r < 4; r++)
    {
      for (guint side = 0; side < 4; side++)
        {
          TesseraSide world = (side + r) % 4;

          g_assert_cmpint (tessera_tile_type_edge_at (type, r, world), ==, type->edges[side]);
          g_assert_cmpint (tessera_tile_type_segment_at_side (type, r, world), ==, type->side_segment[side]);
          g_assert_cmpint ((type->edge_code[r] >> (2 * world)) & 3, ==, type->edges[side] & 3);
        }
      for (guint half = 0; half < 8; half++)
        g_assert_cmpint (tessera_tile_type_segment_at_half (type, r, (half + 2 * r) % 8), ==, type->half_segment[half]);
      for (guint s = 0; s < type->n_segments; s++)
        {
          guint8 sides = type->segments[s].sides;
          guint8 halves = type->segments[s].halves;
          guint8 rotated_sides = sides;
          guint8 rotated_halves = halves;

          for (guint turn = 0; turn < 4; turn++)
            {
              rotated_sides = tessera_rotate_sides (rotated_sides, r);
              rotated_halves = tessera_rotate_halves (rotated_halves, r);
            }
          g_assert_cmpuint (rotated_sides, ==, sides);
          g_assert_cmpuint (rotated_halves, ==, halves);
          g_assert_cmpuint (__builtin_popcount (tessera_rotate_sides (sides, r)), ==, __builtin_popcount (sides));
          g_assert_cmpuint (__builtin_popcount (tessera_rotate_halves (halves, r)), ==, __builtin_popcount (halves));
        }
    }
  if (!type->board_square)
    g_assert_cmpuint (tessera_tile_type_count_distinct_rotations (type), ==, type->rotations);
}

static void
test_rotations (void)
{
  for_every_type (check_rotations);
}

/* Resolves @spot the way events do, from an id buffer whose bytes after the name are not zero
 * (the fast path reads four bytes at once), and the public way; both must agree. */
static int
resolve_both_ways (const TesseraTileType *type,
                   guint                  rotation,
                   const char            *spot)
{
  char buffer[TESSERA_ID_SIZE];
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) public_error = NULL;
  int segment, public_segment;

  memset (buffer, 'x', sizeof buffer);
  memcpy (buffer, spot, strlen (spot) + 1);
  segment = tessera_spot_resolve_id (type, rotation, buffer, &error);
  public_segment = tessera_spot_resolve (type, rotation, spot, &public_error);
  g_assert_cmpint (segment, ==, public_segment);
  if (segment < 0)
    {
      g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE);
      g_assert_cmpstr (error->message, ==, public_error->message);
    }
  else
    g_assert_no_error (error);
  return segment;
}

/* Every spot name in every rotation names what the rotated tile shows there; every segment is
 * found by its id and by its shortest name, which is a side when it reaches one. */
static void
check_spots (const TesseraTileType *type)
{
  static const char *sides[] = { "N", "E", "S", "W" };
  static const char *halves[] = { "NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW" };
  static const char *wrong[] = { "", "X", "NN", "NNNN", "NNEx", "n", "c", "\xc3\xa9", "Ñ" };

  for (guint r = 0; r < 4; r++)
    {
      for (guint side = 0; side < 4; side++)
        g_assert_cmpint (resolve_both_ways (type, r, sides[side]), ==, tessera_tile_type_segment_at_side (type, r, side));
      for (guint half = 0; half < 8; half++)
        g_assert_cmpint (resolve_both_ways (type, r, halves[half]), ==, tessera_tile_type_segment_at_half (type, r, half));
      g_assert_cmpint (resolve_both_ways (type, r, "C"), ==, type->centre_segment);
      for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
        g_assert_cmpint (resolve_both_ways (type, r, wrong[i]), ==, -1);

      for (guint s = 0; s < type->n_segments; s++)
        {
          char name[TESSERA_SPOT_NAME_SIZE];
          gboolean reaches_side = FALSE;

          for (guint side = 0; side < 4; side++)
            reaches_side |= tessera_tile_type_segment_at_side (type, r, side) == (int) s;
          g_assert_cmpint (resolve_both_ways (type, r, type->segments[s].id), ==, (int) s);
          g_assert_cmpint (resolve_both_ways (type, r, tessera_spot_name (type, r, s, name)), ==, (int) s);
          g_assert_cmpuint (strlen (name) == 1 && name[0] != 'C', ==, reaches_side);
        }
    }
}

static void
test_spots (void)
{
  for_every_type (check_spots);
}

/* The "rot" column of doc/tiles.md for a sample of every kind of symmetry. */
static void
test_distinct_orientations (void)
{
  static const struct { const char *id; guint rotations; } expected[] = {
    { "A", 4 }, { "B", 1 }, { "C", 1 }, { "D", 4 }, { "F", 2 }, { "G", 2 }, { "H", 2 }, { "I", 4 },
    { "U", 2 }, { "V", 4 }, { "W", 4 }, { "X", 1 }, { "IC-02", 2 }, { "IC-17", 2 }, { "WOF-1", 4 },
    { "KS-3", 4 }, { "TO-02", 1 }, { "TO-03", 1 }, { "TO-06", 2 }, { "TO-07", 1 }, { "TO-08", 2 },
    { "TO-15", 2 }, { "TO-17", 4 }, { "MW-4", 2 }, { "MW-5", 2 }, { "CC2-5", 2 }, { "CC2-6", 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const TesseraTileType *type = tessera_catalogue_lookup_type (catalogue, expected[i].id);

      g_assert_nonnull (type);
      g_assert_cmpuint (type->rotations, ==, expected[i].rotations);
      g_assert_cmpuint (tessera_tile_type_count_distinct_rotations (type), ==, expected[i].rotations);
    }
}

/* doc/tiles.md 6.2 and 6.3: laid out, the 16 squares make 3 cities, 3 roads and 3 fields, each
 * field touching one city; the segments run Fortuna to Plague with 1, 2, 1, 2, 1, 2 crowns. */
static void
test_wheel_board (void)
{
  const TesseraWheelBoard *wheel = get_set ("wheel-of-fortune")->board;
  static const char *segments[] = { "fortuna", "taxes", "famine", "storm", "inquisition", "plague" };
  static const guint crowns[] = { 1, 2, 1, 2, 1, 2 };
  g_autoptr(TesseraBoard) board = tessera_board_new ();
  g_autoptr(GHashTable) roots = g_hash_table_new (NULL, NULL);
  guint counts[TESSERA_N_FEATURE_KINDS] = { 0 };
  g_autoptr(GArray) placements = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));

  g_assert_nonnull (wheel);
  g_assert_cmpuint (wheel->width, ==, 4);
  g_assert_cmpuint (wheel->height, ==, 4);
  g_assert_cmpuint (wheel->n_segments, ==, 6);
  for (guint i = 0; i < 6; i++)
    {
      g_assert_cmpstr (wheel->segments[i].name, ==, segments[i]);
      g_assert_cmpuint (wheel->segments[i].n_crowns, ==, crowns[i]);
    }
  /* doc/tiles.md 6.3: Fortuna's crown lies on the edge between (1,0) and (2,0); the first Taxes crown
   * at the corner where (3,0) meets (3,1), the second inside (3,1). */
  g_assert_cmpuint (wheel->segments[0].crowns[0].x, ==, 1);
  g_assert_cmpuint (wheel->segments[0].crowns[0].y, ==, 0);
  g_assert_cmpstr (wheel->segments[0].crowns[0].where, ==, "E");
  g_assert_cmpstr (wheel->segments[1].crowns[0].where, ==, "SW");
  g_assert_cmpuint (wheel->segments[1].crowns[1].x, ==, 3);
  g_assert_cmpuint (wheel->segments[1].crowns[1].y, ==, 1);
  g_assert_cmpstr (wheel->segments[1].crowns[1].where, ==, "");

  for (guint i = 0; i < 16; i++)
    {
      TesseraCell cell = { (int) (i % 4), (int) (i / 4) };
      tessera_board_place (board, wheel->squares[i], cell, 0);
    }
  for (guint s = 0; s < tessera_board_get_n_segments (board); s++)
    {
      guint root = tessera_board_find (board, s);

      if (!g_hash_table_contains (roots, GUINT_TO_POINTER (root + 1)))
        {
          g_hash_table_add (roots, GUINT_TO_POINTER (root + 1));
          counts[tessera_board_segment_kind (board, root)]++;
        }
      if (tessera_board_segment_kind (board, s) == TESSERA_FEATURE_FIELD)
        {
          g_autoptr(GArray) cities = g_array_new (FALSE, FALSE, sizeof (guint));

          tessera_board_field_cities (board, s, FALSE, cities);
          g_assert_cmpuint (cities->len, ==, 1);
        }
    }
  g_assert_cmpuint (counts[TESSERA_FEATURE_CITY], ==, 3);
  g_assert_cmpuint (counts[TESSERA_FEATURE_ROAD], ==, 3);
  g_assert_cmpuint (counts[TESSERA_FEATURE_FIELD], ==, 3);
  g_assert_cmpuint (counts[TESSERA_FEATURE_CLOISTER], ==, 0);

  /* All 16 border positions are land: a plain field tile B fits against the 9 field borders,
   * and no cell inside the board is free. */
  tessera_board_list_placements (board, tessera_catalogue_lookup_type (catalogue, "B"), placements);
  g_assert_cmpuint (placements->len, ==, 9);
  for (guint i = 0; i < placements->len; i++)
    {
      TesseraCell cell = g_array_index (placements, TesseraPlacement, i).cell;
      g_assert_true (cell.x < 0 || cell.x > 3 || cell.y < 0 || cell.y > 3);
    }
}

typedef struct
{
  const char *name;
  const char *text;
  const char *message;
} BadFile;

static const BadFile bad_files[] = {
  { "no-set", "tile A\n", "bad.tileset:1: the file must start with \"set NAME\"" },
  { "bad-edge", "set bad\ntile Z\n  count 1\n  edges C Q F F\n",
    "bad.tileset:4: \"Q\" is not an edge: use C (city), R (road) or F (field)" },
  { "city-on-road", "set bad\ntile Z\n  count 1\n  edges R F F F\n  city c1 N\n  rotations 4\n",
    "bad.tileset:2: tile Z: city c1 reaches side N, but that edge is not a city" },
  { "loose-half", "set bad\ntile Z\n  count 1\n  edges F F F F\n  field f1 Nw Ne En Es Se Sw Ws\n  rotations 1\n",
    "bad.tileset:2: tile Z: half-side Wn belongs to no field" },
  { "half-twice", "set bad\ntile Z\n  count 1\n  edges F F F F\n  field f1 Nw Ne En Es\n  field f2 Es Se Sw Ws Wn\n  rotations 1\n",
    "bad.tileset:2: tile Z: half-side Es belongs to both f1 and f2" },
  { "wrong-rotations", "set bad\ntile Z\n  count 1\n  edges C F F F\n  city c1 N\n  field f1 En Es Se Sw Ws Wn touches c1\n  rotations 2\n",
    "bad.tileset:2: tile Z says \"rotations 2\", but its features give 4 distinct orientations" },
  { "unknown-city", "set bad\ntile Z\n  count 1\n  edges F F F F\n  field f1 Nw Ne En Es Se Sw Ws Wn touches c1\n",
    "bad.tileset:5: field f1 touches \"c1\", which is not a city of tile Z listed above it" },
  { "road-end", "set bad\ntile Z\n  count 1\n  edges R F F F\n  road r1 N\n",
    "bad.tileset:5: road r1 reaches one side only: say what it ends at, like \"ends crossroads\"" },
  { "unknown-word", "set bad\ntile Z\n  count 1\n  colour red\n",
    "bad.tileset:4: unknown word \"colour\" in the description of Z" },
  { "bad-count", "set bad\ntile Z\n  count many\n", "bad.tileset:3: \"count\" needs one number of copies, 1 or more" },
  { "copies-unknown", "set bad\ncopies QQ 2\n", "bad.tileset:2: no tile QQ is defined in this file" },
  { "start-unknown", "set bad\nstart QQ\n", "bad.tileset:2: the start tile QQ is not a tile with copies in this set" },
  { "no-edges", "set bad\ntile Z\n  count 1\n", "bad.tileset:2: tile Z has no \"edges\" line" },
  { "crown-place", "set bad\nboard 1 1\nsquare 0 0\n  edges F F F F\n  field f1 Nw Ne En Es Se Sw Ws Wn\n"
                   "segment fortuna\n  crown square 0 0 corner N\n",
    "bad.tileset:7: a crown lies inside its square, or across a \"side N|E|S|W\" or a \"corner NE|SE|SW|NW\" of it, not \"corner N\"" },
};

static void
test_malformed (gconstpointer data)
{
  const BadFile *bad = data;
  g_autoptr(TesseraCatalogue) fresh = tessera_catalogue_new ();
  g_autoptr(GError) error = NULL;

  g_assert_false (tessera_catalogue_load_data (fresh, "bad.tileset", bad->text, &error));
  tessera_test_assert_error (error, TESSERA_ERROR_CATALOGUE, bad->message);
}

/* The shipped files load into a fresh catalogue exactly as the default one did. */
static void
test_resources_load (void)
{
  g_autoptr(TesseraCatalogue) fresh = tessera_catalogue_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (tessera_catalogue_load_resources (fresh, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tessera_catalogue_get_sets (fresh)->len, ==, 5);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  catalogue = tessera_catalogue_get_default ();

  g_test_add_func ("/catalogue/resources-load", test_resources_load);
  g_test_add_func ("/catalogue/base-totals", test_base_totals);
  g_test_add_func ("/catalogue/wheel-of-fortune-totals", test_wheel_of_fortune_totals);
  g_test_add_func ("/catalogue/expansion-totals", test_expansion_totals);
  g_test_add_func ("/catalogue/segments", test_segments);
  g_test_add_func ("/catalogue/rotations", test_rotations);
  g_test_add_func ("/catalogue/spots", test_spots);
  g_test_add_func ("/catalogue/distinct-orientations", test_distinct_orientations);
  g_test_add_func ("/catalogue/wheel-board", test_wheel_board);
  for (guint i = 0; i < G_N_ELEMENTS (bad_files); i++)
    {
      g_autofree char *path = g_strdup_printf ("/catalogue/malformed/%s", bad_files[i].name);
      g_test_add_data_func (path, &bad_files[i], test_malformed);
    }
  return g_test_run ();
}
