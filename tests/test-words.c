/* test-words.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "tessera-move-words.h"
#include "tessera-place-words.h"
#include "tessera-random-game.h"
#include "tessera-test-turn.h"
#include "tessera-test-utils.h"
#include "tessera-turn-words.h"

/* The table's words for places, choices and the moves of the log: never coordinates, named by
 * what everyone at the table sees. No display: these are plain functions. */

static const char * const expansion_sets[] = { "wheel-of-fortune", "tower", "mage-witch", NULL };

/* Whether @text names a cell by coordinates, "2, -1" or "[2, -1]". */
static gboolean
has_coordinates (const char *text)
{
  return g_regex_match_simple ("-?[0-9]+, -?[0-9]+", text, 0, 0);
}

static void
test_place_wheel (void)
{
  g_autoptr(TesseraGame) game = tessera_test_load_game ("wheel", "e19-fortuna-3.json", 0);
  TesseraPlace place;
  struct { int x, y; const char *expected; } cells[] = {
    { 0, 0, "on the wheel, north-west" },
    { 3, 2, "on the wheel, east" },
    { 4, 0, "east of the wheel, at its north end" },
    { 5, 2, "2 tiles east of the wheel, south of its middle" },
    { 1, -3, "3 tiles north of the wheel, west of its middle" },
    { 3, 5, "2 tiles south of the wheel, at its east end" },
    { -1, -3, "3 north, 1 west of the wheel" },
    { 6, 5, "2 south, 3 east of the wheel" },
    { 4, -1, "north-east of the wheel" },
    { -1, 4, "south-west of the wheel" },
  };

  tessera_place_init (&place, game);
  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      g_autofree char *said = tessera_place_describe (&place, (TesseraCell) { cells[i].x, cells[i].y });

      g_assert_cmpstr (said, ==, cells[i].expected);
    }

  /* The tile just placed is the nearer landmark, and wins a tie with the wheel. */
  place.has_placed = TRUE;
  place.placed = (TesseraCell) { 6, 1 };
  {
    struct { int x, y; const char *expected; } near[] = {
      { 6, 1, "on the new tile" },
      { 6, 0, "north of the new tile" },
      { 8, 1, "2 tiles east of the new tile" },
      { 5, 1, "west of the new tile" },
      { 4, 1, "east of the wheel, north of its middle" },
      { 7, 2, "south-east of the new tile" },
      { 1, 1, "on the wheel, north-west" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (near); i++)
      {
        g_autofree char *said = tessera_place_describe (&place, (TesseraCell) { near[i].x, near[i].y });

        g_assert_cmpstr (said, ==, near[i].expected);
      }
  }

  /* A capture is said from the tower the floor goes on. */
  tessera_place_init (&place, game);
  place.has_tower = TRUE;
  place.tower = (TesseraCell) { 4, 8 };
  {
    g_autofree char *west = tessera_place_describe (&place, (TesseraCell) { 3, 8 });
    g_autofree char *on = tessera_place_describe (&place, (TesseraCell) { 4, 8 });
    g_autofree char *far = tessera_place_describe (&place, (TesseraCell) { 4, 11 });

    g_assert_cmpstr (west, ==, "west of the tower");
    g_assert_cmpstr (on, ==, "on the tower’s tile");
    g_assert_cmpstr (far, ==, "3 tiles south of the tower");
  }
}

static void
test_place_start_tile (void)
{
  g_autoptr(TesseraGame) game = tessera_test_load_game ("base", "e01-city-3-tiles-1-pennant.json", 0);
  TesseraPlace place;
  g_autofree char *on = NULL;
  g_autofree char *south = NULL;
  g_autofree char *apart = NULL;

  tessera_place_init (&place, game);
  on = tessera_place_describe (&place, (TesseraCell) { 0, 0 });
  south = tessera_place_describe (&place, (TesseraCell) { 0, 1 });
  apart = tessera_place_describe (&place, (TesseraCell) { -2, -1 });
  g_assert_cmpstr (on, ==, "on the start tile");
  g_assert_cmpstr (south, ==, "south of the start tile");
  g_assert_cmpstr (apart, ==, "1 north, 2 west of the start tile");
}

/* Choices ---------------------------------------------------------------------------------- */

typedef struct
{
  TesseraTurn *turn;
  GPtrArray   *titles[TESSERA_CHOICE_CROP_REMOVE + 1];   /* every title met, by kind */
  GPtrArray   *fully[TESSERA_CHOICE_CROP_REMOVE + 1];
  guint        longest;
} Namer;

