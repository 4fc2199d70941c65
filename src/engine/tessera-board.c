/* tessera-board.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-board"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tessera-engine-private.h"
#include "tessera-board.h"

/* The board is a sparse grid: an open-addressing map from cell to either a placed tile or a
 * frontier entry. The frontier is every empty cell next to a tile, with the edges its
 * neighbours show cached as a bit pattern, so that "does this tile fit here" is one mask test
 * and listing every legal placement only walks the frontier. Cells never leave the map (undo
 * replays the game), which keeps the map free of deletions.
 *
 * Features are sets of segments of the placed tiles. Every segment points at its feature's root,
 * its oldest segment, which keeps what the whole feature adds up to (open sides, pennants,
 * followers); every feature's segments form a circular list, so that it can be walked without
 * scanning the board and relabelled when two features join. */

#define FRONTIER_BIT 0x80000000u
#define EMPTY_KEY G_MAXUINT32

typedef struct
{
  guint32 key;
  guint32 value;     /* tile index, or frontier index with FRONTIER_BIT */
} CellSlot;

typedef struct
{
  TesseraCell cell;
  guint8      need;  /* edge kinds the neighbours show, 2 bits a side from N */
  guint8      mask;  /* which sides have a neighbour */
} FrontierCell;

typedef struct
{
  guint32 root;          /* the feature's oldest segment, which keeps its totals */
  guint32 next;          /* circular list of the feature's segments */
  guint32 tile;
  guint8  local;         /* index in the tile type's segments */
  guint8  kind;
  guint16 open_sides;    /* root only */
  guint16 pennants;      /* root only */
  guint16 n_followers;   /* root only */
  guint16 touches;       /* field: the tile's city segments it borders, as in the catalogue */
  guint16 city_mark;     /* root of a city: gather_field_cities() saw it when it equals city_stamp */
} Node;

/* Cells within 16 of the start are indexed directly, the rest through the hash map. Nearly
 * every tile of a game at a table lies in this window, and a small window is quick to set up
 * and copy; a long arm or a huge board spills over into the map. */
#define WINDOW_BITS 5
#define WINDOW_SIZE (1 << WINDOW_BITS)
#define WINDOW_HALF (WINDOW_SIZE / 2)

struct _TesseraBoard
{
  guint32           *window;       /* WINDOW_SIZE x WINDOW_SIZE values, EMPTY_KEY when empty */
  CellSlot          *slots;
  guint              n_slots;      /* a power of two */
  guint              n_used;

  TesseraPlacedTile *tiles;
  guint              n_tiles;
  guint              tiles_size;

  FrontierCell      *frontier;
  guint              n_frontier;
  guint              frontier_size;

  Node              *nodes;
  guint              n_nodes;
  guint              nodes_size;

  guint32           *stamps;       /* per tile, to count each tile of a feature once */
  guint32            stamp;
  guint32           *cities;       /* scratch room for the cities around a field */
  guint              cities_size;
  guint16            city_stamp;

  /* Whether the last tile placed closed a road or city: most complete nothing, and then
   * there is nothing to look for. */
  gboolean           last_closed;
};

/* Cells are packed in 16 bits a coordinate (TESSERA_CELL_LIMIT keeps them in range); the
 * offset keeps every cell's key away from EMPTY_KEY. */
static inline guint32
cell_key (TesseraCell cell)
{
  return ((guint32) (cell.x + 0x8000) << 16) | (guint32) (cell.y + 0x8000);
}

