/* tessera-box.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-catalogue.h"

G_BEGIN_DECLS

/* The box a game is played with, as it really is: the catalogue's tiles of the sets in play,
 * with the counts a record's "box" corrects (a lost tile, a promo copy added, a box that holds
 * one tile more than Tessera's catalogue knows). */

#define TESSERA_BOX_MAX_COPIES 20

/* One correction: this many copies of the tile @id in the box. */
typedef struct
{
  char  *tile;
  guint  copies;
} TesseraBoxCount;

/* What a game's box may be corrected with: the sets in play and, with the crop circles, the
 * crop-circle tiles that are in the box (NULL: all six). */
typedef struct
{
  const char * const *sets;
  guint               n_sets;
  const char * const *crop_circle_tiles;
  guint               n_crop_circle_tiles;
} TesseraBoxSets;

const TesseraBoxEntry *tessera_box_find_entry   (TesseraCatalogue      *catalogue,
                                                 const TesseraBoxSets  *sets,
                                                 const char            *tile,
                                                 GError               **error);

G_END_DECLS
