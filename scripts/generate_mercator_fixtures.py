#!/usr/bin/env python3
"""Writes the Web Mercator reference fixture from pyproj (pip install pyproj).

    python3 scripts/generate_mercator_fixtures.py [output-directory]

Default output: Tests/ProjectionTests/Fixtures/mercator.csv. The reference is pyproj's
EPSG:4326 -> EPSG:3857 operation (built from PROJ's database, axis order lon/lat), an
independent route from the library's database-free pipeline. Inputs beyond +-85.0511287798066
are clamped before projecting, as DESIGN.md prescribes; the CSV keeps the raw input latitude.
Deterministic (fixed seed).
"""

import csv
import math
import os
import random
import sys

import pyproj
from pyproj import Transformer

MAX_LAT = 85.0511287798066


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "Tests", "ProjectionTests", "Fixtures")
    os.makedirs(out, exist_ok=True)
    to_mercator = Transformer.from_crs("EPSG:4326", "EPSG:3857", always_xy=True)
    rng = random.Random(3857)
    cases = [(0.0, 0.0), (1.0, 2.0), (-1.0, -2.0), (MAX_LAT, 180.0), (-MAX_LAT, -180.0),
             (85.06, 10.0), (-89.9, 10.0), (90.0, 0.0), (-90.0, 45.0), (48.8566, 2.3522),
             (-33.9, 151.2), (-17.7, 179.95), (-17.7, -179.95), (64.1466, -21.9426)]
    for _ in range(1000):
        cases.append((rng.uniform(-MAX_LAT, MAX_LAT), rng.uniform(-180, 180)))
    for _ in range(100):
        cases.append((rng.choice([1, -1]) * rng.uniform(MAX_LAT, 90), rng.uniform(-180, 180)))
    with open(os.path.join(out, "mercator.csv"), "w", newline="") as f:
        f.write(f"# pyproj {pyproj.__version__}, PROJ {pyproj.proj_version_str}, EPSG:4326 -> EPSG:3857; "
                "scripts/generate_mercator_fixtures.py\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["latitude", "longitude", "x", "y"])
        for lat, lon in cases:
            clamped = min(max(lat, -MAX_LAT), MAX_LAT)
            x, y = to_mercator.transform(lon, clamped)
            assert math.isfinite(x) and math.isfinite(y)
            w.writerow([repr(lat), repr(lon), repr(x), repr(y)])


if __name__ == "__main__":
    main()
