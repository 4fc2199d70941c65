/* tessera-record-read.c
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
#include "tessera-json-check.h"
#include "tessera-record-private.h"

/* Reading a record from its JSON text into typed events, with a message for everything that
 * is wrong that names where (the record format: data/record-format.md). */

static const char * const known_sets[] = {
  "base", "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL
};

static const char * const top_keys[] = {
  "format", "version", "sets", "start", "players", "rules", "crop_circle_tiles", "box", "played", "events", NULL
};
static const char * const player_keys[] = { "name", "color", NULL };
static const char * const rules_keys[] = { "tower-capture-own", "tower-top-capturable", NULL };
static const char * const turn_keys[] = {
  "player", "tile", "at", "rotation", "plague", "magic", "action", "crop", NULL
};
static const char * const discard_keys[] = { "player", "tile", "plague", NULL };
static const char * const ransom_keys[] = { "player", "from", NULL };
static const char * const adjust_keys[] = { "player", "points", "reason", NULL };
static const char * const end_keys[] = { NULL };
static const char * const piece_keys[] = { "at", "spot", NULL };

typedef struct
{
  const TesseraRecord *record;
  char                *where;   /* "event 17 (turn of Bram)", "players[1]", "record" */
} Reader;

G_GNUC_PRINTF (3, 4)
static gboolean
reader_error (Reader      *reader,
              GError     **error,
              const char  *format,
              ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD, "%s: %s", reader->where, message);
  return FALSE;
}

static gboolean
check_keys (Reader             *reader,
            JsonObject         *object,
            const char * const *known,
            GError            **error)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      if (!g_strv_contains (known, l->data))
        {
          g_autofree char *list = g_strjoinv (", ", (char **) known);

          if (known[0] == NULL)
            return reader_error (reader, error, _("unknown key \"%s\" (this object takes no keys)"),
                                 (const char *) l->data);
          return reader_error (reader, error, _("unknown key \"%s\" (known keys: %s)"),
                               (const char *) l->data, list);
        }
    }
  return TRUE;
}

static gboolean
get_member (Reader      *reader,
            JsonObject  *object,
            const char  *key,
            gboolean     required,
            JsonNode   **node,
            GError     **error)
{
  *node = json_object_get_member (object, key);
  if (*node == NULL && required)
    return reader_error (reader, error, _("the key \"%s\" is missing"), key);
  return TRUE;
}

/* A whole number as written: the strict check (tessera-json-check.c) has refused fractions,
 * exponents and anything past 64 bits, so json-glib holds it exactly. Each field checks its
 * own range on the 64-bit value, never on one cut to an int. */
static gboolean
read_int64 (Reader      *reader,
            JsonNode    *node,
            const char  *key,
            gint64      *value,
            GError     **error)
{
  if (JSON_NODE_TYPE (node) != JSON_NODE_VALUE || json_node_get_value_type (node) != G_TYPE_INT64)
    return reader_error (reader, error, _("\"%s\" must be a whole number"), key);
  *value = json_node_get_int (node);
  return TRUE;
}

static gboolean
is_whole_number (JsonNode *node)
{
  return JSON_NODE_TYPE (node) == JSON_NODE_VALUE && json_node_get_value_type (node) == G_TYPE_INT64;
}

/* A coordinate of a cell: no ABS (), which is undefined for the lowest 64-bit number. */
static gboolean
is_coordinate (gint64 value)
{
  return value > -TESSERA_CELL_LIMIT && value < TESSERA_CELL_LIMIT;
}

static gboolean
read_string (Reader      *reader,
             JsonNode    *node,
             const char  *key,
             char       **value,
             GError     **error)
{
  if (JSON_NODE_TYPE (node) != JSON_NODE_VALUE || json_node_get_value_type (node) != G_TYPE_STRING)
    return reader_error (reader, error, _("\"%s\" must be a string"), key);
  *value = g_strdup (json_node_get_string (node));
  return TRUE;
}

/* A tile id, spot or crown space: short words kept inside the event. */
static gboolean
read_id (Reader      *reader,
         JsonNode    *node,
         const char  *key,
         char         value[TESSERA_ID_SIZE],
         GError     **error)
{
  if (JSON_NODE_TYPE (node) != JSON_NODE_VALUE || json_node_get_value_type (node) != G_TYPE_STRING)
    return reader_error (reader, error, _("\"%s\" must be a string"), key);
  if (g_strlcpy (value, json_node_get_string (node), TESSERA_ID_SIZE) >= TESSERA_ID_SIZE ||
      json_node_get_string (node)[0] == '\0')
    return reader_error (reader, error, _("\"%s\" is \"%s\", which names nothing in Tessera's catalogue"),
                         key, json_node_get_string (node));
  return TRUE;
}

