/* tessera-window.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tessera-game-view.h"
#include "tessera-history-page.h"
#include "tessera-new-game-window.h"
#include "tessera-player-profile.h"
#include "tessera-players-page.h"
#include "tessera-record-file.h"
#include "tessera-record-files.h"
#include "tessera-replay-view.h"
#include "tessera-start-page.h"
#include "tessera-window.h"

struct _TesseraWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  GtkStack             *stack;
  TesseraStartPage     *start_page;
  TesseraHistoryPage   *history_page;
  TesseraReplayView    *replay_view;
  TesseraPlayersPage   *players_page;
  TesseraPlayerProfile *player_profile;
  TesseraGameView      *game_view;
  GtkWidget            *drop_highlight;
  AdwToast             *import_toast;       /* the last import's note, while it shows */
  gint64                import_toast_shown; /* when it came up, monotonic */

  GtkFileChooserNative *file_chooser;
  const char           *history_return;     /* the page the history's Back returns to */
  char                 *replay_return;      /* the page the replay's Back returns to */
  char                 *players_return;     /* the page the players page's Back returns to */
  gboolean              game_from_history;  /* the game shown was opened from the history */
};

G_DEFINE_FINAL_TYPE (TesseraWindow, tessera_window, ADW_TYPE_APPLICATION_WINDOW)

static TesseraStore *
get_store (TesseraWindow  *self,
           GError        **error)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return tessera_application_get_store (TESSERA_APPLICATION (app), error);
}

static GSettings *
get_settings (TesseraWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return tessera_application_get_settings (TESSERA_APPLICATION (app));
}

void
tessera_window_show_toast (TesseraWindow *self,
                           const char    *message)
{
  AdwToast *toast;

  g_return_if_fail (TESSERA_IS_WINDOW (self));

  toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* Tells the user something went wrong, with the message that says what and how to fix it. */
static void
show_error (TesseraWindow *self,
            const char    *heading,
            const GError  *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* What writes to the history, off when there is none or it is read-only. */
static void
update_writing_actions (TesseraWindow *self,
                        TesseraStore  *store)
{
  static const char * const writing[] = { "win.new-game", "win.import", "win.resume-game", "win.abandon-game" };
  gboolean writable = store != NULL && !tessera_store_is_read_only (store);

  for (guint i = 0; i < G_N_ELEMENTS (writing); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), writing[i], writable);
}

static void
reload_start_page (TesseraWindow *self)
{
  g_autoptr(GError) error = NULL;
  TesseraStore *store = get_store (self, &error);

  update_writing_actions (self, store);
  tessera_start_page_reload (self->start_page, store, error);
}

void
tessera_window_show_start (TesseraWindow *self)
{
  g_return_if_fail (TESSERA_IS_WINDOW (self));

  reload_start_page (self);
  gtk_stack_set_visible_child_name (self->stack, "start");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export", FALSE);
}

static void
reload_history_page (TesseraWindow *self)
{
  g_autoptr(GError) error = NULL;
  TesseraStore *store = get_store (self, &error);

  tessera_history_page_reload (self->history_page, store, error);
}

/**
 * tessera_window_show_history:
 * @self: the window
 *
 * Shows every game of the history, read again from the store: games were played, finished
 * or imported since it was last shown. Its Back returns to the page shown before.
 */
void
tessera_window_show_history (TesseraWindow *self)
{
  const char *current;

  g_return_if_fail (TESSERA_IS_WINDOW (self));

  current = gtk_stack_get_visible_child_name (self->stack);
  if (g_strcmp0 (current, "history") != 0)
    self->history_return = g_strcmp0 (current, "game") == 0 ? "game" : "start";
  reload_history_page (self);
  gtk_stack_set_visible_child_name (self->stack, "history");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export", FALSE);
  tessera_history_page_focus_content (self->history_page);
}

TesseraHistoryPage *
tessera_window_get_history_page (TesseraWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);
  return self->history_page;
}

TesseraStartPage *
tessera_window_get_start_page (TesseraWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);
  return self->start_page;
}

static void
show_game (TesseraWindow *self)
{
  gtk_stack_set_visible_child_name (self->stack, "game");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export", TRUE);
  tessera_game_view_focus_next_input (self->game_view);
}

