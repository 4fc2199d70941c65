/* tessera-store.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "tessera-engine.h"

G_BEGIN_DECLS

/* The history: every game and player, in one SQLite database. */

#define TESSERA_STORE_ERROR (tessera_store_error_quark ())

typedef enum
{
  TESSERA_STORE_ERROR_FAILED,        /* the file system or SQLite failed */
  TESSERA_STORE_ERROR_NOT_HISTORY,   /* the file is not a Tessera history, or is damaged */
  TESSERA_STORE_ERROR_TOO_NEW,       /* a newer Tessera made it */
  TESSERA_STORE_ERROR_BUSY,          /* another program kept it busy longer than the wait */
  TESSERA_STORE_ERROR_READ_ONLY,     /* the file is read-only: nothing can be saved */
  TESSERA_STORE_ERROR_GONE,          /* the file is no longer where it was opened */
  TESSERA_STORE_ERROR_FULL,          /* the disk is full: nothing was saved */
  TESSERA_STORE_ERROR_DAMAGED,       /* SQLite found the file damaged: nothing is written into it */
  TESSERA_STORE_ERROR_NOT_FOUND,     /* no such player or game */
} TesseraStoreError;

/* The schema this version writes; PRAGMA user_version of the database. */
#define TESSERA_STORE_SCHEMA_VERSION 7

/* A player's record over the finished games of the history. Ties for first count as a win
 * for each tied player. */
typedef struct
{
  gint64  id;
  char   *name;
  guint   n_games;
  guint   n_wins;
  double  average_score;        /* 0 without games */
  int     best_score;           /* 0 without games */
  double  category_average[TESSERA_N_CATEGORIES];   /* points per game in each category */
} TesseraPlayerStats;

/* Two players' finished games together: who ended ahead. */
typedef struct
{
  guint n_games;
  guint n_first_ahead;
  guint n_second_ahead;
  guint n_level;
} TesseraHeadToHead;

/* One finished game of a player, for their profile. */
typedef struct
{
  gint64  game_id;
  char   *date;        /* when it began: "played" as written, or else the UTC start */
  char   *color;
  int     score;
  guint   rank;
  guint   n_players;
} TesseraPlayerGame;

/* A player against one opponent over their finished games together: who ended ahead. */
typedef struct
{
  char  *opponent;
  guint  n_games;
  guint  n_ahead;
  guint  n_behind;
  guint  n_level;
} TesseraOpponentRecord;

/* A player's reviewed games: how close to the best they played, and how lucky they were. */
typedef struct
{
  guint  n_games;         /* finished games of theirs with a review */
  guint  n_turns;
  double accuracy;        /* over all those turns: sum of accuracy x turns / sum of turns; 0 without */
  double lost_per_turn;   /* points given away to better turns, per turn; 0 without */
  double luck_per_game;   /* their luck, per game; 0 without */
} TesseraReviewStats;

/* A player against one opponent over their reviewed games together. */
typedef struct
{
  char   *opponent;
  guint   n_games;
  double  accuracy;            /* the player's, weighted by turns as above */
  double  opponent_accuracy;
  double  luck;                /* the player's luck per game */
  double  opponent_luck;
} TesseraOpponentReview;

/* A player's total after an event that scored (score progression, for charts). */
typedef struct
{
  guint sequence;
  guint seat;
  int   total;
} TesseraScorePoint;

/* How many games were finished in a month, "2026-11". */
typedef struct
{
  char  month[8];
  guint n_games;
} TesseraMonthCount;

/* A player's seat in a stored game. */
typedef struct
{
  char     *name;
  char     *color;
  gboolean  has_result;   /* the game is finished: */
  int       final_score;
  guint     rank;
} TesseraGameSeat;

/* A stored game, for lists. */
typedef struct
{
  gint64     id;
  char      *started;      /* ISO 8601, UTC */
  char      *ended;        /* or NULL */
  char      *state;        /* "in-progress", "finished" or "abandoned" */
  TesseraPlayed *played;   /* when and where, as the record says, or NULL */
  GPtrArray *sets;         /* char *, shared by the games with the same sets: read only */
  GArray    *seats;        /* TesseraGameSeat, in seating order */
  guint      n_events;
  gboolean   purist;       /* played without aids */
} TesseraGameSummary;

/* What became of one record of tessera_store_import_records(). */
typedef struct
{
  gint64    game_id;       /* the game stored, or the earlier one when @already; 0 if none */
  gboolean  already;       /* the history held it already (or it came earlier in the batch) */
  GError   *error;         /* why the engine refused it, or NULL */
} TesseraImportResult;

void tessera_import_result_clear (TesseraImportResult *result);
void tessera_player_stats_free (TesseraPlayerStats *stats);
void tessera_game_summary_free (TesseraGameSummary *summary);
int  tessera_game_summary_compare_newest (gconstpointer a,
                                          gconstpointer b);

#define TESSERA_TYPE_STORE (tessera_store_get_type ())

G_DECLARE_FINAL_TYPE (TesseraStore, tessera_store, TESSERA, STORE, GObject)

