/* tessera-tile-art.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-tile-art"

#include "config.h"

#include "tessera-tile-art.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

/* Every type is laid out once, in catalogue orientation on the unit square: the shapes of its
 * cities and roads, and a label grid saying which segment each small square belongs to. Drawing
 * uses the shapes; hit testing, highlights and the follower spots use the grid, so a spot is
 * always inside the area that hit testing gives back for it. */

#define GRID 96

/* Labels of the grid besides segment indices. */
#define LABEL_NONE (-1)   /* the wheel, a crop field: nobody stands there */
#define LABEL_FREE (-2)   /* not yet given to a field */

#define ROAD_WIDTH 0.12
#define TOWER_RADIUS 0.12
#define CROP_RADIUS 0.17
#define WHEEL_RADIUS 1.55   /* in cells, around the centre of a 4 x 4 board */
#define WHEEL_RIM 0.13
#define CROWN_RADIUS 0.17

typedef struct
{
  double x0, y0, x1, y1, x2, y2, x3, y3;
} Curve;

typedef struct
{
  int    segment;
  guint8 sides;
  guint  n_walls;
  Curve  walls[2];
  double pennant_x;
  double pennant_y;
  guint  n_houses;
  double house_x[6];
  double house_y[6];
} CityShape;

typedef enum
{
  END_NONE,
  END_CROSSROADS,
  END_CLOISTER,
  END_CITY_GATE,
  END_TOWER,
  END_CROP,
  END_WHEEL,
  END_HOUSE,
} RoadEnd;

typedef struct
{
  int     segment;
  Curve   path;
  RoadEnd end;
  double  gate_angle;   /* city gate: direction the road enters the city */
} RoadShape;

typedef struct
{
  const TesseraTileType   *type;

  guint                    n_cities;
  CityShape                cities[TESSERA_MAX_SEGMENTS];
  guint                    n_roads;
  RoadShape                roads[TESSERA_MAX_SEGMENTS];

  gboolean                 crossing;
  gboolean                 tower_fixed;
  double                   tower_x;
  double                   tower_y;
  double                   crop_x;
  double                   crop_y;
  gboolean                 crop_strip;
  double                   strip[4];
  double                   badge_x;
  double                   badge_y;
  double                   magic_x;
  double                   magic_y;

  /* Board squares: the wheel board they belong to and where. */
  const TesseraWheelBoard *wheel;
  guint                    square_x;
  guint                    square_y;

  gint8                    labels[GRID * GRID];
  double                   point_x[TESSERA_MAX_SEGMENTS];
  double                   point_y[TESSERA_MAX_SEGMENTS];
  cairo_surface_t         *masks[TESSERA_MAX_SEGMENTS];
} TileGeom;

static const double side_mid[4][2] = { { 0.5, 0 }, { 1, 0.5 }, { 0.5, 1 }, { 0, 0.5 } };
static const double side_in[4][2] = { { 0, 1 }, { -1, 0 }, { 0, -1 }, { 1, 0 } };
/* A side runs clockwise from its first corner to the next side's first corner. */
static const double corner[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };

static GHashTable *geoms;

/* Geometry helpers */

static void
curve_point (const Curve *c,
             double       t,
             double      *x,
             double      *y)
{
  double u = 1 - t;

  *x = u * u * u * c->x0 + 3 * u * u * t * c->x1 + 3 * u * t * t * c->x2 + t * t * t * c->x3;
  *y = u * u * u * c->y0 + 3 * u * u * t * c->y1 + 3 * u * t * t * c->y2 + t * t * t * c->y3;
}

static void
curve_tangent (const Curve *c,
               double       t,
               double      *dx,
               double      *dy)
{
  double u = 1 - t;

  *dx = 3 * u * u * (c->x1 - c->x0) + 6 * u * t * (c->x2 - c->x1) + 3 * t * t * (c->x3 - c->x2);
  *dy = 3 * u * u * (c->y1 - c->y0) + 6 * u * t * (c->y2 - c->y1) + 3 * t * t * (c->y3 - c->y2);
}

