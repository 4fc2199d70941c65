/* tessera-bgstats.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-bgstats"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera-bgstats.h"

/* BG Stats documents one way in for other apps: "Push plays to BG Stats from other apps or
 * websites", https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/
 * A link https://app.bgstatsapp.com/createPlay.html?data=DATA, or the same behind bgstats://,
 * where DATA is the url-encoded JSON of one play. Every member written here is one that page
 * documents: sourceName, sourcePlayId, playDate, durationMin, location, comments, game {bggId, name,
 * highestWins, noPoints, sourceGameId} and players [{name, sourcePlayerId, score, winner,
 * rank, startPlayer, role}]. The page's example gives playDate as "2020-10-23 19:16:58";
 * apps that follow it send the end of the play in UTC, so that is what is written here.
 * BG Stats's own play files (.bgsplay) are another, larger format: this is not one.
 *
 * What was played: BoardGameGeek lists the Wheel of Fortune box as a game of its own
 * ("Carcassonne: Wheel of Fortune", a standalone game, not an expansion of 822) and The Tower,
 * Mage & Witch and the crop circles each as an expansion. The push format has one game and no
 * member for expansions, so the game is the box played, and the expansions are said in the
 * play's comments, a documented member that BG Stats shows with the play. Only Carcassonne's
 * BoardGameGeek id (822) is sent: BG Stats matches a game by its name when there is none, and
 * keeps the match the user makes once (by sourceGameId), which is better than an id that could
 * not be checked. */

#define BGSTATS_URL "bgstats://app.bgstatsapp.com/createPlay.html?data="

static void
add_string (JsonBuilder *builder,
            const char  *name,
            const char  *value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, value);
}

static void
add_int (JsonBuilder *builder,
         const char  *name,
         gint64       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

static void
add_boolean (JsonBuilder *builder,
             const char  *name,
             gboolean     value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_boolean_value (builder, value);
}

/* The game's "played" times are checked when read, so they parse; NULL when left out. */
static GDateTime *
parse_time (const char *text)
{
  return text != NULL ? g_date_time_new_from_iso8601 (text, NULL) : NULL;
}

/* When the play ended, as BG Stats reads it: "2026-11-24 20:45:00", UTC; or, when the record
 * says only when it began, that. */
static void
add_dates (JsonBuilder         *builder,
           const TesseraPlayed *played)
{
  g_autoptr(GDateTime) start = parse_time (played->start);
  g_autoptr(GDateTime) end = parse_time (played->end);
  GDateTime *date = end != NULL ? end : start;

  if (date != NULL)
    {
      g_autoptr(GDateTime) utc = g_date_time_to_utc (date);
      g_autofree char *text = g_date_time_format (utc, "%Y-%m-%d %H:%M:%S");

      add_string (builder, "playDate", text);
    }
  if (start != NULL && end != NULL)
    add_int (builder, "durationMin", (g_date_time_difference (end, start) + G_TIME_SPAN_MINUTE / 2) / G_TIME_SPAN_MINUTE);
}

/* The box as BG Stats is to log it, and the expansions played as the play's comment ("Expansions:
 * The Tower, Mage & Witch, Crop Circles"), or NULL without any. In English, as BoardGameGeek
 * names them and as BG Stats matches them. */
static void
describe_sets (TesseraGame  *game,
               gboolean     *wheel,
               char        **comments)
{
  static const struct { const char *set; const char *name; } expansions[] = {
    { "tower", "The Tower" },
    { "mage-witch", "Mage & Witch" },
    { "crop-circles", "Crop Circles" },
  };
  g_autoptr(TesseraRecord) record = tessera_game_to_record (game);
  g_autoptr(GString) played = g_string_new (NULL);

  *wheel = FALSE;
  for (guint i = 0; i < record->sets->len; i++)
    if (g_str_equal (g_ptr_array_index (record->sets, i), "wheel-of-fortune"))
      *wheel = TRUE;
  for (guint e = 0; e < G_N_ELEMENTS (expansions); e++)
    for (guint i = 0; i < record->sets->len; i++)
      if (g_str_equal (g_ptr_array_index (record->sets, i), expansions[e].set))
        g_string_append_printf (played, "%s%s", played->len > 0 ? ", " : "Expansions: ", expansions[e].name);
  *comments = played->len > 0 ? g_string_free (g_steal_pointer (&played), FALSE) : NULL;
}

/* The same game gives the same id however often it is sent, or exported and imported first:
 * BG Stats recognises a play it has imported before by it and updates it. */
static char *
play_id (TesseraGame *game)
{
  g_autoptr(TesseraRecord) record = tessera_game_to_record (game);
  g_autofree char *data = tessera_record_to_data (record);

  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, data, -1);
}

