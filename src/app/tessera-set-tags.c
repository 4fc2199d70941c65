/* tessera-set-tags.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-set-tags"

#include "config.h"

#include "tessera-set-tags.h"

/* A game's box and expansions as small rounded tags, the box first: "Wheel", "Tower". One
 * widget draws them all, as TesseraPlayersLine draws the players: the history's list makes
 * some two hundred rows at once under GTK 4.8, and a box, an image and a label per tag made
 * opening the archive take a second. Where one line is too wide they go on two or more, each
 * line to the right as the row puts them: a game with every expansion made the history 780
 * pixels wide at least. Hovering a tag names it in full; screen readers hear the row's own
 * description of the game. */

#define ICON_SIZE 16
#define ICON_GAP 4
#define PADDING_X 8
#define PADDING_Y 1
#define TAG_GAP 6
#define LINE_GAP 4
#define TEXT_SCALE 0.85

typedef struct
{
  TesseraGameSets kind;
  PangoLayout    *layout;
  GtkIconPaintable *icon;   /* nullable: not every set has a symbol */
  int             width;    /* of the whole tag, padding included */
} Tag;

struct _TesseraSetTags
{
  GtkWidget       parent_instance;

  TesseraGameSets sets;
  GArray         *tags;     /* Tag, made on demand, in the order shown */
  PangoFontDescription *font;   /* what the tags were laid out with */
};

G_DEFINE_FINAL_TYPE (TesseraSetTags, tessera_set_tags, GTK_TYPE_WIDGET)

static void
tag_clear (gpointer data)
{
  Tag *tag = data;

  g_clear_object (&tag->layout);
  g_clear_object (&tag->icon);
}

static void
ensure_tags (TesseraSetTags *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkIconTheme *theme;

  if (self->tags->len > 0 || self->sets == 0)
    return;
  g_clear_pointer (&self->font, pango_font_description_free);
  self->font = pango_font_description_copy (pango_context_get_font_description (gtk_widget_get_pango_context (widget)));
  theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (widget));
  for (guint bit = 0; bit < TESSERA_GAME_SETS_N_KINDS; bit++)
    {
      Tag tag = { .kind = 1u << bit };
      const char *icon_name = tessera_game_sets_icon_name (tag.kind);
      PangoAttrList *attributes;
      int text_width;

      if ((self->sets & tag.kind) == 0)
        continue;
      tag.layout = gtk_widget_create_pango_layout (widget, tessera_game_sets_tag (tag.kind));
      attributes = pango_attr_list_new ();
      pango_attr_list_insert (attributes, pango_attr_scale_new (TEXT_SCALE));
      pango_layout_set_attributes (tag.layout, attributes);
      pango_attr_list_unref (attributes);
      pango_layout_get_pixel_size (tag.layout, &text_width, NULL);
      tag.width = PADDING_X + text_width + PADDING_X;
      if (icon_name != NULL)
        {
          tag.icon = gtk_icon_theme_lookup_icon (theme, icon_name, NULL, ICON_SIZE,
                                                 gtk_widget_get_scale_factor (widget),
                                                 gtk_widget_get_direction (widget), 0);
          tag.width += ICON_SIZE + ICON_GAP;
        }
      g_array_append_val (self->tags, tag);
    }
}

static int
tags_height (TesseraSetTags *self)
{
  int height = ICON_SIZE;

  for (guint i = 0; i < self->tags->len; i++)
    {
      int text_height;

      pango_layout_get_pixel_size (g_array_index (self->tags, Tag, i).layout, NULL, &text_height);
      height = MAX (height, text_height);
    }
  return height + 2 * PADDING_Y;
}

/* Where each tag goes in @width: its left edge and its line, each line to the right. Returns
 * the number of lines. */
