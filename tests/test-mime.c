/* test-mime.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>

/* The desktop knows game records: a MIME database built from the MIME XML this build installs
 * (TESSERA_MIME_XML), on top of the system's, tells a *.tessera file and a *.json record by its
 * first bytes as application/x-tessera-game, and any other JSON as JSON. GIO reads the database
 * the way the file manager does. The desktop file (TESSERA_DESKTOP_FILE) offers the app for it. */

#define RECORD_TYPE "application/x-tessera-game"

static char *scratch_dir;

/* A file in the scratch folder with @contents, as GIO reports its type. */
static char *
query_type (const char *name,
            const char *contents)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (scratch_dir, "files", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInfo) info = NULL;

  g_assert_true (g_file_set_contents (path, contents, -1, &error));
  g_assert_no_error (error);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_CONTENT_TYPE, G_FILE_QUERY_INFO_NONE, NULL, &error);
  g_assert_no_error (error);
  g_remove (path);
  return g_strdup (g_file_info_get_content_type (info));
}

static char *
example_record (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "examples", "base-game.json", NULL);
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  return contents;
}

static void
test_tessera_file (void)
{
  g_autofree char *record = example_record ();
  g_autofree char *type = query_type ("game.tessera", record);
  g_autofree char *by_name = NULL;
  gboolean uncertain = TRUE;

  g_assert_cmpstr (type, ==, RECORD_TYPE);
  /* The name alone is enough: the file manager need not read it. */
  by_name = g_content_type_guess ("game.tessera", NULL, 0, &uncertain);
  g_assert_cmpstr (by_name, ==, RECORD_TYPE);
  g_assert_false (uncertain);
  g_assert_true (g_content_type_is_a (RECORD_TYPE, "application/json"));
}

/* A record named *.json, as Tessera wrote it and as other programs write JSON. */
static void
test_json_record (void)
{
  static const char * const spellings[] = {
    "{\"format\":\"tessera-game\",\"version\":1}",                                    /* compact */
    "{\n  \"format\" : \"tessera-game\",\n  \"version\" : 1\n}",                      /* json-glib */
    "{\n    \"version\": 1,\n    \"format\": \"tessera-game\"\n}",                    /* reordered */
  };
  g_autofree char *record = example_record ();
  g_autofree char *type = query_type ("game.json", record);

  g_assert_cmpstr (type, ==, RECORD_TYPE);
  for (guint i = 0; i < G_N_ELEMENTS (spellings); i++)
    {
      g_autofree char *other = query_type ("other.json", spellings[i]);

      g_assert_cmpstr (other, ==, RECORD_TYPE);
    }
}

/* JSON that is not a record stays JSON, also one that says "tessera-game" elsewhere. */
static void
test_plain_json (void)
{
  static const char * const others[] = {
    "{\"name\": \"Anna\", \"score\": 42}\n",
    "{\"format\": \"geojson\", \"note\": \"tessera-game\"}\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      g_autofree char *type = query_type ("plain.json", others[i]);

      g_assert_cmpstr (type, ==, "application/json");
    }
}

/* Read as a key file: GDesktopAppInfo refuses a file whose program is not installed. */
static void
test_desktop_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GKeyFile) desktop = g_key_file_new ();
  g_auto(GStrv) types = NULL;
  g_autofree char *exec = NULL;

  g_assert_true (g_key_file_load_from_file (desktop, g_getenv ("TESSERA_DESKTOP_FILE"), G_KEY_FILE_NONE, &error));
  g_assert_no_error (error);
  types = g_key_file_get_string_list (desktop, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_MIME_TYPE, NULL,
                                      &error);
  g_assert_no_error (error);
  g_assert_true (g_strv_contains ((const char * const *) types, RECORD_TYPE));
  /* Files from the file manager reach the app, local or not. */
  exec = g_key_file_get_string (desktop, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_EXEC, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (exec, ==, "tessera %U");
  /* Opened through D-Bus (org.freedesktop.Application.Open) when the session has a bus. */
  g_assert_true (g_key_file_get_boolean (desktop, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_DBUS_ACTIVATABLE,
                                         &error));
  g_assert_no_error (error);
}

/* The database: the MIME XML in a data folder of its own, searched first, then the system's,
 * which knows application/json. Set before GIO first reads the environment. */
static gboolean
build_database (GError **error)
{
  g_autofree char *packages = g_build_filename (scratch_dir, "data", "mime", "packages", NULL);
  g_autofree char *mime = g_build_filename (scratch_dir, "data", "mime", NULL);
  g_autofree char *xml_name = g_path_get_basename (g_getenv ("TESSERA_MIME_XML"));
  g_autofree char *target = g_build_filename (packages, xml_name, NULL);
  g_autofree char *contents = NULL;
  g_autofree char *home = g_build_filename (scratch_dir, "home", NULL);
  g_autofree char *files = g_build_filename (scratch_dir, "files", NULL);
  g_autofree char *data = g_build_filename (scratch_dir, "data", NULL);
  g_autofree char *dirs = NULL;
  const char *system_dirs = g_getenv ("XDG_DATA_DIRS");
  const char *argv[] = { g_getenv ("UPDATE_MIME_DATABASE"), mime, NULL };
  g_autofree char *errors = NULL;
  gsize length;
  int status;

  if (g_mkdir_with_parents (packages, 0700) != 0 || g_mkdir_with_parents (home, 0700) != 0 ||
      g_mkdir_with_parents (files, 0700) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "cannot make the folders in %s", scratch_dir);
      return FALSE;
    }
  if (!g_file_get_contents (g_getenv ("TESSERA_MIME_XML"), &contents, &length, error) ||
      !g_file_set_contents (target, contents, (gssize) length, error))
    return FALSE;
  /* It notes on stderr that the folder is not searched yet: said only when it fails. */
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &errors, &status,
                     error))
    return FALSE;
  if (!g_spawn_check_wait_status (status, error))
    {
      g_prefix_error (error, "%s: ", errors);
      return FALSE;
    }

  dirs = g_strdup_printf ("%s:%s", data, system_dirs != NULL && *system_dirs != '\0' ? system_dirs
                                                                                       : "/usr/local/share:/usr/share");
  g_setenv ("XDG_DATA_DIRS", dirs, TRUE);
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  return TRUE;
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("UPDATE_MIME_DATABASE") == NULL || g_getenv ("TESSERA_MIME_XML") == NULL)
    {
      g_test_skip ("update-mime-database not found (Debian package shared-mime-info)");
      return g_test_run ();
    }
  scratch_dir = g_dir_make_tmp ("tessera-mime-XXXXXX", &error);
  g_assert_no_error (error);
  if (!build_database (&error))
    g_error ("cannot build the MIME database: %s", error->message);

  g_test_add_func ("/mime/tessera-file", test_tessera_file);
  g_test_add_func ("/mime/json-record", test_json_record);
  g_test_add_func ("/mime/plain-json", test_plain_json);
  g_test_add_func ("/mime/desktop-file", test_desktop_file);
  status = g_test_run ();

  remove_tree (scratch_dir);
  g_free (scratch_dir);
  return status;
}
