#!/usr/bin/env python3
"""Problems are loud (docs/SERVER.md, "Refused actions"), loopback only.

    python3 Tests/server/problems_test.py [path/to/veil]     (default: .build/debug/veil)

A scene whose timeline names a node it does not have, and whose reaction asks a view for a
command only a list takes: `veil check` reports the timeline entry at file:line:column; `veil
render` reports both (the timeline entry at the same place, the reaction at its action) on
standard error and still writes the frame; `veil serve` sends a viewer
`{"refused": ["file:line:column: …", …]}` (the latest refusals) as each happens and logs it. Stops by itself (watchdog).
"""
import json
import os
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_test as base
from serve_test import WebSocket, check

SCENE = """{"canvas": {"width": 200, "height": 300},
 "root": {"type": "stack", "id": "root", "axis": "vertical", "children": [
   {"type": "view", "id": "panel", "height": 100, "background": "#FFFFFF"},
   {"type": "button", "id": "go", "title": "Go", "action": "go", "height": 44}]},
 "timeline": [
   {"t": 0.1, "command": {"status": {"node": "panel", "state": "loading"}}},
   {"t": 0.2, "command": {"status": {"node": "nowhere", "state": "error"}}}],
 "reactions": [{"event": "go",
                "actions": [{"command": {"loadMore": {"node": "panel", "end": true}}}]}]}
"""
TAP = [{"t": 0.3, "input": {"pointer": {"phase": "down", "x": 100, "y": 120}}},
       {"t": 0.35, "input": {"pointer": {"phase": "up", "x": 100, "y": 120}}}]


def place(text):
    """line:column of `text` in SCENE (columns in characters, as veil check counts them)."""
    before = SCENE[:SCENE.index(text)]
    return f"{before.count(chr(10)) + 1}:{len(before) - before.rfind(chr(10))}"


def text_notices(ws, seconds):
    """The text messages (parsed) received within `seconds`."""
    found, deadline = [], time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            opcode, data = ws.receive(max(0.05, deadline - time.monotonic()))
        except socket.timeout:
            break
        if opcode == 0x1:
            found.append(json.loads(data))
    return found


def test_problems(root):
    path = os.path.join(root, "examples", "loud.json")
    with open(path, "w") as f:
        f.write(SCENE)
    timeline_place = path + ":" + place('{"t": 0.2') + ": timeline entry (t = 0.2): "
    reaction_place = path + ":" + place('{"command": {"loadMore"') + ': reaction to "go"'
    events = os.path.join(root, "tap.jsonl")
    with open(events, "w") as f:
        f.write("".join(json.dumps(line) + "\n" for line in TAP))

    check_run = subprocess.run([base.VEIL, "check", path], capture_output=True, text=True, timeout=30)
    check(check_run.returncode == 1 and check_run.stderr.startswith(timeline_place.replace(" (t = 0.2)", " 2 (t = 0.2)")),
          f"veil check points at the entry: {check_run.stderr!r}")

    out = os.path.join(root, "frame.json")
    render = subprocess.run([base.VEIL, "render", path, "--at", "1", "--events", events, "--format", "json", "--out", out],
                            capture_output=True, text=True, timeout=30)
    lines = render.stderr.splitlines()
    check(render.returncode == 0 and os.path.getsize(out) > 0, f"render still writes the frame: {render.stderr}")
    check(any(line.startswith(timeline_place) and "nowhere" in line for line in lines),
          f"render reports the timeline entry where check does: {lines}")
    check(any(line.startswith(reaction_place) and "loadMore" in line for line in lines),
          f"render reports the reaction's action at its place: {lines}")

    server = base.start_server(root, "--port", "0", path)
    port = base.read_url(server)
    try:
        ws = WebSocket(port, "/ws?scene=loud")
        ws.expect_binary("keyframe")
        for line in TAP:
            ws.send_json({"input": line["input"]})
        notices = text_notices(ws, 1.5)
        # Each notice holds the latest refusals (at most 16), the newest last: the last one has both.
        refused = [notice["refused"] for notice in notices if "refused" in notice][-1]
        check(any(line.startswith(timeline_place) and "nowhere" in line for line in refused),
              f"the viewer is told about the timeline entry: {notices}")
        check(any(line.startswith(reaction_place) for line in refused),
              f"the viewer is told about the reaction's action: {notices}")
        check(len(refused) == len(set(refused)), f"each refusal is told once: {refused}")
        ws.close()
    finally:
        server.terminate()
        server.wait(timeout=5)
    log = server.stderr.read()
    check(f"refused {timeline_place}" in log, f"serve logs the refusal:\n{log}")


if __name__ == "__main__":
    base.run_script("problems_test", test_problems)
