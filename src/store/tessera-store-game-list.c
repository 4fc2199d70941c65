/* tessera-store-game-list.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-store"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera-store-private.h"

/* The lists of games the history and the start page show: each game's summary (when and where,
 * the sets, each seat's player, colour and score, how it ended), newest first, read in two
 * queries however many games there are. */

static void
game_seat_clear (gpointer data)
{
  TesseraGameSeat *seat = data;

  g_free (seat->name);
  g_free (seat->color);
}

/**
 * tessera_game_summary_compare_newest:
 * @a: (type TesseraGameSummary **): a game
 * @b: (type TesseraGameSummary **): another
 *
 * The history's order for g_ptr_array_sort(): the game begun last first, by when it was
 * played (the record's "played" or, without it, when it was entered), then the one stored
 * last.
 */
int
tessera_game_summary_compare_newest (gconstpointer a,
                                     gconstpointer b)
{
  const TesseraGameSummary *first = *(TesseraGameSummary * const *) a;
  const TesseraGameSummary *second = *(TesseraGameSummary * const *) b;
  /* The store keeps every start in UTC, written alike: the text sorts as the time does. */
  int by_start = g_strcmp0 (second->started, first->started);

  if (by_start != 0)
    return by_start;
  return second->id < first->id ? -1 : second->id > first->id;
}

void
tessera_game_summary_free (TesseraGameSummary *summary)
{
  if (summary == NULL)
    return;
  g_free (summary->started);
  g_free (summary->ended);
  g_clear_pointer (&summary->played, tessera_played_free);
  g_free (summary->state);
  g_clear_pointer (&summary->sets, g_ptr_array_unref);
  g_clear_pointer (&summary->seats, g_array_unref);
  g_free (summary);
}

/* The columns every list of games reads, a row per game: what read_games() takes. A game's
 * events are numbered from 0 without gaps, so the last number counts them (counting would read
 * every event's text), and SQLite reads "played" faster than a JSON parser per game would. */
#define GAME_COLUMNS \
  "SELECT games.id, games.started, games.ended, games.state, games.sets, " \
  "       (SELECT ifnull (max (sequence) + 1, 0) FROM events WHERE events.game = games.id), " \
  "       games.played IS NOT NULL, json_extract (games.played, '$.start'), " \
  "       json_extract (games.played, '$.end'), json_extract (games.played, '$.place'), games.purist " \
  "FROM games "
/* And a row per seat, the games in the same order: what read_seats() takes. */
#define SEAT_COLUMNS \
  "SELECT game_players.game, players.name, game_players.color, game_players.final_score, game_players.rank " \
  "FROM game_players JOIN players ON players.id = game_players.player "

/* Appends a summary, without its players, for each row of @rows (GAME_COLUMNS); the few
 * different lists of sets are read once each. */
static gboolean
read_games (TesseraStore    *self,
            StoreStatement  *rows,
            GPtrArray       *games,
            GError         **error)
{
  g_autoptr(GHashTable) sets_by_text = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                              (GDestroyNotify) g_ptr_array_unref);
  int step;

  while ((step = sqlite3_step (rows)) == SQLITE_ROW)
    {
      const char *sets_text = (const char *) sqlite3_column_text (rows, 4);
      GPtrArray *sets = g_hash_table_lookup (sets_by_text, sets_text);
      TesseraGameSummary *summary;

      if (sets == NULL)
        {
          sets = g_ptr_array_new_with_free_func (g_free);
          if (!_tessera_store_strings_from_json (sets_text, sets))
            {
              g_ptr_array_unref (sets);
              return _tessera_store_refuse_foreign (self->path, _("it is damaged"), error);
            }
          g_hash_table_insert (sets_by_text, g_strdup (sets_text), sets);
        }
      summary = g_new0 (TesseraGameSummary, 1);
      g_ptr_array_add (games, summary);
      summary->id = sqlite3_column_int64 (rows, 0);
      summary->started = g_strdup ((const char *) sqlite3_column_text (rows, 1));
      summary->ended = g_strdup ((const char *) sqlite3_column_text (rows, 2));
      summary->state = g_strdup ((const char *) sqlite3_column_text (rows, 3));
      summary->sets = g_ptr_array_ref (sets);
      summary->n_events = (guint) sqlite3_column_int64 (rows, 5);
      if (sqlite3_column_int (rows, 6))
        {
          summary->played = g_new0 (TesseraPlayed, 1);
          summary->played->start = g_strdup ((const char *) sqlite3_column_text (rows, 7));
          summary->played->end = g_strdup ((const char *) sqlite3_column_text (rows, 8));
          summary->played->place = g_strdup ((const char *) sqlite3_column_text (rows, 9));
        }
      summary->purist = sqlite3_column_int (rows, 10) != 0;
      summary->seats = g_array_new (FALSE, FALSE, sizeof (TesseraGameSeat));
      g_array_set_clear_func (summary->seats, game_seat_clear);
    }
  if (step != SQLITE_DONE)
    return _tessera_store_fail (self, error, _("cannot read the games"));
  return TRUE;
}

/* Seats each player of @rows (SEAT_COLUMNS) in their game of @games: both in the order of the
 * games' ids, so one walk matches them. */
