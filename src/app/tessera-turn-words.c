/* tessera-turn-words.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-turn"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-names.h"
#include "tessera-tile-layout.h"
#include "tessera-turn-words.h"

/* What a segment is, as a choice's name: the engine's phrase ("city"), capitalised. */
static char *
feature_choice_name (TesseraFeatureKind kind)
{
  const char *phrase = tessera_feature_kind_phrase (kind);
  g_autofree char *first = g_utf8_strup (phrase, g_utf8_next_char (phrase) - phrase);

  return g_strconcat (first, g_utf8_next_char (phrase), NULL);
}

/**
 * tessera_turn_describe_choice:
 * @index: a choice of the current step
 *
 * A name for the choice that a player can read beside the board and a screen reader can say:
 * "City", "Field, north-west", "Road at 2, -1", "Crown 1 of Taxes", "Tower at 0, 3".
 *
 * Returns: (transfer full): the name
 */
char *
tessera_turn_describe_choice (TesseraTurn *self,
                              guint        index)
{
  guint n_choices;
  const TesseraChoice *choices = tessera_turn_get_choices (self, &n_choices);
  const TesseraChoice *choice;
  TesseraCell placed_at;
  gboolean placed;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < n_choices, NULL);

  choice = &choices[index];
  placed = tessera_turn_get_placement (self, &placed_at, NULL);
  if (choice->kind == TESSERA_CHOICE_CROWN)
    {
      const TesseraWheelBoard *wheel = tessera_game_get_wheel (tessera_turn_get_game (self));
      const TesseraWheelSegment *segment = &wheel->segments[choice->crown_segment];
      const char *phrase = tessera_wheel_segment_phrase (segment->name);

      if (segment->n_crowns > 1)
        /* Translators: a crown space of the wheel; %2$s is the wheel's segment, e.g. Taxes */
        return g_strdup_printf (_("Crown %1$u of %2$s"), choice->crown_space + 1, phrase);
      /* Translators: the crown space of a segment of the wheel, e.g. Fortuna */
      return g_strdup_printf (_("Crown of %s"), phrase);
    }
  if (choice->on_cell)
    /* Translators: a tower to build on or to close, at a cell of the board */
    return g_strdup_printf (_("Tower at %d, %d"), choice->where.at.x, choice->where.at.y);

  {
    const TesseraTileType *type;
    guint rotation;
    gboolean twin = FALSE;
    const char *direction = NULL;
    g_autofree char *what = NULL;
    g_autofree char *name = NULL;
    double x, y;

    if (!tessera_turn_get_tile_at (self, choice->where.at, &type, &rotation) || choice->segment < 0 ||
        (guint) choice->segment >= type->n_segments)
      return g_strdup_printf (_("Choice %u"), index + 1);
    /* The direction only where the kind alone does not tell two choices on the tile apart. */
    for (guint i = 0; i < n_choices; i++)
      twin |= i != index && !choices[i].on_cell && choices[i].kind != TESSERA_CHOICE_CROWN
              && choices[i].where.at.x == choice->where.at.x && choices[i].where.at.y == choice->where.at.y
              && choices[i].feature == choice->feature;
    if (twin)
      {
        tessera_tile_layout_get_segment_point (type, rotation, (guint) choice->segment, &x, &y);
        direction = tessera_direction_phrase (x, y);
      }
    /* Translators: a choice on a tile: its feature and where on the tile, e.g. "Field, north" */
    name = feature_choice_name (choice->feature);
    what = direction != NULL ? g_strdup_printf (_("%1$s, %2$s"), name, direction) : g_steal_pointer (&name);
    if (placed && choice->where.at.x == placed_at.x && choice->where.at.y == placed_at.y)
      return g_steal_pointer (&what);
    /* Translators: a choice on a tile elsewhere on the board, e.g. "Road at 2, -1" */
    return g_strdup_printf (_("%1$s at %2$d, %3$d"), what, choice->where.at.x, choice->where.at.y);
  }
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
