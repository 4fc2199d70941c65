/* tessera-scoreboard.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-scoreboard"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tessera-focus-group.h"
#include "tessera-scoreboard.h"
#include "tessera-player-marks.h"

/* The players in seat order with their scores and what they have left, always in view: the
 * whole table reads it, so the score is large. Prisoners are listed with their captor, with the
 * ransom their owner may pay between turns. */

struct _TesseraScoreboard
{
  GtkWidget    parent_instance;

  GtkListBox  *list;
  TesseraGame *game;
  gboolean     read_only;   /* a replay: no ransom to pay */
};

G_DEFINE_FINAL_TYPE (TesseraScoreboard, tessera_scoreboard, GTK_TYPE_WIDGET)

static GtkWidget *
make_label (const char *text,
            const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static char *
describe_supply (TesseraGame *game,
                 guint        player)
{
  guint followers = tessera_game_get_followers_in_supply (game, player);
  g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u follower in supply",
                                                        "%u followers in supply", followers),
                                           followers);

  if (tessera_game_has_tower (game))
    {
      guint pieces = tessera_game_get_tower_pieces (game, player);
      g_autofree char *towers = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tower piece",
                                                              "%u tower pieces", pieces),
                                                 pieces);

      return g_strdup_printf ("%s · %s", text, towers);
    }
  return g_steal_pointer (&text);
}

static GtkWidget *
make_prisoner_line (TesseraGame *game,
                    guint        captor,
                    guint        owner,
                    guint        n_prisoners,
                    gboolean     read_only)
{
  const char * const *names = tessera_game_get_player_names (game);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  /* Translators: prisoners a tower captured, shown under their captor: "Holds 2 of Anna’s followers" */
  g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Holds %u of %s’s followers",
                                                        "Holds %u of %s’s followers", n_prisoners),
                                           n_prisoners, names[owner]);
  GtkWidget *label = make_label (text, "caption");

  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  if (!read_only)
    {
      g_autofree char *tooltip = g_strdup_printf (_("%s pays %s 3 points to get a follower back"), names[owner], names[captor]);
      GtkWidget *button = gtk_button_new_with_label (_("Ransom (3 points)"));

      gtk_widget_add_css_class (button, "small-button");
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip, -1);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "game.ransom");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "(uu)", owner, captor);
      gtk_box_append (GTK_BOX (box), button);
    }
  return box;
}

/* A player's row for a screen reader, kept current with the row: "Anna, 37 points, 4 followers
 * in supply, red", then the tower pieces and prisoners where the Tower is in play, and whose turn
 * it is. The name and the score come first: they are what is listened for. */
