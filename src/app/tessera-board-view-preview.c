/* tessera-board-view-preview.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-board-view"

#include "config.h"

#include "tessera-board-view-private.h"
#include "tessera-figure-art.h"
#include "tessera-paint.h"
#include "tessera-tile-layout.h"

/* The turn being entered, drawn before Confirm: the board as the engine's preview says the
 * move leaves it (tessera_game_preview()), so that a follower, crown, tower floor or top, the
 * mage or witch stand where they will stand. What the move changes is marked, so that the
 * table sees it at a glance: a ring round each follower, crown and tower it puts down, and a
 * faded figure where one leaves (home from a scoring, the Plague or a crop circle; crossed out
 * when a tower takes it prisoner; the mage's or witch's old place). */

TesseraGame *
_tessera_board_view_shown_game (TesseraBoardView *self)
{
  return self->preview_game != NULL ? self->preview_game : self->game;
}

void
_tessera_board_view_clear_preview (TesseraBoardView *self)
{
  g_clear_object (&self->preview_game);
  g_clear_pointer (&self->preview_pieces, g_array_unref);
  g_clear_pointer (&self->preview_crowns, g_array_unref);
  g_clear_pointer (&self->preview_towers, g_array_unref);
}

static GArray *
copy_array (GArray *array)
{
  GArray *copy = g_array_sized_new (FALSE, FALSE, g_array_get_element_size (array), array->len);

  g_array_append_vals (copy, array->data, array->len);
  return copy;
}

/**
 * tessera_board_view_set_preview:
 * @preview: (nullable): what the turn being entered will do, from tessera_turn_preview(); %NULL
 *   shows the game as it is
 *
 * Draws the board as @preview's move leaves it, the changes marked, until the preview is
 * cleared (set to %NULL) or the game changes.
 */
void
tessera_board_view_set_preview (TesseraBoardView     *self,
                                const TesseraPreview *preview)
{
  g_return_if_fail (TESSERA_IS_BOARD_VIEW (self));
  g_return_if_fail (preview == NULL || TESSERA_IS_GAME (preview->after));

  if (preview == NULL && self->preview_game == NULL)
    return;
  _tessera_board_view_clear_preview (self);
  if (preview != NULL)
    {
      self->preview_game = g_object_ref (preview->after);
      self->preview_pieces = copy_array (preview->pieces);
      self->preview_crowns = copy_array (preview->crowns);
      self->preview_towers = copy_array (preview->towers);
      self->preview_magic_before[0] = preview->magic_before[0];
      self->preview_magic_before[1] = preview->magic_before[1];
    }
  _tessera_board_view_collect_feature_parts (self);
  _tessera_board_view_invalidate_board (self);
}

/**
 * tessera_board_view_get_preview:
 * @n_pieces: (out) (optional): how many followers the move places, sends home or captures
 *
 * What the view draws of the turn being entered, as a test asks it.
 *
 * Returns: (transfer none) (nullable) (array length=n_pieces): the followers the drawn move
 *   changes, or %NULL when no preview is drawn
 */
const TesseraPieceChange *
tessera_board_view_get_preview (TesseraBoardView *self,
                                guint            *n_pieces)
{
  g_return_val_if_fail (TESSERA_IS_BOARD_VIEW (self), NULL);

  if (n_pieces != NULL)
    *n_pieces = self->preview_pieces != NULL ? self->preview_pieces->len : 0;
  if (self->preview_game == NULL)
    return NULL;
  return (const TesseraPieceChange *) self->preview_pieces->data;
}

/**
 * tessera_board_view_get_shown_game:
 *
 * Returns: (transfer none) (nullable): the game the board shows: the game as the turn being
 *   entered leaves it while a preview is drawn, the game itself otherwise
 */
TesseraGame *
tessera_board_view_get_shown_game (TesseraBoardView *self)
{
  g_return_val_if_fail (TESSERA_IS_BOARD_VIEW (self), NULL);
  return _tessera_board_view_shown_game (self);
}

