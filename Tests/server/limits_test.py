#!/usr/bin/env python3
"""Connections that must not escape `veil serve`'s limits (docs/SERVER.md, "Limits"), loopback only.

    python3 Tests/server/limits_test.py [path/to/veil]     (default: .build/debug/veil)

A client nobody here wrote (Python websockets, Debian's python3-websockets) and raw sockets check:
a WebSocket asking for another subprotocol is refused, so every upgraded connection is a counted
session; silent and half-open connections are closed after the configured timeouts; request
headers over 8 KiB get 431 and unfinished ones 408; a client
message over 64 KiB gets a close frame 1009, single or fragmented, with or without
permessage-deflate, and a large message under the bound arrives whole; 500 parallel clients all
get their keyframe. Stops by itself (watchdog).
"""
import asyncio
import os
import socket
import sys
import threading
import time

import websockets

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_test as base  # the raw RFC 6455 client, the throwaway repository, start/stop helpers
from serve_test import WebSocket, check

MAX_ACTION_BYTES = 65536


def refused_handshake(port, protocol):
    """The HTTP status of a WebSocket request asking for `protocol` (101 means upgraded)."""
    ws = WebSocket(port, "/ws?scene=alpha", protocol=protocol)
    status = ws.status
    ws.close()
    return status


async def ws_connect(port, **kwargs):
    return await websockets.connect(f"ws://127.0.0.1:{port}/ws?scene=alpha", subprotocols=["veil.v2"],
                                    max_size=None, open_timeout=5, close_timeout=2, **kwargs)


async def closed_with(ws, send, timeout=5.0):
    """Sends, then reads until the server closes; the (code, reason) of its close frame."""
    await ws.recv()  # the keyframe
    try:
        await send(ws)
        while True:
            await asyncio.wait_for(ws.recv(), timeout)
    except websockets.ConnectionClosed as closed:
        return (closed.rcvd.code, closed.rcvd.reason) if closed.rcvd else (None, "no close frame")
    except asyncio.TimeoutError:
        return (None, f"nothing within {timeout} s")


def test_subprotocols(root):
    server = base.start_server(root, "--port", "0", "--max-connections", "2")
    port = base.read_url(server)
    for protocol in ("veil-http", "veil.v1", "chat"):
        status = refused_handshake(port, protocol)
        check(status != 101, f"a WebSocket asking for subprotocol {protocol!r} is refused (got {status})")

    async def with_library():
        try:
            await websockets.connect(f"ws://127.0.0.1:{port}/ws?scene=alpha", subprotocols=["veil-http"], open_timeout=5)
            return "upgraded"
        except (websockets.InvalidHandshake, OSError, EOFError, asyncio.TimeoutError) as e:
            return type(e).__name__
    outcome = asyncio.run(with_library())
    check(outcome != "upgraded", f"websockets with subprotocol veil-http is not upgraded (got {outcome})")

    # Only real sessions count, and every upgraded connection is one: two sessions fill
    # --max-connections 2, so a third veil.v2 viewer is told 1013 at once.
    first, second = WebSocket(port, "/ws?scene=alpha"), WebSocket(port, "/ws?scene=beta")
    first.expect_binary("first session")
    second.expect_binary("second session")
    third = WebSocket(port, "/ws?scene=alpha")
    closed = third.expect_close("third session over --max-connections 2")
    check(closed.code == 1013, f"the third session gets 1013 (got {closed.code} {closed.reason!r})")
    for ws in (first, second, third):
        ws.close()
    server.terminate()
    server.wait(timeout=5)
    log = server.stderr.read()
    check("subprotocol veil-http" in log, f"the refused subprotocol is logged:\n{log}")


