/* tessera-tile-layout.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

/* Where everything printed on a tile goes, on the unit square in catalogue orientation: the
 * shapes of its cities and roads, where the tower, the crop circle and the symbols stand, and a
 * label grid saying which segment each small square belongs to (the field partition). It is
 * data computed from the catalogue, with no drawing library: painting (tessera-tile-art.c)
 * draws the shapes; hit testing, highlights and follower spots use the grid, so that a spot is
 * always inside the area hit testing gives back for it. */

/* The label grid is GRID x GRID squares. */
#define TESSERA_TILE_LAYOUT_GRID 96

/* Labels of the grid besides segment indices. */
#define TESSERA_TILE_LAYOUT_NOBODY (-1)   /* the wheel, a crop field: nobody stands there */

/* Sizes on the unit square, shared with painting. */
#define TESSERA_TILE_LAYOUT_ROAD_WIDTH 0.12
#define TESSERA_TILE_LAYOUT_TOWER_RADIUS 0.12
#define TESSERA_TILE_LAYOUT_CROP_RADIUS 0.17
#define TESSERA_TILE_LAYOUT_CROP_STRIP_WIDTH 0.14
#define TESSERA_TILE_LAYOUT_CROSSING_RADIUS 0.1
/* The cloister's square: upright in every rotation. */
#define TESSERA_TILE_LAYOUT_CLOISTER_INSET 0.31
#define TESSERA_TILE_LAYOUT_CLOISTER_SIZE 0.38
/* The wheel board's disc, in cells around the centre of its 4 x 4 squares. */
#define TESSERA_TILE_LAYOUT_WHEEL_RADIUS 1.55
#define TESSERA_TILE_LAYOUT_WHEEL_RIM 0.13
#define TESSERA_TILE_LAYOUT_CROWN_RADIUS 0.17

/* A cubic Bézier curve from (x0, y0) to (x3, y3). */
typedef struct
{
  double x0, y0, x1, y1, x2, y2, x3, y3;
} TesseraCurve;

/* One step of an outline, as a drawing library's path takes them. */
typedef enum
{
  TESSERA_OUTLINE_MOVE,
  TESSERA_OUTLINE_LINE,
  TESSERA_OUTLINE_CURVE,   /* through (x[0], y[0]) and (x[1], y[1]) to (x[2], y[2]) */
} TesseraOutlineStep;

typedef struct
{
  TesseraOutlineStep step;
  double             x[3];
  double             y[3];
} TesseraOutlinePart;

/* At most two runs of city sides, each a move or line, four border lines and a wall. */
#define TESSERA_CITY_OUTLINE_MAX 12

typedef struct
{
  int                segment;
  guint8             sides;
  guint              n_walls;
  TesseraCurve       walls[2];
  /* The closed outline: the border of each run of city sides, then its wall to the next. */
  guint              n_outline;
  TesseraOutlinePart outline[TESSERA_CITY_OUTLINE_MAX];
  double             pennant_x;
  double             pennant_y;
  guint              n_houses;
  double             house_x[6];
  double             house_y[6];
} TesseraCityShape;

/* What a road that stops on the tile runs into. */
typedef enum
{
  TESSERA_ROAD_END_NONE,
  TESSERA_ROAD_END_CROSSROADS,
  TESSERA_ROAD_END_CLOISTER,
  TESSERA_ROAD_END_CITY_GATE,
  TESSERA_ROAD_END_TOWER,
  TESSERA_ROAD_END_CROP,
  TESSERA_ROAD_END_WHEEL,
  TESSERA_ROAD_END_HOUSE,
} TesseraRoadEnd;

typedef struct
{
  int            segment;
  TesseraCurve   path;
  TesseraRoadEnd end;
  double         gate_angle;   /* city gate: direction the road enters the city */
} TesseraRoadShape;

typedef struct
{
  const TesseraTileType   *type;

  guint                    n_cities;
  TesseraCityShape         cities[TESSERA_MAX_SEGMENTS];
  guint                    n_roads;
  TesseraRoadShape         roads[TESSERA_MAX_SEGMENTS];

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

  gint8                    labels[TESSERA_TILE_LAYOUT_GRID * TESSERA_TILE_LAYOUT_GRID];
  /* Where a follower on each segment stands. */
  double                   point_x[TESSERA_MAX_SEGMENTS];
  double                   point_y[TESSERA_MAX_SEGMENTS];
} TesseraTileLayout;

const TesseraTileLayout *tessera_tile_layout_get          (const TesseraTileType   *type);
int                      tessera_tile_layout_label_at     (const TesseraTileLayout *layout,
                                                           double                   x,
                                                           double                   y);

/* The same on the unit square after @rotation quarter turns clockwise. */
void                     tessera_tile_layout_get_segment_point (const TesseraTileType *type,
                                                                guint                    rotation,
                                                                guint                    segment,
                                                                double                  *x,
                                                                double                  *y);
int                      tessera_tile_layout_segment_at   (const TesseraTileType   *type,
                                                           guint                    rotation,
                                                           double                   x,
                                                           double                   y);
void                     tessera_tile_layout_get_tower_point (const TesseraTileType *type,
                                                              guint                    rotation,
                                                              double                  *x,
                                                              double                  *y);

/* The wheel board, in units of one cell from its north-west corner. */
void                     tessera_tile_layout_get_wheel_centre (const TesseraWheelBoard *wheel,
                                                               double                  *x,
                                                               double                  *y);
void                     tessera_tile_layout_get_wheel_segment_angles (const TesseraWheelBoard *wheel,
                                                                       guint                    segment,
                                                                       double                  *start,
                                                                       double                  *end);
void                     tessera_tile_layout_get_crown_point (const TesseraWheelBoard *wheel,
                                                              guint                    segment,
                                                              guint                    space,
                                                              double                  *x,
                                                              double                  *y);
void                     tessera_tile_layout_get_wheel_segment_point (const TesseraWheelBoard *wheel,
                                                                      guint                    segment,
                                                                      double                  *x,
                                                                      double                  *y);

/* Small helpers painting and the grid share. */
TesseraCurve             tessera_curve_make               (double x0, double y0,
                                                           double x1, double y1,
                                                           double x2, double y2,
                                                           double x3, double y3);
void                     tessera_curve_point              (const TesseraCurve      *curve,
                                                           double                   t,
                                                           double                  *x,
                                                           double                  *y);
void                     tessera_curve_tangent            (const TesseraCurve      *curve,
                                                           double                   t,
                                                           double                  *dx,
                                                           double                  *dy);
double                   tessera_tile_layout_jitter       (guint                    a,
                                                           guint                    b);

G_END_DECLS