/* The middle of a follower on @segment, in cells. */
static gboolean
piece_point (TesseraBoard *board,
             guint         segment,
             double       *x,
             double       *y)
{
  const TesseraPlacedTile *tile;

  if (segment >= tessera_board_get_n_segments (board) || (tile = tessera_board_segment_tile (board, segment)) == NULL)
    return FALSE;
  tessera_tile_layout_get_segment_point (tile->type, tile->rotation, segment - tile->first_segment, x, y);
  *x += tile->cell.x;
  *y += tile->cell.y;
  return TRUE;
}

/* A cross over what a tower takes prisoner. */
static void
append_cross (GtkSnapshot   *snapshot,
              double         x,
              double         y,
              double         r,
              const GdkRGBA *color)
{
  for (int d = 0; d < 2; d++)
    {
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) x, (float) y));
      gtk_snapshot_rotate (snapshot, d == 0 ? 45.f : -45.f);
      gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT ((float) -r, (float) (-r * 0.14), (float) (2 * r), (float) (r * 0.28)));
      gtk_snapshot_restore (snapshot);
    }
}

/* The ring round what the move puts down: the pending tile's own yellow, on a dark edge that
 * holds on any tile. */
static void
append_new_ring (GtkSnapshot *snapshot,
                 double       x,
                 double       y,
                 double       r)
{
  GdkRGBA line, dark;

  tessera_paint_rgba_init (&line, 1, 0.8, 0.15, 1);
  tessera_paint_rgba_init (&dark, 0.1, 0.08, 0.05, 0.8);
  _tessera_board_view_append_ring (snapshot, x, y, r * 1.08, r * 0.2, NULL, &dark);
  _tessera_board_view_append_ring (snapshot, x, y, r, r * 0.14, NULL, &line);
}

/* A follower where it stood before the move: faded, on a dashed-looking thin ring. */
static void
append_leaving_piece (TesseraBoardView         *self,
                      GtkSnapshot              *snapshot,
                      double                    unit,
                      TesseraGame              *game,
                      const TesseraPieceChange *change,
                      double                    x,
                      double                    y,
                      const char              **marks)
{
  GdkRGBA rgba, line;
  double r = FOLLOWER_SIZE * 0.75;

  tessera_figure_art_player_rgba (tessera_game_get_player_color (game, change->piece.player), &rgba);
  gtk_snapshot_push_opacity (snapshot, 0.45);
  _tessera_board_view_append_piece (self, snapshot, unit, x, y, FOLLOWER_SIZE, &rgba, change->piece.kind,
                                    marks != NULL ? marks[change->piece.player] : NULL);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_scale (snapshot, (float) unit, (float) unit);
  if (change->fate == TESSERA_PIECE_CAPTURED)
    {
      GdkRGBA red;

      tessera_paint_rgba_init (&red, 0.85, 0.12, 0.1, 0.95);
      append_cross (snapshot, x, y, r * 0.9, &red);
    }
  else
    {
      tessera_paint_rgba_init (&line, 1, 1, 1, 0.85);
      _tessera_board_view_append_ring (snapshot, x, y, r, r * 0.08, NULL, &line);
    }
  gtk_snapshot_restore (snapshot);
}