def test_timeouts(root):
    server = base.start_server(root, "--port", "0", "--idle-timeout", "2", "--handshake-timeout", "1")
    port = base.read_url(server)

    def seconds_until_server_closes(sock, limit=8.0):
        started = time.monotonic()
        sock.settimeout(limit)
        try:
            while sock.recv(4096):
                pass
        except socket.timeout:
            return None
        except ConnectionResetError:
            pass
        return time.monotonic() - started

    # A socket that connects and says nothing is closed; one that never finishes its headers is
    # told 408 first.
    silent = socket.create_connection(("127.0.0.1", port))
    waited = seconds_until_server_closes(silent)
    check(waited is not None and 0.8 < waited < 4, f"a silent socket is closed after --handshake-timeout 1 (waited {waited})")
    silent.close()
    slow = socket.create_connection(("127.0.0.1", port))
    slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    slow.settimeout(4)
    started, answer = time.monotonic(), b""
    try:
        while chunk := slow.recv(4096):
            answer += chunk
    except (socket.timeout, ConnectionResetError):
        pass
    waited = time.monotonic() - started
    check(answer.startswith(b"HTTP/1.1 408 ") and 0.8 < waited < 4,
          f"unfinished headers get 408 after --handshake-timeout 1 (got {answer[:40]!r} after {waited:.1f} s)")
    slow.close()

    # A viewer that answers nothing: pinged after half the idle timeout, closed with 1001 at its end.
    mute = WebSocket(port, "/ws?scene=alpha")
    mute.expect_binary("keyframe on the mute connection")
    mute.sock.settimeout(6)
    opened, pinged, code = time.monotonic(), None, None
    try:
        while True:
            b0, b1 = mute._read(2)
            payload = mute._read(b1 & 0x7F)
            if b0 & 0x0F == 0x9 and pinged is None:
                pinged = time.monotonic() - opened
            if b0 & 0x0F == 0x8:
                code = int.from_bytes(payload[:2], "big")
                reason = payload[2:].decode()
                break
    except (socket.timeout, base.Closed) as e:
        raise AssertionError(f"the mute connection was not closed with a close frame: {e}")
    closed_after = time.monotonic() - opened
    check(pinged is not None and 0.8 <= pinged <= 2.0, f"a silent viewer is pinged at about 1 s (got {pinged})")
    check(code == 1001 and "idle" in reason and 1.8 <= closed_after <= 4.0,
          f"a silent viewer is closed with 1001 idle at about 2 s (got {code} {reason!r} after {closed_after:.1f} s)")
    mute.close()

    # A viewer that answers pings (the library does) stays, however long it sends nothing itself.
    async def quiet_but_alive():
        ws = await ws_connect(port)
        await ws.recv()
        await asyncio.sleep(3.5)
        await ws.send('{"keyframe": true}')
        message = await asyncio.wait_for(ws.recv(), 3)
        await ws.close()
        return message
    check(len(asyncio.run(quiet_but_alive())) > 0, "a viewer that answers pings outlives the idle timeout")
    server.terminate()
    server.wait(timeout=5)


def http_status(port, request, read_for=3.0):
    sock = socket.create_connection(("127.0.0.1", port), timeout=read_for)
    sock.sendall(request)
    answer = b""
    try:
        while b"\r\n\r\n" not in answer and (chunk := sock.recv(4096)):
            answer += chunk
    except (socket.timeout, ConnectionResetError) as e:
        return f"no answer ({type(e).__name__})"
    finally:
        sock.close()
    return answer.split(b"\r\n", 1)[0].decode("latin-1")


def test_long_headers(root):
    server = base.start_server(root, "--port", "0")
    port = base.read_url(server)
    def request(path, extra_header_bytes, upgrade=False):
        lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "X-Padding: " + "a" * extra_header_bytes]
        if upgrade:
            lines += ["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
                      "Sec-WebSocket-Version: 13", "Sec-WebSocket-Protocol: veil.v2"]
        return ("\r\n".join(lines) + "\r\n\r\n").encode()
    status = http_status(port, request("/scenes", 6000))
    check(status == "HTTP/1.1 200 OK", f"6 KB of request headers are served (got {status!r})")
    status = http_status(port, request("/ws?scene=alpha", 6000, upgrade=True))
    check(status.startswith("HTTP/1.1 101"), f"a WebSocket with 6 KB of headers is upgraded (got {status!r})")
    for path, upgrade in (("/scenes", False), ("/ws?scene=alpha", True)):
        status = http_status(port, request(path, 9000, upgrade))
        check(status.startswith("HTTP/1.1 431"), f"{path} with 9 KB of headers gets 431 (got {status!r})")
        status = http_status(port, request(path, 200_000, upgrade))
        check(status.startswith("HTTP/1.1 431"), f"{path} with 200 KB of headers gets 431, not a reset (got {status!r})")
    # A kept-alive connection's later request never reaches lws' own parser (which drops long
    # headers unanswered): the server answers, then closes; the client's next request, on a new
    # connection, goes through the bound again and gets its 431.
    for keep_alive in ("", "Connection: keep-alive\r\n"):
        sock = socket.create_connection(("127.0.0.1", port), timeout=3)
        sock.sendall(f"GET /scenes HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{keep_alive}\r\n".encode())
        answer = b""
        try:
            while chunk := sock.recv(4096):
                answer += chunk
            closed = True
        except socket.timeout:
            closed = False
        sock.close()
        check(answer.startswith(b"HTTP/1.1 200") and b'"alpha"' in answer,
              f"a kept-alive request {keep_alive.strip()!r} is answered (got {answer[:80]!r})")
        check(closed, f"the connection closes after its answer, {keep_alive.strip()!r} or not (no later request for lws to drop)")
    after = WebSocket(port, "/ws?scene=beta")
    after.expect_binary("a viewer after the long headers")
    after.close()
    server.terminate()
    server.wait(timeout=5)


