/* tessera-game.c
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
#include "tessera-magic.h"
#include "tessera-tower.h"
#include "tessera-wheel.h"

G_DEFINE_FINAL_TYPE (TesseraGame, tessera_game, G_TYPE_OBJECT)

/* The setup is one block: a change of the header makes it again from @header. */
void
_tessera_game_replace_setup (TesseraGame         *self,
                             const TesseraRecord *header)
{
  g_atomic_rc_box_release (self->setup);
  self->setup = _tessera_game_setup_new (header);
  for (guint p = 0; p < self->n_players; p++)
    self->player_names[p] = self->setup->names[p];
}

static gboolean apply_and_log (TesseraGame   *self,
                               TesseraEvent  *event,
                               GError       **error);

/* The log: room for @n_events in all. */
static void
log_reserve (TesseraGame *self,
             guint        n_events)
{
  if (n_events <= self->events_size)
    return;
  self->events_size = MAX (n_events, 2 * self->events_size);
  self->events = g_renew (TesseraEvent *, self->events, self->events_size);
}

/* Adds @event to the log, which takes over the caller's reference. */
static void
log_append (TesseraGame  *self,
            TesseraEvent *event)
{
  if (self->n_events == self->events_size)
    log_reserve (self, MAX (self->n_events + 1, 64));
  self->events[self->n_events++] = event;
}

static void
log_clear (TesseraGame *self)
{
  _tessera_event_unref_many (self->events, self->n_events);
  self->n_events = 0;
}

static void
tessera_game_finalize (GObject *object)
{
  TesseraGame *self = (TesseraGame *) object;

  g_clear_pointer (&self->setup, g_atomic_rc_box_release);
  g_clear_pointer (&self->checkpoints, g_ptr_array_unref);
  g_clear_pointer (&self->board, tessera_board_free);
  g_clear_pointer (&self->placed, g_free);
  g_clear_pointer (&self->towers, g_array_unref);
  g_clear_pointer (&self->supply, g_array_unref);
  g_clear_pointer (&self->own_box, g_array_unref);
  g_clear_pointer (&self->own_box_by_kind, g_free);
  g_clear_pointer (&self->score_events, g_free);
  log_clear (self);
  g_clear_pointer (&self->events, g_free);
  g_clear_pointer (&self->undone, g_ptr_array_unref);
  g_clear_pointer (&self->departures, g_array_unref);

  G_OBJECT_CLASS (tessera_game_parent_class)->finalize (object);
}

static void
tessera_game_class_init (TesseraGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tessera_game_finalize;
}

static void
tessera_game_init (TesseraGame *self)
{
  /* Sized for a whole game, so that replay does not grow them step by step. */
  self->placed_size = 192;   /* every tile of every box, and the wheel board */
  self->placed = g_new (const TesseraBoxEntry *, self->placed_size);
  self->towers = g_array_sized_new (FALSE, FALSE, sizeof (TesseraTower), 18);   /* the Tower box's foundations */
  self->supply = g_array_sized_new (FALSE, FALSE, sizeof (TesseraSupplyEntry), 48);
  self->score_events_size = 256;
  self->score_events = g_new (TesseraScoreEvent, self->score_events_size);
  self->undone = g_ptr_array_new_with_free_func ((GDestroyNotify) tessera_event_unref);
  self->checkpoints = g_ptr_array_new_with_free_func (g_object_unref);
}

/* Puts everything back as it is before the first event: the start tile or the wheel board on
 * the table, full supplies, no points. */
static void
reset_state (TesseraGame *self)
{
  guint n_players = self->n_players;

  g_clear_pointer (&self->board, tessera_board_free);
  self->board = tessera_board_copy (self->start_board);
  self->n_pieces = 0;
  self->n_monks = 0;
  self->n_score_events = 0;
  memset (self->scores, 0, sizeof self->scores);
  for (guint p = 0; p < n_players; p++)
    self->followers[p] = TESSERA_FOLLOWERS_PER_PLAYER;
  memset (self->home_this_turn, 0, sizeof self->home_this_turn);
  self->current_player = 0;
  self->finished = FALSE;
  self->ended_by_last_tile = FALSE;

  g_array_set_size (self->supply, 0);
  g_array_append_vals (self->supply, self->box->data, self->box->len);
  self->tiles_left = 0;
  for (guint i = 0; i < self->supply->len; i++)
    {
      TesseraSupplyEntry *supply = &g_array_index (self->supply, TesseraSupplyEntry, i);

      if (self->start_tile != NULL && supply->type == self->start_tile && supply->wheel == 0)
        supply->left--;
      self->tiles_left += supply->left;
    }

  if (self->wheel != NULL)
    _tessera_wheel_reset (self);
  if (self->tower)
    _tessera_tower_reset (self);
  self->magic[0] = self->magic[1] = -1;
  /* What lies on the board before the first turn was not drawn from the box. */
  self->n_placed = tessera_board_get_n_tiles (self->board);
  g_assert (self->n_placed <= self->placed_size);
  for (guint i = 0; i < self->n_placed; i++)
    self->placed[i] = NULL;
}

