"""The viewer's inspector (issue 24): hovering the canvas outlines the node under the pointer and
names its id, type and box, as the core says; a click picks it for the toolbar's node field; the
scene's node tree lists every node and picking one there outlines it where it is drawn — a list's
row by its instance id, scrolled. Against a real `veil serve` on hello and inbox.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402


class ViewerInspectTest(harness.ServedBrowserTest):
    SCENES = (harness.ROOT / "examples" / "hello.json",)
    SERVER_NAME = "viewer-inspect"

    def test_hover_names_the_node_and_a_click_picks_it(self):
        driver = self.driver
        harness.open_settled_viewer(driver, self.server.url, "hello")
        harness.wait_for(driver, "document.querySelectorAll('#tree button').length > 5", what="the node tree")
        tree = driver.execute_script("return [...document.querySelectorAll('#tree button')].map((b) => b.dataset.id)")
        self.assertIn("share", tree)
        self.assertIn("title", tree)

        share = driver.execute_script("return veilViewer.description.buttons.find((b) => b.node === 'share')")
        driver.find_element("id", "inspect").click()
        box = harness.canvas_box(driver)
        events_before = driver.execute_script("return document.querySelectorAll('#events li[data-name]').length")
        harness.pointer_to_center(driver, share).perform()
        harness.wait_for(driver, "!document.querySelector('.inspect-box').hidden && "
                                 "document.querySelector('.inspect-label').textContent.startsWith('share')",
                         what="the Share button outlined and named")
        label = driver.find_element("css selector", ".inspect-label").text
        name, kind, at, size = label.split(" · ")
        self.assertEqual((name, kind), ("share", "button"))
        x, y = map(float, at.split(", "))
        w, h = map(float, size.split(" × "))
        # The description the accessibility DOM gets rounds to whole points; the inspector does not.
        for got, want in ((x, share["x"]), (y, share["y"]), (w, share["width"]), (h, share["height"])):
            self.assertAlmostEqual(got, want, delta=0.6)
        outline = driver.execute_script("const r = document.querySelector('.inspect-box').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
        self.assertAlmostEqual(outline[0], box["left"] + share["x"], delta=1.5)
        self.assertAlmostEqual(outline[1], box["top"] + share["y"], delta=1.5)
        self.assertAlmostEqual(outline[2], share["width"], delta=1.5)
        harness.screenshot(driver, "viewer-inspect-hover")

        ActionChains(driver).click().perform()
        harness.wait_for(driver, "veilViewer.picked === 'share'", what="the click picks the node")
        self.assertEqual(driver.execute_script("return document.querySelectorAll('#events li[data-name]').length"), events_before,
                         "inspecting, a click picks: the scene is not tapped")
        # The toolbar's next form starts with it.
        driver.find_element("xpath", "//nav[@id='toolbar']//button[text()='spinner']").click()
        node_field = driver.find_element("css selector", "#toolbar input[list='node-ids']")
        self.assertEqual(node_field.get_attribute("value"), "share")

        # Picking in the tree outlines where the node is drawn.
        driver.find_element("css selector", ".tree summary").click()
        driver.find_element("css selector", "#tree button[data-id='title']").click()
        harness.wait_for(driver, "document.querySelector('.inspect-label').textContent.startsWith('title · label')",
                         what="the title outlined from the tree")
        self.assertEqual(driver.execute_script("return document.querySelector(\"#tree button[data-id='title']\").getAttribute('aria-current')"), "true")


if __name__ == "__main__":
    import unittest
    unittest.main()
