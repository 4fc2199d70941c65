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

#include "tessera-a11y.h"
#include "tessera-box-window.h"
#include "tessera-final-scoring-window.h"
#include "tessera-game-view-private.h"
#include "tessera-score-log.h"
#include "tessera-table-window.h"
#include "tessera-tile-art.h"
#include "tessera-tile-palette.h"
#include "tessera-tiles-left-window.h"

/* The game screen: the board, the turn being entered, the scoreboard and the score log. Every
 * confirmed move goes to the session (tessera-session.c), which plays it and stores it at once,
 * or refuses it with its reason; the screen shows the game again when the session says it
 * changed. */


G_DEFINE_FINAL_TYPE (TesseraGameView, tessera_game_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_PURIST,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void refresh (TesseraGameView *self);

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
  return self->session != NULL ? tessera_session_get_game_id (self->session) : 0;
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

void
_tessera_game_view_update_actions (TesseraGameView *self)
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
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.choice-key", in_turn && step != TESSERA_TURN_DRAW);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.find-tile", in_turn && step == TESSERA_TURN_DRAW);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.ransom", idle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.adjust", idle);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.end", idle);
  /* A game the last tile ended goes on if the box holds a tile more (B11). */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.correct-box",
                                 idle || (self->game != NULL && self->correcting < 0 && tessera_game_ended_by_last_tile (self->game)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.correct", self->game != NULL && self->correcting < 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.stop-correcting", self->correcting >= 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.show-final-scoring",
                                 self->game != NULL && tessera_game_is_finished (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.show-tiles-left", self->game != NULL && !self->aids_hidden);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.table-view", self->game != NULL);
  /* A game that has just ended at the table can be logged in BG Stats from here. */
  if (self->share != NULL)
    tessera_share_actions_set_game (self->share, self->game,
                                    self->session != NULL ? tessera_session_get_store (self->session) : NULL,
                                    self->session != NULL ? tessera_session_get_game_id (self->session) : 0,
                                    self->game != NULL && tessera_game_is_finished (self->game));
}

/* Moves ------------------------------------------------------------------------------------- */

static void
end_game (TesseraGameView *self)
{
  g_autoptr(GError) error = NULL;
  /* The game's record says when it ended: now, by this computer's clock. */
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  if (!tessera_session_end (self->session, now, &error))
    {
      show_error (self, _("The Game Cannot End"), error->message);
      return;
    }
  gtk_widget_activate_action (GTK_WIDGET (self), "game.show-final-scoring", NULL);
}

static void
last_tile_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       TesseraGameView  *self)
{
  if (g_strcmp0 (response, "final-scoring") == 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "game.show-final-scoring", NULL);
  else if (g_strcmp0 (response, "correct-box") == 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "game.correct-box", NULL);
}

static void
ask_last_tile (TesseraGameView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                              _("Was That the Last Tile?"),
                                              _("Every tile Tessera counts in this box is on the table, so the game is over and the final scoring is done. If the box still holds a tile, correct the box’s count and the game goes on."));

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "correct-box", _("_Correct the Box…"),
                                    "final-scoring", _("_See the Final Scoring"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "final-scoring", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "final-scoring");
  /* Escape leaves the game as it is, over: the menu still corrects the box. */
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
      int correcting = self->correcting;

      /* Shown again as corrected, no longer correcting; refused, the move is still entered. */
      self->correcting = -1;
      if (!tessera_session_correct (self->session, (guint) correcting, event, &error))
        {
          self->correcting = correcting;
          show_error (self, _("The Correction Was Refused"), error->message);
        }
      return;
    }

  if (!tessera_session_apply (self->session, event, &error))
    {
      show_error (self, _("This Move Was Refused"), error->message);
      return;
    }
  /* The last tile of this box as Tessera counts it ends the game (B11), but the box on the
   * table may still hold one (a Wheel of Fortune box has one more than the catalogue knows, a
   * family may have added a copy): the table says whether that was really the last. */
  if (tessera_game_ended_by_last_tile (self->game))
    ask_last_tile (self);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (tessera_game_can_undo (self->game) && !tessera_session_undo (self->session, &error))
    show_error (self, _("The Move Cannot Be Undone"), error->message);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (tessera_game_can_redo (self->game) && !tessera_session_redo (self->session, &error))
    show_error (self, _("The Move Cannot Be Redone"), error->message);
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
  _tessera_game_view_update_turn (self);
  tessera_game_view_focus_next_input (self);
}

