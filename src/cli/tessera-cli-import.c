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

/* Files read and imported together: a batch is stored in few transactions (the store commits
 * every few records), and this many records at most are held in memory. */
#define FILES_PER_BATCH 200

typedef struct
{
  TesseraRecord       *record;     /* or NULL when the file could not be read */
  int                  code;       /* then why, */
  char                *message;    /* and what to say */
  TesseraImportResult  result;
} ImportFile;

static void
import_file_clear (ImportFile *import)
{
  g_clear_pointer (&import->record, tessera_record_free);
  g_clear_pointer (&import->message, g_free);
  tessera_import_result_clear (&import->result);
}

/* Says what became of each file, in order, as if each had been imported alone. Returns FALSE
 * when the history failed: nothing after that is said. */
static gboolean
report_batch (GArray       *batch,
              const char  **files,
              const GError *store_error,
              int          *first_problem)
{
  for (guint i = 0; i < batch->len; i++)
    {
      const ImportFile *import = &g_array_index (batch, ImportFile, i);
      g_autofree char *id = NULL;

      if (import->record == NULL)
        {
          tessera_cli_fail (import->code, "%s", import->message);
          *first_problem = *first_problem != EXIT_OK ? *first_problem : import->code;
          continue;
        }
      if (import->result.error != NULL)
        {
          tessera_cli_fail (EXIT_RULE, "%s: %s", files[i], import->result.error->message);
          *first_problem = *first_problem != EXIT_OK ? *first_problem : EXIT_RULE;
          continue;
        }
      if (import->result.game_id == 0)
        {
          tessera_cli_fail (EXIT_FILE, "%s", store_error->message);
          return FALSE;
        }
      id = g_strdup_printf ("%" G_GINT64_FORMAT, import->result.game_id);
      if (import->result.already)
        /* TRANSLATORS: "game.json: already in the history as game 12" */
        g_print (_("%s: already in the history as game %s\n"), files[i], id);
      else
        /* TRANSLATORS: "game.json: stored as game 12" */
        g_print (_("%s: stored as game %s\n"), files[i], id);
    }
  return TRUE;
}

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
  for (guint start = 0; start < options->files->len; start += FILES_PER_BATCH)
    {
      guint n_files = MIN (FILES_PER_BATCH, options->files->len - start);
      const char **files = (const char **) options->files->pdata + start;
      g_autoptr(GArray) batch = g_array_sized_new (FALSE, TRUE, sizeof (ImportFile), n_files);
      g_autoptr(GPtrArray) records = g_ptr_array_sized_new (n_files);
      g_autofree TesseraImportResult *results = NULL;
      g_autoptr(GError) error = NULL;

      g_array_set_clear_func (batch, (GDestroyNotify) import_file_clear);
      g_array_set_size (batch, n_files);
      for (guint i = 0; i < n_files; i++)
        {
          ImportFile *import = &g_array_index (batch, ImportFile, i);

          import->code = tessera_cli_read_record_file_quietly (files[i], &import->record, &import->message);
          if (import->code == EXIT_OK)
            g_ptr_array_add (records, import->record);
        }
      results = g_new0 (TesseraImportResult, MAX (records->len, 1));
      /* FALSE leaves the records from the failed one on without a result: said below. */
      tessera_store_import_records (store, (const TesseraRecord * const *) records->pdata, records->len,
                                    results, NULL, &error);
      for (guint i = 0, r = 0; i < n_files; i++)
        {
          ImportFile *import = &g_array_index (batch, ImportFile, i);

          if (import->record != NULL)
            import->result = results[r++];
        }
      if (!report_batch (batch, files, error, &first_problem))
        return EXIT_FILE;
    }
  return first_problem;
}
