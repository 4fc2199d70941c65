/* test-table-speed.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>

#include "tessera-application.h"
#include "tessera-random-game.h"
#include "tessera-test-input.h"
#include "tessera-test-ui.h"
#include "tessera-turn.h"
#include "tessera-window.h"

/* How many input events a person needs for an ordinary turn (the tile drawn, where it goes,
 * a follower or none, confirm), measured with real input: the X server gets pointer motion,
 * clicks and key presses through XTest, at the positions the widgets report, and the app sees
 * them as it sees a person's. A scripted game of 20 turns is played twice, once by mouse and
 * once by keyboard; the test fails on any turn over 4 clicks or 6 key presses, and on spots of
 * one tile closer on screen than 24 pixels or smaller than 24 across.
 *
 * An ordinary turn: a tile of the base game (its id one letter), put where the board offers it
 * first (its rotation as shown; by keyboard, the cell the cursor starts on or one arrow away),
 * a follower on a spot chosen at random, or none. Turning the tile costs one more event (R or
 * a right click) per turn; other cells, arrows. The same test runs at 1280x800, at 1024x600 and
 * in Dutch (see tests/meson.build). */

#define TURNS 20
#define MAX_CLICKS 4
#define MAX_KEYS 6
#define MIN_SPOT_PIXELS 24.0

static TesseraApplication *app;
static Display *xdisplay;

/* Helpers -------------------------------------------------------------------------------------- */

static TesseraTurnStep
step_of (TesseraGameView *view)
{
  return tessera_turn_get_step (tessera_game_view_get_turn (view));
}

/* The turn reaches @step: on a loaded machine the app may answer an input after the wait
 * for it. */
static void
assert_step (TesseraGameView *view,
             TesseraTurnStep  step)
{
  for (guint i = 0; i < 40 && step_of (view) != step; i++)
    tessera_test_settle (50);
  g_assert_cmpint (step_of (view), ==, step);
}

/* The spots of one tile can be told apart: 24 pixels across and their middles 24 apart. */
static void
assert_spots_apart (TesseraGameView *view)
{
  TesseraBoardView *board = tessera_game_view_get_board_view (view);
  guint n_markers;
  const TesseraChoice *markers = tessera_turn_get_choices (tessera_game_view_get_turn (view), &n_markers);

  tessera_test_input_wait_for_board (board);
  for (guint i = 0; i < n_markers; i++)
    {
      double x, y, r;

      if (markers[i].kind == TESSERA_CHOICE_CROWN || markers[i].on_cell)
        continue;
      g_assert_true (tessera_board_view_get_marker_point (board, i, &x, &y, &r));
      g_assert_cmpfloat (2 * r, >=, MIN_SPOT_PIXELS);
      for (guint j = i + 1; j < n_markers; j++)
        {
          double x2, y2, r2;

          if (markers[j].kind == TESSERA_CHOICE_CROWN || markers[j].on_cell || markers[j].where.at.x != markers[i].where.at.x
              || markers[j].where.at.y != markers[i].where.at.y)
            continue;
          g_assert_true (tessera_board_view_get_marker_point (board, j, &x2, &y2, &r2));
          g_assert_cmpfloat (hypot (x2 - x, y2 - y), >=, MIN_SPOT_PIXELS);
          /* Not touching either. */
          g_assert_cmpfloat (hypot (x2 - x, y2 - y), >, r + r2);
        }
    }
}

/* A tile still in the box whose id is one letter, picked by @rand. */
static const TesseraBoxEntry *
draw_tile (TesseraGame *game,
           GRand       *rand)
{
  GArray *supply = tessera_game_get_supply (game);
  g_autoptr(GPtrArray) candidates = g_ptr_array_new ();

  for (guint i = 0; i < supply->len; i++)
    {
      const TesseraSupplyEntry *entry = &g_array_index (supply, TesseraSupplyEntry, i);

      if (entry->left > 0 && strlen (entry->entry->id) == 1)
        g_ptr_array_add (candidates, (gpointer) entry->entry);
    }
  g_assert_cmpuint (candidates->len, >, 0);
  return candidates->pdata[g_rand_int_range (rand, 0, (int) candidates->len)];
}

