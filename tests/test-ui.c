/* test-ui.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "tessera-test-ui.h"
#include "tessera-application.h"
#include "tessera-bgstats-send.h"
#include "tessera-box-window.h"
#include "tessera-final-scoring-window.h"
#include "tessera-game-layout.h"
#include "tessera-game-view.h"
#include "tessera-score-line.h"
#include "tessera-names.h"
#include "tessera-new-game-window.h"
#include "tessera-random-game.h"
#include "tessera-player-item.h"
#include "tessera-player-profile.h"
#include "tessera-players-page.h"
#include "tessera-replay-view.h"
#include "tessera-score-log.h"
#include "tessera-table-window.h"
#include "tessera-test-turn.h"
#include "tessera-test-utils.h"
#include "tessera-tiles-left-window.h"
#include "tessera-window.h"

/* A real window played through its actions, as the keyboard and the buttons drive it: a short
 * game with the wheel, the tower and the mage, from the new-game dialog to the final scoring.
 * Every score the window shows is checked against the engine's, every move against the history,
 * and screenshots of each screen land in the build directory to be looked at. */

static TesseraApplication *app;

static void     collect_toasts (GtkWidget *widget,
                                GPtrArray *toasts);
static gboolean dismiss_toasts (GtkWidget *widget);
static char    *screenshot_name (const char *name);

static void
activate (GtkWidget  *widget,
          const char *action,
          GVariant   *parameter)
{
  g_assert_true (gtk_widget_activate_action_variant (widget, action, parameter));
  tessera_test_settle (2);
}

static void
assert_scores_shown (TesseraGameView *view)
{
  TesseraGame *game = tessera_game_view_get_game (view);
  TesseraScoreboard *scoreboard = tessera_game_view_get_scoreboard (view);

  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    g_assert_cmpint (tessera_scoreboard_get_shown_score (scoreboard, p), ==, tessera_game_get_score (game, p));
}

/* The history holds exactly the game the window shows. */
static void
assert_stored (TesseraGameView *view)
{
  g_autoptr(GError) error = NULL;
  /* The history the application opened when it started. */
  const char *path = tessera_store_get_path (tessera_application_get_store (app, NULL));
  g_autoptr(TesseraStore) store = tessera_store_open (path, &error);
  g_autoptr(TesseraRecord) stored = NULL;
  g_autoptr(TesseraRecord) shown = tessera_game_to_record (tessera_game_view_get_game (view));
  g_autofree char *stored_data = NULL;
  g_autofree char *shown_data = NULL;

  g_assert_no_error (error);
  stored = tessera_store_load_record (store, tessera_game_view_get_game_id (view), &error);
  g_assert_no_error (error);
  stored_data = tessera_record_to_data (stored);
  shown_data = tessera_record_to_data (shown);
  g_assert_cmpstr (stored_data, ==, shown_data);
}

static gboolean
cells_touch (TesseraCell a,
             TesseraCell b)
{
  return ABS (a.x - b.x) + ABS (a.y - b.y) == 1;
}

/* Picks @tile from the palette and places it on a legal cell next to @near (any legal cell when
 * @near is NULL), in its first legal rotation there. */
static TesseraCell
place_tile (TesseraGameView   *view,
            const char        *tile,
            const TesseraCell *near)
{
  TesseraTurn *turn;
  const TesseraPlacement *placements;
  guint n_placements;

  activate (GTK_WIDGET (view), "game.choose-tile", g_variant_new_string (tile));
  turn = tessera_game_view_get_turn (view);
  g_assert_cmpstr (tessera_turn_get_entry (turn)->id, ==, tile);
  g_assert_cmpint (tessera_turn_get_step (turn), ==, TESSERA_TURN_PLACE);

  placements = tessera_turn_get_placements (turn, &n_placements);
  g_assert_cmpuint (n_placements, >, 0);
  for (guint i = 0; i < n_placements; i++)
    {
      if (near != NULL && !cells_touch (placements[i].cell, *near))
        continue;
      activate (GTK_WIDGET (view), "game.place",
                g_variant_new ("(iiu)", placements[i].cell.x, placements[i].cell.y, placements[i].rotation * 90u));
      g_assert_cmpint (tessera_turn_get_step (turn), !=, TESSERA_TURN_PLACE);
      return placements[i].cell;
    }
  g_assert_not_reached ();
}


/* Every label's text under @widget, in the order of the widget tree. */
static void
collect_label_texts (GtkWidget *widget,
                     GPtrArray *texts)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (texts, (gpointer) gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_label_texts (child, texts);
}

/* @first is shown, and @then after it (a figure over its caption, a name and its result). */
static void
assert_shown_before (GPtrArray  *texts,
                     const char *first,
                     const char *then)
{
  for (guint i = 0; i < texts->len; i++)
    if (g_strcmp0 (g_ptr_array_index (texts, i), first) == 0)
      for (guint j = i + 1; j < texts->len && j <= i + 3; j++)
        if (g_strcmp0 (g_ptr_array_index (texts, j), then) == 0)
          return;
  g_error ("\"%s\" is not shown with \"%s\" after it", first, then);
}

/* Chooses the first marker that @accept takes. */
static void
choose_marker (TesseraGameView *view,
               gboolean       (*accept)(const TesseraChoice *marker,
                                        gconstpointer             data),
               gconstpointer    data)
{
  guint n_markers;
  const TesseraChoice *markers = tessera_turn_get_choices (tessera_game_view_get_turn (view), &n_markers);

  for (guint i = 0; i < n_markers; i++)
    if (accept (&markers[i], data))
      {
        activate (GTK_WIDGET (view), "game.choose-marker", g_variant_new_uint32 (i));
        return;
      }
  g_assert_not_reached ();
}

static gboolean
is_crown_of (const TesseraChoice *marker,
             gconstpointer             data)
{
  return marker->kind == TESSERA_CHOICE_CROWN && marker->crown_segment == GPOINTER_TO_UINT (data);
}

static gboolean
is_spot (const TesseraChoice *marker,
         gconstpointer             data)
{
  return marker->kind != TESSERA_CHOICE_CROWN && !marker->on_cell;
}

static gboolean
is_at (const TesseraChoice *marker,
       gconstpointer             data)
{
  const TesseraCell *cell = data;

  return marker->kind != TESSERA_CHOICE_CROWN && marker->where.at.x == cell->x && marker->where.at.y == cell->y;
}

static int
count_category (TesseraGame     *game,
                TesseraCategory  category)
{
  guint n;
  const TesseraScoreEvent *scores = tessera_game_get_score_events (game, &n);
  int points = 0;

  for (guint i = 0; i < n; i++)
    if (scores[i].category == category)
      points += scores[i].points;
  return points;
}

/* Every step of a turn fits a 1024×600 screen, and the window's minimum size is the same at
 * every step: it never resizes itself as the turn goes on. */
static void
assert_steady_minimum (TesseraWindow *window,
                       int           *width,
                       int           *height)
{
  int min_width, min_height;

  tessera_test_settle (20);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, min_width, &min_height, NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, 1024);
  g_assert_cmpint (min_height, <=, 600);
  if (*width == 0)
    {
      *width = min_width;
      *height = min_height;
    }
  g_assert_cmpint (min_width, ==, *width);
  g_assert_cmpint (min_height, ==, *height);
}

/* The board draws the move before Confirm: a follower of @player with @fate among what it
 * shows changing. */
static void
assert_drawn_piece (TesseraGameView  *view,
                    TesseraPieceFate  fate,
                    guint             player)
{
  guint n_pieces;
  const TesseraPieceChange *pieces = tessera_board_view_get_preview (tessera_game_view_get_board_view (view), &n_pieces);
  gboolean found = FALSE;

  g_assert_nonnull (pieces);
  for (guint i = 0; i < n_pieces; i++)
    found |= pieces[i].fate == fate && pieces[i].piece.player == player;
  g_assert_true (found);
}

