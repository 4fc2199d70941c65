/* tessera-cli-command.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Exit codes, as the tessera-cli contract fixes them. */
enum
{
  EXIT_OK = 0,
  EXIT_RULE = 1,
  EXIT_USAGE = 2,
  EXIT_FILE = 3,
};

/* What the command line asked for, once main() has checked it against the command's entry. */
typedef struct
{
  gboolean    json;
  gboolean    csv;          /* export --csv */
  gboolean    bgstats;      /* export --bgstats */
  int         after;        /* --after N, or -1 */
  const char *db;           /* --db PATH, or NULL for the app's history */
  const char *file;
  const char *tile;
  GPtrArray  *files;        /* every argument: import's FILEs, fits' FILE X Y */
} TesseraCliOptions;

/* A command: its name, the function that runs it, and what main() lets it take: the options
 * it does not take are refused as unknown, and fewer or more arguments than it takes are wrong
 * usage. */
typedef struct
{
  const char *name;
  int       (*run)(const TesseraCliOptions *options);
  gboolean    takes_json;   /* --json */
  gboolean    takes_after;  /* --after N */
  gboolean    takes_csv;    /* --csv */
  gboolean    takes_bgstats; /* --bgstats */
  gboolean    takes_db;     /* --db PATH */
  gboolean    takes_cell;   /* X Y: "-1" is a coordinate, not an option */
  guint       min_args;
  guint       max_args;     /* G_MAXUINT: no limit */
} TesseraCliCommand;

/* The commands main() runs from its table, each in its file tessera-cli-NAME.c; each returns an
 * exit code of the contract. */
int tessera_cli_command_validate (const TesseraCliOptions *options);
int tessera_cli_command_score    (const TesseraCliOptions *options);
int tessera_cli_command_explain  (const TesseraCliOptions *options);
int tessera_cli_command_state    (const TesseraCliOptions *options);
int tessera_cli_command_moves    (const TesseraCliOptions *options);
int tessera_cli_command_fits     (const TesseraCliOptions *options);
int tessera_cli_command_review   (const TesseraCliOptions *options);
int tessera_cli_command_import   (const TesseraCliOptions *options);
int tessera_cli_command_export   (const TesseraCliOptions *options);
int tessera_cli_command_history  (const TesseraCliOptions *options);

G_END_DECLS