static Curve
make_curve (double x0, double y0,
            double x1, double y1,
            double x2, double y2,
            double x3, double y3)
{
  Curve c = { x0, y0, x1, y1, x2, y2, x3, y3 };
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

static void
rotate_context (cairo_t *cr,
                guint    rotation,
                double   size)
{
  cairo_translate (cr, size / 2, size / 2);
  cairo_rotate (cr, (rotation & 3) * G_PI / 2);
  cairo_translate (cr, -size / 2, -size / 2);
  cairo_scale (cr, size, size);
}

/* A small stable hash for the scattered details (grass, houses) of a type. */
static double
jitter (guint a,
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

static void
wheel_centre (const TesseraWheelBoard *wheel,
              double                  *cx,
              double                  *cy)
{
  *cx = wheel->width / 2.0;
  *cy = wheel->height / 2.0;
}

/* Cities */

/* The wall of a city from corner @p (where a run of city sides ends) to corner @q (where the
 * next run starts), across @gap sides that are not the city's. */
static Curve
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
      return make_curve (p[0], p[1],
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
      return make_curve (p[0], p[1],
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
      return make_curve (p[0], p[1],
                         p[0] + (q[0] - p[0]) * 0.3 + n[0] * depth,
                         p[1] + (q[1] - p[1]) * 0.3 + n[1] * depth,
                         q[0] + (p[0] - q[0]) * 0.3 + n[0] * depth,
                         q[1] + (p[1] - q[1]) * 0.3 + n[1] * depth,
                         q[0], q[1]);
    }
}

static void
build_city (TileGeom  *geom,
            int        segment,
            CityShape *city)
{
  const TesseraTileType *type = geom->type;
  guint8 sides = type->segments[segment].sides;

  city->segment = segment;
  city->sides = sides;
  city->n_walls = 0;
  if (sides == 0xf)
    return;

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
}

static void
city_path (cairo_t         *cr,
           const CityShape *city)
{
  guint8 sides = city->sides;

  if (sides == 0xf)
    {
      cairo_rectangle (cr, 0, 0, 1, 1);
      return;
    }

  /* Walk the runs clockwise: along the border of each, then its wall to the next run. */
  for (guint s = 0, w = 0; s < 4; s++)
    {
      guint start;
      const Curve *c;

      if (!(sides & (1 << s)) || (sides & (1 << ((s + 3) % 4))))
        continue;
      start = s;
      if (w == 0)
        cairo_move_to (cr, corner[start][0], corner[start][1]);
      else
        cairo_line_to (cr, corner[start][0], corner[start][1]);
      while (sides & (1 << (s % 4)))
        {
          cairo_line_to (cr, corner[(s + 1) % 4][0], corner[(s + 1) % 4][1]);
          s++;
        }
      s--;
      /* Walls were built in the same order of runs. */
      c = &city->walls[MIN (w, city->n_walls - 1)];
      cairo_curve_to (cr, c->x1, c->y1, c->x2, c->y2, c->x3, c->y3);
      w++;
    }
  cairo_close_path (cr);
}

/* Roads */

static void
city_gate (const TileGeom *geom,
           guint           side,
           double         *x,
           double         *y,
           double         *angle)
{
  const TesseraTileType *type = geom->type;
  int target = city_of_side (type, (side + 2) % 4);
  double best = G_MAXDOUBLE;

  *x = 0.5;
  *y = 0.5;
  *angle = atan2 (side_in[side][1], side_in[side][0]);
  for (guint i = 0; i < geom->n_cities; i++)
    {
      const CityShape *city = &geom->cities[i];

      if (target >= 0 && city->segment != target)
        continue;
      for (guint w = 0; w < city->n_walls; w++)
        {
          double wx, wy, dx, dy, d;

          curve_point (&city->walls[w], 0.5, &wx, &wy);
          d = hypot (wx - side_mid[side][0], wy - side_mid[side][1]);
          if (d >= best)
            continue;
          best = d;
          *x = wx;
          *y = wy;
          /* Walls run clockwise around their city, so the city lies to their right. */
          curve_tangent (&city->walls[w], 0.5, &dx, &dy);
          *angle = atan2 (dx, -dy);
        }
    }
}

static RoadEnd
parse_end (const char *ends)
{
  if (ends == NULL || ends[0] == '\0')
    return END_NONE;
  if (g_str_equal (ends, "crossroads"))
    return END_CROSSROADS;
  if (g_str_equal (ends, "cloister"))
    return END_CLOISTER;
  if (g_str_equal (ends, "city-gate"))
    return END_CITY_GATE;
  if (g_str_equal (ends, "tower"))
    return END_TOWER;
  if (g_str_equal (ends, "crop-field"))
    return END_CROP;
  if (g_str_equal (ends, "wheel"))
    return END_WHEEL;
  return END_HOUSE;
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
build_road (TileGeom  *geom,
            int        segment,
            RoadShape *road)
{
  const TesseraSegment *seg = &geom->type->segments[segment];
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

      road->end = END_NONE;
      road->path = make_curve (m[0], m[1], m[0] + d[0] * k, m[1] + d[1] * k,
                               mb[0] + db[0] * k, mb[1] + db[1] * k, mb[0], mb[1]);
      return;
    }

  switch (road->end)
    {
    case END_CITY_GATE:
      {
        double gx, gy, angle;

        city_gate (geom, a, &gx, &gy, &angle);
        road->gate_angle = angle;
        /* Come in square to the side, turn to meet the wall square to it. */
        road->path = make_curve (m[0], m[1], m[0] + d[0] * 0.22, m[1] + d[1] * 0.22,
                                 gx - cos (angle) * 0.18, gy - sin (angle) * 0.18, gx, gy);
      }
      break;

    case END_WHEEL:
      road->path = make_curve (m[0], m[1], m[0] + d[0] * 0.25, m[1] + d[1] * 0.25,
                               m[0] + d[0] * 0.5, m[1] + d[1] * 0.5, m[0] + d[0] * 0.8, m[1] + d[1] * 0.8);
      break;

    case END_HOUSE:
      road->path = make_curve (m[0], m[1], m[0] + d[0] * 0.15, m[1] + d[1] * 0.15,
                               m[0] + d[0] * 0.3, m[1] + d[1] * 0.3, m[0] + d[0] * 0.42, m[1] + d[1] * 0.42);
      break;

    case END_TOWER:
    case END_CROP:
    case END_CLOISTER:
    case END_CROSSROADS:
    case END_NONE:
    default:
      {
        double ex = 0.5, ey = 0.5;

        if (road->end == END_CROP)
          {
            ex = geom->crop_x;
            ey = geom->crop_y;
          }
        else if (road->end == END_TOWER)
          {
            ex = geom->tower_x;
            ey = geom->tower_y;
          }
        road->path = make_curve (m[0], m[1], m[0] + (ex - m[0]) / 3, m[1] + (ey - m[1]) / 3,
                                 m[0] + 2 * (ex - m[0]) / 3, m[1] + 2 * (ey - m[1]) / 3, ex, ey);
      }
      break;
    }
}

static void
road_path (cairo_t         *cr,
           const RoadShape *road)
{
  const Curve *c = &road->path;

  cairo_move_to (cr, c->x0, c->y0);
  cairo_curve_to (cr, c->x1, c->y1, c->x2, c->y2, c->x3, c->y3);
}

/* Labels */

static void
wheel_disc_path (cairo_t                 *cr,
                 const TesseraWheelBoard *wheel,
                 guint                    sx,
                 guint                    sy,
                 double                   radius)
{
  double cx, cy;

  wheel_centre (wheel, &cx, &cy);
  cairo_new_sub_path (cr);
  cairo_arc (cr, cx - sx, cy - sy, radius, 0, 2 * G_PI);
}

static void
cloister_rect (cairo_t *cr)
{
  /* square, so that the building may stand upright in every rotation */
  cairo_rectangle (cr, 0.31, 0.31, 0.38, 0.38);
}

/* Paints every shape with its label as the red channel, in drawing order, so that what is on
 * top in the picture is also what the grid says. */
static void
rasterize (TileGeom *geom,
           gboolean  with_tower)
{
  const TesseraTileType *type = geom->type;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, GRID, GRID);
  cairo_t *cr = cairo_create (surface);
  unsigned char *data;
  int stride;

#define SET_LABEL(l) cairo_set_source_rgb (cr, ((l) + 2) / 255.0, 0, 0)

  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  cairo_scale (cr, GRID, GRID);
  SET_LABEL (LABEL_FREE);
  cairo_paint (cr);

  if (geom->crop_strip)
    {
      SET_LABEL (LABEL_NONE);
      cairo_set_line_width (cr, 0.14);
      cairo_move_to (cr, geom->strip[0], geom->strip[1]);
      cairo_line_to (cr, geom->strip[2], geom->strip[3]);
      cairo_stroke (cr);
    }

  for (guint i = 0; i < geom->n_cities; i++)
    {
      SET_LABEL (geom->cities[i].segment);
      city_path (cr, &geom->cities[i]);
      cairo_fill (cr);
    }

  cairo_set_line_width (cr, ROAD_WIDTH);
  for (guint i = 0; i < geom->n_roads; i++)
    {
      SET_LABEL (geom->roads[i].segment);
      road_path (cr, &geom->roads[i]);
      cairo_stroke (cr);
    }

  if (type->crop != TESSERA_CROP_NONE)
    {
      SET_LABEL (LABEL_NONE);
      cairo_arc (cr, geom->crop_x, geom->crop_y, CROP_RADIUS, 0, 2 * G_PI);
      cairo_fill (cr);
    }

  if (type->cloister && geom->type->centre_segment >= 0)
    {
      SET_LABEL (type->centre_segment);
      cloister_rect (cr);
      cairo_fill (cr);
    }

  /* The wheel lies on top of the squares' land. */
  if (geom->wheel != NULL)
    {
      SET_LABEL (LABEL_NONE);
      wheel_disc_path (cr, geom->wheel, geom->square_x, geom->square_y, WHEEL_RADIUS + WHEEL_RIM / 2);
      for (guint s = 0; s < geom->wheel->n_segments; s++)
        for (guint c = 0; c < geom->wheel->segments[s].n_crowns; c++)
          {
            double x, y;

            tessera_tile_art_get_crown_point (geom->wheel, s, c, &x, &y);
            cairo_new_sub_path (cr);
            cairo_arc (cr, x - geom->square_x, y - geom->square_y, CROWN_RADIUS + 0.02, 0, 2 * G_PI);
          }
      cairo_fill (cr);
    }

  if (with_tower)
    {
      SET_LABEL (LABEL_NONE);
      if (type->tower)
        {
          cairo_arc (cr, geom->tower_x, geom->tower_y, TOWER_RADIUS, 0, 2 * G_PI);
          cairo_fill (cr);
        }
      if (geom->crossing)
        {
          cairo_arc (cr, 0.5, 0.5, 0.1, 0, 2 * G_PI);
          cairo_fill (cr);
        }
    }

#undef SET_LABEL

  cairo_destroy (cr);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (guint j = 0; j < GRID; j++)
    for (guint i = 0; i < GRID; i++)
      {
        guint32 pixel;

        memcpy (&pixel, data + j * stride + i * 4, sizeof pixel);
        geom->labels[j * GRID + i] = (gint8) ((int) ((pixel >> 16) & 0xff) - 2);
      }
  cairo_surface_destroy (surface);
}

/* The fields: every free square goes to the field of the nearest half-side it can reach
 * without crossing a road or city. */
static void
flood_fields (TileGeom *geom)
{
  const TesseraTileType *type = geom->type;
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
          if (geom->labels[p] == LABEL_FREE)
            {
              geom->labels[p] = (gint8) field;
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
          if (geom->labels[nj * GRID + ni] != LABEL_FREE)
            continue;
          geom->labels[nj * GRID + ni] = geom->labels[p];
          queue[tail++] = nj * GRID + ni;
        }
    }

  for (guint i = 0; i < type->n_segments; i++)
    if (type->segments[i].kind == TESSERA_FEATURE_FIELD && type->segments[i].halves == 0)
      inner = (int) i;
  for (guint p = 0; p < GRID * GRID; p++)
    if (geom->labels[p] == LABEL_FREE)
      geom->labels[p] = (gint8) inner;
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
place_symbols (TileGeom *geom)
{
  static const double spots[8][2] = {
    { 0.86, 0.14 }, { 0.14, 0.14 }, { 0.86, 0.86 }, { 0.14, 0.86 },
    { 0.5, 0.12 }, { 0.88, 0.5 }, { 0.5, 0.88 }, { 0.12, 0.5 },
  };
  const TesseraTileType *type = geom->type;
  double used_x[TESSERA_MAX_SEGMENTS + 4], used_y[TESSERA_MAX_SEGMENTS + 4];
  guint n_used = 0;

  for (guint i = 0; i < type->n_segments; i++)
    {
      used_x[n_used] = geom->point_x[i];
      used_y[n_used++] = geom->point_y[i];
    }
  if (type->tower)
    {
      used_x[n_used] = geom->tower_x;
      used_y[n_used++] = geom->tower_y;
    }
  if (type->crop != TESSERA_CROP_NONE)
    {
      used_x[n_used] = geom->crop_x;
      used_y[n_used++] = geom->crop_y;
    }

  for (guint round = 0; round < 2; round++)
    {
      double best = -1, bx = 0.86, by = 0.14;

      for (guint c = 0; c < G_N_ELEMENTS (spots); c++)
        {
          double score = G_MAXDOUBLE;
          int label = label_at (geom->labels, spots[c][0], spots[c][1]);

          for (guint u = 0; u < n_used; u++)
            score = MIN (score, hypot (spots[c][0] - used_x[u], spots[c][1] - used_y[u]));
          for (guint r = 0; r < geom->n_roads; r++)
            for (guint t = 0; t <= 8; t++)
              {
                double rx, ry;

                curve_point (&geom->roads[r].path, t / 8.0, &rx, &ry);
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
          geom->badge_x = bx;
          geom->badge_y = by;
        }
      else
        {
          geom->magic_x = bx;
          geom->magic_y = by;
        }
      used_x[n_used] = bx;
      used_y[n_used++] = by;
    }
}

static void
place_city_details (TileGeom  *geom,
                    CityShape *city,
                    const int *dist)
{
  const TesseraTileType *type = geom->type;
  int s = city->segment;
  double fx = geom->point_x[s], fy = geom->point_y[s];
  double cx, cy;

  centroid (geom->labels, s, &cx, &cy);
  city->pennant_x = fx + 0.14;
  city->pennant_y = fy;
  if (type->segments[s].pennants > 0)
    best_square (geom->labels, dist, s, cx, cy, 0.15, fx, fy, 0.2, &city->pennant_x, &city->pennant_y);

  /* A few roofs scattered over the city, away from the follower and the pennant. */
  city->n_houses = 0;
  for (guint k = 0; k < 40 && city->n_houses < G_N_ELEMENTS (city->house_x); k++)
    {
      double hx = 0.08 + 0.84 * jitter (type->index * 7 + (guint) s, k * 2);
      double hy = 0.08 + 0.84 * jitter (type->index * 7 + (guint) s, k * 2 + 1);
      int i = (int) (hx * GRID), j = (int) (hy * GRID);
      gboolean crowded = FALSE;

      if (geom->labels[j * GRID + i] != s || dist[j * GRID + i] < 0.07 * GRID * 3)
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

static TileGeom *
build_geom (const TesseraTileType *type)
{
  TileGeom *geom = g_new0 (TileGeom, 1);
  gint8 spots[GRID * GRID];
  g_autofree int *dist = g_new (int, GRID * GRID);
  guint counts[TESSERA_MAX_SEGMENTS];
  guint n_crop_roads = 0;
  double crop_dx = 0, crop_dy = 0;

  geom->type = type;
  geom->tower_x = 0.5;
  geom->tower_y = 0.5;
  geom->crop_x = 0.5;
  geom->crop_y = 0.5;
  if (type->board_square)
    find_square (type, &geom->wheel, &geom->square_x, &geom->square_y);

  for (guint i = 0; i < type->n_segments; i++)
    if (type->segments[i].kind == TESSERA_FEATURE_CITY)
      build_city (geom, (int) i, &geom->cities[geom->n_cities++]);

  /* Where roads end inside the tile decides where the crop circle and the tower stand. */
  for (guint i = 0; i < type->n_segments; i++)
    {
      const TesseraSegment *seg = &type->segments[i];
      RoadEnd end;
      guint side;

      if (seg->kind != TESSERA_FEATURE_ROAD || seg->n_sides != 1)
        continue;
      end = parse_end (seg->ends);
      side = first_side (seg->sides);
      if (end == END_CROSSROADS)
        geom->crossing = TRUE;
      else if (end == END_TOWER)
        geom->tower_fixed = TRUE;
      else if (end == END_CROP)
        {
          crop_dx -= side_in[side][0];
          crop_dy -= side_in[side][1];
          n_crop_roads++;
        }
    }
  if (n_crop_roads >= 2 && hypot (crop_dx, crop_dy) > 0.5)
    {
      geom->crop_x += 0.12 * crop_dx / hypot (crop_dx, crop_dy);
      geom->crop_y += 0.12 * crop_dy / hypot (crop_dx, crop_dy);
    }
  if (type->crop == TESSERA_CROP_CITY && geom->n_cities == 2)
    {
      double angle;

      /* Two cities: a crop strip runs between their gates. */
      for (guint c = 0; c < 2; c++)
        {
          guint side = first_side (geom->cities[c].sides);
          TileGeom probe = *geom;

          probe.n_cities = 1;
          probe.cities[0] = geom->cities[c];
          city_gate (&probe, (side + 2) % 4, &geom->strip[2 * c], &geom->strip[2 * c + 1], &angle);
        }
      geom->crop_strip = TRUE;
    }

  for (guint i = 0; i < type->n_segments; i++)
    if (type->segments[i].kind == TESSERA_FEATURE_ROAD)
      build_road (geom, (int) i, &geom->roads[geom->n_roads++]);

  /* A foundation no road leads to stands in the middle if the middle is free, else on the
   * deepest free ground. */
  rasterize (geom, FALSE);
  if (type->tower && !geom->tower_fixed)
    {
      int centre = label_at (geom->labels, 0.5, 0.5);

      if (centre != LABEL_FREE || type->cloister)
        {
          double tx = 0.5, ty = 0.5;

          distance_map (geom->labels, dist);
          if (!best_square (geom->labels, dist, LABEL_FREE, 0.5, 0.5, 0.1, 0.5, 0.5,
                            type->cloister ? 0.3 : 0, &tx, &ty))
            for (guint c = 0; c < geom->n_cities; c++)
              best_square (geom->labels, dist, geom->cities[c].segment, 0.5, 0.5, 0.1, 0, 0, 0, &tx, &ty);
          geom->tower_x = tx;
          geom->tower_y = ty;
        }
    }

  flood_fields (geom);

  /* Every segment must have somewhere to stand, however thin the layout made it. */
  count_labels (geom->labels, counts);
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

              geom->labels[pj * GRID + pi] = (gint8) i;
            }
      }

  /* Spots keep off the tower and the village; a segment they would cover whole keeps them. */
  {
    TileGeom covered = *geom;
    guint spot_counts[TESSERA_MAX_SEGMENTS];

    rasterize (&covered, TRUE);
    memcpy (spots, geom->labels, sizeof spots);
    for (guint p = 0; p < GRID * GRID; p++)
      if (covered.labels[p] == LABEL_NONE)
        spots[p] = LABEL_NONE;
    count_labels (spots, spot_counts);
    for (guint p = 0; p < GRID * GRID; p++)
      if (spots[p] == LABEL_NONE && geom->labels[p] >= 0 && spot_counts[geom->labels[p]] == 0)
        spots[p] = geom->labels[p];
  }

  distance_map (spots, dist);
  for (guint i = 0; i < type->n_segments; i++)
    {
      const TesseraSegment *seg = &type->segments[i];
      double ax = 0.5, ay = 0.5, pull = 0.3;

      if (seg->kind == TESSERA_FEATURE_ROAD)
        {
          for (guint r = 0; r < geom->n_roads; r++)
            if (geom->roads[r].segment == (int) i)
              curve_point (&geom->roads[r].path, seg->n_sides >= 2 ? 0.5 : 0.45, &ax, &ay);
          pull = 1.0;
        }
      else if (seg->kind == TESSERA_FEATURE_CLOISTER)
        {
          ay = 0.52;
          pull = 1.0;
        }
      else
        centroid (spots, (int) i, &ax, &ay);

      geom->point_x[i] = ax;
      geom->point_y[i] = ay;
      best_square (spots, dist, (int) i, ax, ay, pull, 0, 0, 0, &geom->point_x[i], &geom->point_y[i]);
    }

  for (guint c = 0; c < geom->n_cities; c++)
    place_city_details (geom, &geom->cities[c], dist);
  place_symbols (geom);

  return geom;
}

static void
geom_free (gpointer data)
{
  TileGeom *geom = data;

  for (guint i = 0; i < TESSERA_MAX_SEGMENTS; i++)
    g_clear_pointer (&geom->masks[i], cairo_surface_destroy);
  g_free (geom);
}

static TileGeom *
get_geom (const TesseraTileType *type)
{
  TileGeom *geom;

  if (geoms == NULL)
    geoms = g_hash_table_new_full (NULL, NULL, NULL, geom_free);
  geom = g_hash_table_lookup (geoms, type);
  if (geom == NULL)
    {
      geom = build_geom (type);
      g_hash_table_insert (geoms, (gpointer) type, geom);
    }
  return geom;
}

/* Painting helpers */

static void
set_rgb (cairo_t *cr,
         guint32  rgb)
{
  cairo_set_source_rgb (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                        (rgb & 0xff) / 255.0);
}

static void
set_rgba (cairo_t *cr,
          guint32  rgb,
          double   alpha)
{
  cairo_set_source_rgba (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                         (rgb & 0xff) / 255.0, alpha);
}

/* Text at (@x, @y) in user space, @height high, drawn in device space so that it is hinted and
 * shaped properly at any scale; @angle is relative to the device, so 0 is upright on screen. */
static void
draw_text (cairo_t    *cr,
           const char *text,
           double      x,
           double      y,
           double      height,
           double      angle,
           gboolean    bold,
           guint32     rgb,
           double      halo)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *desc;
  PangoRectangle ink, logical;
  double dx = height, dy = 0, scale;

  cairo_save (cr);
  cairo_user_to_device (cr, &x, &y);
  cairo_user_to_device_distance (cr, &dx, &dy);
  scale = hypot (dx, dy);
  cairo_identity_matrix (cr);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, angle);

  layout = pango_cairo_create_layout (cr);
  desc = pango_font_description_from_string ("Sans");
  pango_font_description_set_absolute_size (desc, MAX (scale, 1) * PANGO_SCALE * 0.8);
  pango_font_description_set_weight (desc, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_SEMIBOLD);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  cairo_move_to (cr, -ink.x - ink.width / 2.0, -ink.y - ink.height / 2.0);
  if (halo > 0)
    {
      pango_cairo_layout_path (cr, layout);
      cairo_set_line_width (cr, halo * scale);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      set_rgba (cr, 0xfff8e8, 0.85);
      cairo_stroke (cr);
      cairo_move_to (cr, -ink.x - ink.width / 2.0, -ink.y - ink.height / 2.0);
    }
  set_rgb (cr, rgb);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

static double
device_angle (cairo_t *cr)
{
  double dx = 1, dy = 0;

  cairo_user_to_device_distance (cr, &dx, &dy);
  return atan2 (dy, dx);
}

/* Moves the origin to (@x, @y) and turns user space upright on screen, whatever the tile's
 * rotation: buildings and emblems read better standing up. */
static void
upright_at (cairo_t *cr,
            double   x,
            double   y)
{
  double dx = 1, dy = 0;

  cairo_translate (cr, x, y);
  cairo_user_to_device_distance (cr, &dx, &dy);
  cairo_rotate (cr, -atan2 (dy, dx));
}

static void
draw_house (cairo_t *cr,
            double   x,
            double   y,
            double   size,
            guint32  roof)
{
  double w = size, h = size * 0.7;

  cairo_save (cr);
  upright_at (cr, x, y);
  x = 0;
  y = 0;

  /* Shadow, walls, roof. */
  set_rgba (cr, 0x000000, 0.18);
  cairo_rectangle (cr, x - w / 2 + size * 0.08, y - h / 2 + size * 0.1, w, h);
  cairo_fill (cr);
  set_rgb (cr, 0xf1e6cf);
  cairo_rectangle (cr, x - w / 2, y - h / 2 + h * 0.35, w, h * 0.65);
  cairo_fill_preserve (cr);
  set_rgb (cr, 0x6b5a48);
  cairo_set_line_width (cr, size * 0.08);
  cairo_stroke (cr);
  cairo_move_to (cr, x - w / 2 - size * 0.1, y - h / 2 + h * 0.4);
  cairo_line_to (cr, x, y - h / 2 - size * 0.25);
  cairo_line_to (cr, x + w / 2 + size * 0.1, y - h / 2 + h * 0.4);
  cairo_close_path (cr);
  set_rgb (cr, roof);
  cairo_fill_preserve (cr);
  set_rgb (cr, 0x5a3628);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_shield_shape (cairo_t *cr,
                   double   x,
                   double   y,
                   double   size)
{
  double w = size * 0.8;

  cairo_move_to (cr, x - w / 2, y - size / 2);
  cairo_line_to (cr, x + w / 2, y - size / 2);
  cairo_curve_to (cr, x + w / 2, y + size * 0.1, x + w * 0.3, y + size * 0.35, x, y + size / 2);
  cairo_curve_to (cr, x - w * 0.3, y + size * 0.35, x - w / 2, y + size * 0.1, x - w / 2, y - size / 2);
  cairo_close_path (cr);
}

static void
draw_pennant (cairo_t *cr,
              double   x,
              double   y,
              double   size)
{
  cairo_save (cr);
  upright_at (cr, x, y);
  x = 0;
  y = 0;
  set_rgba (cr, 0x000000, 0.25);
  draw_shield_shape (cr, x + size * 0.06, y + size * 0.08, size);
  cairo_fill (cr);
  draw_shield_shape (cr, x, y, size);
  set_rgb (cr, 0xf6f3ea);
  cairo_fill_preserve (cr);
  cairo_clip_preserve (cr);
  /* Blue field with a white chevron. */
  cairo_new_path (cr);
  set_rgb (cr, 0x2d5aa8);
  cairo_rectangle (cr, x - size, y - size, size, size * 2);
  cairo_fill (cr);
  cairo_move_to (cr, x - size, y + size * 0.25);
  cairo_line_to (cr, x, y - size * 0.1);
  cairo_line_to (cr, x + size, y + size * 0.25);
  cairo_set_line_width (cr, size * 0.16);
  set_rgb (cr, 0xd8b23a);
  cairo_stroke (cr);
  cairo_reset_clip (cr);
  draw_shield_shape (cr, x, y, size);
  cairo_set_line_width (cr, size * 0.09);
  set_rgb (cr, 0x1f2a44);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_star (cairo_t *cr,
           double   x,
           double   y,
           double   r)
{
  for (guint i = 0; i < 10; i++)
    {
      double a = -G_PI / 2 + i * G_PI / 5;
      double rr = (i % 2) ? r * 0.45 : r;

      if (i == 0)
        cairo_move_to (cr, x + rr * cos (a), y + rr * sin (a));
      else
        cairo_line_to (cr, x + rr * cos (a), y + rr * sin (a));
    }
  cairo_close_path (cr);
}

static void
draw_crop_glyph (cairo_t         *cr,
                 TesseraCropKind  kind,
                 double           x,
                 double           y,
                 double           s)
{
  cairo_save (cr);
  upright_at (cr, x, y);
  x = 0;
  y = 0;
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, s * 0.14);
  set_rgb (cr, 0x6a4a1e);
  switch (kind)
    {
    case TESSERA_CROP_CITY:
      /* a shield */
      draw_shield_shape (cr, x, y, s);
      cairo_stroke (cr);
      break;

    case TESSERA_CROP_ROAD:
      /* a club */
      cairo_move_to (cr, x - s * 0.35, y + s * 0.45);
      cairo_line_to (cr, x + s * 0.05, y - s * 0.05);
      cairo_stroke (cr);
      cairo_arc (cr, x + s * 0.18, y - s * 0.2, s * 0.24, 0, 2 * G_PI);
      cairo_fill (cr);
      break;

    case TESSERA_CROP_FIELD:
      /* a pitchfork */
      cairo_move_to (cr, x, y + s * 0.5);
      cairo_line_to (cr, x, y - s * 0.1);
      cairo_move_to (cr, x - s * 0.28, y - s * 0.5);
      cairo_line_to (cr, x - s * 0.28, y - s * 0.1);
      cairo_line_to (cr, x + s * 0.28, y - s * 0.1);
      cairo_line_to (cr, x + s * 0.28, y - s * 0.5);
      cairo_move_to (cr, x, y - s * 0.5);
      cairo_line_to (cr, x, y - s * 0.1);
      cairo_stroke (cr);
      break;

    case TESSERA_CROP_NONE:
    default:
      break;
    }
  cairo_restore (cr);
}

static void
draw_wheel_badge (cairo_t *cr,
                  double   x,
                  double   y,
                  double   r,
                  guint    number)
{
  char text[8];

  cairo_save (cr);
  set_rgba (cr, 0x000000, 0.3);
  cairo_arc (cr, x + r * 0.12, y + r * 0.16, r, 0, 2 * G_PI);
  cairo_fill (cr);
  /* A gold wheel: rim with teeth, spokes, and the number over the hub. */
  for (guint i = 0; i < 12; i++)
    {
      double a = i * G_PI / 6;

      cairo_arc (cr, x + cos (a) * r * 0.92, y + sin (a) * r * 0.92, r * 0.16, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
    }
  set_rgb (cr, 0x9a6b12);
  cairo_fill (cr);
  cairo_arc (cr, x, y, r * 0.9, 0, 2 * G_PI);
  set_rgb (cr, 0xe7b93a);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, r * 0.12);
  set_rgb (cr, 0x8a5d0c);
  cairo_stroke (cr);
  cairo_set_line_width (cr, r * 0.07);
  for (guint i = 0; i < 6; i++)
    {
      double a = i * G_PI / 3 + G_PI / 6;

      cairo_move_to (cr, x + cos (a) * r * 0.45, y + sin (a) * r * 0.45);
      cairo_line_to (cr, x + cos (a) * r * 0.85, y + sin (a) * r * 0.85);
    }
  set_rgba (cr, 0x8a5d0c, 0.7);
  cairo_stroke (cr);
  cairo_arc (cr, x, y, r * 0.55, 0, 2 * G_PI);
  set_rgb (cr, 0xfbe7a6);
  cairo_fill (cr);
  g_snprintf (text, sizeof text, "%u", number);
  draw_text (cr, text, x, y, r * 1.1, 0, TRUE, 0x4a3000, 0);
  cairo_restore (cr);
}

static void
draw_tower_foundation (cairo_t *cr,
                       double   x,
                       double   y)
{
  double r = TOWER_RADIUS;

  set_rgba (cr, 0x000000, 0.25);
  cairo_arc (cr, x + 0.012, y + 0.018, r, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  {
    cairo_pattern_t *pattern = cairo_pattern_create_radial (x - r * 0.3, y - r * 0.3, r * 0.1, x, y, r);

    cairo_pattern_add_color_stop_rgb (pattern, 0, 0.80, 0.80, 0.78);
    cairo_pattern_add_color_stop_rgb (pattern, 1, 0.56, 0.56, 0.55);
    cairo_set_source (cr, pattern);
    cairo_fill_preserve (cr);
    cairo_pattern_destroy (pattern);
  }
  cairo_set_line_width (cr, 0.018);
  set_rgb (cr, 0x4a4a4a);
  cairo_stroke (cr);
  /* Stone joints. */
  cairo_set_line_width (cr, 0.008);
  set_rgba (cr, 0x3a3a3a, 0.6);
  cairo_arc (cr, x, y, r * 0.55, 0, 2 * G_PI);
  cairo_stroke (cr);
  for (guint i = 0; i < 6; i++)
    {
      double a = i * G_PI / 3 + 0.3;

      cairo_move_to (cr, x + cos (a) * r * 0.55, y + sin (a) * r * 0.55);
      cairo_line_to (cr, x + cos (a) * r, y + sin (a) * r);
    }
  cairo_stroke (cr);
}

static void
draw_cloister (cairo_t *cr)
{
  cairo_save (cr);
  upright_at (cr, 0.5, 0.5);
  cairo_translate (cr, -0.5, -0.5);

  /* Shadow, then the church: nave with a red roof and a small bell tower. */
  set_rgba (cr, 0x000000, 0.22);
  cairo_rectangle (cr, 0.37, 0.40, 0.30, 0.30);
  cairo_fill (cr);

  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, 0.014);
  cairo_rectangle (cr, 0.36, 0.44, 0.28, 0.22);
  set_rgb (cr, 0xf3ead6);
  cairo_fill_preserve (cr);
  set_rgb (cr, 0x5d4a3a);
  cairo_stroke (cr);
  cairo_move_to (cr, 0.33, 0.46);
  cairo_line_to (cr, 0.44, 0.34);
  cairo_line_to (cr, 0.67, 0.34);
  cairo_line_to (cr, 0.67, 0.46);
  cairo_close_path (cr);
  set_rgb (cr, 0xb8432f);
  cairo_fill_preserve (cr);
  set_rgb (cr, 0x5d2a1e);
  cairo_stroke (cr);
  /* bell tower */
  cairo_rectangle (cr, 0.40, 0.30, 0.09, 0.20);
  set_rgb (cr, 0xf3ead6);
  cairo_fill_preserve (cr);
  set_rgb (cr, 0x5d4a3a);
  cairo_stroke (cr);
  cairo_move_to (cr, 0.385, 0.31);
  cairo_line_to (cr, 0.445, 0.24);
  cairo_line_to (cr, 0.505, 0.31);
  cairo_close_path (cr);
  set_rgb (cr, 0xb8432f);
  cairo_fill_preserve (cr);
  set_rgb (cr, 0x5d2a1e);
  cairo_stroke (cr);
  /* door and window */
  set_rgb (cr, 0x5d3a24);
  cairo_move_to (cr, 0.545, 0.66);
  cairo_line_to (cr, 0.545, 0.58);
  cairo_arc (cr, 0.57, 0.58, 0.025, G_PI, 0);
  cairo_line_to (cr, 0.595, 0.66);
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_arc (cr, 0.445, 0.36, 0.015, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
draw_fields (cairo_t        *cr,
             const TileGeom *geom)
{
  cairo_pattern_t *pattern = cairo_pattern_create_linear (0, 0, 1, 1);

  cairo_pattern_add_color_stop_rgb (pattern, 0, 0.53, 0.71, 0.33);
  cairo_pattern_add_color_stop_rgb (pattern, 0.5, 0.47, 0.66, 0.29);
  cairo_pattern_add_color_stop_rgb (pattern, 1, 0.42, 0.61, 0.26);
  cairo_set_source (cr, pattern);
  cairo_rectangle (cr, 0, 0, 1, 1);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);

  /* Lighter and darker patches, then tufts of grass. */
  for (guint k = 0; k < 5; k++)
    {
      double x = jitter (geom->type->index, 100 + k), y = jitter (geom->type->index, 200 + k);

      set_rgba (cr, k % 2 ? 0x9cc766 : 0x3f6b25, 0.12);
      cairo_save (cr);
      cairo_translate (cr, x, y);
      cairo_scale (cr, 1, 0.6);
      cairo_arc (cr, 0, 0, 0.12 + 0.1 * jitter (geom->type->index, 300 + k), 0, 2 * G_PI);
      cairo_restore (cr);
      cairo_fill (cr);
    }
  cairo_set_line_width (cr, 0.008);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  set_rgba (cr, 0x2f5a1c, 0.45);
  for (guint k = 0; k < 26; k++)
    {
      double x = 0.04 + 0.92 * jitter (geom->type->index, 2 * k);
      double y = 0.04 + 0.92 * jitter (geom->type->index, 2 * k + 1);

      cairo_move_to (cr, x - 0.012, y - 0.018);
      cairo_line_to (cr, x, y);
      cairo_line_to (cr, x + 0.01, y - 0.022);
    }
  cairo_stroke (cr);
}

static void
draw_crop_strip (cairo_t        *cr,
                 const TileGeom *geom)
{
  cairo_set_line_width (cr, 0.15);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  set_rgb (cr, 0xe2cd84);
  cairo_move_to (cr, geom->strip[0], geom->strip[1]);
  cairo_line_to (cr, geom->strip[2], geom->strip[3]);
  cairo_stroke (cr);
}

static void
draw_crop (cairo_t        *cr,
           const TileGeom *geom)
{
  double x = geom->crop_x, y = geom->crop_y;

  cairo_arc (cr, x, y, CROP_RADIUS, 0, 2 * G_PI);
  set_rgb (cr, 0xe2cd84);
  cairo_fill_preserve (cr);
  set_rgb (cr, 0xb39a4c);
  cairo_set_line_width (cr, 0.01);
  cairo_stroke (cr);
  set_rgba (cr, 0xfbf1c8, 0.9);
  cairo_set_line_width (cr, 0.012);
  for (guint i = 1; i <= 3; i++)
    {
      cairo_arc (cr, x, y, CROP_RADIUS * i / 4.0, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
  draw_crop_glyph (cr, geom->type->crop, x, y, 0.1);
}

static void
draw_city (cairo_t         *cr,
           const TileGeom  *geom,
           const CityShape *city)
{
  const TesseraTileType *type = geom->type;
  double fx = geom->point_x[city->segment], fy = geom->point_y[city->segment];
  cairo_pattern_t *pattern;

  /* Shadow of the wall on the field, then the town itself. */
  cairo_save (cr);
  cairo_translate (cr, 0.012, 0.018);
  city_path (cr, city);
  cairo_restore (cr);
  set_rgba (cr, 0x1d2a10, 0.28);
  cairo_fill (cr);

  city_path (cr, city);
  pattern = cairo_pattern_create_radial (fx, fy, 0.02, fx, fy, 0.75);
  cairo_pattern_add_color_stop_rgb (pattern, 0, 0.90, 0.77, 0.55);
  cairo_pattern_add_color_stop_rgb (pattern, 1, 0.76, 0.58, 0.38);
  cairo_set_source (cr, pattern);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);

  /* Shade along the inside of the wall. */
  cairo_save (cr);
  city_path (cr, city);
  cairo_clip (cr);
  set_rgba (cr, 0x6b4a2a, 0.22);
  cairo_set_line_width (cr, 0.09);
  for (guint w = 0; w < city->n_walls; w++)
    {
      const Curve *c = &city->walls[w];

      cairo_move_to (cr, c->x0, c->y0);
      cairo_curve_to (cr, c->x1, c->y1, c->x2, c->y2, c->x3, c->y3);
    }
  cairo_stroke (cr);
  cairo_restore (cr);

  for (guint h = 0; h < city->n_houses; h++)
    draw_house (cr, city->house_x[h], city->house_y[h], 0.085, h % 2 ? 0xa4452e : 0xc0593a);

  /* The wall: a dark base with lighter crenellations along the inner edge. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint w = 0; w < city->n_walls; w++)
    {
      const Curve *c = &city->walls[w];
      double dashes[2] = { 0.022, 0.016 };

      cairo_move_to (cr, c->x0, c->y0);
      cairo_curve_to (cr, c->x1, c->y1, c->x2, c->y2, c->x3, c->y3);
      cairo_set_line_width (cr, 0.05);
      set_rgb (cr, 0x5b4a3c);
      cairo_stroke_preserve (cr);
      cairo_set_line_width (cr, 0.03);
      set_rgb (cr, 0xa79a88);
      cairo_stroke_preserve (cr);
      cairo_set_dash (cr, dashes, 2, 0);
      cairo_set_line_width (cr, 0.03);
      set_rgb (cr, 0xd8cfbf);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  if (type->segments[city->segment].pennants > 0)
    {
      guint n = MIN (type->segments[city->segment].pennants, 3);

      for (guint p = 0; p < n; p++)
        draw_pennant (cr, city->pennant_x + (p - (n - 1) / 2.0) * 0.1, city->pennant_y, 0.11);
    }
}

static void
draw_roads (cairo_t        *cr,
            const TileGeom *geom)
{
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint pass = 0; pass < 3; pass++)
    for (guint r = 0; r < geom->n_roads; r++)
      {
        const RoadShape *road = &geom->roads[r];
        gboolean inner_end = road->end != END_NONE;

        cairo_set_line_cap (cr, inner_end ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
        road_path (cr, road);
        if (pass == 0)
          {
            cairo_set_line_width (cr, ROAD_WIDTH + 0.03);
            set_rgba (cr, 0x1d2a10, 0.25);
            cairo_save (cr);
            cairo_translate (cr, 0.006, 0.01);
            cairo_stroke (cr);
            cairo_restore (cr);
            cairo_new_path (cr);
          }
        else if (pass == 1)
          {
            cairo_set_line_width (cr, ROAD_WIDTH);
            set_rgb (cr, 0x7c6a54);
            cairo_stroke (cr);
          }
        else
          {
            cairo_set_line_width (cr, ROAD_WIDTH - 0.028);
            set_rgb (cr, 0xe9dfc8);
            cairo_stroke_preserve (cr);
            /* Wheel ruts. */
            cairo_set_line_width (cr, 0.004);
            set_rgba (cr, 0x9c8a70, 0.5);
            cairo_stroke (cr);
          }
      }

  for (guint r = 0; r < geom->n_roads; r++)
    {
      const RoadShape *road = &geom->roads[r];

      if (road->end == END_CITY_GATE)
        {
          /* A gate arch where the road enters the wall. */
          double x = road->path.x3, y = road->path.y3;

          cairo_save (cr);
          cairo_translate (cr, x, y);
          cairo_rotate (cr, road->gate_angle - G_PI / 2);
          cairo_rectangle (cr, -0.06, -0.03, 0.12, 0.06);
          set_rgb (cr, 0x9c8f7e);
          cairo_fill_preserve (cr);
          cairo_set_line_width (cr, 0.01);
          set_rgb (cr, 0x4a3b2e);
          cairo_stroke (cr);
          cairo_move_to (cr, -0.032, -0.03);
          cairo_line_to (cr, -0.032, 0.005);
          cairo_arc_negative (cr, 0, 0.005, 0.032, G_PI, 0);
          cairo_line_to (cr, 0.032, -0.03);
          cairo_close_path (cr);
          set_rgb (cr, 0x3a2a1e);
          cairo_fill (cr);
          cairo_restore (cr);
        }
      else if (road->end == END_HOUSE)
        draw_house (cr, road->path.x3, road->path.y3, 0.1, 0xb0482e);
    }

  if (geom->crossing)
    {
      /* A little village square with a house at the crossroads. */
      cairo_arc (cr, 0.5, 0.5, 0.085, 0, 2 * G_PI);
      set_rgb (cr, 0xe9dfc8);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 0.012);
      set_rgb (cr, 0x7c6a54);
      cairo_stroke (cr);
      draw_house (cr, 0.5, 0.505, 0.085, 0xb0482e);
    }
}

static void
draw_geom (cairo_t        *cr,
           const TileGeom *geom,
           guint           wheel,
           gboolean        with_disc)
{
  const TesseraTileType *type = geom->type;

  draw_fields (cr, geom);
  if (geom->crop_strip)
    draw_crop_strip (cr, geom);
  for (guint c = 0; c < geom->n_cities; c++)
    draw_city (cr, geom, &geom->cities[c]);
  draw_roads (cr, geom);
  if (type->crop != TESSERA_CROP_NONE)
    draw_crop (cr, geom);
  if (type->cloister)
    draw_cloister (cr);
  if (type->tower)
    draw_tower_foundation (cr, geom->tower_x, geom->tower_y);
  if (type->magic)
    {
      draw_star (cr, geom->magic_x, geom->magic_y, 0.065);
      set_rgb (cr, 0x8e44c9);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 0.012);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      set_rgb (cr, 0xf4ecff);
      cairo_stroke (cr);
    }
  if (with_disc && geom->wheel != NULL)
    {
      cairo_save (cr);
      cairo_rectangle (cr, 0, 0, 1, 1);
      cairo_clip (cr);
      cairo_translate (cr, -(double) geom->square_x, -(double) geom->square_y);
      tessera_tile_art_draw_wheel_board_disc (cr, geom->wheel);
      cairo_restore (cr);
    }
  if (wheel > 0)
    {
      /* The badge reads upright whatever the rotation. */
      cairo_save (cr);
      cairo_translate (cr, geom->badge_x, geom->badge_y);
      cairo_rotate (cr, -device_angle (cr));
      draw_wheel_badge (cr, 0, 0, 0.1, wheel);
      cairo_restore (cr);
    }

  /* A slight bevel so that neighbouring tiles read as separate pieces. */
  cairo_set_line_width (cr, 0.02);
  cairo_rectangle (cr, 0.01, 0.01, 0.98, 0.98);
  set_rgba (cr, 0xffffff, 0.12);
  cairo_stroke (cr);
  cairo_rectangle (cr, 0.0025, 0.0025, 0.995, 0.995);
  cairo_set_line_width (cr, 0.005);
  set_rgba (cr, 0x000000, 0.35);
  cairo_stroke (cr);
}

