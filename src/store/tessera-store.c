/* tessera-store.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-store"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "tessera-store.h"

/* The history is one SQLite database. It must survive crashes, power cuts and upgrades, and it
 * may be a file the user pointed us at by mistake: a file is only ever written once it is known
 * to be a Tessera history (or is new), and a history from a newer Tessera is left alone.
 *
 * What tells a history from any other SQLite file is the application id in its header ("Tess");
 * its schema version is PRAGMA user_version, and migrations[] takes it from each version to the
 * next, each in one transaction together with the version change. */

#define TESSERA_APPLICATION_ID 0x54657373

struct _TesseraStore
{
  GObject  parent_instance;

  char    *path;
  sqlite3 *db;
};

G_DEFINE_FINAL_TYPE (TesseraStore, tessera_store, G_TYPE_OBJECT)

G_DEFINE_QUARK (tessera-store-error-quark, tessera_store_error)

/* migrations[v] takes a history from schema version v to v + 1. One that has shipped is never
 * edited: a change is a new migration, and tests open a saved history of every version. */
static const char * const migrations[] = {
  /* 1: the first schema.
   *
   * Players are unique by name whatever its case: name_key is the name normalised and
   * case-folded, which SQLite's NOCASE (ASCII only) is not. Times are ISO 8601 in UTC. A game keeps its record's header
   * (sets, rules, crop-circle tiles as JSON, as written) and its events, each exactly as in
   * the record format, and the scoring they caused, each with its reason as JSON. A game's
   * final scores and ranks are written with the event that ends it (and rewritten, in the same
   * transaction, by any correction of a finished game): statistics over thousands of games
   * read them instead of adding up every scoring. "imported" is the SHA-256 of the record a
   * game was imported from, so that importing it again is recognised. */
  "CREATE TABLE players ("
  "  id       INTEGER PRIMARY KEY,"
  "  name     TEXT NOT NULL,"
  "  name_key TEXT NOT NULL UNIQUE,"
  "  color    TEXT,"
  "  created  TEXT NOT NULL"
  ");"
  "CREATE TABLE games ("
  "  id                INTEGER PRIMARY KEY,"
  "  started           TEXT NOT NULL,"
  "  ended             TEXT,"
  "  sets              TEXT NOT NULL,"
  "  rules             TEXT,"
  "  crop_circle_tiles TEXT,"
  "  state             TEXT NOT NULL DEFAULT 'in-progress'"
  "                    CHECK (state IN ('in-progress', 'finished', 'abandoned')),"
  "  imported          TEXT UNIQUE"
  ");"
  "CREATE INDEX games_by_start ON games (started);"
  "CREATE TABLE game_players ("
  "  game        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  seat        INTEGER NOT NULL CHECK (seat >= 0),"
  "  player      INTEGER NOT NULL REFERENCES players (id),"
  "  color       TEXT NOT NULL,"
  "  final_score INTEGER,"
  "  rank        INTEGER,"
  "  PRIMARY KEY (game, seat),"
  "  UNIQUE (game, player)"
  ") WITHOUT ROWID;"
  "CREATE INDEX game_players_by_player ON game_players (player);"
  "CREATE TABLE events ("
  "  game     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  sequence INTEGER NOT NULL CHECK (sequence >= 0),"
  "  event    TEXT NOT NULL,"
  "  PRIMARY KEY (game, sequence)"
  ") WITHOUT ROWID;"
  "CREATE TABLE score_events ("
  "  game     INTEGER NOT NULL,"
  "  sequence INTEGER NOT NULL,"
  "  position INTEGER NOT NULL,"
  "  seat     INTEGER NOT NULL,"
  "  points   INTEGER NOT NULL,"
  "  category TEXT NOT NULL,"
  "  reason   TEXT NOT NULL,"
  "  PRIMARY KEY (game, sequence, position),"
  "  FOREIGN KEY (game, sequence) REFERENCES events (game, sequence) ON DELETE CASCADE,"
  "  FOREIGN KEY (game, seat) REFERENCES game_players (game, seat)"
  ") WITHOUT ROWID;",
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == TESSERA_STORE_SCHEMA_VERSION);

static void
tessera_store_finalize (GObject *object)
{
  TesseraStore *self = (TesseraStore *) object;

  /* Closing checkpoints the write-ahead log into the database. */
  g_clear_pointer (&self->db, sqlite3_close);
  g_clear_pointer (&self->path, g_free);

  G_OBJECT_CLASS (tessera_store_parent_class)->finalize (object);
}

static void
tessera_store_class_init (TesseraStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tessera_store_finalize;
}

