/* test-tower.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The Tower examples of doc/rule-decisions.md (E28-E34) and the Tower rules they
 * lean on (T1-T17), each replayed from its record in tests/records/tower through the public
 * engine API. Every fixture rebuilds the situation of its example; the tables below say what
 * must follow: points by player and category with the full sentence of every scoring event,
 * the towers and who closed them, the tower pieces left, the prisoners each player holds and
 * the followers in supply, which followers a tower may capture, and the exact words of every
 * move the rules refuse.
 *
 * The rulebook (De Toren, 2006) names the tiles of its pictures by number; its text does not
 * say where each lies, so the fixtures number them like this: tile 1 is the tower's own tile,
 * tiles 2, 3, 4, 5 its neighbours to the north, east, south and west, tiles 6, 7, 8, 9 the
 * tiles two steps out in the same order.
 *
 * All points come from real scoring: E33's 12 and 20 take eight turns (a city of 5 tiles with
 * one pennant that Red and Blue share, 12 each, then Blue's own city of 3 tiles with one
 * pennant, 8), so no fixture needs an {"adjust": ...} event. */

#include "config.h"

#include <glib.h>

#include "tessera-engine.h"
#include "tessera-test-utils.h"

#define MAX_ROWS 6
#define ALL_EVENTS G_MAXUINT

/* A tower; the state must hold exactly the listed ones. */
typedef struct
{
  int         x;
  int         y;
  guint       height;
  const char *top;          /* whose follower closes it, or NULL when open */
} ExpectedTower;

/* Followers of @owner that @captor holds; every pair not listed holds none. */
typedef struct
{
  const char *captor;
  const char *owner;
  guint       count;
} ExpectedPrisoners;

/* A fixture replayed up to some event (then maybe one more event), and the state that must
 * follow. */
typedef struct
{
  const char        *file;
  guint              n_events;   /* ALL_EVENTS: the whole record */
  const char        *then;       /* an event applied after those, or NULL */
  const char        *label;
  guint              n_pieces;   /* followers standing on land tiles */
  TesseraTestPlayer     players[TESSERA_MAX_PLAYERS];
  ExpectedTower      towers[MAX_ROWS];
  ExpectedPrisoners  prisoners[MAX_ROWS];
  TesseraTestScore   scores[MAX_ROWS];
} StateCase;

/* A follower on a land tile, or on a tower top. */
typedef struct
{
  const char *player;
  int         x;
  int         y;
} ExpectedPiece;

/* Whom @captor could capture with a tower of @height at [@x, @y] after @n_events events:
 * exactly the followers listed in @pieces, and the tower tops in @tops. */
typedef struct
{
  const char    *file;
  guint          n_events;
  const char    *label;
  const char    *captor;
  int            x;
  int            y;
  guint          height;
  ExpectedPiece  pieces[MAX_ROWS];
  ExpectedPiece  tops[MAX_ROWS];
} CaptureCase;

/* Where a tower piece may go after @n_events events (T2, T8): exactly @cells, the
 * foundations without a tower and the open towers. */
typedef struct
{
  const char  *file;
  guint        n_events;
  const char  *label;
  TesseraCell  cells[MAX_ROWS];
  guint        n_cells;
} TargetCase;

/* A move the rules refuse. With @event NULL the record itself ends with that move: the whole
 * record is refused and the record without its last event is fine. Otherwise @event comes
 * after the first @n_events events, is refused through tessera_game_apply() and changes
 * nothing. With @dutch_rules the record's "rules" are dropped. */
typedef struct
{
  const char *file;
  guint       n_events;
  const char *label;
  gboolean    dutch_rules;
  const char *event;
  const char *message;
} RefusalCase;

/* E28: Red builds the first piece of a tower on tile 1 and captures Blue's monk on tile 4. A
 * follower of another player stands on each of the 5 tiles in range; Yellow's monk on the
 * diagonal [1, 1] is not in range. */
#define E28 "e28-first-floor-range-5.json"
/* E29: Red builds the second piece on a tower Red started earlier; Green's farmer on tile 1,
 * Blue's knight on tile 6 and Yellow's monk on tile 9 are the choices (Red's own monk on
 * tile 3 is not one), and Red takes Blue's knight. Followers at [-1, -1], [1, -1] (off the
 * lines) and [-3, 1] (three steps out) stay out of reach. */
#define E29 "e29-second-floor-range-9.json"
/* E30: the tower at [0, 1] reaches over the hole at [0, 2] to Blue's monk at [0, 3], and past
 * Blue's tower at [1, 1] to Green's monk at [2, 1]. Red takes the first with the second piece,
 * Blue the second with the third. */
#define E30 "e30-range-ignores-holes.json"
/* E31: Red's second piece would capture Blue's monk at [1, 2], diagonal to the tower at
 * [0, 1]: the record ends with that refused turn. */
#define E31 "e31-diagonal-out-of-range.json"
/* E32: Red holds Blue's monk; Blue builds and captures Red's farmer: both go home at once. */
#define E32 "e32-exchange.json"
/* E33: Blue holds Red's farmer; Red (12) pays 3 to Blue (20) and has the farmer back. */
#define E33 "e33-ransom-3.json"
/* E34: 4 players, 7 tower pieces each; Red, Blue and Green build one piece each in the first
 * round, then Red builds on every turn until his 7 pieces are all on the board. */
