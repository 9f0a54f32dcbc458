#!/usr/bin/env python3
"""A viewer's session kept as a test case (`veil serve --save-cases`, docs/SERVER.md "Saving a case").

    python3 Tests/server/cases_test.py [path/to/veil]     (default: .build/debug/veil)

A viewer taps hello's button, then sends {"save": {}}: the server writes hello.events.jsonl (what the
viewer sent, on the session's clock) and hello.stream (replayed as `veil test --update` would) beside
the scene and says so; `veil test` passes on them, and fails — explaining the difference in words —
once the scene changes. A second save without "replace" is refused (the files exist), with it they
are rewritten; a server without the flag refuses with a reason; a malformed save closes only its
own connection. A long save (a case of a costly scene) does not hold another viewer's: each is
written on a thread of its own, and a save through a dangling link in the served folder is refused
without creating the link's target (issue 29). Loopback only; stops by itself (watchdog).
"""
import json
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_test as base
from serve_test import WebSocket, check


def expect_notice(viewer, key, timeout=10.0):
    """The next text notice with `key` (binary messages and other notices are skipped)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        opcode, data = viewer.receive(timeout=max(0.1, deadline - time.monotonic()))
        if opcode == 0x1:
            notice = json.loads(data)
            if key in notice:
                return notice[key]
    raise AssertionError(f"no {key!r} notice within {timeout} s")


def veil_test(root, path):
    out = subprocess.run([base.VEIL, "test", path], cwd=root, capture_output=True, text=True, timeout=60)
    return out.returncode, out.stdout + out.stderr


def test_cases(root):
    folder = os.path.join(root, "cases")
    os.makedirs(folder)
    scene = os.path.join(folder, "hello.json")
    shutil.copy(os.path.join(base.REPO, "examples", "hello.json"), scene)

    server = base.start_server(root, "cases", "--port", "0", "--save-cases")
    port = base.read_url(server)
    viewer = WebSocket(port, "/ws?scene=hello")
    viewer.expect_binary("hello's first frame")
    # What a viewer sends: its canvas size, then a tap on the button (time stamps on its own clock).
    viewer.send_json({"input": {"resize": {"width": 390, "height": 700}}})
    viewer.send_json({"t": 100.0, "input": {"pointer": {"phase": "down", "x": 80, "y": 420, "id": 1}}})
    # A stamp is never taken to be later than its arrival: the up is sent well after its stamp's
    # spacing, so a down read late on a loaded machine (a CI run saw 76 ms) cannot squeeze the tap.
    time.sleep(0.5)
    viewer.send_json({"t": 100.1, "input": {"pointer": {"phase": "up", "x": 80, "y": 420, "id": 1}}})
    time.sleep(0.3)
    viewer.send_json({"save": {}})
    saved = expect_notice(viewer, "saved")
    events, stream = os.path.join(folder, "hello.events.jsonl"), os.path.join(folder, "hello.stream")
    check(saved["events"].endswith("cases/hello.events.jsonl") and saved["stream"].endswith("cases/hello.stream"),
          f"the viewer is told which files were written (got {saved})")
    check(os.path.exists(events) and os.path.exists(stream), "the events file and its stream are beside the scene")
    lines = [json.loads(line) for line in open(events)]
    check([list(line)[1] for line in lines] == ["input", "input", "input"] and [line["t"] for line in lines] == sorted(line["t"] for line in lines),
          f"one line per action the viewer sent, in time order (got {lines})")
    check(abs((lines[2]["t"] - lines[1]["t"]) - 0.1) < 0.002,
          f"the tap keeps its spacing on the session's clock (got {lines[1]['t']} → {lines[2]['t']})")
    check(lines[1]["input"]["pointer"] == {"phase": "down", "x": 80, "y": 420, "id": 1}, "the action as the viewer sent it")
    code, out = veil_test(root, "cases")
    check(code == 0 and "1 passed" in out, f"veil test passes on the saved case (exit {code}): {out}")

    viewer.send_json({"save": {}})
    refused = expect_notice(viewer, "saveRefused")
    check("exists" in refused and "replace" in refused, f"a second save without replace is refused, saying why (got {refused!r})")
    viewer.send_json({"save": {"replace": True}})
    check(expect_notice(viewer, "saved")["events"].endswith("hello.events.jsonl"), "with replace the case is written again")

    # The behaviour changes: veil test fails and says what differs.
    with open(scene) as f:
        text = f.read()
    with open(scene, "w") as f:
        f.write(text.replace('"text": "Veil",', '"text": "Veil, changed",'))
    code, out = veil_test(root, "cases")
    check(code == 1 and "FAIL" in out.upper() and ("text" in out or "colour" in out or "color" in out),
          f"veil test fails on the changed scene and explains the difference (exit {code}): {out}")

    viewer.send_json({"save": {"nope": 1}})
    closed = viewer.expect_close("a malformed save")
    check(closed.code == 1007 and "save" in closed.reason, f"a malformed save closes its connection with why (got {closed.code} {closed.reason!r})")
    server.kill()

    plain = base.start_server(root, "cases", "--port", "0")
    port = base.read_url(plain)
    other = WebSocket(port, "/ws?scene=hello")
    other.expect_binary("a first frame")
    other.send_json({"save": {}})
    refused = expect_notice(other, "saveRefused")
    check("--save-cases" in refused, f"without --save-cases a save is refused, saying how to allow it (got {refused!r})")
    plain.kill()


def test_saves_do_not_wait_for_each_other(root):
    folder = os.path.join(root, "parallel")
    os.makedirs(folder)
    with open(os.path.join(folder, "heavy.json"), "w") as f:
        json.dump(base.changing_scene(2000, seconds=30, width=400, height=300), f)
    shutil.copy(os.path.join(base.REPO, "examples", "hello.json"), os.path.join(folder, "hello.json"))
    outside = os.path.join(root, "outside.stream")
    os.symlink(outside, os.path.join(folder, "hello.stream"))  # dangling, pointing out of the folder

    server = base.start_server(root, "parallel", "--port", "0", "--save-cases", "--fps", "60")
    port = base.read_url(server)
    heavy = WebSocket(port, "/ws?scene=heavy", source="127.0.0.2", timeout=30)
    heavy.expect_binary("the heavy scene's first frame", timeout=30)
    # Twenty seconds on the session's clock (frame steps), then an action: its case replays 21 s of
    # two thousand views changing 8 times a second.
    heavy.send_json({"clock": {"step": 600}})
    heavy.send_json({"clock": {"step": 600}})
    heavy.send_json({"command": {"appearance": "dark"}})
    time.sleep(0.3)
    heavy.send_json({"save": {}})
    time.sleep(0.2)

    light = WebSocket(port, "/ws?scene=hello", source="127.0.0.3")
    light.expect_binary("hello's first frame")
    light.send_json({"command": {"appearance": "dark"}})
    time.sleep(0.2)
    light.send_json({"save": {"replace": True}})
    saved = expect_notice(light, "saved", timeout=30)
    check(saved["stream"].endswith("parallel/hello.stream"), f"the light viewer's case is saved (got {saved})")
    check(not os.path.exists(outside), "replacing a link in the served folder replaces the link: its target is not created")
    check(not os.path.islink(os.path.join(folder, "hello.stream")), "hello.stream is now a file of its own")
    heavy_done = os.path.exists(os.path.join(folder, "heavy.stream"))
    check(not heavy_done, "the light save was answered while the heavy one was still being written (no one save queue)")
    notice = None
    deadline = time.monotonic() + 60
    while notice is None and time.monotonic() < deadline:
        opcode, data = heavy.receive(timeout=60)
        if opcode == 0x1:
            message = json.loads(data)
            notice = message.get("saved") or message.get("saveRefused")
    check(notice is not None, "the heavy save is answered too (saved, or refused past a case's bound)")
    server.kill()


if __name__ == "__main__":
    base.run_script("cases_test", test_cases, test_saves_do_not_wait_for_each_other, seconds=120)
