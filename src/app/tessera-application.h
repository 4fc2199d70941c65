/* tessera-application.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-store.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_APPLICATION (tessera_application_get_type ())

G_DECLARE_FINAL_TYPE (TesseraApplication, tessera_application, TESSERA, APPLICATION, AdwApplication)

TesseraApplication *tessera_application_new       (void);
TesseraStore       *tessera_application_get_store (TesseraApplication  *self,
                                                   GError             **error);
GSettings          *tessera_application_get_settings (TesseraApplication *self);

G_END_DECLS
