"""The hidden DOM of mount() (Web/a11y.js) in headless Chromium, on a list that pulls to refresh
(examples/inbox.json): a real Refresh button that Enter presses, refreshing the list as a pull
would (the `refresh` host event), and busy while the refresh runs; on the maps sheet
(examples/maps.json): a real grabber button that Enter presses, moving the sheet to its next anchor
as a tap on the grabber does, announced, with the focus ring where the grabber is drawn.

The feed example's aria states and its keyboard Retry are in test_feed_example.py.
Needs `veil` (swift build) and `.build/wasm/veil.wasm` (make wasm).
"""

import sys
import unittest
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

MOUNT_INBOX = r"""
const [sceneText, label = "Inbox"] = arguments;
const accessible = arguments.length > 3 ? arguments[2] : true;  // the last argument is selenium's callback
const thread = arguments.length > 4 ? arguments[3] : "auto";
const done = arguments[arguments.length - 1];
(async () => {
  const { mount } = await import("/veil.js");
  document.body.innerHTML = `<canvas id="canvas" aria-label="${label}"></canvas><button id="after">After</button>`;
  const veil = window.inbox = await mount(document.getElementById("canvas"), { scene: sceneText, accessible, thread });
  window.refreshes = [];
  veil.on("refresh", (e) => refreshes.push(e));
  window.loads = [];
  veil.on("loadMore", (e) => loads.push(e));
  await new Promise((resolve) => { const off = veil.on("frame", () => { off(); resolve(); }); });
  return "ok";
})().then(done, (e) => done(String(e.message || e)));
"""


class RefreshButtonTest(harness.ServedBrowserTest):
    SERVER_NAME = "a11y-server"

    def test_enter_on_the_hidden_refresh_button_refreshes_the_list(self):
        self.assertTrue(harness.VEIL_WASM.exists(), "run `make wasm` first")
        self.driver.get(f"{self.server.url}/embed.html")
        scene = (harness.ROOT / "examples" / "inbox.json").read_text()
        self.assertEqual(self.driver.execute_async_script(MOUNT_INBOX, scene), "ok")
        harness.wait_for(self.driver, "document.querySelectorAll('.veil-a11y button').length > 0",
                         what="the hidden DOM's buttons")
        buttons = self.driver.execute_script(
            "return [...document.querySelectorAll('.veil-a11y button')].map(b => [b.textContent, b.dataset.node])")
        self.assertIn(["Refresh", "inbox#refresh"], buttons)
        self.assertEqual(self.driver.execute_script("return document.getElementById('canvas').getAttribute('aria-busy')"),
                         "false")
        refresh = self.driver.find_element(By.CSS_SELECTOR, ".veil-a11y button[data-node='inbox#refresh']")
        refresh.send_keys(Keys.ENTER)
        events = harness.wait_for(self.driver, "window.refreshes.length > 0 && window.refreshes", what="a refresh event")
        self.assertEqual(events, [{"name": "refresh", "node": "inbox"}])
        harness.wait_for(self.driver, "document.getElementById('canvas').getAttribute('aria-busy') === 'true'",
                         what="busy while the refresh indicator turns")
        self.driver.execute_script("inbox.refresh.end()")
        harness.wait_for(self.driver, "document.getElementById('canvas').getAttribute('aria-busy') === 'false'",
                         what="not busy once it ends")
        # The inbox loads more at its end: a Load more button follows, and Tab goes on into the
        # page: the hidden buttons are in the page's own tab order.
        self.driver.switch_to.active_element.send_keys(Keys.TAB)
        harness.wait_for(self.driver, "document.activeElement && document.activeElement.textContent === 'Load more'",
                         what="Tab to reach Load more")
        self.driver.switch_to.active_element.send_keys(Keys.ENTER)
        harness.wait_for(self.driver, "window.loads.length > 0", what="Enter on Load more scrolls to the end, which asks for more")
        self.driver.switch_to.active_element.send_keys(Keys.TAB)
        harness.wait_for(self.driver, "document.activeElement && document.activeElement.id === 'after'",
                         what="Tab to reach the page's next button")


