"""Web/examples/dom.html in headless Chromium: skeletonize() over an ordinary HTML article — a
placeholder over every text line, the image and the element marked data-skeleton, each within 1 px
of the element's own box; pixels of the skeleton and of the gaps; aria-busy on the article; the
skeleton following a resize; hide() bringing the real content back.

Needs `veil` (swift build) and `.build/wasm/veil.wasm` (make wasm).
"""

import sys
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

# The element boxes the skeleton must cover, in the article's padding-box coordinates.
EXPECTED_BOXES = r"""
const article = document.getElementById('article');
const o = article.getBoundingClientRect();
const rel = (r) => ({x: r.left - o.left, y: r.top - o.top, width: r.width, height: r.height});
const lines = [];
const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
const range = document.createRange();
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  if (!n.nodeValue.trim()) continue;
  range.selectNodeContents(n);
  for (const r of range.getClientRects()) lines.push(rel(r));
}
return {image: rel(article.querySelector('img').getBoundingClientRect()),
        avatar: rel(article.querySelector('[data-skeleton]').getBoundingClientRect()), lines};
"""
SCENE_BOXES = "return domDemo.skeleton.scene.root.children.map(c => c.frame)"


def luma(rgb):
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]



# Sixty more paragraphs at the end of the demo's article (class "extra"), several screens of it.
ADD_PARAGRAPHS = """
            const article = document.getElementById('article');
            for (let i = 0; i < 60; i++) {
              const p = document.createElement('p');
              p.className = 'extra';
              p.textContent = `Extra paragraph ${i}: the engine weaves algebraical patterns.`;
              article.append(p);
            }"""

