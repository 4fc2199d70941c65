/* test-box.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "tessera-engine.h"
#include "tessera-random-game.h"
#include "tessera-test-utils.h"

/* Boxes as they really are: a record's "box" corrects the catalogue's counts (the Wheel of
 * Fortune box's 72nd tile, a lost tile, a promo copy), and a game in progress can be corrected
 * when a tile is drawn that Tessera thinks is used up. The records are tests/records/box and
 * tests/records/bad-box. */

/* Each record of tests/records/box: the tiles there are to draw after its events. */
static const struct
{
  const char *file;
  guint       tiles_left;
  guint       box_total;
  const char *corrections;   /* the record's "box" as written back */
} good_boxes[] = {
  /* The base game's 72 with a second C: the start tile and three turns are out. */
  { "extra-copy-drawn.json", 69, 73, "{\"C\": 2}" },
  /* No K (3 fewer), a fifth D: 70, less the start tile and one turn. */
  { "type-taken-out.json", 68, 70, "{\"K\": 0, \"D\": 5}" },
  /* The Wheel of Fortune box as sold: 72 land tiles, the wheel board is the start. */
  { "wheel-of-fortune-72.json", 72, 72, "{\"D\": 4}" },
  /* A U without the wheel icon, which that box does not have, added from the base game. */
  { "promo-from-another-box.json", 72, 72, "{\"U\": 1}" },
};

static void
test_good_box (gconstpointer data)
{
  const guint i = GPOINTER_TO_UINT (data);
  g_autoptr(TesseraRecord) record = tessera_test_load_record ("box", good_boxes[i].file, NULL);
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(TesseraRecord) written = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *expected_line = g_strdup_printf ("  \"box\": %s,\n", good_boxes[i].corrections);
  const GArray *box;
  GArray *supply;
  guint total = 0;
  guint left = 0;

  game = tessera_game_new_from_record (record, G_MAXUINT, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, good_boxes[i].tiles_left);

  box = tessera_game_get_box (game);
  supply = tessera_game_get_supply (game);
  g_assert_cmpuint (box->len, ==, supply->len);
  for (guint k = 0; k < box->len; k++)
    {
      total += g_array_index (box, TesseraSupplyEntry, k).left;
      left += g_array_index (supply, TesseraSupplyEntry, k).left;
    }
  g_assert_cmpuint (total, ==, good_boxes[i].box_total);
  g_assert_cmpuint (left, ==, good_boxes[i].tiles_left);

  /* Written back as read, and the game's own record says the same. */
  text = tessera_record_to_data (record);
  g_assert_nonnull (strstr (text, expected_line));
  written = tessera_game_to_record (game);
  {
    g_autofree char *again = tessera_record_to_data (written);

    g_assert_cmpstr (again, ==, text);
  }
}

static const TesseraTestBadRecord bad_boxes[] = {
  { "more-copies-than-the-box.json", TESSERA_ERROR_RULE,
    "event 3 (turn of Blue): no C is left in this box: 2 were in it and all 2 are on the board; "
    "if your box has another, correct the box's count" },
  { "type-taken-out-drawn.json", TESSERA_ERROR_RULE,
    "event 0 (turn of Red): no K is in this box: its count was corrected to 0; if your box has one, correct the box's count" },
  { "tile-not-in-box.json", TESSERA_ERROR_RULE,
    "event 0 (turn of Red): there is no tile U in the box of this game; if your box has one, correct the box's count" },
  { "unknown-tile-drawn.json", TESSERA_ERROR_RULE,
    "event 0 (turn of Red): there is no tile IC-11 in the box of this game" },
  { "unknown-tile.json", TESSERA_ERROR_RECORD,
    "record: \"box\" names ZZ, which is not a tile of Tessera's catalogue" },
  { "wheel-square.json", TESSERA_ERROR_RECORD,
    "record: \"box\" names wheel-1-0, which is not a tile of Tessera's catalogue" },
  { "count-too-high.json", TESSERA_ERROR_RECORD,
    "record: \"box\" gives D 21 copies; a box holds 0 to 20 copies of a tile" },
  { "count-negative.json", TESSERA_ERROR_RECORD,
    "record: \"box\" gives E -1 copies; a box holds 0 to 20 copies of a tile" },
  { "count-fraction.json", TESSERA_ERROR_RECORD,
    "box.E, at line 5, column 16: 1.5 is not a whole number; the numbers of a record are whole, without a fraction or an exponent" },
  { "count-string.json", TESSERA_ERROR_RECORD,
    "record: \"box\" gives E no whole number of copies; write a number from 0 to 20" },
  { "not-an-object.json", TESSERA_ERROR_RECORD,
    "record: \"box\" must be an object" },
  { "tower-tile-without-tower.json", TESSERA_ERROR_RECORD,
    "record: \"box\" names TO-01, which cannot be in this game's box: it has a tower foundation, which needs \"tower\" in \"sets\"" },
  { "wheel-icon-without-wheel.json", TESSERA_ERROR_RECORD,
    "record: \"box\" names U+W1, which cannot be in this game's box: it shows the Wheel of Fortune's icon, "
    "which needs \"wheel-of-fortune\" in \"sets\"" },
  { "crop-tile-left-out.json", TESSERA_ERROR_RECORD,
    "record: \"box\" names CC2-3, which \"crop_circle_tiles\" leaves out; add it there to play with it" },
  { "no-start-tile.json", TESSERA_ERROR_RECORD,
    "record: \"box\" holds no D, but the game starts from one: the start tile is a D" },
};

