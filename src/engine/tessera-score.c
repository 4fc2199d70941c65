/* tessera-score.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-score"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tessera-score.h"
#include "tessera-wheel.h"

static const char *category_names[TESSERA_N_CATEGORIES] = {
  "road", "city", "cloister", "farm", "wheel", "crown", "ransom", "adjust",
};

const char *
tessera_category_name (TesseraCategory category)
{
  g_return_val_if_fail (category < TESSERA_N_CATEGORIES, NULL);
  return category_names[category];
}

/* A category as a column or a chart names it for people: "Roads", "Farms". */
const char *
tessera_category_title (TesseraCategory category)
{
  switch (category)
    {
    case TESSERA_CATEGORY_ROAD:
      return _("Roads");
    case TESSERA_CATEGORY_CITY:
      return _("Cities");
    case TESSERA_CATEGORY_CLOISTER:
      return _("Cloisters");
    case TESSERA_CATEGORY_FARM:
      return _("Farms");
    case TESSERA_CATEGORY_WHEEL:
      return _("Wheel");
    case TESSERA_CATEGORY_CROWN:
      return _("Crowns");
    case TESSERA_CATEGORY_RANSOM:
      return _("Ransoms");
    case TESSERA_CATEGORY_ADJUST:
    case TESSERA_N_CATEGORIES:
    default:
      return _("Corrections");
    }
}

gboolean
tessera_category_from_name (const char      *name,
                            TesseraCategory *category)
{
  for (guint i = 0; i < TESSERA_N_CATEGORIES; i++)
    if (g_str_equal (name, category_names[i]))
      {
        *category = i;
        return TRUE;
      }
  return FALSE;
}

static const char *reason_names[] = {
  "completed-road", "completed-city", "completed-cloister",
  "unfinished-road", "unfinished-city", "unfinished-cloister",
  "farm", "adjust", "fortuna", "taxes", "famine", "storm", "inquisition", "crown",
  "ransom-paid", "ransom-received",
};

G_STATIC_ASSERT (G_N_ELEMENTS (reason_names) == TESSERA_REASON_RANSOM_RECEIVED + 1);

/* The reason's name in data (the history keeps it): "completed-city". */
const char *
tessera_reason_name (TesseraReasonKind reason)
{
  g_return_val_if_fail (reason < G_N_ELEMENTS (reason_names), NULL);
  return reason_names[reason];
}

static void
add_count (JsonBuilder *builder,
           const char  *name,
           gint64       count)
{
  if (count == 0)
    return;
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, count);
}

/**
 * tessera_score_event_to_json:
 *
 * The facts behind a scoring, for the history: the reason, where the feature is and the
 * counts that made the points, each only when it says something. Who scored, how much and in
 * which category are kept beside it.
 *
 * Returns: (transfer full): a JSON object: {"reason": "completed-city", "at": [2, 0],
 *   "spot": "N", "tiles": 3, "pennants": 1, "followers": 1, "winners": [0]}
 */
JsonNode *
tessera_score_event_to_json (const TesseraScoreEvent *score)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "reason");
  json_builder_add_string_value (builder, tessera_reason_name (score->reason));
  if (score->spot[0] != '\0')
    {
      json_builder_set_member_name (builder, "at");
      json_builder_begin_array (builder);
      json_builder_add_int_value (builder, score->at.x);
      json_builder_add_int_value (builder, score->at.y);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "spot");
      json_builder_add_string_value (builder, score->spot);
    }
  add_count (builder, "tiles", score->n_tiles);
  add_count (builder, "pennants", score->n_pennants);
  add_count (builder, "cities", score->n_cities);
  add_count (builder, "followers", score->n_followers);
  add_count (builder, "crowns", score->n_crowns);
  if (score->reason == TESSERA_REASON_RANSOM_PAID || score->reason == TESSERA_REASON_RANSOM_RECEIVED)
    {
      json_builder_set_member_name (builder, "other");
      json_builder_add_int_value (builder, score->other);
    }
  if (score->magic != 0)
    {
      json_builder_set_member_name (builder, "magic");
      json_builder_add_string_value (builder, score->magic == TESSERA_SCORE_MAGE ? "mage" : "witch");
      json_builder_set_member_name (builder, "base_points");
      json_builder_add_int_value (builder, score->base_points);
    }
  if (score->winners != 0)
    {
      json_builder_set_member_name (builder, "winners");
      json_builder_begin_array (builder);
      for (guint p = 0; p < 32; p++)
        if (score->winners & (1u << p))
          json_builder_add_int_value (builder, p);
      json_builder_end_array (builder);
    }
  if (score->text != NULL)
    {
      json_builder_set_member_name (builder, "text");
      json_builder_add_string_value (builder, score->text);
    }
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

