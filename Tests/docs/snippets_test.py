#!/usr/bin/env python3
"""Every code block of README.md and docs/*.md that a user would paste runs, as written.

A fenced block with a language is code a user may paste; one without (formats, transcripts, trees)
is not. Each code block runs here by its language, unless the HTML comment on the line before it
says otherwise:

- `json`: a scene (an object with "root") goes through `veil check`; a command or a timed action
  runs against the scene a `<!-- snippet: on examples/NAME.json -->` comment names (`veil stream`
  with it as an events line at t = 0.5; the session must take it).
- `js`: runs in node as an ES module from the repository's root; the `// …` lines right after a
  `console.log(…)` are output it must print.
- `swift`: `<!-- snippet: package -->` is a Package.swift and `<!-- snippet: package-file PATH -->`
  a file of that package: the package is made in a temporary folder beside a link to this
  repository named as the dependency's path says, with the scene files its test names copied from
  examples/, and `swift test` runs twice (recording, then comparing) with no warning about files.
- `<!-- snippet: browser — TEST -->`: run in Chromium by that test (Tests/browser/); checked to exist
  and to name the document.
- `<!-- snippet: skip — REASON -->`: not run, for the reason given (say it).

    swift build --product veil && python3 Tests/docs/snippets_test.py [path/to/veil]
Ends with a line "N passed, N failed"; exits 1 on failure.
"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VEIL = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.environ.get("VEIL") or os.environ.get("VEIL_BIN") or os.path.join(ROOT, ".build/debug/veil"))
SWIFT = os.environ.get("SWIFT", "swift")


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def blocks():
    """(document, line, language, marker, text) for every fenced block with a language."""
    found = []
    for document in ["README.md"] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md"))):
        path = document if os.path.isabs(document) else os.path.join(ROOT, document)
        lines = open(path, encoding="utf-8").read().split("\n")
        i = 0
        while i < len(lines):
            if lines[i].startswith("```"):
                language = lines[i][3:].strip()
                end = i + 1
                while not lines[end].startswith("```"):
                    end += 1
                marker = re.match(r"<!-- snippet: (.*?) -->", lines[i - 1].strip()) if i > 0 else None
                if language:
                    found.append((os.path.relpath(path, ROOT), i + 1, language, marker.group(1) if marker else "",
                                  "\n".join(lines[i + 1:end]) + "\n"))
                i = end
            i += 1
    return found


def run(args, cwd, timeout=600, env=None):
    process = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)
    return process.returncode, process.stdout, process.stderr


def run_json(text, marker, work):
    # One value, or several one after the other (an events file, commands a line each).
    values, decoder, at = [], json.JSONDecoder(), 0
    while text[at:].strip():
        at += len(text[at:]) - len(text[at:].lstrip())
        value, at = decoder.raw_decode(text, at)
        values.append(value)
    for value in values:
        run_value(value, json.dumps(value), marker, work)


def run_value(value, text, marker, work):
    if isinstance(value, dict) and "root" in value:
        path = os.path.join(work, "scene.json")
        with open(path, "w") as f:
            f.write(text)
        code, _, err = run([VEIL, "check", path], work)
        check(code == 0, f"veil check: {err}")
        return
    on = re.match(r"on (\S+)", marker)
    check(on, "a command or action needs <!-- snippet: on examples/NAME.json --> before it")
    line = value if "t" in value and ("command" in value or "input" in value) else {"t": 0.5, "command": value}
    events = os.path.join(work, "snippet.events.jsonl")
    with open(events, "w") as f:
        f.write(json.dumps(line) + "\n")
    code, _, err = run([VEIL, "stream", os.path.join(ROOT, on.group(1)), "--events", events, "--duration", "1",
                        "--fps", "10", "--out", os.path.join(work, "out.stream")], work)
    check(code == 0, f"the session refuses it: {err}")


def run_js(text):
    code, out, err = run(["node", "--input-type=module", "-e", text], ROOT, timeout=120)
    check(code == 0, f"node: {err[-800:]}")
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if "console.log(" not in line:
            continue
        for expected in lines[i + 1:]:
            if not expected.strip().startswith("//"):
                break
            wanted = expected.strip()[2:].strip()
            check(wanted in out, f"printed {out!r}, not {wanted!r}")


def run_package(package, files, work):
    dependency = re.search(r'\.package\(path: "([^"]+)"\)', package)
    check(dependency, "the package names Veil by path")
    project = os.path.join(work, "project")
    os.makedirs(project)
    os.symlink(ROOT, os.path.normpath(os.path.join(project, dependency.group(1))))
    with open(os.path.join(project, "Package.swift"), "w") as f:
        f.write(package)
    for path, text in files:
        full = os.path.join(project, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)
        # The scene files the test names, taken from examples/ (the doc's inbox).
        for name in re.findall(r'"([\w/.-]+\.(?:json|events\.jsonl))"', text):
            source = os.path.join(ROOT, "examples", os.path.basename(name))
            os.makedirs(os.path.join(os.path.dirname(full), os.path.dirname(name)), exist_ok=True)
            if os.path.exists(source):
                shutil.copy(source, os.path.join(os.path.dirname(full), name))
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "VEIL_RECORD")}
    code, out, err = run([SWIFT, "test"], project, timeout=900, env=env)
    check(code == 0, f"swift test (recording): {(out + err)[-1500:]}")
    check("unhandled" not in out + err, f"SwiftPM warns of unhandled files: {(out + err)[-800:]}")
    check("recorded" in out + err, f"the first run records the stream: {(out + err)[-800:]}")
    env["CI"] = "true"
    code, out, err = run([SWIFT, "test"], project, timeout=900, env=env)
    check(code == 0, f"swift test (comparing, CI set): {(out + err)[-1500:]}")


def main():
    if not os.access(VEIL, os.X_OK):
        print(f"veil binary not found at {VEIL} (build it: swift build --product veil)")
        print("0 passed, 1 failed")
        return 1
    passed = failed = 0
    package, package_files, package_place = None, [], None

    def report(place, error):
        nonlocal passed, failed
        if error is None:
            passed += 1
            print(f"ok   {place}")
        else:
            failed += 1
            print(f"FAIL {place}: {error}")

    for document, line, language, marker, text in blocks():
        place = f"{document}:{line} ({language})"
        if marker.startswith("skip"):
            report(place + " skipped", None if re.match(r"skip\s*[—-]\s*\S", marker) else "a skip must say why")
            continue
        if marker.startswith("browser"):
            test = re.search(r"(Tests/browser/\S+\.py)", marker)
            ok = test and os.path.exists(os.path.join(ROOT, test.group(1))) and \
                os.path.basename(document) in open(os.path.join(ROOT, test.group(1))).read()
            report(place + " in the browser", None if ok else f"{marker}: no such browser test naming {document}")
            continue
        if marker == "package":
            package, package_place = text, place
            continue
        if marker.startswith("package-file"):
            package_files.append((marker.split()[1], text))
            continue
        work = tempfile.mkdtemp(prefix="veil-snippet-")
        try:
            if language == "json":
                run_json(text, marker, work)
            elif language == "js":
                run_js(text)
            else:
                raise Failure(f"no runner for {language}: mark it <!-- snippet: skip — why --> or add one")
            report(place, None)
        except (Failure, ValueError, subprocess.TimeoutExpired, OSError) as error:
            report(place, error)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    if package is not None:
        work = tempfile.mkdtemp(prefix="veil-package-")
        try:
            run_package(package, package_files, work)
            report(package_place + " with its test", None)
        except (Failure, subprocess.TimeoutExpired, OSError) as error:
            report(package_place + " with its test", error)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
