/* tessera-turn.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-turn"

#include "config.h"

#include <string.h>

#include "tessera-engine-private.h"
#include "tessera-choice.h"
#include "tessera-game-private.h"
#include "tessera-magic.h"
#include "tessera-spot.h"
#include "tessera-turn.h"
#include "tessera-wheel.h"

struct _TesseraTurn
{
  TesseraGame           *game;        /* the game before the turn */
  gboolean               crop_circles; /* crop-circle tiles are in play */
  guint                  player;
  TesseraTurnStep        step;
  const TesseraBoxEntry *entry;

  /* The wheel */
  gboolean               spins;
  guint                  landing;
  TesseraGame           *spun;        /* a copy of the game after the wheel turned, or NULL */

  /* Players asked in order (the Plague, the crop circle) and their moves so far */
  GArray                *order;       /* guint */
  guint                  asked;
  GArray                *plague;      /* TesseraPieceChoice */
  GArray                *crop_moves;  /* TesseraPieceChoice */

  GArray                *placements;  /* TesseraPlacement */
  gboolean               placed;
  TesseraCell            cell;
  guint                  rotation;

  gboolean               magic_needed;
  TesseraMagicFigure     figure;
  gboolean               magic_chosen;
  gboolean               magic_has_to;
  TesseraPieceRef        magic_to;

  TesseraTurnMode        mode;
  TesseraActionKind      action;
  char                   spot[TESSERA_SPOT_NAME_SIZE];
  char                   crown[TESSERA_CROWN_NAME_SIZE];
  TesseraCell            tower_at;
  guint                  tower_height;   /* after the new floor */
  gboolean               has_capture;
  TesseraPieceRef        capture;

  gboolean               crop_add;
  TesseraGame           *after;          /* the game after the turn, before the crop circle */

  GArray                *choices;        /* TesseraChoice: what the step may choose */
};

static void enter_step (TesseraTurn     *self,
                        TesseraTurnStep  step);

TesseraTurn *
tessera_turn_new (TesseraGame *game)
{
  TesseraTurn *self = g_new0 (TesseraTurn, 1);

  self->game = g_object_ref (game);
  self->crop_circles = game->crop_circles;
  self->player = tessera_game_get_current_player (game);
  self->order = g_array_new (FALSE, FALSE, sizeof (guint));
  self->plague = g_array_new (FALSE, FALSE, sizeof (TesseraPieceChoice));
  self->crop_moves = g_array_new (FALSE, FALSE, sizeof (TesseraPieceChoice));
  self->placements = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));
  self->choices = g_array_new (FALSE, TRUE, sizeof (TesseraChoice));
  self->step = TESSERA_TURN_DRAW;
  return self;
}

/**
 * tessera_turn_copy:
 *
 * Returns: (transfer full): a turn at the same step with the same choices made, to go on with
 *   apart: the review tries every way a turn can go on from a step
 */
TesseraTurn *
tessera_turn_copy (TesseraTurn *self)
{
  TesseraTurn *copy = g_memdup2 (self, sizeof (TesseraTurn));

  g_object_ref (copy->game);
  if (copy->spun != NULL)
    g_object_ref (copy->spun);
  if (copy->after != NULL)
    g_object_ref (copy->after);
  copy->order = g_array_copy (self->order);
  copy->plague = g_array_copy (self->plague);
  copy->crop_moves = g_array_copy (self->crop_moves);
  copy->placements = g_array_copy (self->placements);
  copy->choices = g_array_copy (self->choices);
  return copy;
}

void
tessera_turn_free (TesseraTurn *self)
{
  g_clear_object (&self->game);
  g_clear_object (&self->after);
  g_clear_object (&self->spun);
  g_array_unref (self->order);
  g_array_unref (self->plague);
  g_array_unref (self->crop_moves);
  g_array_unref (self->placements);
  g_array_unref (self->choices);
  g_free (self);
}

TesseraGame *
tessera_turn_get_game (TesseraTurn *self)
{
  return self->game;
}

TesseraTurnStep
tessera_turn_get_step (TesseraTurn *self)
{
  return self->step;
}

guint
tessera_turn_get_player (TesseraTurn *self)
{
  return self->player;
}