/* Whether @cell is wholly in view on the board. */
static gboolean
cell_in_view (TesseraBoardView *board,
              TesseraCell       cell)
{
  GdkRectangle bounds;

  return tessera_board_view_get_cell_bounds (board, cell, &bounds) && bounds.x >= 0 && bounds.y >= 0
         && bounds.x + bounds.width <= gtk_widget_get_width (GTK_WIDGET (board))
         && bounds.y + bounds.height <= gtk_widget_get_height (GTK_WIDGET (board));
}

/* A game of the base box for two, in a window as large as the screen. */
static TesseraWindow *
start_game (TesseraGameView **view)
{
  static const char * const base[] = { "base", NULL };
  g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (7, 2, base);
  TesseraWindow *window = tessera_test_input_start_game (app, record);

  *view = tessera_window_get_game_view (window);
  return window;
}

static const char *
config_name (void)
{
  const char *name = g_getenv ("TESSERA_TABLE_SPEED_NAME");

  return name != NULL ? name : "1280x800";
}

static void
report (const char  *way,
        const guint *counts,
        guint        limit)
{
  guint max = 0, total = 0;
  g_autoptr(GString) each = g_string_new (NULL);

  for (guint i = 0; i < TURNS; i++)
    {
      max = MAX (max, counts[i]);
      total += counts[i];
      g_string_append_printf (each, "%s%u", i > 0 ? " " : "", counts[i]);
    }
  g_test_message ("%s, %s: %.2f input events a turn on average, at most %u (limit %u); by turn: %s",
                  config_name (), way, (double) total / TURNS, max, limit, each->str);
  g_assert_cmpuint (max, <=, limit);
}

/* By mouse ------------------------------------------------------------------------------------ */

static void
test_by_mouse (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2026);
  TesseraGameView *view;
  TesseraWindow *window = start_game (&view);
  TesseraBoardView *board = tessera_game_view_get_board_view (view);
  guint counts[TURNS];

  for (guint turn = 0; turn < TURNS; turn++)
    {
      TesseraGame *game = tessera_game_view_get_game (view);
      const TesseraBoxEntry *tile = draw_tile (game, rand);
      GtkWidget *button = tessera_tile_palette_get_tile_button (tessera_game_view_get_palette (view), tile->id);
      const TesseraPlacement *placements;
      g_autoptr(GArray) visible = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
      guint n_placements, n_markers, n_events = tessera_game_get_n_events (game);
      TesseraCell cell;
      GdkRectangle bounds;

      tessera_test_input_set_count (0);
      assert_step (view, TESSERA_TURN_DRAW);
      /* The tile, seen in the palette without scrolling. */
      g_assert_nonnull (button);
      tessera_test_input_click (button);
      assert_step (view, TESSERA_TURN_PLACE);

      /* Where it goes: any cell the board shows it may go to. */
      placements = tessera_turn_get_placements (tessera_game_view_get_turn (view), &n_placements);
      for (guint i = 0; i < n_placements; i++)
        if (cell_in_view (board, placements[i].cell))
          g_array_append_val (visible, placements[i].cell);
      g_assert_cmpuint (visible->len, >, 0);
      cell = g_array_index (visible, TesseraCell, g_rand_int_range (rand, 0, (int) visible->len));
      g_assert_true (tessera_board_view_get_cell_bounds (board, cell, &bounds));
      tessera_test_input_click_at (GTK_WIDGET (board), bounds.x + bounds.width / 2.0, bounds.y + bounds.height / 2.0, 1);
      g_assert_cmpint (step_of (view), !=, TESSERA_TURN_PLACE);

      /* A follower on a spot of the tile, or none. */
      tessera_turn_get_choices (tessera_game_view_get_turn (view), &n_markers);
      if (step_of (view) == TESSERA_TURN_ACTION)
        {
          assert_spots_apart (view);
          if (n_markers > 0 && g_rand_boolean (rand))
            {
              double x, y, r;
              guint index = (guint) g_rand_int_range (rand, 0, (int) n_markers);

              g_assert_true (tessera_board_view_get_marker_point (board, index, &x, &y, &r));
              tessera_test_input_click_at (GTK_WIDGET (board), x, y, 1);
            }
          else
            tessera_test_input_click (tessera_test_input_find_action_button (GTK_WIDGET (view), "game.skip"));
        }
      if (turn == 0)
        {
          g_autofree char *name = g_strdup_printf ("screenshot-table-speed-%s.png", config_name ());

          tessera_test_save_screenshot (GTK_WIDGET (window), name);
        }
      assert_step (view, TESSERA_TURN_CONFIRM);

      tessera_test_input_click (tessera_test_input_find_action_button (GTK_WIDGET (view), "game.confirm"));
      g_assert_cmpuint (tessera_game_get_n_events (tessera_game_view_get_game (view)), ==, n_events + 1);
      counts[turn] = tessera_test_input_get_count ();
    }
  report ("by mouse", counts, MAX_CLICKS);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* By keyboard --------------------------------------------------------------------------------- */