static gboolean
read_bool (Reader      *reader,
           JsonNode    *node,
           const char  *key,
           gboolean    *value,
           GError     **error)
{
  if (JSON_NODE_TYPE (node) != JSON_NODE_VALUE || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return reader_error (reader, error, _("\"%s\" must be true or false"), key);
  *value = json_node_get_boolean (node);
  return TRUE;
}

static gboolean
read_object (Reader      *reader,
             JsonNode    *node,
             const char  *key,
             JsonObject **object,
             GError     **error)
{
  if (JSON_NODE_TYPE (node) != JSON_NODE_OBJECT)
    return reader_error (reader, error, _("\"%s\" must be an object"), key);
  *object = json_node_get_object (node);
  return TRUE;
}

static gboolean
read_cell (Reader       *reader,
           JsonNode     *node,
           const char   *key,
           TesseraCell  *cell,
           GError      **error)
{
  JsonArray *array;
  JsonNode *x, *y;

  if (JSON_NODE_TYPE (node) != JSON_NODE_ARRAY || json_array_get_length (json_node_get_array (node)) != 2)
    return reader_error (reader, error, _("\"%s\" must be a cell [x, y]"), key);
  array = json_node_get_array (node);
  x = json_array_get_element (array, 0);
  y = json_array_get_element (array, 1);
  if (!is_whole_number (x) || !is_whole_number (y))
    return reader_error (reader, error, _("\"%s\" must be a cell [x, y] of two whole numbers between -%d and %d"),
                         key, TESSERA_CELL_LIMIT - 1, TESSERA_CELL_LIMIT - 1);
  if (!is_coordinate (json_node_get_int (x)) || !is_coordinate (json_node_get_int (y)))
    {
      g_autofree char *written = g_strdup_printf ("[%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT "]",
                                                  json_node_get_int (x), json_node_get_int (y));

      /* TRANSLATORS: "\"at\" is [30000, 0]; a cell [x, y] holds two whole numbers between -29999 and 29999" */
      return reader_error (reader, error, _("\"%s\" is %s; a cell [x, y] holds two whole numbers between -%d and %d"),
                           key, written, TESSERA_CELL_LIMIT - 1, TESSERA_CELL_LIMIT - 1);
    }
  cell->x = (int) json_node_get_int (x);
  cell->y = (int) json_node_get_int (y);
  return TRUE;
}

static gboolean
read_piece (Reader          *reader,
            JsonNode        *node,
            const char      *key,
            TesseraPieceRef *piece,
            GError         **error)
{
  JsonObject *object = NULL;
  JsonNode *member;

  if (!read_object (reader, node, key, &object, error) ||
      !check_keys (reader, object, piece_keys, error) ||
      !get_member (reader, object, "at", TRUE, &member, error) ||
      !read_cell (reader, member, "at", &piece->at, error) ||
      !get_member (reader, object, "spot", TRUE, &member, error) ||
      !read_id (reader, member, "spot", piece->spot, error))
    return FALSE;
  return TRUE;
}

static gboolean
read_player_index (Reader      *reader,
                   JsonNode    *node,
                   const char  *key,
                   int         *player,
                   GError     **error)
{
  guint n_players = reader->record->players->len;
  gint64 value;

  if (!read_int64 (reader, node, key, &value, error))
    return FALSE;
  if (value < 0 || value >= n_players)
    {
      g_autofree char *written = g_strdup_printf ("%" G_GINT64_FORMAT, value);

      /* TRANSLATORS: "\"player\" is 5, but the players are numbered 0 to 1" */
      return reader_error (reader, error, _("\"%s\" is %s, but the players are numbered 0 to %u"),
                           key, written, n_players - 1);
    }
  *player = (int) value;
  return TRUE;
}