#define E34 "e34-tower-pieces-4-players.json"
/* T7, T8: Blue's follower closes the tower Red started. */
#define TOP_CLOSES "tower-top-closes.json"
/* T7 with the later rule: Red captures Blue's follower from the top and Blue builds on. */
#define TOP_CAPTURABLE "tower-top-capturable.json"
/* T5 with the later rule: Red captures Red's own farmer, which goes home. */
#define CAPTURE_OWN "capture-own-option.json"
/* T4a: Red's tile completes the city Red and Blue share; Red's tower piece takes Blue's knight
 * first, so Red alone scores it. */
#define BEFORE_SCORING "capture-before-scoring.json"

#define CITY(n) { [TESSERA_CATEGORY_CITY] = (n) }

static const StateCase state_cases[] = {
  {
    E28, ALL_EVENTS, NULL, "after-capture", 5,
    .players = {
      { "Red", 0, { 0 }, 7, .tower_pieces = 6 },
      { "Blue", 0, { 0 }, 5, .tower_pieces = 7 },
      { "Green", 0, { 0 }, 5, .tower_pieces = 7 },
      { "Yellow", 0, { 0 }, 5, .tower_pieces = 7 },
    },
    .towers = { { 0, 2, 1, NULL } },
    .prisoners = { { "Red", "Blue", 1 } },
  },
  {
    E29, 12, NULL, "after-first-floor", 7,
    .players = {
      { "Red", 0, { 0 }, 6, .tower_pieces = 6 },
      { "Blue", 0, { 0 }, 4, .tower_pieces = 7 },
      { "Green", 0, { 0 }, 5, .tower_pieces = 7 },
      { "Yellow", 0, { 0 }, 6, .tower_pieces = 7 },
    },
    .towers = { { 0, 1, 1, NULL } },
  },
  {
    E29, ALL_EVENTS, NULL, "after-capture", 6,
    .players = {
      { "Red", 0, { 0 }, 6, .tower_pieces = 5 },
      { "Blue", 0, { 0 }, 4, .tower_pieces = 7 },
      { "Green", 0, { 0 }, 5, .tower_pieces = 7 },
      { "Yellow", 0, { 0 }, 6, .tower_pieces = 7 },
    },
    .towers = { { 0, 1, 2, NULL } },
    .prisoners = { { "Red", "Blue", 1 } },
  },
  {
    E30, ALL_EVENTS, NULL, "after-captures", 0,
    .players = {
      { "Red", 0, { 0 }, 7, .tower_pieces = 7 },
      { "Blue", 0, { 0 }, 6, .tower_pieces = 7 },
      { "Green", 0, { 0 }, 6, .tower_pieces = 9 },
    },
    .towers = { { 0, 1, 3, NULL }, { 1, 1, 1, NULL } },
    .prisoners = { { "Red", "Blue", 1 }, { "Blue", "Green", 1 } },
  },
  {
    E31, 4, NULL, "before-refused-turn", 1,
    .players = {
      { "Red", 0, { 0 }, 7, .tower_pieces = 9 },
      { "Blue", 0, { 0 }, 6, .tower_pieces = 10 },
    },
    .towers = { { 0, 1, 1, NULL } },
  },
  {
    E32, 3, NULL, "red-holds-blue", 1,
    .players = {
      { "Red", 0, { 0 }, 6, .tower_pieces = 9 },
      { "Blue", 0, { 0 }, 6, .tower_pieces = 10 },
    },
    .towers = { { 0, 1, 1, NULL } },
    .prisoners = { { "Red", "Blue", 1 } },
  },
  {
    E32, ALL_EVENTS, NULL, "after-exchange", 0,
    .players = {
      { "Red", 0, { 0 }, 7, .tower_pieces = 9 },
      { "Blue", 0, { 0 }, 7, .tower_pieces = 9 },
    },
    .towers = { { 0, 1, 2, NULL } },
  },
  {
    E33, 8, NULL, "before-ransom", 0,
    .players = {
      { "Red", 12, CITY (12), 6, .tower_pieces = 10 },
      { "Blue", 20, CITY (20), 7, .tower_pieces = 9 },
    },
    .towers = { { 0, 2, 1, NULL } },
    .prisoners = { { "Blue", "Red", 1 } },
    .scores = {
      { "Red", 12, "city", 6, "completed city at [0, 0] N: 5 tiles x 2 + 1 pennant x 2 = 12, tied with Blue" },
      { "Blue", 12, "city", 6, "completed city at [0, 0] N: 5 tiles x 2 + 1 pennant x 2 = 12, tied with Red" },
      { "Blue", 8, "city", 7, "completed city at [0, 1] E: 3 tiles x 2 + 1 pennant x 2 = 8" },
    },
  },
  {
    E33, ALL_EVENTS, NULL, "after-ransom", 0,
    .players = {
      { "Red", 9, { [TESSERA_CATEGORY_CITY] = 12, [TESSERA_CATEGORY_RANSOM] = -3 }, 7, .tower_pieces = 10 },
      { "Blue", 23, { [TESSERA_CATEGORY_CITY] = 20, [TESSERA_CATEGORY_RANSOM] = 3 }, 7, .tower_pieces = 9 },
    },
    .towers = { { 0, 2, 1, NULL } },
    .scores = {
      { "Red", 12, "city", 6, "completed city at [0, 0] N: 5 tiles x 2 + 1 pennant x 2 = 12, tied with Blue" },
      { "Blue", 12, "city", 6, "completed city at [0, 0] N: 5 tiles x 2 + 1 pennant x 2 = 12, tied with Red" },
      { "Blue", 8, "city", 7, "completed city at [0, 1] E: 3 tiles x 2 + 1 pennant x 2 = 8" },
      { "Red", -3, "ransom", 8, "ransom paid to Blue for a captured follower = -3" },
      { "Blue", 3, "ransom", 8, "ransom received from Red for a follower held prisoner = 3" },
    },
  },
  {
    E34, 0, NULL, "start", 0,
    .players = {
      { "Red", 0, { 0 }, 7, .tower_pieces = 7 },
      { "Blue", 0, { 0 }, 7, .tower_pieces = 7 },
      { "Green", 0, { 0 }, 7, .tower_pieces = 7 },
      { "Yellow", 0, { 0 }, 7, .tower_pieces = 7 },
    },
  },
  {
    E34, 4, NULL, "after-one-round", 0,
    .players = {
      { "Red", 0, { 0 }, 7, .tower_pieces = 6 },
      { "Blue", 0, { 0 }, 7, .tower_pieces = 6 },
      { "Green", 0, { 0 }, 7, .tower_pieces = 6 },
      { "Yellow", 0, { 0 }, 7, .tower_pieces = 7 },
    },
    .towers = { { 0, 1, 2, NULL }, { 1, 1, 1, NULL } },
  },
  {
    E34, ALL_EVENTS, NULL, "red-has-built-all-7", 0,
    .players = {
      { "Red", 0, { 0 }, 7, .tower_pieces = 0 },
      { "Blue", 0, { 0 }, 7, .tower_pieces = 6 },
      { "Green", 0, { 0 }, 7, .tower_pieces = 6 },
      { "Yellow", 0, { 0 }, 7, .tower_pieces = 7 },
    },
    .towers = { { 0, 1, 8, NULL }, { 1, 1, 1, NULL } },
  },
  {
    TOP_CLOSES, ALL_EVENTS, NULL, "closed", 0,
    .players = {
      { "Red", 0, { 0 }, 7, .tower_pieces = 9 },
      { "Blue", 0, { 0 }, 6, .tower_pieces = 10 },
    },
    .towers = { { 0, 1, 1, "Blue" } },
  },
  {
    /* T7: the follower on top scores nothing at the end and stays there. */
    TOP_CLOSES, ALL_EVENTS, "{\"end\": {}}", "end-scores-nothing", 0,
    .players = {
      { "Red", 0, { 0 }, 7, .tower_pieces = 9 },
      { "Blue", 0, { 0 }, 6, .tower_pieces = 10 },
    },
    .towers = { { 0, 1, 1, "Blue" } },
  },
  {
    TOP_CAPTURABLE, 3, NULL, "top-captured", 0,
    .players = {
      { "Red", 0, { 0 }, 7, .tower_pieces = 8 },
      { "Blue", 0, { 0 }, 6, .tower_pieces = 10 },
    },
    .towers = { { 0, 1, 1, NULL }, { 1, 1, 1, NULL } },
    .prisoners = { { "Red", "Blue", 1 } },
  },
  {
    TOP_CAPTURABLE, ALL_EVENTS, NULL, "reopened-tower-grows", 0,
    .players = {
      { "Red", 0, { 0 }, 7, .tower_pieces = 8 },
      { "Blue", 0, { 0 }, 6, .tower_pieces = 9 },
    },
    .towers = { { 0, 1, 2, NULL }, { 1, 1, 1, NULL } },
    .prisoners = { { "Red", "Blue", 1 } },
  },
  {
    CAPTURE_OWN, ALL_EVENTS, NULL, "own-follower-home", 0,
    .players = {
      { "Red", 0, { 0 }, 7, .tower_pieces = 9 },
      { "Blue", 0, { 0 }, 7, .tower_pieces = 10 },
    },
    .towers = { { 0, 1, 1, NULL } },
  },
  {
    BEFORE_SCORING, 4, NULL, "before-completion", 2,
    .players = {
      { "Red", 0, { 0 }, 6, .tower_pieces = 10 },
      { "Blue", 0, { 0 }, 6, .tower_pieces = 10 },
    },
  },
  {
    BEFORE_SCORING, ALL_EVENTS, NULL, "captured-knight-not-paid", 0,
    .players = {
      { "Red", 12, CITY (12), 7, .tower_pieces = 9 },
      { "Blue", 0, { 0 }, 6, .tower_pieces = 10 },
    },
    .towers = { { 1, 0, 1, NULL } },
    .prisoners = { { "Red", "Blue", 1 } },
    .scores = {
      { "Red", 12, "city", 4, "completed city at [0, 0] N: 5 tiles x 2 + 1 pennant x 2 = 12" },
    },
  },
};

