/* tessera-session.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-session"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-move-words.h"
#include "tessera-session.h"

/* A game being played: the game in memory, its history in the store and its id there, owned
 * together. Every change goes through here, into the game and at once into the history, so
 * that closing or a crash loses nothing confirmed; a change the history cannot keep is taken
 * back from the game too, so the two never disagree. The views (the game view, the table view)
 * only watch: ::changed says the game is to be shown again. No widgets, so it is tested without
 * a display. */

struct _TesseraSession
{
  GObject       parent_instance;

  TesseraStore *store;
  gint64        game_id;
  TesseraGame  *game;
  /* Purist: played without aids; kept with the game in the history. */
  gboolean      purist;
};

G_DEFINE_FINAL_TYPE (TesseraSession, tessera_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STORE,
  PROP_GAME_ID,
  PROP_GAME,
  PROP_PURIST,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static TesseraSession *
session_new (TesseraStore  *store,
             gint64         game_id,
             GError       **error)
{
  g_autoptr(TesseraSession) self = g_object_new (TESSERA_TYPE_SESSION, NULL);
  g_autoptr(TesseraRecord) record = NULL;

  if (!(record = tessera_store_load_record (store, game_id, error)))
    return NULL;
  if (!(self->game = tessera_game_new_from_record (record, record->events->len, error)))
    return NULL;
  if (!tessera_store_get_purist (store, game_id, &self->purist, error))
    return NULL;
  self->store = g_object_ref (store);
  self->game_id = game_id;
  return g_steal_pointer (&self);
}

/**
 * tessera_session_new_game:
 * @store: the history
 * @header: the new game's record without events: sets, players, rules
 * @purist: whether the table plays without aids
 * @error: where to say why the game cannot start
 *
 * Stores a new game in the history, ready for its first turn. The engine checks the set-up
 * before anything is stored.
 *
 * Returns: (transfer full) (nullable): the session, or %NULL with @error; nothing is left in
 *   the history then
 */
TesseraSession *
tessera_session_new_game (TesseraStore         *store,
                          const TesseraRecord  *header,
                          gboolean              purist,
                          GError              **error)
{
  TesseraSession *self = NULL;
  gint64 game_id;

  g_return_val_if_fail (TESSERA_IS_STORE (store), NULL);
  g_return_val_if_fail (header != NULL, NULL);

  /* 0 is no game: the store refused it. */
  if ((game_id = tessera_store_add_game (store, header, error)) == 0)
    return NULL;
  if ((purist && !tessera_store_set_purist (store, game_id, TRUE, error))
      || !(self = session_new (store, game_id, error)))
    {
      /* Half a start is none: the game the table never saw goes. */
      if (!tessera_store_delete_game (store, game_id, NULL))
        g_debug ("The unstarted game %" G_GINT64_FORMAT " stays in the history", game_id);
      return NULL;
    }
  return self;
}

/**
 * tessera_session_open:
 * @store: the history
 * @game_id: a game of @store
 * @error: where to say why it cannot be opened
 *
 * Takes up a stored game where it stopped.
 *
 * Returns: (transfer full) (nullable): the session, or %NULL with @error
 */
TesseraSession *
tessera_session_open (TesseraStore  *store,
                      gint64         game_id,
                      GError       **error)
{
  g_return_val_if_fail (TESSERA_IS_STORE (store), NULL);

  return session_new (store, game_id, error);
}

TesseraStore *
tessera_session_get_store (TesseraSession *self)
{
  g_return_val_if_fail (TESSERA_IS_SESSION (self), NULL);
  return self->store;
}

gint64
tessera_session_get_game_id (TesseraSession *self)
{
  g_return_val_if_fail (TESSERA_IS_SESSION (self), 0);
  return self->game_id;
}

/**
 * tessera_session_get_game:
 *
 * Returns: (transfer none): the game as the history has it; a correction replaces it
 *   (notify::game), every change to it emits ::changed
 */
TesseraGame *
tessera_session_get_game (TesseraSession *self)
{
  g_return_val_if_fail (TESSERA_IS_SESSION (self), NULL);
  return self->game;
}

gboolean
tessera_session_get_purist (TesseraSession *self)
{
  g_return_val_if_fail (TESSERA_IS_SESSION (self), FALSE);
  return self->purist;
}

/**
 * tessera_session_set_purist:
 * @purist: whether the table plays without aids
 * @error: where to say why the history cannot keep it
 *
 * Returns: whether the history kept it; nothing changes if not
 */
gboolean
tessera_session_set_purist (TesseraSession  *self,
                            gboolean         purist,
                            GError         **error)
{
  g_return_val_if_fail (TESSERA_IS_SESSION (self), FALSE);

  purist = !!purist;
  if (purist == self->purist)
    return TRUE;
  if (!tessera_store_set_purist (self->store, self->game_id, purist, error))
    return FALSE;
  self->purist = purist;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PURIST]);
  return TRUE;
}

