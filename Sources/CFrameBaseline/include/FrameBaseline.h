#ifndef FRAME_BASELINE_H
#define FRAME_BASELINE_H

/// The gesture frame's baseline for `geobench run --suite frame`: the rotated affine map from
/// Web Mercator metres to screen points written as a plain C loop over the same buffers the
/// library reads and writes (eastings, northings; interleaved x, y output):
///
///     out[2i]     = (kx + xx e[i]) + xy n[i]
///     out[2i + 1] = (ky + yx e[i]) + yy n[i]
///
/// Compiled by SwiftPM's release configuration (clang -O2, which vectorises this loop as -O3
/// does; see docs/PERFORMANCE.md). Never a dependency of the libraries.
void frame_baseline_place(const double *eastings, const double *northings, double *out, long count,
                          double kx, double ky, double xx, double xy, double yx, double yy);

/// geobench's sink for timed results (`blackHole` in Sources/geobench/Measurement.swift),
/// defined in BlackHole.c, compiled apart from the Swift code: the Swift optimizer cannot see
/// that it reads nothing, so a value whose address is passed here has to be computed and stored
/// first.
void bench_black_hole(const void *value);

#endif
