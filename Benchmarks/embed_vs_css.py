"""Veil's feed skeleton against a CSS skeleton of the same layout, side by side in one headless
Chromium (issue 21), printed by `make bench-embed`:

- first-contentful-paint after navigation (the paint timing API);
- the page's main thread while the skeleton shimmers (CDP Performance.getMetrics TaskDuration, ms/s);
- the whole browser's CPU while it shimmers (utime + stime of every chromium process, ms/s);
- frames the browser produces while the page's main thread runs an 800 ms task (CDP screencast
  frames: one per compositor frame that changed pixels);
- then a scroll: the loaded feed scrolled 500 pt and back every 1.5 s, Veil's animated
  `scroll.to` against a CSS transform transition of the same rows (main thread and browser CPU).

Both pages are served the same way (one static server on loopback: the Web/ folder under /veil/,
the feed scene at /feed.json, as docs/EMBED.md's quick start lays them out) and opened alternately.
The Veil page is the quick start's markup (everything of its HTML block before the script: the
preloads, the first frame, the canvas) with a script that mounts the feed and shows the sliding
skeleton; the CSS page is react-loading-skeleton v3's shimmer (a `transform` animation on a
gradient ::after) over divs of the feed's layout.
"""

import asyncio
import functools
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))
import harness  # noqa: E402

CLK_TCK = os.sysconf("SC_CLK_TCK")

VEIL_SCRIPT = """
<script type="module">
import { mount } from "/veil/veil.js";
const veil = await mount(document.getElementById("feed"), {
  scene: "/feed.json", node: "feed", firstFrame: document.getElementById("feed-first"),
});
veil.skeleton.show({ style: "sliding" });
window.benchReady = true;
</script>
"""

# react-loading-skeleton v3 (its skeleton.css), over the feed's layout (Web/examples/feed.json:
# a 56 pt header, 72 pt rows with a 44 pt avatar and two text lines).
CSS_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>CSS skeleton</title>
<style>
body { margin: 0; }
@keyframes react-loading-skeleton { 100% { transform: translateX(100%); } }
.react-loading-skeleton { --base-color: #ebebeb; --highlight-color: #f5f5f5; --animation-duration: 1.5s;
  --animation-direction: normal; --pseudo-element-display: block;
  background-color: var(--base-color); width: 100%; border-radius: 0.25rem; display: inline-flex;
  line-height: 1; position: relative; user-select: none; overflow: hidden; }
.react-loading-skeleton::after { content: ' '; display: var(--pseudo-element-display); position: absolute;
  top: 0; left: 0; right: 0; height: 100%;
  background-repeat: no-repeat; background-image: linear-gradient(90deg, var(--base-color), var(--highlight-color), var(--base-color));
  transform: translateX(-100%); animation-name: react-loading-skeleton; animation-direction: var(--animation-direction);
  animation-duration: var(--animation-duration); animation-timing-function: ease-in-out; animation-iteration-count: infinite; }
