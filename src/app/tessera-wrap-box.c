/* tessera-wrap-box.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-wrap-box"

#include "config.h"

#include "tessera-wrap-box.h"

/* Children in a row, left to right, that go on as many lines as the width needs: History's
 * search and filters, one line on a laptop, three on a phone, and each game's lines. Each child
 * takes its natural width (no more than the line); what a line leaves goes to the children that
 * expand, else to its last child. The children are added in a template as a box's are. */

#define SPACING 6

struct _TesseraWrapBox
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (TesseraWrapBox, tessera_wrap_box, GTK_TYPE_WIDGET)

typedef struct
{
  GtkWidget *child;
  int        width;    /* its width on its line, before the line's extra is shared */
  int        line;
} Place;

/* The children laid on lines for @width (-1: one line): their widths and lines. Returns the
 * number of lines. */
static int
lay_out (TesseraWrapBox *self,
         int             width,
         GArray         *places)
{
  int line = 0, used = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      Place place = { child, 0, 0 };
      int minimum, natural;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
      place.width = width < 0 ? natural : CLAMP (natural, minimum, MAX (minimum, width));
      if (width >= 0 && used > 0 && used + SPACING + place.width > width)
        {
          line++;
          used = 0;
        }
      used += (used > 0 ? SPACING : 0) + place.width;
      place.line = line;
      g_array_append_val (places, place);
    }
  return places->len > 0 ? line + 1 : 0;
}

/* The height of each line, for the widths the children get on it. */
static int
line_height (GArray *places,
             int     line)
{
  int height = 0;

  for (guint i = 0; i < places->len; i++)
    {
      Place *place = &g_array_index (places, Place, i);
      int natural;

      if (place->line != line)
        continue;
      gtk_widget_measure (place->child, GTK_ORIENTATION_VERTICAL, place->width, NULL, &natural, NULL, NULL);
      height = MAX (height, natural);
    }
  return height;
}

/* How high depends on how wide: the lines it takes. */
static GtkSizeRequestMode
tessera_wrap_box_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
tessera_wrap_box_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  TesseraWrapBox *self = TESSERA_WRAP_BOX (widget);

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int n = 0;

      /* As narrow as the widest child; as wide as all of them on one line. */
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
        {
          int child_min, child_nat;

          if (!gtk_widget_should_layout (child))
            continue;
          gtk_widget_measure (child, orientation, -1, &child_min, &child_nat, NULL, NULL);
          *minimum = MAX (*minimum, child_min);
          *natural += (n++ > 0 ? SPACING : 0) + child_nat;
        }
    }
  else
    {
      g_autoptr(GArray) places = g_array_new (FALSE, FALSE, sizeof (Place));
      int n_lines = lay_out (self, for_size, places);

      for (int line = 0; line < n_lines; line++)
        *minimum += (line > 0 ? SPACING : 0) + line_height (places, line);
      *natural = *minimum;
    }
}

static void
tessera_wrap_box_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  TesseraWrapBox *self = TESSERA_WRAP_BOX (widget);
  g_autoptr(GArray) places = g_array_new (FALSE, FALSE, sizeof (Place));
  int n_lines = lay_out (self, width, places);
  int y = 0;

  for (int line = 0; line < n_lines; line++)
    {
      int used = 0, expanding = 0, extra, x = 0, line_h = line_height (places, line);

      for (guint i = 0; i < places->len; i++)
        {
          Place *place = &g_array_index (places, Place, i);

          if (place->line != line)
            continue;
          used += (used > 0 ? SPACING : 0) + place->width;
          if (gtk_widget_compute_expand (place->child, GTK_ORIENTATION_HORIZONTAL))
            expanding++;
        }
      extra = MAX (0, width - used);
      for (guint i = 0; i < places->len; i++)
        {
          Place *place = &g_array_index (places, Place, i);
          int child_width = place->width;
          gboolean last = i + 1 == places->len || g_array_index (places, Place, i + 1).line != line;

          if (place->line != line)
            continue;
          /* With none to expand, the last child takes the rest, where its alignment puts it
           * (History's tags stay on the right on a line of their own). */
          if (expanding == 0 && last)
            child_width += extra;
          else if (expanding > 0 && gtk_widget_compute_expand (place->child, GTK_ORIENTATION_HORIZONTAL))
            {
              int share = extra / expanding;

              child_width += share;
              extra -= share;
              expanding--;
            }
          gtk_widget_size_allocate (place->child, &(GtkAllocation) { x, y, child_width, line_h }, -1);
          x += child_width + SPACING;
        }
      y += line_h + SPACING;
    }
}

static void
tessera_wrap_box_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (tessera_wrap_box_parent_class)->dispose (object);
}

static void
tessera_wrap_box_class_init (TesseraWrapBoxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_wrap_box_dispose;
  widget_class->get_request_mode = tessera_wrap_box_get_request_mode;
  widget_class->measure = tessera_wrap_box_measure;
  widget_class->size_allocate = tessera_wrap_box_size_allocate;

  gtk_widget_class_set_css_name (widget_class, "wrapbox");
}

static void
tessera_wrap_box_init (TesseraWrapBox *self)
{
}

GtkWidget *
tessera_wrap_box_new (void)
{
  return g_object_new (TESSERA_TYPE_WRAP_BOX, NULL);
}

void
tessera_wrap_box_append (TesseraWrapBox *self,
                         GtkWidget      *child)
{
  g_return_if_fail (TESSERA_IS_WRAP_BOX (self));
  g_return_if_fail (gtk_widget_get_parent (child) == NULL);

  gtk_widget_set_parent (child, GTK_WIDGET (self));
}