static void
test_bad_box (gconstpointer data)
{
  tessera_test_check_bad_record ("bad-box", data);
}

/* A record made in code (as the app makes them) is checked by the game as a file is by the
 * reader: the same messages. */
static void
test_header_in_code (void)
{
  g_autoptr(TesseraRecord) header = tessera_record_new ();
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (header->sets, g_strdup ("base"));
  tessera_record_add_player (header, "Anna", "red");
  tessera_record_add_player (header, "Bram", "blue");

  tessera_record_set_box_count (header, "MW-1", 1);
  game = tessera_game_new (header, &error);
  g_assert_null (game);
  tessera_test_assert_error (error, TESSERA_ERROR_RECORD,
                             "record: \"box\" names MW-1, which cannot be in this game's box: it has the magic symbol, "
                             "which needs \"mage-witch\" in \"sets\"");
  g_clear_error (&error);

  /* The same tile twice: the second count replaces the first. */
  tessera_record_set_box_count (header, "MW-1", 0);
  g_assert_cmpint (tessera_record_get_box_count (header, "MW-1"), ==, 0);
  g_assert_cmpuint (header->box->len, ==, 1);
  g_ptr_array_add (header->sets, g_strdup ("mage-witch"));
  game = tessera_game_new (header, &error);
  g_assert_no_error (error);
  /* 72 base tiles and 8 of Mage & Witch, one of them taken out; the start tile is on the table. */
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 72 + 8 - 1 - 1);
  g_clear_object (&game);

  /* A box with nothing to draw is no game. */
  g_ptr_array_remove_index (header->sets, 1);
  g_clear_pointer (&header->box, g_array_unref);
  {
    const TesseraTileSet *base = tessera_catalogue_get_set (tessera_catalogue_get_default (), "base");

    for (guint i = 0; i < base->box->len; i++)
      {
        const TesseraBoxEntry *entry = g_ptr_array_index (base->box, i);

        tessera_record_set_box_count (header, entry->id, entry->type == base->start ? 1 : 0);
      }
  }
  game = tessera_game_new (header, &error);
  g_assert_null (game);
  tessera_test_assert_error (error, TESSERA_ERROR_RECORD,
                             "record: \"box\" leaves no tile to draw; a game needs at least one");
}

/* The box of a game in progress corrected when a tile is drawn that Tessera thinks is used
 * up: the supply, the tiles left and the record follow, undo and redo keep it, and the box
 * cannot hold fewer copies than are out of it. */
