"""The local site the page benchmarks and the page-weight test load pages from, counting what it
sends: one server (loopback, a free port, a thread per connection, HTTP/1.1 keep-alive) that serves,
as a CDN would, text gzip-compressed when the request accepts it (veil.wasm included; woff2 and
images as they are), with ordinary caching (`max-age`, ETag):

- /veil/ — Web/ (`web`), and /veil/veil.wasm (`wasm`);
- /fonts/ — Web/fonts/ (the faces the pages' own HTML is set in);
- /<name> — files of the `pages` folders, in order (the pages, and files made for them: the quick
  start's /feed.json and /feed-first.svg, `make_files`);
- /api/feed — the feed's rows as JSON, and /post/42.html — the same rows as the feed's HTML, each
  answered after `api_ms` as a real API would be (and, while `site.hold` is an unset
  threading.Event, not before it is set: a test holds the data until the page has drawn its
  skeleton); /api/feed-down — a feed that is down: 503 after `api_ms` (so is /api/feed while
  `site.feed_fails`);
- /blank — an empty page of the same origin, to start each load from.

`site.load` counts what the server sends — the status line, headers and body of every response,
the workers' requests included (resource timing in the page does not see a worker's fetches) —
one record per response; `site.load.reset()` before each load. Used by Benchmarks/page_content.py
and Tests/browser/test_page_weight.py.
"""

import gzip
import hashlib
import html
import http.server
import json
import mimetypes
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path


TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".json": "application/json", ".svg": "image/svg+xml", ".wasm": "application/wasm",
         ".woff2": "font/woff2", ".txt": "text/plain; charset=utf-8", ".ts": "text/plain; charset=utf-8"}
# Sent as they are: already compressed.
STORED = {".woff2", ".woff", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".gz", ".br", ".zip"}
# The longest /api/feed waits for `site.hold`.
HOLD_LIMIT = 30


def feed_rows_html(rows):
    """The feed as the pages' own HTML draws it (the heading, then a row per item)."""
    items = "".join(
        f'<li class="row"><span class="avatar"></span><span class="text"><span class="title">{html.escape(r["title"])}</span>'
        f'<span class="subtitle">{html.escape(r["subtitle"])}</span></span></li>' for r in rows)
    return f'<h1>Feed</h1><ul class="list">{items}</ul>'


class Load:
    """What the server sent since the last reset: one record per response."""

    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        with self.lock:
            self.started = time.monotonic()
            self.records = []   # (path, bytes, asked at ms, done at ms)
            self.open = 0
            self.last = self.started

    def begin(self):
        with self.lock:
            self.open += 1
            self.last = time.monotonic()
            return (self.last - self.started) * 1000

    def end(self, path, sent, asked):
        with self.lock:
            self.open -= 1
            self.last = time.monotonic()
            self.records.append((path, sent, asked, (self.last - self.started) * 1000))

    def quiet_for(self):
        with self.lock:
            return 0.0 if self.open else time.monotonic() - self.last


class Counting:
    """The connection's writer, counting the bytes written through it."""

    def __init__(self, raw):
        self.raw = raw
        self.sent = 0

    def write(self, data):
        self.sent += len(data)
        return self.raw.write(data)

    def flush(self):
        return self.raw.flush()

    def __getattr__(self, name):
        return getattr(self.raw, name)


class Site:
    """What the server answers with: files under prefixes, made files, the API."""

    def __init__(self, web, wasm, pages, api_ms=300, rows=None):
        self.mounts = [("/veil/veil.wasm", Path(wasm)), ("/veil/", Path(web)), ("/fonts/", Path(web) / "fonts"),
                       *(("/", Path(folder)) for folder in pages)]
        self.api_ms = api_ms
        self.rows = rows if rows is not None else json.loads((Path(web) / "examples" / "feed-data.json").read_text())
        self.hold = None   # a threading.Event /api/feed waits for (at most HOLD_LIMIT s), if set to one
        self.feed_fails = False  # /api/feed answers 503 (a page's error path)
        self.cache = {}
        self.cache_lock = threading.Lock()
        self.load = Load()

    def file(self, path):
        for prefix, base in self.mounts:
            if prefix.endswith("/") and path.startswith(prefix):
                target = (base / path[len(prefix):]).resolve()
                if target.is_file() and base.resolve() in target.parents:
                    return target
            elif path == prefix and base.is_file():
                return base
        return None

    def body(self, target, gzipped):
        """(bytes, etag) of a file, compressed once and kept."""
        stat = target.stat()
        key = (str(target), stat.st_mtime_ns, stat.st_size, gzipped)
        with self.cache_lock:
            if key in self.cache:
                return self.cache[key]
        data = target.read_bytes()
        if gzipped:
            data = gzip.compress(data, compresslevel=9, mtime=0)
        made = (data, '"%s"' % hashlib.sha1(data).hexdigest()[:16])
        with self.cache_lock:
            self.cache[key] = made
        return made


