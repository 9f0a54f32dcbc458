// Web/hosts.js: where host items (kind 6) are in canvas points, with the layers' offsets, group
// opacities and clips composed — what a page needs to place its own element over the canvas.
import { test } from "node:test";
import assert from "node:assert/strict";
import { hostBoxes } from "../../Web/hosts.js";
import { defaultItem } from "../../Web/wire.js";

const item = (fields) => ({ ...defaultItem(0), ...fields });
const host = (id, x, y, width, height, more = {}) => item({ id, kind: 6, x, y, width, height, ...more });
const layer = (id, x, y, children, more = {}) => item({ id, kind: 5, x, y, width: 800, height: 800, children, ...more });
const frame = (items) => ({ width: 3120, height: 6752, background: 0xffffffff, paints: [], items });

test("a host item in the root layer is where it is drawn, in points", () => {
  const [box] = hostBoxes(frame([item({ id: 1, kind: 0, width: 80, height: 80 }), host(2, 80, 160, 2400, 2560)]));
  assert.deepEqual(box, { id: 2, x: 10, y: 20, width: 300, height: 320, opacity: 1, clip: null, clipped: false, carrier: null });
});

test("nested layers add their offsets and multiply their opacities", () => {
  const f = frame([layer(10, 80, 800, [layer(11, 16, -160, [host(12, 8, 8, 160, 80)], { opacity: 128 })], { opacity: 255 })]);
  const [box] = hostBoxes(f);
  assert.equal(box.id, 12);
  assert.equal(box.x, (80 + 16 + 8) / 8);
  assert.equal(box.y, (800 - 160 + 8) / 8);
  assert.equal(box.opacity, 128 / 255);
  assert.equal(box.clipped, false);
});

test("the outermost layer that will move carries the host, with its origin in points", () => {
  // A sheet's card (will change) holding a scroll content layer (will change too): the card carries it.
  const content = layer(42, 0, -80, [host(43, 0, 160, 800, 400)], { willChange: 1 });
  const card = layer(41, 0, 3200, [layer(44, 8, 0, [content])], { willChange: 1 });
  const [box] = hostBoxes(frame([layer(40, 0, 0, [card])]));
  assert.deepEqual(box.carrier, { id: 41, x: 0, y: 400 });
  assert.equal(box.y, (3200 - 80 + 160) / 8);
  assert.equal(hostBoxes(frame([layer(45, 0, 0, [host(46, 0, 0, 8, 8)])]))[0].carrier, null, "no layer that moves: none");
});

test("a layer's clip is in its parent's space and stays put when the layer scrolls", () => {
  // A list at y = 100 pt, 200 pt tall, scrolled by 50 pt: its content layer's offset is -50 pt
  // below its clip; a row at 120 pt in content shows at 170 pt, under the clip at 100…300 pt.
  const list = layer(20, 0, 800 - 400, [host(21, 0, 960, 3120, 320)], { clip: { x: 0, y: 800, width: 3120, height: 1600, cornerRadius: 64 } });
  const [box] = hostBoxes(frame([list]));
  assert.equal(box.y, (400 + 960) / 8);
  assert.deepEqual(box.clip, { x: 0, y: 100, width: 390, height: 200, cornerRadius: 8 });
  assert.equal(box.clipped, false);
});

test("clips nest by intersection, an item's own clip included", () => {
  const inner = layer(31, 40, 40, [host(32, 0, 0, 400, 400, { clip: { x: 0, y: 0, width: 200, height: 800, cornerRadius: 0 } })],
    { clip: { x: 0, y: 0, width: 800, height: 160, cornerRadius: 0 } });
  const [box] = hostBoxes(frame([layer(30, 80, 80, [inner])]));
  // Outer clip (canvas) 80+0…80+800 × 80+0…80+160; own clip 120…320 × 120…920.
  assert.deepEqual(box.clip, { x: 120 / 8, y: 120 / 8, width: 200 / 8, height: 120 / 8, cornerRadius: 0 });
  assert.equal(box.clipped, false);
});

test("a host item wholly outside its clip, or under a layer at opacity 0, is reported clipped", () => {
  const scrolledAway = layer(40, 0, -4000, [host(41, 0, 0, 800, 800)], { clip: { x: 0, y: 0, width: 800, height: 800, cornerRadius: 0 } });
  const faded = layer(42, 0, 0, [host(43, 0, 0, 80, 80)], { opacity: 0 });
  const shown = host(44, 0, 0, 80, 80);
  const boxes = hostBoxes(frame([scrolledAway, faded, shown]));
  assert.deepEqual(boxes.map((b) => [b.id, b.clipped]), [[41, true], [43, true], [44, false]]);
});

test("other kinds are not hosts, and the order is painter's order", () => {
  const f = frame([host(3, 0, 0, 8, 8), layer(5, 0, 0, [item({ id: 6, kind: 2 }), host(7, 0, 0, 8, 8)]), host(1, 0, 0, 8, 8)]);
  assert.deepEqual(hostBoxes(f).map((b) => b.id), [3, 7, 1]);
});
