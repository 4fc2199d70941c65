/* tessera-store.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-store"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <utime.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "tessera-store-private.h"

/* The history is one SQLite database. It must survive crashes, power cuts and upgrades, and it
 * may be a file the user pointed us at by mistake: a file is only ever written once it is known
 * to be a Tessera history (or is new), and a history from a newer Tessera is left alone.
 *
 * What tells a history from any other SQLite file is the application id in its header ("Tess");
 * its schema version is PRAGMA user_version, and migrations[] takes it from each version to the
 * next, each in one transaction together with the version change. */

/* This file opens the history (the file checked for what it is, the schema brought up to date,
 * the wait for another program's write) and holds the errors, statements and transactions the
 * store's other files share through tessera-store-private.h. Those hold one subject each:
 * tessera-store-games.c games, their events and the lists of games; tessera-store-players.c
 * players by name; tessera-store-import-export.c records imported and results exported;
 * tessera-store-statistics.c the statistics; tessera-store-reviews.c the games' reviews. */

#define TESSERA_APPLICATION_ID 0x54657373

/* The app and tessera-cli (an import, say) may write to one history at once: a write waits this
 * long for the other's to end before it gives up and says so. */
#define DEFAULT_BUSY_TIMEOUT_MS 30000
#define BUSY_POLL_US 2000
/* A program that waits marks it in the wait file, touched while it waits, and one that writes
 * transaction after transaction steps aside that long after a commit if the mark is fresh. */
#define WAIT_TOUCH_TRIES 25
#define WAIT_FRESH_US (G_USEC_PER_SEC / 2)
#define STEP_ASIDE_US (3 * BUSY_POLL_US)

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

  /* 2: a finished game's points per category, for each player, kept with the final score and
   * written with it: a player's averages per category read one row per game instead of every
   * scoring of every game (80 ms for a player of 10,000 games). Games finished before are
   * filled in from their scorings. */
  "ALTER TABLE game_players ADD COLUMN road INTEGER;"
  "ALTER TABLE game_players ADD COLUMN city INTEGER;"
  "ALTER TABLE game_players ADD COLUMN cloister INTEGER;"
  "ALTER TABLE game_players ADD COLUMN farm INTEGER;"
  "ALTER TABLE game_players ADD COLUMN wheel INTEGER;"
  "ALTER TABLE game_players ADD COLUMN crown INTEGER;"
  "ALTER TABLE game_players ADD COLUMN ransom INTEGER;"
  "ALTER TABLE game_players ADD COLUMN adjust INTEGER;"
  "UPDATE game_players SET"
  "  road = (SELECT total (points) FROM score_events WHERE score_events.game = game_players.game"
  "    AND score_events.seat = game_players.seat AND score_events.category = 'road'),"
  "  city = (SELECT total (points) FROM score_events WHERE score_events.game = game_players.game"
  "    AND score_events.seat = game_players.seat AND score_events.category = 'city'),"
  "  cloister = (SELECT total (points) FROM score_events WHERE score_events.game = game_players.game"
  "    AND score_events.seat = game_players.seat AND score_events.category = 'cloister'),"
  "  farm = (SELECT total (points) FROM score_events WHERE score_events.game = game_players.game"
  "    AND score_events.seat = game_players.seat AND score_events.category = 'farm'),"
  "  wheel = (SELECT total (points) FROM score_events WHERE score_events.game = game_players.game"
  "    AND score_events.seat = game_players.seat AND score_events.category = 'wheel'),"
  "  crown = (SELECT total (points) FROM score_events WHERE score_events.game = game_players.game"
  "    AND score_events.seat = game_players.seat AND score_events.category = 'crown'),"
  "  ransom = (SELECT total (points) FROM score_events WHERE score_events.game = game_players.game"
  "    AND score_events.seat = game_players.seat AND score_events.category = 'ransom'),"
  "  adjust = (SELECT total (points) FROM score_events WHERE score_events.game = game_players.game"
  "    AND score_events.seat = game_players.seat AND score_events.category = 'adjust')"
  "  WHERE final_score IS NOT NULL;",

  /* 3: the box a game is played with, where it differs from the catalogue's (a lost tile, a
   * copy added): the record's "box" as JSON, NULL for a box as the catalogue has it. */
  "ALTER TABLE games ADD COLUMN box TEXT;",

  /* 4: when and where a game was played, as its record says ("played", as JSON: the times
   * with the offset they were written with, the place). "started" and "ended" stay the UTC
   * times the history sorts by: from "played" when the record has them, else the moments the
   * game was stored and ended. Games before have none.
   *
   * And each seat's name as it was played: a player renamed or merged into another later is
   * the same person in the statistics, but a game's record keeps the names its table used. */
  "ALTER TABLE games ADD COLUMN played TEXT;"
  "ALTER TABLE game_players ADD COLUMN name TEXT;"
  "UPDATE game_players SET name = (SELECT name FROM players WHERE players.id = game_players.player);",

  /* 5: whether a game is played without aids (purist: no odds, projected scores, dead spots or
   * tiles-left counts), as its table chose. Games before had the aids there were. */
  "ALTER TABLE games ADD COLUMN purist INTEGER NOT NULL DEFAULT 0;",

  /* 6: the last tile placed ends the game without "end" (rule decision B11). A Tessera before
   * it left such a game in progress; _tessera_store_finish_ended_games() replays each game in
   * progress once, here, and writes the final scores of those the last tile ended. Nothing in
   * the schema changes. */
  "",

  /* 7: each game's review (tessera-review.h), kept once made: making it again takes up to
   * seconds. "review" is what tessera_review_to_stored_json() writes, "method" the estimate it
   * was counted in: one counted in another estimate than this Tessera's reads as none.
   * review_players holds each seat's figures of it, so that a player's profile adds them up
   * without parsing a review per game.
   *
   * A review describes the game's moves as they were: any change of its events (a move entered,
   * undo, a correction) takes it out, by trigger, whatever made the change. So does a change of
   * what it was counted from in the game's header (its box: the tiles left, which the estimates
   * and the luck of a draw rest on). The triggers take the seats' figures out themselves rather
   * than leave it to the foreign key: another program's SQLite checks no foreign keys unless
   * asked to. */
  "CREATE TABLE reviews ("
  "  game    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
  "  method  TEXT NOT NULL,"
  "  review  TEXT NOT NULL,"
  "  created TEXT NOT NULL"
  ");"
  "CREATE TABLE review_players ("
  "  game     INTEGER NOT NULL,"
  "  seat     INTEGER NOT NULL,"
  "  lost     REAL NOT NULL,"
  "  luck     REAL NOT NULL,"
  "  accuracy REAL NOT NULL,"
  "  turns    INTEGER NOT NULL CHECK (turns >= 0),"
  "  PRIMARY KEY (game, seat),"
  "  FOREIGN KEY (game) REFERENCES reviews (game) ON DELETE CASCADE,"
  "  FOREIGN KEY (game, seat) REFERENCES game_players (game, seat)"
  ") WITHOUT ROWID;"
  "CREATE TRIGGER review_gone_with_new_event AFTER INSERT ON events"
  "  WHEN EXISTS (SELECT 1 FROM reviews WHERE game = new.game) BEGIN"
  "  DELETE FROM review_players WHERE game = new.game;"
  "  DELETE FROM reviews WHERE game = new.game;"
  "END;"
  "CREATE TRIGGER review_gone_with_event_taken_back AFTER DELETE ON events"
  "  WHEN EXISTS (SELECT 1 FROM reviews WHERE game = old.game) BEGIN"
  "  DELETE FROM review_players WHERE game = old.game;"
  "  DELETE FROM reviews WHERE game = old.game;"
  "END;"
  "CREATE TRIGGER review_gone_with_changed_event AFTER UPDATE ON events"
  "  WHEN EXISTS (SELECT 1 FROM reviews WHERE game IN (old.game, new.game)) BEGIN"
  "  DELETE FROM review_players WHERE game IN (old.game, new.game);"
  "  DELETE FROM reviews WHERE game IN (old.game, new.game);"
  "END;"
  "CREATE TRIGGER review_gone_with_changed_header AFTER UPDATE OF sets, rules, crop_circle_tiles, box ON games"
  "  WHEN old.sets IS NOT new.sets OR old.rules IS NOT new.rules"
  "    OR old.crop_circle_tiles IS NOT new.crop_circle_tiles OR old.box IS NOT new.box BEGIN"
  "  DELETE FROM review_players WHERE game = new.id;"
  "  DELETE FROM reviews WHERE game = new.id;"
  "END;",
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == TESSERA_STORE_SCHEMA_VERSION);

