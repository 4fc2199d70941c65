/* tessera-random-game.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tessera-random-game.h"

static const char *names[] = { "Anna", "Bram", "Carmen", "Daan", "Eva" };

/* Where the game's decisions come from: a seeded GRand (the same seed, the same calls in the
 * same order, the same game), or a fuzzer's bytes, one decision from the next byte or two, so
 * that changing one byte changes one decision. Once the bytes run out every decision is the
 * first choice and the game stops before its next tile. */
typedef struct
{
  GRand        *rand;
  const guint8 *bytes;
  gsize         n_bytes;
  gsize         next;
  gboolean      exhausted;
} ChoiceSource;

/* A number in [begin, end), as g_rand_int_range () gives it. */
static gint32
choose_int (ChoiceSource *source,
            gint32        begin,
            gint32        end)
{
  guint32 n = (guint32) (end - begin);
  guint32 value;

  if (source->rand != NULL)
    return g_rand_int_range (source->rand, begin, end);
  if (n <= 1)
    return begin;
  if (source->next + (n > 256 ? 2 : 1) > source->n_bytes)
    {
      source->exhausted = TRUE;
      return begin;
    }
  value = source->bytes[source->next++];
  if (n > 256)
    value = value << 8 | source->bytes[source->next++];
  return begin + (gint32) (value % n);
}

static gboolean
choose_boolean (ChoiceSource *source)
{
  if (source->rand != NULL)
    return g_rand_boolean (source->rand);
  return choose_int (source, 0, 2) == 1;
}

/* A follower on the board, named as a record names it. */
static void
name_piece (TesseraGame        *game,
            const TesseraPiece *piece,
            TesseraPieceRef    *ref)
{
  const TesseraPlacedTile *tile = tessera_board_segment_tile (tessera_game_get_board (game), piece->segment);

  ref->at = tile->cell;
  tessera_spot_name (tile->type, tile->rotation, piece->segment - tile->first_segment, ref->spot);
}

/* The Plague choices of a wheel tile that lands on Plague: each player in turn, from the
 * active one, takes back a random follower of theirs from the board. NULL now and then when
 * nobody has anything to take back: the record may leave the choices out then. */
static GArray *
choose_plague (TesseraGame  *game,
               ChoiceSource *source,
               guint         active)
{
  guint n_players = tessera_game_get_n_players (game);
  guint n_pieces;
  const TesseraPiece *pieces = tessera_game_get_pieces (game, &n_pieces);
  g_autoptr(GArray) choices = g_array_new (FALSE, TRUE, sizeof (TesseraPieceChoice));
  gboolean anyone = FALSE;

  for (guint i = 0; i < n_players; i++)
    {
      guint player = (active + i) % n_players;
      g_autoptr(GArray) own = g_array_new (FALSE, FALSE, sizeof (guint));
      TesseraPieceChoice choice = { (int) player, FALSE, { { 0, 0 }, "" } };

      for (guint j = 0; j < n_pieces; j++)
        if (pieces[j].player == player)
          g_array_append_val (own, j);
      /* A follower on a tower top is not among them: it stays there (X5). */
      if (own->len > 0)
        {
          name_piece (game, &pieces[g_array_index (own, guint, choose_int (source, 0, (gint32) own->len))], &choice.piece);
          choice.has_piece = TRUE;
        }
      anyone |= choice.has_piece;
      g_array_append_val (choices, choice);
    }
  if (!anyone && choose_boolean (source))
    return NULL;
  return g_steal_pointer (&choices);
}

/* Adds the wheel's choices to an event for a drawn wheel tile. */
static void
prepare_wheel (TesseraGame           *game,
               ChoiceSource          *source,
               const TesseraBoxEntry *entry,
               TesseraEvent          *event)
{
  const TesseraWheelBoard *wheel = tessera_game_get_wheel (game);
  guint landing;

  if (wheel == NULL || entry->wheel == 0)
    return;
  landing = (tessera_game_get_pig (game) + entry->wheel) % wheel->n_segments;
  if (g_str_equal (wheel->segments[landing].name, "plague"))
    {
      g_autoptr(GArray) plague = choose_plague (game, source, (guint) event->player);

      if (plague != NULL)
        tessera_event_set_plague (event, (const TesseraPieceChoice *) (gpointer) plague->data, plague->len);
    }
}

