#!/usr/bin/env python3
"""Writes the tile cover reference fixture from mercantile and pyproj
(pip install mercantile pyproj).

    python3 scripts/generate_tile_fixtures.py [output-directory]

Default output: Tests/ProjectionTests/Fixtures/tiles.csv, one row per tile. Each case is an
unrotated camera without insets (random center, fractional zoom, screen size, 256- or 512-point
tiles) whose viewport lies inside the world north to south and is narrower than the world. Its
Mercator edges are center +- half the screen over s = 256 2^zoom / W points per metre; pyproj's
EPSG:3857 -> EPSG:4326 gives the longitude/latitude box, and mercantile.tiles(west, south, east,
north, z) with z = floor(zoom + log2(256 / tile size)) the tiles (mercantile splits a box across
the antimeridian itself). Deterministic (fixed seed).
"""

import math
import os
import random
import sys

import mercantile
import pyproj
from pyproj import Transformer

WORLD = 2 * math.pi * 6378137.0
MAX_LAT = 85.0511287798066


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "Tests", "ProjectionTests", "Fixtures")
    os.makedirs(out, exist_ok=True)
    to_mercator = Transformer.from_crs("EPSG:4326", "EPSG:3857", always_xy=True)
    to_geographic = Transformer.from_crs("EPSG:3857", "EPSG:4326", always_xy=True)
    rng = random.Random(256)
    rows = []
    case = 0
    fixed = [(48.8566, 2.3522, 12.5, 390, 844, 256), (-17.7, 179.99, 9.3, 844, 390, 256),
             (64.1466, -21.9426, 6.7, 1024, 768, 512), (0.001, -179.999, 3.2, 700, 700, 256)]
    cases = list(fixed)
    while len(cases) < 120:
        cases.append((rng.uniform(-80, 80), rng.uniform(-180, 180), rng.uniform(1, 20),
                      rng.randint(100, 1500), rng.randint(100, 1500), rng.choice([256, 512])))
    for lat, lon, zoom, width, height, tile_size in cases:
        s = 256 * 2 ** zoom / WORLD
        cx, cy = to_mercator.transform(lon, lat)
        half_w, half_h = width / 2 / s, height / 2 / s
        if cy + half_h >= WORLD / 2 or cy - half_h <= -WORLD / 2 or 2 * half_w >= WORLD:
            continue
        def wrapped(x):
            return (x + WORLD / 2) % WORLD - WORLD / 2
        west, _ = to_geographic.transform(wrapped(cx - half_w), 0)
        east, _ = to_geographic.transform(wrapped(cx + half_w), 0)
        _, north = to_geographic.transform(0, cy + half_h)
        _, south = to_geographic.transform(0, cy - half_h)
        z = max(math.floor(zoom + math.log2(256 / tile_size)), 0)
        tiles = sorted(set((t.x, t.y) for t in mercantile.tiles(west, south, east, north, zooms=[z])))
        for x, y in tiles:
            rows.append((case, lat, lon, zoom, width, height, tile_size, z, x, y))
        case += 1
    with open(os.path.join(out, "tiles.csv"), "w", newline="") as f:
        f.write(f"# mercantile {mercantile.__version__}, pyproj {pyproj.__version__}, PROJ {pyproj.proj_version_str}; "
                "scripts/generate_tile_fixtures.py\n")
        f.write("case,latitude,longitude,zoom,width,height,tile_size,z,x,y\n")
        for row in rows:
            f.write(",".join(repr(v) if isinstance(v, float) else str(v) for v in row) + "\n")
    print(f"{case} cases, {len(rows)} tiles")


if __name__ == "__main__":
    main()
