"""The status example in the live viewer: the error's Retry button is a real button. A click sends
pointer input over the WebSocket, the session reports a "retry" event (shown in the event log), and
the scene's reaction runs: loading, then the empty state 1.5 s later."""

import json
import unittest

from selenium.webdriver.common.action_chains import ActionChains

import harness

STATUS_PATH = harness.ROOT / "examples" / "status.json"
FRAMES_DRAWN = harness.FRAMES_DRAWN


def has_text(text):
    return f"veilViewer.frame && veilViewer.items().some(i => i.text === {json.dumps(text)})"


class StatusViewerTest(harness.ServedBrowserTest):
    SCENES = (STATUS_PATH,)
    SERVER_NAME = "status-server"
    WINDOW = (1000, 900)

    def test_clicking_retry_reports_the_event_and_runs_the_reaction(self):
        driver = self.driver
        driver.get(f"{self.server.url}/index.html?scene=status")
        harness.wait_for(driver, has_text("Loading…"), what="the loading status")
        harness.wait_for(driver, has_text("Retry"), timeout=10, what="the error status with its Retry button")
        harness.wait_until_still(driver, FRAMES_DRAWN, quiet=0.6)
        image = harness.screenshot(driver, "status-error")
        box = harness.canvas_box(driver)

        retry = driver.execute_script(
            "return veilViewer.items().find(i => i.text === 'Retry');")
        # The button's background is drawn just before its title: the default button blue (accessibleBlue,
        # dark enough for its white title) left of the text.
        harness.assert_color(self, image, box, retry["x"] / 8 - 6, (retry["y"] + retry["height"] / 2) / 8,
                             harness.hex_color("#0070EB"), "the Retry button's background")

        x = box["left"] + (retry["x"] + retry["width"] / 2) / 8
        y = box["top"] + (retry["y"] + retry["height"] / 2) / 8
        actions = ActionChains(driver)
        actions.w3c_actions.pointer_action.move_to_location(int(x), int(y)).click()
        actions.perform()

        name, node = harness.wait_for(
            driver, "(() => { const li = document.querySelector('#events li[data-name]');"
                    " return li && [li.dataset.name, li.dataset.node]; })()",
            what="the retry event in the event log")
        self.assertEqual((name, node), ("retry", "feed/status/action"))
        harness.wait_for(driver, has_text("Loading…"), timeout=3, what="the reaction's loading state")
        harness.wait_for(driver, has_text("No posts yet"), timeout=5, what="the reaction's empty state")
        harness.wait_until_still(driver, FRAMES_DRAWN, quiet=0.6)
        image = harness.screenshot(driver, "status-empty")
        find = driver.execute_script("return veilViewer.items().find(i => i.text === 'Find people');")
        self.assertIsNotNone(find, "the empty state's action button")
        self.assertFalse(driver.execute_script(f"return {has_text('Retry')}"), "the error status is gone")


if __name__ == "__main__":
    unittest.main()
