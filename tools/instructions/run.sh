#!/bin/bash
# Instructions (callgrind) of the core's real path, this tree against another revision: reading the
# examples, the 10,000-placeholder grid's first frame and shimmer, the feed's shimmer, a fling over
# 100,000 rows, the maps sheet dragged (tools/instructions/main.swift, on this tree's
# Benchmarks/SessionTicks/Scenes.swift for both builds). Timings on the shared
# 2-core machine swing 2–5× with the other engineers' builds; instruction counts do not.
# usage: tools/instructions/run.sh [BASE_REVISION]   (default: origin/main, else HEAD~1)
set -euo pipefail
cd "$(dirname "$0")/../.."
base=${1:-$(git rev-parse --verify -q origin/main || git rev-parse HEAD~1)}
out=.build/instructions
mkdir -p "$out"

build() {  # build SOURCE_TREE DIR: a release VeilCore (as Package.swift builds it for release) and the cases
  swiftc -parse-as-library -O -wmo -swift-version 6 -enforce-exclusivity=unchecked -module-name VeilCore -emit-module \
    -emit-module-path "$2/VeilCore.swiftmodule" -emit-object -o "$2/VeilCore.o" $(find "$1/Sources/VeilCore" -name '*.swift')
  swiftc -O -I "$2" tools/instructions/main.swift "$PWD/Benchmarks/Benchmarks/SessionTicks/Scenes.swift" \
    "$2/VeilCore.o" -o "$2/cases"
}

rm -rf "$out/base-tree" && git worktree prune
git worktree add --detach "$out/base-tree" "$base" >/dev/null
trap 'git worktree remove --force "$out/base-tree"' EXIT
mkdir -p "$out/base" "$out/this"
echo "building $(git rev-parse --short "$base") and this tree…"
build "$out/base-tree" "$out/base"
build . "$out/this"

count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" "$2" 2>&1 | awk '/Collected/ {print $4}'; }
printf "%-14s %15s %15s %7s\n" case "base $(git rev-parse --short "$base")" "this tree" ratio
for c in ${CASES:-read grid-first grid-sliding feed fling sheet moving}; do
  b=$(count "$out/base/cases" $c); n=$(count "$out/this/cases" $c)
  printf "%-14s %15s %15s %7s\n" $c $b $n "$(python3 -c "print('%.3f' % ($n / $b))")"
done
