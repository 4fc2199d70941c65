/* tessera-start-page.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-store.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_START_PAGE (tessera_start_page_get_type ())

G_DECLARE_FINAL_TYPE (TesseraStartPage, tessera_start_page, TESSERA, START_PAGE, GtkWidget)

void    tessera_start_page_reload         (TesseraStartPage *self,
                                           TesseraStore     *store,
                                           const GError     *store_error);
GArray *tessera_start_page_dup_recent_ids (TesseraStartPage *self);
const char *tessera_start_page_get_read_only_notice (TesseraStartPage *self);

G_END_DECLS