static guint
lay_out_tags (TesseraSetTags *self,
              int             width,
              int            *lefts,
              guint          *lines)
{
  guint line = 0, first = 0;
  int x = 0;

  for (guint i = 0; i <= self->tags->len; i++)
    {
      int tag_width = i < self->tags->len ? g_array_index (self->tags, Tag, i).width : 0;

      /* A line ends at the last tag, or before a tag that would pass @width: it is moved
       * right by what it leaves free. */
      if (i == self->tags->len || (x > 0 && x + tag_width > width))
        {
          int shift = MAX (0, width - (x - TAG_GAP));

          for (guint k = first; k < i; k++)
            lefts[k] += shift;
          if (i == self->tags->len)
            break;
          line++;
          first = i;
          x = 0;
        }
      lefts[i] = x;
      lines[i] = line;
      x += tag_width + TAG_GAP;
    }
  return self->tags->len > 0 ? line + 1 : 0;
}

static void
tessera_set_tags_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  TesseraSetTags *self = TESSERA_SET_TAGS (widget);
  int size = 0;

  ensure_tags (self);
  if (self->tags->len == 0)
    {
      *minimum = *natural = 0;
      return;
    }
  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      int lefts[TESSERA_GAME_SETS_N_KINDS];
      guint lines[TESSERA_GAME_SETS_N_KINDS];
      guint n_lines = for_size < 0 ? 1 : lay_out_tags (self, for_size, lefts, lines);

      *minimum = *natural = n_lines * tags_height (self) + (n_lines - 1) * LINE_GAP;
      return;
    }
  /* At least the widest tag, a line each; all on one line if there is room. */
  *minimum = 0;
  for (guint i = 0; i < self->tags->len; i++)
    {
      *minimum = MAX (*minimum, g_array_index (self->tags, Tag, i).width);
      size += (i > 0 ? TAG_GAP : 0) + g_array_index (self->tags, Tag, i).width;
    }
  *natural = size;
}

static GtkSizeRequestMode
tessera_set_tags_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
tessera_set_tags_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  TesseraSetTags *self = TESSERA_SET_TAGS (widget);
  int height = gtk_widget_get_height (widget);
  int lefts[TESSERA_GAME_SETS_N_KINDS];
  guint lines[TESSERA_GAME_SETS_N_KINDS];
  int tag_height;
  guint n_lines;
  GdkRGBA foreground, background;
  double top;

  ensure_tags (self);
  if (self->tags->len == 0)
    return;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &foreground);
  G_GNUC_END_IGNORE_DEPRECATIONS
  /* As libadwaita tints a pill: the text colour, faint. */
  background = foreground;
  background.alpha *= 0.1f;
  tag_height = tags_height (self);
  n_lines = lay_out_tags (self, gtk_widget_get_width (widget), lefts, lines);
  top = (height - (int) (n_lines * tag_height + (n_lines - 1) * LINE_GAP)) / 2.0;

  for (guint i = 0; i < self->tags->len; i++)
    {
      const Tag *tag = &g_array_index (self->tags, Tag, i);
      GskRoundedRect pill;
      double x = lefts[i];
      double y = top + lines[i] * (tag_height + LINE_GAP);
      double inner_x = x + PADDING_X;
      int text_width, text_height;

      gsk_rounded_rect_init_from_rect (&pill, &GRAPHENE_RECT_INIT (x, y, tag->width, tag_height),
                                       tag_height / 2.0f);
      gtk_snapshot_push_rounded_clip (snapshot, &pill);
      gtk_snapshot_append_color (snapshot, &background, &pill.bounds);
      gtk_snapshot_pop (snapshot);

      if (tag->icon != NULL)
        {
          gtk_snapshot_save (snapshot);
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (inner_x, y + (tag_height - ICON_SIZE) / 2.0));
          gtk_symbolic_paintable_snapshot_symbolic (GTK_SYMBOLIC_PAINTABLE (tag->icon), GDK_SNAPSHOT (snapshot),
                                                    ICON_SIZE, ICON_SIZE, &foreground, 1);
          gtk_snapshot_restore (snapshot);
          inner_x += ICON_SIZE + ICON_GAP;
        }

      pango_layout_get_pixel_size (tag->layout, &text_width, &text_height);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (inner_x, y + (tag_height - text_height) / 2.0));
      gtk_snapshot_append_layout (snapshot, tag->layout, &foreground);
      gtk_snapshot_restore (snapshot);
    }
}

