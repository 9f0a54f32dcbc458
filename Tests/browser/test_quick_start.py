"""docs/EMBED.md's quick start followed literally, in headless Chromium: its HTML block is the page,
its shell block makes the first frame, the files sit where it says (Web/ under /veil/, the scene at
/feed.json, the rows at /api/feed) on a plain static server.

- in worker mode (the default): the session draws from a Worker (the canvas was transferred), the
  page's first frame counts as its first contentful paint and gives way once the canvas drew, the
  hidden DOM says loading, then loaded, and the rows are drawn;
- in a browser without OffscreenCanvas (removed before the page runs): the same page on the page's
  thread, with the same first paint, hidden DOM and rows;
- without the quick start's `<img>` (no first frame of the page's own): mount draws the first frame
  on the page's thread over the canvas, and that is the first contentful paint.
"""

import functools
import http.server
import json
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

AVATAR = (38, 92)  # row 0's avatar in Web/examples/feed.json
PURPLE = harness.hex_color("#5E35B1")
DRAWN = "Number(document.getElementById('feed').dataset.drawn || 0)"
ARIA = ("(() => { const c = document.getElementById('feed'), live = document.querySelector('.veil-a11y [role=status]');"
        " return [c.getAttribute('aria-busy'), live && live.textContent]; })()")
NO_OFFSCREEN = "delete window.OffscreenCanvas; delete HTMLCanvasElement.prototype.transferControlToOffscreen;"


def quick_start():
    """The quick start's HTML and shell blocks, as written in docs/EMBED.md."""
    text = (harness.ROOT / "docs" / "EMBED.md").read_text()
    section = text[text.index("## A feed loaded with fetch()"):]
    html = re.search(r"```html\n(.*?)```", section, re.S).group(1)
    sh = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    return html, sh


class Site(http.server.SimpleHTTPRequestHandler):
    """Static files; /api/feed answers once the test lets it (the page shows its skeleton till then)."""
    release = None
    rows = b""

    def do_GET(self):
        if self.path == "/api/feed":
            type(self).release.wait(20)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(self.rows)))
            self.end_headers()
            self.wfile.write(self.rows)
            return
        super().do_GET()

    def log_message(self, *args):
        pass


class QuickStartTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not harness.VEIL_WASM.exists():
            raise AssertionError(f"{harness.VEIL_WASM} is missing: run `make wasm` first (or set VEIL_WASM)")
        cls.folder = Path(tempfile.mkdtemp(prefix="veil-quick-start-"))
        html, sh = quick_start()
        shutil.copytree(harness.ROOT / "Web", cls.folder / "veil")
        shutil.copy(harness.VEIL_WASM, cls.folder / "veil" / "veil.wasm")
        shutil.copy(harness.ROOT / "Web" / "examples" / "feed.json", cls.folder / "feed.json")
        (cls.folder / "index.html").write_text(html)
        img = [line for line in html.splitlines() if 'id="feed-first"' in line]
        assert len(img) == 1, "the quick start shows its first frame in one <img> line"
        (cls.folder / "no-first-frame.html").write_text(html.replace(img[0] + "\n", ""))
        env = {"PATH": f"{harness.VEIL_BIN.parent}:/usr/bin:/bin"}
        run = subprocess.run(["bash", "-euc", sh], cwd=cls.folder, env=env, capture_output=True, text=True)
        assert run.returncode == 0, f"the quick start's shell block failed:\n{run.stderr}"
        assert (cls.folder / "feed-first.svg").exists(), "the shell block makes feed-first.svg"
        handler = type("QuickStartSite", (Site,), {"release": threading.Event(),
                                                   "rows": (harness.ROOT / "Web" / "examples" / "feed-data.json").read_bytes()})
        cls.handler = handler
        cls.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(cls.folder)))
        threading.Thread(target=cls.httpd.serve_forever, daemon=True).start()
        cls.url = f"http://127.0.0.1:{cls.httpd.server_port}/"
        try:
            cls.driver = harness.chromium(width=800, height=800, scale=1)
        except Exception:
            cls.httpd.shutdown()
            raise

    @classmethod
    def tearDownClass(cls):
        cls.handler.release.set()
        cls.driver.quit()
        cls.httpd.shutdown()
        cls.httpd.server_close()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def follow(self, thread, page="", first="#feed-first"):
        driver = self.driver
        self.handler.release.clear()
        driver.get(self.url + page)
        harness.wait_for(driver, f"{DRAWN} > 0", what="the canvas' first frame")
        transferred = driver.execute_script(
            "try { return document.getElementById('feed').getContext('2d') === null; } catch (e) { return e.name; }")
        if thread == "worker":
            self.assertEqual(transferred, "InvalidStateError", "the canvas was handed to a worker")
        else:
            self.assertFalse(transferred, "the page's thread draws the canvas")
        harness.wait_for(driver, f"!document.querySelector({first!r})", what="the first frame to give way")
        fcp = driver.execute_script("return performance.getEntriesByName('first-contentful-paint').length")
        self.assertEqual(fcp, 1, "the page's first frame is its first contentful paint")
        harness.wait_for(driver, f"JSON.stringify({ARIA}) === '[\"true\",\"Loading…\"]'", what="loading in the hidden DOM")
        self.handler.release.set()
        harness.wait_for(driver, f"JSON.stringify({ARIA}) === '[\"false\",\"Loaded\"]'", what="loaded in the hidden DOM")
        harness.wait_until_still(driver, DRAWN, quiet=0.4, timeout=4)
        image, box = harness.screenshot(driver, f"quick-start-{thread}"), harness.canvas_box(driver, "#feed")
        harness.assert_color(self, image, box, *AVATAR, PURPLE, "row 0's avatar", tolerance=10)
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]]
        self.assertEqual(errors, [], "no errors in the console")

    def test_worker(self):
        self.follow("worker")

    def test_worker_without_a_first_frame_of_its_own(self):
        self.follow("worker", page="no-first-frame.html", first="canvas.veil-first-frame")

    def test_main_thread_without_offscreen_canvas(self):
        script = self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NO_OFFSCREEN})
        try:
            self.follow("main")
        finally:
            self.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


if __name__ == "__main__":
    unittest.main()
