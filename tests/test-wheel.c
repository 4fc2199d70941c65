/* test-wheel.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The Wheel of Fortune examples of doc/rule-decisions.md (E18-E27, W10, W19, W22),
 * each replayed from its record in tests/records/wheel through the public engine API, and
 * the broken wheel records of tests/records/bad-wheel. Every fixture rebuilds the situation
 * of its example; the tables below say what it must pay, where the pig stands afterwards,
 * who is on which crown space and how many followers each player has in supply. */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "tessera-engine.h"
#include "tessera-test-utils.h"

/* The segments clockwise from the top, as doc/tiles.md 6.3 lists them; the pig starts on the first. */
typedef enum
{
  PIG_FORTUNA,
  PIG_TAXES,
  PIG_FAMINE,
  PIG_STORM,
  PIG_INQUISITION,
  PIG_PLAGUE,
} PigSegment;

static const struct
{
  const char *name;
  guint       n_crowns;
} wheel_segments[] = {
  { "fortuna", 1 },
  { "taxes", 2 },
  { "famine", 1 },
  { "storm", 2 },
  { "inquisition", 1 },
  { "plague", 2 },
};

/* An occupied crown space; every crown space not listed must be free. */
typedef struct
{
  const char *crown;
  const char *occupant;
} ExpectedCrown;

/* A fixture replayed up to some event, and the whole state that must follow. */
typedef struct
{
  const char             *file;
  guint                   n_events;   /* G_MAXUINT: the whole record */
  gboolean                finished;
  PigSegment              pig;
  const char             *next;       /* who draws next, or NULL when the game is over */
  guint                   tiles_left;
  guint                   n_pieces;   /* followers on land tiles */
  guint                   n_scores;
  const TesseraTestScore *scores;
  guint                   n_players;
  const TesseraTestPlayer   *players;
  guint                   n_crowns;
  const ExpectedCrown    *crowns;
} WheelCase;

#define WHEEL   TESSERA_CATEGORY_WHEEL
#define CROWN   TESSERA_CATEGORY_CROWN
#define ROAD    TESSERA_CATEGORY_ROAD
#define CITY    TESSERA_CATEGORY_CITY

/* E18: from Fortuna a 3 takes the pig past Taxes (Red's knight, Blue's crown) and Famine
 * (Red's crown) to Storm. Only Storm acts (Red and Blue each have 5 in supply) and only its
 * crown scores (Blue alone on storm-1, 6). Red then puts a follower on storm-1 again (W19). */
static const TesseraTestScore e18_scores[] = {
  { "Red", 5, "wheel", 4, "Storm: 5 followers in supply = 5" },
  { "Blue", 5, "wheel", 4, "Storm: 5 followers in supply = 5" },
  { "Blue", 6, "crown", 4, "crown space storm-1: alone on a segment with two crowns = 6" },
};
static const TesseraTestPlayer e18_players[] = {
  { "Red", 5, { [WHEEL] = 5 }, 4, 2 },
  { "Blue", 11, { [WHEEL] = 5, [CROWN] = 6 }, 6, 1 },
};
static const ExpectedCrown e18_crowns[] = {
  { "taxes-1", "Blue" },
  { "famine-1", "Red" },
  { "storm-1", "Red" },
};
static const TesseraTestPlayer e18_players_before[] = {
  { "Red", 0, { 0 }, 5, 1 },
  { "Blue", 0, { 0 }, 5, 2 },
};
static const ExpectedCrown e18_crowns_before[] = {
  { "taxes-1", "Blue" },
  { "famine-1", "Red" },
  { "storm-1", "Blue" },
};

/* E19: 2 + 2 + 2 brings the pig round to Fortuna: the player whose turn it is scores 3. */
static const TesseraTestScore e19_scores[] = {
  { "Red", 3, "wheel", 2, "Fortuna: the player whose turn it is gets 3" },
};
static const TesseraTestPlayer e19_players[] = {
  { "Red", 3, { [WHEEL] = 3 }, 7, 0 },
  { "Blue", 0, { 0 }, 7, 0 },
};

/* E20: the rulebook's Taxes example, one city with 2 pennants: blue 2 knights, red 1. */
static const TesseraTestScore e20_scores[] = {
  { "Red", 3, "wheel", 5, "Taxes, city at [3, -1] E: 1 knight x (2 pennants + 1 knight) = 3" },
  { "Blue", 8, "wheel", 5, "Taxes, city at [3, -1] E: 2 knights x (2 pennants + 2 knights) = 8" },
};
static const TesseraTestPlayer e20_players[] = {
  { "Red", 3, { [WHEEL] = 3 }, 6, 0 },
  { "Blue", 8, { [WHEEL] = 8 }, 5, 0 },
};

