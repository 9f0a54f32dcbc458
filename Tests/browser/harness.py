"""Shared pieces of the browser tests: a `veil serve` process on a free loopback port, headless
Chromium through selenium, screenshots kept under out/browser/, and pixel checks.

Run with Debian's python (it has selenium): /usr/bin/python3 -m unittest discover -s Tests/browser
"""

import asyncio
import ctypes
import faulthandler
import io
import json
import os
import signal
import socket
import subprocess
import threading
import time
import unittest
import urllib.error
import urllib.request
from pathlib import Path

from PIL import Image, ImageChops
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "out" / "browser"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
VEIL_BIN = Path(os.environ.get("VEIL_BIN", ROOT / ".build" / "debug" / "veil"))
VEIL_WASM = Path(os.environ.get("VEIL_WASM", ROOT / ".build" / "wasm" / "veil.wasm"))
# What a page ships (`make dist`): Web/ with its modules minified, veil.wasm beside veil.js.
DIST = ROOT / ".build" / "dist" / "veil"
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

# The whole run finishes by itself: a hung browser or server is reported with a traceback. The
# watchdog is armed again at each test's start and end, so it bounds each test (and the class setup
# after it), not the length of the whole suite.
WATCHDOG_SECONDS = float(os.environ.get("VEIL_BROWSER_TIMEOUT", "300"))
faulthandler.dump_traceback_later(WATCHDOG_SECONDS, exit=True)
_run_test = unittest.TestCase.run


def _run_watched(self, result=None):
    faulthandler.dump_traceback_later(WATCHDOG_SECONDS, exit=True)
    try:
        return _run_test(self, result)
    finally:
        faulthandler.dump_traceback_later(WATCHDOG_SECONDS, exit=True)


unittest.TestCase.run = _run_watched


