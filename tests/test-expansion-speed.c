/* test-expansion-speed.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <X11/keysym.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>

#include "tessera-application.h"
#include "tessera-random-game.h"
#include "tessera-test-input.h"
#include "tessera-test-turn.h"
#include "tessera-test-ui.h"
#include "tessera-turn.h"
#include "tessera-turn-words.h"
#include "tessera-window.h"
#include "tessera-wheel.h"

/* The turns the expansions add, entered through real input as the table-speed test enters a
 * base turn: a generated game of the Wheel of Fortune box with The Tower and Mage & Witch for
 * three players is entered move by move, and the first turn of every kind (a crown space, a
 * tower floor with a capture, a tower top, the mage, the witch, the Plague, a crop circle that
 * adds and one that removes, a ransom) goes in by mouse in one pass and by keyboard in another;
 * the moves between go in through the window's actions.
 *
 * Each of those turns is counted, and fails the test when it needs more than 5 clicks or 7 keys
 * plus one for each extra decision the rules ask (each player's Plague choice, each crop-circle
 * move, the follower a tower captures, which of the mage and witch moves). What reaching a place costs is counted apart and not
 * against the limit, as in the base game's test: turning the tile to the recorded rotation (R, a
 * right click), arrows to the recorded cell, the mouse wheel to a tile further down the
 * palette, the second digit of a choice numbered from 10 on, and an id's characters past the
 * first. At every step of those turns the window's
 * minimum size must fit the screen and stay the same, the step's buttons must lie on screen,
 * and before Confirm the board must draw the move: the game it shows must be the game the move
 * makes (followers, crowns, towers, the mage and witch, the scores). */

#define MAX_CLICKS 5
#define MAX_KEYS 7
#define N_PLAYERS 3

static TesseraApplication *app;

typedef enum
{
  KIND_CROWN,
  KIND_TOWER_CAPTURE,
  KIND_TOWER_TOP,
  KIND_MAGE,
  KIND_WITCH,
  KIND_PLAGUE,
  KIND_CROP_ADD,
  KIND_CROP_REMOVE,
  KIND_RANSOM,
  N_KINDS
} TurnKind;

static const char * const kind_names[N_KINDS] = {
  "crown space", "tower floor and capture", "tower top", "mage", "witch", "Plague",
  "crop circle, add", "crop circle, remove", "ransom",
};

static const char * const kind_ids[N_KINDS] = {
  "crown", "capture", "tower-top", "mage", "witch", "plague", "crop-add", "crop-remove", "ransom",
};

static guint
event_kinds (const TesseraEvent *event)
{
  const TesseraEventChoices *choices = event->choices;
  guint kinds = 0;

  if (event->kind == TESSERA_EVENT_RANSOM)
    return 1u << KIND_RANSOM;
  if (event->kind != TESSERA_EVENT_TURN)
    return 0;
  if (event->action == TESSERA_ACTION_CROWN)
    kinds |= 1u << KIND_CROWN;
  if (event->action == TESSERA_ACTION_TOWER && event->has_capture)
    kinds |= 1u << KIND_TOWER_CAPTURE;
  if (event->action == TESSERA_ACTION_TOWER_TOP)
    kinds |= 1u << KIND_TOWER_TOP;
  if (choices != NULL && choices->has_magic)
    kinds |= 1u << (choices->magic_choice.figure == TESSERA_MAGIC_MAGE ? KIND_MAGE : KIND_WITCH);
  if (choices != NULL && choices->has_plague)
    kinds |= 1u << KIND_PLAGUE;
  if (choices != NULL && choices->has_crop)
    kinds |= 1u << (choices->crop_add ? KIND_CROP_ADD : KIND_CROP_REMOVE);
  return kinds;
}

/* The first generated game with a turn of every kind: the game of the test. */
static TesseraRecord *
make_game (void)
{
  static const char * const sets[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };

  for (guint32 seed = 1; seed < 400; seed++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (seed, N_PLAYERS, sets);
      guint kinds = 0;

      for (guint i = 0; i < record->events->len; i++)
        kinds |= event_kinds (g_ptr_array_index (record->events, i));
      if (kinds == (1u << N_KINDS) - 1)
        {
          g_test_message ("the game of seed %u has a turn of every kind", seed);
          return g_steal_pointer (&record);
        }
    }
  g_assert_not_reached ();
}

static const char *
config_name (void)
{
  const char *name = g_getenv ("TESSERA_TABLE_SPEED_NAME");

  return name != NULL ? name : "1280x800";
}

/* The table ------------------------------------------------------------------------------------ */

typedef struct
{
  TesseraWindow   *window;
  TesseraGameView *view;
  gboolean         real;          /* real input, counted; else the window's actions */
  gboolean         by_keyboard;
  guint            moving;        /* arrows, wheel notches, Tab, a choice's second digit */
  guint            turning;       /* R, right clicks */
  guint            typing;        /* an id's characters past the first */
  guint            extra;         /* the decisions the rules add */
  int              min_width;     /* the window's minimum at the first step measured */
  int              min_height;
  const TesseraEvent *event;      /* the move being entered */
  gboolean         check_every_step;  /* through the actions too */
} Table;

