"""veil.wasm in Chromium computes the very bytes the native core does: for every scene in examples/
and Web/examples/
(with its events file when there is one), the message stream of Web/veil.js's WasmSession at 30 fps
in the page equals `veil stream`'s output (the same rule as Tests/wasm/identity.test.mjs, in the
browser's engine instead of node's).

Needs `veil` (swift build) and `.build/wasm/veil.wasm` (make wasm).
"""

import base64
import subprocess
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

DURATION, FPS = 3, 30

STREAM = r"""
const [sceneText, eventsText, duration, fps] = arguments;
const done = arguments[arguments.length - 1];
(async () => {
  const { loadWasm, WasmSession } = await import("/veil.js");
  const session = new WasmSession(await loadWasm("/veil.wasm"), sceneText);
  const events = (eventsText || "").split("\n").filter((l) => l.trim() !== "")
    .map((line, index) => { const o = JSON.parse(line); return { t: o.t, line, command: "command" in o, index }; })
    .sort((a, b) => a.t - b.t || a.index - b.index);
  const chunks = [];
  let next = 0, total = 0;
  for (let k = 0; k <= Math.floor(duration * fps + 1e-9); k++) {
    const t = k / fps;
    for (; next < events.length && events[next].t <= t; next++) {
      if (events[next].command) session.perform(events[next].line); else session.input(events[next].line);
    }
    const message = session.tick(t);
    if (!message) continue;
    const prefix = new Uint8Array(4);
    new DataView(prefix.buffer).setUint32(0, message.length, true);
    chunks.push(prefix, message.slice());  // tick() reads in place, valid until the next call: keep a copy
    total += 4 + message.length;
  }
  session.free();
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) { bytes.set(c, at); at += c.length; }
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
})().then(done, (e) => done("error: " + (e.message || e)));
"""


class WasmIdentityInBrowserTest(harness.ServedBrowserTest):
    SERVER_NAME = "identity-server"

    @classmethod
    def setUpClass(cls):
        if not harness.VEIL_WASM.exists():
            raise AssertionError(f"{harness.VEIL_WASM} is missing: run `make wasm` first (or set VEIL_WASM)")
        super().setUpClass()

    def test_every_example_streams_the_same_bytes_as_native(self):
        self.driver.get(f"{self.server.url}/embed.html")
        harness.wait_for(self.driver, "window.veilEmbed && (veilEmbed.error || veilEmbed.frames > 0)", what="the page")
        examples = sorted((harness.ROOT / "examples").glob("*.json")) + sorted((harness.ROOT / "Web" / "examples").glob("*.json"))
        examples = [e for e in examples if not e.name.endswith("-data.json")]  # the feed's rows, not a scene
        self.assertGreater(len(examples), 0)
        for scene in examples:
            events = scene.with_name(scene.stem + ".events.jsonl")
            with self.subTest(scene=scene.name):
                command = [str(harness.VEIL_BIN), "stream", str(scene), "--duration", str(DURATION), "--fps", str(FPS)]
                if events.exists():
                    command[3:3] = ["--events", str(events)]
                native = subprocess.run(command, check=True, capture_output=True, timeout=120).stdout
                result = self.driver.execute_async_script(
                    STREAM, scene.read_text(), events.read_text() if events.exists() else "", DURATION, FPS)
                self.assertFalse(result.startswith("error:"), result)
                wasm = base64.b64decode(result)
                self.assertGreater(len(native), 0)
                if native != wasm:
                    first = next((i for i, (a, b) in enumerate(zip(native, wasm)) if a != b), min(len(native), len(wasm)))
                    self.fail(f"{scene.name}: native {len(native)} bytes, Chromium's wasm {len(wasm)} bytes, "
                              f"first difference at byte {first}")


if __name__ == "__main__":
    unittest.main()
