/* tessera-game-view-turn.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-game-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "tessera-game-view-private.h"
#include "tessera-move-words.h"
#include "tessera-place-words.h"
#include "tessera-score-log.h"
#include "tessera-tile-art.h"
#include "tessera-tile-layout.h"
#include "tessera-tile-palette.h"

/* The turn panel: what the current step of the turn asks for, the drawn tile, the named
 * choices with their keys, and where the keyboard goes next. */

static void update_choices (TesseraGameView *self,
                            guint            n_markers);
static void update_preview (TesseraGameView      *self,
                            const TesseraPreview *preview);
static guint choice_segment (TesseraGameView *self,
                             guint            index);
static void highlight_step_features (TesseraGameView *self);
static void update_ransom_offers (TesseraGameView *self,
                                  TesseraGame     *game,
                                  gboolean         drawing);

/* The turn ----------------------------------------------------------------------------------- */

void
_tessera_game_view_draw_chosen_tile (GtkDrawingArea *area,
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

void
_tessera_game_view_update_turn (TesseraGameView *self)
{
  TesseraGame *game = self->turn != NULL ? tessera_turn_get_game (self->turn) : self->game;
  const char * const *names;
  TesseraTurnStep step;
  g_autofree char *heading = NULL;
  g_autofree char *instruction = NULL;
  const TesseraBoxEntry *entry;
  const TesseraPlacement *placements;
  const TesseraChoice *choices;
  guint n_placements, n_markers;
  TesseraCell cell;
  guint rotation;

  /* Whatever changed the turn was legal: the last refusal no longer applies. */
  gtk_widget_set_visible (GTK_WIDGET (self->refusal_label), FALSE);
  if (game == NULL)
    return;
  names = tessera_game_get_player_names (game);

  if (self->turn == NULL)
    {
      gtk_stack_set_visible_child_name (self->turn_stack, "over");
      gtk_widget_set_vexpand (self->turn_card, FALSE);
      tessera_tile_palette_set_key_capture (self->palette, NULL);
      gtk_label_set_text (self->turn_heading, _("The Game Is Over"));
      gtk_label_set_text (self->instruction_label, _("Click any road, city, cloister or field to see how it scored."));
      tessera_board_view_set_placements (self->board_view, NULL, 0, NULL, 0);
      tessera_board_view_set_choices (self->board_view, NULL, 0);
      update_choices (self, 0);
      tessera_board_view_clear_pending_tile (self->board_view);
      tessera_board_view_set_preview (self->board_view, NULL);
      update_preview (self, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->chosen_tile), FALSE);
      tessera_board_view_set_pig (self->board_view, -1);
      _tessera_game_view_update_actions (self);
      return;
    }

  step = tessera_turn_get_step (self->turn);
  entry = tessera_turn_get_entry (self->turn);
  heading = g_strdup_printf (_("%s’s Turn"), names[tessera_turn_get_player (self->turn)]);
  gtk_label_set_text (self->turn_heading, heading);
  instruction = tessera_turn_describe_step (self->turn);
  gtk_label_set_text (self->instruction_label, instruction);

  gtk_stack_set_visible_child_name (self->turn_stack, step == TESSERA_TURN_DRAW ? "draw" : "tile");
  update_ransom_offers (self, game, step == TESSERA_TURN_DRAW && self->correcting < 0);
  /* The palette takes the height there is; later steps take what they list, and leave the
   * rest to the scores and the log. The minimum size stays the same. */
  gtk_widget_set_vexpand (self->turn_card, step == TESSERA_TURN_DRAW);
  /* Typing anywhere finds the drawn tile, but only while one is asked for: later in the turn the
   * keys are the board's and the choices' (R, the number keys), and a hidden search would
   * swallow them. */
  tessera_tile_palette_set_key_capture (self->palette, step == TESSERA_TURN_DRAW ? GTK_WIDGET (self) : NULL);
  if (entry != NULL)
    {
      g_autofree char *report = tessera_turn_describe_wheel (self->turn);
      g_autofree char *text = NULL;

      if (report != NULL)
        text = g_strdup_printf (_("Tile %s\n%s"), entry->id, report);
      else
        text = g_strdup_printf (_("Tile %s"), entry->id);
      gtk_label_set_text (self->wheel_label, text);
      gtk_widget_queue_draw (GTK_WIDGET (self->chosen_tile));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->chosen_tile), entry != NULL && step != TESSERA_TURN_DRAW);

  /* The switches of the step, in the one row kept for them. */
  if (step == TESSERA_TURN_MAGIC)
    gtk_stack_set_visible_child_name (self->mode_stack, "figure");
  else if (step == TESSERA_TURN_ACTION && tessera_game_has_tower (game))
    gtk_stack_set_visible_child_name (self->mode_stack, "mode");
  else if (step == TESSERA_TURN_CROP_CHOICE)
    gtk_stack_set_visible_child_name (self->mode_stack, "crop");
  else
    gtk_stack_set_visible_child_name (self->mode_stack, "none");
  if (step == TESSERA_TURN_MAGIC)
    {
      gtk_toggle_button_set_active (self->mage_button, tessera_turn_get_figure (self->turn) == TESSERA_MAGIC_MAGE);
      gtk_toggle_button_set_active (self->witch_button, tessera_turn_get_figure (self->turn) == TESSERA_MAGIC_WITCH);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (self->mode_box); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      static const char * const modes[] = { "follower", "tower", "tower-top" };
      const char *target = g_variant_get_string (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (child)), NULL);

      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (child), g_str_equal (target, modes[tessera_turn_get_mode (self->turn)]));
    }

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

  /* What Confirm would do, drawn on the board and scored in the card and the scoreboard before
   * it is pressed. */
  {
    g_auto(TesseraPreview) preview;
    gboolean previewed;

    tessera_preview_init (&preview);
    previewed = tessera_turn_get_placement (self->turn, NULL, NULL) && tessera_turn_preview (self->turn, &preview, NULL);
    tessera_board_view_set_preview (self->board_view, previewed ? &preview : NULL);
    update_preview (self, previewed ? &preview : NULL);
  }

  choices = tessera_turn_get_choices (self->turn, &n_markers);
  tessera_board_view_set_choices (self->board_view, choices, n_markers);
  update_choices (self, step == TESSERA_TURN_DRAW || step == TESSERA_TURN_PLACE ? 0 : n_markers);
  /* The pig moves as soon as the wheel tile is drawn, as at the table. */
  tessera_board_view_set_pig (self->board_view, tessera_turn_get_landing (self->turn));

  highlight_step_features (self);

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

  _tessera_game_view_update_actions (self);
}

