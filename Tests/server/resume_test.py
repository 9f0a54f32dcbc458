#!/usr/bin/env python3
"""Resuming a dropped session with `veil serve` (docs/SERVER.md, "Resume"), loopback only.

    python3 Tests/server/resume_test.py [path/to/veil]     (default: .build/debug/veil)

The server names each private session with a token from the OS's random source and tells its
viewer (`{"session": TOKEN}`); the connection drops without a close frame; the viewer reconnects
with the token and the sequence number and hash of the frame it holds. The server answers with a
delta from that frame, which — applied by Web/wire.js's Mirror in node, as the viewer does —
reproduces the server's frame (the hash of a keyframe asked for next is equal), and the session's
clock went on meanwhile (its timeline's change is in it). A wrong hash gets a keyframe of the same
session; an unknown token, one already used, or one kept past --resume-seconds, a new session.

Attacks (issue 20): a token names only a *parked* session — a second connection naming the token
of a connected viewer gets a new session and the viewer keeps its own; tokens are never chosen by
the client; one client parking many sessions never evicts another client's (another loopback
address, 127.0.0.2, is the other client). Stops by itself (watchdog).
"""
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_test as base
from serve_test import WebSocket, check
from flow_test import seq_and_distance
from rooms_test import header_hash

MIRROR = """
import { Mirror, decodeMessage } from %s;
const messages = JSON.parse(process.argv[1]).map((hex) => Uint8Array.from(Buffer.from(hex, "hex")));
const mirror = new Mirror();
const results = messages.map((bytes) => { const r = mirror.apply(bytes); return { ok: r.ok, reason: r.reason ?? "" }; });
const frame = mirror.frame;
console.log(JSON.stringify({ results, width: frame && frame.width / 8, height: frame && frame.height / 8 }));
"""


def mirror(messages):
    """Applies the messages in order with Web/wire.js's Mirror: per message ok/reason, and the frame size."""
    wire = json.dumps("file://" + os.path.join(base.REPO, "Web/wire.js"))
    out = subprocess.run(["node", "--input-type=module", "-e", MIRROR % wire, json.dumps([m.hex() for m in messages])],
                         capture_output=True, text=True, timeout=20)
    if out.returncode != 0:
        raise AssertionError(f"node mirror failed: {out.stderr}")
    return json.loads(out.stdout)


def open_private(port, what, **kwargs):
    """A new private viewer of gamma: (socket, its keyframe, the token the server gave it)."""
    viewer = WebSocket(port, "/ws?scene=gamma", **kwargs)
    keyframe = viewer.expect_binary(what)
    check(viewer.session_token and len(viewer.session_token) == 32 and all(c in "0123456789abcdef" for c in viewer.session_token),
          f"{what}: the server names the session with 32 hex digits (got {viewer.session_token!r})")
    return viewer, keyframe, viewer.session_token


