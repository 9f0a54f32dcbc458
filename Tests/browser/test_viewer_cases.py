"""A person's session in the viewer kept as a test case (`veil serve --save-cases`, issue 24).

The viewer drives hello (a tap on its Share button, with the mouse, on the canvas), presses "Save as
test": hello.events.jsonl and hello.stream appear beside the scene and the viewer says so; `veil
test` passes on them; the scene changes and `veil test` fails, saying what changed. A second save
asks before replacing. Loopback only.
"""

import json
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402


class ViewerCasesTest(unittest.TestCase):
    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="veil-viewer-cases-"))
        shutil.copy(harness.ROOT / "examples" / "hello.json", self.folder / "hello.json")
        self.server = harness.VeilServer(self.folder, name="viewer-cases", options=("--save-cases",))
        self.driver = harness.chromium(width=900, height=800)

    def tearDown(self):
        self.driver.quit()
        self.server.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def veil_test(self):
        out = subprocess.run([str(harness.VEIL_BIN), "test", str(self.folder / "hello.json")],
                             capture_output=True, text=True, timeout=60)
        return out.returncode, out.stdout + out.stderr

    def save(self):
        self.driver.execute_script("veilViewer.save = null")
        self.driver.find_element("id", "save-case").click()
        harness.wait_for(self.driver, "veilViewer.save !== null", what="the server's answer to the save")
        return self.driver.execute_script("return veilViewer.save")

    def test_a_tap_saved_as_a_case_fails_once_the_scene_changes(self):
        driver = self.driver
        harness.open_settled_viewer(driver, self.server.url, "hello")
        button = driver.execute_script("return veilViewer.description.buttons.find((b) => b.title === 'Share')")
        self.assertIsNotNone(button, "hello has a Share button")
        harness.pointer_to_center(driver, button).click().perform()
        harness.wait_for(driver, "document.querySelector('#events li[data-name]') !== null", what="the tap's event in the log")

        answer = self.save()
        self.assertIn("saved", answer, answer)
        note = driver.find_element("id", "save-note").text
        self.assertIn("hello.events.jsonl", note)
        self.assertIn("veil test", note)
        events = [json.loads(line) for line in (self.folder / "hello.events.jsonl").read_text().splitlines()]
        pointers = [e["input"]["pointer"]["phase"] for e in events if "pointer" in e.get("input", {})]
        self.assertIn("down", pointers, events)
        self.assertIn("up", pointers, events)
        self.assertTrue((self.folder / "hello.stream").exists())
        code, out = self.veil_test()
        self.assertEqual(code, 0, out)
        harness.screenshot(driver, "viewer-cases-saved")

        # Saving again asks first: the button says it will replace.
        answer = self.save()
        self.assertIn("exists", answer.get("saveRefused", ""), answer)
        self.assertEqual(driver.find_element("id", "save-case").text, "Replace saved test")
        self.assertIn("saved", self.save())

        scene = (self.folder / "hello.json").read_text()
        (self.folder / "hello.json").write_text(scene.replace('"text": "Veil",', '"text": "Veil, changed",'))
        code, out = self.veil_test()
        self.assertEqual(code, 1, out)
        self.assertIn('"Veil" → "Veil, changed"', out)


if __name__ == "__main__":
    unittest.main()