static void
tessera_store_finalize (GObject *object)
{
  TesseraStore *self = (TesseraStore *) object;

  /* Closing checkpoints the write-ahead log into the database; a statement left would keep
   * the database open. */
  g_clear_pointer (&self->statements, g_hash_table_unref);
  g_clear_pointer (&self->db, sqlite3_close);
  if (self->waiting)
    g_unlink (self->wait_path);
  g_clear_pointer (&self->wait_path, g_free);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->damage, g_free);

  G_OBJECT_CLASS (tessera_store_parent_class)->finalize (object);
}

static void
tessera_store_class_init (TesseraStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = tessera_store_finalize;
}

static void
statement_free (gpointer statement)
{
  sqlite3_finalize (statement);
}

static void
tessera_store_init (TesseraStore *self)
{
  self->statements = g_hash_table_new_full (NULL, NULL, NULL, statement_free);
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
refuse_read_only (TesseraStore  *self,
                  GError       **error)
{
  if (self->read_only_folder)
    {
      g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_READ_ONLY,
                   _("the history %s is in a read-only folder: nothing can be saved in it. Make the folder writable to "
                     "add or change games; it can still be looked through and exported."),
                   self->path);
      return FALSE;
    }
  g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_READ_ONLY,
               _("the history %s is read-only: nothing can be saved in it. Make the file writable to add or change games; it can still be looked through and exported."),
               self->path);
  return FALSE;
}

/* A damaged history is never written again by this program: a write into a file whose pages
 * SQLite cannot trust may spread the damage over what can still be rescued. Tessera keeps no
 * backup of its own; the file as it is, the games that still read (export) and a backup the
 * user has are what is left. */
