/* tessera-turn.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-turn"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tessera-names.h"
#include "tessera-tile-layout.h"
#include "tessera-turn.h"

/* What a marker stands for: a piece on the board (a follower, a spot, a tower top), a cell, or
 * a crown space. */
typedef struct
{
  TesseraPieceRef ref;
  guint           crown_segment;
  guint           crown_space;
} Choice;

struct _TesseraTurn
{
  TesseraGame           *game;        /* the game before the turn */
  TesseraRecord         *header;
  guint                  player;
  TesseraTurnStep        step;
  const TesseraBoxEntry *entry;

  /* The wheel */
  gboolean               spins;
  guint                  landing;
  char                  *wheel_report;
  TesseraGame           *spun;        /* a copy of the game after the wheel turned, or NULL */

  /* Players asked in order (the Plague, the crop circle) and their moves so far */
  GArray                *order;       /* guint */
  guint                  asked;
  GArray                *plague;      /* TesseraPieceChoice */
  GArray                *crop_moves;  /* TesseraPieceChoice */

  GArray                *placements;  /* TesseraPlacement */
  gboolean               placed;
  TesseraCell            cell;
  guint                  rotation;

  gboolean               magic_needed;
  TesseraMagicFigure     figure;
  gboolean               magic_chosen;
  gboolean               magic_has_to;
  TesseraPieceRef        magic_to;

  TesseraTurnMode        mode;
  TesseraActionKind      action;
  char                   spot[TESSERA_SPOT_NAME_SIZE];
  char                   crown[TESSERA_CROWN_NAME_SIZE];
  TesseraCell            tower_at;
  guint                  tower_height;   /* after the new floor */
  gboolean               has_capture;
  TesseraPieceRef        capture;

  gboolean               crop_add;
  TesseraGame           *after;          /* the game after the turn, before the crop circle */

  GArray                *markers;        /* TesseraBoardMarker */
  GArray                *choices;        /* Choice, one per marker */
};

static void enter_step (TesseraTurn     *self,
                        TesseraTurnStep  step);

TesseraTurn *
tessera_turn_new (TesseraGame *game)
{
  TesseraTurn *self = g_new0 (TesseraTurn, 1);
  g_autoptr(TesseraRecord) record = tessera_game_to_record (game);

  self->game = g_object_ref (game);
  self->header = tessera_record_copy_header (record);
  self->player = tessera_game_get_current_player (game);
  self->order = g_array_new (FALSE, FALSE, sizeof (guint));
  self->plague = g_array_new (FALSE, FALSE, sizeof (TesseraPieceChoice));
  self->crop_moves = g_array_new (FALSE, FALSE, sizeof (TesseraPieceChoice));
  self->placements = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));
  self->markers = g_array_new (FALSE, TRUE, sizeof (TesseraBoardMarker));
  self->choices = g_array_new (FALSE, TRUE, sizeof (Choice));
  self->step = TESSERA_TURN_DRAW;
  return self;
}

void
tessera_turn_free (TesseraTurn *self)
{
  g_clear_object (&self->game);
  g_clear_object (&self->after);
  g_clear_object (&self->spun);
  g_clear_pointer (&self->header, tessera_record_free);
  g_clear_pointer (&self->wheel_report, g_free);
  g_array_unref (self->order);
  g_array_unref (self->plague);
  g_array_unref (self->crop_moves);
  g_array_unref (self->placements);
  g_array_unref (self->markers);
  g_array_unref (self->choices);
  g_free (self);
}

TesseraGame *
tessera_turn_get_game (TesseraTurn *self)
{
  return self->game;
}

TesseraTurnStep
tessera_turn_get_step (TesseraTurn *self)
{
  return self->step;
}

guint
tessera_turn_get_player (TesseraTurn *self)
{
  return self->player;
}

/* The player who must choose now: in the Plague and crop-circle rounds, each in turn. */
guint
tessera_turn_get_asked_player (TesseraTurn *self)
{
  if ((self->step == TESSERA_TURN_PLAGUE || self->step == TESSERA_TURN_CROP_MOVE) && self->asked < self->order->len)
    return g_array_index (self->order, guint, self->asked);
  return self->player;
}

const TesseraBoxEntry *
tessera_turn_get_entry (TesseraTurn *self)
{
  return self->entry;
}

gboolean
tessera_turn_get_placement (TesseraTurn *self,
                            TesseraCell *cell,
                            guint       *rotation)
{
  if (cell != NULL)
    *cell = self->cell;
  if (rotation != NULL)
    *rotation = self->rotation;
  return self->placed;
}

/* The rotations, a bit each, in which the drawn tile may go at @cell. */
guint
tessera_turn_get_rotations_at (TesseraTurn *self,
                               TesseraCell  cell)
{
  guint rotations = 0;

  for (guint i = 0; i < self->placements->len; i++)
    {
      const TesseraPlacement *placement = &g_array_index (self->placements, TesseraPlacement, i);

      if (placement->cell.x == cell.x && placement->cell.y == cell.y)
        rotations |= 1u << placement->rotation;
    }
  return rotations;
}

const TesseraPlacement *
tessera_turn_get_placements (TesseraTurn *self,
                             guint       *n_placements)
{
  *n_placements = self->step == TESSERA_TURN_PLACE ? self->placements->len : 0;
  return (const TesseraPlacement *) self->placements->data;
}

const TesseraBoardMarker *
tessera_turn_get_markers (TesseraTurn *self,
                          guint       *n_markers)
{
  *n_markers = self->markers->len;
  return (const TesseraBoardMarker *) self->markers->data;
}