static void
test_correct_running_game (void)
{
  g_autoptr(TesseraRecord) record = tessera_test_load_record ("bad-box", "more-copies-than-the-box.json", NULL);
  g_autoptr(TesseraGame) game = tessera_game_new_from_record (record, 3, NULL);
  g_autoptr(TesseraRecord) corrected = NULL;
  g_autoptr(TesseraGame) replayed = NULL;
  g_autoptr(GError) error = NULL;
  TesseraEvent *fourth = g_ptr_array_index (record->events, 3);
  const TesseraBoxEntry *c;

  g_assert_nonnull (game);
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 69);
  g_assert_false (tessera_game_apply (game, fourth, &error));
  g_clear_error (&error);

  /* Fewer than are out, more than a box holds, a tile of an expansion not in play. */
  g_assert_false (tessera_game_set_box_count (game, "C", 1, &error));
  tessera_test_assert_error (error, TESSERA_ERROR_RULE,
                             "2 copies of C are out of the box already (on the board or discarded); the box cannot hold fewer");
  g_clear_error (&error);
  g_assert_false (tessera_game_set_box_count (game, "C", 21, &error));
  tessera_test_assert_error (error, TESSERA_ERROR_RULE, "a box holds 0 to 20 copies of a tile, not 21");
  g_clear_error (&error);
  g_assert_false (tessera_game_set_box_count (game, "TO-05", 1, &error));
  tessera_test_assert_error (error, TESSERA_ERROR_RECORD,
                             "\"box\" names TO-05, which cannot be in this game's box: it has a tower foundation, which needs \"tower\" in \"sets\"");
  g_clear_error (&error);
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 69);

  /* The box on the table has a third C, and a base-game tile this box lacks. */
  g_assert_true (tessera_game_set_box_count (game, "C", 3, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 70);
  g_assert_true (tessera_game_apply (game, fourth, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 69);

  /* Undo and redo replay with the corrected box. */
  g_assert_true (tessera_game_undo (game));
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 70);
  g_assert_true (tessera_game_redo (game));
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 69);

  c = tessera_game_lookup_tile (game, "C", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tessera_game_get_catalogue_copies (game, c), ==, 1);

  /* The record says so, and replays to the same game. */
  corrected = tessera_game_to_record (game);
  g_assert_cmpint (tessera_record_get_box_count (corrected, "C"), ==, 3);
  replayed = tessera_game_new_from_record (corrected, G_MAXUINT, &error);
  g_assert_no_error (error);
  {
    g_autofree char *a = tessera_test_describe_game (game);
    g_autofree char *b = tessera_test_describe_game (replayed);

    g_assert_cmpstr (a, ==, b);
  }
}

/* A kind that no set in play has, added while the game runs: the supply grows by one kind,
 * which can then be drawn; a correction that lowers a count forgets what could be redone. */
static void
test_add_kind_while_playing (void)
{
  g_autoptr(TesseraRecord) header = tessera_record_new ();
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(TesseraEvent) turn = tessera_event_new (TESSERA_EVENT_TURN);
  g_autoptr(GError) error = NULL;
  const GArray *box;
  guint n_kinds;

  g_ptr_array_add (header->sets, g_strdup ("wheel-of-fortune"));
  tessera_record_add_player (header, "Anna", "red");
  tessera_record_add_player (header, "Bram", "blue");
  game = tessera_game_new (header, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 71);
  n_kinds = tessera_game_get_box (game)->len;

  turn->player = 0;
  tessera_event_set_tile (turn, "U");
  turn->at = (TesseraCell) { 1, -1 };
  turn->rotation = 90;
  g_assert_false (tessera_game_apply (game, turn, &error));
  tessera_test_assert_error (error, TESSERA_ERROR_RULE,
                             "event 0 (turn of Anna): there is no tile U in the box of this game; if your box has one, correct the box's count");
  g_clear_error (&error);

  g_assert_true (tessera_game_set_box_count (game, "U", 1, &error));
  g_assert_no_error (error);
  box = tessera_game_get_box (game);
  g_assert_cmpuint (box->len, ==, n_kinds + 1);
  g_assert_cmpuint (tessera_game_get_supply (game)->len, ==, n_kinds + 1);
  g_assert_cmpuint (tessera_game_get_catalogue_copies (game, g_array_index (box, TesseraSupplyEntry, n_kinds).entry), ==, 0);
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 72);
  if (!tessera_game_apply (game, turn, &error))
    {
      /* Any legal place will do: the point is that U is now in the supply. */
      g_autoptr(GArray) placements = g_array_new (FALSE, FALSE, sizeof (TesseraPlacement));
      const TesseraPlacement *placement;

      g_clear_error (&error);
      tessera_board_list_placements (tessera_game_get_board (game), tessera_game_lookup_tile (game, "U", NULL)->type, placements);
      g_assert_cmpuint (placements->len, >, 0);
      placement = &g_array_index (placements, TesseraPlacement, 0);
      turn->at = placement->cell;
      turn->rotation = (int) placement->rotation * 90;
      g_assert_true (tessera_game_apply (game, turn, &error));
    }
  g_assert_no_error (error);
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 71);

  /* Undone, then the U taken out again: the turn cannot be redone. */
  g_assert_true (tessera_game_undo (game));
  g_assert_true (tessera_game_can_redo (game));
  g_assert_true (tessera_game_set_box_count (game, "U", 0, &error));
  g_assert_no_error (error);
  g_assert_false (tessera_game_can_redo (game));
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 71);
}

