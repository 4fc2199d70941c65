/* tessera-game-scoring.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-game"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tessera-engine-private.h"
#include "tessera-box.h"
#include "tessera-game-private.h"
#include "tessera-spot.h"

/* Scoring the base game's features: roads, cities and cloisters the moment they are
 * completed, and at the end of the game whatever is unfinished and every farm. Followers go
 * onto the board, home and into captivity here too. */

/* Where a scored feature is, for people: its oldest tile and the spot on it. */
void
_tessera_game_locate_feature (TesseraGame       *self,
                              guint              root,
                              TesseraScoreEvent *score)
{
  const TesseraPlacedTile *tile = tessera_board_segment_tile (self->board, root);

  score->at = tile->cell;
  tessera_spot_name (tile->type, tile->rotation, root - tile->first_segment, score->spot);
}

void
_tessera_game_add_score (TesseraGame             *self,
                         const TesseraScoreEvent *score)
{
  self->scores[score->player][score->category] += score->points;
  if (self->n_score_events == self->score_events_size)
    {
      self->score_events_size *= 2;
      self->score_events = g_renew (TesseraScoreEvent, self->score_events, self->score_events_size);
    }
  self->score_events[self->n_score_events++] = *score;
}

/* How many followers each player has in the feature @root: the players with the most share
 * its points. @roots holds every piece's feature. */
static void
count_followers (TesseraGame *self,
                 guint        root,
                 const guint *roots,
                 guint        counts[TESSERA_MAX_PLAYERS])
{
  TesseraFeatureKind kind = tessera_board_segment_kind (self->board, root);

  memset (counts, 0, sizeof (guint) * TESSERA_MAX_PLAYERS);
  /* Counted without a branch per piece: whether a piece stands there is anybody's guess. */
  for (guint i = 0; i < self->n_pieces; i++)
    {
      const TesseraPiece *piece = &self->pieces[i];

      counts[piece->player] += (piece->kind == kind) & (roots[i] == root);
    }
}

/* The players with the most followers in a feature, a bit each; none when it holds none. */
guint
_tessera_game_find_winners (const guint counts[TESSERA_MAX_PLAYERS])
{
  guint most = 0;
  guint winners = 0;

  for (guint p = 0; p < TESSERA_MAX_PLAYERS; p++)
    most = MAX (most, counts[p]);
  for (guint p = 0; p < TESSERA_MAX_PLAYERS; p++)
    winners |= (guint) (most != 0 && counts[p] == most) << p;
  return winners;
}

/**
 * _tessera_game_feature_points:
 * @info: the road, city or cloister as it is, or as it would be
 * @final: scored at the end of the game, unfinished, rather than completed
 * @score: (out caller-allocates): the points with the counts that made them
 *
 * What the road, city or cloister @root pays each of its winners, with the mage's or the
 * witch's change; the review's estimate asks the same about a feature not finished yet.
 */
void
_tessera_game_feature_points (TesseraGame              *self,
                              guint                     root,
                              const TesseraFeatureInfo *info,
                              gboolean                  final,
                              TesseraScoreEvent        *score)
{
  memset (score, 0, sizeof *score);
  score->event = self->n_events;
  score->feature = root;
  score->n_tiles = info->n_tiles;
  score->n_pennants = info->n_pennants;

  switch (info->kind)
    {
    case TESSERA_FEATURE_ROAD:
      score->category = TESSERA_CATEGORY_ROAD;
      score->reason = final ? TESSERA_REASON_UNFINISHED_ROAD : TESSERA_REASON_COMPLETED_ROAD;
      score->points = (int) info->n_tiles;
      break;
    case TESSERA_FEATURE_CITY:
      score->category = TESSERA_CATEGORY_CITY;
      score->reason = final ? TESSERA_REASON_UNFINISHED_CITY : TESSERA_REASON_COMPLETED_CITY;
      score->points = (int) (final ? info->n_tiles + info->n_pennants : 2 * (info->n_tiles + info->n_pennants));
      break;
    case TESSERA_FEATURE_CLOISTER:
      score->category = TESSERA_CATEGORY_CLOISTER;
      score->reason = final ? TESSERA_REASON_UNFINISHED_CLOISTER : TESSERA_REASON_COMPLETED_CLOISTER;
      score->points = (int) info->n_tiles;
      break;
    case TESSERA_FEATURE_FIELD:
    case TESSERA_N_FEATURE_KINDS:
    default:
      g_assert_not_reached ();
    }
  if (info->kind != TESSERA_FEATURE_CLOISTER)
    _tessera_magic_modify (self, root, score);
}

/* Scores a road, city or cloister for the players with the most followers in it; @counts holds
 * each player's followers there. */