static void
test_play_game (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  TesseraWindow *window;
  TesseraGameView *view;
  TesseraNewGameWindow *dialog;
  TesseraGame *game;
  TesseraCell first, second, third;
  guint n_events;
  int anna_before_undo, bram_before_undo;
  AdwMessageDialog *confirm_end, *refusal, *adjust;
  GtkWindow *shortcuts, *about;
  int board_width;
  int min_width = 0, min_height = 0;

  /* The table's choices from last time: the Wheel of Fortune box with the Tower and the mage. */
  g_settings_set_string (settings, "box", "wheel");
  g_settings_set_boolean (settings, "tower", TRUE);
  g_settings_set_boolean (settings, "mage-witch", TRUE);

  window = tessera_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-start.png");

  /* The shortcuts window lists every shortcut; the about window credits the authors. */
  activate (GTK_WIDGET (window), "win.show-help-overlay", NULL);
  shortcuts = tessera_test_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW);
  g_assert_nonnull (shortcuts);
  /* Each of its two sections fits a 1024x600 screen (as one, it was 960 pixels high). */
  {
    static const char *sections[] = { "game", "general" };

    for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
      {
        g_autofree char *name = g_strdup_printf ("screenshot-shortcuts-%s.png", sections[i]);

        g_object_set (shortcuts, "section-name", sections[i], NULL);
        tessera_test_settle (100);
        tessera_test_save_screenshot (GTK_WIDGET (shortcuts), name);
        g_test_message ("shortcuts, %s: %d x %d", sections[i], gtk_widget_get_width (GTK_WIDGET (shortcuts)),
                        gtk_widget_get_height (GTK_WIDGET (shortcuts)));
        g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (shortcuts)), <=, 1024);
        g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (shortcuts)), <=, 600);
      }
  }
  gtk_window_close (shortcuts);
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  tessera_test_settle (50);
  about = tessera_test_find_toplevel (ADW_TYPE_ABOUT_WINDOW);
  g_assert_nonnull (about);
  gtk_window_destroy (about);
  tessera_test_settle (50);

  /* New game */
  activate (GTK_WIDGET (window), "win.new-game", NULL);
  dialog = TESSERA_NEW_GAME_WINDOW (tessera_test_find_toplevel (TESSERA_TYPE_NEW_GAME_WINDOW));
  g_assert_nonnull (dialog);
  /* Ctrl+N, then type: the keyboard is in the first player's name, not on Cancel. */
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (dialog));
    GtkWidget *entry = focus != NULL ? gtk_widget_get_ancestor (focus, GTK_TYPE_ENTRY) : NULL;

    g_assert_nonnull (entry);
    g_assert_cmpint (gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (gtk_widget_get_ancestor (entry, GTK_TYPE_LIST_BOX_ROW))), ==, 0);
  }
  /* Nothing typed yet: no complaint, but no start either. A name typed and cleared again is
   * what the dialog then asks for. */
  g_assert_null (tessera_new_game_window_get_shown_problem (dialog));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.start", NULL);
  tessera_test_settle (20);
  g_assert_nonnull (tessera_test_find_toplevel (TESSERA_TYPE_NEW_GAME_WINDOW));
  tessera_new_game_window_set_player (dialog, 0, "Anna", "red");
  tessera_new_game_window_set_player (dialog, 0, "", "red");
  g_assert_cmpstr (tessera_new_game_window_get_shown_problem (dialog), ==, "Player 1 needs a name.");
  tessera_new_game_window_set_player (dialog, 0, "Anna", "red");
  tessera_new_game_window_set_player (dialog, 1, "Bram", "blue");
  g_assert_null (tessera_new_game_window_get_shown_problem (dialog));
  tessera_test_save_screenshot (GTK_WIDGET (dialog), "screenshot-new-game.png");
  activate (GTK_WIDGET (dialog), "new-game.start", NULL);
  tessera_test_settle (100);
  g_assert_null (tessera_test_find_toplevel (TESSERA_TYPE_NEW_GAME_WINDOW));

  view = tessera_window_get_game_view (window);
  game = tessera_game_view_get_game (view);
  g_assert_nonnull (game);
  g_assert_nonnull (tessera_game_get_wheel (game));
  g_assert_true (tessera_game_has_tower (game));
  g_assert_true (tessera_game_has_magic (game));
  g_assert_cmpstr (tessera_game_get_player_names (game)[0], ==, "Anna");
  /* The keyboard is in the tile search, where the card says to type the tile's id: typing "D"
   * and Enter there once left the game from its Back button. */
  tessera_test_assert_focus_in (GTK_WIDGET (window), GTK_WIDGET (tessera_game_view_get_palette (view)));

  /* The board keeps its width through the steps of a turn: the side panel does not grow
   * with what it shows (it went from 835 to 850 pixels between two steps). */
  tessera_test_settle (50);
  board_width = gtk_widget_get_width (GTK_WIDGET (tessera_game_view_get_board_view (view)));
  g_assert_cmpint (board_width, >, 0);
  assert_steady_minimum (window, &min_width, &min_height);

  /* 1. Anna draws a wheel tile: the pig moves on to Taxes; she puts a follower on a crown space
   * of Famine, where the next wheel tile will take the pig. */
  /* A cell the drawn tile cannot go to: its reason is also the board's description, which a
   * screen reader reads on the focused board (the real clicks are in test-table-speed.c). */
  {
    TesseraBoardView *board = tessera_game_view_get_board_view (view);
    g_autofree char *refused = g_strdup_printf (_("Tile %s cannot go there: %s."), "U+W1", _("the wheel board lies there"));

    activate (GTK_WIDGET (view), "game.choose-tile", g_variant_new_string ("U+W1"));
    g_signal_emit_by_name (board, "cell-refused", 1, 1, 0u);
    gtk_test_accessible_assert_property (board, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, refused);
    activate (GTK_WIDGET (view), "game.back", NULL);
    g_assert_cmpint (tessera_turn_get_step (tessera_game_view_get_turn (view)), ==, TESSERA_TURN_DRAW);
  }
  first = place_tile (view, "U+W1", NULL);
  tessera_test_settle (50);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (tessera_game_view_get_board_view (view))), ==, board_width);
  {
    g_autofree char *report = tessera_turn_describe_wheel (tessera_game_view_get_turn (view));

    g_assert_nonnull (report);
  }
  g_assert_cmpint (tessera_turn_get_step (tessera_game_view_get_turn (view)), ==, TESSERA_TURN_ACTION);
  assert_steady_minimum (window, &min_width, &min_height);
  choose_marker (view, is_crown_of, GUINT_TO_POINTER (2));
  g_assert_cmpint (tessera_turn_get_step (tessera_game_view_get_turn (view)), ==, TESSERA_TURN_CONFIRM);
  /* Her follower stands on the crown before she confirms. */
  {
    TesseraGame *shown = tessera_board_view_get_shown_game (tessera_game_view_get_board_view (view));
    gboolean on_crown = FALSE;

    g_assert_true (shown != tessera_game_view_get_game (view));
    for (guint space = 0; space < tessera_game_get_wheel (shown)->segments[2].n_crowns; space++)
      {
        on_crown |= tessera_game_get_crown_occupant (shown, 2, space) == 0;
        g_assert_cmpint (tessera_game_get_crown_occupant (tessera_game_view_get_game (view), 2, space), ==, -1);
      }
    g_assert_true (on_crown);
  }
  assert_steady_minimum (window, &min_width, &min_height);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-preview-crown.png");
  tessera_test_settle (50);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (tessera_game_view_get_board_view (view))), ==, board_width);
  activate (GTK_WIDGET (view), "game.confirm", NULL);
  g_assert_cmpuint (tessera_game_get_n_events (tessera_game_view_get_game (view)), ==, 1);
  g_assert_cmpuint (tessera_game_get_pig (tessera_game_view_get_game (view)), ==, 1);
  assert_stored (view);
  /* Confirmed: the next turn begins in the tile search again. */
  tessera_test_assert_focus_in (GTK_WIDGET (window), GTK_WIDGET (tessera_game_view_get_palette (view)));

  /* 2. Bram's wheel tile takes the pig to Famine: Anna's crown scores. Bram places a follower
   * next to the first tile. */
  second = place_tile (view, "V+W1", &first);
  g_assert_cmpint (tessera_turn_get_landing (tessera_game_view_get_turn (view)), ==, 2);
  {
    g_autofree char *report = tessera_turn_describe_wheel (tessera_game_view_get_turn (view));

    g_assert_true (g_str_match_string ("Anna", report, FALSE));
  }
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-wheel.png");
  assert_steady_minimum (window, &min_width, &min_height);
  choose_marker (view, is_spot, NULL);
  assert_drawn_piece (view, TESSERA_PIECE_PLACED, 1);
  assert_steady_minimum (window, &min_width, &min_height);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-preview-follower.png");
  activate (GTK_WIDGET (view), "game.confirm", NULL);
  game = tessera_game_view_get_game (view);
  g_assert_cmpuint (tessera_game_get_pig (game), ==, 2);
  g_assert_cmpint (count_category (game, TESSERA_CATEGORY_CROWN), >, 0);
  g_assert_cmpint (tessera_game_get_category_score (game, 0, TESSERA_CATEGORY_CROWN), >, 0);
  g_assert_cmpuint (tessera_game_get_followers_in_supply (game, 1), ==, TESSERA_FOLLOWERS_PER_PLAYER - 1);
  assert_scores_shown (view);

  /* Settling a dispute: a click on Bram's feature tells what it is and who holds it. */
  {
    guint n_pieces;
    const TesseraPiece *pieces = tessera_game_get_pieces (game, &n_pieces);
    GtkPopover *dispute;
    const char *text;

    g_assert_cmpuint (n_pieces, ==, 1);
    g_signal_emit_by_name (tessera_game_view_get_board_view (view), "feature-activated", pieces[0].segment);
    tessera_test_settle (100);
    dispute = tessera_game_view_get_dispute (view);
    g_assert_nonnull (dispute);
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dispute)));
    text = gtk_label_get_text (GTK_LABEL (gtk_widget_get_next_sibling (gtk_widget_get_first_child (gtk_popover_get_child (dispute)))));
    /* In the language the test runs in: screenshots are taken in Dutch and Spanish too. */
    {
      g_autofree char *holder = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "%s (%u)"), "Bram", 1u);
      g_autofree char *held = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "Held by %s."), holder);

      g_assert_nonnull (strstr (text, held));
      g_assert_nonnull (strstr (text, g_dgettext (GETTEXT_PACKAGE, "If the game ended now:")));
    }
    tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-dispute.png");
    tessera_test_save_screenshot (GTK_WIDGET (dispute), "screenshot-dispute-popover.png");
    gtk_popover_popdown (dispute);
    tessera_test_settle (50);
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dispute)));

    /* The keyboard's way: Enter on the board asks about a feature of the tile at the cursor. */
    activate (GTK_WIDGET (tessera_game_view_get_board_view (view)), "board.activate-cursor", NULL);
    tessera_test_settle (50);
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dispute)));
    gtk_popover_popdown (dispute);
  }

  /* 3. Anna places a tower foundation next to Bram's follower, builds the first floor on it and
   * captures him. */
  third = place_tile (view, "TO-02", &second);
  activate (GTK_WIDGET (view), "game.mode", g_variant_new_string ("tower"));
  choose_marker (view, is_at, &third);
  g_assert_cmpint (tessera_turn_get_step (tessera_game_view_get_turn (view)), ==, TESSERA_TURN_CAPTURE);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-capture.png");
  assert_steady_minimum (window, &min_width, &min_height);
  choose_marker (view, is_at, &second);
  /* Bram's follower is drawn taken before Anna confirms. */
  assert_drawn_piece (view, TESSERA_PIECE_CAPTURED, 1);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-preview-capture.png");
  activate (GTK_WIDGET (view), "game.confirm", NULL);
  game = tessera_game_view_get_game (view);
  g_assert_cmpuint (tessera_game_get_prisoners (game, 0, 1), ==, 1);
  g_assert_cmpuint (tessera_game_get_tower_pieces (game, 0), ==, tessera_tower_pieces_for (2) - 1);
  assert_scores_shown (view);

  /* 4. Bram draws a magic tile: the mage comes onto the board before anything else. */
  place_tile (view, "MW-1", NULL);
  g_assert_cmpint (tessera_turn_get_step (tessera_game_view_get_turn (view)), ==, TESSERA_TURN_MAGIC);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-magic.png");
  assert_steady_minimum (window, &min_width, &min_height);
  choose_marker (view, is_spot, NULL);
  g_assert_cmpint (tessera_turn_get_step (tessera_game_view_get_turn (view)), ==, TESSERA_TURN_ACTION);
  /* The mage stands where it goes before the turn is confirmed. */
  g_assert_cmpint (tessera_game_get_magic_segment (tessera_game_view_get_game (view), TESSERA_MAGIC_MAGE), <, 0);
  g_assert_cmpint (tessera_game_get_magic_segment (tessera_board_view_get_shown_game (tessera_game_view_get_board_view (view)),
                                                   TESSERA_MAGIC_MAGE), >=, 0);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-preview-mage.png");
  activate (GTK_WIDGET (view), "game.skip", NULL);
  activate (GTK_WIDGET (view), "game.confirm", NULL);
  game = tessera_game_view_get_game (view);
  g_assert_cmpint (tessera_game_get_magic_segment (game, TESSERA_MAGIC_MAGE), >=, 0);
  assert_stored (view);

  /* 5. Anna's turn, then undone and redone: the history follows. */
  n_events = tessera_game_get_n_events (game);
  anna_before_undo = tessera_game_get_score (game, 0);
  bram_before_undo = tessera_game_get_score (game, 1);
  /* The tile goes where it fits more than one way, and is turned once it is down (R). */
  {
    TesseraTurn *turn;
    const TesseraPlacement *placements;
    guint n_placements, rotation_before, rotation_after;
    TesseraCell cell;

    activate (GTK_WIDGET (view), "game.choose-tile", g_variant_new_string ("D"));
    turn = tessera_game_view_get_turn (view);
    placements = tessera_turn_get_placements (turn, &n_placements);
    for (guint i = 0; i < n_placements; i++)
      if (__builtin_popcount (tessera_turn_get_rotations_at (turn, placements[i].cell)) > 1)
        {
          activate (GTK_WIDGET (view), "game.place",
                    g_variant_new ("(iiu)", placements[i].cell.x, placements[i].cell.y, placements[i].rotation * 90u));
          break;
        }
    g_assert_true (tessera_turn_get_placement (turn, &cell, &rotation_before));
    activate (GTK_WIDGET (tessera_game_view_get_board_view (view)), "board.rotate", NULL);
    g_assert_true (tessera_turn_get_placement (turn, &cell, &rotation_after));
    g_assert_cmpuint (rotation_after, !=, rotation_before);
    g_assert_true (tessera_turn_get_rotations_at (turn, cell) & (1u << rotation_after));
    g_assert_cmpint (tessera_turn_get_step (turn), ==, TESSERA_TURN_ACTION);
  }
  activate (GTK_WIDGET (view), "game.skip", NULL);
  activate (GTK_WIDGET (view), "game.confirm", NULL);
  g_assert_cmpuint (tessera_game_get_n_events (game), ==, n_events + 1);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-game.png");
  activate (GTK_WIDGET (view), "game.undo", NULL);
  g_assert_cmpuint (tessera_game_get_n_events (game), ==, n_events);
  g_assert_cmpint (tessera_game_get_score (game, 0), ==, anna_before_undo);
  g_assert_cmpint (tessera_game_get_score (game, 1), ==, bram_before_undo);
  assert_stored (view);
  activate (GTK_WIDGET (view), "game.redo", NULL);
  g_assert_cmpuint (tessera_game_get_n_events (game), ==, n_events + 1);
  assert_stored (view);
  assert_scores_shown (view);

  /* Anna's tile went elsewhere: the move is corrected from the log and stored in its place. */
  {
    TesseraCell before = tessera_game_get_event (game, n_events)->at;
    TesseraTurn *turn;
    const TesseraPlacement *placements;
    guint n_placements;

    activate (GTK_WIDGET (view), "game.correct", g_variant_new_uint32 (n_events));
    activate (GTK_WIDGET (view), "game.choose-tile", g_variant_new_string ("D"));
    turn = tessera_game_view_get_turn (view);
    g_assert_cmpuint (tessera_turn_get_player (turn), ==, 0);
    placements = tessera_turn_get_placements (turn, &n_placements);
    for (guint i = 0; i < n_placements; i++)
      if (placements[i].cell.x != before.x || placements[i].cell.y != before.y)
        {
          activate (GTK_WIDGET (view), "game.place",
                    g_variant_new ("(iiu)", placements[i].cell.x, placements[i].cell.y, placements[i].rotation * 90u));
          break;
        }
    activate (GTK_WIDGET (view), "game.skip", NULL);
    activate (GTK_WIDGET (view), "game.confirm", NULL);
    game = tessera_game_view_get_game (view);
    g_assert_cmpuint (tessera_game_get_n_events (game), ==, n_events + 1);
    g_assert_false (tessera_game_get_event (game, n_events)->at.x == before.x
                    && tessera_game_get_event (game, n_events)->at.y == before.y);
    assert_stored (view);
    assert_scores_shown (view);
  }

  /* Bram has no points to pay a ransom with: the engine says so. */
  activate (GTK_WIDGET (view), "game.ransom", g_variant_new ("(uu)", 1u, 0u));
  refusal = ADW_MESSAGE_DIALOG (tessera_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (refusal);
  g_assert_true (g_str_match_string ("Bram", adw_message_dialog_get_body (refusal), FALSE));
  adw_message_dialog_response (refusal, "close");
  tessera_test_settle (50);
  g_assert_cmpuint (tessera_game_get_n_events (game), ==, n_events + 1);

  /* The table agrees Bram was owed 5 points: a correction with its reason. */
  activate (GTK_WIDGET (view), "game.adjust", NULL);
  adjust = ADW_MESSAGE_DIALOG (tessera_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (adjust);
  gtk_drop_down_set_selected (g_object_get_data (G_OBJECT (adjust), "who"), 1);
  gtk_spin_button_set_value (g_object_get_data (G_OBJECT (adjust), "points"), 5);
  gtk_editable_set_text (g_object_get_data (G_OBJECT (adjust), "reason"), "road miscounted");
  adw_message_dialog_response (adjust, "correct");
  tessera_test_settle (50);
  g_assert_cmpint (tessera_game_get_category_score (game, 1, TESSERA_CATEGORY_ADJUST), ==, 5);

  /* Now Bram pays the ransom for his captured follower: at once, with a toast whose Undo takes
   * it back, from the game and the history. Animations are off while its toasts come and go
   * (dismiss_toasts says why). */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  {
    g_autoptr(GPtrArray) toasts = g_ptr_array_new_with_free_func (g_object_unref);
    g_autofree char *paid = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "%s paid %s 3 points to get a follower back"),
                                             "Bram", "Anna");
    g_autofree char *shot = screenshot_name ("ransom-toast");
    int anna = tessera_game_get_score (game, 0), bram = tessera_game_get_score (game, 1);
    AdwToast *toast;

    activate (GTK_WIDGET (view), "game.ransom", g_variant_new ("(uu)", 1u, 0u));
    g_assert_cmpuint (tessera_game_get_prisoners (game, 0, 1), ==, 0);
    g_assert_cmpint (tessera_game_get_score (game, 1), ==, bram - 3);
    assert_stored (view);
    collect_toasts (GTK_WIDGET (window), toasts);
    g_assert_cmpuint (toasts->len, ==, 1);
    toast = g_ptr_array_index (toasts, 0);
    g_assert_cmpstr (adw_toast_get_title (toast), ==, paid);
    g_assert_cmpstr (adw_toast_get_button_label (toast), ==, g_dgettext (GETTEXT_PACKAGE, "_Undo"));
    tessera_test_settle (50);
    tessera_test_save_screenshot (GTK_WIDGET (window), shot);

    g_signal_emit_by_name (toast, "button-clicked");
    adw_toast_dismiss (toast);
    tessera_test_settle (50);
    g_assert_cmpuint (tessera_game_get_n_events (game), ==, n_events + 2);
    g_assert_cmpuint (tessera_game_get_prisoners (game, 0, 1), ==, 1);
    g_assert_cmpint (tessera_game_get_score (game, 0), ==, anna);
    g_assert_cmpint (tessera_game_get_score (game, 1), ==, bram);
    g_assert_cmpint (tessera_game_get_category_score (game, 1, TESSERA_CATEGORY_RANSOM), ==, 0);
    assert_stored (view);
    assert_scores_shown (view);
  }
  /* Paid again, for good. */
  activate (GTK_WIDGET (view), "game.ransom", g_variant_new ("(uu)", 1u, 0u));
  g_assert_cmpuint (tessera_game_get_prisoners (game, 0, 1), ==, 0);
  g_assert_cmpint (tessera_game_get_category_score (game, 0, TESSERA_CATEGORY_RANSOM), ==, 3);
  g_assert_cmpint (tessera_game_get_category_score (game, 1, TESSERA_CATEGORY_RANSOM), ==, -3);
  assert_scores_shown (view);
  g_assert_true (dismiss_toasts (GTK_WIDGET (window)));
  tessera_test_settle (50);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);

  /* The table stops: final scoring. */
  activate (GTK_WIDGET (view), "game.end", NULL);
  confirm_end = ADW_MESSAGE_DIALOG (tessera_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (confirm_end);
  adw_message_dialog_response (confirm_end, "end");
  tessera_test_settle (100);
  game = tessera_game_view_get_game (view);
  g_assert_true (tessera_game_is_finished (game));
  assert_stored (view);
  assert_scores_shown (view);
  {
    TesseraFinalScoringWindow *final = TESSERA_FINAL_SCORING_WINDOW (tessera_game_view_get_final_scoring (view));

    g_assert_nonnull (final);
    for (guint p = 0; p < tessera_game_get_n_players (game); p++)
      g_assert_cmpint (tessera_final_scoring_window_get_total (final, p), ==, tessera_game_get_score (game, p));
    activate (GTK_WIDGET (final), "final.next", NULL);
    tessera_test_save_screenshot (GTK_WIDGET (final), "screenshot-final-scoring.png");
    tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-final-board.png");
    gtk_window_destroy (GTK_WINDOW (final));
  }

  /* Back on the start page, the game is among the recent ones and cannot be resumed. */
  activate (GTK_WIDGET (window), "win.show-start", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}

/* Answers a turn's questions through the game view's actions, as its buttons and the board do. */
static void
window_choose_tile (gpointer               data,
                    const TesseraBoxEntry *entry)
{
  activate (data, "game.choose-tile", g_variant_new_string (entry->id));
}

static void
window_place (gpointer    data,
              TesseraCell cell,
              guint       rotation)
{
  activate (data, "game.place", g_variant_new ("(iiu)", cell.x, cell.y, rotation * 90));
}

static void
window_set_figure (gpointer           data,
                   TesseraMagicFigure figure)
{
  activate (data, "game.figure", g_variant_new_string (figure == TESSERA_MAGIC_MAGE ? "mage" : "witch"));
}

static void
window_set_mode (gpointer        data,
                 TesseraTurnMode mode)
{
  activate (data, "game.mode", g_variant_new_string (mode == TESSERA_TURN_MODE_TOWER ? "tower"
                                                     : mode == TESSERA_TURN_MODE_TOWER_TOP ? "tower-top"
                                                     : "follower"));
}

static void
window_choose_marker (gpointer data,
                      guint    index)
{
  activate (data, "game.choose-marker", g_variant_new_uint32 (index));
}

static void
window_skip (gpointer data)
{
  activate (data, "game.skip", NULL);
}

static void
window_choose_crop (gpointer data,
                    gboolean add)
{
  activate (data, "game.crop", g_variant_new_boolean (add));
}

static const TesseraTestTurnDriver window_driver = {
  window_choose_tile,
  window_place,
  window_set_figure,
  window_set_mode,
  window_choose_marker,
  window_skip,
  window_choose_crop,
};

/* After the last tile Tessera counts, the window asks whether the game ends: @response is the
 * table's answer. */
static void
answer_last_tile (const char *response)
{
  AdwMessageDialog *question;

  tessera_test_settle (10);
  question = ADW_MESSAGE_DIALOG (tessera_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (question);
  g_assert_cmpstr (adw_message_dialog_get_heading (question), ==, "Was That the Last Tile?");
  adw_message_dialog_response (question, response);
  tessera_test_settle (50);
}

/* The history cannot take a new game (its file was moved away while the app runs): the game
 * does not start and the window says why; nothing goes on as a game without an id. */
static void
test_new_game_refused (void)
{
  const char *path = tessera_store_get_path (tessera_application_get_store (app, NULL));
  g_autofree char *away = g_strconcat (path, ".away", NULL);
  g_autoptr(TesseraRecord) record = tessera_random_game (301, 2);
  g_autoptr(TesseraRecord) header = tessera_record_copy_header (record);
  g_autoptr(GError) error = NULL;
  TesseraWindow *window = tessera_window_new (app);
  TesseraGameView *view = tessera_window_get_game_view (window);

  for (guint purist = 0; purist <= 1; purist++)
    {
      gboolean started;

      g_assert_cmpint (g_rename (path, away), ==, 0);
      started = tessera_window_start_game (window, header, purist, &error);
      g_assert_cmpint (g_rename (away, path), ==, 0);
      g_assert_false (started);
      g_assert_error (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_GONE);
      g_clear_error (&error);
      g_assert_null (tessera_game_view_get_game (view));
    }

  /* Back in its place, the same game starts. */
  g_assert_true (tessera_window_start_game (window, header, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tessera_game_view_get_game_id (view), >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}

/* A whole generated game with the wheel, the tower and the mage, entered move by move through
 * the window: every turn answered through the turn the window asks with and confirmed with its
 * action, ransoms and corrections through theirs, the end when the window asks after the last tile.
 * The window's game, its scores and the history must equal the record's. */
static void
test_whole_game (void)
{
  static const char * const sets[] = { "wheel-of-fortune", "tower", "mage-witch", NULL };
  g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (112, 5, sets);
  g_autoptr(TesseraRecord) header = tessera_record_copy_header (record);
  g_autoptr(TesseraGame) expected = tessera_game_new_from_record (record, record->events->len, NULL);
  g_autoptr(GError) error = NULL;
  TesseraWindow *window = tessera_window_new (app);
  TesseraGameView *view = tessera_window_get_game_view (window);
  TesseraGame *game;

  g_assert_nonnull (expected);
  /* The window is shown only for the screenshots at the end: drawing a hundred boards with the
   * software renderer would take most of the test's time, and the moves do not need it. */
  g_assert_true (tessera_window_start_game (window, header, FALSE, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < record->events->len; i++)
    {
      const TesseraEvent *event = g_ptr_array_index (record->events, i);

      /* Half way, five players and a tile to pick: the side panel must show them all. */
      if (i == record->events->len / 2)
        {
          gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
          gtk_window_present (GTK_WINDOW (window));
          tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-whole-game-turn.png");
          gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
        }
      game = tessera_game_view_get_game (view);
      switch (event->kind)
        {
        case TESSERA_EVENT_TURN:
        case TESSERA_EVENT_DISCARD:
          tessera_test_enter_turn (&window_driver, view, tessera_game_view_get_turn (view), game, event);
          activate (GTK_WIDGET (view), "game.confirm", NULL);
          /* The last tile ends the game (B11); the table is asked whether it was the last. */
          if (tessera_game_ended_by_last_tile (tessera_game_view_get_game (view)))
            answer_last_tile ("final-scoring");
          break;

        case TESSERA_EVENT_RANSOM:
          activate (GTK_WIDGET (view), "game.ransom", g_variant_new ("(uu)", (guint) event->player, (guint) event->from));
          break;

        case TESSERA_EVENT_ADJUST:
          {
            AdwMessageDialog *adjust;

            activate (GTK_WIDGET (view), "game.adjust", NULL);
            adjust = ADW_MESSAGE_DIALOG (tessera_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
            gtk_drop_down_set_selected (g_object_get_data (G_OBJECT (adjust), "who"), (guint) event->player);
            gtk_spin_button_set_value (g_object_get_data (G_OBJECT (adjust), "points"), event->points);
            gtk_editable_set_text (g_object_get_data (G_OBJECT (adjust), "reason"), event->reason);
            adw_message_dialog_response (adjust, "correct");
          }
          break;

        case TESSERA_EVENT_END:
          /* The last tile has ended the game already: the window writes no "end". */
          g_assert_true (tessera_game_is_finished (tessera_game_view_get_game (view)));
          continue;

        default:
          g_assert_not_reached ();
        }
      game = tessera_game_view_get_game (view);
      g_assert_cmpuint (tessera_game_get_n_events (game), ==, i + 1);
    }

  game = tessera_game_view_get_game (view);
  g_assert_true (tessera_game_is_finished (game));
  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    g_assert_cmpint (tessera_game_get_score (game, p), ==, tessera_game_get_score (expected, p));
  assert_scores_shown (view);
  assert_stored (view);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  {
    TesseraFinalScoringWindow *final = TESSERA_FINAL_SCORING_WINDOW (tessera_game_view_get_final_scoring (view));

    g_assert_nonnull (final);
    for (guint p = 0; p < tessera_game_get_n_players (game); p++)
      g_assert_cmpint (tessera_final_scoring_window_get_total (final, p), ==, tessera_game_get_score (expected, p));
    tessera_test_save_screenshot (GTK_WIDGET (final), "screenshot-whole-game-final-scoring.png");
    gtk_window_destroy (GTK_WINDOW (final));
  }
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-whole-game.png");

  /* The menu's export writes a record that the history knows again when it is imported; a file
   * that is not a record is refused with a message naming it. */
  {
    g_autofree char *folder = g_dir_make_tmp ("tessera-export-XXXXXX", NULL);
    g_autofree char *exported_path = g_build_filename (folder, "game.json", NULL);
    g_autofree char *broken_path = g_build_filename (folder, "broken.json", NULL);
    g_autoptr(GFile) exported = g_file_new_for_path (exported_path);
    g_autoptr(GFile) broken = g_file_new_for_path (broken_path);
    g_autoptr(GListStore) files = g_list_store_new (G_TYPE_FILE);
    g_autoptr(TesseraRecord) reread = NULL;
    g_autofree char *contents = NULL;
    AdwMessageDialog *refusal;
    guint n_imported = 99, n_known = 99;

    g_assert_true (tessera_window_export_game (window, exported, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (exported_path, &contents, NULL, &error));
    reread = tessera_record_load_from_data (contents, -1, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (reread->events->len, ==, tessera_game_get_n_events (game));

    g_assert_true (g_file_set_contents (broken_path, "{\"format\": \"tessera-game\"", -1, &error));
    g_list_store_append (files, exported);
    g_list_store_append (files, broken);
    tessera_window_import_files (window, G_LIST_MODEL (files), &n_imported, &n_known);
    g_assert_cmpuint (n_imported, ==, 0);
    g_assert_cmpuint (n_known, ==, 1);
    refusal = ADW_MESSAGE_DIALOG (tessera_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
    g_assert_nonnull (refusal);
    g_assert_true (g_str_match_string ("broken.json", adw_message_dialog_get_heading (refusal), FALSE));
    gtk_window_destroy (GTK_WINDOW (refusal));

    /* A record nested 200,000 levels deep took the app down with the stack: refused, named. */
    {
      g_autofree char *deep_path = g_build_filename (folder, "deep.json", NULL);
      g_autoptr(GFile) deep = g_file_new_for_path (deep_path);
      g_autofree char *brackets = tessera_test_nested_arrays (200000);

      g_assert_true (g_file_set_contents (deep_path, brackets, -1, &error));
      g_list_store_remove_all (files);
      g_list_store_append (files, deep);
      tessera_window_import_files (window, G_LIST_MODEL (files), &n_imported, &n_known);
      g_assert_cmpuint (n_imported + n_known, ==, 0);
      refusal = ADW_MESSAGE_DIALOG (tessera_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
      g_assert_nonnull (refusal);
      g_assert_cmpstr (adw_message_dialog_get_heading (refusal), ==, "“deep.json” Was Not Imported");
      g_assert_cmpstr (adw_message_dialog_get_body (refusal), ==,
                       "the record is nested more than 64 levels deep at line 1, column 65; a record may be nested at most 64 levels");
      gtk_window_destroy (GTK_WINDOW (refusal));
      g_remove (deep_path);
    }

    g_remove (exported_path);
    g_remove (broken_path);
    g_rmdir (folder);
  }
  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}

/* The game as the history holds it. */
static TesseraRecord *
load_stored (TesseraGameView *view)
{
  g_autoptr(GError) error = NULL;
  const char *path = tessera_store_get_path (tessera_application_get_store (app, NULL));
  g_autoptr(TesseraStore) store = tessera_store_open (path, &error);
  TesseraRecord *stored;

  g_assert_no_error (error);
  stored = tessera_store_load_record (store, tessera_game_view_get_game_id (view), &error);
  g_assert_no_error (error);
  return stored;
}

/* Enters the turn of the tile chosen, any legal way: the first legal placement, no follower,
 * nobody's follower taken by the Plague; or the tile goes back when it fits nowhere. */
static void
enter_chosen_tile (TesseraGameView *view)
{
  TesseraTurn *turn = tessera_game_view_get_turn (view);

  for (guint guard = 0; guard < 50; guard++)
    {
      TesseraTurnStep step = tessera_turn_get_step (turn);

      if (step == TESSERA_TURN_CONFIRM || step == TESSERA_TURN_DISCARD)
        {
          activate (GTK_WIDGET (view), "game.confirm", NULL);
          return;
        }
      if (step == TESSERA_TURN_PLACE)
        {
          guint n_placements;
          const TesseraPlacement *placements = tessera_turn_get_placements (turn, &n_placements);

          g_assert_cmpuint (n_placements, >, 0);
          activate (GTK_WIDGET (view), "game.place",
                    g_variant_new ("(iiu)", placements[0].cell.x, placements[0].cell.y, placements[0].rotation * 90u));
        }
      else if (tessera_turn_can_skip (turn))
        activate (GTK_WIDGET (view), "game.skip", NULL);
      else
        activate (GTK_WIDGET (view), "game.choose-marker", g_variant_new_uint32 (0));
    }
  g_assert_not_reached ();
}

static guint
count_tile_events (TesseraGame *game)
{
  guint n = 0;

  for (guint i = 0; i < tessera_game_get_n_events (game); i++)
    {
      TesseraEventKind kind = tessera_game_get_event (game, i)->kind;

      n += kind == TESSERA_EVENT_TURN || kind == TESSERA_EVENT_DISCARD;
    }
  return n;
}

/* A family's Wheel of Fortune box holds 72 tiles where the catalogue has 71: the fourth D is
 * given in the new-game dialog, a plain U (which only the base game has) during the game from
 * the palette's button, and the game is played to its last tile: 73 tiles drawn in all. */
static void
test_box_correction (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(TesseraRecord) stored = NULL;
  TesseraWindow *window;
  TesseraGameView *view;
  TesseraNewGameWindow *dialog;
  TesseraBoxEditor *editor;
  TesseraBoxWindow *box_window;
  TesseraTilePalette *palette;
  TesseraGame *game;
  guint n_entered = 0;
  gboolean refusal_seen = FALSE;

  g_settings_set_string (settings, "box", "wheel");
  g_settings_set_boolean (settings, "tower", FALSE);
  g_settings_set_boolean (settings, "mage-witch", FALSE);
  g_settings_set_boolean (settings, "crop-circles", FALSE);
  g_settings_reset (settings, "box-corrections");
  /* The place of the last game comes back in the dialog and goes with the game. */
  g_settings_set_string (settings, "place", "Club De Toren, Utrecht");

  window = tessera_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));

  /* (a) The new-game dialog: Box Contents, D from 3 to 4. */
  activate (GTK_WIDGET (window), "win.new-game", NULL);
  dialog = TESSERA_NEW_GAME_WINDOW (tessera_test_find_toplevel (TESSERA_TYPE_NEW_GAME_WINDOW));
  g_assert_nonnull (dialog);
  tessera_new_game_window_set_player (dialog, 0, "Anna", "red");
  tessera_new_game_window_set_player (dialog, 1, "Bram", "blue");
  activate (GTK_WIDGET (dialog), "new-game.show-box", NULL);
  editor = tessera_new_game_window_get_box_editor (dialog);
  g_assert_cmpuint (tessera_box_editor_get_total (editor), ==, 71);
  g_assert_cmpint (tessera_box_editor_get_count (editor, "D"), ==, 3);
  g_assert_true (tessera_box_editor_set_count (editor, "D", 4));
  g_assert_cmpuint (tessera_box_editor_get_total (editor), ==, 72);
  g_assert_cmpuint (tessera_box_editor_get_n_corrected (editor), ==, 1);
  {
    g_autofree char *tiles = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tile", "%u tiles", 72), 72);

    g_assert_nonnull (strstr (tessera_box_editor_get_summary (editor), tiles));
  }
  gtk_window_set_default_size (GTK_WINDOW (dialog), 620, 760);
  tessera_test_settle (1000);
  tessera_test_save_screenshot (GTK_WIDGET (dialog), "screenshot-box-contents.png");

  /* Tiles of other boxes that may join: the base game's plain U, N and X, which this box has
   * only with the wheel icon; not a tower or magic tile, whose expansions are not in play. */
  g_assert_cmpint (tessera_box_editor_get_count (editor, "U"), ==, 0);
  g_assert_cmpint (tessera_box_editor_get_count (editor, "N"), ==, 0);
  g_assert_cmpint (tessera_box_editor_get_count (editor, "X"), ==, 0);
  g_assert_cmpint (tessera_box_editor_get_count (editor, "TO-01"), ==, -1);
  g_assert_cmpint (tessera_box_editor_get_count (editor, "MW-1"), ==, -1);
  {
    g_autoptr(TesseraRecord) header = NULL;

    g_assert_true (tessera_box_editor_set_count (editor, "U", 1));
    g_assert_cmpuint (tessera_box_editor_get_total (editor), ==, 73);
    header = tessera_new_game_window_get_header (dialog, NULL);
    g_assert_nonnull (header);
    g_assert_cmpint (tessera_record_get_box_count (header, "U"), ==, 1);
    g_assert_true (tessera_box_editor_set_count (editor, "U", 0));
  }

  /* Reset to the Catalogue: the header leaves "box" out; then the family's count again. */
  {
    g_autoptr(TesseraRecord) header = NULL;

    activate (GTK_WIDGET (editor), "box-editor.reset", NULL);
    g_assert_cmpuint (tessera_box_editor_get_total (editor), ==, 71);
    header = tessera_new_game_window_get_header (dialog, NULL);
    g_assert_nonnull (header);
    g_assert_null (header->box);
    g_assert_true (tessera_box_editor_set_count (editor, "D", 4));
  }
  activate (GTK_WIDGET (dialog), "new-game.hide-box", NULL);
  tessera_test_save_screenshot (GTK_WIDGET (dialog), "screenshot-new-game-box.png");
  activate (GTK_WIDGET (dialog), "new-game.start", NULL);
  tessera_test_settle (100);
  g_assert_null (tessera_test_find_toplevel (TESSERA_TYPE_NEW_GAME_WINDOW));

  /* The correction comes back for the next game of this box. */
  {
    g_autoptr(GVariant) remembered = g_settings_get_value (settings, "box-corrections");
    g_autoptr(GVariant) wheel = g_variant_lookup_value (remembered, "wheel", G_VARIANT_TYPE ("a{su}"));
    guint32 copies = 0;

    g_assert_nonnull (wheel);
    g_assert_true (g_variant_lookup (wheel, "D", "u", &copies));
    g_assert_cmpuint (copies, ==, 4);
  }

  view = tessera_window_get_game_view (window);
  game = tessera_game_view_get_game (view);
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 72);
  stored = load_stored (view);
  g_assert_nonnull (stored->box);
  g_assert_cmpuint (stored->box->len, ==, 1);
  g_assert_cmpint (tessera_record_get_box_count (stored, "D"), ==, 4);
  g_clear_pointer (&stored, tessera_record_free);

  /* (b) A first turn, then a plain U is drawn: the palette's button corrects the box. */
  activate (GTK_WIDGET (view), "game.choose-tile", g_variant_new_string ("D"));
  enter_chosen_tile (view);
  n_entered++;
  /* The main menu's way, cancelled: nothing changes. */
  activate (GTK_WIDGET (view), "game.correct-box", NULL);
  tessera_test_settle (50);
  box_window = TESSERA_BOX_WINDOW (tessera_test_find_toplevel (TESSERA_TYPE_BOX_WINDOW));
  g_assert_nonnull (box_window);
  g_assert_true (tessera_box_editor_set_count (tessera_box_window_get_editor (box_window), "E", 5));
  gtk_window_close (GTK_WINDOW (box_window));
  tessera_test_settle (50);
  g_assert_null (tessera_test_find_toplevel (TESSERA_TYPE_BOX_WINDOW));
  g_assert_cmpuint (tessera_game_get_tiles_left (tessera_game_view_get_game (view)), ==, 71);

  palette = tessera_game_view_get_palette (view);
  g_assert_true (gtk_widget_get_visible (tessera_tile_palette_get_correct_button (palette)));
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-box-palette.png");
  g_signal_emit_by_name (tessera_tile_palette_get_correct_button (palette), "clicked");
  tessera_test_settle (50);
  box_window = TESSERA_BOX_WINDOW (tessera_test_find_toplevel (TESSERA_TYPE_BOX_WINDOW));
  g_assert_nonnull (box_window);
  editor = tessera_box_window_get_editor (box_window);
  g_assert_cmpuint (tessera_box_editor_get_total (editor), ==, 72);
  g_assert_cmpint (tessera_box_editor_get_count (editor, "U"), ==, 0);
  /* One D is on the board: the box cannot hold fewer than one. */
  g_assert_true (tessera_box_editor_set_count (editor, "D", 0));
  g_assert_cmpint (tessera_box_editor_get_count (editor, "D"), ==, 1);
  g_assert_true (tessera_box_editor_set_count (editor, "D", 4));
  /* The tile drawn is a U without the wheel icon, which only the base game has. */
  g_assert_true (tessera_box_editor_set_count (editor, "U", 1));
  g_assert_cmpuint (tessera_box_editor_get_total (editor), ==, 73);
  tessera_test_save_screenshot (GTK_WIDGET (box_window), "screenshot-box-correction.png");
  activate (GTK_WIDGET (box_window), "box-window.save", NULL);
  tessera_test_settle (50);
  g_assert_null (tessera_test_find_toplevel (TESSERA_TYPE_BOX_WINDOW));

  game = tessera_game_view_get_game (view);
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 72);
  g_assert_cmpstr (tessera_turn_get_entry (tessera_game_view_get_turn (view))->id, ==, "U");
  stored = load_stored (view);
  g_assert_cmpint (tessera_record_get_box_count (stored, "D"), ==, 4);
  g_assert_cmpint (tessera_record_get_box_count (stored, "U"), ==, 1);
  g_clear_pointer (&stored, tessera_record_free);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-box-corrected-turn.png");
  enter_chosen_tile (view);
  n_entered++;
  assert_stored (view);

  /* (c) Every other tile, until the last, when the table ends the game. The window is hidden: drawing
   * seventy boards with the software renderer would take most of the test's time. */
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  while (!tessera_game_is_finished (tessera_game_view_get_game (view)))
    {
      GArray *supply;
      const char *next = NULL;
      const char *used_up = NULL;

      game = tessera_game_view_get_game (view);
      supply = tessera_game_get_supply (game);
      for (guint i = 0; i < supply->len; i++)
        {
          const TesseraSupplyEntry *entry = &g_array_index (supply, TesseraSupplyEntry, i);

          if (entry->left > 0 && next == NULL)
            next = entry->entry->id;
          else if (entry->left == 0 && used_up == NULL)
            used_up = entry->entry->id;
        }
      g_assert_nonnull (next);

      /* A used-up tile typed in the palette is refused with the engine's reason. */
      if (used_up != NULL && !refusal_seen)
        {
          g_autofree char *refusal = NULL;

          /* Typed in the search field, lower case, and Enter. */
          GtkWidget *search = gtk_widget_get_first_child (gtk_widget_get_first_child (gtk_widget_get_first_child (GTK_WIDGET (palette))));
          g_autofree char *typed = g_ascii_strdown (used_up, -1);

          g_assert_true (GTK_IS_SEARCH_ENTRY (search));
          gtk_editable_set_text (GTK_EDITABLE (search), typed);
          g_signal_emit_by_name (search, "activate");
          tessera_test_settle (2);
          refusal = g_strdup (tessera_tile_palette_get_refusal (palette));
          g_assert_nonnull (refusal);
          g_assert_nonnull (strstr (refusal, used_up));
          g_assert_cmpint (tessera_turn_get_step (tessera_game_view_get_turn (view)), ==, TESSERA_TURN_DRAW);
          refusal_seen = TRUE;
          activate (GTK_WIDGET (view), "game.choose-tile", g_variant_new_string (used_up));
          g_assert_cmpstr (tessera_tile_palette_get_refusal (palette), ==, refusal);
          gtk_widget_set_visible (GTK_WIDGET (window), TRUE);
          tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-box-refusal.png");
          gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
        }

      activate (GTK_WIDGET (view), "game.choose-tile", g_variant_new_string (next));
      g_assert_cmpstr (tessera_turn_get_entry (tessera_game_view_get_turn (view))->id, ==, next);
      enter_chosen_tile (view);
      n_entered++;
      g_assert_cmpuint (n_entered, <=, 73);
      if (tessera_game_get_tiles_left (tessera_game_view_get_game (view)) > 0)
        continue;

      /* The last tile Tessera counts ends the game (B11), but the table may still have one.
       * Here it has not: the correction is opened and cancelled, and the game stays over; the
       * box can still be corrected from the menu. */
      tessera_test_settle (10);
      g_assert_true (tessera_game_is_finished (tessera_game_view_get_game (view)));
      tessera_test_save_screenshot (GTK_WIDGET (tessera_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)), "screenshot-last-tile.png");
      answer_last_tile ("correct-box");
      box_window = TESSERA_BOX_WINDOW (tessera_test_find_toplevel (TESSERA_TYPE_BOX_WINDOW));
      g_assert_nonnull (box_window);
      gtk_window_close (GTK_WINDOW (box_window));
      tessera_test_settle (50);
      g_assert_true (tessera_game_is_finished (tessera_game_view_get_game (view)));
      activate (GTK_WIDGET (view), "game.correct-box", NULL);
      box_window = TESSERA_BOX_WINDOW (tessera_test_find_toplevel (TESSERA_TYPE_BOX_WINDOW));
      g_assert_nonnull (box_window);
      gtk_window_close (GTK_WINDOW (box_window));
      tessera_test_settle (50);
      g_assert_true (tessera_game_is_finished (tessera_game_view_get_game (view)));
    }
  g_assert_true (refusal_seen);
  g_assert_cmpuint (n_entered, ==, 73);
  game = tessera_game_view_get_game (view);
  g_assert_cmpuint (count_tile_events (game), ==, 73);
  assert_stored (view);

  /* The history's game replays to the same end. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(TesseraGame) replayed = NULL;

    stored = load_stored (view);
    replayed = tessera_game_new_from_record (stored, stored->events->len, &error);
    g_assert_no_error (error);
    g_assert_true (tessera_game_is_finished (replayed));
    g_assert_cmpuint (count_tile_events (replayed), ==, 73);
    for (guint p = 0; p < tessera_game_get_n_players (game); p++)
      g_assert_cmpint (tessera_game_get_score (replayed, p), ==, tessera_game_get_score (game, p));
    g_assert_cmpint (tessera_record_get_box_count (stored, "D"), ==, 4);
    g_assert_cmpint (tessera_record_get_box_count (stored, "U"), ==, 1);
    /* When and where: begun when the dialog started it, ended when the table ended it. */
    g_assert_nonnull (stored->played);
    g_assert_cmpstr (stored->played->place, ==, "Club De Toren, Utrecht");
    {
      g_autoptr(GDateTime) start = g_date_time_new_from_iso8601 (stored->played->start, NULL);
      g_autoptr(GDateTime) end = g_date_time_new_from_iso8601 (stored->played->end, NULL);

      g_assert_nonnull (start);
      g_assert_nonnull (end);
      g_assert_cmpint (g_date_time_compare (start, end), <=, 0);
    }
    g_clear_pointer (&stored, tessera_record_free);
  }

  /* Now that it has ended, the game's menu sends it to BG Stats: the save dialog offers the
   * day it was played, and the play saved has the place the dialog asked for. */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *folder = g_dir_make_tmp ("tessera-bgstats-XXXXXX", &error);
    g_autofree char *path = g_build_filename (folder, "play.json", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(JsonNode) play = NULL;
    g_autofree char *written = NULL;
    GtkWindow *chooser;

    g_assert_no_error (error);
    activate (GTK_WIDGET (view), "share.send-to-bgstats", NULL);
    /* The dialog reads its folder first: closed before, it may still be reading after. */
    tessera_test_settle (600);
    chooser = tessera_test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
    if (chooser != NULL)
      {
        g_autofree char *name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));

        g_assert_true (g_str_has_suffix (name, " Carcassonne.json"));
        gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
        tessera_test_settle (300);
        g_assert_null (tessera_test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG));
      }
    g_assert_true (tessera_bgstats_send_to_file (GTK_WIDGET (view), tessera_application_get_store (app, NULL),
                                                 tessera_game_view_get_game_id (view), file));
    g_assert_true (g_file_get_contents (path, &written, NULL, &error));
    play = json_from_string (written, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (json_object_get_string_member (json_node_get_object (play), "location"), ==,
                     "Club De Toren, Utrecht");
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (play), "players")),
                      ==, 2);
    g_remove (path);
    g_rmdir (folder);
  }

  /* The last tile ended the game, and the table may still find one more in the box (B11). */
  gtk_widget_activate_action (GTK_WIDGET (view), "game.correct-box", NULL);
  tessera_test_settle (20);
  box_window = TESSERA_BOX_WINDOW (tessera_test_find_toplevel (TESSERA_TYPE_BOX_WINDOW));
  g_assert_nonnull (box_window);
  gtk_window_close (GTK_WINDOW (box_window));
  tessera_test_settle (20);
  if (tessera_game_view_get_final_scoring (view) != NULL)
    gtk_window_destroy (tessera_game_view_get_final_scoring (view));
  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}