const char *
tessera_feature_kind_name (TesseraFeatureKind kind)
{
  switch (kind)
    {
    case TESSERA_FEATURE_CITY:
      return "city";
    case TESSERA_FEATURE_ROAD:
      return "road";
    case TESSERA_FEATURE_FIELD:
      return "field";
    case TESSERA_FEATURE_CLOISTER:
    case TESSERA_N_FEATURE_KINDS:
    default:
      return "cloister";
    }
}

/* The feature's name for people, translated: "city". */
const char *
tessera_feature_kind_phrase (TesseraFeatureKind kind)
{
  switch (kind)
    {
    case TESSERA_FEATURE_CITY:
      return _("city");
    case TESSERA_FEATURE_ROAD:
      return _("road");
    case TESSERA_FEATURE_FIELD:
      return _("field");
    case TESSERA_FEATURE_CLOISTER:
    case TESSERA_N_FEATURE_KINDS:
    default:
      return _("cloister");
    }
}

/* What a follower on such a feature is called, translated: "knight". */
const char *
tessera_feature_kind_role (TesseraFeatureKind kind)
{
  switch (kind)
    {
    case TESSERA_FEATURE_CITY:
      return _("knight");
    case TESSERA_FEATURE_ROAD:
      return _("thief");
    case TESSERA_FEATURE_FIELD:
      return _("farmer");
    case TESSERA_FEATURE_CLOISTER:
    case TESSERA_N_FEATURE_KINDS:
    default:
      return _("monk");
    }
}

/* ", tied with Bram" when others scored the same feature. */
static void
append_shared (GString                 *text,
               const TesseraScoreEvent *score,
               const char * const      *player_names)
{
  g_autoptr(GPtrArray) others = g_ptr_array_new ();

  if (player_names == NULL)
    return;
  for (guint p = 0; p < TESSERA_MAX_PLAYERS; p++)
    if ((score->winners & (1u << p)) && p != score->player)
      g_ptr_array_add (others, (gpointer) player_names[p]);
  if (others->len == 0)
    return;
  {
    g_autofree char *list = g_strdup (g_ptr_array_index (others, 0));

    for (guint i = 1; i < others->len; i++)
      {
        char *longer;

        if (i + 1 < others->len)
          longer = g_strdup_printf (_("%s, %s"), list, (const char *) g_ptr_array_index (others, i));
        else
          /* TRANSLATORS: the last two of a list of names: "Anna and Bram" */
          longer = g_strdup_printf (_("%s and %s"), list, (const char *) g_ptr_array_index (others, i));
        g_free (list);
        list = longer;
      }
    /* TRANSLATORS: appended to a score when players tie for the majority: "…, tied with Bram" */
    g_string_append_printf (text, _(", tied with %s"), list);
  }
}

/* The crown space's segment for people: "Famine" for "famine-1". */
static char *
crown_segment_phrase (const char *space)
{
  g_autofree char *segment = g_strndup (space, strcspn (space, "-"));

  return g_strdup (tessera_wheel_segment_phrase (segment));
}

