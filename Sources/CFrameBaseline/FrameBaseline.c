#include "FrameBaseline.h"

void frame_baseline_place(const double *restrict eastings, const double *restrict northings, double *restrict out,
                          long count, double kx, double ky, double xx, double xy, double yx, double yy) {
    for (long i = 0; i < count; i++) {
        double e = eastings[i], n = northings[i];
        out[2 * i] = (kx + xx * e) + xy * n;
        out[2 * i + 1] = (ky + yx * e) + yy * n;
    }
}