/**
 * tessera_window_start_game:
 * @self: the window
 * @header: the new game's record without events: sets, players, rules
 * @purist: whether the table plays without aids
 * @error: where to say why the game cannot start
 *
 * Stores a new game in the history and opens it for its first turn.
 */
gboolean
tessera_window_start_game (TesseraWindow        *self,
                           const TesseraRecord  *header,
                           gboolean              purist,
                           GError              **error)
{
  TesseraStore *store;
  g_autoptr(TesseraSession) session = NULL;

  g_return_val_if_fail (TESSERA_IS_WINDOW (self), FALSE);

  if (!(store = get_store (self, error))
      || !(session = tessera_session_new_game (store, header, purist, error)))
    return FALSE;
  tessera_game_view_set_session (self->game_view, session);
  self->game_from_history = FALSE;
  show_game (self);
  return TRUE;
}

/**
 * tessera_window_resume_game:
 * @self: the window
 * @game_id: a game of the history
 * @error: where to say why it cannot be resumed
 *
 * Opens a stored game where it stopped.
 */
gboolean
tessera_window_resume_game (TesseraWindow  *self,
                            gint64          game_id,
                            GError        **error)
{
  TesseraStore *store;
  g_autoptr(TesseraSession) session = NULL;

  g_return_val_if_fail (TESSERA_IS_WINDOW (self), FALSE);

  if (!(store = get_store (self, error))
      || !(session = tessera_session_open (store, game_id, error)))
    return FALSE;
  tessera_game_view_set_session (self->game_view, session);
  show_game (self);
  return TRUE;
}

TesseraGameView *
tessera_window_get_game_view (TesseraWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);
  return self->game_view;
}

static void
new_game_start_cb (TesseraWindow        *self,
                   TesseraRecord        *header,
                   TesseraNewGameWindow *dialog)
{
  g_autoptr(GError) error = NULL;

  if (!tessera_window_start_game (self, header, tessera_new_game_window_get_purist (dialog), &error))
    {
      show_error (self, _("The Game Cannot Start"), error);
      return;
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  TesseraStore *store = get_store (self, &error);
  TesseraNewGameWindow *dialog;

  dialog = tessera_new_game_window_new (GTK_WINDOW (self), get_settings (self), store);
  g_signal_connect_object (dialog, "start", G_CALLBACK (new_game_start_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
resume_game_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  /* A game opened from the history goes back there. */
  gboolean from_history = g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "history") == 0;

  if (!tessera_window_resume_game (self, g_variant_get_int64 (parameter), &error))
    show_error (self, _("The Game Cannot Be Resumed"), error);
  else
    self->game_from_history = from_history;
}

static void
abandon_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     TesseraWindow    *self)
{
  gint64 game_id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (dialog), "game-id"));
  g_autoptr(GError) error = NULL;
  TesseraStore *store;

  if (g_strcmp0 (response, "abandon") != 0)
    return;
  if (!(store = get_store (self, &error)) || !tessera_store_abandon_game (store, game_id, &error))
    show_error (self, _("The Game Cannot Be Abandoned"), error);
  reload_start_page (self);
}

static void
abandon_game_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Abandon This Game?"),
                                   _("It stays in the history as abandoned and can no longer be resumed."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "abandon", _("_Abandon"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "abandon",
                                              ADW_RESPONSE_DESTRUCTIVE);
  g_object_set_data (G_OBJECT (dialog), "game-id", GSIZE_TO_POINTER ((gsize) g_variant_get_int64 (parameter)));
  g_signal_connect_object (dialog, "response", G_CALLBACK (abandon_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_start_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);

  /* The game view's Back ("All Games") returns to the history a game was opened from. */
  if (self->game_from_history && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "game") == 0)
    {
      self->game_from_history = FALSE;
      self->history_return = "start";
      tessera_window_show_history (self);
      return;
    }
  tessera_window_show_start (self);
}

static void
show_history_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  tessera_window_show_history (TESSERA_WINDOW (widget));
}