/* Public API */

/**
 * tessera_tile_art_draw:
 * @cr: where to paint
 * @type: the tile type
 * @wheel: its wheel number, 0 for none
 * @rotation: quarter turns clockwise
 * @size: side of the square in user units
 *
 * Paints a tile from its data, in a square of @size from the origin.
 */
void
tessera_tile_art_draw (cairo_t               *cr,
                       const TesseraTileType *type,
                       guint                  wheel,
                       guint                  rotation,
                       double                 size)
{
  TileGeom *geom;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (type != NULL);

  geom = get_geom (type);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, size, size);
  cairo_clip (cr);
  rotate_context (cr, rotation, size);
  draw_geom (cr, geom, wheel, TRUE);
  cairo_restore (cr);
}

void
tessera_tile_art_draw_segment_highlight (cairo_t               *cr,
                                         const TesseraTileType *type,
                                         guint                  rotation,
                                         guint                  segment,
                                         double                 size,
                                         const GdkRGBA         *rgba)
{
  TileGeom *geom;
  cairo_pattern_t *pattern;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (type != NULL);
  g_return_if_fail (rgba != NULL);

  if (segment >= type->n_segments)
    return;
  geom = get_geom (type);
  if (geom->masks[segment] == NULL)
    {
      cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_A8, GRID, GRID);
      unsigned char *data = cairo_image_surface_get_data (mask);
      int stride = cairo_image_surface_get_stride (mask);

      for (guint j = 0; j < GRID; j++)
        for (guint i = 0; i < GRID; i++)
          data[j * stride + i] = geom->labels[j * GRID + i] == (int) segment ? 0xff : 0;
      cairo_surface_mark_dirty (mask);
      geom->masks[segment] = mask;
    }

  cairo_save (cr);
  rotate_context (cr, rotation, size);
  cairo_scale (cr, 1.0 / GRID, 1.0 / GRID);
  gdk_cairo_set_source_rgba (cr, rgba);
  pattern = cairo_pattern_create_for_surface (geom->masks[segment]);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_GOOD);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_PAD);
  cairo_rectangle (cr, 0, 0, GRID, GRID);
  cairo_clip (cr);
  cairo_mask (cr, pattern);
  cairo_pattern_destroy (pattern);
  cairo_restore (cr);
}

