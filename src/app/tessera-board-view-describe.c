/* tessera-board-view-describe.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-board-view"

#include "config.h"

#include "tessera-board-view-private.h"

#include <glib/gi18n.h>

#include "tessera-names.h"
#include "tessera-tile-layout.h"

/* The board in words, for a screen reader: what a tile shows, turned as it lies, and what
 * stands on it and whose it is. The keyboard cursor's cell is said this way (see
 * update_accessible in tessera-board-view.c). */

/* "north", "north and east", "north, east and south": the sides a city or road reaches. */
static char *
describe_sides (guint8 sides)
{
  const char *names[TESSERA_N_SIDES];
  guint n = 0;

  for (guint side = 0; side < TESSERA_N_SIDES; side++)
    if (sides & (1u << side))
      names[n++] = tessera_side_phrase (side);
  switch (n)
    {
    case 0:
      return g_strdup ("");
    case 1:
      return g_strdup (names[0]);
    case 2:
      /* Translators: the two sides of a tile a road or city reaches: "east and west" */
      return g_strdup_printf (_("%1$s and %2$s"), names[0], names[1]);
    case 3:
      /* Translators: the three sides of a tile a city reaches: "north, east and west" */
      return g_strdup_printf (_("%1$s, %2$s and %3$s"), names[0], names[1], names[2]);
    default:
      return g_strdup (_("on all four sides"));
    }
}

/**
 * _tessera_board_view_describe_segment:
 * @type: a tile type
 * @rotation: how it lies, in quarter turns
 * @segment: a segment of @type
 *
 * Returns: (transfer full): the segment as it lies: "city north and east with a pennant",
 *   "road east and west", "cloister", "field south-west"
 */
char *
_tessera_board_view_describe_segment (const TesseraTileType *type,
                                      guint                  rotation,
                                      guint                  segment)
{
  const TesseraSegment *part;
  g_autofree char *sides = NULL;
  const char *direction;
  double x, y;

  g_return_val_if_fail (segment < type->n_segments, NULL);

  part = &type->segments[segment];
  switch (part->kind)
    {
    case TESSERA_FEATURE_CITY:
      sides = describe_sides (tessera_rotate_sides (part->sides, rotation));
      if (part->pennants > 0)
        /* Translators: a city on a tile, the sides it reaches and its pennants (coats of arms) */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "city %s with %u pennant", "city %s with %u pennants",
                                             part->pennants),
                                sides, (guint) part->pennants);
      /* Translators: a city on a tile and the sides it reaches: "city north and east" */
      return g_strdup_printf (_("city %s"), sides);
    case TESSERA_FEATURE_ROAD:
      sides = describe_sides (tessera_rotate_sides (part->sides, rotation));
      /* Translators: a road on a tile and the sides it reaches: "road east and west" */
      return g_strdup_printf (_("road %s"), sides);
    case TESSERA_FEATURE_CLOISTER:
      return g_strdup (_("cloister"));
    case TESSERA_FEATURE_FIELD:
    case TESSERA_N_FEATURE_KINDS:
    default:
      tessera_tile_layout_get_segment_point (type, rotation, segment, &x, &y);
      direction = tessera_direction_phrase (x, y);
      if (direction == NULL)
        return g_strdup (_("field"));
      /* Translators: a field on a tile and where on the tile: "field south-west" */
      return g_strdup_printf (_("field %s"), direction);
    }
}

/**
 * tessera_board_view_describe_tile:
 * @type: a tile type
 * @rotation: how it lies, in quarter turns
 *
 * Returns: (transfer full): what the tile shows as it lies, fields left out: "city north, road
 *   east and west", "cloister, road south"
 */
char *
tessera_board_view_describe_tile (const TesseraTileType *type,
                                  guint                  rotation)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < type->n_segments; i++)
    if (type->segments[i].kind != TESSERA_FEATURE_FIELD)
      g_ptr_array_add (parts, _tessera_board_view_describe_segment (type, rotation, i));
  /* Every tile has fields; said only when there is nothing else. */
  if (parts->len == 0)
    g_ptr_array_add (parts, g_strdup (_("only fields")));
  if (type->tower)
    g_ptr_array_add (parts, g_strdup (_("tower foundation")));
  if (type->magic)
    g_ptr_array_add (parts, g_strdup (_("magic symbol")));
  if (type->crop != TESSERA_CROP_NONE)
    g_ptr_array_add (parts, g_strdup (_("crop circle")));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (", ", (char **) parts->pdata);
}

