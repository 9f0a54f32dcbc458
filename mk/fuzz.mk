# libFuzzer targets over VeilCore (Fuzz/, docs/TESTING.md "Fuzzing"). `make fuzz` runs each target for
# FUZZ_SECONDS and prints executions and wall time; `make test-fuzz` (part of make test) replays the
# regression inputs under Tests/Fuzz/regressions and fuzzes each target for FUZZ_SMOKE_SECONDS.
# VeilCore is compiled once, instrumented (-sanitize=fuzzer,address; swiftc rejects `undefined` on
# Linux), into one object that every target links. Corpora grow in .build/fuzz/corpus between runs.

FUZZ_DIR       := .build/fuzz
FUZZ_TARGETS   := scene events wire session
FUZZ_SECONDS   ?= 300
FUZZ_SMOKE_SECONDS ?= 7
FUZZ_SWIFTC    := swiftc -sanitize=fuzzer,address -parse-as-library -O -wmo -swift-version 6 -use-ld=lld
FUZZ_CORE      := $(FUZZ_DIR)/VeilCore.o
FUZZ_CORE_SOURCES := $(shell find Sources/VeilCore -name '*.swift')
FUZZ_SESSION_SOURCES := $(wildcard Fuzz/Session/*.swift)
FUZZ_BINARIES  := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz-%)

.PHONY: fuzz fuzz-build test-fuzz fuzz-seeds

$(FUZZ_CORE): $(FUZZ_CORE_SOURCES) mk/fuzz.mk
	@mkdir -p $(FUZZ_DIR)
	@echo "$(FUZZ_SWIFTC) -module-name VeilCore … (Sources/VeilCore) -o $@"
	@$(FUZZ_SWIFTC) -module-name VeilCore -emit-module -emit-module-path $(FUZZ_DIR)/VeilCore.swiftmodule \
	  -emit-object -o $@ $(FUZZ_CORE_SOURCES)

$(FUZZ_DIR)/fuzz-session: Fuzz/session.swift Fuzz/Support/FuzzCheck.swift $(FUZZ_SESSION_SOURCES) $(FUZZ_CORE)
	$(FUZZ_SWIFTC) -I $(FUZZ_DIR) -module-name FuzzSession -o $@ $(filter %.swift,$^) $(FUZZ_CORE)

$(FUZZ_DIR)/fuzz-%: Fuzz/%.swift Fuzz/Support/FuzzCheck.swift $(FUZZ_CORE)
	$(FUZZ_SWIFTC) -I $(FUZZ_DIR) -module-name Fuzz_$* -o $@ $(filter %.swift,$^) $(FUZZ_CORE)

fuzz-seeds:
	@$(PYTHON) tools/fuzz/seeds.py $(FUZZ_DIR)

fuzz-build: $(FUZZ_BINARIES)

fuzz: fuzz-build fuzz-seeds
	@failed=0; for t in $(FUZZ_TARGETS); do tools/fuzz/run.sh $(FUZZ_DIR) $$t $(FUZZ_SECONDS) || failed=1; done; exit $$failed

test-fuzz: fuzz-build fuzz-seeds
	@failed=0; for t in $(FUZZ_TARGETS); do tools/fuzz/run.sh $(FUZZ_DIR) $$t $(FUZZ_SMOKE_SECONDS) || failed=1; done; exit $$failed