static TesseraTurn *
turn_of (Table *table)
{
  return tessera_game_view_get_turn (table->view);
}

static TesseraTurnStep
step_of (Table *table)
{
  return tessera_turn_get_step (turn_of (table));
}

static void check_step (Table *table);

static void
activate (Table      *table,
          const char *action,
          GVariant   *parameter)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (table->view), action, parameter));
  if (table->check_every_step)
    {
      tessera_test_settle (30);
      check_step (table);
    }
}

static void
collect_action_buttons (GtkWidget  *widget,
                        const char *action,
                        GPtrArray  *found)
{
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_action_buttons (child, action, found);
}

/* The shown button of @action with @target. */
static GtkWidget *
find_button (Table      *table,
             const char *action,
             GVariant   *target)
{
  g_autoptr(GVariant) sunk = g_variant_ref_sink (target);
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  collect_action_buttons (GTK_WIDGET (table->window), action, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      GVariant *value = gtk_actionable_get_action_target_value (buttons->pdata[i]);

      if (value != NULL && g_variant_equal (value, sunk))
        return buttons->pdata[i];
    }
  return NULL;
}

/* Every step fits the screen: the window's minimum size is within it and the same at every step,
 * and the step's buttons lie wholly on screen, never under the bottom edge. */
static void
check_step (Table *table)
{
  static const char * const actions[] = { "game.back", "game.skip", "game.confirm", "game.mode", "game.figure", "game.crop" };
  GtkWidget *window = GTK_WIDGET (table->window);
  GdkRectangle screen;
  int min_width, min_height;

  tessera_test_input_get_screen (&screen);
  gtk_widget_measure (window, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  gtk_widget_measure (window, GTK_ORIENTATION_VERTICAL, min_width, &min_height, NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, screen.width);
  g_assert_cmpint (min_height, <=, screen.height);
  if (table->min_width == 0)
    {
      table->min_width = min_width;
      table->min_height = min_height;
    }
  g_assert_cmpint (min_width, ==, table->min_width);
  g_assert_cmpint (min_height, ==, table->min_height);

  for (guint a = 0; a < G_N_ELEMENTS (actions); a++)
    {
      g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

      collect_action_buttons (GTK_WIDGET (table->view), actions[a], buttons);
      for (guint i = 0; i < buttons->len; i++)
        if (!tessera_test_input_is_on_screen (buttons->pdata[i]))
          {
            g_test_message ("%s: a button of %s is not wholly on screen at step %d", config_name (), actions[a],
                            step_of (table));
            g_assert_not_reached ();
          }
    }
}

/* A switch of the step (figure, mode, crop) by its button: a click, or the keyboard on it. */
static void
press_switch (Table      *table,
              const char *action,
              GVariant   *target)
{
  GtkWidget *button = find_button (table, action, target);

  g_assert_nonnull (button);
  if (table->by_keyboard)
    {
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (table->window));

      /* Where the step left the keyboard on the switch's neighbour, Tab to it and Space;
       * else its mnemonic with Alt. */
      if (focus != NULL && focus != button && gtk_widget_get_parent (focus) == gtk_widget_get_parent (button))
        {
          tessera_test_input_press_key (XK_Tab, 0);
          table->moving++;
          focus = gtk_root_get_focus (GTK_ROOT (table->window));
        }
      if (focus == button)
        tessera_test_input_press_key (XK_space, 0);
      else
        {
          const char *underline = strchr (gtk_button_get_label (GTK_BUTTON (button)), '_');
          char key[2] = { 0, 0 };

          g_assert_nonnull (underline);
          key[0] = g_ascii_tolower (underline[1]);
          tessera_test_input_press_key (XStringToKeysym (key), GDK_ALT_MASK);
        }
    }
  else
    tessera_test_input_click (button);
  check_step (table);
}

/* Whether @widget is shown whole inside the scrolled window around it. */
static gboolean
in_scroller_view (GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  if (scroller == NULL)
    return tessera_test_input_is_on_screen (widget);
  return gtk_widget_compute_bounds (widget, scroller, &bounds) && bounds.origin.y >= 0
         && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scroller) + 0.5
         && tessera_test_input_is_on_screen (scroller);
}

/* The mouse wheel over @widget's scrolled window until @widget is shown whole. */
static void
scroll_into_view (Table     *table,
                  GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);

  for (guint i = 0; i < 60 && !in_scroller_view (widget); i++)
    {
      graphene_rect_t bounds;

      g_assert_nonnull (scroller);
      g_assert_true (gtk_widget_compute_bounds (widget, scroller, &bounds));
      tessera_test_input_scroll (scroller, bounds.origin.y < 0 ? -1 : 1);
      table->moving++;
      tessera_test_input_wait_until_still (widget);
    }
  g_assert_true (in_scroller_view (widget));
}

/* The turn's questions, answered as a person does -------------------------------------------- */