static inline guint
slot_hash (guint32 key,
           guint   n_slots)
{
  return (guint) (((guint64) key * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 40) & (n_slots - 1);
}

static inline guint32 *
window_value (const TesseraBoard *self,
              TesseraCell         cell)
{
  guint x = (guint) (cell.x + WINDOW_HALF);
  guint y = (guint) (cell.y + WINDOW_HALF);

  if ((x | y) >= WINDOW_SIZE)
    return NULL;
  return &self->window[(y << WINDOW_BITS) | x];
}

/* The window value of @cell when its four side neighbours are in the window too, or NULL;
 * window_step[] leads from it to theirs. */
static const int window_step[4] = { -WINDOW_SIZE, 1, WINDOW_SIZE, -1 };

static inline guint32 *
window_interior_value (const TesseraBoard *self,
                       TesseraCell         cell)
{
  guint x = (guint) (cell.x + WINDOW_HALF - 1);
  guint y = (guint) (cell.y + WINDOW_HALF - 1);

  if (x >= WINDOW_SIZE - 2 || y >= WINDOW_SIZE - 2)
    return NULL;
  return &self->window[((y + 1) << WINDOW_BITS) | (x + 1)];
}

/* The value stored for @cell (a tile index, or a frontier index with FRONTIER_BIT), or NULL
 * when the cell is empty and not on the frontier. */
static inline guint32 *
lookup_value (const TesseraBoard *self,
              TesseraCell         cell)
{
  guint32 *value = window_value (self, cell);
  guint32 key;
  guint i;

  if (value != NULL)
    return *value == EMPTY_KEY ? NULL : value;

  key = cell_key (cell);
  i = slot_hash (key, self->n_slots);
  for (;;)
    {
      CellSlot *slot = &self->slots[i];

      if (slot->key == key)
        return &slot->value;
      if (slot->key == EMPTY_KEY)
        return NULL;
      i = (i + 1) & (self->n_slots - 1);
    }
}

static void insert_slot (TesseraBoard *self, guint32 key, guint32 value);

static void
grow_slots (TesseraBoard *self)
{
  CellSlot *old = self->slots;
  guint old_n = self->n_slots;

  self->n_slots *= 2;
  self->slots = g_new (CellSlot, self->n_slots);
  memset (self->slots, 0xff, sizeof (CellSlot) * self->n_slots);   /* every key EMPTY_KEY */
  self->n_used = 0;
  for (guint i = 0; i < old_n; i++)
    if (old[i].key != EMPTY_KEY)
      insert_slot (self, old[i].key, old[i].value);
  g_free (old);
}

static void
insert_slot (TesseraBoard *self,
             guint32       key,
             guint32       value)
{
  guint i;

  if ((self->n_used + 1) * 2 > self->n_slots)
    grow_slots (self);
  i = slot_hash (key, self->n_slots);
  while (self->slots[i].key != EMPTY_KEY)
    i = (i + 1) & (self->n_slots - 1);
  self->slots[i].key = key;
  self->slots[i].value = value;
  self->n_used++;
}

static void
insert_value (TesseraBoard *self,
              TesseraCell   cell,
              guint32       value)
{
  guint32 *in_window = window_value (self, cell);

  if (in_window != NULL)
    *in_window = value;
  else
    insert_slot (self, cell_key (cell), value);
}

TesseraBoard *
tessera_board_new (void)
{
  TesseraBoard *self = g_new0 (TesseraBoard, 1);

  self->window = g_new (guint32, WINDOW_SIZE * WINDOW_SIZE);
  memset (self->window, 0xff, sizeof (guint32) * WINDOW_SIZE * WINDOW_SIZE);   /* all EMPTY_KEY */
  self->n_slots = 64;
  self->slots = g_new (CellSlot, self->n_slots);
  memset (self->slots, 0xff, sizeof (CellSlot) * self->n_slots);   /* every key EMPTY_KEY */
  self->tiles_size = 96;
  self->tiles = g_new (TesseraPlacedTile, self->tiles_size);
  self->stamps = g_new0 (guint32, self->tiles_size);
  self->frontier_size = 128;
  self->frontier = g_new (FrontierCell, self->frontier_size);
  self->nodes_size = 512;
  self->nodes = g_new (Node, self->nodes_size);
  return self;
}

static void
board_destroy (TesseraBoard *self)
{
  g_free (self->window);
  g_free (self->slots);
  g_free (self->tiles);
  g_free (self->stamps);
  g_free (self->frontier);
  g_free (self->nodes);
  g_free (self->cities);
  g_free (self);
}

/* The last board freed, kept with its room for the next copy: replaying a game makes a board
 * and drops it, and making its seven arrays and freeing them again took a tenth of a replay.
 * One board at most is kept, for the whole process, and only one of a game's size. */
static TesseraBoard *spare_board;
#define SPARE_BOARD_TILES 1024

void
tessera_board_free (TesseraBoard *self)
{
  if (self == NULL)
    return;
  if (self->tiles_size > SPARE_BOARD_TILES ||
      !g_atomic_pointer_compare_and_exchange (&spare_board, NULL, self))
    board_destroy (self);
}

/* The spare board if it has room for a copy of @self, or a new board with that room. */
static TesseraBoard *
board_with_room_for (const TesseraBoard *self)
{
  TesseraBoard *board = g_atomic_pointer_exchange (&spare_board, NULL);

  if (board != NULL && board->n_slots == self->n_slots && board->tiles_size >= self->tiles_size &&
      board->frontier_size >= self->frontier_size && board->nodes_size >= self->nodes_size)
    return board;
  g_clear_pointer (&board, board_destroy);

  board = g_new0 (TesseraBoard, 1);
  board->window = g_new (guint32, WINDOW_SIZE * WINDOW_SIZE);
  board->n_slots = self->n_slots;
  board->slots = g_new (CellSlot, self->n_slots);
  board->tiles_size = self->tiles_size;
  board->tiles = g_new (TesseraPlacedTile, self->tiles_size);
  board->stamps = g_new (guint32, self->tiles_size);
  board->frontier_size = self->frontier_size;
  board->frontier = g_new (FrontierCell, self->frontier_size);
  board->nodes_size = self->nodes_size;
  board->nodes = g_new (Node, self->nodes_size);
  return board;
}

/* A board of its own with the same tiles and features: to look at a placement before it is
 * made. */
TesseraBoard *
tessera_board_copy (const TesseraBoard *self)
{
  TesseraBoard *copy = board_with_room_for (self);

  /* The copy keeps its own room; only what is in use is copied: every game starts from a copy. */
  memcpy (copy->window, self->window, sizeof (guint32) * WINDOW_SIZE * WINDOW_SIZE);
  memcpy (copy->slots, self->slots, sizeof (CellSlot) * self->n_slots);
  copy->n_used = self->n_used;
  memcpy (copy->tiles, self->tiles, sizeof (TesseraPlacedTile) * self->n_tiles);
  copy->n_tiles = self->n_tiles;
  memset (copy->stamps, 0, sizeof (guint32) * copy->tiles_size);
  copy->stamp = 0;
  memcpy (copy->frontier, self->frontier, sizeof (FrontierCell) * self->n_frontier);
  copy->n_frontier = self->n_frontier;
  memcpy (copy->nodes, self->nodes, sizeof (Node) * self->n_nodes);
  copy->n_nodes = self->n_nodes;
  copy->city_stamp = self->city_stamp;
  copy->last_closed = self->last_closed;
  return copy;
}

guint
tessera_board_get_n_tiles (const TesseraBoard *self)
{
  return self->n_tiles;
}

/**
 * tessera_board_get_n_open_cells:
 *
 * Returns: how many empty cells touch a placed tile: the cells a tile may go to
 */
guint
tessera_board_get_n_open_cells (const TesseraBoard *self)
{
  return self->n_frontier;
}

TesseraCell
tessera_board_get_open_cell (const TesseraBoard *self,
                             guint               index)
{
  TesseraCell none = { 0, 0 };

  g_return_val_if_fail (index < self->n_frontier, none);
  return self->frontier[index].cell;
}

const TesseraPlacedTile *
tessera_board_get_tile (const TesseraBoard *self,
                        guint               index)
{
  g_return_val_if_fail (index < self->n_tiles, NULL);
  return &self->tiles[index];
}

const TesseraPlacedTile *
tessera_board_lookup (const TesseraBoard *self,
                      TesseraCell         cell)
{
  const guint32 *value = lookup_value (self, cell);

  if (value == NULL || (*value & FRONTIER_BIT))
    return NULL;
  return &self->tiles[*value];
}

guint
tessera_board_get_n_segments (const TesseraBoard *self)
{
  return self->n_nodes;
}

static inline gboolean
fits_frontier (const FrontierCell    *frontier,
               const TesseraTileType *type,
               guint                  rotation)
{
  return frontier->mask != 0 && (type->edge_code[rotation] & frontier->mask) == frontier->need;
}

gboolean
tessera_board_fits (const TesseraBoard    *self,
                    const TesseraTileType *type,
                    TesseraCell            cell,
                    guint                  rotation)
{
  const guint32 *value = lookup_value (self, cell);

  if (value == NULL || !(*value & FRONTIER_BIT))
    return FALSE;
  return fits_frontier (&self->frontier[*value & ~FRONTIER_BIT], type, rotation % 4);
}

/**
 * tessera_board_fitting_rotations:
 *
 * The rule's answer to "does any turn of this tile fit here" (B3).
 *
 * Returns: a bit per rotation (in quarter turns) in which @type may go at @cell; 0 when none
 *   does, the cell is taken or it touches no tile
 */
guint
tessera_board_fitting_rotations (const TesseraBoard    *self,
                                 const TesseraTileType *type,
                                 TesseraCell            cell)
{
  const guint32 *value = lookup_value (self, cell);
  guint mask = 0;

  if (value == NULL || !(*value & FRONTIER_BIT))
    return 0;
  for (guint r = 0; r < 4; r++)
    if (fits_frontier (&self->frontier[*value & ~FRONTIER_BIT], type, r))
      mask |= 1u << r;
  return mask;
}

void
tessera_board_list_placements (const TesseraBoard    *self,
                               const TesseraTileType *type,
                               GArray                *placements)
{
  guint n_rotations = MAX (type->rotations, 1);

  for (guint i = 0; i < self->n_frontier; i++)
    {
      const FrontierCell *frontier = &self->frontier[i];

      for (guint r = 0; r < n_rotations; r++)
        if (fits_frontier (frontier, type, r))
          {
            TesseraPlacement placement = { frontier->cell, (guint8) r };
            g_array_append_val (placements, placement);
          }
    }
}

gboolean
tessera_board_fits_anywhere (const TesseraBoard    *self,
                             const TesseraTileType *type)
{
  for (guint i = 0; i < self->n_frontier; i++)
    for (guint r = 0; r < 4; r++)
      if (fits_frontier (&self->frontier[i], type, r))
        return TRUE;
  return FALSE;
}

/* Every segment points straight at its feature's root, so finding a feature is one read; a
 * join relabels the younger feature's segments instead. */
static inline guint
find (const Node *nodes,
      guint       segment)
{
  return nodes[segment].root;
}

guint
tessera_board_find (TesseraBoard *self,
                    guint         segment)
{
  g_return_val_if_fail (segment < self->n_nodes, 0);
  return find (self->nodes, segment);
}

/* Joins two segments across an edge that a tile just closed. */
/* Returns whether the joined feature has no open side left. */
static gboolean
join (TesseraBoard *self,
      guint         a,
      guint         b,
      gboolean      closes_sides)
{
  Node *nodes = self->nodes;
  guint ra = nodes[a].root;
  guint rb = nodes[b].root;

  if (ra != rb)
    {
      guint32 next_a;
      guint s;

      /* The older root stays: explanations name a feature by its oldest segment. Most joins
       * bring in a new tile's segment, so the feature relabelled is usually one segment. */
      if (ra > rb)
        {
          guint tmp = ra;
          ra = rb;
          rb = tmp;
        }
      s = rb;
      do
        {
          nodes[s].root = ra;
          s = nodes[s].next;
        }
      while (s != rb);
      nodes[ra].open_sides += nodes[rb].open_sides;
      nodes[ra].pennants += nodes[rb].pennants;
      nodes[ra].n_followers += nodes[rb].n_followers;
      /* Splice the two circular lists. */
      next_a = nodes[ra].next;
      nodes[ra].next = nodes[rb].next;
      nodes[rb].next = next_a;
    }
  if (closes_sides)
    nodes[ra].open_sides -= 2;
  return nodes[ra].open_sides == 0;
}

/* Prepares the next frontier entry, for @cell with no neighbours yet; it counts once the
 * caller adds it to n_frontier. */
static FrontierCell *
prepare_frontier (TesseraBoard *self,
                  TesseraCell   cell)
{
  FrontierCell *frontier;

  if (self->n_frontier == self->frontier_size)
    {
      self->frontier_size *= 2;
      self->frontier = g_renew (FrontierCell, self->frontier, self->frontier_size);
    }
  frontier = &self->frontier[self->n_frontier];
  frontier->cell = cell;
  frontier->need = 0;
  frontier->mask = 0;
  return frontier;
}

static void
add_frontier (TesseraBoard *self,
              TesseraCell   cell,
              TesseraSide   side_towards_tile,
              TesseraEdge   edge)
{
  guint32 *value = lookup_value (self, cell);
  FrontierCell *frontier;

  if (value != NULL && !(*value & FRONTIER_BIT))
    return;
  if (value == NULL)
    {
      frontier = prepare_frontier (self, cell);
      insert_value (self, cell, self->n_frontier | FRONTIER_BIT);
      self->n_frontier++;
    }
  else
    frontier = &self->frontier[*value & ~FRONTIER_BIT];

  frontier->need |= (guint8) ((edge & 3) << (2 * side_towards_tile));
  frontier->mask |= (guint8) (3 << (2 * side_towards_tile));
}

/* add_frontier() for an empty or frontier cell whose value is at @slot in the window. Whether
 * the cell is new to the frontier is decided without a branch: a new entry is prepared in any
 * case, and counted only if it is used. */
static void
add_window_frontier (TesseraBoard *self,
                     guint32      *slot,
                     TesseraCell   cell,
                     TesseraSide   side_towards_tile,
                     TesseraEdge   edge)
{
  guint32 shown = *slot;
  guint is_new = shown == EMPTY_KEY;
  guint32 pick_new = -(guint32) is_new;   /* all ones for a new entry */
  FrontierCell *frontier;
  guint index;

  prepare_frontier (self, cell);
  /* A mask, not ?: the compiler would make that a branch again. */
  index = (self->n_frontier & pick_new) | (shown & ~FRONTIER_BIT & ~pick_new);
  self->n_frontier += is_new;
  *slot = index | FRONTIER_BIT;

  frontier = &self->frontier[index];
  frontier->need |= (guint8) ((edge & 3) << (2 * side_towards_tile));
  frontier->mask |= (guint8) (3 << (2 * side_towards_tile));
}

guint
tessera_board_place (TesseraBoard          *self,
                     const TesseraTileType *type,
                     TesseraCell            cell,
                     guint                  rotation)
{
  guint32 *value = lookup_value (self, cell);
  TesseraPlacedTile *placed;
  guint index = self->n_tiles;
  int side_tiles[4] = { -1, -1, -1, -1 };
  guint tile_sides = 0;     /* a bit per side with a tile */
  gboolean closed = FALSE;
  guint32 *centre;

  rotation %= 4;
  g_return_val_if_fail (value == NULL || (*value & FRONTIER_BIT), G_MAXUINT);
  g_return_val_if_fail (ABS (cell.x) < TESSERA_CELL_LIMIT && ABS (cell.y) < TESSERA_CELL_LIMIT, G_MAXUINT);

  if (self->n_tiles == self->tiles_size)
    {
      guint old_size = self->tiles_size;

      self->tiles_size *= 2;
      self->tiles = g_renew (TesseraPlacedTile, self->tiles, self->tiles_size);
      self->stamps = g_renew (guint32, self->stamps, self->tiles_size);
      memset (self->stamps + old_size, 0, sizeof (guint32) * (self->tiles_size - old_size));
    }
  placed = &self->tiles[self->n_tiles++];
  placed->type = type;
  placed->cell = cell;
  placed->rotation = (guint8) rotation;
  placed->first_segment = self->n_nodes;

  /* The cell stops being frontier: move the last frontier entry into its place. */
  if (value != NULL)
    {
      guint hole = *value & ~FRONTIER_BIT;

      self->n_frontier--;
      if (hole != self->n_frontier)
        {
          self->frontier[hole] = self->frontier[self->n_frontier];
          *lookup_value (self, self->frontier[hole].cell) = hole | FRONTIER_BIT;
        }
      *value = index;
    }
  else
    insert_value (self, cell, index);

  if (self->n_nodes + type->n_segments > self->nodes_size)
    {
      self->nodes_size *= 2;
      self->nodes = g_renew (Node, self->nodes, self->nodes_size);
    }
  for (guint s = 0; s < type->n_segments; s++)
    {
      const TesseraSegment *segment = &type->segments[s];
      Node *node = &self->nodes[self->n_nodes];

      node->root = self->n_nodes;
      node->next = self->n_nodes;
      node->tile = index;
      node->local = (guint8) s;
      node->kind = (guint8) segment->kind;
      node->open_sides = segment->n_sides;
      node->pennants = segment->pennants;
      node->n_followers = 0;
      node->touches = segment->touches;
      node->city_mark = 0;
      self->n_nodes++;
    }

  /* The side neighbours, for the joins below. Corners matter only to cloisters, which count
   * them when asked: far fewer lookups than counting for every tile. Away from the window's
   * rim, the neighbours' values are next to the cell's own. */
  centre = window_interior_value (self, cell);
  if (centre != NULL)
    for (guint side = 0; side < 4; side++)
      {
        /* EMPTY_KEY has FRONTIER_BIT set too: anything with it is no tile, and becomes -1
         * without a branch the processor would have to guess. */
        guint32 shown = centre[window_step[side]];

        side_tiles[side] = (int) shown | -(int) (shown >> 31);
      }
  else
    for (guint side = 0; side < 4; side++)
      {
        const guint32 *side_value = lookup_value (self, tessera_cell_step (cell, side));

        if (side_value != NULL && !(*side_value & FRONTIER_BIT))
          side_tiles[side] = (int) *side_value;
      }

  /* The empty sides first, then the joins: two loops over the sides each kind concerns, rather
   * than a guess per side which of the two it is. */
  for (guint side = 0; side < 4; side++)
    tile_sides |= (guint) (side_tiles[side] >= 0) << side;

  for (guint open = ~tile_sides & 0xf; open != 0; open &= open - 1)
    {
      guint side = (guint) __builtin_ctz (open);   /* not g_bit_nth_lsf(): that one loops */
      TesseraEdge edge = tessera_tile_type_edge_at (type, rotation, side);

      if (edge == TESSERA_EDGE_WHEEL)
        continue;
      if (centre != NULL)
        add_window_frontier (self, centre + window_step[side], tessera_cell_step (cell, side),
                             tessera_side_opposite (side), edge);
      else
        add_frontier (self, tessera_cell_step (cell, side), tessera_side_opposite (side), edge);
    }

  for (guint joined = tile_sides; joined != 0; joined &= joined - 1)
    {
      guint side = (guint) __builtin_ctz (joined);
      const TesseraPlacedTile *neighbour = &self->tiles[side_tiles[side]];
      TesseraSide facing = tessera_side_opposite (side);
      int mine;

      mine = type->link_at_side[rotation][side];
      if (mine >= 0)
        {
          int theirs = neighbour->type->link_at_side[neighbour->rotation][facing];

          if (theirs >= 0)
            closed |= join (self, placed->first_segment + (guint) mine, neighbour->first_segment + (guint) theirs, TRUE);
        }
      for (guint h = 0; h < 2; h++)
        {
          TesseraHalf half = 2 * side + h;
          int theirs;

          mine = type->field_at_half[rotation][half];
          if (mine < 0)
            continue;
          theirs = neighbour->type->field_at_half[neighbour->rotation][tessera_half_partner (half)];
          if (theirs >= 0)
            join (self, placed->first_segment + (guint) mine, neighbour->first_segment + (guint) theirs, FALSE);
        }
    }
  self->last_closed = closed;
  return index;
}

TesseraFeatureKind
tessera_board_segment_kind (const TesseraBoard *self,
                            guint               segment)
{
  return (TesseraFeatureKind) self->nodes[segment].kind;
}

const TesseraPlacedTile *
tessera_board_segment_tile (const TesseraBoard *self,
                            guint               segment)
{
  return &self->tiles[self->nodes[segment].tile];
}

guint
_tessera_board_count_neighbours (const TesseraBoard *self,
                                 TesseraCell         cell)
{
  guint count = 0;

  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      {
        TesseraCell around = { cell.x + dx, cell.y + dy };

        if ((dx != 0 || dy != 0) && tessera_board_lookup (self, around) != NULL)
          count++;
      }
  return count;
}

gboolean
tessera_board_is_complete (TesseraBoard *self,
                           guint         segment)
{
  Node *node = &self->nodes[segment];

  switch ((TesseraFeatureKind) node->kind)
    {
    case TESSERA_FEATURE_CITY:
    case TESSERA_FEATURE_ROAD:
      return self->nodes[find (self->nodes, segment)].open_sides == 0;
    case TESSERA_FEATURE_CLOISTER:
      return _tessera_board_count_neighbours (self, self->tiles[node->tile].cell) == 8;
    case TESSERA_FEATURE_FIELD:
    case TESSERA_N_FEATURE_KINDS:
    default:
      return FALSE;
    }
}

/**
 * _tessera_board_last_tile_completed:
 *
 * Returns: whether the last tile placed completed a road or a city (with followers or not)
 */
gboolean
_tessera_board_last_tile_completed (const TesseraBoard *self)
{
  return self->last_closed;
}

/**
 * _tessera_board_list_occupied_complete:
 * @roots: (out): room for TESSERA_MAX_SEGMENTS features
 *
 * The roads and cities of the tile at @index that are complete and hold followers, each once,
 * by root: what placing that tile may have to score right away.
 *
 * Returns: how many there are
 */
guint
_tessera_board_list_occupied_complete (const TesseraBoard *self,
                                       guint               index,
                                       guint               roots[TESSERA_MAX_SEGMENTS])
{
  const TesseraPlacedTile *tile = &self->tiles[index];
  guint n_found = 0;
  guint n_roots = 0;

  /* Nearly every tile completes nothing: written without branches the processor would have to
   * guess, every segment's root is stored and only a complete, held one kept. Roads and cities
   * are the first two kinds. */
  G_STATIC_ASSERT (TESSERA_FEATURE_CITY == 0 && TESSERA_FEATURE_ROAD == 1);
  if (index == self->n_tiles - 1 && !self->last_closed)
    return 0;
  for (guint s = 0; s < tile->type->n_segments; s++)
    {
      const Node *node = &self->nodes[tile->first_segment + s];
      const Node *root = &self->nodes[node->root];

      roots[n_found] = node->root;
      n_found += (node->kind <= TESSERA_FEATURE_ROAD) & (root->n_followers != 0) & (root->open_sides == 0);
    }

  /* Two segments of a tile can belong to one city: each feature once. */
  for (guint i = 0; i < n_found; i++)
    {
      gboolean seen = FALSE;

      for (guint j = 0; j < n_roots && !seen; j++)
        seen = roots[j] == roots[i];
      if (!seen)
        roots[n_roots++] = roots[i];
    }
  return n_roots;
}

void
tessera_board_describe_feature (TesseraBoard       *self,
                                guint               segment,
                                TesseraFeatureInfo *info)
{
  guint root = find (self->nodes, segment);
  Node *nodes = self->nodes;
  guint s = root;

  memset (info, 0, sizeof *info);
  info->kind = (TesseraFeatureKind) nodes[root].kind;
  info->root = root;
  info->n_pennants = nodes[root].pennants;
  info->open_sides = nodes[root].open_sides;
  info->n_followers = nodes[root].n_followers;

  if (info->kind == TESSERA_FEATURE_CLOISTER)
    {
      info->n_neighbours = _tessera_board_count_neighbours (self, self->tiles[nodes[root].tile].cell);
      info->n_tiles = 1 + info->n_neighbours;
      info->complete = info->n_neighbours == 8;
      return;
    }

  self->stamp++;
  do
    {
      guint tile = nodes[s].tile;

      if (self->stamps[tile] != self->stamp)
        {
          self->stamps[tile] = self->stamp;
          info->n_tiles++;
        }
      s = nodes[s].next;
    }
  while (s != root);

  info->complete = (info->kind == TESSERA_FEATURE_CITY || info->kind == TESSERA_FEATURE_ROAD) &&
                   info->open_sides == 0;
}

void
tessera_board_add_followers (TesseraBoard *self,
                             guint         segment,
                             int           delta)
{
  Node *root = &self->nodes[find (self->nodes, segment)];

  g_return_if_fail ((int) root->n_followers + delta >= 0);
  root->n_followers = (guint16) (root->n_followers + delta);
}

guint
_tessera_board_count_pennants (TesseraBoard *self,
                               guint         segment)
{
  return self->nodes[find (self->nodes, segment)].pennants;
}

guint
tessera_board_count_followers (TesseraBoard *self,
                               guint         segment)
{
  return self->nodes[find (self->nodes, segment)].n_followers;
}

/**
 * tessera_board_list_joined_features:
 * @roots: (out): room for 8 features
 *
 * The features already on the board that @local_segment of a tile placed at @cell would join,
 * each once. The board is not changed.
 *
 * Returns: how many there are
 */
guint
tessera_board_list_joined_features (TesseraBoard          *self,
                                    const TesseraTileType *type,
                                    TesseraCell            cell,
                                    guint                  rotation,
                                    guint                  local_segment,
                                    guint                  roots[8])
{
  const TesseraSegment *segment = &type->segments[local_segment];
  guint n_roots = 0;

  rotation %= 4;
  if (segment->kind == TESSERA_FEATURE_CLOISTER)
    return 0;

  for (guint side = 0; side < 4; side++)
    {
      const TesseraPlacedTile *neighbour = tessera_board_lookup (self, tessera_cell_step (cell, side));
      TesseraSide facing = tessera_side_opposite (side);

      if (neighbour == NULL)
        continue;
      for (guint h = 0; h < (segment->kind == TESSERA_FEATURE_FIELD ? 2u : 1u); h++)
        {
          int theirs = -1;
          guint root;
          gboolean seen = FALSE;

          if (segment->kind != TESSERA_FEATURE_FIELD)
            {
              if (type->link_at_side[rotation][side] == (int) local_segment)
                theirs = neighbour->type->link_at_side[neighbour->rotation][facing];
            }
          else if (type->field_at_half[rotation][2 * side + h] == (int) local_segment)
            theirs = neighbour->type->field_at_half[neighbour->rotation][tessera_half_partner (2 * side + h)];
          if (theirs < 0)
            continue;
          root = find (self->nodes, neighbour->first_segment + (guint) theirs);
          for (guint i = 0; i < n_roots && !seen; i++)
            seen = roots[i] == root;
          if (!seen)
            roots[n_roots++] = root;
        }
    }
  return n_roots;
}

/* Whether the feature that @local_segment of a tile placed at @cell would belong to already
 * holds a follower, once the tile joins its neighbours. The board is not changed.
 *
 * That feature is more than what the segment touches: another segment of the new tile may
 * touch one of those features too and join it to others (a field reaching round to both sides
 * of a road), so the segments that share a feature are gathered until none is left. */
gboolean
tessera_board_would_be_occupied (TesseraBoard          *self,
                                 const TesseraTileType *type,
                                 TesseraCell            cell,
                                 guint                  rotation,
                                 guint                  local_segment)
{
  guint roots[TESSERA_MAX_SEGMENTS][8];
  guint n_roots[TESSERA_MAX_SEGMENTS] = { 0 };
  gboolean in_feature[TESSERA_MAX_SEGMENTS] = { FALSE };
  gboolean grown = TRUE;

  for (guint s = 0; s < type->n_segments; s++)
    if (type->segments[s].kind == type->segments[local_segment].kind)
      n_roots[s] = tessera_board_list_joined_features (self, type, cell, rotation, s, roots[s]);
  in_feature[local_segment] = TRUE;

  while (grown)
    {
      grown = FALSE;
      for (guint s = 0; s < type->n_segments; s++)
        for (guint t = 0; !in_feature[s] && t < type->n_segments; t++)
          if (in_feature[t])
            for (guint i = 0; i < n_roots[s] && !in_feature[s]; i++)
              for (guint j = 0; j < n_roots[t] && !in_feature[s]; j++)
                if (roots[s][i] == roots[t][j])
                  in_feature[s] = grown = TRUE;
    }

  for (guint s = 0; s < type->n_segments; s++)
    for (guint i = 0; in_feature[s] && i < n_roots[s]; i++)
      if (self->nodes[roots[s][i]].n_followers > 0)
        return TRUE;
  return FALSE;
}

void
tessera_board_feature_cells (TesseraBoard *self,
                             guint         segment,
                             GArray       *cells)
{
  guint root = find (self->nodes, segment);
  guint s = root;

  if (self->nodes[root].kind == TESSERA_FEATURE_CLOISTER)
    {
      g_array_append_val (cells, self->tiles[self->nodes[root].tile].cell);
      return;
    }
  self->stamp++;
  do
    {
      guint tile = self->nodes[s].tile;

      if (self->stamps[tile] != self->stamp)
        {
          self->stamps[tile] = self->stamp;
          g_array_append_val (cells, self->tiles[tile].cell);
        }
      s = self->nodes[s].next;
    }
  while (s != root);
}

/* The empty cell @cell as an open end: the edges its neighbours show, if any touches it. */
static void
describe_open_end (const TesseraBoard *self,
                   TesseraCell         cell,
                   TesseraOpenEnd     *end)
{
  const guint32 *value = lookup_value (self, cell);

  end->cell = cell;
  end->sides = 0;
  end->need = 0;
  end->mask = 0;
  if (value != NULL && (*value & FRONTIER_BIT))
    {
      const FrontierCell *frontier = &self->frontier[*value & ~FRONTIER_BIT];

      end->need = frontier->need;
      end->mask = frontier->mask;
    }
}

/**
 * _tessera_board_list_open_ends:
 * @segment: a segment of an unfinished road, city or cloister
 * @ends: (out caller-allocates): filled with the empty cells it needs, each once
 *
 * The cells a road or city runs into across its open sides, with the sides it reaches there;
 * around a cloister, the empty cells of its 3 x 3 block. A feature with more open ends than
 * the array holds is listed in part: it will not be finished anyway.
 *
 * Returns: how many
 */
guint
_tessera_board_list_open_ends (TesseraBoard   *self,
                               guint           segment,
                               TesseraOpenEnd  ends[TESSERA_MAX_OPEN_ENDS])
{
  guint root = find (self->nodes, segment);
  guint n_ends = 0;
  guint s = root;

  if (self->nodes[root].kind == TESSERA_FEATURE_CLOISTER)
    {
      TesseraCell at = self->tiles[self->nodes[root].tile].cell;

      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          {
            TesseraCell around = { at.x + dx, at.y + dy };

            if ((dx != 0 || dy != 0) && tessera_board_lookup (self, around) == NULL)
              describe_open_end (self, around, &ends[n_ends++]);
          }
      return n_ends;
    }

  do
    {
      const Node *node = &self->nodes[s];
      const TesseraPlacedTile *tile = &self->tiles[node->tile];
      guint8 sides = tessera_rotate_sides (tile->type->segments[node->local].sides, tile->rotation);

      for (guint side = 0; side < 4; side++)
        {
          TesseraCell next = tessera_cell_step (tile->cell, (TesseraSide) side);
          guint8 facing = (guint8) (1u << tessera_side_opposite ((TesseraSide) side));
          guint e;

          if (!(sides & (1u << side)) || tessera_board_lookup (self, next) != NULL)
            continue;
          for (e = 0; e < n_ends; e++)
            if (ends[e].cell.x == next.x && ends[e].cell.y == next.y)
              break;
          if (e == n_ends)
            {
              if (n_ends == TESSERA_MAX_OPEN_ENDS)
                return n_ends;
              describe_open_end (self, next, &ends[n_ends++]);
            }
          ends[e].sides |= facing;
        }
      s = node->next;
    }
  while (s != root);
  return n_ends;
}

/* The cities a field borders, each once by root (optionally only the completed ones), into the
 * board's scratch room: returns how many. Famine and farm scoring only count them, so no
 * GArray call per city. */
static guint
gather_field_cities (TesseraBoard *self,
                     guint         field_segment,
                     gboolean      completed_only)
{
  Node *nodes = self->nodes;
  guint root = find (nodes, field_segment);
  guint s = root;
  guint n_found = 0;
  guint16 stamp;

  /* A city counts once however many of the farm's segments border it: its root is marked
   * with this call's stamp, rather than searched for among the cities found so far. */
  if (++self->city_stamp == 0)
    {
      for (guint i = 0; i < self->n_nodes; i++)
        nodes[i].city_mark = 0;
      self->city_stamp = 1;
    }
  stamp = self->city_stamp;

  do
    {
      const Node *node = &nodes[s];
      guint first_segment = s - node->local;   /* a tile's segments are numbered in a row */

      for (guint touches = node->touches; touches != 0; touches &= touches - 1)
        {
          Node *city = &nodes[nodes[first_segment + (guint) __builtin_ctz (touches)].root];
          guint counts = (city->city_mark != stamp) & (!completed_only | (city->open_sides == 0));

          /* Written in any case, kept only if it counts: which cities do is anybody's guess. */
          if (n_found == self->cities_size)
            {
              self->cities_size = MAX (2 * self->cities_size, 16);
              self->cities = g_renew (guint32, self->cities, self->cities_size);
            }
          city->city_mark = stamp;
          self->cities[n_found] = city->root;
          n_found += counts;
        }
      s = node->next;
    }
  while (s != root);
  return n_found;
}

/* The cities a field borders (each once, by root), optionally only the completed ones. */
void
tessera_board_field_cities (TesseraBoard *self,
                            guint         field_segment,
                            gboolean      completed_only,
                            GArray       *city_roots)
{
  guint n_found = gather_field_cities (self, field_segment, completed_only);

  for (guint i = 0; i < n_found; i++)
    {
      guint city = self->cities[i];

      g_array_append_val (city_roots, city);
    }
}

/* How many cities a field borders, optionally only the completed ones. */
guint
tessera_board_count_field_cities (TesseraBoard *self,
                                  guint         field_segment,
                                  gboolean      completed_only)
{
  return gather_field_cities (self, field_segment, completed_only);
}
