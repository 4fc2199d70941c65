/* test-review-ui.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "tessera-player-profile.h"
#include "tessera-random-game.h"
#include "tessera-replay-view.h"
#include "tessera-review-panel.h"
#include "tessera-test-ui.h"

/* A finished game's review in its replay: made in a thread while the panel shows how far it is,
 * stoppable, kept in the history, equal to tessera-cli review's, and drawn: the chart of
 * expected final scores, the move's figures and the best turn on the board. */

static TesseraApplication *app;

static void
activate (GtkWidget  *widget,
          const char *action,
          GVariant   *parameter)
{
  g_assert_true (gtk_widget_activate_action_variant (widget, action, parameter));
  tessera_test_settle (2);
}

static const char *
panel_state (TesseraReplayView *replay)
{
  return tessera_review_panel_get_state (TESSERA_REVIEW_PANEL (tessera_replay_view_get_review_panel (replay)));
}

/* Waits for the review the replay is making, at most a minute. */
static void
wait_for_review (TesseraReplayView *replay)
{
  for (guint i = 0; i < 1200 && tessera_replay_view_get_review (replay) == NULL; i++)
    tessera_test_settle (50);
  g_assert_nonnull (tessera_replay_view_get_review (replay));
  g_assert_cmpstr (panel_state (replay), ==, "review");
}

/* Every label's text under @widget, one a line. */
static void
collect_labels (GtkWidget *widget,
                GString   *texts)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (texts, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_labels (child, texts);
}

static gboolean
get_boolean (gpointer    object,
             const char *property)
{
  gboolean value;

  g_object_get (object, property, &value, NULL);
  return value;
}

/* tessera-cli review --json of @record, against @review turn by turn. */
static void
check_cli_agrees (const TesseraRecord *record,
                  TesseraReview       *review,
                  const char          *folder)
{
  const char *cli = g_getenv ("TESSERA_CLI");
  g_autofree char *path = g_build_filename (folder, "game.json", NULL);
  g_autofree char *text = tessera_record_to_data (record);
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonArray *turns, *players;
  guint n_turns;
  const TesseraReviewTurn *reviewed = tessera_review_get_turns (review, &n_turns);
  int status = -1;

  if (cli == NULL)
    {
      g_test_skip ("TESSERA_CLI is not set; run the tests with meson test");
      return;
    }
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_spawn_sync (NULL, (char *[]) { (char *) cli, (char *) "review", (char *) "--json", path, NULL }, NULL,
                G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  root = json_from_string (out, &error);
  g_assert_no_error (error);
  turns = json_object_get_array_member (json_node_get_object (root), "turns");
  g_assert_cmpuint (json_array_get_length (turns), ==, n_turns);
  for (guint i = 0; i < n_turns; i++)
    {
      JsonObject *turn = json_array_get_object_element (turns, i);

      g_assert_cmpint (json_object_get_int_member (turn, "event"), ==, reviewed[i].event);
      g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (turn, "made"), "value"), ==, reviewed[i].made);
      g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (turn, "best"), "value"), ==, reviewed[i].best);
      g_assert_cmpfloat (json_object_get_double_member (turn, "luck"), ==, reviewed[i].luck);
    }
  players = json_object_get_array_member (json_node_get_object (root), "players");
  for (guint p = 0; p < tessera_review_get_n_players (review); p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);

      g_assert_cmpfloat (json_object_get_double_member (player, "lost"), ==, tessera_review_get_players (review)[p].lost);
      g_assert_cmpfloat (json_object_get_double_member (player, "luck"), ==, tessera_review_get_players (review)[p].luck);
      g_assert_cmpfloat (json_object_get_double_member (player, "accuracy"), ==, tessera_review_get_players (review)[p].accuracy);
    }
  g_unlink (path);
}

