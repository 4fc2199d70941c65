/* tessera-player-profile.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-player-profile"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-a11y.h"
#include "tessera-focus-group.h"
#include "tessera-player-profile.h"
#include "tessera-figure-art.h"

/* A player over the years: their figures, where their points come from beside everyone's, how
 * their last games went, how they do against each opponent, their best and latest games. The
 * history answers each part in one query; nothing is counted here but the favourite colour. */

/* The categories a profile compares, in TesseraCategory order; corrections are left out. */
static const TesseraCategory chart_categories[] = {
  TESSERA_CATEGORY_ROAD, TESSERA_CATEGORY_CITY, TESSERA_CATEGORY_CLOISTER, TESSERA_CATEGORY_FARM,
  TESSERA_CATEGORY_WHEEL, TESSERA_CATEGORY_CROWN, TESSERA_CATEGORY_RANSOM,
};

#define TREND_GAMES 20
#define RECENT_GAMES 10

struct _TesseraPlayerProfile
{
  GtkWidget         parent_instance;

  /* Template widgets */
  GtkWidget        *main_box;
  AdwWindowTitle   *window_title;
  GtkFlowBox       *figures;
  GtkWidget        *categories_box;
  GtkWidget        *trend_box;
  TesseraChartView *categories_chart;
  TesseraChartView *trend_chart;
  GtkListBox       *opponents_list;
  GtkListBox       *best_list;
  GtkListBox       *recent_list;

  /* Owned references */
  TesseraStore     *store;
  char             *name;
  GArray           *games;    /* TesseraPlayerGame, the latest first */
};

G_DEFINE_FINAL_TYPE (TesseraPlayerProfile, tessera_player_profile, GTK_TYPE_WIDGET)

enum {
  CLOSED,
  GAME_ACTIVATED,
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

/* "24 Nov 2026", by the table's clock. */
static char *
short_date (const char *iso8601)
{
  g_autoptr(GDateTime) time = iso8601 != NULL ? g_date_time_new_from_iso8601 (iso8601, NULL) : NULL;

  if (time == NULL)
    return g_strdup ("");
  /* Translators: a game's date in a player's profile, see the strftime() manual page */
  return g_date_time_format (time, _("%e %b %Y"));
}

/* One figure of the top row: a large number over what it counts. */
static GtkWidget *
make_figure (const char *value,
             const char *caption)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *number = gtk_label_new (value);
  GtkWidget *label = gtk_label_new (caption);

  gtk_widget_add_css_class (box, "card");
  gtk_widget_set_margin_top (number, 12);
  gtk_widget_add_css_class (number, "title-2");
  gtk_widget_add_css_class (number, "numeric");
  gtk_widget_set_margin_bottom (label, 12);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (box), number);
  gtk_box_append (GTK_BOX (box), label);
  return box;
}

/* A figure in the list of figures: its cell is where the arrow keys stop, and carries its name
 * ("Wins: 3") for a screen reader. */
static void
append_figure (TesseraPlayerProfile *self,
               const char           *value,
               const char           *caption)
{
  GtkWidget *figure = make_figure (value, caption);
  g_autofree char *accessible = g_strdup_printf ("%s: %s", caption, value);

  gtk_flow_box_append (self->figures, figure);
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (figure)), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
}

/* The colour a player has played most, the latest game deciding a tie: counted once, as a
 * player of ten years has thousands of games. */
static const char *
favourite_color (GArray *games)
{
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  const char *best = NULL;
  guint most = 0;

  for (guint i = 0; i < games->len; i++)
    {
      const char *color = g_array_index (games, TesseraPlayerGame, i).color;
      guint count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, color)) + 1;

      g_hash_table_insert (counts, (gpointer) color, GUINT_TO_POINTER (count));
      most = MAX (most, count);
    }
  /* The games are the latest first: the first colour played that often wins a tie. */
  for (guint i = 0; i < games->len && best == NULL; i++)
    {
      const char *color = g_array_index (games, TesseraPlayerGame, i).color;

      if (GPOINTER_TO_UINT (g_hash_table_lookup (counts, color)) == most)
        best = color;
    }
  return best;
}

/* "1st of 4" */
static char *
describe_rank (const TesseraPlayerGame *game)
{
  /* Translators: a player's place in a finished game, "2nd of 4" is written "place 2 of 4" */
  return g_strdup_printf (_("place %u of %u"), game->rank, game->n_players);
}

