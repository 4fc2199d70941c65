/* tessera-tile-palette.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-tile-palette"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tessera-focus-group.h"
#include "tessera-game-item.h"
#include "tessera-tile-art.h"
#include "tessera-tile-palette.h"

#define LARGEST_TILE 72
#define SMALLEST_TILE 40
#define SMALLEST_TILE_SCROLLED 28
#define NATURAL_TILE 56

/* The tiles still in the box, as pictures with their counts: the player finds the tile they
 * drew by its look, or types its id or what it shows ("city", "cloister"). A tile the box on the
 * table holds but Tessera thinks used up (or not in the box) is refused with the engine's
 * reason, next to the button that corrects the box ("game.correct-box"). */

struct _TesseraTilePalette
{
  GtkWidget       parent_instance;

  GtkWidget      *box;
  GtkSearchEntry *search;
  GtkFlowBox     *flow;
  GtkWidget      *scrolled;
  GtkWidget      *empty_label;
  GtkLabel       *refusal_label;
  GtkWidget      *correct_button;

  TesseraGame    *game;
  gboolean        hide_counts;   /* a table without aids: the ids only */

  /* The tile pictures' size: as large as lets every tile show without scrolling */
  int             tile_size;
  gboolean        captions;        /* the id and count under each picture */
  int             caption_height;
  guint           resize_id;
};

G_DEFINE_FINAL_TYPE (TesseraTilePalette, tessera_tile_palette, GTK_TYPE_WIDGET)