static const CaptureCase capture_cases[] = {
  /* E28: height 1 reaches tile 1 and its four neighbours: five followers of others. */
  {
    E28, 8, "first-floor", "Red", 0, 2, 1,
    .pieces = {
      { "Green", 0, 2 },   /* tile 1 */
      { "Blue", 0, 1 },    /* tile 2 */
      { "Yellow", 1, 2 },  /* tile 3 */
      { "Blue", 0, 3 },    /* tile 4 */
      { "Green", -1, 2 },  /* tile 5 */
    },
  },
  /* E29: at height 1 only Green's farmer on tile 1 (Red's own monk on tile 3 is no choice)... */
  {
    E29, 8, "first-floor", "Red", 0, 1, 1,
    .pieces = { { "Green", 0, 1 } },
  },
  /* ...at height 2 also tiles 6 and 9... */
  {
    E29, 12, "second-floor", "Red", 0, 1, 2,
    .pieces = { { "Green", 0, 1 }, { "Blue", 0, -1 }, { "Yellow", -2, 1 } },
  },
  /* ...and a third piece would reach Blue's knight three steps west. */
  {
    E29, 12, "third-floor", "Red", 0, 1, 3,
    .pieces = { { "Green", 0, 1 }, { "Blue", 0, -1 }, { "Yellow", -2, 1 }, { "Blue", -3, 1 } },
  },
  /* E30: at height 1 nothing; at height 2 over the hole and past the other tower. */
  { E30, 9, "first-floor", "Red", 0, 1, 1 },
  {
    E30, 9, "second-floor", "Red", 0, 1, 2,
    .pieces = { { "Blue", 0, 3 }, { "Green", 2, 1 } },
  },
  {
    E30, 10, "third-floor", "Blue", 0, 1, 3,
    .pieces = { { "Green", 2, 1 } },
  },
  /* E31: the diagonal monk is no choice for the second piece. */
  { E31, 4, "second-floor", "Red", 0, 1, 2 },
  /* E32: each side's choice before its capture. */
  { E32, 2, "red", "Red", 0, 1, 1, .pieces = { { "Blue", 1, 1 } } },
  { E32, 3, "blue", "Blue", 0, 1, 2, .pieces = { { "Red", 0, 1 } } },
  /* T7: by default a follower on a tower top is no choice... */
  { TOP_CLOSES, ALL_EVENTS, "top-protected", "Red", 1, 1, 1 },
  /* ...with "tower-top-capturable" it is. */
  { TOP_CAPTURABLE, 2, "top-capturable", "Red", 1, 1, 1, .tops = { { "Blue", 0, 1 } } },
  /* T5: with "tower-capture-own" Red's own farmer is a choice. */
  { CAPTURE_OWN, 2, "own-follower", "Red", 0, 1, 1, .pieces = { { "Red", 0, 1 } } },
  /* T4a: Blue's knight is in reach of the tower on Red's tile at [1, 0]; Red's knight is not. */
  { BEFORE_SCORING, 4, "knight", "Red", 1, 0, 1, .pieces = { { "Blue", 1, -1 } } },
};