/* Copies that fit nowhere went out of the game without reaching the board: the refusal of one
 * more says so. Generated games with a discard give the cases: the box is corrected to hold
 * just the copies drawn until the discard, and the same tile is drawn once more. */
static void
test_used_up_with_discards (void)
{
  guint checked_some_on_board = 0;
  guint checked_all_discarded = 0;

  for (guint32 seed = 1; seed <= 2000 && (checked_some_on_board == 0 || checked_all_discarded == 0); seed++)
    {
      g_autoptr(TesseraRecord) record = tessera_random_game (seed, 2);

      for (guint d = 0; d < record->events->len; d++)
        {
          const TesseraEvent *discard = g_ptr_array_index (record->events, d);
          g_autoptr(TesseraRecord) cut = NULL;
          g_autoptr(TesseraGame) game = NULL;
          g_autoptr(TesseraEvent) again = NULL;
          g_autoptr(GError) error = NULL;
          g_autofree char *expected = NULL;
          guint drawn = 0;
          guint discarded = 0;

          if (discard->kind != TESSERA_EVENT_DISCARD)
            continue;
          cut = tessera_record_copy_header (record);
          for (guint i = 0; i <= d; i++)
            {
              const TesseraEvent *event = g_ptr_array_index (record->events, i);

              g_ptr_array_add (cut->events, tessera_event_ref (g_ptr_array_index (record->events, i)));
              if ((event->kind == TESSERA_EVENT_TURN || event->kind == TESSERA_EVENT_DISCARD) &&
                  g_str_equal (event->tile, discard->tile))
                {
                  drawn++;
                  discarded += event->kind == TESSERA_EVENT_DISCARD;
                }
            }
          /* The start tile is a D on the board, drawn by nobody. */
          if (g_str_equal (discard->tile, "D"))
            drawn++;
          tessera_record_set_box_count (cut, discard->tile, drawn);
          game = tessera_game_new_from_record (cut, G_MAXUINT, &error);
          g_assert_no_error (error);

          again = tessera_event_new (TESSERA_EVENT_DISCARD);
          again->player = (int) tessera_game_get_current_player (game);
          tessera_event_set_tile (again, discard->tile);
          g_assert_false (tessera_game_apply (game, again, &error));
          if (discarded == drawn)
            {
              expected = g_strdup_printf (drawn == 1 ? "no %s is left in this box: 1 was in it and it was discarded; "
                                                       "if your box has another, correct the box's count"
                                                     : "no %s is left in this box: %u were in it and all were discarded; "
                                                       "if your box has another, correct the box's count",
                                          discard->tile, drawn);
              checked_all_discarded++;
            }
          else
            {
              expected = g_strdup_printf ("no %s is left in this box: %u were in it and %u %s on the board and the others were discarded; "
                                          "if your box has another, correct the box's count",
                                          discard->tile, drawn, drawn - discarded, drawn - discarded == 1 ? "is" : "are");
              checked_some_on_board++;
            }
          g_assert_nonnull (strstr (error->message, expected));
        }
    }
  g_assert_cmpuint (checked_some_on_board, >, 0);
  g_assert_cmpuint (checked_all_discarded, >, 0);
}

/* Once the game has ended, its box stays as it was played. */
static void
test_finished_game (void)
{
  g_autoptr(TesseraGame) game = tessera_test_load_game ("base", "e13-farm-page.json", G_MAXUINT);
  g_autoptr(GError) error = NULL;

  g_assert_true (tessera_game_is_finished (game));
  g_assert_false (tessera_game_set_box_count (game, "C", 2, &error));
  tessera_test_assert_error (error, TESSERA_ERROR_RULE, "the game has ended: undo its end before you correct the box");
}

/* B11: a box of four tiles, the start D among them. Anna closes the city north of the start
 * tile (4), Bram puts a farmer in the field along it, and Anna's monk on the last tile, B, ends
 * the game without an "end": the cloister with 2 tiles around it scores 3 at the end and
 * Bram's farm 3 for the city, so 7 to 3, not 4 to 0 with the game going on. */
#define B11 "b11-last-tile-ends-game.json"

