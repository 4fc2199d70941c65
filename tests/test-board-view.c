/* test-board-view.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "tessera-board-view-private.h"
#include "tessera-random-game.h"
#include "tessera-figure-art.h"
#include "tessera-tile-art.h"
#include "tessera-tile-layout.h"
#include "tessera-wheel-art.h"

/* Tile art is checked on every type of the catalogue; the board view in a real window (the
 * tests run under xvfb-run with GTK_A11Y=none), through the same actions its key bindings
 * use. The PNG files written along the way are for people to look at. */

static gboolean have_display;

static GPtrArray *
all_types (void)
{
  GPtrArray *sets = tessera_catalogue_get_sets (tessera_catalogue_get_default ());
  GPtrArray *types = g_ptr_array_new ();

  for (guint i = 0; i < sets->len; i++)
    {
      const TesseraTileSet *set = g_ptr_array_index (sets, i);

      for (guint j = 0; j < set->types->len; j++)
        g_ptr_array_add (types, g_ptr_array_index (set->types, j));
    }
  return types;
}

static char *
output_path (const char *name)
{
  const char *dir = g_getenv ("G_TEST_BUILDDIR");

  return g_build_filename (dir != NULL ? dir : ".", name, NULL);
}

static char *
load_record_text (const char *path)
{
  g_autofree char *full = g_test_build_filename (G_TEST_DIST, path, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (full, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static TesseraGame *
game_from_record (TesseraRecord *record,
                  guint          n_events)
{
  g_autoptr(GError) error = NULL;
  TesseraGame *game;

  game = tessera_game_new_from_record (record, MIN (n_events, record->events->len), &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

/* @path is relative to the tests' source directory. */
static TesseraGame *
game_from_file (const char *path,
                guint       n_events)
{
  g_autofree char *text = load_record_text (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_record_load_from_data (text, -1, &error);

  g_assert_no_error (error);
  return game_from_record (record, n_events);
}

/* Tile art */

static void
test_segment_points (void)
{
  g_autoptr(GPtrArray) types = all_types ();
  guint checked = 0;

  g_assert_cmpuint (types->len, >, 0);
  for (guint i = 0; i < types->len; i++)
    {
      const TesseraTileType *type = g_ptr_array_index (types, i);

      for (guint rotation = 0; rotation < 4; rotation++)
        for (guint s = 0; s < type->n_segments; s++)
          {
            double x, y;
            int found;

            tessera_tile_layout_get_segment_point (type, rotation, s, &x, &y);
            g_assert_cmpfloat (x, >, 0);
            g_assert_cmpfloat (x, <, 1);
            g_assert_cmpfloat (y, >, 0);
            g_assert_cmpfloat (y, <, 1);
            found = tessera_tile_layout_segment_at (type, rotation, x, y);
            if (found != (int) s)
              g_error ("%s rotated %u: the spot of segment %s finds %d", type->id, rotation * 90,
                       type->segments[s].id, found);
            checked++;
          }
      g_assert_cmpint (tessera_tile_layout_segment_at (type, 0, -0.1, 0.5), ==, -1);
      g_assert_cmpint (tessera_tile_layout_segment_at (type, 0, 0.5, 1.5), ==, -1);
    }
  g_assert_cmpuint (checked, >, 400);
}

/* A pixel of an ARGB32 surface as floats. */
static void
read_pixel (cairo_surface_t *surface,
            double           x,
            double           y,
            double           rgb[3])
{
  unsigned char *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int i = (int) x, j = (int) y;
  guint32 pixel;

  memcpy (&pixel, data + j * stride + i * 4, sizeof pixel);
  rgb[0] = ((pixel >> 16) & 0xff) / 255.0;
  rgb[1] = ((pixel >> 8) & 0xff) / 255.0;
  rgb[2] = (pixel & 0xff) / 255.0;
}

static void
test_draw_all (void)
{
  g_autoptr(GPtrArray) types = all_types ();
  const double size = 128;

  for (guint i = 0; i < types->len; i++)
    {
      const TesseraTileType *type = g_ptr_array_index (types, i);

      for (guint rotation = 0; rotation < 4; rotation += 3)
        {
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) size, (int) size);
          cairo_t *cr = cairo_create (surface);

          tessera_tile_art_draw (cr, type, 0, rotation, size);
          cairo_destroy (cr);
          cairo_surface_flush (surface);

          for (guint s = 0; s < type->n_segments; s++)
            {
              double x, y, rgb[3];
              gboolean green;

              tessera_tile_layout_get_segment_point (type, rotation, s, &x, &y);
              read_pixel (surface, x * size, y * size, rgb);
              green = rgb[1] > rgb[0] && rgb[1] > rgb[2];
              switch (type->segments[s].kind)
                {
                case TESSERA_FEATURE_FIELD:
                  if (!green)
                    g_error ("%s: field %s is not green (%.2f %.2f %.2f)", type->id, type->segments[s].id,
                             rgb[0], rgb[1], rgb[2]);
                  break;

                case TESSERA_FEATURE_CITY:
                  /* warm tan: more red than blue, not green */
                  if (green || rgb[0] <= rgb[2])
                    g_error ("%s: city %s is not tan (%.2f %.2f %.2f)", type->id, type->segments[s].id,
                             rgb[0], rgb[1], rgb[2]);
                  break;

                case TESSERA_FEATURE_ROAD:
                  /* light and nearly grey */
                  if (green || rgb[0] < 0.6 || rgb[2] < 0.5 || fabs (rgb[0] - rgb[2]) > 0.25)
                    g_error ("%s: road %s is not a light road (%.2f %.2f %.2f)", type->id, type->segments[s].id,
                             rgb[0], rgb[1], rgb[2]);
                  break;

                case TESSERA_FEATURE_CLOISTER:
                  if (green)
                    g_error ("%s: the cloister is green", type->id);
                  break;

                case TESSERA_N_FEATURE_KINDS:
                default:
                  g_assert_not_reached ();
                }
            }
          cairo_surface_destroy (surface);
        }
    }
}

/* The bounding box of what a follower paints. */
static void
follower_extents (TesseraFeatureKind  role,
                  const char         *color,
                  int                *width,
                  int                *height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 100, 100);
  cairo_t *cr = cairo_create (surface);
  unsigned char *data;
  int stride, x0 = 100, y0 = 100, x1 = -1, y1 = -1;
  GdkRGBA rgba;

  tessera_figure_art_player_rgba (color, &rgba);
  tessera_figure_art_draw_follower (cr, 50, 50, 60, &rgba, role);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int j = 0; j < 100; j++)
    for (int i = 0; i < 100; i++)
      {
        guint32 pixel;

        memcpy (&pixel, data + j * stride + i * 4, sizeof pixel);
        /* the shadow is translucent: count the figure only */
        if ((pixel >> 24) > 0xc0)
          {
            x0 = MIN (x0, i);
            x1 = MAX (x1, i);
            y0 = MIN (y0, j);
            y1 = MAX (y1, j);
          }
      }
  cairo_surface_destroy (surface);
  *width = x1 - x0 + 1;
  *height = y1 - y0 + 1;
}

static void
test_followers (void)
{
  static const char *colors[] = { "red", "blue", "green", "yellow", "black", "gray", "pink", "purple" };
  GdkRGBA previous = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (colors); i++)
    {
      GdkRGBA rgba;
      int w, h;

      tessera_figure_art_player_rgba (colors[i], &rgba);
      g_assert_false (gdk_rgba_equal (&rgba, &previous));
      previous = rgba;

      /* standing figures are taller than wide, a farmer lies down */
      follower_extents (TESSERA_FEATURE_CITY, colors[i], &w, &h);
      g_assert_cmpint (h, >, w);
      follower_extents (TESSERA_FEATURE_ROAD, colors[i], &w, &h);
      g_assert_cmpint (h, >, w);
      follower_extents (TESSERA_FEATURE_CLOISTER, colors[i], &w, &h);
      g_assert_cmpint (h, >, w);
      follower_extents (TESSERA_FEATURE_FIELD, colors[i], &w, &h);
      g_assert_cmpint (w, >, h);
    }
}

static void
test_catalogue_sheet (void)
{
  g_autoptr(GPtrArray) types = all_types ();
  GPtrArray *sets = tessera_catalogue_get_sets (tessera_catalogue_get_default ());
  const double cell = 120, gap = 14;
  const guint columns = 10;
  guint rows = (types->len + columns - 1) / columns;
  const TesseraWheelBoard *wheel = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autofree char *path = output_path ("board-view-catalogue.png");

  for (guint i = 0; i < sets->len; i++)
    if (((const TesseraTileSet *) g_ptr_array_index (sets, i))->board != NULL)
      wheel = ((const TesseraTileSet *) g_ptr_array_index (sets, i))->board;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) (columns * (cell + gap) + gap),
                                        (int) (rows * (cell + gap) + gap + (wheel != NULL ? 4 * cell + gap : 0)));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 0.87, 0.84, 0.77);
  cairo_paint (cr);
  for (guint i = 0; i < types->len; i++)
    {
      const TesseraTileType *type = g_ptr_array_index (types, i);

      cairo_save (cr);
      cairo_translate (cr, gap + (i % columns) * (cell + gap), gap + (i / columns) * (cell + gap));
      /* every fourth tile shows a wheel number, to see the badge */
      tessera_tile_art_draw (cr, type, i % 4 == 3 ? i % 3 + 1 : 0, 0, cell);
      cairo_restore (cr);
    }
  if (wheel != NULL)
    {
      cairo_save (cr);
      cairo_translate (cr, gap, gap + rows * (cell + gap));
      tessera_wheel_art_draw_board (cr, wheel, cell);
      cairo_restore (cr);
    }
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_test_message ("wrote %s", path);
}