/* A free crown space, if the player puts a follower there this turn: spaces free now stay free
 * whatever the wheel does first. */
static gboolean
choose_crown (TesseraGame  *game,
              ChoiceSource *source,
              char          name[TESSERA_ID_SIZE])
{
  const TesseraWheelBoard *wheel = tessera_game_get_wheel (game);
  guint free_segments[12], free_spaces[12];
  guint n_free = 0;

  if (wheel == NULL)
    return FALSE;
  for (guint s = 0; s < wheel->n_segments; s++)
    for (guint c = 0; c < wheel->segments[s].n_crowns; c++)
      if (tessera_game_get_crown_occupant (game, s, c) < 0)
        {
          free_segments[n_free] = s;
          free_spaces[n_free++] = c;
        }
  if (n_free == 0)
    return FALSE;
  {
    guint pick = (guint) choose_int (source, 0, (gint32) n_free);
    char buffer[TESSERA_CROWN_NAME_SIZE];

    g_strlcpy (name, tessera_wheel_crown_name (wheel, free_segments[pick], free_spaces[pick], buffer), TESSERA_ID_SIZE);
  }
  return TRUE;
}

/* A tower action: a floor on a random foundation or open tower (the new tile's own foundation
 * too) with a random capture in range, or a follower closing a random open tower. */
static gboolean
choose_tower (TesseraGame           *game,
              ChoiceSource          *source,
              const TesseraBoxEntry *entry,
              TesseraEvent          *event)
{
  guint player = (guint) event->player;
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
  g_autoptr(GArray) captures = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *towers = tessera_game_get_towers (game);
  const TesseraTower *tower = NULL;
  TesseraCell target;
  gboolean plague = event->choices != NULL && event->choices->has_plague;

  if (!tessera_game_has_tower (game))
    return FALSE;

  /* Close a tower now and then. */
  if (towers->len > 0 && tessera_game_get_followers_in_supply (game, player) > 0 && choose_int (source, 0, 4) == 0)
    {
      const TesseraTower *candidate = &g_array_index (towers, TesseraTower, choose_int (source, 0, (gint32) towers->len));

      if (candidate->top < 0)
        {
          event->action = TESSERA_ACTION_TOWER_TOP;
          event->tower_at = candidate->at;
          return TRUE;
        }
    }

  if (tessera_game_get_tower_pieces (game, player) == 0)
    return FALSE;
  tessera_game_list_tower_targets (game, targets);
  if (entry->type->tower)
    g_array_append_val (targets, event->at);
  if (targets->len == 0)
    return FALSE;
  target = g_array_index (targets, TesseraCell, choose_int (source, 0, (gint32) targets->len));
  for (guint i = 0; i < towers->len; i++)
    if (g_array_index (towers, TesseraTower, i).at.x == target.x && g_array_index (towers, TesseraTower, i).at.y == target.y)
      tower = &g_array_index (towers, TesseraTower, i);

  event->action = TESSERA_ACTION_TOWER;
  event->tower_at = target;
  /* A Plague on the same turn could take the chosen follower away first: no capture then. */
  if (!plague)
    tessera_game_list_captures (game, player, target, (tower != NULL ? tower->height : 0) + 1, captures, NULL);
  if (captures->len > 0 && choose_int (source, 0, 3) > 0)
    {
      guint index = g_array_index (captures, guint, choose_int (source, 0, (gint32) captures->len));
      guint n_pieces;
      const TesseraPiece *piece = &tessera_game_get_pieces (game, &n_pieces)[index];
      const TesseraPlacedTile *tile = tessera_board_segment_tile (tessera_game_get_board (game), piece->segment);

      event->has_capture = TRUE;
      event->capture.at = tile->cell;
      tessera_spot_name (tile->type, tile->rotation, piece->segment - tile->first_segment, event->capture.spot);
    }
  return TRUE;
}

/* The Mage & Witch choice a placement needs, seen on a copy of the board with the tile on it:
 * a random figure to a random road or city it may go to, or off the board when none can go. */
