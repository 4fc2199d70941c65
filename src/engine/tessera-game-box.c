/* tessera-game-box.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-game"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "tessera-engine-private.h"
#include "tessera-box.h"
#include "tessera-game-private.h"
#include "tessera-spot.h"

/* The box of a game: the tiles the sets bring, corrected by the record's "box" for a box as
 * it really is, what is left in it, and the checks of a drawn tile against it. */

/* The tiles of every box in play, each kind once: "A" from two boxes is one kind with both
 * counts. The same boxes always give the same list, so each combination is built once and
 * shared by every game. */
typedef struct
{
  GArray       *box;           /* TesseraSupplyEntry, full counts */
  gint16       *box_by_kind;   /* type index x 4 + wheel number -> index in box, or -1 */
  guint         n_box_by_kind;
  TesseraBoard *start_board;   /* the wheel board, or the start tile, on an empty table */
  WheelAction   wheel_actions[TESSERA_WHEEL_SEGMENTS];   /* with the wheel board */
} BoxContents;

const char * const _tessera_game_boxes[TESSERA_GAME_N_BOXES] = {
  "base", "wheel-of-fortune", "tower", "mage-witch", "crop-circles"
};

#define N_CROP_TILES 6

/* @mask: a bit per set of boxes[], then a bit per crop-circle tile in the box. */
static BoxContents *
build_box (TesseraCatalogue *catalogue,
           guint             mask)
{
  BoxContents *contents = g_new0 (BoxContents, 1);

  contents->box = g_array_new (FALSE, FALSE, sizeof (TesseraSupplyEntry));
  contents->n_box_by_kind = tessera_catalogue_get_n_types (catalogue) * 4;
  contents->box_by_kind = g_new (gint16, contents->n_box_by_kind);
  memset (contents->box_by_kind, 0xff, sizeof (gint16) * contents->n_box_by_kind);

  for (guint b = 0; b < TESSERA_GAME_N_BOXES; b++)
    {
      const TesseraTileSet *set;

      if (!(mask & (1u << b)))
        continue;
      set = tessera_catalogue_get_set (catalogue, _tessera_game_boxes[b]);
      for (guint i = 0; i < set->box->len; i++)
        {
          const TesseraBoxEntry *entry = g_ptr_array_index (set->box, i);
          guint kind = entry->type->index * 4 + entry->wheel;

          /* Of the crop-circle tiles, only those the record says are in the box. */
          if (g_str_equal (_tessera_game_boxes[b], "crop-circles") && !(mask & (1u << (TESSERA_GAME_N_BOXES + i))))
            continue;

          if (contents->box_by_kind[kind] >= 0)
            g_array_index (contents->box, TesseraSupplyEntry, contents->box_by_kind[kind]).left += entry->count;
          else
            {
              TesseraSupplyEntry supply = { entry, entry->count, entry->wheel, entry->type };

              contents->box_by_kind[kind] = (gint16) contents->box->len;
              g_array_append_val (contents->box, supply);
            }
        }
    }

  /* The table every game with these boxes starts from, as tessera_game_new() chooses it; each
   * game copies it instead of laying it out again. */
  contents->start_board = tessera_board_new ();
  if (mask & WHEEL_BOX_BIT)
    {
      const TesseraWheelBoard *wheel = tessera_catalogue_get_set (catalogue, "wheel-of-fortune")->board;

      _tessera_wheel_lay_board (wheel, contents->start_board);
      _tessera_wheel_read_actions (wheel, contents->wheel_actions);
    }
  else
    tessera_board_place (contents->start_board, tessera_catalogue_get_set (catalogue, "base")->start,
                         (TesseraCell) { 0, 0 }, 0);
  return contents;
}

