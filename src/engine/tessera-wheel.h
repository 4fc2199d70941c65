/* tessera-wheel.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-game.h"

G_BEGIN_DECLS

/* The Wheel of Fortune (Het Rad van Fortuin): the wheel board as the start, the pig, the six
 * actions and the crown spaces. */

#define TESSERA_CROWN_NAME_SIZE 24

const TesseraWheelBoard *tessera_game_get_wheel          (TesseraGame             *self);
guint                    tessera_game_get_pig            (TesseraGame             *self);
guint                    tessera_game_get_pig_landing    (TesseraGame             *self,
                                                          guint                    number);
int                      tessera_game_get_crown_occupant (TesseraGame             *self,
                                                          guint                    segment,
                                                          guint                    space);
guint                    tessera_game_count_crown_followers (TesseraGame          *self,
                                                             guint                    player);
gboolean                 tessera_wheel_parse_crown       (const TesseraWheelBoard *wheel,
                                                          const char              *name,
                                                          guint                   *segment,
                                                          guint                   *space);
const char              *tessera_wheel_crown_name        (const TesseraWheelBoard *wheel,
                                                          guint                    segment,
                                                          guint                    space,
                                                          char                     buffer[TESSERA_CROWN_NAME_SIZE]);
const char              *tessera_wheel_segment_phrase    (const char              *segment);
gboolean                 tessera_game_spin_wheel         (TesseraGame             *self,
                                                          const TesseraEvent      *event,
                                                          GError                 **error);

G_END_DECLS
