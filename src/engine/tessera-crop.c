/* tessera-crop.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-crop"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tessera-game-private.h"
#include "tessera-spot.h"

/* The crop-circle tile packed with Mage & Witch (Crop Circles II), as rules-clarifications.md
 * C1-C9 tell it. After the turn with the tile is over, scoring included, the active player
 * chooses for everyone: add or remove. Then each player, from the active player's left round to
 * the active player, adds a follower from supply to a feature of the circle's kind where they
 * already have one of that kind (they may pass), or takes one of that kind back (they must, if
 * they have one). The record's "crop" holds the choice and every player's move in that order;
 * the game calls _tessera_crop_turn() once the turn is scored. */

static TesseraFeatureKind
crop_feature (TesseraCropKind crop)
{
  switch (crop)
    {
    case TESSERA_CROP_CITY:
      return TESSERA_FEATURE_CITY;
    case TESSERA_CROP_ROAD:
      return TESSERA_FEATURE_ROAD;
    case TESSERA_CROP_FIELD:
    case TESSERA_CROP_NONE:
    default:
      return TESSERA_FEATURE_FIELD;
    }
}

/* Whether @player has a follower of @kind on the board, and in the feature @root if given. */
static gboolean
has_follower_of (TesseraGame        *self,
                 guint               player,
                 TesseraFeatureKind  kind,
                 guint               root)
{
  for (guint i = 0; i < self->n_pieces; i++)
    {
      const TesseraPiece *piece = &self->pieces[i];

      if (piece->player == player && piece->kind == kind &&
          (root == G_MAXUINT || tessera_board_find (self->board, piece->segment) == root))
        return TRUE;
    }
  return FALSE;
}

static gboolean
add_follower (TesseraGame               *self,
              const TesseraEvent        *event,
              const TesseraPieceChoice *move,
              TesseraFeatureKind         kind,
              GError                   **error)
{
  guint player = (guint) move->player;
  const TesseraPlacedTile *tile = tessera_board_lookup (self->board, move->piece.at);
  g_autoptr(GError) spot_error = NULL;
  TesseraPiece piece;
  int local;
  guint segment;

  if (self->followers[player] == 0)
    return _tessera_game_rule_error (self, event, error, _("%s has no follower in supply to add"),
                                     self->player_names[player]);
  if (self->followers[player] == self->home_this_turn[player])
    /* TRANSLATORS: "Bram has no follower to add: the ones this turn's scoring sent home go out again from Bram's next turn" */
    return _tessera_game_rule_error (self, event, error,
                                     _("%s has no follower to add: the ones this turn’s scoring sent home go out again from %s’s next turn"),
                                     self->player_names[player], self->player_names[player]);
  if (tile == NULL)
    return _tessera_game_rule_error (self, event, error, _("%s cannot add a %s at [%d, %d]: there is no tile there"),
                                     self->player_names[player], tessera_feature_kind_role (kind), move->piece.at.x, move->piece.at.y);
  local = tessera_spot_resolve_id (tile->type, tile->rotation, move->piece.spot, &spot_error);
  if (local < 0)
    return _tessera_game_rule_error (self, event, error, _("%s cannot add a %s there: %s"),
                                     self->player_names[player], tessera_feature_kind_role (kind), spot_error->message);
  segment = tile->first_segment + (guint) local;
  if (tessera_board_segment_kind (self->board, segment) != kind)
    /* TRANSLATORS: "the circle adds a knight, and [1, 0] S is a field" */
    return _tessera_game_rule_error (self, event, error, _("the circle adds a %s, and [%d, %d] %s is a %s"),
                                     tessera_feature_kind_role (kind), move->piece.at.x, move->piece.at.y, move->piece.spot,
                                     tessera_feature_kind_phrase (tessera_board_segment_kind (self->board, segment)));
  if (!has_follower_of (self, player, kind, tessera_board_find (self->board, segment)))
    /* TRANSLATORS: "Bram may add a knight only where he already has a knight, and not at [2, 0] N" */
    return _tessera_game_rule_error (self, event, error, _("%s may add a %s only where they already have a %s, and not at [%d, %d] %s"),
                                     self->player_names[player], tessera_feature_kind_role (kind), tessera_feature_kind_role (kind), move->piece.at.x, move->piece.at.y,
                                     move->piece.spot);

  piece.player = player;
  piece.segment = segment;
  piece.kind = kind;
  piece.cell = tile->cell;
  _tessera_game_add_piece (self, &piece);
  return TRUE;
}

static gboolean
remove_follower (TesseraGame               *self,
                 const TesseraEvent        *event,
                 const TesseraPieceChoice *move,
                 TesseraFeatureKind         kind,
                 GError                   **error)
{
  guint player = (guint) move->player;
  g_autoptr(GError) piece_error = NULL;
  int index = _tessera_game_find_piece (self, (int) player, move->piece.at, move->piece.spot, &piece_error);

  if (index < 0)
    return _tessera_game_rule_error (self, event, error, _("%s cannot take that %s back: %s"),
                                     self->player_names[player], tessera_feature_kind_role (kind), piece_error->message);
  if (self->pieces[index].kind != kind)
    return _tessera_game_rule_error (self, event, error, _("the circle takes back a %s, and %s's follower at [%d, %d] %s is not one"),
                                     tessera_feature_kind_role (kind), self->player_names[player], move->piece.at.x, move->piece.at.y, move->piece.spot);
  _tessera_game_take_back (self, (guint) index);
  return TRUE;
}

