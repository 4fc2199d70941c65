/* tessera-event.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-event"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tessera-engine-private.h"
#include "tessera-catalogue.h"
#include "tessera-event.h"

/* An event is counted on its own, or, when a record packs its events into one block (see
 * tessera_event_pack()), through the block: then the block lives while any of its events does.
 * The count comes first, in the same cache line as the fields replay reads. */
typedef struct _EventBlock EventBlock;

typedef struct
{
  gatomicrefcount  ref_count;   /* unused in a block */
  EventBlock      *block;
  TesseraEvent     event;
} RefEvent;

/* Each event is followed by its lists of moves (the Plague's, the crop circle's): replay
 * reads them right after the event, and from the same stream of memory. */
struct _EventBlock
{
  gatomicrefcount ref_count;
  guint           n_events;
  const char     *end;          /* just past the last event's moves */
  RefEvent        first[];
};

#define REF_EVENT(e) ((RefEvent *) ((char *) (e) - G_STRUCT_OFFSET (RefEvent, event)))

TesseraEvent *
tessera_event_new (TesseraEventKind kind)
{
  RefEvent *ref = g_new0 (RefEvent, 1);

  g_atomic_ref_count_init (&ref->ref_count);
  ref->event.kind = kind;
  return &ref->event;
}

TesseraEvent *
tessera_event_ref (TesseraEvent *event)
{
  RefEvent *ref = REF_EVENT (event);

  g_return_val_if_fail (event != NULL, NULL);
  g_atomic_ref_count_inc (ref->block != NULL ? &ref->block->ref_count : &ref->ref_count);
  return event;
}

/* Frees what @event owns; in a block, its choices and their moves are part of the block. */
static void
event_clear (TesseraEvent *event,
             gboolean      in_block)
{
  TesseraEventChoices *choices = g_steal_pointer (&event->choices);

  if (choices != NULL)
    {
      if (!in_block)
        {
          g_free (choices->plague_choices);
          g_free (choices->crop_moves);
          g_free (choices);
        }
    }
  g_clear_pointer (&event->reason, g_free);
}

/* The room @event's choices and their lists of moves take after it in a block. */
static gsize
extra_size (const TesseraEvent *event)
{
  const TesseraEventChoices *choices = event->choices;

  if (choices == NULL)
    return 0;
  return sizeof (TesseraEventChoices) +
         ((choices->plague_choices != NULL ? choices->n_plague_choices : 0) +
          (choices->crop_moves != NULL ? choices->n_crop_moves : 0)) * sizeof (TesseraPieceChoice);
}

/* The event after @ref in its block. */
static RefEvent *
block_next (RefEvent *ref)
{
  G_STATIC_ASSERT (sizeof (TesseraPieceChoice) % G_ALIGNOF (RefEvent) == 0);
  G_STATIC_ASSERT (sizeof (TesseraEventChoices) % G_ALIGNOF (RefEvent) == 0);
  return (RefEvent *) ((char *) (ref + 1) + extra_size (&ref->event));
}

static void
block_free (EventBlock *block)
{
  RefEvent *ref = block->first;

  for (guint i = 0; i < block->n_events; i++)
    {
      RefEvent *next = block_next (ref);

      event_clear (&ref->event, TRUE);
      ref = next;
    }
  g_free (block);
}

void
tessera_event_unref (TesseraEvent *event)
{
  RefEvent *ref;

  if (event == NULL)
    return;
  ref = REF_EVENT (event);
  if (ref->block != NULL)
    {
      if (g_atomic_ref_count_dec (&ref->block->ref_count))
        block_free (ref->block);
      return;
    }
  if (!g_atomic_ref_count_dec (&ref->ref_count))
    return;
  event_clear (event, FALSE);
  g_free (ref);
}

/* Adds @delta (1 or -1) to the count of each of @events, with one atomic step for a run of
 * events that share a block. */