/**
 * tessera_game_new:
 * @setup: a record whose sets, players and rules describe the game; its events are ignored
 *
 * Returns: (transfer full): a game at its start, or %NULL if this version cannot play the sets
 */
TesseraGame *
tessera_game_new (const TesseraRecord  *setup,
                  GError              **error)
{
  g_autoptr(TesseraGame) self = NULL;
  guint sets = 0;

  g_return_val_if_fail (setup != NULL, NULL);

  /* A record replayed from the history may be long out of the cache, and its header is a
   * chain of small blocks: ask for them while the object is made, not one after another. */
  __builtin_prefetch (setup->players);
  __builtin_prefetch (setup->sets);
  __builtin_prefetch (setup->events);
  self = g_object_new (TESSERA_TYPE_GAME, NULL);
  __builtin_prefetch (setup->players->data);
  __builtin_prefetch (setup->sets->pdata);
  __builtin_prefetch (setup->events->pdata);
  self->catalogue = tessera_catalogue_get_default ();
  g_return_val_if_fail (setup->players->len >= 2 && setup->players->len <= TESSERA_MAX_PLAYERS, NULL);
  self->setup = _tessera_game_setup_new (setup);
  self->n_players = self->setup->n_players;
  /* (The copy is read from here on: it is in the cache, the record perhaps not.) */
  for (guint b = 0; b < TESSERA_GAME_N_BOXES; b++)
    if (_tessera_game_setup_has_set (self->setup, _tessera_game_boxes[b]))
      sets |= 1u << b;
  /* With the Wheel of Fortune box the wheel board is the start, even mixed with the base game,
   * whose start tile is then shuffled in with the others. */
  if (sets & WHEEL_BOX_BIT)
    self->wheel = tessera_catalogue_get_set (self->catalogue, "wheel-of-fortune")->board;
  else
    self->start_tile = tessera_catalogue_get_set (self->catalogue, "base")->start;
  self->tower = (sets & TOWER_BOX_BIT) != 0;
  self->mage_witch = (sets & MAGE_WITCH_BOX_BIT) != 0;
  self->crop_circles = (sets & CROP_CIRCLES_BOX_BIT) != 0;
  self->tower_capture_own = self->setup->tower_capture_own;
  self->tower_top_capturable = self->setup->tower_top_capturable;
  if (!_tessera_game_collect_box (self, sets, error))
    return NULL;
  if (G_UNLIKELY (self->setup->n_box > 0) && !_tessera_game_correct_box (self, error))
    return NULL;
  if (G_UNLIKELY (self->setup->has_played) && !_tessera_played_check (&self->setup->played, error))
    {
      g_prefix_error (error, "%s: ", _("record"));
      return NULL;
    }

  for (guint p = 0; p < self->n_players; p++)
    self->player_names[p] = self->setup->names[p];

  reset_state (self);
  if (self->tiles_left == 0)
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
                   _("record: \"box\" leaves no tile to draw; a game needs at least one"));
      return NULL;
    }
  return g_steal_pointer (&self);
}

/**
 * tessera_game_new_from_record:
 * @record: a game record
 * @n_events: how many of its events to replay (G_MAXUINT: all)
 *
 * Returns: (transfer full): the game after those events, or %NULL with an error naming the
 *   first event that breaks a rule
 */
TesseraGame *
tessera_game_new_from_record (const TesseraRecord  *record,
                              guint                 n_events,
                              GError              **error)
{
  g_autoptr(TesseraGame) self = tessera_game_new (record, error);
  TesseraEvent **events = (TesseraEvent **) record->events->pdata;
  guint i;

  if (self == NULL)
    return NULL;
  n_events = MIN (n_events, record->events->len);
  /* A record replayed from the history is long out of the cache, and an event takes a turn's
   * time to apply: each is asked for two events ahead, all three cache lines of it, rather
   * than waited for when its turn comes (the processor's own prefetching does not keep up). */
  for (i = 0; i < MIN (n_events, 2); i++)
    __builtin_prefetch (events[i]);
  /* Room for the whole log at once, and its references taken at once too. */
  log_reserve (self, n_events);
  for (i = 0; i < n_events; i++)
    {
      const char *ahead = (const char *) events[MIN (i + 2, n_events - 1)];

      G_STATIC_ASSERT (sizeof (TesseraEvent) <= 3 * 64);
      __builtin_prefetch (ahead);
      __builtin_prefetch (ahead + 64);
      __builtin_prefetch (ahead + 128);
      if (!apply_and_log (self, events[i], error))
        break;
    }
  _tessera_event_ref_many (events, i);
  if (i < n_events)
    return NULL;
  return g_steal_pointer (&self);
}

gboolean
_tessera_game_rule_error (TesseraGame         *self,
                          const TesseraEvent  *event,
                          GError             **error,
                          const char          *format,
                          ...)
{
  const char *name = event->player >= 0 && (guint) event->player < self->n_players ? self->player_names[event->player] : NULL;
  g_autofree char *where = tessera_event_describe (event, self->n_events, name);
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE, "%s: %s", where, message);
  return FALSE;
}

