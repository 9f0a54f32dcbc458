#!/usr/bin/env python3
"""One hostile client cannot take the preview server, its sessions or the other clients (issue 20;
docs/SERVER.md, "Limits"), loopback only.

    python3 Tests/server/hostile_test.py [path/to/veil]     (default: .build/debug/veil)

- DNS rebinding: a Host header that is not localhost, an IP address, --host or --allowed-host gets
  403, on plain HTTP and on the WebSocket upgrade.
- Methods other than GET and HEAD get 405 with an Allow header.
- Slow clients: hundreds of sockets that never finish their request headers neither delay another
  client's GET nor its WebSocket, and the flooding address is refused (429) past its share.
- Per-client bounds: WebSockets and rooms per client address (127.0.0.2 is another client).
- One viewer's expensive input does not stall the viewers of another scene: input is applied off
  the network thread.
- Out of file descriptors, the server neither spins nor goes silent: it logs it, and serves again
  once descriptors are free.
Stops by itself (watchdog).
"""
import json
import os
import resource
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_test as base
from serve_test import WebSocket, check


def start(root, *args, nofile=None):
    """A server whose log is drained as it comes (a full pipe would block it); returns (server, port, log)."""
    limit = (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))) if nofile else None
    server = subprocess.Popen([base.VEIL, "serve", "--port", "0", *args], cwd=root, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, preexec_fn=limit,
                              env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
    base.processes.append(server)
    port = base.read_url(server)
    log = []
    threading.Thread(target=lambda: log.extend(server.stderr), daemon=True).start()
    return server, port, log


def stop(server):
    server.terminate()
    server.wait(timeout=5)


def raw_request(port, head, source=None, timeout=5.0):
    """Sends `head` (lines, without the blank line) and returns (status, headers dict, body)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0) if source else None)
    try:
        sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
            if b"\r\n\r\n" in data:
                head_bytes, _, body = data.partition(b"\r\n\r\n")
                headers = {k.strip().lower(): v.strip() for k, _, v in
                           (line.partition(":") for line in head_bytes.decode("latin-1").split("\r\n")[1:])}
                length = int(headers.get("content-length", "-1"))
                if length >= 0 and len(body) >= length:
                    break
    finally:
        sock.close()
    head_bytes, _, body = data.partition(b"\r\n\r\n")
    lines = head_bytes.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if lines and len(lines[0].split()) > 1 else 0
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return status, headers, body


def get(port, path, host, method="GET", source=None):
    return raw_request(port, [f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close"], source=source)


def test_dns_rebinding(root):
    server, port, _ = start(root, "--allowed-host", "preview.test", "--allowed-host", ".veil.test")
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", "localhost", f"[::1]:{port}", f"preview.test:{port}",
                 "a.veil.test", "veil.test"):
        status, _, _ = get(port, "/scenes", host)
        check(status == 200, f"Host {host} is answered (got {status})")
    for host in ("evil.example", f"evil.example:{port}", "preview.test.evil.example", "localhost.evil.example"):
        status, _, body = get(port, "/scenes", host)
        check(status == 403 and b"not allowed" in body, f"Host {host} gets 403 with a reason (got {status} {body[:80]!r})")
    rebound = WebSocket(port, "/ws?scene=alpha", origin="http://evil.example", host="evil.example")
    check(rebound.status == 403, f"a WebSocket upgrade with Host evil.example is refused with 403 (got {rebound.status})")
    rebound.close()
    honest = WebSocket(port, "/ws?scene=alpha", origin=f"http://localhost:{port}", host=f"localhost:{port}")
    honest.expect_binary("a WebSocket from the page at localhost")
    honest.close()
    stop(server)


def test_methods(root):
    server, port, _ = start(root)
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        status, headers, _ = raw_request(port, [f"{method} /scenes HTTP/1.1", f"Host: 127.0.0.1:{port}",
                                                "Content-Length: 0", "Connection: close"])
        check(status == 405 and headers.get("allow") == "GET, HEAD", f"{method} /scenes gets 405 with Allow (got {status} {headers})")
    status, _, _ = get(port, "/scenes", f"127.0.0.1:{port}", method="HEAD")
    check(status == 200, f"HEAD is answered (got {status})")
    stop(server)


def half_request(port, source=None):
    s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0) if source else None)
    s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # never finished
    return s


def test_slow_clients(root):
    """400 sockets from 127.0.0.1 send half a request and wait (the handshake timeout is 20 s): under
    that pressure their deadline shrinks to a second, and 127.0.0.2's GET and WebSocket are answered
    at once. Without pressure, an address holding 16 overdue requests is refused (429) a 17th."""
    server, port, log = start(root, "--handshake-timeout", "20")
    slow = [half_request(port) for _ in range(400)]
    time.sleep(1.5)
    started = time.monotonic()
    status, _, _ = get(port, "/scenes", f"127.0.0.1:{port}", source="127.0.0.2")
    took = time.monotonic() - started
    check(status == 200 and took < 3, f"another client's GET is answered at once beside 400 slow sockets (got {status} in {took:.1f} s)")
    viewer = WebSocket(port, "/ws?scene=alpha", source="127.0.0.2")
    viewer.expect_binary("another client's WebSocket beside 400 slow sockets")
    viewer.close()
    answer = slow[0].recv(200)
    check(answer.startswith(b"HTTP/1.1 408") and b"busy" in answer,
          f"under pressure a slow request gets 408 within seconds, not the 20 s handshake timeout (got {answer[:80]!r})")
    for s in slow:
        s.close()
    time.sleep(1.5)

    overdue = [half_request(port) for _ in range(16)]
    time.sleep(1.5)
    more = half_request(port)
    answer = more.recv(200)
    check(answer.startswith(b"HTTP/1.1 429"), f"an address holding 16 overdue requests is refused a 17th (got {answer[:40]!r})")
    status, _, _ = get(port, "/scenes", f"127.0.0.1:{port}", source="127.0.0.2")
    check(status == 200, f"another address is not (got {status})")
    for s in overdue + [more]:
        s.close()
    stop(server)
    check(any("429" in line for line in log), "the refusals are logged")
    refused = [line for line in log if "refused a request" in line]
    check(len(refused) <= 40 and any("not logged" in line for line in log),
          f"a flood of refusals is not a flood of log lines ({len(refused)} logged for 417, and how many left out)")


def test_per_client_bounds(root):
    server, port, _ = start(root, "--max-connections-per-client", "3", "--max-rooms-per-client", "1")
    mine = [WebSocket(port, "/ws?scene=alpha") for _ in range(3)]
    for i, ws in enumerate(mine):
        ws.expect_binary(f"viewer {i} of the client")
    fourth = WebSocket(port, "/ws?scene=alpha")
    closed = fourth.expect_close("a fourth WebSocket from the same address")
    check(closed.code == 1013 and "per client" in closed.reason, f"1013 naming the per-client bound (got {closed.code} {closed.reason!r})")
    other = WebSocket(port, "/ws?scene=alpha", source="127.0.0.2")
    other.expect_binary("another client is let in")
    for ws in mine:
        ws.close()
    time.sleep(0.3)
    room = WebSocket(port, "/ws?scene=alpha&room=one")
    room.expect_binary("the client's first room")
    second = WebSocket(port, "/ws?scene=alpha&room=two")
    closed = second.expect_close("a second room opened from the same address")
    check(closed.code == 1013 and "rooms" in closed.reason, f"1013 naming the rooms bound (got {closed.code} {closed.reason!r})")
    joined = WebSocket(port, "/ws?scene=alpha&room=one")
    joined.expect_binary("joining an open room is not opening one")
    theirs = WebSocket(port, "/ws?scene=alpha&room=two", source="127.0.0.2")
    theirs.expect_binary("another client opens its own room")
    for ws in (room, joined, theirs, other):
        ws.close()
    stop(server)


def heavy_scene(labels):
    """A list whose custom refresh view has `labels` labels, each changed in every state: each pull
    step re-lays out thousands of nodes."""
    view = {"type": "view", "id": "rv", "children": [{"type": "label", "id": f"{i}"} for i in range(labels)]}
    states = {"pulling": {f"{i}": "p" for i in range(labels)}, "refreshing": {f"{i}": "r" for i in range(labels)}}
    return {"root": {"type": "list", "id": "L", "rowCount": 10, "rowHeight": 44, "row": {"type": "view"},
                     "refresh": {"view": view, "states": states}}}


def test_one_viewer_does_not_stall_another(root):
    """A viewer that keeps pulling a huge custom refresh view (every move re-lays out thousands of
    nodes) beside a viewer of a scene that changes 8 times a second: that viewer keeps getting its frames."""
    folder = os.path.join(root, "stall")
    os.makedirs(folder)
    with open(os.path.join(folder, "heavy.json"), "w") as f:
        json.dump(heavy_scene(int(os.environ.get("VEIL_STALL_LABELS", 6000))), f, separators=(",", ":"))
    with open(os.path.join(folder, "light.json"), "w") as f:
        json.dump(base.changing_scene(1, width=100, height=100), f)
    server, port, _ = start(root, folder, *os.environ.get("VEIL_STALL_ARGS", "").split())
    puller = WebSocket(port, "/ws?scene=heavy")
    puller.expect_binary("the heavy scene's keyframe", timeout=30)
    stop_pulling = threading.Event()

    def pull():
        t, y = 0.0, 100
        puller.send_json({"t": t, "input": {"pointer": {"phase": "down", "x": 100, "y": y, "id": 1, "kind": "touch"}}})
        while not stop_pulling.is_set():
            t, y = t + 0.016, (y + 15) % 400 + 100
            puller.send_json({"t": round(t, 3), "input": {"pointer": {"phase": "move", "x": 100, "y": y, "id": 1, "kind": "touch"}}})
            time.sleep(0.004)

    pulling = threading.Thread(target=pull, daemon=True)
    pulling.start()
    def drain():
        try:
            while True:
                puller.receive(timeout=10)
        except (base.Closed, OSError):
            pass

    drain = threading.Thread(target=drain, daemon=True)
    drain.start()
    time.sleep(0.5)
    watcher = WebSocket(port, "/ws?scene=light")
    watcher.expect_binary("the changing scene's keyframe", timeout=10)
    gaps, last, started = [], time.monotonic(), time.monotonic()
    count = 0
    while time.monotonic() - started < 3:
        try:
            watcher.receive(timeout=3)
        except socket.timeout:
            break
        now = time.monotonic()
        gaps.append(now - last)
        last, count = now, count + 1
    stop_pulling.set()
    worst = max(gaps, default=3)
    # A rate measured on a shared machine depends on its load: `make bench-server` prints it; the
    # rule that keeps it (TickQueue) is checked by simulation in Tests/VeilServerTests.
    if os.environ.get("VEIL_STALL_REPORT"):
        print(f"a viewer of a scene changing 8 times a second beside a viewer pulling a 6,000-label refresh view: {count} messages in 3 s, worst gap {worst:.2f} s", flush=True)
    check(count >= 1, f"the changing scene's viewer gets frames while another viewer pulls a huge refresh view ({count} in 3 s)")
    watcher.close()
    stop(server)


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_out_of_descriptors(root):
    server, port, log = start(root, nofile=64)
    held = []
    try:
        for _ in range(80):
            held.append(socket.create_connection(("127.0.0.1", port), timeout=5))
    except OSError:
        pass
    time.sleep(0.5)
    before = cpu_seconds(server.pid)
    time.sleep(1.5)
    spent = cpu_seconds(server.pid) - before
    check(spent < 0.5, f"out of descriptors the server does not spin ({spent:.2f} s of CPU in 1.5 s)")
    check(any("out of file descriptors" in line for line in log), f"it says so in its log: {log[-5:]}")
    for s in held:
        s.close()
    time.sleep(1.5)
    status, _, _ = get(port, "/scenes", f"127.0.0.1:{port}")
    check(status == 200, f"descriptors free again: requests are answered (got {status})")
    stop(server)


if __name__ == "__main__":
    base.run_script("hostile_test", test_dns_rebinding, test_methods, test_slow_clients, test_per_client_bounds,
                    test_one_viewer_does_not_stall_another, test_out_of_descriptors, seconds=120)
