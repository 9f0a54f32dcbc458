"""README.md's two snippets run as written, in headless Chromium: its scene block is /card.json, its
HTML block is the page, with Web/ under /veil/ and veil.wasm beside veil.js. The canvas draws the
card under its skeleton (the scene's timeline shows it), the hidden DOM says loading, and once the
page hides the skeleton it says the card is loaded; nothing is logged as an error.
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

DRAWN = "Number(document.getElementById('card').dataset.drawn || 0)"
BUSY = "document.getElementById('card').getAttribute('aria-busy')"


def snippets():
    """README.md's scene (its first json block) and page (its first html block), as written."""
    text = (harness.ROOT / "README.md").read_text()
    scene = re.search(r"```json\n(.*?)```", text, re.S).group(1)
    page = re.search(r"```html\n(.*?)```", text, re.S).group(1)
    return scene, page


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class ReadmeSnippetTest(unittest.TestCase):
    def test_the_page_runs_as_written(self):
        if not harness.VEIL_WASM.exists():
            raise AssertionError(f"{harness.VEIL_WASM} is missing: run `make wasm` first (or set VEIL_WASM)")
        folder = Path(tempfile.mkdtemp(prefix="veil-readme-"))
        scene, page = snippets()
        shutil.copytree(harness.ROOT / "Web", folder / "veil")
        shutil.copy(harness.VEIL_WASM, folder / "veil" / "veil.wasm")
        (folder / "card.json").write_text(scene)
        (folder / "index.html").write_text(page)
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        driver = harness.chromium(width=600, height=400)
        try:
            driver.get(f"http://127.0.0.1:{httpd.server_port}/index.html")
            harness.wait_for(driver, f"{DRAWN} > 0", what="the card's first frame")
            self.assertEqual(driver.execute_script(f"return {BUSY}"), "true", "the skeleton shows: the canvas is busy")
            harness.wait_for(driver, f"{BUSY} === 'false'", timeout=20, what="the page to hide the skeleton")
            errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]]
            self.assertEqual(errors, [], "no errors in the console")
        finally:
            driver.quit()
            httpd.shutdown()
            httpd.server_close()
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