/* @mask: a bit per set of boxes[] in play. */
gboolean
_tessera_game_collect_box (TesseraGame  *self,
                           guint         mask,
                           GError      **error)
{
  static BoxContents *cache[1u << (TESSERA_GAME_N_BOXES + N_CROP_TILES)];
  G_LOCK_DEFINE_STATIC (cache);
  const BoxContents *contents;

  if (self->crop_circles)
    {
      const TesseraTileSet *crop = tessera_catalogue_get_set (self->catalogue, "crop-circles");
      const GameSetup *setup = self->setup;

      g_assert (crop->box->len == N_CROP_TILES);
      for (guint i = 0; i < crop->box->len; i++)
        {
          const TesseraBoxEntry *entry = g_ptr_array_index (crop->box, i);
          gboolean in_box = setup->crop_circle_tiles == NULL;

          for (guint n = 0; n < setup->n_crop_circle_tiles && !in_box; n++)
            in_box = g_str_equal (setup->crop_circle_tiles[n], entry->id);
          if (in_box)
            mask |= 1u << (TESSERA_GAME_N_BOXES + i);
        }
      for (guint n = 0; n < setup->n_crop_circle_tiles; n++)
        if (tessera_tile_set_lookup_entry (crop, setup->crop_circle_tiles[n]) == NULL)
          {
            g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD,
                         _("record: \"crop_circle_tiles\" names %s, which is not a crop-circle tile (they are CC2-1 to CC2-6)"),
                         setup->crop_circle_tiles[n]);
            return FALSE;
          }
    }

  G_LOCK (cache);
  if (cache[mask] == NULL)
    cache[mask] = build_box (self->catalogue, mask);
  contents = cache[mask];
  G_UNLOCK (cache);

  self->box = self->catalogue_box = contents->box;
  self->box_by_kind = self->catalogue_box_by_kind = contents->box_by_kind;
  self->n_box_by_kind = contents->n_box_by_kind;
  self->start_board = contents->start_board;
  self->wheel_actions = contents->wheel_actions;
  return TRUE;
}

/* The box is shared by every game with the same sets until one corrects it: then it gets a
 * copy of its own. */
static void
own_the_box (TesseraGame *self)
{
  if (self->own_box != NULL)
    return;
  self->own_box = g_array_copy ((GArray *) self->box);
  self->own_box_by_kind = g_memdup2 (self->box_by_kind, sizeof (gint16) * self->n_box_by_kind);
  self->box = self->own_box;
  self->box_by_kind = self->own_box_by_kind;
}

/* Sets the copies of @entry's kind in the box, adding the kind when none of the sets in play
 * has it. Returns: the kind's index in the box. */
static guint
set_box_copies (TesseraGame           *self,
                const TesseraBoxEntry *entry,
                guint                  copies)
{
  guint kind = entry->type->index * 4 + entry->wheel;

  own_the_box (self);
  if (self->own_box_by_kind[kind] < 0)
    {
      TesseraSupplyEntry added = { entry, copies, entry->wheel, entry->type };

      self->own_box_by_kind[kind] = (gint16) self->own_box->len;
      g_array_append_val (self->own_box, added);
    }
  g_array_index (self->own_box, TesseraSupplyEntry, self->own_box_by_kind[kind]).left = copies;
  return (guint) self->own_box_by_kind[kind];
}

/* The record's "box": the counts of the physical box where they differ from the catalogue's. */
gboolean
_tessera_game_correct_box (TesseraGame  *self,
                           GError      **error)
{
  TesseraBoxSets sets;

  _tessera_game_setup_get_box_sets (self->setup, &sets);
  if (!_tessera_box_check_counts (self->catalogue, &sets, self->setup->box, self->setup->n_box, error))
    {
      g_prefix_error (error, "%s: ", _("record"));
      return FALSE;
    }
  for (guint i = 0; i < self->setup->n_box; i++)
    set_box_copies (self, tessera_box_find_entry (self->catalogue, &sets, self->setup->box[i].tile, NULL),
                    self->setup->box[i].copies);
  return TRUE;
}

static TesseraSupplyEntry *
find_kind (TesseraGame           *self,
           const TesseraTileType *type,
           guint                  wheel)
{
  guint kind;

  if (type == NULL || wheel > 3)
    return NULL;
  kind = type->index * 4 + wheel;
  if (kind >= self->n_box_by_kind || self->box_by_kind[kind] < 0)
    return NULL;
  return &g_array_index (self->supply, TesseraSupplyEntry, self->box_by_kind[kind]);
}

static TesseraSupplyEntry *
find_supply (TesseraGame *self,
             const char  *tile)
{
  guint wheel;
  const TesseraTileType *type = tessera_catalogue_parse_tile_id (self->catalogue, tile, &wheel);

  return find_kind (self, type, wheel);
}

static TesseraSupplyEntry *
find_event_supply (TesseraGame        *self,
                   const TesseraEvent *event)
{
  if (event->tile_type == NULL)
    return find_supply (self, event->tile);
  return find_kind (self, event->tile_type, event->tile_wheel);
}

const TesseraBoxEntry *
tessera_game_lookup_tile (TesseraGame  *self,
                          const char   *tile,
                          GError      **error)
{
  TesseraSupplyEntry *supply = find_supply (self, tile);

  if (supply == NULL)
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE, _("there is no tile %s in the box of this game"), tile);
      return NULL;
    }
  return supply->entry;
}

