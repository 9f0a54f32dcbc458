// @ts-check
// render.js — drawing: `CanvasRenderer` draws one frame (wire.js's frame shape) on a 2D context,
// `Surface` owns the canvas it draws on (backing store at CSS size × pixel ratio, one draw per
// animation frame). Neither touches the DOM, so both run in a Worker on an OffscreenCanvas as
// well as on the page's thread: one renderer for every path.
//
// The renderer walks the frame and composites its layers; beside it, each with its state: what
// changed (dirty-rects.js), paint styles (paint-style.js), items (draw-items.js), layer bitmaps
// (layer-bitmaps.js), fonts (fonts.js). Coordinates are in 1/8 pt; one point is one CSS pixel.

import { clipBox, contentOf, devicePixels, dirtyRects, intersect, isEmpty, itemBox } from "./dirty-rects.js";
import { drawItem, roundedRectPath } from "./draw-items.js";
import { FontRequests } from "./fonts.js";
import { LayerBitmaps } from "./layer-bitmaps.js";
import { PaintStyles, cssColor } from "./paint-style.js";
import { ItemKind, pt } from "./wire-format.js";

export { FONT_FAMILY } from "./fonts.js";
export { cssColor } from "./paint-style.js";
export { ItemKind } from "./wire-format.js";

/**
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {import("./wire-format.js").Item} Item
 * @typedef {import("./wire-format.js").Paint} Paint
 * @typedef {import("./draw-items.js").Context2D} Context2D
 * @typedef {import("./paint-style.js").Style} Style
 * @typedef {import("./dirty-rects.js").Box} Box
 */

/**
 * Draws frames on a 2D context. A `Surface`'s renderer keeps what it drew (`retained`): the last
 * frame (a new one repaints the rectangle around what changed) and bitmaps of layers whose content
 * holds still (layer-bitmaps.js, "Retained layers"); any renderer keeps its gradients, built once
 * per paint slot and reused while that paint is unchanged (paint-style.js).
 */
export class CanvasRenderer {
  /** @param {Context2D} ctx */
  constructor(ctx) {
    this.ctx = ctx;
    /** The frame's paints as canvas styles, cached per slot. */
    this.paintStyles = new PaintStyles();
    /** @type {(() => void) | null} called when a font used by a text item finishes loading (to redraw) */
    this.onFontLoaded = null;
    this.fonts = new FontRequests(() => this.onFontLoaded?.());
    /** Host items (kind 6) drawn as a dashed stand-in, as the viewer shows them; off where the page
     * places its own element at each (sheet.js). */
    this.standIns = true;
    /** What the canvas shows, in the coordinates of the layer being drawn (points), cut by the clips
     * around it: rects and images wholly outside it are skipped (a window on a tall frame draws its
     * part only). */
    this.view = { x0: 0, y0: 0, x1: 0, y1: 0 };
    /** The pixel ratio and the device translation of the layer being drawn (whole pixels). */
    this.dpr = 1;
    this.tx = 0;
    this.ty = 0;
    /** Draw only what changed since the last frame, and keep bitmaps of layers that hold still
     * (Surface sets it: it owns the canvas, so the last frame is still on it); otherwise every draw
     * is a whole one. */
    this.retained = false;
    /** @type {{frame: Frame, key: string} | null} what the canvas shows, if drawn here last */
    this.last = null;
    /** Counters (tests, benchmarks): whole draws, partial ones, frames that changed nothing drawn;
     * layers drawn from a bitmap, and bitmaps made; entries an opaque layer over them hides.
     * @type {{whole: number, partial: number, skipped: number, cached: number, cachedBuilt: number, hidden: number}} */
    this.counts = { whole: 0, partial: 0, skipped: 0, cached: 0, cachedBuilt: 0, hidden: 0 };
    /** The layer bitmaps (when `retained`) and the offscreen canvases of translucent layers. */
    this.bitmaps = new LayerBitmaps(this.counts);
    /** @type {Paint[]} the paint table of the frame being drawn */
    this.paints = [];
    /** @type {number | null} the opaque colour (0xRRGGBBAA) the entry being drawn lies on with nothing
     * else under it (the frame's background, for the first entries of the first layers), or null */
    this.backdrop = null;
  }