enum {
  TILE_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
draw_tile (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  const TesseraBoxEntry *entry = user_data;
  double size = MIN (width, height);

  cairo_translate (cr, (width - size) / 2, (height - size) / 2);
  tessera_tile_art_draw (cr, entry->type, entry->wheel, 0, size);
}

/* What players call a tile and what it shows, by the feature the catalogue gives the tile type
 * or the copy (the wheel icon). The words of the three languages of the rulebooks Tessera
 * follows are fixed and always understood: a Dutch box on an English desktop still says
 * "klooster", and a table often mixes languages. The desktop language's own words come from
 * the translation on top of them, so a translation into any other language adds its words
 * without touching this table. Phrases are fine ("coat of arms"): typing may stop anywhere in
 * one. */
typedef enum {
  TILE_CITY,
  TILE_ROAD,
  TILE_FIELD,
  TILE_CLOISTER,
  TILE_PENNANT,
  TILE_CROSSROADS,
  TILE_CURVE,
  TILE_STRAIGHT,
  TILE_WHEEL,
  TILE_TOWER,
  TILE_MAGIC,
  TILE_CROP_CIRCLE,
} TileTrait;

static const struct
{
  TileTrait   trait;
  const char *translated;  /* the desktop language's words, ";" between them */
  const char *fixed;       /* English; Dutch; Spanish */
} trait_words[] = {
  /* Translators: words players type to find the tiles with a city, separated by ";". The
   * English, Dutch and Spanish words are always understood; add your language's. */
  { TILE_CITY, N_("city;town"), "city;town;stad;ciudad" },
  /* Translators: words for the tiles with a road, separated by ";" */
  { TILE_ROAD, N_("road"), "road;weg;camino" },
  /* Translators: words for the tiles with a field, where farmers stand, separated by ";" */
  { TILE_FIELD, N_("field;farm;meadow"), "field;farm;meadow;weide;weiland;veld;granja;campo;prado" },
  /* Translators: words for the tiles with a cloister, separated by ";" */
  { TILE_CLOISTER, N_("cloister;monastery;abbey"), "cloister;monastery;abbey;klooster;abdij;monasterio;claustro;abadia" },
  /* Translators: words for the tiles whose city shows a pennant (coat of arms), separated by ";" */
  { TILE_PENNANT, N_("pennant;shield;coat of arms"), "pennant;shield;coat of arms;wapen;wapenschild;schild;escudo;blason" },
  /* Translators: words for the tiles where three or four roads meet, separated by ";" */
  { TILE_CROSSROADS, N_("crossroads;junction;intersection"), "crossroads;junction;intersection;kruispunt;splitsing;cruce;encrucijada;interseccion" },
  /* Translators: words for the tiles with a road that bends, separated by ";" */
  { TILE_CURVE, N_("curve;bend"), "curve;bend;bocht;curva" },
  /* Translators: words for the tiles with a road straight across, separated by ";" */
  { TILE_STRAIGHT, N_("straight road"), "straight road;rechte weg;recht;camino recto;recto;recta" },
  /* Translators: words for the tiles with the Wheel of Fortune's icon and number, separated by ";" */
  { TILE_WHEEL, N_("wheel icon;crown"), "wheel icon;crown;rad van fortuin;wiel;kroon;rueda;corona" },
  /* Translators: words for the tiles with a tower foundation (The Tower), separated by ";" */
  { TILE_TOWER, N_("tower;tower foundation"), "tower;tower foundation;foundation;toren;bouwplaats;fundament;torre;cimientos" },
  /* Translators: words for the tiles with the magic symbol (Mage & Witch), separated by ";" */
  { TILE_MAGIC, N_("magic symbol;mage;witch"), "magic symbol;mage;witch;wizard;magisch symbool;magiërssymbool;toversymbool;tovenaar;heks;símbolo mágico;mago;bruja" },
  /* Translators: words for the crop-circle tiles, separated by ";" */
  { TILE_CROP_CIRCLE, N_("crop circle"), "crop circle;graancirkel;círculo de cultivo;círculo en los cultivos" },
};

/* Three or more roads end at one place inside the tile (a crossroads, or a tower foundation
 * where they meet): not the city gates, each a place of its own. */
static gboolean
has_crossroads (const TesseraTileType *type)
{
  for (guint i = 0; i < type->n_segments; i++)
    {
      const TesseraSegment *road = &type->segments[i];
      guint n = 0;

      if (road->kind != TESSERA_FEATURE_ROAD || road->ends[0] == '\0' || g_str_equal (road->ends, "city-gate"))
        continue;
      for (guint j = 0; j < type->n_segments; j++)
        n += type->segments[j].kind == TESSERA_FEATURE_ROAD && g_str_equal (type->segments[j].ends, road->ends);
      if (n >= 3)
        return TRUE;
    }
  return FALSE;
}

/* A road that reaches two sides: straight across (opposite sides) or a curve. */
static gboolean
has_road_through (const TesseraTileType *type,
                  gboolean               straight)
{
  const guint8 across[] = { 1 << TESSERA_SIDE_N | 1 << TESSERA_SIDE_S, 1 << TESSERA_SIDE_E | 1 << TESSERA_SIDE_W };

  for (guint i = 0; i < type->n_segments; i++)
    {
      const TesseraSegment *road = &type->segments[i];

      if (road->kind == TESSERA_FEATURE_ROAD && road->n_sides == 2
          && (road->sides == across[0] || road->sides == across[1]) == straight)
        return TRUE;
    }
  return FALSE;
}

static gboolean
has_segment (const TesseraTileType *type,
             TesseraFeatureKind     kind,
             gboolean               with_pennant)
{
  for (guint i = 0; i < type->n_segments; i++)
    if (type->segments[i].kind == kind && (!with_pennant || type->segments[i].pennants > 0))
      return TRUE;
  return FALSE;
}

static gboolean
has_trait (const TesseraBoxEntry *entry,
           TileTrait              trait)
{
  const TesseraTileType *type = entry->type;

  switch (trait)
    {
    case TILE_CITY:
      return has_segment (type, TESSERA_FEATURE_CITY, FALSE);
    case TILE_ROAD:
      return has_segment (type, TESSERA_FEATURE_ROAD, FALSE);
    case TILE_FIELD:
      return has_segment (type, TESSERA_FEATURE_FIELD, FALSE);
    case TILE_CLOISTER:
      return type->cloister;
    case TILE_PENNANT:
      return has_segment (type, TESSERA_FEATURE_CITY, TRUE);
    case TILE_CROSSROADS:
      return has_crossroads (type);
    case TILE_CURVE:
      return has_road_through (type, FALSE);
    case TILE_STRAIGHT:
      return has_road_through (type, TRUE);
    case TILE_WHEEL:
      return entry->wheel > 0;
    case TILE_TOWER:
      return type->tower;
    case TILE_MAGIC:
      return type->magic;
    case TILE_CROP_CIRCLE:
      return type->crop != TESSERA_CROP_NONE;
    default:
      g_assert_not_reached ();
    }
}

/* Text as the search compares it: folded (case, accents), ids without their dashes and plus
 * signs and numbers without leading zeros, so "mw1", "MW-1", "to2" and "TO-02" are the ids
 * MW-1 and TO-02, and "u w2" or "uw2" is U+W2. Words are separated by single spaces. */
static char *
normalize (const char *text)
{
  g_autofree char *folded = tessera_fold_text (text);
  GString *out = g_string_sized_new (strlen (folded));
  gboolean in_number = FALSE;

  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '-' || c == '+')
        continue;
      if (g_unichar_isspace (c) || c == ';')
        {
          if (out->len > 0 && out->str[out->len - 1] != ' ')
            g_string_append_c (out, ' ');
          in_number = FALSE;
          continue;
        }
      if (c == '0' && !in_number && g_ascii_isdigit (p[1]))
        continue;
      in_number = g_unichar_isdigit (c);
      g_string_append_unichar (out, c);
    }
  if (out->len > 0 && out->str[out->len - 1] == ' ')
    g_string_truncate (out, out->len - 1);
  return g_string_free (out, FALSE);
}

