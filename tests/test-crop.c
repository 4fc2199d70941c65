/* test-crop.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The crop-circle tiles (Crop Circles II, packed with Mage & Witch) as doc/rule-decisions.md
 * tells them: C1-C9, the examples E42 and E43, and X9, each replayed from its record in
 * tests/records/crop through the public engine API, and the broken records of
 * tests/records/bad-crop. The tables below say, after each crop action,
 * which followers stand where (player, tile, spot and role), how many each player has in
 * supply, every point scored with its full sentence, which crop-circle tiles are in the box,
 * and the exact words of every move the rules refuse; a refused move changes nothing.
 *
 * The circle's kind decides the followers (C1): a shield is knights (cities), a club thieves
 * (roads), a pitchfork farmers (fields). After the turn and its scoring (C2) the active player
 * chooses add or remove for everyone (C3); the players act from the active player's left, the
 * active player last (C4). Adding is optional and needs a follower in supply; removing is a
 * must for a player who has one of that kind (C3, C5). Neither scores anything (C9). */

#include "config.h"

#include <glib.h>

#include "tessera-engine.h"
#include "tessera-test-utils.h"

#define ALL_EVENTS G_MAXUINT
#define MAX_THEN 3
#define MAX_PIECES 12
#define MAX_SCORES 10

#define KNIGHT TESSERA_FEATURE_CITY
#define THIEF TESSERA_FEATURE_ROAD
#define FARMER TESSERA_FEATURE_FIELD
#define MONK TESSERA_FEATURE_CLOISTER

/* A follower on a land tile: whose, where (any spot that names its segment) and its role. */
typedef struct
{
  const char         *player;
  int                 x;
  int                 y;
  const char         *spot;
  TesseraFeatureKind  kind;
} ExpectedPiece;

/* A fixture replayed up to some event, then maybe some more events, and the state that must
 * follow: exactly these followers on the board and these scoring events. */
typedef struct
{
  const char       *file;
  guint             n_events;              /* ALL_EVENTS: the whole record */
  const char       *then[MAX_THEN];        /* events applied after those, in order */
  const char       *label;
  const char       *next;                  /* who draws next, or NULL when the game is over */
  TesseraTestPlayer    players[TESSERA_MAX_PLAYERS];
  ExpectedPiece     pieces[MAX_PIECES];
  TesseraTestScore  scores[MAX_SCORES];
} StateCase;

/* A crop-circle tile in the supply and how many copies are left. */
typedef struct
{
  const char *id;
  guint       left;
} ExpectedTile;

/* Which crop-circle tiles are in the box: exactly the listed ones. */
typedef struct
{
  const char   *file;
  guint         n_events;
  const char   *label;
  guint         tiles_left;
  ExpectedTile  tiles[7];
} SupplyCase;

/* A move the rules refuse: @event comes after the first @n_events events of @file, is
 * refused through tessera_game_apply() (or already when it is read) and changes nothing. */
typedef struct
{
  const char   *file;
  guint         n_events;
  const char   *label;
  const char   *event;
  int           code;       /* a TesseraError */
  const char   *message;
} RefusalCase;

/* A turn with a crop action that must pay nobody anything. */
typedef struct
{
  const char *file;
  guint       event;
} NoPointsCase;


/* E42: 4 players. Dora draws a shield circle (CC2-5), puts a knight on it and chooses remove.
 * Anna (two knights) takes back the one at [0, -1], then Bram his knight (his farmer stays),
 * then Cees, who has only a thief, passes, and Dora takes back her older knight at [0, 1]. */
#define E42 "e42-shield-remove-order.json"
/* E43: Red and Blue have a farmer each in one farm. Green draws a pitchfork circle (CC2-3) and
 * chooses add: Red passes, Blue adds a farmer on another tile of that farm, Green one beside
 * his own farmer in the other farm. The farm borders two completed cities at the end, and
 * Blue has the majority: 6 for Blue, none for Red, where without adding they tie at 6 each. */
#define E43 "e43-pitchfork-add.json"
/* C3, C5: Blue has all 7 followers on the board (a thief and six monks). Red draws a club
 * circle (CC2-1) and chooses add: Blue, with an empty supply, must pass; Green has a thief
 * and followers in supply but passes; Red adds a thief four tiles down his own road. */
#define CLUB "club-add-pass-and-empty-supply.json"
/* C9: Red and Blue share a city. Blue draws a shield circle (CC2-6), puts a knight on its
 * other city and chooses add: Red adds a knight to the shared city, Blue one next to his new
 * knight. Nobody scores then; when Red closes the shared city, Red's 2 knights beat Blue's 1. */
#define C9 "c9-added-knight-scores-later.json"
/* C5: Red has a thief, Blue a farmer; Red places a shield circle and nobody has a knight:
 * "crop" is left out. */
#define LEFT_OUT "crop-left-out-nobody-of-kind.json"
/* C2: Red's shield circle (CC2-5) closes Blue's city first: Blue scores 4 and has his knight
 * back, so nobody has a knight when the circle acts and "crop" may be left out. */
#define C2 "c2-scoring-before-crop.json"
/* "crop_circle_tiles": only CC2-2 and CC2-5 are in the box; Red places CC2-5. */
#define TWO_TILES "crop-circle-tiles-two.json"
/* X9: the Famine example E22 with a pitchfork circle before it: Red takes one of his two
 * farmers back, Blue (only a follower on a crown space) passes, and Famine then pays Red for
 * one farmer: 3, not 6. */
#define X9 "x9-wheel-removed-farmer-no-famine.json"
/* C10: the club fixture, but Blue's last follower is a thief on A's road at [7, 1] rather than
 * a monk, and Red's club circle (CC2-1) closes Blue's road at [3, -1]: Blue scores 4 and has
 * that thief back, his only follower in supply. It went home with this turn's scoring, so
 * Blue cannot add it next to his thief at [7, 1]; Green passes and Red adds on his road. */
#define C10 "c10-home-from-scoring-not-added.json"
#define C10_TURN(blue) \
  "{\"turn\": {\"player\": 0, \"tile\": \"CC2-1\", \"at\": [3, -1], \"rotation\": 90, " \
  "\"crop\": {\"choice\": \"add\", \"moves\": [" blue ", " PASS (2) ", " MOVE (0, -3, 0, "W") "]}}}"
