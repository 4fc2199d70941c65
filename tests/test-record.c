/* test-record.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "tessera-engine.h"
#include "tessera-test-utils.h"

/* Every event kind and every field the format has, expansions included. */
static const char *full_record =
  "{\n"
  "  \"format\": \"tessera-game\",\n"
  "  \"version\": 1,\n"
  "  \"sets\": [\"wheel-of-fortune\", \"tower\", \"mage-witch\", \"crop-circles\"],\n"
  "  \"start\": \"wheel\",\n"
  "  \"rules\": {\"tower-capture-own\": true, \"tower-top-capturable\": false},\n"
  "  \"crop_circle_tiles\": [\"CC2-3\", \"CC2-5\"],\n"
  "  \"box\": {\"D\": 4, \"U+W2\": 2},\n"
  "  \"played\": {\"start\": \"2026-11-24T19:30:00+01:00\", \"end\": \"2026-11-24T20:45:00+01:00\", "
  "\"place\": \"Club \\\"De Toren\\\", Utrecht\"},\n"
  "  \"players\": [\n"
  "    {\"name\": \"Anna\", \"color\": \"red\"},\n"
  "    {\"name\": \"Bram \\\"de Beer\\\" 🐻\", \"color\": \"blue\"}\n"
  "  ],\n"
  "  \"events\": [\n"
  "    {\"turn\": {\"player\": 0, \"tile\": \"D\", \"at\": [4, 1], \"rotation\": 90, "
  "\"plague\": [{\"player\": 0, \"piece\": {\"at\": [2, 1], \"spot\": \"N\"}}, {\"player\": 1, \"piece\": null}], "
  "\"magic\": {\"piece\": \"mage\", \"to\": {\"at\": [4, 1], \"spot\": \"E\"}}, "
  "\"action\": {\"follower\": {\"spot\": \"NNE\"}}, "
  "\"crop\": {\"choice\": \"add\", \"moves\": [{\"player\": 1, \"piece\": {\"at\": [3, 3], \"spot\": \"S\"}}]}}},\n"
  "    {\"turn\": {\"player\": 1, \"tile\": \"U+W2\", \"at\": [-1, 0], \"rotation\": 0, \"action\": {\"crown\": \"taxes-1\"}}},\n"
  "    {\"turn\": {\"player\": 0, \"tile\": \"TO-01\", \"at\": [5, 1], \"rotation\": 270, "
  "\"action\": {\"tower\": {\"at\": [5, 1]}, \"capture\": {\"at\": [4, 1], \"spot\": \"c1\"}}}},\n"
  "    {\"turn\": {\"player\": 1, \"tile\": \"TO-02\", \"at\": [6, 1], \"rotation\": 0, \"action\": {\"tower_top\": {\"at\": [5, 1]}}}},\n"
  "    {\"discard\": {\"player\": 0, \"tile\": \"X+W1\", \"plague\": [{\"player\": 0, \"piece\": null}]}},\n"
  "    {\"ransom\": {\"player\": 0, \"from\": 1}},\n"
  "    {\"adjust\": {\"player\": 1, \"points\": -2, \"reason\": \"misscored road; \\\"really\\\"\\nsecond line\"}},\n"
  "    {\"end\": {}}\n"
  "  ]\n"
  "}\n";