static void
table_choose_tile (gpointer               data,
                   const TesseraBoxEntry *entry)
{
  Table *table = data;

  if (!table->real)
    {
      activate (table, "game.choose-tile", g_variant_new_string (entry->id));
      return;
    }
  check_step (table);
  if (table->by_keyboard)
    {
      guint typed = 0;

      /* The id as the search takes it: letters and digits, in lower case. */
      for (const char *c = entry->id; *c != '\0'; c++)
        if (g_ascii_isalnum (*c))
          {
            char key[2] = { g_ascii_tolower (*c), 0 };

            tessera_test_input_press_key (XStringToKeysym (key), 0);
            typed++;
          }
      table->typing += typed - 1;
      tessera_test_input_press_key (XK_Return, 0);
    }
  else
    {
      GtkWidget *button = tessera_tile_palette_get_tile_button (tessera_game_view_get_palette (table->view), entry->id);

      g_assert_nonnull (button);
      scroll_into_view (table, button);
      tessera_test_input_click (button);
    }
  /* A loaded machine may answer after the wait for the input. */
  for (guint i = 0; i < 40 && tessera_turn_get_entry (turn_of (table)) != entry; i++)
    tessera_test_settle (50);
  if (tessera_turn_get_entry (turn_of (table)) != entry)
    {
      g_autofree char *name = g_strdup_printf ("screenshot-expansion-missed-%s.png", config_name ());

      /* What the click met: a refusal says another tile was taken, the picture what lay where. */
      g_test_message ("%s: tile %s was asked for, the turn has %s at step %d; the palette says: %s", config_name (),
                      entry->id,
                      tessera_turn_get_entry (turn_of (table)) != NULL ? tessera_turn_get_entry (turn_of (table))->id : "none",
                      step_of (table), tessera_tile_palette_get_refusal (tessera_game_view_get_palette (table->view)));
      tessera_test_save_screenshot (GTK_WIDGET (table->window), name);
    }
  g_assert_true (tessera_turn_get_entry (turn_of (table)) == entry);
  check_step (table);
}

static guint
placed_rotation (Table *table)
{
  guint rotation;

  g_assert_true (tessera_turn_get_placement (turn_of (table), NULL, &rotation));
  return rotation;
}

/* Where an arrow takes the board's cursor while a tile is placed: the nearest cell the tile may
 * go to in that direction, sideways distance weighing double (as the board view moves it). */
static gboolean
arrow_target (const GArray *cells,
              TesseraCell   from,
              int           dx,
              int           dy,
              TesseraCell  *found)
{
  double best = G_MAXDOUBLE;

  for (guint i = 0; i < cells->len; i++)
    {
      TesseraCell c = g_array_index (cells, TesseraCell, i);
      int along = (c.x - from.x) * dx + (c.y - from.y) * dy;
      int across = ABS ((c.x - from.x) * dy - (c.y - from.y) * dx);

      if (along > 0 && along + 2.0 * across < best)
        {
          best = along + 2.0 * across;
          *found = c;
        }
    }
  return best < G_MAXDOUBLE;
}

/* The fewest arrow keys from the cursor to @target, as a player looking at the board finds them. */
static GArray *
plan_arrows (Table      *table,
             TesseraCell target)
{
  static const struct { int dx, dy; KeySym key; } moves[] = {
    { -1, 0, XK_Left }, { 1, 0, XK_Right }, { 0, -1, XK_Up }, { 0, 1, XK_Down },
  };
  guint n_placements;
  const TesseraPlacement *placements = tessera_turn_get_placements (turn_of (table), &n_placements);
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
  g_autoptr(GArray) came_from = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) by_key = g_array_new (FALSE, FALSE, sizeof (KeySym));
  GArray *path = g_array_new (FALSE, FALSE, sizeof (KeySym));
  TesseraCell start;
  guint start_index = G_MAXUINT, target_index = G_MAXUINT;
  g_autoptr(GQueue) queue = g_queue_new ();

  for (guint i = 0; i < n_placements; i++)
    {
      gboolean known = FALSE;

      for (guint j = 0; j < cells->len; j++)
        known |= g_array_index (cells, TesseraCell, j).x == placements[i].cell.x
                 && g_array_index (cells, TesseraCell, j).y == placements[i].cell.y;
      if (!known)
        g_array_append_val (cells, placements[i].cell);
    }
  g_assert_true (tessera_board_view_get_cursor (tessera_game_view_get_board_view (table->view), &start));
  g_array_set_size (came_from, cells->len);
  g_array_set_size (by_key, cells->len);
  for (guint i = 0; i < cells->len; i++)
    {
      TesseraCell c = g_array_index (cells, TesseraCell, i);

      g_array_index (came_from, int, i) = -1;
      if (c.x == start.x && c.y == start.y)
        start_index = i;
      if (c.x == target.x && c.y == target.y)
        target_index = i;
    }
  g_assert_cmpuint (start_index, !=, G_MAXUINT);
  g_assert_cmpuint (target_index, !=, G_MAXUINT);
  g_array_index (came_from, int, start_index) = (int) start_index;
  g_queue_push_tail (queue, GUINT_TO_POINTER (start_index));
  while (!g_queue_is_empty (queue))
    {
      guint at = GPOINTER_TO_UINT (g_queue_pop_head (queue));

      for (guint m = 0; m < G_N_ELEMENTS (moves); m++)
        {
          TesseraCell next;

          if (!arrow_target (cells, g_array_index (cells, TesseraCell, at), moves[m].dx, moves[m].dy, &next))
            continue;
          for (guint j = 0; j < cells->len; j++)
            if (g_array_index (cells, TesseraCell, j).x == next.x && g_array_index (cells, TesseraCell, j).y == next.y
                && g_array_index (came_from, int, j) < 0)
              {
                g_array_index (came_from, int, j) = (int) at;
                g_array_index (by_key, KeySym, j) = moves[m].key;
                g_queue_push_tail (queue, GUINT_TO_POINTER (j));
              }
        }
    }
  g_assert_cmpint (g_array_index (came_from, int, target_index), >=, 0);
  for (guint at = target_index; at != start_index; at = (guint) g_array_index (came_from, int, at))
    g_array_prepend_val (path, g_array_index (by_key, KeySym, at));
  return path;
}

