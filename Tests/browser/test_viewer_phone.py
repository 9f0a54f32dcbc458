"""The live viewer on a phone (390 × 844): its authoring tools — the session clock (pause, step,
scrub), Inspect, PNG, SVG, Save as test, answer rows and the node tree — wait behind a "Tools"
button, so the bar keeps its two lines, and are reached from the keyboard: Tab to "Tools", Enter
opens them (aria-expanded), Tab goes through them, Enter on Inspect inspects, Escape closes them
and gives focus back to "Tools". Before, they were hidden at 640 px or narrower with no way to
reach them."""

import sys
import unittest
from pathlib import Path

from selenium.webdriver.common.keys import Keys

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

TOOLS = ["clock", "inspect", "export-png", "export-svg", "save-case"]
SHOWN = "(id) => { const r = document.getElementById(id).getBoundingClientRect();" \
        " return r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= innerWidth && r.bottom <= innerHeight; }"


class ViewerOnAPhoneTest(harness.ServedBrowserTest):
    SCENES = (harness.ROOT / "examples" / "hello.json",)
    SERVER_NAME = "viewer-phone-server"
    WINDOW = (390, 844)

    def setUp(self):
        # Headless Chromium's windows are at least 500 px wide: the phone's viewport is emulated.
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})

    def shown(self):
        return self.driver.execute_script(f"const shown = {SHOWN}; return arguments[0].filter(shown)", TOOLS)

    def active(self):
        return self.driver.execute_script("return document.activeElement.id || document.activeElement.getAttribute('aria-label')"
                                          " || document.activeElement.textContent")

    def test_the_authoring_tools_are_a_tab_and_an_enter_away(self):
        driver = self.driver
        driver.get(f"{self.server.url}/index.html?scene=hello")
        harness.wait_for(driver, "window.veilViewer && veilViewer.frames > 0 && veilViewer.clock !== undefined",
                         what="the viewer drawn, its clock told")
        self.assertEqual(driver.execute_script("return innerWidth"), 390)
        self.assertEqual(self.shown(), [], "the tools wait behind Tools on a phone")
        bar = driver.execute_script("return document.querySelector('.bar').getBoundingClientRect().height")

        # From the top of the page, Tab reaches "Tools".
        driver.execute_script("document.activeElement.blur(); document.body.focus()")
        for _ in range(8):
            driver.switch_to.active_element.send_keys(Keys.TAB)
            if self.active() == "tools-toggle":
                break
        self.assertEqual(self.active(), "tools-toggle", "Tab reaches the Tools button")
        self.assertEqual(driver.execute_script("return document.getElementById('tools-toggle').getAttribute('aria-expanded')"), "false")
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        self.assertEqual(driver.execute_script("return document.getElementById('tools-toggle').getAttribute('aria-expanded')"), "true")
        self.assertEqual(self.shown(), TOOLS, "every tool in view once opened")
        for selector in ("#answer-rows", ".tree summary"):
            self.assertTrue(driver.execute_script(f"const r = document.querySelector('{selector}').getBoundingClientRect();"
                                                  " return r.width > 0 && r.bottom <= innerHeight"), f"{selector} in view")
        harness.screenshot(driver, "viewer-phone-tools")

        # Tab goes on through the tools, in the bar's order.
        visited = []
        for _ in range(12):
            driver.switch_to.active_element.send_keys(Keys.TAB)
            visited.append(self.active())
            if visited[-1] == "save-case":
                break
        for tool in ("inspect", "export-png", "export-svg", "save-case"):
            self.assertIn(tool, visited, f"Tab reaches {tool}: {visited}")
        self.assertLess(visited.index("inspect"), visited.index("save-case"))
        driver.execute_script("document.getElementById('inspect').focus()")
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        harness.wait_for(driver, "document.getElementById('stage').classList.contains('inspecting')",
                         what="Enter on Inspect to inspect")
        driver.switch_to.active_element.send_keys(Keys.ENTER)  # and off again

        # Escape closes them and gives focus back to Tools; the bar is as it was.
        driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        self.assertEqual(self.active(), "tools-toggle")
        self.assertEqual(self.shown(), [])
        self.assertEqual(driver.execute_script("return document.querySelector('.bar').getBoundingClientRect().height"), bar)


if __name__ == "__main__":
    unittest.main()