static void
skip_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);

  tessera_turn_skip (self->turn);
  _tessera_game_view_update_turn (self);
  tessera_game_view_focus_next_input (self);
}

static void
figure_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);

  tessera_turn_set_figure (self->turn, g_str_equal (g_variant_get_string (parameter, NULL), "witch")
                                       ? TESSERA_MAGIC_WITCH : TESSERA_MAGIC_MAGE);
  _tessera_game_view_update_turn (self);
  tessera_game_view_focus_next_input (self);
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
  _tessera_game_view_update_turn (self);
  tessera_game_view_focus_next_input (self);
}

static void
crop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);

  tessera_turn_choose_crop (self->turn, g_variant_get_boolean (parameter));
  _tessera_game_view_update_turn (self);
  tessera_game_view_focus_next_input (self);
}

static void
tile_chosen_cb (TesseraGameView       *self,
                const TesseraBoxEntry *entry)
{
  tessera_turn_choose_tile (self->turn, entry);
  tessera_board_view_highlight_features (self->board_view, NULL, 0);
  tessera_score_log_unselect (self->log);
  _tessera_game_view_update_turn (self);
  tessera_game_view_focus_next_input (self);
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
  _tessera_game_view_update_turn (self);
  tessera_game_view_focus_next_input (self);
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
  tessera_turn_get_choices (self->turn, &n_markers);
  if (index >= n_markers)
    return;
  tessera_turn_choose (self->turn, index);
  _tessera_game_view_update_turn (self);
  tessera_game_view_focus_next_input (self);
}

static void
choose_marker_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  marker_activated_cb (TESSERA_GAME_VIEW (widget), g_variant_get_uint32 (parameter));
}

/* Undo on the ransom's toast: the ransom goes, through the session, so the history, the score
 * and the prisoner are as they were; refused when other moves followed it. */
static void
ransom_undo_cb (AdwToast        *toast,
                TesseraGameView *self)
{
  g_autoptr(GError) error = NULL;
  const TesseraEvent *ransom = g_object_get_data (G_OBJECT (toast), "ransom");

  if (self->session != NULL && !tessera_session_undo_move (self->session, ransom, &error))
    show_error (self, _("The Ransom Cannot Be Undone"), error->message);
}

static void
ransom_toast_dismissed_cb (AdwToast        *toast,
                           TesseraGameView *self)
{
  /* Gone from the screen, it offers nothing more, though it may live on while it slides away. */
  if (self->ransom_toast == toast)
    g_clear_weak_pointer (&self->ransom_toast);
}

/* Says which ransom was paid, with Undo: one click pays it, and a click on the wrong row is
 * taken back as easily. One toast for every ransom in a row, each replacing the last one's
 * words: libadwaita 1.2 crashes on a toast that goes while it still slides in. */
