"""A list that fetches its rows, in the viewer (issue 24): against a real `veil serve` on the
contacts example (1,000,000 rows, "fetch"), the viewer stands in for the host: each `rows` event is
logged with its range and answered after a simulated fetch, the rows wait as skeleton rows until
then, and a wheel down the list asks for the pages coming into view, each once.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

TEXTS = """
const texts = [];
(function walk(items) { for (const i of items) { if (i.text) texts.push(i.text); if (i.children) walk(i.children); } })(veilViewer.frame.items);
return texts;
"""


class ViewerFetchTest(harness.ServedBrowserTest):
    SCENES = (harness.ROOT / "examples" / "contacts.json",)
    SERVER_NAME = "viewer-fetch"

    def rows_logged(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#events li[data-name=\"rows\"]')].map((li) => li.textContent.replace(/^[0-9.]+/, ''))")

    def test_rows_are_asked_for_once_and_filled_in(self):
        driver = self.driver
        driver.get(f"{self.server.url}/index.html?scene=contacts")
        harness.wait_for(driver, "window.veilViewer && veilViewer.frames > 0 && veilViewer.clock !== undefined", what="contacts drawn")
        harness.wait_for(driver, "JSON.stringify(veilViewer.frame.items).includes('Contact 0')", what="the first rows answered")
        self.assertIn("rows 0..<40 ← contacts", self.rows_logged())
        texts = driver.execute_script(TEXTS)
        self.assertIn("Contact 3", texts)
        harness.screenshot(driver, "viewer-fetch-answered")

        # Down the list by wheel: new pages are asked for as they come near, and answered.
        box = harness.canvas_box(driver)
        for _ in range(12):
            driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
                "type": "mouseWheel", "x": box["left"] + 150, "y": box["top"] + 300, "deltaX": 0, "deltaY": 600})
        harness.wait_for(driver, "[...document.querySelectorAll('#events li[data-name=\"rows\"]')].length >= 3",
                         what="pages further down asked for")
        harness.wait_for(driver, "/Contact ([89][0-9]|[1-9][0-9][0-9]+)\\b/.test(JSON.stringify(veilViewer.frame.items))", timeout=10,
                         what="rows past the first two pages answered")
        harness.screenshot(driver, "viewer-fetch-scrolled")
        logged = self.rows_logged()
        self.assertEqual(len(logged), len(set(logged)), f"a range asked for twice: {logged}")


if __name__ == "__main__":
    import unittest
    unittest.main()
