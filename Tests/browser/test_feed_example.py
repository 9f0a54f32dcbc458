"""Web/examples/feed.html in headless Chromium: a feed mounted with mount() loads with a skeleton,
fails with Retry, retries with the spinner and succeeds — pixels and the hidden DOM's aria state at
each stage, Retry pressed from the keyboard, focus never trapped, reduced motion (no frames while a
still skeleton shows), and the same page working from plain static files.

Needs `veil` (swift build) and `.build/wasm/veil.wasm` (make wasm).
"""

import functools
import http.server
import shutil
import sys
import tempfile
import threading
import time
import unittest
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

# Row 0's avatar centre and a point mid-feed, in scene points (Web/examples/feed.json: a 56 pt
# header, 72 pt rows, a 44 pt avatar 16 pt from the left).
AVATAR = (38, 92)
MIDDLE = (180, 300)
PURPLE = harness.hex_color("#5E35B1")
WHITE = (255, 255, 255)
STAGE = "window.feedDemo && feedDemo.stage"


def contrast(a, b):
    """WCAG contrast ratio of two opaque 0xRRGGBBAA colours."""
    def luminance(c):
        def channel(v):
            v /= 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        return 0.2126 * channel(c >> 24) + 0.7152 * channel((c >> 16) & 255) + 0.0722 * channel((c >> 8) & 255)
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def luma(rgb):
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]


class FeedExampleTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not harness.VEIL_WASM.exists():
            raise AssertionError(f"{harness.VEIL_WASM} is missing: run `make wasm` first (or set VEIL_WASM)")
        cls.server = harness.VeilServer(name="feed-example-server")
        try:
            cls.driver = harness.chromium(width=800, height=800, scale=1)
        except Exception:
            cls.server.stop()
            raise

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()

    def setUp(self):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    def open(self, query="manual=1"):
        self.driver.get(f"{self.server.url}/examples/feed.html?{query}")

    def wait_stage(self, name):
        harness.wait_for(self.driver, f"{STAGE} === {name!r} || (window.feedDemo && feedDemo.error)",
                         what=f"stage {name}")
        self.assertIsNone(self.driver.execute_script("return feedDemo.error"))
        harness.wait_for(self.driver, "Number(document.getElementById('canvas').dataset.drawn || 0) > 0",
                         what="a frame drawn")

    def settle(self):
        """Until the frame loop has stopped (nothing animates), or 3 s of shimmer."""
        harness.wait_until_still(self.driver, "feedDemo.veil.stats.animationFrames", quiet=0.4, timeout=3)

    def shot(self, name):
        return harness.screenshot(self.driver, name), harness.canvas_box(self.driver)

    def aria(self):
        return self.driver.execute_script(
            "const c = document.getElementById('canvas'), live = document.querySelector('.veil-a11y [role=status]');"
            "return {busy: c.getAttribute('aria-busy'), live: live && live.textContent,"
            " polite: live && live.getAttribute('aria-live'),"
            " buttons: [...document.querySelectorAll('.veil-a11y button')].map(b => b.textContent)};")

    def frames_over(self, seconds):
        before = self.driver.execute_script("return feedDemo.veil.stats.animationFrames")
        time.sleep(seconds)
        return self.driver.execute_script("return feedDemo.veil.stats.animationFrames") - before

    def frame_loop_runs(self, what):
        """Frames keep coming (a rate would depend on the machine's load: this waits for a few)."""
        before = self.driver.execute_script("return feedDemo.veil.stats.animationFrames")
        harness.wait_for(self.driver, f"feedDemo.veil.stats.animationFrames >= {before + 5}", timeout=10, what=what)

    def test_loading_error_retry_loaded(self):
        self.open()
        self.wait_stage("loading")
        self.frame_loop_runs("a sliding shimmer runs the frame loop")
        image, box = self.shot("feed-loading")
        placeholder = harness.pixel(image, box, *AVATAR)
        self.assertLess(max(placeholder) - min(placeholder), 30, f"a grey placeholder over the avatar: {placeholder}")
        self.assertLess(luma(placeholder), 250, f"the placeholder is drawn: {placeholder}")
        self.assertEqual(self.aria(), {"busy": "true", "live": "Loading…", "polite": "polite", "buttons": []})

        self.driver.execute_script("feedDemo.next()")
        self.wait_stage("error")
        self.settle()
        self.assertEqual(self.frames_over(0.3), 0, "an error status stands still: no frames")
        image, box = self.shot("feed-error")
        harness.assert_color(self, image, box, *AVATAR, WHITE, "the status covers the rows")
        retry = self.driver.execute_async_script(  # a Promise in worker mode
            "Promise.resolve(feedDemo.veil.describe()).then((d) => arguments[0](d.buttons[0]))")
        self.assertEqual((retry["title"], retry["action"]), ("Retry", "retry"))
        centre = harness.pixel(image, box, retry["x"] + retry["width"] / 2, retry["y"] + 4)
        self.assertNotEqual(centre, WHITE, "the Retry button is drawn where the core says it is")
        self.assertEqual(self.aria(), {"busy": "false", "live": "Error. The network connection was lost.",
                                       "polite": "polite", "buttons": ["Retry"]})

        # Keyboard: the hidden Retry is a real button; Enter on it taps Retry in the scene.
        button = self.driver.find_element(By.CSS_SELECTOR, ".veil-a11y button")
        button.send_keys(Keys.ENTER)
        self.wait_stage("retrying")
        # (The hidden DOM follows the worker's next description: a message later, not in this task.)
        harness.wait_for(self.driver, "document.activeElement === document.getElementById('canvas')",
                         what="focus to go back to the canvas when the pressed button goes away")
        time.sleep(0.4)  # the spinner fades in over 0.25 s (and turns for ever: the loop never stops)
        image, box = self.shot("feed-retrying")
        middle = harness.pixel(image, box, *MIDDLE)
        self.assertLess(luma(middle), 170, f"the spinner's dark backdrop over the feed: {middle}")
        self.assertEqual(self.aria()["busy"], "true")

        self.driver.execute_script("feedDemo.next()")
        self.wait_stage("loaded")
        self.settle()
        image, box = self.shot("feed-loaded")
        harness.assert_color(self, image, box, *AVATAR, PURPLE, "row 0's avatar", tolerance=10)
        self.assertGreater(luma(harness.pixel(image, box, *MIDDLE)), 200, "no backdrop once loaded")
        aria = self.aria()
        self.assertEqual((aria["busy"], aria["live"], aria["buttons"]), ("false", "Loaded", []))

        # Focus is never trapped: Tab from the canvas leaves it for the page's next control.
        self.driver.switch_to.active_element.send_keys(Keys.TAB)
        harness.wait_for(self.driver, "document.activeElement && document.activeElement.id === 'reload'",
                         what="Tab to leave the canvas for the page's next button")

    def test_reduced_motion_draws_a_still_skeleton_and_stops(self):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        self.open()
        self.wait_stage("loading")
        self.settle()
        self.assertEqual(self.frames_over(0.6), 0, "no frames while a still skeleton shows")
        image, box = self.shot("feed-reduced-motion")
        placeholder = harness.pixel(image, box, *AVATAR)
        self.assertNotEqual(placeholder, PURPLE)
        self.assertLess(max(placeholder) - min(placeholder), 30, f"a grey placeholder: {placeholder}")

    def test_dark_mode_follows_the_system_with_readable_text(self):
        for scheme, background in (("light", WHITE), ("dark", (0, 0, 0))):
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                        {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            self.open("fail=0&manual=1")
            self.wait_stage("loading")
            self.driver.execute_script("feedDemo.next()")
            self.wait_stage("loaded")
            self.settle()
            image, box = self.shot(f"feed-{scheme}")
            harness.assert_color(self, image, box, 350, 500, background, f"{scheme}: the feed's background")
            harness.assert_color(self, image, box, *AVATAR, PURPLE, f"{scheme}: row 0's avatar", tolerance=10)
            texts = self.driver.execute_async_script(
                "const done = arguments[0]; feedDemo.veil.sync().then(() => {"  # frame: as of sync() in worker mode
                "const f = feedDemo.veil.frame, out = [];"
                "const walk = (items) => { for (const i of items) { if (i.kind === 1) out.push([i.text, f.paints[i.fill - 1].color >>> 0]);"
                " if (i.children) walk(i.children); } };"
                "walk(f.items); done([f.background >>> 0, out]); });")
            page, items = texts
            self.assertGreaterEqual(len(items), 13, "the heading and two lines per row")
            for text, colour in items:
                ratio = contrast(colour, page)
                self.assertGreaterEqual(ratio, 4.5, f"{scheme}: {text!r} has contrast {ratio:.2f}:1")

    def test_works_from_plain_static_files(self):
        """Web/ and veil.wasm copied into a folder and served by Python's static file server."""
        folder = Path(tempfile.mkdtemp(prefix="veil-static-"))
        try:
            shutil.copytree(harness.ROOT / "Web", folder / "web")
            shutil.copy(harness.VEIL_WASM, folder / "web" / "veil.wasm")
            handler = functools.partial(QuietHandler, directory=str(folder / "web"))
            httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            thread = threading.Thread(target=httpd.serve_forever, daemon=True)
            thread.start()
            try:
                self.driver.get(f"http://127.0.0.1:{httpd.server_port}/examples/feed.html?fail=0")
                harness.wait_for(self.driver, f"{STAGE} === 'loaded' || (window.feedDemo && feedDemo.error)",
                                 what="the feed to load from static files")
                self.assertIsNone(self.driver.execute_script("return feedDemo.error"))
                self.settle()
                image, box = self.shot("feed-static")
                harness.assert_color(self, image, box, *AVATAR, PURPLE, "row 0's avatar", tolerance=10)
            finally:
                httpd.shutdown()
                httpd.server_close()
        finally:
            shutil.rmtree(folder, ignore_errors=True)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


if __name__ == "__main__":
    unittest.main()
