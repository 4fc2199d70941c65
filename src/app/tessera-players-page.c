/* tessera-players-page.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-players-page"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-a11y.h"
#include "tessera-focus-group.h"
#include "tessera-player-item.h"
#include "tessera-players-page.h"

/* Every player of the history with their finished games, wins, win rate, average and best
 * score, in a table that sorts by any column; a player opens their profile. */

struct _TesseraPlayersPage
{
  GtkWidget      parent_instance;

  /* Template widgets */
  GtkWidget     *main_box;
  GtkStack      *stack;
  GtkColumnView *column_view;

  /* Owned references */
  GListStore    *players;   /* TesseraPlayerItem */
  GtkSortListModel *sorted;
};

G_DEFINE_FINAL_TYPE (TesseraPlayersPage, tessera_players_page, GTK_TYPE_WIDGET)

enum {
  CLOSED,
  PLAYER_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef enum
{
  COLUMN_NAME,
  COLUMN_GAMES,
  COLUMN_WINS,
  COLUMN_WIN_RATE,
  COLUMN_AVERAGE,
  COLUMN_BEST,
} Column;

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  Column column = GPOINTER_TO_UINT (user_data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), column == COLUMN_NAME ? 0.0 : 1.0);
  if (column != COLUMN_NAME)
    gtk_widget_add_css_class (label, "numeric");
  else
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

/* A row of the table as a screen reader says it. */
static char *
describe_player (TesseraPlayerItem *player)
{
  guint games = tessera_player_item_get_games (player);
  guint wins = tessera_player_item_get_wins (player);
  g_autofree char *games_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game", "%u games", games), games);
  g_autofree char *wins_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u win", "%u wins", wins), wins);

  /* Translators: a row of the Players table read out by a screen reader: "Anna: 3 games,
   * 2 wins, 67 % won, average score 45.3, best score 60" */
  return g_strdup_printf (_("%s: %s, %s, %.0f %% won, average score %.1f, best score %d"),
                          tessera_player_item_get_name (player), games_text, wins_text,
                          100.0 * tessera_player_item_get_win_rate (player),
                          tessera_player_item_get_average (player), tessera_player_item_get_best (player));
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  Column column = GPOINTER_TO_UINT (user_data);
  TesseraPlayerItem *player = gtk_list_item_get_item (item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  g_autofree char *text = NULL;

  switch (column)
    {
    case COLUMN_NAME:
      text = g_strdup (tessera_player_item_get_name (player));
      /* The row takes the keyboard, not a cell: it says the whole line. */
      {
        g_autofree char *said = describe_player (player);

        tessera_a11y_name_list_row (GTK_WIDGET (label), said, _("Enter opens the player’s profile."));
      }
      break;
    case COLUMN_GAMES:
      text = g_strdup_printf ("%u", tessera_player_item_get_games (player));
      break;
    case COLUMN_WINS:
      text = g_strdup_printf ("%u", tessera_player_item_get_wins (player));
      break;
    case COLUMN_WIN_RATE:
      text = g_strdup_printf ("%.0f %%", 100.0 * tessera_player_item_get_win_rate (player));
      break;
    case COLUMN_AVERAGE:
      text = g_strdup_printf ("%.1f", tessera_player_item_get_average (player));
      break;
    case COLUMN_BEST:
    default:
      text = g_strdup_printf ("%d", tessera_player_item_get_best (player));
      break;
    }
  gtk_label_set_text (label, text);
}

static void
add_column (TesseraPlayersPage *self,
            const char         *title,
            Column              column,
            const char         *property,
            GType               property_type)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *view_column;
  GtkExpression *expression = gtk_property_expression_new (TESSERA_TYPE_PLAYER_ITEM, NULL, property);
  GtkSorter *sorter;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), GUINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell_cb), GUINT_TO_POINTER (column));
  view_column = gtk_column_view_column_new (title, factory);
  if (property_type == G_TYPE_STRING)
    sorter = GTK_SORTER (gtk_string_sorter_new (expression));
  else
    sorter = GTK_SORTER (gtk_numeric_sorter_new (expression));
  gtk_column_view_column_set_sorter (view_column, sorter);
  gtk_column_view_column_set_expand (view_column, column == COLUMN_NAME);
  gtk_column_view_append_column (self->column_view, view_column);
  g_object_unref (sorter);
  g_object_unref (view_column);
}

static void
activate_cb (TesseraPlayersPage *self,
             guint               position)
{
  g_autoptr(TesseraPlayerItem) player = g_list_model_get_item (G_LIST_MODEL (self->sorted), position);

  if (player != NULL)
    g_signal_emit (self, signals[PLAYER_ACTIVATED], 0, tessera_player_item_get_name (player));
}

/**
 * tessera_players_page_load:
 *
 * Lists the players of @store, the most wins first until a column is chosen.
 */
gboolean
tessera_players_page_load (TesseraPlayersPage  *self,
                           TesseraStore        *store,
                           GError             **error)
{
  g_autoptr(GPtrArray) stats = NULL;
  guint n_listed = 0;

  g_return_val_if_fail (TESSERA_IS_PLAYERS_PAGE (self), FALSE);
  g_return_val_if_fail (TESSERA_IS_STORE (store), FALSE);

  if (!(stats = tessera_store_list_player_stats (store, error)))
    return FALSE;
  g_list_store_remove_all (self->players);
  for (guint i = 0; i < stats->len; i++)
    {
      const TesseraPlayerStats *player = g_ptr_array_index (stats, i);
      g_autoptr(TesseraPlayerItem) item = NULL;

      /* A player whose games were all deleted or left unfinished has nothing to show. */
      if (player->n_games == 0)
        continue;
      item = tessera_player_item_new (player);
      g_list_store_append (self->players, item);
      n_listed++;
    }
  gtk_stack_set_visible_child_name (self->stack, n_listed > 0 ? "players" : "empty");
  return TRUE;
}

