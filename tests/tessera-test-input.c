/* tessera-test-input.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <X11/extensions/XTest.h>
#include <math.h>

#include "tessera-test-input.h"
#include "tessera-test-ui.h"

static Display *xdisplay;
static guint count;

/* Whether real input can be sent: only to the X server of xvfb-run. */
gboolean
tessera_test_input_init (void)
{
  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    return FALSE;
  xdisplay = gdk_x11_display_get_xdisplay (gdk_display_get_default ());
  return TRUE;
}

guint
tessera_test_input_get_count (void)
{
  return count;
}

void
tessera_test_input_set_count (guint n)
{
  count = n;
}

/* Until the app has handled what was sent, and drawn it. */
void
tessera_test_input_wait (void)
{
  XSync (xdisplay, False);
  tessera_test_settle (120);
}

/* Where a point of @widget is on the X screen. */
void
tessera_test_input_to_screen (GtkWidget *widget,
                              double     x,
                              double     y,
                              int       *root_x,
                              int       *root_y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t point = GRAPHENE_POINT_INIT ((float) x, (float) y), out;
  double sx, sy;
  Window child;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &point, &out));
  gtk_native_get_surface_transform (native, &sx, &sy);
  XTranslateCoordinates (xdisplay, gdk_x11_surface_get_xid (gtk_native_get_surface (native)),
                         DefaultRootWindow (xdisplay), (int) round (out.x + sx), (int) round (out.y + sy),
                         root_x, root_y, &child);
}

/* Where the window of @widget lies on the X screen. */
static void
get_window_origin (GtkWidget *widget,
                   int       *root_x,
                   int       *root_y)
{
  Window child;

  XTranslateCoordinates (xdisplay, gdk_x11_surface_get_xid (gtk_native_get_surface (gtk_widget_get_native (widget))),
                         DefaultRootWindow (xdisplay), 0, 0, root_x, root_y, &child);
}

/* Until the window of @widget stays where it is on the screen: a window whose content asks for
 * more room than it has is resized, and without a window manager placed anew, so a point
 * computed before that is somewhere else by the time the click comes. */
static void
wait_until_window_still (GtkWidget *widget)
{
  int last_x = G_MININT, last_y = G_MININT;
  guint still = 0;

  for (guint i = 0; i < 60 && still < 3; i++)
    {
      int x, y;

      get_window_origin (widget, &x, &y);
      still = x == last_x && y == last_y ? still + 1 : 0;
      last_x = x;
      last_y = y;
      tessera_test_settle (20);
    }
}

/* The pointer to a point of @widget: not counted, a person's hand moves for free. It is aimed
 * again while the window moves under it, as a hand would. */
void
tessera_test_input_move_to (GtkWidget *widget,
                            double     x,
                            double     y)
{
  for (guint attempt = 0; attempt < 20; attempt++)
    {
      int rx, ry, now_x, now_y, pointer_x, pointer_y, unused_x, unused_y;
      unsigned int mask;
      Window root, child;

      wait_until_window_still (widget);
      tessera_test_input_to_screen (widget, x, y, &rx, &ry);
      XTestFakeMotionEvent (xdisplay, -1, rx, ry, CurrentTime);
      XSync (xdisplay, False);
      tessera_test_settle (40);
      /* Still the same point of the widget on the screen, and the pointer there. */
      tessera_test_input_to_screen (widget, x, y, &now_x, &now_y);
      XQueryPointer (xdisplay, DefaultRootWindow (xdisplay), &root, &child, &pointer_x, &pointer_y, &unused_x, &unused_y,
                     &mask);
      if (now_x == rx && now_y == ry && pointer_x == rx && pointer_y == ry)
        return;
    }
  g_error ("the pointer could not be brought over the point aimed at: its window kept moving");
}

/* A click of @button (1 the left, 3 the right) at a point of @widget. */
void
tessera_test_input_click_at (GtkWidget *widget,
                             double     x,
                             double     y,
                             guint      button)
{
  tessera_test_input_move_to (widget, x, y);
  XTestFakeButtonEvent (xdisplay, button, True, CurrentTime);
  XTestFakeButtonEvent (xdisplay, button, False, CurrentTime);
  count++;
  tessera_test_input_wait ();
}