/* The ransoms the player about to draw may pay first (T12): a row for each player who holds
 * one of their followers, with the button that pays it, where the turn begins rather than at
 * the foot of the scoreboard. None when the player has fewer than the 3 points it costs. */
static void
update_ransom_offers (TesseraGameView *self,
                      TesseraGame     *game,
                      gboolean         drawing)
{
  const char * const *names = tessera_game_get_player_names (game);
  guint payer = tessera_turn_get_player (self->turn);
  GtkWidget *child;
  gboolean any = FALSE;

  while ((child = gtk_widget_get_first_child (self->ransom_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->ransom_box), child);
  if (drawing && tessera_game_has_tower (game) && tessera_game_get_score (game, payer) >= 3)
    for (guint captor = 0; captor < tessera_game_get_n_players (game); captor++)
      {
        guint held = captor != payer ? tessera_game_get_prisoners (game, captor, payer) : 0;
        g_autofree char *text = NULL;
        g_autofree char *tooltip = NULL;
        GtkWidget *row, *label, *button;

        if (held == 0)
          continue;
        row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
        /* Translators: above the tiles, when the player to draw may pay a ransom: "Carmen holds 1 of Bram’s followers" */
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s holds %u of %s’s followers", "%s holds %u of %s’s followers",
                                             held),
                                names[captor], held, names[payer]);
        label = gtk_label_new (text);
        gtk_label_set_xalign (GTK_LABEL (label), 0);
        gtk_label_set_wrap (GTK_LABEL (label), TRUE);
        gtk_widget_set_hexpand (label, TRUE);
        gtk_box_append (GTK_BOX (row), label);
        button = gtk_button_new_with_mnemonic (_("Pay _Ransom (3 Points)"));
        gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
        tooltip = g_strdup_printf (_("%s pays %s 3 points to get a follower back"), names[payer], names[captor]);
        gtk_widget_set_tooltip_text (button, tooltip);
        gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip, -1);
        gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "game.ransom");
        gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "(uu)", payer, captor);
        gtk_box_append (GTK_BOX (row), button);
        gtk_box_append (GTK_BOX (self->ransom_box), row);
        any = TRUE;
      }
  gtk_widget_set_visible (self->ransom_box, any);
}