/* "Red's thief at [1, 0] E": a follower already in the feature of @segment. */
static char *
describe_occupant (TesseraGame *self,
                   guint        segment)
{
  guint root = tessera_board_find (self->board, segment);

  for (guint i = 0; i < self->n_pieces; i++)
    {
      const TesseraPiece *piece = &self->pieces[i];

      if (tessera_board_find (self->board, piece->segment) == root)
        {
          const TesseraPlacedTile *tile = tessera_board_segment_tile (self->board, piece->segment);
          char spot[TESSERA_SPOT_NAME_SIZE];

          tessera_spot_name (tile->type, tile->rotation, piece->segment - tile->first_segment, spot);
          /* TRANSLATORS: "Red's thief at [1, 0] E" */
          return g_strdup_printf (_("%s's %s at [%d, %d] %s"), self->player_names[piece->player],
                                  tessera_feature_kind_role (piece->kind), tile->cell.x, tile->cell.y, spot);
        }
    }
  return g_strdup (_("a follower"));
}

/* Refuses a follower on a road, city or field of the new tile that its neighbours' followers
 * already hold. Checked once the tile lies on the board, where the joined feature is known. */
static gboolean
refuse_occupied (TesseraGame         *self,
                 const TesseraEvent  *event,
                 guint                segment,
                 GError             **error)
{
  g_autofree char *occupant = describe_occupant (self, segment);

  switch (tessera_board_segment_kind (self->board, segment))
    {
    case TESSERA_FEATURE_CITY:
      return _tessera_game_rule_error (self, event, error,
                                       _("the city at spot %s joins %s: nobody may put a follower in a city that already holds one, however far away it stands"),
                                       event->spot, occupant);
    case TESSERA_FEATURE_FIELD:
      return _tessera_game_rule_error (self, event, error,
                                       _("the field at spot %s joins %s: nobody may put a follower in a field that already holds one, however far away it stands"),
                                       event->spot, occupant);
    case TESSERA_FEATURE_ROAD:
    case TESSERA_FEATURE_CLOISTER:
    case TESSERA_N_FEATURE_KINDS:
    default:
      return _tessera_game_rule_error (self, event, error,
                                       /* TRANSLATORS: "the road at spot W joins Red's thief at [1, 0] E: nobody may …" */
                                       _("the road at spot %s joins %s: nobody may put a follower on a road that already holds one, however far away it stands"),
                                       event->spot, occupant);
    }
}

/* A drawn wheel tile turns the wheel before it is placed, even when it is then discarded. */
static gboolean
turn_wheel (TesseraGame              *self,
            const TesseraEvent       *event,
            const TesseraSupplyEntry *supply,
            GError                  **error)
{
  if (supply->wheel == 0)
    {
      if (G_UNLIKELY (event->choices != NULL) && event->choices->has_plague)
        return _tessera_game_rule_error (self, event, error,
                                         _("\"plague\" is only for a tile that moves the pig onto Plague, and tile %s shows no wheel"),
                                         event->tile);
      return TRUE;
    }
  self->dirty = TRUE;
  return _tessera_wheel_spin (self, event, supply->wheel, error);
}