static gboolean
refuse_damaged (TesseraStore  *self,
                GError       **error)
{
  /* TRANSLATORS: the second %s is what SQLite found, e.g. "cannot read the games: database disk image is malformed" */
  g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_DAMAGED,
               _("the history %s is damaged (%s). Nothing more will be written into it: keep a copy of the file as it is "
                 "and export the games that can still be read; then put a backup of the history in its place, or move "
                 "the file away to start a new one."),
               self->path, self->damage);
  return FALSE;
}

/* Remembers that the history is damaged, with what showed it. */
static void
mark_damaged (TesseraStore *self,
              const char   *what,
              const char   *detail)
{
  if (self->damage == NULL)
    self->damage = g_strdup_printf ("%s: %s", what, detail);
}

gboolean
_tessera_store_fail (TesseraStore  *self,
                     GError       **error,
                     const char    *what)
{
  int code = sqlite3_errcode (self->db) & 0xff;

  /* SQLite's own word that the file is damaged, from any statement: from now on nothing is
   * written (and a commit the hook turned back fails for that reason). */
  if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
    mark_damaged (self, what, sqlite3_errmsg (self->db));
  if (self->damage != NULL)
    return refuse_damaged (self, error);
  if ((sqlite3_errcode (self->db) & 0xff) == SQLITE_READONLY && self->read_only)
    return refuse_read_only (self, error);
  if ((sqlite3_errcode (self->db) & 0xff) == SQLITE_FULL)
    {
      g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FULL,
                   _("the disk that holds the history %s is full; nothing was saved. Free some space on it, then try again."),
                   self->path);
      return FALSE;
    }
  if ((sqlite3_errcode (self->db) & 0xff) == SQLITE_BUSY)
    {
      guint seconds = (self->busy_timeout_ms + 999) / 1000;

      /* TRANSLATORS: %s is the history's file; %u a number of seconds */
      g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_BUSY,
                   g_dngettext (GETTEXT_PACKAGE,
                                "another program is using the history %s and kept it busy for %u second; wait until "
                                "it has finished (another Tessera, or tessera-cli importing games), then try again",
                                "another program is using the history %s and kept it busy for %u seconds; wait until "
                                "it has finished (another Tessera, or tessera-cli importing games), then try again",
                                seconds),
                   self->path, seconds);
      return FALSE;
    }

  /* TRANSLATORS: "the history /home/anna/.local/share/tessera/history.db: cannot read the schema version: disk I/O error" */
  g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED, _("the history %s: %s: %s"),
               self->path, what, sqlite3_errmsg (self->db));
  return FALSE;
}

gboolean
_tessera_store_refuse_foreign (const char  *path,
                               const char  *why,
                               GError     **error)
{
  /* TRANSLATORS: the second %s says why, e.g. "it is not an SQLite database" */
  g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_HISTORY,
               _("%s is not a Tessera history (%s); it was left as it is. Move or rename it to start a new history there, or choose another file."),
               path, why);
  return FALSE;
}

/* When game @game_id began, as tessera-cli's history lists it ("2026-11-22 14:05": by the clock
 * of the table when the record says when it was played), and its players in seating order. */
static gboolean
describe_game (TesseraStore  *self,
               gint64         game_id,
               char         **when,
               char         **players)
{
  static const char * const sql =
    "SELECT started, played, (SELECT group_concat (name, ', ') FROM ("
    "  SELECT coalesce (game_players.name, players.name) AS name FROM game_players"
    "  JOIN players ON players.id = game_players.player WHERE game_players.game = ?1 ORDER BY seat))"
    " FROM games WHERE id = ?1";
  sqlite3_stmt *about = NULL;
  g_autoptr(TesseraPlayed) played = NULL;
  g_autoptr(GDateTime) moment = NULL;
  g_autoptr(GDateTime) local = NULL;
  const char *text;

  if (sqlite3_prepare_v2 (self->db, sql, -1, &about, NULL) != SQLITE_OK)
    return FALSE;
  sqlite3_bind_int64 (about, 1, game_id);
  if (sqlite3_step (about) != SQLITE_ROW)
    {
      sqlite3_finalize (about);
      return FALSE;
    }
  text = (const char *) sqlite3_column_text (about, 1);
  if (text != NULL && (played = tessera_played_from_json (text, NULL)) != NULL && played->start != NULL &&
      (moment = g_date_time_new_from_iso8601 (played->start, NULL)) != NULL)
    *when = g_date_time_format (moment, "%Y-%m-%d %H:%M");
  else if ((text = (const char *) sqlite3_column_text (about, 0)) != NULL &&
           (moment = g_date_time_new_from_iso8601 (text, NULL)) != NULL && (local = g_date_time_to_local (moment)) != NULL)
    *when = g_date_time_format (local, "%Y-%m-%d %H:%M");
  else
    *when = g_strdup (text != NULL ? text : "?");
  text = (const char *) sqlite3_column_text (about, 2);
  *players = g_strdup (text != NULL ? text : "");
  sqlite3_finalize (about);
  return TRUE;
}

/* Says which game and which file @error is about (a stored event that cannot be read, say):
 * the game as tessera-cli's history lists it, so that it can be found. */