/* Board view */

typedef struct
{
  GtkWidget        *window;
  TesseraBoardView *view;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }
  fixture->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 900, 700);
  fixture->view = TESSERA_BOARD_VIEW (tessera_board_view_new ());
  gtk_window_set_child (GTK_WINDOW (fixture->window), GTK_WIDGET (fixture->view));
  gtk_window_present (GTK_WINDOW (fixture->window));
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  if (fixture->window != NULL)
    gtk_window_destroy (GTK_WINDOW (fixture->window));
}

static void
iterate (guint frames)
{
  for (guint i = 0; i < frames * 20; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (500);
    }
}

static void
count_paint_cb (GdkFrameClock *clock,
                guint         *n_paints)
{
  (*n_paints)++;
}

/* Runs the main loop until the view was painted @frames times, or a second went by. */
static void
wait_for_paint (Fixture *fixture,
                guint    frames)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (fixture->view));
  gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC;
  guint n_paints = 0;
  gulong handler;

  g_assert_nonnull (clock);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (count_paint_cb), &n_paints);
  gtk_widget_queue_draw (GTK_WIDGET (fixture->view));
  while (n_paints < frames && g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (200);
    }
  g_signal_handler_disconnect (clock, handler);
}

static void
wait_for_size (Fixture *fixture)
{
  gint64 until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while ((!gtk_widget_get_mapped (GTK_WIDGET (fixture->view)) || gtk_widget_get_width (GTK_WIDGET (fixture->view)) <= 0)
         && g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (fixture->view)));
  iterate (2);
}

