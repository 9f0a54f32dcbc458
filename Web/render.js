// @ts-check
// render.js — drawing: `CanvasRenderer` draws one frame (wire.js's frame shape) on a 2D context,
// `Surface` owns the canvas it draws on (backing store at CSS size × pixel ratio, one draw per
// animation frame). Neither touches the DOM, so both run in a Worker on an OffscreenCanvas as
// well as on the page's thread: one renderer for every path.
//
// Frames carry raw wire integers: coordinates in 1/8 pt, colours 0xRRGGBBAA, angles in
// turns/65536. One point is drawn as one CSS pixel.

/** 1/8 pt → points. */
const UNIT = 8;
const pt = (v) => v / UNIT;
const TURN = 2 * Math.PI;
const ANGLE_UNIT = 65536;
const STOP_UNIT = 65535;

/** The family of Web/fonts/inter.css: the same Inter files the core measured (never a system Inter). */
export const FONT_FAMILY = '"Veil Inter", sans-serif';

/** The wire's item kinds (docs/PROTOCOL.md). */
export const ItemKind = Object.freeze({ rect: 0, text: 1, image: 2, arc: 3, activityIndicator: 4, layer: 5 });

/** 0xRRGGBBAA → a CSS colour string. */
export function cssColor(rgba) {
  const c = rgba >>> 0;
  const a = (c & 255) / 255;
  return `rgba(${c >>> 24},${(c >>> 16) & 255},${(c >>> 8) & 255},${Number(a.toFixed(4))})`;
}

/** A string that is equal for two paints exactly when they draw the same. */
function paintKey(paint) {
  const stops = (paint.stops || []).map((s) => `${s.offset}:${s.color >>> 0}`).join(",");
  switch (paint.kind) {
    case "solid": return `s${paint.color >>> 0}`;
    case "linear": return `l${paint.x0},${paint.y0},${paint.x1},${paint.y1}|${stops}`;
    case "radial": return `r${paint.cx},${paint.cy},${paint.radius}|${stops}`;
    default: return `?${paint.kind}`;
  }
}

/** Rounded-rectangle path; the radius is clamped to what the box allows. */
function roundedRectPath(ctx, x, y, w, h, r) {
  ctx.beginPath();
  const radius = Math.max(0, Math.min(r, Math.abs(w) / 2, Math.abs(h) / 2));
  if (radius > 0) ctx.roundRect(x, y, w, h, radius);
  else ctx.rect(x, y, w, h);
}

/**
 * The rectangle (frame points, snapped outwards to whole device pixels) around what differs between
 * two frames drawn at the same size — none when nothing drawn differs — or null when that is not
 * known cheaply (draw it whole). Known when the two trees have the same entries in the same places
 * (the mirror shares what a patch did not touch, so unchanged lists are the same arrays): an item
 * that changed is dirty where it was and where it is (a spinner turning, a text set); a layer that
 * moved, faded or changed its clip is dirty over its clip before and after (without a clip: over its
 * entries' boxes); an item whose paint slot was edited is dirty where it is (a shimmer moves one
 * gradient). Entries added, removed or moved in a list: not known.
 * @param {import("./wire.js").Frame} old
 * @param {import("./wire.js").Frame} next
 * @param {number} dpr
 * @param {number} originX
 * @param {number} originY
 * @returns {{x0: number, y0: number, x1: number, y1: number}[] | null}
 */