/**
 * _tessera_crop_turn:
 * @placed: the tile just placed and scored
 *
 * Checks and carries out the crop-circle action of a turn. On failure the game has changed:
 * the caller restores it.
 */
gboolean
_tessera_crop_turn (TesseraGame             *self,
                    const TesseraEvent      *event,
                    const TesseraPlacedTile *placed,
                    GError                 **error)
{
  TesseraCropKind crop = placed->type->crop;
  TesseraFeatureKind kind = crop_feature (crop);
  guint n_players = self->n_players;
  guint active = (guint) event->player;
  gboolean anyone = FALSE;
  const TesseraEventChoices *choices = event->choices;

  if (crop == TESSERA_CROP_NONE)
    {
      if (choices != NULL && choices->has_crop)
        return _tessera_game_rule_error (self, event, error, _("\"crop\" is only for a tile with a crop circle, and tile %s has none"),
                                         event->tile);
      return TRUE;
    }

  for (guint p = 0; p < n_players && !anyone; p++)
    anyone = has_follower_of (self, p, kind, G_MAXUINT);
  if (choices == NULL || !choices->has_crop)
    {
      /* C5: with nobody to act, the choice changes nothing and may be left out. */
      if (!anyone)
        return TRUE;
      return _tessera_game_rule_error (self, event, error,
                                       _("tile %s has a crop circle: \"crop\" must give the choice, add or remove, and every player's move"),
                                       event->tile);
    }
  if (choices->n_crop_moves != n_players)
    return _tessera_game_rule_error (self, event, error,
                                     _("\"crop\" must list one move for each of the %u players, from the player after %s, round to %s"),
                                     n_players, self->player_names[active], self->player_names[active]);

  for (guint i = 0; i < n_players; i++)
    {
      const TesseraPieceChoice *move = &choices->crop_moves[i];
      guint player = active + 1 + i < n_players ? active + 1 + i : active + 1 + i - n_players;

      if (move->player != (int) player)
        {
          const char *named = move->player >= 0 && (guint) move->player < n_players ? self->player_names[move->player]
                                                                                 : _("nobody");

          /* C4: from the active player's left, the active player last. */
          return _tessera_game_rule_error (self, event, error,
                                           _("\"crop\" move %u is for %s, but %s moves now: from the player after %s, round to %s"),
                                           i, named, self->player_names[player], self->player_names[active],
                                           self->player_names[active]);
        }
      if (!move->has_piece)
        {
          /* C3: adding is optional; removing is not, for a player who has one of that kind. */
          if (!choices->crop_add && has_follower_of (self, player, kind, G_MAXUINT))
            return _tessera_game_rule_error (self, event, error, _("%s has a %s on the board and must take one back"),
                                             self->player_names[player], tessera_feature_kind_role (kind));
          continue;
        }
      if (choices->crop_add ? !add_follower (self, event, move, kind, error)
                          : !remove_follower (self, event, move, kind, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * tessera_game_list_crop_choices:
 * @crop: the circle's kind, from the tile just placed
 * @add: whether the circle adds followers (or takes them back)
 * @player: the player choosing now
 * @choices: (element-type TesseraChoice): the player's possible moves; none: they pass
 *
 * C3, C4, on the board as the turn left it before the circle: adding, every spot of a feature
 * of the circle's kind where @player already has a follower of that kind, if they have one in
 * supply; removing, every follower of theirs of that kind.
 */
void
tessera_game_list_crop_choices (TesseraGame     *self,
                                TesseraCropKind  crop,
                                gboolean         add,
                                guint            player,
                                GArray          *choices)
{
  TesseraFeatureKind kind = crop_feature (crop);
  g_autoptr(GArray) roots = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_if_fail (TESSERA_IS_GAME (self));

  for (guint i = 0; i < self->n_pieces; i++)
    {
      const TesseraPiece *piece = &self->pieces[i];
      g_autoptr(GArray) cells = NULL;
      gboolean seen = FALSE;
      guint root;

      if (piece->player != player || piece->kind != kind)
        continue;
      if (!add)
        {
          TesseraChoice choice;

          _tessera_choice_init_on_board (&choice, TESSERA_CHOICE_CROP_REMOVE, self, self->board, piece->segment, (int) player);
          g_array_append_val (choices, choice);
          continue;
        }
      /* C10: not with a follower this turn's scoring sent home. */
      if (self->followers[player] == self->home_this_turn[player])
        continue;
      root = tessera_board_find (self->board, piece->segment);
      for (guint r = 0; r < roots->len && !seen; r++)
        seen = g_array_index (roots, guint, r) == root;
      if (seen || !has_follower_of (self, player, kind, root))
        continue;
      g_array_append_val (roots, root);

      cells = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
      tessera_board_feature_cells (self->board, piece->segment, cells);
      for (guint c = 0; c < cells->len; c++)
        {
          const TesseraPlacedTile *tile = tessera_board_lookup (self->board, g_array_index (cells, TesseraCell, c));

          for (guint s = 0; tile != NULL && s < tile->type->n_segments; s++)
            if (tessera_board_find (self->board, tile->first_segment + s) == root)
              {
                TesseraChoice choice;

                _tessera_choice_init_on_board (&choice, TESSERA_CHOICE_CROP_ADD, self, self->board, tile->first_segment + s, (int) player);
                g_array_append_val (choices, choice);
              }
        }
    }
}