/* Reading and writing give back the same bytes, and the same events. */
static void
test_round_trip (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_record_load_from_data (full_record, -1, &error);
  g_autoptr(TesseraRecord) again = NULL;
  g_autofree char *written = NULL;
  g_autofree char *rewritten = NULL;
  const TesseraEvent *event;

  g_assert_no_error (error);
  g_assert_nonnull (record);
  g_assert_cmpuint (record->events->len, ==, 8);
  g_assert_cmpuint (record->players->len, ==, 2);
  g_assert_cmpstr (tessera_record_player_name (record, 1), ==, "Bram \"de Beer\" 🐻");
  g_assert_true (record->has_rules);
  g_assert_true (record->tower_capture_own);
  g_assert_false (record->tower_top_capturable);
  g_assert_cmpuint (record->crop_circle_tiles->len, ==, 2);
  g_assert_cmpint (tessera_record_get_box_count (record, "U+W2"), ==, 2);
  g_assert_cmpstr (record->played->start, ==, "2026-11-24T19:30:00+01:00");
  g_assert_cmpstr (record->played->end, ==, "2026-11-24T20:45:00+01:00");
  g_assert_cmpstr (record->played->place, ==, "Club \"De Toren\", Utrecht");

  event = g_ptr_array_index (record->events, 0);
  g_assert_cmpint (event->kind, ==, TESSERA_EVENT_TURN);
  g_assert_cmpstr (event->tile, ==, "D");
  g_assert_cmpint (event->at.x, ==, 4);
  g_assert_cmpint (event->at.y, ==, 1);
  g_assert_cmpint (event->rotation, ==, 90);
  g_assert_cmpint (event->action, ==, TESSERA_ACTION_FOLLOWER);
  g_assert_cmpstr (event->spot, ==, "NNE");
  g_assert_nonnull (event->choices);
  g_assert_true (event->choices->has_plague);
  g_assert_cmpuint (event->choices->n_plague_choices, ==, 2);
  g_assert_cmpint (event->choices->plague_choices[0].player, ==, 0);
  g_assert_true (event->choices->plague_choices[0].has_piece);
  g_assert_cmpint (event->choices->plague_choices[0].piece.at.x, ==, 2);
  g_assert_cmpint (event->choices->plague_choices[0].piece.at.y, ==, 1);
  g_assert_cmpstr (event->choices->plague_choices[0].piece.spot, ==, "N");
  g_assert_cmpint (event->choices->plague_choices[1].player, ==, 1);
  g_assert_false (event->choices->plague_choices[1].has_piece);
  g_assert_true (event->choices->has_magic);
  g_assert_cmpint (event->choices->magic_choice.figure, ==, TESSERA_MAGIC_MAGE);
  g_assert_true (event->choices->magic_choice.has_to);
  g_assert_cmpint (event->choices->magic_choice.to.at.x, ==, 4);
  g_assert_cmpstr (event->choices->magic_choice.to.spot, ==, "E");
  g_assert_true (event->choices->has_crop);
  g_assert_true (event->choices->crop_add);
  g_assert_cmpuint (event->choices->n_crop_moves, ==, 1);
  g_assert_cmpint (event->choices->crop_moves[0].player, ==, 1);
  g_assert_cmpstr (event->choices->crop_moves[0].piece.spot, ==, "S");
  event = g_ptr_array_index (record->events, 2);
  g_assert_cmpint (event->action, ==, TESSERA_ACTION_TOWER);
  g_assert_true (event->has_capture);
  g_assert_cmpstr (event->capture.spot, ==, "c1");
  event = g_ptr_array_index (record->events, 6);
  g_assert_cmpint (event->points, ==, -2);
  g_assert_cmpstr (event->reason, ==, "misscored road; \"really\"\nsecond line");

  written = tessera_record_to_data (record);
  g_assert_cmpstr (written, ==, full_record);
  again = tessera_record_load_from_data (written, -1, &error);
  g_assert_no_error (error);
  rewritten = tessera_record_to_data (again);
  g_assert_cmpstr (rewritten, ==, written);
  for (guint i = 0; i < record->events->len; i++)
    g_assert_true (tessera_event_equal (g_ptr_array_index (record->events, i), g_ptr_array_index (again->events, i)));
}

/* One event alone, as the history stores it. */
static void
test_single_event (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_record_load_from_data (full_record, -1, &error);
  g_autoptr(TesseraEvent) event = NULL;
  g_autofree char *data = NULL;

  g_assert_no_error (error);
  data = tessera_event_to_data (g_ptr_array_index (record->events, 3));
  g_assert_cmpstr (data, ==, "{\"turn\": {\"player\": 1, \"tile\": \"TO-02\", \"at\": [6, 1], \"rotation\": 0, "
                             "\"action\": {\"tower_top\": {\"at\": [5, 1]}}}}");
  event = tessera_event_from_data (record, 3, data, &error);
  g_assert_no_error (error);
  g_assert_true (tessera_event_equal (event, g_ptr_array_index (record->events, 3)));

  g_assert_null (tessera_event_from_data (record, 9, "{\"turn\": {\"player\": 5}}", &error));
  tessera_test_assert_error (error, TESSERA_ERROR_RECORD, "event 9 (turn): \"player\" is 5, but the players are numbered 0 to 1");
}

typedef struct
{
  const char *name;
  const char *json;
  const char *message;
} BadRecord;

#define HEAD "{\"format\": \"tessera-game\", \"version\": 1, \"sets\": [\"base\"], "
/* 201 characters, the last ones not ASCII: a place is counted in characters, not bytes. */
#define PLACE_10 "Utrecht, N"
#define PLACE_201 PLACE_10 PLACE_10 PLACE_10 PLACE_10 PLACE_10 PLACE_10 PLACE_10 PLACE_10 PLACE_10 PLACE_10 \
                  PLACE_10 PLACE_10 PLACE_10 PLACE_10 PLACE_10 PLACE_10 PLACE_10 PLACE_10 PLACE_10 "Café ‘t Bul"
