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
  TesseraImportResult result = { 0 };

  g_return_val_if_fail (TESSERA_IS_STORE (self), 0);
  g_return_val_if_fail (record != NULL, 0);
  g_return_val_if_fail (already != NULL, 0);

  *already = FALSE;
  /* A batch of one: the same checks, the same transaction. */
  if (!tessera_store_import_records (self, &record, 1, &result, NULL, error))
    return 0;
  if (result.error != NULL)
    {
      g_propagate_error (error, result.error);
      return 0;
    }
  *already = result.already;
  return result.game_id;
}

/* A batch commits at least this often, and at once when another program waits to write: what
 * it reports stored is on disk, and a move saved meanwhile waits one record, not the batch. */
#define BATCH_COMMIT_RECORDS 50
#define BATCH_COMMIT_US (100 * G_TIME_SPAN_MILLISECOND)

/**
 * tessera_import_result_clear:
 *
 * Frees what @result holds and sets it back to no result.
 */
void
tessera_import_result_clear (TesseraImportResult *result)
{
  g_clear_error (&result->error);
  result->game_id = 0;
  result->already = FALSE;
}

/* One record of a batch, inside its transaction and its own savepoint: stored, recognised, or
 * refused with the engine's message (FALSE with @error, the savepoint rolled back by the
 * caller). */
static gboolean
import_one (TesseraStore         *self,
            const TesseraRecord  *record,
            TesseraImportResult  *result,
            GError              **error)
{
  g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, G_MAXUINT, error);
  g_autoptr(TesseraRecord) kept = NULL;
  g_autofree char *print = NULL;
  gint64 earlier, game_id;

  if (game == NULL || (kept = as_the_history_keeps (record, error)) == NULL)
    return FALSE;
  print = fingerprint (kept);
  /* An earlier record of the same batch is found too: it is in this transaction. */
  earlier = _tessera_store_find_id (self, "SELECT id FROM games WHERE imported = ?1", print,
                                    _("cannot look up imported games"), error);
  if (earlier < 0)
    return FALSE;
  if (earlier > 0)
    {
      result->game_id = earlier;
      result->already = TRUE;
      return TRUE;
    }
  game_id = _tessera_store_insert_game (self, record, error);
  if (game_id == 0 || !_tessera_store_insert_events (self, game_id, game, 0, error) ||
      !_tessera_store_update_game (self, "UPDATE games SET imported = ?2 WHERE id = ?1", game_id, print,
                                   _("cannot mark the game imported"), error))
    return FALSE;
  result->game_id = game_id;
  return TRUE;
}

/* Commits the records since @from, or on failure takes back their results: none of them is
 * stored. */
static gboolean
commit_batch (TesseraStore         *self,
              TesseraImportResult  *results,
              guint                 from,
              guint                 to,
              GError              **error)
{
  if (_tessera_store_commit (self, error))
    return TRUE;
  for (guint i = from; i < to; i++)
    tessera_import_result_clear (&results[i]);
  return FALSE;
}

/**
 * tessera_store_import_records:
 * @records: (array length=n_records): the records, in order
 * @results: (array length=n_records) (out caller-allocates): what became of each, zeroed by the
 *   caller; free with tessera_import_result_clear()
 * @cancellable: (nullable): stops the batch between two records
 *
 * Imports many records as tessera_store_import_record() imports one, in few transactions: a
 * record the engine refuses (an error of %TESSERA_ERROR, the same message) is reported in its
 * result and the others go on; a record the history holds already, or met earlier in the batch,
 * is recognised. Each record is stored whole or not at all, and what a result says is stored is
 * on disk when this returns.
 *
 * Returns: %TRUE when every record has its result; %FALSE with @error when the history failed
 *   or @cancellable was cancelled: the records from the first without a result (game id 0, no
 *   error) on were not stored
 */
