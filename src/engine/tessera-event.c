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
      g_clear_pointer (&choices->plague, json_node_unref);
      g_clear_pointer (&choices->magic, json_node_unref);
      g_clear_pointer (&choices->crop, json_node_unref);
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
 * tessera_event_ref_many:
 *
 * tessera_event_ref() on each of @events, with one atomic step for a run of events from the
 * same record: a replay takes a reference to every event it logs.
 */
void
tessera_event_ref_many (TesseraEvent * const *events,
                        guint                 n_events)
{
  count_many (events, n_events, 1);
}

void
tessera_event_unref_many (TesseraEvent * const *events,
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
nodes_equal (JsonNode *a,
             JsonNode *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return json_node_equal (a, b);
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
         nodes_equal (a->choices ? a->choices->plague : NULL, b->choices ? b->choices->plague : NULL) &&
         nodes_equal (a->choices ? a->choices->magic : NULL, b->choices ? b->choices->magic : NULL) &&
         nodes_equal (a->choices ? a->choices->crop : NULL, b->choices ? b->choices->crop : NULL) &&
         a->points == b->points &&
         g_strcmp0 (a->reason, b->reason) == 0 &&
         a->from == b->from;
}

const char *
tessera_event_kind_name (TesseraEventKind kind)
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
tessera_event_kind_phrase (TesseraEventKind kind)
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

/**
 * tessera_event_ensure_choices:
 *
 * Returns: the event's expansion choices, made empty the first time they are asked for
 */
TesseraEventChoices *
tessera_event_ensure_choices (TesseraEvent *event)
{
  if (event->choices == NULL)
    event->choices = g_new0 (TesseraEventChoices, 1);
  return event->choices;
}

static gboolean
read_piece_ref (JsonNode        *node,
                   TesseraPieceRef *piece)
{
  JsonObject *object;
  JsonNode *at;
  JsonNode *spot;
  JsonArray *cell;

  if (JSON_NODE_TYPE (node) != JSON_NODE_OBJECT)
    return FALSE;
  object = json_node_get_object (node);
  at = json_object_get_member (object, "at");
  spot = json_object_get_member (object, "spot");
  if (json_object_get_size (object) != 2 || at == NULL || spot == NULL || JSON_NODE_TYPE (at) != JSON_NODE_ARRAY ||
      JSON_NODE_TYPE (spot) != JSON_NODE_VALUE || json_node_get_value_type (spot) != G_TYPE_STRING)
    return FALSE;
  cell = json_node_get_array (at);
  if (json_array_get_length (cell) != 2 ||
      JSON_NODE_TYPE (json_array_get_element (cell, 0)) != JSON_NODE_VALUE ||
      json_node_get_value_type (json_array_get_element (cell, 0)) != G_TYPE_INT64 ||
      JSON_NODE_TYPE (json_array_get_element (cell, 1)) != JSON_NODE_VALUE ||
      json_node_get_value_type (json_array_get_element (cell, 1)) != G_TYPE_INT64 ||
      ABS (json_array_get_int_element (cell, 0)) >= TESSERA_CELL_LIMIT ||
      ABS (json_array_get_int_element (cell, 1)) >= TESSERA_CELL_LIMIT)
    return FALSE;
  piece->at.x = (int) json_array_get_int_element (cell, 0);
  piece->at.y = (int) json_array_get_int_element (cell, 1);
  return g_strlcpy (piece->spot, json_node_get_string (spot), sizeof piece->spot) < sizeof piece->spot;
}

/* The first key of @object that is not one of @known, or NULL. */
static const char *
unknown_member (JsonObject         *object,
                const char * const *known)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (known, l->data))
      return l->data;
  return NULL;
}

/* A list of every player's move: [{"player": P, "piece": {"at", "spot"} or null}, ...]. */
static gboolean
parse_moves (JsonNode            *node,
             const char          *key,
             TesseraPieceChoice **moves,
             guint               *n_moves,
             char               **problem)
{
  JsonArray *array;

  g_clear_pointer (moves, g_free);
  *n_moves = 0;
  if (JSON_NODE_TYPE (node) != JSON_NODE_ARRAY)
    {
      /* TRANSLATORS: %s is a key of the record, "plague" or "crop" */
      *problem = g_strdup_printf (_("\"%s\" must hold a list of moves, one for each player"), key);
      return FALSE;
    }
  array = json_node_get_array (node);
  *n_moves = json_array_get_length (array);
  *moves = g_new0 (TesseraPieceChoice, MAX (*n_moves, 1));
  for (guint i = 0; i < *n_moves; i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      TesseraPieceChoice *move = &(*moves)[i];
      JsonObject *object;
      JsonNode *player;
      JsonNode *piece;

      static const char * const keys[] = { "player", "piece", NULL };
      const char *unknown;

      if (JSON_NODE_TYPE (element) != JSON_NODE_OBJECT)
        goto bad;
      object = json_node_get_object (element);
      if ((unknown = unknown_member (object, keys)) != NULL)
        {
          *problem = g_strdup_printf (_("unknown key \"%s\" in \"%s\" move %u (known keys: player, piece)"),
                                      unknown, key, i);
          return FALSE;
        }
      player = json_object_get_member (object, "player");
      piece = json_object_get_member (object, "piece");
      if (json_object_get_size (object) != 2 || player == NULL || piece == NULL ||
          JSON_NODE_TYPE (player) != JSON_NODE_VALUE || json_node_get_value_type (player) != G_TYPE_INT64)
        goto bad;
      move->player = (int) CLAMP (json_node_get_int (player), -1, G_MAXINT);
      move->has_piece = !JSON_NODE_HOLDS_NULL (piece);
      if (move->has_piece && !read_piece_ref (piece, &move->piece))
        {
          *problem = g_strdup_printf (_("the piece of \"%s\" move %u must be {\"at\": [x, y], \"spot\": S} or null"),
                                      key, i);
          return FALSE;
        }
      continue;

    bad:
      *problem = g_strdup_printf (_("\"%s\" move %u must be an object with \"player\" and \"piece\""), key, i);
      return FALSE;
    }
  return TRUE;
}

