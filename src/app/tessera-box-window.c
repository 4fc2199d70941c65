/* tessera-box-window.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-box-window"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-box-window.h"

/* The box of a game in progress, corrected when a tile is drawn that Tessera thinks is used up
 * or not in the box. The window only edits; whoever opened it saves the correction ("save"). */

struct _TesseraBoxWindow
{
  AdwWindow         parent_instance;

  /* Template widgets */
  TesseraBoxEditor *editor;
};

G_DEFINE_FINAL_TYPE (TesseraBoxWindow, tessera_box_window, ADW_TYPE_WINDOW)

enum {
  SAVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
editor_changed_cb (TesseraBoxWindow *self)
{
  g_autoptr(GArray) changes = tessera_box_editor_get_changes (self->editor);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "box-window.save", changes->len > 0);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  g_signal_emit (widget, signals[SAVE], 0);
}

/**
 * tessera_box_window_new:
 * @parent: the window it belongs to
 * @game: a game in progress
 * @error: where to say why its box cannot be shown
 *
 * Returns: (transfer full) (nullable): a dialog that emits "save" when the correction is to be
 *   kept; the changes are those of its editor (tessera_box_editor_get_changes())
 */
TesseraBoxWindow *
tessera_box_window_new (GtkWindow    *parent,
                        TesseraGame  *game,
                        GError      **error)
{
  TesseraBoxWindow *self;

  g_return_val_if_fail (TESSERA_IS_GAME (game), NULL);

  self = g_object_new (TESSERA_TYPE_BOX_WINDOW, "transient-for", parent, NULL);
  if (!tessera_box_editor_set_game (self->editor, game, error))
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return NULL;
    }
  editor_changed_cb (self);
  return self;
}

TesseraBoxEditor *
tessera_box_window_get_editor (TesseraBoxWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_BOX_WINDOW (self), NULL);
  return self->editor;
}

static void
tessera_box_window_class_init (TesseraBoxWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /**
   * TesseraBoxWindow::save:
   * @self: the dialog
   *
   * The players chose "Save": the game's box is to be corrected with the editor's changes.
   */
  signals[SAVE] = g_signal_new ("save",
                                G_TYPE_FROM_CLASS (klass),
                                G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL,
                                G_TYPE_NONE, 0);

  g_type_ensure (TESSERA_TYPE_BOX_EDITOR);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-box-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraBoxWindow, editor);

  gtk_widget_class_install_action (widget_class, "box-window.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "box-window.save", NULL);
}

static void
tessera_box_window_init (TesseraBoxWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  tessera_box_editor_set_description (self->editor,
                                      _("Count the tiles of each kind that your box really holds, those already on the table included. "
                                        "A count cannot go below the copies already out of the box: they are on the board or were discarded."));
  g_signal_connect_object (self->editor, "changed", G_CALLBACK (editor_changed_cb), self, G_CONNECT_SWAPPED);
}