/* X6 with the circle: Blue's only follower stands on top of a tower, which makes it no
 * knight, so Blue passes when Red's shield circle takes knights back; Red takes back the
 * knight he has just put on the circle's tile. */
#define TOWER_TOP "x-tower-top-not-a-knight.json"

#define END "{\"end\": {}}"

#define CITY(n) { [TESSERA_CATEGORY_CITY] = (n) }
#define FARM(n) { [TESSERA_CATEGORY_FARM] = (n) }
#define WHEEL(n) { [TESSERA_CATEGORY_WHEEL] = (n) }

/* E43 with the circle but nobody adding, then the same last tile. */
#define E43_ALL_PASS \
  "{\"turn\": {\"player\": 2, \"tile\": \"CC2-3\", \"at\": [0, -2], \"rotation\": 90, " \
  "\"crop\": {\"choice\": \"add\", \"moves\": [{\"player\": 0, \"piece\": null}, " \
  "{\"player\": 1, \"piece\": null}, {\"player\": 2, \"piece\": null}]}}}"
#define E43_LAST_TILE "{\"turn\": {\"player\": 0, \"tile\": \"E\", \"at\": [1, -2], \"rotation\": 270}}"

/* C9 with Red passing instead of adding, then the same tile that closes the shared city. */
#define C9_RED_PASSES \
  "{\"turn\": {\"player\": 1, \"tile\": \"CC2-6\", \"at\": [2, -1], \"rotation\": 0, " \
  "\"action\": {\"follower\": {\"spot\": \"E\"}}, \"crop\": {\"choice\": \"add\", \"moves\": [" \
  "{\"player\": 0, \"piece\": null}, {\"player\": 1, \"piece\": {\"at\": [2, -1], \"spot\": \"S\"}}]}}}"
#define C9_CLOSE_CITY "{\"turn\": {\"player\": 0, \"tile\": \"E\", \"at\": [2, -2], \"rotation\": 180}}"

/* X9 with add: the land printed on the wheel board is land (W1), so Red may add a farmer on
 * it; Famine then pays him for 3 farmers. */
#define X9_ADD_ON_BOARD \
  "{\"turn\": {\"player\": 1, \"tile\": \"CC2-4\", \"at\": [0, 4], \"rotation\": 0, " \
  "\"crop\": {\"choice\": \"add\", \"moves\": [{\"player\": 0, \"piece\": {\"at\": [2, 0], \"spot\": \"NNE\"}}, " \
  "{\"player\": 1, \"piece\": null}]}}}"
#define X9_FAMINE "{\"turn\": {\"player\": 0, \"tile\": \"U+W2\", \"at\": [-1, 1], \"rotation\": 0}}"