static void
save_view (Fixture    *fixture,
           const char *name)
{
  GtkWidget *widget = GTK_WIDGET (fixture->view);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = output_path (name);
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (fixture->window));

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("wrote %s", path);
}

typedef struct
{
  guint       n_chosen;
  TesseraCell cell;
  guint       rotation;
  guint       n_markers;
  guint       marker;
} Received;

static void
placement_chosen_cb (TesseraBoardView *view,
                     int               x,
                     int               y,
                     guint             rotation,
                     Received         *received)
{
  received->n_chosen++;
  received->cell.x = x;
  received->cell.y = y;
  received->rotation = rotation;
}

static void
marker_activated_cb (TesseraBoardView *view,
                     guint             index,
                     Received         *received)
{
  received->n_markers++;
  received->marker = index;
}

static gboolean
is_legal (GArray      *placements,
          TesseraCell  cell,
          guint        rotation)
{
  for (guint i = 0; i < placements->len; i++)
    {
      const TesseraPlacement *p = &g_array_index (placements, TesseraPlacement, i);

      if (p->cell.x == cell.x && p->cell.y == cell.y && p->rotation == rotation)
        return TRUE;
    }
  return FALSE;
}

static void
test_placements (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GArray) placements = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));
  const TesseraTileType *type = tessera_catalogue_lookup_type (tessera_catalogue_get_default (), "D");
  Received received = { 0 };
  GdkRectangle bounds;
  TesseraCell first;
  guint first_rotation;

  if (fixture->window == NULL)
    return;
  game = game_from_file ("../data/examples/base-game.json", 10);
  tessera_board_view_set_game (fixture->view, game);
  g_assert_true (tessera_board_view_get_game (fixture->view) == game);
  wait_for_size (fixture);

  /* Fitted: the start tile is in view. */
  g_assert_true (tessera_board_view_get_cell_bounds (fixture->view, (TesseraCell) { 0, 0 }, &bounds));
  g_assert_cmpint (bounds.width, >, 20);
  g_assert_cmpint (bounds.x, >=, 0);
  g_assert_cmpint (bounds.x + bounds.width, <=, gtk_widget_get_width (GTK_WIDGET (fixture->view)));
  g_assert_false (tessera_board_view_get_cell_bounds (fixture->view, (TesseraCell) { 1000, 0 }, &bounds));

  tessera_board_list_placements (tessera_game_get_board (game), type, placements);
  g_assert_cmpuint (placements->len, >, 2);
  g_signal_connect (fixture->view, "placement-chosen", G_CALLBACK (placement_chosen_cb), &received);
  tessera_board_view_set_placements (fixture->view, type, 0, (const TesseraPlacement *) (gpointer) placements->data,
                                     placements->len);

  /* Enter chooses the keyboard cursor's cell in a legal rotation. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.activate-cursor", NULL));
  g_assert_cmpuint (received.n_chosen, ==, 1);
  g_assert_true (is_legal (placements, received.cell, received.rotation));
  first = received.cell;
  first_rotation = received.rotation;

  /* R turns the tile to another legal rotation of that cell, or keeps it if there is none. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.rotate", NULL);
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.activate-cursor", NULL);
  g_assert_cmpuint (received.n_chosen, ==, 2);
  g_assert_cmpint (received.cell.x, ==, first.x);
  g_assert_cmpint (received.cell.y, ==, first.y);
  g_assert_true (is_legal (placements, received.cell, received.rotation));

  /* Turning the tile once it is down asks for it again in the next legal rotation. */
  tessera_board_view_set_pending_tile (fixture->view, type, 0, first, first_rotation);
  {
    guint n_legal = 0, before = received.n_chosen;

    for (guint r = 0; r < 4; r++)
      n_legal += is_legal (placements, first, r);
    gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.rotate", NULL);
    if (n_legal > 1)
      {
        g_assert_cmpuint (received.n_chosen, ==, before + 1);
        g_assert_cmpuint (received.rotation, !=, first_rotation);
        g_assert_true (is_legal (placements, received.cell, received.rotation));
      }
    received.n_chosen = before;
  }
  tessera_board_view_clear_pending_tile (fixture->view);

  /* The arrows move between legal cells only. */
  for (guint i = 0; i < 8; i++)
    {
      static const int steps[4][2] = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } };

      gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.move-cursor", "(ii)",
                                  steps[i % 4][0], steps[i % 4][1]);
      gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.activate-cursor", NULL);
      g_assert_true (is_legal (placements, received.cell, received.rotation));
    }
  g_assert_cmpuint (received.n_chosen, ==, 10);

  iterate (2);
  save_view (fixture, "board-view-placing.png");

  /* Placing ends: nothing more is chosen. */
  tessera_board_view_set_placements (fixture->view, NULL, 0, NULL, 0);
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.activate-cursor", NULL);
  g_assert_cmpuint (received.n_chosen, ==, 10);
}

