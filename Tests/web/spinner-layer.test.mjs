// Web/spinner-layer.js against the core's own spinner overlay: for the random hosts of
// Tests/Vectors/spinner-look.json (written by SpinnerLookVectorTests from what the core draws), the
// page's spinner has the same backdrop (gradient, radius, stops, opacity, corners), the indicator in
// the same place at the same size, line and colour, the same turn and the same fade.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { SPINNER, paddingRadius, spinnerLook } from "../../Web/spinner-layer.js";
import { cssColor } from "../../Web/css-paint.js";

const cases = JSON.parse(readFileSync(new URL("../Vectors/spinner-look.json", import.meta.url), "utf8"));
const rgba = ([r, g, b, a]) => ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;

test("the page's spinner looks as the core's overlay", () => {
  assert.ok(cases.length >= 4);
  for (const c of cases) {
    const look = spinnerLook(c.width, c.height);
    const what = JSON.stringify(c);
    assert.equal(look.radius, c.backdrop.radius, what);
    assert.equal(paddingRadius(/** @type {any} */ ({ borderTopLeftRadius: `${c.cornerRadius}px`, borderLeftWidth: "0px" }), c.width),
      c.backdrop.cornerRadius, "the backdrop has the host's corners");
    assert.equal(Math.round(look.opacity * 255), c.backdrop.opacity, what);
    const stops = c.backdrop.stops.map(([offset, color]) => `${cssColor(rgba(color))} ${(offset / 65535) * c.backdrop.radius}px`);
    assert.equal(look.background, `radial-gradient(circle ${c.backdrop.radius}px at ${c.width / 2}px ${c.height / 2}px, ${stops.join(", ")})`, what);
    assert.deepEqual([look.indicator.x, look.indicator.y, look.indicator.diameter, look.indicator.lineWidth],
      [c.indicator.x, c.indicator.y, c.indicator.diameter, c.indicator.lineWidth], what);
    assert.equal(look.indicator.color, rgba(c.indicator.color), what);
    assert.equal(c.indicator.opacity, 255, "the indicator is drawn whole; the backdrop alone is see-through");
    assert.deepEqual([SPINNER.turn.steps, SPINNER.turn.perSecond, 65536 / SPINNER.turn.steps],
      [c.turn.steps, c.turn.perSecond, c.turn.increment], what);
    assert.equal(SPINNER.fade, c.fade, what);
  }
});

test("the corners are the element's padding box's: a length or a share of its width, less its border", () => {
  const style = (radius, border = "0px") => /** @type {any} */ ({ borderTopLeftRadius: radius, borderLeftWidth: border });
  assert.equal(paddingRadius(style("16px"), 300), 16);
  assert.equal(paddingRadius(style("50%"), 120), 60);
  assert.equal(paddingRadius(style("16px", "2px"), 300), 14);
  assert.equal(paddingRadius(style("10px 20px"), 300), 10);
  assert.equal(paddingRadius(style("1px", "3px"), 300), 0);
  assert.equal(paddingRadius(undefined, 300), 0);
});

test("a half-point centre is rounded to the core's eighth of a point", () => {
  const look = spinnerLook(101, 51);
  assert.equal(look.indicator.x, 32);
  assert.equal(look.indicator.y, 7);
  assert.equal(look.radius, 40.375);
});