/* E21: a lone knight in a city without pennants, 1; 3 knights and 1 pennant, 12. */
static const TesseraTestScore e21a_scores[] = {
  { "Red", 1, "wheel", 1, "Taxes, city at [0, 0] N: 1 knight x (0 pennants + 1 knight) = 1" },
};
static const TesseraTestPlayer e21a_players[] = {
  { "Red", 1, { [WHEEL] = 1 }, 6, 0 },
  { "Blue", 0, { 0 }, 7, 0 },
};
static const TesseraTestScore e21b_scores[] = {
  { "Blue", 12, "wheel", 6, "Taxes, city at [3, -1] E: 3 knights x (1 pennant + 3 knights) = 12" },
};
static const TesseraTestPlayer e21b_players[] = {
  { "Blue", 12, { [WHEEL] = 12 }, 4, 0 },
  { "Red", 0, { 0 }, 7, 0 },
};

/* E22: one farm next to 3 completed cities, red 2 farmers and blue 1: every farmer pays,
 * whoever holds the farm (W14, the Spanish rulebook). */
static const TesseraTestScore e22_scores[] = {
  { "Red", 6, "wheel", 7, "Famine, farm at [2, 0] NNE: 2 farmers x 3 completed cities = 6" },
  { "Blue", 3, "wheel", 7, "Famine, farm at [2, 0] NNE: 1 farmer x 3 completed cities = 3" },
};
static const TesseraTestPlayer e22_players[] = {
  { "Red", 6, { [WHEEL] = 6 }, 5, 0 },
  { "Blue", 3, { [WHEEL] = 3 }, 6, 0 },
};

/* E23: Red has 4 followers in supply and 1 on storm-1 when the pig lands on Storm: 4 for
 * the supply, then 6 for the crown, which comes home afterwards. */
static const TesseraTestScore e23_scores[] = {
  { "Red", 4, "wheel", 5, "Storm: 4 followers in supply = 4" },
  { "Blue", 6, "wheel", 5, "Storm: 6 followers in supply = 6" },
  { "Red", 6, "crown", 5, "crown space storm-1: alone on a segment with two crowns = 6" },
};
static const TesseraTestPlayer e23_players[] = {
  { "Red", 10, { [WHEEL] = 4, [CROWN] = 6 }, 5, 0 },
  { "Blue", 6, { [WHEEL] = 6 }, 6, 0 },
};

/* E24: 2 monks, 4; the other player's single monk, 2. */
static const TesseraTestScore e24_scores[] = {
  { "Red", 4, "wheel", 4, "Inquisition: 2 monks x 2 = 4" },
  { "Blue", 2, "wheel", 4, "Inquisition: 1 monk x 2 = 2" },
};
static const TesseraTestPlayer e24_players[] = {
  { "Red", 4, { [WHEEL] = 4 }, 5, 0 },
  { "Blue", 2, { [WHEEL] = 2 }, 6, 0 },
};

/* E25: three players, Bram active both times. First Plague: Bram, Carla, Anna each take one
 * follower back; Anna's and Carla's crown followers stay. Second Plague: Bram and Carla take
 * one back, Anna, with only a crown follower left, takes nothing. Nobody scores. */
static const TesseraTestPlayer e25_players_before[] = {
  { "Anna", 0, { 0 }, 5, 1 },
  { "Bram", 0, { 0 }, 5, 0 },
  { "Carla", 0, { 0 }, 5, 1 },
};
static const TesseraTestPlayer e25_players_first[] = {
  { "Anna", 0, { 0 }, 6, 1 },
  { "Bram", 0, { 0 }, 6, 0 },
  { "Carla", 0, { 0 }, 6, 1 },
};
static const TesseraTestPlayer e25_players[] = {
  { "Anna", 0, { 0 }, 6, 1 },
  { "Bram", 0, { 0 }, 7, 0 },
  { "Carla", 0, { 0 }, 6, 1 },
};
static const ExpectedCrown e25_crowns[] = {
  { "taxes-1", "Anna" },
  { "storm-1", "Carla" },
};

