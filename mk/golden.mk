# Golden patch streams: Tests/Golden/<example>.bin, the `veil stream` bytes of every examples/*.json
# (+ .events.jsonl) at 30 fps. GoldenStreamTests checks them byte for byte; regenerate on purpose only.
.PHONY: golden

golden: setup
	VEIL_RECORD_GOLDEN=1 $(SWIFT) test --filter GoldenStreamTests
	@ls -l Tests/Golden/*.bin
