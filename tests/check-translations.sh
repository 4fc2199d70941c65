#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Every translation must stay complete: for each language in po/LINGUAS, extract the messages the
# sources have now (the files in po/POTFILES.in, with the keywords of meson's glib preset), merge
# them into a scratch copy of the language's .po file, and fail if any message is untranslated or
# fuzzy after the merge. The real .po file must also pass msgfmt --check.
# Needs xgettext, msgmerge, msgattrib and msgfmt (Debian package gettext).
# A last case checks that po/POTFILES.in lists every source file with translatable strings, so a
# new file cannot stay out of the extraction unnoticed.
# Usage: check-translations.sh SOURCE_ROOT. Prints TAP, one case per language and one for the list.
srcdir=${1:?usage: check-translations.sh SOURCE_ROOT}
podir=$srcdir/po

for tool in xgettext msgmerge msgattrib msgfmt; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "Bail out! $tool not found: install the gettext package (see build-aux/debian-packages)"
    exit 1
  fi
done

# One language code per word; '#' starts a comment.
languages=$(sed 's/#.*//' "$podir/LINGUAS" 2>/dev/null)
set -f
# shellcheck disable=SC2086 # split the list into words on purpose
set -- $languages
set +f
if [ $# -eq 0 ]; then
  echo "Bail out! no languages in $podir/LINGUAS"
  exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tessera-po.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

echo "1..$(($# + 1))"

# The same options as i18n.gettext(preset: 'glib') in po/meson.build.
if ! xgettext --directory="$srcdir" --files-from="$podir/POTFILES.in" --output="$tmp/tessera.pot" \
       --package-name=tessera --from-code=UTF-8 --add-comments \
       --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 --keyword=g_dcgettext:2 \
       --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
       --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
       --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
       --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
       --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
       --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format --flag=g_print:1:c-format \
       --flag=g_printerr:1:c-format --flag=g_printf:1:c-format --flag=g_fprintf:2:c-format \
       --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format >"$tmp/xgettext.log" 2>&1; then
  n=0
  for lang in "$@"; do
    n=$((n + 1))
    echo "not ok $n - $lang: xgettext could not extract the messages from the files in po/POTFILES.in"
    sed 's/^/# /' "$tmp/xgettext.log"
  done
  exit 1
fi

# Prints the msgctxt and msgid lines of the entries in a .po file, without the header.
list_msgids () {
  grep -E '^(msgctxt|msgid) ' "$1" | grep -v '^msgid ""$'
}

n=0
failed=0
for lang in "$@"; do
  n=$((n + 1))
  po=$podir/$lang.po
  problems=$tmp/$lang.problems
  : >"$problems"

  if [ ! -f "$po" ]; then
    echo "not ok $n - $lang: po/$lang.po is missing"
    failed=1
    continue
  fi

  if ! msgfmt --check -o /dev/null "$po" >"$tmp/$lang.msgfmt" 2>&1; then
    echo "msgfmt --check po/$lang.po fails:" >>"$problems"
    cat "$tmp/$lang.msgfmt" >>"$problems"
  fi

  if [ -f "$tmp/tessera.pot" ]; then
    cp "$po" "$tmp/$lang.po"
    if ! msgmerge --quiet --no-wrap --update --backup=none "$tmp/$lang.po" "$tmp/tessera.pot" >"$tmp/$lang.merge" 2>&1; then
      echo "msgmerge failed:" >>"$problems"
      cat "$tmp/$lang.merge" >>"$problems"
    else
      if ! msgattrib --untranslated --no-obsolete --no-wrap -o "$tmp/$lang.untranslated" "$tmp/$lang.po" \
             >>"$problems" 2>&1 ||
         ! msgattrib --only-fuzzy --no-obsolete --no-wrap -o "$tmp/$lang.fuzzy" "$tmp/$lang.po" \
             >>"$problems" 2>&1; then
        echo "msgattrib could not read the merged po/$lang.po" >>"$problems"
      fi
      if [ -s "$tmp/$lang.untranslated" ] && [ -n "$(list_msgids "$tmp/$lang.untranslated")" ]; then
        echo "untranslated:" >>"$problems"
        list_msgids "$tmp/$lang.untranslated" | sed 's/^/  /' >>"$problems"
      fi
      if [ -s "$tmp/$lang.fuzzy" ] && [ -n "$(list_msgids "$tmp/$lang.fuzzy")" ]; then
        echo "fuzzy (check the translation, then remove the fuzzy flag):" >>"$problems"
        list_msgids "$tmp/$lang.fuzzy" | sed 's/^/  /' >>"$problems"
      fi
    fi
  fi

  if [ -s "$problems" ]; then
    echo "not ok $n - $lang: po/$lang.po needs work (ninja -C BUILDDIR tessera-update-po merges the new messages)"
    sed 's/^/# /' "$problems"
    failed=1
  else
    echo "ok $n - $lang: every message of the sources is translated, none fuzzy; msgfmt --check passes"
  fi
done

n=$((n + 1))
missing=$(cd "$srcdir" && grep -rlE '(^|[^A-Za-z0-9_])(N?_|C_|NC_|g_dngettext|g_dpgettext2) *\(' src \
            --include='*.c' --include='*.h' --include='*.ui' | sort | while read -r file; do
            grep -qxF "$file" po/POTFILES.in || echo "$file"
          done)
if [ -n "$missing" ]; then
  echo "not ok $n - po/POTFILES.in lists every source file with translatable strings"
  echo "$missing" | sed 's/^/# missing: /'
  failed=1
else
  echo "ok $n - po/POTFILES.in lists every source file with translatable strings"
fi
exit $failed
