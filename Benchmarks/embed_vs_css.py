"""Veil against CSS doing the same on the same page layout, side by side in one headless Chromium
(issue 21), printed by `make bench-embed`:

- the feed's skeleton against a CSS skeleton — Veil's on a canvas (a scene mounted) and Veil's over
  the page's own rows (docs/EMBED.md's first section, `overlay().skeleton.show()`, drawn by the
  page's compositor): first-contentful-paint after navigation (the paint
  timing API); the page's main thread while it shimmers (CDP Performance.getMetrics TaskDuration,
  ms/s); the whole browser's CPU while it shimmers (utime + stime of every chromium process, ms/s);
  frames the browser produces while the page's main thread runs an 800 ms task (CDP screencast
  frames: one per compositor frame that changed pixels);
- motions against their CSS-transform equivalents (main thread and browser CPU while moving):
  `scroll`, the loaded feed scrolled 500 pt and back every 1.5 s (Veil's animated `scroll.to`
  against a CSS transform transition of the same rows, with a scroll indicator shown as Veil's is:
  while moving, held 0.5 s, faded over 0.25 s); `fling`, a finger flinging the loaded feed
  up and, 1.5 s later, down again (touch events through CDP `Input.dispatchTouchEvent`: Veil's drag
  and coast against the same rows moved by pointer handlers setting a `transform` while the finger
  moves and a transform transition of the same distance and duration after it lets go); `sheet`,
  the maps example's sheet dragged up from half open to its top anchor and down again, 0.5 s each,
  by a finger (Veil's sheet against a CSS bottom sheet of the same layout whose pointer handlers set
  `translateY` and whose release is a transform transition to the nearest anchor).

Both pages are served the same way (one static server on loopback: the Web/ folder under /veil/,
the scenes at /feed.json and /maps.json, as docs/EMBED.md's quick start lays them out) and opened
alternately. The Veil page is the quick start's markup (everything of its HTML block before the
script: the preloads, the first frame, the canvas) with a script that mounts the scene; the CSS
skeleton is react-loading-skeleton v3's shimmer (a `transform` animation on a gradient ::after) over
divs of the feed's layout.

Environment: VEIL_BENCH_SCALES (device pixel ratios, default "1,2"), VEIL_BENCH_ROUNDS (default 4),
VEIL_BENCH_MOTIONS (default "shimmer,scroll,fling,sheet"), VEIL_BENCH_BEFORE (a git revision: its
Web/ is served too, at /veil-before/, and measured as a third page alternated with the two, so a
change is measured before and after in one run), VEIL_BENCH_BEFORE_WASM (that revision's veil.wasm,
when the wire changed between them).
"""

import asyncio
import faulthandler
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))
import harness  # noqa: E402

# The harness ends a test run after 300 s (a hung browser); every motion at two pixel ratios takes
# longer: this run gets an hour.
faulthandler.dump_traceback_later(float(os.environ.get("VEIL_BENCH_TIMEOUT", "3600")), exit=True)

CLK_TCK = os.sysconf("SC_CLK_TCK")

def veil_script(then="", scene="/feed.json", node="feed"):
    """A Veil page's module: the quick start's mount (docs/EMBED.md), then what the case does."""
    return f"""
<script type="module">
import {{ mount }} from "/veil/veil.js";
const veil = await mount(document.getElementById("feed"), {{
  scene: "{scene}", node: "{node}", firstFrame: document.getElementById("feed-first"),
}});
{then}
window.veil = veil;
window.benchReady = true;
</script>
"""


def loaded_feed(copies):
    """The feed's rows loaded `copies` times over, its skeleton gone (the scene's timeline shows it
    from the start)."""
    return f"""const rows = await (await fetch("/feed-data.json")).json();
await veil.rows.replace({{ at: 0, rows }});
await veil.rows.append({{ rows: Array({copies - 1}).fill(rows).flat() }});
await veil.skeleton.hide({{ transition: "none" }});"""


VEIL_SCRIPT = veil_script('veil.skeleton.show({ style: "sliding" });')

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
VEIL_SCROLL_SCRIPT = veil_script(loaded_feed(3) + """
let to = 500;
setInterval(() => { veil.scroll.to({ to, animated: true }); to = 500 - to; }, 1500);""")

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
.indicator { position: absolute; right: 3px; top: 0; width: 3px; border-radius: 1.5px; background: rgb(0 0 0 / 0.35);
  opacity: 0; will-change: transform, opacity; }
