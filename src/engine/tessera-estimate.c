/* tessera-estimate.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-estimate"

#include "config.h"

#include <math.h>
#include <string.h>

#include "tessera-engine-private.h"
#include "tessera-estimate.h"
#include "tessera-game-private.h"
#include "tessera-tower.h"

/* The estimate, E(p), for each player p:
 *
 *   the score now
 *   + for each unfinished road, city or cloister p wins (most followers, ties shared):
 *       P x (its points when completed) + (1 - P) x (its points at the end, unfinished)
 *   + for each farm p wins: 3 x (its completed cities + the sum of P over its unfinished ones)
 *   + for each crown space p holds: the chance the pig lands on its segment x its points
 *   + 1.5 for each prisoner p holds, - 1.5 for each of p's followers held
 *   + for each follower in p's supply: 2, or less with fewer than 24 tiles left (2 x tiles
 *     left / 24): it can still go out and score
 *
 * P, the chance a road, city or cloister is completed, is the product over its open ends (the
 * empty cells it runs into, or around a cloister) of 1 - (1/2)^n, where n is the copies left
 * that would close that end in one tile: the player who draws one puts it there half the
 * time. Its points when completed count one more tile per open end. The pig's chance comes
 * from the wheel tiles left, each moving it 1, 2 or 3 segments. With no tile left every P and
 * chance is 0, so a finished game's estimate is its final scores. */

#define OPEN_END_ROAD 0
#define OPEN_END_CITY 1
#define OPEN_END_ANY 2

struct _TesseraEstimator
{
  /* The box the cache is for: a kind of tile a bit, in box order. */
  GPtrArray  *box_types;     /* const TesseraTileType *, one per box entry */
  guint       n_words;
  /* (what, sides, neighbours' edges) -> index of its Closers */
  GHashTable *closers;
  GArray     *words;         /* guint64: each Closers' kinds */
  GArray     *entries;       /* Closers */
  /* The supply the copies were counted for: a review estimates thousands of positions with
   * the same tiles left, one for each turn it tries. */
  GArray     *supply;        /* TesseraSupplyEntry */
  guint       generation;
  GArray     *cities;        /* guint: scratch room for a farm's cities */
  /* The pig's chances as last worked out, and for what */
  guint       pig_key;
  double      pig_chances[TESSERA_WHEEL_SEGMENTS];
};

/* The kinds of tile that would close an open end of some shape, and their copies left. */
typedef struct
{
  guint words;        /* offset in words */
  guint generation;   /* of the supply the copies were counted for, or 0 */
  guint copies;
} Closers;

TesseraEstimator *
tessera_estimator_new (void)
{
  TesseraEstimator *self = g_new0 (TesseraEstimator, 1);

  self->box_types = g_ptr_array_new ();
  self->closers = g_hash_table_new (NULL, NULL);
  self->words = g_array_new (FALSE, FALSE, sizeof (guint64));
  self->entries = g_array_new (FALSE, FALSE, sizeof (Closers));
  self->supply = g_array_new (FALSE, FALSE, sizeof (TesseraSupplyEntry));
  self->cities = g_array_new (FALSE, FALSE, sizeof (guint));
  return self;
}

void
tessera_estimator_free (TesseraEstimator *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->box_types);
  g_hash_table_unref (self->closers);
  g_array_unref (self->words);
  g_array_unref (self->entries);
  g_array_unref (self->supply);
  g_array_unref (self->cities);
  g_free (self);
}

/* Forgets what it knew when @game plays another box, and the copies it counted when @game has
 * other tiles left. */
static void
use_box (TesseraEstimator *self,
         TesseraGame      *game)
{
  const GArray *box = game->box;
  gboolean same = self->box_types->len == box->len;

  if (self->supply->len != game->supply->len ||
      memcmp (self->supply->data, game->supply->data, sizeof (TesseraSupplyEntry) * game->supply->len) != 0)
    {
      g_array_set_size (self->supply, 0);
      g_array_append_vals (self->supply, game->supply->data, game->supply->len);
      self->generation++;
    }
  for (guint i = 0; same && i < box->len; i++)
    same = g_ptr_array_index (self->box_types, i) == g_array_index (box, TesseraSupplyEntry, i).type;
  if (same)
    return;
  g_ptr_array_set_size (self->box_types, 0);
  for (guint i = 0; i < box->len; i++)
    g_ptr_array_add (self->box_types, (gpointer) g_array_index (box, TesseraSupplyEntry, i).type);
  self->n_words = (box->len + 63) / 64;
  g_hash_table_remove_all (self->closers);
  g_array_set_size (self->words, 0);
  g_array_set_size (self->entries, 0);
}

