/* tessera-bgstats-send.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-bgstats-send"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tessera-bgstats-send.h"

/* "Send to BG Stats…" for a finished game, wherever one is shown (the replay, the history's
 * rows): the play saved as a file, and handed to BG Stats when a program takes bgstats:
 * links. The play itself is the engine's (tessera-bgstats.c). */

/**
 * tessera_bgstats_save:
 * @game_id: a finished game of @store
 * @file: where to write the play
 * @url: (out) (optional): the bgstats: link that carries the same play
 *
 * Writes game @game_id as the JSON of a play for BG Stats. A game in progress is refused.
 */
gboolean
tessera_bgstats_save (TesseraStore  *store,
                      gint64         game_id,
                      GFile         *file,
                      char         **url,
                      GError       **error)
{
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(JsonNode) play = NULL;
  g_autofree char *data = NULL;

  g_return_val_if_fail (TESSERA_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!(record = tessera_store_load_record (store, game_id, error)) ||
      !(game = tessera_game_new_from_record (record, G_MAXUINT, error)) ||
      !(play = tessera_game_to_bgstats (game, error)))
    return FALSE;
  data = tessera_bgstats_to_data (play);
  if (!g_file_replace_contents (file, data, strlen (data), NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                                NULL, NULL, error))
    return FALSE;
  if (url != NULL)
    *url = tessera_bgstats_get_url (play);
  return TRUE;
}

static void
show_toast (GtkWidget  *widget,
            const char *message)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (message));
}

/* BG Stats, or whatever takes its links here: only when something does, so that a desktop
 * without it gets the file and no error. */
static gboolean
open_in_bgstats (GtkWidget  *widget,
                 const char *url)
{
  g_autoptr(GAppInfo) handler = g_app_info_get_default_for_uri_scheme ("bgstats");
  g_autoptr(GdkAppLaunchContext) context = NULL;
  g_autoptr(GError) error = NULL;

  if (handler == NULL)
    return FALSE;
  context = gdk_display_get_app_launch_context (gtk_widget_get_display (widget));
  if (!g_app_info_launch_default_for_uri (url, G_APP_LAUNCH_CONTEXT (context), &error))
    {
      g_warning ("BG Stats did not open: %s", error->message);
      return FALSE;
    }
  return TRUE;
}

/**
 * tessera_bgstats_send_to_file:
 * @widget: shown in the window that says what was done
 * @file: where to save the play
 *
 * Saves game @game_id for BG Stats into @file, opens BG Stats on the play when it is
 * installed, and says so in a toast; or shows why nothing was saved.
 *
 * Returns: whether the play was saved
 */
gboolean
tessera_bgstats_send_to_file (GtkWidget    *widget,
                              TesseraStore *store,
                              gint64        game_id,
                              GFile        *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *url = NULL;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);

  if (!tessera_bgstats_save (store, game_id, file, &url, &error))
    {
      GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)),
                                                  _("The Play Was Not Saved"), error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      return FALSE;
    }
  if (open_in_bgstats (widget, url))
    show_toast (widget, _("Play saved and sent to BG Stats"));
  else
    show_toast (widget, _("Play saved for BG Stats"));
  return TRUE;
}

typedef struct
{
  GWeakRef      widget;
  TesseraStore *store;
  gint64        game_id;
} SendRequest;

static void
send_request_free (SendRequest *request)
{
  g_weak_ref_clear (&request->widget);
  g_clear_object (&request->store);
  g_free (request);
}

static void
save_response_cb (GtkNativeDialog *native,
                  int              response,
                  SendRequest     *request)
{
  g_autoptr(GtkWidget) widget = g_weak_ref_get (&request->widget);

  if (response == GTK_RESPONSE_ACCEPT && widget != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      tessera_bgstats_send_to_file (widget, request->store, request->game_id, file);
    }
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}

/* "2026-11-24 Carcassonne.json": the day the game was played, by the table's clock when the
 * record says; else today. BG Stats documents no file name of its own for this play. */
static char *
suggest_name (TesseraStore *store,
              gint64        game_id)
{
  g_autoptr(TesseraRecord) record = tessera_store_load_record (store, game_id, NULL);
  g_autofree char *day = NULL;

  if (record != NULL && record->played != NULL && record->played->start != NULL)
    day = g_strndup (record->played->start, 10);
  else
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();

      day = g_date_time_format (now, "%Y-%m-%d");
    }
  /* Translators: the file name offered for a play sent to BG Stats; %s is the date it was played */
  return g_strdup_printf (_("%s Carcassonne.json"), day);
}

/**
 * tessera_bgstats_send:
 * @widget: the view that shows the game
 * @game_id: a finished game of @store
 *
 * Asks where to save the play of game @game_id, then tessera_bgstats_send_to_file().
 */
void
tessera_bgstats_send (GtkWidget    *widget,
                      TesseraStore *store,
                      gint64        game_id)
{
  GtkFileChooserNative *native;
  GtkFileFilter *filter = gtk_file_filter_new ();
  g_autofree char *name = suggest_name (store, game_id);
  SendRequest *request = g_new0 (SendRequest, 1);

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (TESSERA_IS_STORE (store));

  g_weak_ref_init (&request->widget, widget);
  request->store = g_object_ref (store);
  request->game_id = game_id;
  native = gtk_file_chooser_native_new (_("Send to BG Stats"), GTK_WINDOW (gtk_widget_get_root (widget)),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  gtk_file_filter_set_name (filter, _("BG Stats plays (JSON)"));
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_filter_add_mime_type (filter, "application/json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  g_object_unref (filter);
  g_signal_connect_data (native, "response", G_CALLBACK (save_response_cb), request,
                         (GClosureNotify) (void (*)(void))send_request_free, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}
