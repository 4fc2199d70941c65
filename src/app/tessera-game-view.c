/* tessera-game-view.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-game-view"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tessera-box-window.h"
#include "tessera-final-scoring-window.h"
#include "tessera-game-view.h"
#include "tessera-score-log.h"
#include "tessera-tile-art.h"
#include "tessera-tile-palette.h"

/* The game screen: the board, the turn being entered, the scoreboard and the score log. Every
 * confirmed move goes through the engine, which refuses it with its reason, and then at once
 * into the history, so that closing or a crash loses nothing confirmed. */

struct _TesseraGameView
{
  GtkWidget           parent_instance;

  /* Template widgets */
  GtkWidget          *main_box;
  AdwWindowTitle     *window_title;
  TesseraBoardView   *board_view;
  GtkWidget          *correction_bar;
  GtkLabel           *correction_label;
  GtkLabel           *turn_heading;
  GtkLabel           *instruction_label;
  GtkStack           *turn_stack;
  TesseraTilePalette *palette;
  GtkDrawingArea     *chosen_tile;
  GtkLabel           *wheel_label;
  GtkFlowBox         *choice_box;
  GtkWidget          *figure_box;
  GtkToggleButton    *mage_button;
  GtkToggleButton    *witch_button;
  GtkWidget          *mode_box;
  GtkWidget          *crop_box;
  GtkButton          *skip_button;
  GtkButton          *confirm_button;
  TesseraScoreboard  *scoreboard;
  TesseraScoreLog    *log;

  /* Owned references */
  TesseraStore       *store;
  gint64              game_id;
  TesseraGame        *game;
  TesseraTurn        *turn;
  GtkPopover         *dispute;
  GtkWindow          *final_scoring;

  /* The move being corrected, or -1: the turn is then entered on the game before it. */
  int                 correcting;
};

G_DEFINE_FINAL_TYPE (TesseraGameView, tessera_game_view, GTK_TYPE_WIDGET)

static void refresh (TesseraGameView *self);
static void update_choices (TesseraGameView *self,
                            guint            n_markers);
static gboolean focus_next_input (TesseraGameView *self);

static void
show_error_over (GtkWindow  *parent,
                 const char *heading,
                 const char *message)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, heading, message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_error (TesseraGameView *self,
            const char      *heading,
            const char      *message)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  show_error_over (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, message);
}

TesseraGame *
tessera_game_view_get_game (TesseraGameView *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_VIEW (self), NULL);
  return self->game;
}

gint64
tessera_game_view_get_game_id (TesseraGameView *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_VIEW (self), -1);
  return self->game_id;
}

TesseraTurn *
tessera_game_view_get_turn (TesseraGameView *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_VIEW (self), NULL);
  return self->turn;
}

TesseraBoardView *
tessera_game_view_get_board_view (TesseraGameView *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_VIEW (self), NULL);
  return self->board_view;
}

TesseraScoreboard *
tessera_game_view_get_scoreboard (TesseraGameView *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_VIEW (self), NULL);
  return self->scoreboard;
}

TesseraTilePalette *
tessera_game_view_get_palette (TesseraGameView *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_VIEW (self), NULL);
  return self->palette;
}

/**
 * tessera_game_view_get_dispute:
 * @self: the game view
 *
 * Returns: (transfer none) (nullable): the popover that settles disputes, once one was shown
 */
GtkPopover *
tessera_game_view_get_dispute (TesseraGameView *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_VIEW (self), NULL);
  return self->dispute;
}

GtkWindow *
tessera_game_view_get_final_scoring (TesseraGameView *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_VIEW (self), NULL);
  return self->final_scoring;
}

/* The turn ----------------------------------------------------------------------------------- */

static void
draw_chosen_tile (GtkDrawingArea *area,
                  cairo_t        *cr,
                  int             width,
                  int             height,
                  gpointer        user_data)
{
  TesseraGameView *self = user_data;
  const TesseraBoxEntry *entry = self->turn != NULL ? tessera_turn_get_entry (self->turn) : NULL;
  guint rotation = 0;
  /* Large enough to check against the tile in the hand, not so large that it looks blurred. */
  double size = MIN (MIN (width, height), 200);

  if (entry == NULL)
    return;
  tessera_turn_get_placement (self->turn, NULL, &rotation);
  cairo_translate (cr, (width - size) / 2, (height - size) / 2);
  tessera_tile_art_draw (cr, entry->type, entry->wheel, rotation, size);
}

static void
update_actions (TesseraGameView *self)
{
  TesseraTurnStep step = self->turn != NULL ? tessera_turn_get_step (self->turn) : TESSERA_TURN_DRAW;
  gboolean playing = self->game != NULL && !tessera_game_is_finished (self->game);
  gboolean in_turn = self->turn != NULL && playing;
  gboolean idle = in_turn && step == TESSERA_TURN_DRAW && self->correcting < 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.undo",
                                 self->game != NULL && self->correcting < 0 && tessera_game_can_undo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.redo",
                                 self->game != NULL && self->correcting < 0 && tessera_game_can_redo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.confirm",
                                 in_turn && (step == TESSERA_TURN_CONFIRM || step == TESSERA_TURN_DISCARD));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.skip", in_turn && tessera_turn_can_skip (self->turn));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.back", in_turn && step != TESSERA_TURN_DRAW);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.figure", in_turn && step == TESSERA_TURN_MAGIC);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.mode", in_turn && step == TESSERA_TURN_ACTION);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.crop", in_turn && step == TESSERA_TURN_CROP_CHOICE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.choose-tile", in_turn && step == TESSERA_TURN_DRAW);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.place", in_turn && step == TESSERA_TURN_PLACE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.rotate", in_turn && step != TESSERA_TURN_DRAW);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.choose-marker", in_turn);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.find-tile", in_turn && step == TESSERA_TURN_DRAW);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.ransom", idle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.adjust", idle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.end", idle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.correct-box", idle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.correct", self->game != NULL && self->correcting < 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.stop-correcting", self->correcting >= 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.show-final-scoring",
                                 self->game != NULL && tessera_game_is_finished (self->game));
}

