/* tessera-event.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-event"

#include "config.h"

#include "tessera-event.h"

typedef struct
{
  TesseraEvent  event;
  gatomicrefcount ref_count;
} RefEvent;

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
  RefEvent *ref = (RefEvent *) event;

  g_return_val_if_fail (event != NULL, NULL);
  g_atomic_ref_count_inc (&ref->ref_count);
  return event;
}

void
tessera_event_unref (TesseraEvent *event)
{
  RefEvent *ref = (RefEvent *) event;

  if (event == NULL || !g_atomic_ref_count_dec (&ref->ref_count))
    return;
  g_free (event->tile);
  g_free (event->spot);
  g_free (event->crown);
  g_free (event->capture.spot);
  g_clear_pointer (&event->plague, json_node_unref);
  g_clear_pointer (&event->magic, json_node_unref);
  g_clear_pointer (&event->crop, json_node_unref);
  g_free (event->reason);
  g_free (ref);
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
         g_strcmp0 (a->tile, b->tile) == 0 &&
         a->at.x == b->at.x && a->at.y == b->at.y &&
         a->rotation == b->rotation &&
         a->action == b->action &&
         g_strcmp0 (a->spot, b->spot) == 0 &&
         g_strcmp0 (a->crown, b->crown) == 0 &&
         a->tower_at.x == b->tower_at.x && a->tower_at.y == b->tower_at.y &&
         a->has_capture == b->has_capture &&
         a->capture.at.x == b->capture.at.x && a->capture.at.y == b->capture.at.y &&
         g_strcmp0 (a->capture.spot, b->capture.spot) == 0 &&
         nodes_equal (a->plague, b->plague) &&
         nodes_equal (a->magic, b->magic) &&
         nodes_equal (a->crop, b->crop) &&
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
