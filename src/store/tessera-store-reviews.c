/* tessera-store-reviews.c
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

/* The games' reviews (tessera-review.h): each kept with its game once made, read back with
 * it, and each player's figures over their reviewed games for their profile. The history
 * itself takes a review out when its game's events change (schema 7), so that a review read
 * back is always of the moves the game has. */

/* Like the other statistics, these count finished games only, and only reviews counted in
 * this Tessera's estimate: a review of another is none until the game is reviewed again. They
 * read the figures kept per seat, never a review itself, and find a player's seats by the index
 * game_players has by player: for a player of all ten thousand games of a history, each of them
 * reviewed, 6 ms for their figures and 20 ms for their opponents'. */

/* Game @game_id's seats, to check a review against, inside the caller's transaction; %FALSE
 * with @error if there is no such game. */
static gboolean
count_seats (TesseraStore  *self,
             gint64         game_id,
             guint         *n_seats,
             GError       **error)
{
  g_autoptr(StoreStatement) seats = NULL;

  if (!_tessera_store_game_exists (self, game_id, error))
    return FALSE;
  seats = _tessera_store_prepare (self, "SELECT count (*) FROM game_players WHERE game = ?1", error);
  if (seats == NULL)
    return FALSE;
  sqlite3_bind_int64 (seats, 1, game_id);
  if (sqlite3_step (seats) != SQLITE_ROW)
    return _tessera_store_fail (self, error, _("cannot read the players of a game"));
  *n_seats = (guint) sqlite3_column_int64 (seats, 0);
  return TRUE;
}

/* Writes @review as game @game_id's, its earlier review taken out first (its seats with it),
 * inside the caller's transaction. */
static gboolean
write_review (TesseraStore   *self,
              gint64          game_id,
              TesseraReview  *review,
              GError        **error)
{
  /* The seats' figures first, not by the foreign key's cascade alone: another program may have
   * taken a review out without it. */
  static const char * const delete_sql[] = {
    "DELETE FROM review_players WHERE game = ?1",
    "DELETE FROM reviews WHERE game = ?1",
  };
  static const char * const review_sql = "INSERT INTO reviews (game, method, review, created) VALUES (?1, ?2, ?3, ?4)";
  static const char * const seat_sql =
    "INSERT INTO review_players (game, seat, lost, luck, accuracy, turns) VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
  g_autoptr(JsonNode) stored = tessera_review_to_stored_json (review);
  g_autofree char *text = json_to_string (stored, FALSE);
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *created = g_date_time_format_iso8601 (now);
  const TesseraReviewPlayer *players = tessera_review_get_players (review);
  const TesseraReviewTurn *turns;
  guint n_turns;
  guint turns_of[TESSERA_MAX_PLAYERS] = { 0 };

  /* Counted from the turns: a review read back from the history has no count of its players'
   * turns, and may be saved again. */
  turns = tessera_review_get_turns (review, &n_turns);
  for (guint i = 0; i < n_turns; i++)
    turns_of[turns[i].player]++;

  for (guint i = 0; i < G_N_ELEMENTS (delete_sql); i++)
    {
      g_autoptr(StoreStatement) delete = _tessera_store_prepare (self, delete_sql[i], error);

      if (delete == NULL)
        return FALSE;
      sqlite3_bind_int64 (delete, 1, game_id);
      if (sqlite3_step (delete) != SQLITE_DONE)
        return _tessera_store_fail (self, error, _("cannot save the review"));
    }
  {
    g_autoptr(StoreStatement) insert = _tessera_store_prepare (self, review_sql, error);

    if (insert == NULL)
      return FALSE;
    sqlite3_bind_int64 (insert, 1, game_id);
    _tessera_store_bind_text (insert, 2, tessera_review_get_method (review));
    _tessera_store_bind_text (insert, 3, text);
    _tessera_store_bind_text (insert, 4, created);
    if (sqlite3_step (insert) != SQLITE_DONE)
      return _tessera_store_fail (self, error, _("cannot save the review"));
  }
  for (guint p = 0; p < tessera_review_get_n_players (review); p++)
    {
      g_autoptr(StoreStatement) seat = _tessera_store_prepare (self, seat_sql, error);

      if (seat == NULL)
        return FALSE;
      sqlite3_bind_int64 (seat, 1, game_id);
      sqlite3_bind_int (seat, 2, (int) p);
      sqlite3_bind_double (seat, 3, players[p].lost);
      sqlite3_bind_double (seat, 4, players[p].luck);
      sqlite3_bind_double (seat, 5, players[p].accuracy);
      sqlite3_bind_int (seat, 6, (int) turns_of[p]);
      if (sqlite3_step (seat) != SQLITE_DONE)
        return _tessera_store_fail (self, error, _("cannot save the review"));
    }
  return TRUE;
}