void
tessera_tile_art_get_segment_point (const TesseraTileType *type,
                                    guint                  rotation,
                                    guint                  segment,
                                    double                *x,
                                    double                *y)
{
  TileGeom *geom;

  g_return_if_fail (type != NULL);
  g_return_if_fail (x != NULL && y != NULL);

  *x = 0.5;
  *y = 0.5;
  if (segment >= type->n_segments)
    return;
  geom = get_geom (type);
  *x = geom->point_x[segment];
  *y = geom->point_y[segment];
  rotate_point (rotation, x, y);
}

int
tessera_tile_art_segment_at (const TesseraTileType *type,
                             guint                  rotation,
                             double                 x,
                             double                 y)
{
  int label;

  g_return_val_if_fail (type != NULL, -1);

  if (x < 0 || y < 0 || x >= 1 || y >= 1)
    return -1;
  unrotate_point (rotation, &x, &y);
  label = label_at (get_geom (type)->labels, x, y);
  return label >= 0 && label < type->n_segments ? label : -1;
}

/**
 * tessera_tile_art_get_tower_point:
 *
 * Where the tower foundation of @type is, on the unit square after @rotation.
 */
void
tessera_tile_art_get_tower_point (const TesseraTileType *type,
                                  guint                  rotation,
                                  double                *x,
                                  double                *y)
{
  TileGeom *geom;

  g_return_if_fail (type != NULL);

  geom = get_geom (type);
  *x = geom->tower_x;
  *y = geom->tower_y;
  rotate_point (rotation, x, y);
}