/* Every widget of @type under @widget, in the order of the widget tree. */
static void
collect_widgets (GtkWidget *widget,
                 GType      type,
                 GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_widgets (child, type, found);
}

static guint
count_toplevels (GType type)
{
  g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      n += G_TYPE_CHECK_INSTANCE_TYPE (window, type);
    }
  return n;
}

/* The set of @sets whose box has the kind of @entry. */
static const char *
box_of_kind (const TesseraBoxEntry *entry,
             GPtrArray             *sets)
{
  TesseraCatalogue *catalogue = tessera_catalogue_get_default ();

  for (guint i = 0; i < sets->len; i++)
    if (tessera_tile_set_lookup_kind (tessera_catalogue_get_set (catalogue, g_ptr_array_index (sets, i)),
                                      entry->type, entry->wheel) != NULL)
      return g_ptr_array_index (sets, i);
  return NULL;
}

/* The Tiles Left window shows the engine's figures: each kind of the box once, with its copies
 * left out of the box's, dimmed when none is left; each box's heading with its totals, which
 * add up to the subtitle's and to the tiles the game has left. Returns the sets of the
 * headings, in order. */
static GPtrArray *
assert_tiles_left_shown (GtkWindow   *window,
                         TesseraGame *game)
{
  g_autoptr(TesseraRecord) record = tessera_game_to_record (game);
  const GArray *box = tessera_game_get_box (game);
  GArray *supply = tessera_game_get_supply (game);
  g_autoptr(GPtrArray) flows = g_ptr_array_new ();
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();
  g_autofree guint *shown = g_new0 (guint, box->len);
  GPtrArray *headings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *subtitle = NULL;
  guint left = 0, in_box = 0;

  collect_widgets (GTK_WIDGET (window), GTK_TYPE_FLOW_BOX, flows);
  g_assert_cmpuint (flows->len, >, 0);
  for (guint f = 0; f < flows->len; f++)
    {
      GtkWidget *flow = g_ptr_array_index (flows, f);
      GtkWidget *heading = gtk_widget_get_prev_sibling (flow);
      const char *set = NULL;
      guint group_left = 0, group_in_box = 0;
      g_autofree char *expected = NULL;

      g_assert_cmpint (gtk_flow_box_get_selection_mode (GTK_FLOW_BOX (flow)), ==, GTK_SELECTION_NONE);
      for (GtkWidget *child = gtk_widget_get_first_child (flow); child != NULL; child = gtk_widget_get_next_sibling (child))
        {
          const TesseraBoxEntry *entry = g_object_get_data (G_OBJECT (child), "entry");
          GtkWidget *content = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
          g_autofree char *count = NULL;
          g_autofree char *label = NULL;
          guint i, kind_left, kind_in_box;

          for (i = 0; i < box->len && g_array_index (box, TesseraSupplyEntry, i).entry != entry; i++)
            ;
          g_assert_cmpuint (i, <, box->len);
          shown[i]++;
          kind_left = g_array_index (supply, TesseraSupplyEntry, i).left;
          kind_in_box = g_array_index (box, TesseraSupplyEntry, i).left;

          /* One box per heading, and the kind is in it. */
          if (set == NULL)
            set = box_of_kind (entry, record->sets);
          g_assert_nonnull (set);
          g_assert_nonnull (tessera_tile_set_lookup_kind (tessera_catalogue_get_set (tessera_catalogue_get_default (), set),
                                                          entry->type, entry->wheel));

          count = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "%u of %u"), kind_left, kind_in_box);
          g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_last_child (content))), ==, count);
          label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Tile %s, %u of %u left", "Tile %s, %u of %u left", kind_left),
                                   entry->id, kind_left, kind_in_box);
          g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, label));
          g_assert_true (gtk_widget_has_css_class (content, "dim-label") == (kind_left == 0));
          group_left += kind_left;
          group_in_box += kind_in_box;
        }

      expected = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u of %u left", "%s · %u of %u left", group_left),
                                  tessera_set_phrase (set), group_left, group_in_box);
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (heading)), ==, expected);
      g_ptr_array_add (headings, g_strdup (set));
      left += group_left;
      in_box += group_in_box;
    }
  for (guint i = 0; i < box->len; i++)
    g_assert_cmpuint (shown[i], ==, 1);

  g_assert_cmpuint (left, ==, tessera_game_get_tiles_left (game));
  collect_widgets (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE, titles);
  g_assert_cmpuint (titles->len, ==, 1);
  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u tile left", "%u of %u tiles left", in_box), left, in_box);
  g_assert_cmpstr (adw_window_title_get_subtitle (g_ptr_array_index (titles, 0)), ==, subtitle);
  return headings;
}

