/* tessera-wheel.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-wheel"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "tessera-engine-private.h"
#include "tessera-game-private.h"
#include "tessera-spot.h"
#include "tessera-tower.h"
#include "tessera-wheel.h"

/* The Wheel of Fortune, as the Dutch rulebook (Het Rad van Fortuin) and the Spanish one (La
 * Rueda de la Fortuna) tell it, with the answers of rules-clarifications.md W1-W22.
 *
 * A drawn wheel tile first moves the pig clockwise by its number; then the segment where the
 * pig stops acts, then the followers on that segment's crown spaces score and go home, and only
 * then is the tile placed (W10). The game calls _tessera_wheel_spin() for that, before it places
 * the tile, and _tessera_wheel_check_crown() / _tessera_wheel_deploy() when a player puts a
 * follower on a crown space instead of on the new tile. The segments are board data (their
 * names and crown spaces come from the tile catalogue); what each one does is here. */

const TesseraWheelBoard *
tessera_game_get_wheel (TesseraGame *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), NULL);
  return self->wheel;
}

/* The segment a tile showing wheel number @number moves the pig to: clockwise, round the wheel.
 * Every wheel tile of a replay asks, so the engine reads it without the public checks. */
static inline guint
pig_landing (TesseraGame *self,
             guint        number)
{
  return (self->pig + number) % self->wheel->n_segments;
}

guint
tessera_game_get_pig_landing (TesseraGame *self,
                              guint        number)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), 0);
  g_return_val_if_fail (self->wheel != NULL, 0);
  return pig_landing (self, number);
}

guint
tessera_game_get_pig (TesseraGame *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), 0);
  return self->pig;
}

int
tessera_game_get_crown_occupant (TesseraGame *self,
                                 guint        segment,
                                 guint        space)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), -1);
  g_return_val_if_fail (self->wheel != NULL, -1);
  g_return_val_if_fail (segment < self->wheel->n_segments && space < self->wheel->segments[segment].n_crowns, -1);
  return self->crowns[segment][space];
}

guint
tessera_game_count_crown_followers (TesseraGame *self,
                                    guint        player)
{
  guint count = 0;

  g_return_val_if_fail (TESSERA_IS_GAME (self), 0);
  if (self->wheel == NULL)
    return 0;
  for (guint s = 0; s < self->wheel->n_segments; s++)
    for (guint c = 0; c < self->wheel->segments[s].n_crowns; c++)
      count += self->crowns[s][c] == (int) player;
  return count;
}

/* "taxes-1": the segment's name and the space's number counted clockwise from 1. */
gboolean
tessera_wheel_parse_crown (const TesseraWheelBoard *wheel,
                           const char              *name,
                           guint                   *segment,
                           guint                   *space)
{
  const char *dash = strrchr (name, '-');

  if (dash == NULL || dash[1] < '1' || dash[1] > '9' || dash[2] != '\0')
    return FALSE;
  for (guint s = 0; s < wheel->n_segments; s++)
    {
      const char *segment_name = wheel->segments[s].name;

      if (strlen (segment_name) == (gsize) (dash - name) && strncmp (segment_name, name, dash - name) == 0 &&
          (guint) (dash[1] - '1') < wheel->segments[s].n_crowns)
        {
          *segment = s;
          *space = (guint) (dash[1] - '1');
          return TRUE;
        }
    }
  return FALSE;
}

const char *
tessera_wheel_crown_name (const TesseraWheelBoard *wheel,
                          guint                    segment,
                          guint                    space,
                          char                     buffer[TESSERA_CROWN_NAME_SIZE])
{
  /* Not printf: every crown scoring names its space. A segment has at most two. */
  gsize length = MIN (g_strlcpy (buffer, wheel->segments[segment].name, TESSERA_CROWN_NAME_SIZE - 2),
                      TESSERA_CROWN_NAME_SIZE - 3);

  buffer[length] = '-';
  buffer[length + 1] = (char) ('1' + space);
  buffer[length + 2] = '\0';
  return buffer;
}

