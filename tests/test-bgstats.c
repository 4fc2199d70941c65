/* test-bgstats.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tessera-engine.h"
#include "tessera-random-game.h"

/* A finished game as a play for BG Stats, checked member by member against the members BG
 * Stats documents for plays pushed from other apps (src/engine/tessera-bgstats.c). */

static const char * const play_members[] = {
  "sourceName", "sourcePlayId", "playDate", "durationMin", "location", "comments", "game", "players", NULL
};
static const char * const game_members[] = {
  "bggId", "name", "highestWins", "noPoints", "sourceGameId", NULL
};
static const char * const player_members[] = {
  "name", "sourcePlayerId", "score", "winner", "rank", "startPlayer", "role", NULL
};

/* Every member of @object is one of @known, and BG Stats's own: nothing made up. */
static void
assert_members (JsonObject         *object,
                const char * const *known)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (known, l->data))
      g_error ("unexpected member \"%s\"", (const char *) l->data);
}

static TesseraGame *
replay (const TesseraRecord *record)
{
  g_autoptr(GError) error = NULL;
  TesseraGame *game = tessera_game_new_from_record (record, G_MAXUINT, &error);

  g_assert_no_error (error);
  return game;
}

static JsonObject *
to_bgstats (TesseraGame *game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) play = tessera_game_to_bgstats (game, &error);

  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (play));
  return json_object_ref (json_node_get_object (play));
}

/* A whole generated game for three, played in a café one evening in Utrecht. */
static void
test_finished (void)
{
  g_autoptr(TesseraRecord) record = tessera_random_game (7, 3);
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(JsonObject) play = NULL;
  JsonObject *box;
  JsonArray *players;
  int best = G_MININT;
  guint n_winners = 0;

  record->played = g_new0 (TesseraPlayed, 1);
  record->played->start = g_strdup ("2026-11-24T19:30:00+01:00");
  record->played->end = g_strdup ("2026-11-24T20:45:30+01:00");
  record->played->place = g_strdup ("Café ‘t Hoekje, Utrecht");
  game = replay (record);
  g_assert_true (tessera_game_is_finished (game));
  play = to_bgstats (game);

  assert_members (play, play_members);
  g_assert_cmpstr (json_object_get_string_member (play, "sourceName"), ==, "Tessera");
  g_assert_cmpuint (strlen (json_object_get_string_member (play, "sourcePlayId")), ==, 64);
  /* The end, in UTC; 75½ minutes round to 76. */
  g_assert_cmpstr (json_object_get_string_member (play, "playDate"), ==, "2026-11-24 19:45:30");
  g_assert_cmpint (json_object_get_int_member (play, "durationMin"), ==, 76);
  g_assert_cmpstr (json_object_get_string_member (play, "location"), ==, "Café ‘t Hoekje, Utrecht");

  box = json_object_get_object_member (play, "game");
  assert_members (box, game_members);
  g_assert_cmpint (json_object_get_int_member (box, "bggId"), ==, 822);
  g_assert_cmpstr (json_object_get_string_member (box, "name"), ==, "Carcassonne");
  g_assert_true (json_object_get_boolean_member (box, "highestWins"));
  g_assert_false (json_object_get_boolean_member (box, "noPoints"));
  g_assert_cmpstr (json_object_get_string_member (box, "sourceGameId"), ==, "carcassonne");

  players = json_object_get_array_member (play, "players");
  g_assert_cmpuint (json_array_get_length (players), ==, 3);
  for (guint p = 0; p < 3; p++)
    best = MAX (best, tessera_game_get_score (game, p));
  for (guint p = 0; p < 3; p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);
      const TesseraPlayerInfo *info = &g_array_index (record->players, TesseraPlayerInfo, p);
      int score = tessera_game_get_score (game, p);
      guint ahead = 0;

      for (guint other = 0; other < 3; other++)
        ahead += tessera_game_get_score (game, other) > score;
      assert_members (player, player_members);
      g_assert_cmpstr (json_object_get_string_member (player, "name"), ==, info->name);
      g_assert_cmpstr (json_object_get_string_member (player, "sourcePlayerId"), ==, info->name);
      g_assert_cmpstr (json_object_get_string_member (player, "role"), ==, info->color);
      g_assert_cmpint (json_object_get_int_member (player, "score"), ==, score);
      g_assert_cmpint (json_object_get_int_member (player, "rank"), ==, ahead + 1);
      g_assert_true (json_object_get_boolean_member (player, "winner") == (score == best));
      g_assert_true (json_object_get_boolean_member (player, "startPlayer") == (p == 0));
      n_winners += json_object_get_boolean_member (player, "winner");
    }
  g_assert_cmpuint (n_winners, >=, 1);
}