static void
offer_ransom_undo (TesseraGameView *self,
                   TesseraEvent    *ransom)
{
  const char * const *names = tessera_game_get_player_names (self->game);
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  /* Translators: a toast after a ransom was paid, with Undo: "Bram paid Anna 3 points to get a follower back" */
  g_autofree char *title = g_strdup_printf (_("%s paid %s 3 points to get a follower back"),
                                            names[ransom->player], names[ransom->from]);

  if (overlay == NULL)
    return;
  if (self->ransom_toast == NULL)
    {
      self->ransom_toast = adw_toast_new (title);
      adw_toast_set_button_label (self->ransom_toast, _("_Undo"));
      adw_toast_set_priority (self->ransom_toast, ADW_TOAST_PRIORITY_HIGH);
      g_object_add_weak_pointer (G_OBJECT (self->ransom_toast), (gpointer *) &self->ransom_toast);
      g_signal_connect_object (self->ransom_toast, "button-clicked", G_CALLBACK (ransom_undo_cb), self, 0);
      g_signal_connect_object (self->ransom_toast, "dismissed", G_CALLBACK (ransom_toast_dismissed_cb), self, 0);
      g_object_set_data_full (G_OBJECT (self->ransom_toast), "ransom", tessera_event_ref (ransom),
                              (GDestroyNotify) tessera_event_unref);
      adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), self->ransom_toast);
      return;
    }
  adw_toast_set_title (self->ransom_toast, title);
  g_object_set_data_full (G_OBJECT (self->ransom_toast), "ransom", tessera_event_ref (ransom),
                          (GDestroyNotify) tessera_event_unref);
}

static void
choice_key_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  _tessera_game_view_choice_key (TESSERA_GAME_VIEW (widget), g_variant_get_uint32 (parameter));
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
  if (!tessera_session_apply (self->session, ransom, &error))
    {
      show_error (self, _("The Ransom Was Refused"), error->message);
      return;
    }
  offer_ransom_undo (self, ransom);
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
  if (!tessera_session_apply (self->session, adjust, &error))
    show_error (self, _("The Correction Was Refused"), error->message);
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
  tessera_a11y_name_drop_down (GTK_DROP_DOWN (who), _("Player"));
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
  refresh (self);
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

/* Corrects the game's box, which the session stores at once, as a move; on any refusal the
 * game stays as the history has it. When one kind was raised, it is the tile just drawn: the
 * turn goes on with it. */
static void
box_save_cb (TesseraGameView  *self,
             TesseraBoxWindow *window)
{
  g_autoptr(GArray) changes = tessera_box_editor_get_changes (tessera_box_window_get_editor (window));
  g_autoptr(GError) error = NULL;
  const char *raised = NULL;
  guint n_raised = 0;

  for (guint i = 0; i < changes->len; i++)
    {
      const TesseraBoxCount *change = &g_array_index (changes, TesseraBoxCount, i);

      if (change->copies > box_copies (self->game, change->tile))
        {
          raised = change->tile;
          n_raised++;
        }
    }
  if (!tessera_session_correct_box (self->session, (const TesseraBoxCount *) changes->data, changes->len, &error))
    {
      show_error_over (GTK_WINDOW (window), _("The Box Cannot Be Corrected"), error->message);
      return;
    }

  gtk_window_destroy (GTK_WINDOW (window));
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

  if (self->game == NULL || (tessera_game_is_finished (self->game) && !tessera_game_ended_by_last_tile (self->game)))
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

static void
show_tiles_left_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);

  if (self->tiles_left == NULL)
    {
      self->tiles_left = GTK_WINDOW (tessera_tiles_left_window_new (GTK_WINDOW (gtk_widget_get_root (widget))));
      g_object_add_weak_pointer (G_OBJECT (self->tiles_left), (gpointer *) &self->tiles_left);
      tessera_tiles_left_window_set_game (TESSERA_TILES_LEFT_WINDOW (self->tiles_left), self->game);
    }
  gtk_window_present (self->tiles_left);
}

/* The table view ------------------------------------------------------------------------------ */

/* Back from the table view, the next move is entered on the laptop at once. */
static gboolean
table_window_close_request_cb (TesseraGameView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (GTK_IS_WINDOW (root))
    gtk_window_present (GTK_WINDOW (root));
  tessera_game_view_focus_next_input (self);
  return FALSE;
}

