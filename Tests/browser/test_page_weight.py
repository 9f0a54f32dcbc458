"""What a page downloads to use Veil, against budgets (issue 30): one per page shape, in bytes sent
gzip-compressed, recorded in Web/weight-budget.json. A change that makes a page shape download more
than its budget fails here; raising a budget needs a line in docs/EMBED.md ("What a page
downloads") saying what the bytes buy.

The pages are served what a page ships (`make dist`: Web/ with each module minified, veil.wasm beside
veil.js) by Benchmarks/pagesite.py's site, as Benchmarks/page_content.py serves them: text
gzip-compressed (veil.wasm included; woff2 as it is), every response counted at the server (status
line, headers and body), the workers' requests included. Each load is a first visit (the HTTP cache
cleared, from a blank page of the same origin), counted until the page's done-mark and then until the
server has been quiet for 0.5 s (a worker's fonts, late fetches). No throttling: bytes do not depend
on time.

- "skeletonize alone": Tests/browser/fixtures/weight/skeletonize-alone.html — imports /veil/page.js
  and calls `overlay(article).skeleton.show()` over an article with content; done once the skeleton
  is drawn (show's Promise).
- "quick start": docs/EMBED.md's first section ("Your page's own elements") as written, its feed from
  /api/feed — held at the server until the skeleton is drawn, so the load counts what a page that
  shows its skeleton pays; done once the feed's rows are in.
- "quick start, an error": the same page with /api/feed answering 503, until the error's Retry
  button is drawn: the skeleton's bytes, the status' modules and the two Inter faces its text is in.
- "everything": Tests/browser/fixtures/weight/everything.html — imports /veil/veil.js and mounts
  Web/examples/feed.json (text: the Inter faces) on a canvas; done at the first frame drawn.

Each load must have reached its done-mark and fetched what its shape needs (no budget passes
vacuously): the skeleton shapes the skeleton's layer and no veil.wasm (the page draws a skeleton
over its own element; issue 30), "everything" veil.wasm whole. The
bytes per path of each load are written to out/browser/page-weight.md, and printed when one fails.
"""

import json
import re
import shutil
import sys
import tempfile
import threading
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

sys.path.insert(0, str(harness.ROOT / "Benchmarks"))
import pagesite  # noqa: E402

BUDGETS = harness.ROOT / "Web" / "weight-budget.json"
PAGES = harness.FIXTURES / "weight"

DONE_MARK = "performance.getEntriesByName('done').length > 0"
# The skeleton's layer is over the feed and has placeholders to show.
SKELETON_DRAWN = """(() => {
  const layer = document.querySelector('#feed .veil-skeleton');
  return !!layer && layer.offsetHeight > 0 && layer.childElementCount > 0;
})()"""


def quick_start_page():
    """docs/EMBED.md's first section's html block, as a page (the styles test_own_elements_snippet.py
    gives it)."""
    text = (harness.ROOT / "docs" / "EMBED.md").read_text()
    section = text[text.index("## Your page's own elements"):text.index("# A scene on a canvas")]
    block = re.search(r"```html\n(.*?)```", section, re.S).group(1)
    return ("<!doctype html>\n<meta charset='utf-8'>\n<meta name='viewport' content='width=device-width'>\n"
            "<link rel='icon' href='data:,'>\n<title>Weight — quick start</title>\n"
            "<style>body { margin: 8px; font: 16px/1.4 sans-serif } .row { display: flex; gap: 8px; padding: 6px 0 }"
            " .avatar { width: 40px; height: 40px; border-radius: 20px; background: #ccc } #feed { padding: 0; margin: 0 }</style>\n"
            + block)


class PageWeightTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not harness.VEIL_WASM.exists():
            raise AssertionError(f"veil.wasm not found at {harness.VEIL_WASM}: build it (make wasm) or set VEIL_WASM")
        newest = max(f.stat().st_mtime for f in (harness.ROOT / "Web").glob("*.js"))
        if not (harness.DIST / "page.js").exists() or (harness.DIST / "page.js").stat().st_mtime < newest:
            raise AssertionError(f"{harness.DIST} is missing or older than Web/: make dist")
        cls.budgets = json.loads(BUDGETS.read_text())
        cls.folder = Path(tempfile.mkdtemp(prefix="veil-weight-"))
        (cls.folder / "quick-start.html").write_text(quick_start_page())
        cls.site = pagesite.Site(harness.DIST, harness.VEIL_WASM, [PAGES, cls.folder], api_ms=0)
        cls.rows = len(cls.site.rows)
        cls.httpd, cls.base = pagesite.start(cls.site)
        cls.report = {}
        try:
            cls.driver = harness.chromium(width=390, height=844)
        except Exception:
            pagesite.stop(cls.httpd)
            raise

    @classmethod
    def tearDownClass(cls):
        cls.site.hold = None
        cls.driver.quit()
        pagesite.stop(cls.httpd)
        shutil.rmtree(cls.folder, ignore_errors=True)
        if cls.report:
            harness.OUT.mkdir(parents=True, exist_ok=True)
            (harness.OUT / "page-weight.md").write_text("".join(
                f"## {shape}: {sent:,} B (budget {budget:,} B)\n\n{table}\n\n" for shape, (sent, budget, table) in cls.report.items()))

    def load(self, page, hold_until=None):
        """A first visit of `page`: the records of what the server sent until the done-mark, then
        0.5 s of quiet. With `hold_until`, /api/feed waits until that expression is true."""
        driver, site = self.driver, self.site
        driver.get(f"{self.base}/blank")
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        pagesite.wait_quiet(site.load, quiet=0.3)
        hold = site.hold = threading.Event() if hold_until else None
        site.load.reset()
        try:
            # Not driver.get: it would wait for the load event, which may wait for the held feed.
            driver.execute_script("location.href = arguments[0]", f"{self.base}/{page}")
            if hold_until:
                harness.wait_for(driver, hold_until, timeout=30, what=f"{page}: the skeleton drawn")
                hold.set()
            return driver
        except Exception:
            if hold:
                hold.set()
            raise

    def finish(self, shape, page, done, what, core):
        """`core`: whether the shape needs veil.wasm (a skeleton over the page's own element does not)."""
        harness.wait_for(self.driver, done, timeout=30, what=f"{page}: {what}")
        time.sleep(0.1)
        records = pagesite.wait_quiet(self.site.load, quiet=0.5)
        self.site.hold = None
        sent = sum(r[1] for r in records)
        paths = {r[0] for r in records}
        table = pagesite.table(records)
        budget = self.budgets[shape]["bytes"]
        type(self).report[shape] = (sent, budget, table)
        print(f"\n{shape}: {sent:,} B sent gzip-compressed (budget {budget:,} B)", file=sys.stderr)
        needed = (f"/{page}", "/veil/veil.wasm" if core else "/veil/skeleton-layer.js")
        for path in needed:
            self.assertIn(path, paths, f"{shape}: the load did not fetch {path}: nothing to weigh\n{table}")
        wasm = sum(r[1] for r in records if r[0] == "/veil/veil.wasm")
        if core:
            self.assertGreater(wasm, 50_000, f"{shape}: veil.wasm came whole ({wasm} B)\n{table}")
        else:
            self.assertEqual(wasm, 0, f"{shape}: a skeleton over the page's own element needs no veil.wasm\n{table}")
        self.assertLessEqual(
            sent, budget,
            f"page shape {shape!r}: {sent:,} bytes sent gzip-compressed, over its budget of {budget:,} bytes by "
            f"{sent - budget:,}. Make the page lighter, or raise its budget in {BUDGETS.relative_to(harness.ROOT)} — "
            f"raising a budget needs a line in docs/EMBED.md (\"What a page downloads\") saying what the bytes buy.\n"
            f"What was sent, by path (in the order asked):\n{table}")
        return records

    def test_skeletonize_alone(self):
        self.load("skeletonize-alone.html")
        self.finish("skeletonize alone", "skeletonize-alone.html", DONE_MARK, "the skeleton drawn (done-mark)", core=False)

    def test_quick_start(self):
        self.load("quick-start.html", hold_until=SKELETON_DRAWN)
        records = self.finish("quick start", "quick-start.html",
                              f"document.querySelectorAll('#feed > li').length === {self.rows}", "the feed's rows in", core=False)
        self.assertIn("/api/feed", {r[0] for r in records})

    def test_quick_start_with_an_error(self):
        self.site.feed_fails = True
        try:
            self.load("quick-start.html", hold_until=SKELETON_DRAWN)
            records = self.finish("quick start, an error", "quick-start.html",
                                  "[...(document.querySelector('#feed .veil-status')?.shadowRoot?.querySelectorAll('button') ?? [])].some((b) => b.textContent === 'Retry')",
                                  "the error's Retry button", core=False)
        finally:
            self.site.feed_fails = False
        self.assertIn("/veil/status-layer.js", {r[0] for r in records}, "the status drawn by the page")

    def test_everything(self):
        self.load("everything.html")
        self.finish("everything", "everything.html", DONE_MARK, "the first frame drawn (done-mark)", core=True)


if __name__ == "__main__":
    unittest.main()
