/* tessera-start-page.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-start-page"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-names.h"
#include "tessera-game-item.h"
#include "tessera-start-page.h"

/* How many finished games the start page lists, the latest first. */
#define N_RECENT_GAMES 8

struct _TesseraStartPage
{
  GtkWidget            parent_instance;

  /* Template widgets */
  GtkWidget           *main_box;
  AdwPreferencesGroup *error_group;
  GtkLabel            *error_label;
  AdwPreferencesGroup *read_only_group;
  GtkLabel            *read_only_label;
  AdwPreferencesGroup *unfinished_group;
  GtkListBox          *unfinished_list;
  AdwPreferencesGroup *finished_group;
  GtkListBox          *finished_list;
  AdwPreferencesGroup *history_group;
  AdwActionRow        *history_row;
  GtkButton           *new_game_button;
};

G_DEFINE_FINAL_TYPE (TesseraStartPage, tessera_start_page, GTK_TYPE_WIDGET)

static void
remove_rows (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

/* "Anna, Bram and Carla" in the player order of the game. */
static char *
join_player_names (const TesseraGameSummary *summary,
                   gboolean                  with_scores)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < summary->seats->len; i++)
    {
      const TesseraGameSeat *seat = &g_array_index (summary->seats, TesseraGameSeat, i);

      if (i > 0)
        g_string_append (text, i + 1 == summary->seats->len ? _(" and ") : _(", "));
      if (with_scores && seat->has_result)
        /* Translators: a player and their final score in the list of recent games */
        g_string_append_printf (text, _("%s %d"), seat->name, seat->final_score);
      else
        g_string_append (text, seat->name);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
format_date (const TesseraGameSummary *summary)
{
  g_autoptr(GDateTime) time = tessera_game_summary_dup_begun (summary);

  if (time == NULL)
    return g_strdup (summary->started);
  /* Translators: date and time of a game in the start page's lists, see strftime */
  return g_date_time_format (time, _("%e %B %Y, %H:%M"));
}

static GtkWidget *
make_unfinished_row (const TesseraGameSummary *summary)
{
  g_autofree char *players = join_player_names (summary, FALSE);
  g_autofree char *date = format_date (summary);
  g_autofree char *sets = tessera_sets_phrase (summary->sets);
  g_autofree char *turns = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move entered", "%u moves entered",
                                                         summary->n_events),
                                            summary->n_events);
  g_autofree char *subtitle = g_strdup_printf ("%s · %s · %s", date, sets, turns);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *resume = gtk_button_new_with_mnemonic (_("_Resume"));
  GtkWidget *abandon = gtk_button_new_from_icon_name ("user-trash-symbolic");

  /* Names are the players' own: never markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), players);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);

  gtk_widget_set_valign (resume, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (resume, "suggested-action");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (resume), "win.resume-game");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (resume), "x", summary->id);

  gtk_widget_set_valign (abandon, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (abandon, "flat");
  gtk_widget_set_tooltip_text (abandon, _("Abandon this game"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (abandon),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Abandon this game"),
                                  -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (abandon), "win.abandon-game");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (abandon), "x", summary->id);

  adw_action_row_add_suffix (ADW_ACTION_ROW (row), abandon);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), resume);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), resume);
  return row;
}

static GtkWidget *
make_finished_row (const TesseraGameSummary *summary)
{
  g_autofree char *players = join_player_names (summary, TRUE);
  g_autofree char *date = format_date (summary);
  g_autofree char *sets = tessera_sets_phrase (summary->sets);
  g_autofree char *subtitle = NULL;
  g_autoptr(GString) winners = g_string_new (NULL);
  GtkWidget *row = adw_action_row_new ();

  for (guint i = 0; i < summary->seats->len; i++)
    {
      const TesseraGameSeat *seat = &g_array_index (summary->seats, TesseraGameSeat, i);

      if (seat->has_result && seat->rank == 1)
        g_string_append_printf (winners, "%s%s", winners->len > 0 ? _(", ") : "", seat->name);
    }
  if (winners->len > 0)
    /* Translators: the subtitle of a finished game: date · sets · who won */
    subtitle = g_strdup_printf (_("%s · %s · won by %s"), date, sets, winners->str);
  else
    subtitle = g_strdup_printf ("%s · %s", date, sets);

  /* Names are the players' own: never markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), players);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  /* A finished game opens on its replay, to look back at it move by move. */
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.open-replay");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "x", summary->id);
  g_object_set_data_full (G_OBJECT (row), "game-id", g_memdup2 (&summary->id, sizeof summary->id), g_free);
  return row;
}

/**
 * tessera_start_page_reload:
 * @self: the start page
 * @store: (nullable): the history
 * @store_error: (nullable): why there is no history
 *
 * Lists the unfinished games to resume and the latest finished ones.
 */
