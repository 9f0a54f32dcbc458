#!/usr/bin/env python3
"""Every path of this repository that the docs or the code's comments name exists.

Read: README.md and docs/*.md (all of their text), and the comments (`//`, `///`, `/* … */`) of
Sources/ (Swift, C), Web/ (JS, .d.ts) and the Swift and JS tests. A path is either rooted — it
starts with `Web/`, `Sources/`, `Tests/`, `Benchmarks/` or `tools/` — and is looked up from the
repository's root, or bare — a folder of Sources/VeilCore/ then a `.swift` file (`Session/Limits.swift`,
`Components/Skeleton/SkeletonLook.swift`) — and is looked up in Sources/VeilCore/. `*` globs;
a component in capitals (`TARGET`, `NAME`) is a placeholder and the path is not looked up; so
is a user's own package in docs/TESTING.md ("In Swift": `Tests/MyScenesTests/…`).

    python3 Tests/docs/paths_test.py
Names each stale path with its file and line; exits 1 when there is one.
"""

import glob
import os
import re
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORE = os.path.join(ROOT, "Sources", "VeilCore")
CORE_FOLDERS = sorted(d for d in os.listdir(CORE) if os.path.isdir(os.path.join(CORE, d)))

ROOTED = re.compile(r"(?<![\w./-])((?:Web|Sources|Tests|Benchmarks|tools)/[\w./*+-]*)")
BARE = re.compile(r"(?<![\w./-])((?:%s)/[\w/+-]*\.swift)\b" % "|".join(CORE_FOLDERS))
PLACEHOLDER = re.compile(r"(^|/)[A-Z][A-Z_]+(/|\.|$)")
NOT_OURS = ("Tests/MyScenesTests/",)  # docs/TESTING.md's example package, made in a temporary folder
COMMENT = re.compile(r'"(?:\\.|[^"\\\n])*"|/\*.*?\*/|//[^\n]*', re.S)


def stale_paths(text):
    """The paths named in `text` that do not exist, each with its offset in `text`."""
    found = []
    for pattern, base in ((ROOTED, ROOT), (BARE, CORE)):
        for m in pattern.finditer(text):
            path = m.group(1).rstrip(".")
            if PLACEHOLDER.search(path) or path.startswith(NOT_OURS):
                continue
            if not glob.glob(os.path.join(base, path)):
                found.append((m.start(1), path))
    return found


def comments(text):
    """Each comment of a C-family source (strings skipped, so `"http://…"` is none), with its offset."""
    return [(m.start(), m.group()) for m in COMMENT.finditer(text) if not m.group().startswith('"')]


def documents():
    return [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))


def sources():
    files = []
    for pattern in ("Sources/**/*.swift", "Sources/**/*.h", "Sources/**/*.c", "Web/**/*.js", "Web/**/*.ts",
                    "Tests/**/*.swift", "Tests/**/*.mjs", "Tests/**/*.ts"):
        files += glob.glob(os.path.join(ROOT, pattern), recursive=True)
    return sorted(files)


def stale_in_repository():
    """'file:line: path' for every stale path named in the docs and the sources' comments."""
    out = []

    def report(file, text, offset, path):
        line = text.count("\n", 0, offset) + 1
        out.append("%s:%d: %s" % (os.path.relpath(file, ROOT), line, path))

    for file in documents():
        with open(file, encoding="utf-8") as f:
            text = f.read()
        for offset, path in stale_paths(text):
            report(file, text, offset, path)
    for file in sources():
        with open(file, encoding="utf-8") as f:
            text = f.read()
        for start, comment in comments(text):
            for offset, path in stale_paths(comment):
                report(file, text, start + offset, path)
    return out


class Paths(unittest.TestCase):
    def test_every_named_path_exists(self):
        stale = stale_in_repository()
        self.assertEqual(stale, [], "paths named that do not exist:\n" + "\n".join(stale))

    def test_the_rule_finds_a_stale_path(self):
        text = ("as Web/loadmore.js does (Session/ReducedMotion.swift, Tests/VeilCoreTests/HostileInputTests.swift); "
                "Web/scroller.js, Session/Limits.swift, Tests/VeilCoreTests/Reader/HostileInputTests.swift, "
                "Sources/VeilCore/Patch/*, Tests/browser/…, Tests/Fuzz/regressions/TARGET/.")
        self.assertEqual([p for _, p in stale_paths(text)],
                         ["Web/loadmore.js", "Tests/VeilCoreTests/HostileInputTests.swift", "Session/ReducedMotion.swift"])

    def test_paths_in_comments_are_read_and_strings_are_not(self):
        source = 'let url = "http://x/Web/gone.js" // see Web/gone.js\n/** Sources/Gone.swift */\n'
        self.assertEqual([p for _, c in comments(source) for _, p in stale_paths(c)],
                         ["Web/gone.js", "Sources/Gone.swift"])


if __name__ == "__main__":
    unittest.main()