/* The wheel segment the drawn tile takes the pig to, or -1. */
int
tessera_turn_get_landing (TesseraTurn *self)
{
  return self->entry != NULL && self->spins ? (int) self->landing : -1;
}

const char *
tessera_turn_get_wheel_report (TesseraTurn *self)
{
  return self->wheel_report;
}

TesseraTurnMode
tessera_turn_get_mode (TesseraTurn *self)
{
  return self->mode;
}

TesseraMagicFigure
tessera_turn_get_figure (TesseraTurn *self)
{
  return self->figure;
}

TesseraCell
tessera_turn_get_tower_cell (TesseraTurn *self,
                             guint       *height)
{
  if (height != NULL)
    *height = self->tower_height;
  return self->tower_at;
}

/* Markers ---------------------------------------------------------------------------------- */

static void
clear_markers (TesseraTurn *self)
{
  g_array_set_size (self->markers, 0);
  g_array_set_size (self->choices, 0);
}

/* The tile shown at @cell: the new one while the turn is entered, or the board's. */
static gboolean
tile_at (TesseraTurn            *self,
         TesseraGame            *game,
         TesseraCell             cell,
         const TesseraTileType **type,
         guint                  *rotation)
{
  const TesseraPlacedTile *tile;

  if (self->placed && cell.x == self->cell.x && cell.y == self->cell.y)
    {
      *type = self->entry->type;
      *rotation = self->rotation;
      return TRUE;
    }
  tile = tessera_board_lookup (tessera_game_get_board (game), cell);
  if (tile == NULL)
    return FALSE;
  *type = tile->type;
  *rotation = tile->rotation;
  return TRUE;
}

static void
add_spot_marker (TesseraTurn *self,
                 TesseraCell  cell,
                 guint        segment,
                 const char  *spot)
{
  TesseraBoardMarker marker = { TESSERA_MARKER_SPOT, cell, segment, 0, 0 };
  Choice choice = { { cell, "" }, 0, 0 };

  g_strlcpy (choice.ref.spot, spot, sizeof choice.ref.spot);
  g_array_append_val (self->markers, marker);
  g_array_append_val (self->choices, choice);
}

/* A marker for a piece named as records name it, if the spot is on a tile. */
static void
add_ref_marker (TesseraTurn           *self,
                TesseraGame           *game,
                const TesseraPieceRef *ref)
{
  const TesseraTileType *type;
  guint rotation;
  int segment;

  if (!tile_at (self, game, ref->at, &type, &rotation))
    return;
  segment = tessera_spot_resolve (type, rotation, ref->spot, NULL);
  if (segment >= 0)
    add_spot_marker (self, ref->at, (guint) segment, ref->spot);
}

static void
add_piece_marker (TesseraTurn *self,
                  TesseraGame *game,
                  guint        segment)
{
  TesseraBoard *board = tessera_game_get_board (game);
  const TesseraPlacedTile *tile = tessera_board_segment_tile (board, segment);
  guint local = segment - tile->first_segment;
  char spot[TESSERA_SPOT_NAME_SIZE];

  add_spot_marker (self, tile->cell, local, tessera_spot_name (tile->type, tile->rotation, local, spot));
}

static void
add_cell_marker (TesseraTurn *self,
                 TesseraCell  cell)
{
  TesseraBoardMarker marker = { TESSERA_MARKER_CELL, cell, 0, 0, 0 };
  Choice choice = { { cell, "C" }, 0, 0 };

  g_array_append_val (self->markers, marker);
  g_array_append_val (self->choices, choice);
}

static void
add_crown_marker (TesseraTurn *self,
                  guint        segment,
                  guint        space)
{
  TesseraBoardMarker marker = { TESSERA_MARKER_CROWN, { 0, 0 }, 0, segment, space };
  Choice choice = { { { 0, 0 }, "" }, segment, space };

  g_array_append_val (self->markers, marker);
  g_array_append_val (self->choices, choice);
}

static const TesseraTower *
find_tower (TesseraGame *game,
            TesseraCell  cell)
{
  GArray *towers;

  if (!tessera_game_has_tower (game))
    return NULL;
  towers = tessera_game_get_towers (game);
  for (guint i = 0; i < towers->len; i++)
    {
      const TesseraTower *tower = &g_array_index (towers, TesseraTower, i);

      if (tower->at.x == cell.x && tower->at.y == cell.y)
        return tower;
    }
  return NULL;
}

/* The Plague takes back a follower from a land tile: any of the player's, a tower top too. */
static void
list_plague_markers (TesseraTurn *self,
                     guint        player)
{
  guint n_pieces;
  const TesseraPiece *pieces = tessera_game_get_pieces (self->game, &n_pieces);

  for (guint i = 0; i < n_pieces; i++)
    {
      const TesseraPlacedTile *tile = tessera_board_lookup (tessera_game_get_board (self->game), pieces[i].cell);

      if (pieces[i].player == player && tile != NULL && !tile->type->board_square)
        add_piece_marker (self, self->game, pieces[i].segment);
    }
  if (tessera_game_has_tower (self->game))
    {
      GArray *towers = tessera_game_get_towers (self->game);

      for (guint i = 0; i < towers->len; i++)
        if (g_array_index (towers, TesseraTower, i).top == (int) player)
          add_cell_marker (self, g_array_index (towers, TesseraTower, i).at);
    }
}

/* The game as the wheel left it: the placement and the actions come after the wheel (W10). */
static TesseraGame *
action_game (TesseraTurn *self)
{
  return self->spun != NULL ? self->spun : self->game;
}

