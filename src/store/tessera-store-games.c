/* tessera-store-games.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-store"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera-store-private.h"

/* Games and their events. A game is stored with its record's header (sets, rules, box, when and
 * where it was played) and its players, then each event as it is played, with the scoring it
 * caused; undo takes events back and a correction replays the events after the one it changes.
 * A stored game is read back as its record. The lists of games are in tessera-store-game-list.c. */

static char *
now_utc (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  return g_date_time_format_iso8601 (now);
}

/* @text, an ISO 8601 date-time with its offset (checked by the record's reader), in UTC as
 * the history keeps its times; NULL when @text is NULL. */
static char *
iso8601_to_utc (const char *text)
{
  g_autoptr(GDateTime) time = NULL;
  g_autoptr(GDateTime) utc = NULL;

  if (text == NULL || !(time = g_date_time_new_from_iso8601 (text, NULL)))
    return NULL;
  utc = g_date_time_to_utc (time);
  return g_date_time_format_iso8601 (utc);
}

static char *
strings_to_json (GPtrArray *strings)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_array (builder);
  for (guint i = 0; i < strings->len; i++)
    json_builder_add_string_value (builder, g_ptr_array_index (strings, i));
  json_builder_end_array (builder);
  root = json_builder_get_root (builder);
  return json_to_string (root, FALSE);
}

/* A record's "box" as the history keeps it: {"D": 4, "K": 2}, in the record's order; NULL
 * for none. */
static char *
box_to_json (const TesseraRecord *header)
{
  GString *json;

  if (header->box == NULL)
    return NULL;
  json = g_string_new ("{");
  for (guint i = 0; i < header->box->len; i++)
    {
      const TesseraBoxCount *count = &g_array_index (header->box, TesseraBoxCount, i);
      g_autoptr(JsonNode) tile = json_node_init_string (json_node_alloc (), count->tile);
      g_autofree char *quoted = json_to_string (tile, FALSE);

      g_string_append_printf (json, "%s%s: %u", i > 0 ? ", " : "", quoted, count->copies);
    }
  g_string_append_c (json, '}');
  return g_string_free (json, FALSE);
}

/* JSON the history keeps (sets, rules, a box), parsed; NULL if it is not JSON or nests too deep
 * to be parsed safely: a damaged or hostile history must not take the program down. */
static JsonNode *
parse_stored_json (const char *text)
{
  if (text == NULL || !tessera_record_check_json (text, -1, NULL))
    return NULL;
  return json_from_string (text, NULL);
}

/* The box @text (box_to_json()) into @record; FALSE if it is not one. */
static gboolean
box_from_json (const char    *text,
               TesseraRecord *record)
{
  g_autoptr(JsonNode) root = parse_stored_json (text);
  g_autoptr(GList) members = NULL;
  JsonObject *box;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return FALSE;
  box = json_node_get_object (root);
  members = json_object_get_members (box);
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *copies = json_object_get_member (box, l->data);

      if (!JSON_NODE_HOLDS_VALUE (copies) || json_node_get_value_type (copies) != G_TYPE_INT64 ||
          json_node_get_int (copies) < 0 || json_node_get_int (copies) > TESSERA_BOX_MAX_COPIES)
        return FALSE;
      tessera_record_set_box_count (record, l->data, (guint) json_node_get_int (copies));
    }
  return TRUE;
}

/* Appends the strings of the JSON array @text to @strings; FALSE if it is not one. */
gboolean
_tessera_store_strings_from_json (const char *text,
                                  GPtrArray  *strings)
{
  g_autoptr(JsonNode) root = parse_stored_json (text);
  JsonArray *array;

  if (root == NULL || !JSON_NODE_HOLDS_ARRAY (root))
    return FALSE;
  array = json_node_get_array (root);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
        return FALSE;
      g_ptr_array_add (strings, g_strdup (json_node_get_string (element)));
    }
  return TRUE;
}

/* Runs @sql, an INSERT ... RETURNING id whose parameters are @values (text or NULL): the new
 * row's id, or 0 with @error. */
static gint64
insert_returning_id (TesseraStore        *self,
                     const char          *sql,
                     const char * const  *values,
                     guint                n_values,
                     const char          *what,
                     GError             **error)
{
  g_autoptr(StoreStatement) insert = _tessera_store_prepare (self, sql, error);

  if (insert == NULL)
    return 0;
  for (guint i = 0; i < n_values; i++)
    _tessera_store_bind_text (insert, (int) i + 1, values[i]);
  if (sqlite3_step (insert) != SQLITE_ROW)
    return _tessera_store_fail (self, error, what), 0;
  return sqlite3_column_int64 (insert, 0);
}