static GtkWidget *
make_game_row (const TesseraPlayerGame *game)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *date = short_date (game->date);
  g_autofree char *rank = describe_rank (game);
  g_autofree char *score = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point", "%d points", ABS (game->score)),
                                            game->score);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), date);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), rank);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_label_new (score));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  /* libadwaita 1.2 names the row by its title alone: a screen reader said only the date. */
  {
    /* Translators: a game of a player's profile read out by a screen reader after its date:
     * "place 1 of 4, 33 points" */
    g_autofree char *said = g_strdup_printf (_("%s, %s"), rank, score);

    gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, said, -1);
  }
  g_object_set_data_full (G_OBJECT (row), "game-id", g_memdup2 (&game->game_id, sizeof game->game_id), g_free);
  return row;
}

static void
game_row_activated_cb (TesseraPlayerProfile *self,
                       GtkListBoxRow        *row)
{
  const gint64 *game_id = g_object_get_data (G_OBJECT (row), "game-id");

  if (game_id != NULL)
    g_signal_emit (self, signals[GAME_ACTIVATED], 0, *game_id);
}

static void
fill_figures (TesseraPlayerProfile     *self,
              const TesseraPlayerStats *stats,
              const TesseraReviewStats *reviewed)
{
  GtkWidget *child;
  g_autofree char *games = g_strdup_printf ("%u", stats->n_games);
  g_autofree char *wins = g_strdup_printf ("%u", stats->n_wins);
  g_autofree char *rate = g_strdup_printf ("%.0f %%", stats->n_games > 0 ? 100.0 * stats->n_wins / stats->n_games : 0.0);
  g_autofree char *average = g_strdup_printf ("%.1f", stats->average_score);
  g_autofree char *best = g_strdup_printf ("%d", stats->best_score);
  const char *color = favourite_color (self->games);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->figures))) != NULL)
    gtk_flow_box_remove (self->figures, child);
  append_figure (self, games, g_dngettext (GETTEXT_PACKAGE, "Game", "Games", stats->n_games));
  append_figure (self, wins, g_dngettext (GETTEXT_PACKAGE, "Win", "Wins", stats->n_wins));
  append_figure (self, rate, _("Win Rate"));
  append_figure (self, average, _("Average Score"));
  append_figure (self, best, _("Best Score"));
  if (color != NULL)
    append_figure (self, tessera_color_phrase (color), _("Favourite Colour"));
  /* What the reviews of their games say (replay.review), once a game of theirs is reviewed. */
  if (reviewed->n_games > 0)
    {
      g_autofree char *accuracy = g_strdup_printf ("%.0f %%", 100.0 * reviewed->accuracy);
      g_autofree char *lost = g_strdup_printf ("%.1f", reviewed->lost_per_turn);
      g_autofree char *luck = g_strdup_printf ("%+.1f", reviewed->luck_per_game);

      append_figure (self, accuracy, g_dngettext (GETTEXT_PACKAGE, "Accuracy in the Reviewed Game",
                                                  "Accuracy in the Reviewed Games", reviewed->n_games));
      append_figure (self, lost, _("Points Lost per Turn"));
      append_figure (self, luck, _("Luck per Game"));
    }
}

