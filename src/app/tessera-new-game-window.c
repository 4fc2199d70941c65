/* tessera-new-game-window.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-new-game"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-box-editor.h"
#include "tessera-new-game-window.h"
#include "tessera-figure-art.h"

#define MIN_PLAYERS 2
#define MAX_PLAYERS TESSERA_MAX_PLAYERS

/* The boxes, in the order of the box row's model, as GSettings names them. */
static const char * const box_names[] = { "wheel", "base", "base-wheel" };

struct _TesseraNewGameWindow
{
  AdwWindow       parent_instance;

  /* Template widgets */
  GtkStack       *pages;
  GtkListBox     *player_list;
  AdwComboRow    *starter_row;
  AdwEntryRow    *place_row;
  GtkLabel       *problem_label;
  AdwComboRow    *box_row;
  GtkSwitch      *tower_switch;
  GtkSwitch      *magic_switch;
  GtkSwitch      *purist_switch;
  AdwExpanderRow *crop_row;
  GtkWidget      *tower_rules_group;
  GtkSwitch      *capture_own_switch;
  GtkSwitch      *top_capturable_switch;
  AdwActionRow   *box_contents_row;
  GtkLabel       *box_problem_label;
  TesseraBoxEditor *box_editor;

  /* Owned references */
  GSettings      *settings;
  GtkListStore   *known_names;    /* player names of the history, for completion */
  GtkStringList  *starter_names;
  GPtrArray      *crop_checks;    /* GtkCheckButton, one per crop-circle tile */
  /* The corrected counts of each box (its GSettings name): tile id -> copies, the kinds that
   * differ from the catalogue. Kept for every box, so that changing the sets loses nothing. */
  GHashTable     *corrections;
  char           *box_name;       /* the box the editor shows, or NULL */
  gboolean        ready;          /* the last choices are loaded */
};

G_DEFINE_FINAL_TYPE (TesseraNewGameWindow, tessera_new_game_window, ADW_TYPE_WINDOW)

enum {
  START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void update_players (TesseraNewGameWindow *self);
static void update_start (TesseraNewGameWindow *self);

static guint
count_players (TesseraNewGameWindow *self)
{
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->player_list));
       row != NULL;
       row = gtk_widget_get_next_sibling (row))
    n++;
  return n;
}

static GtkWidget *
get_player_row (TesseraNewGameWindow *self,
                guint                 seat)
{
  return GTK_WIDGET (gtk_list_box_get_row_at_index (self->player_list, (int) seat));
}

static const char *
row_name (GtkWidget *row)
{
  return gtk_editable_get_text (GTK_EDITABLE (g_object_get_data (G_OBJECT (row), "entry")));
}

static const char *
row_color (GtkWidget *row)
{
  GtkDropDown *colors = g_object_get_data (G_OBJECT (row), "colors");

  return tessera_colors[gtk_drop_down_get_selected (colors)];
}

static void
draw_color_swatch (GtkDrawingArea *area,
                   cairo_t        *cr,
                   int             width,
                   int             height,
                   gpointer        user_data)
{
  GdkRGBA rgba;

  tessera_figure_art_player_rgba (tessera_colors[GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "color"))], &rgba);
  tessera_figure_art_draw_follower (cr, width / 2.0, height / 2.0, MIN (width, height), &rgba, TESSERA_FEATURE_CITY);
}

static void
color_setup_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *swatch = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 20);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 20);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_color_swatch, NULL, NULL);
  gtk_box_append (GTK_BOX (box), swatch);
  gtk_box_append (GTK_BOX (box), gtk_label_new (NULL));
  gtk_list_item_set_child (item, box);
}

static void
color_bind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *swatch = gtk_widget_get_first_child (box);
  GtkWidget *label = gtk_widget_get_next_sibling (swatch);
  GtkStringObject *string = gtk_list_item_get_item (item);

  g_object_set_data (G_OBJECT (swatch), "color", GUINT_TO_POINTER (gtk_list_item_get_position (item)));
  gtk_widget_queue_draw (swatch);
  gtk_label_set_text (GTK_LABEL (label), gtk_string_object_get_string (string));
}

static guint
first_free_color (TesseraNewGameWindow *self)
{
  for (guint c = 0; tessera_colors[c] != NULL; c++)
    {
      gboolean used = FALSE;

      for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->player_list));
           row != NULL && !used;
           row = gtk_widget_get_next_sibling (row))
        used = g_str_equal (row_color (row), tessera_colors[c]);
      if (!used)
        return c;
    }
  return 0;
}

static void
player_changed_cb (TesseraNewGameWindow *self)
{
  update_players (self);
}