/* Whether @widget is shown and wholly inside its window: a person sees it. */
gboolean
tessera_test_input_is_on_screen (GtkWidget *widget)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (widget));
  graphene_rect_t bounds;

  return gtk_widget_get_mapped (widget) && gtk_widget_compute_bounds (widget, window, &bounds)
         && bounds.origin.x >= 0 && bounds.origin.y >= 0
         && bounds.origin.x + bounds.size.width <= gtk_widget_get_width (window) + 0.5
         && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (window) + 0.5;
}

/* Until @widget stays where it is: on a loaded machine a list re-laid out after the last
 * input (the palette after a turn) can move it between the look and the click, and a wheel
 * notch scrolls smoothly, over some frames. */
void
tessera_test_input_wait_until_still (GtkWidget *widget)
{
  graphene_rect_t last = GRAPHENE_RECT_INIT (-1, -1, -1, -1), now;
  guint still = 0;

  /* A widget taken out of its window meanwhile (a toast that went) is still. */
  for (guint i = 0; i < 60 && still < 3 && gtk_widget_get_root (widget) != NULL; i++)
    {
      GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (widget));
      GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
      gint64 frame = clock != NULL ? gdk_frame_clock_get_frame_counter (clock) : 0;

      if (!gtk_widget_compute_bounds (widget, window, &now))
        now = GRAPHENE_RECT_INIT (-1, -1, -1, -1);
      still = graphene_rect_equal (&now, &last) ? still + 1 : 0;
      last = now;
      tessera_test_settle (30);
      /* Each look after a frame of its own: on a loaded machine frames come late, and three
       * looks within one frame see a list still scrolling as still. */
      gtk_widget_queue_draw (widget);
      for (guint w = 0; w < 20 && clock != NULL && gdk_frame_clock_get_frame_counter (clock) == frame; w++)
        tessera_test_settle (10);
    }
}

/* Whether a click in the middle of @widget reaches it, and not what lies over it. */
static gboolean
is_uncovered (GtkWidget *widget)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (widget));
  graphene_point_t middle = GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.0f, gtk_widget_get_height (widget) / 2.0f), at;
  GtkWidget *picked;

  if (!gtk_widget_compute_point (widget, window, &middle, &at))
    return FALSE;
  picked = gtk_widget_pick (window, at.x, at.y, GTK_PICK_DEFAULT);
  return picked != NULL && (picked == widget || gtk_widget_is_ancestor (picked, widget));
}

/* Waits until no toast in @window is sliding in or out: a toast still sliding in may come over
 * the widget between the look and the click (its Undo would take the click). A toast may go
 * while it is waited for, so each is held. */
static void
wait_until_toasts_still (GtkWidget *window)
{
  g_autoptr(GPtrArray) toasts = g_ptr_array_new_with_free_func (g_object_unref);

  tessera_test_collect_toast_widgets (window, toasts);
  for (guint i = 0; i < toasts->len; i++)
    tessera_test_input_wait_until_still (g_ptr_array_index (toasts, i));
}

/* A left click in the middle of @widget, which must be wholly on screen. A toast over it
 * goes after a few seconds: a person waits for that too. */
void
tessera_test_input_click (GtkWidget *widget)
{
  g_assert_nonnull (widget);
  tessera_test_input_wait_until_still (widget);
  wait_until_toasts_still (GTK_WIDGET (gtk_widget_get_root (widget)));
  g_assert_true (tessera_test_input_is_on_screen (widget));
  for (guint i = 0; i < 100 && !is_uncovered (widget); i++)
    tessera_test_settle (100);
  g_assert_true (is_uncovered (widget));
  tessera_test_input_click_at (widget, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0, 1);
}

