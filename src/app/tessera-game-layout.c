/* tessera-game-layout.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-game-layout"

#include "config.h"

#include "tessera-game-layout.h"

/* The game page's board, turn card and scores, laid out for the window they are in.
 *
 * Beside: on a laptop or a tablet held sideways, the turn card and the scores stand in a column
 * right of the board, always as wide (so that the board never jumps as the turn goes on).
 * Stacked: on a phone or a tablet held upright, the board comes first, over the width of the
 * window, and the turn card lies under it, under a handle that shows every score on one line.
 * The handle folds the card away for a larger board, or shows the scores and the log in its
 * place. Whichever of the two gives the board the larger square is used; that is decided on
 * minimum sizes, which are the same at every step of a turn, so a turn never flips the layout. */

/* The column beside the board: the turn card's 460 pixels and its margins. */
#define SIDE_COLUMN_WIDTH 484
/* Stacked, the page is no narrower than this, whatever the step of the turn asks: so the
 * window's minimum stays the same through a turn, within a phone's 360 pixels and the frame. */
#define STACKED_MIN_WIDTH 340
/* Stacked, the board keeps at least this much height, and the card takes at most this share
 * of the height and this many pixels (more than any step needs on a tablet held upright). */
#define STACKED_BOARD_MIN_HEIGHT 160
#define STACKED_PANEL_SHARE 0.45
#define STACKED_PANEL_MAX_HEIGHT 380
/* A panel that asks for all the height there is (the tile palette, while a tile is drawn) takes
 * more: the board below its edge shows again when the tile is put on it. */
#define STACKED_EXPANDING_PANEL_SHARE 0.6

struct _TesseraGameLayout
{
  GtkWidget  parent_instance;

  GtkWidget *board;
  GtkWidget *handle;
  GtkWidget *turn;
  GtkWidget *scores;
  GtkWidget *column_separator;  /* beside: between the board and the column */
  GtkWidget *handle_separator;  /* stacked: between the board and the handle */

  gboolean   stacked;
  gboolean   panel_folded;
  gboolean   scores_shown;
};

G_DEFINE_FINAL_TYPE (TesseraGameLayout, tessera_game_layout, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_BOARD,
  PROP_HANDLE,
  PROP_TURN,
  PROP_SCORES,
  PROP_STACKED,
  PROP_PANEL_FOLDED,
  PROP_SCORES_SHOWN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Sizes ---------------------------------------------------------------------------------------- */

static void
measure_child (GtkWidget      *child,
               GtkOrientation  orientation,
               int             for_size,
               int            *minimum,
               int            *natural)
{
  int min = 0, nat = 0;

  if (child != NULL && gtk_widget_get_visible (child))
    gtk_widget_measure (child, orientation, for_size, &min, &nat, NULL, NULL);
  if (minimum != NULL)
    *minimum = min;
  if (natural != NULL)
    *natural = nat;
}

static int
min_width_of (GtkWidget *child)
{
  int minimum;

  measure_child (child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL);
  return minimum;
}

static int
min_height_of (GtkWidget *child,
               int        width)
{
  int minimum;

  measure_child (child, GTK_ORIENTATION_VERTICAL, width, &minimum, NULL);
  return minimum;
}

static int
separator_size (TesseraGameLayout *self)
{
  int minimum;

  measure_child (self->column_separator, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL);
  return minimum;
}

/* The column's width beside the board. */
static int
column_width (TesseraGameLayout *self)
{
  return MAX (SIDE_COLUMN_WIDTH, MAX (min_width_of (self->turn), min_width_of (self->scores)));
}

static int
beside_min_width (TesseraGameLayout *self)
{
  return min_width_of (self->board) + separator_size (self) + column_width (self);
}

static int
stacked_min_width (TesseraGameLayout *self)
{
  return MAX (STACKED_MIN_WIDTH,
              MAX (MAX (min_width_of (self->board), min_width_of (self->handle)),
                   MAX (min_width_of (self->turn), min_width_of (self->scores))));
}

static int
beside_min_height (TesseraGameLayout *self,
                   int                width)
{
  int column = column_width (self);
  int board_width = width < 0 ? -1 : MAX (0, width - column - separator_size (self));

  return MAX (min_height_of (self->board, board_width),
              min_height_of (self->turn, column) + min_height_of (self->scores, column));
}

/* The panel under the handle when stacked: the turn card, the scores, or nothing. */
static GtkWidget *
stacked_panel (TesseraGameLayout *self)
{
  if (self->panel_folded)
    return NULL;
  return self->scores_shown ? self->scores : self->turn;
}

static int
stacked_board_min_height (TesseraGameLayout *self,
                          int                width)
{
  return MAX (STACKED_BOARD_MIN_HEIGHT, min_height_of (self->board, width));
}

static int
stacked_min_height (TesseraGameLayout *self,
                    int                width)
{
  GtkWidget *panel = stacked_panel (self);

  return min_height_of (self->handle, width) + separator_size (self) + stacked_board_min_height (self, width)
         + (panel != NULL ? min_height_of (panel, width) : 0);
}

/* How high depends on how wide: stacked or beside. */
static GtkSizeRequestMode
tessera_game_layout_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
tessera_game_layout_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  TesseraGameLayout *self = TESSERA_GAME_LAYOUT (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int board_natural;

      measure_child (self->board, orientation, -1, NULL, &board_natural);
      *minimum = MIN (beside_min_width (self), stacked_min_width (self));
      *natural = MAX (*minimum, board_natural + separator_size (self) + column_width (self));
    }
  else
    {
      gboolean beside_fits = for_size < 0 || for_size >= beside_min_width (self);

      *minimum = stacked_min_height (self, for_size);
      if (beside_fits)
        *minimum = MIN (*minimum, beside_min_height (self, for_size));
      *natural = *minimum;
    }
}

