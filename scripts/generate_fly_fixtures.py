#!/usr/bin/env python3
"""Writes Tests/ProjectionTests/Fixtures/fly.csv: reference states of van Wijk-Nuij flights.

Reference: J. J. van Wijk and W. A. A. Nuij, "Smooth and efficient zooming and panning",
IEEE InfoVis 2003, eqs. 7-9, as MapLibre GL JS's flyTo uses them (rho = 1.42, V = 1.2,
duration S / V seconds):

    w0 = max(width, height)            (points; no insets in these rows)
    w1 = w0 / 2^(z1 - z0)
    u1 = |target - start| * 256 * 2^z0 / W   (points at the start zoom; the easting the short
                                              way across +-180, wrapped into [-W/2, W/2))
    b_i = (w1^2 - w0^2 + (-1)^i rho^4 u1^2) / (2 w_i rho^2 u1)
    r_i = ln(sqrt(b_i^2 + 1) - b_i)     (the published form)
    S = (r1 - r0) / rho
    w(s) = w0 cosh(r0) / cosh(rho s + r0)
    u(s) = w0 (cosh(r0) tanh(rho s + r0) - sinh(r0)) / rho^2
    zoom(s) = z0 + log2(w0 / w(s)), center(s) = start + (target - start) u(s) / u1

and, when the center does not move at all (u1 = 0), the zoom-only path
S = |ln(w1 / w0)| / rho, w(s) = w0 exp(k rho s), k = sign(w1 - w0).

Every reference value is computed with mpmath at 120 significant digits from the published
(cancelling) formulas, which makes them exact to double precision everywhere. The column
`naive_finite` says whether the same formulas in Python floats (as MapLibre, Leaflet and
math.gl evaluate them) give finite r0, r1 and S: 0 marks the rows where they give -inf or NaN
(b = 1e8 and beyond: sqrt(b^2 + 1) rounds to b), so the tests can check that the library stays
finite there and agrees with the exact reference anyway.

Rows sample the path at t = k * duration for k in FRACTIONS (t in seconds, the library's
state(atSeconds:) argument). Columns:
    width,height            screen in points (no insets, bearing 0, limits 0-22)
    x0,y0,z0,x1,y1,z1       start and target: Web Mercator metres, zoom levels
    t                       seconds since the flight began
    duration                S / V seconds
    zoom                    zoom(s) at s = S t / duration, zoom levels
    fraction                u(s) / u1 (for u1 = 0: t / duration, the library's choice)
    x,y                     start + (target - start) * fraction, metres (x not wrapped)
    naive_finite            1 if the float evaluation of r0, r1, S is finite, else 0

Usage: python3 scripts/generate_fly_fixtures.py   (needs mpmath; deterministic: seed 2003)
"""

import math
import os
import random

import mpmath
from mpmath import mp, mpf

mp.dps = 120

W = 2 * math.pi * 6378137.0  # the Web Mercator world's width in metres (as the library: 2 pi a)
RHO = 1.42
V = 1.2
FRACTIONS = [0.1, 0.3, 0.5, 0.7, 0.9, 0.999]
SIZES = [(390.0, 844.0), (844.0, 390.0), (1024.0, 768.0), (320.0, 480.0), (256.0, 256.0)]


def short_easting(x0, x1):
    """x1 - x0 wrapped into [-W/2, W/2) in floats, as the library does (IEEE remainder)."""
    d = math.remainder(x1 - x0, W)
    if d >= W / 2:
        d -= W
    return d


def naive_finite(u1, w0, w1):
    """Whether the published formulas in doubles give finite r0, r1 and S."""
    try:
        rho2 = RHO * RHO
        b0 = (w1 * w1 - w0 * w0 + rho2 * rho2 * u1 * u1) / (2 * w0 * rho2 * u1)
        b1 = (w1 * w1 - w0 * w0 - rho2 * rho2 * u1 * u1) / (2 * w1 * rho2 * u1)
        r0 = math.log(math.sqrt(b0 * b0 + 1) - b0)
        r1 = math.log(math.sqrt(b1 * b1 + 1) - b1)
        s = (r1 - r0) / RHO
        return all(math.isfinite(v) for v in (r0, r1, s))
    except (ValueError, ZeroDivisionError, OverflowError):
        return False


