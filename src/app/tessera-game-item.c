/* tessera-game-item.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-game-item"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tessera-game-item.h"
#include "tessera-names.h"

/* A game of the history in a list model. Only what every row needs at once is worked out when
 * the item is made (its sets and year, for the filters); the texts a row shows are made the
 * first time the row is drawn, so that a history of thousands of games loads fast. */

struct _TesseraGameItem
{
  GObject             parent_instance;

  TesseraGameSummary *summary;
  TesseraGameSets     sets;
  int                 year;
  char               *date;      /* made on demand */
  char               *time;
  char               *folded;    /* names and place, case-folded, for the search */
};

G_DEFINE_FINAL_TYPE (TesseraGameItem, tessera_game_item, G_TYPE_OBJECT)

/**
 * tessera_fold_text:
 * @text: what a person typed or a name
 *
 * Returns: @text in a form where "anna" finds "Anna" and "Ánna" alike
 */
char *
tessera_fold_text (const char *text)
{
  g_autofree char *normal = g_utf8_normalize (text != NULL ? text : "", -1, G_NORMALIZE_ALL);
  g_autofree char *folded = g_utf8_casefold (normal, -1);
  GString *plain = g_string_sized_new (strlen (folded));

  /* Decomposed accents are left out: "jose" finds "José". */
  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_ismark (c))
        continue;
      g_string_append_unichar (plain, c);
    }
  return g_string_free (plain, FALSE);
}

static TesseraGameSets
sets_of (const TesseraGameSummary *summary)
{
  gboolean base = FALSE, wheel = FALSE;
  TesseraGameSets sets = 0;

  for (guint i = 0; i < summary->sets->len; i++)
    {
      const char *set = g_ptr_array_index (summary->sets, i);

      if (g_str_equal (set, "base"))
        base = TRUE;
      else if (g_str_equal (set, "wheel-of-fortune"))
        wheel = TRUE;
      else if (g_str_equal (set, "tower"))
        sets |= TESSERA_GAME_SETS_TOWER;
      else if (g_str_equal (set, "mage-witch"))
        sets |= TESSERA_GAME_SETS_MAGE_WITCH;
      else if (g_str_equal (set, "crop-circles"))
        sets |= TESSERA_GAME_SETS_CROP_CIRCLES;
    }
  if (base && wheel)
    sets |= TESSERA_GAME_SETS_MIXED;
  else if (wheel)
    sets |= TESSERA_GAME_SETS_WHEEL;
  else if (base)
    sets |= TESSERA_GAME_SETS_BASE;
  if (summary->purist)
    sets |= TESSERA_GAME_SETS_PURIST;
  return sets;
}

/**
 * tessera_game_summary_dup_begun:
 *
 * Returns: (transfer full) (nullable): when the game began: by the table's clock when the
 *   record says when it was played, else in the local time of when it was stored
 */
GDateTime *
tessera_game_summary_dup_begun (const TesseraGameSummary *summary)
{
  g_autoptr(GDateTime) utc = NULL;

  if (summary->played != NULL && summary->played->start != NULL)
    {
      GDateTime *played = g_date_time_new_from_iso8601 (summary->played->start, NULL);

      if (played != NULL)
        return played;
    }
  if (summary->started == NULL || !(utc = g_date_time_new_from_iso8601 (summary->started, NULL)))
    return NULL;
  return g_date_time_to_local (utc);
}

static void
tessera_game_item_finalize (GObject *object)
{
  TesseraGameItem *self = TESSERA_GAME_ITEM (object);

  g_clear_pointer (&self->summary, tessera_game_summary_free);
  g_clear_pointer (&self->date, g_free);
  g_clear_pointer (&self->time, g_free);
  g_clear_pointer (&self->folded, g_free);

  G_OBJECT_CLASS (tessera_game_item_parent_class)->finalize (object);
}

static void
tessera_game_item_class_init (TesseraGameItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tessera_game_item_finalize;
}

static void
tessera_game_item_init (TesseraGameItem *self)
{
}

/**
 * tessera_game_item_new:
 * @summary: (transfer full): a game of the history
 *
 * Returns: (transfer full): an item for list models
 */
TesseraGameItem *
tessera_game_item_new (TesseraGameSummary *summary)
{
  TesseraGameItem *self;

  g_return_val_if_fail (summary != NULL, NULL);

  self = g_object_new (TESSERA_TYPE_GAME_ITEM, NULL);
  self->summary = summary;
  self->sets = sets_of (summary);
  /* The year as the table's calendar had it: written in "played", with its offset. */
  if (summary->played != NULL && summary->played->start != NULL && strlen (summary->played->start) >= 4
      && g_ascii_isdigit (summary->played->start[0]))
    self->year = (int) g_ascii_strtoll (summary->played->start, NULL, 10);
  else
    {
      g_autoptr(GDateTime) when = tessera_game_summary_dup_begun (summary);

      self->year = when != NULL ? g_date_time_get_year (when) : 0;
    }
  return self;
}