static const KeySym arrows[] = { XK_Left, XK_Right, XK_Up, XK_Down };

static void
test_by_keyboard (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2027);
  TesseraGameView *view;
  TesseraWindow *window = start_game (&view);
  guint counts[TURNS];

  for (guint turn = 0; turn < TURNS; turn++)
    {
      TesseraGame *game = tessera_game_view_get_game (view);
      const TesseraBoxEntry *tile = draw_tile (game, rand);
      guint n_markers, n_events = tessera_game_get_n_events (game);
      g_autofree char *lower = g_ascii_strdown (tile->id, -1);

      tessera_test_input_set_count (0);
      assert_step (view, TESSERA_TURN_DRAW);
      /* The keyboard is in the tile search: its id, and Enter takes the single match. */
      tessera_test_input_press_key (XStringToKeysym (lower), 0);
      tessera_test_input_press_key (XK_Return, 0);
      assert_step (view, TESSERA_TURN_PLACE);
      g_assert_cmpstr (tessera_turn_get_entry (tessera_game_view_get_turn (view))->id, ==, tile->id);

      /* On every other turn, one arrow to another cell; Enter puts the tile down. */
      if (turn % 2 == 1)
        tessera_test_input_press_key (arrows[g_rand_int_range (rand, 0, 4)], 0);
      tessera_test_input_press_key (XK_Return, 0);
      g_assert_cmpint (step_of (view), !=, TESSERA_TURN_PLACE);

      if (step_of (view) == TESSERA_TURN_ACTION)
        {
          tessera_turn_get_choices (tessera_game_view_get_turn (view), &n_markers);
          assert_spots_apart (view);

          /* Escape goes back a step at a time and never leaves the game: to the placing, and
           * Enter puts the tile down again where it was. */
          if (turn == 3)
            {
              guint saved = tessera_test_input_get_count ();

              tessera_test_input_press_key (XK_Escape, 0);
              assert_step (view, TESSERA_TURN_PLACE);
              tessera_test_input_press_key (XK_Escape, 0);
              assert_step (view, TESSERA_TURN_DRAW);
              tessera_test_input_press_key (XK_Escape, 0);
              assert_step (view, TESSERA_TURN_DRAW);
              g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
              tessera_test_input_press_key (XStringToKeysym (lower), 0);
              tessera_test_input_press_key (XK_Return, 0);
              tessera_test_input_press_key (XK_Return, 0);
              assert_step (view, TESSERA_TURN_ACTION);
              /* Not an ordinary turn's events: the steps taken back and again. */
              tessera_test_input_set_count (saved);
            }

          /* A number key for a spot (the first nine are numbered), 0 for none. */
          if (n_markers > 0 && g_rand_boolean (rand))
            tessera_test_input_press_key (XK_1 + (KeySym) g_rand_int_range (rand, 0, (int) MIN (n_markers, 9)), 0);
          else
            tessera_test_input_press_key (XK_0, 0);
        }
      assert_step (view, TESSERA_TURN_CONFIRM);
      /* The keyboard is on Confirm. */
      tessera_test_assert_focus_in (GTK_WIDGET (window), tessera_test_input_find_action_button (GTK_WIDGET (view), "game.confirm"));
      tessera_test_input_press_key (XK_Return, 0);
      g_assert_cmpuint (tessera_game_get_n_events (tessera_game_view_get_game (view)), ==, n_events + 1);
      counts[turn] = tessera_test_input_get_count ();
    }
  report ("by keyboard", counts, MAX_KEYS);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Why not ------------------------------------------------------------------------------------- */

