/* tessera-history-page.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-history-page"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tessera-a11y.h"
#include "tessera-focus-group.h"
#include "tessera-history-page.h"
#include "tessera-bgstats-send.h"
#include "tessera-history-row.h"
#include "tessera-record-files.h"
#include "tessera-wrap-box.h"

/* The archive: every game of the history, the newest first, with search and filters. The
 * list is a list view over a store of light items, so that years of game nights open at once:
 * no widget is made for a game until it scrolls into sight. */

/* A game deleted from the list but not yet from the history: its toast offers to undo it,
 * and the history forgets the game when the toast goes. */
typedef struct
{
  TesseraHistoryPage *page;    /* weak: the toast can outlive the page */
  TesseraStore       *store;
  TesseraGameItem    *item;
  gboolean            settled;
} Deletion;

struct _TesseraHistoryPage
{
  GtkWidget             parent_instance;

  /* Template widgets */
  GtkWidget            *main_box;
  AdwWindowTitle       *window_title;
  GtkWidget            *filter_box;
  GtkSearchEntry       *search_entry;
  GtkDropDown          *player_dropdown;
  GtkDropDown          *sets_dropdown;
  GtkDropDown          *year_dropdown;
  GtkStack             *content_stack;
  GtkScrolledWindow    *scrolled_window;
  GtkListView          *list_view;
  AdwStatusPage        *error_page;

  /* Owned */
  TesseraStore         *store;
  GListStore           *games;         /* TesseraGameItem, the newest first */
  GtkCustomFilter      *filter;
  GtkFilterListModel   *filtered;
  GtkSingleSelection   *selection;
  GArray               *set_choices;   /* TesseraGameSets of each entry of the sets menu, 0: all */
  GArray               *year_choices;  /* int, 0: all */
  char                 *folded_search;
  char                 *player;        /* only this player's games, or NULL */
  TesseraGameSets       sets;          /* only games with this, or 0 */
  int                   year;          /* only this year's games, or 0 */
  GPtrArray            *deletions;     /* Deletion, borrowed from their toasts */
  GtkFileChooserNative *file_chooser;
  gint64                export_game_id;
  gboolean              filling;       /* the filter menus are being filled, not chosen from */
  gboolean              has_error;
  gboolean              disposing;
};

G_DEFINE_FINAL_TYPE (TesseraHistoryPage, tessera_history_page, GTK_TYPE_WIDGET)

enum {
  GAMES_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static TesseraGameItem *
find_game (TesseraHistoryPage *self,
           gint64              game_id,
           guint              *position)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->games));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TesseraGameItem) item = g_list_model_get_item (G_LIST_MODEL (self->games), i);

      if (tessera_game_item_get_id (item) == game_id)
        {
          if (position != NULL)
            *position = i;
          return item;
        }
    }
  return NULL;
}

static TesseraGameItem *
get_selected (TesseraHistoryPage *self)
{
  return gtk_single_selection_get_selected_item (self->selection);
}

static void
show_error (TesseraHistoryPage *self,
            const char         *heading,
            const GError       *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                              heading, error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
add_toast (TesseraHistoryPage *self,
           AdwToast           *toast)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
  else
    g_object_unref (g_object_ref_sink (toast));
}

/* What the list shows now: the games, "no games match", the empty history, or why there is
 * no history. */
static void
update_state (TesseraHistoryPage *self)
{
  guint n_all = g_list_model_get_n_items (G_LIST_MODEL (self->games));
  guint n_shown = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  g_autofree char *subtitle = NULL;

  if (self->has_error)
    gtk_stack_set_visible_child_name (self->content_stack, "error");
  else if (n_all == 0)
    gtk_stack_set_visible_child_name (self->content_stack, "empty");
  else if (n_shown == 0)
    gtk_stack_set_visible_child_name (self->content_stack, "no-match");
  else
    gtk_stack_set_visible_child_name (self->content_stack, "list");
  gtk_widget_set_visible (self->filter_box, !self->has_error && n_all > 0);

  if (n_all == 0)
    subtitle = NULL;
  else if (n_shown == n_all)
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game", "%u games", n_all), n_all);
  else
    /* Translators: how many games the filters leave of the whole history */
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u game", "%u of %u games", n_all),
                                n_shown, n_all);
  adw_window_title_set_subtitle (self->window_title, subtitle);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.export-csv", self->store != NULL);
}

static gboolean
match_game (gpointer object,
            gpointer user_data)
{
  TesseraHistoryPage *self = user_data;
  TesseraGameItem *item = object;

  if (self->player != NULL && !tessera_game_item_has_player (item, self->player))
    return FALSE;
  if (self->sets != 0 && (tessera_game_item_get_sets (item) & self->sets) == 0)
    return FALSE;
  if (self->year != 0 && tessera_game_item_get_year (item) != self->year)
    return FALSE;
  return tessera_game_item_matches (item, self->folded_search);
}

