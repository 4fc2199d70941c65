/* tessera-turn-words.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-turn"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-move-words.h"
#include "tessera-names.h"
#include "tessera-place-words.h"
#include "tessera-tile-layout.h"
#include "tessera-turn-words.h"

/* Where a choice lies, from what the table sees: the tile just placed and the start, or for a
 * capture the tower the floor goes on. */
static char *
choice_place (TesseraTurn         *self,
              const TesseraChoice *choice)
{
  TesseraPlace place;
  TesseraCell placed;

  tessera_place_init (&place, tessera_turn_get_game (self));
  if (choice->kind == TESSERA_CHOICE_CAPTURE)
    {
      place.has_tower = TRUE;
      place.tower = tessera_turn_get_tower_cell (self, NULL);
    }
  else if (tessera_turn_get_placement (self, &placed, NULL))
    {
      place.has_placed = TRUE;
      place.placed = placed;
    }
  return tessera_place_describe (&place, choice->where.at);
}

/* Where on its tile a spot lies, "north-west", or %NULL in the middle or for a whole cell. */
static const char *
tile_direction (TesseraTurn         *self,
                const TesseraChoice *choice)
{
  const TesseraTileType *type;
  guint rotation;
  double x, y;

  if (choice->on_cell || choice->segment < 0 ||
      !tessera_turn_get_tile_at (self, choice->where.at, &type, &rotation) ||
      (guint) choice->segment >= type->n_segments)
    return NULL;
  tessera_tile_layout_get_segment_point (type, rotation, (guint) choice->segment, &x, &y);
  return tessera_direction_phrase (x, y);
}

/* A follower on the tile just placed, as a title: "Knight on the city". */
static const char *
follower_title (TesseraFeatureKind kind)
{
  switch (kind)
    {
    case TESSERA_FEATURE_CITY:
      /* Translators: a choice: a follower on the tile just placed */
      return _("Knight on the city");
    case TESSERA_FEATURE_ROAD:
      return _("Thief on the road");
    case TESSERA_FEATURE_CLOISTER:
      return _("Monk in the cloister");
    case TESSERA_FEATURE_FIELD:
    default:
      return _("Farmer on the field");
    }
}

/* A player's follower and where, short: "Bram’s knight west of the tower". */
static char *
owned_title (const char          *owner,
             const TesseraChoice *choice,
             const char          *place)
{
  if (choice->on_cell)
    /* Translators: a choice: a follower on top of a tower, "Bram’s follower on the tower east of the tower" */
    return g_strdup_printf (_("%1$s’s follower on the tower %2$s"), owner, place);
  switch (choice->feature)
    {
    case TESSERA_FEATURE_CITY:
      /* Translators: a choice: a player's follower and where, "Bram’s knight west of the tower" */
      return g_strdup_printf (_("%1$s’s knight %2$s"), owner, place);
    case TESSERA_FEATURE_ROAD:
      return g_strdup_printf (_("%1$s’s thief %2$s"), owner, place);
    case TESSERA_FEATURE_CLOISTER:
      return g_strdup_printf (_("%1$s’s monk %2$s"), owner, place);
    case TESSERA_FEATURE_FIELD:
    default:
      return g_strdup_printf (_("%1$s’s farmer %2$s"), owner, place);
    }
}

