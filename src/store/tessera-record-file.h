/* tessera-record-file.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A record's file read into memory, never more than a record may hold
 * (TESSERA_RECORD_MAX_BYTES), whatever the file is: the app and tessera-cli read every record
 * through these. */

GBytes *tessera_record_file_read_stream (GInputStream  *stream,
                                         const char    *name,
                                         GCancellable  *cancellable,
                                         GError       **error);
GBytes *tessera_record_file_read        (GFile         *file,
                                         GCancellable  *cancellable,
                                         GError       **error);

G_END_DECLS
