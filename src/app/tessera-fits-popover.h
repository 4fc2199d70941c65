/* tessera-fits-popover.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_FITS_POPOVER (tessera_fits_popover_get_type ())

G_DECLARE_FINAL_TYPE (TesseraFitsPopover, tessera_fits_popover, TESSERA, FITS_POPOVER, GtkPopover)

GtkWidget *tessera_fits_popover_new         (void);
void       tessera_fits_popover_show_cell   (TesseraFitsPopover *self,
                                             TesseraGame        *game,
                                             TesseraCell         cell);
void       tessera_fits_popover_point_at    (TesseraFitsPopover *self,
                                             GtkWidget          *board,
                                             const GdkRectangle *cell);
guint      tessera_fits_popover_get_copies  (TesseraFitsPopover *self);
guint      tessera_fits_popover_get_n_kinds (TesseraFitsPopover *self);

GtkWidget *tessera_fit_tiles_new            (const TesseraFit   *fits,
                                             guint               n_fits,
                                             int                 tile_size);
char      *tessera_describe_chance          (guint               helping,
                                             guint               tiles_left);

G_END_DECLS