static void
list_magic_markers (TesseraTurn *self)
{
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (TesseraPieceRef));

  tessera_game_list_magic_targets (action_game (self), self->entry->type, self->cell, self->rotation, self->figure, targets);
  for (guint i = 0; i < targets->len; i++)
    add_ref_marker (self, action_game (self), &g_array_index (targets, TesseraPieceRef, i));
}

/* Where the Plague took a follower away, or the crowns sent one home, a feature or a crown
 * space may be free again, and the follower back in supply, in time for this turn. */
static void
list_follower_markers (TesseraTurn *self)
{
  TesseraGame *game = action_game (self);
  const TesseraWheelBoard *wheel = tessera_game_get_wheel (game);
  g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (guint));

  tessera_game_list_follower_spots (game, self->entry->type, self->cell, self->rotation, segments);
  for (guint i = 0; i < segments->len; i++)
    {
      guint segment = g_array_index (segments, guint, i);
      char spot[TESSERA_SPOT_NAME_SIZE];

      add_spot_marker (self, self->cell, segment, tessera_spot_name (self->entry->type, self->rotation, segment, spot));
    }
  for (guint s = 0; wheel != NULL && s < wheel->n_segments; s++)
    for (guint k = 0; k < wheel->segments[s].n_crowns; k++)
      if (tessera_game_get_crown_occupant (game, s, k) < 0)
        add_crown_marker (self, s, k);
}

static void
list_action_markers (TesseraTurn *self)
{
  TesseraGame *game = action_game (self);
  guint followers = tessera_game_get_followers_in_supply (game, self->player);

  switch (self->mode)
    {
    case TESSERA_TURN_MODE_FOLLOWER:
      if (followers > 0)
        list_follower_markers (self);
      break;

    case TESSERA_TURN_MODE_TOWER:
      if (tessera_game_get_tower_pieces (game, self->player) > 0)
        {
          g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (TesseraCell));

          tessera_game_list_tower_targets (game, cells);
          if (self->entry->type->tower)
            g_array_append_val (cells, self->cell);
          for (guint i = 0; i < cells->len; i++)
            add_cell_marker (self, g_array_index (cells, TesseraCell, i));
        }
      break;

    case TESSERA_TURN_MODE_TOWER_TOP:
      if (followers > 0 && tessera_game_has_tower (game))
        {
          GArray *towers = tessera_game_get_towers (game);

          for (guint i = 0; i < towers->len; i++)
            {
              const TesseraTower *tower = &g_array_index (towers, TesseraTower, i);

              if (tower->top < 0 && tower->height > 0)
                add_cell_marker (self, tower->at);
            }
        }
      break;

    default:
      g_assert_not_reached ();
    }
}

static void
list_capture_markers (TesseraTurn *self)
{
  g_autoptr(GArray) pieces = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) tops = g_array_new (FALSE, FALSE, sizeof (guint));
  TesseraGame *game = action_game (self);
  guint n_pieces;
  const TesseraPiece *all = tessera_game_get_pieces (game, &n_pieces);

  tessera_game_list_captures (game, self->player, self->tower_at, self->tower_height, pieces, tops);
  for (guint i = 0; i < pieces->len; i++)
    add_piece_marker (self, game, all[g_array_index (pieces, guint, i)].segment);
  for (guint i = 0; i < tops->len; i++)
    add_cell_marker (self, g_array_index (tessera_game_get_towers (game), TesseraTower,
                                          g_array_index (tops, guint, i)).at);
}

static TesseraFeatureKind
crop_kind (TesseraCropKind crop)
{
  return crop == TESSERA_CROP_CITY ? TESSERA_FEATURE_CITY
         : crop == TESSERA_CROP_ROAD ? TESSERA_FEATURE_ROAD : TESSERA_FEATURE_FIELD;
}

/* Add: any segment of a feature of the circle's kind where the player already has a follower
 * of that kind; remove: one of those followers. On the board as the turn left it. */
static void
list_crop_markers (TesseraTurn *self,
                   guint        player)
{
  TesseraGame *game = self->after != NULL ? self->after : self->game;
  TesseraBoard *board = tessera_game_get_board (game);
  TesseraFeatureKind kind = crop_kind (self->entry->type->crop);
  g_autoptr(GArray) roots = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n_pieces;
  const TesseraPiece *pieces = tessera_game_get_pieces (game, &n_pieces);

  for (guint i = 0; i < n_pieces; i++)
    {
      guint root;
      gboolean seen = FALSE;
      g_autoptr(GArray) cells = NULL;

      if (pieces[i].player != player || pieces[i].kind != kind)
        continue;
      if (!self->crop_add)
        {
          add_piece_marker (self, game, pieces[i].segment);
          continue;
        }
      if (tessera_game_get_followers_in_supply (game, player) == 0)
        continue;
      root = tessera_board_find (board, pieces[i].segment);
      for (guint r = 0; r < roots->len && !seen; r++)
        seen = g_array_index (roots, guint, r) == root;
      if (seen)
        continue;
      g_array_append_val (roots, root);

      cells = g_array_new (FALSE, FALSE, sizeof (TesseraCell));
      tessera_board_feature_cells (board, pieces[i].segment, cells);
      for (guint c = 0; c < cells->len; c++)
        {
          const TesseraPlacedTile *tile = tessera_board_lookup (board, g_array_index (cells, TesseraCell, c));

          for (guint s = 0; tile != NULL && s < tile->type->n_segments; s++)
            if (tessera_board_find (board, tile->first_segment + s) == root)
              add_piece_marker (self, game, tile->first_segment + s);
        }
    }
}

