/* tessera-tower.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-tower"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tessera-game-private.h"
#include "tessera-spot.h"
#include "tessera-tower.h"

/* The Tower, as the Dutch rulebook (De Toren, 2006) tells it, with the answers of
 * rules-clarifications.md T1-T17 and X1-X7.
 *
 * After placing a tile a player does exactly one of: a follower on the new tile, a tower
 * floor on any foundation or open tower (and then maybe capture one follower in range), or a
 * follower on top of a tower, which closes it (T2). The game calls _tessera_tower_check() to
 * check that choice before the tile is placed and _tessera_tower_act() to carry it out after,
 * before anything is scored (T4a). Ransom is an event of its own (_tessera_tower_ransom()).
 *
 * Where editions differ, the record's rules say which reading applies: by default only other
 * players' followers can be captured (T5) and a follower on a tower top stays to the end (T7).
 * A follower on a tower top is named like the centre of its tile, spot "C"; on the one tile
 * with a cloister and a foundation, "C" names the monk when there is one. */

gboolean
tessera_game_has_tower (TesseraGame *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), FALSE);
  return self->tower;
}

GArray *
tessera_game_get_towers (TesseraGame *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), NULL);
  return self->towers;
}

guint
tessera_game_get_tower_pieces (TesseraGame *self,
                               guint        player)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), 0);
  g_return_val_if_fail (player < self->n_players, 0);
  return self->tower_pieces[player];
}

guint
tessera_game_get_prisoners (TesseraGame *self,
                            guint        captor,
                            guint        owner)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), 0);
  g_return_val_if_fail (captor < self->n_players && owner < self->n_players, 0);
  return self->prisoners[captor][owner];
}

/* T1: 2 players 10 pieces each, 3 players 9, 4 players 7, 5 players 6. */
guint
tessera_tower_pieces_for (guint n_players)
{
  static const guint pieces[] = { 0, 0, 10, 9, 7, 6, 5 };

  g_return_val_if_fail (n_players < G_N_ELEMENTS (pieces), 0);
  return pieces[n_players];
}

/* T4: a tower of height h reaches its own tile and h tiles straight out in the four
 * directions; holes and other towers do not block it. */
gboolean
tessera_tower_in_range (TesseraCell tower,
                        guint       height,
                        TesseraCell cell)
{
  guint dx = (guint) ABS (cell.x - tower.x);
  guint dy = (guint) ABS (cell.y - tower.y);

  return (dx == 0 && dy <= height) || (dy == 0 && dx <= height);
}

void
_tessera_tower_reset (TesseraGame *self)
{
  guint n_players = self->n_players;

  g_array_set_size (self->towers, 0);
  memset (self->prisoners, 0, sizeof self->prisoners);
  for (guint p = 0; p < n_players; p++)
    self->tower_pieces[p] = tessera_tower_pieces_for (n_players);
}

static TesseraTower *
find_tower (TesseraGame *self,
            TesseraCell  at)
{
  for (guint i = 0; i < self->towers->len; i++)
    {
      TesseraTower *tower = &g_array_index (self->towers, TesseraTower, i);

      if (tower->at.x == at.x && tower->at.y == at.y)
        return tower;
    }
  return NULL;
}

/* The follower on top of the tower at @at, named by the spot "C", if @player's (or anyone's,
 * for -1) and no land follower is meant instead. */
static TesseraTower *
find_top (TesseraGame *self,
          int          player,
          TesseraCell  at,
          const char  *spot)
{
  TesseraTower *tower = find_tower (self, at);

  if (tower == NULL || tower->top < 0 || !g_str_equal (spot, "C"))
    return NULL;
  if (player >= 0 && tower->top != player)
    return NULL;
  return tower;
}

/* Whether @player's follower stands on top of the tower at @at, named by the spot "C": the
 * Plague must leave it there (X5). */
gboolean
_tessera_tower_has_top (TesseraGame *self,
                        guint        player,
                        TesseraCell  at,
                        const char  *spot)
{
  return self->tower && find_top (self, (int) player, at, spot) != NULL;
}

/* The cells where a tower piece may go: every foundation without a tower, every open tower. */
void
tessera_game_list_tower_targets (TesseraGame *self,
                                 GArray      *cells)
{
  g_return_if_fail (TESSERA_IS_GAME (self));

  if (!self->tower)
    return;
  for (guint i = 0; i < tessera_board_get_n_tiles (self->board); i++)
    {
      const TesseraPlacedTile *tile = tessera_board_get_tile (self->board, i);
      const TesseraTower *tower;

      if (!tile->type->tower)
        continue;
      tower = find_tower (self, tile->cell);
      if (tower == NULL || tower->top < 0)
        g_array_append_val (cells, tile->cell);
    }
}