static void
filter_changed (TesseraHistoryPage *self,
                GtkFilterChange     change)
{
  gtk_filter_changed (GTK_FILTER (self->filter), change);
  /* Other games are shown: from the newest. The list keeps its place by a game, not by the
   * scroll bar, so it is told which. */
  if (g_list_model_get_n_items (G_LIST_MODEL (self->filtered)) > 0)
    gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", 0);
  update_state (self);
}

static void
search_changed_cb (TesseraHistoryPage *self,
                   GtkSearchEntry     *entry)
{
  g_autofree char *folded = tessera_fold_text (gtk_editable_get_text (GTK_EDITABLE (entry)));
  GtkFilterChange change = GTK_FILTER_CHANGE_DIFFERENT;

  if (g_strcmp0 (folded, self->folded_search) == 0)
    return;
  /* Typing on narrows what is shown, deleting widens it: the filter need not look at all. */
  if (self->folded_search != NULL && strstr (folded, self->folded_search) != NULL)
    change = GTK_FILTER_CHANGE_MORE_STRICT;
  else if (self->folded_search != NULL && strstr (self->folded_search, folded) != NULL)
    change = GTK_FILTER_CHANGE_LESS_STRICT;
  g_free (self->folded_search);
  self->folded_search = g_steal_pointer (&folded);
  filter_changed (self, change);
}

static void
stop_search_cb (TesseraHistoryPage *self,
                GtkSearchEntry     *entry)
{
  /* Escape empties the search first, and leaves the page when it is empty. */
  if (gtk_editable_get_text (GTK_EDITABLE (entry))[0] != '\0')
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
  else
    gtk_widget_activate_action (GTK_WIDGET (self), "win.leave-history", NULL);
}

static void
search_activate_cb (TesseraHistoryPage *self,
                    GtkSearchEntry     *entry)
{
  /* Enter in the search goes to the first game found, ready for Enter again. */
  if (g_list_model_get_n_items (G_LIST_MODEL (self->filtered)) > 0)
    {
      gtk_single_selection_set_selected (self->selection, 0);
      gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
    }
}

static void
player_selected_cb (TesseraHistoryPage *self)
{
  guint selected = gtk_drop_down_get_selected (self->player_dropdown);
  GtkStringObject *choice = gtk_drop_down_get_selected_item (self->player_dropdown);

  if (self->filling)
    return;
  g_clear_pointer (&self->player, g_free);
  if (selected > 0 && selected != GTK_INVALID_LIST_POSITION && choice != NULL)
    self->player = g_strdup (gtk_string_object_get_string (choice));
  filter_changed (self, GTK_FILTER_CHANGE_DIFFERENT);
}

static void
sets_selected_cb (TesseraHistoryPage *self)
{
  guint selected = gtk_drop_down_get_selected (self->sets_dropdown);

  if (self->filling)
    return;
  self->sets = selected < self->set_choices->len ? g_array_index (self->set_choices, TesseraGameSets, selected) : 0;
  filter_changed (self, GTK_FILTER_CHANGE_DIFFERENT);
}

static void
year_selected_cb (TesseraHistoryPage *self)
{
  guint selected = gtk_drop_down_get_selected (self->year_dropdown);

  if (self->filling)
    return;
  self->year = selected < self->year_choices->len ? g_array_index (self->year_choices, int, selected) : 0;
  filter_changed (self, GTK_FILTER_CHANGE_DIFFERENT);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_utf8_collate (*(const char * const *) a, *(const char * const *) b);
}

static int
compare_years (gconstpointer a,
               gconstpointer b)
{
  return *(const int *) b - *(const int *) a;
}

/* The filter menus offer what the history holds: its players, boxes and expansions, years. A
 * choice made before stays when it is still there. */
