// Web/dirty-rects.js: what a partial draw repaints between two frames, case by case as its doc
// states it (an item where it was and where it is, a layer's clip before and after, the items of an
// edited paint slot; a new structure or size: drawn whole), and as a property over random edits of
// random small frames: the rectangle holds where every item that draws differently was and is.
import { test } from "node:test";
import assert from "node:assert/strict";
import { dirtyRects } from "../../Web/dirty-rects.js";
import { defaultItem } from "../../Web/wire.js";

const RED = 0xff0000ff, BLUE = 0x0000ffff;
const item = (fields) => ({ ...defaultItem(0), ...fields });
const rect = (id, x, y, width, height, more = {}) => item({ id, x, y, width, height, fill: 1, ...more });
const layer = (id, x, y, children, more = {}) => item({ id, kind: 5, x, y, children, ...more });
const solid = (color) => ({ kind: "solid", color });
const frame = (items, paints = [solid(RED)], more = {}) => ({ width: 3200, height: 2400, background: 0xffffffff, paints, items, ...more });
const box = (x0, y0, x1, y1) => ({ x0, y0, x1, y1 });

test("the same frame, or one that shares every list, changes nothing drawn", () => {
  const items = [rect(1, 80, 80, 160, 80), layer(2, 0, 400, [rect(3, 0, 0, 80, 80)])];
  const f = frame(items);
  assert.deepEqual(dirtyRects(f, f, 1, 0, 0), []);
  assert.deepEqual(dirtyRects(f, frame(items, [solid(RED)]), 2, 0, 0), [], "a new paint table that draws the same");
});

test("an item that changed is dirty where it was and where it is, with its margin", () => {
  const other = rect(2, 1600, 1600, 80, 80);
  const old = frame([rect(1, 80, 80, 160, 80), other]);
  const next = frame([rect(1, 240, 80, 160, 80), other]); // 10 pt → 30 pt
  // Boxes of 20 × 10 pt at (10, 10) and (30, 10) pt, each with a margin of 1 pt.
  assert.deepEqual(dirtyRects(old, next, 1, 0, 0), [box(9, 9, 51, 21)]);
  const stroked = frame([rect(1, 80, 80, 160, 80, { stroke: 1, lineWidth: 16 }), other]);
  assert.deepEqual(dirtyRects(old, stroked, 1, 0, 0), [box(7, 7, 33, 23)], "its stroke widens it");
});

test("the rectangle is snapped outwards to whole device pixels from the origin", () => {
  const old = frame([rect(1, 1, 1, 80, 80)]), next = frame([rect(1, 1, 1, 80, 81)]);
  const [r] = dirtyRects(old, next, 2, 0, 0);
  assert.deepEqual(r, box(-1, -1, 11.5, 11.5)); // -7/8 … 11 1/8 (11 1/4) pt, out to the half point
  const [shifted] = dirtyRects(old, next, 2, 0.25, 0);
  assert.deepEqual(shifted, box(-1.25, -1, 11.25, 11.5));
});

test("a paint slot's edit is dirty over the items that use it, wherever they are", () => {
  const items = [rect(1, 0, 0, 80, 80), rect(2, 800, 0, 80, 80, { fill: 2 }), layer(3, 0, 800, [rect(4, 80, 0, 80, 80, { stroke: 1, fill: 0, lineWidth: 8 })])];
  const old = frame(items, [solid(RED), solid(BLUE)]);
  const next = frame(items, [{ kind: "linear", x0: 0, y0: 0, x1: 80, y1: 0, stops: [{ offset: 0, color: RED }] }, solid(BLUE)]);
  // Item 1 at 0…10 pt (±1), item 4 at 10…20 pt (±2: its stroke) in a layer 100 pt down; item 2 keeps its paint.
  assert.deepEqual(dirtyRects(old, next, 1, 0, 0), [box(-1, -1, 22, 112)]);
  const grown = frame(items, [solid(RED), solid(BLUE), solid(RED)]);
  assert.deepEqual(dirtyRects(old, grown, 1, 0, 0), [], "a new slot no item uses changes nothing drawn");
});

test("a layer that moved or faded is dirty over its clip before and after", () => {
  const clip = { x: 0, y: 800, width: 1600, height: 800, cornerRadius: 0 };
  const rows = [rect(2, 0, 0, 1600, 160), rect(3, 0, 160, 1600, 160)];
  const old = frame([layer(1, 0, 800, rows, { clip })]);
  const scrolled = frame([layer(1, 0, 640, rows, { clip })]);
  assert.deepEqual(dirtyRects(old, scrolled, 1, 0, 0), [box(-1, 99, 201, 201)], "the clip (in its parent's space) ±1 pt");
  const moved = frame([layer(1, 0, 800, rows, { clip: { ...clip, y: 1600 } })]);
  assert.deepEqual(dirtyRects(old, moved, 1, 0, 0), [box(-1, 99, 201, 301)], "the clip where it was and where it is");
  const faded = frame([layer(1, 0, 800, rows, { clip, opacity: 128 })]);
  assert.deepEqual(dirtyRects(old, faded, 1, 0, 0), [box(-1, 99, 201, 201)]);
});

