/* tessera-board.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-catalogue.h"

G_BEGIN_DECLS

/* Rotations are counted in quarter turns clockwise (0 to 3) inside the engine; records and
 * people use degrees. */

typedef struct
{
  const TesseraTileType *type;
  TesseraCell            cell;
  guint8                 rotation;
  guint32                first_segment;  /* segment id of the type's segment 0 */
} TesseraPlacedTile;

typedef struct
{
  TesseraCell cell;
  guint8      rotation;
} TesseraPlacement;

/* What a feature is now: the answer to "settle a dispute". */
typedef struct
{
  TesseraFeatureKind kind;
  guint              root;          /* stable id of the feature until it merges with another */
  guint              n_tiles;       /* a tile counts once, however many of its segments take part */
  guint              n_pennants;
  guint              open_sides;    /* city, road: sides still waiting for a tile */
  guint              n_neighbours;  /* cloister: tiles around it (0 to 8) */
  guint              n_followers;
  gboolean           complete;
} TesseraFeatureInfo;

/* What keeps a tile from a cell (tessera_board_explain_misfit_here()). */
typedef enum
{
  TESSERA_MISFIT_NONE,      /* it fits */
  TESSERA_MISFIT_TAKEN,     /* a tile or the wheel board lies there */
  TESSERA_MISFIT_DETACHED,  /* no side touches a tile */
  TESSERA_MISFIT_EDGE,      /* a side differs from its neighbour's */
} TesseraMisfitKind;

typedef struct _TesseraBoard TesseraBoard;

TesseraBoard            *tessera_board_new                 (void);
void                     tessera_board_free                (TesseraBoard            *self);
TesseraBoard            *tessera_board_copy                (const TesseraBoard      *self);

guint                    tessera_board_get_n_tiles         (const TesseraBoard      *self);
const TesseraPlacedTile *tessera_board_get_tile            (const TesseraBoard      *self,
                                                            guint                    index);
const TesseraPlacedTile *tessera_board_lookup              (const TesseraBoard      *self,
                                                            TesseraCell              cell);
guint                    tessera_board_get_n_segments      (const TesseraBoard      *self);
guint                    tessera_board_get_n_open_cells    (const TesseraBoard      *self);
TesseraCell              tessera_board_get_open_cell       (const TesseraBoard      *self,
                                                            guint                    index);

gboolean                 tessera_board_fits                (const TesseraBoard      *self,
                                                            const TesseraTileType   *type,
                                                            TesseraCell              cell,
                                                            guint                    rotation);
char                    *tessera_board_explain_misfit      (const TesseraBoard      *self,
                                                            const TesseraTileType   *type,
                                                            TesseraCell              cell,
                                                            guint                    rotation);
char                    *tessera_board_explain_misfit_here (const TesseraBoard      *self,
                                                            const TesseraTileType   *type,
                                                            TesseraCell              cell,
                                                            guint                    rotation,
                                                            TesseraMisfitKind       *kind);
guint                    tessera_board_fitting_rotations   (const TesseraBoard      *self,
                                                            const TesseraTileType   *type,
                                                            TesseraCell              cell);
void                     tessera_board_list_placements     (const TesseraBoard      *self,
                                                            const TesseraTileType   *type,
                                                            GArray                  *placements);
gboolean                 tessera_board_fits_anywhere       (const TesseraBoard      *self,
                                                            const TesseraTileType   *type);
guint                    tessera_board_place               (TesseraBoard            *self,
                                                            const TesseraTileType   *type,
                                                            TesseraCell              cell,
                                                            guint                    rotation);

guint                    tessera_board_find                (TesseraBoard            *self,
                                                            guint                    segment);
TesseraFeatureKind       tessera_board_segment_kind        (const TesseraBoard      *self,
                                                            guint                    segment);
const TesseraPlacedTile *tessera_board_segment_tile        (const TesseraBoard      *self,
                                                            guint                    segment);
void                     tessera_board_describe_feature    (TesseraBoard            *self,
                                                            guint                    segment,
                                                            TesseraFeatureInfo      *info);
gboolean                 tessera_board_is_complete         (TesseraBoard            *self,
                                                            guint                    segment);
void                     tessera_board_add_followers       (TesseraBoard            *self,
                                                            guint                    segment,
                                                            int                      delta);
guint                    tessera_board_count_followers     (TesseraBoard            *self,
                                                            guint                    segment);
guint                    tessera_board_list_joined_features (TesseraBoard           *self,
                                                             const TesseraTileType   *type,
                                                             TesseraCell              cell,
                                                             guint                    rotation,
                                                             guint                    local_segment,
                                                             guint                    roots[8]);
gboolean                 tessera_board_would_be_occupied   (TesseraBoard            *self,
                                                            const TesseraTileType   *type,
                                                            TesseraCell              cell,
                                                            guint                    rotation,
                                                            guint                    local_segment);
void                     tessera_board_feature_cells       (TesseraBoard            *self,
                                                            guint                    segment,
                                                            GArray                  *cells);
void                     tessera_board_field_cities        (TesseraBoard            *self,
                                                            guint                    field_segment,
                                                            gboolean                 completed_only,
                                                            GArray                  *city_roots);
guint                    tessera_board_count_field_cities  (TesseraBoard            *self,
                                                            guint                    field_segment,
                                                            gboolean                 completed_only);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TesseraBoard, tessera_board_free)

G_END_DECLS
