# `make sanitize`: the Swift test suite under AddressSanitizer, then ThreadSanitizer, each in its own
# scratch path (a sanitized build never replaces the ordinary one). Not part of make test: each is a
# full rebuild. XCTest itself leaks a few hundred bytes at exit, so leak detection is off. Two tests
# bound wall time (work that must not be quadratic) with limits meant for an ordinary build; under a
# sanitizer they run several times slower, so they are skipped here (make test runs them).
SANITIZE_SKIP := --skip manyReactionsCostWhatTheySchedule --skip textCommandsThatWouldPassTheBoundAreRefused
.PHONY: sanitize sanitize-address sanitize-thread

sanitize: sanitize-address sanitize-thread

sanitize-address: setup
	ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no $(SWIFT) test --sanitize=address --scratch-path .build-asan $(SANITIZE_SKIP)

sanitize-thread: setup
	TSAN_OPTIONS=halt_on_error=1 SWIFT_BACKTRACE=enable=no $(SWIFT) test --sanitize=thread --scratch-path .build-tsan $(SANITIZE_SKIP)
