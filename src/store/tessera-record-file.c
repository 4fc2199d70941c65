/* tessera-record-file.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-store"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera-engine.h"
#include "tessera-record-file.h"

/* The size of a regular file says beforehand whether it is too long for a record; a device
 * (/dev/zero), a pipe or a socket has no size, and would be read for ever. So every record is
 * read in chunks, and the reading stops as soon as it has more than a record may hold. This
 * lives beside the history because it is the lowest layer both the app and tessera-cli link;
 * the engine reads no files. */

#define CHUNK_BYTES (64 * 1024)

/**
 * tessera_record_file_read_stream:
 * @stream: where the record comes from: a file, a pipe, standard input
 * @name: what to call it in a message: a file's name, "standard input"
 *
 * Reads @stream to its end, but never more than %TESSERA_RECORD_MAX_BYTES and a chunk: what
 * follows is not read.
 *
 * Returns: (transfer full): what it held, followed by a nul not counted in its size, or %NULL
 *   with @error: %TESSERA_ERROR_RECORD naming @name and the limit when it holds more, a
 *   %G_IO_ERROR when it cannot be read
 */
GBytes *
tessera_record_file_read_stream (GInputStream  *stream,
                                 const char    *name,
                                 GCancellable  *cancellable,
                                 GError       **error)
{
  g_autoptr(GByteArray) data = g_byte_array_new ();

  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (;;)
    {
      g_autoptr(GError) read_error = NULL;
      guint length = data->len;
      gssize n_read;

      g_byte_array_set_size (data, length + CHUNK_BYTES);
      n_read = g_input_stream_read (stream, data->data + length, CHUNK_BYTES, cancellable, &read_error);
      if (n_read < 0)
        {
          /* TRANSLATORS: "cannot read /dev/sdb: Input/output error" */
          g_set_error (error, read_error->domain, read_error->code, _("cannot read %s: %s"), name,
                       read_error->message);
          return NULL;
        }
      g_byte_array_set_size (data, length + (guint) n_read);
      if (n_read == 0)
        break;
      if (data->len > TESSERA_RECORD_MAX_BYTES)
        {
          /* TRANSLATORS: %s is a file ("/dev/zero", "standard input"), %d a number of bytes */
          g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
                       _("%s holds more than 16 MiB; a record may be at most 16 MiB (%d bytes)"), name,
                       TESSERA_RECORD_MAX_BYTES);
          return NULL;
        }
    }
  /* A nul after the end, not counted, as g_file_get_contents() leaves one: a reader may take
   * the text as a string. */
  {
    gsize length = data->len;

    g_byte_array_append (data, (const guint8 *) "", 1);
    return g_bytes_new_take (g_byte_array_free (g_steal_pointer (&data), FALSE), length);
  }
}

/**
 * tessera_record_file_read:
 * @file: a record's file: a regular file, but it may be a device or a pipe
 *
 * Reads @file as tessera_record_file_read_stream() reads a stream; a regular file too long for
 * a record is refused before it is read, with its size.
 *
 * Returns: (transfer full): what it held, or %NULL with @error (%TESSERA_ERROR_RECORD when too
 *   long, a %G_IO_ERROR when it cannot be read)
 */
GBytes *
tessera_record_file_read (GFile         *file,
                          GCancellable  *cancellable,
                          GError       **error)
{
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  stream = g_file_read (file, cancellable, error);
  if (stream == NULL)
    return NULL;
  /* The file opened, not the path looked at before: it cannot change between the two. */
  info = g_file_input_stream_query_info (stream, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                         cancellable, NULL);
  if (info != NULL && g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR &&
      !tessera_record_check_size ((gsize) g_file_info_get_size (info), error))
    return NULL;
  name = g_file_get_parse_name (file);
  return tessera_record_file_read_stream (G_INPUT_STREAM (stream), name, cancellable, error);
}
