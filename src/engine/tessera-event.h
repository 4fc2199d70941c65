/* tessera-event.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "tessera-types.h"

G_BEGIN_DECLS

/* One element of a record's "events": what happened at the table, exactly as written. */

typedef enum
{
  TESSERA_EVENT_TURN,
  TESSERA_EVENT_DISCARD,
  TESSERA_EVENT_RANSOM,
  TESSERA_EVENT_ADJUST,
  TESSERA_EVENT_END,
} TesseraEventKind;

typedef enum
{
  TESSERA_ACTION_NONE,
  TESSERA_ACTION_FOLLOWER,   /* a follower from supply on the new tile */
  TESSERA_ACTION_CROWN,      /* a follower on a crown space of the wheel */
  TESSERA_ACTION_TOWER,      /* a tower floor, maybe capturing a follower */
  TESSERA_ACTION_TOWER_TOP,  /* a follower closing a tower */
} TesseraActionKind;

/* Ids and spots are short; keeping them inside the event keeps a record's events compact in
 * memory, which is what makes replaying a whole game fast. */
#define TESSERA_ID_SIZE 16

typedef struct
{
  TesseraCell at;
  char        spot[TESSERA_ID_SIZE];
} TesseraPieceRef;

typedef enum
{
  TESSERA_MAGIC_MAGE,
  TESSERA_MAGIC_WITCH,
} TesseraMagicFigure;

/* The turn's Mage & Witch choice: which figure, and where it goes (or off the board). */
typedef struct
{
  TesseraMagicFigure figure;
  gboolean           has_to;
  TesseraPieceRef    to;
} TesseraMagicChoice;

/* One player's move in a round where every player acts (the Plague, a crop circle): the
 * follower they take back or add, or none. */
typedef struct
{
  int             player;
  gboolean        has_piece;
  TesseraPieceRef piece;
} TesseraPieceChoice;

/* The expansion choices of a turn (the Plague, Mage & Witch, a crop circle). Few turns carry
 * any, so they live apart from the event: every event of a record is streamed through the
 * cache at each replay, and without them an event takes 144 bytes instead of 240. The JSON is
 * kept as written, so that records are written back unchanged; the moves and the magic choice
 * are also read from it (tessera_event_parse_plague() and the others) for replay. */
typedef struct
{
  JsonNode           *plague;
  JsonNode           *magic;
  JsonNode           *crop;
  TesseraPieceChoice *plague_choices;
  guint               n_plague_choices;
  gboolean            crop_add;          /* read from crop: add, or remove */
  TesseraPieceChoice *crop_moves;
  guint               n_crop_moves;
  TesseraMagicChoice  magic_choice;      /* read from magic */
} TesseraEventChoices;

/* The fields every turn reads come first, together in the first cache lines: a record's
 * events are read once per replay, and a cold read per field would dominate. */
typedef struct
{
  TesseraEventKind   kind;
  int                player;       /* turn, discard, ransom, adjust */
  TesseraActionKind  action;       /* turn */
  int                rotation;     /* turn, in degrees as written */
  TesseraCell        at;           /* turn */
  const struct _TesseraTileType *tile_type;   /* what "tile" names in the catalogue, or NULL */
  guint              tile_wheel;               /* its wheel number */
  gboolean           has_capture;
  TesseraEventChoices *choices;    /* turn: NULL when it has none */
  char               spot[TESSERA_ID_SIZE];   /* turn: follower */
  char               tile[TESSERA_ID_SIZE];   /* turn, discard */

  /* turn: the other actions */
  char               crown[TESSERA_ID_SIZE];  /* crown */
  TesseraCell        tower_at;     /* tower, tower_top */
  TesseraPieceRef    capture;

  int                points;       /* adjust */
  int                from;         /* ransom */
  char              *reason;       /* adjust */
} TesseraEvent;

TesseraEvent *tessera_event_new    (TesseraEventKind    kind);
TesseraEvent *tessera_event_ref    (TesseraEvent       *event);
void          tessera_event_unref  (TesseraEvent       *event);
void          tessera_event_ref_many (TesseraEvent * const *events,
                                    guint               n_events);
void          tessera_event_unref_many (TesseraEvent * const *events,
                                    guint               n_events);
void          tessera_event_pack   (GPtrArray          *events);
gboolean      tessera_event_equal  (const TesseraEvent *a,
                                    const TesseraEvent *b);
const char   *tessera_event_kind_name (TesseraEventKind kind);
const char   *tessera_event_kind_phrase (TesseraEventKind kind);
void          tessera_event_set_tile (TesseraEvent       *event,
                                      const char         *tile);
TesseraEventChoices *tessera_event_ensure_choices (TesseraEvent *event);
gboolean      tessera_event_parse_plague (TesseraEvent   *event,
                                      char              **problem);
gboolean      tessera_event_parse_magic (TesseraEvent    *event,
                                      char              **problem);
gboolean      tessera_event_parse_crop (TesseraEvent     *event,
                                      char              **problem);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TesseraEvent, tessera_event_unref)

G_END_DECLS
