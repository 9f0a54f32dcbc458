"""When the content reaches the page, on a phone's network: each page shape of Benchmarks/pages/
side by side with a CSS-skeleton page of the same feed fetching the same data (issues 34 and 30),
printed by `make bench-embed`.

Every `*.html` in Benchmarks/pages/ is measured. Each shows the same feed (a "Feed" heading, six
rows of an avatar, a title and a subtitle, the rows of Web/examples/feed-data.json from /api/feed)
and marks `performance.mark("content")` at the moment the feed's rows are in the page.

One local server (loopback, a free port, a thread per connection, HTTP/1.1 keep-alive) serves, as
a CDN would — text gzip-compressed when the request accepts it (veil.wasm included; woff2 and
images as they are), with ordinary caching (`max-age`, ETag):

- /veil/ — Web/ (`--web DIR`), and /veil/veil.wasm (`--wasm FILE`);
- /fonts/ — Web/fonts/ (the faces the pages' own HTML is set in);
- /feed.json, /feed-first.svg — the quick start's scene and its first frame (drawn at start with
  `veil render`, `--veil FILE`, as docs/EMBED.md's shell block does);
- /api/feed — the feed's rows as JSON, and /post/42.html — the same rows as the feed's HTML
  (skeletonize's snippet fetches a post), each answered after `--api-ms` (default 300) as a real
  API would be;
- /<page>.html — the pages.

The server counts what it sends (status line, headers and body of every response, the workers'
requests included: resource timing in the page does not see a worker's fetches), reset before each
load. Each load is a first visit under Lighthouse's mobile profile through CDP: 150 ms round trip,
1.6 Mbit/s down, 750 kbit/s up (`Network.emulateNetworkConditions`), the CPU 4x slower
(`Emulation.setCPUThrottlingRate`), a 390 x 844 viewport at device pixel ratio 3, mobile
(`Emulation.setDeviceMetricsOverride`), the HTTP cache cleared (`Network.clearBrowserCache`) and
the page reached from a blank page of the same origin. The page's workers get the same network
(`Workers` below: CDP's emulation on the page does not reach them by itself); CDP cannot slow a
worker's thread, so Veil's worker runs at the machine's speed. Per load: the bytes sent and the requests
made until the page has been quiet for 0.5 s after its content mark + 2 s; first-contentful-paint
(paint timing; "none" when Chromium reports none); the content mark's time; the page's main-thread
busy time from navigation until content + 2 s (CDP `Performance.getMetrics` TaskDuration).

Pages are opened alternately, in another order each round. The bench asserts only that every page
reaches its content mark (within `--timeout` seconds); it prints medians (min–max) and exits 0.

    /usr/bin/python3 Benchmarks/page_content.py [--rounds 5] [--pages css,own-elements] [--api-ms 300]
        [--web Web] [--wasm .build/wasm/veil.wasm] [--veil .build/debug/veil]
"""

import argparse
import asyncio
import email.utils
import faulthandler
import gzip
import hashlib
import html
import http.server
import json
import mimetypes
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[1]
PAGES = Path(__file__).resolve().parent / "pages"
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

# Lighthouse's mobile profile (docs: /work/shared/TOOLCHAIN.md, "Measuring a page on a phone's network").
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 200000, "uploadThroughput": 93750}
CPU_SLOWDOWN = 4
DEVICE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}

TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".json": "application/json", ".svg": "image/svg+xml", ".wasm": "application/wasm",
         ".woff2": "font/woff2", ".txt": "text/plain; charset=utf-8", ".ts": "text/plain; charset=utf-8"}
# Sent as they are: already compressed.
STORED = {".woff2", ".woff", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".gz", ".br", ".zip"}


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

    def __init__(self, web, wasm, made, api_ms, rows):
        self.mounts = [("/veil/veil.wasm", Path(wasm)), ("/veil/", Path(web)), ("/fonts/", Path(web) / "fonts"),
                       ("/", PAGES), ("/", Path(made))]
        self.api_ms = api_ms
        self.rows = rows
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
            if path in ("/api/feed", "/post/42.html"):
                time.sleep(site.api_ms / 1000)
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
    """The quick start's scene and its first frame, made as docs/EMBED.md's shell block makes it."""
    shutil.copy(Path(web) / "examples" / "feed.json", folder / "feed.json")
    events = folder / "skeleton.jsonl"
    events.write_text(json.dumps({"t": 0, "command": {"skeleton": {"node": "feed", "show": True, "style": "sliding"}}}) + "\n")
    subprocess.run([str(veil_bin), "render", str(folder / "feed.json"), "--events", str(events), "--at", "0",
                    "--format", "svg", "--out", str(folder / "feed-first.svg")], check=True)
    events.unlink()


