/* tessera-replay-view.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-replay-view"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tessera-replay-view.h"
#include "tessera-figure-art.h"
#include "tessera-move-words.h"
#include "tessera-names.h"
#include "tessera-player-marks.h"
#include "tessera-review-panel.h"
#include "tessera-share-actions.h"

/* A stored game as it was: read-only, on the board and the scores after any of its events,
 * stepped through with a timeline. Each step replays the record through the engine up to
 * there (microseconds for a whole game), so nothing of the game's state is stored twice.
 *
 * A finished game can be reviewed (replay.review): each turn against the best its tile
 * allowed (tessera-review.h). The review is made once, in a thread, and kept in the history;
 * meanwhile the side panel shows how far it is. Then the panel shows the move's figures, the
 * chart each player's expected final score, and replay.show-best the best turn on the board. */

struct _TesseraReplayView
{
  GtkWidget          parent_instance;

  /* Template widgets */
  GtkWidget         *main_box;
  AdwWindowTitle    *window_title;
  TesseraBoardView  *board_view;
  GtkWidget         *chart_box;
  GtkScale          *timeline;
  GtkAdjustment     *timeline_adjustment;
  GtkLabel          *position_label;
  GtkWidget         *continue_button;
  GtkLabel          *move_label;
  GtkWidget         *review_button;
  GtkStack          *side_stack;
  TesseraReviewPanel *review_panel;
  TesseraScoreboard *scoreboard;
  TesseraScoreLog   *log;
  TesseraChartView  *chart;
  TesseraShareActions *share;   /* "share.*": the game at the move shown, to share */
  AdwFlap           *flap;

  /* Owned references */
  TesseraStore      *store;
  TesseraRecord     *record;
  TesseraGame       *game;       /* the game after the first position events of record */
  TesseraGame       *whole;      /* the whole game: each step copies it from its checkpoints */

  gint64             game_id;
  guint              position;
  gboolean           finished;   /* the whole record ends the game */

  /* The review */
  TesseraReview     *review;
  GCancellable      *reviewing;  /* while one is being made */
  gboolean           review_shown;
  gboolean           best_shown;
};

G_DEFINE_FINAL_TYPE (TesseraReplayView, tessera_replay_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_REVIEW_SHOWN,
  PROP_BEST_SHOWN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void show_review       (TesseraReplayView *self);
static void stop_review       (TesseraReplayView *self);
static void fill_review_chart (TesseraReplayView *self);

enum {
  CLOSED,
  CONTINUE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The review of the turn that led to the position shown, or NULL. */
static const TesseraReviewTurn *
find_review_turn (TesseraReplayView *self)
{
  guint n_turns;
  const TesseraReviewTurn *turns;

  if (self->review == NULL || self->position == 0)
    return NULL;
  turns = tessera_review_get_turns (self->review, &n_turns);
  for (guint i = 0; i < n_turns; i++)
    if (turns[i].event == self->position - 1)
      return &turns[i];
  return NULL;
}

static void
update_actions (TesseraReplayView *self)
{
  guint n_events = self->record != NULL ? self->record->events->len : 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.first", self->position > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.previous", self->position > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.next", self->position < n_events);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.last", self->position < n_events);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.continue", self->record != NULL && !self->finished);
  gtk_widget_set_visible (self->continue_button, self->record != NULL && !self->finished);
  /* Only a finished game is reviewed: an unfinished one has no final scores to aim at. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.review", self->record != NULL && self->finished);
  gtk_widget_set_visible (self->review_button, self->record != NULL && self->finished);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.stop-review", self->reviewing != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.review-again", self->review_shown && self->reviewing == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.show-best", self->review != NULL && self->review_shown &&
                                 find_review_turn (self) != NULL);
  /* BG Stats logs results: a game without them has nothing to send. */
  if (self->share != NULL)
    tessera_share_actions_set_game (self->share, self->game, self->store, self->game_id,
                                    self->record != NULL && self->finished);
}

/* "Move 34 of 72: 34 · Anna: tile D at 3, -1", for the side panel. */
static char *
describe_position (TesseraReplayView *self)
{
  guint n_events = self->record->events->len;
  g_autofree char *move = NULL;

  if (self->position == 0)
    return g_strdup (_("Before the first move"));
  move = tessera_score_log_describe_event (self->game, self->position - 1,
                                           tessera_game_get_event (self->game, self->position - 1));
  /* Translators: where a replay stands: "Move 34 of 72" and the move, as the score log says it */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Move %u of %u\n%s", "Move %u of %u\n%s", n_events),
                          self->position, n_events, move);
}

