#!/usr/bin/env python3
"""End-to-end test of `veil serve` (docs/SERVER.md), loopback only, standard library only.

    python3 Tests/server/serve_test.py [path/to/veil]     (default: .build/debug/veil)

Lays out a throwaway repository (Web/, examples/, .build/wasm/veil.wasm), starts the server there
on a free port (--port 0), and checks what a viewer relies on: the files and their content types,
/scenes, the veil.v2 WebSocket (first message, input, keyframe requests), that a bad message closes
only its own connection with a status and a reason, the origin check, and a clean stop on SIGINT.
Finishes by itself: a watchdog fails the run after 30 s.
"""
import base64
import hashlib
import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import zlib

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VEIL = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, ".build/debug/veil"))
WASM_BYTES = b"\0asm\x01\0\0\0"
SCENE = '{"canvas": {"width": 200, "height": 100}, "background": "%s", "root": {"type": "view", "id": "root"}}'

checks = 0


def changing_scene(views, rate=8, seconds=60, width=1000, height=600):
    """A scene whose `views` views all move `rate` times a second for `seconds` s: a horizontal stack
    whose children share its width, which its timeline grows by a point each time, so each change is
    an update of every view (about 4 bytes each). The load the server tests put on a session that
    changes all the time: an activity indicator no longer is one (its turn is declared once, sent
    with its keyframe)."""
    children = [{"type": "view", "id": f"v{i}", "background": "#007AFF" if i % 2 else "#34C759"} for i in range(views)]
    steps = int(seconds * rate)
    timeline = [{"t": k / rate, "command": {"set": {"node": "bars", "frame": {"x": 0, "y": 0, "width": width // 2 + k % (width // 2), "height": 20}}}}
                for k in range(1, steps + 1)]
    return {"canvas": {"width": width, "height": height}, "background": "#FFFFFF",
            "root": {"type": "view", "id": "root", "children": [
                {"type": "stack", "id": "bars", "axis": "horizontal", "frame": {"x": 0, "y": 0, "width": width // 2, "height": 20},
                 "children": children}]},
            "timeline": timeline}


def check(condition, what):
    global checks
    if not condition:
        raise AssertionError(what)
    checks += 1


# --- a minimal RFC 6455 client (masked frames, fragments, close frames) ---------------------------

class Closed(Exception):
    def __init__(self, code, reason):
        super().__init__(f"closed {code} {reason!r}")
        self.code, self.reason = code, reason


class WebSocket:
    def __init__(self, port, path, protocol="veil.v2", origin=None, deflate=False, timeout=5.0, source=None, host=None):
        # `source`: another loopback address (127.0.0.2 …) to be another client; `host`: the Host header.
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                             source_address=(source, 0) if source else None)
        self.buffer = b""
        self.session_token = None
        self.inflater = None
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET {path} HTTP/1.1", f"Host: {host or f'127.0.0.1:{port}'}", "Upgrade: websocket",
                 "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        if protocol:
            lines.append(f"Sec-WebSocket-Protocol: {protocol}")
        if origin:
            lines.append(f"Origin: {origin}")
        if deflate:  # what Chromium offers
            lines.append("Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                break
            self.buffer += chunk
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        self.status = int(status_line.split()[1]) if len(status_line.split()) > 1 else 0
        self.headers = {k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in header_lines)}
        if self.status == 101:
            accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()).decode()
            check(self.headers.get("sec-websocket-accept") == accept, "handshake: Sec-WebSocket-Accept is right")
            if "permessage-deflate" in self.headers.get("sec-websocket-extensions", ""):
                self.inflater = zlib.decompressobj(-15)

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Closed(1006, "connection dropped without a close frame")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def send_frame(self, opcode, payload, fin=True):
        mask = os.urandom(4)
        n = len(payload)
        head = bytes([(0x80 if fin else 0) | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(head + mask + masked)

    def send_json(self, obj):
        self.send_frame(0x1, json.dumps(obj).encode())

    def receive(self, timeout=3.0):
        """The next whole data message as (opcode, bytes); raises Closed on a close frame."""
        self.sock.settimeout(timeout)
        message, first_opcode, compressed = b"", None, False
        while True:
            b0, b1 = self._read(2)
            opcode, fin, n = b0 & 0x0F, b0 & 0x80, b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            if opcode == 0x8:
                code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else 1005
                try:  # answer like a browser does, so the server can finish the close
                    self.send_frame(0x8, struct.pack(">H", code if code != 1005 else 1000))
                except OSError:
                    pass
                raise Closed(code, payload[2:].decode("utf-8", "replace"))
            if opcode == 0x9:
                self.send_frame(0xA, payload)
                continue
            if opcode == 0xA:
                continue
            if opcode != 0x0:
                first_opcode, compressed = opcode, bool(b0 & 0x40)
            message += payload
            if fin:
                if compressed:
                    message = self.inflater.decompress(message + b"\x00\x00\xff\xff")
                if first_opcode == 0x1 and self._took_session_token(message):
                    message, first_opcode, compressed = b"", None, False
                    continue
                return first_opcode, message

    def _took_session_token(self, text):
        """Keeps the token of `{"session": TOKEN}` (what the server names a private session by, for
        a resume), as a viewer does; true when the notice said nothing else."""
        try:
            notice = json.loads(text)
        except ValueError:
            return False
        if not isinstance(notice, dict) or not isinstance(notice.get("session"), str):
            return False
        self.session_token = notice["session"]
        return len(notice) == 1

    def expect_binary(self, what, timeout=3.0):
        try:
            opcode, data = self.receive(timeout)
        except socket.timeout:
            raise AssertionError(f"{what}: no message within {timeout} s")
        except Closed as closed:
            raise AssertionError(f"{what}: connection closed instead ({closed.code} {closed.reason!r})")
        check(opcode == 0x2 and len(data) > 0, f"{what}: a binary message")
        return data

    def expect_close(self, what, timeout=3.0):
        try:
            while True:
                self.receive(timeout)  # frames queued before the close are fine
        except Closed as closed:
            return closed
        except socket.timeout:
            raise AssertionError(f"{what}: the server did not close the connection within {timeout} s")

    def close(self):
        self.sock.close()


# --- helpers ---------------------------------------------------------------------------------------

def http_get(port, path, method="GET"):
    try:
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method)
        with urllib.request.urlopen(request, timeout=5) as r:
            return r.status, r.headers.get("Content-Type", ""), r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type", ""), e.read()


def listening_addresses(port):
    """The local IPv4/IPv6 addresses of the sockets listening on `port` (Linux /proc/net)."""
    found = set()
    for table, width in (("/proc/net/tcp", 8), ("/proc/net/tcp6", 32)):
        with open(table) as f:
            for line in f.readlines()[1:]:
                fields = line.split()
                address, _, hex_port = fields[1].partition(":")
                if fields[3] == "0A" and int(hex_port, 16) == port:
                    if width == 8:
                        found.add(socket.inet_ntop(socket.AF_INET, bytes.fromhex(address)[::-1]))
                    else:
                        words = b"".join(bytes.fromhex(address[i:i + 8])[::-1] for i in range(0, 32, 8))
                        found.add(socket.inet_ntop(socket.AF_INET6, words))
    return found


def make_repository(root):
    os.makedirs(os.path.join(root, "Web"))
    os.makedirs(os.path.join(root, "examples"))
    os.makedirs(os.path.join(root, ".build/wasm"))
    index = os.path.join(REPO, "Web/index.html")
    if os.path.exists(index):
        shutil.copy(index, os.path.join(root, "Web/index.html"))
    else:
        with open(os.path.join(root, "Web/index.html"), "w") as f:
            f.write("<!doctype html><title>Veil</title>\n")
    with open(os.path.join(root, "Web/probe.mjs"), "w") as f:
        f.write("export const probe = 1;\n")
    with open(os.path.join(root, ".build/wasm/veil.wasm"), "wb") as f:
        f.write(WASM_BYTES)
    for name, colour in (("alpha", "#FF0000"), ("beta", "#0000FF")):
        with open(os.path.join(root, "examples", name + ".json"), "w") as f:
            f.write(SCENE % colour)
    # A scene whose own timeline changes the frame 0.5 s after a viewer connects.
    with open(os.path.join(root, "examples", "gamma.json"), "w") as f:
        f.write(SCENE[:-1] % "#00FF00" + ', "timeline": [{"t": 0.5, "input": {"resize": {"width": 250, "height": 120}}}]}')
    with open(os.path.join(root, "examples", "README.txt"), "w") as f:
        f.write("not a scene\n")


processes = []


def start_server(cwd, *args):
    processes.append(subprocess.Popen([VEIL, "serve", *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=dict(os.environ, SWIFT_BACKTRACE="enable=no")))
    return processes[-1]


def read_url(server):
    line = server.stdout.readline()
    match = re.fullmatch(r"Veil preview: http://127\.0\.0\.1:(\d+)/\n", line)
    if not match:
        server.kill()
        raise AssertionError(f"expected 'Veil preview: http://127.0.0.1:PORT/', got {line!r}; "
                             f"stderr: {server.stderr.read()}")
    return int(match.group(1))


# --- the test --------------------------------------------------------------------------------------

def test_serving(root):
    server = start_server(root, "--port", "0", "--fps", "30")
    port = read_url(server)
    check(port > 0, "the printed URL has the port actually bound (--port 0)")
    check(listening_addresses(port) == {"127.0.0.1"}, f"listens on 127.0.0.1 only (got {listening_addresses(port)})")

    # Static files and their content types.
    status, ctype, body = http_get(port, "/")
    with open(os.path.join(root, "Web/index.html"), "rb") as f:
        check(status == 200 and ctype.startswith("text/html") and body == f.read(), "GET / serves Web/index.html")
    status, ctype, body = http_get(port, "/veil.wasm")
    check((status, ctype, body) == (200, "application/wasm", WASM_BYTES),
          f"GET /veil.wasm serves .build/wasm/veil.wasm as application/wasm (got {status} {ctype})")
    status, ctype, body = http_get(port, "/veil.wasm", method="HEAD")
    check((status, ctype, body) == (200, "application/wasm", b""),
          f"HEAD /veil.wasm answers like GET, without a body (got {status} {ctype}, {len(body)} bytes)")
    status, ctype, _ = http_get(port, "/probe.mjs")
    check(status == 200 and ctype.startswith("text/javascript"), f"GET /probe.mjs is text/javascript (got {status} {ctype})")
    status, _, _ = http_get(port, "/missing.html")
    check(status == 404, "a missing file is 404")

    # The scene list: every examples/*.json by base name, in order.
    for path in ("/scenes", "/scenes.json"):
        status, ctype, body = http_get(port, path)
        check(status == 200 and ctype.startswith("application/json") and json.loads(body) == ["alpha", "beta", "gamma"],
              f"GET {path} lists the demo scenes (got {status} {body!r})")

    # The JSON Schemas, as `veil schema` writes them (docs/SCENE.md, "Schema").
    for path, args in (("/schema.json", []), ("/events.schema.json", ["--events"])):
        status, ctype, body = http_get(port, path)
        expected = subprocess.run([VEIL, "schema", *args], capture_output=True).stdout
        check(status == 200 and ctype.startswith("application/schema+json") and body == expected,
              f"GET {path} is `veil schema {' '.join(args)}` (got {status} {ctype})")

    # Two viewers, each gets its keyframe.
    a = WebSocket(port, "/ws?scene=alpha")
    check(a.status == 101 and a.headers.get("sec-websocket-protocol") == "veil.v2", "ws upgrade with veil.v2")
    a.expect_binary("first message on connection A")
    b = WebSocket(port, "/ws?scene=beta")
    b.expect_binary("first message on connection B")

    # Each session runs on the time since its connection opened: the timeline's change at 0.5 s
    # arrives then, by the server's own ticks, with nothing sent by the viewer.
    g = WebSocket(port, "/ws?scene=gamma")
    opened = time.monotonic()
    g.expect_binary("first message on gamma")
    try:
        g.receive(timeout=0.3)
        raise AssertionError("gamma: no message before its timeline entry at 0.5 s")
    except socket.timeout:
        pass
    g.expect_binary("gamma's timeline change", timeout=10.0)
    elapsed = time.monotonic() - opened
    # Never before its time; how late on a loaded machine is not this test's business.
    check(elapsed >= 0.45, f"the timeline change arrives no earlier than its 0.5 s (got {elapsed:.2f} s)")
    g.close()

    # A valid input changes the frame (a resize), so a new message follows; a keyframe request too.
    a.send_json({"input": {"resize": {"width": 300, "height": 150}}})
    a.expect_binary("message after a resize input on A")
    a.send_json({"keyframe": True})
    a.expect_binary("keyframe after {\"keyframe\": true} on A")

    # A malformed message closes A only, with 1007 and a reason.
    a.send_frame(0x1, b'{"input": ')
    closed = a.expect_close("malformed JSON on A")
    check(closed.code == 1007 and closed.reason, f"malformed JSON closes with 1007 and a reason (got {closed.code} {closed.reason!r})")
    a.close()
    b.send_json({"keyframe": True})
    b.expect_binary("B keeps receiving after A was closed")

    # Other rejections, each on its own connection.
    def rejected(path, send, expected_code, reason_part, **kwargs):
        ws = WebSocket(port, path, **kwargs)
        check(ws.status == 101, f"{path}: upgraded")
        send(ws)
        closed = ws.expect_close(f"{path}: rejection")
        check(closed.code == expected_code and reason_part in closed.reason,
              f"{path}: closes with {expected_code} and a reason containing {reason_part!r} (got {closed.code} {closed.reason!r})")
        ws.close()

    rejected("/ws?scene=nope", lambda ws: None, 1008, "unknown scene")
    rejected("/ws?scene=alpha", lambda ws: ws.send_frame(0x2, b"\x01\x02"), 1003, "binary")
    rejected("/ws?scene=alpha", lambda ws: ws.send_frame(0x1, b'{"keyframe": \xff}'), 1007, "utf8")

    # A well-formed command the session refuses (an unknown node) is reported, not closed for.
    refused = WebSocket(port, "/ws?scene=alpha")
    refused.expect_binary("first message before a refused command")
    refused.send_json({"command": {"set": {"node": "no-such-node", "hidden": True}}})
    opcode, data = refused.receive()
    notice = json.loads(data) if opcode == 0x1 else {}
    check(any("no-such-node" in line and "no node" in line for line in notice.get("refused", [])),
          f"a refused command is reported to its viewer as {{\"refused\": [...]}} (got {opcode} {data[:200]!r})")
    refused.send_json({"keyframe": True})
    refused.expect_binary("the connection stays open after a refused command")
    refused.close()

    def oversized(ws):
        ws.expect_binary("first message before the oversized one")
        chunk = b" " * 40000
        ws.send_frame(0x1, b'{"input":' + chunk, fin=False)
        ws.send_frame(0x0, chunk, fin=False)
        ws.send_frame(0x0, b"}", fin=True)
    rejected("/ws?scene=beta", oversized, 1009, "larger than")

    # permessage-deflate, as Chromium negotiates it: the messages still arrive whole.
    squeezed = WebSocket(port, "/ws?scene=alpha", deflate=True)
    check("permessage-deflate" in squeezed.headers.get("sec-websocket-extensions", ""), "permessage-deflate accepted")
    squeezed.expect_binary("first message with permessage-deflate")
    squeezed.send_json({"input": {"resize": {"width": 320, "height": 160}}})
    squeezed.expect_binary("message after a resize with permessage-deflate")
    squeezed.close()

    # A browser's `new WebSocket(url)` without a subprotocol lands on the same protocol.
    plain = WebSocket(port, "/ws", protocol=None)
    check(plain.status == 101, "ws upgrade without a subprotocol")
    plain.expect_binary("first message without a subprotocol (default scene)")
    plain.close()

    # Origin: same host:port and none are accepted; another site is refused at the handshake.
    same = WebSocket(port, "/ws?scene=alpha", origin=f"http://127.0.0.1:{port}")
    check(same.status == 101, "same-host origin accepted")
    same.close()
    evil = WebSocket(port, "/ws?scene=alpha", origin="http://evil.example")
    check(evil.status != 101, f"a foreign origin is refused (got {evil.status})")
    evil.close()

    b.send_json({"keyframe": True})
    b.expect_binary("B still receiving at the end")

    # SIGINT: B is told why, the process exits 0.
    server.send_signal(signal.SIGINT)
    closed = b.expect_close("stop on SIGINT")
    check(closed.code == 1001, f"stop closes viewers with 1001 (got {closed.code} {closed.reason!r})")
    b.close()
    try:
        code = server.wait(timeout=5)
    except subprocess.TimeoutExpired:
        server.kill()
        raise AssertionError("the server did not stop within 5 s of SIGINT")
    log = server.stderr.read()
    check(code == 0, f"exit status 0 after SIGINT (got {code}); log:\n{log}")
    check(re.search(r"connection \d+ opened: scene alpha", log) and re.search(r"connection \d+ closed: scene beta", log),
          f"one log line per connection open and close, with the scene:\n{log}")
    check("1007" in log, f"the rejected message is logged:\n{log}")


def test_connection_bound(root):
    server = start_server(root, "--port", "0", "--max-connections", "1")
    port = read_url(server)
    first = WebSocket(port, "/ws?scene=alpha")
    first.expect_binary("first connection under --max-connections 1")
    second = WebSocket(port, "/ws?scene=alpha")
    closed = second.expect_close("second connection over --max-connections 1")
    check(closed.code == 1013 and "too many" in closed.reason, f"over the bound: 1013 (got {closed.code} {closed.reason!r})")
    first.send_json({"keyframe": True})
    first.expect_binary("the first connection is untouched")
    server.send_signal(signal.SIGTERM)
    check(server.wait(timeout=5) == 0, "exit status 0 after SIGTERM")


def test_startup_errors(root):
    bad = os.path.join(root, "bad.json")
    with open(bad, "w") as f:
        f.write('{"root": {"type": "nonsense"}}\n')
    server = start_server(root, "--port", "0", bad)
    try:
        _, err = server.communicate(timeout=5)
    except subprocess.TimeoutExpired:
        server.kill()
        raise AssertionError("a bad scene file must stop the server at startup")
    check(server.returncode == 1 and re.search(re.escape(bad) + r":\d+:\d+: ", err),
          f"a bad scene exits 1 with file:line:column (got {server.returncode}: {err!r})")

    server = start_server(root, "--port", "0", os.path.join(root, "missing.json"))
    _, err = server.communicate(timeout=5)
    check(server.returncode == 1 and "No such file or directory" in err, f"a missing scene file says why (got {err!r})")

    # In a served folder one broken file does not stop the others: it is served under its error.
    folder = os.path.join(root, "mixed")
    os.makedirs(folder)
    shutil.copy(bad, os.path.join(folder, "bad.json"))
    with open(os.path.join(folder, "good.json"), "w") as f:
        f.write(SCENE % "#FF0000")
    server = start_server(root, "--port", "0", folder)
    port = read_url(server)
    status, _, body = http_get(port, "/scenes")
    check(status == 200 and json.loads(body) == ["bad", "good"], f"both scenes are listed (got {status} {body!r})")
    viewer = WebSocket(port, "/ws?scene=bad")
    opcode, data = viewer.receive()
    check(opcode == 0x1 and "bad.json:1:" in json.loads(data).get("sceneError", ""), f"its viewer is told the error (got {data[:200]!r})")
    viewer.close()
    status, _, _ = http_get(port, "/scenes/anything")
    check(status == 404, f"GET /scenes/anything is 404, not the list (got {status})")
    server.terminate()
    server.wait(timeout=5)

    server = start_server(root, "--port", "0", "--web-root", os.path.join(root, "no-such-dir"))
    _, err = server.communicate(timeout=5)
    check(server.returncode == 1 and "--web-root" in err, f"a missing web root exits 1 and says so (got {err!r})")

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    server = start_server(root, "--port", str(taken.getsockname()[1]))
    _, err = server.communicate(timeout=5)
    taken.close()
    check(server.returncode == 1 and "in use" in err, f"a port in use exits 1 and says so (got {err!r})")

    server = start_server(root, "--port", "0", "--host", "no-such-host")
    _, err = server.communicate(timeout=5)
    check(server.returncode == 1 and "IP address" in err, f"a --host that is not an IP address exits 1 (got {err!r})")


def run_script(name, *tests, seconds=60):
    """Runs `tests` (functions of a scratch repository folder) as the script `name`: a watchdog ends it
    after `seconds`, a failed check exits 1 with its reason, and no server it started outlives it."""
    if not os.access(VEIL, os.X_OK):
        sys.exit(f"{name}: {VEIL} not found; run `swift build --product veil` first")
    watchdog = threading.Timer(seconds, lambda: (print(f"{name}: FAILED: took longer than {seconds} s", flush=True), os._exit(1)))
    watchdog.daemon = True
    watchdog.start()
    root = tempfile.mkdtemp(prefix=f"veil-{name}-")
    started = time.monotonic()
    try:
        make_repository(root)
        for test in tests:
            test(root)
    except AssertionError as error:
        print(f"{name}: FAILED: {error}", flush=True)
        sys.exit(1)
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
        shutil.rmtree(root, ignore_errors=True)
    print(f"{name}: ok ({checks} checks, {time.monotonic() - started:.1f} s)")


if __name__ == "__main__":
    run_script("serve_test", test_serving, test_connection_bound, test_startup_errors, seconds=30)
