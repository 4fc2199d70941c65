/* tessera-record-files.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Game records as files: what the file choosers offer and the name a saved record gets. */

#define TESSERA_RECORD_MIME_TYPE "application/x-tessera-game"

GtkFileFilter *tessera_record_files_filter        (void);
GtkFileFilter *tessera_record_files_json_filter   (void);
GtkFileFilter *tessera_record_files_import_filter (void);
char          *tessera_record_files_suggest_name  (const char *date);

G_END_DECLS