/* The phrases a player may type to find a tile, normalized, one a line: its id first (U+W2
 * as "uw2", then "u" and "w2" apart), then what it shows. */
static char *
make_keywords (const TesseraBoxEntry *entry)
{
  g_autoptr(GString) phrases = g_string_new (NULL);
  g_autofree char *id = normalize (entry->id);
  g_autofree char *type_id = normalize (entry->type->id);

  g_string_append_printf (phrases, "%s\n%s", id, type_id);
  if (entry->wheel > 0)
    g_string_append_printf (phrases, "\nw%u", entry->wheel);
  for (guint i = 0; i < G_N_ELEMENTS (trait_words); i++)
    {
      g_auto(GStrv) translated = NULL;
      g_auto(GStrv) fixed = NULL;

      if (!has_trait (entry, trait_words[i].trait))
        continue;
      translated = g_strsplit (_(trait_words[i].translated), ";", -1);
      fixed = g_strsplit (trait_words[i].fixed, ";", -1);
      for (guint j = 0; translated[j] != NULL; j++)
        {
          g_autofree char *phrase = normalize (translated[j]);

          g_string_append_printf (phrases, "\n%s", phrase);
        }
      for (guint j = 0; fixed[j] != NULL; j++)
        {
          g_autofree char *phrase = normalize (fixed[j]);

          g_string_append_printf (phrases, "\n%s", phrase);
        }
    }
  return g_string_free (g_steal_pointer (&phrases), FALSE);
}

static char *
describe_entry (const TesseraBoxEntry *entry,
                guint                  left,
                gboolean               hide_counts)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (hide_counts)
    g_string_printf (text, _("Tile %s"), entry->id);
  else
    g_string_printf (text, g_dngettext (GETTEXT_PACKAGE, "Tile %s, %u left", "Tile %s, %u left", left), entry->id, left);
  if (entry->wheel > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, ", moves the pig %u segment", ", moves the pig %u segments",
                                               entry->wheel),
                            entry->wheel);
  if (entry->type->magic)
    g_string_append (text, _(", magic symbol"));
  if (entry->type->crop != TESSERA_CROP_NONE)
    g_string_append (text, _(", crop circle"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
tile_clicked_cb (GtkButton          *button,
                 TesseraTilePalette *self)
{
  const TesseraBoxEntry *entry = g_object_get_data (G_OBJECT (button), "entry");

  g_signal_emit (self, signals[TILE_CHOSEN], 0, entry);
}

/* What shows under a tile's picture: its id and how many are left ("D ×3"); only the count
 * for an id too long for the column ("×1" for IC-17+W1: cut to "I…1" it said nothing), and the
 * id alone, however cut, for a table playing without the counts. */
static char *
caption_text (const TesseraBoxEntry *entry,
              guint                  left,
              gboolean               hide_counts)
{
  if (hide_counts)
    return g_strdup (entry->id);
  if (strlen (entry->id) > 2)
    return g_strdup_printf ("×%u", left);
  /* A thin space: "W ×1" fits a column as wide as the picture. */
  return g_strdup_printf ("%s\u2009×%u", entry->id, left);
}

static GtkWidget *
make_tile_button (TesseraTilePalette    *self,
                  const TesseraBoxEntry *entry,
                  guint                  left)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *picture = gtk_drawing_area_new ();
  g_autofree char *count = caption_text (entry, left, self->hide_counts);
  g_autofree char *description = describe_entry (entry, left, self->hide_counts);
  GtkWidget *label = gtk_label_new (count);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (picture), self->tile_size);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (picture), self->tile_size);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (picture), draw_tile, (gpointer) entry, NULL);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "numeric");
  /* The picture sets the column's width, not a long id: all of it is in the tooltip. */
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 1);
  gtk_widget_set_visible (label, self->captions);
  gtk_box_append (GTK_BOX (box), picture);
  gtk_box_append (GTK_BOX (box), label);

  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "tile-button");
  gtk_widget_set_tooltip_text (button, description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
  g_object_set_data (G_OBJECT (button), "entry", (gpointer) entry);
  g_object_set_data (G_OBJECT (button), "picture", picture);
  g_object_set_data (G_OBJECT (button), "caption", label);
  g_object_set_data_full (G_OBJECT (button), "keywords", make_keywords (entry), g_free);
  g_signal_connect_object (button, "clicked", G_CALLBACK (tile_clicked_cb), self, 0);
  return button;
}