/* The player called @name whatever its case, made if new; 0 with @error if SQLite fails. */
static gint64
find_or_add_player (TesseraStore  *self,
                    const char    *name,
                    const char    *color,
                    GError       **error)
{
  g_autofree char *key = _tessera_store_name_key (name);
  gint64 id = _tessera_store_find_player_key (self, key, error);

  if (id != 0)
    return MAX (id, 0);
  {
    g_autofree char *created = now_utc ();
    const char *values[] = { name, key, color, created };

    return insert_returning_id (self, "INSERT INTO players (name, name_key, color, created) VALUES (?1, ?2, ?3, ?4) RETURNING id",
                                values, G_N_ELEMENTS (values), _("cannot add a player"), error);
  }
}

/* Adds the game of @header, in progress, with its players, inside the caller's transaction;
 * 0 with @error on failure. */
gint64
_tessera_store_insert_game (TesseraStore         *self,
                            const TesseraRecord  *header,
                            GError              **error)
{
  g_autofree char *started = NULL;
  g_autofree char *played = header->played != NULL ? tessera_played_to_json (header->played) : NULL;
  g_autofree char *sets = NULL;
  g_autofree char *rules = NULL;
  g_autofree char *crop_circle_tiles = NULL;
  g_autofree char *box = box_to_json (header);
  gint64 game_id;

  /* Dated as played, or else as stored. */
  started = iso8601_to_utc (header->played != NULL ? header->played->start : NULL);
  if (started == NULL)
    started = now_utc ();
  sets = strings_to_json (header->sets);
  if (header->has_rules)
    rules = g_strdup_printf ("{\"tower-capture-own\": %s, \"tower-top-capturable\": %s}",
                             header->tower_capture_own ? "true" : "false",
                             header->tower_top_capturable ? "true" : "false");
  if (header->crop_circle_tiles != NULL)
    crop_circle_tiles = strings_to_json (header->crop_circle_tiles);

  {
    const char *values[] = { started, sets, rules, crop_circle_tiles, box, played };

    game_id = insert_returning_id (self, "INSERT INTO games (started, sets, rules, crop_circle_tiles, box, played) "
                                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id",
                                   values, G_N_ELEMENTS (values), _("cannot add the game"), error);
    if (game_id == 0)
      return 0;
  }
  for (guint seat = 0; seat < header->players->len; seat++)
    {
      const TesseraPlayerInfo *info = &g_array_index (header->players, TesseraPlayerInfo, seat);
      gint64 player_id = find_or_add_player (self, info->name, info->color, error);
      g_autoptr(StoreStatement) seat_player = NULL;

      if (player_id == 0)
        return 0;
      seat_player = _tessera_store_prepare (self, "INSERT INTO game_players (game, seat, player, color, name) VALUES (?1, ?2, ?3, ?4, ?5)", error);
      if (seat_player == NULL)
        return 0;
      sqlite3_bind_int64 (seat_player, 1, game_id);
      sqlite3_bind_int (seat_player, 2, (int) seat);
      sqlite3_bind_int64 (seat_player, 3, player_id);
      _tessera_store_bind_text (seat_player, 4, info->color);
      _tessera_store_bind_text (seat_player, 5, info->name);
      if (sqlite3_step (seat_player) != SQLITE_DONE)
        {
          /* The record reader refuses two players of one name; case is another matter. */
          if (sqlite3_extended_errcode (self->db) == SQLITE_CONSTRAINT_PRIMARYKEY ||
              sqlite3_extended_errcode (self->db) == SQLITE_CONSTRAINT_UNIQUE)
            g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED,
                         _("%s plays twice in this game: the history tells players apart by name, whatever its case"),
                         info->name);
          else
            _tessera_store_fail (self, error, _("cannot seat a player"));
          return 0;
        }
    }
  return game_id;
}

/**
 * tessera_store_add_game:
 * @header: a record whose sets, rules and players start the game; its events are not stored
 *
 * Stores a new game, in progress, and its players (a player already in the history by that
 * name, whatever its case, is the same player).
 *
 * Returns: the game's id, or 0 with @error if the header cannot start a game or SQLite fails
 */
gint64
tessera_store_add_game (TesseraStore         *self,
                        const TesseraRecord  *header,
                        GError              **error)
{
  g_autoptr(TesseraGame) check = NULL;
  gint64 game_id;

  g_return_val_if_fail (TESSERA_IS_STORE (self), 0);
  g_return_val_if_fail (header != NULL, 0);

  /* Only a game the engine can play goes in. */
  check = tessera_game_new (header, error);
  if (check == NULL || !_tessera_store_begin (self, error))
    return 0;
  game_id = _tessera_store_insert_game (self, header, error);
  if (game_id == 0)
    {
      _tessera_store_rollback (self);
      return 0;
    }
  if (!_tessera_store_commit (self, error))
    return 0;
  return game_id;
}

/* Runs @sql, an UPDATE of game @game_id (?1) with one text (?2). */
gboolean
_tessera_store_update_game (TesseraStore  *self,
                            const char    *sql,
                            gint64         game_id,
                            const char    *text,
                            const char    *what,
                            GError       **error)
{
  g_autoptr(StoreStatement) update = _tessera_store_prepare (self, sql, error);

  if (update == NULL)
    return FALSE;
  sqlite3_bind_int64 (update, 1, game_id);
  _tessera_store_bind_text (update, 2, text);
  if (sqlite3_step (update) != SQLITE_DONE)
    return _tessera_store_fail (self, error, what);
  return TRUE;
}

