// @ts-check
// layer-bitmaps.js — a retained renderer's layer bitmaps (deciding by layer-cache.js), and its
// offscreen canvases for translucent layers.
//
// Retained layers (a `Surface`'s renderer). A layer whose content did not change since it was last
// drawn — the same child list (the mirror shares a list no patch touched: a scroll or a sheet moving
// changes the layer's offset, not its list) and the same paints in the slots it uses — is drawn from
// a bitmap of it: a scroll, a sheet drag or a fade recomposites that bitmap at the layer's new offset
// or opacity instead of drawing its items again.
//
// When (layer-cache.js, the policy as plain functions): a layer that moved or faded since its last
// draw gets its bitmap at once; one drawn again where it was, once it has been so three draws
// running; new content is drawn directly, except for a moving layer whose last bitmap paid for
// itself; and only layers worth it (translucent, or with text or enough items).
//
// Pixels: the bitmap is in device pixels, and every layer is drawn at its offset snapped to the
// device pixel grid (a whole draw, a partial one and a bitmap alike), so a bitmap lands on the pixels
// a direct draw paints. It starts on the canvas' 8 × 8 dither pattern where the layer is when it is
// made, and a layer drawn first on the frame's opaque background (a list filling its screen) has a
// bitmap of that background and itself: opaque (composited as a copy), its edges blended as a direct
// draw blends them. What still differs from a direct draw (Tests/browser/test_retained.py measures
// it): in a bitmap with transparency (a sheet over its map), an antialiased edge stored premultiplied
// and blended once (one level); a moved gradient keeps the dither of where it was drawn; a path the
// canvas' edge or a clip cuts is rasterized otherwise by Skia than the same path whole, which is
// what the bitmap holds.
//
// Memory: a bitmap holds the part of the layer in view (the canvas, cut by the clips around the
// layer) — with, for a moving layer, a margin around it: the canvas' larger side, halved until the
// bitmap holds at most `LAYER_CAP` × the canvas' pixels. A layer whose part in view alone does not
// fit is drawn directly. All bitmaps together hold at most `TOTAL_CAP` × the canvas' pixels and never
// more than `MAX_PIXELS` (least recently drawn out first). A 100,000-row list costs what its window
// of rows in view does (the core lays out only those). A layer that moves beyond its bitmap is cached
// again around where it is. Bitmaps go when their layer's content changes (remade when it holds still
// again), when a whole draw no longer draws the layer, after `IDLE_DRAWS` draws without it, and all
// of them on a resize, a new pixel ratio or a font that loaded; a new colour scheme is new paints or
// items, so new content.

import { IDLE_DRAWS, LAYER_CAP, MAX_PIXELS, TOTAL_CAP, cachesNewContent, makesBitmapNow, worthABitmap } from "./layer-cache.js";
import { contentOf, intersect, isEmpty } from "./dirty-rects.js";
import { cssColor } from "./paint-style.js";

/**
 * @typedef {import("./wire-format.js").Item} Item
 * @typedef {import("./paint-style.js").Style} Style
 * @typedef {import("./dirty-rects.js").Box} Box
 * @typedef {import("./draw-items.js").Context2D} Context2D
 * @typedef {HTMLCanvasElement} AnyCanvas a canvas or an OffscreenCanvas (the same members are used)
 */

/**
 * A layer's cache entry, by layer id: what it drew last (its child list, the frame's paint keys)
 * and its bitmap, if made: `region` is what the bitmap holds, in the layer's points.
 * @typedef {{children: Item[], keys: string[], layer: Item, canvas: AnyCanvas | null, region: Box | null, dpr: number,
 *   width: number, height: number, used: number, repeats: number, uses: number, served: number,
 *   backdrop: number | null}} LayerEntry
 */

/**
 * The renderer drawing a layer (render.js): its context, view, pixel ratio, device translation and
 * backdrop, and how it draws a layer's entries on a bitmap.
 * @typedef {{ctx: Context2D, view: Box, dpr: number, tx: number, ty: number, backdrop: number | null,
 *   drawBitmap: (bctx: Context2D, region: Box, children: Item[], styles: Style[]) => void}} Drawing
 */