static void
test_markers (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(TesseraGame) game = NULL;
  TesseraBoard *board;
  const TesseraPlacedTile *tile;
  TesseraChoice markers[3] = { { 0 } };
  Received received = { 0 };
  guint segments[1];
  TesseraCell cells[2] = { { 0, 0 }, { 1, 0 } };

  if (fixture->window == NULL)
    return;
  game = game_from_file ("../data/examples/base-game.json", 10);
  tessera_board_view_set_game (fixture->view, game);
  wait_for_size (fixture);
  board = tessera_game_get_board (game);
  tile = tessera_board_lookup (board, (TesseraCell) { 0, 0 });
  g_assert_nonnull (tile);

  /* A pending tile with spots on it, and a cell. */
  tessera_board_view_set_pending_tile (fixture->view, tessera_catalogue_lookup_type (tessera_catalogue_get_default (), "V"),
                                       0, (TesseraCell) { 0, -1 }, 1);
  markers[0].kind = TESSERA_CHOICE_FOLLOWER;
  markers[0].where.at = (TesseraCell) { 0, -1 };
  markers[0].segment = 0;
  markers[1].kind = TESSERA_CHOICE_FOLLOWER;
  markers[1].where.at = (TesseraCell) { 0, -1 };
  markers[1].segment = 1;
  markers[2].kind = TESSERA_CHOICE_TOWER_FLOOR;
  markers[2].where.at = (TesseraCell) { 0, 0 };
  markers[2].on_cell = TRUE;
  markers[2].segment = -1;
  g_signal_connect (fixture->view, "marker-activated", G_CALLBACK (marker_activated_cb), &received);
  tessera_board_view_set_choices (fixture->view, markers, G_N_ELEMENTS (markers));

  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.activate-cursor", NULL);
  g_assert_cmpuint (received.n_markers, ==, 1);
  g_assert_cmpuint (received.marker, ==, 0);
  /* The arrows reach every marker. */
  {
    guint seen = 1u << received.marker;

    for (guint i = 0; i < 12; i++)
      {
        static const int steps[4][2] = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } };

        gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.move-cursor", "(ii)",
                                    steps[i % 4][0], steps[i % 4][1]);
        gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.activate-cursor", NULL);
        g_assert_cmpuint (received.marker, <, G_N_ELEMENTS (markers));
        seen |= 1u << received.marker;
      }
    g_assert_cmpuint (seen, ==, 7);
  }

  /* The feature of the start tile's city, and the range of a tower. */
  segments[0] = tile->first_segment + (guint) tessera_tile_type_find_segment (tile->type, "c1");
  tessera_board_view_highlight_features (fixture->view, segments, 1);
  tessera_board_view_highlight_cells (fixture->view, cells, G_N_ELEMENTS (cells));
  iterate (2);
  save_view (fixture, "board-view-markers.png");

  tessera_board_view_set_choices (fixture->view, NULL, 0);
  tessera_board_view_highlight_features (fixture->view, NULL, 0);
  tessera_board_view_highlight_cells (fixture->view, NULL, 0);
  tessera_board_view_clear_pending_tile (fixture->view);
  received.n_markers = 0;
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.activate-cursor", NULL);
  g_assert_cmpuint (received.n_markers, ==, 0);
}