def test_resume(root):
    server = base.start_server(root, "--port", "0", "--resume-seconds", "2")
    port = base.read_url(server)

    # gamma's timeline resizes the canvas to 250 × 120 at 0.5 s: the drop happens before it.
    viewer, keyframe, token = open_private(port, "keyframe")
    held = (seq_and_distance(keyframe)[0], header_hash(keyframe))
    viewer.sock.close()  # dropped: no close frame
    time.sleep(0.8)

    back = WebSocket(port, f"/ws?scene=gamma&session={token}&seq={held[0]}&hash={held[1]}")
    resumed = back.expect_binary("the first message after the resume")
    seq, distance = seq_and_distance(resumed)
    check(resumed[2] & 0x03 == 2 and (distance or 1) == seq - held[0],
          f"the resume is answered with a delta from the viewer's frame (type {resumed[2] & 3}, seq {seq}, held {held[0]})")
    check(back.session_token not in (None, token), "the resumed session gets a new token (a token is good for one resume)")
    back.send_json({"keyframe": True})
    server_frame = back.expect_binary("a keyframe of the server's frame")
    applied = mirror([keyframe, resumed])
    check(all(r["ok"] for r in applied["results"]), f"the delta applies to the frame the viewer held: {applied}")
    check(header_hash(server_frame) == header_hash(resumed),
          "the delta reproduces the server's frame (the hash of a keyframe asked for next is equal)")
    check((applied["width"], applied["height"]) == (250, 120),
          f"the session's clock went on while dropped: its timeline's resize is in the frame (got {applied})")

    # The used token names nothing now.
    reused = WebSocket(port, f"/ws?scene=gamma&session={token}&seq=1&hash=1")
    check(seq_and_distance(reused.expect_binary("the used token"))[0] == 1, "a token already used starts a new session")
    reused.close()

    # Dropped again, back with a hash that is not the server's: a keyframe of the same session.
    token = back.session_token
    back.sock.close()
    time.sleep(0.3)
    again = WebSocket(port, f"/ws?scene=gamma&session={token}&seq={seq_and_distance(server_frame)[0]}&hash=12345")
    first = again.expect_binary("after a resume with a wrong hash")
    check(first[2] & 0x03 == 1 and seq_and_distance(first)[0] > 1,
          "a wrong hash gets a keyframe of the same session (not seq 1)")
    check(mirror([first])["width"] == 250, "the keyframe is the resumed session's frame")

    # Closed properly: nothing is kept. An unknown token, or a constant one a client made up: a new session.
    again.close()
    for made_up in (os.urandom(16).hex(), "0" * 32):
        unknown = WebSocket(port, f"/ws?scene=gamma&session={made_up}&seq=5&hash=1")
        check(seq_and_distance(unknown.expect_binary("an unknown token"))[0] == 1, "an unknown token starts a new session")
        check(unknown.session_token != made_up, "the server never takes a client's token as the session's name")
        unknown.close()

    # Kept --resume-seconds (2 s) at most.
    late, k, late_token = open_private(port, "keyframe")
    late.sock.close()
    time.sleep(2.5)
    expired = WebSocket(port, f"/ws?scene=gamma&session={late_token}&seq=1&hash={header_hash(k)}")
    check(seq_and_distance(expired.expect_binary("after the resume time"))[0] == 1,
          "a session dropped longer than --resume-seconds is gone: a new one starts")
    expired.close()
    server.terminate()
    server.wait(timeout=5)
    log = server.stderr.read()
    check("resumes a dropped session" in log and "kept 2 s for a resume" in log, f"resumes are logged:\n{log}")


def test_no_takeover(root):
    """A connection naming the token of a session whose viewer is connected gets its own new session;
    the viewer is not dropped and its session is not shown to the other."""
    server = base.start_server(root, "--port", "0")
    port = base.read_url(server)
    owner, keyframe, token = open_private(port, "the owner's keyframe")
    thief = WebSocket(port, f"/ws?scene=gamma&session={token}&seq={seq_and_distance(keyframe)[0]}&hash={header_hash(keyframe)}")
    stolen = thief.expect_binary("the second connection's first message")
    check(stolen[2] & 0x03 == 1 and seq_and_distance(stolen)[0] == 1,
          "the second connection gets a keyframe of a new session (seq 1), not the owner's session")
    check(thief.session_token != token, "and a token of its own")
    owner.send_json({"keyframe": True})
    check(seq_and_distance(owner.expect_binary("the owner after the attempt"))[0] > 1, "the owner keeps its session and connection")
    owner.close()
    thief.close()
    server.terminate()
    server.wait(timeout=5)


def test_churn_does_not_evict_another_client(root):
    """One client (127.0.0.1) parks many sessions; a victim's (127.0.0.2) parked session survives."""
    server = base.start_server(root, "--port", "0", "--max-connections", "8", "--max-parked-per-client", "4")
    port = base.read_url(server)
    victim, keyframe, token = open_private(port, "the victim's keyframe", source="127.0.0.2")
    victim.sock.close()
    for i in range(12):  # past both the per-client bound (4) and the capacity (8)
        churn, _, _ = open_private(port, f"churn {i}")
        churn.sock.close()
        time.sleep(0.05)
    time.sleep(0.3)
    back = WebSocket(port, f"/ws?scene=gamma&session={token}&seq={seq_and_distance(keyframe)[0]}&hash={header_hash(keyframe)}",
                     source="127.0.0.2")
    first = back.expect_binary("the victim's resume")
    check(seq_and_distance(first)[0] > 1, "the victim's parked session survived another client's churn")
    back.close()
    server.terminate()
    server.wait(timeout=5)
    log = server.stderr.read()
    check("resumes a dropped session" in log, "the victim's resume is logged")


if __name__ == "__main__":
    base.run_script("resume_test", test_resume, test_no_takeover, test_churn_does_not_evict_another_client)
