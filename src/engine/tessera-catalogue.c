/* tessera-catalogue.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-catalogue"

#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "tessera-catalogue.h"

/* The file format is described in data/tilesets/README.md: one keyword per line, followed by its
 * words; '#' starts a comment. The parser reports every problem with the file and line. */

#define RESOURCE_PATH "/io/github/tessera/Tessera/tilesets/"

struct _TesseraCatalogue
{
  GPtrArray  *sets;      /* TesseraTileSet, in load order */
  GHashTable *types;     /* id -> TesseraTileType */
  guint       n_types;   /* every type and board square */
};

typedef struct
{
  TesseraCatalogue *catalogue;
  const char       *file_name;
  TesseraTileSet   *set;
  TesseraTileType  *tile;          /* the tile or square whose block is open */
  guint             tile_line;
  guint             tile_count;
  gboolean          tile_has_count;
  gboolean          tile_has_edges;
  gboolean          tile_has_rotations;
  TesseraWheelSegment *segment;    /* the wheel segment whose block is open */
  guint             line;
  const char       *uses;
  char             *start_id;      /* resolved at the end: the start tile may be defined below */
  guint             start_line;
} Parser;

static void
parser_clear (Parser *parser)
{
  g_free (parser->start_id);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Parser, parser_clear)

static const char *half_names[8] = { "Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn" };
static const char *side_letters = "NESW";

G_DEFINE_QUARK (tessera-error-quark, tessera_error)

guint8
tessera_rotate_sides (guint8 sides,
                      guint  rotation)
{
  rotation %= 4;
  return (guint8) (((sides << rotation) | (sides >> (4 - rotation))) & 0x0f);
}

guint8
tessera_rotate_halves (guint8 halves,
                       guint  rotation)
{
  guint shift = (rotation % 4) * 2;
  return (guint8) (((guint) halves << shift) | ((guint) halves >> ((8 - shift) % 8)));
}

static void
tile_type_free (gpointer data)
{
  TesseraTileType *type = data;

  g_free (type->id);
  g_free (type);
}

static void
box_entry_free (gpointer data)
{
  TesseraBoxEntry *entry = data;

  g_free (entry->id);
  g_free (entry);
}

static void
tile_set_free (gpointer data)
{
  TesseraTileSet *set = data;

  g_free (set->name);
  g_free (set->title);
  g_ptr_array_unref (set->types);
  g_hash_table_unref (set->box_by_id);
  g_free (set->box_by_kind);
  g_ptr_array_unref (set->box);
  if (set->board != NULL)
    {
      for (guint i = 0; i < set->board->n_segments; i++)
        g_free (set->board->segments[i].name);
      g_free (set->board);
    }
  g_free (set);
}

TesseraCatalogue *
tessera_catalogue_new (void)
{
  TesseraCatalogue *self = g_new0 (TesseraCatalogue, 1);

  self->sets = g_ptr_array_new_with_free_func (tile_set_free);
  self->types = g_hash_table_new (g_str_hash, g_str_equal);
  return self;
}

void
tessera_catalogue_free (TesseraCatalogue *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->types);
  g_ptr_array_unref (self->sets);
  g_free (self);
}

G_GNUC_PRINTF (3, 4)
static gboolean
parser_error (Parser      *parser,
              GError     **error,
              const char  *format,
              ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_CATALOGUE,
               "%s:%u: %s", parser->file_name, parser->line, message);
  return FALSE;
}

static gboolean
parse_uint (const char *word,
            guint      *value)
{
  guint64 v;

  if (!g_ascii_string_to_unsigned (word, 10, 0, G_MAXUINT16, &v, NULL))
    return FALSE;
  *value = (guint) v;
  return TRUE;
}

static int
side_from_letter (const char *word)
{
  if (word[0] != '\0' && word[1] == '\0')
    {
      const char *p = strchr (side_letters, word[0]);
      if (p != NULL)
        return (int) (p - side_letters);
    }
  return -1;
}

static int
half_from_name (const char *word)
{
  for (guint i = 0; i < 8; i++)
    if (g_str_equal (word, half_names[i]))
      return (int) i;
  return -1;
}

/* An edge word: C, R, F, - (wheel), or F/- and -/F (half field, half wheel). */
static gboolean
parse_edge (const char  *word,
            TesseraEdge *edge,
            guint8      *wheel_halves)
{
  *wheel_halves = 0;
  if (g_str_equal (word, "C"))
    *edge = TESSERA_EDGE_CITY;
  else if (g_str_equal (word, "R"))
    *edge = TESSERA_EDGE_ROAD;
  else if (g_str_equal (word, "F"))
    *edge = TESSERA_EDGE_FIELD;
  else if (g_str_equal (word, "-"))
    {
      *edge = TESSERA_EDGE_WHEEL;
      *wheel_halves = 3;
    }
  else if (g_str_equal (word, "F/-"))
    {
      *edge = TESSERA_EDGE_FIELD;
      *wheel_halves = 2;
    }
  else if (g_str_equal (word, "-/F"))
    {
      *edge = TESSERA_EDGE_FIELD;
      *wheel_halves = 1;
    }
  else
    return FALSE;
  return TRUE;
}

static void
add_box_entry (TesseraTileSet  *set,
               TesseraBoxEntry *entry)
{
  entry->index = set->box->len;
  g_ptr_array_add (set->box, entry);
  g_hash_table_insert (set->box_by_id, entry->id, entry);
}

