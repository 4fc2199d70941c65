/* tessera-board-misfit.c
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

/* Why a tile cannot go where it was put (rule B3), in words: the cell taken, no side touching a
 * tile, or the first side whose edge differs from its neighbour's. The board itself only says
 * whether it fits (tessera-board.c); the refusals of the turn card, the CLI and the board's
 * description for a screen reader come from here. */

static const char *
edge_phrase (TesseraEdge edge)
{
  switch (edge)
    {
    case TESSERA_EDGE_CITY:
      return _("a city");
    case TESSERA_EDGE_ROAD:
      return _("a road");
    case TESSERA_EDGE_FIELD:
      return _("a field");
    case TESSERA_EDGE_WHEEL:
    default:
      return _("the wheel");
    }
}

/* A whole sentence per side and neighbour: languages build "west side" in different ways. */
static char *
describe_mismatch (TesseraSide  side,
                   gboolean     against_board,
                   TesseraCell  next,
                   TesseraEdge  mine,
                   TesseraEdge  theirs)
{
  const char *a = edge_phrase (mine);
  const char *b = edge_phrase (theirs);

  switch (side)
    {
    case TESSERA_SIDE_N:
      if (against_board)
        return g_strdup_printf (_("its north side is %s but the wheel board at [%d, %d] shows %s there"), a, next.x, next.y, b);
      return g_strdup_printf (_("its north side is %s but the tile at [%d, %d] shows %s there"), a, next.x, next.y, b);
    case TESSERA_SIDE_E:
      if (against_board)
        return g_strdup_printf (_("its east side is %s but the wheel board at [%d, %d] shows %s there"), a, next.x, next.y, b);
      return g_strdup_printf (_("its east side is %s but the tile at [%d, %d] shows %s there"), a, next.x, next.y, b);
    case TESSERA_SIDE_S:
      if (against_board)
        return g_strdup_printf (_("its south side is %s but the wheel board at [%d, %d] shows %s there"), a, next.x, next.y, b);
      return g_strdup_printf (_("its south side is %s but the tile at [%d, %d] shows %s there"), a, next.x, next.y, b);
    case TESSERA_SIDE_W:
    case TESSERA_N_SIDES:
    default:
      if (against_board)
        return g_strdup_printf (_("its west side is %s but the wheel board at [%d, %d] shows %s there"), a, next.x, next.y, b);
      /* TRANSLATORS: "its west side is a road but the tile at [3, 1] shows a city there" */
      return g_strdup_printf (_("its west side is %s but the tile at [%d, %d] shows %s there"), a, next.x, next.y, b);
    }
}

/* The same, for a player looking at the table: the neighbour is named by where it lies from
 * the cell, which everyone sees, not by its coordinates. */
static char *
describe_mismatch_here (TesseraSide side,
                        gboolean    against_board,
                        TesseraEdge mine,
                        TesseraEdge theirs)
{
  const char *a = edge_phrase (mine);
  const char *b = edge_phrase (theirs);

  switch (side)
    {
    case TESSERA_SIDE_N:
      if (against_board)
        return g_strdup_printf (_("its north side is %s, but the wheel board to the north shows %s there"), a, b);
      return g_strdup_printf (_("its north side is %s, but the tile to the north has %s there"), a, b);
    case TESSERA_SIDE_E:
      if (against_board)
        return g_strdup_printf (_("its east side is %s, but the wheel board to the east shows %s there"), a, b);
      return g_strdup_printf (_("its east side is %s, but the tile to the east has %s there"), a, b);
    case TESSERA_SIDE_S:
      if (against_board)
        return g_strdup_printf (_("its south side is %s, but the wheel board to the south shows %s there"), a, b);
      return g_strdup_printf (_("its south side is %s, but the tile to the south has %s there"), a, b);
    case TESSERA_SIDE_W:
    case TESSERA_N_SIDES:
    default:
      if (against_board)
        return g_strdup_printf (_("its west side is %s, but the wheel board to the west shows %s there"), a, b);
      /* TRANSLATORS: "its west side is a road, but the tile to the west has a city there" */
      return g_strdup_printf (_("its west side is %s, but the tile to the west has %s there"), a, b);
    }
}

/* What stands in the way of a placement, as the rule checks it (B3): the cell taken, no side
 * touching a tile, or the first side whose edge differs from its neighbour's. */