/* Writes the final scores and ranks of a finished game: players with the same score share a
 * rank, and the next rank counts them all. */
static gboolean
store_results (TesseraStore  *self,
               gint64         game_id,
               TesseraGame   *game,
               GError       **error)
{
  guint n_players = tessera_game_get_n_players (game);

  for (guint seat = 0; seat < n_players; seat++)
    {
      static const char * const result_sql =
        "UPDATE game_players SET final_score = ?3, rank = ?4, road = ?5, city = ?6, cloister = ?7, farm = ?8, "
        "wheel = ?9, crown = ?10, ransom = ?11, adjust = ?12 WHERE game = ?1 AND seat = ?2";
      g_autoptr(StoreStatement) result = _tessera_store_prepare (self, result_sql, error);
      int score = tessera_game_get_score (game, seat);
      guint rank = 1;

      if (result == NULL)
        return FALSE;
      for (guint other = 0; other < n_players; other++)
        rank += tessera_game_get_score (game, other) > score;
      sqlite3_bind_int64 (result, 1, game_id);
      sqlite3_bind_int (result, 2, (int) seat);
      sqlite3_bind_int (result, 3, score);
      sqlite3_bind_int (result, 4, (int) rank);
      /* The columns follow TesseraCategory. */
      G_STATIC_ASSERT (TESSERA_CATEGORY_ROAD == 0 && TESSERA_CATEGORY_ADJUST == 7 && TESSERA_N_CATEGORIES == 8);
      for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
        sqlite3_bind_int (result, 5 + (int) c, tessera_game_get_category_score (game, seat, c));
      if (sqlite3_step (result) != SQLITE_DONE)
        return _tessera_store_fail (self, error, _("cannot store the final scores"));
    }
  return TRUE;
}

/* Stores event @sequence of @game with the scorings @scores[@first] to @scores[@end - 1] it
 * caused, inside the caller's transaction. @guarded: only as the next event of a game in
 * progress (a game played at the table, or the first of a run), checked by SQLite; a run's
 * later events follow it in the same transaction. An event that ends the game also stores
 * the final scores and ranks, from @game: the engine refuses any event after the end, so
 * @game is then as that event left it. */
static gboolean
insert_event (TesseraStore             *self,
              gint64                    game_id,
              TesseraGame              *game,
              guint                     sequence,
              gboolean                  guarded,
              const TesseraScoreEvent  *scores,
              guint                     first,
              guint                     end,
              GError                  **error)
{
  const TesseraEvent *event = tessera_game_get_event (game, sequence);
  g_autofree char *data = tessera_event_to_data (event);

  {
    /* Only as the next event of a game that is played (not abandoned): the history and the
     * game must agree on everything before it. A game the last tile ended may still take its
     * "end" (B11); the engine refuses anything else after the end. */
    static const char * const guarded_sql =
      "INSERT INTO events (game, sequence, event) "
      "SELECT ?1, ?2, ?3 FROM games WHERE id = ?1 AND state <> 'abandoned' "
      "AND ?2 = (SELECT count(*) FROM events WHERE game = ?1)";
    static const char * const next_sql = "INSERT INTO events (game, sequence, event) VALUES (?1, ?2, ?3)";
    g_autoptr(StoreStatement) insert = _tessera_store_prepare (self, guarded ? guarded_sql : next_sql, error);

    if (insert == NULL)
      return FALSE;
    sqlite3_bind_int64 (insert, 1, game_id);
    sqlite3_bind_int (insert, 2, (int) sequence);
    _tessera_store_bind_text (insert, 3, data);
    if (sqlite3_step (insert) != SQLITE_DONE)
      {
        _tessera_store_fail (self, error, _("cannot store the event"));
        return FALSE;
      }
    if (sqlite3_changes (self->db) != 1)
      {
        g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, game_id);

        /* TRANSLATORS: "the history has no game 12 in progress with 40 events before this one" */
        g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED,
                     _("the history has no game %s in progress with %u events before this one"), id, sequence);
        return FALSE;
      }
  }
  for (guint i = first; i < end; i++)
    {
      static const char * const insert_sql =
        "INSERT INTO score_events (game, sequence, position, seat, points, category, reason) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";
      g_autoptr(StoreStatement) insert = _tessera_store_prepare (self, insert_sql, error);
      g_autoptr(JsonNode) reason = tessera_score_event_to_json (&scores[i]);
      g_autofree char *reason_text = json_to_string (reason, FALSE);

      if (insert == NULL)
        return FALSE;
      sqlite3_bind_int64 (insert, 1, game_id);
      sqlite3_bind_int (insert, 2, (int) sequence);
      sqlite3_bind_int (insert, 3, (int) (i - first));
      sqlite3_bind_int (insert, 4, (int) scores[i].player);
      sqlite3_bind_int (insert, 5, scores[i].points);
      _tessera_store_bind_text (insert, 6, tessera_category_name (scores[i].category));
      _tessera_store_bind_text (insert, 7, reason_text);
      if (sqlite3_step (insert) != SQLITE_DONE)
        {
          _tessera_store_fail (self, error, _("cannot store a scoring"));
          return FALSE;
        }
    }
  /* The event that ends the game: an "end", or the turn that takes the last tile (B11). An
   * "end" after that one finds the game finished already and is stored with it. */
  if (sequence == tessera_game_get_n_events (game) - 1 && tessera_game_is_finished (game))
    {
      const TesseraPlayed *played = tessera_game_get_played (game);
      g_autofree char *played_json = played != NULL ? tessera_played_to_json (played) : NULL;
      g_autofree char *ended = iso8601_to_utc (played != NULL ? played->end : NULL);

      /* The game's "played" as it ends: the app gives the end then. */
      if (ended == NULL)
        ended = now_utc ();
      if (!_tessera_store_update_game (self, "UPDATE games SET state = 'finished', ended = ?2 WHERE id = ?1", game_id, ended,
                                       _("cannot mark the game finished"), error) ||
          !_tessera_store_update_game (self, "UPDATE games SET played = ?2 WHERE id = ?1", game_id, played_json,
                                       _("cannot mark the game finished"), error) ||
          !store_results (self, game_id, game, error))
        return FALSE;
    }
  return TRUE;
}