/**
 * tessera_store_save_review:
 * @review: a review of game @game_id as the history has it (tessera_review_new() of the record
 *   tessera_store_load_record() gives)
 *
 * Keeps the review with game @game_id, in place of any it had, in one transaction. It stays
 * until the game's events change.
 *
 * Returns: whether it is kept; %FALSE with @error if there is no such game, the review is of
 *   another number of players, or it cannot be written
 */
gboolean
tessera_store_save_review (TesseraStore   *self,
                           gint64          game_id,
                           TesseraReview  *review,
                           GError        **error)
{
  guint n_seats = 0;

  g_return_val_if_fail (TESSERA_IS_STORE (self), FALSE);
  g_return_val_if_fail (review != NULL, FALSE);

  if (!_tessera_store_begin (self, error))
    return FALSE;
  if (!count_seats (self, game_id, &n_seats, error))
    goto failed;
  /* Each seat's figures go to the game's seat of that number. */
  if (n_seats != tessera_review_get_n_players (review))
    {
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, game_id);

      /* TRANSLATORS: "the review is of a game of 3 players; game 12 has 2" */
      g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED,
                   _("the review is of a game of %u players; game %s has %u"),
                   tessera_review_get_n_players (review), id, n_seats);
      goto failed;
    }
  if (!write_review (self, game_id, review, error))
    goto failed;
  return _tessera_store_commit (self, error);

failed:
  _tessera_store_rollback (self);
  return FALSE;
}

/* Whether @text nests at most %TESSERA_RECORD_MAX_DEPTH arrays and objects deep, as a review
 * does (its best turns are a record's events): json-glib parses by recursion, and a damaged or
 * hostile history must not take the program down. Whether it is JSON at all is the parser's to
 * say. */
static gboolean
nests_within_limit (const char *text)
{
  gboolean in_string = FALSE;
  guint depth = 0;

  for (const char *c = text; *c != '\0'; c++)
    {
      if (in_string)
        {
          if (*c == '\\' && c[1] != '\0')
            c++;
          else if (*c == '"')
            in_string = FALSE;
        }
      else if (*c == '"')
        in_string = TRUE;
      else if (*c == '[' || *c == '{')
        {
          if (++depth > TESSERA_RECORD_MAX_DEPTH)
            return FALSE;
        }
      else if ((*c == ']' || *c == '}') && depth > 0)
        depth--;
    }
  return TRUE;
}

/* Says that game @game_id's stored review cannot be read, why, and what to do. */
static void
review_damaged (TesseraStore  *self,
                gint64         game_id,
                const char    *why,
                GError       **error)
{
  /* TRANSLATORS: %s says why, e.g. "the stored review does not fit the game" */
  g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_HISTORY,
               _("its review cannot be read (%s); review the game again to replace it"), why);
  _tessera_store_name_game_error (self, game_id, error);
}

