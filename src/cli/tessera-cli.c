/* tessera-cli.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "tessera-cli-command.h"
#include "tessera-cli-common.h"

/* The overview's line of each command (export has three), in the order --help lists them. */
static const struct
{
  const char *command;
  const char *line;
} usage_lines[] = {
  { "validate", N_("  validate FILE                        check a record; print a one-line summary") },
  { "score", N_("  score [--json] FILE                  the scores now, or the final scores when the record has \"end\"") },
  { "explain", N_("  explain [--json] FILE                every scoring event in order, with its reason") },
  { "state", N_("  state [--json] [--after N] FILE      board, followers, supplies, whose turn, tiles left") },
  { "moves", N_("  moves [--json] FILE TILE             every legal placement of TILE, with its free follower spots") },
  { "fits", N_("  fits [--json] FILE X Y               every tile left that can go at [X, Y], with copies left and rotations") },
  { "review", N_("  review [--json] FILE                 every turn against the best turn the drawn tile allowed, and the luck of the draw") },
  { "import", N_("  import [--db PATH] FILE...           store records in the game history") },
  { "export", N_("  export [--db PATH] GAME_ID           print a stored game as a record") },
  { "export", N_("  export --csv [--db PATH]             every game's results, a row per player, for spreadsheets") },
  { "export", N_("  export --bgstats [--db PATH] GAME_ID a finished game as a play for the BG Stats app") },
  { "history", N_("  history [--json] [--db PATH] WHAT    the history: games, players, or player NAME") },
};

static void
print_usage (FILE *stream)
{
  fprintf (stream, "%s\n%s\n\n", _("Usage: tessera-cli COMMAND [OPTIONS] FILE"),
           _("Check, score and inspect Carcassonne game records (FILE may be - for standard input)."));
  for (guint i = 0; i < G_N_ELEMENTS (usage_lines); i++)
    fprintf (stream, "%s\n", _(usage_lines[i].line));
  fprintf (stream, "\n%s\n", _("An option with a value may be written --db PATH or --db=PATH; -- ends the options, so that a FILE may start with -."));
  fprintf (stream, "\n%s\n",
           _("Exit status: 0 success, 1 the record breaks a rule or is not a record, 2 wrong usage, 3 file or database error."));
  fprintf (stream, "%s\n", _("Each command explains itself: tessera-cli COMMAND --help."));
}

/* tessera-cli COMMAND --help: the command's own lines, the options it takes, the exit status. */
static void
print_command_usage (const TesseraCliCommand *command)
{
  /* The command's own lines, as they are typed: "  tessera-cli export [--db PATH] GAME_ID …". */
  g_print ("%s\n", _("Usage:"));
  for (guint i = 0; i < G_N_ELEMENTS (usage_lines); i++)
    if (g_str_equal (usage_lines[i].command, command->name))
      g_print ("  tessera-cli %s\n", _(usage_lines[i].line) + strspn (_(usage_lines[i].line), " "));
  g_print ("\n%s\n", _("Options:"));
  if (command->takes_json)
    g_print ("%s\n", _("  --json        print JSON as the record format's documentation describes, instead of text"));
  if (command->takes_after)
    g_print ("%s\n", _("  --after N     the game as it was after its first N events"));
  if (command->takes_csv)
    g_print ("%s\n", _("  --csv         every finished game's results as comma-separated values"));
  if (command->takes_bgstats)
    g_print ("%s\n", _("  --bgstats     the finished game as the JSON of a play that BG Stats imports"));
  if (command->takes_db)
    g_print ("%s\n", _("  --db PATH     the history database to use instead of the app's"));
  g_print ("%s\n", _("  --            the options end here: the arguments after it may start with -"));
  g_print ("\n%s\n",
           _("Exit status: 0 success, 1 the record breaks a rule or is not a record, 2 wrong usage, 3 file or database error."));
}

/* Whether @arg is the option @name with a value, written "--db PATH" (the next word, taken) or
 * "--db=PATH"; @value is NULL when the value is missing. */
