#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The zsh completion of tessera-cli (data/completions/_tessera-cli): zsh parses it (zsh -n), it
# offers every command tessera-cli --help lists, and each command's options as tessera-cli
# COMMAND --help lists them. (The lists it reads from tessera-cli are the bash completion's,
# which check-bash-completion.sh runs for real.)
# Usage: check-zsh-completion.sh ZSH TESSERA_CLI SCRIPT. Prints TAP.
zsh=${1:?usage: check-zsh-completion.sh ZSH TESSERA_CLI SCRIPT}
cli=${2:?usage: check-zsh-completion.sh ZSH TESSERA_CLI SCRIPT}
script=${3:?usage: check-zsh-completion.sh ZSH TESSERA_CLI SCRIPT}

commands=$("$cli" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p' | LC_ALL=C sort -u)
set -f
# shellcheck disable=SC2086 # one case per command, split on purpose
set -- $commands
set +f
echo "1..$(($# + 1))"

if errors=$("$zsh" -n "$script" 2>&1); then
  echo "ok 1 - zsh -n parses $script"
else
  echo "not ok 1 - zsh -n: $errors"
  failed=1
fi

n=1
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
exit ${failed:-0}
