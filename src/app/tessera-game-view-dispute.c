/* tessera-game-view-dispute.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-game-view"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "tessera-fits-popover.h"
#include "tessera-game-view-private.h"
#include "tessera-score-log.h"
#include "tessera-tile-art.h"
#include "tessera-tile-palette.h"

/* Settling a dispute: a feature on the board, explained in a popover: who holds it, what it
 * scored and when, or what it would score if the game ended now and, with the table aids,
 * what it needs to be finished and the odds of the next draw. */

/* Settling a dispute ---------------------------------------------------------------------------- */

static char *
describe_holders (TesseraGame *game,
                  guint        root)
{
  TesseraBoard *board = tessera_game_get_board (game);
  const char * const *names = tessera_game_get_player_names (game);
  guint counts[TESSERA_MAX_PLAYERS] = { 0 };
  guint n_pieces;
  const TesseraPiece *pieces = tessera_game_get_pieces (game, &n_pieces);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < n_pieces; i++)
    if (tessera_board_find (board, pieces[i].segment) == root)
      counts[pieces[i].player]++;
  for (guint p = 0; p < tessera_game_get_n_players (game); p++)
    if (counts[p] > 0)
      {
        if (text->len > 0)
          g_string_append (text, _(", "));
        /* Translators: who holds a feature: "Anna (2)" with the number of her followers in it */
        g_string_append_printf (text, _("%s (%u)"), names[p], counts[p]);
      }
  if (text->len == 0)
    return g_strdup (_("Nobody holds it."));
  return g_strdup_printf (_("Held by %s."), text->str);
}

/* The scorings of a feature among @scores: its completion, or its share of the final scoring. */
static void
append_scores (GString                 *text,
               TesseraGame             *game,
               guint                    root,
               const TesseraScoreEvent *scores,
               guint                    first,
               guint                    n_scores)
{
  TesseraBoard *board = tessera_game_get_board (game);
  const char * const *names = tessera_game_get_player_names (game);

  for (guint i = first; i < n_scores; i++)
    {
      g_autofree char *why = NULL;

      if (scores[i].feature == G_MAXUINT || tessera_board_find (board, scores[i].feature) != root)
        continue;
      why = tessera_score_event_describe_briefly (&scores[i], names);
      g_string_append_printf (text, "\n• %s %+d: %s", names[scores[i].player], scores[i].points, why);
    }
}

/* What an unfinished road, city or cloister needs, for a table that plays with aids: each
 * empty cell it needs with what fits there, the chance the next tile drawn helps, or that it
 * cannot be finished any more. Returns the tiles left that could help, as pictures. */
