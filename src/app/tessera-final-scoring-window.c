/* tessera-final-scoring-window.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-final-scoring"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-final-scoring-window.h"
#include "tessera-tile-art.h"

/* The end of a game, step by step as the rulebook counts it: unfinished roads, cities and
 * cloisters, then farm by farm; then every player's points per category. Selecting a scoring
 * lights its feature up on the board behind the window. */

struct _TesseraFinalScoringWindow
{
  AdwWindow    parent_instance;

  GtkListBox  *steps;
  GtkGrid     *results;
  TesseraGame *game;
};

G_DEFINE_FINAL_TYPE (TesseraFinalScoringWindow, tessera_final_scoring_window, ADW_TYPE_WINDOW)

enum {
  FEATURE_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const struct
{
  TesseraReasonKind reason;
  const char       *title;
} final_steps[] = {
  { TESSERA_REASON_UNFINISHED_ROAD, N_("Unfinished Roads") },
  { TESSERA_REASON_UNFINISHED_CITY, N_("Unfinished Cities") },
  { TESSERA_REASON_UNFINISHED_CLOISTER, N_("Unfinished Cloisters") },
  { TESSERA_REASON_FARM, N_("Farms") },
};

static GtkWidget *
make_label (const char *text,
            const char *css_class,
            float       xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
add_step_rows (TesseraFinalScoringWindow *self)
{
  const char * const *names = tessera_game_get_player_names (self->game);
  guint n_scores;
  const TesseraScoreEvent *scores = tessera_game_get_score_events (self->game, &n_scores);
  guint end = tessera_game_get_n_events (self->game) - 1;

  for (guint step = 0; step < G_N_ELEMENTS (final_steps); step++)
    {
      GtkWidget *header = gtk_list_box_row_new ();
      guint n_rows = 0;

      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (header), make_label (_(final_steps[step].title), "heading", 0));
      gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (header), FALSE);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (header), FALSE);
      gtk_widget_add_css_class (header, "step-header");
      gtk_list_box_append (self->steps, header);

      for (guint i = 0; i < n_scores; i++)
        {
          g_autofree char *why = NULL;
          g_autofree char *text = NULL;
          GtkWidget *row;

          if (scores[i].event != end || scores[i].reason != final_steps[step].reason)
            continue;
          why = tessera_score_event_describe_briefly (&scores[i], names);
          text = g_strdup_printf (_("%s %+d: %s"), names[scores[i].player], scores[i].points, why);
          row = gtk_list_box_row_new ();
          gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), make_label (text, NULL, 0));
          g_object_set_data (G_OBJECT (row), "feature",
                             GUINT_TO_POINTER (scores[i].feature == G_MAXUINT ? 0 : scores[i].feature + 1));
          gtk_list_box_append (self->steps, row);
          n_rows++;
        }
      if (n_rows == 0)
        {
          GtkWidget *row = gtk_list_box_row_new ();

          gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), make_label (_("Nothing to score."), "dim-label", 0));
          gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), FALSE);
          gtk_list_box_append (self->steps, row);
        }
    }
}

static void
add_results (TesseraFinalScoringWindow *self)
{
  guint n_players = tessera_game_get_n_players (self->game);
  const char * const *names = tessera_game_get_player_names (self->game);
  guint order[TESSERA_MAX_PLAYERS];
  int column = 1;

  /* The winner first; ties keep the seating order. */
  for (guint p = 0; p < n_players; p++)
    order[p] = p;
  for (guint i = 1; i < n_players; i++)
    for (guint j = i; j > 0 && tessera_game_get_score (self->game, order[j]) > tessera_game_get_score (self->game, order[j - 1]); j--)
      {
        guint swap = order[j];

        order[j] = order[j - 1];
        order[j - 1] = swap;
      }

  gtk_grid_attach (self->results, make_label (_("Player"), "heading", 0), 0, 0, 1, 1);
  for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
    {
      gboolean used = FALSE;

      for (guint p = 0; p < n_players; p++)
        used |= tessera_game_get_category_score (self->game, p, c) != 0;
      if (!used && c > TESSERA_CATEGORY_FARM)
        continue;
      gtk_grid_attach (self->results, make_label (tessera_category_title (c), "heading", 1), column, 0, 1, 1);
      for (guint r = 0; r < n_players; r++)
        {
          g_autofree char *points = g_strdup_printf ("%d", tessera_game_get_category_score (self->game, order[r], c));

          gtk_grid_attach (self->results, make_label (points, "numeric", 1), column, (int) r + 1, 1, 1);
        }
      column++;
    }
  gtk_grid_attach (self->results, make_label (_("Total"), "heading", 1), column, 0, 1, 1);

  for (guint r = 0; r < n_players; r++)
    {
      guint p = order[r];
      g_autofree char *total = g_strdup_printf ("%d", tessera_game_get_score (self->game, p));
      gboolean winner = tessera_game_get_score (self->game, p) == tessera_game_get_score (self->game, order[0]);
      GtkWidget *total_label = make_label (total, "title-4", 1);
      GtkWidget *name = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

      gtk_box_append (GTK_BOX (name), make_label (names[p], winner ? "heading" : NULL, 0));
      if (winner)
        {
          GtkWidget *star = gtk_image_new_from_icon_name ("starred-symbolic");

          gtk_widget_set_tooltip_text (star, _("Winner"));
          gtk_accessible_update_property (GTK_ACCESSIBLE (star), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Winner"), -1);
          gtk_widget_add_css_class (star, "winner");
          gtk_box_append (GTK_BOX (name), star);
        }

      g_object_set_data (G_OBJECT (total_label), "player", GUINT_TO_POINTER (p + 1));
      gtk_widget_add_css_class (total_label, "numeric");
      gtk_grid_attach (self->results, name, 0, (int) r + 1, 1, 1);
      gtk_grid_attach (self->results, total_label, column, (int) r + 1, 1, 1);
    }
}

/**
 * tessera_final_scoring_window_get_total:
 * @self: the window
 * @player: a seat
 *
 * Returns: the total the result table shows for @player, read back from it
 */
int
tessera_final_scoring_window_get_total (TesseraFinalScoringWindow *self,
                                        guint                      player)
{
  g_return_val_if_fail (TESSERA_IS_FINAL_SCORING_WINDOW (self), 0);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->results));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "player")) == player + 1)
      return atoi (gtk_label_get_text (GTK_LABEL (child)));
  g_return_val_if_reached (0);
}

