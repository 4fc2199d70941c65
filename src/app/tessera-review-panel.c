/* tessera-review-panel.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-review-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-gain-bar.h"
#include "tessera-player-marks.h"
#include "tessera-review-panel.h"

/* The review beside a replay's board: while it is made, how far it is; then, for the move
 * shown, what it gained against the best turn its tile allowed and the luck of its draw, and
 * for each player the accuracy, the points lost and the luck over the game. The replay view
 * owns the review and tells the panel what to show; the panel's buttons are the replay's
 * actions (replay.stop-review, replay.review-again, replay.show-best). */

struct _TesseraReviewPanel
{
  GtkWidget       parent_instance;

  /* Template widgets */
  GtkStack       *stack;
  GtkProgressBar *progress_bar;
  GtkLabel       *failure_label;
  GtkLabel       *gain_label;
  TesseraGainBar *gain_bar;
  GtkLabel       *best_label;
  GtkWidget      *best_button;
  GtkLabel       *luck_label;
  GtkGrid        *players_grid;

  char           *names[TESSERA_MAX_PLAYERS];
  double          scale;   /* the largest gain of the review, for the bars' common scale */
};

G_DEFINE_FINAL_TYPE (TesseraReviewPanel, tessera_review_panel, GTK_TYPE_WIDGET)

#define SWATCH_SIZE 18

/**
 * tessera_review_panel_show_progress:
 * @done: turns reviewed
 * @total: turns to review
 */
void
tessera_review_panel_show_progress (TesseraReviewPanel *self,
                                    guint               done,
                                    guint               total)
{
  /* Translators: the review's progress, "34 of 72 turns" */
  g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u turn", "%u of %u turns", total), done,
                                           total);

  g_return_if_fail (TESSERA_IS_REVIEW_PANEL (self));

  gtk_progress_bar_set_fraction (self->progress_bar, total > 0 ? (double) done / total : 0.0);
  gtk_progress_bar_set_text (self->progress_bar, text);
  gtk_stack_set_visible_child_name (self->stack, "progress");
}

/* Why there is no review: it was stopped, or the history could not keep it. */
void
tessera_review_panel_show_failure (TesseraReviewPanel *self,
                                   const char         *message)
{
  g_return_if_fail (TESSERA_IS_REVIEW_PANEL (self));

  gtk_label_set_text (self->failure_label, message);
  gtk_stack_set_visible_child_name (self->stack, "failure");
}

static GtkWidget *
make_cell (const char *text,
           gboolean    numeric,
           gboolean    heading)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0f : 0.0f);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  if (heading)
    gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/**
 * tessera_review_panel_set_review:
 * @review: the review of @game, kept by the caller while the panel shows it
 * @game: the whole game, for the players' names and colours
 *
 * Shows each player's figures, and the panel's move page.
 */
void
tessera_review_panel_set_review (TesseraReviewPanel *self,
                                 TesseraReview      *review,
                                 TesseraGame        *game)
{
  guint n_players = tessera_review_get_n_players (review);
  const TesseraReviewPlayer *players = tessera_review_get_players (review);
  const char * const *names = tessera_review_get_player_names (review);
  g_auto(GStrv) marks = tessera_player_marks_make_letters (names, n_players);
  guint n_turns;
  const TesseraReviewTurn *turns = tessera_review_get_turns (review, &n_turns);
  GtkWidget *child;

  g_return_if_fail (TESSERA_IS_REVIEW_PANEL (self));

  self->scale = 1.0;
  for (guint i = 0; i < n_turns; i++)
    self->scale = MAX (self->scale, MAX (ABS (turns[i].best), ABS (turns[i].made)));
  for (guint p = 0; p < TESSERA_MAX_PLAYERS; p++)
    g_clear_pointer (&self->names[p], g_free);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->players_grid))) != NULL)
    gtk_grid_remove (self->players_grid, child);
  gtk_grid_attach (self->players_grid, make_cell (_("Accuracy"), TRUE, TRUE), 1, 0, 1, 1);
  /* Translators: a column of the review: the points a player's turns gave away to better ones */
  gtk_grid_attach (self->players_grid, make_cell (_("Lost"), TRUE, TRUE), 2, 0, 1, 1);
  gtk_grid_attach (self->players_grid, make_cell (_("Luck"), TRUE, TRUE), 3, 0, 1, 1);
  for (guint p = 0; p < n_players; p++)
    {
      GtkWidget *who = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *name = gtk_label_new (names[p]);
      g_autofree char *accuracy = NULL;
      g_autofree char *lost = g_strdup_printf ("%.1f", players[p].lost);
      g_autofree char *luck = g_strdup_printf ("%+.1f", players[p].luck);

      self->names[p] = g_strdup (names[p]);
      /* Translators: a player's accuracy in the review, "83 %" */
      accuracy = g_strdup_printf (_("%.0f %%"), 100.0 * players[p].accuracy);
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_box_append (GTK_BOX (who),
                      tessera_player_marks_new_swatch (tessera_game_get_player_color (game, p), marks[p], SWATCH_SIZE));
      gtk_box_append (GTK_BOX (who), name);
      gtk_grid_attach (self->players_grid, who, 0, (int) p + 1, 1, 1);
      gtk_grid_attach (self->players_grid, make_cell (accuracy, TRUE, FALSE), 1, (int) p + 1, 1, 1);
      gtk_grid_attach (self->players_grid, make_cell (lost, TRUE, FALSE), 2, (int) p + 1, 1, 1);
      gtk_grid_attach (self->players_grid, make_cell (luck, TRUE, FALSE), 3, (int) p + 1, 1, 1);
    }
  gtk_stack_set_visible_child_name (self->stack, "review");
}

