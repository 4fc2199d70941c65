/* tessera-start-bench.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <stdlib.h>

#include "tessera-application.h"
#include "tessera-bench-history.h"
#include "tessera-start-probe.h"
#include "tessera-window.h"

/* How long Tessera takes from its start to its first frame, beside a minimal libadwaita window
 * (tessera-start-bench-minimal, built beside it) started the same way: each a new process
 * spawned by this one, with an empty history and with a history of 10,000 generated games
 * (--games N; --history FILE keeps it for the next run, and is the file tessera-history-ui-bench
 * keeps). The runs alternate, after one of each to warm the file cache; the medians are
 * printed, with where Tessera's time goes: before main (loading the program and its
 * libraries), GTK and libadwaita set up with the app's resources and style, the window made
 * with every page of it, the history opened, the start page filled and the window shown, and
 * the first frame (style, layout, drawing). Run under a display: xvfb-run -a. */

typedef enum {
  MINIMAL,
  EMPTY,
  FULL,
  N_CASES
} Case;

static const char * const case_names[] = {
  "minimal libadwaita window",
  "Tessera, empty history",
  "Tessera, 10,000 games",
};

/* The marks every run reports, in the order they come, and the history's opening. */
static const char * const marks[] = { "main", "startup", "window", "store", "realize", "frame", "cpu" };
#define FRAME 5
#define CPU 6

/* In the child: Tessera started as main.c starts it, watched by the probe. The history is
 * opened when the first window is made instead of a moment later, when it fills its start page,
 * so that its time is known apart. With TESSERA_START_BENCH_PAGES set, each page of the window
 * is made once more after the first frame, to say what each costs (made again: its type and
 * style are known by then). */

static void
child_window_added_cb (GtkApplication *app,
                       GtkWindow      *window)
{
  gint64 start = g_get_monotonic_time ();

  tessera_application_get_store (TESSERA_APPLICATION (app), NULL);
  tessera_start_probe_add ("store", (g_get_monotonic_time () - start) / 1000.0);
}

static void
time_pages (void)
{
  const struct {
    const char *name;
    GType     (*get_type) (void);
  } pages[] = {
    { "page-start", tessera_start_page_get_type },
    { "page-history", tessera_history_page_get_type },
    { "page-replay", tessera_replay_view_get_type },
    { "page-players", tessera_players_page_get_type },
    { "page-profile", tessera_player_profile_get_type },
    { "page-game", tessera_game_view_get_type },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      gint64 start = g_get_monotonic_time ();
      GtkWidget *page = g_object_ref_sink (g_object_new (pages[i].get_type (), NULL));

      tessera_start_probe_add (pages[i].name, (g_get_monotonic_time () - start) / 1000.0);
      g_object_unref (page);
    }
}

static void
child_shutdown_cb (GApplication *app)
{
  if (g_getenv ("TESSERA_START_BENCH_PAGES") != NULL)
    time_pages ();
}