static void
fill_filters (TesseraHistoryPage *self)
{
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) years = g_hash_table_new (NULL, NULL);
  g_autoptr(GtkStringList) player_list = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) sets_list = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) year_list = gtk_string_list_new (NULL);
  g_autofree const char **sorted_names = NULL;
  g_autoptr(GArray) sorted_years = g_array_new (FALSE, FALSE, sizeof (int));
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->games));
  guint n_names, player_choice = 0, sets_choice = 0, year_choice = 0;
  TesseraGameSets sets_found = 0;
  GHashTableIter iter;
  gpointer key;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TesseraGameItem) item = g_list_model_get_item (G_LIST_MODEL (self->games), i);
      const TesseraGameSummary *summary = tessera_game_item_get_summary (item);

      for (guint s = 0; s < summary->seats->len; s++)
        g_hash_table_add (names, g_array_index (summary->seats, TesseraGameSeat, s).name);
      sets_found |= tessera_game_item_get_sets (item);
      g_hash_table_add (years, GINT_TO_POINTER (tessera_game_item_get_year (item)));
    }

  self->filling = TRUE;

  sorted_names = (const char **) g_hash_table_get_keys_as_array (names, &n_names);
  qsort (sorted_names, n_names, sizeof (char *), compare_names);
  gtk_string_list_append (player_list, _("All Players"));
  for (guint i = 0; i < n_names; i++)
    {
      gtk_string_list_append (player_list, sorted_names[i]);
      if (g_strcmp0 (self->player, sorted_names[i]) == 0)
        player_choice = i + 1;
    }
  gtk_drop_down_set_model (self->player_dropdown, G_LIST_MODEL (player_list));
  gtk_drop_down_set_selected (self->player_dropdown, player_choice);
  if (player_choice == 0)
    g_clear_pointer (&self->player, g_free);

  g_array_set_size (self->set_choices, 0);
  gtk_string_list_append (sets_list, _("All Boxes and Expansions"));
  g_array_append_val (self->set_choices, sets_choice);
  for (guint bit = 0; bit < TESSERA_GAME_SETS_N_KINDS; bit++)
    {
      TesseraGameSets kind = 1u << bit;

      if ((sets_found & kind) == 0)
        continue;
      if (kind == self->sets)
        sets_choice = self->set_choices->len;
      gtk_string_list_append (sets_list, tessera_game_sets_label (kind));
      g_array_append_val (self->set_choices, kind);
    }
  gtk_drop_down_set_model (self->sets_dropdown, G_LIST_MODEL (sets_list));
  gtk_drop_down_set_selected (self->sets_dropdown, sets_choice);
  if (sets_choice == 0)
    self->sets = 0;

  g_hash_table_iter_init (&iter, years);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      int year = GPOINTER_TO_INT (key);

      if (year > 0)
        g_array_append_val (sorted_years, year);
    }
  g_array_sort (sorted_years, compare_years);
  g_array_set_size (self->year_choices, 0);
  gtk_string_list_append (year_list, _("All Years"));
  g_array_append_val (self->year_choices, year_choice);
  for (guint i = 0; i < sorted_years->len; i++)
    {
      int year = g_array_index (sorted_years, int, i);
      g_autofree char *text = g_strdup_printf ("%d", year);

      if (year == self->year)
        year_choice = self->year_choices->len;
      gtk_string_list_append (year_list, text);
      g_array_append_val (self->year_choices, year);
    }
  gtk_drop_down_set_model (self->year_dropdown, G_LIST_MODEL (year_list));
  gtk_drop_down_set_selected (self->year_dropdown, year_choice);
  if (year_choice == 0)
    self->year = 0;

  self->filling = FALSE;
}

static gboolean
is_being_deleted (TesseraHistoryPage *self,
                  gint64              game_id)
{
  for (guint i = 0; i < self->deletions->len; i++)
    {
      Deletion *deletion = g_ptr_array_index (self->deletions, i);

      if (tessera_game_item_get_id (deletion->item) == game_id)
        return TRUE;
    }
  return FALSE;
}

static int
compare_items (gconstpointer a,
               gconstpointer b)
{
  return tessera_game_item_compare (*(gconstpointer *) a, *(gconstpointer *) b, NULL);
}

/**
 * tessera_history_page_reload:
 * @self: the history page
 * @store: (nullable): the history
 * @store_error: (nullable): why there is no history
 *
 * Lists every game of the history again: games may have been played, finished or imported
 * since the page was last shown. The search and the filters stay.
 */
void
tessera_history_page_reload (TesseraHistoryPage *self,
                             TesseraStore       *store,
                             const GError       *store_error)
{
  g_autoptr(GPtrArray) summaries = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  gint64 selected_id = -1;

  g_return_if_fail (TESSERA_IS_HISTORY_PAGE (self));

  if (get_selected (self) != NULL)
    selected_id = tessera_game_item_get_id (get_selected (self));
  g_set_object (&self->store, store);
  if (store != NULL)
    summaries = tessera_store_list_games (store, &error);
  else if (store_error != NULL)
    error = g_error_copy (store_error);
  self->has_error = error != NULL;
  if (error != NULL)
    adw_status_page_set_description (self->error_page, error->message);

  if (summaries != NULL)
    {
      /* The summaries move into the items. */
      g_ptr_array_set_free_func (summaries, NULL);
      for (guint i = 0; i < summaries->len; i++)
        {
          TesseraGameSummary *summary = g_ptr_array_index (summaries, i);

          if (is_being_deleted (self, summary->id))
            tessera_game_summary_free (summary);
          else
            g_ptr_array_add (items, tessera_game_item_new (summary));
        }
      g_ptr_array_sort (items, compare_items);
    }
  g_list_store_splice (self->games, 0, g_list_model_get_n_items (G_LIST_MODEL (self->games)),
                       items->pdata, items->len);
  fill_filters (self);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  if (selected_id >= 0)
    tessera_history_page_select_game (self, selected_id);
  update_state (self);
}

