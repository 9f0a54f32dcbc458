"""The maps sheet in the live viewer, dragged as a user drags it: a finger flicks it up from its
half-open anchor (real touch pointer events through Chromium) and it springs to the top anchor,
dimming the map; the screenshot shows where it settled. A slow drag down from there first scrolls
nothing (the list is at its top) and then lowers the sheet, which settles at the nearest anchor."""

import unittest

import harness

MAPS = harness.ROOT / "examples" / "maps.json"
FRAMES_DRAWN = harness.FRAMES_DRAWN
# The sheet's top in points as drawn (the frame as played now: a spring is declared once as a path):
# the root layer's last child layer is the sheet (the dim is before it).
SHEET_TOP = ("(() => { const f = veilViewer.shown; const root = f && f.items.find(e => e.kind === 5);"
             " const layers = root ? root.children.filter(e => e.kind === 5) : [];"
             " return layers.length ? layers[layers.length - 1].y / 8 : null; })()")
SAFE_TOP = 47
EXPANDED = SAFE_TOP + 20


class SheetViewerTest(harness.ServedBrowserTest):
    SCENES = (MAPS,)
    SERVER_NAME = "sheet-server"
    WINDOW = (430, 1000)

    def top(self):
        return self.driver.execute_script(f"return {SHEET_TOP}")

    def test_a_flick_opens_the_sheet_and_a_slow_drag_lowers_it(self):
        driver = self.driver
        driver.get(f"{self.server.url}/index.html?scene=maps")
        harness.wait_for(driver, f"{SHEET_TOP} !== null", what="the sheet")
        harness.wait_until_still(driver, FRAMES_DRAWN, quiet=0.6)
        box = harness.canvas_box(driver)
        height = driver.execute_script("return veilViewer.frame.height") / 8
        half = self.top()
        self.assertAlmostEqual(half, SAFE_TOP + 0.5 * (height - SAFE_TOP - 34), delta=0.2, msg="starts half open")
        before = harness.screenshot(driver, "maps-half")
        map_point = (60, 30)
        map_colour = harness.pixel(before, box, *map_point)

        # A flick up on the sheet's search field: down, 300 px up in a few quick moves, up.
        x = int(box["left"] + box["width"] / 2)
        harness.touch_drag(driver, x, int(box["top"] + half + 40), -300, steps=5)
        harness.wait_for(driver, f"Math.abs({SHEET_TOP} - {EXPANDED}) < 0.2", timeout=4, what="the sheet at its top anchor")
        harness.wait_until_still(driver, FRAMES_DRAWN, quiet=0.6)
        self.assertAlmostEqual(self.top(), EXPANDED, delta=0.2)
        opened = harness.screenshot(driver, "maps-expanded")
        # Where it settled: the sheet's background just below its top, the dimmed map above it.
        harness.assert_color(self, opened, box, 8, EXPANDED + 30, (255, 255, 255), "the sheet below its top edge")
        dimmed = harness.pixel(opened, box, *map_point)
        self.assertTrue(all(d < m - 30 for d, m in zip(dimmed, map_colour)),
                        f"the map is dimmed: {dimmed} against {map_colour}")
        anchor = harness.wait_for(
            driver, "(() => { const li = [...document.querySelectorAll('#events li[data-name]')]"
                    ".reverse().find(l => l.dataset.name === 'anchorChanged'); return li && li.dataset.node; })()",
            timeout=3, what="the anchorChanged event in the event log")
        self.assertEqual(anchor, "sheet:expanded")

        # A slow drag down to where half open is, resting before lifting: the sheet follows and then
        # settles at the anchor nearest to where it was let go (half open).
        harness.touch_drag(driver, x, int(box["top"] + EXPANDED + 100), int(half - EXPANDED), steps=10, pause=0.2)
        harness.wait_for(driver, f"Math.abs({SHEET_TOP} - {half}) < 0.2", timeout=4, what="the sheet back at half")
        harness.wait_until_still(driver, FRAMES_DRAWN, quiet=0.6)
        settled = harness.screenshot(driver, "maps-half-again")
        harness.assert_color(self, settled, box, 8, int(half) + 30, (255, 255, 255), "the sheet below its top edge")
        harness.assert_color(self, settled, box, *map_point, map_colour, "the map, no longer dimmed")


if __name__ == "__main__":
    unittest.main()