  /**
   * Draws `frame` on a canvas whose CSS size is cssWidth × cssHeight at pixel ratio `dpr`
   * (the backing store is expected to be CSS size × dpr), the frame's point (originX, originY)
   * at the canvas' top left corner (snapped to a whole device pixel).
   * @param {Frame | null} frame
   * @param {number} cssWidth
   * @param {number} cssHeight
   */
  draw(frame, cssWidth, cssHeight, dpr = 1, originX = 0, originY = 0) {
    const ctx = this.ctx;
    // (originX, originY): the frame point at the canvas' top left corner (a window on a larger frame).
    const tx = Math.round((0 - originX) * dpr) + 0, ty = Math.round((0 - originY) * dpr) + 0;
    originX = 0 - tx / dpr;
    originY = 0 - ty / dpr;
    ctx.setTransform(dpr, 0, 0, dpr, tx, ty);
    ctx.globalAlpha = 1;
    if (dpr !== this.dpr) this.dropLayers();
    this.dpr = dpr;
    this.tx = tx;
    this.ty = ty;
    this.bitmaps.begin(Math.round(cssWidth * dpr) * Math.round(cssHeight * dpr));
    const key = `${cssWidth},${cssHeight},${dpr},${originX},${originY},${ctx.canvas.width},${ctx.canvas.height}`;
    const last = this.last;
    this.last = null;
    // Only the canvas as this renderer left it, at the same size and place, takes a partial draw;
    // the same frame again (a font loaded, a resize) is drawn whole.
    const dirty = this.retained && frame && last && last.key === key && last.frame !== frame
      ? dirtyRects(last.frame, frame, dpr, originX, originY) : null;
    if (dirty && dirty.length === 0) { // nothing drawn changed (a paint slot's edit that draws the same)
      this.counts.skipped++;
      this.last = frame ? { frame, key } : null;
      return;
    }
    let x0 = originX, y0 = originY, x1 = originX + cssWidth, y1 = originY + cssHeight;
    if (dirty) {
      // Clear and draw everything again, but only inside the rectangle around the changed boxes
      // (whole device pixels: the result is the whole draw's); what lies outside it is culled.
      // One rectangle: a clip of many costs Skia more than the pixels it spares.
      const [r] = dirty;
      x0 = Math.max(x0, r.x0);
      y0 = Math.max(y0, r.y0);
      x1 = Math.min(x1, r.x1);
      y1 = Math.min(y1, r.y1);
      ctx.save();
      ctx.beginPath();
      ctx.rect(x0, y0, x1 - x0, y1 - y0);
      ctx.clip();
    }
    ctx.clearRect(x0, y0, x1 - x0, y1 - y0);
    if (frame) {
      ctx.fillStyle = cssColor(frame.background);
      ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
      this.view = { x0, y0, x1, y1 };
      this.paints = frame.paints || [];
      const styles = this.paintStyles.stylesFor(ctx, this.paints);
      this.backdrop = (frame.background & 255) === 255 ? frame.background : null;
      this.drawEntries(frame.items, styles, 0);
      this.last = { frame, key };
      if (dirty) this.counts.partial++; else this.counts.whole++;
    }
    if (dirty) ctx.restore();
    // A whole draw drew every layer in view: the bitmaps of the others go (and any layer unseen for
    // a while).
    this.bitmaps.end(!!dirty);
  }

  /** Forgets every layer bitmap (a resize, a new pixel ratio, a font that loaded). */
  dropLayers() {
    this.bitmaps.drop();
  }