static void
update_turn (TesseraGameView *self)
{
  TesseraGame *game = self->turn != NULL ? tessera_turn_get_game (self->turn) : self->game;
  const char * const *names;
  TesseraTurnStep step;
  g_autofree char *heading = NULL;
  g_autofree char *instruction = NULL;
  const TesseraBoxEntry *entry;
  const TesseraPlacement *placements;
  const TesseraBoardMarker *markers;
  guint n_placements, n_markers;
  TesseraCell cell;
  guint rotation;

  if (game == NULL)
    return;
  names = tessera_game_get_player_names (game);

  if (self->turn == NULL)
    {
      gtk_stack_set_visible_child_name (self->turn_stack, "over");
      tessera_tile_palette_set_key_capture (self->palette, NULL);
      gtk_label_set_text (self->turn_heading, _("The Game Is Over"));
      gtk_label_set_text (self->instruction_label, _("Click any road, city, cloister or field to see how it scored."));
      tessera_board_view_set_placements (self->board_view, NULL, 0, NULL, 0);
      tessera_board_view_set_markers (self->board_view, NULL, 0);
      update_choices (self, 0);
      tessera_board_view_clear_pending_tile (self->board_view);
      tessera_board_view_set_pig (self->board_view, -1);
      update_actions (self);
      return;
    }

  step = tessera_turn_get_step (self->turn);
  entry = tessera_turn_get_entry (self->turn);
  heading = g_strdup_printf (_("%s’s Turn"), names[tessera_turn_get_player (self->turn)]);
  gtk_label_set_text (self->turn_heading, heading);
  instruction = tessera_turn_describe_step (self->turn);
  gtk_label_set_text (self->instruction_label, instruction);

  gtk_stack_set_visible_child_name (self->turn_stack, step == TESSERA_TURN_DRAW ? "draw" : "tile");
  /* Typing anywhere finds the drawn tile, but only while one is asked for: later in the turn the
   * keys are the board's and the choices' (R, the number keys), and a hidden search would
   * swallow them. */
  tessera_tile_palette_set_key_capture (self->palette, step == TESSERA_TURN_DRAW ? GTK_WIDGET (self) : NULL);
  if (entry != NULL)
    {
      const char *report = tessera_turn_get_wheel_report (self->turn);
      g_autofree char *text = NULL;

      if (report != NULL)
        text = g_strdup_printf (_("Tile %s\n%s"), entry->id, report);
      else
        text = g_strdup_printf (_("Tile %s"), entry->id);
      gtk_label_set_text (self->wheel_label, text);
      gtk_widget_queue_draw (GTK_WIDGET (self->chosen_tile));
    }

  gtk_widget_set_visible (self->figure_box, step == TESSERA_TURN_MAGIC);
  if (step == TESSERA_TURN_MAGIC)
    {
      gtk_toggle_button_set_active (self->mage_button, tessera_turn_get_figure (self->turn) == TESSERA_MAGIC_MAGE);
      gtk_toggle_button_set_active (self->witch_button, tessera_turn_get_figure (self->turn) == TESSERA_MAGIC_WITCH);
    }
  gtk_widget_set_visible (self->mode_box, step == TESSERA_TURN_ACTION && tessera_game_has_tower (game));
  for (GtkWidget *child = gtk_widget_get_first_child (self->mode_box); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      static const char * const modes[] = { "follower", "tower", "tower-top" };
      const char *target = g_variant_get_string (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (child)), NULL);

      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (child), g_str_equal (target, modes[tessera_turn_get_mode (self->turn)]));
    }
  gtk_widget_set_visible (self->crop_box, step == TESSERA_TURN_CROP_CHOICE);

  switch (step)
    {
    case TESSERA_TURN_ACTION:
      gtk_button_set_label (self->skip_button, tessera_turn_get_mode (self->turn) == TESSERA_TURN_MODE_FOLLOWER
                                               ? _("_No Follower") : _("_No Action"));
      break;
    case TESSERA_TURN_CAPTURE:
      gtk_button_set_label (self->skip_button, _("_No Capture"));
      break;
    case TESSERA_TURN_CROP_MOVE:
      gtk_button_set_label (self->skip_button, _("_Pass"));
      break;
    case TESSERA_TURN_MAGIC:
      gtk_button_set_label (self->skip_button, _("_Take It Off the Board"));
      break;
    case TESSERA_TURN_DRAW:
    case TESSERA_TURN_PLAGUE:
    case TESSERA_TURN_DISCARD:
    case TESSERA_TURN_PLACE:
    case TESSERA_TURN_CROP_CHOICE:
    case TESSERA_TURN_CONFIRM:
    default:
      break;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->skip_button), tessera_turn_can_skip (self->turn));
  gtk_button_set_label (self->confirm_button, step == TESSERA_TURN_DISCARD ? _("_Discard and Draw Again")
                                                                           : _("_Confirm Turn"));
  gtk_widget_set_visible (GTK_WIDGET (self->confirm_button),
                          step == TESSERA_TURN_CONFIRM || step == TESSERA_TURN_DISCARD);

  /* The board shows the turn: where the tile may go, the tile once placed, what to choose. */
  placements = tessera_turn_get_placements (self->turn, &n_placements);
  tessera_board_view_set_placements (self->board_view, n_placements > 0 ? entry->type : NULL,
                                     entry != NULL ? entry->wheel : 0, placements, n_placements);
  if (tessera_turn_get_placement (self->turn, &cell, &rotation))
    {
      tessera_board_view_set_pending_tile (self->board_view, entry->type, entry->wheel, cell, rotation);
      /* R and a right click still turn it, until the turn is confirmed. */
      tessera_board_view_set_pending_rotations (self->board_view, tessera_turn_get_rotations_at (self->turn, cell));
    }
  else
    tessera_board_view_clear_pending_tile (self->board_view);
  markers = tessera_turn_get_markers (self->turn, &n_markers);
  tessera_board_view_set_markers (self->board_view, markers, n_markers);
  update_choices (self, step == TESSERA_TURN_DRAW || step == TESSERA_TURN_PLACE ? 0 : n_markers);
  /* The pig moves as soon as the wheel tile is drawn, as at the table. */
  tessera_board_view_set_pig (self->board_view, tessera_turn_get_landing (self->turn));

  /* The roads and cities the mage or witch may go to light up whole, not only at their marker. */
  if (step == TESSERA_TURN_MAGIC)
    {
      TesseraBoard *board = tessera_game_get_board (game);
      g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (guint));

      for (guint i = 0; i < n_markers; i++)
        {
          const TesseraPlacedTile *tile = tessera_board_lookup (board, markers[i].cell);

          if (markers[i].kind == TESSERA_MARKER_SPOT && tile != NULL)
            {
              guint segment = tile->first_segment + markers[i].segment;

              g_array_append_val (segments, segment);
            }
        }
      tessera_board_view_highlight_features (self->board_view, (const guint *) segments->data, segments->len);
    }
  else if (self->dispute == NULL || !gtk_widget_get_visible (GTK_WIDGET (self->dispute)))
    tessera_board_view_highlight_features (self->board_view, NULL, 0);

  /* A new tower floor: its capture range. */
  if (step == TESSERA_TURN_CAPTURE)
    {
      guint height;
      TesseraCell tower = tessera_turn_get_tower_cell (self->turn, &height);
      g_autoptr(GArray) range = g_array_new (FALSE, FALSE, sizeof (TesseraCell));

      for (int dx = -(int) height; dx <= (int) height; dx++)
        for (int dy = -(int) height; dy <= (int) height; dy++)
          {
            TesseraCell there = { tower.x + dx, tower.y + dy };

            if (tessera_tower_in_range (tower, height, there))
              g_array_append_val (range, there);
          }
      tessera_board_view_highlight_cells (self->board_view, (const TesseraCell *) range->data, range->len);
    }
  else
    tessera_board_view_highlight_cells (self->board_view, NULL, 0);

  update_actions (self);
}

