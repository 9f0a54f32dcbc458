#!/usr/bin/env python3
"""Flow control of `veil serve` (docs/SERVER.md, "Flow control"), loopback only.

    python3 Tests/server/flow_test.py [path/to/veil]     (default: .build/debug/veil)

A scene of 1,500 views changes 8 times a second with ~6 KB deltas (`changing_scene`). A viewer that
stops reading for 5 s must not get a backlog: the server holds one unsent message per viewer and
skips ticks while it waits, so when the viewer reads again it gets what the socket buffers held and
then one delta from the last frame it got to the newest (every message applies to the one before:
consecutive sequence numbers, no base distance), far fewer than the 40 frame changes of those 5 s,
and the server's memory stays flat. A quiet scene sends nothing after its keyframe.
Stops by itself (watchdog).
"""
import json
import os
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_test as base
from serve_test import WebSocket, check

VIEWS = 1500
STALL_SECONDS = 5.0


def resident_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def seq_and_distance(message):
    """(seq, base distance or None) of a veil.v2 message."""
    def varint(i):
        value, shift = 0, 0
        while True:
            byte = message[i]
            value |= (byte & 0x7F) << shift
            i += 1
            if not byte & 0x80:
                return value, i
            shift += 7
    seq, i = varint(3)
    distance = varint(i)[0] if message[2] & 0x08 else None
    return seq, distance


def slow_viewer(port, pid):
    # A small receive buffer, set before connecting, as a phone on a slow link would have.
    ws = WebSocket.__new__(WebSocket)
    ws.sock = socket.socket()
    ws.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8192)
    ws.sock.connect(("127.0.0.1", port))
    ws.buffer, ws.inflater = b"", None
    # The handshake of WebSocket.__init__, on this socket.
    import base64, hashlib
    key = base64.b64encode(os.urandom(16)).decode()
    ws.sock.sendall((f"GET /ws?scene=changing HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                     f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                     f"Sec-WebSocket-Protocol: veil.v2\r\n\r\n").encode())
    while b"\r\n\r\n" not in ws.buffer:
        ws.buffer += ws.sock.recv(4096)
    head, _, ws.buffer = ws.buffer.partition(b"\r\n\r\n")
    check(b" 101 " in head.split(b"\r\n")[0], "the slow viewer is upgraded")

    first = ws.expect_binary("keyframe")
    seqs = [seq_and_distance(first)]
    # Read normally for a second: the frame changes about 8 times.
    started = time.monotonic()
    while time.monotonic() - started < 1.0:
        seqs.append(seq_and_distance(ws.expect_binary("a delta while reading")))
    rss_before = resident_kb(pid)
    # Stop reading.
    time.sleep(STALL_SECONDS)
    rss_after = resident_kb(pid)
    # Read again: what the buffers held, then the coalesced delta, then the normal pace.
    resumed = time.monotonic()
    after_stall = []
    while True:
        try:
            opcode, data = ws.receive(timeout=0.06)
        except socket.timeout:
            break
        after_stall.append(seq_and_distance(data))
        if time.monotonic() - resumed > 3:
            break
    seqs += after_stall
    ws.close()
    return seqs, after_stall, rss_before, rss_after


def test_slow_viewer(root):
    folder = os.path.join(root, "flow")
    os.makedirs(folder)
    with open(os.path.join(folder, "changing.json"), "w") as f:
        json.dump(base.changing_scene(VIEWS), f)
    with open(os.path.join(folder, "still.json"), "w") as f:
        f.write(base.SCENE % "#FFFFFF")
    server = base.start_server(root, "--port", "0", folder)
    port = base.read_url(server)

    seqs, after_stall, rss_before, rss_after = slow_viewer(port, server.pid)
    changes_in_stall = int(STALL_SECONDS * 8)
    check(1 <= len(after_stall) <= changes_in_stall // 2,
          f"after {STALL_SECONDS:.0f} s unread, the viewer gets a few messages, not the {changes_in_stall} "
          f"frame changes (got {len(after_stall)})")
    numbers = [seq for seq, _ in seqs]
    check(numbers == list(range(1, len(numbers) + 1)) and all(d is None for _, d in seqs),
          f"every message applies to the one before it (seqs {numbers[:5]}…{numbers[-5:]})")
    grown = rss_after - rss_before
    check(grown < 4096, f"the server's memory stays flat while the viewer does not read (grew {grown} KB)")
    print(f"flow_test: {len(after_stall)} message(s) after a {STALL_SECONDS:.0f} s stall; server RSS "
          f"{rss_before} → {rss_after} KB")

    # A scene where nothing moves: its keyframe, then silence.
    still = WebSocket(port, "/ws?scene=still")
    still.expect_binary("keyframe of the still scene")
    try:
        still.receive(timeout=1.0)
        raise AssertionError("a still scene sent a message after its keyframe")
    except socket.timeout:
        check(True, "a still scene is quiet")
    still.close()
    server.terminate()
    server.wait(timeout=5)


if __name__ == "__main__":
    base.run_script("flow_test", test_slow_viewer)
