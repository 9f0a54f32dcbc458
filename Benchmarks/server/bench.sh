#!/usr/bin/env bash
# `make bench-server`: the figures of docs/SERVER.md, "Figures". Starts `veil serve` (release) on
# Benchmarks/server/, drives it with veil_load (C, raw sockets, loopback) and prints:
#   the largest number of private sessions of a scene that changes every frame (moving: a bar that
#   grows 1 pt a frame for 10 s) at 60 fps with p99 frame lateness under 10 ms, the server's CPU
#   per 1,000 messages and resident memory per session there, and the input → patch round trip
#   (p50/p99) on a still scene; memory per session with permessage-deflate; the largest shared room
#   at 60 fps under the same lateness bound; and what shimmering skeletons cost (skeleton: its light
#   is declared once, so after the fade-in nothing is sent): messages and server CPU per
#   session-second for 1,000 private sessions and for one room of 5,000 viewers.
set -euo pipefail
VEIL=${1:?usage: bench.sh VEIL VEIL_LOAD}
LOAD=${2:?usage: bench.sh VEIL VEIL_LOAD}
SECONDS_PER_STEP=${SECONDS_PER_STEP:-3}
STEPS=${STEPS:-"100 200 300 400 500 600 800 1000 1200 1500 2000 3000"}
ROOM_STEPS=${ROOM_STEPS:-"250 500 750 1000 1500 2000 3000 5000"}
MEMORY_SESSIONS=${MEMORY_SESSIONS:-1000}
# More options for `veil serve`, for comparisons (e.g. SERVE_ARGS="--event-loop poll").
SERVE_ARGS=${SERVE_ARGS:-}
ulimit -n "$(ulimit -Hn)"

log=$(mktemp)
# The scenes, copied to a folder of their own: the save figure rewrites one of them.
scenes=$(mktemp -d)
cp "$(dirname "$0")"/*.json "$scenes"/
cp "$scenes/still.json" "$scenes/saved.json"
# A scene that changes every frame for 10 s (moving_scene.py): the per-frame figures.
python3 "$(dirname "$0")/moving_scene.py" >"$scenes/moving.json"
server=""
trap '[ -n "$server" ] && kill $server 2>/dev/null; wait 2>/dev/null; rm -rf "$log" "$log.out" "$scenes"' EXIT

# Starts a fresh server (sets $server and $port).
start() {
  "$VEIL" serve "$scenes" --port 0 --max-connections 10000 --max-connections-per-client 10000 --max-parked-per-client 10000 --max-room-viewers 10000 --idle-timeout 3600 $SERVE_ARGS \
    >"$log.out" 2>"$log" &
  server=$!
  for _ in $(seq 50); do grep -q "Veil preview" "$log.out" 2>/dev/null && break; sleep 0.1; done
  port=$(sed -n 's|Veil preview: http://127.0.0.1:\([0-9]*\)/|\1|p' "$log.out")
  [ -n "$port" ] || { echo "bench-server: the server did not start"; cat "$log"; exit 1; }
}
stop() { kill "$server"; wait "$server" 2>/dev/null || true; server=""; }

# Memory on fresh servers (later steps reuse what the allocator already holds): without, then
# with permessage-deflate (the load generator offers it; the server accepts by default).
start
memory=$("$LOAD" frames "$port" "$server" skeleton "$MEMORY_SESSIONS" 1)
echo "  memory: $memory"
stop
start
memory_deflate=$(VEIL_LOAD_DEFLATE=1 "$LOAD" frames "$port" "$server" skeleton "$MEMORY_SESSIONS" 1)
echo "  memory with permessage-deflate: $memory_deflate"
stop
start
# Then more and more sessions; the machine may be shared, so one step over the bound is not the
# end: a ramp stops after two in a row. `ramp LABEL SCENE PAUSE STEPS…` prints each step and sets
# `ramp_best` to the largest step's line with p99 lateness under 10 ms (SCENE may hold `%n`, the step).
ramp() {
  local label=$1 scene=$2 pause=$3 misses=0 n line p99
  shift 3
  ramp_best=""
  for n in "$@"; do
    line=$("$LOAD" frames "$port" "$server" "${scene//%n/$n}" "$n" "$SECONDS_PER_STEP") || { echo "  $label $n: the load generator failed"; break; }
    echo "  $label$line"
    p99=$(sed -n 's/.*lateness_p99_ms=\([0-9.-]*\).*/\1/p' <<<"$line")
    if awk -v p="$p99" 'BEGIN { exit !(p < 10) }'; then ramp_best=$line misses=0; else misses=$((misses + 1)); fi
    [ "$misses" -ge 2 ] && break
    sleep "$pause"
  done
}
# shellcheck disable=SC2086  # the steps are words
ramp "" moving 1 $STEPS
best=$ramp_best
# One shared room: every viewer gets the same bytes of one session (a new room per step).
# shellcheck disable=SC2086
ramp "room: " "moving&room=bench%n" 2 $ROOM_STEPS
room_best=$ramp_best
# Shimmering skeletons, left alone: what the server spends on them.
idle=$("$LOAD" frames "$port" "$server" skeleton 1000 "$SECONDS_PER_STEP")
echo "  shimmering, private:$idle"
idle_room=$("$LOAD" frames "$port" "$server" "skeleton&room=shimmer" 5000 "$SECONDS_PER_STEP")
echo "  shimmering, room:$idle_room"
rtt=$("$LOAD" rtt "$port" still 2000)
saves=$("$LOAD" save "$port" saved "$scenes/saved.json" 100)

