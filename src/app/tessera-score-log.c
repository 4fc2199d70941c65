/* tessera-score-log.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-score-log"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tessera-focus-group.h"
#include "tessera-move-words.h"
#include "tessera-score-log.h"
#include "tessera-player-marks.h"

/* The score log: every move of a game, newest first, each with the points it brought and why.
 * The live game shows it with a pencil on each move to correct it; a replay shows the moves up
 * to the event it stands at, without. Selecting a scoring names the feature it scored. */

struct _TesseraScoreLog
{
  GtkWidget   parent_instance;

  GtkListBox  *list;
  gboolean     correctable;
  TesseraGame *game;   /* the game listed, to know a new one */
};

G_DEFINE_FINAL_TYPE (TesseraScoreLog, tessera_score_log, GTK_TYPE_WIDGET)

enum {
  FEATURE_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/**
 * tessera_score_log_describe_event:
 * @index: the event of @game's log
 * @event: that event
 *
 * Returns: (transfer full): a move as the log lists it (tessera_move_describe()), "9 · Bram:
 *   tile D 2 tiles east of the wheel", with a line for each other thing it did
 */
char *
tessera_score_log_describe_event (TesseraGame        *game,
                                  guint               index,
                                  const TesseraEvent *event)
{
  g_return_val_if_fail (event == tessera_game_get_event (game, index), NULL);

  return tessera_move_describe (game, index);
}

static GtkWidget *
make_event_row (TesseraGame        *game,
                guint               index,
                const TesseraEvent *event,
                gboolean            correctable,
                const char * const *marks)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  g_autofree char *text = tessera_score_log_describe_event (game, index, event);
  const char *details = strchr (text, '\n');
  g_autofree char *head = g_markup_escape_text (text, details != NULL ? details - text : -1);
  g_autofree char *rest = details != NULL ? g_markup_escape_text (details, -1) : NULL;
  g_autofree char *markup = g_strdup_printf ("<b>%s</b>%s", head, rest != NULL ? rest : "");
  GtkWidget *label = gtk_label_new (NULL);

  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 4);
  gtk_widget_set_margin_top (box, 2);
  gtk_widget_set_margin_bottom (box, 2);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  gtk_widget_set_hexpand (label, TRUE);
  /* The move in bold, what else it did under it. */
  gtk_label_set_markup (GTK_LABEL (label), markup);
  /* The player by the mark on their followers too, while marks are shown. */
  if (event->player >= 0 && (guint) event->player < tessera_game_get_n_players (game))
    gtk_box_append (GTK_BOX (box), tessera_player_marks_new_badge (marks[event->player]));
  gtk_box_append (GTK_BOX (box), label);

  /* A move is corrected in the live game only, never in a replay. */
  if (correctable && (event->kind == TESSERA_EVENT_TURN || event->kind == TESSERA_EVENT_DISCARD))
    {
      GtkWidget *correct = gtk_button_new_from_icon_name ("document-edit-symbolic");
      g_autofree char *tooltip = g_strdup_printf (_("Correct move %u"), index + 1);

      gtk_widget_add_css_class (correct, "flat");
      gtk_widget_set_valign (correct, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (correct, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (correct), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (correct), "game.correct");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (correct), "u", index);
      gtk_box_append (GTK_BOX (box), correct);
    }
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  /* GTK 4.8 names a row after none of its labels: a screen reader would say "list item". */
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  return row;
}

/**
 * tessera_score_log_describe_score:
 *
 * Returns: (transfer full): a scoring as the log lists it, "Anna +8: completed city at …"
 */
char *
tessera_score_log_describe_score (TesseraGame             *game,
                                  const TesseraScoreEvent *score)
{
  const char * const *names = tessera_game_get_player_names (game);
  g_autofree char *why = tessera_score_event_describe_briefly (score, names);

  /* Translators: a scoring in the log: "Anna +8: completed city at [2, 0]: 3 tiles x 2 + …" */
  return g_strdup_printf (_("%s %+d: %s"), names[score->player], score->points, why);
}

static GtkWidget *
make_score_row (TesseraGame             *game,
                const TesseraScoreEvent *score,
                const char * const      *marks)
{
  g_autofree char *text = tessera_score_log_describe_score (game, score);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_margin_start (box, 22);
  gtk_widget_set_margin_end (box, 10);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  if (score->player < tessera_game_get_n_players (game))
    gtk_box_append (GTK_BOX (box), tessera_player_marks_new_badge (marks[score->player]));
  gtk_box_append (GTK_BOX (box), label);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  /* The feature plus one: 0 is a scoring without a feature (the wheel, a ransom). */
  g_object_set_data (G_OBJECT (row), "feature",
                     GUINT_TO_POINTER (score->feature == G_MAXUINT ? 0 : score->feature + 1));
  return row;
}

