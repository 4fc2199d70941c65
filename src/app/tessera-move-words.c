/* tessera-move-words.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-move-words"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tessera-move-words.h"
#include "tessera-place-words.h"

/**
 * tessera_role_title:
 *
 * Returns: the follower's role on a feature of @kind, as a title: "Knight"
 */
const char *
tessera_role_title (TesseraFeatureKind kind)
{
  switch (kind)
    {
    case TESSERA_FEATURE_CITY:
      /* Translators: a follower on a city (ridder / caballero) */
      return C_("role", "Knight");
    case TESSERA_FEATURE_ROAD:
      /* Translators: a follower on a road (struikrover / salteador) */
      return C_("role", "Thief");
    case TESSERA_FEATURE_CLOISTER:
      /* Translators: a follower in a cloister (monnik / monje) */
      return C_("role", "Monk");
    case TESSERA_FEATURE_FIELD:
    default:
      /* Translators: a follower on a field (boer / granjero) */
      return C_("role", "Farmer");
    }
}

/**
 * tessera_piece_phrase:
 * @owner: (nullable): whose follower it is, or %NULL for "a knight"
 * @place: where, in the words of tessera_place_describe()
 *
 * Returns: (transfer full): "Anna’s knight in the city north of the new tile", or without
 *   @owner "a knight in the city north of the new tile"
 */
char *
tessera_piece_phrase (const char         *owner,
                      TesseraFeatureKind  kind,
                      const char         *place)
{
  if (owner != NULL)
    switch (kind)
      {
      case TESSERA_FEATURE_CITY:
        /* Translators: a player's follower and where: "Anna’s knight in the city north of the new tile" */
        return g_strdup_printf (_("%1$s’s knight in the city %2$s"), owner, place);
      case TESSERA_FEATURE_ROAD:
        return g_strdup_printf (_("%1$s’s thief on the road %2$s"), owner, place);
      case TESSERA_FEATURE_CLOISTER:
        return g_strdup_printf (_("%1$s’s monk in the cloister %2$s"), owner, place);
      case TESSERA_FEATURE_FIELD:
      default:
        return g_strdup_printf (_("%1$s’s farmer on the field %2$s"), owner, place);
      }
  switch (kind)
    {
    case TESSERA_FEATURE_CITY:
      /* Translators: a follower and where: "a knight in the city north of the new tile" */
      return g_strdup_printf (_("a knight in the city %s"), place);
    case TESSERA_FEATURE_ROAD:
      return g_strdup_printf (_("a thief on the road %s"), place);
    case TESSERA_FEATURE_CLOISTER:
      return g_strdup_printf (_("a monk in the cloister %s"), place);
    case TESSERA_FEATURE_FIELD:
    default:
      return g_strdup_printf (_("a farmer on the field %s"), place);
    }
}

/* "Anna", "Anna and Bram", "Anna, Bram and Carmen": the players of @holders. */
static char *
holders_phrase (TesseraGame *game,
                guint        holders)
{
  const char * const *names = tessera_game_get_player_names (game);
  g_autofree char *text = NULL;
  guint n = tessera_game_get_n_players (game);

  for (guint p = n; p-- > 0;)
    if (holders & (1u << p))
      {
        if (text == NULL)
          text = g_strdup (names[p]);
        else
          {
            gboolean last = (holders & ((1u << p) - 1)) == 0;
            char *joined = last
                           /* Translators: the last two of the players holding a feature: "Anna and Bram" */
                           ? g_strdup_printf (_("%1$s and %2$s"), names[p], text)
                           /* Translators: players holding a feature, before the last two: "Anna, Bram and Carmen" */
                           : g_strdup_printf (_("%1$s, %2$s"), names[p], text);

            g_free (text);
            text = joined;
          }
      }
  return g_steal_pointer (&text);
}

/**
 * tessera_feature_held_phrase:
 * @holders: a bit per player with a follower in the feature (TesseraChoice's holders)
 * @n_tiles: the feature's size
 *
 * Returns: (transfer full): "an empty city of 3 tiles", "the road with Anna’s thief", "the
 *   city held by Anna and Bram"
 */
