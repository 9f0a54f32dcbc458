"""A skeleton over the page's own element is drawn by the page's compositor (Web/skeleton-layer.js,
the core's look restated in Web/skeleton-look.js), not by the core: these tests hold the two equal.
For each style, scheme and direction, the layer is paused at a time t and screenshotted; the core
draws the same skeleton (skeletonize's `sceneOf`, shown at t = 0) with `veil render --at t`, and the
picture is drawn in the same place of the same page. The two must agree pixel for pixel within a
small tolerance (anti-aliasing of rounded corners and gradient dithering differ).

And what the layer costs: no module but its own and no veil.wasm fetched, and once it shimmers the
page's main thread does nothing per frame (no style, layout or paint work while it runs)."""

import io
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
  body { margin: 0; background: #fff; font: 16px/1.4 sans-serif }
  #card { position: absolute; left: 20px; top: 20px; width: 400px; height: 240px; background: #fff }
  #card span { position: absolute; display: block }
  #shot { position: absolute; left: 20px; top: 300px; width: 400px; height: 240px }
</style>
<div id="card">
  <span data-skeleton style="left: 16px; top: 16px; width: 56px; height: 56px; border-radius: 28px"></span>
  <span data-skeleton style="left: 88px; top: 20px; width: 220px; height: 14px; border-radius: 4px"></span>
  <span data-skeleton style="left: 88px; top: 44px; width: 160px; height: 14px; border-radius: 4px"></span>
  <span data-skeleton style="left: 16px; top: 96px; width: 368px; height: 128px; border-radius: 12px"></span>
</div>
<img id="shot" alt="">
<script type="module">
  import { skeletonize } from "/veil/skeletonize.js";
  window.skeletonize = skeletonize;
  window.ready = true;
</script>
"""

# (options, time): every kind, both schemes, a custom colour and gradient, diagonal and vertical light.
CASES = [
    ({"style": "solid"}, 0.0),
    ({"style": "solid", "appearance": "dark"}, 0.0),
    ({"style": "solid", "color": "#3478F6"}, 0.0),
    ({"style": "pulse"}, 0.4),
    ({"style": "pulse", "appearance": "dark"}, 1.3),
    ({"style": "sliding"}, 0.5),
    ({"style": "sliding"}, 1.2),
    ({"style": "sliding", "appearance": "dark"}, 0.9),
    ({"style": "sliding", "direction": "topLeftBottomRight"}, 0.7),
    ({"style": "sliding", "direction": "bottomTop", "gradient": ["#FF0000", "#00FF00", "#0000FF"]}, 0.6),
    ({"style": "sliding", "direction": "rightLeft", "duration": 2}, 1.5),
    ({"style": "gradient"}, 0.0),
    ({"style": "gradient", "direction": "topLeftBottomRight", "color": "#884422"}, 0.0),
]


class SkeletonLayerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = harness.StaticSite({"layer.html": PAGE})
        cls.driver = harness.chromium(480, 800)
        cls.folder = Path(tempfile.mkdtemp(prefix="veil-layer-"))

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.site.close()

    def open(self):
        self.driver.get(self.site.url("layer.html"))
        harness.wait_for(self.driver, "window.ready === true", what="the page's module")

    def shot(self, y):
        png = self.driver.get_screenshot_as_png()
        return Image.open(io.BytesIO(png)).convert("RGB").crop((20, y, 420, y + 240))

    def core_picture(self, scene, options, t, name):
        """`veil render --at t` of the scene with the skeleton shown at 0 (no dissolve), as SVG."""
        show = {"node": "root", "show": True, "transition": "none"}
        show.update({k: v for k, v in options.items() if k != "appearance"})
        lines = [{"t": 0, "command": {"skeleton": show}}]
        if options.get("appearance") == "dark":
            lines.insert(0, {"t": 0, "command": {"appearance": "dark"}})
        return harness.core_svg(self.folder, name, scene, lines, t)

    def test_the_layer_draws_what_the_core_draws(self):
        for index, (options, t) in enumerate(CASES):
            with self.subTest(options=options, t=t):
                self.open()
                scene = self.driver.execute_async_script("""
                  const [options, t, done] = arguments;
                  const s = await skeletonize(document.getElementById('card'), { ...options, transition: 0 });
                  for (const a of document.getAnimations()) { a.pause(); a.currentTime = t * 1000; }
                  requestAnimationFrame(() => requestAnimationFrame(() => done(s.scene)));
                """, options, t)
                layer = self.shot(20)
                harness.show_svg(self.driver, self.core_picture(scene, options, t, f"case{index}"))
                core = self.shot(300)
                name = "-".join(f"{k}={v}" for k, v in options.items()) + f"-t{t}"
                layer.save(harness.OUT / f"skeleton-layer-{name}.png")
                core.save(harness.OUT / f"skeleton-core-{name}.png")
                far, worst = harness.difference(layer, core)
                # Rounded corners' edge pixels may differ more; the placeholders' insides may not.
                self.assertLess(far, 400, f"{far} pixels differ by more than 12 (worst {worst}) between the layer and "
                                          f"`veil render` (out/browser/skeleton-*-{name}.png)")

    def test_an_element_without_placeholders_is_covered_by_its_background_alone(self):
        self.open()
        colours = self.driver.execute_async_script("""
          const done = arguments[0];
          const card = document.getElementById('card');
          card.replaceChildren();
          card.style.background = '#ABCDEF';
          const s = await skeletonize(card, { style: 'solid', transition: 0 });
          requestAnimationFrame(() => requestAnimationFrame(() => done(s.scene.root.children.length)));
        """)
        self.assertEqual(colours, 0)
        shot = self.shot(20)
        self.assertEqual(set(shot.getdata()), {(0xAB, 0xCD, 0xEF)}, "no placeholder block over an element with nothing to cover")

    def test_a_skeleton_loads_no_core_and_its_shimmer_costs_the_main_thread_nothing(self):
        self.open()
        self.driver.execute_async_script("""
          const done = arguments[0];
          await skeletonize(document.getElementById('card'), { style: 'sliding' });
          setTimeout(done, 400);
        """)
        fetched = self.driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        self.assertFalse([u for u in fetched if u.endswith(".wasm") or "mount.js" in u or "worker" in u], fetched)
        self.driver.execute_cdp_cmd("Performance.enable", {})
        before = {m["name"]: m["value"] for m in self.driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
        self.driver.execute_async_script("setTimeout(arguments[0], 1000)")
        after = {m["name"]: m["value"] for m in self.driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
        work = {k: after[k] - before[k] for k in ("RecalcStyleCount", "LayoutCount")}
        # One second of shimmer at 60 fps would be 60 of each if the main thread drew it.
        self.assertLessEqual(max(work.values()), 3, f"the main thread worked while the skeleton shimmered: {work}")
        running, placeholders, clocks = self.driver.execute_script(
            "const r = document.getAnimations().filter(a => a.playState === 'running');"
            "return [r.length, document.querySelector('.veil-skeleton').childElementCount, new Set(r.map(a => a.startTime)).size]")
        self.assertEqual(running, placeholders, "the light runs in each placeholder")
        self.assertEqual(clocks, 1, "all on one clock: one light sweeping the whole skeleton")


    def test_the_light_keeps_moving_while_the_main_thread_is_busy(self):
        """Played by the compositor: the sliding light is a transform animation, so frames keep
        coming while the page's main thread runs an 800 ms task; a solid skeleton, which moves
        nothing, gives none then (the control)."""
        frames = {}
        for style in ("sliding", "solid"):
            self.open()
            self.driver.execute_async_script(f"""
              const done = arguments[0];
              await skeletonize(document.getElementById('card'), {{ style: '{style}' }});
              setTimeout(done, 500);""")  # past the dissolve in
            frames[style] = harness.frames_while_busy(self.driver)
        # Frames keep coming (not counted per second: a busy machine gives fewer), against none.
        self.assertGreaterEqual(frames["sliding"], 3, f"the light moved on while the main thread was busy: {frames}")
        self.assertLessEqual(frames["solid"], 1, f"a still skeleton draws nothing new: {frames}")


if __name__ == "__main__":
    unittest.main()
