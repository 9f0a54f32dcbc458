"""Draw only what changed (Web/render.js): while the feed's skeleton shimmers, each frame repaints
only the placeholders (the one gradient moved); while the spinner turns, only the spinner (its
item changed); while the loaded feed scrolls, the list's clip (its layer moved) — and what is on
the canvas is, pixel for pixel, what drawing the same frame whole gives (a translucent layer
composited under the clip may round a channel one level apart). At device pixel ratios 1 and 2
(the clip is snapped to device pixels)."""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

COMPARE = r"""
const [what, done] = arguments;
(async () => {
  const { mount, CanvasRenderer } = await import("/veil.js");
  document.body.innerHTML = '<canvas id="canvas"></canvas><canvas id="whole"></canvas>';
  const canvas = document.getElementById("canvas");
  const veil = await mount(canvas, { scene: new URL("/examples/feed.json", location.href), node: "feed", thread: "main" });
  const renderer = veil.view.surface.renderer;
  if (what === "scroll") {
    const rows = await (await fetch("/examples/feed-data.json")).json();
    veil.rows.replace({ at: 0, rows });
    veil.rows.append({ rows: [...rows, ...rows] }); // taller than the canvas
    veil.skeleton.hide({ transition: "none" }); // the scene's timeline shows it from the start; a skeleton does not scroll
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = { ...renderer.counts };
    veil.scroll.to({ to: 300, animated: true });
    // Until the scroll has come to rest (and its indicator faded): the loop stops.
    while (veil.nextChange() !== Infinity) await new Promise((resolve) => requestAnimationFrame(resolve));
    renderer.counts.partial -= before.partial;
    renderer.counts.whole -= before.whole;
  } else {
    if (what === "shimmer") veil.skeleton.show({ style: "sliding" });
    else veil.spinner.show();
    // 20 partial draws (past a fade-in, say).
    await new Promise((resolve) => { const off = veil.on("frame", () => { if (renderer.counts.partial >= 20) { off(); resolve(); } }); });
  }
  await new Promise((resolve) => requestAnimationFrame(resolve)); // that frame drawn (the loop draws in its own callback)
  veil.destroy(); // the canvas keeps what it shows
  const frame = veil.view.surface.frame, counts = { ...renderer.counts };
  const whole = document.getElementById("whole");
  whole.width = canvas.width; whole.height = canvas.height;
  const dpr = devicePixelRatio;
  new CanvasRenderer(whole.getContext("2d")).draw(frame, canvas.width / dpr, canvas.height / dpr, dpr);
  const a = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  const b = whole.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let differing = 0, most = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    if (d > 1) differing++;
    most = Math.max(most, d);
  }
  return { differing, most, counts, pixels: a.length / 4 };
})().then(done, (e) => done(String(e.stack || e)));
"""


class RetainedDrawingTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not harness.VEIL_WASM.exists():
            raise AssertionError(f"{harness.VEIL_WASM} is missing: run `make wasm` first (or set VEIL_WASM)")
        cls.server = harness.VeilServer(name="retained-server")

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def test_a_shimmer_or_a_spinner_repaints_what_changed_and_matches_a_whole_draw(self):
        for scale, what in ((1, "shimmer"), (2, "shimmer"), (1, "spinner"), (2, "spinner"), (1, "scroll"), (2, "scroll")):
            with self.subTest(device_pixel_ratio=scale, motion=what):
                driver = harness.chromium(width=600, height=700, scale=scale)
                try:
                    driver.get(f"{self.server.url}/embed.html")
                    result = driver.execute_async_script(COMPARE, what)
                    self.assertIsInstance(result, dict, result)
                    counts = result["counts"]
                    self.assertGreaterEqual(counts["partial"], 20 if what != "scroll" else 5, counts)
                    self.assertLess(counts["whole"], counts["partial"], f"mostly partial draws: {counts}")
                    # Exact for the shimmer; a translucent layer composited under the clip (the spinner's
                    # backdrop) may round a channel one level differently: never more.
                    self.assertEqual(result["differing"], 0,
                                     f"{result['differing']} bytes of {result['pixels']} pixels differ from a whole draw "
                                     f"by more than 1 (at most {result['most']})")
                    if what == "shimmer":
                        self.assertEqual(result["most"], 0, "the shimmer's partial draws are the whole draw's pixels")
                finally:
                    driver.quit()


if __name__ == "__main__":
    unittest.main()
