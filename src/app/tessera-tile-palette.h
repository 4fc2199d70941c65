/* tessera-tile-palette.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_TILE_PALETTE (tessera_tile_palette_get_type ())

G_DECLARE_FINAL_TYPE (TesseraTilePalette, tessera_tile_palette, TESSERA, TILE_PALETTE, GtkWidget)

void         tessera_tile_palette_set_game        (TesseraTilePalette *self,
                                                   TesseraGame        *game);
void         tessera_tile_palette_set_key_capture (TesseraTilePalette *self,
                                                   GtkWidget          *widget);
void         tessera_tile_palette_focus           (TesseraTilePalette *self);
void         tessera_tile_palette_set_search_description (TesseraTilePalette *self,
                                                          const char         *description);
gboolean     tessera_tile_palette_choose          (TesseraTilePalette *self,
                                                   const char         *tile_id);
const char  *tessera_tile_palette_refuse          (TesseraTilePalette *self,
                                                   const char         *tile_id);
const char  *tessera_tile_palette_get_refusal     (TesseraTilePalette *self);
GtkWidget   *tessera_tile_palette_get_correct_button (TesseraTilePalette *self);

gboolean     tessera_tile_palette_entry_matches   (const TesseraBoxEntry *entry,
                                                   const char            *typed);

GtkWidget   *tessera_tile_palette_get_tile_button (TesseraTilePalette *self,
                                                   const char         *tile_id);

void         tessera_tile_palette_clear_search   (TesseraTilePalette *self);
void         tessera_tile_palette_set_show_counts (TesseraTilePalette *self,
                                                   gboolean            show_counts);

G_END_DECLS
