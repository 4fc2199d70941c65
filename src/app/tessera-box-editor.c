/* tessera-box-editor.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-box-editor"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "tessera-box-editor.h"
#include "tessera-tile-art.h"

/* The box as it really is: every kind of tile of a game's sets with the copies the box on the
 * table holds, against the catalogue's count. A family's box may have lost a tile or hold a
 * promo copy; the new-game dialog and the correction during a game both edit it here. */

typedef struct
{
  const TesseraBoxEntry *entry;
  guint                  catalogue;  /* copies in Tessera's catalogue */
  guint                  initial;    /* copies when the game was given */
  guint                  out;        /* copies out of the box already: the lowest count */
  GtkWidget             *row;
  GtkSpinButton         *spin;
  GtkWidget             *reset;
} Kind;

struct _TesseraBoxEditor
{
  GtkWidget   parent_instance;

  /* Template widgets */
  GtkWidget  *content;
  GtkLabel   *description_label;
  GtkLabel   *problem_label;
  GtkListBox *list;
  GtkWidget  *others_group;   /* tiles of other boxes that may join this one */
  GtkListBox *others_list;
  GtkLabel   *summary_label;

  /* Owned references */
  GArray     *kinds;      /* Kind */
  gboolean    started;    /* the game has events: "out" is what was played, not the start tile */
};

G_DEFINE_FINAL_TYPE (TesseraBoxEditor, tessera_box_editor, GTK_TYPE_WIDGET)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static guint
kind_copies (const Kind *kind)
{
  return (guint) gtk_spin_button_get_value_as_int (kind->spin);
}

/* What the catalogue's count becomes here: no lower than what is out of the box already. */
static guint
kind_default (const Kind *kind)
{
  return MAX (kind->catalogue, kind->out);
}

static Kind *
find_kind (TesseraBoxEditor *self,
           const char       *tile)
{
  for (guint i = 0; self->kinds != NULL && i < self->kinds->len; i++)
    {
      Kind *kind = &g_array_index (self->kinds, Kind, i);

      if (g_str_equal (kind->entry->id, tile))
        return kind;
    }
  return NULL;
}

static void
update_kind (TesseraBoxEditor *self,
             Kind             *kind)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  guint copies = kind_copies (kind);
  g_autofree char *subtitle = NULL;

  if (copies != kind->catalogue)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          /* Translators: under a corrected count of the box */
                                                          "Tessera’s catalogue has %u",
                                                          "Tessera’s catalogue has %u", kind->catalogue),
                                             kind->catalogue));
  if (kind->out > 0 && !self->started)
    g_ptr_array_add (parts, g_strdup (_("One is the start tile")));
  else if (kind->out > 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          /* Translators: tiles on the board or discarded: the box cannot hold fewer */
                                                          "%u already out of the box",
                                                          "%u already out of the box", kind->out),
                                             kind->out));
  g_ptr_array_add (parts, NULL);
  /* Translators: joins the notes under a tile of the box, "Tessera’s catalogue has 3 · 2 already out of the box" */
  subtitle = g_strjoinv (_(" · "), (char **) parts->pdata);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (kind->row), subtitle);

  if (copies != kind->catalogue)
    gtk_widget_add_css_class (kind->row, "corrected");
  else
    gtk_widget_remove_css_class (kind->row, "corrected");
  gtk_widget_set_visible (kind->reset, copies != kind_default (kind));
}

static void
update_summary (TesseraBoxEditor *self)
{
  guint total = tessera_box_editor_get_total (self);
  guint corrected = tessera_box_editor_get_n_corrected (self);
  gboolean any_changed = FALSE;
  g_autofree char *tiles = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tile", "%u tiles", total), total);

  for (guint i = 0; self->kinds != NULL && i < self->kinds->len; i++)
    {
      const Kind *kind = &g_array_index (self->kinds, Kind, i);

      any_changed |= kind_copies (kind) != kind_default (kind);
    }

  if (corrected > 0)
    {
      g_autofree char *text = NULL;

      /* Translators: the box's total, "72 tiles · 1 corrected": %s is "72 tiles", %u how many kinds of tile differ from the catalogue */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u corrected", "%s · %u corrected", corrected),
                              tiles, corrected);
      gtk_label_set_text (self->summary_label, text);
    }
  else
    gtk_label_set_text (self->summary_label, tiles);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "box-editor.reset", any_changed);
}

