"""The web developer's page of issue 34, built on its own HTML with every part of Veil around it
(Web/page.js), in headless Chromium — at desktop and phone size, light and dark, with reduced motion:

1. a skeleton over its list while the feed loads (read from the row template, never shown nor read);
2. an error with Retry over its list (the first /api/feed fails), Retry from the keyboard;
3. pull-to-refresh on its list (a finger at the top), new rows at the top;
4. load more at the end of its list (the wheel), rows appended, asked once per arrival;
5. a sheet holding its filters form (a finger drags it; the form takes typing);
6. a spinner over the form while Apply runs;
with the accessibility tree checked at each step and no error in the page.
"""

import json
import sys
import threading
import time
import unittest
from pathlib import Path

from selenium.webdriver.common.keys import Keys

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

PAGE = """<!doctype html>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<style>
  :root { color-scheme: light dark }
  body { margin: 0; font: 16px/1.4 sans-serif }
  header { display: flex; gap: 8px; padding: 8px }
  #feed { height: 420px; overflow-y: auto; margin: 0; padding: 0 }
  #feed li { display: flex; gap: 8px; padding: 8px; list-style: none; border-bottom: 1px solid #8884 }
  #feed .avatar { width: 32px; height: 32px; border-radius: 16px; background: #8888; flex: none }
  #filters { padding: 16px; background: Canvas }
</style>
<header><b>My feed</b><button id="open-filters">Filters</button></header>
<ul id="feed" aria-label="Feed"></ul>
<template id="row"><li><span class="avatar" data-skeleton></span><div><b>A name</b><p>A line of the post</p></div></li></template>
<form id="filters" hidden aria-label="Filters"><h2>Filters</h2><label>Name <input name="q" id="q"></label>
  <button type="submit" id="apply">Apply</button></form>
<script type="module">
import { overlay, sheet, pullToRefresh, loadMore } from "/veil/page.js";
const list = document.getElementById("feed"), form = document.getElementById("filters");
const row = ({ title, subtitle }) => {
  const li = document.getElementById("row").content.firstElementChild.cloneNode(true);
  li.querySelector("b").textContent = title; li.querySelector("p").textContent = subtitle; return li;
};
const page = window.ownPage = { errors: [], applied: null };
window.addEventListener("error", (e) => page.errors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => page.errors.push(String(e.reason)));

const veil = overlay(list);
veil.on("retry", load);
async function load() {
  veil.status.hide();
  veil.skeleton.show({ template: "#row" });
  try {
    const response = await fetch("/api/feed");
    if (!response.ok) throw new Error(`The feed did not load (${response.status}).`);
    list.replaceChildren(...(await response.json()).map(row));
  } catch (error) {
    veil.status.show({ state: "error", message: error.message });
  } finally {
    veil.skeleton.hide();
  }
}
load();

const refresher = pullToRefresh(list);
refresher.on("refresh", async () => {
  const rows = await (await fetch("/api/feed?new")).json();
  list.prepend(...rows.slice(0, 2).map((r) => row({ ...r, title: "New: " + r.title })));
  await refresher.end();
});
const more = loadMore(list, { prefetch: 100 });
more.on("loadMore", async () => {
  const rows = await (await fetch("/api/feed?more")).json();
  list.append(...rows.map((r) => row({ ...r, title: "More: " + r.title })));
  await more.end();
});

const filters = sheet(form, { label: "Filters", anchors: ["fit", { fromBottom: 100 }] });
document.getElementById("open-filters").addEventListener("click", () => filters.open());
const busy = overlay(form);
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  busy.spinner.show();
  try { await fetch("/api/filters", { method: "POST", body: new FormData(form) }); page.applied = new FormData(form).get("q"); }
  finally { busy.spinner.hide(); }
});
page.filters = filters;
window.ready = true;
</script>
"""


