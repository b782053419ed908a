#!/usr/bin/env python3
"""The table of docs/BAD_INPUTS.md rows and the tests that cover them.

A row N is covered by every Swift Testing test under Tests/ whose display name starts with
"BAD_INPUTS row N:" (for example @Test("BAD_INPUTS row 7: radius 1e-6 m is valid ...")).

    python3 scripts/bad_inputs_table.py           print the table (markdown) on stdout
    python3 scripts/bad_inputs_table.py --write   put it into docs/ACCURACY.md, between the
                                                  lines <!-- bad-inputs-table --> and
                                                  <!-- /bad-inputs-table -->
    python3 scripts/bad_inputs_table.py --check   exit 1, naming them, if rows have no test

--write and --check may be combined. Paths are resolved from this script's location, so it runs
from any working directory. Only the standard library is used.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BAD_INPUTS = os.path.join(ROOT, "docs", "BAD_INPUTS.md")
ACCURACY = os.path.join(ROOT, "docs", "ACCURACY.md")
TESTS = os.path.join(ROOT, "Tests")
BEGIN = "<!-- bad-inputs-table -->"
END = "<!-- /bad-inputs-table -->"

# The first string literal of a @Test(...) attribute: its display name.
TEST_NAME = re.compile(r'@Test\s*\(\s*"((?:[^"\\\n]|\\.)*)"')
ROW_PREFIX = re.compile(r"BAD_INPUTS row (\d+):")


class Failure(Exception):
    """A problem worth one line on stderr and exit status 1 (never a traceback)."""


def relative(path):
    return os.path.relpath(path, ROOT).replace(os.sep, "/")


def read_text(path):
    try:
        with open(path, encoding="utf-8", errors="replace", newline="") as handle:
            return handle.read()
    except OSError as error:
        raise Failure("cannot read %s: %s" % (relative(path), error.strerror or error))


def cells(line):
    """The cells of a markdown table line, splitting on '|' that is not escaped as '\\|'."""
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", body)]


def bad_input_rows():
    """{row number: input} from the tables of docs/BAD_INPUTS.md, in the file's order."""
    if not os.path.isfile(BAD_INPUTS):
        raise Failure("%s not found (expected next to this script's repository root)" % relative(BAD_INPUTS))
    rows = {}
    for number, line in enumerate(read_text(BAD_INPUTS).splitlines(), start=1):
        if not line.lstrip().startswith("|"):
            continue
        row = cells(line)
        if len(row) < 3 or not row[0].isdigit():
            continue
        key = int(row[0])
        if key in rows:
            sys.stderr.write("%s:%d: row %d appears twice; the first one is used\n" % (relative(BAD_INPUTS), number, key))
            continue
        rows[key] = row[1]
    if not rows:
        raise Failure("%s has no table rows of the form '| N | input | must get |'" % relative(BAD_INPUTS))
    return rows


def swift_files():
    if not os.path.isdir(TESTS):
        return []
    found = []
    for directory, subdirectories, files in os.walk(TESTS):
        subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
        found += [os.path.join(directory, name) for name in sorted(files) if name.endswith(".swift")]
    return found


def tests_by_row():
    """{row number: [(test name, file relative to Tests/)]} for names starting 'BAD_INPUTS row N:'."""
    tests = {}
    for path in swift_files():
        for match in TEST_NAME.finditer(read_text(path)):
            name = match.group(1).replace('\\"', '"').replace("\\\\", "\\")
            row = ROW_PREFIX.match(name)
            if row:
                tests.setdefault(int(row.group(1)), []).append((name, os.path.relpath(path, TESTS).replace(os.sep, "/")))
    return tests


def escape(text):
    return re.sub(r"(?<!\\)\|", r"\\|", text)


def table(rows, tests):
    lines = ["| # | input | test (file under Tests/) |", "|---|---|---|"]
    for number in sorted(rows):
        named = "; ".join('"%s" (%s)' % (escape(name), path) for name, path in tests.get(number, [])) or "**none**"
        lines.append("| %d | %s | %s |" % (number, rows[number], named))
    covered = sum(1 for number in rows if number in tests)
    lines.append("")
    lines.append("%d of %d rows have a test." % (covered, len(rows)))
    return "\n".join(lines)


def write(text):
    if not os.path.isfile(ACCURACY):
        raise Failure("%s not found: nothing to write the table into" % relative(ACCURACY))
    document = read_text(ACCURACY)
    start, end = document.find(BEGIN), document.find(END)
    if start < 0 or end < 0 or end < start:
        raise Failure("%s lacks the markers %s ... %s (in that order)" % (relative(ACCURACY), BEGIN, END))
    updated = document[: start + len(BEGIN)] + "\n" + text + "\n" + document[end:]
    if updated != document:
        try:
            with open(ACCURACY, "w", encoding="utf-8", newline="") as handle:
                handle.write(updated)
        except OSError as error:
            raise Failure("cannot write %s: %s" % (relative(ACCURACY), error.strerror or error))
        print("%s: table updated" % relative(ACCURACY))
    else:
        print("%s: table already up to date" % relative(ACCURACY))


def main():
    parser = argparse.ArgumentParser(description="The table of docs/BAD_INPUTS.md rows and their tests.")
    parser.add_argument("--write", action="store_true", help="replace the table between the markers in docs/ACCURACY.md")
    parser.add_argument("--check", action="store_true", help="exit 1 if a row has no test, listing those rows")
    options = parser.parse_args()

    rows = bad_input_rows()
    tests = tests_by_row()
    text = table(rows, tests)
    if options.write:
        write(text)
    elif not options.check:
        print(text)
    if options.check:
        missing = [number for number in sorted(rows) if number not in tests]
        unknown = sorted(number for number in tests if number not in rows)
        for number in unknown:
            sys.stderr.write("note: tests name BAD_INPUTS row %d, which %s does not have\n" % (number, relative(BAD_INPUTS)))
        if missing:
            for number in missing:
                sys.stderr.write("no test for BAD_INPUTS row %d: %s\n" % (number, rows[number]))
            sys.stderr.write("BAD_INPUTS: %d of %d rows have a test\n" % (len(rows) - len(missing), len(rows)))
            return 1
        print("BAD_INPUTS: %d of %d rows have a test" % (len(rows), len(rows)))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Failure as failure:
        sys.stderr.write("bad_inputs_table.py: %s\n" % failure)
        sys.exit(1)
    except BrokenPipeError:
        # The reader (head, less) went away: not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