/* A choice's title at a level of detail: 0 what it is, 1 and where, 2 and where on its tile. */
static char *
choice_title (TesseraTurn *self,
              guint        index,
              guint        level)
{
  guint n_choices;
  const TesseraChoice *choice = &tessera_turn_get_choices (self, &n_choices)[index];
  TesseraGame *game = tessera_turn_get_game (self);
  const char * const *names = tessera_game_get_player_names (game);
  const char *owner = choice->player >= 0 && (guint) choice->player < tessera_game_get_n_players (game)
                      ? names[choice->player] : "";
  const char *direction = level >= 2 ? tile_direction (self, choice) : NULL;
  g_autofree char *place = choice_place (self, choice);
  g_autofree char *title = NULL;

  switch (choice->kind)
    {
    case TESSERA_CHOICE_CROWN:
      return tessera_crown_title (game, choice->crown_segment, choice->crown_space);
    case TESSERA_CHOICE_FOLLOWER:
      /* On the tile just placed: the kind says it; two of a kind on it, where on the tile. */
      if (direction != NULL)
        /* Translators: a choice on the tile just placed and where on it, "Farmer on the field, north-west" */
        return g_strdup_printf (_("%1$s, %2$s"), follower_title (choice->feature), direction);
      if (choice->feature_tiles > 1 && choice->feature != TESSERA_FEATURE_CLOISTER)
        /* Translators: a choice on the tile just placed and its feature's size, "Knight on the city, 3 tiles" */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%1$s, %2$u tile", "%1$s, %2$u tiles", choice->feature_tiles),
                                follower_title (choice->feature), choice->feature_tiles);
      return g_strdup (follower_title (choice->feature));
    case TESSERA_CHOICE_TOWER_FLOOR:
      if (choice->height <= 1)
        /* Translators: a choice: a tower's foundation and where, "Foundation on the new tile" */
        title = g_strdup_printf (_("Foundation %s"), place);
      else
        /* Translators: a choice: a tower, where, and its height with the new floor */
        title = g_strdup_printf (_("Tower %1$s, %2$u high"), place, choice->height);
      break;
    case TESSERA_CHOICE_TOWER_TOP:
      title = g_strdup_printf (_("Tower %1$s, %2$u high"), place, choice->height);
      break;
    case TESSERA_CHOICE_CAPTURE:
      title = owned_title (owner, choice, place);
      break;
    case TESSERA_CHOICE_MAGIC:
      {
        g_autofree char *held = tessera_feature_held_phrase (game, choice->feature, choice->holders, choice->feature_tiles);
        g_autofree char *first = g_utf8_strup (held, g_utf8_next_char (held) - held);

        if (level == 0)
          return g_strconcat (first, g_utf8_next_char (held), NULL);
        /* Translators: a choice: what it is and where, "The road with Anna’s thief, north of the new tile" */
        title = g_strdup_printf (_("%1$s%2$s, %3$s"), first, g_utf8_next_char (held), place);
      }
      break;
    case TESSERA_CHOICE_PLAGUE:
    case TESSERA_CHOICE_CROP_REMOVE:
    case TESSERA_CHOICE_CROP_ADD:
    default:
      if (choice->on_cell)
        /* Translators: a choice: the player's follower on top of a tower, and where */
        title = g_strdup_printf (_("Follower on the tower %s"), place);
      else
        /* Translators: a choice: a follower by its role and where, "Knight 2 tiles east of the wheel" */
        title = g_strdup_printf (C_("choice", "%1$s %2$s"), tessera_role_title (choice->feature), place);
      break;
    }
  if (direction != NULL)
    return g_strdup_printf (_("%1$s, %2$s"), title, direction);
  return g_steal_pointer (&title);
}

/**
 * tessera_turn_describe_choice:
 * @index: a choice of the current step
 *
 * A short name for the choice, for a button beside the board, in the table's words: what it is,
 * and where as far as that tells it from the step's other choices: "Knight on the city, 3
 * tiles", "Field, north-west", "Crown 1 of Taxes", "Tower north of the new tile, 3 high",
 * "Bram’s knight west of the tower", "The road with Anna’s thief". Never coordinates.
 * tessera_turn_describe_choice_fully() says all of it, for a tooltip or a screen reader.
 *
 * Returns: (transfer full): the name
 */
char *
tessera_turn_describe_choice (TesseraTurn *self,
                              guint        index)
{
  guint n_choices;

  g_return_val_if_fail (self != NULL, NULL);
  tessera_turn_get_choices (self, &n_choices);
  g_return_val_if_fail (index < n_choices, NULL);

  for (guint level = 0; level < 2; level++)
    {
      g_autofree char *title = choice_title (self, index, level);
      gboolean unique = TRUE;

      for (guint i = 0; i < n_choices && unique; i++)
        if (i != index)
          {
            g_autofree char *other = choice_title (self, i, level);

            unique = g_strcmp0 (title, other) != 0;
          }
      if (unique)
        return g_steal_pointer (&title);
    }
  return choice_title (self, index, 2);
}

/**
 * tessera_turn_describe_choice_fully:
 * @index: a choice of the current step
 *
 * The choice in a sentence: whose follower, what and where. "Anna’s knight in the city on the
 * new tile, 3 tiles", "Bram’s knight in the city west of the tower", "Anna adds a floor to the
 * tower north of the new tile, then 3 high".
 *
 * Returns: (transfer full): the description
 */
