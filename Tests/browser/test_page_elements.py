"""Veil around the page's own elements (Web/page.js, docs/EMBED.md "Your page's own elements"), in
headless Chromium against a static site that logs each request:

- importing page.js loads page.js alone, and a hide before any show loads nothing more;
- the page's own list, empty while its rows load: a skeleton read from copies of its row template,
  drawn over copies the page never shows (transparent, inert, out of the accessibility tree); the
  page puts its rows in and hides the skeleton in one task: the copies are gone, the rows stay;
- a show and hide before Veil has loaded: nothing is ever drawn;
- an error over the page's list with Retry: the message and a real Retry button in the
  accessibility tree, Retry from the keyboard reaches the page's listener, the list stays readable;
- the spinner over the page's form: see-through (the form's colour, dimmed), the form busy;
- a status over the skeleton holds its shimmer still, and it goes on in its phase when the status goes;
in a worker and on the page's thread, light and dark, at desktop and phone size.
"""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

PAGE = """<!doctype html>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<style>
  body { margin: 0; font: 16px/1.4 sans-serif; background: Canvas; color: CanvasText; }
  #feed { list-style: none; margin: 0; padding: 8px; width: 340px; min-height: 40px; background: #F4F4F8; }
  #feed li { display: flex; gap: 8px; padding: 8px 0; }
  #feed .avatar { width: 40px; height: 40px; border-radius: 20px; background: #CCC; flex: none; }
  #filters { margin: 16px 8px; padding: 16px; width: 300px; height: 160px; background: rgb(0, 160, 80); }
</style>
<ul id="feed" aria-label="Feed"></ul>
<template id="feed-row"><li><span class="avatar"></span><div><b>Someone's name</b><p>Two lines of the
  post's text, long enough to wrap once in the row.</p></div></li></template>
<form id="filters" aria-label="Filters"><label>Name <input name="q"></label> <button>Apply</button></form>
<script type="module">
import { overlay } from "/veil/page.js";
window.veilPage = { overlay, retries: 0, errors: [] };
window.addEventListener("error", (e) => window.veilPage.errors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => window.veilPage.errors.push(String(e.reason)));
window.ready = true;
</script>
"""


class PageElementsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = harness.StaticSite({"index.html": PAGE}, prefix="veil-page-")

    @classmethod
    def tearDownClass(cls):
        cls.site.close()

    def open(self, width=800, height=800, dark=False):
        driver = harness.chromium(width=width, height=height)
        if dark:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        self.site.log.clear()
        driver.get(self.site.url("index.html"))
        harness.wait_for(driver, "window.ready === true", what="the page's module")
        return driver

    def veil_requests(self):
        return sorted({p.split("?")[0] for p in self.site.log if p.startswith("/veil/")})

    def check_no_errors(self, driver):
        self.assertEqual(driver.execute_script("return window.veilPage.errors"), [], "no uncaught errors in the page")

    def test_importing_loads_the_entry_alone_and_a_hide_loads_nothing(self):
        driver = self.open()
        try:
            driver.execute_script("""
              const veil = veilPage.overlay(document.getElementById('feed'));
              veil.skeleton.hide(); veil.status.hide(); veil.spinner.hide();""")
            driver.execute_script("return new Promise((r) => setTimeout(r, 300))")
            self.assertEqual(self.veil_requests(), ["/veil/page.js"], "only page.js is fetched until something is shown")
            self.check_no_errors(driver)
        finally:
            driver.quit()

    def test_a_skeleton_from_the_row_template_then_the_pages_rows(self):
        for thread, dark, size in (("worker", False, (800, 800)), ("main", True, (390, 844))):
            with self.subTest(thread=thread, dark=dark):
                driver = self.open(*size, dark=dark)
                try:
                    driver.execute_script(f"""
                      const list = document.getElementById('feed');
                      window.veil = veilPage.overlay(list, {{ thread: '{thread}' }});
                      window.shown = veil.skeleton.show({{ template: '#feed-row', style: 'pulse' }});""")
                    harness.wait_for_async(driver, "window.shown.then(() => true)", what="the skeleton shown")
                    state = driver.execute_script("""
                      const list = document.getElementById('feed');
                      const copies = list.querySelector('.veil-template-copies');
                      const layer = list.querySelector('.veil-skeleton');
                      return { copies: copies ? copies.children.length : 0, opacity: copies && getComputedStyle(copies).opacity,
                               hidden: copies && copies.getAttribute('aria-hidden'), inert: copies && copies.inert,
                               busy: list.getAttribute('aria-busy'), height: list.getBoundingClientRect().height,
                               layer: layer && layer.getBoundingClientRect().height, ids: list.querySelectorAll('[id]').length };""")
                    self.assertGreaterEqual(state["copies"], 2, f"copies of the row fill the list's visible height ({state})")
                    self.assertEqual((state["opacity"], state["hidden"], state["inert"]), ("0", "true", True),
                                     "the copies are never shown nor read")
                    self.assertEqual(state["busy"], "true", "the list is busy while its skeleton shows")
                    self.assertGreater(state["height"], 100, "the copies hold the rows' room")
                    self.assertGreater(state["layer"], 100, "the skeleton's layer covers that room")
                    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
                    names = " ".join(str(n.get("name", {}).get("value", "")) for n in tree["nodes"] if not n.get("ignored"))
                    self.assertNotIn("Someone's name", names, "no copy of the template is in the accessibility tree")
                    harness.screenshot(driver, f"page-skeleton-{thread}{'-dark' if dark else ''}")
                    after = driver.execute_script("""
                      const list = document.getElementById('feed');
                      for (const name of ['Ada', 'Grace', 'Linus']) {
                        const li = document.createElement('li'); li.textContent = name + ' posted'; list.append(li);
                      }
                      const hidden = veil.skeleton.hide();
                      return { copies: list.querySelectorAll('.veil-template-copies').length, rows: list.querySelectorAll('li').length };""")
                    self.assertEqual(after, {"copies": 0, "rows": 3}, "the page's rows take the copies' room in the same task")
                    harness.wait_for(driver, "!document.querySelector('#feed .veil-skeleton') && !document.getElementById('feed').hasAttribute('aria-busy')",
                                     what="the skeleton dissolved and removed")
                    self.check_no_errors(driver)
                finally:
                    driver.quit()

    def test_a_hide_before_veil_is_ready_draws_nothing(self):
        driver = self.open()
        try:
            driver.execute_script("""
              window.drawnEver = false;
              const list = document.getElementById('feed');
              new MutationObserver(() => { if (list.querySelector('.veil-skeleton, canvas')) window.drawnEver = true; })
                .observe(list, { childList: true, subtree: true });
              window.veil = veilPage.overlay(list);
              veil.skeleton.show({ template: '#feed-row' });
              list.innerHTML = '<li>The rows came first</li>';
              window.done = veil.skeleton.hide();""")
            harness.wait_for_async(driver, "window.done.then(() => true)", what="the wishes settled")
            driver.execute_script("return new Promise((r) => setTimeout(r, 300))")
            self.assertFalse(driver.execute_script("return window.drawnEver"), "a skeleton hidden before Veil was ready is never drawn")
            fetched = self.veil_requests()
            self.assertNotIn("/veil/veil.wasm", fetched, "nor is veil.wasm fetched for it")
            self.assertNotIn("/veil/worker.js", fetched, "nor a worker started")
            self.assertEqual(driver.execute_script("return document.getElementById('feed').textContent"), "The rows came first")
            self.check_no_errors(driver)
        finally:
            driver.quit()

    def test_an_error_over_the_pages_list_with_retry(self):
        driver = self.open()
        try:
            driver.execute_script("""
              const list = document.getElementById('feed');
              list.innerHTML = '<li>Yesterday\\'s row</li>';
              window.veil = veilPage.overlay(list);
              veil.on('retry', () => { veilPage.retries++; veil.status.hide(); });
              window.shown = veil.status.show({ state: 'error', message: 'The feed did not load.' });""")
            harness.wait_for_async(driver, "window.shown.then(() => true)", what="the error shown")
            harness.wait_for(driver, "[...(document.querySelector('#feed .veil-status')?.shadowRoot?.querySelectorAll('button') ?? [])].some((b) => /retry/i.test(b.textContent))",
                             what="a real Retry button")
            tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
            nodes = [n for n in tree["nodes"] if not n.get("ignored")]
            names = [str(n.get("name", {}).get("value", "")) for n in nodes]
            self.assertTrue(any("did not load" in n for n in names), "the message is in the accessibility tree")
            self.assertTrue(any(n.get("role", {}).get("value") == "button" and "Retry" in str(n.get("name", {}).get("value", "")) for n in nodes),
                            "Retry is a button in the accessibility tree")
            harness.screenshot(driver, "page-status-error")
            driver.execute_script("[...(document.querySelector('#feed .veil-status')?.shadowRoot?.querySelectorAll('button') ?? [])].find((b) => /retry/i.test(b.textContent)).focus()")
            from selenium.webdriver.common.keys import Keys
            driver.switch_to.active_element.send_keys(Keys.ENTER)
            harness.wait_for(driver, "veilPage.retries === 1", what="Retry from the keyboard reaches the page")
            self.check_no_errors(driver)
        finally:
            driver.quit()

    def test_a_status_over_the_skeleton_holds_its_shimmer_still_and_lets_it_go_on_in_phase(self):
        driver = self.open()
        try:
            driver.execute_script("""
              const list = document.getElementById('feed');
              list.innerHTML = '<li><span class="avatar"></span><div><b>A name</b><p>A line</p></div></li>';
              window.veil = veilPage.overlay(list);
              window.shown = veil.skeleton.show({ style: 'sliding' });""")
            harness.wait_for_async(driver, "window.shown.then(() => true)", what="the skeleton shown")
            states = "document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations === Infinity).map((a) => a.playState)"
            harness.wait_for(driver, f"{states}.length > 0 && {states}.every((s) => s === 'running')", what="the shimmer running")
            driver.execute_script("window.covered = veil.status.show({ state: 'error', message: 'The feed did not load.' })")
            harness.wait_for_async(driver, "window.covered.then(() => true)", what="the error shown")
            harness.wait_for(driver, f"{states}.every((s) => s === 'paused')", what="the shimmer held still under the status")
            held = driver.execute_script("return document.getAnimations().filter((a) => a.playState === 'paused').map((a) => a.currentTime)")
            driver.execute_script("return new Promise((r) => setTimeout(r, 300))")
            self.assertEqual(driver.execute_script("return document.getAnimations().filter((a) => a.playState === 'paused').map((a) => a.currentTime)"),
                             held, "paused: it does not move")
            driver.execute_script("window.gone = veil.status.hide()")
            harness.wait_for_async(driver, "window.gone.then(() => true)", what="the status hidden")
            harness.wait_for(driver, f"{states}.every((s) => s === 'running')", what="the shimmer going on")
            # In its phase: as if it had never stopped (the core's skeleton does the same).
            phase = driver.execute_script(
                "const a = document.getAnimations().find((a) => a.effect?.getComputedTiming().iterations === Infinity);"
                "return [a.currentTime, document.timeline.currentTime - a.startTime];")
            self.assertAlmostEqual(phase[0], phase[1], delta=1, msg="the shimmer's phase is its time since it first showed")
            self.check_no_errors(driver)
        finally:
            driver.quit()

    def test_the_spinner_over_the_pages_form_is_see_through(self):
        driver = self.open()
        try:
            driver.execute_script("""
              window.veil = veilPage.overlay(document.getElementById('filters'));
              window.shown = veil.spinner.show();""")
            harness.wait_for_async(driver, "window.shown.then(() => true)", what="the spinner shown")
            driver.execute_script("return new Promise((r) => setTimeout(r, 800))")  # past the 0.25 s fade-in
            box = harness.canvas_box(driver, "#filters .veil-spinner")
            image = harness.screenshot(driver, "page-spinner")
            r, g, b = harness.pixel(image, box, 10, 10)[:3]
            self.assertTrue(g > r + 20 and g > b + 10 and g < 160,
                            f"the form's green shows through the spinner's backdrop, dimmed (got {(r, g, b)})")
            self.assertEqual(driver.execute_script("return document.getElementById('filters').getAttribute('aria-busy')"), "true")
            driver.execute_script("window.hidden = veil.spinner.hide()")
            harness.wait_for_async(driver, "window.hidden.then(() => true)", what="the spinner hidden")
            self.assertIsNone(driver.execute_script("return document.getElementById('filters').getAttribute('aria-busy')"))
            self.check_no_errors(driver)
        finally:
            driver.quit()

    def test_bad_input_is_a_clear_error_or_a_documented_no_op(self):
        driver = self.open()
        try:
            out = driver.execute_async_script("""
              const done = arguments[0];
              (async () => {
                const messages = [];
                const attempt = async (f) => { try { await f(); messages.push('ok'); } catch (e) { messages.push(String(e.message)); } };
                await attempt(() => veilPage.overlay(null));
                await attempt(() => veilPage.overlay({}));
                const list = document.getElementById('feed');
                const veil = veilPage.overlay(list);
                const events = [];
                veil.on('error', (e) => events.push(e.message));
                await attempt(() => veilPage.overlay(list));
                await attempt(() => veil.status.show({ state: 'broken' }));
                await attempt(() => veil.status.show({ state: 'error', title: 5 }));
                await attempt(() => veil.status.show({ state: 'error', message: 'é'.repeat(8193) }));
                await attempt(() => veil.status.show({ state: 'empty', actionTitle: 'Add', action: '' }));
                const refusedDrewNothing = !list.querySelector('.veil-status') && !list.hasAttribute('aria-busy');
                await attempt(() => veil.skeleton.show({ template: '#no-such-template' }));
                await attempt(() => veil.skeleton.show({ template: '#feed-row', count: 0 }));
                veil.destroy();
                await attempt(() => veil.spinner.show());
                const again = veilPage.overlay(list);   // destroyed: the element takes a new one
                again.destroy();
                const hidden = document.createElement('div');
                hidden.style.display = 'none';
                document.body.append(hidden);
                const waiting = veilPage.overlay(hidden);
                waiting.spinner.show();                  // waits for a size; nothing thrown
                await new Promise((r) => setTimeout(r, 300));
                waiting.destroy();
                return { messages, events, refusedDrewNothing, leftovers: document.querySelectorAll('.veil-overlay, .veil-template-copies, .veil-skeleton, canvas').length,
                         busy: list.hasAttribute('aria-busy'), position: list.style.position };
              })().then(done, (e) => done(String(e.stack || e)));""")
            self.assertIsInstance(out, dict, out)
            m = out["messages"]
            self.assertIn("must be an element of the page", m[0])
            self.assertIn("must be an element of the page", m[1])
            self.assertIn("already has an overlay", m[2])
            self.assertIn('needs a state of "loading", "error" or "empty"', m[3])
            self.assertIn("needs title as a string (got number)", m[4])
            self.assertIn("needs message of at most 16384 bytes (got 16386)", m[5])
            self.assertIn("needs a non-empty action", m[6])
            self.assertTrue(out["refusedDrewNothing"], "a refused status changes nothing")
            self.assertEqual(m[7], "ok", "a template not in the page is an error event, not a throw from show")
            self.assertEqual(m[8], "ok", "so is a count out of range")
            self.assertIn("destroyed", m[9])
            self.assertTrue(any("no template" in e for e in out["events"]) and any("count" in e for e in out["events"]),
                            f"each said in an error event ({out['events']})")
            self.assertEqual((out["leftovers"], out["busy"], out["position"]), (0, False, ""), "nothing of Veil is left")
            self.assertEqual(driver.execute_script("return window.veilPage.errors"), [], "no uncaught errors in the page")
        finally:
            driver.quit()

    def test_over_an_element_that_scrolls_the_layer_stays_in_view_at_its_size(self):
        driver = self.open()
        try:
            out = driver.execute_async_script("""
              const done = arguments[0];
              (async () => {
                const list = document.createElement('ul');
                list.style.cssText = 'height: 200px; overflow-y: auto; margin: 0; padding: 0';
                for (let i = 0; i < 30; i++) list.append(Object.assign(document.createElement('li'), { textContent: 'Row ' + i }));
                document.body.append(list);
                const veil = veilPage.overlay(list);
                await veil.spinner.show();
                list.scrollTop = 150;
                list.style.height = '300px';
                await new Promise((r) => setTimeout(r, 300));
                const layer = list.querySelector('.veil-overlay').getBoundingClientRect(), box = list.getBoundingClientRect();
                veil.destroy();
                return { top: layer.top - box.top, height: layer.height };
              })().then(done, (e) => done(String(e.stack || e)));""")
            self.assertEqual(out, {"top": 0, "height": 300}, "the layer is over what is in view, as tall as the element now")
        finally:
            driver.quit()


if __name__ == "__main__":
    unittest.main()