char *
tessera_feature_held_phrase (TesseraGame        *game,
                             TesseraFeatureKind  kind,
                             guint               holders,
                             guint               n_tiles)
{
  const char * const *names = tessera_game_get_player_names (game);
  g_autofree char *who = NULL;

  if (holders == 0)
    switch (kind)
      {
      case TESSERA_FEATURE_CITY:
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "an empty city of %u tile", "an empty city of %u tiles", n_tiles), n_tiles);
      case TESSERA_FEATURE_ROAD:
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "an empty road of %u tile", "an empty road of %u tiles", n_tiles), n_tiles);
      case TESSERA_FEATURE_CLOISTER:
        return g_strdup (_("an empty cloister"));
      case TESSERA_FEATURE_FIELD:
      default:
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "an empty field of %u tile", "an empty field of %u tiles", n_tiles), n_tiles);
      }
  if ((holders & (holders - 1)) == 0)
    {
      const char *owner = names[g_bit_nth_lsf (holders, -1)];

      switch (kind)
        {
        case TESSERA_FEATURE_CITY:
          /* Translators: a feature by the follower in it: "the city with Anna’s knight" */
          return g_strdup_printf (_("the city with %s’s knight"), owner);
        case TESSERA_FEATURE_ROAD:
          return g_strdup_printf (_("the road with %s’s thief"), owner);
        case TESSERA_FEATURE_CLOISTER:
          return g_strdup_printf (_("the cloister with %s’s monk"), owner);
        case TESSERA_FEATURE_FIELD:
        default:
          return g_strdup_printf (_("the field with %s’s farmer"), owner);
        }
    }
  who = holders_phrase (game, holders);
  switch (kind)
    {
    case TESSERA_FEATURE_CITY:
      /* Translators: a feature by the players with followers in it: "the city held by Anna and Bram" */
      return g_strdup_printf (_("the city held by %s"), who);
    case TESSERA_FEATURE_ROAD:
      return g_strdup_printf (_("the road held by %s"), who);
    case TESSERA_FEATURE_CLOISTER:
      return g_strdup_printf (_("the cloister held by %s"), who);
    case TESSERA_FEATURE_FIELD:
    default:
      return g_strdup_printf (_("the field held by %s"), who);
    }
}

/* The text with its first letter a capital, for a line that starts with a phrase. */
static char *
capitalised (char *text)
{
  g_autofree char *owned = text;
  g_autofree char *first = NULL;

  if (text == NULL || *text == '\0')
    return g_steal_pointer (&owned);
  first = g_utf8_strup (text, g_utf8_next_char (text) - text);
  return g_strconcat (first, g_utf8_next_char (text), NULL);
}

/* What @ref names on @board: the feature of the spot, and the board segment; FALSE for no
 * road, city, cloister or field there (a tower's top is named "C" on its cell). */
static gboolean
lookup_spot (TesseraBoard          *board,
             const TesseraPieceRef *ref,
             TesseraFeatureKind    *kind,
             guint                 *segment)
{
  const TesseraPlacedTile *tile = tessera_board_lookup (board, ref->at);
  int local;

  if (tile == NULL || (local = tessera_spot_resolve_id (tile->type, tile->rotation, ref->spot, NULL)) < 0)
    return FALSE;
  *kind = tile->type->segments[local].kind;
  *segment = tile->first_segment + (guint) local;
  return TRUE;
}

/* A follower @ref names in @before (the game before the move): whose, and what it is;
 * @on_tower when it closes a tower. */
static gboolean
find_piece (TesseraGame           *before,
            const TesseraPieceRef *ref,
            int                   *owner,
            TesseraFeatureKind    *kind,
            gboolean              *on_tower)
{
  guint n_pieces, segment;
  const TesseraPiece *pieces = tessera_game_get_pieces (before, &n_pieces);

  *on_tower = FALSE;
  if (lookup_spot (tessera_game_get_board (before), ref, kind, &segment))
    for (guint i = 0; i < n_pieces; i++)
      if (pieces[i].segment == segment)
        {
          *owner = (int) pieces[i].player;
          *kind = pieces[i].kind;
          return TRUE;
        }
  if (tessera_game_has_tower (before))
    {
      GArray *towers = tessera_game_get_towers (before);

      for (guint i = 0; i < towers->len; i++)
        {
          const TesseraTower *tower = &g_array_index (towers, TesseraTower, i);

          if (tower->at.x == ref->at.x && tower->at.y == ref->at.y && tower->top >= 0)
            {
              *owner = tower->top;
              *on_tower = TRUE;
              return TRUE;
            }
        }
    }
  return FALSE;
}