/* The reason shown under the turn's instruction, or NULL while there is none. */
static const char *
shown_refusal (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "refusal"))
    return gtk_widget_get_mapped (widget) ? gtk_label_get_text (GTK_LABEL (widget)) : NULL;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      const char *found = shown_refusal (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
click_cell (TesseraBoardView *board,
            TesseraCell       cell)
{
  GdkRectangle bounds;

  g_assert_true (cell_in_view (board, cell));
  g_assert_true (tessera_board_view_get_cell_bounds (board, cell, &bounds));
  tessera_test_input_click_at (GTK_WIDGET (board), bounds.x + bounds.width / 2.0, bounds.y + bounds.height / 2.0, 1);
}

/* Refused: the turn still asks where the tile goes, and says why (test-ui.c checks that a
 * screen reader is told too: this test runs without the accessibility backend). */
static void
assert_refused (TesseraGameView *view,
                const char      *expected)
{
  assert_step (view, TESSERA_TURN_PLACE);
  g_assert_cmpstr (shown_refusal (GTK_WIDGET (view)), ==, expected);
}

/* A click where the drawn tile cannot go gets the reason at once, next to the turn, in the
 * table's words: a tile lies there, the cell touches no tile, or which side meets which
 * neighbour and whether turning the tile helps. It goes with the next legal move. */
static void
test_why_not (void)
{
  TesseraGameView *view;
  TesseraWindow *window = start_game (&view);
  TesseraBoardView *board = tessera_game_view_get_board_view (view);
  TesseraGame *game = tessera_game_view_get_game (view);
  const TesseraPlacedTile *start = tessera_board_lookup (tessera_game_get_board (game), (TesseraCell) { 0, 0 });
  const char *language = g_getenv ("LANGUAGE");
  gboolean english = language == NULL || *language == '\0';
  g_autofree char *edge_why = NULL;
  g_autofree char *edge = NULL;
  g_autofree char *turned_why = NULL;
  g_autofree char *taken_why = NULL;
  g_autofree char *taken = NULL;
  g_autofree char *detached = NULL;
  g_autofree char *turned = NULL;
  g_autofree char *name = NULL;

  /* The start tile D: city north, road east and west, field south. */
  g_assert_nonnull (start);
  g_assert_cmpstr (start->type->id, ==, "D");
  g_assert_cmpuint (start->rotation, ==, 0);

  /* D drawn, shown with its city east at the cell east of the start tile: turning it fits. A
   * click never meets this (cells where some turn fits are lit and take the click), so the
   * board's signal is given as the board gives it. */
  tessera_test_input_click (tessera_tile_palette_get_tile_button (tessera_game_view_get_palette (view), "D"));
  assert_step (view, TESSERA_TURN_PLACE);
  g_assert_null (shown_refusal (GTK_WIDGET (view)));
  g_signal_emit_by_name (board, "cell-refused", 1, 0, 1u);
  tessera_test_settle (20);
  turned_why = g_strdup_printf (_("its west side is %s, but the tile to the west has %s there"), _("a field"), _("a road"));
  turned = g_strdup_printf (_("Tile %s cannot go there this way round: %s. R or a right click turns the tile."), "D", turned_why);
  assert_refused (view, turned);
  /* Back to the draw: the reason goes with it. */
  tessera_test_input_press_key (XK_Escape, 0);
  assert_step (view, TESSERA_TURN_DRAW);
  g_assert_null (shown_refusal (GTK_WIDGET (view)));

  /* C, all city: no turn of it meets D's road. */
  tessera_test_input_click (tessera_tile_palette_get_tile_button (tessera_game_view_get_palette (view), "C"));
  assert_step (view, TESSERA_TURN_PLACE);
  click_cell (board, (TesseraCell) { 1, 0 });
  edge_why = g_strdup_printf (_("its west side is %s, but the tile to the west has %s there"), _("a city"), _("a road"));
  edge = g_strdup_printf (_("Tile %s cannot go there: %s. No turn of this tile fits here."), "C", edge_why);
  assert_refused (view, edge);
  if (english)
    g_assert_cmpstr (edge, ==, "Tile C cannot go there: its west side is a city, but the tile to the west has a road there. "
                               "No turn of this tile fits here.");
  name = g_strdup_printf ("screenshot-why-not-%s.png", config_name ());
  tessera_test_save_screenshot (GTK_WIDGET (window), name);

  /* On the start tile, and on a cell that meets the board only at a corner. */
  click_cell (board, (TesseraCell) { 0, 0 });
  taken_why = g_strdup_printf (_("tile %s already lies there"), "D");
  taken = g_strdup_printf (_("Tile %s cannot go there: %s."), "C", taken_why);
  assert_refused (view, taken);
  if (english)
    g_assert_cmpstr (taken, ==, "Tile C cannot go there: tile D already lies there.");
  click_cell (board, (TesseraCell) { 1, -1 });
  detached = g_strdup_printf (_("Tile %s cannot go there: %s."), "C",
                              _("the cell touches no tile: a tile must share at least one side with the tiles already placed"));
  assert_refused (view, detached);

  /* North of the start tile's city it goes: the reason is gone. */
  click_cell (board, (TesseraCell) { 0, -1 });
  g_assert_cmpint (step_of (view), !=, TESSERA_TURN_PLACE);
  g_assert_null (shown_refusal (GTK_WIDGET (view)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Fits on click ---------------------------------------------------------------------------------- */

static gboolean
fits_shown (TesseraGameView *view)
{
  GtkPopover *popover = tessera_game_view_get_fits_popover (view);

  return popover != NULL && gtk_widget_get_mapped (GTK_WIDGET (popover));
}

/* The popover's rectangle, in @window's coordinates, where the X server has put it. */
static graphene_rect_t
popover_bounds (GtkPopover *popover,
                GtkWidget  *window)
{
  double pop_sx, pop_sy, win_sx, win_sy;
  int pop_x, pop_y, win_x, win_y;
  Window child;

  XSync (xdisplay, False);
  gtk_native_get_surface_transform (GTK_NATIVE (popover), &pop_sx, &pop_sy);
  gtk_native_get_surface_transform (GTK_NATIVE (window), &win_sx, &win_sy);
  XTranslateCoordinates (xdisplay, gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (popover))),
                         DefaultRootWindow (xdisplay), 0, 0, &pop_x, &pop_y, &child);
  XTranslateCoordinates (xdisplay, gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window))),
                         DefaultRootWindow (xdisplay), 0, 0, &win_x, &win_y, &child);
  return GRAPHENE_RECT_INIT (pop_x + pop_sx - (win_x + win_sx), pop_y + pop_sy - (win_y + win_sy),
                             gtk_widget_get_width (GTK_WIDGET (popover)), gtk_widget_get_height (GTK_WIDGET (popover)));
}