#define PLAYERS "\"players\": [{\"name\": \"Anna\", \"color\": \"red\"}, {\"name\": \"Bram\", \"color\": \"blue\"}], "

static const BadRecord bad_records[] = {
  { "not-json", "{\"format\": ", NULL },
  { "not-object", "[1, 2]", "record: a game record is a JSON object with \"format\": \"tessera-game\"" },
  { "format", "{\"format\": \"chess\", \"version\": 1}", "record: \"format\" is \"chess\"; a game record says \"tessera-game\"" },
  { "version", "{\"format\": \"tessera-game\", \"version\": 2}",
    "record: this is a version 2 record; this version of Tessera reads version 1" },
  { "unknown-top-key", HEAD PLAYERS "\"events\": [], \"colour\": 1}",
    "record: unknown key \"colour\" (known keys: format, version, sets, start, players, rules, crop_circle_tiles, box, played, events)" },
  { "unknown-set", "{\"format\": \"tessera-game\", \"version\": 1, \"sets\": [\"river\"]}",
    "record: unknown set \"river\" (known sets: base, wheel-of-fortune, tower, mage-witch, crop-circles)" },
  { "no-box", "{\"format\": \"tessera-game\", \"version\": 1, \"sets\": [\"tower\"]}",
    "record: \"sets\" must hold a box to play with: \"base\" or \"wheel-of-fortune\" (or both)" },
  { "start-contradicts", HEAD "\"start\": \"wheel\", " PLAYERS "\"events\": []}",
    "record: \"start\" is \"wheel\", but with these sets the game starts from the start tile" },
  { "one-player", HEAD "\"players\": [{\"name\": \"Anna\", \"color\": \"red\"}], \"events\": []}",
    "players: a game has 2 to 5 players, not 1" },
  { "bad-colour", HEAD "\"players\": [{\"name\": \"Anna\", \"color\": \"red\"}, {\"name\": \"Bram\", \"color\": \"orange\"}], \"events\": []}",
    "players[1]: \"orange\" is not a colour; use red, blue, green, yellow, black, gray, pink or purple" },
  { "same-colour", HEAD "\"players\": [{\"name\": \"Anna\", \"color\": \"red\"}, {\"name\": \"Bram\", \"color\": \"red\"}], \"events\": []}",
    "players[1]: Anna and Bram both play red; every player needs a colour of their own" },
  { "player-key", HEAD "\"players\": [{\"name\": \"Anna\", \"colour\": \"red\"}, {\"name\": \"Bram\", \"color\": \"blue\"}], \"events\": []}",
    "players[0]: unknown key \"colour\" (known keys: name, color)" },
  { "event-kind", HEAD PLAYERS "\"events\": [{\"move\": {}}]}",
    "event 0: unknown event \"move\" (known events: turn, discard, ransom, adjust, end)" },
  { "event-two-keys", HEAD PLAYERS "\"events\": [{\"end\": {}, \"turn\": {}}]}",
    "event 0: an event must have exactly one key (turn, discard, ransom, adjust or end), not 2" },
  { "turn-key", HEAD PLAYERS "\"events\": [{\"turn\": {\"player\": 1, \"tile\": \"D\", \"at\": [1, 0], \"rotaton\": 90}}]}",
    "event 0 (turn of Bram): unknown key \"rotaton\" (known keys: player, tile, at, rotation, plague, magic, action, crop)" },
  { "rotation", HEAD PLAYERS "\"events\": [{\"turn\": {\"player\": 1, \"tile\": \"D\", \"at\": [1, 0], \"rotation\": 45}}]}",
    "event 0 (turn of Bram): \"rotation\" is 45; it must be 0, 90, 180 or 270" },
  { "at", HEAD PLAYERS "\"events\": [{\"turn\": {\"player\": 0, \"tile\": \"D\", \"at\": [1.5, 0], \"rotation\": 0}}]}",
    "events[0].turn.at[0], at line 1, column 196: 1.5 is not a whole number; the numbers of a record are whole, "
    "without a fraction or an exponent" },
  { "far-away", HEAD PLAYERS "\"events\": [{\"turn\": {\"player\": 0, \"tile\": \"D\", \"at\": [30000, 0], \"rotation\": 0}}]}",
    "event 0 (turn of Anna): \"at\" is [30000, 0]; a cell [x, y] holds two whole numbers between -29999 and 29999" },
  { "not-a-cell", HEAD PLAYERS "\"events\": [{\"turn\": {\"player\": 0, \"tile\": \"D\", \"at\": [\"1\", 0], \"rotation\": 0}}]}",
    "event 0 (turn of Anna): \"at\" must be a cell [x, y] of two whole numbers between -29999 and 29999" },
  { "missing-tile", HEAD PLAYERS "\"events\": [{\"turn\": {\"player\": 0, \"at\": [1, 0], \"rotation\": 0}}]}",
    "event 0 (turn of Anna): the key \"tile\" is missing" },
  { "two-actions", HEAD PLAYERS "\"events\": [{\"turn\": {\"player\": 0, \"tile\": \"D\", \"at\": [1, 0], \"rotation\": 0, "
                                "\"action\": {\"follower\": {\"spot\": \"N\"}, \"crown\": \"taxes-1\"}}}]}",
    "event 0 (turn of Anna): \"action\" holds at most one of follower, crown, tower and tower_top" },
  { "end-key", HEAD PLAYERS "\"events\": [{\"end\": {\"now\": true}}]}",
    "event 0 (end): unknown key \"now\" (this object takes no keys)" },
  { "zero-adjust", HEAD PLAYERS "\"events\": [{\"adjust\": {\"player\": 0, \"points\": 0, \"reason\": \"x\"}}]}",
    "event 0 (correction for Anna): a correction of 0 points changes nothing; leave it out" },
  { "player-string", HEAD PLAYERS "\"events\": [{\"discard\": {\"player\": \"Anna\", \"tile\": \"D\"}}]}",
    "event 0 (discard): \"player\" must be a whole number" },
  { "played-not-object", HEAD "\"played\": \"last night\", " PLAYERS "\"events\": []}",
    "record: \"played\" must be an object" },
  { "played-key", HEAD "\"played\": {\"date\": \"2026-11-24\"}, " PLAYERS "\"events\": []}",
    "record: \"played\": unknown key \"date\" (known keys: start, end, place)" },
  { "played-not-a-time", HEAD "\"played\": {\"start\": \"tonight\"}, " PLAYERS "\"events\": []}",
    "record: \"played\": \"start\" is \"tonight\", which is not a date and time with its UTC offset, like 2026-11-24T19:30:00+01:00" },
  { "played-no-offset", HEAD "\"played\": {\"start\": \"2026-11-24T19:30:00\"}, " PLAYERS "\"events\": []}",
    "record: \"played\": \"start\" is \"2026-11-24T19:30:00\", which is not a date and time with its UTC offset, like 2026-11-24T19:30:00+01:00" },
  /* 20:45 in Utrecht is 19:45 UTC, before the start at 19:50 UTC. */
  { "played-end-before-start", HEAD "\"played\": {\"start\": \"2026-11-24T19:50:00Z\", \"end\": \"2026-11-24T20:45:00+01:00\"}, "
    PLAYERS "\"events\": []}",
    "record: \"played\": \"end\" (2026-11-24T20:45:00+01:00) is before \"start\" (2026-11-24T19:50:00Z)" },
  { "played-place-number", HEAD "\"played\": {\"place\": 12}, " PLAYERS "\"events\": []}",
    "record: \"played\": \"place\" must be a string" },
  { "played-place-too-long", HEAD "\"played\": {\"place\": \"" PLACE_201 "\"}, " PLAYERS "\"events\": []}",
    "record: \"played\": \"place\" has 201 characters; a place has at most 200" },
};

