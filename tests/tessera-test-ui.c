/* tessera-test-ui.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

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
