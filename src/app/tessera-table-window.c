/* tessera-table-window.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-table-window"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-board-view.h"
#include "tessera-player-marks.h"
#include "tessera-score-log.h"
#include "tessera-table-window.h"
#include "tessera-turned-bin.h"

/* The game on a screen the whole table looks at, from two metres: the board, the scores in big
 * type and what the last scorings were for. Moves are still entered on the game view; this
 * window only shows, again whenever the session says the game changed. A tablet laid flat
 * between the players turns it to face each side in turn (Turn the View, R). */

/* More sentences than this crowd out the scores on a laptop screen; five players leave room
 * for one less. */
#define MAX_SENTENCES 4
#define MAX_SENTENCES_MANY_PLAYERS 3

struct _TesseraTableWindow
{
  AdwWindow         parent_instance;

  /* Template widgets */
  TesseraTurnedBin *turned;
  GtkBox           *layout;
  GtkSeparator     *separator;
  TesseraBoardView *board_view;
  GtkLabel         *heading;
  GtkLabel         *subheading;
  GtkListBox       *players;
  GtkBox           *sentences;

  /* Owned references */
  TesseraSession   *session;
  TesseraGame      *game;      /* the session's game, as last shown */

  /* The board's size when it was last fitted: a new size fits it again. */
  int               fitted_width;
  int               fitted_height;

  /* The layout the screen's shape asks for, set before the next frame (reshape_cb). */
  GtkOrientation    orientation;
  gboolean          large;
  guint             reshape_id;
};

G_DEFINE_FINAL_TYPE (TesseraTableWindow, tessera_table_window, ADW_TYPE_WINDOW)

static GtkWidget *
make_label (const char *text,
            const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
fit_board (TesseraTableWindow *self)
{
  self->fitted_width = gtk_widget_get_width (GTK_WIDGET (self->board_view));
  self->fitted_height = gtk_widget_get_height (GTK_WIDGET (self->board_view));
  tessera_board_view_fit (self->board_view);
}

static void
update_heading (TesseraTableWindow *self)
{
  const char * const *names = tessera_game_get_player_names (self->game);
  guint tiles_left = tessera_game_get_tiles_left (self->game);
  g_autofree char *heading = NULL;
  g_autofree char *subheading = NULL;

  if (tessera_game_is_finished (self->game))
    {
      gtk_label_set_text (self->heading, _("Final Ranking"));
      gtk_widget_set_visible (GTK_WIDGET (self->subheading), FALSE);
      return;
    }
  /* Translators: the table view's heading: whose turn it is */
  heading = g_strdup_printf (_("%s to play"), names[tessera_game_get_current_player (self->game)]);
  subheading = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tile left", "%u tiles left", tiles_left), tiles_left);
  gtk_label_set_text (self->heading, heading);
  gtk_label_set_text (self->subheading, subheading);
  gtk_widget_set_visible (GTK_WIDGET (self->subheading), TRUE);
}

/* A player as a big row: whose turn (or, at the end, the rank), the follower in the player's
 * colour, the name and the score. */
static GtkWidget *
make_player_row (TesseraTableWindow *self,
                 guint               player,
                 guint               rank,
                 const char         *mark)
{
  const char * const *names = tessera_game_get_player_names (self->game);
  const char *color = tessera_game_get_player_color (self->game, player);
  int score = tessera_game_get_score (self->game, player);
  gboolean finished = tessera_game_is_finished (self->game);
  g_autofree char *score_text = g_strdup_printf ("%d", score);
  g_autofree char *summary = NULL;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *swatch = tessera_player_marks_new_swatch (color, mark, -1);
  GtkWidget *name = make_label (names[player], "name");
  GtkWidget *score_label = make_label (score_text, "score");

  if (finished)
    {
      g_autofree char *rank_text = g_strdup_printf ("%u", rank);

      gtk_box_append (GTK_BOX (box), make_label (rank_text, "rank"));
    }
  else
    {
      /* An arrow, not only a colour, says whose turn it is. */
      GtkWidget *arrow = gtk_image_new_from_icon_name ("media-playback-start-symbolic");

      gtk_widget_add_css_class (arrow, "turn-marker");
      gtk_widget_set_opacity (arrow, player == tessera_game_get_current_player (self->game) ? 1 : 0);
      gtk_box_append (GTK_BOX (box), arrow);
    }

  gtk_widget_add_css_class (swatch, "swatch");
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), swatch);

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  /* A long name is cut short rather than narrowing the board. */
  gtk_label_set_max_width_chars (GTK_LABEL (name), 10);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_box_append (GTK_BOX (box), name);

  if (finished && rank == 1)
    {
      GtkWidget *star = gtk_image_new_from_icon_name ("starred-symbolic");

      gtk_widget_set_tooltip_text (star, _("Winner"));
      gtk_widget_add_css_class (star, "winner");
      gtk_box_append (GTK_BOX (box), star);
    }

  gtk_label_set_xalign (GTK_LABEL (score_label), 1);
  gtk_widget_add_css_class (score_label, "numeric");
  gtk_box_append (GTK_BOX (box), score_label);

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);
  if (!finished && player == tessera_game_get_current_player (self->game))
    gtk_widget_add_css_class (row, "active-player");
  g_object_set_data (G_OBJECT (row), "player", GUINT_TO_POINTER (player + 1));
  g_object_set_data (G_OBJECT (row), "score", score_label);

  /* Translators: what a screen reader says for a player in the table view: "Anna, blue, 37 points" */
  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %s, %d point", "%s, %s, %d points", (gulong) ABS (score)),
                             names[player], tessera_color_phrase (color), score);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, summary, -1);
  return row;
}

