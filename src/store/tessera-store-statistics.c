/* tessera-store-statistics.c
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

/* Statistics over the history: each player's record, their games and opponents, two players
 * head to head, the averages per category, a game's score progression and the games of each
 * month. */

/* Statistics count finished games only. The queries read the final scores, ranks and points
 * per category kept with each finished game, so that each stays well within 50 ms on ten
 * thousand games (tessera-bench --history measures them). */

void
tessera_player_stats_free (TesseraPlayerStats *stats)
{
  if (stats == NULL)
    return;
  g_free (stats->name);
  g_free (stats);
}

/* A game's final scores are there exactly when it is finished (they are written with its end
 * and taken back with it), so they tell the finished games without reading the games. */
#define PLAYER_STATS_COLUMNS \
  "SELECT players.id, players.name, count (results.final_score), total (results.rank = 1), " \
  "       ifnull (avg (results.final_score), 0), ifnull (max (results.final_score), 0) " \
  "FROM players LEFT JOIN game_players AS results " \
  "  ON results.player = players.id AND results.final_score IS NOT NULL "

static TesseraPlayerStats *
read_player_stats (StoreStatement *statement)
{
  TesseraPlayerStats *stats = g_new0 (TesseraPlayerStats, 1);

  stats->id = sqlite3_column_int64 (statement, 0);
  stats->name = g_strdup ((const char *) sqlite3_column_text (statement, 1));
  stats->n_games = (guint) sqlite3_column_int64 (statement, 2);
  stats->n_wins = (guint) sqlite3_column_int64 (statement, 3);
  stats->average_score = sqlite3_column_double (statement, 4);
  stats->best_score = sqlite3_column_int (statement, 5);
  return stats;
}

/* Fills @stats->category_average from the player's finished games. */
static gboolean
read_category_averages (TesseraStore        *self,
                        TesseraPlayerStats  *stats,
                        GError             **error)
{
  static const char * const categories_sql =
    "SELECT ifnull (avg (road), 0), ifnull (avg (city), 0), ifnull (avg (cloister), 0), ifnull (avg (farm), 0), "
    "       ifnull (avg (wheel), 0), ifnull (avg (crown), 0), ifnull (avg (ransom), 0), ifnull (avg (adjust), 0) "
    "FROM game_players WHERE player = ?1 AND final_score IS NOT NULL";
  g_autoptr(StoreStatement) categories = _tessera_store_prepare (self, categories_sql, error);

  if (categories == NULL)
    return FALSE;
  sqlite3_bind_int64 (categories, 1, stats->id);
  if (sqlite3_step (categories) != SQLITE_ROW)
    return _tessera_store_fail (self, error, _("cannot read the statistics"));
  /* The columns follow TesseraCategory, as in store_results(). */
  for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
    stats->category_average[c] = sqlite3_column_double (categories, (int) c);
  return TRUE;
}

static void
player_game_clear (gpointer data)
{
  TesseraPlayerGame *game = data;

  g_free (game->date);
  g_free (game->color);
}

/**
 * tessera_store_list_player_games:
 * @name: the player, in any case
 *
 * Returns: (transfer full) (element-type TesseraPlayerGame): the player's finished games,
 *   the latest first (their score trend, best game, colours, recent games), or %NULL with @error
 */
