"""Text drawn by a worker is drawn in the faces the core measured with (Web/fonts/Inter-*.woff2),
as on the page's thread: the same scene mounted both ways, on a page that did not link
fonts/inter.css, gives the same pixels — the four weights, and text first drawn late (a label
shown after the faces loaded). Before the worker loaded its faces ahead of drawing, its canvas kept
a fallback face for good (Chromium's worker canvases keep a font resolved while its face loads),
so glyphs ran wider than the boxes the core measured ("2 min agc")."""

import sys
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402


def label(id, text, size, weight, y, **more):
    return {"type": "label", "id": id, "text": text, "fontSize": size, "fontWeight": weight,
            "frame": {"x": 16, "y": y, "width": 288, "height": size + 12}, **more}


SCENE = {
    "name": "fonts", "canvas": {"width": 320, "height": 260}, "background": "#FFFFFF",
    "root": {"type": "view", "id": "root", "children": [
        label("bold", "Feed", 28, "bold", 8),
        label("semibold", "Ada Lovelace replied", 17, "semibold", 56),
        label("regular", "2 min ago · Wolf Hall", 15, "regular", 92),
        label("medium", "Medium weight, 13 pt", 13, "medium", 124),
        label("late", "Drawn later, at 19 pt", 19, "medium", 160, hidden=True),
        label("late2", "And this one, bold 22", 22, 700, 200, hidden=True),
    ]},
}

MOUNT = r"""
const [scene, done] = arguments;
(async () => {
  const { mount } = await import("/veil.js");
  document.body.style.margin = "0";
  document.body.innerHTML = '<canvas id="worker"></canvas>'
    + '<canvas id="main" style="position: absolute; left: 400px; top: 0"></canvas>';
  window.errors = [];
  const worker = window.workerVeil = await mount(document.getElementById("worker"), { scene, thread: "auto" });
  const main = window.mainVeil = await mount(document.getElementById("main"), { scene, thread: "main" });
  for (const veil of [worker, main]) veil.on("error", (e) => errors.push(String(e.message || e)));
  return [worker.thread, main.thread];
})().then(done, (e) => done(String(e.stack || e)));
"""

DRAWN = "Number(document.getElementById('worker').dataset.drawn || 0) + 1000 * Number(document.getElementById('main').dataset.drawn || 0)"

# The page's own faces: every weight the main canvas drew has loaded (it then draws again).
MAIN_FONTS_IN = ("[...document.fonts].filter(f => f.family.replace(/\"/g, '') === 'Veil Inter' && f.status === 'loaded')"
                 ".map(f => f.weight).sort().join()")


class WorkerFontsTest(harness.ServedBrowserTest):
    SERVER_NAME = "fonts-server"
    WINDOW = (800, 400)

    def crops(self, name):
        image = harness.screenshot(self.driver, name)
        return [image.crop((left, 0, left + 320, 260)) for left in (0, 400)]

    def differing(self, name):
        worker, main = self.crops(name)
        return sum(1 for a, b in zip(worker.getdata(), main.getdata()) if a != b)

    def wait_identical(self, name, what):
        """Both canvases still and alike; returns the pixels that differ when they never are."""
        deadline = time.monotonic() + 10
        diff = None
        while time.monotonic() < deadline:
            harness.wait_until_still(self.driver, DRAWN)
            diff = self.differing(name)
            if diff == 0:
                return 0
            time.sleep(0.2)
        self.fail(f"{what}: {diff} pixels differ between the worker's text and the page's thread's "
                  f"(out/browser/{name}.png)\n{harness.console_log(self.driver)}")

    def test_the_worker_draws_text_in_the_faces_the_page_thread_draws(self):
        driver = self.driver
        driver.get(f"{self.server.url}/embed.html")
        self.assertEqual(driver.execute_async_script(MOUNT, SCENE), ["worker", "main"])
        harness.wait_for(driver, f"{MAIN_FONTS_IN} === '400,500,600,700'", what="the page's Inter faces loaded")
        # Something is drawn at all: text, not a blank canvas alike on both sides.
        self.wait_identical("fonts-worker-main", "the four weights")
        worker, _ = self.crops("fonts-worker-main")
        dark = sum(1 for p in worker.getdata() if sum(p) < 200)
        self.assertGreater(dark, 500, "the worker's canvas shows its text")

        # Text first drawn after the faces loaded, at sizes never drawn before.
        driver.execute_script("for (const v of [workerVeil, mainVeil]) { v.set({node: 'late', hidden: false});"
                              " v.set({node: 'late2', hidden: false}); }")
        harness.wait_for(driver, f"{MAIN_FONTS_IN} === '400,500,600,700'", what="the page's faces")
        self.wait_identical("fonts-worker-main-late", "text drawn late")
        self.assertEqual(driver.execute_script("return errors"), [])


if __name__ == "__main__":
    unittest.main()