void
_tessera_store_name_game_error (TesseraStore  *self,
                                gint64         game_id,
                                GError       **error)
{
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, game_id);
  g_autofree char *when = NULL;
  g_autofree char *players = NULL;

  if (error == NULL || *error == NULL)
    return;
  if (describe_game (self, game_id, &when, &players))
    /* TRANSLATORS: "the history /home/anna/history.db, game 12 of 2026-11-22 14:05 (Anna, Bram): event 51: ..." */
    g_prefix_error (error, _("the history %s, game %s of %s (%s): "), self->path, id, when, players);
  else
    /* TRANSLATORS: "the history /home/anna/history.db, game 12: event 51: ..." */
    g_prefix_error (error, _("the history %s, game %s: "), self->path, id);
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
    return _tessera_store_refuse_foreign (path, _("it is not a file"), error);
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
    return _tessera_store_refuse_foreign (path, _("it is not an SQLite database"), error);
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

gboolean
_tessera_store_exec (TesseraStore  *self,
                     const char    *sql,
                     GError       **error,
                     const char    *what)
{
  int result = sqlite3_exec (self->db, sql, NULL, NULL, NULL);

  /* The wait is over, one way or the other: the mark goes. */
  if (self->waiting)
    {
      g_unlink (self->wait_path);
      self->waiting = FALSE;
    }
  if (result != SQLITE_OK)
    return _tessera_store_fail (self, error, what);
  return TRUE;
}

/* Whether the history is sound enough to be written, asked before its first write: SQLite's
 * PRAGMA quick_check reads every page of the file once (the b-trees, their cells and records,
 * without cross-checking indexes against tables as integrity_check does), so it finds a page
 * overwritten anywhere, also in a table this session would not otherwise read. It costs a
 * read of the whole file: 0.3 s on the 10,000-game benchmark history (180 MB, in the page
 * cache), about 10 ms for a few hundred games. So it is not done on opening, which stays as
 * quick as it was for the app's start and for tessera-cli's reading commands, but once, before
 * the first write of this connection: the first move saved, import or change. */
static gboolean
check_sound (TesseraStore  *self,
             GError       **error)
{
  sqlite3_stmt *check = NULL;
  gboolean sound;

  if (self->damage != NULL)
    return refuse_damaged (self, error);
  if (self->checked || self->read_only)
    return TRUE;
  /* One problem is enough to know; the first one says what it is. */
  if (sqlite3_prepare_v2 (self->db, "PRAGMA quick_check (1)", -1, &check, NULL) != SQLITE_OK)
    return _tessera_store_fail (self, error, _("cannot check the history for damage"));
  switch (sqlite3_step (check))
    {
    case SQLITE_ROW:
      {
        const char *found = (const char *) sqlite3_column_text (check, 0);
        const char *last_line = found != NULL ? strrchr (found, '\n') : NULL;

        sound = g_strcmp0 (found, "ok") == 0;
        if (!sound)
          mark_damaged (self, _("SQLite's check found"), last_line != NULL ? last_line + 1 : found != NULL ? found : "?");
      }
      break;
    default:
      sqlite3_finalize (check);
      return _tessera_store_fail (self, error, _("cannot check the history for damage"));
    }
  sqlite3_finalize (check);
  if (!sound)
    return refuse_damaged (self, error);
  self->checked = TRUE;
  return TRUE;
}

/* A commit on a history found damaged since the transaction began is turned into a rollback:
 * whatever the path to it, nothing is written into a damaged file. */
static int
refuse_damaged_commit (void *data)
{
  TesseraStore *self = data;

  return self->damage != NULL;
}

/* Whether some program has been waiting to write within the last moment. */
gboolean
_tessera_store_someone_waits (TesseraStore *self)
{
  GStatBuf info;

  if (g_stat (self->wait_path, &info) != 0)
    return FALSE;
  return g_get_real_time () - ((gint64) info.st_mtim.tv_sec * G_USEC_PER_SEC + info.st_mtim.tv_nsec / 1000)
         < WAIT_FRESH_US;
}

/* Whether the database is a history this version can open, or empty; reads only. */
static gboolean
check_identity (TesseraStore  *self,
                gint64        *version,
                GError       **error)
{
  gint64 application_id = 0;
  gint64 n_objects = 0;

  /* One read transaction: another Tessera making the same new history at this moment must
   * not be seen halfway, its tables there and its identity not yet. */
  if (!_tessera_store_exec (self, "BEGIN", error, _("cannot start a transaction")))
    return FALSE;
  if (!query_int (self, "PRAGMA application_id", &application_id) ||
      !query_int (self, "PRAGMA user_version", version) ||
      !query_int (self, "SELECT count(*) FROM sqlite_schema", &n_objects))
    {
      int code = sqlite3_errcode (self->db);
      gboolean refused;

      if (code == SQLITE_NOTADB || code == SQLITE_CORRUPT)
        refused = _tessera_store_refuse_foreign (self->path, _("it is damaged"), error);
      else
        refused = _tessera_store_fail (self, error, _("cannot read what it holds"));
      sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
      return refused;
    }
  if (!_tessera_store_exec (self, "COMMIT", error, _("cannot end a transaction")))
    return FALSE;

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
  return _tessera_store_refuse_foreign (self->path, _("it is another program's database"), error);
}

/* Turning on the log takes the whole file for a moment. SQLite does not wait for that when
 * this connection is reading already, as it is when another program is turning it on at the
 * same moment (both opening a new history): it says busy at once. Then this one waits, as for
 * any write, and tries again; by then the other has turned it on. */
