/* tessera-history-row.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-history-row"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-a11y.h"
#include "tessera-history-row.h"
#include "tessera-players-line.h"
#include "tessera-set-tags.h"
#include "tessera-wrap-box.h"

/* One game in the history's list: when and where, the box and expansions as tags, every
 * player with their colour and score, the winner starred. The list view recycles rows: a row
 * is made once and shows whichever game it is given; GTK 4.8 keeps some two hundred rows, so
 * a row is kept to a few widgets: the tags and the players are drawn, each by one widget. The
 * widgets are made in code: a template is parsed anew for every row made, and that was a
 * quarter of the time the archive took to open. */

struct _TesseraHistoryRow
{
  GtkWidget        parent_instance;

  /* Children, made once */
  GtkWidget       *grid;
  GtkLabel        *date_label;
  GtkLabel        *time_label;
  GtkLabel        *place_label;
  TesseraSetTags  *set_tags;
  TesseraPlayersLine *players_line;
  GtkLabel        *state_label;
  GtkWidget       *open_arrow;
  GtkButton       *menu_button;

  /* Owned */
  TesseraGameItem *item;
  GtkWidget       *resume_button;   /* made for the first game in progress the row shows */
  GtkWidget       *menu;            /* the open menu, parented to menu_button */
};

G_DEFINE_FINAL_TYPE (TesseraHistoryRow, tessera_history_row, GTK_TYPE_WIDGET)

/* The row's menu is made when it opens, for the game the row shows then: a row is made for
 * some two hundred games at once and most never open their menu. */
static GtkWidget *
create_menu (TesseraHistoryRow *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) section = g_menu_new ();
  g_autoptr(GMenuItem) export = g_menu_item_new (_("_Export Record…"), NULL);
  g_autoptr(GMenuItem) delete = g_menu_item_new (_("_Delete"), NULL);
  gint64 id;

  if (self->item == NULL)
    return NULL;
  id = tessera_game_item_get_id (self->item);
  /* An unfinished game resumes; a finished or abandoned one opens on its replay. */
  {
    g_autoptr(GMenuItem) open = g_menu_item_new (tessera_game_item_is_in_progress (self->item)
                                                   ? _("_Resume") : _("_Open"), NULL);

    g_menu_item_set_action_and_target (open, "history.open", "x", id);
    g_menu_append_item (menu, open);
  }
  g_menu_item_set_action_and_target (export, "history.export-game", "x", id);
  g_menu_append_item (menu, export);
  /* BG Stats logs results: only a finished game has them. */
  if (tessera_game_item_is_finished (self->item))
    {
      g_autoptr(GMenuItem) send = g_menu_item_new (_("_Send to BG Stats…"), NULL);

      g_menu_item_set_action_and_target (send, "history.send-to-bgstats", "x", id);
      g_menu_append_item (menu, send);
    }
  g_menu_item_set_action_and_target (delete, "history.delete", "x", id);
  g_menu_append_item (section, delete);
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  return gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
}

static void
menu_closed_cb (TesseraHistoryRow *self,
                GtkPopover        *menu)
{
  GtkWidget *list_item = gtk_widget_get_parent (GTK_WIDGET (self));

  if (self->menu == GTK_WIDGET (menu))
    g_clear_pointer (&self->menu, gtk_widget_unparent);
  /* Closed with Esc, the menu left the keyboard on another game of the list: back to this one.
   * An item of the menu closes it before its action runs, and the action moves on from here. */
  if (list_item != NULL && gtk_widget_get_mapped (list_item))
    gtk_widget_grab_focus (list_item);
}

/**
 * tessera_history_row_popup_menu:
 *
 * Opens the row's menu: Open or Resume, Export, Send to BG Stats (a finished game), Delete.
 */
void
tessera_history_row_popup_menu (TesseraHistoryRow *self)
{
  g_return_if_fail (TESSERA_IS_HISTORY_ROW (self));

  if (self->menu != NULL || self->item == NULL)
    return;
  self->menu = create_menu (self);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (self->menu_button));
  g_signal_connect_object (self->menu, "closed", G_CALLBACK (menu_closed_cb), self, G_CONNECT_SWAPPED);
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

/* Tooltips are given when asked for: setting their text on two hundred rows made opening the
 * archive a third slower. */
static gboolean
menu_button_query_tooltip_cb (GtkWidget  *widget,
                              int         x,
                              int         y,
                              gboolean    keyboard_tooltip,
                              GtkTooltip *tooltip,
                              gpointer    user_data)
{
  gtk_tooltip_set_text (tooltip, _("Game Menu"));
  return TRUE;
}

/* A long place is cut short on the row: hovering it shows it whole. */
static gboolean
place_query_tooltip_cb (GtkWidget         *widget,
                        int                x,
                        int                y,
                        gboolean           keyboard_tooltip,
                        GtkTooltip        *tooltip,
                        TesseraHistoryRow *self)
{
  const char *place = self->item != NULL ? tessera_game_item_get_place (self->item) : NULL;

  if (place == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, place);
  return TRUE;
}