char *
tessera_turn_describe_choice_fully (TesseraTurn *self,
                                    guint        index)
{
  guint n_choices;
  const TesseraChoice *choice;
  TesseraGame *game;
  const char * const *names;
  const char *owner;
  const char *direction;
  g_autofree char *place = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  choice = tessera_turn_get_choices (self, &n_choices);
  g_return_val_if_fail (index < n_choices, NULL);

  choice = &choice[index];
  game = tessera_turn_get_game (self);
  names = tessera_game_get_player_names (game);
  owner = choice->player >= 0 && (guint) choice->player < tessera_game_get_n_players (game) ? names[choice->player] : "";
  direction = tile_direction (self, choice);
  place = choice_place (self, choice);
  switch (choice->kind)
    {
    case TESSERA_CHOICE_CROWN:
      {
        g_autofree char *crown = tessera_crown_title (game, choice->crown_segment, choice->crown_space);

        /* Translators: a choice: "Anna’s follower on Crown 1 of Taxes" */
        return g_strdup_printf (_("%1$s’s follower on %2$s"), owner, crown);
      }
    case TESSERA_CHOICE_TOWER_FLOOR:
      if (choice->height <= 1)
        /* Translators: a choice: "Anna starts a tower on the foundation north of the new tile" */
        return g_strdup_printf (_("%1$s starts a tower on the foundation %2$s"), owner, place);
      /* Translators: a choice: "Anna adds a floor to the tower north of the new tile, then 3 high" */
      return g_strdup_printf (_("%1$s adds a floor to the tower %2$s, then %3$u high"), owner, place, choice->height);
    case TESSERA_CHOICE_TOWER_TOP:
      /* Translators: a choice: "Anna closes the tower north of the new tile, 3 high, with a follower" */
      return g_strdup_printf (_("%1$s closes the tower %2$s, %3$u high, with a follower"), owner, place, choice->height);
    case TESSERA_CHOICE_MAGIC:
      {
        g_autofree char *held = tessera_feature_held_phrase (game, choice->feature, choice->holders, choice->feature_tiles);

        text = g_strdup_printf (tessera_turn_get_figure (self) == TESSERA_MAGIC_MAGE
                                /* Translators: a choice: "The mage goes to the road with Anna’s thief, north of the new tile" */
                                ? _("The mage goes to %1$s, %2$s") : _("The witch goes to %1$s, %2$s"), held, place);
      }
      break;
    case TESSERA_CHOICE_CROP_ADD:
      {
        g_autofree char *piece = tessera_piece_phrase (NULL, choice->feature, place);

        text = g_strdup_printf (_("Crop circle: %1$s adds %2$s"), owner, piece);
      }
      break;
    case TESSERA_CHOICE_PLAGUE:
    case TESSERA_CHOICE_CROP_REMOVE:
      {
        g_autofree char *piece = choice->on_cell
                                 ? g_strdup_printf (_("a follower on top of the tower %s"), place)
                                 : tessera_piece_phrase (NULL, choice->feature, place);

        text = g_strdup_printf (choice->kind == TESSERA_CHOICE_PLAGUE ? _("Plague: %1$s takes back %2$s")
                                : _("Crop circle: %1$s takes back %2$s"), owner, piece);
      }
      break;
    case TESSERA_CHOICE_FOLLOWER:
    case TESSERA_CHOICE_CAPTURE:
    default:
      {
        g_autofree char *piece = choice->on_cell
                                 ? g_strdup_printf (_("%1$s’s follower on top of the tower %2$s"), owner, place)
                                 : tessera_piece_phrase (owner, choice->feature, place);

        if (choice->kind == TESSERA_CHOICE_FOLLOWER && choice->feature_tiles > 1 &&
            choice->feature != TESSERA_FEATURE_CLOISTER)
          text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%1$s, %2$u tile", "%1$s, %2$u tiles", choice->feature_tiles),
                                  piece, choice->feature_tiles);
        else
          text = g_steal_pointer (&piece);
      }
      break;
    }
  if (direction != NULL)
    {
      g_autofree char *with = g_strdup_printf (_("%1$s, %2$s"), text, direction);

      return g_steal_pointer (&with);
    }
  return g_steal_pointer (&text);
}

/**
 * tessera_turn_describe_wheel:
 *
 * What the drawn tile did to the wheel, in sentences: how far the pig moved and where, and who
 * scored what there (or nobody). %NULL when the tile has no wheel number.
 *
 * Returns: (transfer full) (nullable): the report
 */
