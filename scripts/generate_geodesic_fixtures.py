#!/usr/bin/env python3
"""Writes the GeoMath reference fixtures from GeographicLib (pip install geographiclib).

    python3 scripts/generate_geodesic_fixtures.py [output-directory]

Default output: Tests/GeoMathTests/Fixtures. Deterministic (fixed seed), so re-running it
reproduces the committed files byte for byte with the same geographiclib version.

Files (CSV with a header; every float written with repr, i.e. round-trip exact):
- regions.csv: center, radius, and the region bounds per DESIGN.md, computed here by an
  independent method: pole containment from the inverse distance to each pole, and the
  eastmost longitude of the geodesic circle by bisection on the departure azimuth for the
  point where the arriving azimuth is 90 degrees (GeographicLib's Direct, 55 halvings),
  cross-checked against a dense scan of the circle.
- direct.csv: the direct problem (start, azimuth, distance -> end point, arriving azimuth).
- inverse.csv: the inverse problem (two points -> distance, both azimuths), with a flag that
  marks pairs whose azimuths are not unique (coincident or antipodal points, the poles).
"""

import csv
import math
import os
import random
import sys

import geographiclib
from geographiclib.geodesic import Geodesic

WGS84 = Geodesic.WGS84  # a = 6378137 m, f = 1/298.257223563
HALF_MERIDIAN = WGS84.Inverse(90, 0, -90, 0)["s12"]
UNROLL = Geodesic.STANDARD | Geodesic.LONG_UNROLL


def wrap_west(lon):
    """Longitude in [-180, 180)."""
    r = math.remainder(lon, 360.0) + 0.0
    return -180.0 if r == 180.0 else r


def wrap_east(lon):
    """Longitude in (-180, 180]."""
    r = math.remainder(lon, 360.0) + 0.0
    return 180.0 if r == -180.0 else r


def east_half_width(lat, radius):
    """Longitude half-width (degrees) of a geodesic circle that contains no pole."""
    low, high = 0.0, 180.0
    lon = 0.0
    for _ in range(55):
        mid = (low + high) / 2
        g = WGS84.Direct(lat, 0.0, mid, radius, UNROLL)
        lon = g["lon2"]
        if g["azi2"] < 90:
            low = mid
        else:
            high = mid
    # Cross-check: no point of the circle lies further east (scan every 0.5 degrees).
    scan = max(WGS84.Direct(lat, 0.0, a / 2, radius, UNROLL)["lon2"] for a in range(0, 361))
    assert scan <= lon + 1e-12, (lat, radius, scan, lon)
    return lon


def region(lat, lon, radius):
    lon = wrap_west(lon)
    if radius >= HALF_MERIDIAN:
        return dict(south=-90.0, north=90.0, west=-180.0, east=180.0, north_pole=1, south_pole=1)
    to_north = WGS84.Inverse(lat, lon, 90.0, lon)["s12"]
    to_south = WGS84.Inverse(lat, lon, -90.0, lon)["s12"]
    north_pole = radius >= to_north
    south_pole = radius >= to_south
    north = 90.0 if north_pole else WGS84.Direct(lat, lon, 0.0, radius)["lat2"]
    south = -90.0 if south_pole else WGS84.Direct(lat, lon, 180.0, radius)["lat2"]
    if north_pole or south_pole:
        west, east = -180.0, 180.0
    else:
        half = east_half_width(lat, radius)
        if half >= 180:
            west, east = -180.0, 180.0
        else:
            west, east = wrap_west(lon - half), wrap_east(lon + half)
    return dict(south=south, north=north, west=west, east=east,
                north_pole=int(north_pole), south_pole=int(south_pole))


def ambiguous(lat, lon, radius):
    """A radius within 1 mm of a pole's distance: containment is decided by rounding."""
    for pole in (90.0, -90.0):
        if abs(WGS84.Inverse(lat, lon, pole, lon)["s12"] - radius) < 1e-3:
            return True
    return False


def region_cases(rng):
    cases = []
    special_lats = [90.0, -90.0, 0.0, 45.0, -45.0, 60.0, -33.9, 80.0, -80.0, 85.0511287798066,
                    89.0, -89.0, 89.9, -89.9, 89.955, -89.955, 89.99, -89.99, 89.999, -89.999]
    special_lons = [180.0, -180.0, 0.0, 179.99, -179.99, 2.3522, -74.006]
    special_radii = [1.0, 10.0, 100.0, 1000.0, 5000.0, 10000.0, 20000.0, 100000.0,
                     1e6, 5e6, 9e6, 1e7]
    for lat in special_lats:
        for lon in special_lons:
            for radius in special_radii:
                cases.append((lat, lon, radius))
    # Within 10 km of each pole (0.0899 degrees of latitude), random longitudes and radii.
    for _ in range(200):
        lat = 90.0 - rng.uniform(0.0, 0.0899)
        cases.append((rng.choice([lat, -lat]), rng.uniform(-180, 180), 10 ** rng.uniform(0, 5)))
    # Uniform over the sphere's area, log-uniform radii from 1 m to 10 000 km.
    for _ in range(1000):
        lat = math.degrees(math.asin(rng.uniform(-1, 1)))
        cases.append((lat, rng.uniform(-180, 180), 10 ** rng.uniform(0, 7)))
    # Uniform in latitude (denser near the poles than by area).
    for _ in range(300):
        cases.append((rng.uniform(-90, 90), rng.uniform(-180, 180), 10 ** rng.uniform(0, 7)))
    return [c for c in cases if not ambiguous(*c)]


