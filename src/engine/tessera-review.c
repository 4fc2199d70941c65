/* tessera-review.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-review"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "tessera-engine-private.h"
#include "tessera-game-private.h"
#include "tessera-review.h"
#include "tessera-spot.h"
#include "tessera-turn.h"

/* The review replays the record once, keeping the position before every turn, then reviews
 * the turns on as many threads as there are processors (at most four), each with its own
 * estimator. For a turn it tries the turns the drawn tile allows (which ones: see N_TOP),
 * through the same steps the app and the command line enter a turn with (TesseraTurn),
 * applies each to a game kept for trying and estimates it; then it does the same for every
 * other kind of tile left, for the luck. The other players' answers within a turn (the Plague,
 * a crop circle) are the ones the record gives where they are legal; otherwise they pass where
 * they may, or give the first follower the rules list. */

#define MAX_THREADS 4

struct _TesseraReview
{
  guint                n_players;
  char                *names[TESSERA_MAX_PLAYERS + 1];
  GArray              *turns;     /* TesseraReviewTurn */
  TesseraReviewPlayer  players[TESSERA_MAX_PLAYERS];
  double               start[TESSERA_MAX_PLAYERS];
};

void
tessera_review_free (TesseraReview *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->turns->len; i++)
    g_clear_pointer (&g_array_index (self->turns, TesseraReviewTurn, i).best_turn, tessera_event_unref);
  g_array_unref (self->turns);
  for (guint p = 0; p < self->n_players; p++)
    g_free (self->names[p]);
  g_free (self);
}

/**
 * tessera_review_gain:
 * @before: (array): each player's estimate before a turn
 * @after: (array): and after it
 *
 * Returns: what the turn gained @player: their change of estimate less the mean of the other
 *   players' changes
 */
double
tessera_review_gain (guint         n_players,
                     guint         player,
                     const double *before,
                     const double *after)
{
  double others = 0.0;

  for (guint q = 0; q < n_players; q++)
    if (q != player)
      others += after[q] - before[q];
  return (after[player] - before[player]) - (n_players > 1 ? others / (n_players - 1) : 0.0);
}

/* Searching the turns a tile allows -------------------------------------------------------- */

/* A turn has one action: a follower on the placed tile, or a tower floor there, or something
 * elsewhere (a crown space, a tower floor elsewhere with its capture, a tower top). The search
 * goes in three stages:
 *   - every placement, the mage or witch (if the tile moves one) to the first road or city it
 *     may go to, with every action on the placed tile;
 *   - for the N_TOP placements that gained most, every road or city for the figure, with
 *     every action on the tile;
 *   - for those placements and the N_TOP figures' moves that gained most, every action
 *     elsewhere.
 * What is done elsewhere hardly depends on where the tile went, and the figure's road or city
 * hardly on the placement: these are tried where the rest gained most. Each way a turn goes
 * on from a step is tried on a copy of the TesseraTurn, so every turn tried is one the turn's
 * own checks allowed. */
#define N_TOP 2

typedef enum
{
  STAGE_PLACEMENTS,
  STAGE_FIGURES,
  STAGE_ELSEWHERE,
} Stage;

typedef struct
{
  guint  figure;
  guint  choice;
  double gain;
} FigureMove;

typedef struct
{
  TesseraEstimator   *estimator;
  TesseraGame        *game;        /* the position before the turn */
  TesseraGame        *trial;       /* where each turn is tried */
  const TesseraEvent *recorded;    /* the turn as recorded, for the others' answers */
  guint               player;
  guint               n_players;
  double              before[TESSERA_MAX_PLAYERS];
  double              best;
  TesseraEvent       *best_event;
  gboolean            found;
  Stage               stage;
  TesseraCell         cell;           /* the placement being tried */
  double              branch_best;    /* the best gain of the branch being tried */
  FigureMove          figures[N_TOP]; /* the figure's best moves with the placement */
  guint               n_figures;
  GArray             *spots;          /* guint: scratch room for a placement's free spots */
} Search;

/* The gain of @event from the search's position, or FALSE when the engine refuses it. */
static gboolean
evaluate_event (Search       *search,
                TesseraEvent *event,
                double       *gain,
                double        after[TESSERA_MAX_PLAYERS])
{
  g_autoptr(GError) error = NULL;

  _tessera_game_reset_trial (search->trial, search->game);
  if (!tessera_game_apply (search->trial, event, &error))
    {
      g_critical ("the review tried a turn the engine refuses: %s", error->message);
      return FALSE;
    }
  tessera_estimator_estimate (search->estimator, search->trial, after);
  *gain = tessera_review_gain (search->n_players, search->player, search->before, after);
  return TRUE;
}

