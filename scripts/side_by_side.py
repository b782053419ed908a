#!/usr/bin/env python3
"""geobench's library batch projection against pyproj, interleaved round by round on one machine.

Purpose: `geobench run --suite pins` and `scripts/pyproj_bench.py --suite pins` time the same
pins (1 000 and 1 000 000 points near Paris), but in separate processes. Comparing one run of each
made at different times mixes the machine's drift into the comparison. This script runs both in
alternation, --rounds times, and flips which runs first every round (geobench first in rounds 1,
3, 5, ...; pyproj first in rounds 2, 4, ...). Each round gives one ratio per size and pyproj row:

    ratio = geobench "batch projection (library)" ns/op / pyproj ns/op

(below 1: geobench's library is faster). geobench prints one "batch projection (library)" row
per baseline for each size (builds that time the library against each baseline separately give
different nsPerOp in those rows; the current PinsSuite times it once against both and repeats the
figure); the round's library figure is the median of those rows' nsPerOp for that size.

The pyproj rows compared against (from pyproj_bench.py's pins suite):

    EPSG:4326->3857 pipeline   Transformer.from_crs("EPSG:4326", "EPSG:3857", always_xy=True):
                               unitconvert degrees to radians, then webmerc. Variants
                               "batch projection (pyproj vectorised)" and "batch projection
                               (pyproj inplace=True)"; the one with the lower median ns/op over
                               all rounds, per size, is used (and named) in every round.
    webmerc step, radians      Transformer.from_pipeline("+proj=webmerc +ellps=WGS84") on buffers
                               refilled with radians converted before the timing: the single
                               PROJ step geobench's library calls.
    webmerc step, deg per pass The same step with the degree conversion (np.multiply into the
                               buffers) inside every timed pass, as geobench's library does.

The table gives, per size and pyproj row: the median, minimum and maximum of the per-round
ratios, and the medians over the rounds of each side's ns/op. The versions are printed above it:
pyproj and the PROJ its wheel bundles, and the PROJ geobench links (Debian's, from
`pkg-config --modversion proj`; pkg-config reports the installed development package, which is
the library the binary was linked against on this machine). A note under the table gives the
median of geobench's own "raw proj_trans_generic, same webmerc step" baseline, the same PROJ
call without pyproj around it, on geobench's PROJ.

Usage (about 13 seconds per round on a 2-core machine, a minute and a half with the defaults;
per-round progress on stderr):

    python3 scripts/side_by_side.py                         # 7 rounds, --samples 9 on both sides
    python3 scripts/side_by_side.py --rounds 11 --samples 15
    python3 scripts/side_by_side.py --geobench .build-sbs/release/geobench

It needs a release build of geobench (`swift build -c release --product geobench`) and pyproj and
numpy for the Python side (`pip install pyproj numpy`). Run nothing else heavy meanwhile.
"""

import argparse
import json
import os
import subprocess
import sys
import time

import pyproj

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYPROJ_BENCH = os.path.join(REPOSITORY, "scripts", "pyproj_bench.py")
SIZES = (1_000, 1_000_000)
LIBRARY_OPERATION = "batch projection (library)"
STEP_BASELINE = "raw proj_trans_generic, same webmerc step"

# (label, short label for the per-round table, candidate pyproj operations: the one with the
# lowest median ns/op over the rounds is used, per size).
COMPARISONS = (
    ("EPSG:4326->3857 pipeline", "pipeline", ("batch projection (pyproj vectorised)",
                                              "batch projection (pyproj inplace=True)")),
    ("webmerc step, radians", "step rad", ("batch projection (pyproj webmerc step, radians)",)),
    ("webmerc step, deg per pass", "step deg",
     ("batch projection (pyproj webmerc step, degrees converted per pass)",)),
)


