"""The inbox in the live viewer, scrolled as a user scrolls it: a finger flicks it (real touch
pointer events through Chromium), it coasts on after the finger lifts and comes to rest; the mouse
wheel scrolls it back; the page under the canvas never scrolls. And a finger pulls it down to
refresh: the loading animator shows, the refresh event reaches the page, and the scene's reaction
puts two new messages at the top and ends the refresh."""

import unittest

from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.action_chains import ActionChains

import harness

INBOX = harness.ROOT / "examples" / "inbox.json"
FRAMES_DRAWN = harness.FRAMES_DRAWN
# How far the inbox is scrolled as drawn, in points: minus the y of the list's content layer in the
# frame as played now (a coast is declared once as a path, so the frame itself holds its first point;
# the frame's first layer is the list's own, its first child layer the content, in eighths of a point).
OFFSET = ("(() => { const f = veilViewer.shown; const list = f && f.items.find(e => e.kind === 5);"
          " const content = list && list.children.find(e => e.kind === 5); return content ? -content.y / 8 : null; })()")


class ScrollViewerTest(harness.ServedBrowserTest):
    SCENES = (INBOX,)
    SERVER_NAME = "scroll-server"
    WINDOW = (420, 860)

    def offset(self):
        return self.driver.execute_script(f"return {OFFSET}")

    def test_a_flick_coasts_and_the_wheel_scrolls_back(self):
        driver = self.driver
        driver.get(f"{self.server.url}/index.html?scene=inbox")
        harness.wait_for(driver, f"{OFFSET} !== null", what="the inbox")
        harness.wait_until_still(driver, FRAMES_DRAWN, quiet=0.6)
        self.assertEqual(self.offset(), 0)
        box = harness.canvas_box(driver)
        x = int(box["left"] + box["width"] / 2)
        y = int(box["top"] + box["height"] * 0.75)

        # A flick: the finger goes down, moves 300 px up within about 100 ms, and lifts.
        harness.touch_drag(driver, x, y, -300, steps=5)
        lifted = self.offset()
        self.assertGreater(lifted, 100, "the content followed the finger up")

        # It keeps going after the finger lifted, then rests (no frames for a while).
        harness.wait_for(driver, f"{OFFSET} > {lifted + 100}", timeout=3, what="the content coasting on")
        harness.wait_until_still(driver, FRAMES_DRAWN, quiet=1.0, timeout=10)
        self.assertGreater(self.offset(), lifted + 100)
        texts = driver.execute_script("return veilViewer.items().filter(i => i.text).length")
        self.assertGreater(texts, 10, "rows drawn where it rests")
        harness.screenshot(driver, "inbox-after-flick")
        self.assertEqual(driver.execute_script("return window.scrollY"), 0, "the page itself did not scroll")

        # The wheel over the canvas scrolls it back to the top (and not past it).
        canvas = driver.find_element("css selector", "canvas")
        for _ in range(12):
            ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(canvas), 0, -400).perform()
        harness.wait_for(driver, f"{OFFSET} === 0", timeout=5, what="the list back at its top")
        harness.wait_for(driver, "veilViewer.items().some(i => i.text && i.text.startsWith('Inbox'))", what="the heading again")
        self.assertEqual(driver.execute_script("return window.scrollY"), 0, "the page itself did not scroll")

    def test_pull_to_refresh_loads_new_messages_at_the_top(self):
        driver = self.driver
        driver.get(f"{self.server.url}/index.html?scene=inbox")
        harness.wait_for(driver, f"{OFFSET} === 0", what="the inbox at its top")
        harness.wait_until_still(driver, FRAMES_DRAWN, quiet=0.6)
        box = harness.canvas_box(driver)
        x = int(box["left"] + box["width"] / 2)
        y = int(box["top"] + 120)

        harness.touch_drag(driver, x, y, 250, steps=10, pause=0.1)  # rest before letting go: no fling

        # Held open at the trigger height with the activity indicator turning, and the event.
        harness.wait_for(driver, f"{OFFSET} === -60", timeout=3, what="the refresh holding the animator open")
        spinning = ("veilViewer.items().some(i => i.kind === 4 && i.opacity > 0)")
        harness.wait_for(driver, spinning, timeout=3, what="the loading animator")
        harness.screenshot(driver, "inbox-refreshing")
        name = harness.wait_for(
            driver, "(() => { const li = [...document.querySelectorAll('#events li[data-name]')]"
                    ".find(l => l.dataset.name === 'refresh'); return li && li.dataset.node; })()",
            timeout=3, what="the refresh event in the event log")
        self.assertEqual(name, "inbox")

        # The reaction: two new messages at the top, and the refresh ends.
        harness.wait_for(driver, "veilViewer.items().some(i => i.text === 'Bjarne Stroustrup')", timeout=5,
                         what="the new message at the top")
        harness.wait_for(driver, f"{OFFSET} === 0", timeout=5, what="the list back at its top")
        harness.wait_for(driver, f"!({spinning})", timeout=3, what="the animator gone")
        bjarne = driver.execute_script("return veilViewer.items().find(i => i.text === 'Bjarne Stroustrup').y")
        ada = driver.execute_script("return veilViewer.items().find(i => i.text === 'Ada Lovelace').y")
        self.assertLess(bjarne, ada, "the new message is above the old first one")
        harness.screenshot(driver, "inbox-refreshed")


if __name__ == "__main__":
    unittest.main()