static void
score_feature (TesseraGame *self,
               guint        root,
               const guint  counts[TESSERA_MAX_PLAYERS],
               gboolean     final)
{
  TesseraFeatureInfo info;
  guint winners = _tessera_game_find_winners (counts);
  TesseraScoreEvent score;

  if (winners == 0)
    return;

  tessera_board_describe_feature (self->board, root, &info);
  _tessera_game_feature_points (self, root, &info, final, &score);
  _tessera_game_locate_feature (self, root, &score);
  score.winners = winners;

  for (guint p = 0; p < self->n_players; p++)
    if (winners & (1u << p))
      {
        score.player = p;
        score.n_followers = counts[p];
        _tessera_game_add_score (self, &score);
      }
}

/**
 * _tessera_game_find_piece:
 * @player: whose follower, or -1 for anyone's
 * @spot: an event's spot (in a buffer of TESSERA_ID_SIZE bytes)
 *
 * Returns: the index in pieces of the follower standing on the segment @spot names on the tile
 *   at @at, or -1 with @error saying why there is none
 */
int
_tessera_game_find_piece (TesseraGame  *self,
                          int           player,
                          TesseraCell   at,
                          const char   *spot,
                          GError      **error)
{
  const TesseraPlacedTile *tile = tessera_board_lookup (self->board, at);
  g_autoptr(GError) spot_error = NULL;
  int segment;

  if (tile == NULL)
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE, _("there is no tile at [%d, %d]"), at.x, at.y);
      return -1;
    }
  segment = tessera_spot_resolve_id (tile->type, tile->rotation, spot, &spot_error);
  if (segment < 0 && !(g_str_equal (spot, "C") && tile->type->tower))
    {
      g_propagate_error (error, g_steal_pointer (&spot_error));
      return -1;
    }
  for (guint i = 0; segment >= 0 && i < self->n_pieces; i++)
    {
      const TesseraPiece *piece = &self->pieces[i];

      if (piece->segment == tile->first_segment + (guint) segment && (player < 0 || piece->player == (guint) player))
        return (int) i;
    }
  if (player >= 0)
    g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE, _("%s has no follower at [%d, %d] %s"),
                 self->player_names[player], at.x, at.y, spot);
  else
    g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE, _("no follower stands at [%d, %d] %s"), at.x, at.y, spot);
  return -1;
}

/* A follower from its owner's supply onto the board. */
void
_tessera_game_add_piece (TesseraGame        *self,
                         const TesseraPiece *piece)
{
  g_assert (self->n_pieces < G_N_ELEMENTS (self->pieces));
  self->pieces[self->n_pieces++] = *piece;
  tessera_board_add_followers (self->board, piece->segment, 1);
  self->followers[piece->player]--;
  if (piece->kind == TESSERA_FEATURE_CLOISTER)
    {
      g_assert (self->n_monks < G_N_ELEMENTS (self->monks));
      self->monks[self->n_monks++] = *piece;
    }
}

/* A follower leaves the board, for its owner's supply or a captor's hands. */
void
_tessera_game_remove_piece (TesseraGame *self,
                            guint        index)
{
  const TesseraPiece *piece = &self->pieces[index];

  if (self->departures != NULL)
    g_array_append_val (self->departures, *piece);
  tessera_board_add_followers (self->board, piece->segment, -1);
  if (piece->kind == TESSERA_FEATURE_CLOISTER)
    for (guint m = 0; m < self->n_monks; m++)
      if (self->monks[m].segment == piece->segment)
        {
          memmove (&self->monks[m], &self->monks[m + 1], sizeof (TesseraPiece) * (self->n_monks - m - 1));
          self->n_monks--;
          break;
        }
  self->n_pieces--;
  memmove (&self->pieces[index], &self->pieces[index + 1], sizeof (TesseraPiece) * (self->n_pieces - index));
}

/* A follower leaves the board for its owner's supply. */
void
_tessera_game_take_back (TesseraGame *self,
                         guint        index)
{
  self->followers[self->pieces[index].player]++;
  _tessera_game_remove_piece (self, index);
}

/* After a feature is scored its followers go home; farmers never do. */
static void
return_followers (TesseraGame *self,
                  guint        root)
{
  TesseraFeatureKind kind = tessera_board_segment_kind (self->board, root);

  for (guint i = self->n_pieces; i > 0; i--)
    {
      const TesseraPiece *piece = &self->pieces[i - 1];

      if (piece->kind == kind && tessera_board_find (self->board, piece->segment) == root)
        {
          self->home_this_turn[piece->player]++;
          _tessera_game_take_back (self, i - 1);
        }
    }
}

