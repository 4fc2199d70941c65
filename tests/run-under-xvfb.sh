#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# run-under-xvfb.sh WIDTHxHEIGHTxDEPTH COMMAND [ARG...]
#
# Runs COMMAND with DISPLAY set to a virtual X server of its own, and stops the server after it.
# xvfb-run -a picks the first display number without a lock file and then starts Xvfb there, so
# two tests that start at once can pick the same number and one of them fails. Xvfb -displayfd
# takes a free number itself, atomically, and says which: the ui tests can run side by side.

set -u

if [ $# -lt 2 ]; then
  echo "usage: $0 WIDTHxHEIGHTxDEPTH COMMAND [ARG...]" >&2
  exit 2
fi
screen=$1
shift

dir=$(mktemp -d "${TMPDIR:-/tmp}/tessera-xvfb.XXXXXX") || exit 1
xvfb=
cleanup ()
{
  if [ -n "$xvfb" ]; then
    kill "$xvfb" 2> /dev/null
    wait "$xvfb" 2> /dev/null
  fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 143' TERM INT

mkfifo "$dir/display"
Xvfb -displayfd 3 -screen 0 "$screen" -nolisten tcp -noreset 3> "$dir/display" 2> "$dir/log" &
xvfb=$!
if ! read -r number < "$dir/display" || [ -z "$number" ]; then
  echo "Xvfb did not start:" >&2
  cat "$dir/log" >&2
  exit 1
fi

DISPLAY=":$number" "$@"