static gboolean
apply_turn (TesseraGame   *self,
            TesseraEvent  *event,
            GError       **error)
{
  TesseraSupplyEntry *supply = _tessera_game_check_draw (self, event, error);
  const TesseraTileType *type;
  const TesseraPlacedTile *placed;
  guint rotation = (guint) event->rotation / 90;
  int follower_segment = -1;
  guint crown_segment = 0, crown_space = 0;
  guint index;

  if (supply == NULL || !turn_wheel (self, event, supply, error))
    return FALSE;
  type = supply->type;

  if (!tessera_board_fits (self->board, type, event->at, rotation))
    {
      g_autofree char *why = tessera_board_explain_misfit (self->board, type, event->at, rotation);

      /* TRANSLATORS: "tile D cannot go at [4, 1] rotated 90: <why>" */
      return _tessera_game_rule_error (self, event, error, _("tile %s cannot go at [%d, %d] rotated %d: %s"),
                                       event->tile, event->at.x, event->at.y, event->rotation, why);
    }

  switch (event->action)
    {
    case TESSERA_ACTION_NONE:
      break;

    case TESSERA_ACTION_FOLLOWER:
      {
        g_autoptr(GError) spot_error = NULL;

        if (self->followers[event->player] == 0)
          return _tessera_game_rule_error (self, event, error, _("%s has no follower left in supply"),
                                           self->player_names[event->player]);
        follower_segment = tessera_spot_resolve_id (type, rotation, event->spot, &spot_error);
        if (follower_segment < 0)
          return _tessera_game_rule_error (self, event, error, _("no follower can stand at %s: %s"), event->spot,
                                           spot_error->message);
      }
      break;

    case TESSERA_ACTION_CROWN:
      if (!_tessera_wheel_check_crown (self, event, &crown_segment, &crown_space, error))
        return FALSE;
      break;

    case TESSERA_ACTION_TOWER:
    case TESSERA_ACTION_TOWER_TOP:
    default:
      if (!_tessera_tower_check (self, event, error))
        return FALSE;
      break;
    }

  /* Everything is checked: from here on the turn happens. */
  memset (self->home_this_turn, 0, sizeof self->home_this_turn);
  supply->left--;
  self->tiles_left--;
  index = tessera_board_place (self->board, type, event->at, rotation);
  placed = tessera_board_get_tile (self->board, index);
  if (self->n_placed == self->placed_size)
    {
      self->placed_size *= 2;
      self->placed = g_renew (const TesseraBoxEntry *, self->placed, self->placed_size);
    }
  self->placed[self->n_placed++] = supply->entry;
  /* A refusal from here on is undone with the rest of the turn by replaying the log. */
  if (follower_segment >= 0 &&
      tessera_board_count_followers (self->board, placed->first_segment + (guint) follower_segment) > 0)
    {
      self->dirty = TRUE;
      return refuse_occupied (self, event, placed->first_segment + (guint) follower_segment, error);
    }
  /* The figures move once the tile lies on the board, before anything is deployed. Most tiles
   * show no magic symbol, carry no choice and find at most one figure on the board: nothing to
   * do, without a call. */
  if (self->mage_witch &&
      (type->magic || event->choices != NULL || (self->magic[0] >= 0 && self->magic[1] >= 0)))
    {
      self->dirty = TRUE;
      if (!_tessera_magic_turn (self, event, placed, error))
        return FALSE;
    }
  if (follower_segment >= 0)
    {
      TesseraPiece piece = {
        (guint) event->player, placed->first_segment + (guint) follower_segment,
        type->segments[follower_segment].kind, placed->cell,
      };

      _tessera_game_add_piece (self, &piece);
    }
  else if (event->action == TESSERA_ACTION_CROWN)
    _tessera_wheel_deploy (self, (guint) event->player, crown_segment, crown_space);
  else if (event->action == TESSERA_ACTION_TOWER || event->action == TESSERA_ACTION_TOWER_TOP)
    _tessera_tower_act (self, event);
  _tessera_game_score_completed_features (self, index);
  /* C2: the crop circle acts once the turn, scoring included, is over. */
  if (self->crop_circles && (type->crop != TESSERA_CROP_NONE || event->choices != NULL))
    {
      self->dirty = TRUE;
      if (!_tessera_crop_turn (self, event, placed, error))
        return FALSE;
    }
  /* Not %: a division every turn costs more than the rest of this bookkeeping. */
  if (++self->current_player == self->n_players)
    self->current_player = 0;
  return TRUE;
}

static gboolean
apply_discard (TesseraGame   *self,
               TesseraEvent  *event,
               GError       **error)
{
  TesseraSupplyEntry *supply = _tessera_game_check_draw (self, event, error);

  if (supply == NULL || !turn_wheel (self, event, supply, error))
    return FALSE;
  if (tessera_board_fits_anywhere (self->board, supply->type))
    {
      g_autoptr(GArray) placements = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));
      TesseraPlacement *first;

      tessera_board_list_placements (self->board, supply->type, placements);
      first = &g_array_index (placements, TesseraPlacement, 0);
      return _tessera_game_rule_error (self, event, error,
                                       _("tile %s fits on the board (for example at [%d, %d] rotated %d), so it cannot be discarded"),
                                       event->tile, first->cell.x, first->cell.y, first->rotation * 90);
    }
  /* The same player draws again. */
  supply->left--;
  self->tiles_left--;
  return TRUE;
}

static gboolean
apply_adjust (TesseraGame   *self,
              TesseraEvent  *event,
              GError       **error)
{
  TesseraScoreEvent score = { 0 };
  int total = tessera_game_get_score (self, (guint) event->player);

  if (total + event->points < 0)
    return _tessera_game_rule_error (self, event, error, _("a correction of %d would leave %s with a negative score (now %d)"),
                                     event->points, self->player_names[event->player], total);
  score.event = self->n_events;
  score.player = (guint) event->player;
  score.points = event->points;
  score.category = TESSERA_CATEGORY_ADJUST;
  score.reason = TESSERA_REASON_ADJUST;
  score.feature = G_MAXUINT;
  score.text = event->reason;
  _tessera_game_add_score (self, &score);
  return TRUE;
}

/* B11: the game ends with the turn (or discard) that takes the last tile out of the box,
 * with the final scoring, whether or not an "end" follows. */
static void
end_with_last_tile (TesseraGame *self)
{
  if (self->tiles_left > 0)
    return;
  _tessera_game_score_final (self);
  self->finished = TRUE;
  self->ended_by_last_tile = TRUE;
}