</style></head><body>
<div class="feed"><h1>Feed</h1><div class="list">
ROWS
</div><div class="indicator"></div></div>
<script>
// The scroll indicator, as Veil's (and UIKit's): shown while the list moves, held 0.5 s after it
// rests (no animation runs while it holds: a timer starts the fade), faded out over 0.25 s.
const list = document.querySelector(".list"), indicator = document.querySelector(".indicator");
const view = 520, content = 56 + list.offsetHeight, bar = view * view / content;
indicator.style.height = `${bar}px`;
let fade = 0;
setInterval(() => {
  const down = list.classList.toggle("down");
  clearTimeout(fade);
  indicator.style.transition = "transform 0.3s ease-in-out";
  indicator.style.opacity = "1";
  indicator.style.transform = `translateY(${(down ? 500 : 0) * (view - bar) / (content - view)}px)`;
  fade = setTimeout(() => { indicator.style.transition = "opacity 0.25s linear"; indicator.style.opacity = "0"; }, 800);
}, 1500);
window.benchReady = true;
</script>
</body></html>
"""

# A fling: the loaded feed (54 rows: the core lays out the window around what is in view) flung up
# by a finger and, 3 s later, down again (`fling_cycle` below, through CDP). In Veil the session drags
# the list with the finger and coasts it (UIScrollView's deceleration, 0.998 a millisecond); the CSS
# page moves the same rows with pointer handlers setting a transform while the finger is down, then
# a transform transition to where the same coast ends (the finger's velocity over the last moves),
# lasting until its speed is below 10 pt/s, and shows a scroll indicator as Veil does.
VEIL_FLING_SCRIPT = veil_script(loaded_feed(9))

CSS_FLING_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>CSS fling</title>
<style>
body { margin: 0; }
.feed { width: 360px; height: 520px; position: relative; overflow: hidden; background: #fff; font-family: sans-serif; touch-action: none; }
.list { position: absolute; top: 0; left: 0; width: 360px; will-change: transform; }
h1 { margin: 0; height: 56px; padding: 10px 16px 0; box-sizing: border-box; font: 700 28px/1 sans-serif; }
.row { height: 72px; display: flex; align-items: center; gap: 12px; padding: 0 16px; border-top: 0.5px solid rgb(142 142 147 / 0.4); }
.avatar { width: 44px; height: 44px; border-radius: 50%; background: #5E35B1; flex: none; }
.title { font-weight: 600; font-size: 17px; } .subtitle { font-size: 15px; }
.indicator { position: absolute; right: 3px; top: 0; width: 3px; border-radius: 1.5px; background: rgb(0 0 0 / 0.35);
  opacity: 0; will-change: transform, opacity; }
</style></head><body>
<div class="feed"><div class="list"><h1>Feed</h1>
ROWS
</div><div class="indicator"></div></div>
<script>
const feed = document.querySelector(".feed"), list = document.querySelector(".list");
const indicator = document.querySelector(".indicator");
const max = list.offsetHeight - feed.offsetHeight, bar = feed.offsetHeight ** 2 / list.offsetHeight;
indicator.style.height = `${bar}px`;
let y = 0, start = null, moves = [], fade = 0;
// The list and its indicator (shown while it moves, held 0.5 s after it rests: a timer starts the
// fade, over 0.25 s).
const place = (v, seconds) => {
  const curve = seconds ? `transform ${seconds}s cubic-bezier(0.1, 0.7, 0.25, 1)` : "none";
  list.style.transition = indicator.style.transition = curve;
  list.style.transform = `translateY(${-v}px)`;
  indicator.style.opacity = "1";
  indicator.style.transform = `translateY(${v * (feed.offsetHeight - bar) / max}px)`;
  clearTimeout(fade);
  if (!start) fade = setTimeout(() => { indicator.style.transition = "opacity 0.25s linear"; indicator.style.opacity = "0"; }, (seconds + 0.5) * 1000);
};
feed.addEventListener("pointerdown", (e) => {
  feed.setPointerCapture(e.pointerId);
  y = -new DOMMatrix(getComputedStyle(list).transform).m42; // a finger catches the list where it is
  start = { py: e.clientY, y }; moves = [[e.timeStamp, e.clientY]]; place(y, 0);
});
feed.addEventListener("pointermove", (e) => {
  if (!start) return;
  y = Math.max(0, Math.min(max, start.y - (e.clientY - start.py)));
  place(y, 0);
  moves.push([e.timeStamp, e.clientY]); if (moves.length > 4) moves.shift();
});
feed.addEventListener("pointerup", (e) => {
  if (!start) return;
  start = null;
  const [t0, y0] = moves[0], [t1, y1] = moves[moves.length - 1];
  const v = t1 > t0 ? -(y1 - y0) / ((t1 - t0) / 1000) : 0; // pt/s, content moving up is positive
  const lambda = 1000 * Math.log(0.998);
  y = Math.max(0, Math.min(max, y - v / lambda));
  place(y, Math.abs(v) > 10 ? Math.log(10 / Math.abs(v)) / lambda : 0);
});
window.benchReady = true;
</script>
</body></html>
"""

