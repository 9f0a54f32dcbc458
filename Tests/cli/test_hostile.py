#!/usr/bin/env python3
"""Hostile scenes at the command line (issue 20): what once crashed or stalled `veil` now runs, and
its work stays linear.

- A scene `veil check` accepts never crashes `veil stream` or `veil render` (a row height of 1e-20
  once converted an unbounded Double to Int).
- A custom refresh view of thousands of labels with a change per label per state reads, and is
  pulled, in work linear in the labels: counted in instructions by valgrind's callgrind (the same
  count on a busy or an idle machine), not timed.
- `veil check` plays the timeline in time order, as `veil stream` does; the events file's order
  error points at the "t".

    swift build --product veil && python3 Tests/cli/test_hostile.py [path/to/veil]
Ends with a line "N passed, N failed"; exits 1 on failure.
"""

import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_cli as cli  # the binary, the scratch folder, check, veil, write and the runner
from test_cli import check, veil, write


TINY_ROWS = '{"root": {"type": "list", "id": "L", "rowCount": 10, "rowHeight": 1e-20, "row": {"type": "view", "background": "#FF0000"}}}'


def test_a_row_height_of_1e_minus_20_streams_and_renders():
    scene = write("tiny.json", TINY_ROWS)
    code, _, err = veil("check", scene)
    check(code == 0, f"check refuses it: {err}")
    code, out, err = veil("stream", scene, "--duration", "1", "--fps", "30")
    check(code == 0 and len(out) > 0, f"stream: exit {code}: {err[-300:]}")
    code, out, err = veil("render", scene, "--at", "0.5", "--format", "svg")
    check(code == 0 and out.startswith(b"<svg"), f"render: exit {code}: {err[-300:]}")


def refresh_scene(labels):
    """A list whose pull-to-refresh view has `labels` labels, each changed in two states."""
    view = {"type": "view", "id": "rv", "children": [{"type": "label", "id": f"{i}", "text": "x"} for i in range(labels)]}
    states = {"pulling": {f"{i}": "p" for i in range(labels)}, "refreshing": {f"{i}": "r" for i in range(labels)}}
    return json.dumps({"root": {"type": "list", "id": "L", "rowCount": 10, "rowHeight": 44, "row": {"type": "view"},
                                "refresh": {"view": view, "states": states}}})


PULL = [{"t": 0.1, "input": {"pointer": {"phase": "down", "x": 100, "y": 100, "id": 1, "kind": "touch"}}}] + \
       [{"t": round(0.1 + k * 0.02, 3), "input": {"pointer": {"phase": "move", "x": 100, "y": 100 + k * 12, "id": 1, "kind": "touch"}}}
        for k in range(1, 20)] + \
       [{"t": 0.6, "input": {"pointer": {"phase": "up", "x": 100, "y": 340, "id": 1, "kind": "touch"}}}]


def instructions(*arguments):
    """Instructions `veil ARGUMENTS` executes, counted by callgrind."""
    process = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", cli.VEIL, *arguments],
                             capture_output=True, timeout=600, cwd=cli.WORK)
    err = process.stderr.decode("utf-8", "replace")
    check(process.returncode == 0, f"veil {' '.join(arguments)} under callgrind: exit {process.returncode}: {err[-400:]}")
    found = re.search(r"Collected : (\d+)", err)
    check(found, f"no instruction count in callgrind's output: {err[-400:]}")
    return int(found.group(1))


def test_a_big_custom_refresh_view_reads_and_pulls_in_linear_work():
    check(shutil.which("valgrind"), "valgrind is missing (make test installs it: apt-get install valgrind)")
    events = write("pull.events.jsonl", "".join(json.dumps(e) + "\n" for e in PULL))
    counts = {}
    for labels in (1000, 4000):
        scene = write(f"refresh{labels}.json", refresh_scene(labels))
        counts[labels] = instructions("stream", scene, "--events", events, "--duration", "0.8", "--fps", "30")
    ratio = counts[4000] / counts[1000]
    # Four times the labels: about four times the work when linear (sixteen when quadratic; the
    # fixed costs of starting veil pull the ratio below 4).
    check(ratio < 5.5, f"4× the labels took {ratio:.2f}× the instructions ({counts}): not linear")


def test_check_plays_the_timeline_in_time_order():
    # A push while a page still slides is refused; at t = 0.5 and t = 3 the first slide is long over,
    # so playback takes both — and so must `veil check`.
    scene = write("pages.json", json.dumps({
        "root": {"type": "view", "id": "root", "children": [
            {"type": "sheet", "id": "sheet", "anchors": ["expanded"], "children": [
                {"type": "view", "id": "p1"}, {"type": "view", "id": "p2"}, {"type": "view", "id": "p3"}]}]},
        "timeline": [{"t": 0.5, "command": {"sheet": {"node": "sheet", "push": "p2"}}},
                     {"t": 3, "command": {"sheet": {"node": "sheet", "push": "p3"}}}]}, indent=1))
    code, _, err = veil("check", scene)
    check(code == 0, f"check reports what playback never hits: {err}")
    code, _, err = veil("stream", scene, "--duration", "4", "--fps", "10")
    check(code == 0, f"stream: {err}")
    # Both pushes at once: the second is refused, at its own line.
    crowded = write("crowded.json", json.dumps({
        "root": {"type": "view", "id": "root", "children": [
            {"type": "sheet", "id": "sheet", "anchors": ["expanded"], "children": [
                {"type": "view", "id": "p1"}, {"type": "view", "id": "p2"}, {"type": "view", "id": "p3"}]}]},
        "timeline": [{"t": 0.5, "command": {"sheet": {"node": "sheet", "push": "p2"}}},
                     {"t": 0.6, "command": {"sheet": {"node": "sheet", "push": "p3"}}}]}, indent=1))
    code, _, err = veil("check", crowded)
    check(code == 1 and re.search(r"crowded\.json:\d+:\d+: timeline entry 2 .*sliding", err), f"check: {code} {err}")


def test_events_order_error_points_at_the_time():
    scene = write("plain.json", '{"root": {"type": "view", "id": "root"}}')
    events = write("late.events.jsonl", '{"t": 1, "command": {"appearance": "dark"}}\n'
                                        '{"t": 0.5, "command": {"appearance": "light"}}\n')
    code, _, err = veil("stream", scene, "--events", events, "--duration", "1", "--fps", "10")
    check(code != 0 and "late.events.jsonl:2:7:" in err, f"expected the error at 2:7 (the \"t\"): {err}")


if __name__ == "__main__":
    sys.exit(cli.main(globals()))
