/* tessera-test-ui.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>

#include "tessera-test-ui.h"

/* What every test of a real window needs: to let GTK draw, and to save what it drew into
 * the build directory (TESSERA_SCREENSHOT_DIR) to be looked at. */

/* Lets GTK lay out and draw what changed. */
void
tessera_test_settle (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  /* Animations keep the main loop busy: run it by the clock, not until it is idle. */
  while (g_get_monotonic_time () < end)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
}

void
tessera_test_save_screenshot (GtkWidget  *widget,
                              const char *name)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GskRenderer *renderer;
  int width = 0, height = 0;

  /* A window can be drawn once the display has mapped it and its layout is done; the layout
   * is redone between frames while anything moves, so try a few frames. */
  for (guint i = 0; i < 100 && !gtk_widget_get_mapped (widget); i++)
    tessera_test_settle (50);
  tessera_test_settle (300);
  for (guint i = 0; i < 50 && node == NULL; i++)
    {
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();

      width = gtk_widget_get_width (widget);
      height = gtk_widget_get_height (widget);
      gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      if (node == NULL)
        tessera_test_settle (20);
    }
  g_assert_nonnull (node);
  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (height, >, 0);

  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_build_filename (g_getenv ("TESSERA_SCREENSHOT_DIR") ? g_getenv ("TESSERA_SCREENSHOT_DIR") : ".", name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

/* The newest visible toplevel window of @type, or NULL: a dialog an action opened. */
GtkWindow *
tessera_test_find_toplevel (GType type)
{
  g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());

  for (guint i = g_list_model_get_n_items (toplevels); i-- > 0;)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return GTK_WINDOW (window);
    }
  return NULL;
}