static const TargetCase target_cases[] = {
  /* T2: a foundation without a tower is a target, also with a follower on its tile... */
  { CAPTURE_OWN, 1, "bare-foundation", { { 0, 1 } }, 1 },
  /* ...and so is an open tower, whoever started it. */
  { TOP_CLOSES, 1, "open-tower", { { 0, 1 } }, 1 },
  /* T8: a closed tower is none. */
  { TOP_CLOSES, ALL_EVENTS, "closed-tower", { { 0, 0 } }, 0 },
  /* T7 with the later rule: the tower is open again once its top follower is captured. */
  { TOP_CAPTURABLE, 2, "closed-tower", { { 0, 0 } }, 0 },
  { TOP_CAPTURABLE, 3, "reopened-tower", { { 0, 1 }, { 1, 1 } }, 2 },
  /* E30: both towers stay targets; tiles without a foundation never are. */
  { E30, ALL_EVENTS, "two-towers", { { 0, 1 }, { 1, 1 } }, 2 },
};

#define RANSOM "{\"ransom\": {\"player\": 0, \"from\": 1}}"

static const RefusalCase refusal_cases[] = {
  /* E31 */
  {
    E31, 4, "diagonal", FALSE, NULL,
    "event 4 (turn of Red): [1, 2] is out of range: a tower of 2 pieces reaches its own tile "
    "and 2 tiles straight out in each direction",
  },
  /* T8: no floor and no second follower on a closed tower. */
  {
    TOP_CLOSES, 2, "floor-on-closed-tower", FALSE,
    "{\"turn\": {\"player\": 0, \"tile\": \"U\", \"at\": [-1, 0], \"rotation\": 0, "
    "\"action\": {\"tower\": {\"at\": [0, 1]}}}}",
    "event 2 (turn of Red): the tower at [0, 1] is closed: a follower of Blue stands on top of it",
  },
  {
    TOP_CLOSES, 2, "top-on-closed-tower", FALSE,
    "{\"turn\": {\"player\": 0, \"tile\": \"U\", \"at\": [-1, 0], \"rotation\": 0, "
    "\"action\": {\"tower_top\": {\"at\": [0, 1]}}}}",
    "event 2 (turn of Red): the tower at [0, 1] is closed: a follower of Blue stands on top of it",
  },
  /* T7: by default the follower on top cannot be captured, even from a tower in reach. */
  {
    TOP_CLOSES, 2, "capture-top", FALSE,
    "{\"turn\": {\"player\": 0, \"tile\": \"TO-03\", \"at\": [1, 1], \"rotation\": 0, "
    "\"action\": {\"tower\": {\"at\": [1, 1]}, \"capture\": {\"at\": [0, 1], \"spot\": \"C\"}}}}",
    "event 2 (turn of Red): the follower on top of the tower at [0, 1] stays there to the end of "
    "the game and cannot be captured",
  },
  /* T3: a bare foundation is not a tower. */
  {
    TOP_CLOSES, 2, "top-on-bare-foundation", FALSE,
    "{\"turn\": {\"player\": 0, \"tile\": \"TO-03\", \"at\": [1, 1], \"rotation\": 0, "
    "\"action\": {\"tower_top\": {\"at\": [1, 1]}}}}",
    "event 2 (turn of Red): there is no tower at [1, 1]: a follower goes on a tower of at least one piece",
  },
  /* T5: by the Dutch rule a tower captures only other players' followers. */
  {
    CAPTURE_OWN, 2, "own-follower-dutch-rule", TRUE, NULL,
    "event 2 (turn of Red): a tower captures only other players' followers, and the one at "
    "[0, 1] N is Red's own",
  },
  /* E34, T1: with 4 players the 8th piece is one too many. */
  {
    E34, ALL_EVENTS, "eighth-piece", FALSE,
    "{\"turn\": {\"player\": 0, \"tile\": \"U\", \"at\": [-5, -1], \"rotation\": 0, "
    "\"action\": {\"tower\": {\"at\": [0, 1]}}}}",
    "event 28 (turn of Red): Red has no tower piece left",
  },
  /* T12, T14: a ransom frees a follower that is held, and costs 3 points Red must have. */
  {
    E33, ALL_EVENTS, "second-ransom", FALSE, RANSOM,
    "event 9 (ransom paid by Red): Blue holds no follower of Red",
  },
  {
    E33, 6, "ransom-without-points", FALSE, RANSOM,
    "event 6 (ransom paid by Red): a ransom costs 3 points and Red has 0",
  },
};