static void
test_zoom (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(TesseraGame) game = NULL;
  GdkRectangle before, after;

  if (fixture->window == NULL)
    return;
  game = game_from_file ("../data/examples/base-game.json", G_MAXUINT);
  tessera_board_view_set_game (fixture->view, game);
  wait_for_size (fixture);

  tessera_board_view_get_cell_bounds (fixture->view, (TesseraCell) { 0, 0 }, &before);
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.zoom-in", NULL);
  tessera_board_view_get_cell_bounds (fixture->view, (TesseraCell) { 0, 0 }, &after);
  g_assert_cmpint (after.width, >, before.width);
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.zoom-out", NULL);
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.zoom-out", NULL);
  tessera_board_view_get_cell_bounds (fixture->view, (TesseraCell) { 0, 0 }, &after);
  g_assert_cmpint (after.width, <, before.width);
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.fit", NULL);
  tessera_board_view_get_cell_bounds (fixture->view, (TesseraCell) { 0, 0 }, &after);
  g_assert_cmpint (after.width, ==, before.width);

  iterate (2);
  save_view (fixture, "board-view-base-game.png");
}

/* The board's gesture of @type that takes touch only, or the first of @type. */
static GtkGesture *
find_gesture (TesseraBoardView *view,
              GType             type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type)
          && gtk_gesture_single_get_touch_only (GTK_GESTURE_SINGLE (controller)))
        return GTK_GESTURE (controller);
    }
  return NULL;
}

/* A cell where tile D lies in more than one legal rotation. */
static TesseraCell
cell_with_rotations (GArray *placements,
                     guint  *first_rotation)
{
  for (guint i = 0; i < placements->len; i++)
    {
      const TesseraPlacement *p = &g_array_index (placements, TesseraPlacement, i);
      guint n = 0;

      for (guint r = 0; r < 4; r++)
        n += is_legal (placements, p->cell, r);
      if (n > 1)
        {
          *first_rotation = p->rotation;
          return p->cell;
        }
    }
  g_assert_not_reached ();
}

/* Touch, with the values the gestures give: a long press turns the tile as the right button
 * does, a double tap fits the board, and a pinch zooms and pans with the fingers. GTK's test
 * tools cannot make touch events, so the gestures' signals are sent as GTK sends them. */