/* The keyboard goes where the next input of a turn is expected: the tile search when a turn
 * begins ("pick it below, or type its id"), the board once a tile is chosen, the first choice
 * after placing, Confirm once everything is chosen. */
static gboolean
focus_next_input (TesseraGameView *self)
{
  GtkWidget *first_choice = gtk_widget_get_first_child (GTK_WIDGET (self->choice_box));

  if (self->turn == NULL)
    return gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  switch (tessera_turn_get_step (self->turn))
    {
    case TESSERA_TURN_DRAW:
      tessera_tile_palette_focus (self->palette);
      return TRUE;
    case TESSERA_TURN_CONFIRM:
    case TESSERA_TURN_DISCARD:
      return gtk_widget_grab_focus (GTK_WIDGET (self->confirm_button));
    case TESSERA_TURN_CROP_CHOICE:
      return gtk_widget_grab_focus (gtk_widget_get_first_child (self->crop_box));
    case TESSERA_TURN_PLACE:
      return gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
    case TESSERA_TURN_PLAGUE:
    case TESSERA_TURN_MAGIC:
    case TESSERA_TURN_ACTION:
    case TESSERA_TURN_CAPTURE:
    case TESSERA_TURN_CROP_MOVE:
    default:
      if (first_choice != NULL && gtk_widget_get_visible (GTK_WIDGET (self->choice_box)))
        return gtk_widget_grab_focus (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (first_choice)));
      return gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
    }
}

/* A choice of the list lights its marker on the board while pointed at or focused. */
static void
choice_lit_cb (GtkEventController *controller,
               TesseraGameView    *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (controller);

  tessera_board_view_light_marker (self->board_view, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "marker")));
}

static void
choice_unlit_cb (GtkEventController *controller,
                 TesseraGameView    *self)
{
  tessera_board_view_light_marker (self->board_view, -1);
}

static GtkWidget *
make_choice_button (TesseraGameView *self,
                    guint            index)
{
  g_autofree char *name = tessera_turn_describe_marker (self->turn, index);
  g_autofree char *key = g_strdup_printf ("%u", index + 1);
  g_autofree char *description = NULL;
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (name);
  GtkEventController *controller;

  /* Number keys choose the first nine. */
  if (index < 9)
    {
      GtkWidget *key_label = gtk_label_new (key);

      gtk_widget_add_css_class (key_label, "choice-key");
      gtk_box_append (GTK_BOX (box), key_label);
      /* Translators: a choice of the turn and the number key that chooses it */
      description = g_strdup_printf (_("%s (key %u)"), name, index + 1);
    }
  /* Two choices a row in the side panel's width, whatever the language: a longer name is
   * ellipsized, and whole in the tooltip. */
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), label);
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_set_tooltip_text (button, description != NULL ? description : name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  description != NULL ? description : name, -1);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", index);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "game.choose-marker");
  g_object_set_data (G_OBJECT (button), "marker", GINT_TO_POINTER (index));

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_object (controller, "enter", G_CALLBACK (choice_lit_cb), self, G_CONNECT_AFTER);
  g_signal_connect_object (controller, "leave", G_CALLBACK (choice_unlit_cb), self, G_CONNECT_AFTER);
  gtk_widget_add_controller (button, controller);
  controller = gtk_event_controller_focus_new ();
  g_signal_connect_object (controller, "enter", G_CALLBACK (choice_lit_cb), self, G_CONNECT_AFTER);
  g_signal_connect_object (controller, "leave", G_CALLBACK (choice_unlit_cb), self, G_CONNECT_AFTER);
  gtk_widget_add_controller (button, controller);
  return button;
}

/* The markers of the step as a list of named choices, when they are few enough to read: the
 * spots of the placed tile and the crown spaces, a capture, a Plague choice. */
#define MAX_LISTED_CHOICES 16

static void
update_choices (TesseraGameView *self,
                guint            n_markers)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->choice_box))) != NULL)
    gtk_flow_box_remove (self->choice_box, child);
  gtk_widget_set_visible (GTK_WIDGET (self->choice_box), n_markers > 0 && n_markers <= MAX_LISTED_CHOICES);
  if (n_markers == 0 || n_markers > MAX_LISTED_CHOICES)
    return;
  for (guint i = 0; i < n_markers; i++)
    gtk_flow_box_append (self->choice_box, make_choice_button (self, i));
}

static gboolean
tessera_game_view_grab_focus (GtkWidget *widget)
{
  return focus_next_input (TESSERA_GAME_VIEW (widget));
}