/* @notches of the mouse wheel over the middle of @widget, down when positive; each counted. */
void
tessera_test_input_scroll (GtkWidget *widget,
                           int        notches)
{
  guint button = notches > 0 ? 5 : 4;

  tessera_test_input_move_to (widget, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0);
  for (int i = 0; i < ABS (notches); i++)
    {
      XTestFakeButtonEvent (xdisplay, button, True, CurrentTime);
      XTestFakeButtonEvent (xdisplay, button, False, CurrentTime);
      count++;
      tessera_test_input_wait ();
    }
}

/* One key press, with Control, Shift or Alt held as @modifiers say: one input event. */
void
tessera_test_input_press_key (KeySym          keysym,
                              GdkModifierType modifiers)
{
  static const struct { GdkModifierType mask; KeySym key; } held[] = {
    { GDK_CONTROL_MASK, XK_Control_L }, { GDK_SHIFT_MASK, XK_Shift_L }, { GDK_ALT_MASK, XK_Alt_L },
  };
  KeyCode code = XKeysymToKeycode (xdisplay, keysym);

  g_assert_cmpuint (code, !=, 0);
  for (guint i = 0; i < G_N_ELEMENTS (held); i++)
    if (modifiers & held[i].mask)
      XTestFakeKeyEvent (xdisplay, XKeysymToKeycode (xdisplay, held[i].key), True, CurrentTime);
  XTestFakeKeyEvent (xdisplay, code, True, CurrentTime);
  XTestFakeKeyEvent (xdisplay, code, False, CurrentTime);
  for (guint i = G_N_ELEMENTS (held); i > 0; i--)
    if (modifiers & held[i - 1].mask)
      XTestFakeKeyEvent (xdisplay, XKeysymToKeycode (xdisplay, held[i - 1].key), False, CurrentTime);
  count++;
  tessera_test_input_wait ();
}

/* The shown button under @widget that activates @action, or NULL. */
GtkWidget *
tessera_test_input_find_action_button (GtkWidget  *widget,
                                       const char *action)
{
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = tessera_test_input_find_action_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The X screen's size: the one monitor of xvfb-run. */
void
tessera_test_input_get_screen (GdkRectangle *screen)
{
  GdkMonitor *monitor = g_list_model_get_item (gdk_display_get_monitors (gdk_display_get_default ()), 0);

  gdk_monitor_get_geometry (monitor, screen);
  g_object_unref (monitor);
}

/* Until the board has ended a zoom to (or back from) a tile. */
void
tessera_test_input_wait_for_board (TesseraBoardView *board)
{
  for (guint i = 0; i < 100 && tessera_board_view_is_moving (board); i++)
    tessera_test_settle (20);
  g_assert_false (tessera_board_view_is_moving (board));
}

/* Whether the X server shows @window's surface. */
static gboolean
is_viewable (GtkWidget *window)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  XWindowAttributes attributes;

  return surface != NULL && XGetWindowAttributes (xdisplay, gdk_x11_surface_get_xid (surface), &attributes)
         && attributes.map_state == IsViewable;
}

/* @record's game (its header: the sets, the players) in a window as large as the screen. */
TesseraWindow *
tessera_test_input_start_game (TesseraApplication  *app,
                               const TesseraRecord *record)
{
  g_autoptr(TesseraRecord) header = tessera_record_copy_header (record);
  g_autoptr(GError) error = NULL;
  GdkRectangle geometry;
  TesseraWindow *window;
  TesseraGameView *view;

  tessera_test_input_get_screen (&geometry);
  window = tessera_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), geometry.width, geometry.height);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tessera_window_start_game (window, header, FALSE, &error));
  g_assert_no_error (error);
  view = tessera_window_get_game_view (window);
  for (guint i = 0; i < 100 && !gtk_widget_get_mapped (GTK_WIDGET (view)); i++)
    tessera_test_settle (50);
  /* On a loaded machine the X server can map the window later than GTK maps the view: a
   * click before that goes to the window underneath, the one the last test closed. The
   * pointer stays where it is: resting on the board it hovers a cell, which the clean-clone
   * runs did not take well. */
  for (guint i = 0; i < 100 && !is_viewable (GTK_WIDGET (window)); i++)
    tessera_test_settle (50);
  g_assert_true (is_viewable (GTK_WIDGET (window)));
  tessera_test_settle (500);
  return window;
}