static void
move_row (TesseraNewGameWindow *self,
          GtkWidget            *row,
          int                   delta)
{
  int index = gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row));
  int n = (int) count_players (self);

  if (index + delta < 0 || index + delta >= n)
    return;
  g_object_ref (row);
  gtk_list_box_remove (self->player_list, row);
  gtk_list_box_insert (self->player_list, row, index + delta);
  g_object_unref (row);
  update_players (self);
}

static void
move_up_cb (GtkButton            *button,
            TesseraNewGameWindow *self)
{
  move_row (self, gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW), -1);
}

static void
move_down_cb (GtkButton            *button,
              TesseraNewGameWindow *self)
{
  move_row (self, gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW), 1);
}

static void
remove_cb (GtkButton            *button,
           TesseraNewGameWindow *self)
{
  gtk_list_box_remove (self->player_list, gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW));
  update_players (self);
}

static GtkWidget *
icon_button (const char *icon_name,
             const char *label)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon_name);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return button;
}

/* A name field the player typed in: only then is its being empty worth saying. */
static void
name_edited_cb (GtkEditable *entry)
{
  g_object_set_data (G_OBJECT (entry), "edited", GINT_TO_POINTER (TRUE));
}

static void
add_player (TesseraNewGameWindow *self,
            const char           *name,
            const char           *color)
{
  g_autoptr(GtkStringList) color_names = gtk_string_list_new (NULL);
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  GtkEntryCompletion *completion = gtk_entry_completion_new ();
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *entry = gtk_entry_new ();
  GtkWidget *colors;
  GtkWidget *up, *down, *remove;
  guint color_index = first_free_color (self);

  /* The name, the colour and the buttons are the stops; the row around them would be an
   * unnamed one more. */
  gtk_widget_set_focusable (row, FALSE);
  for (guint c = 0; tessera_colors[c] != NULL; c++)
    {
      gtk_string_list_append (color_names, tessera_color_phrase (tessera_colors[c]));
      if (color != NULL && g_str_equal (color, tessera_colors[c]))
        color_index = c;
    }

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 6);

  gtk_widget_set_hexpand (entry, TRUE);
  gtk_widget_set_valign (entry, GTK_ALIGN_CENTER);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Name"));
  gtk_entry_set_max_length (GTK_ENTRY (entry), TESSERA_PLAYER_NAME_MAX_CHARS);
  gtk_editable_set_text (GTK_EDITABLE (entry), name != NULL ? name : "");
  gtk_entry_completion_set_model (completion, GTK_TREE_MODEL (self->known_names));
  gtk_entry_completion_set_text_column (completion, 0);
  gtk_entry_completion_set_inline_completion (completion, TRUE);
  gtk_entry_completion_set_popup_single_match (completion, FALSE);
  gtk_entry_set_completion (GTK_ENTRY (entry), completion);
  g_object_unref (completion);
  g_signal_connect_object (entry, "changed", G_CALLBACK (player_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect (entry, "changed", G_CALLBACK (name_edited_cb), NULL);

  g_signal_connect (factory, "setup", G_CALLBACK (color_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (color_bind_cb), NULL);
  colors = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (color_names)), NULL);
  gtk_drop_down_set_factory (GTK_DROP_DOWN (colors), factory);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (colors), color_index);
  gtk_widget_set_valign (colors, GTK_ALIGN_CENTER);
  /* The same width for every colour keeps the names lined up. */
  gtk_widget_set_size_request (colors, 130, -1);
  gtk_widget_set_tooltip_text (colors, _("Color"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (colors), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Color"), -1);
  g_signal_connect_object (colors, "notify::selected", G_CALLBACK (player_changed_cb), self, G_CONNECT_SWAPPED);

  up = icon_button ("go-up-symbolic", _("Move up"));
  down = icon_button ("go-down-symbolic", _("Move down"));
  remove = icon_button ("user-trash-symbolic", _("Remove player"));
  g_signal_connect_object (up, "clicked", G_CALLBACK (move_up_cb), self, 0);
  g_signal_connect_object (down, "clicked", G_CALLBACK (move_down_cb), self, 0);
  g_signal_connect_object (remove, "clicked", G_CALLBACK (remove_cb), self, 0);

  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), colors);
  gtk_box_append (GTK_BOX (box), up);
  gtk_box_append (GTK_BOX (box), down);
  gtk_box_append (GTK_BOX (box), remove);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);

  g_object_set_data (G_OBJECT (row), "entry", entry);
  g_object_set_data (G_OBJECT (row), "colors", colors);
  g_object_set_data (G_OBJECT (row), "remove", remove);
  g_object_set_data (G_OBJECT (row), "up", up);
  g_object_set_data (G_OBJECT (row), "down", down);
  gtk_list_box_append (self->player_list, row);
}

/* What keeps the game from starting, for people; NULL when it can start. @show says whether
 * to say it yet: an empty name nobody has typed in yet is not a mistake, only not done. */
