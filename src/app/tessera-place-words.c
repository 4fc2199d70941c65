/* tessera-place-words.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-place-words"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "tessera-names.h"
#include "tessera-place-words.h"

typedef enum
{
  LANDMARK_PLACED,
  LANDMARK_TOWER,
  LANDMARK_WHEEL,
  LANDMARK_START_TILE,
} Landmark;

/**
 * tessera_place_init:
 * @game: the game whose start the places are said from
 *
 * A place with only the start as its landmark; set @has_placed and @has_tower to add the tile
 * just placed and a tower.
 */
void
tessera_place_init (TesseraPlace *place,
                    TesseraGame  *game)
{
  g_return_if_fail (place != NULL);

  memset (place, 0, sizeof *place);
  place->game = game;
}

/* How far @cell lies from the block of cells [@from, @to]: 0 inside it, per axis. */
static void
offset_from (TesseraCell  cell,
             TesseraCell  from,
             TesseraCell  to,
             int         *dx,
             int         *dy)
{
  *dx = cell.x < from.x ? cell.x - from.x : cell.x > to.x ? cell.x - to.x : 0;
  *dy = cell.y < from.y ? cell.y - from.y : cell.y > to.y ? cell.y - to.y : 0;
}

static const char *
landmark_name (Landmark landmark)
{
  switch (landmark)
    {
    case LANDMARK_PLACED:
      /* Translators: a landmark on the table, as in "2 tiles north of the new tile": the tile just placed */
      return _("the new tile");
    case LANDMARK_TOWER:
      /* Translators: a landmark on the table, as in "west of the tower" */
      return _("the tower");
    case LANDMARK_WHEEL:
      /* Translators: a landmark on the table, as in "3 north, 1 west of the wheel": the wheel board */
      return _("the wheel");
    case LANDMARK_START_TILE:
    default:
      /* Translators: a landmark on the table, as in "north of the start tile" */
      return _("the start tile");
    }
}

static char *
on_landmark (Landmark landmark)
{
  switch (landmark)
    {
    case LANDMARK_PLACED:
      return g_strdup (_("on the new tile"));
    case LANDMARK_TOWER:
      return g_strdup (_("on the tower’s tile"));
    case LANDMARK_WHEEL:
      return g_strdup (_("on the wheel"));
    case LANDMARK_START_TILE:
    default:
      return g_strdup (_("on the start tile"));
    }
}

