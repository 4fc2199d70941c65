/* tessera-cli-state.c
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

static const char *
role_name (TesseraFeatureKind kind)
{
  switch (kind)
    {
    case TESSERA_FEATURE_CITY:
      return "knight";
    case TESSERA_FEATURE_ROAD:
      return "thief";
    case TESSERA_FEATURE_FIELD:
      return "farmer";
    case TESSERA_FEATURE_CLOISTER:
    case TESSERA_N_FEATURE_KINDS:
    default:
      return "monk";
    }
}

/* The wheel: where the pig stands and who stands on each crown space. */
static void
add_wheel_json (JsonBuilder *builder,
                TesseraGame *game)
{
  const TesseraWheelBoard *wheel = tessera_game_get_wheel (game);

  json_builder_set_member_name (builder, "wheel");
  if (wheel == NULL)
    {
      json_builder_add_null_value (builder);
      return;
    }
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "pig");
  json_builder_add_string_value (builder, wheel->segments[tessera_game_get_pig (game)].name);
  json_builder_set_member_name (builder, "crowns");
  json_builder_begin_array (builder);
  for (guint s = 0; s < wheel->n_segments; s++)
    for (guint c = 0; c < wheel->segments[s].n_crowns; c++)
      {
        char name[TESSERA_CROWN_NAME_SIZE];
        int player = tessera_game_get_crown_occupant (game, s, c);

        json_builder_begin_object (builder);
        json_builder_set_member_name (builder, "space");
        json_builder_add_string_value (builder, tessera_wheel_crown_name (wheel, s, c, name));
        json_builder_set_member_name (builder, "player");
        if (player < 0)
          json_builder_add_null_value (builder);
        else
          json_builder_add_int_value (builder, player);
        json_builder_end_object (builder);
      }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

