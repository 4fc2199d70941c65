/* tessera-fits-popover.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-fits-popover"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-fits-popover.h"
#include "tessera-tile-art.h"

/* What fits in a hole next to the board: the tiles left in the box that can legally go there,
 * as small pictures turned the way they fit, with their copies left and the chance that the
 * next tile drawn is one of them. The table asks "can anything still close this?" without
 * going through the box; Tessera knows, because every tile drawn was entered. */

#define FIT_TILE_SIZE 40
/* The popover's words wrap at this many characters, fewer on a narrow board. */
#define MAX_WIDTH_CHARS 36
#define MIN_WIDTH_CHARS 20

struct _TesseraFitsPopover
{
  GtkPopover  parent_instance;

  GtkLabel   *heading;
  GtkLabel   *details;
  GtkWidget  *tiles_slot;
  guint       copies;
  guint       n_kinds;
};

G_DEFINE_FINAL_TYPE (TesseraFitsPopover, tessera_fits_popover, GTK_TYPE_POPOVER)

/* A tile as drawn in the grid: the type, its wheel number and a rotation it fits in. */
typedef struct
{
  const TesseraTileType *type;
  guint                  wheel;
  guint                  rotation;
} FitPicture;

static void
draw_fit_picture (GtkDrawingArea *area,
                  cairo_t        *cr,
                  int             width,
                  int             height,
                  gpointer        user_data)
{
  const FitPicture *picture = user_data;
  double size = MIN (width, height);

  cairo_translate (cr, (width - size) / 2, (height - size) / 2);
  tessera_tile_art_draw (cr, picture->type, picture->wheel, picture->rotation, size);
}

/**
 * tessera_fit_tiles_new:
 * @fits: (array length=n_fits): kinds that fit, as tessera_game_list_fits() gives them
 * @tile_size: the pictures' size in pixels
 *
 * Returns: (transfer floating): the kinds as pictures, each turned the first way it fits, with
 *   its id and copies left under it
 */
GtkWidget *
tessera_fit_tiles_new (const TesseraFit *fits,
                       guint             n_fits,
                       int               tile_size)
{
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), MIN (MAX (n_fits, 1), 4));
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 8);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 4);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 4);
  gtk_widget_set_can_focus (flow, FALSE);
  for (guint i = 0; i < n_fits; i++)
    {
      const TesseraSupplyEntry *supply = fits[i].supply;
      FitPicture *picture = g_new0 (FitPicture, 1);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *area = gtk_drawing_area_new ();
      g_autofree char *caption = g_strdup_printf ("%s ×%u", supply->entry->id, supply->left);
      g_autofree char *description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Tile %s, %u left", "Tile %s, %u left",
                                                                   supply->left),
                                                      supply->entry->id, supply->left);
      GtkWidget *label = gtk_label_new (caption);

      picture->type = supply->type;
      picture->wheel = supply->wheel;
      picture->rotation = fits[i].rotations != 0 ? (guint) g_bit_nth_lsf (fits[i].rotations, -1) : 0;
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), tile_size);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), tile_size);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_fit_picture, picture, g_free);
      gtk_widget_add_css_class (label, "caption");
      gtk_widget_add_css_class (label, "numeric");
      gtk_box_append (GTK_BOX (box), area);
      gtk_box_append (GTK_BOX (box), label);
      gtk_widget_set_tooltip_text (box, description);
      gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
      gtk_flow_box_append (GTK_FLOW_BOX (flow), box);
    }
  return flow;
}

/**
 * tessera_describe_chance:
 * @helping: copies left that would do
 * @tiles_left: all tiles left
 *
 * Returns: the exact chance that the next tile drawn is one of @helping, for a sentence
 */
char *
tessera_describe_chance (guint helping,
                         guint tiles_left)
{
  double percent = tiles_left > 0 ? 100.0 * helping / tiles_left : 0;

  /* Translators: the chance the next tile drawn is one that fits: "12 in 43 (28 %)" */
  return g_strdup_printf (_("%u in %u (%.0f %%)"), helping, tiles_left, percent);
}

static void
tessera_fits_popover_class_init (TesseraFitsPopoverClass *klass)
{
}

