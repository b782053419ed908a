#include "FrameBaseline.h"

void bench_black_hole(const void *value) {
    (void)value;
}
