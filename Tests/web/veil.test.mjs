// Unit tests of Web/veil.js: the canvas renderer against a recording fake 2D context, canvas
// sizing at devicePixelRatio, redraw coalescing, input mapping, and both transports against fakes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { register } from "node:module";
import { recordingContext, calls, valueAt, FakeGradient } from "./fixtures/recording-context.mjs";

if (!existsSync(new URL("../../Web/wire.js", import.meta.url))) {
  register("./fixtures/wire-resolve.mjs", import.meta.url);
}
const veil = await import("../../Web/veil.js");
const { CanvasRenderer, CanvasView, cssColor, pointFromClient, pointerInput, keyInput, wheelInput,
  connectWebSocket, WasmModule, WasmSession } = veil;

// Frames use raw wire integers: 1/8 pt, 0xRRGGBBAA, turns/65536.
const RED = 0xff0000ff, BLUE = 0x0000ffff, WHITE = 0xffffffff;

function item(fields) {
  return {
    id: 1, kind: 0, x: 0, y: 0, width: 0, height: 0, cornerRadius: 0, fill: 0, stroke: 0,
    lineWidth: 0, opacity: 255, rotation: 0, clip: null, text: "", fontSize: 0, fontWeight: 400,
    baseline: 0, arcStart: 0, arcSweep: 0, ...fields,
  };
}

function frame(items, paints = [{ kind: "solid", color: RED }], extra = {}) {
  return { width: 800, height: 400, background: WHITE, paints, items, ...extra };
}

function drawOnce(f, cssWidth = 100, cssHeight = 50, dpr = 1) {
  const ctx = recordingContext();
  new CanvasRenderer(ctx).draw(f, cssWidth, cssHeight, dpr);
  return ctx.log;
}

test("cssColor turns 0xRRGGBBAA into rgba() with straight alpha", () => {
  assert.equal(cssColor(0xff8000ff), "rgba(255,128,0,1)");
  assert.equal(cssColor(0x10203080), "rgba(16,32,48,0.502)");
  assert.equal(cssColor(0), "rgba(0,0,0,0)");
});

test("background fills the whole canvas after clearing, at the device pixel ratio", () => {
  const log = drawOnce(frame([], [], { background: 0x336699ff }), 100, 50, 2);
  assert.deepEqual(log[0], ["setTransform", 2, 0, 0, 2, 0, 0]);
  assert.deepEqual(calls(log, "clearRect")[0], ["clearRect", 0, 0, 100, 50]);
  const fillRect = log.findIndex((e) => e[0] === "fillRect");
  assert.deepEqual(log[fillRect], ["fillRect", 0, 0, 100, 50]);
  assert.equal(valueAt(log, fillRect, "fillStyle"), "rgba(51,102,153,1)");
});

test("a rect item divides 1/8 pt coordinates by 8 and fills with its solid paint", () => {
  const log = drawOnce(frame([item({ kind: 0, x: 80, y: 16, width: 400, height: 200, fill: 1 })]));
  assert.deepEqual(calls(log, "rect")[0], ["rect", 10, 2, 50, 25]);
  const fill = log.findIndex((e) => e[0] === "fill");
  assert.ok(fill > 0);
  assert.equal(valueAt(log, fill, "fillStyle"), "rgba(255,0,0,1)");
  assert.equal(calls(log, "stroke").length, 0, "no stroke paint → no stroke");
});

test("a rounded rect uses roundRect, clamped to half the shorter side", () => {
  const log = drawOnce(frame([
    item({ width: 160, height: 80, cornerRadius: 32, fill: 1 }),
    item({ id: 2, width: 160, height: 80, cornerRadius: 800, fill: 1 }),
  ]));
  const rounds = calls(log, "roundRect");
  assert.deepEqual(rounds[0], ["roundRect", 0, 0, 20, 10, 4]);
  assert.deepEqual(rounds[1], ["roundRect", 0, 0, 20, 10, 5]);
});

test("stroke uses the stroke paint and lineWidth in points", () => {
  const paints = [{ kind: "solid", color: RED }, { kind: "solid", color: BLUE }];
  const log = drawOnce(frame([item({ width: 80, height: 80, fill: 1, stroke: 2, lineWidth: 12 })], paints));
  const stroke = log.findIndex((e) => e[0] === "stroke");
  assert.ok(stroke > 0);
  assert.equal(valueAt(log, stroke, "strokeStyle"), "rgba(0,0,255,1)");
  assert.equal(valueAt(log, stroke, "lineWidth"), 1.5);
});