static char *
describe_player (TesseraGame *game,
                 guint        player)
{
  const char * const *names = tessera_game_get_player_names (game);
  int score = tessera_game_get_score (game, player);
  guint followers = tessera_game_get_followers_in_supply (game, player);
  g_autoptr(GString) text = g_string_new (NULL);

  /* Translators: a player in the scoreboard for a screen reader: "Anna, 37 points, 4 followers in supply" */
  g_string_printf (text, g_dngettext (GETTEXT_PACKAGE, "%s, %d point", "%s, %d points", (gulong) ABS (score)),
                   names[player], score);
  g_string_append (text, ", ");
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u follower in supply", "%u followers in supply", followers),
                          followers);
  if (tessera_game_has_tower (game))
    {
      guint pieces = tessera_game_get_tower_pieces (game, player);

      g_string_append (text, ", ");
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u tower piece", "%u tower pieces", pieces), pieces);
      for (guint owner = 0; owner < tessera_game_get_n_players (game); owner++)
        {
          guint n = tessera_game_get_prisoners (game, player, owner);

          if (n == 0)
            continue;
          g_string_append (text, ", ");
          /* Translators: prisoners in a player's scoreboard row for a screen reader: "holds 2 of Bert’s followers" */
          g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "holds %u of %s’s followers", "holds %u of %s’s followers", n),
                                  n, names[owner]);
        }
    }
  g_string_append (text, ", ");
  g_string_append (text, tessera_color_phrase (tessera_game_get_player_color (game, player)));
  if (!tessera_game_is_finished (game) && player == tessera_game_get_current_player (game))
    {
      g_string_append (text, ", ");
      /* Translators: ends a player's scoreboard row for a screen reader when it is their turn */
      g_string_append (text, _("to play"));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* What a player's row shows of the game now: score, supply, prisoners, whose turn it is. */
static void
update_player_row (GtkWidget   *row,
                   TesseraGame *game,
                   guint        player,
                   gboolean     read_only)
{
  GtkWidget *prisoners = g_object_get_data (G_OBJECT (row), "prisoners");
  g_autofree char *score_text = g_strdup_printf ("%d", tessera_game_get_score (game, player));
  g_autofree char *supply = describe_supply (game, player);
  g_autofree char *summary = NULL;
  g_autoptr(GString) held = g_string_new (NULL);
  GtkWidget *child;

  gtk_label_set_text (g_object_get_data (G_OBJECT (row), "score"), score_text);
  gtk_label_set_text (g_object_get_data (G_OBJECT (row), "details"), supply);

  /* The prisoner lines are made again only when what the player holds changed. */
  if (tessera_game_has_tower (game))
    for (guint owner = 0; owner < tessera_game_get_n_players (game); owner++)
      g_string_append_printf (held, "%u,", tessera_game_get_prisoners (game, player, owner));
  if (g_strcmp0 (held->str, g_object_get_data (G_OBJECT (row), "held")) != 0)
    {
      while ((child = gtk_widget_get_first_child (prisoners)) != NULL)
        gtk_box_remove (GTK_BOX (prisoners), child);
      for (guint owner = 0; tessera_game_has_tower (game) && owner < tessera_game_get_n_players (game); owner++)
        {
          guint n = tessera_game_get_prisoners (game, player, owner);

          if (n > 0)
            gtk_box_append (GTK_BOX (prisoners), make_prisoner_line (game, player, owner, n, read_only));
        }
      gtk_widget_set_visible (prisoners, gtk_widget_get_first_child (prisoners) != NULL);
      g_object_set_data_full (G_OBJECT (row), "held", g_strdup (held->str), g_free);
    }

  if (!tessera_game_is_finished (game) && player == tessera_game_get_current_player (game))
    gtk_widget_add_css_class (row, "active-player");
  else
    gtk_widget_remove_css_class (row, "active-player");

  summary = describe_player (game, player);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, summary, -1);
}

static GtkWidget *
make_player_row (TesseraGame *game,
                 guint        player,
                 const char  *mark)
{
  const char * const *names = tessera_game_get_player_names (game);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *swatch = tessera_player_marks_new_swatch (tessera_game_get_player_color (game, player), mark, 28);
  GtkWidget *name = make_label (names[player], "heading");
  GtkWidget *score = gtk_label_new (NULL);
  GtkWidget *details = make_label (NULL, "caption");
  GtkWidget *prisoners = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *projected = gtk_label_new (NULL);
  GtkWidget *pending = gtk_label_new (NULL);
  GtkWidget *score_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_grid_set_column_spacing (GTK_GRID (grid), 10);
  gtk_widget_set_margin_top (grid, 6);
  gtk_widget_set_margin_bottom (grid, 6);
  gtk_widget_set_margin_start (grid, 8);
  gtk_widget_set_margin_end (grid, 10);

  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);

  gtk_widget_set_hexpand (name, TRUE);
  gtk_widget_add_css_class (score, "title-2");
  gtk_widget_add_css_class (score, "numeric");
  gtk_widget_set_halign (score, GTK_ALIGN_END);
  gtk_widget_add_css_class (details, "dim-label");
  gtk_widget_set_visible (prisoners, FALSE);

  gtk_grid_attach (GTK_GRID (grid), swatch, 0, 0, 1, 2);
  gtk_grid_attach (GTK_GRID (grid), name, 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), details, 1, 1, 1, 1);
  gtk_widget_add_css_class (projected, "caption");
  gtk_widget_add_css_class (projected, "numeric");
  gtk_widget_add_css_class (projected, "dim-label");
  gtk_widget_set_halign (projected, GTK_ALIGN_END);
  gtk_widget_set_valign (projected, GTK_ALIGN_START);
  gtk_widget_set_visible (projected, FALSE);
  /* What Confirm will add, before the score it is added to. */
  gtk_widget_add_css_class (pending, "pending-points");
  gtk_widget_add_css_class (pending, "numeric");
  gtk_widget_set_valign (pending, GTK_ALIGN_CENTER);
  gtk_widget_set_visible (pending, FALSE);
  gtk_widget_set_halign (score_box, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (score_box), pending);
  gtk_box_append (GTK_BOX (score_box), score);
  gtk_grid_attach (GTK_GRID (grid), score_box, 2, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), projected, 2, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), prisoners, 1, 2, 2, 1);

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), grid);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  g_object_set_data (G_OBJECT (row), "score", score);
  g_object_set_data (G_OBJECT (row), "details", details);
  g_object_set_data (G_OBJECT (row), "prisoners", prisoners);
  g_object_set_data (G_OBJECT (row), "projected", projected);
  g_object_set_data (G_OBJECT (row), "pending", pending);
  return row;
}

