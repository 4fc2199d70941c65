/* tessera-score.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "tessera-types.h"

G_BEGIN_DECLS

/* Every point the engine awards is one of these: who, how many, for what, and the counts that
 * produced the number, so that the CLI and the app can say which rule paid and why. */

typedef enum
{
  TESSERA_REASON_COMPLETED_ROAD,
  TESSERA_REASON_COMPLETED_CITY,
  TESSERA_REASON_COMPLETED_CLOISTER,
  TESSERA_REASON_UNFINISHED_ROAD,
  TESSERA_REASON_UNFINISHED_CITY,
  TESSERA_REASON_UNFINISHED_CLOISTER,
  TESSERA_REASON_FARM,
  TESSERA_REASON_ADJUST,
  TESSERA_REASON_FORTUNA,
  TESSERA_REASON_TAXES,
  TESSERA_REASON_FAMINE,
  TESSERA_REASON_STORM,
  TESSERA_REASON_INQUISITION,
  TESSERA_REASON_CROWN,
  TESSERA_REASON_RANSOM_PAID,
  TESSERA_REASON_RANSOM_RECEIVED,
} TesseraReasonKind;

typedef struct
{
  guint             event;        /* index of the record event that caused it */
  guint             player;
  int               points;
  TesseraCategory   category;
  TesseraReasonKind reason;

  guint             feature;      /* a segment of the scored feature, or G_MAXUINT */
  TesseraCell       at;           /* where the feature is: the cell of its oldest tile */
  char              spot[24];     /* and a spot of the feature on that tile; crown: the space */
  guint             n_tiles;      /* road, city; cloister: tiles in its 3 x 3 block */
  guint             n_pennants;
  guint             n_cities;     /* farm: completed cities it borders */
  guint             n_followers;  /* the player's followers in the feature (taxes: knights,
                                   * famine: farmers, storm: in supply, inquisition: monks,
                                   * crown: followers on the segment's crowns) */
  guint             n_crowns;     /* crown: crown spaces of the segment */
  guint             other;        /* ransom: the player on the other side */
  guint             magic;        /* a figure in the feature: TESSERA_SCORE_MAGE or _WITCH, or 0 */
  int               base_points;  /* with a figure: the points before it changed them */
  guint             winners;      /* bit per player who shared these points */
  const char       *text;         /* adjust: the reason, owned by the event */
} TesseraScoreEvent;

#define TESSERA_SCORE_MAGE 1
#define TESSERA_SCORE_WITCH 2

char *tessera_score_event_describe (const TesseraScoreEvent *score,
                                    const char * const      *player_names);
char *tessera_score_event_describe_briefly (const TesseraScoreEvent *score,
                                            const char * const      *player_names);
const char *tessera_reason_name     (TesseraReasonKind        reason);
JsonNode   *tessera_score_event_to_json (const TesseraScoreEvent *score);

G_END_DECLS