def rows_for(width, height, x0, y0, z0, x1, y1, z1):
    dx = short_easting(x0, x1)
    dy = y1 - y0
    w0 = mpf(max(width, height))
    w1 = w0 / mpmath.power(2, mpf(z1) - mpf(z0))
    scale = 256 * mpmath.power(2, mpf(z0)) / mpf(W)
    u1 = mpmath.sqrt(mpf(dx) ** 2 + mpf(dy) ** 2) * scale
    rho = mpf(RHO)
    out = []
    if u1 > 0:
        def b(i):
            wi = w0 if i == 0 else w1
            sign = 1 if i == 0 else -1
            return (w1 ** 2 - w0 ** 2 + sign * rho ** 4 * u1 ** 2) / (2 * wi * rho ** 2 * u1)

        def r(i):
            bi = b(i)
            return mpmath.log(mpmath.sqrt(bi ** 2 + 1) - bi)

        r0, r1 = r(0), r(1)
        S = (r1 - r0) / rho

        def zoom(s):
            return mpf(z0) + mpmath.log(mpmath.cosh(rho * s + r0) / mpmath.cosh(r0), 2)

        def fraction(s):
            u = w0 * (mpmath.cosh(r0) * mpmath.tanh(rho * s + r0) - mpmath.sinh(r0)) / rho ** 2
            return u / u1

        finite = naive_finite(float(u1), float(w0), float(w1))
    else:
        S = abs(mpmath.log(w1 / w0)) / rho
        k = -1 if w1 < w0 else 1

        def zoom(s):
            return mpf(z0) + mpmath.log(1 / mpmath.exp(k * rho * s), 2)

        def fraction(s):
            return s / S

        finite = True
    duration = S / mpf(V)
    for f in FRACTIONS:
        t = float(duration * mpf(f))
        s = S * mpf(t) / duration
        fr = fraction(s)
        out.append([
            width, height, x0, y0, z0, x1, y1, z1, t, float(duration), float(zoom(s)), float(fr),
            float(mpf(x0) + mpf(dx) * fr), float(mpf(y0) + mpf(dy) * fr), 1 if finite else 0,
        ])
    return out


def main():
    rng = random.Random(2003)
    cases = []
    # Ordinary flights: anywhere east-west, within 35% of the half world north-south (the
    # viewport never reaches the world's edge at these zooms, so no constraint moves them).
    for _ in range(40):
        width, height = rng.choice(SIZES[:4])
        cases.append((width, height,
                      rng.uniform(-0.499, 0.499) * W, rng.uniform(-0.175, 0.175) * W, rng.uniform(3, 18),
                      rng.uniform(-0.499, 0.499) * W, rng.uniform(-0.175, 0.175) * W, rng.uniform(3, 18)))
    # Across the antimeridian: the short way is a small eastward or westward move.
    for _ in range(8):
        width, height = rng.choice(SIZES[:4])
        cases.append((width, height,
                      (0.5 - rng.uniform(1e-4, 1e-2)) * W, rng.uniform(-0.1, 0.1) * W, rng.uniform(4, 16),
                      (-0.5 + rng.uniform(1e-4, 1e-2)) * W, rng.uniform(-0.1, 0.1) * W, rng.uniform(4, 16)))
    # Huge moves at a high zoom: half the world at zoom 18-20.
    for z in (18.0, 20.0):
        cases.append((390.0, 844.0, -0.25 * W, 0.1 * W, z, 0.249 * W, -0.1 * W, z))
    # The same center with 22 levels of zoom change either way (the zoom-only path), and 16.
    cases.append((256.0, 256.0, 0.123 * W, 0.0, 0.0, 0.123 * W, 0.0, 22.0))
    cases.append((256.0, 256.0, -0.3 * W, 0.0, 22.0, -0.3 * W, 0.0, 0.0))
    cases.append((390.0, 844.0, 1234567.0, -765432.0, 3.0, 1234567.0, -765432.0, 19.0))
    # Tiny moves (1e-9 m up to 1e-3 m) with large zoom changes: b reaches 1e20 and more, where
    # the published form of r_i gives -inf for a zoom-out.
    for (dx, z0, z1) in [(1e-9, 0.0, 22.0), (1e-9, 22.0, 0.0), (1e-9, 3.0, 19.0), (1e-6, 19.0, 3.0),
                         (1e-3, 2.0, 20.0), (1e-3, 20.0, 2.0), (1e-9, 10.0, 10.0), (1e-9, 10.0, 10.5)]:
        x0 = 0.2 * W
        cases.append((256.0, 256.0, x0, 0.0, z0, x0 + dx, 0.0, z1))
    rows = []
    for case in cases:
        rows.extend(rows_for(*case))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "ProjectionTests", "Fixtures", "fly.csv")
    with open(path, "w") as out:
        out.write("# van Wijk-Nuij fly reference, written by scripts/generate_fly_fixtures.py "
                  f"(mpmath {mpmath.__version__}, {mp.dps} digits; rho {RHO}, V {V})\n")
        out.write("width,height,x0,y0,z0,x1,y1,z1,t,duration,zoom,fraction,x,y,naive_finite\n")
        for row in rows:
            out.write(",".join(repr(float(v)) if not isinstance(v, int) else str(v) for v in row) + "\n")
    print(f"wrote {len(rows)} rows to {os.path.normpath(path)}")


if __name__ == "__main__":
    main()