static TesseraRecord *
load_record (const char *file,
             gboolean    dutch_rules)
{
  TesseraRecord *record = tessera_test_load_record ("tower", file, NULL);

  if (record != NULL && dutch_rules)
    {
      record->tower_capture_own = FALSE;
      record->tower_top_capturable = FALSE;
    }
  return record;
}

static TesseraGame *
load_game (const char *file,
           guint       n_events,
           gboolean    dutch_rules)
{
  g_autoptr(TesseraRecord) record = load_record (file, dutch_rules);
  g_autoptr(GError) error = NULL;
  TesseraGame *game;

  if (record == NULL)
    return NULL;
  if (n_events != ALL_EVENTS)
    g_assert_cmpuint (n_events, <=, record->events->len);
  game = tessera_game_new_from_record (record, n_events, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

static void
check_towers (TesseraGame     *game,
              const StateCase *state)
{
  const char * const *names = tessera_game_get_player_names (game);
  GArray *towers = tessera_game_get_towers (game);
  guint n_expected = 0;

  for (guint i = 0; i < towers->len; i++)
    {
      const TesseraTower *tower = &g_array_index (towers, TesseraTower, i);

      g_test_message ("tower at [%d, %d]: %u pieces, top %s", tower->at.x, tower->at.y, tower->height,
                      tower->top >= 0 ? names[tower->top] : "open");
    }

  for (; n_expected < MAX_ROWS && state->towers[n_expected].height > 0; n_expected++)
    {
      const ExpectedTower *expected = &state->towers[n_expected];
      const TesseraTower *found = NULL;

      for (guint i = 0; i < towers->len && found == NULL; i++)
        {
          const TesseraTower *tower = &g_array_index (towers, TesseraTower, i);

          if (tower->at.x == expected->x && tower->at.y == expected->y)
            found = tower;
        }
      if (found == NULL)
        {
          g_test_message ("no tower at [%d, %d]", expected->x, expected->y);
          g_assert_nonnull (found);
          continue;
        }
      g_assert_cmpuint (found->height, ==, expected->height);
      if (expected->top == NULL)
        g_assert_cmpint (found->top, ==, -1);
      else
        g_assert_cmpint (found->top, ==, (int) tessera_test_find_player (game, expected->top));
    }
  g_assert_cmpuint (towers->len, ==, n_expected);
}

static void
check_prisoners (TesseraGame     *game,
                 const StateCase *state)
{
  const char * const *names = tessera_game_get_player_names (game);
  guint n_players = tessera_game_get_n_players (game);

  for (guint captor = 0; captor < n_players; captor++)
    for (guint owner = 0; owner < n_players; owner++)
      {
        guint expected = 0;
        guint held = tessera_game_get_prisoners (game, captor, owner);

        for (guint i = 0; i < MAX_ROWS && state->prisoners[i].captor != NULL; i++)
          if (tessera_test_find_player (game, state->prisoners[i].captor) == captor &&
              tessera_test_find_player (game, state->prisoners[i].owner) == owner)
            expected = state->prisoners[i].count;
        if (held != expected)
          g_test_message ("%s holds %u followers of %s, not %u", names[captor], held, names[owner], expected);
        g_assert_cmpuint (held, ==, expected);
      }
}

static void
test_state (gconstpointer data)
{
  const StateCase *state = data;
  g_autoptr(TesseraGame) game = load_game (state->file, state->n_events, FALSE);

  if (game == NULL)
    return;
  if (state->then != NULL)
    {
      g_autoptr(GError) error = tessera_test_apply_data (game, state->then);

      g_assert_no_error (error);
    }

  tessera_test_check_players (game, state->players, G_N_ELEMENTS (state->players), TESSERA_TEST_CHECK_TOWER_PIECES);
  check_towers (game, state);
  check_prisoners (game, state);
  tessera_test_check_scores (game, state->scores, MAX_ROWS);
  g_assert_cmpuint (tessera_game_get_n_pieces (game), ==, state->n_pieces);
}

/* Whether @piece (player and cell) is among @expected. */
static gboolean
expected_piece (TesseraGame         *game,
                const ExpectedPiece *expected,
                guint                player,
                TesseraCell          cell)
{
  for (guint i = 0; i < MAX_ROWS && expected[i].player != NULL; i++)
    if (tessera_test_find_player (game, expected[i].player) == player && expected[i].x == cell.x && expected[i].y == cell.y)
      return TRUE;
  return FALSE;
}

static guint
count_expected (const ExpectedPiece *expected)
{
  guint n = 0;

  while (n < MAX_ROWS && expected[n].player != NULL)
    n++;
  return n;
}

static void
test_captures (gconstpointer data)
{
  const CaptureCase *capture = data;
  g_autoptr(TesseraGame) game = load_game (capture->file, capture->n_events, FALSE);
  g_autoptr(GArray) pieces = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) tops = g_array_new (FALSE, FALSE, sizeof (guint));
  const char * const *names;
  TesseraCell tower = { capture->x, capture->y };
  const TesseraPiece *board_pieces;
  guint n_board_pieces;
  GArray *towers;
  guint captor;

  if (game == NULL)
    return;
  names = tessera_game_get_player_names (game);
  captor = tessera_test_find_player (game, capture->captor);
  board_pieces = tessera_game_get_pieces (game, &n_board_pieces);
  towers = tessera_game_get_towers (game);
  tessera_game_list_captures (game, captor, tower, capture->height, pieces, tops);

  for (guint i = 0; i < pieces->len; i++)
    {
      const TesseraPiece *piece = &board_pieces[g_array_index (pieces, guint, i)];

      g_test_message ("capturable: %s at [%d, %d]", names[piece->player], piece->cell.x, piece->cell.y);
      g_assert_true (expected_piece (game, capture->pieces, piece->player, piece->cell));
      g_assert_true (tessera_tower_in_range (tower, capture->height, piece->cell));
    }
  g_assert_cmpuint (pieces->len, ==, count_expected (capture->pieces));

  for (guint i = 0; i < tops->len; i++)
    {
      const TesseraTower *top = &g_array_index (towers, TesseraTower, g_array_index (tops, guint, i));

      g_assert_cmpint (top->top, >=, 0);
      if (top->top < 0)
        continue;
      g_test_message ("capturable: %s on top of the tower at [%d, %d]", names[top->top], top->at.x, top->at.y);
      g_assert_true (expected_piece (game, capture->tops, (guint) top->top, top->at));
    }
  g_assert_cmpuint (tops->len, ==, count_expected (capture->tops));

  /* Every follower on the board that is not a choice is out of reach or the captor's own. */
  for (guint i = 0; i < n_board_pieces; i++)
    {
      const TesseraPiece *piece = &board_pieces[i];
      gboolean listed = FALSE;

      for (guint j = 0; j < pieces->len; j++)
        listed |= g_array_index (pieces, guint, j) == i;
      if (!listed && piece->player != captor)
        g_assert_false (tessera_tower_in_range (tower, capture->height, piece->cell));
    }
}

static void
test_refusal (gconstpointer data)
{
  const RefusalCase *refusal = data;
  g_autoptr(TesseraRecord) record = load_record (refusal->file, refusal->dutch_rules);
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GError) error = NULL;

  if (record == NULL)
    return;

  if (refusal->event == NULL)
    {
      /* The record ends with the refused move. */
      g_assert_cmpuint (record->events->len, ==, refusal->n_events + 1);
      game = tessera_game_new_from_record (record, ALL_EVENTS, &error);
      g_assert_null (game);
      tessera_test_assert_error (error, TESSERA_ERROR_RULE, refusal->message);
      g_clear_error (&error);
      g_clear_object (&game);

      game = tessera_game_new_from_record (record, refusal->n_events, &error);
      g_assert_no_error (error);
      g_assert_nonnull (game);
      return;
    }

  game = tessera_game_new_from_record (record, refusal->n_events, &error);
  g_assert_no_error (error);
  if (game == NULL)
    return;
  tessera_test_check_refused (game, refusal->event, TESSERA_ERROR_RULE, refusal->message);
}

