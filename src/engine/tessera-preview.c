/* tessera-preview.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-preview"

#include "config.h"

#include <string.h>

#include "tessera-game-private.h"
#include "tessera-preview.h"

void
tessera_preview_init (TesseraPreview *preview)
{
  memset (preview, 0, sizeof *preview);
  preview->scores = g_array_new (FALSE, FALSE, sizeof (TesseraScoreEvent));
  preview->pieces = g_array_new (FALSE, FALSE, sizeof (TesseraPieceChange));
  preview->crowns = g_array_new (FALSE, FALSE, sizeof (TesseraCrownChange));
  preview->towers = g_array_new (FALSE, FALSE, sizeof (TesseraTowerChange));
}

void
tessera_preview_clear (TesseraPreview *preview)
{
  g_clear_object (&preview->after);
  g_clear_pointer (&preview->scores, g_array_unref);
  g_clear_pointer (&preview->pieces, g_array_unref);
  g_clear_pointer (&preview->crowns, g_array_unref);
  g_clear_pointer (&preview->towers, g_array_unref);
}

static gboolean
same_piece (const TesseraPiece *a,
            const TesseraPiece *b)
{
  return a->player == b->player && a->segment == b->segment;
}

/* The pieces of @from not matched in @to, each match used once (a feature may hold two
 * followers of one player on one segment only in theory, but a multiset costs nothing). */
static void
unmatched_pieces (const TesseraGame *from,
                  const TesseraGame *to,
                  GArray            *out)
{
  g_autofree gboolean *used = g_new0 (gboolean, MAX (to->n_pieces, 1));

  for (guint i = 0; i < from->n_pieces; i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; j < to->n_pieces && !found; j++)
        if (!used[j] && same_piece (&from->pieces[i], &to->pieces[j]))
          found = used[j] = TRUE;
      if (!found)
        g_array_append_val (out, from->pieces[i]);
    }
}

static const TesseraTower *
find_tower_in (const GArray *towers,
               TesseraCell   at)
{
  for (guint i = 0; i < towers->len; i++)
    {
      const TesseraTower *tower = &g_array_index (towers, TesseraTower, i);

      if (tower->at.x == at.x && tower->at.y == at.y)
        return tower;
    }
  return NULL;
}

/**
 * tessera_preview_diff:
 * @before: a game
 * @after: the same game after one or more events
 *
 * Fills @preview (made with tessera_preview_init) with what changed from @before to @after.
 */