static void
row_selected_cb (TesseraFinalScoringWindow *self,
                 GtkListBoxRow             *row)
{
  guint feature = row != NULL ? GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "feature")) : 0;

  g_signal_emit (self, signals[FEATURE_SELECTED], 0, feature == 0 ? G_MAXUINT : feature - 1);
}

/* "Next Step": the scorings one after the other, each lit up on the board. */
static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TesseraFinalScoringWindow *self = TESSERA_FINAL_SCORING_WINDOW (widget);
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (self->steps);
  int index = selected != NULL ? gtk_list_box_row_get_index (selected) + 1 : 0;
  GtkListBoxRow *row;

  while ((row = gtk_list_box_get_row_at_index (self->steps, index)) != NULL)
    {
      if (gtk_list_box_row_get_selectable (row) && g_object_get_data (G_OBJECT (row), "feature") != NULL)
        {
          gtk_list_box_select_row (self->steps, row);
          gtk_widget_grab_focus (GTK_WIDGET (row));
          return;
        }
      index++;
    }
  gtk_list_box_unselect_all (self->steps);
}

TesseraFinalScoringWindow *
tessera_final_scoring_window_new (GtkWindow   *parent,
                                  TesseraGame *game)
{
  TesseraFinalScoringWindow *self = g_object_new (TESSERA_TYPE_FINAL_SCORING_WINDOW,
                                                  "transient-for", parent,
                                                  NULL);

  self->game = g_object_ref (game);
  add_step_rows (self);
  add_results (self);
  return self;
}

static void
tessera_final_scoring_window_dispose (GObject *object)
{
  TesseraFinalScoringWindow *self = TESSERA_FINAL_SCORING_WINDOW (object);

  g_clear_object (&self->game);
  G_OBJECT_CLASS (tessera_final_scoring_window_parent_class)->dispose (object);
}

static void
tessera_final_scoring_window_class_init (TesseraFinalScoringWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_final_scoring_window_dispose;

  /**
   * TesseraFinalScoringWindow::feature-selected:
   * @self: the window
   * @segment: a board segment of the feature scored, or %G_MAXUINT
   */
  signals[FEATURE_SELECTED] = g_signal_new ("feature-selected",
                                            G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST,
                                            0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "final.next", NULL, next_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "final.next", NULL);
}

static void
tessera_final_scoring_window_init (TesseraFinalScoringWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *next = gtk_button_new_with_mnemonic (_("_Next Step"));
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *clamp = adw_clamp_new ();

  gtk_window_set_title (GTK_WINDOW (self), _("Final Scoring"));
  gtk_window_set_default_size (GTK_WINDOW (self), 560, 680);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (next), "final.next");
  gtk_widget_add_css_class (next, "suggested-action");
  gtk_widget_set_tooltip_text (next, _("Light up the next scoring on the board (Space)"));
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), next);
  gtk_box_append (GTK_BOX (box), header);

  gtk_widget_set_margin_top (content, 18);
  gtk_widget_set_margin_bottom (content, 18);
  gtk_widget_set_margin_start (content, 12);
  gtk_widget_set_margin_end (content, 12);

  self->results = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_column_spacing (self->results, 16);
  gtk_grid_set_row_spacing (self->results, 6);
  gtk_widget_add_css_class (GTK_WIDGET (self->results), "card");
  gtk_widget_add_css_class (GTK_WIDGET (self->results), "result-table");
  gtk_box_append (GTK_BOX (content), make_label (_("Results"), "title-4", 0));
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->results));

  self->steps = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_add_css_class (GTK_WIDGET (self->steps), "boxed-list");
  gtk_widget_add_css_class (GTK_WIDGET (self->steps), "final-steps");
  g_signal_connect_object (self->steps, "row-selected", G_CALLBACK (row_selected_cb), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (content), make_label (_("Step by Step"), "title-4", 0));
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->steps));

  adw_clamp_set_child (ADW_CLAMP (clamp), content);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), scrolled);
  adw_window_set_content (ADW_WINDOW (self), box);
}
