"""When the content reaches the page, on a phone's network: each page shape of Benchmarks/pages/
side by side with a CSS-skeleton page of the same feed fetching the same data (issues 34 and 30),
printed by `make bench-embed`.

Every `*.html` in Benchmarks/pages/ is measured. Each shows the same feed (a "Feed" heading, six
rows of an avatar, a title and a subtitle, the rows of Web/examples/feed-data.json from /api/feed)
and marks `performance.mark("content")` at the moment the feed's rows are in the page — but
own-elements-error.html (own-elements.html with its feed down, made by pagesite.make_files): its
content is the error Veil draws over the list, marked once drawn.

The pages are served by Benchmarks/pagesite.py's site, as a CDN would (gzip, ordinary caching): /veil/
is Web/ (`--web DIR`) with /veil/veil.wasm (`--wasm FILE`), /fonts/ Web/fonts/, /feed.json and
/feed-first.svg the quick start's scene and its first frame (drawn at start with `veil render`,
`--veil FILE`, as docs/EMBED.md's shell block does), /api/feed the feed's rows and /post/42.html the
same rows as HTML, each answered after `--api-ms` (default 300) as a real API would be.

The site counts what it sends (status line, headers and body of every response, the workers'
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
import faulthandler
import json
import os
import shutil
import statistics
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pagesite import Site, make_files, start, stop, wait_quiet  # noqa: E402

# Lighthouse's mobile profile (docs: /work/shared/TOOLCHAIN.md, "Measuring a page on a phone's network").
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 200000, "uploadThroughput": 93750}
CPU_SLOWDOWN = 4
DEVICE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}

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
    records = wait_quiet(site.load)
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

    names = sorted([p.stem for p in PAGES.glob("*.html")] + ["own-elements-error"])   # the last made by make_files
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

    folder = Path(tempfile.mkdtemp(prefix="veil-page-content-"))
    httpd = driver = workers = None
    try:
        make_files(folder, args.veil, args.web)
        site = Site(args.web, args.wasm, [PAGES, folder], args.api_ms)
        httpd, base = start(site)
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
            stop(httpd)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