static gboolean
option_with_value (const char  *arg,
                   const char  *name,
                   int          argc,
                   char        *argv[],
                   int         *i,
                   const char **value)
{
  gsize length = strlen (name);

  if (strncmp (arg, name, length) != 0)
    return FALSE;
  if (arg[length] == '=')
    *value = arg + length + 1;
  else if (arg[length] == '\0')
    *value = *i + 1 < argc ? argv[++*i] : NULL;
  else
    return FALSE;
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  /* Every command and what it takes. A new command is a file of its own, tessera-cli-NAME.c
   * (listed in meson.build and po/POTFILES.in), with its function declared in
   * tessera-cli-command.h, an entry here and its line in usage_lines. */
  static const TesseraCliCommand commands[] = {
    { .name = "validate", .run = tessera_cli_command_validate,
      .min_args = 1, .max_args = 1 },
    { .name = "score", .run = tessera_cli_command_score,
      .takes_json = TRUE, .min_args = 1, .max_args = 1 },
    { .name = "explain", .run = tessera_cli_command_explain,
      .takes_json = TRUE, .min_args = 1, .max_args = 1 },
    { .name = "state", .run = tessera_cli_command_state,
      .takes_json = TRUE, .takes_after = TRUE, .min_args = 1, .max_args = 1 },
    { .name = "moves", .run = tessera_cli_command_moves,
      .takes_json = TRUE, .min_args = 2, .max_args = 2 },
    { .name = "fits", .run = tessera_cli_command_fits,
      .takes_json = TRUE, .takes_cell = TRUE, .min_args = 3, .max_args = 3 },
    { .name = "review", .run = tessera_cli_command_review,
      .takes_json = TRUE, .min_args = 1, .max_args = 1 },
    { .name = "import", .run = tessera_cli_command_import,
      .takes_db = TRUE, .min_args = 1, .max_args = G_MAXUINT },
    /* export --csv takes no game: tessera_cli_command_export() checks the combination. */
    { .name = "export", .run = tessera_cli_command_export,
      .takes_csv = TRUE, .takes_bgstats = TRUE, .takes_db = TRUE, .min_args = 0, .max_args = 1 },
    { .name = "history", .run = tessera_cli_command_history,
      .takes_json = TRUE, .takes_db = TRUE, .min_args = 1, .max_args = 2 },
  };
  g_autoptr(GPtrArray) positional = g_ptr_array_new ();
  TesseraCliOptions options = { FALSE, FALSE, FALSE, -1, NULL, NULL, NULL, NULL };
  gboolean options_ended = FALSE;
  int command = -1;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      print_usage (stderr);
      return EXIT_USAGE;
    }
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h") || g_str_equal (argv[1], "help"))
    {
      print_usage (stdout);
      return EXIT_OK;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      g_print ("tessera-cli %s\n", PACKAGE_VERSION);
      return EXIT_OK;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      command = (int) i;
  if (command < 0)
    {
      g_autofree char *message = g_strdup_printf (_("unknown command \"%s\""), argv[1]);

      return tessera_cli_usage_error (message);
    }

  /* Asking a command for help wins over anything else among its options. */
  for (int i = 2; i < argc && !g_str_equal (argv[i], "--"); i++)
    if (g_str_equal (argv[i], "--help") || g_str_equal (argv[i], "-h"))
      {
        print_command_usage (&commands[command]);
        return EXIT_OK;
      }

  for (int i = 2; i < argc; i++)
    {
      const char *arg = argv[i];
      const char *value = NULL;

      if (g_str_equal (arg, "--") && !options_ended)
        options_ended = TRUE;
      else if (options_ended)
        {
          if (positional->len >= commands[command].max_args)
            {
              g_autofree char *message = g_strdup_printf (_("too many arguments for %s"), commands[command].name);
              return tessera_cli_usage_error (message);
            }
          g_ptr_array_add (positional, (gpointer) arg);
        }
      else if (g_str_equal (arg, "--json") && commands[command].takes_json)
        options.json = TRUE;
      else if (commands[command].takes_after && option_with_value (arg, "--after", argc, argv, &i, &value))
        {
          guint64 after;

          if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 0, G_MAXINT, &after, NULL))
            return tessera_cli_usage_error (_("--after needs a number of events"));
          options.after = (int) after;
        }
      else if (g_str_equal (arg, "--csv") && commands[command].takes_csv)
        options.csv = TRUE;
      else if (g_str_equal (arg, "--bgstats") && commands[command].takes_bgstats)
        options.bgstats = TRUE;
      else if (commands[command].takes_db && option_with_value (arg, "--db", argc, argv, &i, &value))
        {
          if (value == NULL || *value == '\0')
            return tessera_cli_usage_error (_("--db needs the path of a history database"));
          options.db = value;
        }
      else if (arg[0] == '-' && arg[1] != '\0' && !(commands[command].takes_cell && g_ascii_isdigit (arg[1])))
        {
          g_autofree char *message = g_strdup_printf (_("unknown option \"%s\" for %s"), arg, commands[command].name);
          return tessera_cli_usage_error (message);
        }
      else if (positional->len < commands[command].max_args)
        g_ptr_array_add (positional, (gpointer) arg);
      else
        {
          g_autofree char *message = g_strdup_printf (_("too many arguments for %s"), commands[command].name);
          return tessera_cli_usage_error (message);
        }
    }
  if (positional->len < commands[command].min_args)
    {
      g_autofree char *message = NULL;

      if (commands[command].run == tessera_cli_command_moves)
        message = g_strdup_printf (_("%s needs a FILE and a TILE"), commands[command].name);
      else if (commands[command].run == tessera_cli_command_fits)
        message = g_strdup_printf (_("%s needs a FILE and a cell, X and Y"), commands[command].name);
      else if (commands[command].run == tessera_cli_command_history)
        message = g_strdup_printf (_("%s needs games, players, or player and a NAME"), commands[command].name);
      else
        message = g_strdup_printf (_("%s needs a FILE"), commands[command].name);
      return tessera_cli_usage_error (message);
    }
  options.file = positional->len > 0 ? g_ptr_array_index (positional, 0) : NULL;
  options.tile = positional->len > 1 ? g_ptr_array_index (positional, 1) : NULL;
  options.files = positional;
  return commands[command].run (&options);
}