static void
test_bad_record (gconstpointer data)
{
  const BadRecord *bad = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_record_load_from_data (bad->json, -1, &error);

  g_assert_null (record);
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD);
  if (bad->message != NULL)
    g_assert_cmpstr (error->message, ==, bad->message);
  else
    g_assert_cmpstr (error->message, ==, "not valid JSON at line 1, column 12, in format: expected a value, found the end of the text");
}

/* Nesting and size, refused before any JSON parser sees them ------------------------------ */

/* json-glib's parser recurses once per level: 200,000 levels took the process down. */
static void
test_too_deep (void)
{
  g_autofree char *deep = tessera_test_nested_arrays (200000);
  g_autofree char *limit = tessera_test_nested_arrays (TESSERA_RECORD_MAX_DEPTH);
  g_autofree char *over = tessera_test_nested_arrays (TESSERA_RECORD_MAX_DEPTH + 1);
  g_autofree char *events = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = NULL;

  record = tessera_record_load_from_data (deep, -1, &error);
  g_assert_null (record);
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD);
  g_assert_cmpstr (error->message, ==,
                   "the record is nested more than 64 levels deep at line 1, column 65; a record may be nested at most 64 levels");
  g_clear_error (&error);

  /* 65 levels are refused as too deep, 64 are read and refused for what they are. */
  record = tessera_record_load_from_data (over, -1, &error);
  g_assert_null (record);
  g_assert_true (strstr (error->message, "nested more than 64") != NULL);
  g_clear_error (&error);
  record = tessera_record_load_from_data (limit, -1, &error);
  g_assert_null (record);
  g_assert_cmpstr (error->message, ==, "record: a game record is a JSON object with \"format\": \"tessera-game\"");
  g_clear_error (&error);

  /* Deep where the line says so; brackets in a string are text, not nesting. */
  g_clear_pointer (&deep, g_free);
  deep = g_strconcat ("{\n\"format\": \"[[[[\",\n\"x\": ", over, "}", NULL);
  record = tessera_record_load_from_data (deep, -1, &error);
  g_assert_null (record);
  g_assert_cmpstr (error->message, ==,
                   "the record is nested more than 64 levels deep at line 3, column 69; a record may be nested at most 64 levels");
  g_clear_error (&error);
  {
    GString *place = g_string_new (NULL);
    g_autofree char *text = NULL;

    /* 190 brackets, an escaped quote and two more: 194 characters of text. */
    for (guint i = 0; i < 190; i++)
      g_string_append_c (place, i % 2 == 0 ? '[' : '{');
    text = g_strdup_printf (HEAD "\"played\": {\"place\": \"%s\\\" ]]\"}, " PLAYERS "\"events\": []}", place->str);
    g_string_free (place, TRUE);
    record = tessera_record_load_from_data (text, -1, &error);
    g_assert_no_error (error);
    g_assert_nonnull (record);
    g_clear_pointer (&record, tessera_record_free);
  }

  /* An event the history keeps is read with the same limit. */
  record = tessera_record_load_from_data (HEAD PLAYERS "\"events\": []}", -1, &error);
  g_assert_no_error (error);
  events = g_strconcat ("{\"player\": \"Anna\", \"tile\": ", over, "}", NULL);
  g_assert_null (tessera_event_from_data (record, 0, events, &error));
  g_assert_true (strstr (error->message, "nested more than 64") != NULL);
}

