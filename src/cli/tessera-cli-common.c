/* tessera-cli-common.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-cli"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gunixinputstream.h>
#include <glib/gstdio.h>
#include <glib/gi18n.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>

#include "tessera-cli-common.h"
#include "tessera-record-file.h"

/* Says what went wrong on standard error, after the program's name, and returns @code. */
int
tessera_cli_fail (int         code,
                  const char *format,
                  ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("tessera-cli: %s\n", message);
  return code;
}

/* Says what is wrong with the command line, points to --help and returns EXIT_USAGE. */
int
tessera_cli_usage_error (const char *message)
{
  g_printerr ("tessera-cli: %s\n", message);
  g_printerr ("%s\n", _("Try 'tessera-cli --help'."));
  return EXIT_USAGE;
}

void
tessera_cli_print_json (JsonNode *node)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;
  g_autoptr(GString) out = NULL;
  gboolean in_string = FALSE;

  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, node);
  text = json_generator_to_data (generator, NULL);

  /* JSON-GLib writes every fractional number with 17 digits (a review's 6.17 comes out as
   * 6.1699999999999999): each is written again with the fewest digits that read back as the
   * same number. */
  out = g_string_sized_new (strlen (text));
  for (const char *c = text; *c != '\0'; c++)
    {
      if (in_string)
        {
          g_string_append_c (out, *c);
          if (*c == '\\' && c[1] != '\0')
            g_string_append_c (out, *++c);
          else if (*c == '"')
            in_string = FALSE;
        }
      else if (*c == '"')
        {
          in_string = TRUE;
          g_string_append_c (out, *c);
        }
      else if (*c == '-' || g_ascii_isdigit (*c))
        {
          char *end = NULL;
          double value = g_ascii_strtod (c, &end);
          gsize length = (gsize) (end - c);

          if (memchr (c, '.', length) != NULL || memchr (c, 'e', length) != NULL)
            {
              char shortest[G_ASCII_DTOSTR_BUF_SIZE];

              for (int digits = 1; digits <= 17; digits++)
                {
                  char format[8];

                  g_snprintf (format, sizeof format, "%%.%dg", digits);
                  g_ascii_formatd (shortest, sizeof shortest, format, value);
                  if (g_ascii_strtod (shortest, NULL) == value)
                    break;
                }
              g_string_append (out, shortest);
            }
          else
            g_string_append_len (out, c, (gssize) length);
          c = end - 1;
        }
      else
        g_string_append_c (out, *c);
    }
  g_print ("%s\n", out->str);
}

static int quiet_fail (char       **message,
                       int          code,
                       const char  *format,
                       ...) G_GNUC_PRINTF (3, 4);

/* Like tessera_cli_fail(), the message kept in @message instead of printed. */
static int
quiet_fail (char       **message,
            int          code,
            const char  *format,
            ...)
{
  va_list args;

  va_start (args, format);
  *message = g_strdup_vprintf (format, args);
  va_end (args);
  return code;
}

/* @file's contents, never more than a record may hold whatever the file is (a device or a pipe
 * would go on for ever): tessera_record_file_read_stream(), the reader the app uses too. The
 * exit code says what went wrong: 3 the file cannot be read, 1 it is too long for a record. */
static int
read_bounded (const char  *file,
              GBytes     **contents,
              char       **message)
{
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GError) error = NULL;
  const char *name = file;
  GStatBuf info;

  if (g_str_equal (file, "-"))
    {
      stream = g_unix_input_stream_new (STDIN_FILENO, FALSE);
      name = _("standard input");
    }
  else
    {
      int fd = g_open (file, O_RDONLY | O_CLOEXEC, 0);

      if (fd < 0)
        {
          int saved_errno = errno;

          /* TRANSLATORS: "Failed to open file “game.json”: No such file or directory" */
          return quiet_fail (message, EXIT_FILE, _("Failed to open file “%s”: %s"), file, g_strerror (saved_errno));
        }
      stream = g_unix_input_stream_new (fd, TRUE);
      /* A regular file too long for a record is refused before it is read, with its size. */
      if (fstat (fd, &info) == 0 && S_ISREG (info.st_mode) && !tessera_record_check_size ((gsize) info.st_size, &error))
        return quiet_fail (message, EXIT_RULE, "%s: %s", file, error->message);
    }
  *contents = tessera_record_file_read_stream (stream, name, NULL, &error);
  if (*contents == NULL)
    return quiet_fail (message, g_error_matches (error, TESSERA_ERROR, TESSERA_ERROR_RECORD) ? EXIT_RULE : EXIT_FILE,
                       "%s", error->message);
  return EXIT_OK;
}

