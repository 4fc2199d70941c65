/* test-magic.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The Mage & Witch examples of doc/rule-decisions.md (E35-E41) and the rules they
 * lean on (section 4, M1-M14), each replayed from its record in tests/records/magic through
 * the public engine API, and the broken records of tests/records/bad-magic. Every fixture is a
 * legal game from the base start tile (D at [0, 0]: city N, road E-W, field S) with the base
 * tiles and the eight magic tiles MW-1..MW-8 in the supply. The tables below say what must
 * follow: points by player and category with the full sentence of every scoring event and the
 * figure that changed it, where the mage and the witch stand (or that they wait beside the
 * board), where a figure may go, and the exact words of every move the rules refuse.
 *
 * No fixture needs an {"adjust": ...} event: every point comes from real scoring.
 *
 * E37 also gives numbers for a city with a cathedral (27, and 14 with the witch). Our boxes
 * (base game, Wheel of Fortune, The Tower, Mage & Witch) have no cathedral, so those numbers
 * are not tested; M9 is a note only. */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "tessera-engine.h"
#include "tessera-test-utils.h"

#define MAX_ROWS 6
#define ALL_EVENTS G_MAXUINT
#define MAGE TESSERA_SCORE_MAGE
#define WITCH TESSERA_SCORE_WITCH

/* Where a figure stands: a spot on the tile at [x, y], or beside the board when @spot is
 * NULL. */
typedef struct
{
  int         x;
  int         y;
  const char *spot;
} ExpectedSpot;

#define OFF { 0, 0, NULL }

/* One scoring event; the state must produce exactly the listed ones. */
typedef struct
{
  const char *player;
  int         points;
  const char *category;
  guint       event;        /* the record event that caused it */
  guint       magic;        /* MAGE, WITCH or 0: the figure that changed the points */
  int         base_points;  /* with a figure: the points without it */
  guint       n_tiles;
  guint       n_pennants;
  const char *sentence;     /* all of it */
} ExpectedScore;

/* A fixture replayed up to some event (then maybe one more event), and the state that must
 * follow. */
typedef struct
{
  const char     *file;
  guint           n_events;   /* ALL_EVENTS: the whole record */
  const char     *then;       /* an event applied after those, or NULL */
  const char     *label;
  ExpectedSpot    mage;
  ExpectedSpot    witch;
  TesseraTestPlayer  players[TESSERA_MAX_PLAYERS];
  ExpectedScore   scores[MAX_ROWS];
} StateCase;

/* Where @figure may go after @n_events events, once @tile is placed at [@x, @y] rotated
 * @rotation degrees (on a copy of the board; no tile when @tile is NULL): exactly one road or
 * city for each spot in @targets. */
typedef struct
{
  const char         *file;
  guint               n_events;
  const char         *label;
  const char         *tile;
  int                 x;
  int                 y;
  guint               rotation;
  TesseraMagicFigure  figure;
  ExpectedSpot        targets[MAX_ROWS];
} TargetCase;

/* A move the rules refuse: @event after the first @n_events events of @file is refused
 * through tessera_game_apply() with @message and changes nothing. */
typedef struct
{
  const char *file;
  guint       n_events;
  const char *label;
  const char *event;
  const char *message;
} RefusalCase;


/* E35: Red's thief and the mage on a road of 5 tiles, MW-1 [-1, 0] - D - V - V - A [0, 1]
 * (the road runs round the field south of the start tile); Blue's last V completes it. */
#define E35 "e35-road-5-mage-10.json"
/* E36: the same road with the witch. */
#define E36 "e36-road-5-witch-3.json"
/* E37: Red's city of 7 tiles and 2 pennants, D [0, 0], F [0, -1], G [0, -2], N [0, -3],
 * F [1, -3], N [2, -3], E [2, -2]: once with the witch elsewhere (on the road), once with the
 * witch in it, once with the mage in it. */
#define E37_PLAIN "e37-city-7-tiles-2-pennants-18.json"
#define E37_WITCH "e37-city-7-tiles-2-pennants-witch-9.json"
#define E37_MAGE "e37-city-7-tiles-2-pennants-mage-25.json"
/* E38: Red's city D [0, 0], F [0, -1], E [0, -2] (3 tiles, 1 pennant) with the witch, which
 * then leaves the board; later Blue's city MW-1 [-1, 0], M [-1, -1], E [-2, -1] (3 tiles,
 * 1 pennant) with the mage, brought in by MW-7. */
#define E38 "e38-city-3-tiles-1-pennant.json"
/* E39: at the end, Red's road MW-1 [-1, 0] - D - U - U of 4 tiles with the mage and Blue's
 * city D [0, 0], F [0, -1], G [0, -2] of 3 tiles and 1 pennant with the witch; and, in a
 * second game, Red's road MW-1 - D - U - U - U of 5 tiles with the witch. */
#define E39 "e39-final-scoring.json"
#define E39_ROAD "e39-final-road-5-witch-3.json"
/* E40: E35's road with the witch, a thief of Red on MW-1 and one of Blue on A. */
#define E40 "e40-tie-witch.json"
/* E41: the mage on city X (MW-5 [0, -1] N, M [0, -2], N [1, -2]; Red's knight), the witch on
 * city Y (MW-6 [1, 0] and its caps E [2, 0], E [1, 1]; Blue's knight). Blue's F at [1, -1]
 * joins them into one city of 7 tiles and 2 pennants and completes it. The road U [-1, 0] -
 * D - MW-6 is still open, so one figure must go there: the witch (the city scores with the
 * mage) or the mage (with the witch). In the third game an A at [-1, 0] has closed that road:
 * no road or city is left open, so one figure leaves the board ("to": null). */
#define E41_WITCH "e41-joining-witch-moves.json"
#define E41_MAGE "e41-joining-mage-moves.json"
#define E41_NULL "e41-joining-no-target.json"
/* M5: MW-5 at [0, -1] completes both its cities (with D below and Blue's E above); the only
 * open feature left is the road D - A, where the mage goes. */
#define M5 "m5-magic-tile-completes-its-cities.json"
/* M6: the same, with the road closed by a second A: nothing is open, no figure is on the
 * board, so the turn has no "magic" and both figures wait. */
#define M6 "m6-no-target-figures-wait.json"
/* M6 with a figure on the board: the mage stands on the start tile's city, which MW-5
 * completes (with Blue's knight on MW-5); MW-5's other city is completed too and nothing else
 * is open, so the mage must leave the board. The move comes before scoring (M13), so the city
 * scores 4 without the mage. Red's knight earlier scored MW-6's city of 4 tiles. */
#define M6_LEAVES "m6-one-figure-leaves.json"
/* M4: the mage stands on the road MW-1 - D - U, which MW-7 extends; moved, it must leave that
 * road (it goes to MW-1's city). With one figure on the board Blue may also bring in the
 * other: the witch goes onto the road the mage left. */
#define M4 "m4-move-to-another-feature.json"
/* M10: the mage's road MW-1 - D - A is completed with no follower on it: nobody scores and
 * the mage leaves the board; the next magic tile brings it back. */