def chromium():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={DEVICE['width']},{DEVICE['height']}", "--force-color-profile=srgb",
                     "--hide-scrollbars", "--no-first-run", "--disable-extensions", "--disable-background-networking"]:
        options.add_argument(argument)
    options.page_load_strategy = "none"   # the bench waits for the content mark itself
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_script_timeout(30)
    return driver


class Workers:
    """The page's workers on the page's network: a CDP connection of its own to the page's target
    auto-attaches to each worker as it starts (paused), enables the Network domain in the worker's
    session (its fetches then take the page's network conditions), tries the CPU slowdown, and lets
    it run. Without it a dedicated worker's fetches bypass the page's emulated network: in Chromium
    156 a worker fetching veil.wasm (191 KB gzip) took 6–42 ms with the page throttled, 1.1 s once
    attached, as on the page's thread. CDP slows no worker's thread ("Operation is only supported for
    pages, not workers"): Veil's worker runs at the machine's speed while the page's thread is 4x
    slower."""

    def __init__(self, driver):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        targets = json.loads(urllib.request.urlopen(f"http://{address}/json", timeout=5).read())
        self.url = next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page")
        self.attached = 0
        self.errors = {}
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.failed = None
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()
        if not self.ready.wait(10) or self.failed:
            raise SystemExit(f"could not attach to the page's workers: {self.failed}")

    def run(self):
        try:
            self.loop.run_until_complete(self.serve())
        except Exception as error:  # noqa: BLE001 — reported by the constructor or at the end
            self.failed = repr(error)
            self.ready.set()

    async def serve(self):
        import websockets
        self.stop = asyncio.Event()
        async with websockets.connect(self.url, max_size=None) as ws:
            self.ws = ws
            self.next_id = 0
            self.waiting = {}
            reader = asyncio.ensure_future(self.read())
            await self.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True})
            self.ready.set()
            await self.stop.wait()
            reader.cancel()

    async def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        reply = self.loop.create_future()
        self.waiting[self.next_id] = reply
        await self.ws.send(json.dumps(message))
        return await reply

    async def read(self):
        async for raw in self.ws:
            message = json.loads(raw)
            if "id" in message and message["id"] in self.waiting:
                self.waiting.pop(message["id"]).set_result(message)
            elif message.get("method") == "Target.attachedToTarget":
                asyncio.ensure_future(self.throttle(message["params"]))

    async def throttle(self, params):
        session = params["sessionId"]
        if params["targetInfo"]["type"] in ("worker", "shared_worker"):
            self.attached += 1
            # (Network.emulateNetworkConditions in a worker's session answers "Not supported"; the
            # CPU slowdown "only supported for pages" in Chromium 156: tried, so a later one applies it.)
            for method, args in (("Network.enable", {}), ("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})):
                reply = await self.send(method, args, session)
                if "error" in reply:
                    self.errors[method] = reply["error"].get("message")
        await self.send("Runtime.runIfWaitingForDebugger", {}, session)

    def close(self):
        if not self.failed:
            self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(5)


def cdp(driver, method, params=None):
    return driver.execute_cdp_cmd(method, params or {})


def task_duration(driver):
    metrics = cdp(driver, "Performance.getMetrics")["metrics"]
    return next(m["value"] for m in metrics if m["name"] == "TaskDuration")


def script(driver, source, *args):
    try:
        return driver.execute_script(source, *args)
    except WebDriverException:
        return None   # between documents


def console(driver):
    try:
        return "\n".join(f"  {e['level']}: {e['message']}" for e in driver.get_log("browser"))
    except WebDriverException:
        return "  (unavailable)"


STATE = """if (location.pathname !== arguments[0]) return null;
const c = performance.getEntriesByName("content")[0], f = performance.getEntriesByName("first-contentful-paint")[0];
return {content: c ? c.startTime : null, fcp: f ? f.startTime : null, now: performance.now()};"""


def measure(driver, workers, base, site, name, timeout):
    """One first visit of /<name>.html; what the server sent and what the page reports."""
    path = f"/{name}.html"
    driver.get(f"{base}/blank")
    deadline = time.monotonic() + 10
    while script(driver, "return location.pathname === '/blank' && document.readyState === 'complete'") is not True:
        if time.monotonic() > deadline:
            raise SystemExit("the blank page did not load")
        time.sleep(0.05)
    cdp(driver, "Network.enable")
    cdp(driver, "Network.emulateNetworkConditions", NETWORK)
    cdp(driver, "Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    cdp(driver, "Emulation.setDeviceMetricsOverride", DEVICE)
    cdp(driver, "Network.clearBrowserCache")
    cdp(driver, "Performance.enable", {"timeDomain": "threadTicks"})
    time.sleep(0.3)   # the previous page's last requests over
    busy0 = task_duration(driver)
    attached = workers.attached
    site.load.reset()
    driver.get(f"{base}{path}")
    deadline = time.monotonic() + timeout
    state = None
    while True:
        state = script(driver, STATE, path)
        if state and state["content"] is not None:
            break
        if time.monotonic() > deadline:
            raise SystemExit(f"{path} never reached its content mark within {timeout} s "
                             f"(last state {state!r}); browser console:\n{console(driver)}")
        time.sleep(0.05)
    # Until content + 2 s on the page's clock.
    time.sleep(max(0.0, (state["content"] + 2000 - state["now"]) / 1000))
    busy1 = task_duration(driver)
    state = script(driver, STATE, path)
    # Everything the page asks for (a worker's fonts, an idle scene): until the server is quiet.
    deadline = time.monotonic() + 10
    while site.load.quiet_for() < 0.5 and time.monotonic() < deadline:
        time.sleep(0.1)
    with site.load.lock:
        records = list(site.load.records)
    cdp(driver, "Performance.disable")
    # A navigation to another process starts the page's metrics from zero.
    busy = busy1 - busy0 if busy1 >= busy0 else busy1
    return {"content": state["content"], "fcp": state["fcp"], "busy": busy * 1000,
            "bytes": sum(r[1] for r in records), "requests": len(records), "records": records,
            "workers": workers.attached - attached}


def spread(values, unit="", digits=0):
    values = [v for v in values if v is not None]
    if not values:
        return "none"
    med = statistics.median(values)
    return f"{med:,.{digits}f}{unit} ({min(values):,.{digits}f}–{max(values):,.{digits}f})"


def report(results, args):
    names = list(results)
    rounds = len(next(iter(results.values())))
    print(f"=== First visits on Lighthouse's mobile profile (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower; "
          f"390x844 @3x), /api/feed answered after {args.api_ms} ms, headless Chromium, {rounds} rounds alternated, "
          f"median (min–max) ===")
    css = results.get("css")
    print("| page | content mark | first-contentful-paint | bytes sent | requests | main thread until content + 2 s "
          "| content / CSS | bytes / CSS |")
    print("|---|---|---|---|---|---|---|---|")
    for name in names:
        rs = results[name]
        content = statistics.median(r["content"] for r in rs)
        sent = statistics.median(r["bytes"] for r in rs)
        ratio_content = ratio_bytes = "—"
        if css and name != "css":
            ratio_content = f"{content / statistics.median(r['content'] for r in css):.2f}×"
            ratio_bytes = f"{sent / statistics.median(r['bytes'] for r in css):.2f}×"
        elif name == "css":
            ratio_content = ratio_bytes = "1"
        fcp = [r["fcp"] for r in rs]
        fcp_cell = spread(fcp, " ms") if all(v is not None for v in fcp) else (
            "none" if all(v is None for v in fcp) else spread(fcp, " ms") + f", none in {fcp.count(None)}")
        print(f"| {name} | {spread([r['content'] for r in rs], ' ms')} | {fcp_cell} | {spread([r['bytes'] for r in rs], ' B')} "
              f"| {spread([r['requests'] for r in rs])} | {spread([r['busy'] for r in rs], ' ms')} | {ratio_content} | {ratio_bytes} |")
    # What each page downloaded, in the order the server was asked (medians over the rounds).
    for name in names:
        paths = {}
        for r in results[name]:
            seen = {}
            for path, sent, asked, done in r["records"]:
                entry = seen.setdefault(path, [0, 0, asked])
                entry[0] += sent
                entry[1] += 1
            for path, (sent, count, asked) in seen.items():
                paths.setdefault(path, []).append((sent, count, asked))
        content = statistics.median(r["content"] for r in results[name])
        started = statistics.median(r["workers"] for r in results[name])
        print(f"\n{name}: bytes by path, in the order asked (the server's clock from navigation; content mark at "
              f"{content:,.0f} ms; workers started: {started:.0f})")
        print("| path | bytes | requests | asked at | in rounds |")
        print("|---|---|---|---|---|")
        for path, entries in sorted(paths.items(), key=lambda item: statistics.median(e[2] for e in item[1])):
            print(f"| {path} | {statistics.median(e[0] for e in entries):,.0f} | {statistics.median(e[1] for e in entries):.0f} "
                  f"| {statistics.median(e[2] for e in entries):,.0f} ms | {len(entries)}/{rounds} |")
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pages", help="comma-separated page names (files of Benchmarks/pages without .html)")
    parser.add_argument("--api-ms", type=float, default=300, help="how long /api/feed takes at the server")
    parser.add_argument("--web", default=str(ROOT / "Web"))
    parser.add_argument("--wasm", default=os.environ.get("VEIL_WASM", str(ROOT / ".build" / "wasm" / "veil.wasm")))
    parser.add_argument("--veil", default=os.environ.get("VEIL_BIN", str(ROOT / ".build" / "debug" / "veil")))
    parser.add_argument("--timeout", type=float, default=60, help="seconds a page has to reach its content mark")
    args = parser.parse_args()
    faulthandler.dump_traceback_later(float(os.environ.get("VEIL_BENCH_TIMEOUT", "3600")), exit=True)

    names = sorted(p.stem for p in PAGES.glob("*.html"))
    if args.pages:
        wanted = [n.strip() for n in args.pages.split(",") if n.strip()]
        unknown = [n for n in wanted if n not in names]
        if unknown:
            raise SystemExit(f"no such page in {PAGES}: {', '.join(unknown)} (there are {', '.join(names)})")
        names = wanted
    if "css" in names:   # the reference first
        names.remove("css")
        names.insert(0, "css")
    for needed in (args.wasm, args.veil):
        if not Path(needed).exists():
            raise SystemExit(f"{needed} is missing: build it (make wasm, swift build) or pass --wasm / --veil")

    rows = json.loads((Path(args.web) / "examples" / "feed-data.json").read_text())
    folder = Path(tempfile.mkdtemp(prefix="veil-page-content-"))
    httpd = driver = workers = None
    try:
        make_files(folder, args.veil, args.web)
        site = Site(args.web, args.wasm, folder, args.api_ms, rows)
        httpd = Server(("127.0.0.1", 0), handler_for(site))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_port}"
        driver = chromium()
        driver.get(f"{base}/blank")
        workers = Workers(driver)
        measure(driver, workers, base, site, names[0], args.timeout)   # the browser's own start-up out of the samples
        results = {name: [] for name in names}
        for round_ in range(args.rounds):
            # Another order each round: rotated, and reversed every other pass through the pages.
            shift = round_ % len(names)
            order = names[shift:] + names[:shift]
            if (round_ // len(names)) % 2:
                order.reverse()
            for name in order:
                results[name].append(measure(driver, workers, base, site, name, args.timeout))
        report(results, args)
        print(f"\nWorkers: {workers.attached} attached, each on the page's network conditions"
              + "".join(f"; {m}: {e}" for m, e in sorted(workers.errors.items()))
              + (" (a worker's thread runs at the machine's speed, not 4x slower)"
                 if "Emulation.setCPUThrottlingRate" in workers.errors else "") + ".")
    finally:
        if workers:
            workers.close()
        if driver:
            driver.quit()
        if httpd:
            httpd.shutdown()
            httpd.server_close()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