/* The review of the move shown: its figures in the panel, and with replay.show-best the best
 * turn on the board instead of the move made, as the game view draws a turn being entered. */
static void
show_review_move (TesseraReplayView *self)
{
  const TesseraReviewTurn *turn = find_review_turn (self);
  g_autoptr(TesseraGame) before = NULL;
  g_auto(TesseraPreview) preview;
  g_autoptr(GError) error = NULL;
  g_autofree char *words = NULL;

  tessera_preview_init (&preview);
  if (turn == NULL)
    {
      tessera_review_panel_set_move (self->review_panel, NULL, NULL);
      return;
    }
  before = tessera_game_copy_at (self->whole, self->position - 1);
  if (!tessera_game_preview (before, turn->best_turn, &preview, &error))
    {
      /* A stored review is checked against its game when read: this cannot happen. */
      g_warning ("The best turn of move %u does not fit: %s", self->position, error->message);
      tessera_review_panel_set_move (self->review_panel, turn, NULL);
      return;
    }
  words = tessera_move_describe (preview.after, self->position - 1);
  /* The log's "48 · Carmen: " is the move's own, already above. */
  tessera_review_panel_set_move (self->review_panel, turn, strstr (words, ": ") != NULL ? strstr (words, ": ") + 2 : words);
  if (self->best_shown)
    {
      const TesseraEvent *best = turn->best_turn;
      const TesseraBoxEntry *entry = tessera_game_lookup_tile (before, best->tile, NULL);

      tessera_board_view_set_game (self->board_view, before);
      tessera_board_view_game_changed (self->board_view);
      if (entry != NULL)
        tessera_board_view_set_pending_tile (self->board_view, entry->type, entry->wheel, best->at,
                                             (guint) (best->rotation / 90));
      tessera_board_view_set_preview (self->board_view, &preview);
    }
}

static void
show_position (TesseraReplayView *self)
{
  g_autofree char *where = describe_position (self);
  /* Translators: the replay's position under the board, "34 / 72" */
  g_autofree char *short_where = g_strdup_printf (_("%u / %u"), self->position, self->record->events->len);

  tessera_board_view_set_game (self->board_view, self->game);
  tessera_board_view_game_changed (self->board_view);
  tessera_board_view_clear_pending_tile (self->board_view);
  tessera_board_view_set_preview (self->board_view, NULL);
  tessera_scoreboard_set_game (self->scoreboard, self->game);
  tessera_score_log_set_n_shown (self->log, self->position);
  tessera_chart_set_current_x (tessera_chart_view_get_chart (self->chart), (int) self->position);
  gtk_label_set_text (self->move_label, where);
  gtk_label_set_text (self->position_label, short_where);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->timeline),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, where,
                                  -1);
  if (self->review != NULL && self->review_shown)
    show_review_move (self);
  update_actions (self);
}

/**
 * tessera_replay_view_set_position:
 * @position: how many of the game's events are played, from 0 (nothing placed) to all
 *
 * Shows the game as it was after that many events.
 */
void
tessera_replay_view_set_position (TesseraReplayView *self,
                                  guint              position)
{
  g_autoptr(TesseraGame) game = NULL;

  g_return_if_fail (TESSERA_IS_REPLAY_VIEW (self));
  g_return_if_fail (self->record != NULL);

  position = MIN (position, self->record->events->len);
  if (self->game != NULL && position == self->position)
    return;
  /* From the nearest checkpoint of the whole game, not from the first event: a step costs at
   * most TESSERA_GAME_CHECKPOINT_EVERY events, however long the game. */
  game = tessera_game_copy_at (self->whole, position);
  g_set_object (&self->game, game);
  self->position = position;
  if ((guint) gtk_adjustment_get_value (self->timeline_adjustment) != position)
    gtk_adjustment_set_value (self->timeline_adjustment, position);
  show_position (self);
}