/* A tile the box of this game does not have: perhaps the family's box does. */
static gboolean
refuse_missing_tile (TesseraGame         *self,
                     const TesseraEvent  *event,
                     GError             **error)
{
  TesseraBoxSets sets;

  _tessera_game_setup_get_box_sets (self->setup, &sets);
  if (tessera_box_find_entry (self->catalogue, &sets, event->tile, NULL) != NULL)
    return _tessera_game_rule_error (self, event, error,
                                     _("there is no tile %s in the box of this game; if your box has one, correct the box's count"),
                                     event->tile);
  return _tessera_game_rule_error (self, event, error, _("there is no tile %s in the box of this game"), event->tile);
}

/* Every copy of a kind is out: says where they are, and how to go on when the box on the
 * table holds one more than Tessera thinks. */
static gboolean
refuse_used_up_tile (TesseraGame              *self,
                     const TesseraEvent       *event,
                     const TesseraSupplyEntry *supply,
                     GError                  **error)
{
  /* All the boxes' copies: with both boxes, D has 4 + 3. */
  guint copies = g_array_index (self->box, TesseraSupplyEntry,
                                supply - &g_array_index (self->supply, TesseraSupplyEntry, 0)).left;
  guint on_board = 0;
  g_autofree char *where = NULL;

  if (copies == 0)
    return _tessera_game_rule_error (self, event, error,
                                     _("no %s is in this box: its count was corrected to 0; if your box has one, correct the box's count"),
                                     event->tile);

  for (guint i = 0; i < self->n_placed; i++)
    if (self->placed[i] != NULL && self->placed[i]->type == supply->type && self->placed[i]->wheel == supply->wheel)
      on_board++;
  if (self->start_tile != NULL && supply->type == self->start_tile && supply->wheel == 0)
    on_board++;

  if (on_board == copies)
    where = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          /* TRANSLATORS: continues "no D is left in this box: 1 was in it and …" */
                                          "it is on the board",
                                          "all %u are on the board", copies),
                             copies);
  else if (on_board == 0)
    where = g_strdup (g_dngettext (GETTEXT_PACKAGE,
                                   /* TRANSLATORS: continues "no D is left in this box: 1 was in it and …" */
                                   "it was discarded",
                                   "all were discarded", copies));
  else
    where = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          /* TRANSLATORS: continues "no D is left in this box: 3 were in it and …"; the first number is those on the board */
                                          "%u is on the board and the others were discarded",
                                          "%u are on the board and the others were discarded", on_board),
                             on_board);

  return _tessera_game_rule_error (self, event, error,
                                   g_dngettext (GETTEXT_PACKAGE,
                                                /* TRANSLATORS: "no D is left in this box: 3 were in it and all 3 are on the board; …" */
                                                "no %s is left in this box: %u was in it and %s; if your box has another, correct the box's count",
                                                "no %s is left in this box: %u were in it and %s; if your box has another, correct the box's count",
                                                copies),
                                   event->tile, copies, where);
}

/* Checks the parts every tile-drawing event shares: the game is on, it is this player's turn,
 * the tile is in the supply, and no expansion choice is present that this game cannot use. */
TesseraSupplyEntry *
_tessera_game_check_draw (TesseraGame         *self,
                          const TesseraEvent  *event,
                          GError             **error)
{
  TesseraSupplyEntry *supply;

  if (self->finished)
    return _tessera_game_rule_error (self, event, error, _("the game has already ended")), NULL;
  if ((guint) event->player != self->current_player)
    return _tessera_game_rule_error (self, event, error, _("it is %s's turn, not %s's"),
                                     self->player_names[self->current_player], self->player_names[event->player]), NULL;
  if (self->tiles_left == 0)
    return _tessera_game_rule_error (self, event, error, _("every tile has been drawn; the record should end with {\"end\": {}}")), NULL;
  supply = find_event_supply (self, event);
  if (supply == NULL)
    return refuse_missing_tile (self, event, error), NULL;
  if (supply->left == 0)
    return refuse_used_up_tile (self, event, supply, error), NULL;
  if (G_UNLIKELY (event->choices != NULL) && event->choices->has_plague && self->wheel == NULL)
    return _tessera_game_rule_error (self, event, error, _("\"plague\" belongs to the Wheel of Fortune, which is not in this game")), NULL;
  if (G_UNLIKELY (event->choices != NULL) && event->choices->has_magic && !self->mage_witch)
    return _tessera_game_rule_error (self, event, error, _("\"magic\" belongs to Mage & Witch, which is not in this game")), NULL;
  if (G_UNLIKELY (event->choices != NULL) && event->choices->has_crop && !self->crop_circles)
    return _tessera_game_rule_error (self, event, error, _("\"crop\" belongs to the crop circles, which are not in this game")), NULL;
  return supply;
}

