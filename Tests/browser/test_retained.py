"""Draw only what changed (Web/render.js), in headless Chromium at device pixel ratios 1 and 2: while
the feed's skeleton shimmers, each frame repaints only the placeholders (the one gradient moved);
while the spinner turns, only the spinner (its item changed); a scroll of the loaded feed (an
animated `scroll.to`, a finger's drag held still and a fling) and a drag of the maps sheet recomposite
the list's and the sheet's layers from their bitmaps. What is on the canvas is, pixel for pixel, what
drawing the same frame whole gives, with these exceptions, each measured here:

- one level per channel where a translucent layer is composited under a clip (the spinner's
  backdrop), or where a bitmap with transparency (the sheet's, over its map) holds an antialiased
  edge premultiplied and is blended once;
- a path cut by a clip or by the canvas' edge: Skia rasterizes the edge of a path that crosses a clip
  with other coverage than the same path whole (a 44 pt circle cut by the canvas' top edge: up to
  19 levels at 6 of its edge pixels, `test_skia_rasterizes_a_cut_path_otherwise`). A layer's bitmap
  holds its shapes whole, so where the canvas' edge cuts an avatar of the scrolled list or a row of
  the sheet, the bitmap's pixels are the uncut shape's. Allowed only within `EDGE_BAND` points of the
  canvas' top and bottom (the height of the shapes the edges cut);
- the sheet's top edge: its shadow is a gradient, which Skia dithers by device pixel (the bitmap
  keeps the dither of where it was drawn: 2–3 levels), and its rounded corners meet the canvas' sides
  (cut paths again);
- beyond those bands, a few edge pixels of a path rasterized at another translation (Skia's float
  geometry is not translation-exact): seen 4 bytes of 1.3 million pixels, 4 levels.

At a rest position where no shape crosses an edge, the scrolled list (its bitmap holds the opaque
background under it too) matches a whole draw within one level everywhere.
"""

import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

MAPS = json.loads((harness.ROOT / "examples" / "maps.json").read_text())
# Points from the canvas' top and bottom edges within which a cut shape may differ (the feed's
# avatars are 44 pt, the maps rows' icons 36 pt).
EDGE_BAND = 48