/* The towers: where, how high, and who closed them. */
static void
add_towers_json (JsonBuilder *builder,
                 TesseraGame *game)
{
  GArray *towers;

  json_builder_set_member_name (builder, "towers");
  if (!tessera_game_has_tower (game))
    {
      json_builder_add_null_value (builder);
      return;
    }
  towers = tessera_game_get_towers (game);
  json_builder_begin_array (builder);
  for (guint i = 0; i < towers->len; i++)
    {
      const TesseraTower *tower = &g_array_index (towers, TesseraTower, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "at");
      json_builder_add_value (builder, tessera_cli_cell_json (tower->at));
      json_builder_set_member_name (builder, "height");
      json_builder_add_int_value (builder, tower->height);
      json_builder_set_member_name (builder, "top");
      if (tower->top < 0)
        json_builder_add_null_value (builder);
      else
        json_builder_add_int_value (builder, tower->top);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* Where a figure stands, as a cell and a spot: NULL when it is off the board. */
static gboolean
locate_segment (TesseraGame *game,
                int          segment,
                TesseraCell *at,
                char         spot[TESSERA_SPOT_NAME_SIZE])
{
  const TesseraPlacedTile *tile;

  if (segment < 0)
    return FALSE;
  tile = tessera_board_segment_tile (tessera_game_get_board (game), (guint) segment);
  *at = tile->cell;
  tessera_spot_name (tile->type, tile->rotation, (guint) segment - tile->first_segment, spot);
  return TRUE;
}

static void
add_piece_ref_json (JsonBuilder *builder,
                    TesseraGame *game,
                    int          segment)
{
  char spot[TESSERA_SPOT_NAME_SIZE];
  TesseraCell at;

  if (locate_segment (game, segment, &at, spot))
    tessera_cli_add_place_json (builder, at, spot);
  else
    json_builder_add_null_value (builder);
}

/* Where the mage and the witch stand. */
static void
add_magic_json (JsonBuilder *builder,
                TesseraGame *game)
{
  json_builder_set_member_name (builder, "magic");
  if (!tessera_game_has_magic (game))
    {
      json_builder_add_null_value (builder);
      return;
    }
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "mage");
  add_piece_ref_json (builder, game, tessera_game_get_magic_segment (game, TESSERA_MAGIC_MAGE));
  json_builder_set_member_name (builder, "witch");
  add_piece_ref_json (builder, game, tessera_game_get_magic_segment (game, TESSERA_MAGIC_WITCH));
  json_builder_end_object (builder);
}

static void
describe_piece (TesseraGame        *game,
                const TesseraPiece *piece,
                TesseraCell        *at,
                char                spot[TESSERA_SPOT_NAME_SIZE],
                TesseraFeatureInfo *info)
{
  TesseraBoard *board = tessera_game_get_board (game);
  const TesseraPlacedTile *tile = tessera_board_segment_tile (board, piece->segment);

  *at = tile->cell;
  tessera_spot_name (tile->type, tile->rotation, piece->segment - tile->first_segment, spot);
  tessera_board_describe_feature (board, piece->segment, info);
}

/* The box the game is played with, and where it differs from the catalogue's. */
static void
print_box (TesseraGame *game)
{
  const GArray *box = tessera_game_get_box (game);
  g_autoptr(GString) corrections = g_string_new (NULL);
  guint total = 0;
  guint catalogue_total = 0;

  for (guint i = 0; i < box->len; i++)
    {
      const TesseraSupplyEntry *entry = &g_array_index (box, TesseraSupplyEntry, i);
      guint catalogue = tessera_game_get_catalogue_copies (game, entry->entry);

      total += entry->left;
      catalogue_total += catalogue;
      if (entry->left != catalogue)
        /* TRANSLATORS: one correction of the box: "D×4 (the catalogue has 3)" */
        g_string_append_printf (corrections, _("  %s×%u (the catalogue has %u)\n"), entry->entry->id, entry->left, catalogue);
    }

  if (corrections->len == 0)
    {
      g_print (g_dngettext (GETTEXT_PACKAGE, "\nThe box holds %u tile, as the catalogue has it.\n",
                            "\nThe box holds %u tiles, as the catalogue has them.\n", total),
               total);
      return;
    }
  /* TRANSLATORS: "The box holds 72 tiles, corrected from the catalogue's 71:" */
  g_print (g_dngettext (GETTEXT_PACKAGE, "\nThe box holds %u tile, corrected from the catalogue's %u:\n",
                        "\nThe box holds %u tiles, corrected from the catalogue's %u:\n", total),
           total, catalogue_total);
  g_print ("%s", corrections->str);
}

/* "projected": each player's final score and its breakdown if the game ended after the events
 * replayed; a finished game's final scores. */
static gboolean
add_projected_json (JsonBuilder *builder,
                    TesseraGame *game)
{
  TesseraProjection projections[TESSERA_MAX_PLAYERS];
  g_autoptr(GError) error = NULL;

  if (!tessera_game_project_scores (game, projections, &error))
    {
      tessera_cli_fail (EXIT_RULE, "%s", error->message);
      return FALSE;
    }
  json_builder_set_member_name (builder, "projected");
  json_builder_begin_array (builder);
  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    {
      json_builder_begin_object (builder);
      tessera_cli_add_score_json (builder, projections[p].score, projections[p].breakdown);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  return TRUE;
}

/* "dead_spots": the empty cells next to the board that no tile left in the supply can fill. */
static void
add_dead_spots_json (JsonBuilder *builder,
                     TesseraGame *game)
{
  g_autoptr(GArray) dead = g_array_new (FALSE, FALSE, sizeof (TesseraCell));

  tessera_game_list_dead_spots (game, dead, NULL);
  json_builder_set_member_name (builder, "dead_spots");
  json_builder_begin_array (builder);
  for (guint i = 0; i < dead->len; i++)
    json_builder_add_value (builder, tessera_cli_cell_json (g_array_index (dead, TesseraCell, i)));
  json_builder_end_array (builder);
}

/* state [--json] [--after N] FILE: the game after N events, or all of them: whose turn it is,
 * the players, the followers, the wheel, the mage and witch, the towers, the board and the
 * tiles left. */
int
tessera_cli_command_state (const TesseraCliOptions *options)
{
  g_autoptr(TesseraGame) game = NULL;
  TesseraBoard *board;
  const TesseraPiece *pieces;
  guint n_pieces;
  GArray *supply;
  const GArray *box;
  const char * const *names;
  guint n_players;
  int code = tessera_cli_load_game (options, options->after >= 0 ? (guint) options->after : G_MAXUINT, NULL, &game);

  if (code != EXIT_OK)
    return code;
  board = tessera_game_get_board (game);
  pieces = tessera_game_get_pieces (game, &n_pieces);
  supply = tessera_game_get_supply (game);
  box = tessera_game_get_box (game);
  names = tessera_game_get_player_names (game);
  n_players = tessera_game_get_n_players (game);

  if (options->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "events");
      json_builder_add_int_value (builder, tessera_game_get_n_events (game));
      json_builder_set_member_name (builder, "finished");
      json_builder_add_boolean_value (builder, tessera_game_is_finished (game));
      json_builder_set_member_name (builder, "current_player");
      if (tessera_game_is_finished (game))
        json_builder_add_null_value (builder);
      else
        json_builder_add_int_value (builder, tessera_game_get_current_player (game));
      json_builder_set_member_name (builder, "tiles_left");
      json_builder_add_int_value (builder, tessera_game_get_tiles_left (game));

      json_builder_set_member_name (builder, "players");
      json_builder_begin_array (builder);
      for (guint p = 0; p < n_players; p++)
        {
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "name");
          json_builder_add_string_value (builder, names[p]);
          json_builder_set_member_name (builder, "color");
          json_builder_add_string_value (builder, tessera_game_get_player_color (game, p));
          json_builder_set_member_name (builder, "score");
          json_builder_add_int_value (builder, tessera_game_get_score (game, p));
          json_builder_set_member_name (builder, "followers_in_supply");
          json_builder_add_int_value (builder, tessera_game_get_followers_in_supply (game, p));
          if (tessera_game_has_tower (game))
            {
              json_builder_set_member_name (builder, "tower_pieces");
              json_builder_add_int_value (builder, tessera_game_get_tower_pieces (game, p));
              json_builder_set_member_name (builder, "prisoners");
              json_builder_begin_array (builder);
              for (guint owner = 0; owner < n_players; owner++)
                for (guint k = 0; k < tessera_game_get_prisoners (game, p, owner); k++)
                  json_builder_add_int_value (builder, owner);
              json_builder_end_array (builder);
            }
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);

      json_builder_set_member_name (builder, "board");
      json_builder_begin_array (builder);
      for (guint i = 0; i < tessera_board_get_n_tiles (board); i++)
        {
          const TesseraPlacedTile *tile = tessera_board_get_tile (board, i);

          /* The wheel board's squares are not tiles: "wheel" says where the board is. */
          if (tile->type->board_square)
            continue;
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "at");
          json_builder_add_value (builder, tessera_cli_cell_json (tile->cell));
          json_builder_set_member_name (builder, "tile");
          json_builder_add_string_value (builder, tessera_game_get_tile_id (game, i));
          json_builder_set_member_name (builder, "rotation");
          json_builder_add_int_value (builder, tile->rotation * 90);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);

      json_builder_set_member_name (builder, "followers");
      json_builder_begin_array (builder);
      for (guint i = 0; i < n_pieces; i++)
        {
          const TesseraPiece *piece = &pieces[i];
          char spot[TESSERA_SPOT_NAME_SIZE];
          TesseraFeatureInfo info;
          TesseraCell at;

          describe_piece (game, piece, &at, spot, &info);
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "player");
          json_builder_add_int_value (builder, piece->player);
          json_builder_set_member_name (builder, "at");
          json_builder_add_value (builder, tessera_cli_cell_json (at));
          json_builder_set_member_name (builder, "spot");
          json_builder_add_string_value (builder, spot);
          json_builder_set_member_name (builder, "role");
          json_builder_add_string_value (builder, role_name (info.kind));
          json_builder_set_member_name (builder, "feature");
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "kind");
          json_builder_add_string_value (builder, tessera_feature_kind_name (info.kind));
          json_builder_set_member_name (builder, "tiles");
          json_builder_add_int_value (builder, info.n_tiles);
          if (info.kind == TESSERA_FEATURE_CITY)
            {
              json_builder_set_member_name (builder, "pennants");
              json_builder_add_int_value (builder, info.n_pennants);
            }
          json_builder_set_member_name (builder, "complete");
          json_builder_add_boolean_value (builder, info.complete);
          json_builder_end_object (builder);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);

      add_wheel_json (builder, game);
      add_towers_json (builder, game);
      add_magic_json (builder, game);

      json_builder_set_member_name (builder, "supply");
      json_builder_begin_object (builder);
      for (guint i = 0; i < supply->len; i++)
        {
          const TesseraSupplyEntry *entry = &g_array_index (supply, TesseraSupplyEntry, i);

          json_builder_set_member_name (builder, entry->entry->id);
          json_builder_add_int_value (builder, entry->left);
        }
      json_builder_end_object (builder);

      json_builder_set_member_name (builder, "box");
      json_builder_begin_object (builder);
      for (guint i = 0; i < box->len; i++)
        {
          const TesseraSupplyEntry *entry = &g_array_index (box, TesseraSupplyEntry, i);

          json_builder_set_member_name (builder, entry->entry->id);
          json_builder_add_int_value (builder, entry->left);
        }
      json_builder_end_object (builder);

      if (!add_projected_json (builder, game))
        return EXIT_RULE;
      add_dead_spots_json (builder, game);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      tessera_cli_print_json (root);
      return EXIT_OK;
    }

  if (tessera_game_is_finished (game))
    g_print ("%s\n", _("The game is over."));
  else
    {
      guint current = tessera_game_get_current_player (game);

      /* TRANSLATORS: "Next: Bram (blue) draws a tile; 40 tiles left." */
      g_print (g_dngettext (GETTEXT_PACKAGE, "Next: %s (%s) draws a tile; %u tile left.\n",
                            "Next: %s (%s) draws a tile; %u tiles left.\n", tessera_game_get_tiles_left (game)),
               names[current], tessera_color_phrase (tessera_game_get_player_color (game, current)), tessera_game_get_tiles_left (game));
    }
  g_print (g_dngettext (GETTEXT_PACKAGE, "After %u event.\n", "After %u events.\n", tessera_game_get_n_events (game)),
           tessera_game_get_n_events (game));

  g_print ("\n%s\n", _("Players:"));
  for (guint p = 0; p < n_players; p++)
    {
      guint followers = tessera_game_get_followers_in_supply (game, p);
      int score = tessera_game_get_score (game, p);
      g_autofree char *points = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d point", "%d points", (gulong) ABS (score)),
                                                 score);
      g_autofree char *supply_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u follower in supply",
                                                                   "%u followers in supply", followers),
                                                      followers);

      /* TRANSLATORS: "  Anna (red): 12 points, 5 followers in supply" */
      g_print (_("  %s (%s): %s, %s\n"), names[p], tessera_color_phrase (tessera_game_get_player_color (game, p)),
               points, supply_text);
    }

  g_print ("\n%s\n", _("Followers on the board:"));
  if (n_pieces == 0)
    g_print ("  %s\n", _("none"));
  for (guint i = 0; i < n_pieces; i++)
    {
      const TesseraPiece *piece = &pieces[i];
      char spot[TESSERA_SPOT_NAME_SIZE];
      TesseraFeatureInfo info;
      TesseraCell at;

      /* Followers leave a road, city or cloister as soon as it is complete, so what stands
       * on the board is always unfinished. */
      describe_piece (game, piece, &at, spot, &info);
      switch (info.kind)
        {
        case TESSERA_FEATURE_CITY:
          /* TRANSLATORS: "  Anna: knight at [1, 0] N, in a city of 3 tiles" */
          g_print (g_dngettext (GETTEXT_PACKAGE, "  %s: knight at [%d, %d] %s, in a city of %u tile\n",
                                "  %s: knight at [%d, %d] %s, in a city of %u tiles\n", info.n_tiles),
                   names[piece->player], at.x, at.y, spot, info.n_tiles);
          break;
        case TESSERA_FEATURE_ROAD:
          g_print (g_dngettext (GETTEXT_PACKAGE, "  %s: thief at [%d, %d] %s, on a road of %u tile\n",
                                "  %s: thief at [%d, %d] %s, on a road of %u tiles\n", info.n_tiles),
                   names[piece->player], at.x, at.y, spot, info.n_tiles);
          break;
        case TESSERA_FEATURE_FIELD:
          g_print (g_dngettext (GETTEXT_PACKAGE, "  %s: farmer at [%d, %d] %s, in a field of %u tile\n",
                                "  %s: farmer at [%d, %d] %s, in a field of %u tiles\n", info.n_tiles),
                   names[piece->player], at.x, at.y, spot, info.n_tiles);
          break;
        case TESSERA_FEATURE_CLOISTER:
        case TESSERA_N_FEATURE_KINDS:
        default:
          /* TRANSLATORS: "  Anna: monk at [1, 1] C, in a cloister with 5 of its 8 neighbours" */
          g_print (g_dngettext (GETTEXT_PACKAGE, "  %s: monk at [%d, %d] %s, in a cloister with %u of its 8 neighbours\n",
                                "  %s: monk at [%d, %d] %s, in a cloister with %u of its 8 neighbours\n",
                                info.n_neighbours),
                   names[piece->player], at.x, at.y, spot, info.n_neighbours);
          break;
        }
    }

  if (tessera_game_get_wheel (game) != NULL)
    {
      const TesseraWheelBoard *wheel = tessera_game_get_wheel (game);

      g_print ("\n");
      /* TRANSLATORS: "Wheel of Fortune: the pig stands on Taxes." */
      g_print (_("Wheel of Fortune: the pig stands on %s.\n"),
               tessera_wheel_segment_phrase (wheel->segments[tessera_game_get_pig (game)].name));
      for (guint s = 0; s < wheel->n_segments; s++)
        for (guint sp = 0; sp < wheel->segments[s].n_crowns; sp++)
          {
            char name[TESSERA_CROWN_NAME_SIZE];
            int player = tessera_game_get_crown_occupant (game, s, sp);

            tessera_wheel_crown_name (wheel, s, sp, name);
            if (player < 0)
              /* TRANSLATORS: "  crown space taxes-1: free" */
              g_print (_("  crown space %s: free\n"), name);
            else
              /* TRANSLATORS: "  crown space taxes-1: a follower of Anna" */
              g_print (_("  crown space %s: a follower of %s\n"), name, names[player]);
          }
    }

  if (tessera_game_has_magic (game))
    {
      g_print ("\n%s\n", _("Mage & Witch:"));
      for (guint f = 0; f < 2; f++)
        {
          char spot[TESSERA_SPOT_NAME_SIZE];
          TesseraCell at;

          if (!locate_segment (game, tessera_game_get_magic_segment (game, f), &at, spot))
            g_print ("%s\n", f == TESSERA_MAGIC_MAGE ? _("  the mage waits beside the board")
                                                     : _("  the witch waits beside the board"));
          else if (f == TESSERA_MAGIC_MAGE)
            /* TRANSLATORS: "  the mage stands at [2, 0] N" */
            g_print (_("  the mage stands at [%d, %d] %s\n"), at.x, at.y, spot);
          else
            g_print (_("  the witch stands at [%d, %d] %s\n"), at.x, at.y, spot);
        }
    }

  if (tessera_game_has_tower (game))
    {
      GArray *towers = tessera_game_get_towers (game);

      g_print ("\n%s\n", _("The Tower:"));
      for (guint p = 0; p < n_players; p++)
        {
          guint pieces_left = tessera_game_get_tower_pieces (game, p);

          /* TRANSLATORS: "  Anna: 8 tower pieces left" */
          g_print (g_dngettext (GETTEXT_PACKAGE, "  %s: %u tower piece left\n", "  %s: %u tower pieces left\n", pieces_left),
                   names[p], pieces_left);
          for (guint owner = 0; owner < n_players; owner++)
            {
              guint held = tessera_game_get_prisoners (game, p, owner);

              if (held > 0)
                /* TRANSLATORS: "    holds 1 follower of Bram prisoner" */
                g_print (g_dngettext (GETTEXT_PACKAGE, "    holds %u follower of %s prisoner\n",
                                      "    holds %u followers of %s prisoner\n", held),
                         held, names[owner]);
            }
        }
      for (guint i = 0; i < towers->len; i++)
        {
          const TesseraTower *tower = &g_array_index (towers, TesseraTower, i);

          if (tower->top >= 0)
            /* TRANSLATORS: "  tower at [0, 1]: 2 pieces, closed by a follower of Anna" */
            g_print (g_dngettext (GETTEXT_PACKAGE, "  tower at [%d, %d]: %u piece, closed by a follower of %s\n",
                                  "  tower at [%d, %d]: %u pieces, closed by a follower of %s\n", tower->height),
                     tower->at.x, tower->at.y, tower->height, names[tower->top]);
          else
            g_print (g_dngettext (GETTEXT_PACKAGE, "  tower at [%d, %d]: %u piece, open\n",
                                  "  tower at [%d, %d]: %u pieces, open\n", tower->height),
                     tower->at.x, tower->at.y, tower->height);
        }
    }

  g_print ("\n");
  {
    guint n_tiles = 0;

    for (guint i = 0; i < tessera_board_get_n_tiles (board); i++)
      n_tiles += !tessera_board_get_tile (board, i)->type->board_square;
    g_print (g_dngettext (GETTEXT_PACKAGE, "Board (%u tile):\n", "Board (%u tiles):\n", n_tiles), n_tiles);
  }
  if (tessera_game_get_wheel (game) != NULL)
    g_print ("%s\n", _("  the wheel board on [0, 0] to [3, 3]"));
  for (guint i = 0; i < tessera_board_get_n_tiles (board); i++)
    {
      const TesseraPlacedTile *tile = tessera_board_get_tile (board, i);

      if (tile->type->board_square)
        continue;
      /* TRANSLATORS: "  [4, 1] D rotated 90" */
      g_print (_("  [%d, %d] %s rotated %d\n"), tile->cell.x, tile->cell.y, tessera_game_get_tile_id (game, i),
               tile->rotation * 90);
    }

  g_print ("\n%s\n ", _("Tiles in the supply:"));
  for (guint i = 0; i < supply->len; i++)
    {
      const TesseraSupplyEntry *entry = &g_array_index (supply, TesseraSupplyEntry, i);

      if (entry->left > 0)
        g_print (" %s×%u", entry->entry->id, entry->left);
    }
  g_print ("\n");
  print_box (game);
  return EXIT_OK;
}
