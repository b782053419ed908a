#!/usr/bin/env python3
"""Prints the README's table of BAD_INPUTS.md rows and the tests that cover them.

Reads the rows (number and input) from BAD_INPUTS.md (default ../shared/BAD_INPUTS.md, or the
path given) and the Swift Testing display names under Tests/ that contain "BAD_INPUTS row N".
Exits with status 1 when a row has no test.

Usage: python3 scripts/bad_inputs_table.py [path/to/BAD_INPUTS.md]
"""
import glob
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "..", "shared", "BAD_INPUTS.md")
rows = {int(m.group(1)): m.group(2) for m in re.finditer(r"^\| (\d+) \| (.*?) \| .*? \|$", open(source).read(), re.M)}
tests = {}
for path in sorted(glob.glob(os.path.join(root, "Tests", "**", "*.swift"), recursive=True)):
    for m in re.finditer(r'@Test\("((?:[^"\\]|\\.)*)"', open(path).read()):
        for number in re.findall(r"BAD_INPUTS row (\d+)", m.group(1)):
            tests.setdefault(int(number), []).append((m.group(1), os.path.basename(path)))
print("| # | input | test (file) |")
print("|---|---|---|")
for number in sorted(rows):
    names = "; ".join(f"\"{name}\" ({file})" for name, file in tests.get(number, [])) or "**none**"
    print(f"| {number} | {rows[number]} | {names} |")
missing = [number for number in sorted(rows) if number not in tests]
print(f"\n{len(rows) - len(missing)} of {len(rows)} rows have a test.")
sys.exit(1 if missing else 0)
