// @ts-check
// dirty-rects.js — where a frame's items draw, and what changed between two frames: pure functions
// of frames (Tests/web/dirty-rects.test.mjs). Coordinates are in 1/8 pt, boxes in points.

import { ItemKind, UNIT, pt } from "./wire-format.js";
import { paintKey } from "./paint-style.js";

/**
 * A layer's offset (1/8 pt) in whole device pixels. Every layer is drawn at its offset rounded to
 * the device pixel grid (a whole draw, a partial one and a cached bitmap alike), so a layer drawn
 * from a bitmap lands on exactly the pixels it would be drawn on, and what lies inside a layer is
 * drawn at the same place relative to the pixel grid wherever the layer has moved.
 * @param {number} v
 * @param {number} dpr
 */
export const devicePixels = (v, dpr) => Math.round((v / UNIT) * dpr) + 0;

/**
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {import("./wire-format.js").Item} Item
 * @typedef {import("./wire-format.js").Clip} Clip
 * @typedef {{x0: number, y0: number, x1: number, y1: number}} Box a rectangle by its edges, in points
 */

/**
 * The box an item may paint, in the points of its layer: its box, with what its stroke, antialiasing,
 * rotation (its circle) or glyphs (its size: accents, descenders) add. Partial draws repaint it and
 * culling skips items wholly outside the view by it.
 * @param {Item} e
 * @returns {Box}
 */
export function itemBox(e) {
  const x = pt(e.x), y = pt(e.y), w = pt(e.width), h = pt(e.height);
  let margin = 1 + pt(e.lineWidth || 0);
  if (e.kind === ItemKind.text) margin += pt(e.fontSize || 0);
  const cx = x + w / 2, cy = y + h / 2;
  const rx = (e.rotation ? Math.hypot(w, h) / 2 : Math.abs(w) / 2) + margin;
  const ry = (e.rotation ? Math.hypot(w, h) / 2 : Math.abs(h) / 2) + margin;
  return { x0: cx - rx, y0: cy - ry, x1: cx + rx, y1: cy + ry };
}

/** @param {Box} a @param {Box} b @returns {Box} (empty when x0 ≥ x1 or y0 ≥ y1) */
export function intersect(a, b) {
  return { x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) };
}

/** @param {Box} b */
export const isEmpty = (b) => !(b.x0 < b.x1 && b.y0 < b.y1);

/** A layer clip's bounding box, in its parent's points. */
export const clipBox = (/** @type {Clip} */ c) => /** @type {Box} */ ({ x0: pt(c.x), y0: pt(c.y), x1: pt(c.x + c.width), y1: pt(c.y + c.height) });

/**
 * What a layer's child list draws, computed once per list (the mirror shares an unchanged list
 * between frames, so a list is its content): the box around what it paints in the layer's points
 * (null: nothing), the paint slots it uses (0-based), how many items it has, whether it draws text,
 * and `cover`: the largest box one of its own rects paints whole (a sheet's or a card's background:
 * within its rounded corners), with the paint slot that must be opaque for it to hide what is under it.
 * @typedef {{bounds: Box | null, slots: number[], items: number, text: boolean, cover: {box: Box, slot: number} | null}} Content
 */
/** @type {WeakMap<Item[], {dpr: number, content: Content}>} */
const contents = new WeakMap();

/**
 * @param {Item[]} children
 * @param {number} dpr (nested layers' offsets are snapped at it)
 * @returns {Content}
 */
export function contentOf(children, dpr) {
  const known = contents.get(children);
  if (known && known.dpr === dpr) return known.content;
  /** @type {Set<number>} */
  const slots = new Set();
  let items = 0, text = false;
  /** @returns {Box | null} */
  const walk = (/** @type {Item[]} */ list, /** @type {number} */ ox, /** @type {number} */ oy) => {
    /** @type {Box | null} */
    let box = null;
    const add = (/** @type {Box} */ b) => {
      box = box ? { x0: Math.min(box.x0, b.x0), y0: Math.min(box.y0, b.y0), x1: Math.max(box.x1, b.x1), y1: Math.max(box.y1, b.y1) } : b;
    };
    for (const e of list) {
      if (e.kind === ItemKind.layer) {
        const dx = ox + devicePixels(e.x, dpr) / dpr, dy = oy + devicePixels(e.y, dpr) / dpr;
        let inner = walk(e.children ?? [], dx, dy);
        if (inner && e.clip) {
          const c = clipBox(e.clip);
          inner = intersect(inner, { x0: ox + c.x0 - 1, y0: oy + c.y0 - 1, x1: ox + c.x1 + 1, y1: oy + c.y1 + 1 });
          if (isEmpty(inner)) inner = null;
        }
        if (inner && e.opacity !== 0) add(inner);
        continue;
      }
      items++;
      if (e.fill > 0) slots.add(e.fill - 1);
      if (e.stroke > 0) slots.add(e.stroke - 1);
      if (e.kind === ItemKind.text) text = true;
      if (e.opacity === 0) continue;
      const b = itemBox(e);
      add({ x0: b.x0 + ox, y0: b.y0 + oy, x1: b.x1 + ox, y1: b.y1 + oy });
    }
    return box;
  };
  const bounds = walk(children, 0, 0);
  /** @type {{box: Box, slot: number} | null} */
  let cover = null, area = 0;
  for (const e of children) {
    if (e.kind !== ItemKind.rect || e.opacity !== 255 || e.rotation || e.clip || e.fill <= 0 || e.width <= 0 || e.height <= 0) continue;
    const x = pt(e.x), y = pt(e.y), w = pt(e.width), h = pt(e.height);
    const r = Math.min(pt(e.cornerRadius), w / 2, h / 2);
    if (w * (h - 2 * r) > area) { area = w * (h - 2 * r); cover = { box: { x0: x, y0: y + r, x1: x + w, y1: y + h - r }, slot: e.fill - 1 }; }
  }
  const content = { bounds, slots: [...slots], items, text, cover };
  contents.set(children, { dpr, content });
  return content;
}