static TesseraSegment *
add_segment (Parser              *parser,
             TesseraFeatureKind   kind,
             const char          *id,
             GError             **error)
{
  TesseraTileType *tile = parser->tile;
  TesseraSegment *segment;
  char prefix = kind == TESSERA_FEATURE_CITY ? 'c' : kind == TESSERA_FEATURE_ROAD ? 'r' : 'f';

  if (tile->n_segments >= TESSERA_MAX_SEGMENTS)
    {
      parser_error (parser, error, "tile %s has more than %d segments", tile->id, TESSERA_MAX_SEGMENTS);
      return NULL;
    }
  if (id[0] != prefix || !g_ascii_isdigit (id[1]) || strlen (id) >= sizeof segment->id)
    {
      parser_error (parser, error, "segment id \"%s\" should be '%c' and a number, like %c1",
                    id, prefix, prefix);
      return NULL;
    }
  if (tessera_tile_type_find_segment (tile, id) >= 0)
    {
      parser_error (parser, error, "tile %s already has a segment %s", tile->id, id);
      return NULL;
    }
  segment = &tile->segments[tile->n_segments++];
  memset (segment, 0, sizeof *segment);
  g_strlcpy (segment->id, id, sizeof segment->id);
  segment->kind = kind;
  return segment;
}

static gboolean
parse_city_or_road (Parser     *parser,
                    char      **words,
                    guint       n_words,
                    gboolean    is_city,
                    GError    **error)
{
  TesseraSegment *segment;
  guint i;

  if (n_words < 3)
    return parser_error (parser, error, "\"%s\" needs a segment id and the sides it reaches, like \"%s\"",
                         words[0], is_city ? "city c1 N W" : "road r1 E W");
  segment = add_segment (parser, is_city ? TESSERA_FEATURE_CITY : TESSERA_FEATURE_ROAD, words[1], error);
  if (segment == NULL)
    return FALSE;
  for (i = 2; i < n_words; i++)
    {
      int side = side_from_letter (words[i]);

      if (side < 0)
        break;
      if (segment->sides & (1 << side))
        return parser_error (parser, error, "side %s is listed twice", words[i]);
      segment->sides |= 1 << side;
    }
  if (segment->sides == 0)
    return parser_error (parser, error, "segment %s reaches no side; expected N, E, S or W after its id",
                         segment->id);
  while (i < n_words)
    {
      if (is_city && g_str_equal (words[i], "pennants") && i + 1 < n_words)
        {
          guint n;
          if (!parse_uint (words[i + 1], &n) || n == 0 || n > 9)
            return parser_error (parser, error, "\"%s\" is not a number of pennants (1 to 9)", words[i + 1]);
          segment->pennants = (guint8) n;
          i += 2;
        }
      else if (!is_city && g_str_equal (words[i], "ends") && i + 1 < n_words)
        {
          static const char *known[] = { "crossroads", "cloister", "city-gate", "tower", "crop-field",
                                         "wheel", "house", NULL };
          if (!g_strv_contains (known, words[i + 1]))
            return parser_error (parser, error, "a road cannot end at \"%s\"; known: %s", words[i + 1],
                                 "crossroads, cloister, city-gate, tower, crop-field, wheel, house");
          if (__builtin_popcount (segment->sides) != 1)
            return parser_error (parser, error, "road %s reaches two sides, so it cannot end inside the tile",
                                 segment->id);
          g_strlcpy (segment->ends, words[i + 1], sizeof segment->ends);
          i += 2;
        }
      else
        return parser_error (parser, error, "unexpected \"%s\" (expected a side N, E, S or W%s)", words[i],
                             is_city ? " or \"pennants N\"" : " or \"ends WHAT\"");
    }
  if (!is_city && segment->ends[0] == '\0' && __builtin_popcount (segment->sides) == 1)
    return parser_error (parser, error, "road %s reaches one side only: say what it ends at, like \"ends crossroads\"",
                         segment->id);
  return TRUE;
}

static gboolean
parse_field (Parser  *parser,
             char   **words,
             guint    n_words,
             GError **error)
{
  TesseraSegment *segment;
  gboolean inner = FALSE;
  guint i;

  if (n_words < 3)
    return parser_error (parser, error, "\"field\" needs a segment id and its half-sides, like \"field f1 Nw Ne\"");
  segment = add_segment (parser, TESSERA_FEATURE_FIELD, words[1], error);
  if (segment == NULL)
    return FALSE;
  for (i = 2; i < n_words && !g_str_equal (words[i], "touches"); i++)
    {
      int half = half_from_name (words[i]);

      if (g_str_equal (words[i], "inner") && i == 2)
        {
          inner = TRUE;
          continue;
        }
      if (half < 0 || inner)
        return parser_error (parser, error, "\"%s\" is not a half-side (Nw Ne En Es Se Sw Ws Wn)", words[i]);
      if (segment->halves & (1 << half))
        return parser_error (parser, error, "half-side %s is listed twice", words[i]);
      segment->halves |= 1 << half;
    }
  if (segment->halves == 0 && !inner)
    return parser_error (parser, error, "field %s reaches no half-side; list them or write \"inner\"", segment->id);
  if (i < n_words)
    {
      if (i + 1 == n_words)
        return parser_error (parser, error, "\"touches\" needs the city segments the field borders");
      for (i++; i < n_words; i++)
        {
          int city = tessera_tile_type_find_segment (parser->tile, words[i]);

          if (city < 0 || parser->tile->segments[city].kind != TESSERA_FEATURE_CITY)
            return parser_error (parser, error, "field %s touches \"%s\", which is not a city of tile %s listed above it",
                                 segment->id, words[i], parser->tile->id);
          segment->touches |= 1 << city;
        }
    }
  return TRUE;
}