/* Straight out from the landmark: "north of the new tile", "3 tiles west of the wheel". */
static char *
in_line (TesseraSide  side,
         guint        n,
         const char  *landmark)
{
  if (n == 1)
    switch (side)
      {
      case TESSERA_SIDE_N:
        /* Translators: %s is a landmark: "north of the new tile" (the next tile north) */
        return g_strdup_printf (_("north of %s"), landmark);
      case TESSERA_SIDE_E:
        return g_strdup_printf (_("east of %s"), landmark);
      case TESSERA_SIDE_S:
        return g_strdup_printf (_("south of %s"), landmark);
      case TESSERA_SIDE_W:
      default:
        return g_strdup_printf (_("west of %s"), landmark);
      }
  switch (side)
    {
    case TESSERA_SIDE_N:
      /* Translators: "3 tiles north of the wheel" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%1$u tile north of %2$s", "%1$u tiles north of %2$s", n), n, landmark);
    case TESSERA_SIDE_E:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%1$u tile east of %2$s", "%1$u tiles east of %2$s", n), n, landmark);
    case TESSERA_SIDE_S:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%1$u tile south of %2$s", "%1$u tiles south of %2$s", n), n, landmark);
    case TESSERA_SIDE_W:
    default:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%1$u tile west of %2$s", "%1$u tiles west of %2$s", n), n, landmark);
    }
}

/* Off both axes: "north-west of the new tile" for the corner, else "3 north, 1 west of …". */
static char *
off_line (int         dx,
          int         dy,
          const char *landmark)
{
  guint across = (guint) abs (dx), down = (guint) abs (dy);

  if (across == 1 && down == 1)
    {
      if (dy < 0)
        /* Translators: %s is a landmark: the tile diagonally next to it, "north-east of the new tile" */
        return g_strdup_printf (dx > 0 ? _("north-east of %s") : _("north-west of %s"), landmark);
      return g_strdup_printf (dx > 0 ? _("south-east of %s") : _("south-west of %s"), landmark);
    }
  if (dy < 0)
    /* Translators: tiles to go north, then east, from a landmark: "3 north, 1 east of the wheel" */
    return g_strdup_printf (dx > 0 ? _("%1$u north, %2$u east of %3$s") : _("%1$u north, %2$u west of %3$s"),
                            down, across, landmark);
  return g_strdup_printf (dx > 0 ? _("%1$u south, %2$u east of %3$s") : _("%1$u south, %2$u west of %3$s"),
                          down, across, landmark);
}

/* Where along a side of the wheel board a cell beside it lies: a side is 4 tiles long, so
 * "2 tiles west of the wheel" alone would be any of 4 cells. @along counts from the north or
 * west end of a side @length long. */
static const char *
along_wheel (gboolean beside_west_or_east,
             int      along,
             int      length)
{
  double middle = (length - 1) / 2.0;

  if (beside_west_or_east)
    {
      if (along == 0)
        /* Translators: where beside a side of the wheel board, "2 tiles west of the wheel, at its north end" */
        return _("at its north end");
      if (along == length - 1)
        return _("at its south end");
      if (along < middle)
        /* Translators: where beside a side of the wheel board, "west of the wheel, north of its middle" */
        return _("north of its middle");
      if (along > middle)
        return _("south of its middle");
    }
  else
    {
      if (along == 0)
        return _("at its west end");
      if (along == length - 1)
        return _("at its east end");
      if (along < middle)
        return _("west of its middle");
      if (along > middle)
        return _("east of its middle");
    }
  return _("by its middle");
}

/**
 * tessera_place_describe:
 * @cell: a cell of the board
 *
 * Where @cell lies, from the nearest landmark of @place (the tile just placed first, then the
 * tower, then the start, where two are as near): "on the new tile", "north of the new tile",
 * "2 tiles east of the tower", "3 north, 1 west of the wheel", "on the start tile".
 *
 * Returns: (transfer full): the phrase, to follow what lies there ("the road …")
 */
char *
tessera_place_describe (const TesseraPlace *place,
                        TesseraCell         cell)
{
  const TesseraWheelBoard *wheel;
  TesseraCell from = { 0, 0 }, to = { 0, 0 };
  Landmark best;
  int dx, dy, bx, by;

  g_return_val_if_fail (place != NULL, NULL);
  g_return_val_if_fail (TESSERA_IS_GAME (place->game), NULL);

  wheel = tessera_game_get_wheel (place->game);
  if (wheel != NULL)
    {
      to.x = (int) wheel->width - 1;
      to.y = (int) wheel->height - 1;
    }
  best = wheel != NULL ? LANDMARK_WHEEL : LANDMARK_START_TILE;
  offset_from (cell, from, to, &bx, &by);
  /* Steps as a player counts them, along the rows: the nearest landmark wins. */
  if (place->has_tower)
    {
      offset_from (cell, place->tower, place->tower, &dx, &dy);
      if (abs (dx) + abs (dy) <= abs (bx) + abs (by))
        best = LANDMARK_TOWER, bx = dx, by = dy;
    }
  if (place->has_placed)
    {
      offset_from (cell, place->placed, place->placed, &dx, &dy);
      if (abs (dx) + abs (dy) <= abs (bx) + abs (by))
        best = LANDMARK_PLACED, bx = dx, by = dy;
    }

  if (best == LANDMARK_WHEEL && (bx == 0 || by == 0))
    {
      g_autofree char *said = NULL;

      /* On the wheel board: which part of it, as the table sees it. */
      if (bx == 0 && by == 0)
        {
          const char *part = tessera_direction_phrase ((cell.x + 0.5) / wheel->width, (cell.y + 0.5) / wheel->height);

          if (part == NULL)
            return on_landmark (best);
          /* Translators: a part of the wheel board, "on the wheel, north-west" */
          return g_strdup_printf (_("on the wheel, %s"), part);
        }
      if (bx == 0)
        said = in_line (by < 0 ? TESSERA_SIDE_N : TESSERA_SIDE_S, (guint) abs (by), landmark_name (best));
      else
        said = in_line (bx < 0 ? TESSERA_SIDE_W : TESSERA_SIDE_E, (guint) abs (bx), landmark_name (best));
      /* Translators: beside the wheel board and where along it, "2 tiles west of the wheel, at its north end" */
      return g_strdup_printf (_("%1$s, %2$s"), said,
                              bx == 0 ? along_wheel (FALSE, cell.x, (int) wheel->width)
                                      : along_wheel (TRUE, cell.y, (int) wheel->height));
    }
  if (bx == 0 && by == 0)
    return on_landmark (best);
  if (bx == 0)
    return in_line (by < 0 ? TESSERA_SIDE_N : TESSERA_SIDE_S, (guint) abs (by), landmark_name (best));
  if (by == 0)
    return in_line (bx < 0 ? TESSERA_SIDE_W : TESSERA_SIDE_E, (guint) abs (bx), landmark_name (best));
  return off_line (bx, by, landmark_name (best));
}
