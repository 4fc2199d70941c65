/* tessera-cli-import.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-engine.h"
#include "tessera-store.h"

#include "tessera-cli-command.h"
#include "tessera-cli-common.h"

/* import [--db PATH] FILE...: stores every FILE; a record that breaks a rule is reported and the
 * others go on, a database that fails stops it all. The exit code is the first problem's. */
int
tessera_cli_command_import (const TesseraCliOptions *options)
{
  g_autoptr(TesseraStore) store = NULL;
  int code = tessera_cli_open_store (options, &store);
  int first_problem = EXIT_OK;

  if (code != EXIT_OK)
    return code;
  for (guint i = 0; i < options->files->len; i++)
    {
      const char *file = g_ptr_array_index (options->files, i);
      g_autoptr(TesseraRecord) record = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *id = NULL;
      gboolean already = FALSE;
      gint64 game_id;

      code = tessera_cli_read_record_file (file, &record);
      if (code != EXIT_OK)
        {
          first_problem = first_problem != EXIT_OK ? first_problem : code;
          continue;
        }
      game_id = tessera_store_import_record (store, record, &already, &error);
      if (game_id == 0)
        {
          if (error->domain != TESSERA_ERROR)
            return tessera_cli_fail (EXIT_FILE, "%s", error->message);
          tessera_cli_fail (EXIT_RULE, "%s: %s", file, error->message);
          first_problem = first_problem != EXIT_OK ? first_problem : EXIT_RULE;
          continue;
        }
      id = g_strdup_printf ("%" G_GINT64_FORMAT, game_id);
      if (already)
        /* TRANSLATORS: "game.json: already in the history as game 12" */
        g_print (_("%s: already in the history as game %s\n"), file, id);
      else
        /* TRANSLATORS: "game.json: stored as game 12" */
        g_print (_("%s: stored as game %s\n"), file, id);
    }
  return first_problem;
}
