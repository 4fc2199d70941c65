/* tessera-share-actions.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-share-actions"

#include "config.h"

#include "tessera-share-actions.h"
#include "tessera-bgstats-send.h"
#include "tessera-export-image-window.h"
#include "tessera-score-sheet.h"

/* Sharing the game a view shows: export-image, print-score-sheet and send-to-bgstats. The game
 * view and the replay view each insert one of these under the prefix "share" and tell it which
 * game they show, so that their menus and keys name one action per command and the enabled
 * state follows the game in one place. */

struct _TesseraShareActions
{
  GSimpleActionGroup  parent_instance;

  GtkWidget          *owner;   /* weak: the view that inserted the group */
  TesseraGame        *game;    /* the game as the view shows it (at the move shown, in a replay) */
  TesseraStore       *store;
  gint64              game_id;
  gboolean            finished;
};

G_DEFINE_FINAL_TYPE (TesseraShareActions, tessera_share_actions, G_TYPE_SIMPLE_ACTION_GROUP)

static GtkWindow *
owner_window (TesseraShareActions *self)
{
  GtkRoot *root = self->owner != NULL ? gtk_widget_get_root (self->owner) : NULL;

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

/* The board as the view shows it, as a picture to share. */
static void
export_image_activated (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  TesseraShareActions *self = user_data;

  if (self->game != NULL)
    gtk_window_present (GTK_WINDOW (tessera_export_image_window_new (owner_window (self), self->game)));
}

static void
print_score_sheet_activated (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  TesseraShareActions *self = user_data;

  if (self->game != NULL)
    tessera_score_sheet_print (self->game, owner_window (self));
}

/* BG Stats logs results: only an ended game, stored, has something to send. */
static void
send_to_bgstats_activated (GSimpleAction *action,
                           GVariant      *parameter,
                           gpointer       user_data)
{
  TesseraShareActions *self = user_data;

  if (self->owner != NULL && self->store != NULL && self->finished)
    tessera_bgstats_send (self->owner, self->store, self->game_id);
}

static void
update_enabled (TesseraShareActions *self)
{
  GActionMap *map = G_ACTION_MAP (self);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "export-image")),
                               self->game != NULL);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "print-score-sheet")),
                               self->game != NULL);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "send-to-bgstats")),
                               self->store != NULL && self->finished);
}

static void
tessera_share_actions_dispose (GObject *object)
{
  TesseraShareActions *self = TESSERA_SHARE_ACTIONS (object);

  g_clear_weak_pointer (&self->owner);
  g_clear_object (&self->game);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (tessera_share_actions_parent_class)->dispose (object);
}

static void
tessera_share_actions_class_init (TesseraShareActionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tessera_share_actions_dispose;
}

static void
tessera_share_actions_init (TesseraShareActions *self)
{
  static const GActionEntry entries[] = {
    { .name = "export-image", .activate = export_image_activated },
    { .name = "print-score-sheet", .activate = print_score_sheet_activated },
    { .name = "send-to-bgstats", .activate = send_to_bgstats_activated },
  };

  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
  update_enabled (self);
}

/**
 * tessera_share_actions_new:
 * @owner: the view the group is inserted into: the file and print dialogs are transient for
 *   its window, and the BG Stats toast shows in it
 *
 * Returns: (transfer full): the actions, every one disabled until
 *   tessera_share_actions_set_game() gives a game
 */
TesseraShareActions *
tessera_share_actions_new (GtkWidget *owner)
{
  TesseraShareActions *self;

  g_return_val_if_fail (GTK_IS_WIDGET (owner), NULL);

  self = g_object_new (TESSERA_TYPE_SHARE_ACTIONS, NULL);
  g_set_weak_pointer (&self->owner, owner);
  return self;
}

/**
 * tessera_share_actions_set_game:
 * @game: (nullable): the game as the view shows it, for the picture and the score sheet
 * @store: (nullable): the history the game is stored in
 * @game_id: the game's id in @store
 * @finished: whether the game has ended, so that BG Stats can log it
 *
 * The owner calls this whenever what it shows changes, where it updates its own actions.
 */
void
tessera_share_actions_set_game (TesseraShareActions *self,
                                TesseraGame         *game,
                                TesseraStore        *store,
                                gint64               game_id,
                                gboolean             finished)
{
  g_return_if_fail (TESSERA_IS_SHARE_ACTIONS (self));
  g_return_if_fail (game == NULL || TESSERA_IS_GAME (game));
  g_return_if_fail (store == NULL || TESSERA_IS_STORE (store));

  g_set_object (&self->game, game);
  g_set_object (&self->store, store);
  self->game_id = game_id;
  self->finished = finished;
  update_enabled (self);
}