static gboolean
capturable_owner (TesseraGame *self,
                  guint        captor,
                  guint        owner)
{
  return owner != captor || self->tower_capture_own;
}

/* The followers @player may capture with a tower at @tower of @height: indexes into pieces,
 * and the towers whose top follower is capturable (with that rule on). */
void
tessera_game_list_captures (TesseraGame *self,
                            guint        player,
                            TesseraCell  tower,
                            guint        height,
                            GArray      *pieces,
                            GArray      *tops)
{
  g_return_if_fail (TESSERA_IS_GAME (self));

  for (guint i = 0; i < self->n_pieces; i++)
    {
      const TesseraPiece *piece = &self->pieces[i];

      if (capturable_owner (self, player, piece->player) && tessera_tower_in_range (tower, height, piece->cell))
        g_array_append_val (pieces, i);
    }
  if (!self->tower_top_capturable || tops == NULL)
    return;
  for (guint i = 0; i < self->towers->len; i++)
    {
      const TesseraTower *other = &g_array_index (self->towers, TesseraTower, i);

      if (other->top >= 0 && capturable_owner (self, player, (guint) other->top) &&
          tessera_tower_in_range (tower, height, other->at))
        g_array_append_val (tops, i);
    }
}

/* What a tower piece at @at would stand on: a foundation (the new tile's too) or an open tower.
 * Returns the tower's height after the piece, or 0 with @error. */
static guint
check_floor (TesseraGame         *self,
             const TesseraEvent  *event,
             GError             **error)
{
  TesseraCell at = event->tower_at;
  const TesseraPlacedTile *tile = tessera_board_lookup (self->board, at);
  gboolean new_tile = at.x == event->at.x && at.y == event->at.y;
  const TesseraTower *tower = find_tower (self, at);
  gboolean foundation = new_tile ? event->tile_type != NULL && event->tile_type->tower
                                 : tile != NULL && tile->type->tower;

  if (self->tower_pieces[event->player] == 0)
    return _tessera_game_rule_error (self, event, error, _("%s has no tower piece left"),
                                     self->player_names[event->player]), 0;
  if (!foundation)
    return _tessera_game_rule_error (self, event, error,
                                     _("there is no tower foundation at [%d, %d] to build on"), at.x, at.y), 0;
  if (tower != NULL && tower->top >= 0)
    return _tessera_game_rule_error (self, event, error,
                                     _("the tower at [%d, %d] is closed: a follower of %s stands on top of it"),
                                     at.x, at.y, self->player_names[tower->top]), 0;
  return (tower != NULL ? tower->height : 0) + 1;
}

static gboolean
check_capture (TesseraGame         *self,
               const TesseraEvent  *event,
               guint                height,
               GError             **error)
{
  const TesseraPieceRef *capture = &event->capture;
  g_autoptr(GError) piece_error = NULL;
  guint owner;
  int index;

  if (!tessera_tower_in_range (event->tower_at, height, capture->at))
    return _tessera_game_rule_error (self, event, error,
                                     g_dngettext (GETTEXT_PACKAGE,
                                                  "[%d, %d] is out of range: a tower of %u piece reaches its own tile and %u tile straight out in each direction",
                                                  "[%d, %d] is out of range: a tower of %u pieces reaches its own tile and %u tiles straight out in each direction",
                                                  height),
                                     capture->at.x, capture->at.y, height, height);

  index = _tessera_game_find_piece (self, -1, capture->at, capture->spot, &piece_error);
  if (index >= 0)
    owner = self->pieces[index].player;
  else
    {
      const TesseraTower *top = find_top (self, -1, capture->at, capture->spot);

      if (top == NULL)
        return _tessera_game_rule_error (self, event, error, _("there is nothing to capture: %s"),
                                         piece_error->message);
      if (!self->tower_top_capturable)
        return _tessera_game_rule_error (self, event, error,
                                         _("the follower on top of the tower at [%d, %d] stays there to the end of the game and cannot be captured"),
                                         capture->at.x, capture->at.y);
      owner = (guint) top->top;
    }
  if (!capturable_owner (self, (guint) event->player, owner))
    return _tessera_game_rule_error (self, event, error,
                                     _("a tower captures only other players' followers, and the one at [%d, %d] %s is %s's own"),
                                     capture->at.x, capture->at.y, capture->spot, self->player_names[owner]);
  return TRUE;
}

