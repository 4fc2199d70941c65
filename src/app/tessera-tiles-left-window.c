/* tessera-tiles-left-window.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-tiles-left"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-focus-group.h"
#include "tessera-names.h"
#include "tessera-tile-art.h"
#include "tessera-tiles-left-window.h"

#define TILE_SIZE 56

/* Every kind of tile of the game's box with the copies still in it, for reading: the palette's
 * data, grouped by the box each kind comes from. The counts are the box as the players corrected
 * it (a lost tile, a promo copy), so that they add up to the tiles left that the game counts. */

typedef struct
{
  const TesseraTileSet *set;
  GtkLabel             *heading;
  GtkFlowBox           *flow;
  guint                 left;
  guint                 in_box;
} Group;

/* One kind of the box, at the same index as in tessera_game_get_box(). */
typedef struct
{
  const TesseraBoxEntry *entry;
  Group                 *group;
  GtkWidget             *child;
  GtkWidget             *content;
  GtkLabel              *count_label;
} Item;

struct _TesseraTilesLeftWindow
{
  AdwWindow       parent_instance;

  /* Template widgets */
  AdwWindowTitle *window_title;
  GtkBox         *groups_box;

  GArray         *items;    /* Item */
  GPtrArray      *groups;   /* Group, in the catalogue's order of the sets */
  /* Every tile as wide as the widest ("IC-17+W1"): the boxes' grids keep the same columns. */
  GtkSizeGroup   *item_widths;
};

G_DEFINE_FINAL_TYPE (TesseraTilesLeftWindow, tessera_tiles_left_window, ADW_TYPE_WINDOW)

/* The set whose box @entry belongs to. A kind two boxes in play share ("D" of the base game and
 * of the Wheel of Fortune) is one kind in the game, with the first box's entry; a kind that a
 * correction added comes from the box of the catalogue that has it. */
static const TesseraTileSet *
find_set (const TesseraBoxEntry *entry)
{
  TesseraCatalogue *catalogue = tessera_catalogue_get_default ();
  GPtrArray *sets = tessera_catalogue_get_sets (catalogue);

  for (guint i = 0; i < sets->len; i++)
    {
      const TesseraTileSet *set = g_ptr_array_index (sets, i);

      if (tessera_tile_set_lookup_kind (set, entry->type, entry->wheel) == entry)
        return set;
    }
  return tessera_catalogue_get_set (catalogue, entry->type->set);
}

static Group *
add_group (TesseraTilesLeftWindow *self,
           const TesseraTileSet   *set)
{
  Group *group = g_new0 (Group, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  /* A heading for screen readers too: they can jump from one box to the next. */
  GtkWidget *heading = g_object_new (GTK_TYPE_LABEL,
                                     "accessible-role", GTK_ACCESSIBLE_ROLE_HEADING,
                                     "xalign", 0.0f,
                                     "wrap", TRUE,
                                     NULL);
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (box), heading);

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 3);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 12);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 6);
  gtk_widget_set_valign (flow, GTK_ALIGN_START);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (flow), GTK_ACCESSIBLE_RELATION_LABELLED_BY, heading, NULL, -1);
  /* Each set's tiles are one Tab stop, walked with the arrow keys. */
  tessera_focus_group_attach (flow);
  gtk_box_append (GTK_BOX (box), flow);

  gtk_box_append (self->groups_box, box);
  group->set = set;
  group->heading = GTK_LABEL (heading);
  group->flow = GTK_FLOW_BOX (flow);
  g_ptr_array_add (self->groups, group);
  return group;
}