/* Whether a tile with @keywords (make_keywords) answers @typed (normalized): @typed starts one
 * of its phrases ("crop ci", "círculo de"), or each word typed starts a word of them ("straight
 * road", "city pennant", "u w2"). */
static gboolean
keywords_match (const char *keywords,
                const char *typed)
{
  g_auto(GStrv) phrases = g_strsplit (keywords, "\n", -1);
  g_auto(GStrv) words = NULL;

  if (*typed == '\0')
    return TRUE;
  for (guint i = 0; phrases[i] != NULL; i++)
    if (g_str_has_prefix (phrases[i], typed))
      return TRUE;
  words = g_strsplit (typed, " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; phrases[j] != NULL && !found; j++)
        {
          g_auto(GStrv) phrase_words = g_strsplit (phrases[j], " ", -1);

          for (guint k = 0; phrase_words[k] != NULL && !found; k++)
            found = g_str_has_prefix (phrase_words[k], words[i]);
        }
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/**
 * tessera_tile_palette_entry_matches:
 * @entry: a kind of tile in a box
 * @typed: what was typed in the search
 *
 * Returns: whether the search shows @entry for @typed: its id in any case, with or without
 *   dashes ("mw1", "TO-02"), its wheel number ("w1"), or what it shows in English, Dutch,
 *   Spanish or the desktop's language ("monastery", "klooster", "escudo", "crop circle")
 */
gboolean
tessera_tile_palette_entry_matches (const TesseraBoxEntry *entry,
                                    const char            *typed)
{
  g_autofree char *keywords = NULL;
  g_autofree char *normal = NULL;

  g_return_val_if_fail (entry != NULL, FALSE);
  g_return_val_if_fail (typed != NULL, FALSE);

  keywords = make_keywords (entry);
  normal = normalize (typed);
  return keywords_match (keywords, normal);
}

static gboolean
filter_func (GtkFlowBoxChild *child,
             gpointer         user_data)
{
  TesseraTilePalette *self = user_data;
  GtkWidget *button = gtk_flow_box_child_get_child (child);
  const char *keywords = g_object_get_data (G_OBJECT (button), "keywords");
  g_autofree char *typed = normalize (gtk_editable_get_text (GTK_EDITABLE (self->search)));

  return keywords_match (keywords, typed);
}

static void
search_changed_cb (TesseraTilePalette *self)
{
  gtk_flow_box_invalidate_filter (self->flow);
}

/* The id of the kind of tile @typed names, as records write it, or NULL when it names none: one
 * of the game's box in any of the forms the search takes ("mw1" for MW-1), or else any type of
 * the catalogue (a U typed in a box that only has U+W1). */
static char *
parse_tile_id (TesseraTilePalette *self,
               const char         *typed)
{
  TesseraCatalogue *catalogue = tessera_catalogue_get_default ();
  g_autofree char *upper = g_ascii_strup (typed, -1);
  g_autofree char *normal = normalize (typed);
  guint wheel;

  if (self->game != NULL)
    {
      GArray *supply = tessera_game_get_supply (self->game);

      for (guint i = 0; i < supply->len; i++)
        {
          const TesseraBoxEntry *entry = g_array_index (supply, TesseraSupplyEntry, i).entry;
          g_autofree char *id = normalize (entry->id);

          if (g_str_equal (id, normal))
            return g_strdup (entry->id);
        }
    }
  if (tessera_catalogue_parse_tile_id (catalogue, typed, &wheel) != NULL)
    return g_strdup (typed);
  if (tessera_catalogue_parse_tile_id (catalogue, upper, &wheel) != NULL)
    return g_steal_pointer (&upper);
  return NULL;
}

static void
show_refusal (TesseraTilePalette *self,
              const char         *message)
{
  gtk_label_set_text (self->refusal_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->refusal_label), message != NULL);
  /* The way on is the correction: it stands out while the refusal is shown. */
  if (message != NULL)
    gtk_widget_add_css_class (self->correct_button, "suggested-action");
  else
    gtk_widget_remove_css_class (self->correct_button, "suggested-action");
}

/* Enter in the search field takes the tile whose id was typed (in any form the search takes), or the single one that matches
 * what was typed; among several, the keyboard goes to the first of them, for the arrows to choose
 * ("stad" matches every city tile: Enter must not pick one of them at random). An id of a tile
 * the box has no copy of left is refused with the engine's reason. */
static void
search_activate_cb (TesseraTilePalette *self)
{
  g_autofree char *typed = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->search))));
  g_autofree char *id = NULL;
  GtkWidget *first = NULL;
  guint n_matches = 0;

  if (*typed != '\0' && (id = parse_tile_id (self, typed)) != NULL)
    {
      if (!tessera_tile_palette_choose (self, id))
        tessera_tile_palette_refuse (self, id);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->flow));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (filter_func (GTK_FLOW_BOX_CHILD (child), self))
        {
          if (first == NULL)
            first = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
          n_matches++;
        }
    }
  if (n_matches == 1)
    tile_clicked_cb (GTK_BUTTON (first), self);
  else if (first != NULL)
    gtk_widget_grab_focus (first);
}