def test_oversized(root):
    server = base.start_server(root, "--port", "0")
    port = base.read_url(server)
    padding = " " * (MAX_ACTION_BYTES + 10)

    async def cases():
        results = {}
        for compression in (None, "deflate"):
            async def single(ws):
                await ws.send('{"input":' + padding + "}")

            async def fragmented(ws):
                await ws.send(['{"input":'] + [" " * 4000] * 20 + ["}"])

            for name, send in (("single", single), ("fragmented", fragmented)):
                ws = await ws_connect(port, compression=compression)
                results[(name, compression)] = await closed_with(ws, send)
            # A message just under the bound arrives whole (here a padded keyframe request).
            ws = await ws_connect(port, compression=compression)
            await ws.recv()
            big = '{"keyframe":' + " " * (MAX_ACTION_BYTES - 100) + "true}"
            await ws.send([big[i:i + 5000] for i in range(0, len(big), 5000)])
            results[("under the bound", compression)] = len(await asyncio.wait_for(ws.recv(), 5)) > 0
            await ws.close()
        return results

    for (name, compression), outcome in asyncio.run(cases()).items():
        if name == "under the bound":
            check(outcome, f"a {MAX_ACTION_BYTES - 100}-byte fragmented message (compression {compression}) is answered")
        else:
            check(outcome[0] == 1009 and "larger than" in outcome[1],
                  f"a {name} message over 64 KiB (compression {compression}) gets close 1009 (got {outcome})")

    # A client streaming megabytes in fragments reads a close frame 1009, not a dropped socket.
    raw = WebSocket(port, "/ws?scene=alpha")
    raw.expect_binary("keyframe before streaming")

    def stream():
        try:
            raw.send_frame(0x1, b'{"input":', fin=False)
            for _ in range(20):
                raw.send_frame(0x0, b" " * 500_000, fin=False)
        except OSError:
            pass  # the server closed while we were still sending: expected
    sender = threading.Thread(target=stream, daemon=True)
    sender.start()
    closed = raw.expect_close("streaming 10 MB", timeout=10)
    check(closed.code == 1009, f"streaming 10 MB of fragments gets close 1009 (got {closed.code} {closed.reason!r})")
    sender.join(timeout=10)
    raw.close()

    # The server is still serving others.
    after = WebSocket(port, "/ws?scene=beta")
    after.expect_binary("a new viewer after the oversized ones")
    after.close()
    server.terminate()
    server.wait(timeout=5)


def test_many_clients(root):
    # 500 viewers from one address: a load test, past the per-client bound (64) on purpose.
    server = base.start_server(root, "--port", "0", "--max-connections-per-client", "500")
    port = base.read_url(server)
    # Two log lines per client: read them as they come, or the pipe fills and the server blocks.
    threading.Thread(target=lambda: server.stderr.read(), daemon=True).start()

    async def clients(count):
        async def one(k):
            ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws?scene={'alpha' if k % 2 else 'gamma'}",
                                          subprotocols=["veil.v2"], open_timeout=20, close_timeout=2)
            first = await asyncio.wait_for(ws.recv(), 20)
            while isinstance(first, str):  # {"session": TOKEN} comes first
                first = await asyncio.wait_for(ws.recv(), 20)
            return ws, first
        results = await asyncio.gather(*(one(k) for k in range(count)), return_exceptions=True)
        opened = [r for r in results if not isinstance(r, BaseException)]
        await asyncio.gather(*(ws.close() for ws, _ in opened))
        return sum(1 for _, first in opened if isinstance(first, bytes) and len(first) > 0), \
            [repr(r) for r in results if isinstance(r, BaseException)][:3]
    got, errors = asyncio.run(clients(500))
    check(got == 500, f"500 parallel clients all get their keyframe (got {got}; {errors})")
    server.terminate()
    server.wait(timeout=5)


if __name__ == "__main__":
    base.run_script("limits_test", test_subprotocols, test_timeouts, test_long_headers, test_oversized, test_many_clients)
