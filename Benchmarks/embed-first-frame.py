"""Figures of veil.wasm in a page (docs/EMBED.md), printed by `make bench-embed`:

- mount() → first frame drawn, in headless Chromium on `veil serve`: the page's first mount (fetch,
  compile and instantiate veil.wasm, read the scene, first tick, draw), then the median of 20
  mounts of the feed scene with the module already compiled;
- per animation frame while the feed's sliding skeleton shimmers: tick + apply + draw + hidden DOM
  (mean over 2 s);
- skeletonize() on an article of 200 elements (paragraphs and images), scrolled into view: layout
  read + the skeleton layer laid over it (the page draws it: no veil.wasm), then the next frame
  painted, median of 20;
- veil.wasm raw and gzipped.
"""

import gzip
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "browser"))
import harness  # noqa: E402

WARM_MOUNTS = r"""
const done = arguments[arguments.length - 1];
(async () => {
  const { mount } = await import("/veil.js");
  const module = await WebAssembly.compile(await (await fetch("/veil.wasm")).arrayBuffer());
  const scene = await (await fetch("/examples/feed.json")).text();
  const times = [];
  for (let i = 0; i < 20; i++) {
    const canvas = document.createElement("canvas");
    document.body.append(canvas);
    const t0 = performance.now();
    const veil = await mount(canvas, { scene, wasm: module, node: "feed" });
    await new Promise((resolve) => { const off = veil.on("frame", () => { off(); resolve(); }); });
    times.push(performance.now() - t0);
    veil.destroy();
    canvas.remove();
  }
  return times;
})().then(done, (e) => done(String(e)));
"""


SKELETONIZE = r"""
const done = arguments[arguments.length - 1];
(async () => {
  const { skeletonize, readLayout } = await import("/veil.js");
  const article = document.createElement("article");
  article.style.cssText = "width: 560px; font: 15px/1.4 serif";
  for (let i = 0; i < 200; i++) {
    const e = document.createElement(i % 10 === 9 ? "div" : "p");
    if (i % 10 === 9) { e.dataset.skeleton = ""; e.style.cssText = "height: 80px; border-radius: 8px"; }
    else e.textContent = `Paragraph ${i}: the engine might act upon other things besides number.`;
    article.append(e);
  }
  document.body.append(article);
  article.scrollIntoView();
  (await skeletonize(article, { transition: 0 })).remove();  // the modules loaded
  const times = [];
  let boxes = 0, drawn = null;
  const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  for (let i = 0; i < 20; i++) {
    await painted();
    const t0 = performance.now();
    const skeleton = await skeletonize(article, { transition: 0 });
    const laid = performance.now() - t0;
    await painted();
    times.push([laid, performance.now() - t0]);
    boxes = skeleton.scene.root.children.length;
    drawn = article.clientHeight;
    skeleton.remove();
  }
  const total = readLayout(article).boxes.length;
  article.remove();
  return { times, boxes, total, drawn };
})().then(done, (e) => done(String(e)));
"""


def main():
    wasm = harness.VEIL_WASM
    raw = wasm.read_bytes()
    server = harness.VeilServer(name="bench-embed")
    driver = harness.chromium(width=800, height=800, scale=1)
    try:
        driver.get(f"{server.url}/examples/feed.html?manual=1")
        harness.wait_for(driver, "window.feedDemo && feedDemo.stage === 'loading' && feedDemo.veil.stats.firstFrameAt",
                         what="the feed's first frame")
        cold = driver.execute_script("const s = feedDemo.veil.stats; return s.firstFrameAt - s.mountCalledAt")
        time.sleep(0.5)
        before = driver.execute_script("const s = feedDemo.veil.stats; return [s.frames, s.frameMs]")
        time.sleep(2)
        after = driver.execute_script("const s = feedDemo.veil.stats; return [s.frames, s.frameMs]")
        frames = after[0] - before[0]
        per_frame = (after[1] - before[1]) / frames if frames else float("nan")
        warm = driver.execute_async_script(WARM_MOUNTS)
        if isinstance(warm, str):
            raise SystemExit(f"warm mounts failed: {warm}")
        dom = driver.execute_async_script(SKELETONIZE)
        if isinstance(dom, str):
            raise SystemExit(f"skeletonize failed: {dom}")
    finally:
        driver.quit()
        server.stop()
    print("=== veil.wasm in headless Chromium (Benchmarks/embed-first-frame.py) ===")
    print(f"mount → first frame, first mount of the page (fetch + compile + scene + tick + draw): {cold:.1f} ms")
    print(f"mount → first frame, module compiled, feed scene: median {statistics.median(warm):.1f} ms "
          f"(min {min(warm):.1f}, max {max(warm):.1f}, 20 mounts)")
    print(f"feed, sliding skeleton: {per_frame:.3f} ms per animation frame (tick + apply + draw + hidden DOM), "
          f"{frames} frames in 2 s")
    laid = [t[0] for t in dom["times"]]
    shown = [t[1] for t in dom["times"]]
    print(f"skeletonize, article of 200 elements ({dom['total']} boxes, {dom['drawn']} px tall, all in one layer): "
          f"layout read + layer laid median {statistics.median(laid):.1f} ms (min {min(laid):.1f}, max {max(laid):.1f}); "
          f"to the next frame painted median {statistics.median(shown):.1f} ms (20 runs)")
    print(f"veil.wasm: {len(raw)} bytes raw, {len(gzip.compress(raw, 9))} bytes gzipped")


if __name__ == "__main__":
    main()