#define M10 "m10-completed-without-follower.json"
/* M7 with a plain tile that joins without completing: R at [0, -1] joins the witch's city
 * (D [0, 0]) and the mage's (MW-1 [1, 0], N [1, -1], Blue's knight); the witch moves to
 * MW-7's city, and Red's E at [0, -2] later completes the city of 5 tiles with the mage. */
#define M7 "m7-joined-city-stays-open.json"

#define ROAD(n) { [TESSERA_CATEGORY_ROAD] = (n) }
#define CITY(n) { [TESSERA_CATEGORY_CITY] = (n) }

/* A turn's "magic" member, to append to a turn's JSON. */
#define TO(piece, x, y, spot) \
  ", \"magic\": {\"piece\": \"" piece "\", \"to\": {\"at\": [" #x ", " #y "], \"spot\": \"" spot "\"}}"
#define TO_NULL(piece) ", \"magic\": {\"piece\": \"" piece "\", \"to\": null}"
/* E35's last turn with MW-7 instead of V: it completes the road as well. */
#define MW7_COMPLETES(magic) \
  "{\"turn\": {\"player\": 1, \"tile\": \"MW-7\", \"at\": [1, 1], \"rotation\": 90" magic "}}"

static const StateCase state_cases[] = {
  /* E35 */
  {
    E35, 3, NULL, "before-completion",
    .mage = { -1, 0, "E" }, .witch = OFF,
    .players = { { "Red", 0, { 0 }, 6 }, { "Blue", 0, { 0 }, 7 } },
  },
  {
    E35, ALL_EVENTS, NULL, "mage-doubles",
    .mage = OFF, .witch = OFF,
    .players = { { "Red", 10, ROAD (10), 7 }, { "Blue", 0, { 0 }, 7 } },
    .scores = {
      { "Red", 10, "road", 3, MAGE, 5, 5, 0, "completed road at [0, 0] E: 5 tiles = 5, mage +5 = 10" },
    },
  },
  /* M13: the turn's move comes before scoring. With MW-7 as the last tile (it completes the
   * same road), moving the mage off the road it completes takes the bonus away... */
  {
    E35, 3, MW7_COMPLETES (TO ("mage", 1, 1, "E")), "magic-tile-completes-mage-moves-off",
    .mage = { 1, 1, "E" }, .witch = OFF,
    .players = { { "Red", 5, ROAD (5), 7 }, { "Blue", 0, { 0 }, 7 } },
    .scores = {
      { "Red", 5, "road", 3, 0, 0, 5, 0, "completed road at [0, 0] E: 5 tiles = 5" },
    },
  },
  /* ...bringing in the witch elsewhere keeps it. */
  {
    E35, 3, MW7_COMPLETES (TO ("witch", 1, 1, "E")), "magic-tile-completes-witch-comes-in",
    .mage = OFF, .witch = { 1, 1, "E" },
    .players = { { "Red", 10, ROAD (10), 7 }, { "Blue", 0, { 0 }, 7 } },
    .scores = {
      { "Red", 10, "road", 3, MAGE, 5, 5, 0, "completed road at [0, 0] E: 5 tiles = 5, mage +5 = 10" },
    },
  },
  /* E36 */
  {
    E36, ALL_EVENTS, NULL, "witch-halves",
    .mage = OFF, .witch = OFF,
    .players = { { "Red", 3, ROAD (3), 7 }, { "Blue", 0, { 0 }, 7 } },
    .scores = {
      { "Red", 3, "road", 3, WITCH, 5, 5, 0, "completed road at [0, 0] E: 5 tiles = 5, witch halves: 3" },
    },
  },
  /* E37: 18 normally (the witch stands on a road that is not scored and stays there)... */
  {
    E37_PLAIN, ALL_EVENTS, NULL, "no-figure",
    .mage = OFF, .witch = { -1, 0, "E" },
    .players = { { "Red", 18, CITY (18), 7 }, { "Blue", 0, { 0 }, 7 } },
    .scores = {
      { "Red", 18, "city", 6, 0, 0, 7, 2, "completed city at [0, 0] N: 7 tiles x 2 + 2 pennants x 2 = 18" },
    },
  },
  /* ...9 with the witch... */
  {
    E37_WITCH, 6, NULL, "before-completion",
    .mage = OFF, .witch = { 0, -1, "N" },
    .players = { { "Red", 0, { 0 }, 6 }, { "Blue", 0, { 0 }, 7 } },
  },
  {
    E37_WITCH, ALL_EVENTS, NULL, "witch-halves",
    .mage = OFF, .witch = OFF,
    .players = { { "Red", 9, CITY (9), 7 }, { "Blue", 0, { 0 }, 7 } },
    .scores = {
      { "Red", 9, "city", 6, WITCH, 18, 7, 2,
        "completed city at [0, 0] N: 7 tiles x 2 + 2 pennants x 2 = 18, witch halves: 9" },
    },
  },
  /* ...25 with the mage: +1 per tile, nothing for the pennants. */
  {
    E37_MAGE, ALL_EVENTS, NULL, "mage-adds-7",
    .mage = OFF, .witch = OFF,
    .players = { { "Red", 25, CITY (25), 7 }, { "Blue", 0, { 0 }, 7 } },
    .scores = {
      { "Red", 25, "city", 6, MAGE, 18, 7, 2,
        "completed city at [0, 0] N: 7 tiles x 2 + 2 pennants x 2 = 18, mage +7 = 25" },
    },
  },
  /* E38: 8 with the witch is 4... */
  {
    E38, 3, NULL, "witch-halves",
    .mage = OFF, .witch = OFF,
    .players = { { "Red", 4, CITY (4), 7 }, { "Blue", 0, { 0 }, 7 } },
    .scores = {
      { "Red", 4, "city", 2, WITCH, 8, 3, 1,
        "completed city at [0, 0] N: 3 tiles x 2 + 1 pennant x 2 = 8, witch halves: 4" },
    },
  },
  {
    E38, 5, NULL, "mage-back-on-the-board",
    .mage = { -1, -1, "W" }, .witch = OFF,
    .players = { { "Red", 4, CITY (4), 7 }, { "Blue", 0, { 0 }, 6 } },
    .scores = {
      { "Red", 4, "city", 2, WITCH, 8, 3, 1,
        "completed city at [0, 0] N: 3 tiles x 2 + 1 pennant x 2 = 8, witch halves: 4" },
    },
  },
  /* ...and with the mage 11. */
  {
    E38, ALL_EVENTS, NULL, "mage-adds-3",
    .mage = OFF, .witch = OFF,
    .players = { { "Red", 4, CITY (4), 7 }, { "Blue", 11, CITY (11), 7 } },
    .scores = {
      { "Red", 4, "city", 2, WITCH, 8, 3, 1,
        "completed city at [0, 0] N: 3 tiles x 2 + 1 pennant x 2 = 8, witch halves: 4" },
      { "Blue", 11, "city", 5, MAGE, 8, 3, 1,
        "completed city at [-1, 0] N: 3 tiles x 2 + 1 pennant x 2 = 8, mage +3 = 11" },
    },
  },
  /* E39: the figures change the final scoring as during the game, and stay where they are. */
  {
    E39, 6, NULL, "before-the-end",
    .mage = { 1, 0, "E" }, .witch = { 0, -1, "N" },
    .players = { { "Red", 0, { 0 }, 6 }, { "Blue", 0, { 0 }, 6 } },
  },
  {
    E39, ALL_EVENTS, NULL, "final-scoring",
    .mage = { 1, 0, "E" }, .witch = { 0, -1, "N" },
    .players = { { "Red", 8, ROAD (8), 6 }, { "Blue", 2, CITY (2), 6 } },
    .scores = {
      { "Red", 8, "road", 6, MAGE, 4, 4, 0, "unfinished road at [0, 0] E at the end: 4 tiles = 4, mage +4 = 8" },
      { "Blue", 2, "city", 6, WITCH, 4, 3, 1,
        "unfinished city at [0, 0] N at the end: 3 tiles + 1 pennant = 4, witch halves: 2" },
    },
  },
  {
    E39_ROAD, ALL_EVENTS, NULL, "final-scoring",
    .mage = OFF, .witch = { 1, 0, "E" },
    .players = { { "Red", 3, ROAD (3), 6 }, { "Blue", 0, { 0 }, 7 } },
    .scores = {
      { "Red", 3, "road", 4, WITCH, 5, 5, 0, "unfinished road at [0, 0] E at the end: 5 tiles = 5, witch halves: 3" },
    },
  },
  /* E40: the witch changes the road's value, so both players with the majority get 3. */
  {
    E40, ALL_EVENTS, NULL, "tie",
    .mage = OFF, .witch = OFF,
    .players = { { "Red", 3, ROAD (3), 7 }, { "Blue", 3, ROAD (3), 7 } },
    .scores = {
      { "Red", 3, "road", 3, WITCH, 5, 5, 0,
        "completed road at [0, 0] E: 5 tiles = 5, witch halves: 3, tied with Blue" },
      { "Blue", 3, "road", 3, WITCH, 5, 5, 0,
        "completed road at [0, 0] E: 5 tiles = 5, witch halves: 3, tied with Red" },
    },
  },
  /* E41: before the joining tile, the mage on X and the witch on Y... */
  {
    E41_WITCH, 7, NULL, "before-joining",
    .mage = { 0, -1, "N" }, .witch = { 1, 0, "N" },
    .players = { { "Red", 0, { 0 }, 6 }, { "Blue", 0, { 0 }, 6 } },
  },
  /* ...the witch moves to the road and the city scores with the mage; the mage leaves... */
  {
    E41_WITCH, ALL_EVENTS, NULL, "scored-with-mage",
    .mage = OFF, .witch = { -1, 0, "E" },
    .players = { { "Red", 25, CITY (25), 7 }, { "Blue", 25, CITY (25), 7 } },
    .scores = {
      { "Red", 25, "city", 7, MAGE, 18, 7, 2,
        "completed city at [0, -1] N: 7 tiles x 2 + 2 pennants x 2 = 18, mage +7 = 25, tied with Blue" },
      { "Blue", 25, "city", 7, MAGE, 18, 7, 2,
        "completed city at [0, -1] N: 7 tiles x 2 + 2 pennants x 2 = 18, mage +7 = 25, tied with Red" },
    },
  },
  /* ...or the mage moves and the city scores with the witch. */
  {
    E41_MAGE, ALL_EVENTS, NULL, "scored-with-witch",
    .mage = { -1, 0, "W" }, .witch = OFF,
    .players = { { "Red", 9, CITY (9), 7 }, { "Blue", 9, CITY (9), 7 } },
    .scores = {
      { "Red", 9, "city", 7, WITCH, 18, 7, 2,
        "completed city at [0, -1] N: 7 tiles x 2 + 2 pennants x 2 = 18, witch halves: 9, tied with Blue" },
      { "Blue", 9, "city", 7, WITCH, 18, 7, 2,
        "completed city at [0, -1] N: 7 tiles x 2 + 2 pennants x 2 = 18, witch halves: 9, tied with Red" },
    },
  },
  /* E41, M6, M7: nowhere to go, so the mage leaves the board; the city scores with the witch,
   * which then leaves too (M10)... */
  {
    E41_NULL, ALL_EVENTS, NULL, "mage-leaves",
    .mage = OFF, .witch = OFF,
    .players = { { "Red", 9, CITY (9), 7 }, { "Blue", 9, CITY (9), 7 } },
    .scores = {
      { "Red", 9, "city", 7, WITCH, 18, 7, 2,
        "completed city at [0, -1] N: 7 tiles x 2 + 2 pennants x 2 = 18, witch halves: 9, tied with Blue" },
      { "Blue", 9, "city", 7, WITCH, 18, 7, 2,
        "completed city at [0, -1] N: 7 tiles x 2 + 2 pennants x 2 = 18, witch halves: 9, tied with Red" },
    },
  },
  /* ...or the witch leaves and the city scores with the mage. */
  {
    E41_NULL, 7,
    "{\"turn\": {\"player\": 1, \"tile\": \"F\", \"at\": [1, -1], \"rotation\": 90, "
    "\"magic\": {\"piece\": \"witch\", \"to\": null}}}",
    "witch-leaves",
    .mage = OFF, .witch = OFF,
    .players = { { "Red", 25, CITY (25), 7 }, { "Blue", 25, CITY (25), 7 } },
    .scores = {
      { "Red", 25, "city", 7, MAGE, 18, 7, 2,
        "completed city at [0, -1] N: 7 tiles x 2 + 2 pennants x 2 = 18, mage +7 = 25, tied with Blue" },
      { "Blue", 25, "city", 7, MAGE, 18, 7, 2,
        "completed city at [0, -1] N: 7 tiles x 2 + 2 pennants x 2 = 18, mage +7 = 25, tied with Red" },
    },
  },
  /* M5: the mage goes to the road; the cities MW-5 completed score without any figure. */
  {
    M5, ALL_EVENTS, NULL, "mage-on-the-road",
    .mage = { 0, 0, "E" }, .witch = OFF,
    .players = { { "Red", 0, { 0 }, 7 }, { "Blue", 4, CITY (4), 7 } },
    .scores = {
      { "Blue", 4, "city", 4, 0, 0, 2, 0, "completed city at [0, -2] S: 2 tiles x 2 = 4" },
    },
  },
  /* M6: no "magic", both figures wait beside the board. */
  {
    M6, ALL_EVENTS, NULL, "figures-wait",
    .mage = OFF, .witch = OFF,
    .players = { { "Red", 0, { 0 }, 7 }, { "Blue", 4, CITY (4), 7 } },
    .scores = {
      { "Blue", 4, "city", 5, 0, 0, 2, 0, "completed city at [0, -2] S: 2 tiles x 2 = 4" },
    },
  },
  /* M6 with the mage on the board: it leaves before the city is scored. */
  {
    M6_LEAVES, 7, NULL, "before-the-magic-tile",
    .mage = { 0, 0, "N" }, .witch = OFF,
    .players = { { "Red", 8, CITY (8), 7 }, { "Blue", 0, { 0 }, 7 } },
    .scores = {
      { "Red", 8, "city", 4, 0, 0, 4, 0, "completed city at [1, 0] N: 4 tiles x 2 = 8" },
    },
  },
  {
    M6_LEAVES, ALL_EVENTS, NULL, "mage-left-before-scoring",
    .mage = OFF, .witch = OFF,
    .players = { { "Red", 8, CITY (8), 7 }, { "Blue", 4, CITY (4), 7 } },
    .scores = {
      { "Red", 8, "city", 4, 0, 0, 4, 0, "completed city at [1, 0] N: 4 tiles x 2 = 8" },
      { "Blue", 4, "city", 7, 0, 0, 2, 0, "completed city at [0, 0] N: 2 tiles x 2 = 4" },
    },
  },
  /* M4: the mage moves from the road to a city; then the witch comes in onto that road. */
  {
    M4, 2, NULL, "mage-on-the-road",
    .mage = { -1, 0, "E" }, .witch = OFF,
    .players = { { "Red", 0, { 0 }, 7 }, { "Blue", 0, { 0 }, 7 } },
  },
  {
    M4, 3, NULL, "mage-moved-to-a-city",
    .mage = { -1, 0, "N" }, .witch = OFF,
    .players = { { "Red", 0, { 0 }, 7 }, { "Blue", 0, { 0 }, 7 } },
  },
  {
    M4, ALL_EVENTS, NULL, "witch-brought-in",
    .mage = { -1, 0, "N" }, .witch = { 1, 0, "E" },
    .players = { { "Red", 0, { 0 }, 7 }, { "Blue", 0, { 0 }, 7 } },
  },
  /* M10: the road is completed without a follower: no points, and the mage leaves... */
  {
    M10, 2, NULL, "mage-leaves-unscored-road",
    .mage = OFF, .witch = OFF,
    .players = { { "Red", 0, { 0 }, 7 }, { "Blue", 0, { 0 }, 7 } },
  },
  /* ...until the next magic tile brings it in again. */
  {
    M10, ALL_EVENTS, NULL, "mage-back",
    .mage = { -1, 0, "N" }, .witch = OFF,
    .players = { { "Red", 0, { 0 }, 7 }, { "Blue", 0, { 0 }, 7 } },
  },
  /* M7 with a plain tile that leaves the joined city open: the witch moves on... */
  {
    M7, 3, NULL, "before-joining",
    .mage = { 1, 0, "N" }, .witch = { 0, 0, "N" },
    .players = { { "Red", 0, { 0 }, 7 }, { "Blue", 0, { 0 }, 6 } },
  },
  {
    M7, 4, NULL, "witch-moved",
    .mage = { 1, 0, "N" }, .witch = { -1, 0, "N" },
    .players = { { "Red", 0, { 0 }, 7 }, { "Blue", 0, { 0 }, 6 } },
  },
  /* ...and the city, completed later, scores with the mage that stayed. */
  {
    M7, ALL_EVENTS, NULL, "scored-with-mage",
    .mage = OFF, .witch = { -1, 0, "N" },
    .players = { { "Red", 0, { 0 }, 7 }, { "Blue", 15, CITY (15), 7 } },
    .scores = {
      { "Blue", 15, "city", 4, MAGE, 10, 5, 0, "completed city at [0, 0] N: 5 tiles x 2 = 10, mage +5 = 15" },
    },
  },
  /* M7 with a magic tile that joins: MW-6 at [0, -1] joins the two cities, and the one move
   * of the witch (onto MW-6's own road) is both the magic tile's move and the joining's. */
  {
    M7, 3,
    "{\"turn\": {\"player\": 1, \"tile\": \"MW-6\", \"at\": [0, -1], \"rotation\": 90, "
    "\"magic\": {\"piece\": \"witch\", \"to\": {\"at\": [0, -1], \"spot\": \"W\"}}}}",
    "magic-tile-joins",
    .mage = { 1, 0, "N" }, .witch = { 0, -1, "W" },
    .players = { { "Red", 0, { 0 }, 7 }, { "Blue", 0, { 0 }, 6 } },
  },
};