/* Every tile's picture as large as lets them all show at once in the space the palette has: a
 * player with a mouse should not have to scroll for the tile they drew. A large box in a small
 * window (the Wheel of Fortune box with every expansion, some 70 kinds, at 1024x600) does not
 * fit at any size one can still tell apart: there the tiles stay large enough and the palette
 * holds at most two pages, so that one scroll shows the rest, and drops the captions (the id and
 * count stay in each tile's tooltip and name) before the tiles get smaller than that. */

/* How tall the rows of all tiles are in @width with pictures of @size (and their captions),
 * their number, and how tall one is; FALSE without tiles. */
static gboolean
measure_rows (TesseraTilePalette *self,
              int                 width,
              int                 size,
              gboolean            captions,
              int                *n_rows,
              int                *row_height)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->flow));
  GtkWidget *button, *label;
  int n = 0, pad_w, pad_h, columns, shown;

  if (child == NULL || width <= 0)
    return FALSE;
  for (GtkWidget *c = child; c != NULL; c = gtk_widget_get_next_sibling (c))
    n++;
  /* What a tile button adds around its picture: padding and spacing, and the caption, whose
   * height is measured once while it shows (it ellipsizes: it never widens a column). */
  button = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
  label = g_object_get_data (G_OBJECT (button), "caption");
  /* As the tiles are now, which may not yet be the size asked for last. */
  shown = gtk_drawing_area_get_content_width (g_object_get_data (G_OBJECT (button), "picture"));
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &pad_w, NULL, NULL);
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, -1, &pad_h, NULL, NULL, NULL);
  if (gtk_widget_get_visible (label) && self->caption_height == 0)
    gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, -1, &self->caption_height, NULL, NULL, NULL);
  pad_w = MAX (pad_w - shown, 0) + (int) gtk_flow_box_get_column_spacing (self->flow);
  pad_h = MAX (pad_h - shown - (gtk_widget_get_visible (label) ? self->caption_height : 0), 0)
          + (int) gtk_flow_box_get_row_spacing (self->flow);
  columns = MIN (MAX (width / (size + pad_w), 1), (int) gtk_flow_box_get_max_children_per_line (self->flow));
  *n_rows = (n + columns - 1) / columns;
  *row_height = size + pad_h + (captions ? self->caption_height : 0);
  return TRUE;
}

/* The height all tiles take in @width with pictures of @size and captions, or -1 without tiles. */
static int
tiles_height (TesseraTilePalette *self,
              int                 width,
              int                 size)
{
  int n_rows, row_height;

  if (!measure_rows (self, width, size, TRUE, &n_rows, &row_height))
    return -1;
  return n_rows * row_height;
}

/* The largest pictures with which every tile shows in @height, or failing that, in one scroll:
 * no more rows than twice those wholly in view. A base box at 1024x600 shows whole with
 * 32-pixel tiles; every set together there takes one scroll with 30-pixel tiles. */