/* Scores every road, city and cloister the tile just placed completed. */
void
_tessera_game_score_completed_features (TesseraGame *self,
                                        guint        index)
{
  const TesseraPlacedTile *placed = tessera_board_get_tile (self->board, index);
  guint roots[TESSERA_MAX_SEGMENTS + 9];
  /* Only features with followers can pay anything. */
  guint n_roots = _tessera_board_list_occupied_complete (self->board, index, roots);

  /* The cloisters with a monk on the new tile or around it: the monks are few, cells many. */
  for (guint i = 0; i < self->n_monks; i++)
    {
      const TesseraPiece *piece = &self->monks[i];

      if (ABS (piece->cell.x - placed->cell.x) <= 1 && ABS (piece->cell.y - placed->cell.y) <= 1 &&
          _tessera_board_count_neighbours (self->board, piece->cell) == 8)
        roots[n_roots++] = piece->segment;
    }

  for (guint i = 0; i < n_roots; i++)
    {
      guint piece_roots[TESSERA_MAX_PLAYERS * TESSERA_FOLLOWERS_PER_PLAYER];
      guint counts[TESSERA_MAX_PLAYERS];

      g_assert (self->n_pieces <= G_N_ELEMENTS (piece_roots));
      for (guint p = 0; p < self->n_pieces; p++)
        piece_roots[p] = tessera_board_find (self->board, self->pieces[p].segment);
      count_followers (self, roots[i], piece_roots, counts);
      score_feature (self, roots[i], counts, FALSE);
      return_followers (self, roots[i]);
    }

  /* M10: a figure leaves the board once its road or city is completed, scored or not. The
   * figures stand only on unfinished features, so only a tile that completed one can. */
  if (_tessera_board_last_tile_completed (self->board))
    for (guint f = 0; f < 2; f++)
      if (self->magic[f] >= 0 && tessera_board_is_complete (self->board, (guint) self->magic[f]))
        _tessera_magic_completed (self, tessera_board_find (self->board, (guint) self->magic[f]));
}

/* Every feature with followers, each once, in the order of its first follower: one pass over
 * the pieces, where matching every piece against every other was a guess per pair. */
guint
_tessera_game_gather_held_features (TesseraGame *self,
                                    HeldFeature  held[TESSERA_MAX_PLAYERS * TESSERA_FOLLOWERS_PER_PLAYER])
{
  g_autofree guint16 *feature_of = g_new (guint16, tessera_board_get_n_segments (self->board));
  guint roots[TESSERA_MAX_PLAYERS * TESSERA_FOLLOWERS_PER_PLAYER];
  guint n_held = 0;

  g_assert (self->n_pieces <= G_N_ELEMENTS (roots));
  memset (held, 0, sizeof (HeldFeature) * self->n_pieces);
  /* Only the entries of these roots are read, so only they are set. */
  for (guint i = 0; i < self->n_pieces; i++)
    {
      roots[i] = tessera_board_find (self->board, self->pieces[i].segment);
      feature_of[roots[i]] = G_MAXUINT16;
    }
  for (guint i = 0; i < self->n_pieces; i++)
    {
      const TesseraPiece *piece = &self->pieces[i];
      guint f = feature_of[roots[i]];
      guint is_new = f == G_MAXUINT16;

      /* The next entry is filled in either way, and kept only for a new feature. */
      f = is_new ? n_held : f;
      held[n_held].root = roots[i];
      held[n_held].kind = piece->kind;
      n_held += is_new;
      feature_of[roots[i]] = (guint16) f;
      held[f].counts[piece->player]++;
    }
  return n_held;
}

/* A farm scores 3 for each completed city it borders, for the players with the most farmers. */
static void
score_farm (TesseraGame       *self,
            const HeldFeature *farm)
{
  guint n_cities = tessera_board_count_field_cities (self->board, farm->root, TRUE);
  TesseraScoreEvent score = { 0 };

  if (n_cities == 0)
    return;
  score.event = self->n_events;
  score.category = TESSERA_CATEGORY_FARM;
  score.reason = TESSERA_REASON_FARM;
  score.feature = farm->root;
  _tessera_game_locate_feature (self, farm->root, &score);
  score.n_cities = n_cities;
  score.points = (int) (3 * n_cities);
  score.winners = _tessera_game_find_winners (farm->counts);
  for (guint p = 0; p < self->n_players; p++)
    if (score.winners & (1u << p))
      {
        score.player = p;
        score.n_followers = farm->counts[p];
        _tessera_game_add_score (self, &score);
      }
}

/* End of the game: unfinished roads, then cities, then cloisters, then farm by farm. */
void
_tessera_game_score_final (TesseraGame *self)
{
  static const TesseraFeatureKind order[] = {
    TESSERA_FEATURE_ROAD, TESSERA_FEATURE_CITY, TESSERA_FEATURE_CLOISTER, TESSERA_FEATURE_FIELD,
  };
  HeldFeature held[TESSERA_MAX_PLAYERS * TESSERA_FOLLOWERS_PER_PLAYER];
  guint n_held = _tessera_game_gather_held_features (self, held);

  for (guint k = 0; k < G_N_ELEMENTS (order); k++)
    for (guint f = 0; f < n_held; f++)
      if (held[f].kind != order[k])
        continue;
      else if (order[k] == TESSERA_FEATURE_FIELD)
        score_farm (self, &held[f]);
      else
        score_feature (self, held[f].root, held[f].counts, TRUE);
}