/* The same game gives the same id, another game another: BG Stats updates a play it has seen. */
static void
test_play_id (void)
{
  g_autoptr(TesseraRecord) record = tessera_random_game (7, 2);
  g_autoptr(TesseraRecord) other = tessera_random_game (8, 2);
  g_autoptr(TesseraGame) game = replay (record);
  g_autoptr(TesseraGame) again = replay (record);
  g_autoptr(TesseraGame) other_game = replay (other);
  g_autoptr(JsonObject) play = to_bgstats (game);
  g_autoptr(JsonObject) play_again = to_bgstats (again);
  g_autoptr(JsonObject) other_play = to_bgstats (other_game);

  g_assert_cmpstr (json_object_get_string_member (play, "sourcePlayId"), ==,
                   json_object_get_string_member (play_again, "sourcePlayId"));
  g_assert_cmpstr (json_object_get_string_member (play, "sourcePlayId"), !=,
                   json_object_get_string_member (other_play, "sourcePlayId"));
}

/* Ended before anyone scored: 0 each, two winners sharing first place. Nothing says when or
 * where, so the play says nothing of it either. */
static void
test_tie (void)
{
  g_autoptr(TesseraRecord) record = tessera_record_new ();
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(JsonObject) play = NULL;
  JsonArray *players;

  g_ptr_array_add (record->sets, g_strdup ("base"));
  tessera_record_add_player (record, "Anna", "red");
  tessera_record_add_player (record, "Bram", "blue");
  g_ptr_array_add (record->events, tessera_event_new_end ());
  game = replay (record);
  play = to_bgstats (game);

  g_assert_false (json_object_has_member (play, "playDate"));
  g_assert_false (json_object_has_member (play, "durationMin"));
  g_assert_false (json_object_has_member (play, "location"));
  players = json_object_get_array_member (play, "players");
  g_assert_cmpuint (json_array_get_length (players), ==, 2);
  for (guint p = 0; p < 2; p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);

      g_assert_cmpint (json_object_get_int_member (player, "score"), ==, 0);
      g_assert_true (json_object_get_boolean_member (player, "winner"));
      g_assert_cmpint (json_object_get_int_member (player, "rank"), ==, 1);
    }
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (players, 1), "role"), ==, "blue");
}

/* Only the start known: it dates the play, and there is no duration. */
static void
test_start_only (void)
{
  g_autoptr(TesseraRecord) record = tessera_random_game (3, 2);
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(JsonObject) play = NULL;

  record->played = g_new0 (TesseraPlayed, 1);
  record->played->start = g_strdup ("2026-12-01T01:10:00-05:00");
  game = replay (record);
  play = to_bgstats (game);
  g_assert_cmpstr (json_object_get_string_member (play, "playDate"), ==, "2026-12-01 06:10:00");
  g_assert_false (json_object_has_member (play, "durationMin"));
}