/* Names every choice of the step, checks them, and remembers them by kind. */
static void
name_choices (Namer *namer)
{
  guint n_choices;
  const TesseraChoice *choices = tessera_turn_get_choices (namer->turn, &n_choices);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < n_choices; i++)
    {
      char *title = tessera_turn_describe_choice (namer->turn, i);
      char *fully = tessera_turn_describe_choice_fully (namer->turn, i);

      g_assert_false (has_coordinates (title));
      g_assert_false (has_coordinates (fully));
      if (g_hash_table_contains (seen, title))
        for (guint j = 0; j < n_choices; j++)
          g_test_message ("choice %u: kind %d [%d, %d] %s segment %d", j, choices[j].kind, choices[j].where.at.x,
                          choices[j].where.at.y, choices[j].where.spot, choices[j].segment);
      if (g_hash_table_contains (seen, title))
        g_error ("two choices of one step are both called “%s”", title);
      g_hash_table_add (seen, g_strdup (title));
      namer->longest = MAX (namer->longest, g_utf8_strlen (title, -1));
      if (g_utf8_strlen (title, -1) > 34)
        g_test_message ("long title: %s", title);
      g_ptr_array_add (namer->titles[choices[i].kind], title);
      g_ptr_array_add (namer->fully[choices[i].kind], fully);
    }
}

static void
namer_choose_tile (gpointer data, const TesseraBoxEntry *entry)
{
  tessera_test_turn_direct.choose_tile (((Namer *) data)->turn, entry);
}

static void
namer_place (gpointer data, TesseraCell cell, guint rotation)
{
  tessera_test_turn_direct.place (((Namer *) data)->turn, cell, rotation);
}

static void
namer_set_figure (gpointer data, TesseraMagicFigure figure)
{
  tessera_test_turn_direct.set_figure (((Namer *) data)->turn, figure);
}

static void
namer_set_mode (gpointer data, TesseraTurnMode mode)
{
  tessera_test_turn_direct.set_mode (((Namer *) data)->turn, mode);
}

static void
namer_choose_marker (gpointer data, guint index)
{
  name_choices (data);
  tessera_test_turn_direct.choose_marker (((Namer *) data)->turn, index);
}

static void
namer_skip (gpointer data)
{
  name_choices (data);
  tessera_test_turn_direct.skip (((Namer *) data)->turn);
}

static void
namer_choose_crop (gpointer data, gboolean add)
{
  tessera_test_turn_direct.choose_crop (((Namer *) data)->turn, add);
}

static const TesseraTestTurnDriver namer_driver = {
  namer_choose_tile, namer_place, namer_set_figure, namer_set_mode, namer_choose_marker, namer_skip, namer_choose_crop,
};

/* Enters every turn of @record through a turn, naming every choice offered on the way. */
static void
name_record_choices (Namer               *namer,
                     const TesseraRecord *record)
{
  g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, 0, NULL);

  g_assert_nonnull (game);
  for (guint i = 0; i < record->events->len; i++)
    {
      const TesseraEvent *event = g_ptr_array_index (record->events, i);
      g_autoptr(GError) error = NULL;

      if (event->kind == TESSERA_EVENT_TURN || event->kind == TESSERA_EVENT_DISCARD)
        {
          g_autoptr(TesseraTurn) turn = tessera_turn_new (game);

          namer->turn = turn;
          tessera_test_enter_turn (&namer_driver, namer, turn, game, event);
          namer->turn = NULL;
        }
      if (!tessera_game_apply (game, (TesseraEvent *) event, &error))
        break;
    }
}

static gboolean
contains (GPtrArray  *names,
          const char *name)
{
  for (guint i = 0; i < names->len; i++)
    if (g_str_equal (g_ptr_array_index (names, i), name))
      return TRUE;
  return FALSE;
}

static void
dump_names (GPtrArray *names)
{
  for (guint i = 0; i < names->len; i++)
    g_test_message ("  %s", (const char *) g_ptr_array_index (names, i));
}

