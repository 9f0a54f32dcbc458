"""Every demo scene in examples/ (and Web/examples/feed.json) mounted with mount() in headless
Chromium (without their timelines: the content once loaded), light and dark by prefers-color-scheme: each text item whose colour or backdrop changes
with the appearance reads at a contrast of at least 4.5:1 (WCAG AA) in both.

The backdrop of a text item is what shows under its centre before it: the page's background under
the canvas (a scene that names no background is drawn on a transparent canvas), the frame's
background, then every solid rect or image fill covering that point (with its opacity), composited;
the text's colour is composited over it in the same way. Text whose colours are the same in both
appearances (white on a fixed colour) is not a dark-mode question and is left out.

Needs `veil` (swift build) and `.build/wasm/veil.wasm` (make wasm).
"""

import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

SCENES = sorted((harness.ROOT / "examples").glob("*.json")) + [harness.ROOT / "Web" / "examples" / "feed.json"]

# Mounts the scene (arguments[0], JSON text) on a new canvas and returns, for every text item of its
# first frame whose centre is on the canvas and inside its clip: [id, text, colour, backdrop], the
# colours opaque 0xRRGGBB after compositing.
TEXT_ON_BACKDROP = r"""
const [sceneText, done] = arguments;
(async () => {
  const { mount } = await import("/veil.js");
  const { canvasItems } = await import("/wire.js");
  document.querySelectorAll("canvas.dark-mode-test").forEach((c) => c.remove());
  const canvas = document.createElement("canvas");
  canvas.className = "dark-mode-test";
  document.body.append(canvas);
  const veil = await mount(canvas, { scene: sceneText });
  // frame: as of sync() in worker mode
  for (let i = 0; i < 100 && (await veil.sync(), !veil.frame); i++) await new Promise((r) => setTimeout(r, 20));
  const frame = veil.frame;
  const over = (under, rgba, opacity) => {
    const a = ((rgba & 255) / 255) * (opacity / 255);
    return [0, 1, 2].map((k) => Math.round(((rgba >>> (24 - 8 * k)) & 255) * a + under[k] * (1 - a)));
  };
  const solid = (ref) => {
    const p = ref ? frame.paints[ref - 1] : null;
    return p && p.color !== undefined ? p.color >>> 0 : null;
  };
  const inside = (r, x, y) => x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height;
  // The page under the canvas (embed.html follows the colour scheme): its Canvas colour.
  const probe = document.createElement("div");
  probe.style.background = "Canvas";
  document.body.append(probe);
  const page = getComputedStyle(probe).backgroundColor.match(/\d+/g).slice(0, 3).map(Number);
  probe.remove();
  const items = canvasItems(frame), out = [];
  const canvasBox = { x: 0, y: 0, width: frame.width, height: frame.height };
  items.forEach((t, i) => {
    if (t.kind !== 1 || !t.text.trim()) return;
    const x = t.x + t.width / 2, y = t.y + t.height / 2;
    if (!inside(canvasBox, x, y) || (t.clip && !inside(t.clip, x, y))) return;
    let backdrop = over(page, frame.background >>> 0, 255);
    for (const e of items.slice(0, i)) {
      if ((e.kind !== 0 && e.kind !== 2) || !inside(e, x, y) || (e.clip && !inside(e.clip, x, y))) continue;
      const fill = solid(e.fill);
      if (fill !== null) backdrop = over(backdrop, fill, e.opacity);
    }
    const colour = solid(t.fill);
    if (colour === null) return;
    out.push([t.id, t.text, over(backdrop, colour, t.opacity), backdrop]);
  });
  veil.destroy();
  done(out);
})().catch((e) => done(String(e && e.stack || e)));
"""


def contrast(a, b):
    """WCAG contrast ratio of two opaque [r, g, b] colours."""
    def luminance(c):
        def channel(v):
            v /= 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


class DarkModeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not harness.VEIL_WASM.exists():
            raise AssertionError(f"{harness.VEIL_WASM} is missing: run `make wasm` first (or set VEIL_WASM)")
        cls.server = harness.VeilServer(name="dark-mode-server")
        try:
            cls.driver = harness.chromium(width=1000, height=1000, scale=1)
            cls.driver.set_script_timeout(30)
        except Exception:
            cls.server.stop()
            raise

    @classmethod
    def tearDownClass(cls):
        cls.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        cls.driver.quit()
        cls.server.stop()

    def texts(self, scene, scheme):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        content = json.loads(scene.read_text())
        content.pop("timeline", None)  # the content as it reads once loaded, not its skeletons
        result = self.driver.execute_async_script(TEXT_ON_BACKDROP, json.dumps(content))
        self.assertIsInstance(result, list, f"{scene.name} ({scheme}): {result}")
        return {item_id: (text, tuple(colour), tuple(backdrop)) for item_id, text, colour, backdrop in result}

    def test_text_reads_in_both_appearances_in_every_demo(self):
        self.driver.get(f"{self.server.url}/embed.html")
        for scene in SCENES:
            with self.subTest(scene=str(scene.relative_to(harness.ROOT))):
                light, dark = self.texts(scene, "light"), self.texts(scene, "dark")
                self.assertEqual(light.keys(), dark.keys(), "the same text items in both appearances")
                self.assertGreater(len(light), 0, "text on the first frame")
                sampled = [i for i in light if light[i][1:] != dark[i][1:]]
                self.assertGreaterEqual(len(sampled), len(light) // 2,
                                        "most text changes with the appearance (it sits on the page's surfaces)")
                for scheme, texts in (("light", light), ("dark", dark)):
                    for item in sampled:
                        text, colour, backdrop = texts[item]
                        ratio = contrast(colour, backdrop)
                        self.assertGreaterEqual(ratio, 4.5, f"{scheme}: {text!r} ({colour} on {backdrop}) "
                                                f"has contrast {ratio:.2f}:1")


if __name__ == "__main__":
    unittest.main()