static GtkWidget *
append_odds (GString     *text,
             TesseraGame *game,
             guint        segment,
             GArray      *needed_cells)
{
  g_autoptr(GArray) needs = g_array_new (FALSE, FALSE, sizeof (TesseraFeatureNeed));
  g_autoptr(GArray) helping = g_array_new (FALSE, FALSE, sizeof (TesseraFit));
  g_autoptr(GArray) fits = g_array_new (FALSE, FALSE, sizeof (TesseraFit));
  TesseraFeatureOdds odds;

  if (tessera_game_get_tiles_left (game) == 0 || !tessera_game_get_feature_odds (game, segment, needs, &odds))
    return NULL;

  g_string_append_printf (text, "\n%s", _("To finish it:"));
  for (guint i = 0; i < needs->len; i++)
    {
      const TesseraFeatureNeed *need = &g_array_index (needs, TesseraFeatureNeed, i);

      g_array_append_val (needed_cells, need->cell);
      if (need->copies == 0)
      /* Translators: a cell an unfinished feature needs, where no tile left fits */
        {
          g_string_append_printf (text, "\n• ");
          g_string_append_printf (text, _("cell %d, %d: nothing left fits there"), need->cell.x, need->cell.y);
        }
      else
        {
          g_autofree char *kinds = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u kind", "%u kinds", need->n_kinds), need->n_kinds);

          /* Translators: a cell an unfinished feature needs: "cell 2, -1: 5 tiles left fit (3 kinds)" */
          g_string_append_printf (text, "\n• ");
          g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "cell %d, %d: %u tile left fits (%s)",
                                                     "cell %d, %d: %u tiles left fit (%s)", need->copies),
                                  need->cell.x, need->cell.y, need->copies, kinds);
        }

      /* The kinds that fit any needed cell, each once. */
      g_array_set_size (fits, 0);
      tessera_game_list_fits (game, need->cell, fits);
      for (guint f = 0; f < fits->len; f++)
        {
          const TesseraFit *fit = &g_array_index (fits, TesseraFit, f);
          gboolean listed = FALSE;

          for (guint h = 0; h < helping->len && !listed; h++)
            listed = g_array_index (helping, TesseraFit, h).supply == fit->supply;
          if (!listed)
            g_array_append_val (helping, *fit);
        }
    }
  if (!odds.can_finish)
    g_string_append_printf (text, "\n%s", _("It cannot be finished any more: no tile left fits where it needs one."));
  else
    {
      g_autofree char *chance = tessera_describe_chance (odds.helping, odds.tiles_left);

      g_string_append_printf (text, "\n");
      /* Translators: the chance such as "12 in 43 (28 %)" */
      g_string_append_printf (text, _("The next tile drawn helps with a chance of %s. These tiles left could:"), chance);
    }
  if (!odds.can_finish || helping->len == 0)
    return NULL;
  return tessera_fit_tiles_new ((const TesseraFit *) (gpointer) helping->data, helping->len, 32);
}

/* The feature stays lit while its explanation is open. */
static void
dispute_closed_cb (TesseraGameView *self)
{
  tessera_board_view_highlight_features (self->board_view, NULL, 0);
  tessera_board_view_highlight_cells (self->board_view, NULL, 0);
}

