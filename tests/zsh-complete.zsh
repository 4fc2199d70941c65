#!/bin/zsh -f
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Runs zsh's completion system for real on lines typed into an interactive zsh (in a
# pseudo-terminal, zsh/zpty), with the completion functions of COMPLETION_DIR, and prints for
# each line "== LINE" and then the matches offered, one a line. tessera-cli on the lines is
# TESSERA_CLI. The matches are caught in compadd, as zsh-capture-completion does it.
# Usage: zsh -f zsh-complete.zsh COMPLETION_DIR TESSERA_CLI LINE...
compdir=$1 cli=$2
shift 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tessera-zsh.XXXXXX") || exit 1
trap 'zpty -d z 2>/dev/null; rm -rf $tmp' EXIT
zmodload zsh/zpty || exit 1

# Waits until the file $1 ends with the line "--done--" (at most 10 s).
wait_done() {
  local i
  for (( i = 0; i < 200; i++ )); do
    [[ -f $1 && $(tail -n 1 $1) == --done-- ]] && return 0
    sleep 0.05
  done
  print -u2 "zsh-complete.zsh: no answer from the completion"
  return 1
}

zpty z zsh -f -i
zpty -w z "PS1='' RPS1=''; fpath=(${(q)compdir} \$fpath); autoload -Uz compinit; compinit -u -d $tmp/dump"
zpty -w z "tessera-cli() { ${(q)cli} \"\$@\" }"
# compadd with -O, -A or -D only gathers matches for the function that called it: pass it on.
zpty -w z "compadd() { if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd \"\$@\"; return; fi
  local -a hits; builtin compadd -A hits \"\$@\"; print -rl -- \$hits >> $tmp/matches; builtin compadd \"\$@\" }"
zpty -w z "complete-and-mark() { : > $tmp/matches; zle complete-word; print -r -- --done-- >> $tmp/matches }"
zpty -w z "zle -N complete-and-mark; bindkey '^I' complete-and-mark; zstyle ':completion:*' menu no"
zpty -w z "print -r -- --done-- > $tmp/ready"
wait_done $tmp/ready || exit 1

for line in "$@"; do
  rm -f $tmp/matches
  zpty -n -w z "$line"$'\t'
  wait_done $tmp/matches || exit 1
  zpty -n -w z $'\C-u'
  print -r -- "== $line"
  grep -v -x -e --done-- -e '' $tmp/matches | LC_ALL=C sort -u
done
