/* tessera-engine.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

/* The rules engine: plain C and GLib, no GTK, no SQLite. */

#include "tessera-types.h"
#include "tessera-catalogue.h"
#include "tessera-board.h"
#include "tessera-box.h"
#include "tessera-event.h"
#include "tessera-record.h"
#include "tessera-score.h"
#include "tessera-spot.h"
#include "tessera-game.h"
#include "tessera-aids.h"
#include "tessera-choice.h"
#include "tessera-preview.h"
#include "tessera-turn.h"
#include "tessera-bgstats.h"
#include "tessera-magic.h"
#include "tessera-tower.h"
#include "tessera-wheel.h"
#include "tessera-estimate.h"
#include "tessera-review.h"