/* The players in seat order while the game goes on; at the end, by their final score, ties
 * sharing a rank and keeping the seating order. */
static void
update_players (TesseraTableWindow *self)
{
  guint n_players = tessera_game_get_n_players (self->game);
  guint order[TESSERA_MAX_PLAYERS];
  g_auto(GStrv) marks = tessera_player_marks_make_letters (tessera_game_get_player_names (self->game), n_players);
  GtkWidget *child;

  for (guint p = 0; p < n_players; p++)
    order[p] = p;
  if (tessera_game_is_finished (self->game))
    for (guint i = 1; i < n_players; i++)
      for (guint j = i; j > 0 && tessera_game_get_score (self->game, order[j]) > tessera_game_get_score (self->game, order[j - 1]); j--)
        {
          guint swap = order[j];

          order[j] = order[j - 1];
          order[j - 1] = swap;
        }

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->players))) != NULL)
    gtk_list_box_remove (self->players, child);
  for (guint i = 0, rank = 1; i < n_players; i++)
    {
      if (i > 0 && tessera_game_get_score (self->game, order[i]) != tessera_game_get_score (self->game, order[i - 1]))
        rank = i + 1;
      gtk_list_box_append (self->players, make_player_row (self, order[i], rank, marks[order[i]]));
    }

  /* Five or six players share the height: their rows are a little smaller. */
  if (n_players > 4)
    gtk_widget_add_css_class (GTK_WIDGET (self), "many-players");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "many-players");
}

/* The last scorings, newest first, as the score log words them; those of the latest scoring
 * move stand out from the ones before. */
static void
update_sentences (TesseraTableWindow *self)
{
  guint n_scores;
  const TesseraScoreEvent *scores = tessera_game_get_score_events (self->game, &n_scores);
  guint max_shown = tessera_game_get_n_players (self->game) > 4 ? MAX_SENTENCES_MANY_PLAYERS : MAX_SENTENCES;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->sentences))) != NULL)
    gtk_box_remove (self->sentences, child);

  if (n_scores == 0)
    {
      GtkWidget *none = make_label (_("Nobody has scored yet."), "sentence");

      gtk_label_set_xalign (GTK_LABEL (none), 0);
      gtk_widget_add_css_class (none, "dim-label");
      gtk_box_append (self->sentences, none);
      return;
    }
  for (guint i = n_scores, shown = 0; i-- > 0 && shown < max_shown; shown++)
    {
      g_autofree char *text = tessera_score_log_describe_score (self->game, &scores[i]);
      GtkWidget *label = make_label (text, "sentence");

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      /* The panel's width decides where a sentence wraps, not the sentence. */
      gtk_label_set_max_width_chars (GTK_LABEL (label), 10);
      if (scores[i].event != scores[n_scores - 1].event)
        gtk_widget_add_css_class (label, "earlier");
      gtk_box_append (self->sentences, label);
    }
}

