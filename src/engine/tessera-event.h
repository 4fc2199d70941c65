/* tessera-event.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

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
 * cache at each replay, and without them an event takes 144 bytes instead of 240. */
typedef struct
{
  TesseraPieceChoice *plague_choices;    /* one move for each player, in table order */
  TesseraPieceChoice *crop_moves;        /* the same, for the crop circle */
  guint               n_plague_choices;
  guint               n_crop_moves;
  gboolean            has_plague;
  gboolean            has_magic;
  gboolean            has_crop;
  gboolean            crop_add;          /* the crop circle adds followers, or removes them */
  TesseraMagicChoice  magic_choice;
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

/* Making events: a constructor for each kind, then what the turn did. Ids are checked by the
 * rules when the event is applied, not here. */
TesseraEvent *tessera_event_new_turn     (int                       player,
                                          const char               *tile,
                                          TesseraCell               at,
                                          guint                     rotation);
TesseraEvent *tessera_event_new_discard  (int                       player,
                                          const char               *tile);
TesseraEvent *tessera_event_new_ransom   (int                       player,
                                          int                       from);
TesseraEvent *tessera_event_new_adjust   (int                       player,
                                          int                       points,
                                          const char               *reason);
TesseraEvent *tessera_event_new_end      (void);
TesseraEvent *tessera_event_copy         (const TesseraEvent       *event);
void          tessera_event_set_follower (TesseraEvent             *event,
                                          const char               *spot);
void          tessera_event_set_crown    (TesseraEvent             *event,
                                          const char               *crown);
void          tessera_event_set_tower    (TesseraEvent             *event,
                                          TesseraCell               at,
                                          gboolean                  top,
                                          const TesseraPieceRef    *capture);
void          tessera_event_set_plague   (TesseraEvent             *event,
                                          const TesseraPieceChoice *moves,
                                          guint                     n_moves);
void          tessera_event_set_magic    (TesseraEvent             *event,
                                          TesseraMagicFigure        figure,
                                          const TesseraPieceRef    *to);
void          tessera_event_set_crop     (TesseraEvent             *event,
                                          gboolean                  add,
                                          const TesseraPieceChoice *moves,
                                          guint                     n_moves);
void          tessera_event_set_tile     (TesseraEvent             *event,
                                          const char               *tile);

TesseraEvent *tessera_event_new          (TesseraEventKind          kind);
TesseraEvent *tessera_event_ref          (TesseraEvent             *event);
void          tessera_event_unref        (TesseraEvent             *event);
void          tessera_event_pack         (GPtrArray                *events);
gboolean      tessera_event_equal        (const TesseraEvent       *a,
                                          const TesseraEvent       *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TesseraEvent, tessera_event_unref)

G_END_DECLS
