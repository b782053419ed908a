#!/usr/bin/env python3
"""Writes Tests/GeoMathTests/Fixtures/far_direct.csv: GeographicLib's end points of geodesics
far longer than the Earth (1e9 to 1e20 m), against which GeoMath's destination (PROJ) is
checked; prints how far PROJ's end points (through pyproj) lie from them, the figures that
DESIGN.md quotes.

    pip install geographiclib pyproj
    python3 scripts/generate_far_destination_fixtures.py [output-directory]

Starts (0, 0), Paris (48.8566, 2.3522) and Sydney (-33.9, 151.2); 80 azimuths each
(every 9 degrees from 0, and every 9 degrees from -179.5).
"""

import csv
import os
import sys

import geographiclib
from geographiclib.geodesic import Geodesic

G = Geodesic.WGS84
STARTS = [(0.0, 0.0), (48.8566, 2.3522), (-33.9, 151.2)]
AZIMUTHS = [9.0 * k for k in range(40)] + [-179.5 + 9.0 * k for k in range(40)]
DISTANCES = [1e9, 1e12, 1e16, 1e18, 1e20]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join("Tests", "GeoMathTests", "Fixtures")
    rows = []
    for lat, lon in STARTS:
        for azimuth in AZIMUTHS:
            for s in DISTANCES:
                r = G.Direct(lat, lon, azimuth, s)
                rows.append((lat, lon, azimuth, s, r["lat2"], r["lon2"]))
    path = os.path.join(out, "far_direct.csv")
    with open(path, "w", newline="") as f:
        f.write(f"# GeographicLib {geographiclib.__version__}, WGS84; scripts/generate_far_destination_fixtures.py\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["latitude1", "longitude1", "azimuth1", "distanceMeters", "latitude2", "longitude2"])
        for row in rows:
            w.writerow([repr(float(v)) for v in row])
    try:
        from pyproj import Geod
    except ImportError:
        return
    g = Geod(ellps="WGS84")
    worst = {s: 0.0 for s in DISTANCES}
    for lat, lon, azimuth, s, lat2, lon2 in rows:
        plon, plat, _ = g.fwd(lon, lat, azimuth, s)
        worst[s] = max(worst[s], G.Inverse(plat, plon, lat2, lon2)["s12"])
    for s in DISTANCES:
        print(f"{s:g} m: PROJ and GeographicLib end points part by at most {worst[s]:.2g} m")


if __name__ == "__main__":
    main()
