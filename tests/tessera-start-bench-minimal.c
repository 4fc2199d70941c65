/* tessera-start-bench-minimal.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <locale.h>

#include "tessera-start-probe.h"

/* The least a libadwaita app shows: a window of Tessera's size with a header bar and a line of
 * text. tessera-start-bench starts it as it starts Tessera, to tell the app's own start from
 * what any GTK app pays. */

static void
activate_cb (GApplication *app)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *label = gtk_label_new ("Tessera");

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_widget_set_vexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) app = NULL;

  setlocale (LC_ALL, "");
  app = adw_application_new ("io.github.tessera.StartBench", G_APPLICATION_NON_UNIQUE);
  tessera_start_probe_watch (G_APPLICATION (app));
  g_signal_connect (app, "activate", G_CALLBACK (activate_cb), NULL);
  return g_application_run (G_APPLICATION (app), 1, argv);
}
