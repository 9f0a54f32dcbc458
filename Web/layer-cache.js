// @ts-check
// layer-cache.js — when a layer is drawn from a bitmap of itself rather than item by item: the
// retained renderer's cache policy (layer-bitmaps.js, "Retained layers"), as plain functions of what
// the renderer knows about a layer, so the rule is written once and tested in node
// (Tests/web/layer-cache.test.mjs) as well as by its pixels in Chromium (test_retained.py).

/** Layers with fewer items, opaque and without text, are cheaper drawn than cached. */
export const MIN_ITEMS = 8;
/** A layer's bitmap holds at most this many times the canvas' pixels. */
export const LAYER_CAP = 3;
/** All bitmaps together hold at most this many times the canvas' pixels… */
export const TOTAL_CAP = 4;
/** …and never more than this (16 M pixels, 64 MB). */
export const MAX_PIXELS = 16 << 20;
/** A bitmap whose layer was not drawn for this many draws goes. */
export const IDLE_DRAWS = 120;
/** A moving layer whose last bitmap served this many frames gets one again for new content. */
export const AMORTIZED = 8;
/** A layer drawn again where it was gets a bitmap once it has been so this many draws running. */
export const REPEATS = 3;

/**
 * What the renderer knows of a layer at a draw.
 * @typedef {object} LayerHistory
 * @property {boolean} moved it moved or faded since its last draw (a scroll, a sheet, a fade)
 * @property {number} served frames its last bitmap served (Infinity before it had one)
 * @property {number} repeats draws running with the same content
 * @property {boolean} running it was drawn in the draw before this one too
 * @property {boolean} hasBitmap it has a bitmap (that may not hold what is in view)
 * @property {boolean} willChange the core says it will move or fade it (the layer's `willChange`:
 *   a scroll container's content, a sheet, its dim)
 */

/**
 * New content (its child list or a paint it uses changed): drawn directly — content that changes
 * every frame never gets a bitmap — unless the layer keeps moving and its last bitmap paid for
 * itself (a list's window of rows changes every 256 pt of scrolling, and a slow scroll goes on).
 * @param {LayerHistory} h
 */
export function cachesNewContent(h) {
  return h.moved && h.served >= AMORTIZED;
}

/**
 * Whether a layer is worth a bitmap at all: a translucent one is composited through one anyway;
 * an opaque one only with text or at least `MIN_ITEMS` items.
 * @param {{opacity: number, text: boolean, items: number}} layer opacity 0…255
 */
export function worthABitmap({ opacity, text, items }) {
  return opacity !== 255 || text || items >= MIN_ITEMS;
}

/**
 * Whether to make a bitmap now, when the layer has none that holds what is in view: a layer that
 * moves gets one at once (with a margin to move into), unless its last one served fewer than
 * `AMORTIZED` frames (a fling through a list's windows of rows: drawn directly until its content
 * holds that long); one the core says will move, at once too, so the first frame of a scroll or a
 * drag composites instead of drawing (the producer declares what to cache, as Flutter's
 * `willChange` hint); one drawn again where it was, once it has been so `REPEATS` draws running (a
 * spinner's backdrop), or at once when its bitmap only needs to grow.
 * @param {LayerHistory} h
 */
export function makesBitmapNow(h) {
  if (h.moved) return h.served >= AMORTIZED || h.repeats >= AMORTIZED;
  return h.hasBitmap || h.willChange || (h.running && h.repeats >= REPEATS);
}