static gboolean
read_action (Reader        *reader,
             JsonNode      *node,
             TesseraEvent  *event,
             GError       **error)
{
  static const char * const action_keys[] = { "follower", "crown", "tower", "capture", "tower_top", NULL };
  static const char * const follower_keys[] = { "spot", NULL };
  static const char * const at_keys[] = { "at", NULL };
  JsonObject *action = NULL;
  JsonObject *inner = NULL;
  JsonNode *member;
  guint n_kinds;

  if (JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!read_object (reader, node, "action", &action, error) ||
      !check_keys (reader, action, action_keys, error))
    return FALSE;

  n_kinds = json_object_has_member (action, "follower") + json_object_has_member (action, "crown") +
            json_object_has_member (action, "tower") + json_object_has_member (action, "tower_top");
  if (n_kinds > 1)
    return reader_error (reader, error, _("\"action\" holds at most one of follower, crown, tower and tower_top"));
  if (json_object_has_member (action, "capture") && !json_object_has_member (action, "tower"))
    return reader_error (reader, error, _("\"capture\" goes with a \"tower\" action only"));

  if ((member = json_object_get_member (action, "follower")) != NULL)
    {
      event->action = TESSERA_ACTION_FOLLOWER;
      if (!read_object (reader, member, "follower", &inner, error) ||
          !check_keys (reader, inner, follower_keys, error) ||
          !get_member (reader, inner, "spot", TRUE, &member, error) ||
          !read_id (reader, member, "spot", event->spot, error))
        return FALSE;
    }
  else if ((member = json_object_get_member (action, "crown")) != NULL)
    {
      event->action = TESSERA_ACTION_CROWN;
      if (!read_id (reader, member, "crown", event->crown, error))
        return FALSE;
    }
  else if ((member = json_object_get_member (action, "tower")) != NULL ||
           (member = json_object_get_member (action, "tower_top")) != NULL)
    {
      gboolean top = json_object_has_member (action, "tower_top");
      const char *key = top ? "tower_top" : "tower";

      event->action = top ? TESSERA_ACTION_TOWER_TOP : TESSERA_ACTION_TOWER;
      if (!read_object (reader, member, key, &inner, error) ||
          !check_keys (reader, inner, at_keys, error) ||
          !get_member (reader, inner, "at", TRUE, &member, error) ||
          !read_cell (reader, member, "at", &event->tower_at, error))
        return FALSE;
      member = json_object_get_member (action, "capture");
      if (member != NULL && !JSON_NODE_HOLDS_NULL (member))
        {
          event->has_capture = TRUE;
          if (!read_piece (reader, member, "capture", &event->capture, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* Expansion choices ---------------------------------------------------------------------- */

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
      !is_whole_number (json_array_get_element (cell, 0)) || !is_whole_number (json_array_get_element (cell, 1)) ||
      !is_coordinate (json_array_get_int_element (cell, 0)) || !is_coordinate (json_array_get_int_element (cell, 1)))
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
          !is_whole_number (player))
        goto bad;
      /* The rules name a wrong player in the game's range; one past an int is said as written. */
      if (json_node_get_int (player) < G_MININT || json_node_get_int (player) > G_MAXINT)
        {
          g_autofree char *written = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (player));

          /* TRANSLATORS: "\"plague\" move 0 is for player 4294967296, who is not in the game" */
          *problem = g_strdup_printf (_("\"%s\" move %u is for player %s, who is not in the game"), key, i, written);
          return FALSE;
        }
      move->player = (int) MAX (json_node_get_int (player), -1);
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

/* A turn's "plague": every player's move, [{"player": P, "piece": {"at", "spot"} or null}, ...].
 * Whether the moves are legal is for the rules to say when the pig lands on Plague. */
static gboolean
read_plague (JsonNode      *node,
             TesseraEvent  *event,
             char         **problem)
{
  g_autofree TesseraPieceChoice *moves = NULL;
  guint n_moves = 0;

  if (!parse_moves (node, "plague", &moves, &n_moves, problem))
    return FALSE;
  tessera_event_set_plague (event, moves, n_moves);
  return TRUE;
}

/* A turn's "crop": {"choice": "add" or "remove", "moves": [...]}. */
static gboolean
read_crop (JsonNode      *node,
           TesseraEvent  *event,
           char         **problem)
{
  static const char * const keys[] = { "choice", "moves", NULL };
  g_autofree TesseraPieceChoice *crop_moves = NULL;
  guint n_crop_moves = 0;
  const char *unknown;
  JsonObject *object;
  JsonNode *choice;
  JsonNode *moves;
  gboolean add;

  if (JSON_NODE_TYPE (node) != JSON_NODE_OBJECT)
    goto bad;
  object = json_node_get_object (node);
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
    add = TRUE;
  else if (g_str_equal (json_node_get_string (choice), "remove"))
    add = FALSE;
  else
    {
      *problem = g_strdup_printf (_("the \"choice\" of \"crop\" is \"add\" or \"remove\", not \"%s\""),
                                  json_node_get_string (choice));
      return FALSE;
    }
  if (!parse_moves (moves, "crop", &crop_moves, &n_crop_moves, problem))
    return FALSE;
  tessera_event_set_crop (event, add, crop_moves, n_crop_moves);
  return TRUE;

bad:
  *problem = g_strdup (_("\"crop\" must be an object with \"choice\" and \"moves\""));
  return FALSE;
}

/* A turn's "magic": {"piece": "mage"|"witch", "to": {"at", "spot"}|null}. Whether the move is
 * legal is for the rules to say. */
static gboolean
read_magic (JsonNode      *node,
            TesseraEvent  *event,
            char         **problem)
{
  static const char * const keys[] = { "piece", "to", NULL };
  const char *unknown;
  JsonObject *object;
  JsonNode *piece;
  JsonNode *to;
  TesseraMagicFigure figure;
  TesseraPieceRef where = { { 0, 0 }, "" };
  gboolean has_to;

  if (JSON_NODE_TYPE (node) != JSON_NODE_OBJECT)
    goto bad;
  object = json_node_get_object (node);
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
    figure = TESSERA_MAGIC_MAGE;
  else if (g_str_equal (json_node_get_string (piece), "witch"))
    figure = TESSERA_MAGIC_WITCH;
  else
    {
      *problem = g_strdup_printf (_("\"magic\" moves \"mage\" or \"witch\", not \"%s\""), json_node_get_string (piece));
      return FALSE;
    }
  has_to = !JSON_NODE_HOLDS_NULL (to);
  if (has_to && !read_piece_ref (to, &where))
    {
      *problem = g_strdup (_("the \"to\" of \"magic\" must be {\"at\": [x, y], \"spot\": S} or null"));
      return FALSE;
    }
  tessera_event_set_magic (event, figure, has_to ? &where : NULL);
  return TRUE;

bad:
  *problem = g_strdup (_("\"magic\" must be an object with \"piece\" and \"to\""));
  return FALSE;
}

static TesseraEvent *
read_event (Reader    *reader,
            JsonNode  *node,
            guint      index,
            GError   **error)
{
  g_autoptr(TesseraEvent) event = NULL;
  g_autoptr(GList) members = NULL;
  const char * const *keys;
  const char *kind_name;
  JsonObject *wrapper;
  JsonObject *body = NULL;
  JsonNode *member;
  TesseraEventKind kind;
  gint64 number;

  g_free (reader->where);
  reader->where = g_strdup_printf (_("event %u"), index);

  if (JSON_NODE_TYPE (node) != JSON_NODE_OBJECT)
    {
      reader_error (reader, error, _("an event must be an object with one key: turn, discard, ransom, adjust or end"));
      return NULL;
    }
  wrapper = json_node_get_object (node);
  members = json_object_get_members (wrapper);
  if (json_object_get_size (wrapper) != 1)
    {
      reader_error (reader, error, _("an event must have exactly one key (turn, discard, ransom, adjust or end), not %u"),
                    json_object_get_size (wrapper));
      return NULL;
    }
  kind_name = members->data;
  if (g_str_equal (kind_name, "turn"))
    kind = TESSERA_EVENT_TURN, keys = turn_keys;
  else if (g_str_equal (kind_name, "discard"))
    kind = TESSERA_EVENT_DISCARD, keys = discard_keys;
  else if (g_str_equal (kind_name, "ransom"))
    kind = TESSERA_EVENT_RANSOM, keys = ransom_keys;
  else if (g_str_equal (kind_name, "adjust"))
    kind = TESSERA_EVENT_ADJUST, keys = adjust_keys;
  else if (g_str_equal (kind_name, "end"))
    kind = TESSERA_EVENT_END, keys = end_keys;
  else
    {
      reader_error (reader, error, _("unknown event \"%s\" (known events: turn, discard, ransom, adjust, end)"), kind_name);
      return NULL;
    }

  event = tessera_event_new (kind);
  g_free (reader->where);
  reader->where = g_strdup_printf (_("event %u (%s)"), index, _tessera_event_kind_phrase (kind));
  if (!read_object (reader, json_object_get_member (wrapper, kind_name), kind_name, &body, error))
    return NULL;

  /* The player first, so that every later message can name them. */
  if (kind != TESSERA_EVENT_END)
    {
      if (!get_member (reader, body, "player", TRUE, &member, error) ||
          !read_player_index (reader, member, "player", &event->player, error))
        return NULL;
      g_free (reader->where);
      reader->where = _tessera_record_describe_event (reader->record, index, event);
    }
  if (!check_keys (reader, body, keys, error))
    return NULL;

  switch (kind)
    {
    case TESSERA_EVENT_TURN:
      if (!get_member (reader, body, "at", TRUE, &member, error) ||
          !read_cell (reader, member, "at", &event->at, error) ||
          !get_member (reader, body, "rotation", TRUE, &member, error) ||
          !read_int64 (reader, member, "rotation", &number, error))
        return NULL;
      if (number != 0 && number != 90 && number != 180 && number != 270)
        {
          g_autofree char *written = g_strdup_printf ("%" G_GINT64_FORMAT, number);

          /* TRANSLATORS: "\"rotation\" is 45; it must be 0, 90, 180 or 270" */
          reader_error (reader, error, _("\"rotation\" is %s; it must be 0, 90, 180 or 270"), written);
          return NULL;
        }
      event->rotation = (int) number;
      if ((member = json_object_get_member (body, "action")) != NULL &&
          !read_action (reader, member, event, error))
        return NULL;
      if ((member = json_object_get_member (body, "magic")) != NULL && !JSON_NODE_HOLDS_NULL (member))
        {
          g_autofree char *problem = NULL;

          if (!read_magic (member, event, &problem))
            {
              reader_error (reader, error, "%s", problem);
              return NULL;
            }
        }
      if ((member = json_object_get_member (body, "crop")) != NULL && !JSON_NODE_HOLDS_NULL (member))
        {
          g_autofree char *problem = NULL;

          if (!read_crop (member, event, &problem))
            {
              reader_error (reader, error, "%s", problem);
              return NULL;
            }
        }
      G_GNUC_FALLTHROUGH;
    case TESSERA_EVENT_DISCARD:
      if (!get_member (reader, body, "tile", TRUE, &member, error) ||
          !read_id (reader, member, "tile", event->tile, error))
        return NULL;
      tessera_event_set_tile (event, event->tile);
      if ((member = json_object_get_member (body, "plague")) != NULL && !JSON_NODE_HOLDS_NULL (member))
        {
          g_autofree char *problem = NULL;

          if (!read_plague (member, event, &problem))
            {
              reader_error (reader, error, "%s", problem);
              return NULL;
            }
        }
      break;

    case TESSERA_EVENT_RANSOM:
      if (!get_member (reader, body, "from", TRUE, &member, error) ||
          !read_player_index (reader, member, "from", &event->from, error))
        return NULL;
      if (event->from == event->player)
        {
          reader_error (reader, error, _("a player pays ransom to the player who holds their follower, not to themselves"));
          return NULL;
        }
      break;

    case TESSERA_EVENT_ADJUST:
      if (!get_member (reader, body, "points", TRUE, &member, error) ||
          !read_int64 (reader, member, "points", &number, error) ||
          !get_member (reader, body, "reason", TRUE, &member, error) ||
          !read_string (reader, member, "reason", &event->reason, error))
        return NULL;
      if (number == 0)
        {
          reader_error (reader, error, _("a correction of 0 points changes nothing; leave it out"));
          return NULL;
        }
      if (number < -10000 || number > 10000)
        {
          g_autofree char *written = g_strdup_printf ("%" G_GINT64_FORMAT, number);

          /* TRANSLATORS: "a correction of 20000 points is out of range" */
          reader_error (reader, error, _("a correction of %s points is out of range"), written);
          return NULL;
        }
      event->points = (int) number;
      if (g_strstrip (event->reason)[0] == '\0')
        {
          reader_error (reader, error, _("a correction needs a reason the table agreed on"));
          return NULL;
        }
      break;

    case TESSERA_EVENT_END:
    default:
      break;
    }

  return g_steal_pointer (&event);
}

static gboolean
read_players (Reader         *reader,
              JsonNode       *node,
              TesseraRecord  *record,
              GError        **error)
{
  JsonArray *array;
  guint n;

  g_free (reader->where);
  reader->where = g_strdup ("players");
  if (JSON_NODE_TYPE (node) != JSON_NODE_ARRAY)
    return reader_error (reader, error, _("\"players\" must be an array"));
  array = json_node_get_array (node);
  n = json_array_get_length (array);
  if (n < 2 || n > TESSERA_MAX_PLAYERS)
    return reader_error (reader, error, _("a game has 2 to %d players, not %u"), TESSERA_MAX_PLAYERS, n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = NULL;
      g_autofree char *color = NULL;
      JsonObject *object = NULL;
      JsonNode *member;

      g_free (reader->where);
      reader->where = g_strdup_printf ("players[%u]", i);
      if (!read_object (reader, json_array_get_element (array, i), "player", &object, error) ||
          !check_keys (reader, object, player_keys, error) ||
          !get_member (reader, object, "name", TRUE, &member, error) ||
          !read_string (reader, member, "name", &name, error) ||
          !get_member (reader, object, "color", TRUE, &member, error) ||
          !read_string (reader, member, "color", &color, error))
        return FALSE;
      if (name[0] == '\0')
        return reader_error (reader, error, _("a player needs a name"));
      if (g_utf8_strlen (name, -1) > TESSERA_PLAYER_NAME_MAX_CHARS)
        /* TRANSLATORS: "the name has 10240 characters; a player's name has at most 60" */
        return reader_error (reader, error, _("the name has %ld characters; a player's name has at most %d"),
                             (long) g_utf8_strlen (name, -1), TESSERA_PLAYER_NAME_MAX_CHARS);
      if (!g_strv_contains (tessera_colors, color))
        return reader_error (reader, error, _("\"%s\" is not a colour; use red, blue, green, yellow, black, gray, pink or purple"),
                             color);
      for (guint j = 0; j < i; j++)
        {
          const TesseraPlayerInfo *other = &g_array_index (record->players, TesseraPlayerInfo, j);

          if (g_str_equal (other->color, color))
            return reader_error (reader, error, _("%s and %s both play %s; every player needs a colour of their own"),
                                 other->name, name, tessera_color_phrase (color));
          if (g_utf8_collate (other->name, name) == 0)
            return reader_error (reader, error, _("two players are called %s; give them different names"), name);
        }
      tessera_record_add_player (record, name, color);
    }
  return TRUE;
}

static gboolean
read_string_array (Reader      *reader,
                   JsonNode    *node,
                   const char  *key,
                   GPtrArray   *strings,
                   GError     **error)
{
  JsonArray *array;

  if (JSON_NODE_TYPE (node) != JSON_NODE_ARRAY)
    return reader_error (reader, error, _("\"%s\" must be an array of strings"), key);
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      char *value = NULL;

      if (!read_string (reader, json_array_get_element (array, i), key, &value, error))
        return FALSE;
      for (guint j = 0; j < strings->len; j++)
        if (g_str_equal (g_ptr_array_index (strings, j), value))
          {
            reader_error (reader, error, _("\"%s\" lists \"%s\" twice"), key, value);
            g_free (value);
            return FALSE;
          }
      g_ptr_array_add (strings, value);
    }
  return TRUE;
}

/* "box": {"D": 4, "K": 2}, the counts of the physical box where they differ from the
 * catalogue's. */
static gboolean
read_box (Reader         *reader,
          JsonNode       *node,
          TesseraRecord  *record,
          GError        **error)
{
  g_autoptr(GList) members = NULL;
  TesseraBoxSets sets;
  JsonObject *box = NULL;

  if (!read_object (reader, node, "box", &box, error))
    return FALSE;
  members = json_object_get_members (box);
  /* An empty object corrects nothing: it reads as no "box" at all. */
  if (members == NULL)
    return TRUE;
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *tile = l->data;
      JsonNode *value = json_object_get_member (box, tile);
      gint64 copies;

      if (JSON_NODE_TYPE (value) != JSON_NODE_VALUE || json_node_get_value_type (value) != G_TYPE_INT64)
        return reader_error (reader, error, _("\"box\" gives %s no whole number of copies; write a number from 0 to %d"),
                             tile, TESSERA_BOX_MAX_COPIES);
      copies = json_node_get_int (value);
      if (copies < 0 || copies > TESSERA_BOX_MAX_COPIES)
        {
          /* Any whole number may be written: it is said as written, not cut to an int. */
          g_autofree char *written = g_strdup_printf ("%" G_GINT64_FORMAT, copies);

          return reader_error (reader, error, _("\"box\" gives %s %s copies; a box holds 0 to %d copies of a tile"),
                               tile, written, TESSERA_BOX_MAX_COPIES);
        }
      tessera_record_set_box_count (record, tile, (guint) copies);
    }

  tessera_record_get_box_sets (record, &sets);
  if (!_tessera_box_check_counts (tessera_catalogue_get_default (), &sets,
                                  (const TesseraBoxCount *) (gpointer) record->box->data, record->box->len, error))
    {
      g_prefix_error (error, "%s: ", reader->where);
      return FALSE;
    }
  return TRUE;
}