static void
test_choice_names (void)
{
  static const char *fixtures[][2] = {
    { "wheel", "e26a-crown-one-crown-3.json" },
    { "wheel", "e25-plague-order.json" },
    { "tower", "e28-first-floor-range-5.json" },
    { "tower", "tower-top-closes.json" },
    { "tower", "tower-top-capturable.json" },
    { "magic", "e35-road-5-mage-10.json" },
    { "magic", "e40-tie-witch.json" },
    { "crop", "e42-shield-remove-order.json" },
    { "crop", "e43-pitchfork-add.json" },
  };
  Namer namer = { 0 };

  for (guint k = 0; k < G_N_ELEMENTS (namer.titles); k++)
    {
      namer.titles[k] = g_ptr_array_new_with_free_func (g_free);
      namer.fully[k] = g_ptr_array_new_with_free_func (g_free);
    }
  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    {
      g_autoptr(TesseraRecord) record = tessera_test_load_record (fixtures[f][0], fixtures[f][1], NULL);

      name_record_choices (&namer, record);
    }
  for (guint seed = 1; seed <= 3; seed++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (seed, 3, expansion_sets);

      name_record_choices (&namer, record);
    }
  for (guint k = 0; k < G_N_ELEMENTS (namer.titles); k++)
    {
      g_test_message ("kind %u: %u titles", k, namer.titles[k]->len);
      dump_names (namer.titles[k]);
      dump_names (namer.fully[k]);
      /* Every kind of choice was met. */
      g_assert_cmpuint (namer.titles[k]->len, >, 0);
    }
  /* The title is for a button; what is far from every landmark takes two lines of it. */
  g_test_message ("longest title: %u characters", namer.longest);
  g_assert_cmpuint (namer.longest, <=, 100);

  g_assert_true (contains (namer.titles[TESSERA_CHOICE_CROWN], "Crown 1 of Taxes"));
  g_assert_true (contains (namer.titles[TESSERA_CHOICE_FOLLOWER], "Knight on the city"));
  g_assert_true (contains (namer.titles[TESSERA_CHOICE_FOLLOWER], "Thief on the road, 2 tiles"));
  g_assert_true (contains (namer.titles[TESSERA_CHOICE_TOWER_FLOOR], "Foundation on the new tile"));

  for (guint k = 0; k < G_N_ELEMENTS (namer.titles); k++)
    {
      g_ptr_array_unref (namer.titles[k]);
      g_ptr_array_unref (namer.fully[k]);
    }
}

/* The log ------------------------------------------------------------------------------------ */

static void
test_log_lines (void)
{
  g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (2, 3, expansion_sets);
  g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, G_MAXUINT, NULL);

  g_assert_nonnull (game);
  for (guint i = 0; i < tessera_game_get_n_events (game); i++)
    {
      g_autofree char *line = tessera_move_describe (game, i);
      g_autofree char *number = g_strdup_printf ("%u · ", i + 1);

      g_test_message ("%s", line);
      g_assert_true (g_str_has_prefix (line, number));
      g_assert_false (has_coordinates (line));
    }

  /* The game of seed 2 (Wheel of Fortune, The Tower, Mage & Witch, three players): a move of
   * each kind, as the log words it. */
  {
    static const struct { guint move; const char *line; } expected[] = {
      { 6, "6 · Carmen: tile G south of the wheel, at its west end\nA follower on Crown of Famine" },
      { 8, "8 · Bram: tile MW-8 south of the wheel, at its east end\nThe mage goes to the city on the wheel, north-west" },
      { 36, "36 · Carmen: tile IC-02 5 north, 1 east of the wheel\n"
            "A tower floor on the tower 3 north, 1 west of the wheel, now 2 high\n"
            "Captures Anna’s thief on the road south of the tower" },
      { 62, "62 · Carmen: tile V+W1 1 north, 2 east of the wheel\n"
            "Plague: Carmen takes back a knight in the city 4 north, 4 west of the wheel\n"
            "Plague: Anna takes back a farmer on the field north-west of the new tile\n"
            "Plague: Bram takes back a knight in the city 2 tiles east of the wheel, at its south end\n"
            "A tower started on the foundation north-east of the new tile" },
      { 96, "96 · Carmen paid a ransom to Bram" },
      { 97, "97 · Anna: tile KS-2 5 tiles west of the wheel, at its north end\n"
            "A follower closes the tower 1 south, 2 west of the wheel, 4 high" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
      {
        g_autofree char *line = tessera_move_describe (game, expected[i].move - 1);

        g_assert_cmpstr (line, ==, expected[i].line);
      }
  }
}

/* A crop circle's moves, each player's, in the log. */
static void
test_log_crop (void)
{
  static const char *fixtures[] = { "e42-shield-remove-order.json", "e43-pitchfork-add.json" };

  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    {
      g_autoptr(GString) log = g_string_new (NULL);
      g_autoptr(TesseraGame) game = tessera_test_load_game ("crop", fixtures[f], G_MAXUINT);

      for (guint i = 0; i < tessera_game_get_n_events (game); i++)
        {
          g_autofree char *line = tessera_move_describe (game, i);

          g_string_append_printf (log, "%s\n", line);
        }
      g_test_message ("%s", log->str);
      g_assert_false (has_coordinates (log->str));
      g_assert_nonnull (strstr (log->str, f == 0 ? "Crop circle: Anna takes back a knight" : "Crop circle: Blue adds a farmer on the field south-east of the new tile"));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/words/place/wheel", test_place_wheel);
  g_test_add_func ("/words/place/start-tile", test_place_start_tile);
  g_test_add_func ("/words/choices", test_choice_names);
  g_test_add_func ("/words/log", test_log_lines);
  g_test_add_func ("/words/log/crop", test_log_crop);

  return g_test_run ();
}