/**
 * tessera_score_log_set_game:
 * @game: the game whose moves to list, as far as it has gone
 *
 * Lists @game's moves, the newest on top, each with its scorings.
 */
void
tessera_score_log_set_game (TesseraScoreLog *self,
                            TesseraGame     *game)
{
  GtkWidget *child;
  guint n_scores;
  const TesseraScoreEvent *scores;
  guint next_score;
  g_auto(GStrv) marks = NULL;

  g_return_if_fail (TESSERA_IS_SCORE_LOG (self));
  g_return_if_fail (TESSERA_IS_GAME (game));

  scores = tessera_game_get_score_events (game, &n_scores);
  next_score = n_scores;
  marks = tessera_player_marks_make_letters (tessera_game_get_player_names (game), tessera_game_get_n_players (game));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);

  /* Another game (a Resume, a replay opened) opens on its latest move, the newest on top. */
  if (self->game != game)
    {
      GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);

      g_set_object (&self->game, game);
      if (scroller != NULL)
        {
          GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));

          gtk_adjustment_set_value (adjustment, gtk_adjustment_get_lower (adjustment));
        }
    }

  for (guint i = tessera_game_get_n_events (game); i-- > 0;)
    {
      const TesseraEvent *event = tessera_game_get_event (game, i);
      guint first = next_score;

      while (first > 0 && scores[first - 1].event == i)
        first--;
      GtkWidget *row = make_event_row (game, i, event, self->correctable, (const char * const *) marks);

      g_object_set_data (G_OBJECT (row), "event", GUINT_TO_POINTER (i));
      gtk_list_box_append (self->list, row);
      for (guint s = first; s < next_score; s++)
        {
          row = make_score_row (game, &scores[s], (const char * const *) marks);
          g_object_set_data (G_OBJECT (row), "event", GUINT_TO_POINTER (i));
          gtk_list_box_append (self->list, row);
        }
      next_score = first;
    }
}

/**
 * tessera_score_log_set_n_shown:
 * @n_events: how many of the game's events to list, from the first
 *
 * Lists only the first @n_events of the game given: a replay steps through a game without
 * building its log again at each step.
 */
void
tessera_score_log_set_n_shown (TesseraScoreLog *self,
                               guint            n_events)
{
  g_return_if_fail (TESSERA_IS_SCORE_LOG (self));

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list));
       row != NULL;
       row = gtk_widget_get_next_sibling (row))
    gtk_widget_set_visible (row, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "event")) < n_events);
}

/* Whether each move offers its correction (the game.correct action): in the live game. */
void
tessera_score_log_set_correctable (TesseraScoreLog *self,
                                   gboolean         correctable)
{
  g_return_if_fail (TESSERA_IS_SCORE_LOG (self));
  self->correctable = correctable;
}

void
tessera_score_log_unselect (TesseraScoreLog *self)
{
  g_return_if_fail (TESSERA_IS_SCORE_LOG (self));
  gtk_list_box_unselect_all (self->list);
}

GtkListBox *
tessera_score_log_get_list (TesseraScoreLog *self)
{
  g_return_val_if_fail (TESSERA_IS_SCORE_LOG (self), NULL);
  return self->list;
}

static void
row_selected_cb (TesseraScoreLog *self,
                 GtkListBoxRow   *row)
{
  guint feature;

  if (row == NULL)
    return;
  feature = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "feature"));
  g_signal_emit (self, signals[FEATURE_SELECTED], 0, feature == 0 ? G_MAXUINT : feature - 1);
}

static void
tessera_score_log_dispose (GObject *object)
{
  TesseraScoreLog *self = TESSERA_SCORE_LOG (object);

  g_clear_pointer ((GtkWidget **) &self->list, gtk_widget_unparent);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (tessera_score_log_parent_class)->dispose (object);
}

static void
tessera_score_log_class_init (TesseraScoreLogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_score_log_dispose;

  /**
   * TesseraScoreLog::feature-selected:
   * @self: the log
   * @feature: the root of the feature a selected scoring scored, or G_MAXUINT for none
   */
  signals[FEATURE_SELECTED] = g_signal_new ("feature-selected",
                                            G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST,
                                            0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "scorelog");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
tessera_score_log_init (TesseraScoreLog *self)
{
  self->correctable = TRUE;
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_SINGLE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Score log"), -1);
  tessera_focus_group_attach (GTK_WIDGET (self->list));
  gtk_widget_set_parent (GTK_WIDGET (self->list), GTK_WIDGET (self));
  g_signal_connect_object (self->list, "row-selected", G_CALLBACK (row_selected_cb), self, G_CONNECT_SWAPPED);
}

GtkWidget *
tessera_score_log_new (void)
{
  return g_object_new (TESSERA_TYPE_SCORE_LOG, NULL);
}
