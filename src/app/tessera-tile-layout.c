/* tessera-tile-layout.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-tile-layout"

#include "config.h"

#include "tessera-tile-layout.h"
#include "tessera-tile-raster.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Every type is laid out once, in catalogue orientation on the unit square: the shapes of its
 * cities and roads, then the label grid, filled with the shapes in the order they are drawn,
 * then the fields flooded from the half-sides, then the spots and symbols placed deep inside
 * their areas. */

#define GRID TESSERA_TILE_LAYOUT_GRID

/* Labels of the grid besides segment indices. */
#define LABEL_NONE TESSERA_TILE_LAYOUT_NOBODY
#define LABEL_FREE (-2)   /* not yet given to a field */

static const double side_mid[4][2] = { { 0.5, 0 }, { 1, 0.5 }, { 0.5, 1 }, { 0, 0.5 } };
static const double side_in[4][2] = { { 0, 1 }, { -1, 0 }, { 0, -1 }, { 1, 0 } };
/* A side runs clockwise from its first corner to the next side's first corner. */
static const double corner[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };

static GHashTable *layouts;

/* Geometry helpers */

void
tessera_curve_point (const TesseraCurve *c,
                     double              t,
                     double             *x,
                     double             *y)
{
  double u = 1 - t;

  *x = u * u * u * c->x0 + 3 * u * u * t * c->x1 + 3 * u * t * t * c->x2 + t * t * t * c->x3;
  *y = u * u * u * c->y0 + 3 * u * u * t * c->y1 + 3 * u * t * t * c->y2 + t * t * t * c->y3;
}

void
tessera_curve_tangent (const TesseraCurve *c,
                       double              t,
                       double             *dx,
                       double             *dy)
{
  double u = 1 - t;

  *dx = 3 * u * u * (c->x1 - c->x0) + 6 * u * t * (c->x2 - c->x1) + 3 * t * t * (c->x3 - c->x2);
  *dy = 3 * u * u * (c->y1 - c->y0) + 6 * u * t * (c->y2 - c->y1) + 3 * t * t * (c->y3 - c->y2);
}

TesseraCurve
tessera_curve_make (double x0, double y0,
                    double x1, double y1,
                    double x2, double y2,
                    double x3, double y3)
{
  TesseraCurve c = { x0, y0, x1, y1, x2, y2, x3, y3 };
  return c;
}

static void
rotate_point (guint   rotation,
              double *x,
              double *y)
{
  for (guint i = 0; i < (rotation & 3); i++)
    {
      double t = *x;

      *x = 1 - *y;
      *y = t;
    }
}

static void
unrotate_point (guint   rotation,
                double *x,
                double *y)
{
  for (guint i = 0; i < (rotation & 3); i++)
    {
      double t = *y;

      *y = 1 - *x;
      *x = t;
    }
}


/* A small stable hash for the scattered details (grass, houses) of a type. */
double
tessera_tile_layout_jitter (guint a,
                            guint b)
{
  guint32 h = a * 2654435761u ^ (b + 0x9e3779b9u + (a << 6) + (a >> 2));

  h ^= h >> 15;
  h *= 2246822519u;
  h ^= h >> 13;
  return (h & 0xffff) / 65535.0;
}

static int
city_of_side (const TesseraTileType *type,
              guint                  side)
{
  for (guint i = 0; i < type->n_segments; i++)
    if (type->segments[i].kind == TESSERA_FEATURE_CITY && (type->segments[i].sides & (1 << side)))
      return (int) i;
  return -1;
}

/* Wheel board squares */

static gboolean
find_square (const TesseraTileType    *type,
             const TesseraWheelBoard **wheel,
             guint                    *x,
             guint                    *y)
{
  GPtrArray *sets = tessera_catalogue_get_sets (tessera_catalogue_get_default ());

  for (guint i = 0; i < sets->len; i++)
    {
      const TesseraTileSet *set = g_ptr_array_index (sets, i);

      if (set->board == NULL)
        continue;
      for (guint j = 0; j < set->board->width * set->board->height; j++)
        if (set->board->squares[j] == type)
          {
            *wheel = set->board;
            *x = j % set->board->width;
            *y = j / set->board->width;
            return TRUE;
          }
    }
  return FALSE;
}

void
tessera_tile_layout_get_wheel_centre (const TesseraWheelBoard *wheel,
                                      double                  *cx,
                                      double                  *cy)
{
  *cx = wheel->width / 2.0;
  *cy = wheel->height / 2.0;
}

/* Cities */

/* The wall of a city from corner @p (where a run of city sides ends) to corner @q (where the
 * next run starts), across @gap sides that are not the city's. */