class SheetGrabberTest(harness.ServedBrowserTest):
    SERVER_NAME = "a11y-sheet-server"
    THREAD = "auto"
    EXPECTED_THREAD = "worker"

    def grabber(self):
        return self.driver.find_element(By.CSS_SELECTOR, ".veil-a11y button[data-node='sheet/grabber']")

    def drawn_grabber(self):
        return self.driver.execute_async_script(  # describe() is a Promise in worker mode
            "Promise.resolve(inbox.describe()).then((d) => arguments[0](d.buttons.find(b => b.node === 'sheet/grabber')))")

    def test_enter_on_the_hidden_grabber_moves_the_sheet_and_says_where(self):
        self.assertTrue(harness.VEIL_WASM.exists(), "run `make wasm` first")
        self.driver.get(f"{self.server.url}/embed.html")
        scene = (harness.ROOT / "examples" / "maps.json").read_text()
        self.assertEqual(self.driver.execute_async_script(MOUNT_INBOX, scene, "Map", True, self.THREAD), "ok")
        self.assertEqual(self.driver.execute_script("return inbox.thread"), self.EXPECTED_THREAD)
        harness.wait_for(self.driver, "document.querySelector(\".veil-a11y button[data-node='sheet/grabber']\")",
                         what="the grabber's hidden button")
        self.assertEqual(self.grabber().text or self.grabber().get_attribute("textContent"), "Expand sheet")
        half = self.drawn_grabber()
        self.assertGreater(half["y"], 300, "the sheet starts half open")
        self.grabber().send_keys(Keys.ENTER)
        harness.wait_for_async(self.driver, "Promise.resolve(inbox.describe()).then(d => d.sheets[0].anchor === 0)",
                               what="the sheet to expand")
        harness.wait_for(self.driver, "document.querySelector('.veil-a11y [role=status]').textContent === 'Sheet expanded'",
                         what="the announcement")
        harness.wait_for(self.driver, "document.querySelector(\".veil-a11y button[data-node='sheet/grabber']\")"
                         ".textContent === 'Collapse sheet'", what="the grabber's new label")
        harness.wait_for_async(self.driver, "Promise.resolve(inbox.nextChange()).then(t => t === Infinity)",
                               what="the sheet to settle")
        top = self.drawn_grabber()
        self.assertLess(top["y"], 100, "drawn at the top now")
        # The focus ring (the hidden DOM laid over the canvas) follows the grabber up.
        harness.wait_for(self.driver, f"Math.abs(document.querySelector('.veil-a11y').getBoundingClientRect().top"
                         f" - document.getElementById('canvas').getBoundingClientRect().top - {top['y']}) <= 1",
                         what="the focus ring at the grabber")
        # Expanded, the sheet is modal (its dim covers the map): Tab cycles through its own buttons,
        # as focus stays in a dialog, and never goes on into the page.
        visited = []
        for _ in range(6):
            self.driver.switch_to.active_element.send_keys(Keys.TAB)
            visited.append(self.driver.execute_script("const a = document.activeElement; return a.dataset.node || a.id"))
        self.assertNotIn("after", visited, f"Tab stays in the expanded sheet: {visited}")
        self.assertEqual(visited, ["home", "work", "coffee", "sheet/grabber", "home", "work"],
                         "from the grabber round the sheet's buttons and round again")
        self.grabber().send_keys(Keys.ENTER)
        harness.wait_for_async(self.driver, "Promise.resolve(inbox.describe()).then(d => d.sheets[0].anchor === 2)",
                               what="the sheet to collapse")
        harness.wait_for(self.driver, "document.querySelector('.veil-a11y [role=status]').textContent === 'Sheet collapsed'",
                         what="the announcement")

    def test_tab_goes_through_each_button_once_and_on_into_the_page(self):
        self.driver.get(f"{self.server.url}/embed.html")
        scene = (harness.ROOT / "examples" / "maps.json").read_text()
        texts = {"sheetTexts": {"expand": "Agrandir la feuille"}}
        self.assertEqual(self.driver.execute_async_script(MOUNT_INBOX, scene, "Map", texts), "ok")
        harness.wait_for(self.driver, "document.querySelectorAll('.veil-a11y button').length === 4", what="the hidden buttons")
        self.assertEqual(self.driver.execute_script(
            "return document.querySelector(\".veil-a11y button[data-node='sheet/grabber']\").textContent"),
            "Agrandir la feuille", "mount's accessible texts replace the English ones")
        self.driver.execute_script("document.getElementById('canvas').focus()")
        visited = []
        for _ in range(5):
            self.driver.switch_to.active_element.send_keys(Keys.TAB)
            visited.append(self.driver.execute_script(
                "const a = document.activeElement; return a.dataset.node || a.id"))
        self.assertEqual(visited, ["home", "work", "coffee", "sheet/grabber", "after"],
                         "the canvas' buttons once each (not the scene's focus first, then the same again), then the page")



class MainThreadSheetGrabberTest(SheetGrabberTest):
    """The same hidden DOM with the session on the page's thread (mount's fallback)."""
    SERVER_NAME = "a11y-sheet-main-server"
    THREAD = "main"
    EXPECTED_THREAD = "main"
    test_tab_goes_through_each_button_once_and_on_into_the_page = None


if __name__ == "__main__":
    unittest.main()
