#!/usr/bin/env bash
# `make bench-server BASE=REV`: the server's cost per message, this tree against revision REV, in
# one window — as `make bench-instructions BASE=` does for the core. Builds REV's `veil` (release)
# in a worktree, then for each of ROUNDS rounds starts each server in turn on the same scenes and
# drives it with this tree's load generator: SESSIONS private sessions of a scene that changes
# every frame (moving_scene.py, a timeline both revisions play alike) for SECONDS s. Prints, per
# round and server, the server's CPU per 1,000 messages and the p50/p99 frame lateness; alternating
# the two in one window keeps a shared machine's load out of the ratio.
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
trap '[ -n "$server" ] && kill $server 2>/dev/null; wait 2>/dev/null; rm -rf "$scenes" "$out/log"; git worktree remove --force "$out/base-tree"' EXIT
echo "building veil at $rev (release, in $out) and this tree…"
(cd "$out/base-tree" && "$SWIFT" build -c release --product veil --scratch-path "$PWD/../base-build" >/dev/null)
"$SWIFT" build -c release --product veil >/dev/null
cc -O2 -Wall -o "$out/veil_load" Benchmarks/server/veil_load.c
python3 Benchmarks/server/moving_scene.py >"$scenes/moving.json"

# run VEIL: one load on a fresh server; prints veil_load's line.
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
  "$out/veil_load" frames "$port" "$server" moving "$SESSIONS" "$SECONDS_PER_RUN"
  kill "$server"; wait "$server" 2>/dev/null || true; server=""
}
field() { sed -n "s/.*$1=\([0-9.-]*\).*/\1/p" <<<"$2"; }

printf "%-6s %-12s %22s %16s %16s\n" round server "CPU ms / 1,000 msgs" "lateness p50 ms" "lateness p99 ms"
for round in $(seq "$ROUNDS"); do
  for which in base this; do
    if [ "$which" = base ]; then veil="$out/base-build/release/veil"; name="$rev"; else veil=.build/release/veil; name="this tree"; fi
    line=$(run "$veil")
    printf "%-6s %-12s %22s %16s %16s\n" "$round" "$name" "$(field cpu_ms_per_1000_messages "$line")" \
      "$(field lateness_p50_ms "$line")" "$(field lateness_p99_ms "$line")"
  done
done
echo "($SESSIONS private sessions of a scene changing every frame, $SECONDS_PER_RUN s each; load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores)"