  /**
   * A child list in painter's order; `depth` counts the translucent layers around it.
   * @param {Item[]} entries
   * @param {Style[]} styles
   * @param {number} depth
   */
  drawEntries(entries, styles, depth) {
    // What an opaque layer later in the list hides is not drawn: when one covers the view's whole
    // width from an edge down or up (a sheet, a bar), what comes before it is drawn only beside it.
    let from = 0;
    if (entries.length > 1) {
      const v = this.view;
      for (let i = entries.length - 1; i > 0; i--) {
        const c = this.coverOf(entries[i]);
        if (!c || c.x0 > v.x0 || c.x1 < v.x1) continue;
        /** @type {Box | null} */
        let rest = null;
        if (c.y1 >= v.y1 && c.y0 > v.y0) rest = { x0: v.x0, y0: v.y0, x1: v.x1, y1: c.y0 };
        else if (c.y0 <= v.y0 && c.y1 < v.y1) rest = { x0: v.x0, y0: c.y1, x1: v.x1, y1: v.y1 };
        else if (c.y0 > v.y0 || c.y1 < v.y1) continue;
        if (rest) {
          const ctx = this.ctx;
          ctx.save();
          ctx.beginPath();
          ctx.rect(rest.x0, rest.y0, rest.x1 - rest.x0, rest.y1 - rest.y0);
          ctx.clip();
          this.view = rest;
          try { this.drawList(entries, 0, i, styles, depth); } finally { this.view = v; ctx.restore(); }
        }
        this.counts.hidden += i;
        from = i;
        break;
      }
    }
    this.drawList(entries, from, entries.length, styles, depth);
  }

  /**
   * Entries [start, end) of a child list, in painter's order.
   * @param {Item[]} entries @param {number} start @param {number} end @param {Style[]} styles @param {number} depth
   */
  drawList(entries, start, end, styles, depth) {
    const backdrop = this.backdrop;
    for (let i = start; i < end; i++) {
      const entry = entries[i];
      this.backdrop = i === 0 ? backdrop : null; // what came before it is drawn under the next
      if (entry.kind === ItemKind.layer) this.drawLayer(entry, styles, depth);
      else if (!this.outside(entry)) drawItem(this.ctx, entry, styles, this.standIns, this.fonts);
    }
    this.backdrop = null;
  }

  /**
   * Where an entry paints opaque pixels for certain, in the points of the list it is in, snapped
   * inwards to whole device pixels: an opaque layer's cover (contentOf's, dirty-rects.js) with an opaque solid
   * paint, cut by its clip (a rectangle); null when it has none.
   * @param {Item} e
   * @returns {Box | null}
   */
  coverOf(e) {
    if (e.kind !== ItemKind.layer || e.opacity !== 255 || !e.children || (e.clip && e.clip.cornerRadius)) return null;
    const cover = contentOf(e.children, this.dpr).cover;
    const paint = cover && this.paints[cover.slot];
    if (!cover || !paint || paint.kind !== "solid" || ((paint.color ?? 0) & 255) !== 255) return null;
    const dpr = this.dpr, dx = devicePixels(e.x, dpr) / dpr, dy = devicePixels(e.y, dpr) / dpr;
    let b = { x0: cover.box.x0 + dx, y0: cover.box.y0 + dy, x1: cover.box.x1 + dx, y1: cover.box.y1 + dy };
    if (e.clip) b = intersect(b, clipBox(e.clip));
    b = { x0: Math.ceil(b.x0 * dpr) / dpr, y0: Math.ceil(b.y0 * dpr) / dpr, x1: Math.floor(b.x1 * dpr) / dpr, y1: Math.floor(b.y1 * dpr) / dpr };
    return isEmpty(b) ? null : b;
  }

