/* tessera-test-turn.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-engine.h"

G_BEGIN_DECLS

/* The ways a player answers a turn's questions. */
typedef struct
{
  void (*choose_tile)(gpointer data, const TesseraBoxEntry *entry);
  void (*place)(gpointer data, TesseraCell cell, guint rotation);
  void (*set_figure)(gpointer data, TesseraMagicFigure figure);
  void (*set_mode)(gpointer data, TesseraTurnMode mode);
  void (*choose_marker)(gpointer data, guint index);
  void (*skip)(gpointer data);
  void (*choose_crop)(gpointer data, gboolean add);
} TesseraTestTurnDriver;

extern const TesseraTestTurnDriver tessera_test_turn_direct;

void tessera_test_enter_turn (const TesseraTestTurnDriver *driver,
                              gpointer                     data,
                              TesseraTurn                 *turn,
                              TesseraGame                 *game,
                              const TesseraEvent          *event);

void tessera_test_check_preview (const TesseraPreview *preview,
                                 TesseraGame          *before,
                                 TesseraGame          *after);

G_END_DECLS
