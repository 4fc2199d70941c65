/* tessera-record-write.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-record"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "tessera-engine-private.h"
#include "tessera-catalogue.h"
#include "tessera-record-private.h"

/* Writing a record, and one event, as JSON text: members in the order of the record format,
 * one event per line, so that a written record reads well and diffs well. */

static JsonNode *
cell_node (TesseraCell cell)
{
  JsonArray *array = json_array_sized_new (2);
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  json_array_add_int_element (array, cell.x);
  json_array_add_int_element (array, cell.y);
  json_node_take_array (node, array);
  return node;
}

static JsonObject *
piece_object (TesseraCell  at,
              const char  *spot)
{
  JsonObject *piece = json_object_new ();

  json_object_set_member (piece, "at", cell_node (at));
  json_object_set_string_member (piece, "spot", spot);
  return piece;
}

/* [{"player": P, "piece": {"at": [x, y], "spot": S} or null}, ...] */
static JsonNode *
moves_node (const TesseraPieceChoice *moves,
            guint                     n_moves)
{
  JsonArray *array = json_array_sized_new (n_moves);
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; i < n_moves; i++)
    {
      JsonObject *move = json_object_new ();

      json_object_set_int_member (move, "player", moves[i].player);
      if (moves[i].has_piece)
        json_object_set_object_member (move, "piece", piece_object (moves[i].piece.at, moves[i].piece.spot));
      else
        json_object_set_null_member (move, "piece");
      json_array_add_object_element (array, move);
    }
  json_node_take_array (node, array);
  return node;
}

static JsonNode *
magic_node (const TesseraMagicChoice *choice)
{
  JsonObject *magic = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (magic, "piece", choice->figure == TESSERA_MAGIC_MAGE ? "mage" : "witch");
  if (choice->has_to)
    json_object_set_object_member (magic, "to", piece_object (choice->to.at, choice->to.spot));
  else
    json_object_set_null_member (magic, "to");
  json_node_take_object (node, magic);
  return node;
}

static JsonNode *
crop_node (const TesseraEventChoices *choices)
{
  JsonObject *crop = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (crop, "choice", choices->crop_add ? "add" : "remove");
  json_object_set_member (crop, "moves", moves_node (choices->crop_moves, choices->n_crop_moves));
  json_node_take_object (node, crop);
  return node;
}

/* The event as a record writes it: members in the order the record format gives. */
JsonNode *
_tessera_event_to_json (const TesseraEvent *event)
{
  const TesseraEventChoices *choices = event->choices;
  JsonObject *wrapper = json_object_new ();
  JsonObject *body = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  if (event->kind != TESSERA_EVENT_END)
    json_object_set_int_member (body, "player", event->player);

  switch (event->kind)
    {
    case TESSERA_EVENT_TURN:
      json_object_set_string_member (body, "tile", event->tile);
      json_object_set_member (body, "at", cell_node (event->at));
      json_object_set_int_member (body, "rotation", event->rotation);
      if (choices != NULL && choices->has_plague)
        json_object_set_member (body, "plague", moves_node (choices->plague_choices, choices->n_plague_choices));
      if (choices != NULL && choices->has_magic)
        json_object_set_member (body, "magic", magic_node (&choices->magic_choice));
      if (event->action != TESSERA_ACTION_NONE)
        {
          JsonObject *action = json_object_new ();

          switch (event->action)
            {
            case TESSERA_ACTION_FOLLOWER:
              {
                JsonObject *follower = json_object_new ();
                json_object_set_string_member (follower, "spot", event->spot);
                json_object_set_object_member (action, "follower", follower);
              }
              break;
            case TESSERA_ACTION_CROWN:
              json_object_set_string_member (action, "crown", event->crown);
              break;
            case TESSERA_ACTION_TOWER:
            case TESSERA_ACTION_TOWER_TOP:
              {
                JsonObject *tower = json_object_new ();
                json_object_set_member (tower, "at", cell_node (event->tower_at));
                json_object_set_object_member (action, event->action == TESSERA_ACTION_TOWER ? "tower" : "tower_top",
                                               tower);
                if (event->has_capture)
                  json_object_set_object_member (action, "capture",
                                                 piece_object (event->capture.at, event->capture.spot));
              }
              break;
            case TESSERA_ACTION_NONE:
            default:
              break;
            }
          json_object_set_object_member (body, "action", action);
        }
      if (choices != NULL && choices->has_crop)
        json_object_set_member (body, "crop", crop_node (choices));
      break;

    case TESSERA_EVENT_DISCARD:
      json_object_set_string_member (body, "tile", event->tile);
      if (choices != NULL && choices->has_plague)
        json_object_set_member (body, "plague", moves_node (choices->plague_choices, choices->n_plague_choices));
      break;

    case TESSERA_EVENT_RANSOM:
      json_object_set_int_member (body, "from", event->from);
      break;

    case TESSERA_EVENT_ADJUST:
      json_object_set_int_member (body, "points", event->points);
      json_object_set_string_member (body, "reason", event->reason);
      break;

    case TESSERA_EVENT_END:
    default:
      break;
    }

  json_object_set_object_member (wrapper, _tessera_event_kind_name (event->kind), body);
  json_node_take_object (node, wrapper);
  return node;
}

