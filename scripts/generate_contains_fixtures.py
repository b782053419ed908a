#!/usr/bin/env python3
"""Writes the geodesic circle containment fixture from GeographicLib (pip install geographiclib).

    python3 scripts/generate_contains_fixtures.py [output-directory]

Default output: Tests/GeoMathTests/Fixtures/contains.csv. Deterministic (fixed cases and seed),
so re-running it reproduces the committed file byte for byte with the same geographiclib
version.

Each row is a circle (center, radius) and a test point with its reference distance from the
center, GeographicLib's Inverse on the point as written (the coordinates are written with repr,
i.e. round-trip exact, so the distance is that of the very doubles the test reads). Whether the
circle contains the point is then distanceMeters <= radiusMeters: the test compares
GeodesicCircle.contains with that wherever the two differ by more than its tolerance.

The points sit around the boundary on purpose:
- placed by GeographicLib's Direct at a random azimuth, at distances r (1 -+ 1e-6), r -+ 1 mm
  and r -+ 10 um (inside and outside), and one well inside and one well outside;
- the pole of each circle whose center is within 0.2 degrees of it, and a point on the
  antimeridian (longitude written both as 180 and as -180) near each center within 0.01
  degrees of it: those circles get radii of the point's own distance -+ the same margins.

Circles: centers on the poles, within 1e-7 to 1 degree of them, on the equator, at mid and high
latitudes, on the antimeridian (180 and -180) and 1e-4 degrees from it, radii 1 m to
10 000 km; then random centers (uniform over the sphere) with log-uniform radii 1 m to
10 000 km.
"""

import csv
import math
import os
import random
import sys

import geographiclib
from geographiclib.geodesic import Geodesic

WGS84 = Geodesic.WGS84  # a = 6378137 m, f = 1/298.257223563

# Margins around the boundary: (relative, absolute metres); a point at r (1 + rel) + abs.
MARGINS = [(-1e-6, 0.0), (1e-6, 0.0), (0.0, -1e-3), (0.0, 1e-3), (0.0, -1e-5), (0.0, 1e-5)]


def distance(center, point):
    return WGS84.Inverse(center[0], center[1], point[0], point[1])["s12"]


def around_boundary(rng, center, radius):
    """Points at the margins around the circle of `radius`, and one well inside and outside."""
    points = []
    distances = [radius * (1 + rel) + absolute for rel, absolute in MARGINS]
    distances.append(radius * rng.uniform(0.0, 0.99))
    distances.append(radius * rng.uniform(1.01, 2.0))
    for s12 in distances:
        if s12 <= 0:
            continue
        g = WGS84.Direct(center[0], center[1], rng.uniform(-180, 180), s12)
        point = (g["lat2"], g["lon2"])
        reference = distance(center, point)
        # Direct then Inverse agree to rounding (the point's coordinates are rounded to doubles,
        # about 1e-11 m); a shorter path than the one Direct followed would show here.
        assert abs(reference - s12) < 1e-8, (center, radius, s12, reference)
        points.append((point, reference))
    return points


def radii_about(reference):
    """Radii that put a point of distance `reference` just inside and just outside."""
    radii = [reference * (1 - rel) - absolute for rel, absolute in MARGINS]
    return [r for r in radii if r > 0]


def rows(rng):
    out = []

    def add(center, radius, point, reference):
        out.append((center[0], center[1], radius, point[0], point[1], reference))

    special_lats = [90.0, -90.0, 89.9999999, -89.9999999, 89.999, -89.99, 89.0, 0.0, 45.0, -33.9,
                    80.0, -85.0511287798066]
    special_lons = [180.0, -180.0, 0.0, 179.9999, -179.9999]
    special_radii = [1.0, 10.0, 100.0, 1000.0, 1e4, 1e5, 1e6, 5e6, 1e7]
    centers = [(lat, lon) for lat in special_lats for lon in special_lons]
    for center in centers:
        for radius in special_radii:
            for point, reference in around_boundary(rng, center, radius):
                add(center, radius, point, reference)
    # The pole near a center, and the antimeridian beside one, at the boundary of circles sized
    # to them.
    for center in centers:
        targets = []
        if abs(center[0]) > 89.8:
            targets.append((math.copysign(90.0, center[0]), rng.uniform(-180, 180)))
        if abs(abs(center[1]) - 180) < 0.01:
            latitude = min(max(center[0] + rng.uniform(-1e-3, 1e-3), -90.0), 90.0)
            targets += [(latitude, 180.0), (latitude, -180.0)]
        for point in targets:
            reference = distance(center, point)
            for radius in radii_about(reference):
                add(center, radius, point, reference)
    # Random circles uniform over the sphere's area, log-uniform radii from 1 m to 10 000 km.
    for _ in range(250):
        center = (math.degrees(math.asin(rng.uniform(-1, 1))), rng.uniform(-180, 180))
        radius = 10 ** rng.uniform(0, 7)
        for point, reference in around_boundary(rng, center, radius):
            add(center, radius, point, reference)
    return out


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "Tests", "GeoMathTests", "Fixtures")
    os.makedirs(out, exist_ok=True)
    rng = random.Random(20261128)
    with open(os.path.join(out, "contains.csv"), "w", newline="") as f:
        f.write(f"# GeographicLib {geographiclib.__version__}, WGS84; scripts/generate_contains_fixtures.py\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["centerLatitude", "centerLongitude", "radiusMeters", "latitude", "longitude",
                    "distanceMeters"])
        for row in rows(rng):
            w.writerow([repr(value) for value in row])


if __name__ == "__main__":
    main()
