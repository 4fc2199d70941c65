/* tessera-spot.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-spot"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tessera-event.h"
#include "tessera-spot.h"

/* Spot names by spot code (see tessera-catalogue.h): the sides, the half-sides in TesseraHalf
 * order (Nw Ne En Es Se Sw Ws Wn), the centre. */
static const char spot_names[TESSERA_N_SPOT_CODES][4] = {
  "N", "E", "S", "W", "NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW", "C",
};

/* A perfect hash of those names read as little-endian words: the top four bits of word times
 * SPOT_HASH differ for each, and code_at_hash[] leads back to the code (-1: no name). */
#define SPOT_HASH 0x3c9eeb24u
static const gint8 code_at_hash[16] = { 10, 9, 6, 7, 5, 1, -1, 0, 8, 3, 2, -1, 4, 12, 11, -1 };

static inline guint32
read_word (const char *text)
{
  guint32 word;

  memcpy (&word, text, sizeof word);
  return GUINT32_FROM_LE (word);
}

/* The rare and the wrong: segment ids, and every refusal with its reason. */
static int
resolve_slowly (const TesseraTileType *type,
                guint                  rotation,
                const char            *spot,
                GError               **error)
{
  int segment = -1;
  gboolean known = FALSE;

  for (guint code = 0; code < TESSERA_N_SPOT_CODES && !known; code++)
    if (g_str_equal (spot, spot_names[code]))
      {
        known = TRUE;
        segment = type->segment_at_spot[rotation & 3][code];
      }
  if (!known)
    {
      segment = tessera_tile_type_find_segment (type, spot);
      known = segment >= 0;
    }
  else if (segment < 0 && g_str_equal (spot, "C") && type->tower)
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE,
                   _("the centre of tile %s is a tower foundation, where no follower stands"), type->id);
      return -1;
    }

  if (!known)
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE,
                   _("\"%s\" is not a spot: use N, E, S, W, NNE, ENE, ESE, SSE, SSW, WSW, WNW, NNW, C or a segment id of tile %s"),
                   spot, type->id);
      return -1;
    }
  if (segment < 0)
    {
      /* The wheel board's squares are not tiles, and their ids are not for people. */
      if (type->board_square)
        g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE,
                     _("there is no road, city or field at spot %s of the wheel board"), spot);
      else
        g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE,
                     _("there is no road, city, field or cloister at spot %s of tile %s"), spot, type->id);
      return -1;
    }
  return segment;
}

/**
 * tessera_spot_resolve_id:
 * @spot: a spot in a buffer of at least TESSERA_ID_SIZE bytes, as events keep them
 *
 * tessera_spot_resolve() for the spots of events, which replay resolves by the thousand.
 */
int
tessera_spot_resolve_id (const TesseraTileType *type,
                         guint                  rotation,
                         const char            *spot,
                         GError               **error)
{
  /* Four bytes read at once, without looking for the end first: whether a spot has one letter
   * or three, or is a catalogue id, is anybody's guess, and a branch on it the processor would
   * often miss. The high bit of the first zero byte is exact (bytes above it may show falsely). */
  guint32 word = read_word (spot);
  guint32 zeros = (word - 0x01010101u) & ~word & 0x80808080u;
  int code;
  int segment = -1;

  G_STATIC_ASSERT (TESSERA_ID_SIZE >= sizeof (guint32));
  word &= (zeros & -zeros) - 1;   /* the bytes before the first zero; all four if none */
  code = code_at_hash[(word * SPOT_HASH) >> 28];
  if (code >= 0 && read_word (spot_names[code]) == word)
    segment = type->segment_at_spot[rotation & 3][code];
  else if (zeros != 0)
    /* A catalogue id of up to three letters ("c1", "f2"): the word is all of it. */
    for (guint s = 0; s < type->n_segments; s++)
      segment = read_word (type->segments[s].id) == word ? (int) s : segment;
  if (G_LIKELY (segment >= 0))
    return segment;
  return resolve_slowly (type, rotation, spot, error);
}

int
tessera_spot_resolve (const TesseraTileType *type,
                      guint                  rotation,
                      const char            *spot,
                      GError               **error)
{
  char id[TESSERA_ID_SIZE] = { 0 };

  if (g_strlcpy (id, spot, sizeof id) >= sizeof id)
    return resolve_slowly (type, rotation, spot, error);
  return tessera_spot_resolve_id (type, rotation, id, error);
}

/* The shortest name of a segment on a placed tile: a side, else a half-side, else C, else the
 * catalogue id (a field that reaches no edge). */
const char *
tessera_spot_name (const TesseraTileType *type,
                   guint                  rotation,
                   guint                  segment,
                   char                   buffer[TESSERA_SPOT_NAME_SIZE])
{
  guint code = type->spot_of_segment[rotation & 3][segment];

  G_STATIC_ASSERT (sizeof spot_names[0] <= TESSERA_SPOT_NAME_SIZE);
  if (G_LIKELY (code != TESSERA_SPOT_CODE_NONE))
    return memcpy (buffer, spot_names[code], sizeof spot_names[code]);
  g_strlcpy (buffer, type->segments[segment].id, TESSERA_SPOT_NAME_SIZE);
  return buffer;
}
