# Golden patch streams: examples/<example>.stream, the `veil stream --fps 30` bytes of every
# examples/*.json (+ .events.jsonl): each example is a `veil test` case (docs/TESTING.md).
# `make test-golden` (part of make test-cli) checks them; `make golden` re-records, on purpose only,
# the ones that changed and says which. `make bench-golden` times `veil test` over every example.
.PHONY: golden test-golden bench-golden

golden: build
	$(VEIL) test --update examples

test-golden: build
	$(VEIL) test examples

bench-golden: setup
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product veil
	@.build/release/veil test examples > /dev/null
	@best=; for i in 1 2 3 4 5 6 7 8 9 10; do \
		start=$$(date +%s%N); .build/release/veil test examples > /dev/null; end=$$(date +%s%N); \
		ms=$$(( (end - start) / 1000000 )); if [ -z "$$best" ] || [ $$ms -lt $$best ]; then best=$$ms; fi; \
	done; echo "veil test examples ($$(ls examples/*.json | wc -l) cases, release build, best of 10): $$best ms"