static gboolean
turn_on_write_ahead_log (TesseraStore  *self,
                         GError       **error)
{
  gint64 start = g_get_monotonic_time ();

  while (sqlite3_exec (self->db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL) != SQLITE_OK)
    {
      if ((sqlite3_errcode (self->db) & 0xff) != SQLITE_BUSY ||
          g_get_monotonic_time () - start >= (gint64) self->busy_timeout_ms * 1000)
        return _tessera_store_fail (self, error, _("cannot turn on write-ahead logging"));
      g_usleep (BUSY_POLL_US);
    }
  return TRUE;
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
   * many records in one transaction.
   *
   * temp_store=MEMORY: what SQLite keeps only for the length of a statement or a savepoint
   * (statement journals, sorts) stays in memory. Every event stored fires schema 7's trigger,
   * so each needs a statement journal, and in temporary files, SQLite's default, they made
   * tessera-bench --import a third slower. */
  /* A read-only history keeps the journal mode it was written with. */
  if ((!self->read_only && !turn_on_write_ahead_log (self, error)) ||
      !_tessera_store_exec (self, "PRAGMA synchronous = FULL", error, _("cannot ask for durable commits")) ||
      !_tessera_store_exec (self, "PRAGMA foreign_keys = ON", error, _("cannot turn on foreign keys")) ||
      !_tessera_store_exec (self, "PRAGMA temp_store = MEMORY", error, _("cannot keep temporary data in memory")))
    return FALSE;
  if (!query_int (self, "PRAGMA foreign_keys", &foreign_keys) || foreign_keys != 1)
    return _tessera_store_fail (self, error, _("this SQLite cannot check foreign keys"));
  return TRUE;
}

/* Brings the schema up to this version's, one migration per transaction. */
static gboolean
migrate (TesseraStore  *self,
         GError       **error)
{
  if (self->read_only)
    {
      gint64 version = 0;

      /* Nothing to bring up to date, or nothing that may be. */
      if (!query_int (self, "PRAGMA user_version", &version))
        return _tessera_store_fail (self, error, _("cannot read the schema version"));
      if (version < TESSERA_STORE_SCHEMA_VERSION)
        {
          g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_READ_ONLY,
                       _("the history %s is read-only and was written by an older Tessera; it cannot be brought up to date. Make the file writable to open it."),
                       self->path);
          return FALSE;
        }
      return TRUE;
    }
  for (;;)
    {
      g_autofree char *set_version = NULL;
      gint64 version = 0;

      /* The version is read again inside the transaction: another Tessera may have migrated
       * the file meanwhile. */
      if (!_tessera_store_exec (self, "BEGIN IMMEDIATE", error, _("cannot start a transaction")))
        return FALSE;
      if (!query_int (self, "PRAGMA user_version", &version))
        {
          _tessera_store_fail (self, error, _("cannot read the schema version"));
          goto rollback;
        }
      if (version >= TESSERA_STORE_SCHEMA_VERSION)
        return _tessera_store_exec (self, "COMMIT", error, _("cannot end a transaction"));
      /* An older history is checked before a migration writes into it. */
      if (version > 0 && !check_sound (self, error))
        goto rollback;

      /* Numbers from this file, not user text: nothing to bind. */
      set_version = g_strdup_printf ("PRAGMA user_version = %d; PRAGMA application_id = %d",
                                     (int) version + 1, TESSERA_APPLICATION_ID);
      if (!_tessera_store_exec (self, migrations[version], error, _("cannot update the schema")) ||
          (version + 1 == 6 && !_tessera_store_finish_ended_games (self, error)) ||
          !_tessera_store_exec (self, set_version, error, _("cannot update the schema")) ||
          !_tessera_store_exec (self, "COMMIT", error, _("cannot update the schema")))
        goto rollback;
    }

rollback:
  sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
  return FALSE;
}

/* Whether @path is marked read-only (no write permission bits), or this process may not write
 * it. */
static gboolean
is_read_only (const char *path)
{
  GStatBuf info;

  return g_stat (path, &info) == 0 && ((info.st_mode & 0222) == 0 || g_access (path, W_OK) != 0);
}

/* A file marked read-only is opened so, whoever this process is (root may write any file):
 * someone meant it to stay as it is. */
static gboolean
file_is_read_only (const char *path)
{
  return is_read_only (path);
}

/* A history in a folder marked read-only (or that this process may not write) is read-only
 * too: writing needs the folder, where SQLite makes the write-ahead log beside the file. */
static gboolean
folder_is_read_only (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);

  return is_read_only (folder);
}

/* How a read-only history is opened, as an SQLite URI.
 *
 * A plain read-only open of a history in write-ahead-log mode makes the log and its index
 * (-wal, -shm) beside the file when they are missing, with the file's own mode: a history
 * marked read-only (444) was left with a 444 -shm, and once the file was made writable again
 * every writer failed on that -shm ("attempt to write a readonly database"). In a read-only
 * folder they cannot be made at all, and the open failed.
 *
 * immutable=1 tells SQLite that nobody changes the file while it is open: it reads the file
 * alone, with no lock, no log and no index, and makes nothing. That is only true to what the
 * history holds when no log holds commits not yet copied into the file (a program that stopped
 * before closing the history, or one writing it now): then the log must be read, with
 * mode=ro, which needs the index; a -shm it makes then is set right by the next writable open
 * (make_leftovers_writable()). A file marked read-only, or in a read-only folder, is one nobody
 * is meant to write; should another program write it all the same while it is read, SQLite
 * reports what it reads as damaged, and nothing is written here either way. */