static void
tessera_store_init (TesseraStore *self)
{
}

/**
 * tessera_store_get_default_path:
 *
 * Returns: (transfer full): where the history lives: $TESSERA_HISTORY_DB if set (tests use
 *   it), else history.db in Tessera's folder of the user data directory
 */
char *
tessera_store_get_default_path (void)
{
  const char *override = g_getenv ("TESSERA_HISTORY_DB");

  if (override != NULL && override[0] != '\0')
    return g_strdup (override);
  return g_build_filename (g_get_user_data_dir (), "tessera", "history.db", NULL);
}

static gboolean
fail (TesseraStore  *self,
      GError       **error,
      const char    *what)
{
  /* TRANSLATORS: "the history /home/anna/.local/share/tessera/history.db: cannot read the schema version: disk I/O error" */
  g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED, _("the history %s: %s: %s"),
               self->path, what, sqlite3_errmsg (self->db));
  return FALSE;
}

static gboolean
refuse_foreign (const char  *path,
                const char  *why,
                GError     **error)
{
  /* TRANSLATORS: the second %s says why, e.g. "it is not an SQLite database" */
  g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_HISTORY,
               _("%s is not a Tessera history (%s); it was left as it is. Move or rename it to start a new history there, or choose another file."),
               path, why);
  return FALSE;
}

/* Whether the file at @path may be opened as a history, looking at it without SQLite; sets
 * @is_new when there is nothing there yet. */
