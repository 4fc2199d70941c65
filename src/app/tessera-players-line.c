/* tessera-players-line.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-players-line"

#include "config.h"

#include <adwaita.h>

#include "tessera-players-line.h"
#include "tessera-figure-art.h"

/* A game's players on one line: each one's follower in their colour, their name and score, a
 * star for the winner (every player ranked first, in a tie). One widget draws them all: the
 * history's list makes a couple of hundred rows at once, and a widget per name, swatch and
 * score made that slow. Screen readers hear the row's own description of the game. */

#define SWATCH_SIZE 16
#define SWATCH_GAP 6
#define STAR_GAP 4
#define PLAYER_GAP 18

struct _TesseraPlayersLine
{
  GtkWidget        parent_instance;

  GArray          *seats;     /* TesseraGameSeat, borrowed from the game's summary */
  GPtrArray       *layouts;   /* PangoLayout of each seat's name and score, made on demand */
  GtkIconPaintable *star;
};

G_DEFINE_FINAL_TYPE (TesseraPlayersLine, tessera_players_line, GTK_TYPE_WIDGET)

static gboolean
is_winner (const TesseraGameSeat *seat)
{
  return seat->has_result && seat->rank == 1;
}

static void
ensure_layouts (TesseraPlayersLine *self)
{
  if (self->layouts->len > 0 || self->seats == NULL)
    return;
  for (guint i = 0; i < self->seats->len; i++)
    {
      const TesseraGameSeat *seat = &g_array_index (self->seats, TesseraGameSeat, i);
      g_autofree char *text = NULL;
      PangoLayout *layout;

      /* Names are the players' own: set as text, never as markup. */
      if (seat->has_result)
        text = g_strdup_printf ("%s  %d", seat->name, seat->final_score);
      else
        text = g_strdup (seat->name);
      layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
      if (is_winner (seat))
        {
          PangoAttrList *attributes = pango_attr_list_new ();

          pango_attr_list_insert (attributes, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
          pango_layout_set_attributes (layout, attributes);
          pango_attr_list_unref (attributes);
        }
      g_ptr_array_add (self->layouts, layout);
    }
}

static int
seat_width (TesseraPlayersLine *self,
            guint               i)
{
  int width;

  pango_layout_get_pixel_size (g_ptr_array_index (self->layouts, i), &width, NULL);
  width += SWATCH_SIZE + SWATCH_GAP;
  if (is_winner (&g_array_index (self->seats, TesseraGameSeat, i)))
    width += STAR_GAP + SWATCH_SIZE;
  return width;
}

static void
tessera_players_line_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  TesseraPlayersLine *self = TESSERA_PLAYERS_LINE (widget);
  int size = 0;

  ensure_layouts (self);
  for (guint i = 0; i < self->layouts->len; i++)
    {
      if (orientation == GTK_ORIENTATION_HORIZONTAL)
        size += (i > 0 ? PLAYER_GAP : 0) + seat_width (self, i);
      else
        {
          int height;

          pango_layout_get_pixel_size (g_ptr_array_index (self->layouts, i), NULL, &height);
          size = MAX (size, MAX (height, SWATCH_SIZE));
        }
    }
  /* Narrow windows cut the line short rather than grow: the first players are what counts. */
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? MIN (size, 120) : size;
  *natural = size;
}