static void
count_many (TesseraEvent * const *events,
            guint                 n_events,
            int                   delta)
{
  for (guint i = 0, run; i < n_events; i += run)
    {
      EventBlock *block = REF_EVENT (events[i])->block;

      if (block == NULL)
        {
          run = 1;
          if (delta > 0)
            tessera_event_ref (events[i]);
          else
            tessera_event_unref (events[i]);
          continue;
        }
      /* Whether an event is the block's shows from its address alone, without reading the
       * event itself. */
      for (run = 1;
           i + run < n_events && (guintptr) events[i + run] > (guintptr) block &&
           (guintptr) events[i + run] < (guintptr) block->end;
           run++)
        ;
      /* g_atomic_int_add() returns the count from before. */
      if (g_atomic_int_add (&block->ref_count, delta * (int) run) == (int) run && delta < 0)
        block_free (block);
    }
}

/**
 * _tessera_event_ref_many:
 *
 * tessera_event_ref() on each of @events, with one atomic step for a run of events from the
 * same record: a replay takes a reference to every event it logs.
 */
void
_tessera_event_ref_many (TesseraEvent * const *events,
                         guint                 n_events)
{
  count_many (events, n_events, 1);
}

void
_tessera_event_unref_many (TesseraEvent * const *events,
                           guint                 n_events)
{
  count_many (events, n_events, -1);
}

/* Moves @size bytes at *@from into the block at *@next, points *@from there, and advances
 * *@next past them. */
static void
move_into_block (gpointer  *from,
                 gsize      size,
                 char     **next)
{
  if (*from == NULL)
    return;
  memcpy (*next, *from, size);
  g_free (*from);
  *from = *next;
  *next += size;
}

/**
 * tessera_event_pack:
 * @events: (element-type TesseraEvent): events that nothing else references yet
 *
 * Moves @events into one block of memory, in order, and puts the moved events in their place.
 * Replaying a game reads every event once; side by side they stream through the cache instead
 * of costing a memory fetch each. Each event's choices and their lists of moves come along,
 * right after it, so packed events are read only: parsing their choices again would free
 * memory of the block.
 */
void
tessera_event_pack (GPtrArray *events)
{
  EventBlock *block;
  RefEvent *ref;
  gsize size = sizeof (EventBlock);

  if (events->len == 0)
    return;
  for (guint i = 0; i < events->len; i++)
    size += sizeof (RefEvent) + extra_size (g_ptr_array_index (events, i));
  block = g_malloc0 (size);
  g_atomic_ref_count_init (&block->ref_count);
  block->n_events = events->len;
  block->end = (const char *) block + size;
  ref = block->first;
  for (guint i = 0; i < events->len; i++)
    {
      RefEvent *old = REF_EVENT (g_ptr_array_index (events, i));
      TesseraEvent *event = &ref->event;
      char *next = (char *) (ref + 1);

      g_return_if_fail (old->block == NULL && g_atomic_ref_count_compare (&old->ref_count, 1));
      ref->block = block;
      *event = old->event;   /* takes over what the event owns */
      g_free (old);
      events->pdata[i] = event;
      if (event->choices != NULL)
        {
          TesseraEventChoices *choices;

          move_into_block ((gpointer *) &event->choices, sizeof (TesseraEventChoices), &next);
          choices = event->choices;
          move_into_block ((gpointer *) &choices->plague_choices,
                           choices->n_plague_choices * sizeof (TesseraPieceChoice), &next);
          move_into_block ((gpointer *) &choices->crop_moves,
                           choices->n_crop_moves * sizeof (TesseraPieceChoice), &next);
        }
      ref = (RefEvent *) next;
    }
  g_assert ((const char *) ref == block->end);
  /* The array holds one reference to each event: as many on the block. */
  for (guint i = 1; i < events->len; i++)
    g_atomic_ref_count_inc (&block->ref_count);
}

static gboolean
pieces_equal (const TesseraPieceRef *a,
              const TesseraPieceRef *b)
{
  return a->at.x == b->at.x && a->at.y == b->at.y && strcmp (a->spot, b->spot) == 0;
}