/* The player who must choose now: in the Plague and crop-circle rounds, each in turn. */
guint
tessera_turn_get_asked_player (TesseraTurn *self)
{
  if ((self->step == TESSERA_TURN_PLAGUE || self->step == TESSERA_TURN_CROP_MOVE) && self->asked < self->order->len)
    return g_array_index (self->order, guint, self->asked);
  return self->player;
}

const TesseraBoxEntry *
tessera_turn_get_entry (TesseraTurn *self)
{
  return self->entry;
}

gboolean
tessera_turn_get_placement (TesseraTurn *self,
                            TesseraCell *cell,
                            guint       *rotation)
{
  if (cell != NULL)
    *cell = self->cell;
  if (rotation != NULL)
    *rotation = self->rotation;
  return self->placed;
}

/* The rotations, a bit each, in which the drawn tile may go at @cell. */
guint
tessera_turn_get_rotations_at (TesseraTurn *self,
                               TesseraCell  cell)
{
  guint rotations = 0;

  for (guint i = 0; i < self->placements->len; i++)
    {
      const TesseraPlacement *placement = &g_array_index (self->placements, TesseraPlacement, i);

      if (placement->cell.x == cell.x && placement->cell.y == cell.y)
        rotations |= 1u << placement->rotation;
    }
  return rotations;
}

const TesseraPlacement *
tessera_turn_get_placements (TesseraTurn *self,
                             guint       *n_placements)
{
  *n_placements = self->step == TESSERA_TURN_PLACE ? self->placements->len : 0;
  return (const TesseraPlacement *) self->placements->data;
}

/**
 * tessera_turn_get_choices:
 * @n_choices: (out): how many
 *
 * Returns: (array length=n_choices): every legal choice of the current step, as the engine
 *   lists them: follower spots and crown spaces, tower floors or tops, captures, the mage's or
 *   witch's roads and cities, the asked player's Plague or crop-circle moves
 */
const TesseraChoice *
tessera_turn_get_choices (TesseraTurn *self,
                          guint       *n_choices)
{
  *n_choices = self->choices->len;
  return (const TesseraChoice *) (gpointer) self->choices->data;
}

/* The wheel segment the drawn tile takes the pig to, or -1. */
int
tessera_turn_get_landing (TesseraTurn *self)
{
  return self->entry != NULL && self->spins ? (int) self->landing : -1;
}

/**
 * tessera_turn_get_wheel_scores:
 * @n_scores: (out): how many
 *
 * Returns: (array length=n_scores): what the wheel scored when the drawn tile turned it (W10),
 *   before the tile is placed; none when the wheel did not turn or nobody scored
 */
const TesseraScoreEvent *
tessera_turn_get_wheel_scores (TesseraTurn *self,
                               guint       *n_scores)
{
  guint n_before = tessera_game_get_n_score_events (self->game);
  guint n_after = 0;
  const TesseraScoreEvent *scores;

  *n_scores = 0;
  if (self->spun == NULL)
    return NULL;
  scores = tessera_game_get_score_events (self->spun, &n_after);
  *n_scores = n_after - n_before;
  return scores + n_before;
}

/* Whether the drawn tile turned the wheel and the Plague's choices (if any) were legal. */
gboolean
tessera_turn_has_spun (TesseraTurn *self)
{
  return self->spun != NULL;
}

/* Whether the crop circle adds followers (or takes them back), once it is chosen. */
gboolean
tessera_turn_get_crop_add (TesseraTurn *self)
{
  return self->crop_add;
}

TesseraTurnMode
tessera_turn_get_mode (TesseraTurn *self)
{
  return self->mode;
}

TesseraMagicFigure
tessera_turn_get_figure (TesseraTurn *self)
{
  return self->figure;
}

TesseraCell
tessera_turn_get_tower_cell (TesseraTurn *self,
                             guint       *height)
{
  if (height != NULL)
    *height = self->tower_height;
  return self->tower_at;
}

/* Choices ---------------------------------------------------------------------------------- */

static void
clear_choices (TesseraTurn *self)
{
  g_array_set_size (self->choices, 0);
}

/* The game as the wheel left it: the placement and the actions come after the wheel (W10). */
static TesseraGame *
action_game (TesseraTurn *self)
{
  return self->spun != NULL ? self->spun : self->game;
}