static TesseraCurve
city_wall (const TesseraTileType *type,
           int                    segment,
           guint                  end_side,
           guint                  gap)
{
  const double *p = corner[(end_side + 1) % 4];
  const double *q = corner[(end_side + gap + 1) % 4];
  guint first_gap = (end_side + 1) % 4;

  if (gap == 3)
    {
      /* A city on one side: a cap whose wall leaves the corners at less than 45 degrees, so
       * that caps on neighbouring sides stay apart. */
      const double *n = side_in[end_side];
      const double *a = corner[end_side];
      double depth = 0.4;
      int opposite = city_of_side (type, (end_side + 2) % 4);

      if (opposite >= 0 && opposite != segment && type->segments[opposite].n_sides == 3)
        depth = 0.3;
      return tessera_curve_make (p[0], p[1],
                                 p[0] + (a[0] - p[0]) * 0.42 + n[0] * depth,
                                 p[1] + (a[1] - p[1]) * 0.42 + n[1] * depth,
                                 a[0] + (p[0] - a[0]) * 0.42 + n[0] * depth,
                                 a[1] + (p[1] - a[1]) * 0.42 + n[1] * depth,
                                 a[0], a[1]);
    }
  else if (gap == 2)
    {
      const double *f = corner[(end_side + 2) % 4];
      double b = 0.28;
      int other = city_of_side (type, first_gap);

      if (other >= 0 && other != segment && type->segments[other].n_sides == 2)
        b = 0.1;
      return tessera_curve_make (p[0], p[1],
                                 p[0] + (f[0] - p[0]) * b + (q[0] - f[0]) * 0.25,
                                 p[1] + (f[1] - p[1]) * b + (q[1] - f[1]) * 0.25,
                                 q[0] + (f[0] - q[0]) * b + (p[0] - f[0]) * 0.25,
                                 q[1] + (f[1] - q[1]) * b + (p[1] - f[1]) * 0.25,
                                 q[0], q[1]);
    }
  else
    {
      const double *n = side_in[first_gap];
      double depth = type->segments[segment].n_sides == 2 ? 0.33 : 0.4;
      int other = city_of_side (type, first_gap);

      if (other >= 0 && other != segment)
        depth = 0.667;
      return tessera_curve_make (p[0], p[1],
                                 p[0] + (q[0] - p[0]) * 0.3 + n[0] * depth,
                                 p[1] + (q[1] - p[1]) * 0.3 + n[1] * depth,
                                 q[0] + (p[0] - q[0]) * 0.3 + n[0] * depth,
                                 q[1] + (p[1] - q[1]) * 0.3 + n[1] * depth,
                                 q[0], q[1]);
    }
}

static void
add_outline_point (TesseraCityShape   *city,
                   TesseraOutlineStep  step,
                   double              x,
                   double              y)
{
  TesseraOutlinePart *part;

  g_assert (city->n_outline < TESSERA_CITY_OUTLINE_MAX);
  part = &city->outline[city->n_outline++];
  part->step = step;
  part->x[0] = x;
  part->y[0] = y;
}

static void
add_outline_curve (TesseraCityShape   *city,
                   const TesseraCurve *curve)
{
  TesseraOutlinePart *part;

  g_assert (city->n_outline < TESSERA_CITY_OUTLINE_MAX);
  part = &city->outline[city->n_outline++];
  part->step = TESSERA_OUTLINE_CURVE;
  part->x[0] = curve->x1;
  part->y[0] = curve->y1;
  part->x[1] = curve->x2;
  part->y[1] = curve->y2;
  part->x[2] = curve->x3;
  part->y[2] = curve->y3;
}

static void
build_city (TesseraTileLayout *layout,
            int                segment,
            TesseraCityShape  *city)
{
  const TesseraTileType *type = layout->type;
  guint8 sides = type->segments[segment].sides;

  city->segment = segment;
  city->sides = sides;
  city->n_walls = 0;
  city->n_outline = 0;
  if (sides == 0xf)
    {
      add_outline_point (city, TESSERA_OUTLINE_MOVE, 0, 0);
      add_outline_point (city, TESSERA_OUTLINE_LINE, 1, 0);
      add_outline_point (city, TESSERA_OUTLINE_LINE, 1, 1);
      add_outline_point (city, TESSERA_OUTLINE_LINE, 0, 1);
      return;
    }

  /* A run ends at a city side whose clockwise neighbour is not the city's. */
  for (guint s = 0; s < 4; s++)
    {
      guint gap = 0;

      if (!(sides & (1 << s)) || (sides & (1 << ((s + 1) % 4))))
        continue;
      while (gap < 3 && !(sides & (1 << ((s + 1 + gap) % 4))))
        gap++;
      if (city->n_walls < G_N_ELEMENTS (city->walls))
        city->walls[city->n_walls++] = city_wall (type, segment, s, gap);
    }

  /* The outline walks the runs clockwise: along the border of each, then its wall to the next
   * run. */
  for (guint s = 0, w = 0; s < 4; s++)
    {
      guint start;

      if (!(sides & (1 << s)) || (sides & (1 << ((s + 3) % 4))))
        continue;
      start = s;
      add_outline_point (city, w == 0 ? TESSERA_OUTLINE_MOVE : TESSERA_OUTLINE_LINE,
                         corner[start][0], corner[start][1]);
      while (sides & (1 << (s % 4)))
        {
          add_outline_point (city, TESSERA_OUTLINE_LINE, corner[(s + 1) % 4][0], corner[(s + 1) % 4][1]);
          s++;
        }
      s--;
      /* Walls were built in the same order of runs. */
      add_outline_curve (city, &city->walls[MIN (w, city->n_walls - 1)]);
      w++;
    }
}

/* Roads */