/* Tries a whole turn. */
static void
consider (Search       *search,
          TesseraEvent *event)
{
  double after[TESSERA_MAX_PLAYERS];
  double gain;

  if (!evaluate_event (search, event, &gain, after))
    return;
  search->branch_best = MAX (search->branch_best, gain);
  if (!search->found || gain > search->best)
    {
      search->found = TRUE;
      search->best = gain;
      g_clear_pointer (&search->best_event, tessera_event_unref);
      search->best_event = tessera_event_ref (event);
    }
}

/* Whether @choice is the piece @ref names. */
static gboolean
choice_is (const TesseraChoice   *choice,
           const TesseraPieceRef *ref)
{
  return choice->where.at.x == ref->at.x && choice->where.at.y == ref->at.y && g_str_equal (choice->where.spot, ref->spot);
}

/* Gives another player's answer to the Plague or the crop circle: as recorded where that is
 * legal, else a pass where the rules allow one, else the first follower they list. */
static void
answer_for_other (Search      *search,
                  TesseraTurn *turn)
{
  const TesseraEventChoices *recorded = search->recorded != NULL ? search->recorded->choices : NULL;
  gboolean plague = tessera_turn_get_step (turn) == TESSERA_TURN_PLAGUE;
  guint asked = tessera_turn_get_asked_player (turn);
  guint n_choices;
  const TesseraChoice *choices = tessera_turn_get_choices (turn, &n_choices);

  if (recorded != NULL && (plague ? recorded->has_plague : recorded->has_crop && recorded->crop_add == tessera_turn_get_crop_add (turn)))
    {
      const TesseraPieceChoice *moves = plague ? recorded->plague_choices : recorded->crop_moves;
      guint n_moves = plague ? recorded->n_plague_choices : recorded->n_crop_moves;

      for (guint m = 0; m < n_moves; m++)
        {
          if (moves[m].player != (int) asked)
            continue;
          if (!moves[m].has_piece && tessera_turn_can_skip (turn))
            {
              tessera_turn_skip (turn);
              return;
            }
          for (guint c = 0; moves[m].has_piece && c < n_choices; c++)
            if (choice_is (&choices[c], &moves[m].piece))
              {
                tessera_turn_choose (turn, c);
                return;
              }
        }
    }
  if (tessera_turn_can_skip (turn))
    tessera_turn_skip (turn);
  else
    tessera_turn_choose (turn, 0);
}

static void search_from (Search      *search,
                         TesseraTurn *turn);

/* Tries choice @index of the turn's step (or no choice, with G_MAXUINT) and every way on. */
static void
branch (Search      *search,
        TesseraTurn *turn,
        guint        index)
{
  g_autoptr(TesseraTurn) child = tessera_turn_copy (turn);

  if (index == G_MAXUINT)
    tessera_turn_skip (child);
  else
    tessera_turn_choose (child, index);
  search_from (search, child);
}

/* Whether the turn's tile has a crop circle, whose moves come after the action. */
static gboolean
has_crop_circle (Search      *search,
                 TesseraTurn *turn)
{
  return search->game->crop_circles && tessera_turn_get_entry (turn)->type->crop != TESSERA_CROP_NONE;
}

/* The action step. On the tile: no action, a follower, a tower floor with its capture.
 * Elsewhere: a crown space, a tower floor with its capture, a tower top. A follower or a crown
 * changes nothing but the action, so those turns are made from the turn without one. */
