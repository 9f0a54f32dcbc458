#!/usr/bin/env python3
"""A cheap session's frame rate beside expensive ones (docs/SERVER.md, "Threads"), loopback only:
a figure of `make bench-server`, not a test (a rate measured on a shared machine depends on its
load; the rule that keeps it is held in `make test` by Tests/VeilServerTests/TickQueueTests.swift).

    python3 Benchmarks/server/cores_bench.py [path/to/veil]     (default: .build/debug/veil)

Three viewers of a scene of 4,000 turning activity indicators (each tick costs tens of ms in a
debug build) and one viewer of an animated skeleton: the skeleton viewer's messages a second with
two tick workers, and with --workers 0 (everything on the network thread). Stops by itself.
"""
import json
import os
import shutil
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "server"))
import serve_test as base
from serve_test import WebSocket, check

SKELETON = os.path.join(base.REPO, "Benchmarks", "server", "skeleton.json")


def rate(port, scene, seconds, results, key):
    ws = WebSocket(port, f"/ws?scene={scene}")
    ws.expect_binary(f"{scene} keyframe")
    count, started = 0, time.monotonic()
    while time.monotonic() - started < seconds:
        try:
            ws.receive(timeout=1.0)
            count += 1
        except socket.timeout:
            pass
    ws.close()
    results[key] = count / seconds


def cheap_rate_beside_heavy(root, folder, *args):
    server = base.start_server(root, "--port", "0", *args, folder)
    port = base.read_url(server)
    results = {}
    heavy = [threading.Thread(target=rate, args=(port, "heavy", 4.5, results, f"heavy{i}"), daemon=True) for i in range(3)]
    for thread in heavy:
        thread.start()
    time.sleep(1.0)
    rate(port, "skeleton", 3.0, results, "skeleton")
    for thread in heavy:
        thread.join(timeout=10)
    server.terminate()
    server.wait(timeout=5)
    return results


def test_cores(root):
    folder = os.path.join(root, "cores")
    os.makedirs(folder)
    children = [{"type": "activityIndicator", "id": f"s{i}",
                 "frame": {"x": (i % 60) * 10, "y": (i // 60) * 10, "width": 10, "height": 10}} for i in range(4000)]
    with open(os.path.join(folder, "heavy.json"), "w") as f:
        json.dump({"canvas": {"width": 600, "height": 700}, "background": "#FFFFFF",
                   "root": {"type": "view", "id": "root", "children": children}}, f)
    shutil.copy(SKELETON, os.path.join(folder, "skeleton.json"))

    # Two workers whatever the machine (the default is one per core): on one core the scheduler
    # still shares it between the cheap worker and the busy one.
    with_workers = cheap_rate_beside_heavy(root, folder, "--workers", "2")
    check(all(with_workers[f"heavy{i}"] > 0 for i in range(3)), f"the expensive sessions still run ({with_workers})")
    without = cheap_rate_beside_heavy(root, folder, "--workers", "0")
    print(f"a cheap session's messages/s beside three expensive ones: "
          f"{with_workers['skeleton']:.0f} with tick workers, {without['skeleton']:.0f} with --workers 0")


if __name__ == "__main__":
    base.run_script("cores_bench", test_cores)