static gboolean
moves_equal (const TesseraPieceChoice *a,
             guint                     n_a,
             const TesseraPieceChoice *b,
             guint                     n_b)
{
  if (n_a != n_b)
    return FALSE;
  for (guint i = 0; i < n_a; i++)
    if (a[i].player != b[i].player || a[i].has_piece != b[i].has_piece ||
        (a[i].has_piece && !pieces_equal (&a[i].piece, &b[i].piece)))
      return FALSE;
  return TRUE;
}

static gboolean
choices_equal (const TesseraEventChoices *a,
               const TesseraEventChoices *b)
{
  static const TesseraEventChoices none = { 0 };

  a = a != NULL ? a : &none;
  b = b != NULL ? b : &none;
  if (a->has_plague != b->has_plague || a->has_magic != b->has_magic || a->has_crop != b->has_crop)
    return FALSE;
  if (a->has_plague &&
      !moves_equal (a->plague_choices, a->n_plague_choices, b->plague_choices, b->n_plague_choices))
    return FALSE;
  if (a->has_magic &&
      (a->magic_choice.figure != b->magic_choice.figure || a->magic_choice.has_to != b->magic_choice.has_to ||
       (a->magic_choice.has_to && !pieces_equal (&a->magic_choice.to, &b->magic_choice.to))))
    return FALSE;
  if (a->has_crop &&
      (a->crop_add != b->crop_add || !moves_equal (a->crop_moves, a->n_crop_moves, b->crop_moves, b->n_crop_moves)))
    return FALSE;
  return TRUE;
}

gboolean
tessera_event_equal (const TesseraEvent *a,
                     const TesseraEvent *b)
{
  return a->kind == b->kind &&
         a->player == b->player &&
         strcmp (a->tile, b->tile) == 0 &&
         a->at.x == b->at.x && a->at.y == b->at.y &&
         a->rotation == b->rotation &&
         a->action == b->action &&
         strcmp (a->spot, b->spot) == 0 &&
         strcmp (a->crown, b->crown) == 0 &&
         a->tower_at.x == b->tower_at.x && a->tower_at.y == b->tower_at.y &&
         a->has_capture == b->has_capture &&
         a->capture.at.x == b->capture.at.x && a->capture.at.y == b->capture.at.y &&
         strcmp (a->capture.spot, b->capture.spot) == 0 &&
         choices_equal (a->choices, b->choices) &&
         a->points == b->points &&
         g_strcmp0 (a->reason, b->reason) == 0 &&
         a->from == b->from;
}

const char *
_tessera_event_kind_name (TesseraEventKind kind)
{
  switch (kind)
    {
    case TESSERA_EVENT_TURN:
      return "turn";
    case TESSERA_EVENT_DISCARD:
      return "discard";
    case TESSERA_EVENT_RANSOM:
      return "ransom";
    case TESSERA_EVENT_ADJUST:
      return "adjust";
    case TESSERA_EVENT_END:
    default:
      return "end";
    }
}

/* The kind of an event for people, translated: "turn". */
const char *
_tessera_event_kind_phrase (TesseraEventKind kind)
{
  switch (kind)
    {
    case TESSERA_EVENT_TURN:
      return C_("event", "turn");
    case TESSERA_EVENT_DISCARD:
      return C_("event", "discard");
    case TESSERA_EVENT_RANSOM:
      return C_("event", "ransom");
    case TESSERA_EVENT_ADJUST:
      return C_("event", "correction");
    case TESSERA_EVENT_END:
    default:
      return C_("event", "end");
    }
}

/**
 * tessera_event_set_tile:
 * @tile: a tile id, as records write it ("D", "U+W2")
 *
 * Sets the event's tile, and what it names in the catalogue, so that replay does not look tile
 * names up again and again.
 */
void
tessera_event_set_tile (TesseraEvent *event,
                        const char   *tile)
{
  g_strlcpy (event->tile, tile, sizeof event->tile);
  event->tile_type = tessera_catalogue_parse_tile_id (tessera_catalogue_get_default (), event->tile,
                                                      &event->tile_wheel);
}