/**
 * tessera_game_get_box:
 *
 * Returns: (transfer none) (element-type TesseraSupplyEntry): every kind of tile in this
 *   game's box with its copies in @left, the whole box as the record corrects it, before any
 *   was drawn (the start tile included); parallel to tessera_game_get_supply()
 */
const GArray *
tessera_game_get_box (TesseraGame *self)
{
  g_return_val_if_fail (TESSERA_IS_GAME (self), NULL);

  return self->box;
}

/**
 * tessera_game_get_catalogue_copies:
 * @entry: a kind of tile of this game's box (tessera_game_get_box())
 *
 * Returns: the copies of @entry's kind in the boxes of the catalogue for the sets in play (the
 *   start tile included), whatever the record's corrections: 0 for a kind a correction added
 */
guint
tessera_game_get_catalogue_copies (TesseraGame           *self,
                                   const TesseraBoxEntry *entry)
{
  guint kind;

  g_return_val_if_fail (TESSERA_IS_GAME (self), 0);
  g_return_val_if_fail (entry != NULL, 0);

  kind = entry->type->index * 4 + entry->wheel;
  if (kind >= self->n_box_by_kind || self->catalogue_box_by_kind[kind] < 0)
    return 0;
  return g_array_index (self->catalogue_box, TesseraSupplyEntry, self->catalogue_box_by_kind[kind]).left;
}

/**
 * tessera_game_set_box_count:
 * @tile: a tile id: a kind of this game's box, or one the box may hold (tessera_box_find_entry())
 * @copies: how many copies of it the box on the table really holds
 *
 * Corrects the box of a game in progress, when a tile is drawn that Tessera thinks is used up
 * or not in the box. The correction becomes part of the record ("box"); the supply and the
 * tiles left follow it. The box cannot hold fewer copies than are already out of it.
 */
gboolean
tessera_game_set_box_count (TesseraGame  *self,
                            const char   *tile,
                            guint         copies,
                            GError      **error)
{
  g_autoptr(TesseraRecord) header = NULL;
  const TesseraBoxEntry *entry;
  TesseraSupplyEntry *supply;
  TesseraBoxSets sets;
  guint out = 0;
  guint kind;

  g_return_val_if_fail (TESSERA_IS_GAME (self), FALSE);
  g_return_val_if_fail (tile != NULL, FALSE);

  /* A game the last tile ended may find a tile more in the box; one the table ended may not. */
  if (self->finished && !self->ended_by_last_tile)
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE,
                   _("the game has ended: undo its end before you correct the box"));
      return FALSE;
    }
  _tessera_game_setup_get_box_sets (self->setup, &sets);
  entry = tessera_box_find_entry (self->catalogue, &sets, tile, error);
  if (entry == NULL)
    return FALSE;
  if (copies > TESSERA_BOX_MAX_COPIES)
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE,
                   _("a box holds 0 to %d copies of a tile, not %u"), TESSERA_BOX_MAX_COPIES, copies);
      return FALSE;
    }
  supply = find_kind (self, entry->type, entry->wheel);
  if (supply != NULL)
    out = g_array_index (self->box, TesseraSupplyEntry, supply - &g_array_index (self->supply, TesseraSupplyEntry, 0)).left - supply->left;
  if (copies < out)
    {
      g_set_error (error, TESSERA_ERROR, TESSERA_ERROR_RULE,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%u copy of %s is out of the box already (on the board or discarded); the box cannot hold fewer",
                                "%u copies of %s are out of the box already (on the board or discarded); the box cannot hold fewer",
                                out),
                   out, tile);
      return FALSE;
    }

  header = _tessera_game_setup_to_record (self->setup);
  tessera_record_set_box_count (header, tile, copies);
  _tessera_game_replace_setup (self, header);

  kind = set_box_copies (self, entry, copies);
  if (kind >= self->supply->len)
    {
      g_array_append_val (self->supply, g_array_index (self->box, TesseraSupplyEntry, kind));
      g_assert (kind == self->supply->len - 1);
    }
  g_array_index (self->supply, TesseraSupplyEntry, kind).left = copies - out;
  self->tiles_left = 0;
  for (guint i = 0; i < self->supply->len; i++)
    self->tiles_left += g_array_index (self->supply, TesseraSupplyEntry, i).left;
  /* An event undone may need a copy the box no longer holds: it cannot be redone. The states
   * kept along the log hold the old supply. */
  g_ptr_array_set_size (self->undone, 0);
  g_ptr_array_set_size (self->checkpoints, 0);
  /* B11: with a tile more the last turn no longer ends the game; without, it still does. */
  if (self->ended_by_last_tile)
    _tessera_game_replay (self);
  return TRUE;
}