static const TargetCase target_cases[] = {
  /* M2: after MW-1 is placed, the mage may go to any open road or city: the start tile's
   * road (through MW-1's east road), the start tile's city, and MW-1's city and its two other
   * roads. */
  {
    E35, 0, "first-magic-tile", "MW-1", -1, 0, 0, TESSERA_MAGIC_MAGE,
    { { 0, 0, "E" }, { 0, 0, "N" }, { -1, 0, "N" }, { -1, 0, "S" }, { -1, 0, "W" } },
  },
  /* M3: with the mage on the road the witch may go anywhere else, and so may the mage,
   * which must leave its road (M4). */
  {
    E35, 1, "witch-not-on-mage-road", NULL, 0, 0, 0, TESSERA_MAGIC_WITCH,
    { { 0, 0, "N" }, { -1, 0, "N" }, { -1, 0, "S" }, { -1, 0, "W" } },
  },
  {
    E35, 1, "mage-leaves-its-road", NULL, 0, 0, 0, TESSERA_MAGIC_MAGE,
    { { 0, 0, "N" }, { -1, 0, "N" }, { -1, 0, "S" }, { -1, 0, "W" } },
  },
  /* M5: MW-5 completes both of its cities, so the road is the only choice... */
  {
    M5, 4, "completed-cities-excluded", "MW-5", 0, -1, 0, TESSERA_MAGIC_MAGE,
    { { 0, 0, "E" } },
  },
  /* ...and with that road closed too there is none (M6). */
  {
    M6, 5, "nothing-open", "MW-5", 0, -1, 0, TESSERA_MAGIC_MAGE,
  },
  {
    M6, 5, "nothing-open-witch", "MW-5", 0, -1, 0, TESSERA_MAGIC_WITCH,
  },
  /* M6 with the mage on the board: before MW-5 the other open city is a choice; after it,
   * nothing is (the mage's own city is completed too). */
  {
    M6_LEAVES, 7, "before-the-magic-tile", NULL, 0, 0, 0, TESSERA_MAGIC_MAGE,
    { { 0, -2, "S" } },
  },
  {
    M6_LEAVES, 7, "nothing-open-mage", "MW-5", 0, -1, 0, TESSERA_MAGIC_MAGE,
  },
  {
    M6_LEAVES, 7, "nothing-open-witch", "MW-5", 0, -1, 0, TESSERA_MAGIC_WITCH,
  },
  /* M7: once F joins X and Y and completes the city, the open road is the only place for
   * either figure... */
  {
    E41_WITCH, 7, "after-joining-witch", "F", 1, -1, 90, TESSERA_MAGIC_WITCH,
    { { -1, 0, "E" } },
  },
  {
    E41_WITCH, 7, "after-joining-mage", "F", 1, -1, 90, TESSERA_MAGIC_MAGE,
    { { -1, 0, "E" } },
  },
  /* ...and with that road closed there is none. */
  {
    E41_NULL, 7, "after-joining-nothing-open", "F", 1, -1, 90, TESSERA_MAGIC_WITCH,
  },
  /* M7 without completion: R joins the cities; the joined city is no choice. MW-7's city,
   * its road S-W and MW-1's roads E and S are (the start tile's road, closed by MW-1 and
   * MW-7, is not). */
  {
    M7, 3, "joined-city-excluded", "R", 0, -1, 90, TESSERA_MAGIC_WITCH,
    { { -1, 0, "N" }, { -1, 0, "W" }, { 1, 0, "E" }, { 1, 0, "S" } },
  },
};

