/* tessera-aids.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-aids"

#include "config.h"

#include "tessera-engine-private.h"
#include "tessera-aids.h"
#include "tessera-record.h"

/* The rotations of @type, of its distinct ones, that fit at @cell, a bit each. */
static guint8
fitting_rotations (const TesseraBoard    *board,
                   const TesseraTileType *type,
                   TesseraCell            cell)
{
  guint n_rotations = MAX (type->rotations, 1);
  guint8 rotations = 0;

  for (guint r = 0; r < n_rotations; r++)
    if (tessera_board_fits (board, type, cell, r))
      rotations |= (guint8) (1u << r);
  return rotations;
}

/**
 * tessera_game_list_fits:
 * @fits: (element-type TesseraFit): where the kinds that fit are added, in supply order
 *
 * Lists every kind of tile left in the supply that can legally go to @cell in some rotation.
 * A cell that is taken, or that touches no tile, fits nothing.
 *
 * Returns: the copies left of the kinds that fit: over tessera_game_get_tiles_left(), the
 *   chance that the next tile drawn can go there
 */
guint
tessera_game_list_fits (TesseraGame *self,
                        TesseraCell  cell,
                        GArray      *fits)
{
  const TesseraBoard *board;
  GArray *supply;
  guint copies = 0;

  g_return_val_if_fail (TESSERA_IS_GAME (self), 0);
  g_return_val_if_fail (fits != NULL, 0);

  board = tessera_game_get_board (self);
  supply = tessera_game_get_supply (self);
  for (guint i = 0; i < supply->len; i++)
    {
      const TesseraSupplyEntry *entry = &g_array_index (supply, TesseraSupplyEntry, i);
      TesseraFit fit = { entry, 0 };

      if (entry->left == 0)
        continue;
      fit.rotations = fitting_rotations (board, entry->type, cell);
      if (fit.rotations == 0)
        continue;
      g_array_append_val (fits, fit);
      copies += entry->left;
    }
  return copies;
}

/**
 * tessera_game_list_dead_spots:
 * @dead: (element-type TesseraCell): where the open cells that no tile left can fill are added
 * @single: (element-type TesseraCell) (nullable): where the open cells that only one kind left
 *   can fill are added
 *
 * Walks the empty cells next to the board: a cell that nothing left in the supply fits stays a
 * hole to the end of the game.
 */
void
tessera_game_list_dead_spots (TesseraGame *self,
                              GArray      *dead,
                              GArray      *single)
{
  const TesseraBoard *board;
  GArray *supply;

  g_return_if_fail (TESSERA_IS_GAME (self));
  g_return_if_fail (dead != NULL);

  board = tessera_game_get_board (self);
  supply = tessera_game_get_supply (self);
  for (guint c = 0; c < tessera_board_get_n_open_cells (board); c++)
    {
      TesseraCell cell = tessera_board_get_open_cell (board, c);
      guint n_kinds = 0;

      /* Only whether none or one kind fits matters: stop at the second. */
      for (guint i = 0; i < supply->len && n_kinds < 2; i++)
        {
          const TesseraSupplyEntry *entry = &g_array_index (supply, TesseraSupplyEntry, i);

          if (entry->left > 0 && fitting_rotations (board, entry->type, cell) != 0)
            n_kinds++;
        }
      if (n_kinds == 0)
        g_array_append_val (dead, cell);
      else if (n_kinds == 1 && single != NULL)
        g_array_append_val (single, cell);
    }
}

/* The empty cells the feature of @segment needs filled: next to each of its tiles where the
 * feature runs off the tile, or around a cloister. */
static void
list_needed_cells (TesseraBoard *board,
                   guint         segment,
                   GArray       *cells)
{
  TesseraOpenEnd ends[TESSERA_MAX_OPEN_ENDS];
  guint n_ends = _tessera_board_list_open_ends (board, segment, ends);

  for (guint e = 0; e < n_ends; e++)
    g_array_append_val (cells, ends[e].cell);
}

