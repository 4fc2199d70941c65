/* test-session.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sqlite3.h>

#include "tessera-random-game.h"
#include "tessera-session.h"
#include "tessera-test-ui.h"

/* The one owner of a running game: every change goes into the game and the history together,
 * or into neither, and is announced once. The history is a real one in a scratch folder; it
 * fails as it does for the players, by being moved away while the game is open, or kept busy
 * by another program. No display. */

typedef struct
{
  char           *folder;
  char           *path;
  char           *away;
  TesseraStore   *store;
  TesseraRecord  *record;    /* a legal game to take moves from */
  TesseraSession *session;   /* a new game of the record's header, no move yet */
  guint           n_changed;
  guint           n_game_notified;
  guint           n_purist_notified;
} Fixture;

static void
changed_cb (TesseraSession *session,
            Fixture        *fixture)
{
  fixture->n_changed++;
}

static void
notify_cb (TesseraSession *session,
           GParamSpec     *pspec,
           Fixture        *fixture)
{
  if (g_str_equal (pspec->name, "game"))
    fixture->n_game_notified++;
  else if (g_str_equal (pspec->name, "purist"))
    fixture->n_purist_notified++;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) header = NULL;

  fixture->folder = g_dir_make_tmp ("tessera-session-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->folder, "history.db", NULL);
  fixture->away = g_build_filename (fixture->folder, "history-moved.db", NULL);
  fixture->store = tessera_store_open (fixture->path, &error);
  g_assert_no_error (error);
  fixture->record = tessera_random_game (GPOINTER_TO_UINT (data), 3);
  g_assert_cmpuint (fixture->record->events->len, >, 8);
  header = tessera_record_copy_header (fixture->record);
  fixture->session = tessera_session_new_game (fixture->store, header, FALSE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (fixture->session);
  g_signal_connect (fixture->session, "changed", G_CALLBACK (changed_cb), fixture);
  g_signal_connect (fixture->session, "notify", G_CALLBACK (notify_cb), fixture);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->session);
  g_clear_object (&fixture->store);
  g_clear_pointer (&fixture->record, tessera_record_free);
  tessera_test_remove_history (fixture->path);
  tessera_test_remove_history (fixture->away);
  g_assert_cmpint (g_rmdir (fixture->folder), ==, 0);
  g_free (fixture->folder);
  g_free (fixture->path);
  g_free (fixture->away);
}

/* The history can no longer be written (its file moved away), or can again. */
static void
move_history_away (Fixture *fixture)
{
  g_assert_cmpint (g_rename (fixture->path, fixture->away), ==, 0);
}

static void
put_history_back (Fixture *fixture)
{
  g_assert_cmpint (g_rename (fixture->away, fixture->path), ==, 0);
}

/* Another program writes to the history and keeps it: the store's writes find it busy. */
static sqlite3 *
hold_history (Fixture *fixture)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "BEGIN IMMEDIATE", NULL, NULL, NULL), ==, SQLITE_OK);
  tessera_store_set_busy_timeout (fixture->store, 10);
  return db;
}

static void
release_history (sqlite3 *db)
{
  g_assert_cmpint (sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
}

static char *
game_data (TesseraGame *game)
{
  g_autoptr(TesseraRecord) record = tessera_game_to_record (game);

  return tessera_record_to_data (record);
}

/* The history holds exactly the session's game. */
static void
assert_stored (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) stored = tessera_store_load_record (fixture->store,
                                                               tessera_session_get_game_id (fixture->session),
                                                               &error);
  g_autofree char *stored_data = NULL;
  g_autofree char *game = game_data (tessera_session_get_game (fixture->session));

  g_assert_no_error (error);
  stored_data = tessera_record_to_data (stored);
  g_assert_cmpstr (stored_data, ==, game);
}

static TesseraEvent *
record_event (Fixture *fixture,
              guint    index)
{
  return g_ptr_array_index (fixture->record->events, index);
}

/* Plays the record's moves up to @n_events. */
static void
play_to (Fixture *fixture,
         guint    n_events)
{
  TesseraGame *game = tessera_session_get_game (fixture->session);

  for (guint i = tessera_game_get_n_events (game); i < n_events; i++)
    {
      g_autoptr(GError) error = NULL;
      guint n_changed = fixture->n_changed;

      g_assert_true (tessera_session_apply (fixture->session, record_event (fixture, i), &error));
      g_assert_no_error (error);
      g_assert_cmpuint (fixture->n_changed, ==, n_changed + 1);
    }
}