static void
prepare_magic (TesseraGame           *game,
               ChoiceSource          *source,
               const TesseraBoxEntry *entry,
               TesseraEvent          *event)
{
  g_autoptr(TesseraBoard) board = NULL;
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (TesseraPieceRef));
  int segments[2];
  gboolean joined;
  guint first = (guint) choose_int (source, 0, 2);

  if (!tessera_game_has_magic (game))
    return;
  segments[0] = tessera_game_get_magic_segment (game, TESSERA_MAGIC_MAGE);
  segments[1] = tessera_game_get_magic_segment (game, TESSERA_MAGIC_WITCH);
  board = tessera_board_copy (tessera_game_get_board (game));
  tessera_board_place (board, entry->type, event->at, (guint) event->rotation / 90);
  joined = segments[0] >= 0 && segments[1] >= 0 &&
           tessera_board_find (board, (guint) segments[0]) == tessera_board_find (board, (guint) segments[1]);
  if (!entry->type->magic && !joined)
    return;

  for (guint i = 0; i < 2; i++)
    {
      TesseraMagicFigure figure = (first + i) % 2;

      g_array_set_size (targets, 0);
      tessera_game_list_magic_targets (game, entry->type, event->at, (guint) event->rotation / 90, figure, targets);
      if (targets->len > 0)
        {
          const TesseraPieceRef *target = &g_array_index (targets, TesseraPieceRef,
                                                          choose_int (source, 0, (gint32) targets->len));

          tessera_event_set_magic (event, figure, target);
          return;
        }
    }
  {
    /* Nowhere to go: a figure on the board leaves it; with none on it, nothing happens. */
    int leaving = segments[first] >= 0 ? (int) first : segments[1 - first] >= 0 ? (int) (1 - first) : -1;

    if (leaving >= 0)
      tessera_event_set_magic (event, (TesseraMagicFigure) leaving, NULL);
  }
}

/* Whether @player may add a follower with the circle: one in supply that this turn's scoring
 * did not send home (C10). */
static gboolean
can_add (TesseraGame     *game,
         TesseraCropKind  crop,
         guint            player)
{
  g_autoptr(GArray) choices = g_array_new (FALSE, FALSE, sizeof (TesseraChoice));

  tessera_game_list_crop_choices (game, crop, TRUE, player, choices);
  return choices->len > 0;
}

/* The crop-circle moves of a turn with a crop-circle tile. They depend on the board once the turn
 * is scored, so the turn is first played on a copy of the game with everyone passing on "add". */
static void
prepare_crop (TesseraGame           *game,
              ChoiceSource          *source,
              const TesseraBoxEntry *entry,
              TesseraEvent          *event)
{
  guint n_players = tessera_game_get_n_players (game);
  guint active = (guint) event->player;
  g_autoptr(TesseraRecord) so_far = NULL;
  g_autoptr(TesseraGame) scratch = NULL;
  g_autoptr(TesseraEvent) trial = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree TesseraPieceChoice *moves = NULL;
  TesseraFeatureKind kind;
  gboolean add = choose_boolean (source);
  gboolean anyone = FALSE;
  const TesseraPiece *pieces;
  guint n_pieces;

  if (entry->type->crop == TESSERA_CROP_NONE)
    return;
  kind = entry->type->crop == TESSERA_CROP_CITY ? TESSERA_FEATURE_CITY
       : entry->type->crop == TESSERA_CROP_ROAD ? TESSERA_FEATURE_ROAD : TESSERA_FEATURE_FIELD;

  moves = g_new0 (TesseraPieceChoice, n_players);
  for (guint i = 0; i < n_players; i++)
    moves[i].player = (int) ((active + 1 + i) % n_players);
  trial = tessera_event_copy (event);
  tessera_event_set_crop (trial, TRUE, moves, n_players);

  so_far = tessera_game_to_record (game);
  scratch = tessera_game_new_from_record (so_far, G_MAXUINT, &error);
  g_assert_no_error (error);
  if (!tessera_game_apply (scratch, trial, &error))
    g_error ("The random game made an illegal crop-circle turn: %s", error->message);

  pieces = tessera_game_get_pieces (scratch, &n_pieces);
  for (guint i = 0; i < n_players; i++)
    {
      guint player = (active + 1 + i) % n_players;
      g_autoptr(GArray) own = g_array_new (FALSE, FALSE, sizeof (guint));

      for (guint j = 0; j < n_pieces; j++)
        {
          const TesseraPiece *piece = &pieces[j];

          if (piece->player == player && piece->kind == kind)
            g_array_append_val (own, j);
        }
      anyone |= own->len > 0;
      /* Adding goes next to one of the player's own followers of the kind, and may be passed. */
      if (own->len > 0 && (!add || (can_add (scratch, entry->type->crop, player) && choose_boolean (source))))
        {
          name_piece (scratch, &pieces[g_array_index (own, guint, choose_int (source, 0, (gint32) own->len))],
                      &moves[i].piece);
          moves[i].has_piece = TRUE;
        }
    }

  if (anyone)
    tessera_event_set_crop (event, add, moves, n_players);
}