static void
tessera_players_line_snapshot (GtkWidget   *widget,
                               GtkSnapshot *snapshot)
{
  TesseraPlayersLine *self = TESSERA_PLAYERS_LINE (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GdkRGBA foreground, star_color;
  double x = 0;

  ensure_layouts (self);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &foreground);
  G_GNUC_END_IGNORE_DEPRECATIONS
  /* Adwaita's warning colour, which reads as gold on either background. */
  gdk_rgba_parse (&star_color, adw_style_manager_get_dark (adw_style_manager_get_default ()) ? "#f8e45c" : "#9c6e03");

  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  for (guint i = 0; i < self->layouts->len && x < width; i++)
    {
      const TesseraGameSeat *seat = &g_array_index (self->seats, TesseraGameSeat, i);
      PangoLayout *layout = g_ptr_array_index (self->layouts, i);
      double top = (height - SWATCH_SIZE) / 2.0;
      int text_width, text_height;
      GdkRGBA rgba;
      cairo_t *cr;

      tessera_figure_art_player_rgba (seat->color, &rgba);
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (x, top, SWATCH_SIZE, SWATCH_SIZE));
      tessera_figure_art_draw_follower (cr, x + SWATCH_SIZE / 2.0, top + SWATCH_SIZE / 2.0, SWATCH_SIZE, &rgba,
                                        TESSERA_FEATURE_CITY);
      cairo_destroy (cr);
      x += SWATCH_SIZE + SWATCH_GAP;

      pango_layout_get_pixel_size (layout, &text_width, &text_height);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, (height - text_height) / 2.0));
      gtk_snapshot_append_layout (snapshot, layout, &foreground);
      gtk_snapshot_restore (snapshot);
      x += text_width;

      if (is_winner (seat) && self->star != NULL)
        {
          x += STAR_GAP;
          gtk_snapshot_save (snapshot);
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, top));
          gtk_symbolic_paintable_snapshot_symbolic (GTK_SYMBOLIC_PAINTABLE (self->star), GDK_SNAPSHOT (snapshot),
                                                    SWATCH_SIZE, SWATCH_SIZE, &star_color, 1);
          gtk_snapshot_restore (snapshot);
          x += SWATCH_SIZE;
        }
      x += PLAYER_GAP;
    }
  gtk_snapshot_pop (snapshot);
}

/* The font or the scale changed: the text is laid out again. */
static void
drop_layouts (TesseraPlayersLine *self)
{
  g_ptr_array_set_size (self->layouts, 0);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
tessera_players_line_realize (GtkWidget *widget)
{
  TesseraPlayersLine *self = TESSERA_PLAYERS_LINE (widget);
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (widget));

  GTK_WIDGET_CLASS (tessera_players_line_parent_class)->realize (widget);
  g_clear_object (&self->star);
  self->star = gtk_icon_theme_lookup_icon (theme, "starred-symbolic", NULL, SWATCH_SIZE,
                                           gtk_widget_get_scale_factor (widget),
                                           gtk_widget_get_direction (widget), 0);
}

static void
tessera_players_line_dispose (GObject *object)
{
  TesseraPlayersLine *self = TESSERA_PLAYERS_LINE (object);

  g_clear_pointer (&self->seats, g_array_unref);
  g_clear_pointer (&self->layouts, g_ptr_array_unref);
  g_clear_object (&self->star);

  G_OBJECT_CLASS (tessera_players_line_parent_class)->dispose (object);
}

static void
tessera_players_line_class_init (TesseraPlayersLineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_players_line_dispose;
  widget_class->measure = tessera_players_line_measure;
  widget_class->snapshot = tessera_players_line_snapshot;
  widget_class->realize = tessera_players_line_realize;

  gtk_widget_class_set_css_name (widget_class, "playersline");
  /* The row describes the game to screen readers, players and scores included. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
tessera_players_line_init (TesseraPlayersLine *self)
{
  self->layouts = g_ptr_array_new_with_free_func (g_object_unref);
  g_signal_connect_swapped (self, "notify::scale-factor", G_CALLBACK (drop_layouts), self);
}

GtkWidget *
tessera_players_line_new (void)
{
  return g_object_new (TESSERA_TYPE_PLAYERS_LINE, NULL);
}

/**
 * tessera_players_line_set_seats:
 * @seats: (element-type TesseraGameSeat): a game's seats, in seating order
 */
void
tessera_players_line_set_seats (TesseraPlayersLine *self,
                                GArray             *seats)
{
  g_return_if_fail (TESSERA_IS_PLAYERS_LINE (self));

  if (seats != NULL)
    g_array_ref (seats);
  g_clear_pointer (&self->seats, g_array_unref);
  self->seats = seats;
  drop_layouts (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