static void
test_targets (gconstpointer data)
{
  const TargetCase *target = data;
  g_autoptr(TesseraGame) game = load_game (target->file, target->n_events, FALSE);
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (TesseraCell));

  if (game == NULL)
    return;
  tessera_game_list_tower_targets (game, cells);
  for (guint i = 0; i < cells->len; i++)
    {
      TesseraCell cell = g_array_index (cells, TesseraCell, i);
      gboolean expected = FALSE;

      g_test_message ("target: [%d, %d]", cell.x, cell.y);
      for (guint j = 0; j < target->n_cells; j++)
        expected |= target->cells[j].x == cell.x && target->cells[j].y == cell.y;
      g_assert_true (expected);
    }
  g_assert_cmpuint (cells->len, ==, target->n_cells);
}

/* T1 and E34: tower pieces per player by the number of players. */
static void
test_pieces_per_player (void)
{
  static const struct
  {
    guint n_players;
    guint pieces;
  } counts[] = {
    { 2, 10 },
    { 3, 9 },
    { 4, 7 },
    { 5, 6 },
  };
  static const char * const colors[] = { "red", "blue", "green", "yellow", "black" };

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      g_autoptr(GString) json = g_string_new ("{\"format\": \"tessera-game\", \"version\": 1, "
                                              "\"sets\": [\"base\", \"tower\"], \"players\": [");
      g_autoptr(TesseraRecord) record = NULL;
      g_autoptr(TesseraGame) game = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_cmpuint (tessera_tower_pieces_for (counts[i].n_players), ==, counts[i].pieces);

      for (guint p = 0; p < counts[i].n_players; p++)
        g_string_append_printf (json, "%s{\"name\": \"P%u\", \"color\": \"%s\"}", p > 0 ? ", " : "", p, colors[p]);
      g_string_append (json, "], \"events\": []}");
      record = tessera_record_load_from_data (json->str, -1, &error);
      g_assert_no_error (error);
      if (record == NULL)
        continue;
      game = tessera_game_new_from_record (record, ALL_EVENTS, &error);
      g_assert_no_error (error);
      if (game == NULL)
        continue;
      g_assert_true (tessera_game_has_tower (game));
      for (guint p = 0; p < counts[i].n_players; p++)
        g_assert_cmpuint (tessera_game_get_tower_pieces (game, p), ==, counts[i].pieces);
    }
}