char *
tessera_turn_describe_wheel (TesseraTurn *self)
{
  TesseraGame *game = tessera_turn_get_game (self);
  const TesseraWheelBoard *wheel = tessera_game_get_wheel (game);
  const TesseraBoxEntry *entry = tessera_turn_get_entry (self);
  const char * const *names = tessera_game_get_player_names (game);
  int landing = tessera_turn_get_landing (self);
  g_autoptr(GString) report = NULL;
  const TesseraScoreEvent *scores;
  guint n_scores;

  if (landing < 0 || entry == NULL)
    return NULL;
  report = g_string_new (NULL);
  g_string_printf (report, g_dngettext (GETTEXT_PACKAGE, "The pig moves %u segment, to %s.",
                                        "The pig moves %u segments, to %s.", entry->wheel),
                   entry->wheel, tessera_wheel_segment_phrase (wheel->segments[landing].name));
  if (!tessera_turn_has_spun (self))
    return g_string_free (g_steal_pointer (&report), FALSE);
  scores = tessera_turn_get_wheel_scores (self, &n_scores);
  for (guint i = 0; i < n_scores; i++)
    {
      g_autofree char *why = tessera_score_event_describe_briefly (&scores[i], names);

      g_string_append_printf (report, "\n%s %+d: %s", names[scores[i].player], scores[i].points, why);
    }
  if (n_scores == 0)
    g_string_append_printf (report, "\n%s", _("Nobody scores."));
  return g_string_free (g_steal_pointer (&report), FALSE);
}

/* What the player is asked to do now, in a sentence. */
char *
tessera_turn_describe_step (TesseraTurn *self)
{
  TesseraGame *game = tessera_turn_get_game (self);
  const char * const *names = tessera_game_get_player_names (game);
  const char *name = names[tessera_turn_get_player (self)];
  guint n_choices;

  tessera_turn_get_choices (self, &n_choices);
  const char *asked = names[tessera_turn_get_asked_player (self)];

  switch (tessera_turn_get_step (self))
    {
    case TESSERA_TURN_DRAW:
      if (tessera_game_get_tiles_left (game) == 0)
        return g_strdup (_("Every tile Tessera counts in this box is placed. If a tile was still drawn, choose “Tile Not in the List…”; otherwise choose “End the Game Now…” in the menu for the final scoring."));
      return g_strdup_printf (_("Which tile did %s draw? Pick it below, or type its id."), name);
    case TESSERA_TURN_PLAGUE:
      return g_strdup_printf (_("The Plague: %s takes back one of their followers. Click it on the board."), asked);
    case TESSERA_TURN_DISCARD:
      return g_strdup_printf (_("Tile %s fits nowhere on the board. It goes back in the box and %s draws again."),
                              tessera_turn_get_entry (self)->id, name);
    case TESSERA_TURN_PLACE:
      return g_strdup (_("Click a highlighted cell to place the tile. R or a right click turns it."));
    case TESSERA_TURN_MAGIC:
      if (n_choices == 0)
        return g_strdup_printf (tessera_turn_get_figure (self) == TESSERA_MAGIC_MAGE
                                ? _("The mage has nowhere to go: %s takes it off the board.")
                                : _("The witch has nowhere to go: %s takes it off the board."), name);
      return g_strdup (tessera_turn_get_figure (self) == TESSERA_MAGIC_MAGE
                       ? _("Where does the mage go? Click a road or city, or switch to the witch.")
                       : _("Where does the witch go? Click a road or city, or switch to the mage."));
    case TESSERA_TURN_ACTION:
      switch (tessera_turn_get_mode (self))
        {
        case TESSERA_TURN_MODE_TOWER:
          return n_choices > 0
                 ? g_strdup_printf (_("Click the foundation or tower where %s adds a floor."), name)
                 : g_strdup_printf (_("%s has no tower piece left, or there is no tower to build on."), name);
        case TESSERA_TURN_MODE_TOWER_TOP:
          return n_choices > 0
                 ? g_strdup_printf (_("Click the tower %s closes with a follower."), name)
                 : g_strdup (_("There is no tower to close, or no follower in supply."));
        case TESSERA_TURN_MODE_FOLLOWER:
        default:
          return n_choices > 0
                 ? g_strdup_printf (_("Does %s place a follower? Click a spot, or choose “No Follower”."), name)
                 : g_strdup_printf (_("%s cannot place a follower here."), name);
        }
    case TESSERA_TURN_CAPTURE:
      return g_strdup_printf (_("Which follower in the tower's range does %s capture?"), name);
    case TESSERA_TURN_CROP_CHOICE:
      return g_strdup_printf (_("The crop circle: does %s choose that everybody adds or removes a follower?"), name);
    case TESSERA_TURN_CROP_MOVE:
      return tessera_turn_get_crop_add (self)
             ? g_strdup_printf (_("Crop circle: where does %s add a follower? Click a spot, or pass."), asked)
             : g_strdup_printf (_("Crop circle: which follower does %s take back?"), asked);
    case TESSERA_TURN_CONFIRM:
      return g_strdup (_("Check the board, then confirm the turn."));
    default:
      g_return_val_if_reached (NULL);
    }
}