static void
test_new_game (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) header = tessera_record_copy_header (fixture->record);
  g_autoptr(TesseraSession) purist = NULL;
  g_autoptr(TesseraSession) reopened = NULL;
  gboolean stored_purist = FALSE;

  g_assert_cmpint (tessera_session_get_game_id (fixture->session), >, 0);
  g_assert_true (tessera_session_get_store (fixture->session) == fixture->store);
  g_assert_cmpuint (tessera_game_get_n_events (tessera_session_get_game (fixture->session)), ==, 0);
  g_assert_false (tessera_session_get_purist (fixture->session));
  assert_stored (fixture);

  purist = tessera_session_new_game (fixture->store, header, TRUE, &error);
  g_assert_no_error (error);
  g_assert_true (tessera_session_get_purist (purist));
  g_assert_true (tessera_store_get_purist (fixture->store, tessera_session_get_game_id (purist), &stored_purist, &error));
  g_assert_true (stored_purist);
  g_assert_cmpint (tessera_session_get_game_id (purist), !=, tessera_session_get_game_id (fixture->session));

  /* Taken up again where it stopped. */
  play_to (fixture, 5);
  reopened = tessera_session_open (fixture->store, tessera_session_get_game_id (fixture->session), &error);
  g_assert_no_error (error);
  {
    g_autofree char *expected = game_data (tessera_session_get_game (fixture->session));
    g_autofree char *shown = game_data (tessera_session_get_game (reopened));

    g_assert_cmpstr (shown, ==, expected);
  }
  g_assert_null (tessera_session_open (fixture->store, 4242, &error));
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND);
}

/* A set-up the engine refuses, or a history that cannot take a game: no session, and nothing
 * stored (tessera_store_add_game() says 0 for no game). */
static void
test_new_game_refused (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) header = tessera_record_copy_header (fixture->record);
  g_autoptr(GPtrArray) games = NULL;

  for (guint purist = 0; purist <= 1; purist++)
    {
      move_history_away (fixture);
      g_assert_null (tessera_session_new_game (fixture->store, header, purist, &error));
      put_history_back (fixture);
      g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_GONE);
      g_clear_error (&error);
    }

  tessera_record_set_box_count (header, "D", TESSERA_BOX_MAX_COPIES + 1);
  g_assert_null (tessera_session_new_game (fixture->store, header, FALSE, &error));
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD);

  games = tessera_store_list_games (fixture->store, NULL);
  g_assert_cmpuint (games->len, ==, 1);
}

static void
test_apply (Fixture       *fixture,
            gconstpointer  data)
{
  TesseraGame *game = tessera_session_get_game (fixture->session);

  play_to (fixture, 1);
  g_assert_cmpuint (tessera_game_get_n_events (game), ==, 1);
  g_assert_true (tessera_event_equal (tessera_game_get_event (game, 0), record_event (fixture, 0)));
  assert_stored (fixture);
  play_to (fixture, 8);
  g_assert_true (tessera_session_get_game (fixture->session) == game);
  g_assert_cmpuint (fixture->n_game_notified, ==, 0);
  assert_stored (fixture);
}

/* A move the rules refuse: its reason, and the game and the history as they were. */
static void
test_apply_illegal (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  TesseraGame *game = tessera_session_get_game (fixture->session);

  play_to (fixture, 4);
  before = game_data (game);
  /* The same tile on the same cell again. */
  g_assert_false (tessera_session_apply (fixture->session, record_event (fixture, 3), &error));
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE);
  /* Numbered as the log numbers it: the fifth move, not the engine's "event 4". */
  {
    const char *name = tessera_game_get_player_names (game)[record_event (fixture, 3)->player];
    g_autofree char *prefix = g_strdup_printf ("Move 5 (%s’s turn): ", name);

    g_assert_true (g_str_has_prefix (error->message, prefix));
    g_assert_null (strstr (error->message, "event 4"));
  }
  after = game_data (game);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (fixture->n_changed, ==, 4);
  assert_stored (fixture);
}