gboolean
tessera_store_import_records (TesseraStore               *self,
                              const TesseraRecord * const *records,
                              guint                        n_records,
                              TesseraImportResult         *results,
                              GCancellable                *cancellable,
                              GError                     **error)
{
  guint pending = 0;   /* the first record since the last commit */
  gint64 since = 0;

  g_return_val_if_fail (TESSERA_IS_STORE (self), FALSE);
  g_return_val_if_fail (records != NULL || n_records == 0, FALSE);
  g_return_val_if_fail (results != NULL || n_records == 0, FALSE);

  for (guint i = 0; i < n_records; i++)
    {
      g_autoptr(GError) refused = NULL;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        goto stop;
      if (sqlite3_get_autocommit (self->db))
        {
          if (!_tessera_store_begin (self, error))
            return FALSE;
          pending = i;
          since = g_get_monotonic_time ();
        }
      if (!_tessera_store_exec (self, "SAVEPOINT import_record", error, _("cannot start a transaction")))
        goto failed;
      if (!import_one (self, records[i], &results[i], &refused))
        {
          /* Only this record is taken back; if SQLite took back the whole transaction, the
           * records since the last commit went with it. */
          if (sqlite3_get_autocommit (self->db))
            {
              for (guint j = pending; j <= i; j++)
                tessera_import_result_clear (&results[j]);
              g_propagate_error (error, g_steal_pointer (&refused));
              return FALSE;
            }
          sqlite3_exec (self->db, "ROLLBACK TO import_record; RELEASE import_record", NULL, NULL, NULL);
          tessera_import_result_clear (&results[i]);
          if (refused->domain != TESSERA_ERROR)
            {
              g_propagate_error (error, g_steal_pointer (&refused));
              goto stop;
            }
          results[i].error = g_steal_pointer (&refused);
          continue;
        }
      if (!_tessera_store_exec (self, "RELEASE import_record", error, _("cannot save the change")))
        goto failed;
      if ((i + 1 - pending >= BATCH_COMMIT_RECORDS || g_get_monotonic_time () - since >= BATCH_COMMIT_US ||
           _tessera_store_someone_waits (self)) && !commit_batch (self, results, pending, i + 1, error))
        return FALSE;
    }
  if (!sqlite3_get_autocommit (self->db))
    return commit_batch (self, results, pending, n_records, error);
  return TRUE;

stop:
  /* What came before the record that stopped the batch is kept. */
  if (!sqlite3_get_autocommit (self->db))
    {
      g_autoptr(GError) commit_error = NULL;

      if (!commit_batch (self, results, pending, n_records, &commit_error))
        g_prefix_error (error, "%s; ", commit_error->message);
    }
  return FALSE;

failed:
  _tessera_store_rollback (self);
  for (guint j = pending; j < n_records; j++)
    tessera_import_result_clear (&results[j]);
  return FALSE;
}

/* Whether @text is a whole number or a decimal, "-3" or "61.5": a spreadsheet reads it as a
 * number, never as a formula. */
static gboolean
is_number (const char *text)
{
  const char *c = text[0] == '-' ? text + 1 : text;

  if (!g_ascii_isdigit (*c))
    return FALSE;
  while (g_ascii_isdigit (*c))
    c++;
  if (*c == '.')
    {
      if (!g_ascii_isdigit (*++c))
        return FALSE;
      while (g_ascii_isdigit (*c))
        c++;
    }
  return *c == '\0';
}

/* Whether a spreadsheet could take @text for a formula: a cell that starts with =, +, -, @, a
 * tab or a carriage return is one to Excel, LibreOffice and Google Sheets ("=HYPERLINK(...)" as
 * a player's name would run when the export is opened). A number is not: a score of -3 stays
 * a number. */
static gboolean
could_be_formula (const char *text)
{
  return text[0] != '\0' && strchr ("=+-@\t\r", text[0]) != NULL && !is_number (text);
}

/* A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. A field a
 * spreadsheet could take for a formula is quoted too and starts with a ' inside the quotes (the
 * usual guard, OWASP's "CSV injection"): spreadsheets show it as text, the ' included, and a
 * script that reads the CSV finds the name after it. */
static void
append_csv_field (GString    *line,
                  const char *text)
{
  gboolean guard = could_be_formula (text);

  if (line->len > 0)
    g_string_append_c (line, ',');
  if (!guard && strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (line, text);
      return;
    }
  g_string_append_c (line, '"');
  if (guard)
    g_string_append_c (line, '\'');
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
