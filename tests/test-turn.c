/* test-turn.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "tessera-test-utils.h"
#include "tessera-turn.h"

/* Every move of every fixture record is entered again through the turn the app asks its
 * questions with: the drawn tile, each Plague choice, the placement, the mage or witch, the
 * follower, crown, tower floor, capture or tower top, the crop circle's choice and moves. At every
 * step the recorded choice must be among the markers offered, and the move built from the
 * answers must leave the game exactly as the record's own move does. */

static const char * const record_dirs[] = { "base", "wheel", "tower", "magic", "crop" };

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
  const TesseraBoardMarker *markers = tessera_turn_get_markers (turn, &n_markers);
  int segment = resolve_spot (turn, game, ref);
  guint roots[8];
  guint n_roots = by_feature ? spot_features (turn, game, ref->at, segment, roots) : 0;

  for (guint i = 0; i < n_markers; i++)
    {
      if (markers[i].cell.x == ref->at.x && markers[i].cell.y == ref->at.y
          && (markers[i].kind == TESSERA_MARKER_CELL
              || (markers[i].kind == TESSERA_MARKER_SPOT && (int) markers[i].segment == segment)))
        return i;
    }
  for (guint i = 0; i < n_markers; i++)
    {
      guint marker_roots[8];
      guint n_marker_roots;

      if (markers[i].kind != TESSERA_MARKER_SPOT)
        continue;
      n_marker_roots = spot_features (turn, game, markers[i].cell, (int) markers[i].segment, marker_roots);
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
  const TesseraBoardMarker *markers = tessera_turn_get_markers (turn, &n_markers);

  for (guint i = 0; i < n_markers; i++)
    {
      char name[TESSERA_CROWN_NAME_SIZE];

      if (markers[i].kind == TESSERA_MARKER_CROWN
          && g_str_equal (tessera_wheel_crown_name (tessera_game_get_wheel (game), markers[i].wheel_segment,
                                                    markers[i].crown_space, name), crown))
        return i;
    }
  g_assert_not_reached ();
}

/* Answers the questions of a round (the Plague, the crop circle) as @moves did. */
static void
answer_round (TesseraTurn              *turn,
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
        tessera_turn_choose_marker (turn, find_marker (turn, game, &move->piece, "a round's piece"));
      else
        {
          /* Only a crop-circle addition may be passed by a player who could act. */
          g_assert_true (tessera_turn_can_skip (turn));
          tessera_turn_skip (turn);
        }
    }
}

