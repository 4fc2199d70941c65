/* test-palette.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>

#include "tessera-application.h"
#include "tessera-random-game.h"
#include "tessera-test-ui.h"
#include "tessera-turn.h"
#include "tessera-window.h"

/* Finding the drawn tile: what the palette's search understands (the words players use, in
 * English, Dutch and Spanish, and the ids in every form), that each turn starts at the top of
 * the palette, and that at 1024x600 every kind of tile of the largest box (the Wheel of Fortune
 * box with The Tower, Mage & Witch and the crop circles) is at most one scroll away. Runs on a
 * 1024x600 screen (tests/meson.build). */

static TesseraApplication *app;

/* What the search must find, worked out here from the catalogue's facts alone -------------- */

typedef gboolean (*Trait) (const TesseraBoxEntry *entry);

static gboolean
has_kind (const TesseraTileType *type,
          TesseraFeatureKind     kind)
{
  for (guint i = 0; i < type->n_segments; i++)
    if (type->segments[i].kind == kind)
      return TRUE;
  return FALSE;
}

static gboolean
is_city (const TesseraBoxEntry *entry)
{
  return has_kind (entry->type, TESSERA_FEATURE_CITY);
}

static gboolean
is_road (const TesseraBoxEntry *entry)
{
  return has_kind (entry->type, TESSERA_FEATURE_ROAD);
}

static gboolean
is_field (const TesseraBoxEntry *entry)
{
  return has_kind (entry->type, TESSERA_FEATURE_FIELD);
}

static gboolean
is_cloister (const TesseraBoxEntry *entry)
{
  return entry->type->cloister;
}

static gboolean
is_pennant (const TesseraBoxEntry *entry)
{
  guint pennants = 0;

  for (guint i = 0; i < entry->type->n_segments; i++)
    pennants += entry->type->segments[i].pennants;
  return pennants > 0;
}

/* Three or four roads end in the tile's middle: at a crossroads, or at a tower foundation. */
static gboolean
is_crossroads (const TesseraBoxEntry *entry)
{
  guint at_crossroads = 0, at_tower = 0;

  for (guint i = 0; i < entry->type->n_segments; i++)
    {
      at_crossroads += g_str_equal (entry->type->segments[i].ends, "crossroads");
      at_tower += g_str_equal (entry->type->segments[i].ends, "tower");
    }
  return at_crossroads >= 3 || at_tower >= 3;
}