static void
leave_history_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "history") != 0)
    return;
  if (g_strcmp0 (self->history_return, "game") == 0 && tessera_game_view_get_game (self->game_view) != NULL)
    show_game (self);
  else
    tessera_window_show_start (self);
}

/* A game left the history for good: the start page must not offer it. */
static void
history_games_changed_cb (TesseraWindow *self)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "start") == 0)
    reload_start_page (self);
}

static void
import_toast_dismissed_cb (TesseraWindow *self)
{
  g_clear_weak_pointer (&self->import_toast);
}

/* Stores each record in the history, whole or not at all, telling what happened: a dialog for
 * each file that could not be imported, with the reason, and a note with the counts. The last
 * game the history holds after it goes to @last_game (0 when no file was a record). */
static void
import_records (TesseraWindow *self,
                GListModel    *files,
                guint         *n_imported,
                guint         *n_known,
                gint64        *last_game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) tessera_record_free);
  g_autofree GError **file_errors = NULL;
  g_autofree TesseraImportResult *results = NULL;
  TesseraStore *store;
  guint n_files, imported = 0, known = 0;

  *n_imported = *n_known = 0;
  *last_game = 0;
  if (!(store = get_store (self, &error)))
    {
      show_error (self, _("The History Cannot Be Used"), error);
      return;
    }

  n_files = g_list_model_get_n_items (files);
  file_errors = g_new0 (GError *, MAX (n_files, 1));
  for (guint i = 0; i < n_files; i++)
    {
      g_autoptr(GFile) file = g_list_model_get_item (files, i);
      g_autoptr(GError) file_error = NULL;
      /* Never more than a record may hold, whatever the file is (a device, a pipe). */
      g_autoptr(GBytes) contents = tessera_record_file_read (file, NULL, &file_error);
      TesseraRecord *record = NULL;

      if (contents != NULL)
        {
          gsize length;
          const char *data = g_bytes_get_data (contents, &length);

          record = tessera_record_load_from_data (data != NULL ? data : "", (gssize) length, &file_error);
        }
      if (record != NULL)
        g_ptr_array_add (records, record);
      file_errors[i] = g_steal_pointer (&file_error);
    }

  /* All the records in one batch, a few syncs instead of one per file. The store reports a
   * record it refuses with the engine's reason; when the history itself fails, that record
   * gets its error and the others go on, as each file does alone. */
  results = g_new0 (TesseraImportResult, MAX (records->len, 1));
  for (guint done = 0; done < records->len; done++)
    {
      g_autoptr(GError) store_error = NULL;

      if (tessera_store_import_records (store, (const TesseraRecord * const *) records->pdata + done,
                                        records->len - done, results + done, NULL, &store_error))
        break;
      while (done < records->len && (results[done].game_id != 0 || results[done].error != NULL))
        done++;
      if (done == records->len)
        break;
      results[done].error = g_steal_pointer (&store_error);
    }

  for (guint i = 0, r = 0; i < n_files; i++)
    {
      g_autoptr(GError) file_error = g_steal_pointer (&file_errors[i]);
      TesseraImportResult *result = file_error == NULL ? &results[r++] : NULL;

      if (result != NULL && result->error == NULL)
        {
          if (result->already)
            known++;
          else
            imported++;
          *last_game = result->game_id;
          continue;
        }
      {
        g_autoptr(GFile) file = g_list_model_get_item (files, i);
        g_autofree char *name = g_file_get_basename (file);
        g_autofree char *heading = g_strdup_printf (_("“%s” Was Not Imported"), name);

        show_error (self, heading, file_error != NULL ? file_error : result->error);
      }
    }
  for (guint r = 0; r < records->len; r++)
    tessera_import_result_clear (&results[r]);

  if (imported > 0 || known > 0)
    {
      g_autofree char *message = NULL;

      if (known == 0)
        message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game imported", "%u games imported", imported),
                                   imported);
      else if (imported == 0)
        message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game was already in the history",
                                                "%u games were already in the history", known),
                                   known);
      else
        message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game imported, %u already in the history",
                                                "%u games imported, %u already in the history", imported),
                                   imported, known);
      /* The newest counts replace older ones still shown instead of waiting behind them. A
       * note that came up within the second is retitled: it has most of its time left, and
       * libadwaita 1.2 crashes on a toast dismissed while it still slides in. */
      if (self->import_toast != NULL && g_get_monotonic_time () - self->import_toast_shown < G_USEC_PER_SEC)
        adw_toast_set_title (self->import_toast, message);
      else
        {
          if (self->import_toast != NULL)
            adw_toast_dismiss (self->import_toast);
          g_set_weak_pointer (&self->import_toast, adw_toast_new (message));
          adw_toast_set_timeout (self->import_toast, 6);
          g_signal_connect_object (self->import_toast, "dismissed", G_CALLBACK (import_toast_dismissed_cb), self,
                                   G_CONNECT_SWAPPED);
          adw_toast_overlay_add_toast (self->toast_overlay, self->import_toast);
          self->import_toast_shown = g_get_monotonic_time ();
        }
    }
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "start") == 0)
    reload_start_page (self);
  else if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "history") == 0)
    reload_history_page (self);
  *n_imported = imported;
  *n_known = known;
}