/* T2: checks the turn's tower action, before the tile is placed. */
gboolean
_tessera_tower_check (TesseraGame         *self,
                      const TesseraEvent  *event,
                      GError             **error)
{
  TesseraCell at = event->tower_at;
  const TesseraTower *tower;
  guint height;

  if (!self->tower)
    return _tessera_game_rule_error (self, event, error, _("towers belong to The Tower, which is not in this game"));

  if (event->action == TESSERA_ACTION_TOWER)
    {
      height = check_floor (self, event, error);
      if (height == 0)
        return FALSE;
      return !event->has_capture || check_capture (self, event, height, error);
    }

  /* T3, T8: a follower from supply on top of an existing, open tower. */
  tower = find_tower (self, at);
  if (self->followers[event->player] == 0)
    return _tessera_game_rule_error (self, event, error, _("%s has no follower left in supply"),
                                     self->player_names[event->player]);
  if (tower == NULL)
    return _tessera_game_rule_error (self, event, error,
                                     _("there is no tower at [%d, %d]: a follower goes on a tower of at least one piece"),
                                     at.x, at.y);
  if (tower->top >= 0)
    return _tessera_game_rule_error (self, event, error,
                                     _("the tower at [%d, %d] is closed: a follower of %s stands on top of it"),
                                     at.x, at.y, self->player_names[tower->top]);
  return TRUE;
}

/* T10: as long as two players each hold a follower of the other, they swap them back. */
static void
exchange_prisoners (TesseraGame *self,
                    guint        a,
                    guint        b)
{
  while (self->prisoners[a][b] > 0 && self->prisoners[b][a] > 0)
    {
      self->prisoners[a][b]--;
      self->prisoners[b][a]--;
      self->followers[a]++;
      self->followers[b]++;
    }
}

static void
imprison (TesseraGame *self,
          guint        captor,
          guint        owner)
{
  /* T5 with the later rule: your own captured follower simply goes back to your supply. */
  if (owner == captor)
    {
      self->followers[owner]++;
      return;
    }
  self->prisoners[captor][owner]++;
  exchange_prisoners (self, captor, owner);
}

/* Carries out the checked tower action, after the tile is placed and before scoring. */
void
_tessera_tower_act (TesseraGame        *self,
                    const TesseraEvent *event)
{
  guint player = (guint) event->player;
  TesseraTower *tower = find_tower (self, event->tower_at);

  if (event->action == TESSERA_ACTION_TOWER_TOP)
    {
      tower->top = (int) player;
      self->followers[player]--;
      return;
    }

  if (tower == NULL)
    {
      TesseraTower started = { event->tower_at, 0, -1 };

      g_array_append_val (self->towers, started);
      tower = &g_array_index (self->towers, TesseraTower, self->towers->len - 1);
    }
  tower->height++;
  self->tower_pieces[player]--;

  if (event->has_capture)
    {
      int index = _tessera_game_find_piece (self, -1, event->capture.at, event->capture.spot, NULL);

      if (index >= 0)
        {
          const TesseraPiece *piece = &self->pieces[index];
          guint owner = piece->player;

          /* Off the board, and not into its owner's supply: into the captor's hands. */
          _tessera_game_remove_piece (self, (guint) index);
          imprison (self, player, owner);
        }
      else
        {
          TesseraTower *top = find_top (self, -1, event->capture.at, event->capture.spot);
          guint owner = (guint) top->top;

          /* T7 with the later rule: the captured top follower leaves and the tower reopens. */
          top->top = -1;
          imprison (self, player, owner);
        }
    }
}

/* T12: a player pays 3 points to get back a follower another player holds. */
gboolean
_tessera_tower_ransom (TesseraGame         *self,
                       const TesseraEvent  *event,
                       GError             **error)
{
  guint payer = (guint) event->player;
  guint captor = (guint) event->from;
  TesseraScoreEvent paid = { .feature = G_MAXUINT };
  TesseraScoreEvent received = { .feature = G_MAXUINT };
  int score;

  if (!self->tower)
    return _tessera_game_rule_error (self, event, error, _("ransom belongs to The Tower, which is not in this game"));
  if (self->finished)
    return _tessera_game_rule_error (self, event, error, _("the game has already ended"));
  if (self->prisoners[captor][payer] == 0)
    return _tessera_game_rule_error (self, event, error, _("%s holds no follower of %s"),
                                     self->player_names[captor], self->player_names[payer]);
  /* T14: nobody's score goes below 0. */
  score = tessera_game_get_score (self, payer);
  if (score < TESSERA_RANSOM_POINTS)
    return _tessera_game_rule_error (self, event, error, _("a ransom costs 3 points and %s has %d"),
                                     self->player_names[payer], score);

  self->prisoners[captor][payer]--;
  self->followers[payer]++;

  paid.event = received.event = self->n_events;
  paid.category = received.category = TESSERA_CATEGORY_RANSOM;
  paid.player = payer;
  paid.points = -TESSERA_RANSOM_POINTS;
  paid.reason = TESSERA_REASON_RANSOM_PAID;
  paid.other = captor;
  _tessera_game_add_score (self, &paid);
  received.player = captor;
  received.points = TESSERA_RANSOM_POINTS;
  received.reason = TESSERA_REASON_RANSOM_RECEIVED;
  received.other = payer;
  _tessera_game_add_score (self, &received);
  return TRUE;
}