static void
test_touch (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GArray) placements = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));
  const TesseraTileType *type = tessera_catalogue_lookup_type (tessera_catalogue_get_default (), "D");
  Received received = { 0 };
  GtkGesture *long_press, *double_tap;
  GdkRectangle bounds, fitted;
  TesseraCell cell;
  guint rotation;
  double bx, by, x, y, fitted_cell;

  if (fixture->window == NULL)
    return;
  game = game_from_file ("../data/examples/base-game.json", 10);
  tessera_board_view_set_game (fixture->view, game);
  wait_for_size (fixture);
  long_press = find_gesture (fixture->view, GTK_TYPE_GESTURE_LONG_PRESS);
  double_tap = find_gesture (fixture->view, GTK_TYPE_GESTURE_CLICK);
  g_assert_nonnull (long_press);
  g_assert_nonnull (double_tap);

  /* A long press on the tile put down turns it to its next legal rotation, and its lift is no
   * tap on the board. */
  tessera_board_list_placements (tessera_game_get_board (game), type, placements);
  g_signal_connect (fixture->view, "placement-chosen", G_CALLBACK (placement_chosen_cb), &received);
  tessera_board_view_set_placements (fixture->view, type, 0, (const TesseraPlacement *) (gpointer) placements->data,
                                     placements->len);
  cell = cell_with_rotations (placements, &rotation);
  tessera_board_view_set_pending_tile (fixture->view, type, 0, cell, rotation);
  g_assert_true (tessera_board_view_get_cell_bounds (fixture->view, cell, &bounds));
  g_signal_emit_by_name (long_press, "pressed", bounds.x + bounds.width / 2.0, bounds.y + bounds.height / 2.0);
  g_assert_cmpuint (received.n_chosen, ==, 1);
  g_assert_cmpint (received.cell.x, ==, cell.x);
  g_assert_cmpint (received.cell.y, ==, cell.y);
  g_assert_cmpuint (received.rotation, !=, rotation);
  g_assert_true (is_legal (placements, received.cell, received.rotation));
  g_assert_true (fixture->view->touch_handled);
  fixture->view->touch_handled = FALSE;
  tessera_board_view_clear_pending_tile (fixture->view);
  tessera_board_view_set_placements (fixture->view, NULL, 0, NULL, 0);

  /* A double tap fits the board; a single tap does not. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.fit", NULL);
  tessera_board_view_get_cell_bounds (fixture->view, (TesseraCell) { 0, 0 }, &fitted);
  fitted_cell = fixture->view->cell;
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.zoom-in", NULL);
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.zoom-in", NULL);
  g_signal_emit_by_name (double_tap, "pressed", 1, 40.0, 40.0);
  tessera_board_view_get_cell_bounds (fixture->view, (TesseraCell) { 0, 0 }, &bounds);
  g_assert_cmpint (bounds.width, >, fitted.width);
  g_signal_emit_by_name (double_tap, "pressed", 2, 40.0, 40.0);
  tessera_board_view_get_cell_bounds (fixture->view, (TesseraCell) { 0, 0 }, &bounds);
  g_assert_cmpint (bounds.x, ==, fitted.x);
  g_assert_cmpint (bounds.y, ==, fitted.y);
  g_assert_cmpint (bounds.width, ==, fitted.width);
  fixture->view->touch_handled = FALSE;

  /* Fingers from (200, 150) to (260, 190), twice as far apart: the board is twice as large,
   * and the point that was under the fingers is under them still. */
  _tessera_board_view_widget_to_board (fixture->view, 200, 150, &bx, &by);
  _tessera_board_view_begin_pinch (fixture->view, 200, 150);
  _tessera_board_view_pinch (fixture->view, 260, 190, 2.0);
  g_assert_cmpfloat_with_epsilon (fixture->view->cell, 2.0 * fitted_cell, 1e-6);
  _tessera_board_view_widget_to_board (fixture->view, 260, 190, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, bx, 1e-6);
  g_assert_cmpfloat_with_epsilon (y, by, 1e-6);
  /* Two fingers moved together, at the same distance: a pan alone. */
  _tessera_board_view_pinch (fixture->view, 300, 100, 1.0);
  g_assert_cmpfloat_with_epsilon (fixture->view->cell, fitted_cell, 1e-6);
  _tessera_board_view_widget_to_board (fixture->view, 300, 100, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, bx, 1e-6);
  g_assert_cmpfloat_with_epsilon (y, by, 1e-6);
  /* No further than the board allows. */
  _tessera_board_view_pinch (fixture->view, 300, 100, 1000.0);
  g_assert_cmpfloat (fixture->view->cell, ==, MAX_CELL);
}