static char *
find_problem (TesseraNewGameWindow *self,
              gboolean             *show)
{
  *show = TRUE;

  guint n = count_players (self);

  if (n < MIN_PLAYERS)
    return g_strdup (_("Carcassonne needs at least two players."));
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = get_player_row (self, i);
      g_autofree char *name = g_strstrip (g_strdup (row_name (row)));
      g_autofree char *key = g_utf8_casefold (name, -1);

      if (*name == '\0')
        {
          *show = g_object_get_data (G_OBJECT (g_object_get_data (G_OBJECT (row), "entry")), "edited") != NULL;
          return g_strdup_printf (_("Player %u needs a name."), i + 1);
        }
      for (guint j = 0; j < i; j++)
        {
          GtkWidget *other = get_player_row (self, j);
          g_autofree char *other_name = g_strstrip (g_strdup (row_name (other)));
          g_autofree char *other_key = g_utf8_casefold (other_name, -1);

          if (g_str_equal (key, other_key))
            return g_strdup_printf (_("Two players are called “%s”: give each a different name."), name);
          if (g_str_equal (row_color (row), row_color (other)))
            return g_strdup_printf (_("%s and %s both play %s: give each a different color."),
                                    other_name, name, tessera_color_phrase (row_color (row)));
        }
    }
  return NULL;
}

static void
update_players (TesseraNewGameWindow *self)
{
  guint n = count_players (self);
  guint starter = adw_combo_row_get_selected (self->starter_row);
  gboolean show_problem;
  g_autofree char *problem = find_problem (self, &show_problem);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = get_player_row (self, i);
      const char *name = row_name (row);

      gtk_widget_set_sensitive (g_object_get_data (G_OBJECT (row), "up"), i > 0);
      gtk_widget_set_sensitive (g_object_get_data (G_OBJECT (row), "down"), i + 1 < n);
      gtk_widget_set_sensitive (g_object_get_data (G_OBJECT (row), "remove"), n > MIN_PLAYERS);
      /* The placeholder is no name for a screen reader, and the seat changes when rows move. */
      if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "seat")) != i + 1)
        {
          /* Translators: the accessible name of a player's name field in the new game dialog */
          g_autofree char *label = g_strdup_printf (_("Name of player %u"), i + 1);
          g_autofree char *color_label = NULL;
          GtkWidget *button = gtk_widget_get_first_child (g_object_get_data (G_OBJECT (row), "colors"));

          gtk_accessible_update_property (GTK_ACCESSIBLE (g_object_get_data (G_OBJECT (row), "entry")),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
          /* The drop-down's own button takes the focus, and GTK 4.8 leaves it unnamed. */
          if (GTK_IS_TOGGLE_BUTTON (button))
            {
              /* Translators: the accessible name of a player's colour choice in the new game dialog */
              color_label = g_strdup_printf (_("Color of player %u"), i + 1);
              gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, color_label, -1);
            }
          g_object_set_data (G_OBJECT (row), "seat", GUINT_TO_POINTER (i + 1));
        }
      g_ptr_array_add (names, *name != '\0' ? g_strdup (name) : g_strdup_printf (_("Player %u"), i + 1));
    }
  g_ptr_array_add (names, NULL);

  /* The list of who starts follows the names; keep the same seat chosen. */
  gtk_string_list_splice (self->starter_names, 0, g_list_model_get_n_items (G_LIST_MODEL (self->starter_names)),
                          (const char * const *) names->pdata);
  adw_combo_row_set_selected (self->starter_row, starter < n ? starter : 0);

  gtk_label_set_text (self->problem_label, problem != NULL ? problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), problem != NULL && show_problem);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "new-game.add-player", n < MAX_PLAYERS);
  update_start (self);
}

static void
update_expansions (TesseraNewGameWindow *self)
{
  gtk_widget_set_sensitive (self->tower_rules_group, gtk_switch_get_active (self->tower_switch));
}

/* The record's sets and rules as chosen, without players, box or events. */
static TesseraRecord *
make_sets_header (TesseraNewGameWindow *self)
{
  TesseraRecord *record = tessera_record_new ();
  guint box = adw_combo_row_get_selected (self->box_row);

  if (box == 1 || box == 2)
    g_ptr_array_add (record->sets, g_strdup ("base"));
  if (box == 0 || box == 2)
    g_ptr_array_add (record->sets, g_strdup ("wheel-of-fortune"));
  record->start = g_strdup (box == 1 ? "tile" : "wheel");
  if (gtk_switch_get_active (self->tower_switch))
    {
      g_ptr_array_add (record->sets, g_strdup ("tower"));
      record->tower_capture_own = gtk_switch_get_active (self->capture_own_switch);
      record->tower_top_capturable = gtk_switch_get_active (self->top_capturable_switch);
      record->has_rules = record->tower_capture_own || record->tower_top_capturable;
    }
  if (gtk_switch_get_active (self->magic_switch))
    g_ptr_array_add (record->sets, g_strdup ("mage-witch"));
  if (adw_expander_row_get_enable_expansion (self->crop_row))
    {
      gboolean all = TRUE;

      g_ptr_array_add (record->sets, g_strdup ("crop-circles"));
      for (guint i = 0; i < self->crop_checks->len; i++)
        all &= gtk_check_button_get_active (g_ptr_array_index (self->crop_checks, i));
      if (!all)
        {
          record->crop_circle_tiles = g_ptr_array_new_with_free_func (g_free);
          for (guint i = 0; i < self->crop_checks->len; i++)
            {
              GtkCheckButton *check = g_ptr_array_index (self->crop_checks, i);

              if (gtk_check_button_get_active (check))
                g_ptr_array_add (record->crop_circle_tiles, g_strdup (g_object_get_data (G_OBJECT (check), "tile")));
            }
        }
    }
  return record;
}