/**
 * A canvas for a layer bitmap or a translucent layer, beside `like` (an OffscreenCanvas where there
 * is one, else a canvas of like's document); null where there is neither (node's fakes).
 * @param {any} like
 * @param {number} width
 * @param {number} height
 * @returns {AnyCanvas | null}
 */
function makeCanvas(like, width, height) {
  const Offscreen = /** @type {any} */ (globalThis).OffscreenCanvas;
  if (typeof Offscreen === "function") return /** @type {AnyCanvas} */ (new Offscreen(width, height));
  const doc = like?.ownerDocument;
  if (!doc || typeof doc.createElement !== "function") return null;
  const canvas = /** @type {HTMLCanvasElement} */ (doc.createElement("canvas"));
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/**
 * Frees a layer entry's bitmap (its memory at once, not when it is collected).
 * @param {LayerEntry} entry
 */
function releaseCanvas(entry) {
  if (entry.canvas) {
    entry.canvas.width = 0;
    entry.canvas.height = 0;
  }
  entry.canvas = null;
  entry.region = null;
  entry.width = 0;
  entry.height = 0;
}

/** Counts layers drawn from a bitmap (`cached`) and bitmaps made (`cachedBuilt`) in `counts`. */
export class LayerBitmaps {
  /** @param {{cached: number, cachedBuilt: number}} counts the renderer's counters */
  constructor(counts) {
    this.counts = counts;
    /** @type {Map<number, LayerEntry>} retained layers by id */
    this.layers = new Map();
    /** Draws so far (a layer entry's `used` is the last draw that drew its layer). */
    this.serial = 0;
    /** Device pixels the canvas has (the bitmaps' budget is a multiple of it). */
    this.canvasPixels = 0;
    /** Set while a layer's bitmap is drawn (what it holds is drawn directly). */
    this.building = false;
    /** @type {(AnyCanvas | null)[]} offscreen canvases for translucent layers, one per nesting level of them */
    this.offscreens = [];
  }

  /** A draw starts.
   * @param {number} canvasPixels */
  begin(canvasPixels) {
    this.canvasPixels = canvasPixels;
    this.serial++;
  }

  /** A draw ended (a whole one drew every layer in view: the others' bitmaps go).
   * @param {boolean} partial */
  end(partial) {
    if (this.layers.size) this.sweep(partial ? this.serial - IDLE_DRAWS : this.serial);
  }

  /** Forgets every layer bitmap (a resize, a new pixel ratio, a font that loaded). */
  drop() {
    for (const entry of this.layers.values()) releaseCanvas(entry);
    this.layers.clear();
  }

  /**
   * Drops the entries of layers last drawn before draw `since`.
   * @param {number} since
   */
  sweep(since) {
    for (const [id, entry] of this.layers) {
      if (entry.used < since) {
        releaseCanvas(entry);
        this.layers.delete(id);
      }
    }
  }

  /**
   * Draws a layer from its bitmap when its content holds still (see "Retained layers" above),
   * making the bitmap when it has none that holds what is in view; false: draw it directly.
   * @param {Item} layer
   * @param {Drawing} at
   * @param {string[]} keys the frame's paint keys
   * @param {Style[]} styles
   * @returns {boolean}
   */
  draw(layer, at, keys, styles) {
    if (this.building) return false;
    const children = layer.children ?? [];
    const entry = this.layers.get(layer.id);
    if (!entry) {
      this.layers.set(layer.id, { children, keys, layer, canvas: null, region: null, dpr: 0, width: 0,
        height: 0, used: this.serial, repeats: 0, uses: 0, served: Infinity, backdrop: null });
      return false;
    }
    const previous = entry.layer, before = entry.keys, running = entry.used === this.serial - 1;
    entry.used = this.serial;
    entry.keys = keys;
    entry.layer = layer;
    // Moved or faded since its last draw (a new layer object with the same content: a scroll, a
    // sheet, a fade), rather than drawn again where it was because something around it changed.
    const moved = previous !== layer && (previous.x !== layer.x || previous.y !== layer.y || previous.opacity !== layer.opacity);
    // The core says it will move or fade (wire.js `willChange`: a scroll's content, a sheet, a dim).
    const willChange = layer.willChange !== 0;
    let content = null;
    if (entry.children === children) {
      content = contentOf(children, at.dpr);
      // A paint it uses changed (a shimmer): new content.
      if (before !== keys && content.slots.some((slot) => before[slot] !== keys[slot])) content = null;
    }
    if (!content) { // new content: drawn directly until it holds still…
      if (entry.region) entry.served = entry.uses;
      entry.children = children;
      entry.region = null;
      entry.repeats = 0;
      // …unless it keeps moving and its last bitmap paid for itself: a list's window of rows changes
      // every 256 pt of scrolling, and a slow scroll goes on.
      if (!cachesNewContent({ moved, served: entry.served, repeats: 0, running, hasBitmap: false, willChange })) return false;
      content = contentOf(children, at.dpr);
    } else {
      entry.repeats++;
    }
    if (!worthABitmap({ opacity: layer.opacity, text: !!content.text, items: content.items })) return false; // cheaper drawn
    if (!content.bounds) return true; // draws nothing
    const needed = intersect(at.view, content.bounds);
    if (isEmpty(needed)) return true; // nothing of it in view
    // A layer drawn first on an opaque background (a list filling its screen) has a bitmap of that
    // background and itself: opaque, so composited as a copy, and its edges blended as drawn.
    const backdrop = layer.opacity === 255 ? at.backdrop : null;
    const r = entry.region;
    if (!r || entry.dpr !== at.dpr || entry.backdrop !== backdrop || needed.x0 < r.x0 || needed.y0 < r.y0 || needed.x1 > r.x1 || needed.y1 > r.y1) {
      // A layer that moves gets a bitmap at once (with a margin to move into), unless its last one
      // served fewer than `AMORTIZED` frames (a fast fling through a list's windows of rows: drawn
      // directly until its content holds that long); one drawn again where it was, once it has been
      // so three draws running (a spinner's backdrop), of what is needed.
      if (!makesBitmapNow({ moved, served: entry.served, repeats: entry.repeats, running, hasBitmap: !!r, willChange })) return false;
      if (r) entry.served = entry.uses;
      // One that will move gets a margin to move into, as one that moves does.
      if (!this.makeBitmap(entry, at, children, content.bounds, needed, moved || willChange, backdrop, styles)) return false;
      entry.uses = 0;
    }
    this.blit(at, entry, needed, layer.opacity);
    entry.uses++;
    this.counts.cached++;
    return true;
  }

  /**
   * Draws a layer's entries into its bitmap: what is in view (`needed`) and a margin around it
   * within the content's box, in as many pixels as the caps allow; false when it does not fit.
   * @param {LayerEntry} entry
   * @param {Drawing} at
   * @param {Item[]} children
   * @param {Box} bounds
   * @param {Box} needed
   * @param {boolean} moving (a margin to move into)
   * @param {number | null} backdrop the opaque colour under the layer, if nothing else is
   * @param {Style[]} styles
   */
  makeBitmap(entry, at, children, bounds, needed, moving, backdrop, styles) {
    const dpr = at.dpr;
    const cap = Math.min(LAYER_CAP * this.canvasPixels, MAX_PIXELS);
    const span = moving ? Math.max(Math.sqrt(this.canvasPixels) / dpr, needed.x1 - needed.x0, needed.y1 - needed.y0) : 0;
    /** @type {Box | null} */
    let region = null;
    let width = 0, height = 0;
    for (let margin = span; ; margin = margin >= 1 ? margin / 2 : 0) {
      const r = intersect({ x0: needed.x0 - margin, y0: needed.y0 - margin, x1: needed.x1 + margin, y1: needed.y1 + margin }, bounds);
      const snapped = { x0: Math.floor(r.x0 * dpr) / dpr, y0: Math.floor(r.y0 * dpr) / dpr, x1: Math.ceil(r.x1 * dpr) / dpr, y1: Math.ceil(r.y1 * dpr) / dpr };
      width = Math.round((snapped.x1 - snapped.x0) * dpr);
      height = Math.round((snapped.y1 - snapped.y0) * dpr);
      if (width * height <= cap) { region = snapped; break; }
      if (margin === 0) break;
    }
    releaseCanvas(entry);
    if (!region || width <= 0 || height <= 0) return false;
    // Skia dithers gradients by device pixel (an 8 × 8 pattern at most): the bitmap starts on the
    // canvas' pattern where the layer is now, so a layer that has not moved since (a fade, a
    // spinner's backdrop) is its direct draw exactly; one that moved keeps its own dither.
    const ax = (((at.tx + Math.round(region.x0 * dpr)) % 8) + 8) % 8, ay = (((at.ty + Math.round(region.y0 * dpr)) % 8) + 8) % 8;
    region = { x0: region.x0 - ax / dpr, y0: region.y0 - ay / dpr, x1: region.x1, y1: region.y1 };
    width += ax;
    height += ay;
    // The budget for all bitmaps: the least recently drawn go first, never one drawn in this frame.
    const budget = Math.min(TOTAL_CAP * this.canvasPixels, MAX_PIXELS);
    let total = width * height;
    for (const e of this.layers.values()) if (e.canvas) total += e.width * e.height;
    if (total > budget) {
      const old = [...this.layers.values()].filter((e) => e.canvas && e.used < this.serial).sort((a, b) => a.used - b.used);
      for (const e of old) {
        if (total <= budget) break;
        total -= e.width * e.height;
        releaseCanvas(e);
      }
      if (total > budget) return false;
    }
    const canvas = makeCanvas(at.ctx.canvas, width, height);
    const bctx = canvas ? /** @type {Context2D | null} */ (canvas.getContext("2d", { alpha: backdrop === null })) : null;
    if (!canvas || !bctx) return false;
    if (backdrop !== null) {
      bctx.fillStyle = cssColor(backdrop);
      bctx.fillRect(0, 0, width, height);
    }
    this.building = true;
    try {
      at.drawBitmap(bctx, region, children, styles);
    } finally {
      this.building = false;
    }
    entry.canvas = canvas;
    entry.backdrop = backdrop;
    entry.region = region;
    entry.dpr = dpr;
    entry.width = width;
    entry.height = height;
    this.counts.cachedBuilt++;
    return true;
  }

  /**
   * Composites the part of a layer's bitmap in view at the layer's place (whole device pixels: no
   * resampling) and opacity, under the clips in force.
   * @param {Drawing} at
   * @param {LayerEntry} entry
   * @param {Box} needed
   * @param {number} opacity
   */
  blit(at, entry, needed, opacity) {
    const r = /** @type {Box} */ (entry.region), dpr = at.dpr, canvas = /** @type {AnyCanvas} */ (entry.canvas);
    const sx0 = Math.max(0, Math.floor((needed.x0 - r.x0) * dpr)), sy0 = Math.max(0, Math.floor((needed.y0 - r.y0) * dpr));
    const sx1 = Math.min(entry.width, Math.ceil((needed.x1 - r.x0) * dpr)), sy1 = Math.min(entry.height, Math.ceil((needed.y1 - r.y0) * dpr));
    if (sx1 <= sx0 || sy1 <= sy0) return;
    const ctx = at.ctx;
    const ox = at.tx + Math.round(r.x0 * dpr), oy = at.ty + Math.round(r.y0 * dpr);
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.globalAlpha = opacity / 255;
    ctx.drawImage(canvas, sx0, sy0, sx1 - sx0, sy1 - sy0, ox + sx0, oy + sy0, sx1 - sx0, sy1 - sy0);
    ctx.restore();
  }

  /**
   * A canvas the size of `target`'s backing store for the `depth`-th translucent layer.
   * @param {AnyCanvas} target
   * @param {number} depth
   * @returns {AnyCanvas | null}
   */
  offscreen(target, depth) {
    const { width, height } = target;
    let off = this.offscreens[depth];
    if (!off) {
      off = makeCanvas(target, width, height);
      if (!off) return null;
      this.offscreens[depth] = off;
    }
    if (off.width !== width) off.width = width;
    if (off.height !== height) off.height = height;
    return off;
  }
}