/**
 * tessera_window_import_files:
 * @self: the window
 * @files: (element-type GFile): game records
 * @n_imported: (out) (optional): how many were stored
 * @n_known: (out) (optional): how many were in the history already
 *
 * Stores each record in the history, whole or not at all, telling what happened: a dialog for
 * each file that could not be imported, with the reason, and a note with the counts.
 */
void
tessera_window_import_files (TesseraWindow *self,
                             GListModel    *files,
                             guint         *n_imported,
                             guint         *n_known)
{
  guint imported, known;
  gint64 last_game;

  g_return_if_fail (TESSERA_IS_WINDOW (self));
  g_return_if_fail (G_IS_LIST_MODEL (files));

  import_records (self, files, &imported, &known, &last_game);
  if (n_imported != NULL)
    *n_imported = imported;
  if (n_known != NULL)
    *n_known = known;
}

/* Whether game @game_id of the history can still be played: in progress, not finished or
 * abandoned. */
static gboolean
game_in_progress (TesseraStore  *store,
                  gint64         game_id,
                  gboolean      *in_progress,
                  GError       **error)
{
  g_autoptr(GPtrArray) games = tessera_store_list_games (store, error);

  if (games == NULL)
    return FALSE;
  for (guint i = 0; i < games->len; i++)
    {
      const TesseraGameSummary *summary = g_ptr_array_index (games, i);

      if (summary->id == game_id)
        {
          *in_progress = g_strcmp0 (summary->state, "in-progress") == 0;
          return TRUE;
        }
    }
  *in_progress = FALSE;
  return TRUE;
}

/**
 * tessera_window_open_files:
 * @self: the window
 * @files: (element-type GFile): game records, from the command line, the file manager or a drop
 *
 * Imports the records as the Import command does (a record the history holds already is not
 * stored again), then shows the last one that the history holds: a game in progress in the game
 * view, where it stopped, a finished or abandoned game on its replay. A file that is not a
 * record is refused with a dialog naming it and saying what is wrong; the history is left as
 * it was.
 *
 * Returns: the game shown, or 0 when no file was a record
 */
gint64
tessera_window_open_files (TesseraWindow *self,
                           GListModel    *files)
{
  g_autoptr(GError) error = NULL;
  TesseraStore *store;
  guint imported, known;
  gint64 game_id;
  gboolean in_progress;

  g_return_val_if_fail (TESSERA_IS_WINDOW (self), 0);
  g_return_val_if_fail (G_IS_LIST_MODEL (files), 0);

  import_records (self, files, &imported, &known, &game_id);
  if (game_id <= 0)
    return 0;
  if (!(store = get_store (self, &error)) || !game_in_progress (store, game_id, &in_progress, &error))
    {
      show_error (self, _("The Game Cannot Be Shown"), error);
      return 0;
    }
  if (in_progress)
    {
      if (!tessera_window_resume_game (self, game_id, &error))
        {
          show_error (self, _("The Game Cannot Be Resumed"), error);
          return 0;
        }
      self->game_from_history = FALSE;
    }
  else if (!tessera_window_open_replay (self, game_id, &error))
    {
      show_error (self, _("The Game Cannot Be Shown"), error);
      return 0;
    }
  return game_id;
}