static void
test_too_large (void)
{
  gsize size = TESSERA_RECORD_MAX_BYTES + 1;
  g_autofree char *large = g_malloc (size + 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = NULL;

  g_assert_cmpint (TESSERA_RECORD_MAX_BYTES, ==, 16 * 1024 * 1024);
  memset (large, ' ', size);
  large[size] = '\0';
  record = tessera_record_load_from_data (large, (gssize) size, &error);
  g_assert_null (record);
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD);
  g_assert_cmpstr (error->message, ==,
                   "the record is 16777217 bytes long; a record may be at most 16 MiB (16777216 bytes)");
  g_clear_error (&error);
  g_assert_false (tessera_record_check_size (size, &error));
  g_assert_cmpstr (error->message, ==,
                   "the record is 16777217 bytes long; a record may be at most 16 MiB (16777216 bytes)");
  g_assert_true (tessera_record_check_size (size - 1, NULL));
}

/* Strict JSON: what json-glib would read wrong is refused, naming the place ---------------- */

/* Asserts that @json is refused as a record, with a message that holds each of @parts
 * (the place first: a key path, or a line and column). */
static void
assert_refused (const char         *json,
                gssize              length,
                const char * const *parts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_record_load_from_data (json, length, &error);

  if (record != NULL)
    g_error ("accepted a record that must be refused: %.200s", json);
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD);
  for (guint i = 0; parts[i] != NULL; i++)
    if (strstr (error->message, parts[i]) == NULL)
      g_error ("the message \"%s\" does not say \"%s\"", error->message, parts[i]);
  /* One clean sentence: no stray space before a colon, not the whole input echoed back. */
  g_assert_null (strstr (error->message, " :"));
  g_assert_cmpuint (strlen (error->message), <, 300);
}

#define ONE_TURN(at) HEAD PLAYERS "\"events\": [{\"turn\": {\"player\": 0, \"tile\": \"D\", \"at\": " at ", \"rotation\": 0}}]}"