/* Reads @file (or standard input for "-") and parses it as a record. The exit code says what
 * went wrong: 3 the file, 1 the record; @message, what tessera_cli_fail() would say, is for the
 * caller to print when its turn comes (an import prints it after the files before it). */
int
tessera_cli_read_record_file_quietly (const char     *file,
                                      TesseraRecord **record_out,
                                      char          **message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) contents = NULL;
  const char *data;
  gsize length = 0;
  int code = read_bounded (file, &contents, message);

  if (code != EXIT_OK)
    return code;
  data = g_bytes_get_data (contents, &length);
  *record_out = tessera_record_load_from_data (data != NULL ? data : "", (gssize) length, &error);
  if (*record_out == NULL)
    return quiet_fail (message, EXIT_RULE, "%s: %s", file, error->message);
  return EXIT_OK;
}

/* tessera_cli_read_record_file_quietly(), its message printed. */
int
tessera_cli_read_record_file (const char     *file,
                              TesseraRecord **record_out)
{
  g_autofree char *message = NULL;
  int code = tessera_cli_read_record_file_quietly (file, record_out, &message);

  if (code != EXIT_OK)
    tessera_cli_fail (code, "%s", message);
  return code;
}

/* Reads FILE, parses it as a record and replays it. The exit code says what went wrong: 3 the
 * file, 1 the record or its moves. */
int
tessera_cli_load_game (const TesseraCliOptions *options,
                       guint                    n_events,
                       TesseraRecord          **record_out,
                       TesseraGame            **game_out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraGame) game = NULL;
  int code = tessera_cli_read_record_file (options->file, &record);

  if (code != EXIT_OK)
    return code;
  game = tessera_game_new_from_record (record, n_events, &error);
  if (game == NULL)
    return tessera_cli_fail (EXIT_RULE, "%s: %s", options->file, error->message);

  if (record_out != NULL)
    *record_out = g_steal_pointer (&record);
  *game_out = g_steal_pointer (&game);
  return EXIT_OK;
}

/* Opens --db, or else the app's history. The exit code is 3 when it cannot be opened. */
int
tessera_cli_open_store (const TesseraCliOptions *options,
                        TesseraStore           **store)
{
  g_autofree char *path = options->db != NULL ? g_strdup (options->db) : tessera_store_get_default_path ();
  g_autoptr(GError) error = NULL;

  *store = tessera_store_open (path, &error);
  if (*store == NULL)
    return tessera_cli_fail (EXIT_FILE, "%s", error->message);
  return EXIT_OK;
}

const char *
tessera_cli_category_phrase (TesseraCategory category)
{
  switch (category)
    {
    case TESSERA_CATEGORY_ROAD:
      return C_("category", "road");
    case TESSERA_CATEGORY_CITY:
      return C_("category", "city");
    case TESSERA_CATEGORY_CLOISTER:
      return C_("category", "cloister");
    case TESSERA_CATEGORY_FARM:
      return C_("category", "farm");
    case TESSERA_CATEGORY_WHEEL:
      return C_("category", "wheel");
    case TESSERA_CATEGORY_CROWN:
      return C_("category", "crown");
    case TESSERA_CATEGORY_RANSOM:
      return C_("category", "ransom");
    case TESSERA_CATEGORY_ADJUST:
    case TESSERA_N_CATEGORIES:
    default:
      return C_("category", "adjust");
    }
}

/* [x, y], as records give a cell. */
JsonNode *
tessera_cli_cell_json (TesseraCell cell)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  json_array_add_int_element (array, cell.x);
  json_array_add_int_element (array, cell.y);
  json_node_take_array (node, array);
  return node;
}

/* {"at": [x, y], "spot": S}, as records name a place on a tile. */
void
tessera_cli_add_place_json (JsonBuilder *builder,
                            TesseraCell  at,
                            const char  *spot)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "at");
  json_builder_add_value (builder, tessera_cli_cell_json (at));
  json_builder_set_member_name (builder, "spot");
  json_builder_add_string_value (builder, spot);
  json_builder_end_object (builder);
}

/**
 * tessera_cli_add_score_json:
 * @breakdown: the points in each category
 *
 * Adds "score" and "breakdown" (the points per category, as the contract names them) to the
 * object @builder is in: score --json's players and state --json's projected.
 */
void
tessera_cli_add_score_json (JsonBuilder *builder,
                            int          score,
                            const int   *breakdown)
{
  json_builder_set_member_name (builder, "score");
  json_builder_add_int_value (builder, score);
  json_builder_set_member_name (builder, "breakdown");
  json_builder_begin_object (builder);
  for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
    {
      json_builder_set_member_name (builder, tessera_category_name (c));
      json_builder_add_int_value (builder, breakdown[c]);
    }
  json_builder_end_object (builder);
}