typedef struct
{
  TesseraMisfitKind        kind;
  const TesseraPlacedTile *other;  /* the tile lying there, or the neighbour that does not match */
  TesseraSide              side;
  TesseraCell              next;
  TesseraEdge              mine;
  TesseraEdge              theirs;
} Misfit;

static void
find_misfit (const TesseraBoard    *self,
             const TesseraTileType *type,
             TesseraCell            cell,
             guint                  rotation,
             Misfit                *misfit)
{
  const TesseraPlacedTile *there = tessera_board_lookup (self, cell);
  gboolean touches = FALSE;

  memset (misfit, 0, sizeof *misfit);
  if (there != NULL)
    {
      misfit->kind = TESSERA_MISFIT_TAKEN;
      misfit->other = there;
      return;
    }
  rotation %= 4;
  for (guint side = 0; side < 4; side++)
    {
      TesseraCell next = tessera_cell_step (cell, side);
      const TesseraPlacedTile *neighbour = tessera_board_lookup (self, next);
      TesseraEdge mine, theirs;

      if (neighbour == NULL)
        continue;
      touches = TRUE;
      mine = tessera_tile_type_edge_at (type, rotation, side);
      theirs = tessera_tile_type_edge_at (neighbour->type, neighbour->rotation, tessera_side_opposite (side));
      if (mine != theirs)
        {
          misfit->kind = TESSERA_MISFIT_EDGE;
          misfit->other = neighbour;
          misfit->side = side;
          misfit->next = next;
          misfit->mine = mine;
          misfit->theirs = theirs;
          return;
        }
    }
  if (!touches)
    misfit->kind = TESSERA_MISFIT_DETACHED;
}

/* Why a placement is illegal, in words a player understands, with the cells a record names;
 * NULL if it is legal. */
char *
tessera_board_explain_misfit (const TesseraBoard    *self,
                              const TesseraTileType *type,
                              TesseraCell            cell,
                              guint                  rotation)
{
  Misfit misfit;

  find_misfit (self, type, cell, rotation, &misfit);
  switch (misfit.kind)
    {
    case TESSERA_MISFIT_TAKEN:
      if (misfit.other->type->board_square)
        return g_strdup_printf (_("the wheel board covers [%d, %d]"), cell.x, cell.y);
      return g_strdup_printf (_("tile %s already lies at [%d, %d]"), misfit.other->type->id, cell.x, cell.y);
    case TESSERA_MISFIT_DETACHED:
      return g_strdup (_("it would touch no tile: a tile must share at least one side with the tiles already placed"));
    case TESSERA_MISFIT_EDGE:
      return describe_mismatch (misfit.side, misfit.other->type->board_square, misfit.next, misfit.mine, misfit.theirs);
    case TESSERA_MISFIT_NONE:
    default:
      return NULL;
    }
}

/**
 * tessera_board_explain_misfit_here:
 * @kind: (out) (optional): what stands in the way
 *
 * Why @type cannot go at @cell turned @rotation, for a player pointing at that cell on the
 * table: what lies there, or which side of the tile does not match which neighbour, named by
 * where it lies from the cell ("the tile to the west"), never by coordinates.
 *
 * Returns: (nullable): the reason, or NULL if the placement is legal
 */
char *
tessera_board_explain_misfit_here (const TesseraBoard    *self,
                                   const TesseraTileType *type,
                                   TesseraCell            cell,
                                   guint                  rotation,
                                   TesseraMisfitKind     *kind)
{
  Misfit misfit;

  find_misfit (self, type, cell, rotation, &misfit);
  if (kind != NULL)
    *kind = misfit.kind;
  switch (misfit.kind)
    {
    case TESSERA_MISFIT_TAKEN:
      if (misfit.other->type->board_square)
        return g_strdup (_("the wheel board lies there"));
      return g_strdup_printf (_("tile %s already lies there"), misfit.other->type->id);
    case TESSERA_MISFIT_DETACHED:
      return g_strdup (_("the cell touches no tile: a tile must share at least one side with the tiles already placed"));
    case TESSERA_MISFIT_EDGE:
      return describe_mismatch_here (misfit.side, misfit.other->type->board_square, misfit.mine, misfit.theirs);
    case TESSERA_MISFIT_NONE:
    default:
      return NULL;
    }
}
