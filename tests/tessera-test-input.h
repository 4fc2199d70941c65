/* tessera-test-input.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <X11/Xlib.h>

#include "tessera-application.h"
#include "tessera-board-view.h"
#include "tessera-window.h"

G_BEGIN_DECLS

/* Real input for the table-speed tests: pointer motion, clicks, wheel notches and key presses
 * sent to the X server of xvfb-run through XTest, at the positions the widgets report, so that
 * the app sees them as it sees a person's. Every click, notch and key press is counted. */

gboolean   tessera_test_input_init        (void);
guint      tessera_test_input_get_count   (void);
void       tessera_test_input_set_count   (guint       n);

void       tessera_test_input_to_screen   (GtkWidget  *widget,
                                           double      x,
                                           double      y,
                                           int        *root_x,
                                           int        *root_y);
void       tessera_test_input_move_to     (GtkWidget  *widget,
                                           double      x,
                                           double      y);
void       tessera_test_input_click_at    (GtkWidget  *widget,
                                           double      x,
                                           double      y,
                                           guint       button);
void       tessera_test_input_click       (GtkWidget  *widget);
void       tessera_test_input_scroll      (GtkWidget  *widget,
                                           int         notches);
void       tessera_test_input_press_key   (KeySym      keysym,
                                           GdkModifierType modifiers);
void       tessera_test_input_wait        (void);
void       tessera_test_input_wait_until_still (GtkWidget *widget);
void       tessera_test_input_wait_for_board   (TesseraBoardView *board);
void       tessera_test_input_get_screen       (GdkRectangle     *screen);

gboolean   tessera_test_input_is_on_screen (GtkWidget *widget);
GtkWidget *tessera_test_input_find_action_button (GtkWidget  *widget,
                                                  const char *action);

TesseraWindow *tessera_test_input_start_game (TesseraApplication  *app,
                                              const TesseraRecord *record);

G_END_DECLS