static gboolean
has_road (const TesseraBoxEntry *entry,
          gboolean               straight)
{
  for (guint i = 0; i < entry->type->n_segments; i++)
    {
      const TesseraSegment *segment = &entry->type->segments[i];
      gboolean north_south = segment->sides == (1 << TESSERA_SIDE_N | 1 << TESSERA_SIDE_S);
      gboolean east_west = segment->sides == (1 << TESSERA_SIDE_E | 1 << TESSERA_SIDE_W);

      if (segment->kind == TESSERA_FEATURE_ROAD && __builtin_popcount (segment->sides) == 2
          && (north_south || east_west) == straight)
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_curve (const TesseraBoxEntry *entry)
{
  return has_road (entry, FALSE);
}

static gboolean
is_straight (const TesseraBoxEntry *entry)
{
  return has_road (entry, TRUE);
}

static gboolean
is_wheel (const TesseraBoxEntry *entry)
{
  return entry->wheel > 0;
}

static gboolean
is_wheel_1 (const TesseraBoxEntry *entry)
{
  return entry->wheel == 1;
}

static gboolean
is_tower (const TesseraBoxEntry *entry)
{
  return entry->type->tower;
}

static gboolean
is_magic (const TesseraBoxEntry *entry)
{
  return entry->type->magic;
}

static gboolean
is_crop_circle (const TesseraBoxEntry *entry)
{
  return entry->type->crop != TESSERA_CROP_NONE;
}

static const struct
{
  const char *typed;
  Trait       trait;
} words[] = {
  /* English */
  { "monastery", is_cloister }, { "cloister", is_cloister }, { "Abbey", is_cloister },
  { "pennant", is_pennant }, { "shield", is_pennant }, { "coat of arms", is_pennant },
  { "crossroad", is_crossroads }, { "crossroads", is_crossroads }, { "junction", is_crossroads },
  { "curve", is_curve }, { "bend", is_curve },
  { "straight", is_straight }, { "straight road", is_straight },
  { "field", is_field }, { "farm", is_field }, { "FARM", is_field },
  { "city", is_city }, { "road", is_road },
  { "crown", is_wheel }, { "wheel", is_wheel }, { "wheel icon", is_wheel }, { "w1", is_wheel_1 }, { "W1", is_wheel_1 },
  { "crop circle", is_crop_circle }, { "crop", is_crop_circle }, { "circle", is_crop_circle },
  { "tower", is_tower }, { "tower foundation", is_tower }, { "foundation", is_tower },
  { "magic symbol", is_magic }, { "magic", is_magic }, { "mage", is_magic }, { "witch", is_magic },
  /* Dutch */
  { "klooster", is_cloister }, { "wapen", is_pennant }, { "kruispunt", is_crossroads }, { "splitsing", is_crossroads },
  { "bocht", is_curve }, { "rechte weg", is_straight }, { "weide", is_field }, { "weiland", is_field },
  { "stad", is_city }, { "weg", is_road }, { "kroon", is_wheel }, { "rad van fortuin", is_wheel },
  { "graancirkel", is_crop_circle }, { "toren", is_tower }, { "bouwplaats", is_tower },
  { "magiërssymbool", is_magic }, { "magiers", is_magic }, { "tovenaar", is_magic }, { "heks", is_magic },
  /* Spanish, with and without accents */
  { "monasterio", is_cloister }, { "escudo", is_pennant }, { "cruce", is_crossroads }, { "curva", is_curve },
  { "camino recto", is_straight }, { "recto", is_straight }, { "granja", is_field }, { "campo", is_field },
  { "ciudad", is_city }, { "camino", is_road }, { "corona", is_wheel }, { "rueda", is_wheel },
  { "círculo de cultivo", is_crop_circle }, { "circulo", is_crop_circle }, { "torre", is_tower },
  { "símbolo mágico", is_magic }, { "simbolo magico", is_magic }, { "bruja", is_magic },
};

/* Every kind of tile of every box of the catalogue. */
static GPtrArray *
every_entry (void)
{
  GPtrArray *sets = tessera_catalogue_get_sets (tessera_catalogue_get_default ());
  GPtrArray *entries = g_ptr_array_new ();

  for (guint i = 0; i < sets->len; i++)
    {
      const TesseraTileSet *set = g_ptr_array_index (sets, i);

      for (guint j = 0; j < set->box->len; j++)
        g_ptr_array_add (entries, g_ptr_array_index (set->box, j));
    }
  return entries;
}

/* For each word, the search finds exactly the tiles that show it. */
static void
test_words (void)
{
  g_autoptr(GPtrArray) entries = every_entry ();

  for (guint w = 0; w < G_N_ELEMENTS (words); w++)
    {
      g_autoptr(GString) found = g_string_new (NULL);
      guint n_expected = 0;

      for (guint i = 0; i < entries->len; i++)
        {
          const TesseraBoxEntry *entry = g_ptr_array_index (entries, i);
          gboolean expected = words[w].trait (entry);

          if (tessera_tile_palette_entry_matches (entry, words[w].typed) != expected)
            g_error ("\"%s\" %s tile %s", words[w].typed, expected ? "does not find" : "finds", entry->id);
          if (expected)
            g_string_append_printf (found, " %s", entry->id);
          n_expected += expected;
        }
      /* Each word names some tiles, not all: otherwise it would tell nothing. */
      g_assert_cmpuint (n_expected, >, 0);
      g_assert_cmpuint (n_expected, <, entries->len);
      g_test_message ("\"%s\":%s", words[w].typed, found->str);
    }
}

/* The ids as the catalogue writes them (doc/tiles.md: "MW-1", "TO-02", "U+W2"), and as they are
 * typed: any case, with or without the dash, the plus sign or the leading zero. */
static void
test_ids (void)
{
  static const struct
  {
    const char *typed;
    const char *ids;
  } cases[] = {
    { "mw1", "MW-1" }, { "MW-1", "MW-1" }, { "Mw-1", "MW-1" },
    { "to2", "TO-02" }, { "TO-02", "TO-02" }, { "to02", "TO-02" }, { "to-2", "TO-02" },
    { "to12", "TO-12" }, { "TO-12", "TO-12" },
    { "cc2-3", "CC2-3" }, { "CC23", "CC2-3" },
    { "u+w2", "U+W2" }, { "uw2", "U+W2" }, { "U W2", "U+W2" },
    { "ic17", "IC-17+W1" }, { "ic-17+w1", "IC-17+W1" },
    { "wof1", "WOF-1" }, { "ks3", "KS-3" },
    { "x", "X X+W1" },
    { "mw", "MW-1 MW-2 MW-3 MW-4 MW-5 MW-6 MW-7 MW-8" },
  };
  g_autoptr(GPtrArray) entries = every_entry ();

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GString) found = g_string_new (NULL);

      for (guint i = 0; i < entries->len; i++)
        {
          const TesseraBoxEntry *entry = g_ptr_array_index (entries, i);

          /* The base game's tiles are in the mixed box and the Wheel of Fortune's list alike. */
          if (tessera_tile_palette_entry_matches (entry, cases[c].typed) && strstr (found->str, entry->id) == NULL)
            g_string_append_printf (found, "%s%s", found->len > 0 ? " " : "", entry->id);
        }
      g_assert_cmpstr (found->str, ==, cases[c].ids);
    }
}