/* The segment's name on the wheel, for people. */
const char *
tessera_wheel_segment_phrase (const char *segment)
{
  if (g_str_equal (segment, "fortuna"))
    return _("Fortuna");
  if (g_str_equal (segment, "taxes"))
    return _("Taxes");
  if (g_str_equal (segment, "famine"))
    return _("Famine");
  if (g_str_equal (segment, "storm"))
    return _("Storm");
  if (g_str_equal (segment, "inquisition"))
    return _("Inquisition");
  if (g_str_equal (segment, "plague"))
    return _("Plague");
  return segment;
}

/* What each segment does, found by its name in the board data (once per box combination). */
void
_tessera_wheel_read_actions (const TesseraWheelBoard *wheel,
                             WheelAction              actions[TESSERA_WHEEL_SEGMENTS])
{
  static const char * const names[] = { NULL, "fortuna", "taxes", "famine", "storm", "inquisition", "plague" };

  g_assert (wheel->n_segments <= TESSERA_WHEEL_SEGMENTS);
  for (guint s = 0; s < wheel->n_segments; s++)
    {
      actions[s] = WHEEL_NOTHING;
      for (guint a = 1; a < G_N_ELEMENTS (names); a++)
        if (g_str_equal (wheel->segments[s].name, names[a]))
          actions[s] = (WheelAction) a;
    }
}

/* The wheel board is the start: its 16 squares lie on [0..3, 0..3]. */
void
_tessera_wheel_lay_board (const TesseraWheelBoard *wheel,
                          TesseraBoard            *board)
{
  for (guint i = 0; i < wheel->width * wheel->height; i++)
    {
      TesseraCell cell = { (int) (i % wheel->width), (int) (i / wheel->width) };
      tessera_board_place (board, wheel->squares[i], cell, 0);
    }
}

/* The pig starts on Fortuna, the crown spaces empty. */
void
_tessera_wheel_reset (TesseraGame *self)
{
  self->pig = 0;
  for (guint s = 0; s < TESSERA_WHEEL_SEGMENTS; s++)
    for (guint c = 0; c < TESSERA_WHEEL_CROWNS; c++)
      self->crowns[s][c] = -1;
}

static void
score_wheel (TesseraGame       *self,
             TesseraReasonKind  reason,
             guint              player,
             int                points,
             TesseraScoreEvent *score)
{
  score->event = self->n_events;
  score->player = player;
  score->points = points;
  score->category = reason == TESSERA_REASON_CROWN ? TESSERA_CATEGORY_CROWN : TESSERA_CATEGORY_WHEEL;
  score->reason = reason;
  _tessera_game_add_score (self, score);
}

/* W12: the active player alone scores 3. */
static void
act_fortuna (TesseraGame *self,
             guint        active)
{
  TesseraScoreEvent score = { .feature = G_MAXUINT };

  score_wheel (self, TESSERA_REASON_FORTUNA, active, 3, &score);
}

/* W13 and W14: for every city (Taxes) or farm (Famine), each player with followers of that
 * kind in it scores for each of them; majority does not matter, and the followers stay. */
static void
act_per_feature (TesseraGame        *self,
                 TesseraFeatureKind  kind)
{
  guint n_players = self->n_players;
  guint roots[TESSERA_MAX_PLAYERS * TESSERA_FOLLOWERS_PER_PLAYER];
  guint owners[TESSERA_MAX_PLAYERS * TESSERA_FOLLOWERS_PER_PLAYER];
  guint n_found = 0;

  g_assert (self->n_pieces <= G_N_ELEMENTS (roots));

  /* The knights (or farmers) and their features first: the rest of the pieces play no part.
   * Written without a branch per piece: which kind a piece is, is anybody's guess. */
  for (guint i = 0; i < self->n_pieces; i++)
    {
      const TesseraPiece *piece = &self->pieces[i];

      roots[n_found] = tessera_board_find (self->board, piece->segment);
      owners[n_found] = piece->player;
      n_found += piece->kind == kind;
    }

  for (guint i = 0; i < n_found; i++)
    {
      guint counts[TESSERA_MAX_PLAYERS] = { 0 };
      guint root = roots[i];
      TesseraScoreEvent score;

      /* Each feature once: its followers are counted, and crossed off, at the first one. */
      if (root == G_MAXUINT)
        continue;
      for (guint j = i; j < n_found; j++)
        {
          gboolean same = roots[j] == root;

          counts[owners[j]] += same;
          roots[j] = same ? G_MAXUINT : roots[j];
        }
      score = (TesseraScoreEvent) { .feature = root };

      /* Taxes needs the city's pennants, Famine the farm's completed cities. */
      if (kind == TESSERA_FEATURE_CITY)
        score.n_pennants = _tessera_board_count_pennants (self->board, root);
      else
        {
          score.n_cities = tessera_board_count_field_cities (self->board, root, TRUE);
          if (score.n_cities == 0)
            continue;
        }
      _tessera_game_locate_feature (self, root, &score);

      for (guint p = 0; p < n_players; p++)
        {
          guint k = counts[p];

          if (k == 0)
            continue;
          score.n_followers = k;
          if (kind == TESSERA_FEATURE_CITY)
            /* Per knight: the city's pennants plus the player's own knights there. */
            score_wheel (self, TESSERA_REASON_TAXES, p, (int) (k * (score.n_pennants + k)), &score);
          else
            /* Per farmer: 1 for each completed city of the farm, whoever holds the farm. */
            score_wheel (self, TESSERA_REASON_FAMINE, p, (int) (k * score.n_cities), &score);
        }
    }
}