/* Allocation ----------------------------------------------------------------------------------- */

static void
set_stacked (TesseraGameLayout *self,
             gboolean           stacked)
{
  if (self->stacked == stacked)
    return;
  self->stacked = stacked;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STACKED]);
}

static void
allocate_child (GtkWidget *child,
                int        x,
                int        y,
                int        width,
                int        height)
{
  if (child != NULL && gtk_widget_get_visible (child) && gtk_widget_get_child_visible (child))
    gtk_widget_size_allocate (child, &(GtkAllocation) { x, y, width, height }, -1);
}

static void
show_child (GtkWidget *child,
            gboolean   shown)
{
  if (child != NULL)
    gtk_widget_set_child_visible (child, shown);
}

/* Beside: the board on the left, the turn card over the scores on the right. The two share the
 * column's height as a box would share it: each its minimum, then towards its natural height,
 * and what is left to whichever expands (the scores always, the card while a tile is drawn). */
static void
allocate_beside (TesseraGameLayout *self,
                 int                width,
                 int                height)
{
  int column = column_width (self);
  int separator = separator_size (self);
  int board_width = width - column - separator;
  GtkWidget *parts[2] = { self->turn, self->scores };
  GtkRequestedSize sizes[2];
  int extra = height, expanding = 0, y = 0;

  for (guint i = 0; i < 2; i++)
    {
      measure_child (parts[i], GTK_ORIENTATION_VERTICAL, column, &sizes[i].minimum_size, &sizes[i].natural_size);
      sizes[i].data = parts[i];
      extra -= sizes[i].minimum_size;
      if (parts[i] != NULL && gtk_widget_compute_expand (parts[i], GTK_ORIENTATION_VERTICAL))
        expanding++;
    }
  extra = gtk_distribute_natural_allocation (MAX (extra, 0), 2, sizes);

  allocate_child (self->board, 0, 0, board_width, height);
  allocate_child (self->column_separator, board_width, 0, separator, height);
  for (guint i = 0; i < 2; i++)
    {
      int part_height = sizes[i].minimum_size;

      if (expanding > 0 && parts[i] != NULL && gtk_widget_compute_expand (parts[i], GTK_ORIENTATION_VERTICAL))
        part_height += extra / expanding;
      allocate_child (parts[i], board_width + separator, y, column, part_height);
      y += part_height;
    }
}

/* Stacked: the board over the window's width, the handle under it, and the panel at the foot,
 * as high as a share of the window (so that the board keeps its size from step to step, but for
 * the palette's step). */
static void
allocate_stacked (TesseraGameLayout *self,
                  int                width,
                  int                height)
{
  GtkWidget *panel = stacked_panel (self);
  int separator = separator_size (self);
  int handle_min, handle_height, region, panel_height = 0, board_height;

  measure_child (self->handle, GTK_ORIENTATION_VERTICAL, width, &handle_min, &handle_height);
  handle_height = MAX (handle_min, handle_height);
  region = height - handle_height - separator;
  if (panel != NULL)
    {
      int panel_min = min_height_of (panel, width);
      int room = MAX (panel_min, region - stacked_board_min_height (self, width));
      gboolean expands = gtk_widget_compute_expand (panel, GTK_ORIENTATION_VERTICAL);
      int wanted = expands ? (int) (region * STACKED_EXPANDING_PANEL_SHARE)
                           : MIN ((int) (region * STACKED_PANEL_SHARE), STACKED_PANEL_MAX_HEIGHT);

      panel_height = CLAMP (wanted, panel_min, room);
    }
  board_height = MAX (0, region - panel_height);

  allocate_child (self->board, 0, 0, width, board_height);
  allocate_child (self->handle_separator, 0, board_height, width, separator);
  allocate_child (self->handle, 0, board_height + separator, width, handle_height);
  allocate_child (panel, 0, height - panel_height, width, panel_height);
}

