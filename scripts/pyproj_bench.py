#!/usr/bin/env python3
"""geobench's workloads through pyproj, timed on this machine, in geobench's table format.

What it measures (the same deterministic inputs as Sources/geobench/*Suite.swift):

  pins      EPSG:4326 -> EPSG:3857 on 1 000 and 1 000 000 pins (longitude 2.2 + (i % 997) * 3e-4,
            latitude 48.76 + (i % 991) * 2e-4), ns per point. Through
            Transformer.from_crs("EPSG:4326", "EPSG:3857", always_xy=True), the two-step pipeline
            (unitconvert degrees to radians, then webmerc) that an application gets from pyproj:
              - "batch projection (pyproj vectorised)": transformer.transform(lons, lats) on
                float64 numpy arrays (new output arrays each call). Baseline "-": it is the
                baseline of every other row of its size.
              - "batch projection (pyproj inplace=True)": the float64 buffers are refilled from
                the source arrays (np.copyto) and transformed with inplace=True, both inside the
                timed pass, as geobench's library and raw proj_trans_generic sides do.
            Through Transformer.from_pipeline("+proj=webmerc +ellps=WGS84"), the single PROJ step
            that geobench's library calls (on radians; it converts degrees itself). Both rows
            pass radians=True: without it pyproj sees webmerc's angular input and multiplies the
            buffers by pi/180 itself before calling PROJ. Both use inplace=True on float64
            buffers refilled inside the timed pass (the faster variant at 1 000 000 pins, by
            about 5-15% here, because a call without inplace allocates and copies into new
            arrays; at 1 000 pins the two variants are within the noise of each other):
              - "batch projection (pyproj webmerc step, radians)": the buffers are refilled
                (np.copyto) from arrays of radians converted from the same degree inputs once,
                before the timing. The same work as geobench's "raw proj_trans_generic, same
                webmerc step" baseline, plus pyproj's call overhead.
              - "batch projection (pyproj webmerc step, degrees converted per pass)": the buffers
                are refilled with np.multiply(degrees, pi / 180, out=buffer) inside the timed
                pass, then transformed: the degree conversion geobench's library does every
                pass (the library also clamps the latitudes and scans the outputs for non-finite
                values, which this row leaves out; the pins never need the clamp).
            Both are checked against the pipeline's output after the timing (within 1e-6 m).
              - "single projection (pyproj scalar loop)", 1 000 pins only: a Python loop of
                transformer.transform(lon, lat) (the EPSG:4326 -> EPSG:3857 transformer) on
                Python floats, one call per pin.
            All rows of one size are timed together, in turns (see Method).
  region    The naive 4-destination region of RegionSuite.swift (geobench's baseline there):
            Geod(ellps="WGS84").fwd at azimuths 0, 90, 180, 270 and a 10 km or 1000 km
            radius, on Workloads.regionCenters(count: 1000) (the same 64-bit linear congruential
            sequence, latitudes in [-80, 80]), ns per region (per center):
              - "... (Geod.fwd vectorised)": one fwd call on 4 000 points (arrays built once,
                outside the timing), bounds sliced out of the result. Baseline "-".
              - "... (Geod.fwd scalar x4)": four scalar fwd calls per center, in a Python loop.
                Baseline: the vectorised row.
            Compare both with geobench's "baseline ns/op" column of its region rows (its naive
            region, in Swift) and with its "ns/op" column (the library's exact region).
  gestures  Gesture frames over 1 000, 10 000 and 100 000 pins (the pins above) on a 390 x 844
            point viewport centred on Paris (48.8566, 2.3522) at zoom 14, that is
            s = 256 * 2**14 / (2 * pi * 6378137) points per Mercator metre. Each frame first
            applies one camera event of geobench's cycle (pinch 1.25 around (250, 520), pan
            (37, -23), pinch 0.8, pan back; a few float operations in Python, as MercatorCamera does
            them, without its zoom limits, which these events never reach) and then places every
            pin with x = w/2 + (X - Xc) * s, y = h/2 - (Y - Yc) * s, computed by numpy into
            preallocated output arrays (out=, no temporaries). The pins are all near Paris, so
            the nearest-world-copy shift of geobench's place(_:into:) is left out. ns per frame:
              - "gesture frame (pyproj re-projection)": the pins are re-projected every frame
                (transformer.transform on the source arrays) and then placed. Baseline "-".
              - "gesture frame (numpy affine re-place)": the pins are placed from Mercator
                arrays projected once, before the timing, which is what the Swift library does
                per frame. Baseline: the re-projection row.
            The ratio column is affine / re-projection, the same orientation as geobench's
            gestures rows ("gesture frame (affine re-place)" over "PROJ re-projection per
            frame"), so the two tables' ratio columns compare directly; its inverse is the
            speed-up of caching the Mercator coordinates, in numpy.

Method (geobench's measurePair, generalised to the two to five rows of a workload): each
function runs once to warm up; its repetitions per sample are then calibrated as
GesturesSuite.repetitions does (doubling until a run takes a quarter of the target, then scaled
to the target, at least 1), with a 50 ms target instead of 10 ms because Python timings are
noisier (so the 1 000-pin rows repeat their pass several times per sample, where geobench's pins
suite times one pass; the 1 000 000-pin rows take one pass per sample in both). Then --samples
timed samples of each, with time.perf_counter_ns, the functions taking turns in an order rotated
by one every sample (with two rows: alternately first, as measurePair does). ns/op = median over
the samples of elapsed / (repetitions * operations per pass); spread = (max - min) / median.
The garbage collector stays on, as in an application. allocs/op is not counted ("-" in the
table, null in JSON). Everything runs on one thread. pyproj wheels bundle their own PROJ (its
version is printed at the top), which may differ from the PROJ that geobench links.

Install the dependencies:

    pip install pyproj numpy

Run (about half a minute on a 2-core machine; progress goes to stderr):

    python3 scripts/pyproj_bench.py                       # all suites, table
    python3 scripts/pyproj_bench.py --suite pins          # one suite: pins, region or gestures
    python3 scripts/pyproj_bench.py --samples 31          # more samples (default 15)
    python3 scripts/pyproj_bench.py --json --suite pins   # geobench's JSON shape on stdout

and put the table next to `geobench run` (or `make bench`) from the same machine.
"""