static void
search_actions (Search      *search,
                TesseraTurn *turn)
{
  gboolean elsewhere = search->stage == STAGE_ELSEWHERE;
  guint n_modes = search->game->tower ? 3 : 1;
  guint n_choices;
  const TesseraChoice *choices = tessera_turn_get_choices (turn, &n_choices);

  if (!has_crop_circle (search, turn))
    {
      g_autoptr(TesseraTurn) without = tessera_turn_copy (turn);
      g_autoptr(TesseraEvent) base = NULL;

      tessera_turn_skip (without);
      base = tessera_turn_build_event (without);
      if (!elsewhere)
        consider (search, base);
      for (guint c = 0; c < n_choices; c++)
        {
          g_autoptr(TesseraEvent) event = NULL;

          if ((choices[c].kind == TESSERA_CHOICE_CROWN) != elsewhere)
            continue;
          event = tessera_event_copy (base);
          if (choices[c].kind == TESSERA_CHOICE_FOLLOWER)
            tessera_event_set_follower (event, choices[c].where.spot);
          else
            tessera_event_set_crown (event, choices[c].where.spot);
          consider (search, event);
        }
    }
  else
    {
      for (guint c = 0; c < n_choices; c++)
        if ((choices[c].kind == TESSERA_CHOICE_CROWN) == elsewhere)
          branch (search, turn, c);
      if (!elsewhere)
        branch (search, turn, G_MAXUINT);
    }

  for (guint mode = TESSERA_TURN_MODE_TOWER; mode < n_modes; mode++)
    {
      g_autoptr(TesseraTurn) moded = NULL;

      /* While placements are ranked, only a floor on the placed tile counts. */
      if (!elsewhere && (mode == TESSERA_TURN_MODE_TOWER_TOP || !tessera_turn_get_entry (turn)->type->tower))
        continue;
      moded = tessera_turn_copy (turn);
      tessera_turn_set_mode (moded, (TesseraTurnMode) mode);
      choices = tessera_turn_get_choices (moded, &n_choices);
      for (guint c = 0; c < n_choices; c++)
        {
          gboolean on_tile = choices[c].where.at.x == search->cell.x && choices[c].where.at.y == search->cell.y;

          if (mode == TESSERA_TURN_MODE_TOWER && on_tile == elsewhere)
            continue;
          branch (search, moded, c);
        }
    }
}

/* Keeps the figure's move among the best N_TOP, in order. */
static void
keep_figure_move (Search           *search,
                  const FigureMove *move)
{
  guint at;

  for (at = search->n_figures; at > 0 && search->figures[at - 1].gain < move->gain; at--)
    ;
  if (at >= N_TOP)
    return;
  memmove (&search->figures[at + 1], &search->figures[at], sizeof (FigureMove) * (MIN (search->n_figures, N_TOP - 1) - at));
  search->figures[at] = *move;
  search->n_figures = MIN (search->n_figures + 1, N_TOP);
}

/* The mage's or the witch's move, as the stage has it. */
static void
search_figures (Search      *search,
                TesseraTurn *turn)
{
  guint n_any = 0;

  if (search->stage == STAGE_ELSEWHERE)
    {
      for (guint f = 0; f < search->n_figures; f++)
        {
          g_autoptr(TesseraTurn) figured = tessera_turn_copy (turn);

          tessera_turn_set_figure (figured, (TesseraMagicFigure) search->figures[f].figure);
          branch (search, figured, search->figures[f].choice);
        }
      if (search->n_figures == 0 && tessera_turn_can_skip (turn))
        branch (search, turn, G_MAXUINT);
      return;
    }

  for (guint figure = TESSERA_MAGIC_MAGE; figure <= TESSERA_MAGIC_WITCH; figure++)
    {
      g_autoptr(TesseraTurn) figured = tessera_turn_copy (turn);
      guint n_figure;

      tessera_turn_set_figure (figured, (TesseraMagicFigure) figure);
      tessera_turn_get_choices (figured, &n_figure);
      if (search->stage == STAGE_PLACEMENTS)
        n_figure = MIN (n_figure, n_any == 0 ? 1 : 0);
      for (guint c = 0; c < n_figure; c++)
        {
          FigureMove move = { figure, c, 0.0 };
          double outer = search->branch_best;

          search->branch_best = -G_MAXDOUBLE;
          branch (search, figured, c);
          move.gain = search->branch_best;
          search->branch_best = MAX (outer, move.gain);
          keep_figure_move (search, &move);
        }
      n_any += n_figure;
    }
  /* Nowhere to go: the figure leaves the board. */
  if (n_any == 0)
    branch (search, turn, G_MAXUINT);
}

/* Every turn that goes on from the turn's step. */
static void
search_from (Search      *search,
             TesseraTurn *turn)
{
  guint n_choices;

  tessera_turn_get_choices (turn, &n_choices);
  switch (tessera_turn_get_step (turn))
    {
    case TESSERA_TURN_CONFIRM:
      {
        g_autoptr(TesseraEvent) event = tessera_turn_build_event (turn);

        consider (search, event);
      }
      break;

    case TESSERA_TURN_MAGIC:
      search_figures (search, turn);
      break;

    case TESSERA_TURN_ACTION:
      search_actions (search, turn);
      break;

    case TESSERA_TURN_CAPTURE:
      for (guint c = 0; c < n_choices; c++)
        branch (search, turn, c);
      branch (search, turn, G_MAXUINT);
      break;

    case TESSERA_TURN_CROP_CHOICE:
      for (guint add = 0; add < 2; add++)
        {
          g_autoptr(TesseraTurn) child = tessera_turn_copy (turn);

          tessera_turn_choose_crop (child, add);
          search_from (search, child);
        }
      break;

    case TESSERA_TURN_CROP_MOVE:
      if (tessera_turn_get_asked_player (turn) == search->player)
        {
          for (guint c = 0; c < n_choices; c++)
            branch (search, turn, c);
          if (tessera_turn_can_skip (turn))
            branch (search, turn, G_MAXUINT);
        }
      else
        {
          g_autoptr(TesseraTurn) child = tessera_turn_copy (turn);

          answer_for_other (search, child);
          search_from (search, child);
        }
      break;

    case TESSERA_TURN_PLACE:
    case TESSERA_TURN_DRAW:
    case TESSERA_TURN_PLAGUE:
    case TESSERA_TURN_DISCARD:
    default:
      g_assert_not_reached ();
    }
}