/**
 * tessera_history_page_get_games:
 *
 * Returns: (transfer none): the games the list shows, as it shows them
 */
GListModel *
tessera_history_page_get_games (TesseraHistoryPage *self)
{
  g_return_val_if_fail (TESSERA_IS_HISTORY_PAGE (self), NULL);
  return G_LIST_MODEL (self->selection);
}

/**
 * tessera_history_page_get_visible_state:
 *
 * Returns: "list", "empty" (no games at all), "no-match" (the filters hide every game) or "error"
 */
const char *
tessera_history_page_get_visible_state (TesseraHistoryPage *self)
{
  g_return_val_if_fail (TESSERA_IS_HISTORY_PAGE (self), NULL);
  return gtk_stack_get_visible_child_name (self->content_stack);
}

void
tessera_history_page_set_search (TesseraHistoryPage *self,
                                 const char         *text)
{
  g_return_if_fail (TESSERA_IS_HISTORY_PAGE (self));
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text != NULL ? text : "");
  /* The entry waits a moment for more typing; asked from code, the search is at once. */
  search_changed_cb (self, self->search_entry);
}

/**
 * tessera_history_page_set_player_filter:
 * @name: (nullable): a player of the history, or %NULL for all
 *
 * Returns: whether the history has that player
 */
gboolean
tessera_history_page_set_player_filter (TesseraHistoryPage *self,
                                        const char         *name)
{
  GListModel *choices;

  g_return_val_if_fail (TESSERA_IS_HISTORY_PAGE (self), FALSE);

  choices = gtk_drop_down_get_model (self->player_dropdown);
  if (name == NULL)
    {
      gtk_drop_down_set_selected (self->player_dropdown, 0);
      return TRUE;
    }
  for (guint i = 1; i < g_list_model_get_n_items (choices); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (choices), i), name) == 0)
      {
        gtk_drop_down_set_selected (self->player_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

/**
 * tessera_history_page_set_sets_filter:
 * @kind: one box or expansion, or 0 for all
 *
 * Returns: whether the history has games with it
 */
gboolean
tessera_history_page_set_sets_filter (TesseraHistoryPage *self,
                                      TesseraGameSets     kind)
{
  g_return_val_if_fail (TESSERA_IS_HISTORY_PAGE (self), FALSE);

  for (guint i = 0; i < self->set_choices->len; i++)
    if (g_array_index (self->set_choices, TesseraGameSets, i) == kind)
      {
        gtk_drop_down_set_selected (self->sets_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

/**
 * tessera_history_page_set_year_filter:
 * @year: a year, or 0 for all
 *
 * Returns: whether the history has games of that year
 */
gboolean
tessera_history_page_set_year_filter (TesseraHistoryPage *self,
                                      int                 year)
{
  g_return_val_if_fail (TESSERA_IS_HISTORY_PAGE (self), FALSE);

  for (guint i = 0; i < self->year_choices->len; i++)
    if (g_array_index (self->year_choices, int, i) == year)
      {
        gtk_drop_down_set_selected (self->year_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

void
tessera_history_page_clear_filters (TesseraHistoryPage *self)
{
  g_return_if_fail (TESSERA_IS_HISTORY_PAGE (self));

  tessera_history_page_set_search (self, NULL);
  gtk_drop_down_set_selected (self->player_dropdown, 0);
  gtk_drop_down_set_selected (self->sets_dropdown, 0);
  gtk_drop_down_set_selected (self->year_dropdown, 0);
}

/**
 * tessera_history_page_select_game:
 *
 * Returns: whether the game is among those shown
 */
gboolean
tessera_history_page_select_game (TesseraHistoryPage *self,
                                  gint64              game_id)
{
  guint n;

  g_return_val_if_fail (TESSERA_IS_HISTORY_PAGE (self), FALSE);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TesseraGameItem) item = g_list_model_get_item (G_LIST_MODEL (self->filtered), i);

      if (tessera_game_item_get_id (item) == game_id)
        {
          gtk_single_selection_set_selected (self->selection, i);
          return TRUE;
        }
    }
  return FALSE;
}

/* Deleting, with a way back */

static void
deletion_settle (Deletion *deletion,
                 gboolean  delete)
{
  TesseraHistoryPage *self = deletion->page;
  g_autoptr(GError) error = NULL;

  if (deletion->settled)
    return;
  deletion->settled = TRUE;

  if (delete && !tessera_store_delete_game (deletion->store, tessera_game_item_get_id (deletion->item), &error))
    {
      /* The game stays; it comes back when the page is shown again. */
      g_message ("game %" G_GINT64_FORMAT " was not deleted: %s",
                 tessera_game_item_get_id (deletion->item), error->message);
      delete = FALSE;
    }
  if (self == NULL)
    return;

  g_ptr_array_remove (self->deletions, deletion);
  if (self->disposing)
    return;
  if (error != NULL)
    show_error (self, _("The Game Was Not Deleted"), error);
  if (!delete)
    {
      /* Undone: the game is back where it was, and chosen again. */
      g_list_store_insert_sorted (self->games, deletion->item, tessera_game_item_compare, NULL);
      fill_filters (self);
      tessera_history_page_select_game (self, tessera_game_item_get_id (deletion->item));
      update_state (self);
    }
  else
    g_signal_emit (self, signals[GAMES_CHANGED], 0);
}

/* A toast that goes without a word from the user (the window closed) deletes too. */
static void
deletion_free (gpointer data)
{
  Deletion *deletion = data;

  deletion_settle (deletion, TRUE);
  if (deletion->page != NULL)
    g_object_remove_weak_pointer (G_OBJECT (deletion->page), (gpointer *) &deletion->page);
  g_clear_object (&deletion->store);
  g_clear_object (&deletion->item);
  g_free (deletion);
}

static void
toast_dismissed_cb (AdwToast *toast,
                    Deletion *deletion)
{
  deletion_settle (deletion, TRUE);
}

static void
toast_undo_cb (AdwToast *toast,
               Deletion *deletion)
{
  deletion_settle (deletion, FALSE);
}

/**
 * tessera_history_page_delete_game:
 * @self: the history page
 * @game_id: a game the page lists
 *
 * Takes the game out of the list at once, and out of the history when the toast that offers
 * to undo it goes (or the window closes). Without a toast overlay around the page, the game
 * is deleted at once.
 *
 * Returns: (transfer none) (nullable): the toast, or %NULL when the game is not listed
 */
AdwToast *
tessera_history_page_delete_game (TesseraHistoryPage *self,
                                  gint64              game_id)
{
  TesseraGameItem *item;
  Deletion *deletion;
  AdwToast *toast;
  g_autofree char *title = NULL;
  guint position;

  g_return_val_if_fail (TESSERA_IS_HISTORY_PAGE (self), NULL);

  if (self->store == NULL || (item = find_game (self, game_id, &position)) == NULL)
    return NULL;

  deletion = g_new0 (Deletion, 1);
  deletion->page = self;
  g_object_add_weak_pointer (G_OBJECT (self), (gpointer *) &deletion->page);
  deletion->store = g_object_ref (self->store);
  deletion->item = g_object_ref (item);
  g_ptr_array_add (self->deletions, deletion);
  g_list_store_remove (self->games, position);
  update_state (self);

  /* Translators: the toast after a game was deleted from the history; %s is its date */
  title = g_strdup_printf (_("Game of %s deleted"), tessera_game_item_get_date (item));
  toast = adw_toast_new (title);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_object_set_data_full (G_OBJECT (toast), "deletion", deletion, deletion_free);
  g_signal_connect (toast, "button-clicked", G_CALLBACK (toast_undo_cb), deletion);
  g_signal_connect (toast, "dismissed", G_CALLBACK (toast_dismissed_cb), deletion);
  if (gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY) == NULL)
    {
      deletion_settle (deletion, TRUE);
      g_object_unref (g_object_ref_sink (toast));
      return NULL;
    }
  add_toast (self, toast);
  return toast;
}

/**
 * tessera_history_page_settle_deletions:
 *
 * Deletes from the history the games whose toasts are still up: the window is closing, and
 * what was deleted stays deleted.
 */
void
tessera_history_page_settle_deletions (TesseraHistoryPage *self)
{
  g_return_if_fail (TESSERA_IS_HISTORY_PAGE (self));

  while (self->deletions->len > 0)
    deletion_settle (g_ptr_array_index (self->deletions, 0), TRUE);
}

/* Exporting */

static gboolean
write_file (GFile       *file,
            const char  *data,
            GError     **error)
{
  return g_file_replace_contents (file, data, strlen (data), NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                                  NULL, NULL, error);
}

/**
 * tessera_history_page_export_game:
 * @file: where to write the record
 *
 * Writes a game of the history as a record, which imports again (and is recognised there).
 */
gboolean
tessera_history_page_export_game (TesseraHistoryPage  *self,
                                  gint64               game_id,
                                  GFile               *file,
                                  GError             **error)
{
  g_autoptr(TesseraRecord) record = NULL;
  g_autofree char *data = NULL;

  g_return_val_if_fail (TESSERA_IS_HISTORY_PAGE (self), FALSE);

  if (self->store == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There is no game history."));
      return FALSE;
    }
  if (!(record = tessera_store_load_record (self->store, game_id, error)))
    return FALSE;
  data = tessera_record_to_data (record);
  return write_file (file, data, error);
}

/**
 * tessera_history_page_export_csv:
 * @file: where to write
 *
 * Writes every game's results as CSV, a row per player, for spreadsheets.
 */
gboolean
tessera_history_page_export_csv (TesseraHistoryPage  *self,
                                 GFile               *file,
                                 GError             **error)
{
  g_autofree char *data = NULL;

  g_return_val_if_fail (TESSERA_IS_HISTORY_PAGE (self), FALSE);

  if (self->store == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There is no game history."));
      return FALSE;
    }
  if (!(data = tessera_store_export_csv (self->store, error)))
    return FALSE;
  return write_file (file, data, error);
}

static void
export_response_cb (GtkNativeDialog    *native,
                    int                 response,
                    TesseraHistoryPage *self)
{
  gboolean csv = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (native), "csv"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autoptr(GError) error = NULL;
      gboolean saved;

      if (csv)
        saved = tessera_history_page_export_csv (self, file, &error);
      else
        saved = tessera_history_page_export_game (self, self->export_game_id, file, &error);
      if (!saved)
        show_error (self, csv ? _("The History Was Not Saved") : _("The Record Was Not Saved"), error);
      else
        add_toast (self, adw_toast_new (csv ? _("History saved as CSV") : _("Game record saved")));
    }
  g_clear_object (&self->file_chooser);
}

static void
open_save_dialog (TesseraHistoryPage *self,
                  const char         *title,
                  const char         *name,
                  GtkFileFilter      *filter,
                  GtkFileFilter      *other_filter,
                  gboolean            csv)
{
  if (self->file_chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->file_chooser));
  g_clear_object (&self->file_chooser);
  self->file_chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                                    GTK_FILE_CHOOSER_ACTION_SAVE,
                                                    _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->file_chooser), name);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->file_chooser), filter);
  if (other_filter != NULL)
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->file_chooser), other_filter);
  g_object_set_data (G_OBJECT (self->file_chooser), "csv", GINT_TO_POINTER (csv));
  g_signal_connect_object (self->file_chooser, "response", G_CALLBACK (export_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->file_chooser));
}