void
tessera_start_page_reload (TesseraStartPage *self,
                           TesseraStore     *store,
                           const GError     *store_error)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;
  guint n_unfinished = 0, n_finished = 0, n_games = 0;

  g_return_if_fail (TESSERA_IS_START_PAGE (self));

  remove_rows (self->unfinished_list);
  remove_rows (self->finished_list);

  /* Only the games the page shows: a history of years is not read to show a handful. */
  if (store != NULL)
    games = tessera_store_list_recent_games (store, N_RECENT_GAMES, &n_games, &error);
  else if (store_error != NULL)
    error = g_error_copy (store_error);

  gtk_widget_set_visible (GTK_WIDGET (self->error_group), error != NULL);
  if (error != NULL)
    gtk_label_set_text (self->error_label, error->message);
  /* A read-only history is looked through, not added to: the window turns off what writes. */
  gtk_widget_set_visible (GTK_WIDGET (self->read_only_group), store != NULL && tessera_store_is_read_only (store));
  if (store != NULL && tessera_store_is_read_only (store))
    {
      g_autofree char *folder = g_path_get_dirname (tessera_store_get_path (store));
      g_autofree char *text = tessera_store_is_folder_read_only (store)
                              ? g_strdup_printf (_("You can look through its games, replay them, see the statistics and export them, but nothing new can be saved in it. To add to it, make the folder %s writable."),
                                                 folder)
                              : g_strdup_printf (_("You can look through its games, replay them, see the statistics and export them, but nothing new can be saved in it. To add to it, make the file %s writable."),
                                                 tessera_store_get_path (store));

      gtk_label_set_text (self->read_only_label, text);
    }

  /* The newest first, by when they were played: the game the table just left is on top, and
   * an old game imported today is not. */
  for (guint i = 0; games != NULL && i < games->len; i++)
    {
      const TesseraGameSummary *summary = g_ptr_array_index (games, i);

      if (g_strcmp0 (summary->state, "in-progress") == 0)
        {
          gtk_list_box_append (self->unfinished_list, make_unfinished_row (summary));
          n_unfinished++;
        }
      else if (g_strcmp0 (summary->state, "finished") == 0 && n_finished < N_RECENT_GAMES)
        {
          gtk_list_box_append (self->finished_list, make_finished_row (summary));
          n_finished++;
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->unfinished_group), n_unfinished > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->finished_group), n_finished > 0);

  /* The way to every game, the older ones and the abandoned ones too. */
  gtk_widget_set_visible (GTK_WIDGET (self->history_group), n_games > 0);
  if (n_games > 0)
    {
      g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                             "%u game: search, filter and export",
                                                             "%u games: search, filter and export",
                                                             n_games),
                                                n_games);

      adw_action_row_set_subtitle (self->history_row, count);
    }
}

/**
 * tessera_start_page_get_read_only_notice:
 *
 * Returns: (nullable): what the page says of a read-only history, or %NULL when it says nothing
 */
const char *
tessera_start_page_get_read_only_notice (TesseraStartPage *self)
{
  g_return_val_if_fail (TESSERA_IS_START_PAGE (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->read_only_group)))
    return NULL;
  return gtk_label_get_text (self->read_only_label);
}

/**
 * tessera_start_page_dup_recent_ids:
 *
 * Returns: (transfer full) (element-type gint64): the finished games the page lists, in order
 */
GArray *
tessera_start_page_dup_recent_ids (TesseraStartPage *self)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  g_return_val_if_fail (TESSERA_IS_START_PAGE (self), ids);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->finished_list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      gint64 *id = g_object_get_data (G_OBJECT (row), "game-id");

      if (id != NULL)
        g_array_append_val (ids, *id);
    }
  return ids;
}

static void
tessera_start_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TESSERA_TYPE_START_PAGE);
  G_OBJECT_CLASS (tessera_start_page_parent_class)->dispose (object);
}

static void
tessera_start_page_class_init (TesseraStartPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_start_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraStartPage, main_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraStartPage, error_group);
  gtk_widget_class_bind_template_child (widget_class, TesseraStartPage, error_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraStartPage, read_only_group);
  gtk_widget_class_bind_template_child (widget_class, TesseraStartPage, read_only_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraStartPage, unfinished_group);
  gtk_widget_class_bind_template_child (widget_class, TesseraStartPage, unfinished_list);
  gtk_widget_class_bind_template_child (widget_class, TesseraStartPage, finished_group);
  gtk_widget_class_bind_template_child (widget_class, TesseraStartPage, finished_list);
  gtk_widget_class_bind_template_child (widget_class, TesseraStartPage, history_group);
  gtk_widget_class_bind_template_child (widget_class, TesseraStartPage, history_row);
  gtk_widget_class_bind_template_child (widget_class, TesseraStartPage, new_game_button);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
tessera_start_page_init (TesseraStartPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