static void
best_tile_size (TesseraTilePalette *self,
                int                 width,
                int                 height,
                int                *size,
                gboolean           *captions)
{
  int n_rows, row_height;

  *size = self->tile_size;
  *captions = self->captions;
  if (width <= 0 || height <= 0 || !measure_rows (self, width, LARGEST_TILE, TRUE, &n_rows, &row_height))
    return;
  /* Smaller tiles before any scrolling, then captions dropped; then one scroll. */
  for (int scroll = FALSE; scroll <= TRUE; scroll++)
    for (int with_captions = TRUE; with_captions >= FALSE; with_captions--)
      for (*size = scroll ? SMALLEST_TILE : LARGEST_TILE; *size >= SMALLEST_TILE_SCROLLED; *size -= 2)
        if (measure_rows (self, width, *size, with_captions, &n_rows, &row_height)
            && (scroll ? n_rows <= 2 * (height / row_height) : n_rows * row_height <= height))
          {
            *captions = with_captions;
            return;
          }
  *size = SMALLEST_TILE_SCROLLED;
  *captions = FALSE;
}

static gboolean
apply_tile_size (gpointer user_data)
{
  TesseraTilePalette *self = user_data;

  self->resize_id = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->flow));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *button = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      GtkDrawingArea *picture = g_object_get_data (G_OBJECT (button), "picture");

      gtk_drawing_area_set_content_width (picture, self->tile_size);
      gtk_drawing_area_set_content_height (picture, self->tile_size);
      gtk_widget_set_visible (g_object_get_data (G_OBJECT (button), "caption"), self->captions);
    }
  return G_SOURCE_REMOVE;
}

static void
tessera_tile_palette_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  TesseraTilePalette *self = TESSERA_TILE_PALETTE (widget);
  int needed;

  gtk_widget_measure (self->box, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
  /* The palette would like the room for every tile at the usual size: it then gets the side
   * panel's space before the score log does. */
  if (orientation == GTK_ORIENTATION_VERTICAL
      && (needed = tiles_height (self, for_size > 0 ? for_size : gtk_widget_get_width (widget), NATURAL_TILE)) > 0)
    *natural = MAX (*natural, *minimum + needed);
}

static void
tessera_tile_palette_size_allocate (GtkWidget *widget,
                                    int        width,
                                    int        height,
                                    int        baseline)
{
  TesseraTilePalette *self = TESSERA_TILE_PALETTE (widget);
  int size;
  gboolean captions;

  gtk_widget_allocate (self->box, width, height, baseline, NULL);
  /* The size is computed from the space alone, not from the tiles' own size: it settles at once. */
  best_tile_size (self, gtk_widget_get_width (self->scrolled), gtk_widget_get_height (self->scrolled), &size, &captions);
  if (size != self->tile_size || captions != self->captions)
    {
      self->tile_size = size;
      self->captions = captions;
      if (self->resize_id == 0)
        self->resize_id = g_idle_add (apply_tile_size, self);
    }
}

/**
 * tessera_tile_palette_set_game:
 * @self: the palette
 * @game: (nullable): the game whose supply it shows
 *
 * Shows the tiles still in the box; call it again after every turn.
 */
void
tessera_tile_palette_set_game (TesseraTilePalette *self,
                               TesseraGame        *game)
{
  GtkWidget *child;
  GArray *supply;
  guint n_shown = 0;

  g_return_if_fail (TESSERA_IS_TILE_PALETTE (self));

  g_set_object (&self->game, game);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->flow))) != NULL)
    gtk_flow_box_remove (self->flow, child);
  gtk_editable_set_text (GTK_EDITABLE (self->search), "");
  show_refusal (self, NULL);
  /* Every turn starts at the top: where the last turn's tile was is no guide to the next. */
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled)), 0);

  if (game == NULL)
    return;
  supply = tessera_game_get_supply (game);
  for (guint i = 0; i < supply->len; i++)
    {
      const TesseraSupplyEntry *entry = &g_array_index (supply, TesseraSupplyEntry, i);

      if (entry->left == 0)
        continue;
      GtkWidget *button = make_tile_button (self, entry->entry, entry->left);

      gtk_flow_box_append (self->flow, button);
      /* The button is the stop, not the cell around it (see tessera_focus_group_attach). */
      gtk_widget_set_focusable (gtk_widget_get_parent (button), FALSE);
      n_shown++;
    }
  gtk_widget_set_visible (self->empty_label, n_shown == 0);
}

/**
 * tessera_tile_palette_choose:
 * @self: the palette
 * @tile_id: a tile id as records name it: "D", "U+W2"
 *
 * Chooses a tile as a click on it would.
 *
 * Returns: %TRUE if the tile is in the box
 */
