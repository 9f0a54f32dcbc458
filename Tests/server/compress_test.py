#!/usr/bin/env python3
"""Brotli and gzip for veil.wasm, veil.js and the fonts (docs/SERVER.md, "Paths"), with a raw HTTP client.

    python3 Tests/server/compress_test.py [path/to/veil]     (default: .build/debug/veil)

Against a copy of Web/veil.js and Web/fonts and a veil.wasm: with `Accept-Encoding: gzip, deflate, br`
(a browser's) each comes as `Content-Encoding: br`, with `gzip` as `Content-Encoding: gzip`, each with
`Vary: Accept-Encoding` and decoding to the file's bytes (but woff2, compressed inside already, which
gzip would make larger); q values choose between the two (Debian's python3-brotli decodes);
without it, or with `gzip;q=0`, the file comes as it is; a rebuilt veil.wasm is compressed again;
names outside the fonts folder are not served. Stops by itself (watchdog).
"""
import brotli
import gzip
import os
import shutil
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_test as base
from serve_test import check

WEB = os.path.join(base.REPO, "Web")


def raw_get(port, path, accept=None):
    """(status, headers {lowercase name: value}, body) of one HTTP/1.1 GET, read to the end."""
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
    if accept is not None:
        request += f"Accept-Encoding: {accept}\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall((request + "\r\n").encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if "content-length" in headers:
        body = body[:int(headers["content-length"])]
    return int(lines[0].split()[1]), headers, body


def test_compression(root):
    shutil.copy(os.path.join(WEB, "veil.js"), os.path.join(root, "Web", "veil.js"))
    shutil.copytree(os.path.join(WEB, "fonts"), os.path.join(root, "Web", "fonts"))
    wasm = os.path.join(root, ".build", "wasm", "veil.wasm")
    with open(wasm, "wb") as f:
        f.write(base.WASM_BYTES + bytes(range(256)) * 512)  # 128 KiB that compress well

    server = base.start_server(root, "--port", "0")
    port = base.read_url(server)
    try:
        files = {"/veil.js": os.path.join(root, "Web", "veil.js"), "/veil.wasm": wasm,
                 "/fonts/Inter-Regular.woff2": os.path.join(root, "Web", "fonts", "Inter-Regular.woff2"),
                 "/fonts/inter.css": os.path.join(root, "Web", "fonts", "inter.css")}
        types = {"/veil.js": "text/javascript", "/veil.wasm": "application/wasm",
                 "/fonts/Inter-Regular.woff2": "font/woff2", "/fonts/inter.css": "text/css"}
        for path, file in files.items():
            with open(file, "rb") as f:
                original = f.read()
            status, headers, body = raw_get(port, path, "gzip, deflate, br")
            check(status == 200 and headers.get("content-type") == types[path], f"{path}: {status} {headers}")
            check("accept-encoding" in headers.get("vary", "").lower(), f"{path} varies on Accept-Encoding: {headers}")
            if path.endswith(".woff2"):
                # woff2 is compressed inside (Brotli): gzip would make it larger, so it comes as it is.
                check(len(gzip.compress(original, 9)) >= len(original), "woff2 does not shrink")
                check("content-encoding" not in headers and body == original, f"{path} as it is: {headers}")
                continue
            check(headers.get("content-encoding") == "br", f"{path} in Brotli when a browser accepts it: {headers}")
            check(brotli.decompress(body) == original, f"{path} decodes from Brotli to the file")
            brotli_size = len(body)
            status, headers, body = raw_get(port, path, "gzip")
            check(status == 200 and "accept-encoding" in headers.get("vary", "").lower(), f"{path} gzip: {status} {headers}")
            check(headers.get("content-encoding") == "gzip", f"{path} gzipped when accepted: {headers}")
            check(gzip.decompress(body) == original, f"{path} inflates to the file")
            check(len(body) < len(original) and brotli_size < len(original),
                  f"{path}: {brotli_size} bytes in Brotli, {len(body)} gzipped < {len(original)}")
            print(f"  {path}: {len(original)} → {brotli_size} bytes Brotli, {len(body)} bytes gzip")
            for accept, expected in (("br;q=0, gzip", "gzip"), ("gzip;q=1, br;q=0.5", "gzip"), ("br", "br"),
                                     ("*", "br"), ("gzip;q=0.5, br;q=0.8", "br")):
                status, headers, body = raw_get(port, path, accept)
                decode = brotli.decompress if expected == "br" else gzip.decompress
                check(status == 200 and headers.get("content-encoding") == expected and decode(body) == original,
                      f"{path} with Accept-Encoding {accept!r}: {expected} ({status} {headers})")
            for accept in (None, "gzip;q=0", "identity", "br;q=0, gzip;q=0"):
                status, headers, body = raw_get(port, path, accept)
                check(status == 200 and "content-encoding" not in headers and body == original,
                      f"{path} as it is with Accept-Encoding {accept!r}: {status} {headers}")

        # A rebuilt veil.wasm is compressed again (the cache follows size and modification time).
        time.sleep(0.01)
        with open(wasm, "wb") as f:
            f.write(base.WASM_BYTES + bytes(range(128)) * 1024)
        with open(wasm, "rb") as f:
            rebuilt = f.read()
        status, headers, body = raw_get(port, "/veil.wasm", "gzip")
        check(status == 200 and gzip.decompress(body) == rebuilt, "the rebuilt veil.wasm, compressed again")
        status, headers, body = raw_get(port, "/veil.wasm", "br")
        check(status == 200 and brotli.decompress(body) == rebuilt, "the rebuilt veil.wasm, in Brotli again")

        for path in ("/fonts/../index.html", "/fonts/%2e%2e/index.html", "/fonts/.hidden.css", "/fonts/nope.woff2",
                     "/fonts/inter.css/x", "/fonts/"):
            status, headers, body = raw_get(port, path, "gzip")
            # lws resolves "/fonts/../index.html" to "/index.html": the web root's own page, not a font.
            inside = "../" in path or "%2e%2e/" in path
            check(status == 404 or (inside and status == 200 and body.startswith(b"<!doctype html>")),
                  f"{path}: {status} (only fonts are served from /fonts/)")
    finally:
        server.terminate()
        server.wait(timeout=5)


if __name__ == "__main__":
    base.run_script("compress_test", test_compression)