static void
timeline_changed_cb (TesseraReplayView *self,
                     GtkAdjustment     *adjustment)
{
  if (self->record != NULL)
    tessera_replay_view_set_position (self, (guint) (gtk_adjustment_get_value (adjustment) + 0.5));
}

/* A line for each player of @values (n_players rows of an entry per event and one before
 * them), in their colour and with a marker of their own so that colour is not the only cue,
 * and their mark in the legend. */
static void
draw_chart (TesseraReplayView *self,
            TesseraGame       *whole,
            const char        *title,
            const char        *y_title,
            const double      *values)
{
  static const TesseraChartMarker markers[] = {
    TESSERA_CHART_MARKER_CIRCLE, TESSERA_CHART_MARKER_SQUARE, TESSERA_CHART_MARKER_TRIANGLE,
    TESSERA_CHART_MARKER_DIAMOND, TESSERA_CHART_MARKER_CROSS,
  };
  TesseraChart *chart = tessera_chart_view_get_chart (self->chart);
  guint n_players = tessera_game_get_n_players (whole);
  guint n_points = tessera_game_get_n_events (whole) + 1;
  const char * const *names = tessera_game_get_player_names (whole);
  g_auto(GStrv) labels = g_new0 (char *, n_points + 1);
  g_auto(GStrv) marks = tessera_player_marks_make_letters (names, n_players);

  for (guint x = 0; x < n_points; x++)
    /* Translators: a point of the score chart, after that many moves of the game */
    labels[x] = g_strdup_printf (_("Move %u"), x);

  tessera_chart_clear (chart);
  tessera_chart_view_set_title (self->chart, title);
  tessera_chart_set_x_labels (chart, (const char * const *) labels);
  tessera_chart_set_x_title (chart, _("Moves"));
  tessera_chart_set_y_title (chart, y_title);
  tessera_chart_set_current_x (chart, (int) self->position);
  for (guint p = 0; p < n_players; p++)
    {
      GdkRGBA rgba;

      tessera_figure_art_player_rgba (tessera_game_get_player_color (whole, p), &rgba);
      tessera_chart_add_series (chart, names[p], &rgba, markers[p % G_N_ELEMENTS (markers)],
                                values + (gsize) p * n_points, n_points);
      tessera_chart_set_series_mark (chart, p, marks[p]);
    }
}

/* Each player's total after every event of the whole game. */
static void
fill_chart (TesseraReplayView *self)
{
  TesseraGame *whole = self->whole;
  guint n_players = tessera_game_get_n_players (whole);
  guint n_points = tessera_game_get_n_events (whole) + 1;
  guint n_scores;
  const TesseraScoreEvent *scores = tessera_game_get_score_events (whole, &n_scores);
  g_autofree double *totals = g_new0 (double, (gsize) n_players * n_points);

  /* The total after x events: what the scorings of the first x events add up to. */
  for (guint s = 0; s < n_scores; s++)
    for (guint x = scores[s].event + 1; x < n_points; x++)
      totals[scores[s].player * n_points + x] += scores[s].points;
  draw_chart (self, whole, _("Score Progression"), _("Score"), totals);
}

/* Each player's expected final score after every event, as the review counted it: after a
 * turn the estimate the review made, after anything else the one before, and at the end the
 * final scores, which a finished game's estimate is. */
static void
fill_review_chart (TesseraReplayView *self)
{
  TesseraGame *whole = self->whole;
  guint n_players = tessera_game_get_n_players (whole);
  guint n_points = tessera_game_get_n_events (whole) + 1;
  g_autofree double *values = g_new0 (double, (gsize) n_players * n_points);
  const double *start = tessera_review_get_start_estimates (self->review);
  guint n_turns;
  const TesseraReviewTurn *turns = tessera_review_get_turns (self->review, &n_turns);
  double now[TESSERA_MAX_PLAYERS];
  guint t = 0;

  memcpy (now, start, sizeof (double) * n_players);
  for (guint x = 0; x < n_points; x++)
    {
      if (x > 0 && t < n_turns && turns[t].event == x - 1)
        memcpy (now, turns[t++].estimates, sizeof (double) * n_players);
      else if (x > 0 && x == n_points - 1 && tessera_game_is_finished (whole))
        for (guint p = 0; p < n_players; p++)
          now[p] = tessera_game_get_score (whole, p);
      for (guint p = 0; p < n_players; p++)
        values[p * n_points + x] = now[p];
    }
  draw_chart (self, whole, _("Expected Final Scores"), _("Expected score"), values);
}