static void
city_gate (const TesseraTileLayout *layout,
           guint                    side,
           double                  *x,
           double                  *y,
           double                  *angle)
{
  const TesseraTileType *type = layout->type;
  int target = city_of_side (type, (side + 2) % 4);
  double best = G_MAXDOUBLE;

  *x = 0.5;
  *y = 0.5;
  *angle = atan2 (side_in[side][1], side_in[side][0]);
  for (guint i = 0; i < layout->n_cities; i++)
    {
      const TesseraCityShape *city = &layout->cities[i];

      if (target >= 0 && city->segment != target)
        continue;
      for (guint w = 0; w < city->n_walls; w++)
        {
          double wx, wy, dx, dy, d;

          tessera_curve_point (&city->walls[w], 0.5, &wx, &wy);
          d = hypot (wx - side_mid[side][0], wy - side_mid[side][1]);
          if (d >= best)
            continue;
          best = d;
          *x = wx;
          *y = wy;
          /* Walls run clockwise around their city, so the city lies to their right. */
          tessera_curve_tangent (&city->walls[w], 0.5, &dx, &dy);
          *angle = atan2 (dx, -dy);
        }
    }
}

static TesseraRoadEnd
parse_end (const char *ends)
{
  if (ends == NULL || ends[0] == '\0')
    return TESSERA_ROAD_END_NONE;
  if (g_str_equal (ends, "crossroads"))
    return TESSERA_ROAD_END_CROSSROADS;
  if (g_str_equal (ends, "cloister"))
    return TESSERA_ROAD_END_CLOISTER;
  if (g_str_equal (ends, "city-gate"))
    return TESSERA_ROAD_END_CITY_GATE;
  if (g_str_equal (ends, "tower"))
    return TESSERA_ROAD_END_TOWER;
  if (g_str_equal (ends, "crop-field"))
    return TESSERA_ROAD_END_CROP;
  if (g_str_equal (ends, "wheel"))
    return TESSERA_ROAD_END_WHEEL;
  return TESSERA_ROAD_END_HOUSE;
}

static guint
first_side (guint8 sides)
{
  for (guint s = 0; s < 4; s++)
    if (sides & (1 << s))
      return s;
  return 0;
}

static void
build_road (TesseraTileLayout *layout,
            int                segment,
            TesseraRoadShape  *road)
{
  const TesseraSegment *seg = &layout->type->segments[segment];
  guint a = first_side (seg->sides);
  const double *m = side_mid[a];
  const double *d = side_in[a];

  road->segment = segment;
  road->end = parse_end (seg->ends);
  road->gate_angle = 0;

  if (seg->n_sides >= 2)
    {
      guint b = first_side (seg->sides & ~(1 << a));
      const double *mb = side_mid[b];
      const double *db = side_in[b];
      double k = (b == (a + 2) % 4) ? 0.33 : 0.276;

      road->end = TESSERA_ROAD_END_NONE;
      road->path = tessera_curve_make (m[0], m[1], m[0] + d[0] * k, m[1] + d[1] * k,
                                       mb[0] + db[0] * k, mb[1] + db[1] * k, mb[0], mb[1]);
      return;
    }

  switch (road->end)
    {
    case TESSERA_ROAD_END_CITY_GATE:
      {
        double gx, gy, angle;

        city_gate (layout, a, &gx, &gy, &angle);
        road->gate_angle = angle;
        /* Come in square to the side, turn to meet the wall square to it. */
        road->path = tessera_curve_make (m[0], m[1], m[0] + d[0] * 0.22, m[1] + d[1] * 0.22,
                                         gx - cos (angle) * 0.18, gy - sin (angle) * 0.18, gx, gy);
      }
      break;

    case TESSERA_ROAD_END_WHEEL:
      road->path = tessera_curve_make (m[0], m[1], m[0] + d[0] * 0.25, m[1] + d[1] * 0.25,
                                       m[0] + d[0] * 0.5, m[1] + d[1] * 0.5, m[0] + d[0] * 0.8, m[1] + d[1] * 0.8);
      break;

    case TESSERA_ROAD_END_HOUSE:
      road->path = tessera_curve_make (m[0], m[1], m[0] + d[0] * 0.15, m[1] + d[1] * 0.15,
                                       m[0] + d[0] * 0.3, m[1] + d[1] * 0.3, m[0] + d[0] * 0.42, m[1] + d[1] * 0.42);
      break;

    case TESSERA_ROAD_END_TOWER:
    case TESSERA_ROAD_END_CROP:
    case TESSERA_ROAD_END_CLOISTER:
    case TESSERA_ROAD_END_CROSSROADS:
    case TESSERA_ROAD_END_NONE:
    default:
      {
        double ex = 0.5, ey = 0.5;

        if (road->end == TESSERA_ROAD_END_CROP)
          {
            ex = layout->crop_x;
            ey = layout->crop_y;
          }
        else if (road->end == TESSERA_ROAD_END_TOWER)
          {
            ex = layout->tower_x;
            ey = layout->tower_y;
          }
        road->path = tessera_curve_make (m[0], m[1], m[0] + (ex - m[0]) / 3, m[1] + (ey - m[1]) / 3,
                                         m[0] + 2 * (ex - m[0]) / 3, m[1] + 2 * (ey - m[1]) / 3, ex, ey);
      }
      break;
    }
}

