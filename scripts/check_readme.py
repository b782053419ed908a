#!/usr/bin/env python3
"""Runs every command of README.md and compares its output with the README.

A command is a line `$ COMMAND` in an indented (4-space) code block; its expected output is
the block's following lines up to the next `$` line or the block's end. `swift run geobench`
is replaced by the geobench binary given with --geobench (so the check does not rebuild), and
each command runs with bash in the repository root, stdout and stderr together. An expected
line must equal the actual one, except that `...` in it matches any text. Files a command
writes under docs/ must come out identical to what was there before it ran (in a clean clone,
the committed files).

Usage: scripts/check_readme.py --geobench PATH
"""
import argparse
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def commands(readme: str):
    """(line number, command, expected lines) for every `$` line of an indented block."""
    found = []
    current = None
    for number, line in enumerate(readme.splitlines(), 1):
        if not line.startswith("    "):
            current = None
            continue
        text = line[4:]
        if text.startswith("$ "):
            current = (number, text[2:], [])
            found.append(current)
        elif current is not None:
            current[2].append(text)
    return found


def matches(expected: str, actual: str) -> bool:
    pattern = ".*".join(re.escape(part) for part in expected.split("..."))
    return re.fullmatch(pattern, actual, re.S) is not None


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--geobench", required=True)
    geobench = str(pathlib.Path(parser.parse_args().geobench).resolve())
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    failures = 0
    found = commands(readme)
    # What docs/ holds before the commands run: a command that writes there must write what is
    # there already (the committed file, or an edit not yet committed).
    before = {path: path.read_bytes() for path in sorted((ROOT / "docs").rglob("*")) if path.is_file()}
    for number, command, expected in found:
        run = re.sub(r"^swift run geobench\b", geobench, command)
        result = subprocess.run(
            ["bash", "-c", run], cwd=ROOT, capture_output=True, text=True, timeout=120)
        actual = (result.stdout + result.stderr).splitlines()
        if len(actual) != len(expected) or not all(matches(e, a) for e, a in zip(expected, actual)):
            failures += 1
            print(f"README.md:{number}: `{command}` printed something else", file=sys.stderr)
            for index in range(max(len(expected), len(actual))):
                e = expected[index] if index < len(expected) else "<nothing>"
                a = actual[index] if index < len(actual) else "<nothing>"
                if index >= len(expected) or index >= len(actual) or not matches(e, a):
                    print(f"  expected: {e[:300]}\n  actual:   {a[:300]}", file=sys.stderr)
                    break
    after = {path: path.read_bytes() for path in sorted((ROOT / "docs").rglob("*")) if path.is_file()}
    written = [str(path.relative_to(ROOT)) for path in sorted(set(before) | set(after)) if before.get(path) != after.get(path)]
    if written:
        failures += 1
        print(f"README commands changed committed files: {written}", file=sys.stderr)
    if not found:
        print("README.md has no commands to check", file=sys.stderr)
        return 1
    print(f"README: {len(found) - failures} of {len(found)} commands print what the README shows")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
