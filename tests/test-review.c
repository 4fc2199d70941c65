/* test-review.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "tessera-engine.h"
#include "tessera-random-game.h"
#include "tessera-test-utils.h"

/* The estimate of the final scores and the game review (tessera-estimate.h, tessera-review.h):
 * the estimate's definition on a hand-built position, positions where the best turn is beyond
 * doubt, and properties over generated games of every combination of sets. */

static TesseraRecord *
load_review_record (const char *name)
{
  g_autoptr(GError) error = NULL;
  TesseraRecord *record = tessera_test_load_record ("review", name, &error);

  g_assert_no_error (error);
  return record;
}

static TesseraReview *
review_record (const TesseraRecord *record)
{
  g_autoptr(GError) error = NULL;
  TesseraReview *review = tessera_review_new (record, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (review);
  return review;
}

/* The review's last turn. */
static const TesseraReviewTurn *
last_turn (TesseraReview *review)
{
  guint n_turns;
  const TesseraReviewTurn *turns = tessera_review_get_turns (review, &n_turns);

  g_assert_cmpuint (n_turns, >, 0);
  return &turns[n_turns - 1];
}

/* The definition, counted by hand: before Anna's last turn in closing-city.json her city (the
 * start tile, F and M: 3 tiles, 2 pennants) has one open end, which only E closes, and 2 E are
 * left: P = 1 - (1/2)^2 = 0.75. Completed it would pay 2 x (4 tiles + 2 pennants) = 12,
 * unfinished 3 + 2 = 5: 0.75 x 12 + 0.25 x 5 = 10.25. Bram's road (start tile, U, V) has two
 * open ends and none of the 4 tiles left (2 B, 2 E) closes either: P = 0, 3 points. Each has 6
 * followers in supply, each worth 2 x 4 / 24 with 4 tiles left: 2 more each. */
static void
test_estimate_by_hand (void)
{
  g_autoptr(TesseraRecord) record = load_review_record ("closing-city.json");
  g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, 4, NULL);
  g_autoptr(TesseraEstimator) estimator = tessera_estimator_new ();
  double estimates[TESSERA_MAX_PLAYERS];
  guint n_pieces;
  const TesseraPiece *pieces;

  g_assert_nonnull (game);
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 4);
  tessera_game_estimate (game, estimates);
  g_assert_cmpfloat_with_epsilon (estimates[0], 12.25, 1e-9);
  g_assert_cmpfloat_with_epsilon (estimates[1], 5.0, 1e-9);

  pieces = tessera_game_get_pieces (game, &n_pieces);
  g_assert_cmpuint (n_pieces, ==, 2);
  for (guint i = 0; i < n_pieces; i++)
    g_assert_cmpfloat_with_epsilon (tessera_estimator_feature_chance (estimator, game, pieces[i].segment), pieces[i].player == 0 ? 0.75 : 0.0,
                                    1e-12);

  /* The same estimator again, after other positions: what it keeps does not change it. */
  for (guint n = 0; n <= 5; n++)
    {
      g_autoptr(TesseraGame) other = tessera_game_new_from_record (record, n, NULL);
      double other_estimates[TESSERA_MAX_PLAYERS];

      tessera_estimator_estimate (estimator, other, other_estimates);
    }
  tessera_estimator_estimate (estimator, game, estimates);
  g_assert_cmpfloat_with_epsilon (estimates[0], 12.25, 1e-9);
  g_assert_cmpfloat_with_epsilon (estimates[1], 5.0, 1e-9);
}

/* Closing Anna's four-tile city with two pennants is worth more than anything else E can do
 * there, extending her road included. */
static void
test_best_closes_city (void)
{
  g_autoptr(TesseraRecord) record = load_review_record ("closing-city.json");
  g_autoptr(TesseraReview) review = review_record (record);
  const TesseraReviewTurn *turn = last_turn (review);

  g_assert_cmpstr (turn->tile, ==, "E");
  g_assert_cmpint (turn->best_turn->at.x, ==, 1);
  g_assert_cmpint (turn->best_turn->at.y, ==, -2);
  g_assert_cmpint (turn->best_turn->rotation, ==, 270);
  /* The recorded turn closed it too, without the farmer the best one adds. */
  g_assert_cmpfloat (turn->made, <, turn->best);
}

/* When the recorded turn is the best one, it gains as much as the best. */
static void
test_recorded_best_gains_best (void)
{
  g_autoptr(TesseraRecord) record = load_review_record ("closing-city.json");
  g_autoptr(TesseraReview) first = review_record (record);
  g_autoptr(TesseraReview) second = NULL;
  const TesseraReviewTurn *turn = last_turn (first);
  guint n_events = record->events->len;

  g_ptr_array_remove_index (record->events, n_events - 1);
  g_ptr_array_add (record->events, tessera_event_ref (turn->best_turn));
  second = review_record (record);
  g_assert_cmpfloat (last_turn (second)->made, ==, turn->best);
  g_assert_cmpfloat (last_turn (second)->best, ==, turn->best);
  g_assert_cmpfloat (tessera_review_get_players (second)[0].lost, ==,
                     tessera_review_get_players (first)[0].lost - (turn->best - turn->made));
}