gboolean
tessera_tile_palette_choose (TesseraTilePalette *self,
                             const char         *tile_id)
{
  GtkWidget *button;

  g_return_val_if_fail (TESSERA_IS_TILE_PALETTE (self), FALSE);

  if ((button = tessera_tile_palette_get_tile_button (self, tile_id)) == NULL)
    return FALSE;
  tile_clicked_cb (GTK_BUTTON (button), self);
  return TRUE;
}

/**
 * tessera_tile_palette_refuse:
 * @self: the palette
 * @tile_id: a tile id the palette does not offer
 *
 * Shows why the drawn tile cannot be taken, in the engine's words, above the button that
 * corrects the box.
 *
 * Returns: (transfer none) (nullable): the reason shown, or %NULL when the tile can be taken
 */
const char *
tessera_tile_palette_refuse (TesseraTilePalette *self,
                             const char         *tile_id)
{
  g_autoptr(TesseraGame) copy = NULL;
  g_autoptr(TesseraEvent) event = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *where = NULL;
  g_autofree char *reason = NULL;
  const char *message;
  guint n_events;
  guint player;

  g_return_val_if_fail (TESSERA_IS_TILE_PALETTE (self), NULL);
  g_return_val_if_fail (tile_id != NULL, NULL);

  if (self->game == NULL || tessera_game_is_finished (self->game))
    return NULL;

  /* The engine's own check of a drawn tile, on a copy: a tile that fits nowhere would be put
   * back, and that is not what was asked. */
  n_events = tessera_game_get_n_events (self->game);
  player = tessera_game_get_current_player (self->game);
  copy = tessera_game_copy_at (self->game, n_events);
  event = tessera_event_new_discard ((int) player, tile_id);
  if (copy == NULL || tessera_game_apply (copy, event, &error))
    {
      show_refusal (self, NULL);
      return NULL;
    }

  /* The message names the event ("event 12 (turn of Anna): …"); the palette is that turn. */
  where = tessera_event_describe (event, n_events, tessera_game_get_player_names (self->game)[player]);
  message = error->message;
  if (g_str_has_prefix (message, where) && g_str_has_prefix (message + strlen (where), ": "))
    message += strlen (where) + 2;
  reason = g_strdup_printf ("%c%s%s", g_ascii_toupper (message[0]), message + 1,
                            g_str_has_suffix (message, ".") ? "" : ".");
  show_refusal (self, reason);
  return gtk_label_get_text (self->refusal_label);
}

/* Returns: (transfer none) (nullable): the refusal shown, or %NULL */
const char *
tessera_tile_palette_get_refusal (TesseraTilePalette *self)
{
  g_return_val_if_fail (TESSERA_IS_TILE_PALETTE (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->refusal_label)))
    return NULL;
  return gtk_label_get_text (self->refusal_label);
}

/**
 * tessera_tile_palette_get_tile_button:
 * @tile_id: a tile id as records name it
 *
 * Returns: (transfer none) (nullable): the button that picks that tile, if it is in the box
 */
GtkWidget *
tessera_tile_palette_get_tile_button (TesseraTilePalette *self,
                                      const char         *tile_id)
{
  g_return_val_if_fail (TESSERA_IS_TILE_PALETTE (self), NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->flow));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *button = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      const TesseraBoxEntry *entry = g_object_get_data (G_OBJECT (button), "entry");

      if (g_ascii_strcasecmp (entry->id, tile_id) == 0)
        return button;
    }
  return NULL;
}

/* Returns: (transfer none): the button that corrects the box */
GtkWidget *
tessera_tile_palette_get_correct_button (TesseraTilePalette *self)
{
  g_return_val_if_fail (TESSERA_IS_TILE_PALETTE (self), NULL);
  return self->correct_button;
}

void
tessera_tile_palette_set_key_capture (TesseraTilePalette *self,
                                      GtkWidget          *widget)
{
  g_return_if_fail (TESSERA_IS_TILE_PALETTE (self));
  gtk_search_entry_set_key_capture_widget (self->search, widget);
}

void
tessera_tile_palette_focus (TesseraTilePalette *self)
{
  g_return_if_fail (TESSERA_IS_TILE_PALETTE (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->search));
}

/**
 * tessera_tile_palette_set_search_description:
 * @description: (nullable): what a screen reader says of the tile search after its name
 *
 * The search is where the keyboard goes when a turn begins: what it says there is heard first.
 */