static void
table_view_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (widget);

  if (self->table_window == NULL)
    {
      self->table_window = GTK_WINDOW (tessera_table_window_new (GTK_WINDOW (gtk_widget_get_root (widget))));
      g_object_add_weak_pointer (G_OBJECT (self->table_window), (gpointer *) &self->table_window);
      g_signal_connect_object (self->table_window, "close-request", G_CALLBACK (table_window_close_request_cb),
                               self, G_CONNECT_SWAPPED);
      tessera_table_window_set_session (TESSERA_TABLE_WINDOW (self->table_window), self->session);
    }
  gtk_window_present (self->table_window);
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

/**
 * _tessera_game_view_get_shown_game:
 *
 * Returns: (transfer none): the game as the table sees it now: while a move is corrected, the
 *   game before that move (its scores, its tiles, whose turn it was), which the turn is entered
 *   on; otherwise the session's game
 */
TesseraGame *
_tessera_game_view_get_shown_game (TesseraGameView *self)
{
  if (self->correcting >= 0 && self->turn != NULL)
    return tessera_turn_get_game (self->turn);
  return self->game;
}

/* The subtitle says whose turn it is, the tiles left, and that the table plays without aids:
 * of the game shown, so that it names the player the turn card and the scoreboard name. */
void
_tessera_game_view_update_title (TesseraGameView *self)
{
  TesseraGame *game = _tessera_game_view_get_shown_game (self);
  const char * const *names = tessera_game_get_player_names (game);
  g_autofree char *subtitle = NULL;
  guint tiles_left = tessera_game_get_tiles_left (game);

  if (tessera_game_is_finished (game))
    subtitle = g_strdup (_("Finished"));
  else
    /* Translators: the window subtitle during a game: whose turn, and the tiles still to draw */
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s to play · %u tile left", "%s to play · %u tiles left", tiles_left),
                                names[tessera_game_get_current_player (game)], tiles_left);
  if (self->aids_hidden)
    {
      /* Translators: added to the window subtitle of a game played without aids */
      g_autofree char *purist = g_strdup_printf (_("%s · Purist"), subtitle);

      g_free (g_steal_pointer (&subtitle));
      subtitle = g_steal_pointer (&purist);
    }
  adw_window_title_set_title (self->window_title, _("Tessera"));
  adw_window_title_set_subtitle (self->window_title, subtitle);
}

/* What the last move scored, in the score log's words: "Last move: Anna +4: completed city at
 * [0, -1]: …". A confirmed turn gives the keyboard back to the tile search, and a screen reader
 * reads the search's description with its name, so the table hears the points without going
 * to look for them; after an undo it tells what the move now last scored. */
static char *
describe_last_move (TesseraGame *game)
{
  guint n_events = tessera_game_get_n_events (game);
  guint n_scores;
  const TesseraScoreEvent *scores = tessera_game_get_score_events (game, &n_scores);
  g_autoptr(GPtrArray) sentences = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *joined = NULL;

  if (n_events == 0)
    return NULL;
  for (guint i = 0; i < n_scores; i++)
    if (scores[i].event == n_events - 1)
      g_ptr_array_add (sentences, tessera_score_log_describe_score (game, &scores[i]));
  if (sentences->len == 0)
    return g_strdup (_("Last move: no points."));
  g_ptr_array_add (sentences, NULL);
  joined = g_strjoinv ("; ", (char **) sentences->pdata);
  /* Translators: what a screen reader hears when a turn is confirmed: the scorings of the move, in the score log's words */
  return g_strdup_printf (_("Last move: %s."), joined);
}

