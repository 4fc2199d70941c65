/* tessera-bench-history.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tessera-bench-history.h"
#include "tessera-random-game.h"

/* The history the app's benchmarks open: years of game nights, as the archive and the start
 * page meet them. Shared, so that one kept history (--history FILE) serves every benchmark. */

static const char * const names[] = {
  "Anna", "Bram", "Carmen", "Daan", "Eva", "Femke", "Gijs", "Hanna", "Ivo", "Joost", "Karin", "Lotte",
};
static const char * const places[] = { "Club De Toren, Utrecht", "Café Het Rad, Leiden", "Anna's kitchen" };

static const char * const base_box[] = { "base", NULL };
static const char * const wheel_tower[] = { "wheel-of-fortune", "tower", NULL };
static const char * const mixed[] = { "base", "wheel-of-fortune", NULL };
static const char * const everything[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
static const char * const * const kinds[] = { base_box, wheel_tower, mixed, everything };

/**
 * tessera_bench_fill_history:
 * @path: the history's file, made if missing
 *
 * Stores @n_games generated games of two to five players from twelve names, with every kind of
 * box; most say when (over twelve years) and half where they were played, and one in 500 is
 * still in progress.
 */
void
tessera_bench_fill_history (const char *path,
                            guint       n_games)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraStore) store = tessera_store_open (path, &error);
  gint64 start = g_get_monotonic_time ();

  g_assert_no_error (error);
  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr(TesseraRecord) setup = tessera_record_new ();
      g_autoptr(TesseraRecord) record = NULL;
      guint n_players = 2 + i % 4;
      gboolean already;

      for (guint s = 0; kinds[i % G_N_ELEMENTS (kinds)][s] != NULL; s++)
        g_ptr_array_add (setup->sets, g_strdup (kinds[i % G_N_ELEMENTS (kinds)][s]));
      for (guint p = 0; p < n_players; p++)
        tessera_record_add_player (setup, names[(i + p * 5) % G_N_ELEMENTS (names)], tessera_colors[(i + p) % 5]);
      record = tessera_random_game_from_header (i + 1, setup);
      /* Most games say when and where they were played, over twelve years of game nights. */
      if (i % 4 != 3)
        {
          record->played = g_new0 (TesseraPlayed, 1);
          record->played->start = g_strdup_printf ("%u-%02u-%02uT%02u:%02u:00+01:00", 2015 + i % 12, 1 + i % 12,
                                                   1 + i % 28, 17 + i % 5, i % 60);
          if (i % 2 == 0)
            record->played->place = g_strdup (places[i % G_N_ELEMENTS (places)]);
        }
      if (i % 500 == 7)
        g_ptr_array_set_size (record->events, record->events->len / 2);
      g_assert (tessera_store_import_record (store, record, &already, &error) > 0 && !already);
    }
  g_print ("history of %u games built in %.1f s\n", n_games, (g_get_monotonic_time () - start) / 1e6);
}