void
tessera_tile_palette_set_search_description (TesseraTilePalette *self,
                                             const char         *description)
{
  g_return_if_fail (TESSERA_IS_TILE_PALETTE (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : "", -1);
}

/* Escape in the search, or the turn back at its start: the search starts over. */
void
tessera_tile_palette_clear_search (TesseraTilePalette *self)
{
  g_return_if_fail (TESSERA_IS_TILE_PALETTE (self));
  gtk_editable_set_text (GTK_EDITABLE (self->search), "");
  show_refusal (self, NULL);
}

static void
tessera_tile_palette_dispose (GObject *object)
{
  TesseraTilePalette *self = TESSERA_TILE_PALETTE (object);

  g_clear_handle_id (&self->resize_id, g_source_remove);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (tessera_tile_palette_parent_class)->dispose (object);
}

static void
tessera_tile_palette_class_init (TesseraTilePaletteClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_tile_palette_dispose;

  /**
   * TesseraTilePalette::tile-chosen:
   * @self: the palette
   * @entry: (type gpointer): the #TesseraBoxEntry of the tile
   *
   * The player picked the tile they drew.
   */
  signals[TILE_CHOSEN] = g_signal_new ("tile-chosen",
                                       G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_POINTER);

  widget_class->measure = tessera_tile_palette_measure;
  widget_class->size_allocate = tessera_tile_palette_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "tilepalette");
}

static void
tessera_tile_palette_init (TesseraTilePalette *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *search_row;

  self->tile_size = NATURAL_TILE;
  self->captions = TRUE;
  self->scrolled = scrolled;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  /* The search and the way out when the drawn tile is not offered share a row: the side panel
   * must leave room for five players under the palette at 800 pixels. */
  search_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (self->box), search_row);

  self->search = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->search), TRUE);
  g_object_set (self->search, "placeholder-text", _("Tile id or what it shows"), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Find the drawn tile"),
                                  -1);
  g_signal_connect_object (self->search, "search-changed", G_CALLBACK (search_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->search, "activate", G_CALLBACK (search_activate_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->search, "stop-search", G_CALLBACK (tessera_tile_palette_clear_search), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (search_row), GTK_WIDGET (self->search));

  self->flow = GTK_FLOW_BOX (gtk_flow_box_new ());
  gtk_flow_box_set_selection_mode (self->flow, GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (self->flow, TRUE);
  gtk_flow_box_set_min_children_per_line (self->flow, 4);
  gtk_flow_box_set_max_children_per_line (self->flow, 16);
  gtk_flow_box_set_filter_func (self->flow, filter_func, self, NULL);
  gtk_widget_set_valign (GTK_WIDGET (self->flow), GTK_ALIGN_START);
  tessera_focus_group_attach (GTK_WIDGET (self->flow));

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->flow));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (self->box), scrolled);

  self->empty_label = gtk_label_new (_("No tiles are left in the box."));
  gtk_widget_add_css_class (self->empty_label, "dim-label");
  gtk_widget_set_visible (self->empty_label, FALSE);
  gtk_box_append (GTK_BOX (self->box), self->empty_label);

  self->refusal_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->refusal_label, TRUE);
  gtk_label_set_xalign (self->refusal_label, 0);
  gtk_label_set_max_width_chars (self->refusal_label, 30);
  gtk_widget_add_css_class (GTK_WIDGET (self->refusal_label), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->refusal_label), FALSE);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->refusal_label));

  self->correct_button = gtk_button_new_with_mnemonic (_("Tile _Not in the List…"));
  gtk_widget_set_tooltip_text (self->correct_button, _("A tile was drawn that Tessera thinks is used up or not in this box"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->correct_button), "game.correct-box");
  gtk_box_append (GTK_BOX (search_row), self->correct_button);
}

/**
 * tessera_tile_palette_set_show_counts:
 * @show_counts: whether each tile shows its copies left
 *
 * A table that plays without aids sees the tiles' ids only; the tiles none is left of stay
 * out either way, as the box on the table has none.
 */
void
tessera_tile_palette_set_show_counts (TesseraTilePalette *self,
                                      gboolean            show_counts)
{
  g_return_if_fail (TESSERA_IS_TILE_PALETTE (self));

  if (self->hide_counts == !show_counts)
    return;
  self->hide_counts = !show_counts;
  if (self->game != NULL)
    {
      g_autoptr(TesseraGame) game = g_object_ref (self->game);

      tessera_tile_palette_set_game (self, game);
    }
}