test("linear gradient: canvas-space points, stops at offset/65535", () => {
  const paints = [{ kind: "linear", x0: 0, y0: 8, x1: 800, y1: 16,
    stops: [{ offset: 0, color: RED }, { offset: 65535, color: BLUE }, { offset: 32768, color: WHITE }] }];
  const log = drawOnce(frame([item({ width: 80, height: 80, fill: 1 })], paints));
  const create = calls(log, "createLinearGradient");
  assert.deepEqual(create, [["createLinearGradient", 0, 1, 100, 2]]);
  const fill = log.findIndex((e) => e[0] === "fill");
  const gradient = valueAt(log, fill, "fillStyle");
  assert.ok(gradient instanceof FakeGradient);
  assert.deepEqual(gradient.stops, [[0, "rgba(255,0,0,1)"], [1, "rgba(0,0,255,1)"],
    [32768 / 65535, "rgba(255,255,255,1)"]]);
});

test("radial gradient: createRadialGradient(cx, cy, 0, cx, cy, r)", () => {
  const paints = [{ kind: "radial", cx: 400, cy: 200, radius: 240, stops: [{ offset: 0, color: RED }] }];
  const log = drawOnce(frame([item({ width: 80, height: 80, fill: 1 })], paints));
  assert.deepEqual(calls(log, "createRadialGradient"), [["createRadialGradient", 50, 25, 0, 50, 25, 30]]);
});

test("gradients are cached per paint slot while the paint is unchanged", () => {
  const ctx = recordingContext();
  const renderer = new CanvasRenderer(ctx);
  const shimmer = (x0) => ({ kind: "linear", x0, y0: 0, x1: x0 + 80, y1: 0,
    stops: [{ offset: 0, color: RED }, { offset: 65535, color: BLUE }] });
  const items = [item({ width: 80, height: 80, fill: 1 }), item({ id: 2, x: 100, width: 80, height: 80, fill: 1 })];
  renderer.draw(frame(items, [shimmer(0)]), 100, 50);
  renderer.draw(frame(items, [shimmer(0)]), 100, 50); // equal paint, new object
  assert.equal(calls(ctx.log, "createLinearGradient").length, 1, "one gradient for two items and two draws");
  renderer.draw(frame(items, [shimmer(8)]), 100, 50); // the shimmer moved
  assert.equal(calls(ctx.log, "createLinearGradient").length, 2);
  renderer.draw(frame(items, [{ kind: "solid", color: RED }, shimmer(8)]), 100, 50); // slot 0 now solid
  renderer.draw(frame(items, [{ kind: "solid", color: RED }, shimmer(8)]), 100, 50);
  assert.equal(calls(ctx.log, "createLinearGradient").length, 3, "slot 1 is new, then cached");
});

test("opacity, clip and rotation wrap the item in save/restore, clip before rotation", () => {
  const log = drawOnce(frame([item({
    x: 80, y: 80, width: 160, height: 80, fill: 1, opacity: 128, rotation: 16384,
    clip: { x: 0, y: 0, width: 400, height: 240, cornerRadius: 16 },
  })]));
  const names = log.map((e) => (e[0] === "set" ? `set ${e[1]}` : e[0]));
  const at = (name, from = 0) => names.indexOf(name, from);
  const save = at("save");
  assert.ok(save > 0);
  assert.deepEqual(log[at("set globalAlpha", save)], ["set", "globalAlpha", 128 / 255]);
  assert.deepEqual(log[at("roundRect", save)], ["roundRect", 0, 0, 50, 30, 2]);
  const clip = at("clip", save);
  const rotate = at("rotate", save);
  assert.ok(clip < rotate, "clip is in canvas space, set before rotating");
  assert.deepEqual(log[rotate - 1], ["translate", 20, 15], "rotates about the box centre");
  assert.ok(Math.abs(log[rotate][1] - Math.PI / 2) < 1e-12, "16384/65536 of a turn = 90°");
  assert.deepEqual(log[rotate + 1], ["translate", -20, -15]);
  assert.ok(at("restore", rotate) > at("fill", rotate));
});

test("text: Inter at its size and weight, no kerning, left, alphabetic baseline at y + baseline", () => {
  const log = drawOnce(frame([item({
    kind: 1, x: 80, y: 160, width: 800, height: 160, fill: 1, text: "Hello, Veil",
    fontSize: 136, fontWeight: 600, baseline: 128,
  })]));
  const fillText = log.findIndex((e) => e[0] === "fillText");
  assert.deepEqual(log[fillText], ["fillText", "Hello, Veil", 10, 36]);
  assert.match(valueAt(log, fillText, "font"), /^600 17px "Veil Inter"/);
  assert.equal(valueAt(log, fillText, "fontKerning"), "none");
  assert.equal(valueAt(log, fillText, "textAlign"), "left");
  assert.equal(valueAt(log, fillText, "textBaseline"), "alphabetic");
  assert.equal(valueAt(log, fillText, "fillStyle"), "rgba(255,0,0,1)");
  assert.equal(calls(log, "measureText").length, 0, "the host never measures or re-wraps");
});