/**
 * tessera_game_get_feature_odds:
 * @segment: a board segment of the feature
 * @needs: (element-type TesseraFeatureNeed): where each empty cell the feature needs is added,
 *   with the kinds and copies left that fit there
 * @odds: (out): the copies left that would help, and whether it can still be finished
 *
 * Says what an unfinished road, city or cloister needs: a tile that fits next to it matches its
 * edge, so it continues or closes it. The feature cannot be finished any more when a cell it
 * needs fits no tile left (it may still fail later, as tiles placed open new edges).
 *
 * Returns: FALSE for a field or a finished feature, which need nothing
 */
gboolean
tessera_game_get_feature_odds (TesseraGame        *self,
                               guint               segment,
                               GArray             *needs,
                               TesseraFeatureOdds *odds)
{
  TesseraBoard *board;
  GArray *supply;
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
  g_autofree gboolean *helps = NULL;
  TesseraFeatureKind kind;

  g_return_val_if_fail (TESSERA_IS_GAME (self), FALSE);
  g_return_val_if_fail (needs != NULL && odds != NULL, FALSE);

  board = tessera_game_get_board (self);
  g_return_val_if_fail (segment < tessera_board_get_n_segments (board), FALSE);
  kind = tessera_board_segment_kind (board, segment);
  if (kind == TESSERA_FEATURE_FIELD || tessera_board_is_complete (board, segment))
    return FALSE;

  supply = tessera_game_get_supply (self);
  helps = g_new0 (gboolean, MAX (supply->len, 1));
  list_needed_cells (board, segment, cells);
  odds->helping = 0;
  odds->tiles_left = tessera_game_get_tiles_left (self);
  odds->can_finish = TRUE;
  for (guint c = 0; c < cells->len; c++)
    {
      TesseraFeatureNeed need = { g_array_index (cells, TesseraCell, c), 0, 0 };

      for (guint i = 0; i < supply->len; i++)
        {
          const TesseraSupplyEntry *entry = &g_array_index (supply, TesseraSupplyEntry, i);

          if (entry->left == 0 || fitting_rotations (board, entry->type, need.cell) == 0)
            continue;
          need.n_kinds++;
          need.copies += entry->left;
          helps[i] = TRUE;
        }
      if (need.n_kinds == 0)
        odds->can_finish = FALSE;
      g_array_append_val (needs, need);
    }
  for (guint i = 0; i < supply->len; i++)
    if (helps[i])
      odds->helping += g_array_index (supply, TesseraSupplyEntry, i).left;
  return TRUE;
}

/**
 * tessera_game_project_scores:
 * @projections: (array): one per player, filled in
 *
 * The final scores if the game ended now: the engine's own final scoring, on a copy of the
 * game with an end event added (unfinished roads, cities and cloisters, farms, and the
 * expansions' final points). A finished game gives its final scores.
 *
 * Returns: whether the copy could be ended; it cannot fail for a game the engine replayed
 */
gboolean
tessera_game_project_scores (TesseraGame        *self,
                             TesseraProjection  *projections,
                             GError            **error)
{
  g_autoptr(TesseraGame) ended = NULL;
  TesseraGame *scored = self;
  guint n_players;

  g_return_val_if_fail (TESSERA_IS_GAME (self), FALSE);
  g_return_val_if_fail (projections != NULL, FALSE);

  if (!tessera_game_is_finished (self))
    {
      g_autoptr(TesseraRecord) record = tessera_game_to_record (self);
      g_autoptr(TesseraEvent) end = tessera_event_new_end ();

      ended = tessera_game_new_from_record (record, G_MAXUINT, error);
      if (ended == NULL || !tessera_game_apply (ended, end, error))
        return FALSE;
      scored = ended;
    }
  n_players = tessera_game_get_n_players (scored);
  for (guint p = 0; p < n_players; p++)
    {
      projections[p].score = tessera_game_get_score (scored, p);
      for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
        projections[p].breakdown[c] = tessera_game_get_category_score (scored, p, c);
    }
  return TRUE;
}