class OwnPageTest(unittest.TestCase):
    def setUp(self):
        self.rows = (harness.ROOT / "Web" / "examples" / "feed-data.json").read_bytes()
        self.fail_next = True
        self.release = threading.Event()
        self.more = threading.Event()
        self.applied = threading.Event()
        self.site = harness.StaticSite({"index.html": PAGE}, {"/api/feed": self.feed, "/api/filters": self.filters}, prefix="veil-own-page-")

    def tearDown(self):
        self.release.set()
        self.applied.set()
        self.more.set()
        self.site.close()

    def feed(self, request):
        if request.path == "/api/feed?more":
            self.more.wait(20)
        if request.path == "/api/feed":
            self.release.wait(20)
            if self.fail_next:
                self.fail_next = False
                return 503, "application/json", b"busy"
        return 200, "application/json", self.rows

    def filters(self, request):
        self.applied.wait(20)
        return 204, "text/plain", b""

    def tree_names(self, driver):
        tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
        return [(n.get("role", {}).get("value"), str(n.get("name", {}).get("value", ""))) for n in tree["nodes"] if not n.get("ignored")]

    def test_every_part_on_the_pages_own_html(self):
        modes = [((1000, 800), "light", "no-preference"), ((390, 844), "dark", "reduce")]
        for size, scheme, motion in modes:
            with self.subTest(size=size, scheme=scheme, motion=motion):
                self.fail_next = True
                self.site.log.clear()
                self.release.clear()
                self.applied.clear()
                self.more.clear()
                driver = harness.chromium(width=size[0], height=size[1])
                try:
                    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
                        {"name": "prefers-color-scheme", "value": scheme}, {"name": "prefers-reduced-motion", "value": motion}]})
                    driver.get(self.site.url("index.html"))
                    name = f"{size[0]}-{scheme}"
                    # 1. The skeleton over the empty list, read from the row template.
                    harness.wait_for(driver, "document.querySelector('#feed .veil-skeleton') && document.querySelector('#feed .veil-template-copies')",
                                     what="the skeleton over the list")
                    self.assertNotIn("A name", " ".join(n for _, n in self.tree_names(driver)), "the template's copies are not read")
                    driver.execute_script("return new Promise((r) => setTimeout(r, 400))")  # past the fade-in
                    image = harness.screenshot(driver, f"own-page-skeleton-{name}")
                    box = harness.canvas_box(driver, "#feed .veil-skeleton")
                    r, g, b = harness.pixel(image, box, box["width"] - 6, 6)[:3]
                    self.assertEqual(r + g + b < 3 * 80, scheme == "dark",
                                     f"the skeleton covers the list with the page's own canvas colour ({(r, g, b)} in {scheme})")
                    # 2. The error with Retry; Retry from the keyboard.
                    self.release.set()
                    harness.wait_for(driver, "[...(document.querySelector('#feed .veil-status')?.shadowRoot?.querySelectorAll('button') ?? [])].some((b) => /retry/i.test(b.textContent))",
                                     what="the error's Retry")
                    self.assertTrue(any(role == "button" and "Retry" in n for role, n in self.tree_names(driver)))
                    harness.screenshot(driver, f"own-page-error-{name}")
                    driver.execute_script("[...(document.querySelector('#feed .veil-status')?.shadowRoot?.querySelectorAll('button') ?? [])].find((b) => /retry/i.test(b.textContent)).focus()")
                    driver.switch_to.active_element.send_keys(Keys.ENTER)
                    harness.wait_for(driver, "document.querySelectorAll('#feed > li').length === 6", what="the rows after Retry")
                    harness.wait_for(driver, "!document.getElementById('feed').hasAttribute('aria-busy')", what="not busy")
                    # 3. Pull to refresh: a finger at the list's top.
                    harness.wait_for(driver, "document.querySelector('#feed .veil-scroller')", what="the list's mirror started")
                    top = driver.execute_script("const r = document.getElementById('feed').getBoundingClientRect(); return [r.left + 150, r.top + 20]")
                    harness.touch_drag(driver, int(top[0]), int(top[1]), 260, 20)
                    harness.wait_for(driver, "document.querySelector('#feed > li b').textContent.startsWith('New: ')", what="refreshed: new rows at the top")
                    self.assertEqual(harness.wait_until_still(driver, "getComputedStyle(document.getElementById('feed')).getPropertyValue('--veil-pull') || '0px'"), "0px")
                    # 4. Load more: the wheel to the end asks once; more wheel while the page loads asks
                    # nothing more; the rows come at the end.
                    box = driver.execute_script("const r = document.getElementById('feed').getBoundingClientRect(); return [r.left + 100, r.top + 100]")
                    wheel = lambda: driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": box[0], "y": box[1], "deltaX": 0, "deltaY": 300})
                    for _ in range(4):
                        wheel()
                        time.sleep(0.05)
                    harness.wait_for(driver, "document.querySelector('#feed .veil-load-more-room')", what="asked at the end (the footer's room)")
                    for _ in range(4):
                        wheel()
                        time.sleep(0.1)
                    self.assertEqual(sum(1 for p in self.site.log if p == "/api/feed?more"), 1, "asked once for that arrival")
                    harness.screenshot(driver, f"own-page-load-more-{name}")
                    self.more.set()
                    harness.wait_for(driver, "[...document.querySelectorAll('#feed > li b')].some((b) => b.textContent.startsWith('More: '))"
                                     " && !document.querySelector('#feed .veil-load-more-room')", what="more rows at the end")
                    # 5. The sheet holding the form; a finger drags it; the form takes typing.
                    driver.execute_script("document.getElementById('open-filters').click()")
                    harness.wait_for(driver, "document.querySelector('.veil-sheet #filters') && ownPage.filters.placed", what="the sheet")
                    height = driver.execute_script("return innerHeight")
                    fit = harness.wait_until_still(driver, "document.getElementById('filters').getBoundingClientRect().top")
                    form_height = driver.execute_script("return document.getElementById('filters').getBoundingClientRect().height")
                    self.assertAlmostEqual(fit, height - form_height, delta=1)
                    self.assertTrue(any(role == "dialog" and n == "Filters" for role, n in self.tree_names(driver)), "a dialog named Filters")
                    harness.screenshot(driver, f"own-page-sheet-{name}")
                    field = driver.find_element("id", "q")
                    field.click()
                    field.send_keys("coffee")
                    # 6. The spinner over the form while Apply runs.
                    driver.execute_script("document.getElementById('apply').click()")
                    harness.wait_for(driver, "document.getElementById('filters').getAttribute('aria-busy') === 'true'", what="the form busy")
                    harness.screenshot(driver, f"own-page-spinner-{name}")
                    self.applied.set()
                    harness.wait_for(driver, "ownPage.applied === 'coffee' && !document.getElementById('filters').hasAttribute('aria-busy')",
                                     what="applied, not busy")
                    heading = driver.execute_script("const r = document.querySelector('#filters h2').getBoundingClientRect(); return [r.left + 40, r.top + 10]")
                    harness.touch_drag(driver, int(heading[0]), int(heading[1]), int(min(160, height - heading[1] - 8)), 12)
                    self.assertAlmostEqual(harness.wait_until_still(driver, "document.getElementById('filters').getBoundingClientRect().top"),
                                           height - 100 + 20, delta=1, msg="dragged by its heading to the lower anchor")
                    driver.execute_script("window.closing = ownPage.filters.close()")
                    harness.wait_for_async(driver, "window.closing.then(() => true)", what="closed")
                    self.assertEqual(driver.execute_script("return ownPage.errors"), [], "no error in the page")
                    self.assertEqual(sum(1 for p in self.site.log if p == "/api/feed?more"), 1,
                                     "load-more asked once in all: never while the list was empty, loading or in error, nor at the rest")
                finally:
                    driver.quit()


if __name__ == "__main__":
    unittest.main()