/* W15: 1 point per follower in supply; W16: 2 per monk. */
static void
act_per_player (TesseraGame       *self,
                TesseraReasonKind  reason)
{
  for (guint p = 0; p < self->n_players; p++)
    {
      TesseraScoreEvent score = { .feature = G_MAXUINT };
      guint count = 0;

      if (reason == TESSERA_REASON_STORM)
        count = self->followers[p];
      else
        for (guint i = 0; i < self->n_monks; i++)
          count += self->monks[i].player == p;
      if (count == 0)
        continue;
      score.n_followers = count;
      score_wheel (self, reason, p, (int) (reason == TESSERA_REASON_STORM ? count : 2 * count), &score);
    }
}

/* X5: a follower on top of a tower stays there to the end, so only the followers on land
 * count; crown spaces are not land either. */
static gboolean
player_has_land_follower (TesseraGame *self,
                          guint        player)
{
  for (guint i = 0; i < self->n_pieces; i++)
    if (self->pieces[i].player == player)
      return TRUE;
  return FALSE;
}

/* W17: every player takes one of their own followers from a land tile back into supply, the
 * active player first, then clockwise. Which one is the record's "plague" list. */
static gboolean
act_plague (TesseraGame         *self,
            const TesseraEvent  *event,
            guint                active,
            GError             **error)
{
  guint n_players = self->n_players;
  const TesseraEventChoices *choices = event->choices;

  if (choices == NULL || !choices->has_plague)
    {
      for (guint p = 0; p < n_players; p++)
        if (player_has_land_follower (self, p))
          return _tessera_game_rule_error (self, event, error,
                                           _("the pig lands on Plague: \"plague\" must say which follower each player takes back, starting with %s"),
                                           self->player_names[active]);
      return TRUE;
    }

  if (choices->n_plague_choices != n_players)
    return _tessera_game_rule_error (self, event, error,
                                     _("\"plague\" must list one choice for each of the %u players, starting with %s"),
                                     n_players, self->player_names[active]);

  for (guint i = 0; i < n_players; i++)
    {
      const TesseraPieceChoice *choice = &choices->plague_choices[i];
      guint player = (active + i) % n_players;
      g_autoptr(GError) piece_error = NULL;
      int index;

      if (choice->player != (int) player)
        {
          const char *named = choice->player >= 0 && (guint) choice->player < n_players ? self->player_names[choice->player]
                                                                                     : _("nobody");

          return _tessera_game_rule_error (self, event, error,
                                           _("\"plague\" choice %u is for %s, but %s chooses now: the active player first, then clockwise"),
                                           i, named, self->player_names[player]);
        }
      if (!choice->has_piece)
        {
          if (player_has_land_follower (self, player))
            return _tessera_game_rule_error (self, event, error,
                                             _("%s has a follower on the board and must take one back for the Plague"),
                                             self->player_names[player]);
          continue;
        }
      /* "C" names the top of a tower, and on some tower tiles a land spot too: the player's
       * land follower there is the one meant, since the top's must stay (X5). */
      index = _tessera_game_find_piece (self, (int) player, choice->piece.at, choice->piece.spot, &piece_error);
      if (index < 0 && _tessera_tower_has_top (self, player, choice->piece.at, choice->piece.spot))
        return _tessera_game_rule_error (self, event, error,
                                         _("the Plague cannot take %s’s follower from the tower at [%d, %d]: a follower on a tower stays there to the end of the game"),
                                         self->player_names[player], choice->piece.at.x, choice->piece.at.y);
      if (index < 0)
        return _tessera_game_rule_error (self, event, error, _("the Plague cannot take that follower back: %s"),
                                         piece_error->message);
      _tessera_game_take_back (self, (guint) index);
    }
  return TRUE;
}

