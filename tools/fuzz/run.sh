#!/usr/bin/env bash
# tools/fuzz/run.sh DIR TARGET SECONDS [CORPUS] — one libFuzzer target (mk/fuzz.mk, docs/TESTING.md
# "Fuzzing"): replays its regression inputs (Tests/Fuzz/regressions/TARGET/*), then fuzzes for SECONDS
# from its corpus (CORPUS, default DIR/corpus/TARGET, kept between runs) and seeds (DIR/seeds/TARGET), and prints one line:
# executions, wall time, corpus size, peak RSS, crashes. A crash leaves DIR/crashes/TARGET-… and fails.
# From the environment (mk/fuzz.mk): FUZZ_BIN_DIR, where the binaries are (default DIR; DIR/fast is the
# build without AddressSanitizer); FUZZ_JOBS, fuzzing processes (-jobs=N -workers=N, one corpus; default
# 1); FUZZ_RUNS, stop after that many inputs in all (default 0: SECONDS alone bounds the run).
set -uo pipefail
dir=$1 target=$2 seconds=$3
bin=${FUZZ_BIN_DIR:-$dir}/fuzz-$target
jobs=${FUZZ_JOBS:-1} runs_wanted=${FUZZ_RUNS:-0}
corpus=${4:-$dir/corpus/$target}
regressions=Tests/Fuzz/regressions/$target
# A run on a corpus of its own (the smoke run) logs apart, so it never clobbers a long run's log.
log=$dir/$target${4:+-$(basename "$(dirname "$corpus")")}.log
mkdir -p "$corpus" "$dir/seeds/$target" "$dir/crashes"
export SWIFT_BACKTRACE=enable=no
# -timeout: one input running a minute is unbounded work; -rss_limit_mb: sanitizer builds hold ~0.5 GB.
opts=(-print_final_stats=1 -artifact_prefix="$dir/crashes/$target-" -timeout=60 -rss_limit_mb=4096)
case $target in
    scene|events) opts+=(-dict="$dir/scene.dict") ;;
    # The wire seeds are windows of at most 4 KiB (tools/fuzz/seeds.py): an input costs what it holds
    # (each message decoded twice, encoded once, and each frame hashed whole by the mirror), and the
    # largest keyframe of the examples is ~3 KiB.
    wire) opts+=(-max_len=4096) ;;
esac

inputs=("$regressions"/*)
if [ -e "${inputs[0]}" ]; then
    if ! "$bin" "${opts[@]}" "${inputs[@]}" > "$dir/$target.replay.log" 2>&1; then
        tail -40 "$dir/$target.replay.log"
        echo "fuzz-$target: a regression input in $regressions fails again (log: $dir/$target.replay.log)"
        exit 1
    fi
fi

crashes_before=$(ls "$dir/crashes" | grep -c "^$target-" || true)
start=$(date +%s%N)
if [ "$jobs" -gt 1 ]; then
    # -jobs writes each job's output to fuzz-N.log in the working directory: a folder per target.
    jobdir=$dir/jobs/$target${4:+-$(basename "$(dirname "$corpus")")}
    rm -rf "$jobdir" && mkdir -p "$jobdir"
    [ "$runs_wanted" -gt 0 ] && opts+=(-runs=$(( (runs_wanted + jobs - 1) / jobs )))
    abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
    opts=("${opts[@]/-artifact_prefix=$dir/-artifact_prefix=$(abs "$dir")/}")
    opts=("${opts[@]/-dict=$dir/-dict=$(abs "$dir")/}")
    absbin=$(abs "$bin") abscorpus=$(abs "$corpus") absseeds=$(abs "$dir/seeds/$target")
    (cd "$jobdir" && "$absbin" "${opts[@]}" -jobs="$jobs" -workers="$jobs" -max_total_time="$seconds" \
        "$abscorpus" "$absseeds") > "$log" 2>&1
    status=$?
    joblogs=("$jobdir"/fuzz-*.log)
    cat "${joblogs[@]}" >> "$log"
else
    [ "$runs_wanted" -gt 0 ] && opts+=(-runs="$runs_wanted")
    "$bin" "${opts[@]}" -max_total_time="$seconds" "$corpus" "$dir/seeds/$target" > "$log" 2>&1
    status=$?
    joblogs=("$log")
fi
end=$(date +%s%N)
runs=$(cat "${joblogs[@]}" | grep -aoP 'stat::number_of_executed_units: \K[0-9]+' | awk '{s += $1} END {print s + 0}')
rss=$(cat "${joblogs[@]}" | grep -aoP 'stat::peak_rss_mb: +\K[0-9]+' | sort -n | tail -1)
wall=$(( (end - start) / 1000000000 ))
crashes=$(ls "$dir/crashes" | grep -c "^$target-" || true)
# With -jobs, a job that crashes does not fail the parent: a new crash file does.
[ "$crashes" -gt "$crashes_before" ] && status=1
printf 'fuzz-%-8s %11s executions in %5s s wall (%s/s), %s job(s), %s, corpus %s inputs, peak RSS %s MB, regressions %s, crash files %s\n' \
    "$target" "$runs" "$wall" "$(( runs / (wall > 0 ? wall : 1) ))" "$jobs" \
    "$( [ "$bin" -ef "$dir/fuzz-$target" ] && echo 'AddressSanitizer' || echo 'no AddressSanitizer')" \
    "$(ls "$corpus" | wc -l)" "${rss:-?}" \
    "$( [ -e "${inputs[0]}" ] && echo ${#inputs[@]} || echo 0)" "$crashes"
if [ $status -ne 0 ]; then
    grep -E -A30 'fuzz invariant broken|ERROR: |Fatal error|SUMMARY' "$log" | head -60
    echo "fuzz-$target: failed (log: $log; the input is in $dir/crashes/; docs/TESTING.md says how to keep it as a regression case)"
    exit 1
fi