const TesseraGameSummary *
tessera_game_item_get_summary (TesseraGameItem *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_ITEM (self), NULL);
  return self->summary;
}

gint64
tessera_game_item_get_id (TesseraGameItem *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_ITEM (self), -1);
  return self->summary->id;
}

gboolean
tessera_game_item_is_finished (TesseraGameItem *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_ITEM (self), FALSE);
  return g_strcmp0 (self->summary->state, "finished") == 0;
}

gboolean
tessera_game_item_is_in_progress (TesseraGameItem *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_ITEM (self), FALSE);
  return g_strcmp0 (self->summary->state, "in-progress") == 0;
}

gboolean
tessera_game_item_is_abandoned (TesseraGameItem *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_ITEM (self), FALSE);
  return g_strcmp0 (self->summary->state, "abandoned") == 0;
}

TesseraGameSets
tessera_game_item_get_sets (TesseraGameItem *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_ITEM (self), 0);
  return self->sets;
}

int
tessera_game_item_get_year (TesseraGameItem *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_ITEM (self), 0);
  return self->year;
}

static void
make_date (TesseraGameItem *self)
{
  g_autoptr(GDateTime) when = NULL;

  if (self->date != NULL)
    return;
  if ((when = tessera_game_summary_dup_begun (self->summary)) == NULL)
    {
      self->date = g_strdup (self->summary->started != NULL ? self->summary->started : "");
      self->time = g_strdup ("");
      return;
    }
  /* Translators: the day a game was played in the history, see g_date_time_format(); e.g. "Tue 24 Nov 2026" */
  self->date = g_date_time_format (when, _("%a %-d %b %Y"));
  /* Translators: the time a game began in the history, see strftime */
  self->time = g_date_time_format (when, _("%H:%M"));
}

/**
 * tessera_game_item_get_date:
 *
 * Returns: the day the game began, by the table's clock when the record says
 */
const char *
tessera_game_item_get_date (TesseraGameItem *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_ITEM (self), NULL);
  make_date (self);
  return self->date;
}

const char *
tessera_game_item_get_time (TesseraGameItem *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_ITEM (self), NULL);
  make_date (self);
  return self->time;
}

/**
 * tessera_game_item_get_place:
 *
 * Returns: (nullable): where the game was played, when the record says
 */
const char *
tessera_game_item_get_place (TesseraGameItem *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_ITEM (self), NULL);
  if (self->summary->played == NULL || self->summary->played->place == NULL
      || self->summary->played->place[0] == '\0')
    return NULL;
  return self->summary->played->place;
}

gboolean
tessera_game_item_has_player (TesseraGameItem *self,
                              const char      *name)
{
  g_return_val_if_fail (TESSERA_IS_GAME_ITEM (self), FALSE);

  for (guint i = 0; i < self->summary->seats->len; i++)
    if (g_strcmp0 (g_array_index (self->summary->seats, TesseraGameSeat, i).name, name) == 0)
      return TRUE;
  return FALSE;
}

/**
 * tessera_game_item_matches:
 * @folded_text: what was searched for, through tessera_fold_text()
 *
 * Returns: whether a player's name or the place holds @folded_text
 */
gboolean
tessera_game_item_matches (TesseraGameItem *self,
                           const char      *folded_text)
{
  g_return_val_if_fail (TESSERA_IS_GAME_ITEM (self), FALSE);

  if (folded_text == NULL || folded_text[0] == '\0')
    return TRUE;
  if (self->folded == NULL)
    {
      g_autoptr(GString) text = g_string_new (NULL);

      /* One line each, so that a search never matches across two names. */
      for (guint i = 0; i < self->summary->seats->len; i++)
        g_string_append_printf (text, "%s\n", g_array_index (self->summary->seats, TesseraGameSeat, i).name);
      if (tessera_game_item_get_place (self) != NULL)
        g_string_append (text, tessera_game_item_get_place (self));
      self->folded = tessera_fold_text (text->str);
    }
  return strstr (self->folded, folded_text) != NULL;
}

/**
 * tessera_game_sets_label:
 * @kind: one flag
 *
 * Returns: the name of a box or expansion, for menus and screen readers
 */