/* Stores @game's newest event and its scorings inside the caller's transaction. */
gboolean
_tessera_store_insert_event (TesseraStore  *self,
                             gint64         game_id,
                             TesseraGame   *game,
                             GError       **error)
{
  guint sequence = tessera_game_get_n_events (game) - 1;
  const TesseraScoreEvent *scores;
  guint n_scores;
  guint first;

  /* The scoring this event caused is the end of the list. */
  scores = tessera_game_get_score_events (game, &n_scores);
  for (first = n_scores; first > 0 && scores[first - 1].event == sequence; first--)
    ;
  return insert_event (self, game_id, game, sequence, TRUE, scores, first, n_scores, error);
}

/* Stores @game's events from @from on, each with the scoring it caused, as one run inside the
 * caller's transaction: what one replay of a whole record (an import, a correction) made,
 * stored as if each event had been stored when it was played. The history must hold the
 * game's first @from events and no more. */
gboolean
_tessera_store_insert_events (TesseraStore  *self,
                              gint64         game_id,
                              TesseraGame   *game,
                              guint          from,
                              GError       **error)
{
  guint n_events = tessera_game_get_n_events (game);
  const TesseraScoreEvent *scores;
  guint n_scores;
  guint next = 0;

  /* The engine logs scorings in the order of the events that caused them. */
  scores = tessera_game_get_score_events (game, &n_scores);
  while (next < n_scores && scores[next].event < from)
    next++;
  for (guint sequence = from; sequence < n_events; sequence++)
    {
      guint first = next;

      while (next < n_scores && scores[next].event == sequence)
        next++;
      if (!insert_event (self, game_id, game, sequence, sequence == from, scores, first, next, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * tessera_store_save_event:
 * @game: the game after its newest event, which is not stored yet
 *
 * Stores the game's newest event and the scoring it caused, in one transaction: once this
 * returns, a crash or a power cut cannot lose them. The event that ends the game also stores
 * the final scores and ranks and marks the game finished.
 *
 * Returns: whether the event is stored; %FALSE with @error if the history's events of that game
 *   are not the game's others, or SQLite fails
 */
gboolean
tessera_store_save_event (TesseraStore  *self,
                          gint64         game_id,
                          TesseraGame   *game,
                          GError       **error)
{
  g_return_val_if_fail (TESSERA_IS_STORE (self), FALSE);
  g_return_val_if_fail (TESSERA_IS_GAME (game), FALSE);
  g_return_val_if_fail (tessera_game_get_n_events (game) > 0, FALSE);

  if (!_tessera_store_begin (self, error))
    return FALSE;
  if (!_tessera_store_insert_event (self, game_id, game, error) ||
      (tessera_game_is_finished (game) && !_tessera_store_mark_recognisable (self, game_id, NULL, error)))
    {
      _tessera_store_rollback (self);
      return FALSE;
    }
  return _tessera_store_commit (self, error);
}

static gboolean
no_game (gint64    game_id,
         GError  **error)
{
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, game_id);

  g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND, _("the history has no game %s"), id);
  return FALSE;
}

/* Whether the history has game @game_id; %FALSE with @error saying so, or what failed. */
gboolean
_tessera_store_game_exists (TesseraStore  *self,
                            gint64         game_id,
                            GError       **error)
{
  g_autoptr(StoreStatement) exists = _tessera_store_prepare (self, "SELECT 1 FROM games WHERE id = ?1", error);

  if (exists == NULL)
    return FALSE;
  sqlite3_bind_int64 (exists, 1, game_id);
  switch (sqlite3_step (exists))
    {
    case SQLITE_ROW:
      return TRUE;
    case SQLITE_DONE:
      return no_game (game_id, error);
    default:
      return _tessera_store_fail (self, error, _("cannot read a game"));
    }
}

/* The header of game @game_id into @record. */
static gboolean
load_header (TesseraStore   *self,
             gint64          game_id,
             TesseraRecord  *record,
             GError        **error)
{
  {
    static const char * const game_sql =
      "SELECT sets, rules, crop_circle_tiles, box, played FROM games WHERE id = ?1";
    g_autoptr(StoreStatement) game = _tessera_store_prepare (self, game_sql, error);
    const char *rules;
    const char *crop_circle_tiles;
    const char *box;
    const char *played;

    if (game == NULL)
      return FALSE;
    sqlite3_bind_int64 (game, 1, game_id);
    switch (sqlite3_step (game))
      {
      case SQLITE_ROW:
        break;
      case SQLITE_DONE:
        return no_game (game_id, error);
      default:
        return _tessera_store_fail (self, error, _("cannot read a game"));
      }
    if (!_tessera_store_strings_from_json ((const char *) sqlite3_column_text (game, 0), record->sets))
      return _tessera_store_refuse_foreign (self->path, _("it is damaged"), error);
    rules = (const char *) sqlite3_column_text (game, 1);
    if (rules != NULL)
      {
        g_autoptr(JsonNode) root = parse_stored_json (rules);

        if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
          return _tessera_store_refuse_foreign (self->path, _("it is damaged"), error);
        record->has_rules = TRUE;
        record->tower_capture_own = json_object_get_boolean_member_with_default (json_node_get_object (root), "tower-capture-own", FALSE);
        record->tower_top_capturable = json_object_get_boolean_member_with_default (json_node_get_object (root), "tower-top-capturable", FALSE);
      }
    crop_circle_tiles = (const char *) sqlite3_column_text (game, 2);
    if (crop_circle_tiles != NULL)
      {
        record->crop_circle_tiles = g_ptr_array_new_with_free_func (g_free);
        if (!_tessera_store_strings_from_json (crop_circle_tiles, record->crop_circle_tiles))
          return _tessera_store_refuse_foreign (self->path, _("it is damaged"), error);
      }
    box = (const char *) sqlite3_column_text (game, 3);
    if (box != NULL && !box_from_json (box, record))
      return _tessera_store_refuse_foreign (self->path, _("it is damaged"), error);
    played = (const char *) sqlite3_column_text (game, 4);
    if (played != NULL && !(record->played = tessera_played_from_json (played, NULL)))
      return _tessera_store_refuse_foreign (self->path, _("it is damaged"), error);
    /* A game reopened by undo keeps its start and place: nothing left is no "played". */
    if (record->played != NULL && record->played->start == NULL && record->played->end == NULL &&
        record->played->place == NULL)
      g_clear_pointer (&record->played, tessera_played_free);
  }
  {
    static const char * const players_sql =
      "SELECT coalesce (game_players.name, players.name), game_players.color FROM game_players "
      "JOIN players ON players.id = game_players.player "
      "WHERE game_players.game = ?1 ORDER BY game_players.seat";
    g_autoptr(StoreStatement) players = _tessera_store_prepare (self, players_sql, error);
    int step;

    if (players == NULL)
      return FALSE;
    sqlite3_bind_int64 (players, 1, game_id);
    while ((step = sqlite3_step (players)) == SQLITE_ROW)
      tessera_record_add_player (record, (const char *) sqlite3_column_text (players, 0),
                                 (const char *) sqlite3_column_text (players, 1));
    if (step != SQLITE_DONE)
      return _tessera_store_fail (self, error, _("cannot read the players of a game"));
  }
  return TRUE;
}

/* Game @game_id as a record, read inside the caller's transaction. */
TesseraRecord *
_tessera_store_read_record (TesseraStore  *self,
                            gint64         game_id,
                            GError       **error)
{
  g_autoptr(TesseraRecord) record = tessera_record_new ();
  g_autoptr(StoreStatement) events = NULL;
  int step;

  if (!load_header (self, game_id, record, error))
    return NULL;
  events = _tessera_store_prepare (self, "SELECT event FROM events WHERE game = ?1 ORDER BY sequence", error);
  if (events == NULL)
    return NULL;
  sqlite3_bind_int64 (events, 1, game_id);
  while ((step = sqlite3_step (events)) == SQLITE_ROW)
    {
      TesseraEvent *event = tessera_event_from_data (record, record->events->len,
                                                     (const char *) sqlite3_column_text (events, 0), error);

      if (event == NULL)
        return _tessera_store_name_game_error (self, game_id, error), NULL;
      g_ptr_array_add (record->events, event);
    }
  if (step != SQLITE_DONE)
    return _tessera_store_fail (self, error, _("cannot read the events of a game")), NULL;
  tessera_event_pack (record->events);
  return g_steal_pointer (&record);
}

/**
 * tessera_store_load_record:
 *
 * A stored game as a record, with every event stored so far: replaying it resumes the game.
 * Players are named as the history knows them.
 *
 * Returns: (transfer full): the record, or %NULL with @error
 */
TesseraRecord *
tessera_store_load_record (TesseraStore  *self,
                           gint64         game_id,
                           GError       **error)
{
  g_autoptr(TesseraRecord) record = NULL;

  g_return_val_if_fail (TESSERA_IS_STORE (self), NULL);

  /* One read transaction: a writer in between cannot show half a game. */
  if (!_tessera_store_exec (self, "BEGIN", error, _("cannot start a transaction")))
    return NULL;
  record = _tessera_store_read_record (self, game_id, error);
  if (record == NULL)
    {
      _tessera_store_rollback (self);
      return NULL;
    }
  if (!_tessera_store_exec (self, "COMMIT", error, _("cannot end a transaction")))
    return NULL;
  return g_steal_pointer (&record);
}

/* The game in progress again, without final scores: it lost what ended it, or its box holds a
 * tile more. No longer the record it was when it ended, it is not recognised by it either. */
static gboolean
reopen_game (TesseraStore  *self,
             gint64         game_id,
             GError       **error)
{
  static const char * const steps[] = {
    "UPDATE games SET state = 'in-progress', ended = NULL, imported = NULL, played = json_remove (played, '$.end') "
    "WHERE id = ?1 AND state = 'finished'",
    "UPDATE game_players SET final_score = NULL, rank = NULL, road = NULL, city = NULL, cloister = NULL, "
    "farm = NULL, wheel = NULL, crown = NULL, ransom = NULL, adjust = NULL WHERE game = ?1",
  };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_autoptr(StoreStatement) step = _tessera_store_prepare (self, steps[i], error);

      if (step == NULL)
        return FALSE;
      sqlite3_bind_int64 (step, 1, game_id);
      if (sqlite3_step (step) != SQLITE_DONE)
        return _tessera_store_fail (self, error, _("cannot take events back"));
    }
  return TRUE;
}

/**
 * tessera_store_save_box:
 * @header: a record whose "box" is the corrected box of game @game_id
 *
 * Corrects the box of a game in progress (tessera_game_set_box_count()), in its own
 * transaction: the game's moves must still hold with the new box, or nothing is written.
 */
gboolean
tessera_store_save_box (TesseraStore         *self,
                        gint64                game_id,
                        const TesseraRecord  *header,
                        GError              **error)
{
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraGame) replayed = NULL;
  g_autofree char *box = NULL;

  g_return_val_if_fail (TESSERA_IS_STORE (self), FALSE);
  g_return_val_if_fail (header != NULL, FALSE);

  if (!_tessera_store_begin (self, error))
    return FALSE;
  record = _tessera_store_read_record (self, game_id, error);
  if (record == NULL)
    goto failed;
  g_clear_pointer (&record->box, g_array_unref);
  if (header->box != NULL)
    for (guint i = 0; i < header->box->len; i++)
      {
        const TesseraBoxCount *count = &g_array_index (header->box, TesseraBoxCount, i);

        tessera_record_set_box_count (record, count->tile, count->copies);
      }
  replayed = tessera_game_new_from_record (record, G_MAXUINT, error);
  if (replayed == NULL)
    goto failed;
  if (tessera_game_is_finished (replayed))
    {
      g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED,
                   _("the game has ended: its box can no longer be corrected"));
      goto failed;
    }
  box = box_to_json (record);
  /* A game the last tile ended goes on when the box holds a tile more (B11). */
  if (!_tessera_store_update_game (self, "UPDATE games SET box = ?2 WHERE id = ?1", game_id, box,
                                   _("cannot correct the box of the game"), error) ||
      !reopen_game (self, game_id, error))
    goto failed;
  return _tessera_store_commit (self, error);