#define F_JOINS(magic) \
  "{\"turn\": {\"player\": 1, \"tile\": \"F\", \"at\": [1, -1], \"rotation\": 90" magic "}}"
#define MW5_M5(magic) \
  "{\"turn\": {\"player\": 0, \"tile\": \"MW-5\", \"at\": [0, -1], \"rotation\": 0" magic "}}"
#define MW5_M6(magic) \
  "{\"turn\": {\"player\": 1, \"tile\": \"MW-5\", \"at\": [0, -1], \"rotation\": 0" magic "}}"
#define MW7_M4(magic) \
  "{\"turn\": {\"player\": 0, \"tile\": \"MW-7\", \"at\": [2, 0], \"rotation\": 0" magic "}}"
#define MW8_M4(magic) \
  "{\"turn\": {\"player\": 1, \"tile\": \"MW-8\", \"at\": [2, 1], \"rotation\": 180" magic "}}"
#define R_JOINS(magic) \
  "{\"turn\": {\"player\": 1, \"tile\": \"R\", \"at\": [0, -1], \"rotation\": 90" magic "}}"

static const RefusalCase refusal_cases[] = {
  /* M5: the road MW-7 completes is no place for the witch. */
  {
    E35, 3, "onto-road-the-magic-tile-completes", MW7_COMPLETES (TO ("witch", 1, 1, "N")),
    "event 3 (turn of Blue): the witch cannot go on the road at [1, 1] N: it is completed",
  },
  /* M5: not onto a city the magic tile itself completes, on either side of it. */
  {
    M5, 4, "onto-city-completed-north", MW5_M5 (TO ("mage", 0, -1, "N")),
    "event 4 (turn of Red): the mage cannot go on the city at [0, -1] N: it is completed",
  },
  {
    M5, 4, "onto-city-completed-south", MW5_M5 (TO ("witch", 0, 0, "N")),
    "event 4 (turn of Red): the witch cannot go on the city at [0, 0] N: it is completed",
  },
  /* M2: a figure goes on a road or a city, never a field or a cloister. */
  {
    M5, 4, "onto-field", MW5_M5 (TO ("mage", 0, -1, "E")),
    "event 4 (turn of Red): the mage goes on a road or a city, and [0, -1] E is a field",
  },
  {
    M5, 4, "onto-cloister", MW5_M5 (TO ("mage", 1, -1, "C")),
    "event 4 (turn of Red): the mage goes on a road or a city, and [1, -1] C is a cloister",
  },
  /* M2: a magic tile needs its move while there is an open road. */
  {
    M5, 4, "magic-missing", MW5_M5 (""),
    "event 4 (turn of Red): tile MW-5 shows the magic symbol: \"magic\" must say where the mage or the witch goes",
  },
  /* M6: with nothing open and no figure on the board, no figure can leave it either. */
  {
    M6, 5, "nothing-to-take-off", MW5_M6 (TO_NULL ("mage")),
    "event 5 (turn of Blue): the mage is not on the board, so it cannot leave it",
  },
  {
    M6, 5, "onto-completed-city", MW5_M6 (TO ("witch", 0, -2, "S")),
    "event 5 (turn of Blue): the witch cannot go on the city at [0, -2] S: it is completed",
  },
  /* M6: the mage on the board must leave it; the witch beside it cannot. */
  {
    M6_LEAVES, 7, "mage-must-leave", MW5_M6 (""),
    "event 7 (turn of Blue): no road or city can take the mage or the witch: \"magic\" must take one of them off the board, with \"to\": null",
  },
  {
    M6_LEAVES, 7, "witch-cannot-leave", MW5_M6 (TO_NULL ("witch")),
    "event 7 (turn of Blue): the witch is not on the board, so it cannot leave it",
  },
  {
    M6_LEAVES, 7, "mage-onto-completed-city", MW5_M6 (TO ("mage", 0, -2, "S")),
    "event 7 (turn of Blue): the mage cannot go on the city at [0, -2] S: it is completed",
  },
  /* M4: a moved figure changes road or city, whichever segment of the old one is named. */
  {
    M4, 2, "same-road-other-tile", MW7_M4 (TO ("mage", 1, 0, "E")),
    "event 2 (turn of Red): the mage already stands on the road at [1, 0] E and must move to another road or city",
  },
  {
    M4, 2, "same-road-new-tile", MW7_M4 (TO ("mage", 2, 0, "W")),
    "event 2 (turn of Red): the mage already stands on the road at [2, 0] W and must move to another road or city",
  },
  /* M6: a figure may not leave the board while there is somewhere to go. */
  {
    M4, 2, "leave-while-target", MW7_M4 (TO_NULL ("mage")),
    "event 2 (turn of Red): the mage may leave the board only when no road or city can take a figure, and the city at [0, 0] N can",
  },
  /* M3: never onto the other figure's city. */
  {
    M4, 3, "witch-onto-mage-city", MW8_M4 (TO ("witch", -1, 0, "N")),
    "event 3 (turn of Blue): the witch cannot go on the city at [-1, 0] N: the mage already stands on it",
  },
  /* "magic" on a plain tile that joins nothing. */
  {
    M4, 1, "magic-on-plain-tile",
    "{\"turn\": {\"player\": 1, \"tile\": \"U\", \"at\": [1, 0], \"rotation\": 0"
    TO ("mage", -1, 0, "N") "}}",
    "event 1 (turn of Blue): \"magic\" is only for a tile with the magic symbol, or a tile that joins the roads or cities of the mage and the witch",
  },
  /* M7: the joining tile must move a figure... */
  {
    E41_WITCH, 7, "joining-without-magic", F_JOINS (""),
    "event 7 (turn of Blue): this tile joins the roads or cities of the mage and the witch: \"magic\" must say which of them moves, and where",
  },
  /* ...off the joined city, which the tile completes... */
  {
    E41_WITCH, 7, "joining-onto-joined-city", F_JOINS (TO ("witch", 0, -2, "S")),
    "event 7 (turn of Blue): the witch cannot go on the city at [0, -2] S: it is completed",
  },
  /* ...to the road that is still open, not off the board. */
  {
    E41_WITCH, 7, "joining-leave-while-target", F_JOINS (TO_NULL ("witch")),
    "event 7 (turn of Blue): the witch may leave the board only when no road or city can take a figure, and the road at [0, 0] E can",
  },
  {
    E41_NULL, 7, "joining-without-magic-nothing-open", F_JOINS (""),
    "event 7 (turn of Blue): no road or city can take the mage or the witch: \"magic\" must take one of them off the board, with \"to\": null",
  },
  /* M7 without completion: the joined city is the other figure's. */
  {
    M7, 3, "joined-city-is-the-others", R_JOINS (TO ("mage", 0, -1, "N")),
    "event 3 (turn of Blue): the mage cannot go on the city at [0, -1] N: the witch already stands on it",
  },
  {
    M7, 3, "joining-without-magic", R_JOINS (""),
    "event 3 (turn of Blue): this tile joins the roads or cities of the mage and the witch: \"magic\" must say which of them moves, and where",
  },
  /* The magic tile that joins must also move one of them off the joined city. */
  {
    M7, 3, "magic-tile-joins-onto-joined-city",
    "{\"turn\": {\"player\": 1, \"tile\": \"MW-6\", \"at\": [0, -1], \"rotation\": 90"
    TO ("witch", 0, -1, "N") "}}",
    "event 3 (turn of Blue): the witch cannot go on the city at [0, -1] N: the mage already stands on it",
  },
  {
    M7, 3, "magic-tile-joins-without-magic",
    "{\"turn\": {\"player\": 1, \"tile\": \"MW-6\", \"at\": [0, -1], \"rotation\": 90}}",
    "event 3 (turn of Blue): this tile joins the roads or cities of the mage and the witch: \"magic\" must say which of them moves, and where",
  },
};

