# make bench-server: the preview server's figures (docs/SERVER.md, "Figures"), printed by
# Benchmarks/server/bench.sh against an optimised build, with a load generator in C.
# make bench-server BASE=REV: instead, the server's CPU per 1,000 messages and frame lateness, this
# tree against revision REV, alternated in one window (Benchmarks/server/ab.sh).
.PHONY: bench-server
ifdef BASE
bench-server: setup
	SWIFT=$(SWIFT) RELEASE_FLAGS="$(RELEASE_FLAGS)" Benchmarks/server/ab.sh $(BASE)
else
bench-server: setup
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product veil
	@mkdir -p .build/bench
	cc -O2 -Wall -o .build/bench/veil_load Benchmarks/server/veil_load.c
	Benchmarks/server/bench.sh .build/release/veil .build/bench/veil_load
	$(PYTHON) Benchmarks/server/cores_bench.py .build/release/veil
	VEIL_STALL_REPORT=1 $(PYTHON) Tests/server/hostile_test.py .build/release/veil
endif
