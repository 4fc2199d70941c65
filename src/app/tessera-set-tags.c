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
 * opening the archive take a second. Hovering a tag names it in full; screen readers hear the
 * row's own description of the game. */

#define ICON_SIZE 16
#define ICON_GAP 4
#define PADDING_X 8
#define PADDING_Y 1
#define TAG_GAP 6
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
    size = 0;
  else if (orientation == GTK_ORIENTATION_VERTICAL)
    size = tags_height (self);
  else
    for (guint i = 0; i < self->tags->len; i++)
      size += (i > 0 ? TAG_GAP : 0) + g_array_index (self->tags, Tag, i).width;
  *minimum = *natural = size;
}

static void
tessera_set_tags_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  TesseraSetTags *self = TESSERA_SET_TAGS (widget);
  int height = gtk_widget_get_height (widget);
  int tag_height;
  GdkRGBA foreground, background;
  double x = 0, top;

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
  top = (height - tag_height) / 2.0;

  for (guint i = 0; i < self->tags->len; i++)
    {
      const Tag *tag = &g_array_index (self->tags, Tag, i);
      GskRoundedRect pill;
      double inner_x = x + PADDING_X;
      int text_width, text_height;

      gsk_rounded_rect_init_from_rect (&pill, &GRAPHENE_RECT_INIT (x, top, tag->width, tag_height),
                                       tag_height / 2.0f);
      gtk_snapshot_push_rounded_clip (snapshot, &pill);
      gtk_snapshot_append_color (snapshot, &background, &pill.bounds);
      gtk_snapshot_pop (snapshot);

      if (tag->icon != NULL)
        {
          gtk_snapshot_save (snapshot);
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (inner_x, (height - ICON_SIZE) / 2.0));
          gtk_symbolic_paintable_snapshot_symbolic (GTK_SYMBOLIC_PAINTABLE (tag->icon), GDK_SNAPSHOT (snapshot),
                                                    ICON_SIZE, ICON_SIZE, &foreground, 1);
          gtk_snapshot_restore (snapshot);
          inner_x += ICON_SIZE + ICON_GAP;
        }

      pango_layout_get_pixel_size (tag->layout, &text_width, &text_height);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (inner_x, (height - text_height) / 2.0));
      gtk_snapshot_append_layout (snapshot, tag->layout, &foreground);
      gtk_snapshot_restore (snapshot);

      x += tag->width + TAG_GAP;
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
  int left = 0;

  ensure_tags (self);
  for (guint i = 0; i < self->tags->len; i++)
    {
      const Tag *tag = &g_array_index (self->tags, Tag, i);

      if (keyboard_tooltip || (x >= left && x < left + tag->width))
        {
          gtk_tooltip_set_text (tooltip, tessera_game_sets_label (tag->kind));
          return TRUE;
        }
      left += tag->width + TAG_GAP;
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
