/* tessera-game-setup.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-game"

#include "config.h"

#include <string.h>

#include "tessera-engine-private.h"
#include "tessera-game-private.h"
#include "tessera-record.h"

/* A game's copy of its record's header (GameSetup, tessera-game-private.h): one block that
 * every copy of the game shares, made once per replay. */

/* Copies @text to *@pool and moves *@pool past it. */
static const char *
pool_add (char       **pool,
          const char  *text)
{
  char *copy = *pool;
  gsize size;

  if (text == NULL)
    return NULL;
  size = strlen (text) + 1;
  memcpy (copy, text, size);
  *pool += size;
  return copy;
}

static gsize
pool_size (const char *text)
{
  return text != NULL ? strlen (text) + 1 : 0;
}

GameSetup *
_tessera_game_setup_new (const TesseraRecord *record)
{
  guint n_crop = record->crop_circle_tiles != NULL ? record->crop_circle_tiles->len : 0;
  guint n_box = record->box != NULL ? record->box->len : 0;
  gsize size = sizeof (GameSetup) + sizeof (char *) * (record->sets->len + n_crop) + sizeof (TesseraBoxCount) * n_box;
  GameSetup *setup;
  char *pool;

  /* The strings may be out of the cache, each in a block of its own: fetch them together. */
  for (guint i = 0; i < record->players->len; i++)
    {
      __builtin_prefetch (g_array_index (record->players, TesseraPlayerInfo, i).name);
      __builtin_prefetch (g_array_index (record->players, TesseraPlayerInfo, i).color);
    }
  for (guint i = 0; i < record->sets->len; i++)
    __builtin_prefetch (g_ptr_array_index (record->sets, i));

  for (guint i = 0; i < record->sets->len; i++)
    size += pool_size (g_ptr_array_index (record->sets, i));
  size += pool_size (record->start);
  for (guint i = 0; i < record->players->len; i++)
    {
      const TesseraPlayerInfo *player = &g_array_index (record->players, TesseraPlayerInfo, i);

      size += pool_size (player->name) + pool_size (player->color);
    }
  for (guint i = 0; i < n_crop; i++)
    size += pool_size (g_ptr_array_index (record->crop_circle_tiles, i));
  for (guint i = 0; i < n_box; i++)
    size += pool_size (g_array_index (record->box, TesseraBoxCount, i).tile);
  if (record->played != NULL)
    size += pool_size (record->played->start) + pool_size (record->played->end) + pool_size (record->played->place);

  /* Shared by the copies of a game, in any thread: a change of the header makes a new one. */
  setup = g_atomic_rc_box_alloc0 (size);
  /* The corrections first: they hold pointers and a number, and the pool's strings any length. */
  setup->box = (TesseraBoxCount *) (setup + 1);
  setup->sets = (const char **) (setup->box + n_box);
  setup->crop_circle_tiles = record->crop_circle_tiles != NULL ? setup->sets + record->sets->len : NULL;
  pool = (char *) (setup->sets + record->sets->len + n_crop);

  setup->n_players = record->players->len;
  for (guint i = 0; i < record->players->len; i++)
    {
      const TesseraPlayerInfo *player = &g_array_index (record->players, TesseraPlayerInfo, i);

      setup->names[i] = pool_add (&pool, player->name);
      setup->colors[i] = pool_add (&pool, player->color);
    }
  setup->n_sets = record->sets->len;
  for (guint i = 0; i < record->sets->len; i++)
    setup->sets[i] = pool_add (&pool, g_ptr_array_index (record->sets, i));
  setup->start = pool_add (&pool, record->start);
  setup->has_rules = record->has_rules;
  setup->tower_capture_own = record->tower_capture_own;
  setup->tower_top_capturable = record->tower_top_capturable;
  setup->n_crop_circle_tiles = n_crop;
  for (guint i = 0; i < n_crop; i++)
    setup->crop_circle_tiles[i] = pool_add (&pool, g_ptr_array_index (record->crop_circle_tiles, i));
  setup->n_box = n_box;
  for (guint i = 0; i < n_box; i++)
    {
      const TesseraBoxCount *count = &g_array_index (record->box, TesseraBoxCount, i);

      setup->box[i].tile = (char *) pool_add (&pool, count->tile);
      setup->box[i].copies = count->copies;
    }
  if (record->played != NULL)
    {
      setup->has_played = TRUE;
      setup->played.start = (char *) pool_add (&pool, record->played->start);
      setup->played.end = (char *) pool_add (&pool, record->played->end);
      setup->played.place = (char *) pool_add (&pool, record->played->place);
    }
  g_assert (pool == (char *) setup + size);
  return setup;
}

gboolean
_tessera_game_setup_has_set (const GameSetup *setup,
                             const char      *set)
{
  for (guint i = 0; i < setup->n_sets; i++)
    if (g_str_equal (setup->sets[i], set))
      return TRUE;
  return FALSE;
}

/* A record with @setup's header and no events yet. */
TesseraRecord *
_tessera_game_setup_to_record (const GameSetup *setup)
{
  TesseraRecord *record = tessera_record_new ();

  for (guint i = 0; i < setup->n_sets; i++)
    g_ptr_array_add (record->sets, g_strdup (setup->sets[i]));
  record->start = g_strdup (setup->start);
  for (guint i = 0; i < setup->n_players; i++)
    tessera_record_add_player (record, setup->names[i], setup->colors[i]);
  record->has_rules = setup->has_rules;
  record->tower_capture_own = setup->tower_capture_own;
  record->tower_top_capturable = setup->tower_top_capturable;
  if (setup->crop_circle_tiles != NULL)
    {
      record->crop_circle_tiles = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < setup->n_crop_circle_tiles; i++)
        g_ptr_array_add (record->crop_circle_tiles, g_strdup (setup->crop_circle_tiles[i]));
    }
  for (guint i = 0; i < setup->n_box; i++)
    tessera_record_set_box_count (record, setup->box[i].tile, setup->box[i].copies);
  if (setup->has_played)
    record->played = tessera_played_copy (&setup->played);
  return record;
}

void
_tessera_game_setup_get_box_sets (const GameSetup *setup,
                                  TesseraBoxSets  *sets)
{
  sets->sets = setup->sets;
  sets->n_sets = setup->n_sets;
  sets->crop_circle_tiles = setup->crop_circle_tiles;
  sets->n_crop_circle_tiles = setup->n_crop_circle_tiles;
}