static gboolean
read_seats (TesseraStore    *self,
            StoreStatement  *rows,
            GPtrArray       *games,
            GError         **error)
{
  guint next = 0;
  int step;

  while ((step = sqlite3_step (rows)) == SQLITE_ROW)
    {
      gint64 game_id = sqlite3_column_int64 (rows, 0);
      TesseraGameSummary *summary = NULL;
      TesseraGameSeat seat = { 0 };

      for (; next < games->len; next++)
        {
          summary = g_ptr_array_index (games, next);
          if (summary->id >= game_id)
            break;
        }
      if (next == games->len || summary->id != game_id)
        continue;
      seat.name = g_strdup ((const char *) sqlite3_column_text (rows, 1));
      seat.color = g_strdup ((const char *) sqlite3_column_text (rows, 2));
      seat.has_result = sqlite3_column_type (rows, 3) != SQLITE_NULL;
      seat.final_score = sqlite3_column_int (rows, 3);
      seat.rank = (guint) sqlite3_column_int (rows, 4);
      g_array_append_val (summary->seats, seat);
    }
  if (step != SQLITE_DONE)
    return _tessera_store_fail (self, error, _("cannot read the games"));
  return TRUE;
}

static gboolean
count_games (TesseraStore  *self,
             guint         *n_games,
             GError       **error)
{
  g_autoptr(StoreStatement) count = _tessera_store_prepare (self, "SELECT count (*) FROM games", error);

  if (count == NULL)
    return FALSE;
  if (sqlite3_step (count) != SQLITE_ROW)
    return _tessera_store_fail (self, error, _("cannot read the games"));
  *n_games = (guint) sqlite3_column_int64 (count, 0);
  return TRUE;
}

/* The games of @games_sql (GAME_COLUMNS ...) with their players from @seats_sql (SEAT_COLUMNS
 * ...), both ordered by game id and bound to @limit as ?1 when they take it; with @n_games,
 * how many games the history holds in all.
 *
 * The games and the seats are read by a query each, in one read transaction: every value of a
 * game is worked out once, not once per player as a join of the two would, and each table is
 * read in the order it is kept. With ten thousand games that halves the store's part of opening
 * the archive (tessera-history-ui-bench). */
static GPtrArray *
list_games (TesseraStore  *self,
            const char    *games_sql,
            const char    *seats_sql,
            guint          limit,
            guint         *n_games,
            GError       **error)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) tessera_game_summary_free);
  StoreStatement *game_rows;
  StoreStatement *seat_rows = NULL;
  gboolean ok;

  if (!_tessera_store_exec (self, "BEGIN", error, _("cannot start a transaction")))
    return NULL;
  if (n_games != NULL && !count_games (self, n_games, error))
    goto failed;
  game_rows = _tessera_store_prepare (self, games_sql, error);
  if (game_rows != NULL)
    seat_rows = _tessera_store_prepare (self, seats_sql, error);
  if (seat_rows == NULL)
    goto failed;
  if (sqlite3_bind_parameter_count (game_rows) > 0)
    sqlite3_bind_int64 (game_rows, 1, limit);
  if (sqlite3_bind_parameter_count (seat_rows) > 0)
    sqlite3_bind_int64 (seat_rows, 1, limit);
  ok = read_games (self, game_rows, games, error) && read_seats (self, seat_rows, games, error);
  statement_reset (game_rows);
  statement_reset (seat_rows);
  if (!ok)
    goto failed;
  if (!_tessera_store_exec (self, "COMMIT", error, _("cannot end a transaction")))
    return NULL;
  return g_steal_pointer (&games);

failed:
  _tessera_store_rollback (self);
  return NULL;
}

/**
 * tessera_store_list_games:
 *
 * Returns: (transfer full) (element-type TesseraGameSummary): every game of the history, the
 *   oldest first, with its players and their results; %NULL with @error
 */
GPtrArray *
tessera_store_list_games (TesseraStore  *self,
                          GError       **error)
{
  g_return_val_if_fail (TESSERA_IS_STORE (self), NULL);

  return list_games (self, GAME_COLUMNS "ORDER BY games.id",
                     SEAT_COLUMNS "ORDER BY game_players.game, game_players.seat", 0, NULL, error);
}

/* The games a start page shows: every game in progress, and the ?1 finished games begun last
 * (in the history's order, tessera_game_summary_compare_newest()). */
#define RECENT_GAMES \
  "(SELECT id FROM games WHERE state = 'in-progress' " \
  " UNION ALL SELECT id FROM (SELECT id FROM games WHERE state = 'finished' " \
  "                           ORDER BY started DESC, id DESC LIMIT ?1)) "

/**
 * tessera_store_list_recent_games:
 * @n_finished: how many finished games to list
 * @n_games: (out) (optional): how many games the history holds, abandoned ones too
 *
 * What a start page shows, without reading the whole history: every game in progress and the
 * @n_finished finished games begun last (by when they were played, as
 * tessera_game_summary_compare_newest() orders them).
 *
 * Returns: (transfer full) (element-type TesseraGameSummary): those games, the newest first,
 *   with their players and results; %NULL with @error
 */
GPtrArray *
tessera_store_list_recent_games (TesseraStore  *self,
                                 guint          n_finished,
                                 guint         *n_games,
                                 GError       **error)
{
  g_autoptr(GPtrArray) games = NULL;

  g_return_val_if_fail (TESSERA_IS_STORE (self), NULL);

  games = list_games (self, GAME_COLUMNS "WHERE games.id IN " RECENT_GAMES "ORDER BY games.id",
                      SEAT_COLUMNS "WHERE game_players.game IN " RECENT_GAMES
                      "ORDER BY game_players.game, game_players.seat",
                      n_finished, n_games, error);
  if (games != NULL)
    g_ptr_array_sort (games, tessera_game_summary_compare_newest);
  return g_steal_pointer (&games);
}