static TesseraRecord *
read_record (JsonNode  *root,
             GError   **error)
{
  g_autoptr(TesseraRecord) record = tessera_record_new ();
  g_autofree char *format = NULL;
  Reader reader = { record, g_strdup (_("record")) };
  JsonObject *object = NULL;
  JsonNode *member;
  JsonArray *events;
  gint64 version;
  gboolean ok = FALSE;

  if (root == NULL || JSON_NODE_TYPE (root) != JSON_NODE_OBJECT)
    {
      reader_error (&reader, error, _("a game record is a JSON object with \"format\": \"tessera-game\""));
      goto out;
    }
  object = json_node_get_object (root);
  if (!check_keys (&reader, object, top_keys, error) ||
      !get_member (&reader, object, "format", TRUE, &member, error) ||
      !read_string (&reader, member, "format", &format, error))
    goto out;
  if (!g_str_equal (format, "tessera-game"))
    {
      reader_error (&reader, error, _("\"format\" is \"%s\"; a game record says \"tessera-game\""), format);
      goto out;
    }
  if (!get_member (&reader, object, "version", TRUE, &member, error) ||
      !read_int64 (&reader, member, "version", &version, error))
    goto out;
  if (version != 1)
    {
      g_autofree char *written = g_strdup_printf ("%" G_GINT64_FORMAT, version);

      /* TRANSLATORS: "this is a version 2 record; …" */
      reader_error (&reader, error, _("this is a version %s record; this version of Tessera reads version 1"), written);
      goto out;
    }

  if (!get_member (&reader, object, "sets", TRUE, &member, error) ||
      !read_string_array (&reader, member, "sets", record->sets, error))
    goto out;
  for (guint i = 0; i < record->sets->len; i++)
    if (!g_strv_contains (known_sets, g_ptr_array_index (record->sets, i)))
      {
        reader_error (&reader, error, _("unknown set \"%s\" (known sets: base, wheel-of-fortune, tower, mage-witch, crop-circles)"),
                      (const char *) g_ptr_array_index (record->sets, i));
        goto out;
      }
  if (!_tessera_record_has_set (record, "base") && !_tessera_record_has_set (record, "wheel-of-fortune"))
    {
      reader_error (&reader, error, _("\"sets\" must hold a box to play with: \"base\" or \"wheel-of-fortune\" (or both)"));
      goto out;
    }

  if ((member = json_object_get_member (object, "start")) != NULL)
    {
      const char *expected = _tessera_record_has_set (record, "wheel-of-fortune") ? "wheel" : "tile";

      if (!read_string (&reader, member, "start", &record->start, error))
        goto out;
      if (!g_str_equal (record->start, "wheel") && !g_str_equal (record->start, "tile"))
        {
          reader_error (&reader, error, _("\"start\" is \"%s\"; it must be \"wheel\" or \"tile\""), record->start);
          goto out;
        }
      if (!g_str_equal (record->start, expected))
        {
          if (g_str_equal (expected, "wheel"))
            reader_error (&reader, error, _("\"start\" is \"%s\", but with these sets the game starts from the wheel board"),
                          record->start);
          else
            reader_error (&reader, error, _("\"start\" is \"%s\", but with these sets the game starts from the start tile"),
                          record->start);
          goto out;
        }
    }

  if ((member = json_object_get_member (object, "rules")) != NULL)
    {
      JsonObject *rules = NULL;
      JsonNode *rule;

      record->has_rules = TRUE;
      if (!read_object (&reader, member, "rules", &rules, error) ||
          !check_keys (&reader, rules, rules_keys, error))
        goto out;
      if ((rule = json_object_get_member (rules, "tower-capture-own")) != NULL &&
          !read_bool (&reader, rule, "tower-capture-own", &record->tower_capture_own, error))
        goto out;
      if ((rule = json_object_get_member (rules, "tower-top-capturable")) != NULL &&
          !read_bool (&reader, rule, "tower-top-capturable", &record->tower_top_capturable, error))
        goto out;
    }

  if ((member = json_object_get_member (object, "crop_circle_tiles")) != NULL)
    {
      if (!_tessera_record_has_set (record, "crop-circles"))
        {
          reader_error (&reader, error, _("\"crop_circle_tiles\" needs \"crop-circles\" in \"sets\""));
          goto out;
        }
      record->crop_circle_tiles = g_ptr_array_new_with_free_func (g_free);
      if (!read_string_array (&reader, member, "crop_circle_tiles", record->crop_circle_tiles, error))
        goto out;
      if (record->crop_circle_tiles->len == 0)
        {
          reader_error (&reader, error, _("\"crop_circle_tiles\" lists no tile; leave it out when all six are in the box"));
          goto out;
        }
      for (guint i = 0; i < record->crop_circle_tiles->len; i++)
        {
          const char *id = g_ptr_array_index (record->crop_circle_tiles, i);
          const TesseraTileSet *crop = tessera_catalogue_get_set (tessera_catalogue_get_default (), "crop-circles");

          if (tessera_tile_set_lookup_entry (crop, id) == NULL)
            {
              reader_error (&reader, error, _("\"crop_circle_tiles\" names \"%s\", which is not a crop-circle tile (they are CC2-1 to CC2-6)"), id);
              goto out;
            }
        }
    }

  if ((member = json_object_get_member (object, "box")) != NULL &&
      !read_box (&reader, member, record, error))
    goto out;

  if ((member = json_object_get_member (object, "played")) != NULL)
    {
      if (JSON_NODE_TYPE (member) != JSON_NODE_OBJECT)
        {
          reader_error (&reader, error, _("\"played\" must be an object"));
          goto out;
        }
      record->played = _tessera_played_from_object (json_node_get_object (member), error);
      if (record->played == NULL)
        {
          g_prefix_error (error, "%s: ", reader.where);
          goto out;
        }
      /* An empty object says nothing: it reads as no "played" at all. */
      if (record->played->start == NULL && record->played->end == NULL && record->played->place == NULL)
        g_clear_pointer (&record->played, tessera_played_free);
    }

  if (!get_member (&reader, object, "players", TRUE, &member, error) ||
      !read_players (&reader, member, record, error))
    goto out;

  g_free (reader.where);
  reader.where = g_strdup (_("record"));
  if (!get_member (&reader, object, "events", TRUE, &member, error))
    goto out;
  if (JSON_NODE_TYPE (member) != JSON_NODE_ARRAY)
    {
      reader_error (&reader, error, _("\"events\" must be an array"));
      goto out;
    }
  events = json_node_get_array (member);
  for (guint i = 0; i < json_array_get_length (events); i++)
    {
      TesseraEvent *event = read_event (&reader, json_array_get_element (events, i), i, error);

      if (event == NULL)
        goto out;
      g_ptr_array_add (record->events, event);
    }
  tessera_event_pack (record->events);
  ok = TRUE;

out:
  g_free (reader.where);
  return ok ? g_steal_pointer (&record) : NULL;
}