/* Actions */

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TesseraHistoryPage *self = TESSERA_HISTORY_PAGE (widget);
  TesseraGameItem *item = find_game (self, g_variant_get_int64 (parameter), NULL);

  /* An unfinished game opens where it stopped; a finished or abandoned one on its replay. */
  if (item == NULL)
    return;
  gtk_widget_activate_action_variant (widget, tessera_game_item_is_in_progress (item) ? "win.resume-game" : "win.open-replay",
                                      parameter);
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  tessera_history_page_delete_game (TESSERA_HISTORY_PAGE (widget), g_variant_get_int64 (parameter));
}

static void
export_game_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TesseraHistoryPage *self = TESSERA_HISTORY_PAGE (widget);
  TesseraGameItem *item = find_game (self, g_variant_get_int64 (parameter), NULL);
  g_autofree char *day = NULL;
  g_autofree char *name = NULL;

  if (item == NULL)
    return;
  /* The file is named by the day the game was played. */
  day = g_strndup (tessera_game_item_get_summary (item)->played != NULL
                   && tessera_game_item_get_summary (item)->played->start != NULL
                   ? tessera_game_item_get_summary (item)->played->start
                   : tessera_game_item_get_summary (item)->started, 10);
  name = tessera_record_files_suggest_name (day);
  self->export_game_id = tessera_game_item_get_id (item);
  open_save_dialog (self, _("Export Game Record"), name, tessera_record_files_filter (),
                    tessera_record_files_json_filter (), FALSE);
}