static void
secondary_click_cb (GtkGestureClick   *gesture,
                    int                n_press,
                    double             x,
                    double             y,
                    TesseraHistoryRow *self)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  tessera_history_row_popup_menu (self);
}

/**
 * tessera_history_row_set_item:
 * @item: (nullable): the game to show
 */
void
tessera_history_row_set_item (TesseraHistoryRow *self,
                              TesseraGameItem   *item)
{
  const TesseraGameSummary *summary;
  g_autofree char *description = NULL;
  const char *place;

  g_return_if_fail (TESSERA_IS_HISTORY_ROW (self));

  if (!g_set_object (&self->item, item) || item == NULL)
    return;
  /* The menu of the game shown before is made again when it opens. */
  if (self->menu != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->menu));
  summary = tessera_game_item_get_summary (item);

  gtk_label_set_text (self->date_label, tessera_game_item_get_date (item));
  gtk_label_set_text (self->time_label, tessera_game_item_get_time (item));
  place = tessera_game_item_get_place (item);
  /* Names and places are the players' own: never markup. */
  gtk_label_set_text (self->place_label, place != NULL ? place : "");
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->place_label), place != NULL);

  tessera_set_tags_set_sets (self->set_tags, tessera_game_item_get_sets (item));
  tessera_players_line_set_seats (self->players_line, summary->seats);

  gtk_widget_remove_css_class (GTK_WIDGET (self->state_label), "accent");
  gtk_widget_remove_css_class (GTK_WIDGET (self->state_label), "dim-label");
  if (tessera_game_item_is_in_progress (item))
    {
      gtk_label_set_text (self->state_label, _("In Progress"));
      gtk_widget_add_css_class (GTK_WIDGET (self->state_label), "accent");
    }
  else if (tessera_game_item_is_abandoned (item))
    {
      gtk_label_set_text (self->state_label, _("Abandoned"));
      gtk_widget_add_css_class (GTK_WIDGET (self->state_label), "dim-label");
    }
  gtk_widget_set_visible (GTK_WIDGET (self->state_label), !tessera_game_item_is_finished (item));

  /* An unfinished game offers Resume; the others open on their replay, like the row itself. */
  if (tessera_game_item_is_in_progress (item) && self->resume_button == NULL)
    {
      self->resume_button = gtk_button_new_with_mnemonic (_("_Resume"));
      gtk_widget_set_valign (self->resume_button, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (self->resume_button, "suggested-action");
      /* The keyboard resumes with Enter on the row: a button inside would be a stop of its own. */
      gtk_widget_set_focusable (self->resume_button, FALSE);
      gtk_grid_attach (GTK_GRID (self->grid), self->resume_button, 1, 0, 1, 2);
    }
  if (self->resume_button != NULL)
    {
      gtk_widget_set_visible (self->resume_button, tessera_game_item_is_in_progress (item));
      /* The target first: the action takes a game, and is never without one. */
      gtk_actionable_set_action_target (GTK_ACTIONABLE (self->resume_button), "x", summary->id);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->resume_button), "history.open");
    }
  gtk_widget_set_visible (self->open_arrow, !tessera_game_item_is_in_progress (item));

  /* A screen reader reads the whole game at once, as the eye takes it in, when the list's row
   * takes the keyboard; then what the keys do, since the row's buttons are the mouse's. */
  description = tessera_game_item_describe (item);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
  tessera_a11y_name_list_row (GTK_WIDGET (self), description,
                              tessera_game_item_is_in_progress (item)
                                ? _("Enter resumes the game; Shift+F10 opens its menu.")
                                : _("Enter opens the game’s replay; Shift+F10 opens its menu."));
}

TesseraGameItem *
tessera_history_row_get_item (TesseraHistoryRow *self)
{
  g_return_val_if_fail (TESSERA_IS_HISTORY_ROW (self), NULL);
  return self->item;
}

static void
tessera_history_row_dispose (GObject *object)
{
  TesseraHistoryRow *self = TESSERA_HISTORY_ROW (object);

  g_clear_pointer (&self->menu, gtk_widget_unparent);
  g_clear_pointer (&self->grid, gtk_widget_unparent);
  g_clear_object (&self->item);

  G_OBJECT_CLASS (tessera_history_row_parent_class)->dispose (object);
}

static void
tessera_history_row_class_init (TesseraHistoryRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_history_row_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "historyrow");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

/* A label of one of the row's lines: left-aligned unless said, with its style classes
 * (NULL-ended). */
