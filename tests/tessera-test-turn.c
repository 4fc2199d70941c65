/* tessera-test-turn.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tessera-test-turn.h"

/* Entering a recorded move again through the engine's turn, as a player answers its questions:
 * shared by the turn test and the UI test. */

/* The features a spot belongs to: on the tile being placed, those it would join (or none yet). */
static guint
spot_features (TesseraTurn *turn,
               TesseraGame *game,
               TesseraCell  at,
               int          segment,
               guint        roots[8])
{
  TesseraBoard *board = tessera_game_get_board (game);
  const TesseraPlacedTile *placed = tessera_board_lookup (board, at);
  TesseraCell cell;
  guint rotation;

  if (segment < 0)
    return 0;
  if (tessera_turn_get_placement (turn, &cell, &rotation) && cell.x == at.x && cell.y == at.y)
    return tessera_board_list_joined_features (board, tessera_turn_get_entry (turn)->type, cell, rotation,
                                               (guint) segment, roots);
  if (placed == NULL)
    return 0;
  roots[0] = tessera_board_find (board, placed->first_segment + (guint) segment);
  return 1;
}

static int
resolve_spot (TesseraTurn           *turn,
              TesseraGame           *game,
              const TesseraPieceRef *ref)
{
  const TesseraPlacedTile *placed = tessera_board_lookup (tessera_game_get_board (game), ref->at);
  TesseraCell cell;
  guint rotation;

  if (tessera_turn_get_placement (turn, &cell, &rotation) && cell.x == ref->at.x && cell.y == ref->at.y)
    return tessera_spot_resolve (tessera_turn_get_entry (turn)->type, rotation, ref->spot, NULL);
  if (placed != NULL)
    return tessera_spot_resolve (placed->type, placed->rotation, ref->spot, NULL);
  return -1;
}

/* The marker standing for @ref: the piece or spot @ref names, its cell, or with @by_feature
 * another spot of the same feature (the mage and witch go to a feature, shown at one spot). */
static guint
find_marker_full (TesseraTurn           *turn,
                  TesseraGame           *game,
                  const TesseraPieceRef *ref,
                  gboolean               by_feature,
                  const char            *what)
{
  guint n_markers;
  const TesseraChoice *markers = tessera_turn_get_choices (turn, &n_markers);
  int segment = resolve_spot (turn, game, ref);
  guint roots[8];
  guint n_roots = by_feature ? spot_features (turn, game, ref->at, segment, roots) : 0;

  for (guint i = 0; i < n_markers; i++)
    {
      if (markers[i].kind != TESSERA_CHOICE_CROWN
          && markers[i].where.at.x == ref->at.x && markers[i].where.at.y == ref->at.y
          && (markers[i].on_cell || markers[i].segment == segment))
        return i;
    }
  for (guint i = 0; i < n_markers; i++)
    {
      guint marker_roots[8];
      guint n_marker_roots;

      if (markers[i].kind == TESSERA_CHOICE_CROWN || markers[i].on_cell)
        continue;
      n_marker_roots = spot_features (turn, game, markers[i].where.at, markers[i].segment, marker_roots);
      for (guint a = 0; a < n_roots; a++)
        for (guint b = 0; b < n_marker_roots; b++)
          if (roots[a] == marker_roots[b])
            return i;
    }
  g_test_message ("%s at [%d, %d] %s (segment %d) is not among the %u markers", what, ref->at.x, ref->at.y,
                  ref->spot, segment, n_markers);
  g_assert_not_reached ();
}

static guint
find_marker (TesseraTurn           *turn,
             TesseraGame           *game,
             const TesseraPieceRef *ref,
             const char            *what)
{
  return find_marker_full (turn, game, ref, FALSE, what);
}

