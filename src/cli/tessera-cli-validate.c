/* tessera-cli-validate.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-engine.h"

#include "tessera-cli-command.h"
#include "tessera-cli-common.h"

/* validate FILE: replays the record and sums it up in one line, or says which rule it breaks. */
int
tessera_cli_command_validate (const TesseraCliOptions *options)
{
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraGame) game = NULL;
  guint n_turns = 0;
  int code = tessera_cli_load_game (options, G_MAXUINT, &record, &game);

  if (code != EXIT_OK)
    return code;
  for (guint i = 0; i < record->events->len; i++)
    if (((TesseraEvent *) g_ptr_array_index (record->events, i))->kind == TESSERA_EVENT_TURN)
      n_turns++;

  {
    guint n_players = tessera_game_get_n_players (game);
    g_autofree char *players = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u player", "%u players", n_players),
                                                n_players);
    g_autofree char *turns = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u turn", "%u turns", n_turns), n_turns);
    g_autofree char *events = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u event", "%u events",
                                                            record->events->len), record->events->len);

    /* TRANSLATORS: "game.json: valid record: 2 players, 71 turns, 72 events; finished" */
    g_print (_("%s: valid record: %s, %s, %s; %s\n"), options->file, players, turns, events,
             tessera_game_is_finished (game) ? _("finished") : _("in progress"));
  }
  return EXIT_OK;
}
