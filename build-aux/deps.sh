#!/usr/bin/env bash
# Installs the Debian 12 packages Penumbra Companion needs to build, test and run, if missing.
# Sourced by build-aux/run and build-aux/test.
set -euo pipefail

PENUMBRA_PACKAGES=(
  meson ninja-build gcc pkg-config gettext
  libglib2.0-dev libglib2.0-dev-bin libjson-glib-dev libgtk-4-dev libadwaita-1-dev
  libstemmer-dev desktop-file-utils appstream xvfb xauth dbus libxtst6
)

penumbra_install_deps () {
  local missing=()
  for p in "${PENUMBRA_PACKAGES[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
  fi
}