/* Gives every square the label of the shape on top of it, shapes in drawing order, so that
 * what is on top in the picture is also what the grid says. */
static void
rasterize (TesseraTileLayout *layout,
           gboolean           with_tower)
{
  const TesseraTileType *type = layout->type;
  gint8 *labels = layout->labels;

  memset (labels, LABEL_FREE, sizeof layout->labels);

  if (layout->crop_strip)
    {
      TesseraCurve strip = tessera_curve_make (layout->strip[0], layout->strip[1],
                                               (2 * layout->strip[0] + layout->strip[2]) / 3,
                                               (2 * layout->strip[1] + layout->strip[3]) / 3,
                                               (layout->strip[0] + 2 * layout->strip[2]) / 3,
                                               (layout->strip[1] + 2 * layout->strip[3]) / 3,
                                               layout->strip[2], layout->strip[3]);

      tessera_tile_raster_fill_band (labels, &strip, TESSERA_TILE_LAYOUT_CROP_STRIP_WIDTH, LABEL_NONE);
    }

  for (guint i = 0; i < layout->n_cities; i++)
    tessera_tile_raster_fill_outline (labels, &layout->cities[i], layout->cities[i].segment);

  for (guint i = 0; i < layout->n_roads; i++)
    tessera_tile_raster_fill_band (labels, &layout->roads[i].path, TESSERA_TILE_LAYOUT_ROAD_WIDTH,
                                   layout->roads[i].segment);

  if (type->crop != TESSERA_CROP_NONE)
    tessera_tile_raster_fill_disc (labels, layout->crop_x, layout->crop_y, TESSERA_TILE_LAYOUT_CROP_RADIUS, LABEL_NONE);

  if (type->cloister && type->centre_segment >= 0)
    tessera_tile_raster_fill_square (labels, TESSERA_TILE_LAYOUT_CLOISTER_INSET,
                                     TESSERA_TILE_LAYOUT_CLOISTER_INSET + TESSERA_TILE_LAYOUT_CLOISTER_SIZE,
                                     type->centre_segment);

  /* The wheel lies on top of the squares' land. */
  if (layout->wheel != NULL)
    {
      double cx, cy;

      tessera_tile_layout_get_wheel_centre (layout->wheel, &cx, &cy);
      tessera_tile_raster_fill_disc (labels, cx - layout->square_x, cy - layout->square_y,
                                     TESSERA_TILE_LAYOUT_WHEEL_RADIUS + TESSERA_TILE_LAYOUT_WHEEL_RIM / 2, LABEL_NONE);
      for (guint s = 0; s < layout->wheel->n_segments; s++)
        for (guint c = 0; c < layout->wheel->segments[s].n_crowns; c++)
          {
            double x, y;

            tessera_tile_layout_get_crown_point (layout->wheel, s, c, &x, &y);
            tessera_tile_raster_fill_disc (labels, x - layout->square_x, y - layout->square_y,
                                           TESSERA_TILE_LAYOUT_CROWN_RADIUS + 0.02, LABEL_NONE);
          }
    }

  if (with_tower)
    {
      if (type->tower)
        tessera_tile_raster_fill_disc (labels, layout->tower_x, layout->tower_y, TESSERA_TILE_LAYOUT_TOWER_RADIUS, LABEL_NONE);
      if (layout->crossing)
        tessera_tile_raster_fill_disc (labels, 0.5, 0.5, TESSERA_TILE_LAYOUT_CROSSING_RADIUS, LABEL_NONE);
    }
}

/* Labels */

/* The fields: every free square goes to the field of the nearest half-side it can reach
 * without crossing a road or city. */
static void
flood_fields (TesseraTileLayout *layout)
{
  const TesseraTileType *type = layout->type;
  g_autofree int *queue = g_new (int, GRID * GRID);
  guint head = 0, tail = 0;
  int inner = -1;

  for (guint h = 0; h < 8; h++)
    {
      int field = type->half_segment[h];
      guint side = h / 2;

      if (field < 0 || type->segments[field].kind != TESSERA_FEATURE_FIELD)
        continue;
      for (guint k = 0; k < GRID / 2; k++)
        {
          /* Half-sides run clockwise from the side's first corner. */
          guint along = (h % 2) * (GRID / 2) + k;
          int i, j, p;

          switch (side)
            {
            case 0: i = (int) along; j = 0; break;
            case 1: i = GRID - 1; j = (int) along; break;
            case 2: i = GRID - 1 - (int) along; j = GRID - 1; break;
            case 3:
            default: i = 0; j = GRID - 1 - (int) along; break;
            }
          p = j * GRID + i;
          if (layout->labels[p] == LABEL_FREE)
            {
              layout->labels[p] = (gint8) field;
              queue[tail++] = p;
            }
        }
    }

  while (head < tail)
    {
      static const int di[4] = { 1, -1, 0, 0 };
      static const int dj[4] = { 0, 0, 1, -1 };
      int p = queue[head++];
      int i = p % GRID, j = p / GRID;

      for (guint n = 0; n < 4; n++)
        {
          int ni = i + di[n], nj = j + dj[n];

          if (ni < 0 || nj < 0 || ni >= GRID || nj >= GRID)
            continue;
          if (layout->labels[nj * GRID + ni] != LABEL_FREE)
            continue;
          layout->labels[nj * GRID + ni] = layout->labels[p];
          queue[tail++] = nj * GRID + ni;
        }
    }

  for (guint i = 0; i < type->n_segments; i++)
    if (type->segments[i].kind == TESSERA_FEATURE_FIELD && type->segments[i].halves == 0)
      inner = (int) i;
  for (guint p = 0; p < GRID * GRID; p++)
    if (layout->labels[p] == LABEL_FREE)
      layout->labels[p] = (gint8) inner;
}