/**
 * tessera_scoreboard_set_game:
 * @self: the scoreboard
 * @game: (nullable): the game to show
 *
 * Shows the game's players as they are now; call it again after every change. The same
 * players keep their rows, so that a move or a replay step changes only what it changed.
 */
void
tessera_scoreboard_set_game (TesseraScoreboard *self,
                             TesseraGame       *game)
{
  GtkWidget *child;
  guint p = 0;

  g_return_if_fail (TESSERA_IS_SCOREBOARD (self));

  /* The rows are made for self->game's seats: the same players keep them. */
  if (!tessera_game_has_same_seats (self->game, game))
    {
      g_auto(GStrv) marks = NULL;

      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
        gtk_list_box_remove (self->list, child);
      if (game != NULL)
        marks = tessera_player_marks_make_letters (tessera_game_get_player_names (game), tessera_game_get_n_players (game));
      for (guint i = 0; game != NULL && i < tessera_game_get_n_players (game); i++)
        gtk_list_box_append (self->list, make_player_row (game, i, marks[i]));
    }
  g_set_object (&self->game, game);
  if (game == NULL)
    return;
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    update_player_row (row, game, p++, self->read_only);
}

/* The final score if the game ended now, small under the score, with its categories. */
static void
update_projection (GtkWidget               *row,
                   const TesseraProjection *projection)
{
  GtkWidget *label = g_object_get_data (G_OBJECT (row), "projected");
  g_autoptr(GString) tooltip = NULL;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (label, projection != NULL);
  if (projection == NULL)
    return;
  /* Translators: a player's projected final score, small under their score */
  text = g_strdup_printf (_("If ended: %d"), projection->score);
  tooltip = g_string_new (NULL);
  g_string_printf (tooltip, g_dngettext (GETTEXT_PACKAGE, "If the game ended now: %d point", "If the game ended now: %d points",
                                         (gulong) ABS (projection->score)),
                   projection->score);
  for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
    if (projection->breakdown[c] != 0)
      g_string_append_printf (tooltip, "\n%s: %d", tessera_category_title ((TesseraCategory) c), projection->breakdown[c]);
  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_widget_set_tooltip_text (label, tooltip->str);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip->str, -1);
}

/**
 * tessera_scoreboard_set_projections:
 * @projections: (array length=n_projections) (nullable): each player's final score if the game
 *   ended now, or %NULL to show none (a finished game, a table without aids)
 *
 * Shows the projected final scores beside the scores, after tessera_scoreboard_set_game().
 */
void
tessera_scoreboard_set_projections (TesseraScoreboard       *self,
                                    const TesseraProjection *projections,
                                    guint                    n_projections)
{
  guint p = 0;

  g_return_if_fail (TESSERA_IS_SCOREBOARD (self));

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row), p++)
    update_projection (row, projections != NULL && p < n_projections ? &projections[p] : NULL);
}

/**
 * tessera_scoreboard_get_shown_projection:
 * @projection: (out): the projected final score shown for @player
 *
 * Returns: whether one is shown
 */
gboolean
tessera_scoreboard_get_shown_projection (TesseraScoreboard *self,
                                         guint              player,
                                         int               *projection)
{
  GtkListBoxRow *row;
  GtkWidget *label;
  const char *text;

  g_return_val_if_fail (TESSERA_IS_SCOREBOARD (self), FALSE);

  row = gtk_list_box_get_row_at_index (self->list, (int) player);
  g_return_val_if_fail (row != NULL, FALSE);
  label = g_object_get_data (G_OBJECT (row), "projected");
  if (!gtk_widget_get_visible (label))
    return FALSE;
  /* The number is the label's last word, whatever the language puts before it. */
  text = gtk_label_get_text (GTK_LABEL (label));
  text = strrchr (text, ' ') != NULL ? strrchr (text, ' ') + 1 : text;
  *projection = atoi (text);
  return TRUE;
}

