# The two commands of the README: `make test` and `make bench`. Both install what is missing
# first (PROJ's development files through apt-get, with sudo when not root).

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
APT_PACKAGES := libproj-dev pkg-config

.PHONY: all deps test consumer cli-hostile mapkit-check leaks fuzz docs docs-site bench trace-check chromium pyproj-bench side-by-side benchmarks benchmarks-check benchmarks-thresholds build fixtures clean

all: test

# PROJ is found through pkg-config "proj"; install it (and pkg-config) when that fails.
deps:
	@if pkg-config --exists proj 2>/dev/null; then \
		echo "PROJ $$(pkg-config --modversion proj) found through pkg-config"; \
	else \
		echo "PROJ not found through pkg-config: installing $(APT_PACKAGES) with apt-get"; \
		if [ "$$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
		$$SUDO apt-get update -qq && \
		$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES) && \
		pkg-config --exists proj || { echo "PROJ still not found through pkg-config" >&2; exit 1; }; \
	fi

build: deps
	$(SWIFT) build

# Every test: the test targets, then the DocC walk-throughs (and the README's Swift block)
# compiled as written in a new package that depends on this one, and run.
test: deps
	$(SWIFT) test
	$(MAKE) consumer
	$(MAKE) cli-hostile

# A new package depending on this one by path, holding the DocC articles' code exactly as
# shown: Swift 6 language mode, warnings as errors; each walk-through is run.
consumer: deps
	SWIFT="$(SWIFT)" scripts/check_consumer.sh

# geobench against FIFOs, devices, huge files, failing writes, memory limits and repeated JSON
# keys (docs/BAD_INPUTS.md rows 47 to 56): exit status 1, one line on stderr, bounded time.
cli-hostile: deps
	$(SWIFT) build --product geobench
	scripts/check_cli_hostile.sh "$$($(SWIFT) build --show-bin-path)/geobench"

# The Apple-only MapKit bridge type-checked against stand-ins of Apple's documented MapKit and
# CoreLocation declarations (never compiled otherwise on Linux).
mapkit-check: deps
	SWIFT="$(SWIFT)" scripts/check_mapkit_bridge.sh