/* The feature a choice concerns, as a segment of the board shown (a preview's has the tile
 * being placed), or G_MAXUINT for a crown space or a tower's cell. */
static guint
choice_segment (TesseraGameView *self,
                guint            index)
{
  guint n_choices;
  const TesseraChoice *choices = tessera_turn_get_choices (self->turn, &n_choices);
  TesseraGame *shown = tessera_board_view_get_shown_game (self->board_view);
  const TesseraPlacedTile *tile;

  if (index >= n_choices || shown == NULL || choices[index].kind == TESSERA_CHOICE_CROWN || choices[index].on_cell
      || choices[index].segment < 0)
    return G_MAXUINT;
  tile = tessera_board_lookup (tessera_game_get_board (shown), choices[index].where.at);
  return tile != NULL ? tile->first_segment + (guint) choices[index].segment : G_MAXUINT;
}

/* What the step lights whole: the roads and cities the mage or witch may go to; nothing else
 * (unless a feature's explanation is open). */
static void
highlight_step_features (TesseraGameView *self)
{
  guint n_choices;

  tessera_turn_get_choices (self->turn, &n_choices);
  if (tessera_turn_get_step (self->turn) == TESSERA_TURN_MAGIC)
    {
      g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (guint));

      for (guint i = 0; i < n_choices; i++)
        {
          guint segment = choice_segment (self, i);

          if (segment != G_MAXUINT)
            g_array_append_val (segments, segment);
        }
      tessera_board_view_highlight_features (self->board_view, (const guint *) segments->data, segments->len);
    }
  else if (self->dispute == NULL || !gtk_widget_get_visible (GTK_WIDGET (self->dispute)))
    tessera_board_view_highlight_features (self->board_view, NULL, 0);
}

/* What Confirm will score, said in the card under the choices ("Anna +4: city of 2 tiles with
 * a pennant") and shown beside each score; and the followers it sends home or a tower takes.
 * The wheel's own scores are in its report above, said once. */