/* The sets as chosen with two stand-in players: the engine makes a game of it to tell what the
 * box holds, whoever plays. */
static TesseraRecord *
make_box_header (TesseraNewGameWindow *self)
{
  TesseraRecord *record = make_sets_header (self);

  tessera_record_add_player (record, "1", tessera_colors[0]);
  tessera_record_add_player (record, "2", tessera_colors[1]);
  return record;
}

/* Why the box as corrected cannot be played with, for people; NULL when it can. */
static char *
find_box_problem (TesseraNewGameWindow *self)
{
  g_autoptr(TesseraRecord) header = NULL;
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GError) error = NULL;

  if (self->box_name == NULL)
    return g_strdup (_("Tessera cannot tell what this box holds."));
  if (tessera_box_editor_get_total (self->box_editor) == 0)
    return g_strdup (_("The box holds no tile: give at least one kind of tile a count in Box Contents."));
  header = make_box_header (self);
  tessera_box_editor_fill_header (self->box_editor, header);
  if (!(game = tessera_game_new (header, &error)))
    return g_strdup (error->message);
  return NULL;
}

static void
update_start (TesseraNewGameWindow *self)
{
  gboolean shown;
  g_autofree char *players = find_problem (self, &shown);
  g_autofree char *box = find_box_problem (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "new-game.start", players == NULL && box == NULL);
}

/* The box's total on its row, and what keeps it from being played with. */
static void
update_box (TesseraNewGameWindow *self)
{
  g_autofree char *problem = find_box_problem (self);

  adw_action_row_set_subtitle (self->box_contents_row, tessera_box_editor_get_summary (self->box_editor));
  gtk_label_set_text (self->box_problem_label, problem != NULL ? problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->box_problem_label), problem != NULL);
  tessera_box_editor_set_problem (self->box_editor, problem);
  update_start (self);
}

/* Keeps the editor's corrections of the box it shows, before it shows another. */
static void
stash_corrections (TesseraNewGameWindow *self)
{
  g_autoptr(TesseraRecord) header = NULL;
  GHashTable *counts;
  GHashTableIter iter;
  gpointer tile;

  if (self->box_name == NULL)
    return;
  if (!(counts = g_hash_table_lookup (self->corrections, self->box_name)))
    {
      counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_hash_table_insert (self->corrections, g_strdup (self->box_name), counts);
    }
  /* The kinds the editor shows are as it says; those of other sets stay as they were. */
  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &tile, NULL))
    if (tessera_box_editor_get_count (self->box_editor, tile) >= 0)
      g_hash_table_iter_remove (&iter);
  header = tessera_record_new ();
  tessera_box_editor_fill_header (self->box_editor, header);
  for (guint i = 0; header->box != NULL && i < header->box->len; i++)
    {
      const TesseraBoxCount *count = &g_array_index (header->box, TesseraBoxCount, i);

      g_hash_table_insert (counts, g_strdup (count->tile), GUINT_TO_POINTER (count->copies));
    }
}

/* The sets changed: the editor lists their kinds, with the corrections kept for this box. */
static void
rebuild_box (TesseraNewGameWindow *self)
{
  g_autoptr(TesseraRecord) header = NULL;
  g_autoptr(TesseraGame) game = NULL;
  g_autoptr(GError) error = NULL;
  GHashTable *counts;

  if (!self->ready)
    return;
  stash_corrections (self);
  g_clear_pointer (&self->box_name, g_free);

  header = make_box_header (self);
  if (!(game = tessera_game_new (header, &error)) || !tessera_box_editor_set_game (self->box_editor, game, &error))
    {
      update_box (self);
      tessera_box_editor_set_problem (self->box_editor, error->message);
      return;
    }
  self->box_name = g_strdup (box_names[adw_combo_row_get_selected (self->box_row)]);
  if ((counts = g_hash_table_lookup (self->corrections, self->box_name)))
    {
      GHashTableIter iter;
      gpointer tile, copies;

      /* Corrections of kinds these sets do not have are left for when they have them. */
      g_hash_table_iter_init (&iter, counts);
      while (g_hash_table_iter_next (&iter, &tile, &copies))
        tessera_box_editor_set_count (self->box_editor, tile, GPOINTER_TO_UINT (copies));
    }
  update_box (self);
}