void
_tessera_record_append_json_string (GString    *out,
                                    const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      if (c == '"' || c == '\\')
        g_string_append_printf (out, "\\%c", c);
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c < 0x20)
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_c (out, (char) c);
    }
  g_string_append_c (out, '"');
}

/* Compact JSON with a space after ':' and ',', members in insertion order: one event per line
 * reads well and diffs well. */
static void
append_json (GString  *out,
             JsonNode *node)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *object = json_node_get_object (node);
        JsonObjectIter iter;
        const char *key;
        JsonNode *member;
        gboolean first = TRUE;

        g_string_append_c (out, '{');
        json_object_iter_init_ordered (&iter, object);
        while (json_object_iter_next_ordered (&iter, &key, &member))
          {
            if (!first)
              g_string_append (out, ", ");
            first = FALSE;
            _tessera_record_append_json_string (out, key);
            g_string_append (out, ": ");
            append_json (out, member);
          }
        g_string_append_c (out, '}');
      }
      break;

    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);

        g_string_append_c (out, '[');
        for (guint i = 0; i < json_array_get_length (array); i++)
          {
            if (i > 0)
              g_string_append (out, ", ");
            append_json (out, json_array_get_element (array, i));
          }
        g_string_append_c (out, ']');
      }
      break;

    case JSON_NODE_NULL:
      g_string_append (out, "null");
      break;

    case JSON_NODE_VALUE:
    default:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_STRING:
          _tessera_record_append_json_string (out, json_node_get_string (node));
          break;
        case G_TYPE_BOOLEAN:
          g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
          break;
        case G_TYPE_DOUBLE:
          {
            char buffer[G_ASCII_DTOSTR_BUF_SIZE];
            g_string_append (out, g_ascii_dtostr (buffer, sizeof buffer, json_node_get_double (node)));
          }
          break;
        case G_TYPE_INT64:
        default:
          g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
          break;
        }
      break;
    }
}

char *
tessera_event_to_data (const TesseraEvent *event)
{
  g_autoptr(JsonNode) node = _tessera_event_to_json (event);
  GString *out = g_string_new (NULL);

  append_json (out, node);
  return g_string_free (out, FALSE);
}

char *
tessera_record_to_data (const TesseraRecord *record)
{
  GString *out = g_string_new ("{\n  \"format\": \"tessera-game\",\n  \"version\": 1,\n  \"sets\": [");

  for (guint i = 0; i < record->sets->len; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      _tessera_record_append_json_string (out, g_ptr_array_index (record->sets, i));
    }
  g_string_append (out, "],\n");
  if (record->start != NULL)
    {
      g_string_append (out, "  \"start\": ");
      _tessera_record_append_json_string (out, record->start);
      g_string_append (out, ",\n");
    }
  if (record->has_rules)
    g_string_append_printf (out, "  \"rules\": {\"tower-capture-own\": %s, \"tower-top-capturable\": %s},\n",
                            record->tower_capture_own ? "true" : "false",
                            record->tower_top_capturable ? "true" : "false");
  if (record->crop_circle_tiles != NULL)
    {
      g_string_append (out, "  \"crop_circle_tiles\": [");
      for (guint i = 0; i < record->crop_circle_tiles->len; i++)
        {
          if (i > 0)
            g_string_append (out, ", ");
          _tessera_record_append_json_string (out, g_ptr_array_index (record->crop_circle_tiles, i));
        }
      g_string_append (out, "],\n");
    }
  if (record->box != NULL)
    {
      g_string_append (out, "  \"box\": {");
      for (guint i = 0; i < record->box->len; i++)
        {
          const TesseraBoxCount *count = &g_array_index (record->box, TesseraBoxCount, i);

          if (i > 0)
            g_string_append (out, ", ");
          _tessera_record_append_json_string (out, count->tile);
          g_string_append_printf (out, ": %u", count->copies);
        }
      g_string_append (out, "},\n");
    }
  if (record->played != NULL)
    {
      g_string_append (out, "  \"played\": ");
      _tessera_played_append (out, record->played);
      g_string_append (out, ",\n");
    }
  g_string_append (out, "  \"players\": [\n");
  for (guint i = 0; i < record->players->len; i++)
    {
      const TesseraPlayerInfo *player = &g_array_index (record->players, TesseraPlayerInfo, i);

      g_string_append (out, "    {\"name\": ");
      _tessera_record_append_json_string (out, player->name);
      g_string_append (out, ", \"color\": ");
      _tessera_record_append_json_string (out, player->color);
      g_string_append (out, i + 1 < record->players->len ? "},\n" : "}\n");
    }
  g_string_append (out, "  ],\n  \"events\": [");
  for (guint i = 0; i < record->events->len; i++)
    {
      g_autofree char *event = tessera_event_to_data (g_ptr_array_index (record->events, i));

      g_string_append (out, i > 0 ? ",\n    " : "\n    ");
      g_string_append (out, event);
    }
  g_string_append (out, record->events->len > 0 ? "\n  ]\n}\n" : "]\n}\n");
  return g_string_free (out, FALSE);
}