/* Whether @type placed with @rotation at @end closes the road or city that reaches the end's
 * sides: it fits, and what meets those sides is that road or city and goes nowhere else. */
static gboolean
closes_end (const TesseraTileType *type,
            guint                  rotation,
            guint                  what,
            guint8                 sides)
{
  for (guint side = 0; side < 4; side++)
    {
      int segment;
      TesseraFeatureKind kind;

      if (!(sides & (1u << side)))
        continue;
      segment = type->link_at_side[rotation][side];
      if (segment < 0)
        return FALSE;
      kind = type->segments[segment].kind;
      if (kind != (what == OPEN_END_ROAD ? TESSERA_FEATURE_ROAD : TESSERA_FEATURE_CITY))
        return FALSE;
      if (tessera_rotate_sides (type->segments[segment].sides, rotation) & ~sides)
        return FALSE;
    }
  return TRUE;
}

/* The kinds of the box, a bit each, that would close @end (OPEN_END_ANY: that fit there). */
static Closers *
lookup_closers (TesseraEstimator     *self,
                guint                 what,
                const TesseraOpenEnd *end)
{
  guint key = 1 + (what << 20 | (guint) end->sides << 16 | (guint) end->mask << 8 | end->need);
  gpointer index;
  Closers closers = { self->words->len, 0, 0 };

  if (g_hash_table_lookup_extended (self->closers, GUINT_TO_POINTER (key), NULL, &index))
    return &g_array_index (self->entries, Closers, GPOINTER_TO_UINT (index));

  g_array_set_size (self->words, closers.words + self->n_words);
  memset (&g_array_index (self->words, guint64, closers.words), 0, sizeof (guint64) * self->n_words);
  for (guint i = 0; i < self->box_types->len && end->mask != 0; i++)
    {
      const TesseraTileType *type = g_ptr_array_index (self->box_types, i);

      for (guint r = 0; r < 4; r++)
        if ((type->edge_code[r] & end->mask) == end->need &&
            (what == OPEN_END_ANY || closes_end (type, r, what, end->sides)))
          {
            g_array_index (self->words, guint64, closers.words + i / 64) |= G_GUINT64_CONSTANT (1) << (i % 64);
            break;
          }
    }
  g_array_append_val (self->entries, closers);
  g_hash_table_insert (self->closers, GUINT_TO_POINTER (key), GUINT_TO_POINTER (self->entries->len - 1));
  return &g_array_index (self->entries, Closers, self->entries->len - 1);
}

/* The copies left of the kinds that would close an end (use_box() has seen the supply). */
static guint
count_copies (TesseraEstimator *self,
              Closers          *closers)
{
  const TesseraSupplyEntry *supply = (const TesseraSupplyEntry *) (gpointer) self->supply->data;
  const guint64 *kinds = &g_array_index (self->words, guint64, closers->words);

  if (closers->generation == self->generation)
    return closers->copies;
  closers->copies = 0;
  for (guint w = 0; w < self->n_words; w++)
    for (guint64 bits = kinds[w]; bits != 0; bits &= bits - 1)
      closers->copies += supply[w * 64 + (guint) __builtin_ctzll (bits)].left;
  closers->generation = self->generation;
  return closers->copies;
}

/* The chance that none of @copies closes an open end: (1 - TESSERA_ESTIMATE_CLOSE_CHANCE)^copies,
 * from a table, as every estimate asks it for every open end. */
static double
miss_chance (guint copies)
{
  static double table[128];
  static gsize made;

  if (g_once_init_enter (&made))
    {
      for (guint n = 0; n < G_N_ELEMENTS (table); n++)
        table[n] = pow (1.0 - TESSERA_ESTIMATE_CLOSE_CHANCE, n);
      g_once_init_leave (&made, 1);
    }
  return copies < G_N_ELEMENTS (table) ? table[copies] : 0.0;
}