failed:
  _tessera_store_rollback (self);
  return FALSE;
}

/* Takes back the events of game @game_id from @n_events on, inside the caller's transaction.
 * With @replay the game the history keeps then decides whether it is still finished: the last
 * tile ends a game without "end" (B11), so a game may lose its "end", or a correction after
 * it, and stay over; its final scores are then written again. Without, the game is in
 * progress until the caller stores what comes next. */
static gboolean
remove_events (TesseraStore  *self,
               gint64         game_id,
               guint          n_events,
               gboolean       replay,
               GError       **error)
{
  g_autoptr(StoreStatement) delete = NULL;
  g_autoptr(TesseraRecord) kept = NULL;
  g_autoptr(TesseraGame) game = NULL;

  if (!_tessera_store_game_exists (self, game_id, error))
    return FALSE;
  delete = _tessera_store_prepare (self, "DELETE FROM events WHERE game = ?1 AND sequence >= ?2", error);
  if (delete == NULL)
    return FALSE;
  sqlite3_bind_int64 (delete, 1, game_id);
  sqlite3_bind_int (delete, 2, (int) n_events);
  if (sqlite3_step (delete) != SQLITE_DONE)
    return _tessera_store_fail (self, error, _("cannot take events back"));
  if (!replay)
    return reopen_game (self, game_id, error);

  if (!(kept = _tessera_store_read_record (self, game_id, error)) ||
      !(game = tessera_game_new_from_record (kept, G_MAXUINT, error)))
    return FALSE;
  if (!tessera_game_is_finished (game))
    return reopen_game (self, game_id, error);
  return store_results (self, game_id, game, error) && _tessera_store_mark_recognisable (self, game_id, kept, error);
}