static void
changed (TesseraSession *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

/* The game, replaced by @game (a correction, or the history read again). */
static void
replace_game (TesseraSession *self,
              TesseraGame    *game)
{
  g_set_object (&self->game, game);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
  changed (self);
}

/* Applies @event and stores it, or neither; does not emit. */
/* Notes in the game's "played" that it ended @when, and returns what it said before. */
static TesseraPlayed *
note_end (TesseraSession *self,
          GDateTime      *when)
{
  g_autoptr(TesseraPlayed) before = tessera_played_copy (tessera_game_get_played (self->game));
  g_autoptr(GError) clock_error = NULL;
  g_autofree char *end_time = g_date_time_format (when, "%Y-%m-%dT%H:%M:%S%:z");
  TesseraPlayed ended = { NULL, NULL, NULL };

  ended.end = end_time;
  if (before != NULL)
    {
      ended.start = before->start;
      ended.place = before->place;
    }
  /* A clock put back since the start would make the end come first: the game still ends. */
  if (!tessera_game_set_played (self->game, &ended, &clock_error))
    g_debug ("The end of the game is not noted: %s", clock_error->message);
  return g_steal_pointer (&before);
}

static gboolean
apply_and_store (TesseraSession  *self,
                 TesseraEvent    *event,
                 GError         **error)
{
  gboolean was_over = tessera_game_is_finished (self->game);
  g_autoptr(TesseraPlayed) before = NULL;
  gboolean noted = FALSE;

  if (!tessera_game_apply (self->game, event, error))
    return FALSE;
  /* B11: the turn that takes the last tile ends the game; its record says when, as an end
   * entered by the table does. */
  if (!was_over && tessera_game_is_finished (self->game) && event->kind != TESSERA_EVENT_END)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();

      before = note_end (self, now);
      noted = TRUE;
    }
  if (!tessera_store_save_event (self->store, self->game_id, self->game, error))
    {
      /* The history must match the game: take the move back. */
      tessera_game_undo (self->game);
      if (noted)
        tessera_game_set_played (self->game, before, NULL);
      return FALSE;
    }
  return TRUE;
}

/* The engine numbers the refused event as records do, from 0; the table sees it as the log
 * numbers its moves (tessera-move-words.h). @before is the game the move was entered on. */
static void
renumber_refusal (TesseraGame        *before,
                  guint               first,
                  const TesseraEvent *event,
                  GError            **error)
{
  char *message;

  if (error == NULL || *error == NULL || (*error)->domain != TESSERA_ERROR)
    return;
  if ((message = tessera_move_describe_refusal (before, first, event, (*error)->message)) != NULL)
    {
      g_free ((*error)->message);
      (*error)->message = message;
    }
}

/**
 * tessera_session_apply:
 * @event: the move: a turn, a discard, a ransom, a score correction, the end
 * @error: the rule it breaks, or why the history cannot keep it
 *
 * Plays @event and stores it at once.
 *
 * Returns: whether it was played and stored; if not, the game and the history are as they were
 */