/* Shows the session's game as it is now. */
static void
session_changed_cb (TesseraTableWindow *self)
{
  g_set_object (&self->game, tessera_session_get_game (self->session));
  tessera_board_view_set_game (self->board_view, self->game);
  tessera_board_view_game_changed (self->board_view);
  /* Nobody zooms here: the whole board, as large as it goes, after every move. */
  fit_board (self);
  update_heading (self);
  update_players (self);
  update_sentences (self);
}

/**
 * tessera_table_window_set_session:
 * @self: the table view
 * @session: the game being played
 *
 * Shows the session's game, and again after every change.
 */
void
tessera_table_window_set_session (TesseraTableWindow *self,
                                  TesseraSession     *session)
{
  g_return_if_fail (TESSERA_IS_TABLE_WINDOW (self));
  g_return_if_fail (TESSERA_IS_SESSION (session));

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  g_signal_connect_object (session, "changed", G_CALLBACK (session_changed_cb), self, G_CONNECT_SWAPPED);
  session_changed_cb (self);
}

static GtkWidget *
find_player_row (TesseraTableWindow *self,
                 guint               player)
{
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->players));
       row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "player")) == player + 1)
      return row;
  return NULL;
}

/**
 * tessera_table_window_get_player_row:
 * @self: the table view
 * @player: a seat
 *
 * Returns: (transfer none) (nullable): the row that shows @player
 */
GtkWidget *
tessera_table_window_get_player_row (TesseraTableWindow *self,
                                     guint               player)
{
  g_return_val_if_fail (TESSERA_IS_TABLE_WINDOW (self), NULL);
  return find_player_row (self, player);
}

/**
 * tessera_table_window_get_shown_score:
 * @self: the table view
 * @player: a seat
 *
 * Returns: the score the table view shows for @player, read back from its label
 */
int
tessera_table_window_get_shown_score (TesseraTableWindow *self,
                                      guint               player)
{
  GtkWidget *row;

  g_return_val_if_fail (TESSERA_IS_TABLE_WINDOW (self), 0);

  row = find_player_row (self, player);
  g_return_val_if_fail (row != NULL, 0);
  return atoi (gtk_label_get_text (g_object_get_data (G_OBJECT (row), "score")));
}

/**
 * tessera_table_window_get_latest_sentence:
 * @self: the table view
 *
 * Returns: (transfer none): the newest scoring sentence shown
 */
const char *
tessera_table_window_get_latest_sentence (TesseraTableWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_TABLE_WINDOW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (GTK_WIDGET (self->sentences))));
}

/* Sets the layout size_allocate found the screen asks for. */
static gboolean
reshape_cb (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       user_data)
{
  TesseraTableWindow *self = TESSERA_TABLE_WINDOW (widget);

  self->reshape_id = 0;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->layout), self->orientation);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->separator),
                                  self->orientation == GTK_ORIENTATION_VERTICAL ? GTK_ORIENTATION_HORIZONTAL
                                  : GTK_ORIENTATION_VERTICAL);
  if (self->large)
    gtk_widget_add_css_class (widget, "large");
  else
    gtk_widget_remove_css_class (widget, "large");
  return G_SOURCE_REMOVE;
}

/* A portrait screen has the panel under the board, and a large screen larger type. Both are
 * decided by the size the screen gives the window, known only here; but a layout or a style
 * changed while the window is laid out is not seen until something else changes, so they are
 * changed before the next frame. */