.feed { width: 360px; height: 520px; position: relative; background: #fff; }
h1 { margin: 0; position: absolute; left: 16px; top: 10px; font: 700 28px/1 sans-serif; }
.row { position: absolute; left: 0; width: 360px; height: 72px; border-top: 0.5px solid rgb(142 142 147 / 0.4); }
.avatar { position: absolute; left: 16px; top: 14px; width: 44px; height: 44px; border-radius: 50%; }
.line1 { position: absolute; left: 72px; top: 18px; width: 160px; height: 14px; }
.line2 { position: absolute; left: 72px; top: 40px; width: 240px; height: 12px; }
</style></head><body>
<div class="feed"><h1>Feed</h1>
ROWS
</div>
<script>window.benchReady = true;</script>
</body></html>
"""

# A scroll: the loaded feed (18 rows) scrolled by 500 pt and back, animated, every 1.5 s — in Veil
# `scroll.to({animated: true})` (the list's layer moves about 0.3 s, then its indicator fades),
# with CSS a transform transition moving the same rows 500 px in 0.3 s, started every 1.5 s.
VEIL_SCROLL_SCRIPT = """
<script type="module">
import { mount } from "/veil/veil.js";
const veil = await mount(document.getElementById("feed"), {
  scene: "/feed.json", node: "feed", firstFrame: document.getElementById("feed-first"),
});
const rows = await (await fetch("/feed-data.json")).json();
await veil.rows.replace({ at: 0, rows });
await veil.rows.append({ rows: [...rows, ...rows] });
await veil.skeleton.hide({ transition: "none" }); // (the scene's timeline shows it from the start)
let to = 500;
setInterval(() => { veil.scroll.to({ to, animated: true }); to = 500 - to; }, 1500);
window.benchReady = true;
</script>
"""

CSS_SCROLL_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>CSS scroll</title>
<style>
body { margin: 0; }
.feed { width: 360px; height: 520px; position: relative; overflow: hidden; background: #fff; font-family: sans-serif; }
h1 { margin: 0; height: 56px; padding: 10px 16px 0; box-sizing: border-box; font: 700 28px/1 sans-serif; }
.list { position: absolute; top: 56px; left: 0; width: 360px; transition: transform 0.3s ease-in-out; will-change: transform; }
.list.down { transform: translateY(-500px); }
.row { height: 72px; display: flex; align-items: center; gap: 12px; padding: 0 16px; border-top: 0.5px solid rgb(142 142 147 / 0.4); }
.avatar { width: 44px; height: 44px; border-radius: 50%; background: #5E35B1; flex: none; }
.title { font-weight: 600; font-size: 17px; } .subtitle { font-size: 15px; }
</style></head><body>
<div class="feed"><h1>Feed</h1><div class="list">
ROWS
</div></div>
<script>
const list = document.querySelector(".list");
setInterval(() => list.classList.toggle("down"), 1500);
window.benchReady = true;
</script>
</body></html>
"""

BUSY = "const end = performance.now() + 800; while (performance.now() < end) {} return true;"


def css_page():
    row = ('<div class="row" style="top:{top}px"><span class="react-loading-skeleton avatar"></span>'
           '<span class="react-loading-skeleton line1"></span><span class="react-loading-skeleton line2"></span></div>')
    return CSS_PAGE.replace("ROWS", "\n".join(row.format(top=56 + 72 * i) for i in range(7)))


def css_scroll_page():
    rows = json.loads((ROOT / "Web" / "examples" / "feed-data.json").read_text()) * 3
    row = ('<div class="row"><div class="avatar"></div><div><div class="title">{title}</div>'
           '<div class="subtitle">{subtitle}</div></div></div>')
    return CSS_SCROLL_PAGE.replace("ROWS", "\n".join(row.format(**r) for r in rows))


def quick_start_markup():
    """docs/EMBED.md's quick start HTML up to its script: what the page puts before mount()."""
    text = (ROOT / "docs" / "EMBED.md").read_text()
    block = re.search(r"```html\n(.*?)```", text, re.S).group(1)
    return block.split('<script type="module">')[0]


def veil_page(script=VEIL_SCRIPT):
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Veil skeleton</title>"
            "<style>body { margin: 0; }</style></head><body>\n" + quick_start_markup() + script + "</body></html>\n")


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def make_site(folder):
    """/veil/ (Web/ and veil.wasm), /feed.json, /feed-first.svg, the two pages."""
    shutil.copytree(ROOT / "Web", folder / "veil")
    shutil.copy(harness.VEIL_WASM, folder / "veil" / "veil.wasm")
    shutil.copy(ROOT / "Web" / "examples" / "feed.json", folder / "feed.json")
    events = folder / "skeleton.jsonl"
    events.write_text(json.dumps({"t": 0, "command": {"skeleton": {"node": "feed", "show": True, "style": "sliding"}}}) + "\n")
    subprocess.run([str(harness.VEIL_BIN), "render", str(folder / "feed.json"), "--at", "0", "--events", str(events),
                    "--format", "svg", "--out", str(folder / "feed-first.svg")], check=True)
    shutil.copy(ROOT / "Web" / "examples" / "feed-data.json", folder / "feed-data.json")
    (folder / "veil.html").write_text(veil_page())
    (folder / "css.html").write_text(css_page())
    (folder / "veil-scroll.html").write_text(veil_page(VEIL_SCROLL_SCRIPT))
    (folder / "css-scroll.html").write_text(css_scroll_page())


