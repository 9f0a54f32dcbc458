"""docs/EMBED.md's first section run as written, in headless Chromium: its HTML block is the page (Web/
under /veil/) with its `js` block as a second module script over a form, on a static server that
answers /api/feed (the feed's rows; a 503 the first time, in the error run) and /api/filters.

- the feed: the fetch goes out before Veil has loaded (the request log: /api/feed before any module
  but page.js and the first one it imports, which go out in the same task); the skeleton is read from the row template and drawn over copies the page never
  shows; the rows replace it; importing page.js loaded page.js alone until the first show;
- the error: the status with the message and a real Retry button; Retry from the keyboard loads the
  feed again, and the rows come;
- the form: while /api/filters is answered, the spinner covers the form, which is busy; after, neither;
  neither the skeleton nor the spinner loads veil.wasm (the page draws both);
at desktop and phone size.
"""

import json
import re
import sys
import threading
import unittest
from pathlib import Path

from selenium.webdriver.common.keys import Keys

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402


def blocks():
    """The section's html and js blocks, as written in docs/EMBED.md."""
    text = (harness.ROOT / "docs" / "EMBED.md").read_text()
    section = text[text.index("## Your page's own elements"):text.index("# A scene on a canvas")]
    return re.search(r"```html\n(.*?)```", section, re.S).group(1), re.search(r"```js\n(.*?)```", section, re.S).group(1)


def page():
    html, js = blocks()
    return ("<!doctype html>\n<meta charset='utf-8'>\n<meta name='viewport' content='width=device-width'>\n"
            "<style>body { margin: 8px; font: 16px/1.4 sans-serif } .row { display: flex; gap: 8px; padding: 6px 0 }"
            " .avatar { width: 40px; height: 40px; border-radius: 20px; background: #ccc } #feed { padding: 0; margin: 0 }</style>\n"
            + html + "\n<form id='filters' style='padding: 16px; background: #e0f0e8'><input name='q'> <button>Apply</button></form>\n"
            "<script type='module'>\n" + js + "\n</script>\n")


class OwnElementsSnippetTest(unittest.TestCase):
    def setUp(self):
        self.rows = (harness.ROOT / "Web" / "examples" / "feed-data.json").read_bytes()
        self.release, self.applied = threading.Event(), threading.Event()
        self.fail = False
        self.site = harness.StaticSite({"index.html": page()}, {"/api/feed": self.feed, "/api/filters": self.filters}, prefix="veil-own-")
        self.titles = [row["title"] for row in json.loads(self.rows)]

    def feed(self, request):
        """The feed's rows once `release` is set (a 503 the first time, while `fail`)."""
        self.release.wait(20)
        failing, self.fail = self.fail, False
        return (503, "application/json", b"busy") if failing else (200, "application/json", self.rows)

    def filters(self, request):
        """The form's POST, answered once `applied` is set."""
        self.applied.wait(20)
        return 204, "text/plain", b""

    def tearDown(self):
        self.release.set()
        self.applied.set()
        self.site.close()

    def open(self, width, height):
        driver = harness.chromium(width=width, height=height)
        driver.get(self.site.url("index.html"))
        return driver

    def test_the_feed_its_skeleton_and_the_form(self):
        for size in ((900, 800), (390, 844)):
            with self.subTest(size=size):
                self.site.log.clear()
                self.release.clear()
                self.applied.clear()
                driver = self.open(*size)
                try:
                    harness.wait_for(driver, "document.querySelector('#feed .veil-skeleton') && document.querySelector('#feed .veil-template-copies')",
                                     what="the skeleton over copies of the row template")
                    log = list(self.site.log)
                    feed = log.index("/api/feed")
                    # The fetch and the skeleton's imports (asked for at once) go out in the same task
                    # (their order on the wire is the network's); nothing else of Veil comes before it.
                    early = [p for p in log[:feed] if p.startswith("/veil/")]
                    skeleton = {"/veil/page.js", "/veil/skeletonize.js", "/veil/skeleton-look.js", "/veil/skeleton-layer.js", "/veil/template.js",
                                "/veil/css-paint.js"}
                    self.assertTrue(set(early) <= skeleton, f"the fetch went out before Veil loaded ({log})")
                    copies = driver.execute_script("const c = document.querySelector('#feed .veil-template-copies');"
                                                   "return [c.children.length, getComputedStyle(c).opacity, c.inert, c.getAttribute('aria-hidden')]")
                    self.assertGreaterEqual(copies[0], 2)
                    self.assertEqual(copies[1:], ["0", True, "true"], "the copies are never shown nor read")
                    harness.screenshot(driver, f"own-elements-skeleton-{size[0]}")
                    self.release.set()
                    harness.wait_for(driver, f"document.querySelectorAll('#feed > li').length === {len(self.titles)}", what="the page's rows")
                    self.assertEqual(driver.execute_script("return [...document.querySelectorAll('#feed > li b')].map((b) => b.textContent)"), self.titles)
                    harness.wait_for(driver, "!document.querySelector('#feed .veil-skeleton, #feed .veil-template-copies') && !document.getElementById('feed').hasAttribute('aria-busy')",
                                     what="the skeleton gone")
                    driver.execute_script("document.querySelector('#filters button').click()")
                    harness.wait_for(driver, "document.querySelector('#filters .veil-spinner') && document.getElementById('filters').getAttribute('aria-busy') === 'true'",
                                     what="the spinner over the form while it submits")
                    harness.screenshot(driver, f"own-elements-spinner-{size[0]}")
                    self.assertNotIn("/veil/veil.wasm", self.site.log, "a skeleton and a spinner are drawn by the page: no core")
                    self.applied.set()
                    harness.wait_for(driver, "!document.getElementById('filters').hasAttribute('aria-busy')", what="the form no longer busy")
                    self.assertIn("/api/filters", self.site.log)
                    self.assertEqual(harness.page_errors(driver), [], "no errors in the console")
                finally:
                    driver.quit()

    def test_an_error_then_retry_from_the_keyboard(self):
        self.fail = True
        self.release.set()
        driver = self.open(900, 800)
        try:
            harness.wait_for(driver, "[...(document.querySelector('#feed .veil-status')?.shadowRoot?.querySelectorAll('button') ?? [])].some((b) => /retry/i.test(b.textContent))",
                             what="the error with a real Retry button")
            tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
            names = [str(n.get("name", {}).get("value", "")) for n in tree["nodes"] if not n.get("ignored")]
            self.assertTrue(any("did not load (503)" in n for n in names), "the error's message is in the accessibility tree")
            harness.screenshot(driver, "own-elements-error")
            driver.execute_script("[...(document.querySelector('#feed .veil-status')?.shadowRoot?.querySelectorAll('button') ?? [])].find((b) => /retry/i.test(b.textContent)).focus()")
            driver.switch_to.active_element.send_keys(Keys.ENTER)
            harness.wait_for(driver, f"document.querySelectorAll('#feed > li').length === {len(self.titles)}", what="the rows after Retry")
            self.assertEqual(self.site.log.count("/api/feed"), 2, "Retry fetched the feed again")
        finally:
            driver.quit()


if __name__ == "__main__":
    unittest.main()