/* Steps ------------------------------------------------------------------------------------- */

static gboolean
lands_on_plague (TesseraTurn *self)
{
  const TesseraWheelBoard *wheel = tessera_game_get_wheel (self->game);

  return self->spins && g_strcmp0 (wheel->segments[self->landing].name, "plague") == 0;
}

/* The next player of a round who has anything to choose; the others are recorded as passing. */
static gboolean
ask_next (TesseraTurn *self,
          GArray      *moves)
{
  while (self->asked < self->order->len)
    {
      guint player = g_array_index (self->order, guint, self->asked);

      clear_markers (self);
      if (self->step == TESSERA_TURN_PLAGUE)
        list_plague_markers (self, player);
      else
        list_crop_markers (self, player);
      if (self->markers->len > 0)
        return TRUE;

      {
        TesseraPieceChoice none = { (int) player, FALSE, { { 0, 0 }, "" } };

        g_array_append_val (moves, none);
      }
      self->asked++;
    }
  return FALSE;
}

static void
set_order (TesseraTurn *self,
           guint        first)
{
  guint n = tessera_game_get_n_players (self->game);

  g_array_set_size (self->order, 0);
  for (guint i = 0; i < n; i++)
    {
      guint player = (first + i) % n;

      g_array_append_val (self->order, player);
    }
  self->asked = 0;
}

/* The turn so far as an event of the record; @crop_trial: the crop circle with everybody
 * passing, to see the board as the turn leaves it before the circle acts. */
static TesseraEvent *
build_event (TesseraTurn            *self,
             const TesseraPlacement *placement,
             gboolean                crop_trial)
{
  g_autoptr(TesseraEvent) event = NULL;

  if (placement == NULL)
    event = tessera_event_new_discard (self->player, self->entry->id);
  else
    event = tessera_event_new_turn (self->player, self->entry->id, placement->cell, placement->rotation * 90);

  if (lands_on_plague (self) && self->plague->len > 0)
    tessera_event_set_plague (event, (const TesseraPieceChoice *) (gpointer) self->plague->data, self->plague->len);

  if (placement == NULL)
    return g_steal_pointer (&event);

  if (self->magic_chosen)
    tessera_event_set_magic (event, self->figure, self->magic_has_to ? &self->magic_to : NULL);

  switch (self->action)
    {
    case TESSERA_ACTION_NONE:
      break;
    case TESSERA_ACTION_FOLLOWER:
      tessera_event_set_follower (event, self->spot);
      break;
    case TESSERA_ACTION_CROWN:
      tessera_event_set_crown (event, self->crown);
      break;
    case TESSERA_ACTION_TOWER:
    case TESSERA_ACTION_TOWER_TOP:
      tessera_event_set_tower (event, self->tower_at, self->action == TESSERA_ACTION_TOWER_TOP,
                               self->action == TESSERA_ACTION_TOWER && self->has_capture ? &self->capture : NULL);
      break;
    default:
      g_assert_not_reached ();
    }

  if (self->entry->type->crop != TESSERA_CROP_NONE && tessera_record_has_set (self->header, "crop-circles"))
    {
      if (crop_trial)
        {
          g_autofree TesseraPieceChoice *passes = g_new0 (TesseraPieceChoice, MAX (self->order->len, 1));

          for (guint i = 0; i < self->order->len; i++)
            passes[i].player = (int) g_array_index (self->order, guint, i);
          tessera_event_set_crop (event, TRUE, passes, self->order->len);
        }
      else if (self->step == TESSERA_TURN_CONFIRM)
        tessera_event_set_crop (event, self->crop_add,
                                (const TesseraPieceChoice *) (gpointer) self->crop_moves->data, self->crop_moves->len);
    }
  return g_steal_pointer (&event);
}

/* The game as the turn leaves it before the crop circle acts: the turn applied to a copy, with
 * every player passing on the circle. */
static TesseraGame *
game_before_crop (TesseraTurn *self)
{
  TesseraPlacement placement = { self->cell, (guint8) self->rotation };
  guint n_events = tessera_game_get_n_events (self->game);
  g_autoptr(TesseraGame) copy = tessera_game_copy_at (self->game, n_events);
  g_autoptr(TesseraEvent) event = build_event (self, &placement, TRUE);

  if (copy == NULL || !tessera_game_apply (copy, event, NULL))
    return NULL;
  return g_steal_pointer (&copy);
}

/* Turns the wheel on a copy of the game, as the drawn tile does before it is placed (with the
 * Plague's choices), and says in sentences what it did: the action of the segment where the pig
 * stops and the crown spaces there. */
