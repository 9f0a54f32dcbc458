#!/usr/bin/env python3
"""The README's picture cannot go stale: docs/front.svg is regenerated from the demo scenes
(tools/readme/picture.py: `veil render` of feed, maps and inbox at chosen times) and must equal the
committed file byte for byte; README.md must show it.

    swift build --product veil && python3 Tests/cli/test_readme_picture.py [path/to/veil]
Ends with a line "N passed, N failed"; exits 1 on failure.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VEIL = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.environ.get("VEIL") or os.environ.get("VEIL_BIN") or os.path.join(ROOT, ".build/debug/veil"))
PICTURE = os.path.join(ROOT, "docs", "front.svg")
REGENERATE = "regenerate it with `make readme-picture` (tools/readme/picture.py) and commit docs/front.svg"


def check_picture(work):
    fresh = os.path.join(work, "front.svg")
    process = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "readme", "picture.py"), VEIL, fresh],
                             capture_output=True, text=True, timeout=600)
    if process.returncode != 0:
        return f"tools/readme/picture.py failed: {(process.stdout + process.stderr).strip()[-800:]}"
    if not os.path.exists(PICTURE):
        return f"docs/front.svg is missing: {REGENERATE}"
    with open(fresh, "rb") as f:
        new = f.read()
    with open(PICTURE, "rb") as f:
        old = f.read()
    if new != old:
        at = next((i for i in range(min(len(new), len(old))) if new[i] != old[i]), min(len(new), len(old)))
        line = old[:at].count(b"\n") + 1
        return (f"docs/front.svg differs from what the scenes draw now ({len(old)} bytes committed, {len(new)} "
                f"regenerated, first difference on line {line}): {REGENERATE}")
    return None


def check_readme():
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    top = text.split("\n## ", 1)[0]
    if not re.search(r"!\[[^\]]*\]\(docs/front\.svg\)", top):
        return "README.md does not show docs/front.svg before its first section"
    return None


def main():
    if not os.access(VEIL, os.X_OK):
        print(f"veil binary not found at {VEIL} (build it: swift build --product veil)")
        print("0 passed, 1 failed")
        return 1
    work = tempfile.mkdtemp(prefix="veil-readme-")
    passed = failed = 0
    try:
        for label, error in (("docs/front.svg is what the scenes draw", check_picture(work)),
                             ("README.md shows docs/front.svg at its top", check_readme())):
            if error is None:
                passed += 1
                print(f"ok   {label}")
            else:
                failed += 1
                print(f"FAIL {label}: {error}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
