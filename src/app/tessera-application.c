/* tessera-application.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-application"

#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gi18n.h>
#include <string.h>

#include "tessera-application.h"
#include "tessera-player-marks.h"
#include "tessera-preferences-window.h"
#include "tessera-window.h"

struct _TesseraApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;
  TesseraStore   *store;
  GError         *store_error;   /* why the history could not be opened, kept to tell every window */
};

G_DEFINE_FINAL_TYPE (TesseraApplication, tessera_application, ADW_TYPE_APPLICATION)

TesseraApplication *
tessera_application_new (void)
{
  return g_object_new (TESSERA_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS | G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/tessera/Tessera",
                       NULL);
}

/**
 * tessera_application_get_store:
 * @self: the application
 * @error: where to say why the history cannot be used
 *
 * The game history, opened at start-up from the default place.
 *
 * Returns: (transfer none) (nullable): the store, or %NULL with @error set
 */
TesseraStore *
tessera_application_get_store (TesseraApplication  *self,
                               GError             **error)
{
  g_return_val_if_fail (TESSERA_IS_APPLICATION (self), NULL);

  if (self->store == NULL && self->store_error == NULL)
    {
      g_autofree char *path = tessera_store_get_default_path ();

      self->store = tessera_store_open (path, &self->store_error);
    }
  if (self->store == NULL)
    {
      g_propagate_error (error, g_error_copy (self->store_error));
      return NULL;
    }
  return self->store;
}

GSettings *
tessera_application_get_settings (TesseraApplication *self)
{
  g_return_val_if_fail (TESSERA_IS_APPLICATION (self), NULL);
  return self->settings;
}

/* One window: a second start brings the open game to the front. The windows come latest
 * focused first, dialogs among them (adopt_dialog_on_map). */
static TesseraWindow *
present_window (GApplication *app)
{
  GtkWindow *window = NULL;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL && window == NULL; l = l->next)
    if (TESSERA_IS_WINDOW (l->data))
      window = l->data;
  if (window == NULL)
    window = GTK_WINDOW (tessera_window_new (TESSERA_APPLICATION (app)));
  gtk_window_present (window);
  return TESSERA_WINDOW (window);
}

static void
tessera_application_activate (GApplication *app)
{
  present_window (app);
}

/* Records given on the command line, opened from the file manager (through D-Bus when the app
 * runs already or is activated by the bus) or by another program: imported and shown. */
static void
tessera_application_open (GApplication  *app,
                          GFile        **files,
                          int            n_files,
                          const char    *hint)
{
  g_autoptr(GListStore) list = g_list_store_new (G_TYPE_FILE);
  TesseraWindow *window;

  for (int i = 0; i < n_files; i++)
    g_list_store_append (list, files[i]);
  /* Shown first, so that a refusal has a window to stand on. */
  window = present_window (app);
  tessera_window_open_files (window, G_LIST_MODEL (list));
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  TesseraApplication *self = TESSERA_APPLICATION (user_data);
  TesseraPreferencesWindow *window = tessera_preferences_window_new (gtk_application_get_active_window (GTK_APPLICATION (self)),
                                                                     self->settings);

  gtk_window_present (GTK_WINDOW (window));
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  static const char *developers[] = { "The Tessera developers", NULL };

  adw_show_about_window (gtk_application_get_active_window (app),
                         "application-name", _("Tessera"),
                         "application-icon", APP_ID,
                         "developer-name", _("The Tessera developers"),
                         "version", PACKAGE_VERSION,
                         "website", "https://github.com/tessera/tessera",
                         "issue-url", "https://github.com/tessera/tessera/issues",
                         "comments", _("A scorekeeper and rules referee for the board game Carcassonne: "
                                       "you play with the real box, Tessera checks every move, "
                                       "does all the scoring and explains every point."),
                         "copyright", "© 2026 The Tessera developers",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "developers", developers,
                         /* Translators: your names, one per line, shown in the About window */
                         "translator-credits", _("translator-credits"),
                         NULL);
}

/* Where to say that the help could not be opened: a toast in the main window the help was
 * asked from (or the one a dialog belongs to), else a dialog of its own. */
static void
tell_help_failed (GtkWindow  *parent,
                  const char *message)
{
  GtkWindow *window = parent;

  while (window != NULL && !TESSERA_IS_WINDOW (window))
    window = gtk_window_get_transient_for (window);
  if (window != NULL)
    {
      tessera_window_show_toast (TESSERA_WINDOW (window), message);
      return;
    }
  gtk_window_present (GTK_WINDOW (adw_message_dialog_new (parent, _("Help Not Available"), message)));
}