field() { sed -n "s/.*$1=\([0-9.-]*\).*/\1/p" <<<"$2"; }
echo
if [ -n "$best" ]; then
  echo "private sessions changing every frame at 60 fps with p99 lateness < 10 ms: $(field connections "$best") (p99 $(field lateness_p99_ms "$best") ms)"
  echo "server CPU per 1,000 messages there: $(field cpu_ms_per_1000_messages "$best") ms ($(field user_ms_per_1000 "$best") ms user, $(field system_ms_per_1000 "$best") ms system)"

else
  echo "private sessions changing every frame at 60 fps with p99 lateness < 10 ms: none of the steps ($STEPS)"
fi
if [ -n "$room_best" ]; then
  echo "viewers of one shared room at 60 fps with p99 lateness < 10 ms: $(field connections "$room_best") (p99 $(field lateness_p99_ms "$room_best") ms, $(field messages_per_s "$room_best") messages/s, server CPU per 1,000 messages $(field cpu_ms_per_1000_messages "$room_best") ms)"
else
  echo "viewers of one shared room at 60 fps with p99 lateness < 10 ms: none of the steps ($ROOM_STEPS)"
fi
echo "1,000 private shimmering skeletons: $(field messages_per_s "$idle") messages/s, server CPU $(field cpu_ms_per_session_s "$idle") ms per session-second"
echo "one room of 5,000 viewers of a shimmering skeleton: $(field messages_per_s "$idle_room") messages/s, server CPU $(field cpu_ms_per_session_s "$idle_room") ms per viewer-second"
echo "server memory per session ($MEMORY_SESSIONS sessions on a fresh server, no permessage-deflate): $(field rss_kb_per_session "$memory") KB"
echo "server memory per session ($MEMORY_SESSIONS sessions on a fresh server, permessage-deflate): $(field rss_kb_per_session "$memory_deflate") KB"
echo "load average while measuring: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores (the machine may be shared)"
echo "input → patch round trip on loopback: p50 $(field rtt_p50_ms "$rtt") ms, p99 $(field rtt_p99_ms "$rtt") ms"
echo "scene file saved → patch at a viewer: p50 $(field save_p50_ms "$saves") ms, p99 $(field save_p99_ms "$saves") ms"