/* "Anna’s knight in the city west of the tower", or "a knight …" without @with_owner. */
static char *
piece_in (TesseraGame           *before,
          const TesseraPlace    *place,
          const TesseraPieceRef *ref,
          gboolean               with_owner)
{
  const char * const *names = tessera_game_get_player_names (before);
  g_autofree char *where = tessera_place_describe (place, ref->at);
  TesseraFeatureKind kind;
  gboolean on_tower;
  int owner = -1;

  if (!find_piece (before, ref, &owner, &kind, &on_tower))
    /* Translators: a follower the log cannot name, and where */
    return g_strdup_printf (_("a follower %s"), where);
  if (on_tower)
    return with_owner
           /* Translators: "Bram’s follower on top of the tower north of the new tile" */
           ? g_strdup_printf (_("%1$s’s follower on top of the tower %2$s"), names[owner], where)
           : g_strdup_printf (_("a follower on top of the tower %s"), where);
  return tessera_piece_phrase (with_owner ? names[owner] : NULL, kind, where);
}

/**
 * tessera_crown_title:
 *
 * Returns: (transfer full): a crown space of the wheel: "Crown 1 of Taxes", "Crown of Fortuna"
 */
char *
tessera_crown_title (TesseraGame *game,
                     guint        segment,
                     guint        space)
{
  const TesseraWheelBoard *wheel = tessera_game_get_wheel (game);
  const TesseraWheelSegment *named;
  const char *phrase;

  g_return_val_if_fail (wheel != NULL && segment < wheel->n_segments, NULL);

  named = &wheel->segments[segment];
  phrase = tessera_wheel_segment_phrase (named->name);
  if (named->n_crowns > 1)
    /* Translators: a crown space of the wheel; %2$s is the wheel's segment, e.g. Taxes */
    return g_strdup_printf (_("Crown %1$u of %2$s"), space + 1, phrase);
  /* Translators: the crown space of a segment of the wheel, e.g. Fortuna */
  return g_strdup_printf (_("Crown of %s"), phrase);
}

/* The tower at @cell in @game: its height, or 0. */
static guint
tower_height (TesseraGame *game,
              TesseraCell  cell)
{
  GArray *towers = tessera_game_has_tower (game) ? tessera_game_get_towers (game) : NULL;

  for (guint i = 0; towers != NULL && i < towers->len; i++)
    if (g_array_index (towers, TesseraTower, i).at.x == cell.x && g_array_index (towers, TesseraTower, i).at.y == cell.y)
      return g_array_index (towers, TesseraTower, i).height;
  return 0;
}

/* What a turn did besides placing its tile, a line for each: the Plague, the follower, crown
 * or tower, the capture, the mage or witch, the crop circle. */
