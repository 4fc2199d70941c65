/* tessera-gain-bar.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-gain-bar"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-gain-bar.h"

/* What a move gained against the best its tile allowed, as two bars from a line at zero: the
 * best one pale, the move made over it, solid. Every move of a review is drawn on the same
 * scale, so that a long bar means many points from one move to the next. A screen reader hears
 * it as a meter with the two numbers. */

struct _TesseraGainBar
{
  GtkWidget parent_instance;

  double    made;
  double    best;
  double    scale;   /* the gain drawn across the whole width: the review's largest */
};

G_DEFINE_FINAL_TYPE (TesseraGainBar, tessera_gain_bar, GTK_TYPE_WIDGET)

#define BAR_HEIGHT 10
#define BAR_GAP 2

static void
tessera_gain_bar_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 60;
      *natural = 200;
    }
  else
    *minimum = *natural = 2 * BAR_HEIGHT + BAR_GAP;
}

/* The x of @value on a bar from -scale (or 0, when nothing is below zero) to scale. */
static double
x_of (TesseraGainBar *self,
      double          value,
      double          left,
      double          width)
{
  double low = MIN (0.0, MIN (self->made, self->best));
  double high = MAX (self->scale, MAX (self->made, self->best));

  if (low < 0.0)
    low = MIN (low, -self->scale / 4.0);
  if (high - low <= 0.0)
    return left;
  return left + width * (value - low) / (high - low);
}

static void
append_bar (GtkSnapshot   *snapshot,
            double         from,
            double         to,
            double         y,
            const GdkRGBA *color)
{
  graphene_rect_t rect = GRAPHENE_RECT_INIT (MIN (from, to), y, MAX (ABS (to - from), 1.0), BAR_HEIGHT);
  GskRoundedRect rounded;

  gsk_rounded_rect_init_from_rect (&rounded, &rect, 3);
  gtk_snapshot_push_rounded_clip (snapshot, &rounded);
  gtk_snapshot_append_color (snapshot, color, &rect);
  gtk_snapshot_pop (snapshot);
}

static void
tessera_gain_bar_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  TesseraGainBar *self = TESSERA_GAIN_BAR (widget);
  double width = gtk_widget_get_width (widget);
  double zero = x_of (self, 0.0, 0, width);
  GdkRGBA foreground, pale, solid;
  GtkStyleContext *style = gtk_widget_get_style_context (widget);

  gtk_style_context_get_color (style, &foreground);
  pale = foreground;
  pale.alpha *= 0.25f;
  /* The move made in the accent colour when it was a best one, else in the foreground's. */
  solid = foreground;
  if (self->made >= self->best && !gtk_style_context_lookup_color (style, "accent_color", &solid))
    solid = foreground;
  append_bar (snapshot, zero, x_of (self, self->best, 0, width), 0, &pale);
  append_bar (snapshot, zero, x_of (self, self->made, 0, width), BAR_HEIGHT + BAR_GAP, &solid);
  /* The line at zero, across both bars. */
  pale.alpha = foreground.alpha * 0.6f;
  gtk_snapshot_append_color (snapshot, &pale, &GRAPHENE_RECT_INIT (zero - 0.5f, 0, 1, 2 * BAR_HEIGHT + BAR_GAP));
}

static void
tessera_gain_bar_class_init (TesseraGainBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = tessera_gain_bar_measure;
  widget_class->snapshot = tessera_gain_bar_snapshot;
  gtk_widget_class_set_css_name (widget_class, "gainbar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_METER);
}

static void
tessera_gain_bar_init (TesseraGainBar *self)
{
  self->scale = 1.0;
}

GtkWidget *
tessera_gain_bar_new (void)
{
  return g_object_new (TESSERA_TYPE_GAIN_BAR, NULL);
}

/**
 * tessera_gain_bar_set_gains:
 * @made: what the move gained
 * @best: the best gain its tile allowed
 * @scale: the gain the whole width stands for, the same for every move shown
 */
void
tessera_gain_bar_set_gains (TesseraGainBar *self,
                            double          made,
                            double          best,
                            double          scale)
{
  /* Translators: a screen reader's reading of the gain bar, "+4.5 of a possible +9.0" */
  g_autofree char *text = g_strdup_printf (_("%+.1f of a possible %+.1f"), made, best);

  g_return_if_fail (TESSERA_IS_GAIN_BAR (self));

  self->made = made;
  self->best = best;
  self->scale = MAX (scale, 1.0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, MIN (0.0, made),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, MAX (best, 0.0),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, made,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text,
                                  -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
