#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Every rule code the sources and tests cite (B5, W17, T4a, M8, C3, X5, E20: a letter and a
# number, as comments say "W13" or "E28-E34") must be defined in doc/rule-decisions.md, as a
# heading "### W13. ..." or as the first cell of a table row "| E20 | ...", so that a reader of
# the code can look up what it means. Not codes: a wheel tile's suffix ("U+W2", "IC-17+W1") and
# X11, the window system.
# Usage: check-rule-codes.sh SOURCE_ROOT. Prints TAP: one case for the page, one per code.
root=${1:?usage: check-rule-codes.sh SOURCE_ROOT}
doc=$root/doc/rule-decisions.md

echo "1..2"
if [ ! -r "$doc" ]; then
  echo "not ok 1 - $doc cannot be read"
  echo "not ok 2 - no page to look the codes up in"
  exit 0
fi

defined=$(sed -n -e 's/^### \([BWTMCXE][0-9][0-9]*[a-z]\{0,1\}\)\. .*/\1/p' \
                 -e 's/^| \([BWTMCXE][0-9][0-9]*[a-z]\{0,1\}\) |.*/\1/p' "$doc" | sort)
twice=$(printf '%s\n' "$defined" | uniq -d | tr '\n' ' ')
if [ -z "$defined" ]; then
  echo "not ok 1 - $doc defines no code"
elif [ -n "$twice" ]; then
  echo "not ok 1 - $doc defines these codes twice: $twice"
else
  echo "ok 1 - $doc defines $(printf '%s\n' "$defined" | wc -l) codes, each once"
fi

# -I skips binary files (the store's fixture databases). Words are cut at everything but
# letters, digits, "_" and "+", so "U+W2" stays one word and is no code, "CC2-5" and "MW-7" (tile
# ids) are not either, and "E8-E10" gives both E8 and E10.
cited=$(grep -rIhoE '[A-Za-z0-9_+]+' "$root/src" "$root/tests" |
        grep -xE '[BWTMCXE][0-9]+[a-z]?' | grep -vx 'X11'
        # A range such as "W1-W22" or "E18–E27" cites every code in it.
        grep -rIhoE '\b([BWTMCXE])[0-9]+(-|–)\1[0-9]+\b' "$root/src" "$root/tests" |
          sed -E 's/^(.)([0-9]+)[^0-9]+([0-9]+)$/\1 \2 \3/' |
          while read -r letter first last; do
            seq "$first" "$last" | sed "s/^/$letter/"
          done)
cited=$(printf '%s\n' "$cited" | sort -u)
missing=
for code in $cited; do
  printf '%s\n' "$defined" | grep -qx "$code" || missing="$missing $code"
done
if [ -z "$cited" ]; then
  echo "not ok 2 - found no rule code in src/ and tests/"
elif [ -n "$missing" ]; then
  echo "not ok 2 - cited in src/ or tests/ but not defined in doc/rule-decisions.md:$missing"
  for code in $missing; do
    grep -rInwE "$code" "$root/src" "$root/tests" | grep -v "+$code" | head -n 2 | sed 's/^/# /'
  done
else
  echo "ok 2 - all $(printf '%s\n' "$cited" | wc -l) codes cited in src/ and tests/ are defined:" $cited
fi
