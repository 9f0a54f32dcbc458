"""The viewer's transport controls and exports (issue 24): pause, step, scrub back and return live,
and the frame shown saved as PNG and SVG — against a real `veil serve` on hello.

hello's timeline sets the subtitle to "Loaded at one second" at 1 s and the title to "Veil, live" at
3 s. The test waits for the first, pauses, scrubs to 0.2 s (the old subtitle is drawn again), saves
that frame as SVG (it says what is drawn), goes live (the new subtitle is back), and keeps a PNG.
"""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

TEXTS = "veilViewer.items().filter((i) => typeof i.text === 'string').map((i) => i.text).join('|')"
# Downloads are caught where the page makes them: the name and the text of each.
CATCH_DOWNLOADS = """
window.downloads = [];
HTMLAnchorElement.prototype.click = function () {
  const name = this.download;
  fetch(this.href).then((r) => r.text()).then((text) => window.downloads.push({ name, text }));
};
"""


class ViewerClockTest(harness.ServedBrowserTest):
    SCENES = (harness.ROOT / "examples" / "hello.json",)
    SERVER_NAME = "viewer-clock"

    def test_pause_scrub_live_and_export(self):
        driver = self.driver
        driver.get(f"{self.server.url}/index.html?scene=hello")
        harness.wait_for(driver, f"window.veilViewer && veilViewer.frames > 0 && {TEXTS}.includes('Loaded at one second')",
                         what="the timeline's change at 1 s")
        driver.execute_script(CATCH_DOWNLOADS)
        pause = driver.find_element("css selector", "#clock button")
        self.assertEqual(pause.text, "Pause")
        pause.click()
        harness.wait_for(driver, "veilViewer.clock && veilViewer.clock.rate === 0", what="the clock paused")
        self.assertEqual(pause.text, "Play")
        paused_at = driver.execute_script("return veilViewer.clock.time")

        driver.execute_script("""
            const range = document.querySelector('#clock input[type=range]');
            range.value = '0.2';
            range.dispatchEvent(new Event('input'));""")
        harness.wait_for(driver, "veilViewer.clock.scrubbedTo === 0.2", what="the scrub answered")
        harness.wait_for(driver, f"!{TEXTS}.includes('Loaded at one second')", what="the frame of 0.2 s drawn")
        self.assertTrue(driver.find_element("xpath", "//button[text()='Live']").is_displayed())
        self.assertIn("0.20 s of", driver.find_element("css selector", ".clock-time").text)
        harness.screenshot(driver, "viewer-clock-scrubbed")

        driver.find_element("id", "export-svg").click()
        harness.wait_for(driver, "downloads.some((d) => d.name.endsWith('.svg'))", what="the SVG saved")
        svg = driver.execute_script("return downloads.find((d) => d.name.endsWith('.svg'))")
        self.assertTrue(svg["name"].startswith("hello-0.20s"), svg["name"])
        self.assertTrue(svg["text"].startswith("<svg"))
        self.assertNotIn("Loaded at one second", svg["text"])

        driver.find_element("xpath", "//button[text()='Live']").click()
        harness.wait_for(driver, f"veilViewer.clock.scrubbedTo === null && {TEXTS}.includes('Loaded at one second')",
                         what="the present back")
        self.assertEqual(driver.execute_script("return veilViewer.clock.rate"), 0, "going live keeps the clock paused")
        self.assertAlmostEqual(driver.execute_script("return veilViewer.clock.time"), paused_at, delta=0.05)

        driver.find_element("id", "export-png").click()
        harness.wait_for(driver, "downloads.some((d) => d.name.endsWith('.png'))", what="the PNG saved")
        png = driver.execute_script("return downloads.find((d) => d.name.endsWith('.png')).text")
        self.assertTrue(png.startswith("\\ufffdPNG") or png[1:4] == "PNG", png[:8])

        # Step: one frame on a paused clock.
        driver.find_element("xpath", "//button[text()='Step']").click()
        harness.wait_for(driver, f"veilViewer.clock.time > {paused_at}", what="one frame on")
        self.assertAlmostEqual(driver.execute_script("return veilViewer.clock.time") - paused_at, 1 / 60, delta=0.002)


if __name__ == "__main__":
    unittest.main()