/* Finding 1: "\ud800Anna" was stored as the bytes ED A0 80 and the A was lost. */
static void
test_strict_surrogate (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraRecord) paired = NULL;

  assert_refused (HEAD "\"players\": [{\"name\": \"\\ud800Anna\", \"color\": \"red\"}, {\"name\": \"Bram\", \"color\": \"blue\"}], "
                       "\"events\": []}", -1,
                  (const char *[]) { "players[0].name, at line 1, column 82: ", "\\ud800", "surrogate", NULL });
  /* A low half alone, and a high half followed by something else. */
  assert_refused (HEAD "\"players\": [{\"name\": \"Anna\", \"color\": \"red\"}, {\"name\": \"Bram\\udc00\", \"color\": \"blue\"}], "
                       "\"events\": []}", -1,
                  (const char *[]) { "players[1].name, at line 1, column ", "\\udc00", NULL });
  assert_refused (HEAD PLAYERS "\"played\": {\"place\": \"\\ud83d\\u0041\"}, \"events\": []}", -1,
                  (const char *[]) { "played.place, at line 1, column ", "\\ud83d", NULL });
  /* The bytes the old reader stored, as they would come back from a file or the history. */
  assert_refused (HEAD "\"players\": [{\"name\": \"\xed\xa0\x80nna\", \"color\": \"red\"}, {\"name\": \"Bram\", \"color\": \"blue\"}], "
                       "\"events\": []}", -1,
                  (const char *[]) { "not valid JSON at line 1, column 82, in players[0].name: ", "0xED", NULL });
  /* A pair is one character, and a record may hold it. */
  record = tessera_record_load_from_data (HEAD "\"players\": [{\"name\": \"Anna \\ud83d\\ude00\", \"color\": \"red\"}, "
                                               "{\"name\": \"Bram\", \"color\": \"blue\"}], \"events\": []}", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tessera_record_player_name (record, 0), ==, "Anna 😀");

  /* An event the history keeps is read the same strict way. */
  paired = tessera_record_load_from_data (HEAD PLAYERS "\"events\": []}", -1, &error);
  g_assert_no_error (error);
  g_assert_null (tessera_event_from_data (paired, 4, "{\"adjust\": {\"player\": 0, \"points\": 2, \"reason\": \"\\ud800\"}}", &error));
  tessera_test_assert_error (error, TESSERA_ERROR_RECORD,
                             "event 4: adjust.reason, at line 1, column 50: \\ud800 is half of a UTF-16 surrogate pair "
                             "without its other half, so it is no character");
}

/* Finding 2: numbers past 64 bits were read as -1, fractions and exponents as whatever. */
static void
test_strict_numbers (void)
{
  g_autoptr(GString) version = g_string_new ("{\"format\": \"tessera-game\", \"version\": 1");

  assert_refused (ONE_TURN ("[18446744073709551615, 1]"), -1,
                  (const char *[]) { "events[0].turn.at[0], at line 1, column ", "18446744073709551615", "too large", NULL });
  assert_refused (ONE_TURN ("[1e30, 1]"), -1,
                  (const char *[]) { "events[0].turn.at[0], at line 1, column ", "1e30 is not a whole number", NULL });
  assert_refused (ONE_TURN ("[0, 1.0]"), -1,
                  (const char *[]) { "events[0].turn.at[1], at line 1, column ", "1.0 is not a whole number", NULL });
  assert_refused (HEAD PLAYERS "\"events\": [{\"discard\": {\"player\": 18446744073709551616, \"tile\": \"D\"}}]}", -1,
                  (const char *[]) { "events[0].discard.player, at line 1, column ", "18446744073709551616", NULL });
  /* Whole numbers inside 64 bits but outside the field: said as written, never cut to an int. */
  assert_refused (HEAD PLAYERS "\"events\": [{\"discard\": {\"player\": 4294967296, \"tile\": \"D\"}}]}", -1,
                  (const char *[]) { "event 0 (discard): \"player\" is 4294967296, but the players are numbered 0 to 1", NULL });
  assert_refused (ONE_TURN ("[-9223372036854775808, 1]"), -1,
                  (const char *[]) { "event 0 (turn of Anna): \"at\" is [-9223372036854775808, 1]; ", NULL });
  assert_refused (HEAD PLAYERS "\"events\": [{\"turn\": {\"player\": 0, \"tile\": \"D\", \"at\": [1, 0], \"rotation\": 4294967296}}]}", -1,
                  (const char *[]) { "event 0 (turn of Anna): \"rotation\" is 4294967296; it must be 0, 90, 180 or 270", NULL });
  assert_refused (HEAD PLAYERS "\"events\": [{\"adjust\": {\"player\": 0, \"points\": 4294967296, \"reason\": \"x\"}}]}", -1,
                  (const char *[]) { "event 0 (correction for Anna): a correction of 4294967296 points is out of range", NULL });
  assert_refused (HEAD PLAYERS "\"events\": [{\"turn\": {\"player\": 0, \"tile\": \"D\", \"at\": [1, 0], \"rotation\": 0, "
                               "\"plague\": [{\"player\": 4294967296, \"piece\": null}]}}]}", -1,
                  (const char *[]) { "event 0 (turn of Anna): ", "4294967296", NULL });
  assert_refused ("{\"format\": \"tessera-game\", \"version\": 4294967297}", -1,
                  (const char *[]) { "record: this is a version 4294967297 record", NULL });

  /* A version of 1 and 100,000 zeros: named, and cut short. */
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (version, '0');
  g_string_append (version, ", \"sets\": [\"base\"], " PLAYERS "\"events\": []}");
  assert_refused (version->str, -1,
                  (const char *[]) { "version, at line 1, column 39: 10000000000000000000… (100001 characters) is far too large", NULL });
}