static void
describe_turn_details (TesseraGame        *game,
                       guint               index,
                       const TesseraEvent *event,
                       GString            *text)
{
  const char * const *names = tessera_game_get_player_names (game);
  TesseraBoard *board = tessera_game_get_board (game);
  const TesseraEventChoices *choices = event->choices;
  g_autoptr(TesseraGame) before = NULL;
  g_autoptr(TesseraGame) after = NULL;
  TesseraPlace near;
  TesseraFeatureKind kind;
  guint segment;

  tessera_place_init (&near, game);
  near.has_placed = TRUE;
  near.placed = event->at;
  /* Who stood where comes from the game as it was: only for the moves that take followers. */
  if ((choices != NULL && (choices->has_plague || (choices->has_crop && !choices->crop_add))) || event->has_capture)
    before = tessera_game_copy_at (game, index);

  for (guint i = 0; choices != NULL && choices->has_plague && i < choices->n_plague_choices; i++)
    {
      const TesseraPieceChoice *move = &choices->plague_choices[i];

      if (move->has_piece && before != NULL && move->player >= 0)
        {
          g_autofree char *piece = piece_in (before, &near, &move->piece, FALSE);

          g_string_append_c (text, '\n');
          /* Translators: the log: a player takes back a follower for the Plague */
          g_string_append_printf (text, _("Plague: %1$s takes back %2$s"), names[move->player], piece);
        }
    }

  switch (event->action)
    {
    case TESSERA_ACTION_FOLLOWER:
      {
        TesseraPieceRef ref = { event->at, { 0 } };

        g_strlcpy (ref.spot, event->spot, sizeof ref.spot);
        if (lookup_spot (board, &ref, &kind, &segment))
          {
            g_autofree char *where = tessera_place_describe (&near, event->at);
            g_autofree char *piece = capitalised (tessera_piece_phrase (NULL, kind, where));

            g_string_append_printf (text, "\n%s", piece);
          }
      }
      break;
    case TESSERA_ACTION_CROWN:
      {
        const TesseraWheelBoard *wheel = tessera_game_get_wheel (game);
        guint crown_segment, space;

        if (wheel != NULL && tessera_wheel_parse_crown (wheel, event->crown, &crown_segment, &space))
          {
            g_autofree char *crown = tessera_crown_title (game, crown_segment, space);

            g_string_append_c (text, '\n');
            /* Translators: the log: the move's follower went on a crown space, "A follower on Crown 1 of Taxes" */
            g_string_append_printf (text, _("A follower on %s"), crown);
          }
      }
      break;
    case TESSERA_ACTION_TOWER:
    case TESSERA_ACTION_TOWER_TOP:
      {
        g_autofree char *where = tessera_place_describe (&near, event->tower_at);
        guint height;

        after = tessera_game_copy_at (game, index + 1);
        height = after != NULL ? tower_height (after, event->tower_at) : 0;
        g_string_append_c (text, '\n');
        if (event->action == TESSERA_ACTION_TOWER_TOP)
          /* Translators: the log: "A follower closes the tower north of the new tile, 3 high" */
          g_string_append_printf (text, _("A follower closes the tower %1$s, %2$u high"), where, height);
        else if (height <= 1)
          /* Translators: the log: the first tower floor on a foundation */
          g_string_append_printf (text, _("A tower started on the foundation %s"), where);
        else
          /* Translators: the log: "A tower floor on the tower north of the new tile, now 3 high" */
          g_string_append_printf (text, _("A tower floor on the tower %1$s, now %2$u high"), where, height);
        if (event->has_capture && before != NULL)
          {
            TesseraPlace from_tower;
            g_autofree char *captured = NULL;

            tessera_place_init (&from_tower, game);
            from_tower.has_tower = TRUE;
            from_tower.tower = event->tower_at;
            captured = piece_in (before, &from_tower, &event->capture, TRUE);
            /* Translators: the log: "Captures Bram’s knight in the city west of the tower" */
            g_string_append_c (text, '\n');
            g_string_append_printf (text, _("Captures %s"), captured);
          }
      }
      break;
    case TESSERA_ACTION_NONE:
    default:
      break;
    }

  if (choices != NULL && choices->has_magic)
    {
      const TesseraMagicChoice *magic = &choices->magic_choice;
      gboolean mage = magic->figure == TESSERA_MAGIC_MAGE;

      g_string_append_c (text, '\n');
      if (!magic->has_to || !lookup_spot (board, &magic->to, &kind, &segment))
        g_string_append (text, mage ? _("The mage leaves the board") : _("The witch leaves the board"));
      else
        {
          g_autofree char *where = tessera_place_describe (&near, magic->to.at);

          if (kind == TESSERA_FEATURE_CITY)
            /* Translators: the log: "The mage goes to the city north of the new tile" */
            g_string_append_printf (text, mage ? _("The mage goes to the city %s") : _("The witch goes to the city %s"), where);
          else
            g_string_append_printf (text, mage ? _("The mage goes to the road %s") : _("The witch goes to the road %s"), where);
        }
    }

  for (guint i = 0; choices != NULL && choices->has_crop && i < choices->n_crop_moves; i++)
    {
      const TesseraPieceChoice *move = &choices->crop_moves[i];
      g_autofree char *piece = NULL;

      if (!move->has_piece || move->player < 0)
        continue;
      if (choices->crop_add)
        {
          g_autofree char *where = tessera_place_describe (&near, move->piece.at);

          if (!lookup_spot (board, &move->piece, &kind, &segment))
            continue;
          piece = tessera_piece_phrase (NULL, kind, where);
          g_string_append_c (text, '\n');
          /* Translators: the log: "Crop circle: Anna adds a knight in the city north of the new tile" */
          g_string_append_printf (text, _("Crop circle: %1$s adds %2$s"), names[move->player], piece);
        }
      else if (before != NULL)
        {
          piece = piece_in (before, &near, &move->piece, FALSE);
          g_string_append_c (text, '\n');
          g_string_append_printf (text, _("Crop circle: %1$s takes back %2$s"), names[move->player], piece);
        }
    }
}

/**
 * tessera_move_describe:
 * @index: an event of @game's log
 *
 * A move as the log lists it: its number, who, which tile and where from the start, and a line
 * for each other thing the move did.
 *
 * Returns: (transfer full): "9 · Bram: tile D 2 tiles east of the wheel\nA knight in the city
 *   on the new tile"
 */