static void
table_place (gpointer    data,
             TesseraCell cell,
             guint       rotation)
{
  Table *table = data;
  TesseraBoardView *board = tessera_game_view_get_board_view (table->view);

  if (!table->real)
    {
      activate (table, "game.place", g_variant_new ("(iiu)", cell.x, cell.y, rotation * 90));
      return;
    }
  tessera_test_input_wait_for_board (board);
  if (table->by_keyboard)
    {
      /* Arrows to the cell, the fewest the board's cursor needs, then Enter. */
      g_autoptr(GArray) arrows = plan_arrows (table, cell);

      for (guint i = 0; i < arrows->len; i++)
        {
          tessera_test_input_press_key (g_array_index (arrows, KeySym, i), 0);
          table->moving++;
        }
      {
        TesseraCell at;

        g_assert_true (tessera_board_view_get_cursor (board, &at));
        g_assert_cmpint (at.x, ==, cell.x);
        g_assert_cmpint (at.y, ==, cell.y);
      }
      tessera_test_input_press_key (XK_Return, 0);
    }
  else
    {
      GdkRectangle bounds;

      g_assert_true (tessera_board_view_get_cell_bounds (board, cell, &bounds));
      g_assert_cmpint (bounds.x, >=, 0);
      g_assert_cmpint (bounds.y, >=, 0);
      g_assert_cmpint (bounds.x + bounds.width, <=, gtk_widget_get_width (GTK_WIDGET (board)));
      g_assert_cmpint (bounds.y + bounds.height, <=, gtk_widget_get_height (GTK_WIDGET (board)));
      tessera_test_input_click_at (GTK_WIDGET (board), bounds.x + bounds.width / 2.0, bounds.y + bounds.height / 2.0, 1);
    }
  g_assert_cmpint (step_of (table), !=, TESSERA_TURN_PLACE);
  {
    TesseraCell placed;

    g_assert_true (tessera_turn_get_placement (turn_of (table), &placed, NULL));
    g_assert_cmpint (placed.x, ==, cell.x);
    g_assert_cmpint (placed.y, ==, cell.y);
  }
  /* A tile that looks the same half turned round is offered in one of the two rotations. */
  if ((tessera_turn_get_rotations_at (turn_of (table), cell) & (1u << rotation)) == 0)
    rotation = (rotation + 2) & 3;
  g_assert_true (tessera_turn_get_rotations_at (turn_of (table), cell) & (1u << rotation));
  /* Turned as the record says: R or a right click on the tile, a quarter turn each. */
  for (guint i = 0; i < 4 && placed_rotation (table) != rotation; i++)
    {
      if (table->by_keyboard)
        tessera_test_input_press_key (XK_r, 0);
      else
        {
          GdkRectangle bounds;

          tessera_test_input_wait_for_board (board);
          g_assert_true (tessera_board_view_get_cell_bounds (board, cell, &bounds));
          tessera_test_input_click_at (GTK_WIDGET (board), bounds.x + bounds.width / 2.0, bounds.y + bounds.height / 2.0, 3);
        }
      table->turning++;
    }
  g_assert_cmpuint (placed_rotation (table), ==, rotation);
  check_step (table);
}

static void
table_set_figure (gpointer           data,
                  TesseraMagicFigure figure)
{
  Table *table = data;
  const char *name = figure == TESSERA_MAGIC_MAGE ? "mage" : "witch";

  if (!table->real)
    activate (table, "game.figure", g_variant_new_string (name));
  else if (tessera_turn_get_figure (turn_of (table)) != figure)
    press_switch (table, "game.figure", g_variant_new_string (name));
  g_assert_cmpint (tessera_turn_get_figure (turn_of (table)), ==, figure);
}

static void
table_set_mode (gpointer        data,
                TesseraTurnMode mode)
{
  Table *table = data;
  const char *name = mode == TESSERA_TURN_MODE_TOWER ? "tower" : mode == TESSERA_TURN_MODE_TOWER_TOP ? "tower-top" : "follower";

  if (!table->real)
    activate (table, "game.mode", g_variant_new_string (name));
  else if (tessera_turn_get_mode (turn_of (table)) != mode)
    press_switch (table, "game.mode", g_variant_new_string (name));
  g_assert_cmpint (tessera_turn_get_mode (turn_of (table)), ==, mode);
}

