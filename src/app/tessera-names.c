/* tessera-names.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

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

/**
 * tessera_direction_phrase:
 * @x: a point on a tile, from its left edge (0) to its right (1)
 * @y: from its top edge (0) to its bottom (1)
 *
 * Returns: (nullable): where on its tile the point is, as a compass point ("north-west"), or
 *   %NULL in the middle
 */
const char *
tessera_direction_phrase (double x,
                          double y)
{
  static const char * const directions[] = {
    N_("east"), N_("south-east"), N_("south"), N_("south-west"),
    N_("west"), N_("north-west"), N_("north"), N_("north-east"),
  };
  double angle;

  if (hypot (x - 0.5, y - 0.5) < 0.12)
    return NULL;
  /* Screen y grows southwards: 0 is east, a quarter turn is south. */
  angle = atan2 (y - 0.5, x - 0.5);
  return _(directions[((int) lround (angle / (G_PI / 4)) + 8) % 8]);
}

/**
 * tessera_side_phrase:
 * @side: a side of a tile or cell, as the world sees it
 *
 * Returns: the side as a compass point: "north"
 */
const char *
tessera_side_phrase (guint side)
{
  static const char * const sides[] = { N_("north"), N_("east"), N_("south"), N_("west") };

  g_return_val_if_fail (side < G_N_ELEMENTS (sides), "");
  return _(sides[side]);
}
