"""Web/render.js draws layers as groups, in headless Chromium: a half-transparent layer is composited
once, so its overlapping children do not show through each other (docs/PROTOCOL.md, "Layers")."""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

# Two overlapping opaque red squares in a layer at opacity 128 over white, and the same two squares
# drawn without a layer at item opacity 128 (the old per-item model) for contrast. Returns the RGBA
# of: the overlap inside the layer, a single square inside the layer, the overlap of the per-item pair.
DRAW = """
const done = arguments[arguments.length - 1];
import("./veil.js").then(({ CanvasRenderer }) => {
  const canvas = document.createElement("canvas");
  canvas.width = 200; canvas.height = 100;
  document.body.appendChild(canvas);
  const ctx = canvas.getContext("2d");
  const rect = (id, x, opacity) => ({ id, kind: 0, x: x * 8, y: 10 * 8, width: 40 * 8, height: 40 * 8,
    cornerRadius: 0, fill: 1, stroke: 0, lineWidth: 0, opacity, rotation: 0, clip: null, text: "",
    fontSize: 0, fontWeight: 400, baseline: 0, arcStart: 0, arcSweep: 0 });
  const layer = { ...rect(1, 0, 128), kind: 5, x: 10 * 8, width: 0, height: 0, fill: 0,
                  children: [rect(2, 0, 255), rect(3, 20, 255)] };
  const frame = { width: 200 * 8, height: 100 * 8, background: 0xffffffff,
                  paints: [{ kind: "solid", color: 0xff0000ff }],
                  items: [layer, rect(4, 110, 128), rect(5, 130, 128)] };
  new CanvasRenderer(ctx).draw(frame, 200, 100, 1);
  const at = (x, y) => Array.from(ctx.getImageData(x, y, 1, 1).data);
  done([at(40, 30), at(15, 30), at(140, 30)]);
}).catch((e) => done(String(e)));
"""


class LayerCompositingTest(harness.ServedBrowserTest):
    def test_a_translucent_layer_is_composited_as_one_group(self):
        self.driver.get(f"{self.server.url}/index.html")
        result = self.driver.execute_async_script(DRAW)
        self.assertIsInstance(result, list, f"drawing failed: {result}")
        overlap, single, per_item_overlap = result
        self.assertTrue(all(abs(a - b) <= 2 for a, b in zip(overlap, single)),
                        f"the overlap {overlap} looks like a single square {single}: one group")
        self.assertTrue(abs(single[1] - 127) <= 3 and single[0] == 255, f"half-transparent red over white: {single}")
        self.assertLess(per_item_overlap[1], single[1] - 40,
                        f"per-item opacity would darken the overlap ({per_item_overlap}); the layer does not")


if __name__ == "__main__":
    unittest.main()
