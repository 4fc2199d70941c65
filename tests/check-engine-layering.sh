#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The engine is plain C + GLib: it must not include GTK, cairo, libadwaita or SQLite, so that
# every layer above it (store, app) can use it and tests can run it without a display or
# database. The same holds for the tile layout, the app's geometry. Usage: PATH... (folders or
# files). Prints TAP.
echo "1..1"
hits=$(grep -rnE '#[[:space:]]*include[[:space:]]*[<"](gtk/|gdk/|adwaita|sqlite3|cairo|pango)' "$@" 2>/dev/null)
if [ -n "$hits" ]; then
  echo "not ok 1 - $* includes a header of a layer above it:"
  echo "$hits" | sed 's/^/# /'
  exit 1
fi
echo "ok 1 - $* includes no GTK, cairo, libadwaita or SQLite header"