static void
send_to_bgstats_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  TesseraHistoryPage *self = TESSERA_HISTORY_PAGE (widget);
  TesseraGameItem *item = find_game (self, g_variant_get_int64 (parameter), NULL);

  if (item != NULL && tessera_game_item_is_finished (item))
    tessera_bgstats_send (widget, self->store, tessera_game_item_get_id (item));
}

static void
export_csv_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  TesseraHistoryPage *self = TESSERA_HISTORY_PAGE (widget);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  /* Translators: the file name offered when saving the history as CSV; %s is today's date */
  g_autofree char *name = g_strdup_printf (_("tessera-history-%s.csv"), date);
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Spreadsheets (CSV)"));
  gtk_file_filter_add_pattern (filter, "*.csv");
  gtk_file_filter_add_mime_type (filter, "text/csv");
  open_save_dialog (self, _("Export History as CSV"), name, filter, NULL, TRUE);
}

static void
clear_filters_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  tessera_history_page_clear_filters (TESSERA_HISTORY_PAGE (widget));
}

/* What the keys do to the chosen game. */
static gboolean
selected_shortcut (GtkWidget *widget,
                   GVariant  *args,
                   gpointer   user_data)
{
  TesseraHistoryPage *self = TESSERA_HISTORY_PAGE (widget);
  const char *action = g_variant_get_string (args, NULL);
  TesseraGameItem *item = get_selected (self);

  if (item == NULL)
    return FALSE;
  return gtk_widget_activate_action (widget, action, "x", tessera_game_item_get_id (item));
}

