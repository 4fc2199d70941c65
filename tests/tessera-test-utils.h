/* tessera-test-utils.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-engine.h"

G_BEGIN_DECLS

/* A player's points by category (the categories left out must be 0) and followers in supply;
 * with the Wheel of Fortune or The Tower also followers on crown spaces or tower pieces left,
 * checked where a suite asks for them (TesseraTestPlayerChecks). */
typedef struct
{
  const char *player;
  int         total;
  int         by_category[TESSERA_N_CATEGORIES];
  guint       in_supply;
  guint       on_crowns;
  guint       tower_pieces;
} TesseraTestPlayer;

typedef enum
{
  TESSERA_TEST_CHECK_CROWNS = 1 << 0,
  TESSERA_TEST_CHECK_TOWER_PIECES = 1 << 1,
} TesseraTestPlayerChecks;

/* One scoring event a fixture must produce. */
typedef struct
{
  const char *player;
  int         points;
  const char *category;
  guint       event;        /* the record event that caused it */
  const char *sentence;     /* all of it */
} TesseraTestScore;

/* A broken record of tests/records/<dir>, refused with @code (a TesseraError) and @message. */
typedef struct
{
  const char *file;
  int         code;
  const char *message;
} TesseraTestBadRecord;

char            *tessera_test_case_name (const char  *file);
void             tessera_test_add_fixture_case (const char    *suite,
                                                const char    *file,
                                                const char    *check,
                                                const char    *label,
                                                gconstpointer  data,
                                                GTestDataFunc  test);
TesseraRecord   *tessera_test_load_record (const char   *dir,
                                           const char   *file,
                                           GError      **error);
TesseraGame     *tessera_test_load_game   (const char   *dir,
                                           const char   *file,
                                           guint         n_events);
GError          *tessera_test_apply_data  (TesseraGame  *game,
                                           const char   *data);
void             tessera_test_assert_error (const GError *error,
                                            int           code,
                                            const char   *message);
char            *tessera_test_describe_game (TesseraGame *game);
void             tessera_test_check_refused (TesseraGame *game,
                                             const char  *data,
                                             int          code,
                                             const char  *message);
void             tessera_test_check_bad_record (const char                 *dir,
                                                const TesseraTestBadRecord *bad);
void             tessera_test_check_points (TesseraGame *game,
                                            const char  *player,
                                            int          total,
                                            const int   *by_category);
guint            tessera_test_find_player (TesseraGame *game,
                                           const char  *name);
void             tessera_test_check_players (TesseraGame             *game,
                                             const TesseraTestPlayer *expected,
                                             guint                    max_expected,
                                             TesseraTestPlayerChecks  checks);
TesseraCategory  tessera_test_category  (const char  *name);
char            *tessera_test_nested_arrays (guint depth);
int              tessera_test_compare_strings (const char **a,
                                               const char **b);

/* A named pipe another program writes into (tessera_test_feeder_start()). */
typedef struct _TesseraTestFeeder TesseraTestFeeder;

TesseraTestFeeder *tessera_test_feeder_start  (const char        *path,
                                               gsize              n_bytes);
gsize              tessera_test_feeder_finish (TesseraTestFeeder *feeder);

void             tessera_test_log_scores  (TesseraGame *game);
const TesseraScoreEvent *
tessera_test_expect_score (TesseraGame            *game,
                           gboolean               *matched,
                           const TesseraTestScore *expected);
void             tessera_test_check_scores (TesseraGame            *game,
                                            const TesseraTestScore *expected,
                                            guint                   max_expected);

G_END_DECLS