static char *
read_only_uri (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);
  g_autofree char *uri = g_filename_to_uri (absolute, NULL, NULL);
  GStatBuf info;
  gboolean log_holds_commits = g_stat (wal, &info) == 0 && info.st_size > 0;

  return g_strconcat (uri, log_holds_commits ? "?mode=ro" : "?immutable=1", NULL);
}

/* The log and its index that a read-only open of an earlier Tessera (or another program) left
 * with no write permission, the history itself writable again: given the file's permission, or
 * every write fails. They are this user's own files: changing their mode changes nothing in
 * them. */
static void
make_leftovers_writable (const char *path)
{
  static const char * const suffixes[] = { "-wal", "-shm" };
  GStatBuf file;

  if (g_stat (path, &file) != 0)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *leftover = g_strconcat (path, suffixes[i], NULL);
      GStatBuf info;

      if (g_lstat (leftover, &info) == 0 && S_ISREG (info.st_mode) && info.st_uid == geteuid () &&
          ((info.st_mode & 0200) == 0 || g_access (leftover, W_OK) != 0))
        g_chmod (leftover, (info.st_mode | (file.st_mode & 0666)) & 0777);
    }
}

/* Text from records that an earlier Tessera stored as it was read: its JSON reader let an
 * escaped lone surrogate in ("\ud800Anna" became the bytes ED A0 80 6E 6E 61), which is not
 * UTF-8. Such a name made every list of players, the CSV and the records exported from the
 * history invalid, and the app drew it with warnings. These SQL functions find and mend it. */
static void
sql_is_utf8 (sqlite3_context  *context,
             int               n_values,
             sqlite3_value   **values)
{
  const char *text = (const char *) sqlite3_value_text (values[0]);

  sqlite3_result_int (context, text == NULL || g_utf8_validate (text, sqlite3_value_bytes (values[0]), NULL));
}

/* @text made valid UTF-8: each run of bytes that are not becomes one U+FFFD, so that
 * "\ud800Anna" as an earlier reader stored it (ED A0 80, "nna") reads "\uFFFDnna".
 * g_utf8_make_valid() would write one U+FFFD per bad byte: three for one lost character. */
static char *
make_utf8 (const char *text,
           gsize       length)
{
  GString *valid = g_string_sized_new (length + 3);

  while (length > 0)
    {
      const char *end;

      g_utf8_validate_len (text, length, &end);
      g_string_append_len (valid, text, end - text);
      length -= (gsize) (end - text);
      text = end;
      if (length == 0)
        break;
      g_string_append (valid, "\xef\xbf\xbd");
      /* Skips the bytes up to where a valid character starts again. */
      do
        {
          text++;
          length--;
        }
      while (length > 0 && g_utf8_get_char_validated (text, length) >= (gunichar) -2);
    }
  return g_string_free (valid, FALSE);
}

static void
sql_make_utf8 (sqlite3_context  *context,
               int               n_values,
               sqlite3_value   **values)
{
  const char *text = (const char *) sqlite3_value_text (values[0]);

  if (text == NULL)
    sqlite3_result_null (context);
  else
    sqlite3_result_text (context, make_utf8 (text, (gsize) sqlite3_value_bytes (values[0])), -1, g_free);
}

static void
sql_name_key (sqlite3_context  *context,
              int               n_values,
              sqlite3_value   **values)
{
  const char *name = (const char *) sqlite3_value_text (values[0]);

  if (name == NULL)
    sqlite3_result_null (context);
  else
    sqlite3_result_text (context, _tessera_store_name_key (name), -1, g_free);
}

/* The text columns that came from records and that a person reads: players' names (and their
 * keys), the names each game's seats were played with, and when and where (the place is free
 * text). The other text of a record (sets, colours, tiles, spots) was checked against known
 * values; an event that is not UTF-8 is reported with its game when it is read. */
static const char * const text_from_records_invalid =
  "SELECT EXISTS (SELECT 1 FROM main.players WHERE NOT tessera_is_utf8 (name))"
  " OR EXISTS (SELECT 1 FROM main.game_players WHERE NOT tessera_is_utf8 (name))"
  " OR EXISTS (SELECT 1 FROM main.games WHERE NOT tessera_is_utf8 (played))";

static const char * const repair_text_from_records =
  "UPDATE main.players SET name = tessera_make_utf8 (name), name_key = tessera_name_key (tessera_make_utf8 (name))"
  "  WHERE NOT tessera_is_utf8 (name);"
  "UPDATE main.game_players SET name = tessera_make_utf8 (name) WHERE NOT tessera_is_utf8 (name);"
  "UPDATE main.games SET played = tessera_make_utf8 (played) WHERE NOT tessera_is_utf8 (played);";

/* The same, seen made valid without writing: temporary views (in memory, not in the file) in
 * front of the tables, which every query of the store finds first by their names. */
