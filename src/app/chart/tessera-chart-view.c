/* tessera-chart-view.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-chart-view"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "tessera-chart-view.h"

/* A chart with its title and a toggle that shows the same numbers as a table instead: a
 * table can be read by anyone, with a screen reader, and copied from. */

struct _TesseraChartView
{
  GtkWidget        parent_instance;

  GtkWidget       *header;
  GtkLabel        *title;
  GtkToggleButton *table_button;
  GtkStack        *stack;
  TesseraChart    *chart;
  GtkColumnView   *table;
};

G_DEFINE_FINAL_TYPE (TesseraChartView, tessera_chart_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SHOW_TABLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
setup_label_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  gboolean numeric = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (factory), "numeric"));
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1 : 0);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
bind_x_label_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  user_data)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), gtk_string_object_get_string (string));
}

static void
bind_value_cb (TesseraChartView         *self,
               GtkListItem              *item,
               GtkSignalListItemFactory *factory)
{
  guint series = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (factory), "series"));
  g_autofree char *text = NULL;

  /* The chart may have lost the series while the table is rebuilt. */
  if (series < tessera_chart_get_n_series (self->chart))
    text = tessera_chart_dup_value_text (self->chart, series, gtk_list_item_get_position (item));
  /* Translators: a cell of a chart's table where a series has no value */
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text != NULL ? text : C_("chart", "None"));
}

static void
append_column (TesseraChartView *self,
               const char       *title,
               int               series)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) column = NULL;

  g_object_set_data (G_OBJECT (factory), "numeric", GUINT_TO_POINTER (series >= 0));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_label_cb), NULL);
  if (series < 0)
    g_signal_connect (factory, "bind", G_CALLBACK (bind_x_label_cb), NULL);
  else
    {
      g_object_set_data (G_OBJECT (factory), "series", GUINT_TO_POINTER (series));
      g_signal_connect_object (factory, "bind", G_CALLBACK (bind_value_cb), self, G_CONNECT_SWAPPED);
    }
  column = gtk_column_view_column_new (title, factory);
  /* The names take the room; the numbers stay close to their headings. */
  gtk_column_view_column_set_expand (column, series < 0);
  gtk_column_view_append_column (self->table, column);
}

/* One row per point or group of bars, a column for the point's label and one per series. */
static void
update_table (TesseraChartView *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->table);
  g_autoptr(GtkStringList) rows = gtk_string_list_new (NULL);
  g_autoptr(GtkNoSelection) selection = NULL;
  const char *x_title = tessera_chart_get_x_title (self->chart);

  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, 0);

      gtk_column_view_remove_column (self->table, column);
    }

  for (guint x = 0; x < tessera_chart_get_n_x (self->chart); x++)
    {
      g_autofree char *label = tessera_chart_dup_x_label (self->chart, x);

      gtk_string_list_append (rows, label);
    }
  if (x_title == NULL)
    {
      if (tessera_chart_get_kind (self->chart) == TESSERA_CHART_BAR)
        /* Translators: the heading of the first column of a bar chart's table */
        x_title = _("Category");
      else
        /* Translators: the heading of the first column of a line chart's table */
        x_title = _("Point");
    }
  append_column (self, x_title, -1);
  for (guint s = 0; s < tessera_chart_get_n_series (self->chart); s++)
    append_column (self, tessera_chart_get_series_name (self->chart, s), (int) s);

  selection = gtk_no_selection_new (G_LIST_MODEL (g_steal_pointer (&rows)));
  gtk_column_view_set_model (self->table, GTK_SELECTION_MODEL (selection));
}

static void
chart_changed_cb (TesseraChartView *self,
                  TesseraChart     *chart)
{
  update_table (self);
}

static void
table_toggled_cb (TesseraChartView *self,
                  GtkToggleButton  *button)
{
  gboolean show_table = gtk_toggle_button_get_active (button);

  gtk_stack_set_visible_child_name (self->stack, show_table ? "table" : "chart");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_TABLE]);
}

static void
tessera_chart_view_dispose (GObject *object)
{
  TesseraChartView *self = (TesseraChartView *) object;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (tessera_chart_view_parent_class)->dispose (object);
}