/* E26: a segment with one crown pays 3; alone on two crowns 6; two followers of one player
 * on two crowns 3 + 3. Scored crown followers go home. */
static const TesseraTestScore e26a_scores[] = {
  { "Red", 3, "crown", 1, "crown space famine-1: a segment with one crown = 3" },
};
static const TesseraTestPlayer e26a_players[] = {
  { "Red", 3, { [CROWN] = 3 }, 7, 0 },
  { "Blue", 0, { 0 }, 7, 0 },
};
static const TesseraTestScore e26b_scores[] = {
  { "Red", 6, "crown", 1, "crown space taxes-2: alone on a segment with two crowns = 6" },
};
static const TesseraTestPlayer e26b_players[] = {
  { "Red", 6, { [CROWN] = 6 }, 7, 0 },
  { "Blue", 0, { 0 }, 7, 0 },
};
static const TesseraTestScore e26c_scores[] = {
  { "Red", 3, "crown", 3, "crown space taxes-1: one of two followers on a segment with two crowns = 3" },
  { "Red", 3, "crown", 3, "crown space taxes-2: one of two followers on a segment with two crowns = 3" },
};
static const TesseraTestPlayer e26c_players[] = {
  { "Red", 6, { [CROWN] = 6 }, 7, 0 },
  { "Blue", 0, { 0 }, 7, 0 },
};

/* E27: a 2 takes the pig past Taxes to Famine: only famine-1 scores; both Taxes crowns stay. */
static const TesseraTestScore e27_scores[] = {
  { "Red", 3, "crown", 3, "crown space famine-1: a segment with one crown = 3" },
};
static const TesseraTestPlayer e27_players[] = {
  { "Red", 3, { [CROWN] = 3 }, 6, 1 },
  { "Blue", 0, { 0 }, 6, 1 },
};
static const ExpectedCrown e27_crowns[] = {
  { "taxes-1", "Red" },
  { "taxes-2", "Blue" },
};

/* Both boxes: the wheel board is the start, 71 + 72 tiles are in the box and the base start
 * tile is one of them, so D comes out 4 + 3 = 7 times. The road runs from the board's square
 * [2, 0] through the 7 D tiles. */
static const TesseraTestScore mixed_scores[] = {
  { "Red", 8, "road", 7, "unfinished road at [2, 0] N at the end: 8 tiles = 8" },
  { "Blue", 1, "city", 7, "unfinished city at [2, -2] E at the end: 1 tile = 1" },
};
static const TesseraTestPlayer mixed_players[] = {
  { "Red", 8, { [ROAD] = 8 }, 6, 0 },
  { "Blue", 1, { [CITY] = 1 }, 6, 0 },
};
static const TesseraTestPlayer mixed_players_start[] = {
  { "Red", 0, { 0 }, 7, 0 },
  { "Blue", 0, { 0 }, 7, 0 },
};

/* W22: X+W1 fits nowhere. Drawn, it still moves the pig and the wheel acts; then it goes back
 * in the box and Blue draws again. First to Taxes (Red's knight 2, Blue's crown 6)... */
static const TesseraTestScore w22a_scores[] = {
  { "Red", 2, "wheel", 3, "Taxes, city at [3, 4] E: 1 knight x (1 pennant + 1 knight) = 2" },
  { "Blue", 6, "crown", 3, "crown space taxes-1: alone on a segment with two crowns = 6" },
};
static const TesseraTestPlayer w22a_players[] = {
  { "Red", 2, { [WHEEL] = 2 }, 6, 0 },
  { "Blue", 6, { [CROWN] = 6 }, 7, 0 },
};
/* ...then to Plague, with the discard's "plague" list: Blue, then Red, take a follower back,
 * and Red's follower on plague-1 scores 6. */
static const TesseraTestScore w22b_scores[] = {
  { "Red", 6, "crown", 3, "crown space plague-1: alone on a segment with two crowns = 6" },
};
static const TesseraTestPlayer w22b_players[] = {
  { "Red", 6, { [CROWN] = 6 }, 7, 0 },
  { "Blue", 0, { 0 }, 7, 0 },
};

/* W10: Red has all 7 followers out, 6 of them on crown spaces the pig never lands on. Red's
 * own tile sends the pig to Plague; Red takes the knight back and puts it on that same tile,
 * so Red has none in supply before and after that turn. */