static void
load_corrections (TesseraNewGameWindow *self)
{
  g_autoptr(GVariant) all = NULL;
  GVariantIter iter;
  const char *box;
  GVariant *tiles;

  if (self->settings == NULL)
    return;
  all = g_settings_get_value (self->settings, "box-corrections");
  g_variant_iter_init (&iter, all);
  while (g_variant_iter_next (&iter, "{&s@a{su}}", &box, &tiles))
    {
      GHashTable *counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      GVariantIter tile_iter;
      const char *tile;
      guint32 copies;

      g_variant_iter_init (&tile_iter, tiles);
      while (g_variant_iter_next (&tile_iter, "{&su}", &tile, &copies))
        g_hash_table_insert (counts, g_strdup (tile), GUINT_TO_POINTER (MIN (copies, TESSERA_BOX_MAX_COPIES)));
      g_hash_table_insert (self->corrections, g_strdup (box), counts);
      g_variant_unref (tiles);
    }
}

static GVariant *
corrections_to_variant (TesseraNewGameWindow *self)
{
  g_autoptr(GList) boxes = g_list_sort (g_hash_table_get_keys (self->corrections), (GCompareFunc) g_strcmp0);
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{sa{su}}"));
  for (GList *l = boxes; l != NULL; l = l->next)
    {
      GHashTable *counts = g_hash_table_lookup (self->corrections, l->data);
      g_autoptr(GList) tiles = g_list_sort (g_hash_table_get_keys (counts), (GCompareFunc) g_strcmp0);
      GVariantBuilder box;

      if (tiles == NULL)
        continue;
      g_variant_builder_init (&box, G_VARIANT_TYPE ("a{su}"));
      for (GList *t = tiles; t != NULL; t = t->next)
        g_variant_builder_add (&box, "{su}", t->data, GPOINTER_TO_UINT (g_hash_table_lookup (counts, t->data)));
      g_variant_builder_add (&builder, "{sa{su}}", l->data, &box);
    }
  return g_variant_builder_end (&builder);
}

/**
 * tessera_new_game_window_get_box_editor:
 * @self: the dialog
 *
 * Returns: (transfer none): the editor of the box's contents
 */
TesseraBoxEditor *
tessera_new_game_window_get_box_editor (TesseraNewGameWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_NEW_GAME_WINDOW (self), NULL);
  return self->box_editor;
}

/**
 * tessera_new_game_window_get_purist:
 *
 * Returns: whether the table chose to play without aids
 */
gboolean
tessera_new_game_window_get_purist (TesseraNewGameWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_NEW_GAME_WINDOW (self), FALSE);

  return gtk_switch_get_active (self->purist_switch);
}

/**
 * tessera_new_game_window_get_header:
 * @self: the dialog
 * @problem: (out) (optional): what keeps the game from starting
 *
 * Returns: (transfer full) (nullable): the record of the new game without events, the player
 *   who starts first, with "box" holding the counts that differ from the catalogue (left out
 *   when none does), or %NULL when the choices are not complete or the box cannot be played
 */
TesseraRecord *
tessera_new_game_window_get_header (TesseraNewGameWindow  *self,
                                    char                 **problem)
{
  g_autoptr(TesseraRecord) record = NULL;
  g_autofree char *why = NULL;
  guint n = count_players (self);
  guint starter = adw_combo_row_get_selected (self->starter_row);
  gboolean shown;

  g_return_val_if_fail (TESSERA_IS_NEW_GAME_WINDOW (self), NULL);

  if ((why = find_problem (self, &shown)) != NULL || (why = find_box_problem (self)) != NULL)
    {
      if (problem != NULL)
        *problem = g_steal_pointer (&why);
      return NULL;
    }

  record = make_sets_header (self);
  tessera_box_editor_fill_header (self->box_editor, record);

  /* The game begins now, by this computer's clock and its offset from UTC. */
  {
    g_autoptr(GDateTime) now = g_date_time_new_now_local ();
    g_autofree char *place = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->place_row))));

    record->played = g_new0 (TesseraPlayed, 1);
    record->played->start = g_date_time_format (now, "%Y-%m-%dT%H:%M:%S%:z");
    if (place[0] != '\0')
      record->played->place = g_utf8_substring (place, 0, MIN (g_utf8_strlen (place, -1), TESSERA_PLACE_MAX_CHARS));
  }

  /* The record's first player starts: seat the table from the starter on, clockwise. */
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = get_player_row (self, (starter + i) % n);
      g_autofree char *name = g_strstrip (g_strdup (row_name (row)));

      tessera_record_add_player (record, name, row_color (row));
    }
  return g_steal_pointer (&record);
}

