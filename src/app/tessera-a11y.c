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