# The maps example (examples/maps.json: a map of seven views, a sheet with a search field, three
# buttons and a list of twelve places, anchors at 67, 428.5 and 748 pt) and its CSS equivalent: the
# same views as divs, a sheet whose pointer handlers set translateY while the finger is down and
# whose release is a 0.45 s transform transition to the anchor nearest to where its velocity carries
# it, and a dim whose opacity follows the sheet between its half-open and top anchors.
VEIL_SHEET_SCRIPT = veil_script(scene="/maps.json", node="sheet")

CSS_SHEET_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>CSS sheet</title>
<style>
body { margin: 0; font-family: sans-serif; }
.maps { width: 390px; height: 844px; position: relative; overflow: hidden; background: #EDEAE2; }
.v { position: absolute; }
.dim { position: absolute; inset: 0; background: #000; opacity: 0; will-change: opacity; }
.sheet { position: absolute; left: 0; top: 0; width: 390px; height: 777px; background: #fff; border-radius: 10px 10px 0 0;
  box-shadow: 0 -2px 12px rgb(0 0 0 / 0.12); touch-action: none; will-change: transform; }
.grabber { position: absolute; left: 180px; top: 5px; width: 30px; height: 4px; border-radius: 2px; background: #C7C7CC; }
.search { margin: 16px 16px 8px; height: 40px; border-radius: 10px; background: rgb(118 118 128 / 0.12); color: #6D6D72;
  font-size: 17px; line-height: 40px; padding: 0 12px; }
.favourites { display: flex; gap: 8px; padding: 4px 16px 12px; height: 36px; }
.favourites span { background: #E5F0FF; color: #0062CC; font-size: 15px; font-weight: 600; border-radius: 8px; padding: 0 16px; line-height: 36px; }
.list { height: 661px; overflow: hidden; }
.row { height: 64px; display: flex; align-items: center; gap: 12px; padding: 0 16px; border-bottom: 0.5px solid #C6C6C8; box-sizing: border-box; }
.icon { width: 36px; height: 36px; border-radius: 50%; color: #fff; font-weight: 600; text-align: center; line-height: 36px; flex: none; }
.name { font-weight: 600; font-size: 17px; } .detail { font-size: 15px; color: #6D6D72; }
</style></head><body>
<div class="maps">
MAP
<div class="dim"></div>
<div class="sheet"><div class="grabber"></div><div class="search">Search Maps</div>
<div class="favourites"><span>Home</span><span>Work</span><span>Coffee</span></div>
<div class="list">
ROWS
</div></div></div>
<script>
const sheet = document.querySelector(".sheet"), dim = document.querySelector(".dim");
const anchors = [67, 428.5, 748];
let y = 428.5, start = null, moves = [];
const place = (v, animate) => {
  const t = animate ? "0.45s cubic-bezier(0.2, 0.9, 0.3, 1)" : "none";
  sheet.style.transition = animate ? `transform ${t}` : "none";
  dim.style.transition = animate ? `opacity ${t}` : "none";
  sheet.style.transform = `translateY(${v}px)`;
  dim.style.opacity = String(0.3 * Math.max(0, Math.min(1, (428.5 - v) / (428.5 - 67))));
};
place(y, false);
sheet.addEventListener("pointerdown", (e) => {
  sheet.setPointerCapture(e.pointerId);
  y = new DOMMatrix(getComputedStyle(sheet).transform).m42; // caught where it is
  start = { py: e.clientY, y }; moves = [[e.timeStamp, e.clientY]]; place(y, false);
});
sheet.addEventListener("pointermove", (e) => {
  if (!start) return;
  y = Math.max(anchors[0], start.y + e.clientY - start.py);
  place(y, false);
  moves.push([e.timeStamp, e.clientY]); if (moves.length > 4) moves.shift();
});
sheet.addEventListener("pointerup", () => {
  if (!start) return;
  start = null;
  const [t0, y0] = moves[0], [t1, y1] = moves[moves.length - 1];
  const v = t1 > t0 ? (y1 - y0) / ((t1 - t0) / 1000) : 0;
  const projected = y - v / (1000 * Math.log(0.99));
  y = anchors.reduce((a, b) => (Math.abs(b - projected) < Math.abs(a - projected) ? b : a));
  place(y, true);
});
window.benchReady = true;
</script>
</body></html>
"""

# The finger's gestures, as (seconds from the start of a cycle, CDP touch event type, x, y); the
# cycle repeats while a motion is measured. A fling: 6 moves of 30 px 16 ms apart, let go at speed;
# the sheet: 30 moves of 12 px over 0.5 s, held 0.1 s (no fling), let go, 1 s to settle, each way.
# Each cycle is measured whole (the fling's coast lasts about 2.6 s).
def fling_cycle():
    steps = []
    for start, x, y, dy in ((0.0, 180, 420, -30), (3.0, 180, 120, 30)):
        steps.append((start, "touchStart", x, y))
        for i in range(1, 7):
            steps.append((start + 0.016 * i, "touchMove", x, y + dy * i))
        steps.append((start + 0.016 * 6 + 0.001, "touchEnd", x, y + dy * 6))
    return steps, 6.0


def sheet_cycle():
    steps = []
    for start, y, dy in ((0.0, 468, -12), (1.6, 167, 12)):
        steps.append((start, "touchStart", 195, y))
        for i in range(1, 31):
            steps.append((start + i / 60, "touchMove", 195, y + dy * i))
        steps.append((start + 0.6, "touchEnd", 195, y + dy * 30))
    return steps, 3.2


GESTURES = {"fling": fling_cycle, "sheet": sheet_cycle}
# Seconds each motion is measured over: two of its cycles (the fling's one, which holds two coasts).
SECONDS = {"shimmer": 3.0, "scroll": 3.0, "fling": 6.0, "sheet": 6.4}



def css_page():
    row = ('<div class="row" style="top:{top}px"><span class="react-loading-skeleton avatar"></span>'
           '<span class="react-loading-skeleton line1"></span><span class="react-loading-skeleton line2"></span></div>')
    return CSS_PAGE.replace("ROWS", "\n".join(row.format(top=56 + 72 * i) for i in range(7)))


def css_scroll_page():
    rows = json.loads((ROOT / "Web" / "examples" / "feed-data.json").read_text()) * 3
    row = ('<div class="row"><div class="avatar"></div><div><div class="title">{title}</div>'
           '<div class="subtitle">{subtitle}</div></div></div>')
    return CSS_SCROLL_PAGE.replace("ROWS", "\n".join(row.format(**r) for r in rows))


def css_fling_page():
    rows = json.loads((ROOT / "Web" / "examples" / "feed-data.json").read_text()) * 9
    row = ('<div class="row"><div class="avatar"></div><div><div class="title">{title}</div>'
           '<div class="subtitle">{subtitle}</div></div></div>')
    return CSS_FLING_PAGE.replace("ROWS", "\n".join(row.format(**r) for r in rows))


def css_sheet_page():
    scene = json.loads((ROOT / "examples" / "maps.json").read_text())
    [map_view] = [c for c in scene["root"]["children"] if c.get("id") == "map"]
    views = []
    for v in map_view["children"]:
        f = v["frame"]
        border = f"border: {v['borderWidth']}px solid {v['borderColor']}; box-sizing: border-box;" if "borderWidth" in v else ""
        views.append(f'<div class="v" style="left:{f["x"]}px;top:{f["y"]}px;width:{f["width"]}px;height:{f["height"]}px;'
                     f'background:{v["background"]};border-radius:{v.get("cornerRadius", 0)}px;{border}"></div>')
    [sheet] = [c for c in scene["root"]["children"] if c.get("type") == "sheet"]
    places = next(c for c in sheet["children"][0]["children"] if c.get("type") == "list")["rows"]
    row = ('<div class="row"><div class="icon" style="background:{bg}">{letter}</div><div><div class="name">{name}</div>'
           '<div class="detail">{detail}</div></div></div>')
    rows = [row.format(bg=r["icon"]["background"], letter=r["icon"]["text"], name=r["name"]["text"],
                       detail=r["detail"]["text"]) for r in places]
    return CSS_SHEET_PAGE.replace("MAP", "\n".join(views)).replace("ROWS", "\n".join(rows))


def own_page():
    """The CSS page's feed as the page's own rows with their content, and Veil's skeleton over them
    (`overlay(feed).skeleton.show()` from page.js, as docs/EMBED.md's first section does)."""
    rows = json.loads((ROOT / "Web" / "examples" / "feed-data.json").read_text())
    row = ('<div class="row" style="top:{top}px"><span class="avatar" style="background:#5E35B1;border-radius:50%"></span>'
           '<span class="line1">{title}</span><span class="line2">{subtitle}</span></div>')
    page = CSS_PAGE.replace("ROWS", "\n".join(row.format(top=56 + 72 * i, **rows[i % len(rows)]) for i in range(7)))
    return page.replace("<title>CSS skeleton</title>", "<title>Veil over the page's own rows</title>").replace(
        "<script>window.benchReady = true;</script>",
        '<script type="module">\nimport { overlay } from "/veil/page.js";\n'
        'await overlay(document.querySelector(".feed")).skeleton.show({ style: "sliding" });\n'
        "window.benchReady = true;\n</script>")


def quick_start_markup():
    """docs/EMBED.md's canvas quick start HTML ("A scene on a canvas") up to its script: what the page
    puts before mount()."""
    text = (ROOT / "docs" / "EMBED.md").read_text()
    text = text[text.index("# A scene on a canvas"):]
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


def make_site(folder, before=None):
    """/veil/ (Web/ and veil.wasm), /feed.json, /feed-first.svg, /maps.json, /maps-first.svg, the
    pages of each motion (and /veil-before/ with its pages: `before`, a git revision)."""
    shutil.copytree(ROOT / "Web", folder / "veil")
    shutil.copy(harness.VEIL_WASM, folder / "veil" / "veil.wasm")
    shutil.copy(ROOT / "Web" / "examples" / "feed.json", folder / "feed.json")
    events = folder / "skeleton.jsonl"
    events.write_text(json.dumps({"t": 0, "command": {"skeleton": {"node": "feed", "show": True, "style": "sliding"}}}) + "\n")
    subprocess.run([str(harness.VEIL_BIN), "render", str(folder / "feed.json"), "--at", "0", "--events", str(events),
                    "--format", "svg", "--out", str(folder / "feed-first.svg")], check=True)
    shutil.copy(ROOT / "Web" / "examples" / "feed-data.json", folder / "feed-data.json")
    shutil.copy(ROOT / "examples" / "maps.json", folder / "maps.json")
    subprocess.run([str(harness.VEIL_BIN), "render", str(folder / "maps.json"), "--at", "0",
                    "--format", "svg", "--out", str(folder / "maps-first.svg")], check=True)
    pages = {
        "": (veil_page(), css_page()),
        "-scroll": (veil_page(VEIL_SCROLL_SCRIPT), css_scroll_page()),
        "-fling": (veil_page(VEIL_FLING_SCRIPT), css_fling_page()),
        # The quick start's markup with the maps scene's first frame.
        "-sheet": (veil_page(VEIL_SHEET_SCRIPT).replace("/feed-first.svg", "/maps-first.svg"),
                   css_sheet_page()),
    }
    (folder / "own.html").write_text(own_page())
    for suffix, (veil, css) in pages.items():
        (folder / f"veil{suffix}.html").write_text(veil)
        (folder / f"css{suffix}.html").write_text(css)
        if before:
            # (A tree from before 885d7ac left a finger's drag on the canvas to the browser: its page sets
            # what mount() sets now.)
            (folder / f"before{suffix}.html").write_text(
                veil.replace('"/veil/', '"/veil-before/').replace('<canvas id="feed"', '<canvas id="feed" style="touch-action: none"'))
    if before:
        # That revision's Web/ (`git archive` of its Web folder), with VEIL_BENCH_BEFORE_WASM (that
        # revision's `make wasm`) when the wire changed between them, else the same veil.wasm.
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", before, "Web"],
                                 check=True, capture_output=True).stdout
        target = folder / "before-tree"
        target.mkdir()
        subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
        (target / "Web").rename(folder / "veil-before")
        shutil.copy(os.environ.get("VEIL_BENCH_BEFORE_WASM", harness.VEIL_WASM), folder / "veil-before" / "veil.wasm")


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


def worker_ticks(pids):
    """utime + stime of the browser's dedicated worker threads (Veil's session and drawing)."""
    total = 0
    for pid in pids:
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tasks:
            try:
                if not Path(f"/proc/{pid}/task/{tid}/comm").read_text().startswith("DedicatedWorker"):
                    continue
                fields = Path(f"/proc/{pid}/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])
    return total


def task_duration(driver):
    metrics = driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]
    return next(m["value"] for m in metrics if m["name"] == "TaskDuration")


class Touch(harness.PageConnection):
    """A finger: replays a gesture cycle (GESTURES) with CDP Input.dispatchTouchEvent on its own
    connection to the page, over and over until closed; each event's reply is awaited (the browser
    has dispatched it) before the next is due."""

    what = "touch driver"

    def __init__(self, driver, gesture):
        self.steps, self.cycle = gesture()
        self.events = 0
        super().__init__(driver)

    async def session(self, ws):
        self.ready.set()
        next_id = 1
        began = time.monotonic()
        down = False

        async def until(moment):
            """Sleeps until `moment`; false when closed meanwhile with the finger up."""
            wait = moment - time.monotonic()
            if down:
                if wait > 0:
                    await asyncio.sleep(wait)
                return True
            if wait > 0:
                try:
                    await asyncio.wait_for(self.stop_flag.wait(), wait)
                except asyncio.TimeoutError:
                    pass
            return not self.stop_flag.is_set()

        while True:
            for at, kind, x, y in self.steps:
                if not await until(began + at):
                    return
                points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
                await ws.send(json.dumps({"id": next_id, "method": "Input.dispatchTouchEvent",
                                          "params": {"type": kind, "touchPoints": points}}))
                while json.loads(await ws.recv()).get("id") != next_id:
                    pass
                next_id += 1
                self.events += 1
                down = kind != "touchEnd"
            began += self.cycle


def measure(driver, url, seconds=3.0, busy=True, gesture=None):
    driver.get(url)
    harness.wait_for(driver, "window.benchReady", what=f"{url} to be ready")
    harness.wait_for(driver, "performance.getEntriesByName('first-contentful-paint').length > 0 || "
                     "(performance.now() > 3000 && 'none')", what="first-contentful-paint")
    fcp = driver.execute_script(
        "const e = performance.getEntriesByName('first-contentful-paint')[0]; return e ? e.startTime : null")
    time.sleep(0.7)  # past any fade-in
    pids = browser_pids(driver)
    finger = Touch(driver, gesture) if gesture else None
    try:
        driver.execute_cdp_cmd("Performance.enable", {"timeDomain": "threadTicks"})
        task0, cpu0, w0, t0 = task_duration(driver), cpu_ticks(pids), worker_ticks(pids), time.monotonic()
        time.sleep(seconds)
        task1, cpu1, w1, t1 = task_duration(driver), cpu_ticks(pids), worker_ticks(pids), time.monotonic()
        driver.execute_cdp_cmd("Performance.disable", {})
    finally:
        if finger:
            finger.close()
    elapsed = t1 - t0
    main = (task1 - task0) * 1000 / elapsed
    cpu = (cpu1 - cpu0) * 1000 / CLK_TCK / elapsed
    worker = (w1 - w0) * 1000 / CLK_TCK / elapsed
    if not busy:
        return {"fcp": fcp, "main": main, "cpu": cpu, "worker": worker, "busy": None}
    busy = harness.frames_while_busy(driver, settle=0.5)
    return {"fcp": fcp, "main": main, "cpu": cpu, "worker": worker, "busy": busy}


def run(rounds=4, scale=1, motion="shimmer", before=None):
    folder = Path(tempfile.mkdtemp(prefix="veil-bench-"))
    httpd = None
    driver = None
    try:
        make_site(folder, before)
        handler = functools.partial(Quiet, directory=str(folder))
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_port}"
        # The maps scene is 390 × 844 pt.
        driver = harness.chromium(width=800, height=900 if motion == "sheet" else 800, scale=scale)
        names = ["css", "before", "veil"] if before else ["css", "veil"]
        if motion == "shimmer":
            names.append("own")  # Veil over the page's own rows
        results = {name: [] for name in names}
        suffix = "" if motion == "shimmer" else f"-{motion}"
        driver.get(f"{base}/css{suffix}.html")  # the browser's own start-up out of the first sample
        for round_ in range(rounds):
            # Each round in another order: a page is not always measured after the same one.
            for name in names[round_ % len(names):] + names[:round_ % len(names)]:
                # A scroll is measured over two of its 1.5 s cycles (its busy-task figure is left out:
                # the page's timer starts each scroll); a fling and a sheet drag while a finger moves them.
                results[name].append(measure(driver, f"{base}/{name}{suffix}.html", seconds=SECONDS[motion],
                                             busy=motion == "shimmer", gesture=GESTURES.get(motion)))
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


TITLES = {
    "shimmer": "Veil's feed skeleton vs a CSS skeleton",
    "scroll": "the loaded feed scrolled 500 pt and back every 1.5 s: Veil's animated scroll vs a CSS transform transition",
    "fling": "the loaded feed flung up and down by a finger: Veil's drag and coast vs CSS transforms (pointer handlers, a transition)",
    "sheet": "the maps sheet dragged up and down by a finger: Veil's sheet vs a CSS bottom sheet (translateY, a transition)",
}


def report(results, scale=1, motion="shimmer"):
    rounds = len(results["css"])
    print(f"=== {TITLES[motion]}, headless Chromium, device pixel ratio {scale}, {rounds} rounds alternated "
          f"(median (min–max)) ===")
    if motion == "shimmer":
        rows = [("first-contentful-paint", "fcp", " ms", 1), ("page main thread while shimmering", "main", " ms/s", 1),
                ("whole browser CPU while shimmering", "cpu", " ms/s", 0), ("of which Veil's worker thread", "worker", " ms/s", 0),
                ("frames during an 800 ms main-thread task", "busy", "", 0)]
    else:
        rows = [("page main thread while moving", "main", " ms/s", 1), ("whole browser CPU while moving", "cpu", " ms/s", 0),
                ("of which Veil's worker thread", "worker", " ms/s", 0)]
    names = [n for n in ("css", "before", "veil", "own") if n in results]
    heads = {"css": "CSS skeleton" if motion == "shimmer" else "CSS transform", "before": "Veil before",
             "veil": "Veil (canvas)" if motion == "shimmer" else "Veil", "own": "Veil (own rows)"}
    ratios = [n for n in names if n != "css"]
    print("| figure | " + " | ".join(heads[n] for n in names) + " | "
          + " | ".join(f"{heads[n]} / CSS" for n in ratios) + " |")
    print("|---" * (1 + len(names) + len(ratios)) + "|")
    for label, key, unit, digits in rows:
        cells = [spread([r[key] for r in results[n]], unit, digits) for n in names]
        css = [r[key] for r in results["css"]]
        for n in ratios:
            veil = [r[key] for r in results[n]]
            if any(v is None for v in veil) or any(c is None for c in css):
                ratio = "—"
            elif key == "worker":
                ratio = ""
            elif key == "fcp":
                ratio = f"{statistics.median(veil) - statistics.median(css):+.1f} ms"
            else:
                c = statistics.median(css)
                ratio = f"{statistics.median(veil) / c:.2f}×" if c else "—"
            cells.append(ratio)
        print(f"| {label} | " + " | ".join(cells) + " |")
    # Per round, the ratio to the CSS page measured next to it (the machine's load moves both).
    if motion != "shimmer":
        for n in ratios:
            for key in ("main", "cpu"):
                per = [v[key] / c[key] for v, c in zip(results[n], results["css"]) if c[key]]
                if per:
                    print(f"  {heads[n]} / CSS, {key}, round by round: median {statistics.median(per):.2f}× "
                          f"({min(per):.2f}–{max(per):.2f})")
    sys.stdout.flush()


def main():
    scales = [float(s) for s in os.environ.get("VEIL_BENCH_SCALES", "1,2").split(",")]
    rounds = int(os.environ.get("VEIL_BENCH_ROUNDS", "4"))
    motions = os.environ.get("VEIL_BENCH_MOTIONS", "shimmer,scroll,fling,sheet").split(",")
    before = os.environ.get("VEIL_BENCH_BEFORE") or None
    for motion in motions:
        for scale in scales:
            report(run(rounds=rounds, scale=scale, motion=motion, before=before),
                   scale=int(scale) if scale.is_integer() else scale, motion=motion)


if __name__ == "__main__":
    main()