/**
 * tessera_game_get_tower_at:
 * @cell: a cell of the board
 *
 * Returns: (nullable): the tower standing at @cell, or %NULL where none was started
 */
const TesseraTower *
tessera_game_get_tower_at (TesseraGame *self,
                           TesseraCell  cell)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), NULL);

  return self->tower ? find_tower (self, cell) : NULL;
}

/**
 * tessera_game_list_tower_floor_choices:
 * @player: who builds
 * @type: (nullable): the tile being placed, whose own foundation counts too
 * @cell: where it is placed
 * @choices: (element-type TesseraChoice): a choice for every foundation or open tower
 *
 * T2: where @player may add a tower piece instead of deploying a follower, each with the
 * tower's height with the piece and how many followers it could then capture. None when the
 * player has no piece left.
 */
void
tessera_game_list_tower_floor_choices (TesseraGame           *self,
                                       guint                  player,
                                       const TesseraTileType *type,
                                       TesseraCell            cell,
                                       GArray                *choices)
{
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (TesseraCell));

  g_return_if_fail (TESSERA_IS_GAME (self));

  if (!self->tower || self->tower_pieces[player] == 0)
    return;
  tessera_game_list_tower_targets (self, cells);
  if (type != NULL && type->tower)
    g_array_append_val (cells, cell);
  for (guint i = 0; i < cells->len; i++)
    {
      TesseraCell at = g_array_index (cells, TesseraCell, i);
      const TesseraTower *tower = find_tower (self, at);
      g_autoptr(GArray) captures = g_array_new (FALSE, FALSE, sizeof (TesseraChoice));
      TesseraChoice choice;

      _tessera_choice_init_cell (&choice, TESSERA_CHOICE_TOWER_FLOOR, at, (int) player);
      choice.height = (tower != NULL ? tower->height : 0) + 1;
      tessera_game_list_capture_choices (self, player, at, choice.height, captures);
      choice.n_captures = captures->len;
      g_array_append_val (choices, choice);
    }
}

/**
 * tessera_game_list_tower_top_choices:
 * @choices: (element-type TesseraChoice): a choice for every tower @player may close
 *
 * T3, T8: the open towers of at least one piece, when @player has a follower in supply.
 */
void
tessera_game_list_tower_top_choices (TesseraGame *self,
                                     guint        player,
                                     GArray      *choices)
{
  g_return_if_fail (TESSERA_IS_GAME (self));

  if (!self->tower || self->followers[player] == 0)
    return;
  for (guint i = 0; i < self->towers->len; i++)
    {
      const TesseraTower *tower = &g_array_index (self->towers, TesseraTower, i);
      TesseraChoice choice;

      if (tower->top >= 0 || tower->height == 0)
        continue;
      _tessera_choice_init_cell (&choice, TESSERA_CHOICE_TOWER_TOP, tower->at, (int) player);
      choice.height = tower->height;
      g_array_append_val (choices, choice);
    }
}

/**
 * tessera_game_list_capture_choices:
 * @player: who builds the floor
 * @tower: where the tower stands
 * @height: its height with the new floor
 * @choices: (element-type TesseraChoice): the followers it may capture, each with its owner
 *
 * T4, E28-E31: the followers within the tower's range (its own tile and @height tiles straight
 * out), others' only unless the table plays with tower_capture_own; tower tops only with
 * tower_top_capturable.
 */
void
tessera_game_list_capture_choices (TesseraGame *self,
                                   guint        player,
                                   TesseraCell  tower,
                                   guint        height,
                                   GArray      *choices)
{
  g_autoptr(GArray) pieces = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) tops = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_if_fail (TESSERA_IS_GAME (self));

  tessera_game_list_captures (self, player, tower, height, pieces, tops);
  for (guint i = 0; i < pieces->len; i++)
    {
      const TesseraPiece *piece = &self->pieces[g_array_index (pieces, guint, i)];
      TesseraChoice choice;

      _tessera_choice_init_on_board (&choice, TESSERA_CHOICE_CAPTURE, self, self->board, piece->segment, (int) piece->player);
      g_array_append_val (choices, choice);
    }
  for (guint i = 0; i < tops->len; i++)
    {
      const TesseraTower *other = &g_array_index (self->towers, TesseraTower, g_array_index (tops, guint, i));
      TesseraChoice choice;

      _tessera_choice_init_cell (&choice, TESSERA_CHOICE_CAPTURE, other->at, other->top);
      choice.height = other->height;
      g_array_append_val (choices, choice);
    }
}
