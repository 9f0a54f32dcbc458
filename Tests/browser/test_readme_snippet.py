"""README.md's web page runs as written, in headless Chromium: its HTML block is the page, with Web/
under /veil/, veil.wasm beside veil.js and the feed's rows at /api/feed (held until the skeleton
shows). The list is busy under a skeleton read from the row template, then holds the page's rows;
nothing is logged as an error. (Its scene block is read by Tests/docs/snippets_test.py.)
"""

import functools
import http.server
import re
import shutil
import sys
import tempfile
import threading
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

SKELETON = "document.querySelector('#feed canvas') && document.getElementById('feed').getAttribute('aria-busy') === 'true'"


def snippets():
    """README.md's scene (its first json block) and page (its first html block), as written."""
    text = (harness.ROOT / "README.md").read_text()
    scene = re.search(r"```json\n(.*?)```", text, re.S).group(1)
    page = re.search(r"```html\n(.*?)```", text, re.S).group(1)
    return scene, page


class Site(http.server.SimpleHTTPRequestHandler):
    """Static files; /api/feed answers once `release` is set."""
    release = None

    def do_GET(self):
        if self.path == "/api/feed":
            type(self).release.wait(20)
            body = (harness.ROOT / "Web" / "examples" / "feed-data.json").read_bytes()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, *args):
        pass


class ReadmeSnippetTest(unittest.TestCase):
    def test_the_page_runs_as_written(self):
        if not harness.VEIL_WASM.exists():
            raise AssertionError(f"{harness.VEIL_WASM} is missing: run `make wasm` first (or set VEIL_WASM)")
        folder = Path(tempfile.mkdtemp(prefix="veil-readme-"))
        _, page = snippets()
        shutil.copytree(harness.ROOT / "Web", folder / "veil")
        shutil.copy(harness.VEIL_WASM, folder / "veil" / "veil.wasm")
        (folder / "index.html").write_text("<!doctype html><meta charset='utf-8'>" + page)
        site = type("ReadmeSite", (Site,), {"release": threading.Event()})
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(site, directory=str(folder)))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        driver = harness.chromium(width=600, height=400)
        try:
            driver.get(f"http://127.0.0.1:{httpd.server_port}/index.html")
            harness.wait_for(driver, SKELETON, what="the skeleton over the empty list")
            site.release.set()
            harness.wait_for(driver, "document.querySelectorAll('#feed > li').length > 3 && !document.querySelector('#feed canvas')",
                             timeout=20, what="the page's rows, the skeleton gone")
            self.assertEqual(driver.execute_script("return document.querySelector('#feed > li').textContent"), "Ada Lovelace")
            errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]]
            self.assertEqual(errors, [], "no errors in the console")
        finally:
            site.release.set()
            driver.quit()
            httpd.shutdown()
            httpd.server_close()
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