static void
spin_wheel (TesseraTurn *self)
{
  const TesseraWheelBoard *wheel = tessera_game_get_wheel (self->game);
  guint n_events = tessera_game_get_n_events (self->game);
  g_autoptr(GString) report = g_string_new (NULL);
  g_autoptr(TesseraGame) copy = tessera_game_copy_at (self->game, n_events);
  g_autoptr(TesseraEvent) event = build_event (self, NULL, FALSE);
  guint n_before = tessera_game_get_n_score_events (self->game);
  const char * const *names = tessera_game_get_player_names (self->game);
  gboolean scored = FALSE;

  g_clear_object (&self->spun);
  if (copy != NULL && event != NULL && tessera_game_spin_wheel (copy, event, NULL))
    self->spun = g_steal_pointer (&copy);

  g_string_printf (report, g_dngettext (GETTEXT_PACKAGE, "The pig moves %u segment, to %s.",
                                        "The pig moves %u segments, to %s.", self->entry->wheel),
                   self->entry->wheel,
                   tessera_wheel_segment_phrase (wheel->segments[self->landing].name));
  if (self->spun != NULL)
    {
      guint n_scores;
      const TesseraScoreEvent *scores = tessera_game_get_score_events (self->spun, &n_scores);

      for (guint i = n_before; i < n_scores; i++)
        {
          g_autofree char *why = tessera_score_event_describe_briefly (&scores[i], names);

          g_string_append_printf (report, "\n%s %+d: %s", names[scores[i].player], scores[i].points, why);
          scored = TRUE;
        }
      if (!scored)
        g_string_append_printf (report, "\n%s", _("Nobody scores."));
    }

  g_free (self->wheel_report);
  self->wheel_report = g_string_free (g_steal_pointer (&report), FALSE);
}

static gboolean
placement_joins_figures (TesseraTurn *self)
{
  TesseraBoard *board = tessera_game_get_board (self->game);
  int mage = tessera_game_get_magic_segment (self->game, TESSERA_MAGIC_MAGE);
  int witch = tessera_game_get_magic_segment (self->game, TESSERA_MAGIC_WITCH);
  guint mage_root, witch_root;

  if (mage < 0 || witch < 0)
    return FALSE;
  mage_root = tessera_board_find (board, (guint) mage);
  witch_root = tessera_board_find (board, (guint) witch);
  for (guint s = 0; s < self->entry->type->n_segments; s++)
    {
      guint roots[8];
      guint n = tessera_board_list_joined_features (board, self->entry->type, self->cell, self->rotation, s, roots);
      gboolean has_mage = FALSE, has_witch = FALSE;

      for (guint i = 0; i < n; i++)
        {
          has_mage |= roots[i] == mage_root;
          has_witch |= roots[i] == witch_root;
        }
      if (has_mage && has_witch)
        return TRUE;
    }
  return FALSE;
}

static void
after_action (TesseraTurn *self)
{
  if (self->entry->type->crop != TESSERA_CROP_NONE && tessera_record_has_set (self->header, "crop-circles"))
    enter_step (self, TESSERA_TURN_CROP_CHOICE);
  else
    enter_step (self, TESSERA_TURN_CONFIRM);
}

static void
enter_step (TesseraTurn     *self,
            TesseraTurnStep  step)
{
  self->step = step;
  clear_markers (self);

  switch (step)
    {
    case TESSERA_TURN_DRAW:
    case TESSERA_TURN_DISCARD:
    case TESSERA_TURN_CROP_CHOICE:
    case TESSERA_TURN_CONFIRM:
      break;

    case TESSERA_TURN_PLAGUE:
      if (!ask_next (self, self->plague))
        {
          spin_wheel (self);
          enter_step (self, self->placements->len > 0 ? TESSERA_TURN_PLACE : TESSERA_TURN_DISCARD);
        }
      break;

    case TESSERA_TURN_PLACE:
      break;

    case TESSERA_TURN_MAGIC:
      list_magic_markers (self);
      break;

    case TESSERA_TURN_ACTION:
      list_action_markers (self);
      break;

    case TESSERA_TURN_CAPTURE:
      list_capture_markers (self);
      if (self->markers->len == 0)
        after_action (self);
      break;

    case TESSERA_TURN_CROP_MOVE:
      if (!ask_next (self, self->crop_moves))
        enter_step (self, TESSERA_TURN_CONFIRM);
      break;

    default:
      g_assert_not_reached ();
    }
}

/* Choices ----------------------------------------------------------------------------------- */

void
tessera_turn_choose_tile (TesseraTurn           *self,
                          const TesseraBoxEntry *entry)
{
  const TesseraWheelBoard *wheel = tessera_game_get_wheel (self->game);

  g_return_if_fail (entry != NULL);

  self->entry = entry;
  self->placed = FALSE;
  g_array_set_size (self->plague, 0);
  g_array_set_size (self->placements, 0);
  g_clear_pointer (&self->wheel_report, g_free);
  g_clear_object (&self->spun);
  tessera_board_list_placements (tessera_game_get_board (self->game), entry->type, self->placements);

  self->spins = wheel != NULL && entry->wheel > 0;
  if (self->spins)
    {
      self->landing = tessera_game_get_pig_landing (self->game, entry->wheel);
      if (lands_on_plague (self))
        {
          /* The Plague: the active player first, then clockwise. */
          set_order (self, self->player);
          enter_step (self, TESSERA_TURN_PLAGUE);
          return;
        }
      spin_wheel (self);
    }
  enter_step (self, self->placements->len > 0 ? TESSERA_TURN_PLACE : TESSERA_TURN_DISCARD);
}