static void
start_turn (TesseraGameView *self)
{
  TesseraGame *game = self->game;

  g_clear_pointer (&self->turn, tessera_turn_free);
  if (self->correcting >= 0)
    {
      g_autoptr(TesseraGame) before = tessera_game_copy_at (self->game, (guint) self->correcting);

      self->turn = tessera_turn_new (before);
      game = before;
    }
  else if (!tessera_game_is_finished (self->game))
    self->turn = tessera_turn_new (self->game);

  tessera_tile_palette_set_game (self->palette, self->turn != NULL ? game : NULL);
  tessera_board_view_highlight_features (self->board_view, NULL, 0);
  update_turn (self);
  /* After a confirmation, an undo or a correction too: the next turn starts from the keyboard. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    focus_next_input (self);
}

/* Moves ------------------------------------------------------------------------------------- */

/* Applies @event to the game and stores it; on any refusal nothing changes. */
static gboolean
commit_event (TesseraGameView *self,
              TesseraEvent    *event,
              GError         **error)
{
  if (!tessera_game_apply (self->game, event, error))
    return FALSE;
  if (!tessera_store_save_event (self->store, self->game_id, self->game, error))
    {
      /* The history must match the game: take the move back. */
      tessera_game_undo (self->game);
      return FALSE;
    }
  return TRUE;
}

/* The game's record says when it ended: now, by this computer's clock. */
static void
note_end_time (TesseraGameView *self)
{
  const TesseraPlayed *played = tessera_game_get_played (self->game);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *end = g_date_time_format (now, "%Y-%m-%dT%H:%M:%S%:z");
  TesseraPlayed ended = { NULL, end, NULL };
  g_autoptr(GError) error = NULL;

  if (played != NULL)
    {
      ended.start = played->start;
      ended.place = played->place;
    }
  /* A clock put back since the start would make the end come first: the game still ends. */
  if (!tessera_game_set_played (self->game, &ended, &error))
    g_debug ("The end of the game is not noted: %s", error->message);
}

static void
end_game (TesseraGameView *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraEvent) end = tessera_event_new_end ();

  note_end_time (self);
  if (!commit_event (self, end, &error))
    {
      show_error (self, _("The Game Cannot End"), error->message);
      return;
    }
  refresh (self);
  gtk_widget_activate_action (GTK_WIDGET (self), "game.show-final-scoring", NULL);
}

static void
last_tile_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       TesseraGameView  *self)
{
  if (g_strcmp0 (response, "end") == 0)
    end_game (self);
  else if (g_strcmp0 (response, "correct-box") == 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "game.correct-box", NULL);
}

static void
ask_last_tile (TesseraGameView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                              _("Was That the Last Tile?"),
                                              _("Every tile Tessera counts in this box is on the table. If the box still holds a tile, correct the box’s count and enter it; otherwise the game ends with the final scoring."));

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "correct-box", _("_Correct the Box…"),
                                    "end", _("_End the Game"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "end", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "end");
  /* Escape leaves the game on: the turn card says how to end it later. */
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  g_signal_connect_object (dialog, "response", G_CALLBACK (last_tile_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
confirm_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraEvent) event = NULL;

  if (self->turn == NULL)
    return;
  event = tessera_turn_build_event (self->turn);

  if (self->correcting >= 0)
    {
      TesseraGame *corrected = tessera_store_replace_event (self->store, self->game_id, (guint) self->correcting,
                                                            event, &error);

      if (corrected == NULL)
        {
          show_error (self, _("The Correction Was Refused"), error->message);
          return;
        }
      g_set_object (&self->game, corrected);
      g_object_unref (corrected);
      self->correcting = -1;
      refresh (self);
      return;
    }

  if (!commit_event (self, event, &error))
    {
      show_error (self, _("This Move Was Refused"), error->message);
      return;
    }
  refresh (self);
  /* The last tile of this box as Tessera counts it: the box on the table may still hold one
   * (a Wheel of Fortune box has one more than the catalogue knows, a family may have added a
   * copy), so the table says whether the game ends. */
  if (tessera_game_get_tiles_left (self->game) == 0 && !tessera_game_is_finished (self->game))
    ask_last_tile (self);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (!tessera_game_undo (self->game))
    return;
  if (!tessera_store_truncate (self->store, self->game_id, tessera_game_get_n_events (self->game), &error))
    {
      tessera_game_redo (self->game);
      show_error (self, _("The Move Cannot Be Undone"), error->message);
      return;
    }
  refresh (self);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (!tessera_game_redo (self->game))
    return;
  if (!tessera_store_save_event (self->store, self->game_id, self->game, &error))
    {
      tessera_game_undo (self->game);
      show_error (self, _("The Move Cannot Be Redone"), error->message);
      return;
    }
  refresh (self);
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);

  tessera_turn_back (self->turn);
  if (tessera_turn_get_step (self->turn) == TESSERA_TURN_DRAW)
    tessera_tile_palette_clear_search (self->palette);
  update_turn (self);
  focus_next_input (self);
}

static void
skip_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);

  tessera_turn_skip (self->turn);
  update_turn (self);
  focus_next_input (self);
}

static void
figure_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);

  tessera_turn_set_figure (self->turn, g_str_equal (g_variant_get_string (parameter, NULL), "witch")
                                       ? TESSERA_MAGIC_WITCH : TESSERA_MAGIC_MAGE);
  update_turn (self);
  focus_next_input (self);
}

static void
mode_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);
  const char *mode = g_variant_get_string (parameter, NULL);

  tessera_turn_set_mode (self->turn, g_str_equal (mode, "tower") ? TESSERA_TURN_MODE_TOWER
                                     : g_str_equal (mode, "tower-top") ? TESSERA_TURN_MODE_TOWER_TOP
                                     : TESSERA_TURN_MODE_FOLLOWER);
  update_turn (self);
  focus_next_input (self);
}

static void
crop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);

  tessera_turn_choose_crop (self->turn, g_variant_get_boolean (parameter));
  update_turn (self);
  focus_next_input (self);
}

static void
tile_chosen_cb (TesseraGameView       *self,
                const TesseraBoxEntry *entry)
{
  tessera_turn_choose_tile (self->turn, entry);
  tessera_board_view_highlight_features (self->board_view, NULL, 0);
  tessera_score_log_unselect (self->log);
  update_turn (self);
  focus_next_input (self);
}

static void
choose_tile_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);
  const char *id = g_variant_get_string (parameter, NULL);

  /* A tile the box has no copy of left: the palette says why, next to the correction. */
  if (!tessera_tile_palette_choose (self->palette, id)
      && tessera_tile_palette_refuse (self->palette, id) != NULL)
    gtk_widget_grab_focus (tessera_tile_palette_get_correct_button (self->palette));
}

static void
find_tile_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  tessera_tile_palette_focus (TESSERA_GAME_VIEW (widget)->palette);
}