/* The copies of @tile shown in the Tiles Left window, "3 of 4". */
static const char *
tiles_left_count (GtkWindow  *window,
                  const char *tile)
{
  g_autoptr(GPtrArray) children = g_ptr_array_new ();

  collect_widgets (GTK_WIDGET (window), GTK_TYPE_FLOW_BOX_CHILD, children);
  for (guint i = 0; i < children->len; i++)
    {
      GtkWidget *child = g_ptr_array_index (children, i);
      const TesseraBoxEntry *entry = g_object_get_data (G_OBJECT (child), "entry");

      if (g_str_equal (entry->id, tile))
        return gtk_label_get_text (GTK_LABEL (gtk_widget_get_last_child (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child)))));
    }
  return NULL;
}

/* Enters the record's next @n moves, from the game's own number of events on. */
static void
enter_moves (TesseraGameView     *view,
             const TesseraRecord *record,
             guint                n)
{
  for (guint done = 0; done < n; done++)
    {
      TesseraGame *game = tessera_game_view_get_game (view);
      const TesseraEvent *event = g_ptr_array_index (record->events, tessera_game_get_n_events (game));

      g_assert_true (event->kind == TESSERA_EVENT_TURN || event->kind == TESSERA_EVENT_DISCARD);
      tessera_test_enter_turn (&window_driver, view, tessera_game_view_get_turn (view), game, event);
      activate (GTK_WIDGET (view), "game.confirm", NULL);
    }
}

