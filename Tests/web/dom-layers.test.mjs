// Web/dom-layers.js: a frame of layers, rectangles and drawn items as elements — nested and in
// painter's order, styled as the canvas draws them, a drawn item's canvas drawn again only when what
// it draws changes — and a declared points motion as a Web Animation through those very points on
// the session's clock, cancelled when the frame no longer has it; an endless turn as steps easing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DomLayers } from "../../Web/dom-layers.js";
import { defaultItem } from "../../Web/wire.js";
import { playMotions } from "../../Web/motions.js";

/** Just enough of an element: children, a style, a dataset and animate(). */
class FakeElement {
  constructor(doc) { this.ownerDocument = doc; this.children = []; this.parentNode = null; this.style = {}; this.dataset = {}; this.animations = []; this.draws = []; }
  /** A 2D context that records the methods called on it (a canvas' draw), in `draws`. */
  getContext() {
    const calls = [];
    this.draws.push(calls);
    return new Proxy({}, { get: (target, key) => key in target ? target[key] : (...args) => { calls.push(key); return { addColorStop() {} }; } });
  }
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
  assert.equal(drawn.elements.get(2).style.translate, "1px 100px");
  assert.equal(drawn.elements.get(3).style.translate, "0px 20px");

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

test("a radial paint is centred where the canvas centres it, reaching its radius", () => {
  const container = new FakeElement(doc);
  const drawn = new DomLayers(container, { startMs: 0 });
  // A spinner's backdrop over a 200 × 100 pt host at (16, 8): centred in it, 0.8 × its half width.
  const radial = { kind: "radial", cx: 928, cy: 464, radius: 640,
    stops: [{ offset: 0, color: 0x666666CC }, { offset: 65535, color: 0x1A1A1A80 }] };
  drawn.showNow(frame([rect(1, { x: 128, y: 64, width: 1600, height: 800, fill: 3 })], { paints: [...frame([]).paints, radial] }));
  assert.equal(drawn.elements.get(1).style.background,
    "radial-gradient(circle 80px at 100px 50px, rgba(102,102,102,0.8) 0px, rgba(26,26,26,0.502) 80px)");
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
  assert.deepEqual(moving.keyframes.map((k) => k.translate), ["2px 100px", "2px 110px", "2px 125px"]);
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
  assert.equal(drawn.elements.get(2).style.translate, "2px 125px");
});

test("an activity indicator is drawn once on its own canvas and turns by an endless steps animation", () => {
  const container = new FakeElement(doc);
  const drawn = new DomLayers(container, { startMs: 250 });
  const spinner = (fields) => item({ id: 7, kind: 4, x: 80, y: 160, width: 160, height: 160, fill: 1, lineWidth: 20, ...fields });
  const turn = { id: 7, field: "rotation", start: 0, steps: { count: 8, rate: 8, increment: 8192 } };
  drawn.showNow(frame([layer(2, [spinner({})])], { itemMotions: [turn] }));
  const element = drawn.elements.get(7), canvas = element.firstChild;
  assert.equal(element.style.translate, "10px 20px");
  assert.equal(canvas.draws.length, 1, "drawn on its canvas");
  assert.ok(canvas.draws[0].includes("stroke"), "its spokes stroked");
  assert.equal(canvas.style.width, `${20 + 8}px`, "its box and a margin each side");
  const [turning] = element.animations;
  assert.deepEqual(turning.keyframes.map((k) => k.rotate), ["0turn", "1turn"]);
  assert.deepEqual([turning.options.duration, turning.options.iterations, turning.options.easing], [1000, Infinity, "steps(8, end)"]);
  assert.equal(turning.startTime, 250);
  assert.equal(drawn.plays(turn, [turn]), true, "the page's frame loop need not wake for it");
  const arc = { ...turn, field: "arcStart" };
  assert.equal(drawn.plays(arc, [arc]), false, "a field the compositor cannot move is the page's");
  assert.equal(playMotions(frame([spinner({})], { itemMotions: [turn] }), 0.5, (m) => drawn.plays(m, [turn])).items[0].rotation, 0,
    "the page's loop leaves it as declared");
  assert.equal(playMotions(frame([spinner({})], { itemMotions: [turn] }), 0.5).items[0].rotation, 4 * 8192, "where a canvas plays it");

  // Moved by other fields (the footer's place): restyled, not drawn again, the turn kept.
  drawn.showNow(frame([layer(2, [spinner({ y: 240 })])], { itemMotions: [turn] }));
  assert.equal(element.style.translate, "10px 30px");
  assert.equal(canvas.draws.length, 1);
  assert.equal(element.animations.length, 1);
  // What it draws changed (its colour's slot): drawn again.
  drawn.showNow(frame([layer(2, [spinner({ fill: 2 })])], { itemMotions: [turn] }));
  assert.equal(canvas.draws.length, 2);
  // Hidden (opacity 0: a refresh that ended, the footer between loads): the turn goes; shown, it comes back.
  drawn.showNow(frame([layer(2, [spinner({ opacity: 0 })])], { itemMotions: [turn] }));
  assert.equal(turning.cancelled, true);
  drawn.showNow(frame([layer(2, [spinner({})])], { itemMotions: [turn] }));
  const [, again] = element.animations;
  assert.equal(again.cancelled, false);
  // It stops (the list is gone): the turn goes.
  drawn.showNow(frame([layer(2, [])]));
  assert.equal(again.cancelled, true);
  assert.equal(drawn.elements.has(7), false);
});

test("loops of what the compositor moves repeat as endless Web Animations; an item with another is the page's to play whole", () => {
  const container = new FakeElement(doc);
  const drawn = new DomLayers(container, { startMs: 100 });
  const dot = rect(3, { x: 80, y: 80, width: 48, height: 48, fill: 1 });
  const disc = rect(4, { x: 80, y: 80, width: 0, height: 0, fill: 1 });
  const light = { id: 3, field: "opacity", start: 0, loop: { interval: 0.5, values: [255, 64, 255] } };
  const across = { id: 4, field: "x", start: 0, loop: { interval: 0.5, values: [80, 40, 0] } };
  const down = { id: 4, field: "y", start: 0, loop: { interval: 0.5, values: [160, 80, 0] } };
  const motions = [light, across, down];
  drawn.showNow(frame([layer(2, [dot, disc])], { itemMotions: motions }));
  const [lit] = drawn.elements.get(3).animations;
  assert.deepEqual(lit.keyframes.map((k) => k.opacity), ["1", String(64 / 255), "1"]);
  assert.deepEqual([lit.options.duration, lit.options.iterations, lit.options.fill], [1000, Infinity, undefined]);
  assert.equal(lit.startTime, 100);
  const moves = drawn.elements.get(4).animations;
  assert.equal(moves.length, 1, "x and y together: one translate");
  assert.deepEqual(moves[0].keyframes.map((k) => k.translate), ["10px 20px", "5px 10px", "0px 0px"]);
  assert.deepEqual(motions.map((m) => drawn.plays(m, motions)), [true, true, true]);

  // The disc grows as it moves (a circle animator's part): its width is no compositor's, so none of it is.
  const grow = { id: 4, field: "width", start: 0, loop: { interval: 0.5, values: [0, 96, 192] } };
  const withGrowth = [light, across, down, grow];
  drawn.showNow(frame([layer(2, [dot, disc])], { itemMotions: withGrowth }));
  assert.equal(moves[0].cancelled, true);
  assert.equal(drawn.elements.get(4).animations.length, 1, "nothing new on it");
  assert.deepEqual(withGrowth.map((m) => drawn.plays(m, withGrowth)), [true, false, false, false]);
});

test("an item of another kind under the same id gets another element; a huge drawn item a bounded canvas", () => {
  const container = new FakeElement(doc);
  const drawn = new DomLayers(container, { startMs: 0 });
  drawn.showNow(frame([rect(5, {})]));
  const box = drawn.elements.get(5);
  drawn.showNow(frame([item({ id: 5, kind: 3, width: 160, height: 160, stroke: 1, lineWidth: 16, arcSweep: 16384 })]));
  const arc = drawn.elements.get(5);
  assert.notEqual(arc, box);
  assert.equal(box.parentNode, null, "the rectangle's element is gone");
  assert.equal(arc.firstChild.draws.length, 1, "the arc drawn on its own canvas");
  drawn.resize(800, 800, 2);
  drawn.showNow(frame([item({ id: 6, kind: 4, width: 8 * 100000, height: 80, fill: 1, lineWidth: 16 })]));
  const canvas = drawn.elements.get(6).firstChild;
  assert.ok(canvas.width <= 4096 && canvas.height <= 4096, `${canvas.width} × ${canvas.height}`);
  assert.equal(canvas.style.width, `${100000 + 8}px`, "still as wide as the item");
});