static void
placement_chosen_cb (TesseraGameView *self,
                     int              x,
                     int              y,
                     guint            rotation)
{
  TesseraCell cell = { x, y };
  TesseraCell placed;

  if (self->turn == NULL)
    return;
  /* Turning the placed tile again (R, or a right click on it) places it anew: the choices that
   * followed the placement depended on its rotation. */
  while (tessera_turn_get_placement (self->turn, &placed, NULL) && placed.x == x && placed.y == y)
    tessera_turn_back (self->turn);
  if (tessera_turn_get_step (self->turn) != TESSERA_TURN_PLACE)
    return;
  tessera_turn_place (self->turn, cell, rotation);
  update_turn (self);
  focus_next_input (self);
}

static void
place_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);
  int x, y;
  guint rotation;

  g_variant_get (parameter, "(iiu)", &x, &y, &rotation);
  placement_chosen_cb (self, x, y, rotation / 90);
}

static void
marker_activated_cb (TesseraGameView *self,
                     guint            index)
{
  guint n_markers;

  if (self->turn == NULL)
    return;
  tessera_turn_get_markers (self->turn, &n_markers);
  if (index >= n_markers)
    return;
  tessera_turn_choose_marker (self->turn, index);
  update_turn (self);
  focus_next_input (self);
}

static void
choose_marker_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  marker_activated_cb (TESSERA_GAME_VIEW (widget), g_variant_get_uint32 (parameter));
}

static void
ransom_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraEvent) ransom = NULL;
  guint payer, captor;

  g_variant_get (parameter, "(uu)", &payer, &captor);
  ransom = tessera_event_new_ransom ((int) payer, (int) captor);
  if (!commit_event (self, ransom, &error))
    {
      show_error (self, _("The Ransom Was Refused"), error->message);
      return;
    }
  refresh (self);
}

static void
end_response_cb (AdwMessageDialog *dialog,
                 const char       *response,
                 TesseraGameView  *self)
{
  if (g_strcmp0 (response, "end") == 0)
    end_game (self);
}

static void
end_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autofree char *body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                        "%u tile is still in the box. Final scoring counts every unfinished road, city and cloister and the farms as they are now.",
                                                        "%u tiles are still in the box. Final scoring counts every unfinished road, city and cloister and the farms as they are now.",
                                                        tessera_game_get_tiles_left (self->game)),
                                           tessera_game_get_tiles_left (self->game));
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (root), _("End the Game Now?"), body);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "end", _("_End Game"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "end", ADW_RESPONSE_DESTRUCTIVE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (end_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
adjust_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    TesseraGameView  *self)
{
  GtkDropDown *who = g_object_get_data (G_OBJECT (dialog), "who");
  GtkSpinButton *points = g_object_get_data (G_OBJECT (dialog), "points");
  GtkEditable *reason = g_object_get_data (G_OBJECT (dialog), "reason");
  g_autoptr(TesseraEvent) adjust = NULL;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "correct") != 0)
    return;

  {
    g_autofree char *agreed = g_strstrip (g_strdup (gtk_editable_get_text (reason)));

    adjust = tessera_event_new_adjust ((int) gtk_drop_down_get_selected (who),
                                       gtk_spin_button_get_value_as_int (points), agreed);
  }
  if (!commit_event (self, adjust, &error))
    {
      show_error (self, _("The Correction Was Refused"), error->message);
      return;
    }
  refresh (self);
}

static void
adjust_changed_cb (AdwMessageDialog *dialog)
{
  GtkSpinButton *points = g_object_get_data (G_OBJECT (dialog), "points");
  GtkEditable *reason = g_object_get_data (G_OBJECT (dialog), "reason");
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (reason)));

  adw_message_dialog_set_response_enabled (dialog, "correct",
                                           gtk_spin_button_get_value_as_int (points) != 0 && *text != '\0');
}

static void
adjust_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)), _("Correct a Score"),
                                              _("The table agreed that a score was wrong: the correction is kept in the log with its reason."));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *who = gtk_drop_down_new_from_strings (tessera_game_get_player_names (self->game));
  GtkWidget *points = gtk_spin_button_new_with_range (-500, 500, 1);
  GtkWidget *reason = gtk_entry_new ();

  gtk_drop_down_set_selected (GTK_DROP_DOWN (who), tessera_game_get_current_player (self->game));
  gtk_widget_set_hexpand (who, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (who), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Player"), -1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (points), 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (points), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Points to add, or to take away when negative"), -1);
  gtk_entry_set_placeholder_text (GTK_ENTRY (reason), _("Reason, e.g. road miscounted last turn"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (reason), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Reason"), -1);
  gtk_box_append (GTK_BOX (row), who);
  gtk_box_append (GTK_BOX (row), points);
  gtk_box_append (GTK_BOX (box), row);
  gtk_box_append (GTK_BOX (box), reason);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "correct", _("C_orrect Score"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "correct", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "correct", FALSE);
  g_object_set_data (G_OBJECT (dialog), "who", who);
  g_object_set_data (G_OBJECT (dialog), "points", points);
  g_object_set_data (G_OBJECT (dialog), "reason", reason);
  g_signal_connect_object (points, "value-changed", G_CALLBACK (adjust_changed_cb), dialog, G_CONNECT_SWAPPED);
  g_signal_connect_object (reason, "changed", G_CALLBACK (adjust_changed_cb), dialog, G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "response", G_CALLBACK (adjust_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
correct_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);
  guint index = g_variant_get_uint32 (parameter);
  g_autofree char *text = NULL;

  if (index >= tessera_game_get_n_events (self->game))
    return;
  self->correcting = (int) index;
  /* Translators: shown over the board while an earlier move is entered again */
  text = g_strdup_printf (_("Correcting move %u: enter it again as it really happened"), index + 1);
  gtk_label_set_text (self->correction_label, text);
  gtk_widget_set_visible (self->correction_bar, TRUE);
  tessera_board_view_set_game (self->board_view, NULL);
  start_turn (self);
  tessera_board_view_set_game (self->board_view, tessera_turn_get_game (self->turn));
}

static void
stop_correcting_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);

  self->correcting = -1;
  refresh (self);
}

/* The box ------------------------------------------------------------------------------------- */

static guint
box_copies (TesseraGame *game,
            const char  *tile)
{
  const GArray *box = tessera_game_get_box (game);

  for (guint i = 0; i < box->len; i++)
    {
      const TesseraSupplyEntry *entry = &g_array_index (box, TesseraSupplyEntry, i);

      if (g_str_equal (entry->entry->id, tile))
        return entry->left;
    }
  return 0;
}

/* Corrects the game's box and stores it at once, as a move is; on any refusal the game stays
 * as the history has it. When one kind was raised, it is the tile just drawn: the turn goes on
 * with it. */