static TesseraRecord *
make_game (guint32             seed,
           const char * const *sets,
           const char         *corrected,
           guint               copies)
{
  g_autoptr(TesseraRecord) random = tessera_random_game_with_sets (seed, 3, sets);
  g_autoptr(TesseraRecord) header = tessera_record_copy_header (random);

  if (corrected != NULL)
    tessera_record_set_box_count (header, corrected, copies);
  return tessera_random_game_from_header (seed, header);
}

/* The Tiles Left window, opened from the game's menu: the counts of the base game's box as the
 * family corrected it (a fifth D, the only X lost), following every move and undo; then a game
 * with every expansion, whose tiles are grouped by box; each new game closes the window. */
static void
test_tiles_left (void)
{
  static const char * const base[] = { "base", NULL };
  static const char * const expansions[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = make_game (7, base, "D", 5);
  g_autoptr(TesseraRecord) header = tessera_record_copy_header (record);
  g_autoptr(TesseraRecord) expansion_record = make_game (11, expansions, NULL, 0);
  g_autoptr(TesseraRecord) expansion_header = tessera_record_copy_header (expansion_record);
  g_autoptr(GPtrArray) headings = NULL;
  TesseraWindow *window = tessera_window_new (app);
  TesseraGameView *view = tessera_window_get_game_view (window);
  GtkWindow *tiles_left;
  TesseraGame *game;

  /* The main window stays hidden: drawing its board after every move would take most of the
   * test's time, and the Tiles Left window needs only the game. */
  tessera_record_set_box_count (header, "X", 0);
  g_assert_true (tessera_window_start_game (window, header, FALSE, &error));
  g_assert_no_error (error);
  enter_moves (view, record, 2);

  activate (GTK_WIDGET (view), "game.show-tiles-left", NULL);
  tiles_left = tessera_test_find_toplevel (TESSERA_TYPE_TILES_LEFT_WINDOW);
  g_assert_nonnull (tiles_left);
  g_assert_true (gtk_window_get_transient_for (tiles_left) == GTK_WINDOW (window));
  g_assert_false (gtk_window_get_modal (tiles_left));
  game = tessera_game_view_get_game (view);
  headings = assert_tiles_left_shown (tiles_left, game);
  g_assert_cmpuint (headings->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (headings, 0), ==, "base");
  g_clear_pointer (&headings, g_ptr_array_unref);
  /* The box as corrected, not as the catalogue has it. */
  g_assert_true (g_str_has_suffix (tiles_left_count (tiles_left, "D"), " 5"));
  {
    g_autofree char *none = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "%u of %u"), 0u, 0u);

    g_assert_cmpstr (tiles_left_count (tiles_left, "X"), ==, none);
  }
  tessera_test_save_screenshot (GTK_WIDGET (tiles_left), "screenshot-tiles-left.png");

  /* One window at a time: the action brings the open one forward. */
  activate (GTK_WIDGET (view), "game.show-tiles-left", NULL);
  g_assert_true (tessera_test_find_toplevel (TESSERA_TYPE_TILES_LEFT_WINDOW) == tiles_left);
  g_assert_cmpuint (count_toplevels (TESSERA_TYPE_TILES_LEFT_WINDOW), ==, 1);

  /* A move while it is open, and its undo. */
  {
    const char *drawn = ((const TesseraEvent *) g_ptr_array_index (record->events, 2))->tile;
    g_autofree char *before = g_strdup (tiles_left_count (tiles_left, drawn));

    enter_moves (view, record, 1);
    headings = assert_tiles_left_shown (tiles_left, tessera_game_view_get_game (view));
    g_clear_pointer (&headings, g_ptr_array_unref);
    g_assert_cmpstr (tiles_left_count (tiles_left, drawn), !=, before);
    activate (GTK_WIDGET (view), "game.undo", NULL);
    headings = assert_tiles_left_shown (tiles_left, tessera_game_view_get_game (view));
    g_clear_pointer (&headings, g_ptr_array_unref);
    g_assert_cmpstr (tiles_left_count (tiles_left, drawn), ==, before);
  }

  /* Another game closes it; that game's tiles come grouped by box, in the catalogue's order. */
  g_assert_true (tessera_window_start_game (window, expansion_header, FALSE, &error));
  g_assert_no_error (error);
  tessera_test_settle (50);
  g_assert_null (tessera_test_find_toplevel (TESSERA_TYPE_TILES_LEFT_WINDOW));
  enter_moves (view, expansion_record, 3);
  activate (GTK_WIDGET (view), "game.show-tiles-left", NULL);
  tiles_left = tessera_test_find_toplevel (TESSERA_TYPE_TILES_LEFT_WINDOW);
  g_assert_nonnull (tiles_left);
  headings = assert_tiles_left_shown (tiles_left, tessera_game_view_get_game (view));
  g_assert_cmpuint (headings->len, ==, 4);
  for (guint i = 0; i < headings->len; i++)
    g_assert_cmpstr (g_ptr_array_index (headings, i), ==, expansions[i]);
  tessera_test_save_screenshot (GTK_WIDGET (tiles_left), "screenshot-tiles-left-groups.png");
  /* The expansions' boxes are further down. */
  {
    g_autoptr(GPtrArray) scrolled = g_ptr_array_new ();
    GtkAdjustment *adjustment;

    collect_widgets (GTK_WIDGET (tiles_left), GTK_TYPE_SCROLLED_WINDOW, scrolled);
    g_assert_cmpuint (scrolled->len, ==, 1);
    adjustment = gtk_scrolled_window_get_vadjustment (g_ptr_array_index (scrolled, 0));
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
    tessera_test_save_screenshot (GTK_WIDGET (tiles_left), "screenshot-tiles-left-groups-end.png");
  }
  enter_moves (view, expansion_record, 1);
  g_clear_pointer (&headings, g_ptr_array_unref);
  headings = assert_tiles_left_shown (tiles_left, tessera_game_view_get_game (view));

  gtk_window_close (tiles_left);
  tessera_test_settle (50);
  g_assert_null (tessera_test_find_toplevel (TESSERA_TYPE_TILES_LEFT_WINDOW));
  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}

/* Continue from here: the replay's signal, with the game it hands back. */
static void
replay_continue_cb (TesseraReplayView *replay,
                    gint64             game_id,
                    gint64            *continued)
{
  *continued = game_id;
}

/* A stored game replayed: on its last event first, then stepped back and forth by the
 * replay's actions; at every position shown, the board, the scores and the log are the
 * engine's after that many events. An unfinished game goes on from an earlier move, the moves
 * after it taken out of the history. */