static void
make_item (TesseraTilesLeftWindow *self,
           Item                   *item)
{
  GtkWidget *child = gtk_flow_box_child_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *picture = gtk_drawing_area_new ();
  GtkWidget *id_label = gtk_label_new (item->entry->id);
  GtkWidget *count_label = gtk_label_new (NULL);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (picture), TILE_SIZE);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (picture), TILE_SIZE);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (picture), tessera_tile_art_draw_entry_func, (gpointer) item->entry, NULL);
  gtk_widget_set_halign (picture, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_bottom (picture, 2);
  gtk_widget_add_css_class (id_label, "caption-heading");
  gtk_widget_add_css_class (count_label, "caption");
  gtk_widget_add_css_class (count_label, "numeric");
  gtk_box_append (GTK_BOX (content), picture);
  gtk_box_append (GTK_BOX (content), id_label);
  gtk_box_append (GTK_BOX (content), count_label);
  gtk_widget_set_margin_top (content, 6);
  gtk_widget_set_margin_bottom (content, 6);
  gtk_widget_set_margin_start (content, 4);
  gtk_widget_set_margin_end (content, 4);

  gtk_size_group_add_widget (self->item_widths, content);
  gtk_flow_box_child_set_child (GTK_FLOW_BOX_CHILD (child), content);
  g_object_set_data (G_OBJECT (child), "entry", (gpointer) item->entry);
  gtk_flow_box_append (item->group->flow, child);

  item->child = child;
  item->content = content;
  item->count_label = GTK_LABEL (count_label);
}

static void
clear_groups (TesseraTilesLeftWindow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->groups_box))) != NULL)
    gtk_box_remove (self->groups_box, child);
  g_ptr_array_set_size (self->groups, 0);
  g_array_set_size (self->items, 0);
}

/* The widgets for the kinds of @box, grouped by the set each kind comes from. */
static void
build (TesseraTilesLeftWindow *self,
       const GArray           *box)
{
  GPtrArray *sets = tessera_catalogue_get_sets (tessera_catalogue_get_default ());
  g_autofree const TesseraTileSet **kind_sets = g_new (const TesseraTileSet *, box->len);

  clear_groups (self);
  g_array_set_size (self->items, box->len);
  for (guint i = 0; i < box->len; i++)
    {
      g_array_index (self->items, Item, i).entry = g_array_index (box, TesseraSupplyEntry, i).entry;
      kind_sets[i] = find_set (g_array_index (self->items, Item, i).entry);
    }

  for (guint s = 0; s < sets->len; s++)
    {
      const TesseraTileSet *set = g_ptr_array_index (sets, s);
      Group *group = NULL;

      for (guint i = 0; i < box->len; i++)
        {
          Item *item = &g_array_index (self->items, Item, i);

          if (kind_sets[i] != set)
            continue;
          if (group == NULL)
            group = add_group (self, set);
          item->group = group;
          make_item (self, item);
        }
    }
}

/* Whether the widgets show the kinds of @box: a move changes only the counts, while a
 * correction of the box may add a kind. */
static gboolean
shows_kinds (TesseraTilesLeftWindow *self,
             const GArray           *box)
{
  if (self->items->len != box->len)
    return FALSE;
  for (guint i = 0; i < box->len; i++)
    if (g_array_index (self->items, Item, i).entry != g_array_index (box, TesseraSupplyEntry, i).entry)
      return FALSE;
  return TRUE;
}

static void
update_item (TesseraGame *game,
             Item        *item,
             guint        left,
             guint        in_box)
{
  guint catalogue = tessera_game_get_catalogue_copies (game, item->entry);
  /* Translators: under a tile of the Tiles Left window: copies still in the box out of all the box's copies, "3 of 4" */
  g_autofree char *count = g_strdup_printf (_("%u of %u"), left, in_box);
  /* Translators: what a screen reader says of a tile of the Tiles Left window, "Tile D, 3 of 4 left" */
  g_autofree char *description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Tile %s, %u of %u left", "Tile %s, %u of %u left", left),
                                                  item->entry->id, left, in_box);
  g_autofree char *tooltip = NULL;

  gtk_label_set_text (item->count_label, count);
  gtk_accessible_update_property (GTK_ACCESSIBLE (item->child), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
  /* A count the players corrected says what Tessera's catalogue has, as the box editor does. */
  if (in_box != catalogue)
    {
      g_autofree char *note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Tessera’s catalogue has %u", "Tessera’s catalogue has %u",
                                                            catalogue),
                                               catalogue);

      tooltip = g_strdup_printf ("%s\n%s", description, note);
    }
  gtk_widget_set_tooltip_text (item->child, tooltip != NULL ? tooltip : description);
  /* None left: dimmed, but still there, so that the grid keeps its places from move to move. */
  if (left == 0)
    gtk_widget_add_css_class (item->content, "dim-label");
  else
    gtk_widget_remove_css_class (item->content, "dim-label");
}