static const TesseraTestPlayer w10_players[] = {
  { "Red", 0, { 0 }, 0, 6 },
  { "Blue", 0, { 0 }, 7, 0 },
};
static const ExpectedCrown w10_crowns[] = {
  { "fortuna-1", "Red" },
  { "taxes-1", "Red" },
  { "taxes-2", "Red" },
  { "storm-1", "Red" },
  { "storm-2", "Red" },
  { "inquisition-1", "Red" },
};

#define NONE 0, NULL
#define LIST(array) G_N_ELEMENTS (array), array

static const WheelCase wheel_cases[] = {
  { "e18-pig-moves-three.json", 4, FALSE, PIG_FORTUNA, "Red", 67, 1,
    NONE, LIST (e18_players_before), LIST (e18_crowns_before) },
  { "e18-pig-moves-three.json", G_MAXUINT, FALSE, PIG_STORM, "Blue", 66, 1,
    LIST (e18_scores), LIST (e18_players), LIST (e18_crowns) },
  { "e19-fortuna-3.json", G_MAXUINT, FALSE, PIG_FORTUNA, "Blue", 68, 0,
    LIST (e19_scores), LIST (e19_players), NONE },
  { "e20-taxes-blue-8-red-3.json", G_MAXUINT, FALSE, PIG_TAXES, "Red", 65, 3,
    LIST (e20_scores), LIST (e20_players), NONE },
  { "e21a-taxes-lone-knight-1.json", G_MAXUINT, FALSE, PIG_TAXES, "Red", 69, 1,
    LIST (e21a_scores), LIST (e21a_players), NONE },
  { "e21b-taxes-3-knights-12.json", G_MAXUINT, FALSE, PIG_TAXES, "Red", 64, 3,
    LIST (e21b_scores), LIST (e21b_players), NONE },
  { "e22-famine-6-and-3.json", G_MAXUINT, FALSE, PIG_FAMINE, "Red", 63, 3,
    LIST (e22_scores), LIST (e22_players), NONE },
  { "e23-storm-supply.json", G_MAXUINT, FALSE, PIG_STORM, "Red", 65, 3,
    LIST (e23_scores), LIST (e23_players), NONE },
  { "e24-inquisition-4.json", G_MAXUINT, FALSE, PIG_INQUISITION, "Blue", 66, 3,
    LIST (e24_scores), LIST (e24_players), NONE },
  { "e25-plague-order.json", 7, FALSE, PIG_FAMINE, "Bram", 64, 4,
    NONE, LIST (e25_players_before), LIST (e25_crowns) },
  { "e25-plague-order.json", 8, FALSE, PIG_PLAGUE, "Carla", 63, 1,
    NONE, LIST (e25_players_first), LIST (e25_crowns) },
  { "e25-plague-order.json", G_MAXUINT, FALSE, PIG_PLAGUE, "Carla", 60, 0,
    NONE, LIST (e25_players), LIST (e25_crowns) },
  { "e26a-crown-one-crown-3.json", G_MAXUINT, FALSE, PIG_FAMINE, "Red", 69, 0,
    LIST (e26a_scores), LIST (e26a_players), NONE },
  { "e26b-crown-alone-on-two-6.json", G_MAXUINT, FALSE, PIG_TAXES, "Red", 69, 0,
    LIST (e26b_scores), LIST (e26b_players), NONE },
  { "e26c-crown-two-same-player-3-3.json", G_MAXUINT, FALSE, PIG_TAXES, "Red", 67, 0,
    LIST (e26c_scores), LIST (e26c_players), NONE },
  { "e27-crowns-passed-stay.json", G_MAXUINT, FALSE, PIG_FAMINE, "Red", 67, 0,
    LIST (e27_scores), LIST (e27_players), LIST (e27_crowns) },
  { "mixed-boxes-start.json", 0, FALSE, PIG_FORTUNA, "Red", 143, 0,
    NONE, LIST (mixed_players_start), NONE },
  { "mixed-boxes-start.json", G_MAXUINT, TRUE, PIG_FORTUNA, NULL, 136, 2,
    LIST (mixed_scores), LIST (mixed_players), NONE },
  { "w10-plague-frees-follower-for-this-turn.json", 14, FALSE, PIG_FAMINE, "Red", 57, 1,
    NONE, LIST (w10_players), LIST (w10_crowns) },
  { "w10-plague-frees-follower-for-this-turn.json", G_MAXUINT, FALSE, PIG_PLAGUE, "Blue", 56, 1,
    NONE, LIST (w10_players), LIST (w10_crowns) },
  /* After the discard the same player draws again. */
  { "w22a-discarded-wheel-tile-taxes.json", 4, FALSE, PIG_TAXES, "Blue", 67, 1,
    LIST (w22a_scores), LIST (w22a_players), NONE },
  { "w22a-discarded-wheel-tile-taxes.json", G_MAXUINT, FALSE, PIG_TAXES, "Red", 66, 1,
    LIST (w22a_scores), LIST (w22a_players), NONE },
  { "w22b-discarded-wheel-tile-plague.json", 4, FALSE, PIG_PLAGUE, "Blue", 67, 0,
    LIST (w22b_scores), LIST (w22b_players), NONE },
  { "w22b-discarded-wheel-tile-plague.json", G_MAXUINT, FALSE, PIG_PLAGUE, "Red", 66, 0,
    LIST (w22b_scores), LIST (w22b_players), NONE },
};

