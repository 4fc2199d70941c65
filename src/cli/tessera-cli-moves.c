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

/* Where @figure could go in the turn that puts @type at @placement. */
static GArray *
list_magic_targets (TesseraGame            *game,
                    const TesseraTileType  *type,
                    const TesseraPlacement *placement,
                    TesseraMagicFigure      figure)
{
  GArray *targets = g_array_new (FALSE, FALSE, sizeof (TesseraChoice));

  tessera_game_list_magic_choices (game, type, placement->cell, placement->rotation, figure, targets);
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
          const TesseraPieceRef *target = &g_array_index (targets, TesseraChoice, k).where;

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
          const TesseraPieceRef *target = &g_array_index (targets, TesseraChoice, k).where;

          g_string_append_printf (list, "%s[%d, %d] %s", k > 0 ? ", " : "", target->at.x, target->at.y, target->spot);
        }
      /* TRANSLATORS: "      the mage could then go to [2, 0] N, [3, 1] E" */
      g_print (f == TESSERA_MAGIC_MAGE ? _("      the mage could then go to %s\n")
                                       : _("      the witch could then go to %s\n"), list->str);
    }
}

/* moves [--json] FILE TILE: every legal placement of TILE on the board as the record leaves it,
 * with its free follower spots, and what else the turn could do: crown spaces, towers, the mage
 * and the witch. */