static guint
find_crown_marker (TesseraTurn *turn,
                   TesseraGame *game,
                   const char  *crown)
{
  guint n_markers;
  const TesseraChoice *markers = tessera_turn_get_choices (turn, &n_markers);

  for (guint i = 0; i < n_markers; i++)
    {
      char name[TESSERA_CROWN_NAME_SIZE];

      if (markers[i].kind == TESSERA_CHOICE_CROWN
          && g_str_equal (tessera_wheel_crown_name (tessera_game_get_wheel (game), markers[i].crown_segment,
                                                    markers[i].crown_space, name), crown))
        return i;
    }
  g_assert_not_reached ();
}

/* Answers the questions of a round (the Plague, the crop circle) as @moves did. */
static void
answer_round (const TesseraTestTurnDriver *driver,
              gpointer                  data,
              TesseraTurn              *turn,
              TesseraGame              *game,
              TesseraTurnStep           step,
              const TesseraPieceChoice *moves,
              guint                     n_moves)
{
  while (tessera_turn_get_step (turn) == step)
    {
      guint asked = tessera_turn_get_asked_player (turn);
      const TesseraPieceChoice *move = NULL;

      for (guint i = 0; i < n_moves && move == NULL; i++)
        if ((guint) moves[i].player == asked)
          move = &moves[i];
      if (move != NULL && move->has_piece)
        driver->choose_marker (data, find_marker (turn, game, &move->piece, "a round's piece"));
      else
        {
          /* Only a crop-circle addition may be passed by a player who could act. */
          g_assert_true (tessera_turn_can_skip (turn));
          driver->skip (data);
        }
    }
}

/**
 * tessera_test_enter_turn:
 * @driver: how the choices are made: on the turn itself, or through a window's actions
 * @data: for @driver
 * @turn: a new turn on @game
 * @game: the game before @event
 * @event: a turn or discard of a record
 *
 * Answers every question of @turn as @event did, checking at each step that the recorded choice
 * is among those offered, up to the confirm (or discard) step.
 */