/* Now and then a player buys a follower back from a captor. */
static void
maybe_ransom (TesseraGame  *game,
              ChoiceSource *source)
{
  guint n_players = tessera_game_get_n_players (game);
  g_autoptr(GError) error = NULL;

  if (!tessera_game_has_tower (game) || choose_int (source, 0, 4) != 0)
    return;
  for (guint payer = 0; payer < n_players; payer++)
    for (guint captor = 0; captor < n_players; captor++)
      if (tessera_game_get_prisoners (game, captor, payer) > 0 && tessera_game_get_score (game, payer) >= 3)
        {
          g_autoptr(TesseraEvent) ransom = tessera_event_new (TESSERA_EVENT_RANSOM);

          ransom->player = (int) payer;
          ransom->from = (int) captor;
          if (!tessera_game_apply (game, ransom, &error))
            g_error ("The random game made an illegal ransom: %s", error->message);
          return;
        }
}

TesseraRecord *
tessera_random_game (guint32 seed,
                     guint   n_players)
{
  static const char * const base[] = { "base", NULL };

  return tessera_random_game_with_sets (seed, n_players, base);
}

TesseraRecord *
tessera_random_game_with_sets (guint32             seed,
                               guint               n_players,
                               const char * const *sets)
{
  g_autoptr(TesseraRecord) setup = tessera_record_new ();

  g_assert (n_players >= 2 && n_players <= TESSERA_MAX_PLAYERS);
  for (guint i = 0; sets[i] != NULL; i++)
    g_ptr_array_add (setup->sets, g_strdup (sets[i]));
  for (guint p = 0; p < n_players; p++)
    tessera_record_add_player (setup, names[p], tessera_colors[p]);
  return tessera_random_game_from_header (seed, setup);
}

/* A game of @setup's sets, players and box (its events are ignored) with @source's decisions:
 * all of it, or with bytes as many turns as they decide, at most @max_turns. */