/* The side of the board's square in each layout, from minimum sizes only: the same at every
 * step of a turn, whatever the card shows. */
static gboolean
prefers_stacked (TesseraGameLayout *self,
                 int                width,
                 int                height)
{
  int separator = separator_size (self);
  int beside = MIN (width - column_width (self) - separator, height);
  int stacked = MIN (width, height - min_height_of (self->handle, width) - separator - min_height_of (self->turn, width));

  return stacked > beside;
}

static void
tessera_game_layout_size_allocate (GtkWidget *widget,
                                   int        width,
                                   int        height,
                                   int        baseline)
{
  TesseraGameLayout *self = TESSERA_GAME_LAYOUT (widget);
  gboolean beside_fits = width >= beside_min_width (self) && height >= beside_min_height (self, width);
  gboolean stacked_fits = height >= stacked_min_height (self, width);
  gboolean stacked = !beside_fits || (stacked_fits && prefers_stacked (self, width, height));
  GtkWidget *panel = stacked_panel (self);

  set_stacked (self, stacked);
  show_child (self->column_separator, !stacked);
  show_child (self->handle_separator, stacked);
  show_child (self->handle, stacked);
  show_child (self->turn, !stacked || panel == self->turn);
  show_child (self->scores, !stacked || panel == self->scores);
  if (stacked)
    allocate_stacked (self, width, height);
  else
    allocate_beside (self, width, height);
}

/* Children ------------------------------------------------------------------------------------- */

/* The children keep the order of the page for Tab: the board, the handle, the card, the
 * scores. */