gboolean
tessera_turn_place (TesseraTurn *self,
                    TesseraCell  cell,
                    guint        rotation)
{
  g_return_val_if_fail (self->step == TESSERA_TURN_PLACE, FALSE);

  /* Any rotation that fits: the placements list each distinct orientation once, and a record
   * may turn a symmetric tile either way. */
  if (!tessera_board_fits (tessera_game_get_board (self->game), self->entry->type, cell, rotation & 3))
    return FALSE;

  self->placed = TRUE;
  self->cell = cell;
  self->rotation = rotation & 3;
  self->action = TESSERA_ACTION_NONE;
  self->magic_chosen = FALSE;
  self->mode = TESSERA_TURN_MODE_FOLLOWER;
  self->magic_needed = tessera_game_has_magic (self->game)
                       && (self->entry->type->magic || placement_joins_figures (self));
  if (self->magic_needed)
    {
      /* Offer the figure that can go somewhere; the mage first. */
      self->figure = TESSERA_MAGIC_MAGE;
      enter_step (self, TESSERA_TURN_MAGIC);
      if (self->markers->len == 0)
        {
          self->figure = TESSERA_MAGIC_WITCH;
          enter_step (self, TESSERA_TURN_MAGIC);
          /* Nowhere to go: the figure to take off is one on the board. */
          if (self->markers->len == 0)
            self->figure = tessera_game_get_magic_segment (self->game, TESSERA_MAGIC_MAGE) >= 0
                           ? TESSERA_MAGIC_MAGE : TESSERA_MAGIC_WITCH;
        }
      /* Nowhere to go and nothing on the board to take off: the figures wait (M6). */
      if (self->markers->len == 0
          && tessera_game_get_magic_segment (self->game, TESSERA_MAGIC_MAGE) < 0
          && tessera_game_get_magic_segment (self->game, TESSERA_MAGIC_WITCH) < 0)
        self->magic_needed = FALSE;
    }
  if (self->magic_needed)
    enter_step (self, TESSERA_TURN_MAGIC);
  else
    enter_step (self, TESSERA_TURN_ACTION);
  return TRUE;
}

void
tessera_turn_set_figure (TesseraTurn        *self,
                         TesseraMagicFigure  figure)
{
  g_return_if_fail (self->step == TESSERA_TURN_MAGIC);

  self->figure = figure;
  enter_step (self, TESSERA_TURN_MAGIC);
}

void
tessera_turn_set_mode (TesseraTurn     *self,
                       TesseraTurnMode  mode)
{
  g_return_if_fail (self->step == TESSERA_TURN_ACTION);

  self->mode = mode;
  enter_step (self, TESSERA_TURN_ACTION);
}

void
tessera_turn_choose_marker (TesseraTurn *self,
                            guint        index)
{
  const Choice *choice;

  g_return_if_fail (index < self->choices->len);

  choice = &g_array_index (self->choices, Choice, index);
  switch (self->step)
    {
    case TESSERA_TURN_PLAGUE:
    case TESSERA_TURN_CROP_MOVE:
      {
        TesseraPieceChoice move = { (int) tessera_turn_get_asked_player (self), TRUE, choice->ref };

        g_array_append_val (self->step == TESSERA_TURN_PLAGUE ? self->plague : self->crop_moves, move);
        self->asked++;
        enter_step (self, self->step);
      }
      break;

    case TESSERA_TURN_MAGIC:
      self->magic_chosen = TRUE;
      self->magic_has_to = TRUE;
      self->magic_to = choice->ref;
      enter_step (self, TESSERA_TURN_ACTION);
      break;

    case TESSERA_TURN_ACTION:
      if (self->mode == TESSERA_TURN_MODE_FOLLOWER && g_array_index (self->markers, TesseraBoardMarker, index).kind == TESSERA_MARKER_CROWN)
        {
          self->action = TESSERA_ACTION_CROWN;
          tessera_wheel_crown_name (tessera_game_get_wheel (self->game), choice->crown_segment, choice->crown_space, self->crown);
          after_action (self);
        }
      else if (self->mode == TESSERA_TURN_MODE_FOLLOWER)
        {
          self->action = TESSERA_ACTION_FOLLOWER;
          g_strlcpy (self->spot, choice->ref.spot, sizeof self->spot);
          after_action (self);
        }
      else if (self->mode == TESSERA_TURN_MODE_TOWER)
        {
          const TesseraTower *tower = find_tower (self->game, choice->ref.at);

          self->action = TESSERA_ACTION_TOWER;
          self->tower_at = choice->ref.at;
          self->tower_height = (tower != NULL ? tower->height : 0) + 1;
          self->has_capture = FALSE;
          enter_step (self, TESSERA_TURN_CAPTURE);
        }
      else
        {
          self->action = TESSERA_ACTION_TOWER_TOP;
          self->tower_at = choice->ref.at;
          after_action (self);
        }
      break;

    case TESSERA_TURN_CAPTURE:
      self->has_capture = TRUE;
      self->capture = choice->ref;
      after_action (self);
      break;

    case TESSERA_TURN_DRAW:
    case TESSERA_TURN_DISCARD:
    case TESSERA_TURN_PLACE:
    case TESSERA_TURN_CROP_CHOICE:
    case TESSERA_TURN_CONFIRM:
    default:
      g_return_if_reached ();
    }
}

/* Whether the current step may be left without a choice: no follower, no capture, a crop-circle
 * pass, or a figure that has nowhere to go. */
gboolean
tessera_turn_can_skip (TesseraTurn *self)
{
  switch (self->step)
    {
    case TESSERA_TURN_ACTION:
    case TESSERA_TURN_CAPTURE:
      return TRUE;
    case TESSERA_TURN_CROP_MOVE:
      return self->crop_add;
    case TESSERA_TURN_MAGIC:
      return self->markers->len == 0;
    case TESSERA_TURN_DRAW:
    case TESSERA_TURN_PLAGUE:
    case TESSERA_TURN_DISCARD:
    case TESSERA_TURN_PLACE:
    case TESSERA_TURN_CROP_CHOICE:
    case TESSERA_TURN_CONFIRM:
    default:
      return FALSE;
    }
}

