#!/usr/bin/env python3
"""Writes the ground scale reference fixture from GeographicLib (pip install geographiclib).

    python3 scripts/generate_scale_fixtures.py [output-directory]

Default output: Tests/ProjectionTests/Fixtures/scale.csv. For each latitude, ground metres per
Web Mercator metre from GeographicLib: the WGS84 geodesic length between latitude +- d/2 on a meridian (a meridian
  arc, exact), and between longitude +- d/2 on the parallel (the geodesic chord, which differs
  from the parallel's arc by O(d^2)), over the Mercator distance between the same points
  (d = 1e-4 degrees: central differences, relative error below 1e-10, the geodesic's own
  rounding over 11 m).

(PROJ's projection factors for EPSG:3857 are not a reference here: they are those of the
sphere, cos(latitude) both ways, which is the under-reporting the library avoids.)

Deterministic (fixed latitudes and seed).
"""

import math
import os
import random
import sys

import geographiclib
from geographiclib.geodesic import Geodesic

A = 6378137.0
D = 1e-4


def mercator_y(lat):
    return A * math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "Tests", "ProjectionTests", "Fixtures")
    os.makedirs(out, exist_ok=True)
    geod = Geodesic.WGS84
    rng = random.Random(100)
    latitudes = [0.0, 10.0, 30.0, 45.0, 48.8566, -33.9, 60.0, 70.0, -70.0, 80.0, 85.0]
    latitudes += [rng.uniform(-85, 85) for _ in range(60)]
    with open(os.path.join(out, "scale.csv"), "w", newline="") as f:
        f.write(f"# GeographicLib {geographiclib.__version__} (WGS84); scripts/generate_scale_fixtures.py\n")
        f.write("latitude,ew_geodesic,ns_geodesic\n")
        for lat in latitudes:
            ew = geod.Inverse(lat, -D / 2, lat, D / 2)["s12"] / (A * math.radians(D))
            ns = geod.Inverse(lat - D / 2, 0, lat + D / 2, 0)["s12"] / (mercator_y(lat + D / 2) - mercator_y(lat - D / 2))
            f.write(f"{lat!r},{ew!r},{ns!r}\n")


if __name__ == "__main__":
    main()