COMPARE = r"""
const [what, maps, band, done] = arguments;
(async () => {
  const { mount, CanvasRenderer } = await import("/veil.js");
  document.body.innerHTML = '<canvas id="canvas"></canvas><canvas id="whole"></canvas>';
  const canvas = document.getElementById("canvas");
  const scene = what === "sheet" ? maps : new URL("/examples/feed.json", location.href);
  const veil = await mount(canvas, { scene, node: what === "sheet" ? "sheet" : "feed", thread: "main" });
  const renderer = veil.view.surface.renderer;
  const frameDone = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const rest = async (most = Infinity) => {
    // Until nothing moves by itself (a scroll's indicator faded, a spring settled): the loop stops
    // (or, with a finger held down, for `most` frames).
    for (let n = 0; veil.nextChange() !== Infinity && n < most; n++) await frameDone();
    await frameDone(); // that frame drawn (the loop draws in its own callback)
  };
  // Text drawn with a face still loading is drawn again, whole, once it loads: wait for the faces.
  const fontsLoaded = async () => { await rest(); await document.fonts.ready; await new Promise((resolve) => setTimeout(resolve, 200)); await rest(); };
  const finger = (phase, x, y) => veil.input({ pointer: { phase, kind: "touch", x, y, id: 7 } });
  const results = [];
  let base = { ...renderer.counts }; // counts from the start of the motion
  /** The canvas against a whole draw of the frame it shows: bytes differing by more than 1 and the
   * largest difference, over the canvas and away from the bands where a difference is explained
   * (`band` points of the top and bottom edges, and the rows [y0, y1) of `more`, in points). */
  const compare = (label, more = []) => {
    const frame = veil.view.surface.frame, dpr = devicePixelRatio;
    const whole = document.getElementById("whole");
    whole.width = canvas.width; whole.height = canvas.height;
    new CanvasRenderer(whole.getContext("2d")).draw(frame, canvas.width / dpr, canvas.height / dpr, dpr);
    const a = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    const b = whole.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    const edge = band * dpr, rowBytes = canvas.width * 4;
    const explained = (y) => y < edge || y >= canvas.height - edge || more.some(([y0, y1]) => y >= y0 * dpr && y < y1 * dpr);
    let differing = 0, most = 0, inner = 0, innerMost = 0;
    for (let i = 0; i < a.length; i++) {
      const d = Math.abs(a[i] - b[i]);
      const y = Math.floor(i / rowBytes);
      if (d > 1) differing++;
      most = Math.max(most, d);
      if (d > 0 && !explained(y)) { if (d > 1) inner++; innerMost = Math.max(innerMost, d); }
    }
    const counts = {};
    for (const [k, v] of Object.entries(renderer.counts)) counts[k] = v - base[k];
    results.push({ label, differing, most, inner, innerMost, counts, pixels: a.length / 4 });
  };
  if (what === "scroll") {
    const rows = await (await fetch("/examples/feed-data.json")).json();
    veil.rows.replace({ at: 0, rows });
    veil.rows.append({ rows: [...rows, ...rows, ...rows, ...rows, ...rows, ...rows, ...rows, ...rows] }); // 54 rows
    veil.skeleton.hide({ transition: "none" }); // the scene's timeline shows it from the start; a skeleton does not scroll
    await new Promise((resolve) => setTimeout(resolve, 100));
    await fontsLoaded();
    base = { ...renderer.counts };
    veil.scroll.to({ to: 300, animated: true });
    await rest();
    compare("animated scroll.to, at rest");
    // A finger drags the list up and holds still (the list stays where the finger is).
    finger("down", 180, 400);
    for (let i = 1; i <= 24; i++) { await frameDone(); finger("move", 180, 400 - 7.3 * i); }
    await rest(30);
    compare("a drag, held");
    // Flung: quick moves, then up; the list coasts.
    for (let i = 1; i <= 4; i++) { await frameDone(); finger("move", 180, 225 - 40 * i); }
    finger("up", 180, 65);
    await rest();
    compare("a fling, at rest");
    // A rest position where no shape crosses the canvas' edges: exact.
    veil.scroll.to({ to: 338, animated: true });
    await rest();
    compare("no shape cut by an edge");
  } else if (what === "sheet") {
    await fontsLoaded();
    base = { ...renderer.counts };
    // The sheet's top: the root layer's last child layer (its dim is before it).
    const top = () => { const root = veil.frame.items.find((e) => e.kind === 5); const layers = root.children.filter((e) => e.kind === 5); return layers[layers.length - 1].y / 8; };
    // Its top edge: its shadow (a gradient, dithered by device pixel: its bitmap keeps the dither of
    // where it was drawn) and its rounded corners (cut by the canvas' sides).
    const edge = () => [[top() - 16, top() + 16]];
    const y0 = top() + 40;
    // Dragged up by 300 pt in 0.5 s and held: the sheet is where the finger is.
    finger("down", 195, y0);
    for (let i = 1; i <= 30; i++) { await frameDone(); finger("move", 195, y0 - 10 * i); }
    await rest(30);
    compare("dragged up, held", edge());
    finger("up", 195, y0 - 300);
    await rest();
    compare("let go: sprung to its top anchor", edge());
    // Dragged down again, held still and let go: it settles at half open.
    const y1 = top() + 100;
    finger("down", 195, y1);
    for (let i = 1; i <= 20; i++) { await frameDone(); finger("move", 195, y1 + 18 * i); }
    await rest(10);
    finger("up", 195, y1 + 360);
    await rest();
    compare("dragged down: half open", edge());
  } else {
    if (what === "shimmer") veil.skeleton.show({ style: "sliding" });
    else veil.spinner.show();
    // 20 partial draws (past a fade-in, say).
    // (A shimmer is the frame's motion: the page draws each frame with no message from the core.)
    await new Promise((resolve) => { const check = () => (renderer.counts.partial >= 20 ? resolve() : requestAnimationFrame(check)); check(); });
    await frameDone();
    compare(what);
  }
  veil.destroy();
  return results;
})().then(done, (e) => done(String(e.stack || e)));
"""