/* Checks a finished tile block and derives the lookup tables the board uses. */
static gboolean
finish_tile (Parser  *parser,
             GError **error)
{
  TesseraTileType *tile = parser->tile;
  guint saved_line = parser->line;
  guint8 wheel_halves[4] = { 0 };
  gboolean ok = FALSE;

  if (tile == NULL)
    return TRUE;

  parser->line = parser->tile_line;
  memset (tile->side_segment, TESSERA_NO_SEGMENT, sizeof tile->side_segment);
  memset (tile->half_segment, TESSERA_NO_SEGMENT, sizeof tile->half_segment);
  tile->centre_segment = TESSERA_NO_SEGMENT;

  if (!parser->tile_has_edges)
    {
      parser_error (parser, error, "%s %s has no \"edges\" line", tile->board_square ? "square" : "tile", tile->id);
      goto out;
    }
  if (!tile->board_square && !parser->tile_has_rotations)
    {
      parser_error (parser, error, "tile %s has no \"rotations\" line", tile->id);
      goto out;
    }
  /* Recover which half-sides the edges give to the wheel from the edge words we kept. */
  for (guint side = 0; side < 4; side++)
    wheel_halves[side] = (tile->edge_code[0] >> (2 * side)) & 3;
  for (guint side = 0; side < 4; side++)
    {
      if (wheel_halves[side] == 3)
        tile->edges[side] = TESSERA_EDGE_WHEEL;
    }

  for (guint s = 0; s < tile->n_segments; s++)
    {
      TesseraSegment *segment = &tile->segments[s];

      segment->n_sides = (guint8) __builtin_popcount (segment->sides);
      /* A road or city always runs out to an edge; the board relies on it to tell quickly
       * whether a placement completed one (only a join across an edge can). */
      if ((segment->kind == TESSERA_FEATURE_CITY || segment->kind == TESSERA_FEATURE_ROAD) && segment->n_sides == 0)
        {
          parser_error (parser, error, "tile %s: %s %s reaches no side", tile->id,
                        segment->kind == TESSERA_FEATURE_CITY ? "city" : "road", segment->id);
          goto out;
        }
      for (guint side = 0; side < 4; side++)
        {
          if (!(segment->sides & (1 << side)))
            continue;
          if ((segment->kind == TESSERA_FEATURE_CITY && tile->edges[side] != TESSERA_EDGE_CITY) ||
              (segment->kind == TESSERA_FEATURE_ROAD && tile->edges[side] != TESSERA_EDGE_ROAD))
            {
              parser_error (parser, error, "tile %s: %s %s reaches side %c, but that edge is not a %s",
                            tile->id, segment->kind == TESSERA_FEATURE_CITY ? "city" : "road", segment->id,
                            side_letters[side], segment->kind == TESSERA_FEATURE_CITY ? "city" : "road");
              goto out;
            }
          if (tile->side_segment[side] != TESSERA_NO_SEGMENT)
            {
              parser_error (parser, error, "tile %s: side %c belongs to both %s and %s", tile->id,
                            side_letters[side], tile->segments[tile->side_segment[side]].id, segment->id);
              goto out;
            }
          tile->side_segment[side] = (gint8) s;
          if (segment->kind == TESSERA_FEATURE_CITY)
            {
              tile->half_segment[2 * side] = (gint8) s;
              tile->half_segment[2 * side + 1] = (gint8) s;
            }
        }
      for (guint half = 0; half < 8; half++)
        {
          guint side = half / 2;

          if (!(segment->halves & (1 << half)))
            continue;
          if (tile->edges[side] == TESSERA_EDGE_CITY)
            {
              parser_error (parser, error, "tile %s: field %s reaches %s, which lies on a city edge",
                            tile->id, segment->id, half_names[half]);
              goto out;
            }
          /* F/- gives the wheel the second half of the side, -/F the first. */
          if ((wheel_halves[side] == 2 && half % 2 == 1) || (wheel_halves[side] == 1 && half % 2 == 0))
            {
              parser_error (parser, error, "square %s: field %s reaches %s, which is wheel", tile->id,
                            segment->id, half_names[half]);
              goto out;
            }
          if (tile->half_segment[half] != TESSERA_NO_SEGMENT)
            {
              parser_error (parser, error, "tile %s: half-side %s belongs to both %s and %s", tile->id,
                            half_names[half], tile->segments[tile->half_segment[half]].id, segment->id);
              goto out;
            }
          tile->half_segment[half] = (gint8) s;
        }
    }

  for (guint side = 0; side < 4; side++)
    {
      TesseraEdge edge = tile->edges[side];

      if ((edge == TESSERA_EDGE_CITY || edge == TESSERA_EDGE_ROAD) && tile->side_segment[side] == TESSERA_NO_SEGMENT)
        {
          parser_error (parser, error, "tile %s: side %c is a %s edge but no %s segment reaches it", tile->id,
                        side_letters[side], edge == TESSERA_EDGE_CITY ? "city" : "road",
                        edge == TESSERA_EDGE_CITY ? "city" : "road");
          goto out;
        }
      for (guint h = 0; h < 2; h++)
        {
          guint half = 2 * side + h;
          gboolean is_wheel = (wheel_halves[side] == 2 && h == 1) || (wheel_halves[side] == 1 && h == 0) ||
                              wheel_halves[side] == 3;

          if (edge != TESSERA_EDGE_CITY && !is_wheel && tile->crop == TESSERA_CROP_NONE &&
              tile->half_segment[half] == TESSERA_NO_SEGMENT)
            {
              parser_error (parser, error, "tile %s: half-side %s belongs to no field", tile->id, half_names[half]);
              goto out;
            }
        }
      /* On a field side, the side's own spot names the field along it. */
      if (edge == TESSERA_EDGE_FIELD && tile->half_segment[2 * side] != TESSERA_NO_SEGMENT &&
          tile->half_segment[2 * side] == tile->half_segment[2 * side + 1])
        tile->side_segment[side] = tile->half_segment[2 * side];
    }

  if (tile->cloister)
    {
      TesseraSegment *segment = &tile->segments[tile->n_segments];

      if (tile->n_segments >= TESSERA_MAX_SEGMENTS)
        {
          parser_error (parser, error, "tile %s has too many segments", tile->id);
          goto out;
        }
      memset (segment, 0, sizeof *segment);
      g_strlcpy (segment->id, "cloister", sizeof segment->id);
      segment->kind = TESSERA_FEATURE_CLOISTER;
      tile->centre_segment = (gint8) tile->n_segments++;
    }

  for (guint r = 0; r < 4; r++)
    {
      guint8 code = 0;

      for (guint side = 0; side < 4; side++)
        code |= (guint8) ((tile->edges[side] & 3) << (2 * ((side + r) % 4)));
      tile->edge_code[r] = code;

      for (guint side = 0; side < 4; side++)
        {
          TesseraEdge edge = tessera_tile_type_edge_at (tile, r, side);

          tile->link_at_side[r][side] = edge == TESSERA_EDGE_CITY || edge == TESSERA_EDGE_ROAD
                                        ? (gint8) tessera_tile_type_segment_at_side (tile, r, side)
                                        : TESSERA_NO_SEGMENT;
        }
      for (guint half = 0; half < TESSERA_N_HALVES; half++)
        {
          int segment = tessera_tile_type_segment_at_half (tile, r, half);

          tile->field_at_half[r][half] = segment >= 0 && tile->segments[segment].kind == TESSERA_FEATURE_FIELD
                                         ? (gint8) segment
                                         : TESSERA_NO_SEGMENT;
        }

      for (guint side = 0; side < 4; side++)
        tile->segment_at_spot[r][side] = (gint8) tessera_tile_type_segment_at_side (tile, r, side);
      for (guint half = 0; half < TESSERA_N_HALVES; half++)
        tile->segment_at_spot[r][TESSERA_SPOT_CODE_HALF + half] = (gint8) tessera_tile_type_segment_at_half (tile, r, half);
      tile->segment_at_spot[r][TESSERA_SPOT_CODE_CENTRE] = tile->centre_segment;
      /* The shortest name: a side, else a half-side, else the centre. */
      memset (tile->spot_of_segment[r], TESSERA_SPOT_CODE_NONE, sizeof tile->spot_of_segment[r]);
      for (guint spot = TESSERA_N_SPOT_CODES; spot > 0; spot--)
        {
          int segment = tile->segment_at_spot[r][spot - 1];

          if (segment >= 0)
            tile->spot_of_segment[r][segment] = (guint8) (spot - 1);
        }
    }

  if (!tile->board_square)
    {
      guint distinct = tessera_tile_type_count_distinct_rotations (tile);

      if (distinct != tile->rotations)
        {
          parser_error (parser, error, "tile %s says \"rotations %u\", but its features give %u distinct orientations",
                        tile->id, tile->rotations, distinct);
          goto out;
        }
    }

  if (parser->tile_has_count)
    {
      TesseraBoxEntry *entry = g_new0 (TesseraBoxEntry, 1);

      entry->id = g_strdup (tile->id);
      entry->type = tile;
      entry->count = parser->tile_count;
      add_box_entry (parser->set, entry);
    }

  ok = TRUE;
out:
  parser->line = saved_line;
  parser->tile = NULL;
  return ok;
}