static void
tessera_fits_popover_init (TesseraFitsPopover *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  self->heading = GTK_LABEL (gtk_label_new (NULL));
  self->details = GTK_LABEL (gtk_label_new (NULL));
  self->tiles_slot = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->heading), "heading");
  for (GtkLabel *label = self->heading; label != NULL; label = label == self->heading ? self->details : NULL)
    {
      gtk_label_set_xalign (label, 0);
      gtk_label_set_wrap (label, TRUE);
      gtk_label_set_max_width_chars (label, MAX_WIDTH_CHARS);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (label));
    }
  gtk_box_append (GTK_BOX (box), self->tiles_slot);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_popover_set_child (GTK_POPOVER (self), box);
  /* It follows the keyboard's cursor from hole to hole: it must not take the keyboard or close
   * on a click elsewhere, as a menu would. */
  gtk_popover_set_autohide (GTK_POPOVER (self), FALSE);
  gtk_popover_set_position (GTK_POPOVER (self), GTK_POS_LEFT);
  gtk_widget_set_can_focus (GTK_WIDGET (self), FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self), "fits-popover");
}

/**
 * tessera_fits_popover_new:
 *
 * Returns: (transfer floating): a popover to point at an empty cell with
 *   tessera_fits_popover_show_cell()
 */
GtkWidget *
tessera_fits_popover_new (void)
{
  return g_object_new (TESSERA_TYPE_FITS_POPOVER, NULL);
}

/**
 * tessera_fits_popover_show_cell:
 * @game: the game, between or during turns
 * @cell: an empty cell next to the board
 *
 * Fills the popover with what fits at @cell; the caller points it at the cell and pops it up.
 */
void
tessera_fits_popover_show_cell (TesseraFitsPopover *self,
                                TesseraGame        *game,
                                TesseraCell         cell)
{
  g_autoptr(GArray) fits = g_array_new (FALSE, FALSE, sizeof (TesseraFit));
  g_autofree char *heading = NULL;
  g_autofree char *details = NULL;
  g_autofree char *where = NULL;
  g_autofree char *accessible = NULL;
  guint tiles_left;
  GtkWidget *child;

  g_return_if_fail (TESSERA_IS_FITS_POPOVER (self));
  g_return_if_fail (TESSERA_IS_GAME (game));

  self->copies = tessera_game_list_fits (game, cell, fits);
  self->n_kinds = fits->len;
  tiles_left = tessera_game_get_tiles_left (game);
  /* Translators: a cell of the board, by its column and row */
  where = g_strdup_printf (_("Cell %d, %d"), cell.x, cell.y);

  if (self->copies == 0)
    {
      heading = g_strdup_printf ("%s: %s", where, _("nothing left fits here"));
      details = g_strdup (_("No tile left in the box can fill this hole: it stays empty to the end of the game."));
    }
  else
    {
      g_autofree char *chance = tessera_describe_chance (self->copies, tiles_left);
      g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tile left fits here",
                                                             "%u tiles left fit here", self->copies),
                                                self->copies);

      heading = g_strdup_printf ("%s: %s", where, count);
      if (self->n_kinds == 1)
        /* Translators: %s is a tile id such as "U", then the chance such as "2 in 43 (5 %)" */
        details = g_strdup_printf (_("Only tile %s can fill it. The next tile drawn is one with a chance of %s."),
                                   g_array_index (fits, TesseraFit, 0).supply->entry->id, chance);
      else
        /* Translators: the number of kinds of tile, then the chance such as "12 in 43 (28 %)" */
        details = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "%u kind of tile fits. The next tile drawn fits here with a chance of %s.",
                                                "%u kinds of tile fit. The next tile drawn fits here with a chance of %s.",
                                                self->n_kinds),
                                   self->n_kinds, chance);
    }
  gtk_label_set_text (self->heading, heading);
  gtk_label_set_text (self->details, details);
  while ((child = gtk_widget_get_first_child (self->tiles_slot)) != NULL)
    gtk_box_remove (GTK_BOX (self->tiles_slot), child);
  if (fits->len > 0)
    gtk_box_append (GTK_BOX (self->tiles_slot), tessera_fit_tiles_new ((const TesseraFit *) (gpointer) fits->data, fits->len, FIT_TILE_SIZE));
  gtk_widget_set_visible (self->tiles_slot, fits->len > 0);
  accessible = g_strdup_printf ("%s %s", heading, details);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
}