char *
tessera_move_describe (TesseraGame *game,
                       guint        index)
{
  const char * const *names = tessera_game_get_player_names (game);
  const TesseraEvent *event;
  const char *name;

  g_return_val_if_fail (TESSERA_IS_GAME (game), NULL);
  g_return_val_if_fail (index < tessera_game_get_n_events (game), NULL);

  event = tessera_game_get_event (game, index);
  name = event->player >= 0 && (guint) event->player < tessera_game_get_n_players (game) ? names[event->player] : "";
  switch (event->kind)
    {
    case TESSERA_EVENT_TURN:
      {
        TesseraPlace start;
        g_autofree char *where = NULL;
        g_autoptr(GString) text = g_string_new (NULL);

        tessera_place_init (&start, game);
        where = tessera_place_describe (&start, event->at);
        /* Translators: a line of the score log: move number, player, tile id and where it went, "9 · Bram: tile D 2 tiles east of the wheel" */
        g_string_printf (text, _("%1$u · %2$s: tile %3$s %4$s"), index + 1, name, event->tile, where);
        describe_turn_details (game, index, event, text);
        return g_string_free (g_steal_pointer (&text), FALSE);
      }
    case TESSERA_EVENT_DISCARD:
      return g_strdup_printf (_("%u · %s: tile %s fitted nowhere and went back"), index + 1, name, event->tile);
    case TESSERA_EVENT_RANSOM:
      return g_strdup_printf (_("%u · %s paid a ransom to %s"), index + 1, name, names[event->from]);
    case TESSERA_EVENT_ADJUST:
      return g_strdup_printf (_("%u · %s: score corrected by %+d (%s)"), index + 1, name, event->points, event->reason);
    case TESSERA_EVENT_END:
      return g_strdup_printf (_("%u · End of the game: final scoring"), index + 1);
    default:
      g_return_val_if_reached (NULL);
    }
}

/* "Move 9 (Bram’s turn): …": the engine's message about @event, the move numbered @index + 1. */
static char *
renumber (TesseraGame        *game,
          guint               index,
          const TesseraEvent *event,
          const char         *message)
{
  const char * const *names = tessera_game_get_player_names (game);
  const char *name = event->player >= 0 && (guint) event->player < tessera_game_get_n_players (game)
                     ? names[event->player] : NULL;
  g_autofree char *where = tessera_event_describe (event, index, name);
  const char *reason;

  if (!g_str_has_prefix (message, where) || !g_str_has_prefix (message + strlen (where), ": "))
    return NULL;
  reason = message + strlen (where) + 2;
  if (name == NULL)
    /* Translators: a refused move, numbered as the score log numbers it: "Move 9: …" */
    return g_strdup_printf (_("Move %1$u: %2$s"), index + 1, reason);
  switch (event->kind)
    {
    case TESSERA_EVENT_TURN:
    case TESSERA_EVENT_DISCARD:
      /* Translators: a refused move, numbered as the score log numbers it: "Move 9 (Bram’s turn): tile D …" */
      return g_strdup_printf (_("Move %1$u (%2$s’s turn): %3$s"), index + 1, name, reason);
    case TESSERA_EVENT_RANSOM:
      return g_strdup_printf (_("Move %1$u (%2$s’s ransom): %3$s"), index + 1, name, reason);
    case TESSERA_EVENT_ADJUST:
      return g_strdup_printf (_("Move %1$u (score correction for %2$s): %3$s"), index + 1, name, reason);
    case TESSERA_EVENT_END:
    default:
      return g_strdup_printf (_("Move %1$u: %2$s"), index + 1, reason);
    }
}

/**
 * tessera_move_describe_refusal:
 * @game: the game as it was before the move was entered
 * @first: the number of the move entered, from 0: the end of @game's log for a new move, or the
 *   move corrected (the moves after it in @game are played again on top)
 * @event: what was entered
 * @message: the engine's refusal, which names the refused event as records number them
 *
 * The refusal with the refused move numbered as the log numbers it.
 *
 * Returns: (transfer full) (nullable): "Move 9 (Bram’s turn): …", or %NULL when @message does
 *   not name one of these moves (then it is shown as it is)
 */
char *
tessera_move_describe_refusal (TesseraGame        *game,
                               guint               first,
                               const TesseraEvent *event,
                               const char         *message)
{
  char *renumbered;
  guint n_events;

  g_return_val_if_fail (TESSERA_IS_GAME (game), NULL);
  g_return_val_if_fail (event != NULL && message != NULL, NULL);

  if ((renumbered = renumber (game, first, event, message)) != NULL)
    return renumbered;
  n_events = tessera_game_get_n_events (game);
  for (guint i = first + 1; i < n_events; i++)
    if ((renumbered = renumber (game, i, tessera_game_get_event (game, i), message)) != NULL)
      return renumbered;
  return NULL;
}