GArray *
tessera_store_list_player_games (TesseraStore  *self,
                                 const char    *name,
                                 GError       **error)
{
  static const char * const rows_sql =
    "SELECT games.id, coalesce (json_extract (games.played, '$.start'), games.started), game_players.color, "
    "       game_players.final_score, game_players.rank, "
    "       (SELECT count (*) FROM game_players AS others WHERE others.game = games.id) "
    "FROM game_players JOIN games ON games.id = game_players.game "
    "WHERE game_players.player = ?1 AND game_players.final_score IS NOT NULL "
    "ORDER BY games.started DESC, games.id DESC";
  g_autoptr(GArray) games = g_array_new (FALSE, TRUE, sizeof (TesseraPlayerGame));
  g_autoptr(StoreStatement) rows = NULL;
  gint64 player;
  int step;

  g_return_val_if_fail (TESSERA_IS_STORE (self), NULL);

  g_array_set_clear_func (games, player_game_clear);
  if ((player = _tessera_store_find_player (self, name, error)) == 0)
    return NULL;
  rows = _tessera_store_prepare (self, rows_sql, error);
  if (rows == NULL)
    return NULL;
  sqlite3_bind_int64 (rows, 1, player);
  while ((step = sqlite3_step (rows)) == SQLITE_ROW)
    {
      TesseraPlayerGame game = {
        (gint64) sqlite3_column_int64 (rows, 0),
        g_strdup ((const char *) sqlite3_column_text (rows, 1)),
        g_strdup ((const char *) sqlite3_column_text (rows, 2)),
        sqlite3_column_int (rows, 3),
        (guint) sqlite3_column_int (rows, 4),
        (guint) sqlite3_column_int (rows, 5),
      };

      g_array_append_val (games, game);
    }
  if (step != SQLITE_DONE)
    return _tessera_store_fail (self, error, _("cannot read the statistics")), NULL;
  return g_steal_pointer (&games);
}

static void
opponent_record_clear (gpointer data)
{
  TesseraOpponentRecord *record = data;

  g_free (record->opponent);
}

/**
 * tessera_store_list_opponents:
 * @name: the player, in any case
 *
 * Returns: (transfer full) (element-type TesseraOpponentRecord): every player @name finished a
 *   game with, the most games together first, with who ended ahead; or %NULL with @error
 */
GArray *
tessera_store_list_opponents (TesseraStore  *self,
                              const char    *name,
                              GError       **error)
{
  static const char * const rows_sql =
    "SELECT players.name, count (*), total (a.rank < b.rank), total (b.rank < a.rank), total (a.rank = b.rank) "
    "FROM game_players AS a "
    "JOIN game_players AS b ON b.game = a.game AND b.player != a.player "
    "JOIN players ON players.id = b.player "
    "WHERE a.player = ?1 AND a.final_score IS NOT NULL "
    "GROUP BY b.player ORDER BY 2 DESC, players.name_key";
  g_autoptr(GArray) opponents = g_array_new (FALSE, TRUE, sizeof (TesseraOpponentRecord));
  g_autoptr(StoreStatement) rows = NULL;
  gint64 player;
  int step;

  g_return_val_if_fail (TESSERA_IS_STORE (self), NULL);

  g_array_set_clear_func (opponents, opponent_record_clear);
  if ((player = _tessera_store_find_player (self, name, error)) == 0)
    return NULL;
  rows = _tessera_store_prepare (self, rows_sql, error);
  if (rows == NULL)
    return NULL;
  sqlite3_bind_int64 (rows, 1, player);
  while ((step = sqlite3_step (rows)) == SQLITE_ROW)
    {
      TesseraOpponentRecord record = {
        g_strdup ((const char *) sqlite3_column_text (rows, 0)),
        (guint) sqlite3_column_int64 (rows, 1),
        (guint) sqlite3_column_int64 (rows, 2),
        (guint) sqlite3_column_int64 (rows, 3),
        (guint) sqlite3_column_int64 (rows, 4),
      };

      g_array_append_val (opponents, record);
    }
  if (step != SQLITE_DONE)
    return _tessera_store_fail (self, error, _("cannot read the statistics")), NULL;
  return g_steal_pointer (&opponents);
}

/**
 * tessera_store_get_category_averages:
 * @averages: (out): points per game in each category, by #TesseraCategory
 *
 * The average of every player's finished games: what a profile's averages are set beside.
 */