/* Where the pig stands after each of the first events of a fixture. */
typedef struct
{
  const char *file;
  PigSegment  pig[12];   /* after 0, 1, 2, ... events */
  guint       n_steps;
} PigPath;

static const PigPath pig_paths[] = {
  /* 2, 2, 2: Famine, Inquisition, Fortuna. */
  { "e19-fortuna-3.json", { PIG_FORTUNA, PIG_FAMINE, PIG_INQUISITION, PIG_FORTUNA }, 4 },
  /* 2 then 3 to Plague, 3 on to Famine, 3 back to Plague; the other tiles show no wheel. */
  { "e25-plague-order.json",
    { PIG_FORTUNA, PIG_FORTUNA, PIG_FORTUNA, PIG_FORTUNA, PIG_FORTUNA, PIG_FORTUNA, PIG_FORTUNA,
      PIG_FAMINE, PIG_PLAGUE, PIG_PLAGUE, PIG_FAMINE, PIG_PLAGUE }, 12 },
  /* The discarded 1 moves the pig all the same. */
  { "w22a-discarded-wheel-tile-taxes.json",
    { PIG_FORTUNA, PIG_FORTUNA, PIG_FORTUNA, PIG_FORTUNA, PIG_TAXES, PIG_TAXES }, 6 },
  { "w22b-discarded-wheel-tile-plague.json",
    { PIG_FORTUNA, PIG_FAMINE, PIG_INQUISITION, PIG_INQUISITION, PIG_PLAGUE, PIG_PLAGUE }, 6 },
};


static const TesseraTestBadRecord bad_wheels[] = {
  { "crown-taken.json", TESSERA_ERROR_RULE,
    "event 1 (turn of Blue): crown space taxes-1 is taken by Red; a crown space holds one follower" },
  { "crown-unknown.json", TESSERA_ERROR_RULE,
    "event 0 (turn of Red): there is no crown space \"famine-2\" on the wheel; its crown spaces are fortuna-1, taxes-1, taxes-2, famine-1, storm-1, storm-2, inquisition-1, plague-1, plague-2" },
  { "crown-in-base-game.json", TESSERA_ERROR_RULE,
    "event 0 (turn of Red): crown spaces belong to the Wheel of Fortune, which is not in this game" },
  { "plague-not-on-plague.json", TESSERA_ERROR_RULE,
    "event 1 (turn of Blue): \"plague\" is only for a tile that moves the pig onto Plague; this one moves it to Taxes" },
  { "plague-wrong-order.json", TESSERA_ERROR_RULE,
    "event 3 (turn of Blue): \"plague\" choice 0 is for Red, but Blue chooses now: the active player first, then clockwise" },
  { "plague-null-with-land-follower.json", TESSERA_ERROR_RULE,
    "event 3 (turn of Blue): Red has a follower on the board and must take one back for the Plague" },
  { "plague-missing.json", TESSERA_ERROR_RULE,
    "event 2 (turn of Red): the pig lands on Plague: \"plague\" must say which follower each player takes back, starting with Red" },
  /* Both boxes hold 4 + 3 D tiles. */
  { "mixed-eighth-d.json", TESSERA_ERROR_RULE,
    "event 7 (turn of Blue): no D is left in this box: 7 were in it and all 7 are on the board; if your box has another, correct the box's count" },
  { "start-tile-with-wheel.json", TESSERA_ERROR_RECORD,
    "record: \"start\" is \"tile\", but with these sets the game starts from the wheel board" },
};

