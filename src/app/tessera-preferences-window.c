/* tessera-preferences-window.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Preferences (Ctrl+,): the Player Letters, and what New Game starts with (purist, the Tower
 * rules that editions differ on). Each row writes its setting at once, as GNOME's preferences
 * do; New Game reads the same keys, and writes them back with the choices of each game. */

#include "config.h"

#include "tessera-preferences-window.h"

struct _TesseraPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GSettings   *settings;
  AdwComboRow *player_marks_row;
  GtkSwitch   *purist_switch;
  GtkSwitch   *capture_own_switch;
  GtkSwitch   *top_capturable_switch;
};

G_DEFINE_FINAL_TYPE (TesseraPreferencesWindow, tessera_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The rows of Player Letters, in the setting's words. */
static const char * const player_marks_values[] = { "always", "auto", "never" };

static gboolean
player_marks_to_row (GValue   *value,
                     GVariant *variant,
                     gpointer  user_data)
{
  const char *when = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (player_marks_values); i++)
    if (g_str_equal (when, player_marks_values[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
player_marks_from_row (const GValue       *value,
                       const GVariantType *expected_type,
                       gpointer            user_data)
{
  guint selected = g_value_get_uint (value);

  if (selected >= G_N_ELEMENTS (player_marks_values))
    return NULL;
  return g_variant_new_string (player_marks_values[selected]);
}

static void
tessera_preferences_window_dispose (GObject *object)
{
  TesseraPreferencesWindow *self = TESSERA_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (tessera_preferences_window_parent_class)->dispose (object);
}

static void
tessera_preferences_window_class_init (TesseraPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraPreferencesWindow, player_marks_row);
  gtk_widget_class_bind_template_child (widget_class, TesseraPreferencesWindow, purist_switch);
  gtk_widget_class_bind_template_child (widget_class, TesseraPreferencesWindow, capture_own_switch);
  gtk_widget_class_bind_template_child (widget_class, TesseraPreferencesWindow, top_capturable_switch);
}

static void
tessera_preferences_window_init (TesseraPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * tessera_preferences_window_new:
 * @parent: the window it belongs to
 * @settings: the application's settings
 *
 * Returns: (transfer full): the Preferences window, its rows bound to @settings
 */
TesseraPreferencesWindow *
tessera_preferences_window_new (GtkWindow *parent,
                                GSettings *settings)
{
  TesseraPreferencesWindow *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (TESSERA_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
  self->settings = g_object_ref (settings);
  g_settings_bind_with_mapping (settings, "player-marks", self->player_marks_row, "selected", G_SETTINGS_BIND_DEFAULT,
                                player_marks_to_row, player_marks_from_row, NULL, NULL);
  g_settings_bind (settings, "purist", self->purist_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "tower-capture-own", self->capture_own_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "tower-top-capturable", self->top_capturable_switch, "active", G_SETTINGS_BIND_DEFAULT);
  return self;
}