def browser_pids(driver):
    """Chromium's processes: the descendants of chromedriver."""
    root = driver.service.process.pid
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        for child in children.get(pid, []):
            found.append(child)
            todo.append(child)
    return found


def cpu_ticks(pids):
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total


def task_duration(driver):
    metrics = driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]
    return next(m["value"] for m in metrics if m["name"] == "TaskDuration")


class Screencast:
    """Counts CDP screencast frames of the page (acknowledging each at once) on its own connection."""

    def __init__(self, driver):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        targets = json.loads(urllib.request.urlopen(f"http://{address}/json", timeout=5).read())
        self.url = next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page")
        self.stamps = []
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.stop_flag = None
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self.run(),), daemon=True)
        self.thread.start()
        if not self.ready.wait(10):
            raise SystemExit("screencast did not start")

    async def run(self):
        import websockets
        self.stop_flag = asyncio.Event()
        async with websockets.connect(self.url, max_size=None) as ws:
            await ws.send(json.dumps({"id": 1, "method": "Page.startScreencast",
                                      "params": {"format": "jpeg", "quality": 10, "everyNthFrame": 1}}))
            self.ready.set()
            next_id = 2
            while not self.stop_flag.is_set():
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 0.1))
                except asyncio.TimeoutError:
                    continue
                if message.get("method") == "Page.screencastFrame":
                    self.stamps.append(time.monotonic())
                    await ws.send(json.dumps({"id": next_id, "method": "Page.screencastFrameAck",
                                              "params": {"sessionId": message["params"]["sessionId"]}}))
                    next_id += 1
            await ws.send(json.dumps({"id": next_id, "method": "Page.stopScreencast"}))

    def close(self):
        self.loop.call_soon_threadsafe(self.stop_flag.set)
        self.thread.join(5)


def measure(driver, url, shimmer_seconds=3.0, busy=True):
    driver.get(url)
    harness.wait_for(driver, "window.benchReady", what=f"{url} to be ready")
    harness.wait_for(driver, "performance.getEntriesByName('first-contentful-paint').length > 0 || "
                     "(performance.now() > 3000 && 'none')", what="first-contentful-paint")
    fcp = driver.execute_script(
        "const e = performance.getEntriesByName('first-contentful-paint')[0]; return e ? e.startTime : null")
    time.sleep(0.7)  # past any fade-in
    pids = browser_pids(driver)
    driver.execute_cdp_cmd("Performance.enable", {"timeDomain": "threadTicks"})
    task0, cpu0, t0 = task_duration(driver), cpu_ticks(pids), time.monotonic()
    time.sleep(shimmer_seconds)
    task1, cpu1, t1 = task_duration(driver), cpu_ticks(pids), time.monotonic()
    driver.execute_cdp_cmd("Performance.disable", {})
    elapsed = t1 - t0
    main = (task1 - task0) * 1000 / elapsed
    cpu = (cpu1 - cpu0) * 1000 / CLK_TCK / elapsed
    if not busy:
        return {"fcp": fcp, "main": main, "cpu": cpu, "busy": None}
    cast = Screencast(driver)
    try:
        time.sleep(0.5)
        before = time.monotonic()
        driver.execute_script(BUSY)
        after = time.monotonic()
        time.sleep(0.2)
    finally:
        cast.close()
    # Frames that reached the screencast while the task ran (its first and last 50 ms left out:
    # the script's round trip through chromedriver).
    busy = sum(1 for s in cast.stamps if before + 0.05 <= s <= after - 0.05)
    return {"fcp": fcp, "main": main, "cpu": cpu, "busy": busy}