static void
fill_charts (TesseraPlayerProfile     *self,
             const TesseraPlayerStats *stats,
             const double             *everyone)
{
  TesseraChart *categories = tessera_chart_view_get_chart (self->categories_chart);
  TesseraChart *trend = tessera_chart_view_get_chart (self->trend_chart);
  const char *labels[G_N_ELEMENTS (chart_categories) + 1] = { NULL };
  double mine[G_N_ELEMENTS (chart_categories)];
  double theirs[G_N_ELEMENTS (chart_categories)];
  const char *color = favourite_color (self->games);
  GdkRGBA rgba, gray;
  guint n_trend = MIN (self->games->len, TREND_GAMES);
  g_autofree double *scores = g_new (double, MAX (n_trend, 1));
  g_autofree char **dates = g_new0 (char *, n_trend + 1);

  tessera_figure_art_player_rgba (color != NULL ? color : "blue", &rgba);
  gdk_rgba_parse (&gray, "#9a9996");
  for (guint c = 0; c < G_N_ELEMENTS (chart_categories); c++)
    {
      labels[c] = tessera_category_title (chart_categories[c]);
      mine[c] = stats->category_average[chart_categories[c]];
      theirs[c] = everyone[chart_categories[c]];
    }
  tessera_chart_clear (categories);
  tessera_chart_set_x_labels (categories, labels);
  tessera_chart_set_y_title (categories, _("Points per game"));
  tessera_chart_add_series (categories, self->name, &rgba, TESSERA_CHART_MARKER_CIRCLE, mine, G_N_ELEMENTS (mine));
  tessera_chart_add_series (categories, _("All players"), &gray, TESSERA_CHART_MARKER_SQUARE, theirs, G_N_ELEMENTS (theirs));

  /* The oldest of the last games on the left. */
  for (guint i = 0; i < n_trend; i++)
    {
      const TesseraPlayerGame *game = &g_array_index (self->games, TesseraPlayerGame, n_trend - 1 - i);

      scores[i] = game->score;
      dates[i] = short_date (game->date);
    }
  tessera_chart_clear (trend);
  tessera_chart_set_x_labels (trend, (const char * const *) dates);
  tessera_chart_set_x_title (trend, _("Games, the oldest first"));
  tessera_chart_set_y_title (trend, _("Score"));
  if (n_trend > 0)
    tessera_chart_add_series (trend, self->name, &rgba, TESSERA_CHART_MARKER_CIRCLE, scores, n_trend);
  for (guint i = 0; i < n_trend; i++)
    g_free (dates[i]);
}

/* The reviews of the games with @opponent, or NULL. */
static const TesseraOpponentReview *
find_opponent_review (GArray     *reviews,
                      const char *opponent)
{
  for (guint i = 0; i < reviews->len; i++)
    if (g_str_equal (g_array_index (reviews, TesseraOpponentReview, i).opponent, opponent))
      return &g_array_index (reviews, TesseraOpponentReview, i);
  return NULL;
}

static void
fill_opponents (TesseraPlayerProfile *self,
                GArray               *opponents,
                GArray               *reviews)
{
  clear_list (self->opponents_list);
  for (guint i = 0; i < opponents->len; i++)
    {
      const TesseraOpponentRecord *record = &g_array_index (opponents, TesseraOpponentRecord, i);
      const TesseraOpponentReview *review = find_opponent_review (reviews, record->opponent);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *together = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game together", "%u games together",
                                                                record->n_games),
                                                   record->n_games);
      g_autofree char *games = NULL;

      /* With their reviewed games: who played closer to the best, and who drew better. */
      if (review != NULL)
        games = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              /* Translators: a player against one opponent: "4 games together;
                                               * 1 reviewed: accuracy 78 % against 71 %, luck +2.1 against -0.8" */
                                              "%s; %u reviewed: accuracy %.0f %% against %.0f %%, luck %+.1f against %+.1f",
                                              "%s; %u reviewed: accuracy %.0f %% against %.0f %%, luck %+.1f against %+.1f",
                                              review->n_games),
                                 together, review->n_games, 100.0 * review->accuracy, 100.0 * review->opponent_accuracy,
                                 review->luck, review->opponent_luck);
      else
        games = g_strdup (together);
      /* Translators: a player against one opponent: games in which they ended ahead, behind, level */
      g_autofree char *result = g_strdup_printf (_("ahead %u · behind %u · level %u"),
                                                 record->n_ahead, record->n_behind, record->n_level);
      g_autofree char *said = NULL;

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), record->opponent);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), games);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_label_new (result));
      /* Read after the opponent's name, in words: the row's title is all libadwaita 1.2 says. */
      said = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           /* Translators: a player against one opponent, read out by a screen
                                            * reader after the opponent's name */
                                           "%u game together: ahead in %u, behind in %u, level in %u",
                                           "%u games together: ahead in %u, behind in %u, level in %u",
                                           record->n_games),
                              record->n_games, record->n_ahead, record->n_behind, record->n_level);
      if (review != NULL)
        {
          g_autofree char *ahead = g_steal_pointer (&said);

          /* Translators: after "4 games together: ahead in 2, ...", read out by a screen reader */
          said = g_strdup_printf (_("%s; in the reviewed ones, accuracy %.0f percent against %.0f percent, luck %+.1f against %+.1f"),
                                  ahead, 100.0 * review->accuracy, 100.0 * review->opponent_accuracy, review->luck,
                                  review->opponent_luck);
        }
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, said, -1);
      gtk_list_box_append (self->opponents_list, row);
    }
}