static void
chart_point_activated_cb (TesseraReplayView *self,
                          guint              series,
                          guint              x)
{
  tessera_replay_view_set_position (self, x);
}

/**
 * tessera_replay_view_load:
 * @store: the history
 * @game_id: a game of @store
 *
 * Shows a stored game on its last event, ready to step back through it.
 */
gboolean
tessera_replay_view_load (TesseraReplayView  *self,
                          TesseraStore       *store,
                          gint64              game_id,
                          GError            **error)
{
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraGame) game = NULL;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (TESSERA_IS_REPLAY_VIEW (self), FALSE);
  g_return_val_if_fail (TESSERA_IS_STORE (store), FALSE);

  if (!(record = tessera_store_load_record (store, game_id, error)))
    return FALSE;
  if (!(game = tessera_game_new_from_record (record, G_MAXUINT, error)))
    return FALSE;

  stop_review (self);
  g_clear_pointer (&self->review, tessera_review_free);
  self->review_shown = FALSE;
  self->best_shown = FALSE;
  gtk_stack_set_visible_child_name (self->side_stack, "scores");
  g_set_object (&self->store, store);
  g_clear_pointer (&self->record, tessera_record_free);
  self->record = g_steal_pointer (&record);
  self->game_id = game_id;
  self->finished = tessera_game_is_finished (game);
  self->position = self->record->events->len;
  g_set_object (&self->game, game);
  g_set_object (&self->whole, game);

  fill_chart (self);
  /* The whole game's log once; each step shows its part. */
  tessera_score_log_set_game (self->log, game);
  subtitle = tessera_played_phrase (self->record->played);
  adw_window_title_set_subtitle (self->window_title, subtitle != NULL ? subtitle : "");
  /* The adjustment's value follows the position; its change must not step again. */
  g_signal_handlers_block_by_func (self->timeline_adjustment, timeline_changed_cb, self);
  gtk_adjustment_configure (self->timeline_adjustment, self->position, 0, self->record->events->len, 1, 10, 0);
  g_signal_handlers_unblock_by_func (self->timeline_adjustment, timeline_changed_cb, self);
  gtk_scale_clear_marks (self->timeline);
  show_position (self);
  tessera_board_view_fit (self->board_view);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEW_SHOWN]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BEST_SHOWN]);
  return TRUE;
}

gint64
tessera_replay_view_get_game_id (TesseraReplayView *self)
{
  g_return_val_if_fail (TESSERA_IS_REPLAY_VIEW (self), 0);
  return self->game_id;
}

guint
tessera_replay_view_get_n_events (TesseraReplayView *self)
{
  g_return_val_if_fail (TESSERA_IS_REPLAY_VIEW (self), 0);
  return self->record != NULL ? self->record->events->len : 0;
}

guint
tessera_replay_view_get_position (TesseraReplayView *self)
{
  g_return_val_if_fail (TESSERA_IS_REPLAY_VIEW (self), 0);
  return self->position;
}

/* Returns: (transfer none): the game as it stands at the replay's position */
TesseraGame *
tessera_replay_view_get_game (TesseraReplayView *self)
{
  g_return_val_if_fail (TESSERA_IS_REPLAY_VIEW (self), NULL);
  return self->game;
}

TesseraBoardView *
tessera_replay_view_get_board_view (TesseraReplayView *self)
{
  g_return_val_if_fail (TESSERA_IS_REPLAY_VIEW (self), NULL);
  return self->board_view;
}

TesseraScoreboard *
tessera_replay_view_get_scoreboard (TesseraReplayView *self)
{
  g_return_val_if_fail (TESSERA_IS_REPLAY_VIEW (self), NULL);
  return self->scoreboard;
}