/**
 * tessera_store_load_review:
 * @record: the game, as tessera_store_load_record() gives it
 *
 * Reads game @game_id's review back. A review counted in another estimate than this Tessera's
 * is none: the game is to be reviewed again. A stored review that cannot be read is an error,
 * which names the game; the history stays as it is.
 *
 * Returns: (transfer full) (nullable): the review; %NULL without @error when the game has none,
 *   or %NULL with @error (also when the history has no such game)
 */
TesseraReview *
tessera_store_load_review (TesseraStore         *self,
                           gint64                game_id,
                           const TesseraRecord  *record,
                           GError              **error)
{
  g_autoptr(StoreStatement) stored = NULL;
  g_autoptr(GError) read_error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(TesseraReview) review = NULL;
  const char *text;

  g_return_val_if_fail (TESSERA_IS_STORE (self), NULL);
  g_return_val_if_fail (record != NULL, NULL);

  stored = _tessera_store_prepare (self, "SELECT method, review FROM reviews WHERE game = ?1", error);
  if (stored == NULL)
    return NULL;
  sqlite3_bind_int64 (stored, 1, game_id);
  switch (sqlite3_step (stored))
    {
    case SQLITE_ROW:
      break;
    case SQLITE_DONE:
      /* None, or no such game. */
      _tessera_store_game_exists (self, game_id, error);
      return NULL;
    default:
      return _tessera_store_fail (self, error, _("cannot read the review of a game")), NULL;
    }
  if (g_strcmp0 ((const char *) sqlite3_column_text (stored, 0), TESSERA_ESTIMATE_METHOD) != 0)
    return NULL;

  text = (const char *) sqlite3_column_text (stored, 1);
  if (text != NULL && !nests_within_limit (text))
    {
      g_autofree char *why = g_strdup_printf (_("it nests deeper than %d levels"), TESSERA_RECORD_MAX_DEPTH);

      return review_damaged (self, game_id, why, error), NULL;
    }
  if (text == NULL || !(root = json_from_string (text, &read_error)))
    return review_damaged (self, game_id, read_error != NULL ? read_error->message : _("it is empty"), error), NULL;
  review = tessera_review_new_from_stored_json (record, root, &read_error);
  if (review == NULL)
    {
      if (g_error_matches (read_error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED))
        return NULL;
      return review_damaged (self, game_id, read_error->message, error), NULL;
    }
  return g_steal_pointer (&review);
}

/* The mean of @accuracy weighted by @turns, both sums: 0 without turns. */
static double
weighted (double accuracy,
          double turns)
{
  return turns > 0 ? accuracy / turns : 0.0;
}

/**
 * tessera_store_get_review_stats:
 * @name: the player, in any case
 * @stats: (out): their figures over their finished games that have a review
 *
 * Returns: whether it worked; %FALSE with @error (also when the history has no such player)
 */
