#!/usr/bin/env python3
"""A session's clock under the viewer's transport controls (docs/SERVER.md, "Pause, step and scrub").

    python3 Tests/server/clock_test.py [path/to/veil]     (default: .build/debug/veil)

hello's timeline sets its subtitle to "Loaded at one second" at 1 s. Paused at once, the session sends
nothing and its timeline does not move; 45 frame steps (at --fps 30: 1.5 s) bring the subtitle; at
normal rate the timeline runs on; a scrub to 0.2 s shows the frame from before (a keyframe without the
new subtitle) and holds the live frames back (an SVG export draws the frame shown); going live shows the present (a keyframe with it). A
room's viewer may pause (all of them are) but not scrub; a malformed clock message closes only its
own connection. Loopback only; stops by itself (watchdog).
"""
import json
import os
import shutil
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_test as base
from serve_test import WebSocket, check

LOADED = b"Loaded at one second"


def notices_and_frames(viewer, seconds):
    """What arrives within `seconds`: (notices, binary messages)."""
    notices, frames = [], []
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return notices, frames
        try:
            opcode, data = viewer.receive(timeout=left)
        except socket.timeout:
            return notices, frames
        if opcode == 0x1:
            notices.append(json.loads(data))
        else:
            frames.append(data)


def clock_of(notices):
    clocks = [n["clock"] for n in notices if "clock" in n]
    return clocks[-1] if clocks else None


def test_clock(root):
    folder = os.path.join(root, "clock")
    os.makedirs(folder)
    shutil.copy(os.path.join(base.REPO, "examples", "hello.json"), folder)
    server = base.start_server(root, "clock", "--port", "0", "--fps", "30")
    port = base.read_url(server)

    viewer = WebSocket(port, "/ws?scene=hello&describe=1")
    viewer.send_json({"clock": {"rate": 0}})
    notices, frames = notices_and_frames(viewer, 1.6)
    clock = clock_of(notices)
    check(clock and clock["rate"] == 0 and clock["scrubbedTo"] is None and clock["replayable"],
          f"pausing is answered with the clock: rate 0, live, replayable (got {clock})")
    check(not any(LOADED in f for f in frames), "paused, the timeline does not move: no subtitle at 1.6 s")
    paused_at = clock["time"]
    count_before = len(frames)
    _, frames = notices_and_frames(viewer, 0.5)
    check(len(frames) == 0, f"paused, the session sends nothing (got {len(frames)} message(s))")

    viewer.send_json({"clock": {"step": 45}})
    notices, frames = notices_and_frames(viewer, 0.6)
    clock = clock_of(notices)
    check(clock and abs(clock["time"] - (paused_at + 1.5)) < 0.01 and clock["rate"] == 0,
          f"45 steps at 30 fps move the paused clock 1.5 s on (got {clock}, paused at {paused_at})")
    check(any(LOADED in f for f in frames), "the step's tick shows the timeline's change")

    viewer.send_json({"clock": {"scrub": 0.2}})
    notices, frames = notices_and_frames(viewer, 0.6)
    clock = clock_of(notices)
    check(clock and clock["scrubbedTo"] == 0.2 and clock["rate"] == 0, f"a scrub is answered with where it is (got {clock})")
    check(len(frames) == 1 and frames[0][2] & 0x03 == 1 and LOADED not in frames[0],
          f"a scrub shows the frame from before as one keyframe ({len(frames)} message(s))")

    viewer.send_json({"export": "svg"})
    notices, _ = notices_and_frames(viewer, 0.5)
    svgs = [n["svg"] for n in notices if "svg" in n]
    check(svgs and svgs[0].startswith("<svg") and "Loaded at one second" not in svgs[0],
          "an SVG export while scrubbed draws the scrubbed frame")

    viewer.send_json({"clock": {"rate": 1}})  # playing again goes live
    notices, frames = notices_and_frames(viewer, 0.6)
    clock = clock_of(notices)
    check(clock and clock["scrubbedTo"] is None and clock["rate"] == 1, f"playing leaves the scrub (got {clock})")
    check(frames and frames[0][2] & 0x03 == 1 and LOADED in frames[0], "back live, a keyframe of the present comes first")
    viewer.send_json({"export": "svg"})
    notices, later = notices_and_frames(viewer, 2.0)
    svgs = [n["svg"] for n in notices if "svg" in n]
    check(svgs and "Loaded at one second" in svgs[0], "an SVG export live draws the present")
    check(any(b"Veil, live" in f for f in frames + later), "at normal rate the timeline runs on (its change at 3 s arrives)")

    room_a = WebSocket(port, "/ws?scene=hello&room=r&describe=1")
    room_b = WebSocket(port, "/ws?scene=hello&room=r")
    check(notices_and_frames(room_a, 0.4)[1], "a room's first frame")
    room_b.expect_binary("the room's second viewer's frame")
    room_b.send_json({"clock": {"scrub": 0.1}})
    notices, _ = notices_and_frames(room_b, 0.5)
    refused = [n["clockRefused"] for n in notices if "clockRefused" in n]
    check(refused and "room" in refused[0], f"a room cannot be scrubbed, and its viewer is told why (got {notices})")
    room_b.send_json({"clock": {"rate": 0}})
    notices, _ = notices_and_frames(room_a, 0.5)
    check(clock_of(notices) and clock_of(notices)["rate"] == 0, "pausing a room pauses it for every viewer, and each is told")

    room_b.send_json({"clock": {"rate": 9}})
    closed = room_b.expect_close("a clock rate out of range")
    check(closed.code == 1007 and "clock" in closed.reason, f"a malformed clock message closes with why (got {closed.code} {closed.reason!r})")
    notices, _ = notices_and_frames(room_a, 0.3)
    room_a.send_json({"clock": {"rate": 1}})
    notices, _ = notices_and_frames(room_a, 0.4)
    check(clock_of(notices) and clock_of(notices)["rate"] == 1, "the other viewer's connection is unharmed: it plays the room again")
    server.kill()


if __name__ == "__main__":
    base.run_script("clock_test", test_clock, seconds=60)