test("a layer without a clip that moved is dirty over its content before and after", () => {
  const rows = [rect(2, 0, 0, 800, 160), rect(3, 0, 160, 800, 160)];
  const old = frame([layer(1, 0, 0, rows)]);
  const next = frame([layer(1, 80, 0, rows)]); // 10 pt to the right
  assert.deepEqual(dirtyRects(old, next, 1, 0, 0), [box(-1, -1, 111, 41)]);
  const hidden = frame([layer(1, 80, 0, rows, { opacity: 0 })]);
  assert.deepEqual(dirtyRects(old, hidden, 1, 0, 0), [box(-1, -1, 101, 41)], "a hidden layer draws nothing where it is");
});

test("a change of structure, size or background is not known cheaply: null", () => {
  const a = rect(1, 0, 0, 80, 80), b = rect(2, 160, 0, 80, 80);
  const old = frame([a, b]);
  assert.equal(dirtyRects(old, frame([a, b, rect(3, 320, 0, 80, 80)]), 1, 0, 0), null, "an item added");
  assert.equal(dirtyRects(old, frame([a]), 1, 0, 0), null, "an item removed");
  assert.equal(dirtyRects(old, frame([b, a]), 1, 0, 0), null, "items reordered");
  assert.equal(dirtyRects(old, frame([a, layer(2, 160, 0, [])]), 1, 0, 0), null, "an item became a layer");
  const nested = frame([layer(5, 0, 0, [a])]);
  assert.equal(dirtyRects(nested, frame([layer(5, 0, 0, [a, b])]), 1, 0, 0), null, "an item added in a layer");
  assert.equal(dirtyRects(old, frame([a, b], [solid(RED)], { width: 3208 }), 1, 0, 0), null, "another canvas size");
  assert.equal(dirtyRects(old, frame([a, b], [solid(RED)], { background: 0x000000ff }), 1, 0, 0), null, "another background");
});

// --- Property: random small frames, random edits ---------------------------------------------

/** A small deterministic generator (xorshift32). */
function generator(seed) {
  let s = seed * 2654435761 >>> 0 || 1;
  const next = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
  return { int: (n) => next() % n, pick: (list) => list[next() % list.length] };
}

function randomPaint(r) {
  return r.int(2) === 0 ? solid(r.pick([RED, BLUE, 0x00ff0080]))
    : { kind: "linear", x0: r.int(800), y0: 0, x1: 800 + r.int(800), y1: 0, stops: [{ offset: 0, color: RED }, { offset: 65535, color: BLUE }] };
}

function randomItem(r, id) {
  return item({ id, kind: r.pick([0, 0, 1, 2, 3, 4]), x: r.int(1600) - 200, y: r.int(1600) - 200, width: 8 + r.int(400),
    height: 8 + r.int(400), fill: r.int(4), stroke: r.int(4), lineWidth: r.int(3) * 8, opacity: r.pick([255, 255, 128, 0]),
    rotation: r.pick([0, 0, 0, 9000, -20000]), text: "Ag", fontSize: 64 + r.int(3) * 32, baseline: 80 });
}

function randomClip(r) {
  return r.int(2) === 0 ? null : { x: r.int(800) - 100, y: r.int(800) - 100, width: 80 + r.int(1200), height: 80 + r.int(1200), cornerRadius: r.int(2) * 32 };
}

function randomFrame(r) {
  let id = 1;
  const list = (depth) => {
    const n = 1 + r.int(3);
    const out = [];
    for (let i = 0; i < n; i++) {
      if (depth < 2 && r.int(3) === 0) {
        out.push(item({ id: id++, kind: 5, x: r.int(800) - 200, y: r.int(800) - 200, opacity: r.pick([255, 255, 128, 0]),
          clip: randomClip(r), children: list(depth + 1) }));
      } else {
        out.push(randomItem(r, id++));
      }
    }
    return out;
  };
  return frame(list(0), [randomPaint(r), randomPaint(r), randomPaint(r)]);
}

/**
 * One edit as the mirror makes it: new objects on the way to what changed, every other list and
 * item shared. An item's fields, a layer's offset, opacity or clip, a paint slot, or an item
 * replaced by an equal copy.
 */
