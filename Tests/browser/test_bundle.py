"""The package bundled with esbuild (Debian's `esbuild`) as docs/EMBED.md "With a bundler" says, its
shell block run as written: the bundled page mounts the feed in a worker and draws it, with the
module, the worker and the fonts found beside the bundle. Skipped where esbuild is not installed
(`make setup` installs it)."""

import functools
import http.server
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

APP = """import { mount } from "veil-web";
const veil = await mount(document.getElementById("feed"), { scene: "/feed.json", node: "feed" });
await veil.skeleton.show({ style: "sliding" });
window.bundled = { thread: veil.thread };
"""

PAGE = """<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="/dist/fonts/inter.css">
<canvas id="feed" aria-label="Feed"></canvas><script type="module" src="/dist/app.js"></script>
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@unittest.skipUnless(shutil.which("esbuild"), "esbuild is not installed (make setup)")
class BundleTest(unittest.TestCase):
    def test_bundled_with_esbuild(self):
        self.assertTrue(harness.VEIL_WASM.exists(), "run `make wasm` first")
        text = (harness.ROOT / "docs" / "EMBED.md").read_text()
        section = text[text.index("## With a bundler"):]
        sh = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
        folder = Path(tempfile.mkdtemp(prefix="veil-bundle-"))
        httpd = driver = None
        try:
            package = folder / "node_modules" / "veil-web"
            shutil.copytree(harness.ROOT / "Web", package)
            shutil.copy(harness.VEIL_WASM, package / "veil.wasm")
            shutil.copy(harness.ROOT / "Web" / "examples" / "feed.json", folder / "feed.json")
            (folder / "app.js").write_text(APP)
            (folder / "index.html").write_text(PAGE)
            run = subprocess.run(["bash", "-euc", sh], cwd=folder, capture_output=True, text=True, timeout=120)
            self.assertEqual(run.returncode, 0, f"the documented esbuild lines failed:\n{run.stderr}")
            bundle = (folder / "dist" / "app.js").read_text()
            self.assertNotIn('from "./mount.js"', bundle, "veil.js is in the bundle")
            httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
            threading.Thread(target=httpd.serve_forever, daemon=True).start()
            driver = harness.chromium(width=600, height=700, scale=1)
            driver.get(f"http://127.0.0.1:{httpd.server_port}/index.html")
            harness.wait_for(driver, "window.bundled && Number(document.getElementById('feed').dataset.drawn || 0) > 0",
                             what="the bundled page to draw")
            self.assertEqual(driver.execute_script("return window.bundled.thread"), "worker")
            errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]]
            self.assertEqual(errors, [], "no errors in the console")
        finally:
            if driver:
                driver.quit()
            if httpd:
                httpd.shutdown()
                httpd.server_close()
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
