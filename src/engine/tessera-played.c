/* tessera-played.c
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

/* When and where a game was played: the record's "played", checked, read and written. */

static const char * const played_keys[] = { "start", "end", "place", NULL };

TesseraPlayed *
tessera_played_copy (const TesseraPlayed *played)
{
  TesseraPlayed *copy;

  if (played == NULL)
    return NULL;
  copy = g_new0 (TesseraPlayed, 1);
  copy->start = g_strdup (played->start);
  copy->end = g_strdup (played->end);
  copy->place = g_strdup (played->place);
  return copy;
}

void
tessera_played_free (TesseraPlayed *played)
{
  if (played == NULL)
    return;
  g_free (played->start);
  g_free (played->end);
  g_free (played->place);
  g_free (played);
}

/* A date-time with its offset: "2026-11-24T19:30:00+01:00" or "…Z". A time without an offset
 * would mean another hour to every reader, so it is refused. */
static GDateTime *
parse_played_time (const char  *text,
                   const char  *key,
                   GError     **error)
{
  GDateTime *time = g_date_time_new_from_iso8601 (text, NULL);

  if (time == NULL)
    g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
                 /* TRANSLATORS: "\"played\": \"start\" is \"tonight\", which is not …" */
                 _("\"played\": \"%s\" is \"%s\", which is not a date and time with its UTC offset, like 2026-11-24T19:30:00+01:00"),
                 key, text);
  return time;
}

/**
 * _tessera_played_check:
 *
 * Checks when and where a game was played: the times ISO 8601 with their UTC offset, the end
 * not before the start, the place at most %TESSERA_PLACE_MAX_CHARS characters.
 */
gboolean
_tessera_played_check (const TesseraPlayed  *played,
                       GError              **error)
{
  g_autoptr(GDateTime) start = NULL;
  g_autoptr(GDateTime) end = NULL;

  g_return_val_if_fail (played != NULL, FALSE);

  if (played->start != NULL && !(start = parse_played_time (played->start, "start", error)))
    return FALSE;
  if (played->end != NULL && !(end = parse_played_time (played->end, "end", error)))
    return FALSE;
  if (start != NULL && end != NULL && g_date_time_compare (end, start) < 0)
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
                   _("\"played\": \"end\" (%s) is before \"start\" (%s)"), played->end, played->start);
      return FALSE;
    }
  if (played->place != NULL && g_utf8_strlen (played->place, -1) > TESSERA_PLACE_MAX_CHARS)
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
                   _("\"played\": \"place\" has %ld characters; a place has at most %d"),
                   (long) g_utf8_strlen (played->place, -1), TESSERA_PLACE_MAX_CHARS);
      return FALSE;
    }
  return TRUE;
}


void
_tessera_played_append (GString             *out,
                        const TesseraPlayed *played)
{
  const char *values[] = { played->start, played->end, played->place };
  gboolean first = TRUE;

  g_string_append_c (out, '{');
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      if (values[i] == NULL)
        continue;
      g_string_append_printf (out, "%s\"%s\": ", first ? "" : ", ", played_keys[i]);
      _tessera_record_append_json_string (out, values[i]);
      first = FALSE;
    }
  g_string_append_c (out, '}');
}

/* Returns: @played as the record writes it, {"start": …, "end": …, "place": …} */
char *
tessera_played_to_json (const TesseraPlayed *played)
{
  GString *out = g_string_new (NULL);

  _tessera_played_append (out, played);
  return g_string_free (out, FALSE);
}

/* Reads and checks the members of a "played" object. */
TesseraPlayed *
_tessera_played_from_object (JsonObject  *object,
                             GError     **error)
{
  g_autoptr(TesseraPlayed) played = g_new0 (TesseraPlayed, 1);
  char **fields[] = { &played->start, &played->end, &played->place };
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (played_keys, l->data))
      {
        g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
                     _("\"played\": unknown key \"%s\" (known keys: start, end, place)"), (const char *) l->data);
        return NULL;
      }
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      JsonNode *node = json_object_get_member (object, played_keys[i]);

      if (node == NULL)
        continue;
      if (JSON_NODE_TYPE (node) != JSON_NODE_VALUE || json_node_get_value_type (node) != G_TYPE_STRING)
        {
          g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
                       _("\"played\": \"%s\" must be a string"), played_keys[i]);
          return NULL;
        }
      *fields[i] = g_strdup (json_node_get_string (node));
    }
  if (!_tessera_played_check (played, error))
    return NULL;
  return g_steal_pointer (&played);
}

/* Returns: the "played" object @json (as tessera_played_to_json() writes it), checked */
TesseraPlayed *
tessera_played_from_json (const char  *json,
                          GError     **error)
{
  g_autoptr(JsonNode) root = NULL;

  if (!tessera_record_check_json (json, -1, error))
    return NULL;
  root = json_from_string (json, NULL);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD, _("\"played\" must be an object"));
      return NULL;
    }
  return _tessera_played_from_object (json_node_get_object (root), error);
}
