# `make sanitize`: the Swift test suite under AddressSanitizer, then ThreadSanitizer, each in its own
# scratch path (a sanitized build never replaces the ordinary one), and the preview server under
# AddressSanitizer serving exports to viewers with permessage-deflate (Tests/server/exports_test.py:
# the write path lws' deflate reads from after lws_write returned). Not part of make test: each is a
# full rebuild. XCTest itself leaks a few hundred bytes at exit, so leak detection is off.
.PHONY: sanitize sanitize-address sanitize-thread sanitize-server

sanitize: sanitize-address sanitize-thread sanitize-server

sanitize-address: setup
	ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no $(SWIFT) test --sanitize=address --scratch-path .build-asan

sanitize-thread: setup
	TSAN_OPTIONS=halt_on_error=1 SWIFT_BACKTRACE=enable=no $(SWIFT) test --sanitize=thread --scratch-path .build-tsan

sanitize-server: setup
	$(SWIFT) build --sanitize=address --scratch-path .build-asan --product veil
	ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 SWIFT_BACKTRACE=enable=no $(PYTHON) Tests/server/exports_test.py .build-asan/debug/veil