/**
 * tessera_tiles_left_window_set_game:
 * @self: the window
 * @game: the game whose box it shows
 *
 * Shows every kind of tile of @game's box with the copies left; call it again after every move.
 */
void
tessera_tiles_left_window_set_game (TesseraTilesLeftWindow *self,
                                    TesseraGame            *game)
{
  const GArray *box;
  GArray *supply;
  guint left = 0, in_box = 0;
  g_autofree char *subtitle = NULL;

  g_return_if_fail (TESSERA_IS_TILES_LEFT_WINDOW (self));
  g_return_if_fail (TESSERA_IS_GAME (game));

  box = tessera_game_get_box (game);
  supply = tessera_game_get_supply (game);
  if (!shows_kinds (self, box))
    build (self, box);

  for (guint g = 0; g < self->groups->len; g++)
    {
      Group *group = g_ptr_array_index (self->groups, g);

      group->left = group->in_box = 0;
    }
  for (guint i = 0; i < box->len; i++)
    {
      Item *item = &g_array_index (self->items, Item, i);
      guint kind_left = g_array_index (supply, TesseraSupplyEntry, i).left;
      guint kind_in_box = g_array_index (box, TesseraSupplyEntry, i).left;

      update_item (game, item, kind_left, kind_in_box);
      item->group->left += kind_left;
      item->group->in_box += kind_in_box;
      left += kind_left;
      in_box += kind_in_box;
    }
  for (guint g = 0; g < self->groups->len; g++)
    {
      Group *group = g_ptr_array_index (self->groups, g);
      g_autofree char *heading = NULL;

      /* Translators: the heading of a box's tiles in the Tiles Left window, "Base game · 31 of 72 left" */
      heading = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u of %u left", "%s · %u of %u left", group->left),
                                 tessera_set_phrase (group->set->name), group->left, group->in_box);
      gtk_label_set_text (group->heading, heading);
    }

  /* Translators: the subtitle of the Tiles Left window, "43 of 72 tiles left" */
  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u tile left", "%u of %u tiles left", in_box),
                              left, in_box);
  adw_window_title_set_subtitle (self->window_title, subtitle);
}

/**
 * tessera_tiles_left_window_new:
 * @parent: the window it belongs to
 *
 * Returns: (transfer full): a window that shows nothing until it is given a game
 *   (tessera_tiles_left_window_set_game())
 */
TesseraTilesLeftWindow *
tessera_tiles_left_window_new (GtkWindow *parent)
{
  return g_object_new (TESSERA_TYPE_TILES_LEFT_WINDOW, "transient-for", parent, NULL);
}

static void
tessera_tiles_left_window_finalize (GObject *object)
{
  TesseraTilesLeftWindow *self = TESSERA_TILES_LEFT_WINDOW (object);

  g_clear_pointer (&self->items, g_array_unref);
  g_clear_pointer (&self->groups, g_ptr_array_unref);
  g_clear_object (&self->item_widths);

  G_OBJECT_CLASS (tessera_tiles_left_window_parent_class)->finalize (object);
}

static void
tessera_tiles_left_window_class_init (TesseraTilesLeftWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = tessera_tiles_left_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-tiles-left-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraTilesLeftWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, TesseraTilesLeftWindow, groups_box);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
tessera_tiles_left_window_init (TesseraTilesLeftWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->items = g_array_new (FALSE, TRUE, sizeof (Item));
  self->groups = g_ptr_array_new_with_free_func (g_free);
  self->item_widths = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
}