/* Called at the end of the board node, which is in texture pixels (@unit a cell). */
void
_tessera_board_view_append_preview (TesseraBoardView *self,
                                    GtkSnapshot      *snapshot,
                                    double            unit,
                                    const char      **marks)
{
  TesseraGame *game = self->preview_game;
  TesseraBoard *board = tessera_game_get_board (game);
  const TesseraWheelBoard *wheel = tessera_game_get_wheel (game);
  int ox = 0, oy = 0;   /* the wheel board's first square */
  double x, y;

  /* What leaves the board first, under the rings of what arrives. */
  for (guint i = 0; i < self->preview_pieces->len; i++)
    {
      const TesseraPieceChange *change = &g_array_index (self->preview_pieces, TesseraPieceChange, i);

      if (change->fate != TESSERA_PIECE_PLACED && piece_point (board, change->piece.segment, &x, &y))
        append_leaving_piece (self, snapshot, unit, game, change, x, y, marks);
    }
  for (guint f = 0; f < 2; f++)
    {
      int before = self->preview_magic_before[f];
      int after = tessera_game_get_magic_segment (game, (TesseraMagicFigure) f);
      const TesseraPlacedTile *tile;
      cairo_t *cr;

      if (before < 0 || before == after || !piece_point (board, (guint) before, &x, &y))
        continue;
      tile = tessera_board_segment_tile (board, (guint) before);
      x += x - tile->cell.x < 0.5 ? 0.17 : -0.17;
      gtk_snapshot_push_opacity (snapshot, 0.4);
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT ((float) ((x - 0.2) * unit), (float) ((y - 0.2) * unit),
                                                                     (float) (0.4 * unit), (float) (0.4 * unit)));
      cairo_scale (cr, unit, unit);
      tessera_figure_art_draw_figure (cr, x, y, 0.3, (TesseraMagicFigure) f);
      cairo_destroy (cr);
      gtk_snapshot_pop (snapshot);
    }

  gtk_snapshot_save (snapshot);
  gtk_snapshot_scale (snapshot, (float) unit, (float) unit);
  for (guint i = 0; i < self->preview_pieces->len; i++)
    {
      const TesseraPieceChange *change = &g_array_index (self->preview_pieces, TesseraPieceChange, i);

      if (change->fate == TESSERA_PIECE_PLACED && piece_point (board, change->piece.segment, &x, &y))
        append_new_ring (snapshot, x, y, FOLLOWER_SIZE * 0.8);
    }
  for (guint i = 0; i < self->preview_towers->len; i++)
    {
      const TesseraTowerChange *change = &g_array_index (self->preview_towers, TesseraTowerChange, i);
      const TesseraPlacedTile *tile = tessera_board_lookup (board, change->after.at);
      double tx = 0.5, ty = 0.5;

      if (tile == NULL)
        continue;
      tessera_tile_layout_get_tower_point (tile->type, tile->rotation, &tx, &ty);
      append_new_ring (snapshot, change->after.at.x + tx, change->after.at.y + ty, 0.3);
    }
  for (guint f = 0; f < 2; f++)
    {
      int after = tessera_game_get_magic_segment (game, (TesseraMagicFigure) f);
      const TesseraPlacedTile *tile;

      if (after < 0 || after == self->preview_magic_before[f] || !piece_point (board, (guint) after, &x, &y))
        continue;
      tile = tessera_board_segment_tile (board, (guint) after);
      x += x - tile->cell.x < 0.5 ? 0.17 : -0.17;
      append_new_ring (snapshot, x, y, 0.2);
    }
  if (wheel != NULL)
    {
      _tessera_board_view_wheel_origin (board, wheel, &ox, &oy);
      for (guint i = 0; i < self->preview_crowns->len; i++)
        {
          const TesseraCrownChange *change = &g_array_index (self->preview_crowns, TesseraCrownChange, i);

          tessera_tile_layout_get_crown_point (wheel, change->segment, change->space, &x, &y);
          if (change->after >= 0)
            append_new_ring (snapshot, ox + x, oy + y - 0.06, FOLLOWER_SIZE * 0.92);
        }
    }
  gtk_snapshot_restore (snapshot);

  /* A crown space the move empties (its follower home, or on to another space). */
  for (guint i = 0; wheel != NULL && i < self->preview_crowns->len; i++)
    {
      const TesseraCrownChange *change = &g_array_index (self->preview_crowns, TesseraCrownChange, i);
      TesseraPieceChange leaving = { { (guint) MAX (change->before, 0), 0, TESSERA_FEATURE_CITY, { 0, 0 } },
                                     TESSERA_PIECE_RETURNED, -1 };

      if (change->before < 0 || change->after >= 0)
        continue;
      tessera_tile_layout_get_crown_point (wheel, change->segment, change->space, &x, &y);
      append_leaving_piece (self, snapshot, unit, game, &leaving, ox + x, oy + y - 0.06, marks);
    }
}