/**
 * tessera_turn_get_action_game:
 *
 * Returns: (transfer none): the game the tile is placed in: as the drawn tile's wheel left it
 *   (W10), or the game before the turn when the wheel did not turn
 */
TesseraGame *
tessera_turn_get_action_game (TesseraTurn *self)
{
  return action_game (self);
}

/**
 * tessera_turn_get_tile_at:
 * @cell: a cell of the board
 * @type: (out): the tile type shown there
 * @rotation: (out): its quarter turns
 *
 * The tile at @cell as the turn shows it: the drawn tile where it is being placed, or the
 * board's.
 *
 * Returns: whether there is a tile
 */
gboolean
tessera_turn_get_tile_at (TesseraTurn            *self,
                          TesseraCell             cell,
                          const TesseraTileType **type,
                          guint                  *rotation)
{
  const TesseraPlacedTile *tile;

  if (self->placed && cell.x == self->cell.x && cell.y == self->cell.y)
    {
      *type = self->entry->type;
      *rotation = self->rotation;
      return TRUE;
    }
  tile = tessera_board_lookup (tessera_game_get_board (self->after != NULL ? self->after : action_game (self)), cell);
  if (tile == NULL)
    return FALSE;
  *type = tile->type;
  *rotation = tile->rotation;
  return TRUE;
}

static void
list_action_choices (TesseraTurn *self)
{
  TesseraGame *game = action_game (self);

  switch (self->mode)
    {
    case TESSERA_TURN_MODE_FOLLOWER:
      /* Where the Plague took a follower away, or the crowns sent one home, a feature or a
       * crown space may be free again, and the follower back in supply, in time for this turn. */
      if (tessera_game_get_followers_in_supply (game, self->player) > 0)
        {
          tessera_game_list_follower_choices (game, self->entry->type, self->cell, self->rotation, self->choices);
          tessera_game_list_crown_choices (game, -1, self->choices);
        }
      break;

    case TESSERA_TURN_MODE_TOWER:
      tessera_game_list_tower_floor_choices (game, self->player, self->entry->type, self->cell, self->choices);
      break;

    case TESSERA_TURN_MODE_TOWER_TOP:
      tessera_game_list_tower_top_choices (game, self->player, self->choices);
      break;

    default:
      g_assert_not_reached ();
    }
}

/* Steps ------------------------------------------------------------------------------------- */

static gboolean
lands_on_plague (TesseraTurn *self)
{
  const TesseraWheelBoard *wheel = tessera_game_get_wheel (self->game);

  return self->spins && g_strcmp0 (wheel->segments[self->landing].name, "plague") == 0;
}

/* The next player of a round who has anything to choose; the others are recorded as passing. */
static gboolean
ask_next (TesseraTurn *self,
          GArray      *moves)
{
  while (self->asked < self->order->len)
    {
      guint player = g_array_index (self->order, guint, self->asked);

      clear_choices (self);
      if (self->step == TESSERA_TURN_PLAGUE)
        tessera_game_list_plague_choices (self->game, player, self->choices);
      else
        tessera_game_list_crop_choices (self->after != NULL ? self->after : self->game, self->entry->type->crop,
                                        self->crop_add, player, self->choices);
      if (self->choices->len > 0)
        return TRUE;

      {
        TesseraPieceChoice none = { (int) player, FALSE, { { 0, 0 }, "" } };

        g_array_append_val (moves, none);
      }
      self->asked++;
    }
  return FALSE;
}

static void
set_order (TesseraTurn *self,
           guint        first)
{
  guint n = tessera_game_get_n_players (self->game);

  g_array_set_size (self->order, 0);
  for (guint i = 0; i < n; i++)
    {
      guint player = (first + i) % n;

      g_array_append_val (self->order, player);
    }
  self->asked = 0;
}

/* The turn so far as an event of the record; @crop_trial: the crop circle with everybody
 * passing, to see the board as the turn leaves it before the circle acts. */
