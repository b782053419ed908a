#!/usr/bin/env python3
"""Writes the recorded 120 Hz gesture trace that `geobench run --suite frame` replays.

    python3 scripts/generate_gesture_trace.py [output-file]

Default output: examples/gesture-trace.json. A phone (390 x 844 points, the legend's 300-point
sheet at the bottom, the status bar at the top) over Paris at zoom 13.5. The samples are what
UIKit's recognizers report, cumulative since touch-down, one per 120 Hz frame, with a little
deterministic jitter (a finger is not a function):

- 0.00 - 0.60 s: a pinch spreading to 2.4x around a drifting centroid (zoom +1.26);
- 0.70 - 1.30 s: a pinch that turns 35 degrees clockwise at a steady spread (rotation in
  radians, UIKit's sense);
- 1.40 - 1.80 s: a pan flicked up and to the left, released at speed; the inertia runs in the
  frames that follow with no sample;
- 2.80 s: a fly back to the user (the camera's start), whose frames follow with no sample,
  until 6.00 s.

Frames with no sample advance the running motion (inertia, then the fly). Deterministic.
"""

import json
import math
import os
import random
import sys

HZ = 120


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "examples", "gesture-trace.json")
    rng = random.Random(120)
    frames = []
    total = int(6.0 * HZ)
    for k in range(total + 1):
        t = k / HZ
        frame = {"t": round(t, 6)}
        jitter = lambda: rng.uniform(-0.4, 0.4)
        if k <= int(0.6 * HZ):
            u = k / (0.6 * HZ)
            phase = "began" if k == 0 else ("ended" if k == int(0.6 * HZ) else "changed")
            ease = 0.5 - 0.5 * math.cos(math.pi * u)
            frame["pinch"] = {"phase": phase, "scale": round(1 + 1.4 * ease, 6), "rotation": 0,
                              "x": round(180 + 40 * u + jitter(), 3), "y": round(400 - 25 * u + jitter(), 3)}
        elif int(0.7 * HZ) <= k <= int(1.3 * HZ):
            u = (k - int(0.7 * HZ)) / (0.6 * HZ)
            phase = "began" if u == 0 else ("ended" if k == int(1.3 * HZ) else "changed")
            ease = 0.5 - 0.5 * math.cos(math.pi * u)
            frame["pinch"] = {"phase": phase, "scale": round(1 + 0.01 * math.sin(7 * u) if u > 0 else 1, 6),
                              "rotation": round(math.radians(35) * ease, 6),
                              "x": round(210 + jitter(), 3), "y": round(380 + jitter(), 3)}
        elif int(1.4 * HZ) <= k <= int(1.8 * HZ):
            u = (k - int(1.4 * HZ)) / (0.4 * HZ)
            phase = "began" if u == 0 else ("ended" if k == int(1.8 * HZ) else "changed")
            # Accelerating to the release: (1300, 750), about 1500 points per second, at the end.
            frame["pan"] = {"phase": phase, "x": round(-260 * u * u + (jitter() if u > 0 else 0), 3),
                            "y": round(-150 * u * u + (jitter() if u > 0 else 0), 3)}
        elif k == int(2.8 * HZ):
            frame["fly"] = {"latitude": 48.8566, "longitude": 2.3522, "zoom": 13.5, "bearing": 0}
        frames.append(frame)
    trace = {
        "camera": {"latitude": 48.8566, "longitude": 2.3522, "zoom": 13.5, "width": 390, "height": 844,
                   "insets": {"top": 47, "left": 0, "bottom": 300, "right": 0}},
        "framesPerSecond": HZ,
        "frames": frames,
    }
    with open(out, "w") as f:
        f.write("{\n")
        f.write(f'  "camera": {json.dumps(trace["camera"])},\n')
        f.write(f'  "framesPerSecond": {HZ},\n')
        f.write('  "frames": [\n')
        f.write(",\n".join("    " + json.dumps(frame, separators=(",", ":")) for frame in frames))
        f.write("\n  ]\n}\n")
    print(f"{len(frames)} frames")


if __name__ == "__main__":
    main()
