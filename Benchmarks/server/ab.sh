#!/usr/bin/env bash
# `make bench-server BASE=REV`: the server's cost per message, this tree against revision REV, in
# one window — as `make bench-instructions BASE=` does for the core. Builds REV's `veil` (release)
# in a worktree, then for each of ROUNDS rounds starts each server in turn on the same scenes and
# drives it with this tree's load generator: SESSIONS private sessions of a scene that changes
# every frame (moving_scene.py, a timeline both revisions play alike) for SECONDS s. Prints, per
# round and server, the server's CPU per 1,000 messages (all of it, then its service thread's and
# its other threads' — the tick workers' — from /proc/PID/task over the run's middle) and the
# p50/p99 frame lateness; alternating the two in one window keeps a shared machine's load out of
# the ratio.
set -euo pipefail
cd "$(dirname "$0")/../.."
BASE=${1:?usage: ab.sh BASE_REVISION}
SESSIONS=${SESSIONS:-600}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-4}
ROUNDS=${ROUNDS:-3}
SWIFT=${SWIFT:-swift}
out=.build/bench-ab
mkdir -p "$out"
ulimit -n "$(ulimit -Hn)"

rev=$(git rev-parse --short "$BASE")
rm -rf "$out/base-tree" && git worktree prune
git worktree add --detach "$out/base-tree" "$BASE" >/dev/null
scenes=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill $server 2>/dev/null; wait 2>/dev/null; rm -rf "$scenes" "$out/log" "$out/load"; git worktree remove --force "$out/base-tree"' EXIT
echo "building veil at $rev (release, in $out) and this tree…"
(cd "$out/base-tree" && "$SWIFT" build -c release --product veil --scratch-path "$PWD/../base-build" >/dev/null)
# This tree's veil as `make` builds it optimised (RELEASE_FLAGS); REV's as its own package did.
"$SWIFT" build -c release ${RELEASE_FLAGS:-} --product veil >/dev/null
cc -O2 -Wall -o "$out/veil_load" Benchmarks/server/veil_load.c
python3 Benchmarks/server/moving_scene.py >"$scenes/moving.json"

# CPU ticks the server's threads used so far: "MAIN OTHERS" (the service thread, whose id is the
# process's; the others, the tick workers doing nearly all of the rest).
thread_ticks() {
  local main=0 others=0 task t
  for task in /proc/"$1"/task/*; do
    t=$(sed 's/.*) //' "$task/stat" 2>/dev/null | awk '{print $12 + $13}') || continue
    [ -n "$t" ] || continue
    if [ "${task##*/}" = "$1" ]; then main=$((main + t)); else others=$((others + t)); fi
  done
  echo "$main $others"
}

# run VEIL: one load on a fresh server; prints veil_load's line, then the service thread's and the
# other threads' CPU per 1,000 messages over the run's middle (its first and last second left out).
run() {
  : >"$out/log"
  # The connection bounds each revision has (an older one may lack the per-client bound).
  local flags=(--port 0 --idle-timeout 3600) help
  help=$("$1" serve --help 2>&1 || true)
  for f in --max-connections --max-connections-per-client; do grep -q -- "$f <" <<<"$help" && flags+=("$f" 10000); done
  "$1" serve "$scenes" "${flags[@]}" >"$out/log" 2>&1 &
  server=$!
  local port=""
  for _ in $(seq 100); do
    port=$(sed -n 's|Veil preview: http://127.0.0.1:\([0-9]*\)/|\1|p' "$out/log")
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { echo "ab.sh: $1 did not start"; cat "$out/log"; exit 1; }
  "$out/veil_load" frames "$port" "$server" moving "$SESSIONS" "$SECONDS_PER_RUN" >"$out/load" &
  local load=$! before after window=$((SECONDS_PER_RUN > 2 ? SECONDS_PER_RUN - 2 : 1))
  sleep 1; before=$(thread_ticks "$server")
  sleep "$window"; after=$(thread_ticks "$server")
  wait "$load"
  cat "$out/load"
  kill "$server"; wait "$server" 2>/dev/null || true; server=""
  # Ticks over the window, at messages_per_s (veil_load's, over its whole run) for `window` s.
  python3 - "$before" "$after" "$window" "$(getconf CLK_TCK)" "$(cat "$out/load")" <<'PY'
import sys
b, a = (list(map(int, x.split())) for x in sys.argv[1:3])
window, hz, line = float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
rate = float(line.split("messages_per_s=")[1].split()[0])
per = lambda ticks: ticks / hz * 1000 / (rate * window) * 1000 if rate > 0 else 0
print(f"service_ms_per_1000={per(a[0] - b[0]):.2f} workers_ms_per_1000={per(a[1] - b[1]):.2f}")
PY
}
field() { sed -n "s/.*$1=\([0-9.-]*\).*/\1/p" <<<"$2"; }

printf "%-6s %-12s %22s %16s %16s %16s %16s\n" round server "CPU ms / 1,000 msgs" "service thread" "other threads" \
  "lateness p50 ms" "lateness p99 ms"
for round in $(seq "$ROUNDS"); do
  for which in base this; do
    if [ "$which" = base ]; then veil="$out/base-build/release/veil"; name="$rev"; else veil=.build/release/veil; name="this tree"; fi
    line=$(run "$veil")
    printf "%-6s %-12s %22s %16s %16s %16s %16s\n" "$round" "$name" "$(field cpu_ms_per_1000_messages "$line")" \
      "$(field service_ms_per_1000 "$line")" "$(field workers_ms_per_1000 "$line")" \
      "$(field lateness_p50_ms "$line")" "$(field lateness_p99_ms "$line")"
  done
done
echo "(service thread: the network and the hub, its send calls included; other threads: the tick workers, ms per 1,000 messages over each run's middle)"
echo "($SESSIONS private sessions of a scene changing every frame, $SECONDS_PER_RUN s each; load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores)"