/* Hovering a tag names the box or expansion in full: "Wheel" is "Wheel of Fortune". */
static gboolean
tessera_set_tags_query_tooltip (GtkWidget  *widget,
                                int         x,
                                int         y,
                                gboolean    keyboard_tooltip,
                                GtkTooltip *tooltip)
{
  TesseraSetTags *self = TESSERA_SET_TAGS (widget);
  int lefts[TESSERA_GAME_SETS_N_KINDS];
  guint lines[TESSERA_GAME_SETS_N_KINDS];
  int tag_height, top;
  guint n_lines;

  ensure_tags (self);
  tag_height = tags_height (self);
  n_lines = lay_out_tags (self, gtk_widget_get_width (widget), lefts, lines);
  top = (gtk_widget_get_height (widget) - (int) (n_lines * tag_height + (n_lines - 1) * LINE_GAP)) / 2;
  for (guint i = 0; i < self->tags->len; i++)
    {
      const Tag *tag = &g_array_index (self->tags, Tag, i);
      int tag_top = top + (int) lines[i] * (tag_height + LINE_GAP);

      if (keyboard_tooltip
          || (x >= lefts[i] && x < lefts[i] + tag->width && y >= tag_top && y < tag_top + tag_height))
        {
          gtk_tooltip_set_text (tooltip, tessera_game_sets_label (tag->kind));
          return TRUE;
        }
    }
  return FALSE;
}

/* The font, the scale or the icon theme changed: the tags are made again. */
static void
drop_tags (TesseraSetTags *self)
{
  g_array_set_size (self->tags, 0);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
tessera_set_tags_css_changed (GtkWidget         *widget,
                              GtkCssStyleChange *change)
{
  TesseraSetTags *self = TESSERA_SET_TAGS (widget);
  const PangoFontDescription *font;

  GTK_WIDGET_CLASS (tessera_set_tags_parent_class)->css_changed (widget, change);
  /* Hover and selection change the style too, but only another font lays the text out anew. */
  font = pango_context_get_font_description (gtk_widget_get_pango_context (widget));
  if (self->font != NULL && !pango_font_description_equal (self->font, font))
    drop_tags (self);
}

static void
tessera_set_tags_dispose (GObject *object)
{
  TesseraSetTags *self = TESSERA_SET_TAGS (object);

  g_clear_pointer (&self->tags, g_array_unref);
  g_clear_pointer (&self->font, pango_font_description_free);

  G_OBJECT_CLASS (tessera_set_tags_parent_class)->dispose (object);
}

static void
tessera_set_tags_class_init (TesseraSetTagsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_set_tags_dispose;
  widget_class->get_request_mode = tessera_set_tags_get_request_mode;
  widget_class->measure = tessera_set_tags_measure;
  widget_class->snapshot = tessera_set_tags_snapshot;
  widget_class->query_tooltip = tessera_set_tags_query_tooltip;
  widget_class->css_changed = tessera_set_tags_css_changed;

  gtk_widget_class_set_css_name (widget_class, "settags");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
tessera_set_tags_init (TesseraSetTags *self)
{
  self->tags = g_array_new (FALSE, TRUE, sizeof (Tag));
  g_array_set_clear_func (self->tags, tag_clear);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect_swapped (self, "notify::scale-factor", G_CALLBACK (drop_tags), self);
}

GtkWidget *
tessera_set_tags_new (void)
{
  return g_object_new (TESSERA_TYPE_SET_TAGS, NULL);
}

/**
 * tessera_set_tags_set_sets:
 * @sets: the game's box and expansions
 */
void
tessera_set_tags_set_sets (TesseraSetTags  *self,
                           TesseraGameSets  sets)
{
  g_return_if_fail (TESSERA_IS_SET_TAGS (self));

  if (self->sets == sets)
    return;
  self->sets = sets;
  drop_tags (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

TesseraGameSets
tessera_set_tags_get_sets (TesseraSetTags *self)
{
  g_return_val_if_fail (TESSERA_IS_SET_TAGS (self), 0);
  return self->sets;
}