static void
update_preview (TesseraGameView      *self,
                const TesseraPreview *preview)
{
  TesseraGame *game = preview != NULL ? preview->after : NULL;
  const char * const *names = game != NULL ? tessera_game_get_player_names (game) : NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  TesseraPlace place;
  guint n_wheel = 0;

  if (preview == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->preview_label), FALSE);
      tessera_scoreboard_set_pending (self->scoreboard, NULL, 0);
      return;
    }
  if (self->turn != NULL && tessera_turn_has_spun (self->turn))
    tessera_turn_get_wheel_scores (self->turn, &n_wheel);
  for (guint i = n_wheel; i < preview->scores->len; i++)
    {
      const TesseraScoreEvent *score = &g_array_index (preview->scores, TesseraScoreEvent, i);
      g_autofree char *why = tessera_score_event_describe_briefly (score, names);

      if (text->len > 0)
        g_string_append_c (text, '\n');
      /* Translators: what Confirm will score: a player, the points and why */
      g_string_append_printf (text, _("%1$s %2$+d: %3$s"), names[score->player], score->points, why);
    }
  /* The followers that leave, each named by where it stands, as the table sees it: from the
   * tile just placed, a tower, the wheel. */
  tessera_place_init (&place, game);
  place.has_placed = tessera_turn_get_placement (self->turn, &place.placed, NULL);
  for (guint i = 0; i < preview->pieces->len; i++)
    {
      const TesseraPieceChange *change = &g_array_index (preview->pieces, TesseraPieceChange, i);
      g_autofree char *where = NULL;
      g_autofree char *piece = NULL;
      g_autofree char *line = NULL;

      /* The follower of the turn's own choice is named by that choice; a crop circle's are not. */
      if (change->fate == TESSERA_PIECE_PLACED && place.has_placed && change->piece.cell.x == place.placed.x
          && change->piece.cell.y == place.placed.y)
        continue;
      where = tessera_place_describe (&place, change->piece.cell);
      piece = tessera_piece_phrase (names[change->piece.player], change->piece.kind, where);
      if (change->fate == TESSERA_PIECE_PLACED)
        /* Translators: a crop circle adds a follower when the turn is confirmed: "Onto the board: Bram’s thief on the road west of the new tile." */
        line = g_strdup_printf (_("Onto the board: %s."), piece);
      else if (change->fate == TESSERA_PIECE_CAPTURED)
        /* Translators: a tower takes a follower prisoner: "Taken prisoner by Carmen: Bram’s knight in the city north of the tower." */
        line = g_strdup_printf (_("Taken prisoner by %1$s: %2$s."), names[change->captor], piece);
      else
        /* Translators: a follower goes back to its owner's supply when the turn is confirmed: "Back to the supply: Anna’s thief on the road west of the new tile." */
        line = g_strdup_printf (_("Back to the supply: %s."), piece);
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, line);
    }
  if (preview->finishes)
    {
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, _("This turn ends the game."));
    }
  gtk_label_set_text (self->preview_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->preview_label), text->len > 0);
  tessera_scoreboard_set_pending (self->scoreboard, preview->points, tessera_game_get_n_players (game));
}

/**
 * tessera_game_view_focus_next_input:
 * @self: the game view
 *
 * Gives the keyboard to where the next input of a turn is expected: the tile search when a turn
 * begins ("pick it below, or type its id"), the board once a tile is chosen, the first choice
 * after placing, Confirm once everything is chosen.
 *
 * This is not the view's grab_focus: GTK calls that too when Tab wraps round the window, and
 * the keyboard would then jump to the search instead of going on to the header bar.
 *
 * Returns: whether a widget took the focus
 */
gboolean
tessera_game_view_focus_next_input (TesseraGameView *self)
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

/* A choice of the list lights its marker and its whole road, city or field on the board while
 * pointed at or focused. */
static void
choice_lit_cb (GtkEventController *controller,
               TesseraGameView    *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (controller);
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "marker"));
  guint segment = self->turn != NULL ? choice_segment (self, (guint) index) : G_MAXUINT;

  tessera_board_view_light_marker (self->board_view, index);
  if (segment != G_MAXUINT)
    tessera_board_view_highlight_features (self->board_view, &segment, 1);
}

static void
choice_unlit_cb (GtkEventController *controller,
                 TesseraGameView    *self)
{
  tessera_board_view_light_marker (self->board_view, -1);
  if (self->turn != NULL)
    highlight_step_features (self);
}