static const char * const show_text_from_records_valid =
  "CREATE TEMP VIEW players AS SELECT id, tessera_make_utf8 (name) AS name, name_key, color, created"
  "  FROM main.players;"
  "CREATE TEMP VIEW game_players AS SELECT game, seat, player, color, final_score, rank, road, city, cloister,"
  "  farm, wheel, crown, ransom, adjust, tessera_make_utf8 (name) AS name FROM main.game_players;"
  "CREATE TEMP VIEW games AS SELECT id, started, ended, sets, rules, crop_circle_tiles, state, imported, box,"
  "  tessera_make_utf8 (played) AS played, purist FROM main.games;";

/* Names a history holds that are not UTF-8 (see sql_is_utf8()) are mended on opening.
 *
 * Writable: repaired in the file, in one transaction, each run of bytes that are not UTF-8
 * replaced by U+FFFD (make_utf8()), a player's key made again from the mended name. Repair
 * rather than refusal: the rest of the history is sound, and refusing would leave a history
 * that no version of Tessera opens for one bad name. If it cannot be done (the history damaged
 * or kept busy by another program, a mended name another player has already), the history is
 * refused with the reason. On opening rather than as a migration: it costs one pass over the
 * names (7 ms for 10,000 games), and needs no schema version of its own.
 *
 * Read-only: nothing may be written, so the names are shown made valid (views in front of the
 * tables, in memory, which every query of the store finds first by their names) and stay as
 * they are in the file. */
static gboolean
mend_text_from_records (TesseraStore  *self,
                        GError       **error)
{
  g_autoptr(GError) repair_error = NULL;
  gint64 invalid = 0;

  if (sqlite3_create_function (self->db, "tessera_is_utf8", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, sql_is_utf8,
                               NULL, NULL) != SQLITE_OK ||
      sqlite3_create_function (self->db, "tessera_make_utf8", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                               sql_make_utf8, NULL, NULL) != SQLITE_OK ||
      sqlite3_create_function (self->db, "tessera_name_key", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                               sql_name_key, NULL, NULL) != SQLITE_OK ||
      !query_int (self, text_from_records_invalid, &invalid))
    return _tessera_store_fail (self, error, _("cannot check the names"));
  if (!invalid)
    return TRUE;
  if (self->read_only)
    return _tessera_store_exec (self, show_text_from_records_valid, error, _("cannot check the names"));

  if (_tessera_store_begin (self, &repair_error))
    {
      if (_tessera_store_exec (self, repair_text_from_records, &repair_error, _("cannot mend the names")) &&
          _tessera_store_commit (self, &repair_error))
        return TRUE;
      _tessera_store_rollback (self);
    }
  /* TRANSLATORS: %s is the history's file, then the reason */
  g_set_error (error, repair_error->domain, repair_error->code,
               _("the history %s holds player names that are not valid text (an earlier Tessera let them in), and they "
                 "could not be mended: %s"),
               self->path, repair_error->message);
  return FALSE;
}

/* SQLite's own wait sleeps longer and longer, up to 100 ms a try, so a program that writes
 * one transaction after another (an import) could keep another waiting until it gave up. A
 * short, steady poll takes the gap between two of its transactions. */
static int
wait_while_busy (void *data,
                 int   n_tries)
{
  TesseraStore *self = data;
  gint64 now = g_get_monotonic_time ();

  if (n_tries == 0)
    self->busy_since = now;
  if (now - self->busy_since >= (gint64) self->busy_timeout_ms * 1000)
    return 0;
  /* Says so to the program in the way (it may not have the folder's write permission: then
   * it just waits). */
  if (n_tries % WAIT_TOUCH_TRIES == 0)
    {
      int fd = g_open (self->wait_path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);

      if (fd >= 0)
        {
          self->waiting = TRUE;
          g_utime (self->wait_path, NULL);
          g_close (fd, NULL);
        }
    }
  g_usleep (BUSY_POLL_US);
  return 1;
}

/**
 * tessera_store_is_read_only:
 *
 * Returns: whether the history's file is marked read-only: it is read and exported, and every
 *   write is refused with %TESSERA_STORE_ERROR_READ_ONLY
 */
gboolean
tessera_store_is_read_only (TesseraStore *self)
{
  g_return_val_if_fail (TESSERA_IS_STORE (self), FALSE);
  return self->read_only;
}

/**
 * tessera_store_is_folder_read_only:
 *
 * Returns: whether the history is read-only because its folder is (the file itself may be
 *   writable): writing needs the folder, for the write-ahead log beside the file
 */
gboolean
tessera_store_is_folder_read_only (TesseraStore *self)
{
  g_return_val_if_fail (TESSERA_IS_STORE (self), FALSE);
  return self->read_only_folder;
}

/**
 * tessera_store_set_busy_timeout:
 * @timeout_ms: how long a write may wait for another program's
 *
 * The wait before a write gives up with %TESSERA_STORE_ERROR_BUSY: 30 seconds unless set.
 */
void
tessera_store_set_busy_timeout (TesseraStore *self,
                                guint         timeout_ms)
{
  g_return_if_fail (TESSERA_IS_STORE (self));
  self->busy_timeout_ms = timeout_ms;
}

/**
 * tessera_store_open:
 * @path: the database file; made, with its folder, if missing
 *
 * Opens a history, bringing an older schema up to date. A file that is not a Tessera history,
 * is damaged, or comes from a newer Tessera is refused and left untouched.
 *
 * Returns: (transfer full): the history, or %NULL with @error saying what is wrong and what to
 *   do: a TESSERA_STORE_ERROR, or a G_FILE_ERROR when the file or its folder cannot be reached
 */