static void
count_labels (const gint8 *labels,
              guint        counts[TESSERA_MAX_SEGMENTS])
{
  memset (counts, 0, sizeof (guint) * TESSERA_MAX_SEGMENTS);
  for (guint p = 0; p < GRID * GRID; p++)
    if (labels[p] >= 0 && labels[p] < TESSERA_MAX_SEGMENTS)
      counts[labels[p]]++;
}

/* Chamfer distance (3 per step, 4 diagonally) from each square to the nearest square with
 * another label or to the border. */
static void
distance_map (const gint8 *labels,
              int         *dist)
{
  static const int di[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };
  static const int dj[8] = { 0, -1, -1, -1, 0, 1, 1, 1 };
  static const int w[8] = { 3, 4, 3, 4, 3, 4, 3, 4 };

  for (int pass = 0; pass < 2; pass++)
    for (int k = 0; k < GRID * GRID; k++)
      {
        int p = pass == 0 ? k : GRID * GRID - 1 - k;
        int i = p % GRID, j = p / GRID;
        int best = pass == 0 ? G_MAXINT / 2 : dist[p];

        /* The first pass looks back (west and north), the second forward. */
        for (int n = pass * 4; n < pass * 4 + 4; n++)
          {
            int ni = i + di[n], nj = j + dj[n];

            if (ni < 0 || nj < 0 || ni >= GRID || nj >= GRID || labels[nj * GRID + ni] != labels[p])
              best = MIN (best, w[n]);
            else
              best = MIN (best, dist[nj * GRID + ni] + w[n]);
          }
        /* A square on the border also has the outside as a neighbour on the other passes' side. */
        if (i == 0 || j == 0 || i == GRID - 1 || j == GRID - 1)
          best = MIN (best, 3);
        dist[p] = best;
      }
}

/* The square of label @label with the best score: deep inside its area, near @ax, @ay. */
static gboolean
best_square (const gint8 *labels,
             const int   *dist,
             int          label,
             double       ax,
             double       ay,
             double       pull,
             double       avoid_x,
             double       avoid_y,
             double       avoid_radius,
             double      *x,
             double      *y)
{
  double best = -G_MAXDOUBLE;

  for (int j = 0; j < GRID; j++)
    for (int i = 0; i < GRID; i++)
      {
        double px = (i + 0.5) / GRID, py = (j + 0.5) / GRID;
        double score;

        if (labels[j * GRID + i] != label)
          continue;
        if (avoid_radius > 0 && hypot (px - avoid_x, py - avoid_y) < avoid_radius)
          continue;
        score = dist[j * GRID + i] - pull * hypot (px - ax, py - ay) * GRID * 3;
        if (score > best)
          {
            best = score;
            *x = px;
            *y = py;
          }
      }
  return best > -G_MAXDOUBLE;
}

static void
centroid (const gint8 *labels,
          int          label,
          double      *x,
          double      *y)
{
  double sx = 0, sy = 0;
  guint n = 0;

  for (int j = 0; j < GRID; j++)
    for (int i = 0; i < GRID; i++)
      if (labels[j * GRID + i] == label)
        {
          sx += (i + 0.5) / GRID;
          sy += (j + 0.5) / GRID;
          n++;
        }
  *x = n > 0 ? sx / n : 0.5;
  *y = n > 0 ? sy / n : 0.5;
}

static int
label_at (const gint8 *labels,
          double       x,
          double       y)
{
  int i = (int) floor (x * GRID), j = (int) floor (y * GRID);

  if (i < 0 || j < 0 || i >= GRID || j >= GRID)
    return LABEL_NONE;
  return labels[j * GRID + i];
}

/* Where the symbols go that are printed on a tile but are nobody's spot: the wheel badge and
 * the magic symbol, in the corners farthest from every follower spot. */