static gboolean
apply_event (TesseraGame   *self,
             TesseraEvent  *event,
             GError       **error)
{
  switch (event->kind)
    {
    case TESSERA_EVENT_TURN:
      if (!apply_turn (self, event, error))
        return FALSE;
      end_with_last_tile (self);
      return TRUE;

    case TESSERA_EVENT_DISCARD:
      if (!apply_discard (self, event, error))
        return FALSE;
      end_with_last_tile (self);
      return TRUE;

    case TESSERA_EVENT_ADJUST:
      return apply_adjust (self, event, error);

    case TESSERA_EVENT_RANSOM:
      return _tessera_tower_ransom (self, event, error);

    case TESSERA_EVENT_END:
    default:
      /* The "end" that records written before B11 carry after the last tile: the game has
       * ended already, and now it stays ended whatever the box. */
      if (self->ended_by_last_tile)
        {
          self->ended_by_last_tile = FALSE;
          return TRUE;
        }
      if (self->finished)
        return _tessera_game_rule_error (self, event, error, _("the game has already ended"));
      _tessera_game_score_final (self);
      self->finished = TRUE;
      return TRUE;
    }
}

static void replay (TesseraGame *self);

/**
 * tessera_game_apply:
 * @event: the next event of the game
 *
 * Checks @event against the rules and, if it is legal, carries it out and adds it to the log.
 * A refused event changes nothing.
 */
gboolean
tessera_game_apply (TesseraGame   *self,
                    TesseraEvent  *event,
                    GError       **error)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);

  if (!apply_and_log (self, event, error))
    return FALSE;
  tessera_event_ref (event);   /* the log's */
  return TRUE;
}

/* tessera_game_apply(), but the log's reference to @event is the caller's to take. */
static gboolean
apply_and_log (TesseraGame   *self,
               TesseraEvent  *event,
               GError       **error)
{
  if (event->kind != TESSERA_EVENT_END &&
      (event->player < 0 || (guint) event->player >= self->n_players))
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE, _("event %u: player %d does not exist"),
                   self->n_events, event->player);
      return FALSE;
    }
  self->dirty = FALSE;
  if (!apply_event (self, event, error))
    {
      /* The wheel acts before the tile is placed; when the rest of the turn is refused, the
       * log (which does not hold this event) rebuilds the state from before it. */
      if (self->dirty)
        replay (self);
      return FALSE;
    }
  log_append (self, event);
  if (self->undone->len > 0)
    {
      TesseraEvent *next = g_ptr_array_index (self->undone, self->undone->len - 1);

      /* Redoing by hand keeps the rest of the redo stack; anything else forgets it. */
      if (tessera_event_equal (next, event))
        g_ptr_array_set_size (self->undone, self->undone->len - 1);
      else
        g_ptr_array_set_size (self->undone, 0);
    }
  return TRUE;
}

/* Makes @self's state that of @from, a game of the same setup (a copy or a checkpoint of it):
 * the board, the supply, the pieces, the scores and every expansion's state, not the log. */
static void
copy_state (TesseraGame       *self,
            const TesseraGame *from)
{
  g_clear_pointer (&self->board, tessera_board_free);
  self->board = tessera_board_copy (from->board);
  if (self->placed_size < from->n_placed)
    {
      self->placed_size = from->placed_size;
      self->placed = g_renew (const TesseraBoxEntry *, self->placed, self->placed_size);
    }
  memcpy (self->placed, from->placed, sizeof (const TesseraBoxEntry *) * from->n_placed);
  self->n_placed = from->n_placed;
  g_array_set_size (self->supply, 0);
  g_array_append_vals (self->supply, from->supply->data, from->supply->len);
  self->tiles_left = from->tiles_left;
  memcpy (self->pieces, from->pieces, sizeof (TesseraPiece) * from->n_pieces);
  self->n_pieces = from->n_pieces;
  memcpy (self->monks, from->monks, sizeof (TesseraPiece) * from->n_monks);
  self->n_monks = from->n_monks;
  memcpy (self->followers, from->followers, sizeof self->followers);
  memcpy (self->home_this_turn, from->home_this_turn, sizeof self->home_this_turn);
  memcpy (self->scores, from->scores, sizeof self->scores);
  self->current_player = from->current_player;
  self->finished = from->finished;
  self->ended_by_last_tile = from->ended_by_last_tile;
  if (self->score_events_size < from->n_score_events)
    {
      self->score_events_size = from->score_events_size;
      self->score_events = g_renew (TesseraScoreEvent, self->score_events, self->score_events_size);
    }
  memcpy (self->score_events, from->score_events, sizeof (TesseraScoreEvent) * from->n_score_events);
  self->n_score_events = from->n_score_events;
  self->pig = from->pig;
  memcpy (self->crowns, from->crowns, sizeof self->crowns);
  memcpy (self->magic, from->magic, sizeof self->magic);
  g_array_set_size (self->towers, 0);
  g_array_append_vals (self->towers, from->towers->data, from->towers->len);
  memcpy (self->tower_pieces, from->tower_pieces, sizeof self->tower_pieces);
  memcpy (self->prisoners, from->prisoners, sizeof self->prisoners);
}

