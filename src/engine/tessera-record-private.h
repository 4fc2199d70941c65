/* tessera-record-private.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "tessera-record.h"

G_BEGIN_DECLS

/* What the record's files (tessera-record.c, -read.c, -write.c, tessera-played.c) share. */

void           _tessera_record_append_json_string (GString     *out,
                                                   const char  *text);
void           _tessera_played_append             (GString             *out,
                                                   const TesseraPlayed *played);
TesseraPlayed *_tessera_played_from_object        (JsonObject  *object,
                                                   GError     **error);

G_END_DECLS
