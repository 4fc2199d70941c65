/* tessera-types.h
 *
 * Copyright 2026 The Tessera developers
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Sides in clockwise order; a rotation of r quarter turns maps side s to (s + r) % 4. */
typedef enum
{
  TESSERA_SIDE_N,
  TESSERA_SIDE_E,
  TESSERA_SIDE_S,
  TESSERA_SIDE_W,
  TESSERA_N_SIDES
} TesseraSide;

/* Half-sides clockwise from the north-west corner, as tiles.md numbers them:
 * Nw Ne En Es Se Sw Ws Wn. A rotation moves a half-side two places forward. */
typedef enum
{
  TESSERA_HALF_NW,
  TESSERA_HALF_NE,
  TESSERA_HALF_EN,
  TESSERA_HALF_ES,
  TESSERA_HALF_SE,
  TESSERA_HALF_SW,
  TESSERA_HALF_WS,
  TESSERA_HALF_WN,
  TESSERA_N_HALVES
} TesseraHalf;

typedef enum
{
  TESSERA_EDGE_FIELD,
  TESSERA_EDGE_ROAD,
  TESSERA_EDGE_CITY,
  TESSERA_EDGE_WHEEL,   /* the wheel board itself: no land, never meets a tile */
} TesseraEdge;

typedef enum
{
  TESSERA_FEATURE_CITY,
  TESSERA_FEATURE_ROAD,
  TESSERA_FEATURE_FIELD,
  TESSERA_FEATURE_CLOISTER,
  TESSERA_N_FEATURE_KINDS
} TesseraFeatureKind;

typedef enum
{
  TESSERA_CROP_NONE,
  TESSERA_CROP_CITY,
  TESSERA_CROP_ROAD,
  TESSERA_CROP_FIELD,
} TesseraCropKind;

/* Scoring categories, as tessera-cli reports them. */
typedef enum
{
  TESSERA_CATEGORY_ROAD,
  TESSERA_CATEGORY_CITY,
  TESSERA_CATEGORY_CLOISTER,
  TESSERA_CATEGORY_FARM,
  TESSERA_CATEGORY_WHEEL,
  TESSERA_CATEGORY_CROWN,
  TESSERA_CATEGORY_RANSOM,
  TESSERA_CATEGORY_ADJUST,
  TESSERA_N_CATEGORIES
} TesseraCategory;

typedef struct
{
  int x;
  int y;
} TesseraCell;

#define TESSERA_MAX_PLAYERS 5
/* Cells lie within this distance of the start: far more than any table holds. */
#define TESSERA_CELL_LIMIT 30000
#define TESSERA_FOLLOWERS_PER_PLAYER 7

#define TESSERA_ERROR (tessera_error_quark ())

typedef enum
{
  TESSERA_ERROR_CATALOGUE,   /* a tile set file is malformed */
  TESSERA_ERROR_RECORD,      /* a record is not valid JSON or not a valid record */
  TESSERA_ERROR_RULE,        /* a move breaks a rule */
} TesseraError;

GQuark       tessera_error_quark          (void);
const char  *tessera_feature_kind_name    (TesseraFeatureKind kind);
const char  *tessera_feature_kind_phrase  (TesseraFeatureKind kind);
const char  *tessera_feature_kind_role    (TesseraFeatureKind kind);
const char  *tessera_category_name        (TesseraCategory  category);
const char  *tessera_category_title       (TesseraCategory  category);
gboolean     tessera_category_from_name   (const char      *name,
                                           TesseraCategory *category);

static inline TesseraSide
tessera_side_opposite (TesseraSide side)
{
  return (TesseraSide) ((side + 2) % 4);
}

/* The half-side a neighbour's tile shows against @half: Nw meets Sw, Ne meets Se, En meets Wn,
 * Es meets Ws. */
static inline TesseraHalf
tessera_half_partner (TesseraHalf half)
{
  static const guint8 partner[8] = { 5, 4, 7, 6, 1, 0, 3, 2 };
  return (TesseraHalf) partner[half];
}

static inline TesseraCell
tessera_cell_step (TesseraCell cell,
                   TesseraSide side)
{
  static const int dx[4] = { 0, 1, 0, -1 };
  static const int dy[4] = { -1, 0, 1, 0 };
  TesseraCell next = { cell.x + dx[side], cell.y + dy[side] };
  return next;
}

G_END_DECLS