static const TesseraTestBadRecord bad_cases[] = {
  /* M3: the witch onto the mage's city, named on another of its tiles. */
  { "witch-on-mage-city.json", TESSERA_ERROR_RULE,
    "event 2 (turn of Red): the witch cannot go on the city at [0, -1] N: the mage already stands on it" },
  /* M5: MW-5 completes the start tile's city. */
  { "onto-completed-city.json", TESSERA_ERROR_RULE,
    "event 0 (turn of Red): the mage cannot go on the city at [0, 0] N: it is completed" },
  /* M2: roads and cities only. */
  { "onto-field.json", TESSERA_ERROR_RULE,
    "event 0 (turn of Red): the witch goes on a road or a city, and [0, 0] S is a field" },
  /* M2: a magic tile's move is not optional while something is open. */
  { "magic-missing.json", TESSERA_ERROR_RULE,
    "event 1 (turn of Blue): tile MW-1 shows the magic symbol: \"magic\" must say where the mage or the witch goes" },
  /* A plain tile that joins nothing moves no figure. */
  { "magic-on-plain-tile.json", TESSERA_ERROR_RULE,
    "event 1 (turn of Blue): \"magic\" is only for a tile with the magic symbol, or a tile that joins the roads or cities of the mage and the witch" },
  /* M6: "to": null only when nothing can take a figure; never for a figure beside the board. */
  { "leave-while-target.json", TESSERA_ERROR_RULE,
    "event 1 (turn of Blue): the mage may leave the board only when no road or city can take a figure, and the city at [0, 0] N can" },
  { "leave-from-beside-board.json", TESSERA_ERROR_RULE,
    "event 0 (turn of Red): the witch is not on the board, so it cannot leave it" },
  /* M4: the mage's road runs on to the tile at [1, 0]. */
  { "same-feature-move.json", TESSERA_ERROR_RULE,
    "event 2 (turn of Red): the mage already stands on the road at [1, 0] E and must move to another road or city" },
  /* M7: E41's joining tile without its move. */
  { "joined-without-magic.json", TESSERA_ERROR_RULE,
    "event 7 (turn of Blue): this tile joins the roads or cities of the mage and the witch: \"magic\" must say which of them moves, and where" },
  /* A base game has no figures. */
  { "magic-without-mage-witch.json", TESSERA_ERROR_RULE,
    "event 0 (turn of Red): \"magic\" belongs to Mage & Witch, which is not in this game" },
  /* The figures are called "mage" and "witch"; "to" is a place or null. */
  { "unknown-piece.json", TESSERA_ERROR_RECORD,
    "event 0 (turn of Red): \"magic\" moves \"mage\" or \"witch\", not \"dragon\"" },
  { "to-not-a-place.json", TESSERA_ERROR_RECORD,
    "event 0 (turn of Red): the \"to\" of \"magic\" must be {\"at\": [x, y], \"spot\": S} or null" },
};