static const StateCase state_cases[] = {
  /* E42 */
  {
    E42, 7, { NULL }, "before-circle", "Dora",
    .players = {
      { "Anna", 0, { 0 }, 5, 0 },
      { "Bram", 0, { 0 }, 5, 0 },
      { "Cees", 0, { 0 }, 6, 0 },
      { "Dora", 0, { 0 }, 6, 0 },
    },
    .pieces = {
      { "Anna", 0, -1, "S", KNIGHT },
      { "Anna", -1, -1, "N", KNIGHT },
      { "Bram", 1, 0, "N", KNIGHT },
      { "Bram", 2, 0, "S", FARMER },
      { "Cees", -1, 0, "E", THIEF },
      { "Dora", 0, 1, "S", KNIGHT },
    },
  },
  {
    E42, ALL_EVENTS, { NULL }, "after-remove", "Anna",
    .players = {
      { "Anna", 0, { 0 }, 6, 0 },
      { "Bram", 0, { 0 }, 6, 0 },
      { "Cees", 0, { 0 }, 6, 0 },
      { "Dora", 0, { 0 }, 6, 0 },
    },
    .pieces = {
      { "Anna", -1, -1, "N", KNIGHT },
      { "Bram", 2, 0, "S", FARMER },
      { "Cees", -1, 0, "E", THIEF },
      { "Dora", 0, -2, "E", KNIGHT },
    },
  },
  /* E43 */
  {
    E43, 5, { NULL }, "before-circle", "Green",
    .players = {
      { "Red", 0, { 0 }, 6, 0 },
      { "Blue", 0, { 0 }, 6, 0 },
      { "Green", 0, { 0 }, 6, 0 },
    },
    .pieces = {
      { "Red", 0, -1, "N", FARMER },
      { "Blue", 1, 0, "N", FARMER },
      { "Green", 0, 1, "N", FARMER },
    },
  },
  {
    E43, 6, { NULL }, "after-add", "Red",
    .players = {
      { "Red", 0, { 0 }, 6, 0 },
      { "Blue", 0, { 0 }, 5, 0 },
      { "Green", 0, { 0 }, 5, 0 },
    },
    .pieces = {
      { "Red", 0, -1, "N", FARMER },
      { "Blue", 1, 0, "N", FARMER },
      { "Blue", 1, -1, "S", FARMER },
      { "Green", 0, 1, "N", FARMER },
      { "Green", 0, 1, "W", FARMER },
    },
  },
  {
    E43, ALL_EVENTS, { NULL }, "final-blue-majority", NULL,
    .players = {
      { "Red", 0, { 0 }, 6, 0 },
      { "Blue", 6, FARM (6), 5, 0 },
      { "Green", 0, { 0 }, 5, 0 },
    },
    .pieces = {
      { "Red", 0, -1, "N", FARMER },
      { "Blue", 1, 0, "N", FARMER },
      { "Blue", 1, -1, "S", FARMER },
      { "Green", 0, 1, "N", FARMER },
      { "Green", 0, 1, "W", FARMER },
    },
    .scores = {
      { "Blue", 6, "farm", 7, "farm at [0, 0] ENE: 2 completed cities x 3 = 6" },
    },
  },
  {
    /* The same game where nobody adds: Red and Blue tie for the farm. */
    E43, 5, { E43_ALL_PASS, E43_LAST_TILE, END }, "final-without-adding-tie", NULL,
    .players = {
      { "Red", 6, FARM (6), 6, 0 },
      { "Blue", 6, FARM (6), 6, 0 },
      { "Green", 0, { 0 }, 6, 0 },
    },
    .pieces = {
      { "Red", 0, -1, "N", FARMER },
      { "Blue", 1, 0, "N", FARMER },
      { "Green", 0, 1, "N", FARMER },
    },
    .scores = {
      { "Red", 6, "farm", 7, "farm at [0, 0] ENE: 2 completed cities x 3 = 6, tied with Blue" },
      { "Blue", 6, "farm", 7, "farm at [0, 0] ENE: 2 completed cities x 3 = 6, tied with Red" },
    },
  },
  /* C3, C5: a club circle */
  {
    CLUB, 21, { NULL }, "before-circle", "Red",
    .players = {
      { "Red", 0, { 0 }, 6, 0 },
      { "Blue", 0, { 0 }, 0, 0 },
      { "Green", 0, { 0 }, 6, 0 },
    },
    .pieces = {
      { "Red", 1, 0, "W", THIEF },
      { "Blue", 2, 0, "E", THIEF },
      { "Green", 1, 1, "N", THIEF },
      { "Blue", 2, 1, "C", MONK },
      { "Blue", 3, 1, "C", MONK },
      { "Blue", 4, 1, "C", MONK },
      { "Blue", 5, 1, "C", MONK },
      { "Blue", 6, 1, "C", MONK },
      { "Blue", 7, 1, "C", MONK },
    },
  },
  {
    CLUB, ALL_EVENTS, { NULL }, "after-add", "Blue",
    .players = {
      { "Red", 0, { 0 }, 5, 0 },
      { "Blue", 0, { 0 }, 0, 0 },
      { "Green", 0, { 0 }, 6, 0 },
    },
    .pieces = {
      { "Red", 1, 0, "W", THIEF },
      { "Red", -3, 0, "W", THIEF },
      { "Blue", 2, 0, "E", THIEF },
      { "Green", 1, 1, "N", THIEF },
      { "Blue", 2, 1, "C", MONK },
      { "Blue", 3, 1, "C", MONK },
      { "Blue", 4, 1, "C", MONK },
      { "Blue", 5, 1, "C", MONK },
      { "Blue", 6, 1, "C", MONK },
      { "Blue", 7, 1, "C", MONK },
    },
  },
  {
    /* Red's two thieves on one road are paid once. */
    CLUB, ALL_EVENTS, { END }, "final", NULL,
    .players = {
      { "Red", 8, { [TESSERA_CATEGORY_ROAD] = 8 }, 5, 0 },
      { "Blue", 26, { [TESSERA_CATEGORY_ROAD] = 3, [TESSERA_CATEGORY_CLOISTER] = 23 }, 0, 0 },
      { "Green", 2, { [TESSERA_CATEGORY_ROAD] = 2 }, 6, 0 },
    },
    .pieces = {
      { "Red", 1, 0, "W", THIEF },
      { "Red", -3, 0, "W", THIEF },
      { "Blue", 2, 0, "E", THIEF },
      { "Green", 1, 1, "N", THIEF },
      { "Blue", 2, 1, "C", MONK },
      { "Blue", 3, 1, "C", MONK },
      { "Blue", 4, 1, "C", MONK },
      { "Blue", 5, 1, "C", MONK },
      { "Blue", 6, 1, "C", MONK },
      { "Blue", 7, 1, "C", MONK },
    },
    .scores = {
      { "Red", 8, "road", 22, "unfinished road at [0, 0] E at the end: 8 tiles = 8" },
      { "Blue", 3, "road", 22, "unfinished road at [1, 0] E at the end: 3 tiles = 3" },
      { "Green", 2, "road", 22, "unfinished road at [1, 0] S at the end: 2 tiles = 2" },
      { "Blue", 6, "cloister", 22, "unfinished cloister at [2, 1] at the end: 1 + 5 neighbouring tiles = 6" },
      { "Blue", 5, "cloister", 22, "unfinished cloister at [3, 1] at the end: 1 + 4 neighbouring tiles = 5" },
      { "Blue", 4, "cloister", 22, "unfinished cloister at [4, 1] at the end: 1 + 3 neighbouring tiles = 4" },
      { "Blue", 3, "cloister", 22, "unfinished cloister at [5, 1] at the end: 1 + 2 neighbouring tiles = 3" },
      { "Blue", 3, "cloister", 22, "unfinished cloister at [6, 1] at the end: 1 + 2 neighbouring tiles = 3" },
      { "Blue", 2, "cloister", 22, "unfinished cloister at [7, 1] at the end: 1 + 1 neighbouring tile = 2" },
    },
  },
  /* C9 */
  {
    C9, 3, { NULL }, "before-circle", "Blue",
    .players = {
      { "Red", 0, { 0 }, 6, 0 },
      { "Blue", 0, { 0 }, 6, 0 },
    },
    .pieces = {
      { "Red", 0, -1, "S", KNIGHT },
      { "Blue", 1, 0, "N", KNIGHT },
    },
  },
  {
    C9, 4, { NULL }, "after-add-no-points", "Red",
    .players = {
      { "Red", 0, { 0 }, 5, 0 },
      { "Blue", 0, { 0 }, 4, 0 },
    },
    .pieces = {
      { "Red", 0, -1, "S", KNIGHT },
      { "Red", 1, -1, "E", KNIGHT },
      { "Blue", 1, 0, "N", KNIGHT },
      { "Blue", 2, -1, "E", KNIGHT },
      { "Blue", 2, -1, "S", KNIGHT },
    },
  },
  {
    C9, 5, { NULL }, "city-closed-red-majority", "Blue",
    .players = {
      { "Red", 12, CITY (12), 7, 0 },
      { "Blue", 0, { 0 }, 5, 0 },
    },
    .pieces = {
      { "Blue", 2, -1, "E", KNIGHT },
      { "Blue", 2, -1, "S", KNIGHT },
    },
    .scores = {
      { "Red", 12, "city", 4, "completed city at [0, 0] N: 6 tiles x 2 = 12" },
    },
  },
  {
    C9, ALL_EVENTS, { NULL }, "final", NULL,
    .players = {
      { "Red", 12, CITY (12), 7, 0 },
      { "Blue", 1, CITY (1), 5, 0 },
    },
    .pieces = {
      { "Blue", 2, -1, "E", KNIGHT },
      { "Blue", 2, -1, "S", KNIGHT },
    },
    .scores = {
      { "Red", 12, "city", 4, "completed city at [0, 0] N: 6 tiles x 2 = 12" },
      { "Blue", 1, "city", 5, "unfinished city at [2, -1] E at the end: 1 tile = 1" },
    },
  },
  {
    /* Without Red's added knight the same city is a tie. */
    C9, 3, { C9_RED_PASSES, C9_CLOSE_CITY, END }, "final-without-adding-tie", NULL,
    .players = {
      { "Red", 12, CITY (12), 7, 0 },
      { "Blue", 13, CITY (13), 5, 0 },
    },
    .pieces = {
      { "Blue", 2, -1, "E", KNIGHT },
      { "Blue", 2, -1, "S", KNIGHT },
    },
    .scores = {
      { "Red", 12, "city", 4, "completed city at [0, 0] N: 6 tiles x 2 = 12, tied with Blue" },
      { "Blue", 12, "city", 4, "completed city at [0, 0] N: 6 tiles x 2 = 12, tied with Red" },
      { "Blue", 1, "city", 5, "unfinished city at [2, -1] E at the end: 1 tile = 1" },
    },
  },
  /* C5: nobody has a knight, "crop" left out, or given with everyone passing. */
  {
    LEFT_OUT, ALL_EVENTS, { NULL }, "crop-left-out", "Blue",
    .players = {
      { "Red", 0, { 0 }, 6, 0 },
      { "Blue", 0, { 0 }, 6, 0 },
    },
    .pieces = {
      { "Red", 1, 0, "E", THIEF },
      { "Blue", 0, 1, "N", FARMER },
    },
  },
  {
    LEFT_OUT, 2,
    {
      "{\"turn\": {\"player\": 0, \"tile\": \"CC2-6\", \"at\": [0, -1], \"rotation\": 0, "
      "\"crop\": {\"choice\": \"remove\", \"moves\": [{\"player\": 1, \"piece\": null}, {\"player\": 0, \"piece\": null}]}}}",
    },
    "crop-given-all-pass", "Blue",
    .players = {
      { "Red", 0, { 0 }, 6, 0 },
      { "Blue", 0, { 0 }, 6, 0 },
    },
    .pieces = {
      { "Red", 1, 0, "E", THIEF },
      { "Blue", 0, 1, "N", FARMER },
    },
  },
  /* C2: the turn's scoring comes first. */
  {
    C2, ALL_EVENTS, { NULL }, "scored-then-nobody-has-a-knight", "Blue",
    .players = {
      { "Red", 0, { 0 }, 6, 0 },
      { "Blue", 4, CITY (4), 7, 0 },
    },
    .pieces = {
      { "Red", 1, 0, "E", THIEF },
    },
    .scores = {
      { "Blue", 4, "city", 2, "completed city at [0, 1] S: 2 tiles x 2 = 4" },
    },
  },
  {
    C2, 2,
    {
      "{\"turn\": {\"player\": 0, \"tile\": \"CC2-5\", \"at\": [0, 2], \"rotation\": 0, "
      "\"crop\": {\"choice\": \"remove\", \"moves\": [{\"player\": 1, \"piece\": null}, {\"player\": 0, \"piece\": null}]}}}",
    },
    "remove-after-scoring-blue-passes", "Blue",
    .players = {
      { "Red", 0, { 0 }, 6, 0 },
      { "Blue", 4, CITY (4), 7, 0 },
    },
    .pieces = {
      { "Red", 1, 0, "E", THIEF },
    },
    .scores = {
      { "Blue", 4, "city", 2, "completed city at [0, 1] S: 2 tiles x 2 = 4" },
    },
  },
  /* X9 */
  {
    X9, 7, { NULL }, "before-circle", "Blue",
    .players = {
      { "Red", 0, { 0 }, 5, 0 },
      { "Blue", 0, { 0 }, 6, 1 },
    },
    .pieces = {
      { "Red", 4, 2, "E", FARMER },
      { "Red", 5, 0, "E", FARMER },
    },
  },
  {
    X9, 8, { NULL }, "after-remove", "Red",
    .players = {
      { "Red", 0, { 0 }, 6, 0 },
      { "Blue", 0, { 0 }, 6, 1 },
    },
    .pieces = {
      { "Red", 4, 2, "E", FARMER },
    },
  },
  {
    X9, ALL_EVENTS, { NULL }, "famine-one-farmer", "Blue",
    .players = {
      { "Red", 3, WHEEL (3), 6, 0 },
      { "Blue", 0, { 0 }, 6, 1 },
    },
    .pieces = {
      { "Red", 4, 2, "E", FARMER },
    },
    .scores = {
      { "Red", 3, "wheel", 8, "Famine, farm at [2, 0] NNE: 1 farmer x 3 completed cities = 3" },
    },
  },
  {
    X9, 7, { X9_ADD_ON_BOARD, X9_FAMINE }, "add-on-wheel-board-land", "Blue",
    .players = {
      { "Red", 9, WHEEL (9), 4, 0 },
      { "Blue", 0, { 0 }, 6, 1 },
    },
    .pieces = {
      { "Red", 4, 2, "E", FARMER },
      { "Red", 5, 0, "E", FARMER },
      { "Red", 2, 0, "NNE", FARMER },
    },
    .scores = {
      { "Red", 9, "wheel", 8, "Famine, farm at [2, 0] NNE: 3 farmers x 3 completed cities = 9" },
    },
  },
  /* X6 */
  {
    TOWER_TOP, ALL_EVENTS, { NULL }, "top-stays", "Blue",
    .players = {
      { "Red", 0, { 0 }, 7, 0 },
      { "Blue", 0, { 0 }, 6, 0 },
    },
  },
};