/**
 * tessera_new_game_window_get_shown_problem:
 *
 * Returns: (nullable): what the dialog says keeps the game from starting, or %NULL when it
 *   says nothing
 */
const char *
tessera_new_game_window_get_shown_problem (TesseraNewGameWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_NEW_GAME_WINDOW (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->problem_label)))
    return NULL;
  return gtk_label_get_text (self->problem_label);
}

/**
 * tessera_new_game_window_set_player:
 * @self: the dialog
 * @seat: a seat, from 0; the seat after the last adds a player
 * @name: the player's name
 * @color: (nullable): a colour as records name it
 */
void
tessera_new_game_window_set_player (TesseraNewGameWindow *self,
                                    guint                 seat,
                                    const char           *name,
                                    const char           *color)
{
  GtkWidget *row;

  g_return_if_fail (TESSERA_IS_NEW_GAME_WINDOW (self));

  if (seat >= count_players (self))
    add_player (self, name, color);
  row = get_player_row (self, seat);
  gtk_editable_set_text (GTK_EDITABLE (g_object_get_data (G_OBJECT (row), "entry")), name);
  for (guint c = 0; color != NULL && tessera_colors[c] != NULL; c++)
    if (g_str_equal (color, tessera_colors[c]))
      gtk_drop_down_set_selected (g_object_get_data (G_OBJECT (row), "colors"), c);
  update_players (self);
}

/* The table's last choices come back next time. */
static void
save_defaults (TesseraNewGameWindow *self)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) colors = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) crops = g_strv_builder_new ();
  g_auto(GStrv) name_list = NULL;
  g_auto(GStrv) color_list = NULL;
  g_auto(GStrv) crop_list = NULL;
  gboolean all_crops = TRUE;

  if (self->settings == NULL)
    return;

  for (guint i = 0; i < count_players (self); i++)
    {
      GtkWidget *row = get_player_row (self, i);
      g_autofree char *name = g_strstrip (g_strdup (row_name (row)));

      g_strv_builder_add (names, name);
      g_strv_builder_add (colors, row_color (row));
    }
  for (guint i = 0; i < self->crop_checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->crop_checks, i);

      if (gtk_check_button_get_active (check))
        g_strv_builder_add (crops, g_object_get_data (G_OBJECT (check), "tile"));
      else
        all_crops = FALSE;
    }
  name_list = g_strv_builder_end (names);
  color_list = g_strv_builder_end (colors);
  crop_list = g_strv_builder_end (crops);

  g_settings_delay (self->settings);
  g_settings_set_string (self->settings, "box", box_names[adw_combo_row_get_selected (self->box_row)]);
  g_settings_set_boolean (self->settings, "tower", gtk_switch_get_active (self->tower_switch));
  g_settings_set_boolean (self->settings, "mage-witch", gtk_switch_get_active (self->magic_switch));
  g_settings_set_boolean (self->settings, "crop-circles", adw_expander_row_get_enable_expansion (self->crop_row));
  g_settings_set_strv (self->settings, "crop-circle-tiles",
                       all_crops ? NULL : (const char * const *) crop_list);
  g_settings_set_boolean (self->settings, "tower-capture-own", gtk_switch_get_active (self->capture_own_switch));
  g_settings_set_boolean (self->settings, "tower-top-capturable", gtk_switch_get_active (self->top_capturable_switch));
  g_settings_set_boolean (self->settings, "purist", gtk_switch_get_active (self->purist_switch));
  g_settings_set_string (self->settings, "place", gtk_editable_get_text (GTK_EDITABLE (self->place_row)));
  g_settings_set_strv (self->settings, "player-names", (const char * const *) name_list);
  g_settings_set_strv (self->settings, "player-colors", (const char * const *) color_list);
  stash_corrections (self);
  g_settings_set_value (self->settings, "box-corrections", corrections_to_variant (self));
  g_settings_apply (self->settings);
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  TesseraNewGameWindow *self = TESSERA_NEW_GAME_WINDOW (widget);
  g_autoptr(TesseraRecord) header = tessera_new_game_window_get_header (self, NULL);

  if (header == NULL)
    return;
  save_defaults (self);
  g_signal_emit (self, signals[START], 0, header);
}

static void
add_player_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  TesseraNewGameWindow *self = TESSERA_NEW_GAME_WINDOW (widget);
  GtkWidget *row;

  if (count_players (self) >= MAX_PLAYERS)
    return;
  add_player (self, NULL, NULL);
  update_players (self);
  row = get_player_row (self, count_players (self) - 1);
  gtk_widget_grab_focus (g_object_get_data (G_OBJECT (row), "entry"));
}