gboolean
tessera_store_get_category_averages (TesseraStore  *self,
                                     double         averages[TESSERA_N_CATEGORIES],
                                     GError       **error)
{
  static const char * const categories_sql =
    "SELECT ifnull (avg (road), 0), ifnull (avg (city), 0), ifnull (avg (cloister), 0), ifnull (avg (farm), 0), "
    "       ifnull (avg (wheel), 0), ifnull (avg (crown), 0), ifnull (avg (ransom), 0), ifnull (avg (adjust), 0) "
    "FROM game_players WHERE final_score IS NOT NULL";
  g_autoptr(StoreStatement) categories = NULL;

  g_return_val_if_fail (TESSERA_IS_STORE (self), FALSE);

  categories = _tessera_store_prepare (self, categories_sql, error);
  if (categories == NULL)
    return FALSE;
  if (sqlite3_step (categories) != SQLITE_ROW)
    return _tessera_store_fail (self, error, _("cannot read the statistics"));
  /* The columns follow TesseraCategory, as in store_results(). */
  for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
    averages[c] = sqlite3_column_double (categories, (int) c);
  return TRUE;
}

/**
 * tessera_store_list_player_stats:
 *
 * Returns: (transfer full) (element-type TesseraPlayerStats): every player, most wins first,
 *   with games, wins, average and best score (not the category averages), or %NULL with @error
 */
GPtrArray *
tessera_store_list_player_stats (TesseraStore  *self,
                                 GError       **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) tessera_player_stats_free);
  g_autoptr(StoreStatement) players = NULL;
  int step;

  g_return_val_if_fail (TESSERA_IS_STORE (self), NULL);

  players = _tessera_store_prepare (self, PLAYER_STATS_COLUMNS
                                    "GROUP BY players.id ORDER BY 4 DESC, 3 DESC, players.name_key", error);
  if (players == NULL)
    return NULL;
  while ((step = sqlite3_step (players)) == SQLITE_ROW)
    g_ptr_array_add (list, read_player_stats (players));
  if (step != SQLITE_DONE)
    return _tessera_store_fail (self, error, _("cannot read the statistics")), NULL;
  return g_steal_pointer (&list);
}


/**
 * tessera_store_get_player_stats:
 * @name: the player's name, in any case
 *
 * Returns: (transfer full): the player's statistics with the points per game in each category,
 *   or %NULL with @error (also when the history has no such player)
 */
TesseraPlayerStats *
tessera_store_get_player_stats (TesseraStore  *self,
                                const char    *name,
                                GError       **error)
{
  g_autofree char *key = _tessera_store_name_key (name);
  g_autoptr(TesseraPlayerStats) stats = NULL;

  g_return_val_if_fail (TESSERA_IS_STORE (self), NULL);

  {
    g_autoptr(StoreStatement) player = _tessera_store_prepare (self, PLAYER_STATS_COLUMNS
                                                               "WHERE players.name_key = ?1 GROUP BY players.id", error);

    if (player == NULL)
      return NULL;
    _tessera_store_bind_text (player, 1, key);
    switch (sqlite3_step (player))
      {
      case SQLITE_ROW:
        stats = read_player_stats (player);
        break;
      case SQLITE_DONE:
        return _tessera_store_no_player (name, error), NULL;
      default:
        return _tessera_store_fail (self, error, _("cannot read the statistics")), NULL;
      }
  }
  if (!read_category_averages (self, stats, error))
    return NULL;
  return g_steal_pointer (&stats);
}

/**
 * tessera_store_get_head_to_head:
 *
 * The finished games @first and @second played together, and who ended ahead (by rank).
 *
 * Returns: whether it worked; %FALSE with @error if either is not in the history
 */
