#!/usr/bin/env bash
# Bytes written and instructions per action through the app's door (PenGame submit and its
# autosave) with 10, 100, 500 and 2000 actions in the log. Instructions: callgrind, counting
# only the measured actions (user space; the fsyncs' time is in the wall-clock figure).
#   tests/bench/save.sh [BUILD_DIR] [COUNT]
set -euo pipefail
build=${1:-_build}
count=${2:-10}
bench="$build/tests/bench/bench-save"
export PENUMBRA_DATADIR="${PENUMBRA_DATADIR:-$(dirname "$0")/../../data}"
for log in 10 100 500 2000; do
  line=$("$bench" "$log" "$count")
  ir=$(valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=/dev/null \
       "$bench" "$log" "$count" 2>&1 >/dev/null | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p')
  echo "$line; $((ir / count)) instructions per action"
done