/* Whether the rules ask this step on top of an ordinary turn's: a player's Plague choice or
 * crop-circle move, the follower a new tower floor captures, and with the mage or witch's new
 * place which of the two moves (the figure's switch, when it is not the one offered first). */
static gboolean
is_extra_decision (TesseraTurnStep step)
{
  return step == TESSERA_TURN_PLAGUE || step == TESSERA_TURN_CROP_MOVE || step == TESSERA_TURN_CAPTURE
         || step == TESSERA_TURN_MAGIC;
}

/* The number a choice has in the turn card's list (its key), or 0 when the list does not show it. */
static guint
choice_number (Table *table,
               guint  index,
               guint *n_listed)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  collect_action_buttons (GTK_WIDGET (table->view), "game.choose-marker", buttons);
  *n_listed = buttons->len;
  for (guint i = 0; i < buttons->len; i++)
    if (g_variant_get_uint32 (gtk_actionable_get_action_target_value (buttons->pdata[i])) == index)
      return i + 1;
  return 0;
}

static void
table_choose_marker (gpointer data,
                     guint    index)
{
  Table *table = data;
  TesseraBoardView *board = tessera_game_view_get_board_view (table->view);
  TesseraTurnStep step;
  guint n_events_before;
  double x, y, r;

  if (!table->real)
    {
      activate (table, "game.choose-marker", g_variant_new_uint32 (index));
      return;
    }
  step = step_of (table);
  table->extra += is_extra_decision (step);
  n_events_before = tessera_test_input_get_count ();
  tessera_test_input_wait_for_board (board);
  if (table->by_keyboard)
    {
      guint n_listed;
      guint number = choice_number (table, index, &n_listed);
      g_autofree char *digits = g_strdup_printf ("%u", number);

      if (number == 0)
        {
          g_test_message ("%s: choice %u of step %d is not in the turn card's list", config_name (), index, step);
          g_assert_not_reached ();
        }
      /* Its button says all of it, with its key, to a pointer resting on it and a screen reader. */
      {
        g_autofree char *sentence = tessera_turn_describe_choice_fully (turn_of (table), index);
        g_autofree char *expected = g_strdup_printf (_("%s (key %u)"), sentence, number);
        GtkWidget *button = find_button (table, "game.choose-marker", g_variant_new_uint32 (index));

        g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, expected);
      }
      /* A choice numbered from 10 on takes a second digit: counted with the arrows, as the
       * way to a choice rather than a decision of its own. */
      table->moving += (guint) strlen (digits) - 1;
      for (const char *c = digits; *c != '\0'; c++)
        {
          char key[2] = { *c, 0 };

          tessera_test_input_press_key (XStringToKeysym (key), 0);
        }
      /* One digit that could begin a two-digit number waits a moment for the next key. */
      if (number < 10 && number * 10 <= n_listed)
        tessera_test_settle (1000);
    }
  else if (tessera_board_view_get_marker_point (board, index, &x, &y, &r) && x - r >= 0 && y - r >= 0
           && x + r <= gtk_widget_get_width (GTK_WIDGET (board)) && y + r <= gtk_widget_get_height (GTK_WIDGET (board)))
    tessera_test_input_click_at (GTK_WIDGET (board), x, y, 1);
  else
    {
      GtkWidget *button = find_button (table, "game.choose-marker", g_variant_new_uint32 (index));

      g_assert_nonnull (button);
      scroll_into_view (table, button);
      tessera_test_input_click (button);
    }
  g_assert_cmpuint (tessera_test_input_get_count (), >, n_events_before);
  check_step (table);
}

static void
table_skip (gpointer data)
{
  Table *table = data;

  if (!table->real)
    {
      activate (table, "game.skip", NULL);
      return;
    }
  table->extra += is_extra_decision (step_of (table));
  if (table->by_keyboard)
    tessera_test_input_press_key (XK_0, 0);
  else
    tessera_test_input_click (tessera_test_input_find_action_button (GTK_WIDGET (table->view), "game.skip"));
  check_step (table);
}

static void
table_choose_crop (gpointer data,
                   gboolean add)
{
  Table *table = data;

  if (!table->real)
    activate (table, "game.crop", g_variant_new_boolean (add));
  else
    press_switch (table, "game.crop", g_variant_new_boolean (add));
  g_assert_cmpint (tessera_turn_get_crop_add (turn_of (table)), ==, add);
}

static const TesseraTestTurnDriver table_driver = {
  table_choose_tile,
  table_place,
  table_set_figure,
  table_set_mode,
  table_choose_marker,
  table_skip,
  table_choose_crop,
};

/* Before Confirm ------------------------------------------------------------------------------- */

/* The board draws the move before it is confirmed: the game it shows is the game the move makes,
 * piece for piece, and what the move puts down is marked. */