CUT_CIRCLE = r"""
// The same circle, cut by the canvas' top edge and whole: the pixels they share.
const mk = () => { const c = new OffscreenCanvas(100, 100); const x = c.getContext("2d");
  x.fillStyle = "#fff"; x.fillRect(0, 0, 100, 100); x.fillStyle = "#5E35B1"; return x; };
const cut = mk(), whole = mk();
cut.beginPath(); cut.roundRect(18, -12, 44, 44, 22); cut.fill();
whole.beginPath(); whole.roundRect(18, 38, 44, 44, 22); whole.fill();
const a = cut.getImageData(0, 0, 100, 32).data, b = whole.getImageData(0, 50, 100, 32).data;
let differing = 0, most = 0;
for (let i = 0; i < a.length; i++) { const d = Math.abs(a[i] - b[i]); if (d) differing++; most = Math.max(most, d); }
return { differing, most };
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

    def run_motion(self, scale, what):
        driver = harness.chromium(width=600, height=900, scale=scale)
        try:
            driver.get(f"{self.server.url}/embed.html")
            results = driver.execute_async_script(COMPARE, what, MAPS, EDGE_BAND)
            self.assertIsInstance(results, list, results)
            return results
        finally:
            driver.quit()

    def test_a_shimmer_or_a_spinner_repaints_what_changed_and_matches_a_whole_draw(self):
        for scale, what in ((1, "shimmer"), (2, "shimmer"), (1, "spinner"), (2, "spinner")):
            with self.subTest(device_pixel_ratio=scale, motion=what):
                [result] = self.run_motion(scale, what)
                counts = result["counts"]
                self.assertGreaterEqual(counts["partial"], 20, counts)
                self.assertLess(counts["whole"], counts["partial"], f"mostly partial draws: {counts}")
                # Exact for the shimmer; a translucent layer composited under the clip (the spinner's
                # backdrop) may round a channel one level differently: never more.
                self.assertEqual(result["differing"], 0,
                                 f"{result['differing']} bytes of {result['pixels']} pixels differ from a whole draw "
                                 f"by more than 1 (at most {result['most']})")
                if what == "shimmer":
                    self.assertEqual(result["most"], 0, "the shimmer's partial draws are the whole draw's pixels")

    def test_a_scroll_and_a_sheet_drag_recomposite_their_layers_and_match_a_whole_draw(self):
        for scale, what in ((1, "scroll"), (2, "scroll"), (1, "sheet"), (2, "sheet")):
            with self.subTest(device_pixel_ratio=scale, motion=what):
                results = self.run_motion(scale, what)
                for result in results:
                    label = f"{what}, {result['label']}: "
                    # Away from the bands where a difference is explained (shapes cut by the canvas' top
                    # and bottom edges, the sheet's shadow and corners), a layer drawn from its bitmap is
                    # its direct draw within one level (the sheet's bitmap has transparency: an
                    # antialiased edge stored premultiplied and blended once), but for a few edge pixels of a path re-rasterized at
                    # another translation (Skia's float geometry is not translation-exact: seen 4 bytes
                    # of 1.3 million pixels, 4 levels). A stale or misplaced bitmap, a wrong clip or a
                    # missed repaint differs in thousands.
                    few = result["pixels"] * 4 // 100000
                    self.assertLessEqual(result["inner"], few,
                                         f"{label}{result['inner']} bytes away from the explained bands differ from "
                                         f"a whole draw by more than 1 (at most {result['innerMost']}); {result}")
                    self.assertLessEqual(result["innerMost"], 8, f"{label}{result}")
                    if result["label"] == "no shape cut by an edge":
                        # The list's bitmap holds the background under it too (opaque): exact but for
                        # one level.
                        self.assertEqual(result["differing"], 0, f"{label}everywhere: {result}")
                counts = results[-1]["counts"]
                self.assertGreater(counts["cached"], 20, f"{what}: its layer drawn from its bitmap: {counts}")
                # At least twice as often: a loaded machine draws fewer frames of the same motion
                # (measured 3.5–6× drawn per bitmap made; 3.5 with the whole test suite beside it).
                self.assertLess(counts["cachedBuilt"] * 2, counts["cached"],
                                f"{what}: a bitmap is drawn more often than it is made: {counts}")
                self.assertEqual(counts["whole"], 0, f"{what}: partial draws only: {counts}")

    def test_skia_rasterizes_a_cut_path_otherwise(self):
        """Why a bitmap's pixels may differ from a direct draw where the canvas' edge cuts a shape."""
        driver = harness.chromium(width=400, height=400)
        try:
            driver.get(f"{self.server.url}/embed.html")
            result = driver.execute_script(CUT_CIRCLE)
        finally:
            driver.quit()
        # Not an assertion about Veil: if Skia ever draws them alike, EDGE_BAND can go.
        print(f"\n  a 44 pt circle cut by the canvas' top edge against it whole: {result['differing']} bytes differ, "
              f"at most {result['most']} levels", file=sys.stderr)


if __name__ == "__main__":
    unittest.main()
