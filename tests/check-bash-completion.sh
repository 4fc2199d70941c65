#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The bash completion of tessera-cli (data/completions/tessera-cli.bash), run as bash runs it:
# a non-interactive bash sources the script, sets COMP_WORDS and COMP_CWORD as for a line typed
# up to the cursor, calls the completion function and prints COMPREPLY. The commands and each
# command's options must be those tessera-cli --help and tessera-cli COMMAND --help list, so
# the completion cannot fall behind the program; tiles, games, players and files must come from
# the real record, history and folder.
# Usage: check-bash-completion.sh TESSERA_CLI SCRIPT SOURCE_ROOT. Prints TAP.
cli=${1:?usage: check-bash-completion.sh TESSERA_CLI SCRIPT SOURCE_ROOT}
script=${2:?usage: check-bash-completion.sh TESSERA_CLI SCRIPT SOURCE_ROOT}
srcdir=${3:?usage: check-bash-completion.sh TESSERA_CLI SCRIPT SOURCE_ROOT}

if ! command -v bash >/dev/null 2>&1; then
  echo "1..0 # SKIP bash is not installed"
  exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tessera-completion.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

# The completions of a line, sorted, one a line. The arguments are the words; the last one is
# the word at the cursor.
complete_line() {
  bash --norc --noprofile -c '
    script=$1
    shift
    . "$script" || exit 1
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    _tessera_cli
    printf "%s\n" "${COMPREPLY[@]}"' bash "$script" "$cli" "$@" | sed '/^$/d' | LC_ALL=C sort
}

n=0
failed=0
# check NAME EXPECTED ACTUAL: one TAP case comparing two sorted lists.
check() {
  n=$((n + 1))
  if [ "$2" = "$3" ]; then
    echo "ok $n - $1"
  else
    failed=1
    echo "not ok $n - $1"
    echo "# expected: $(echo "$2" | tr '\n' ' ')"
    echo "# got:      $(echo "$3" | tr '\n' ' ')"
  fi
}

sorted() {
  printf '%s\n' "$@" | sed '/^$/d' | LC_ALL=C sort
}

echo "1..18"

# The commands: what --help lists, and the help and version switches.
commands=$("$cli" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p' | LC_ALL=C sort -u)
check "the commands of tessera-cli --help" \
  "$(sorted $commands help --help --version)" "$(complete_line "")"
check "a command from its first letters" "state" "$(complete_line st)"

# Each command's options: what tessera-cli COMMAND --help lists, and --help.
for command in validate state export history review; do
  options=$("$cli" "$command" --help | sed -n 's/^  \(--[a-z][a-z]*\).*/\1/p')
  check "the options of $command, as its --help lists them" \
    "$(sorted $options --help)" "$(complete_line "$command" -)"
done
check "an option already started" "--after" "$(complete_line state --json --a)"

# Records are files.
check "a record file" "$srcdir/tests/records/base/e01-city-3-tiles-1-pennant.json" \
  "$(complete_line validate "$srcdir/tests/records/base/e01")"

# moves: the tiles with copies left in the record's supply. In e32 the only TO-02 is out.
record=$srcdir/tests/records/tower/e32-exchange.json
check "the tiles left for moves" "$(sorted TO-01 TO-03 TO-04 TO-05 TO-06 TO-07 TO-08 TO-09)" \
  "$(complete_line moves --json "$record" TO-0)"
check "every kind of tile left for moves" \
  "$("$cli" state --json "$record" | sed -n '/^  "supply" : {$/,/^  }/s/^    "\([^"]*\)" : [1-9][0-9]*,\{0,1\}$/\1/p' | LC_ALL=C sort)" \
  "$(complete_line moves "$record" "")"
check "no tiles after the game's end" "" "$(complete_line moves "$srcdir/data/examples/base-game.json" "")"
check "nothing after --after" "" "$(complete_line state --after "")"

# export and history read the history the line names with --db.
if ! "$cli" import --db "$tmp/history.db" "$srcdir/data/examples/base-game.json" \
  "$srcdir/tests/records/base/e01-city-3-tiles-1-pennant.json" >"$tmp/import.log" 2>&1; then
  echo "Bail out! tessera-cli import failed: $(cat "$tmp/import.log")"
  exit 1
fi
check "the stored games for export" "$(sorted 1 2)" "$(complete_line export --db "$tmp/history.db" "")"
check "no game for export --csv" "" "$(complete_line export --csv --db "$tmp/history.db" "")"
check "what history lists" "$(sorted games player players)" "$(complete_line history "")"
check "the players for history player" "$(sorted Anna Blue Bram Carmen Daan Red)" \
  "$(complete_line history --db "$tmp/history.db" player "")"
check "nothing for fits' cell, negative or not" "" \
  "$(complete_line fits "$record" -1 "")"

exit $failed