/* Tries the turns that start with @placement, at the search's stage. */
static void
search_placement (Search                 *search,
                  TesseraTurn            *turn,
                  const TesseraPlacement *placement)
{
  g_autoptr(TesseraTurn) placed = tessera_turn_copy (turn);

  tessera_turn_place (placed, placement->cell, placement->rotation);
  search_from (search, placed);
}

/* The first stage for a placement that moves no figure, of a tile without a crop circle or a
 * tower foundation: the turns are made from @base, the turn of another such placement without
 * an action (made by the TesseraTurn the first time), with a follower on each free spot. Every
 * tile is placed so some sixty times a turn, and listing its choices as the app words them
 * took longer than trying them. */
static gboolean
try_placement_quickly (Search                 *search,
                       TesseraTurn            *turn,
                       const TesseraPlacement *placement,
                       TesseraEvent          **base)
{
  const TesseraTileType *type = tessera_turn_get_entry (turn)->type;
  TesseraGame *game = tessera_turn_get_action_game (turn);
  g_autoptr(TesseraEvent) event = NULL;

  if (has_crop_circle (search, turn) || type->tower ||
      tessera_game_placement_moves_figure (search->game, type, placement->cell, placement->rotation))
    return FALSE;

  if (*base == NULL)
    {
      g_autoptr(TesseraTurn) placed = tessera_turn_copy (turn);

      tessera_turn_place (placed, placement->cell, placement->rotation);
      g_assert (tessera_turn_get_step (placed) == TESSERA_TURN_ACTION);
      tessera_turn_skip (placed);
      *base = tessera_turn_build_event (placed);
    }
  event = tessera_event_copy (*base);
  event->at = placement->cell;
  event->rotation = placement->rotation * 90;
  consider (search, event);

  if (tessera_game_get_followers_in_supply (game, search->player) > 0)
    {
      g_array_set_size (search->spots, 0);
      tessera_game_list_follower_spots (game, type, placement->cell, placement->rotation, search->spots);
      for (guint i = 0; i < search->spots->len; i++)
        {
          g_autoptr(TesseraEvent) follower = tessera_event_copy (event);
          char spot[TESSERA_SPOT_NAME_SIZE];

          tessera_spot_name (type, placement->rotation, g_array_index (search->spots, guint, i), spot);
          tessera_event_set_follower (follower, spot);
          consider (search, follower);
        }
    }
  return TRUE;
}

/* The three stages (see N_TOP) over every placement of the drawn tile; @turn is where it is
 * placed. */
static void
search_placements (Search      *search,
                   TesseraTurn *turn)
{
  guint n_placements;
  const TesseraPlacement *placements = tessera_turn_get_placements (turn, &n_placements);
  guint top[N_TOP];
  double top_gain[N_TOP];
  guint n_top = 0;
  g_autoptr(TesseraEvent) base = NULL;

  search->stage = STAGE_PLACEMENTS;
  for (guint i = 0; i < n_placements; i++)
    {
      guint at;

      search->cell = placements[i].cell;
      search->branch_best = -G_MAXDOUBLE;
      if (!try_placement_quickly (search, turn, &placements[i], &base))
        search_placement (search, turn, &placements[i]);
      /* Kept in order, the best first. */
      for (at = n_top; at > 0 && top_gain[at - 1] < search->branch_best; at--)
        ;
      if (at >= N_TOP)
        continue;
      memmove (&top[at + 1], &top[at], sizeof (guint) * (MIN (n_top, N_TOP - 1) - at));
      memmove (&top_gain[at + 1], &top_gain[at], sizeof (double) * (MIN (n_top, N_TOP - 1) - at));
      top[at] = i;
      top_gain[at] = search->branch_best;
      n_top = MIN (n_top + 1, N_TOP);
    }

  for (guint t = 0; t < n_top; t++)
    {
      const TesseraPlacement *placement = &placements[top[t]];

      search->cell = placement->cell;
      search->n_figures = 0;
      if (tessera_game_placement_moves_figure (search->game, tessera_turn_get_entry (turn)->type, placement->cell,
                                               placement->rotation))
        {
          search->stage = STAGE_FIGURES;
          search_placement (search, turn, placement);
        }
      search->stage = STAGE_ELSEWHERE;
      search_placement (search, turn, placement);
    }
}