static gboolean
finish_block (Parser  *parser,
              GError **error)
{
  parser->segment = NULL;
  return finish_tile (parser, error);
}

static gboolean
check_id (Parser      *parser,
          const char  *id,
          GError     **error)
{
  for (const char *p = id; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-')
      return parser_error (parser, error, "\"%s\" is not a tile id: use letters, digits and '-'", id);
  return TRUE;
}

static gboolean
begin_tile (Parser      *parser,
            const char  *id,
            gboolean     board_square,
            GError     **error)
{
  TesseraTileType *tile;

  if (!finish_block (parser, error))
    return FALSE;

  tile = g_new0 (TesseraTileType, 1);
  tile->id = g_strdup (id);
  tile->index = parser->catalogue->n_types++;
  tile->set = parser->set->name;
  tile->board_square = board_square;
  parser->tile = tile;
  parser->tile_line = parser->line;
  parser->tile_count = 0;
  parser->tile_has_count = FALSE;
  parser->tile_has_edges = FALSE;
  parser->tile_has_rotations = FALSE;
  g_ptr_array_add (parser->set->types, tile);
  if (!board_square)
    {
      if (g_hash_table_contains (parser->catalogue->types, id))
        return parser_error (parser, error, "tile %s is defined twice", id);
      g_hash_table_insert (parser->catalogue->types, tile->id, tile);
    }
  return TRUE;
}

static gboolean
parse_tile_line (Parser  *parser,
                 char   **words,
                 guint    n_words,
                 GError **error)
{
  TesseraTileType *tile = parser->tile;
  const char *keyword = words[0];

  if (g_str_equal (keyword, "count"))
    {
      if (n_words != 2 || !parse_uint (words[1], &parser->tile_count) || parser->tile_count == 0)
        return parser_error (parser, error, "\"count\" needs one number of copies, 1 or more");
      if (tile->board_square)
        return parser_error (parser, error, "a board square has no count");
      parser->tile_has_count = TRUE;
    }
  else if (g_str_equal (keyword, "edges"))
    {
      guint8 code = 0;

      if (n_words != 5)
        return parser_error (parser, error, "\"edges\" needs four edges in the order N E S W, like \"edges C R F R\"");
      for (guint side = 0; side < 4; side++)
        {
          guint8 wheel_halves;

          if (!parse_edge (words[side + 1], &tile->edges[side], &wheel_halves) ||
              (wheel_halves != 0 && !tile->board_square))
            return parser_error (parser, error, "\"%s\" is not an edge: use C (city), R (road) or F (field)%s",
                                 words[side + 1], tile->board_square ? ", or -, F/- and -/F for the wheel" : "");
          code |= (guint8) (wheel_halves << (2 * side));
        }
      /* Parked here until finish_tile() derives the real codes. */
      tile->edge_code[0] = code;
      parser->tile_has_edges = TRUE;
    }
  else if (g_str_equal (keyword, "city") || g_str_equal (keyword, "road"))
    {
      if (!parser->tile_has_edges)
        return parser_error (parser, error, "\"edges\" must come before the segments");
      return parse_city_or_road (parser, words, n_words, g_str_equal (keyword, "city"), error);
    }
  else if (g_str_equal (keyword, "field"))
    {
      if (!parser->tile_has_edges)
        return parser_error (parser, error, "\"edges\" must come before the segments");
      return parse_field (parser, words, n_words, error);
    }
  else if (g_str_equal (keyword, "cloister") || g_str_equal (keyword, "tower") || g_str_equal (keyword, "magic"))
    {
      if (n_words != 1)
        return parser_error (parser, error, "\"%s\" takes no words after it", keyword);
      if (g_str_equal (keyword, "cloister"))
        tile->cloister = TRUE;
      else if (g_str_equal (keyword, "tower"))
        tile->tower = TRUE;
      else
        tile->magic = TRUE;
    }
  else if (g_str_equal (keyword, "crop-circle"))
    {
      if (n_words != 2)
        return parser_error (parser, error, "\"crop-circle\" needs its kind: city, road or field");
      if (g_str_equal (words[1], "city"))
        tile->crop = TESSERA_CROP_CITY;
      else if (g_str_equal (words[1], "road"))
        tile->crop = TESSERA_CROP_ROAD;
      else if (g_str_equal (words[1], "field"))
        tile->crop = TESSERA_CROP_FIELD;
      else
        return parser_error (parser, error, "\"%s\" is not a crop-circle kind: use city, road or field", words[1]);
    }
  else if (g_str_equal (keyword, "rotations"))
    {
      guint n;

      if (n_words != 2 || !parse_uint (words[1], &n) || (n != 1 && n != 2 && n != 4))
        return parser_error (parser, error, "\"rotations\" needs 1, 2 or 4");
      tile->rotations = (guint8) n;
      parser->tile_has_rotations = TRUE;
    }
  else
    return parser_error (parser, error, "unknown word \"%s\" in the description of %s", keyword, tile->id);

  return TRUE;
}

static gboolean
parse_copies (Parser  *parser,
              char   **words,
              guint    n_words,
              GError **error)
{
  g_autofree char *type_id = NULL;
  const TesseraTileType *type;
  TesseraBoxEntry *entry;
  const char *plus;
  guint count;
  guint wheel = 0;

  if (n_words != 3 || !parse_uint (words[2], &count) || count == 0)
    return parser_error (parser, error, "\"copies\" needs a tile id and a number of copies, like \"copies U+W2 3\"");
  plus = strstr (words[1], "+W");
  if (plus != NULL)
    {
      if (!parse_uint (plus + 2, &wheel) || wheel < 1 || wheel > 3)
        return parser_error (parser, error, "\"%s\": the wheel number after +W must be 1, 2 or 3", words[1]);
      type_id = g_strndup (words[1], plus - words[1]);
    }
  else
    type_id = g_strdup (words[1]);

  type = g_hash_table_lookup (parser->catalogue->types, type_id);
  if (type == NULL || (!g_str_equal (type->set, parser->set->name) &&
                       (parser->uses == NULL || !g_str_equal (type->set, parser->uses))))
    return parser_error (parser, error, "no tile %s is defined in this file%s%s", type_id,
                         parser->uses ? " or in set " : "", parser->uses ? parser->uses : "");
  if (tessera_tile_set_lookup_entry (parser->set, words[1]) != NULL)
    return parser_error (parser, error, "copies of %s are listed twice", words[1]);

  entry = g_new0 (TesseraBoxEntry, 1);
  entry->id = g_strdup (words[1]);
  entry->type = type;
  entry->wheel = wheel;
  entry->count = count;
  add_box_entry (parser->set, entry);
  return TRUE;
}

static gboolean
parse_line (Parser  *parser,
            char   **words,
            guint    n_words,
            gboolean indented,
            GError **error)
{
  const char *keyword = words[0];

  if (parser->set == NULL && !g_str_equal (keyword, "set"))
    return parser_error (parser, error, "the file must start with \"set NAME\"");

  if (g_str_equal (keyword, "set"))
    {
      if (parser->set != NULL)
        return parser_error (parser, error, "one file describes one set; \"set\" appears twice");
      if (n_words != 2)
        return parser_error (parser, error, "\"set\" needs one name, like \"set base\"");
      if (tessera_catalogue_get_set (parser->catalogue, words[1]) != NULL)
        return parser_error (parser, error, "set %s is loaded twice", words[1]);
      parser->set = g_new0 (TesseraTileSet, 1);
      parser->set->name = g_strdup (words[1]);
      parser->set->types = g_ptr_array_new_with_free_func (tile_type_free);
      parser->set->box = g_ptr_array_new_with_free_func (box_entry_free);
      parser->set->box_by_id = g_hash_table_new (g_str_hash, g_str_equal);
      g_ptr_array_add (parser->catalogue->sets, parser->set);
      return TRUE;
    }

  if (parser->segment != NULL && g_str_equal (keyword, "crown"))
    {
      static const char * const sides[] = { "N", "E", "S", "W", NULL };
      static const char * const corners[] = { "NE", "SE", "SW", "NW", NULL };
      TesseraWheelBoard *board = parser->set->board;
      TesseraCrownSpace *crown;
      guint x, y;

      if ((n_words != 4 && n_words != 6) || !g_str_equal (words[1], "square") ||
          !parse_uint (words[2], &x) || !parse_uint (words[3], &y) || x >= board->width || y >= board->height)
        return parser_error (parser, error, "\"crown\" needs the square it is printed on, like \"crown square 3 1\"");
      if (n_words == 6 && !((g_str_equal (words[4], "side") && g_strv_contains (sides, words[5])) ||
                            (g_str_equal (words[4], "corner") && g_strv_contains (corners, words[5]))))
        return parser_error (parser, error, "a crown lies inside its square, or across a \"side N|E|S|W\" "
                                            "or a \"corner NE|SE|SW|NW\" of it, not \"%s %s\"", words[4], words[5]);
      if (parser->segment->n_crowns >= G_N_ELEMENTS (parser->segment->crowns))
        return parser_error (parser, error, "segment %s has more than %u crown spaces", parser->segment->name,
                             (guint) G_N_ELEMENTS (parser->segment->crowns));
      crown = &parser->segment->crowns[parser->segment->n_crowns++];
      crown->x = x;
      crown->y = y;
      g_strlcpy (crown->where, n_words == 6 ? words[5] : "", sizeof crown->where);
      return TRUE;
    }

  if (parser->tile != NULL && indented)
    return parse_tile_line (parser, words, n_words, error);

  if (!finish_block (parser, error))
    return FALSE;

  if (g_str_equal (keyword, "name"))
    {
      g_free (parser->set->title);
      parser->set->title = g_strjoinv (" ", words + 1);
    }
  else if (g_str_equal (keyword, "uses"))
    {
      if (n_words != 2 || tessera_catalogue_get_set (parser->catalogue, words[1]) == NULL)
        return parser_error (parser, error, "\"uses\" needs the name of a set loaded before this one");
      parser->uses = tessera_catalogue_get_set (parser->catalogue, words[1])->name;
    }
  else if (g_str_equal (keyword, "start"))
    {
      if (n_words != 2 || parser->start_id != NULL)
        return parser_error (parser, error, "\"start\" needs the id of one tile of this set");
      parser->start_id = g_strdup (words[1]);
      parser->start_line = parser->line;
    }
  else if (g_str_equal (keyword, "tile"))
    {
      if (n_words != 2)
        return parser_error (parser, error, "\"tile\" needs one id, like \"tile D\"");
      if (!check_id (parser, words[1], error))
        return FALSE;
      return begin_tile (parser, words[1], FALSE, error);
    }
  else if (g_str_equal (keyword, "copies"))
    return parse_copies (parser, words, n_words, error);
  else if (g_str_equal (keyword, "board"))
    {
      guint width, height;

      if (n_words != 3 || !parse_uint (words[1], &width) || !parse_uint (words[2], &height) ||
          width * height == 0 || width * height > 16)
        return parser_error (parser, error, "\"board\" needs a width and a height of at most 16 squares, like \"board 4 4\"");
      if (parser->set->board != NULL)
        return parser_error (parser, error, "a set has at most one board");
      parser->set->board = g_new0 (TesseraWheelBoard, 1);
      parser->set->board->width = width;
      parser->set->board->height = height;
    }
  else if (g_str_equal (keyword, "square"))
    {
      TesseraWheelBoard *board = parser->set->board;
      g_autofree char *id = NULL;
      guint x, y;

      if (board == NULL)
        return parser_error (parser, error, "\"square\" must come after \"board\"");
      if (n_words != 3 || !parse_uint (words[1], &x) || !parse_uint (words[2], &y) ||
          x >= board->width || y >= board->height)
        return parser_error (parser, error, "\"square\" needs its column and row on the board, like \"square 0 0\"");
      if (board->squares[y * board->width + x] != NULL)
        return parser_error (parser, error, "square %u %u is described twice", x, y);
      id = g_strdup_printf ("wheel-%u-%u", x, y);
      if (!begin_tile (parser, id, TRUE, error))
        return FALSE;
      board->squares[y * board->width + x] = parser->tile;
    }
  else if (g_str_equal (keyword, "segment"))
    {
      TesseraWheelBoard *board = parser->set->board;

      if (board == NULL)
        return parser_error (parser, error, "\"segment\" must come after \"board\"");
      if (n_words != 2)
        return parser_error (parser, error, "\"segment\" needs one name, like \"segment fortuna\"");
      if (board->n_segments >= G_N_ELEMENTS (board->segments))
        return parser_error (parser, error, "the wheel has at most %u segments", (guint) G_N_ELEMENTS (board->segments));
      for (guint i = 0; i < board->n_segments; i++)
        if (g_str_equal (board->segments[i].name, words[1]))
          return parser_error (parser, error, "segment %s is described twice", words[1]);
      parser->segment = &board->segments[board->n_segments++];
      parser->segment->name = g_strdup (words[1]);
    }
  else if (parser->tile == NULL && indented)
    return parser_error (parser, error, "\"%s\" is indented but no tile or square is open above it", keyword);
  else
    return parser_error (parser, error, "unknown word \"%s\"", keyword);

  return TRUE;
}

gboolean
tessera_catalogue_load_data (TesseraCatalogue  *self,
                             const char        *file_name,
                             const char        *text,
                             GError           **error)
{
  g_auto(GStrv) lines = NULL;
  g_auto(Parser) parser = { 0 };

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  parser.catalogue = self;
  parser.file_name = file_name;

  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_CATALOGUE, "%s: the file is not UTF-8 text", file_name);
      return FALSE;
    }

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) words = NULL;
      char *line = lines[i];
      char *hash = strchr (line, '#');
      gboolean indented = line[0] == ' ' || line[0] == '\t';
      guint n_words;

      parser.line = i + 1;
      if (hash != NULL)
        *hash = '\0';
      g_strstrip (line);
      if (line[0] == '\0')
        continue;
      words = g_regex_split_simple ("[ \t]+", line, 0, 0);
      n_words = g_strv_length (words);
      if (!parse_line (&parser, words, n_words, indented, error))
        return FALSE;
    }
  parser.line = g_strv_length (lines);
  if (!finish_block (&parser, error))
    return FALSE;

  if (parser.set == NULL)
    return parser_error (&parser, error, "the file describes no set");
  if (parser.start_id != NULL)
    {
      const TesseraBoxEntry *entry = tessera_tile_set_lookup_entry (parser.set, parser.start_id);

      parser.line = parser.start_line;
      if (entry == NULL)
        return parser_error (&parser, error, "the start tile %s is not a tile with copies in this set", parser.start_id);
      parser.set->start = entry->type;
    }
  if (parser.set->board != NULL)
    {
      TesseraWheelBoard *board = parser.set->board;

      for (guint i = 0; i < board->width * board->height; i++)
        if (board->squares[i] == NULL)
          return parser_error (&parser, error, "the board's square %u %u is not described",
                               i % board->width, i / board->width);
      if (board->n_segments == 0)
        return parser_error (&parser, error, "the board has no wheel segments");
    }
  if (parser.set->title == NULL)
    parser.set->title = g_strdup (parser.set->name);

  /* Replay looks tiles up by type and wheel number, not by their names. */
  parser.set->n_box_by_kind = self->n_types * 4;
  parser.set->box_by_kind = g_new (gint16, parser.set->n_box_by_kind);
  memset (parser.set->box_by_kind, 0xff, sizeof (gint16) * parser.set->n_box_by_kind);
  for (guint i = 0; i < parser.set->box->len; i++)
    {
      const TesseraBoxEntry *entry = g_ptr_array_index (parser.set->box, i);
      parser.set->box_by_kind[entry->type->index * 4 + entry->wheel] = (gint16) i;
    }
  return TRUE;
}