/**
 * tessera_scoreboard_set_pending:
 * @points: (array length=n_players) (nullable): each player's change of score if the turn being
 *   entered were confirmed now, or %NULL when there is none to show
 *
 * Shows "+4" beside the score of each player the turn being entered scores for.
 */
void
tessera_scoreboard_set_pending (TesseraScoreboard *self,
                                const int         *points,
                                guint              n_players)
{
  guint p = 0;

  g_return_if_fail (TESSERA_IS_SCOREBOARD (self));

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row), p++)
    {
      GtkWidget *label = g_object_get_data (G_OBJECT (row), "pending");
      int change = points != NULL && p < n_players ? points[p] : 0;
      g_autofree char *text = NULL;
      g_autofree char *spoken = NULL;

      gtk_widget_set_visible (label, change != 0);
      if (change == 0)
        continue;
      text = g_strdup_printf ("%+d", change);
      /* Translators: beside a player's score, what the turn being entered will add to it */
      spoken = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%+d point when the turn is confirmed",
                                             "%+d points when the turn is confirmed", (gulong) ABS (change)),
                                change);
      gtk_label_set_text (GTK_LABEL (label), text);
      gtk_widget_set_tooltip_text (label, spoken);
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
    }
}

/**
 * tessera_scoreboard_get_shown_pending:
 * @points: (out): the change of score shown beside @player's score
 *
 * Returns: whether one is shown
 */
gboolean
tessera_scoreboard_get_shown_pending (TesseraScoreboard *self,
                                      guint              player,
                                      int               *points)
{
  GtkListBoxRow *row;
  GtkWidget *label;

  g_return_val_if_fail (TESSERA_IS_SCOREBOARD (self), FALSE);

  row = gtk_list_box_get_row_at_index (self->list, (int) player);
  g_return_val_if_fail (row != NULL, FALSE);
  label = g_object_get_data (G_OBJECT (row), "pending");
  if (!gtk_widget_get_visible (label))
    return FALSE;
  *points = atoi (gtk_label_get_text (GTK_LABEL (label)));
  return TRUE;
}

/* A replay shows the table as it was: prisoners, but no ransom to pay. */
void
tessera_scoreboard_set_read_only (TesseraScoreboard *self,
                                  gboolean           read_only)
{
  g_return_if_fail (TESSERA_IS_SCOREBOARD (self));
  self->read_only = read_only;
  /* The prisoner lines offer a ransom or not: made again. */
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    g_object_set_data (G_OBJECT (row), "held", NULL);
  if (self->game != NULL)
    {
      g_autoptr(TesseraGame) game = g_object_ref (self->game);

      tessera_scoreboard_set_game (self, game);
    }
}

/**
 * tessera_scoreboard_get_shown_score:
 * @self: the scoreboard
 * @player: a seat
 *
 * Returns: the score the scoreboard shows for @player, read back from its label
 */
int
tessera_scoreboard_get_shown_score (TesseraScoreboard *self,
                                    guint              player)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (TESSERA_IS_SCOREBOARD (self), 0);

  row = gtk_list_box_get_row_at_index (self->list, (int) player);
  g_return_val_if_fail (row != NULL, 0);
  return atoi (gtk_label_get_text (g_object_get_data (G_OBJECT (row), "score")));
}

static void
tessera_scoreboard_dispose (GObject *object)
{
  TesseraScoreboard *self = TESSERA_SCOREBOARD (object);

  g_clear_pointer ((GtkWidget **) &self->list, gtk_widget_unparent);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (tessera_scoreboard_parent_class)->dispose (object);
}

static void
tessera_scoreboard_class_init (TesseraScoreboardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_scoreboard_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "scoreboard");
}

static void
tessera_scoreboard_init (TesseraScoreboard *self)
{
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Scores"), -1);
  tessera_focus_group_attach (GTK_WIDGET (self->list));
  gtk_widget_set_parent (GTK_WIDGET (self->list), GTK_WIDGET (self));
}