/* Schema 6 (B11): every game in progress replayed once, and those the last tile ended (a
 * Tessera before B11 left them in progress) finished with their final scores, inside the
 * migration's transaction. A game that no longer replays is left as it is: opening it says why,
 * and the rest of the history must not wait on it. */
gboolean
_tessera_store_finish_ended_games (TesseraStore  *self,
                                   GError       **error)
{
  g_autoptr(StoreStatement) open_games = _tessera_store_prepare (self, "SELECT id FROM games WHERE state = 'in-progress'", error);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  int step;

  if (open_games == NULL)
    return FALSE;
  while ((step = sqlite3_step (open_games)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (open_games, 0);

      g_array_append_val (ids, id);
    }
  if (step != SQLITE_DONE)
    return _tessera_store_fail (self, error, _("cannot update the schema"));
  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      g_autoptr(TesseraRecord) kept = _tessera_store_read_record (self, id, NULL);
      g_autoptr(TesseraGame) game = kept != NULL ? tessera_game_new_from_record (kept, G_MAXUINT, NULL) : NULL;
      g_autofree char *ended = NULL;

      if (game == NULL || !tessera_game_is_finished (game))
        continue;
      /* When it was played, if the record says; else now, as when a game ends in the app. */
      if (tessera_game_get_played (game) != NULL)
        ended = iso8601_to_utc (tessera_game_get_played (game)->end);
      if (ended == NULL)
        ended = now_utc ();
      if (!_tessera_store_update_game (self, "UPDATE games SET state = 'finished', ended = ?2 WHERE id = ?1", id,
                                       ended, _("cannot update the schema"), error) ||
          !store_results (self, id, game, error) || !_tessera_store_mark_recognisable (self, id, kept, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * tessera_store_truncate:
 * @n_events: how many of the game's events to keep
 *
 * Takes back the game's events from @n_events on, with the scoring they caused, in one
 * transaction: undo. A finished game that loses what ended it (its "end", or the turn that
 * took the last tile) is in progress again.
 *
 * Returns: whether it worked; %FALSE with @error if there is no such game or SQLite fails
 */
gboolean
tessera_store_truncate (TesseraStore  *self,
                        gint64         game_id,
                        guint          n_events,
                        GError       **error)
{
  g_return_val_if_fail (TESSERA_IS_STORE (self), FALSE);

  if (!_tessera_store_begin (self, error))
    return FALSE;
  if (!remove_events (self, game_id, n_events, TRUE, error))
    {
      _tessera_store_rollback (self);
      return FALSE;
    }
  return _tessera_store_commit (self, error);
}

/**
 * tessera_store_replace_event:
 * @index: the number of the event to correct
 * @event: what really happened then
 *
 * Corrects an earlier turn: event @index becomes @event and every event after it is replayed
 * on top (the game is replayed once, from its first event). If that makes any of them break a
 * rule, nothing changes and @error has the engine's message naming the event.
 *
 * Returns: the game after the correction, or %NULL with @error
 */
TesseraGame *
tessera_store_replace_event (TesseraStore  *self,
                             gint64         game_id,
                             guint          index,
                             TesseraEvent  *event,
                             GError       **error)
{
  g_autoptr(TesseraRecord) stored = NULL;
  g_autoptr(TesseraRecord) corrected = NULL;
  g_autoptr(TesseraGame) game = NULL;

  g_return_val_if_fail (TESSERA_IS_STORE (self), NULL);
  g_return_val_if_fail (event != NULL, NULL);

  if (!_tessera_store_begin (self, error))
    return NULL;
  stored = _tessera_store_read_record (self, game_id, error);
  if (stored == NULL)
    goto failed;
  if (index >= stored->events->len)
    {
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, game_id);

      /* TRANSLATORS: "game 4 has 30 events: there is no event 31 to correct" */
      g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED,
                   _("game %s has %u events: there is no event %u to correct"), id, stored->events->len, index);
      goto failed;
    }
  corrected = tessera_record_copy_header (stored);
  for (guint i = 0; i < stored->events->len; i++)
    g_ptr_array_add (corrected->events,
                     tessera_event_ref (i == index ? event : g_ptr_array_index (stored->events, i)));
  /* One replay: the whole game must still hold before anything is written, and what it
   * scored from @index on is what is stored. */
  game = tessera_game_new_from_record (corrected, G_MAXUINT, error);
  if (game == NULL || !remove_events (self, game_id, index, FALSE, error) ||
      !_tessera_store_insert_events (self, game_id, game, index, error))
    goto failed;
  /* @corrected is the record as the history now gives it back: read from it, and the new
   * event written as the record module writes it. */
  if (tessera_game_is_finished (game) && !_tessera_store_mark_recognisable (self, game_id, corrected, error))
    goto failed;
  if (!_tessera_store_commit (self, error))
    return NULL;
  return g_steal_pointer (&game);

failed:
  _tessera_store_rollback (self);
  return NULL;
}

/**
 * tessera_store_abandon_game:
 *
 * Marks a game in progress as abandoned: it stays in the history with its events, and counts in
 * no statistics.
 *
 * Returns: whether it worked; %FALSE with @error if there is no such game in progress
 */
gboolean
tessera_store_abandon_game (TesseraStore  *self,
                            gint64         game_id,
                            GError       **error)
{
  g_autoptr(StoreStatement) abandon = NULL;

  g_return_val_if_fail (TESSERA_IS_STORE (self), FALSE);

  abandon = _tessera_store_prepare (self, "UPDATE games SET state = 'abandoned' WHERE id = ?1 AND state = 'in-progress'", error);
  if (abandon == NULL)
    return FALSE;
  sqlite3_bind_int64 (abandon, 1, game_id);
  if (sqlite3_step (abandon) != SQLITE_DONE)
    return _tessera_store_fail (self, error, _("cannot mark the game abandoned"));
  if (sqlite3_changes (self->db) != 1)
    {
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, game_id);

      g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED,
                   _("the history has no game %s in progress"), id);
      return FALSE;
    }
  return TRUE;
}