static void
test_review (void)
{
  static const char * const sets[] = { "wheel-of-fortune", "tower", "mage-witch", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("tessera-review-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "history.db", NULL);
  g_autoptr(TesseraStore) store = tessera_store_open (path, &error);
  g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (7, 3, sets);
  g_autoptr(TesseraRecord) unfinished = tessera_random_game_with_sets (8, 2, sets);
  g_autoptr(TesseraReview) kept = NULL;
  g_autoptr(TesseraGame) whole = tessera_game_new_from_record (record, G_MAXUINT, NULL);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  TesseraReplayView *replay = TESSERA_REPLAY_VIEW (tessera_replay_view_new ());
  TesseraReview *review;
  TesseraBoardView *board;
  TesseraChart *chart;
  gint64 game_id, unfinished_id;
  gboolean already;
  guint n_turns;
  const TesseraReviewTurn *turns;
  const TesseraReviewTurn *worst = NULL;

  g_assert_no_error (error);
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  g_ptr_array_set_size (unfinished->events, 30);
  unfinished_id = tessera_store_import_record (store, unfinished, &already, &error);
  g_assert_no_error (error);

  gtk_window_set_child (window, GTK_WIDGET (replay));
  gtk_window_set_default_size (window, 1280, 800);
  gtk_window_present (window);

  /* An unfinished game has no review to offer. */
  g_assert_true (tessera_replay_view_load (replay, store, unfinished_id, &error));
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (replay), "replay.review", NULL) &&
                  get_boolean (replay, "review-shown"));
  g_assert_false (get_boolean (replay, "review-shown"));

  /* Stopped while it is made: the panel says so, and Review Again makes it. */
  g_assert_true (tessera_replay_view_load (replay, store, game_id, &error));
  activate (GTK_WIDGET (replay), "replay.review", NULL);
  g_assert_true (get_boolean (replay, "review-shown"));
  g_assert_cmpstr (panel_state (replay), ==, "progress");
  activate (GTK_WIDGET (replay), "replay.stop-review", NULL);
  for (guint i = 0; i < 200 && g_strcmp0 (panel_state (replay), "failure") != 0; i++)
    tessera_test_settle (20);
  g_assert_cmpstr (panel_state (replay), ==, "failure");
  g_assert_null (tessera_replay_view_get_review (replay));
  activate (GTK_WIDGET (replay), "replay.review-again", NULL);
  g_assert_cmpstr (panel_state (replay), ==, "progress");
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-review-progress.png");
  wait_for_review (replay);
  review = tessera_replay_view_get_review (replay);

  /* Kept in the history, the same as the engine's and the command line's. */
  kept = tessera_store_load_review (store, game_id, record, &error);
  g_assert_no_error (error);
  g_assert_nonnull (kept);
  {
    g_autoptr(JsonNode) shown = tessera_review_to_stored_json (review);
    g_autoptr(JsonNode) stored = tessera_review_to_stored_json (kept);

    g_assert_true (json_node_equal (shown, stored));
  }
  check_cli_agrees (record, review, folder);

  /* The chart: each player's expected final score, from the review's start to the final scores. */
  chart = tessera_chart_view_get_chart (tessera_replay_view_get_chart (replay));
  g_assert_cmpuint (tessera_chart_get_n_series (chart), ==, 3);
  g_assert_cmpuint (tessera_chart_get_n_x (chart), ==, record->events->len + 1);
  for (guint p = 0; p < 3; p++)
    {
      g_autofree char *last = tessera_chart_dup_value_text (chart, p, record->events->len);
      g_autofree char *final = tessera_chart_format_value (tessera_game_get_score (whole, p), 1);
      g_autofree char *first = tessera_chart_dup_value_text (chart, p, 0);
      g_autofree char *start = tessera_chart_format_value (tessera_review_get_start_estimates (review)[p], 1);

      g_assert_cmpstr (last, ==, final);
      g_assert_cmpstr (first, ==, start);
    }

  /* The move that gave most away: its best turn on the board, from the position before it. */
  turns = tessera_review_get_turns (review, &n_turns);
  for (guint i = 0; i < n_turns; i++)
    if (worst == NULL || turns[i].best - turns[i].made > worst->best - worst->made)
      worst = &turns[i];
  g_assert_nonnull (worst);
  g_assert_cmpfloat (worst->best, >, worst->made);
  tessera_replay_view_set_position (replay, worst->event + 1);
  board = tessera_replay_view_get_board_view (replay);
  g_assert_true (tessera_board_view_get_game (board) == tessera_replay_view_get_game (replay));
  activate (GTK_WIDGET (replay), "replay.show-best", NULL);
  g_assert_true (get_boolean (replay, "best-shown"));
  g_assert_cmpuint (tessera_game_get_n_events (tessera_board_view_get_game (board)), ==, worst->event);
  g_assert_nonnull (tessera_board_view_get_shown_game (board));
  g_assert_cmpuint (tessera_game_get_n_events (tessera_board_view_get_shown_game (board)), ==, worst->event + 1);
  {
    TesseraGame *shown = tessera_board_view_get_shown_game (board);
    const TesseraEvent *event = tessera_game_get_event (shown, worst->event);

    g_assert_true (tessera_event_equal (event, worst->best_turn));
  }
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-review.png");
  gtk_window_set_default_size (window, 1024, 600);
  tessera_test_settle (200);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-review-1024x600.png");

  /* On a phone the review comes over the board, and nothing is wider than the screen. */
  gtk_window_set_default_size (window, 360, 640);
  tessera_test_settle (300);
  {
    int minimum;

    gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
    g_assert_cmpint (minimum, <=, 360);
  }
  /* Turned on there, it comes over the board. */
  activate (GTK_WIDGET (replay), "replay.review", NULL);
  g_assert_false (get_boolean (replay, "best-shown"));
  activate (GTK_WIDGET (replay), "replay.review", NULL);
  activate (GTK_WIDGET (replay), "replay.show-best", NULL);
  g_assert_true (get_boolean (replay, "review-shown"));
  g_assert_true (get_boolean (replay, "best-shown"));
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-review-phone.png");
  gtk_window_set_default_size (window, 1280, 800);
  tessera_test_settle (200);

  /* Back to the move made, and out of the review: the scores and their chart again. */
  activate (GTK_WIDGET (replay), "replay.show-best", NULL);
  g_assert_false (get_boolean (replay, "best-shown"));
  g_assert_true (tessera_board_view_get_game (board) == tessera_replay_view_get_game (replay));
  activate (GTK_WIDGET (replay), "replay.review", NULL);
  g_assert_false (get_boolean (replay, "review-shown"));
  {
    g_autofree char *last = tessera_chart_dup_value_text (chart, 0, record->events->len);
    g_autofree char *final = g_strdup_printf ("%d", tessera_game_get_score (whole, 0));

    g_assert_cmpstr (last, ==, final);
  }

  /* The profile of the first player: the review's figures, and against each opponent. */
  {
    GtkWidget *profile = tessera_player_profile_new ();
    const char *name = tessera_record_player_name (record, 0);
    TesseraReviewStats reviewed;
    g_autoptr(GString) texts = g_string_new (NULL);
    g_autofree char *accuracy = NULL;
    g_autofree char *against = NULL;
    g_autoptr(GArray) opponents = tessera_store_list_opponent_reviews (store, name, &error);
    const TesseraOpponentReview *first;

    g_assert_no_error (error);
    g_assert_true (tessera_store_get_review_stats (store, name, &reviewed, &error));
    g_assert_cmpuint (reviewed.n_games, ==, 1);
    g_object_ref_sink (profile);
    g_assert_true (tessera_player_profile_load (TESSERA_PLAYER_PROFILE (profile), store, name, &error));
    g_assert_no_error (error);
    collect_labels (profile, texts);
    accuracy = g_strdup_printf ("\n%.0f %%\nAccuracy in the Reviewed Game\n", 100.0 * reviewed.accuracy);
    g_assert_nonnull (strstr (texts->str, accuracy));
    g_assert_cmpuint (opponents->len, ==, 2);
    first = &g_array_index (opponents, TesseraOpponentReview, 0);
    against = g_strdup_printf ("1 reviewed: accuracy %.0f %% against %.0f %%", 100.0 * first->accuracy,
                               100.0 * first->opponent_accuracy);
    g_assert_nonnull (strstr (texts->str, against));
    g_object_unref (profile);
  }

  /* Shown again, the kept review comes from the history at once. */
  g_assert_true (tessera_replay_view_load (replay, store, game_id, &error));
  activate (GTK_WIDGET (replay), "replay.review", NULL);
  g_assert_cmpstr (panel_state (replay), ==, "review");
  g_assert_nonnull (tessera_replay_view_get_review (replay));

  gtk_window_destroy (window);
  g_clear_object (&store);
  tessera_test_remove_history (path);
  g_rmdir (folder);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *scratch_dir = NULL;

  app = tessera_test_ui_init (&argc, &argv, "tessera-review-ui", &scratch_dir);
  if (app == NULL)
    return g_test_run ();

  g_test_add_func ("/review-ui/review", test_review);

  return g_test_run ();
}