static void
enter_event (TesseraGame        *game,
             const TesseraEvent *event)
{
  g_autoptr(TesseraTurn) turn = tessera_turn_new (game);
  g_autoptr(TesseraEvent) built = NULL;
  g_autoptr(GError) error = NULL;
  const TesseraEventChoices *choices = event->choices;
  const TesseraBoxEntry *entry = tessera_game_lookup_tile (game, event->tile, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (tessera_turn_get_player (turn), ==, (guint) event->player);

  tessera_turn_choose_tile (turn, entry);
  if (choices != NULL && choices->plague != NULL)
    answer_round (turn, game, TESSERA_TURN_PLAGUE, choices->plague_choices, choices->n_plague_choices);

  if (event->kind == TESSERA_EVENT_DISCARD)
    {
      g_assert_cmpint (tessera_turn_get_step (turn), ==, TESSERA_TURN_DISCARD);
      goto apply;
    }

  g_assert_cmpint (tessera_turn_get_step (turn), ==, TESSERA_TURN_PLACE);
  g_assert_true (tessera_turn_place (turn, event->at, (guint) event->rotation / 90));

  if (choices != NULL && choices->magic != NULL)
    {
      g_assert_cmpint (tessera_turn_get_step (turn), ==, TESSERA_TURN_MAGIC);
      tessera_turn_set_figure (turn, choices->magic_choice.figure);
      if (choices->magic_choice.has_to)
        tessera_turn_choose_marker (turn, find_marker_full (turn, game, &choices->magic_choice.to, TRUE,
                                                            "the figure's target"));
      else
        tessera_turn_skip (turn);
    }
  g_assert_cmpint (tessera_turn_get_step (turn), ==, TESSERA_TURN_ACTION);

  switch (event->action)
    {
    case TESSERA_ACTION_NONE:
      tessera_turn_skip (turn);
      break;

    case TESSERA_ACTION_FOLLOWER:
      {
        TesseraPieceRef ref = { event->at, "" };

        g_strlcpy (ref.spot, event->spot, sizeof ref.spot);
        tessera_turn_choose_marker (turn, find_marker (turn, game, &ref, "the follower's spot"));
      }
      break;

    case TESSERA_ACTION_CROWN:
      tessera_turn_choose_marker (turn, find_crown_marker (turn, game, event->crown));
      break;

    case TESSERA_ACTION_TOWER:
    case TESSERA_ACTION_TOWER_TOP:
      {
        TesseraPieceRef ref = { event->tower_at, "C" };

        tessera_turn_set_mode (turn, event->action == TESSERA_ACTION_TOWER ? TESSERA_TURN_MODE_TOWER
                                                                           : TESSERA_TURN_MODE_TOWER_TOP);
        tessera_turn_choose_marker (turn, find_marker (turn, game, &ref, "the tower"));
        if (tessera_turn_get_step (turn) == TESSERA_TURN_CAPTURE)
          {
            if (event->has_capture)
              tessera_turn_choose_marker (turn, find_marker (turn, game, &event->capture, "the captured follower"));
            else
              tessera_turn_skip (turn);
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
      tessera_turn_choose_crop (turn, choices == NULL || choices->crop == NULL || choices->crop_add);
      answer_round (turn, game, TESSERA_TURN_CROP_MOVE, choices != NULL ? choices->crop_moves : NULL,
                    choices != NULL ? choices->n_crop_moves : 0);
    }
  g_assert_cmpint (tessera_turn_get_step (turn), ==, TESSERA_TURN_CONFIRM);

apply:
  built = tessera_turn_build_event (turn, &error);
  g_assert_no_error (error);
  tessera_game_apply (game, built, &error);
  g_assert_no_error (error);
}

/* The game's state as tessera_test_describe_game() tells it, less the figures' segments. */
static char *
describe_without_figures (TesseraGame *game)
{
  g_autofree char *state = tessera_test_describe_game (game);
  g_auto(GStrv) lines = g_strsplit (state, "\n", -1);
  g_autoptr(GString) kept = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (!g_str_has_prefix (lines[i], "magic "))
      g_string_append_printf (kept, "%s\n", lines[i]);
  return g_string_free (g_steal_pointer (&kept), FALSE);
}

static void
test_record (gconstpointer data)
{
  const char *path = data;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *file = g_path_get_basename (path);
  g_autoptr(TesseraRecord) record = tessera_test_load_record (dir, file, NULL);
  guint n_entered = 0;

  for (guint i = 0; i < record->events->len; i++)
    {
      const TesseraEvent *event = g_ptr_array_index (record->events, i);
      g_autoptr(TesseraGame) game = NULL;
      g_autoptr(TesseraGame) expected = NULL;
      g_autofree char *entered_state = NULL;
      g_autofree char *expected_state = NULL;

      if (event->kind != TESSERA_EVENT_TURN && event->kind != TESSERA_EVENT_DISCARD)
        continue;
      /* Some fixtures end with a move the rules refuse: the turn is checked up to there. */
      expected = tessera_game_new_from_record (record, i + 1, NULL);
      if (expected == NULL)
        break;
      game = tessera_game_new_from_record (record, i, NULL);
      g_assert_nonnull (game);

      enter_event (game, event);
      entered_state = describe_without_figures (game);
      expected_state = describe_without_figures (expected);
      g_assert_cmpstr (entered_state, ==, expected_state);
      /* The mage and witch stand in a feature: any of its segments names the same place. */
      for (int figure = TESSERA_MAGIC_MAGE; figure <= TESSERA_MAGIC_WITCH; figure++)
        {
          int entered = tessera_game_get_magic_segment (game, figure);
          int wanted = tessera_game_get_magic_segment (expected, figure);

          g_assert_cmpint (entered < 0, ==, wanted < 0);
          if (entered >= 0)
            g_assert_cmpuint (tessera_board_find (tessera_game_get_board (game), (guint) entered), ==,
                              tessera_board_find (tessera_game_get_board (expected), (guint) wanted));
        }
      n_entered++;
    }
  g_assert_cmpuint (n_entered, >, 0);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint d = 0; d < G_N_ELEMENTS (record_dirs); d++)
    {
      g_autofree char *folder = g_test_build_filename (G_TEST_DIST, "records", record_dirs[d], NULL);
      g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
      g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      g_assert_nonnull (dir);
      while ((name = g_dir_read_name (dir)) != NULL)
        if (g_str_has_suffix (name, ".json"))
          g_ptr_array_add (files, g_strdup (name));
      g_ptr_array_sort (files, compare_names);
      for (guint i = 0; i < files->len; i++)
        {
          char *path = g_build_filename (record_dirs[d], g_ptr_array_index (files, i), NULL);
          g_autofree char *base = g_strndup (path, strlen (path) - strlen (".json"));
          g_autofree char *test_name = g_strdup_printf ("/turn/%s", base);

          g_test_add_data_func_full (test_name, path, test_record, g_free);
        }
    }
  return g_test_run ();
}