/* Making events --------------------------------------------------------------------------- */

/**
 * tessera_event_copy:
 *
 * Returns: (transfer full): a new event like @event, choices and all, that nothing else shares
 */
TesseraEvent *
tessera_event_copy (const TesseraEvent *event)
{
  TesseraEvent *copy;

  g_return_val_if_fail (event != NULL, NULL);

  copy = tessera_event_new (event->kind);
  *copy = *event;
  copy->reason = g_strdup (event->reason);
  if (event->choices != NULL)
    {
      const TesseraEventChoices *choices = event->choices;

      copy->choices = g_memdup2 (choices, sizeof (TesseraEventChoices));
      copy->choices->plague_choices = g_memdup2 (choices->plague_choices,
                                                 MAX (choices->n_plague_choices, 1) * sizeof (TesseraPieceChoice));
      copy->choices->crop_moves = g_memdup2 (choices->crop_moves,
                                             MAX (choices->n_crop_moves, 1) * sizeof (TesseraPieceChoice));
    }
  return copy;
}

static TesseraEventChoices *
ensure_choices (TesseraEvent *event)
{
  if (event->choices == NULL)
    event->choices = g_new0 (TesseraEventChoices, 1);
  return event->choices;
}

static void
set_id (char       *field,
        const char *id)
{
  g_return_if_fail (id != NULL);
  g_return_if_fail (strlen (id) < TESSERA_ID_SIZE);

  g_strlcpy (field, id, TESSERA_ID_SIZE);
}

/**
 * tessera_event_new_turn:
 * @tile: the id of the tile drawn, as records write it ("D", "U+W2")
 * @at: where it went
 * @rotation: its rotation in degrees clockwise: 0, 90, 180 or 270
 *
 * Returns: (transfer full): a turn without an action; add one with tessera_event_set_follower()
 *   and the like
 */
TesseraEvent *
tessera_event_new_turn (int          player,
                        const char  *tile,
                        TesseraCell  at,
                        guint        rotation)
{
  TesseraEvent *event;

  g_return_val_if_fail (rotation % 90 == 0 && rotation < 360, NULL);

  event = tessera_event_new (TESSERA_EVENT_TURN);
  event->player = player;
  event->at = at;
  event->rotation = (int) rotation;
  tessera_event_set_tile (event, tile);
  return event;
}

/**
 * tessera_event_new_discard:
 *
 * Returns: (transfer full): the tile @tile drawn by @player and put back, as it fits nowhere
 */
TesseraEvent *
tessera_event_new_discard (int         player,
                           const char *tile)
{
  TesseraEvent *event = tessera_event_new (TESSERA_EVENT_DISCARD);

  event->player = player;
  tessera_event_set_tile (event, tile);
  return event;
}

/**
 * tessera_event_new_ransom:
 *
 * Returns: (transfer full): @player paying ransom to @from, who holds their follower
 */
TesseraEvent *
tessera_event_new_ransom (int player,
                          int from)
{
  TesseraEvent *event = tessera_event_new (TESSERA_EVENT_RANSOM);

  event->player = player;
  event->from = from;
  return event;
}

/**
 * tessera_event_new_adjust:
 * @reason: what the table agreed on
 *
 * Returns: (transfer full): a correction of @player's score by @points
 */
TesseraEvent *
tessera_event_new_adjust (int         player,
                          int         points,
                          const char *reason)
{
  TesseraEvent *event;

  g_return_val_if_fail (reason != NULL, NULL);

  event = tessera_event_new (TESSERA_EVENT_ADJUST);
  event->player = player;
  event->points = points;
  event->reason = g_strdup (reason);
  return event;
}

/**
 * tessera_event_new_end:
 *
 * Returns: (transfer full): the end of the game, which brings final scoring
 */
TesseraEvent *
tessera_event_new_end (void)
{
  return tessera_event_new (TESSERA_EVENT_END);
}