static void
refresh (TesseraGameView *self)
{
  g_autofree char *last_move = NULL;

  gtk_widget_set_visible (self->correction_bar, self->correcting >= 0);

  /* Correcting, the board shows the game before the move once the turn has it: fitted anew. */
  tessera_board_view_set_game (self->board_view, self->correcting >= 0 ? NULL : self->game);
  tessera_board_view_game_changed (self->board_view);
  if (self->correcting < 0)
    keep_last_tile_in_view (self);
  tessera_scoreboard_set_game (self->scoreboard, self->game);
  tessera_score_line_set_game (self->score_line, self->game);
  tessera_score_log_set_game (self->log, self->game);
  last_move = describe_last_move (self->game);
  tessera_tile_palette_set_search_description (self->palette, last_move);
  /* A table that plays without aids counts no tiles either. */
  if (self->tiles_left != NULL && self->aids_hidden)
    gtk_window_destroy (self->tiles_left);
  else if (self->tiles_left != NULL)
    tessera_tiles_left_window_set_game (TESSERA_TILES_LEFT_WINDOW (self->tiles_left), self->game);
  _tessera_game_view_start_turn (self);
  /* Correcting a move, the table sees the game as it was before it: the board, the scores and
   * whose turn it was, where the turn is entered again. The log keeps every move. */
  if (self->correcting >= 0)
    {
      tessera_board_view_set_game (self->board_view, _tessera_game_view_get_shown_game (self));
      tessera_scoreboard_set_game (self->scoreboard, _tessera_game_view_get_shown_game (self));
      tessera_score_line_set_game (self->score_line, _tessera_game_view_get_shown_game (self));
    }
  _tessera_game_view_update_title (self);
  _tessera_game_view_apply_aids (self);
}

/* The session changed the game: a move, an undo, a correction; shown as it is now. */
static void
session_changed_cb (TesseraGameView *self)
{
  g_set_object (&self->game, tessera_session_get_game (self->session));
  refresh (self);
}

static void
session_purist_cb (TesseraGameView *self)
{
  _tessera_game_view_show_purist (self, tessera_session_get_purist (self->session));
}

/**
 * tessera_game_view_set_session:
 * @self: the game view
 * @session: a game being played
 *
 * Shows the session's game where it stopped, ready for the next move, and follows it.
 */
void
tessera_game_view_set_session (TesseraGameView *self,
                               TesseraSession  *session)
{
  g_return_if_fail (TESSERA_IS_GAME_VIEW (self));
  g_return_if_fail (TESSERA_IS_SESSION (session));

  if (self->final_scoring != NULL)
    gtk_window_destroy (self->final_scoring);
  if (self->tiles_left != NULL)
    gtk_window_destroy (self->tiles_left);
  if (self->table_window != NULL)
    gtk_window_destroy (self->table_window);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  g_signal_connect_object (session, "changed", G_CALLBACK (session_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::purist", G_CALLBACK (session_purist_cb), self, G_CONNECT_SWAPPED);
  g_set_object (&self->game, tessera_session_get_game (session));
  self->correcting = -1;
  _tessera_game_view_hide_fits (self);
  if (tessera_session_get_purist (session) != self->aids_hidden)
    {
      self->aids_hidden = tessera_session_get_purist (session);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PURIST]);
    }
  refresh (self);
  tessera_board_view_fit (self->board_view);
}

/**
 * tessera_game_view_get_session:
 *
 * Returns: (transfer none) (nullable): the game being played, once one was given
 */
TesseraSession *
tessera_game_view_get_session (TesseraGameView *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_VIEW (self), NULL);
  return self->session;
}

static void
tessera_game_view_dispose (GObject *object)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (object);

  if (self->final_scoring != NULL)
    gtk_window_destroy (self->final_scoring);
  if (self->tiles_left != NULL)
    gtk_window_destroy (self->tiles_left);
  if (self->table_window != NULL)
    gtk_window_destroy (self->table_window);
  g_clear_pointer ((GtkWidget **) &self->dispute, gtk_widget_unparent);
  g_clear_weak_pointer (&self->ransom_toast);
  g_clear_handle_id (&self->fits_timeout_id, g_source_remove);
  g_clear_handle_id (&self->digit_timeout_id, g_source_remove);
  g_clear_pointer (&self->choice_order, g_array_unref);
  g_clear_pointer ((GtkWidget **) &self->fits_popover, gtk_widget_unparent);
  gtk_widget_dispose_template (GTK_WIDGET (self), TESSERA_TYPE_GAME_VIEW);
  g_clear_object (&self->share);
  g_clear_pointer (&self->turn, tessera_turn_free);
  g_clear_object (&self->game);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (tessera_game_view_parent_class)->dispose (object);
}

