// @ts-check
// render.js — drawing: `CanvasRenderer` draws one frame (wire.js's frame shape) on a 2D context,
// `Surface` owns the canvas it draws on (backing store at CSS size × pixel ratio, one draw per
// animation frame). Neither touches the DOM, so both run in a Worker on an OffscreenCanvas as
// well as on the page's thread: one renderer for every path.
//
// Frames carry raw wire integers: coordinates in 1/8 pt, colours 0xRRGGBBAA, angles in
// turns/65536. One point is drawn as one CSS pixel.

import { IDLE_DRAWS, LAYER_CAP, MAX_PIXELS, TOTAL_CAP, cachesNewContent, makesBitmapNow, worthABitmap } from "./layer-cache.js";

/** 1/8 pt → points. */
const UNIT = 8;
const pt = (/** @type {number} */ v) => v / UNIT;
const TURN = 2 * Math.PI;
const ANGLE_UNIT = 65536;
const STOP_UNIT = 65535;

/**
 * A layer's offset (1/8 pt) in whole device pixels. Every layer is drawn at its offset rounded to
 * the device pixel grid (a whole draw, a partial one and a cached bitmap alike), so a layer drawn
 * from a bitmap lands on exactly the pixels it would be drawn on, and what lies inside a layer is
 * drawn at the same place relative to the pixel grid wherever the layer has moved.
 * @param {number} v
 * @param {number} dpr
 */
const devicePixels = (v, dpr) => Math.round((v / UNIT) * dpr) + 0;

/** The family of Web/fonts/inter.css: the same Inter files the core measured (never a system Inter). */
export const FONT_FAMILY = '"Veil Inter", sans-serif';

/** @type {[number, string][]} the faces of Web/fonts/inter.css, by weight: the only ones the core measures with */
const FONT_FACES = [[400, "Inter-Regular"], [500, "Inter-Medium"], [600, "Inter-SemiBold"], [700, "Inter-Bold"]];

/**
 * Adds the faces of Web/fonts/ (beside this file, or beside the bundle holding it) to
 * `scope.fonts`, unless it has "Veil Inter" faces already (a page that linked inter.css), without
 * loading them: a face loads when `loadFontFaces` asks for its weight, so a page whose frames draw
 * no text (skeletons, spinners) downloads no font. Returns the faces with where each comes from.
 * @param {any} scope a window or a worker's global
 * @returns {[FontFace, string][]}
 */