/* Followers and figures */

/* A meeple in a unit box centred on the origin, feet at +0.5. */
static void
meeple_path (cairo_t *cr)
{
  cairo_move_to (cr, 0, 0.16);
  /* right leg */
  cairo_curve_to (cr, 0.04, 0.16, 0.09, 0.34, 0.11, 0.5);
  cairo_line_to (cr, 0.34, 0.5);
  cairo_curve_to (cr, 0.36, 0.46, 0.22, 0.22, 0.19, 0.05);
  /* right arm */
  cairo_curve_to (cr, 0.25, 0.08, 0.36, 0.10, 0.40, 0.05);
  cairo_curve_to (cr, 0.46, -0.02, 0.41, -0.12, 0.33, -0.13);
  cairo_curve_to (cr, 0.25, -0.15, 0.18, -0.19, 0.11, -0.2);
  /* head */
  cairo_curve_to (cr, 0.18, -0.25, 0.19, -0.34, 0.16, -0.39);
  cairo_curve_to (cr, 0.12, -0.48, -0.12, -0.48, -0.16, -0.39);
  cairo_curve_to (cr, -0.19, -0.34, -0.18, -0.25, -0.11, -0.2);
  /* left arm */
  cairo_curve_to (cr, -0.18, -0.19, -0.25, -0.15, -0.33, -0.13);
  cairo_curve_to (cr, -0.41, -0.12, -0.46, -0.02, -0.40, 0.05);
  cairo_curve_to (cr, -0.36, 0.10, -0.25, 0.08, -0.19, 0.05);
  /* left leg */
  cairo_curve_to (cr, -0.22, 0.22, -0.36, 0.46, -0.34, 0.5);
  cairo_line_to (cr, -0.11, 0.5);
  cairo_curve_to (cr, -0.09, 0.34, -0.04, 0.16, 0, 0.16);
  cairo_close_path (cr);
}