/**
 * tessera_event_set_follower:
 * @spot: the segment of the new tile the follower goes on ("c1")
 */
void
tessera_event_set_follower (TesseraEvent *event,
                            const char   *spot)
{
  g_return_if_fail (event->kind == TESSERA_EVENT_TURN);

  event->action = TESSERA_ACTION_FOLLOWER;
  set_id (event->spot, spot);
}

/**
 * tessera_event_set_crown:
 * @crown: the crown space of the wheel ("taxes-1")
 */
void
tessera_event_set_crown (TesseraEvent *event,
                         const char   *crown)
{
  g_return_if_fail (event->kind == TESSERA_EVENT_TURN);

  event->action = TESSERA_ACTION_CROWN;
  set_id (event->crown, crown);
}

/**
 * tessera_event_set_tower:
 * @at: the tower's cell
 * @top: a follower closes the tower, instead of a floor going on it
 * @capture: (nullable): the follower a new floor captures
 */
void
tessera_event_set_tower (TesseraEvent          *event,
                         TesseraCell            at,
                         gboolean               top,
                         const TesseraPieceRef *capture)
{
  g_return_if_fail (event->kind == TESSERA_EVENT_TURN);
  g_return_if_fail (!top || capture == NULL);

  event->action = top ? TESSERA_ACTION_TOWER_TOP : TESSERA_ACTION_TOWER;
  event->tower_at = at;
  event->has_capture = capture != NULL;
  if (capture != NULL)
    event->capture = *capture;
}

static void
copy_moves (TesseraPieceChoice       **to,
            guint                     *n_to,
            const TesseraPieceChoice  *moves,
            guint                      n_moves)
{
  g_free (*to);
  /* Never NULL once set, so that a list of no moves is still a list. */
  *to = g_new0 (TesseraPieceChoice, MAX (n_moves, 1));
  if (n_moves > 0)
    memcpy (*to, moves, n_moves * sizeof (TesseraPieceChoice));
  *n_to = n_moves;
}

/**
 * tessera_event_set_plague:
 * @moves: (array length=n_moves): each player's move, in table order: the follower they take
 *   back, or none
 *
 * The Plague's choices of a turn or discard whose tile turns the pig onto the Plague.
 */
void
tessera_event_set_plague (TesseraEvent             *event,
                          const TesseraPieceChoice *moves,
                          guint                     n_moves)
{
  TesseraEventChoices *choices;

  g_return_if_fail (event->kind == TESSERA_EVENT_TURN || event->kind == TESSERA_EVENT_DISCARD);

  choices = ensure_choices (event);
  choices->has_plague = TRUE;
  copy_moves (&choices->plague_choices, &choices->n_plague_choices, moves, n_moves);
}

/**
 * tessera_event_set_magic:
 * @to: (nullable): where @figure goes, or %NULL when it leaves the board
 */
void
tessera_event_set_magic (TesseraEvent          *event,
                         TesseraMagicFigure     figure,
                         const TesseraPieceRef *to)
{
  TesseraEventChoices *choices;

  g_return_if_fail (event->kind == TESSERA_EVENT_TURN);

  choices = ensure_choices (event);
  choices->has_magic = TRUE;
  choices->magic_choice.figure = figure;
  choices->magic_choice.has_to = to != NULL;
  if (to != NULL)
    choices->magic_choice.to = *to;
}

/**
 * tessera_event_set_crop:
 * @add: the crop circle adds followers, or takes them away
 * @moves: (array length=n_moves): each player's move, in table order
 */
void
tessera_event_set_crop (TesseraEvent             *event,
                        gboolean                  add,
                        const TesseraPieceChoice *moves,
                        guint                     n_moves)
{
  TesseraEventChoices *choices;

  g_return_if_fail (event->kind == TESSERA_EVENT_TURN);

  choices = ensure_choices (event);
  choices->has_crop = TRUE;
  choices->crop_add = add;
  copy_moves (&choices->crop_moves, &choices->n_crop_moves, moves, n_moves);
}
