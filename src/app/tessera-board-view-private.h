/* tessera-board-view-private.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-board-view.h"

G_BEGIN_DECLS

/* The board is drawn in board units, one unit a cell, under a transform from the view: a cell
 * is @cell pixels wide and cell (0, 0) has its corner at (@origin_x, @origin_y). What the game
 * shows (tiles, followers, towers, the wheel) is built once into a render node and kept until
 * the game or the texture resolution changes; tiles are cairo-painted textures shared by all
 * copies of a type in the same rotation. Placing, markers and hover go on top every frame. */

/* The board view is six files that share the instance below:
 * - the widget (tessera-board-view.c): the keyboard, focus, actions, accessibility, the
 *   public API;
 * - pointer and touch input (tessera-board-view-input.c);
 * - the view state (tessera-board-view-state.c): which cell and marker is where, zoom and pan
 *   and their animation;
 * - the rendering (tessera-board-view-render.c): what the game shows, drawn once into cached
 *   nodes and textures, and the overlays drawn every frame;
 * - the preview (tessera-board-view-preview.c): the board as the turn being entered leaves
 *   it, what changes marked;
 * - the board in words (tessera-board-view-describe.c). */

#define MIN_CELL 12.0
#define MAX_CELL 480.0
#define FOLLOWER_SIZE 0.3
#define CLICK_SLOP 6.0
/* Two choices on one tile must be told apart by a pointer: each this wide on screen, at least;
 * wider for a finger, as touch guidelines ask of a target. */
#define MIN_MARKER_PIXELS 26.0
#define MIN_MARKER_PIXELS_TOUCH 44.0
#define ZOOM_DURATION_MS 250

typedef struct
{
  double x;        /* in board units */
  double y;
  double radius;
} MarkerPlace;

typedef struct
{
  guint tile;      /* index of the placed tile */
  guint segment;   /* its local segment */
} FeaturePart;

/* How the board draws a choice of the turn (TesseraChoice, from the engine): a spot on a tile (a
 * follower, the mage or witch, a capture, a Plague or crop-circle choice), a whole cell (a tower
 * to build on), or a crown space of the wheel. */
typedef enum
{
  TESSERA_MARKER_SPOT,
  TESSERA_MARKER_CELL,
  TESSERA_MARKER_CROWN,
} TesseraMarkerKind;

typedef struct
{
  TesseraMarkerKind kind;
  TesseraCell       cell;          /* spot, cell */
  guint             segment;       /* spot: segment index of the tile type shown at cell */
  guint             wheel_segment; /* crown: segment of the wheel board */
  guint             crown_space;   /* crown: space of that segment, from 0 */
} TesseraBoardMarker;

struct _TesseraBoardView
{
  GtkWidget              parent_instance;

  TesseraGame           *game;
  GSimpleActionGroup    *actions;   /* "board.fit": see tessera_board_view_get_actions() */

  /* View */
  double                 origin_x;
  double                 origin_y;
  double                 cell;
  gboolean               need_fit;
  gboolean               dark;
  gboolean               high_contrast;

  /* What the game shows, cached */
  GskRenderNode         *board_node;
  GHashTable            *textures;          /* tile key -> GdkTexture */
  GHashTable            *piece_textures;    /* piece key (colour, kind, size) -> GdkTexture */
  guint                  texture_size;
  GdkTexture            *wheel_texture;
  GHashTable            *wheel_numbers;     /* cell key -> wheel number of the tile there */
  GArray                *empty_cells;       /* TesseraCell next to the board */
  gboolean               has_tiles;
  int                    min_x;
  int                    min_y;
  int                    max_x;
  int                    max_y;

  /* Placing the drawn tile */
  const TesseraTileType *place_type;
  guint                  place_wheel;
  GArray                *placements;        /* TesseraPlacement */
  guint                  preferred_rotation;
  GskRenderNode         *placements_node;