test("image placeholder: its paint, then a glyph clipped to the box", () => {
  const log = drawOnce(frame([item({ kind: 2, x: 0, y: 0, width: 640, height: 480, cornerRadius: 64, fill: 1 })]));
  const fill = log.findIndex((e) => e[0] === "fill");
  assert.equal(valueAt(log, fill, "fillStyle"), "rgba(255,0,0,1)");
  assert.deepEqual(calls(log, "roundRect")[0], ["roundRect", 0, 0, 80, 60, 8]);
  const clip = log.findIndex((e, i) => i > fill && e[0] === "clip");
  const glyph = log.findIndex((e, i) => i > clip && e[0] === "stroke");
  assert.ok(clip > fill && glyph > clip, "glyph strokes come after clipping to the box");
  const lines = log.filter((e) => e[0] === "lineTo");
  for (const [, x, y] of lines) assert.ok(x >= 0 && x <= 80 && y >= 0 && y <= 60, "glyph inside the box");
  assert.match(valueAt(log, glyph, "strokeStyle"), /^rgba\(0,0,0,0\.\d+\)$/, "a darker, subtle tone");
});

test("host item (kind 6): a stand-in, a light box with a dashed outline and \"host\", no paint of its own", () => {
  const log = drawOnce(frame([item({ kind: 6, x: 80, y: 16, width: 640, height: 240 })]));
  assert.deepEqual(calls(log, "fillRect").at(-1), ["fillRect", 10, 2, 80, 30]);
  assert.deepEqual(calls(log, "strokeRect")[0], ["strokeRect", 10, 2, 80, 30]);
  const dash = log.findIndex((e) => e[0] === "setLineDash");
  assert.deepEqual(log[dash], ["setLineDash", [4, 3]]);
  const [text] = calls(log, "fillText");
  assert.deepEqual(text, ["fillText", "host", 50, 21]);
  // Too small for the word: the outline only.
  assert.equal(calls(drawOnce(frame([item({ kind: 6, width: 80, height: 80 })])), "fillText").length, 0);
});

test("arc: centred, radius min(w,h)/2 − lineWidth/2, 0 = 12 o'clock, clockwise, round caps", () => {
  const paints = [{ kind: "solid", color: RED }, { kind: "solid", color: BLUE }];
  const log = drawOnce(frame([item({
    kind: 3, x: 80, y: 80, width: 320, height: 240, stroke: 2, lineWidth: 32, arcStart: 16384, arcSweep: 32768,
  })], paints));
  const [arc] = calls(log, "arc");
  assert.equal(arc[1], 30);
  assert.equal(arc[2], 25);
  assert.equal(arc[3], 13, "240/8/2 − 4/2");
  assert.ok(Math.abs(arc[4] - 0) < 1e-12, "a quarter turn from 12 o'clock is 3 o'clock (canvas 0)");
  assert.ok(Math.abs(arc[5] - Math.PI) < 1e-12, "half a turn clockwise");
  assert.equal(arc[6], false);
  const stroke = log.findIndex((e) => e[0] === "stroke");
  assert.equal(valueAt(log, stroke, "lineCap"), "round");
  assert.equal(valueAt(log, stroke, "lineWidth"), 4);
  assert.equal(valueAt(log, stroke, "strokeStyle"), "rgba(0,0,255,1)");
});

test("items are drawn in frame order", () => {
  const paints = [{ kind: "solid", color: RED }, { kind: "solid", color: BLUE }];
  const log = drawOnce(frame([
    item({ id: 7, x: 8, width: 8, height: 8, fill: 2 }),
    item({ id: 3, x: 16, width: 8, height: 8, fill: 1 }),
  ], paints));
  assert.deepEqual(calls(log, "rect").map((e) => e[1]), [1, 2]);
  const fills = log.map((e, i) => (e[0] === "fill" ? valueAt(log, i, "fillStyle") : null)).filter(Boolean);
  assert.deepEqual(fills, ["rgba(0,0,255,1)", "rgba(255,0,0,1)"]);
});

// --- CanvasView: sizing, coalescing, input -----------------------------------------------------

function fakeCanvas({ parentWidth = 300, parentHeight = 200 } = {}) {
  const ctx = recordingContext();
  const listeners = {};
  return {
    ctx, listeners, width: 300, height: 150, tabIndex: -1, clientWidth: 0, clientHeight: 0,
    style: {}, dataset: {},
    parentElement: { clientWidth: parentWidth, clientHeight: parentHeight },
    getContext: () => ctx,
    addEventListener: (type, fn) => { listeners[type] = fn; },
    removeEventListener: (type) => { delete listeners[type]; },
    getBoundingClientRect: () => ({ left: 10, top: 20, width: parentWidth, height: parentHeight }),
    focus() {}, setPointerCapture() {},
  };
}

function fakeEnv(dpr) {
  const queue = [];
  return {
    devicePixelRatio: dpr,
    requestAnimationFrame: (fn) => queue.push(fn),
    flush() { const fns = queue.splice(0); for (const fn of fns) fn(); return fns.length; },
  };
}