static TesseraGame *
load_game (const char *file,
           guint       n_events)
{
  TesseraGame *game = tessera_test_load_game ("magic", file, n_events);

  if (game != NULL)
    g_assert_true (tessera_game_has_magic (game));
  return game;
}

/* The board segment @spot names, or -1 (with a failed assertion) when it names none. */
static int
resolve_spot (TesseraBoard       *board,
              const ExpectedSpot *spot)
{
  TesseraCell cell = { spot->x, spot->y };
  const TesseraPlacedTile *tile = tessera_board_lookup (board, cell);
  g_autoptr(GError) error = NULL;
  int local;

  if (tile == NULL)
    {
      g_test_message ("no tile at [%d, %d]", spot->x, spot->y);
      g_assert_nonnull (tile);
      return -1;
    }
  local = tessera_spot_resolve (tile->type, tile->rotation, spot->spot, &error);
  g_assert_no_error (error);
  return local < 0 ? -1 : (int) (tile->first_segment + (guint) local);
}

static const char *
figure_name (TesseraMagicFigure figure)
{
  return figure == TESSERA_MAGIC_MAGE ? "mage" : "witch";
}

/* M3, M10: a figure on the board stands on an open road or city, and never on the other
 * figure's. */
static void
check_figure_invariants (TesseraGame *game)
{
  TesseraBoard *board = tessera_game_get_board (game);
  int segments[2] = {
    tessera_game_get_magic_segment (game, TESSERA_MAGIC_MAGE),
    tessera_game_get_magic_segment (game, TESSERA_MAGIC_WITCH),
  };

  for (guint f = 0; f < 2; f++)
    {
      TesseraFeatureInfo info;

      if (segments[f] < 0)
        continue;
      g_assert_cmpuint ((guint) segments[f], <, tessera_board_get_n_segments (board));
      tessera_board_describe_feature (board, (guint) segments[f], &info);
      g_assert_true (info.kind == TESSERA_FEATURE_ROAD || info.kind == TESSERA_FEATURE_CITY);
      if (!tessera_game_is_finished (game))
        g_assert_false (info.complete);
    }
  if (segments[0] >= 0 && segments[1] >= 0)
    g_assert_cmpuint (tessera_board_find (board, (guint) segments[0]), !=,
                      tessera_board_find (board, (guint) segments[1]));
}

static void
check_figure (TesseraGame        *game,
              TesseraMagicFigure  figure,
              const ExpectedSpot *expected)
{
  TesseraBoard *board = tessera_game_get_board (game);
  int segment = tessera_game_get_magic_segment (game, figure);

  if (segment >= 0)
    {
      const TesseraPlacedTile *tile = tessera_board_segment_tile (board, (guint) segment);
      char spot[TESSERA_SPOT_NAME_SIZE];

      tessera_spot_name (tile->type, tile->rotation, (guint) segment - tile->first_segment, spot);
      g_test_message ("the %s stands at [%d, %d] %s", figure_name (figure), tile->cell.x, tile->cell.y, spot);
    }
  else
    g_test_message ("the %s waits beside the board", figure_name (figure));

  if (expected->spot == NULL)
    g_assert_cmpint (segment, ==, -1);
  else
    g_assert_cmpint (segment, ==, resolve_spot (board, expected));
}

