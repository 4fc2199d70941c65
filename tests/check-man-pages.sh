#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The manual pages as man shows them: each renders with man -l without a warning and has its
# NAME, SYNOPSIS and DESCRIPTION; tessera-cli(1) names every command that tessera-cli --help
# lists, so the page cannot fall behind the program.
# Usage: check-man-pages.sh TESSERA_CLI PAGE... Prints TAP, one case per page and one for the
# commands.
cli=${1:?usage: check-man-pages.sh TESSERA_CLI PAGE...}
shift

if ! command -v man >/dev/null 2>&1; then
  echo "1..0 # SKIP man is not installed (Debian package man-db)"
  exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tessera-man.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

echo "1..$(($# + 1))"
n=0
cli_page=
for page in "$@"; do
  n=$((n + 1))
  name=$(basename "$page")
  if ! MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l "$page" >"$tmp/$name.txt" 2>"$tmp/$name.err"; then
    echo "not ok $n - $name: man -l fails: $(head -n 3 "$tmp/$name.err")"
    continue
  fi
  if [ -s "$tmp/$name.err" ]; then
    echo "not ok $n - $name: man -l warns: $(head -n 3 "$tmp/$name.err")"
    continue
  fi
  missing=
  for section in NAME SYNOPSIS DESCRIPTION "SEE ALSO"; do
    grep -q "^$section\$" "$tmp/$name.txt" || missing="$missing $section"
  done
  if [ -n "$missing" ]; then
    echo "not ok $n - $name: no section$missing"
  else
    echo "ok $n - $name renders with man -l, with its sections"
  fi
  case $name in tessera-cli.1) cli_page=$tmp/$name.txt ;; esac
done

n=$((n + 1))
if [ -z "$cli_page" ]; then
  echo "not ok $n - tessera-cli.1 is not among the pages"
  exit 0
fi
# The commands are the first word of each indented line of the overview.
commands=$(LC_ALL=C.UTF-8 LANGUAGE= "$cli" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p' | sort -u)
missing=
for command in $commands; do
  grep -q "^       $command\( \|\$\)" "$cli_page" || missing="$missing $command"
done
if [ -z "$commands" ]; then
  echo "not ok $n - tessera-cli --help listed no commands"
elif [ -n "$missing" ]; then
  echo "not ok $n - tessera-cli.1 does not describe:$missing"
else
  echo "ok $n - tessera-cli.1 describes every command of tessera-cli --help:" $commands
fi
