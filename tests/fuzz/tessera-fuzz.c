/* tessera-fuzz.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera-engine.h"
#include "tessera-fuzz.h"
#include "tessera-random-game.h"

/* The path a record takes when it is imported, and the properties every record that is
 * accepted must have: read → validate and replay → score and explain → write → read again, the
 * written record being the same game. */

/* How far the inputs got, printed at exit when TESSERA_FUZZ_STATS names a file (appended to:
 * libFuzzer's -fork runs a process per core). */
static guint64 n_inputs, n_read, n_replayed;

static void
write_stats (void)
{
  g_autofree char *line = g_strdup_printf ("inputs %" G_GUINT64_FORMAT " read %" G_GUINT64_FORMAT
                                           " replayed %" G_GUINT64_FORMAT "\n",
                                           n_inputs, n_read, n_replayed);
  FILE *file = fopen (g_getenv ("TESSERA_FUZZ_STATS"), "a");

  if (file == NULL)
    return;
  fputs (line, file);
  fclose (file);
}

void
tessera_fuzz_init (void)
{
  if (g_getenv ("TESSERA_FUZZ_STATS") != NULL)
    atexit (write_stats);
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

  n_inputs++;
  /* Refused with a message: what a bad record must get. */
  if (record == NULL)
    {
      if (error == NULL || error->message[0] == '\0')
        g_error ("a record was refused without a message");
      return;
    }
  n_read++;
  game = tessera_game_new_from_record (record, G_MAXUINT, &error);
  if (game == NULL)
    {
      if (error == NULL || error->message[0] == '\0')
        g_error ("a record's moves were refused without a message");
      return;
    }
  n_replayed++;
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

/* The game target: the bytes play a game (tessera_random_game_from_bytes: every decision one of
 * the engine's own legal choices), then one field of one event of its record is changed, and the
 * record goes the record target's way as text. Most inputs are legal games, or legal games with
 * one wrong move, so they reach the rules rather than the reader's refusals.
 *
 * The bytes: the sets, the players, four for the change, the rest the game's decisions. */

enum
{
  GAME_SETS,
  GAME_PLAYERS,
  GAME_CHANGE,             /* what to change: 0 nothing */
  GAME_CHANGE_EVENT,       /* which event */
  GAME_CHANGE_VALUE,       /* two bytes for the new value */
  GAME_CHANGE_VALUE2,
  GAME_DECISIONS,
};

/* One input stays fast: a whole base game, not the biggest box. */
#define GAME_MAX_TURNS 100

static const char * const game_names[] = { "Anna", "Bram", "Carmen", "Daan", "Eva" };

/* Names a record may carry in a spot, a crown or a tile: real ones, near misses, and junk. */
static const char * const odd_names[] = {
  "", "N", "E", "S", "W", "C", "NNE", "ESE", "NW", "field", "road", "city", "monastery",
  "north", "x", "0", "-1", "\u00e9", "a\"b", "plague", "fortune", "A", "D", "U", "start",
};

/* The events' positions a record may be turned into: a big delta or an extreme. */
static int
change_number (int    value,
               guint8 how)
{
  static const int extremes[] = { G_MININT, G_MAXINT, -1, 0, 1, 4096, -4096, 90 };

  if (how < 16)
    return extremes[how % G_N_ELEMENTS (extremes)];
  /* A small step either way mostly: the next cell over is where the rules decide. */
  return value + (int) (how % 7) - 3 + (how >= 240 ? (int) how * 1000 : 0);
}

static void
change_piece (TesseraPieceRef *piece,
              guint8           what,
              guint8           how)
{
  switch (what % 3)
    {
    case 0:
      piece->at.x = change_number (piece->at.x, how);
      break;
    case 1:
      piece->at.y = change_number (piece->at.y, how);
      break;
    default:
      g_strlcpy (piece->spot, odd_names[how % G_N_ELEMENTS (odd_names)], sizeof piece->spot);
      break;
    }
}

/* A move of a round (the Plague, a crop circle): its player, its follower, or none. */
static void
change_moves (TesseraPieceChoice *moves,
              guint               n_moves,
              guint8              what,
              guint8              how)
{
  TesseraPieceChoice *move;

  if (n_moves == 0)
    return;
  move = &moves[what % n_moves];
  switch ((what / 8) % 4)
    {
    case 0:
      move->player = (int) (how % 8) - 1;
      break;
    case 1:
      move->has_piece = !move->has_piece;
      break;
    default:
      change_piece (&move->piece, what / 32, how);
      break;
    }
}

/* Changes one thing of @record's events, as @change says: the result is what a hand or a
 * broken program could have written. */
static void
change_record (TesseraRecord *record,
               guint8         change,
               guint8         which,
               guint8         what,
               guint8         how)
{
  GPtrArray *events = record->events;
  guint index;
  TesseraEvent *event;

  if (events->len == 0 || change % 16 == 0)
    return;
  index = which % events->len;

  switch (change % 16)
    {
    case 1:   /* drop it */
      g_ptr_array_remove_index (events, index);
      return;
    case 2:   /* play it twice */
      g_ptr_array_insert (events, (int) index, tessera_event_copy (g_ptr_array_index (events, index)));
      return;
    case 3:   /* swap it with another */
      {
        guint other = what % events->len;
        gpointer tmp = events->pdata[index];

        events->pdata[index] = events->pdata[other];
        events->pdata[other] = tmp;
      }
      return;
    default:
      break;
    }

  /* A field of it: on a copy, the events may be shared. */
  event = tessera_event_copy (g_ptr_array_index (events, index));
  tessera_event_unref (g_ptr_array_index (events, index));
  g_ptr_array_index (events, index) = event;

  switch (change % 16)
    {
    case 4:
      event->at.x = change_number (event->at.x, how);
      break;
    case 5:
      event->at.y = change_number (event->at.y, how);
      break;
    case 6:
      event->rotation = how < 128 ? 90 * ((int) how % 8 - 2) : change_number (event->rotation, how);
      break;
    case 7:
      event->player = (int) (how % 8) - 1;
      break;
    case 8:   /* a spot, with or without a follower there */
      event->action = TESSERA_ACTION_FOLLOWER;
      if (what % 2 == 0)
        g_strlcpy (event->spot, odd_names[how % G_N_ELEMENTS (odd_names)], sizeof event->spot);
      break;
    case 9:   /* a tile: another event's, or a name */
      {
        const TesseraEvent *other = g_ptr_array_index (events, how % events->len);

        if (what % 2 == 0 && other->tile[0] != '\0')
          tessera_event_set_tile (event, other->tile);
        else
          tessera_event_set_tile (event, odd_names[how % G_N_ELEMENTS (odd_names)]);
      }
      break;
    case 10:   /* another action, or another kind of event */
      if (what % 2 == 0)
        event->action = (TesseraActionKind) (how % 5);
      else
        {
          event->kind = (TesseraEventKind) (how % 5);
          event->from = (int) (what / 2 % 8) - 1;
          event->points = change_number (event->points, what);
          if (event->reason == NULL)
            event->reason = g_strdup ("fuzzed");
        }
      if (event->action == TESSERA_ACTION_CROWN && event->crown[0] == '\0')
        g_strlcpy (event->crown, odd_names[what % G_N_ELEMENTS (odd_names)], sizeof event->crown);
      break;
    case 11:   /* the Plague */
      if (event->choices != NULL && event->choices->has_plague)
        change_moves (event->choices->plague_choices, event->choices->n_plague_choices, what, how);
      else if (event->kind == TESSERA_EVENT_TURN || event->kind == TESSERA_EVENT_DISCARD)
        {
          TesseraPieceChoice moves[TESSERA_MAX_PLAYERS] = { { 0 } };
          guint n_moves = 1 + what % TESSERA_MAX_PLAYERS;

          for (guint i = 0; i < n_moves; i++)
            moves[i].player = (event->player + (int) i) % (int) record->players->len;
          tessera_event_set_plague (event, moves, n_moves);
        }
      break;
    case 12:   /* the crop circle */
      if (event->choices != NULL && event->choices->has_crop)
        {
          if (what % 8 == 7)
            event->choices->crop_add = !event->choices->crop_add;
          else
            change_moves (event->choices->crop_moves, event->choices->n_crop_moves, what, how);
        }
      else if (event->kind == TESSERA_EVENT_TURN)
        {
          TesseraPieceChoice moves[TESSERA_MAX_PLAYERS] = { { 0 } };

          for (guint i = 0; i < record->players->len; i++)
            moves[i].player = (event->player + 1 + (int) i) % (int) record->players->len;
          tessera_event_set_crop (event, what % 2 == 0, moves, record->players->len);
        }
      break;
    case 13:   /* the tower and its capture */
      if (what % 4 == 0)
        event->has_capture = !event->has_capture;
      else if (what % 4 == 1)
        event->tower_at.x = change_number (event->tower_at.x, how);
      else if (what % 4 == 2)
        event->tower_at.y = change_number (event->tower_at.y, how);
      else
        change_piece (&event->capture, what / 4, how);
      if (event->action != TESSERA_ACTION_TOWER_TOP)
        event->action = TESSERA_ACTION_TOWER;
      break;
    case 14:   /* Mage & Witch */
      {
        TesseraPieceRef to = { event->at, "" };

        if (event->choices != NULL && event->choices->has_magic)
          {
            TesseraMagicChoice *magic = &event->choices->magic_choice;

            if (what % 4 == 0)
              magic->figure = magic->figure == TESSERA_MAGIC_MAGE ? TESSERA_MAGIC_WITCH : TESSERA_MAGIC_MAGE;
            else if (what % 4 == 1)
              magic->has_to = !magic->has_to;
            else
              change_piece (&magic->to, what / 4, how);
          }
        else if (event->kind == TESSERA_EVENT_TURN)
          {
            g_strlcpy (to.spot, odd_names[how % G_N_ELEMENTS (odd_names)], sizeof to.spot);
            tessera_event_set_magic (event, (TesseraMagicFigure) (what % 2), what % 4 < 2 ? &to : NULL);
          }
      }
      break;
    default:   /* a crown, or the ransom's captor, or the correction */
      if (event->kind == TESSERA_EVENT_RANSOM)
        event->from = (int) (how % 8) - 1;
      else if (event->kind == TESSERA_EVENT_ADJUST)
        event->points = change_number (event->points, how);
      else
        {
          event->action = TESSERA_ACTION_CROWN;
          g_strlcpy (event->crown, odd_names[how % G_N_ELEMENTS (odd_names)], sizeof event->crown);
        }
      break;
    }
}

/* The record the bytes make: a game of theirs with one change, as text. */
char *
tessera_fuzz_game_record (const guint8 *data,
                          gsize         size)
{
  g_autoptr(TesseraRecord) setup = tessera_record_new ();
  g_autoptr(TesseraRecord) record = NULL;
  guint8 header[GAME_DECISIONS] = { 0 };
  guint box, expansions, n_players;

  memcpy (header, data, MIN (size, sizeof header));
  /* As the random games do: the base game, the Wheel of Fortune or both, with any of the rest. */
  box = header[GAME_SETS] % 3;
  expansions = header[GAME_SETS] / 3 % 8;
  if (box != 0)
    g_ptr_array_add (setup->sets, g_strdup ("wheel-of-fortune"));
  if (box != 1)
    g_ptr_array_add (setup->sets, g_strdup ("base"));
  if (expansions & 1)
    g_ptr_array_add (setup->sets, g_strdup ("tower"));
  if (expansions & 2)
    g_ptr_array_add (setup->sets, g_strdup ("mage-witch"));
  if (expansions & 4)
    g_ptr_array_add (setup->sets, g_strdup ("crop-circles"));
  n_players = 2 + header[GAME_PLAYERS] % (TESSERA_MAX_PLAYERS - 1);
  for (guint p = 0; p < n_players; p++)
    tessera_record_add_player (setup, game_names[p], tessera_colors[p]);

  record = tessera_random_game_from_bytes (setup, data + MIN (size, sizeof header), size - MIN (size, sizeof header),
                                           GAME_MAX_TURNS);
  change_record (record, header[GAME_CHANGE], header[GAME_CHANGE_EVENT], header[GAME_CHANGE_VALUE],
                 header[GAME_CHANGE_VALUE2]);
  return tessera_record_to_data (record);
}

void
tessera_fuzz_game (const guint8 *data,
                   gsize         size)
{
  g_autofree char *text = tessera_fuzz_game_record (data, size);

  /* To keep a finding as a regression: TESSERA_FUZZ_PRINT=1 fuzz-game FINDING > regression.json */
  if (g_getenv ("TESSERA_FUZZ_PRINT") != NULL)
    g_print ("%s\n", text);
  tessera_fuzz_record ((const guint8 *) text, strlen (text));
}