/* Answers the Plague: the active player's own answers are all tried, the others' given. */
static void
search_plague (Search      *search,
               TesseraTurn *turn)
{
  while (tessera_turn_get_step (turn) == TESSERA_TURN_PLAGUE)
    {
      if (tessera_turn_get_asked_player (turn) == search->player)
        {
          guint n_choices;

          tessera_turn_get_choices (turn, &n_choices);
          for (guint c = 0; c < n_choices; c++)
            {
              g_autoptr(TesseraTurn) child = tessera_turn_copy (turn);

              tessera_turn_choose (child, c);
              search_plague (search, child);
            }
          return;
        }
      answer_for_other (search, turn);
    }
  if (tessera_turn_get_step (turn) == TESSERA_TURN_PLACE)
    search_placements (search, turn);
}

/* The best gain over the turns @entry allows from the search's position; FALSE when it fits
 * nowhere. */
static gboolean
search_tile (Search                *search,
             const TesseraBoxEntry *entry)
{
  g_autoptr(TesseraTurn) turn = NULL;

  search->found = FALSE;
  g_clear_pointer (&search->best_event, tessera_event_unref);
  if (!tessera_board_fits_anywhere (search->game->board, entry->type))
    return FALSE;
  turn = tessera_turn_new (search->game);
  tessera_turn_choose_tile (turn, entry);
  search_plague (search, turn);
  return search->found;
}

/* Reviewing the turns ---------------------------------------------------------------------- */

typedef struct
{
  TesseraReview      *review;
  GPtrArray          *positions;   /* TesseraGame before each reviewed turn */
  const TesseraRecord *record;
  GCancellable       *cancellable;
  TesseraReviewProgress progress;
  gpointer            user_data;
  gint                next;        /* the next turn to take, atomically */
  gint                done;
  GMutex              lock;
} Job;

/* Hundredths of a point, and never -0. */
static double
round_points (double value)
{
  double rounded = round (value * 100.0) / 100.0;

  return rounded == 0.0 ? 0.0 : rounded;
}

static void
review_turn (Job              *job,
             TesseraEstimator *estimator,
             guint             index)
{
  TesseraReviewTurn *entry = &g_array_index (job->review->turns, TesseraReviewTurn, index);
  TesseraGame *game = g_ptr_array_index (job->positions, index);
  const TesseraEvent *event = g_ptr_array_index (job->record->events, entry->event);
  g_autoptr(TesseraEvent) made_event = tessera_event_copy (event);
  GArray *supply = game->supply;
  const TesseraSupplyEntry *drawn = _tessera_game_check_draw (game, event, NULL);
  Search search = { 0 };
  double made, best;
  double sum = 0.0;
  guint copies = 0;

  search.estimator = estimator;
  search.game = game;
  search.trial = _tessera_game_new_trial (game);
  search.spots = g_array_new (FALSE, FALSE, sizeof (guint));
  search.recorded = event;
  search.player = entry->player;
  search.n_players = game->n_players;
  tessera_estimator_estimate (estimator, game, search.before);

  if (!evaluate_event (&search, made_event, &made, entry->estimates))
    g_assert_not_reached ();

  best = made;
  entry->best_turn = tessera_event_ref (made_event);
  if (drawn != NULL && search_tile (&search, drawn->entry) && search.best > made)
    {
      best = search.best;
      g_clear_pointer (&entry->best_turn, tessera_event_unref);
      entry->best_turn = g_steal_pointer (&search.best_event);
    }

  /* The luck: against every other kind left, as likely as its copies. A kind that fits nowhere
   * is put back and another drawn, so it does not count. */
  search.recorded = NULL;
  for (guint i = 0; i < supply->len; i++)
    {
      const TesseraSupplyEntry *kind = &g_array_index (supply, TesseraSupplyEntry, i);

      if (kind->left == 0)
        continue;
      if (kind == drawn)
        sum += best * kind->left;
      else if (search_tile (&search, kind->entry))
        sum += search.best * kind->left;
      else
        continue;
      copies += kind->left;
    }
  g_clear_pointer (&search.best_event, tessera_event_unref);
  g_clear_object (&search.trial);
  g_clear_pointer (&search.spots, g_array_unref);

  entry->made = round_points (made);
  entry->best = round_points (best);
  entry->luck = round_points (copies > 0 ? best - sum / copies : 0.0);
}

