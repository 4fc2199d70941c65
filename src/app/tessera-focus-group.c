/* tessera-focus-group.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A list or grid that is one stop of the Tab ring: the arrow keys (and Home, End) move among
 * its items, Tab and Shift+Tab leave it. GtkFlowBox, GtkListBox and GtkListView walk every
 * child with Tab, which made the palette 48 stops and the score log one per move. */

#include "config.h"

#include "tessera-focus-group.h"

/* The items a keyboard can reach in @widget, in the order of its children. */
static void
collect_items (GtkWidget *widget,
               GPtrArray *items)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_get_mapped (child) || !gtk_widget_is_sensitive (child))
        continue;
      if (gtk_widget_get_focusable (child))
        g_ptr_array_add (items, child);
      collect_items (child, items);
    }
}

/* The item that has the focus, or one that holds it (an entry's text). */
static int
focused_index (GtkWidget *group,
               GPtrArray *items)
{
  GtkRoot *root = gtk_widget_get_root (group);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  for (; focus != NULL && focus != group; focus = gtk_widget_get_parent (focus))
    for (guint i = 0; i < items->len; i++)
      if (g_ptr_array_index (items, i) == focus)
        return (int) i;
  return -1;
}

/* The item in the row above (@step < 0) or below the item @from, nearest to it across; -1 when
 * it is in the first or last row. In a list, the next row's first item. */
static int
item_across_rows (GtkWidget *group,
                  GPtrArray *items,
                  int        from,
                  int        step)
{
  graphene_rect_t here, there;
  int best = -1;
  float best_row = 0, best_dx = 0;

  if (!gtk_widget_compute_bounds (g_ptr_array_index (items, from), group, &here))
    return -1;
  for (guint i = 0; i < items->len; i++)
    {
      float row, dx;

      if ((int) i == from || !gtk_widget_compute_bounds (g_ptr_array_index (items, i), group, &there))
        continue;
      /* Wholly below (above) the middle of this one: a row further on. */
      if (step > 0 ? there.origin.y < here.origin.y + here.size.height / 2
                   : there.origin.y + there.size.height > here.origin.y + here.size.height / 2)
        continue;
      row = step > 0 ? there.origin.y : -(there.origin.y + there.size.height);
      dx = ABS ((there.origin.x + there.size.width / 2) - (here.origin.x + here.size.width / 2));
      /* The nearest row first (items of one row start within half an item of each other), then
       * the nearest item across. */
      if (best < 0 || row < best_row - here.size.height / 2
          || (row < best_row + here.size.height / 2 && dx < best_dx))
        {
          best = (int) i;
          best_row = row;
          best_dx = dx;
        }
    }
  return best;
}

/* Tab and Shift+Tab from inside: on to what follows (precedes) the group in the window. The
 * group's own children are closed to the walk while it runs, so GTK goes past them. */
static void
leave_group (GtkWidget       *group,
             GtkDirectionType direction)
{
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (group));

  if (root == NULL)
    return;
  gtk_widget_set_can_focus (group, FALSE);
  gtk_widget_child_focus (root, direction);
  gtk_widget_set_can_focus (group, TRUE);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkWidget             *group)
{
  g_autoptr(GPtrArray) items = NULL;
  GdkModifierType modifiers = state & gtk_accelerator_get_default_mod_mask ();
  int from, to = -1;

  if (keyval == GDK_KEY_Tab || keyval == GDK_KEY_KP_Tab || keyval == GDK_KEY_ISO_Left_Tab)
    {
      if ((modifiers & ~GDK_SHIFT_MASK) != 0)
        return FALSE;
      leave_group (group, (modifiers & GDK_SHIFT_MASK) || keyval == GDK_KEY_ISO_Left_Tab
                            ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD);
      return TRUE;
    }
  /* A list view moves its own cursor (and selection) with the arrows. */
  if (modifiers != 0 || GTK_IS_LIST_VIEW (group) || GTK_IS_GRID_VIEW (group) || GTK_IS_COLUMN_VIEW (group))
    return FALSE;

  items = g_ptr_array_new ();
  collect_items (group, items);
  from = focused_index (group, items);
  if (from < 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      to = gtk_widget_get_direction (group) == GTK_TEXT_DIR_RTL ? from + 1 : from - 1;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      to = gtk_widget_get_direction (group) == GTK_TEXT_DIR_RTL ? from - 1 : from + 1;
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      to = item_across_rows (group, items, from, -1);
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      to = item_across_rows (group, items, from, 1);
      break;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      to = 0;
      break;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      to = (int) items->len - 1;
      break;
    default:
      return FALSE;
    }
  /* At an edge the key is taken all the same: the focus stays in the group, as in a list. */
  if (to >= 0 && to < (int) items->len)
    {
      GtkWidget *item = g_ptr_array_index (items, to);
      GtkWidget *list = gtk_widget_get_parent (item);

      gtk_widget_grab_focus (item);
      /* In a list that selects, the selection follows the keyboard, as GtkListBox's own keys. */
      if (GTK_IS_LIST_BOX_ROW (item) && GTK_IS_LIST_BOX (list)
          && gtk_list_box_get_selection_mode (GTK_LIST_BOX (list)) != GTK_SELECTION_NONE
          && gtk_list_box_row_is_selected (GTK_LIST_BOX_ROW (item)) == FALSE
          && gtk_list_box_row_get_selectable (GTK_LIST_BOX_ROW (item)))
        gtk_list_box_select_row (GTK_LIST_BOX (list), GTK_LIST_BOX_ROW (item));
    }
  else
    gtk_widget_error_bell (group);
  return TRUE;
}

/**
 * tessera_focus_group_attach:
 * @group: a list or a grid of focusable items (a #GtkFlowBox whose children are not focusable
 *   themselves, a #GtkListBox, a #GtkListView)
 *
 * Makes @group one stop of the window's Tab ring: Tab enters it at its first item (Shift+Tab at
 * its last), the arrow keys, Home and End move among its items, and Tab or Shift+Tab leave it.
 * In a grid Up and Down go to the nearest item of the row above or below. A #GtkListView or
 * #GtkColumnView keeps its own arrow keys, which move its cursor.
 */
void
tessera_focus_group_attach (GtkWidget *group)
{
  GtkEventController *controller = gtk_event_controller_key_new ();

  g_return_if_fail (GTK_IS_WIDGET (group));

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "key-pressed", G_CALLBACK (key_pressed_cb), group);
  gtk_widget_add_controller (group, controller);
  g_object_set_data (G_OBJECT (group), "tessera-focus-group", GINT_TO_POINTER (TRUE));
}

/**
 * tessera_focus_group_find:
 * @widget: a widget
 *
 * Returns: (transfer none) (nullable): the focus group @widget is in (or is), or %NULL
 */
GtkWidget *
tessera_focus_group_find (GtkWidget *widget)
{
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    if (g_object_get_data (G_OBJECT (widget), "tessera-focus-group") != NULL)
      return widget;
  return NULL;
}