/* The chance that the road, city or cloister of @root is completed; @n_ends: its open ends. */
static double
completion_chance (TesseraEstimator *self,
                   TesseraGame      *game,
                   guint             root,
                   guint            *n_ends)
{
  TesseraOpenEnd ends[TESSERA_MAX_OPEN_ENDS];
  TesseraFeatureKind kind = tessera_board_segment_kind (game->board, root);
  guint what = kind == TESSERA_FEATURE_ROAD ? OPEN_END_ROAD : kind == TESSERA_FEATURE_CITY ? OPEN_END_CITY : OPEN_END_ANY;
  double chance = 1.0;

  *n_ends = _tessera_board_list_open_ends (game->board, root, ends);
  if (*n_ends == 0 || game->tiles_left == 0)
    return 0.0;
  for (guint e = 0; e < *n_ends && chance > 0.0; e++)
    {
      guint copies;

      /* Around a cloister, a cell no tile touches yet will take nearly anything later. */
      if (what == OPEN_END_ANY && ends[e].mask == 0)
        copies = game->tiles_left;
      else
        copies = count_copies (self, lookup_closers (self, what, &ends[e]));
      chance *= 1.0 - miss_chance (copies);
    }
  return chance;
}

/**
 * tessera_estimator_feature_chance:
 * @segment: a segment of a road, city or cloister
 *
 * Returns: the estimate's chance that the feature is completed: 1 when it is, 0 when it can no
 *   longer be or the game is over
 */
double
tessera_estimator_feature_chance (TesseraEstimator *self,
                                  TesseraGame      *game,
                                  guint             segment)
{
  guint n_ends;

  g_return_val_if_fail (self != NULL, 0.0);
  g_return_val_if_fail (TESSERA_IS_GAME (game), 0.0);
  g_return_val_if_fail (segment < tessera_board_get_n_segments (game->board), 0.0);
  g_return_val_if_fail (tessera_board_segment_kind (game->board, segment) != TESSERA_FEATURE_FIELD, 0.0);

  if (tessera_board_is_complete (game->board, segment))
    return 1.0;
  if (tessera_game_is_finished (game))
    return 0.0;
  use_box (self, game);
  return completion_chance (self, game, tessera_board_find (game->board, segment), &n_ends);
}

/* What an unfinished road, city or cloister is expected to pay each of its winners. */
static double
expect_feature (TesseraEstimator *self,
                TesseraGame      *game,
                guint             root)
{
  TesseraFeatureInfo info;
  TesseraScoreEvent unfinished, completed;
  guint n_ends;
  double chance;

  tessera_board_describe_feature (game->board, root, &info);
  _tessera_game_feature_points (game, root, &info, TRUE, &unfinished);
  chance = completion_chance (self, game, root, &n_ends);
  if (chance == 0.0)
    return unfinished.points;
  info.n_tiles = info.kind == TESSERA_FEATURE_CLOISTER ? 9 : info.n_tiles + n_ends;
  _tessera_game_feature_points (game, root, &info, FALSE, &completed);
  return chance * completed.points + (1.0 - chance) * unfinished.points;
}

/* What a farm is expected to pay each of its winners: its completed cities, and its
 * unfinished ones as likely as they are to be completed. */
static double
expect_farm (TesseraEstimator *self,
             TesseraGame      *game,
             guint             root)
{
  GArray *cities = self->cities;
  double count = 0.0;

  g_array_set_size (cities, 0);
  tessera_board_field_cities (game->board, root, FALSE, cities);
  for (guint i = 0; i < cities->len; i++)
    {
      guint city = g_array_index (cities, guint, i);
      guint n_ends;

      if (tessera_board_is_complete (game->board, city))
        count += 1.0;
      else
        count += completion_chance (self, game, city, &n_ends);
    }
  return 3.0 * count;
}

/* The chance the pig stops on each wheel segment at least once more, from the wheel tiles
 * left: each moves it on by its number. */
static void
pig_chances (TesseraEstimator *self,
             TesseraGame      *game,
             double            chances[TESSERA_WHEEL_SEGMENTS])
{
  const TesseraSupplyEntry *supply = (const TesseraSupplyEntry *) (gpointer) game->supply->data;
  guint n_segments = game->wheel->n_segments;
  guint by_number[4] = { 0 };
  guint n_spins = 0;
  guint key;

  for (guint i = 0; i < game->supply->len; i++)
    if (supply[i].wheel >= 1 && supply[i].wheel <= 3)
      {
        by_number[supply[i].wheel] += supply[i].left;
        n_spins += supply[i].left;
      }
  /* Worked out again only when the pig or the wheel tiles left changed. */
  key = 1 + (game->pig | (MIN (by_number[1], 255u) << 4) | (MIN (by_number[2], 255u) << 12) | (MIN (by_number[3], 255u) << 20));
  if (key == self->pig_key)
    {
      memcpy (chances, self->pig_chances, sizeof self->pig_chances);
      return;
    }

  for (guint target = 0; target < n_segments; target++)
    {
      double away[TESSERA_WHEEL_SEGMENTS] = { 0 };

      chances[target] = 0.0;
      away[game->pig] = 1.0;
      /* The tiles are taken as drawn one by one, each number as likely as its share now. */
      for (guint spin = 0; spin < n_spins; spin++)
        {
          double next[TESSERA_WHEEL_SEGMENTS] = { 0 };

          for (guint at = 0; at < n_segments; at++)
            for (guint number = 1; number <= 3; number++)
              next[(at + number) % n_segments] += away[at] * by_number[number] / n_spins;
          chances[target] += next[target];
          next[target] = 0.0;
          memcpy (away, next, sizeof away);
        }
    }
  self->pig_key = key;
  memcpy (self->pig_chances, chances, sizeof self->pig_chances);
}