static void
fill_games (TesseraPlayerProfile *self)
{
  const TesseraPlayerGame *best = NULL;

  clear_list (self->best_list);
  clear_list (self->recent_list);
  for (guint i = 0; i < self->games->len; i++)
    {
      const TesseraPlayerGame *game = &g_array_index (self->games, TesseraPlayerGame, i);

      if (best == NULL || game->score > best->score)
        best = game;
      if (i < RECENT_GAMES)
        gtk_list_box_append (self->recent_list, make_game_row (game));
    }
  if (best != NULL)
    gtk_list_box_append (self->best_list, make_game_row (best));
}

/**
 * tessera_player_profile_load:
 * @name: a player of @store, in any case
 *
 * Shows everything the history knows of a player.
 */
gboolean
tessera_player_profile_load (TesseraPlayerProfile  *self,
                             TesseraStore          *store,
                             const char            *name,
                             GError               **error)
{
  g_autoptr(TesseraPlayerStats) stats = NULL;
  g_autoptr(GArray) games = NULL;
  g_autoptr(GArray) opponents = NULL;
  g_autoptr(GArray) opponent_reviews = NULL;
  TesseraReviewStats reviewed;
  double everyone[TESSERA_N_CATEGORIES];

  g_return_val_if_fail (TESSERA_IS_PLAYER_PROFILE (self), FALSE);
  g_return_val_if_fail (TESSERA_IS_STORE (store), FALSE);

  if (!(stats = tessera_store_get_player_stats (store, name, error)) ||
      !(games = tessera_store_list_player_games (store, name, error)) ||
      !(opponents = tessera_store_list_opponents (store, name, error)) ||
      !tessera_store_get_category_averages (store, everyone, error) ||
      !tessera_store_get_review_stats (store, name, &reviewed, error) ||
      !(opponent_reviews = tessera_store_list_opponent_reviews (store, name, error)))
    return FALSE;

  g_set_object (&self->store, store);
  g_free (self->name);
  self->name = g_strdup (stats->name);
  g_clear_pointer (&self->games, g_array_unref);
  self->games = g_steal_pointer (&games);

  adw_window_title_set_title (self->window_title, self->name);
  fill_figures (self, stats, &reviewed);
  fill_charts (self, stats, everyone);
  fill_opponents (self, opponents, opponent_reviews);
  fill_games (self);
  return TRUE;
}

const char *
tessera_player_profile_get_name (TesseraPlayerProfile *self)
{
  g_return_val_if_fail (TESSERA_IS_PLAYER_PROFILE (self), NULL);
  return self->name;
}

TesseraChartView *
tessera_player_profile_get_categories_chart (TesseraPlayerProfile *self)
{
  g_return_val_if_fail (TESSERA_IS_PLAYER_PROFILE (self), NULL);
  return self->categories_chart;
}

TesseraChartView *
tessera_player_profile_get_trend_chart (TesseraPlayerProfile *self)
{
  g_return_val_if_fail (TESSERA_IS_PLAYER_PROFILE (self), NULL);
  return self->trend_chart;
}

static void
show_refusal (TesseraPlayerProfile *self,
              const char           *heading,
              const char           *message)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), heading, message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