/* What a follower on a crown space scores when the pig stops on its segment (W18), with
 * @n_occupied of the segment's @n_crowns spaces taken: one crown, 3; two crowns, 6 for a
 * follower alone and 3 each for two. */
int
_tessera_wheel_crown_points (guint n_crowns,
                             guint n_occupied)
{
  return n_crowns == 2 && n_occupied == 1 ? 6 : 3;
}

/* W18: the followers on the landing segment's crown spaces score, then go home. */
static void
score_crowns (TesseraGame *self,
              guint        segment)
{
  const TesseraWheelSegment *wheel_segment = &self->wheel->segments[segment];
  guint n_occupied = 0;

  for (guint c = 0; c < wheel_segment->n_crowns; c++)
    n_occupied += self->crowns[segment][c] >= 0;

  for (guint c = 0; c < wheel_segment->n_crowns; c++)
    {
      TesseraScoreEvent score = { .feature = G_MAXUINT };
      int player = self->crowns[segment][c];

      if (player < 0)
        continue;
      score.n_crowns = wheel_segment->n_crowns;
      score.n_followers = n_occupied;
      tessera_wheel_crown_name (self->wheel, segment, c, score.spot);
      score_wheel (self, TESSERA_REASON_CROWN, (guint) player,
                   _tessera_wheel_crown_points (wheel_segment->n_crowns, n_occupied), &score);
      self->crowns[segment][c] = -1;
      self->followers[player]++;
    }
}

/**
 * _tessera_wheel_spin:
 * @number: the number on the drawn wheel tile
 *
 * Moves the pig, carries out the action of the segment where it stops and scores that
 * segment's crown spaces (W10). On failure the game may have changed: the caller restores it.
 */
gboolean
_tessera_wheel_spin (TesseraGame         *self,
                     const TesseraEvent  *event,
                     guint                number,
                     GError             **error)
{
  guint landing = pig_landing (self, number);
  WheelAction action = self->wheel_actions[landing];
  guint active = (guint) event->player;

  if (event->choices != NULL && event->choices->has_plague && action != WHEEL_PLAGUE)
    return _tessera_game_rule_error (self, event, error,
                                     _("\"plague\" is only for a tile that moves the pig onto Plague; this one moves it to %s"),
                                     tessera_wheel_segment_phrase (self->wheel->segments[landing].name));

  self->pig = landing;
  switch (action)
    {
    case WHEEL_FORTUNA:
      act_fortuna (self, active);
      break;
    case WHEEL_TAXES:
      act_per_feature (self, TESSERA_FEATURE_CITY);
      break;
    case WHEEL_FAMINE:
      act_per_feature (self, TESSERA_FEATURE_FIELD);
      break;
    case WHEEL_STORM:
      act_per_player (self, TESSERA_REASON_STORM);
      break;
    case WHEEL_INQUISITION:
      act_per_player (self, TESSERA_REASON_INQUISITION);
      break;
    case WHEEL_PLAGUE:
      if (!act_plague (self, event, active, error))
        return FALSE;
      break;
    case WHEEL_NOTHING:
    default:
      break;
    }

  score_crowns (self, landing);
  return TRUE;
}

/**
 * tessera_game_spin_wheel:
 * @self: a game, which this changes: call it on a copy
 * @event: a turn or discard whose drawn tile shows a wheel number, with its Plague choices
 * @error: where to say which rule the wheel's part of @event breaks
 *
 * Carries out only what a drawn wheel tile does before it is placed: the pig's move, the
 * action where it stops and the crown spaces there (W10). The app shows this while the turn is
 * still being entered: who got what, and the followers and crown spaces that are free again.
 * @self is left without @event in its log, so it serves only to look at.
 *
 * Returns: whether the wheel's part of @event is legal
 */