int
tessera_cli_command_moves (const TesseraCliOptions *options)
{
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GArray) placements = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));
  g_autoptr(GArray) spots = g_array_new (FALSE, FALSE, sizeof (TesseraChoice));
  g_autoptr(GArray) free_crowns = g_array_new (FALSE, FALSE, sizeof (TesseraChoice));
  g_autoptr(GArray) tower_targets = g_array_new (FALSE, FALSE, sizeof (TesseraChoice));
  g_autoptr(GArray) captures = g_array_new (FALSE, FALSE, sizeof (TesseraChoice));
  guint player;
  gboolean on_own_foundation = FALSE;
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
  player = tessera_game_get_current_player (game);
  /* A wheel tile first empties the crown spaces of the segment the pig lands on (W18). */
  tessera_game_list_crown_choices (game, tessera_game_get_wheel (game) != NULL && entry->wheel > 0
                                         ? (int) tessera_game_get_pig_landing (game, entry->wheel) : -1,
                                   free_crowns);
  /* The foundations and open towers on the board; the tile's own is said apart: the engine
   * lists it, wherever the tile goes, as one more choice at the tile's cell. */
  tessera_game_list_tower_floor_choices (game, player, NULL, (TesseraCell) { 0, 0 }, tower_targets);
  if (placements->len > 0)
    {
      const TesseraPlacement *first = &g_array_index (placements, TesseraPlacement, 0);
      g_autoptr(GArray) with_tile = g_array_new (FALSE, FALSE, sizeof (TesseraChoice));

      tessera_game_list_tower_floor_choices (game, player, type, first->cell, with_tile);
      on_own_foundation = with_tile->len > tower_targets->len;
    }

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
        json_builder_add_string_value (builder, g_array_index (free_crowns, TesseraChoice, i).where.spot);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "towers");
      json_builder_begin_array (builder);
      for (guint i = 0; i < tower_targets->len; i++)
        {
          TesseraCell cell = g_array_index (tower_targets, TesseraChoice, i).where.at;
          guint height = g_array_index (tower_targets, TesseraChoice, i).height;

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "at");
          json_builder_add_value (builder, tessera_cli_cell_json (cell));
          json_builder_set_member_name (builder, "height_after");
          json_builder_add_int_value (builder, height);
          json_builder_set_member_name (builder, "captures");
          json_builder_begin_array (builder);
          g_array_set_size (captures, 0);
          tessera_game_list_capture_choices (game, player, cell, height, captures);
          for (guint k = 0; k < captures->len; k++)
            {
              const TesseraChoice *capture = &g_array_index (captures, TesseraChoice, k);

              json_builder_begin_object (builder);
              json_builder_set_member_name (builder, "player");
              json_builder_add_int_value (builder, capture->player);
              json_builder_set_member_name (builder, "at");
              json_builder_add_value (builder, tessera_cli_cell_json (capture->where.at));
              json_builder_set_member_name (builder, "spot");
              json_builder_add_string_value (builder, capture->where.spot);
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
          g_array_set_size (spots, 0);
          tessera_game_list_follower_choices (game, type, placement->cell, placement->rotation, spots);
          for (guint s = 0; s < spots->len; s++)
            {
              const TesseraChoice *spot = &g_array_index (spots, TesseraChoice, s);

              json_builder_begin_object (builder);
              json_builder_set_member_name (builder, "spot");
              json_builder_add_string_value (builder, spot->where.spot);
              json_builder_set_member_name (builder, "feature");
              json_builder_add_string_value (builder, tessera_feature_kind_name (spot->feature));
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
      g_array_set_size (spots, 0);
      tessera_game_list_follower_choices (game, type, placement->cell, placement->rotation, spots);
      if (spots->len == 0)
        g_string_append_printf (line, " %s", _("no free spot for a follower"));
      for (guint s = 0; s < spots->len; s++)
        {
          const TesseraChoice *spot = &g_array_index (spots, TesseraChoice, s);

          /* TRANSLATORS: a follower spot and its feature: "N (city)" */
          g_string_append_printf (line, _(" %s (%s)"), spot->where.spot, tessera_feature_kind_phrase (spot->feature));
          if (s + 1 < spots->len)
            g_string_append_c (line, ',');
        }
      g_print ("%s\n", line->str);
      if (magic_tile)
        print_magic_targets (game, type, placement);
    }
  if (free_crowns->len > 0)
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < free_crowns->len; i++)
        g_string_append_printf (list, "%s%s", i > 0 ? ", " : "", g_array_index (free_crowns, TesseraChoice, i).where.spot);
      /* TRANSLATORS: "Instead of on the tile, a follower may go on a free crown space: fortuna-1, taxes-2" */
      g_print (_("Instead of on the tile, a follower may go on a free crown space: %s\n"), list->str);
    }
  if (tower_targets->len > 0 || on_own_foundation)
    g_print ("%s\n", _("Instead of on the tile, a tower piece may go on:"));
  if (on_own_foundation)
    g_print ("%s\n", _("  the foundation of this tile, where it goes"));
  for (guint i = 0; i < tower_targets->len; i++)
    {
      TesseraCell cell = g_array_index (tower_targets, TesseraChoice, i).where.at;
      guint height = g_array_index (tower_targets, TesseraChoice, i).height;
      g_autoptr(GString) line = g_string_new (NULL);

      g_array_set_size (captures, 0);
      tessera_game_list_capture_choices (game, player, cell, height, captures);
      /* TRANSLATORS: "  [0, 1], a tower of 2 pieces then" */
      g_string_append_printf (line, g_dngettext (GETTEXT_PACKAGE, "  [%d, %d], a tower of %u piece then",
                                                 "  [%d, %d], a tower of %u pieces then", height),
                              cell.x, cell.y, height);
      for (guint k = 0; k < captures->len; k++)
        {
          const TesseraChoice *capture = &g_array_index (captures, TesseraChoice, k);

          /* TRANSLATORS: ", may capture: Bram at [0, 2] C" then ", Carmen at [1, 1] N" */
          g_string_append_printf (line, k == 0 ? _(", may capture: %s at [%d, %d] %s") : _(", %s at [%d, %d] %s"),
                                  tessera_game_get_player_names (game)[capture->player], capture->where.at.x,
                                  capture->where.at.y, capture->where.spot);
        }
      g_print ("%s\n", line->str);
    }
  return EXIT_OK;
}
