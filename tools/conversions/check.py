#!/usr/bin/env python3
"""Fails when VeilCore converts a floating-point value to an integer with a conversion that can trap.

`Int(someDouble)` traps on NaN, infinities and out-of-range values, and `Int` is 32 bits in veil.wasm,
so such a conversion can crash one host on a scene the other runs. The core has one checked
conversion (Sources/VeilCore/Support/CheckedConversion.swift); this check compiles VeilCore to SIL
exactly as veil.wasm sees it (Embedded, wasm32, unoptimized so no site is folded away) and lists every
function that still contains the standard library's trapping conversion, whose failure message
("... value cannot be converted to ...") SIL keeps. Types decide, not spelling: no grep can miss one.

Usage: tools/conversions/check.py [swiftc]   (from the repository root)
"""
import pathlib, re, subprocess, sys, tempfile

swiftc = sys.argv[1] if len(sys.argv) > 1 else "swiftc"
sources = sorted(str(p) for p in pathlib.Path("Sources/VeilCore").rglob("*.swift"))
with tempfile.TemporaryDirectory() as tmp:
    sil = pathlib.Path(tmp) / "VeilCore.sil"
    subprocess.run([swiftc, "-emit-sil", "-Onone", "-wmo", "-parse-as-library", "-swift-version", "6",
                    "-module-name", "VeilCore", "-target", "wasm32-unknown-none-wasm",
                    "-enable-experimental-feature", "Embedded", "-enable-experimental-feature", "Extern",
                    *sources, "-o", str(sil)], check=True)
    offenders, function = {}, None
    for line in sil.read_text().splitlines():
        m = re.match(r"sil .*?@(\S+) :", line)
        if m:
            function = m.group(1)
        elif "value cannot be converted to" in line and function:
            offenders.setdefault(function, re.search(r'"([^"]*)"', line).group(1))

if not offenders:
    print("conversions: every floating-point to integer conversion in VeilCore is checked")
    sys.exit(0)
names = subprocess.run([swiftc.replace("swiftc", "swift-demangle") if "/" in swiftc else "swift-demangle",
                        "--simplified"], input="\n".join(offenders), capture_output=True, text=True).stdout.split("\n")
print(f"conversions: {len(offenders)} function(s) in VeilCore convert a floating-point value with a "
      "conversion that traps; use `Int.clamped(_:)` / `T.clamped(_:to:)` (Support/CheckedConversion.swift):")
for (mangled, message), name in zip(offenders.items(), names):
    print(f"  {name or mangled}: {message}")
sys.exit(1)