static const SupplyCase supply_cases[] = {
  /* By default all six Crop Circles II tiles are in the box: 71 + 6. */
  {
    LEFT_OUT, 0, "all-six", 77,
    { { "CC2-1", 1 }, { "CC2-2", 1 }, { "CC2-3", 1 }, { "CC2-4", 1 }, { "CC2-5", 1 }, { "CC2-6", 1 } },
  },
  /* "crop_circle_tiles": ["CC2-2", "CC2-5"]: 71 + 2. */
  { TWO_TILES, 0, "two", 73, { { "CC2-2", 1 }, { "CC2-5", 1 } } },
  { TWO_TILES, ALL_EVENTS, "two-one-placed", 72, { { "CC2-2", 1 }, { "CC2-5", 0 } } },
};

/* The crop action of the turn that ends E42: Dora's CC2-5 with her knight on it. */
#define E42_TURN(choice, moves) \
  "{\"turn\": {\"player\": 3, \"tile\": \"CC2-5\", \"at\": [0, -2], \"rotation\": 90, " \
  "\"action\": {\"follower\": {\"spot\": \"E\"}}, \"crop\": {\"choice\": \"" choice "\", \"moves\": [" moves "]}}}"
#define MOVE(player, x, y, spot) \
  "{\"player\": " #player ", \"piece\": {\"at\": [" #x ", " #y "], \"spot\": \"" spot "\"}}"
