"""Pull to refresh on the page's own list (`pullToRefresh(list)` in Web/page.js, Web/scroller.js;
docs/EMBED.md "Pull to refresh on the page's own list"), in headless Chromium with real touch input:

- a finger pulling down at the list's top is the core's: the list's content follows (translated by
  the core's rubber-banded offset), and let go past 60 points it refreshes — `refresh` once — and is
  held open by 60 points while the page loads; the page's `end()` closes it back to rest;
- while the page loads, the animator's spinner turns on the compositor: frames keep coming while the
  page's main thread is busy (an 800 ms task), with no script of the page's per frame;
- a short pull springs back and asks nothing;
- away from the top the same finger scrolls the list natively (the browser's, not Veil's).
"""

import re
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402


def snippet():
    """docs/EMBED.md's pull-to-refresh block, as written."""
    text = (harness.ROOT / "docs" / "EMBED.md").read_text()
    section = text[text.index("## Pull to refresh on the page's own list"):]
    return re.search(r"```js\n(.*?)```", section, re.S).group(1)


PAGE = """<!doctype html>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<style>body { margin: 0; font: 16px/1.4 sans-serif } #feed { height: 400px; width: 320px; overflow-y: auto; margin: 40px 0 0; padding: 0 }
#feed li { height: 40px; list-style: none; border-bottom: 1px solid #ddd; box-sizing: border-box; background: #fff }</style>
<ul id="feed"></ul>
<script>
for (let i = 0; i < 20; i++) document.getElementById("feed").append(Object.assign(document.createElement("li"), { textContent: `Row ${i}` }));
window.veilPull = { asked: 0, errors: [] };
window.loadNewRows = () => { veilPull.asked++; return new Promise((resolve) => { veilPull.release = resolve; }); };
window.addEventListener("error", (e) => veilPull.errors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => veilPull.errors.push(String(e.reason)));
</script>
<script type="module">
%s
veilPull.refresher = refresher;
refresher.started.then(() => { window.ready = true; });
</script>
"""

PULL = "Number(getComputedStyle(document.getElementById('feed')).getPropertyValue('--veil-pull').replace('px', '') || 0)"


class PageRefreshTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = harness.StaticSite({"index.html": PAGE % snippet()}, prefix="veil-pull-")

    @classmethod
    def tearDownClass(cls):
        cls.site.close()

    def test_a_pull_at_the_top_refreshes_once_and_holds_until_the_page_is_done(self):
        driver = harness.chromium(width=500, height=600)
        try:
            driver.get(self.site.url("index.html"))
            harness.wait_for(driver, "window.ready === true", what="the core watching the list")
            harness.touch_drag(driver, 160, 60, 30, 6)  # a short pull
            self.assertEqual(harness.wait_until_still(driver, PULL), 0, "a short pull springs back")
            self.assertEqual(driver.execute_script("return veilPull.asked"), 0, "and asks nothing")

            harness.touch_drag(driver, 160, 60, 260, 20)
            harness.wait_for(driver, "veilPull.asked === 1", what="a pull past 60 points refreshes")
            held = harness.wait_until_still(driver, PULL)
            self.assertAlmostEqual(held, 60, delta=1, msg="held open by the animator's 60 points while the page loads")
            top = driver.execute_script("return document.querySelector('#feed li').getBoundingClientRect().top")
            self.assertAlmostEqual(top, 40 + 60, delta=1, msg="the page's own first row is moved down by it")
            harness.screenshot(driver, "page-refresh-refreshing")
            turning = driver.execute_script(harness.ENDLESS_ANIMATIONS)
            self.assertEqual(len(turning), 1, f"one spinner turns: {turning}")
            self.assertEqual(turning[0][1:], ["steps(8)", ["0turn", "1turn"]], "a turn a second in eight steps, as the core declares it")
            busy = harness.frames_while_busy(driver)
            self.assertGreaterEqual(busy, 3, "the spinner turned on while the page's main thread was busy")
            driver.execute_script("veilPull.release()")
            self.assertEqual(harness.wait_until_still(driver, PULL), 0, "the page's end closes it")
            self.assertFalse(driver.execute_script("return document.getElementById('feed').classList.contains('veil-pulled')"))
            self.assertEqual(driver.execute_script("return veilPull.asked"), 1, "once")
            self.assertEqual(driver.execute_script(harness.ENDLESS_ANIMATIONS), [], "closed, nothing turns")
            self.assertLessEqual(harness.frames_while_busy(driver), 1, "and a list at rest draws nothing new")

            driver.execute_script("document.getElementById('feed').scrollTop = 200")
            harness.touch_drag(driver, 160, 300, 120, 10)  # down, away from the top: the browser scrolls
            self.assertLess(harness.wait_until_still(driver, "document.getElementById('feed').scrollTop"), 200, "scrolled natively")
            self.assertEqual(driver.execute_script("return veilPull.asked"), 1, "no refresh away from the top")
            self.assertEqual(driver.execute_script("return veilPull.errors"), [])
        finally:
            driver.quit()


if __name__ == "__main__":
    unittest.main()