gboolean
tessera_store_get_head_to_head (TesseraStore       *self,
                                const char         *first,
                                const char         *second,
                                TesseraHeadToHead  *result,
                                GError            **error)
{
  static const char * const together_sql =
    "SELECT count (*), total (a.rank < b.rank), total (b.rank < a.rank), total (a.rank = b.rank) "
    "FROM game_players AS a "
    "JOIN game_players AS b ON b.game = a.game "
    "WHERE a.final_score IS NOT NULL AND a.player = (SELECT id FROM players WHERE name_key = ?1) "
    "AND b.player = (SELECT id FROM players WHERE name_key = ?2)";
  g_autofree char *first_key = _tessera_store_name_key (first);
  g_autofree char *second_key = _tessera_store_name_key (second);
  g_autoptr(StoreStatement) together = NULL;

  g_return_val_if_fail (TESSERA_IS_STORE (self), FALSE);

  memset (result, 0, sizeof *result);
  if (_tessera_store_find_player_key (self, first_key, error) <= 0)
    return error != NULL && *error != NULL ? FALSE : _tessera_store_no_player (first, error);
  if (_tessera_store_find_player_key (self, second_key, error) <= 0)
    return error != NULL && *error != NULL ? FALSE : _tessera_store_no_player (second, error);

  together = _tessera_store_prepare (self, together_sql, error);
  if (together == NULL)
    return FALSE;
  _tessera_store_bind_text (together, 1, first_key);
  _tessera_store_bind_text (together, 2, second_key);
  if (sqlite3_step (together) != SQLITE_ROW)
    return _tessera_store_fail (self, error, _("cannot read the statistics"));
  result->n_games = (guint) sqlite3_column_int64 (together, 0);
  result->n_first_ahead = (guint) sqlite3_column_int64 (together, 1);
  result->n_second_ahead = (guint) sqlite3_column_int64 (together, 2);
  result->n_level = (guint) sqlite3_column_int64 (together, 3);
  return TRUE;
}

/**
 * tessera_store_get_score_progression:
 *
 * Returns: (transfer full) (element-type TesseraScorePoint): for each event that changed a
 *   player's score, in order, the player's total after it; %NULL with @error
 */
GArray *
tessera_store_get_score_progression (TesseraStore  *self,
                                     gint64         game_id,
                                     GError       **error)
{
  static const char * const progression_sql =
    "SELECT sequence, seat, sum (sum (points)) OVER (PARTITION BY seat ORDER BY sequence) "
    "FROM score_events WHERE game = ?1 GROUP BY sequence, seat ORDER BY sequence, seat";
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (TesseraScorePoint));
  g_autoptr(StoreStatement) progression = NULL;
  int step;

  g_return_val_if_fail (TESSERA_IS_STORE (self), NULL);

  if (!_tessera_store_game_exists (self, game_id, error))
    return NULL;
  progression = _tessera_store_prepare (self, progression_sql, error);
  if (progression == NULL)
    return NULL;
  sqlite3_bind_int64 (progression, 1, game_id);
  while ((step = sqlite3_step (progression)) == SQLITE_ROW)
    {
      TesseraScorePoint point = {
        (guint) sqlite3_column_int64 (progression, 0),
        (guint) sqlite3_column_int64 (progression, 1),
        sqlite3_column_int (progression, 2),
      };

      g_array_append_val (points, point);
    }
  if (step != SQLITE_DONE)
    return _tessera_store_fail (self, error, _("cannot read the statistics")), NULL;
  return g_steal_pointer (&points);
}

/**
 * tessera_store_count_games_by_month:
 *
 * Returns: (transfer full) (element-type TesseraMonthCount): the finished games of each month
 *   (by their start, in UTC) that has any, oldest first; %NULL with @error
 */
GArray *
tessera_store_count_games_by_month (TesseraStore  *self,
                                    GError       **error)
{
  static const char * const by_month_sql =
    "SELECT substr (coalesce (json_extract (played, '$.start'), started), 1, 7) AS month, count (*) "
    "FROM games WHERE state = 'finished' GROUP BY month ORDER BY month";
  g_autoptr(GArray) months = g_array_new (FALSE, TRUE, sizeof (TesseraMonthCount));
  g_autoptr(StoreStatement) by_month = NULL;
  int step;

  g_return_val_if_fail (TESSERA_IS_STORE (self), NULL);

  by_month = _tessera_store_prepare (self, by_month_sql, error);
  if (by_month == NULL)
    return NULL;
  while ((step = sqlite3_step (by_month)) == SQLITE_ROW)
    {
      TesseraMonthCount count = { { 0 }, (guint) sqlite3_column_int64 (by_month, 1) };

      g_strlcpy (count.month, (const char *) sqlite3_column_text (by_month, 0), sizeof count.month);
      g_array_append_val (months, count);
    }
  if (step != SQLITE_DONE)
    return _tessera_store_fail (self, error, _("cannot read the statistics")), NULL;
  return g_steal_pointer (&months);
}