#define PASS(player) "{\"player\": " #player ", \"piece\": null}"
#define E42_ANNA MOVE (0, 0, -1, "S")
#define E42_BRAM MOVE (1, 1, 0, "N")
#define E42_CEES PASS (2)
#define E42_DORA MOVE (3, 0, 1, "S")

/* The turn that ends CLUB: Red's CC2-1. */
#define CLUB_TURN(moves) \
  "{\"turn\": {\"player\": 0, \"tile\": \"CC2-1\", \"at\": [-3, 1], \"rotation\": 0, " \
  "\"crop\": {\"choice\": \"add\", \"moves\": [" moves "]}}}"

/* The turn that ends E43 before the last tile: Green's CC2-3. */
#define E43_TURN(moves) \
  "{\"turn\": {\"player\": 2, \"tile\": \"CC2-3\", \"at\": [0, -2], \"rotation\": 90, " \
  "\"crop\": {\"choice\": \"add\", \"moves\": [" moves "]}}}"

static const RefusalCase refusal_cases[] = {
  /* C10: not with the thief this turn's scoring sent home. */
  {
    C10, 21, "home-this-turn", C10_TURN (MOVE (1, 7, 1, "S")),
    TESSERA_ERROR_RULE,
    "event 21 (turn of Red): Blue has no follower to add: the ones this turn’s scoring sent home go out again "
    "from Blue’s next turn",
  },
  /* C3: a player who has a knight must take one back, even the active player. */
  {
    E42, 7, "dora-passes", E42_TURN ("remove", E42_ANNA ", " E42_BRAM ", " E42_CEES ", " PASS (3)),
    TESSERA_ERROR_RULE, "event 7 (turn of Dora): Dora has a knight on the board and must take one back",
  },
  /* C3: a knight, and one's own. */
  {
    E42, 7, "remove-farmer", E42_TURN ("remove", E42_ANNA ", " MOVE (1, 2, 0, "S") ", " E42_CEES ", " E42_DORA),
    TESSERA_ERROR_RULE,
    "event 7 (turn of Dora): the circle takes back a knight, and Bram's follower at [2, 0] S is not one",
  },
  {
    E42, 7, "remove-thief-of-player-without-knight",
    E42_TURN ("remove", E42_ANNA ", " E42_BRAM ", " MOVE (2, -1, 0, "E") ", " E42_DORA),
    TESSERA_ERROR_RULE,
    "event 7 (turn of Dora): the circle takes back a knight, and Cees's follower at [-1, 0] E is not one",
  },
  {
    E42, 7, "remove-someone-elses-knight",
    E42_TURN ("remove", MOVE (0, 1, 0, "N") ", " E42_BRAM ", " E42_CEES ", " E42_DORA),
    TESSERA_ERROR_RULE,
    "event 7 (turn of Dora): Anna cannot take that knight back: Anna has no follower at [1, 0] N",
  },
  {
    E42, 7, "remove-where-no-tile",
    E42_TURN ("remove", MOVE (0, 5, 5, "S") ", " E42_BRAM ", " E42_CEES ", " E42_DORA),
    TESSERA_ERROR_RULE,
    "event 7 (turn of Dora): Anna cannot take that knight back: there is no tile at [5, 5]",
  },
  /* C4: every player once, from the active player's left, the active player last. */
  {
    E42, 7, "counter-clockwise", E42_TURN ("remove", E42_CEES ", " E42_BRAM ", " E42_ANNA ", " E42_DORA),
    TESSERA_ERROR_RULE,
    "event 7 (turn of Dora): \"crop\" move 0 is for Cees, but Anna moves now: from the player after Dora, round to Dora",
  },
  {
    E42, 7, "same-player-twice",
    E42_TURN ("remove", E42_ANNA ", " MOVE (0, -1, -1, "N") ", " E42_CEES ", " E42_DORA),
    TESSERA_ERROR_RULE,
    "event 7 (turn of Dora): \"crop\" move 1 is for Anna, but Bram moves now: from the player after Dora, round to Dora",
  },
  {
    E42, 7, "unknown-player", E42_TURN ("remove", MOVE (9, 0, -1, "S") ", " E42_BRAM ", " E42_CEES ", " E42_DORA),
    TESSERA_ERROR_RULE,
    "event 7 (turn of Dora): \"crop\" move 0 is for nobody, but Anna moves now: from the player after Dora, round to Dora",
  },
  {
    E42, 7, "three-moves", E42_TURN ("remove", E42_ANNA ", " E42_BRAM ", " E42_CEES),
    TESSERA_ERROR_RULE,
    "event 7 (turn of Dora): \"crop\" must list one move for each of the 4 players, from the player after Dora, round to Dora",
  },
  {
    E42, 7, "unknown-choice", E42_TURN ("swap", E42_ANNA ", " E42_BRAM ", " E42_CEES ", " E42_DORA),
    TESSERA_ERROR_RECORD,
    "event 7 (turn of Dora): the \"choice\" of \"crop\" is \"add\" or \"remove\", not \"swap\"",
  },
  /* C5: an empty supply cannot add. */
  {
    CLUB, 21, "empty-supply-adds", CLUB_TURN (MOVE (1, 2, 0, "W") ", " PASS (2) ", " MOVE (0, -3, 0, "W")),
    TESSERA_ERROR_RULE, "event 21 (turn of Red): Blue has no follower in supply to add",
  },
  /* C3: only onto a road where the player already has a thief. */
  {
    CLUB, 21, "add-onto-someone-elses-road", CLUB_TURN (PASS (1) ", " MOVE (2, -1, 0, "E") ", " MOVE (0, -3, 0, "W")),
    TESSERA_ERROR_RULE,
    "event 21 (turn of Red): Green may add a thief only where they already have a thief, and not at [-1, 0] E",
  },
  {
    CLUB, 21, "add-into-field-beside-own-road", CLUB_TURN (PASS (1) ", " PASS (2) ", " MOVE (0, -3, 0, "N")),
    TESSERA_ERROR_RULE,
    "event 21 (turn of Red): the circle adds a thief, and [-3, 0] N is a field",
  },
  {
    CLUB, 21, "add-onto-cloister", CLUB_TURN (PASS (1) ", " PASS (2) ", " MOVE (0, 2, 1, "C")),
    TESSERA_ERROR_RULE,
    "event 21 (turn of Red): the circle adds a thief, and [2, 1] C is a cloister",
  },
  {
    CLUB, 21, "add-where-no-tile", CLUB_TURN (PASS (1) ", " PASS (2) ", " MOVE (0, 9, 9, "W")),
    TESSERA_ERROR_RULE, "event 21 (turn of Red): Red cannot add a thief at [9, 9]: there is no tile there",
  },
  {
    CLUB, 21, "add-unknown-spot", CLUB_TURN (PASS (1) ", " PASS (2) ", " MOVE (0, -3, 0, "X")),
    TESSERA_ERROR_RULE,
    "event 21 (turn of Red): Red cannot add a thief there: \"X\" is not a spot: use N, E, S, W, NNE, ENE, "
    "ESE, SSE, SSW, WSW, WNW, NNW, C or a segment id of tile U",
  },
  {
    CLUB, 21, "crop-missing",
    "{\"turn\": {\"player\": 0, \"tile\": \"CC2-1\", \"at\": [-3, 1], \"rotation\": 0}}",
    TESSERA_ERROR_RULE,
    "event 21 (turn of Red): tile CC2-1 has a crop circle: \"crop\" must give the choice, add or remove, and every player's move",
  },
  /* C1: a pitchfork adds farmers, to a farm of one's own. */
  {
    E43, 5, "add-into-another-players-farm", E43_TURN (PASS (0) ", " MOVE (1, 1, -1, "S") ", " MOVE (2, 1, -1, "S")),
    TESSERA_ERROR_RULE,
    "event 5 (turn of Green): Green may add a farmer only where they already have a farmer, and not at [1, -1] S",
  },
  /* C2: the circle acts after the scoring that sent Blue's knight home. */
  {
    C2, 2, "remove-knight-already-home",
    "{\"turn\": {\"player\": 0, \"tile\": \"CC2-5\", \"at\": [0, 2], \"rotation\": 0, "
    "\"crop\": {\"choice\": \"remove\", \"moves\": [" MOVE (1, 0, 1, "S") ", " PASS (0) "]}}}",
    TESSERA_ERROR_RULE,
    "event 2 (turn of Red): Blue cannot take that knight back: Blue has no follower at [0, 1] S",
  },
  /* X9: the wheel's middle is no land. */
  {
    X9, 7, "add-on-wheel-centre",
    "{\"turn\": {\"player\": 1, \"tile\": \"CC2-4\", \"at\": [0, 4], \"rotation\": 0, "
    "\"crop\": {\"choice\": \"add\", \"moves\": [" MOVE (0, 1, 1, "C") ", " PASS (1) "]}}}",
    TESSERA_ERROR_RULE,
    "event 7 (turn of Blue): Red cannot add a farmer there: there is no road, city or field at spot C of the wheel board",
  },
  /* X6: the follower on top of a tower is no knight. */
  {
    TOWER_TOP, 2, "remove-tower-top",
    "{\"turn\": {\"player\": 0, \"tile\": \"CC2-5\", \"at\": [0, -1], \"rotation\": 0, "
    "\"action\": {\"follower\": {\"spot\": \"N\"}}, \"crop\": {\"choice\": \"remove\", \"moves\": ["
    MOVE (1, 0, 1, "C") ", " MOVE (0, 0, -1, "N") "]}}}",
    TESSERA_ERROR_RULE,
    "event 2 (turn of Red): Blue cannot take that knight back: Blue has no follower at [0, 1] C",
  },
  /* The record's keys are checked. */
  {
    E42, 7, "unknown-key-in-crop",
    "{\"turn\": {\"player\": 3, \"tile\": \"CC2-5\", \"at\": [0, -2], \"rotation\": 90, "
    "\"crop\": {\"choice\": \"remove\", \"moves\": [], \"order\": \"clockwise\"}}}",
    TESSERA_ERROR_RECORD,
    "event 7 (turn of Dora): unknown key \"order\" in \"crop\" (known keys: choice, moves)",
  },
  /* Only the tiles "crop_circle_tiles" names are in the box. */
  {
    TWO_TILES, 1, "tile-not-in-box", "{\"turn\": {\"player\": 1, \"tile\": \"CC2-6\", \"at\": [0, 1], \"rotation\": 0}}",
    TESSERA_ERROR_RULE, "event 1 (turn of Blue): there is no tile CC2-6 in the box of this game",
  },
};

