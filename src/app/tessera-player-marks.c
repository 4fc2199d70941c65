/* tessera-player-marks.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-player-marks"

#include "config.h"

#include <adwaita.h>

#include "tessera-player-marks.h"
#include "tessera-figure-art.h"

/* Colour is never the only cue: each player has a letter, marked on their followers on the
 * board and beside them wherever they are listed (scoreboard, score log, chart legend), so that
 * a follower can be told from another without telling red from green. Shown when the desktop
 * asks for high contrast, or always or never as the player-marks setting says. Every view
 * asks the one object below, so all of them show the letters or none does. */

struct _TesseraPlayerMarks
{
  GObject    parent_instance;

  GSettings *settings;   /* NULL where the schema is not installed, as in some tests */
  gboolean   shown;
};

G_DEFINE_FINAL_TYPE (TesseraPlayerMarks, tessera_player_marks, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SHOWN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The letter rule */

typedef struct
{
  gunichar *shown;   /* the letters and digits of a name, as written */
  gunichar *base;    /* the same without accents and case, to compare */
  guint     len;
} NameKey;

static void
read_key (const char *name,
          NameKey    *key)
{
  glong n = 0;
  g_autofree gunichar *chars = g_utf8_to_ucs4_fast (name != NULL ? name : "", -1, &n);

  key->shown = g_new0 (gunichar, n + 1);
  key->base = g_new0 (gunichar, n + 1);
  key->len = 0;
  for (glong i = 0; i < n; i++)
    {
      gunichar decomposed[G_UNICHAR_MAX_DECOMPOSITION_LENGTH];

      if (!g_unichar_isalnum (chars[i]))
        continue;
      /* É and E look alike on a small follower: they count as the same letter. */
      g_unichar_fully_decompose (chars[i], FALSE, decomposed, G_N_ELEMENTS (decomposed));
      key->shown[key->len] = chars[i];
      key->base[key->len] = g_unichar_tolower (decomposed[0]);
      key->len++;
    }
}

static void
append_char (GString  *mark,
             gunichar  c)
{
  char utf8[8];

  g_string_append_len (mark, utf8, g_unichar_to_utf8 (c, utf8));
}

/**
 * tessera_player_marks_make_letters:
 * @names: (array length=n_names): the players' names, in seat order
 *
 * Each player's mark: the first letter of the name, capital, or where two names start with
 * the same letter (accents and case aside), that letter and the first later one that tells
 * all the names of that letter apart (Anna "An", Anton "At"); where nothing does (Bert and
 * bert, Ann and Anna), the letter and a number in seat order ("B1", "B2"). A name without a
 * letter or digit counts as the seat number. The marks are different from each other.
 *
 * Returns: (transfer full): @n_names marks, %NULL-terminated
 */
GStrv
tessera_player_marks_make_letters (const char * const *names,
                                   guint               n_names)
{
  g_autofree NameKey *keys = g_new0 (NameKey, n_names);
  g_autofree guint *group = g_new (guint, MAX (n_names, 1));
  GStrv marks = g_new0 (char *, n_names + 1);

  for (guint p = 0; p < n_names; p++)
    {
      read_key (names[p], &keys[p]);
      if (keys[p].len == 0)
        {
          g_autofree char *seat = g_strdup_printf ("%u", p + 1);

          g_free (keys[p].shown);
          g_free (keys[p].base);
          read_key (seat, &keys[p]);
        }
    }

  for (guint p = 0; p < n_names; p++)
    {
      guint n_group = 0, shortest = G_MAXUINT, k;

      if (marks[p] != NULL)
        continue;
      for (guint q = p; q < n_names; q++)
        if (keys[q].base[0] == keys[p].base[0])
          {
            group[n_group++] = q;
            shortest = MIN (shortest, keys[q].len);
          }

      /* The first position after the initial where every name of the group differs. */
      for (k = 1; n_group > 1 && k < shortest; k++)
        {
          gboolean distinct = TRUE;

          for (guint i = 0; i < n_group && distinct; i++)
            for (guint j = i + 1; j < n_group && distinct; j++)
              distinct = keys[group[i]].base[k] != keys[group[j]].base[k];
          if (distinct)
            break;
        }

      for (guint i = 0; i < n_group; i++)
        {
          const NameKey *key = &keys[group[i]];
          GString *mark = g_string_new (NULL);

          append_char (mark, g_unichar_totitle (key->shown[0]));
          if (n_group > 1 && k < shortest)
            append_char (mark, g_unichar_tolower (key->shown[k]));
          else if (n_group > 1)
            g_string_append_printf (mark, "%u", i + 1);
          marks[group[i]] = g_string_free (mark, FALSE);
        }
    }

  for (guint p = 0; p < n_names; p++)
    {
      g_free (keys[p].shown);
      g_free (keys[p].base);
    }
  return marks;
}

/* Whether the marks are shown */

static void
update (TesseraPlayerMarks *self)
{
  g_autofree char *when = self->settings != NULL ? g_settings_get_string (self->settings, "player-marks") : NULL;
  gboolean high_contrast = adw_is_initialized () && adw_style_manager_get_high_contrast (adw_style_manager_get_default ());
  gboolean shown = g_strcmp0 (when, "always") == 0 || (g_strcmp0 (when, "never") != 0 && high_contrast);

  if (shown == self->shown)
    return;
  self->shown = shown;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWN]);
}

