#!/usr/bin/env bash
# Instructions per tap in the window, on every page, for an undo, a redo and a die flip on the
# demo game (bench-taps), frames included: the tap, every idle and relayout it causes and every
# frame drawn until the window is quiet. Runs bench-taps under callgrind, which collects only
# inside each tap and dumps each tap on its own; then runs it once without valgrind for the
# milliseconds from the tap to its drawn frame. Prints figures; asserts nothing.
#   tests/bench/taps.sh [BUILD_DIR] [WIDTHxHEIGHT]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-_build}
size=${2:-1000x720}
bench="$build/tests/bench/bench-taps"
[ -x "$bench" ] || { echo "build $bench first"; exit 1; }
command -v valgrind >/dev/null || { echo "needs valgrind"; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="$PWD/$build/data" NO_AT_BRIDGE=1
args=(--width="${size%x*}" --height="${size#*x}")

# The pointer out of the window: a tooltip of what a tap moves under it would open and draw
# frames of its own, which no tap of a finger shows. X puts it in the middle of the screen: on
# a screen of our own one twice the window's size; on DISPLAY, moved to its corner (xdotool)
run () {
  if [ -n "${DISPLAY:-}" ]; then
    if command -v xdotool >/dev/null; then xdotool mousemove 4000 4000 || true; fi
    "$@"
  else
    xvfb-run -a -s "-screen 0 $(( ${size%x*} * 2 + 200 ))x$(( ${size#*x} * 2 + 200 ))x24" "$@"
  fi
}

run valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$out/cg.out" \
  "$bench" "${args[@]}" >"$out/valgrind.txt" 2>"$out/valgrind.err" || {
  cat "$out/valgrind.err" >&2; exit 1; }
echo "instructions per tap (callgrind, frames included), window $size; of them, drawing the"
echo "frames (gsk_renderer_render, inclusive); the frames drawn under valgrind (its slowness"
echo "shortens the animations: fewer frames than outside it):"
# the bench's own lines under valgrind, in tap order: "page tap ms-frame ms-quiet frames"
awk 'NR > 1 { print $5 }' "$out/valgrind.txt" >"$out/frames.txt"
for f in "$out"/cg.out.*; do
  label=$(sed -n 's/^desc: Trigger: Client Request: //p' "$f")
  [ -n "$label" ] || continue
  n=$(sed -n 's/^summary: //p' "$f")
  r=$(callgrind_annotate --inclusive=yes "$f" 2>/dev/null \
      | awk '/gsk_renderer_render / { gsub(",", "", $1); print $1; exit }' || true)
  printf '%s %s %s %s\n' "$(basename "$f" | sed 's/cg\.out\.//')" "$label" "$n" "${r:-0}"
done | sort -n | paste -d ' ' - "$out/frames.txt" \
  | awk '{ printf "  %-8s %-9s %8.1f M   drawing %6.1f M   frames %s\n", $2, $3, $4 / 1e6, $5 / 1e6, $6;
           if ($4 > max) max = $4 }
         END { printf "  most: %.1f M (target <= 10 M)\n", max / 1e6 }'
echo "milliseconds from the tap (without valgrind; frames drawn until quiet):"
run "$bench" "${args[@]}" 2>/dev/null | sed 's/^/  /'