static void
assert_b11_final (TesseraGame *game)
{
  g_assert_true (tessera_game_is_finished (game));
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 0);
  g_assert_cmpint (tessera_game_get_score (game, 0), ==, 7);
  g_assert_cmpint (tessera_game_get_category_score (game, 0, TESSERA_CATEGORY_CLOISTER), ==, 3);
  g_assert_cmpint (tessera_game_get_score (game, 1), ==, 3);
  g_assert_cmpint (tessera_game_get_category_score (game, 1, TESSERA_CATEGORY_FARM), ==, 3);
}

static void
test_last_tile_ends_game (void)
{
  g_autoptr(TesseraGame) game = tessera_test_load_game ("box", B11, G_MAXUINT);
  g_autoptr(TesseraGame) before = tessera_test_load_game ("box", B11, 2);
  g_autoptr(TesseraEvent) end = tessera_event_new_end ();
  g_autoptr(GError) error = NULL;

  g_assert_false (tessera_game_is_finished (before));
  g_assert_cmpuint (tessera_game_get_tiles_left (before), ==, 1);
  assert_b11_final (game);
  g_assert_true (tessera_game_ended_by_last_tile (game));

  /* Nothing is drawn or paid after it... */
  tessera_test_check_refused (game, "{\"discard\": {\"player\": 1, \"tile\": \"U\"}}", TESSERA_ERROR_RULE,
                              "event 3 (discard by Bram): the game has already ended");
  /* ...but the "end" records written before B11 carry is taken, once, and changes nothing. */
  g_assert_true (tessera_game_apply (game, end, &error));
  g_assert_no_error (error);
  assert_b11_final (game);
  g_assert_false (tessera_game_ended_by_last_tile (game));
  tessera_test_check_refused (game, "{\"end\": {}}", TESSERA_ERROR_RULE, "event 4 (end): the game has already ended");

  /* Undone, the "end" leaves the game as the last tile ended it. */
  tessera_game_undo (game);
  assert_b11_final (game);
  g_assert_true (tessera_game_ended_by_last_tile (game));
}

/* B11: the table finds a tile more in the box: the game goes on from the last turn, without
 * the final scoring, and the next last tile ends it again. A game the table ended stays so. */
static void
test_last_tile_box_corrected (void)
{
  g_autoptr(TesseraGame) game = tessera_test_load_game ("box", B11, G_MAXUINT);
  g_autoptr(GError) error = NULL;

  g_assert_true (tessera_game_set_box_count (game, "U", 2, &error));
  g_assert_no_error (error);
  g_assert_false (tessera_game_is_finished (game));
  g_assert_false (tessera_game_ended_by_last_tile (game));
  g_assert_cmpuint (tessera_game_get_tiles_left (game), ==, 1);
  g_assert_cmpint (tessera_game_get_score (game, 0), ==, 4);
  g_assert_cmpint (tessera_game_get_score (game, 1), ==, 0);
  g_assert_null (tessera_test_apply_data (game, "{\"turn\": {\"player\": 1, \"tile\": \"U\", \"at\": [-1, 0], \"rotation\": 0}}"));
  g_assert_true (tessera_game_is_finished (game));
  g_assert_true (tessera_game_ended_by_last_tile (game));

  g_assert_null (tessera_test_apply_data (game, "{\"end\": {}}"));
  g_assert_false (tessera_game_set_box_count (game, "U", 3, &error));
  tessera_test_assert_error (error, TESSERA_ERROR_RULE, "the game has ended: undo its end before you correct the box");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (good_boxes); i++)
    tessera_test_add_fixture_case ("box", good_boxes[i].file, NULL, NULL, GUINT_TO_POINTER (i), test_good_box);
  for (guint i = 0; i < G_N_ELEMENTS (bad_boxes); i++)
    tessera_test_add_fixture_case ("box/bad", bad_boxes[i].file, NULL, NULL, &bad_boxes[i], test_bad_box);
  g_test_add_func ("/box/header-in-code", test_header_in_code);
  g_test_add_func ("/box/correct-running-game", test_correct_running_game);
  g_test_add_func ("/box/add-kind-while-playing", test_add_kind_while_playing);
  g_test_add_func ("/box/used-up-with-discards", test_used_up_with_discards);
  g_test_add_func ("/box/finished-game", test_finished_game);
  g_test_add_func ("/box/b11/last-tile-ends-game", test_last_tile_ends_game);
  g_test_add_func ("/box/b11/box-corrected-after-last-tile", test_last_tile_box_corrected);
  return g_test_run ();
}