rename_response_cb (AdwMessageDialog     *dialog,
                    const char           *response,
                    TesseraPlayerProfile *self)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  g_autofree char *new_name = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "rename") != 0)
    return;
  if (!tessera_store_rename_player (self->store, self->name, new_name, &error) ||
      !tessera_player_profile_load (self, self->store, new_name, &error))
    {
      show_refusal (self, _("The Player Cannot Be Renamed"), error->message);
      return;
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
rename_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TesseraPlayerProfile *self = TESSERA_PLAYER_PROFILE (widget);
  const char *body = _("Games keep the names they were played with; the statistics and lists use the new one.");
  g_autofree char *heading = g_strdup_printf (_("Rename %s"), self->name);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)), heading, body);
  GtkWidget *entry = gtk_entry_new ();

  gtk_entry_set_max_length (GTK_ENTRY (entry), TESSERA_PLAYER_NAME_MAX_CHARS);
  gtk_editable_set_text (GTK_EDITABLE (entry), self->name);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("New name"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "rename", _("_Rename"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "rename", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "rename");
  g_signal_connect_object (dialog, "response", G_CALLBACK (rename_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

typedef struct
{
  TesseraPlayerProfile *self;
  char                 *from;
  char                 *into;
  gboolean              undone;
  gboolean              settled;
} PendingMerge;

static void
pending_merge_free (PendingMerge *merge)
{
  g_object_unref (merge->self);
  g_free (merge->from);
  g_free (merge->into);
  g_free (merge);
}

static void
merge_undo_cb (AdwToast     *toast,
               PendingMerge *merge)
{
  merge->undone = TRUE;
}

/* The toast is gone without Undo: now the history merges the two. */
static void
merge_dismissed_cb (AdwToast     *toast,
                    PendingMerge *merge)
{
  TesseraPlayerProfile *self = merge->self;
  g_autoptr(GError) error = NULL;

  /* Once: the toast may say it is dismissed again while its overlay hides it. */
  if (merge->settled)
    return;
  merge->settled = TRUE;
  if (!merge->undone)
    {
      if (!tessera_store_merge_players (self->store, merge->from, merge->into, &error) ||
          !tessera_player_profile_load (self, self->store, merge->into, &error))
        show_refusal (self, _("The Players Cannot Be Merged"), error->message);
      else
        g_signal_emit (self, signals[CHANGED], 0);
    }
}

static void
merge_response_cb (AdwMessageDialog     *dialog,
                   const char           *response,
                   TesseraPlayerProfile *self)
{
  GtkDropDown *choice = GTK_DROP_DOWN (adw_message_dialog_get_extra_child (dialog));
  GtkStringObject *into = gtk_drop_down_get_selected_item (choice);
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  g_autofree char *title = NULL;
  PendingMerge *merge;
  AdwToast *toast;

  if (g_strcmp0 (response, "merge") != 0 || into == NULL)
    return;
  merge = g_new0 (PendingMerge, 1);
  merge->self = g_object_ref (self);
  merge->from = g_strdup (self->name);
  merge->into = g_strdup (gtk_string_object_get_string (into));
  /* Translators: a toast after merging two players; Undo follows it */
  title = g_strdup_printf (_("%s’s games go to %s"), merge->from, merge->into);
  toast = adw_toast_new (title);
  adw_toast_set_button_label (toast, _("_Undo"));
  /* The pending merge lives as long as its toast: the toast's signals may still come after the
   * merge is settled (the overlay's hide animation ends after "dismissed"). */
  g_object_set_data_full (G_OBJECT (toast), "pending-merge", merge, (GDestroyNotify) pending_merge_free);
  g_signal_connect (toast, "button-clicked", G_CALLBACK (merge_undo_cb), merge);
  g_signal_connect (toast, "dismissed", G_CALLBACK (merge_dismissed_cb), merge);
  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
  else
    {
      /* Nothing to show an Undo on: merge now. */
      merge_dismissed_cb (toast, merge);
      g_object_unref (toast);
    }
}

static void
merge_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  TesseraPlayerProfile *self = TESSERA_PLAYER_PROFILE (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = tessera_store_list_player_stats (self->store, &error);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autofree char *heading = NULL;
  GtkWidget *dialog;
  GtkWidget *choice;

  if (players == NULL)
    {
      show_refusal (self, _("The Players Cannot Be Merged"), error->message);
      return;
    }
  for (guint i = 0; i < players->len; i++)
    {
      const TesseraPlayerStats *other = g_ptr_array_index (players, i);

      if (!g_str_equal (other->name, self->name))
        gtk_string_list_append (names, other->name);
    }
  if (g_list_model_get_n_items (G_LIST_MODEL (names)) == 0)
    {
      show_refusal (self, _("The Players Cannot Be Merged"), _("The history has no other player with a finished game."));
      return;
    }
  /* Translators: "Merge Ana Into Another Player?" */
  heading = g_strdup_printf (_("Merge %s Into Another Player?"), self->name);
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)), heading,
                                   _("When one person was entered under two names, all games of this player go to the one chosen here."));
  choice = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
  tessera_a11y_name_drop_down (GTK_DROP_DOWN (choice), _("The player who stays"));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), choice);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "merge", _("_Merge"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "merge", ADW_RESPONSE_DESTRUCTIVE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (merge_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  g_signal_emit (widget, signals[CLOSED], 0);
}

static void
tessera_player_profile_dispose (GObject *object)
{
  TesseraPlayerProfile *self = TESSERA_PLAYER_PROFILE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TESSERA_TYPE_PLAYER_PROFILE);
  g_clear_object (&self->store);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->games, g_array_unref);

  G_OBJECT_CLASS (tessera_player_profile_parent_class)->dispose (object);
}