/* A monk: a hooded figure in a long robe. */
static void
monk_path (cairo_t *cr)
{
  cairo_move_to (cr, 0, -0.5);
  cairo_curve_to (cr, 0.14, -0.46, 0.2, -0.36, 0.19, -0.24);
  cairo_curve_to (cr, 0.30, -0.18, 0.42, -0.08, 0.44, 0.04);
  cairo_curve_to (cr, 0.45, 0.10, 0.36, 0.12, 0.30, 0.08);
  cairo_curve_to (cr, 0.34, 0.25, 0.38, 0.40, 0.40, 0.5);
  cairo_line_to (cr, -0.40, 0.5);
  cairo_curve_to (cr, -0.38, 0.40, -0.34, 0.25, -0.30, 0.08);
  cairo_curve_to (cr, -0.36, 0.12, -0.45, 0.10, -0.44, 0.04);
  cairo_curve_to (cr, -0.42, -0.08, -0.30, -0.18, -0.19, -0.24);
  cairo_curve_to (cr, -0.2, -0.36, -0.14, -0.46, 0, -0.5);
  cairo_close_path (cr);
}

static void
follower_path (cairo_t            *cr,
               TesseraFeatureKind  role)
{
  if (role == TESSERA_FEATURE_CLOISTER)
    monk_path (cr);
  else
    meeple_path (cr);
}

static double
luminance (const GdkRGBA *rgba)
{
  return 0.2126 * rgba->red + 0.7152 * rgba->green + 0.0722 * rgba->blue;
}

void
tessera_tile_art_draw_follower (cairo_t            *cr,
                                double              x,
                                double              y,
                                double              size,
                                const GdkRGBA      *rgba,
                                TesseraFeatureKind  role)
{
  gboolean dark = luminance (rgba) < 0.2;
  cairo_pattern_t *pattern;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (rgba != NULL);

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, size, size);
  if (role == TESSERA_FEATURE_FIELD)
    {
      /* A farmer lies on his back: the meeple turned, a little shorter. */
      cairo_rotate (cr, -G_PI / 2);
      cairo_scale (cr, 0.92, 1.0);
    }

  /* Soft shadow, outline, body with a light from the top left. */
  cairo_save (cr);
  cairo_translate (cr, role == TESSERA_FEATURE_FIELD ? -0.06 : 0.06, 0.07);
  follower_path (cr, role);
  cairo_restore (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_fill (cr);

  follower_path (cr, role);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  pattern = cairo_pattern_create_linear (-0.4, -0.5, 0.4, 0.5);
  cairo_pattern_add_color_stop_rgb (pattern, 0, MIN (1, rgba->red * 1.15 + 0.08),
                                    MIN (1, rgba->green * 1.15 + 0.08), MIN (1, rgba->blue * 1.15 + 0.08));
  cairo_pattern_add_color_stop_rgb (pattern, 1, rgba->red * 0.8, rgba->green * 0.8, rgba->blue * 0.8);
  cairo_set_source (cr, pattern);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (pattern);
  cairo_set_line_width (cr, 0.07);
  if (dark)
    cairo_set_source_rgb (cr, 0.9, 0.9, 0.88);
  else
    cairo_set_source_rgb (cr, 0.1, 0.09, 0.08);
  cairo_stroke (cr);

  /* What they do: a thief's mask, a knight's sword, a monk's rope belt. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  if (role == TESSERA_FEATURE_ROAD)
    {
      cairo_move_to (cr, -0.15, -0.33);
      cairo_curve_to (cr, -0.05, -0.3, 0.05, -0.3, 0.15, -0.33);
      cairo_set_line_width (cr, 0.08);
      cairo_set_source_rgba (cr, 0.08, 0.08, 0.08, 0.9);
      if (dark)
        cairo_set_source_rgba (cr, 0.85, 0.85, 0.85, 0.9);
      cairo_stroke (cr);
    }
  else if (role == TESSERA_FEATURE_CITY)
    {
      cairo_move_to (cr, 0, -0.08);
      cairo_line_to (cr, 0, 0.2);
      cairo_move_to (cr, -0.07, -0.02);
      cairo_line_to (cr, 0.07, -0.02);
      cairo_set_line_width (cr, 0.05);
      if (dark)
        cairo_set_source_rgba (cr, 0.9, 0.9, 0.9, 0.9);
      else
        cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
      cairo_stroke (cr);
    }
  else if (role == TESSERA_FEATURE_CLOISTER)
    {
      cairo_move_to (cr, -0.25, 0.06);
      cairo_curve_to (cr, -0.1, 0.1, 0.1, 0.1, 0.25, 0.06);
      cairo_move_to (cr, 0.05, 0.09);
      cairo_line_to (cr, 0.08, 0.28);
      cairo_set_line_width (cr, 0.04);
      cairo_set_source_rgba (cr, 0.95, 0.88, 0.62, 0.95);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

void
tessera_tile_art_player_rgba (const char *color,
                              GdkRGBA    *rgba)
{
  static const struct
  {
    const char *name;
    guint32     rgb;
  } colors[] = {
    { "red", 0xd8432f },
    { "blue", 0x2f6fd0 },
    { "green", 0x2e9e4a },
    { "yellow", 0xf2c230 },
    { "black", 0x2b2b30 },
    { "gray", 0x9a9ca3 },
    { "pink", 0xf08cb8 },
    { "purple", 0x8a4fc4 },
  };
  guint32 rgb = 0x9a9ca3;

  g_return_if_fail (rgba != NULL);

  for (guint i = 0; color != NULL && i < G_N_ELEMENTS (colors); i++)
    if (g_str_equal (color, colors[i].name))
      rgb = colors[i].rgb;
  rgba->red = ((rgb >> 16) & 0xff) / 255.0f;
  rgba->green = ((rgb >> 8) & 0xff) / 255.0f;
  rgba->blue = (rgb & 0xff) / 255.0f;
  rgba->alpha = 1;
}

/* The wheel board */

static const struct
{
  const char *name;
  const char *label;
  guint32     rgb;
} wheel_segments[] = {
  { "fortuna", N_("Fortuna"), 0xf3d36b },
  { "taxes", N_("Taxes"), 0xe8b872 },
  { "famine", N_("Famine"), 0xd9cf8e },
  { "storm", N_("Storm"), 0xa9bfd8 },
  { "inquisition", N_("Inquisition"), 0xd99a8a },
  { "plague", N_("Plague"), 0xb5c98e },
};

/**
 * tessera_tile_art_wheel_segment_label:
 *
 * The name of a wheel segment for people ("Taxes"), translated.
 */
const char *
tessera_tile_art_wheel_segment_label (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (wheel_segments); i++)
    if (g_str_equal (name, wheel_segments[i].name))
      return _(wheel_segments[i].label);
  return name;
}

