#!/usr/bin/env python3
"""Exports under permessage-deflate (issue 29), loopback only.

    python3 Tests/server/exports_test.py [path/to/veil]     (default: .build/debug/veil)

40 viewers that negotiate permessage-deflate, as every browser does, ask for the frame as SVG
again and again on examples/grid.json. lws compresses a large message in pieces, reading its buffer
in later writable turns: the server must keep each message alive until then (it crashed with a use
after free within a second here). Every answer must arrive whole and the server must stay up. The
viewers come from ten addresses (127.0.0.2 …) so that the per-client export bound
(ViewerHub.maxExportsPerClient, Tests/VeilServerTests/ExportBoundsTests.swift) lets them all ask.
Stops by itself (watchdog).
"""
import os
import shutil
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_test as base
from serve_test import WebSocket, check
import hostile_test

VIEWERS = 40
EXPORTS_EACH = 40


def test_exports_under_deflate(root):
    shutil.copy(os.path.join(base.REPO, "examples", "grid.json"), os.path.join(root, "grid.json"))
    server, port, log = hostile_test.start(root, os.path.join(root, "grid.json"))
    answers, failures = [0] * VIEWERS, []

    def viewer(i):
        try:
            ws = WebSocket(port, "/ws?scene=grid", deflate=True, source=f"127.0.0.{2 + i % 10}", timeout=20)
            check(ws.inflater is not None, "permessage-deflate is negotiated")
            ws.expect_binary("grid keyframe", timeout=20)
            for _ in range(EXPORTS_EACH):
                ws.send_json({"export": "svg"})
                while True:
                    opcode, data = ws.receive(timeout=20)
                    if opcode == 0x1 and data.startswith(b'{"svg":'):
                        check(b"<svg" in data[:200] and data.rstrip().endswith((b'</svg>\\n"}', b'</svg>"}')),
                              f"an export arrives whole (ends {data[-40:]!r})")
                        answers[i] += 1
                        break
            ws.close()
        except (AssertionError, base.Closed, OSError) as error:
            failures.append(f"viewer {i}: {error}")

    threads = [threading.Thread(target=viewer, args=(i,), daemon=True) for i in range(VIEWERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    check(server.poll() is None, f"the server is still up after {sum(answers)} exports (exit {server.returncode}): {''.join(log)[-600:]}")
    check(not failures, f"every viewer got every answer ({len(failures)} failed: {failures[:3]})")
    check(sum(answers) == VIEWERS * EXPORTS_EACH, f"{VIEWERS * EXPORTS_EACH} answers (got {sum(answers)})")
    late = WebSocket(port, "/ws?scene=grid", deflate=True)
    late.expect_binary("a new viewer's keyframe afterwards")
    late.close()
    hostile_test.stop(server)


if __name__ == "__main__":
    base.run_script("exports_test", test_exports_under_deflate, seconds=120)
