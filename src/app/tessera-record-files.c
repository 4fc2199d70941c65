/* tessera-record-files.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-record-files"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-record-files.h"

/* Records Tessera saves: *.tessera, the type data/io.github.tessera.Tessera.mime.xml.in gives
 * the desktop. */
GtkFileFilter *
tessera_record_files_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Tessera game records"));
  gtk_file_filter_add_pattern (filter, "*.tessera");
  gtk_file_filter_add_mime_type (filter, TESSERA_RECORD_MIME_TYPE);
  return filter;
}

/* Records other programs write, and those Tessera saved before records had their own type. */
GtkFileFilter *
tessera_record_files_json_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("JSON files"));
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_filter_add_mime_type (filter, "application/json");
  return filter;
}

/* Both of the above, for opening: a record may come with either ending. */
GtkFileFilter *
tessera_record_files_import_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Game records"));
  gtk_file_filter_add_pattern (filter, "*.tessera");
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_filter_add_mime_type (filter, TESSERA_RECORD_MIME_TYPE);
  gtk_file_filter_add_mime_type (filter, "application/json");
  return filter;
}

/**
 * tessera_record_files_suggest_name:
 * @date: the game's day, "2026-11-24"
 *
 * The name a save dialog offers for a record. It ends in .tessera whatever the language: the
 * ending tells the desktop that Tessera opens the file.
 *
 * Returns: (transfer full): the file name
 */
char *
tessera_record_files_suggest_name (const char *date)
{
  /* Translators: the file name offered when saving a game record, without its ending (.tessera
   * is added); %s is the game's date */
  g_autofree char *stem = g_strdup_printf (_("carcassonne-%s"), date);

  return g_strconcat (stem, ".tessera", NULL);
}
