// Web/draw-items.js against the core's own drawing: the activity indicator's eight spokes, drawn for
// the random boxes of Tests/Vectors/activity-indicator.json (written by Swift's SVG export,
// ActivityIndicatorVectorTests), stroke for stroke — each spoke's ends and its opacity, to the
// thousandth of a point SVG export writes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { drawItem } from "../../Web/draw-items.js";
import { defaultItem } from "../../Web/wire.js";

const cases = JSON.parse(readFileSync(new URL("../Vectors/activity-indicator.json", import.meta.url), "utf8"));

/** A 2D context that records each stroke: the path's points and the alpha it was stroked at. */
function recorder() {
  const strokes = [];
  let path = [];
  const ctx = {
    globalAlpha: 1, strokeStyle: "", lineWidth: 1, lineCap: "butt",
    save() {}, restore() {}, translate() {}, rotate() {}, clip() {},
    beginPath() { path = []; },
    moveTo(x, y) { path.push(x, y); },
    lineTo(x, y) { path.push(x, y); },
    stroke() { strokes.push([...path, this.globalAlpha]); },
  };
  return { ctx, strokes };
}

test("the activity indicator's spokes are where SVG export draws them, as opaque", () => {
  for (const c of cases) {
    const { ctx, strokes } = recorder();
    drawItem(/** @type {any} */ (ctx), { ...defaultItem(1), kind: 4, x: c.x, y: c.y, width: c.width, height: c.height,
      lineWidth: c.lineWidth, fill: 1 }, ["#000"], false, /** @type {any} */ ({}));
    assert.equal(strokes.length, c.spokes.length, JSON.stringify(c));
    // SVG export writes spoke k at +k/8 turn; the canvas goes the other way round: its spoke k is SVG's (8 − k) mod 8.
    strokes.forEach((stroke, k) => {
      const expected = c.spokes[(8 - k) % 8];
      stroke.forEach((v, i) => assert.ok(Math.abs(v - expected[i]) <= 0.002,
        `spoke ${k} of ${JSON.stringify(c)}: ${stroke} against ${expected}`));
    });
  }
});