static void
test_unfinished (void)
{
  g_autoptr(TesseraRecord) record = tessera_random_game (7, 2);
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(JsonNode) play = NULL;
  g_autoptr(GError) error = NULL;

  /* The whole game but its last turn (and what came after it): still in progress. The last
   * tile would end it, with or without "end" (B11). */
  for (TesseraEventKind kind = TESSERA_EVENT_END; kind != TESSERA_EVENT_TURN;)
    {
      kind = ((TesseraEvent *) g_ptr_array_index (record->events, record->events->len - 1))->kind;
      g_ptr_array_remove_index (record->events, record->events->len - 1);
    }
  game = replay (record);
  g_assert_false (tessera_game_is_finished (game));
  play = tessera_game_to_bgstats (game, &error);
  g_assert_null (play);
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE);
  g_assert_nonnull (strstr (error->message, "not finished"));
}

/* The link carries the same play, url-encoded, behind BG Stats's own address. */
static void
test_url (void)
{
  g_autoptr(TesseraRecord) record = tessera_random_game (11, 4);
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(JsonNode) play = NULL;
  g_autoptr(JsonNode) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *url = NULL;
  g_autofree char *data = NULL;
  const char *prefix = "bgstats://app.bgstatsapp.com/createPlay.html?data=";

  record->played = g_new0 (TesseraPlayed, 1);
  record->played->place = g_strdup ("Café Anna & Bram's, 2nd floor?");
  game = replay (record);
  play = tessera_game_to_bgstats (game, &error);
  g_assert_no_error (error);
  url = tessera_bgstats_get_url (play);
  g_assert_true (g_str_has_prefix (url, prefix));
  /* Nothing in the data could end it or start another parameter, and it is plain ASCII. */
  g_assert_null (strpbrk (url + strlen (prefix), "&?#{\" "));
  for (const char *c = url; *c != '\0'; c++)
    g_assert_cmpint ((guchar) *c, <, 0x80);
  data = g_uri_unescape_string (url + strlen (prefix), NULL);
  back = json_from_string (data, &error);
  g_assert_no_error (error);
  g_assert_true (json_node_equal (back, play));
}

/* What was played: the box as the game (Carcassonne, BoardGameGeek 822; the Wheel of Fortune
 * box, a game of its own on BoardGameGeek, by its name), the expansions in the comments. */
static void
test_what_was_played (void)
{
  static const struct
  {
    const char *sets[4];
    const char *name;
    gint64      bgg_id;
    const char *source_id;
    const char *comments;
  } plays[] = {
    { { "base", NULL }, "Carcassonne", 822, "carcassonne", NULL },
    { { "base", "tower", NULL }, "Carcassonne", 822, "carcassonne", "Expansions: The Tower" },
    { { "wheel-of-fortune", NULL }, "Carcassonne: Wheel of Fortune", 0, "carcassonne-wheel-of-fortune", NULL },
    { { "wheel-of-fortune", "tower", "mage-witch", NULL }, "Carcassonne: Wheel of Fortune", 0,
      "carcassonne-wheel-of-fortune", "Expansions: The Tower, Mage & Witch" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (plays); i++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (11 + i, 2, plays[i].sets);
      g_autoptr(TesseraGame) game = replay (record);
      g_autoptr(JsonObject) play = to_bgstats (game);
      JsonObject *box = json_object_get_object_member (play, "game");

      assert_members (play, play_members);
      assert_members (box, game_members);
      g_assert_cmpstr (json_object_get_string_member (box, "name"), ==, plays[i].name);
      g_assert_cmpint (json_object_get_int_member_with_default (box, "bggId", 0), ==, plays[i].bgg_id);
      g_assert_cmpstr (json_object_get_string_member (box, "sourceGameId"), ==, plays[i].source_id);
      g_assert_cmpstr (json_object_get_string_member_with_default (play, "comments", NULL), ==, plays[i].comments);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bgstats/finished", test_finished);
  g_test_add_func ("/bgstats/play-id", test_play_id);
  g_test_add_func ("/bgstats/tie", test_tie);
  g_test_add_func ("/bgstats/what-was-played", test_what_was_played);
  g_test_add_func ("/bgstats/start-only", test_start_only);
  g_test_add_func ("/bgstats/unfinished", test_unfinished);
  g_test_add_func ("/bgstats/url", test_url);
  return g_test_run ();
}
