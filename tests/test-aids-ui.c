/* test-aids-ui.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tessera-application.h"
#include "tessera-fits-popover.h"
#include "tessera-game-item.h"
#include "tessera-new-game-window.h"
#include "tessera-random-game.h"
#include "tessera-test-ui.h"
#include "tessera-tiles-left-window.h"
#include "tessera-window.h"

/* The table aids in a real window: the popover of what fits in the hole pointed at or under
 * the keyboard cursor, the odds in the explanation of a feature and the projected scores, each
 * checked against the engine's own figures; then the purist switch, which hides them all and
 * is kept with the game. Screenshots of each land in the build directory (with the language in
 * their names), to be looked at. */

static TesseraApplication *app;

static const char *
language_suffix (void)
{
  const char *language = g_getenv ("LANGUAGE");

  return language != NULL && *language != '\0' ? language : "en";
}

static void
save_screenshot (GtkWidget  *widget,
                 const char *what)
{
  g_autofree char *name = g_strdup_printf ("screenshot-aids-%s-%s.png", what, language_suffix ());

  tessera_test_save_screenshot (widget, name);
}

/* A game of the base box for two, stopped @n_events in: a board with holes and features. */
static gint64
import_game (guint32 seed,
             guint   n_events)
{
  static const char * const sets[] = { "base", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (seed, 2, sets);
  TesseraStore *store = tessera_application_get_store (app, &error);
  gboolean already;
  gint64 game_id;

  g_assert_no_error (error);
  g_ptr_array_set_size (record->events, MIN (n_events, record->events->len - 1));
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  return game_id;
}

static GtkEventController *
find_motion_controller (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        return GTK_EVENT_CONTROLLER (controller);
    }
  g_assert_not_reached ();
}

/* An open cell whose whole square is in view, with tiles that fit (or none, if @dead). */
static gboolean
find_visible_open_cell (TesseraBoardView *board_view,
                        TesseraGame      *game,
                        gboolean          dead,
                        TesseraCell      *found)
{
  TesseraBoard *board = tessera_game_get_board (game);
  int width = gtk_widget_get_width (GTK_WIDGET (board_view));
  int height = gtk_widget_get_height (GTK_WIDGET (board_view));

  for (guint i = 0; i < tessera_board_get_n_open_cells (board); i++)
    {
      TesseraCell cell = tessera_board_get_open_cell (board, i);
      g_autoptr(GArray) fits = g_array_new (FALSE, FALSE, sizeof (TesseraFit));
      GdkRectangle bounds;

      if (!tessera_board_view_get_cell_bounds (board_view, cell, &bounds)
          || bounds.x < 0 || bounds.y < 0 || bounds.x + bounds.width > width || bounds.y + bounds.height > height)
        continue;
      if ((tessera_game_list_fits (game, cell, fits) == 0) == dead)
        {
          *found = cell;
          return TRUE;
        }
    }
  return FALSE;
}

/* What the popover says against the engine: the copies and kinds that fit at @cell. */
static void
assert_fits_shown (TesseraGameView *view,
                   TesseraCell      cell)
{
  GtkPopover *popover = tessera_game_view_get_fits_popover (view);
  TesseraGame *game = tessera_game_view_get_game (view);
  g_autoptr(GArray) fits = g_array_new (FALSE, FALSE, sizeof (TesseraFit));
  guint copies = tessera_game_list_fits (game, cell, fits);
  GdkRectangle pointing, bounds;

  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  g_assert_cmpuint (tessera_fits_popover_get_copies (TESSERA_FITS_POPOVER (popover)), ==, copies);
  g_assert_cmpuint (tessera_fits_popover_get_n_kinds (TESSERA_FITS_POPOVER (popover)), ==, fits->len);
  g_assert_true (gtk_popover_get_pointing_to (popover, &pointing));
  g_assert_true (tessera_board_view_get_cell_bounds (tessera_game_view_get_board_view (view), cell, &bounds));
  g_assert_cmpint (pointing.x, ==, bounds.x);
  g_assert_cmpint (pointing.y, ==, bounds.y);
}

static gboolean
fits_shown (TesseraGameView *view)
{
  GtkPopover *popover = tessera_game_view_get_fits_popover (view);

  return popover != NULL && gtk_widget_get_visible (GTK_WIDGET (popover));
}

