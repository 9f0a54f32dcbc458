"""A spinner over the page's own element is drawn by the page (Web/spinner-layer.js, the core's
SpinnerView overlay restated), not by the core: these tests hold the two equal and say what it costs.

- `overlay(card).spinner.show()` is screenshotted with its animations paused at a time t; the core
  draws the same spinner over a view of the card's size, corners and colour (`veil render --at t`),
  and the picture is drawn in the same place of the same page. The two agree pixel for pixel within
  a small tolerance (the gradient's dithering, the spokes' anti-aliasing, and at a diagonal step the
  compositor's resampling of the turned indicator differ);
- it loads neither veil.wasm nor mount.js nor a worker, and its turn goes on while the page's main
  thread runs an 800 ms task (a Web Animation the compositor runs);
- its fades follow the core's (Tests/Vectors/spinner-fades.json, written by SpinnerLookVectorTests):
  the backdrop's opacity through a show, a hide, a show while it fades out (back from where it is,
  over the part of the fade left) and a hide, sampled with the layer's animations paused at each
  time; taps land on it while it shows and pass through while it fades out;
- hidden, it leaves nothing behind: the layer goes, and the element, static before, is static again
  — also when a skeleton was over it meanwhile, whichever came first."""

import io
import json
import sys
import tempfile
import unittest
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

PAGE = """<!doctype html>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<style>
  body { margin: 0; background: #fff }
  #stage { position: absolute; left: 20px; top: 20px }
  #card { width: 400px; height: 240px; background: #2E7D32; border-radius: 16px }
  #shot { position: absolute; left: 20px; top: 300px; width: 400px; height: 240px }
</style>
<div id="stage"><div id="card"></div></div>
<img id="shot" alt="">
<script type="module">
  import { overlay } from "/veil/page.js";
  window.veil = overlay(document.getElementById("card"));
  window.ready = true;
</script>
"""

SCENE = {"name": "spinner", "canvas": {"width": 400, "height": 240}, "background": "#FFFFFF",
         "root": {"type": "view", "id": "card", "background": "#2E7D32", "cornerRadius": 16}}


class SpinnerLayerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = harness.StaticSite({"spinner.html": PAGE})
        cls.driver = harness.chromium(480, 800)
        cls.folder = Path(tempfile.mkdtemp(prefix="veil-spinner-"))

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.site.close()

    def open(self):
        self.site.log.clear()
        self.driver.get(self.site.url("spinner.html"))
        harness.wait_for(self.driver, "window.ready === true", what="the page's module")

    def shot(self, y):
        png = self.driver.get_screenshot_as_png()
        return Image.open(io.BytesIO(png)).convert("RGB").crop((20, y, 420, y + 240))

    def core_picture(self, t):
        """`veil render --at t` of the card with the spinner shown at 0, as SVG."""
        return harness.core_svg(self.folder, f"t{t}", SCENE, [{"t": 0, "command": {"spinner": {"node": "card", "show": True}}}], t)

    def test_the_layer_draws_what_the_core_draws(self):
        # Faded in, each a different step of the turn; and halfway through the fade.
        for t in (0.5, 1.3, 2.9, 0.125):
            with self.subTest(t=t):
                self.open()
                self.driver.execute_async_script("""
                  const [t, done] = arguments;
                  await veil.spinner.show();
                  for (const a of document.getAnimations()) { a.pause(); a.currentTime = t * 1000; }
                  requestAnimationFrame(() => requestAnimationFrame(() => done()));
                """, t)
                layer = self.shot(20)
                harness.show_svg(self.driver, self.core_picture(t))
                core = self.shot(300)
                layer.save(harness.OUT / f"spinner-layer-t{t}.png")
                core.save(harness.OUT / f"spinner-core-t{t}.png")
                far, worst = harness.difference(layer, core)
                # At a diagonal step the compositor resamples the turned indicator, softening its
                # spokes a little; a spoke out of place (another step, half a pixel off) differs by
                # more than 100 where it is.
                self.assertLess(far, 300, f"{far} pixels differ by more than 12 (worst {worst}) between the page's "
                                          f"spinner and `veil render` (out/browser/spinner-*-t{t}.png)")
                self.assertLessEqual(worst, 64, f"a pixel differs by {worst} (out/browser/spinner-*-t{t}.png)")

    def test_it_loads_no_core_and_turns_while_the_main_thread_is_busy(self):
        self.open()
        self.driver.execute_async_script("""
          const done = arguments[0];
          await veil.spinner.show();
          setTimeout(done, 400);""")  # past the fade in
        fetched = {p.split("?")[0] for p in self.site.log if p.startswith("/veil/")}
        self.assertFalse([p for p in fetched if p.endswith(".wasm") or "mount.js" in p or "worker" in p], fetched)
        self.assertEqual(self.driver.execute_script("return document.getElementById('card').getAttribute('aria-busy')"), "true")
        self.assertEqual(self.driver.execute_script("return document.querySelector('.veil-spinner').getAttribute('aria-hidden')"),
                         "true", "the spinner is drawn for the eye; the element's aria-busy says it is loading")
        frames = harness.frames_while_busy(self.driver)
        self.assertGreaterEqual(frames, 3, f"the indicator turned on while the main thread was busy ({frames} frames)")

    def test_its_fades_are_the_cores(self):
        fades = json.loads((harness.ROOT / "Tests" / "Vectors" / "spinner-fades.json").read_text())
        self.open()
        out = self.driver.execute_async_script("""
          const [plan, done] = arguments;
          const card = document.getElementById('card');
          const layer = () => document.querySelector('.veil-spinner');
          // The layer's own fade (its turn is its child's), held at `seconds` after it began.
          const hold = (seconds) => { for (const a of layer()?.getAnimations() ?? []) { a.pause(); a.currentTime = seconds * 1000; } };
          const box = card.getBoundingClientRect();
          const hit = () => document.elementFromPoint(box.left + 10, box.top + 10) === card ? 'card' : 'spinner';
          const samples = [];
          let since = 0;
          for (const [t, , action] of plan) {
            if (action) {
              if (layer()) hold(t - since);
              await (action === 'show' ? veil.spinner.show() : veil.spinner.hide());
              since = t;
            }
            hold(t - since);
            const shown = layer() ? Number(getComputedStyle(layer()).opacity) : 0;
            samples.push([t, Math.round(shown * 179), hit()]);
          }
          for (const a of layer().getAnimations()) a.finish();
          while (layer()) await new Promise((r) => setTimeout(r, 20));  // removed once its fade is over
          done({ samples, layers: document.querySelectorAll('.veil-spinner').length, busy: card.hasAttribute('aria-busy'),
                 position: card.style.position, left: card.children.length });""", fades)
        actions = [(entry[0], entry[2]) for entry in fades if len(entry) > 2]
        for entry, (t, opacity, hit) in zip(fades, out["samples"]):
            with self.subTest(t=t):
                self.assertAlmostEqual(opacity, entry[1] or 0, delta=3, msg=f"the backdrop's opacity at {t} s: {out['samples']}")
                # Taps land on the spinner from its show to its hide, and pass through while it fades out.
                showing = [action for at, action in actions if at <= t][-1] == "show"
                self.assertEqual(hit, "spinner" if showing else "card", f"a tap at {t} s")
        self.assertEqual((out["layers"], out["left"], out["busy"], out["position"]), (0, 0, False, ""),
                         f"nothing left once it has faded out, the element static again: {out}")
    def test_a_skeleton_and_the_spinner_share_the_elements_position(self):
        """Either shown first and either hidden first, the element stays positioned while one of them
        is over it, and is static again once both are gone."""
        for first, second in (("spinner", "skeleton"), ("skeleton", "spinner")):
            with self.subTest(first=first):
                self.open()
                out = self.driver.execute_async_script("""
                  const [first, second, done] = arguments;
                  const card = document.getElementById('card');
                  const parts = { spinner: veil.spinner, skeleton: veil.skeleton };
                  // Until the part's layer has faded out and gone, however long the machine takes.
                  const gone = async (part) => { while (card.querySelector('.veil-' + part)) await new Promise((r) => setTimeout(r, 20)); };
                  const position = () => getComputedStyle(card).position;
                  await parts[first].show();
                  await parts[second].show();
                  await parts[first].hide();
                  await gone(first);
                  const between = position();
                  await parts[second].hide();
                  await gone(second);
                  done({ between, after: position(), inline: card.style.position, left: card.children.length });""",
                    first, second)
                self.assertEqual(out, {"between": "relative", "after": "static", "inline": "", "left": 0}, out)

if __name__ == "__main__":
    unittest.main()
