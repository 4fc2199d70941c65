/* test-player-marks.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>

#include "tessera-player-marks.h"

/* The letter rule every view marks the players with: one mark each, all different. */

static void
assert_marks (const char * const *names,
              const char * const *expected)
{
  guint n = g_strv_length ((char **) names);
  g_auto(GStrv) marks = tessera_player_marks_make_letters (names, n);

  g_assert_cmpuint (g_strv_length (marks), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_test_message ("%s: %s", names[i], marks[i]);
      g_assert_cmpstr (marks[i], ==, expected[i]);
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (marks[i], !=, marks[j]);
    }
}

static void
test_initials (void)
{
  assert_marks ((const char *[]) { "Anna", "Bram", "Carmen", NULL }, (const char *[]) { "A", "B", "C", NULL });
  /* Lower case and an accent: the mark is a capital, the accent kept. */
  assert_marks ((const char *[]) { "daan", "Émile", NULL }, (const char *[]) { "D", "É", NULL });
}

static void
test_same_initial (void)
{
  /* The first later letter that tells the names of one initial apart. */
  assert_marks ((const char *[]) { "Anna", "Anton", "Bert", "bert", "Émile", NULL },
                (const char *[]) { "An", "At", "B1", "B2", "É", NULL });
  assert_marks ((const char *[]) { "Anna", "Anton", "Andrea", NULL }, (const char *[]) { "An", "At", "Ad", NULL });
  /* É and E count as one letter: they look alike on a follower. */
  assert_marks ((const char *[]) { "Eva", "Émile", NULL }, (const char *[]) { "Ev", "Ém", NULL });
  /* One name the start of the other: numbers in seat order. */
  assert_marks ((const char *[]) { "Ann", "Anna", "Kees", NULL }, (const char *[]) { "A1", "A2", "K", NULL });
  /* Spaces and punctuation do not count. */
  assert_marks ((const char *[]) { "Jan Peter", "Jan-Willem", NULL }, (const char *[]) { "Jp", "Jw", NULL });
}

static void
test_empty_name (void)
{
  /* Nothing to take a letter from: the seat number. */
  assert_marks ((const char *[]) { "", "Anna", "?!", NULL }, (const char *[]) { "1", "A", "3", NULL });
  /* A seat number that is also a name's first digit still gives different marks. */
  assert_marks ((const char *[]) { "", "1up", NULL }, (const char *[]) { "11", "12", NULL });
  {
    g_auto(GStrv) none = tessera_player_marks_make_letters (NULL, 0);

    g_assert_cmpuint (g_strv_length (none), ==, 0);
  }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/player-marks/initials", test_initials);
  g_test_add_func ("/player-marks/same-initial", test_same_initial);
  g_test_add_func ("/player-marks/empty-name", test_empty_name);
  return g_test_run ();
}