static GtkWindow *
find_tiles_left (void)
{
  g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (TESSERA_IS_TILES_LEFT_WINDOW (toplevel) && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return GTK_WINDOW (toplevel);
    }
  return NULL;
}

/* The popover waits for the pointer to rest; on a loaded machine a frame may take longer. */
static gboolean
wait_for_fits (TesseraGameView *view)
{
  tessera_test_settle (400);
  for (guint i = 0; i < 60 && !fits_shown (view); i++)
    tessera_test_settle (50);
  return fits_shown (view);
}

/* The text of every label under @widget, in order. */
static void
collect_text (GtkWidget *widget,
              GString   *text)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_text (child, text);
}

/* A segment of an unfinished city that tiles left can still close. */
static gboolean
find_unfinished_city (TesseraGame *game,
                      guint       *found)
{
  TesseraBoard *board = tessera_game_get_board (game);

  for (guint s = 0; s < tessera_board_get_n_segments (board); s++)
    {
      g_autoptr(GArray) needs = g_array_new (FALSE, FALSE, sizeof (TesseraFeatureNeed));
      TesseraFeatureOdds odds;

      if (tessera_board_segment_kind (board, s) == TESSERA_FEATURE_CITY
          && tessera_game_get_feature_odds (game, s, needs, &odds) && odds.can_finish && odds.helping > 0)
        {
          *found = s;
          return TRUE;
        }
    }
  return FALSE;
}