/* The smallest spot marker's width on screen, in pixels. */
static double
smallest_spot (TesseraBoardView *view)
{
  double smallest = G_MAXDOUBLE;

  for (guint i = 0; i < view->marker_places->len; i++)
    {
      const MarkerPlace *place = &g_array_index (view->marker_places, MarkerPlace, i);

      if (place->radius > 0)
        smallest = MIN (smallest, 2 * place->radius * view->cell);
    }
  return smallest;
}

/* Runs the main loop until the view's zoom has settled. */
static void
wait_for_view (TesseraBoardView *view)
{
  gint64 until = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;

  while (view->view_animation != NULL && adw_animation_get_state (view->view_animation) == ADW_ANIMATION_PLAYING
         && g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
}

/* Spots shown too small to hit are zoomed to: wide enough for a pointer, and, after a finger
 * pressed the board, for a finger. */
static void
test_finger_sized_spots (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(TesseraGame) game = NULL;
  TesseraChoice markers[2] = { { 0 } };

  if (fixture->window == NULL)
    return;
  game = game_from_file ("../data/examples/base-game.json", 10);
  tessera_board_view_set_game (fixture->view, game);
  wait_for_size (fixture);
  for (guint i = 0; i < 8; i++)
    gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.zoom-out", NULL);

  tessera_board_view_set_pending_tile (fixture->view, tessera_catalogue_lookup_type (tessera_catalogue_get_default (), "V"),
                                       0, (TesseraCell) { 0, -1 }, 1);
  for (guint i = 0; i < G_N_ELEMENTS (markers); i++)
    {
      markers[i].kind = TESSERA_CHOICE_FOLLOWER;
      markers[i].where.at = (TesseraCell) { 0, -1 };
      markers[i].segment = (int) i;
    }
  tessera_board_view_set_choices (fixture->view, markers, G_N_ELEMENTS (markers));
  wait_for_view (fixture->view);
  g_assert_cmpfloat (smallest_spot (fixture->view), >=, MIN_MARKER_PIXELS - 0.01);
  g_assert_cmpfloat (smallest_spot (fixture->view), <, MIN_MARKER_PIXELS_TOUCH);

  /* A finger pressed the board (the value the drag gesture's device gives). */
  _tessera_board_view_set_touch_input (fixture->view, TRUE);
  wait_for_view (fixture->view);
  g_assert_cmpfloat (smallest_spot (fixture->view), >=, MIN_MARKER_PIXELS_TOUCH - 0.01);

  tessera_board_view_set_choices (fixture->view, NULL, 0);
  tessera_board_view_clear_pending_tile (fixture->view);
}

static void
test_wheel_game (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(TesseraGame) game = NULL;

  if (fixture->window == NULL)
    return;
  game = game_from_file ("records/wheel/e25-plague-order.json", G_MAXUINT);
  tessera_board_view_set_game (fixture->view, game);
  wait_for_size (fixture);
  iterate (2);
  save_view (fixture, "board-view-wheel.png");

  /* The same in a dark style: the table darkens. */
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", TRUE, NULL);
  wait_for_paint (fixture, 2);
  save_view (fixture, "board-view-wheel-dark.png");
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", FALSE, NULL);
}

/* A whole random game with every expansion: the wheel, towers, the mage and witch and crop
 * circles at once, and a board of well over a hundred tiles. */
static void
test_everything_game (Fixture       *fixture,
                      gconstpointer  data)
{
  static const char * const sets[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(TesseraGame) half = NULL;
  gint64 start;

  if (fixture->window == NULL)
    return;
  record = tessera_random_game_with_sets (7, 4, sets);
  half = game_from_record (record, record->events->len * 2 / 3);
  tessera_board_view_set_game (fixture->view, half);
  wait_for_size (fixture);
  iterate (2);
  save_view (fixture, "board-view-expansions.png");
  for (guint i = 0; i < 4; i++)
    gtk_widget_activate_action (GTK_WIDGET (fixture->view), "board.zoom-in", NULL);
  wait_for_paint (fixture, 1);
  save_view (fixture, "board-view-expansions-zoom.png");

  /* Redrawing the whole board after a change stays quick. */
  game = game_from_record (record, record->events->len);
  g_assert_cmpuint (tessera_board_get_n_tiles (tessera_game_get_board (game)), >, 80);
  tessera_board_view_set_game (fixture->view, game);
  iterate (1);
  start = g_get_monotonic_time ();
  for (guint i = 0; i < 5; i++)
    {
      tessera_board_view_game_changed (fixture->view);
      wait_for_paint (fixture, 1);
    }
  g_test_message ("5 changes of a board of %u tiles, each redrawn: %.0f ms",
                  tessera_board_get_n_tiles (tessera_game_get_board (game)),
                  (g_get_monotonic_time () - start) / 1000.0);
  save_view (fixture, "board-view-expansions-end.png");
}

/* The words a screen reader hears for a tile: what it shows as it lies. Known tiles word for
 * word, and every tile of the catalogue in every rotation names the side of each of its roads
 * and cities. The suite runs in English (LANGUAGE is empty). */
static void
test_tile_words (void)
{
  static const struct
  {
    const char *id;
    guint       rotation;
    const char *words;
  } known[] = {
    { "D", 0, "city north, road east and west" },
    { "D", 1, "city east, road north and south" },
    { "E", 2, "city south" },
    { "A", 0, "road south, cloister" },
    { "C", 0, "city on all four sides with 1 pennant" },
    { "X", 0, "road north, road east, road south, road west" },
    { "B", 0, "cloister" },
  };
  TesseraCatalogue *catalogue = tessera_catalogue_get_default ();
  static const char * const sides[] = { "north", "east", "south", "west" };

  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    {
      g_autofree char *words = tessera_board_view_describe_tile (tessera_catalogue_lookup_type (catalogue, known[i].id),
                                                                 known[i].rotation);

      g_assert_cmpstr (words, ==, known[i].words);
    }

  for (guint s = 0; s < tessera_catalogue_get_sets (catalogue)->len; s++)
    {
      const TesseraTileSet *set = g_ptr_array_index (tessera_catalogue_get_sets (catalogue), s);

      for (guint i = 0; i < set->types->len; i++)
        {
          const TesseraTileType *type = g_ptr_array_index (set->types, i);

          for (guint rotation = 0; rotation < 4 && !type->board_square; rotation++)
            {
              g_autofree char *words = tessera_board_view_describe_tile (type, rotation);

              g_assert_cmpuint (strlen (words), >, 0);
              for (guint side = 0; side < 4; side++)
                {
                  TesseraEdge edge = tessera_tile_type_edge_at (type, rotation, (TesseraSide) side);

                  if ((edge == TESSERA_EDGE_CITY || edge == TESSERA_EDGE_ROAD) && strstr (words, sides[side]) == NULL
                      && strstr (words, "all four sides") == NULL)
                    g_error ("tile %s turned %u: “%s” leaves out its %s side", type->id, rotation, words, sides[side]);
                }
            }
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  have_display = gtk_init_check ();

  g_test_add_func ("/tile-art/segment-points", test_segment_points);
  g_test_add_func ("/tile-art/draw-all", test_draw_all);
  g_test_add_func ("/tile-art/followers", test_followers);
  g_test_add_func ("/tile-art/catalogue-sheet", test_catalogue_sheet);
  g_test_add_func ("/board-view/tile-words", test_tile_words);
  g_test_add ("/board-view/placements", Fixture, NULL, fixture_set_up, test_placements, fixture_tear_down);
  g_test_add ("/board-view/markers", Fixture, NULL, fixture_set_up, test_markers, fixture_tear_down);
  g_test_add ("/board-view/zoom", Fixture, NULL, fixture_set_up, test_zoom, fixture_tear_down);
  g_test_add ("/board-view/touch", Fixture, NULL, fixture_set_up, test_touch, fixture_tear_down);
  g_test_add ("/board-view/finger-sized-spots", Fixture, NULL, fixture_set_up, test_finger_sized_spots,
              fixture_tear_down);
  g_test_add ("/board-view/wheel-game", Fixture, NULL, fixture_set_up, test_wheel_game, fixture_tear_down);
  g_test_add ("/board-view/expansions-game", Fixture, NULL, fixture_set_up, test_everything_game, fixture_tear_down);

  return g_test_run ();
}