/* The history fails: the move is taken back from the game too, and nobody is told of a change. */
static void
test_apply_store_fails (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  TesseraGame *game = tessera_session_get_game (fixture->session);

  play_to (fixture, 3);
  before = game_data (game);
  move_history_away (fixture);
  g_assert_false (tessera_session_apply (fixture->session, record_event (fixture, 3), &error));
  put_history_back (fixture);
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_GONE);
  after = game_data (game);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (tessera_game_get_n_events (game), ==, 3);
  g_assert_cmpuint (fixture->n_changed, ==, 3);
  assert_stored (fixture);

  /* Back in its place, the same move goes in. */
  play_to (fixture, 4);
  assert_stored (fixture);
}

static void
test_undo_redo (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  TesseraGame *game = tessera_session_get_game (fixture->session);
  guint n_changed;

  play_to (fixture, 6);
  n_changed = fixture->n_changed;
  for (guint i = 0; i < 3; i++)
    {
      g_assert_true (tessera_session_undo (fixture->session, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (fixture->n_changed, ==, ++n_changed);
      g_assert_cmpuint (tessera_game_get_n_events (game), ==, 5 - i);
      assert_stored (fixture);
    }
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (tessera_session_redo (fixture->session, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (fixture->n_changed, ==, ++n_changed);
      assert_stored (fixture);
    }
  g_assert_cmpuint (tessera_game_get_n_events (game), ==, 5);
  g_assert_true (tessera_event_equal (tessera_game_get_event (game, 4), record_event (fixture, 4)));

  /* The history fails: neither undo nor redo changes the game. */
  {
    g_autofree char *before = game_data (game);
    g_autofree char *after_undo = NULL;
    g_autofree char *after_redo = NULL;

    move_history_away (fixture);
    g_assert_false (tessera_session_undo (fixture->session, &error));
    g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_GONE);
    g_clear_error (&error);
    after_undo = game_data (game);
    g_assert_cmpstr (after_undo, ==, before);
    g_assert_false (tessera_session_redo (fixture->session, &error));
    g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_GONE);
    g_clear_error (&error);
    after_redo = game_data (game);
    g_assert_cmpstr (after_redo, ==, before);
    put_history_back (fixture);
    g_assert_cmpuint (fixture->n_changed, ==, n_changed);
    g_assert_true (tessera_game_can_redo (game));
    assert_stored (fixture);
  }
  g_assert_cmpuint (fixture->n_game_notified, ==, 0);
}

/* An earlier move corrected: the game is a new one (notify::game), the history the same. */
/* An Undo offered for one move takes back that move only while it is the last: a move entered
 * since, or the move already taken back, leaves the game and the history as they are. */
static void
test_undo_move (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  TesseraGame *game = tessera_session_get_game (fixture->session);
  guint n_changed;

  play_to (fixture, 5);
  n_changed = fixture->n_changed;
  g_assert_false (tessera_session_undo_move (fixture->session, record_event (fixture, 3), &error));
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE);
  g_clear_error (&error);
  g_assert_cmpuint (tessera_game_get_n_events (game), ==, 5);
  g_assert_cmpuint (fixture->n_changed, ==, n_changed);

  g_assert_true (tessera_session_undo_move (fixture->session, record_event (fixture, 4), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tessera_game_get_n_events (game), ==, 4);
  g_assert_cmpuint (fixture->n_changed, ==, n_changed + 1);
  assert_stored (fixture);

  /* Taken back already: the move now last is another. */
  g_assert_false (tessera_session_undo_move (fixture->session, record_event (fixture, 4), &error));
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE);
  g_assert_cmpuint (tessera_game_get_n_events (game), ==, 4);
  assert_stored (fixture);
}

static void
test_correct (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraEvent) adjust = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  TesseraGame *game;
  const TesseraEvent *last;

  play_to (fixture, 6);
  last = record_event (fixture, 5);
  adjust = tessera_event_new_adjust (last->player, 7, "counted on the table");
  g_assert_true (tessera_session_correct (fixture->session, 5, adjust, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->n_changed, ==, 7);
  g_assert_cmpuint (fixture->n_game_notified, ==, 1);
  game = tessera_session_get_game (fixture->session);
  g_assert_cmpuint (tessera_game_get_n_events (game), ==, 6);
  g_assert_true (tessera_event_equal (tessera_game_get_event (game, 5), adjust));
  assert_stored (fixture);

  /* The first tile on a cell that does not touch the start: refused, nothing changes. */
  before = game_data (game);
  {
    const TesseraEvent *first = record_event (fixture, 0);
    g_autoptr(TesseraEvent) apart = tessera_event_new_turn (first->player, first->tile, (TesseraCell) { 40, 40 },
                                                            first->rotation);

    g_assert_false (tessera_session_correct (fixture->session, 0, apart, &error));
    g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE);
    /* The correction dialog says "Correcting move 1"; the refusal names the same move. */
    g_assert_true (g_str_has_prefix (error->message, "Move 1 ("));
    g_clear_error (&error);
  }
  move_history_away (fixture);
  g_assert_false (tessera_session_correct (fixture->session, 5, (TesseraEvent *) last, &error));
  put_history_back (fixture);
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_GONE);
  g_assert_true (tessera_session_get_game (fixture->session) == game);
  after = game_data (game);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (fixture->n_changed, ==, 7);
  g_assert_cmpuint (fixture->n_game_notified, ==, 1);
  assert_stored (fixture);
}

