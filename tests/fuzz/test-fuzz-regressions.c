/* test-fuzz-regressions.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "tessera-fuzz.h"

/* Every input the fuzzers once broke Tessera with (tests/fuzz/regressions/), and their seed
 * corpora (the test records, the examples, the tile sets), through the fuzz targets' own path
 * and properties, in every build: a bug found once stays fixed. *.tileset files go to the
 * tile-set reader, *.game files (the game target's seeds) to the game target, everything else
 * to the record reader. */

static void
test_input (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize size;

  g_assert_true (g_file_get_contents (path, &contents, &size, &error));
  g_assert_no_error (error);
  if (g_str_has_suffix (path, ".tileset"))
    tessera_fuzz_tileset ((const guint8 *) contents, size);
  else if (g_str_has_suffix (path, ".game"))
    tessera_fuzz_game ((const guint8 *) contents, size);
  else
    tessera_fuzz_record ((const guint8 *) contents, size);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Adds a case for every file under @folder (and its folders), named by its path from @base. */
static void
add_folder (const char *base,
            const char *folder,
            GPtrArray  *paths)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (folder, g_ptr_array_index (names, i), NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        add_folder (base, path, paths);
      else if (g_str_has_suffix (path, ".json") || g_str_has_suffix (path, ".tileset") ||
               g_str_has_suffix (path, ".game"))
        {
          g_autofree char *test_path = g_strconcat ("/fuzz/", path + strlen (base) + 1, NULL);

          g_ptr_array_add (paths, g_strdup (path));
          g_test_add_data_func (test_path, g_ptr_array_index (paths, paths->len - 1), test_input);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *root = NULL;

  g_test_init (&argc, &argv, NULL);
  tessera_fuzz_init ();

  root = g_test_build_filename (G_TEST_DIST, "..", NULL);
  {
    static const char * const folders[] = { "tests/fuzz/regressions", "tests/fuzz/seeds-game", "tests/records", "data/examples", "data/tilesets" };

    for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
      {
        g_autofree char *folder = g_build_filename (root, folders[i], NULL);

        add_folder (root, folder, paths);
      }
  }
  return g_test_run ();
}