import argparse
import json
import math
import platform
import sys
import time

import numpy as np
import pyproj
from pyproj import Geod, Transformer

# How long one timed sample of each function should take, in nanoseconds (GesturesSuite uses 10 ms;
# Python timings are noisier, and the whole run still takes well under a minute).
SAMPLE_NS = 50_000_000

# GesturesSuite.swift's camera and viewport.
CENTER_LATITUDE = 48.8566
CENTER_LONGITUDE = 2.3522
ZOOM = 14.0
VIEWPORT_WIDTH = 390.0
VIEWPORT_HEIGHT = 844.0
ANCHOR_X, ANCHOR_Y = 250.0, 520.0
PAN_DX, PAN_DY = 37.0, -23.0
SEMI_MAJOR_AXIS = 6378137.0
WORLD_WIDTH = 2 * math.pi * SEMI_MAJOR_AXIS


# ---------------------------------------------------------------------------------------------
# Deterministic inputs, as in the Swift suites.

def pin_arrays(count):
    """PinsSuite/GesturesSuite pins within about 10 km of Paris, as float64 arrays."""
    index = np.arange(count, dtype=np.int64)
    longitudes = 2.2 + (index % 997).astype(np.float64) * 3e-4
    latitudes = 48.76 + (index % 991).astype(np.float64) * 2e-4
    return longitudes, latitudes


def region_centers(count):
    """Workloads.regionCenters(count:): (latitude, longitude) pairs from a fixed 64-bit LCG."""
    mask = (1 << 64) - 1
    state = 0x9E3779B97F4A7C15

    def next_unit():
        nonlocal state
        state = (state * 6364136223846793005 + 1442695040888963407) & mask
        return float(state >> 11) / float(1 << 53)

    centers = []
    for _ in range(count):
        latitude = next_unit() * 160 - 80
        longitude = next_unit() * 360 - 180
        centers.append((latitude, longitude))
    return centers


