"""README.md's web page runs as written, in headless Chromium: its HTML block is the page, with Web/
under /veil/, veil.wasm beside veil.js and the feed's rows at /api/feed (held until the skeleton
shows). The list is busy under a skeleton read from the row template, then holds the page's rows;
nothing is logged as an error. (Its scene block is read by Tests/docs/snippets_test.py.)
"""

import re
import sys
import threading
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

SKELETON = "document.querySelector('#feed .veil-skeleton') && document.getElementById('feed').getAttribute('aria-busy') === 'true'"


def snippets():
    """README.md's scene (its first json block) and page (its first html block), as written."""
    text = (harness.ROOT / "README.md").read_text()
    scene = re.search(r"```json\n(.*?)```", text, re.S).group(1)
    page = re.search(r"```html\n(.*?)```", text, re.S).group(1)
    return scene, page


class ReadmeSnippetTest(unittest.TestCase):
    def test_the_page_runs_as_written(self):
        _, page = snippets()
        release = threading.Event()
        rows = (harness.ROOT / "Web" / "examples" / "feed-data.json").read_bytes()

        def feed(request):
            release.wait(20)
            return 200, "application/json", rows

        site = harness.StaticSite({"index.html": "<!doctype html><meta charset='utf-8'>" + page}, {"/api/feed": feed}, prefix="veil-readme-")
        driver = harness.chromium(width=600, height=400)
        try:
            driver.get(site.url("index.html"))
            harness.wait_for(driver, SKELETON, what="the skeleton over the empty list")
            release.set()
            harness.wait_for(driver, "document.querySelectorAll('#feed > li').length > 3 && !document.querySelector('#feed .veil-skeleton')",
                             timeout=20, what="the page's rows, the skeleton gone")
            self.assertEqual(driver.execute_script("return document.querySelector('#feed > li').textContent"), "Ada Lovelace")
            self.assertEqual(harness.page_errors(driver), [], "no errors in the console")
        finally:
            release.set()
            driver.quit()
            site.close()


if __name__ == "__main__":
    unittest.main()
