/* tessera-test-ui.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tessera-application.h"

G_BEGIN_DECLS

TesseraApplication *tessera_test_ui_init        (int          *argc,
                                                 char       ***argv,
                                                 const char   *name,
                                                 char        **scratch_dir);
TesseraApplication *tessera_test_ui_child_init  (const char   *history);
void                tessera_test_remove_history (const char   *path);
void     tessera_test_settle          (guint       ms);
void     tessera_test_save_screenshot (GtkWidget  *widget,
                                       const char *name);
void     tessera_test_time_frames     (GtkWidget  *widget);
gboolean tessera_test_wait_frame      (double     *frame_ms);
void     tessera_test_assert_focus_in (GtkWidget  *window,
                                       GtkWidget  *widget);
GtkWindow *tessera_test_find_toplevel (GType       type);
GtkWidget *tessera_test_find_descendant (GtkWidget *widget,
                                         GType      type);
void       tessera_test_collect_toast_widgets (GtkWidget *widget,
                                               GPtrArray *widgets);

G_END_DECLS
