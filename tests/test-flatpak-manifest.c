/* test-flatpak-manifest.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>

/* The Flatpak manifest (build-aux/io.github.tessera.Tessera.json) cannot be built here: that
 * needs the GNOME runtime from the network. What can be checked offline is checked: it is JSON,
 * it names the app, the runtime and the command, it builds Tessera with meson from this source
 * tree and runs its tests, and its sandbox stays as narrow as the app needs. flatpak-builder
 * reads it as it would for a build, without a warning. */

#define RUNTIME_VERSION "51"

static char *manifest_path;

static JsonObject *
parse_object (const char *data,
              gssize      length)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  json_parser_load_from_data (parser, data, length, &error);
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_nonnull (root);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_object_ref (json_node_get_object (root));
}

static JsonObject *
load_manifest (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  g_file_get_contents (manifest_path, &data, &length, &error);
  g_assert_no_error (error);
  return parse_object (data, (gssize) length);
}

static gboolean
array_has_string (JsonArray  *array,
                  const char *string)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    if (g_strcmp0 (json_array_get_string_element (array, i), string) == 0)
      return TRUE;
  return FALSE;
}

/* What is true of the manifest as written and of the manifest flatpak-builder read back. */
static void
assert_manifest (JsonObject *manifest)
{
  JsonArray *modules;
  JsonObject *tessera = NULL;

  g_assert_cmpstr (json_object_get_string_member (manifest, "id"), ==, APP_ID);
  g_assert_cmpstr (json_object_get_string_member (manifest, "runtime"), ==, "org.gnome.Platform");
  g_assert_cmpstr (json_object_get_string_member (manifest, "runtime-version"), ==, RUNTIME_VERSION);
  g_assert_cmpstr (json_object_get_string_member (manifest, "sdk"), ==, "org.gnome.Sdk");
  g_assert_cmpstr (json_object_get_string_member (manifest, "command"), ==, "tessera");

  /* GTK, libadwaita, json-glib and SQLite come with the runtime: Tessera is the only module. */
  modules = json_object_get_array_member (manifest, "modules");
  g_assert_cmpuint (json_array_get_length (modules), ==, 1);
  for (guint i = 0; i < json_array_get_length (modules); i++)
    {
      JsonObject *module = json_array_get_object_element (modules, i);

      if (g_strcmp0 (json_object_get_string_member (module, "name"), "tessera") == 0)
        tessera = module;
    }
  g_assert_nonnull (tessera);
  g_assert_cmpstr (json_object_get_string_member (tessera, "buildsystem"), ==, "meson");
  g_assert_true (json_object_get_boolean_member_with_default (tessera, "run-tests", FALSE));
  {
    JsonArray *sources = json_object_get_array_member (tessera, "sources");
    JsonObject *source;

    g_assert_cmpuint (json_array_get_length (sources), ==, 1);
    source = json_array_get_object_element (sources, 0);
    g_assert_cmpstr (json_object_get_string_member (source, "type"), ==, "dir");
    /* The manifest lives in build-aux/: the source tree is its parent. */
    g_assert_cmpstr (json_object_get_string_member (source, "path"), ==, "..");
  }
}

static void
test_parse (void)
{
  g_autoptr(JsonObject) manifest = load_manifest ();

  assert_manifest (manifest);
}

/* The sandbox: a window on Wayland or X11 and the GPU, nothing else. Files come and go through
 * the file chooser portal (GtkFileChooserNative), the history lives in the app's own data
 * folder, and nothing is fetched from the network. */
static void
test_sandbox (void)
{
  static const char * const wanted[] = { "--share=ipc", "--socket=wayland", "--socket=fallback-x11", "--device=dri" };
  g_autoptr(JsonObject) manifest = load_manifest ();
  JsonArray *finish_args = json_object_get_array_member (manifest, "finish-args");

  g_assert_cmpuint (json_array_get_length (finish_args), ==, G_N_ELEMENTS (wanted));
  for (guint i = 0; i < G_N_ELEMENTS (wanted); i++)
    g_assert_true (array_has_string (finish_args, wanted[i]));
  for (guint i = 0; i < json_array_get_length (finish_args); i++)
    {
      const char *arg = json_array_get_string_element (finish_args, i);

      g_assert_false (g_str_has_prefix (arg, "--filesystem"));
      g_assert_false (g_str_has_prefix (arg, "--share=network"));
      g_assert_false (g_str_has_prefix (arg, "--talk-name"));
      g_assert_false (g_str_has_prefix (arg, "--device=all"));
    }
}

/* flatpak-builder reads the manifest without a warning (an unknown property or source type is
 * only a warning to it), and what it read is still the manifest. */
static void
test_flatpak_builder (void)
{
  const char *flatpak_builder = g_getenv ("FLATPAK_BUILDER");
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonObject) shown = NULL;
  /* flatpak-builder keeps a state folder (.flatpak-builder) even for this, where it runs: in
   * the build directory, not the source tree. */
  const char *build_dir = g_test_get_dir (G_TEST_BUILT);
  const char *argv[] = { flatpak_builder, "--show-manifest", manifest_path, NULL };
  int status;

  if (flatpak_builder == NULL || *flatpak_builder == '\0')
    {
      g_test_skip ("flatpak-builder is not installed (Debian package flatpak-builder)");
      return;
    }
  g_spawn_sync (build_dir, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_spawn_check_wait_status (status, &error);
  if (error != NULL)
    g_error ("flatpak-builder --show-manifest failed: %s\n%s", error->message, err);
  g_assert_cmpstr (err, ==, "");
  shown = parse_object (out, -1);
  assert_manifest (shown);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  manifest_path = g_test_build_filename (G_TEST_DIST, "..", "build-aux", APP_ID ".json", NULL);

  g_test_add_func ("/flatpak-manifest/parse", test_parse);
  g_test_add_func ("/flatpak-manifest/sandbox", test_sandbox);
  g_test_add_func ("/flatpak-manifest/flatpak-builder", test_flatpak_builder);
  status = g_test_run ();
  g_free (manifest_path);
  return status;
}