/**
 * tessera_store_set_purist:
 *
 * Keeps whether game @game_id is played without aids (odds, projected scores, dead spots and
 * tiles-left counts hidden), as its table chose when it began or later.
 *
 * Returns: whether it worked; %FALSE with @error if there is no such game or it cannot be written
 */
gboolean
tessera_store_set_purist (TesseraStore  *self,
                          gint64         game_id,
                          gboolean       purist,
                          GError       **error)
{
  g_autoptr(StoreStatement) update = NULL;

  g_return_val_if_fail (TESSERA_IS_STORE (self), FALSE);

  update = _tessera_store_prepare (self, "UPDATE games SET purist = ?2 WHERE id = ?1", error);
  if (update == NULL)
    return FALSE;
  sqlite3_bind_int64 (update, 1, game_id);
  sqlite3_bind_int (update, 2, purist ? 1 : 0);
  if (sqlite3_step (update) != SQLITE_DONE)
    return _tessera_store_fail (self, error, _("cannot keep whether the game is played without aids"));
  if (sqlite3_changes (self->db) != 1)
    return no_game (game_id, error);
  return TRUE;
}

/**
 * tessera_store_get_purist:
 * @purist: (out): whether game @game_id is played without aids
 *
 * Returns: whether it could be read; %FALSE with @error if there is no such game
 */
