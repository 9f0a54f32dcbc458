"""Load more at the end of the page's own list (`loadMore(list)` in Web/page.js, Web/scroller.js;
docs/EMBED.md "Load more at the end of the page's own list"), in headless Chromium: the list scrolls
natively — the script's scrollTop, the wheel, the End key — and the core follows its offset:

- near the end it asks once (`loadMore`); the list holds the footer's room while the page loads;
  scrolling on meanwhile asks nothing more; the page appends its rows and calls `end()`; the next
  arrival near the new end asks again — never twice for one arrival;
- `setHasMore(false)` ends the asking; an `endText` then keeps the footer's room, and scrolling to the
  end shows it;
- a list that does not scroll its content is a clear error.
"""

import json
import re
import sys
import threading
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

def snippet():
    """docs/EMBED.md's load-more block, as written."""
    text = (harness.ROOT / "docs" / "EMBED.md").read_text()
    section = text[text.index("## Load more at the end of the page's own list"):]
    return re.search(r"```js\n(.*?)```", section, re.S).group(1)


PAGE = """<!doctype html>
<meta charset="utf-8">
<style>body { margin: 0; font: 16px/1.4 sans-serif } #feed { height: 400px; width: 320px; overflow-y: auto; margin: 0; padding: 0 }
#feed li { height: 40px; list-style: none; border-bottom: 1px solid #ddd; box-sizing: border-box }</style>
<ul id="feed" tabindex="0"></ul>
<script>
for (let i = 0; i < 20; i++) document.getElementById("feed").append(Object.assign(document.createElement("li"), { textContent: `Row ${i}` }));
window.veilMore = { errors: [] };
window.addEventListener("error", (e) => veilMore.errors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => veilMore.errors.push(String(e.reason)));
</script>
<script type="module">
%s
veilMore.more = more;
more.started.then(() => { window.ready = true; });
</script>
"""

ROWS = json.dumps([{"title": f"More {i}"} for i in range(10)]).encode()


class PageLoadMoreTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.release = threading.Event()
        cls.site = harness.StaticSite({"index.html": PAGE % snippet()}, {"/api/feed": cls.feed}, prefix="veil-more-")

    @classmethod
    def feed(cls, request):
        """Ten more rows, once the test lets them go."""
        cls.release.wait(20)
        return 200, "application/json", ROWS

    def asked(self):
        return sum(1 for p in self.site.log if p.startswith("/api/feed"))

    @classmethod
    def tearDownClass(cls):
        cls.site.close()

    def quiet(self, driver, seconds=0.4):
        """Lets a few of the core's frames pass (an arrival is noticed at its next tick)."""
        driver.execute_script(f"return new Promise((r) => setTimeout(r, {int(seconds * 1000)}))")

    def test_more_once_per_arrival_while_the_list_scrolls_natively(self):
        driver = harness.chromium(width=600, height=600)
        try:
            self.release.clear()
            driver.get(self.site.url("index.html"))
            harness.wait_for(driver, "window.ready === true", what="the core watching the list")
            self.quiet(driver)
            self.assertEqual(self.asked(), 0, "at the top of 800 px of rows, nothing is asked")

            driver.execute_script("document.getElementById('feed').scrollTop = 380")  # 20 px from the end
            harness.wait_for(driver, "document.querySelector('#feed .veil-load-more-room')", what="asked near the end")
            self.assertEqual(self.asked(), 1, "asked once")
            room = driver.execute_script("const l = document.getElementById('feed'); return [l.scrollHeight, l.clientHeight, l.lastElementChild.getAttribute('aria-hidden')]")
            self.assertEqual(room, [860, 400, "true"], "the list holds the footer's room while the page loads, its box unchanged")
            for top in (390, 400, 420, 460):
                driver.execute_script(f"document.getElementById('feed').scrollTop = {top}")
                self.quiet(driver, 0.1)
            self.quiet(driver)
            self.assertEqual(self.asked(), 1, "scrolling on while it loads asks nothing more")
            harness.screenshot(driver, "page-load-more-loading")
            turning = driver.execute_script(harness.ENDLESS_ANIMATIONS)
            self.assertEqual([t[1] for t in turning], ["steps(8)"], "the footer's spinner turns on the compositor")
            self.assertEqual(driver.execute_script("return document.querySelector('.veil-scroller [data-item]').closest('[aria-hidden=true]') !== null"),
                             True, "a drawing, out of the accessibility tree as the canvas was")
            self.assertGreaterEqual(harness.frames_while_busy(driver), 3, "and on while the page's main thread is busy")

            self.release.set()
            harness.wait_for(driver, "document.querySelectorAll('#feed li').length === 30 && !document.querySelector('#feed .veil-load-more-room')",
                             what="the rows appended, the room gone")
            self.release.clear()
            self.quiet(driver)
            self.assertEqual(self.asked(), 1, "the rows that came are not an arrival")

            # The wheel scrolls the list natively to its new end: the core follows and asks again.
            box = driver.execute_script("const r = document.getElementById('feed').getBoundingClientRect(); return [r.left + 100, r.top + 100]")
            for _ in range(8):
                driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": box[0], "y": box[1], "deltaX": 0, "deltaY": 200})
                self.quiet(driver, 0.05)
            harness.wait_for(driver, "document.querySelector('#feed .veil-load-more-room')", what="asked again at the new end, reached by the wheel")
            self.assertEqual(self.asked(), 2)
            self.release.set()
            harness.wait_for(driver, "document.querySelectorAll('#feed li').length === 40 && !document.querySelector('#feed .veil-load-more-room')",
                             what="the second rows")
            driver.execute_script("window.noMore = veilMore.more.setHasMore(false)")
            harness.wait_for_async(driver, "window.noMore.then(() => true)", what="no more")
            driver.execute_script("document.getElementById('feed').focus()")
            driver.switch_to.active_element.send_keys("\ue010")  # End: the browser scrolls the list
            self.quiet(driver, 0.6)
            self.assertEqual(self.asked(), 2, "with hasMore false nothing more is asked")
            self.assertEqual(driver.execute_script("return veilMore.errors"), [])
        finally:
            self.release.set()
            driver.quit()

    def test_the_end_text_shows_at_the_end(self):
        page = PAGE % """import { loadMore } from "/veil/page.js";
const list = document.getElementById("feed");
const more = loadMore(list, { endText: "That's all" });
more.on("loadMore", () => more.setHasMore(false));"""
        site = harness.StaticSite({"index.html": page}, prefix="veil-end-")
        driver = harness.chromium(width=600, height=600)
        try:
            driver.get(site.url("index.html"))
            harness.wait_for(driver, "window.ready === true", what="the core watching the list")
            driver.execute_script("document.getElementById('feed').scrollTop = 10000")
            harness.wait_for(driver, "document.querySelector('#feed .veil-load-more-room')", what="asked, answered: no more")
            self.quiet(driver)
            driver.execute_script("document.getElementById('feed').scrollTop = 10000")
            self.quiet(driver)
            placed = driver.execute_script("""const list = document.getElementById('feed').getBoundingClientRect();
              const text = [...document.querySelectorAll('.veil-scroller [data-item]')].filter(e => e.firstChild?.tagName === 'CANVAS' && e.style.opacity !== '0').pop();
              const r = text.getBoundingClientRect();
              return [r.top >= list.top, r.bottom <= list.bottom, r.height > 0, document.getElementById('feed').scrollHeight];""")
            self.assertEqual(placed, [True, True, True, 860], "the end text in view, in the room the list keeps for it")
            driver.execute_script("document.getElementById('feed').append(Object.assign(document.createElement('li'), { textContent: 'Late' }))")
            harness.wait_for(driver, "document.getElementById('feed').lastElementChild.className === 'veil-load-more-room'",
                             what="a row appended after the room: the room stays last")
            harness.screenshot(driver, "page-load-more-end")
            self.assertEqual(driver.execute_script("return veilMore.errors"), [])
        finally:
            driver.quit()
            site.close()

    def test_a_list_that_does_not_scroll_is_a_clear_error(self):
        driver = harness.chromium(width=600, height=600)
        try:
            driver.get(self.site.url("index.html"))
            harness.wait_for(driver, "window.ready === true", what="the page")
            message = driver.execute_script("""
              import('/veil/page.js').then(() => {});
              const p = document.createElement('p'); document.body.append(p);
              return import('/veil/page.js').then(({ loadMore }) => { try { loadMore(p); return 'ok'; } catch (e) { return e.message; } });""")
            self.assertIn("does not scroll its content", message)
        finally:
            driver.quit()


if __name__ == "__main__":
    unittest.main()
