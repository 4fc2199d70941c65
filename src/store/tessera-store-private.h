/* tessera-store-private.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <sys/types.h>
#include <sqlite3.h>

#include "tessera-store.h"

G_BEGIN_DECLS

/* What the files of the store share: the store itself and the few helpers more than one of
 * them calls, each defined in the file named above it. Nothing outside src/store includes
 * this. */

struct _TesseraStore
{
  GObject     parent_instance;

  char       *path;
  sqlite3    *db;
  GHashTable *statements;   /* SQL text (one of the store's constants) -> its prepared statement */

  /* How long a write waits for another program's, and since when the current wait runs */
  guint       busy_timeout_ms;
  gint64      busy_since;
  char       *wait_path;    /* path + "-wait": there while some program waits to write */
  gboolean    waiting;      /* this one made it */

  gboolean    read_only;    /* the file is marked read-only: read and exported, never written */
  gboolean    read_only_folder;   /* because its folder is */
  gboolean    checked;      /* PRAGMA quick_check found it sound, before its first write */
  char       *damage;       /* what SQLite found damaged, or NULL: once set, nothing is written */
  dev_t       device;       /* the file that was opened, to tell when its path no longer leads */
  ino_t       inode;        /* to it */
};

/* A prepared statement borrowed from the store's cache: g_autoptr() resets it for the next
 * use instead of freeing it. */
typedef sqlite3_stmt StoreStatement;

static inline void
statement_reset (StoreStatement *statement)
{
  sqlite3_reset (statement);
  sqlite3_clear_bindings (statement);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StoreStatement, statement_reset)

/* tessera-store.c: errors, statements and transactions */
gboolean        _tessera_store_fail              (TesseraStore         *self,
                                                  GError              **error,
                                                  const char           *what);
gboolean        _tessera_store_refuse_foreign    (const char           *path,
                                                  const char           *why,
                                                  GError              **error);
void            _tessera_store_name_game_error   (TesseraStore         *self,
                                                  gint64                game_id,
                                                  GError              **error);
gboolean        _tessera_store_exec              (TesseraStore         *self,
                                                  const char           *sql,
                                                  GError              **error,
                                                  const char           *what);
StoreStatement *_tessera_store_prepare           (TesseraStore         *self,
                                                  const char           *sql,
                                                  GError              **error);
gboolean        _tessera_store_begin             (TesseraStore         *self,
                                                  GError              **error);
void            _tessera_store_rollback          (TesseraStore         *self);
gboolean        _tessera_store_commit            (TesseraStore         *self,
                                                  GError              **error);
gboolean        _tessera_store_someone_waits     (TesseraStore         *self);
void            _tessera_store_bind_text         (StoreStatement       *statement,
                                                  int                   column,
                                                  const char           *text);
gint64          _tessera_store_find_id           (TesseraStore         *self,
                                                  const char           *sql,
                                                  const char           *key,
                                                  const char           *what,
                                                  GError              **error);

/* tessera-store-players.c: players by name */
char           *_tessera_store_name_key          (const char           *name);
gboolean        _tessera_store_no_player         (const char           *name,
                                                  GError              **error);
gint64          _tessera_store_find_player_key   (TesseraStore         *self,
                                                  const char           *key,
                                                  GError              **error);
gint64          _tessera_store_find_player       (TesseraStore         *self,
                                                  const char           *name,
                                                  GError              **error);

/* tessera-store-games.c: games and their events */
gint64          _tessera_store_insert_game       (TesseraStore         *self,
                                                  const TesseraRecord  *header,
                                                  GError              **error);
gboolean        _tessera_store_update_game       (TesseraStore         *self,
                                                  const char           *sql,
                                                  gint64                game_id,
                                                  const char           *text,
                                                  const char           *what,
                                                  GError              **error);
gboolean        _tessera_store_insert_event      (TesseraStore         *self,
                                                  gint64                game_id,
                                                  TesseraGame          *game,
                                                  GError              **error);
gboolean        _tessera_store_insert_events     (TesseraStore         *self,
                                                  gint64                game_id,
                                                  TesseraGame          *game,
                                                  guint                 from,
                                                  GError              **error);
gboolean        _tessera_store_game_exists       (TesseraStore         *self,
                                                  gint64                game_id,
                                                  GError              **error);
TesseraRecord  *_tessera_store_read_record       (TesseraStore         *self,
                                                  gint64                game_id,
                                                  GError              **error);
gboolean        _tessera_store_finish_ended_games (TesseraStore        *self,
                                                   GError             **error);
gboolean        _tessera_store_strings_from_json (const char           *text,
                                                  GPtrArray            *strings);

/* tessera-store-import-export.c: a finished game recognised when its record is imported again */
gboolean        _tessera_store_mark_recognisable (TesseraStore         *self,
                                                  gint64                game_id,
                                                  const TesseraRecord  *stored,
                                                  GError              **error);

G_END_DECLS
