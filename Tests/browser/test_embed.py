"""Web/embed.html draws its inline scene through veil.wasm (no server session), in headless Chromium.

`veil serve` only serves the files here (embed.html, veil.js, /veil.wasm). The wasm module must
have been built first (`make wasm`); a missing module is a failure, not a skip.
"""

import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

FRAMES_DRAWN = harness.FRAMES_DRAWN


class EmbedTest(unittest.TestCase):
    def test_embed_page_draws_through_wasm(self):
        self.assertTrue(harness.VEIL_WASM.exists(),
                        f"{harness.VEIL_WASM} is missing: run `make wasm` before the browser tests "
                        "(or set VEIL_WASM)")
        server = harness.VeilServer(name="embed-server")
        driver = None
        try:
            status, content_type, body = server.get("/veil.wasm")
            self.assertEqual(status, 200, f"GET /veil.wasm → {status}")
            self.assertEqual(body[:4], b"\0asm", "/veil.wasm is a wasm module")
            self.assertIn("application/wasm", content_type, "needed by instantiateStreaming")

            driver = harness.chromium(width=800, height=700, scale=1)
            driver.get(f"{server.url}/embed.html")
            harness.wait_for(
                driver, f"window.veilEmbed && (veilEmbed.error || ({FRAMES_DRAWN} > 0 && veilEmbed.frames > 0))",
                what="embed.html to draw its first frame (or report an error)")
            error = driver.execute_script("return veilEmbed.error")
            self.assertIsNone(error, f"embed.html reported: {error}")
            harness.wait_until_still(driver, FRAMES_DRAWN)
            image = harness.screenshot(driver, "embed")
            box = harness.canvas_box(driver)

            scene = json.loads(driver.execute_script("return document.getElementById('scene').textContent"))
            frame = driver.execute_script("return veilEmbed.frame")
            self.assertEqual((frame["width"], frame["height"]),
                             (scene["canvas"]["width"] * 8, scene["canvas"]["height"] * 8),
                             "the wasm frame has the scene's canvas size")
            self.assertEqual(round(box["width"]), scene["canvas"]["width"], "the canvas has the scene's size")
            background = harness.hex_color(scene["background"])
            harness.assert_color(self, image, box, 5, 5, background, "canvas background")
            harness.assert_color(self, image, box, scene["canvas"]["width"] - 5, 145, background,
                                 "background beside the swatches")
            views = harness.solid_views(scene)
            self.assertGreaterEqual(len(views), 3)
            for view_id, f, colour in views:
                harness.assert_color(self, image, box, f["x"] + f["width"] / 2, f["y"] + f["height"] / 2,
                                     colour, f"inside view {view_id!r}")
            # The documented ?src= form loads a JSON file of the site.
            driver.get(f"{server.url}/embed.html?src=examples/feed.json")
            harness.wait_for(driver, "window.veilEmbed && (veilEmbed.error || veilEmbed.frames > 0)",
                             what="embed.html?src= to draw")
            self.assertIsNone(driver.execute_script("return veilEmbed.error"))
            self.assertEqual(driver.execute_script("return veilEmbed.frame.width"), 360 * 8,
                             "the ?src scene's canvas (Web/examples/feed.json)")
            driver.get(f"{server.url}/embed.html?src=examples/missing.json")
            error = harness.wait_for(driver, "window.veilEmbed && veilEmbed.error", what="a missing ?src to fail")
            self.assertIn("missing.json: HTTP 404", error)
        finally:
            if driver:
                driver.quit()
            server.stop()


if __name__ == "__main__":
    unittest.main()
