/* tessera-cli-moves.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-engine.h"

#include "tessera-cli-command.h"
#include "tessera-cli-common.h"

/* Where a capture would take a follower from: its tile and spot. */
static void
describe_capture (TesseraGame *game,
                  guint        piece_index,
                  TesseraCell *at,
                  char         spot[TESSERA_SPOT_NAME_SIZE],
                  guint       *owner)
{
  guint n_pieces;
  const TesseraPiece *piece = &tessera_game_get_pieces (game, &n_pieces)[piece_index];
  const TesseraPlacedTile *tile = tessera_board_segment_tile (tessera_game_get_board (game), piece->segment);

  *at = tile->cell;
  *owner = piece->player;
  tessera_spot_name (tile->type, tile->rotation, piece->segment - tile->first_segment, spot);
}

/* The roads and cities a figure may go to on the board as it is: the tile about to be placed
 * adds its own and may complete some. */
/* Where @figure could go in the turn that puts @type at @placement. */
static GArray *
list_magic_targets (TesseraGame            *game,
                    const TesseraTileType  *type,
                    const TesseraPlacement *placement,
                    TesseraMagicFigure      figure)
{
  GArray *targets = g_array_new (FALSE, FALSE, sizeof (TesseraPieceRef));

  tessera_game_list_magic_targets (game, type, placement->cell, placement->rotation, figure, targets);
  return targets;
}

/* {"mage": [{"at", "spot"}...], "witch": [...]}: where each figure could go after @placement. */
static void
add_magic_targets_json (JsonBuilder            *builder,
                        TesseraGame            *game,
                        const TesseraTileType  *type,
                        const TesseraPlacement *placement)
{
  json_builder_begin_object (builder);
  for (guint f = 0; f < 2; f++)
    {
      g_autoptr(GArray) targets = list_magic_targets (game, type, placement, f);

      json_builder_set_member_name (builder, f == TESSERA_MAGIC_MAGE ? "mage" : "witch");
      json_builder_begin_array (builder);
      for (guint k = 0; k < targets->len; k++)
        {
          const TesseraPieceRef *target = &g_array_index (targets, TesseraPieceRef, k);

          tessera_cli_add_place_json (builder, target->at, target->spot);
        }
      json_builder_end_array (builder);
    }
  json_builder_end_object (builder);
}

/* Under a placement of a magic tile: where the mage and the witch could then go. */
static void
print_magic_targets (TesseraGame            *game,
                     const TesseraTileType  *type,
                     const TesseraPlacement *placement)
{
  for (guint f = 0; f < 2; f++)
    {
      g_autoptr(GArray) targets = list_magic_targets (game, type, placement, f);
      g_autoptr(GString) list = g_string_new (NULL);

      if (targets->len == 0)
        {
          g_print ("%s\n", f == TESSERA_MAGIC_MAGE ? _("      no road or city could then take the mage")
                                                   : _("      no road or city could then take the witch"));
          continue;
        }
      for (guint k = 0; k < targets->len; k++)
        {
          const TesseraPieceRef *target = &g_array_index (targets, TesseraPieceRef, k);

          g_string_append_printf (list, "%s[%d, %d] %s", k > 0 ? ", " : "", target->at.x, target->at.y, target->spot);
        }
      /* TRANSLATORS: "      the mage could then go to [2, 0] N, [3, 1] E" */
      g_print (f == TESSERA_MAGIC_MAGE ? _("      the mage could then go to %s\n")
                                       : _("      the witch could then go to %s\n"), list->str);
    }
}

static guint
tower_height_at (TesseraGame *game,
                 TesseraCell  cell)
{
  GArray *towers = tessera_game_get_towers (game);

  for (guint i = 0; i < towers->len; i++)
    {
      const TesseraTower *tower = &g_array_index (towers, TesseraTower, i);

      if (tower->at.x == cell.x && tower->at.y == cell.y)
        return tower->height;
    }
  return 0;
}

/* The crown spaces free when a follower may go there instead of on @entry's tile: a wheel
 * tile first empties the crown spaces of the segment the pig lands on. */
static GPtrArray *
list_free_crowns (TesseraGame           *game,
                  const TesseraBoxEntry *entry)
{
  const TesseraWheelBoard *wheel = tessera_game_get_wheel (game);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  guint landing = G_MAXUINT;

  if (wheel != NULL && entry->wheel > 0)
    landing = (tessera_game_get_pig (game) + entry->wheel) % wheel->n_segments;
  for (guint s = 0; wheel != NULL && s < wheel->n_segments; s++)
    for (guint c = 0; c < wheel->segments[s].n_crowns; c++)
      if (s == landing || tessera_game_get_crown_occupant (game, s, c) < 0)
        {
          char name[TESSERA_CROWN_NAME_SIZE];
          g_ptr_array_add (names, g_strdup (tessera_wheel_crown_name (wheel, s, c, name)));
        }
  return names;
}