gboolean
tessera_store_get_review_stats (TesseraStore        *self,
                                const char          *name,
                                TesseraReviewStats  *stats,
                                GError             **error)
{
  static const char * const stats_sql =
    "SELECT count (*), total (seat.turns), total (seat.accuracy * seat.turns), total (seat.lost), total (seat.luck) "
    "FROM game_players AS player "
    "JOIN reviews ON reviews.game = player.game "
    "JOIN review_players AS seat ON seat.game = player.game AND seat.seat = player.seat "
    "WHERE player.player = ?1 AND player.final_score IS NOT NULL AND reviews.method = ?2";
  g_autoptr(StoreStatement) rows = NULL;
  gint64 player;
  double turns;

  g_return_val_if_fail (TESSERA_IS_STORE (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (stats != NULL, FALSE);

  memset (stats, 0, sizeof *stats);
  if ((player = _tessera_store_find_player (self, name, error)) == 0)
    return FALSE;
  rows = _tessera_store_prepare (self, stats_sql, error);
  if (rows == NULL)
    return FALSE;
  sqlite3_bind_int64 (rows, 1, player);
  _tessera_store_bind_text (rows, 2, TESSERA_ESTIMATE_METHOD);
  if (sqlite3_step (rows) != SQLITE_ROW)
    return _tessera_store_fail (self, error, _("cannot read the statistics"));
  stats->n_games = (guint) sqlite3_column_int64 (rows, 0);
  turns = sqlite3_column_double (rows, 1);
  stats->n_turns = (guint) turns;
  stats->accuracy = weighted (sqlite3_column_double (rows, 2), turns);
  stats->lost_per_turn = weighted (sqlite3_column_double (rows, 3), turns);
  stats->luck_per_game = stats->n_games > 0 ? sqlite3_column_double (rows, 4) / stats->n_games : 0.0;
  return TRUE;
}

static void
opponent_review_clear (gpointer data)
{
  TesseraOpponentReview *review = data;

  g_free (review->opponent);
}

/**
 * tessera_store_list_opponent_reviews:
 * @name: the player, in any case
 *
 * Returns: (transfer full) (element-type TesseraOpponentReview): every player @name finished a
 *   reviewed game with, the most such games together first, with both players' accuracy and
 *   luck over them; or %NULL with @error
 */
GArray *
tessera_store_list_opponent_reviews (TesseraStore  *self,
                                     const char    *name,
                                     GError       **error)
{
  /* The names are looked up once an opponent, after the sums. */
  static const char * const rows_sql =
    "SELECT players.name, together.* FROM ("
    "  SELECT b.player AS opponent, count (*) AS n_games, total (a_seat.accuracy * a_seat.turns), total (a_seat.turns), "
    "         total (b_seat.accuracy * b_seat.turns), total (b_seat.turns), total (a_seat.luck), total (b_seat.luck) "
    "  FROM game_players AS a "
    "  JOIN reviews ON reviews.game = a.game "
    "  JOIN review_players AS a_seat ON a_seat.game = a.game AND a_seat.seat = a.seat "
    "  JOIN game_players AS b ON b.game = a.game AND b.player != a.player "
    "  JOIN review_players AS b_seat ON b_seat.game = b.game AND b_seat.seat = b.seat "
    "  WHERE a.player = ?1 AND a.final_score IS NOT NULL AND reviews.method = ?2 "
    "  GROUP BY b.player) AS together "
    "JOIN players ON players.id = together.opponent "
    "ORDER BY together.n_games DESC, players.name_key";
  g_autoptr(GArray) opponents = g_array_new (FALSE, TRUE, sizeof (TesseraOpponentReview));
  g_autoptr(StoreStatement) rows = NULL;
  gint64 player;
  int step;

  g_return_val_if_fail (TESSERA_IS_STORE (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  g_array_set_clear_func (opponents, opponent_review_clear);
  if ((player = _tessera_store_find_player (self, name, error)) == 0)
    return NULL;
  rows = _tessera_store_prepare (self, rows_sql, error);
  if (rows == NULL)
    return NULL;
  sqlite3_bind_int64 (rows, 1, player);
  _tessera_store_bind_text (rows, 2, TESSERA_ESTIMATE_METHOD);
  while ((step = sqlite3_step (rows)) == SQLITE_ROW)
    {
      guint n_games = (guint) sqlite3_column_int64 (rows, 2);
      TesseraOpponentReview review = {
        g_strdup ((const char *) sqlite3_column_text (rows, 0)),
        n_games,
        weighted (sqlite3_column_double (rows, 3), sqlite3_column_double (rows, 4)),
        weighted (sqlite3_column_double (rows, 5), sqlite3_column_double (rows, 6)),
        sqlite3_column_double (rows, 7) / n_games,
        sqlite3_column_double (rows, 8) / n_games,
      };

      g_array_append_val (opponents, review);
    }
  if (step != SQLITE_DONE)
    return _tessera_store_fail (self, error, _("cannot read the statistics")), NULL;
  return g_steal_pointer (&opponents);
}
