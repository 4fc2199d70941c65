/* tessera-cli-export.c
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

/* Every game's results, a row per player: for spreadsheets. */
static int
export_csv (const TesseraCliOptions *options)
{
  g_autoptr(TesseraStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL;
  int code = tessera_cli_open_store (options, &store);

  if (code != EXIT_OK)
    return code;
  csv = tessera_store_export_csv (store, &error);
  if (csv == NULL)
    return tessera_cli_fail (EXIT_FILE, "%s", error->message);
  g_print ("%s", csv);
  return EXIT_OK;
}

/* A finished game as a play for BG Stats (tessera-bgstats.c). */
static int
export_bgstats (TesseraRecord *record)
{
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(JsonNode) play = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;

  game = tessera_game_new_from_record (record, G_MAXUINT, &error);
  if (game == NULL || !(play = tessera_game_to_bgstats (game, &error)))
    return tessera_cli_fail (EXIT_RULE, "%s", error->message);
  data = tessera_bgstats_to_data (play);
  g_print ("%s", data);
  return EXIT_OK;
}

/* export [--db PATH] GAME_ID: prints a stored game as a record; export --csv [--db PATH]: every
 * game's results; export --bgstats [--db PATH] GAME_ID: a finished game for BG Stats. */
int
tessera_cli_command_export (const TesseraCliOptions *options)
{
  g_autoptr(TesseraStore) store = NULL;
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  guint64 game_id;
  int code;

  if (options->csv && options->bgstats)
    return tessera_cli_usage_error (_("export takes --csv or --bgstats, not both"));
  if (options->csv)
    {
      if (options->file != NULL)
        return tessera_cli_usage_error (_("export --csv writes every game: it takes no game number"));
      return export_csv (options);
    }
  if (options->file == NULL || !g_ascii_string_to_unsigned (options->file, 10, 1, G_MAXINT64, &game_id, NULL))
    {
      g_printerr ("tessera-cli: %s\n", _("export needs the number of a game in the history"));
      return EXIT_USAGE;
    }
  code = tessera_cli_open_store (options, &store);
  if (code != EXIT_OK)
    return code;
  record = tessera_store_load_record (store, (gint64) game_id, &error);
  /* A number the history does not hold is wrong usage, as an unknown player's name is. */
  if (record == NULL && g_error_matches (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND))
    {
      tessera_cli_fail (EXIT_USAGE, "%s", error->message);
      g_printerr ("%s\n", _("Try 'tessera-cli history games'."));
      return EXIT_USAGE;
    }
  if (record == NULL)
    return tessera_cli_fail (EXIT_FILE, "%s", error->message);
  if (options->bgstats)
    return export_bgstats (record);
  data = tessera_record_to_data (record);
  g_print ("%s", data);
  return EXIT_OK;
}
