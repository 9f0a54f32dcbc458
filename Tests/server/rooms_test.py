#!/usr/bin/env python3
"""Shared rooms of `veil serve` (docs/SERVER.md, "Rooms"), loopback only.

    python3 Tests/server/rooms_test.py [path/to/veil]     (default: .build/debug/veil)

Two viewers of /ws?scene=NAME&room=ROOM get byte-identical messages (one session, each frame
encoded once); either can drive it (an input from one changes what both see, a private viewer of
the same scene is untouched); a viewer joining late or asking for a keyframe catches up with a
keyframe of the room's newest frame; rooms and viewers per room are bounded, with clear close
reasons. Stops by itself (watchdog).
"""
import json
import os
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_test as base
from serve_test import WebSocket, check
from flow_test import seq_and_distance


def header_hash(message):
    seq, distance = seq_and_distance(message)
    i = 3
    for _ in range(2 if distance is not None else 1):
        while message[i] & 0x80:
            i += 1
        i += 1
    return int.from_bytes(message[i:i + 4], "little")


def quiet(ws, seconds=0.4):
    try:
        ws.receive(timeout=seconds)
        return False
    except socket.timeout:
        return True


def test_rooms(root):
    folder = os.path.join(root, "rooms")
    os.makedirs(folder)
    with open(os.path.join(folder, "spin.json"), "w") as f:
        json.dump(base.changing_scene(10, width=200, height=100), f)
    with open(os.path.join(folder, "still.json"), "w") as f:
        f.write(base.SCENE % "#FFFFFF")
    server = base.start_server(root, "--port", "0", "--max-rooms", "2", "--max-room-viewers", "3", folder)
    port = base.read_url(server)

    # Two viewers of an animated room: after the joiner's keyframe, the same bytes.
    a = WebSocket(port, "/ws?scene=spin&room=r1")
    first_a = a.expect_binary("A's keyframe")
    time.sleep(0.3)
    b = WebSocket(port, "/ws?scene=spin&room=r1")
    first_b = b.expect_binary("B's keyframe")
    check(first_b[2] & 0x03 == 1, "a viewer joining a room gets a keyframe")
    check(seq_and_distance(first_b)[0] > 1, "the joiner's keyframe has the room's sequence number, not 1")
    received_a = [a.expect_binary(f"A's message {i}") for i in range(6)]
    received_b = [b.expect_binary(f"B's message {i}") for i in range(6)]
    by_seq_a = {seq_and_distance(m)[0]: m for m in received_a}
    by_seq_b = {seq_and_distance(m)[0]: m for m in received_b}
    common = sorted(set(by_seq_a) & set(by_seq_b))
    check(len(common) >= 4 and all(by_seq_a[s] == by_seq_b[s] for s in common),
          f"both viewers get identical bytes for the same message ({len(common)} in common)")
    a.close()
    b.close()

    # Either viewer drives a still room; a private viewer of the scene sees nothing of it.
    c = WebSocket(port, "/ws?scene=still&room=r2")
    c.expect_binary("C's keyframe")
    d = WebSocket(port, "/ws?scene=still&room=r2")
    d.expect_binary("D's keyframe")
    private = WebSocket(port, "/ws?scene=still")
    private.expect_binary("the private viewer's keyframe")
    for driver, other, size in ((c, d, 300), (d, c, 240)):
        driver.send_json({"input": {"resize": {"width": size, "height": 150}}})
        mine, theirs = driver.expect_binary("the driver's frame"), other.expect_binary("the other viewer's frame")
        check(mine == theirs and mine[2] & 0x03 == 2, f"an input from either viewer reaches both as the same delta")
    check(quiet(private), "a private session of the same scene is not driven by the room")

    # A keyframe request is answered for that viewer alone, with the room's current frame.
    d.send_json({"keyframe": True})
    keyframe = d.expect_binary("D's keyframe on request")
    check(keyframe[2] & 0x03 == 1 and header_hash(keyframe) == header_hash(mine),
          "a keyframe request gets the room's newest frame (same hash)")
    check(quiet(c), "the other viewer gets nothing for it")

    # Bounds: three viewers in a room, two rooms.
    e = WebSocket(port, "/ws?scene=still&room=r2")
    e.expect_binary("third viewer of r2")
    full = WebSocket(port, "/ws?scene=still&room=r2")
    closed = full.expect_close("fourth viewer of r2")
    check(closed.code == 1013 and "full" in closed.reason, f"a full room: 1013 (got {closed.code} {closed.reason!r})")
    r3 = WebSocket(port, "/ws?scene=spin&room=r3")
    r3.expect_binary("a second room")
    too_many = WebSocket(port, "/ws?scene=spin&room=r4")
    closed = too_many.expect_close("a third room")
    check(closed.code == 1013 and "too many rooms" in closed.reason,
          f"over --max-rooms: 1013 (got {closed.code} {closed.reason!r})")
    for ws in (c, d, e, full, r3, too_many, private):
        ws.close()
    # A room closes with its last viewer: its name can be used again.
    time.sleep(0.3)
    again = WebSocket(port, "/ws?scene=spin&room=r4")
    check(seq_and_distance(again.expect_binary("a room after the others closed"))[0] == 1,
          "a room opened again starts a new session (seq 1)")
    again.close()
    server.terminate()
    server.wait(timeout=5)


if __name__ == "__main__":
    base.run_script("rooms_test", test_rooms)