/**
 * tessera_event_parse_plague:
 * @problem: (out): what is wrong with "plague", for a message
 *
 * Reads the event's "plague" list, as written, into plague_choices. Whether the choices are
 * legal is for the rules to say when the pig lands on Plague.
 */
gboolean
tessera_event_parse_plague (TesseraEvent  *event,
                            char         **problem)
{
  TesseraEventChoices *choices = event->choices;

  if (choices == NULL)
    return TRUE;
  if (choices->plague == NULL)
    {
      g_clear_pointer (&choices->plague_choices, g_free);
      choices->n_plague_choices = 0;
      return TRUE;
    }
  return parse_moves (choices->plague, "plague", &choices->plague_choices, &choices->n_plague_choices, problem);
}

/**
 * tessera_event_parse_crop:
 * @problem: (out): what is wrong with "crop", for a message
 *
 * Reads the event's "crop", {"choice": "add" or "remove", "moves": [...]}, into crop_add and
 * crop_moves.
 */
gboolean
tessera_event_parse_crop (TesseraEvent  *event,
                          char         **problem)
{
  static const char * const keys[] = { "choice", "moves", NULL };
  const char *unknown;
  JsonObject *object;
  JsonNode *choice;
  JsonNode *moves;
  TesseraEventChoices *choices = event->choices;

  if (choices == NULL)
    return TRUE;
  g_clear_pointer (&choices->crop_moves, g_free);
  choices->n_crop_moves = 0;
  if (choices->crop == NULL)
    return TRUE;
  if (JSON_NODE_TYPE (choices->crop) != JSON_NODE_OBJECT)
    goto bad;
  object = json_node_get_object (choices->crop);
  if ((unknown = unknown_member (object, keys)) != NULL)
    {
      *problem = g_strdup_printf (_("unknown key \"%s\" in \"crop\" (known keys: choice, moves)"), unknown);
      return FALSE;
    }
  choice = json_object_get_member (object, "choice");
  moves = json_object_get_member (object, "moves");
  if (json_object_get_size (object) != 2 || choice == NULL || moves == NULL ||
      JSON_NODE_TYPE (choice) != JSON_NODE_VALUE || json_node_get_value_type (choice) != G_TYPE_STRING)
    goto bad;
  if (g_str_equal (json_node_get_string (choice), "add"))
    choices->crop_add = TRUE;
  else if (g_str_equal (json_node_get_string (choice), "remove"))
    choices->crop_add = FALSE;
  else
    {
      *problem = g_strdup_printf (_("the \"choice\" of \"crop\" is \"add\" or \"remove\", not \"%s\""),
                                  json_node_get_string (choice));
      return FALSE;
    }
  return parse_moves (moves, "crop", &choices->crop_moves, &choices->n_crop_moves, problem);

bad:
  *problem = g_strdup (_("\"crop\" must be an object with \"choice\" and \"moves\""));
  return FALSE;
}

/**
 * tessera_event_parse_magic:
 * @problem: (out): what is wrong with "magic", for a message
 *
 * Reads the event's "magic" choice, {"piece": "mage"|"witch", "to": {"at", "spot"}|null}, into
 * magic_choice. Whether the move is legal is for the rules to say.
 */
gboolean
tessera_event_parse_magic (TesseraEvent  *event,
                           char         **problem)
{
  static const char * const keys[] = { "piece", "to", NULL };
  const char *unknown;
  JsonObject *object;
  JsonNode *piece;
  JsonNode *to;
  TesseraEventChoices *choices = event->choices;

  if (choices == NULL)
    return TRUE;
  memset (&choices->magic_choice, 0, sizeof choices->magic_choice);
  if (choices->magic == NULL)
    return TRUE;
  if (JSON_NODE_TYPE (choices->magic) != JSON_NODE_OBJECT)
    goto bad;
  object = json_node_get_object (choices->magic);
  if ((unknown = unknown_member (object, keys)) != NULL)
    {
      *problem = g_strdup_printf (_("unknown key \"%s\" in \"magic\" (known keys: piece, to)"), unknown);
      return FALSE;
    }
  piece = json_object_get_member (object, "piece");
  to = json_object_get_member (object, "to");
  if (json_object_get_size (object) != 2 || piece == NULL || to == NULL ||
      JSON_NODE_TYPE (piece) != JSON_NODE_VALUE || json_node_get_value_type (piece) != G_TYPE_STRING)
    goto bad;
  if (g_str_equal (json_node_get_string (piece), "mage"))
    choices->magic_choice.figure = TESSERA_MAGIC_MAGE;
  else if (g_str_equal (json_node_get_string (piece), "witch"))
    choices->magic_choice.figure = TESSERA_MAGIC_WITCH;
  else
    {
      *problem = g_strdup_printf (_("\"magic\" moves \"mage\" or \"witch\", not \"%s\""), json_node_get_string (piece));
      return FALSE;
    }
  choices->magic_choice.has_to = !JSON_NODE_HOLDS_NULL (to);
  if (choices->magic_choice.has_to && !read_piece_ref (to, &choices->magic_choice.to))
    {
      *problem = g_strdup (_("the \"to\" of \"magic\" must be {\"at\": [x, y], \"spot\": S} or null"));
      return FALSE;
    }
  return TRUE;

bad:
  *problem = g_strdup (_("\"magic\" must be an object with \"piece\" and \"to\""));
  return FALSE;
}