/* A new game with @self's setup and box, without state or log. */
static TesseraGame *
copy_setup (TesseraGame *self)
{
  TesseraGame *copy = g_object_new (TESSERA_TYPE_GAME, NULL);

  copy->catalogue = self->catalogue;
  copy->setup = g_atomic_rc_box_acquire (self->setup);
  copy->n_players = self->n_players;
  memcpy (copy->player_names, self->player_names, sizeof copy->player_names);
  copy->start_board = self->start_board;
  copy->catalogue_box = self->catalogue_box;
  copy->catalogue_box_by_kind = self->catalogue_box_by_kind;
  copy->n_box_by_kind = self->n_box_by_kind;
  if (self->own_box != NULL)
    {
      copy->own_box = g_array_copy (self->own_box);
      copy->own_box_by_kind = g_memdup2 (self->own_box_by_kind, sizeof (gint16) * self->n_box_by_kind);
      copy->box = copy->own_box;
      copy->box_by_kind = copy->own_box_by_kind;
    }
  else
    {
      copy->box = self->box;
      copy->box_by_kind = self->box_by_kind;
    }
  copy->start_tile = self->start_tile;
  copy->wheel = self->wheel;
  copy->tower = self->tower;
  copy->mage_witch = self->mage_witch;
  copy->crop_circles = self->crop_circles;
  copy->tower_capture_own = self->tower_capture_own;
  copy->tower_top_capturable = self->tower_top_capturable;
  copy->wheel_actions = self->wheel_actions;
  return copy;
}

/* Gives @self, a game with an empty log, the first @n_events events of @from's log. */
static void
copy_log (TesseraGame       *self,
          const TesseraGame *from,
          guint              n_events)
{
  if (n_events == 0)
    return;
  log_reserve (self, n_events);
  memcpy (self->events, from->events, sizeof (TesseraEvent *) * n_events);
  _tessera_event_ref_many (self->events, n_events);
  self->n_events = n_events;
}

/* The checkpoints @self may use with @n_events in its log: those of its log's first events. */
static void
trim_checkpoints (TesseraGame *self,
                  guint        n_events)
{
  if (self->checkpoints->len > n_events / TESSERA_GAME_CHECKPOINT_EVERY)
    g_ptr_array_set_size (self->checkpoints, n_events / TESSERA_GAME_CHECKPOINT_EVERY);
}

/* Rebuilds the state from the log: from the last checkpoint on the way, not from the first
 * event, keeping a checkpoint at each one it passes. */
static void
replay (TesseraGame *self)
{
  guint n_events = self->n_events;
  guint from;

  trim_checkpoints (self, n_events);
  from = self->checkpoints->len * TESSERA_GAME_CHECKPOINT_EVERY;
  if (from > 0)
    copy_state (self, g_ptr_array_index (self->checkpoints, self->checkpoints->len - 1));
  else
    reset_state (self);
  /* The log stays as it is; the events after the checkpoint are applied again, in place. */
  self->n_events = from;
  for (guint i = from; i < n_events; i++)
    {
      g_autoptr(GError) error = NULL;

      /* These events were legal before, and the rules are deterministic. */
      if (!apply_event (self, self->events[i], &error))
        g_error ("Replaying event %u failed: %s", i, error->message);
      self->n_events++;
      if (self->n_events % TESSERA_GAME_CHECKPOINT_EVERY == 0)
        {
          TesseraGame *checkpoint = copy_setup (self);

          copy_state (checkpoint, self);
          g_ptr_array_add (self->checkpoints, checkpoint);
        }
    }
}

/* Plays the log again from the start on the game's setup as it is now: after a change to the
 * box that may change how the game ends. */
void
_tessera_game_replay (TesseraGame *self)
{
  g_ptr_array_set_size (self->checkpoints, 0);
  replay (self);
}

/**
 * tessera_game_copy:
 * @self: a game
 *
 * Copies the game as it stands, log and redo list included, without replaying it: the copy can
 * be changed (a turn tried on it, undone) and @self stays as it is.
 *
 * Returns: (transfer full): the copy
 */
TesseraGame *
tessera_game_copy (TesseraGame *self)
{
  TesseraGame *copy;

  g_return_val_if_fail (TESSERA_IS_GAME (self), NULL);

  copy = copy_setup (self);
  copy_state (copy, self);
  copy_log (copy, self, self->n_events);
  for (guint i = 0; i < self->undone->len; i++)
    g_ptr_array_add (copy->undone, tessera_event_ref (g_ptr_array_index (self->undone, i)));
  for (guint i = 0; i < self->checkpoints->len; i++)
    g_ptr_array_add (copy->checkpoints, g_object_ref (g_ptr_array_index (self->checkpoints, i)));
  return copy;
}

/**
 * _tessera_game_new_trial:
 *
 * A game to try moves on: the state of @from, without its log (nothing in it can be undone or
 * written out). _tessera_game_reset_trial() brings it back to @from's state for the next try
 * without making a game: the review tries thousands of turns from each position.
 *
 * Returns: (transfer full): the trial game
 */