static void
box_save_cb (TesseraGameView  *self,
             TesseraBoxWindow *window)
{
  g_autoptr(GArray) changes = tessera_box_editor_get_changes (tessera_box_window_get_editor (window));
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  const char *raised = NULL;
  guint n_raised = 0;
  gboolean saved = TRUE;

  for (guint i = 0; i < changes->len && saved; i++)
    {
      const TesseraBoxCount *change = &g_array_index (changes, TesseraBoxCount, i);

      if (change->copies > box_copies (self->game, change->tile))
        {
          raised = change->tile;
          n_raised++;
        }
      saved = tessera_game_set_box_count (self->game, change->tile, change->copies, &error);
    }
  if (saved)
    {
      record = tessera_game_to_record (self->game);
      saved = tessera_store_save_box (self->store, self->game_id, record, &error);
    }
  if (!saved)
    {
      g_autoptr(GError) reload_error = NULL;

      /* The game in memory follows the history again: the part already corrected goes. */
      if (!tessera_game_view_load (self, self->store, self->game_id, &reload_error))
        g_prefix_error (&error, "%s\n\n", reload_error->message);
      show_error_over (GTK_WINDOW (window), _("The Box Cannot Be Corrected"), error->message);
      return;
    }

  gtk_window_destroy (GTK_WINDOW (window));
  refresh (self);
  if (n_raised == 1)
    tessera_tile_palette_choose (self->palette, raised);
}

static void
correct_box_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);
  g_autoptr(GError) error = NULL;
  TesseraBoxWindow *window;

  if (self->game == NULL || tessera_game_is_finished (self->game))
    return;
  window = tessera_box_window_new (GTK_WINDOW (gtk_widget_get_root (widget)), self->game, &error);
  if (window == NULL)
    {
      show_error (self, _("The Box Cannot Be Corrected"), error->message);
      return;
    }
  g_signal_connect_object (window, "save", G_CALLBACK (box_save_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (window));
}

/* R turns the tile being placed wherever the keyboard is, not only on the board: after placing,
 * the keyboard is on the choices. */
static void
rotate_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  tessera_board_view_rotate (TESSERA_GAME_VIEW (widget)->board_view);
}

static void
fit_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  tessera_board_view_fit (TESSERA_GAME_VIEW (widget)->board_view);
}

/* The final scoring ---------------------------------------------------------------------------- */

static void
final_feature_selected_cb (TesseraGameView *self,
                           guint            segment)
{
  if (segment == G_MAXUINT)
    tessera_board_view_highlight_features (self->board_view, NULL, 0);
  else
    {
      g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (guint));
      TesseraBoard *board = tessera_game_get_board (self->game);

      g_array_append_val (segments, segment);
      /* A farm is worth its completed cities: light them up with it. */
      if (tessera_board_segment_kind (board, segment) == TESSERA_FEATURE_FIELD)
        tessera_board_field_cities (board, segment, TRUE, segments);
      tessera_board_view_highlight_features (self->board_view, (const guint *) segments->data, segments->len);
    }
}

static void
show_final_scoring_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);

  if (self->final_scoring == NULL)
    {
      self->final_scoring = GTK_WINDOW (tessera_final_scoring_window_new (GTK_WINDOW (gtk_widget_get_root (widget)), self->game));
      g_object_add_weak_pointer (G_OBJECT (self->final_scoring), (gpointer *) &self->final_scoring);
      g_signal_connect_object (self->final_scoring, "feature-selected", G_CALLBACK (final_feature_selected_cb),
                               self, G_CONNECT_SWAPPED);
    }
  gtk_window_present (self->final_scoring);
}

/* Settling a dispute ---------------------------------------------------------------------------- */

static char *
describe_holders (TesseraGame *game,
                  guint        root)
{
  TesseraBoard *board = tessera_game_get_board (game);
  const char * const *names = tessera_game_get_player_names (game);
  guint counts[TESSERA_MAX_PLAYERS] = { 0 };
  guint n_pieces;
  const TesseraPiece *pieces = tessera_game_get_pieces (game, &n_pieces);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < n_pieces; i++)
    if (tessera_board_find (board, pieces[i].segment) == root)
      counts[pieces[i].player]++;
  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    if (counts[p] > 0)
      {
        if (text->len > 0)
          g_string_append (text, _(", "));
        /* Translators: who holds a feature: "Anna (2)" with the number of her followers in it */
        g_string_append_printf (text, _("%s (%u)"), names[p], counts[p]);
      }
  if (text->len == 0)
    return g_strdup (_("Nobody holds it."));
  return g_strdup_printf (_("Held by %s."), text->str);
}

/* The scorings of a feature among @scores: its completion, or its share of the final scoring. */
static void
append_scores (GString                 *text,
               TesseraGame             *game,
               guint                    root,
               const TesseraScoreEvent *scores,
               guint                    first,
               guint                    n_scores)
{
  TesseraBoard *board = tessera_game_get_board (game);
  const char * const *names = tessera_game_get_player_names (game);

  for (guint i = first; i < n_scores; i++)
    {
      g_autofree char *why = NULL;

      if (scores[i].feature == G_MAXUINT || tessera_board_find (board, scores[i].feature) != root)
        continue;
      why = tessera_score_event_describe_briefly (&scores[i], names);
      g_string_append_printf (text, "\n• %s %+d: %s", names[scores[i].player], scores[i].points, why);
    }
}

/* The feature stays lit while its explanation is open. */
static void
dispute_closed_cb (TesseraGameView *self)
{
  tessera_board_view_highlight_features (self->board_view, NULL, 0);
}

