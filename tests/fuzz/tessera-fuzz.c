/* tessera-fuzz.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "tessera-engine.h"
#include "tessera-fuzz.h"

/* The path a record takes when it is imported, and the properties every record that is
 * accepted must have: read → validate and replay → score and explain → write → read again, the
 * written record being the same game. */

void
tessera_fuzz_init (void)
{
  /* A critical or a warning is a bug found, not noise: the harness aborts on it. */
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  /* The catalogue is read once, as a program reads it; it is not what is being fuzzed here. */
  (void) tessera_catalogue_get_default ();
}

/* Bytes as text: the reader gets the length, and a nul after it as a file's contents have. */
static char *
as_text (const guint8 *data,
         gsize         size)
{
  char *text = g_malloc (size + 1);

  memcpy (text, data, size);
  text[size] = '\0';
  return text;
}

/* Everything a player sees of a game's scores: the totals, the categories they add up from,
 * and every scoring explained. */
static void
score_game (TesseraGame *game)
{
  const char * const *names = tessera_game_get_player_names (game);
  guint n_scores;
  const TesseraScoreEvent *scores = tessera_game_get_score_events (game, &n_scores);

  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    {
      int sum = 0;

      for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
        sum += tessera_game_get_category_score (game, p, (TesseraCategory) c);
      if (sum != tessera_game_get_score (game, p))
        g_error ("player %u scores %d, but the categories add up to %d", p, tessera_game_get_score (game, p), sum);
    }
  for (guint s = 0; s < n_scores; s++)
    {
      g_autofree char *sentence = tessera_score_event_describe (&scores[s], names);
      g_autofree char *brief = tessera_score_event_describe_briefly (&scores[s], names);
      JsonNode *node = tessera_score_event_to_json (&scores[s]);

      json_node_unref (node);
    }
}

void
tessera_fuzz_record (const guint8 *data,
                     gsize         size)
{
  g_autofree char *text = as_text (data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_record_load_from_data (text, (gssize) size, &error);
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(TesseraRecord) written = NULL;
  g_autoptr(TesseraRecord) reread = NULL;
  g_autoptr(TesseraGame) replayed = NULL;
  g_autofree char *written_text = NULL;
  g_autofree char *rewritten_text = NULL;

  /* Refused with a message: what a bad record must get. */
  if (record == NULL)
    {
      if (error == NULL || error->message[0] == '\0')
        g_error ("a record was refused without a message");
      return;
    }
  game = tessera_game_new_from_record (record, G_MAXUINT, &error);
  if (game == NULL)
    {
      if (error == NULL || error->message[0] == '\0')
        g_error ("a record's moves were refused without a message");
      return;
    }
  score_game (game);

  /* Written and read again, it is the same game, and writing it again changes nothing. */
  written = tessera_game_to_record (game);
  written_text = tessera_record_to_data (written);
  reread = tessera_record_load_from_data (written_text, -1, &error);
  if (reread == NULL)
    g_error ("a written record does not read back: %s\n%s", error->message, written_text);
  replayed = tessera_game_new_from_record (reread, G_MAXUINT, &error);
  if (replayed == NULL)
    g_error ("a written record does not replay: %s\n%s", error->message, written_text);
  if (tessera_game_get_n_events (replayed) != tessera_game_get_n_events (game)
      || tessera_game_is_finished (replayed) != tessera_game_is_finished (game)
      || tessera_game_get_n_players (replayed) != tessera_game_get_n_players (game))
    g_error ("a written record is another game:\n%s", written_text);
  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    if (tessera_game_get_score (replayed, p) != tessera_game_get_score (game, p))
      g_error ("player %u scores %d, and %d once written and read again", p, tessera_game_get_score (game, p),
               tessera_game_get_score (replayed, p));
  rewritten_text = tessera_record_to_data (reread);
  if (g_strcmp0 (rewritten_text, written_text) != 0)
    g_error ("a record written twice differs:\n%s\n----\n%s", written_text, rewritten_text);
}

/* A tile set as the catalogue reads it, after the base game's as the expansions need it. */
void
tessera_fuzz_tileset (const guint8 *data,
                      gsize         size)
{
  static char *base_text;
  g_autofree char *text = as_text (data, size);
  g_autoptr(GError) error = NULL;
  TesseraCatalogue *catalogue = tessera_catalogue_new ();

  if (base_text == NULL)
    {
      g_autoptr(GBytes) bytes = g_resources_lookup_data ("/io/github/tessera/Tessera/tilesets/base.tileset",
                                                         G_RESOURCE_LOOKUP_FLAGS_NONE, &error);

      if (bytes == NULL)
        g_error ("the base tile set is not in the program: %s", error->message);
      base_text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    }
  if (!tessera_catalogue_load_data (catalogue, "base.tileset", base_text, &error))
    g_error ("the base tile set does not load: %s", error->message);
  if (!tessera_catalogue_load_data (catalogue, "fuzzed.tileset", text, &error)
      && (error == NULL || error->message[0] == '\0'))
    g_error ("a tile set was refused without a message");
  tessera_catalogue_free (catalogue);
}