TesseraGame *
_tessera_game_new_trial (TesseraGame *from)
{
  TesseraGame *trial = copy_setup (from);

  copy_state (trial, from);
  return trial;
}

void
_tessera_game_reset_trial (TesseraGame *trial,
                           TesseraGame *from)
{
  log_clear (trial);
  g_ptr_array_set_size (trial->undone, 0);
  copy_state (trial, from);
}

/**
 * tessera_game_copy_at:
 * @self: a game
 * @n_events: how many of its events the copy keeps (more than it has: all)
 *
 * The game as it stood after its first @n_events events, rebuilt from the nearest checkpoint
 * before them (one every %TESSERA_GAME_CHECKPOINT_EVERY events): stepping through a long game
 * costs at most that many events a step. The checkpoints a copy makes are kept in @self too.
 *
 * Returns: (transfer full): the copy, with no redo list
 */
TesseraGame *
tessera_game_copy_at (TesseraGame *self,
                      guint        n_events)
{
  TesseraGame *copy;

  g_return_val_if_fail (TESSERA_IS_GAME (self), NULL);

  if (n_events >= self->n_events)
    return tessera_game_copy (self);
  /* The checkpoints on the way are made once, in @self, and shared with every copy. */
  if (self->checkpoints->len < n_events / TESSERA_GAME_CHECKPOINT_EVERY)
    {
      g_autoptr(TesseraGame) scratch = copy_setup (self);

      g_ptr_array_unref (scratch->checkpoints);
      scratch->checkpoints = g_ptr_array_ref (self->checkpoints);
      copy_log (scratch, self, n_events);
      replay (scratch);
    }
  copy = copy_setup (self);
  copy_log (copy, self, n_events);
  for (guint i = 0; i < MIN (self->checkpoints->len, n_events / TESSERA_GAME_CHECKPOINT_EVERY); i++)
    g_ptr_array_add (copy->checkpoints, g_object_ref (g_ptr_array_index (self->checkpoints, i)));
  replay (copy);
  return copy;
}

gboolean
tessera_game_can_undo (TesseraGame *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), FALSE);
  return self->n_events > 0;
}

gboolean
tessera_game_undo (TesseraGame *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), FALSE);

  if (self->n_events == 0)
    return FALSE;
  g_ptr_array_add (self->undone, self->events[--self->n_events]);
  replay (self);
  return TRUE;
}

gboolean
tessera_game_can_redo (TesseraGame *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), FALSE);
  return self->undone->len > 0;
}

gboolean
tessera_game_redo (TesseraGame *self)
{
  g_autoptr(TesseraEvent) event = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (TESSERA_IS_GAME (self), FALSE);

  if (self->undone->len == 0)
    return FALSE;
  event = g_ptr_array_steal_index (self->undone, self->undone->len - 1);
  if (!apply_event (self, event, &error))
    g_error ("Redoing event %u failed: %s", self->n_events, error->message);
  log_append (self, g_steal_pointer (&event));
  return TRUE;
}

/**
 * tessera_game_get_played:
 *
 * Returns: (nullable): when and where the game was played, as its record says, or %NULL
 */
const TesseraPlayed *
tessera_game_get_played (TesseraGame *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), NULL);

  return self->setup->has_played ? &self->setup->played : NULL;
}

/**
 * tessera_game_set_played:
 * @played: (nullable): when and where the game was played, or %NULL for not said
 *
 * Says when and where the game is played (the app fills in the end when the game ends). It
 * becomes part of the record ("played").
 */
gboolean
tessera_game_set_played (TesseraGame          *self,
                         const TesseraPlayed  *played,
                         GError              **error)
{
  g_autoptr(TesseraRecord) header = NULL;

  g_return_val_if_fail (TESSERA_IS_GAME (self), FALSE);

  if (played != NULL && !_tessera_played_check (played, error))
    return FALSE;
  header = _tessera_game_setup_to_record (self->setup);
  g_clear_pointer (&header->played, tessera_played_free);
  header->played = tessera_played_copy (played);
  _tessera_game_replace_setup (self, header);
  return TRUE;
}

TesseraRecord *
tessera_game_to_record (TesseraGame *self)
{
  TesseraRecord *record = _tessera_game_setup_to_record (self->setup);

  for (guint i = 0; i < self->n_events; i++)
    g_ptr_array_add (record->events, tessera_event_ref (self->events[i]));
  return record;
}

guint
tessera_game_get_n_events (TesseraGame *self)
{
  return self->n_events;
}

/**
 * tessera_game_get_event:
 * @index: below tessera_game_get_n_events()
 *
 * Returns: (transfer none): the event at @index of the game's log, as it was applied
 */
const TesseraEvent *
tessera_game_get_event (TesseraGame *self,
                        guint        index)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->n_events, NULL);
  return self->events[index];
}

