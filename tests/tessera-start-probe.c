/* tessera-start-probe.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "tessera-start-probe.h"

/* What a program started by tessera-start-bench reports: how long after the bench started it
 * (TESSERA_START_BENCH_T0, the monotonic clock in microseconds, which every process shares)
 * it reached each step of its start, up to the end of its first frame. Then it quits. Both the
 * app and the minimal window the bench compares it with report through this, alike. */

static gint64 t0;
static GString *report;
static gboolean painted;

/**
 * tessera_start_probe_add:
 * @name: a word
 *
 * Reports "@name=@ms".
 */
void
tessera_start_probe_add (const char *name,
                         double      ms)
{
  if (report == NULL)
    report = g_string_new (NULL);
  g_string_append_printf (report, "%s%s=%.3f", report->len > 0 ? " " : "", name, ms);
}

/**
 * tessera_start_probe_mark:
 *
 * Reports the time from the bench's start to now, as "@name=MS".
 */
void
tessera_start_probe_mark (const char *name)
{
  tessera_start_probe_add (name, (g_get_monotonic_time () - t0) / 1000.0);
}

static void
after_paint_cb (GdkFrameClock *clock,
                GApplication  *app)
{
  struct timespec cpu;

  if (painted)
    return;

  painted = TRUE;
  tessera_start_probe_mark ("frame");
  /* The processor time to here, every thread's: on a busy machine it varies less than the
   * time on the clock. */
  if (clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &cpu) == 0)
    tessera_start_probe_add ("cpu", cpu.tv_sec * 1000.0 + cpu.tv_nsec / 1e6);
  g_application_quit (app);
}

/* Last, after what the program adds when it shuts down. */
static void
shutdown_cb (GApplication *app)
{
  printf ("%s\n", report->str);
  fflush (stdout);
}

static void
realize_cb (GtkWidget    *window,
            GApplication *app)
{
  tessera_start_probe_mark ("realize");
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (after_paint_cb), app);
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window)
{
  /* The first window only: a dialog would come later. */
  if (g_list_length (gtk_application_get_windows (app)) > 1)
    return;
  tessera_start_probe_mark ("window");
  g_signal_connect (window, "realize", G_CALLBACK (realize_cb), app);
}

static void
startup_cb (GApplication *app)
{
  tessera_start_probe_mark ("startup");
}

/**
 * tessera_start_probe_watch:
 * @app: the application about to run
 *
 * Marks "main" now, "startup" when @app has started up (GTK and libadwaita set up, its
 * resources and style loaded), "window" when its first window is made, "realize" when that
 * window is about to be shown, and "frame" when its first frame is drawn; then quits @app and,
 * as it shuts down, prints them on one line.
 */
void
tessera_start_probe_watch (GApplication *app)
{
  const char *start = g_getenv ("TESSERA_START_BENCH_T0");

  t0 = start != NULL ? g_ascii_strtoll (start, NULL, 10) : g_get_monotonic_time ();
  tessera_start_probe_mark ("main");
  g_signal_connect_after (app, "startup", G_CALLBACK (startup_cb), NULL);
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
  g_signal_connect_after (app, "shutdown", G_CALLBACK (shutdown_cb), NULL);
}
