/* tessera-score-line.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-score-line"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-player-marks.h"
#include "tessera-score-line.h"

/* Every player's score on one line, for a phone: the player's colour and mark and the score.
 * The whole scoreboard is a tap away (the line sits in a button); the line says whose turn it is
 * by a bar under that player. Each score has room for three digits, so that the line is as wide
 * all game long (the window's minimum must not change from turn to turn); what Confirm will add
 * is in the turn card's preview. */

struct _TesseraScoreLine
{
  GtkWidget    parent_instance;

  TesseraGame *game;
  GPtrArray   *items;    /* one box per player, in seat order */
  char        *summary;  /* "Anna 37, to play; Bert 12": what a screen reader hears */
};

G_DEFINE_FINAL_TYPE (TesseraScoreLine, tessera_score_line, GTK_TYPE_WIDGET)

#define SWATCH_SIZE 18
#define SCORE_CHARS 3

static GtkWidget *
make_item (TesseraGame *game,
           guint        player,
           const char  *mark)
{
  GtkWidget *item = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 3);
  GtkWidget *swatch = tessera_player_marks_new_swatch (tessera_game_get_player_color (game, player), mark, SWATCH_SIZE);
  GtkWidget *score = gtk_label_new (NULL);

  gtk_widget_add_css_class (item, "score-item");
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (score, "numeric");
  gtk_label_set_width_chars (GTK_LABEL (score), SCORE_CHARS);
  gtk_label_set_xalign (GTK_LABEL (score), 0);
  gtk_box_append (GTK_BOX (item), swatch);
  gtk_box_append (GTK_BOX (item), score);
  g_object_set_data (G_OBJECT (item), "score", score);
  return item;
}

static void
remove_items (TesseraScoreLine *self)
{
  for (guint i = 0; i < self->items->len; i++)
    gtk_widget_unparent (self->items->pdata[i]);
  g_ptr_array_set_size (self->items, 0);
}

/**
 * tessera_score_line_set_game:
 * @game: (nullable): the game whose scores to show
 *
 * Shows the scores as they are now; call it again after every change.
 */
void
tessera_score_line_set_game (TesseraScoreLine *self,
                             TesseraGame      *game)
{
  g_autoptr(GString) summary = g_string_new (NULL);

  g_return_if_fail (TESSERA_IS_SCORE_LINE (self));

  /* The items are made for self->game's seats: the same players keep them. */
  if (!tessera_game_has_same_seats (self->game, game))
    {
      g_auto(GStrv) marks = NULL;

      remove_items (self);
      if (game != NULL)
        marks = tessera_player_marks_make_letters (tessera_game_get_player_names (game), tessera_game_get_n_players (game));
      for (guint p = 0; game != NULL && p < tessera_game_get_n_players (game); p++)
        {
          GtkWidget *item = make_item (game, p, marks[p]);

          gtk_widget_set_parent (item, GTK_WIDGET (self));
          g_ptr_array_add (self->items, item);
        }
    }
  g_set_object (&self->game, game);
  for (guint p = 0; p < self->items->len; p++)
    {
      GtkWidget *item = self->items->pdata[p];
      int score = tessera_game_get_score (game, p);
      g_autofree char *text = g_strdup_printf ("%d", score);
      gboolean to_play = !tessera_game_is_finished (game) && p == tessera_game_get_current_player (game);

      gtk_label_set_text (g_object_get_data (G_OBJECT (item), "score"), text);
      if (to_play)
        gtk_widget_add_css_class (item, "active-player");
      else
        gtk_widget_remove_css_class (item, "active-player");
      if (summary->len > 0)
        g_string_append (summary, "; ");
      /* Translators: one player in the one-line scores of a narrow window, for a screen reader: "Anna 37" */
      g_string_append_printf (summary, C_("score line", "%s %d"), tessera_game_get_player_names (game)[p], score);
      if (to_play)
        {
          g_string_append (summary, ", ");
          g_string_append (summary, _("to play"));
        }
    }
  g_free (self->summary);
  self->summary = g_string_free (g_steal_pointer (&summary), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, self->summary, -1);
}

/* What the line says to a screen reader: each player's name and score, in seat order. */
const char *
tessera_score_line_get_summary (TesseraScoreLine *self)
{
  g_return_val_if_fail (TESSERA_IS_SCORE_LINE (self), NULL);
  return self->summary;
}

static void
tessera_score_line_dispose (GObject *object)
{
  TesseraScoreLine *self = TESSERA_SCORE_LINE (object);

  if (self->items != NULL)
    remove_items (self);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_object (&self->game);
  g_clear_pointer (&self->summary, g_free);

  G_OBJECT_CLASS (tessera_score_line_parent_class)->dispose (object);
}

static void
tessera_score_line_class_init (TesseraScoreLineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_score_line_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "scoreline");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
tessera_score_line_init (TesseraScoreLine *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  self->items = g_ptr_array_new ();
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
}

GtkWidget *
tessera_score_line_new (void)
{
  return g_object_new (TESSERA_TYPE_SCORE_LINE, NULL);
}
