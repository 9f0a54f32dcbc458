#!/usr/bin/env bash
# tools/fuzz/run.sh DIR TARGET SECONDS [CORPUS] — one libFuzzer target (mk/fuzz.mk, docs/TESTING.md
# "Fuzzing"): replays its regression inputs (Tests/Fuzz/regressions/TARGET/*), then fuzzes for SECONDS
# from its corpus (CORPUS, default DIR/corpus/TARGET, kept between runs) and seeds (DIR/seeds/TARGET), and prints one line:
# executions, wall time, corpus size, peak RSS, crashes. A crash leaves DIR/crashes/TARGET-… and fails.
set -uo pipefail
dir=$1 target=$2 seconds=$3
bin=$dir/fuzz-$target
corpus=${4:-$dir/corpus/$target}
regressions=Tests/Fuzz/regressions/$target
# A run on a corpus of its own (the smoke run) logs apart, so it never clobbers a long run's log.
log=$dir/$target${4:+-$(basename "$(dirname "$corpus")")}.log
mkdir -p "$corpus" "$dir/seeds/$target" "$dir/crashes"
export SWIFT_BACKTRACE=enable=no
# -timeout: one input running a minute is unbounded work; -rss_limit_mb: sanitizer builds hold ~0.5 GB.
opts=(-print_final_stats=1 -artifact_prefix="$dir/crashes/$target-" -timeout=60 -rss_limit_mb=4096)
case $target in scene|events) opts+=(-dict="$dir/scene.dict") ;; esac

inputs=("$regressions"/*)
if [ -e "${inputs[0]}" ]; then
    if ! "$bin" "${opts[@]}" "${inputs[@]}" > "$dir/$target.replay.log" 2>&1; then
        tail -40 "$dir/$target.replay.log"
        echo "fuzz-$target: a regression input in $regressions fails again (log: $dir/$target.replay.log)"
        exit 1
    fi
fi

start=$(date +%s%N)
"$bin" "${opts[@]}" -max_total_time="$seconds" "$corpus" "$dir/seeds/$target" > "$log" 2>&1
status=$?
end=$(date +%s%N)
runs=$(grep -aoP 'stat::number_of_executed_units: \K[0-9]+' "$log" || echo 0)
rss=$(grep -aoP 'stat::peak_rss_mb: +\K[0-9]+' "$log" || echo '?')
wall=$(( (end - start) / 1000000000 ))
crashes=$(ls "$dir/crashes" | grep -c "^$target-" || true)
printf 'fuzz-%-8s %11s executions in %5s s wall (%s/s), corpus %s inputs, peak RSS %s MB, regressions %s, crash files %s\n' \
    "$target" "$runs" "$wall" "$(( runs / (wall > 0 ? wall : 1) ))" "$(ls "$corpus" | wc -l)" "$rss" \
    "$( [ -e "${inputs[0]}" ] && echo ${#inputs[@]} || echo 0)" "$crashes"
if [ $status -ne 0 ]; then
    grep -E -A30 'fuzz invariant broken|ERROR: |Fatal error|SUMMARY' "$log" | head -60
    echo "fuzz-$target: failed (log: $log; the input is in $dir/crashes/; docs/TESTING.md says how to keep it as a regression case)"
    exit 1
fi