/* E28, E29: a tower of height h reaches 4h + 1 tile positions (5, 9, 13, ...). */
static void
test_range_reach (void)
{
  TesseraCell tower = { 3, -2 };

  for (guint height = 0; height <= 6; height++)
    {
      guint reached = 0;

      for (int x = tower.x - 10; x <= tower.x + 10; x++)
        for (int y = tower.y - 10; y <= tower.y + 10; y++)
          {
            TesseraCell cell = { x, y };

            reached += tessera_tower_in_range (tower, height, cell);
          }
      g_assert_cmpuint (reached, ==, 4 * height + 1);
    }
}

/* E30, E31: straight lines at any distance up to the height, never a diagonal. */
static void
test_range_lines (void)
{
  TesseraCell tower = { 0, 0 };
  TesseraCell beyond_hole = { 0, 2 };
  TesseraCell beyond_tower = { 2, 0 };
  TesseraCell west = { -2, 0 };
  TesseraCell north = { 0, -2 };
  TesseraCell diagonal = { 1, 1 };
  TesseraCell knight = { 1, 2 };

  g_assert_true (tessera_tower_in_range (tower, 2, beyond_hole));
  g_assert_true (tessera_tower_in_range (tower, 2, beyond_tower));
  g_assert_true (tessera_tower_in_range (tower, 2, west));
  g_assert_true (tessera_tower_in_range (tower, 2, north));
  g_assert_false (tessera_tower_in_range (tower, 1, beyond_hole));
  for (guint height = 0; height <= 20; height++)
    {
      g_assert_false (tessera_tower_in_range (tower, height, diagonal));
      g_assert_false (tessera_tower_in_range (tower, height, knight));
    }
}

/* X5: the Plague never takes a follower from a tower top, under either Tower rule. Anna
 * closed the tower at [1, -1]; in the first record she also has a knight at [0, -1] N, in the
 * second nothing else on land. The pig then lands on Plague with event 6. */
#define X5_WITH_KNIGHT "x5-plague-leaves-tower-top.json"
#define X5_ONLY_TOP "x5-plague-only-tower-top.json"

static const char *x5_files[] = { X5_WITH_KNIGHT, X5_ONLY_TOP };

static void
assert_anna_closes_tower (TesseraGame *game)
{
  const TesseraTower *tower = tessera_game_get_tower_at (game, (TesseraCell) { 1, -1 });

  g_assert_nonnull (tower);
  g_assert_cmpint (tower->top, ==, 0);
  g_assert_cmpuint (tower->height, ==, 1);
}