static void
assert_move_drawn (Table              *table,
                   TesseraGame        *game,
                   const TesseraEvent *event)
{
  TesseraBoardView *board = tessera_game_view_get_board_view (table->view);
  TesseraGame *shown = tessera_board_view_get_shown_game (board);
  g_autoptr(TesseraGame) after = tessera_game_copy (game);
  g_autoptr(GError) error = NULL;
  /* The move as entered: a tile that looks the same half turned round may lie the other way
   * round from the record's, its spots numbered otherwise. */
  g_autoptr(TesseraEvent) copy = tessera_turn_build_event (turn_of (table));
  const TesseraPiece *pieces_shown, *pieces_after;
  guint n_shown, n_after, n_changes = 0;
  GArray *towers_shown, *towers_after;

  g_assert_true (tessera_game_apply (after, copy, &error));
  g_assert_no_error (error);
  g_assert_nonnull (shown);
  g_assert_true (shown != game);

  pieces_shown = tessera_game_get_pieces (shown, &n_shown);
  pieces_after = tessera_game_get_pieces (after, &n_after);
  g_assert_cmpuint (n_shown, ==, n_after);
  for (guint i = 0; i < n_after; i++)
    {
      g_assert_cmpuint (pieces_shown[i].player, ==, pieces_after[i].player);
      g_assert_cmpuint (pieces_shown[i].segment, ==, pieces_after[i].segment);
      g_assert_cmpint (pieces_shown[i].cell.x, ==, pieces_after[i].cell.x);
      g_assert_cmpint (pieces_shown[i].cell.y, ==, pieces_after[i].cell.y);
    }
  if (tessera_game_has_tower (game))
    {
      towers_shown = tessera_game_get_towers (shown);
      towers_after = tessera_game_get_towers (after);
      g_assert_cmpuint (towers_shown->len, ==, towers_after->len);
      for (guint i = 0; i < towers_after->len; i++)
        {
          const TesseraTower *a = &g_array_index (towers_shown, TesseraTower, i);
          const TesseraTower *b = &g_array_index (towers_after, TesseraTower, i);

          g_assert_cmpuint (a->height, ==, b->height);
          g_assert_cmpint (a->top, ==, b->top);
        }
    }
  if (tessera_game_has_magic (game))
    for (guint figure = TESSERA_MAGIC_MAGE; figure <= TESSERA_MAGIC_WITCH; figure++)
      g_assert_cmpint (tessera_game_get_magic_segment (shown, figure), ==, tessera_game_get_magic_segment (after, figure));
  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    g_assert_cmpint (tessera_game_get_score (shown, p), ==, tessera_game_get_score (after, p));

  /* A follower put down or captured is marked as the move's. */
  if (tessera_game_get_wheel (game) != NULL)
    g_assert_cmpuint (tessera_game_get_pig (shown), ==, tessera_game_get_pig (after));
  if (event->action == TESSERA_ACTION_CROWN)
    {
      guint segment, space;

      g_assert_true (tessera_wheel_parse_crown (tessera_game_get_wheel (game), event->crown, &segment, &space));
      g_assert_cmpint (tessera_game_get_crown_occupant (shown, segment, space), ==, event->player);
    }
  tessera_board_view_get_preview (board, &n_changes);
  /* (A crown and a tower's floor or top are marked from the preview's crowns and towers.) */
  if (event->action == TESSERA_ACTION_FOLLOWER || event->has_capture)
    g_assert_cmpuint (n_changes, >, 0);
}

/* Entering the game ------------------------------------------------------------------------------ */

typedef struct
{
  guint total;
  guint moving;
  guint turning;
  guint typing;
  guint extra;
  guint limit;
  guint move;     /* its number in the game, from 1 */
} Count;

/* Confirms the turn entered: Enter on Confirm, or a click on it. */
static void
confirm (Table *table)
{
  if (!table->real)
    {
      activate (table, "game.confirm", NULL);
      return;
    }
  check_step (table);
  if (table->by_keyboard)
    {
      GtkWidget *button = tessera_test_input_find_action_button (GTK_WIDGET (table->view), "game.confirm");
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (table->window));

      /* Enter where the keyboard is on Confirm; Ctrl+Enter anywhere else. */
      tessera_test_input_press_key (XK_Return, focus != NULL && (focus == button || gtk_widget_is_ancestor (focus, button))
                                                ? 0 : GDK_CONTROL_MASK);
    }
  else
    tessera_test_input_click (tessera_test_input_find_action_button (GTK_WIDGET (table->view), "game.confirm"));
}

/* A ransom: a click on its button (the first, the turn card's), or Shift+Tab to it and Space. */
static void
pay_ransom (Table              *table,
            const TesseraEvent *event)
{
  GtkWidget *button;

  if (!table->real)
    {
      activate (table, "game.ransom", g_variant_new ("(uu)", (guint) event->player, (guint) event->from));
      return;
    }
  button = find_button (table, "game.ransom", g_variant_new ("(uu)", (guint) event->player, (guint) event->from));
  g_assert_nonnull (button);
  if (table->by_keyboard)
    {
      /* From the tile search, Shift+Tab to the turn card's button above it. */
      for (guint i = 0; i < 60 && gtk_root_get_focus (GTK_ROOT (table->window)) != button; i++)
        {
          tessera_test_input_press_key (XK_Tab, GDK_SHIFT_MASK);
          table->moving++;
        }
      g_assert_true (gtk_root_get_focus (GTK_ROOT (table->window)) == button);
      tessera_test_input_press_key (XK_space, 0);
    }
  else
    {
      g_autofree char *name = g_strdup_printf ("screenshot-expansion-ransom-%s.png", config_name ());

      tessera_test_save_screenshot (GTK_WIDGET (table->window), name);
      scroll_into_view (table, button);
      tessera_test_input_click (button);
    }
}