static void
import_response_cb (GtkNativeDialog *native,
                    int              response,
                    TesseraWindow   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (native));

      tessera_window_import_files (self, files, NULL, NULL);
    }
  g_clear_object (&self->file_chooser);
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);

  g_clear_object (&self->file_chooser);
  self->file_chooser = gtk_file_chooser_native_new (_("Import Game Records"), GTK_WINDOW (self),
                                                    GTK_FILE_CHOOSER_ACTION_OPEN,
                                                    _("_Import"), _("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (self->file_chooser), TRUE);
  /* Records from other programs may be named anything: the filters narrow, never hide for good. */
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->file_chooser), tessera_record_files_import_filter ());
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->file_chooser), tessera_record_files_filter ());
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->file_chooser), tessera_record_files_json_filter ());
  g_signal_connect_object (self->file_chooser, "response", G_CALLBACK (import_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->file_chooser));
}

/**
 * tessera_window_export_game:
 * @self: the window
 * @file: where to write the record
 * @error: where to say why it was not written
 *
 * Writes the game on screen as a record, which imports again.
 */
gboolean
tessera_window_export_game (TesseraWindow  *self,
                            GFile          *file,
                            GError        **error)
{
  g_autoptr(TesseraRecord) record = NULL;
  g_autofree char *data = NULL;
  TesseraStore *store;

  g_return_val_if_fail (TESSERA_IS_WINDOW (self), FALSE);

  if (tessera_game_view_get_game (self->game_view) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There is no game to export."));
      return FALSE;
    }
  /* The record as the history keeps it, so that importing it again is recognised. */
  if (!(store = get_store (self, error))
      || !(record = tessera_store_load_record (store, tessera_game_view_get_game_id (self->game_view), error)))
    return FALSE;
  data = tessera_record_to_data (record);
  return g_file_replace_contents (file, data, strlen (data), NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                                  NULL, NULL, error);
}

static void
export_response_cb (GtkNativeDialog *native,
                    int              response,
                    TesseraWindow   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autoptr(GError) error = NULL;

      if (!tessera_window_export_game (self, file, &error))
        show_error (self, _("The Record Was Not Saved"), error);
      else
        tessera_window_show_toast (self, _("Game record saved"));
    }
  g_clear_object (&self->file_chooser);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *name = tessera_record_files_suggest_name (date);

  if (tessera_game_view_get_game (self->game_view) == NULL)
    return;

  g_clear_object (&self->file_chooser);
  self->file_chooser = gtk_file_chooser_native_new (_("Export Game Record"), GTK_WINDOW (self),
                                                    GTK_FILE_CHOOSER_ACTION_SAVE,
                                                    _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->file_chooser), name);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->file_chooser), tessera_record_files_filter ());
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->file_chooser), tessera_record_files_json_filter ());
  g_signal_connect_object (self->file_chooser, "response", G_CALLBACK (export_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->file_chooser));
}

static void
save_window_state (TesseraWindow *self)
{
  GSettings *settings = get_settings (self);
  int width, height;

  if (settings == NULL)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set_int (settings, "window-width", width);
  g_settings_set_int (settings, "window-height", height);
  g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
}

static gboolean
tessera_window_close_request (GtkWindow *window)
{
  TesseraWindow *self = TESSERA_WINDOW (window);

  /* Games deleted with their undo toast still up stay deleted. */
  tessera_history_page_settle_deletions (self->history_page);
  save_window_state (self);
  return GTK_WINDOW_CLASS (tessera_window_parent_class)->close_request (window);
}

/* The window's size and the start page need the application, which is set only after the
 * window is constructed. */
static void
restore_window_state (TesseraWindow *self)
{
  GSettings *settings;

  if ((settings = get_settings (self)) != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (settings, "window-width"),
                                   g_settings_get_int (settings, "window-height"));
      if (g_settings_get_boolean (settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
    }
}

static void
tessera_window_dispose (GObject *object)
{
  TesseraWindow *self = TESSERA_WINDOW (object);

  if (self->file_chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->file_chooser));
  g_clear_object (&self->file_chooser);
  g_clear_weak_pointer (&self->import_toast);
  g_clear_pointer (&self->replay_return, g_free);
  g_clear_pointer (&self->players_return, g_free);

  G_OBJECT_CLASS (tessera_window_parent_class)->dispose (object);
}