/* The end is a move, with the time it ended in the record; refused, the record keeps none. */
static void
test_end (Fixture       *fixture,
          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) when = g_date_time_new_local (2026, 11, 28, 21, 30, 0);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  TesseraGame *game = tessera_session_get_game (fixture->session);
  const TesseraPlayed *played;

  play_to (fixture, 4);
  before = game_data (game);
  move_history_away (fixture);
  g_assert_false (tessera_session_end (fixture->session, when, &error));
  put_history_back (fixture);
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_GONE);
  g_clear_error (&error);
  after = game_data (game);
  g_assert_cmpstr (after, ==, before);
  g_assert_false (tessera_game_is_finished (game));
  g_assert_cmpuint (fixture->n_changed, ==, 4);

  g_assert_true (tessera_session_end (fixture->session, when, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->n_changed, ==, 5);
  g_assert_true (tessera_game_is_finished (game));
  played = tessera_game_get_played (game);
  g_assert_nonnull (played);
  g_assert_true (g_str_has_prefix (played->end, "2026-11-28T21:30:00"));
  assert_stored (fixture);
}

/* The history's word for game @game_id: "in-progress" or "finished". */
static char *
stored_state (Fixture *fixture,
              gint64   game_id)
{
  g_autofree char *sql = g_strdup_printf ("SELECT state || ':' || (SELECT count(final_score) FROM game_players "
                                          "WHERE game = %" G_GINT64_FORMAT ") FROM games WHERE id = %" G_GINT64_FORMAT,
                                          game_id, game_id);
  sqlite3 *db = NULL;
  sqlite3_stmt *statement = NULL;
  char *state;

  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &statement, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (statement), ==, SQLITE_ROW);
  state = g_strdup ((const char *) sqlite3_column_text (statement, 0));
  sqlite3_finalize (statement);
  sqlite3_close (db);
  return state;
}

/* B11: the turn that takes the last tile ends the game, in the history too, noted with the
 * time; a box corrected to hold a tile more opens it again, and the next last tile ends it. */
static void
test_last_tile (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "records", "box", "b11-last-tile-ends-game.json", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraRecord) header = NULL;
  g_autoptr(TesseraSession) session = NULL;
  g_autoptr(TesseraRecord) stored = NULL;
  g_autoptr(TesseraEvent) more = tessera_event_new (TESSERA_EVENT_TURN);
  g_autofree char *finished = NULL;
  g_autofree char *reopened = NULL;
  g_autofree char *again = NULL;
  TesseraBoxCount one_more = { (char *) "U", 2 };
  TesseraGame *game;
  gint64 game_id;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  record = tessera_record_load_from_data (contents, -1, &error);
  g_assert_no_error (error);
  header = tessera_record_copy_header (record);
  session = tessera_session_new_game (fixture->store, header, FALSE, &error);
  g_assert_no_error (error);
  game_id = tessera_session_get_game_id (session);
  for (guint i = 0; i < record->events->len; i++)
    {
      g_assert_true (tessera_session_apply (session, g_ptr_array_index (record->events, i), &error));
      g_assert_no_error (error);
    }
  game = tessera_session_get_game (session);
  g_assert_true (tessera_game_is_finished (game));
  g_assert_cmpint (tessera_game_get_score (game, 0), ==, 7);
  finished = stored_state (fixture, game_id);
  g_assert_cmpstr (finished, ==, "finished:2");
  stored = tessera_store_load_record (fixture->store, game_id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (stored->played);
  g_assert_nonnull (stored->played->end);

  g_assert_true (tessera_session_correct_box (session, &one_more, 1, &error));
  g_assert_no_error (error);
  game = tessera_session_get_game (session);
  g_assert_false (tessera_game_is_finished (game));
  g_assert_cmpint (tessera_game_get_score (game, 0), ==, 4);
  reopened = stored_state (fixture, game_id);
  g_assert_cmpstr (reopened, ==, "in-progress:0");

  more->player = 1;
  tessera_event_set_tile (more, "U");
  more->at = (TesseraCell) { -1, 0 };
  g_assert_true (tessera_session_apply (session, more, &error));
  g_assert_no_error (error);
  g_assert_true (tessera_game_is_finished (tessera_session_get_game (session)));
  again = stored_state (fixture, game_id);
  g_assert_cmpstr (again, ==, "finished:2");
}

