#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The engine is plain C + GLib: it must not include GTK, libadwaita or SQLite, so that every
# layer above it (store, app) can use it and tests can run it without a display or database.
# Prints TAP.
engine_dir=$1
echo "1..1"
hits=$(grep -rnE '#[[:space:]]*include[[:space:]]*[<"](gtk/|gdk/|adwaita|sqlite3)' "$engine_dir" 2>/dev/null)
if [ -n "$hits" ]; then
  echo "not ok 1 - the engine includes a header of a layer above it:"
  echo "$hits" | sed 's/^/# /'
  exit 1
fi
echo "ok 1 - the engine includes no GTK, libadwaita or SQLite header"