static void
test_plague_leaves_tower_top (void)
{
  for (guint rule = 0; rule < 2; rule++)
    for (guint f = 0; f < G_N_ELEMENTS (x5_files); f++)
      {
        g_autoptr(TesseraRecord) record = load_record (x5_files[f], FALSE);
        g_autoptr(TesseraGame) before = NULL;
        g_autoptr(TesseraGame) after = NULL;
        g_autoptr(GArray) choices = g_array_new (FALSE, FALSE, sizeof (TesseraChoice));
        g_autoptr(GError) error = NULL;
        const TesseraChoice *choice;

        /* The later rule lets a capture take the top follower off; the Plague still cannot. */
        record->tower_top_capturable = rule == 1;
        before = tessera_game_new_from_record (record, 6, &error);
        g_assert_no_error (error);
        assert_anna_closes_tower (before);
        tessera_game_list_plague_choices (before, 0, choices);
        if (g_str_equal (x5_files[f], X5_WITH_KNIGHT))
          {
            /* Her knight is her only choice. */
            g_assert_cmpuint (choices->len, ==, 1);
            choice = &g_array_index (choices, TesseraChoice, 0);
            g_assert_cmpint (choice->where.at.x, ==, 0);
            g_assert_cmpint (choice->where.at.y, ==, -1);
            g_assert_cmpstr (choice->where.spot, ==, "N");
          }
        else
          g_assert_cmpuint (choices->len, ==, 0);

        /* The record's Plague (the knight, or nothing) is legal and the tower stays closed. */
        after = tessera_game_new_from_record (record, G_MAXUINT, &error);
        g_assert_no_error (error);
        assert_anna_closes_tower (after);
        /* Seven followers less the one on the tower, the knight back if she had one. */
        g_assert_cmpuint (tessera_game_get_followers_in_supply (after, 0), ==, 6);

        /* Naming the tower top instead is refused, whatever else she has. */
        tessera_test_check_refused (before,
                                    "{\"turn\": {\"player\": 0, \"tile\": \"U+W3\", \"at\": [3, 4], \"rotation\": 90, "
                                    "\"plague\": [{\"player\": 0, \"piece\": {\"at\": [1, -1], \"spot\": \"C\"}}, "
                                    "{\"player\": 1, \"piece\": {\"at\": [3, -1], \"spot\": \"C\"}}]}}",
                                    TESSERA_ERROR_RULE,
                                    "event 6 (turn of Anna): the Plague cannot take Anna’s follower from the tower at [1, -1]: "
                                    "a follower on a tower stays there to the end of the game");
      }
}

/* How many of @player's Plague choices are the spot @spot at @cell. */
static guint
count_plague_choices_at (TesseraGame *game,
                         guint        player,
                         TesseraCell  cell,
                         const char  *spot)
{
  g_autoptr(GArray) choices = g_array_new (FALSE, FALSE, sizeof (TesseraChoice));
  guint n = 0;

  tessera_game_list_plague_choices (game, player, choices);
  for (guint i = 0; i < choices->len; i++)
    {
      const TesseraChoice *choice = &g_array_index (choices, TesseraChoice, i);

      n += choice->where.at.x == cell.x && choice->where.at.y == cell.y && g_str_equal (choice->where.spot, spot);
    }
  return n;
}

/* X5 with a tower tile whose land spot is also called "C": in a generated game (seed 904 of
 * tessera-bench, five players, every set) Bram has a follower on top of the tower at [-1, 5]
 * and another on that tile's land spot C. The Plague of event 73 takes back the land follower;
 * the tower's top stays his. */
static void
test_plague_takes_land_follower_named_c (void)
{
  g_autoptr(TesseraRecord) record = load_record ("x5-plague-takes-land-follower-on-tower-tile.json", FALSE);
  g_autoptr(TesseraGame) before = NULL;
  g_autoptr(TesseraGame) after = NULL;
  g_autoptr(GError) error = NULL;
  const TesseraCell cell = { -1, 5 };

  before = tessera_game_new_from_record (record, 73, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tessera_game_get_tower_at (before, cell)->top, ==, 1);
  g_assert_cmpuint (count_plague_choices_at (before, 1, cell, "C"), ==, 1);

  after = tessera_game_new_from_record (record, G_MAXUINT, &error);
  g_assert_no_error (error);
  g_assert_cmpint (tessera_game_get_tower_at (after, cell)->top, ==, 1);
  g_assert_cmpuint (count_plague_choices_at (after, 1, cell, "C"), ==, 0);
  g_assert_cmpuint (tessera_game_get_followers_in_supply (after, 1), ==, tessera_game_get_followers_in_supply (before, 1) + 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* A wrong number fails its own case; the other examples still run and report. */
  g_test_set_nonfatal_assertions ();

  for (guint i = 0; i < G_N_ELEMENTS (state_cases); i++)
    tessera_test_add_fixture_case ("tower", state_cases[i].file, "state", state_cases[i].label,
                                   &state_cases[i], test_state);

  for (guint i = 0; i < G_N_ELEMENTS (capture_cases); i++)
    tessera_test_add_fixture_case ("tower", capture_cases[i].file, "captures", capture_cases[i].label,
                                   &capture_cases[i], test_captures);

  for (guint i = 0; i < G_N_ELEMENTS (refusal_cases); i++)
    tessera_test_add_fixture_case ("tower", refusal_cases[i].file, "refused", refusal_cases[i].label,
                                   &refusal_cases[i], test_refusal);

  g_test_add_func ("/tower/x5/plague-leaves-tower-top", test_plague_leaves_tower_top);
  g_test_add_func ("/tower/x5/plague-takes-land-follower-named-c", test_plague_takes_land_follower_named_c);

  for (guint i = 0; i < G_N_ELEMENTS (target_cases); i++)
    tessera_test_add_fixture_case ("tower", target_cases[i].file, "targets", target_cases[i].label,
                                   &target_cases[i], test_targets);

  g_test_add_func ("/tower/e34-tower-pieces-4-players/pieces-per-player", test_pieces_per_player);
  g_test_add_func ("/tower/range/reach-4h-plus-1", test_range_reach);
  g_test_add_func ("/tower/range/straight-lines-only", test_range_lines);

  return g_test_run ();
}