  /**
   * A layer: clipped in its parent's space, translated (by whole device pixels), and composited as
   * a group: from its bitmap when it has a current one; else a translucent layer is drawn into an
   * offscreen canvas first, then blended once at its opacity, so its overlapping children do not
   * show through each other.
   * @param {Item} layer
   * @param {Style[]} styles
   * @param {number} depth
   */
  drawLayer(layer, styles, depth) {
    if (layer.opacity === 0) return;
    const view = this.view, c = layer.clip;
    const clipped = c ? intersect(view, clipBox(c)) : view;
    if (c && (pt(c.x + c.width) < view.x0 || pt(c.x) > view.x1 || pt(c.y + c.height) < view.y0 || pt(c.y) > view.y1)) return; // all clipped away
    const ctx = this.ctx, dpr = this.dpr, tx = this.tx, ty = this.ty;
    ctx.save();
    if (c) {
      roundedRectPath(ctx, pt(c.x), pt(c.y), pt(c.width), pt(c.height), pt(c.cornerRadius));
      ctx.clip();
    }
    const dx = devicePixels(layer.x, dpr), dy = devicePixels(layer.y, dpr);
    this.tx = tx + dx;
    this.ty = ty + dy;
    ctx.setTransform(dpr, 0, 0, dpr, this.tx, this.ty);
    const lx = dx / dpr, ly = dy / dpr;
    this.view = { x0: clipped.x0 - lx, y0: clipped.y0 - ly, x1: clipped.x1 - lx, y1: clipped.y1 - ly };
    try {
      if (!this.retained || !this.bitmaps.draw(layer, this, this.paintStyles.keys, styles)) this.drawLayerContent(layer, styles, depth);
    } finally {
      this.view = view;
      this.tx = tx;
      this.ty = ty;
      ctx.restore();
    }
  }

  /**
   * A layer's entries on the context, already clipped and translated: through an offscreen canvas
   * at its opacity when it is translucent.
   * @param {Item} layer
   * @param {Style[]} styles
   * @param {number} depth
   */
  drawLayerContent(layer, styles, depth) {
    const ctx = this.ctx;
    const children = layer.children ?? [];
    const off = layer.opacity < 255 ? this.bitmaps.offscreen(ctx.canvas, depth) : null;
    const offCtx = off ? /** @type {Context2D | null} */ (off.getContext("2d")) : null;
    if (!off || !offCtx) {
      this.drawEntries(children, styles, depth);
      return;
    }
    this.backdrop = null; // drawn over a cleared offscreen canvas
    offCtx.setTransform(1, 0, 0, 1, 0, 0);
    offCtx.clearRect(0, 0, off.width, off.height);
    offCtx.setTransform(this.dpr, 0, 0, this.dpr, this.tx, this.ty);
    this.ctx = offCtx;
    try { this.drawEntries(children, styles, depth + 1); } finally { this.ctx = ctx; }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = layer.opacity / 255;
    ctx.drawImage(off, 0, 0);
  }

  /**
   * A layer's entries on a bitmap (LayerBitmaps asks), `region` at its top left corner.
   * @param {Context2D} bctx
   * @param {Box} region
   * @param {Item[]} children
   * @param {Style[]} styles
   */
  drawBitmap(bctx, region, children, styles) {
    const dpr = this.dpr;
    const saved = { ctx: this.ctx, view: this.view, tx: this.tx, ty: this.ty };
    this.ctx = bctx;
    this.view = region;
    this.tx = -Math.round(region.x0 * dpr);
    this.ty = -Math.round(region.y0 * dpr);
    bctx.setTransform(dpr, 0, 0, dpr, this.tx, this.ty);
    try {
      this.drawEntries(children, styles, 0);
    } finally {
      this.ctx = saved.ctx;
      this.view = saved.view;
      this.tx = saved.tx;
      this.ty = saved.ty;
    }
  }

  /**
   * An item that lies wholly outside the view: the box dirtyRects() repaints for it (its stroke, a
   * rotation and a text's overhang included).
   * @param {Item} item
   */
  outside(item) {
    const v = this.view, b = itemBox(item);
    return b.x1 < v.x0 || b.x0 > v.x1 || b.y1 < v.y0 || b.y0 > v.y1;
  }
}