gboolean
tessera_session_apply (TesseraSession  *self,
                       TesseraEvent    *event,
                       GError         **error)
{
  g_return_val_if_fail (TESSERA_IS_SESSION (self), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);

  if (!apply_and_store (self, event, error))
    {
      renumber_refusal (self->game, tessera_game_get_n_events (self->game), event, error);
      return FALSE;
    }
  changed (self);
  return TRUE;
}

/**
 * tessera_session_end:
 * @when: when the game ended, by this computer's clock
 * @error: why it cannot end
 *
 * Ends the game with the final scoring; its record says it ended at @when.
 *
 * Returns: whether it ended; if not, the game and the history are as they were
 */
gboolean
tessera_session_end (TesseraSession  *self,
                     GDateTime       *when,
                     GError         **error)
{
  g_autoptr(TesseraPlayed) before = NULL;
  g_autoptr(TesseraEvent) end = tessera_event_new_end ();

  g_return_val_if_fail (TESSERA_IS_SESSION (self), FALSE);
  g_return_val_if_fail (when != NULL, FALSE);

  before = note_end (self, when);
  if (!apply_and_store (self, end, error))
    {
      renumber_refusal (self->game, tessera_game_get_n_events (self->game), end, error);
      tessera_game_set_played (self->game, before, NULL);
      return FALSE;
    }
  changed (self);
  return TRUE;
}

/**
 * tessera_session_undo:
 * @error: why the history cannot take the move back
 *
 * Takes back the last move (tessera_game_can_undo() must say there is one).
 *
 * Returns: whether it was taken back from the game and the history; if not, neither changed
 */
gboolean
tessera_session_undo (TesseraSession  *self,
                      GError         **error)
{
  g_return_val_if_fail (TESSERA_IS_SESSION (self), FALSE);
  g_return_val_if_fail (tessera_game_can_undo (self->game), FALSE);

  tessera_game_undo (self->game);
  if (!tessera_store_truncate (self->store, self->game_id, tessera_game_get_n_events (self->game), error))
    {
      tessera_game_redo (self->game);
      return FALSE;
    }
  changed (self);
  return TRUE;
}

/**
 * tessera_session_undo_move:
 * @move: a move just made, that an Undo button offers to take back
 * @error: why it cannot be taken back
 *
 * Takes back @move as tessera_session_undo() does, if it still is the game's last move: the
 * button that offers it may stay up while the table enters the next turn.
 *
 * Returns: whether it was taken back from the game and the history; if not, neither changed
 */