static int
run_child (char *argv0)
{
  g_autoptr(TesseraApplication) app = NULL;
  char *argv[] = { argv0, NULL };

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = tessera_application_new ();
  /* As the minimal window: no other instance to hand over to. */
  g_application_set_flags (G_APPLICATION (app), g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  tessera_start_probe_watch (G_APPLICATION (app));
  g_signal_connect (app, "window-added", G_CALLBACK (child_window_added_cb), NULL);
  g_signal_connect (app, "shutdown", G_CALLBACK (child_shutdown_cb), NULL);
  return g_application_run (G_APPLICATION (app), 1, argv);
}

/* In the bench */

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (GArray *values)
{
  if (values->len == 0)
    return 0;
  g_array_sort (values, compare_doubles);
  if (values->len % 2 == 1)
    return g_array_index (values, double, values->len / 2);
  return (g_array_index (values, double, values->len / 2 - 1) + g_array_index (values, double, values->len / 2)) / 2;
}

/* The value of "@key=VALUE" in @line, or -1. */
static double
find_value (const char *line,
            const char *key)
{
  g_auto(GStrv) fields = g_strsplit (line, " ", -1);
  gsize key_length = strlen (key);

  for (guint i = 0; fields[i] != NULL; i++)
    if (g_str_has_prefix (fields[i], key) && fields[i][key_length] == '=')
      return g_ascii_strtod (fields[i] + key_length + 1, NULL);
  return -1;
}

/* Starts @program with @history (or none) and waits for it: the line it reports. */
static char *
start_once (const char *program,
            gboolean    as_child,
            const char *history,
            gboolean    pages)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = g_get_environ ();
  g_autofree char *t0 = NULL;
  g_autofree char *output = NULL;
  const char *argv[] = { program, as_child ? "--child" : NULL, NULL };
  int status;

  if (history != NULL)
    env = g_environ_setenv (env, "TESSERA_HISTORY_DB", history, TRUE);
  /* No session bus: neither program may find another instance, or start a bus through X11. */
  env = g_environ_setenv (env, "DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent", TRUE);
  env = g_environ_setenv (env, "GSETTINGS_BACKEND", "memory", TRUE);
  env = g_environ_setenv (env, "GTK_A11Y", "none", TRUE);
  env = g_environ_setenv (env, "NO_AT_BRIDGE", "1", TRUE);
  if (pages)
    env = g_environ_setenv (env, "TESSERA_START_BENCH_PAGES", "1", TRUE);
  else
    env = g_environ_unsetenv (env, "TESSERA_START_BENCH_PAGES");
  t0 = g_strdup_printf ("%" G_GINT64_FORMAT, g_get_monotonic_time ());
  env = g_environ_setenv (env, "TESSERA_START_BENCH_T0", t0, TRUE);
  if (!g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &output, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    g_error ("%s: %s", program, error->message);
  g_strstrip (output);
  if (find_value (output, "frame") < 0)
    g_error ("%s reported no frame: %s", program, output);
  return g_steal_pointer (&output);
}

int
main (int   argc,
      char *argv[])
{
  static const char * const history_files[] = { "", "-wal", "-shm", "-journal" };
  g_autoptr(GError) error = NULL;
  g_autofree char *self = NULL;
  g_autofree char *minimal = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *empty = NULL;
  g_autofree char *full = NULL;
  GArray *values[N_CASES][G_N_ELEMENTS (marks)];
  const char *kept = NULL;
  guint n_runs = 9, n_games = 10000;
  double minimal_frame;

  if (argc == 2 && g_str_equal (argv[1], "--child"))
    return run_child (argv[0]);
  for (int i = 1; i < argc; i++)
    {
      /* MAX() reads its arguments twice. */
      int value = i + 1 < argc ? atoi (argv[i + 1]) : 0;

      if (g_str_equal (argv[i], "--runs") && i + 1 < argc)
        n_runs = (guint) MAX (1, value), i++;
      else if (g_str_equal (argv[i], "--games") && i + 1 < argc)
        n_games = (guint) MAX (1, value), i++;
      else if (g_str_equal (argv[i], "--history") && i + 1 < argc)
        kept = argv[++i];
      else
        {
          g_printerr ("Usage: tessera-start-bench [--runs N] [--games N] [--history FILE]\n");
          return 2;
        }
    }
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_printerr ("tessera-start-bench: no display; run it under xvfb-run -a\n");
      return 77;
    }

  self = g_file_read_link ("/proc/self/exe", &error);
  g_assert_no_error (error);
  {
    g_autofree char *dir = g_path_get_dirname (self);

    minimal = g_build_filename (dir, "tessera-start-bench-minimal", NULL);
  }
  folder = g_dir_make_tmp ("tessera-start-bench-XXXXXX", &error);
  g_assert_no_error (error);
  /* The empty history exists: the start measured is not the first one ever. */
  empty = g_build_filename (folder, "empty.db", NULL);
  {
    g_autoptr(TesseraStore) store = tessera_store_open (empty, &error);

    g_assert_no_error (error);
  }
  full = kept != NULL ? g_strdup (kept) : g_build_filename (folder, "history.db", NULL);
  if (!g_file_test (full, G_FILE_TEST_EXISTS))
    tessera_bench_fill_history (full, n_games);

  for (guint c = 0; c < N_CASES; c++)
    for (guint m = 0; m < G_N_ELEMENTS (marks); m++)
      values[c][m] = g_array_new (FALSE, FALSE, sizeof (double));

  /* One of each first, to warm the file cache; then the cases by turns, in a turning order. */
  for (guint run = 0; run <= n_runs; run++)
    for (guint i = 0; i < N_CASES; i++)
      {
        Case c = (run + i) % N_CASES;
        g_autofree char *line = start_once (c == MINIMAL ? minimal : self, c != MINIMAL,
                                            c == EMPTY ? empty : c == FULL ? full : NULL, FALSE);

        if (run == 0)
          continue;
        for (guint m = 0; m < G_N_ELEMENTS (marks); m++)
          {
            double value = find_value (line, marks[m]);

            if (value >= 0)
              g_array_append_val (values[c][m], value);
          }
      }

  minimal_frame = median (values[MINIMAL][FRAME]);
  g_print ("start to the first frame, medians of %u runs:\n", n_runs);
  for (guint c = 0; c < N_CASES; c++)
    {
      double frame = median (values[c][FRAME]);
      double cpu = median (values[c][CPU]);

      g_print ("  %-28s %8.1f ms  %.2fx (goal for Tessera: 1.2x); processor time %.1f ms, %.2fx\n", case_names[c],
               frame, frame / minimal_frame, cpu, cpu / median (values[MINIMAL][CPU]));
    }

  /* Where the time goes: each step from the mark before. */
  g_print ("where the time goes (medians, ms):\n  %-28s %8s %8s %8s %8s %8s %8s\n", "",
           "exec", "startup", "window", "history", "shown", "frame");
  for (guint c = 0; c < N_CASES; c++)
    {
      double at[G_N_ELEMENTS (marks)];

      for (guint m = 0; m < G_N_ELEMENTS (marks); m++)
        at[m] = median (values[c][m]);
      /* "store" is a time of its own, within "realize" after "window". */
      g_print ("  %-28s %8.1f %8.1f %8.1f %8.1f %8.1f %8.1f\n", case_names[c], at[0], at[1] - at[0], at[2] - at[1],
               at[3], at[4] - at[2] - at[3], at[5] - at[4]);
    }

  /* Each page of the window made again, after the first frame. */
  {
    g_autofree char *line = start_once (self, TRUE, full, TRUE);
    g_auto(GStrv) fields = g_strsplit (line, " ", -1);

    g_print ("each page of the window made once more (ms):");
    for (guint i = 0; fields[i] != NULL; i++)
      if (g_str_has_prefix (fields[i], "page-"))
        g_print (" %s", fields[i]);
    g_print ("\n");
  }

  for (guint c = 0; c < N_CASES; c++)
    for (guint m = 0; m < G_N_ELEMENTS (marks); m++)
      g_array_unref (values[c][m]);
  for (guint i = 0; i < G_N_ELEMENTS (history_files); i++)
    {
      g_autofree char *file = g_strconcat (empty, history_files[i], NULL);

      g_remove (file);
      if (kept == NULL)
        {
          g_free (file);
          file = g_strconcat (full, history_files[i], NULL);
          g_remove (file);
        }
    }
  g_rmdir (folder);
  return 0;
}