# geobench's commands under valgrind: fails on any definite leak (PROJ handles, Swift objects)
# or memory error; then threads that each create and drop a PROJ context. Installs valgrind with apt-get when it is missing.
leaks: deps
	@command -v valgrind >/dev/null 2>&1 || { \
		echo "valgrind not found: installing it with apt-get"; \
		if [ "$$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind; }
	$(SWIFT) build --product geobench
	scripts/leak_check.sh "$$($(SWIFT) build --show-bin-path)/geobench"
	SWIFT="$(SWIFT)" scripts/leak_threads.sh

# libFuzzer targets (Fuzz/): the CSV parser, camera scripts, random calls of the public API
# with arbitrary doubles, and a cluster index through updates checked against a build and
# queries; replays Fuzz/Regressions, then a reproducible run per target (seed FUZZ_SEED, default
# 1; about 60 s each), or FUZZ_SECONDS per target from a random seed (scripts/fuzz.sh).
fuzz: deps
	SWIFT="$(SWIFT)" scripts/fuzz.sh

# The DocC documentation of both libraries (Projection has the three walk-through articles).
docs: deps
	$(SWIFT) package generate-documentation --target GeoMath --target Projection

# The same documentation as a static site in .build/docs-site (see the README to read it).
docs-site: deps
	mkdir -p .build/docs-site
	for target in GeoMath Projection; do \
		$(SWIFT) package --allow-writing-to-directory .build/docs-site generate-documentation --target $$target \
			--output-path .build/docs-site/$$target --transform-for-static-hosting --hosting-base-path $$target || exit 1; \
	done

# Release build, then the default performance run of geobench (every suite).
bench: deps
	$(SWIFT) build -c release --product geobench
	"$$($(SWIFT) build -c release --show-bin-path)/geobench" run

# geobench render --trace checked in a real headless browser: Debian's chromium (installed with
# apt-get when missing, sudo when not root) loads the HTML player at several frames and the pins
# it draws must be where geobench places them (scripts/check_trace_html.py).
chromium:
	@if command -v chromium >/dev/null 2>&1; then \
		echo "chromium found: $$(chromium --version 2>/dev/null)"; \
	else \
		echo "chromium not found: installing it with apt-get"; \
		if [ "$$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

trace-check: deps chromium
	$(SWIFT) build --product geobench
	python3 scripts/check_trace_html.py --geobench "$$($(SWIFT) build --show-bin-path)/geobench"

# The ordo-one/benchmark suites (Benchmarks/, a package of its own): wall clock, throughput and
# malloc counts of every hot path.
benchmarks: deps
	cd Benchmarks && $(SWIFT) package benchmark

# Checks a new run against the committed p90 thresholds (Benchmarks/Thresholds) with the
# tolerances in the suite (50% in time, 0 in malloc counts). SwiftPM turns every non-zero exit of
# the plugin into 1, so the verdict is read from the tool's last words: EQUAL or BETTER passes,
# WORSE (a regression) or anything else (a build failure) fails.
benchmarks-check: deps
	cd Benchmarks && mkdir -p .build && { $(SWIFT) package benchmark thresholds check --no-progress 2>&1 | tee .build/benchmarks-check.log; \
		if grep -q "is WORSE than the defined thresholds" .build/benchmarks-check.log; then echo "benchmark thresholds: regression" >&2; exit 1; fi; \
		if ! grep -qE "is (EQUAL to|BETTER than) the defined thresholds" .build/benchmarks-check.log; then echo "benchmark thresholds: no verdict (see above)" >&2; exit 1; fi; }

# Re-records the thresholds from a run on this machine (commit Benchmarks/Thresholds afterwards).
benchmarks-thresholds: deps
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark thresholds update

# The same workloads through pyproj, in the same table format (needs: pip install pyproj numpy).
pyproj-bench:
	python3 scripts/pyproj_bench.py

# geobench's batch projection and pyproj's, interleaved over several rounds (needs pyproj, numpy
# and a release build of geobench, which `make bench` makes).
side-by-side:
	python3 scripts/side_by_side.py

# Regenerates every reference fixture under Tests/*/Fixtures (needs: pip install geographiclib
# pyproj mercantile mpmath; the committed files were written with geographiclib 2.1, pyproj 3.7.2
# (PROJ 9.5.1), mercantile 1.2.1 and mpmath 1.3.0, and come back byte for byte with them).
fixtures:
	python3 scripts/generate_mercator_fixtures.py
	python3 scripts/generate_geodesic_fixtures.py
	python3 scripts/generate_contains_fixtures.py
	python3 scripts/generate_far_destination_fixtures.py
	python3 scripts/generate_scale_fixtures.py
	python3 scripts/generate_tile_fixtures.py
	python3 scripts/generate_fly_fixtures.py

clean:
	rm -rf .build

# The whole test suite under each sanitizer, each in its own build directory:
# AddressSanitizer (with LeakSanitizer), ThreadSanitizer, and UndefinedBehaviorSanitizer on the
# C target (Swift has no UBSan mode; its arithmetic already traps). The malloc-counting tests
# skip themselves under ASan and TSan and say why; any sanitizer report
# fails the run.
.PHONY: sanitize sanitize-address sanitize-thread sanitize-undefined
sanitize: sanitize-address sanitize-thread sanitize-undefined

sanitize-address: deps
	ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp \
		$(SWIFT) test --sanitize=address --scratch-path .build-sanitize/address

sanitize-thread: deps
	TSAN_OPTIONS=halt_on_error=1:exitcode=66 $(SWIFT) test --sanitize=thread --scratch-path .build-sanitize/thread

sanitize-undefined: deps
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 $(SWIFT) test --scratch-path .build-sanitize/undefined \
		-Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
		-Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined
	@for object in .build-sanitize/undefined/debug/CMallocCounter.build/CMallocCounter.c.o; do \
		nm -u "$$object" | grep -q __ubsan_handle \
			|| { echo "sanitize-undefined: $$object was not instrumented" >&2; exit 1; }; \
	done