static char *
describe (const TesseraScoreEvent *score,
          const char * const      *player_names,
          gboolean                 with_place)
{
  GString *text = g_string_new (NULL);
  g_autofree char *tiles = NULL;
  g_autofree char *pennants = NULL;
  /* With the mage or the witch, the rule's own number first; the figure's change follows. */
  int points = score->magic != 0 ? score->base_points : score->points;

  switch (score->reason)
    {
    case TESSERA_REASON_COMPLETED_ROAD:
      tiles = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tile", "%u tiles", score->n_tiles), score->n_tiles);
      if (with_place)
        /* TRANSLATORS: "completed road at [1, 0]: 4 tiles = 4" */
        g_string_append_printf (text, _("completed road at [%d, %d] %s: %s = %d"),
                                score->at.x, score->at.y, score->spot, tiles, points);
      else
        /* TRANSLATORS: "completed road: 4 tiles = 4" */
        g_string_append_printf (text, _("completed road: %s = %d"), tiles, points);
      break;

    case TESSERA_REASON_UNFINISHED_ROAD:
      tiles = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tile", "%u tiles", score->n_tiles), score->n_tiles);
      if (with_place)
        g_string_append_printf (text, _("unfinished road at [%d, %d] %s at the end: %s = %d"),
                                score->at.x, score->at.y, score->spot, tiles, points);
      else
        g_string_append_printf (text, _("unfinished road at the end: %s = %d"), tiles, points);
      break;

    case TESSERA_REASON_COMPLETED_CITY:
      tiles = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tile x 2", "%u tiles x 2", score->n_tiles),
                               score->n_tiles);
      if (score->n_pennants > 0)
        {
          pennants = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u pennant x 2", "%u pennants x 2",
                                                   score->n_pennants), score->n_pennants);
          if (with_place)
            /* TRANSLATORS: "completed city at [2, 0]: 3 tiles x 2 + 1 pennant x 2 = 8" */
            g_string_append_printf (text, _("completed city at [%d, %d] %s: %s + %s = %d"),
                                    score->at.x, score->at.y, score->spot, tiles, pennants, points);
          else
            /* TRANSLATORS: "completed city: 3 tiles x 2 + 1 pennant x 2 = 8" */
            g_string_append_printf (text, _("completed city: %s + %s = %d"), tiles, pennants, points);
        }
      else if (with_place)
        g_string_append_printf (text, _("completed city at [%d, %d] %s: %s = %d"),
                                score->at.x, score->at.y, score->spot, tiles, points);
      else
        g_string_append_printf (text, _("completed city: %s = %d"), tiles, points);
      break;

    case TESSERA_REASON_UNFINISHED_CITY:
      tiles = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tile", "%u tiles", score->n_tiles), score->n_tiles);
      if (score->n_pennants > 0)
        {
          pennants = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u pennant", "%u pennants", score->n_pennants),
                                      score->n_pennants);
          if (with_place)
            /* TRANSLATORS: "unfinished city at [2, 0] at the end: 3 tiles + 1 pennant = 4" */
            g_string_append_printf (text, _("unfinished city at [%d, %d] %s at the end: %s + %s = %d"),
                                    score->at.x, score->at.y, score->spot, tiles, pennants, points);
          else
            g_string_append_printf (text, _("unfinished city at the end: %s + %s = %d"), tiles, pennants, points);
        }
      else if (with_place)
        g_string_append_printf (text, _("unfinished city at [%d, %d] %s at the end: %s = %d"),
                                score->at.x, score->at.y, score->spot, tiles, points);
      else
        g_string_append_printf (text, _("unfinished city at the end: %s = %d"), tiles, points);
      break;

    case TESSERA_REASON_COMPLETED_CLOISTER:
      if (with_place)
        /* TRANSLATORS: "completed cloister at [1, 1]: the cloister and its 8 neighbours = 9" */
        g_string_append_printf (text, _("completed cloister at [%d, %d]: the cloister and its 8 neighbours = %d"),
                                score->at.x, score->at.y, points);
      else
        g_string_append_printf (text, _("completed cloister: the cloister and its 8 neighbours = %d"), points);
      break;

    case TESSERA_REASON_UNFINISHED_CLOISTER:
      tiles = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u neighbouring tile", "%u neighbouring tiles",
                                            score->n_tiles - 1), score->n_tiles - 1);
      if (with_place)
        /* TRANSLATORS: "unfinished cloister at [1, 1] at the end: 1 + 4 neighbouring tiles = 5" */
        g_string_append_printf (text, _("unfinished cloister at [%d, %d] at the end: 1 + %s = %d"),
                                score->at.x, score->at.y, tiles, points);
      else
        g_string_append_printf (text, _("unfinished cloister at the end: 1 + %s = %d"), tiles, points);
      break;

    case TESSERA_REASON_FARM:
      tiles = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u completed city x 3", "%u completed cities x 3",
                                            score->n_cities), score->n_cities);
      if (with_place)
        /* TRANSLATORS: "farm at [0, 1]: 2 completed cities x 3 = 6" */
        g_string_append_printf (text, _("farm at [%d, %d] %s: %s = %d"), score->at.x, score->at.y, score->spot, tiles, points);
      else
        /* TRANSLATORS: "farm: 2 completed cities x 3 = 6" */
        g_string_append_printf (text, _("farm: %s = %d"), tiles, points);
      break;

    case TESSERA_REASON_FORTUNA:
      g_string_append (text, _("Fortuna: the player whose turn it is gets 3"));
      break;

    case TESSERA_REASON_TAXES:
      tiles = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u knight", "%u knights", score->n_followers),
                               score->n_followers);
      pennants = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u pennant", "%u pennants", score->n_pennants),
                                  score->n_pennants);
      if (with_place)
        /* TRANSLATORS: "Taxes, city at [2, 1] N: 2 knights x (2 pennants + 2 knights) = 8" */
        g_string_append_printf (text, _("Taxes, city at [%d, %d] %s: %s x (%s + %s) = %d"),
                                score->at.x, score->at.y, score->spot, tiles, pennants, tiles, score->points);
      else
        /* TRANSLATORS: "Taxes, a city: 2 knights x (2 pennants + 2 knights) = 8" */
        g_string_append_printf (text, _("Taxes, a city: %s x (%s + %s) = %d"), tiles, pennants, tiles, score->points);
      break;

    case TESSERA_REASON_FAMINE:
      tiles = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u farmer", "%u farmers", score->n_followers),
                               score->n_followers);
      pennants = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u completed city", "%u completed cities",
                                               score->n_cities), score->n_cities);
      if (with_place)
        /* TRANSLATORS: "Famine, farm at [0, 1] S: 2 farmers x 3 completed cities = 6" */
        g_string_append_printf (text, _("Famine, farm at [%d, %d] %s: %s x %s = %d"),
                                score->at.x, score->at.y, score->spot, tiles, pennants, score->points);
      else
        /* TRANSLATORS: "Famine, a farm: 2 farmers x 3 completed cities = 6" */
        g_string_append_printf (text, _("Famine, a farm: %s x %s = %d"), tiles, pennants, score->points);
      break;

    case TESSERA_REASON_STORM:
      tiles = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u follower", "%u followers", score->n_followers),
                               score->n_followers);
      /* TRANSLATORS: "Storm: 4 followers in supply = 4" */
      g_string_append_printf (text, _("Storm: %s in supply = %d"), tiles, score->points);
      break;

    case TESSERA_REASON_INQUISITION:
      tiles = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u monk", "%u monks", score->n_followers),
                               score->n_followers);
      /* TRANSLATORS: "Inquisition: 2 monks x 2 = 4" */
      g_string_append_printf (text, _("Inquisition: %s x 2 = %d"), tiles, score->points);
      break;

    case TESSERA_REASON_CROWN:
      if (!with_place)
        {
          g_autofree char *segment = crown_segment_phrase (score->spot);

          if (score->n_crowns == 1)
            /* TRANSLATORS: "a crown space of Famine: a segment with one crown = 3" */
            g_string_append_printf (text, _("a crown space of %s: a segment with one crown = %d"), segment, score->points);
          else if (score->n_followers == 1)
            g_string_append_printf (text, _("a crown space of %s: alone on a segment with two crowns = %d"),
                                    segment, score->points);
          else
            g_string_append_printf (text, _("a crown space of %s: one of two followers on a segment with two crowns = %d"),
                                    segment, score->points);
        }
      else if (score->n_crowns == 1)
        /* TRANSLATORS: "crown space famine-1: a segment with one crown = 3" */
        g_string_append_printf (text, _("crown space %s: a segment with one crown = %d"), score->spot, score->points);
      else if (score->n_followers == 1)
        g_string_append_printf (text, _("crown space %s: alone on a segment with two crowns = %d"),
                                score->spot, score->points);
      else
        g_string_append_printf (text, _("crown space %s: one of two followers on a segment with two crowns = %d"),
                                score->spot, score->points);
      break;

    case TESSERA_REASON_RANSOM_PAID:
      /* TRANSLATORS: "ransom paid to Bram for a captured follower = -3" */
      g_string_append_printf (text, _("ransom paid to %s for a captured follower = %d"),
                              player_names != NULL ? player_names[score->other] : "?", score->points);
      break;

    case TESSERA_REASON_RANSOM_RECEIVED:
      /* TRANSLATORS: "ransom received from Anna for a follower held prisoner = 3" */
      g_string_append_printf (text, _("ransom received from %s for a follower held prisoner = %d"),
                              player_names != NULL ? player_names[score->other] : "?", score->points);
      break;

    case TESSERA_REASON_ADJUST:
    default:
      /* TRANSLATORS: a manual score correction: "correction agreed at the table: misscored road" */
      g_string_append_printf (text, _("correction agreed at the table: %s"), score->text);
      break;
    }

  if (score->magic == TESSERA_SCORE_MAGE)
    /* TRANSLATORS: "completed road at [1, 0] E: 5 tiles = 5, mage +5 = 10" */
    g_string_append_printf (text, _(", mage +%u = %d"), score->n_tiles, score->points);
  else if (score->magic == TESSERA_SCORE_WITCH)
    /* TRANSLATORS: "completed city at [2, 0] N: 4 tiles x 2 + 1 pennant x 2 = 10, witch halves: 5" */
    g_string_append_printf (text, _(", witch halves: %d"), score->points);

  /* Only feature scoring shares points by majority. */
  if (score->reason <= TESSERA_REASON_FARM && score->reason != TESSERA_REASON_COMPLETED_CLOISTER &&
      score->reason != TESSERA_REASON_UNFINISHED_CLOISTER)
    append_shared (text, score, player_names);

  return g_string_free (text, FALSE);
}

/**
 * tessera_score_event_describe:
 * @score: a scoring event
 * @player_names: (nullable): names by seat, to name the players a majority was shared with
 *
 * The sentence that explains @score, naming the rule, the place and the counts behind the
 * number, e.g. "completed city at [2, 0] N: 3 tiles x 2 + 1 pennant x 2 = 8".
 */
char *
tessera_score_event_describe (const TesseraScoreEvent *score,
                              const char * const      *player_names)
{
  return describe (score, player_names, TRUE);
}

/**
 * tessera_score_event_describe_briefly:
 * @score: a scoring event
 * @player_names: (nullable): names by seat, to name the players a majority was shared with
 *
 * The same sentence without the place, for the app, where the board shows it: "completed city:
 * 3 tiles x 2 + 1 pennant x 2 = 8", "a crown space of Famine: a segment with one crown = 3".
 */
char *
tessera_score_event_describe_briefly (const TesseraScoreEvent *score,
                                      const char * const      *player_names)
{
  return describe (score, player_names, FALSE);
}