class DomExampleTest(harness.ServedBrowserTest):
    SERVER_NAME = "dom-example-server"
    WINDOW = (800, 900)

    @classmethod
    def setUpClass(cls):
        if not harness.VEIL_WASM.exists():
            raise AssertionError(f"{harness.VEIL_WASM} is missing: run `make wasm` first (or set VEIL_WASM)")
        super().setUpClass()

    def open(self):
        self.driver.get(f"{self.server.url}/examples/dom.html?hold=1")
        harness.wait_for(self.driver, "window.domDemo && (domDemo.error || domDemo.shown)", what="the skeleton")
        self.assertIsNone(self.driver.execute_script("return domDemo.error"))

    def assert_covered(self, box, boxes, what, vertical=True):
        def close(a, b):
            return all(abs(a[k] - b[k]) <= 1 for k in (("x", "width", "y", "height") if vertical else ("x", "width")))
        self.assertTrue(any(close(box, b) for b in boxes), f"{what} {box} has no placeholder within 1 px: {boxes}")

    def test_placeholders_cover_the_elements_within_one_pixel(self):
        self.open()
        expected = self.driver.execute_script(EXPECTED_BOXES)
        boxes = self.driver.execute_script(SCENE_BOXES)
        self.assert_covered(expected["image"], boxes, "the image")
        self.assert_covered(expected["avatar"], boxes, "the data-skeleton avatar")
        self.assertGreaterEqual(len(expected["lines"]), 7, "title, byline and paragraph lines")
        for line in expected["lines"]:
            self.assert_covered(line, boxes, "a text line", vertical=False)
            centre = line["y"] + line["height"] / 2
            self.assertTrue(any(abs(b["x"] - line["x"]) <= 1 and abs(b["y"] + b["height"] / 2 - centre) <= 1
                                for b in boxes), f"the line's placeholder is centred on it: {line}")
        self.assertEqual(len(boxes), len(expected["lines"]) + 2, "nothing else is covered")

        time.sleep(0.4)  # the layer fades in over 0.25 s
        image = harness.screenshot(self.driver, "dom-skeleton")
        box = harness.canvas_box(self.driver, "#article")
        pic = expected["image"]
        skeleton = harness.pixel(image, box, pic["x"] + pic["width"] / 2, pic["y"] + pic["height"] * 0.8)
        self.assertLess(max(skeleton) - min(skeleton), 30, f"a grey placeholder over the picture: {skeleton}")
        first = expected["lines"][-1]
        text = harness.pixel(image, box, first["x"] + 4, first["y"] + first["height"] / 2)
        self.assertLess(max(text) - min(text), 30, f"a grey placeholder over a text line: {text}")
        self.assertGreater(luma(text), 180, f"not the text's dark ink: {text}")
        gap = harness.pixel(image, box, pic["x"] + pic["width"] - 2, pic["y"] + pic["height"] + 6)
        self.assertEqual(gap, (255, 255, 255), "the page's background between the boxes")
        self.assertEqual(self.driver.execute_script("return document.getElementById('article').getAttribute('aria-busy')"),
                         "true")

        # hide(): the real content comes back and nothing of the skeleton is left.
        self.driver.execute_script("document.getElementById('hide').click()")
        harness.wait_for(self.driver, "!domDemo.shown", what="hide() to finish")
        self.assertEqual(self.driver.execute_script(
            "return [document.querySelectorAll('.veil-skeleton').length,"
            " document.getElementById('article').getAttribute('aria-busy')]"), [0, None])
        image = harness.screenshot(self.driver, "dom-content")
        sky = harness.pixel(image, box, pic["x"] + 40, pic["y"] + 20)
        harness.assert_color(self, image, box, pic["x"] + 40, pic["y"] + 20, harness.hex_color("#D1C4E9"),
                             "the picture itself", tolerance=8)
        self.assertNotEqual(sky, skeleton)

    def test_the_skeleton_follows_a_resize(self):
        self.open()
        self.driver.execute_script("document.getElementById('article').style.maxWidth = '400px'")
        harness.wait_for(self.driver,
                         "domDemo.skeleton.scene && domDemo.skeleton.scene.canvas.width === 400",
                         what="the skeleton to follow the article's new width")
        expected = self.driver.execute_script(EXPECTED_BOXES)
        boxes = self.driver.execute_script(SCENE_BOXES)
        self.assert_covered(expected["image"], boxes, "the narrower image")
        self.assertEqual(self.driver.execute_script("return document.querySelectorAll('.veil-skeleton').length"),
                         1, "the new layer replaced the old one")

    def test_a_long_article_is_covered_wherever_it_is_scrolled_to(self):
        """The layer covers the whole article at once (the compositor rasterizes what comes into
        view), so every scroll finds the lines in view covered."""
        self.open()
        self.driver.execute_script("document.getElementById('hide').click()")
        harness.wait_for(self.driver, "!domDemo.shown", what="hide() to finish")
        self.driver.execute_script(ADD_PARAGRAPHS + """
            window.scrollTo(0, 1500);
            document.getElementById('show').click();""")
        harness.wait_for(self.driver, "domDemo.shown", what="the skeleton over the long article")
        self.addCleanup(self.driver.execute_script, "window.scrollTo(0, 0); document.getElementById('hide').click();"
                        " document.querySelectorAll('.extra').forEach(e => e.remove())")
        total = self.driver.execute_script(
            "const range = document.createRange(); let n = 0;"
            "for (const p of document.querySelectorAll('#article p, #article h1, #article .byline span')) {"
            "  range.selectNodeContents(p); n += range.getClientRects().length; }"
            "return n + 2")
        self.assertEqual(self.driver.execute_script("return domDemo.skeleton.scene.root.children.length"), total,
                         "the first layer holds every box of the article")
        size = self.driver.execute_script(
            "const a = document.getElementById('article'), l = a.querySelector('.veil-skeleton');"
            "return {article: a.clientHeight, layer: l.offsetHeight, view: innerHeight}")
        self.assertGreater(size["article"], 3 * size["view"], "the article is several screens tall")
        self.assertEqual(size["layer"], size["article"], f"the layer covers the whole article: {size}")
        time.sleep(0.4)  # the fade-in
        for scroll in (1500, 3000, 3060, 200):
            self.driver.execute_script("window.scrollTo(0, arguments[0])", scroll)
            time.sleep(0.2)
            self.assert_lines_in_view_are_covered(f"scrolled to {scroll}")

    def assert_lines_in_view_are_covered(self, what):
        lines = self.driver.execute_script(
            "const view = innerHeight, out = [], range = document.createRange();"
            "for (const p of document.querySelectorAll('#article p')) {"
            "  range.selectNodeContents(p.firstChild);"
            "  for (const r of range.getClientRects()) if (r.top > 10 && r.bottom < view - 10)"
            "    out.push({x: r.left, y: r.top, width: r.width, height: r.height}); }"
            "return out")
        self.assertGreaterEqual(len(lines), 5, f"{what}: text lines in view")
        image = harness.screenshot(self.driver, "dom-scrolled")
        page = {"left": 0, "top": 0, "dpr": self.driver.execute_script("return devicePixelRatio")}
        for line in lines:
            ink = harness.pixel(image, page, line["x"] + 4, line["y"] + line["height"] / 2)
            self.assertLess(max(ink) - min(ink), 30, f"{what}: a grey placeholder over the line {line}: {ink}")
            self.assertGreater(luma(ink), 180, f"{what}: not the text's dark ink at {line}: {ink}")
            gap = harness.pixel(image, page, line["x"] + line["width"] + 20, line["y"] + line["height"] / 2)
            self.assertEqual(gap, (255, 255, 255), f"{what}: the background beside the line {line}")


if __name__ == "__main__":
    unittest.main()