const char *
tessera_game_sets_label (TesseraGameSets kind)
{
  switch (kind)
    {
    case TESSERA_GAME_SETS_BASE:
      return tessera_set_phrase ("base");
    case TESSERA_GAME_SETS_WHEEL:
      return tessera_set_phrase ("wheel-of-fortune");
    case TESSERA_GAME_SETS_MIXED:
      return _("Base game and Wheel of Fortune mixed");
    case TESSERA_GAME_SETS_TOWER:
      return tessera_set_phrase ("tower");
    case TESSERA_GAME_SETS_MAGE_WITCH:
      return tessera_set_phrase ("mage-witch");
    case TESSERA_GAME_SETS_CROP_CIRCLES:
      return tessera_set_phrase ("crop-circles");
    case TESSERA_GAME_SETS_PURIST:
      return _("Played without aids");
    default:
      return "";
    }
}

/**
 * tessera_game_sets_tag:
 * @kind: one flag
 *
 * Returns: the short name of a box or expansion, for the small tags of a row
 */
const char *
tessera_game_sets_tag (TesseraGameSets kind)
{
  switch (kind)
    {
    case TESSERA_GAME_SETS_BASE:
      return C_("box tag", "Base");
    case TESSERA_GAME_SETS_WHEEL:
      return C_("box tag", "Wheel");
    case TESSERA_GAME_SETS_MIXED:
      return C_("box tag", "Base + Wheel");
    case TESSERA_GAME_SETS_TOWER:
      return C_("box tag", "Tower");
    case TESSERA_GAME_SETS_MAGE_WITCH:
      return C_("box tag", "Mage & Witch");
    case TESSERA_GAME_SETS_CROP_CIRCLES:
      return C_("box tag", "Crop Circles");
    case TESSERA_GAME_SETS_PURIST:
      return C_("box tag", "Purist");
    default:
      return "";
    }
}

/**
 * tessera_game_sets_icon_name:
 * @kind: one flag
 *
 * Returns: (nullable): the symbolic icon of a box or expansion, where Tessera has one
 */
const char *
tessera_game_sets_icon_name (TesseraGameSets kind)
{
  switch (kind)
    {
    case TESSERA_GAME_SETS_WHEEL:
    case TESSERA_GAME_SETS_MIXED:
      return "tessera-wheel-symbolic";
    case TESSERA_GAME_SETS_TOWER:
      return "tessera-tower-symbolic";
    case TESSERA_GAME_SETS_BASE:
    case TESSERA_GAME_SETS_MAGE_WITCH:
    case TESSERA_GAME_SETS_CROP_CIRCLES:
    case TESSERA_GAME_SETS_PURIST:
    default:
      return NULL;
    }
}

/**
 * tessera_game_item_describe:
 *
 * Returns: (transfer full): the game in one sentence, for screen readers: when, where, the
 *   sets, every player's score and who won, or how it stands
 */
char *
tessera_game_item_describe (TesseraGameItem *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  const TesseraGameSummary *summary;
  gboolean first = TRUE;

  g_return_val_if_fail (TESSERA_IS_GAME_ITEM (self), NULL);
  summary = self->summary;

  g_string_append_printf (text, "%s, %s", tessera_game_item_get_date (self), tessera_game_item_get_time (self));
  if (tessera_game_item_get_place (self) != NULL)
    g_string_append_printf (text, ", %s", tessera_game_item_get_place (self));
  g_string_append (text, ". ");
  for (guint bit = 0; bit < TESSERA_GAME_SETS_N_KINDS; bit++)
    if (self->sets & (1u << bit))
      {
        g_string_append_printf (text, "%s%s", first ? "" : _(", "), tessera_game_sets_label (1u << bit));
        first = FALSE;
      }
  if (!first)
    g_string_append (text, ". ");
  for (guint i = 0; i < summary->seats->len; i++)
    {
      const TesseraGameSeat *seat = &g_array_index (summary->seats, TesseraGameSeat, i);

      if (i > 0)
        g_string_append (text, _(", "));
      if (seat->has_result && seat->rank == 1)
        /* Translators: a winner and their score, read out by screen readers in the history */
        g_string_append_printf (text, _("%s %d, winner"), seat->name, seat->final_score);
      else if (seat->has_result)
        /* Translators: a player and their score, read out by screen readers in the history */
        g_string_append_printf (text, _("%s %d"), seat->name, seat->final_score);
      else
        g_string_append (text, seat->name);
    }
  g_string_append (text, ". ");
  if (tessera_game_item_is_in_progress (self))
    g_string_append (text, _("In progress."));
  else if (tessera_game_item_is_abandoned (self))
    g_string_append (text, _("Abandoned."));
  else
    g_string_append (text, _("Finished."));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/**
 * tessera_game_item_compare:
 *
 * The history's order: the game begun last comes first.
 */
int
tessera_game_item_compare (gconstpointer a,
                           gconstpointer b,
                           gpointer      user_data)
{
  return tessera_game_summary_compare_newest (&TESSERA_GAME_ITEM ((gpointer) a)->summary,
                                              &TESSERA_GAME_ITEM ((gpointer) b)->summary);
}