static void
test_replay (void)
{
  static const char * const sets[] = { "wheel-of-fortune", "tower", "mage-witch", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("tessera-replay-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "history.db", NULL);
  g_autoptr(TesseraStore) store = tessera_store_open (path, &error);
  g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (31, 3, sets);
  g_autoptr(TesseraRecord) unfinished = tessera_random_game_with_sets (32, 2, sets);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  TesseraReplayView *replay = TESSERA_REPLAY_VIEW (tessera_replay_view_new ());
  guint n_events = record->events->len;
  const guint expected_positions[] = { n_events, n_events / 2, n_events / 2 + 1, 0, 1, n_events };
  gint64 game_id, unfinished_id, continued = 0;
  gboolean already;

  g_assert_no_error (error);
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  g_ptr_array_set_size (unfinished->events, 30);
  unfinished_id = tessera_store_import_record (store, unfinished, &already, &error);
  g_assert_no_error (error);

  gtk_window_set_child (window, GTK_WIDGET (replay));
  gtk_window_set_default_size (window, 1280, 800);
  gtk_window_present (window);
  g_assert_true (tessera_replay_view_load (replay, store, game_id, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tessera_replay_view_get_n_events (replay), ==, n_events);
  g_assert_cmpuint (tessera_replay_view_get_position (replay), ==, n_events);
  g_assert_true (tessera_game_is_finished (tessera_replay_view_get_game (replay)));
  /* A finished game does not go on. */
  g_signal_connect (replay, "continue", G_CALLBACK (replay_continue_cb), &continued);
  activate (GTK_WIDGET (replay), "replay.continue", NULL);
  g_assert_cmpint (continued, ==, 0);

  for (guint step = 0; step < 6; step++)
    {
      /* The end, back to the middle, one on, the start, one on, the end. */
      static const char * const actions[] = { "replay.last", NULL, "replay.next", "replay.first", "replay.next", "replay.last" };
      guint position;
      g_autoptr(TesseraGame) expected = NULL;
      g_autofree char *shown = NULL;
      g_autofree char *wanted = NULL;

      if (actions[step] != NULL)
        activate (GTK_WIDGET (replay), actions[step], NULL);
      else
        tessera_replay_view_set_position (replay, n_events / 2);
      position = tessera_replay_view_get_position (replay);
      g_assert_cmpuint (position, ==, expected_positions[step]);
      expected = tessera_game_new_from_record (record, position, &error);
      g_assert_no_error (error);
      shown = tessera_test_describe_game (tessera_replay_view_get_game (replay));
      wanted = tessera_test_describe_game (expected);
      g_assert_cmpstr (shown, ==, wanted);
      g_assert_true (tessera_board_view_get_game (tessera_replay_view_get_board_view (replay)) == tessera_replay_view_get_game (replay));
      tessera_test_settle (20);
      for (guint p = 0; p < tessera_game_get_n_players (expected); p++)
        g_assert_cmpint (tessera_scoreboard_get_shown_score (tessera_replay_view_get_scoreboard (replay), p), ==,
                         tessera_game_get_score (expected, p));
      /* The chart marks the move shown. */
      g_assert_cmpint (tessera_chart_get_current_x (tessera_chart_view_get_chart (tessera_replay_view_get_chart (replay))),
                       ==, (int) position);
      if (step == 2)
        tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-replay.png");
    }

  /* The chart: a line per player, ending at the final scores; a click on a point steps there. */
  {
    TesseraChart *chart = tessera_chart_view_get_chart (tessera_replay_view_get_chart (replay));
    g_autoptr(TesseraGame) whole = tessera_game_new_from_record (record, G_MAXUINT, NULL);

    g_assert_cmpuint (tessera_chart_get_n_series (chart), ==, tessera_game_get_n_players (whole));
    g_assert_cmpuint (tessera_chart_get_n_x (chart), ==, n_events + 1);
    for (guint p = 0; p < tessera_game_get_n_players (whole); p++)
      {
        g_autofree char *shown = tessera_chart_dup_value_text (chart, p, n_events);
        g_autofree char *final = g_strdup_printf ("%d", tessera_game_get_score (whole, p));

        g_assert_cmpstr (shown, ==, final);
      }
    g_signal_emit_by_name (chart, "point-activated", 1u, 17u);
    g_assert_cmpuint (tessera_replay_view_get_position (replay), ==, 17);
  }

  /* The unfinished game goes on from move 20: the ten after it leave the history. */
  g_assert_true (tessera_replay_view_load (replay, store, unfinished_id, &error));
  g_assert_no_error (error);
  tessera_replay_view_set_position (replay, 20);
  activate (GTK_WIDGET (replay), "replay.continue", NULL);
  {
    AdwMessageDialog *question = ADW_MESSAGE_DIALOG (tessera_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));

    g_assert_nonnull (question);
    g_assert_cmpstr (adw_message_dialog_get_heading (question), ==, "Continue from This Move?");
    adw_message_dialog_response (question, "continue");
    tessera_test_settle (20);
  }
  g_assert_cmpint (continued, ==, unfinished_id);
  {
    g_autoptr(TesseraRecord) left = tessera_store_load_record (store, unfinished_id, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (left->events->len, ==, 20);
  }

  gtk_window_destroy (window);
  g_clear_object (&store);
  tessera_test_remove_history (path);
  g_rmdir (folder);
}

static void
player_activated_cb (TesseraPlayersPage *page,
                     const char         *name,
                     char              **activated)
{
  g_free (*activated);
  *activated = g_strdup (name);
}

/* The toasts shown under @widget, each with a reference. */
static void
collect_toasts (GtkWidget *widget,
                GPtrArray *toasts)
{
  g_autoptr(GPtrArray) widgets = g_ptr_array_new_with_free_func (g_object_unref);

  tessera_test_collect_toast_widgets (widget, widgets);
  for (guint i = 0; i < widgets->len; i++)
    {
      AdwToast *toast = NULL;

      g_object_get (g_ptr_array_index (widgets, i), "toast", &toast, NULL);
      if (toast != NULL)
        g_ptr_array_add (toasts, toast);
    }
}

/* Dismisses the toasts shown, as their close buttons do; collected first, since a toast's
 * widget goes as it is dismissed. The caller turns animations off first: libadwaita 1.2 frees
 * a toast dismissed while it still slides in (500 ms when it replaces another) before its
 * slide-in ends, and crashes when it does end (fixed in libadwaita 1.3, "toast-overlay:
 * Prevent show_done from firing after hide_done"). A test dismisses within microseconds; a
 * person at the table does not. */
static gboolean
dismiss_toasts (GtkWidget *widget)
{
  g_autoptr(GPtrArray) toasts = g_ptr_array_new_with_free_func (g_object_unref);

  g_assert_false (adw_get_enable_animations (widget));
  collect_toasts (widget, toasts);
  for (guint i = 0; i < toasts->len; i++)
    adw_toast_dismiss (g_ptr_array_index (toasts, i));
  return toasts->len > 0;
}

/* The players page lists every player with the store's figures and sorts by any column; a
 * profile shows the store's figures, charts of them, head to head and games; renaming and
 * merging go through to the history, the merge once its toast is gone. */
static void
test_players (void)
{
  static const char * const names[] = { "Anna", "Bram", "Carmen", "Daan", "Eva" };
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("tessera-players-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "history.db", NULL);
  g_autoptr(TesseraStore) store = tessera_store_open (path, &error);
  g_autoptr(GPtrArray) stats = NULL;
  g_autoptr(GArray) anna_games = NULL;
  g_autoptr(GArray) opponents = NULL;
  g_autofree char *activated_name = NULL;
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  AdwToastOverlay *overlay = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  GtkWidget *stack = gtk_stack_new ();
  TesseraPlayersPage *page = TESSERA_PLAYERS_PAGE (tessera_players_page_new ());
  TesseraPlayerProfile *profile = TESSERA_PLAYER_PROFILE (tessera_player_profile_new ());
  GListModel *model;

  g_assert_no_error (error);
  for (guint32 seed = 60; seed < 72; seed++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game (seed, 2 + seed % 4);
      gboolean already;

      for (guint p = 0; p < record->players->len; p++)
        {
          g_free (g_array_index (record->players, TesseraPlayerInfo, p).name);
          g_array_index (record->players, TesseraPlayerInfo, p).name = g_strdup (names[p]);
        }
      tessera_store_import_record (store, record, &already, &error);
      g_assert_no_error (error);
    }
  stats = tessera_store_list_player_stats (store, &error);
  g_assert_no_error (error);

  gtk_stack_add_named (GTK_STACK (stack), GTK_WIDGET (page), "players");
  gtk_stack_add_named (GTK_STACK (stack), GTK_WIDGET (profile), "profile");
  adw_toast_overlay_set_child (overlay, stack);
  gtk_window_set_child (window, GTK_WIDGET (overlay));
  gtk_window_set_default_size (window, 1280, 800);
  gtk_window_present (window);

  /* The page: the store's players and figures; sorted by best score on request. */
  g_assert_true (tessera_players_page_load (page, store, &error));
  g_assert_no_error (error);
  model = tessera_players_page_get_model (page);
  /* The most wins first, as the store lists them. */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, stats->len);
  for (guint i = 0; i < stats->len; i++)
    {
      const TesseraPlayerStats *expected = g_ptr_array_index (stats, i);
      g_autoptr(TesseraPlayerItem) item = g_list_model_get_item (model, i);

      g_assert_cmpstr (tessera_player_item_get_name (item), ==, expected->name);
      g_assert_cmpuint (tessera_player_item_get_games (item), ==, expected->n_games);
      g_assert_cmpuint (tessera_player_item_get_wins (item), ==, expected->n_wins);
      g_assert_cmpint (tessera_player_item_get_best (item), ==, expected->best_score);
    }
  {
    GtkColumnView *view = tessera_players_page_get_column_view (page);
    g_autoptr(GtkColumnViewColumn) best = g_list_model_get_item (gtk_column_view_get_columns (view), 5);

    gtk_column_view_sort_by_column (view, best, GTK_SORT_DESCENDING);
    for (guint i = 1; i < g_list_model_get_n_items (model); i++)
      {
        g_autoptr(TesseraPlayerItem) before = g_list_model_get_item (model, i - 1);
        g_autoptr(TesseraPlayerItem) item = g_list_model_get_item (model, i);

        g_assert_cmpint (tessera_player_item_get_best (before), >=, tessera_player_item_get_best (item));
      }
  }
  tessera_test_settle (50);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-players.png");
  g_signal_connect (page, "player-activated", G_CALLBACK (player_activated_cb), &activated_name);
  g_signal_emit_by_name (tessera_players_page_get_column_view (page), "activate", 0);
  g_assert_nonnull (activated_name);

  /* Anna's profile: the store's figures, charts of them, her opponents and games. */
  g_assert_true (tessera_player_profile_load (profile, store, "anna", &error));
  g_assert_no_error (error);
  gtk_stack_set_visible_child (GTK_STACK (stack), GTK_WIDGET (profile));
  g_assert_cmpstr (tessera_player_profile_get_name (profile), ==, "Anna");
  anna_games = tessera_store_list_player_games (store, "Anna", &error);
  opponents = tessera_store_list_opponents (store, "Anna", &error);
  g_assert_no_error (error);
  {
    TesseraChart *categories = tessera_chart_view_get_chart (tessera_player_profile_get_categories_chart (profile));
    TesseraChart *trend = tessera_chart_view_get_chart (tessera_player_profile_get_trend_chart (profile));
    g_autoptr(TesseraPlayerStats) anna = tessera_store_get_player_stats (store, "Anna", &error);
    g_autofree char *roads = NULL;
    g_autofree char *last = NULL;
    g_autofree char *expected_last = NULL;

    g_assert_cmpuint (tessera_chart_get_n_series (categories), ==, 2);
    g_assert_cmpuint (tessera_chart_get_n_x (categories), ==, 7);
    roads = tessera_chart_dup_value_text (categories, 0, 0);
    g_assert_nonnull (roads);
    g_assert_nonnull (anna);
    g_assert_cmpuint (tessera_chart_get_n_series (trend), ==, 1);
    g_assert_cmpuint (tessera_chart_get_n_x (trend), ==, MIN (anna_games->len, 20));
    /* The newest game is the last point of the trend. */
    last = tessera_chart_dup_value_text (trend, 0, tessera_chart_get_n_x (trend) - 1);
    expected_last = g_strdup_printf ("%d", g_array_index (anna_games, TesseraPlayerGame, 0).score);
    g_assert_cmpstr (last, ==, expected_last);
  }
  /* Every figure shown, read from the screen, is the store's. */
  {
    g_autoptr(TesseraPlayerStats) anna = tessera_store_get_player_stats (store, "Anna", &error);
    g_autoptr(GPtrArray) shown = g_ptr_array_new ();
    g_autofree char *games = NULL;
    g_autofree char *wins = NULL;
    g_autofree char *rate = NULL;
    g_autofree char *average = NULL;
    g_autofree char *best = NULL;
    g_autoptr(GHashTable) colors = g_hash_table_new (g_str_hash, g_str_equal);
    const char *favourite = NULL;
    guint favourite_count = 0;
    const TesseraPlayerGame *best_game = NULL;

    g_assert_no_error (error);
    collect_label_texts (GTK_WIDGET (profile), shown);
    games = g_strdup_printf ("%u", anna->n_games);
    wins = g_strdup_printf ("%u", anna->n_wins);
    rate = g_strdup_printf ("%.0f %%", 100.0 * anna->n_wins / anna->n_games);
    average = g_strdup_printf ("%.1f", anna->average_score);
    best = g_strdup_printf ("%d", anna->best_score);
    assert_shown_before (shown, games, anna->n_games == 1 ? "Game" : "Games");
    assert_shown_before (shown, wins, anna->n_wins == 1 ? "Win" : "Wins");
    assert_shown_before (shown, rate, "Win Rate");
    assert_shown_before (shown, average, "Average Score");
    assert_shown_before (shown, best, "Best Score");
    /* The colour she played most often, the first of them in a tie, newest first. */
    for (guint i = 0; i < anna_games->len; i++)
      {
        const TesseraPlayerGame *game = &g_array_index (anna_games, TesseraPlayerGame, i);
        guint count = GPOINTER_TO_UINT (g_hash_table_lookup (colors, game->color)) + 1;

        g_hash_table_insert (colors, game->color, GUINT_TO_POINTER (count));
        if (count > favourite_count)
          {
            favourite = game->color;
            favourite_count = count;
          }
        if (best_game == NULL || game->score > best_game->score)
          best_game = game;
      }
    assert_shown_before (shown, tessera_color_phrase (favourite), "Favourite Colour");
    g_assert_cmpint (best_game->score, ==, anna->best_score);

    /* Head to head: every opponent with the games they ended ahead, behind and level. */
    g_assert_cmpuint (opponents->len, >, 0);
    for (guint i = 0; i < opponents->len; i++)
      {
        const TesseraOpponentRecord *record = &g_array_index (opponents, TesseraOpponentRecord, i);
        g_autofree char *result = g_strdup_printf ("ahead %u · behind %u · level %u",
                                                   record->n_ahead, record->n_behind, record->n_level);

        g_assert_cmpuint (record->n_ahead + record->n_behind + record->n_level, ==, record->n_games);
        assert_shown_before (shown, record->opponent, result);
      }

    /* Points per game by category, hers and everyone's, as the store averages them. */
    {
      TesseraChart *categories = tessera_chart_view_get_chart (tessera_player_profile_get_categories_chart (profile));
      static const TesseraCategory order[] = {
        TESSERA_CATEGORY_ROAD, TESSERA_CATEGORY_CITY, TESSERA_CATEGORY_CLOISTER, TESSERA_CATEGORY_FARM,
        TESSERA_CATEGORY_WHEEL, TESSERA_CATEGORY_CROWN, TESSERA_CATEGORY_RANSOM,
      };
      double everyone[TESSERA_N_CATEGORIES];
      gboolean whole = TRUE;

      g_assert_true (tessera_store_get_category_averages (store, everyone, &error));
      g_assert_no_error (error);
      for (guint c = 0; c < G_N_ELEMENTS (order); c++)
        whole = whole && anna->category_average[order[c]] == floor (anna->category_average[order[c]])
                && everyone[order[c]] == floor (everyone[order[c]]);
      for (guint c = 0; c < G_N_ELEMENTS (order); c++)
        {
          g_autofree char *hers = tessera_chart_dup_value_text (categories, 0, c);
          g_autofree char *theirs = tessera_chart_dup_value_text (categories, 1, c);
          g_autofree char *expected_hers = tessera_chart_format_value (anna->category_average[order[c]], whole ? 0 : 1);
          g_autofree char *expected_theirs = tessera_chart_format_value (everyone[order[c]], whole ? 0 : 1);

          g_assert_cmpstr (hers, ==, expected_hers);
          g_assert_cmpstr (theirs, ==, expected_theirs);
        }
    }
  }

  tessera_test_settle (50);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-profile.png");
  activate (GTK_WIDGET (profile), "profile.rename", NULL);
  {
    AdwMessageDialog *rename = ADW_MESSAGE_DIALOG (tessera_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));

    g_assert_nonnull (rename);
    gtk_editable_set_text (GTK_EDITABLE (adw_message_dialog_get_extra_child (rename)), "Anna de Wit");
    adw_message_dialog_response (rename, "rename");
    tessera_test_settle (20);
  }
  g_assert_cmpstr (tessera_player_profile_get_name (profile), ==, "Anna de Wit");
  {
    g_autoptr(TesseraPlayerStats) renamed = tessera_store_get_player_stats (store, "anna de wit", &error);

    g_assert_no_error (error);
    g_assert_cmpstr (renamed->name, ==, "Anna de Wit");
  }

  /* Merging Eva into the first other player the dialog offers: they sat at one table, so when
   * the toast goes the history refuses, and says why. */
  tessera_player_profile_load (profile, store, "Eva", &error);
  g_assert_no_error (error);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  activate (GTK_WIDGET (profile), "profile.merge", NULL);
  {
    AdwMessageDialog *merge = ADW_MESSAGE_DIALOG (tessera_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));

    g_assert_nonnull (merge);
    adw_message_dialog_response (merge, "merge");
    tessera_test_settle (20);
  }
  g_assert_true (dismiss_toasts (GTK_WIDGET (overlay)));
  tessera_test_settle (20);
  {
    AdwMessageDialog *refusal = ADW_MESSAGE_DIALOG (tessera_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));

    g_assert_nonnull (refusal);
    g_assert_nonnull (strstr (adw_message_dialog_get_body (refusal), "played together"));
    adw_message_dialog_response (refusal, "close");
    tessera_test_settle (20);
  }
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);

  gtk_window_destroy (window);
  g_clear_object (&store);
  tessera_test_remove_history (path);
  g_rmdir (folder);
}

/* Killed: a crash or a kill loses at most the move being entered ---------------------------- */

#define KILLED_TURN_RUNS 50
#define KILLED_IMPORT_RUNS 20
#define KILLED_IMPORT_GAMES 40
#define KILLED_MAX_MOVES 16

/* The child of test_killed: enters the base game of @seed through the window, move by move,
 * saying "entered N" when move N is on the board but not yet confirmed (it waits a moment
 * there, as a player would) and "confirmed N" once its confirmation returned. */
static int
killed_turns_child (const char *history,
                    guint32     seed)
{
  static const char * const base[] = { "base", NULL };
  g_autoptr(TesseraApplication) child_app = tessera_test_ui_child_init (history);
  g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (seed, 2 + seed % 3, base);
  g_autoptr(TesseraRecord) header = tessera_record_copy_header (record);
  g_autoptr(GError) error = NULL;
  TesseraWindow *window;
  TesseraGameView *view;

  if (child_app == NULL)
    return 77;
  app = child_app;
  window = tessera_window_new (child_app);
  view = tessera_window_get_game_view (window);
  if (!tessera_window_start_game (window, header, FALSE, &error))
    return 1;
  printf ("game %" G_GINT64_FORMAT "\n", tessera_game_view_get_game_id (view));
  fflush (stdout);
  for (guint i = 0; i < MIN (record->events->len, KILLED_MAX_MOVES); i++)
    {
      const TesseraEvent *event = g_ptr_array_index (record->events, i);

      if (event->kind != TESSERA_EVENT_TURN)
        break;
      tessera_test_enter_turn (&window_driver, view, tessera_game_view_get_turn (view),
                               tessera_game_view_get_game (view), event);
      printf ("entered %u\n", i + 1);
      fflush (stdout);
      g_usleep (30000);
      activate (GTK_WIDGET (view), "game.confirm", NULL);
      printf ("confirmed %u\n", i + 1);
      fflush (stdout);
    }
  printf ("done\n");
  fflush (stdout);
  return 0;
}

/* The child of test_killed: imports the records in @folder through the window, as the Import
 * menu does, and says when it begins. */
static int
killed_import_child (const char *history,
                     const char *folder)
{
  g_autoptr(TesseraApplication) child_app = tessera_test_ui_child_init (history);
  g_autoptr(GListStore) files = g_list_store_new (G_TYPE_FILE);
  TesseraWindow *window;
  guint n_imported, n_known;

  if (child_app == NULL)
    return 77;
  app = child_app;
  window = tessera_window_new (child_app);
  for (guint i = 0; i < KILLED_IMPORT_GAMES; i++)
    {
      g_autofree char *name = g_strdup_printf ("game-%02u.json", i);
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);

      g_list_store_append (files, file);
    }
  printf ("importing\n");
  fflush (stdout);
  tessera_window_import_files (window, G_LIST_MODEL (files), &n_imported, &n_known);
  printf ("done %u\n", n_imported);
  fflush (stdout);
  return 0;
}

/* Starts this program again with the arguments given (NULL-terminated), its output piped. */
static GSubprocess *
start_child (const char *first_arg,
             ...)
{
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  GSubprocess *child;
  va_list args;
  const char *arg;

  g_ptr_array_add (argv, self_path);
  g_ptr_array_add (argv, (gpointer) first_arg);
  va_start (args, first_arg);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  child = g_subprocess_newv ((const char * const *) argv->pdata, G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  return child;
}

/* A key pressed where the keyboard is in @window: the key bindings of the focus widget, then of
 * each widget around it up to the window, as GTK hands a key on; the first that takes it wins.
 * Real key events need XTest (test-table-speed.c); here the bindings and the focus are tested. */
static gboolean
press_key (GtkWindow *window,
           guint      keyval)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  for (GtkWidget *widget = focus != NULL ? focus : GTK_WIDGET (window); widget != NULL;
       widget = gtk_widget_get_parent (widget))
    {
      g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

          if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
            continue;
          for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
            {
              g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
              GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

              if (GTK_IS_KEYVAL_TRIGGER (trigger)
                  && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval
                  && gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0
                  && gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                                   widget, gtk_shortcut_get_arguments (shortcut)))
                {
                  tessera_test_settle (50);
                  return TRUE;
                }
            }
        }
    }
  return FALSE;
}

/* F1 where nothing opens help: URIs (no yelp): a toast says what to install, not GTK's
 * "Operation not supported". */
static void
test_help_without_viewer (void)
{
  TesseraWindow *window = tessera_window_new (app);
  g_autoptr(GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");
  g_autoptr(GPtrArray) toasts = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean told = FALSE;

  if (viewer != NULL)
    {
      /* Pressing F1 would open the help for real. */
      g_test_skip ("this system has a help viewer");
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  /* The toast is dismissed below: see dismiss_toasts(). */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  gtk_window_present (GTK_WINDOW (window));
  tessera_test_settle (100);
  g_assert_true (press_key (GTK_WINDOW (window), GDK_KEY_F1));
  for (guint i = 0; i < 60 && !told; i++)
    {
      tessera_test_settle (50);
      g_ptr_array_set_size (toasts, 0);
      collect_toasts (GTK_WIDGET (window), toasts);
      for (guint t = 0; t < toasts->len; t++)
        told |= g_strcmp0 (adw_toast_get_title (g_ptr_array_index (toasts, t)),
                           _("Install the GNOME Help app (yelp) to read Tessera’s help")) == 0;
    }
  g_assert_true (told);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-help-without-viewer.png");
  g_assert_true (dismiss_toasts (GTK_WIDGET (window)));
  tessera_test_settle (100);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  tessera_test_settle (50);
}

/* A screenshot's file name in the language the test runs in: "screenshot-table-view-nl.png". */
static char *
screenshot_name (const char *name)
{
  const char *language = g_getenv ("LANGUAGE");

  if (language == NULL || *language == '\0')
    return g_strdup_printf ("screenshot-%s.png", name);
  return g_strdup_printf ("screenshot-%s-%s.png", name, language);
}

/* The table view shows what the engine says: every score, each player's row read out as the
 * scoreboard's, and the newest scoring in the words of the score log. */
static void
assert_table_shows (TesseraTableWindow *table,
                    TesseraGame        *game)
{
  const char * const *names = tessera_game_get_player_names (game);
  guint n_scores;
  const TesseraScoreEvent *scores = tessera_game_get_score_events (game, &n_scores);
  g_autofree char *latest = NULL;

  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    {
      int score = tessera_game_get_score (game, p);
      g_autofree char *label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %s, %d point", "%s, %s, %d points",
                                                             (gulong) ABS (score)),
                                                names[p], tessera_color_phrase (tessera_game_get_player_color (game, p)),
                                                score);

      g_assert_cmpint (tessera_table_window_get_shown_score (table, p), ==, score);
      gtk_test_accessible_assert_property (tessera_table_window_get_player_row (table, p),
                                           GTK_ACCESSIBLE_PROPERTY_LABEL, label);
    }
  g_assert_cmpuint (n_scores, >, 0);
  latest = tessera_score_log_describe_score (game, &scores[n_scores - 1]);
  g_assert_cmpstr (tessera_table_window_get_latest_sentence (table), ==, latest);
}

