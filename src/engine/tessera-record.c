/* tessera-record.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-record"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tessera-engine-private.h"
#include "tessera-catalogue.h"
#include "tessera-record-private.h"

/* The record: a game as it was played, its header (sets, players, rules, box) and its events.
 * Reading it from JSON is tessera-record-read.c, writing it tessera-record-write.c, when and
 * where it was played tessera-played.c. */

const char * const tessera_colors[] = {
  "red", "blue", "green", "yellow", "black", "gray", "pink", "purple", NULL
};

/**
 * tessera_color_phrase:
 * @color: a colour as records write it ("red")
 *
 * Returns: the colour's name for people, translated
 */
const char *
tessera_color_phrase (const char *color)
{
  static const struct { const char *id; const char *name; } names[] = {
    { "red", N_("red") }, { "blue", N_("blue") }, { "green", N_("green") }, { "yellow", N_("yellow") },
    { "black", N_("black") }, { "gray", N_("gray") }, { "pink", N_("pink") }, { "purple", N_("purple") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (color, names[i].id))
      return _(names[i].name);
  return color;
}

TesseraRecord *
tessera_record_new (void)
{
  TesseraRecord *record = g_new0 (TesseraRecord, 1);

  record->sets = g_ptr_array_new_with_free_func (g_free);
  record->players = g_array_new (FALSE, TRUE, sizeof (TesseraPlayerInfo));
  record->events = g_ptr_array_new_with_free_func ((GDestroyNotify) tessera_event_unref);
  return record;
}

void
tessera_record_free (TesseraRecord *record)
{
  if (record == NULL)
    return;
  g_ptr_array_unref (record->sets);
  g_free (record->start);
  for (guint i = 0; i < record->players->len; i++)
    {
      TesseraPlayerInfo *player = &g_array_index (record->players, TesseraPlayerInfo, i);
      g_free (player->name);
      g_free (player->color);
    }
  g_array_unref (record->players);
  g_clear_pointer (&record->crop_circle_tiles, g_ptr_array_unref);
  g_clear_pointer (&record->box, g_array_unref);
  g_clear_pointer (&record->played, tessera_played_free);
  g_ptr_array_unref (record->events);
  g_free (record);
}

TesseraRecord *
tessera_record_copy (const TesseraRecord *record)
{
  TesseraRecord *copy = tessera_record_copy_header (record);

  for (guint i = 0; i < record->events->len; i++)
    g_ptr_array_add (copy->events, tessera_event_ref (g_ptr_array_index (record->events, i)));
  return copy;
}

/* Everything but the events. */
TesseraRecord *
tessera_record_copy_header (const TesseraRecord *record)
{
  TesseraRecord *copy = tessera_record_new ();

  for (guint i = 0; i < record->sets->len; i++)
    g_ptr_array_add (copy->sets, g_strdup (g_ptr_array_index (record->sets, i)));
  copy->start = g_strdup (record->start);
  for (guint i = 0; i < record->players->len; i++)
    {
      const TesseraPlayerInfo *player = &g_array_index (record->players, TesseraPlayerInfo, i);
      tessera_record_add_player (copy, player->name, player->color);
    }
  copy->has_rules = record->has_rules;
  copy->tower_capture_own = record->tower_capture_own;
  copy->tower_top_capturable = record->tower_top_capturable;
  if (record->crop_circle_tiles != NULL)
    {
      copy->crop_circle_tiles = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < record->crop_circle_tiles->len; i++)
        g_ptr_array_add (copy->crop_circle_tiles, g_strdup (g_ptr_array_index (record->crop_circle_tiles, i)));
    }
  if (record->box != NULL)
    for (guint i = 0; i < record->box->len; i++)
      {
        const TesseraBoxCount *count = &g_array_index (record->box, TesseraBoxCount, i);

        tessera_record_set_box_count (copy, count->tile, count->copies);
      }
  copy->played = tessera_played_copy (record->played);
  return copy;
}

static void
box_count_clear (gpointer data)
{
  TesseraBoxCount *count = data;

  g_free (count->tile);
}

/**
 * tessera_record_set_box_count:
 * @tile: a tile id
 * @copies: how many copies of it the box holds
 *
 * Corrects the box: a correction of @tile already there is replaced, a new one goes last.
 */
