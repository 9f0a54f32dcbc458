"""A sheet whose content is the page's own form (Web/sheet.js, `sheet(element)` in Web/page.js):
docs/EMBED.md's block "A sheet holding the page's own element" run as written, in a page with the
form it names, in headless Chromium against a static site:

- opening moves the form into a dialog layer (role dialog, aria-modal, its label) where the core's
  dim and card are drawn as elements; the form rises with the sheet and rests at the sheet's anchor,
  its box exactly the core's host box (hosts.js over the core's own frame, `placed`), the page under it inert;
- the form takes typing and submits (its controls keep their own input);
- a finger dragging the form's background moves the sheet: it follows, is released and settles at
  the lower anchor, the form on its card in every frame; the same drag on the form's input does not move it;
- Escape collapses it; close() puts the form back where it was, the page usable again;
at desktop and phone size;
- a spring the core declared runs on the compositor: the card with the form in it and the dim keep
  moving while the page's main thread runs an 800 ms task.
"""

import re
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

def snippet():
    """docs/EMBED.md's sheet block, as written."""
    text = (harness.ROOT / "docs" / "EMBED.md").read_text()
    section = text[text.index("## A sheet holding the page's own element"):]
    return re.search(r"```js\n(.*?)```", section, re.S).group(1)


PAGE = """<!doctype html>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<style>body { margin: 0; font: 16px/1.4 sans-serif } #filters { padding: 16px; background: rgb(240, 248, 255) }</style>
<main><h1>Places</h1><button id="open">Filters</button><p>The page under the sheet.</p></main>
<form id="filters" hidden>
  <h2>Filters</h2>
  <p id="blurb">Only places open now, near you. Drag here to move the sheet.</p>
  <label>Name <input name="q" id="q"></label>
  <button type="submit" id="apply">Apply</button>
</form>
<script type="module">
window.veilSheet = { submitted: null, errors: [] };
window.addEventListener("error", (e) => veilSheet.errors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => veilSheet.errors.push(String(e.reason)));
%s
veilSheet.filters = filters;
form.addEventListener("submit", (e) => { e.preventDefault(); veilSheet.submitted = new FormData(form).get("q"); });
window.ready = true;
</script>
"""

GRABBER_ROOM = 20  # the card's top above the form (sheet.js)
FORM_TOP = "document.getElementById('filters').getBoundingClientRect().top"


def settle(driver):
    """Where the form's top rests once it stops moving."""
    return harness.wait_until_still(driver, FORM_TOP, quiet=0.4, timeout=10)


class PageSheetTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = harness.StaticSite({"index.html": PAGE % snippet()}, prefix="veil-sheet-")

    @classmethod
    def tearDownClass(cls):
        cls.site.close()

    def open_page(self, width, height):
        driver = harness.chromium(width=width, height=height)
        driver.get(self.site.url("index.html"))
        harness.wait_for(driver, "window.ready === true", what="the page's module")
        driver.execute_script("document.getElementById('open').click()")
        harness.wait_for(driver, "document.querySelector('.veil-sheet canvas') && document.querySelector('.veil-sheet #filters')",
                         what="the sheet holding the form")
        return driver

    def test_the_sheet_holds_the_pages_form(self):
        for width, window_height in ((900, 760), (390, 760)):
            with self.subTest(size=(width, window_height)):
                driver = self.open_page(width, window_height)
                try:
                    height = driver.execute_script("return innerHeight")
                    layer = driver.execute_script("""const l = document.querySelector('.veil-sheet');
                      return [l.getAttribute('role'), l.getAttribute('aria-modal'), l.getAttribute('aria-label'),
                              document.querySelector('main').inert, document.getElementById('filters').hidden];""")
                    self.assertEqual(layer, ["dialog", "true", "Filters", True, False], "a modal dialog holding the form; the page inert")
                    top = settle(driver)
                    placed = driver.execute_script("return veilSheet.filters.placed")
                    self.assertAlmostEqual(top, placed["y"], delta=0.5, msg="the form is exactly at the core's host box")
                    form_height = driver.execute_script("return document.getElementById('filters').getBoundingClientRect().height")
                    self.assertAlmostEqual(top, height - form_height, delta=1.0, msg="at its fit anchor: the form's whole height in view")
                    card = driver.execute_script("return [...document.querySelectorAll('.veil-sheet canvas')].length")
                    self.assertEqual(card, 1)
                    harness.screenshot(driver, f"page-sheet-open-{width}")
                    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
                    dialogs = [n for n in tree["nodes"] if n.get("role", {}).get("value") == "dialog" and not n.get("ignored")]
                    self.assertTrue(any(str(n.get("name", {}).get("value")) == "Filters" for n in dialogs), "a dialog named Filters")

                    field = driver.find_element("id", "q")
                    field.click()
                    field.send_keys("coffee")
                    driver.find_element("id", "apply").click()
                    harness.wait_for(driver, "veilSheet.submitted === 'coffee'", what="the form submitted with what was typed")

                    q = driver.execute_script("const r = document.getElementById('q').getBoundingClientRect(); return [r.left + 10, r.top + r.height / 2]")
                    harness.touch_drag(driver, int(q[0]), int(q[1]), int(min(150, height - q[1] - 8)), 10)
                    self.assertAlmostEqual(settle(driver), top, delta=1.0, msg="a drag on the input is the input's, not the sheet's")

                    blurb = driver.execute_script("const r = document.getElementById('blurb').getBoundingClientRect(); return [r.left + 20, r.top + r.height / 2]")
                    # Every frame of the drag and the settle (the spring on the compositor): the form
                    # sits on its card, the core's card drawn as an element, just under its grabber.
                    driver.execute_script("""window.offsets = []; window.recording = true;
                      const form = document.getElementById('filters'), sheet = veilSheet.filters;
                      const record = () => { const p = sheet.placed, card = p && p.carrier && document.querySelector(`.veil-sheet [data-item="${p.carrier.id}"]`);
                        if (card) offsets.push(Math.abs(form.getBoundingClientRect().top - card.getBoundingClientRect().top - %d));
                        if (window.recording) requestAnimationFrame(record); };
                      requestAnimationFrame(record);""" % GRABBER_ROOM)
                    harness.touch_drag(driver, int(blurb[0]), int(blurb[1]), int(min(150, height - blurb[1] - 8)), 12)
                    lowered = settle(driver)
                    offsets = driver.execute_script("window.recording = false; return offsets")
                    self.assertGreater(len(offsets), 5)
                    self.assertLess(max(offsets), 1.0, "in every frame the form is within a pixel of its place on the card")
                    self.assertAlmostEqual(lowered, height - 120 + GRABBER_ROOM, delta=1.0, msg="dragged down by its background, it settles at the lower anchor")
                    harness.screenshot(driver, f"page-sheet-lowered-{width}")
                    modality = driver.execute_script("return [document.querySelector('main').inert, document.querySelector('.veil-sheet').getAttribute('aria-modal')]")
                    self.assertEqual(modality, [False, "false"], "below its top anchor no dim shows: the page under it is usable")
                    driver.execute_script("window.clickedThrough = false; document.querySelector('main h1').addEventListener('click', () => { window.clickedThrough = true; })")
                    from selenium.webdriver.common.action_chains import ActionChains
                    ActionChains(driver).move_to_element(driver.find_element("css selector", "main h1")).click().perform()
                    self.assertTrue(driver.execute_script("return window.clickedThrough"), "a click on the page reaches it past the layer")


                    driver.execute_script("veilSheet.filters.snapTo(0)")
                    self.assertAlmostEqual(settle(driver), top, delta=1.0, msg="snapTo(0) brings it back to its fit anchor")
                    harness.wait_for(driver, "document.querySelector('main').inert === true", what="modal again at its top anchor")
                    driver.execute_script("document.getElementById('q').focus()")
                    driver.switch_to.active_element.send_keys("\ue00c")  # Escape
                    self.assertAlmostEqual(settle(driver), height - 120 + GRABBER_ROOM, delta=1.0, msg="Escape collapses it")
                    driver.execute_script("veilSheet.filters.snapTo(0)")
                    settle(driver)
                    harness.wait_for(driver, "document.querySelector('.veil-sheet .veil-a11y button')", what="the hidden DOM's grabber")
                    driver.execute_script("document.querySelector('.veil-sheet .veil-a11y button').focus()")
                    driver.switch_to.active_element.send_keys("\ue00c")
                    self.assertAlmostEqual(settle(driver), height - 120 + GRABBER_ROOM, delta=1.0, msg="Escape on the grabber collapses it once")
                    self.assertTrue(driver.execute_script("return veilSheet.filters.isOpen"), "one Escape: collapsed, not closed")

                    driver.execute_script("window.sheetClosed = veilSheet.filters.close()")
                    harness.wait_for_async(driver, "window.sheetClosed.then(() => true)", what="closed")
                    back = driver.execute_script("""const f = document.getElementById('filters');
                      return [f.parentElement === document.body, f.previousElementSibling && f.previousElementSibling.tagName,
                              f.hidden, document.querySelector('main').inert, !!document.querySelector('.veil-sheet')];""")
                    self.assertEqual(back, [True, "MAIN", True, False, False], "the form back where it was, hidden as it was; the page usable")
                    self.assertEqual(driver.execute_script("return veilSheet.errors"), [])
                finally:
                    driver.quit()

    def test_the_spring_runs_on_the_compositor_while_the_page_is_busy(self):
        """snapTo(1) lowers the sheet by a spring the core declared once: it runs as Web Animations
        of the card (the form in it) and the dim, so screencast frames keep coming while the
        page's main thread runs an 800 ms task; the same task with the sheet at rest gives none."""
        driver = self.open_page(390, 760)
        try:
            height = driver.execute_script("return innerHeight")
            settle(driver)
            frames = {}
            def spring():
                moved = driver.execute_async_script("""const done = arguments[0];
                  veilSheet.filters.snapTo(1);
                  const form = document.getElementById('filters');
                  (function wait() {
                    const running = document.getAnimations().filter(a => a.playState === 'running').map(a => a.effect.target);
                    if (running.length) done(running.map(t => t.contains(form) ? 'card' : t.dataset.item ? 'dim' : '?').sort());
                    else requestAnimationFrame(wait);
                  })();""")
                self.assertEqual(moved, ["card", "dim"], "the card, the form in it, and the dim move as Web Animations")
            frames["springing"] = harness.frames_while_busy(driver, before_task=spring)
            self.assertAlmostEqual(settle(driver), height - 120 + GRABBER_ROOM, delta=1.0, msg="at rest at the lower anchor")
            frames["at rest"] = harness.frames_while_busy(driver)
            self.assertGreaterEqual(frames["springing"], 3, f"the sheet moved on while the main thread was busy: {frames}")
            self.assertLessEqual(frames["at rest"], 1, f"a sheet at rest draws nothing new: {frames}")
        finally:
            driver.quit()


if __name__ == "__main__":
    unittest.main()