/* A tower floor that captures Bram's only knight in his big city beats every placement. */
static void
test_best_captures_knight (void)
{
  g_autoptr(TesseraRecord) record = load_review_record ("tower-capture.json");
  g_autoptr(TesseraReview) review = review_record (record);
  const TesseraEvent *best = last_turn (review)->best_turn;

  g_assert_cmpint (best->action, ==, TESSERA_ACTION_TOWER);
  g_assert_cmpint (best->tower_at.x, ==, 1);
  g_assert_cmpint (best->tower_at.y, ==, -1);
  g_assert_true (best->has_capture);
  g_assert_cmpint (best->capture.at.x, ==, 0);
  g_assert_cmpint (best->capture.at.y, ==, -1);
  /* Every tile left could have made the capture: no luck either way. */
  g_assert_cmpfloat (last_turn (review)->luck, ==, 0.0);
}

/* Only wheel tiles with a 3 are left: the pig goes to Storm, whose two crown spaces pay a
 * follower alone 6. */
static void
test_best_crown_pig_reaches (void)
{
  g_autoptr(TesseraRecord) record = load_review_record ("crown-storm.json");
  g_autoptr(TesseraReview) review = review_record (record);
  const TesseraEvent *best = last_turn (review)->best_turn;

  g_assert_cmpint (best->action, ==, TESSERA_ACTION_CROWN);
  g_assert_true (g_str_has_prefix (best->crown, "storm-"));
}

/* A finished game's estimate is its final scores, exactly, for every combination of sets. */
static const char * const *
sets_of (guint combination)
{
  static const char * const combinations[][6] = {
    { "base", NULL },
    { "wheel-of-fortune", NULL },
    { "base", "wheel-of-fortune", NULL },
    { "base", "tower", NULL },
    { "base", "mage-witch", NULL },
    { "base", "crop-circles", NULL },
    { "wheel-of-fortune", "tower", "mage-witch", NULL },
    { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL },
    { "base", "tower", "crop-circles", NULL },
    { "base", "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL },
  };

  return combinations[combination % G_N_ELEMENTS (combinations)];
}

#define N_COMBINATIONS 10

static void
test_finished_estimate_is_final_scores (void)
{
  for (guint seed = 1; seed <= 3 * N_COMBINATIONS; seed++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (seed, 2 + seed % 4, sets_of (seed));
      g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, G_MAXUINT, NULL);
      double estimates[TESSERA_MAX_PLAYERS];

      g_assert_true (tessera_game_is_finished (game));
      tessera_game_estimate (game, estimates);
      for (guint p = 0; p < tessera_game_get_n_players (game); p++)
        g_assert_cmpfloat (estimates[p], ==, tessera_game_get_score (game, p));
    }
}

static double
round_hundredths (double value)
{
  return round (value * 100.0) / 100.0;
}

/* The gain of @event from the position after @n_events of @record, worked out through the
 * engine's preview of it. */
static double
previewed_gain (const TesseraRecord *record,
                guint                n_events,
                TesseraEvent        *event)
{
  g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, n_events, NULL);
  g_auto(TesseraPreview) preview;
  g_autoptr(GError) error = NULL;
  double before[TESSERA_MAX_PLAYERS];
  double after[TESSERA_MAX_PLAYERS];

  tessera_preview_init (&preview);
  tessera_game_estimate (game, before);
  g_assert_true (tessera_game_preview (game, event, &preview, &error));
  g_assert_no_error (error);
  tessera_game_estimate (preview.after, after);
  return tessera_review_gain (tessera_game_get_n_players (game), (guint) event->player, before, after);
}

/* Every combination of sets, on the first turns of generated games (the whole games take a
 * benchmark's time): the best is never below the turn made, the best turn is legal where it
 * stands and gains what the review says, the recorded turn gains what the engine's preview of
 * it says, and each player's figures sum their turns. */