test("the backing store is CSS size × devicePixelRatio, drawn with a dpr transform", () => {
  const canvas = fakeCanvas({ parentWidth: 300, parentHeight: 200 });
  const env = fakeEnv(2);
  const view = new CanvasView(canvas, { env }).attach();
  assert.equal(canvas.width, 600);
  assert.equal(canvas.height, 400);
  assert.equal(canvas.style.width, "300px");
  assert.equal(canvas.style.height, "200px");
  view.show(frame([]));
  env.flush();
  assert.deepEqual(calls(canvas.ctx.log, "setTransform")[0], ["setTransform", 2, 0, 0, 2, 0, 0]);
});

test("fill mode reports the canvas size once as a resize input", () => {
  const canvas = fakeCanvas({ parentWidth: 320.6, parentHeight: 480 });
  const inputs = [];
  const view = new CanvasView(canvas, { env: fakeEnv(1), onInput: (i) => inputs.push(i) }).attach();
  view.measure();
  assert.deepEqual(inputs, [{ input: { resize: { width: 320, height: 480 } } }]);
  canvas.parentElement.clientWidth = 400;
  view.measure();
  assert.deepEqual(inputs[1], { input: { resize: { width: 400, height: 480 } } });
});

test("fixed mode sizes the canvas to the frame and sends no resize", () => {
  const canvas = fakeCanvas();
  const inputs = [];
  const view = new CanvasView(canvas, { env: fakeEnv(3), mode: "fixed", onInput: (i) => inputs.push(i) }).attach();
  view.show(frame([], [], { width: 3120, height: 6752 }));
  assert.equal(canvas.style.width, "390px");
  assert.equal(canvas.width, 1170);
  assert.equal(canvas.height, 2532);
  assert.deepEqual(inputs, []);
});

test("a window on a tall frame: the canvas is the window's size, drawn from its origin; pointers map back to frame points", () => {
  const canvas = fakeCanvas({ parentWidth: 300, parentHeight: 200 });
  const inputs = [];
  const view = new CanvasView(canvas, { env: fakeEnv(2), mode: "fixed", onInput: (i) => inputs.push(i) }).attach();
  view.show(frame([item({ x: 0, y: 8 * 1050, width: 80, height: 80, fill: 1 })], undefined, { width: 8 * 300, height: 8 * 5000 }));
  assert.equal(canvas.height, 10000, "without a window: the whole frame");
  canvas.ctx.log.length = 0;
  view.setWindow({ x: 0, y: 1000, width: 300, height: 200 });
  assert.equal(canvas.style.height, "200px");
  assert.equal(canvas.width, 600);
  assert.equal(canvas.height, 400, "the backing store holds the window, not the frame");
  assert.deepEqual(calls(canvas.ctx.log, "setTransform")[0], ["setTransform", 2, 0, 0, 2, 0, -2000], "drawn at once, from y = 1000");
  assert.deepEqual(calls(canvas.ctx.log, "clearRect")[0], ["clearRect", 0, 1000, 300, 200]);
  canvas.listeners.pointerdown({ type: "pointerdown", clientX: 15, clientY: 30, pointerId: 1, preventDefault() {} });
  assert.deepEqual(inputs.at(-1).input.pointer, { phase: "down", x: 5, y: 1010, id: 1 });
  view.setWindow(null);
  assert.equal(canvas.height, 10000, "no window: the whole frame again");
});

test("a window draws only the items that reach into it, inside translated layers too", () => {
  const rows = [0, 100, 1000, 1100, 1190, 3000].map((y, i) => item({ id: 10 + i, kind: i % 2 ? 2 : 0, x: 0, y: 8 * y, width: 80, height: 80, fill: 1 }));
  const layer = { ...item({ id: 2, kind: 5, x: 0, y: 8 * 50, opacity: 255 }), children: rows };
  const text = item({ id: 3, kind: 1, x: 0, y: 0, width: 80, height: 80, fill: 1, text: "Far", fontSize: 80 });
  // 985–995: 5 pt above the window, within its 10 pt size (a glyph may overhang its box that far).
  const near = item({ id: 4, kind: 1, x: 0, y: 8 * 985, width: 80, height: 80, fill: 1, text: "Near", fontSize: 80 });
  const ctx = recordingContext();
  new CanvasRenderer(ctx).draw(frame([layer, text, near]), 300, 200, 1, 0, 1000);
  // On the canvas (the layer's y + 50) the rows lie at 50, 150, 1050, 1150, 1240 and 3050, 10 tall:
  // 1050 and 1150 reach into 1000–1200.
  const drawn = [...calls(ctx.log, "rect"), ...calls(ctx.log, "roundRect")].map((c) => c[2]);
  assert.deepEqual(drawn, [1000, 1100], "the rows in view (in layer coordinates), a rect and an image");
  assert.deepEqual(calls(ctx.log, "fillText").map((c) => c[1]), ["Near"],
    "text is skipped only beyond its size from the window (its glyphs may overhang its box)");
});