static void
count_changed_cb (GtkSpinButton    *spin,
                  TesseraBoxEditor *self)
{
  Kind *kind = g_object_get_data (G_OBJECT (spin), "kind");

  /* The kinds array does not move once filled: the pointer stays good. */
  update_kind (self, kind);
  update_summary (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
reset_kind_cb (GtkButton        *button,
               TesseraBoxEditor *self)
{
  Kind *kind = g_object_get_data (G_OBJECT (button), "kind");

  gtk_spin_button_set_value (kind->spin, kind_default (kind));
}

static void
make_row (TesseraBoxEditor *self,
          Kind             *kind,
          GtkListBox       *list)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *picture = gtk_drawing_area_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (kind->out, TESSERA_BOX_MAX_COPIES, 1);
  GtkWidget *reset = gtk_button_new_from_icon_name ("edit-undo-symbolic");
  /* Translators: a row of the box's contents; %s is a tile id such as “D” or “U+W2” */
  g_autofree char *title = g_strdup_printf (_("Tile %s"), kind->entry->id);
  g_autofree char *spin_label = g_strdup_printf (_("Copies of tile %s"), kind->entry->id);
  const char *reset_label = kind->catalogue >= kind->out ? _("Back to the catalogue’s count")
                                                         : _("Back to the copies out of the box");

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (picture), 44);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (picture), 44);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (picture), tessera_tile_art_draw_entry_func, (gpointer) kind->entry, NULL);
  gtk_widget_set_margin_top (picture, 6);
  gtk_widget_set_margin_bottom (picture, 6);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), picture);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  /* Tab goes from count to count: the row itself does nothing, and its spin button is named
   * after it. */
  gtk_widget_set_focusable (row, FALSE);

  gtk_widget_add_css_class (reset, "flat");
  gtk_widget_set_valign (reset, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (reset, reset_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (reset), GTK_ACCESSIBLE_PROPERTY_LABEL, reset_label, -1);
  g_object_set_data (G_OBJECT (reset), "kind", kind);
  g_signal_connect_object (reset, "clicked", G_CALLBACK (reset_kind_cb), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), reset);

  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), kind->initial);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, spin_label, -1);
  g_object_set_data (G_OBJECT (spin), "kind", kind);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);

  kind->row = row;
  kind->spin = GTK_SPIN_BUTTON (spin);
  kind->reset = reset;
  update_kind (self, kind);
  g_signal_connect_object (spin, "value-changed", G_CALLBACK (count_changed_cb), self, 0);
  gtk_list_box_append (list, row);
}

static gboolean
box_has_kind (const GArray          *box,
              const TesseraBoxEntry *entry)
{
  for (guint i = 0; i < box->len; i++)
    {
      const TesseraSupplyEntry *in_box = &g_array_index (box, TesseraSupplyEntry, i);

      if (in_box->type == entry->type && in_box->wheel == entry->wheel)
        return TRUE;
    }
  return FALSE;
}

/* The kinds of the catalogue's other boxes that this game's box may hold too (a promo copy, a
 * tile of the base game that the Wheel of Fortune box only has with the wheel icon): each once,
 * with none in the box yet. */
static GPtrArray *
list_other_kinds (TesseraGame *game)
{
  TesseraCatalogue *catalogue = tessera_catalogue_get_default ();
  GPtrArray *sets = tessera_catalogue_get_sets (catalogue);
  g_autoptr(TesseraRecord) record = tessera_game_to_record (game);
  const GArray *box = tessera_game_get_box (game);
  GPtrArray *others = g_ptr_array_new ();
  TesseraBoxSets box_sets;

  tessera_record_get_box_sets (record, &box_sets);
  for (guint s = 0; s < sets->len; s++)
    {
      const TesseraTileSet *set = g_ptr_array_index (sets, s);

      for (guint i = 0; i < set->box->len; i++)
        {
          const TesseraBoxEntry *entry = g_ptr_array_index (set->box, i);
          gboolean listed = FALSE;

          for (guint o = 0; o < others->len && !listed; o++)
            listed = ((const TesseraBoxEntry *) g_ptr_array_index (others, o))->type == entry->type &&
                     ((const TesseraBoxEntry *) g_ptr_array_index (others, o))->wheel == entry->wheel;
          if (!listed && !box_has_kind (box, entry) &&
              tessera_box_find_entry (catalogue, &box_sets, entry->id, NULL) != NULL)
            g_ptr_array_add (others, (gpointer) entry);
        }
    }
  return others;
}

/* The kinds of the same sets without the record's corrections: what the catalogue counts. */
static TesseraGame *
make_catalogue_game (TesseraGame  *game,
                     GError      **error)
{
  g_autoptr(TesseraRecord) record = tessera_game_to_record (game);
  g_autoptr(TesseraRecord) header = tessera_record_copy_header (record);

  g_clear_pointer (&header->box, g_array_unref);
  return tessera_game_new (header, error);
}