static void
show_box_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TesseraNewGameWindow *self = TESSERA_NEW_GAME_WINDOW (widget);

  gtk_stack_set_visible_child_name (self->pages, "box");
}

static void
hide_box_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TesseraNewGameWindow *self = TESSERA_NEW_GAME_WINDOW (widget);

  gtk_stack_set_visible_child_name (self->pages, "setup");
  gtk_widget_grab_focus (GTK_WIDGET (self->box_contents_row));
}

/* Escape goes back from the box's contents, and cancels the new game otherwise. */
static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TesseraNewGameWindow *self = TESSERA_NEW_GAME_WINDOW (widget);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->pages), "box") == 0)
    hide_box_action (widget, "new-game.hide-box", NULL);
  else
    gtk_window_close (GTK_WINDOW (self));
}

static void
add_crop_tiles (TesseraNewGameWindow *self)
{
  const TesseraTileSet *set = tessera_catalogue_get_set (tessera_catalogue_get_default (), "crop-circles");
  g_auto(GStrv) chosen = self->settings != NULL ? g_settings_get_strv (self->settings, "crop-circle-tiles") : NULL;

  for (guint i = 0; set != NULL && i < set->box->len; i++)
    {
      const TesseraBoxEntry *entry = g_ptr_array_index (set->box, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();
      g_autofree char *title = NULL;
      const char *kind = entry->type->crop == TESSERA_CROP_CITY ? _("knights")
                         : entry->type->crop == TESSERA_CROP_ROAD ? _("thieves") : _("farmers");

      /* Translators: a crop-circle tile in the new game dialog: its id and the followers it moves */
      title = g_strdup_printf (_("Tile %s (%s)"), entry->id, kind);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check),
                                   chosen == NULL || chosen[0] == NULL || g_strv_contains ((const char * const *) chosen, entry->id));
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      g_object_set_data (G_OBJECT (check), "tile", entry->id);
      g_signal_connect_object (check, "toggled", G_CALLBACK (rebuild_box), self, G_CONNECT_SWAPPED);
      g_ptr_array_add (self->crop_checks, check);
      adw_expander_row_add_row (self->crop_row, row);
    }
}

static void
load_defaults (TesseraNewGameWindow *self)
{
  g_auto(GStrv) names = NULL;
  g_auto(GStrv) colors = NULL;
  g_autofree char *box = NULL;
  g_autofree char *place = NULL;

  if (self->settings != NULL)
    {
      box = g_settings_get_string (self->settings, "box");
      for (guint i = 0; i < G_N_ELEMENTS (box_names); i++)
        if (g_str_equal (box, box_names[i]))
          adw_combo_row_set_selected (self->box_row, i);
      gtk_switch_set_active (self->tower_switch, g_settings_get_boolean (self->settings, "tower"));
      gtk_switch_set_active (self->magic_switch, g_settings_get_boolean (self->settings, "mage-witch"));
      adw_expander_row_set_enable_expansion (self->crop_row, g_settings_get_boolean (self->settings, "crop-circles"));
      gtk_switch_set_active (self->capture_own_switch, g_settings_get_boolean (self->settings, "tower-capture-own"));
      gtk_switch_set_active (self->top_capturable_switch, g_settings_get_boolean (self->settings, "tower-top-capturable"));
      gtk_switch_set_active (self->purist_switch, g_settings_get_boolean (self->settings, "purist"));
      place = g_settings_get_string (self->settings, "place");
      gtk_editable_set_text (GTK_EDITABLE (self->place_row), place);
      names = g_settings_get_strv (self->settings, "player-names");
      colors = g_settings_get_strv (self->settings, "player-colors");
    }

  for (guint i = 0; names != NULL && names[i] != NULL && i < MAX_PLAYERS; i++)
    add_player (self, names[i], colors != NULL && i < g_strv_length (colors) ? colors[i] : NULL);
  while (count_players (self) < MIN_PLAYERS)
    add_player (self, NULL, NULL);
  adw_expander_row_set_expanded (self->crop_row, FALSE);
}

static void
load_known_names (TesseraNewGameWindow *self,
                  TesseraStore         *store)
{
  g_autoptr(GPtrArray) stats = NULL;

  if (store == NULL || !(stats = tessera_store_list_player_stats (store, NULL)))
    return;
  for (guint i = 0; i < stats->len; i++)
    {
      const TesseraPlayerStats *player = g_ptr_array_index (stats, i);
      GtkTreeIter iter;

      gtk_list_store_append (self->known_names, &iter);
      gtk_list_store_set (self->known_names, &iter, 0, player->name, -1);
    }
}

/**
 * tessera_new_game_window_new:
 * @parent: the window it belongs to
 * @settings: (nullable): where the last choices are kept
 * @store: (nullable): the history, whose players' names are offered
 *
 * Returns: (transfer full): a dialog that emits "start" with the chosen set-up
 */
