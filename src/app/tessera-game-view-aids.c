/* tessera-game-view-aids.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-game-view"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-fits-popover.h"
#include "tessera-game-view-private.h"
#include "tessera-scoreboard.h"

/* The table aids: what fits in the hole clicked or under the keyboard's cursor, the holes nothing can fill any more, each
 * player's score if the game ended now and the copies left of each tile. A table that plays
 * without aids (purist) sees none of them; legality checks and scoring stay. The odds of a
 * feature are in the explanation of that feature (tessera-game-view-dispute.c). */

/* The keyboard's cursor walking across the board must not flash a popover at every hole it
 * passes. */
#define FITS_DELAY_MS 350

void
_tessera_game_view_hide_fits (TesseraGameView *self)
{
  g_clear_handle_id (&self->fits_timeout_id, g_source_remove);
  if (self->fits_popover != NULL)
    gtk_popover_popdown (self->fits_popover);
}

static gboolean
show_fits_cb (gpointer user_data)
{
  TesseraGameView *self = user_data;
  TesseraCell cell;
  GdkRectangle bounds;

  self->fits_timeout_id = 0;
  if (self->game == NULL || self->aids_hidden
      || !tessera_board_view_get_inspected_cell (self->board_view, &cell)
      || !tessera_board_view_get_cell_bounds (self->board_view, cell, &bounds))
    return G_SOURCE_REMOVE;
  /* Settling a dispute is what the table asked for: it is not covered. */
  if (self->dispute != NULL && gtk_widget_get_visible (GTK_WIDGET (self->dispute)))
    return G_SOURCE_REMOVE;
  if (self->fits_popover == NULL)
    {
      self->fits_popover = GTK_POPOVER (tessera_fits_popover_new ());
      gtk_widget_set_parent (GTK_WIDGET (self->fits_popover), GTK_WIDGET (self->board_view));
    }
  tessera_fits_popover_show_cell (TESSERA_FITS_POPOVER (self->fits_popover), self->game, cell);
  tessera_fits_popover_point_at (TESSERA_FITS_POPOVER (self->fits_popover), GTK_WIDGET (self->board_view), &bounds);
  gtk_popover_popup (self->fits_popover);
  return G_SOURCE_REMOVE;
}

/* The empty cell pointed at or under the cursor changed: what fits there follows it. */
void
_tessera_game_view_inspected_cell_changed_cb (TesseraGameView *self)
{
  _tessera_game_view_hide_fits (self);
  if (self->aids_hidden || !tessera_board_view_get_inspected_cell (self->board_view, NULL))
    return;
  self->fits_timeout_id = g_timeout_add (FITS_DELAY_MS, show_fits_cb, self);
}

/* Shows or hides every aid for the game as it is now; after each change to it. */
void
_tessera_game_view_apply_aids (TesseraGameView *self)
{
  gboolean show = !self->aids_hidden;
  TesseraGame *game;
  guint n_players;

  tessera_board_view_set_show_aids (self->board_view, show);
  tessera_tile_palette_set_show_counts (self->palette, show);
  if (!show)
    {
      _tessera_game_view_hide_fits (self);
      if (self->tiles_left != NULL)
        gtk_window_destroy (self->tiles_left);
    }
  else if (self->fits_popover != NULL && gtk_widget_get_visible (GTK_WIDGET (self->fits_popover)))
    /* The game changed under an open popover: it says what fits now. */
    _tessera_game_view_inspected_cell_changed_cb (self);

  /* The scores shown: while a move is corrected, those before it. */
  game = self->game != NULL ? _tessera_game_view_get_shown_game (self) : NULL;
  n_players = game != NULL ? tessera_game_get_n_players (game) : 0;
  if (show && n_players > 0 && !tessera_game_is_finished (game))
    {
      g_autofree TesseraProjection *projections = g_new0 (TesseraProjection, n_players);
      g_autoptr(GError) error = NULL;

      if (tessera_game_project_scores (game, projections, &error))
        tessera_scoreboard_set_projections (self->scoreboard, projections, n_players);
      else
        {
          /* A game the engine replayed can always be ended; say so if it ever cannot. */
          g_warning ("Cannot project the final scores: %s", error->message);
          tessera_scoreboard_set_projections (self->scoreboard, NULL, 0);
        }
    }
  else
    tessera_scoreboard_set_projections (self->scoreboard, NULL, 0);
}

/**
 * tessera_game_view_get_purist:
 *
 * Returns: whether the game shown is played without aids
 */
gboolean
tessera_game_view_get_purist (TesseraGameView *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_VIEW (self), FALSE);

  return self->aids_hidden;
}

/**
 * tessera_game_view_set_purist:
 * @purist: whether the table plays without aids
 * @error: where to say why the history cannot keep it
 *
 * Hides or shows the aids for the game shown, and keeps the choice with it in the history.
 *
 * Returns: whether the history kept it; the aids are unchanged if not
 */
gboolean
tessera_game_view_set_purist (TesseraGameView  *self,
                              gboolean          purist,
                              GError          **error)
{
  g_return_val_if_fail (TESSERA_IS_GAME_VIEW (self), FALSE);

  purist = !!purist;
  if (purist == self->aids_hidden)
    return TRUE;
  /* The session keeps it, and tells the view (notify::purist) as it tells every view. */
  if (self->session != NULL)
    return tessera_session_set_purist (self->session, purist, error);
  _tessera_game_view_show_purist (self, purist);
  return TRUE;
}

/* Shows the game with or without the aids. */
void
_tessera_game_view_show_purist (TesseraGameView *self,
                                gboolean         purist)
{
  self->aids_hidden = purist;
  if (self->game != NULL)
    _tessera_game_view_update_title (self);
  _tessera_game_view_apply_aids (self);
  _tessera_game_view_update_actions (self);
  g_object_notify (G_OBJECT (self), "purist");
}

/**
 * tessera_game_view_get_fits_popover:
 *
 * Returns: (transfer none) (nullable): the popover that says what fits in a hole, once shown
 */
GtkPopover *
tessera_game_view_get_fits_popover (TesseraGameView *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_VIEW (self), NULL);

  return self->fits_popover;
}
