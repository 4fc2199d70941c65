/* tessera-player-marks.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TESSERA_TYPE_PLAYER_MARKS (tessera_player_marks_get_type ())

G_DECLARE_FINAL_TYPE (TesseraPlayerMarks, tessera_player_marks, TESSERA, PLAYER_MARKS, GObject)

TesseraPlayerMarks *tessera_player_marks_get_default  (void);
gboolean            tessera_player_marks_get_shown    (TesseraPlayerMarks *self);
void                tessera_player_marks_set_settings (TesseraPlayerMarks *self,
                                                       GSettings          *settings);
GStrv               tessera_player_marks_make_letters (const char * const *names,
                                                       guint               n_names);
GtkWidget          *tessera_player_marks_new_swatch   (const char         *color,
                                                       const char         *mark,
                                                       int                 size);
GtkWidget          *tessera_player_marks_new_badge    (const char         *mark);

G_END_DECLS
