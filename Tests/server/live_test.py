#!/usr/bin/env python3
"""Live editing with `veil serve FOLDER` (docs/SERVER.md, "Live editing"), loopback only.

    python3 Tests/server/live_test.py [path/to/veil]     (default: .build/debug/veil)

A viewer connected to a watched scene: saving the file sends it a delta (not a keyframe, no
reconnect) that keeps the component state it set up (a status view, compared by frame hash with a
fresh session given the same command); a broken save sends the error as a text notice and the last
good frame stays (a keyframe requested then has the same hash); fixing it clears the notice; a new
file in the folder joins /scenes. Stops by itself (watchdog).
"""
import json
import os
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_test as base
from serve_test import WebSocket, check

SCENE = """{"canvas": {"width": 200, "height": 300}, "background": "%s",
 "root": {"type": "stack", "id": "root", "axis": "vertical", "padding": 10, "children": [
   {"type": "view", "id": "panel", "height": 200, "background": "#FFFFFF"}]}}"""
STATUS = {"command": {"status": {"node": "panel", "state": "error", "message": "Offline"}}}


def header(message):
    """(type, hash) of a veil.v2 message: type 1 keyframe, 2 delta."""
    flags, i = message[2], 3
    for _ in range(2 if flags & 0x08 else 1):  # seq, then the base distance when present
        while message[i] & 0x80:
            i += 1
        i += 1
    return flags & 0x03, int.from_bytes(message[i:i + 4], "little")


def next_message(ws, timeout):
    """('binary', bytes) or ('text', object), or None when nothing came within `timeout`."""
    try:
        opcode, data = ws.receive(timeout)
    except socket.timeout:
        return None
    return ("text", json.loads(data)) if opcode == 0x1 else ("binary", data)


def settle(ws, last, quiet=0.6, limit=5.0):
    """Reads until nothing comes for `quiet` seconds; the hash of the last frame (`last` if none came)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        message = next_message(ws, quiet)
        if message is None:
            return last
        if message[0] == "binary":
            last = header(message[1])[1]
    raise AssertionError(f"the session did not settle within {limit} s")


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def settled_hash_of_fresh_session(port, command):
    ws = WebSocket(port, "/ws?scene=live")
    keyframe = ws.expect_binary("fresh session keyframe")
    if command:
        ws.send_json(command)
    result = settle(ws, header(keyframe)[1])
    ws.close()
    return result


def test_live(root):
    folder = os.path.join(root, "examples")
    live = os.path.join(folder, "live.json")
    write(live, SCENE % "#FF0000")
    server = base.start_server(root, "--port", "0", folder)
    port = base.read_url(server)

    viewer = WebSocket(port, "/ws?scene=live")
    check(header(viewer.expect_binary("keyframe"))[0] == 1, "the first message is a keyframe")
    viewer.send_json(STATUS)
    settle(viewer, None)

    # A save reaches the viewer as a delta, soon.
    saved = time.monotonic()
    write(live, SCENE % "#00AA00")
    message = next_message(viewer, 10.0)
    elapsed = time.monotonic() - saved
    check(message is not None and message[0] == "binary", f"a saved file sends the viewer a message (got {message})")
    check(header(message[1])[0] == 2, "the message after a save is a delta, not a keyframe")
    print(f"live_test: save → delta in {elapsed * 1000:.0f} ms")
    kept = settle(viewer, header(message[1])[1])

    # The status view the viewer set up survived the reload: the frame equals that of a fresh
    # session of the new file given the same command, and differs from one without it.
    with_status = settled_hash_of_fresh_session(port, STATUS)
    without = settled_hash_of_fresh_session(port, None)
    check(kept == with_status and with_status != without,
          f"the reload kept the status view (hash {kept:#x}; fresh with status {with_status:#x}, without {without:#x})")

    # A broken save: the error as a notice, no frame change, the last good frame stays.
    write(live, '{"canvas": {"width": 200,\n  "height": }')
    message = next_message(viewer, 10.0)
    check(message is not None and message[0] == "text" and "live.json:2:" in (message[1].get("sceneError") or ""),
          f"a broken save sends the error with file:line:column (got {message})")
    check(next_message(viewer, 0.5) is None, "no frame change after a broken save")
    viewer.send_json({"keyframe": True})
    keyframe = viewer.expect_binary("keyframe while the file is broken")
    check(header(keyframe) == (1, kept), "the last good frame stays live (same hash)")
    late = WebSocket(port, "/ws?scene=live")
    late_messages = [next_message(late, 2.0), next_message(late, 2.0)]
    kinds = sorted(m[0] for m in late_messages if m)
    check(kinds == ["binary", "text"], f"a viewer joining a broken scene gets the last good frame and the error (got {late_messages})")
    late.close()

    # Fixed: the notice clears and the frame changes.
    write(live, SCENE % "#0000FF")
    got = [next_message(viewer, 3.0), next_message(viewer, 3.0)]
    check(("text", {"sceneError": None}) in got, f"fixing the file clears the error (got {got})")
    check(any(m and m[0] == "binary" and header(m[1])[0] == 2 for m in got), "fixing the file sends a delta")

    # An editor that truncates, then writes: the empty moment shows no error, the content arrives.
    settle(viewer, None)
    open(live, "w").close()
    time.sleep(0.2)
    write(live, SCENE % "#00AA00")
    got = [next_message(viewer, 2.0), next_message(viewer, 1.0)]
    check(not any(m and m[0] == "text" and m[1].get("sceneError") for m in got),
          f"truncate-then-write flashes no error (got {got})")
    check(any(m and m[0] == "binary" for m in got), "the written content reaches the viewer")

    # A new file in the folder is a new scene.
    write(os.path.join(folder, "fresh.json"), SCENE % "#123456")
    deadline, names = time.monotonic() + 3, []
    while time.monotonic() < deadline and "fresh" not in names:
        names = json.loads(base.http_get(port, "/scenes")[2])
        time.sleep(0.05)
    check("fresh" in names, f"a new file appears in /scenes (got {names})")
    fresh = WebSocket(port, "/ws?scene=fresh")
    fresh.expect_binary("keyframe of the new scene")
    fresh.close()

    viewer.close()
    server.terminate()
    server.wait(timeout=5)
    log = server.stderr.read()
    check("scene live reloaded" in log and "not reloaded" in log, f"reloads and failures are logged:\n{log}")


if __name__ == "__main__":
    base.run_script("live_test", test_live)