gboolean
tessera_session_undo_move (TesseraSession      *self,
                           const TesseraEvent  *move,
                           GError             **error)
{
  guint n_events;

  g_return_val_if_fail (TESSERA_IS_SESSION (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  n_events = tessera_game_get_n_events (self->game);
  if (n_events == 0 || !tessera_game_can_undo (self->game)
      || !tessera_event_equal (tessera_game_get_event (self->game, n_events - 1), move))
    {
      g_set_error_literal (error, TESSERA_ERROR, TESSERA_ERROR_RULE,
                           _("Other moves were entered after it, or it was taken back already. Undo them first, one at a time."));
      return FALSE;
    }
  return tessera_session_undo (self, error);
}

/**
 * tessera_session_redo:
 * @error: why the history cannot keep the move again
 *
 * Plays again the move last taken back (tessera_game_can_redo() must say there is one).
 *
 * Returns: whether it was played and stored again; if not, neither changed
 */
gboolean
tessera_session_redo (TesseraSession  *self,
                      GError         **error)
{
  g_return_val_if_fail (TESSERA_IS_SESSION (self), FALSE);
  g_return_val_if_fail (tessera_game_can_redo (self->game), FALSE);

  tessera_game_redo (self->game);
  if (!tessera_store_save_event (self->store, self->game_id, self->game, error))
    {
      tessera_game_undo (self->game);
      return FALSE;
    }
  changed (self);
  return TRUE;
}

/**
 * tessera_session_correct:
 * @index: the number of the move to correct
 * @event: what really happened then
 * @error: the rule it, or a move after it, breaks now; or why the history cannot keep it
 *
 * Corrects an earlier move; every move after it is played again on top. The game is replaced
 * (notify::game).
 *
 * Returns: whether the game and the history were corrected; if not, neither changed
 */
gboolean
tessera_session_correct (TesseraSession  *self,
                         guint            index,
                         TesseraEvent    *event,
                         GError         **error)
{
  g_autoptr(TesseraGame) corrected = NULL;

  g_return_val_if_fail (TESSERA_IS_SESSION (self), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);

  /* The store checks the whole corrected game before it writes anything. */
  if (!(corrected = tessera_store_replace_event (self->store, self->game_id, index, event, error)))
    {
      renumber_refusal (self->game, index, event, error);
      return FALSE;
    }
  replace_game (self, corrected);
  return TRUE;
}

/**
 * tessera_session_correct_box:
 * @counts: (array length=n_counts): how many copies of each tile the box on the table holds
 * @n_counts: how many kinds are corrected
 * @error: why the box cannot hold that, or why the history cannot keep it
 *
 * Corrects the game's box, as a move is: in the game and at once in the history.
 *
 * Returns: whether both were corrected; if not, the game is read again from the history
 *   (notify::game)
 */
gboolean
tessera_session_correct_box (TesseraSession         *self,
                             const TesseraBoxCount  *counts,
                             guint                   n_counts,
                             GError                **error)
{
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraRecord) stored = NULL;
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GError) reload_error = NULL;
  gboolean saved = TRUE;
  guint n_set = 0;

  g_return_val_if_fail (TESSERA_IS_SESSION (self), FALSE);
  g_return_val_if_fail (counts != NULL || n_counts == 0, FALSE);

  for (guint i = 0; i < n_counts && saved; i++)
    if ((saved = tessera_game_set_box_count (self->game, counts[i].tile, counts[i].copies, error)))
      n_set++;
  if (saved)
    {
      record = tessera_game_to_record (self->game);
      saved = tessera_store_save_box (self->store, self->game_id, record, error);
    }
  if (saved)
    {
      changed (self);
      return TRUE;
    }
  /* A count refused first changed nothing: the game still is what the history holds. */
  if (n_set == 0 && record == NULL)
    return FALSE;
  /* The game in memory follows the history again: the part already corrected goes. */
  if (!(stored = tessera_store_load_record (self->store, self->game_id, &reload_error))
      || !(game = tessera_game_new_from_record (stored, stored->events->len, &reload_error)))
    {
      g_prefix_error (error, "%s\n\n", reload_error->message);
      /* Shown as it is, half corrected: the history cannot be read. */
      changed (self);
      return FALSE;
    }
  replace_game (self, game);
  return FALSE;
}

static void
tessera_session_dispose (GObject *object)
{
  TesseraSession *self = TESSERA_SESSION (object);

  g_clear_object (&self->game);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (tessera_session_parent_class)->dispose (object);
}

static void
tessera_session_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  TesseraSession *self = TESSERA_SESSION (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;
    case PROP_GAME_ID:
      g_value_set_int64 (value, self->game_id);
      break;
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_PURIST:
      g_value_set_boolean (value, self->purist);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_session_class_init (TesseraSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tessera_session_dispose;
  object_class->get_property = tessera_session_get_property;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL, TESSERA_TYPE_STORE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_GAME_ID] =
    g_param_spec_int64 ("game-id", NULL, NULL, 0, G_MAXINT64, 0,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * TesseraSession:game:
   *
   * The game as the history has it. A correction replaces it; a move changes it in place.
   */
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, TESSERA_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * TesseraSession:purist:
   *
   * Whether the game is played without aids; kept with the game in the history. Set with
   * tessera_session_set_purist(), which says why the history cannot keep it.
   */
  properties[PROP_PURIST] =
    g_param_spec_boolean ("purist", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TesseraSession::changed:
   *
   * The game changed, in the game and in the history alike: a move, an undo or redo, a
   * correction, the box. Emitted once per change; the views show tessera_session_get_game()
   * again.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
tessera_session_init (TesseraSession *self)
{
}