test("many frames between two animation frames cause one draw", () => {
  const canvas = fakeCanvas();
  const env = fakeEnv(1);
  const view = new CanvasView(canvas, { env }).attach();
  env.flush();
  const before = view.drawCount;
  view.show(frame([]));
  view.show(frame([item({ width: 8, height: 8, fill: 1 })]));
  view.show(frame([item({ width: 16, height: 8, fill: 1 })]));
  assert.equal(env.flush(), 1);
  assert.equal(view.drawCount, before + 1);
  assert.deepEqual(calls(canvas.ctx.log, "rect").at(-1), ["rect", 0, 0, 2, 1], "the newest frame is drawn");
  assert.equal(env.flush(), 0, "nothing changed: no redraw");
  assert.equal(canvas.dataset.drawn, String(view.drawCount));
});

test("client coordinates map to points relative to the canvas, scaled and quantized to 1/8", () => {
  const rect = { left: 10, top: 20, width: 200, height: 100 };
  assert.deepEqual(pointFromClient(60, 70, rect, 200, 100), { x: 50, y: 50 });
  assert.deepEqual(pointFromClient(60, 70, rect, 400, 200), { x: 100, y: 100 }, "canvas shown at half size");
  assert.deepEqual(pointFromClient(10.3, 20.01, rect, 200, 100), { x: 0.25, y: 0 });
});

test("pointer and key events become the input JSON of the scene format", () => {
  const rect = { left: 10, top: 20, width: 200, height: 100 };
  assert.deepEqual(pointerInput({ type: "pointerdown", clientX: 15, clientY: 30, pointerId: 3 }, rect, 200, 100),
    { input: { pointer: { phase: "down", x: 5, y: 10, id: 3 } } });
  assert.equal(pointerInput({ type: "pointerover", clientX: 0, clientY: 0 }, rect, 200, 100), null);
  for (const [type, phase] of [["pointermove", "move"], ["pointerup", "up"], ["pointercancel", "cancel"]]) {
    assert.equal(pointerInput({ type, clientX: 0, clientY: 0, pointerId: 1 }, rect, 200, 100).input.pointer.phase, phase);
  }
  assert.deepEqual(keyInput({ type: "keydown", key: "Tab", shiftKey: true }),
    { input: { key: { phase: "down", key: "Tab", shift: true } } });
  assert.deepEqual(keyInput({ type: "keyup", key: "a", shiftKey: false }),
    { input: { key: { phase: "up", key: "a", shift: false } } });
  // The event's time stamp (ms on the page clock) rides along as "t" in seconds.
  assert.deepEqual(pointerInput({ type: "pointermove", clientX: 15, clientY: 30, pointerId: 3, timeStamp: 1500 }, rect, 200, 100),
    { input: { pointer: { phase: "move", x: 5, y: 10, id: 3 } }, t: 1.5 });
  assert.equal(keyInput({ type: "keydown", key: "Tab", timeStamp: 250 }).t, 0.25);
  // A touch says so (its slop is larger); a mouse is the default and says nothing.
  assert.equal(pointerInput({ type: "pointerdown", clientX: 15, clientY: 30, pointerType: "touch" }, rect, 200, 100).input.pointer.kind, "touch");
  assert.equal(pointerInput({ type: "pointerdown", clientX: 15, clientY: 30, pointerType: "mouse" }, rect, 200, 100).input.pointer.kind, undefined);
});

test("canvas listeners send pointer input in canvas points", () => {
  const canvas = fakeCanvas({ parentWidth: 300, parentHeight: 200 });
  const inputs = [];
  new CanvasView(canvas, { env: fakeEnv(2), onInput: (i) => inputs.push(i) }).attach();
  inputs.length = 0;
  let prevented = false;
  canvas.listeners.pointerdown({ type: "pointerdown", clientX: 110, clientY: 70, pointerId: 1,
    preventDefault: () => { prevented = true; } });
  assert.deepEqual(inputs, [{ input: { pointer: { phase: "down", x: 100, y: 50, id: 1 } } }]);
  assert.ok(prevented);
  canvas.listeners.keydown({ type: "keydown", key: "c", ctrlKey: true, preventDefault() {} });
  assert.equal(inputs.length, 1, "ctrl+key stays with the browser");
});

test("pageTabs: Tab is the page's (to the hidden buttons), other keys still go to the scene", () => {
  for (const pageTabs of [false, true]) {
    const canvas = fakeCanvas();
    const inputs = [];
    new CanvasView(canvas, { env: fakeEnv(1), pageTabs, onInput: (i) => inputs.push(i) }).attach();
    inputs.length = 0;
    let prevented = 0;
    for (const key of ["Tab", "ArrowDown"]) {
      canvas.listeners.keydown({ type: "keydown", key, shiftKey: false, preventDefault: () => { prevented++; } });
    }
    assert.deepEqual(inputs.map((i) => i.input.key.key), pageTabs ? ["ArrowDown"] : ["Tab", "ArrowDown"]);
    assert.equal(prevented, pageTabs ? 1 : 2, "a Tab left to the page is not prevented");
  }
});

