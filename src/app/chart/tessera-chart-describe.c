/* tessera-chart-describe.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-chart"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-chart-private.h"

/* The chart in words: the labels of its points, its values as the chart shows them, the
 * tooltip's text and the description that screen readers read. */

/* The label under a point: the caller's, or its number. */
char *
_tessera_chart_dup_axis_label (TesseraChart *self,
                               guint         x)
{
  if (self->x_labels != NULL && x < g_strv_length (self->x_labels))
    return g_strdup (self->x_labels[x]);
  return g_strdup_printf ("%u", x);
}

/* Whole numbers are shown as such; averages with one decimal. */
static guint
get_value_decimals (TesseraChart *self)
{
  double lo, hi;
  gboolean integers;

  tessera_chart_values_get_range (self->values, &lo, &hi, &integers);
  return integers ? 0 : 1;
}

static char *
dup_values_text (TesseraChart *self,
                 guint         x)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint s = 0; s < self->series->len; s++)
    {
      g_autofree char *value = tessera_chart_dup_value_text (self, s, x);

      if (value == NULL)
        continue;
      if (text->len > 0)
        /* Translators: the separator between the items of a list, as in "Anna 42, Bram 38" */
        g_string_append (text, C_("chart", ", "));
      /* Translators: a series of a chart and its value at a point, "Anna 42" */
      g_string_append_printf (text, C_("chart", "%s %s"), tessera_chart_get_series_name (self, s), value);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
_tessera_chart_dup_point_text (TesseraChart *self,
                               guint         x)
{
  g_autofree char *label = tessera_chart_dup_x_label (self, x);
  g_autofree char *values = dup_values_text (self, x);

  /* Translators: a point of a chart and the values there, "Event 34: Anna 42, Bram 38" */
  return g_strdup_printf (C_("chart", "%s: %s"), label, values);
}

/**
 * tessera_chart_dup_x_label:
 * @self: the chart
 * @x: a point or group of bars
 *
 * Returns: (transfer full): its label, or the x title and its number ("Event 34"), or its
 *   number
 */
char *
tessera_chart_dup_x_label (TesseraChart *self,
                           guint         x)
{
  g_return_val_if_fail (TESSERA_IS_CHART (self), NULL);

  if (self->x_title != NULL && (self->x_labels == NULL || x >= g_strv_length (self->x_labels)))
    /* Translators: a point of a chart's horizontal axis, its title and number: "Event 34" */
    return g_strdup_printf (C_("chart", "%s %u"), self->x_title, x);
  return _tessera_chart_dup_axis_label (self, x);
}

/**
 * tessera_chart_dup_value_text:
 * @self: the chart
 * @series: a series
 * @x: a point or group of bars
 *
 * Returns: (transfer full) (nullable): the value as the chart shows it, or %NULL when the
 *   series has none there
 */
char *
tessera_chart_dup_value_text (TesseraChart *self,
                              guint         series,
                              guint         x)
{
  double value;

  g_return_val_if_fail (TESSERA_IS_CHART (self), NULL);
  g_return_val_if_fail (series < self->series->len, NULL);

  if (!_tessera_chart_get_value (self, series, x, &value))
    return NULL;
  return tessera_chart_format_value (value, get_value_decimals (self));
}

/**
 * tessera_chart_dup_description:
 * @self: the chart
 *
 * The figures of the chart in words, for screen readers: for lines, the last value of each
 * series, the first and last points and the range of the values; for bars, every group's
 * values.
 *
 * Returns: (transfer full): the description
 */
char *
tessera_chart_dup_description (TesseraChart *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint n_x, decimals;

  g_return_val_if_fail (TESSERA_IS_CHART (self), NULL);

  if (!_tessera_chart_has_data (self))
    return g_strdup (_("The chart has no data yet."));

  n_x = tessera_chart_values_get_n_x (self->values);
  decimals = get_value_decimals (self);

  if (self->kind == TESSERA_CHART_BAR)
    {
      for (guint x = 0; x < n_x; x++)
        {
          g_autofree char *label = tessera_chart_dup_x_label (self, x);
          g_autofree char *values = dup_values_text (self, x);

          if (text->len > 0)
            g_string_append_c (text, ' ');
          /* Translators: a group of bars in a chart and its values, "Road: Anna 12, Average 9.5." */
          g_string_append_printf (text, C_("chart", "%s: %s."), label, values);
        }
    }
  else
    {
      g_autoptr(GString) finals = g_string_new (NULL);
      g_autofree char *first = tessera_chart_dup_x_label (self, 0);
      g_autofree char *last = tessera_chart_dup_x_label (self, n_x - 1);
      g_autofree char *lo_text = NULL;
      g_autofree char *hi_text = NULL;
      double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;

      for (guint s = 0; s < self->series->len; s++)
        {
          GArray *values = _tessera_chart_get_values (self, s);
          g_autofree char *final = NULL;
          double value;

          for (guint i = 0; i < values->len; i++)
            if (_tessera_chart_get_value (self, s, i, &value))
              {
                g_free (final);
                final = tessera_chart_format_value (value, decimals);
                lo = MIN (lo, value);
                hi = MAX (hi, value);
              }
          if (final == NULL)
            continue;
          if (finals->len > 0)
            g_string_append (finals, C_("chart", ", "));
          g_string_append_printf (finals, C_("chart", "%s %s"), tessera_chart_get_series_name (self, s), final);
        }
      if (lo > hi)
        lo = hi = 0;
      lo_text = tessera_chart_format_value (lo, decimals);
      hi_text = tessera_chart_format_value (hi, decimals);

      /* Translators: the start of the description of a line chart, "Last values: Anna 62, Bram 48." */
      g_string_append_printf (text, _("Last values: %s."), finals->str);
      g_string_append_c (text, ' ');
      if (n_x > 1)
        {
          /* Translators: the first and last points of a line chart, "From Event 0 to Event 71." */
          g_string_append_printf (text, _("From %s to %s."), first, last);
          g_string_append_c (text, ' ');
        }
      /* Translators: the lowest and highest values of a line chart */
      g_string_append_printf (text, _("Values between %s and %s."), lo_text, hi_text);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}