static void
place_symbols (TesseraTileLayout *layout)
{
  static const double spots[8][2] = {
    { 0.86, 0.14 }, { 0.14, 0.14 }, { 0.86, 0.86 }, { 0.14, 0.86 },
    { 0.5, 0.12 }, { 0.88, 0.5 }, { 0.5, 0.88 }, { 0.12, 0.5 },
  };
  const TesseraTileType *type = layout->type;
  double used_x[TESSERA_MAX_SEGMENTS + 4], used_y[TESSERA_MAX_SEGMENTS + 4];
  guint n_used = 0;

  for (guint i = 0; i < type->n_segments; i++)
    {
      used_x[n_used] = layout->point_x[i];
      used_y[n_used++] = layout->point_y[i];
    }
  if (type->tower)
    {
      used_x[n_used] = layout->tower_x;
      used_y[n_used++] = layout->tower_y;
    }
  if (type->crop != TESSERA_CROP_NONE)
    {
      used_x[n_used] = layout->crop_x;
      used_y[n_used++] = layout->crop_y;
    }

  for (guint round = 0; round < 2; round++)
    {
      double best = -1, bx = 0.86, by = 0.14;

      for (guint c = 0; c < G_N_ELEMENTS (spots); c++)
        {
          double score = G_MAXDOUBLE;
          int label = label_at (layout->labels, spots[c][0], spots[c][1]);

          for (guint u = 0; u < n_used; u++)
            score = MIN (score, hypot (spots[c][0] - used_x[u], spots[c][1] - used_y[u]));
          for (guint r = 0; r < layout->n_roads; r++)
            for (guint t = 0; t <= 8; t++)
              {
                double rx, ry;

                tessera_curve_point (&layout->roads[r].path, t / 8.0, &rx, &ry);
                score = MIN (score, hypot (spots[c][0] - rx, spots[c][1] - ry) + 0.05);
              }
          if (label >= 0 && type->segments[label].kind == TESSERA_FEATURE_FIELD)
            score += 0.08;
          if (c >= 4)
            score -= 0.04;
          if (score > best)
            {
              best = score;
              bx = spots[c][0];
              by = spots[c][1];
            }
        }
      if (round == 0)
        {
          layout->badge_x = bx;
          layout->badge_y = by;
        }
      else
        {
          layout->magic_x = bx;
          layout->magic_y = by;
        }
      used_x[n_used] = bx;
      used_y[n_used++] = by;
    }
}

static void
place_city_details (TesseraTileLayout *layout,
                    TesseraCityShape  *city,
                    const int         *dist)
{
  const TesseraTileType *type = layout->type;
  int s = city->segment;
  double fx = layout->point_x[s], fy = layout->point_y[s];
  double cx, cy;

  centroid (layout->labels, s, &cx, &cy);
  city->pennant_x = fx + 0.14;
  city->pennant_y = fy;
  if (type->segments[s].pennants > 0)
    best_square (layout->labels, dist, s, cx, cy, 0.15, fx, fy, 0.2, &city->pennant_x, &city->pennant_y);

  /* A few roofs scattered over the city, away from the follower and the pennant. */
  city->n_houses = 0;
  for (guint k = 0; k < 40 && city->n_houses < G_N_ELEMENTS (city->house_x); k++)
    {
      double hx = 0.08 + 0.84 * tessera_tile_layout_jitter (type->index * 7 + (guint) s, k * 2);
      double hy = 0.08 + 0.84 * tessera_tile_layout_jitter (type->index * 7 + (guint) s, k * 2 + 1);
      int i = (int) (hx * GRID), j = (int) (hy * GRID);
      gboolean crowded = FALSE;

      if (layout->labels[j * GRID + i] != s || dist[j * GRID + i] < 0.07 * GRID * 3)
        continue;
      if (hypot (hx - fx, hy - fy) < 0.15)
        continue;
      if (type->segments[s].pennants > 0 && hypot (hx - city->pennant_x, hy - city->pennant_y) < 0.12)
        continue;
      for (guint h = 0; h < city->n_houses; h++)
        if (hypot (hx - city->house_x[h], hy - city->house_y[h]) < 0.14)
          crowded = TRUE;
      if (crowded)
        continue;
      city->house_x[city->n_houses] = hx;
      city->house_y[city->n_houses++] = hy;
    }
}

