/* tessera-export-image-window.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-export-image"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-board-image.h"
#include "tessera-export-image-window.h"
#include "tessera-window.h"

/* Export Image: the size of the picture, with a preview of it, and then where to save it.
 * The picture itself is tessera_board_image_render()'s. */

/* The longer side of each size offered, in pixels. */
static const int long_sides[] = { 1024, 2048, 4096 };
#define DEFAULT_SIZE 1
#define PREVIEW_SIDE 320

struct _TesseraExportImageWindow
{
  AdwWindow             parent_instance;

  /* Template widgets */
  GtkPicture           *preview;
  AdwActionRow         *small_row;
  AdwActionRow         *medium_row;
  AdwActionRow         *large_row;
  GtkCheckButton       *small_check;
  GtkCheckButton       *medium_check;
  GtkCheckButton       *large_check;

  TesseraGame          *game;
  GtkFileChooserNative *file_chooser;
};

G_DEFINE_FINAL_TYPE (TesseraExportImageWindow, tessera_export_image_window, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_LONG_SIDE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkCheckButton *
size_check (TesseraExportImageWindow *self,
            guint                     index)
{
  GtkCheckButton *checks[] = { self->small_check, self->medium_check, self->large_check };

  return checks[index];
}

int
tessera_export_image_window_get_long_side (TesseraExportImageWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_EXPORT_IMAGE_WINDOW (self), 0);

  for (guint i = 0; i < G_N_ELEMENTS (long_sides); i++)
    if (gtk_check_button_get_active (size_check (self, i)))
      return long_sides[i];
  return long_sides[DEFAULT_SIZE];
}

/**
 * tessera_export_image_window_set_long_side:
 * @long_side: one of the sizes offered, 1024, 2048 or 4096
 */
void
tessera_export_image_window_set_long_side (TesseraExportImageWindow *self,
                                           int                       long_side)
{
  g_return_if_fail (TESSERA_IS_EXPORT_IMAGE_WINDOW (self));

  for (guint i = 0; i < G_N_ELEMENTS (long_sides); i++)
    if (long_sides[i] == long_side)
      gtk_check_button_set_active (size_check (self, i), TRUE);
}

/**
 * tessera_export_image_window_get_size:
 * @width: (out): the width of the picture the chosen size makes
 * @height: (out): its height
 */
void
tessera_export_image_window_get_size (TesseraExportImageWindow *self,
                                      int                      *width,
                                      int                      *height)
{
  g_return_if_fail (TESSERA_IS_EXPORT_IMAGE_WINDOW (self));

  tessera_board_image_get_size (self->game, tessera_export_image_window_get_long_side (self), width, height);
}

/**
 * tessera_export_image_window_save:
 * @file: where the PNG goes
 *
 * Saves the picture at the chosen size, as the Export button does once a file is chosen.
 */
gboolean
tessera_export_image_window_save (TesseraExportImageWindow *self,
                                  GFile                    *file,
                                  GError                  **error)
{
  int width, height;

  g_return_val_if_fail (TESSERA_IS_EXPORT_IMAGE_WINDOW (self), FALSE);

  tessera_export_image_window_get_size (self, &width, &height);
  return tessera_board_image_save (self->game, width, height, file, error);
}

static void
size_toggled_cb (TesseraExportImageWindow *self,
                 GtkCheckButton           *check)
{
  if (gtk_check_button_get_active (check))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LONG_SIDE]);
}

static GdkTexture *
texture_for_surface (cairo_surface_t *surface)
{
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  g_autoptr(GBytes) bytes = NULL;

  /* The bytes keep the surface alive: GDK_MEMORY_DEFAULT is cairo's ARGB32. */
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface), (gsize) stride * height,
                                      (GDestroyNotify) cairo_surface_destroy, cairo_surface_reference (surface));
  return gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes, (gsize) stride);
}

/* The sizes in pixels under their names, and the picture small, as it will look. */
static void
show_game (TesseraExportImageWindow *self)
{
  AdwActionRow *rows[] = { self->small_row, self->medium_row, self->large_row };
  g_autoptr(GdkTexture) texture = NULL;
  cairo_surface_t *surface;
  int width, height;

  for (guint i = 0; i < G_N_ELEMENTS (long_sides); i++)
    {
      g_autofree char *subtitle = NULL;

      tessera_board_image_get_size (self->game, long_sides[i], &width, &height);
      /* Translators: the size of a picture, width × height */
      subtitle = g_strdup_printf (_("%d × %d pixels"), width, height);
      adw_action_row_set_subtitle (rows[i], subtitle);
    }
  tessera_board_image_get_size (self->game, PREVIEW_SIDE, &width, &height);
  surface = tessera_board_image_render (self->game, width, height);
  texture = texture_for_surface (surface);
  cairo_surface_destroy (surface);
  gtk_picture_set_paintable (self->preview, GDK_PAINTABLE (texture));
}

