/* tessera-box-editor.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_BOX_EDITOR (tessera_box_editor_get_type ())

G_DECLARE_FINAL_TYPE (TesseraBoxEditor, tessera_box_editor, TESSERA, BOX_EDITOR, GtkWidget)

GtkWidget  *tessera_box_editor_new             (void);
gboolean    tessera_box_editor_set_game        (TesseraBoxEditor    *self,
                                                TesseraGame         *game,
                                                GError             **error);
gboolean    tessera_box_editor_set_count       (TesseraBoxEditor    *self,
                                                const char          *tile,
                                                guint                copies);
int         tessera_box_editor_get_count       (TesseraBoxEditor    *self,
                                                const char          *tile);
guint       tessera_box_editor_get_total       (TesseraBoxEditor    *self);
guint       tessera_box_editor_get_n_corrected (TesseraBoxEditor    *self);
const char *tessera_box_editor_get_summary     (TesseraBoxEditor    *self);
GArray     *tessera_box_editor_get_changes     (TesseraBoxEditor    *self);
void        tessera_box_editor_fill_header     (TesseraBoxEditor    *self,
                                                TesseraRecord       *header);
void        tessera_box_editor_set_description (TesseraBoxEditor    *self,
                                                const char          *description);
void        tessera_box_editor_set_problem     (TesseraBoxEditor    *self,
                                                const char          *problem);

G_END_DECLS