# ---------------------------------------------------------------------------------------------
# Timing.

def repetitions(work, target=SAMPLE_NS):
    """How many repetitions of work(count) take about target ns (at least 1)."""
    count = 1
    while True:
        start = time.perf_counter_ns()
        work(count)
        elapsed = time.perf_counter_ns() - start
        if elapsed >= target / 4 or count >= 1 << 24:
            return max(1, round(target * count / max(elapsed, 1)))
        count *= 2


def summary(times):
    ordered = sorted(times)
    n = len(ordered)
    median = ordered[n // 2] if n % 2 == 1 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
    return median, ((ordered[-1] - ordered[0]) / median if median > 0 else 0.0)


def measure_group(samples, size, works):
    """Times each work(count) (count = repetitions of a pass of `size` operations), in turn,
    `samples` times after a warm-up; returns (median ns/op, spread) per work."""
    for work in works:
        work(1)  # warm-up
    counts = [repetitions(work) for work in works]
    times = [[] for _ in works]
    k = len(works)
    for sample in range(samples):
        for turn in range(k):
            which = (sample + turn) % k
            start = time.perf_counter_ns()
            works[which](counts[which])
            elapsed = time.perf_counter_ns() - start
            times[which].append(elapsed / (counts[which] * size))
    return [summary(t) for t in times]


def row(suite, operation, size, timing, baseline=None, baseline_timing=None):
    return {
        "suite": suite, "operation": operation, "size": size,
        "nsPerOp": timing[0], "spread": timing[1],
        "baseline": baseline, "baselineNsPerOp": baseline_timing[0] if baseline_timing else None,
    }


# ---------------------------------------------------------------------------------------------
# Suites.

def pins_suite(samples, progress):
    transformer = Transformer.from_crs("EPSG:4326", "EPSG:3857", always_xy=True)
    # The single step geobench's library calls, on radians (radians=True below, or pyproj would
    # convert degrees to radians itself).
    step = Transformer.from_pipeline("+proj=webmerc +ellps=WGS84")
    radians_per_degree = math.pi / 180
    results = []
    sink = []
    for size in (1_000, 1_000_000):
        progress(f"pins: projecting {size} pins, pyproj vectorised vs inplace=True"
                 + " vs webmerc step on radians vs webmerc step converting degrees"
                 + (" vs scalar loop..." if size == 1_000 else "..."))
        source_lon, source_lat = pin_arrays(size)
        # The same inputs in radians, converted once, outside the timing.
        radian_lon = source_lon * radians_per_degree
        radian_lat = source_lat * radians_per_degree
        xs = np.empty_like(source_lon)
        ys = np.empty_like(source_lat)
        step_xs = np.empty_like(source_lon)
        step_ys = np.empty_like(source_lat)
        converted_xs = np.empty_like(source_lon)
        converted_ys = np.empty_like(source_lat)

        def vectorised(count):
            for _ in range(count):
                x, y = transformer.transform(source_lon, source_lat)
            sink.append(x[-1])

        def inplace(count):
            for _ in range(count):
                np.copyto(xs, source_lon)
                np.copyto(ys, source_lat)
                transformer.transform(xs, ys, inplace=True)
            sink.append(xs[-1])

        def step_radians(count):
            for _ in range(count):
                np.copyto(step_xs, radian_lon)
                np.copyto(step_ys, radian_lat)
                step.transform(step_xs, step_ys, radians=True, inplace=True)
            sink.append(step_xs[-1])

        def step_degrees(count):
            for _ in range(count):
                np.multiply(source_lon, radians_per_degree, out=converted_xs)
                np.multiply(source_lat, radians_per_degree, out=converted_ys)
                step.transform(converted_xs, converted_ys, radians=True, inplace=True)
            sink.append(converted_xs[-1])

        works = [vectorised, inplace, step_radians, step_degrees]
        if size == 1_000:
            lon_list, lat_list = source_lon.tolist(), source_lat.tolist()
            pairs = list(zip(lon_list, lat_list))

            def scalar(count):
                total = 0.0
                for _ in range(count):
                    for lon, lat in pairs:
                        x, y = transformer.transform(lon, lat)
                        total += x
                sink.append(total)

            works.append(scalar)
        timings = measure_group(samples, size, works)
        results.append(row("pins", "batch projection (pyproj vectorised)", size, timings[0]))
        results.append(row("pins", "batch projection (pyproj inplace=True)", size, timings[1],
                           "pyproj vectorised transform", timings[0]))
        results.append(row("pins", "batch projection (pyproj webmerc step, radians)", size,
                           timings[2], "pyproj vectorised transform", timings[0]))
        results.append(row("pins", "batch projection (pyproj webmerc step, degrees converted per pass)",
                           size, timings[3], "pyproj vectorised transform", timings[0]))
        if size == 1_000:
            results.append(row("pins", "single projection (pyproj scalar loop)", size, timings[4],
                               "pyproj vectorised transform", timings[0]))
        # Sanity: every batch path left the pipeline's result in its buffers.
        reference_x, reference_y = transformer.transform(source_lon, source_lat)
        for out_x, out_y in ((xs, ys), (step_xs, step_ys), (converted_xs, converted_ys)):
            if not (np.allclose(out_x, reference_x, rtol=0, atol=1e-6)
                    and np.allclose(out_y, reference_y, rtol=0, atol=1e-6)):
                raise RuntimeError("pins: the batch paths disagree")
    # Sanity: the projection happened.
    x_ref, _ = transformer.transform(2.2, 48.76)
    if not all(math.isfinite(float(v)) for v in sink) or abs(float(xs[0]) - x_ref) > 1e-6:
        raise RuntimeError("pins: unexpected projection result")
    return results


def region_suite(samples, progress):
    geod = Geod(ellps="WGS84")
    size = 1_000
    centers = region_centers(size)
    center_lats = np.array([c[0] for c in centers], dtype=np.float64)
    center_lons = np.array([c[1] for c in centers], dtype=np.float64)
    lats4 = np.repeat(center_lats, 4)
    lons4 = np.repeat(center_lons, 4)
    azimuths4 = np.tile(np.array([0.0, 90.0, 180.0, 270.0]), size)
    results = []
    sink = []
    for label, radius in (("10 km", 10_000.0), ("1000 km", 1_000_000.0)):
        progress(f"region: naive 4-destination region, radius {label}, {size} centers, "
                 "Geod.fwd vectorised vs scalar...")
        distances4 = np.full(4 * size, radius)

        def vectorised(count):
            for _ in range(count):
                lon2, lat2, _ = geod.fwd(lons4, lats4, azimuths4, distances4)
                # Bounds per center: south, north, west, east (views, no copies).
                south, north, west, east = lat2[2::4], lat2[0::4], lon2[3::4], lon2[1::4]
            sink.append(float(east[-1]) + float(south[-1]) + float(north[-1]) + float(west[-1]))

        def scalar(count):
            total = 0.0
            for _ in range(count):
                for lat, lon in centers:
                    north = geod.fwd(lon, lat, 0.0, radius)[1]
                    east = geod.fwd(lon, lat, 90.0, radius)[0]
                    south = geod.fwd(lon, lat, 180.0, radius)[1]
                    west = geod.fwd(lon, lat, 270.0, radius)[0]
                    total += east
            sink.append(total + north + south + west)

        timings = measure_group(samples, size, [vectorised, scalar])
        results.append(row("region", f"naive region, radius {label} (Geod.fwd vectorised)", size,
                           timings[0]))
        results.append(row("region", f"naive region, radius {label} (Geod.fwd scalar x4)", size,
                           timings[1], "Geod.fwd vectorised, 4000 pts", timings[0]))
    if not all(math.isfinite(v) for v in sink):
        raise RuntimeError("region: unexpected result")
    return results


class Camera:
    """MercatorCamera's center, zoom and scale, with its pinch and pan arithmetic (no limits)."""

    def __init__(self, center_x, center_y, zoom):
        self.x, self.y, self.zoom = center_x, center_y, zoom
        self.scale = 256 * 2 ** zoom / WORLD_WIDTH

    def pinch(self, scale):
        new_zoom = self.zoom + math.log2(scale)
        new_scale = 256 * 2 ** new_zoom / WORLD_WIDTH
        dx = ANCHOR_X - VIEWPORT_WIDTH / 2
        dy = ANCHOR_Y - VIEWPORT_HEIGHT / 2
        self.x = (self.x + dx / self.scale) - dx / new_scale
        self.y = (self.y - dy / self.scale) + dy / new_scale
        self.zoom, self.scale = new_zoom, new_scale

    def pan(self, dx, dy):
        self.x -= dx / self.scale
        self.y += dy / self.scale

    def event(self, index):
        """GesturesSuite.gestureEvent: pinch in, pan, pinch out, pan back."""
        step = index & 3
        if step == 0:
            self.pinch(1.25)
        elif step == 1:
            self.pan(PAN_DX, PAN_DY)
        elif step == 2:
            self.pinch(0.8)
        else:
            self.pan(-PAN_DX, -PAN_DY)


def place(camera, mercator_x, mercator_y, out_x, out_y):
    """x = w/2 + (X - Xc) * s, y = h/2 - (Y - Yc) * s into the preallocated outputs."""
    s = camera.scale
    np.subtract(mercator_x, camera.x, out=out_x)
    np.multiply(out_x, s, out=out_x)
    np.add(out_x, VIEWPORT_WIDTH / 2, out=out_x)
    np.subtract(mercator_y, camera.y, out=out_y)
    np.multiply(out_y, -s, out=out_y)
    np.add(out_y, VIEWPORT_HEIGHT / 2, out=out_y)


def gestures_suite(samples, progress):
    transformer = Transformer.from_crs("EPSG:4326", "EPSG:3857", always_xy=True)
    center_x, center_y = transformer.transform(CENTER_LONGITUDE, CENTER_LATITUDE)
    results = []
    for count in (1_000, 10_000, 100_000):
        progress(f"gestures: frames re-placing {count} pins, numpy affine vs pyproj re-projection...")
        source_lon, source_lat = pin_arrays(count)
        cached_x, cached_y = transformer.transform(source_lon, source_lat)
        out_x = np.zeros(count)
        out_y = np.zeros(count)
        # Each side moves its own camera through the same cycle of events.
        reprojection_camera = Camera(center_x, center_y, ZOOM)
        affine_camera = Camera(center_x, center_y, ZOOM)
        state = {"reprojection": 0, "affine": 0}

        def reprojection(frames):
            camera, index = reprojection_camera, state["reprojection"]
            for _ in range(frames):
                camera.event(index)
                index += 1
                mercator_x, mercator_y = transformer.transform(source_lon, source_lat)
                place(camera, mercator_x, mercator_y, out_x, out_y)
            state["reprojection"] = index

        def affine(frames):
            camera, index = affine_camera, state["affine"]
            for _ in range(frames):
                camera.event(index)
                index += 1
                place(camera, cached_x, cached_y, out_x, out_y)
            state["affine"] = index

        timings = measure_group(samples, 1, [reprojection, affine])
        results.append(row("gestures", "gesture frame (pyproj re-projection)", count, timings[0]))
        results.append(row("gestures", "gesture frame (numpy affine re-place)", count, timings[1],
                           "pyproj re-projection per frame", timings[0]))
        # Sanity: the center pin lands near the viewport's middle at zoom 14 (within a screen).
        check = Camera(center_x, center_y, ZOOM)
        place(check, cached_x, cached_y, out_x, out_y)
        if not (np.all(np.isfinite(out_x)) and abs(float(np.median(out_x)) - VIEWPORT_WIDTH / 2) < 2000):
            raise RuntimeError("gestures: unexpected placement")
    return results


# ---------------------------------------------------------------------------------------------
# Output, as Measurement.table / Measurement.json print it.

def fixed(value, decimals):
    return f"{value:.{decimals}f}" if math.isfinite(value) else str(value)


def ratio(result):
    base = result["baselineNsPerOp"]
    return result["nsPerOp"] / base if base is not None else None


def render_table(header, rows):
    widths = [len(h) for h in header]
    for cells in rows:
        for i, cell in enumerate(cells):
            widths[i] = max(widths[i], len(cell))

    def line(cells):
        parts = []
        for i, cell in enumerate(cells):
            numeric = bool(cell) and (cell[0].isdigit() or (cell[0] == "-" and len(cell) > 1))
            parts.append(cell.rjust(widths[i]) if numeric else cell.ljust(widths[i]))
        return "  ".join(parts)

    lines = [line(header), "  ".join("-" * w for w in widths)]
    lines += [line(cells) for cells in rows]
    return "\n".join(lines)


def table(results):
    header = ["suite", "operation", "size", "ns/op", "spread", "baseline", "baseline ns/op",
              "ratio", "allocs/op"]
    rows = []
    for r in results:
        q = ratio(r)
        rows.append([
            r["suite"], r["operation"], str(r["size"]),
            fixed(r["nsPerOp"], 1), fixed(r["spread"] * 100, 1) + "%",
            r["baseline"] or "-",
            fixed(r["baselineNsPerOp"], 1) if r["baselineNsPerOp"] is not None else "-",
            fixed(q, 3) + "x" if q is not None else "-",
            "-",
        ])
    return render_table(header, rows)


class _Number(float):
    """A float that json writes as geobench does: integral values without a fraction."""

    def __repr__(self):
        value = float(self)
        return str(int(value)) if value == round(value) and abs(value) < 1e15 else float.__repr__(value)


def to_json(results):
    def number(value):
        return None if value is None else _Number(value)

    document = {"results": [{
        "suite": r["suite"],
        "operation": r["operation"],
        "size": r["size"],
        "nsPerOp": number(r["nsPerOp"]),
        "baseline": r["baseline"],
        "baselineNsPerOp": number(r["baselineNsPerOp"]),
        "ratio": number(ratio(r)),
        "allocationsPerOp": None,
    } for r in results]}
    return _dumps(document)


def _dumps(value):
    """Compact JSON with geobench's number formatting, keys in insertion order."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, _Number):
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(_Number(value))
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ",".join(_dumps(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(k) + ":" + _dumps(v) for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {type(value)} as JSON")


# ---------------------------------------------------------------------------------------------

SUITES = {"region": region_suite, "pins": pins_suite, "gestures": gestures_suite}


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Time geobench's workloads through pyproj and print geobench's table (or JSON).")
    parser.add_argument("--samples", type=int, default=15,
                        help="timed samples per operation (the median is reported); default 15")
    parser.add_argument("--suite", choices=list(SUITES), default=None,
                        help="the suite to run: region, pins or gestures; default: all")
    parser.add_argument("--json", action="store_true",
                        help="print machine-readable JSON instead of the table")
    args = parser.parse_args(argv)
    if not 3 <= args.samples <= 1000:
        parser.error(f"--samples {args.samples} is out of range: expected an integer in [3, 1000]")

    def progress(message):
        print(message, file=sys.stderr, flush=True)

    # geobench's order: region, pins, gestures.
    names = [args.suite] if args.suite else list(SUITES)
    results = []
    for name in names:
        results += SUITES[name](args.samples, progress)

    if args.json:
        print(to_json(results))
    else:
        print(f"pyproj {pyproj.__version__}, PROJ {pyproj.proj_version_str}, numpy {np.__version__}"
              f" (Python {platform.python_version()}, {platform.machine()})")
        print()
        print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
