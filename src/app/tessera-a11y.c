/* tessera-a11y.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Names for a screen reader where GTK 4.8 gives none. */

#include "config.h"

#include "tessera-a11y.h"

/**
 * tessera_a11y_name_drop_down:
 * @drop_down: a drop-down
 * @name: what it chooses ("Player", "Year")
 *
 * Names @drop_down and its own button. The button is what takes the keyboard, and GTK 4.8
 * leaves it unnamed: a screen reader said "GtkToggleButton" for each of History's filters.
 */
void
tessera_a11y_name_drop_down (GtkDropDown *drop_down,
                             const char  *name)
{
  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));

  gtk_accessible_update_property (GTK_ACCESSIBLE (drop_down), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (drop_down)); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

/**
 * tessera_a11y_name_list_row:
 * @child: a widget shown in a row of a #GtkListView or #GtkColumnView (a cell's child)
 * @label: what the row is, read when it takes the keyboard
 * @description: (nullable): what the row does, read after
 *
 * Names the row @child is shown in. The row is what takes the keyboard in a list view, and
 * GTK 4.8 names it by nothing ("list item") or by its class ("GtkListItemWidget"), whatever
 * its cells say. The row is the list's own child: in a column view, the inner list's.
 */
void
tessera_a11y_name_list_row (GtkWidget  *child,
                            const char *label,
                            const char *description)
{
  GtkWidget *row = child;

  g_return_if_fail (GTK_IS_WIDGET (child));

  while (row != NULL && !GTK_IS_LIST_VIEW (gtk_widget_get_parent (row)))
    row = gtk_widget_get_parent (row);
  /* Not shown yet: the list names the row when it binds it again. */
  if (row == NULL)
    return;
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  if (description != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}