static void
feature_activated_cb (TesseraGameView *self,
                      guint            segment)
{
  TesseraGame *game = self->turn != NULL ? tessera_turn_get_game (self->turn) : self->game;
  TesseraBoard *board = tessera_game_get_board (game);
  TesseraFeatureInfo info;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *holders = NULL;
  g_autoptr(GArray) highlight = g_array_new (FALSE, FALSE, sizeof (guint));
  const TesseraPlacedTile *tile = tessera_board_segment_tile (board, segment);
  GdkRectangle bounds;
  guint root = tessera_board_find (board, segment);
  guint n_scores;
  const TesseraScoreEvent *scores = tessera_game_get_score_events (game, &n_scores);
  GtkWidget *label;

  tessera_board_describe_feature (board, segment, &info);
  holders = describe_holders (game, root);

  switch (info.kind)
    {
    case TESSERA_FEATURE_CITY:
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "A city of %u tile", "A city of %u tiles", info.n_tiles), info.n_tiles);
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " with %u pennant", " with %u pennants", info.n_pennants), info.n_pennants);
      break;
    case TESSERA_FEATURE_ROAD:
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "A road of %u tile", "A road of %u tiles", info.n_tiles), info.n_tiles);
      break;
    case TESSERA_FEATURE_CLOISTER:
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "A cloister with %u of 8 tiles around it",
                                                 "A cloister with %u of 8 tiles around it", info.n_neighbours),
                              info.n_neighbours);
      break;
    case TESSERA_FEATURE_FIELD:
      {
        guint cities = tessera_board_count_field_cities (board, segment, TRUE);

        g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "A field of %u tile", "A field of %u tiles", info.n_tiles), info.n_tiles);
        g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, ", touching %u completed city", ", touching %u completed cities", cities), cities);
        tessera_board_field_cities (board, segment, TRUE, highlight);
      }
      break;
    case TESSERA_N_FEATURE_KINDS:
    default:
      g_assert_not_reached ();
    }
  g_string_append (text, ". ");
  if (info.kind != TESSERA_FEATURE_FIELD)
    g_string_append (text, info.complete ? _("It is complete.") : _("It is not complete."));
  g_string_append_printf (text, "\n%s", holders);

  if (info.complete && info.kind != TESSERA_FEATURE_FIELD)
    {
      gsize before = text->len;

      g_string_append_printf (text, "\n%s", _("When it was completed:"));
      append_scores (text, game, root, scores, 0, n_scores);
      if (text->len == before + strlen (_("When it was completed:")) + 1)
        g_string_append_printf (text, "\n• %s", _("nobody held it, so nobody scored"));
    }
  else if (!tessera_game_is_finished (game))
    {
      /* What the end would bring: the engine's own final scoring, on a copy of the game. */
      g_autoptr(TesseraGame) ended = tessera_game_copy_at (game, tessera_game_get_n_events (game));
      g_autoptr(TesseraEvent) end = tessera_event_new_end ();
      gsize before;

      g_string_append_printf (text, "\n%s", _("If the game ended now:"));
      before = text->len;
      if (ended != NULL && tessera_game_apply (ended, end, NULL))
        {
          guint n_ended;
          const TesseraScoreEvent *final = tessera_game_get_score_events (ended, &n_ended);

          append_scores (text, ended, root, final, n_scores, n_ended);
        }
      if (text->len == before)
        g_string_append_printf (text, "\n• %s", _("it would score nothing: nobody holds it"));
    }
  else
    {
      gsize before = text->len;

      g_string_append_printf (text, "\n%s", _("At the end of the game:"));
      append_scores (text, game, root, scores, 0, n_scores);
      if (text->len == before + strlen (_("At the end of the game:")) + 1)
        g_string_append_printf (text, "\n• %s", _("it scored nothing: nobody held it"));
    }

  g_array_append_val (highlight, segment);
  tessera_board_view_highlight_features (self->board_view, (const guint *) highlight->data, highlight->len);

  if (self->dispute == NULL)
    {
      self->dispute = GTK_POPOVER (gtk_popover_new ());
      gtk_widget_set_parent (GTK_WIDGET (self->dispute), GTK_WIDGET (self->board_view));
      g_signal_connect_object (self->dispute, "closed", G_CALLBACK (dispute_closed_cb), self, G_CONNECT_SWAPPED);
      gtk_popover_set_position (self->dispute, GTK_POS_RIGHT);
    }
  /* The first line says what the feature is, as a heading; the rest explains its points. */
  {
    char *newline = strchr (text->str, '\n');
    GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *heading;

    if (newline != NULL)
      *newline = '\0';
    heading = gtk_label_new (text->str);
    label = gtk_label_new (newline != NULL ? newline + 1 : "");
    gtk_widget_add_css_class (heading, "heading");
    for (GtkWidget *part = heading; part != NULL; part = part == heading ? label : NULL)
      {
        gtk_label_set_wrap (GTK_LABEL (part), TRUE);
        gtk_label_set_max_width_chars (GTK_LABEL (part), 44);
        gtk_label_set_xalign (GTK_LABEL (part), 0);
        gtk_box_append (GTK_BOX (box), part);
      }
    gtk_widget_set_margin_top (box, 6);
    gtk_widget_set_margin_bottom (box, 6);
    gtk_widget_set_margin_start (box, 6);
    gtk_widget_set_margin_end (box, 6);
    gtk_popover_set_child (self->dispute, box);
  }
  if (tessera_board_view_get_cell_bounds (self->board_view, tile->cell, &bounds))
    gtk_popover_set_pointing_to (self->dispute, &bounds);
  gtk_popover_popup (self->dispute);
}

/* The log ------------------------------------------------------------------------------------ */


/* Everything ---------------------------------------------------------------------------------- */

/* The table grows at its edges: when the last tile or the cells around it are out of view, the
 * whole board is fitted again. Zooming in on a part of the board is left alone otherwise. */
static void
keep_last_tile_in_view (TesseraGameView *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self->board_view));
  int height = gtk_widget_get_height (GTK_WIDGET (self->board_view));

  /* Going back from a zoom to a placed tile's spots: the view before had the tile in it. */
  if (width <= 0 || height <= 0 || tessera_board_view_is_moving (self->board_view))
    return;
  for (guint i = tessera_game_get_n_events (self->game); i-- > 0;)
    {
      const TesseraEvent *event = tessera_game_get_event (self->game, i);

      if (event->kind != TESSERA_EVENT_TURN)
        continue;
      for (int dx = -1; dx <= 1; dx++)
        for (int dy = -1; dy <= 1; dy++)
          {
            TesseraCell cell = { event->at.x + dx, event->at.y + dy };
            GdkRectangle bounds;

            if (!tessera_board_view_get_cell_bounds (self->board_view, cell, &bounds)
                || bounds.x < 0 || bounds.y < 0
                || bounds.x + bounds.width > width || bounds.y + bounds.height > height)
              {
                tessera_board_view_fit (self->board_view);
                return;
              }
          }
      return;
    }
}