/**
 * tessera_box_editor_set_game:
 * @self: the editor
 * @game: the game whose box it shows: a new game or one in progress
 * @error: where to say why its catalogue cannot be read
 *
 * Shows every kind of tile of @game's box with its copies; a count cannot go below the copies
 * already out of the box (the start tile, the tiles played or discarded).
 */
gboolean
tessera_box_editor_set_game (TesseraBoxEditor  *self,
                             TesseraGame       *game,
                             GError           **error)
{
  g_autoptr(TesseraGame) catalogue = NULL;
  g_autoptr(GPtrArray) others = NULL;
  const GArray *box, *catalogue_box;
  GArray *supply;
  GtkWidget *child;

  g_return_val_if_fail (TESSERA_IS_BOX_EDITOR (self), FALSE);
  g_return_val_if_fail (TESSERA_IS_GAME (game), FALSE);

  if (!(catalogue = make_catalogue_game (game, error)))
    return FALSE;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_clear_pointer (&self->kinds, g_array_unref);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->others_list))) != NULL)
    gtk_list_box_remove (self->others_list, child);

  box = tessera_game_get_box (game);
  supply = tessera_game_get_supply (game);
  catalogue_box = tessera_game_get_box (catalogue);
  others = list_other_kinds (game);
  self->started = tessera_game_get_n_events (game) > 0;
  self->kinds = g_array_sized_new (FALSE, TRUE, sizeof (Kind), box->len + others->len);
  g_array_set_size (self->kinds, box->len + others->len);
  for (guint i = 0; i < box->len; i++)
    {
      const TesseraSupplyEntry *in_box = &g_array_index (box, TesseraSupplyEntry, i);
      Kind *kind = &g_array_index (self->kinds, Kind, i);

      kind->entry = in_box->entry;
      kind->initial = in_box->left;
      kind->out = in_box->left - g_array_index (supply, TesseraSupplyEntry, i).left;
      /* A kind the correction brought in is not in the catalogue's box of these sets. */
      for (guint j = 0; j < catalogue_box->len; j++)
        {
          const TesseraSupplyEntry *known = &g_array_index (catalogue_box, TesseraSupplyEntry, j);

          if (known->type == in_box->type && known->wheel == in_box->wheel)
            kind->catalogue = known->left;
        }
    }
  /* Tiles of other boxes: none in this one, and the catalogue has none in it either. */
  for (guint i = 0; i < others->len; i++)
    g_array_index (self->kinds, Kind, box->len + i).entry = g_ptr_array_index (others, i);
  for (guint i = 0; i < self->kinds->len; i++)
    make_row (self, &g_array_index (self->kinds, Kind, i), i < box->len ? self->list : self->others_list);
  gtk_widget_set_visible (self->others_group, others->len > 0);
  update_summary (self);
  return TRUE;
}

/**
 * tessera_box_editor_set_count:
 * @self: the editor
 * @tile: a tile id of the box: "D", "U+W2"
 * @copies: how many copies the box holds; kept within what the box can hold
 *
 * Returns: %TRUE when the box has that kind of tile
 */
gboolean
tessera_box_editor_set_count (TesseraBoxEditor *self,
                              const char       *tile,
                              guint             copies)
{
  Kind *kind;

  g_return_val_if_fail (TESSERA_IS_BOX_EDITOR (self), FALSE);

  if (!(kind = find_kind (self, tile)))
    return FALSE;
  gtk_spin_button_set_value (kind->spin, copies);
  return TRUE;
}

/* Returns: the copies of @tile shown, or -1 when the box has no such kind. */
int
tessera_box_editor_get_count (TesseraBoxEditor *self,
                              const char       *tile)
{
  Kind *kind;

  g_return_val_if_fail (TESSERA_IS_BOX_EDITOR (self), -1);

  if (!(kind = find_kind (self, tile)))
    return -1;
  return (int) kind_copies (kind);
}

/* Returns: the tiles in the box, those out of it already and the start tile included. */
guint
tessera_box_editor_get_total (TesseraBoxEditor *self)
{
  guint total = 0;

  g_return_val_if_fail (TESSERA_IS_BOX_EDITOR (self), 0);

  for (guint i = 0; self->kinds != NULL && i < self->kinds->len; i++)
    total += kind_copies (&g_array_index (self->kinds, Kind, i));
  return total;
}

/* Returns: how many kinds of tile the box holds a different number of than the catalogue. */
guint
tessera_box_editor_get_n_corrected (TesseraBoxEditor *self)
{
  guint n = 0;

  g_return_val_if_fail (TESSERA_IS_BOX_EDITOR (self), 0);

  for (guint i = 0; self->kinds != NULL && i < self->kinds->len; i++)
    {
      const Kind *kind = &g_array_index (self->kinds, Kind, i);

      n += kind_copies (kind) != kind->catalogue;
    }
  return n;
}

