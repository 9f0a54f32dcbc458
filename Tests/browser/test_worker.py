"""mount() in a Worker (the default in Chromium) against the page's thread (`thread: "main"`):
where the session runs, errors reaching the caller (a refused command rejects with the session's
message in a worker and throws at once on the page's thread; a bad scene rejects mount with its
line and column), a tap on the canvas reaching the session (time-stamped input forwarded), size
"fill" laid out at the parent's size and again when it changes, and the skeleton moving on while
the page's thread is busy (its first frame drawn at the frame's size)."""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

ERRORS = r"""
const [thread, done] = arguments;
(async () => {
  const { mount } = await import("/veil.js");
  const scene = new URL("/examples/feed.json", location.href);
  document.body.innerHTML = '<canvas id="canvas"></canvas>';
  const out = {};
  const veil = await mount(document.getElementById("canvas"), { scene, node: "feed", thread });
  out.thread = veil.thread;
  let thrown = null, rejected = null;
  try { await veil.skeleton.show({ node: "nope" }); } catch (e) { rejected = e.message; }
  try { veil.status.show({ state: "sideways" }).catch((e) => {}); } catch (e) { thrown = e.message; }
  out.rejected = rejected;
  out.thrownAtOnce = thrown;
  out.resolved = await veil.skeleton.show({ style: "sliding" }).then(() => "applied");
  veil.destroy();
  try { await veil.spinner.show(); } catch (e) { out.destroyed = e.message; }
  try {
    await mount(document.getElementById("canvas"), { scene: '{"name": "x",\n "root": {"type": "lable"}}', thread });
  } catch (e) { out.badScene = [e.message, e.line, e.column]; }
  out.leftBehind = document.querySelectorAll(".veil-first-frame, .veil-a11y").length;
  return out;
})().then(done, (e) => done(String(e.stack || e)));
"""

TAP_RETRY = r"""
const [thread, done] = arguments;
(async () => {
  const { mount } = await import("/veil.js");
  document.body.style.margin = "0";
  document.body.innerHTML = '<canvas id="canvas"></canvas>';
  const veil = window.tapped = await mount(document.getElementById("canvas"),
    { scene: new URL("/examples/feed.json", location.href), node: "feed", thread });
  window.retries = 0;
  veil.on("retry", () => { window.retries++; });
  await veil.status.show({ state: "error", message: "Offline" });
  let retry;
  for (let i = 0; i < 50 && !retry; i++) {
    retry = (await veil.describe()).buttons.find((b) => b.action === "retry");
    if (!retry) await new Promise((r) => setTimeout(r, 20));
  }
  return retry ? [retry.x + retry.width / 2, retry.y + retry.height / 2] : "no Retry described";
})().then(done, (e) => done(String(e.stack || e)));
"""

BUSY = r"""
const done = arguments[arguments.length - 1];
(async () => {
  const { mount } = await import("/veil.js");
  document.body.innerHTML = '<canvas id="canvas"></canvas>';
  const veil = await mount(document.getElementById("canvas"), { scene: new URL("/examples/feed.json", location.href), node: "feed" });
  await veil.skeleton.show({ style: "sliding" });
  await new Promise((r) => setTimeout(r, 300));
  await veil.sync();
  const firstDrawSize = veil.stats.firstDrawSize;
  const before = veil.stats.frames;
  const end = performance.now() + 800;
  while (performance.now() < end) {}  // the page's thread is busy: no task of its own runs
  await veil.sync();
  const during = veil.stats.frames - before;
  veil.destroy();
  return { thread: veil.thread, during, firstDrawSize };
})().then(done, (e) => done(String(e.stack || e)));
"""

FILL = r"""
const done = arguments[arguments.length - 1];
(async () => {
  const { mount } = await import("/veil.js");
  document.body.innerHTML = '<div id="box" style="width: 500px; height: 400px"><canvas id="canvas"></canvas></div>';
  const veil = await mount(document.getElementById("canvas"),
    { scene: new URL("/examples/feed.json", location.href), node: "feed", size: "fill" });
  let frame = null;
  for (let i = 0; i < 100; i++) {
    await veil.sync();
    frame = veil.frame;
    if (frame && frame.width === 500 * 8) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  document.getElementById("box").style.width = "420px";  // the ResizeObserver lays it out again
  let resized = null;
  for (let i = 0; i < 100; i++) {
    await veil.sync();
    if (veil.frame && veil.frame.width === 420 * 8) { resized = veil.frame.width / 8; break; }
    await new Promise((r) => setTimeout(r, 20));
  }
  const canvas = document.getElementById("canvas");
  // Drawn once the worker's faces are in (its "drawn" reports follow its draws).
  for (let i = 0; i < 100 && !Number(canvas.dataset.drawn || 0); i++) await new Promise((r) => setTimeout(r, 20));
  const out = { thread: veil.thread, width: frame && frame.width / 8, height: frame && frame.height / 8, resized,
    css: [canvas.style.width, canvas.style.height], drawn: Number(canvas.dataset.drawn || 0) };
  veil.destroy();
  return out;
})().then(done, (e) => done(String(e.stack || e)));
"""

