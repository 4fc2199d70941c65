/* tessera-store-import-export.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-store"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tessera-store-private.h"

/* Records in and out of the history: a whole game record imported, and recognised when it is
 * imported again (or a game of the history exported and imported back); the results of every
 * game as CSV for spreadsheets. A stored game is read back as its record in
 * tessera-store-games.c. */

/* What identifies a record in the history: the SHA-256 of the record as the history gives it
 * back, so that a record imported twice, or exported and imported again, is recognised. */
static char *
fingerprint (const TesseraRecord *record)
{
  g_autofree char *data = tessera_record_to_data (record);

  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, data, -1);
}

/* A game that ends in the history is recognised like an imported record when its export is
 * imported again. Inside the caller's transaction; @stored is the game's record as the history
 * gives it back, or NULL to read it. If an imported game already has the same record, this
 * one stays unmarked: the two are the same game, entered twice. */
gboolean
_tessera_store_mark_recognisable (TesseraStore         *self,
                                  gint64                game_id,
                                  const TesseraRecord  *stored,
                                  GError              **error)
{
  g_autoptr(TesseraRecord) read = NULL;
  g_autofree char *print = NULL;

  if (stored == NULL && (stored = read = _tessera_store_read_record (self, game_id, error)) == NULL)
    return FALSE;
  print = fingerprint (stored);
  return _tessera_store_update_game (self, "UPDATE OR IGNORE games SET imported = ?2 WHERE id = ?1", game_id, print,
                                     _("cannot mark the game finished"), error);
}

/* @record as the history will give it back once stored (_tessera_store_read_record()), to be
 * recognised by, without writing and reading it: the history keeps no "start", and keeps
 * "played" as JSON, where one that says nothing is none. The events are the same: the record
 * module reads back what it writes (the fuzzer checks that). A "played" the history could not
 * read back is refused, as reading it back would. */
static TesseraRecord *
as_the_history_keeps (const TesseraRecord  *record,
                      GError              **error)
{
  g_autoptr(TesseraRecord) kept = tessera_record_copy_header (record);

  g_clear_pointer (&kept->start, g_free);
  g_clear_pointer (&kept->played, tessera_played_free);
  if (record->played != NULL)
    {
      g_autofree char *played = tessera_played_to_json (record->played);

      kept->played = tessera_played_from_json (played, error);
      if (kept->played == NULL)
        return NULL;
      if (kept->played->start == NULL && kept->played->end == NULL && kept->played->place == NULL)
        g_clear_pointer (&kept->played, tessera_played_free);
    }
  for (guint i = 0; i < record->events->len; i++)
    g_ptr_array_add (kept->events, tessera_event_ref (g_ptr_array_index (record->events, i)));
  return g_steal_pointer (&kept);
}

/**
 * tessera_store_import_record:
 * @already: (out): whether the history holds this record already
 *
 * Stores a whole game record, after replaying it: a record whose moves break a rule is
 * refused with the engine's message. A record imported before (or exported from the history)
 * is recognised and not stored again. All of it is stored in one transaction, or nothing.
 *
 * Returns: the game's id (the earlier one when @already), or 0 with @error
 */
gint64
tessera_store_import_record (TesseraStore         *self,
                             const TesseraRecord  *record,
                             gboolean             *already,
                             GError              **error)
{
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(TesseraRecord) kept = NULL;
  g_autofree char *print = NULL;
  gint64 game_id, earlier;

  g_return_val_if_fail (TESSERA_IS_STORE (self), 0);
  g_return_val_if_fail (record != NULL, 0);
  g_return_val_if_fail (already != NULL, 0);

  *already = FALSE;
  /* The one replay: it checks every event before anything is written, and its scorings are
   * what is stored. */
  game = tessera_game_new_from_record (record, G_MAXUINT, error);
  if (game == NULL)
    return 0;
  /* Recognised by the record as the history gives it back: names as the history knows them. */
  kept = as_the_history_keeps (record, error);
  if (kept == NULL)
    return 0;
  print = fingerprint (kept);
  if (!_tessera_store_begin (self, error))
    return 0;
  earlier = _tessera_store_find_id (self, "SELECT id FROM games WHERE imported = ?1", print,
                                    _("cannot look up imported games"), error);
  if (earlier < 0)
    goto failed;
  if (earlier > 0)
    {
      _tessera_store_rollback (self);
      *already = TRUE;
      return earlier;
    }
  game_id = _tessera_store_insert_game (self, record, error);
  if (game_id == 0 || !_tessera_store_insert_events (self, game_id, game, 0, error) ||
      !_tessera_store_update_game (self, "UPDATE games SET imported = ?2 WHERE id = ?1", game_id, print,
                                   _("cannot mark the game imported"), error))
    goto failed;
  if (!_tessera_store_commit (self, error))
    return 0;
  return game_id;

failed:
  _tessera_store_rollback (self);
  return 0;
}

/* A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
static void
append_csv_field (GString    *line,
                  const char *text)
{
  if (line->len > 0)
    g_string_append_c (line, ',');
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (line, text);
      return;
    }
  g_string_append_c (line, '"');
  for (const char *c = text; *c != '\0'; c++)
    {
      if (*c == '"')
        g_string_append_c (line, '"');
      g_string_append_c (line, *c);
    }
  g_string_append_c (line, '"');
}

static char *
join_sets (GPtrArray *sets)
{
  g_ptr_array_add (sets, NULL);
  {
    char *joined = g_strjoinv (" ", (char **) sets->pdata);

    g_ptr_array_remove_index (sets, sets->len - 1);
    return joined;
  }
}

/**
 * tessera_store_export_csv:
 *
 * Returns: (transfer full): every game's results, a row per player, as CSV (RFC 4180, lines
 *   ending in CR LF) for spreadsheets, or %NULL with @error
 */
char *
tessera_store_export_csv (TesseraStore  *self,
                          GError       **error)
{
  g_autoptr(GPtrArray) games = NULL;
  GString *csv;

  g_return_val_if_fail (TESSERA_IS_STORE (self), NULL);

  games = tessera_store_list_games (self, error);
  if (games == NULL)
    return NULL;
  /* Column names are data, as spreadsheets and scripts read them: not translated. */
  csv = g_string_new ("game,started,ended,state,sets,seat,player,color,score,rank\r\n");
  for (guint i = 0; i < games->len; i++)
    {
      const TesseraGameSummary *game = g_ptr_array_index (games, i);
      g_autofree char *sets = join_sets (game->sets);
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, game->id);

      for (guint s = 0; s < game->seats->len; s++)
        {
          const TesseraGameSeat *seat = &g_array_index (game->seats, TesseraGameSeat, s);
          g_autoptr(GString) line = g_string_new (NULL);
          g_autofree char *seat_text = g_strdup_printf ("%u", s);
          g_autofree char *score = seat->has_result ? g_strdup_printf ("%d", seat->final_score) : g_strdup ("");
          g_autofree char *rank = seat->has_result ? g_strdup_printf ("%u", seat->rank) : g_strdup ("");

          append_csv_field (line, id);
          append_csv_field (line, game->started);
          append_csv_field (line, game->ended != NULL ? game->ended : "");
          append_csv_field (line, game->state);
          append_csv_field (line, sets);
          append_csv_field (line, seat_text);
          append_csv_field (line, seat->name);
          append_csv_field (line, seat->color);
          append_csv_field (line, score);
          append_csv_field (line, rank);
          g_string_append_printf (csv, "%s\r\n", line->str);
        }
    }
  return g_string_free (csv, FALSE);
}