static GtkWidget *
make_choice_button (TesseraGameView *self,
                    guint            index,
                    guint            number)
{
  g_autofree char *name = tessera_turn_describe_choice (self->turn, index);
  g_autofree char *sentence = tessera_turn_describe_choice_fully (self->turn, index);
  g_autofree char *key = g_strdup_printf ("%u", number);
  g_autofree char *description = NULL;
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (name);
  GtkWidget *key_label = gtk_label_new (key);
  GtkEventController *controller;

  /* Its number is its key: one digit, or two from 10 on. */
  gtk_widget_add_css_class (key_label, "choice-key");
  gtk_box_append (GTK_BOX (box), key_label);
  /* The whole sentence (whose follower, what, where) in the tooltip and for a screen reader:
   * the button shows a short name. */
  /* Translators: a choice of the turn and the number key that chooses it */
  description = g_strdup_printf (_("%s (key %u)"), sentence, number);
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

/* The markers of the step as a list of named choices, each with its number key: the spots of
 * the placed tile and the crown spaces, the mage's or witch's roads and cities, a capture, a
 * Plague choice. The list scrolls; two digits number up to 99, more than any step offers. */
#define MAX_LISTED_CHOICES 99

/* Where a choice comes in the fixed order every tile numbers its spots in: by tile, the tile
 * just placed first; then the monastery, cities, roads and fields; then clockwise from north.
 * So 1 is a city's knight on every tile that has a city, whatever the catalogue's order. */
typedef struct
{
  guint  index;
  int    placed;     /* 0 on the tile just placed, 1 elsewhere */
  int    x, y;       /* the tile */
  int    kind;
  double angle;
} ChoiceRank;

static int
feature_rank (TesseraFeatureKind kind)
{
  switch (kind)
    {
    case TESSERA_FEATURE_CLOISTER:
      return 0;
    case TESSERA_FEATURE_CITY:
      return 1;
    case TESSERA_FEATURE_ROAD:
      return 2;
    case TESSERA_FEATURE_FIELD:
    default:
      return 3;
    }
}

static int
compare_ranks (gconstpointer a,
               gconstpointer b)
{
  const ChoiceRank *first = a;
  const ChoiceRank *second = b;

  if (first->placed != second->placed)
    return first->placed - second->placed;
  if (first->y != second->y)
    return first->y - second->y;
  if (first->x != second->x)
    return first->x - second->x;
  if (first->kind != second->kind)
    return first->kind - second->kind;
  if (first->angle != second->angle)
    return first->angle < second->angle ? -1 : 1;
  return (int) first->index - (int) second->index;
}

/* The choices' indices in the order they are numbered: spots ranked as above, the others
 * (crowns, towers) in the engine's order, which is already the same on every board. */
static void
order_choices (TesseraGameView *self,
               guint            n_markers)
{
  guint n_choices;
  const TesseraChoice *choices = tessera_turn_get_choices (self->turn, &n_choices);
  g_autofree ChoiceRank *ranks = g_new0 (ChoiceRank, MAX (n_markers, 1));
  TesseraCell placed_at = { 0, 0 };
  gboolean placed = tessera_turn_get_placement (self->turn, &placed_at, NULL);

  for (guint i = 0; i < n_markers; i++)
    {
      const TesseraChoice *choice = &choices[i];
      const TesseraTileType *type;
      guint rotation;
      double x, y;

      ranks[i].index = i;
      if (choice->kind == TESSERA_CHOICE_CROWN || choice->on_cell || choice->segment < 0
          || !tessera_turn_get_tile_at (self->turn, choice->where.at, &type, &rotation))
        continue;
      ranks[i].placed = placed && choice->where.at.x == placed_at.x && choice->where.at.y == placed_at.y ? 0 : 1;
      ranks[i].x = choice->where.at.x;
      ranks[i].y = choice->where.at.y;
      ranks[i].kind = feature_rank (choice->feature);
      tessera_tile_layout_get_segment_point (type, rotation, (guint) choice->segment, &x, &y);
      /* 0 at north, growing clockwise; the middle of the tile first. */
      ranks[i].angle = fabs (x - 0.5) < 1e-6 && fabs (y - 0.5) < 1e-6 ? -1 : atan2 (x - 0.5, 0.5 - y);
      if (ranks[i].angle < -1e-9 && ranks[i].angle != -1)
        ranks[i].angle += 2 * G_PI;
    }
  g_assert (n_markers <= n_choices);
  qsort (ranks, n_markers, sizeof *ranks, compare_ranks);
  g_array_set_size (self->choice_order, 0);
  for (guint i = 0; i < n_markers; i++)
    g_array_append_val (self->choice_order, ranks[i].index);
}

static void
update_choices (TesseraGameView *self,
                guint            n_markers)
{
  GtkWidget *child;

  g_clear_handle_id (&self->digit_timeout_id, g_source_remove);
  self->typed_digit = 0;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->choice_box))) != NULL)
    gtk_flow_box_remove (self->choice_box, child);
  g_array_set_size (self->choice_order, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->choice_box), n_markers > 0 && n_markers <= MAX_LISTED_CHOICES);
  if (n_markers == 0 || n_markers > MAX_LISTED_CHOICES)
    return;
  order_choices (self, n_markers);
  for (guint i = 0; i < n_markers; i++)
    {
      GtkWidget *button = make_choice_button (self, g_array_index (self->choice_order, guint, i), i + 1);

      gtk_flow_box_append (self->choice_box, button);
      /* Tab goes from button to button: the cell around each is no stop of its own (it held
       * the keyboard between itself and its button). */
      gtk_widget_set_focusable (gtk_widget_get_parent (button), FALSE);
    }
  /* A new step's choices from the top. */
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->choices_scroller), 0);
}