/* "screenshot-palette-NAME.png", with the language when it is not English. */
static char *
screenshot_name (const char *name)
{
  const char *language = g_getenv ("LANGUAGE");

  if (language != NULL && *language != '\0')
    return g_strdup_printf ("screenshot-palette-%s-%s.png", name, language);
  return g_strdup_printf ("screenshot-palette-%s.png", name);
}

/* The app at 1024x600 -------------------------------------------------------------------------- */

static const char * const largest[] = { "wheel-of-fortune", "tower", "mage-witch", "crop-circles", NULL };

static TesseraWindow *
start_game (TesseraGameView **view)
{
  g_autoptr(TesseraRecord) record = tessera_random_game_with_sets (7, 3, largest);
  g_autoptr(TesseraRecord) header = tessera_record_copy_header (record);
  g_autoptr(GError) error = NULL;
  TesseraWindow *window = tessera_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 600);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (tessera_window_start_game (window, header, FALSE, &error));
  g_assert_no_error (error);
  *view = tessera_window_get_game_view (window);
  for (guint i = 0; i < 100 && !gtk_widget_get_mapped (GTK_WIDGET (*view)); i++)
    tessera_test_settle (50);
  tessera_test_settle (500);
  return window;
}

static GtkWidget *
get_search (TesseraGameView *view)
{
  return tessera_test_find_descendant (GTK_WIDGET (tessera_game_view_get_palette (view)), GTK_TYPE_SEARCH_ENTRY);
}

static GtkAdjustment *
get_vadjustment (TesseraGameView *view)
{
  GtkWidget *scrolled = tessera_test_find_descendant (GTK_WIDGET (tessera_game_view_get_palette (view)),
                                                      GTK_TYPE_SCROLLED_WINDOW);

  return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
}

/* The ids of the tiles the palette shows, in its order. */
static char *
shown_ids (TesseraGameView *view)
{
  GtkWidget *flow = tessera_test_find_descendant (GTK_WIDGET (tessera_game_view_get_palette (view)), GTK_TYPE_FLOW_BOX);
  GString *ids = g_string_new (NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (flow); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *button = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      const TesseraBoxEntry *entry = g_object_get_data (G_OBJECT (button), "entry");

      if (gtk_widget_get_child_visible (child))
        g_string_append_printf (ids, "%s%s", ids->len > 0 ? " " : "", entry->id);
    }
  return g_string_free (ids, FALSE);
}