function dirtyRects(old, next, dpr, originX, originY) {
  if (old.width !== next.width || old.height !== next.height || old.background !== next.background) return null;
  const before = old.paints || [], after = next.paints || [];
  const changed = new Set();
  for (let slot = 0; slot < Math.max(before.length, after.length); slot++) {
    if (!before[slot] || !after[slot] || paintKey(before[slot]) !== paintKey(after[slot])) changed.add(slot + 1);
  }
  /** @type {{x0: number, y0: number, x1: number, y1: number}[]} */
  const rects = [];
  const snap = (/** @type {number} */ v, /** @type {(n: number) => number} */ round, /** @type {number} */ origin) => round((v - origin) * dpr) / dpr + origin;
  const push = (/** @type {number} */ x0, /** @type {number} */ y0, /** @type {number} */ x1, /** @type {number} */ y1) => {
    rects.push({ x0: snap(x0, Math.floor, originX), y0: snap(y0, Math.floor, originY),
      x1: snap(x1, Math.ceil, originX), y1: snap(y1, Math.ceil, originY) });
  };
  /** An item's box in canvas points, with what its stroke, antialiasing, rotation or glyphs add. */
  const item = (/** @type {any} */ e, /** @type {number} */ ox, /** @type {number} */ oy) => {
    if (e.opacity === 0) return;
    const x = ox + pt(e.x), y = oy + pt(e.y), w = pt(e.width), h = pt(e.height);
    let margin = 1 + pt(e.lineWidth || 0);
    if (e.kind === ItemKind.text) margin += pt(e.fontSize || 0); // accents, descenders
    const cx = x + w / 2, cy = y + h / 2;
    const rx = (e.rotation ? Math.hypot(w, h) / 2 : Math.abs(w) / 2) + margin;
    const ry = (e.rotation ? Math.hypot(w, h) / 2 : Math.abs(h) / 2) + margin;
    push(cx - rx, cy - ry, cx + rx, cy + ry);
  };
  /** Where a layer draws, in canvas points: its clip (in its parent's space), else its entries' boxes. */
  const layer = (/** @type {any} */ e, /** @type {number} */ ox, /** @type {number} */ oy) => {
    if (e.opacity === 0) return;
    const c = e.clip;
    if (c) { push(ox + pt(c.x) - 1, oy + pt(c.y) - 1, ox + pt(c.x + c.width) + 1, oy + pt(c.y + c.height) + 1); return; }
    const cx = ox + pt(e.x), cy = oy + pt(e.y);
    for (const child of e.children) {
      if (child.kind === ItemKind.layer) layer(child, cx, cy);
      else item(child, cx, cy);
    }
  };
  /** Items of an unchanged list that use an edited paint slot. */
  const paints = (/** @type {any[]} */ entries, /** @type {number} */ ox, /** @type {number} */ oy) => {
    if (changed.size === 0) return;
    for (const e of entries) {
      if (e.kind === ItemKind.layer) { if (e.opacity !== 0) paints(e.children, ox + pt(e.x), oy + pt(e.y)); }
      else if (changed.has(e.fill) || changed.has(e.stroke)) item(e, ox, oy);
    }
  };
  /** @returns {boolean} false: not known cheaply */
  const diff = (/** @type {any[]} */ a, /** @type {any[]} */ b, /** @type {number} */ ox, /** @type {number} */ oy) => {
    if (a === b) { paints(b, ox, oy); return true; }
    if (a.length !== b.length) return false;
    for (let i = 0; i < b.length; i++) {
      const ea = a[i], eb = b[i];
      if (ea === eb) { paints([eb], ox, oy); continue; }
      if (ea.id !== eb.id || (ea.kind === ItemKind.layer) !== (eb.kind === ItemKind.layer)) return false;
      if (eb.kind !== ItemKind.layer) { item(ea, ox, oy); item(eb, ox, oy); continue; }
      if (ea.x === eb.x && ea.y === eb.y && ea.opacity === eb.opacity && sameClip(ea.clip, eb.clip)) {
        if (!diff(ea.children, eb.children, ox + pt(eb.x), oy + pt(eb.y))) return false;
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

/** @param {any} a @param {any} b */
function sameClip(a, b) {
  if (!a || !b) return a === b || (!a && !b);
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height && a.cornerRadius === b.cornerRadius;
}

/**
 * Draws frames on a 2D context. Stateless between frames except for the paint cache:
 * a gradient object is built once per paint slot and reused while that paint is unchanged
 * (an animated shimmer changes one paint; forty placeholders share its gradient).
 */
export class CanvasRenderer {
  constructor(ctx) {
    this.ctx = ctx;
    /** Per paint slot: { key, style }. */
    this.paintCache = [];
    /** Called when a font used by a text item finishes loading (to redraw). */
    this.onFontLoaded = null;
    this.requestedFonts = new Set();
    /** Offscreen canvases for translucent layers, one per nesting level of them. */
    this.offscreens = [];
    /** What the canvas shows, in the coordinates of the layer being drawn (points): rects and
     * images wholly outside it are skipped (a window on a tall frame draws its part only). */
    this.view = { x0: 0, y0: 0, x1: 0, y1: 0 };
    /** Draw only what changed since the last frame (Surface sets it: it owns the canvas, so the
     * last frame is still on it); otherwise every draw is a whole one. */
    this.retained = false;
    /** @type {{frame: any, key: string} | null} what the canvas shows, if drawn here last */
    this.last = null;
    /** Counters (tests, benchmarks): whole draws, partial ones, and frames that changed nothing drawn. */
    this.counts = { whole: 0, partial: 0, skipped: 0 };
  }

  /**
   * Draws `frame` on a canvas whose CSS size is cssWidth × cssHeight at pixel ratio `dpr`
   * (the backing store is expected to be CSS size × dpr), the frame's point (originX, originY)
   * at the canvas' top left corner.
   * @param {Frame | null} frame
   * @param {number} cssWidth
   * @param {number} cssHeight
   */
  draw(frame, cssWidth, cssHeight, dpr = 1, originX = 0, originY = 0) {
    const ctx = this.ctx;
    // (originX, originY): the frame point at the canvas' top left corner (a window on a larger frame).
    ctx.setTransform(dpr, 0, 0, dpr, (0 - originX) * dpr, (0 - originY) * dpr);
    ctx.globalAlpha = 1;
    const key = `${cssWidth},${cssHeight},${dpr},${originX},${originY},${ctx.canvas.width},${ctx.canvas.height}`;
    const last = this.last;
    this.last = null;
    // Only the canvas as this renderer left it, at the same size and place, takes a partial draw;
    // the same frame again (a font loaded, a resize) is drawn whole.
    const dirty = this.retained && frame && last && last.key === key && last.frame !== frame
      ? dirtyRects(last.frame, frame, dpr, originX, originY) : null;
    if (dirty && dirty.length === 0) { // nothing drawn changed (a paint slot's edit that draws the same)
      this.counts.skipped++;
      this.last = { frame, key };
      return;
    }
    let x0 = originX, y0 = originY, x1 = originX + cssWidth, y1 = originY + cssHeight;
    if (dirty) {
      // Clear and draw everything again, but only inside the rectangle around the changed boxes
      // (whole device pixels: the result is the whole draw's); what lies outside it is culled.
      // One rectangle: a clip of many costs Skia more than the pixels it spares (the feed's
      // shimmer: 62 against 72 ms/s of the worker's thread, 68 drawn whole).
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
      const styles = this.paintStyles(frame.paints || []);
      this.drawEntries(frame.items, styles, 0);
      this.last = { frame, key };
      if (dirty) this.counts.partial++; else this.counts.whole++;
    }
    if (dirty) ctx.restore();
  }

  /** A child list in painter's order; `depth` counts the translucent layers around it. */
  drawEntries(entries, styles, depth) {
    for (const entry of entries) {
      if (entry.kind === ItemKind.layer) this.drawLayer(entry, styles, depth);
      else this.drawItem(entry, styles);
    }
  }

  /**
   * A layer: clipped in its parent's space, translated, and composited as a group: a translucent
   * layer is drawn into an offscreen canvas first, then blended once at its opacity, so its
   * overlapping children do not show through each other.
   */
  drawLayer(layer, styles, depth) {
    if (layer.opacity === 0) return;
    const v = this.view, c = layer.clip;
    if (c && (pt(c.x + c.width) < v.x0 || pt(c.x) > v.x1 || pt(c.y + c.height) < v.y0 || pt(c.y) > v.y1)) return; // all clipped away
    const ctx = this.ctx;
    ctx.save();
    if (layer.clip) {
      const c = layer.clip;
      roundedRectPath(ctx, pt(c.x), pt(c.y), pt(c.width), pt(c.height), pt(c.cornerRadius));
      ctx.clip();
    }
    const lx = pt(layer.x), ly = pt(layer.y);
    ctx.translate(lx, ly);
    const view = this.view;
    this.view = { x0: view.x0 - lx, y0: view.y0 - ly, x1: view.x1 - lx, y1: view.y1 - ly };
    const off = layer.opacity < 255 ? this.offscreen(depth) : null;
    if (!off) {
      this.drawEntries(layer.children, styles, depth);
    } else {
      const offCtx = off.getContext("2d");
      offCtx.setTransform(1, 0, 0, 1, 0, 0);
      offCtx.clearRect(0, 0, off.width, off.height);
      offCtx.setTransform(ctx.getTransform());
      this.ctx = offCtx;
      try { this.drawEntries(layer.children, styles, depth + 1); } finally { this.ctx = ctx; }
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.globalAlpha = layer.opacity / 255;
      ctx.drawImage(off, 0, 0);
    }
    this.view = view;
    ctx.restore();
  }

  /** A canvas the size of the target's backing store for the `depth`-th translucent layer. */
  offscreen(depth) {
    const { width, height } = this.ctx.canvas;
    let off = this.offscreens[depth];
    if (!off) {
      const Offscreen = /** @type {any} */ (globalThis).OffscreenCanvas;
      off = typeof Offscreen === "function" ? new Offscreen(width, height)
        : /** @type {any} */ (this.ctx.canvas).ownerDocument?.createElement("canvas");
      if (!off) return null;
      this.offscreens[depth] = off;
    }
    if (off.width !== width) off.width = width;
    if (off.height !== height) off.height = height;
    return off;
  }

  /** Canvas styles for the frame's paint table, reusing cached gradients. */
  paintStyles(paints) {
    const cache = this.paintCache;
    cache.length = Math.min(cache.length, paints.length);
    const styles = new Array(paints.length);
    for (let slot = 0; slot < paints.length; slot++) {
      const key = paintKey(paints[slot]);
      let entry = cache[slot];
      if (!entry || entry.key !== key) {
        entry = { key, style: this.makeStyle(paints[slot]) };
        cache[slot] = entry;
      }
      styles[slot] = entry.style;
    }
    return styles;
  }

  makeStyle(paint) {
    const ctx = this.ctx;
    let gradient;
    switch (paint.kind) {
      case "solid":
        return cssColor(paint.color);
      case "linear":
        gradient = ctx.createLinearGradient(pt(paint.x0), pt(paint.y0), pt(paint.x1), pt(paint.y1));
        break;
      case "radial": {
        const cx = pt(paint.cx), cy = pt(paint.cy);
        gradient = ctx.createRadialGradient(cx, cy, 0, cx, cy, Math.max(0, pt(paint.radius)));
        break;
      }
      default:
        return "rgba(0,0,0,0)";
    }
    for (const stop of paint.stops || []) {
      const offset = Math.min(1, Math.max(0, stop.offset / STOP_UNIT));
      gradient.addColorStop(offset, cssColor(stop.color));
    }
    return gradient;
  }

  drawItem(item, styles) {
    if (this.outside(item)) return;
    const ctx = this.ctx;
    const fill = item.fill > 0 ? styles[item.fill - 1] : undefined;
    const stroke = item.stroke > 0 ? styles[item.stroke - 1] : undefined;
    ctx.save();
    ctx.globalAlpha = (item.opacity ?? 255) / 255;
    if (item.clip) {
      const c = item.clip;
      roundedRectPath(ctx, pt(c.x), pt(c.y), pt(c.width), pt(c.height), pt(c.cornerRadius));
      ctx.clip();
    }
    const x = pt(item.x), y = pt(item.y), w = pt(item.width), h = pt(item.height);
    if (item.rotation) {
      const cx = x + w / 2, cy = y + h / 2;
      ctx.translate(cx, cy);
      ctx.rotate((item.rotation / ANGLE_UNIT) * TURN);
      ctx.translate(-cx, -cy);
    }
    switch (item.kind) {
      case ItemKind.rect: this.drawRect(item, x, y, w, h, fill, stroke); break;
      case ItemKind.text: this.drawText(item, x, y, fill); break;
      case ItemKind.image: this.drawImage(item, x, y, w, h, fill, stroke); break;
      case ItemKind.arc: this.drawArc(item, x, y, w, h, stroke); break;
      case ItemKind.activityIndicator: this.drawActivityIndicator(item, x, y, w, h, fill); break;
      default: break; // a kind from a newer protocol: skip it rather than guess
    }
    ctx.restore();
  }

  /** A rect or image (unrotated) that lies wholly outside the view, its stroke included. */
  outside(item) {
    // The box dirtyRects() repaints for an item: its stroke, a rotation (its circle) and a text's
    // overhang (its size) included.
    const v = this.view;
    const x = pt(item.x), y = pt(item.y), w = pt(item.width), h = pt(item.height);
    let m = 1 + pt(item.lineWidth || 0);
    if (item.kind === ItemKind.text) m += pt(item.fontSize || 0);
    const cx = x + w / 2, cy = y + h / 2;
    const rx = (item.rotation ? Math.hypot(w, h) / 2 : Math.abs(w) / 2) + m;
    const ry = (item.rotation ? Math.hypot(w, h) / 2 : Math.abs(h) / 2) + m;
    return cx + rx < v.x0 || cx - rx > v.x1 || cy + ry < v.y0 || cy - ry > v.y1;
  }

  drawRect(item, x, y, w, h, fill, stroke) {
    const ctx = this.ctx;
    roundedRectPath(ctx, x, y, w, h, pt(item.cornerRadius));
    if (fill !== undefined) {
      ctx.fillStyle = fill;
      ctx.fill();
    }
    if (stroke !== undefined && item.lineWidth > 0) {
      ctx.strokeStyle = stroke;
      ctx.lineWidth = pt(item.lineWidth);
      ctx.stroke();
    }
  }

  /** One line, already broken by the core: never re-wrapped, never kerned differently. */
  drawText(item, x, y, fill) {
    if (fill === undefined || !item.text) return;
    const ctx = this.ctx;
    const font = `${item.fontWeight || 400} ${pt(item.fontSize)}px ${FONT_FAMILY}`;
    this.ensureFont(font);
    ctx.font = font;
    ctx.fontKerning = "none";
    ctx.textAlign = "left";
    ctx.textBaseline = "alphabetic";
    ctx.fillStyle = fill;
    ctx.fillText(item.text, x, y + pt(item.baseline));
  }

  /** Fonts declared with @font-face load lazily; canvas text does not trigger it reliably. */
  ensureFont(font) {
    if (this.requestedFonts.has(font)) return;
    this.requestedFonts.add(font);
    const fonts = /** @type {any} */ (globalThis).document?.fonts ?? /** @type {any} */ (globalThis).fonts;
    if (!fonts || fonts.check(font)) return;
    fonts.load(font).then(
      (faces) => { if (faces.length > 0) this.onFontLoaded?.(); },
      () => {},
    );
  }

  /** A placeholder box: its paint, and a subtle mountain-and-sun glyph clipped to the box. */
  drawImage(item, x, y, w, h, fill, stroke) {
    const ctx = this.ctx;
    const r = pt(item.cornerRadius);
    roundedRectPath(ctx, x, y, w, h, r);
    ctx.fillStyle = fill !== undefined ? fill : "rgba(120,120,128,0.2)";
    ctx.fill();
    ctx.save();
    ctx.clip();
    const s = Math.min(Math.abs(w), Math.abs(h)) * 0.5; // glyph size
    if (s >= 4) {
      const gx = x + w / 2 - s / 2, gy = y + h / 2 - s / 2;
      ctx.lineWidth = Math.max(1, s / 14);
      ctx.lineJoin = "round";
      ctx.lineCap = "round";
      ctx.strokeStyle = "rgba(0,0,0,0.22)";
      ctx.beginPath(); // mountains
      ctx.moveTo(gx, gy + s * 0.9);
      ctx.lineTo(gx + s * 0.35, gy + s * 0.4);
      ctx.lineTo(gx + s * 0.6, gy + s * 0.7);
      ctx.lineTo(gx + s * 0.75, gy + s * 0.55);
      ctx.lineTo(gx + s, gy + s * 0.9);
      ctx.closePath();
      ctx.stroke();
      ctx.beginPath(); // sun
      ctx.arc(gx + s * 0.78, gy + s * 0.2, s * 0.12, 0, TURN);
      ctx.stroke();
    }
    ctx.restore();
    if (stroke !== undefined && item.lineWidth > 0) {
      roundedRectPath(ctx, x, y, w, h, r);
      ctx.strokeStyle = stroke;
      ctx.lineWidth = pt(item.lineWidth);
      ctx.stroke();
    }
  }

  /** Eight spokes; spoke k points −k/8 turn from 12 o'clock and fades towards the tail (PROTOCOL.md). */
  drawActivityIndicator(item, x, y, w, h, fill) {
    if (fill === undefined || item.lineWidth <= 0) return;
    const ctx = this.ctx;
    const d = Math.min(Math.abs(w), Math.abs(h));
    const lineWidth = pt(item.lineWidth);
    const inner = d / 4, outer = d / 2 - lineWidth / 2;
    if (outer <= inner) return;
    const cx = x + w / 2, cy = y + h / 2;
    const alpha = ctx.globalAlpha;
    ctx.strokeStyle = fill;
    ctx.lineWidth = lineWidth;
    ctx.lineCap = "round";
    for (let k = 0; k < 8; k++) {
      const a = -(k / 8) * TURN - Math.PI / 2;
      const dx = Math.cos(a), dy = Math.sin(a);
      ctx.globalAlpha = alpha * (1 - (0.75 * k) / 7);
      ctx.beginPath();
      ctx.moveTo(cx + dx * inner, cy + dy * inner);
      ctx.lineTo(cx + dx * outer, cy + dy * outer);
      ctx.stroke();
    }
    ctx.globalAlpha = alpha;
  }

  /** A ring segment: 0 = 12 o'clock, clockwise, centred in the box, inside it. */
  drawArc(item, x, y, w, h, stroke) {
    if (stroke === undefined || item.lineWidth <= 0 || item.arcSweep === 0) return;
    const ctx = this.ctx;
    const lineWidth = pt(item.lineWidth);
    const radius = Math.min(Math.abs(w), Math.abs(h)) / 2 - lineWidth / 2;
    if (radius <= 0) return;
    const start = (item.arcStart / ANGLE_UNIT) * TURN - Math.PI / 2;
    const sweep = Math.max(-TURN, Math.min(TURN, (item.arcSweep / ANGLE_UNIT) * TURN));
    ctx.beginPath();
    ctx.arc(x + w / 2, y + h / 2, radius, start, start + sweep, sweep < 0);
    ctx.strokeStyle = stroke;
    ctx.lineWidth = lineWidth;
    ctx.lineCap = "round";
    ctx.stroke();
  }
}

/**
 * @typedef {{x: number, y: number, width: number, height: number}} Rect
 * @typedef {import("./wire.js").Frame} Frame
 */

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
    this.renderer.retained = true; // this canvas is only drawn here: a frame repaints what changed
    this.renderer.onFontLoaded = () => { this.renderer.last = null; this.invalidate(); };
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

  /** Sets the backing store to CSS size × dpr (crisp lines and text on high-density screens). */
  resize(cssWidth, cssHeight, dpr) {
    const pixelWidth = Math.max(1, Math.round(cssWidth * dpr));
    const pixelHeight = Math.max(1, Math.round(cssHeight * dpr));
    if (this.canvas.width !== pixelWidth) this.canvas.width = pixelWidth;
    if (this.canvas.height !== pixelHeight) this.canvas.height = pixelHeight;
    const changed = cssWidth !== this.cssWidth || cssHeight !== this.cssHeight || dpr !== this.dpr;
    this.cssWidth = cssWidth;
    this.cssHeight = cssHeight;
    this.dpr = dpr;
    if (changed) this.invalidate();
  }

  /** Shows a new frame; the draw happens on the next animation frame. */
  show(frame) {
    this.frame = frame;
    this.invalidate();
  }

  /** Shows a new frame and draws it now (a caller already inside an animation frame). */
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
