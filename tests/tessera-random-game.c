/* tessera-random-game.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tessera-random-game.h"

static const char *names[] = { "Anna", "Bram", "Carmen", "Daan", "Eva" };

TesseraRecord *
tessera_random_game (guint32 seed,
                     guint   n_players)
{
  g_autoptr(TesseraRecord) setup = tessera_record_new ();
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GPtrArray) deck = g_ptr_array_new ();
  g_autoptr(GArray) placements = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));
  g_autoptr(GArray) spots = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  GArray *supply;

  g_assert (n_players >= 2 && n_players <= TESSERA_MAX_PLAYERS);
  g_ptr_array_add (setup->sets, g_strdup ("base"));
  for (guint p = 0; p < n_players; p++)
    tessera_record_add_player (setup, names[p], tessera_colors[p]);
  game = tessera_game_new (setup, &error);
  g_assert_no_error (error);

  supply = tessera_game_get_supply (game);
  for (guint i = 0; i < supply->len; i++)
    {
      const TesseraSupplyEntry *entry = &g_array_index (supply, TesseraSupplyEntry, i);

      for (guint n = 0; n < entry->left; n++)
        g_ptr_array_add (deck, (gpointer) entry->entry);
    }
  /* Fisher-Yates, driven by the seed. */
  for (guint i = deck->len; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
      gpointer tmp = deck->pdata[i - 1];

      deck->pdata[i - 1] = deck->pdata[j];
      deck->pdata[j] = tmp;
    }

  for (guint d = 0; d < deck->len; d++)
    {
      const TesseraBoxEntry *entry = g_ptr_array_index (deck, d);
      guint player = tessera_game_get_current_player (game);
      g_autoptr(TesseraEvent) event = NULL;
      const TesseraPlacement *placement;

      g_array_set_size (placements, 0);
      tessera_board_list_placements (tessera_game_get_board (game), entry->type, placements);
      if (placements->len == 0)
        {
          event = tessera_event_new (TESSERA_EVENT_DISCARD);
          event->player = (int) player;
          tessera_event_set_tile (event, entry->id);
          if (!tessera_game_apply (game, event, &error))
            g_error ("The random game %u made an illegal discard: %s", seed, error->message);
          continue;
        }

      placement = &g_array_index (placements, TesseraPlacement, g_rand_int_range (rand, 0, (gint32) placements->len));
      event = tessera_event_new (TESSERA_EVENT_TURN);
      event->player = (int) player;
      tessera_event_set_tile (event, entry->id);
      event->at = placement->cell;
      /* A tile with fewer distinct orientations may be written with any equivalent rotation. */
      event->rotation = 90 * (placement->rotation + entry->type->rotations * g_rand_int_range (rand, 0, 4 / entry->type->rotations));

      g_array_set_size (spots, 0);
      tessera_game_list_follower_spots (game, entry->type, placement->cell, (guint) event->rotation / 90, spots);
      if (spots->len > 0 && tessera_game_get_followers_in_supply (game, player) > 0 && g_rand_int_range (rand, 0, 3) > 0)
        {
          guint segment = g_array_index (spots, guint, g_rand_int_range (rand, 0, (gint32) spots->len));
          event->action = TESSERA_ACTION_FOLLOWER;
          /* Name spots both ways the record format allows. */
          if (g_rand_boolean (rand))
            tessera_spot_name (entry->type, (guint) event->rotation / 90, segment, event->spot);
          else
            g_strlcpy (event->spot, entry->type->segments[segment].id, sizeof event->spot);
        }
      if (!tessera_game_apply (game, event, &error))
        g_error ("The random game %u made an illegal turn: %s", seed, error->message);

      if (g_rand_int_range (rand, 0, 50) == 0)
        {
          g_autoptr(TesseraEvent) adjust = tessera_event_new (TESSERA_EVENT_ADJUST);

          adjust->player = g_rand_int_range (rand, 0, (gint32) n_players);
          adjust->points = g_rand_int_range (rand, 1, 5);
          adjust->reason = g_strdup ("a point the table forgot");
          if (!tessera_game_apply (game, adjust, &error))
            g_error ("The random game %u made an illegal correction: %s", seed, error->message);
        }
    }

  {
    g_autoptr(TesseraEvent) end = tessera_event_new (TESSERA_EVENT_END);

    if (!tessera_game_apply (game, end, &error))
      g_error ("The random game %u could not end: %s", seed, error->message);
  }
  return tessera_game_to_record (game);
}