static const TesseraTestBadRecord bad_cases[] = {
  { "wrong-order.json", TESSERA_ERROR_RULE,
    "event 7 (turn of Dora): \"crop\" move 0 is for Dora, but Anna moves now: from the player after Dora, round to Dora" },
  { "remove-null-with-knight.json", TESSERA_ERROR_RULE,
    "event 7 (turn of Dora): Bram has a knight on the board and must take one back" },
  { "add-where-no-follower.json", TESSERA_ERROR_RULE,
    "event 5 (turn of Green): Red may add a farmer only where they already have a farmer, and not at [0, 1] W" },
  { "add-wrong-kind.json", TESSERA_ERROR_RULE,
    "event 7 (turn of Dora): the circle adds a knight, and [1, 0] S is a field" },
  { "crop-missing.json", TESSERA_ERROR_RULE,
    "event 7 (turn of Dora): tile CC2-5 has a crop circle: \"crop\" must give the choice, add or remove, and every player's move" },
  { "crop-on-plain-tile.json", TESSERA_ERROR_RULE,
    "event 1 (turn of Blue): \"crop\" is only for a tile with a crop circle, and tile U has none" },
  { "crop-without-crop-circles.json", TESSERA_ERROR_RULE,
    "event 1 (turn of Blue): \"crop\" belongs to the crop circles, which are not in this game" },
  { "crop-circle-tiles-unknown.json", TESSERA_ERROR_RECORD,
    "record: \"crop_circle_tiles\" names \"CC2-7\", which is not a crop-circle tile (they are CC2-1 to CC2-6)" },
};

