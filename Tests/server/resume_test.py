#!/usr/bin/env python3
"""Resuming a dropped session with `veil serve` (docs/SERVER.md, "Resume"), loopback only.

    python3 Tests/server/resume_test.py [path/to/veil]     (default: .build/debug/veil)

A viewer names its session (`session=TOKEN`); its connection drops without a close frame; it
reconnects with the token and the sequence number and hash of the frame it holds. The server
answers with a delta from that frame, which — applied by Web/wire.js's Mirror in node, as the
viewer does — reproduces the server's frame (the hash of a keyframe asked for next is equal), and
the session's clock went on meanwhile (its timeline's change is in it). A wrong hash gets a
keyframe of the same session; an unknown token, or one kept past --resume-seconds, a new session.
Stops by itself (watchdog).
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


def test_resume(root):
    server = base.start_server(root, "--port", "0", "--resume-seconds", "2")
    port = base.read_url(server)
    token = os.urandom(16).hex()

    # gamma's timeline resizes the canvas to 250 × 120 at 0.5 s: the drop happens before it.
    viewer = WebSocket(port, f"/ws?scene=gamma&session={token}")
    keyframe = viewer.expect_binary("keyframe")
    held = (seq_and_distance(keyframe)[0], header_hash(keyframe))
    viewer.sock.close()  # dropped: no close frame
    time.sleep(0.8)

    back = WebSocket(port, f"/ws?scene=gamma&session={token}&seq={held[0]}&hash={held[1]}")
    resumed = back.expect_binary("the first message after the resume")
    seq, distance = seq_and_distance(resumed)
    check(resumed[2] & 0x03 == 2 and (distance or 1) == seq - held[0],
          f"the resume is answered with a delta from the viewer's frame (type {resumed[2] & 3}, seq {seq}, held {held[0]})")
    back.send_json({"keyframe": True})
    server_frame = back.expect_binary("a keyframe of the server's frame")
    applied = mirror([keyframe, resumed])
    check(all(r["ok"] for r in applied["results"]), f"the delta applies to the frame the viewer held: {applied}")
    check(header_hash(server_frame) == header_hash(resumed),
          "the delta reproduces the server's frame (the hash of a keyframe asked for next is equal)")
    check((applied["width"], applied["height"]) == (250, 120),
          f"the session's clock went on while dropped: its timeline's resize is in the frame (got {applied})")

    # Dropped again, back with a hash that is not the server's: a keyframe of the same session.
    back.sock.close()
    again = WebSocket(port, f"/ws?scene=gamma&session={token}&seq={seq_and_distance(server_frame)[0]}&hash=12345")
    first = again.expect_binary("after a resume with a wrong hash")
    check(first[2] & 0x03 == 1 and seq_and_distance(first)[0] > 1,
          "a wrong hash gets a keyframe of the same session (not seq 1)")
    check(mirror([first])["width"] == 250, "the keyframe is the resumed session's frame")

    # Closed properly: nothing is kept. An unknown token: a new session.
    again.close()
    unknown = WebSocket(port, f"/ws?scene=gamma&session={os.urandom(16).hex()}&seq=5&hash=1")
    check(seq_and_distance(unknown.expect_binary("an unknown token"))[0] == 1, "an unknown token starts a new session")
    unknown.close()

    # Kept --resume-seconds (2 s) at most.
    late_token = os.urandom(16).hex()
    late = WebSocket(port, f"/ws?scene=gamma&session={late_token}")
    k = late.expect_binary("keyframe")
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


if __name__ == "__main__":
    base.run_script("resume_test", test_resume)