static void
tessera_game_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (object);

  switch (prop_id)
    {
    case PROP_PURIST:
      g_value_set_boolean (value, self->aids_hidden);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_game_view_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  TesseraGameView *self = TESSERA_GAME_VIEW (object);
  g_autoptr(GError) error = NULL;

  switch (prop_id)
    {
    case PROP_PURIST:
      /* The primary menu's switch: the history keeps the choice, or the aids stay as they were. */
      if (!tessera_game_view_set_purist (self, g_value_get_boolean (value), &error))
        show_error (self, _("Cannot Change the Aids"), error->message);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The labels of a row of switches wrap, each in its own button, rather than widen the turn card
 * past a phone's width. */
static void
wrap_button_labels (GtkWidget *row)
{
  for (GtkWidget *button = gtk_widget_get_first_child (row); button != NULL; button = gtk_widget_get_next_sibling (button))
    {
      GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
    }
}

/* The handle's toggle says what it will do: fold the turn card away, or show it again. */
static void
panel_folded_cb (TesseraGameView *self)
{
  gboolean folded = tessera_game_layout_get_panel_folded (self->layout);
  const char *label = folded ? _("Show the Turn") : _("Fold the Turn Away");

  gtk_button_set_icon_name (self->fold_button, folded ? "pan-up-symbolic" : "pan-down-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->fold_button), label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->fold_button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* Laid out anew, the board has a new shape: it is fitted to it. Beside the board, the row of
 * switches keeps its height at every step, so that Back and Confirm stay where they were; under
 * a phone's board, where a switch takes two lines, a step without switches gives that room to
 * what it lists (the card's height is the layout's there, the same at every step). */
static void
layout_stacked_cb (TesseraGameView *self)
{
  gboolean stacked = tessera_game_layout_get_stacked (self->layout);

  tessera_board_view_queue_fit (self->board_view);
  /* Both ways: a stack homogeneous one way only measures its pages' width for a height, and
   * wrapped words measured so come out on one line. */
  gtk_stack_set_vhomogeneous (self->mode_stack, !stacked);
  gtk_stack_set_hhomogeneous (self->mode_stack, !stacked);
}

static void
tessera_game_view_class_init (TesseraGameViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_game_view_dispose;
  object_class->get_property = tessera_game_view_get_property;
  object_class->set_property = tessera_game_view_set_property;

  /**
   * TesseraGameView:purist:
   *
   * Whether the game is played without aids: no odds, projected scores, dead spots or
   * tiles-left counts. Kept with the game in the history.
   */
  properties[PROP_PURIST] =
    g_param_spec_boolean ("purist", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TESSERA_TYPE_BOARD_VIEW);
  g_type_ensure (TESSERA_TYPE_GAME_LAYOUT);
  g_type_ensure (TESSERA_TYPE_SCORE_LINE);
  g_type_ensure (TESSERA_TYPE_SCOREBOARD);
  g_type_ensure (TESSERA_TYPE_SCORE_LOG);
  g_type_ensure (TESSERA_TYPE_TILE_PALETTE);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-game-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, main_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, layout);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, score_line);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, fold_button);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, window_title);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, board_view);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, correction_bar);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, correction_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, turn_card);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, turn_heading);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, instruction_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, refusal_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, turn_stack);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, ransom_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, palette);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, chosen_tile);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, wheel_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, choices_scroller);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, choice_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, preview_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraGameView, mode_stack);
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
  gtk_widget_class_install_action (widget_class, "game.choice-key", "u", choice_key_action);
  gtk_widget_class_install_action (widget_class, "game.ransom", "(uu)", ransom_action);
  gtk_widget_class_install_action (widget_class, "game.adjust", NULL, adjust_action);
  gtk_widget_class_install_action (widget_class, "game.end", NULL, end_action);
  gtk_widget_class_install_action (widget_class, "game.correct-box", NULL, correct_box_action);
  gtk_widget_class_install_action (widget_class, "game.correct", "u", correct_action);
  gtk_widget_class_install_action (widget_class, "game.stop-correcting", NULL, stop_correcting_action);
  gtk_widget_class_install_action (widget_class, "game.show-final-scoring", NULL, show_final_scoring_action);
  gtk_widget_class_install_action (widget_class, "game.show-tiles-left", NULL, show_tiles_left_action);
  gtk_widget_class_install_action (widget_class, "game.table-view", NULL, table_view_action);
  gtk_widget_class_install_action (widget_class, "game.rotate", NULL, rotate_action);
  gtk_widget_class_install_property_action (widget_class, "game.purist", "purist");

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
  for (guint i = 0; i <= 9; i++)
    {
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0 + i, 0, "game.choice-key", "u", i);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0 + i, 0, "game.choice-key", "u", i);
    }
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_period, GDK_CONTROL_MASK, "game.skip", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_k, GDK_CONTROL_MASK, "game.adjust", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "game.end", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_E, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "game.end", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "game.show-final-scoring", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_R, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "game.show-final-scoring", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK, "game.show-tiles-left", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F11, 0, "game.table-view", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "share.export-image", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_S, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "share.export-image", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "share.print-score-sheet", NULL);
}