static TesseraRecord *
play (const TesseraRecord *setup,
      ChoiceSource        *source,
      guint                max_turns,
      const char          *name)
{
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GPtrArray) deck = g_ptr_array_new ();
  g_autoptr(GArray) placements = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));
  g_autoptr(GArray) spots = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  GArray *supply;

  game = tessera_game_new (setup, &error);
  g_assert_no_error (error);

  supply = tessera_game_get_supply (game);
  for (guint i = 0; i < supply->len; i++)
    {
      const TesseraSupplyEntry *entry = &g_array_index (supply, TesseraSupplyEntry, i);

      for (guint n = 0; n < entry->left; n++)
        g_ptr_array_add (deck, (gpointer) entry->entry);
    }
  /* Fisher-Yates, driven by the seed. The bytes pick each tile when it is drawn. */
  if (source->rand != NULL)
    for (guint i = deck->len; i > 1; i--)
      {
        guint j = (guint) choose_int (source, 0, (gint32) i);
        gpointer tmp = deck->pdata[i - 1];

        deck->pdata[i - 1] = deck->pdata[j];
        deck->pdata[j] = tmp;
      }

  for (guint d = 0; d < deck->len; d++)
    {
      const TesseraBoxEntry *entry;
      guint player = tessera_game_get_current_player (game);
      g_autoptr(TesseraEvent) event = NULL;
      const TesseraPlacement *placement;

      /* Out of bytes: the record of a game in progress. */
      if (source->rand == NULL)
        {
          guint j;

          if (source->exhausted || d >= max_turns)
            return tessera_game_to_record (game);
          j = d + (guint) choose_int (source, 0, (gint32) (deck->len - d));
          entry = g_ptr_array_index (deck, j);
          deck->pdata[j] = deck->pdata[d];
          deck->pdata[d] = (gpointer) entry;
        }
      entry = g_ptr_array_index (deck, d);

      g_array_set_size (placements, 0);
      tessera_board_list_placements (tessera_game_get_board (game), entry->type, placements);
      if (placements->len == 0)
        {
          event = tessera_event_new (TESSERA_EVENT_DISCARD);
          event->player = (int) player;
          tessera_event_set_tile (event, entry->id);
          prepare_wheel (game, source, entry, event);
          if (!tessera_game_apply (game, event, &error))
            g_error ("%s made an illegal discard: %s", name, error->message);
          continue;
        }

      placement = &g_array_index (placements, TesseraPlacement, choose_int (source, 0, (gint32) placements->len));
      event = tessera_event_new (TESSERA_EVENT_TURN);
      event->player = (int) player;
      tessera_event_set_tile (event, entry->id);
      prepare_wheel (game, source, entry, event);
      event->at = placement->cell;
      /* A tile with fewer distinct orientations may be written with any equivalent rotation. */
      event->rotation = 90 * (placement->rotation + entry->type->rotations * choose_int (source, 0, 4 / entry->type->rotations));

      g_array_set_size (spots, 0);
      tessera_game_list_follower_spots (game, entry->type, placement->cell, (guint) event->rotation / 90, spots);
      if (spots->len > 0 && tessera_game_get_followers_in_supply (game, player) > 0 && choose_int (source, 0, 3) > 0)
        {
          guint segment = g_array_index (spots, guint, choose_int (source, 0, (gint32) spots->len));
          event->action = TESSERA_ACTION_FOLLOWER;
          /* Name spots both ways the record format allows. */
          if (choose_boolean (source))
            tessera_spot_name (entry->type, (guint) event->rotation / 90, segment, event->spot);
          else
            g_strlcpy (event->spot, entry->type->segments[segment].id, sizeof event->spot);
        }
      else if (tessera_game_get_followers_in_supply (game, player) > 0 && choose_int (source, 0, 6) == 0 &&
               choose_crown (game, source, event->crown))
        event->action = TESSERA_ACTION_CROWN;
      else if (choose_int (source, 0, 3) == 0)
        choose_tower (game, source, entry, event);
      prepare_magic (game, source, entry, event);
      prepare_crop (game, source, entry, event);
      if (!tessera_game_apply (game, event, &error))
        g_error ("%s made an illegal turn: %s", name, error->message);

      /* Between turns: after the last one the game is over (B11). */
      if (!tessera_game_is_finished (game))
        maybe_ransom (game, source);

      if (choose_int (source, 0, 50) == 0)
        {
          g_autoptr(TesseraEvent) adjust = tessera_event_new (TESSERA_EVENT_ADJUST);

          adjust->player = choose_int (source, 0, (gint32) tessera_game_get_n_players (game));
          adjust->points = choose_int (source, 1, 5);
          adjust->reason = g_strdup ("a point the table forgot");
          if (!tessera_game_apply (game, adjust, &error))
            g_error ("%s made an illegal correction: %s", name, error->message);
        }
    }

  {
    g_autoptr(TesseraEvent) end = tessera_event_new (TESSERA_EVENT_END);

    if (!tessera_game_apply (game, end, &error))
      g_error ("%s could not end: %s", name, error->message);
  }
  return tessera_game_to_record (game);
}

/* A whole game of @setup's sets, players and box (its events are ignored). */
TesseraRecord *
tessera_random_game_from_header (guint32              seed,
                                 const TesseraRecord *setup)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  ChoiceSource source = { rand, NULL, 0, 0, FALSE };
  g_autofree char *name = g_strdup_printf ("The random game %u", seed);

  return play (setup, &source, G_MAXUINT, name);
}

TesseraRecord *
tessera_random_game_from_bytes (const TesseraRecord *setup,
                                const guint8        *bytes,
                                gsize                n_bytes,
                                guint                max_turns)
{
  ChoiceSource source = { NULL, bytes, n_bytes, 0, FALSE };

  return play (setup, &source, max_turns, "The fuzzed game");
}