/* The text of the subtitle of the game view's header bar. */
static const char *
game_subtitle (TesseraGameView *view)
{
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();

  collect_widgets (GTK_WIDGET (view), ADW_TYPE_WINDOW_TITLE, titles);
  g_assert_cmpuint (titles->len, ==, 1);
  return adw_window_title_get_subtitle (g_ptr_array_index (titles, 0));
}

/* The scoreboard marks @player's row as the one to play, and no other. */
static void
assert_active_row (TesseraScoreboard *scoreboard,
                   guint              player)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  collect_widgets (GTK_WIDGET (scoreboard), GTK_TYPE_LIST_BOX_ROW, rows);
  for (guint p = 0; p < rows->len; p++)
    g_assert_true (gtk_widget_has_css_class (g_ptr_array_index (rows, p), "active-player") == (p == player));
}

/* Correcting an earlier move shows the game as it was before that move: the scores and what
 * they would be if the game ended then, and one name for whose turn it is, the corrected move's
 * player, in the subtitle, the turn and the scoreboard. Leaving the correction shows the game as
 * it is again. */
static void
test_correction_before (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_random_game (2606, 3);
  g_autoptr(TesseraGame) before = NULL;
  g_autofree char *shot = screenshot_name ("correction");
  g_autofree char *expected = NULL;
  TesseraStore *store = tessera_application_get_store (app, NULL);
  TesseraWindow *window = tessera_window_new (app);
  TesseraGameView *view = tessera_window_get_game_view (window);
  TesseraScoreboard *scoreboard = tessera_game_view_get_scoreboard (view);
  TesseraProjection projections[TESSERA_MAX_PLAYERS];
  const char * const *names;
  TesseraGame *game;
  guint corrected = G_MAXUINT, player, now;
  gint64 game_id;
  gboolean already;

  g_ptr_array_set_size (record->events, record->events->len / 2);
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  /* The smallest screen the table plays on; the screenshot shows the game page, not the start
   * page it slides in over. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 600);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tessera_window_resume_game (window, game_id, &error));
  g_assert_no_error (error);
  tessera_test_settle (100);
  game = tessera_game_view_get_game (view);
  names = tessera_game_get_player_names (game);
  now = tessera_game_get_current_player (game);

  /* The latest turn of a player other than the one to play, with points scored since. */
  for (guint i = tessera_game_get_n_events (game); i-- > 0 && corrected == G_MAXUINT;)
    {
      g_autoptr(TesseraGame) at = NULL;
      gboolean scored = FALSE;

      if (tessera_game_get_event (game, i)->kind != TESSERA_EVENT_TURN)
        continue;
      at = tessera_game_copy_at (game, i);
      for (guint p = 0; p < tessera_game_get_n_players (game); p++)
        scored |= tessera_game_get_score (at, p) != tessera_game_get_score (game, p);
      if (scored && tessera_game_get_current_player (at) != now)
        {
          corrected = i;
          before = g_steal_pointer (&at);
        }
    }
  g_assert_cmpuint (corrected, !=, G_MAXUINT);
  player = tessera_game_get_current_player (before);

  activate (GTK_WIDGET (view), "game.correct", g_variant_new_uint32 (corrected));
  tessera_test_settle (100);
  tessera_test_save_screenshot (GTK_WIDGET (window), shot);
  g_assert_true (tessera_game_project_scores (before, projections, &error));
  g_assert_no_error (error);
  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    {
      int projection;

      g_assert_cmpint (tessera_scoreboard_get_shown_score (scoreboard, p), ==, tessera_game_get_score (before, p));
      g_assert_true (tessera_scoreboard_get_shown_projection (scoreboard, p, &projection));
      g_assert_cmpint (projection, ==, projections[p].score);
    }
  g_assert_cmpuint (tessera_turn_get_player (tessera_game_view_get_turn (view)), ==, player);
  assert_active_row (scoreboard, player);
  expected = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s to play · %u tile left", "%s to play · %u tiles left",
                                           tessera_game_get_tiles_left (before)),
                              names[player], tessera_game_get_tiles_left (before));
  g_assert_cmpstr (game_subtitle (view), ==, expected);

  /* Back to the game as it is. */
  activate (GTK_WIDGET (view), "game.stop-correcting", NULL);
  tessera_test_settle (20);
  assert_scores_shown (view);
  assert_active_row (scoreboard, now);
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s to play · %u tile left", "%s to play · %u tiles left",
                                           tessera_game_get_tiles_left (game)),
                              names[now], tessera_game_get_tiles_left (game));
  g_assert_cmpstr (game_subtitle (view), ==, expected);

  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
}

/* The table view of a game under way: full screen, the engine's scores and latest scoring, and
 * after the next move the new ones; Escape, F11 and loading another game take it down, and the
 * keyboard is back in the game. Then a finished game of five, ranked. */
static void
test_table_view (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_random_game (1717, 2);
  g_autoptr(TesseraRecord) whole = tessera_random_game (1717, 2);
  g_autoptr(TesseraRecord) finished = tessera_random_game (1718, 5);
  g_autofree char *shot = NULL;
  TesseraStore *store = tessera_application_get_store (app, NULL);
  TesseraWindow *window = tessera_window_new (app);
  TesseraGameView *view = tessera_window_get_game_view (window);
  TesseraTableWindow *table;
  TesseraGame *game;
  const TesseraEvent *next = NULL;
  gint64 game_id, finished_id;
  gboolean already;

  /* Just before the last turn that scores, with scorings before it. */
  {
    g_autoptr(TesseraGame) played = tessera_game_new_from_record (whole, G_MAXUINT, NULL);
    guint n_scores;
    const TesseraScoreEvent *scores = tessera_game_get_score_events (played, &n_scores);

    for (guint i = n_scores; i-- > 0 && next == NULL;)
      if (scores[i].event > scores[0].event
          && ((TesseraEvent *) g_ptr_array_index (whole->events, scores[i].event))->kind == TESSERA_EVENT_TURN)
        {
          next = g_ptr_array_index (whole->events, scores[i].event);
          g_ptr_array_set_size (record->events, scores[i].event);
        }
  }
  g_assert_nonnull (next);
  game_id = tessera_store_import_record (store, record, &already, &error);
  g_assert_no_error (error);
  finished_id = tessera_store_import_record (store, finished, &already, &error);
  g_assert_no_error (error);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tessera_window_resume_game (window, game_id, &error));
  g_assert_no_error (error);
  tessera_test_settle (100);

  /* F11 where the keyboard is: the table view, full screen. */
  g_assert_true (press_key (GTK_WINDOW (window), GDK_KEY_F11));
  table = TESSERA_TABLE_WINDOW (tessera_test_find_toplevel (TESSERA_TYPE_TABLE_WINDOW));
  g_assert_nonnull (table);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (table)) == GTK_WINDOW (window));
  tessera_test_settle (100);
  g_assert_true (gtk_window_is_fullscreen (GTK_WINDOW (table)));
  game = tessera_game_view_get_game (view);
  assert_table_shows (table, game);
  shot = screenshot_name ("table-view");
  tessera_test_save_screenshot (GTK_WIDGET (table), shot);

  /* R turns the view a quarter clockwise, to face the next side of a tablet laid flat: the
   * scores, on the right, go to the bottom, the left, the top (laid out as on a portrait
   * screen there) and back. */
  {
    GtkWidget *board = tessera_test_find_descendant (GTK_WIDGET (table), TESSERA_TYPE_BOARD_VIEW);
    GtkWidget *row = tessera_table_window_get_player_row (table, 0);
    double width = gtk_widget_get_width (GTK_WIDGET (table));
    double height = gtk_widget_get_height (GTK_WIDGET (table));
    graphene_rect_t bounds;

    g_assert_cmpuint (tessera_table_window_get_quarter_turns (table), ==, 0);
    g_assert_true (gtk_widget_compute_bounds (row, GTK_WIDGET (table), &bounds));
    g_assert_cmpfloat (bounds.origin.x, >, width / 2);
    for (guint turns = 1; turns <= 4; turns++)
      {
        g_autofree char *turned_shot = g_strdup_printf ("screenshot-table-view-turned-%u.png", turns % 4);
        double middle_x, middle_y;

        g_assert_true (press_key (GTK_WINDOW (table), GDK_KEY_r));
        tessera_test_settle (100);
        g_assert_cmpuint (tessera_table_window_get_quarter_turns (table), ==, turns % 4);
        g_assert_true (gtk_widget_compute_bounds (row, GTK_WIDGET (table), &bounds));
        middle_x = bounds.origin.x + bounds.size.width / 2;
        middle_y = bounds.origin.y + bounds.size.height / 2;
        switch (turns % 4)
          {
          case 1:
            /* The view stands on the screen's left edge; laid out as a portrait screen, the
             * scores are under the board there: at the screen's left. */
            g_assert_cmpfloat (middle_x, <, width / 2);
            g_assert_cmpint (gtk_widget_get_width (board), <=, (int) height);
            break;
          case 2:
            g_assert_cmpfloat (middle_x, <, width / 2);
            g_assert_cmpint (gtk_widget_get_height (board), <=, (int) height);
            break;
          case 3:
            g_assert_cmpfloat (middle_x, >, width / 2);
            g_assert_cmpint (gtk_widget_get_width (board), <=, (int) height);
            break;
          default:
            g_assert_cmpfloat (middle_x, >, width / 2);
            break;
          }
        g_assert_cmpfloat (middle_y, >=, 0);
        g_assert_cmpfloat (middle_y, <=, height);
        if (turns < 4)
          tessera_test_save_screenshot (GTK_WIDGET (table), turned_shot);
      }
  }

  /* The next move, entered on the game view, shows at once. */
  {
    guint n_before, n_after;
    g_autofree char *latest_before = g_strdup (tessera_table_window_get_latest_sentence (table));

    tessera_game_get_score_events (game, &n_before);
    tessera_test_enter_turn (&window_driver, view, tessera_game_view_get_turn (view), game, next);
    activate (GTK_WIDGET (view), "game.confirm", NULL);
    game = tessera_game_view_get_game (view);
    tessera_game_get_score_events (game, &n_after);
    g_assert_cmpuint (n_after, >, n_before);
    g_assert_true (tessera_test_find_toplevel (TESSERA_TYPE_TABLE_WINDOW) == GTK_WINDOW (table));
    assert_table_shows (table, game);
    g_assert_cmpstr (tessera_table_window_get_latest_sentence (table), !=, latest_before);
  }

  /* Escape leaves it, and the keyboard is back in the game view for the next move. */
  g_assert_true (press_key (GTK_WINDOW (table), GDK_KEY_Escape));
  g_assert_null (tessera_test_find_toplevel (TESSERA_TYPE_TABLE_WINDOW));
  tessera_test_assert_focus_in (GTK_WIDGET (window), GTK_WIDGET (view));

  /* The header button's action brings it back; F11 there leaves it too. */
  activate (GTK_WIDGET (view), "game.table-view", NULL);
  table = TESSERA_TABLE_WINDOW (tessera_test_find_toplevel (TESSERA_TYPE_TABLE_WINDOW));
  g_assert_nonnull (table);
  g_assert_true (press_key (GTK_WINDOW (table), GDK_KEY_F11));
  g_assert_null (tessera_test_find_toplevel (TESSERA_TYPE_TABLE_WINDOW));
  tessera_test_assert_focus_in (GTK_WIDGET (window), GTK_WIDGET (view));

  /* Another game loaded takes the table view of the last one down. */
  activate (GTK_WIDGET (view), "game.table-view", NULL);
  g_assert_nonnull (tessera_test_find_toplevel (TESSERA_TYPE_TABLE_WINDOW));
  {
    g_autoptr(TesseraSession) session = tessera_session_open (store, finished_id, &error);

    g_assert_no_error (error);
    tessera_game_view_set_session (view, session);
  }
  tessera_test_settle (50);
  g_assert_null (tessera_test_find_toplevel (TESSERA_TYPE_TABLE_WINDOW));

  /* A finished game of five: the final ranking, the winner on top. */
  game = tessera_game_view_get_game (view);
  g_assert_true (tessera_game_is_finished (game));
  activate (GTK_WIDGET (view), "game.table-view", NULL);
  table = TESSERA_TABLE_WINDOW (tessera_test_find_toplevel (TESSERA_TYPE_TABLE_WINDOW));
  g_assert_nonnull (table);
  assert_table_shows (table, game);
  {
    GtkWidget *top = gtk_widget_get_first_child (gtk_widget_get_parent (tessera_table_window_get_player_row (table, 0)));
    int best = G_MININT;

    for (guint p = 0; p < tessera_game_get_n_players (game); p++)
      best = MAX (best, tessera_game_get_score (game, p));
    for (guint p = 0; p < tessera_game_get_n_players (game); p++)
      if (tessera_table_window_get_player_row (table, p) == top)
        g_assert_cmpint (tessera_game_get_score (game, p), ==, best);
  }
  g_clear_pointer (&shot, g_free);
  shot = screenshot_name ("table-view-final");
  tessera_test_save_screenshot (GTK_WIDGET (table), shot);

  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
  g_assert_null (tessera_test_find_toplevel (TESSERA_TYPE_TABLE_WINDOW));
}

/* The app is killed (SIGKILL) while a move is entered, or while it confirms one, fifty times;
 * and twenty times while it imports forty records. Afterwards the history holds every move
 * whose confirmation returned (and at most the one being confirmed), never a move only placed,
 * every game replays, and an import left whole games only. */