static void
tessera_chart_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  TesseraChartView *self = TESSERA_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_SHOW_TABLE:
      g_value_set_boolean (value, tessera_chart_view_get_show_table (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_chart_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  TesseraChartView *self = TESSERA_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_SHOW_TABLE:
      tessera_chart_view_set_show_table (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_chart_view_class_init (TesseraChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tessera_chart_view_dispose;
  object_class->get_property = tessera_chart_view_get_property;
  object_class->set_property = tessera_chart_view_set_property;

  properties[PROP_SHOW_TABLE] =
    g_param_spec_boolean ("show-table", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "chartview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
tessera_chart_view_init (TesseraChartView *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  GtkWidget *scrolled, *content;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);

  self->header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  self->title = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->title, 0);
  gtk_label_set_wrap (self->title, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->title), "heading");
  gtk_widget_set_hexpand (GTK_WIDGET (self->title), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->title), FALSE);
  gtk_box_append (GTK_BOX (self->header), GTK_WIDGET (self->title));

  content = adw_button_content_new ();
  adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (content), "view-list-symbolic");
  /* Translators: a toggle button beside a chart, that shows its numbers as a table instead */
  adw_button_content_set_label (ADW_BUTTON_CONTENT (content), _("Show as _Table"));
  adw_button_content_set_use_underline (ADW_BUTTON_CONTENT (content), TRUE);
  self->table_button = GTK_TOGGLE_BUTTON (gtk_toggle_button_new ());
  gtk_button_set_child (GTK_BUTTON (self->table_button), content);
  gtk_widget_set_halign (GTK_WIDGET (self->table_button), GTK_ALIGN_END);
  gtk_widget_set_hexpand (GTK_WIDGET (self->table_button), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->table_button), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->table_button), "flat");
  g_signal_connect_object (self->table_button, "toggled", G_CALLBACK (table_toggled_cb), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (self->header), GTK_WIDGET (self->table_button));
  gtk_widget_set_parent (self->header, GTK_WIDGET (self));

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_transition_type (self->stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  gtk_widget_set_parent (GTK_WIDGET (self->stack), GTK_WIDGET (self));

  self->table = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_column_view_set_show_column_separators (self->table, TRUE);
  gtk_column_view_set_reorderable (self->table, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->table), "data-table");
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->table));
  gtk_stack_add_named (self->stack, scrolled, "table");
}

/**
 * tessera_chart_view_new:
 * @kind: lines or bars
 *
 * Returns: (transfer floating): a view of an empty chart; fill it through
 *   tessera_chart_view_get_chart()
 */
GtkWidget *
tessera_chart_view_new (TesseraChartKind kind)
{
  TesseraChartView *self = g_object_new (TESSERA_TYPE_CHART_VIEW, NULL);

  self->chart = TESSERA_CHART (tessera_chart_new (kind));
  g_signal_connect_object (self->chart, "changed", G_CALLBACK (chart_changed_cb), self, G_CONNECT_SWAPPED);
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->chart), "chart");
  gtk_stack_set_visible_child_name (self->stack, "chart");
  update_table (self);
  return GTK_WIDGET (self);
}

TesseraChart *
tessera_chart_view_get_chart (TesseraChartView *self)
{
  g_return_val_if_fail (TESSERA_IS_CHART_VIEW (self), NULL);

  return self->chart;
}

/**
 * tessera_chart_view_set_title:
 * @self: the view
 * @title: (nullable): a heading above the chart, which also names the chart and the table
 *   for screen readers
 */
void
tessera_chart_view_set_title (TesseraChartView *self,
                              const char       *title)
{
  g_return_if_fail (TESSERA_IS_CHART_VIEW (self));

  gtk_label_set_text (self->title, title != NULL ? title : "");
  gtk_widget_set_visible (GTK_WIDGET (self->title), title != NULL);
  if (title != NULL)
    {
      gtk_accessible_update_relation (GTK_ACCESSIBLE (self->chart), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                      self->title, NULL, -1);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (self->table), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                      self->title, NULL, -1);
      /* A page has several charts: the button says which one it shows as a table (GTK 4.8 reads
       * no description from a relation). */
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->table_button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      title, -1);
    }
  else
    {
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (self->chart), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self->table_button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (self->table), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    }
}

gboolean
tessera_chart_view_get_show_table (TesseraChartView *self)
{
  g_return_val_if_fail (TESSERA_IS_CHART_VIEW (self), FALSE);

  return gtk_toggle_button_get_active (self->table_button);
}

/**
 * tessera_chart_view_set_show_table:
 * @self: the view
 * @show_table: whether to show the table instead of the chart
 *
 * What the "Show as Table" button does; bind the property to a setting to remember it.
 */
void
tessera_chart_view_set_show_table (TesseraChartView *self,
                                   gboolean          show_table)
{
  g_return_if_fail (TESSERA_IS_CHART_VIEW (self));

  /* The button's handler switches the page and notifies. */
  gtk_toggle_button_set_active (self->table_button, show_table);
}

/* The table of the chart's numbers, for the tests. */
GtkColumnView *
tessera_chart_view_get_table (TesseraChartView *self)
{
  g_return_val_if_fail (TESSERA_IS_CHART_VIEW (self), NULL);

  return self->table;
}