/* Returns: (transfer none) (nullable): the game's review, once it is shown */
TesseraReview *
tessera_replay_view_get_review (TesseraReplayView *self)
{
  g_return_val_if_fail (TESSERA_IS_REPLAY_VIEW (self), NULL);
  return self->review;
}

/* Returns: (transfer none): the TesseraReviewPanel of the side panel */
GtkWidget *
tessera_replay_view_get_review_panel (TesseraReplayView *self)
{
  g_return_val_if_fail (TESSERA_IS_REPLAY_VIEW (self), NULL);
  return GTK_WIDGET (self->review_panel);
}

/* The score progression under the board. */
TesseraChartView *
tessera_replay_view_get_chart (TesseraReplayView *self)
{
  g_return_val_if_fail (TESSERA_IS_REPLAY_VIEW (self), NULL);
  return self->chart;
}

/* The review -------------------------------------------------------------------------------- */

/* What the review's thread works on: the record, and the view to tell of its progress. The
 * view is only ever looked at in the main thread, so that the thread never holds it (and never
 * drops its last reference). */
typedef struct
{
  gatomicrefcount  ref_count;
  GWeakRef         self;
  TesseraRecord   *record;
} ReviewJob;

static ReviewJob *
review_job_ref (ReviewJob *job)
{
  g_atomic_ref_count_inc (&job->ref_count);
  return job;
}

static void
review_job_unref (ReviewJob *job)
{
  if (!g_atomic_ref_count_dec (&job->ref_count))
    return;
  g_weak_ref_clear (&job->self);
  tessera_record_free (job->record);
  g_free (job);
}

typedef struct
{
  ReviewJob *job;
  guint      done;
  guint      total;
} ReviewProgress;

static void
review_progress_free (gpointer data)
{
  ReviewProgress *progress = data;

  review_job_unref (progress->job);
  g_free (progress);
}

static gboolean
show_review_progress (gpointer data)
{
  ReviewProgress *progress = data;
  g_autoptr(TesseraReplayView) self = g_weak_ref_get (&progress->job->self);

  if (self != NULL && self->reviewing != NULL)
    tessera_review_panel_show_progress (self->review_panel, progress->done, progress->total);
  return G_SOURCE_REMOVE;
}

/* Called in the review's threads: the panel is told in the main thread. */
static void
review_progress_cb (guint    done,
                    guint    total,
                    gpointer user_data)
{
  ReviewProgress *progress = g_new0 (ReviewProgress, 1);

  progress->job = review_job_ref (user_data);
  progress->done = done;
  progress->total = total;
  g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT, show_review_progress, progress, review_progress_free);
}

static void
review_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ReviewJob *job = task_data;
  TesseraReview *review;
  GError *error = NULL;

  review = tessera_review_new (job->record, cancellable, review_progress_cb, job, &error);
  if (review == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, review, (GDestroyNotify) tessera_review_free);
}

static void
review_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  TesseraReplayView *self = TESSERA_REPLAY_VIEW (source);
  GTask *task = G_TASK (result);
  g_autoptr(TesseraReview) review = NULL;
  g_autoptr(GError) error = NULL;
  gint64 game_id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (task), "game-id"));

  review = g_task_propagate_pointer (task, &error);
  /* A review stopped, or of a game no longer shown: nothing to show. */
  if (g_task_get_cancellable (task) != self->reviewing)
    return;
  g_clear_object (&self->reviewing);
  if (review == NULL || game_id != self->game_id)
    {
      if (error != NULL)
        tessera_review_panel_show_failure (self->review_panel, error->message);
      update_actions (self);
      return;
    }

  self->review = g_steal_pointer (&review);
  /* Kept with the game, so that it is made once; a history that cannot keep it still shows it. */
  if (!tessera_store_save_review (self->store, self->game_id, self->review, &error))
    g_warning ("The review of game %" G_GINT64_FORMAT " could not be kept: %s", self->game_id, error->message);
  show_review (self);
}