FRAMES_DRAWN = "Number(document.getElementById('canvas').dataset.drawn || 0)"


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _die_with_parent():
    """The server must not outlive the test process, even if the test is killed."""
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    PR_SET_PDEATHSIG = 1
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class VeilServer:
    """`veil serve SCENE… --host 127.0.0.1 --port P`, started from the repository root."""

    def __init__(self, *scenes, name="server", port=None, options=()):
        if not VEIL_BIN.exists():
            raise AssertionError(f"veil binary not found at {VEIL_BIN}: build it (swift build) or set VEIL_BIN")
        OUT.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = OUT / f"{name}.log"
        self.log = open(self.log_path, "wb")
        command = [str(VEIL_BIN), "serve", *map(str, scenes), "--host", "127.0.0.1", "--port", str(self.port), *options]
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent)
        self._wait_until_listening(timeout=20)

    def _wait_until_listening(self, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.stop()
                raise AssertionError(f"veil serve exited with {self.process.returncode}:\n{self.output()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise AssertionError(f"veil serve did not listen on port {self.port} within {timeout} s:\n{self.output()}")

    def get(self, path):
        """(status, content type, body) of an HTTP GET on the server."""
        try:
            with urllib.request.urlopen(self.url + path, timeout=10) as response:
                return response.status, response.headers.get("Content-Type", ""), response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers.get("Content-Type", ""), error.read()

    def output(self):
        self.log.flush()
        return self.log_path.read_text(errors="replace")[-4000:]

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        self.log.close()


class ServedBrowserTest(unittest.TestCase):
    """A `veil serve` on `SCENES` and one headless Chromium, shared by the tests of a class."""

    SCENES = ()
    SERVER_NAME = "server"
    WINDOW = (1000, 900)

    @classmethod
    def setUpClass(cls):
        cls.server = VeilServer(*cls.SCENES, name=cls.SERVER_NAME)
        try:
            cls.driver = chromium(width=cls.WINDOW[0], height=cls.WINDOW[1], scale=1)
        except Exception:
            cls.server.stop()
            raise

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()


def chromium(width=1000, height=900, scale=1):
    """Headless Chromium with a fixed window size and device scale factor."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", f"--force-device-scale-factor={scale}",
                     "--force-color-profile=srgb", "--hide-scrollbars", "--no-first-run",
                     "--disable-extensions", "--disable-background-networking"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    return driver


def wait_for(driver, script, timeout=15, what="condition"):
    """Polls `return <script>` until it is truthy; returns its value or fails with the console log."""
    deadline = time.monotonic() + timeout
    value = None
    while time.monotonic() < deadline:
        try:
            value = driver.execute_script(f"return {script}")
        except WebDriverException:
            value = None
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout} s waiting for {what} ({script}); last value {value!r}\n"
                         f"browser console:\n{console_log(driver)}")


def wait_for_async(driver, expression, timeout=15, what="condition"):
    """Polls a JS expression that may be a Promise (a worker-mode controller's describe(),
    nextChange()…) until it resolves truthy; returns the value or fails with the console log."""
    script = f"const done = arguments[0]; Promise.resolve().then(() => {expression}).then(done, () => done(null));"
    deadline = time.monotonic() + timeout
    value = None
    while time.monotonic() < deadline:
        try:
            value = driver.execute_async_script(script)
        except WebDriverException:
            value = None
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout} s waiting for {what} ({expression}); last value {value!r}\n"
                         f"browser console:\n{console_log(driver)}")


def wait_until_still(driver, counter_script, quiet=0.5, timeout=8):
    """Waits until a counter (e.g. frames drawn) stops changing for `quiet` seconds."""
    deadline = time.monotonic() + timeout
    last, since = None, time.monotonic()
    while time.monotonic() < deadline:
        value = driver.execute_script(f"return {counter_script}")
        if value != last:
            last, since = value, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return value
        time.sleep(0.05)
    return last


def console_log(driver):
    try:
        return "\n".join(f"  {entry['level']}: {entry['message']}" for entry in driver.get_log("browser"))
    except WebDriverException:
        return "  (no log)"


def screenshot(driver, name):
    """Saves the viewport under out/browser/NAME.png and returns it as an RGB image."""
    OUT.mkdir(parents=True, exist_ok=True)
    png = driver.get_screenshot_as_png()
    (OUT / f"{name}.png").write_bytes(png)
    return Image.open(io.BytesIO(png)).convert("RGB")


def core_svg(folder, name, scene, lines, t):
    """`veil render --at t` of `scene` with `lines` (the events file's lines, as dicts), as SVG text:
    what the core draws, to hold a layer the page draws against it."""
    scene_file, events_file, svg = folder / f"{name}.json", folder / f"{name}.events.jsonl", folder / f"{name}.svg"
    scene_file.write_text(json.dumps(scene))
    events_file.write_text("".join(json.dumps(line) + "\n" for line in lines))
    subprocess.run([str(VEIL_BIN), "render", str(scene_file), "--at", str(t), "--events", str(events_file),
                    "--format", "svg", "--out", str(svg)], check=True, capture_output=True)
    return svg.read_text()


def show_svg(driver, svg, image_id="shot"):
    """Shows `svg` in the page's <img id=IMAGE_ID> and waits until it is painted."""
    driver.execute_async_script("""
      const [svg, id, done] = arguments;
      const img = document.getElementById(id);
      img.onload = () => requestAnimationFrame(() => requestAnimationFrame(() => done()));
      img.src = 'data:image/svg+xml;base64,' + btoa(svg);
    """, svg, image_id)


def difference(a, b, tolerance=12):
    """How two pictures of one size differ: the pixels differing by more than `tolerance` in a
    channel, and the largest difference."""
    diff = ImageChops.difference(a, b)
    return sum(1 for p in diff.getdata() if max(p) > tolerance), max(max(p) for p in diff.getdata())


def touch_drag(driver, x, y, dy, steps, pause=0.0):
    """A finger (real touch pointer events) goes down at (x, y), moves `dy` px in `steps` even moves
    with no delay between them, rests `pause` seconds, and lifts."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    gesture = ActionBuilder(driver, mouse=finger, duration=0)
    gesture.pointer_action.move_to_location(x, y).pointer_down()
    for step in range(1, steps + 1):
        gesture.pointer_action.move_to_location(x, int(y + dy * step / steps))
    if pause:
        gesture.pointer_action.pause(pause)
    gesture.pointer_action.pointer_up()
    gesture.perform()


def open_settled_viewer(driver, server_url, scene):
    """The live viewer on `scene`, drawn, described, its bar at its final width (the clock's first
    notice fills it) and the canvas still: what a test that taps by position needs."""
    driver.get(f"{server_url}/index.html?scene={scene}")
    wait_for(driver, "window.veilViewer && veilViewer.frames > 0 && veilViewer.description.buttons.length > 0"
                     " && veilViewer.clock !== undefined", what=f"{scene} drawn and described")
    wait_until_still(driver, FRAMES_DRAWN)


def pointer_to_center(driver, box):
    """ActionChains with the mouse over the centre of `box` (canvas points, as the description gives)."""
    from selenium.webdriver.common.action_chains import ActionChains
    canvas = driver.find_element("css selector", "canvas")
    shown = canvas_box(driver)
    return ActionChains(driver).move_to_element_with_offset(
        canvas, box["x"] + box["width"] / 2 - shown["width"] / 2, box["y"] + box["height"] / 2 - shown["height"] / 2)


def canvas_box(driver, selector="canvas"):
    """The canvas' CSS box in the viewport, and the device pixel ratio."""
    return driver.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return {left: r.left, top: r.top, width: r.width, height: r.height, dpr: devicePixelRatio};",
        selector)


def hex_color(text):
    """'#RGB', '#RRGGBB' or '#RRGGBBAA' → (r, g, b)."""
    digits = text.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return tuple(int(digits[i:i + 2], 16) for i in (0, 2, 4))


def pixel(image, box, x, y):
    """The colour at scene point (x, y) of the canvas in a screenshot."""
    dpr = box["dpr"]
    return image.getpixel((int((box["left"] + x) * dpr), int((box["top"] + y) * dpr)))


def assert_color(test, image, box, x, y, expected, what, tolerance=6):
    actual = pixel(image, box, x, y)
    close = all(abs(a - e) <= tolerance for a, e in zip(actual, expected))
    test.assertTrue(close, f"{what}: pixel at ({x}, {y}) is {actual}, expected {expected} (±{tolerance})")


def solid_views(scene):
    """Root children that are plain views with a frame and a background: (id, frame, colour)."""
    views = []
    for child in scene["root"].get("children", []):
        if child.get("type") == "view" and "frame" in child and "background" in child:
            views.append((child.get("id", "?"), child["frame"], hex_color(child["background"])))
    return views


def load_json(path):
    return json.loads(Path(path).read_text())


class StaticSite:
    """A page's site on loopback: Web/ under /veil/ with veil.wasm beside veil.js, the `files` given
    ({name: text}), and `routes` ({path: handler(request) -> (status, content type, bytes)}, run on
    the server's thread: a route may wait on an Event the test sets). Every path asked is in `log`.
    `url(name)` is a page's address; `close()` stops it and removes the folder."""

    def __init__(self, files, routes=None, prefix="veil-site-"):
        import functools
        import http.server
        import shutil
        import tempfile
        import threading
        if not VEIL_WASM.exists():
            raise AssertionError(f"{VEIL_WASM} is missing: run `make wasm` first (or set VEIL_WASM)")
        self.folder = Path(tempfile.mkdtemp(prefix=prefix))
        shutil.copytree(ROOT / "Web", self.folder / "veil")
        shutil.copy(VEIL_WASM, self.folder / "veil" / "veil.wasm")
        for name, text in files.items():
            (self.folder / name).write_text(text)
        self.log = []
        site, routes = self, dict(routes or {})

        class Handler(http.server.SimpleHTTPRequestHandler):
            def do_GET(self):
                site.log.append(self.path)
                route = routes.get(self.path.split("?")[0])
                if route is None:
                    return super().do_GET()
                status, kind, body = route(self)
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                self.do_GET()

            def guess_type(self, path):
                return "application/wasm" if str(path).endswith(".wasm") else super().guess_type(path)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(self.folder)))
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, name):
        return f"http://127.0.0.1:{self.httpd.server_port}/{name}"

    def close(self):
        import shutil
        self.httpd.shutdown()
        self.httpd.server_close()
        shutil.rmtree(self.folder, ignore_errors=True)