def median(values):
    ordered = sorted(values)
    n = len(ordered)
    if n == 0:
        raise ValueError("median of nothing")
    return ordered[n // 2] if n % 2 == 1 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2


def run_json(command):
    """Runs command, returns its stdout parsed as JSON; exits with its stderr on failure."""
    completed = subprocess.run(command, cwd=REPOSITORY, capture_output=True, text=True)
    if completed.returncode != 0:
        sys.stderr.write(completed.stderr)
        sys.exit(f"side_by_side: {' '.join(command)} exited with {completed.returncode}")
    try:
        return json.loads(completed.stdout)["results"]
    except (ValueError, KeyError) as error:
        sys.exit(f"side_by_side: cannot read the JSON of {' '.join(command)}: {error}")


def geobench_round(geobench, samples):
    """{size: (library ns/op, raw webmerc step baseline ns/op)} from one geobench run."""
    results = run_json([geobench, "run", "--suite", "pins", "--json", "--samples", str(samples)])
    figures = {}
    for size in SIZES:
        rows = [r for r in results
                if r["suite"] == "pins" and r["operation"] == LIBRARY_OPERATION and r["size"] == size]
        if not rows:
            sys.exit(f"side_by_side: geobench printed no '{LIBRARY_OPERATION}' row of size {size}")
        step = [r["baselineNsPerOp"] for r in rows if r["baseline"] == STEP_BASELINE]
        figures[size] = (median([r["nsPerOp"] for r in rows]), median(step) if step else None)
    return figures


def pyproj_round(samples):
    """{(operation, size): ns/op} from one pyproj_bench.py run."""
    results = run_json([sys.executable, PYPROJ_BENCH, "--suite", "pins", "--json",
                        "--samples", str(samples)])
    return {(r["operation"], r["size"]): r["nsPerOp"] for r in results if r["suite"] == "pins"}


def proj_version_linked():
    try:
        completed = subprocess.run(["pkg-config", "--modversion", "proj"],
                                   capture_output=True, text=True, check=True)
        return completed.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown (pkg-config --modversion proj failed)"


def render_table(header, rows):
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]

    def line(cells):
        return "  ".join(cell.rjust(w) if cell[:1].isdigit() else cell.ljust(w)
                         for cell, w in zip(cells, widths)).rstrip()

    return "\n".join([line(header), "  ".join("-" * w for w in widths)] + [line(r) for r in rows])


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Interleave geobench's pins suite and pyproj_bench.py's, report per-round ratios.")
    parser.add_argument("--rounds", type=int, default=7, help="rounds (default 7)")
    parser.add_argument("--samples", type=int, default=9,
                        help="--samples passed to both sides (default 9)")
    parser.add_argument("--geobench", default=os.path.join(".build", "release", "geobench"),
                        help="the geobench binary (default .build/release/geobench, relative to "
                             "the repository root unless absolute)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if not 3 <= args.samples <= 1000:
        parser.error("--samples must be in [3, 1000]")
    geobench = os.path.join(REPOSITORY, args.geobench)  # unchanged when absolute
    if not os.access(geobench, os.X_OK):
        parser.error(f"no geobench binary at {geobench}: build it with "
                     "`swift build -c release --product geobench` or pass --geobench")

    rounds = []  # (order, geobench figures, pyproj figures)
    started = time.monotonic()
    for index in range(args.rounds):
        geobench_first = index % 2 == 0
        if geobench_first:
            library = geobench_round(geobench, args.samples)
            python = pyproj_round(args.samples)
        else:
            python = pyproj_round(args.samples)
            library = geobench_round(geobench, args.samples)
        order = "geobench, pyproj" if geobench_first else "pyproj, geobench"
        rounds.append((order, library, python))
        print(f"round {index + 1}/{args.rounds} ({order}) done, "
              f"{time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)

    # The pyproj variant of each comparison: the lowest median ns/op over the rounds, per size.
    chosen = {}
    for label, _, candidates in COMPARISONS:
        for size in SIZES:
            present = [c for c in candidates if all((c, size) in p for _, _, p in rounds)]
            if not present:
                sys.exit(f"side_by_side: pyproj_bench.py printed none of {candidates} for size {size}")
            chosen[label, size] = min(present, key=lambda c: median([p[c, size] for _, _, p in rounds]))

    ratios = {key: [] for key in chosen}
    print(f"Per-round ratios, geobench library batch ns/op / pyproj ns/op "
          f"(--samples {args.samples} on both sides; pipeline, step rad, step deg: the rows "
          f"of the table below):")
    print()
    header = ["round", "first"] + [f"{short} {size}" for _, short, _ in COMPARISONS for size in SIZES]
    lines = []
    for number, (order, library, python) in enumerate(rounds, start=1):
        cells = [str(number), order.split(",")[0]]
        for label, _, _ in COMPARISONS:
            for size in SIZES:
                value = library[size][0] / python[chosen[label, size], size]
                ratios[label, size].append(value)
                cells.append(f"{value:.3f}")
        lines.append(cells)
    print(render_table(header, lines))
    print()

    print(f"pyproj {pyproj.__version__} (bundled PROJ {pyproj.proj_version_str}); "
          f"geobench links PROJ {proj_version_linked()} (pkg-config --modversion proj); "
          f"{args.rounds} rounds, order alternating, geobench {os.path.relpath(geobench, REPOSITORY)}")
    print("ratio = geobench library batch ns/op / pyproj ns/op (below 1: geobench faster)")
    print()
    header = ["size", "compared with", "pyproj row", "median ratio", "min", "max",
              "geobench ns/op", "pyproj ns/op"]
    lines = []
    for size in SIZES:
        library_median = median([library[size][0] for _, library, _ in rounds])
        for label, _, _ in COMPARISONS:
            operation = chosen[label, size]
            values = ratios[label, size]
            lines.append([
                str(size), label, operation,
                f"{median(values):.3f}", f"{min(values):.3f}", f"{max(values):.3f}",
                f"{library_median:.1f}",
                f"{median([python[operation, size] for _, _, python in rounds]):.1f}",
            ])
    print(render_table(header, lines))
    steps = {size: [library[size][1] for _, library, _ in rounds if library[size][1] is not None]
             for size in SIZES}
    if all(steps.values()):
        print()
        print("geobench's own '" + STEP_BASELINE + "' baseline (the same PROJ call, no pyproj), "
              "median ns/op: " + ", ".join(f"{median(steps[s]):.1f} @{s}" for s in SIZES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