/* The menu key opens the menu of the row that has the focus. */
static gboolean
menu_shortcut (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  for (; focus != NULL && focus != widget; focus = gtk_widget_get_parent (focus))
    {
      GtkWidget *child = gtk_widget_get_first_child (focus);

      if (TESSERA_IS_HISTORY_ROW (focus))
        child = focus;
      if (child != NULL && TESSERA_IS_HISTORY_ROW (child))
        {
          tessera_history_row_popup_menu (TESSERA_HISTORY_ROW (child));
          return TRUE;
        }
    }
  return FALSE;
}

/* What the keys do on the list, before the search hears them: it takes what is typed anywhere on
 * the page, and it took Delete and Shift+F10 for its own text. */
static gboolean
list_selected_shortcut (GtkWidget *list_view,
                        GVariant  *args,
                        gpointer   page)
{
  return selected_shortcut (GTK_WIDGET (page), args, NULL);
}

static void
add_list_shortcut (GtkShortcutController *controller,
                   guint                  keyval,
                   GdkModifierType        modifiers,
                   GtkShortcutFunc        callback,
                   gpointer               page,
                   GVariant              *args)
{
  GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keyval, modifiers),
                                            gtk_callback_action_new (callback, page, NULL));

  gtk_shortcut_set_arguments (shortcut, args);
  gtk_shortcut_controller_add_shortcut (controller, shortcut);
}

static void
add_list_shortcuts (TesseraHistoryPage *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();
  GtkShortcutController *shortcuts = GTK_SHORTCUT_CONTROLLER (controller);

  add_list_shortcut (shortcuts, GDK_KEY_Delete, 0, list_selected_shortcut, self, g_variant_new_string ("history.delete"));
  add_list_shortcut (shortcuts, GDK_KEY_KP_Delete, 0, list_selected_shortcut, self, g_variant_new_string ("history.delete"));
  add_list_shortcut (shortcuts, GDK_KEY_Menu, 0, menu_shortcut, NULL, NULL);
  add_list_shortcut (shortcuts, GDK_KEY_F10, GDK_SHIFT_MASK, menu_shortcut, NULL, NULL);
  gtk_widget_add_controller (GTK_WIDGET (self->list_view), controller);
}

static gboolean
search_shortcut (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  TesseraHistoryPage *self = TESSERA_HISTORY_PAGE (widget);

  return gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
list_activate_cb (TesseraHistoryPage *self,
                  guint               position,
                  GtkListView        *list_view)
{
  g_autoptr(TesseraGameItem) item = g_list_model_get_item (G_LIST_MODEL (self->filtered), position);

  if (item != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "history.open", "x", tessera_game_item_get_id (item));
}

static void
filtered_changed_cb (TesseraHistoryPage *self,
                     guint               position,
                     guint               removed,
                     guint               added,
                     GListModel         *model)
{
  update_state (self);
}

static void
setup_row_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              gpointer                  user_data)
{
  gtk_list_item_set_child (list_item, tessera_history_row_new ());
}

static void
bind_row_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             gpointer                  user_data)
{
  tessera_history_row_set_item (TESSERA_HISTORY_ROW (gtk_list_item_get_child (list_item)),
                                gtk_list_item_get_item (list_item));
}

/**
 * tessera_history_page_focus_content:
 * @self: the page
 *
 * Shown, the page gives the keyboard to the list: Enter opens, Delete deletes, typing searches;
 * to the search when nothing matches it. (Not the page's grab_focus, which GTK calls when Tab
 * wraps round the window.)
 *
 * Returns: whether a widget took the focus
 */
gboolean
tessera_history_page_focus_content (TesseraHistoryPage *self)
{
  const char *state;

  g_return_val_if_fail (TESSERA_IS_HISTORY_PAGE (self), FALSE);

  state = gtk_stack_get_visible_child_name (self->content_stack);
  if (g_strcmp0 (state, "list") == 0)
    return gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
  if (g_strcmp0 (state, "no-match") == 0)
    return gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  return gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
tessera_history_page_dispose (GObject *object)
{
  TesseraHistoryPage *self = TESSERA_HISTORY_PAGE (object);

  self->disposing = TRUE;
  if (self->deletions != NULL)
    tessera_history_page_settle_deletions (self);
  if (self->file_chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->file_chooser));
  g_clear_object (&self->file_chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), TESSERA_TYPE_HISTORY_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->filtered);
  g_clear_object (&self->filter);
  g_clear_object (&self->games);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (tessera_history_page_parent_class)->dispose (object);
}