static void
expect_crowns (TesseraEstimator *self,
               TesseraGame      *game,
               double            estimates[TESSERA_MAX_PLAYERS])
{
  double chances[TESSERA_WHEEL_SEGMENTS];
  gboolean any = FALSE;

  for (guint s = 0; s < game->wheel->n_segments && !any; s++)
    for (guint c = 0; c < game->wheel->segments[s].n_crowns; c++)
      any |= game->crowns[s][c] >= 0;
  if (!any)
    return;
  pig_chances (self, game, chances);
  for (guint s = 0; s < game->wheel->n_segments; s++)
    {
      guint n_crowns = game->wheel->segments[s].n_crowns;
      guint n_occupied = 0;

      for (guint c = 0; c < n_crowns; c++)
        n_occupied += game->crowns[s][c] >= 0;
      for (guint c = 0; c < n_crowns; c++)
        if (game->crowns[s][c] >= 0)
          estimates[game->crowns[s][c]] += chances[s] * _tessera_wheel_crown_points (n_crowns, n_occupied);
    }
}

/**
 * tessera_estimator_estimate:
 * @estimates: (out caller-allocates): one per player
 *
 * Each player's expected final score from the position of @game (see the top of this file).
 */
void
tessera_estimator_estimate (TesseraEstimator *self,
                            TesseraGame      *game,
                            double            estimates[TESSERA_MAX_PLAYERS])
{
  HeldFeature held[TESSERA_MAX_PLAYERS * TESSERA_FOLLOWERS_PER_PLAYER];
  guint n_held;

  g_return_if_fail (self != NULL);
  g_return_if_fail (TESSERA_IS_GAME (game));

  for (guint p = 0; p < TESSERA_MAX_PLAYERS; p++)
    estimates[p] = p < game->n_players ? tessera_game_get_score (game, p) : 0.0;
  /* Final scoring has paid everything, and the followers it paid for may still stand. */
  if (game->finished)
    return;

  use_box (self, game);
  n_held = _tessera_game_gather_held_features (game, held);
  for (guint f = 0; f < n_held; f++)
    {
      guint winners = _tessera_game_find_winners (held[f].counts);
      double value = held[f].kind == TESSERA_FEATURE_FIELD ? expect_farm (self, game, held[f].root)
                                                           : expect_feature (self, game, held[f].root);

      for (guint p = 0; p < game->n_players; p++)
        if (winners & (1u << p))
          estimates[p] += value;
    }

  if (game->wheel != NULL)
    expect_crowns (self, game, estimates);

  for (guint p = 0; p < game->n_players; p++)
    estimates[p] += game->followers[p] * TESSERA_ESTIMATE_FOLLOWER_VALUE *
                    MIN (game->tiles_left, TESSERA_ESTIMATE_FOLLOWER_TILES) / TESSERA_ESTIMATE_FOLLOWER_TILES;

  if (game->tiles_left > 0)
    for (guint captor = 0; captor < game->n_players; captor++)
      for (guint owner = 0; owner < game->n_players; owner++)
        {
          double ransom = TESSERA_RANSOM_POINTS * TESSERA_ESTIMATE_RANSOM_CHANCE * game->prisoners[captor][owner];

          estimates[captor] += ransom;
          estimates[owner] -= ransom;
        }
}

/**
 * tessera_game_estimate:
 * @estimates: (out caller-allocates): one per player
 *
 * tessera_estimator_estimate() for one position.
 */
void
tessera_game_estimate (TesseraGame *self,
                       double       estimates[TESSERA_MAX_PLAYERS])
{
  g_autoptr(TesseraEstimator) estimator = tessera_estimator_new ();

  g_return_if_fail (TESSERA_IS_GAME (self));
  tessera_estimator_estimate (estimator, self, estimates);
}