static gpointer
review_thread (gpointer data)
{
  Job *job = data;
  g_autoptr(TesseraEstimator) estimator = tessera_estimator_new ();
  guint total = job->review->turns->len;

  for (;;)
    {
      guint index = (guint) g_atomic_int_add (&job->next, 1);
      guint done;

      if (index >= total || g_cancellable_is_cancelled (job->cancellable))
        break;
      review_turn (job, estimator, index);
      done = (guint) g_atomic_int_add (&job->done, 1) + 1;
      if (job->progress != NULL)
        {
          g_mutex_lock (&job->lock);
          job->progress (done, total, job->user_data);
          g_mutex_unlock (&job->lock);
        }
    }
  return NULL;
}

static void
sum_players (TesseraReview *self)
{
  for (guint i = 0; i < self->turns->len; i++)
    {
      const TesseraReviewTurn *turn = &g_array_index (self->turns, TesseraReviewTurn, i);
      TesseraReviewPlayer *player = &self->players[turn->player];
      double lost = turn->best - turn->made;

      player->lost += lost;
      player->luck += turn->luck;
      player->accuracy += 3.0 / (3.0 + lost);
      player->n_turns++;
    }
  for (guint p = 0; p < self->n_players; p++)
    {
      TesseraReviewPlayer *player = &self->players[p];

      player->lost = round_points (player->lost);
      player->luck = round_points (player->luck);
      player->accuracy = player->n_turns > 0 ? round (1000.0 * player->accuracy / player->n_turns) / 1000.0 : 1.0;
    }
}

/**
 * tessera_review_new:
 * @record: a game, finished or not
 * @cancellable: (nullable): stops the review
 * @progress: (nullable) (scope call): told after each turn, from the review's threads
 *
 * Reviews every turn of @record (see the top of this file).
 *
 * Returns: (transfer full): the review, or NULL with @error set when the record breaks a rule
 *   or the review was cancelled
 */
TesseraReview *
tessera_review_new (const TesseraRecord    *record,
                    GCancellable           *cancellable,
                    TesseraReviewProgress   progress,
                    gpointer                user_data,
                    GError                **error)
{
  g_autoptr(TesseraReview) self = g_new0 (TesseraReview, 1);
  g_autoptr(GPtrArray) positions = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(TesseraEstimator) estimator = tessera_estimator_new ();
  GThread *threads[MAX_THREADS];
  guint n_threads;
  Job job = { 0 };

  g_return_val_if_fail (record != NULL, NULL);

  self->turns = g_array_new (FALSE, TRUE, sizeof (TesseraReviewTurn));
  game = tessera_game_new_from_record (record, 0, error);
  if (game == NULL)
    return NULL;
  self->n_players = tessera_game_get_n_players (game);
  for (guint p = 0; p < self->n_players; p++)
    self->names[p] = g_strdup (tessera_game_get_player_names (game)[p]);
  tessera_estimator_estimate (estimator, game, self->start);

  /* One replay, keeping the position before each turn. */
  for (guint i = 0; i < record->events->len; i++)
    {
      TesseraEvent *event = g_ptr_array_index (record->events, i);

      if (event->kind == TESSERA_EVENT_TURN)
        {
          TesseraReviewTurn turn = { 0 };

          turn.event = i;
          turn.player = (guint) event->player;
          g_strlcpy (turn.tile, event->tile, sizeof turn.tile);
          g_array_append_val (self->turns, turn);
          g_ptr_array_add (positions, tessera_game_copy (game));
        }
      if (!tessera_game_apply (game, event, error))
        return NULL;
    }

  job.review = self;
  job.positions = positions;
  job.record = record;
  job.cancellable = cancellable;
  job.progress = progress;
  job.user_data = user_data;
  g_mutex_init (&job.lock);
  n_threads = CLAMP (g_get_num_processors (), 1, MAX_THREADS);
  for (guint t = 1; t < n_threads; t++)
    threads[t] = g_thread_new ("tessera-review", review_thread, &job);
  review_thread (&job);
  for (guint t = 1; t < n_threads; t++)
    g_thread_join (threads[t]);
  g_mutex_clear (&job.lock);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  sum_players (self);
  return g_steal_pointer (&self);
}

const char *
tessera_review_get_method (TesseraReview *self)
{
  return TESSERA_ESTIMATE_METHOD;
}

guint
tessera_review_get_n_players (TesseraReview *self)
{
  return self->n_players;
}

const char * const *
tessera_review_get_player_names (TesseraReview *self)
{
  return (const char * const *) self->names;
}

