/* tessera-engine-private.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "tessera-board.h"
#include "tessera-box.h"
#include "tessera-event.h"
#include "tessera-record.h"

G_BEGIN_DECLS

/* What the engine's files share with each other and nothing outside src/engine uses: the
 * layers above see only the public headers (tessera-engine.h). */

/* tessera-board.c */
guint          _tessera_board_count_neighbours       (const TesseraBoard    *self,
                                                      TesseraCell            cell);
guint          _tessera_board_count_pennants         (TesseraBoard          *self,
                                                      guint                  segment);
gboolean       _tessera_board_last_tile_completed    (const TesseraBoard    *self);
guint          _tessera_board_list_occupied_complete (const TesseraBoard    *self,
                                                      guint                  index,
                                                      guint                  roots[TESSERA_MAX_SEGMENTS]);

/* An empty cell an unfinished road, city or cloister needs filled: the cell's sides the
 * feature reaches (none around a cloister), and the edges its neighbours show, as the board
 * tests a fit (need: their edge kinds, 2 bits a side from N; mask: 3 in the 2 bits of each side
 * with a neighbour; both 0 for a cell no tile touches yet). */
typedef struct
{
  TesseraCell cell;
  guint8      sides;
  guint8      need;
  guint8      mask;
} TesseraOpenEnd;

#define TESSERA_MAX_OPEN_ENDS 64

guint          _tessera_board_list_open_ends         (TesseraBoard          *self,
                                                      guint                  segment,
                                                      TesseraOpenEnd         ends[TESSERA_MAX_OPEN_ENDS]);

/* tessera-box.c */
gboolean       _tessera_box_check_counts             (TesseraCatalogue      *catalogue,
                                                      const TesseraBoxSets  *sets,
                                                      const TesseraBoxCount *counts,
                                                      guint                  n_counts,
                                                      GError               **error);

/* tessera-event.c */
const char    *_tessera_event_kind_name              (TesseraEventKind       kind);
const char    *_tessera_event_kind_phrase            (TesseraEventKind       kind);
void           _tessera_event_ref_many               (TesseraEvent * const  *events,
                                                      guint                  n_events);
void           _tessera_event_unref_many             (TesseraEvent * const  *events,
                                                      guint                  n_events);

/* tessera-record-write.c: { "turn": { ... } } as a record writes the event */
JsonNode      *_tessera_event_to_json                (const TesseraEvent    *event);

/* tessera-played.c, tessera-record.c */
gboolean       _tessera_played_check                 (const TesseraPlayed   *played,
                                                      GError               **error);
char          *_tessera_record_describe_event        (const TesseraRecord   *record,
                                                      guint                  index,
                                                      const TesseraEvent    *event);
gboolean       _tessera_record_has_set               (const TesseraRecord   *record,
                                                      const char            *set);

G_END_DECLS
