/* tessera-catalogue.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-types.h"

G_BEGIN_DECLS

#define TESSERA_MAX_SEGMENTS 12

/* The spots a rotation changes, as codes: the four world sides (TesseraSide), the eight
 * half-sides (TesseraHalf) after them, then the centre. */
#define TESSERA_SPOT_CODE_HALF  4
#define TESSERA_SPOT_CODE_CENTRE 12
#define TESSERA_N_SPOT_CODES    13
#define TESSERA_SPOT_CODE_NONE  0xff   /* a segment named only by its catalogue id */
#define TESSERA_NO_SEGMENT (-1)

/* One city, road, field or cloister area printed on a tile. */
typedef struct
{
  char               id[12];    /* "c1", "r2", "f3" as the catalogue numbers them; "cloister" */
  TesseraFeatureKind kind;
  guint8             sides;     /* city, road: bit per TesseraSide it reaches */
  guint8             halves;    /* field: bit per TesseraHalf it reaches */
  guint8             pennants;
  guint8             n_sides;   /* city, road: how many sides it reaches */
  guint16            touches;   /* field: bit per segment index of the cities it borders */
  char               ends[16];  /* road: what it stops at inside the tile, or "" */
} TesseraSegment;

typedef struct _TesseraTileType TesseraTileType;

struct _TesseraTileType
{
  char           *id;
  guint           index;            /* dense number across the catalogue, in load order */
  const char     *set;              /* the set that defines it */
  TesseraEdge     edges[4];         /* catalogue orientation, N E S W */
  guint8          n_segments;
  TesseraSegment  segments[TESSERA_MAX_SEGMENTS];
  guint8          cloister : 1;
  guint8          tower : 1;        /* tower foundation */
  guint8          magic : 1;
  guint8          board_square : 1; /* a square of the wheel board, not a tile */
  TesseraCropKind crop;
  guint8          rotations;        /* distinct orientations */

  /* Derived when the set is loaded, in catalogue orientation. */
  gint8           side_segment[4];  /* the road or city at a side's middle; on a field side, its field */
  gint8           half_segment[8];  /* the field (or city) along a half-side */
  gint8           centre_segment;   /* the cloister */
  guint8          edge_code[4];     /* per rotation: world edge kinds, 2 bits a side from N */
  /* Per rotation, by world side or half-side: what a neighbour joins there, or -1. Placing a
   * tile reads these for every side instead of working the rotation out each time. */
  gint8           link_at_side[4][4];   /* the road or city that goes on across the side */
  gint8           field_at_half[4][8];  /* the field along the half-side */
  /* Per rotation: the segment each spot code names (or -1), and each segment's shortest name
   * as a spot code. Every follower and every scoring names a spot. */
  gint8           segment_at_spot[4][TESSERA_N_SPOT_CODES];
  guint8          spot_of_segment[4][TESSERA_MAX_SEGMENTS];
};

/* A kind of tile in a box: a type, and the wheel number its copies show (0: no wheel icon). */
typedef struct
{
  char                  *id;     /* as records name it: "U", "U+W2" */
  const TesseraTileType *type;
  guint                  wheel;
  guint                  count;
  guint                  index;  /* position in the set's box */
} TesseraBoxEntry;

/* Where a crown space is printed: on a square of the board, inside it ("") or across one of
 * its sides ("E") or corners ("SW"), where it lies over two or four squares. */
typedef struct
{
  guint  x;
  guint  y;
  char   where[3];
} TesseraCrownSpace;

typedef struct
{
  char              *name;        /* "taxes" */
  guint              n_crowns;
  TesseraCrownSpace  crowns[2];   /* numbered clockwise from 1 */
} TesseraWheelSegment;

typedef struct
{
  guint                  width;
  guint                  height;
  const TesseraTileType *squares[16];   /* row by row from the north-west corner */
  guint                  n_segments;
  TesseraWheelSegment    segments[6];   /* clockwise from the top; the pig starts on the first */
} TesseraWheelBoard;

typedef struct
{
  char                  *name;          /* "base", as records name it */
  char                  *title;         /* for people: "Base game" */
  const TesseraTileType *start;         /* the start tile, if the box has one */
  GPtrArray             *types;         /* TesseraTileType defined here, in file order */
  GPtrArray             *box;           /* TesseraBoxEntry, in file order */
  GHashTable            *box_by_id;     /* id -> TesseraBoxEntry */
  gint16                *box_by_kind;   /* type index x 4 + wheel number -> box index, or -1 */
  guint                  n_box_by_kind;
  TesseraWheelBoard     *board;         /* the wheel board, if the box has one */
} TesseraTileSet;

typedef struct _TesseraCatalogue TesseraCatalogue;

TesseraCatalogue       *tessera_catalogue_get_default     (void);
TesseraCatalogue       *tessera_catalogue_new             (void);
gboolean                tessera_catalogue_load_data       (TesseraCatalogue  *self,
                                                           const char        *file_name,
                                                           const char        *text,
                                                           GError           **error);
gboolean                tessera_catalogue_load_resources  (TesseraCatalogue  *self,
                                                           GError           **error);
void                    tessera_catalogue_free            (TesseraCatalogue  *self);
const TesseraTileSet   *tessera_catalogue_get_set         (TesseraCatalogue  *self,
                                                           const char        *name);
GPtrArray              *tessera_catalogue_get_sets        (TesseraCatalogue  *self);
const TesseraTileType  *tessera_catalogue_lookup_type     (TesseraCatalogue  *self,
                                                           const char        *id);
guint                   tessera_catalogue_get_n_types     (TesseraCatalogue  *self);

const TesseraBoxEntry  *tessera_tile_set_lookup_entry     (const TesseraTileSet *set,
                                                           const char           *id);
const TesseraBoxEntry  *tessera_tile_set_lookup_kind      (const TesseraTileSet   *set,
                                                           const TesseraTileType  *type,
                                                           guint                   wheel);
const TesseraTileType  *tessera_catalogue_parse_tile_id   (TesseraCatalogue  *self,
                                                           const char        *id,
                                                           guint             *wheel);
guint                   tessera_tile_set_count_tiles      (const TesseraTileSet *set);

int                     tessera_tile_type_find_segment    (const TesseraTileType *type,
                                                           const char            *id);
guint                   tessera_tile_type_count_distinct_rotations (const TesseraTileType *type);
guint8                  tessera_rotate_sides              (guint8 sides,
                                                           guint  rotation);
guint8                  tessera_rotate_halves             (guint8 halves,
                                                           guint  rotation);

/* What a tile placed with @rotation quarter turns shows on a world side or half-side: these
 * run for every edge of every placement, so they are inline. */
static inline TesseraEdge
tessera_tile_type_edge_at (const TesseraTileType *type,
                           guint                  rotation,
                           TesseraSide            world_side)
{
  return type->edges[(world_side + 4 - (rotation & 3)) & 3];
}

static inline int
tessera_tile_type_segment_at_side (const TesseraTileType *type,
                                   guint                  rotation,
                                   TesseraSide            world_side)
{
  return type->side_segment[(world_side + 4 - (rotation & 3)) & 3];
}

static inline int
tessera_tile_type_segment_at_half (const TesseraTileType *type,
                                   guint                  rotation,
                                   TesseraHalf            world_half)
{
  return type->half_segment[(world_half + 8 - 2 * (rotation & 3)) & 7];
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TesseraCatalogue, tessera_catalogue_free)

G_END_DECLS