static TesseraEvent *
build_event (TesseraTurn            *self,
             const TesseraPlacement *placement,
             gboolean                crop_trial)
{
  g_autoptr(TesseraEvent) event = NULL;

  if (placement == NULL)
    event = tessera_event_new_discard (self->player, self->entry->id);
  else
    event = tessera_event_new_turn (self->player, self->entry->id, placement->cell, placement->rotation * 90);

  if (lands_on_plague (self) && self->plague->len > 0)
    tessera_event_set_plague (event, (const TesseraPieceChoice *) (gpointer) self->plague->data, self->plague->len);

  if (placement == NULL)
    return g_steal_pointer (&event);

  if (self->magic_chosen)
    tessera_event_set_magic (event, self->figure, self->magic_has_to ? &self->magic_to : NULL);

  switch (self->action)
    {
    case TESSERA_ACTION_NONE:
      break;
    case TESSERA_ACTION_FOLLOWER:
      tessera_event_set_follower (event, self->spot);
      break;
    case TESSERA_ACTION_CROWN:
      tessera_event_set_crown (event, self->crown);
      break;
    case TESSERA_ACTION_TOWER:
    case TESSERA_ACTION_TOWER_TOP:
      tessera_event_set_tower (event, self->tower_at, self->action == TESSERA_ACTION_TOWER_TOP,
                               self->action == TESSERA_ACTION_TOWER && self->has_capture ? &self->capture : NULL);
      break;
    default:
      g_assert_not_reached ();
    }

  if (self->entry->type->crop != TESSERA_CROP_NONE && self->crop_circles)
    {
      if (crop_trial)
        {
          guint n_players = tessera_game_get_n_players (self->game);
          g_autofree TesseraPieceChoice *passes = g_new0 (TesseraPieceChoice, n_players);

          /* From the active player's left round to the active player (C3). */
          for (guint i = 0; i < n_players; i++)
            passes[i].player = (int) ((self->player + 1 + i) % n_players);
          tessera_event_set_crop (event, TRUE, passes, n_players);
        }
      else if (self->step == TESSERA_TURN_CONFIRM)
        tessera_event_set_crop (event, self->crop_add,
                                (const TesseraPieceChoice *) (gpointer) self->crop_moves->data, self->crop_moves->len);
    }
  return g_steal_pointer (&event);
}

/* The game as the turn leaves it before the crop circle acts: the turn applied to a copy, with
 * every player passing on the circle. */
static TesseraGame *
game_before_crop (TesseraTurn *self)
{
  TesseraPlacement placement = { self->cell, (guint8) self->rotation };
  g_autoptr(TesseraGame) copy = tessera_game_copy (self->game);
  g_autoptr(TesseraEvent) event = build_event (self, &placement, TRUE);

  if (!tessera_game_apply (copy, event, NULL))
    return NULL;
  return g_steal_pointer (&copy);
}

/* Turns the wheel on a copy of the game, as the drawn tile does before it is placed (with the
 * Plague's choices): the placement and the actions come after it (W10). */
static void
spin_wheel (TesseraTurn *self)
{
  g_autoptr(TesseraGame) copy = tessera_game_copy (self->game);
  g_autoptr(TesseraEvent) event = build_event (self, NULL, FALSE);

  g_clear_object (&self->spun);
  if (tessera_game_spin_wheel (copy, event, NULL))
    self->spun = g_steal_pointer (&copy);
}

static void
after_action (TesseraTurn *self)
{
  if (self->entry->type->crop != TESSERA_CROP_NONE && self->crop_circles)
    enter_step (self, TESSERA_TURN_CROP_CHOICE);
  else
    enter_step (self, TESSERA_TURN_CONFIRM);
}

static void
enter_step (TesseraTurn     *self,
            TesseraTurnStep  step)
{
  self->step = step;
  clear_choices (self);

  switch (step)
    {
    case TESSERA_TURN_DRAW:
    case TESSERA_TURN_DISCARD:
    case TESSERA_TURN_CROP_CHOICE:
    case TESSERA_TURN_CONFIRM:
      break;

    case TESSERA_TURN_PLAGUE:
      if (!ask_next (self, self->plague))
        {
          spin_wheel (self);
          enter_step (self, self->placements->len > 0 ? TESSERA_TURN_PLACE : TESSERA_TURN_DISCARD);
        }
      break;

    case TESSERA_TURN_PLACE:
      break;

    case TESSERA_TURN_MAGIC:
      tessera_game_list_magic_choices (action_game (self), self->entry->type, self->cell, self->rotation, self->figure,
                                       self->choices);
      break;

    case TESSERA_TURN_ACTION:
      list_action_choices (self);
      break;

    case TESSERA_TURN_CAPTURE:
      tessera_game_list_capture_choices (action_game (self), self->player, self->tower_at, self->tower_height,
                                         self->choices);
      if (self->choices->len == 0)
        after_action (self);
      break;

    case TESSERA_TURN_CROP_MOVE:
      if (!ask_next (self, self->crop_moves))
        enter_step (self, TESSERA_TURN_CONFIRM);
      break;

    default:
      g_assert_not_reached ();
    }
}

