/* tessera-json-check.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A strict pass over a record's JSON text before json-glib sees it: json-glib takes the last of
 * two equal keys, turns a lone surrogate escape into invalid UTF-8, cuts a string at \u0000
 * and wraps a number past 64 bits to -1, and cannot tell afterwards. */

gboolean _tessera_json_check (const char  *data,
                              gsize        length,
                              GError     **error);

G_END_DECLS