/**
 * A canvas (an HTMLCanvasElement, or an OffscreenCanvas in a worker) and what it shows: the
 * backing store is CSS size × pixel ratio; `show` draws at the next animation frame (many calls,
 * one draw), `showNow` at once; `origin` is the frame point at its top left corner (a window on a
 * larger frame). `onDrawn(count)` follows every draw of a frame.
 */
export class Surface {
  /**
   * @param {any} canvas an HTMLCanvasElement or an OffscreenCanvas
   * @param {{env?: any}} options env: where requestAnimationFrame comes from (a window, a worker)
   */
  constructor(canvas, { env = globalThis } = {}) {
    this.canvas = canvas;
    this.env = env;
    this.renderer = new CanvasRenderer(canvas.getContext("2d"));
    // This canvas is only drawn here: a frame repaints what changed, layers that hold still are
    // composited from their bitmaps.
    this.renderer.retained = true;
    // A font that loaded draws text anew: the whole frame, and no bitmap drawn with the fallback.
    this.renderer.onFontLoaded = () => { this.renderer.last = null; this.renderer.dropLayers(); this.invalidate(); };
    /** @type {Frame | null} */
    this.frame = null;
    this.cssWidth = 0;
    this.cssHeight = 0;
    this.dpr = 1;
    this.origin = { x: 0, y: 0 };
    this.drawCount = 0;
    this.pending = false;
    /** @type {((count: number) => void) | null} */
    this.onDrawn = null;
  }

  /**
   * Sets the backing store to CSS size × dpr (crisp lines and text on high-density screens); a new
   * size or pixel ratio drops the layer bitmaps.
   * @param {number} cssWidth
   * @param {number} cssHeight
   * @param {number} dpr
   */
  resize(cssWidth, cssHeight, dpr) {
    const pixelWidth = Math.max(1, Math.round(cssWidth * dpr));
    const pixelHeight = Math.max(1, Math.round(cssHeight * dpr));
    if (this.canvas.width !== pixelWidth) this.canvas.width = pixelWidth;
    if (this.canvas.height !== pixelHeight) this.canvas.height = pixelHeight;
    const changed = cssWidth !== this.cssWidth || cssHeight !== this.cssHeight || dpr !== this.dpr;
    this.cssWidth = cssWidth;
    this.cssHeight = cssHeight;
    this.dpr = dpr;
    if (changed) {
      this.renderer.dropLayers();
      this.invalidate();
    }
  }

  /**
   * Shows a new frame; the draw happens on the next animation frame.
   * @param {Frame | null} frame
   */
  show(frame) {
    this.frame = frame;
    this.invalidate();
  }

  /**
   * Shows a new frame and draws it now (a caller already inside an animation frame).
   * @param {Frame | null} frame
   */
  showNow(frame) {
    this.frame = frame;
    this.drawNow();
  }

  /** Asks for one redraw on the next animation frame (many calls, one draw). */
  invalidate() {
    if (this.pending) return;
    this.pending = true;
    const raf = this.env.requestAnimationFrame?.bind(this.env) ?? ((/** @type {() => void} */ fn) => setTimeout(fn, 16));
    raf(() => {
      if (this.pending) this.drawNow(); // unless showNow drew it meanwhile
    });
  }

  drawNow() {
    this.pending = false; // a draw asked for earlier in this frame is this one
    this.renderer.draw(this.frame, this.cssWidth, this.cssHeight, this.dpr, this.origin.x, this.origin.y);
    if (!this.frame) return;
    this.drawCount++; // frames drawn: what tests and pages wait for
    if (this.canvas.dataset) this.canvas.dataset.drawn = String(this.drawCount);
    this.onDrawn?.(this.drawCount);
  }
}