gboolean
tessera_store_get_purist (TesseraStore  *self,
                          gint64         game_id,
                          gboolean      *purist,
                          GError       **error)
{
  g_autoptr(StoreStatement) query = NULL;

  g_return_val_if_fail (TESSERA_IS_STORE (self), FALSE);
  g_return_val_if_fail (purist != NULL, FALSE);

  query = _tessera_store_prepare (self, "SELECT purist FROM games WHERE id = ?1", error);
  if (query == NULL)
    return FALSE;
  sqlite3_bind_int64 (query, 1, game_id);
  switch (sqlite3_step (query))
    {
    case SQLITE_ROW:
      *purist = sqlite3_column_int (query, 0) != 0;
      return TRUE;
    case SQLITE_DONE:
      return no_game (game_id, error);
    default:
      return _tessera_store_fail (self, error, _("cannot read a game"));
    }
}

/**
 * tessera_store_delete_game:
 *
 * Takes game @game_id out of the history, with its events, scorings and results. Its players
 * stay, with their other games.
 */
gboolean
tessera_store_delete_game (TesseraStore  *self,
                           gint64         game_id,
                           GError       **error)
{
  g_autoptr(StoreStatement) delete = NULL;

  g_return_val_if_fail (TESSERA_IS_STORE (self), FALSE);

  delete = _tessera_store_prepare (self, "DELETE FROM games WHERE id = ?1", error);
  if (delete == NULL)
    return FALSE;
  sqlite3_bind_int64 (delete, 1, game_id);
  if (sqlite3_step (delete) != SQLITE_DONE)
    return _tessera_store_fail (self, error, _("cannot delete the game"));
  if (sqlite3_changes (self->db) != 1)
    return no_game (game_id, error);
  return TRUE;
}