  /* A tile placed but not confirmed */
  int                    pig_preview;   /* where a drawn wheel tile takes the pig, or -1 */
  guint                  pending_rotations;  /* bit per legal rotation of the pending tile */
  guint                  keyboard_feature;   /* the segment Enter last asked about at the cursor */
  gboolean               has_pending;
  const TesseraTileType *pending_type;
  guint                  pending_wheel;
  TesseraCell            pending_cell;
  guint                  pending_rotation;

  /* What the turn being entered will do, drawn before Confirm: the board as the move leaves it
   * (preview_game), with the followers, crowns, towers and figures it changes marked. */
  TesseraGame           *preview_game;
  GArray                *preview_pieces;    /* TesseraPieceChange */
  GArray                *preview_crowns;    /* TesseraCrownChange */
  GArray                *preview_towers;    /* TesseraTowerChange */
  int                    preview_magic_before[2];

  /* Choices on the board */
  GArray                *markers;           /* TesseraBoardMarker */
  GArray                *marker_places;     /* MarkerPlace, one per marker */
  int                    lit_marker;        /* lit from outside the board, e.g. a list row */
  int                    hover_marker;
  int                    focus_marker;
  guint                  tick_id;

  /* Highlights */
  GArray                *feature_segments;  /* guint, as asked */
  GArray                *feature_parts;     /* FeaturePart */
  GskRenderNode         *features_node;
  GArray                *highlighted_cells; /* TesseraCell */

  /* Table aids, unless the table plays without them: the holes nothing left can fill (dead)
   * or one kind only (single), and the empty cell clicked or under the cursor, whose
   * fitting tiles the game view shows. */
  gboolean               show_aids;
  GArray                *dead_cells;        /* TesseraCell */
  GArray                *single_cells;      /* TesseraCell */
  gboolean               has_inspected;
  TesseraCell            inspected;
  gboolean               has_clicked_hole;
  TesseraCell            clicked_hole;

  /* Pointer and keyboard */
  gboolean               has_pointer;
  double                 pointer_x;
  double                 pointer_y;
  gboolean               has_hover;
  TesseraCell            hover_cell;
  gboolean               has_cursor;
  TesseraCell            cursor;
  gboolean               keyboard_mode;
  double                 drag_origin_x;
  double                 drag_origin_y;
  gboolean               dragging;
  gboolean               touch_handled;     /* the touch's lift is no tap: a gesture took it */
  gboolean               touch_input;       /* the last press was a finger's: spots finger-sized */
  double                 zoom_start_cell;
  double                 pinch_board_x;     /* the board's point under the pinching fingers */
  double                 pinch_board_y;

  /* Zooming to spots too small to choose, and back once chosen */
  AdwAnimation          *view_animation;
  double                 view_from[3];      /* origin x, origin y, cell */
  double                 view_to[3];
  gboolean               has_return_view;
  double                 return_view[3];    /* the view before the zoom */
};

/* The view state */
gpointer _tessera_board_view_cell_key (TesseraCell cell);
gboolean _tessera_board_view_cell_equal (TesseraCell a,
                                         TesseraCell b);
gboolean _tessera_board_view_is_placing (TesseraBoardView *self);
gboolean _tessera_board_view_has_markers (TesseraBoardView *self);
TesseraBoard *_tessera_board_view_get_board (TesseraBoardView *self);
const TesseraWheelBoard *_tessera_board_view_get_wheel (TesseraBoardView *self);
void _tessera_board_view_widget_to_board (TesseraBoardView *self,
                                          double            x,
                                          double            y,
                                          double           *bx,
                                          double           *by);
TesseraCell _tessera_board_view_cell_at (TesseraBoardView *self,
                                         double            x,
                                         double            y);
guint _tessera_board_view_legal_rotations (TesseraBoardView *self,
                                           TesseraCell       cell);
guint _tessera_board_view_shown_rotation (TesseraBoardView *self,
                                          TesseraCell       cell);
const TesseraPlacedTile *_tessera_board_view_tile_at (TesseraBoardView *self,
                                                      TesseraCell       cell);
gboolean _tessera_board_view_type_at (TesseraBoardView       *self,
                                      TesseraCell             cell,
                                      const TesseraTileType **type,
                                      guint                  *rotation);