/* C9: the crop action of these events pays nothing (the turns complete nothing either). */
static const NoPointsCase no_points_cases[] = {
  { E42, 7 },
  { E43, 5 },
  { CLUB, 21 },
  { C9, 3 },
  { X9, 7 },
  { TOWER_TOP, 2 },
};

static const char * const all_fixtures[] = { E42, E43, CLUB, C9, LEFT_OUT, C2, TWO_TILES, X9, TOWER_TOP, C10 };

/* The board segment the spot of an expected piece names, or G_MAXUINT. */
static guint
expected_segment (TesseraGame         *game,
                  const ExpectedPiece *expected)
{
  TesseraCell cell = { expected->x, expected->y };
  const TesseraPlacedTile *tile = tessera_board_lookup (tessera_game_get_board (game), cell);
  g_autoptr(GError) error = NULL;
  int local;

  if (tile == NULL)
    {
      g_test_message ("no tile at [%d, %d]", expected->x, expected->y);
      g_assert_nonnull (tile);
      return G_MAXUINT;
    }
  local = tessera_spot_resolve (tile->type, tile->rotation, expected->spot, &error);
  g_assert_no_error (error);
  if (local < 0)
    return G_MAXUINT;
  return tile->first_segment + (guint) local;
}

static void
check_pieces (TesseraGame     *game,
              const StateCase *state)
{
  const char * const *names = tessera_game_get_player_names (game);
  guint n_pieces;
  const TesseraPiece *pieces = tessera_game_get_pieces (game, &n_pieces);
  g_autofree gboolean *matched = g_new0 (gboolean, MAX (n_pieces, 1));
  guint n_expected = 0;

  for (guint i = 0; i < n_pieces; i++)
    {
      const TesseraPiece *piece = &pieces[i];

      g_test_message ("%s: %s at [%d, %d] (segment %u)", names[piece->player],
                      tessera_feature_kind_role (piece->kind), piece->cell.x, piece->cell.y, piece->segment);
    }

  for (; n_expected < MAX_PIECES && state->pieces[n_expected].player != NULL; n_expected++)
    {
      const ExpectedPiece *expected = &state->pieces[n_expected];
      guint player = tessera_test_find_player (game, expected->player);
      guint segment = expected_segment (game, expected);
      gboolean found = FALSE;

      for (guint i = 0; i < n_pieces && !found; i++)
        {
          const TesseraPiece *piece = &pieces[i];

          if (matched[i] || piece->player != player || piece->segment != segment)
            continue;
          matched[i] = found = TRUE;
          g_assert_cmpint (piece->kind, ==, expected->kind);
          g_assert_cmpint (piece->cell.x, ==, expected->x);
          g_assert_cmpint (piece->cell.y, ==, expected->y);
        }
      if (!found)
        g_test_message ("missing: %s's %s at [%d, %d] %s", expected->player, tessera_feature_kind_role (expected->kind),
                        expected->x, expected->y, expected->spot);
      g_assert_true (found);
    }

  /* Nobody else stands anywhere. */
  g_assert_cmpuint (n_pieces, ==, n_expected);
}

static void
test_state (gconstpointer data)
{
  const StateCase *state = data;
  g_autoptr(TesseraGame) game = tessera_test_load_game ("crop", state->file, state->n_events);

  if (game == NULL)
    return;
  for (guint i = 0; i < MAX_THEN && state->then[i] != NULL; i++)
    {
      g_autoptr(GError) error = tessera_test_apply_data (game, state->then[i]);

      g_assert_no_error (error);
    }

  tessera_test_check_players (game, state->players, G_N_ELEMENTS (state->players), TESSERA_TEST_CHECK_CROWNS);
  check_pieces (game, state);
  tessera_test_check_scores (game, state->scores, MAX_SCORES);
  g_assert_cmpint (tessera_game_is_finished (game), ==, state->next == NULL);
  if (state->next != NULL)
    g_assert_cmpuint (tessera_game_get_current_player (game), ==, tessera_test_find_player (game, state->next));
}

static void
test_supply (gconstpointer data)
{
  const SupplyCase *supply_case = data;
  g_autoptr(TesseraGame) game = tessera_test_load_game ("crop", supply_case->file, supply_case->n_events);
  GArray *supply;
  guint n_expected = 0;
  guint n_crop = 0;

  if (game == NULL)
    return;
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, supply_case->tiles_left);

  while (n_expected < G_N_ELEMENTS (supply_case->tiles) && supply_case->tiles[n_expected].id != NULL)
    n_expected++;

  supply = tessera_game_get_supply (game);
  for (guint i = 0; i < supply->len; i++)
    {
      const TesseraSupplyEntry *entry = &g_array_index (supply, TesseraSupplyEntry, i);
      gboolean listed = FALSE;

      if (entry->entry->type->crop == TESSERA_CROP_NONE)
        {
          g_assert_false (g_str_has_prefix (entry->entry->id, "CC2-"));
          continue;
        }
      n_crop++;
      g_test_message ("%s: %u left", entry->entry->id, entry->left);
      for (guint j = 0; j < n_expected; j++)
        if (g_str_equal (entry->entry->id, supply_case->tiles[j].id))
          {
            listed = TRUE;
            g_assert_cmpuint (entry->left, ==, supply_case->tiles[j].left);
          }
      if (!listed)
        g_test_message ("%s should not be in the box", entry->entry->id);
      g_assert_true (listed);
    }
  g_assert_cmpuint (n_crop, ==, n_expected);
}