const TesseraReviewTurn *
tessera_review_get_turns (TesseraReview *self,
                          guint         *n_turns)
{
  *n_turns = self->turns->len;
  return (const TesseraReviewTurn *) (gpointer) self->turns->data;
}

const TesseraReviewPlayer *
tessera_review_get_players (TesseraReview *self)
{
  return self->players;
}

/* Each player's estimate before the first event. */
const double *
tessera_review_get_start_estimates (TesseraReview *self)
{
  return self->start;
}

/* The review as JSON; @stored adds what the contract leaves out and the app draws: each
 * player's estimate after every turn, and before the first ("start"). */
static JsonNode *
review_to_json (TesseraReview *self,
                gboolean       stored)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "method");
  json_builder_add_string_value (builder, TESSERA_ESTIMATE_METHOD);
  json_builder_set_member_name (builder, "turns");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->turns->len; i++)
    {
      const TesseraReviewTurn *turn = &g_array_index (self->turns, TesseraReviewTurn, i);
      g_autoptr(JsonNode) wrapper = _tessera_event_to_json (turn->best_turn);
      JsonObject *body = json_object_get_object_member (json_node_get_object (wrapper), "turn");

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "event");
      json_builder_add_int_value (builder, turn->event);
      json_builder_set_member_name (builder, "player");
      json_builder_add_string_value (builder, self->names[turn->player]);
      json_builder_set_member_name (builder, "tile");
      json_builder_add_string_value (builder, turn->tile);
      json_builder_set_member_name (builder, "made");
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "value");
      json_builder_add_double_value (builder, turn->made);
      json_builder_end_object (builder);
      json_builder_set_member_name (builder, "best");
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "value");
      json_builder_add_double_value (builder, turn->best);
      json_builder_set_member_name (builder, "turn");
      json_builder_add_value (builder, json_node_init_object (json_node_alloc (), body));
      json_builder_end_object (builder);
      json_builder_set_member_name (builder, "luck");
      json_builder_add_double_value (builder, turn->luck);
      if (stored)
        {
          json_builder_set_member_name (builder, "estimates");
          json_builder_begin_array (builder);
          for (guint p = 0; p < self->n_players; p++)
            json_builder_add_double_value (builder, turn->estimates[p]);
          json_builder_end_array (builder);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint p = 0; p < self->n_players; p++)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, self->names[p]);
      json_builder_set_member_name (builder, "lost");
      json_builder_add_double_value (builder, self->players[p].lost);
      json_builder_set_member_name (builder, "luck");
      json_builder_add_double_value (builder, self->players[p].luck);
      json_builder_set_member_name (builder, "accuracy");
      json_builder_add_double_value (builder, self->players[p].accuracy);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  if (stored)
    {
      json_builder_set_member_name (builder, "start");
      json_builder_begin_array (builder);
      for (guint p = 0; p < self->n_players; p++)
        json_builder_add_double_value (builder, self->start[p]);
      json_builder_end_array (builder);
    }
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/**
 * tessera_review_to_json:
 *
 * Returns: (transfer full): the review as `tessera-cli review --json` prints it
 */
JsonNode *
tessera_review_to_json (TesseraReview *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return review_to_json (self, FALSE);
}

/**
 * tessera_review_to_stored_json:
 *
 * Returns: (transfer full): the review as the history keeps it: tessera_review_to_json() with
 *   each turn's "estimates" (every player's, after it) and the estimates before the first
 *   event, "start"; tessera_review_new_from_stored_json() reads it back
 */
JsonNode *
tessera_review_to_stored_json (TesseraReview *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return review_to_json (self, TRUE);
}

/* Reads a number array of @n_players into @values. */
static gboolean
read_estimates (JsonObject *object,
                const char *member,
                guint       n_players,
                double     *values)
{
  JsonNode *node = json_object_get_member (object, member);
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;
  array = json_node_get_array (node);
  if (json_array_get_length (array) != n_players)
    return FALSE;
  for (guint p = 0; p < n_players; p++)
    {
      JsonNode *element = json_array_get_element (array, p);

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) == G_TYPE_STRING ||
          json_node_get_value_type (element) == G_TYPE_BOOLEAN)
        return FALSE;
      values[p] = json_node_get_double (element);
    }
  return TRUE;
}

static double
read_number (JsonObject *object,
             const char *member,
             gboolean   *ok)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) == G_TYPE_STRING ||
      json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    {
      *ok = FALSE;
      return 0.0;
    }
  return json_node_get_double (node);
}

/* A string member, or NULL when there is none. */
static const char *
read_string (JsonObject *object,
             const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
         ? json_node_get_string (node) : NULL;
}

