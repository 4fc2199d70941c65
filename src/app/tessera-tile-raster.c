/* tessera-tile-raster.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-tile-layout"

#include "config.h"

#include "tessera-tile-raster.h"

#include <math.h>
#include <stdlib.h>

#define GRID TESSERA_TILE_LAYOUT_GRID

/* Shapes are filled as a drawing library fills them without antialiasing: a square is inside
 * when its centre is. Curves are flattened until no piece strays more than FLATNESS squares
 * from the curve, as a drawing library flattens them for the screen. */
#define FLATNESS 0.1
#define POLYGON_MAX 512

typedef struct
{
  guint    n;
  double   x[POLYGON_MAX];
  double   y[POLYGON_MAX];
  gboolean skip_next;
} Polygon;

typedef struct
{
  guint  n;
  double x[POLYGON_MAX];
  double y[POLYGON_MAX];
  double dx[POLYGON_MAX];
  double dy[POLYGON_MAX];
} Polyline;

typedef struct
{
  double x;
  int    winding;
} Crossing;

static void
polygon_add (Polygon *polygon,
             double   x,
             double   y)
{
  g_assert (polygon->n < POLYGON_MAX);
  polygon->x[polygon->n] = x;
  polygon->y[polygon->n++] = y;
}

/* How far, in squares of the grid, the control points of @curve are from its chord: under
 * FLATNESS, the chord stands for the curve. */
static double
curve_bulge (const TesseraCurve *curve)
{
  double dx = curve->x3 - curve->x0, dy = curve->y3 - curve->y0;
  double length2 = dx * dx + dy * dy;
  double worst = 0;

  for (guint k = 0; k < 2; k++)
    {
      double px = (k == 0 ? curve->x1 : curve->x2) - curve->x0;
      double py = (k == 0 ? curve->y1 : curve->y2) - curve->y0;
      double u = length2 > 0 ? (px * dx + py * dy) / length2 : 0;

      u = CLAMP (u, 0, 1);
      px -= u * dx;
      py -= u * dy;
      worst = MAX (worst, (px * px + py * py) * GRID * GRID);
    }
  return sqrt (worst);
}

/* Halves @curve until each piece is flat to a tenth of a square, as a drawing library flattens
 * it, and gives each piece's start with the direction the curve leaves it in. */
static void
flatten_curve (const TesseraCurve *curve,
               void              (*add)(gpointer data, double x, double y, double dx, double dy),
               gpointer            data)
{
  TesseraCurve first, second;
  double ax, ay, bx, by, cx, cy, abx, aby, bcx, bcy, mx, my;

  if (curve_bulge (curve) < FLATNESS)
    {
      add (data, curve->x0, curve->y0, curve->x1 - curve->x0, curve->y1 - curve->y0);
      return;
    }
  ax = (curve->x0 + curve->x1) / 2;
  ay = (curve->y0 + curve->y1) / 2;
  bx = (curve->x1 + curve->x2) / 2;
  by = (curve->y1 + curve->y2) / 2;
  cx = (curve->x2 + curve->x3) / 2;
  cy = (curve->y2 + curve->y3) / 2;
  abx = (ax + bx) / 2;
  aby = (ay + by) / 2;
  bcx = (bx + cx) / 2;
  bcy = (by + cy) / 2;
  mx = (abx + bcx) / 2;
  my = (aby + bcy) / 2;
  first = tessera_curve_make (curve->x0, curve->y0, ax, ay, abx, aby, mx, my);
  second = tessera_curve_make (mx, my, bcx, bcy, cx, cy, curve->x3, curve->y3);
  flatten_curve (&first, add, data);
  flatten_curve (&second, add, data);
}

static void
add_piece_start (gpointer data,
                 double   x,
                 double   y,
                 double   dx,
                 double   dy)
{
  Polygon *polygon = data;

  /* The first is the point the polygon is at already. */
  if (polygon->skip_next)
    polygon->skip_next = FALSE;
  else
    polygon_add (polygon, x, y);
}

/* The curve's points after its first, which the polygon has already. */
static void
polygon_add_curve (Polygon            *polygon,
                   const TesseraCurve *curve)
{
  polygon->skip_next = TRUE;
  flatten_curve (curve, add_piece_start, polygon);
  polygon_add (polygon, curve->x3, curve->y3);
}

static void
outline_polygon (const TesseraCityShape *city,
                 Polygon                *polygon)
{
  polygon->n = 0;
  for (guint i = 0; i < city->n_outline; i++)
    {
      const TesseraOutlinePart *part = &city->outline[i];

      if (part->step == TESSERA_OUTLINE_CURVE)
        {
          TesseraCurve curve = tessera_curve_make (polygon->x[polygon->n - 1], polygon->y[polygon->n - 1],
                                                   part->x[0], part->y[0], part->x[1], part->y[1],
                                                   part->x[2], part->y[2]);

          polygon_add_curve (polygon, &curve);
        }
      else
        polygon_add (polygon, part->x[0], part->y[0]);
    }
}

static void
add_polyline_point (gpointer data,
                    double   x,
                    double   y,
                    double   dx,
                    double   dy)
{
  Polyline *line = data;

  g_assert (line->n < POLYGON_MAX);
  line->x[line->n] = x;
  line->y[line->n] = y;
  line->dx[line->n] = dx;
  line->dy[line->n++] = dy;
}