/* Finding 3: the last of two equal keys won, so a whole game could be emptied afterwards. */
static void
test_strict_duplicates (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples", "base-game.json", NULL);
  g_autofree char *game = NULL;
  g_autofree char *emptied = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = NULL;
  char *last;

  g_assert_true (g_file_get_contents (path, &game, NULL, &error));
  g_assert_no_error (error);
  record = tessera_record_load_from_data (game, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (record->events->len, ==, 72);
  last = strrchr (game, '}');
  *last = '\0';
  emptied = g_strconcat (game, ", \"events\": []}\n", NULL);
  assert_refused (emptied, -1,
                  (const char *[]) { "record, at line 85, column 3: the key \"events\" appears twice in one object", NULL });

  assert_refused (HEAD "\"players\": [{\"name\": \"Dup\", \"name\": \"Anna\", \"color\": \"red\"}, {\"name\": \"Bram\", \"color\": \"blue\"}], "
                       "\"events\": []}", -1,
                  (const char *[]) { "players[0], at line 1, column 88: the key \"name\" appears twice", NULL });
  /* The same key however it is written. */
  assert_refused (HEAD PLAYERS "\"events\": [{\"turn\": {\"player\": 0, \"pl\\u0061yer\": 1}}]}", -1,
                  (const char *[]) { "events[0].turn, at line 1, column ", "the key \"player\" appears twice", NULL });
  /* An object with many keys is checked as well (a hash table past a few). */
  {
    g_autoptr(GString) box = g_string_new (HEAD PLAYERS "\"box\": {");

    for (guint i = 0; i < 40; i++)
      g_string_append_printf (box, "\"T%u\": 1, ", i);
    g_string_append (box, "\"T7\": 2}, \"events\": []}");
    assert_refused (box->str, -1, (const char *[]) { "box, at line 1, column ", "the key \"T7\" appears twice", NULL });
  }
}

/* Finding 4: "Anna\u0000Evil" was cut to "Anna"; names had no limit. */
static void
test_strict_nul_and_names (void)
{
  static const char raw_nul[] = HEAD "\"players\": [{\"name\": \"Anna\0Evil\", \"color\": \"red\"}]}";
  g_autoptr(GString) long_name = g_string_new (NULL);
  g_autofree char *json = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = NULL;

  assert_refused (HEAD "\"players\": [{\"name\": \"Anna\\u0000Evil\", \"color\": \"red\"}, {\"name\": \"Bram\", \"color\": \"blue\"}], "
                       "\"events\": []}", -1,
                  (const char *[]) { "players[0].name, at line 1, column 86: a string holds \\u0000", NULL });
  assert_refused (HEAD PLAYERS "\"events\": [{\"adjust\": {\"player\": 0, \"points\": 2, \"reason\": \"x\\u0000\"}}]}", -1,
                  (const char *[]) { "events[0].adjust.reason, at line 1, column ", "\\u0000", NULL });
  /* A raw NUL byte is no JSON at all. */
  assert_refused (raw_nul, sizeof raw_nul - 1,
                  (const char *[]) { "not valid JSON at line 1, column 86, in players[0].name: ", "U+0000", NULL });

  /* 10,240 characters (not bytes: é is two) are refused, the limit itself is read. */
  for (guint i = 0; i < 1024; i++)
    g_string_append (long_name, "Annélies B");
  json = g_strdup_printf (HEAD "\"players\": [{\"name\": \"%s\", \"color\": \"red\"}, {\"name\": \"Bram\", \"color\": \"blue\"}], "
                               "\"events\": []}", long_name->str);
  assert_refused (json, -1, (const char *[]) { "players[0]: the name has 10240 characters; a player's name has at most 60", NULL });
  g_string_truncate (long_name, strlen ("Annélies B") * 6);
  json = (g_free (json), g_strdup_printf (HEAD "\"players\": [{\"name\": \"%s\", \"color\": \"red\"}, {\"name\": \"Bram\", "
                                               "\"color\": \"blue\"}], \"events\": []}", long_name->str));
  record = tessera_record_load_from_data (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_utf8_strlen (tessera_record_player_name (record, 0), -1), ==, 60);
}

/* Finding 9: a JSON error says where, in one sentence. */
static void
test_strict_json_errors (void)
{
  assert_refused ("{\"format\": \"tessera-game\",\n \"version\": 1,\n \"sets\": [\"base\" \"tower\"]}", -1,
                  (const char *[]) { "not valid JSON at line 3, column 18, in sets: expected \",\" or \"]\", found \"\"\"", NULL });
  assert_refused ("{\"format\": \"tessera-game\", \"version\": \xff}", -1,
                  (const char *[]) { "not valid JSON at line 1, column 39, in version: expected a value, found byte 0xFF, which is not UTF-8", NULL });
  assert_refused ("{\"format\": \"tessera-game\", \"version\": 01}", -1,
                  (const char *[]) { "not valid JSON at line 1, column 39, in version: a number may not begin with 0", NULL });
  assert_refused ("{\"format\": \"tessera-game\", \"version\": 1,}", -1,
                  (const char *[]) { "not valid JSON at line 1, column 41: expected a key in double quotes, found \"}\"", NULL });
  assert_refused ("{\"format\": \"tessera-game\"} {}", -1,
                  (const char *[]) { "not valid JSON at line 1, column 28: expected the end of the text, found \"{\"", NULL });
  assert_refused ("", -1, (const char *[]) { "not valid JSON at line 1, column 1: expected a value, found the end of the text", NULL });
  /* What json-glib let through and no other JSON reader takes: comments, single quotes, hex. */
  assert_refused ("{\"format\": \"tessera-game\", /* c */ \"version\": 1}", -1,
                  (const char *[]) { "not valid JSON at line 1, column 28: expected a key in double quotes, found \"/\"", NULL });
  assert_refused ("{\"format\": 'tessera-game'}", -1,
                  (const char *[]) { "not valid JSON at line 1, column 12, in format: expected a value, found \"'\"", NULL });
  assert_refused ("{\"format\": \"tessera-game\", \"version\": 0x1}", -1,
                  (const char *[]) { "not valid JSON at line 1, column 40: expected \",\" or \"}\", found \"x\"", NULL });
  /* A byte order mark at the start is skipped, as RFC 8259 allows and json-glib did. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(TesseraRecord) record = tessera_record_load_from_data ("\xEF\xBB\xBF" HEAD PLAYERS "\"events\": []}", -1, &error);

    g_assert_no_error (error);
    g_assert_nonnull (record);
  }
  assert_refused ("{\"format\": \"tessera-game\", \"sets\": [\"a\\x\"]}", -1,
                  (const char *[]) { "not valid JSON at line 1, column 39, in sets[0]: a \\ in a string must be followed by", NULL });
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/record/limits/too-deep", test_too_deep);
  g_test_add_func ("/record/limits/too-large", test_too_large);
  g_test_add_func ("/record/strict/surrogate", test_strict_surrogate);
  g_test_add_func ("/record/strict/numbers", test_strict_numbers);
  g_test_add_func ("/record/strict/duplicates", test_strict_duplicates);
  g_test_add_func ("/record/strict/nul-and-names", test_strict_nul_and_names);
  g_test_add_func ("/record/strict/json-errors", test_strict_json_errors);

  g_test_add_func ("/record/round-trip", test_round_trip);
  g_test_add_func ("/record/single-event", test_single_event);
  for (guint i = 0; i < G_N_ELEMENTS (bad_records); i++)
    {
      g_autofree char *path = g_strdup_printf ("/record/bad/%s", bad_records[i].name);
      g_test_add_data_func (path, &bad_records[i], test_bad_record);
    }
  return g_test_run ();
}