static void
save_response_cb (GtkNativeDialog          *native,
                  int                       response,
                  TesseraExportImageWindow *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));

  if (response != GTK_RESPONSE_ACCEPT)
    {
      g_clear_object (&self->file_chooser);
      return;
    }
  file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  g_clear_object (&self->file_chooser);
  if (!tessera_export_image_window_save (self, file, &error))
    {
      GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("The Image Was Not Saved"), error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }
  if (TESSERA_IS_WINDOW (parent))
    {
      g_autofree char *name = g_file_get_basename (file);
      /* Translators: a toast once a game's picture is saved; %s is the file's name */
      g_autofree char *message = g_strdup_printf (_("Image saved as “%s”"), name);

      tessera_window_show_toast (TESSERA_WINDOW (parent), message);
    }
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
choose_file_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TesseraExportImageWindow *self = TESSERA_EXPORT_IMAGE_WINDOW (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *stem = tessera_board_image_suggest_name (self->game);
  g_autofree char *name = g_strconcat (stem, ".png", NULL);

  gtk_file_filter_set_name (filter, _("PNG images"));
  gtk_file_filter_add_mime_type (filter, "image/png");
  g_clear_object (&self->file_chooser);
  self->file_chooser = gtk_file_chooser_native_new (_("Export Image"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                                    _("_Save"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->file_chooser), name);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->file_chooser), filter);
  g_signal_connect_object (self->file_chooser, "response", G_CALLBACK (save_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->file_chooser));
}

static void
tessera_export_image_window_dispose (GObject *object)
{
  TesseraExportImageWindow *self = TESSERA_EXPORT_IMAGE_WINDOW (object);

  if (self->file_chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->file_chooser));
  g_clear_object (&self->file_chooser);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), TESSERA_TYPE_EXPORT_IMAGE_WINDOW);

  G_OBJECT_CLASS (tessera_export_image_window_parent_class)->dispose (object);
}

static void
tessera_export_image_window_get_property (GObject    *object,
                                          guint       prop_id,
                                          GValue     *value,
                                          GParamSpec *pspec)
{
  TesseraExportImageWindow *self = TESSERA_EXPORT_IMAGE_WINDOW (object);

  switch (prop_id)
    {
    case PROP_LONG_SIDE:
      g_value_set_int (value, tessera_export_image_window_get_long_side (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_export_image_window_set_property (GObject      *object,
                                          guint         prop_id,
                                          const GValue *value,
                                          GParamSpec   *pspec)
{
  TesseraExportImageWindow *self = TESSERA_EXPORT_IMAGE_WINDOW (object);

  switch (prop_id)
    {
    case PROP_LONG_SIDE:
      tessera_export_image_window_set_long_side (self, g_value_get_int (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_export_image_window_class_init (TesseraExportImageWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_export_image_window_dispose;
  object_class->get_property = tessera_export_image_window_get_property;
  object_class->set_property = tessera_export_image_window_set_property;

  /**
   * TesseraExportImageWindow:long-side:
   *
   * The longer side of the picture, in pixels: 1024, 2048 or 4096.
   */
  properties[PROP_LONG_SIDE] = g_param_spec_int ("long-side", NULL, NULL, 1, G_MAXINT, long_sides[DEFAULT_SIZE],
                                                 G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-export-image-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraExportImageWindow, preview);
  gtk_widget_class_bind_template_child (widget_class, TesseraExportImageWindow, small_row);
  gtk_widget_class_bind_template_child (widget_class, TesseraExportImageWindow, medium_row);
  gtk_widget_class_bind_template_child (widget_class, TesseraExportImageWindow, large_row);
  gtk_widget_class_bind_template_child (widget_class, TesseraExportImageWindow, small_check);
  gtk_widget_class_bind_template_child (widget_class, TesseraExportImageWindow, medium_check);
  gtk_widget_class_bind_template_child (widget_class, TesseraExportImageWindow, large_check);
  gtk_widget_class_bind_template_callback (widget_class, size_toggled_cb);

  gtk_widget_class_install_action (widget_class, "export-image.choose-file", NULL, choose_file_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tessera_export_image_window_init (TesseraExportImageWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_check_button_set_active (size_check (self, DEFAULT_SIZE), TRUE);
}

/**
 * tessera_export_image_window_new:
 * @parent: the window it belongs to, and where a toast says the picture was saved
 * @game: the game as it stands now: a replay's position, or the running game
 *
 * Returns: (transfer none): the window, to be presented
 */
GtkWidget *
tessera_export_image_window_new (GtkWindow   *parent,
                                 TesseraGame *game)
{
  TesseraExportImageWindow *self;

  g_return_val_if_fail (TESSERA_IS_GAME (game), NULL);

  self = g_object_new (TESSERA_TYPE_EXPORT_IMAGE_WINDOW, "transient-for", parent, NULL);
  self->game = g_object_ref (game);
  show_game (self);
  return GTK_WIDGET (self);
}