void
tessera_turn_skip (TesseraTurn *self)
{
  g_return_if_fail (tessera_turn_can_skip (self));

  switch (self->step)
    {
    case TESSERA_TURN_ACTION:
      self->action = TESSERA_ACTION_NONE;
      after_action (self);
      break;

    case TESSERA_TURN_CAPTURE:
      self->has_capture = FALSE;
      after_action (self);
      break;

    case TESSERA_TURN_CROP_MOVE:
      {
        TesseraPieceChoice none = { (int) tessera_turn_get_asked_player (self), FALSE, { { 0, 0 }, "" } };

        g_array_append_val (self->crop_moves, none);
        self->asked++;
        enter_step (self, TESSERA_TURN_CROP_MOVE);
      }
      break;

    case TESSERA_TURN_MAGIC:
      /* Nothing qualifies: the figure leaves the board. */
      self->magic_chosen = TRUE;
      self->magic_has_to = FALSE;
      enter_step (self, TESSERA_TURN_ACTION);
      break;

    case TESSERA_TURN_DRAW:
    case TESSERA_TURN_PLAGUE:
    case TESSERA_TURN_DISCARD:
    case TESSERA_TURN_PLACE:
    case TESSERA_TURN_CROP_CHOICE:
    case TESSERA_TURN_CONFIRM:
    default:
      g_return_if_reached ();
    }
}

void
tessera_turn_choose_crop (TesseraTurn *self,
                          gboolean     add)
{
  g_return_if_fail (self->step == TESSERA_TURN_CROP_CHOICE);

  self->crop_add = add;
  g_array_set_size (self->crop_moves, 0);
  /* From the active player's left round to the active player. */
  set_order (self, (self->player + 1) % tessera_game_get_n_players (self->game));
  g_clear_object (&self->after);
  self->after = game_before_crop (self);
  enter_step (self, TESSERA_TURN_CROP_MOVE);
}

/* One step back: the choices of the step left are forgotten. */
void
tessera_turn_back (TesseraTurn *self)
{
  switch (self->step)
    {
    case TESSERA_TURN_CONFIRM:
    case TESSERA_TURN_CROP_CHOICE:
    case TESSERA_TURN_CROP_MOVE:
    case TESSERA_TURN_CAPTURE:
      self->action = TESSERA_ACTION_NONE;
      self->has_capture = FALSE;
      g_array_set_size (self->crop_moves, 0);
      enter_step (self, TESSERA_TURN_ACTION);
      if (self->markers->len == 0 && !self->placed)
        enter_step (self, TESSERA_TURN_DRAW);
      break;

    case TESSERA_TURN_ACTION:
    case TESSERA_TURN_MAGIC:
      self->placed = FALSE;
      self->magic_chosen = FALSE;
      enter_step (self, TESSERA_TURN_PLACE);
      break;

    case TESSERA_TURN_PLACE:
    case TESSERA_TURN_PLAGUE:
    case TESSERA_TURN_DISCARD:
      self->entry = NULL;
      self->placed = FALSE;
      g_array_set_size (self->plague, 0);
      g_clear_pointer (&self->wheel_report, g_free);
      g_clear_object (&self->spun);
      enter_step (self, TESSERA_TURN_DRAW);
      break;

    case TESSERA_TURN_DRAW:
    default:
      break;
    }
}

/**
 * tessera_turn_build_event:
 *
 * Returns: (transfer full): the turn as entered, as the event the game applies and the history
 *   keeps
 */
TesseraEvent *
tessera_turn_build_event (TesseraTurn *self)
{
  TesseraPlacement placement = { self->cell, (guint8) self->rotation };

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (self->step == TESSERA_TURN_CONFIRM || self->step == TESSERA_TURN_DISCARD, NULL);

  return build_event (self, self->step == TESSERA_TURN_DISCARD ? NULL : &placement, FALSE);
}

/* What the player is asked to do now, in a sentence. */
/* What a segment is, as a choice's name: the engine's phrase ("city"), capitalised. */
static char *
feature_choice_name (TesseraFeatureKind kind)
{
  const char *phrase = tessera_feature_kind_phrase (kind);
  g_autofree char *first = g_utf8_strup (phrase, g_utf8_next_char (phrase) - phrase);

  return g_strconcat (first, g_utf8_next_char (phrase), NULL);
}

/**
 * tessera_turn_describe_marker:
 * @index: a marker of the current step
 *
 * A name for the choice that a player can read beside the board and a screen reader can say:
 * "City", "Field, north-west", "Road at 2, -1", "Crown 1 of Taxes", "Tower at 0, 3".
 *
 * Returns: (transfer full): the name
 */