static void
test_refusal (gconstpointer data)
{
  const RefusalCase *refusal = data;
  g_autoptr(TesseraGame) game = tessera_test_load_game ("crop", refusal->file, refusal->n_events);

  if (game == NULL)
    return;
  g_assert_cmpuint (tessera_game_get_n_events (game), ==, refusal->n_events);
  tessera_test_check_refused (game, refusal->event, refusal->code, refusal->message);
}

/* C9: the crop action pays nobody anything. */
static void
test_no_points (gconstpointer data)
{
  const NoPointsCase *no_points = data;
  g_autoptr(TesseraGame) before = tessera_test_load_game ("crop", no_points->file, no_points->event);
  g_autoptr(TesseraGame) after = tessera_test_load_game ("crop", no_points->file, no_points->event + 1);
  const TesseraScoreEvent *scores;
  guint n_scores;

  if (before == NULL || after == NULL)
    return;
  scores = tessera_game_get_score_events (after, &n_scores);
  for (guint i = 0; i < n_scores; i++)
    g_assert_cmpuint (scores[i].event, !=, no_points->event);
  g_assert_cmpuint (n_scores, ==, tessera_game_get_n_score_events (before));
  for (guint p = 0; p < tessera_game_get_n_players (after); p++)
    g_assert_cmpint (tessera_game_get_score (after, p), ==, tessera_game_get_score (before, p));
}

/* A record written back from a game keeps "crop" and "crop_circle_tiles": replaying the
 * written record gives the same game, after every event. */
static void
test_round_trip (gconstpointer data)
{
  const char *file = data;
  g_autoptr(TesseraGame) game = tessera_test_load_game ("crop", file, ALL_EVENTS);
  g_autoptr(TesseraRecord) written = NULL;
  g_autoptr(TesseraRecord) reread = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint n_events;

  if (game == NULL)
    return;
  written = tessera_game_to_record (game);
  text = tessera_record_to_data (written);
  reread = tessera_record_load_from_data (text, -1, &error);
  g_assert_no_error (error);
  if (reread == NULL)
    return;

  n_events = tessera_game_get_n_events (game);
  for (guint n = 0; n <= n_events; n++)
    {
      g_autoptr(TesseraGame) original = tessera_test_load_game ("crop", file, n);
      g_autoptr(TesseraGame) replayed = tessera_game_new_from_record (reread, n, &error);
      g_autofree char *expected = NULL;
      g_autofree char *actual = NULL;

      g_assert_no_error (error);
      if (original == NULL || replayed == NULL)
        return;
      expected = tessera_test_describe_game (original);
      actual = tessera_test_describe_game (replayed);
      g_assert_cmpstr (actual, ==, expected);
    }
}

/* C10: after the circle, Blue still counts the thief in supply (it is his from his next turn)
 * but has no add to choose; Green, with followers of earlier turns, has. */
static void
test_home_this_turn (void)
{
  g_autoptr(TesseraGame) game = tessera_test_load_game ("crop", C10, ALL_EVENTS);
  g_autoptr(GArray) blue = g_array_new (FALSE, FALSE, sizeof (TesseraChoice));
  g_autoptr(GArray) green = g_array_new (FALSE, FALSE, sizeof (TesseraChoice));

  if (game == NULL)
    return;
  g_assert_cmpint (tessera_game_get_score (game, 1), ==, 4);
  g_assert_cmpuint (tessera_game_get_followers_in_supply (game, 1), ==, 1);
  tessera_game_list_crop_choices (game, TESSERA_CROP_ROAD, TRUE, 1, blue);
  g_assert_cmpuint (blue->len, ==, 0);
  tessera_game_list_crop_choices (game, TESSERA_CROP_ROAD, TRUE, 2, green);
  g_assert_cmpuint (green->len, >, 0);
}

static void
test_bad (gconstpointer data)
{
  tessera_test_check_bad_record ("bad-crop", data);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* A wrong number fails its own case; the other examples still run and report. */
  g_test_set_nonfatal_assertions ();

  for (guint i = 0; i < G_N_ELEMENTS (state_cases); i++)
    tessera_test_add_fixture_case ("crop", state_cases[i].file, "state", state_cases[i].label,
                                   &state_cases[i], test_state);

  for (guint i = 0; i < G_N_ELEMENTS (supply_cases); i++)
    tessera_test_add_fixture_case ("crop", supply_cases[i].file, "supply", supply_cases[i].label,
                                   &supply_cases[i], test_supply);

  for (guint i = 0; i < G_N_ELEMENTS (refusal_cases); i++)
    tessera_test_add_fixture_case ("crop", refusal_cases[i].file, "refused", refusal_cases[i].label,
                                   &refusal_cases[i], test_refusal);

  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    tessera_test_add_fixture_case ("crop/bad", bad_cases[i].file, NULL, NULL, &bad_cases[i], test_bad);

  for (guint i = 0; i < G_N_ELEMENTS (no_points_cases); i++)
    tessera_test_add_fixture_case ("crop", no_points_cases[i].file, "c9-no-points", NULL,
                                   &no_points_cases[i], test_no_points);

  g_test_add_func ("/crop/c10-home-from-scoring-not-added/choices", test_home_this_turn);

  for (guint i = 0; i < G_N_ELEMENTS (all_fixtures); i++)
    tessera_test_add_fixture_case ("crop", all_fixtures[i], "round-trip", NULL,
                                   all_fixtures[i], test_round_trip);

  return g_test_run ();
}