/* A score correction, through its dialog. */
static void
correct_score (Table              *table,
               const TesseraEvent *event)
{
  AdwMessageDialog *adjust;

  activate (table, "game.adjust", NULL);
  adjust = ADW_MESSAGE_DIALOG (tessera_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  gtk_drop_down_set_selected (g_object_get_data (G_OBJECT (adjust), "who"), (guint) event->player);
  gtk_spin_button_set_value (g_object_get_data (G_OBJECT (adjust), "points"), event->points);
  gtk_editable_set_text (g_object_get_data (G_OBJECT (adjust), "reason"), event->reason);
  adw_message_dialog_response (adjust, "correct");
}

static void
enter_game (gboolean by_keyboard,
            Count    counts[N_KINDS])
{
  g_autoptr(TesseraRecord) record = make_game ();
  Table table = { 0 };
  guint measured = 0;

  table.by_keyboard = by_keyboard;
  table.window = tessera_test_input_start_game (app, record);
  table.view = tessera_window_get_game_view (table.window);

  for (guint i = 0; i < record->events->len && measured != (1u << N_KINDS) - 1; i++)
    {
      const TesseraEvent *event = g_ptr_array_index (record->events, i);
      TesseraGame *game = tessera_game_view_get_game (table.view);
      guint kinds = event_kinds (event) & ~measured;
      guint n_events = tessera_game_get_n_events (game);

      table.real = kinds != 0;
      table.moving = table.turning = table.typing = table.extra = 0;
      table.event = event;
      tessera_test_input_set_count (0);
      /* The moves between go in at once: what they changed is drawn before a measured one. */
      if (table.real)
        tessera_test_settle (300);

      switch (event->kind)
        {
        case TESSERA_EVENT_TURN:
        case TESSERA_EVENT_DISCARD:
          {
            g_autoptr(TesseraGame) before = tessera_game_copy (game);

            tessera_test_enter_turn (&table_driver, &table, turn_of (&table), game, event);
            if (table.real)
              {
                tessera_test_input_wait_for_board (tessera_game_view_get_board_view (table.view));
                assert_move_drawn (&table, before, event);
                if (!by_keyboard)
                  for (guint k = 0; k < N_KINDS; k++)
                    if (kinds & (1u << k))
                      {
                        g_autofree char *name = g_strdup_printf ("screenshot-expansion-%s-%s.png", kind_ids[k], config_name ());

                        tessera_test_save_screenshot (GTK_WIDGET (table.window), name);
                      }
              }
            confirm (&table);
          }
          break;

        case TESSERA_EVENT_RANSOM:
          pay_ransom (&table, event);
          break;

        case TESSERA_EVENT_ADJUST:
          correct_score (&table, event);
          break;

        default:
          g_assert_not_reached ();
        }
      g_assert_cmpuint (tessera_game_get_n_events (tessera_game_view_get_game (table.view)), ==, n_events + 1);

      if (table.real)
        {
          Count count = {
            .total = tessera_test_input_get_count (),
            .moving = table.moving,
            .turning = table.turning,
            .typing = table.typing,
            .extra = table.extra,
            .limit = (by_keyboard ? MAX_KEYS : MAX_CLICKS) + table.extra,
            .move = i + 1,
          };

          for (guint k = 0; k < N_KINDS; k++)
            if (kinds & (1u << k))
              counts[k] = count;
          measured |= kinds;
          check_step (&table);
        }
    }
  g_assert_cmpuint (measured, ==, (1u << N_KINDS) - 1);
  gtk_window_destroy (GTK_WINDOW (table.window));
  tessera_test_settle (50);
}

static void
report (const char  *way,
        const Count *counts)
{
  for (guint k = 0; k < N_KINDS; k++)
    {
      const Count *c = &counts[k];
      guint decisions = c->total - c->moving - c->turning - c->typing;

      g_test_message ("%s, %s, %s (move %u): %u input events: %u for the turn's decisions (limit %u, %u of them "
                      "extra decisions), %u to turn the tile, %u to get there (arrows, wheel, Tab, a second digit), %u more id characters",
                      config_name (), way, kind_names[k], c->move, c->total, decisions, c->limit, c->extra, c->turning,
                      c->moving, c->typing);
    }
  for (guint k = 0; k < N_KINDS; k++)
    {
      const Count *c = &counts[k];

      /* A ransom is no turn: one click or key pays it, however it is reached. */
      if (k == KIND_RANSOM)
        g_assert_cmpuint (c->total - c->moving, ==, 1);
      else
        g_assert_cmpuint (c->total - c->moving - c->turning - c->typing, <=, c->limit);
    }
}

/* Five players, every set: the first 40 moves through the window's actions, every step of
 * them checked as the measured turns are (the minimum size fits the screen and stays the same,
 * the step's buttons on screen). Five rows of scores and prisoners must not push them off. */
static void
test_five_players_fit (void)
{
  static const char * const sets[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
  g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (5, 5, sets);
  Table table = { 0 };

  table.window = tessera_test_input_start_game (app, record);
  table.view = tessera_window_get_game_view (table.window);
  table.check_every_step = TRUE;
  for (guint i = 0; i < MIN (40, record->events->len); i++)
    {
      const TesseraEvent *event = g_ptr_array_index (record->events, i);
      TesseraGame *game = tessera_game_view_get_game (table.view);

      if (event->kind == TESSERA_EVENT_TURN || event->kind == TESSERA_EVENT_DISCARD)
        {
          tessera_test_enter_turn (&table_driver, &table, turn_of (&table), game, event);
          activate (&table, "game.confirm", NULL);
        }
      else if (event->kind == TESSERA_EVENT_RANSOM)
        activate (&table, "game.ransom", g_variant_new ("(uu)", (guint) event->player, (guint) event->from));
      else if (event->kind == TESSERA_EVENT_ADJUST)
        correct_score (&table, event);
      else
        break;
      g_assert_cmpuint (tessera_game_get_n_events (tessera_game_view_get_game (table.view)), ==, i + 1);
    }
  g_test_message ("%s: five players, every step of 40 moves: the window's minimum is %d x %d", config_name (),
                  table.min_width, table.min_height);
  {
    g_autofree char *name = g_strdup_printf ("screenshot-five-players-%s.png", config_name ());

    tessera_test_save_screenshot (GTK_WIDGET (table.window), name);
  }
  gtk_window_destroy (GTK_WINDOW (table.window));
  tessera_test_settle (50);
}

static GtkWidget *
find_menu_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_widget_get_mapped (widget)
      && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)) != NULL
      && g_strcmp0 (gtk_widget_get_tooltip_text (widget), _("Main Menu")) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_menu_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The game's main menu fits under its button on the screen: every item can be reached. */
