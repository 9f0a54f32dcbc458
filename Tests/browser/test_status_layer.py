"""A status over the page's own element is drawn by the page as elements of its own (Web/status-layer.js,
the core's StatusView restated), not by the core: these tests hold the two equal and say what it costs.

- For each case of Tests/Vectors/status-look.json (what the core draws over the page's overlay scene,
  light and dark: loading, an error, a long message that wraps, an empty state with its button, an
  image), `overlay(card, {appearance}).status.show(wish)` over an element of the case's size, and
  each line of text, the button, the image and the indicator the page lays out is where the core
  puts it, within a point (the same Inter, the same measures; the browser breaks the lines);
- it loads neither veil.wasm nor mount.js nor a worker: the status' modules and the Inter faces its
  text is in; its text and its button are in the accessibility tree as they are, and the button
  reports `retry` from the keyboard."""

import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

PAGE = """<!doctype html>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<style>body { margin: 0 } #card { margin: 20px; background: #F4F4F8 }</style>
<div id="card"></div>
<script type="module">
  import { overlay } from "/veil/page.js";
  window.overlay = overlay;
  window.ready = true;
</script>
"""

# What the page laid out, relative to the card: per part in order, its box and, for text, its lines.
MEASURE = """
  const card = document.getElementById('card');
  card.style.width = c.width + 'px';
  card.style.height = c.height + 'px';
  const veil = window.veil = overlay(card, { appearance: c.appearance, statusHeight: 0 });
  await veil.status.show(c.status);
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const root = card.querySelector('.veil-status').shadowRoot;
  for (const a of root.getAnimations()) { a.pause(); a.currentTime = 0; }  // the indicator at its first step
  const origin = card.getBoundingClientRect();
  const box = (r) => ({ x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height });
  const column = root.querySelector('div');
  // The loading row's two parts are in a row of their own.
  const parts = [...column.children].filter((e) => e.tagName !== 'STYLE')
    .flatMap((e) => e.style.display === 'flex' ? [...e.children] : [e]);
  return parts.map((e) => {
    const kind = e.tagName === 'BUTTON' ? 'button' : e.tagName === 'CANVAS' ? 'image' : e.getAttribute('aria-hidden') ? 'indicator' : 'text';
    const style = getComputedStyle(e);
    const out = { kind, box: box(e.getBoundingClientRect()), color: style.color, background: style.backgroundColor, weight: style.fontWeight };
    if (kind === 'text') {
      const range = document.createRange();
      range.selectNodeContents(e);
      // A line's glyphs: its rects (a trailing space is one of its own) joined by their top.
      const lines = new Map();
      const space = 0.3 * parseFloat(style.fontSize);  // wider than Inter's space
      for (const r of [...range.getClientRects()].map(box).filter((r) => r.width > space)) {
        const key = Math.round(r.y);
        const line = lines.get(key);
        if (!line) { lines.set(key, { ...r }); continue; }
        const right = Math.max(line.x + line.width, r.x + r.width);
        line.x = Math.min(line.x, r.x);
        line.width = right - line.x;
      }
      out.lines = [...lines.values()];
    }
    return out;
  });
"""


class StatusLayerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.site = harness.StaticSite({"status.html": PAGE})
        cls.driver = harness.chromium(900, 700)
        cls.cases = json.loads((harness.ROOT / "Tests" / "Vectors" / "status-look.json").read_text())

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.site.close()

    def open(self):
        self.site.log.clear()
        self.driver.get(self.site.url("status.html"))
        harness.wait_for(self.driver, "window.ready === true", what="the page's module")

    @staticmethod
    def css(rgba):
        r, g, b, a = rgba
        return f"rgb({r}, {g}, {b})" if a == 255 else f"rgba({r}, {g}, {b}, {round(a / 255, 4)})"

    def near(self, got, want, what, tolerance=1.0):
        for key in ("x", "y", "width", "height"):
            if key in want:
                self.assertAlmostEqual(got[key], want[key], delta=tolerance, msg=f"{what}: {key} {got} against the core's {want}")

    def test_the_page_lays_the_view_out_where_the_core_does(self):
        for c in self.cases:
            with self.subTest(appearance=c["appearance"], status=c["status"]):
                self.open()
                parts = self.driver.execute_async_script(
                    "const [c, done] = arguments; (async () => {" + MEASURE + "})().then(done, (e) => done(String(e.stack || e)));", c)
                self.assertIsInstance(parts, list, parts)
                items = [i for i in c["items"] if not (i["kind"] == 0 and i["x"] == 0 and i["y"] == 0 and i["width"] == c["width"])]
                texts = [i for i in items if i["kind"] == 1]
                what = f"{c['appearance']} {c['status']}"
                lines_seen = 0
                for part in parts:
                    if part["kind"] == "text":
                        lines = part["lines"]
                        core = texts[lines_seen:lines_seen + len(lines)]
                        self.assertEqual(len(core), len(lines), f"{what}: the page broke a text into {len(lines)} lines ({part}) where the core has {core}")
                        for got, want in zip(lines, core):
                            self.near(got, {"x": want["x"], "width": want["width"]}, f"{what}: the line {want['text']!r}")
                        self.near(part["box"], {"y": core[0]["y"], "height": sum(w["height"] for w in core)}, f"{what}: {core[0]['text']!r}")
                        self.assertEqual((part["color"], part["weight"]), (self.css(core[0]["fill"]), str(core[0]["fontWeight"])),
                                         f"{what}: {core[0]['text']!r}'s colour and weight")
                        lines_seen += len(lines)
                    elif part["kind"] == "button":
                        rect = next(i for i in items if i["kind"] == 0 and i.get("cornerRadius") == 10)
                        self.near(part["box"], rect, f"{what}: the button")
                        title = texts[lines_seen]
                        self.assertEqual((part["background"], part["color"], part["weight"]),
                                         (self.css(rect["fill"]), self.css(title["fill"]), str(title["fontWeight"])), f"{what}: the button's colours")
                        lines_seen += 1  # its title is one of the core's text items
                    else:
                        kind = 2 if part["kind"] == "image" else 4
                        self.near(part["box"], next(i for i in items if i["kind"] == kind), f"{what}: the {part['kind']}")
                self.assertEqual(lines_seen, len(texts), f"{what}: every line the core draws, the page does ({parts})")
                harness.screenshot(self.driver, f"status-layer-{c['appearance']}-{c['status']['state']}-{int(c['width'])}")

    def test_it_loads_no_core_its_text_and_button_are_the_pages_and_retry_reaches_the_page(self):
        self.open()
        self.driver.execute_async_script("""
          const done = arguments[0];
          const card = document.getElementById('card');
          card.style.height = '240px';
          window.veil = overlay(card);
          window.retries = 0;
          veil.on('retry', (e) => { window.retries++; window.retried = e; });
          await veil.status.show({ state: 'error', message: 'The feed did not load.' });
          done();""")
        fetched = {p.split("?")[0] for p in self.site.log if p.startswith("/veil/")}
        self.assertFalse([p for p in fetched if p.endswith(".wasm") or "mount.js" in p or "worker" in p], fetched)
        self.assertTrue(self.driver.execute_script(
            "return [...document.fonts].some((f) => f.family.includes('Veil Inter') && f.weight === '600' && f.status === 'loaded')"),
            "the face its title is drawn in is loaded (from the HTTP cache after an earlier test)")
        tree = self.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
        nodes = [n for n in tree["nodes"] if not n.get("ignored")]
        names = [str(n.get("name", {}).get("value", "")) for n in nodes]
        self.assertTrue(any("did not load" in n for n in names), "the message is in the accessibility tree")
        self.assertTrue(any(n.get("role", {}).get("value") == "status" for n in nodes), "in a status live region")
        from selenium.webdriver.common.keys import Keys
        self.driver.execute_script("document.querySelector('#card .veil-status').shadowRoot.querySelector('button').focus()")
        self.driver.switch_to.active_element.send_keys(Keys.ENTER)
        harness.wait_for(self.driver, "window.retries === 1", what="Retry from the keyboard reaches the page")
        self.assertEqual(self.driver.execute_script("return window.retried"), {"type": "retry", "node": "overlay", "action": "retry"})
        self.driver.execute_async_script("const done = arguments[0]; veil.status.hide().then(done);")
        self.assertEqual(self.driver.execute_script("return document.activeElement === document.getElementById('card')"), True,
                         "the focused Retry gone, the keyboard is on the element, not sent back to the top of the page")
        self.assertEqual(self.driver.execute_script("return document.getElementById('card').style.minHeight"), "")
        self.driver.execute_script("veil.destroy()")
        self.assertEqual(self.driver.execute_script(
            "const c = document.getElementById('card'); return [c.children.length, c.style.position]"), [0, ""],
            "destroyed, nothing of it is left and the element's styles are as they were")

    def test_a_new_colour_scheme_repaints_it_in_place(self):
        """The system's scheme turning dark repaints the view with the core's dark colours, the same
        elements (a screen reader has nothing new to read)."""
        self.open()
        try:
            self.driver.execute_async_script("""
              const done = arguments[0];
              const card = document.getElementById('card');
              card.style.height = '240px';
              window.veil = overlay(card);
              await veil.status.show({ state: 'error', message: 'The feed did not load.' });
              window.title = card.querySelector('.veil-status').shadowRoot.querySelector('div > div');
              done();""")
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
            harness.wait_for(self.driver, "getComputedStyle(window.title).color === 'rgb(255, 255, 255)'", what="the title repainted white")
            same, button = self.driver.execute_script("""
              const root = document.querySelector('#card .veil-status').shadowRoot;
              return [root.querySelector('div > div') === window.title, getComputedStyle(root.querySelector('button')).backgroundColor];""")
            self.assertTrue(same, "the same elements, repainted")
            dark = next(c for c in self.cases if c["appearance"] == "dark" and c["status"].get("message") == "The feed did not load.")
            self.assertEqual(button, self.css(next(i for i in dark["items"] if i.get("cornerRadius") == 10)["fill"]))
        finally:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    def test_the_pages_rules_do_not_reach_it(self):
        """A page whose text and buttons are styled its own way: the view stays the core's."""
        self.open()
        self.driver.execute_script("""
          const style = document.createElement('style');
          // Rules for every div and button (which do not reach into the view) and text styles the
          // element passes down (which would, but for the view's reset).
          style.textContent = 'div:not(#card), button { letter-spacing: 3px; font: italic 30px serif; padding: 9px; margin: 5px }'
            + ' #card { word-spacing: 12px; text-indent: 20px; line-height: 3; letter-spacing: 2px; text-transform: uppercase;'
            + ' font: italic 700 25px serif; text-align: right; white-space: nowrap; color: red }';
          document.head.append(style);""")
        case = next(c for c in self.cases if c["appearance"] == "light" and c["status"].get("message") == "The feed did not load.")
        parts = self.driver.execute_async_script(
            "const [c, done] = arguments; (async () => {" + MEASURE + "})().then(done, (e) => done(String(e.stack || e)));", case)
        self.assertIsInstance(parts, list, parts)
        title = next(i for i in case["items"] if i.get("text") == "Error")
        self.near(parts[0]["lines"][0], {"x": title["x"], "width": title["width"]}, "the title under the page's rules")
        button = next(i for i in case["items"] if i.get("cornerRadius") == 10)
        self.near(parts[2]["box"], button, "the button under the page's rules")


if __name__ == "__main__":
    unittest.main()
