/* tessera-names.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Names for people of what records name with ids. */

const char *tessera_set_phrase (const char *set);

G_END_DECLS