/* json-glib's own message, should it ever refuse what the strict check let through; it says
 * "<data>:10:72: Parse error: unexpected character", players read "at line 10, column 72: …". */
static void
set_json_error (GError     **error,
                const char  *message)
{
  int line, column, consumed = 0;

  if (sscanf (message, "<data>:%d:%d: %n", &line, &column, &consumed) == 2 && consumed > 0)
    {
      const char *rest = message + consumed;
      const char *detail = strstr (rest, ": ");

      /* Skip json-glib's own "Parse error: ", whatever language it speaks. */
      if (detail != NULL)
        rest = detail + 2;
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD, _("not valid JSON at line %u, column %u: %s"),
                   (guint) line, (guint) column, rest);
    }
  else
    /* TRANSLATORS: json-glib's message, without a place */
    g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD, _("not valid JSON: %s"), message);
}

/**
 * tessera_record_check_size:
 * @n_bytes: the size of a record's file or text
 *
 * Returns: whether a record may be that long (%TESSERA_RECORD_MAX_BYTES), to be asked before a
 *   file is read into memory; %FALSE with @error if not
 */
gboolean
tessera_record_check_size (gsize    n_bytes,
                           GError **error)
{
  g_autofree char *size = NULL;

  if (n_bytes <= TESSERA_RECORD_MAX_BYTES)
    return TRUE;
  size = g_strdup_printf ("%" G_GSIZE_FORMAT, n_bytes);
  /* TRANSLATORS: %s is a number of bytes, "17000000" */
  g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
               _("the record is %s bytes long; a record may be at most 16 MiB (%d bytes)"),
               size, TESSERA_RECORD_MAX_BYTES);
  return FALSE;
}

