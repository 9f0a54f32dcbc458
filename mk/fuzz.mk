# libFuzzer targets over VeilCore (Fuzz/, docs/TESTING.md "Fuzzing"). `make fuzz` runs each target for
# FUZZ_SECONDS and prints executions and wall time; `make test-fuzz` (part of make test) replays the
# regression inputs under Tests/Fuzz/regressions and fuzzes each target for FUZZ_SMOKE_SECONDS.
# VeilCore is compiled once, instrumented (-sanitize=fuzzer,address; swiftc rejects `undefined` on
# Linux), into one object that every target links. Corpora grow in .build/fuzz/corpus between runs.
# The nightly run (`make fuzz-nightly`, FUZZ_ASAN=0 FUZZ_JOBS=2 FUZZ_RUNS=10000000) uses a second build,
# -sanitize=fuzzer only (.build/fuzz/fast/: about twice as fast; Swift still traps on overflow and
# out-of-range indexes), on both cores (-jobs=2 -workers=2), each target until it has run FUZZ_RUNS
# inputs or FUZZ_SECONDS have passed. The smoke run (`make test-fuzz`) keeps AddressSanitizer.

FUZZ_DIR       := .build/fuzz
FUZZ_TARGETS   := scene events wire session
FUZZ_SECONDS   ?= 300
# How long `make fuzz` runs the wasm session fuzzer (node, one process).
FUZZ_WASM_SECONDS ?= $(FUZZ_SECONDS)
FUZZ_SMOKE_SECONDS ?= 7
# The smoke run's bound on one tick's wall time (sanitizer build): wide, so a busy CI machine does not
# fail it; `make fuzz` keeps the session target's default (FUZZ_TICK_MS, 2000 ms).
FUZZ_SMOKE_TICK_MS ?= 5000
# FUZZ_ASAN=0: the build without AddressSanitizer (.build/fuzz/fast/). FUZZ_JOBS: fuzzing processes per
# target (-jobs=N -workers=N, sharing the corpus). FUZZ_RUNS: stop a target after that many inputs
# (all jobs together; 0: only FUZZ_SECONDS bounds it).
FUZZ_ASAN      ?= 1
FUZZ_JOBS      ?= 1
FUZZ_RUNS      ?= 0
# The nightly run: ten million inputs per target, at most FUZZ_NIGHTLY_SECONDS each.
FUZZ_NIGHTLY_RUNS ?= 10000000
FUZZ_NIGHTLY_SECONDS ?= 28800
FUZZ_NIGHTLY_WASM_SECONDS ?= 600
FUZZ_SWIFTC    := swiftc -sanitize=fuzzer,address -parse-as-library -O -wmo -swift-version 6 -use-ld=lld
FUZZ_FAST_SWIFTC := swiftc -sanitize=fuzzer -parse-as-library -O -wmo -swift-version 6 -use-ld=lld
FUZZ_CORE      := $(FUZZ_DIR)/VeilCore.o
FUZZ_FAST_DIR  := $(FUZZ_DIR)/fast
FUZZ_FAST_CORE := $(FUZZ_FAST_DIR)/VeilCore.o
FUZZ_CORE_SOURCES := $(shell find Sources/VeilCore -name '*.swift')
FUZZ_SESSION_SOURCES := $(wildcard Fuzz/Session/*.swift)
FUZZ_BINARIES  := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz-%)
FUZZ_FAST_BINARIES := $(FUZZ_TARGETS:%=$(FUZZ_FAST_DIR)/fuzz-%)
FUZZ_BIN_DIR   := $(if $(filter 0,$(FUZZ_ASAN)),$(FUZZ_FAST_DIR),$(FUZZ_DIR))
FUZZ_RUN_BINARIES := $(if $(filter 0,$(FUZZ_ASAN)),$(FUZZ_FAST_BINARIES),$(FUZZ_BINARIES))

.PHONY: fuzz fuzz-build fuzz-build-fast test-fuzz fuzz-seeds fuzz-nightly

$(FUZZ_CORE): $(FUZZ_CORE_SOURCES) mk/fuzz.mk
	@mkdir -p $(FUZZ_DIR)
	@echo "$(FUZZ_SWIFTC) -module-name VeilCore … (Sources/VeilCore) -o $@"
	@$(FUZZ_SWIFTC) -module-name VeilCore -emit-module -emit-module-path $(FUZZ_DIR)/VeilCore.swiftmodule \
	  -emit-object -o $@ $(FUZZ_CORE_SOURCES)
	@# swiftc leaves an object whose bytes did not change untouched: mark it as made, or it is made again.
	@touch $@

$(FUZZ_DIR)/fuzz-session: Fuzz/session.swift Fuzz/Support/FuzzCheck.swift $(FUZZ_SESSION_SOURCES) $(FUZZ_CORE)
	$(FUZZ_SWIFTC) -I $(FUZZ_DIR) -module-name FuzzSession -o $@ $(filter %.swift,$^) $(FUZZ_CORE)

$(FUZZ_DIR)/fuzz-%: Fuzz/%.swift Fuzz/Support/FuzzCheck.swift $(FUZZ_CORE)
	$(FUZZ_SWIFTC) -I $(FUZZ_DIR) -module-name Fuzz_$* -o $@ $(filter %.swift,$^) $(FUZZ_CORE)

# The same targets without AddressSanitizer (FUZZ_ASAN=0, the nightly run).
$(FUZZ_FAST_CORE): $(FUZZ_CORE_SOURCES) mk/fuzz.mk
	@mkdir -p $(FUZZ_FAST_DIR)
	@echo "$(FUZZ_FAST_SWIFTC) -module-name VeilCore … (Sources/VeilCore) -o $@"
	@$(FUZZ_FAST_SWIFTC) -module-name VeilCore -emit-module -emit-module-path $(FUZZ_FAST_DIR)/VeilCore.swiftmodule \
	  -emit-object -o $@ $(FUZZ_CORE_SOURCES)
	@touch $@

$(FUZZ_FAST_DIR)/fuzz-session: Fuzz/session.swift Fuzz/Support/FuzzCheck.swift $(FUZZ_SESSION_SOURCES) $(FUZZ_FAST_CORE)
	$(FUZZ_FAST_SWIFTC) -I $(FUZZ_FAST_DIR) -module-name FuzzSession -o $@ $(filter %.swift,$^) $(FUZZ_FAST_CORE)

$(FUZZ_FAST_DIR)/fuzz-%: Fuzz/%.swift Fuzz/Support/FuzzCheck.swift $(FUZZ_FAST_CORE)
	$(FUZZ_FAST_SWIFTC) -I $(FUZZ_FAST_DIR) -module-name Fuzz_$* -o $@ $(filter %.swift,$^) $(FUZZ_FAST_CORE)

fuzz-seeds:
	@$(PYTHON) tools/fuzz/seeds.py $(FUZZ_DIR)

fuzz-build: $(FUZZ_BINARIES)

fuzz-build-fast: $(FUZZ_FAST_BINARIES)

# tools/fuzz/run.sh reads FUZZ_BIN_DIR, FUZZ_JOBS and FUZZ_RUNS.
fuzz: export FUZZ_BIN_DIR := $(FUZZ_BIN_DIR)
fuzz: export FUZZ_JOBS := $(FUZZ_JOBS)
fuzz: export FUZZ_RUNS := $(FUZZ_RUNS)
fuzz: $(FUZZ_RUN_BINARIES) fuzz-seeds wasm-fuzz
	@failed=0; for t in $(FUZZ_TARGETS); do tools/fuzz/run.sh $(FUZZ_DIR) $$t $(FUZZ_SECONDS) || failed=1; done; \
	echo "fuzz: the session target in veil.wasm's core (Embedded, 32-bit Int), $(FUZZ_WASM_SECONDS) s"; \
	VEIL_FUZZ_SECONDS=$(FUZZ_WASM_SECONDS) VEIL_FUZZ_FINDINGS=$(FUZZ_DIR)/wasm-findings \
	  node --test --test-name-pattern='random session runs' Tests/wasm/fuzz.test.mjs || failed=1; exit $$failed

# The nightly run: every target to ten million inputs, without AddressSanitizer, on both cores
# (docs/TESTING.md, "Fuzzing", has the rates and how long each target takes).
fuzz-nightly:
	@$(MAKE) --no-print-directory fuzz FUZZ_ASAN=0 FUZZ_JOBS=2 FUZZ_RUNS=$(FUZZ_NIGHTLY_RUNS) FUZZ_SECONDS=$(FUZZ_NIGHTLY_SECONDS) \
	  FUZZ_WASM_SECONDS=$(FUZZ_NIGHTLY_WASM_SECONDS)

test-fuzz: fuzz-build fuzz-seeds
	@# A fresh corpus each time: replaying what `make fuzz` grew would take longer than the run itself.
	@rm -rf $(FUZZ_DIR)/smoke-corpus
	@failed=0; for t in $(FUZZ_TARGETS); do FUZZ_TICK_MS=$(FUZZ_SMOKE_TICK_MS) \
	  tools/fuzz/run.sh $(FUZZ_DIR) $$t $(FUZZ_SMOKE_SECONDS) $(FUZZ_DIR)/smoke-corpus/$$t || failed=1; done; exit $$failed

# The session fuzzer for wasm: Fuzz/Session + Fuzz/wasm over the VeilCore that `make wasm` compiled
# (same Embedded flags, its module and bitcode), linked as a module of its own so veil.wasm does
# not grow. Tests/wasm/fuzz.test.mjs runs it in node on random inputs (make test-wasm).
WASM_FUZZ_OUT  := .build/wasm/veil-fuzz.wasm
# (mk/wasm.mk is read after this file: its variables are used only in the recipe, expanded when it runs.)
WASM_FUZZ_EXPORTS := fuzz_alloc fuzz_free fuzz_run fuzz_script fuzz_message fuzz_message_length

.PHONY: wasm-fuzz
wasm-fuzz: $(WASM_FUZZ_OUT)

$(WASM_FUZZ_OUT): $(FUZZ_SESSION_SOURCES) Fuzz/wasm/main.swift .build/wasm/veil.wasm mk/fuzz.mk
	$(WASM_SWIFT_BIN)swiftc $(WASM_SWIFTFLAGS) -module-name VeilFuzz -I $(WASM_BITCODE) $(FUZZ_SESSION_SOURCES) Fuzz/wasm/main.swift \
	  $(WASM_CORE_BC) -Xclang-linker -nostdlib $(addprefix -Xlinker ,--no-entry --gc-sections --strip-all --stack-first -z stack-size=262144) \
	  $(addprefix -Xlinker --export=,$(WASM_FUZZ_EXPORTS)) $(addprefix -Xlinker ,$(abspath $(WASM_LIBS))) -o $@
	@echo "$@: $$(wc -c < $@) bytes"

# `make fuzz-figures`: after `make fuzz`, the session corpus replayed in a release build (VeilCore -O,
# no sanitizers): slowest tick, most nodes laid out, peak RSS of the costliest input (tools/fuzz/figures.sh).
FUZZ_RELEASE_CORE := $(FUZZ_DIR)/release/VeilCore.o
.PHONY: fuzz-figures

$(FUZZ_RELEASE_CORE): $(FUZZ_CORE_SOURCES) mk/fuzz.mk
	@mkdir -p $(dir $@)
	@echo "swiftc -O -module-name VeilCore … (Sources/VeilCore, no sanitizers) -o $@"
	@swiftc -parse-as-library -O -wmo -swift-version 6 -module-name VeilCore -emit-module \
	  -emit-module-path $(dir $@)VeilCore.swiftmodule -emit-object -o $@ $(FUZZ_CORE_SOURCES)
	@touch $@

$(FUZZ_DIR)/fuzz-session-release: Fuzz/session.swift Fuzz/Support/FuzzCheck.swift $(FUZZ_SESSION_SOURCES) $(FUZZ_RELEASE_CORE)
	swiftc -sanitize=fuzzer -parse-as-library -O -wmo -swift-version 6 -use-ld=lld -I $(dir $(FUZZ_RELEASE_CORE)) \
	  -module-name FuzzSession -o $@ $(filter %.swift,$^) $(FUZZ_RELEASE_CORE)

fuzz-figures: $(FUZZ_DIR)/fuzz-session-release
	@tools/fuzz/figures.sh $(FUZZ_DIR)
