/* tessera-store-players.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-store"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera-store-private.h"

/* Players, known by name whatever its case: finding one, renaming one, merging two that are
 * one person. A player is added with the first game they play (tessera-store-games.c). */

/* What makes two names one player's: the same letters in any case and any Unicode form. */
char *
_tessera_store_name_key (const char *name)
{
  g_autofree char *composed = g_utf8_normalize (name, -1, G_NORMALIZE_DEFAULT_COMPOSE);
  g_autofree char *folded = g_utf8_casefold (composed, -1);

  return g_utf8_normalize (folded, -1, G_NORMALIZE_DEFAULT_COMPOSE);
}

gboolean
_tessera_store_no_player (const char  *name,
                          GError     **error)
{
  g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND, _("the history has no player %s"), name);
  return FALSE;
}

/* The id of the player whose name key is @key, 0 when there is none, -1 with @error when the
 * history cannot be read. */
gint64
_tessera_store_find_player_key (TesseraStore  *self,
                                const char    *key,
                                GError       **error)
{
  return _tessera_store_find_id (self, "SELECT id FROM players WHERE name_key = ?1", key, _("cannot look up a player"), error);
}

/* The id of the player called @name whatever its case, or 0 with @error saying there is none. */
gint64
_tessera_store_find_player (TesseraStore  *self,
                            const char    *name,
                            GError       **error)
{
  g_autofree char *key = _tessera_store_name_key (name);
  gint64 id = _tessera_store_find_player_key (self, key, error);

  if (id == 0)
    _tessera_store_no_player (name, error);
  return MAX (id, 0);
}

/**
 * tessera_store_rename_player:
 * @name: the player's name now, in any case
 * @new_name: the name from now on
 *
 * Renames a player in the statistics and lists. Games keep the names they were played with.
 * A name another player has already is refused: merge the two instead.
 */
gboolean
tessera_store_rename_player (TesseraStore  *self,
                             const char    *name,
                             const char    *new_name,
                             GError       **error)
{
  g_autofree char *stripped = NULL;
  g_autofree char *key = NULL;
  g_autoptr(StoreStatement) rename = NULL;
  gint64 id, other;

  g_return_val_if_fail (TESSERA_IS_STORE (self), FALSE);
  g_return_val_if_fail (name != NULL && new_name != NULL, FALSE);

  stripped = g_strstrip (g_strdup (new_name));
  if (stripped[0] == '\0')
    {
      g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED, _("a player needs a name"));
      return FALSE;
    }
  /* A longer name would make the player's games records that no reader takes back. */
  if (g_utf8_strlen (stripped, -1) > TESSERA_PLAYER_NAME_MAX_CHARS)
    {
      g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED,
                   _("the name has %ld characters; a player's name has at most %d"),
                   (long) g_utf8_strlen (stripped, -1), TESSERA_PLAYER_NAME_MAX_CHARS);
      return FALSE;
    }
  key = _tessera_store_name_key (stripped);
  if (!_tessera_store_begin (self, error))
    return FALSE;
  if ((id = _tessera_store_find_player (self, name, error)) == 0)
    goto failed;
  other = _tessera_store_find_player_key (self, key, error);
  if (other < 0)
    goto failed;
  if (other != 0 && other != id)
    {
      g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED,
                   _("%s is another player of the history already; if they are one person, merge the two"), stripped);
      goto failed;
    }
  rename = _tessera_store_prepare (self, "UPDATE players SET name = ?2, name_key = ?3 WHERE id = ?1", error);
  if (rename == NULL)
    goto failed;
  sqlite3_bind_int64 (rename, 1, id);
  _tessera_store_bind_text (rename, 2, stripped);
  _tessera_store_bind_text (rename, 3, key);
  if (sqlite3_step (rename) != SQLITE_DONE)
    {
      _tessera_store_fail (self, error, _("cannot rename the player"));
      goto failed;
    }
  return _tessera_store_commit (self, error);

failed:
  _tessera_store_rollback (self);
  return FALSE;
}

/**
 * tessera_store_merge_players:
 * @name: a player who is really @into (a typo at the table made two people of one)
 * @into: the player who stays
 *
 * Moves every game of @name to @into and takes @name out, in one transaction. Games keep the
 * names they were played with. Two players of one game are two people: refused.
 */
gboolean
tessera_store_merge_players (TesseraStore  *self,
                             const char    *name,
                             const char    *into,
                             GError       **error)
{
  g_autoptr(StoreStatement) together = NULL;
  static const char * const steps[] = {
    "UPDATE game_players SET player = ?2 WHERE player = ?1",
    "DELETE FROM players WHERE id = ?1",
  };
  gint64 from_id, into_id;

  g_return_val_if_fail (TESSERA_IS_STORE (self), FALSE);
  g_return_val_if_fail (name != NULL && into != NULL, FALSE);

  if (!_tessera_store_begin (self, error))
    return FALSE;
  if ((from_id = _tessera_store_find_player (self, name, error)) == 0 || (into_id = _tessera_store_find_player (self, into, error)) == 0)
    goto failed;
  if (from_id == into_id)
    {
      g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED,
                   _("%s and %s are one player already"), name, into);
      goto failed;
    }
  together = _tessera_store_prepare (self, "SELECT a.game FROM game_players AS a JOIN game_players AS b ON a.game = b.game "
                                           "WHERE a.player = ?1 AND b.player = ?2 ORDER BY a.game LIMIT 1", error);
  if (together == NULL)
    goto failed;
  sqlite3_bind_int64 (together, 1, from_id);
  sqlite3_bind_int64 (together, 2, into_id);
  switch (sqlite3_step (together))
    {
    case SQLITE_DONE:
      break;
    case SQLITE_ROW:
      {
        g_autofree char *game = g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) sqlite3_column_int64 (together, 0));

        g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED,
                     _("%s and %s played together in game %s: they are two people"), name, into, game);
        goto failed;
      }
    default:
      _tessera_store_fail (self, error, _("cannot look up a player"));
      goto failed;
    }
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_autoptr(StoreStatement) step = _tessera_store_prepare (self, steps[i], error);

      if (step == NULL)
        goto failed;
      sqlite3_bind_int64 (step, 1, from_id);
      if (sqlite3_bind_parameter_count (step) > 1)
        sqlite3_bind_int64 (step, 2, into_id);
      if (sqlite3_step (step) != SQLITE_DONE)
        {
          _tessera_store_fail (self, error, _("cannot merge the players"));
          goto failed;
        }
    }
  return _tessera_store_commit (self, error);

failed:
  _tessera_store_rollback (self);
  return FALSE;
}