TesseraNewGameWindow *
tessera_new_game_window_new (GtkWindow    *parent,
                             GSettings    *settings,
                             TesseraStore *store)
{
  TesseraNewGameWindow *self = g_object_new (TESSERA_TYPE_NEW_GAME_WINDOW,
                                             "transient-for", parent,
                                             NULL);

  g_set_object (&self->settings, settings);
  load_known_names (self, store);
  add_crop_tiles (self);
  load_defaults (self);
  load_corrections (self);
  self->ready = TRUE;
  rebuild_box (self);
  update_players (self);
  update_expansions (self);
  /* The keyboard starts where the set-up does (Ctrl+N, then type): on the first name. */
  gtk_window_set_focus (GTK_WINDOW (self), g_object_get_data (G_OBJECT (get_player_row (self, 0)), "entry"));
  return self;
}

static void
tessera_new_game_window_dispose (GObject *object)
{
  TesseraNewGameWindow *self = TESSERA_NEW_GAME_WINDOW (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->known_names);
  g_clear_object (&self->starter_names);
  g_clear_pointer (&self->crop_checks, g_ptr_array_unref);
  g_clear_pointer (&self->corrections, g_hash_table_unref);
  g_clear_pointer (&self->box_name, g_free);

  G_OBJECT_CLASS (tessera_new_game_window_parent_class)->dispose (object);
}

static void
tessera_new_game_window_class_init (TesseraNewGameWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_new_game_window_dispose;

  /**
   * TesseraNewGameWindow::start:
   * @self: the dialog
   * @header: (type gpointer): the new game's #TesseraRecord without events
   *
   * The players chose "Start Game".
   */
  signals[START] = g_signal_new ("start",
                                 G_TYPE_FROM_CLASS (klass),
                                 G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 1, G_TYPE_POINTER);

  g_type_ensure (TESSERA_TYPE_BOX_EDITOR);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-new-game-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraNewGameWindow, pages);
  gtk_widget_class_bind_template_child (widget_class, TesseraNewGameWindow, player_list);
  gtk_widget_class_bind_template_child (widget_class, TesseraNewGameWindow, starter_row);
  gtk_widget_class_bind_template_child (widget_class, TesseraNewGameWindow, place_row);
  gtk_widget_class_bind_template_child (widget_class, TesseraNewGameWindow, problem_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraNewGameWindow, box_row);
  gtk_widget_class_bind_template_child (widget_class, TesseraNewGameWindow, tower_switch);
  gtk_widget_class_bind_template_child (widget_class, TesseraNewGameWindow, magic_switch);
  gtk_widget_class_bind_template_child (widget_class, TesseraNewGameWindow, purist_switch);
  gtk_widget_class_bind_template_child (widget_class, TesseraNewGameWindow, crop_row);
  gtk_widget_class_bind_template_child (widget_class, TesseraNewGameWindow, tower_rules_group);
  gtk_widget_class_bind_template_child (widget_class, TesseraNewGameWindow, capture_own_switch);
  gtk_widget_class_bind_template_child (widget_class, TesseraNewGameWindow, top_capturable_switch);
  gtk_widget_class_bind_template_child (widget_class, TesseraNewGameWindow, box_contents_row);
  gtk_widget_class_bind_template_child (widget_class, TesseraNewGameWindow, box_problem_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraNewGameWindow, box_editor);

  gtk_widget_class_install_action (widget_class, "new-game.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "new-game.add-player", NULL, add_player_action);
  gtk_widget_class_install_action (widget_class, "new-game.show-box", NULL, show_box_action);
  gtk_widget_class_install_action (widget_class, "new-game.hide-box", NULL, hide_box_action);
  gtk_widget_class_install_action (widget_class, "new-game.back", NULL, back_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "new-game.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "new-game.start", NULL);
}

static void
tessera_new_game_window_init (TesseraNewGameWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->known_names = gtk_list_store_new (1, G_TYPE_STRING);
  self->crop_checks = g_ptr_array_new ();
  self->starter_names = gtk_string_list_new (NULL);
  adw_combo_row_set_model (self->starter_row, G_LIST_MODEL (self->starter_names));
  self->corrections = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_hash_table_unref);
  g_signal_connect_object (self->tower_switch, "notify::active", G_CALLBACK (update_expansions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->box_row, "notify::selected", G_CALLBACK (rebuild_box), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tower_switch, "notify::active", G_CALLBACK (rebuild_box), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->magic_switch, "notify::active", G_CALLBACK (rebuild_box), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->crop_row, "notify::enable-expansion", G_CALLBACK (rebuild_box), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->box_editor, "changed", G_CALLBACK (update_box), self, G_CONNECT_SWAPPED);
}