static void
test_menu_fits (void)
{
  g_autoptr(TesseraRecord) record = make_game ();
  TesseraWindow *window = tessera_test_input_start_game (app, record);
  GtkWidget *view = GTK_WIDGET (tessera_window_get_game_view (window));
  GtkWidget *button = find_menu_button (view);
  GtkPopover *popover;
  graphene_rect_t bounds;
  int natural;
  GdkRectangle screen;

  g_assert_true (gtk_widget_get_mapped (view));
  g_assert_nonnull (button);
  tessera_test_input_get_screen (&screen);
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  for (guint i = 0; i < 40 && !gtk_widget_get_mapped (GTK_WIDGET (popover)); i++)
    tessera_test_settle (50);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  g_assert_true (gtk_widget_compute_bounds (button, GTK_WIDGET (window), &bounds));
  gtk_widget_measure (GTK_WIDGET (popover), GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
  g_test_message ("%s: the main menu is %d pixels high under a button ending at %.0f, on a screen %d high",
                  config_name (), natural, bounds.origin.y + bounds.size.height, screen.height);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height + natural, <=, screen.height);
  {
    g_autofree char *name = g_strdup_printf ("screenshot-main-menu-%s.png", config_name ());

    tessera_test_save_screenshot (GTK_WIDGET (popover), name);
  }
  gtk_popover_popdown (popover);
  gtk_window_destroy (GTK_WINDOW (window));
  tessera_test_settle (50);
}

static void
test_expansions_by_mouse (void)
{
  Count counts[N_KINDS] = { 0 };

  enter_game (FALSE, counts);
  report ("by mouse", counts);
}

static void
test_expansions_by_keyboard (void)
{
  Count counts[N_KINDS] = { 0 };

  enter_game (TRUE, counts);
  report ("by keyboard", counts);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *scratch = NULL;
  g_autofree char *history = NULL;
  int status;

  app = tessera_test_ui_init (&argc, &argv, "test-expansion-speed", &scratch);
  if (app == NULL)
    return g_test_run ();
  if (!tessera_test_input_init ())
    {
      g_test_skip ("real input events need the X server of xvfb-run");
      return g_test_run ();
    }
  g_test_add_func ("/expansion-speed/by-mouse", test_expansions_by_mouse);
  g_test_add_func ("/expansion-speed/by-keyboard", test_expansions_by_keyboard);
  g_test_add_func ("/expansion-speed/menu-fits", test_menu_fits);
  /* On the smallest screen only: the check takes 20 seconds, and what fits there fits on more. */
  if (g_str_equal (config_name (), "1024x600"))
    g_test_add_func ("/expansion-speed/five-players-fit", test_five_players_fit);
  status = g_test_run ();
  g_clear_object (&app);
  history = g_build_filename (scratch, "history.db", NULL);
  tessera_test_remove_history (history);
  g_rmdir (scratch);
  return status;
}