static void
tessera_history_page_finalize (GObject *object)
{
  TesseraHistoryPage *self = TESSERA_HISTORY_PAGE (object);

  g_clear_pointer (&self->deletions, g_ptr_array_unref);
  g_clear_pointer (&self->set_choices, g_array_unref);
  g_clear_pointer (&self->year_choices, g_array_unref);
  g_clear_pointer (&self->folded_search, g_free);
  g_clear_pointer (&self->player, g_free);

  G_OBJECT_CLASS (tessera_history_page_parent_class)->finalize (object);
}

static void
tessera_history_page_class_init (TesseraHistoryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_history_page_dispose;
  object_class->finalize = tessera_history_page_finalize;

  /**
   * TesseraHistoryPage::games-changed:
   *
   * A game left the history: lists of games elsewhere are out of date.
   */
  signals[GAMES_CHANGED] = g_signal_new ("games-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (TESSERA_TYPE_HISTORY_ROW);
  g_type_ensure (TESSERA_TYPE_WRAP_BOX);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-history-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraHistoryPage, main_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraHistoryPage, window_title);
  gtk_widget_class_bind_template_child (widget_class, TesseraHistoryPage, filter_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraHistoryPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, TesseraHistoryPage, player_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TesseraHistoryPage, sets_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TesseraHistoryPage, year_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TesseraHistoryPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, TesseraHistoryPage, scrolled_window);
  gtk_widget_class_bind_template_child (widget_class, TesseraHistoryPage, list_view);
  gtk_widget_class_bind_template_child (widget_class, TesseraHistoryPage, error_page);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, list_activate_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  gtk_widget_class_install_action (widget_class, "history.open", "x", open_action);
  gtk_widget_class_install_action (widget_class, "history.delete", "x", delete_action);
  gtk_widget_class_install_action (widget_class, "history.export-game", "x", export_game_action);
  gtk_widget_class_install_action (widget_class, "history.send-to-bgstats", "x", send_to_bgstats_action);
  gtk_widget_class_install_action (widget_class, "history.export-csv", NULL, export_csv_action);
  gtk_widget_class_install_action (widget_class, "history.clear-filters", NULL, clear_filters_action);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, selected_shortcut, "s",
                                "history.export-game");
  gtk_widget_class_add_binding (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, search_shortcut, NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.leave-history", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.leave-history", NULL);
}

/* The archive's own look, beside its files. */
static void
load_style (void)
{
  static gboolean loaded;
  g_autoptr(GtkCssProvider) provider = NULL;

  if (loaded || gdk_display_get_default () == NULL)
    return;
  loaded = TRUE;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/io/github/tessera/Tessera/tessera-history-page.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void
tessera_history_page_init (TesseraHistoryPage *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkExpression) expression = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");

  load_style ();
  gtk_widget_init_template (GTK_WIDGET (self));
  /* One Tab stop: the arrows go from game to game, Tab on to the header. */
  tessera_focus_group_attach (GTK_WIDGET (self->list_view));
  tessera_a11y_name_drop_down (self->player_dropdown, _("Player"));
  tessera_a11y_name_drop_down (self->sets_dropdown, _("Box or expansion"));
  tessera_a11y_name_drop_down (self->year_dropdown, _("Year"));

  self->deletions = g_ptr_array_new ();
  self->set_choices = g_array_new (FALSE, FALSE, sizeof (TesseraGameSets));
  self->year_choices = g_array_new (FALSE, FALSE, sizeof (int));
  self->games = g_list_store_new (TESSERA_TYPE_GAME_ITEM);
  self->filter = gtk_custom_filter_new (match_game, self, NULL);
  self->filtered = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (self->games)),
                                              g_object_ref (GTK_FILTER (self->filter)));
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->filtered)));
  g_signal_connect_object (self->filtered, "items-changed", G_CALLBACK (filtered_changed_cb), self,
                           G_CONNECT_SWAPPED);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), NULL);
  gtk_list_view_set_factory (self->list_view, factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
  /* One click opens a game, as on the start page and the players page; the keyboard still
   * chooses one (Enter opens it), and the row's menu button opens only the menu. */
  gtk_list_view_set_single_click_activate (self->list_view, TRUE);

  /* The player menu can be long: typing finds a name in it. */
  gtk_drop_down_set_expression (self->player_dropdown, expression);
  gtk_drop_down_set_enable_search (self->player_dropdown, TRUE);
  g_signal_connect_object (self->player_dropdown, "notify::selected", G_CALLBACK (player_selected_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sets_dropdown, "notify::selected", G_CALLBACK (sets_selected_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->year_dropdown, "notify::selected", G_CALLBACK (year_selected_cb), self,
                           G_CONNECT_SWAPPED);

  /* Typing anywhere on the page searches. */
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));
  add_list_shortcuts (self);
  update_state (self);
}
