# Veil — `make run` starts the live preview on the demo scenes; `make test` runs every test.
# Both install what is missing first (Debian packages; needs root or sudo).
SHELL := /bin/bash
SWIFT ?= swift
# Optimised builds (the preview, the server's benches, bench-golden) leave out the runtime's
# exclusivity checks, as veil.wasm does (Embedded Swift has none): about 8 % of a tick, an access
# check on each component's state. The debug builds `swift test` runs keep them, so an overlapping
# access fails a test. A flag, not Package.swift: unsafeFlags there would bar depending on the
# package by version.
RELEASE_FLAGS ?= -Xswiftc -enforce-exclusivity=unchecked
PYTHON ?= /usr/bin/python3
HOST ?= 127.0.0.1
PORT ?= 8080
VEIL := .build/debug/veil
export VEIL_BIN := $(CURDIR)/$(VEIL)

# What the build and the tests need from Debian:
#   libwebsockets-dev, pkg-config         the preview server
#   wasi-libc, libclang-rt-19-dev-wasm32  libc/malloc and compiler-rt for veil.wasm
#   binaryen                               wasm-opt shrinks veil.wasm
#   chromium, chromium-driver, python3-selenium, python3-pil   browser tests
#   python3-websockets                     server tests: a WebSocket client nobody here wrote
#   fonts-inter                            the font the text layout is measured with
#   node-typescript                        tsc checks Web/veil.d.ts and the JSDoc of Web/*.js (strict)
#   valgrind                               work counted in instructions (linear-time tests, bench-instructions)
#   esbuild                                the package bundled as docs/EMBED.md says (test_bundle.py)
#   python3-jsonschema                     the scene schema checked with a real validator (Tests/cli/test_schema.py)
APT_PACKAGES := libwebsockets-dev libbrotli-dev python3-brotli pkg-config wasi-libc libclang-rt-19-dev-wasm32 binaryen \
	chromium chromium-driver python3-selenium python3-pil fonts-inter node-typescript python3-websockets valgrind esbuild \
	python3-jsonschema
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all setup build run test test-swift test-js test-types test-wasm test-server test-cli test-browser test-docs wasm bench clean

all: build

setup:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg -s $$p 2>/dev/null | grep -q '^Status: install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: setup
	$(SWIFT) build --product veil

# The preview runs an optimised build (the tests use the debug one).
run: setup wasm
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product veil
	.build/release/veil serve --host $(HOST) --port $(PORT)

test: setup build wasm test-swift test-js test-wasm test-cli test-server test-browser test-docs test-fuzz
	@echo "make test: all suites passed"

# The core's Double → integer conversions are all checked ones (tools/conversions/check.py).
test-swift: setup
	$(SWIFT) test
	$(PYTHON) tools/conversions/check.py $(SWIFT)c

# Tests/web/ includes the type check (types.test.mjs): tsc -p Tests/web/types, strict and
# noImplicitAny. `make test-types` runs only that.
test-js:
	node --test Tests/web/

test-types:
	node --test Tests/web/types.test.mjs

test-wasm: wasm wasm-fuzz build
	node --test Tests/wasm/

test-cli: build test-golden
	$(PYTHON) Tests/cli/test_cli.py
	$(PYTHON) Tests/cli/test_hostile.py $(VEIL)
	$(PYTHON) Tests/cli/test_contrast.py $(VEIL)
	$(PYTHON) Tests/cli/test_schema.py $(VEIL)
	$(PYTHON) Tests/cli/test_readme_picture.py $(VEIL)

test-server: build
	$(PYTHON) Tests/server/serve_test.py $(VEIL)
	$(PYTHON) Tests/server/limits_test.py $(VEIL)
	$(PYTHON) Tests/server/live_test.py $(VEIL)
	$(PYTHON) Tests/server/problems_test.py $(VEIL)
	$(PYTHON) Tests/server/compress_test.py $(VEIL)
	$(PYTHON) Tests/server/flow_test.py $(VEIL)
	$(PYTHON) Tests/server/rooms_test.py $(VEIL)
	$(PYTHON) Tests/server/resume_test.py $(VEIL)
	$(PYTHON) Tests/server/cases_test.py $(VEIL)
	$(PYTHON) Tests/server/clock_test.py $(VEIL)
	$(PYTHON) Tests/server/hostile_test.py $(VEIL)
	$(PYTHON) Tests/server/exports_test.py $(VEIL)

# Every code block of README.md and docs/ a user would paste runs as written (Tests/docs/snippets_test.py).
test-docs: build wasm
	$(PYTHON) Tests/docs/paths_test.py
	$(PYTHON) Tests/docs/snippets_test.py $(VEIL)

test-browser: build wasm dist
	$(PYTHON) -m unittest discover -s Tests/browser -v

# Instruction counts (callgrind) of the core's real path, this tree against BASE (default origin/main):
# the A/B that holds on a shared machine (tools/instructions/run.sh).
.PHONY: bench-instructions
bench-instructions: setup
	tools/instructions/run.sh $(BASE)

bench: setup wasm
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark
	node Benchmarks/wasm-ticks.mjs
	@raw=$$(stat -c%s .build/wasm/veil.wasm); gz=$$(gzip -9 -c .build/wasm/veil.wasm | wc -c); \
		echo "veil.wasm: $$raw bytes raw, $$gz bytes gzipped"
	@$(MAKE) --no-print-directory bench-golden
	@$(MAKE) --no-print-directory bench-embed

clean:
	rm -rf .build .build-wasm Benchmarks/.build out

-include mk/*.mk