static void
test_purist (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 game_id = tessera_session_get_game_id (fixture->session);
  gboolean stored = FALSE;

  g_assert_true (tessera_session_set_purist (fixture->session, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (tessera_session_get_purist (fixture->session));
  g_assert_cmpuint (fixture->n_purist_notified, ==, 1);
  g_assert_true (tessera_store_get_purist (fixture->store, game_id, &stored, &error));
  g_assert_true (stored);
  /* The same again is no change. */
  g_assert_true (tessera_session_set_purist (fixture->session, TRUE, &error));
  g_assert_cmpuint (fixture->n_purist_notified, ==, 1);

  {
    sqlite3 *other = hold_history (fixture);

    g_assert_false (tessera_session_set_purist (fixture->session, FALSE, &error));
    release_history (other);
  }
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_BUSY);
  g_assert_true (tessera_session_get_purist (fixture->session));
  g_assert_cmpuint (fixture->n_purist_notified, ==, 1);
  g_assert_cmpuint (fixture->n_changed, ==, 0);
}

/* The box corrected as a move is; refused by the history, the game is read from it again. */
static void
test_correct_box (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  TesseraGame *game = tessera_session_get_game (fixture->session);
  const TesseraSupplyEntry *first;
  TesseraBoxCount counts[2];
  guint tiles_left;

  play_to (fixture, 3);
  first = &g_array_index (tessera_game_get_box (game), TesseraSupplyEntry, 0);
  counts[0] = (TesseraBoxCount) { (char *) first->entry->id, first->left + 1 };
  tiles_left = tessera_game_get_tiles_left (game);
  g_assert_true (tessera_session_correct_box (fixture->session, counts, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, tiles_left + 1);
  g_assert_cmpuint (fixture->n_changed, ==, 4);
  assert_stored (fixture);

  /* A count the box cannot hold: refused, nothing changes. */
  before = game_data (game);
  counts[0].copies = TESSERA_BOX_MAX_COPIES + 1;
  g_assert_false (tessera_session_correct_box (fixture->session, counts, 1, &error));
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE);
  g_clear_error (&error);
  g_assert_true (tessera_session_get_game (fixture->session) == game);
  g_assert_cmpuint (fixture->n_changed, ==, 4);

  /* The history fails after the game took the counts: the game is the history's again. */
  counts[0].copies = first->left + 2;
  counts[1] = (TesseraBoxCount) { (char *) first->entry->id, first->left + 3 };
  move_history_away (fixture);
  g_assert_false (tessera_session_correct_box (fixture->session, counts, 2, &error));
  put_history_back (fixture);
  g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_GONE);
  g_assert_cmpuint (fixture->n_changed, ==, 5);
  g_assert_cmpuint (fixture->n_game_notified, ==, 1);
  after = game_data (tessera_session_get_game (fixture->session));
  g_assert_cmpstr (after, ==, before);
  assert_stored (fixture);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, test) \
  g_test_add ("/session/" path, Fixture, GUINT_TO_POINTER (7), fixture_set_up, test, fixture_tear_down)
  ADD ("new-game", test_new_game);
  ADD ("last-tile", test_last_tile);
  ADD ("new-game-refused", test_new_game_refused);
  ADD ("apply", test_apply);
  ADD ("apply-illegal", test_apply_illegal);
  ADD ("apply-store-fails", test_apply_store_fails);
  ADD ("undo-redo", test_undo_redo);
  ADD ("undo-move", test_undo_move);
  ADD ("correct", test_correct);
  ADD ("end", test_end);
  ADD ("purist", test_purist);
  ADD ("correct-box", test_correct_box);
#undef ADD

  return g_test_run ();
}