static GtkLabel *
make_label (TesseraWrapBox *line,
            const char     *first_class,
            ...)
{
  GtkWidget *label = gtk_label_new (NULL);
  const char *css_class = first_class;
  va_list classes;

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  va_start (classes, first_class);
  for (; css_class != NULL; css_class = va_arg (classes, const char *))
    gtk_widget_add_css_class (label, css_class);
  va_end (classes);
  tessera_wrap_box_append (line, label);
  return GTK_LABEL (label);
}

/* The date, time, place and tags over the players and the state; the arrow that says the row
 * opens (or Resume), and the menu, beside both lines. Each line wraps where the row is too
 * narrow for it (a phone): the tags go under the date, the state under the players. */
static void
build_row (TesseraHistoryRow *self)
{
  GtkGrid *grid;
  GtkWidget *heading_line = tessera_wrap_box_new ();
  GtkWidget *players_line = tessera_wrap_box_new ();

  self->grid = gtk_grid_new ();
  grid = GTK_GRID (self->grid);
  gtk_grid_set_column_spacing (grid, 12);
  gtk_grid_set_row_spacing (grid, 6);
  gtk_widget_set_margin_top (self->grid, 8);
  gtk_widget_set_margin_bottom (self->grid, 8);
  gtk_widget_set_margin_start (self->grid, 12);
  gtk_widget_set_margin_end (self->grid, 6);
  gtk_widget_set_parent (self->grid, GTK_WIDGET (self));
  gtk_widget_set_hexpand (heading_line, TRUE);
  gtk_grid_attach (grid, heading_line, 0, 0, 1, 1);
  gtk_grid_attach (grid, players_line, 0, 1, 1, 1);

  self->date_label = make_label (TESSERA_WRAP_BOX (heading_line), "heading", NULL);
  gtk_label_set_width_chars (self->date_label, 14);
  self->time_label = make_label (TESSERA_WRAP_BOX (heading_line), "dim-label", "numeric", NULL);
  self->place_label = make_label (TESSERA_WRAP_BOX (heading_line), "dim-label", NULL);
  gtk_widget_set_hexpand (GTK_WIDGET (self->place_label), TRUE);
  gtk_label_set_ellipsize (self->place_label, PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (self->place_label, 8);

  self->set_tags = TESSERA_SET_TAGS (tessera_set_tags_new ());
  gtk_widget_set_halign (GTK_WIDGET (self->set_tags), GTK_ALIGN_END);
  gtk_widget_set_valign (GTK_WIDGET (self->set_tags), GTK_ALIGN_CENTER);
  tessera_wrap_box_append (TESSERA_WRAP_BOX (heading_line), GTK_WIDGET (self->set_tags));

  self->players_line = TESSERA_PLAYERS_LINE (tessera_players_line_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->players_line), TRUE);
  tessera_wrap_box_append (TESSERA_WRAP_BOX (players_line), GTK_WIDGET (self->players_line));

  self->state_label = make_label (TESSERA_WRAP_BOX (players_line), "state", NULL);
  gtk_label_set_xalign (self->state_label, 0.5);
  gtk_widget_set_halign (GTK_WIDGET (self->state_label), GTK_ALIGN_END);
  gtk_widget_set_valign (GTK_WIDGET (self->state_label), GTK_ALIGN_CENTER);

  /* The arrow says what the row does; it has nothing to say of its own. */
  self->open_arrow = g_object_new (GTK_TYPE_IMAGE,
                                   "icon-name", "go-next-symbolic",
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                   "valign", GTK_ALIGN_CENTER,
                                   "margin-start", 6,
                                   "margin-end", 6,
                                   NULL);
  gtk_widget_add_css_class (self->open_arrow, "dim-label");
  gtk_grid_attach (grid, self->open_arrow, 1, 0, 1, 2);

  self->menu_button = GTK_BUTTON (gtk_button_new_from_icon_name ("view-more-symbolic"));
  gtk_widget_set_valign (GTK_WIDGET (self->menu_button), GTK_ALIGN_CENTER);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->menu_button), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->menu_button), "flat");
  /* The keyboard opens the menu with Shift+F10 or the Menu key on the row. Focusable, the
   * button took the keyboard as Tab came into the list, and the row was never read. */
  gtk_widget_set_focusable (GTK_WIDGET (self->menu_button), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->menu_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game Menu"),
                                  -1);
  gtk_grid_attach (grid, GTK_WIDGET (self->menu_button), 2, 0, 1, 2);
}

static void
tessera_history_row_init (TesseraHistoryRow *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  build_row (self);
  g_signal_connect_swapped (self->menu_button, "clicked", G_CALLBACK (tessera_history_row_popup_menu), self);
  g_signal_connect (self->menu_button, "query-tooltip", G_CALLBACK (menu_button_query_tooltip_cb), NULL);
  g_signal_connect (self->place_label, "query-tooltip", G_CALLBACK (place_query_tooltip_cb), self);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (secondary_click_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

GtkWidget *
tessera_history_row_new (void)
{
  return g_object_new (TESSERA_TYPE_HISTORY_ROW, NULL);
}