/**
 * tessera_player_profile_focus_chart:
 * @self: the profile
 *
 * Shown, a profile gives the keyboard to its first chart, whose arrows read the figures, and
 * not to the Back button. (Not the profile's grab_focus, which GTK calls when Tab wraps round
 * the window.)
 *
 * Returns: whether the chart took the focus
 */
gboolean
tessera_player_profile_focus_chart (TesseraPlayerProfile *self)
{
  g_return_val_if_fail (TESSERA_IS_PLAYER_PROFILE (self), FALSE);

  return gtk_widget_grab_focus (GTK_WIDGET (tessera_chart_view_get_chart (self->categories_chart)));
}

static void
tessera_player_profile_class_init (TesseraPlayerProfileClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_player_profile_dispose;

  /**
   * TesseraPlayerProfile::closed:
   *
   * The back button: the window shows the list of players again.
   */
  signals[CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * TesseraPlayerProfile::game-activated:
   * @game_id: a game of the player, to replay
   */
  signals[GAME_ACTIVATED] = g_signal_new ("game-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  /**
   * TesseraPlayerProfile::changed:
   *
   * The player was renamed or merged into another: lists of players are out of date.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-player-profile.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraPlayerProfile, main_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraPlayerProfile, window_title);
  gtk_widget_class_bind_template_child (widget_class, TesseraPlayerProfile, figures);
  gtk_widget_class_bind_template_child (widget_class, TesseraPlayerProfile, categories_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraPlayerProfile, trend_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraPlayerProfile, opponents_list);
  gtk_widget_class_bind_template_child (widget_class, TesseraPlayerProfile, best_list);
  gtk_widget_class_bind_template_child (widget_class, TesseraPlayerProfile, recent_list);

  gtk_widget_class_install_action (widget_class, "profile.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "profile.rename", NULL, rename_action);
  gtk_widget_class_install_action (widget_class, "profile.merge", NULL, merge_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "profile.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "profile.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F2, 0, "profile.rename", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  g_type_ensure (TESSERA_TYPE_CHART_VIEW);
}

static void
tessera_player_profile_init (TesseraPlayerProfile *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The figures and each list are one Tab stop, walked with the arrow keys. */
  tessera_focus_group_attach (GTK_WIDGET (self->figures));
  tessera_focus_group_attach (GTK_WIDGET (self->opponents_list));
  tessera_focus_group_attach (GTK_WIDGET (self->best_list));
  tessera_focus_group_attach (GTK_WIDGET (self->recent_list));
  self->categories_chart = TESSERA_CHART_VIEW (tessera_chart_view_new (TESSERA_CHART_BAR));
  self->trend_chart = TESSERA_CHART_VIEW (tessera_chart_view_new (TESSERA_CHART_LINE));
  gtk_widget_set_size_request (GTK_WIDGET (self->categories_chart), -1, 300);
  gtk_widget_set_size_request (GTK_WIDGET (self->trend_chart), -1, 280);
  gtk_box_append (GTK_BOX (self->categories_box), GTK_WIDGET (self->categories_chart));
  gtk_box_append (GTK_BOX (self->trend_box), GTK_WIDGET (self->trend_chart));
  tessera_chart_view_set_title (self->categories_chart, _("Points per Game by Category"));
  tessera_chart_view_set_title (self->trend_chart, _("Score over the Last Games"));
  g_signal_connect_object (self->best_list, "row-activated", G_CALLBACK (game_row_activated_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->recent_list, "row-activated", G_CALLBACK (game_row_activated_cb), self, G_CONNECT_SWAPPED);
}

GtkWidget *
tessera_player_profile_new (void)
{
  return g_object_new (TESSERA_TYPE_PLAYER_PROFILE, NULL);
}