/* Choices ----------------------------------------------------------------------------------- */

void
tessera_turn_choose_tile (TesseraTurn           *self,
                          const TesseraBoxEntry *entry)
{
  const TesseraWheelBoard *wheel = tessera_game_get_wheel (self->game);

  g_return_if_fail (entry != NULL);

  self->entry = entry;
  self->placed = FALSE;
  g_array_set_size (self->plague, 0);
  g_array_set_size (self->placements, 0);
  g_clear_object (&self->spun);
  tessera_board_list_placements (tessera_game_get_board (self->game), entry->type, self->placements);

  self->spins = wheel != NULL && entry->wheel > 0;
  if (self->spins)
    {
      self->landing = tessera_game_get_pig_landing (self->game, entry->wheel);
      if (lands_on_plague (self))
        {
          /* The Plague: the active player first, then clockwise. */
          set_order (self, self->player);
          enter_step (self, TESSERA_TURN_PLAGUE);
          return;
        }
      spin_wheel (self);
    }
  enter_step (self, self->placements->len > 0 ? TESSERA_TURN_PLACE : TESSERA_TURN_DISCARD);
}

gboolean
tessera_turn_place (TesseraTurn *self,
                    TesseraCell  cell,
                    guint        rotation)
{
  g_return_val_if_fail (self->step == TESSERA_TURN_PLACE, FALSE);

  /* Any rotation that fits: the placements list each distinct orientation once, and a record
   * may turn a symmetric tile either way. */
  if (!tessera_board_fits (tessera_game_get_board (self->game), self->entry->type, cell, rotation & 3))
    return FALSE;

  self->placed = TRUE;
  self->cell = cell;
  self->rotation = rotation & 3;
  self->action = TESSERA_ACTION_NONE;
  self->magic_chosen = FALSE;
  self->mode = TESSERA_TURN_MODE_FOLLOWER;
  self->magic_needed = tessera_game_placement_moves_figure (self->game, self->entry->type, cell, rotation & 3);
  if (self->magic_needed)
    {
      /* Offer the figure that can go somewhere; the mage first. */
      self->figure = TESSERA_MAGIC_MAGE;
      enter_step (self, TESSERA_TURN_MAGIC);
      if (self->choices->len == 0)
        {
          self->figure = TESSERA_MAGIC_WITCH;
          enter_step (self, TESSERA_TURN_MAGIC);
          /* Nowhere to go: the figure to take off is one on the board. */
          if (self->choices->len == 0)
            self->figure = tessera_game_get_magic_segment (self->game, TESSERA_MAGIC_MAGE) >= 0
                           ? TESSERA_MAGIC_MAGE : TESSERA_MAGIC_WITCH;
        }
      /* Nowhere to go and nothing on the board to take off: the figures wait (M6). */
      if (self->choices->len == 0
          && tessera_game_get_magic_segment (self->game, TESSERA_MAGIC_MAGE) < 0
          && tessera_game_get_magic_segment (self->game, TESSERA_MAGIC_WITCH) < 0)
        self->magic_needed = FALSE;
    }
  if (self->magic_needed)
    enter_step (self, TESSERA_TURN_MAGIC);
  else
    enter_step (self, TESSERA_TURN_ACTION);
  return TRUE;
}

void
tessera_turn_set_figure (TesseraTurn        *self,
                         TesseraMagicFigure  figure)
{
  g_return_if_fail (self->step == TESSERA_TURN_MAGIC);

  self->figure = figure;
  enter_step (self, TESSERA_TURN_MAGIC);
}

void
tessera_turn_set_mode (TesseraTurn     *self,
                       TesseraTurnMode  mode)
{
  g_return_if_fail (self->step == TESSERA_TURN_ACTION);

  self->mode = mode;
  enter_step (self, TESSERA_TURN_ACTION);
}

