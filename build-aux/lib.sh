# SPDX-License-Identifier: GPL-3.0-or-later
#
# Shared by build-aux/run and build-aux/check; source it, do not run it.
# After sourcing, the working directory is the repository root.

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Prints the packages listed in build-aux/debian-packages, one a line.
list_packages ()
{
  sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e 's/^[[:space:]]*//' build-aux/debian-packages | grep -v '^$'
}

# Installs the listed packages that are missing when run as root; otherwise prints the
# command to run and fails.
ensure_packages ()
{
  local missing=() pkg

  while read -r pkg; do
    if ! dpkg-query -W -f='${db:Status-Abbrev}\n' "$pkg" 2>/dev/null | grep -q '^ii'; then
      missing+=("$pkg")
    fi
  done < <(list_packages)

  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing Debian packages. Install them with:" >&2
    echo "sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
  echo "Installing missing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${missing[@]}"
}

# configure_build DIR [MESON OPTIONS...]: sets DIR up, or applies the options to an existing one.
configure_build ()
{
  local dir=$1
  shift

  if [ -f "$dir/meson-private/coredata.dat" ]; then
    if [ $# -gt 0 ]; then
      meson configure "$dir" "$@"
    fi
  else
    meson setup "$dir" "$@"
  fi
}
