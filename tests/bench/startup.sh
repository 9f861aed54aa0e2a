#!/usr/bin/env bash
# Start-up of Penumbra Companion (on its demo game) and of GNOME Text Editor, side by side on
# the same Xvfb display: the time until each one's window is mapped, and its resident memory
# once it is up. Prints figures; asserts nothing. Targets (issue): start-up at most 0.8 of the
# Text Editor's, memory at most equal.
#   tests/bench/startup.sh [BUILD_DIR] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-_build}
runs=${2:-5}
command -v xdotool >/dev/null || { echo "needs xdotool"; exit 1; }
command -v gnome-text-editor >/dev/null || { echo "needs gnome-text-editor"; exit 1; }

Xvfb :91 -screen 0 1280x800x24 >/dev/null 2>&1 & xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 0.6
export DISPLAY=:91 GDK_BACKEND=x11 NO_AT_BRIDGE=1 GSETTINGS_BACKEND=memory
export GSETTINGS_SCHEMA_DIR="$PWD/$build/data"

measure () {  # name window-title command...
  local name=$1 title=$2; shift 2
  local total=0 rss_total=0 ok=0
  for i in $(seq "$runs"); do
    local tmp; tmp=$(mktemp -d)
    local t0 t1 pid rss tries=0 shown=1
    t0=$(date +%s%N)
    XDG_DATA_HOME=$tmp XDG_CONFIG_HOME=$tmp "$@" >/dev/null 2>&1 & pid=$!
    # poll every few milliseconds (xdotool's own --sync waits half a second between tries)
    until xdotool search --onlyvisible --pid "$pid" --name "$title" >/dev/null 2>&1; do
      sleep 0.005
      tries=$((tries + 1))
      if [ $tries -gt 3000 ]; then shown=0; break; fi
    done
    t1=$(date +%s%N)
    sleep 1
    rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    rm -rf "$tmp"
    if [ $shown = 0 ] || [ -z "$rss" ]; then
      echo "$name: run $i showed no window within 15 s; not counted" >&2
      continue
    fi
    ok=$((ok + 1))
    total=$((total + (t1 - t0) / 1000000)); rss_total=$((rss_total + rss))
  done
  [ $ok -gt 0 ] || { echo "$name: no run showed a window"; exit 1; }
  echo "$name: start-up $((total / ok)) ms to a visible window, resident $((rss_total / ok / 1024)) MiB (mean of $ok)"
  eval "${name//-/_}_ms=$((total / ok)); ${name//-/_}_kb=$((rss_total / ok))"
}

measure penumbra "Penumbra Companion" "$build/src/app/penumbra-companion" --demo
measure text-editor "Text Editor" gnome-text-editor --standalone
awk -v a="$penumbra_ms" -v b="$text_editor_ms" -v c="$penumbra_kb" -v d="$text_editor_kb" \
  'BEGIN { printf "ratio: start-up %.2f (target <= 0.80), memory %.2f (target <= 1.00)\n", a/b, c/d }'
