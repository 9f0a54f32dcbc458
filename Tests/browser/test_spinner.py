"""The spinner overlay over a page: a scene that names no background is drawn on a transparent
canvas, so the page's own content under the canvas shows through the overlay, dimmed by
SpinnerView's backdrop (a radial gradient (0.4, 0.4, 0.4, 0.8) → (0.1, 0.1, 0.1, 0.5) at alpha 0.7,
/work/shared/reference/NOTES.md), in a worker and on the page's thread. A scene that names its
background keeps it (the overlay dims that instead). Before, every scene without a background was
drawn on the appearance's opaque white, which hid the page under the spinner."""

import sys
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

GREEN = (0x2E, 0x7D, 0x32)

MOUNT = r"""
const [thread, background, done] = arguments;
(async () => {
  const { mount } = await import("/veil.js");
  document.body.style.margin = "0";
  document.body.innerHTML = '<div style="position: relative; width: 300px; height: 300px; background: #2E7D32;'
    + ' color: white; font: 40px sans-serif">The page under the canvas'
    + '<canvas id="canvas" style="position: absolute; left: 0; top: 0"></canvas></div>';
  const scene = { name: "over-the-page", canvas: { width: 300, height: 300 }, root: { type: "view", id: "root" } };
  if (background) scene.background = background;
  const veil = window.spinning = await mount(document.getElementById("canvas"), { scene, thread });
  await veil.spinner.show();
  return veil.thread;
})().then(done, (e) => done(String(e.stack || e)));
"""


def dimmed(under, colour, alpha):
    """`colour` at `alpha` over `under`."""
    return tuple(round(c * alpha + u * (1 - alpha)) for c, u in zip(colour, under))


# Beyond the gradient's radius (0.8 × 150 pt) the backdrop is its end colour, (0.1, 0.1, 0.1) at
# 0.5 × 0.7; a corner of the canvas is there.
END = ((0.1 * 255,) * 3, 0.5 * 0.7)


class SpinnerOverThePageTest(harness.ServedBrowserTest):
    SERVER_NAME = "spinner-server"
    WINDOW = (600, 600)

    def corner_settles_at(self, expected, name, what):
        """The corner's pixel once the 0.25 s fade-in has ended (polled: the spinner turns for ever)."""
        deadline = time.monotonic() + 10
        actual = None
        while time.monotonic() < deadline:
            image = harness.screenshot(self.driver, name)
            actual = image.getpixel((12, 288))
            if all(abs(a - e) <= 4 for a, e in zip(actual, expected)):
                return
            time.sleep(0.1)
        self.fail(f"{what}: the corner under the spinner is {actual}, expected {expected} (out/browser/{name}.png)")

    def test_the_page_shows_through_the_spinner_dimmed(self):
        for thread, where in (("auto", "worker"), ("main", "main")):
            with self.subTest(thread=thread):
                self.driver.get(f"{self.server.url}/embed.html")
                self.assertEqual(self.driver.execute_async_script(MOUNT, thread, None), where)
                self.corner_settles_at(dimmed(GREEN, *END), f"spinner-over-page-{where}",
                                       "the page's green, dimmed by the backdrop's end colour")

    def test_a_scene_that_names_its_background_keeps_it(self):
        self.driver.get(f"{self.server.url}/embed.html")
        self.driver.execute_async_script(MOUNT, "auto", "#FFFFFF")
        self.corner_settles_at(dimmed((255, 255, 255), *END), "spinner-over-white", "the scene's white, dimmed")


if __name__ == "__main__":
    unittest.main()