gboolean _tessera_board_view_marker_position (TesseraBoardView         *self,
                                              const TesseraBoardMarker *marker,
                                              double                   *x,
                                              double                   *y,
                                              double                   *r);
void _tessera_board_view_set_view (TesseraBoardView *self,
                                   double            origin_x,
                                   double            origin_y,
                                   double            cell);
void _tessera_board_view_layout_markers (TesseraBoardView *self);
void _tessera_board_view_keep_markers_apart (TesseraBoardView *self);
void _tessera_board_view_zoom_at (TesseraBoardView *self,
                                  double            x,
                                  double            y,
                                  double            cell);
void _tessera_board_view_zoom_by (TesseraBoardView *self,
                                  double            factor);
void _tessera_board_view_reveal_cell (TesseraBoardView *self,
                                      TesseraCell       cell);

/* The widget: what pointer and keyboard both do */
void _tessera_board_view_update_inspected (TesseraBoardView *self);
void _tessera_board_view_choose_placement (TesseraBoardView *self,
                                           TesseraCell       cell);
void _tessera_board_view_rotate_at (TesseraBoardView *self,
                                    TesseraCell       cell);
gboolean _tessera_board_view_can_turn_pending (TesseraBoardView *self);
void _tessera_board_view_turn_pending (TesseraBoardView *self);
void _tessera_board_view_activate_marker (TesseraBoardView *self,
                                          guint             marker);
void _tessera_board_view_activate_feature (TesseraBoardView *self,
                                           guint             segment);

/* Pointer and touch input */
void _tessera_board_view_add_pointer_input (TesseraBoardView *self);
void _tessera_board_view_set_touch_input (TesseraBoardView *self,
                                          gboolean          touch_input);
void _tessera_board_view_begin_pinch (TesseraBoardView *self,
                                      double            x,
                                      double            y);
void _tessera_board_view_pinch (TesseraBoardView *self,
                                double            x,
                                double            y,
                                double            scale);

/* Rendering */
void _tessera_board_view_update_style (TesseraBoardView *self);
void _tessera_board_view_append_piece (TesseraBoardView   *self,
                                       GtkSnapshot        *snapshot,
                                       double              unit,
                                       double              x,
                                       double              y,
                                       double              size,
                                       const GdkRGBA      *rgba,
                                       TesseraFeatureKind  role,
                                       const char         *mark);
void _tessera_board_view_append_ring (GtkSnapshot   *snapshot,
                                      double         x,
                                      double         y,
                                      double         r,
                                      double         width,
                                      const GdkRGBA *fill,
                                      const GdkRGBA *line);
gboolean _tessera_board_view_wheel_origin (TesseraBoard            *board,
                                           const TesseraWheelBoard *wheel,
                                           int                     *x,
                                           int                     *y);

/* The preview */
TesseraGame *_tessera_board_view_shown_game (TesseraBoardView *self);
void _tessera_board_view_clear_preview (TesseraBoardView *self);
void _tessera_board_view_append_preview (TesseraBoardView *self,
                                         GtkSnapshot      *snapshot,
                                         double            unit,
                                         const char      **marks);
void _tessera_board_view_scan_game (TesseraBoardView *self);
void _tessera_board_view_collect_feature_parts (TesseraBoardView *self);
void _tessera_board_view_invalidate_board (TesseraBoardView *self);
void _tessera_board_view_snapshot (GtkWidget   *widget,
                                   GtkSnapshot *snapshot);

/* The board in words */
char *_tessera_board_view_describe_segment (const TesseraTileType *type,
                                            guint                  rotation,
                                            guint                  segment);
char *tessera_board_view_describe_tile (const TesseraTileType *type,
                                        guint                  rotation);
char *_tessera_board_view_describe_cell (TesseraBoardView *self,
                                         TesseraCell       cell);

/* The widget */
void _tessera_board_view_update_hover (TesseraBoardView *self);
gboolean _tessera_board_view_is_empty_cell (TesseraBoardView *self,
                                            TesseraCell       cell);

G_END_DECLS
