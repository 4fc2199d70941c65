#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The zsh completion of tessera-cli (data/completions/_tessera-cli): zsh parses it (zsh -n); it
# names every command tessera-cli --help lists, with the options tessera-cli COMMAND --help
# lists, so that it cannot fall behind the program; and zsh's completion system, run for real
# on typed lines (zsh-complete.zsh), offers the commands, the options, the tiles left in a
# record, the stored games and the players of a history.
# Usage: check-zsh-completion.sh ZSH TESSERA_CLI SCRIPT SOURCE_ROOT. Prints TAP.
zsh=${1:?usage: check-zsh-completion.sh ZSH TESSERA_CLI SCRIPT SOURCE_ROOT}
cli=${2:?usage: check-zsh-completion.sh ZSH TESSERA_CLI SCRIPT SOURCE_ROOT}
script=${3:?usage: check-zsh-completion.sh ZSH TESSERA_CLI SCRIPT SOURCE_ROOT}
srcdir=${4:?usage: check-zsh-completion.sh ZSH TESSERA_CLI SCRIPT SOURCE_ROOT}
helper=$(dirname "$0")/zsh-complete.zsh

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tessera-zsh-completion.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

commands=$("$cli" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p' | LC_ALL=C sort -u)
set -f
# shellcheck disable=SC2086 # one case per command, split on purpose
set -- $commands
set +f
echo "1..$(($# + 9))"

n=1
if errors=$("$zsh" -n "$script" 2>&1); then
  echo "ok 1 - zsh -n parses $script"
else
  echo "not ok 1 - zsh -n: $errors"
  failed=1
fi

for command in "$@"; do
  n=$((n + 1))
  missing=
  # The command in the list of commands, and its own case with its options.
  grep -q "^    '$command:" "$script" || missing="the command"
  case_line=$(grep -n "^ *\([a-z]*|\)*$command\(|[a-z]*\)*)$" "$script" | head -n 1 | cut -d: -f1)
  if [ -z "$case_line" ]; then
    missing="$missing its case"
  else
    body=$(sed -n "$case_line,/;;/p" "$script")
    for option in $("$cli" "$command" --help | sed -n 's/^  --\([a-z][a-z]*\).*/\1/p'); do
      echo "$body" | grep -q "\$$option\|--$option\[" || missing="$missing --$option"
    done
  fi
  if [ -z "$missing" ]; then
    echo "ok $n - $command and its options"
  else
    echo "not ok $n - $command: missing$missing"
    failed=1
  fi
done

# The completion system on real lines, all in one zsh: its answers, a block per line.
record=$srcdir/tests/records/tower/e32-exchange.json
if ! "$cli" import --db "$tmp/history.db" "$srcdir/data/examples/base-game.json" \
  "$srcdir/tests/records/base/e01-city-3-tiles-1-pennant.json" >"$tmp/import.log" 2>&1; then
  echo "Bail out! tessera-cli import failed: $(cat "$tmp/import.log")"
  exit 1
fi
set -- "tessera-cli " \
  "tessera-cli st" \
  "tessera-cli state -" \
  "tessera-cli moves $record TO-0" \
  "tessera-cli moves $srcdir/data/examples/base-game.json " \
  "tessera-cli export --db $tmp/history.db " \
  "tessera-cli history --db $tmp/history.db player " \
  "tessera-cli validate $srcdir/tests/records/base/e01"
if ! "$zsh" -f "$helper" "$(dirname "$script")" "$cli" "$@" >"$tmp/answers" 2>"$tmp/errors"; then
  echo "Bail out! zsh's completion did not answer: $(cat "$tmp/errors")"
  exit 1
fi

# check NAME LINE EXPECTED: the matches offered for LINE, sorted, against EXPECTED.
check() {
  n=$((n + 1))
  got=$(awk -v line="== $2" '$0 == line { inside = 1; next } /^== / { inside = 0 } inside' "$tmp/answers")
  if [ "$got" = "$3" ]; then
    echo "ok $n - $1"
  else
    failed=1
    echo "not ok $n - $1"
    echo "# expected: $(echo "$3" | tr '\n' ' ')"
    echo "# got:      $(echo "$got" | tr '\n' ' ')"
  fi
}

sorted() {
  printf '%s\n' "$@" | sed '/^$/d' | LC_ALL=C sort
}

# shellcheck disable=SC2086 # the commands, one word each
check "the commands of tessera-cli --help" "tessera-cli " "$(sorted $commands)"
check "a command from its first letters" "tessera-cli st" "state"
check "the options of state" "tessera-cli state -" \
  "$(sorted $("$cli" state --help | sed -n 's/^  \(--[a-z][a-z]*\).*/\1/p') --help -h)"
check "the tiles left for moves (the only TO-02 is out)" "tessera-cli moves $record TO-0" \
  "$(sorted TO-01 TO-03 TO-04 TO-05 TO-06 TO-07 TO-08 TO-09)"
check "no tiles after the game's end" "tessera-cli moves $srcdir/data/examples/base-game.json " ""
check "the stored games for export" "tessera-cli export --db $tmp/history.db " "$(sorted 1 2)"
check "the players for history player" "tessera-cli history --db $tmp/history.db player " \
  "$(sorted Anna Blue Bram Carmen Daan Red)"
check "a record file" "tessera-cli validate $srcdir/tests/records/base/e01" "e01-city-3-tiles-1-pennant.json"
exit ${failed:-0}
