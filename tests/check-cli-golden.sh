#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# tessera-cli's "moves" and "state --json" give the same output, byte for byte, as when the
# manifest was written: the choices of a turn moved into the engine's turn API without changing
# what the command line reports. Each line of the manifest is the SHA-256 of a run's standard
# output, standard error and exit status, then the arguments (a record of tests/records).
# Usage: check-cli-golden.sh TESSERA_CLI RECORDS_DIR MANIFEST [--update]
# Prints TAP, one case per line of the manifest. --update writes the manifest anew from the
# same argument lists (only when the output is meant to change: say why in the commit).
cli=${1:?usage: check-cli-golden.sh TESSERA_CLI RECORDS_DIR MANIFEST [--update]}
records=${2:?records folder}
manifest=${3:?manifest}
update=${4:-}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tessera-golden.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

# The output of one run, as hashed: the words the CLI prints are English here.
run_digest ()
{
  (cd "$records" && LC_ALL=C.UTF-8 LANGUAGE= "$cli" "$@" >"$tmp/out" 2>"$tmp/err"; echo "exit $?" >"$tmp/status")
  cat "$tmp/out" "$tmp/err" "$tmp/status" | sha256sum | cut -c1-64
}

if [ "$update" = --update ]; then
  : >"$tmp/manifest"
  while read -r digest args; do
    # shellcheck disable=SC2086 # the arguments are words without spaces
    echo "$(run_digest $args) $args" >>"$tmp/manifest"
  done <"$manifest"
  cp "$tmp/manifest" "$manifest"
  exit 0
fi

echo "1..$(wc -l <"$manifest")"
n=0
while read -r digest args; do
  n=$((n + 1))
  # shellcheck disable=SC2086
  got=$(run_digest $args)
  if [ "$got" = "$digest" ]; then
    echo "ok $n - tessera-cli $args"
  else
    echo "not ok $n - tessera-cli $args: the output changed"
    sed 's/^/# /' "$tmp/out" "$tmp/err" | head -n 40
  fi
done <"$manifest"