HIDDEN = r"""
const [thread, done] = arguments;
window.uncaught = [];
window.addEventListener("error", (e) => uncaught.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => uncaught.push(String(e.reason?.message ?? e.reason)));
(async () => {
  const { mount } = await import("/veil.js");
  document.body.innerHTML = '<div id="box" style="display: none; width: 300px; height: 400px"><canvas id="canvas"></canvas></div>';
  const veil = window.hidden = await mount(document.getElementById("canvas"),
    { scene: new URL("/examples/feed.json", location.href), node: "feed", size: "fill", thread });
  window.errors = [];
  veil.on("error", (e) => errors.push(String(e.message)));
  await new Promise((r) => setTimeout(r, 100));
  document.getElementById("box").style.display = "block";  // shown later: its size comes then
  return veil.thread;
})().then(done, (e) => done(String(e.stack || e)));
"""

WIDTH_SHOWN = "hidden.sync().then(() => hidden.frame && hidden.frame.width / 8 === 300 && hidden.frame.height / 8 === 400)"


class WorkerTest(harness.ServedBrowserTest):
    SERVER_NAME = "worker-server"
    WINDOW = (700, 700)

    def setUp(self):
        self.driver.get(f"{self.server.url}/embed.html")

    def test_errors_reach_the_caller_in_both_threads(self):
        for thread, where in (("auto", "worker"), ("main", "main")):
            with self.subTest(thread=thread):
                out = self.driver.execute_async_script(ERRORS, thread)
                self.assertIsInstance(out, dict, out)
                self.assertEqual(out["thread"], where)
                self.assertRegex(out["rejected"] or "", "nope", "a refused command rejects with the session's message")
                if where == "worker":
                    self.assertIsNone(out["thrownAtOnce"], "in a worker the refusal comes with the Promise")
                else:
                    self.assertRegex(out["thrownAtOnce"] or "", "sideways", "on the page's thread it throws at once")
                self.assertEqual(out["resolved"], "applied")
                self.assertRegex(out["destroyed"] or "", "destroyed")
                message, line, column = out["badScene"]
                self.assertRegex(message, r"^scene:2:\d+: ")
                self.assertEqual(line, 2)
                self.assertGreater(column, 0)
                self.assertEqual(out["leftBehind"], 0, "a mount that failed, or was destroyed, leaves nothing behind")

    def test_a_tap_on_the_canvas_reaches_the_session(self):
        for thread in ("auto", "main"):
            with self.subTest(thread=thread):
                self.driver.get(f"{self.server.url}/embed.html")
                centre = self.driver.execute_async_script(TAP_RETRY, thread)
                self.assertIsInstance(centre, list, centre)
                canvas = self.driver.find_element("id", "canvas")
                from selenium.webdriver.common.action_chains import ActionChains
                rect = canvas.rect
                ActionChains(self.driver).move_to_element_with_offset(
                    canvas, int(centre[0] - rect["width"] / 2), int(centre[1] - rect["height"] / 2)).click().perform()
                harness.wait_for(self.driver, "window.retries === 1", what="the retry event from a tap on Retry")

    def test_fill_mode_lays_the_scene_out_at_the_parents_size_in_a_worker(self):
        out = self.driver.execute_async_script(FILL)
        self.assertIsInstance(out, dict, out)
        self.assertEqual((out["thread"], out["width"], out["height"]), ("worker", 500, 400))
        self.assertEqual(out["resized"], 420, "a resize of the parent lays the scene out again")
        self.assertEqual(out["css"], ["420px", "400px"])
        self.assertGreater(out["drawn"], 0)

    def test_a_mount_in_a_hidden_container_waits_for_its_size(self):
        for thread, where in (("auto", "worker"), ("main", "main")):
            with self.subTest(thread=thread):
                self.driver.get(f"{self.server.url}/embed.html")
                self.assertEqual(self.driver.execute_async_script(HIDDEN, thread), where)
                harness.wait_for_async(self.driver, WIDTH_SHOWN, what="the scene laid out at the container's size once shown")
                harness.wait_for(self.driver, f"{harness.FRAMES_DRAWN} > 0", what="a frame drawn")
                self.assertEqual(self.driver.execute_script("return [uncaught, errors]"), [[], []],
                                 "a container without a size yet is no error: the mount waits for one")

    def test_the_skeleton_moves_on_while_the_page_is_busy(self):
        out = self.driver.execute_async_script(BUSY)
        self.assertIsInstance(out, dict, out)
        self.assertEqual(out["thread"], "worker")
        self.assertEqual(out["firstDrawSize"], [360, 520], "the first frame is drawn at the feed's size, not 300 × 150")
        # About 48 at 60 Hz on a quiet machine; a drawing on the page's thread makes none at all. A
        # few show the worker was not held up, whatever the machine's load (the rate is a figure of
        # make bench-embed, not a test).
        self.assertGreaterEqual(out["during"], 3, f"frames the worker ran during an 800 ms busy task: {out['during']}")


if __name__ == "__main__":
    unittest.main()