def run(rounds=4, scale=1, motion="shimmer"):
    folder = Path(tempfile.mkdtemp(prefix="veil-bench-"))
    httpd = None
    driver = None
    try:
        make_site(folder)
        handler = functools.partial(Quiet, directory=str(folder))
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_port}"
        driver = harness.chromium(width=800, height=800, scale=scale)
        results = {"css": [], "veil": []}
        suffix = "" if motion == "shimmer" else f"-{motion}"
        driver.get(f"{base}/css{suffix}.html")  # the browser's own start-up out of the first sample
        for _ in range(rounds):
            for name in ("css", "veil"):
                # A scroll is measured over two of its 1.5 s cycles (its busy-task figure is left out:
                # the page's timer starts each scroll).
                results[name].append(measure(driver, f"{base}/{name}{suffix}.html", busy=motion == "shimmer"))
        return results
    finally:
        if driver:
            driver.quit()
        if httpd:
            httpd.shutdown()
            httpd.server_close()
        shutil.rmtree(folder, ignore_errors=True)


def spread(values, unit, digits=1):
    values = [v for v in values if v is not None]
    if not values:
        return "none"
    med = statistics.median(values)
    return f"{med:.{digits}f}{unit} ({min(values):.{digits}f}–{max(values):.{digits}f})"


def report(results, scale=1, motion="shimmer"):
    if motion == "shimmer":
        print(f"=== Veil's feed skeleton vs a CSS skeleton, headless Chromium, device pixel ratio {scale}, "
              f"{len(results['css'])} rounds alternated (median (min–max)) ===")
        rows = [("first-contentful-paint", "fcp", " ms", 1), ("page main thread while shimmering", "main", " ms/s", 1),
                ("whole browser CPU while shimmering", "cpu", " ms/s", 0), ("frames during an 800 ms main-thread task", "busy", "", 0)]
    else:
        print(f"=== the loaded feed scrolled 500 pt and back every 1.5 s: Veil's animated scroll vs a CSS transform transition, "
              f"device pixel ratio {scale}, {len(results['css'])} rounds alternated ===")
        rows = [("page main thread while scrolling", "main", " ms/s", 1), ("whole browser CPU while scrolling", "cpu", " ms/s", 0)]
    print(f"| figure | {'CSS skeleton' if motion == 'shimmer' else 'CSS transform'} | Veil | Veil / CSS |")
    print("|---|---|---|---|")
    for label, key, unit, digits in rows:
        css = [r[key] for r in results["css"]]
        veil = [r[key] for r in results["veil"]]
        if any(v is None for v in veil) or any(c is None for c in css):
            ratio = "—"
        elif key == "fcp":
            ratio = f"{statistics.median(veil) - statistics.median(css):+.1f} ms"
        else:
            c = statistics.median(css)
            ratio = f"{statistics.median(veil) / c:.2f}×" if c else "—"
        print(f"| {label} | {spread(css, unit, digits)} | {spread(veil, unit, digits)} | {ratio} |")


def main():
    scales = [float(s) for s in os.environ.get("VEIL_BENCH_SCALES", "1").split(",")]
    rounds = int(os.environ.get("VEIL_BENCH_ROUNDS", "4"))
    motions = os.environ.get("VEIL_BENCH_MOTIONS", "shimmer,scroll").split(",")
    for motion in motions:
        for scale in scales:
            report(run(rounds=rounds, scale=scale, motion=motion), scale=int(scale) if scale.is_integer() else scale,
                   motion=motion)


if __name__ == "__main__":
    main()