static TesseraTileLayout *
build_layout (const TesseraTileType *type)
{
  TesseraTileLayout *layout = g_new0 (TesseraTileLayout, 1);
  gint8 spots[GRID * GRID];
  g_autofree int *dist = g_new (int, GRID * GRID);
  guint counts[TESSERA_MAX_SEGMENTS];
  guint n_crop_roads = 0;
  double crop_dx = 0, crop_dy = 0;

  layout->type = type;
  layout->tower_x = 0.5;
  layout->tower_y = 0.5;
  layout->crop_x = 0.5;
  layout->crop_y = 0.5;
  if (type->board_square)
    find_square (type, &layout->wheel, &layout->square_x, &layout->square_y);

  for (guint i = 0; i < type->n_segments; i++)
    if (type->segments[i].kind == TESSERA_FEATURE_CITY)
      build_city (layout, (int) i, &layout->cities[layout->n_cities++]);

  /* Where roads end inside the tile decides where the crop circle and the tower stand. */
  for (guint i = 0; i < type->n_segments; i++)
    {
      const TesseraSegment *seg = &type->segments[i];
      TesseraRoadEnd end;
      guint side;

      if (seg->kind != TESSERA_FEATURE_ROAD || seg->n_sides != 1)
        continue;
      end = parse_end (seg->ends);
      side = first_side (seg->sides);
      if (end == TESSERA_ROAD_END_CROSSROADS)
        layout->crossing = TRUE;
      else if (end == TESSERA_ROAD_END_TOWER)
        layout->tower_fixed = TRUE;
      else if (end == TESSERA_ROAD_END_CROP)
        {
          crop_dx -= side_in[side][0];
          crop_dy -= side_in[side][1];
          n_crop_roads++;
        }
    }
  if (n_crop_roads >= 2 && hypot (crop_dx, crop_dy) > 0.5)
    {
      layout->crop_x += 0.12 * crop_dx / hypot (crop_dx, crop_dy);
      layout->crop_y += 0.12 * crop_dy / hypot (crop_dx, crop_dy);
    }
  if (type->crop == TESSERA_CROP_CITY && layout->n_cities == 2)
    {
      double angle;

      /* Two cities: a crop strip runs between their gates. */
      for (guint c = 0; c < 2; c++)
        {
          guint side = first_side (layout->cities[c].sides);
          TesseraTileLayout probe = *layout;

          probe.n_cities = 1;
          probe.cities[0] = layout->cities[c];
          city_gate (&probe, (side + 2) % 4, &layout->strip[2 * c], &layout->strip[2 * c + 1], &angle);
        }
      layout->crop_strip = TRUE;
    }

  for (guint i = 0; i < type->n_segments; i++)
    if (type->segments[i].kind == TESSERA_FEATURE_ROAD)
      build_road (layout, (int) i, &layout->roads[layout->n_roads++]);

  /* A foundation no road leads to stands in the middle if the middle is free, else on the
   * deepest free ground. */
  rasterize (layout, FALSE);
  if (type->tower && !layout->tower_fixed)
    {
      int centre = label_at (layout->labels, 0.5, 0.5);

      if (centre != LABEL_FREE || type->cloister)
        {
          double tx = 0.5, ty = 0.5;

          distance_map (layout->labels, dist);
          if (!best_square (layout->labels, dist, LABEL_FREE, 0.5, 0.5, 0.1, 0.5, 0.5,
                            type->cloister ? 0.3 : 0, &tx, &ty))
            for (guint c = 0; c < layout->n_cities; c++)
              best_square (layout->labels, dist, layout->cities[c].segment, 0.5, 0.5, 0.1, 0, 0, 0, &tx, &ty);
          layout->tower_x = tx;
          layout->tower_y = ty;
        }
    }

  flood_fields (layout);

  /* Every segment must have somewhere to stand, however thin the layout made it. */
  count_labels (layout->labels, counts);
  for (guint i = 0; i < type->n_segments; i++)
    if (counts[i] == 0)
      {
        const TesseraSegment *seg = &type->segments[i];
        double x = 0.5, y = 0.5;

        if (seg->kind == TESSERA_FEATURE_FIELD && seg->halves != 0)
          {
            for (guint h = 0; h < 8; h++)
              if (seg->halves & (1 << h))
                {
                  guint side = h / 2;
                  double t = (h % 2) ? 0.75 : 0.25;
                  const double *a = corner[side], *b = corner[(side + 1) % 4];

                  x = a[0] + (b[0] - a[0]) * t + side_in[side][0] * 0.05;
                  y = a[1] + (b[1] - a[1]) * t + side_in[side][1] * 0.05;
                  break;
                }
          }
        for (int dj = -2; dj <= 2; dj++)
          for (int di = -2; di <= 2; di++)
            {
              int pi = CLAMP ((int) (x * GRID) + di, 0, GRID - 1);
              int pj = CLAMP ((int) (y * GRID) + dj, 0, GRID - 1);

              layout->labels[pj * GRID + pi] = (gint8) i;
            }
      }

  /* Spots keep off the tower and the village; a segment they would cover whole keeps them. */
  {
    TesseraTileLayout covered = *layout;
    guint spot_counts[TESSERA_MAX_SEGMENTS];

    rasterize (&covered, TRUE);
    memcpy (spots, layout->labels, sizeof spots);
    for (guint p = 0; p < GRID * GRID; p++)
      if (covered.labels[p] == LABEL_NONE)
        spots[p] = LABEL_NONE;
    count_labels (spots, spot_counts);
    for (guint p = 0; p < GRID * GRID; p++)
      if (spots[p] == LABEL_NONE && layout->labels[p] >= 0 && spot_counts[layout->labels[p]] == 0)
        spots[p] = layout->labels[p];
  }

  distance_map (spots, dist);
  for (guint i = 0; i < type->n_segments; i++)
    {
      const TesseraSegment *seg = &type->segments[i];
      double ax = 0.5, ay = 0.5, pull = 0.3;

      if (seg->kind == TESSERA_FEATURE_ROAD)
        {
          for (guint r = 0; r < layout->n_roads; r++)
            if (layout->roads[r].segment == (int) i)
              tessera_curve_point (&layout->roads[r].path, seg->n_sides >= 2 ? 0.5 : 0.45, &ax, &ay);
          pull = 1.0;
        }
      else if (seg->kind == TESSERA_FEATURE_CLOISTER)
        {
          ay = 0.52;
          pull = 1.0;
        }
      else
        centroid (spots, (int) i, &ax, &ay);

      layout->point_x[i] = ax;
      layout->point_y[i] = ay;
      best_square (spots, dist, (int) i, ax, ay, pull, 0, 0, 0, &layout->point_x[i], &layout->point_y[i]);
    }

  for (guint c = 0; c < layout->n_cities; c++)
    place_city_details (layout, &layout->cities[c], dist);
  place_symbols (layout);

  return layout;
}

/**
 * tessera_tile_layout_get:
 *
 * The layout of @type, made the first time it is asked for and kept.
 *
 * Returns: (transfer none): the layout
 */