gboolean
tessera_game_spin_wheel (TesseraGame         *self,
                         const TesseraEvent  *event,
                         GError             **error)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);

  if (self->wheel == NULL || event->tile_wheel == 0)
    return TRUE;
  return _tessera_wheel_spin (self, event, event->tile_wheel, error);
}

/* W7, W8: a follower from supply on a free crown space, instead of one on the new tile. */
gboolean
_tessera_wheel_check_crown (TesseraGame         *self,
                            const TesseraEvent  *event,
                            guint               *segment,
                            guint               *space,
                            GError             **error)
{
  char other[TESSERA_CROWN_NAME_SIZE];

  if (self->wheel == NULL)
    return _tessera_game_rule_error (self, event, error,
                                     _("crown spaces belong to the Wheel of Fortune, which is not in this game"));
  if (!tessera_wheel_parse_crown (self->wheel, event->crown, segment, space))
    {
      g_autoptr(GString) names = g_string_new (NULL);

      for (guint s = 0; s < self->wheel->n_segments; s++)
        for (guint c = 0; c < self->wheel->segments[s].n_crowns; c++)
          g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "",
                                  tessera_wheel_crown_name (self->wheel, s, c, other));
      return _tessera_game_rule_error (self, event, error,
                                       _("there is no crown space \"%s\" on the wheel; its crown spaces are %s"),
                                       event->crown, names->str);
    }
  if (self->followers[event->player] == 0)
    return _tessera_game_rule_error (self, event, error, _("%s has no follower left in supply"),
                                     self->player_names[event->player]);
  if (self->crowns[*segment][*space] >= 0)
    return _tessera_game_rule_error (self, event, error, _("crown space %s is taken by %s; a crown space holds one follower"),
                                     event->crown, self->player_names[self->crowns[*segment][*space]]);
  return TRUE;
}

void
_tessera_wheel_deploy (TesseraGame *self,
                       guint        player,
                       guint        segment,
                       guint        space)
{
  self->crowns[segment][space] = (int) player;
  self->followers[player]--;
}

/**
 * tessera_game_list_crown_choices:
 * @landing: the wheel segment the drawn tile takes the pig to, whose crown spaces empty before
 *   the tile is placed (W18), or -1 when the wheel has turned already or does not turn
 * @choices: (element-type TesseraChoice): where the free crown spaces go
 *
 * The crown spaces a follower from supply may go to instead of the tile (W7, W8).
 */
void
tessera_game_list_crown_choices (TesseraGame *self,
                                 int          landing,
                                 GArray      *choices)
{
  g_return_if_fail (TESSERA_IS_GAME (self));

  for (guint s = 0; self->wheel != NULL && s < self->wheel->n_segments; s++)
    for (guint k = 0; k < self->wheel->segments[s].n_crowns; k++)
      if ((int) s == landing || self->crowns[s][k] < 0)
        {
          TesseraChoice choice = { 0 };
          char name[TESSERA_CROWN_NAME_SIZE];

          choice.kind = TESSERA_CHOICE_CROWN;
          choice.segment = -1;
          choice.player = (int) self->current_player;
          choice.crown_segment = s;
          choice.crown_space = k;
          g_strlcpy (choice.where.spot, tessera_wheel_crown_name (self->wheel, s, k, name), sizeof choice.where.spot);
          g_array_append_val (choices, choice);
        }
}

/**
 * tessera_game_list_plague_choices:
 * @player: the player whose turn it is to take a follower back
 * @choices: (element-type TesseraChoice): the followers @player may take back
 *
 * W17: any of the player's followers on land tiles; never one on top of a tower (X5) or on a
 * crown space. None means the player passes.
 */
void
tessera_game_list_plague_choices (TesseraGame *self,
                                  guint        player,
                                  GArray      *choices)
{
  g_return_if_fail (TESSERA_IS_GAME (self));

  for (guint i = 0; i < self->n_pieces; i++)
    if (self->pieces[i].player == player)
      {
        TesseraChoice choice;

        _tessera_choice_init_on_board (&choice, TESSERA_CHOICE_PLAGUE, self, self->board, self->pieces[i].segment, (int) player);
        g_array_append_val (choices, choice);
      }
}