static void
test_properties (void)
{
  for (guint seed = 1; seed <= N_COMBINATIONS; seed++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (seed, 2 + seed % 4, sets_of (seed));
      g_autoptr(TesseraReview) review = NULL;
      g_autoptr(TesseraReview) again = NULL;
      g_autoptr(JsonNode) json = NULL;
      g_autoptr(JsonNode) json_again = NULL;
      const TesseraReviewPlayer *players;
      double lost[TESSERA_MAX_PLAYERS] = { 0 };
      double luck[TESSERA_MAX_PLAYERS] = { 0 };
      guint n_turns;
      const TesseraReviewTurn *turns;

      /* Some twenty turns: the whole game takes a benchmark's time. */
      g_ptr_array_set_size (record->events, MIN (record->events->len, 24));
      review = review_record (record);
      turns = tessera_review_get_turns (review, &n_turns);
      g_assert_cmpuint (n_turns, >, 10);

      for (guint i = 0; i < n_turns; i++)
        {
          const TesseraReviewTurn *turn = &turns[i];
          TesseraEvent *recorded = g_ptr_array_index (record->events, turn->event);
          g_autoptr(TesseraGame) position = tessera_game_new_from_record (record, turn->event, NULL);
          g_autoptr(GError) error = NULL;

          g_test_message ("seed %u, event %u: made %.2f, best %.2f, luck %.2f", seed, turn->event, turn->made, turn->best,
                          turn->luck);
          g_assert_cmpint (recorded->kind, ==, TESSERA_EVENT_TURN);
          g_assert_cmpuint (turn->player, ==, (guint) recorded->player);
          g_assert_cmpfloat (turn->best, >=, turn->made);
          g_assert_true (tessera_game_apply (position, turn->best_turn, &error));
          g_assert_no_error (error);
          g_assert_cmpstr (turn->best_turn->tile, ==, recorded->tile);
          g_assert_cmpfloat_with_epsilon (turn->best, round_hundredths (previewed_gain (record, turn->event, turn->best_turn)), 1e-9);
          g_assert_cmpfloat_with_epsilon (turn->made, round_hundredths (previewed_gain (record, turn->event, recorded)), 1e-9);
          lost[turn->player] += turn->best - turn->made;
          luck[turn->player] += turn->luck;
        }

      players = tessera_review_get_players (review);
      for (guint p = 0; p < tessera_review_get_n_players (review); p++)
        {
          g_assert_cmpfloat_with_epsilon (players[p].lost, round_hundredths (lost[p]), 1e-9);
          g_assert_cmpfloat_with_epsilon (players[p].luck, round_hundredths (luck[p]), 1e-9);
          g_assert_cmpfloat (players[p].accuracy, >=, 0.0);
          g_assert_cmpfloat (players[p].accuracy, <=, 1.0);
          if (players[p].lost == 0.0)
            g_assert_cmpfloat (players[p].accuracy, ==, 1.0);
          else
            g_assert_cmpfloat (players[p].accuracy, <, 1.0);
        }

      /* The same review again, whichever thread takes which turn. */
      again = review_record (record);
      json = tessera_review_to_json (review);
      json_again = tessera_review_to_json (again);
      g_assert_true (json_node_equal (json, json_again));
    }
}

/* The review's JSON: the members the contract (doc/cli.md) lists, and nothing else. */
static void
test_json_members (void)
{
  g_autoptr(TesseraRecord) record = load_review_record ("closing-city.json");
  g_autoptr(TesseraReview) review = review_record (record);
  g_autoptr(JsonNode) node = tessera_review_to_json (review);
  JsonObject *root = json_node_get_object (node);
  JsonArray *turns = json_object_get_array_member (root, "turns");
  JsonArray *players = json_object_get_array_member (root, "players");
  JsonObject *turn;
  JsonObject *best;
  JsonObject *player;

  g_assert_cmpuint (json_object_get_size (root), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (root, "method"), ==, TESSERA_ESTIMATE_METHOD);
  g_assert_cmpuint (json_array_get_length (turns), ==, 5);
  turn = json_array_get_object_element (turns, 4);
  g_assert_cmpuint (json_object_get_size (turn), ==, 6);
  g_assert_cmpint (json_object_get_int_member (turn, "event"), ==, 4);
  g_assert_cmpstr (json_object_get_string_member (turn, "player"), ==, "Anna");
  g_assert_cmpstr (json_object_get_string_member (turn, "tile"), ==, "E");
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (turn, "made"), "value"), ==,
                     last_turn (review)->made);
  best = json_object_get_object_member (turn, "best");
  g_assert_cmpuint (json_object_get_size (best), ==, 2);
  g_assert_cmpfloat (json_object_get_double_member (best, "value"), ==, last_turn (review)->best);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (best, "turn"), "tile"), ==, "E");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (best, "turn"), "player"), ==, 0);
  g_assert_true (json_object_has_member (turn, "luck"));
  g_assert_cmpuint (json_array_get_length (players), ==, 2);
  player = json_array_get_object_element (players, 1);
  g_assert_cmpuint (json_object_get_size (player), ==, 4);
  g_assert_cmpstr (json_object_get_string_member (player, "name"), ==, "Bram");
  g_assert_cmpfloat (json_object_get_double_member (player, "lost"), ==, tessera_review_get_players (review)[1].lost);
  g_assert_cmpfloat (json_object_get_double_member (player, "luck"), ==, tessera_review_get_players (review)[1].luck);
  g_assert_cmpfloat (json_object_get_double_member (player, "accuracy"), ==, tessera_review_get_players (review)[1].accuracy);
}