static void
type_search (TesseraGameView *view,
             const char      *text)
{
  gtk_editable_set_text (GTK_EDITABLE (get_search (view)), text);
  /* What the search entry emits a moment after the last key, at once. */
  g_signal_emit_by_name (get_search (view), "search-changed");
  tessera_test_settle (50);
}

/* The search in the running game: a Dutch word shows the tiles that have it, Enter on an id in
 * another form takes that tile. */
static void
test_search_in_game (void)
{
  TesseraGameView *view;
  TesseraWindow *window = start_game (&view);
  GArray *supply = tessera_game_get_supply (tessera_game_view_get_game (view));
  g_autoptr(GString) cloisters = g_string_new (NULL);
  g_autofree char *shown = NULL;
  g_autofree char *name = NULL;

  for (guint i = 0; i < supply->len; i++)
    {
      const TesseraSupplyEntry *entry = &g_array_index (supply, TesseraSupplyEntry, i);

      if (entry->left > 0 && entry->entry->type->cloister)
        g_string_append_printf (cloisters, "%s%s", cloisters->len > 0 ? " " : "", entry->entry->id);
    }
  type_search (view, "klooster");
  shown = shown_ids (view);
  g_assert_cmpstr (shown, ==, cloisters->str);
  name = screenshot_name ("search");
  tessera_test_save_screenshot (GTK_WIDGET (window), name);

  type_search (view, "mw1");
  g_signal_emit_by_name (get_search (view), "activate");
  tessera_test_settle (50);
  g_assert_cmpint (tessera_turn_get_step (tessera_game_view_get_turn (view)), ==, TESSERA_TURN_PLACE);
  g_assert_cmpstr (tessera_turn_get_entry (tessera_game_view_get_turn (view))->id, ==, "MW-1");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
activate (TesseraGameView *view,
          const char      *action,
          GVariant        *parameter)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (view), action, parameter));
  tessera_test_settle (2);
}

/* A turn that ends with the palette scrolled down starts the next one at its top. */
static void
test_scroll_reset (void)
{
  TesseraGameView *view;
  TesseraWindow *window = start_game (&view);
  GtkAdjustment *vadjustment = get_vadjustment (view);
  TesseraTurn *turn;
  const TesseraPlacement *placements;
  guint n_placements, n_events = tessera_game_get_n_events (tessera_game_view_get_game (view));

  /* Every box fits the palette at 1024x600 once its tiles have their size (an idle after the
   * first layout); a palette that needs a scroll (a narrower or shorter side panel) is made by
   * asking its list for three times its room. Waiting for that size first: the first layout,
   * with the largest tiles, scrolls only for a moment. */
  for (guint i = 0; i < 20 && gtk_adjustment_get_upper (vadjustment) > gtk_adjustment_get_page_size (vadjustment); i++)
    tessera_test_settle (50);
  gtk_widget_set_size_request (tessera_test_find_descendant (GTK_WIDGET (tessera_game_view_get_palette (view)), GTK_TYPE_FLOW_BOX),
                               -1, 3 * (int) gtk_adjustment_get_page_size (vadjustment));
  tessera_test_settle (200);

  /* Scrolled to the bottom, as when the last tile was a Mage & Witch one. */
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadjustment), >, gtk_adjustment_get_page_size (vadjustment));
  gtk_adjustment_set_value (vadjustment, gtk_adjustment_get_upper (vadjustment));
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment), >, 0);

  /* A plain tile (no wheel, no magic): placed, no follower, confirmed. */
  activate (view, "game.choose-tile", g_variant_new_string ("D"));
  turn = tessera_game_view_get_turn (view);
  placements = tessera_turn_get_placements (turn, &n_placements);
  g_assert_cmpuint (n_placements, >, 0);
  activate (view, "game.place", g_variant_new ("(iiu)", placements[0].cell.x, placements[0].cell.y, placements[0].rotation * 90u));
  while (tessera_turn_get_step (tessera_game_view_get_turn (view)) == TESSERA_TURN_ACTION)
    activate (view, "game.skip", NULL);
  g_assert_cmpint (tessera_turn_get_step (tessera_game_view_get_turn (view)), ==, TESSERA_TURN_CONFIRM);
  activate (view, "game.confirm", NULL);
  g_assert_cmpuint (tessera_game_get_n_events (tessera_game_view_get_game (view)), ==, n_events + 1);

  tessera_test_settle (200);
  vadjustment = get_vadjustment (view);
  g_assert_cmpint (tessera_turn_get_step (tessera_game_view_get_turn (view)), ==, TESSERA_TURN_DRAW);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* At 1024x600, the largest box: every kind of tile shows at the top of the palette or one page
 * further down. Rows are counted as a person sees them: those wholly in view at the top, against
 * all rows. */
