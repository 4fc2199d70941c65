/* tessera-record.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-box.h"
#include "tessera-event.h"

G_BEGIN_DECLS

/* A game record (format "tessera-game", version 1): the JSON contract between Tessera, its
 * history, its tests and anyone who writes games by hand. Reading checks the record's shape;
 * whether the moves are legal is the game's business (tessera-game.h). */

typedef struct
{
  char *name;
  char *color;
} TesseraPlayerInfo;

/* When and where a game was played: ISO 8601 date-times with their UTC offset, as written;
 * each member NULL when left out. */
typedef struct
{
  char *start;
  char *end;
  char *place;
} TesseraPlayed;

#define TESSERA_PLACE_MAX_CHARS 200

/* A player's name, in characters (not bytes), as the New Game window's entry takes it: long
 * enough for "Anna-Katharina van den Berg-Oudendijk", short enough for a scoreboard. */
#define TESSERA_PLAYER_NAME_MAX_CHARS 60

/* What a record may be before it is parsed at all (data/record-format.md): a real record is
 * nested fewer than 10 levels and a 200-event one is some 30 KiB. JSON parsers recurse once
 * per level, so deeper input could exhaust the stack. */
#define TESSERA_RECORD_MAX_DEPTH 64
#define TESSERA_RECORD_MAX_BYTES (16 * 1024 * 1024)

typedef struct
{
  GPtrArray *sets;               /* char *, as written */
  char      *start;              /* "wheel", "tile", or NULL when left out */
  GArray    *players;            /* TesseraPlayerInfo, in seating order */
  gboolean   has_rules;
  gboolean   tower_capture_own;
  gboolean   tower_top_capturable;
  GPtrArray *crop_circle_tiles;  /* char *, or NULL when left out */
  GArray    *box;                /* TesseraBoxCount, as written, or NULL when left out */
  TesseraPlayed *played;         /* or NULL when left out */
  GPtrArray *events;             /* TesseraEvent */
} TesseraRecord;

TesseraRecord *tessera_record_new            (void);
void           tessera_record_free           (TesseraRecord       *record);
TesseraRecord *tessera_record_copy           (const TesseraRecord *record);
TesseraRecord *tessera_record_copy_header    (const TesseraRecord *record);
gboolean       tessera_record_check_size     (gsize                n_bytes,
                                              GError             **error);
gboolean       tessera_record_check_json     (const char          *data,
                                              gssize               length,
                                              GError             **error);
TesseraRecord *tessera_record_load_from_data (const char          *data,
                                              gssize               length,
                                              GError             **error);
char          *tessera_record_to_data        (const TesseraRecord *record);
char          *tessera_event_to_data         (const TesseraEvent  *event);
TesseraEvent  *tessera_event_from_data       (const TesseraRecord *record,
                                              guint                index,
                                              const char          *data,
                                              GError             **error);
TesseraPlayed *tessera_played_copy           (const TesseraPlayed *played);
void           tessera_played_free           (TesseraPlayed       *played);
char          *tessera_played_to_json        (const TesseraPlayed *played);
TesseraPlayed *tessera_played_from_json      (const char          *json,
                                              GError             **error);
void           tessera_record_set_box_count  (TesseraRecord       *record,
                                              const char          *tile,
                                              guint                copies);
int            tessera_record_get_box_count  (const TesseraRecord *record,
                                              const char          *tile);
void           tessera_record_get_box_sets   (const TesseraRecord *record,
                                              TesseraBoxSets      *sets);
void           tessera_record_add_player     (TesseraRecord       *record,
                                              const char          *name,
                                              const char          *color);
const char    *tessera_record_player_name    (const TesseraRecord *record,
                                              int                  player);
char          *tessera_event_describe        (const TesseraEvent  *event,
                                              guint                index,
                                              const char          *name);

const char    *tessera_color_phrase          (const char          *color);

extern const char * const tessera_colors[];

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TesseraRecord, tessera_record_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TesseraPlayed, tessera_played_free)

G_END_DECLS