void
tessera_record_set_box_count (TesseraRecord *record,
                              const char    *tile,
                              guint          copies)
{
  TesseraBoxCount count = { NULL, copies };

  if (record->box == NULL)
    {
      record->box = g_array_new (FALSE, FALSE, sizeof (TesseraBoxCount));
      g_array_set_clear_func (record->box, box_count_clear);
    }
  for (guint i = 0; i < record->box->len; i++)
    if (g_str_equal (g_array_index (record->box, TesseraBoxCount, i).tile, tile))
      {
        g_array_index (record->box, TesseraBoxCount, i).copies = copies;
        return;
      }
  count.tile = g_strdup (tile);
  g_array_append_val (record->box, count);
}

/* Returns: the copies of @tile the record's "box" gives, or -1 when it does not name it. */
int
tessera_record_get_box_count (const TesseraRecord *record,
                              const char          *tile)
{
  if (record->box == NULL)
    return -1;
  for (guint i = 0; i < record->box->len; i++)
    if (g_str_equal (g_array_index (record->box, TesseraBoxCount, i).tile, tile))
      return (int) g_array_index (record->box, TesseraBoxCount, i).copies;
  return -1;
}

/* What the record's box may hold: @sets points into @record. */
void
tessera_record_get_box_sets (const TesseraRecord *record,
                             TesseraBoxSets      *sets)
{
  sets->sets = (const char * const *) record->sets->pdata;
  sets->n_sets = record->sets->len;
  sets->crop_circle_tiles = record->crop_circle_tiles != NULL ? (const char * const *) record->crop_circle_tiles->pdata : NULL;
  sets->n_crop_circle_tiles = record->crop_circle_tiles != NULL ? record->crop_circle_tiles->len : 0;
}

gboolean
_tessera_record_has_set (const TesseraRecord *record,
                         const char          *set)
{
  for (guint i = 0; i < record->sets->len; i++)
    if (g_str_equal (g_ptr_array_index (record->sets, i), set))
      return TRUE;
  return FALSE;
}

void
tessera_record_add_player (TesseraRecord *record,
                           const char    *name,
                           const char    *color)
{
  TesseraPlayerInfo player = { g_strdup (name), g_strdup (color) };

  g_array_append_val (record->players, player);
}

const char *
tessera_record_player_name (const TesseraRecord *record,
                            int                  player)
{
  if (player < 0 || (guint) player >= record->players->len)
    return NULL;
  return g_array_index (record->players, TesseraPlayerInfo, player).name;
}

/* "event 17 (turn of Bram)": how every message about an event starts. */
char *
_tessera_record_describe_event (const TesseraRecord *record,
                                guint                index,
                                const TesseraEvent  *event)
{
  return tessera_event_describe (event, index, event != NULL ? tessera_record_player_name (record, event->player) : NULL);
}

/**
 * tessera_event_describe:
 * @event: (nullable): the event, if it could be read
 * @index: its place in the record
 * @name: (nullable): the name of its player, if it names an existing one
 *
 * Returns: (transfer full): "event 17 (turn of Bram)"
 */
char *
tessera_event_describe (const TesseraEvent *event,
                        guint               index,
                        const char         *name)
{
  if (event == NULL)
    return g_strdup_printf (_("event %u"), index);
  if (name == NULL || event->kind == TESSERA_EVENT_END)
    return g_strdup_printf (_("event %u (%s)"), index, _tessera_event_kind_phrase (event->kind));
  switch (event->kind)
    {
    case TESSERA_EVENT_TURN:
      /* TRANSLATORS: "event 17 (turn of Bram)" */
      return g_strdup_printf (_("event %u (turn of %s)"), index, name);
    case TESSERA_EVENT_DISCARD:
      return g_strdup_printf (_("event %u (discard by %s)"), index, name);
    case TESSERA_EVENT_RANSOM:
      return g_strdup_printf (_("event %u (ransom paid by %s)"), index, name);
    case TESSERA_EVENT_ADJUST:
      return g_strdup_printf (_("event %u (correction for %s)"), index, name);
    case TESSERA_EVENT_END:
    default:
      return g_strdup_printf (_("event %u (end)"), index);
    }
}