char *
tessera_turn_describe_marker (TesseraTurn *self,
                              guint        index)
{
  const TesseraBoardMarker *marker;
  TesseraGame *game;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->markers->len, NULL);

  marker = &g_array_index (self->markers, TesseraBoardMarker, index);
  game = self->after != NULL ? self->after : action_game (self);
  switch (marker->kind)
    {
    case TESSERA_MARKER_CROWN:
      {
        const TesseraWheelBoard *wheel = tessera_game_get_wheel (game);
        const TesseraWheelSegment *segment = &wheel->segments[marker->wheel_segment];
        const char *phrase = tessera_wheel_segment_phrase (segment->name);

        if (segment->n_crowns > 1)
          /* Translators: a crown space of the wheel; %2$s is the wheel's segment, e.g. Taxes */
          return g_strdup_printf (_("Crown %1$u of %2$s"), marker->crown_space + 1, phrase);
        /* Translators: the crown space of a segment of the wheel, e.g. Fortuna */
        return g_strdup_printf (_("Crown of %s"), phrase);
      }

    case TESSERA_MARKER_CELL:
      /* Translators: a tower to build on or to close, at a cell of the board */
      return g_strdup_printf (_("Tower at %d, %d"), marker->cell.x, marker->cell.y);

    case TESSERA_MARKER_SPOT:
    default:
      {
        const TesseraTileType *type;
        guint rotation;
        TesseraFeatureKind kind;
        gboolean twin = FALSE;
        const char *direction = NULL;
        g_autofree char *what = NULL;
        g_autofree char *name = NULL;
        double x, y;

        if (!tile_at (self, game, marker->cell, &type, &rotation) || marker->segment >= type->n_segments)
          return g_strdup_printf (_("Choice %u"), index + 1);
        kind = type->segments[marker->segment].kind;
        /* The direction only where the kind alone does not tell two choices on the tile apart. */
        for (guint i = 0; i < self->markers->len; i++)
          {
            const TesseraBoardMarker *other = &g_array_index (self->markers, TesseraBoardMarker, i);

            twin |= i != index && other->kind == TESSERA_MARKER_SPOT
                    && other->cell.x == marker->cell.x && other->cell.y == marker->cell.y
                    && other->segment < type->n_segments && type->segments[other->segment].kind == kind;
          }
        if (twin)
          {
            tessera_tile_layout_get_segment_point (type, rotation, marker->segment, &x, &y);
            direction = tessera_direction_phrase (x, y);
          }
        /* Translators: a choice on a tile: its feature and where on the tile, e.g. "Field, north" */
        name = feature_choice_name (kind);
        what = direction != NULL ? g_strdup_printf (_("%1$s, %2$s"), name, direction) : g_steal_pointer (&name);
        if (self->placed && marker->cell.x == self->cell.x && marker->cell.y == self->cell.y)
          return g_steal_pointer (&what);
        /* Translators: a choice on a tile elsewhere on the board, e.g. "Road at 2, -1" */
        return g_strdup_printf (_("%1$s at %2$d, %3$d"), what, marker->cell.x, marker->cell.y);
      }
    }
}

char *
tessera_turn_describe_step (TesseraTurn *self)
{
  const char * const *names = tessera_game_get_player_names (self->game);
  const char *name = names[self->player];
  const char *asked = names[tessera_turn_get_asked_player (self)];

  switch (self->step)
    {
    case TESSERA_TURN_DRAW:
      if (tessera_game_get_tiles_left (self->game) == 0)
        return g_strdup (_("Every tile Tessera counts in this box is placed. If a tile was still drawn, choose “Tile Not in the List…”; otherwise choose “End the Game Now…” in the menu for the final scoring."));
      return g_strdup_printf (_("Which tile did %s draw? Pick it below, or type its id."), name);
    case TESSERA_TURN_PLAGUE:
      return g_strdup_printf (_("The Plague: %s takes back one of their followers. Click it on the board."), asked);
    case TESSERA_TURN_DISCARD:
      return g_strdup_printf (_("Tile %s fits nowhere on the board. It goes back in the box and %s draws again."),
                              self->entry->id, name);
    case TESSERA_TURN_PLACE:
      return g_strdup (_("Click a highlighted cell to place the tile. R or a right click turns it."));
    case TESSERA_TURN_MAGIC:
      if (self->markers->len == 0)
        return g_strdup_printf (self->figure == TESSERA_MAGIC_MAGE
                                ? _("The mage has nowhere to go: %s takes it off the board.")
                                : _("The witch has nowhere to go: %s takes it off the board."), name);
      return g_strdup (self->figure == TESSERA_MAGIC_MAGE
                       ? _("Where does the mage go? Click a road or city, or switch to the witch.")
                       : _("Where does the witch go? Click a road or city, or switch to the mage."));
    case TESSERA_TURN_ACTION:
      switch (self->mode)
        {
        case TESSERA_TURN_MODE_TOWER:
          return self->markers->len > 0
                 ? g_strdup_printf (_("Click the foundation or tower where %s adds a floor."), name)
                 : g_strdup_printf (_("%s has no tower piece left, or there is no tower to build on."), name);
        case TESSERA_TURN_MODE_TOWER_TOP:
          return self->markers->len > 0
                 ? g_strdup_printf (_("Click the tower %s closes with a follower."), name)
                 : g_strdup (_("There is no tower to close, or no follower in supply."));
        case TESSERA_TURN_MODE_FOLLOWER:
        default:
          return self->markers->len > 0
                 ? g_strdup_printf (_("Does %s place a follower? Click a spot, or choose “No Follower”."), name)
                 : g_strdup_printf (_("%s cannot place a follower here."), name);
        }
    case TESSERA_TURN_CAPTURE:
      return g_strdup_printf (_("Which follower in the tower's range does %s capture?"), name);
    case TESSERA_TURN_CROP_CHOICE:
      return g_strdup_printf (_("The crop circle: does %s choose that everybody adds or removes a follower?"), name);
    case TESSERA_TURN_CROP_MOVE:
      return self->crop_add
             ? g_strdup_printf (_("Crop circle: where does %s add a follower? Click a spot, or pass."), asked)
             : g_strdup_printf (_("Crop circle: which follower does %s take back?"), asked);
    case TESSERA_TURN_CONFIRM:
      return g_strdup (_("Check the board, then confirm the turn."));
    default:
      g_return_val_if_reached (NULL);
    }
}
