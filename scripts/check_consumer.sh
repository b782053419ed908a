#!/usr/bin/env bash
# make consumer: builds a new package that depends on this one by path and holds the DocC
# walk-throughs' code exactly as the articles show it (scripts/docc_consumer.py), under the
# Swift 6 language mode with warnings as errors, then runs every walk-through.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
swift="${SWIFT:-swift}"
dir="$root/.build/consumer"
rm -rf "$dir/Sources" "$dir/Package.swift"
mkdir -p "$dir"
mapfile -t walkthroughs < <(python3 "$root/scripts/docc_consumer.py" "$dir")
cd "$dir"
status=0
"$swift" build >consumer-build.log 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  grep -E "error|warning" consumer-build.log >&2 || tail -20 consumer-build.log >&2
  echo "consumer: the walk-throughs do not compile in a new package" >&2
  exit 1
fi
bin="$("$swift" build --show-bin-path)"
for walkthrough in "${walkthroughs[@]}"; do
  "$bin/$walkthrough" >/dev/null || { echo "consumer: $walkthrough failed when run" >&2; exit 1; }
  echo "consumer: $walkthrough compiles in a new package (Swift 6, no warnings) and runs"
done