/* moves [--json] FILE TILE: every legal placement of TILE on the board as the record leaves it,
 * with its free follower spots, and what else the turn could do: crown spaces, towers, the mage
 * and the witch. */
int
tessera_cli_command_moves (const TesseraCliOptions *options)
{
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GArray) placements = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));
  g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GPtrArray) free_crowns = NULL;
  g_autoptr(GArray) tower_targets = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
  g_autoptr(GArray) captures = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  const TesseraBoxEntry *entry;
  const TesseraTileType *type;
  gboolean magic_tile;
  guint left = 0;
  GArray *supply;
  int code = tessera_cli_load_game (options, G_MAXUINT, NULL, &game);

  if (code != EXIT_OK)
    return code;
  entry = tessera_game_lookup_tile (game, options->tile, &error);
  if (entry == NULL)
    return tessera_cli_fail (EXIT_RULE, "%s", error->message);
  type = entry->type;
  supply = tessera_game_get_supply (game);
  for (guint i = 0; i < supply->len; i++)
    if (g_array_index (supply, TesseraSupplyEntry, i).entry == entry)
      left = g_array_index (supply, TesseraSupplyEntry, i).left;

  tessera_board_list_placements (tessera_game_get_board (game), type, placements);
  magic_tile = tessera_game_has_magic (game) && type->magic;
  free_crowns = list_free_crowns (game, entry);
  tessera_game_list_tower_targets (game, tower_targets);

  if (options->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "tile");
      json_builder_add_string_value (builder, entry->id);
      json_builder_set_member_name (builder, "left");
      json_builder_add_int_value (builder, left);
      json_builder_set_member_name (builder, "fits_nowhere");
      json_builder_add_boolean_value (builder, placements->len == 0);
      json_builder_set_member_name (builder, "crowns");
      json_builder_begin_array (builder);
      for (guint i = 0; i < free_crowns->len; i++)
        json_builder_add_string_value (builder, g_ptr_array_index (free_crowns, i));
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "towers");
      json_builder_begin_array (builder);
      for (guint i = 0; i < tower_targets->len; i++)
        {
          TesseraCell cell = g_array_index (tower_targets, TesseraCell, i);
          guint height = tower_height_at (game, cell) + 1;

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "at");
          json_builder_add_value (builder, tessera_cli_cell_json (cell));
          json_builder_set_member_name (builder, "height_after");
          json_builder_add_int_value (builder, height);
          json_builder_set_member_name (builder, "captures");
          json_builder_begin_array (builder);
          g_array_set_size (captures, 0);
          tessera_game_list_captures (game, tessera_game_get_current_player (game), cell, height, captures, NULL);
          for (guint k = 0; k < captures->len; k++)
            {
              char spot[TESSERA_SPOT_NAME_SIZE];
              TesseraCell at;
              guint owner;

              describe_capture (game, g_array_index (captures, guint, k), &at, spot, &owner);
              json_builder_begin_object (builder);
              json_builder_set_member_name (builder, "player");
              json_builder_add_int_value (builder, owner);
              json_builder_set_member_name (builder, "at");
              json_builder_add_value (builder, tessera_cli_cell_json (at));
              json_builder_set_member_name (builder, "spot");
              json_builder_add_string_value (builder, spot);
              json_builder_end_object (builder);
            }
          json_builder_end_array (builder);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "placements");
      json_builder_begin_array (builder);
      for (guint i = 0; i < placements->len; i++)
        {
          const TesseraPlacement *placement = &g_array_index (placements, TesseraPlacement, i);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "at");
          json_builder_add_value (builder, tessera_cli_cell_json (placement->cell));
          json_builder_set_member_name (builder, "rotation");
          json_builder_add_int_value (builder, placement->rotation * 90);
          json_builder_set_member_name (builder, "spots");
          json_builder_begin_array (builder);
          g_array_set_size (segments, 0);
          tessera_game_list_follower_spots (game, type, placement->cell, placement->rotation, segments);
          for (guint s = 0; s < segments->len; s++)
            {
              guint segment = g_array_index (segments, guint, s);
              char spot[TESSERA_SPOT_NAME_SIZE];

              json_builder_begin_object (builder);
              json_builder_set_member_name (builder, "spot");
              json_builder_add_string_value (builder, tessera_spot_name (type, placement->rotation, segment, spot));
              json_builder_set_member_name (builder, "feature");
              json_builder_add_string_value (builder, tessera_feature_kind_name (type->segments[segment].kind));
              json_builder_end_object (builder);
            }
          json_builder_end_array (builder);
          json_builder_set_member_name (builder, "magic");
          if (magic_tile)
            add_magic_targets_json (builder, game, type, placement);
          else
            json_builder_add_null_value (builder);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      tessera_cli_print_json (root);
      return EXIT_OK;
    }

  if (placements->len == 0)
    {
      /* TRANSLATORS: "Tile X fits nowhere: it may be discarded and another drawn." */
      g_print (_("Tile %s fits nowhere: it may be discarded and another drawn.\n"), entry->id);
      return EXIT_OK;
    }
  /* TRANSLATORS: "Tile D (2 left in the supply) can go in 12 ways:" */
  g_print (g_dngettext (GETTEXT_PACKAGE, "Tile %s (%u left in the supply) can go in %u way:\n",
                        "Tile %s (%u left in the supply) can go in %u ways:\n", placements->len),
           entry->id, left, placements->len);
  for (guint i = 0; i < placements->len; i++)
    {
      const TesseraPlacement *placement = &g_array_index (placements, TesseraPlacement, i);
      g_autoptr(GString) line = g_string_new (NULL);

      g_string_append_printf (line, _("  [%d, %d] rotated %d:"), placement->cell.x, placement->cell.y,
                              placement->rotation * 90);
      g_array_set_size (segments, 0);
      tessera_game_list_follower_spots (game, type, placement->cell, placement->rotation, segments);
      if (segments->len == 0)
        g_string_append_printf (line, " %s", _("no free spot for a follower"));
      for (guint s = 0; s < segments->len; s++)
        {
          guint segment = g_array_index (segments, guint, s);
          char spot[TESSERA_SPOT_NAME_SIZE];

          /* TRANSLATORS: a follower spot and its feature: "N (city)" */
          g_string_append_printf (line, _(" %s (%s)"), tessera_spot_name (type, placement->rotation, segment, spot),
                                  tessera_feature_kind_phrase (type->segments[segment].kind));
          if (s + 1 < segments->len)
            g_string_append_c (line, ',');
        }
      g_print ("%s\n", line->str);
      if (magic_tile)
        print_magic_targets (game, type, placement);
    }
  if (free_crowns->len > 0)
    {
      g_autofree char *list = NULL;

      g_ptr_array_add (free_crowns, NULL);
      list = g_strjoinv (", ", (char **) free_crowns->pdata);
      /* TRANSLATORS: "Instead of on the tile, a follower may go on a free crown space: fortuna-1, taxes-2" */
      g_print (_("Instead of on the tile, a follower may go on a free crown space: %s\n"), list);
    }
  if (tower_targets->len > 0 || (tessera_game_has_tower (game) && type->tower))
    g_print ("%s\n", _("Instead of on the tile, a tower piece may go on:"));
  if (tessera_game_has_tower (game) && type->tower)
    g_print ("%s\n", _("  the foundation of this tile, where it goes"));
  for (guint i = 0; i < tower_targets->len; i++)
    {
      TesseraCell cell = g_array_index (tower_targets, TesseraCell, i);
      guint height = tower_height_at (game, cell) + 1;
      g_autoptr(GString) line = g_string_new (NULL);

      g_array_set_size (captures, 0);
      tessera_game_list_captures (game, tessera_game_get_current_player (game), cell, height, captures, NULL);
      /* TRANSLATORS: "  [0, 1], a tower of 2 pieces then" */
      g_string_append_printf (line, g_dngettext (GETTEXT_PACKAGE, "  [%d, %d], a tower of %u piece then",
                                                 "  [%d, %d], a tower of %u pieces then", height),
                              cell.x, cell.y, height);
      for (guint k = 0; k < captures->len; k++)
        {
          char spot[TESSERA_SPOT_NAME_SIZE];
          TesseraCell at;
          guint owner;

          describe_capture (game, g_array_index (captures, guint, k), &at, spot, &owner);
          /* TRANSLATORS: ", may capture: Bram at [0, 2] C" then ", Carmen at [1, 1] N" */
          g_string_append_printf (line, k == 0 ? _(", may capture: %s at [%d, %d] %s") : _(", %s at [%d, %d] %s"),
                                  tessera_game_get_player_names (game)[owner], at.x, at.y, spot);
        }
      g_print ("%s\n", line->str);
    }
  return EXIT_OK;
}