/**
 * tessera_turn_choose:
 * @index: one of the current step's choices
 *
 * Takes the choice and goes on to the next step that asks something.
 */
void
tessera_turn_choose (TesseraTurn *self,
                     guint        index)
{
  TesseraChoice choice;

  g_return_if_fail (index < self->choices->len);

  choice = g_array_index (self->choices, TesseraChoice, index);
  switch (self->step)
    {
    case TESSERA_TURN_PLAGUE:
    case TESSERA_TURN_CROP_MOVE:
      {
        TesseraPieceChoice move = { (int) tessera_turn_get_asked_player (self), TRUE, choice.where };

        g_array_append_val (self->step == TESSERA_TURN_PLAGUE ? self->plague : self->crop_moves, move);
        self->asked++;
        enter_step (self, self->step);
      }
      break;

    case TESSERA_TURN_MAGIC:
      self->magic_chosen = TRUE;
      self->magic_has_to = TRUE;
      self->magic_to = choice.where;
      enter_step (self, TESSERA_TURN_ACTION);
      break;

    case TESSERA_TURN_ACTION:
      switch (choice.kind)
        {
        case TESSERA_CHOICE_CROWN:
          self->action = TESSERA_ACTION_CROWN;
          g_strlcpy (self->crown, choice.where.spot, sizeof self->crown);
          after_action (self);
          break;
        case TESSERA_CHOICE_FOLLOWER:
          self->action = TESSERA_ACTION_FOLLOWER;
          g_strlcpy (self->spot, choice.where.spot, sizeof self->spot);
          after_action (self);
          break;
        case TESSERA_CHOICE_TOWER_FLOOR:
          self->action = TESSERA_ACTION_TOWER;
          self->tower_at = choice.where.at;
          self->tower_height = choice.height;
          self->has_capture = FALSE;
          enter_step (self, TESSERA_TURN_CAPTURE);
          break;
        case TESSERA_CHOICE_TOWER_TOP:
          self->action = TESSERA_ACTION_TOWER_TOP;
          self->tower_at = choice.where.at;
          after_action (self);
          break;
        case TESSERA_CHOICE_CAPTURE:
        case TESSERA_CHOICE_MAGIC:
        case TESSERA_CHOICE_PLAGUE:
        case TESSERA_CHOICE_CROP_ADD:
        case TESSERA_CHOICE_CROP_REMOVE:
        default:
          g_return_if_reached ();
        }
      break;

    case TESSERA_TURN_CAPTURE:
      self->has_capture = TRUE;
      self->capture = choice.where;
      after_action (self);
      break;

    case TESSERA_TURN_DRAW:
    case TESSERA_TURN_DISCARD:
    case TESSERA_TURN_PLACE:
    case TESSERA_TURN_CROP_CHOICE:
    case TESSERA_TURN_CONFIRM:
    default:
      g_return_if_reached ();
    }
}

/* Whether the current step may be left without a choice: no follower, no capture, a crop-circle
 * pass, or a figure that has nowhere to go. */
gboolean
tessera_turn_can_skip (TesseraTurn *self)
{
  switch (self->step)
    {
    case TESSERA_TURN_ACTION:
    case TESSERA_TURN_CAPTURE:
      return TRUE;
    case TESSERA_TURN_CROP_MOVE:
      return self->crop_add;
    case TESSERA_TURN_MAGIC:
      return self->choices->len == 0;
    case TESSERA_TURN_DRAW:
    case TESSERA_TURN_PLAGUE:
    case TESSERA_TURN_DISCARD:
    case TESSERA_TURN_PLACE:
    case TESSERA_TURN_CROP_CHOICE:
    case TESSERA_TURN_CONFIRM:
    default:
      return FALSE;
    }
}