static JsonObject *
read_object (JsonObject *object,
             const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/**
 * tessera_review_new_from_stored_json:
 * @record: the game the review is of
 * @node: what tessera_review_to_stored_json() wrote for it
 *
 * Reads a stored review back. A review counted in another estimate (another
 * %TESSERA_ESTIMATE_METHOD) is refused with %G_IO_ERROR_NOT_SUPPORTED: it is to be made again.
 *
 * Returns: (transfer full): the review, or NULL with @error set when it does not fit @record
 */
TesseraReview *
tessera_review_new_from_stored_json (const TesseraRecord  *record,
                                     JsonNode             *node,
                                     GError              **error)
{
  g_autoptr(TesseraReview) self = NULL;
  JsonObject *root;
  JsonArray *turns, *players;
  const char *method;
  gboolean ok = TRUE;
  guint n_turns = 0;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (node != NULL, NULL);

  if (!JSON_NODE_HOLDS_OBJECT (node))
    goto bad;
  root = json_node_get_object (node);
  method = read_string (root, "method");
  if (g_strcmp0 (method, TESSERA_ESTIMATE_METHOD) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("the review was counted in another estimate (%s)"),
                   method != NULL ? method : "?");
      return NULL;
    }
  if (!json_object_has_member (root, "turns") || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (root, "turns")) ||
      !json_object_has_member (root, "players") || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (root, "players")))
    goto bad;
  turns = json_object_get_array_member (root, "turns");
  players = json_object_get_array_member (root, "players");

  self = g_new0 (TesseraReview, 1);
  self->turns = g_array_new (FALSE, TRUE, sizeof (TesseraReviewTurn));
  self->n_players = record->players->len;
  if (json_array_get_length (players) != self->n_players || self->n_players > TESSERA_MAX_PLAYERS ||
      !read_estimates (root, "start", self->n_players, self->start))
    goto bad;
  for (guint p = 0; p < self->n_players; p++)
    {
      JsonObject *player = json_array_get_object_element (players, p);

      self->names[p] = g_strdup (tessera_record_player_name (record, p));
      self->players[p].lost = read_number (player, "lost", &ok);
      self->players[p].luck = read_number (player, "luck", &ok);
      self->players[p].accuracy = read_number (player, "accuracy", &ok);
    }

  for (guint i = 0; i < record->events->len; i++)
    {
      const TesseraEvent *event = g_ptr_array_index (record->events, i);
      TesseraReviewTurn turn = { 0 };
      JsonObject *object, *best, *best_body;
      g_autoptr(JsonNode) wrapper = NULL;
      g_autoptr(JsonGenerator) generator = NULL;
      g_autofree char *text = NULL;

      if (event->kind != TESSERA_EVENT_TURN)
        continue;
      if (n_turns >= json_array_get_length (turns))
        goto bad;
      object = JSON_NODE_HOLDS_OBJECT (json_array_get_element (turns, n_turns)) ? json_array_get_object_element (turns, n_turns) : NULL;
      n_turns++;
      if (object == NULL || read_number (object, "event", &ok) != i || !ok ||
          g_strcmp0 (read_string (object, "tile"), event->tile) != 0 ||
          g_strcmp0 (read_string (object, "player"),
                     tessera_record_player_name (record, (guint) event->player)) != 0)
        goto bad;
      turn.event = i;
      turn.player = (guint) event->player;
      g_strlcpy (turn.tile, event->tile, sizeof turn.tile);
      turn.made = read_number (read_object (object, "made"), "value", &ok);
      best = read_object (object, "best");
      turn.best = read_number (best, "value", &ok);
      turn.luck = read_number (object, "luck", &ok);
      best_body = read_object (best, "turn");
      if (!ok || best_body == NULL || !read_estimates (object, "estimates", self->n_players, turn.estimates))
        goto bad;

      /* The best turn is read as a record's event is, checked as one. */
      wrapper = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (wrapper, json_object_new ());
      json_object_set_object_member (json_node_get_object (wrapper), "turn", json_object_ref (best_body));
      generator = json_generator_new ();
      json_generator_set_root (generator, wrapper);
      text = json_generator_to_data (generator, NULL);
      turn.best_turn = tessera_event_from_data (record, i, text, error);
      if (turn.best_turn == NULL)
        {
          g_prefix_error (error, _("the stored review: "));
          return NULL;
        }
      g_array_append_val (self->turns, turn);
      self->players[turn.player].n_turns++;
    }
  if (n_turns != json_array_get_length (turns))
    goto bad;
  return g_steal_pointer (&self);

bad:
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("the stored review does not fit the game"));
  return NULL;
}
