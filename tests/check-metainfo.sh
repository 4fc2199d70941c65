#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The metainfo as the software centres read it: appstreamcli validate --pedantic must pass and
# report nothing, but for two hints that the metainfo cannot follow:
# - cid-contains-uppercase-letter: the app id io.github.tessera.Tessera is the GNOME naming,
#   and the desktop file, the D-Bus name and the settings schema carry it;
# - unknown-tag developer, from appstreamcli before 1.0 only (Debian 12 has 0.16), which
#   predates the <developer> tag that replaced <developer_name>.
# And what Flathub's review asks beyond it: a summary of at most 35 characters, an io.github id
# whose home page is that GitHub owner's (github.com/tessera/...), and screenshots that do not
# change under a published release: each one's URL is pinned to the tag of a release the
# metainfo lists (raw.githubusercontent.com/tessera/tessera/vX.Y.Z/...), not to a branch.
# Usage: check-metainfo.sh APPSTREAMCLI METAINFO.
appstreamcli=${1:?usage: check-metainfo.sh APPSTREAMCLI METAINFO}
metainfo=${2:?usage: check-metainfo.sh APPSTREAMCLI METAINFO}

report=$("$appstreamcli" validate --pedantic --no-net --explain "$metainfo" 2>&1)
status=$?
echo "$report"
if [ $status -ne 0 ]; then
  echo "appstreamcli validate failed (exit status $status)"
  exit 1
fi

version=$("$appstreamcli" --version | sed -n 's/.*version:* *\([0-9][0-9.]*\).*/\1/Ip' | head -n 1)
# Each issue's first line: "P: io.github.tessera.Tessera:4: cid-contains-uppercase-letter ...".
issues=$(echo "$report" | sed -n 's/^[EWIP]: [^ ]* \([a-z0-9-]*\)\( \(.*\)\)\{0,1\}$/\1 \3/p' |
  while read -r tag detail; do
    case $tag in
      cid-contains-uppercase-letter) ;;
      unknown-tag) [ "$detail" = developer ] && [ "${version%%.*}" -lt 1 ] || echo "$tag $detail" ;;
      *) echo "$tag $detail" ;;
    esac
  done)
if [ -n "$issues" ]; then
  echo "appstreamcli $version reports what the metainfo should fix:"
  echo "$issues"
  exit 1
fi

summary=$(sed -n 's|^ *<summary>\(.*\)</summary>$|\1|p' "$metainfo" | head -n 1)
if [ -z "$summary" ] || [ "$(printf '%s' "$summary" | wc -m)" -gt 35 ]; then
  echo "the summary must have at most 35 characters (Flathub): \"$summary\""
  exit 1
fi
homepage=$(sed -n 's|^ *<url type="homepage">\(.*\)</url>$|\1|p' "$metainfo")
case $homepage in
  https://github.com/tessera/*) ;;
  *)
    echo "the home page of io.github.tessera.Tessera must be on github.com/tessera: $homepage"
    exit 1
    ;;
esac
releases=$(sed -n 's|^ *<release version="\([^"]*\)".*|\1|p' "$metainfo")
images=$(sed -n 's|^ *<image>\(.*\)</image>$|\1|p' "$metainfo")
[ -n "$images" ] || { echo "the metainfo has no screenshots"; exit 1; }
for image in $images; do
  case $image in
    https://raw.githubusercontent.com/tessera/tessera/v*/data/screenshots/*.png) ;;
    *)
      echo "a screenshot must be pinned to a release tag of github.com/tessera/tessera: $image"
      exit 1
      ;;
  esac
  tag=${image#https://raw.githubusercontent.com/tessera/tessera/v}
  tag=${tag%%/*}
  if ! printf '%s\n' "$releases" | grep -qx "$tag"; then
    echo "a screenshot is pinned to v$tag, which is no release of the metainfo ($(echo $releases)): $image"
    exit 1
  fi
done