static void
put_child (TesseraGameLayout  *self,
           GtkWidget         **slot,
           GtkWidget          *child,
           GParamSpec         *pspec)
{
  GtkWidget *before = NULL;

  if (*slot == child)
    return;
  g_return_if_fail (child == NULL || gtk_widget_get_parent (child) == NULL);

  g_clear_pointer (slot, gtk_widget_unparent);
  if (child != NULL)
    {
      /* Before the first child that comes after it in the page's order. */
      if (slot == &self->board)
        before = self->handle != NULL ? self->handle : self->turn != NULL ? self->turn : self->scores;
      else if (slot == &self->handle)
        before = self->turn != NULL ? self->turn : self->scores;
      else if (slot == &self->turn)
        before = self->scores;
      *slot = child;
      gtk_widget_insert_before (child, GTK_WIDGET (self), before);
    }
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
tessera_game_layout_dispose (GObject *object)
{
  TesseraGameLayout *self = TESSERA_GAME_LAYOUT (object);

  g_clear_pointer (&self->board, gtk_widget_unparent);
  g_clear_pointer (&self->handle, gtk_widget_unparent);
  g_clear_pointer (&self->turn, gtk_widget_unparent);
  g_clear_pointer (&self->scores, gtk_widget_unparent);
  g_clear_pointer (&self->column_separator, gtk_widget_unparent);
  g_clear_pointer (&self->handle_separator, gtk_widget_unparent);

  G_OBJECT_CLASS (tessera_game_layout_parent_class)->dispose (object);
}

static void
tessera_game_layout_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  TesseraGameLayout *self = TESSERA_GAME_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_BOARD:
      g_value_set_object (value, self->board);
      break;
    case PROP_HANDLE:
      g_value_set_object (value, self->handle);
      break;
    case PROP_TURN:
      g_value_set_object (value, self->turn);
      break;
    case PROP_SCORES:
      g_value_set_object (value, self->scores);
      break;
    case PROP_STACKED:
      g_value_set_boolean (value, self->stacked);
      break;
    case PROP_PANEL_FOLDED:
      g_value_set_boolean (value, self->panel_folded);
      break;
    case PROP_SCORES_SHOWN:
      g_value_set_boolean (value, self->scores_shown);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_game_layout_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  TesseraGameLayout *self = TESSERA_GAME_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_BOARD:
      tessera_game_layout_set_board (self, g_value_get_object (value));
      break;
    case PROP_HANDLE:
      tessera_game_layout_set_handle (self, g_value_get_object (value));
      break;
    case PROP_TURN:
      tessera_game_layout_set_turn (self, g_value_get_object (value));
      break;
    case PROP_SCORES:
      tessera_game_layout_set_scores (self, g_value_get_object (value));
      break;
    case PROP_PANEL_FOLDED:
      tessera_game_layout_set_panel_folded (self, g_value_get_boolean (value));
      break;
    case PROP_SCORES_SHOWN:
      tessera_game_layout_set_scores_shown (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_game_layout_class_init (TesseraGameLayoutClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_game_layout_dispose;
  object_class->get_property = tessera_game_layout_get_property;
  object_class->set_property = tessera_game_layout_set_property;
  widget_class->get_request_mode = tessera_game_layout_get_request_mode;
  widget_class->measure = tessera_game_layout_measure;
  widget_class->size_allocate = tessera_game_layout_size_allocate;

  properties[PROP_BOARD] =
    g_param_spec_object ("board", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HANDLE] =
    g_param_spec_object ("handle", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TURN] =
    g_param_spec_object ("turn", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SCORES] =
    g_param_spec_object ("scores", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * TesseraGameLayout:stacked:
   *
   * Whether the board stands over the handle and the turn card, as on a phone, rather than
   * beside the card and the scores.
   */
  properties[PROP_STACKED] =
    g_param_spec_boolean ("stacked", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * TesseraGameLayout:panel-folded:
   *
   * Stacked, whether the turn card (or the scores) is folded away under the handle.
   */
  properties[PROP_PANEL_FOLDED] =
    g_param_spec_boolean ("panel-folded", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * TesseraGameLayout:scores-shown:
   *
   * Stacked, whether the scores and the log stand under the handle in the turn card's place.
   */
  properties[PROP_SCORES_SHOWN] =
    g_param_spec_boolean ("scores-shown", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The handle's two toggles. */
  gtk_widget_class_install_property_action (widget_class, "layout.fold-panel", "panel-folded");
  gtk_widget_class_install_property_action (widget_class, "layout.show-scores", "scores-shown");

  gtk_widget_class_set_css_name (widget_class, "gamelayout");
}

static void
tessera_game_layout_init (TesseraGameLayout *self)
{
  self->column_separator = gtk_separator_new (GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_parent (self->column_separator, GTK_WIDGET (self));
  self->handle_separator = gtk_separator_new (GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_set_parent (self->handle_separator, GTK_WIDGET (self));
  gtk_widget_set_child_visible (self->handle_separator, FALSE);
}

GtkWidget *
tessera_game_layout_new (void)
{
  return g_object_new (TESSERA_TYPE_GAME_LAYOUT, NULL);
}

void
tessera_game_layout_set_board (TesseraGameLayout *self,
                               GtkWidget         *board)
{
  g_return_if_fail (TESSERA_IS_GAME_LAYOUT (self));
  put_child (self, &self->board, board, properties[PROP_BOARD]);
}

void
tessera_game_layout_set_handle (TesseraGameLayout *self,
                                GtkWidget         *handle)
{
  g_return_if_fail (TESSERA_IS_GAME_LAYOUT (self));
  put_child (self, &self->handle, handle, properties[PROP_HANDLE]);
  if (handle != NULL)
    gtk_widget_set_child_visible (handle, self->stacked);
}

void
tessera_game_layout_set_turn (TesseraGameLayout *self,
                              GtkWidget         *turn)
{
  g_return_if_fail (TESSERA_IS_GAME_LAYOUT (self));
  put_child (self, &self->turn, turn, properties[PROP_TURN]);
}

void
tessera_game_layout_set_scores (TesseraGameLayout *self,
                                GtkWidget         *scores)
{
  g_return_if_fail (TESSERA_IS_GAME_LAYOUT (self));
  put_child (self, &self->scores, scores, properties[PROP_SCORES]);
}

gboolean
tessera_game_layout_get_stacked (TesseraGameLayout *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_LAYOUT (self), FALSE);
  return self->stacked;
}

gboolean
tessera_game_layout_get_panel_folded (TesseraGameLayout *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_LAYOUT (self), FALSE);
  return self->panel_folded;
}

void
tessera_game_layout_set_panel_folded (TesseraGameLayout *self,
                                      gboolean           folded)
{
  g_return_if_fail (TESSERA_IS_GAME_LAYOUT (self));

  folded = !!folded;
  if (self->panel_folded == folded)
    return;
  self->panel_folded = folded;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PANEL_FOLDED]);
}

gboolean
tessera_game_layout_get_scores_shown (TesseraGameLayout *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME_LAYOUT (self), FALSE);
  return self->scores_shown;
}

void
tessera_game_layout_set_scores_shown (TesseraGameLayout *self,
                                      gboolean           shown)
{
  g_return_if_fail (TESSERA_IS_GAME_LAYOUT (self));

  shown = !!shown;
  /* Asked for while folded away, the scores unfold. */
  if (shown)
    tessera_game_layout_set_panel_folded (self, FALSE);
  if (self->scores_shown == shown)
    return;
  self->scores_shown = shown;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCORES_SHOWN]);
}