static void
check_scores (TesseraGame     *game,
              const StateCase *state)
{
  guint n_scores = tessera_game_get_n_score_events (game);
  g_autofree gboolean *matched = g_new0 (gboolean, MAX (n_scores, 1));
  guint n_expected = 0;

  tessera_test_log_scores (game);
  for (; n_expected < MAX_ROWS && state->scores[n_expected].player != NULL; n_expected++)
    {
      const ExpectedScore *expected = &state->scores[n_expected];
      TesseraTestScore sentence = {
        expected->player, expected->points, expected->category, expected->event, expected->sentence,
      };
      const TesseraScoreEvent *found = tessera_test_expect_score (game, matched, &sentence);

      if (found == NULL)
        continue;
      /* The figure's part, and what it was applied to. */
      g_assert_cmpuint (found->magic, ==, expected->magic);
      if (expected->magic != 0)
        g_assert_cmpint (found->base_points, ==, expected->base_points);
      g_assert_cmpuint (found->n_tiles, ==, expected->n_tiles);
      g_assert_cmpuint (found->n_pennants, ==, expected->n_pennants);
    }

  /* Nothing else paid anyone. */
  g_assert_cmpuint (n_scores, ==, n_expected);
}

static void
test_state (gconstpointer data)
{
  const StateCase *state = data;
  g_autoptr(TesseraGame) game = load_game (state->file, state->n_events);

  if (game == NULL)
    return;
  if (state->then != NULL)
    {
      g_autoptr(GError) error = tessera_test_apply_data (game, state->then);

      g_assert_no_error (error);
    }

  tessera_test_check_players (game, state->players, G_N_ELEMENTS (state->players), 0);
  check_figure (game, TESSERA_MAGIC_MAGE, &state->mage);
  check_figure (game, TESSERA_MAGIC_WITCH, &state->witch);
  check_figure_invariants (game);
  check_scores (game, state);
}

static void
test_targets (gconstpointer data)
{
  const TargetCase *target = data;
  g_autoptr(TesseraGame) game = load_game (target->file, target->n_events);
  g_autoptr(TesseraBoard) board = NULL;
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (guint));
  const TesseraTileType *type = NULL;
  TesseraCell cell = { target->x, target->y };
  int segments[2];
  guint n_expected = 0;

  if (game == NULL)
    return;
  board = tessera_board_copy (tessera_game_get_board (game));
  if (target->tile != NULL)
    {
      g_autoptr(GError) error = NULL;
      const TesseraBoxEntry *entry = tessera_game_lookup_tile (game, target->tile, &error);

      g_assert_no_error (error);
      if (entry == NULL)
        return;
      type = entry->type;
      g_assert_true (tessera_board_fits (board, type, cell, target->rotation / 90));
      tessera_board_place (board, type, cell, target->rotation / 90);
    }
  segments[TESSERA_MAGIC_MAGE] = tessera_game_get_magic_segment (game, TESSERA_MAGIC_MAGE);
  segments[TESSERA_MAGIC_WITCH] = tessera_game_get_magic_segment (game, TESSERA_MAGIC_WITCH);
  tessera_magic_list_targets (board, segments, target->figure, targets);

  for (guint i = 0; i < targets->len; i++)
    {
      guint segment = g_array_index (targets, guint, i);
      const TesseraPlacedTile *tile = tessera_board_segment_tile (board, segment);
      char spot[TESSERA_SPOT_NAME_SIZE];
      TesseraFeatureInfo info;

      tessera_spot_name (tile->type, tile->rotation, segment - tile->first_segment, spot);
      tessera_board_describe_feature (board, segment, &info);
      g_test_message ("target: %s at [%d, %d] %s", tessera_feature_kind_name (info.kind),
                      tile->cell.x, tile->cell.y, spot);
      g_assert_true (info.kind == TESSERA_FEATURE_ROAD || info.kind == TESSERA_FEATURE_CITY);
      g_assert_false (info.complete);
    }

  for (; n_expected < MAX_ROWS && target->targets[n_expected].spot != NULL; n_expected++)
    {
      int segment = resolve_spot (board, &target->targets[n_expected]);
      guint found = 0;

      if (segment < 0)
        continue;
      for (guint i = 0; i < targets->len; i++)
        found += tessera_board_find (board, g_array_index (targets, guint, i)) ==
                 tessera_board_find (board, (guint) segment);
      if (found != 1)
        g_test_message ("[%d, %d] %s is listed %u times", target->targets[n_expected].x,
                        target->targets[n_expected].y, target->targets[n_expected].spot, found);
      g_assert_cmpuint (found, ==, 1);
    }
  g_assert_cmpuint (targets->len, ==, n_expected);

  /* The game names the same roads and cities for that turn, by place. */
  if (type != NULL)
    {
      g_autoptr(GArray) places = g_array_new (FALSE, FALSE, sizeof (TesseraPieceRef));

      tessera_game_list_magic_targets (game, type, cell, target->rotation / 90, target->figure, places);
      g_assert_cmpuint (places->len, ==, targets->len);
      for (guint i = 0; i < places->len; i++)
        {
          const TesseraPieceRef *place = &g_array_index (places, TesseraPieceRef, i);
          const TesseraPlacedTile *tile = tessera_board_lookup (board, place->at);
          int local;

          g_assert_nonnull (tile);
          if (tile == NULL)
            continue;
          local = tessera_spot_resolve (tile->type, tile->rotation, place->spot, NULL);
          g_assert_cmpint (local, >=, 0);
          if (local >= 0)
            g_assert_cmpuint (tessera_board_find (board, tile->first_segment + (guint) local), ==,
                              tessera_board_find (board, g_array_index (targets, guint, i)));
        }
    }
}

static void
test_refusal (gconstpointer data)
{
  const RefusalCase *refusal = data;
  g_autoptr(TesseraGame) game = load_game (refusal->file, refusal->n_events);

  if (game == NULL)
    return;
  tessera_test_check_refused (game, refusal->event, TESSERA_ERROR_RULE, refusal->message);
  check_figure_invariants (game);
}

static void
test_bad (gconstpointer data)
{
  tessera_test_check_bad_record ("bad-magic", data);
}

/* Every fixture, event by event: the figures never share a feature and never stand on a
 * completed one (M3, M10); and the record the game writes replays to the same figures and
 * points, so "magic" survives saving. */