/* Returns: the total as shown, "72 tiles · 1 corrected" */
const char *
tessera_box_editor_get_summary (TesseraBoxEditor *self)
{
  g_return_val_if_fail (TESSERA_IS_BOX_EDITOR (self), NULL);
  return gtk_label_get_text (self->summary_label);
}

static void
box_count_clear (gpointer data)
{
  TesseraBoxCount *count = data;

  g_free (count->tile);
}

/**
 * tessera_box_editor_get_changes:
 * @self: the editor
 *
 * Returns: (transfer full) (element-type TesseraBoxCount): the kinds whose count was changed
 *   since the game was given, with their new counts, in the order of the box
 */
GArray *
tessera_box_editor_get_changes (TesseraBoxEditor *self)
{
  GArray *changes = g_array_new (FALSE, FALSE, sizeof (TesseraBoxCount));

  g_return_val_if_fail (TESSERA_IS_BOX_EDITOR (self), changes);

  g_array_set_clear_func (changes, box_count_clear);
  for (guint i = 0; self->kinds != NULL && i < self->kinds->len; i++)
    {
      const Kind *kind = &g_array_index (self->kinds, Kind, i);
      TesseraBoxCount count = { NULL, kind_copies (kind) };

      if (count.copies == kind->initial)
        continue;
      count.tile = g_strdup (kind->entry->id);
      g_array_append_val (changes, count);
    }
  return changes;
}

/**
 * tessera_box_editor_fill_header:
 * @self: the editor
 * @header: a record of the same sets
 *
 * Sets @header's "box" to the counts that differ from the catalogue, or leaves it out when
 * none does.
 */
void
tessera_box_editor_fill_header (TesseraBoxEditor *self,
                                TesseraRecord    *header)
{
  g_return_if_fail (TESSERA_IS_BOX_EDITOR (self));
  g_return_if_fail (header != NULL);

  g_clear_pointer (&header->box, g_array_unref);
  for (guint i = 0; self->kinds != NULL && i < self->kinds->len; i++)
    {
      const Kind *kind = &g_array_index (self->kinds, Kind, i);

      if (kind_copies (kind) != kind->catalogue)
        tessera_record_set_box_count (header, kind->entry->id, kind_copies (kind));
    }
}

void
tessera_box_editor_set_description (TesseraBoxEditor *self,
                                    const char       *description)
{
  g_return_if_fail (TESSERA_IS_BOX_EDITOR (self));
  gtk_label_set_text (self->description_label, description);
}

/* Shows what keeps the box from being played with, or nothing when @problem is NULL. */
void
tessera_box_editor_set_problem (TesseraBoxEditor *self,
                                const char       *problem)
{
  g_return_if_fail (TESSERA_IS_BOX_EDITOR (self));
  gtk_label_set_text (self->problem_label, problem != NULL ? problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), problem != NULL);
}

static void
reset_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  TesseraBoxEditor *self = TESSERA_BOX_EDITOR (widget);

  for (guint i = 0; self->kinds != NULL && i < self->kinds->len; i++)
    {
      Kind *kind = &g_array_index (self->kinds, Kind, i);

      gtk_spin_button_set_value (kind->spin, kind_default (kind));
    }
}

GtkWidget *
tessera_box_editor_new (void)
{
  return g_object_new (TESSERA_TYPE_BOX_EDITOR, NULL);
}

static void
tessera_box_editor_dispose (GObject *object)
{
  TesseraBoxEditor *self = TESSERA_BOX_EDITOR (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TESSERA_TYPE_BOX_EDITOR);
  g_clear_pointer (&self->kinds, g_array_unref);

  G_OBJECT_CLASS (tessera_box_editor_parent_class)->dispose (object);
}

static void
tessera_box_editor_class_init (TesseraBoxEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_box_editor_dispose;

  /**
   * TesseraBoxEditor::changed:
   * @self: the editor
   *
   * A count was changed.
   */
  signals[CHANGED] = g_signal_new ("changed",
                                   G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-box-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraBoxEditor, content);
  gtk_widget_class_bind_template_child (widget_class, TesseraBoxEditor, description_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraBoxEditor, problem_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraBoxEditor, list);
  gtk_widget_class_bind_template_child (widget_class, TesseraBoxEditor, others_group);
  gtk_widget_class_bind_template_child (widget_class, TesseraBoxEditor, others_list);
  gtk_widget_class_bind_template_child (widget_class, TesseraBoxEditor, summary_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "boxeditor");

  gtk_widget_class_install_action (widget_class, "box-editor.reset", NULL, reset_action);
}

static void
tessera_box_editor_init (TesseraBoxEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update_summary (self);
}