/* Replay, players and profiles --------------------------------------------------------------- */

/* The page shown now, for a page opened from it to return to. */
static char *
current_page (TesseraWindow *self)
{
  return g_strdup (gtk_stack_get_visible_child_name (self->stack));
}

static void
return_to (TesseraWindow *self,
           const char    *page)
{
  if (g_strcmp0 (page, "history") == 0)
    tessera_window_show_history (self);
  else if (g_strcmp0 (page, "players") == 0 || g_strcmp0 (page, "profile") == 0 || g_strcmp0 (page, "replay") == 0)
    gtk_stack_set_visible_child_name (self->stack, page);
  else if (g_strcmp0 (page, "game") == 0 && tessera_game_view_get_game (self->game_view) != NULL)
    show_game (self);
  else
    tessera_window_show_start (self);
}

/**
 * tessera_window_open_replay:
 * @game_id: a game of the history
 *
 * Shows a stored game on its replay; its Back returns to the page shown before.
 */
gboolean
tessera_window_open_replay (TesseraWindow  *self,
                            gint64          game_id,
                            GError        **error)
{
  TesseraStore *store;

  g_return_val_if_fail (TESSERA_IS_WINDOW (self), FALSE);

  if (!(store = get_store (self, error)) ||
      !tessera_replay_view_load (self->replay_view, store, game_id, error))
    return FALSE;
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "replay") != 0)
    {
      g_free (self->replay_return);
      self->replay_return = current_page (self);
    }
  gtk_stack_set_visible_child_name (self->stack, "replay");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export", FALSE);
  tessera_replay_view_focus_timeline (self->replay_view);
  return TRUE;
}

static void
open_replay_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (!tessera_window_open_replay (self, g_variant_get_int64 (parameter), &error))
    show_error (self, _("The Game Cannot Be Shown"), error);
}

static void
replay_closed_cb (TesseraWindow *self)
{
  return_to (self, self->replay_return);
}

/* An unfinished game goes on from the move the replay shows (the store has the rest taken out). */
static void
replay_continue_cb (TesseraWindow *self,
                    gint64         game_id)
{
  g_autoptr(GError) error = NULL;

  if (!tessera_window_resume_game (self, game_id, &error))
    show_error (self, _("The Game Cannot Be Resumed"), error);
}

/**
 * tessera_window_show_players:
 *
 * Shows every player of the history with their figures; Back returns to the page shown before.
 */
void
tessera_window_show_players (TesseraWindow *self)
{
  g_autoptr(GError) error = NULL;
  TesseraStore *store;

  g_return_if_fail (TESSERA_IS_WINDOW (self));

  if (!(store = get_store (self, &error)) || !tessera_players_page_load (self->players_page, store, &error))
    {
      show_error (self, _("The Players Cannot Be Shown"), error);
      return;
    }
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "players") != 0 &&
      g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "profile") != 0)
    {
      g_free (self->players_return);
      self->players_return = current_page (self);
    }
  gtk_stack_set_visible_child_name (self->stack, "players");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export", FALSE);
  tessera_players_page_focus_table (self->players_page);
}

TesseraReplayView *
tessera_window_get_replay_view (TesseraWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);
  return self->replay_view;
}

TesseraPlayersPage *
tessera_window_get_players_page (TesseraWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);
  return self->players_page;
}

TesseraPlayerProfile *
tessera_window_get_player_profile (TesseraWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);
  return self->player_profile;
}

static void
show_players_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  tessera_window_show_players (TESSERA_WINDOW (widget));
}

static void
players_closed_cb (TesseraWindow *self)
{
  return_to (self, self->players_return);
}

static void
player_activated_cb (TesseraWindow *self,
                     const char    *name)
{
  g_autoptr(GError) error = NULL;
  TesseraStore *store = get_store (self, &error);

  if (store == NULL || !tessera_player_profile_load (self->player_profile, store, name, &error))
    {
      show_error (self, _("The Player Cannot Be Shown"), error);
      return;
    }
  gtk_stack_set_visible_child_name (self->stack, "profile");
  tessera_player_profile_focus_chart (self->player_profile);
}

