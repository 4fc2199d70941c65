/* tessera-turned-bin.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-turned-bin"

#include "config.h"

#include "tessera-turned-bin.h"

/* A child turned by quarter turns, clockwise: the table view on a tablet laid flat between the
 * players, turned to face whoever reads it. A quarter turn gives the child the height for its
 * width, so a landscape screen lays the child out as a portrait one. GTK turns what is drawn
 * and where a pointer lands alike. */

struct _TesseraTurnedBin
{
  GtkWidget  parent_instance;

  GtkWidget *child;
  guint      quarter_turns;
};

G_DEFINE_FINAL_TYPE (TesseraTurnedBin, tessera_turned_bin, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_CHILD,
  PROP_QUARTER_TURNS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
is_sideways (TesseraTurnedBin *self)
{
  return (self->quarter_turns & 1) != 0;
}

static void
tessera_turned_bin_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  TesseraTurnedBin *self = TESSERA_TURNED_BIN (widget);

  *minimum = *natural = 0;
  if (self->child == NULL || !gtk_widget_should_layout (self->child))
    return;
  /* Turned sideways, the child's width is the bin's height. */
  if (is_sideways (self))
    orientation = orientation == GTK_ORIENTATION_HORIZONTAL ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;
  gtk_widget_measure (self->child, orientation, for_size, minimum, natural, NULL, NULL);
}

static void
tessera_turned_bin_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  TesseraTurnedBin *self = TESSERA_TURNED_BIN (widget);
  GskTransform *transform = NULL;
  int child_width = width, child_height = height;

  if (self->child == NULL || !gtk_widget_should_layout (self->child))
    return;
  if (is_sideways (self))
    {
      child_width = height;
      child_height = width;
    }
  /* About the middle: the child's middle onto the bin's, turned. */
  transform = gsk_transform_translate (transform, &GRAPHENE_POINT_INIT (width / 2.f, height / 2.f));
  transform = gsk_transform_rotate (transform, 90.f * self->quarter_turns);
  transform = gsk_transform_translate (transform, &GRAPHENE_POINT_INIT (-child_width / 2.f, -child_height / 2.f));
  gtk_widget_allocate (self->child, child_width, child_height, -1, transform);
}

static void
tessera_turned_bin_dispose (GObject *object)
{
  TesseraTurnedBin *self = TESSERA_TURNED_BIN (object);

  g_clear_pointer (&self->child, gtk_widget_unparent);

  G_OBJECT_CLASS (tessera_turned_bin_parent_class)->dispose (object);
}

static void
tessera_turned_bin_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  TesseraTurnedBin *self = TESSERA_TURNED_BIN (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      g_value_set_object (value, self->child);
      break;
    case PROP_QUARTER_TURNS:
      g_value_set_uint (value, self->quarter_turns);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_turned_bin_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  TesseraTurnedBin *self = TESSERA_TURNED_BIN (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      tessera_turned_bin_set_child (self, g_value_get_object (value));
      break;
    case PROP_QUARTER_TURNS:
      tessera_turned_bin_set_quarter_turns (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_turned_bin_class_init (TesseraTurnedBinClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_turned_bin_dispose;
  object_class->get_property = tessera_turned_bin_get_property;
  object_class->set_property = tessera_turned_bin_set_property;
  widget_class->measure = tessera_turned_bin_measure;
  widget_class->size_allocate = tessera_turned_bin_size_allocate;

  properties[PROP_CHILD] =
    g_param_spec_object ("child", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * TesseraTurnedBin:quarter-turns:
   *
   * How far the child is turned, clockwise: 0 to 3 quarter turns.
   */
  properties[PROP_QUARTER_TURNS] =
    g_param_spec_uint ("quarter-turns", NULL, NULL, 0, 3, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "turnedbin");
}

static void
tessera_turned_bin_init (TesseraTurnedBin *self)
{
}

GtkWidget *
tessera_turned_bin_new (void)
{
  return g_object_new (TESSERA_TYPE_TURNED_BIN, NULL);
}

GtkWidget *
tessera_turned_bin_get_child (TesseraTurnedBin *self)
{
  g_return_val_if_fail (TESSERA_IS_TURNED_BIN (self), NULL);
  return self->child;
}

void
tessera_turned_bin_set_child (TesseraTurnedBin *self,
                              GtkWidget        *child)
{
  g_return_if_fail (TESSERA_IS_TURNED_BIN (self));
  g_return_if_fail (child == NULL || gtk_widget_get_parent (child) == NULL);

  if (self->child == child)
    return;
  g_clear_pointer (&self->child, gtk_widget_unparent);
  if (child != NULL)
    {
      self->child = child;
      gtk_widget_set_parent (child, GTK_WIDGET (self));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHILD]);
}

guint
tessera_turned_bin_get_quarter_turns (TesseraTurnedBin *self)
{
  g_return_val_if_fail (TESSERA_IS_TURNED_BIN (self), 0);
  return self->quarter_turns;
}

/**
 * tessera_turned_bin_set_quarter_turns:
 * @quarter_turns: how far to turn the child, clockwise; taken modulo 4
 */
void
tessera_turned_bin_set_quarter_turns (TesseraTurnedBin *self,
                                      guint             quarter_turns)
{
  g_return_if_fail (TESSERA_IS_TURNED_BIN (self));

  quarter_turns &= 3;
  if (self->quarter_turns == quarter_turns)
    return;
  self->quarter_turns = quarter_turns;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_QUARTER_TURNS]);
}