/**
 * The rectangle (frame points, snapped outwards to whole device pixels) around what differs between
 * two frames drawn at the same size — none when nothing drawn differs — or null when that is not
 * known cheaply (draw it whole). Known when the two trees have the same entries in the same places
 * (the mirror shares what a patch did not touch, so unchanged lists are the same arrays): an item
 * that changed is dirty where it was and where it is (a spinner turning, a text set); a layer that
 * moved, faded or changed its clip is dirty over its clip before and after (without a clip: over its
 * content's box); an item whose paint slot was edited is dirty where it is (a shimmer moves one
 * gradient). Entries added, removed or moved in a list: not known. Layers are placed as drawn: at
 * their offsets snapped to device pixels.
 * @param {Frame} old
 * @param {Frame} next
 * @param {number} dpr
 * @param {number} originX
 * @param {number} originY
 * @returns {Box[] | null}
 */
export function dirtyRects(old, next, dpr, originX, originY) {
  if (old.width !== next.width || old.height !== next.height || old.background !== next.background) return null;
  const before = old.paints || [], after = next.paints || [];
  /** @type {Set<number>} */
  const changed = new Set();
  for (let slot = 0; slot < Math.max(before.length, after.length); slot++) {
    if (!before[slot] || !after[slot] || paintKey(before[slot]) !== paintKey(after[slot])) changed.add(slot + 1);
  }
  /** @type {Box[]} */
  const rects = [];
  const snap = (/** @type {number} */ v, /** @type {(n: number) => number} */ round, /** @type {number} */ origin) => round((v - origin) * dpr) / dpr + origin;
  const push = (/** @type {number} */ x0, /** @type {number} */ y0, /** @type {number} */ x1, /** @type {number} */ y1) => {
    rects.push({ x0: snap(x0, Math.floor, originX), y0: snap(y0, Math.floor, originY),
      x1: snap(x1, Math.ceil, originX), y1: snap(y1, Math.ceil, originY) });
  };
  const offset = (/** @type {number} */ v) => devicePixels(v, dpr) / dpr;
  const item = (/** @type {Item} */ e, /** @type {number} */ ox, /** @type {number} */ oy) => {
    if (e.opacity === 0) return;
    const b = itemBox(e);
    push(ox + b.x0, oy + b.y0, ox + b.x1, oy + b.y1);
  };
  /** Where a layer draws, in canvas points: its clip (in its parent's space), else its content's box. */
  const layer = (/** @type {Item} */ e, /** @type {number} */ ox, /** @type {number} */ oy) => {
    if (e.opacity === 0) return;
    const c = e.clip;
    if (c) { push(ox + pt(c.x) - 1, oy + pt(c.y) - 1, ox + pt(c.x + c.width) + 1, oy + pt(c.y + c.height) + 1); return; }
    const b = contentOf(e.children ?? [], dpr).bounds;
    if (!b) return;
    const cx = ox + offset(e.x), cy = oy + offset(e.y);
    push(cx + b.x0, cy + b.y0, cx + b.x1, cy + b.y1);
  };
  /** Items of an unchanged list that use an edited paint slot. */
  const paints = (/** @type {Item[]} */ entries, /** @type {number} */ ox, /** @type {number} */ oy) => {
    if (changed.size === 0) return;
    for (const e of entries) {
      if (e.kind === ItemKind.layer) { if (e.opacity !== 0) paints(e.children ?? [], ox + offset(e.x), oy + offset(e.y)); }
      else if (changed.has(e.fill) || changed.has(e.stroke)) item(e, ox, oy);
    }
  };
  /** @returns {boolean} false: not known cheaply */
  const diff = (/** @type {Item[]} */ a, /** @type {Item[]} */ b, /** @type {number} */ ox, /** @type {number} */ oy) => {
    if (a === b) { paints(b, ox, oy); return true; }
    if (a.length !== b.length) return false;
    for (let i = 0; i < b.length; i++) {
      const ea = a[i], eb = b[i];
      if (ea === eb) { paints([eb], ox, oy); continue; }
      if (ea.id !== eb.id || (ea.kind === ItemKind.layer) !== (eb.kind === ItemKind.layer)) return false;
      if (eb.kind !== ItemKind.layer) { item(ea, ox, oy); item(eb, ox, oy); continue; }
      if (ea.x === eb.x && ea.y === eb.y && ea.opacity === eb.opacity && sameClip(ea.clip, eb.clip)) {
        if (!diff(ea.children ?? [], eb.children ?? [], ox + offset(eb.x), oy + offset(eb.y))) return false;
      } else {
        layer(ea, ox, oy);
        layer(eb, ox, oy);
      }
    }
    return true;
  };
  if (!diff(old.items, next.items, 0, 0)) return null;
  if (rects.length <= 1) return rects;
  // One rectangle around them all: a clip of many costs Skia more than the pixels it spares.
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const r of rects) { x0 = Math.min(x0, r.x0); y0 = Math.min(y0, r.y0); x1 = Math.max(x1, r.x1); y1 = Math.max(y1, r.y1); }
  return [{ x0, y0, x1, y1 }];
}

/** @param {Clip | null} a @param {Clip | null} b */
function sameClip(a, b) {
  if (!a || !b) return a === b || (!a && !b);
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height && a.cornerRadius === b.cornerRadius;
}