GListModel *
tessera_players_page_get_model (TesseraPlayersPage *self)
{
  g_return_val_if_fail (TESSERA_IS_PLAYERS_PAGE (self), NULL);
  return G_LIST_MODEL (self->sorted);
}

GtkColumnView *
tessera_players_page_get_column_view (TesseraPlayersPage *self)
{
  g_return_val_if_fail (TESSERA_IS_PLAYERS_PAGE (self), NULL);
  return self->column_view;
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  g_signal_emit (widget, signals[CLOSED], 0);
}

static void
tessera_players_page_dispose (GObject *object)
{
  TesseraPlayersPage *self = TESSERA_PLAYERS_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TESSERA_TYPE_PLAYERS_PAGE);
  g_clear_object (&self->players);
  g_clear_object (&self->sorted);

  G_OBJECT_CLASS (tessera_players_page_parent_class)->dispose (object);
}

/**
 * tessera_players_page_focus_table:
 * @self: the page
 *
 * Shown, the page gives the keyboard to its table: arrows choose a player, Enter opens them.
 * Without players the table is hidden, and the keyboard goes to the page's first control.
 * (Not the page's grab_focus, which GTK calls when Tab wraps round the window.)
 *
 * Returns: whether a widget took the focus
 */
gboolean
tessera_players_page_focus_table (TesseraPlayersPage *self)
{
  g_return_val_if_fail (TESSERA_IS_PLAYERS_PAGE (self), FALSE);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "players") != 0)
    return gtk_widget_child_focus (GTK_WIDGET (self), GTK_DIR_TAB_FORWARD);
  return gtk_widget_grab_focus (GTK_WIDGET (self->column_view));
}

static void
tessera_players_page_class_init (TesseraPlayersPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_players_page_dispose;

  /**
   * TesseraPlayersPage::closed:
   *
   * The back button: the window shows where the page was opened from.
   */
  signals[CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * TesseraPlayersPage::player-activated:
   * @name: the player whose profile to show
   */
  signals[PLAYER_ACTIVATED] = g_signal_new ("player-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                            0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-players-page.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraPlayersPage, main_box);
  gtk_widget_class_bind_template_child (widget_class, TesseraPlayersPage, stack);
  gtk_widget_class_bind_template_child (widget_class, TesseraPlayersPage, column_view);

  gtk_widget_class_install_action (widget_class, "players.close", NULL, close_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "players.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "players.close", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
tessera_players_page_init (TesseraPlayersPage *self)
{
  GtkSelectionModel *selection;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* One Tab stop: the arrows go from player to player, Tab on to the header. */
  tessera_focus_group_attach (GTK_WIDGET (self->column_view));
  /* Without players, the status page's own scroller is a Tab stop: it says what the page says. */
  {
    GtkWidget *status = gtk_stack_get_child_by_name (self->stack, "empty");

    for (GtkWidget *child = gtk_widget_get_first_child (status); child != NULL; child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_SCROLLED_WINDOW (child))
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        adw_status_page_get_title (ADW_STATUS_PAGE (status)),
                                        GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                        adw_status_page_get_description (ADW_STATUS_PAGE (status)), -1);
  }
  /* The table's inner list is what a screen reader meets: GTK 4.8 names it by its class. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->column_view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Players"), -1);
  self->players = g_list_store_new (TESSERA_TYPE_PLAYER_ITEM);

  add_column (self, _("Player"), COLUMN_NAME, "name", G_TYPE_STRING);
  add_column (self, _("Games"), COLUMN_GAMES, "games", G_TYPE_UINT);
  add_column (self, _("Wins"), COLUMN_WINS, "wins", G_TYPE_UINT);
  add_column (self, _("Win Rate"), COLUMN_WIN_RATE, "win-rate", G_TYPE_DOUBLE);
  add_column (self, _("Average"), COLUMN_AVERAGE, "average", G_TYPE_DOUBLE);
  add_column (self, _("Best"), COLUMN_BEST, "best", G_TYPE_INT);

  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->players)),
                                          g_object_ref (gtk_column_view_get_sorter (self->column_view)));
  selection = GTK_SELECTION_MODEL (gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->sorted))));
  gtk_column_view_set_model (self->column_view, selection);
  g_object_unref (selection);
  /* The most wins first, as the table is usually asked. */
  {
    g_autoptr(GtkColumnViewColumn) wins = g_list_model_get_item (gtk_column_view_get_columns (self->column_view), COLUMN_WINS);

    gtk_column_view_sort_by_column (self->column_view, wins, GTK_SORT_DESCENDING);
  }
  g_signal_connect_object (self->column_view, "activate", G_CALLBACK (activate_cb), self, G_CONNECT_SWAPPED);
}

GtkWidget *
tessera_players_page_new (void)
{
  return g_object_new (TESSERA_TYPE_PLAYERS_PAGE, NULL);
}
