#!/usr/bin/env python3
"""Which functions the Swift optimizer copies into the most places, for veil.wasm's size.

usage: inlining-report.py LOG [--top N] [--all]

LOG is what `swiftc … -Xllvm -sil-print-inlining-callee=true` printed while compiling VeilCore the
way `make wasm` does (`make wasm-inlining` writes it and runs this). Each "PerfInliner will inline
CALLEE into CALLER" line is one copy of CALLEE's body; the body follows it in the log. The ranking
is (copies − 1) × the body's SIL instructions: roughly what an `@inline(never)` on CALLEE could save.
Only the core's own functions are listed unless --all is given (the standard library's array
subscripts and iterators are copied everywhere, and nothing in the core can change that).

The figure is a proxy: SIL instructions are not bytes, and a copy can shrink once optimized into
its caller. Measure each change with `make wasm`; `ScrollMotion.state(at:)`, copied into every
offset read, was 12.7 KB of the module.
"""
import re
import subprocess
import sys
from collections import Counter

INLINED = re.compile(r"  (EarlyPerfInliner|PerfInliner|MandatoryInlining) will inline (\S+) into (\S+)\.$")
INSTRUCTION = re.compile(
    r"\s+%\d+ = |\s+(store|br|cond_br|return|switch_enum|strong_|retain|release|copy_addr|"
    r"destroy_addr|apply|try_apply|throw)\b")


def rank(log):
    copies = Counter()
    size = {}
    current, count = None, 0
    with open(log, errors="replace") as lines:
        for line in lines:
            match = INLINED.match(line)
            if match:
                if current and current not in size:
                    size[current] = count
                kind, callee, _ = match.groups()
                # Mandatory inlining is transparent and @inline(__always) code: not a choice to undo.
                current = None if kind == "MandatoryInlining" else callee
                if current:
                    copies[callee] += 1
                count = 0
            elif current and INSTRUCTION.match(line):
                count += 1
    if current and current not in size:
        size[current] = count
    return sorted((((n - 1) * size.get(c, 0), n, size.get(c, 0), c) for c, n in copies.items()), reverse=True)


def main():
    args = sys.argv[1:]
    if not args:
        raise SystemExit(__doc__)
    top = int(args[args.index("--top") + 1]) if "--top" in args else 40
    rows = rank(args[0])
    if "--all" not in args:
        rows = [r for r in rows if "VeilCore" in r[3]]
    rows = rows[:top]
    names = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(r[3] for r in rows),
                           capture_output=True, text=True).stdout.split("\n")
    print("%8s %6s %6s  %s" % ("score", "copies", "SIL", "function (score = (copies - 1) x SIL instructions)"))
    for (score, n, instructions, _), name in zip(rows, names):
        print("%8d %6d %6d  %s" % (score, n, instructions, name[:150]))


if __name__ == "__main__":
    main()
