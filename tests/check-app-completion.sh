#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The shell completion of the app (data/completions/tessera.bash and _tessera): bash, as it
# runs the script, offers exactly the options tessera --help-all lists (but
# --gapplication-service, which D-Bus service files use, not people), and in a folder the game
# records (*.tessera, *.json) and the folders, not other files; zsh reads _tessera without an
# error.
# Usage: check-app-completion.sh TESSERA BASH_SCRIPT ZSH_SCRIPT. Prints TAP.
app=${1:?usage: check-app-completion.sh TESSERA BASH_SCRIPT ZSH_SCRIPT}
script=${2:?usage: check-app-completion.sh TESSERA BASH_SCRIPT ZSH_SCRIPT}
zsh_script=${3:?usage: check-app-completion.sh TESSERA BASH_SCRIPT ZSH_SCRIPT}

if ! command -v bash >/dev/null 2>&1; then
  echo "1..0 # SKIP bash is not installed"
  exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tessera-app-completion.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

# The completions of "tessera WORD" in the folder $1, sorted, one a line.
complete_word() {
  (cd "$1" && bash --norc --noprofile -c '
    . "$1" || exit 1
    COMP_WORDS=(tessera "$2")
    COMP_CWORD=1
    _tessera
    printf "%s\n" "${COMPREPLY[@]}"' bash "$script" "$2") | sed '/^$/d' | LC_ALL=C sort
}

echo "1..3"
expected=$(LC_ALL=C.UTF-8 LANGUAGE= "$app" --help-all | sed -n 's/^  \(-h, \)\{0,1\}\(--[a-z-]*\).*/\2/p' |
  grep -v '^--gapplication-service$' | LC_ALL=C sort)
actual=$(complete_word "$tmp" --)
if [ -n "$expected" ] && [ "$expected" = "$actual" ]; then
  echo "ok 1 - the options are those tessera --help-all lists"
else
  echo "not ok 1 - the options: expected $(echo $expected), completed $(echo $actual)"
fi

mkdir "$tmp/games"
: >"$tmp/games/friday.tessera"
: >"$tmp/games/club.json"
: >"$tmp/games/notes.txt"
mkdir "$tmp/games/older"
actual=$(complete_word "$tmp/games" "" | tr '\n' ' ')
if [ "$actual" = "club.json friday.tessera older " ]; then
  echo "ok 2 - records and folders are completed, other files not"
else
  echo "not ok 2 - completed: $actual"
fi

if ! command -v zsh >/dev/null 2>&1; then
  echo "ok 3 # SKIP zsh is not installed"
elif zsh -n "$zsh_script" 2>"$tmp/zsh.err"; then
  echo "ok 3 - zsh reads _tessera"
else
  echo "not ok 3 - zsh: $(head -n 3 "$tmp/zsh.err")"
fi