static void
tessera_game_view_init (TesseraGameView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->correcting = -1;
  self->choice_order = g_array_new (FALSE, FALSE, sizeof (guint));
  /* The correction's bar lies over the board, narrow at 1024x600: its words wrap there rather
   * than run off both sides (Dutch runs longest). */
  gtk_label_set_wrap (self->correction_label, TRUE);
  gtk_label_set_width_chars (self->correction_label, 30);
  gtk_label_set_max_width_chars (self->correction_label, 44);
  wrap_button_labels (self->figure_box);
  wrap_button_labels (self->mode_box);
  wrap_button_labels (self->crop_box);
  /* One action per command, where its data is: the board fits itself, and sharing is the same
   * for the replay. The header bar and the menu reach them through these groups. */
  gtk_widget_insert_action_group (GTK_WIDGET (self), "board", tessera_board_view_get_actions (self->board_view));
  self->share = tessera_share_actions_new (GTK_WIDGET (self));
  gtk_widget_insert_action_group (GTK_WIDGET (self), "share", G_ACTION_GROUP (self->share));
  gtk_drawing_area_set_draw_func (self->chosen_tile, _tessera_game_view_draw_chosen_tile, self, NULL);
  g_signal_connect_object (self->palette, "tile-chosen", G_CALLBACK (tile_chosen_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board_view, "placement-chosen", G_CALLBACK (placement_chosen_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board_view, "cell-refused", G_CALLBACK (_tessera_game_view_cell_refused_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board_view, "marker-activated", G_CALLBACK (marker_activated_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board_view, "feature-activated", G_CALLBACK (_tessera_game_view_feature_activated_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board_view, "inspected-cell-changed", G_CALLBACK (_tessera_game_view_inspected_cell_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->log, "feature-selected", G_CALLBACK (final_feature_selected_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->layout, "notify::panel-folded", G_CALLBACK (panel_folded_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->layout, "notify::stacked", G_CALLBACK (layout_stacked_cb), self, G_CONNECT_SWAPPED);
  /* Folded away or back, the turn card leaves the board a new shape: it is fitted to it. */
  g_signal_connect_object (self->layout, "notify::panel-folded", G_CALLBACK (tessera_board_view_queue_fit), self->board_view,
                           G_CONNECT_SWAPPED);
  _tessera_game_view_update_actions (self);
}
