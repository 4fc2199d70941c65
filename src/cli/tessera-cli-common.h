/* tessera-cli-common.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "tessera-cli-command.h"
#include "tessera-engine.h"
#include "tessera-store.h"

G_BEGIN_DECLS

/* What more than one command needs: reporting a problem, reading a record or the history, and
 * the phrases and JSON pieces their outputs share. */

int         tessera_cli_fail             (int                       code,
                                          const char               *format,
                                          ...) G_GNUC_PRINTF (2, 3);
int         tessera_cli_usage_error      (const char               *message);
void        tessera_cli_print_json       (JsonNode                 *node);
int         tessera_cli_read_record_file (const char               *file,
                                          TesseraRecord           **record_out);
int         tessera_cli_read_record_file_quietly (const char      *file,
                                                  TesseraRecord  **record_out,
                                                  char           **message);
int         tessera_cli_load_game        (const TesseraCliOptions  *options,
                                          guint                     n_events,
                                          TesseraRecord           **record_out,
                                          TesseraGame             **game_out);
int         tessera_cli_open_store       (const TesseraCliOptions  *options,
                                          TesseraStore            **store);
const char *tessera_cli_category_phrase  (TesseraCategory           category);
JsonNode   *tessera_cli_cell_json        (TesseraCell               cell);
void        tessera_cli_add_score_json   (JsonBuilder              *builder,
                                          int                       score,
                                          const int                *breakdown);
void        tessera_cli_add_place_json   (JsonBuilder              *builder,
                                          TesseraCell               at,
                                          const char               *spot);

G_END_DECLS
