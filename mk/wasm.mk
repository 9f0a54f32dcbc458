# `make wasm`: VeilCore + VeilWasm in Embedded Swift → .build/wasm/veil.wasm (docs/PROTOCOL.md, "The wasm ABI").
# Included from the top Makefile. Needs the Debian packages wasi-libc (libc.a: malloc, memcpy, libm)
# and libclang-rt-19-dev-wasm32 (__multi3 and friends); binaryen (wasm-opt) shrinks the module when
# present. The build has a scratch folder of its own, so it never invalidates the native .build.
#
# Both modules are compiled to LLVM bitcode and optimized together when linked (LTO): against each
# module compiled on its own, veil.wasm is 4.6 % smaller gzipped and a fling's tick about 10 % faster
# (docs/EMBED.md, "veil.wasm's size budget"). SwiftPM links a target's objects itself and cannot
# link bitcode, so the Makefile calls swiftc and wasm-ld; these are the only place the flags live.

WASM_OUT      := .build/wasm/veil.wasm
WASM_SCRATCH  := .build-wasm
WASM_TRIPLE   := wasm32-unknown-none-wasm
WASM_SWIFT_BIN := $(dir $(realpath $(shell command -v swift)))
WASM_CLANG    := $(WASM_SWIFT_BIN)clang
WASM_LD       := $(WASM_SWIFT_BIN)wasm-ld
WASM_LIBC     := /usr/lib/wasm32-wasi/libc.a
WASM_BUILTINS := /usr/lib/llvm-19/lib/clang/19/lib/wasi/libclang_rt.builtins-wasm32.a
WASM_SUPPORT  := $(WASM_SCRATCH)/support.o
WASM_CORE_SOURCES := $(shell find Sources/VeilCore -name '*.swift')
WASM_EXPORT_SOURCES := $(wildcard Sources/VeilWasm/*.swift)
# Embedded Swift, optimized for size; no closure specialization: a copy of a function per closure
# passed to it (Node.update(at:_:) ×7) cost 4 KB (docs/EMBED.md, the size figures).
# WASM_EXTRA_SWIFTFLAGS adds flags for size experiments (`make wasm-map WASM_EXTRA_SWIFTFLAGS=-g`
# keeps DWARF in .build-wasm/veil-named.wasm, docs/EMBED.md).
WASM_SWIFTFLAGS := -target $(WASM_TRIPLE) -enable-experimental-feature Embedded -enable-experimental-feature Extern \
  -wmo -Osize -Xfrontend -disable-stack-protector -Xllvm -sil-disable-pass=closure-specialize \
  -parse-as-library -swift-version 6 $(WASM_EXTRA_SWIFTFLAGS)
WASM_BITCODE  := $(WASM_SCRATCH)/bitcode
# The flags and the sources' names: a change of either (a flag given, a file removed) compiles again.
WASM_STAMP    := $(WASM_BITCODE)/inputs
WASM_CORE_BC  := $(WASM_BITCODE)/VeilCore.bc
WASM_EXPORTS_BC := $(WASM_BITCODE)/VeilWasm.bc
WASM_LINKED   := $(WASM_SCRATCH)/veil-linked.wasm
WASM_EXPORTS  := veil_alloc veil_free veil_session_new veil_session_free veil_perform veil_input veil_tick \
  veil_keyframe veil_output veil_error veil_next_change veil_describe
# No entry point; a stack overflow traps instead of overwriting globals (--stack-first).
WASM_LDFLAGS  := --no-entry --gc-sections --stack-first -z stack-size=262144 --lto-O2 \
  $(addprefix --export=,$(WASM_EXPORTS))
WASM_LIBS      = $(WASM_SUPPORT) $(WASM_LIBC) $(WASM_BUILTINS)
# The features LLVM's default wasm32 CPU emits; wasm-opt must be told (the section is stripped).
WASM_OPT_FEATURES := --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
                     --enable-mutable-globals --enable-multivalue --enable-reference-types

.PHONY: wasm wasm-size wasm-map FORCE
wasm: $(WASM_OUT)

$(WASM_STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo '$(WASM_SWIFTFLAGS) $(WASM_CORE_SOURCES) $(WASM_EXPORT_SOURCES)' | cmp -s - $@ \
	  || echo '$(WASM_SWIFTFLAGS) $(WASM_CORE_SOURCES) $(WASM_EXPORT_SOURCES)' > $@

# arc4random_buf and putchar without WASI imports; linked before libc.a so libc's are not pulled.
$(WASM_SUPPORT): tools/wasm/support.c
	@mkdir -p $(dir $@)
	$(WASM_CLANG) --target=$(WASM_TRIPLE) -Oz -ffreestanding -c $< -o $@

$(WASM_CORE_BC): $(WASM_CORE_SOURCES) $(WASM_STAMP) mk/wasm.mk
	$(WASM_SWIFT_BIN)swiftc $(WASM_SWIFTFLAGS) -lto=llvm-full -module-name VeilCore -emit-module \
	  -emit-module-path $(WASM_BITCODE)/VeilCore.swiftmodule -c $(WASM_CORE_SOURCES) -o $@

$(WASM_EXPORTS_BC): $(WASM_EXPORT_SOURCES) $(WASM_CORE_BC)
	$(WASM_SWIFT_BIN)swiftc $(WASM_SWIFTFLAGS) -lto=llvm-full -module-name VeilWasm -I $(WASM_BITCODE) -c $(WASM_EXPORT_SOURCES) -o $@

$(WASM_LINKED): $(WASM_CORE_BC) $(WASM_EXPORTS_BC) $(WASM_SUPPORT)
	@test -f $(WASM_LIBC) || { echo "missing $(WASM_LIBC): apt-get install wasi-libc"; exit 1; }
	@test -f $(WASM_BUILTINS) || { echo "missing $(WASM_BUILTINS): apt-get install libclang-rt-19-dev-wasm32"; exit 1; }
	$(WASM_LD) $(WASM_LDFLAGS) --strip-all $(WASM_CORE_BC) $(WASM_EXPORTS_BC) $(WASM_LIBS) -o $@

$(WASM_OUT): $(WASM_LINKED)
	@mkdir -p $(dir $@)
	if command -v wasm-opt >/dev/null; then \
	  wasm-opt -Oz $(WASM_OPT_FEATURES) $< -o $@; \
	else \
	  cp $< $@; \
	fi
	@echo "$@: $$(wc -c < $@) bytes, $$(gzip -9c $@ | wc -c) gzipped"

wasm-size: $(WASM_OUT)
	@echo "$(WASM_OUT): $$(wc -c < $(WASM_OUT)) bytes, $$(gzip -9c $(WASM_OUT) | wc -c) gzipped"

# Where veil.wasm's bytes go: the same link with its name section kept, optimized like `make wasm`
# while writing a symbol map (with names, wasm-opt's output is about 0.6 % larger), and the code
# size per source area and the largest functions (tools/wasm/size-report.py;
# `python3 tools/wasm/size-report.py $(WASM_MAP_OUT) $(WASM_MAP) --area reader`).
WASM_MAP_OUT := .build/wasm/veil-map.wasm
WASM_MAP     := .build/wasm/veil.symbols
wasm-map: $(WASM_CORE_BC) $(WASM_EXPORTS_BC) $(WASM_SUPPORT)
	@mkdir -p $(dir $(WASM_MAP_OUT))
	$(WASM_LD) $(WASM_LDFLAGS) $(WASM_CORE_BC) $(WASM_EXPORTS_BC) $(WASM_LIBS) -o $(WASM_SCRATCH)/veil-named.wasm
	wasm-opt -Oz $(WASM_OPT_FEATURES) --strip-debug --strip-producers --symbolmap=$(WASM_MAP) \
	  $(WASM_SCRATCH)/veil-named.wasm -o $(WASM_MAP_OUT)
	python3 tools/wasm/size-report.py $(WASM_MAP_OUT) $(WASM_MAP)

# Which of the core's functions the optimizer copies into the most callers (tools/wasm/inlining-report.py):
# compiles VeilCore as `make wasm` does, with the SIL inliner printing each copy.
WASM_INLINING_LOG := .build/wasm/inlining.log
.PHONY: wasm-inlining
wasm-inlining:
	@mkdir -p .build/wasm/inlining
	$(WASM_SWIFT_BIN)swiftc $(WASM_SWIFTFLAGS) -module-name VeilCore -c $(WASM_CORE_SOURCES) -o .build/wasm/inlining/VeilCore.o \
	  -Xllvm -sil-print-inlining-callee=true > $(WASM_INLINING_LOG) 2>&1
	python3 tools/wasm/inlining-report.py $(WASM_INLINING_LOG) --top 60

# Figures of veil.wasm in a page: mount → first frame in headless Chromium, per-frame cost of the
# feed's shimmer, and the module's size (Benchmarks/embed-first-frame.py); then the feed's skeleton
# against a CSS skeleton side by side, pages alternated (Benchmarks/embed_vs_css.py: first
# contentful paint, main thread, browser CPU, frames during a busy task; VEIL_BENCH_SCALES=1,2 adds
# device pixel ratio 2, VEIL_BENCH_ROUNDS the rounds); then each page shape of Benchmarks/pages/
# beside a CSS-skeleton page of the same feed on a throttled phone network (Benchmarks/page_content.py:
# when the content arrives, first paint, bytes sent counted at the server, workers included).
# docs/EMBED.md holds the figures.
.PHONY: bench-embed
bench-embed: dist
	$(SWIFT) build --product veil
	$(PYTHON) Benchmarks/embed-first-frame.py
	$(PYTHON) Benchmarks/embed_vs_css.py
	$(PYTHON) Benchmarks/page_content.py --web $(DIST)

# `make dist`: what a page ships (docs/EMBED.md, "Files to copy") — Web/ with each module minified
# by esbuild (Debian's `esbuild`: the same modules and names, no bundle) and veil.wasm beside
# veil.js, in .build/dist/veil/. The page weight budgets are measured on it (test_page_weight.py).
DIST := .build/dist/veil
.PHONY: dist
dist: $(WASM_OUT)
	rm -rf $(DIST) && mkdir -p $(dir $(DIST)) && cp -r Web $(DIST)
	esbuild Web/*.js --minify --outdir=$(DIST) --log-level=warning
	cp $(WASM_OUT) $(DIST)/veil.wasm
