"""`skeletonize()` on more than a scene can hold rejects at once, in the page's terms, before it
reads the content's layout: an element taller (or wider) than 16,384 px — 10,000 paragraphs, a
1,000,000-character text — and one holding more than 8,000 placeholders' worth of texts and boxes,
counted before any line box is read, or lines of one text counted as they are read. Nothing is left
behind (no layer, no aria-busy). Before, these read the whole element (0.35–0.74 s) and then
rejected with the core's message about a scene the page never wrote (`scene:1:54: "height" must be
at most 16384`). The work is counted (layout reads), not timed."""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

SKELETONIZE = r"""
const [html, style, done] = arguments;
(async () => {
  const { skeletonize } = await import("/veil.js");
  document.body.innerHTML = `<article id="article" style="${style}">${html}</article>`;
  const article = document.getElementById("article");
  if (html === "MILLION") article.innerHTML = "<p>" + "word ".repeat(200000) + "</p>";
  if (html === "PARAGRAPHS") article.innerHTML = "<p>A paragraph.</p>".repeat(10000);
  if (html === "LINES") article.textContent = "line\n".repeat(9000);
  // Layout reads of the content, counted.
  let reads = 0;
  const count = (proto, name) => { const f = proto[name]; proto[name] = function (...a) { reads++; return f.apply(this, a); }; };
  count(Range.prototype, "getClientRects");
  count(Element.prototype, "getClientRects");
  let out;
  try {
    await skeletonize(article);
    out = { resolved: true };
  } catch (error) {
    out = { message: String(error.message) };
  }
  out.reads = reads;
  out.left = document.querySelectorAll(".veil-skeleton").length + (article.hasAttribute("aria-busy") ? 1 : 0);
  return out;
})().then(done, (e) => done(String(e.stack || e)));
"""

TOO_MANY = ("skeletonize: the element holds more than 8,000 lines of text, images and data-skeleton elements; "
            "at most 8,000 placeholders can be drawn (skeletonize a part of it)")


class SkeletonizeLimitsTest(harness.ServedBrowserTest):
    SERVER_NAME = "skeletonize-limits-server"
    WINDOW = (800, 600)

    def skeletonize(self, html, style="width: 560px"):
        self.driver.get(f"{self.server.url}/embed.html")
        out = self.driver.execute_async_script(SKELETONIZE, html, style)
        self.assertIsInstance(out, dict, out)
        if not out.get("resolved"):
            self.assertEqual(out["left"], 0, "nothing left behind: no layer, no aria-busy")
        return out

    def test_an_element_taller_than_a_scene_is_refused_before_its_text_is_read(self):
        for html in ("PARAGRAPHS", "MILLION"):
            with self.subTest(html=html):
                out = self.skeletonize(html)
                self.assertRegex(out.get("message", ""),
                                 r"^skeletonize: the element is \d{2,3},\d{3} px tall; at most 16,384 px can be skeletonized$")
                self.assertEqual(out["reads"], 0, "no line box read")

    def test_an_element_wider_than_a_scene_is_refused(self):
        out = self.skeletonize("<p>wide</p>", "width: 20000px; height: 100px")
        self.assertEqual(out.get("message"), "skeletonize: the element is 20,000 px wide; at most 16,384 px can be skeletonized")
        self.assertEqual(out["reads"], 0)

    def test_more_placeholders_than_a_scene_holds_are_refused(self):
        # 10,000 paragraphs in a box 400 px tall (it scrolls): counted before any layout is read.
        out = self.skeletonize("PARAGRAPHS", "width: 560px; height: 400px; overflow: auto")
        self.assertEqual(out.get("message"), TOO_MANY)
        self.assertEqual(out["reads"], 0, "refused on the count of texts, before any line box is read")
        # One text of 9,000 lines within 16,384 px: its lines are counted as they are read.
        out = self.skeletonize("LINES", "width: 560px; white-space: pre; font: 2px/1.8px sans-serif")
        self.assertEqual(out.get("message"), TOO_MANY)
        self.assertEqual(out["reads"], 1, "one text's line boxes read")

    def test_a_page_sized_article_is_still_skeletonized(self):
        out = self.skeletonize("<h1>Title</h1>" + "<p>A paragraph of text that wraps.</p>" * 40)
        self.assertEqual(out.get("resolved"), True, out)
        self.assertEqual(out["left"], 2, "its layer, and aria-busy on the article")


if __name__ == "__main__":
    unittest.main()