gboolean
tessera_catalogue_load_resources (TesseraCatalogue  *self,
                                  GError           **error)
{
  /* "uses" needs its set loaded first, so the order matters. */
  static const char *files[] = {
    "base.tileset", "wheel-of-fortune.tileset", "tower.tileset", "mage-witch.tileset", "crop-circles.tileset",
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_strconcat (RESOURCE_PATH, files[i], NULL);
      g_autoptr(GBytes) bytes = NULL;
      g_autofree char *text = NULL;
      gsize size;

      bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
      if (bytes == NULL)
        return FALSE;
      text = g_strndup (g_bytes_get_data (bytes, &size), g_bytes_get_size (bytes));
      if (!tessera_catalogue_load_data (self, files[i], text, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * tessera_catalogue_get_default:
 *
 * The catalogue of every set, loaded from the resources linked into the program on first use.
 * The data is part of the program, so a malformed file is a programming error: it aborts with
 * the file, line and problem.
 */
TesseraCatalogue *
tessera_catalogue_get_default (void)
{
  static gsize catalogue;

  if (g_once_init_enter (&catalogue))
    {
      g_autoptr(GError) error = NULL;
      TesseraCatalogue *loaded = tessera_catalogue_new ();

      if (!tessera_catalogue_load_resources (loaded, &error))
        g_error ("The tile catalogue is damaged: %s", error->message);
      g_once_init_leave (&catalogue, (gsize) loaded);
    }
  return (TesseraCatalogue *) catalogue;
}

const TesseraTileSet *
tessera_catalogue_get_set (TesseraCatalogue *self,
                           const char       *name)
{
  for (guint i = 0; i < self->sets->len; i++)
    {
      const TesseraTileSet *set = g_ptr_array_index (self->sets, i);

      if (g_str_equal (set->name, name))
        return set;
    }
  return NULL;
}

GPtrArray *
tessera_catalogue_get_sets (TesseraCatalogue *self)
{
  return self->sets;
}

const TesseraTileType *
tessera_catalogue_lookup_type (TesseraCatalogue *self,
                               const char       *id)
{
  return g_hash_table_lookup (self->types, id);
}

/* How many tile types and board squares there are: their indexes run from 0 to this. */
guint
tessera_catalogue_get_n_types (TesseraCatalogue *self)
{
  return self->n_types;
}

const TesseraBoxEntry *
tessera_tile_set_lookup_entry (const TesseraTileSet *set,
                               const char           *id)
{
  return g_hash_table_lookup (set->box_by_id, id);
}

const TesseraBoxEntry *
tessera_tile_set_lookup_kind (const TesseraTileSet  *set,
                              const TesseraTileType *type,
                              guint                  wheel)
{
  guint slot = type->index * 4 + wheel;

  if (wheel > 3 || slot >= set->n_box_by_kind || set->box_by_kind[slot] < 0)
    return NULL;
  return g_ptr_array_index (set->box, set->box_by_kind[slot]);
}

/**
 * tessera_catalogue_parse_tile_id:
 * @id: a tile id as records write it: a type ("U"), or a type with its wheel icon ("U+W2")
 * @wheel: (out): the wheel number, 0 for none
 *
 * Returns: the tile type, or %NULL if the catalogue has no such type
 */
const TesseraTileType *
tessera_catalogue_parse_tile_id (TesseraCatalogue *self,
                                 const char       *id,
                                 guint            *wheel)
{
  const char *plus = strstr (id, "+W");

  *wheel = 0;
  if (plus != NULL)
    {
      char type_id[32];

      if (plus[2] < '1' || plus[2] > '3' || plus[3] != '\0' || (gsize) (plus - id) >= sizeof type_id)
        return NULL;
      *wheel = (guint) (plus[2] - '0');
      memcpy (type_id, id, plus - id);
      type_id[plus - id] = '\0';
      return g_hash_table_lookup (self->types, type_id);
    }
  return g_hash_table_lookup (self->types, id);
}

guint
tessera_tile_set_count_tiles (const TesseraTileSet *set)
{
  guint total = 0;

  for (guint i = 0; i < set->box->len; i++)
    total += ((const TesseraBoxEntry *) g_ptr_array_index (set->box, i))->count;
  return total;
}

int
tessera_tile_type_find_segment (const TesseraTileType *type,
                                const char            *id)
{
  /* The first letter tells most segments apart (c1, r1, f1) without a call. */
  for (guint i = 0; i < type->n_segments; i++)
    if (type->segments[i].id[0] == id[0] && strcmp (type->segments[i].id, id) == 0)
      return (int) i;
  return -1;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* Everything that tells one orientation from another, as text: edges and every segment with
 * where it reaches, its pennants and the places of the cities it touches. */
static char *
orientation_signature (const TesseraTileType *type,
                       guint                  rotation)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  GString *signature = g_string_new (NULL);

  for (guint side = 0; side < 4; side++)
    g_string_append_printf (signature, "%d", tessera_tile_type_edge_at (type, rotation, side));
  for (guint s = 0; s < type->n_segments; s++)
    {
      const TesseraSegment *segment = &type->segments[s];
      GString *part = g_string_new (NULL);
      guint touched = 0;

      /* The touched cities as a set of side masks, independent of segment numbering. */
      for (guint c = 0; c < type->n_segments; c++)
        if (segment->touches & (1 << c))
          touched |= 1u << tessera_rotate_sides (type->segments[c].sides, rotation);
      g_string_append_printf (part, "%d:%x:%x:%u:%x", segment->kind,
                              tessera_rotate_sides (segment->sides, rotation),
                              tessera_rotate_halves (segment->halves, rotation),
                              segment->pennants, touched);
      g_ptr_array_add (parts, g_string_free (part, FALSE));
    }
  g_ptr_array_sort (parts, compare_strings);
  for (guint i = 0; i < parts->len; i++)
    g_string_append_printf (signature, "|%s", (char *) g_ptr_array_index (parts, i));
  return g_string_free (signature, FALSE);
}

guint
tessera_tile_type_count_distinct_rotations (const TesseraTileType *type)
{
  g_autofree char *reference = orientation_signature (type, 0);

  for (guint r = 1; r < 4; r++)
    {
      g_autofree char *rotated = orientation_signature (type, r);

      if (g_str_equal (reference, rotated))
        return r;
    }
  return 4;
}