export function addFontFaces(scope) {
  const fonts = scope.document?.fonts ?? scope.fonts;
  if (!fonts || typeof scope.FontFace !== "function") return [];
  const family = (/** @type {FontFace} */ f) => f.family.replace(/^["']|["']$/g, "");
  /** @type {[FontFace, string][]} */
  let faces = [...fonts].filter((f) => family(f) === "Veil Inter").map((f) => [f, "the page's @font-face"]);
  if (faces.length === 0) {
    faces = FONT_FACES.map(([weight, name]) => {
      const url = String(new URL(`fonts/${name}.woff2`, import.meta.url));
      return [new scope.FontFace("Veil Inter", `url("${url}")`, { weight: String(weight), display: "block" }), url];
    });
    for (const [face] of faces) fonts.add(face);
  }
  return faces;
}

/**
 * Loads the faces of `weights` among `faces`; resolves with a message per face that failed.
 *
 * A worker must load a face before text in it is drawn: Chromium's worker canvases keep a font
 * resolved while its face was still loading (the fallback) and never resolve it again, whatever
 * is redrawn later; a page's canvases do resolve it again.
 * @param {[FontFace, string][]} faces
 * @param {Iterable<number>} weights
 * @returns {Promise<string[]>}
 */
export function loadFontFaces(faces, weights) {
  const wanted = new Set([...weights].map(faceWeight));
  const failed = (/** @type {FontFace} */ face, /** @type {string} */ from, /** @type {any} */ error) =>
    `veil: the font "Veil Inter" ${face.weight} (${from}) did not load: ${error?.message ?? error}; text is drawn in `
    + "another face than the one the core measured (copy Web/fonts/ beside worker.js)";
  return Promise.all(faces.filter(([face]) => wanted.has(Number(face.weight)))
    .map(([face, from]) => face.load().then(() => "", (error) => failed(face, from, error))))
    .then((messages) => messages.filter(Boolean));
}

/**
 * The face a text item's weight is drawn in: the nearest of Web/fonts/ (the core measures no other).
 * @param {number} weight
 */
export function faceWeight(weight) {
  return FONT_FACES.reduce((best, [w]) => (Math.abs(w - (weight || 400)) < Math.abs(best - (weight || 400)) ? w : best), 400);
}

/**
 * The weights of the faces `frame`'s text items are drawn in (none: it draws no text).
 * @param {Frame} frame
 * @returns {Set<number>}
 */
export function textWeights(frame) {
  const weights = new Set();
  const walk = (/** @type {Item[]} */ items) => {
    for (const item of items) {
      if (item.kind === ItemKind.text) weights.add(faceWeight(item.fontWeight));
      else if (item.children) walk(item.children);
    }
  };
  walk(frame.items);
  return weights;
}

/** The wire's item kinds (docs/PROTOCOL.md). */
export const ItemKind = Object.freeze({ rect: 0, text: 1, image: 2, arc: 3, activityIndicator: 4, layer: 5, host: 6 });

/**
 * @typedef {import("./wire.js").Frame} Frame
 * @typedef {import("./wire.js").Item} Item
 * @typedef {import("./wire.js").Paint} Paint
 * @typedef {import("./wire.js").Clip} Clip
 * @typedef {CanvasRenderingContext2D & {roundRect: (x: number, y: number, w: number, h: number, r: number) => void,
 *   fontKerning: string}} Context2D a canvas' 2D context (an OffscreenCanvas' has the same members; the
 *   dom types of Debian's tsc have neither OffscreenCanvas nor these two newer members)
 * @typedef {string | CanvasGradient} Style
 * @typedef {HTMLCanvasElement} AnyCanvas a canvas or an OffscreenCanvas (the same members are used)
 * @typedef {{x0: number, y0: number, x1: number, y1: number}} Box a rectangle by its edges, in points
 */

/**
 * 0xRRGGBBAA → a CSS colour string.
 * @param {number} rgba
 */
export function cssColor(rgba) {
  const c = rgba >>> 0;
  const a = (c & 255) / 255;
  return `rgba(${c >>> 24},${(c >>> 16) & 255},${(c >>> 8) & 255},${Number(a.toFixed(4))})`;
}

/**
 * A string that is equal for two paints exactly when they draw the same.
 * @param {Paint} paint
 */
function paintKey(paint) {
  /** @param {{offset: number, color: number}[]} stops */
  const stopsKey = (stops) => stops.map((s) => `${s.offset}:${s.color >>> 0}`).join(",");
  switch (paint.kind) {
    case "solid": return `s${(paint.color ?? 0) >>> 0}`;
    case "linear": return `l${paint.x0},${paint.y0},${paint.x1},${paint.y1}|${stopsKey(paint.stops || [])}`;
    case "radial": return `r${paint.cx},${paint.cy},${paint.radius}|${stopsKey(paint.stops || [])}`;
    default: return `?${/** @type {{kind: string}} */ (paint).kind}`;
  }
}

/**
 * Rounded-rectangle path; the radius is clamped to what the box allows.
 * @param {Context2D} ctx @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r
 */
function roundedRectPath(ctx, x, y, w, h, r) {
  ctx.beginPath();
  const radius = Math.max(0, Math.min(r, Math.abs(w) / 2, Math.abs(h) / 2));
  if (radius > 0) ctx.roundRect(x, y, w, h, radius);
  else ctx.rect(x, y, w, h);
}

/**
 * The box an item may paint, in the points of its layer: its box, with what its stroke, antialiasing,
 * rotation (its circle) or glyphs (its size: accents, descenders) add. Partial draws repaint it and
 * culling skips items wholly outside the view by it.
 * @param {Item} e
 * @returns {Box}
 */
function itemBox(e) {
  const x = pt(e.x), y = pt(e.y), w = pt(e.width), h = pt(e.height);
  let margin = 1 + pt(e.lineWidth || 0);
  if (e.kind === ItemKind.text) margin += pt(e.fontSize || 0);
  const cx = x + w / 2, cy = y + h / 2;
  const rx = (e.rotation ? Math.hypot(w, h) / 2 : Math.abs(w) / 2) + margin;
  const ry = (e.rotation ? Math.hypot(w, h) / 2 : Math.abs(h) / 2) + margin;
  return { x0: cx - rx, y0: cy - ry, x1: cx + rx, y1: cy + ry };
}

/** @param {Box} a @param {Box} b @returns {Box} (empty when x0 ≥ x1 or y0 ≥ y1) */
function intersect(a, b) {
  return { x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) };
}

/** @param {Box} b */
const isEmpty = (b) => !(b.x0 < b.x1 && b.y0 < b.y1);

/** A layer clip's bounding box, in its parent's points. */
const clipBox = (/** @type {Clip} */ c) => /** @type {Box} */ ({ x0: pt(c.x), y0: pt(c.y), x1: pt(c.x + c.width), y1: pt(c.y + c.height) });

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
function contentOf(children, dpr) {
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
function dirtyRects(old, next, dpr, originX, originY) {
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

/**
 * Retained layers (a `Surface`'s renderer). A layer whose content did not change since it was last
 * drawn — the same child list (the mirror shares a list no patch touched: a scroll or a sheet moving
 * changes the layer's offset, not its list) and the same paints in the slots it uses — is drawn from
 * a bitmap of it: a scroll, a sheet drag or a fade recomposites that bitmap at the layer's new offset
 * or opacity instead of drawing its items again.
 *
 * When (layer-cache.js, the policy as plain functions): a layer that moved or faded since its last
 * draw gets its bitmap at once; one drawn again where it was, once it has been so three draws
 * running; new content is drawn directly, except for a moving layer whose last bitmap paid for
 * itself; and only layers worth it (translucent, or with text or enough items).
 *
 * Pixels: the bitmap is in device pixels, and every layer is drawn at its offset snapped to the
 * device pixel grid (a whole draw, a partial one and a bitmap alike), so a bitmap lands on the pixels
 * a direct draw paints. It starts on the canvas' 8 × 8 dither pattern where the layer is when it is
 * made, and a layer drawn first on the frame's opaque background (a list filling its screen) has a
 * bitmap of that background and itself: opaque (composited as a copy), its edges blended as a direct
 * draw blends them. What still differs from a direct draw (Tests/browser/test_retained.py measures
 * it): in a bitmap with transparency (a sheet over its map), an antialiased edge stored premultiplied
 * and blended once (one level); a moved gradient keeps the dither of where it was drawn; a path the
 * canvas' edge or a clip cuts is rasterized otherwise by Skia than the same path whole, which is
 * what the bitmap holds.
 *
 * Memory: a bitmap holds the part of the layer in view (the canvas, cut by the clips around the
 * layer) — with, for a moving layer, a margin around it: the canvas' larger side, halved until the
 * bitmap holds at most `LAYER_CAP` × the canvas' pixels. A layer whose part in view alone does not
 * fit is drawn directly. All bitmaps together hold at most `TOTAL_CAP` × the canvas' pixels and never
 * more than `MAX_PIXELS` (16 M pixels, 64 MB; least recently drawn out first). A 100,000-row list
 * costs what its window of rows in view does (the core lays out only those). A layer that moves
 * beyond its bitmap is cached again around where it is. Bitmaps go when their layer's content
 * changes (remade when it holds still again), when a whole draw no longer draws the layer, after
 * `IDLE_DRAWS` draws without it, and all of them on a resize, a new pixel ratio or a font that
 * loaded; a new colour scheme is new paints or items, so new content.
 */

/**
 * A layer's cache entry, by layer id: what it drew last (its child list, the frame's paint keys)
 * and its bitmap, if made: `region` is what the bitmap holds, in the layer's points.
 * @typedef {{children: Item[], keys: string[], layer: Item, canvas: AnyCanvas | null, region: Box | null, dpr: number,
 *   width: number, height: number, used: number, repeats: number, uses: number, served: number,
 *   backdrop: number | null}} LayerEntry
 */

/**
 * Draws frames on a 2D context. A `Surface`'s renderer keeps what it drew (`retained`): the last
 * frame (a new one repaints the rectangle around what changed) and bitmaps of layers whose content
 * holds still (above); any renderer keeps its gradients, built once per paint slot and reused while
 * that paint is unchanged (an animated shimmer changes one paint; forty placeholders share it).
 */
export class CanvasRenderer {
  /** @param {Context2D} ctx */
  constructor(ctx) {
    this.ctx = ctx;
    /** @type {{key: string, style: Style}[]} per paint slot */
    this.paintCache = [];
    /** @type {string[]} the paint key of each slot of the frame being drawn */
    this.keys = [];
    /** @type {(() => void) | null} called when a font used by a text item finishes loading (to redraw) */
    this.onFontLoaded = null;
    /** Host items (kind 6) drawn as a dashed stand-in, as the viewer shows them; off where the page
     * places its own element at each (sheet.js). */
    this.standIns = true;
    /** @type {Set<string>} */
    this.requestedFonts = new Set();
    /** @type {(AnyCanvas | null)[]} offscreen canvases for translucent layers, one per nesting level of them */
    this.offscreens = [];
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
    /** @type {Map<number, LayerEntry>} retained layers by id */
    this.layers = new Map();
    /** Device pixels the canvas has (the bitmaps' budget is a multiple of it). */
    this.canvasPixels = 0;
    /** Draws so far (a layer entry's `used` is the last draw that drew its layer). */
    this.serial = 0;
    /** Set while a layer's bitmap is drawn (what it holds is drawn directly). */
    this.building = false;
    /** Counters (tests, benchmarks): whole draws, partial ones, frames that changed nothing drawn;
     * layers drawn from a bitmap, and bitmaps made. */
    this.counts = { whole: 0, partial: 0, skipped: 0, cached: 0, cachedBuilt: 0, hidden: 0 };
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
    this.canvasPixels = Math.round(cssWidth * dpr) * Math.round(cssHeight * dpr);
    this.serial++;
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
      this.paints = frame.paints || [];
      const styles = this.paintStyles(this.paints);
      this.backdrop = (frame.background & 255) === 255 ? frame.background : null;
      this.drawEntries(frame.items, styles, 0);
      this.last = { frame, key };
      if (dirty) this.counts.partial++; else this.counts.whole++;
    }
    if (dirty) ctx.restore();
    // A whole draw drew every layer in view: the bitmaps of the others go (and any layer unseen for
    // a while).
    if (this.layers.size) this.sweep(dirty ? this.serial - IDLE_DRAWS : this.serial);
  }

  /** Forgets every layer bitmap (a resize, a new pixel ratio, a font that loaded). */
  dropLayers() {
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
      else this.drawItem(entry, styles);
    }
    this.backdrop = null;
  }

  /**
   * Where an entry paints opaque pixels for certain, in the points of the list it is in, snapped
   * inwards to whole device pixels: an opaque layer's cover (see `Content`) with an opaque solid
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
      if (!this.fromBitmap(layer, styles)) this.drawLayerContent(layer, styles, depth);
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
    const off = layer.opacity < 255 ? this.offscreen(depth) : null;
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
   * Draws a layer from its bitmap when its content holds still (see "Retained layers" above),
   * making the bitmap when it has none that holds what is in view; false: draw it directly.
   * @param {Item} layer
   * @param {Style[]} styles
   * @returns {boolean}
   */
  fromBitmap(layer, styles) {
    if (!this.retained || this.building) return false;
    const children = layer.children ?? [];
    const entry = this.layers.get(layer.id);
    if (!entry) {
      this.layers.set(layer.id, { children, keys: this.keys, layer, canvas: null, region: null, dpr: 0, width: 0,
        height: 0, used: this.serial, repeats: 0, uses: 0, served: Infinity, backdrop: null });
      return false;
    }
    const previous = entry.layer, keys = entry.keys, running = entry.used === this.serial - 1;
    entry.used = this.serial;
    entry.keys = this.keys;
    entry.layer = layer;
    // Moved or faded since its last draw (a new layer object with the same content: a scroll, a
    // sheet, a fade), rather than drawn again where it was because something around it changed.
    const moved = previous !== layer && (previous.x !== layer.x || previous.y !== layer.y || previous.opacity !== layer.opacity);
    let content = null;
    if (entry.children === children) {
      content = contentOf(children, this.dpr);
      // A paint it uses changed (a shimmer): new content.
      if (keys !== this.keys && content.slots.some((slot) => keys[slot] !== this.keys[slot])) content = null;
    }
    if (!content) { // new content: drawn directly until it holds still…
      if (entry.region) entry.served = entry.uses;
      entry.children = children;
      entry.region = null;
      entry.repeats = 0;
      // …unless it keeps moving and its last bitmap paid for itself: a list's window of rows changes
      // every 256 pt of scrolling, and a slow scroll goes on.
      if (!cachesNewContent({ moved, served: entry.served, repeats: 0, running, hasBitmap: false })) return false;
      content = contentOf(children, this.dpr);
    } else {
      entry.repeats++;
    }
    if (!worthABitmap({ opacity: layer.opacity, text: !!content.text, items: content.items })) return false; // cheaper drawn
    if (!content.bounds) return true; // draws nothing
    const needed = intersect(this.view, content.bounds);
    if (isEmpty(needed)) return true; // nothing of it in view
    // A layer drawn first on an opaque background (a list filling its screen) has a bitmap of that
    // background and itself: opaque, so composited as a copy, and its edges blended as drawn.
    const backdrop = layer.opacity === 255 ? this.backdrop : null;
    const r = entry.region;
    if (!r || entry.dpr !== this.dpr || entry.backdrop !== backdrop || needed.x0 < r.x0 || needed.y0 < r.y0 || needed.x1 > r.x1 || needed.y1 > r.y1) {
      // A layer that moves gets a bitmap at once (with a margin to move into), unless its last one
      // served fewer than `AMORTIZED` frames (a fast fling through a list's windows of rows: drawn
      // directly until its content holds that long); one drawn again where it was, once it has been
      // so three draws running (a spinner's backdrop), of what is needed.
      if (!makesBitmapNow({ moved, served: entry.served, repeats: entry.repeats, running, hasBitmap: !!r })) return false;
      if (r) entry.served = entry.uses;
      if (!this.makeBitmap(entry, children, content.bounds, needed, moved, backdrop, styles)) return false;
      entry.uses = 0;
    }
    this.blit(entry, needed, layer.opacity);
    entry.uses++;
    this.counts.cached++;
    return true;
  }


  /**
   * Draws a layer's entries into its bitmap: what is in view (`needed`) and a margin around it
   * within the content's box, in as many pixels as the caps allow; false when it does not fit.
   * @param {LayerEntry} entry
   * @param {Item[]} children
   * @param {Box} bounds
   * @param {Box} needed
   * @param {boolean} moving (a margin to move into)
   * @param {number | null} backdrop the opaque colour under the layer, if nothing else is
   * @param {Style[]} styles
   */
  makeBitmap(entry, children, bounds, needed, moving, backdrop, styles) {
    const dpr = this.dpr;
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
    const ax = (((this.tx + Math.round(region.x0 * dpr)) % 8) + 8) % 8, ay = (((this.ty + Math.round(region.y0 * dpr)) % 8) + 8) % 8;
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
    const canvas = makeCanvas(this.ctx.canvas, width, height);
    const bctx = canvas ? /** @type {Context2D | null} */ (canvas.getContext("2d", { alpha: backdrop === null })) : null;
    if (!canvas || !bctx) return false;
    if (backdrop !== null) {
      bctx.fillStyle = cssColor(backdrop);
      bctx.fillRect(0, 0, width, height);
    }
    const saved = { ctx: this.ctx, view: this.view, tx: this.tx, ty: this.ty };
    this.ctx = bctx;
    this.view = region;
    this.tx = -Math.round(region.x0 * dpr);
    this.ty = -Math.round(region.y0 * dpr);
    this.building = true;
    bctx.setTransform(dpr, 0, 0, dpr, this.tx, this.ty);
    try {
      this.drawEntries(children, styles, 0);
    } finally {
      this.building = false;
      this.ctx = saved.ctx;
      this.view = saved.view;
      this.tx = saved.tx;
      this.ty = saved.ty;
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
   * @param {LayerEntry} entry
   * @param {Box} needed
   * @param {number} opacity
   */
  blit(entry, needed, opacity) {
    const r = /** @type {Box} */ (entry.region), dpr = this.dpr, canvas = /** @type {AnyCanvas} */ (entry.canvas);
    const sx0 = Math.max(0, Math.floor((needed.x0 - r.x0) * dpr)), sy0 = Math.max(0, Math.floor((needed.y0 - r.y0) * dpr));
    const sx1 = Math.min(entry.width, Math.ceil((needed.x1 - r.x0) * dpr)), sy1 = Math.min(entry.height, Math.ceil((needed.y1 - r.y0) * dpr));
    if (sx1 <= sx0 || sy1 <= sy0) return;
    const ctx = this.ctx;
    const ox = this.tx + Math.round(r.x0 * dpr), oy = this.ty + Math.round(r.y0 * dpr);
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.globalAlpha = opacity / 255;
    ctx.drawImage(canvas, sx0, sy0, sx1 - sx0, sy1 - sy0, ox + sx0, oy + sy0, sx1 - sx0, sy1 - sy0);
    ctx.restore();
  }

  /**
   * A canvas the size of the target's backing store for the `depth`-th translucent layer.
   * @param {number} depth
   * @returns {AnyCanvas | null}
   */
  offscreen(depth) {
    const { width, height } = this.ctx.canvas;
    let off = this.offscreens[depth];
    if (!off) {
      off = makeCanvas(this.ctx.canvas, width, height);
      if (!off) return null;
      this.offscreens[depth] = off;
    }
    if (off.width !== width) off.width = width;
    if (off.height !== height) off.height = height;
    return off;
  }

  /**
   * Canvas styles for the frame's paint table, reusing cached gradients; notes each slot's key.
   * @param {Paint[]} paints
   * @returns {Style[]}
   */
  paintStyles(paints) {
    const cache = this.paintCache;
    cache.length = Math.min(cache.length, paints.length);
    /** @type {Style[]} */
    const styles = new Array(paints.length);
    /** @type {string[]} */
    const keys = new Array(paints.length);
    let same = this.keys.length === paints.length;
    for (let slot = 0; slot < paints.length; slot++) {
      const key = paintKey(paints[slot]);
      keys[slot] = key;
      if (same && this.keys[slot] !== key) same = false;
      let entry = cache[slot];
      if (!entry || entry.key !== key) {
        entry = { key, style: this.makeStyle(paints[slot]) };
        cache[slot] = entry;
      }
      styles[slot] = entry.style;
    }
    if (!same) this.keys = keys; // unchanged paints keep the same array: layers compare it at once
    return styles;
  }

  /** @param {Paint} paint @returns {Style} */
  makeStyle(paint) {
    const ctx = this.ctx;
    let gradient;
    switch (paint.kind) {
      case "solid":
        return cssColor(paint.color ?? 0);
      case "linear":
        gradient = ctx.createLinearGradient(pt(paint.x0 ?? 0), pt(paint.y0 ?? 0), pt(paint.x1 ?? 0), pt(paint.y1 ?? 0));
        break;
      case "radial": {
        const cx = pt(paint.cx ?? 0), cy = pt(paint.cy ?? 0);
        gradient = ctx.createRadialGradient(cx, cy, 0, cx, cy, Math.max(0, pt(paint.radius ?? 0)));
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

  /** @param {Item} item @param {Style[]} styles */
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
      case ItemKind.host: if (this.standIns) this.drawHost(x, y, w, h); break;
      default: break; // a kind from a newer protocol: skip it rather than guess
    }
    ctx.restore();
  }

  /**
   * A stand-in for content the host provides (a page binds its own element there): a light box
   * with a dashed outline and "host" in the middle, as SVG export draws it.
   * @param {number} x @param {number} y @param {number} w @param {number} h
   */
  drawHost(x, y, w, h) {
    const ctx = this.ctx;
    ctx.fillStyle = "rgba(128,128,128,0.1)";
    ctx.fillRect(x, y, w, h);
    ctx.strokeStyle = "#808080";
    ctx.lineWidth = 1;
    ctx.setLineDash([4, 3]);
    ctx.strokeRect(x, y, w, h);
    ctx.setLineDash([]);
    if (w >= 40 && h >= 16) {
      ctx.fillStyle = "#808080";
      ctx.font = `12px ${FONT_FAMILY}`;
      ctx.textAlign = "center";
      ctx.fillText("host", x + w / 2, y + h / 2 + 4);
      ctx.textAlign = "left";
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

  /**
   * @param {Item} item @param {number} x @param {number} y @param {number} w @param {number} h
   * @param {Style | undefined} fill @param {Style | undefined} stroke
   */
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
  /** @param {Item} item @param {number} x @param {number} y @param {Style | undefined} fill */
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
  /** @param {string} font */
  ensureFont(font) {
    if (this.requestedFonts.has(font)) return;
    this.requestedFonts.add(font);
    const fonts = /** @type {any} */ (globalThis).document?.fonts ?? /** @type {any} */ (globalThis).fonts;
    if (!fonts || fonts.check(font)) return;
    fonts.load(font).then(
      (/** @type {FontFace[]} */ faces) => { if (faces.length > 0) this.onFontLoaded?.(); },
      () => {},
    );
  }

  /** A placeholder box: its paint, and a subtle mountain-and-sun glyph clipped to the box. */
  /**
   * @param {Item} item @param {number} x @param {number} y @param {number} w @param {number} h
   * @param {Style | undefined} fill @param {Style | undefined} stroke
   */
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
  /**
   * @param {Item} item @param {number} x @param {number} y @param {number} w @param {number} h
   * @param {Style | undefined} fill
   */
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
  /**
   * @param {Item} item @param {number} x @param {number} y @param {number} w @param {number} h
   * @param {Style | undefined} stroke
   */
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