static void
help_shown_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GtkWindow) parent = user_data;
  g_autoptr(GError) error = NULL;

  if (gtk_show_uri_full_finish (parent, result, &error))
    return;
  /* Nothing on the system opens help: URIs; GTK would only say "Operation not supported". */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED) || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    tell_help_failed (parent, _("Install the GNOME Help app (yelp) to read Tessera’s help"));
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* Translators: %s is the system's reason */
      g_autofree char *message = g_strdup_printf (_("Tessera’s help could not be opened: %s"), error->message);

      tell_help_failed (parent, message);
    }
}

static void
help_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (app);

  gtk_show_uri_full (parent, "help:tessera", GDK_CURRENT_TIME, NULL, help_shown_cb,
                     parent != NULL ? g_object_ref (parent) : NULL);
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GList *windows = gtk_application_get_windows (app);

  /* Every confirmed move is already in the history: closing loses nothing. */
  while (windows != NULL)
    {
      GList *next = windows->next;

      gtk_window_destroy (GTK_WINDOW (windows->data));
      windows = next;
    }
}

static const GActionEntry app_actions[] = {
  { "preferences", preferences_action },
  { "about", about_action },
  { "help", help_action },
  { "quit", quit_action },
};

/* The application's settings. dconf, the desktop's settings, writes through its service on the
 * session bus: without a bus it takes back every change a moment later, and Player Letters set
 * to Always in the menu would go back to Automatic. A run without a bus keeps its settings in
 * memory, starting from those stored, for as long as it runs. */
static GSettings *
new_settings (TesseraApplication *self)
{
  g_autoptr(GSettingsBackend) backend = g_settings_backend_get_default ();
  g_autoptr(GSettingsBackend) memory = NULL;
  g_autoptr(GSettings) stored = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;
  GSettings *settings;

  if (g_application_get_dbus_connection (G_APPLICATION (self)) != NULL
      || !g_str_equal (G_OBJECT_TYPE_NAME (backend), "DConfSettingsBackend"))
    return g_settings_new (APP_ID);

  g_debug ("No session bus: settings changed now are kept until Tessera quits");
  memory = g_memory_settings_backend_new ();
  settings = g_settings_new_with_backend (APP_ID, memory);
  stored = g_settings_new_with_backend (APP_ID, backend);
  g_object_get (stored, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autoptr(GVariant) value = g_settings_get_user_value (stored, keys[i]);

      if (value != NULL)
        g_settings_set_value (settings, keys[i], value);
    }
  return settings;
}

/* The name a screen reader says for a button whose label has a mnemonic: GTK 4.8 joins the
 * label as written and as shown ("_New Game New Game"); newer GTK says "New Game". */