guint
tessera_game_get_n_players (TesseraGame *self)
{
  return self->n_players;
}

const char * const *
tessera_game_get_player_names (TesseraGame *self)
{
  return self->player_names;
}

const char *
tessera_game_get_player_color (TesseraGame *self,
                               guint        player)
{
  g_return_val_if_fail (player < self->n_players, NULL);
  return self->setup->colors[player];
}

/**
 * tessera_game_has_same_seats:
 * @self: (nullable): a game
 * @other: (nullable): another
 *
 * Whether two games seat the same players: as many, with the same names and colours in the same
 * seats (one game before and after a move, or replayed). A view that shows the players keeps its
 * rows then.
 *
 * Returns: %TRUE if they do; %FALSE if either is %NULL
 */
gboolean
tessera_game_has_same_seats (TesseraGame *self,
                             TesseraGame *other)
{
  if (self == NULL || other == NULL || self->n_players != other->n_players)
    return FALSE;
  for (guint p = 0; p < self->n_players; p++)
    if (g_strcmp0 (self->player_names[p], other->player_names[p]) != 0
        || g_strcmp0 (self->setup->colors[p], other->setup->colors[p]) != 0)
      return FALSE;
  return TRUE;
}

guint
tessera_game_get_current_player (TesseraGame *self)
{
  return self->current_player;
}

gboolean
tessera_game_is_finished (TesseraGame *self)
{
  return self->finished;
}

/**
 * tessera_game_ended_by_last_tile:
 *
 * B11: whether the game ended because its box has no tile left after the last turn, without
 * an "end" event since. Such a game opens again when its box is corrected to hold more
 * (tessera_game_set_box_count()).
 *
 * Returns: %TRUE for a game that the last tile ended
 */
gboolean
tessera_game_ended_by_last_tile (TesseraGame *self)
{
  return self->ended_by_last_tile;
}

int
tessera_game_get_score (TesseraGame *self,
                        guint        player)
{
  int total = 0;

  g_return_val_if_fail (player < self->n_players, 0);
  for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
    total += self->scores[player][c];
  return total;
}

int
tessera_game_get_category_score (TesseraGame     *self,
                                 guint            player,
                                 TesseraCategory  category)
{
  g_return_val_if_fail (player < self->n_players, 0);
  g_return_val_if_fail (category < TESSERA_N_CATEGORIES, 0);
  return self->scores[player][category];
}

guint
tessera_game_get_followers_in_supply (TesseraGame *self,
                                      guint        player)
{
  g_return_val_if_fail (player < self->n_players, 0);
  return self->followers[player];
}

guint
tessera_game_get_tiles_left (TesseraGame *self)
{
  return self->tiles_left;
}

GArray *
tessera_game_get_supply (TesseraGame *self)
{
  return self->supply;
}

guint
tessera_game_get_n_pieces (TesseraGame *self)
{
  return self->n_pieces;
}

guint
tessera_game_get_n_score_events (TesseraGame *self)
{
  return self->n_score_events;
}

/**
 * tessera_game_get_pieces:
 * @n_pieces: (out): how many there are
 *
 * Returns: (array length=n_pieces): the followers on land tiles, in the order they were placed
 */
const TesseraPiece *
tessera_game_get_pieces (TesseraGame *self,
                         guint       *n_pieces)
{
  *n_pieces = self->n_pieces;
  return self->pieces;
}

/**
 * tessera_game_get_score_events:
 * @n_score_events: (out): how many there are
 *
 * Returns: (array length=n_score_events): every scoring so far, in order
 */
const TesseraScoreEvent *
tessera_game_get_score_events (TesseraGame *self,
                               guint       *n_score_events)
{
  *n_score_events = self->n_score_events;
  return self->score_events;
}

/**
 * tessera_game_get_tile_id:
 * @index: a tile of the board
 *
 * Returns: the id the tile was drawn as ("U+W2"), the start tile's type, or %NULL for a square
 *   of the wheel board
 */
const char *
tessera_game_get_tile_id (TesseraGame *self,
                          guint        index)
{
  const TesseraBoxEntry *entry;

  g_return_val_if_fail (index < self->n_placed, NULL);
  entry = self->placed[index];
  if (entry != NULL)
    return entry->id;
  if (tessera_board_get_tile (self->board, index)->type->board_square)
    return NULL;
  return tessera_board_get_tile (self->board, index)->type->id;
}

TesseraBoard *
tessera_game_get_board (TesseraGame *self)
{
  return self->board;
}

/* The segments of a tile placed at @cell where a follower could stand: every road, city, field
 * and cloister whose feature would be free once the tile joins its neighbours. */
void
tessera_game_list_follower_spots (TesseraGame           *self,
                                  const TesseraTileType *type,
                                  TesseraCell            cell,
                                  guint                  rotation,
                                  GArray                *segments)
{
  for (guint s = 0; s < type->n_segments; s++)
    if (!tessera_board_would_be_occupied (self->board, type, cell, rotation, s))
      g_array_append_val (segments, s);
}