/* Makes the review in a thread, the panel showing how far it is. */
static void
start_review (TesseraReplayView *self)
{
  g_autoptr(GTask) task = NULL;
  guint n_turns = 0;

  stop_review (self);
  self->reviewing = g_cancellable_new ();
  for (guint i = 0; i < self->record->events->len; i++)
    n_turns += ((TesseraEvent *) g_ptr_array_index (self->record->events, i))->kind == TESSERA_EVENT_TURN;
  tessera_review_panel_show_progress (self->review_panel, 0, n_turns);
  task = g_task_new (self, self->reviewing, review_done_cb, NULL);
  g_task_set_source_tag (task, start_review);
  g_object_set_data (G_OBJECT (task), "game-id", GSIZE_TO_POINTER (self->game_id));
  {
    ReviewJob *job = g_new0 (ReviewJob, 1);

    g_atomic_ref_count_init (&job->ref_count);
    g_weak_ref_init (&job->self, self);
    job->record = tessera_record_copy (self->record);
    g_task_set_task_data (task, job, (GDestroyNotify) review_job_unref);
  }
  g_task_run_in_thread (task, review_thread);
  update_actions (self);
}

static void
stop_review (TesseraReplayView *self)
{
  if (self->reviewing == NULL)
    return;
  g_cancellable_cancel (self->reviewing);
  g_clear_object (&self->reviewing);
}

/* The review in the side panel and the chart, and the move shown in its light. */
static void
show_review (TesseraReplayView *self)
{
  tessera_review_panel_set_review (self->review_panel, self->review, self->whole);
  fill_review_chart (self);
  show_position (self);
}

static void
set_review_shown (TesseraReplayView *self,
                  gboolean           shown)
{
  g_autoptr(GError) error = NULL;

  shown = shown && self->record != NULL && self->finished;
  if (shown == self->review_shown)
    return;
  self->review_shown = shown;
  gtk_stack_set_visible_child_name (self->side_stack, shown ? "review" : "scores");
  if (!shown)
    {
      self->best_shown = FALSE;
      fill_chart (self);
      show_position (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BEST_SHOWN]);
    }
  else if (self->review != NULL)
    show_review (self);
  else if (self->reviewing == NULL)
    {
      self->review = tessera_store_load_review (self->store, self->game_id, self->record, &error);
      if (self->review != NULL)
        show_review (self);
      else
        {
          /* A kept review the history cannot read is made again, and replaces it. */
          if (error != NULL)
            g_warning ("%s", error->message);
          start_review (self);
        }
    }
  /* The side panel holds the review: on a narrow window it comes over the board. It is
   * narrower than the scores', so the board is fitted again to the room it leaves. */
  if (shown)
    adw_flap_set_reveal_flap (self->flap, TRUE);
  tessera_board_view_queue_fit (self->board_view);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEW_SHOWN]);
}

static void
set_best_shown (TesseraReplayView *self,
                gboolean           shown)
{
  shown = shown && self->review != NULL && self->review_shown;
  if (shown == self->best_shown)
    return;
  self->best_shown = shown;
  show_position (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BEST_SHOWN]);
}

static void
stop_review_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TesseraReplayView *self = TESSERA_REPLAY_VIEW (widget);

  if (self->reviewing == NULL)
    return;
  stop_review (self);
  tessera_review_panel_show_failure (self->review_panel, _("The review was stopped. Made again, it starts from the first turn."));
  update_actions (self);
}

static void
review_again_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  TesseraReplayView *self = TESSERA_REPLAY_VIEW (widget);

  if (self->record != NULL && self->finished && self->review_shown)
    start_review (self);
}