void
tessera_turn_skip (TesseraTurn *self)
{
  g_return_if_fail (tessera_turn_can_skip (self));

  switch (self->step)
    {
    case TESSERA_TURN_ACTION:
      self->action = TESSERA_ACTION_NONE;
      after_action (self);
      break;

    case TESSERA_TURN_CAPTURE:
      self->has_capture = FALSE;
      after_action (self);
      break;

    case TESSERA_TURN_CROP_MOVE:
      {
        TesseraPieceChoice none = { (int) tessera_turn_get_asked_player (self), FALSE, { { 0, 0 }, "" } };

        g_array_append_val (self->crop_moves, none);
        self->asked++;
        enter_step (self, TESSERA_TURN_CROP_MOVE);
      }
      break;

    case TESSERA_TURN_MAGIC:
      /* Nothing qualifies: the figure leaves the board. */
      self->magic_chosen = TRUE;
      self->magic_has_to = FALSE;
      enter_step (self, TESSERA_TURN_ACTION);
      break;

    case TESSERA_TURN_DRAW:
    case TESSERA_TURN_PLAGUE:
    case TESSERA_TURN_DISCARD:
    case TESSERA_TURN_PLACE:
    case TESSERA_TURN_CROP_CHOICE:
    case TESSERA_TURN_CONFIRM:
    default:
      g_return_if_reached ();
    }
}

void
tessera_turn_choose_crop (TesseraTurn *self,
                          gboolean     add)
{
  g_return_if_fail (self->step == TESSERA_TURN_CROP_CHOICE);

  self->crop_add = add;
  g_array_set_size (self->crop_moves, 0);
  /* From the active player's left round to the active player. */
  set_order (self, (self->player + 1) % tessera_game_get_n_players (self->game));
  g_clear_object (&self->after);
  self->after = game_before_crop (self);
  enter_step (self, TESSERA_TURN_CROP_MOVE);
}

/* One step back: the choices of the step left are forgotten. */
void
tessera_turn_back (TesseraTurn *self)
{
  switch (self->step)
    {
    case TESSERA_TURN_CONFIRM:
    case TESSERA_TURN_CROP_CHOICE:
    case TESSERA_TURN_CROP_MOVE:
    case TESSERA_TURN_CAPTURE:
      self->action = TESSERA_ACTION_NONE;
      self->has_capture = FALSE;
      g_array_set_size (self->crop_moves, 0);
      enter_step (self, TESSERA_TURN_ACTION);
      if (self->choices->len == 0 && !self->placed)
        enter_step (self, TESSERA_TURN_DRAW);
      break;

    case TESSERA_TURN_ACTION:
    case TESSERA_TURN_MAGIC:
      self->placed = FALSE;
      self->magic_chosen = FALSE;
      enter_step (self, TESSERA_TURN_PLACE);
      break;

    case TESSERA_TURN_PLACE:
    case TESSERA_TURN_PLAGUE:
    case TESSERA_TURN_DISCARD:
      self->entry = NULL;
      self->placed = FALSE;
      g_array_set_size (self->plague, 0);
      g_clear_object (&self->spun);
      enter_step (self, TESSERA_TURN_DRAW);
      break;

    case TESSERA_TURN_DRAW:
    default:
      break;
    }
}

/**
 * tessera_turn_build_event:
 *
 * Returns: (transfer full): the turn as entered, as the event the game applies and the history
 *   keeps
 */
TesseraEvent *
tessera_turn_build_event (TesseraTurn *self)
{
  TesseraPlacement placement = { self->cell, (guint8) self->rotation };

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (self->step == TESSERA_TURN_CONFIRM || self->step == TESSERA_TURN_DISCARD, NULL);

  return build_event (self, self->step == TESSERA_TURN_DISCARD ? NULL : &placement, FALSE);
}


/**
 * tessera_turn_preview:
 * @preview: (out caller-allocates): made with tessera_preview_init(); what the turn would do
 * @error: why the turn as entered is refused
 *
 * What the turn entered so far would do if it were confirmed now: the points, the followers
 * placed, sent home and captured, the towers, the pig, the crown spaces, the mage and witch.
 * Before the crop circle is answered, every player passes on it. The game does not change.
 * Needs a placed tile, or a tile that fits nowhere.
 *
 * Returns: whether the turn so far is legal
 */
gboolean
tessera_turn_preview (TesseraTurn     *self,
                      TesseraPreview  *preview,
                      GError         **error)
{
  TesseraPlacement placement = { self->cell, (guint8) self->rotation };
  g_autoptr(TesseraEvent) event = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (self->placed || self->step == TESSERA_TURN_DISCARD, FALSE);

  if (self->step == TESSERA_TURN_DISCARD)
    event = build_event (self, NULL, FALSE);
  else
    event = build_event (self, &placement, self->step != TESSERA_TURN_CONFIRM);
  return tessera_game_preview (self->game, event, preview, error);
}