/* What fits in a hole shows when the hole is clicked, never when the pointer merely rests on
 * it (it came up over the tile search while a player typed), and always on the board's side:
 * never over the side panel with the search and the turn card, even beside it, nor over the
 * card under the board of a tablet held upright. */
static void
test_fits_on_click (void)
{
  TesseraGameView *view;
  TesseraWindow *window = start_game (&view);
  TesseraBoardView *board = tessera_game_view_get_board_view (view);
  GtkWidget *palette = GTK_WIDGET (tessera_game_view_get_palette (view));
  /* East of the start tile, beside the side panel, then the others. */
  static const TesseraCell holes[] = { { 1, 0 }, { 0, -1 }, { -1, 0 }, { 0, 1 } };
  graphene_rect_t board_bounds, palette_bounds;

  assert_step (view, TESSERA_TURN_DRAW);
  g_assert_true (tessera_board_view_get_show_aids (board));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (board), GTK_WIDGET (window), &board_bounds));
  g_assert_true (gtk_widget_compute_bounds (palette, GTK_WIDGET (window), &palette_bounds));
  for (guint i = 0; i < G_N_ELEMENTS (holes); i++)
    {
      GdkRectangle bounds;
      graphene_rect_t popover;
      TesseraCell inspected;

      /* The east one always: the others where the board shows them whole. */
      if (i > 0 && !cell_in_view (board, holes[i]))
        continue;
      g_assert_true (cell_in_view (board, holes[i]));
      g_assert_true (tessera_board_view_get_cell_bounds (board, holes[i], &bounds));
      tessera_test_input_move_to (GTK_WIDGET (board), bounds.x + bounds.width / 2.0, bounds.y + bounds.height / 2.0);
      tessera_test_input_wait ();
      tessera_test_settle (800);
      g_assert_false (fits_shown (view));

      tessera_test_input_click_at (GTK_WIDGET (board), bounds.x + bounds.width / 2.0, bounds.y + bounds.height / 2.0, 1);
      for (guint wait = 0; wait < 40 && !fits_shown (view); wait++)
        tessera_test_settle (50);
      g_assert_true (fits_shown (view));
      g_assert_true (tessera_board_view_get_inspected_cell (board, &inspected));
      g_assert_cmpint (inspected.x, ==, holes[i].x);
      g_assert_cmpint (inspected.y, ==, holes[i].y);
      tessera_test_settle (100);
      popover = popover_bounds (tessera_game_view_get_fits_popover (view), GTK_WIDGET (window));
      g_test_message ("%s: hole %d, %d: the popover spans x %.0f to %.0f, y %.0f to %.0f; the board ends at x %.0f, "
                      "y %.0f; the palette starts at x %.0f, y %.0f", config_name (), holes[i].x, holes[i].y,
                      popover.origin.x, popover.origin.x + popover.size.width,
                      popover.origin.y, popover.origin.y + popover.size.height,
                      board_bounds.origin.x + board_bounds.size.width, board_bounds.origin.y + board_bounds.size.height,
                      palette_bounds.origin.x, palette_bounds.origin.y);
      g_assert_cmpfloat (popover.origin.x, >=, board_bounds.origin.x - 1);
      g_assert_cmpfloat (popover.origin.x + popover.size.width, <=, board_bounds.origin.x + board_bounds.size.width + 1);
      /* A phone's board, under 300 pixels high while a tile is drawn, is shorter than the popover:
       * there it covers some of the card under the board, where there is more room. */
      if (popover.size.height <= board_bounds.size.height)
        g_assert_false (graphene_rect_intersection (&popover, &palette_bounds, NULL));
      /* Put away, as a click elsewhere on the board does (here it could land on the popover). */
      gtk_popover_popdown (tessera_game_view_get_fits_popover (view));
      tessera_test_settle (50);
    }
  /* The popover never takes the keyboard: it stays on the board the click put it on. */
  tessera_test_assert_focus_in (GTK_WIDGET (window), GTK_WIDGET (board));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *scratch = NULL;
  g_autofree char *history = NULL;
  int status;

  app = tessera_test_ui_init (&argc, &argv, "test-table-speed", &scratch);
  if (app == NULL)
    return g_test_run ();
  if (!tessera_test_input_init ())
    {
      g_test_skip ("real input events need the X server of xvfb-run");
      return g_test_run ();
    }
  xdisplay = gdk_x11_display_get_xdisplay (gdk_display_get_default ());
  /* No window manager under xvfb: animations run as at a table, with the settings' defaults. */
  g_test_add_func ("/table-speed/by-mouse", test_by_mouse);
  g_test_add_func ("/table-speed/by-keyboard", test_by_keyboard);
  g_test_add_func ("/table-speed/why-not", test_why_not);
  g_test_add_func ("/table-speed/fits-on-click", test_fits_on_click);
  status = g_test_run ();
  g_clear_object (&app);
  history = g_build_filename (scratch, "history.db", NULL);
  tessera_test_remove_history (history);
  g_rmdir (scratch);
  return status;
}