test("only pressed pointers send moves; up ends the press", () => {
  const canvas = fakeCanvas({ parentWidth: 300, parentHeight: 200 });
  const inputs = [];
  new CanvasView(canvas, { env: fakeEnv(1), onInput: (i) => inputs.push(i) }).attach();
  inputs.length = 0;
  const send = (type, id, x = 20) => canvas.listeners[type]({ type, clientX: x, clientY: 30, pointerId: id, preventDefault() {} });
  send("pointermove", 1); // hovering
  send("pointerdown", 1);
  send("pointermove", 1, 40);
  send("pointermove", 2); // another pointer, not pressed
  send("pointerup", 1, 40);
  send("pointermove", 1, 50);
  assert.deepEqual(inputs.map((i) => [i.input.pointer.phase, i.input.pointer.x]),
    [["down", 10], ["move", 30], ["up", 30]]);
});

// --- WebSocket transport -------------------------------------------------------------------------

class FakeSocket {
  static instances = [];
  constructor(url, protocol) {
    this.url = url; this.protocol = protocol; this.sent = []; this.readyState = 0;
    FakeSocket.instances.push(this);
  }
  send(text) { this.sent.push(text); }
  close(code, reason) { this.readyState = 3; this.onclose?.({ code, reason }); }
  serverOpen() { this.readyState = 1; this.onopen?.(); }
  serverSend(bytes) { this.onmessage?.({ data: new Uint8Array(bytes).buffer }); }
  serverSendText(text) { this.onmessage?.({ data: text }); }
  serverClose(code, reason) { this.readyState = 3; this.onclose?.({ code, reason }); }
}

/** A mirror that answers from a script: each message's first byte picks the answer. */
class ScriptedMirror {
  constructor() { this.applied = []; }
  apply(bytes) {
    this.applied.push([...bytes]);
    if (bytes[0] === 0) return { ok: false, reason: "hash mismatch", events: [] };
    return { ok: true, frame: { n: bytes[0] }, events: bytes[0] === 2 ? [{ name: "tap", node: "ok" }] : [] };
  }
}

function connectFake(extra = {}) {
  FakeSocket.instances = [];
  const got = { frames: [], events: [], status: [], timers: [], bytes: 0 };
  const client = connectWebSocket("ws://127.0.0.1:1/ws?scene=hello", {
    WebSocketImpl: FakeSocket, createMirror: () => new ScriptedMirror(),
    onFrame: (f) => got.frames.push(f), onEvents: (e) => got.events.push(...e),
    onStatus: (s) => got.status.push(s), onMessage: (n) => { got.bytes += n; },
    setTimer: (fn, ms) => { got.timers.push({ fn, ms }); return got.timers.length; },
    clearTimer: () => {}, ...extra,
  });
  return { client, got, socket: () => FakeSocket.instances.at(-1) };
}

test("websocket: subprotocol veil.v2, arraybuffer, frames and events through the mirror", () => {
  const { client, got, socket } = connectFake();
  assert.equal(socket().protocol, "veil.v2");
  assert.equal(socket().binaryType, "arraybuffer");
  assert.equal(socket().url, "ws://127.0.0.1:1/ws?scene=hello", "names no session: the server names it");
  socket().serverOpen();
  assert.equal(got.status.at(-1).state, "open");
  socket().serverSend([1, 9, 9]);
  socket().serverSend([2]);
  assert.deepEqual(got.frames, [{ n: 1 }, { n: 2 }]);
  assert.deepEqual(got.events, [{ name: "tap", node: "ok" }]);
  assert.equal(got.bytes, 4);
  assert.deepEqual(client.mirror.applied, [[1, 9, 9], [2]]);
});

test("websocket: a message that does not apply asks for a keyframe, once until back in sync", () => {
  const { got, socket } = connectFake();
  socket().serverOpen();
  socket().serverSend([0]);
  assert.deepEqual(socket().sent.map((t) => JSON.parse(t)), [{ keyframe: true }]);
  assert.deepEqual(got.frames, []);
  assert.match(got.status.at(-1).reason, /hash mismatch/);
  socket().serverSend([0]); // a delta already in flight fails as well
  assert.equal(socket().sent.length, 1, "no second request while waiting");
  socket().serverSend([1]); // the keyframe
  assert.deepEqual(got.status.at(-1), { state: "open", reason: "" });
  socket().serverSend([0]);
  assert.equal(socket().sent.length, 2, "a new mismatch asks again");
});