const TesseraTileLayout *
tessera_tile_layout_get (const TesseraTileType *type)
{
  TesseraTileLayout *layout;

  g_return_val_if_fail (type != NULL, NULL);

  if (layouts == NULL)
    layouts = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  layout = g_hash_table_lookup (layouts, type);
  if (layout == NULL)
    {
      layout = build_layout (type);
      g_hash_table_insert (layouts, (gpointer) type, layout);
    }
  return layout;
}

/**
 * tessera_tile_layout_label_at:
 *
 * Returns: the segment at (@x, @y) on the unit square in catalogue orientation, or
 *   %TESSERA_TILE_LAYOUT_NOBODY
 */
int
tessera_tile_layout_label_at (const TesseraTileLayout *layout,
                              double                   x,
                              double                   y)
{
  g_return_val_if_fail (layout != NULL, LABEL_NONE);

  return label_at (layout->labels, x, y);
}

/**
 * tessera_tile_layout_get_segment_point:
 *
 * Where a follower on @segment of @type stands, on the unit square after @rotation.
 */
void
tessera_tile_layout_get_segment_point (const TesseraTileType *type,
                                       guint                  rotation,
                                       guint                  segment,
                                       double                *x,
                                       double                *y)
{
  const TesseraTileLayout *layout;

  g_return_if_fail (type != NULL);
  g_return_if_fail (x != NULL && y != NULL);

  *x = 0.5;
  *y = 0.5;
  if (segment >= type->n_segments)
    return;
  layout = tessera_tile_layout_get (type);
  *x = layout->point_x[segment];
  *y = layout->point_y[segment];
  rotate_point (rotation, x, y);
}

/**
 * tessera_tile_layout_segment_at:
 *
 * Returns: the segment of @type, placed with @rotation, at (@x, @y) on the unit square, or -1
 *   where nobody may stand
 */
int
tessera_tile_layout_segment_at (const TesseraTileType *type,
                                guint                  rotation,
                                double                 x,
                                double                 y)
{
  int label;

  g_return_val_if_fail (type != NULL, -1);

  if (x < 0 || y < 0 || x >= 1 || y >= 1)
    return -1;
  unrotate_point (rotation, &x, &y);
  label = label_at (tessera_tile_layout_get (type)->labels, x, y);
  return label >= 0 && label < type->n_segments ? label : -1;
}

/**
 * tessera_tile_layout_get_tower_point:
 *
 * Where the tower foundation of @type is, on the unit square after @rotation.
 */
void
tessera_tile_layout_get_tower_point (const TesseraTileType *type,
                                     guint                  rotation,
                                     double                *x,
                                     double                *y)
{
  const TesseraTileLayout *layout;

  g_return_if_fail (type != NULL);

  layout = tessera_tile_layout_get (type);
  *x = layout->tower_x;
  *y = layout->tower_y;
  rotate_point (rotation, x, y);
}

/* The wheel board */

/**
 * tessera_tile_layout_get_wheel_segment_angles:
 *
 * The angles (radians, clockwise from east) where wheel segment @segment starts and ends; the
 * first segment is at the top.
 */
void
tessera_tile_layout_get_wheel_segment_angles (const TesseraWheelBoard *wheel,
                                              guint                    segment,
                                              double                  *start,
                                              double                  *end)
{
  double step = 2 * G_PI / MAX (wheel->n_segments, 1);

  *start = -G_PI / 2 - step / 2 + segment * step;
  *end = *start + step;
}

/**
 * tessera_tile_layout_get_crown_point:
 *
 * Where crown space @space of wheel segment @segment is printed, in cells from the board's
 * north-west corner.
 */
void
tessera_tile_layout_get_crown_point (const TesseraWheelBoard *wheel,
                                     guint                    segment,
                                     guint                    space,
                                     double                  *x,
                                     double                  *y)
{
  const TesseraCrownSpace *crown;

  g_return_if_fail (wheel != NULL);

  *x = wheel->width / 2.0;
  *y = wheel->height / 2.0;
  if (segment >= wheel->n_segments || space >= wheel->segments[segment].n_crowns)
    return;
  crown = &wheel->segments[segment].crowns[space];
  *x = crown->x + 0.5;
  *y = crown->y + 0.5;
  if (strchr (crown->where, 'N'))
    *y -= 0.5;
  if (strchr (crown->where, 'S'))
    *y += 0.5;
  if (strchr (crown->where, 'W'))
    *x -= 0.5;
  if (strchr (crown->where, 'E'))
    *x += 0.5;
}

/**
 * tessera_tile_layout_get_wheel_segment_point:
 *
 * Where the pig stands on wheel segment @segment, in cells from the board's north-west corner.
 */
void
tessera_tile_layout_get_wheel_segment_point (const TesseraWheelBoard *wheel,
                                             guint                    segment,
                                             double                  *x,
                                             double                  *y)
{
  double start, end, cx, cy;

  g_return_if_fail (wheel != NULL);

  tessera_tile_layout_get_wheel_centre (wheel, &cx, &cy);
  tessera_tile_layout_get_wheel_segment_angles (wheel, segment, &start, &end);
  *x = cx + cos ((start + end) / 2) * 0.66;
  *y = cy + sin ((start + end) / 2) * 0.66;
}