static void
test_reach (void)
{
  TesseraGameView *view;
  TesseraWindow *window = start_game (&view);
  GtkWidget *palette = GTK_WIDGET (tessera_game_view_get_palette (view));
  GtkWidget *scrolled = tessera_test_find_descendant (palette, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *flow = tessera_test_find_descendant (palette, GTK_TYPE_FLOW_BOX);
  GtkAdjustment *vadjustment = get_vadjustment (view);
  g_autoptr(GArray) row_tops = g_array_new (FALSE, FALSE, sizeof (double));
  guint n_kinds = 0, n_rows_seen = 0, tile_size = 0;
  double page;
  g_autofree char *name = NULL;

  /* The picture waits until the palette has settled on its tiles' size. */
  name = screenshot_name ("1024x600");
  tessera_test_save_screenshot (GTK_WIDGET (window), name);
  page = gtk_widget_get_height (scrolled);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment), ==, 0);
  for (GtkWidget *child = gtk_widget_get_first_child (flow); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      graphene_rect_t bounds;
      double top;
      gboolean known = FALSE;

      g_assert_true (gtk_widget_compute_bounds (child, scrolled, &bounds));
      top = bounds.origin.y;
      n_kinds++;
      for (guint i = 0; i < row_tops->len; i++)
        known |= fabs (g_array_index (row_tops, double, i) - top) < 1;
      if (!known)
        {
          g_array_append_val (row_tops, top);
          n_rows_seen += top >= 0 && top + bounds.size.height <= page;
        }
      if (tile_size == 0)
        {
          GtkWidget *picture = tessera_test_find_descendant (child, GTK_TYPE_DRAWING_AREA);

          tile_size = (guint) gtk_widget_get_width (picture);
        }
    }
  g_test_message ("1024x600, Wheel of Fortune box, The Tower, Mage & Witch, crop circles: %u kinds of tile "
                  "in %u rows of %u-pixel tiles, %u rows in view (%.0f of %.0f pixels), window %dx%d",
                  n_kinds, row_tops->len, tile_size, n_rows_seen, page, gtk_adjustment_get_upper (vadjustment),
                  gtk_widget_get_width (GTK_WIDGET (window)), gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpuint (n_kinds, >=, 60);
  g_assert_cmpuint (n_rows_seen, >, 0);
  /* One scroll: a page down shows the rest. */
  g_assert_cmpuint (row_tops->len, <=, 2 * n_rows_seen);
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadjustment), <=, 2 * page);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *scratch = NULL;
  g_autofree char *history = NULL;
  int status;

  app = tessera_test_ui_init (&argc, &argv, "test-palette", &scratch);
  g_test_add_func ("/palette/words", test_words);
  g_test_add_func ("/palette/ids", test_ids);
  if (app != NULL)
    {
      /* The stack's crossfade would otherwise still show the start page in the pictures. */
      g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
      g_test_add_func ("/palette/search-in-game", test_search_in_game);
      g_test_add_func ("/palette/scroll-reset", test_scroll_reset);
      g_test_add_func ("/palette/reach-1024x600", test_reach);
    }
  status = g_test_run ();
  g_clear_object (&app);
  history = g_build_filename (scratch, "history.db", NULL);
  tessera_test_remove_history (history);
  g_rmdir (scratch);
  return status;
}