/* A record that breaks a rule is refused, naming the event; a cancelled review gives nothing. */
static void
test_refused (void)
{
  g_autoptr(TesseraRecord) record = load_review_record ("closing-city.json");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  TesseraEvent *last = g_ptr_array_index (record->events, record->events->len - 1);
  TesseraReview *review;

  g_cancellable_cancel (cancellable);
  review = tessera_review_new (record, cancellable, NULL, NULL, &error);
  g_assert_null (review);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  last->at.x = 5;
  review = tessera_review_new (record, NULL, NULL, NULL, &error);
  g_assert_null (review);
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE);
  g_assert_nonnull (strstr (error->message, "event 4"));
}

/* What the history keeps reads back as the same review; one counted in another estimate, or of
 * another game, is refused. */
static void
test_stored_json (void)
{
  g_autoptr(TesseraRecord) record = load_review_record ("tower-capture.json");
  g_autoptr(TesseraRecord) other = load_review_record ("closing-city.json");
  g_autoptr(TesseraReview) review = review_record (record);
  g_autoptr(TesseraReview) read = NULL;
  g_autoptr(JsonNode) stored = tessera_review_to_stored_json (review);
  g_autoptr(JsonNode) stored_again = NULL;
  g_autoptr(GError) error = NULL;
  guint n_turns, n_read;
  const TesseraReviewTurn *turns = tessera_review_get_turns (review, &n_turns);
  const TesseraReviewTurn *read_turns;

  read = tessera_review_new_from_stored_json (record, stored, &error);
  g_assert_no_error (error);
  stored_again = tessera_review_to_stored_json (read);
  g_assert_true (json_node_equal (stored, stored_again));
  read_turns = tessera_review_get_turns (read, &n_read);
  g_assert_cmpuint (n_read, ==, n_turns);
  for (guint i = 0; i < n_turns; i++)
    {
      g_assert_true (tessera_event_equal (read_turns[i].best_turn, turns[i].best_turn));
      for (guint p = 0; p < 2; p++)
        g_assert_cmpfloat (read_turns[i].estimates[p], ==, turns[i].estimates[p]);
    }
  g_assert_cmpfloat (tessera_review_get_start_estimates (read)[1], ==, tessera_review_get_start_estimates (review)[1]);
  for (guint p = 0; p < 2; p++)
    {
      g_assert_cmpuint (tessera_review_get_players (read)[p].n_turns, ==, tessera_review_get_players (review)[p].n_turns);
      g_assert_cmpuint (tessera_review_get_players (read)[p].n_turns, >, 0);
    }

  g_clear_pointer (&read, tessera_review_free);
  read = tessera_review_new_from_stored_json (other, stored, &error);
  g_assert_null (read);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);

  json_object_set_string_member (json_node_get_object (stored), "method", "tessera-estimate 0");
  read = tessera_review_new_from_stored_json (record, stored, &error);
  g_assert_null (read);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
}

static void
count_progress (guint    done,
                guint    total,
                gpointer user_data)
{
  guint *calls = user_data;

  g_assert_cmpuint (done, <=, total);
  g_assert_cmpuint (total, ==, 5);
  (*calls)++;
}

/* Progress is told once a turn. */
static void
test_progress (void)
{
  g_autoptr(TesseraRecord) record = load_review_record ("closing-city.json");
  g_autoptr(TesseraReview) review = NULL;
  guint calls = 0;

  review = tessera_review_new (record, NULL, count_progress, &calls, NULL);
  g_assert_nonnull (review);
  g_assert_cmpuint (calls, ==, 5);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/review/estimate/by-hand", test_estimate_by_hand);
  g_test_add_func ("/review/estimate/finished-is-final-scores", test_finished_estimate_is_final_scores);
  g_test_add_func ("/review/best/closes-city", test_best_closes_city);
  g_test_add_func ("/review/best/recorded-best", test_recorded_best_gains_best);
  g_test_add_func ("/review/best/captures-knight", test_best_captures_knight);
  g_test_add_func ("/review/best/crown-pig-reaches", test_best_crown_pig_reaches);
  g_test_add_func ("/review/properties", test_properties);
  g_test_add_func ("/review/json-members", test_json_members);
  g_test_add_func ("/review/refused", test_refused);
  g_test_add_func ("/review/progress", test_progress);
  g_test_add_func ("/review/stored-json", test_stored_json);

  return g_test_run ();
}