/**
 * tessera_player_marks_get_default:
 *
 * Returns: (transfer none): the one object every view asks whether to show the marks
 */
TesseraPlayerMarks *
tessera_player_marks_get_default (void)
{
  static TesseraPlayerMarks *marks;

  if (marks == NULL)
    marks = g_object_new (TESSERA_TYPE_PLAYER_MARKS, NULL);
  return marks;
}

gboolean
tessera_player_marks_get_shown (TesseraPlayerMarks *self)
{
  g_return_val_if_fail (TESSERA_IS_PLAYER_MARKS (self), FALSE);
  return self->shown;
}

/**
 * tessera_player_marks_set_settings:
 * @settings: the application's settings, which the menu's Player Letters change
 *
 * Follows the player-marks key of @settings instead of settings of its own: the very object
 * the menu writes to, on the backend the application chose for it.
 */
void
tessera_player_marks_set_settings (TesseraPlayerMarks *self,
                                   GSettings          *settings)
{
  g_return_if_fail (TESSERA_IS_PLAYER_MARKS (self));
  g_return_if_fail (G_IS_SETTINGS (settings));

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_set_object (&self->settings, settings);
  g_signal_connect_object (self->settings, "changed::player-marks", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  update (self);
}

/* Widgets */

/**
 * tessera_player_marks_new_swatch:
 * @color: the player's colour, as records name it
 * @mark: the player's mark, from tessera_player_marks_make_letters()
 * @size: the follower's size in pixels, or -1 to leave it to the style sheet
 *
 * Returns: (transfer floating): the player's follower, with the mark as a tag while marks are
 *   shown
 */
GtkWidget *
tessera_player_marks_new_swatch (const char *color,
                                 const char *mark,
                                 int         size)
{
  GtkWidget *overlay = gtk_overlay_new ();
  GtkWidget *area = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (mark);

  if (size > 0)
    {
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), size);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), size);
    }
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), tessera_figure_art_draw_swatch, g_strdup (color), g_free);
  gtk_overlay_set_child (GTK_OVERLAY (overlay), area);

  /* A tag at the follower's foot, as the board draws it. */
  gtk_widget_add_css_class (label, "player-mark");
  gtk_widget_set_halign (label, GTK_ALIGN_END);
  gtk_widget_set_valign (label, GTK_ALIGN_END);
  gtk_widget_set_can_target (label, FALSE);
  /* What a screen reader says of the player already names them. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  g_object_bind_property (tessera_player_marks_get_default (), "shown", label, "visible", G_BINDING_SYNC_CREATE);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), label);
  gtk_overlay_set_measure_overlay (GTK_OVERLAY (overlay), label, FALSE);
  return overlay;
}

/**
 * tessera_player_marks_new_badge:
 * @mark: the player's mark
 *
 * Returns: (transfer floating): the mark as a small key cap beside a player's name in a list,
 *   shown while marks are shown
 */
GtkWidget *
tessera_player_marks_new_badge (const char *mark)
{
  GtkWidget *label = gtk_label_new (mark);

  gtk_widget_add_css_class (label, "player-badge");
  gtk_widget_set_valign (label, GTK_ALIGN_START);
  gtk_accessible_update_state (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  g_object_bind_property (tessera_player_marks_get_default (), "shown", label, "visible", G_BINDING_SYNC_CREATE);
  return label;
}

/* GObject */

static void
tessera_player_marks_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  TesseraPlayerMarks *self = TESSERA_PLAYER_MARKS (object);

  switch (prop_id)
    {
    case PROP_SHOWN:
      g_value_set_boolean (value, self->shown);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_player_marks_finalize (GObject *object)
{
  TesseraPlayerMarks *self = TESSERA_PLAYER_MARKS (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (tessera_player_marks_parent_class)->finalize (object);
}

static void
tessera_player_marks_class_init (TesseraPlayerMarksClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = tessera_player_marks_get_property;
  object_class->finalize = tessera_player_marks_finalize;

  /**
   * TesseraPlayerMarks:shown:
   *
   * Whether the players' marks are shown now.
   */
  properties[PROP_SHOWN] =
    g_param_spec_boolean ("shown", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tessera_player_marks_init (TesseraPlayerMarks *self)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = source != NULL ? g_settings_schema_source_lookup (source, APP_ID, TRUE) : NULL;

  if (schema != NULL && g_settings_schema_has_key (schema, "player-marks"))
    {
      self->settings = g_settings_new_full (schema, NULL, NULL);
      g_signal_connect_object (self->settings, "changed::player-marks", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
    }
  if (adw_is_initialized ())
    g_signal_connect_object (adw_style_manager_get_default (), "notify::high-contrast", G_CALLBACK (update), self,
                             G_CONNECT_SWAPPED);
  update (self);
}