/**
 * tessera_record_check_json:
 * @data: JSON text
 * @length: its length, or -1 if it ends with a nul
 *
 * Checks what a JSON parser cannot be trusted with, before it sees the text: its size, how
 * deep it nests (%TESSERA_RECORD_MAX_DEPTH: json-glib recurses once per level, and 200,000
 * levels overflowed the stack), and everything json-glib would read other than it is written:
 * two equal keys in an object, a string that is not UTF-8 once unescaped (a lone surrogate),
 * \u0000, a number with a fraction or exponent or past 64 bits (tessera-json-check.c). Every
 * record, event and "played" the history keeps is read through it.
 *
 * Returns: %FALSE with @error naming the line, the column and the key path if the text may
 *   not be read
 */
gboolean
tessera_record_check_json (const char  *data,
                           gssize       length,
                           GError     **error)
{
  gsize n_bytes = length < 0 ? strlen (data) : (gsize) length;

  if (!tessera_record_check_size (n_bytes, error))
    return FALSE;
  return _tessera_json_check (data, n_bytes, error);
}

TesseraRecord *
tessera_record_load_from_data (const char  *data,
                               gssize       length,
                               GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) json_error = NULL;

  if (!tessera_record_check_json (data, length, error))
    return NULL;
  if (!json_parser_load_from_data (parser, data, length, &json_error))
    {
      set_json_error (error, json_error->message);
      return NULL;
    }
  return read_record (json_parser_get_root (parser), error);
}

/* Parses one event in the context of a record (for its players), as the history stores them. */
TesseraEvent *
tessera_event_from_data (const TesseraRecord *record,
                         guint                index,
                         const char          *data,
                         GError             **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) json_error = NULL;
  Reader reader = { record, NULL };
  TesseraEvent *event;

  if (!tessera_record_check_json (data, -1, error))
    {
      g_prefix_error (error, _("event %u: "), index);
      return NULL;
    }
  if (!json_parser_load_from_data (parser, data, -1, &json_error))
    {
      set_json_error (error, json_error->message);
      g_prefix_error (error, _("event %u: "), index);
      return NULL;
    }
  event = read_event (&reader, json_parser_get_root (parser), index, error);
  g_free (reader.where);
  return event;
}