/* The wheel of doc/tiles.md 6.3: six segments clockwise from Fortuna, 9 crown spaces. */
static void
test_wheel_board (void)
{
  g_autoptr(TesseraGame) game = tessera_test_load_game ("wheel", "e19-fortuna-3.json", 0);
  const TesseraWheelBoard *wheel;

  if (game == NULL)
    return;
  wheel = tessera_game_get_wheel (game);
  g_assert_nonnull (wheel);
  if (wheel == NULL)
    return;
  g_assert_cmpuint (wheel->n_segments, ==, G_N_ELEMENTS (wheel_segments));
  for (guint s = 0; s < MIN (wheel->n_segments, G_N_ELEMENTS (wheel_segments)); s++)
    {
      g_assert_cmpstr (wheel->segments[s].name, ==, wheel_segments[s].name);
      g_assert_cmpuint (wheel->segments[s].n_crowns, ==, wheel_segments[s].n_crowns);
    }
  g_assert_cmpuint (tessera_game_get_pig (game), ==, PIG_FORTUNA);
}

/* Every scoring event, every number, the pig, the crown spaces and the supplies. */
static void
test_wheel_case (gconstpointer data)
{
  const WheelCase *wheel_case = data;
  g_autoptr(TesseraGame) game = tessera_test_load_game ("wheel", wheel_case->file, wheel_case->n_events);
  const TesseraWheelBoard *wheel;
  const char * const *names;

  if (game == NULL)
    return;
  names = tessera_game_get_player_names (game);

  /* The scoring events, each with its whole sentence; nothing else paid anyone. */
  tessera_test_check_scores (game, wheel_case->scores, wheel_case->n_scores);

  /* Every player's total and categories, supply and crown followers. */
  tessera_test_check_players (game, wheel_case->players, wheel_case->n_players, TESSERA_TEST_CHECK_CROWNS);

  /* The pig, and who stands on which crown space. */
  wheel = tessera_game_get_wheel (game);
  g_assert_nonnull (wheel);
  if (wheel == NULL)
    return;
  g_assert_cmpuint (tessera_game_get_pig (game), ==, wheel_case->pig);
  g_assert_cmpstr (wheel->segments[tessera_game_get_pig (game)].name, ==, wheel_segments[wheel_case->pig].name);
  for (guint s = 0; s < wheel->n_segments; s++)
    for (guint c = 0; c < wheel->segments[s].n_crowns; c++)
      {
        char crown[TESSERA_CROWN_NAME_SIZE];
        const char *occupant = NULL;
        int actual;

        tessera_wheel_crown_name (wheel, s, c, crown);
        for (guint i = 0; i < wheel_case->n_crowns; i++)
          if (g_str_equal (wheel_case->crowns[i].crown, crown))
            occupant = wheel_case->crowns[i].occupant;
        actual = tessera_game_get_crown_occupant (game, s, c);
        g_test_message ("crown space %s: %s", crown, actual >= 0 ? names[actual] : "free");
        if (occupant == NULL)
          g_assert_cmpint (actual, ==, -1);
        else
          g_assert_cmpint (actual, ==, (int) tessera_test_find_player (game, occupant));
      }
  /* The crown names of the fixture are the engine's. */
  for (guint i = 0; i < wheel_case->n_crowns; i++)
    {
      guint segment, space;

      g_assert_true (tessera_wheel_parse_crown (wheel, wheel_case->crowns[i].crown, &segment, &space));
    }

  /* The land, the box and whose turn it is. */
  g_assert_cmpuint (tessera_game_get_n_pieces (game), ==, wheel_case->n_pieces);
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, wheel_case->tiles_left);
  g_assert_cmpint (tessera_game_is_finished (game), ==, wheel_case->finished);
  if (wheel_case->next != NULL)
    g_assert_cmpuint (tessera_game_get_current_player (game), ==, tessera_test_find_player (game, wheel_case->next));
}

static void
test_pig_path (gconstpointer data)
{
  const PigPath *path = data;

  for (guint n = 0; n < path->n_steps; n++)
    {
      g_autoptr(TesseraGame) game = tessera_test_load_game ("wheel", path->file, n);

      if (game == NULL)
        return;
      g_assert_cmpuint (tessera_game_get_n_events (game), ==, n);
      if (tessera_game_get_pig (game) != path->pig[n])
        g_test_message ("after %u events the pig stands on segment %u", n, tessera_game_get_pig (game));
      g_assert_cmpuint (tessera_game_get_pig (game), ==, path->pig[n]);
    }
}

