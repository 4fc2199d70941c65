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

/**
 * tessera_sets_phrase:
 * @sets: (element-type utf8): sets as records name them
 *
 * Returns: (transfer full): "Wheel of Fortune, The Tower"
 */
char *
tessera_sets_phrase (const GPtrArray *sets)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < sets->len; i++)
    {
      if (text->len > 0)
        g_string_append (text, _(", "));
      g_string_append (text, tessera_set_phrase (g_ptr_array_index (sets, i)));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/**
 * tessera_played_phrase:
 * @played: (nullable): when and where a game was played
 *
 * Returns: (transfer full) (nullable): "24 November 2026, 19:30 · Club De Toren", by the clock
 *   of the table when the record says when, or %NULL when it says neither
 */
char *
tessera_played_phrase (const TesseraPlayed *played)
{
  g_autoptr(GDateTime) start = NULL;
  g_autofree char *when = NULL;

  if (played == NULL)
    return NULL;
  if (played->start != NULL && (start = g_date_time_new_from_iso8601 (played->start, NULL)))
    /* Translators: the date and time a replayed game began, see the strftime() manual page */
    when = g_date_time_format (start, _("%e %B %Y, %H:%M"));
  if (when != NULL && played->place != NULL)
    /* Translators: when and where a replayed game was played: "24 November 2026, 19:30 · Club De Toren" */
    return g_strdup_printf (_("%s · %s"), g_strstrip (when), played->place);
  if (when != NULL)
    return g_strdup (g_strstrip (when));
  return g_strdup (played->place);
}