/* The first widget of @type in the tree under @widget, @widget included, or NULL. */
GtkWidget *
tessera_test_find_descendant (GtkWidget *widget,
                              GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = tessera_test_find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/**
 * tessera_test_ui_init:
 * @name: names the scratch folder, "tessera-ui"
 * @scratch_dir: (out): a folder of its own for the run, holding the history
 *
 * Sets a test program up for a real application: the environment's language (the suite runs
 * in English; TESSERA_LOCALEDIR finds the translations of a build that was not installed),
 * settings in memory, and one history for the application's whole life, as at home: the
 * isolated data folder of a test case goes away when the case ends, while the application
 * keeps its history open.
 *
 * Returns: (transfer full) (nullable): the registered application, or %NULL without a display
 *   (the run is marked skipped)
 */
TesseraApplication *
tessera_test_ui_init (int          *argc,
                      char       ***argv,
                      const char   *name,
                      char        **scratch_dir)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *template = g_strconcat (name, "-XXXXXX", NULL);
  g_autofree char *history = NULL;
  g_autofree char *dirs = NULL;
  TesseraApplication *app;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("TESSERA_LOCALEDIR") ? g_getenv ("TESSERA_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_init (argc, argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  /* Unless the test asks for another (marks-ui-no-bus runs on dconf). */
  g_setenv ("GSETTINGS_BACKEND", "memory", FALSE);
  *scratch_dir = g_dir_make_tmp (template, &error);
  g_assert_no_error (error);
  history = g_build_filename (*scratch_dir, "history.db", NULL);
  g_setenv ("TESSERA_HISTORY_DB", history, TRUE);
  /* dconf starts with the application, before a test case has folders of its own (they are
   * /dev/null until then): its files go to the scratch folder. */
  if (g_strcmp0 (g_getenv ("GSETTINGS_BACKEND"), "dconf") == 0)
    {
      g_setenv ("XDG_RUNTIME_DIR", *scratch_dir, TRUE);
      g_setenv ("XDG_CONFIG_HOME", *scratch_dir, TRUE);
    }
  /* The isolated data dirs hide the MIME database, without which GTK cannot tell an SVG icon. */
  dirs = g_strdup_printf ("%s:/usr/local/share:/usr/share", g_getenv ("XDG_DATA_DIRS"));
  g_setenv ("XDG_DATA_DIRS", dirs, TRUE);

  if (!gtk_init_check ())
    {
      g_test_skip ("no display: run under xvfb-run");
      return NULL;
    }
  adw_init ();
  app = tessera_application_new ();
  /* Its own flags kept (it opens files), but no single instance: each test runs its own. */
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  return app;
}

/* The application of a child process a test starts (and may kill), on the history at
 * @history: as tessera_test_ui_init() without the test framework. NULL without a display. */
TesseraApplication *
tessera_test_ui_child_init (const char *history)
{
  g_autoptr(GError) error = NULL;
  TesseraApplication *app;

  setlocale (LC_ALL, "");
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("TESSERA_HISTORY_DB", history, TRUE);
  if (!gtk_init_check ())
    return NULL;
  adw_init ();
  app = tessera_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_clear_object (&app);
  return app;
}

/* Removes the history at @path with the files SQLite keeps beside it. */
void
tessera_test_remove_history (const char *path)
{
  static const char * const suffixes[] = { "", "-wal", "-shm", "-journal" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *file = g_strconcat (path, suffixes[i], NULL);

      g_remove (file);
    }
}

/* The frames of one window, timed from the frame clock's before-paint to its after-paint:
 * updating, layout, drawing and rendering, which is what must fit in a frame. */
static struct
{
  GdkFrameClock *clock;
  gint64         paint_start;
  double         last_ms;
  guint          n_frames;
} frames;

static void
frame_before_paint_cb (GdkFrameClock *clock)
{
  frames.paint_start = g_get_monotonic_time ();
}

static void
frame_after_paint_cb (GdkFrameClock *clock)
{
  frames.last_ms = (g_get_monotonic_time () - frames.paint_start) / 1000.0;
  frames.n_frames++;
}

/* Times the frames of @widget's window from now on (one window at a time). */
void
tessera_test_time_frames (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  g_return_if_fail (clock != NULL);
  if (frames.clock != NULL)
    {
      g_signal_handlers_disconnect_by_func (frames.clock, frame_before_paint_cb, NULL);
      g_signal_handlers_disconnect_by_func (frames.clock, frame_after_paint_cb, NULL);
    }
  g_set_object (&frames.clock, clock);
  g_signal_connect (clock, "before-paint", G_CALLBACK (frame_before_paint_cb), NULL);
  g_signal_connect (clock, "after-paint", G_CALLBACK (frame_after_paint_cb), NULL);
}

/* Runs the main loop until a frame was drawn after this call (a second at most): FALSE if
 * none was, else TRUE with the frame's time in @frame_ms. */
gboolean
tessera_test_wait_frame (double *frame_ms)
{
  guint before = frames.n_frames;
  gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC;

  while (frames.n_frames == before && g_get_monotonic_time () < until)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (100);
    }
  if (frame_ms != NULL)
    *frame_ms = frames.last_ms;
  return frames.n_frames != before;
}

/* The keyboard focus of @window is @widget or inside it: the page is used from the keyboard at
 * once, and Enter does not reach a Back button. */
void
tessera_test_assert_focus_in (GtkWidget *window,
                              GtkWidget *widget)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  g_assert_nonnull (focus);
  if (focus != widget && !gtk_widget_is_ancestor (focus, widget))
    g_error ("the focus is on a %s, not in the %s", G_OBJECT_TYPE_NAME (focus), G_OBJECT_TYPE_NAME (widget));
}

/**
 * tessera_test_collect_toast_widgets:
 * @widget: where to look, a window
 * @widgets: gets the widget of every toast shown under @widget, each with a reference
 *
 * AdwToastWidget is libadwaita's own: it is found by its type name. Its "toast" property is the
 * AdwToast it shows.
 */
void
tessera_test_collect_toast_widgets (GtkWidget *widget,
                                    GPtrArray *widgets)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (g_str_equal (G_OBJECT_TYPE_NAME (child), "AdwToastWidget"))
        g_ptr_array_add (widgets, g_object_ref (child));
      tessera_test_collect_toast_widgets (child, widgets);
    }
}