static void
test_bad_wheel (gconstpointer data)
{
  tessera_test_check_bad_record ("bad-wheel", data);
}

/* Spinning the wheel alone, as the app shows it before the tile is placed, does to the game
 * exactly what the whole turn's wheel part does: the same pig, the same wheel and crown points
 * (e20: blue 8 and red 3 for Taxes), the same followers home, and nothing of the placement. */
static void
test_spin_alone (void)
{
  static const struct { const char *file; guint event; } cases[] = {
    { "e20-taxes-blue-8-red-3.json", 5 },
    { "e26b-crown-alone-on-two-6.json", G_MAXUINT },
    { "w10-plague-frees-follower-for-this-turn.json", G_MAXUINT },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(TesseraRecord) record = tessera_test_load_record ("wheel", cases[c].file, NULL);
      guint index = cases[c].event != G_MAXUINT ? cases[c].event : record->events->len - 1;
      const TesseraEvent *event = g_ptr_array_index (record->events, index);
      g_autoptr(TesseraGame) spun = tessera_game_new_from_record (record, index, NULL);
      g_autoptr(TesseraGame) turned = tessera_game_new_from_record (record, index + 1, NULL);
      g_autoptr(GError) error = NULL;
      guint n_spun, n_turned;
      const TesseraScoreEvent *spun_scores, *turned_scores;

      /* The last turn of w10 is the one the Plague frees a follower for. */
      while (event->kind != TESSERA_EVENT_TURN || event->tile_wheel == 0)
        {
          g_assert_cmpuint (index, >, 0);
          event = g_ptr_array_index (record->events, --index);
          g_clear_object (&spun);
          g_clear_object (&turned);
          spun = tessera_game_new_from_record (record, index, NULL);
          turned = tessera_game_new_from_record (record, index + 1, NULL);
        }
      g_assert_nonnull (spun);
      g_assert_nonnull (turned);

      g_assert_true (tessera_game_spin_wheel (spun, event, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (tessera_game_get_pig (spun), ==, tessera_game_get_pig (turned));
      spun_scores = tessera_game_get_score_events (spun, &n_spun);
      turned_scores = tessera_game_get_score_events (turned, &n_turned);
      for (guint i = 0; i < n_spun; i++)
        {
          g_assert_cmpuint (spun_scores[i].player, ==, turned_scores[i].player);
          g_assert_cmpint (spun_scores[i].points, ==, turned_scores[i].points);
          g_assert_cmpint (spun_scores[i].category, ==, turned_scores[i].category);
        }
      for (guint i = n_spun; i < n_turned; i++)
        g_assert_true (turned_scores[i].category != TESSERA_CATEGORY_WHEEL
                       && turned_scores[i].category != TESSERA_CATEGORY_CROWN);
      g_assert_cmpuint (tessera_board_get_n_tiles (tessera_game_get_board (spun)), ==,
                        tessera_board_get_n_tiles (tessera_game_get_board (turned)) - 1);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* A wrong number fails its own case; the other examples still run and report. */
  g_test_set_nonfatal_assertions ();

  g_test_add_func ("/wheel/board", test_wheel_board);
  g_test_add_func ("/wheel/spin-alone", test_spin_alone);

  for (guint i = 0; i < G_N_ELEMENTS (wheel_cases); i++)
    {
      const WheelCase *wheel_case = &wheel_cases[i];
      g_autofree char *name = tessera_test_case_name (wheel_case->file);
      g_autofree char *path = NULL;

      if (wheel_case->n_events == G_MAXUINT)
        path = g_strdup_printf ("/wheel/%s/end", name);
      else
        path = g_strdup_printf ("/wheel/%s/after-%u", name, wheel_case->n_events);
      g_test_add_data_func (path, wheel_case, test_wheel_case);
    }

  for (guint i = 0; i < G_N_ELEMENTS (pig_paths); i++)
    tessera_test_add_fixture_case ("wheel", pig_paths[i].file, "pig-path", NULL,
                                   &pig_paths[i], test_pig_path);

  for (guint i = 0; i < G_N_ELEMENTS (bad_wheels); i++)
    tessera_test_add_fixture_case ("wheel/bad", bad_wheels[i].file, NULL, NULL,
                                   &bad_wheels[i], test_bad_wheel);

  return g_test_run ();
}