void
tessera_preview_diff (TesseraPreview *preview,
                      TesseraGame    *before,
                      TesseraGame    *after)
{
  g_autoptr(GArray) gone = g_array_new (FALSE, FALSE, sizeof (TesseraPiece));
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (TesseraPiece));
  guint captured[TESSERA_MAX_PLAYERS][TESSERA_MAX_PLAYERS] = { { 0 } };

  g_return_if_fail (before->n_players == after->n_players);

  g_array_set_size (preview->scores, 0);
  g_array_set_size (preview->pieces, 0);
  g_array_set_size (preview->crowns, 0);
  g_array_set_size (preview->towers, 0);
  if (after->n_score_events > before->n_score_events)
    g_array_append_vals (preview->scores, after->score_events + before->n_score_events,
                         after->n_score_events - before->n_score_events);
  for (guint p = 0; p < TESSERA_MAX_PLAYERS; p++)
    preview->points[p] = p < before->n_players ? tessera_game_get_score (after, p) - tessera_game_get_score (before, p) : 0;

  /* Followers: those no longer on the board went home or to a tower's captor. */
  unmatched_pieces (before, after, gone);
  unmatched_pieces (after, before, placed);
  for (guint captor = 0; captor < before->n_players; captor++)
    for (guint owner = 0; owner < before->n_players; owner++)
      if (after->prisoners[captor][owner] > before->prisoners[captor][owner])
        captured[captor][owner] = after->prisoners[captor][owner] - before->prisoners[captor][owner];
  for (guint i = 0; i < gone->len; i++)
    {
      TesseraPieceChange change = { g_array_index (gone, TesseraPiece, i), TESSERA_PIECE_RETURNED, -1 };

      for (guint captor = 0; captor < before->n_players && change.captor < 0; captor++)
        if (captured[captor][change.piece.player] > 0)
          {
            captured[captor][change.piece.player]--;
            change.fate = TESSERA_PIECE_CAPTURED;
            change.captor = (int) captor;
          }
      g_array_append_val (preview->pieces, change);
    }
  for (guint i = 0; i < placed->len; i++)
    {
      TesseraPieceChange change = { g_array_index (placed, TesseraPiece, i), TESSERA_PIECE_PLACED, -1 };

      g_array_append_val (preview->pieces, change);
    }

  for (guint s = 0; before->wheel != NULL && s < before->wheel->n_segments; s++)
    for (guint k = 0; k < before->wheel->segments[s].n_crowns; k++)
      if (before->crowns[s][k] != after->crowns[s][k])
        {
          TesseraCrownChange change = { s, k, before->crowns[s][k], after->crowns[s][k] };

          g_array_append_val (preview->crowns, change);
        }

  for (guint i = 0; after->tower && i < after->towers->len; i++)
    {
      const TesseraTower *now = &g_array_index (after->towers, TesseraTower, i);
      const TesseraTower *was = find_tower_in (before->towers, now->at);
      TesseraTowerChange change = { { now->at, 0, -1 }, *now };

      if (was != NULL)
        change.before = *was;
      if (change.before.height != now->height || change.before.top != now->top)
        g_array_append_val (preview->towers, change);
    }

  preview->pig_before = before->pig;
  preview->pig_after = after->pig;
  memcpy (preview->magic_before, before->magic, sizeof preview->magic_before);
  memcpy (preview->magic_after, after->magic, sizeof preview->magic_after);
  preview->finishes = after->finished && !before->finished;
}

/**
 * tessera_game_preview:
 * @event: a move for the game as it stands
 * @preview: (out caller-allocates): made with tessera_preview_init(); what the move would do
 * @error: why the move is refused
 *
 * Applies @event to a copy of the game and says what it did. The game does not change.
 *
 * Returns: whether the move is legal
 */
gboolean
tessera_game_preview (TesseraGame     *self,
                      TesseraEvent    *event,
                      TesseraPreview  *preview,
                      GError         **error)
{
  g_autoptr(TesseraGame) copy = NULL;
  g_autofree gboolean *matched = NULL;
  guint n_changes;

  g_return_val_if_fail (TESSERA_IS_GAME (self), FALSE);

  copy = tessera_game_copy (self);
  copy->departures = g_array_new (FALSE, FALSE, sizeof (TesseraPiece));
  if (!tessera_game_apply (copy, event, error))
    return FALSE;
  tessera_preview_diff (preview, self, copy);

  /* A follower that came and went in this move: placed, then sent home by the scoring. Every
   * departure not already told as one of the game's own pieces going is one of those. */
  n_changes = preview->pieces->len;
  matched = g_new0 (gboolean, MAX (n_changes, 1));
  for (guint i = 0; i < copy->departures->len; i++)
    {
      const TesseraPiece *gone = &g_array_index (copy->departures, TesseraPiece, i);
      gboolean found = FALSE;

      for (guint c = 0; c < n_changes && !found; c++)
        {
          const TesseraPieceChange *change = &g_array_index (preview->pieces, TesseraPieceChange, c);

          if (!matched[c] && change->fate != TESSERA_PIECE_PLACED && same_piece (&change->piece, gone))
            found = matched[c] = TRUE;
        }
      if (!found)
        {
          TesseraPieceChange change = { *gone, TESSERA_PIECE_RETURNED, -1 };

          g_array_append_val (preview->pieces, change);
        }
    }
  g_clear_pointer (&copy->departures, g_array_unref);
  g_set_object (&preview->after, copy);
  return TRUE;
}