void
tessera_test_enter_turn (const TesseraTestTurnDriver *driver,
                         gpointer                     data,
                         TesseraTurn                 *turn,
                         TesseraGame                 *game,
                         const TesseraEvent          *event)
{
  g_autoptr(GError) error = NULL;
  const TesseraEventChoices *choices = event->choices;
  const TesseraBoxEntry *entry = tessera_game_lookup_tile (game, event->tile, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (tessera_turn_get_player (turn), ==, (guint) event->player);

  driver->choose_tile (data, entry);
  if (choices != NULL && choices->has_plague)
    answer_round (driver, data, turn, game, TESSERA_TURN_PLAGUE, choices->plague_choices, choices->n_plague_choices);

  if (event->kind == TESSERA_EVENT_DISCARD)
    {
      g_assert_cmpint (tessera_turn_get_step (turn), ==, TESSERA_TURN_DISCARD);
      return;
    }

  g_assert_cmpint (tessera_turn_get_step (turn), ==, TESSERA_TURN_PLACE);
  driver->place (data, event->at, (guint) event->rotation / 90);
  g_assert_cmpint (tessera_turn_get_step (turn), !=, TESSERA_TURN_PLACE);

  if (choices != NULL && choices->has_magic)
    {
      g_assert_cmpint (tessera_turn_get_step (turn), ==, TESSERA_TURN_MAGIC);
      driver->set_figure (data, choices->magic_choice.figure);
      if (choices->magic_choice.has_to)
        driver->choose_marker (data, find_marker_full (turn, game, &choices->magic_choice.to, TRUE,
                                                       "the figure's target"));
      else
        driver->skip (data);
    }
  g_assert_cmpint (tessera_turn_get_step (turn), ==, TESSERA_TURN_ACTION);

  switch (event->action)
    {
    case TESSERA_ACTION_NONE:
      driver->skip (data);
      break;

    case TESSERA_ACTION_FOLLOWER:
      {
        TesseraPieceRef ref = { event->at, "" };

        g_strlcpy (ref.spot, event->spot, sizeof ref.spot);
        driver->choose_marker (data, find_marker (turn, game, &ref, "the follower's spot"));
      }
      break;

    case TESSERA_ACTION_CROWN:
      driver->choose_marker (data, find_crown_marker (turn, game, event->crown));
      break;

    case TESSERA_ACTION_TOWER:
    case TESSERA_ACTION_TOWER_TOP:
      {
        TesseraPieceRef ref = { event->tower_at, "C" };

        driver->set_mode (data, event->action == TESSERA_ACTION_TOWER ? TESSERA_TURN_MODE_TOWER
                                                                           : TESSERA_TURN_MODE_TOWER_TOP);
        driver->choose_marker (data, find_marker (turn, game, &ref, "the tower"));
        if (tessera_turn_get_step (turn) == TESSERA_TURN_CAPTURE)
          {
            if (event->has_capture)
              driver->choose_marker (data, find_marker (turn, game, &event->capture, "the captured follower"));
            else
              driver->skip (data);
          }
        else
          g_assert_false (event->has_capture);
      }
      break;

    default:
      g_assert_not_reached ();
    }

  if (tessera_turn_get_step (turn) == TESSERA_TURN_CROP_CHOICE)
    {
      /* A record may leave the crop circle out when nobody has a follower of its kind. */
      driver->choose_crop (data, choices == NULL || !choices->has_crop || choices->crop_add);
      answer_round (driver, data, turn, game, TESSERA_TURN_CROP_MOVE, choices != NULL ? choices->crop_moves : NULL,
                    choices != NULL ? choices->n_crop_moves : 0);
    }
  g_assert_cmpint (tessera_turn_get_step (turn), ==, TESSERA_TURN_CONFIRM);
}


static void
direct_choose_tile (gpointer               data,
                    const TesseraBoxEntry *entry)
{
  tessera_turn_choose_tile (data, entry);
}

static void
direct_place (gpointer    data,
              TesseraCell cell,
              guint       rotation)
{
  g_assert_true (tessera_turn_place (data, cell, rotation));
}

static void
direct_set_figure (gpointer           data,
                   TesseraMagicFigure figure)
{
  tessera_turn_set_figure (data, figure);
}

static void
direct_set_mode (gpointer        data,
                 TesseraTurnMode mode)
{
  tessera_turn_set_mode (data, mode);
}

static void
direct_choose_marker (gpointer data,
                      guint    index)
{
  tessera_turn_choose (data, index);
}

static void
direct_skip (gpointer data)
{
  tessera_turn_skip (data);
}

static void
direct_choose_crop (gpointer data,
                    gboolean add)
{
  tessera_turn_choose_crop (data, add);
}

/* Makes the choices on the turn itself (its data is the #TesseraTurn). */
const TesseraTestTurnDriver tessera_test_turn_direct = {
  direct_choose_tile,
  direct_place,
  direct_set_figure,
  direct_set_mode,
  direct_choose_marker,
  direct_skip,
  direct_choose_crop,
};

/* @preview against what the move did to @before, read with the game's own accessors: the
 * scorings appended, each player's points, the followers on the board, the crown spaces, the
 * towers, the pig and the figures. */
void
tessera_test_check_preview (const TesseraPreview *preview,
                            TesseraGame          *before,
                            TesseraGame          *after)
{
  guint n_before, n_after, n_pieces_before, n_pieces_after;
  const TesseraScoreEvent *scores_before = tessera_game_get_score_events (before, &n_before);
  const TesseraScoreEvent *scores_after = tessera_game_get_score_events (after, &n_after);
  const TesseraPiece *pieces_before = tessera_game_get_pieces (before, &n_pieces_before);
  const TesseraPiece *pieces_after = tessera_game_get_pieces (after, &n_pieces_after);
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (TesseraPiece));
  g_autofree gboolean *used = NULL;
  g_autofree gboolean *matched = g_new0 (gboolean, MAX (n_pieces_after, 1));

  (void) scores_before;
  g_assert_cmpuint (preview->scores->len, ==, n_after - n_before);
  for (guint i = 0; i < preview->scores->len; i++)
    {
      const TesseraScoreEvent *said = &g_array_index (preview->scores, TesseraScoreEvent, i);
      const TesseraScoreEvent *done = &scores_after[n_before + i];

      g_assert_cmpuint (said->player, ==, done->player);
      g_assert_cmpint (said->points, ==, done->points);
      g_assert_cmpint (said->reason, ==, done->reason);
    }
  for (guint p = 0; p < tessera_game_get_n_players (after); p++)
    g_assert_cmpint (preview->points[p], ==, tessera_game_get_score (after, p) - tessera_game_get_score (before, p));

  /* The followers before, less those that left, with those placed: the followers after. Two
   * followers of one player may share a segment (a crop circle adds one beside another), so
   * each change accounts for one follower. */
  used = g_new0 (gboolean, MAX (preview->pieces->len, 1));
  for (guint i = 0; i < n_pieces_before; i++)
    {
      gboolean left = FALSE;

      for (guint c = 0; c < preview->pieces->len && !left; c++)
        {
          const TesseraPieceChange *change = &g_array_index (preview->pieces, TesseraPieceChange, c);

          left = !used[c] && change->fate != TESSERA_PIECE_PLACED && change->piece.player == pieces_before[i].player &&
                 change->piece.segment == pieces_before[i].segment;
          used[c] |= left;
        }
      if (!left)
        g_array_append_val (expected, pieces_before[i]);
    }
  /* A change no follower before accounts for is one the move placed and sent home at once: on
   * the tile it placed, in its owner's supply again. */
  for (guint c = 0; c < preview->pieces->len; c++)
    {
      const TesseraPieceChange *change = &g_array_index (preview->pieces, TesseraPieceChange, c);

      if (used[c] || change->fate == TESSERA_PIECE_PLACED)
        continue;
      g_assert_cmpint (change->fate, ==, TESSERA_PIECE_RETURNED);
      g_assert_cmpuint (change->piece.segment, >=, tessera_board_get_n_segments (tessera_game_get_board (before)));
    }
  for (guint c = 0; c < preview->pieces->len; c++)
    {
      const TesseraPieceChange *change = &g_array_index (preview->pieces, TesseraPieceChange, c);

      if (change->fate == TESSERA_PIECE_PLACED)
        g_array_append_val (expected, change->piece);
    }
  g_assert_cmpuint (expected->len, ==, n_pieces_after);
  for (guint i = 0; i < expected->len; i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; j < n_pieces_after && !found; j++)
        {
          found = !matched[j] && g_array_index (expected, TesseraPiece, i).player == pieces_after[j].player &&
                  g_array_index (expected, TesseraPiece, i).segment == pieces_after[j].segment;
          matched[j] |= found;
        }
      g_assert_true (found);
    }

  for (guint c = 0; c < preview->crowns->len; c++)
    {
      const TesseraCrownChange *crown = &g_array_index (preview->crowns, TesseraCrownChange, c);

      g_assert_cmpint (crown->before, ==, tessera_game_get_crown_occupant (before, crown->segment, crown->space));
      g_assert_cmpint (crown->after, ==, tessera_game_get_crown_occupant (after, crown->segment, crown->space));
    }
  for (guint t = 0; t < preview->towers->len; t++)
    {
      const TesseraTowerChange *tower = &g_array_index (preview->towers, TesseraTowerChange, t);
      const TesseraTower *now = tessera_game_get_tower_at (after, tower->after.at);

      g_assert_nonnull (now);
      g_assert_cmpuint (now->height, ==, tower->after.height);
      g_assert_cmpint (now->top, ==, tower->after.top);
    }
  g_assert_cmpuint (preview->pig_after, ==, tessera_game_get_pig (after));
  for (int figure = TESSERA_MAGIC_MAGE; figure <= TESSERA_MAGIC_WITCH; figure++)
    g_assert_cmpint (preview->magic_after[figure], ==, tessera_game_get_magic_segment (after, figure));
  g_assert_cmpint (preview->finishes, ==, tessera_game_is_finished (after) && !tessera_game_is_finished (before));
}