def handler_for(site):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self):
            super().setup()
            self.wfile = Counting(self.wfile)

        def log_message(self, *args):
            pass

        def do_HEAD(self):
            self.do_GET()

        def do_GET(self):
            asked = site.load.begin()
            start = self.wfile.sent
            path = self.path.split("?", 1)[0]
            try:
                self.answer(path)
            finally:
                site.load.end(path, self.wfile.sent - start, asked)

        def accepts_gzip(self):
            return "gzip" in (self.headers.get("Accept-Encoding") or "")

        def send(self, status, body, kind, cache, etag=None, encoding=None):
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Cache-Control", cache)
            if etag:
                self.send_header("ETag", etag)
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def answer(self, path):
            if path in ("/api/feed", "/api/feed-down", "/post/42.html"):
                if path == "/api/feed" and site.hold is not None:
                    site.hold.wait(HOLD_LIMIT)
                time.sleep(site.api_ms / 1000)
                if path == "/api/feed-down" or (path == "/api/feed" and site.feed_fails):
                    self.send(503, b"unavailable", "text/plain", "no-store")
                    return
                if path == "/api/feed":
                    data, kind = json.dumps(site.rows).encode(), TYPES[".json"]
                else:
                    data, kind = feed_rows_html(site.rows).encode(), TYPES[".html"]
                gz = self.accepts_gzip()
                self.send(200, gzip.compress(data, mtime=0) if gz else data, kind, "private, max-age=60",
                          encoding="gzip" if gz else None)
                return
            if path == "/blank":
                self.send(200, b'<!doctype html><link rel="icon" href="data:,"><title>blank</title>', TYPES[".html"], "no-store")
                return
            target = site.file(path)
            if target is None:
                self.send(404, b"not found", "text/plain", "no-store")
                return
            suffix = target.suffix.lower()
            kind = TYPES.get(suffix) or mimetypes.guess_type(target.name)[0] or "application/octet-stream"
            gz = suffix not in STORED and self.accepts_gzip()
            data, etag = site.body(target, gz)
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send(200, data, kind, "public, max-age=600", etag=etag, encoding="gzip" if gz else None)

    return Handler


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A page left for the next one drops its connections: not an error of the bench.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_files(folder, veil_bin, web):
    """The quick start's scene and its first frame, made as docs/EMBED.md's shell block makes it; and
    own-elements-error.html, Benchmarks/pages/own-elements.html with its feed down (/api/feed-down)."""
    page = (Path(__file__).resolve().parent / "pages" / "own-elements.html").read_text()
    (folder / "own-elements-error.html").write_text(page.replace('"/api/feed"', '"/api/feed-down"'))
    shutil.copy(Path(web) / "examples" / "feed.json", folder / "feed.json")
    events = folder / "skeleton.jsonl"
    events.write_text(json.dumps({"t": 0, "command": {"skeleton": {"node": "feed", "show": True, "style": "sliding"}}}) + "\n")
    subprocess.run([str(veil_bin), "render", str(folder / "feed.json"), "--events", str(events), "--at", "0",
                    "--format", "svg", "--out", str(folder / "feed-first.svg")], check=True)
    events.unlink()


def start(site):
    """Serves `site` on a free loopback port from a thread; returns (server, base URL). Stop it with
    `stop(server)`."""
    httpd = Server(("127.0.0.1", 0), handler_for(site))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_port}"


def stop(httpd):
    httpd.shutdown()
    httpd.server_close()


def wait_quiet(load, quiet=0.5, limit=10):
    """Waits until the server has sent nothing and has no request open for `quiet` s (at most
    `limit` s); returns the records of the load so far."""
    deadline = time.monotonic() + limit
    while load.quiet_for() < quiet and time.monotonic() < deadline:
        time.sleep(0.05)
    with load.lock:
        return list(load.records)


def by_path(records):
    """[(path, bytes, requests)] of one load's records, in the order first asked."""
    paths = {}
    for path, sent, asked, done in sorted(records, key=lambda r: r[2]):
        entry = paths.setdefault(path, [0, 0])
        entry[0] += sent
        entry[1] += 1
    return [(path, sent, count) for path, (sent, count) in paths.items()]


def table(records):
    """One load's bytes by path as a Markdown table (the order asked), with the total."""
    lines = ["| path | bytes | requests |", "|---|---|---|"]
    lines += [f"| {path} | {sent:,} | {count} |" for path, sent, count in by_path(records)]
    lines.append(f"| total | {sum(r[1] for r in records):,} | {len(records)} |")
    return "\n".join(lines)
