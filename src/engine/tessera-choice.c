/* tessera-choice.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-choice"

#include "config.h"

#include "tessera-choice.h"
#include "tessera-game-private.h"
#include "tessera-spot.h"

/**
 * _tessera_choice_init_on_board:
 * @board: @game's board, or a copy of it with the turn's tile placed
 * @segment: a segment of @board (a follower's, or a spot of a feature)
 *
 * Fills @choice with the tile and spot of @segment as records name them, its feature, its size
 * and whose followers stand in it.
 */
void
_tessera_choice_init_on_board (TesseraChoice     *choice,
                               TesseraChoiceKind  kind,
                               TesseraGame       *game,
                               TesseraBoard      *board,
                               guint              segment,
                               int                player)
{
  const TesseraPlacedTile *tile = tessera_board_segment_tile (board, segment);
  guint local = segment - tile->first_segment;
  TesseraFeatureInfo info;

  memset (choice, 0, sizeof *choice);
  choice->kind = kind;
  choice->where.at = tile->cell;
  tessera_spot_name (tile->type, tile->rotation, local, choice->where.spot);
  choice->segment = (int) local;
  choice->feature = tile->type->segments[local].kind;
  tessera_board_describe_feature (board, segment, &info);
  choice->feature_tiles = info.n_tiles;
  choice->player = player;
  /* A copy's segments are the board's, and more: the pieces' segments hold on both. */
  for (guint i = 0; i < game->n_pieces; i++)
    if (tessera_board_find (board, game->pieces[i].segment) == info.root)
      choice->holders |= 1u << game->pieces[i].player;
}

/* A whole cell: a tower, named by the spot "C" as records name its top. */
void
_tessera_choice_init_cell (TesseraChoice     *choice,
                           TesseraChoiceKind  kind,
                           TesseraCell        cell,
                           int                player)
{
  memset (choice, 0, sizeof *choice);
  choice->kind = kind;
  choice->where.at = cell;
  g_strlcpy (choice->where.spot, "C", sizeof choice->where.spot);
  choice->on_cell = TRUE;
  choice->segment = -1;
  choice->player = player;
}

/**
 * tessera_game_list_follower_choices:
 * @type: the tile being placed
 * @cell: where, a legal placement
 * @rotation: quarter turns clockwise
 * @choices: (element-type TesseraChoice): where the spots go
 *
 * The spots of the placed tile where a follower may go: those whose feature, joined with the
 * board's, has no follower yet. The size of each feature counts the new tile once.
 */
void
tessera_game_list_follower_choices (TesseraGame           *self,
                                    const TesseraTileType *type,
                                    TesseraCell            cell,
                                    guint                  rotation,
                                    GArray                *choices)
{
  g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (guint));
  TesseraBoard *board;

  g_return_if_fail (TESSERA_IS_GAME (self));

  board = self->board;
  tessera_game_list_follower_spots (self, type, cell, rotation, segments);
  for (guint i = 0; i < segments->len; i++)
    {
      guint local = g_array_index (segments, guint, i);
      g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
      TesseraChoice choice = { 0 };
      guint roots[8];
      guint n_roots = tessera_board_list_joined_features (board, type, cell, rotation, local, roots);

      choice.kind = TESSERA_CHOICE_FOLLOWER;
      choice.where.at = cell;
      tessera_spot_name (type, rotation, local, choice.where.spot);
      choice.segment = (int) local;
      choice.feature = type->segments[local].kind;
      choice.player = (int) self->current_player;
      /* The features it joins, each tile once, and the new tile. */
      for (guint r = 0; r < n_roots; r++)
        tessera_board_feature_cells (board, roots[r], cells);
      choice.feature_tiles = 1;
      for (guint c = 0; c < cells->len; c++)
        {
          gboolean seen = FALSE;

          for (guint d = 0; d < c && !seen; d++)
            seen = g_array_index (cells, TesseraCell, d).x == g_array_index (cells, TesseraCell, c).x &&
                   g_array_index (cells, TesseraCell, d).y == g_array_index (cells, TesseraCell, c).y;
          choice.feature_tiles += !seen;
        }
      g_array_append_val (choices, choice);
    }
}
