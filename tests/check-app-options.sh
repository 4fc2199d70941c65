#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The app's own command line, as its manual page tells it: tessera --version prints the
# version, tessera --help shows FILE in the usage line, says what a FILE is and lists
# --version. Neither needs a display.
# Usage: check-app-options.sh TESSERA VERSION. Prints TAP.
app=${1:?usage: check-app-options.sh TESSERA VERSION}
version=${2:?usage: check-app-options.sh TESSERA VERSION}

echo "1..3"
out=$(LC_ALL=C.UTF-8 LANGUAGE= "$app" --version 2>&1)
if [ "$out" = "tessera $version" ]; then
  echo "ok 1 - tessera --version prints the version"
else
  echo "not ok 1 - tessera --version printed: $out"
fi
help=$(LC_ALL=C.UTF-8 LANGUAGE= "$app" --help 2>&1)
if printf '%s\n' "$help" | grep -q '^  tessera \[OPTION…\] \[FILE…\]$' \
   && printf '%s\n' "$help" | grep -q 'Each FILE (a path or a URI) is a game record'; then
  echo "ok 2 - tessera --help shows FILE and says what it is"
else
  echo "not ok 2 - tessera --help does not show FILE: $(printf '%s\n' "$help" | head -n 4 | tr '\n' ' ')"
fi
if printf '%s\n' "$help" | grep -q '^  --version  '; then
  echo "ok 3 - tessera --help lists --version"
else
  echo "not ok 3 - tessera --help does not list --version"
fi
