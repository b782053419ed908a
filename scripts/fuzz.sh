#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (AddressSanitizer, libFuzzer's coverage counters, and
# libFuzzer's driver without its main: each target's main calls LLVMFuzzerRunDriver, since
# SwiftPM gives every executable its own main), replays the committed crash inputs in
# Fuzz/Regressions/<target>/, then fuzzes each target from the seed corpus in
# Fuzz/Corpus/<target>/. Any crash, precondition failure (a NaN where a number must be finite,
# a changed camera after a rejected event...), leak or timeout fails; the input is left in
# Fuzz/.build/fuzz-artifacts/ to become a regression.
#
# Two ways to fuzz:
# - By default (CI's, `make fuzz`) the run is reproducible: a fixed seed (FUZZ_SEED, default 1)
#   and a fixed number of executions per target (about 60 s each on this machine), from the
#   committed corpus alone, with Swift's hashing deterministic and the target's address space
#   not randomised (setarch -R, where the system allows it: libFuzzer's comparison tracing
#   otherwise feeds it values that differ from run to run, and two runs of one seed parted
#   after 296 executions here; with it, two runs of 15 000 gave the same 797 inputs and 15 021
#   features). A run made here before a commit is then CI's run of that commit, as far as the
#   machines agree (the same toolchain and inputs; where the stack lies can still differ), so
#   that a finding shows before CI and again from its seed; a finding is fixed, never avoided
#   by another seed. (A random seed made CI's result a draw: stop 37's run failed on a finding
#   that one 60 s run in five met here.) A time cap of 300 s a target stops a much slower
#   machine early, and says so.
# - FUZZ_SECONDS=N explores: a random seed (unless FUZZ_SEED is given), N seconds per target,
#   the corpus grown in Fuzz/.build/fuzz-corpus/ from run to run.
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"
swift="${SWIFT:-swift}"
seconds="${FUZZ_SECONDS:-}"
seed="${FUZZ_SEED:-}"
[ -n "$seconds" ] || seed="${seed:-1}"
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
# Deterministic hashing for the reproducible run only: exploring keeps the per-process hash
# seed, whose orders of sets and dictionaries are variety too.
[ -n "$seconds" ] || export SWIFT_DETERMINISTIC_HASHING=1
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
  options=()
  if [ -n "$seconds" ]; then
    corpus=".build/fuzz-corpus/$target"
    options+=(-max_total_time="$seconds")
  else
    # Executions that took about 60 s a target here and on CI's machine (stop 37's runs:
    # FuzzCSV 111 022 to 139 798, FuzzCameraScript 152 003 to 276 976, FuzzAPI 140 966 to
    # 142 302, FuzzClusters 5 108 to 5 249).
    case "$target" in
      FuzzCSV) runs=120000 ;;
      FuzzCameraScript) runs=150000 ;;
      FuzzAPI) runs=140000 ;;
      FuzzClusters) runs=5000 ;;
    esac
    runs="${FUZZ_RUNS:-$runs}"   # (a quicker check of the script itself)
    corpus=".build/fuzz-corpus-fixed/$target"
    rm -rf "$corpus"
    options+=(-runs="$runs" -max_total_time=300)
  fi
  mkdir -p "$corpus"
  [ -z "$seed" ] || options+=(-seed="$seed")
  if [ "$target" = FuzzCSV ]; then
    # Whole files up to 1 MB (libFuzzer's default is 4 KB), without libFuzzer's slow growth of
    # the length, so that a 60 s run reaches long lines, huge fields and many fields per record
    # (messages must stay short; a slow path shows as a timeout), for about half the executions.
    options+=(-max_len=1048576 -len_control=0)
  elif [ "$target" = FuzzClusters ]; then
    # Sequences of up to about 40 operations from the start (libFuzzer would grow the length
    # from a few bytes): in 60 s here, as much coverage and about 10% more features.
    options+=(-max_len=400 -len_control=0)
  fi
  launch=()
  if [ -z "$seconds" ] && setarch "$(uname -m)" -R true 2>/dev/null; then launch=(setarch "$(uname -m)" -R); fi
  touch "$artifacts/.start"
  ${launch[@]+"${launch[@]}"} "$bin_dir/$target" "$corpus" "Corpus/$target" -timeout=10 -rss_limit_mb=4096 \
    "${options[@]}" \
    -artifact_prefix="$artifacts/$target-" -print_final_stats=1 >"$artifacts/$target.log" 2>&1 \
    || {
      tail -60 "$artifacts/$target.log" >&2
      # The inputs libFuzzer wrote in this run (not the logs beside them, nor older findings),
      # then the finding's own lines once more: a CI log may keep only its last lines, and a
      # finding is then reproducible from them alone.
      for input in "$artifacts/$target-"{crash,leak,timeout,oom}-*; do
        [ "$input" -nt "$artifacts/.start" ] || continue
        echo "fuzz: $target failed on $input (base64, for Fuzz/Regressions/$target/):" >&2
        base64 -w 0 "$input" >&2
        echo >&2
      done
      grep -E 'Precondition failed|Fatal error|ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|SUMMARY|Seed:' \
        "$artifacts/$target.log" | head -8 >&2 || true
      exit 1
    }
  executed="$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$artifacts/$target.log" | grep -oE '[0-9]+$' || true)"
  [ -n "$executed" ] || { tail -20 "$artifacts/$target.log" >&2; echo "fuzz: $target printed no execution count" >&2; exit 1; }
  used="$(grep -oE 'Seed: [0-9]+' "$artifacts/$target.log" | head -1 | grep -oE '[0-9]+$' || true)"
  if [ -n "$seconds" ]; then
    echo "fuzz: $target: $executed executions in $seconds s (seed $used), no crash, no NaN, no leak, no timeout"
  else
    # libFuzzer counts the corpus it loads among the executions, and stops at -runs inputs
    # after it; fewer means the time cap stopped it.
    note=""
    [ "$executed" -ge "$runs" ] || note=" (stopped by the 300 s cap before $runs: a slower machine)"
    echo "fuzz: $target: $executed executions (seed $used, ${launch[*]:-address randomisation on}), no crash, no NaN, no leak, no timeout$note"
  fi
done