static guint32
wheel_segment_rgb (const char *name,
                   guint       index)
{
  for (guint i = 0; i < G_N_ELEMENTS (wheel_segments); i++)
    if (g_str_equal (name, wheel_segments[i].name))
      return wheel_segments[i].rgb;
  return index % 2 ? 0xe8d9b0 : 0xf2e6c4;
}

static void
wheel_segment_angles (const TesseraWheelBoard *wheel,
                      guint                    segment,
                      double                  *start,
                      double                  *end)
{
  double step = 2 * G_PI / MAX (wheel->n_segments, 1);

  *start = -G_PI / 2 - step / 2 + segment * step;
  *end = *start + step;
}

/* A small icon of what each segment does. */
static void
draw_segment_icon (cairo_t    *cr,
                   const char *name,
                   double      x,
                   double      y,
                   double      s)
{
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, s, s);
  cairo_set_line_width (cr, 0.1);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (g_str_equal (name, "fortuna"))
    {
      for (guint i = 0; i < 8; i++)
        {
          double a = i * G_PI / 4;

          cairo_move_to (cr, cos (a) * 0.3, sin (a) * 0.3);
          cairo_line_to (cr, cos (a) * 0.48, sin (a) * 0.48);
        }
      set_rgb (cr, 0xb7791f);
      cairo_stroke (cr);
      cairo_arc (cr, 0, 0, 0.24, 0, 2 * G_PI);
      set_rgb (cr, 0xe9a72c);
      cairo_fill_preserve (cr);
      set_rgb (cr, 0xb7791f);
      cairo_stroke (cr);
    }
  else if (g_str_equal (name, "taxes"))
    {
      for (guint i = 0; i < 3; i++)
        {
          cairo_save (cr);
          cairo_translate (cr, (i - 1.0) * 0.12, 0.25 - i * 0.2);
          cairo_scale (cr, 1, 0.45);
          cairo_arc (cr, 0, 0, 0.32, 0, 2 * G_PI);
          cairo_restore (cr);
          set_rgb (cr, 0xe3b23c);
          cairo_fill_preserve (cr);
          set_rgb (cr, 0x8a5d0c);
          cairo_stroke (cr);
        }
    }
  else if (g_str_equal (name, "famine"))
    {
      cairo_move_to (cr, 0, 0.5);
      cairo_line_to (cr, 0, -0.45);
      set_rgb (cr, 0x8a6a2a);
      cairo_stroke (cr);
      for (guint i = 0; i < 4; i++)
        for (int side = -1; side <= 1; side += 2)
          {
            cairo_save (cr);
            cairo_translate (cr, side * 0.1, -0.35 + i * 0.18);
            cairo_rotate (cr, side * 0.6);
            cairo_scale (cr, 0.5, 1);
            cairo_arc (cr, 0, 0, 0.12, 0, 2 * G_PI);
            cairo_restore (cr);
          }
      set_rgb (cr, 0xc9a24a);
      cairo_fill (cr);
    }
  else if (g_str_equal (name, "storm"))
    {
      cairo_arc (cr, -0.15, -0.12, 0.2, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0.12, -0.18, 0.24, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0.3, -0.02, 0.16, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_rectangle (cr, -0.35, -0.08, 0.8, 0.14);
      set_rgb (cr, 0x5b6b80);
      cairo_fill (cr);
      cairo_move_to (cr, 0.05, 0.06);
      cairo_line_to (cr, -0.08, 0.28);
      cairo_line_to (cr, 0.06, 0.26);
      cairo_line_to (cr, -0.04, 0.5);
      set_rgb (cr, 0xf2c230);
      cairo_stroke (cr);
    }
  else if (g_str_equal (name, "inquisition"))
    {
      /* a flame */
      cairo_move_to (cr, 0, -0.5);
      cairo_curve_to (cr, 0.15, -0.25, 0.38, -0.05, 0.3, 0.22);
      cairo_curve_to (cr, 0.24, 0.42, 0.1, 0.5, 0, 0.5);
      cairo_curve_to (cr, -0.1, 0.5, -0.3, 0.42, -0.3, 0.2);
      cairo_curve_to (cr, -0.3, 0.0, -0.12, -0.1, -0.08, -0.22);
      cairo_close_path (cr);
      set_rgb (cr, 0xd4552c);
      cairo_fill (cr);
      cairo_move_to (cr, 0, 0.0);
      cairo_curve_to (cr, 0.1, 0.12, 0.16, 0.25, 0.1, 0.4);
      cairo_curve_to (cr, 0.02, 0.48, -0.14, 0.44, -0.12, 0.3);
      cairo_close_path (cr);
      set_rgb (cr, 0xf2c230);
      cairo_fill (cr);
    }
  else if (g_str_equal (name, "plague"))
    {
      /* a skull */
      cairo_arc (cr, 0, -0.1, 0.34, 0, 2 * G_PI);
      cairo_rectangle (cr, -0.18, 0.1, 0.36, 0.3);
      set_rgb (cr, 0xf3eee2);
      cairo_fill (cr);
      set_rgb (cr, 0x3c3a36);
      cairo_arc (cr, -0.13, -0.08, 0.09, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_arc (cr, 0.13, -0.08, 0.09, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_set_line_width (cr, 0.05);
      for (int i = -1; i <= 1; i++)
        {
          cairo_move_to (cr, i * 0.09, 0.25);
          cairo_line_to (cr, i * 0.09, 0.4);
        }
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

/**
 * tessera_tile_art_get_crown_point:
 *
 * Where crown space @space of wheel segment @segment is printed, in cells from the board's
 * north-west corner.
 */
void
tessera_tile_art_get_crown_point (const TesseraWheelBoard *wheel,
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
 * tessera_tile_art_get_wheel_segment_point:
 *
 * Where the pig stands on wheel segment @segment, in cells from the board's north-west corner.
 */
void
tessera_tile_art_get_wheel_segment_point (const TesseraWheelBoard *wheel,
                                          guint                    segment,
                                          double                  *x,
                                          double                  *y)
{
  double start, end, cx, cy;

  g_return_if_fail (wheel != NULL);

  wheel_centre (wheel, &cx, &cy);
  wheel_segment_angles (wheel, segment, &start, &end);
  *x = cx + cos ((start + end) / 2) * 0.66;
  *y = cy + sin ((start + end) / 2) * 0.66;
}

void
tessera_tile_art_draw_crown_space (cairo_t *cr,
                                   double   x,
                                   double   y,
                                   double   r)
{
  cairo_save (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  set_rgb (cr, 0x7a1f2b);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, r * 0.14);
  set_rgb (cr, 0xe9b949);
  cairo_stroke (cr);
  /* a crown */
  cairo_move_to (cr, x - r * 0.55, y + r * 0.35);
  cairo_line_to (cr, x - r * 0.6, y - r * 0.3);
  cairo_line_to (cr, x - r * 0.28, y);
  cairo_line_to (cr, x, y - r * 0.45);
  cairo_line_to (cr, x + r * 0.28, y);
  cairo_line_to (cr, x + r * 0.6, y - r * 0.3);
  cairo_line_to (cr, x + r * 0.55, y + r * 0.35);
  cairo_close_path (cr);
  set_rgb (cr, 0xf2c94c);
  cairo_fill (cr);
  cairo_restore (cr);
}

/**
 * tessera_tile_art_draw_wheel_board_disc:
 *
 * Paints the wheel itself (segments, names, icons, crown spaces) over a board whose cells
 * are 1 unit wide, from the board's north-west corner.
 */
void
tessera_tile_art_draw_wheel_board_disc (cairo_t                 *cr,
                                        const TesseraWheelBoard *wheel)
{
  double cx, cy, r = WHEEL_RADIUS;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (wheel != NULL);

  wheel_centre (wheel, &cx, &cy);
  cairo_save (cr);

  /* Shadow and wooden rim. */
  cairo_arc (cr, cx + 0.03, cy + 0.05, r + WHEEL_RIM, 0, 2 * G_PI);
  set_rgba (cr, 0x000000, 0.3);
  cairo_fill (cr);
  cairo_arc (cr, cx, cy, r + WHEEL_RIM, 0, 2 * G_PI);
  set_rgb (cr, 0x7b4f2c);
  cairo_fill (cr);
  cairo_arc (cr, cx, cy, r + WHEEL_RIM * 0.5, 0, 2 * G_PI);
  cairo_set_line_width (cr, 0.02);
  set_rgb (cr, 0xa8754a);
  cairo_stroke (cr);

  for (guint s = 0; s < wheel->n_segments; s++)
    {
      const char *name = wheel->segments[s].name;
      double start, end, mid, tx, ty, angle;
      cairo_pattern_t *pattern;
      guint32 rgb = wheel_segment_rgb (name, s);

      wheel_segment_angles (wheel, s, &start, &end);
      mid = (start + end) / 2;
      cairo_move_to (cr, cx, cy);
      cairo_arc (cr, cx, cy, r, start, end);
      cairo_close_path (cr);
      pattern = cairo_pattern_create_radial (cx, cy, 0.2, cx, cy, r);
      cairo_pattern_add_color_stop_rgb (pattern, 0, 0.99, 0.96, 0.88);
      cairo_pattern_add_color_stop_rgb (pattern, 1, ((rgb >> 16) & 0xff) / 255.0,
                                        ((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0);
      cairo_set_source (cr, pattern);
      cairo_fill (cr);
      cairo_pattern_destroy (pattern);

      draw_segment_icon (cr, name, cx + cos (mid) * 0.66, cy + sin (mid) * 0.66, 0.28);

      /* The name along the rim, reading from left to right on either half of the wheel. */
      tx = cx + cos (mid) * 1.05;
      ty = cy + sin (mid) * 1.05;
      angle = mid + G_PI / 2;
      if (sin (mid) > 0.01)
        angle -= G_PI;
      cairo_save (cr);
      cairo_translate (cr, tx, ty);
      cairo_rotate (cr, angle);
      draw_text (cr, tessera_tile_art_wheel_segment_label (name), 0, 0, 0.19,
                 device_angle (cr), TRUE, 0x4a2e14, 0);
      cairo_restore (cr);
    }

  /* Spokes between the segments and the hub. */
  cairo_set_line_width (cr, 0.035);
  set_rgb (cr, 0x7b4f2c);
  for (guint s = 0; s < wheel->n_segments; s++)
    {
      double start, end;

      wheel_segment_angles (wheel, s, &start, &end);
      cairo_move_to (cr, cx + cos (start) * 0.2, cy + sin (start) * 0.2);
      cairo_line_to (cr, cx + cos (start) * r, cy + sin (start) * r);
    }
  cairo_stroke (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  cairo_set_line_width (cr, 0.03);
  cairo_stroke (cr);
  cairo_arc (cr, cx, cy, 0.26, 0, 2 * G_PI);
  set_rgb (cr, 0xd9a43a);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 0.03);
  set_rgb (cr, 0x7b4f2c);
  cairo_stroke (cr);
  cairo_arc (cr, cx, cy, 0.08, 0, 2 * G_PI);
  cairo_fill (cr);

  for (guint s = 0; s < wheel->n_segments; s++)
    for (guint c = 0; c < wheel->segments[s].n_crowns; c++)
      {
        double x, y;

        tessera_tile_art_get_crown_point (wheel, s, c, &x, &y);
        tessera_tile_art_draw_crown_space (cr, x, y, CROWN_RADIUS);
      }
  cairo_restore (cr);
}

/**
 * tessera_tile_art_draw_wheel_board:
 *
 * Paints the whole wheel board, its land squares and the wheel, with cells of @cell_size from
 * the origin.
 */
void
tessera_tile_art_draw_wheel_board (cairo_t                 *cr,
                                   const TesseraWheelBoard *wheel,
                                   double                   cell_size)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (wheel != NULL);

  cairo_save (cr);
  cairo_scale (cr, cell_size, cell_size);
  for (guint i = 0; i < wheel->width * wheel->height; i++)
    {
      cairo_save (cr);
      cairo_translate (cr, i % wheel->width, i / wheel->width);
      cairo_rectangle (cr, 0, 0, 1, 1);
      cairo_clip (cr);
      draw_geom (cr, get_geom (wheel->squares[i]), 0, FALSE);
      cairo_restore (cr);
    }
  tessera_tile_art_draw_wheel_board_disc (cr, wheel);
  cairo_restore (cr);
}

void
tessera_tile_art_draw_pig (cairo_t *cr,
                           double   x,
                           double   y,
                           double   size)
{
  g_return_if_fail (cr != NULL);

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, size, size);
  cairo_set_line_width (cr, 0.05);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  /* shadow */
  cairo_save (cr);
  cairo_translate (cr, 0.05, 0.3);
  cairo_scale (cr, 1, 0.25);
  cairo_arc (cr, 0, 0, 0.45, 0, 2 * G_PI);
  cairo_restore (cr);
  set_rgba (cr, 0x000000, 0.3);
  cairo_fill (cr);

  /* legs, body, head, ear, snout, tail */
  for (int i = -1; i <= 1; i += 2)
    {
      cairo_rectangle (cr, i * 0.22 - 0.06, 0.05, 0.12, 0.27);
      cairo_rectangle (cr, i * 0.22 - 0.06 + 0.05, 0.05, 0.1, 0.24);
    }
  set_rgb (cr, 0xd9748f);
  cairo_fill_preserve (cr);
  set_rgb (cr, 0x6e2a3c);
  cairo_stroke (cr);
  cairo_save (cr);
  cairo_scale (cr, 1, 0.72);
  cairo_arc (cr, -0.02, -0.02, 0.38, 0, 2 * G_PI);
  cairo_restore (cr);
  set_rgb (cr, 0xf2a2b8);
  cairo_fill_preserve (cr);
  set_rgb (cr, 0x6e2a3c);
  cairo_stroke (cr);
  cairo_arc (cr, 0.36, -0.1, 0.16, 0, 2 * G_PI);
  set_rgb (cr, 0xf2a2b8);
  cairo_fill_preserve (cr);
  set_rgb (cr, 0x6e2a3c);
  cairo_stroke (cr);
  cairo_move_to (cr, 0.28, -0.22);
  cairo_line_to (cr, 0.3, -0.36);
  cairo_line_to (cr, 0.4, -0.24);
  cairo_close_path (cr);
  set_rgb (cr, 0xe58aa3);
  cairo_fill_preserve (cr);
  set_rgb (cr, 0x6e2a3c);
  cairo_stroke (cr);
  cairo_save (cr);
  cairo_translate (cr, 0.5, -0.07);
  cairo_scale (cr, 0.6, 1);
  cairo_arc (cr, 0, 0, 0.08, 0, 2 * G_PI);
  cairo_restore (cr);
  set_rgb (cr, 0xe58aa3);
  cairo_fill_preserve (cr);
  set_rgb (cr, 0x6e2a3c);
  cairo_stroke (cr);
  cairo_arc (cr, 0.4, -0.14, 0.025, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_move_to (cr, -0.39, -0.05);
  cairo_curve_to (cr, -0.5, -0.12, -0.5, 0.02, -0.42, -0.02);
  cairo_curve_to (cr, -0.38, -0.06, -0.5, -0.2, -0.52, -0.12);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
tessera_tile_art_draw_figure (cairo_t            *cr,
                              double              x,
                              double              y,
                              double              size,
                              TesseraMagicFigure  figure)
{
  guint32 robe = figure == TESSERA_MAGIC_MAGE ? 0x7b3fc4 : 0x24472e;
  guint32 trim = figure == TESSERA_MAGIC_MAGE ? 0xf2d46b : 0xb9e07a;

  g_return_if_fail (cr != NULL);

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, size, size);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  cairo_save (cr);
  cairo_translate (cr, 0.05, 0.47);
  cairo_scale (cr, 1, 0.2);
  cairo_arc (cr, 0, 0, 0.3, 0, 2 * G_PI);
  cairo_restore (cr);
  set_rgba (cr, 0x000000, 0.35);
  cairo_fill (cr);

  /* A robe, a face, a tall pointed hat with a brim; the witch's hat bends. */
  cairo_move_to (cr, -0.12, -0.12);
  cairo_curve_to (cr, -0.2, 0.1, -0.3, 0.35, -0.32, 0.5);
  cairo_line_to (cr, 0.32, 0.5);
  cairo_curve_to (cr, 0.3, 0.35, 0.2, 0.1, 0.12, -0.12);
  cairo_close_path (cr);
  set_rgb (cr, robe);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 0.05);
  set_rgb (cr, 0xf6f0ff);
  cairo_stroke (cr);
  cairo_arc (cr, 0, -0.14, 0.11, 0, 2 * G_PI);
  set_rgb (cr, 0xf1d2b0);
  cairo_fill_preserve (cr);
  set_rgb (cr, 0x3a2a20);
  cairo_set_line_width (cr, 0.03);
  cairo_stroke (cr);
  cairo_move_to (cr, -0.24, -0.2);
  cairo_line_to (cr, 0.24, -0.2);
  cairo_line_to (cr, 0.12, -0.26);
  if (figure == TESSERA_MAGIC_MAGE)
    cairo_line_to (cr, 0, -0.56);
  else
    cairo_curve_to (cr, 0.05, -0.4, 0.1, -0.48, 0.22, -0.52);
  cairo_line_to (cr, -0.12, -0.26);
  cairo_close_path (cr);
  set_rgb (cr, robe);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 0.05);
  set_rgb (cr, 0xf6f0ff);
  cairo_stroke (cr);
  /* a star or a broom */
  if (figure == TESSERA_MAGIC_MAGE)
    {
      draw_star (cr, 0, 0.18, 0.1);
      set_rgb (cr, trim);
      cairo_fill (cr);
    }
  else
    {
      cairo_move_to (cr, -0.34, -0.05);
      cairo_line_to (cr, 0.3, 0.42);
      cairo_set_line_width (cr, 0.05);
      set_rgb (cr, 0x8a5a2b);
      cairo_stroke (cr);
      cairo_move_to (cr, 0.24, 0.36);
      cairo_line_to (cr, 0.46, 0.4);
      cairo_line_to (cr, 0.36, 0.56);
      cairo_close_path (cr);
      set_rgb (cr, trim);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

/**
 * tessera_tile_art_draw_tower:
 * @top: (nullable): the colour of the follower closing the tower
 *
 * A tower of @height floors standing with its base centred at (@x, @y), @size the side of the
 * tile it stands on.
 */
void
tessera_tile_art_draw_tower (cairo_t       *cr,
                             double         x,
                             double         y,
                             double         size,
                             guint          height,
                             const GdkRGBA *top)
{
  double w = size * 0.24, floor_h = size * 0.06;
  guint shown = MIN (height, 8);
  char text[16];

  g_return_if_fail (cr != NULL);

  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  /* Shadow to the lower right, then the stones from the bottom up. */
  set_rgba (cr, 0x000000, 0.3);
  cairo_save (cr);
  cairo_translate (cr, x + size * 0.05, y + size * 0.04);
  cairo_scale (cr, 1, 0.45);
  cairo_arc (cr, 0, 0, w * 0.7, 0, 2 * G_PI);
  cairo_restore (cr);
  cairo_fill (cr);
  for (guint i = 0; i < shown; i++)
    {
      double by = y - i * floor_h;

      cairo_rectangle (cr, x - w / 2, by - floor_h, w, floor_h);
      set_rgb (cr, i % 2 ? 0xb9b6ae : 0xcac7bf);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, size * 0.008);
      set_rgb (cr, 0x4c4a45);
      cairo_stroke (cr);
      cairo_move_to (cr, x + (i % 2 ? -w / 6 : w / 6), by - floor_h);
      cairo_line_to (cr, x + (i % 2 ? -w / 6 : w / 6), by);
      cairo_stroke (cr);
    }
  /* Battlements. */
  {
    double ty = y - shown * floor_h;

    for (guint i = 0; i < 3; i++)
      cairo_rectangle (cr, x - w / 2 + i * w * 0.4, ty - floor_h * 0.6, w * 0.2, floor_h * 0.6);
    set_rgb (cr, 0xcac7bf);
    cairo_fill_preserve (cr);
    set_rgb (cr, 0x4c4a45);
    cairo_stroke (cr);

    if (top != NULL)
      tessera_tile_art_draw_follower (cr, x, ty - size * 0.13, size * 0.24, top, TESSERA_FEATURE_CITY);
  }

  g_snprintf (text, sizeof text, "%u", height);
  draw_text (cr, text, x + w * 0.95, y - floor_h * 0.2, size * 0.14, 0, TRUE, 0x1e1e1e, 0.35);
  cairo_restore (cr);
}
