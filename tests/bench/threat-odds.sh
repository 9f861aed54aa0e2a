#!/usr/bin/env bash
# Instructions spent computing the exact odds of 30 Threat dice on a rich board, measured by
# callgrind two ways:
#  1. --toggle-collect=pen_threat_odds_new: only that function and what it calls;
#  2. the whole program with COUNT=30 minus the whole program with COUNT=0 (start-up, board
#     set-up and printing cancel out).
# Usage: tests/bench/threat-odds.sh [BUILD_DIR] [COUNT]   (defaults: _build, 30)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-_build}
count=${2:-30}
bench=$build/tests/bench/bench-threat-odds
if [ ! -x "$bench" ]; then
  echo "$bench not found: build first (meson compile -C $build)" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

collected () {
  # "==PID== Collected : N" on valgrind's stderr
  sed -n 's/^==[0-9]*== Collected : \([0-9]*\).*/\1/p' "$1"
}

valgrind --tool=callgrind --callgrind-out-file="$tmp/toggle.out" \
  --toggle-collect=pen_threat_odds_new "$bench" "$count" >"$tmp/toggle.stdout" 2>"$tmp/toggle.err"
valgrind --tool=callgrind --callgrind-out-file="$tmp/n.out" \
  "$bench" "$count" >/dev/null 2>"$tmp/n.err"
valgrind --tool=callgrind --callgrind-out-file="$tmp/zero.out" \
  "$bench" 0 >/dev/null 2>"$tmp/zero.err"

toggle=$(collected "$tmp/toggle.err")
whole=$(collected "$tmp/n.err")
zero=$(collected "$tmp/zero.err")

cat "$tmp/toggle.stdout"
echo "instructions in pen_threat_odds_new ($count dice): $toggle"
echo "whole program, $count dice minus 0 dice: $((whole - zero)) ($whole - $zero)"