static void
tessera_table_window_size_allocate (GtkWidget *widget,
                                    int        width,
                                    int        height,
                                    int        baseline)
{
  TesseraTableWindow *self = TESSERA_TABLE_WINDOW (widget);
  gboolean sideways = (tessera_turned_bin_get_quarter_turns (self->turned) & 1) != 0;

  /* Turned a quarter, the view is laid out for the screen's height as its width. */
  self->orientation = (height > width) != sideways ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;
  self->large = MIN (width, height) >= 1000 && MAX (width, height) >= 1600;
  if (self->reshape_id == 0
      && (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->layout)) != self->orientation
          || gtk_widget_has_css_class (widget, "large") != self->large))
    self->reshape_id = gtk_widget_add_tick_callback (widget, reshape_cb, NULL, NULL);

  GTK_WIDGET_CLASS (tessera_table_window_parent_class)->size_allocate (widget, width, height, baseline);

  if (gtk_widget_get_width (GTK_WIDGET (self->board_view)) != self->fitted_width
      || gtk_widget_get_height (GTK_WIDGET (self->board_view)) != self->fitted_height)
    fit_board (self);
}

/**
 * tessera_table_window_new:
 * @parent: the game's window
 *
 * Returns: (transfer full): the table view, full screen once shown; give it the game with
 *   tessera_table_window_set_session()
 */
TesseraTableWindow *
tessera_table_window_new (GtkWindow *parent)
{
  TesseraTableWindow *self = g_object_new (TESSERA_TYPE_TABLE_WINDOW,
                                           "transient-for", parent,
                                           NULL);
  GdkSurface *surface = parent != NULL ? gtk_native_get_surface (GTK_NATIVE (parent)) : NULL;
  GdkMonitor *monitor = surface != NULL ? gdk_display_get_monitor_at_surface (gdk_surface_get_display (surface), surface)
                        : NULL;

  /* Without a window manager nothing makes a window full screen: it is the monitor's size. */
  if (monitor != NULL)
    {
      GdkRectangle geometry;

      gdk_monitor_get_geometry (monitor, &geometry);
      gtk_window_set_default_size (GTK_WINDOW (self), geometry.width, geometry.height);
    }
  gtk_window_fullscreen (GTK_WINDOW (self));
  return self;
}

/**
 * tessera_table_window_turn_view:
 *
 * Turns the view a quarter clockwise: to face the next side of the table.
 */
void
tessera_table_window_turn_view (TesseraTableWindow *self)
{
  g_return_if_fail (TESSERA_IS_TABLE_WINDOW (self));

  tessera_turned_bin_set_quarter_turns (self->turned, tessera_turned_bin_get_quarter_turns (self->turned) + 1);
}

/**
 * tessera_table_window_get_quarter_turns:
 *
 * Returns: how far the view is turned, clockwise, in quarter turns (0 to 3)
 */
guint
tessera_table_window_get_quarter_turns (TesseraTableWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_TABLE_WINDOW (self), 0);

  return tessera_turned_bin_get_quarter_turns (self->turned);
}

static void
turn_view_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  tessera_table_window_turn_view (TESSERA_TABLE_WINDOW (widget));
}

static void
tessera_table_window_dispose (GObject *object)
{
  TesseraTableWindow *self = TESSERA_TABLE_WINDOW (object);

  if (self->reshape_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->reshape_id);
  self->reshape_id = 0;
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (tessera_table_window_parent_class)->dispose (object);
}

static void
tessera_table_window_class_init (TesseraTableWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_table_window_dispose;
  widget_class->size_allocate = tessera_table_window_size_allocate;

  g_type_ensure (TESSERA_TYPE_BOARD_VIEW);
  g_type_ensure (TESSERA_TYPE_TURNED_BIN);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-table-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraTableWindow, turned);
  gtk_widget_class_bind_template_child (widget_class, TesseraTableWindow, layout);
  gtk_widget_class_bind_template_child (widget_class, TesseraTableWindow, separator);
  gtk_widget_class_bind_template_child (widget_class, TesseraTableWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, TesseraTableWindow, heading);
  gtk_widget_class_bind_template_child (widget_class, TesseraTableWindow, subheading);
  gtk_widget_class_bind_template_child (widget_class, TesseraTableWindow, players);
  gtk_widget_class_bind_template_child (widget_class, TesseraTableWindow, sentences);

  /* F11 brought the table view up: it takes it down again, as Escape does. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F11, 0, "window.close", NULL);

  gtk_widget_class_install_action (widget_class, "table.turn-view", NULL, turn_view_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, 0, "table.turn-view", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_R, 0, "table.turn-view", NULL);
}

static void
tessera_table_window_init (TesseraTableWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
