/* tessera-set-tags.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-game-item.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_SET_TAGS (tessera_set_tags_get_type ())

G_DECLARE_FINAL_TYPE (TesseraSetTags, tessera_set_tags, TESSERA, SET_TAGS, GtkWidget)

GtkWidget       *tessera_set_tags_new      (void);
void             tessera_set_tags_set_sets (TesseraSetTags  *self,
                                            TesseraGameSets  sets);
TesseraGameSets  tessera_set_tags_get_sets (TesseraSetTags  *self);

G_END_DECLS