/**
 * tessera_review_panel_set_move:
 * @turn: (nullable): the turn the replay shows, or %NULL for a position after no turn
 * @best_words: (nullable): the best turn in words, as the score log would say it
 *
 * Shows what the move gained against the best turn its tile allowed, and the luck of its draw.
 */
void
tessera_review_panel_set_move (TesseraReviewPanel      *self,
                               const TesseraReviewTurn *turn,
                               const char              *best_words)
{
  g_autofree char *gain = NULL;
  g_autofree char *best = NULL;
  g_autofree char *luck = NULL;

  g_return_if_fail (TESSERA_IS_REVIEW_PANEL (self));

  gtk_widget_set_visible (GTK_WIDGET (self->gain_bar), turn != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->best_label), turn != NULL && best_words != NULL);
  gtk_widget_set_visible (self->best_button, turn != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->luck_label), turn != NULL);
  if (turn == NULL)
    {
      gtk_label_set_text (self->gain_label, _("This is not a turn with a tile. Step to a turn to see how it compares with the best."));
      return;
    }

  if (turn->made >= turn->best)
    /* Translators: "Anna’s turn gained +4.5: a best turn." */
    gain = g_strdup_printf (_("%s’s turn gained %+.1f: a best turn."), self->names[turn->player], turn->made);
  else
    /* Translators: "Anna’s turn gained +4.5; the best turn with this tile, +9.0." */
    gain = g_strdup_printf (_("%s’s turn gained %+.1f; the best turn with this tile, %+.1f."), self->names[turn->player],
                            turn->made, turn->best);
  gtk_label_set_text (self->gain_label, gain);
  tessera_gain_bar_set_gains (self->gain_bar, turn->made, turn->best, self->scale);
  if (best_words != NULL)
    {
      /* Translators: the best turn, as the score log words a move */
      best = g_strdup_printf (_("The best turn: %s"), best_words);
      gtk_label_set_text (self->best_label, best);
    }
  if (turn->luck > 0.05)
    /* Translators: "Luck of the draw: +1.3, a better tile than an average one left" */
    luck = g_strdup_printf (_("Luck of the draw: %+.1f, a better tile than an average one left."), turn->luck);
  else if (turn->luck < -0.05)
    luck = g_strdup_printf (_("Luck of the draw: %+.1f, a worse tile than an average one left."), turn->luck);
  else
    luck = g_strdup (_("Luck of the draw: none, as good a tile as an average one left."));
  gtk_label_set_text (self->luck_label, luck);
}

/**
 * tessera_review_panel_get_state:
 *
 * Returns: what the panel shows: "progress" while the review is made, "failure" when there is
 *   none, "review" once it is there
 */
const char *
tessera_review_panel_get_state (TesseraReviewPanel *self)
{
  g_return_val_if_fail (TESSERA_IS_REVIEW_PANEL (self), NULL);

  return gtk_stack_get_visible_child_name (self->stack);
}

static void
tessera_review_panel_dispose (GObject *object)
{
  TesseraReviewPanel *self = TESSERA_REVIEW_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TESSERA_TYPE_REVIEW_PANEL);
  for (guint p = 0; p < TESSERA_MAX_PLAYERS; p++)
    g_clear_pointer (&self->names[p], g_free);

  G_OBJECT_CLASS (tessera_review_panel_parent_class)->dispose (object);
}

static void
tessera_review_panel_class_init (TesseraReviewPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_review_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-review-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraReviewPanel, stack);
  gtk_widget_class_bind_template_child (widget_class, TesseraReviewPanel, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, TesseraReviewPanel, failure_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraReviewPanel, gain_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraReviewPanel, gain_bar);
  gtk_widget_class_bind_template_child (widget_class, TesseraReviewPanel, best_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraReviewPanel, best_button);
  gtk_widget_class_bind_template_child (widget_class, TesseraReviewPanel, luck_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraReviewPanel, players_grid);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  g_type_ensure (TESSERA_TYPE_GAIN_BAR);
}

static void
tessera_review_panel_init (TesseraReviewPanel *self)
{
  self->scale = 1.0;
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
tessera_review_panel_new (void)
{
  return g_object_new (TESSERA_TYPE_REVIEW_PANEL, NULL);
}