/* The band @width wide along @curve, its ends cut square: out along one side, back along the
 * other, each point of the flattened curve moved square to the curve's direction there. */
static void
stroke_polygon (const TesseraCurve *curve,
                double              width,
                Polygon            *polygon)
{
  Polyline line = { 0 };

  flatten_curve (curve, add_polyline_point, &line);
  add_polyline_point (&line, curve->x3, curve->y3, curve->x3 - curve->x2, curve->y3 - curve->y2);
  polygon->n = 0;
  for (int side = 1; side >= -1; side -= 2)
    for (guint i = 0; i < line.n; i++)
      {
        guint k = side > 0 ? i : line.n - 1 - i;
        double length = hypot (line.dx[k], line.dy[k]);

        if (length == 0)
          length = 1;
        polygon_add (polygon, line.x[k] - side * line.dy[k] / length * width / 2,
                     line.y[k] + side * line.dx[k] / length * width / 2);
      }
}

/* Gives @label to the squares of row @j whose centres lie in [@x0, @x1). */
static void
fill_span (gint8  *labels,
           int     j,
           double  x0,
           double  x1,
           int     label)
{
  int first = MAX ((int) ceil (x0 * GRID - 0.5), 0);
  int end = MIN ((int) ceil (x1 * GRID - 0.5), GRID);

  for (int i = first; i < end; i++)
    labels[j * GRID + i] = (gint8) label;
}

static int
compare_crossings (gconstpointer a,
                   gconstpointer b)
{
  const Crossing *ca = a, *cb = b;

  return (ca->x > cb->x) - (ca->x < cb->x);
}

/* The squares whose centres the polygon winds around (non-zero winding, as a drawing library
 * fills a path). */
static void
fill_polygon (gint8         *labels,
              const Polygon *polygon,
              int            label)
{
  for (int j = 0; j < GRID; j++)
    {
      double y = (j + 0.5) / GRID;
      Crossing crossings[POLYGON_MAX];
      guint n = 0;
      int winding = 0;

      for (guint k = 0; k < polygon->n; k++)
        {
          guint next = (k + 1) % polygon->n;
          double ax = polygon->x[k], ay = polygon->y[k];
          double bx = polygon->x[next], by = polygon->y[next];

          if ((ay <= y) == (by <= y))
            continue;
          crossings[n].x = ax + (y - ay) * (bx - ax) / (by - ay);
          crossings[n++].winding = by > ay ? 1 : -1;
        }
      qsort (crossings, n, sizeof (Crossing), compare_crossings);
      for (guint c = 0; c + 1 < n; c++)
        {
          winding += crossings[c].winding;
          if (winding != 0)
            fill_span (labels, j, crossings[c].x, crossings[c + 1].x, label);
        }
    }
}

/* A disc as a drawing library fills an arc: four quarter-circle curves, flattened. */
void
tessera_tile_raster_fill_disc (gint8  *labels,
                               double  cx,
                               double  cy,
                               double  radius,
                               int     label)
{
  /* The control points of a quarter circle lie this far along the tangents. */
  double h = 4.0 / 3.0 * tan (G_PI / 8) * radius;
  Polygon polygon = { 0 };

  polygon_add (&polygon, cx + radius, cy);
  for (guint quarter = 0; quarter < 4; quarter++)
    {
      double a = quarter * G_PI / 2, b = (quarter + 1) * G_PI / 2;
      TesseraCurve arc = tessera_curve_make (cx + radius * cos (a), cy + radius * sin (a),
                                             cx + radius * cos (a) - h * sin (a), cy + radius * sin (a) + h * cos (a),
                                             cx + radius * cos (b) + h * sin (b), cy + radius * sin (b) - h * cos (b),
                                             cx + radius * cos (b), cy + radius * sin (b));

      polygon_add_curve (&polygon, &arc);
    }
  fill_polygon (labels, &polygon, label);
}

/**
 * tessera_tile_raster_fill_outline:
 *
 * Gives @label to the squares inside @city's outline.
 */
void
tessera_tile_raster_fill_outline (gint8                  *labels,
                                  const TesseraCityShape *city,
                                  int                     label)
{
  Polygon polygon;

  outline_polygon (city, &polygon);
  fill_polygon (labels, &polygon, label);
}

/**
 * tessera_tile_raster_fill_band:
 *
 * Gives @label to the squares of the band @width wide along @curve, its ends cut square, as a
 * road or the crop strip is drawn.
 */
void
tessera_tile_raster_fill_band (gint8              *labels,
                               const TesseraCurve *curve,
                               double              width,
                               int                 label)
{
  Polygon polygon;

  stroke_polygon (curve, width, &polygon);
  fill_polygon (labels, &polygon, label);
}

/**
 * tessera_tile_raster_fill_square:
 *
 * Gives @label to the squares of the square from (@low, @low) to (@high, @high).
 */
void
tessera_tile_raster_fill_square (gint8  *labels,
                                 double  low,
                                 double  high,
                                 int     label)
{
  Polygon polygon = { 0 };

  polygon_add (&polygon, low, low);
  polygon_add (&polygon, high, low);
  polygon_add (&polygon, high, high);
  polygon_add (&polygon, low, high);
  fill_polygon (labels, &polygon, label);
}