/* The wheel board is one thing on many cells: the pig, and who stands on the crowns. */
static void
describe_wheel (TesseraBoardView *self,
                GPtrArray        *sentences)
{
  const TesseraWheelBoard *wheel = _tessera_board_view_get_wheel (self);
  const char * const *names = tessera_game_get_player_names (self->game);
  guint pig = self->pig_preview >= 0 ? (guint) self->pig_preview : tessera_game_get_pig (self->game);

  /* Translators: the wheel board under the keyboard cursor; %s is a segment of the wheel, e.g. Taxes */
  g_ptr_array_add (sentences, g_strdup_printf (_("The Wheel of Fortune, the pig on %s."),
                                               tessera_wheel_segment_phrase (wheel->segments[pig].name)));
  for (guint s = 0; s < wheel->n_segments; s++)
    for (guint c = 0; c < wheel->segments[s].n_crowns; c++)
      {
        int player = tessera_game_get_crown_occupant (self->game, s, c);
        const char *phrase = tessera_wheel_segment_phrase (wheel->segments[s].name);

        if (player < 0)
          continue;
        if (wheel->segments[s].n_crowns > 1)
          /* Translators: a follower on a crown space of the wheel: "Anna’s follower on crown 1 of Taxes." */
          g_ptr_array_add (sentences, g_strdup_printf (_("%1$s’s follower on crown %2$u of %3$s."), names[player], c + 1, phrase));
        else
          /* Translators: a follower on the crown space of a segment: "Anna’s follower on the crown of Fortuna." */
          g_ptr_array_add (sentences, g_strdup_printf (_("%1$s’s follower on the crown of %2$s."), names[player], phrase));
      }
}

/* A tile as it lies, its tower and who and what stands on it, a sentence each. */
static void
describe_tile_at (TesseraBoardView        *self,
                  const TesseraPlacedTile *tile,
                  GPtrArray               *sentences)
{
  const char * const *names = tessera_game_get_player_names (self->game);
  g_autofree char *shows = tessera_board_view_describe_tile (tile->type, tile->rotation);
  const TesseraPiece *pieces;
  guint n_pieces;

  /* Translators: a tile on the board under the keyboard cursor: "Tile D at 2, -1: city north, road east and west." */
  g_ptr_array_add (sentences, g_strdup_printf (_("Tile %1$s at %2$d, %3$d: %4$s."), tile->type->id,
                                               tile->cell.x, tile->cell.y, shows));

  if (tessera_game_has_tower (self->game))
    {
      GArray *towers = tessera_game_get_towers (self->game);

      for (guint i = 0; towers != NULL && i < towers->len; i++)
        {
          const TesseraTower *tower = &g_array_index (towers, TesseraTower, i);

          if (tower->height == 0 || !_tessera_board_view_cell_equal (tower->at, tile->cell))
            continue;
          if (tower->top >= 0)
            /* Translators: a tower on a tile, its height and who closed it with a follower */
            g_ptr_array_add (sentences, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "A tower %1$u piece high, closed by %2$s.",
                                                                      "A tower %1$u pieces high, closed by %2$s.", tower->height),
                                                         tower->height, names[tower->top]));
          else
            g_ptr_array_add (sentences, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "A tower %u piece high.",
                                                                      "A tower %u pieces high.", tower->height),
                                                         tower->height));
        }
    }

  pieces = tessera_game_get_pieces (self->game, &n_pieces);
  for (guint i = 0; i < n_pieces; i++)
    {
      g_autofree char *where = NULL;

      if (pieces[i].segment < tile->first_segment || pieces[i].segment >= tile->first_segment + tile->type->n_segments)
        continue;
      where = _tessera_board_view_describe_segment (tile->type, tile->rotation, pieces[i].segment - tile->first_segment);
      /* Translators: a follower on a tile: player, role (knight, thief, monk, farmer) and where: "Anna’s knight on the city north." */
      g_ptr_array_add (sentences, g_strdup_printf (_("%1$s’s %2$s on the %3$s."), names[pieces[i].player],
                                                   tessera_feature_kind_role (pieces[i].kind), where));
    }

  for (guint f = 0; tessera_game_has_magic (self->game) && f < 2; f++)
    {
      int segment = tessera_game_get_magic_segment (self->game, (TesseraMagicFigure) f);
      g_autofree char *where = NULL;

      if (segment < (int) tile->first_segment || segment >= (int) (tile->first_segment + tile->type->n_segments))
        continue;
      where = _tessera_board_view_describe_segment (tile->type, tile->rotation, (guint) segment - tile->first_segment);
      if (f == TESSERA_MAGIC_MAGE)
        /* Translators: the mage on a tile under the keyboard cursor: "The mage on the road east and west." */
        g_ptr_array_add (sentences, g_strdup_printf (_("The mage on the %s."), where));
      else
        g_ptr_array_add (sentences, g_strdup_printf (_("The witch on the %s."), where));
    }
}

/**
 * _tessera_board_view_describe_cell:
 * @cell: a cell of the board
 *
 * Returns: (transfer full) (nullable): the tile at @cell and what stands on it, for a screen
 *   reader: "Tile D at 2, -1: city north, road east and west. Anna’s knight on the city
 *   north.", or %NULL when there is no tile
 */
char *
_tessera_board_view_describe_cell (TesseraBoardView *self,
                                   TesseraCell       cell)
{
  TesseraBoard *board = _tessera_board_view_get_board (self);
  const TesseraPlacedTile *tile = board != NULL ? tessera_board_lookup (board, cell) : NULL;
  g_autoptr(GPtrArray) sentences = NULL;

  if (tile == NULL)
    return NULL;
  sentences = g_ptr_array_new_with_free_func (g_free);
  if (tile->type->board_square && _tessera_board_view_get_wheel (self) != NULL)
    describe_wheel (self, sentences);
  else
    describe_tile_at (self, tile, sentences);
  g_ptr_array_add (sentences, NULL);
  return g_strjoinv (" ", (char **) sentences->pdata);
}