void
_tessera_game_view_feature_activated_cb (TesseraGameView *self,
                                         guint            segment)
{
  TesseraGame *game = self->turn != NULL ? tessera_turn_get_game (self->turn) : self->game;
  TesseraBoard *board = tessera_game_get_board (game);
  TesseraFeatureInfo info;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *holders = NULL;
  g_autoptr(GArray) highlight = g_array_new (FALSE, FALSE, sizeof (guint));
  const TesseraPlacedTile *tile = tessera_board_segment_tile (board, segment);
  GdkRectangle bounds;
  guint root = tessera_board_find (board, segment);
  guint n_scores;
  const TesseraScoreEvent *scores = tessera_game_get_score_events (game, &n_scores);
  GtkWidget *label;
  GtkWidget *helping_tiles = NULL;
  g_autoptr(GArray) needed_cells = g_array_new (FALSE, FALSE, sizeof (TesseraCell));

  _tessera_game_view_hide_fits (self);
  tessera_board_describe_feature (board, segment, &info);
  holders = describe_holders (game, root);

  switch (info.kind)
    {
    case TESSERA_FEATURE_CITY:
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "A city of %u tile", "A city of %u tiles", info.n_tiles), info.n_tiles);
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " with %u pennant", " with %u pennants", info.n_pennants), info.n_pennants);
      break;
    case TESSERA_FEATURE_ROAD:
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "A road of %u tile", "A road of %u tiles", info.n_tiles), info.n_tiles);
      break;
    case TESSERA_FEATURE_CLOISTER:
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "A cloister with %u of 8 tiles around it",
                                                 "A cloister with %u of 8 tiles around it", info.n_neighbours),
                              info.n_neighbours);
      break;
    case TESSERA_FEATURE_FIELD:
      {
        guint cities = tessera_board_count_field_cities (board, segment, TRUE);

        g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "A field of %u tile", "A field of %u tiles", info.n_tiles), info.n_tiles);
        g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, ", touching %u completed city", ", touching %u completed cities", cities), cities);
        tessera_board_field_cities (board, segment, TRUE, highlight);
      }
      break;
    case TESSERA_N_FEATURE_KINDS:
    default:
      g_assert_not_reached ();
    }
  g_string_append (text, ". ");
  if (info.kind != TESSERA_FEATURE_FIELD)
    g_string_append (text, info.complete ? _("It is complete.") : _("It is not complete."));
  g_string_append_printf (text, "\n%s", holders);

  if (info.complete && info.kind != TESSERA_FEATURE_FIELD)
    {
      gsize before = text->len;

      g_string_append_printf (text, "\n%s", _("When it was completed:"));
      append_scores (text, game, root, scores, 0, n_scores);
      if (text->len == before + strlen (_("When it was completed:")) + 1)
        g_string_append_printf (text, "\n• %s", _("nobody held it, so nobody scored"));
    }
  else if (!tessera_game_is_finished (game))
    {
      /* What the end would bring: the engine's own final scoring, on a copy of the game. */
      g_autoptr(TesseraGame) ended = tessera_game_copy_at (game, tessera_game_get_n_events (game));
      g_autoptr(TesseraEvent) end = tessera_event_new_end ();
      gsize before;

      g_string_append_printf (text, "\n%s", _("If the game ended now:"));
      before = text->len;
      if (ended != NULL && tessera_game_apply (ended, end, NULL))
        {
          guint n_ended;
          const TesseraScoreEvent *final = tessera_game_get_score_events (ended, &n_ended);

          append_scores (text, ended, root, final, n_scores, n_ended);
        }
      if (text->len == before)
        g_string_append_printf (text, "\n• %s", _("it would score nothing: nobody holds it"));
      if (!self->aids_hidden)
        helping_tiles = append_odds (text, game, segment, needed_cells);
    }
  else
    {
      gsize before = text->len;

      g_string_append_printf (text, "\n%s", _("At the end of the game:"));
      append_scores (text, game, root, scores, 0, n_scores);
      if (text->len == before + strlen (_("At the end of the game:")) + 1)
        g_string_append_printf (text, "\n• %s", _("it scored nothing: nobody held it"));
    }

  g_array_append_val (highlight, segment);
  tessera_board_view_highlight_features (self->board_view, (const guint *) highlight->data, highlight->len);
  /* The holes it needs are lit with it. */
  tessera_board_view_highlight_cells (self->board_view, (const TesseraCell *) (gpointer) needed_cells->data, needed_cells->len);

  if (self->dispute == NULL)
    {
      self->dispute = GTK_POPOVER (gtk_popover_new ());
      gtk_widget_set_parent (GTK_WIDGET (self->dispute), GTK_WIDGET (self->board_view));
      g_signal_connect_object (self->dispute, "closed", G_CALLBACK (dispute_closed_cb), self, G_CONNECT_SWAPPED);
      gtk_popover_set_position (self->dispute, GTK_POS_RIGHT);
    }
  /* The first line says what the feature is, as a heading; the rest explains its points. */
  {
    char *newline = strchr (text->str, '\n');
    GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *heading;

    if (newline != NULL)
      *newline = '\0';
    heading = gtk_label_new (text->str);
    label = gtk_label_new (newline != NULL ? newline + 1 : "");
    gtk_widget_add_css_class (heading, "heading");
    for (GtkWidget *part = heading; part != NULL; part = part == heading ? label : NULL)
      {
        gtk_label_set_wrap (GTK_LABEL (part), TRUE);
        gtk_label_set_max_width_chars (GTK_LABEL (part), 44);
        gtk_label_set_xalign (GTK_LABEL (part), 0);
        gtk_box_append (GTK_BOX (box), part);
      }
    if (helping_tiles != NULL)
      gtk_box_append (GTK_BOX (box), helping_tiles);
    gtk_widget_set_margin_top (box, 6);
    gtk_widget_set_margin_bottom (box, 6);
    gtk_widget_set_margin_start (box, 6);
    gtk_widget_set_margin_end (box, 6);
    gtk_popover_set_child (self->dispute, box);
  }
  if (tessera_board_view_get_cell_bounds (self->board_view, tile->cell, &bounds))
    gtk_popover_set_pointing_to (self->dispute, &bounds);
  gtk_popover_popup (self->dispute);
}