static void
tessera_replay_view_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  TesseraReplayView *self = TESSERA_REPLAY_VIEW (object);

  switch (prop_id)
    {
    case PROP_REVIEW_SHOWN:
      g_value_set_boolean (value, self->review_shown);
      break;
    case PROP_BEST_SHOWN:
      g_value_set_boolean (value, self->best_shown);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_replay_view_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  TesseraReplayView *self = TESSERA_REPLAY_VIEW (object);

  switch (prop_id)
    {
    case PROP_REVIEW_SHOWN:
      set_review_shown (self, g_value_get_boolean (value));
      break;
    case PROP_BEST_SHOWN:
      set_best_shown (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TesseraReplayView *self = TESSERA_REPLAY_VIEW (widget);
  guint n_events = tessera_replay_view_get_n_events (self);

  if (self->record == NULL)
    return;
  if (g_str_equal (action_name, "replay.first"))
    tessera_replay_view_set_position (self, 0);
  else if (g_str_equal (action_name, "replay.previous") && self->position > 0)
    tessera_replay_view_set_position (self, self->position - 1);
  else if (g_str_equal (action_name, "replay.next"))
    tessera_replay_view_set_position (self, MIN (self->position + 1, n_events));
  else if (g_str_equal (action_name, "replay.last"))
    tessera_replay_view_set_position (self, n_events);
}

static void
continue_response_cb (AdwMessageDialog  *dialog,
                      const char        *response,
                      TesseraReplayView *self)
{
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "continue") != 0)
    return;
  /* The moves after this one leave the history, as undoing them in the game would. */
  if (!tessera_store_truncate (self->store, self->game_id, self->position, &error))
    {
      GtkWidget *refusal = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                                   _("The Game Cannot Go On from Here"), error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (refusal), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (refusal));
      return;
    }
  g_signal_emit (self, signals[CONTINUE], 0, self->game_id);
}

static void
continue_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TesseraReplayView *self = TESSERA_REPLAY_VIEW (widget);
  guint n_later = tessera_replay_view_get_n_events (self) - self->position;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (self->record == NULL || self->finished)
    return;
  if (n_later == 0)
    {
      g_signal_emit (self, signals[CONTINUE], 0, self->game_id);
      return;
    }
  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "The move after this one is taken out of the history, and the game goes on from here.",
                                       "The %u moves after this one are taken out of the history, and the game goes on from here.",
                                       n_later),
                          n_later);
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)), _("Continue from This Move?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "continue", _("_Take Them Out and Continue"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "continue", ADW_RESPONSE_DESTRUCTIVE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (continue_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  g_signal_emit (widget, signals[CLOSED], 0);
}

static void
tessera_replay_view_dispose (GObject *object)
{
  TesseraReplayView *self = TESSERA_REPLAY_VIEW (object);

  stop_review (self);
  g_clear_pointer (&self->review, tessera_review_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), TESSERA_TYPE_REPLAY_VIEW);
  g_clear_object (&self->share);
  g_clear_object (&self->game);
  g_clear_object (&self->whole);
  g_clear_object (&self->store);
  g_clear_pointer (&self->record, tessera_record_free);

  G_OBJECT_CLASS (tessera_replay_view_parent_class)->dispose (object);
}

/**
 * tessera_replay_view_focus_timeline:
 * @self: the replay view
 *
 * Shown, the replay gives the keyboard to its timeline: Left, Right, Home and End step through
 * the game at once, and Enter never reaches the Back button. (Not the view's grab_focus, which
 * GTK calls when Tab wraps round the window.)
 *
 * Returns: whether the timeline took the focus
 */
gboolean
tessera_replay_view_focus_timeline (TesseraReplayView *self)
{
  g_return_val_if_fail (TESSERA_IS_REPLAY_VIEW (self), FALSE);

  return gtk_widget_grab_focus (GTK_WIDGET (self->timeline));
}

