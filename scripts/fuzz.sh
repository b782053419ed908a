#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (AddressSanitizer, libFuzzer's coverage counters, and
# libFuzzer's driver without its main: each target's main calls LLVMFuzzerRunDriver, since
# SwiftPM gives every executable its own main), replays the committed crash inputs in
# Fuzz/Regressions/<target>/, then fuzzes each target for FUZZ_SECONDS (default 60) from the
# seed corpus in Fuzz/Corpus/<target>/. Any crash, precondition failure (a NaN where a number
# must be finite, a changed camera after a rejected event...), leak or timeout fails; the
# input is left in Fuzz/.build/fuzz-artifacts/ to become a regression.
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"
swift="${SWIFT:-swift}"
seconds="${FUZZ_SECONDS:-60}"
toolchain_lib="$(dirname "$(dirname "$(readlink -f "$(command -v "$swift")")")")/lib"
no_main="$(find "$toolchain_lib/clang" -name 'libclang_rt.fuzzer_no_main-x86_64.a' | head -1)"
[ -n "$no_main" ] || { echo "fuzz: libclang_rt.fuzzer_no_main not found under $toolchain_lib/clang" >&2; exit 1; }

flags=(-Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
  -Xlinker "$no_main" -Xlinker -lstdc++)
"$swift" build "${flags[@]}"
bin="$("$swift" build --show-bin-path)"
# FuzzClusters builds and compares whole cluster indexes at every step: unoptimised, it ran
# about 18 inputs a second here, optimised (preconditions kept) about 200.
"$swift" build -c release --product FuzzClusters "${flags[@]}"
release_bin="$("$swift" build -c release --show-bin-path)"

export SWIFT_BACKTRACE=enable=no   # let libFuzzer and ASan report, not the Swift backtracer
export ASAN_OPTIONS=detect_leaks=1
artifacts=.build/fuzz-artifacts
mkdir -p "$artifacts"
for target in FuzzCSV FuzzCameraScript FuzzAPI FuzzClusters; do
  bin_dir="$bin"
  [ "$target" != FuzzClusters ] || bin_dir="$release_bin"
  regressions=(Regressions/$target/*)
  if [ -e "${regressions[0]}" ]; then
    "$bin_dir/$target" "${regressions[@]}" >"$artifacts/$target-regressions.log" 2>&1 \
      || { cat "$artifacts/$target-regressions.log" >&2; echo "fuzz: $target fails a committed regression input" >&2; exit 1; }
    echo "fuzz: $target: ${#regressions[@]} regression input(s) pass"
  fi
  corpus=".build/fuzz-corpus/$target"
  mkdir -p "$corpus"
  options=()
  if [ "$target" = FuzzCSV ]; then
    # Whole files up to 1 MB (libFuzzer's default is 4 KB), without libFuzzer's slow growth of
    # the length, so that a 60 s run reaches long lines, huge fields and many fields per record
    # (messages must stay short; a slow path shows as a timeout), for about half the executions.
    options=(-max_len=1048576 -len_control=0)
  elif [ "$target" = FuzzClusters ]; then
    # Sequences of up to about 40 operations from the start (libFuzzer would grow the length
    # from a few bytes): in 60 s here, as much coverage and about 10% more features.
    options=(-max_len=400 -len_control=0)
  fi
  "$bin_dir/$target" "$corpus" "Corpus/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
    ${options[@]+"${options[@]}"} \
    -artifact_prefix="$artifacts/$target-" -print_final_stats=1 >"$artifacts/$target.log" 2>&1 \
    || {
      tail -60 "$artifacts/$target.log" >&2
      # The inputs libFuzzer wrote (not the logs beside them), then the finding's own lines
      # once more: a CI log may keep only its last lines, and a finding is then reproducible
      # from them alone.
      for input in "$artifacts/$target-"{crash,leak,timeout,oom}-*; do
        [ -e "$input" ] || continue
        echo "fuzz: $target failed on $input (base64, for Fuzz/Regressions/$target/):" >&2
        base64 -w 0 "$input" >&2
        echo >&2
      done
      grep -E 'Precondition failed|Fatal error|ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|SUMMARY|Seed:' \
        "$artifacts/$target.log" | head -8 >&2 || true
      exit 1
    }
  runs="$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$artifacts/$target.log" | grep -oE '[0-9]+$' || true)"
  [ -n "$runs" ] || { tail -20 "$artifacts/$target.log" >&2; echo "fuzz: $target printed no execution count" >&2; exit 1; }
  echo "fuzz: $target: $runs executions in ${seconds} s, no crash, no NaN, no leak, no timeout"
done