static gboolean
check_file (const char  *path,
            gboolean    *is_new,
            GError     **error)
{
  static const char sqlite_header[16] = "SQLite format 3";
  char header[sizeof sqlite_header];
  GStatBuf info;
  FILE *file;
  gsize n_read;

  *is_new = FALSE;
  if (g_stat (path, &info) != 0)
    {
      int saved_errno = errno;

      if (saved_errno == ENOENT)
        {
          *is_new = TRUE;
          return TRUE;
        }
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("cannot open the history %s: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  if (!S_ISREG (info.st_mode))
    return refuse_foreign (path, _("it is not a file"), error);
  /* An empty file holds nothing to lose: it is what a first start leaves when it stops before
   * the schema is written. */
  if (info.st_size == 0)
    {
      *is_new = TRUE;
      return TRUE;
    }

  file = g_fopen (path, "rb");
  if (file == NULL)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("cannot open the history %s: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  n_read = fread (header, 1, sizeof header, file);
  fclose (file);
  if (n_read != sizeof header || memcmp (header, sqlite_header, sizeof header) != 0)
    return refuse_foreign (path, _("it is not an SQLite database"), error);
  return TRUE;
}

/* The first column of the first row of @sql, an integer; FALSE if SQLite fails. */
static gboolean
query_int (TesseraStore *self,
           const char   *sql,
           gint64       *value)
{
  sqlite3_stmt *statement = NULL;
  gboolean ok;

  if (sqlite3_prepare_v2 (self->db, sql, -1, &statement, NULL) != SQLITE_OK)
    return FALSE;
  ok = sqlite3_step (statement) == SQLITE_ROW;
  if (ok)
    *value = sqlite3_column_int64 (statement, 0);
  sqlite3_finalize (statement);
  return ok;
}

static gboolean
exec (TesseraStore  *self,
      const char    *sql,
      GError       **error,
      const char    *what)
{
  if (sqlite3_exec (self->db, sql, NULL, NULL, NULL) != SQLITE_OK)
    return fail (self, error, what);
  return TRUE;
}

/* Whether the database is a history this version can open, or empty; reads only. */
static gboolean
check_identity (TesseraStore  *self,
                gint64        *version,
                GError       **error)
{
  gint64 application_id = 0;
  gint64 n_objects = 0;

  if (!query_int (self, "PRAGMA application_id", &application_id) ||
      !query_int (self, "PRAGMA user_version", version) ||
      !query_int (self, "SELECT count(*) FROM sqlite_schema", &n_objects))
    {
      int code = sqlite3_errcode (self->db);

      if (code == SQLITE_NOTADB || code == SQLITE_CORRUPT)
        return refuse_foreign (self->path, _("it is damaged"), error);
      return fail (self, error, _("cannot read what it holds"));
    }

  if (application_id == TESSERA_APPLICATION_ID)
    {
      if (*version > TESSERA_STORE_SCHEMA_VERSION)
        {
          g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_TOO_NEW,
                       _("the history %s was written by a newer version of Tessera (schema %u; this version knows %u); it was left as it is. Update Tessera to open it."),
                       self->path, (guint) *version, (guint) TESSERA_STORE_SCHEMA_VERSION);
          return FALSE;
        }
      return TRUE;
    }
  if (application_id == 0 && *version == 0 && n_objects == 0)
    return TRUE;
  return refuse_foreign (self->path, _("it is another program's database"), error);
}

static gboolean
configure (TesseraStore  *self,
           GError       **error)
{
  gint64 foreign_keys = 0;

  /* Write-ahead logging: a commit appends to the log instead of rewriting pages, readers (the
   * app and tessera-cli at once) do not block the writer, and a crash never leaves a half
   * written page in the database.
   *
   * synchronous=FULL: with a write-ahead log, NORMAL syncs only at checkpoints, so a power cut
   * may take back the last commits; FULL syncs the log at every commit, so an event whose commit
   * returned is on disk. One sync per move entered is nothing at a table's pace; imports put
   * many records in one transaction. */
  if (!exec (self, "PRAGMA journal_mode = WAL", error, _("cannot turn on write-ahead logging")) ||
      !exec (self, "PRAGMA synchronous = FULL", error, _("cannot ask for durable commits")) ||
      !exec (self, "PRAGMA foreign_keys = ON", error, _("cannot turn on foreign keys")))
    return FALSE;
  if (!query_int (self, "PRAGMA foreign_keys", &foreign_keys) || foreign_keys != 1)
    return fail (self, error, _("this SQLite cannot check foreign keys"));
  return TRUE;
}

/* Brings the schema up to this version's, one migration per transaction. */
static gboolean
migrate (TesseraStore  *self,
         GError       **error)
{
  for (;;)
    {
      g_autofree char *set_version = NULL;
      gint64 version = 0;

      /* The version is read again inside the transaction: another Tessera may have migrated
       * the file meanwhile. */
      if (!exec (self, "BEGIN IMMEDIATE", error, _("cannot start a transaction")))
        return FALSE;
      if (!query_int (self, "PRAGMA user_version", &version))
        {
          fail (self, error, _("cannot read the schema version"));
          goto rollback;
        }
      if (version >= TESSERA_STORE_SCHEMA_VERSION)
        return exec (self, "COMMIT", error, _("cannot end a transaction"));

      /* Numbers from this file, not user text: nothing to bind. */
      set_version = g_strdup_printf ("PRAGMA user_version = %d; PRAGMA application_id = %d",
                                     (int) version + 1, TESSERA_APPLICATION_ID);
      if (!exec (self, migrations[version], error, _("cannot update the schema")) ||
          !exec (self, set_version, error, _("cannot update the schema")) ||
          !exec (self, "COMMIT", error, _("cannot update the schema")))
        goto rollback;
    }

rollback:
  sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
  return FALSE;
}

/**
 * tessera_store_open:
 * @path: the database file; made, with its folder, if missing
 *
 * Opens a history, bringing an older schema up to date. A file that is not a Tessera history,
 * is damaged, or comes from a newer Tessera is refused and left untouched.
 *
 * Returns: (transfer full): the history, or %NULL with @error saying what is wrong and what to do
 */
TesseraStore *
tessera_store_open (const char  *path,
                    GError     **error)
{
  g_autoptr(TesseraStore) self = NULL;
  gboolean is_new;
  gint64 version = 0;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_file (path, &is_new, error))
    return NULL;
  if (is_new)
    {
      g_autofree char *folder = g_path_get_dirname (path);

      if (g_mkdir_with_parents (folder, 0700) != 0)
        {
          int saved_errno = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       _("cannot make the folder %s for the history: %s"), folder, g_strerror (saved_errno));
          return NULL;
        }
      flags |= SQLITE_OPEN_CREATE;
    }

  self = g_object_new (TESSERA_TYPE_STORE, NULL);
  self->path = g_strdup (path);
  if (sqlite3_open_v2 (path, &self->db, flags, NULL) != SQLITE_OK)
    {
      fail (self, error, _("cannot open it"));
      return NULL;
    }
  sqlite3_extended_result_codes (self->db, 1);
  /* The app and tessera-cli may both have it open: wait for the other's commit. */
  sqlite3_busy_timeout (self->db, 5000);

  if (!check_identity (self, &version, error) ||
      !configure (self, error) ||
      !migrate (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

const char *
tessera_store_get_path (TesseraStore *self)
{
  g_return_val_if_fail (TESSERA_IS_STORE (self), NULL);
  return self->path;
}

guint
tessera_store_get_schema_version (TesseraStore *self)
{
  gint64 version = 0;

  g_return_val_if_fail (TESSERA_IS_STORE (self), 0);
  if (!query_int (self, "PRAGMA user_version", &version))
    return 0;
  return (guint) version;
}