TesseraStore *
tessera_store_open (const char  *path,
                    GError     **error)
{
  g_autoptr(TesseraStore) self = NULL;
  g_autofree char *uri = NULL;
  gboolean is_new, read_only = FALSE, read_only_folder = FALSE;
  gint64 version = 0;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_file (path, &is_new, error))
    return NULL;
  if (!is_new)
    {
      read_only_folder = folder_is_read_only (path);
      read_only = read_only_folder || file_is_read_only (path);
      if (read_only)
        {
          uri = read_only_uri (path);
          flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOFOLLOW;
        }
      else
        make_leftovers_writable (path);
    }
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
  self->wait_path = g_strconcat (path, "-wait", NULL);
  self->read_only = read_only;
  self->read_only_folder = read_only_folder;
  if (sqlite3_open_v2 (uri != NULL ? uri : path, &self->db, flags, NULL) != SQLITE_OK)
    {
      _tessera_store_fail (self, error, _("cannot open it"));
      return NULL;
    }
  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_commit_hook (self->db, refuse_damaged_commit, self);
  /* A new history has nothing to check. */
  self->checked = is_new;
  /* The app and tessera-cli may both have it open: wait for the other's commit. */
  self->busy_timeout_ms = DEFAULT_BUSY_TIMEOUT_MS;
  sqlite3_busy_handler (self->db, wait_while_busy, self);

  if (!check_identity (self, &version, error) ||
      !configure (self, error) ||
      !migrate (self, error))
    return NULL;
  /* The file that was opened (made by now, if it was new), to tell later if the path still
   * leads to it. */
  {
    GStatBuf info;

    if (g_stat (path, &info) != 0)
      {
        int saved_errno = errno;

        g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                     _("cannot open the history %s: %s"), path, g_strerror (saved_errno));
        return NULL;
      }
    self->device = info.st_dev;
    self->inode = info.st_ino;
  }
  if (!mend_text_from_records (self, error))
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

/* The prepared statement for @sql, one of the store's constants: made once, then kept. */
StoreStatement *
_tessera_store_prepare (TesseraStore  *self,
                        const char    *sql,
                        GError       **error)
{
  sqlite3_stmt *statement = g_hash_table_lookup (self->statements, sql);

  if (statement == NULL)
    {
      if (sqlite3_prepare_v3 (self->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, NULL) != SQLITE_OK)
        return _tessera_store_fail (self, error, _("cannot prepare a query")), NULL;
      g_hash_table_insert (self->statements, (gpointer) sql, statement);
    }
  /* A write outside _tessera_store_begin() (one statement on its own) is checked too. */
  if (!sqlite3_stmt_readonly (statement) && !check_sound (self, error))
    return NULL;
  return statement;
}

/* Whether the history's path still leads to the file that was opened: with its folder moved
 * or removed, SQLite would go on writing to a file nobody can find again. */
static gboolean
check_still_there (TesseraStore  *self,
                   GError       **error)
{
  GStatBuf info;

  if (g_stat (self->path, &info) == 0 && info.st_dev == self->device && info.st_ino == self->inode)
    return TRUE;
  g_set_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_GONE,
               _("the history %s is no longer there (its folder was moved, renamed or removed); nothing was saved. Put it back to save again."),
               self->path);
  return FALSE;
}

gboolean
_tessera_store_begin (TesseraStore  *self,
                      GError       **error)
{
  if (self->read_only)
    return refuse_read_only (self, error);
  if (!check_still_there (self, error) || !check_sound (self, error))
    return FALSE;
  return _tessera_store_exec (self, "BEGIN IMMEDIATE", error, _("cannot start a transaction"));
}

void
_tessera_store_rollback (TesseraStore *self)
{
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
}

gboolean
_tessera_store_commit (TesseraStore  *self,
                       GError       **error)
{
  if (_tessera_store_exec (self, "COMMIT", error, _("cannot save the change")))
    {
      /* One write after another (an import) would leave a waiting program no gap to take its
       * turn in: when one waits, step aside for it. */
      if (_tessera_store_someone_waits (self))
        g_usleep (STEP_ASIDE_US);
      return TRUE;
    }
  _tessera_store_rollback (self);
  return FALSE;
}

void
_tessera_store_bind_text (StoreStatement *statement,
                          int             column,
                          const char     *text)
{
  if (text == NULL)
    sqlite3_bind_null (statement, column);
  else
    sqlite3_bind_text (statement, column, text, -1, SQLITE_TRANSIENT);
}

/* The id in the first column of what @sql finds for @key (its one parameter): 0 if nothing,
 * -1 with @error if SQLite fails. */
gint64
_tessera_store_find_id (TesseraStore  *self,
                        const char    *sql,
                        const char    *key,
                        const char    *what,
                        GError       **error)
{
  g_autoptr(StoreStatement) find = _tessera_store_prepare (self, sql, error);

  if (find == NULL)
    return -1;
  _tessera_store_bind_text (find, 1, key);
  switch (sqlite3_step (find))
    {
    case SQLITE_ROW:
      return sqlite3_column_int64 (find, 0);
    case SQLITE_DONE:
      return 0;
    default:
      return _tessera_store_fail (self, error, what), -1;
    }
}