static void
test_replay (gconstpointer data)
{
  const char *file = data;
  g_autoptr(TesseraRecord) record = tessera_test_load_record ("magic", file, NULL);
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(TesseraRecord) written = NULL;
  g_autoptr(TesseraRecord) reread = NULL;
  g_autoptr(TesseraGame) replayed = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (record == NULL)
    return;
  for (guint n = 0; n <= record->events->len; n++)
    {
      g_autoptr(TesseraGame) partial = tessera_game_new_from_record (record, n, &error);

      g_assert_no_error (error);
      if (partial == NULL)
        return;
      check_figure_invariants (partial);
    }

  game = tessera_game_new_from_record (record, ALL_EVENTS, &error);
  g_assert_no_error (error);
  if (game == NULL)
    return;
  written = tessera_game_to_record (game);
  text = tessera_record_to_data (written);
  reread = tessera_record_load_from_data (text, -1, &error);
  g_assert_no_error (error);
  if (reread == NULL)
    return;
  replayed = tessera_game_new_from_record (reread, ALL_EVENTS, &error);
  g_assert_no_error (error);
  if (replayed == NULL)
    return;
  g_assert_cmpint (tessera_game_get_magic_segment (replayed, TESSERA_MAGIC_MAGE), ==,
                   tessera_game_get_magic_segment (game, TESSERA_MAGIC_MAGE));
  g_assert_cmpint (tessera_game_get_magic_segment (replayed, TESSERA_MAGIC_WITCH), ==,
                   tessera_game_get_magic_segment (game, TESSERA_MAGIC_WITCH));
  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    g_assert_cmpint (tessera_game_get_score (replayed, p), ==, tessera_game_get_score (game, p));
}

static const char * const fixtures[] = {
  E35, E36, E37_PLAIN, E37_WITCH, E37_MAGE, E38, E39, E39_ROAD, E40, E41_WITCH, E41_MAGE,
  E41_NULL, M5, M6, M6_LEAVES, M4, M10, M7,
};

/* Every record in tests/records/magic has its place in the tables above. */
static void
test_all_fixtures_listed (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "records", "magic", NULL);
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;
  guint n_files = 0;

  dir = g_dir_open (path, 0, &error);
  g_assert_no_error (error);
  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      gboolean listed = FALSE;

      if (!g_str_has_suffix (name, ".json"))
        continue;
      n_files++;
      for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
        listed |= g_str_equal (fixtures[i], name);
      if (!listed)
        g_test_message ("%s is not tested", name);
      g_assert_true (listed);
    }
  g_assert_cmpuint (n_files, ==, G_N_ELEMENTS (fixtures));
}

/* Every record in tests/records/bad-magic is tested. */
static void
test_all_bad_listed (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "records", "bad-magic", NULL);
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;
  guint n_files = 0;

  dir = g_dir_open (path, 0, &error);
  g_assert_no_error (error);
  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      gboolean listed = g_str_equal (name, "magic-unknown-key.json");

      if (!g_str_has_suffix (name, ".json"))
        continue;
      n_files++;
      for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
        listed |= g_str_equal (bad_cases[i].file, name);
      if (!listed)
        g_test_message ("%s is not tested", name);
      g_assert_true (listed);
    }
  g_assert_cmpuint (n_files, ==, G_N_ELEMENTS (bad_cases) + 1);
}

/* record-format.md: "Unknown keys are an error (with the key named)", inside "magic" too. */
static void
test_unknown_key_named (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraRecord) record = tessera_test_load_record ("bad-magic", "magic-unknown-key.json", &error);

  g_assert_null (record);
  g_assert_error (error, TESSERA_ERROR, TESSERA_ERROR_RECORD);
  if (error == NULL)
    return;
  g_assert_cmpstr (error->message, ==,
                   "event 0 (turn of Red): unknown key \"from\" in \"magic\" (known keys: piece, to)");
}

/* M8: a figure elsewhere on the board changes nothing, and the base game never sees one. */
static void
test_without_mage_witch (void)
{
  static const char json[] =
    "{\"format\": \"tessera-game\", \"version\": 1, \"sets\": [\"base\"], "
    "\"players\": [{\"name\": \"Red\", \"color\": \"red\"}, {\"name\": \"Blue\", \"color\": \"blue\"}], "
    "\"events\": []}";
  g_autoptr(TesseraRecord) record = NULL;
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) lookup_error = NULL;

  record = tessera_record_load_from_data (json, -1, &error);
  g_assert_no_error (error);
  if (record == NULL)
    return;
  game = tessera_game_new_from_record (record, ALL_EVENTS, &error);
  g_assert_no_error (error);
  if (game == NULL)
    return;
  g_assert_false (tessera_game_has_magic (game));
  g_assert_cmpint (tessera_game_get_magic_segment (game, TESSERA_MAGIC_MAGE), ==, -1);
  g_assert_cmpint (tessera_game_get_magic_segment (game, TESSERA_MAGIC_WITCH), ==, -1);
  /* M1: the magic tiles come only with the Mage & Witch box. */
  g_assert_null (tessera_game_lookup_tile (game, "MW-1", &lookup_error));
  g_assert_error (lookup_error, TESSERA_ERROR, TESSERA_ERROR_RULE);
}

/* M1: the box adds the eight magic tiles, one copy each, all showing the symbol. */
static void
test_magic_tiles (void)
{
  g_autoptr(TesseraGame) game = load_game (E35, 0);
  guint n_magic = 0;
  GArray *supply;

  if (game == NULL)
    return;
  /* 71 base tiles besides the start tile, and 8 magic tiles. */
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 71 + 8);
  for (guint i = 1; i <= 8; i++)
    {
      g_autofree char *id = g_strdup_printf ("MW-%u", i);
      g_autoptr(GError) error = NULL;
      const TesseraBoxEntry *entry = tessera_game_lookup_tile (game, id, &error);

      g_assert_no_error (error);
      if (entry == NULL)
        continue;
      g_assert_cmpuint (entry->count, ==, 1);
      g_assert_true (entry->type->magic);
    }
  supply = tessera_game_get_supply (game);
  for (guint i = 0; i < supply->len; i++)
    {
      const TesseraSupplyEntry *entry = &g_array_index (supply, TesseraSupplyEntry, i);

      if (entry->entry->type->magic)
        n_magic += entry->left;
    }
  g_assert_cmpuint (n_magic, ==, 8);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* A wrong number fails its own case; the other examples still run and report. */
  g_test_set_nonfatal_assertions ();

  for (guint i = 0; i < G_N_ELEMENTS (state_cases); i++)
    tessera_test_add_fixture_case ("magic", state_cases[i].file, "state", state_cases[i].label,
                                   &state_cases[i], test_state);

  for (guint i = 0; i < G_N_ELEMENTS (target_cases); i++)
    tessera_test_add_fixture_case ("magic", target_cases[i].file, "targets", target_cases[i].label,
                                   &target_cases[i], test_targets);

  for (guint i = 0; i < G_N_ELEMENTS (refusal_cases); i++)
    tessera_test_add_fixture_case ("magic", refusal_cases[i].file, "refused", refusal_cases[i].label,
                                   &refusal_cases[i], test_refusal);

  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    tessera_test_add_fixture_case ("magic/bad", bad_cases[i].file, NULL, NULL, &bad_cases[i], test_bad);

  for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
    tessera_test_add_fixture_case ("magic", fixtures[i], "replay", NULL, fixtures[i], test_replay);

  g_test_add_func ("/magic/fixtures-listed", test_all_fixtures_listed);
  g_test_add_func ("/magic/bad/magic-unknown-key", test_unknown_key_named);
  g_test_add_func ("/magic/bad/all-listed", test_all_bad_listed);
  g_test_add_func ("/magic/m1-magic-tiles", test_magic_tiles);
  g_test_add_func ("/magic/not-in-base-game", test_without_mage_witch);

  return g_test_run ();
}
