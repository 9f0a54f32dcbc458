#!/usr/bin/env python3
"""Attributes veil.wasm code size to functions and source areas.

usage: size-report.py MODULE.wasm SYMBOLMAP [--top N] [--area AREA]

MODULE is the optimized module (as shipped, names stripped); SYMBOLMAP is the `index:name` file that
`wasm-opt --symbolmap` wrote while producing it (make wasm-map does both). Names are demangled with
`swift demangle` and grouped by the area of the core they come from.
"""
import subprocess
import sys
from collections import defaultdict


def leb(data, pos):
    result = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return result, pos


def sections(data):
    pos = 8
    while pos < len(data):
        sid = data[pos]
        size, body = leb(data, pos + 1)
        yield sid, data[body:body + size]
        pos = body + size


def function_sizes(data):
    """Body sizes of the defined functions, indexed by function index (imports first)."""
    imported = 0
    sizes = []
    section_sizes = {}
    for sid, body in sections(data):
        section_sizes[sid] = len(body)
        if sid == 2:  # imports
            count, pos = leb(body, 0)
            for _ in range(count):
                for _ in range(2):
                    n, pos = leb(body, pos)
                    pos += n
                kind = body[pos]
                pos += 1
                if kind == 0:
                    imported += 1
                    _, pos = leb(body, pos)
                else:  # not expected in veil.wasm
                    raise SystemExit("unsupported import kind %d" % kind)
        if sid == 10:  # code
            count, pos = leb(body, 0)
            for _ in range(count):
                size, start = leb(body, pos)
                sizes.append(start - pos + size)
                pos = start + size
    return imported, sizes, section_sizes


AREAS = [
    # (area, substrings of the demangled name), first match wins
    ("wasm exports", ["veil_", "VeilWasm", "Exports"]),
    ("reader", ["ReaderContext", "SceneReader", "JSONParser", "JSONValue", "JSONMember", "Keys.",
                "Field<", "Variant<", "Choice<", "initialization function for fields", "ColorParsing", "Bounds", "SceneError", "Reader"]),
    ("patch/wire", ["WireEncoder", "WireDecoder", "ItemFields", "Differ", "FrameMirror", "PatchApply",
                    "ByteSink", "ByteReader", "FrameCoding", "PatchStream", "Patch", "IdIndex"]),
    ("skeleton", ["Skeleton"]),
    ("components", ["StatusView", "Status", "Overlays", "Spinner", "Sheet", "Refresh", "Scroll", "LoadMore",
                    "Components"]),
    ("layout", ["Layout", "Intrinsic"]),
    ("text", ["TextLayout", "FontMetrics", "InterWidths", "ScalarText", "TextBytes"]),
    ("renderer", ["RenderPass", "Renderer", "Frame", "Paint", "Item", "SVGExport"]),
    ("session", ["Session", "Interaction", "StreamRunner", "Command", "InputEvent", "HostEvent", "Gesture",
                 "Accessibility", "ScheduledActions", "TimedAction"]),
    ("scene model", ["Scene", "Node", "ListSection", "ListDraft", "ListStyle", "Label", "Button",
                     "Stack", "Image"]),
    ("motion/math", ["Motion", "Timing", "Spring", "Math", "exp(", "sin(", "cos("]),
    ("stdlib Dictionary/Set/hash", ["Dictionary", "Set", "Hasher", "hash", "SipHash"]),
    ("stdlib String", ["String", "Character", "Unicode", "UTF8", "UTF16", "_print", "print"]),
    ("stdlib Array/sort", ["Array", "ContiguousArray", "_stableSort", "Sort", "sort", "Buffer"]),
    ("swift runtime", ["swift_", "_swift", "Embedded"]),
    ("libc malloc", ["malloc", "free", "dispose_chunk", "sbrk", "memalign", "realloc", "calloc"]),
    ("libc/builtins", ["mem", "__", "round", "fmod", "fma", "sqrt"]),
]


def area_of(name):
    for area, keys in AREAS:
        if any(k in name for k in keys):
            return area
    return "other"


def main():
    args = sys.argv[1:]
    top = 40
    only = None
    if "--top" in args:
        i = args.index("--top")
        top = int(args[i + 1])
        del args[i:i + 2]
    if "--area" in args:
        i = args.index("--area")
        only = args[i + 1]
        del args[i:i + 2]
    module, symbolmap = args
    data = open(module, "rb").read()
    imported, sizes, section_sizes = function_sizes(data)
    names = {}
    for line in open(symbolmap):
        index, _, name = line.rstrip("\n").partition(":")
        names[int(index)] = name
    mangled = [names.get(imported + i, "func%d" % (imported + i)) for i in range(len(sizes))]
    # Embedded Swift mangles with $e; swift demangle wants $s.
    query = "\n".join("$s" + m[2:] if m.startswith("$e") else m for m in mangled)
    demangled = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input=query,
                               capture_output=True, text=True, check=True).stdout.split("\n")
    rows = [(sizes[i], area_of(demangled[i]), demangled[i]) for i in range(len(sizes))]

    total = len(data)
    code = section_sizes.get(10, 0)
    print("module %d bytes; code %d, data %d, other sections %d; %d functions" % (
        total, code, section_sizes.get(11, 0), total - code - section_sizes.get(11, 0), len(sizes)))
    by_area = defaultdict(lambda: [0, 0])
    for size, area, _ in rows:
        by_area[area][0] += size
        by_area[area][1] += 1
    print("\n%-28s %8s %6s %5s" % ("area", "bytes", "code%", "funcs"))
    for area, (size, count) in sorted(by_area.items(), key=lambda kv: -kv[1][0]):
        print("%-28s %8d %5.1f%% %5d" % (area, size, 100.0 * size / code, count))
    # Generic specializations: the same unspecialized name many times.
    groups = defaultdict(lambda: [0, 0])
    for size, _, name in rows:
        key = name.replace("specialized ", "")
        groups[key][0] += size
        groups[key][1] += 1
    print("\nrepeated functions (specializations, outlined copies), total bytes:")
    for key, (size, count) in sorted(groups.items(), key=lambda kv: -kv[1][0])[:top]:
        if count > 1:
            print("%8d x%-3d %s" % (size, count, key[:150]))
    print("\nlargest functions%s:" % ("" if only is None else " in " + only))
    shown = 0
    for size, area, name in sorted(rows, key=lambda r: -r[0]):
        if only is not None and area != only:
            continue
        print("%8d  %-14s %s" % (size, area[:14], name[:150]))
        shown += 1
        if shown >= top:
            break


if __name__ == "__main__":
    main()