def direct_cases(rng):
    cases = [(0.0, 0.0, 90.0, 1.0), (90.0, 0.0, 180.0, HALF_MERIDIAN), (-90.0, 45.0, 0.0, 1e6),
             (0.0, 180.0, 90.0, 1e5), (0.0, -180.0, -90.0, 1e5), (89.99, 10.0, 0.0, 5000.0),
             (-33.9, 151.2, 45.0, 0.0)]
    for _ in range(1000):
        lat = math.degrees(math.asin(rng.uniform(-1, 1)))
        distance = 10 ** rng.uniform(-3, math.log10(3.9e7))
        cases.append((lat, rng.uniform(-180, 180), rng.uniform(-180, 180), distance))
    return cases


def inverse_cases(rng):
    # (lat1, lon1, lat2, lon2, azimuths unique?)
    cases = [(90.0, 0.0, -90.0, 0.0, 0), (0.0, 0.0, 0.0, 180.0, 0), (10.0, 20.0, 10.0, 20.0, 0),
             (-90.0, 0.0, 90.0, 0.0, 0), (45.0, 10.0, -45.0, -170.0, 0), (0.0, 0.0, 0.0, 0.0, 0),
             (0.0, 179.5, 0.0, -179.5, 1), (0.0, 0.0, 0.5, 179.5, 1), (-33.9, 151.2, 51.5, -0.12, 1)]
    for _ in range(1000):
        lat1 = math.degrees(math.asin(rng.uniform(-1, 1)))
        lat2 = math.degrees(math.asin(rng.uniform(-1, 1)))
        cases.append((lat1, rng.uniform(-180, 180), lat2, rng.uniform(-180, 180), 1))
    for _ in range(100):
        # Nearly antipodal pairs, the hard case of the inverse problem.
        lat1 = rng.uniform(-60, 60)
        lon1 = rng.uniform(-180, 180)
        cases.append((lat1, lon1, -lat1 + rng.uniform(-0.5, 0.5),
                      wrap_west(lon1 + 180 + rng.uniform(-0.5, 0.5)), 1))
    return cases


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "Tests", "GeoMathTests", "Fixtures")
    os.makedirs(out, exist_ok=True)
    rng = random.Random(20261121)
    comment = f"# GeographicLib {geographiclib.__version__}, WGS84; scripts/generate_geodesic_fixtures.py"

    with open(os.path.join(out, "regions.csv"), "w", newline="") as f:
        f.write(comment + "\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["latitude", "longitude", "radiusMeters", "south", "north", "west", "east",
                    "containsNorthPole", "containsSouthPole"])
        for lat, lon, radius in region_cases(rng):
            r = region(lat, lon, radius)
            w.writerow([repr(lat), repr(lon), repr(radius), repr(r["south"]), repr(r["north"]),
                        repr(r["west"]), repr(r["east"]), r["north_pole"], r["south_pole"]])

    with open(os.path.join(out, "direct.csv"), "w", newline="") as f:
        f.write(comment + "\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["latitude1", "longitude1", "azimuth1", "distanceMeters",
                    "latitude2", "longitude2", "azimuth2"])
        for lat, lon, azi, s12 in direct_cases(rng):
            g = WGS84.Direct(lat, lon, azi, s12)
            w.writerow([repr(lat), repr(lon), repr(azi), repr(s12),
                        repr(g["lat2"]), repr(g["lon2"]), repr(g["azi2"])])

    with open(os.path.join(out, "inverse.csv"), "w", newline="") as f:
        f.write(comment + "\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["latitude1", "longitude1", "latitude2", "longitude2",
                    "distanceMeters", "azimuth1", "azimuth2", "azimuthsUnique"])
        for lat1, lon1, lat2, lon2, unique in inverse_cases(rng):
            g = WGS84.Inverse(lat1, lon1, lat2, lon2)
            w.writerow([repr(lat1), repr(lon1), repr(lat2), repr(lon2),
                        repr(g["s12"]), repr(g["azi1"]), repr(g["azi2"]), unique])


if __name__ == "__main__":
    main()
