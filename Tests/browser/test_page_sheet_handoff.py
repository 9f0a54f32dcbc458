"""One gesture between a page sheet and the page's own scroller in it (`sheet(element)` over an
element that scrolls its own content: Web/sheet.js; docs/EMBED.md "A sheet holding the page's own
element"), in headless Chromium with real touch input — what vaul declares impossible (#218):

- a finger dragging the list up from the sheet's lower anchor raises the sheet to its top anchor and,
  in the same gesture, scrolls the list with the rest of the move;
- dragging down scrolls the list back to its start and, in the same gesture, lowers the sheet;
- the wheel over the list raises the sheet to its top anchor first, then scrolls the list.
"""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

PAGE = """<!doctype html>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<style>body { margin: 0; font: 16px/1.4 sans-serif }
#results { height: 480px; overflow-y: auto; margin: 0; padding: 0; background: #fff }
#results li { height: 48px; list-style: none; border-bottom: 1px solid #ddd; box-sizing: border-box; padding: 12px }</style>
<main><h1>Map</h1><button id="open">Results</button></main>
<ul id="results" hidden></ul>
<script type="module">
import { sheet } from "/veil/page.js";
const list = document.getElementById("results");
for (let i = 0; i < 40; i++) list.append(Object.assign(document.createElement("li"), { textContent: `Place ${i}` }));
const results = sheet(list, { label: "Results", anchors: ["expanded", { fromBottom: 200 }], initialAnchor: 1 });
window.veilHandoff = { results, errors: [] };
window.addEventListener("error", (e) => veilHandoff.errors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => veilHandoff.errors.push(String(e.reason)));
document.getElementById("open").addEventListener("click", () => results.open());
window.ready = true;
</script>
"""

TOP = "document.getElementById('results').getBoundingClientRect().top"
SCROLLED = "document.getElementById('results').scrollTop"


class PageSheetHandOffTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = harness.StaticSite({"index.html": PAGE}, prefix="veil-handoff-")

    @classmethod
    def tearDownClass(cls):
        cls.site.close()

    def test_one_gesture_between_the_sheet_and_the_pages_list(self):
        driver = harness.chromium(width=500, height=900)
        try:
            driver.get(self.site.url("index.html"))
            harness.wait_for(driver, "window.ready === true", what="the page")
            driver.execute_script("document.getElementById('open').click()")
            harness.wait_for(driver, "veilHandoff.results.placed", what="the sheet holding the list")
            height = driver.execute_script("return innerHeight")
            low = harness.wait_until_still(driver, TOP)
            self.assertAlmostEqual(low, height - 200 + 20, delta=1.5, msg="at its lower anchor")
            self.assertEqual(driver.execute_script(f"return {SCROLLED}"), 0)

            # Up: the sheet rises to its top anchor (20 from the top), the rest of the move scrolls the list.
            y = int(height - 30)
            harness.touch_drag(driver, 200, y, -(y - 10), 30, pause=0.3)  # held still before lifting: no coast
            top = harness.wait_until_still(driver, TOP)
            scrolled = harness.wait_until_still(driver, SCROLLED)
            self.assertAlmostEqual(top, 20 + 20, delta=1.5, msg="the sheet went to its top anchor")
            self.assertGreater(scrolled, 40, "and the same gesture scrolled the page's list")
            harness.screenshot(driver, "page-sheet-handoff-up")

            # Down: the list scrolls back to its start, then the rest of the move lowers the sheet.
            harness.touch_drag(driver, 200, 200, min(int(scrolled) + 300, height - 220), 30, pause=0.3)
            self.assertEqual(harness.wait_until_still(driver, SCROLLED), 0, "the list back at its start")
            self.assertGreater(harness.wait_until_still(driver, TOP), top + 100, "and the same gesture lowered the sheet")

            # The wheel: turns over the list raise the sheet to its top anchor first, later turns
            # scroll the list.
            def turn(times):
                box = driver.execute_script("const r = document.getElementById('results').getBoundingClientRect(); return [r.left + 100, r.top + 30]")
                for _ in range(times):
                    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": box[0], "y": box[1], "deltaX": 0, "deltaY": 120})
            turn(10)
            self.assertAlmostEqual(harness.wait_until_still(driver, TOP, quiet=0.6), 40, delta=1.5, msg="the wheel raised the sheet first")
            self.assertEqual(harness.wait_until_still(driver, SCROLLED), 0)
            turn(5)
            self.assertGreater(harness.wait_until_still(driver, SCROLLED, quiet=0.6), 0, "then it scrolls the page's list")
            self.assertEqual(driver.execute_script("return veilHandoff.errors"), [])
        finally:
            driver.quit()


if __name__ == "__main__":
    unittest.main()