GQuark        tessera_store_error_quark        (void);
char         *tessera_store_get_default_path   (void);
TesseraStore *tessera_store_open               (const char    *path,
                                                GError       **error);
const char   *tessera_store_get_path           (TesseraStore  *self);
void          tessera_store_set_busy_timeout   (TesseraStore  *self,
                                                guint          timeout_ms);
gboolean      tessera_store_is_read_only       (TesseraStore  *self);
gboolean      tessera_store_is_folder_read_only (TesseraStore *self);
guint         tessera_store_get_schema_version (TesseraStore  *self);

gint64         tessera_store_add_game      (TesseraStore         *self,
                                            const TesseraRecord  *header,
                                            GError              **error);
gboolean       tessera_store_save_box      (TesseraStore         *self,
                                            gint64                game_id,
                                            const TesseraRecord  *header,
                                            GError              **error);
gboolean       tessera_store_save_event    (TesseraStore         *self,
                                            gint64                game_id,
                                            TesseraGame          *game,
                                            GError              **error);
TesseraRecord *tessera_store_load_record   (TesseraStore         *self,
                                            gint64                game_id,
                                            GError              **error);
gint64         tessera_store_import_record (TesseraStore         *self,
                                            const TesseraRecord  *record,
                                            gboolean             *already,
                                            GError              **error);
gboolean       tessera_store_import_records (TesseraStore               *self,
                                             const TesseraRecord * const *records,
                                             guint                        n_records,
                                             TesseraImportResult         *results,
                                             GCancellable                *cancellable,
                                             GError                     **error);
gboolean       tessera_store_truncate      (TesseraStore         *self,
                                            gint64                game_id,
                                            guint                 n_events,
                                            GError              **error);
TesseraGame   *tessera_store_replace_event (TesseraStore         *self,
                                            gint64                game_id,
                                            guint                 index,
                                            TesseraEvent         *event,
                                            GError              **error);
char          *tessera_store_export_csv    (TesseraStore         *self,
                                            GError              **error);
gboolean       tessera_store_set_purist    (TesseraStore         *self,
                                            gint64                game_id,
                                            gboolean              purist,
                                            GError              **error);
gboolean       tessera_store_get_purist    (TesseraStore         *self,
                                            gint64                game_id,
                                            gboolean             *purist,
                                            GError              **error);
gboolean       tessera_store_delete_game   (TesseraStore         *self,
                                            gint64                game_id,
                                            GError              **error);
gboolean       tessera_store_rename_player (TesseraStore         *self,
                                            const char           *name,
                                            const char           *new_name,
                                            GError              **error);
gboolean       tessera_store_merge_players (TesseraStore         *self,
                                            const char           *name,
                                            const char           *into,
                                            GError              **error);
gboolean       tessera_store_abandon_game  (TesseraStore         *self,
                                            gint64                game_id,
                                            GError              **error);

GPtrArray          *tessera_store_list_player_stats (TesseraStore  *self,
                                                     GError       **error);
TesseraPlayerStats *tessera_store_get_player_stats  (TesseraStore  *self,
                                                     const char    *name,
                                                     GError       **error);
gboolean            tessera_store_get_head_to_head  (TesseraStore       *self,
                                                     const char         *first,
                                                     const char         *second,
                                                     TesseraHeadToHead  *result,
                                                     GError            **error);
GArray             *tessera_store_list_player_games (TesseraStore  *self,
                                                     const char    *name,
                                                     GError       **error);
GArray             *tessera_store_list_opponents    (TesseraStore  *self,
                                                     const char    *name,
                                                     GError       **error);
gboolean            tessera_store_get_category_averages (TesseraStore *self,
                                                         double        averages[TESSERA_N_CATEGORIES],
                                                         GError      **error);
GArray             *tessera_store_get_score_progression (TesseraStore  *self,
                                                         gint64         game_id,
                                                         GError       **error);
GArray             *tessera_store_count_games_by_month (TesseraStore *self,
                                                        GError       **error);
GPtrArray          *tessera_store_list_games        (TesseraStore  *self,
                                                     GError       **error);
GPtrArray          *tessera_store_list_recent_games (TesseraStore  *self,
                                                     guint          n_finished,
                                                     guint         *n_games,
                                                     GError       **error);

gboolean       tessera_store_save_review   (TesseraStore         *self,
                                            gint64                game_id,
                                            TesseraReview        *review,
                                            GError              **error);
TesseraReview *tessera_store_load_review   (TesseraStore         *self,
                                            gint64                game_id,
                                            const TesseraRecord  *record,
                                            GError              **error);
gboolean       tessera_store_get_review_stats (TesseraStore        *self,
                                               const char          *name,
                                               TesseraReviewStats  *stats,
                                               GError             **error);
GArray        *tessera_store_list_opponent_reviews (TesseraStore  *self,
                                                    const char    *name,
                                                    GError       **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TesseraPlayerStats, tessera_player_stats_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TesseraGameSummary, tessera_game_summary_free)

G_END_DECLS