test("websocket: send() writes JSON text; nothing is sent before open", () => {
  const { client, socket } = connectFake();
  assert.equal(client.send({ input: { key: { phase: "down", key: "a", shift: false } } }), false);
  socket().serverOpen();
  assert.equal(client.send({ input: { resize: { width: 10, height: 20 } } }), true);
  assert.deepEqual(socket().sent, ['{"input":{"resize":{"width":10,"height":20}}}']);
});

test("websocket: reconnects at once, then with growing backoff, and reports the close reason", () => {
  const { client, got, socket } = connectFake({ backoff: { initial: 100, max: 350 } });
  const first = socket();
  first.serverOpen();
  first.serverClose(1006, "");
  assert.deepEqual(got.status.at(-1), { state: "closed", reason: "connection lost", retryIn: 0 }, "at once");
  got.timers.at(-1).fn();
  assert.notEqual(socket(), first, "a new socket");
  socket().serverClose(1006, "");
  assert.deepEqual(got.status.at(-1), { state: "closed", reason: "connection lost", retryIn: 100 });
  got.timers.at(-1).fn();
  socket().serverClose(1006, "");
  assert.equal(got.status.at(-1).retryIn, 200);
  got.timers.at(-1).fn();
  socket().serverClose(1006, "");
  assert.equal(got.status.at(-1).retryIn, 350, "capped");
  got.timers.at(-1).fn();
  socket().serverOpen();
  socket().serverSend([1]);
  socket().serverClose(1001, "");
  assert.equal(got.status.at(-1).retryIn, 0, "a working connection resets the backoff");
  const timers = got.timers.length;
  got.timers.at(-1).fn();
  client.close();
  assert.equal(got.timers.length, timers, "closed by the viewer: no reconnect");
  assert.equal(got.status.at(-1).state, "closed");
});

test("websocket: an unknown scene is final", () => {
  const { got, socket } = connectFake();
  socket().serverOpen();
  socket().serverClose(1008, "unknown scene \"nope\"");
  assert.deepEqual(got.status.at(-1), { state: "closed", reason: "unknown scene \"nope\"", final: true });
  assert.equal(got.timers.length, 0, "no retry");
});

test("websocket: a reconnect keeps the mirror and resumes the session from its frame", () => {
  const frame = { width: 80, height: 80, background: 0xffffffff, paints: [], items: [] };
  const mirror = { frame: null, seq: 0, apply() { this.frame = frame; this.seq = 7; return { ok: true, frame, events: [] }; } };
  const { client, socket, got } = connectFake({ createMirror: () => mirror });
  socket().serverOpen();
  assert.equal(new URL(socket().url).searchParams.get("session"), null, "the first connection names no session");
  socket().serverSendText('{"session": "0123456789abcdef0123456789abcdef"}');
  socket().serverSend([1]);
  socket().serverClose(1006, "");
  got.timers.at(-1).fn();
  assert.equal(client.mirror, mirror, "the same mirror: the canvas keeps its frame");
  const url = new URL(socket().url);
  assert.equal(url.searchParams.get("session"), "0123456789abcdef0123456789abcdef", "the token the server gave");
  assert.equal(url.searchParams.get("seq"), "7");
  assert.match(url.searchParams.get("hash"), /^\d+$/, "the hash of the frame it holds");
});

// --- Wasm transport ------------------------------------------------------------------------------

/**
 * A fake veil.wasm instance written in JS over a real WebAssembly.Memory. veil_tick grows memory
 * before writing its output, which detaches any view made before the call.
 */
function fakeWasm() {
  const memory = new WebAssembly.Memory({ initial: 1, maximum: 10 });
  let heap = 1024;
  const sessions = new Map();
  let nextHandle = 1;
  const state = { freed: [], lines: [], errorPtr: 0, outputPtr: 0 };
  const bytes = () => new Uint8Array(memory.buffer);
  const readText = (ptr, len) => new TextDecoder().decode(bytes().slice(ptr, ptr + len));
  const setError = (text) => {
    const encoded = new TextEncoder().encode(text + "\0");
    state.errorPtr = heap; bytes().set(encoded, heap); heap += encoded.length;
  };
  const exports = {
    memory,
    veil_alloc: (len) => { const p = heap; heap += len; return p; },
    veil_free: (ptr) => { state.freed.push(ptr); },
    veil_session_new: (ptr, len) => {
      const text = readText(ptr, len);
      try { JSON.parse(text); } catch { setError("scene.json:1:1: expected a JSON object"); return 0; }
      sessions.set(nextHandle, { ticks: 0 });
      return nextHandle++;
    },
    veil_session_free: (h) => { sessions.delete(h); },
    veil_perform: (h, ptr, len) => { state.lines.push(["perform", readText(ptr, len)]); return 0; },
    veil_input: (h, ptr, len) => {
      const line = readText(ptr, len);
      if (line.includes("bogus")) { setError("input: unknown key \"bogus\""); return -1; }
      state.lines.push(["input", line]);
      return 0;
    },
    veil_tick: (h, seconds) => {
      const session = sessions.get(h);
      if (!session) { setError("no such session"); return -2; }
      if (seconds === 99) throw new WebAssembly.RuntimeError("unreachable");
      if (session.ticks++ > 0 && seconds < 1) return 0;
      memory.grow(1); // detaches old views
      state.outputPtr = memory.buffer.byteLength - 16;
      bytes().set([0x56, 0x4c, 1, seconds * 10], state.outputPtr);
      return 4;
    },
    veil_output: () => state.outputPtr,
    veil_error: () => state.errorPtr,
    veil_keyframe: (h) => { state.lines.push(["keyframe", h]); return 0; },
  };
  return { instance: { exports }, state, sessions };
}