/**
 * tessera_game_to_bgstats:
 *
 * The play of a finished game for BG Stats: the box played (Carcassonne, BoardGameGeek 822, or
 * Carcassonne: Wheel of Fortune) with the expansions in the comments, when and where it was
 * played when the record says, and per player in seating order the name, the colour as the
 * role, the final score, the rank (tied players share one) and whether they won (every player
 * tied for first did). The first seat starts.
 *
 * Returns: (transfer full): the JSON object, or %NULL with @error when the game is not finished
 */
JsonNode *
tessera_game_to_bgstats (TesseraGame  *game,
                         GError      **error)
{
  g_autoptr(JsonBuilder) builder = NULL;
  g_autofree char *id = NULL;
  g_autofree char *comments = NULL;
  gboolean wheel;
  const char * const *names;
  const TesseraPlayed *played;
  guint n_players;
  int best = G_MININT;

  g_return_val_if_fail (TESSERA_IS_GAME (game), NULL);

  if (!tessera_game_is_finished (game))
    {
      g_set_error_literal (error, TESSERA_ERROR, TESSERA_ERROR_RULE,
                           _("The game is not finished: BG Stats takes finished games only"));
      return NULL;
    }
  names = tessera_game_get_player_names (game);
  n_players = tessera_game_get_n_players (game);
  for (guint p = 0; p < n_players; p++)
    best = MAX (best, tessera_game_get_score (game, p));

  builder = json_builder_new ();
  json_builder_begin_object (builder);
  /* The source's name is data BG Stats remembers matches by: not translated. */
  add_string (builder, "sourceName", "Tessera");
  id = play_id (game);
  add_string (builder, "sourcePlayId", id);
  played = tessera_game_get_played (game);
  if (played != NULL)
    {
      add_dates (builder, played);
      if (played->place != NULL && played->place[0] != '\0')
        add_string (builder, "location", played->place);
    }
  describe_sets (game, &wheel, &comments);
  if (comments != NULL)
    add_string (builder, "comments", comments);

  json_builder_set_member_name (builder, "game");
  json_builder_begin_object (builder);
  if (!wheel)
    add_int (builder, "bggId", TESSERA_BGSTATS_BGG_ID);
  add_string (builder, "name", wheel ? "Carcassonne: Wheel of Fortune" : "Carcassonne");
  add_boolean (builder, "highestWins", TRUE);
  add_boolean (builder, "noPoints", FALSE);
  add_string (builder, "sourceGameId", wheel ? "carcassonne-wheel-of-fortune" : "carcassonne");
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint p = 0; p < n_players; p++)
    {
      int score = tessera_game_get_score (game, p);
      guint rank = 1;

      for (guint other = 0; other < n_players; other++)
        if (tessera_game_get_score (game, other) > score)
          rank++;
      json_builder_begin_object (builder);
      add_string (builder, "name", names[p]);
      /* Players are one person by name in the history, so by name here. */
      add_string (builder, "sourcePlayerId", names[p]);
      add_int (builder, "score", score);
      add_boolean (builder, "winner", score == best);
      add_int (builder, "rank", rank);
      add_boolean (builder, "startPlayer", p == 0);
      add_string (builder, "role", tessera_game_get_player_color (game, p));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/**
 * tessera_bgstats_to_data:
 * @play: from tessera_game_to_bgstats()
 *
 * Returns: (transfer full): @play as indented JSON ending in a newline, for a file or a terminal
 */
char *
tessera_bgstats_to_data (JsonNode *play)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  g_return_val_if_fail (play != NULL, NULL);

  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, play);
  text = json_generator_to_data (generator, NULL);
  return g_strconcat (text, "\n", NULL);
}

/**
 * tessera_bgstats_get_url:
 * @play: from tessera_game_to_bgstats()
 *
 * Returns: (transfer full): the bgstats: link that opens BG Stats's import dialog on @play
 */
char *
tessera_bgstats_get_url (JsonNode *play)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;
  g_autofree char *escaped = NULL;

  g_return_val_if_fail (play != NULL, NULL);

  json_generator_set_root (generator, play);
  text = json_generator_to_data (generator, NULL);
  /* Percent-encoded to the last byte, names and places in UTF-8 too, as encodeURIComponent()
   * does for the page's own example. */
  escaped = g_uri_escape_string (text, NULL, FALSE);
  return g_strconcat (BGSTATS_URL, escaped, NULL);
}