static void
choose_numbered (TesseraGameView *self,
                 guint            number)
{
  if (number >= 1 && number <= self->choice_order->len)
    gtk_widget_activate_action (GTK_WIDGET (self), "game.choose-marker", "u",
                                g_array_index (self->choice_order, guint, number - 1));
}

static gboolean
digit_timeout_cb (gpointer user_data)
{
  TesseraGameView *self = user_data;
  guint typed = self->typed_digit;

  self->digit_timeout_id = 0;
  self->typed_digit = 0;
  choose_numbered (self, typed);
  return G_SOURCE_REMOVE;
}

/* A number key: the choice with that number, 0 none of them. With ten choices or more, a
 * digit that begins a longer number waits a moment for the next one: 1 then 2 is choice 12,
 * 1 alone (or 1 then nothing) is choice 1. Every choice is at most two keys away. */
void
_tessera_game_view_choice_key (TesseraGameView *self,
                               guint            digit)
{
  guint n = self->choice_order->len;

  if (self->typed_digit != 0)
    {
      guint number = self->typed_digit * 10 + digit;

      g_clear_handle_id (&self->digit_timeout_id, g_source_remove);
      self->typed_digit = 0;
      if (number <= n)
        choose_numbered (self, number);
      return;
    }
  if (digit == 0)
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "game.skip", NULL);
      return;
    }
  if (digit * 10 <= n)
    {
      self->typed_digit = digit;
      self->digit_timeout_id = g_timeout_add (900, digit_timeout_cb, self);
      return;
    }
  choose_numbered (self, digit);
}

void
_tessera_game_view_start_turn (TesseraGameView *self)
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
  _tessera_game_view_update_turn (self);
  /* After a confirmation, an undo or a correction too: the next turn starts from the keyboard. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    tessera_game_view_focus_next_input (self);
}

/* Why not ------------------------------------------------------------------------------------- */

/* A click or Enter where the drawn tile cannot go: the engine's reason, under the instruction
 * until the next legal move, and as the focused board's description for a screen reader. */
void
_tessera_game_view_cell_refused_cb (TesseraGameView *self,
                                    int              x,
                                    int              y,
                                    guint            rotation)
{
  TesseraCell cell = { x, y };
  const TesseraBoxEntry *entry;
  TesseraBoard *board;
  TesseraMisfitKind kind;
  g_autofree char *why = NULL;
  g_autofree char *text = NULL;

  if (self->turn == NULL || tessera_turn_get_step (self->turn) != TESSERA_TURN_PLACE)
    return;
  entry = tessera_turn_get_entry (self->turn);
  board = tessera_game_get_board (tessera_turn_get_game (self->turn));
  why = tessera_board_explain_misfit_here (board, entry->type, cell, rotation, &kind);
  if (why == NULL)
    return;
  if (kind != TESSERA_MISFIT_EDGE)
    /* Translators: "Tile C cannot go there: tile D already lies there." */
    text = g_strdup_printf (_("Tile %s cannot go there: %s."), entry->id, why);
  else if (tessera_board_fitting_rotations (board, entry->type, cell) != 0)
    /* Translators: "Tile E cannot go there this way round: its south side is a field, but the tile to the south has a city there. R or a right click turns the tile." */
    text = g_strdup_printf (_("Tile %s cannot go there this way round: %s. R or a right click turns the tile."), entry->id, why);
  else
    /* Translators: "Tile C cannot go there: its west side is a city, but the tile to the west has a road there. No turn of this tile fits here." */
    text = g_strdup_printf (_("Tile %s cannot go there: %s. No turn of this tile fits here."), entry->id, why);
  gtk_label_set_text (self->refusal_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->refusal_label), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->board_view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}