test("wasm: a session's messages are read in place (no copy), valid until the next call", () => {
  const { instance, state } = fakeWasm();
  const session = new WasmSession(new WasmModule(instance), '{"root":{"type":"view"}}');
  const first = session.tick(0.5);
  assert.deepEqual([...first], [0x56, 0x4c, 1, 5]);
  assert.equal(first.buffer, instance.exports.memory.buffer, "a view on the module's memory, not a copy");
  assert.equal(session.tick(0.6), null, "no change → null");
  const second = session.tick(2);
  assert.deepEqual([...second], [0x56, 0x4c, 1, 20], "read after memory grew: a fresh view");
  assert.equal(first.byteLength, 0, "the earlier view is detached by the growth: it was valid until the next call");
  assert.ok(state.freed.length >= 1, "the scene text was freed after use");
});

test("wasm: perform and input send the events-file line without t", () => {
  const { instance, state } = fakeWasm();
  const session = new WasmSession(new WasmModule(instance), { root: { type: "view" } });
  session.perform({ set: { node: "title", text: "Hi ✓" } });
  session.input({ input: { pointer: { phase: "down", x: 1, y: 2, id: 0 } } });
  session.input({ key: { phase: "up", key: "Enter", shift: false } });
  session.keyframe();
  assert.deepEqual(state.lines, [
    ["perform", '{"command":{"set":{"node":"title","text":"Hi ✓"}}}'],
    ["input", '{"input":{"pointer":{"phase":"down","x":1,"y":2,"id":0}}}'],
    ["input", '{"input":{"key":{"phase":"up","key":"Enter","shift":false}}}'],
    ["keyframe", 1],
  ]);
});

test("wasm: failures throw with veil_error's text", () => {
  const { instance } = fakeWasm();
  const module = new WasmModule(instance);
  assert.throws(() => new WasmSession(module, "{ nope"), /scene\.json:1:1: expected a JSON object/);
  const session = new WasmSession(module, "{}");
  assert.throws(() => session.input({ bogus: 1 }), /unknown key "bogus"/);
  assert.match(session.error, /unknown key "bogus"/);
  session.free();
  assert.throws(() => session.tick(1), /freed/);
});

test("wasm: a trap makes the module unusable with a clear error", () => {
  const { instance } = fakeWasm();
  const module = new WasmModule(instance);
  const session = new WasmSession(module, "{}");
  assert.throws(() => session.tick(99), /trapped in veil_tick: unreachable/);
  assert.throws(() => new WasmSession(module, "{}"), /unusable after a trap/);
});

test("wasm: a module without the expected exports is refused by name", () => {
  const { instance } = fakeWasm();
  delete instance.exports.veil_keyframe;
  assert.throws(() => new WasmModule(instance), /does not export veil_keyframe/);
});

test("wasm: loadWasm instantiates a real module from bytes and checks its exports", async () => {
  // The smallest valid module: no exports at all. loadWasm must name what is missing.
  const empty = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
  await assert.rejects(veil.loadWasm(empty), /does not export memory/);
  await assert.rejects(
    veil.loadWasm("http://x/veil.wasm", { fetchImpl: async () => ({ ok: false, status: 404 }) }),
    /HTTP 404/);
});

test("a wheel event becomes a wheel input at the pointer, in the browser's units, stamped", () => {
  const rect = { left: 10, top: 20, width: 400, height: 200 };
  assert.deepEqual(wheelInput({ clientX: 110, clientY: 120, deltaX: 0, deltaY: 53, deltaMode: 0, timeStamp: 1500 }, rect, 200, 100),
    { input: { wheel: { x: 50, y: 50, dx: 0, dy: 53 } }, t: 1.5 });
  assert.deepEqual(wheelInput({ clientX: 10, clientY: 20, deltaX: -2, deltaY: 3, deltaMode: 1 }, rect, 200, 100).input.wheel,
    { x: 0, y: 0, dx: -2, dy: 3, mode: 1 });
  assert.equal(wheelInput({ clientX: 0, clientY: 0, deltaY: 5, ctrlKey: true }, rect, 200, 100), null, "a pinch zooms the page");
});