static void
test_aids (void)
{
  g_autoptr(GError) error = NULL;
  gint64 game_id = import_game (71, 44);
  TesseraWindow *window = tessera_window_new (app);
  TesseraGameView *view = tessera_window_get_game_view (window);
  TesseraBoardView *board_view = tessera_game_view_get_board_view (view);
  TesseraScoreboard *scoreboard = tessera_game_view_get_scoreboard (view);
  GtkEventController *motion = find_motion_controller (GTK_WIDGET (board_view));
  TesseraGame *game;
  g_autofree TesseraProjection *projections = NULL;
  g_autoptr(GString) dispute_text = g_string_new (NULL);
  g_autoptr(GArray) needs = g_array_new (FALSE, FALSE, sizeof (TesseraFeatureNeed));
  g_autofree char *chance = NULL;
  TesseraFeatureOdds odds;
  TesseraCell cell, inspected;
  GdkRectangle bounds;
  gboolean purist = TRUE;
  guint segment = 0;
  int shown;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  g_assert_true (tessera_window_resume_game (window, game_id, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  tessera_test_settle (300);
  game = tessera_game_view_get_game (view);
  g_assert_false (tessera_game_view_get_purist (view));
  g_assert_true (tessera_board_view_get_show_aids (board_view));

  /* The projected final scores, as the engine ends a copy of the game. */
  projections = g_new0 (TesseraProjection, tessera_game_get_n_players (game));
  g_assert_true (tessera_game_project_scores (game, projections, &error));
  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    {
      g_assert_true (tessera_scoreboard_get_shown_projection (scoreboard, p, &shown));
      g_assert_cmpint (shown, ==, projections[p].score);
    }

  /* The pointer resting on a hole asks nothing: the popover came up over the search while a
   * player typed. A click asks (test-table-speed.c clicks, with real input). */
  g_assert_true (find_visible_open_cell (board_view, game, FALSE, &cell));
  g_assert_true (tessera_board_view_get_cell_bounds (board_view, cell, &bounds));
  g_signal_emit_by_name (motion, "enter", bounds.x + bounds.width / 2.0, bounds.y + bounds.height / 2.0);
  g_signal_emit_by_name (motion, "motion", bounds.x + bounds.width / 2.0, bounds.y + bounds.height / 2.0);
  g_assert_false (tessera_board_view_get_inspected_cell (board_view, NULL));
  g_assert_false (wait_for_fits (view));
  g_signal_emit_by_name (motion, "leave");

  /* The keyboard reaches holes: the cursor walks tiles and holes alike between turns, and
   * after a moment on a hole, what fits there. */
  for (guint i = 0; i < 40 && !tessera_board_view_get_inspected_cell (board_view, &inspected); i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (board_view), "board.move-cursor", "(ii)", i % 8 < 4 ? 1 : 0, i % 8 < 4 ? 0 : 1));
  g_assert_true (tessera_board_view_get_inspected_cell (board_view, &inspected));
  g_assert_false (fits_shown (view));
  g_assert_true (wait_for_fits (view));
  assert_fits_shown (view, inspected);
  save_screenshot (GTK_WIDGET (window), "fits");
  save_screenshot (GTK_WIDGET (tessera_game_view_get_fits_popover (view)), "fits-popover");

  /* A city that can still be closed: what it needs and the odds, as the engine counts them. */
  g_assert_true (find_unfinished_city (game, &segment));
  g_assert_true (tessera_game_get_feature_odds (game, segment, needs, &odds));
  g_signal_emit_by_name (board_view, "feature-activated", segment);
  tessera_test_settle (200);
  g_assert_false (fits_shown (view));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (tessera_game_view_get_dispute (view))));
  collect_text (GTK_WIDGET (tessera_game_view_get_dispute (view)), dispute_text);
  chance = tessera_describe_chance (odds.helping, odds.tiles_left);
  g_test_message ("%s", dispute_text->str);
  g_assert_nonnull (strstr (dispute_text->str, _("To finish it:")));
  g_assert_nonnull (strstr (dispute_text->str, chance));
  for (guint i = 0; i < needs->len; i++)
    {
      const TesseraFeatureNeed *need = &g_array_index (needs, TesseraFeatureNeed, i);
      g_autofree char *kinds = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u kind", "%u kinds", need->n_kinds), need->n_kinds);
      g_autofree char *line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "cell %d, %d: %u tile left fits (%s)",
                                                            "cell %d, %d: %u tiles left fit (%s)", need->copies),
                                               need->cell.x, need->cell.y, need->copies, kinds);

      g_assert_nonnull (strstr (dispute_text->str, line));
    }
  save_screenshot (GTK_WIDGET (tessera_game_view_get_dispute (view)), "dispute");
  gtk_popover_popdown (tessera_game_view_get_dispute (view));
  tessera_test_settle (50);

  /* Purist, from the primary menu's switch: every aid goes, and the history keeps the choice. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.show-tiles-left", NULL));
  tessera_test_settle (100);
  g_assert_nonnull (find_tiles_left ());
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.purist", NULL));
  tessera_test_settle (50);
  g_assert_true (tessera_game_view_get_purist (view));
  g_assert_false (tessera_board_view_get_show_aids (board_view));
  g_assert_false (tessera_board_view_get_inspected_cell (board_view, NULL));
  /* The Tiles Left window that was open closes, and cannot be opened. */
  g_assert_null (find_tiles_left ());
  gtk_widget_activate_action (GTK_WIDGET (view), "game.show-tiles-left", NULL);
  tessera_test_settle (50);
  g_assert_null (find_tiles_left ());
  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    g_assert_false (tessera_scoreboard_get_shown_projection (scoreboard, p, &shown));
  g_assert_true (tessera_store_get_purist (tessera_application_get_store (app, NULL), game_id, &purist, &error));
  g_assert_true (purist);
  /* The history's list tags it, for its filter too. */
  {
    g_autoptr(GPtrArray) games = tessera_store_list_games (tessera_application_get_store (app, NULL), &error);

    g_assert_no_error (error);
    for (guint i = 0; i < games->len; i++)
      if (((TesseraGameSummary *) g_ptr_array_index (games, i))->id == game_id)
        {
          g_autoptr(TesseraGameItem) item = tessera_game_item_new (g_ptr_array_steal_index (games, i));

          g_assert_true (tessera_game_item_get_sets (item) & TESSERA_GAME_SETS_PURIST);
          g_assert_true (tessera_game_item_get_sets (item) & TESSERA_GAME_SETS_BASE);
          break;
        }
  }
  g_signal_emit_by_name (motion, "enter", bounds.x + bounds.width / 2.0, bounds.y + bounds.height / 2.0);
  g_signal_emit_by_name (motion, "motion", bounds.x + bounds.width / 2.0, bounds.y + bounds.height / 2.0);
  tessera_test_settle (600);
  g_assert_false (fits_shown (view));
  g_string_truncate (dispute_text, 0);
  g_signal_emit_by_name (board_view, "feature-activated", segment);
  tessera_test_settle (100);
  collect_text (GTK_WIDGET (tessera_game_view_get_dispute (view)), dispute_text);
  g_assert_null (strstr (dispute_text->str, _("To finish it:")));
  g_assert_null (strstr (dispute_text->str, chance));
  gtk_popover_popdown (tessera_game_view_get_dispute (view));
  /* The palette names its tiles without their counts. */
  {
    const TesseraSupplyEntry *entry = NULL;
    GArray *supply = tessera_game_get_supply (game);
    GtkWidget *button;
    g_autoptr(GString) label = g_string_new (NULL);
    g_autofree char *expected = NULL;

    for (guint i = 0; i < supply->len && entry == NULL; i++)
      if (g_array_index (supply, TesseraSupplyEntry, i).left > 0)
        entry = &g_array_index (supply, TesseraSupplyEntry, i);
    button = tessera_tile_palette_get_tile_button (tessera_game_view_get_palette (view), entry->entry->id);
    collect_text (button, label);
    expected = g_strconcat (entry->entry->id, "\n", NULL);
    g_assert_cmpstr (label->str, ==, expected);
  }
  save_screenshot (GTK_WIDGET (window), "purist");

  /* The game opened again is still played without aids; switched back, they return. */
  g_assert_true (tessera_window_resume_game (window, game_id, &error));
  g_assert_true (tessera_game_view_get_purist (view));
  g_assert_false (tessera_board_view_get_show_aids (board_view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.purist", NULL));
  tessera_test_settle (50);
  g_assert_false (tessera_game_view_get_purist (view));
  g_assert_true (tessera_scoreboard_get_shown_projection (scoreboard, 0, &shown));
  g_assert_true (tessera_store_get_purist (tessera_application_get_store (app, NULL), game_id, &purist, &error));
  g_assert_false (purist);

  /* Once the drawn tile is picked, the clicks that place it and its follower must land on the
   * board: no popover comes up over it (at 1024x600 one covered the follower's spot). */
  game = tessera_game_view_get_game (view);
  {
    GArray *supply = tessera_game_get_supply (game);

    for (guint i = 0; i < supply->len; i++)
      if (g_array_index (supply, TesseraSupplyEntry, i).left > 0)
        {
          g_assert_true (tessera_tile_palette_choose (tessera_game_view_get_palette (view),
                                                      g_array_index (supply, TesseraSupplyEntry, i).entry->id));
          break;
        }
  }
  tessera_test_settle (100);
  g_assert_true (find_visible_open_cell (board_view, game, FALSE, &cell));
  g_assert_true (tessera_board_view_get_cell_bounds (board_view, cell, &bounds));
  g_signal_emit_by_name (motion, "enter", bounds.x + bounds.width / 2.0, bounds.y + bounds.height / 2.0);
  g_signal_emit_by_name (motion, "motion", bounds.x + bounds.width / 2.0, bounds.y + bounds.height / 2.0);
  g_assert_false (tessera_board_view_get_inspected_cell (board_view, NULL));
  tessera_test_settle (700);
  g_assert_false (fits_shown (view));

  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (20);
}

/* Late in a game holes appear that nothing left can fill: crossed on the board, and the
 * popover says so. */
static void
test_dead_spots (void)
{
  g_autoptr(GError) error = NULL;
  TesseraWindow *window = tessera_window_new (app);
  TesseraGameView *view = tessera_window_get_game_view (window);
  TesseraBoardView *board_view = tessera_game_view_get_board_view (view);
  g_autoptr(GArray) dead = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
  TesseraGame *game = NULL;
  TesseraCell cell;
  gint64 game_id = 0;

  /* The first of these late positions with a dead spot in view. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  for (guint32 seed = 80; seed < 100; seed++)
    {
      game_id = import_game (seed, 66);
      g_assert_true (tessera_window_resume_game (window, game_id, &error));
      g_assert_no_error (error);
      tessera_test_settle (100);
      game = tessera_game_view_get_game (view);
      g_array_set_size (dead, 0);
      tessera_game_list_dead_spots (game, dead, NULL);
      if (dead->len > 0 && find_visible_open_cell (board_view, game, TRUE, &cell))
        break;
      game = NULL;
    }
  g_assert_nonnull (game);
  g_test_message ("%u dead spots", dead->len);

  /* The keyboard's cursor goes there by arrows (a walk at random: it steps from cell to cell). */
  {
    static const int steps[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
    g_autoptr(GRand) rand = g_rand_new_with_seed (5);
    gboolean on_dead = FALSE;

    for (guint i = 0; i < 3000 && !on_dead; i++)
      {
        int d = g_rand_int_range (rand, 0, 4);

        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (board_view), "board.move-cursor", "(ii)", steps[d][0], steps[d][1]));
        if (tessera_board_view_get_inspected_cell (board_view, &cell))
          for (guint j = 0; j < dead->len && !on_dead; j++)
            on_dead = g_array_index (dead, TesseraCell, j).x == cell.x && g_array_index (dead, TesseraCell, j).y == cell.y;
      }
    g_assert_true (on_dead);
  }
  g_assert_true (wait_for_fits (view));
  assert_fits_shown (view, cell);
  g_assert_cmpuint (tessera_fits_popover_get_copies (TESSERA_FITS_POPOVER (tessera_game_view_get_fits_popover (view))), ==, 0);
  save_screenshot (GTK_WIDGET (window), "dead-spots");
  save_screenshot (GTK_WIDGET (tessera_game_view_get_fits_popover (view)), "dead-spot-popover");

  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (20);
}