static void
profile_closed_cb (TesseraWindow *self)
{
  /* A rename or a merge changed the list the profile was opened from. */
  tessera_window_show_players (self);
}

static void
profile_game_activated_cb (TesseraWindow *self,
                           gint64         game_id)
{
  g_autoptr(GError) error = NULL;

  if (!tessera_window_open_replay (self, game_id, &error))
    show_error (self, _("The Game Cannot Be Shown"), error);
}

/* Drag and drop --------------------------------------------------------------------------- */

/* Files dropped on the window open as if the file manager had opened them. */
static gboolean
drop_cb (TesseraWindow *self,
         const GValue  *value,
         double         x,
         double         y)
{
  g_autoptr(GListStore) files = g_list_store_new (G_TYPE_FILE);

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  for (GSList *l = gdk_file_list_get_files (g_value_get_boxed (value)); l != NULL; l = l->next)
    g_list_store_append (files, l->data);
  gtk_widget_set_visible (self->drop_highlight, FALSE);
  tessera_window_open_files (self, G_LIST_MODEL (files));
  return TRUE;
}

/* The highlight shows while a drag that carries files is over the window. */
static void
current_drop_cb (TesseraWindow *self,
                 GParamSpec    *pspec,
                 GtkDropTarget *target)
{
  gtk_widget_set_visible (self->drop_highlight, gtk_drop_target_get_current_drop (target) != NULL);
}

static void
tessera_window_class_init (TesseraWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = tessera_window_dispose;
  window_class->close_request = tessera_window_close_request;

  g_type_ensure (TESSERA_TYPE_START_PAGE);
  g_type_ensure (TESSERA_TYPE_HISTORY_PAGE);
  g_type_ensure (TESSERA_TYPE_GAME_VIEW);
  g_type_ensure (TESSERA_TYPE_REPLAY_VIEW);
  g_type_ensure (TESSERA_TYPE_PLAYERS_PAGE);
  g_type_ensure (TESSERA_TYPE_PLAYER_PROFILE);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, history_page);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, game_view);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, replay_view);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, players_page);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, player_profile);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, drop_highlight);
  gtk_widget_class_bind_template_callback (widget_class, replay_closed_cb);
  gtk_widget_class_bind_template_callback (widget_class, replay_continue_cb);
  gtk_widget_class_bind_template_callback (widget_class, players_closed_cb);
  gtk_widget_class_bind_template_callback (widget_class, player_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, profile_closed_cb);
  gtk_widget_class_bind_template_callback (widget_class, profile_game_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, history_games_changed_cb);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.resume-game", "x", resume_game_action);
  gtk_widget_class_install_action (widget_class, "win.abandon-game", "x", abandon_game_action);
  gtk_widget_class_install_action (widget_class, "win.show-start", NULL, show_start_action);
  gtk_widget_class_install_action (widget_class, "win.show-history", NULL, show_history_action);
  gtk_widget_class_install_action (widget_class, "win.leave-history", NULL, leave_history_action);
  gtk_widget_class_install_action (widget_class, "win.open-replay", "x", open_replay_action);
  gtk_widget_class_install_action (widget_class, "win.show-players", NULL, show_players_action);
  gtk_widget_class_install_action (widget_class, "win.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new-game", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.import", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "win.export", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.show-start", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "win.show-history", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.show-players", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_P, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.show-players", NULL);
}

static void
tessera_window_init (TesseraWindow *self)
{
  GtkDropTarget *target;

  gtk_widget_init_template (GTK_WIDGET (self));

  target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect_object (target, "drop", G_CALLBACK (drop_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (target, "notify::current-drop", G_CALLBACK (current_drop_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}

TesseraWindow *
tessera_window_new (TesseraApplication *application)
{
  TesseraWindow *self = g_object_new (TESSERA_TYPE_WINDOW, "application", application, NULL);

  restore_window_state (self);
  tessera_window_show_start (self);
  return self;
}