/**
 * tessera_fits_popover_point_at:
 * @board: the board the popover is a child of
 * @cell: the hole's bounds in @board's coordinates
 *
 * Points the popover at a hole so that it stays over the board: to the left of the hole, else
 * to its right, else above or below it, moved sideways as far as it must. It never reaches the
 * side panel beside the board (the tile search, the turn card), nor the card under a phone's
 * board where it fits above or below the hole; there its words wrap shorter. Call it once the
 * popover shows the cell: it measures what it shows.
 */
void
tessera_fits_popover_point_at (TesseraFitsPopover *self,
                               GtkWidget          *board,
                               const GdkRectangle *cell)
{
  /* The frame, arrow and shadow around the contents, more than Adwaita draws. */
  const int frame = 72;
  int board_width = gtk_widget_get_width (board);
  int board_height = gtk_widget_get_height (board);
  int width, height, centre, offset = 0, room_above, room_below;
  GtkPositionType position;

  g_return_if_fail (TESSERA_IS_FITS_POPOVER (self));
  g_return_if_fail (GTK_IS_WIDGET (board));

  /* A hidden popover measures as nothing: its contents do not. On a board narrower than the
   * popover (a phone's), its words wrap shorter and its tiles take more lines until it fits. */
  for (guint chars = MAX_WIDTH_CHARS, per_line = 8; ; chars -= 4, per_line -= 1)
    {
      GtkWidget *tiles = gtk_widget_get_first_child (self->tiles_slot);

      gtk_label_set_max_width_chars (self->heading, (int) chars);
      gtk_label_set_max_width_chars (self->details, (int) chars);
      if (tiles != NULL)
        gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (tiles),
                                                MAX (per_line, gtk_flow_box_get_min_children_per_line (GTK_FLOW_BOX (tiles))));
      gtk_widget_measure (gtk_popover_get_child (GTK_POPOVER (self)), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
      if (width + frame <= board_width || chars <= MIN_WIDTH_CHARS)
        break;
    }
  gtk_widget_measure (gtk_popover_get_child (GTK_POPOVER (self)), GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
  width += frame;
  height += frame;
  centre = cell->x + cell->width / 2;
  room_above = cell->y;
  room_below = board_height - (cell->y + cell->height);
  if (cell->x >= width)
    position = GTK_POS_LEFT;
  else if (board_width - (cell->x + cell->width) >= width)
    position = GTK_POS_RIGHT;
  else
    {
      /* Above or below, where it fits on the board; where there is more room if neither (the
       * turn card is under the board on a phone). */
      if (room_above >= height)
        position = GTK_POS_TOP;
      else if (room_below >= height)
        position = GTK_POS_BOTTOM;
      else
        position = room_above >= room_below ? GTK_POS_TOP : GTK_POS_BOTTOM;
      if (centre + width / 2 > board_width)
        offset = board_width - (centre + width / 2);
      else if (centre - width / 2 < 0)
        offset = width / 2 - centre;
    }
  gtk_popover_set_position (GTK_POPOVER (self), position);
  gtk_popover_set_offset (GTK_POPOVER (self), offset, 0);
  gtk_popover_set_pointing_to (GTK_POPOVER (self), cell);
}

/**
 * tessera_fits_popover_get_copies:
 *
 * Returns: the copies left that fit at the cell shown
 */
guint
tessera_fits_popover_get_copies (TesseraFitsPopover *self)
{
  g_return_val_if_fail (TESSERA_IS_FITS_POPOVER (self), 0);

  return self->copies;
}

/**
 * tessera_fits_popover_get_n_kinds:
 *
 * Returns: the kinds left that fit at the cell shown
 */
guint
tessera_fits_popover_get_n_kinds (TesseraFitsPopover *self)
{
  g_return_val_if_fail (TESSERA_IS_FITS_POPOVER (self), 0);

  return self->n_kinds;
}