/* The new-game dialog's switch: the game starts without aids, the history keeps it, and the
 * dialog offers the same choice next time. */
static void
test_new_game_purist (void)
{
  TesseraWindow *window = tessera_window_new (app);
  TesseraGameView *view = tessera_window_get_game_view (window);
  g_autoptr(GListModel) toplevels = NULL;
  g_autoptr(GError) error = NULL;
  TesseraNewGameWindow *dialog = NULL;
  GtkSwitch *purist_switch;
  gboolean purist = FALSE;

  gtk_window_present (GTK_WINDOW (window));
  for (guint round = 0; round < 2; round++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
      tessera_test_settle (100);
      toplevels = g_object_ref (gtk_window_get_toplevels ());
      dialog = NULL;
      for (guint i = 0; i < g_list_model_get_n_items (toplevels) && dialog == NULL; i++)
        {
          g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

          if (TESSERA_IS_NEW_GAME_WINDOW (toplevel) && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
            dialog = TESSERA_NEW_GAME_WINDOW (toplevel);
        }
      g_clear_object (&toplevels);
      g_assert_nonnull (dialog);
      purist_switch = GTK_SWITCH (gtk_widget_get_template_child (GTK_WIDGET (dialog), TESSERA_TYPE_NEW_GAME_WINDOW, "purist_switch"));
      /* Off the first time; on the second, as the table left it. */
      g_assert_cmpint (gtk_switch_get_active (purist_switch), ==, round == 1);
      if (round == 1)
        {
          save_screenshot (GTK_WIDGET (dialog), "new-game");
          gtk_window_destroy (GTK_WINDOW (dialog));
          break;
        }
      gtk_switch_set_active (purist_switch, TRUE);
      g_assert_true (tessera_new_game_window_get_purist (dialog));
      tessera_new_game_window_set_player (dialog, 0, "Anna", "red");
      tessera_new_game_window_set_player (dialog, 1, "Bram", "blue");
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.start", NULL));
      tessera_test_settle (100);
      g_assert_true (tessera_game_view_get_purist (view));
      g_assert_false (tessera_board_view_get_show_aids (tessera_game_view_get_board_view (view)));
      g_assert_true (tessera_store_get_purist (tessera_application_get_store (app, NULL),
                                               tessera_game_view_get_game_id (view), &purist, &error));
      g_assert_no_error (error);
      g_assert_true (purist);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (20);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *scratch_dir = NULL;
  g_autofree char *history = NULL;
  int status;

  app = tessera_test_ui_init (&argc, &argv, "tessera-aids-ui", &scratch_dir);
  if (app == NULL)
    return g_test_run ();

  g_test_add_func ("/aids-ui/aids", test_aids);
  g_test_add_func ("/aids-ui/dead-spots", test_dead_spots);
  g_test_add_func ("/aids-ui/new-game-purist", test_new_game_purist);
  status = g_test_run ();

  g_clear_object (&app);
  history = g_build_filename (scratch_dir, "history.db", NULL);
  tessera_test_remove_history (history);
  g_rmdir (scratch_dir);
  return status;
}
