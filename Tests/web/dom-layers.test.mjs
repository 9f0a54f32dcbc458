// Web/dom-layers.js: a frame of layers and rectangles as elements — nested and in painter's order,
// styled as the canvas draws them — and a declared points motion as a Web Animation through those
// very points on the session's clock, cancelled when the frame no longer has it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DomLayers } from "../../Web/dom-layers.js";
import { defaultItem } from "../../Web/wire.js";

/** Just enough of an element: children, a style, a dataset and animate(). */
class FakeElement {
  constructor(doc) { this.ownerDocument = doc; this.children = []; this.parentNode = null; this.style = {}; this.dataset = {}; this.animations = []; }
  get firstChild() { return this.children[0] ?? null; }
  insertBefore(child, before) {
    child.remove();
    const at = before ? this.children.indexOf(before) : -1;
    if (at < 0) this.children.push(child); else this.children.splice(at, 0, child);
    child.parentNode = this;
  }
  append(child) { this.insertBefore(child, null); }
  remove() {
    if (!this.parentNode) return;
    this.parentNode.children.splice(this.parentNode.children.indexOf(this), 1);
    this.parentNode = null;
  }
  animate(keyframes, options) {
    const animation = { keyframes, options, startTime: null, cancelled: false, cancel() { this.cancelled = true; } };
    this.animations.push(animation);
    return animation;
  }
}
const doc = { createElement: () => new FakeElement(doc) };

const item = (fields) => ({ ...defaultItem(0), ...fields });
const rect = (id, fields) => item({ id, kind: 0, width: 80, height: 80, ...fields });
const layer = (id, children, fields = {}) => item({ id, kind: 5, width: 800, height: 800, children, ...fields });
const frame = (items, more = {}) => ({ width: 800, height: 800, background: 0, items, itemMotions: [],
  paints: [{ kind: "solid", color: 0xff000080 }, { kind: "linear", x0: 0, y0: -96, x1: 0, y1: 80, stops: [{ offset: 0, color: 0 }, { offset: 65535, color: 31 }] }], ...more });
const ids = (element) => element.children.map((c) => Number(c.dataset.item));

test("layers nest their children, in painter's order, each styled as drawn", () => {
  const container = new FakeElement(doc);
  const drawn = new DomLayers(container, { startMs: 0 });
  drawn.showNow(frame([rect(1, { fill: 1, opacity: 128, cornerRadius: 16 }), layer(2, [rect(3, { y: 160 }), rect(4, {})], { x: 8, y: 800 })]));
  assert.deepEqual(ids(container), [1, 2]);
  assert.deepEqual(ids(drawn.elements.get(2)), [3, 4]);
  const one = drawn.elements.get(1).style;
  assert.equal(one.background, "rgba(255,0,0,0.502)");
  assert.equal(one.opacity, String(128 / 255));
  assert.equal(one.borderRadius, "2px");
  assert.equal(drawn.elements.get(2).style.transform, "translate(1px, 100px)");
  assert.equal(drawn.elements.get(3).style.transform, "translate(0px, 20px)");

  // Reordered, one gone: the same elements, moved; the gone one removed.
  drawn.showNow(frame([layer(2, [rect(4, {}), rect(3, { y: 160 })], { x: 8, y: 800 })]));
  assert.deepEqual(ids(container), [2]);
  assert.deepEqual(ids(drawn.elements.get(2)), [4, 3]);
  assert.equal(drawn.elements.has(1), false);
});

test("a linear paint's stops are where the canvas puts them along its own axis", () => {
  const container = new FakeElement(doc);
  const drawn = new DomLayers(container, { startMs: 0 });
  // The sheet's shadow: a rect from y = -96 to 80 (1/8 pt), the gradient over exactly that span.
  drawn.showNow(frame([rect(1, { y: -96, height: 176, width: 3200, fill: 2 })]));
  assert.equal(drawn.elements.get(1).style.background,
    `linear-gradient(${Math.PI}rad, rgba(0,0,0,0) 0px, rgba(0,0,0,0.1216) 22px)`);
});

test("a page's element placed in a layer's slot stays above what the layer draws", () => {
  const container = new FakeElement(doc);
  const drawn = new DomLayers(container, { startMs: 0 });
  drawn.showNow(frame([layer(2, [rect(3, {})])]));
  const slot = drawn.slot(2);
  drawn.showNow(frame([layer(2, [rect(5, {}), rect(3, {})])]));
  assert.equal(drawn.elements.get(2).children.at(-1), slot);
  assert.deepEqual(ids(drawn.elements.get(2)).slice(0, 2), [5, 3]);
});

test("a points motion is a Web Animation through its points, on the session's clock, until the frame drops it", () => {
  const container = new FakeElement(doc);
  const drawn = new DomLayers(container, { startMs: 1500 });
  const motion = { id: 2, field: "y", start: 2.8, points: { interval: 1 / 120, values: [800, 880, 1000] } };
  const fade = { id: 3, field: "opacity", start: 2.8, points: { interval: 1 / 120, values: [30, 10, 0] } };
  const items = [layer(2, [], { x: 16, y: 800 }), layer(3, [], { opacity: 30 })];
  drawn.showNow(frame(items, { itemMotions: [motion, fade] }));
  const [moving] = drawn.elements.get(2).animations;
  assert.deepEqual(moving.keyframes.map((k) => k.transform), ["translate(2px, 100px)", "translate(2px, 110px)", "translate(2px, 125px)"]);
  assert.deepEqual(moving.keyframes.map((k) => k.offset), [0, 0.5, 1]);
  assert.equal(moving.options.duration, 2 * 1000 / 120);
  assert.equal(moving.options.fill, "forwards");
  assert.equal(moving.startTime, 1500 + 2800);
  const [fading] = drawn.elements.get(3).animations;
  assert.deepEqual(fading.keyframes.map((k) => k.opacity), [String(30 / 255), String(10 / 255), "0"]);

  // The same motions in a later message (the played frames share them): nothing new.
  drawn.showNow(frame(items, { itemMotions: [motion, fade] }));
  assert.equal(drawn.elements.get(2).animations.length, 1);
  assert.equal(moving.cancelled, false);

  // The path ended (or a finger caught the sheet): the frame holds the value, the animation goes.
  drawn.showNow(frame([layer(2, [], { x: 16, y: 1000 }), layer(3, [], { opacity: 0 })]));
  assert.equal(moving.cancelled, true);
  assert.equal(fading.cancelled, true);
  assert.equal(drawn.elements.get(2).style.transform, "translate(2px, 125px)");
});