static void
test_killed (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("tessera-killed-XXXXXX", &error);
  g_autofree char *history = g_build_filename (folder, "history.db", NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (2611);
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) tessera_record_free);
  guint n_half_entered = 0, n_confirming = 0;

  g_assert_no_error (error);
  for (guint run = 0; run < KILLED_TURN_RUNS; run++)
    {
      guint32 seed = 7000 + run;
      g_autofree char *seed_text = g_strdup_printf ("%u", seed);
      g_autoptr(GSubprocess) child = start_child ("--killed-turns-child", history, seed_text, NULL);
      g_autoptr(GDataInputStream) lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (child));
      g_autoptr(TesseraStore) store = NULL;
      g_autoptr(TesseraRecord) stored = NULL;
      g_autoptr(TesseraGame) replayed = NULL;
      /* Kill when move N is only placed (even runs) or just confirmed (odd runs). */
      guint kill_at = (guint) g_rand_int_range (rand, 1, KILLED_MAX_MOVES);
      gboolean while_placed = run % 2 == 0;
      guint confirmed = 0;
      gint64 game_id = 0;
      char *line;

      while ((line = g_data_input_stream_read_line (lines, NULL, NULL, NULL)) != NULL)
        {
          gboolean now = FALSE;

          if (g_str_has_prefix (line, "game "))
            game_id = g_ascii_strtoll (line + 5, NULL, 10);
          else if (g_str_has_prefix (line, "confirmed "))
            {
              confirmed = (guint) g_ascii_strtoull (line + 10, NULL, 10);
              now = !while_placed && confirmed == kill_at;
            }
          else if (g_str_has_prefix (line, "entered "))
            now = while_placed && g_ascii_strtoull (line + 8, NULL, 10) == kill_at;
          g_free (line);
          if (now)
            {
              /* A placed move: at once, in the moment before it is confirmed. A confirmed one:
               * now or a little later, perhaps in the middle of confirming the next. */
              if (!while_placed)
                g_usleep ((gulong) g_rand_int_range (rand, 0, 40000));
              g_subprocess_send_signal (child, SIGKILL);
              break;
            }
        }
      g_subprocess_wait (child, NULL, &error);
      g_assert_no_error (error);
      if (g_subprocess_get_if_exited (child) && g_subprocess_get_exit_status (child) == 77)
        {
          g_test_skip ("no display for the child");
          return;
        }
      g_assert_cmpint (game_id, >, 0);

      store = tessera_store_open (history, &error);
      g_assert_no_error (error);
      stored = tessera_store_load_record (store, game_id, &error);
      g_assert_no_error (error);
      if (while_placed)
        {
          /* The placed move is nowhere: only the confirmed ones are. */
          g_assert_cmpuint (stored->events->len, ==, confirmed);
          n_half_entered++;
        }
      else
        {
          g_assert_cmpuint (stored->events->len, >=, confirmed);
          g_assert_cmpuint (stored->events->len, <=, confirmed + 1);
          n_confirming++;
        }
      replayed = tessera_game_new_from_record (stored, G_MAXUINT, &error);
      g_assert_no_error (error);
    }

  /* Imports killed at random moments: whole games or none. */
  for (guint i = 0; i < KILLED_IMPORT_GAMES; i++)
    {
      g_autofree char *name = g_strdup_printf ("game-%02u.json", i);
      g_autofree char *path = g_build_filename (folder, name, NULL);
      TesseraRecord *record = tessera_random_game (8000 + i, 2 + i % 4);
      g_autofree char *text = tessera_record_to_data (record);

      g_ptr_array_add (records, record);
      g_assert_true (g_file_set_contents (path, text, -1, &error));
    }
  for (guint run = 0; run < KILLED_IMPORT_RUNS; run++)
    {
      g_autofree char *import_history = g_strdup_printf ("%s/import-%u.db", folder, run);
      g_autoptr(GSubprocess) child = start_child ("--killed-import-child", import_history, folder, NULL);
      g_autoptr(GDataInputStream) lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (child));
      g_autoptr(TesseraStore) store = NULL;
      g_autoptr(GPtrArray) games = NULL;
      g_autofree char *line = g_data_input_stream_read_line (lines, NULL, NULL, NULL);

      g_assert_cmpstr (line, ==, "importing");
      g_usleep ((gulong) g_rand_int_range (rand, 0, 120000));
      g_subprocess_send_signal (child, SIGKILL);
      g_subprocess_wait (child, NULL, &error);
      g_assert_no_error (error);

      store = tessera_store_open (import_history, &error);
      g_assert_no_error (error);
      games = tessera_store_list_games (store, &error);
      g_assert_no_error (error);
      /* In the order of the files: each game whole, as its record. */
      for (guint g = 0; g < games->len; g++)
        {
          const TesseraGameSummary *summary = g_ptr_array_index (games, g);
          const TesseraRecord *source = g_ptr_array_index (records, g);
          g_autoptr(TesseraRecord) stored = tessera_store_load_record (store, summary->id, &error);

          g_assert_no_error (error);
          g_assert_cmpuint (stored->events->len, ==, source->events->len);
          g_assert_cmpuint (summary->seats->len, ==, source->players->len);
        }
      g_test_message ("import killed after %u of %u games", games->len, KILLED_IMPORT_GAMES);
      g_clear_object (&store);
      tessera_test_remove_history (import_history);
    }
  g_test_message ("%u kills with a move only placed, %u around a confirmation", n_half_entered, n_confirming);

  for (guint i = 0; i < KILLED_IMPORT_GAMES; i++)
    {
      g_autofree char *name = g_strdup_printf ("game-%02u.json", i);
      g_autofree char *path = g_build_filename (folder, name, NULL);

      g_remove (path);
    }
  tessera_test_remove_history (history);
  g_rmdir (folder);
}

/* The button of @widget's tree with the icon @icon_name, or NULL. */
static GtkWidget *
find_icon_button (GtkWidget  *widget,
                  const char *icon_name)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), icon_name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_icon_button (child, icon_name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The window's narrowest, on the page it shows. */
static int
window_min_width (TesseraWindow *window)
{
  int minimum;

  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  return minimum;
}

/* A tablet held upright, 768x1024: every page fits its width, over the history the tests
 * before made (games with every expansion among them). The window would not go below 900
 * pixels, the replay below 934 and History below 780. At 768 the replay's scores and moves
 * still stand beside the board; narrower, they fold away and a header button brings them
 * over the board. */
static void
test_tablet_upright (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) unfinished = tessera_random_game (1717, 3);
  g_autoptr(TesseraRecord) finished = tessera_random_game (1718, 4);
  TesseraStore *store = tessera_application_get_store (app, NULL);
  TesseraWindow *window = tessera_window_new (app);
  TesseraReplayView *replay = tessera_window_get_replay_view (window);
  AdwFlap *flap;
  GtkWidget *panel_button;
  gint64 unfinished_id, finished_id;
  gboolean already;

  g_ptr_array_set_size (unfinished->events, 12);
  unfinished_id = tessera_store_import_record (store, unfinished, &already, &error);
  g_assert_no_error (error);
  finished_id = tessera_store_import_record (store, finished, &already, &error);
  g_assert_no_error (error);
  gtk_window_set_default_size (GTK_WINDOW (window), 768, 1024);
  gtk_window_present (GTK_WINDOW (window));
  tessera_test_settle (100);
  g_assert_cmpint (window_min_width (window), <=, 768);
  g_assert_true (tessera_window_resume_game (window, unfinished_id, &error));
  g_assert_no_error (error);
  tessera_test_settle (100);
  g_assert_cmpint (window_min_width (window), <=, 768);
  tessera_window_show_history (window);
  tessera_test_settle (100);
  g_assert_cmpint (window_min_width (window), <=, 768);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-history-768x1024.png");
  tessera_window_show_players (window);
  tessera_test_settle (100);
  g_assert_cmpint (window_min_width (window), <=, 768);

  /* The replay: at 768 pixels the scores and moves still stand beside the board. */
  g_assert_true (tessera_window_open_replay (window, finished_id, &error));
  g_assert_no_error (error);
  tessera_test_settle (200);
  g_assert_cmpint (window_min_width (window), <=, 620);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 768);
  flap = ADW_FLAP (tessera_test_find_descendant (GTK_WIDGET (replay), ADW_TYPE_FLAP));
  g_assert_nonnull (flap);
  g_assert_false (adw_flap_get_folded (flap));
  panel_button = find_icon_button (GTK_WIDGET (replay), "sidebar-show-right-symbolic");
  g_assert_nonnull (panel_button);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (panel_button)));
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-replay-768x1024.png");

  /* Narrower, they fold away: the board takes the whole width, and a header button brings
   * them over it. */
  gtk_window_set_default_size (GTK_WINDOW (window), 620, 1024);
  tessera_test_settle (300);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 620);
  g_assert_true (adw_flap_get_folded (flap));
  g_assert_false (adw_flap_get_reveal_flap (flap));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (panel_button)));
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-replay-narrow.png");
  gtk_widget_activate (panel_button);
  tessera_test_settle (400);
  g_assert_true (adw_flap_get_reveal_flap (flap));
  g_assert_true (gtk_widget_get_mapped (adw_flap_get_flap (flap)));
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-replay-narrow-scores.png");
  gtk_widget_activate (panel_button);
  tessera_test_settle (400);
  g_assert_false (adw_flap_get_reveal_flap (flap));

  /* Wider, the scores and moves stand beside the board again. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  tessera_test_settle (300);
  g_assert_false (adw_flap_get_folded (flap));
  g_assert_true (gtk_widget_get_mapped (adw_flap_get_flap (flap)));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (panel_button)));
  /* There too the button hides them, for a larger board, and shows them again. */
  {
    GtkWidget *board = GTK_WIDGET (tessera_replay_view_get_board_view (replay));
    int beside = gtk_widget_get_width (board), alone;

    gtk_widget_activate (panel_button);
    tessera_test_settle (400);
    g_assert_false (adw_flap_get_reveal_flap (flap));
    alone = gtk_widget_get_width (board);
    g_assert_cmpint (alone, >=, beside + 250);
    gtk_widget_activate (panel_button);
    tessera_test_settle (400);
    g_assert_true (adw_flap_get_reveal_flap (flap));
    g_assert_cmpint (gtk_widget_get_width (board), <=, alone - 250);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}

/* Whether @widget lies wholly above @below, as the window shows them. */
static gboolean
is_above (GtkWidget *widget,
          GtkWidget *below)
{
  graphene_rect_t upper, lower;

  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (gtk_widget_get_root (widget)), &upper));
  g_assert_true (gtk_widget_compute_bounds (below, GTK_WIDGET (gtk_widget_get_root (below)), &lower));
  return upper.origin.y + upper.size.height <= lower.origin.y + 0.5;
}

/* A phone, 360x640: every page fits its width. The game page puts the board first and the turn
 * card under it, under a handle with every score on one line; the handle folds the card away
 * for a larger board, or shows the scoreboard and the log in its place. A tablet held upright
 * stacks them too; a wide window keeps them beside the board. */
static void
test_phone (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) unfinished = tessera_random_game (1719, 5);
  g_autoptr(TesseraRecord) finished = tessera_random_game (1720, 3);
  TesseraStore *store = tessera_application_get_store (app, NULL);
  TesseraWindow *window = tessera_window_new (app);
  TesseraGameView *view = tessera_window_get_game_view (window);
  GtkWidget *board = GTK_WIDGET (tessera_game_view_get_board_view (view));
  TesseraGameLayout *layout;
  GtkWidget *handle, *turn, *scores, *scores_button, *fold_button;
  TesseraScoreLine *line;
  gint64 unfinished_id, finished_id;
  gboolean already;
  int board_height;

  g_ptr_array_set_size (unfinished->events, 20);
  unfinished_id = tessera_store_import_record (store, unfinished, &already, &error);
  g_assert_no_error (error);
  finished_id = tessera_store_import_record (store, finished, &already, &error);
  g_assert_no_error (error);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  gtk_window_present (GTK_WINDOW (window));
  tessera_test_settle (100);
  g_assert_cmpint (window_min_width (window), <=, 360);

  g_assert_true (tessera_window_resume_game (window, unfinished_id, &error));
  g_assert_no_error (error);
  tessera_test_settle (300);
  g_assert_cmpint (window_min_width (window), <=, 360);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  layout = TESSERA_GAME_LAYOUT (tessera_test_find_descendant (GTK_WIDGET (view), TESSERA_TYPE_GAME_LAYOUT));
  g_assert_nonnull (layout);
  g_object_get (layout, "handle", &handle, "turn", &turn, "scores", &scores, NULL);
  g_object_unref (handle);
  g_object_unref (turn);
  g_object_unref (scores);
  g_assert_true (tessera_game_layout_get_stacked (layout));
  g_assert_true (gtk_widget_get_mapped (handle));
  g_assert_true (gtk_widget_get_mapped (turn));
  g_assert_false (gtk_widget_get_mapped (scores));
  /* The board over the whole width, then the handle, then the card. */
  g_assert_cmpint (gtk_widget_get_width (board), ==, gtk_widget_get_width (GTK_WIDGET (layout)));
  g_assert_true (is_above (board, handle));
  g_assert_true (is_above (handle, turn));
  /* Five players' scores on one line. */
  line = TESSERA_SCORE_LINE (tessera_test_find_descendant (handle, TESSERA_TYPE_SCORE_LINE));
  g_assert_nonnull (line);
  for (guint p = 0; p < 5; p++)
    g_assert_nonnull (strstr (tessera_score_line_get_summary (line), g_array_index (unfinished->players, TesseraPlayerInfo, p).name));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (line)), <=, 40);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-phone-game.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  tessera_test_settle (200);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-phone-game-dark.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  tessera_test_settle (100);

  /* Folded away, the card leaves the board the height; the handle stays at the foot. */
  scores_button = gtk_widget_get_first_child (handle);
  fold_button = gtk_widget_get_last_child (handle);
  board_height = gtk_widget_get_height (board);
  gtk_widget_activate (fold_button);
  tessera_test_settle (400);
  g_assert_true (tessera_game_layout_get_panel_folded (layout));
  g_assert_false (gtk_widget_get_mapped (turn));
  g_assert_cmpint (gtk_widget_get_height (board), >=, board_height + 150);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (fold_button), ==, "Show the Turn");
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-phone-folded.png");

  /* The scores line brings the scoreboard and the log, unfolded, in the card's place. */
  gtk_widget_activate (scores_button);
  tessera_test_settle (400);
  g_assert_false (tessera_game_layout_get_panel_folded (layout));
  g_assert_true (gtk_widget_get_mapped (scores));
  g_assert_false (gtk_widget_get_mapped (turn));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (tessera_game_view_get_scoreboard (view))));
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-phone-scores.png");
  gtk_widget_activate (scores_button);
  tessera_test_settle (400);
  g_assert_true (gtk_widget_get_mapped (turn));
  g_assert_false (gtk_widget_get_mapped (scores));
  g_assert_cmpint (gtk_widget_get_height (board), ==, board_height);

  /* A tablet held upright stacks them too, the board the larger for it. */
  gtk_window_set_default_size (GTK_WINDOW (window), 768, 1024);
  tessera_test_settle (300);
  g_assert_true (tessera_game_layout_get_stacked (layout));
  g_assert_cmpint (gtk_widget_get_width (board), ==, gtk_widget_get_width (GTK_WIDGET (layout)));
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-game-768x1024.png");
  /* A wide window keeps the card and the scores beside the board, and no handle. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  tessera_test_settle (300);
  g_assert_false (tessera_game_layout_get_stacked (layout));
  g_assert_false (gtk_widget_get_mapped (handle));
  g_assert_true (gtk_widget_get_mapped (turn));
  g_assert_true (gtk_widget_get_mapped (scores));
  g_assert_true (is_above (turn, scores));
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  tessera_test_settle (300);
  g_assert_true (tessera_game_layout_get_stacked (layout));

  /* The other pages. */
  tessera_window_show_history (window);
  tessera_test_settle (200);
  g_assert_cmpint (window_min_width (window), <=, 360);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-phone-history.png");
  tessera_window_show_players (window);
  tessera_test_settle (200);
  g_assert_cmpint (window_min_width (window), <=, 360);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-phone-players.png");
  g_assert_true (tessera_window_open_replay (window, finished_id, &error));
  g_assert_no_error (error);
  tessera_test_settle (300);
  g_assert_cmpint (window_min_width (window), <=, 360);
  tessera_test_save_screenshot (GTK_WIDGET (window), "screenshot-phone-replay.png");

  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *scratch_dir = NULL;
  g_autofree char *history = NULL;
  int status;

  if (argc == 4 && g_str_equal (argv[1], "--killed-turns-child"))
    return killed_turns_child (argv[2], (guint32) g_ascii_strtoull (argv[3], NULL, 10));
  if (argc == 4 && g_str_equal (argv[1], "--killed-import-child"))
    return killed_import_child (argv[2], argv[3]);

  /* GTK's test accessibility backend keeps what a screen reader would read, with no bus: the
   * labels of the Tiles Left window and the table view are checked. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  app = tessera_test_ui_init (&argc, &argv, "tessera-ui", &scratch_dir);
  if (app == NULL)
    return g_test_run ();

  g_test_add_func ("/ui/play-game", test_play_game);
  g_test_add_func ("/ui/new-game-refused", test_new_game_refused);
  g_test_add_func ("/ui/whole-game", test_whole_game);
  g_test_add_func ("/ui/box-correction", test_box_correction);
  g_test_add_func ("/ui/tiles-left", test_tiles_left);
  g_test_add_func ("/ui/replay", test_replay);
  g_test_add_func ("/ui/players", test_players);
  g_test_add_func ("/ui/table-view", test_table_view);
  g_test_add_func ("/ui/tablet-upright", test_tablet_upright);
  g_test_add_func ("/ui/phone", test_phone);
  g_test_add_func ("/ui/correction-before", test_correction_before);
  g_test_add_func ("/ui/killed", test_killed);
  g_test_add_func ("/ui/help-without-viewer", test_help_without_viewer);
  status = g_test_run ();

  g_clear_object (&app);
  history = g_build_filename (scratch_dir, "history.db", NULL);
  tessera_test_remove_history (history);
  g_rmdir (scratch_dir);
  return status;
}
