/* tessera-session.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "tessera-engine.h"
#include "tessera-store.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_SESSION (tessera_session_get_type ())

G_DECLARE_FINAL_TYPE (TesseraSession, tessera_session, TESSERA, SESSION, GObject)

TesseraSession *tessera_session_new_game    (TesseraStore           *store,
                                             const TesseraRecord    *header,
                                             gboolean                purist,
                                             GError                **error);
TesseraSession *tessera_session_open        (TesseraStore           *store,
                                             gint64                  game_id,
                                             GError                **error);
TesseraStore   *tessera_session_get_store   (TesseraSession         *self);
gint64          tessera_session_get_game_id (TesseraSession         *self);
TesseraGame    *tessera_session_get_game    (TesseraSession         *self);
gboolean        tessera_session_get_purist  (TesseraSession         *self);
gboolean        tessera_session_set_purist  (TesseraSession         *self,
                                             gboolean                purist,
                                             GError                **error);
gboolean        tessera_session_apply       (TesseraSession         *self,
                                             TesseraEvent           *event,
                                             GError                **error);
gboolean        tessera_session_end         (TesseraSession         *self,
                                             GDateTime              *when,
                                             GError                **error);
gboolean        tessera_session_undo        (TesseraSession         *self,
                                             GError                **error);
gboolean        tessera_session_undo_move   (TesseraSession         *self,
                                             const TesseraEvent     *move,
                                             GError                **error);
gboolean        tessera_session_redo        (TesseraSession         *self,
                                             GError                **error);
gboolean        tessera_session_correct     (TesseraSession         *self,
                                             guint                   index,
                                             TesseraEvent           *event,
                                             GError                **error);
gboolean        tessera_session_correct_box (TesseraSession         *self,
                                             const TesseraBoxCount  *counts,
                                             guint                   n_counts,
                                             GError                **error);

G_END_DECLS
