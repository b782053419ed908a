#!/usr/bin/env python3
"""Checks `geobench render --trace` in a real headless browser (Debian's chromium).

    scripts/check_trace_html.py --geobench PATH [--chromium PATH]

Writes the HTML player of examples/gesture-trace.json with the pins of examples/city-pins.csv,
loads it in headless chromium at several frames (`#frame=K`, the player's own stepping), reads
the pins it drew from the DOM (each circle's data-id, cx, cy) and compares them with the
positions geobench prints for the same frame (`--frame K`): every pin drawn, at the same point
to the printed 3 decimals. The file must load with no network (chromium runs with the network
off) and hold no external script.
"""
import argparse
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
RENDER = ["render", "--latitude", "48.8566", "--longitude", "2.3522", "--pins", "examples/city-pins.csv",
          "--trace", "examples/gesture-trace.json"]
FRAMES = [0, 1, 72, 150, 216, 300, 420, 600, 720]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--geobench", required=True)
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser"))
    args = parser.parse_args()
    if not args.chromium:
        print("check_trace_html: chromium not found", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as directory:
        page = pathlib.Path(directory) / "trace.html"
        subprocess.run([args.geobench, *RENDER, "--output", str(page)], cwd=ROOT, check=True)
        text = page.read_text()
        if re.search(r"<script[^>]*\bsrc=", text) or re.search(r"""(href|src)=["']https?:""", text):
            print("check_trace_html: the HTML refers to something outside itself", file=sys.stderr)
            return 1
        failures = 0
        for k in FRAMES:
            expected = json.loads(subprocess.run([args.geobench, *RENDER, "--frame", str(k)], cwd=ROOT, check=True,
                                                 capture_output=True, text=True).stdout)
            dom = subprocess.run(
                [args.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>", f"--user-data-dir={directory}/profile",
                 "--virtual-time-budget=2000", "--dump-dom", f"file://{page}#frame={k}"],
                capture_output=True, text=True, timeout=120).stdout
            shown = re.search(r'data-frame="(\d+)"', dom)
            drawn = {m.group(1): (float(m.group(2)), float(m.group(3))) for m in re.finditer(
                r'<circle data-id="([^"]*)" r="6" fill="[^"]*" cx="([^"]*)" cy="([^"]*)"', dom)}
            wrong = [pin["id"] for pin in expected["pins"]
                     if pin["id"] not in drawn or abs(drawn[pin["id"]][0] - pin["x"]) > 1e-9 or abs(drawn[pin["id"]][1] - pin["y"]) > 1e-9]
            if not shown or int(shown.group(1)) != k or wrong or len(drawn) != len(expected["pins"]):
                failures += 1
                print(f"frame {k}: shown {shown.group(1) if shown else None}, {len(drawn)} pins drawn of "
                      f"{len(expected['pins'])}, wrong: {wrong[:5]}", file=sys.stderr)
        if failures:
            return 1
        print(f"trace HTML: {len(FRAMES)} frames drawn in headless chromium where geobench places the pins")
        return 0


if __name__ == "__main__":
    sys.exit(main())