static void
tessera_replay_view_class_init (TesseraReplayViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_replay_view_dispose;
  object_class->get_property = tessera_replay_view_get_property;
  object_class->set_property = tessera_replay_view_set_property;

  /**
   * TesseraReplayView:review-shown:
   *
   * Whether the side panel and the chart show the game's review (replay.review).
   */
  properties[PROP_REVIEW_SHOWN] =
    g_param_spec_boolean ("review-shown", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * TesseraReplayView:best-shown:
   *
   * Whether the board shows the best turn instead of the move made (replay.show-best).
   */
  properties[PROP_BEST_SHOWN] =
    g_param_spec_boolean ("best-shown", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TesseraReplayView::closed:
   *
   * The back button: the window shows where the replay was opened from.
   */
  signals[CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * TesseraReplayView::continue:
   * @game_id: the game, now ending at the replay's position
   *
   * An unfinished game is to go on from the move shown: the window resumes it.
   */
  signals[CONTINUE] = g_signal_new ("continue", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-replay-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraReplayView, main_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraReplayView, window_title);
  gtk_widget_class_bind_template_child (widget_class, TesseraReplayView, board_view);
  gtk_widget_class_bind_template_child (widget_class, TesseraReplayView, chart_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraReplayView, timeline);
  gtk_widget_class_bind_template_child (widget_class, TesseraReplayView, timeline_adjustment);
  gtk_widget_class_bind_template_child (widget_class, TesseraReplayView, position_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraReplayView, continue_button);
  gtk_widget_class_bind_template_child (widget_class, TesseraReplayView, move_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraReplayView, review_button);
  gtk_widget_class_bind_template_child (widget_class, TesseraReplayView, side_stack);
  gtk_widget_class_bind_template_child (widget_class, TesseraReplayView, review_panel);
  gtk_widget_class_bind_template_child (widget_class, TesseraReplayView, flap);
  gtk_widget_class_bind_template_child (widget_class, TesseraReplayView, scoreboard);
  gtk_widget_class_bind_template_child (widget_class, TesseraReplayView, log);

  gtk_widget_class_install_action (widget_class, "replay.first", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.previous", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.next", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.last", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.continue", NULL, continue_action);
  gtk_widget_class_install_action (widget_class, "replay.close", NULL, close_action);
  gtk_widget_class_install_property_action (widget_class, "replay.review", "review-shown");
  gtk_widget_class_install_property_action (widget_class, "replay.show-best", "best-shown");
  gtk_widget_class_install_action (widget_class, "replay.stop-review", NULL, stop_review_action);
  gtk_widget_class_install_action (widget_class, "replay.review-again", NULL, review_again_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "replay.first", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "replay.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "replay.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, 0, "replay.last", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "replay.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "replay.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "share.export-image", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_S, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "share.export-image", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "share.print-score-sheet", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "replay.review", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_b, GDK_CONTROL_MASK, "replay.show-best", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  g_type_ensure (TESSERA_TYPE_BOARD_VIEW);
  g_type_ensure (TESSERA_TYPE_SCOREBOARD);
  g_type_ensure (TESSERA_TYPE_SCORE_LOG);
  g_type_ensure (TESSERA_TYPE_REVIEW_PANEL);
}

static void
tessera_replay_view_init (TesseraReplayView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The board fits itself, and sharing is the same as the game view's: one action each. */
  gtk_widget_insert_action_group (GTK_WIDGET (self), "board", tessera_board_view_get_actions (self->board_view));
  self->share = tessera_share_actions_new (GTK_WIDGET (self));
  gtk_widget_insert_action_group (GTK_WIDGET (self), "share", G_ACTION_GROUP (self->share));
  self->chart = TESSERA_CHART_VIEW (tessera_chart_view_new (TESSERA_CHART_LINE));
  tessera_chart_view_set_title (self->chart, _("Score Progression"));
  gtk_widget_set_margin_start (GTK_WIDGET (self->chart), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->chart), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->chart), 6);
  /* The board comes first: the chart keeps to a strip under it. */
  tessera_chart_set_natural_height (tessera_chart_view_get_chart (self->chart), 170);
  g_object_bind_property (tessera_player_marks_get_default (), "shown",
                          tessera_chart_view_get_chart (self->chart), "show-marks", G_BINDING_SYNC_CREATE);
  gtk_box_append (GTK_BOX (self->chart_box), GTK_WIDGET (self->chart));
  g_signal_connect_object (tessera_chart_view_get_chart (self->chart), "point-activated",
                           G_CALLBACK (chart_point_activated_cb), self, G_CONNECT_SWAPPED);
  tessera_score_log_set_correctable (self->log, FALSE);
  tessera_scoreboard_set_read_only (self->scoreboard, TRUE);
  g_signal_connect_object (self->timeline_adjustment, "value-changed", G_CALLBACK (timeline_changed_cb), self,
                           G_CONNECT_SWAPPED);
  update_actions (self);
}

GtkWidget *
tessera_replay_view_new (void)
{
  return g_object_new (TESSERA_TYPE_REPLAY_VIEW, NULL);
}
