"""docs/EMBED.md's skeletonize() example run as written, in headless Chromium: the block is the page's
module script, with Web/ under /veil/ and /post/42.html served beside an <article>. Its placeholders
cover the article while the post loads, and once it hides, the post is there and nothing of Veil
is left over it. (docs/EMBED.md's other blocks: test_quick_start.py, test_bundle.py.)
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


def snippet():
    """The skeletonize block of docs/EMBED.md, as written."""
    text = (harness.ROOT / "docs" / "EMBED.md").read_text()
    section = text[text.index("## Skeletons over the page's own HTML"):]
    return re.search(r"```js\n(.*?)```", section, re.S).group(1)


PAGE = """<!doctype html>
<meta charset="utf-8">
<link rel="stylesheet" href="/veil/fonts/inter.css">
<article style="width: 480px; font: 16px/1.5 serif">
  <h1>A post</h1>
  <p>The first paragraph of the post, long enough to wrap over two or three lines of the article
     so that the skeleton has more than one line box to cover.</p>
  <p>A second paragraph.</p>
</article>
<script type="module">
window.steps = [];
%s
window.steps.push("done");
</script>
"""


class Site(http.server.SimpleHTTPRequestHandler):
    """Static files; /post/42.html answers once the test has seen the placeholders."""
    release = None

    def do_GET(self):
        if self.path == "/post/42.html":
            type(self).release.wait(20)
            body = b"<h1>The post</h1><p>Loaded: the real text of post 42.</p>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, *args):
        pass


class SkeletonizeSnippetTest(unittest.TestCase):
    def test_the_example_runs_as_written(self):
        folder = Path(tempfile.mkdtemp(prefix="veil-skeletonize-"))
        shutil.copytree(harness.ROOT / "Web", folder / "veil")
        shutil.copy(harness.VEIL_WASM, folder / "veil" / "veil.wasm")
        (folder / "index.html").write_text(PAGE % snippet())
        handler = type("SnippetSite", (Site,), {"release": threading.Event()})
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        driver = harness.chromium(width=800, height=700)
        try:
            driver.get(f"http://127.0.0.1:{httpd.server_port}/index.html")
            harness.wait_for(driver, "document.querySelector('article .veil-skeleton')",
                             what="the placeholders drawn over the article")
            handler.release.set()
            harness.wait_for(driver, "window.steps.includes('done')", timeout=20, what="the example to finish")
            self.assertIn("Loaded: the real text of post 42.", driver.execute_script("return document.querySelector('article').textContent"))
            self.assertFalse(driver.execute_script("return document.querySelector('article .veil-skeleton') !== null"),
                             "hidden: no layer is left over the article")
            errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]]
            self.assertEqual(errors, [], "no errors in the console")
        finally:
            handler.release.set()
            driver.quit()
            httpd.shutdown()
            httpd.server_close()
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