def page_errors(driver):
    """SEVERE console entries but a missing favicon."""
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]]


# An 800 ms task on the page's main thread (a script run through chromedriver).
BUSY = "const end = performance.now() + 800; while (performance.now() < end) {} return true;"


def frames_while_busy(driver, settle=0.3, before_task=None):
    """Screencast frames (`Screencast`) that reach the page while its main thread runs `BUSY`:
    the screencast starts, `settle` seconds pass, `before_task()` runs (what starts a motion), then
    the task. Its first and last 50 ms are left out (the script's round trip through chromedriver).
    A count, not a rate: a busy machine gives fewer."""
    cast = Screencast(driver)
    try:
        time.sleep(settle)
        if before_task:
            before_task()
        before = time.monotonic()
        driver.execute_script(BUSY)
        after = time.monotonic()
        time.sleep(0.1)
    finally:
        cast.close()
    return sum(1 for s in cast.stamps if before + 0.05 <= s <= after - 0.05)


# The page's running Web Animations that repeat forever, as [target's data-item, easing, rotate
# keyframes]: a spinner turning on the compositor (dom-layers.js).
ENDLESS_ANIMATIONS = """return document.getAnimations().filter(a => a.playState === 'running'
  && a.effect.getTiming().iterations === Infinity).map(a => [a.effect.target.dataset.item ?? null,
  a.effect.getTiming().easing, a.effect.getKeyframes().map(k => k.rotate)]);"""


class PageConnection:
    """A DevTools connection of its own to the page, run on a thread of its own: a subclass's
    `session(ws)` talks to the page until `close()` (`self.stop_flag`), and sets `self.ready` once
    it has started. Used by the browser tests and the page benchmarks."""

    what = "page connection"

    def __init__(self, driver):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        targets = json.loads(urllib.request.urlopen(f"http://{address}/json", timeout=5).read())
        self.url = next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page")
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.stop_flag = None
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self.run(),), daemon=True)
        self.thread.start()
        if not self.ready.wait(10):
            raise RuntimeError(f"{self.what} did not start")

    async def run(self):
        import websockets
        self.stop_flag = asyncio.Event()
        async with websockets.connect(self.url, max_size=None) as ws:
            await self.session(ws)

    async def session(self, ws):
        raise NotImplementedError

    def close(self):
        self.loop.call_soon_threadsafe(self.stop_flag.set)
        self.thread.join(10)


class Screencast(PageConnection):
    """Counts CDP screencast frames of the page (acknowledging each at once): their arrival times."""

    what = "screencast"

    def __init__(self, driver):
        self.stamps = []
        super().__init__(driver)

    async def session(self, ws):
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
