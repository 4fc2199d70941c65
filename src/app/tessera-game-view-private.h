/* tessera-game-view-private.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tessera-game-layout.h"
#include "tessera-game-view.h"
#include "tessera-score-line.h"
#include "tessera-score-log.h"
#include "tessera-share-actions.h"
#include "tessera-tile-palette.h"

G_BEGIN_DECLS

/* The game screen is three files: the view and its moves (tessera-game-view.c), the turn
 * panel that asks for each step of a turn (tessera-game-view-turn.c) and the explanation of a
 * feature that settles a dispute (tessera-game-view-dispute.c). They share the instance. */

struct _TesseraGameView
{
  GtkWidget           parent_instance;

  /* Template widgets */
  GtkWidget          *main_box;
  TesseraGameLayout  *layout;
  TesseraScoreLine   *score_line;
  GtkButton          *fold_button;
  AdwWindowTitle     *window_title;
  TesseraBoardView   *board_view;
  GtkWidget          *correction_bar;
  GtkLabel           *correction_label;
  GtkWidget          *turn_card;
  GtkLabel           *turn_heading;
  GtkLabel           *instruction_label;
  GtkLabel           *refusal_label;
  GtkStack           *turn_stack;
  GtkWidget          *ransom_box;
  TesseraTilePalette *palette;
  GtkDrawingArea     *chosen_tile;
  GtkLabel           *wheel_label;
  GtkScrolledWindow  *choices_scroller;
  GtkFlowBox         *choice_box;
  GtkLabel           *preview_label;
  GtkStack           *mode_stack;
  GtkWidget          *figure_box;
  GtkToggleButton    *mage_button;
  GtkToggleButton    *witch_button;
  GtkWidget          *mode_box;
  GtkWidget          *crop_box;
  GtkButton          *skip_button;
  GtkButton          *confirm_button;
  TesseraScoreboard  *scoreboard;
  TesseraScoreLog    *log;

  /* Owned references */
  TesseraSession     *session;   /* the game being played, with its history */
  TesseraGame        *game;      /* the session's game, as last shown */
  TesseraTurn        *turn;
  GtkPopover         *dispute;
  GtkWindow          *final_scoring;
  GtkWindow          *tiles_left;
  GtkWindow          *table_window;
  TesseraShareActions *share;   /* "share.*": the game as it stands, to share */

  /* The move being corrected, or -1: the turn is then entered on the game before it. */
  int                 correcting;
  /* The toast that offers to undo the last ransom paid, while it shows (weak). */
  AdwToast           *ransom_toast;

  /* Purist: the table plays without aids (what fits, odds, projected scores, dead spots,
   * tiles-left counts); the session keeps it with the game in the history. */
  gboolean            aids_hidden;
  GtkPopover         *fits_popover;
  guint               fits_timeout_id;

  /* The named choices in the order they are numbered (choice indices), and the number keys:
   * with ten or more, a 1 waits a moment for a second digit. */
  GArray             *choice_order;
  guint               typed_digit;
  guint               digit_timeout_id;
};

void _tessera_game_view_draw_chosen_tile (GtkDrawingArea *area,
                                          cairo_t        *cr,
                                          int             width,
                                          int             height,
                                          gpointer        user_data);
void _tessera_game_view_update_actions (TesseraGameView *self);
void _tessera_game_view_update_turn (TesseraGameView *self);
void _tessera_game_view_cell_refused_cb (TesseraGameView *self,
                                         int              x,
                                         int              y,
                                         guint            rotation);
void _tessera_game_view_choice_key (TesseraGameView *self,
                                    guint            digit);
void _tessera_game_view_start_turn (TesseraGameView *self);
void _tessera_game_view_feature_activated_cb (TesseraGameView *self,
                                              guint            segment);
void _tessera_game_view_inspected_cell_changed_cb (TesseraGameView *self);
void _tessera_game_view_hide_fits (TesseraGameView *self);
void _tessera_game_view_apply_aids (TesseraGameView *self);
void _tessera_game_view_show_purist (TesseraGameView *self,
                                     gboolean         purist);
void _tessera_game_view_update_title (TesseraGameView *self);
TesseraGame *_tessera_game_view_get_shown_game (TesseraGameView *self);

G_END_DECLS
