/* test-flatpak-manifest.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

/* The Flatpak manifests cannot be built here: that needs the GNOME runtime from the network.
 * There are two: build-aux/io.github.tessera.Tessera.json builds this source tree (a "dir"
 * source), and build-aux/flathub/io.github.tessera.Tessera.json is the one for Flathub, which
 * builds a release from its git tag, pinned to the tag's commit. What can be checked offline is
 * checked: they are JSON, they name the app, the runtime and the command, they build Tessera
 * with meson and run its tests, and the sandbox stays as narrow as the app needs. The Flathub
 * one's source is the repository of the home page, at a release the metainfo lists, and where
 * this clone has the tag, its commit is the one pinned. flatpak-builder reads both as it would
 * for a build, without a warning. */

#define RUNTIME_VERSION "51"

static char *manifest_path;
static char *flathub_manifest_path;
static char *metainfo_path;

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
load_manifest_at (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  g_file_get_contents (path, &data, &length, &error);
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

static JsonObject *
load_manifest (void)
{
  return load_manifest_at (manifest_path);
}

/* The Flathub manifest's source: the home page's repository at a release tag, pinned to a
 * commit. */
static void
assert_git_source (JsonObject *source)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *metainfo = NULL;
  g_autofree char *release = NULL;
  const char *tag = json_object_get_string_member (source, "tag");
  const char *commit = json_object_get_string_member (source, "commit");

  g_assert_cmpstr (json_object_get_string_member (source, "type"), ==, "git");
  g_assert_cmpstr (json_object_get_string_member (source, "url"), ==, "https://github.com/tessera/tessera.git");
  g_assert_true (g_regex_match_simple ("^v[0-9]+\\.[0-9]+\\.[0-9]+$", tag, 0, 0));
  g_assert_true (g_regex_match_simple ("^[0-9a-f]{40}$", commit, 0, 0));
  g_assert_false (json_object_has_member (source, "branch"));
  /* The tag is a release the metainfo announces. */
  g_file_get_contents (metainfo_path, &metainfo, NULL, &error);
  g_assert_no_error (error);
  release = g_strdup_printf ("<release version=\"%s\"", tag + 1);
  g_assert_nonnull (strstr (metainfo, release));
}

/* What is true of a manifest as written and as flatpak-builder read it back. */
static void
assert_manifest (JsonObject *manifest,
                 gboolean    flathub)
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
    if (flathub)
      {
        assert_git_source (source);
        return;
      }
    g_assert_cmpstr (json_object_get_string_member (source, "type"), ==, "dir");
    /* The manifest lives in build-aux/: the source tree is its parent. */
    g_assert_cmpstr (json_object_get_string_member (source, "path"), ==, "..");
  }
}

static void
test_parse (void)
{
  g_autoptr(JsonObject) manifest = load_manifest ();
  g_autoptr(JsonObject) flathub = load_manifest_at (flathub_manifest_path);
  g_autoptr(JsonNode) local_args = NULL;
  g_autoptr(JsonNode) flathub_args = NULL;

  assert_manifest (manifest, FALSE);
  assert_manifest (flathub, TRUE);
  /* One sandbox: the Flathub build is the local one from a release. */
  local_args = json_node_ref (json_object_get_member (manifest, "finish-args"));
  flathub_args = json_node_ref (json_object_get_member (flathub, "finish-args"));
  g_assert_true (json_node_equal (local_args, flathub_args));
}

/* Where this clone has the release's tag (a clone made with its tags), the Flathub manifest
 * pins the commit the tag names. */
static void
test_flathub_commit (void)
{
  g_autoptr(JsonObject) flathub = load_manifest_at (flathub_manifest_path);
  JsonObject *module = json_array_get_object_element (json_object_get_array_member (flathub, "modules"), 0);
  JsonObject *source = json_array_get_object_element (json_object_get_array_member (module, "sources"), 0);
  const char *tag = json_object_get_string_member (source, "tag");
  g_autofree char *source_dir = g_test_build_filename (G_TEST_DIST, "..", NULL);
  g_autofree char *ref = g_strconcat (tag, "^{commit}", NULL);
  const char *argv[] = { "git", "-C", source_dir, "rev-parse", "--verify", "--quiet", ref, NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                     &status, &error))
    {
      g_test_skip ("git is not installed");
      return;
    }
  if (!g_spawn_check_wait_status (status, NULL))
    {
      g_test_skip ("this clone has no tag of the release (a source archive, or a clone without tags)");
      return;
    }
  g_strstrip (out);
  g_assert_cmpstr (out, ==, json_object_get_string_member (source, "commit"));
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
test_flatpak_builder (gconstpointer data)
{
  const char *flatpak_builder = g_getenv ("FLATPAK_BUILDER");
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonObject) shown = NULL;
  gboolean flathub = GPOINTER_TO_INT (data);
  /* flatpak-builder keeps a state folder (.flatpak-builder) even for this, where it runs: in
   * the build directory, not the source tree. */
  const char *build_dir = g_test_get_dir (G_TEST_BUILT);
  const char *argv[] = { flatpak_builder, "--show-manifest", flathub ? flathub_manifest_path : manifest_path, NULL };
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
  assert_manifest (shown, flathub);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  manifest_path = g_test_build_filename (G_TEST_DIST, "..", "build-aux", APP_ID ".json", NULL);
  flathub_manifest_path = g_test_build_filename (G_TEST_DIST, "..", "build-aux", "flathub", APP_ID ".json", NULL);
  metainfo_path = g_test_build_filename (G_TEST_DIST, "..", "data", APP_ID ".metainfo.xml.in", NULL);

  g_test_add_func ("/flatpak-manifest/parse", test_parse);
  g_test_add_func ("/flatpak-manifest/sandbox", test_sandbox);
  g_test_add_func ("/flatpak-manifest/flathub-commit", test_flathub_commit);
  g_test_add_data_func ("/flatpak-manifest/flatpak-builder", GINT_TO_POINTER (FALSE), test_flatpak_builder);
  g_test_add_data_func ("/flatpak-manifest/flatpak-builder-flathub", GINT_TO_POINTER (TRUE), test_flatpak_builder);
  status = g_test_run ();
  g_free (manifest_path);
  g_free (flathub_manifest_path);
  g_free (metainfo_path);
  return status;
}
