#!/usr/bin/env bash
# Runs geobench's inspection commands under valgrind's memcheck and fails on any definite leak
# (a PROJ handle or a Swift object nothing points to any more) or memory error.
#
# valgrind 3.19 cannot read the DWARF 5 debug information of Swift 6.3 binaries, so it runs a
# stripped copy. "Possibly lost" blocks are the Swift runtime's own caches (metadata and
# conformance tables, alive until exit) and are reported but not counted.
#
# Usage: scripts/leak_check.sh path/to/geobench
set -euo pipefail
cd "$(dirname "$0")/.."
binary="$(readlink -f "${1:?usage: scripts/leak_check.sh path/to/geobench}")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
strip -o "$work/geobench" "$binary"

# The canary: a program that loses a block must make valgrind fail with these very options,
# or the check below would pass for nothing.
printf '#include <stdlib.h>\nvoid *volatile kept;\nint main(void) { kept = malloc(64); kept = 0; return 0; }\n' >"$work/canary.c"
cc -O0 -o "$work/canary" "$work/canary.c"
canary_status=0
valgrind --quiet --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
  --log-file="$work/canary.log" "$work/canary" || canary_status=$?
if [ "$canary_status" -ne 99 ]; then
  echo "leak check: valgrind did not report the canary's lost block (status $canary_status)" >&2
  exit 1
fi
echo "leak check: the canary's lost block is reported"

runs=0
check() {
  local name="$1"; shift
  local expected_status="$1"; shift
  local status=0
  valgrind --quiet --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
    --log-file="$work/$name.log" "$work/geobench" "$@" >/dev/null 2>"$work/$name.err" || status=$?
  if [ "$status" -eq 99 ]; then
    echo "leak check: $name: valgrind found errors or definite leaks:" >&2
    cat "$work/$name.log" >&2
    exit 1
  fi
  if [ "$status" -ne "$expected_status" ]; then
    echo "leak check: $name exited with $status, expected $expected_status" >&2
    cat "$work/$name.err" >&2
    exit 1
  fi
  runs=$((runs + 1))
  echo "leak check: $name: 0 definite leaks, 0 errors"
}

check region-paris 0 region --latitude 48.8566 --longitude 2.3522
check region-pole 0 region --latitude 89.99 --longitude 179.9 --radius 10000
check region-antimeridian 0 region --latitude -17.7 --longitude 179.95
check region-bad-input 1 region --latitude 95 --longitude 0
check preview-pins 0 preview --latitude 48.8566 --longitude 2.3522 --width 390 --pins examples/pins.csv
check preview-bad-size 1 preview --latitude 48.8566 --longitude 2.3522 --width 0
check camera-script 0 camera --script examples/camera-script.json
printf '{"camera":{"latitude":48,"longitude":2,"zoom":12,"width":390,"height":844},"events":[{"type":"pinch","scale":0,"x":1,"y":2}]}' >"$work/bad.json"
check camera-bad-event 1 camera --script "$work/bad.json"
echo "leak check: $runs runs, 0 definite leaks"
