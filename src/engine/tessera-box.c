/* tessera-box.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-box"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tessera-engine-private.h"
#include "tessera-box.h"

static gboolean
sets_have (const TesseraBoxSets *sets,
           const char           *name)
{
  for (guint i = 0; i < sets->n_sets; i++)
    if (g_str_equal (sets->sets[i], name))
      return TRUE;
  return FALSE;
}

static gboolean
crop_tile_in_box (const TesseraBoxSets *sets,
                  const char           *id)
{
  if (sets->crop_circle_tiles == NULL)
    return TRUE;
  for (guint i = 0; i < sets->n_crop_circle_tiles; i++)
    if (g_str_equal (sets->crop_circle_tiles[i], id))
      return TRUE;
  return FALSE;
}

/* The expansion a tile type needs in play, with the sentence that says so, or NULL. */
static const char *
missing_expansion (const TesseraBoxSets  *sets,
                   const TesseraTileType *type,
                   guint                  wheel)
{
  if (wheel > 0 && !sets_have (sets, "wheel-of-fortune"))
    return _("it shows the Wheel of Fortune's icon, which needs \"wheel-of-fortune\" in \"sets\"");
  if (type->tower && !sets_have (sets, "tower"))
    return _("it has a tower foundation, which needs \"tower\" in \"sets\"");
  if (type->magic && !sets_have (sets, "mage-witch"))
    return _("it has the magic symbol, which needs \"mage-witch\" in \"sets\"");
  if (type->crop != TESSERA_CROP_NONE && !sets_have (sets, "crop-circles"))
    return _("it is a crop-circle tile, which needs \"crop-circles\" in \"sets\"");
  return NULL;
}

/**
 * tessera_box_find_entry:
 * @sets: what is in play
 * @tile: a tile id as records write it: "D", "U+W2", "IC-17+W1"
 *
 * Finds the kind of tile a box correction names. Any tile of the sets in play may be named,
 * and so may a tile of another box of the catalogue that needs no rule of an expansion left
 * out (a base-game tile added to the Wheel of Fortune box, say).
 *
 * Returns: the catalogue's entry for that kind, or %NULL with an error that says why the
 *   tile cannot be in this box
 */
const TesseraBoxEntry *
tessera_box_find_entry (TesseraCatalogue      *catalogue,
                        const TesseraBoxSets  *sets,
                        const char            *tile,
                        GError               **error)
{
  GPtrArray *all_sets = tessera_catalogue_get_sets (catalogue);
  const TesseraTileType *type;
  const TesseraBoxEntry *found = NULL;
  const char *missing;
  guint wheel;

  type = tessera_catalogue_parse_tile_id (catalogue, tile, &wheel);
  if (type == NULL || type->board_square)
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
                   _("\"box\" names %s, which is not a tile of Tessera's catalogue"), tile);
      return NULL;
    }

  /* A kind of a set in play first: it is the entry the game's supply holds. */
  for (guint i = 0; i < all_sets->len && found == NULL; i++)
    {
      const TesseraTileSet *set = g_ptr_array_index (all_sets, i);

      if (sets_have (sets, set->name))
        found = tessera_tile_set_lookup_kind (set, type, wheel);
    }
  for (guint i = 0; i < all_sets->len && found == NULL; i++)
    found = tessera_tile_set_lookup_kind (g_ptr_array_index (all_sets, i), type, wheel);
  if (found == NULL)
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
                   _("\"box\" names %s, but no box of the catalogue has a %s with that wheel icon"),
                   tile, type->id);
      return NULL;
    }

  missing = missing_expansion (sets, type, wheel);
  if (missing != NULL)
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
                   /* TRANSLATORS: "\"box\" names TO-01, which cannot be in this game's box: it has a tower foundation, …" */
                   _("\"box\" names %s, which cannot be in this game's box: %s"), tile, missing);
      return NULL;
    }
  if (type->crop != TESSERA_CROP_NONE && !crop_tile_in_box (sets, type->id))
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
                   _("\"box\" names %s, which \"crop_circle_tiles\" leaves out; add it there to play with it"),
                   tile);
      return NULL;
    }
  return found;
}

/**
 * _tessera_box_check_counts:
 * @counts: (array length=n_counts): the record's corrections
 *
 * Checks a record's "box" against what is in play: every tile known and allowed, each named
 * once, counts from 0 to %TESSERA_BOX_MAX_COPIES, the start tile kept when the game starts
 * from one.
 */
gboolean
_tessera_box_check_counts (TesseraCatalogue      *catalogue,
                           const TesseraBoxSets  *sets,
                           const TesseraBoxCount *counts,
                           guint                  n_counts,
                           GError               **error)
{
  const TesseraTileType *start = NULL;

  if (!sets_have (sets, "wheel-of-fortune"))
    start = tessera_catalogue_get_set (catalogue, "base")->start;

  for (guint i = 0; i < n_counts; i++)
    {
      const TesseraBoxEntry *entry = tessera_box_find_entry (catalogue, sets, counts[i].tile, error);

      if (entry == NULL)
        return FALSE;
      if (counts[i].copies > TESSERA_BOX_MAX_COPIES)
        {
          g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
                       _("\"box\" gives %s %u copies; a box holds 0 to %d copies of a tile"),
                       counts[i].tile, counts[i].copies, TESSERA_BOX_MAX_COPIES);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        {
          const TesseraBoxEntry *other = tessera_box_find_entry (catalogue, sets, counts[j].tile, NULL);

          if (other->type == entry->type && other->wheel == entry->wheel)
            {
              g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
                           _("\"box\" names %s twice"), counts[i].tile);
              return FALSE;
            }
        }
      if (entry->type == start && entry->wheel == 0 && counts[i].copies == 0)
        {
          g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
                       _("\"box\" holds no %s, but the game starts from one: the start tile is a %s"),
                       counts[i].tile, counts[i].tile);
          return FALSE;
        }
    }
  return TRUE;
}