static void
refresh (TesseraGameView *self)
{
  const char * const *names = tessera_game_get_player_names (self->game);
  g_autofree char *subtitle = NULL;
  guint tiles_left = tessera_game_get_tiles_left (self->game);

  gtk_widget_set_visible (self->correction_bar, self->correcting >= 0);
  if (tessera_game_is_finished (self->game))
    subtitle = g_strdup (_("Finished"));
  else
    /* Translators: the window subtitle during a game: whose turn, and the tiles still to draw */
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s to play · %u tile left", "%s to play · %u tiles left", tiles_left),
                                names[tessera_game_get_current_player (self->game)], tiles_left);
  adw_window_title_set_title (self->window_title, _("Tessera"));
  adw_window_title_set_subtitle (self->window_title, subtitle);

  tessera_board_view_set_game (self->board_view, self->game);
  tessera_board_view_game_changed (self->board_view);
  keep_last_tile_in_view (self);
  tessera_scoreboard_set_game (self->scoreboard, self->game);
  tessera_score_log_set_game (self->log, self->game);
  start_turn (self);
}

/**
 * tessera_game_view_load:
 * @self: the game view
 * @store: the history
 * @game_id: a game of @store
 * @error: where to say why it cannot be shown
 *
 * Shows a stored game where it stopped, ready for the next move.
 */
gboolean
tessera_game_view_load (TesseraGameView  *self,
                        TesseraStore     *store,
                        gint64            game_id,
                        GError          **error)
{
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraGame) game = NULL;

  g_return_val_if_fail (TESSERA_IS_GAME_VIEW (self), FALSE);
  g_return_val_if_fail (TESSERA_IS_STORE (store), FALSE);

  if (!(record = tessera_store_load_record (store, game_id, error)))
    return FALSE;
  if (!(game = tessera_game_new_from_record (record, record->events->len, error)))
    return FALSE;

  if (self->final_scoring != NULL)
    gtk_window_destroy (self->final_scoring);
  g_set_object (&self->store, store);
  g_set_object (&self->game, game);
  self->game_id = game_id;
  self->correcting = -1;
  refresh (self);
  tessera_board_view_fit (self->board_view);
  return TRUE;
}

static void
tessera_game_view_dispose (GObject *object)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (object);

  if (self->final_scoring != NULL)
    gtk_window_destroy (self->final_scoring);
  g_clear_pointer ((GtkWidget **) &self->dispute, gtk_widget_unparent);
  gtk_widget_dispose_template (GTK_WIDGET (self), TESSERA_TYPE_GAME_VIEW);
  g_clear_pointer (&self->turn, tessera_turn_free);
  g_clear_object (&self->game);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (tessera_game_view_parent_class)->dispose (object);
}

static void
tessera_game_view_class_init (TesseraGameViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  widget_class->grab_focus = tessera_game_view_grab_focus;

  object_class->dispose = tessera_game_view_dispose;

  g_type_ensure (TESSERA_TYPE_BOARD_VIEW);
  g_type_ensure (TESSERA_TYPE_SCOREBOARD);
  g_type_ensure (TESSERA_TYPE_SCORE_LOG);
  g_type_ensure (TESSERA_TYPE_TILE_PALETTE);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-game-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, main_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, window_title);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, board_view);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, correction_bar);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, correction_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, turn_heading);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, instruction_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, turn_stack);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, palette);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, chosen_tile);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, wheel_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, choice_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, figure_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, mage_button);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, witch_button);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, mode_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, crop_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, skip_button);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, confirm_button);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, scoreboard);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, log);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  gtk_widget_class_install_action (widget_class, "game.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "game.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "game.confirm", NULL, confirm_action);
  gtk_widget_class_install_action (widget_class, "game.skip", NULL, skip_action);
  gtk_widget_class_install_action (widget_class, "game.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "game.figure", "s", figure_action);
  gtk_widget_class_install_action (widget_class, "game.mode", "s", mode_action);
  gtk_widget_class_install_action (widget_class, "game.crop", "b", crop_action);
  gtk_widget_class_install_action (widget_class, "game.choose-tile", "s", choose_tile_action);
  gtk_widget_class_install_action (widget_class, "game.find-tile", NULL, find_tile_action);
  gtk_widget_class_install_action (widget_class, "game.place", "(iiu)", place_action);
  gtk_widget_class_install_action (widget_class, "game.choose-marker", "u", choose_marker_action);
  gtk_widget_class_install_action (widget_class, "game.ransom", "(uu)", ransom_action);
  gtk_widget_class_install_action (widget_class, "game.adjust", NULL, adjust_action);
  gtk_widget_class_install_action (widget_class, "game.end", NULL, end_action);
  gtk_widget_class_install_action (widget_class, "game.correct-box", NULL, correct_box_action);
  gtk_widget_class_install_action (widget_class, "game.correct", "u", correct_action);
  gtk_widget_class_install_action (widget_class, "game.stop-correcting", NULL, stop_correcting_action);
  gtk_widget_class_install_action (widget_class, "game.show-final-scoring", NULL, show_final_scoring_action);
  gtk_widget_class_install_action (widget_class, "game.fit", NULL, fit_action);
  gtk_widget_class_install_action (widget_class, "game.rotate", NULL, rotate_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "game.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "game.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "game.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "game.confirm", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "game.confirm", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "game.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "game.find-tile", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, 0, "game.rotate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_R, 0, "game.rotate", NULL);
  /* The number keys choose among the named choices, as their key caps show; 0 chooses none. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, 0, "game.skip", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, 0, "game.skip", NULL);
  for (guint i = 0; i < 9; i++)
    {
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, 0, "game.choose-marker", "u", i);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_1 + i, 0, "game.choose-marker", "u", i);
    }
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_period, GDK_CONTROL_MASK, "game.skip", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_k, GDK_CONTROL_MASK, "game.adjust", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "game.end", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_E, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "game.end", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "game.show-final-scoring", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_R, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "game.show-final-scoring", NULL);
}

static void
tessera_game_view_init (TesseraGameView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->correcting = -1;
  gtk_drawing_area_set_draw_func (self->chosen_tile, draw_chosen_tile, self, NULL);
  g_signal_connect_object (self->palette, "tile-chosen", G_CALLBACK (tile_chosen_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board_view, "placement-chosen", G_CALLBACK (placement_chosen_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board_view, "marker-activated", G_CALLBACK (marker_activated_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board_view, "feature-activated", G_CALLBACK (feature_activated_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->log, "feature-selected", G_CALLBACK (final_feature_selected_cb), self, G_CONNECT_SWAPPED);
  update_actions (self);
}
