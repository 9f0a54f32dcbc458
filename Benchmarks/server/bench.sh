#!/usr/bin/env bash
# `make bench-server`: the figures of docs/SERVER.md, "Figures". Starts `veil serve` (release) on
# Benchmarks/server/, drives it with veil_load (C, raw sockets, loopback) and prints:
#   the largest number of private animated-skeleton sessions at 60 fps with p99 frame lateness
#   under 10 ms, the server's CPU per 1,000 messages and resident memory per session there, and the
#   input → patch round trip (p50/p99) on a still scene.
set -euo pipefail
VEIL=${1:?usage: bench.sh VEIL VEIL_LOAD}
LOAD=${2:?usage: bench.sh VEIL VEIL_LOAD}
SECONDS_PER_STEP=${SECONDS_PER_STEP:-3}
STEPS=${STEPS:-"100 200 300 400 500 600 800 1000 1200 1500 2000 3000"}
MEMORY_SESSIONS=${MEMORY_SESSIONS:-1000}
ulimit -n "$(ulimit -Hn)"

log=$(mktemp)
# The scenes, copied to a folder of their own: the save figure rewrites one of them.
scenes=$(mktemp -d)
cp "$(dirname "$0")"/*.json "$scenes"/
cp "$scenes/still.json" "$scenes/saved.json"
"$VEIL" serve "$scenes" --port 0 --max-connections 10000 --idle-timeout 3600 >"$log.out" 2>"$log" &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$log" "$log.out" "$scenes"' EXIT
for _ in $(seq 50); do grep -q "Veil preview" "$log.out" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n 's|Veil preview: http://127.0.0.1:\([0-9]*\)/|\1|p' "$log.out")
[ -n "$port" ] || { echo "bench-server: the server did not start"; cat "$log"; exit 1; }

# Memory first, on the fresh server (later steps reuse what the allocator already holds).
memory=$("$LOAD" frames "$port" "$server" skeleton "$MEMORY_SESSIONS" 1)
echo "  memory: $memory"
sleep 1
# Then more and more sessions; the machine may be shared, so one step over the bound is not the
# end: the ramp stops after two in a row.
best="" misses=0
for n in $STEPS; do
  line=$("$LOAD" frames "$port" "$server" skeleton "$n" "$SECONDS_PER_STEP") || { echo "  $n sessions: the load generator failed"; break; }
  echo "  $line"
  p99=$(sed -n 's/.*lateness_p99_ms=\([0-9.-]*\).*/\1/p' <<<"$line")
  if awk -v p="$p99" 'BEGIN { exit !(p < 10) }'; then best=$line misses=0; else misses=$((misses + 1)); fi
  [ "$misses" -ge 2 ] && break
  sleep 1
done
rtt=$("$LOAD" rtt "$port" still 2000)
saves=$("$LOAD" save "$port" saved "$scenes/saved.json" 100)

field() { sed -n "s/.*$1=\([0-9.-]*\).*/\1/p" <<<"$2"; }
echo
if [ -n "$best" ]; then
  echo "private animated-skeleton sessions at 60 fps with p99 lateness < 10 ms: $(field connections "$best") (p99 $(field lateness_p99_ms "$best") ms)"
  echo "server CPU per 1,000 messages there: $(field cpu_ms_per_1000_messages "$best") ms"

else
  echo "private animated-skeleton sessions at 60 fps with p99 lateness < 10 ms: none of the steps ($STEPS)"
fi
echo "server memory per session ($MEMORY_SESSIONS sessions on a fresh server, no permessage-deflate): $(field rss_kb_per_session "$memory") KB"
echo "load average while measuring: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores (the machine may be shared)"
echo "input → patch round trip on loopback: p50 $(field rtt_p50_ms "$rtt") ms, p99 $(field rtt_p99_ms "$rtt") ms"
echo "scene file saved → patch at a viewer: p50 $(field save_p50_ms "$saves") ms, p99 $(field save_p99_ms "$saves") ms"
