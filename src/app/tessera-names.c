/* tessera-names.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-names.h"

/**
 * tessera_set_phrase:
 * @set: a set as records name it: "base", "tower"
 *
 * Returns: the set's name in the user's language, or @set itself when it is unknown
 */
const char *
tessera_set_phrase (const char *set)
{
  if (g_strcmp0 (set, "base") == 0)
    return _("Base game");
  if (g_strcmp0 (set, "wheel-of-fortune") == 0)
    return _("Wheel of Fortune");
  if (g_strcmp0 (set, "tower") == 0)
    return _("The Tower");
  if (g_strcmp0 (set, "mage-witch") == 0)
    return _("Mage & Witch");
  if (g_strcmp0 (set, "crop-circles") == 0)
    return _("Crop circles");
  return set;
}
