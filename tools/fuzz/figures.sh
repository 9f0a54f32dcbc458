#!/usr/bin/env bash
# tools/fuzz/figures.sh DIR — figures from the session corpus `make fuzz` grew (DIR/corpus/session),
# replayed by DIR/fuzz-session-release (VeilCore -O without sanitizers): the slowest tick and the one
# that laid out the most nodes over the whole corpus (their scene and events are written to
# DIR/worst/), and, each input replayed alone, the peak RSS of the one that needs the most memory
# and the input of the slowest tick.
set -uo pipefail
dir=$1
bin=$dir/fuzz-session-release
corpus=$dir/corpus/session
export SWIFT_BACKTRACE=enable=no
mkdir -p "$dir/worst"
FUZZ_REPORT_DIR="$dir/worst" "$bin" -runs=0 "$corpus" > "$dir/figures.log" 2>&1
echo "session corpus: $(ls "$corpus" | wc -l) inputs, replayed in a release build (no sanitizers)"
echo "slowest tick: $(grep '^#slowest' "$dir/figures.log" | tail -1 | cut -d: -f2-)   (scene: $dir/worst/slowest.json)"
echo "most nodes:   $(grep '^#biggest' "$dir/figures.log" | tail -1 | cut -d: -f2-)   (scene: $dir/worst/biggest.json)"
base=$("$bin" -runs=0 -print_final_stats=1 < /dev/null 2>&1 | grep -oP 'stat::peak_rss_mb: +\K[0-9]+')
worst=0 worstInput= slowest=0 slowestInput=
for input in "$corpus"/*; do
    out=$(FUZZ_REPORT=1 "$bin" -runs=1 -print_final_stats=1 "$input" 2>&1)
    rss=$(grep -oP 'stat::peak_rss_mb: +\K[0-9]+' <<< "$out")
    us=$(grep -oP '^#slowest tick: \K[0-9]+' <<< "$out" | tail -1)
    if [ "${rss:-0}" -gt "$worst" ]; then worst=$rss worstInput=$input; fi
    if [ "${us:-0}" -gt "$slowest" ]; then slowest=$us slowestInput=$input; fi
done
echo "peak RSS of one run: $worst MB (the bare process: $base MB), input $worstInput"
echo "slowest tick replayed alone: $slowest µs, input $slowestInput"