static void
name_mnemonic_button (GtkButton *button)
{
  const char *label = gtk_button_get_label (button);
  GString *name;

  if (label == NULL || !gtk_button_get_use_underline (button))
    return;
  name = g_string_sized_new (strlen (label));
  for (const char *c = label; *c != '\0'; c++)
    {
      /* "__" is an underscore shown, a single one marks the mnemonic. */
      if (*c == '_' && c[1] == '_')
        c++;
      else if (*c == '_')
        continue;
      g_string_append_c (name, *c);
    }
  /* The label names the button through a relation, which wins over a name of its own. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name->str, -1);
  g_string_free (name, TRUE);
}

/* Names @widget if it is a button with a mnemonic, and again whenever its label changes. */
static void
watch_mnemonic_button (GtkWidget *widget)
{
  if (!GTK_IS_BUTTON (widget))
    return;
  if (g_object_get_data (G_OBJECT (widget), "tessera-mnemonic-named") == NULL)
    {
      g_object_set_data (G_OBJECT (widget), "tessera-mnemonic-named", GINT_TO_POINTER (TRUE));
      g_signal_connect (widget, "notify::label", G_CALLBACK (name_mnemonic_button), NULL);
      g_signal_connect (widget, "notify::use-underline", G_CALLBACK (name_mnemonic_button), NULL);
    }
  name_mnemonic_button (GTK_BUTTON (widget));
}

static void
watch_mnemonic_buttons_under (GtkWidget *widget)
{
  watch_mnemonic_button (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    watch_mnemonic_buttons_under (child);
}

/* Every button with a mnemonic is named: those a window is built with when it joins the app
 * (a page not shown yet is in a screen reader's tree too), and any other when it is shown (a
 * dialog's response, a button added later). Buttons with an icon or a child of their own keep
 * the name the code gives them. */
static gboolean
name_mnemonic_button_on_map (GSignalInvocationHint *hint,
                             guint                  n_values,
                             const GValue          *values,
                             gpointer               data)
{
  watch_mnemonic_button (g_value_get_object (&values[0]));
  return TRUE;
}

/* A dialog belongs to the application of the window it stands on: GTK gives the application's
 * shortcuts (Ctrl+W, F1, Ctrl+Q) only to windows of the application, and a dialog is made with
 * the window it is transient for, not the application. */
static gboolean
adopt_dialog_on_map (GSignalInvocationHint *hint,
                     guint                  n_values,
                     const GValue          *values,
                     gpointer               data)
{
  GObject *widget = g_value_get_object (&values[0]);
  GtkWindow *parent;

  if (GTK_IS_WINDOW (widget) && gtk_window_get_application (GTK_WINDOW (widget)) == NULL
      && (parent = gtk_window_get_transient_for (GTK_WINDOW (widget))) != NULL
      && gtk_window_get_application (parent) != NULL)
    gtk_window_set_application (GTK_WINDOW (widget), gtk_window_get_application (parent));
  return TRUE;
}

static void
window_added_cb (GtkApplication *application,
                 GtkWindow      *window)
{
  watch_mnemonic_buttons_under (GTK_WIDGET (window));
}

static void
tessera_application_startup (GApplication *app)
{
  TesseraApplication *self = TESSERA_APPLICATION (app);
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *help_accels[] = { "F1", NULL };
  static const char *close_accels[] = { "<Control>w", NULL };
  static const char *preferences_accels[] = { "<Control>comma", NULL };

  G_APPLICATION_CLASS (tessera_application_parent_class)->startup (app);
  /* A signal is known once its class is: no widget exists yet. */
  g_type_class_unref (g_type_class_ref (GTK_TYPE_BUTTON));
  g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0, name_mnemonic_button_on_map, NULL, NULL);
  g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0, adopt_dialog_on_map, NULL, NULL);
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.help", help_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences", preferences_accels);
  /* GtkWindow's own action: closes the window it is pressed in, a dialog too. */
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "window.close", close_accels);

  self->settings = new_settings (self);
  /* The primary menus' Player Letters choices, and what every view asks whether to show them. */
  {
    g_autoptr(GAction) marks = g_settings_create_action (self->settings, "player-marks");

    g_action_map_add_action (G_ACTION_MAP (app), marks);
    tessera_player_marks_set_settings (tessera_player_marks_get_default (), self->settings);
  }
}

static void
tessera_application_shutdown (GApplication *app)
{
  TesseraApplication *self = TESSERA_APPLICATION (app);

  g_clear_object (&self->store);
  G_APPLICATION_CLASS (tessera_application_parent_class)->shutdown (app);
}

static void
tessera_application_finalize (GObject *object)
{
  TesseraApplication *self = TESSERA_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->store);
  g_clear_error (&self->store_error);

  G_OBJECT_CLASS (tessera_application_parent_class)->finalize (object);
}

/* --version is answered here, in the process that was started: it needs no window. */
static int
tessera_application_handle_local_options (GApplication *application,
                                          GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("tessera %s\n", PACKAGE_VERSION);
      return EXIT_SUCCESS;
    }
  return -1;
}

static void
tessera_application_class_init (TesseraApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = tessera_application_finalize;
  app_class->handle_local_options = tessera_application_handle_local_options;
  app_class->activate = tessera_application_activate;
  app_class->open = tessera_application_open;
  app_class->startup = tessera_application_startup;
  app_class->shutdown = tessera_application_shutdown;
}

static void
tessera_application_init (TesseraApplication *self)
{
  static const GOptionEntry entries[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and exit"), NULL },
    G_OPTION_ENTRY_NULL
  };

  /* tessera --help says what FILE is, as the manual page does. */
  g_application_add_main_option_entries (G_APPLICATION (self), entries);
  /* Translators: the arguments in "Usage: tessera [OPTION…] [FILE…]" */
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Each FILE (a path or a URI) is a game record: it is imported into the history, and "
                                              "the last one is shown."));
}