function edit(r, f) {
  const choice = r.int(8);
  if (choice === 0) {
    const paints = f.paints.slice();
    paints[r.int(paints.length)] = randomPaint(r);
    return { ...f, paints };
  }
  const walk = (items) => {
    const i = r.int(items.length);
    const e = items[i];
    let replaced;
    if (e.kind === 5 && r.int(2) === 0) replaced = { ...e, children: walk(e.children) };
    else if (e.kind === 5) {
      const field = r.pick(["x", "y", "opacity", "clip"]);
      replaced = { ...e, [field]: field === "clip" ? randomClip(r) : field === "opacity" ? r.pick([255, 128, 0]) : e[field] + r.int(400) - 200 };
    } else if (choice === 1) replaced = { ...e }; // an equal copy
    else {
      const fresh = randomItem(r, e.id);
      const field = r.pick(["x", "y", "width", "height", "fill", "stroke", "lineWidth", "opacity", "rotation", "fontSize", "kind"]);
      replaced = { ...e, [field]: fresh[field] };
    }
    const out = items.slice();
    out[i] = replaced;
    return out;
  };
  return { ...f, items: walk(f.items) };
}

/**
 * What each item draws, by id, computed apart from dirty-rects.js: a record of everything its pixels
 * depend on, and where they can be (canvas points): its box turned by its rotation and widened by
 * half its stroke, at its layers' offsets (snapped to device pixels, as layers are drawn), cut by
 * their clips; null where it draws nothing (an opacity of 0 on the way).
 */
function drawn(f, dpr) {
  const out = new Map();
  const walk = (items, ox, oy, cut, context) => {
    for (const e of items) {
      if (e.kind === 5) {
        const dx = Math.round((e.x / 8) * dpr) / dpr, dy = Math.round((e.y / 8) * dpr) / dpr;
        const c = e.clip;
        const inner = c ? intersect(cut, box(ox + c.x / 8, oy + c.y / 8, ox + (c.x + c.width) / 8, oy + (c.y + c.height) / 8)) : cut;
        const { children, ...fields } = e;
        walk(children, ox + dx, oy + dy, inner, [...context, JSON.stringify(fields)]);
        continue;
      }
      const x = e.x / 8, y = e.y / 8, w = e.width / 8, h = e.height / 8, stroke = e.lineWidth / 16;
      const a = (e.rotation / 65536) * 2 * Math.PI;
      const hw = Math.abs(w / 2 * Math.cos(a)) + Math.abs(h / 2 * Math.sin(a)) + stroke;
      const hh = Math.abs(w / 2 * Math.sin(a)) + Math.abs(h / 2 * Math.cos(a)) + stroke;
      const cx = ox + x + w / 2, cy = oy + y + h / 2;
      const where = intersect(cut, box(cx - hw, cy - hh, cx + hw, cy + hh));
      const visible = !context.some((l) => JSON.parse(l).opacity === 0) && e.opacity !== 0 && where.x0 < where.x1 && where.y0 < where.y1;
      const record = JSON.stringify([e, f.paints[e.fill - 1] ?? null, f.paints[e.stroke - 1] ?? null, context]);
      out.set(e.id, { record, where: visible ? where : null });
    }
  };
  walk(f.items, 0, 0, box(-Infinity, -Infinity, Infinity, Infinity), []);
  return out;
}

function intersect(a, b) {
  return box(Math.max(a.x0, b.x0), Math.max(a.y0, b.y0), Math.min(a.x1, b.x1), Math.min(a.y1, b.y1));
}

const EPSILON = 1e-9;
const contains = (r, b) => r.x0 <= b.x0 + EPSILON && r.y0 <= b.y0 + EPSILON && r.x1 >= b.x1 - EPSILON && r.y1 >= b.y1 - EPSILON;

test("property: over random edits of random frames, the rectangle holds every item that draws differently, before and after", () => {
  let checked = 0, empty = 0;
  for (let seed = 1; seed <= 300; seed++) {
    const r = generator(seed);
    let old = randomFrame(r);
    for (let step = 0; step < 6; step++) {
      let next = old;
      for (let n = 1 + r.int(3); n > 0; n--) next = edit(r, next);
      const dpr = r.pick([1, 2, 1.5, 3]), originX = r.pick([0, 0, 12.5, -3]), originY = r.pick([0, 40, -7.25]);
      const rects = dirtyRects(old, next, dpr, originX, originY);
      const at = `seed ${seed}, step ${step}, dpr ${dpr}`;
      assert.notEqual(rects, null, `${at}: the same structure is known cheaply`);
      assert.ok(rects.length <= 1, `${at}: one rectangle at most`);
      const before = drawn(old, dpr), after = drawn(next, dpr);
      for (const [id, was] of before) {
        const is = after.get(id);
        if (was.record === is.record) continue;
        for (const where of [was.where, is.where]) {
          if (!where) continue;
          checked++;
          assert.ok(rects.length === 1 && contains(rects[0], where),
            `${at}: item ${id} draws differently at ${JSON.stringify(where)}, outside ${JSON.stringify(rects)}`);
        }
      }
      if (rects.length === 0) empty++;
      old = next;
    }
  }
  assert.ok(checked > 500, `the property checked only ${checked} boxes`);
  assert.ok(empty > 0, "some edits draw nothing new (an equal copy, a hidden item)");
});
