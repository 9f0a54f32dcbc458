// @ts-check
// veil.js — the browser side of Veil (ES module, no build step).
//
//   CanvasRenderer   draws one frame (the JS frame shape from wire.js) on a 2D canvas
//   CanvasView       owns a canvas: sizing at devicePixelRatio, redraw coalescing, input → JSON
//   connectWebSocket live frames from `veil serve` (subprotocol veil.v2), with reconnect
//   loadWasm, WasmSession   the same core compiled to veil.wasm, driven from the page
//   mount            the embedding API: a scene on a canvas (or headless) behind one controller (mount.js)
//   skeletonize      skeletons over the page's own HTML (skeletonize.js)
//
// Frames carry raw wire integers: coordinates in 1/8 pt, colours 0xRRGGBBAA, angles in
// turns/65536. One point is drawn as one CSS pixel.

import { Mirror, decodeMessage, frameHash } from "./wire.js";

/** wire.js: `Mirror` applies veil.v2 messages to the frame it holds; `decodeMessage` reads one. */
export { Mirror, decodeMessage };
/** mount.js: a scene on a canvas (or headless) behind a `Controller` (docs/EMBED.md). */
export { mount, Controller } from "./mount.js";
/** skeletonize.js: skeletons over the page's own HTML (docs/EMBED.md). */
export { skeletonize, DomSkeleton, readLayout, visibleWindow } from "./skeletonize.js";

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
  }

  /**
   * Draws `frame` on a canvas whose CSS size is cssWidth × cssHeight at pixel ratio `dpr`
   * (the backing store is expected to be CSS size × dpr), the frame's point (originX, originY)
   * at the canvas' top left corner.
   */
  draw(frame, cssWidth, cssHeight, dpr = 1, originX = 0, originY = 0) {
    const ctx = this.ctx;
    // (originX, originY): the frame point at the canvas' top left corner (a window on a larger frame).
    ctx.setTransform(dpr, 0, 0, dpr, (0 - originX) * dpr, (0 - originY) * dpr);
    ctx.globalAlpha = 1;
    ctx.clearRect(originX, originY, cssWidth, cssHeight);
    if (!frame) return;
    ctx.fillStyle = cssColor(frame.background);
    ctx.fillRect(originX, originY, cssWidth, cssHeight);
    this.view = { x0: originX, y0: originY, x1: originX + cssWidth, y1: originY + cssHeight };
    const styles = this.paintStyles(frame.paints || []);
    this.drawEntries(frame.items, styles, 0);
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
        : this.ctx.canvas.ownerDocument?.createElement("canvas");
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
    if ((item.kind !== ItemKind.rect && item.kind !== ItemKind.image) || item.rotation) return false;
    const v = this.view, m = 1 + pt(item.lineWidth || 0);
    const x = pt(item.x), y = pt(item.y), w = pt(item.width), h = pt(item.height);
    return Math.max(x, x + w) < v.x0 - m || Math.min(x, x + w) > v.x1 + m
      || Math.max(y, y + h) < v.y0 - m || Math.min(y, y + h) > v.y1 + m;
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
    const fonts = globalThis.document?.fonts;
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
 * A client position → canvas point (1 pt = 1 CSS px), correcting for CSS scaling of the
 * canvas box and quantized to the wire's 1/8 pt.
 */
export function pointFromClient(clientX, clientY, rect, logicalWidth, logicalHeight) {
  const sx = rect.width > 0 ? logicalWidth / rect.width : 1;
  const sy = rect.height > 0 ? logicalHeight / rect.height : 1;
  const q = (v) => Math.round(v * UNIT) / UNIT;
  return { x: q((clientX - rect.left) * sx), y: q((clientY - rect.top) * sy) };
}

const POINTER_PHASES = { pointerdown: "down", pointermove: "move", pointerup: "up", pointercancel: "cancel" };

/**
 * The event's time stamp in seconds (`event.timeStamp` is milliseconds on the page's performance
 * clock) as the input's "t", so the session applies it when it happened; nothing without one.
 */
function stamped(message, event) {
  if (typeof event.timeStamp === "number" && Number.isFinite(event.timeStamp)) message.t = event.timeStamp / 1000;
  return message;
}

/** DOM pointer event → `{"input":{"pointer":…}, "t"}` (null for events not meant for the scene). */
export function pointerInput(event, rect, logicalWidth, logicalHeight) {
  const phase = POINTER_PHASES[event.type];
  if (!phase) return null;
  const { x, y } = pointFromClient(event.clientX, event.clientY, rect, logicalWidth, logicalHeight);
  const pointer = { phase, x, y, id: event.pointerId ?? 0 };
  // A finger may wander 10 pt and still tap, a mouse or pen 2 pt (the session's gesture slop).
  if (event.pointerType === "touch" || event.pointerType === "pen") pointer.kind = event.pointerType;
  return stamped({ input: { pointer } }, event);
}

/**
 * DOM wheel event → `{"input":{"wheel":{x, y, dx, dy, mode}}, "t"}`: where the pointer is and the
 * deltas as the browser gives them (the session turns lines and pages into points). A pinch
 * (ctrlKey) is left to the browser: null.
 */
export function wheelInput(event, rect, logicalWidth, logicalHeight) {
  if (event.ctrlKey) return null;
  const { x, y } = pointFromClient(event.clientX, event.clientY, rect, logicalWidth, logicalHeight);
  const wheel = { x, y, dx: event.deltaX || 0, dy: event.deltaY || 0 };
  if (event.deltaMode) wheel.mode = event.deltaMode;
  return stamped({ input: { wheel } }, event);
}

/** DOM key event → `{"input":{"key":…}, "t"}`. */
export function keyInput(event) {
  const phase = event.type === "keydown" ? "down" : event.type === "keyup" ? "up" : null;
  if (!phase) return null;
  return stamped({ input: { key: { phase, key: event.key, shift: !!event.shiftKey } } }, event);
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), '
  + 'textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Moves keyboard focus to the page's focusable element after (`"next"`) or before (`"previous"`)
 * `element` in document order — what Tab would have done had the canvas not kept it. With none
 * there, the element just gives up focus (the next Tab starts from the page). Returns the element
 * focused, or null.
 */
export function focusBeside(element, direction) {
  const doc = element.ownerDocument;
  if (!doc) return null;
  const all = [...doc.querySelectorAll(FOCUSABLE)].filter((e) => e !== element && !e.closest("[inert]")
    && e.getClientRects().length > 0);
  const after = (e) => element.compareDocumentPosition(e) & 4; // Node.DOCUMENT_POSITION_FOLLOWING
  const target = direction === "previous" ? all.filter((e) => !after(e)).pop() : all.find(after);
  if (target) target.focus();
  else element.blur();
  return target ?? null;
}

/**
 * Owns one canvas: keeps its backing store at CSS size × devicePixelRatio, redraws at most once
 * per animation frame and only after the frame changed, and turns pointer, wheel, keyboard and
 * resize into input objects for `onInput`.
 *
 * Sizing modes: "fill" — the canvas takes the size of its container and reports it as a resize
 * input (the scene is laid out again); "fixed" — the canvas takes the frame's own size, or with a
 * window set (`setWindow`), the window's: it shows only that part of the frame.
 */
export class CanvasView {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{onInput?: (message: any) => void, mode?: "fill" | "fixed", env?: any, pageTabs?: boolean}} options
   *   pageTabs: Tab and Shift-Tab are left to the page (a hidden DOM after the canvas holds real
   *   buttons for the scene's), not sent to the scene's own focus
   */
  constructor(canvas, { onInput = (message) => {}, mode = "fill", env = globalThis, pageTabs = false } = {}) {
    this.canvas = canvas;
    this.pageTabs = pageTabs;
    this.onInput = onInput;
    this.mode = mode;
    this.env = env;
    this.renderer = new CanvasRenderer(canvas.getContext("2d"));
    this.renderer.onFontLoaded = () => this.invalidate();
    this.frame = null;
    this.cssWidth = 0;
    this.cssHeight = 0;
    this.dpr = 1;
    this.drawCount = 0;
    this.pending = false;
    this.lastResize = null;
    this.listeners = [];
    /** @type {{x: number, y: number, width: number, height: number} | null} the part of the frame shown (fixed mode), null: all */
    this.window = null;
  }

  /**
   * Shows only a window on the frame (points, fixed mode): the canvas takes the window's size and
   * shows the frame from (x, y) — a tall frame costs the pixels of its visible part, not of all of
   * it. The caller positions the canvas. Draws now (scrolling moves the window every frame).
   * Null shows the whole frame again.
   * @param {{x: number, y: number, width: number, height: number} | null} window
   */
  setWindow(window) {
    this.window = window ? { x: window.x, y: window.y, width: Math.max(0, window.width), height: Math.max(0, window.height) } : null;
    this.measure();
    if (this.frame) this.drawNow();
  }

  /**
   * Follows the session's host events that concern the view: `focusExit` (Tab went past the
   * scene's last focusable, or Shift-Tab before its first) moves focus on in the page.
   */
  followEvents(events) {
    for (const event of events) {
      if (event.name === "focusExit") focusBeside(this.canvas, event.node);
    }
  }

  /** Starts listening to input and to size changes of the canvas' CSS box. */
  attach() {
    const canvas = this.canvas;
    if (canvas.tabIndex < 0) canvas.tabIndex = 0;
    const pressed = new Set(); // pointers that are down: hovering moves are not the scene's business
    const onPointer = (event) => {
      if (event.type === "pointerdown") {
        pressed.add(event.pointerId);
        canvas.focus?.({ preventScroll: true });
        canvas.setPointerCapture?.(event.pointerId);
      } else if (!pressed.has(event.pointerId)) {
        return;
      } else if (event.type !== "pointermove") {
        pressed.delete(event.pointerId);
      }
      const input = pointerInput(event, canvas.getBoundingClientRect(), this.cssWidth, this.cssHeight);
      if (input) { event.preventDefault(); this.onInput(this.fromWindow(input, "pointer")); }
    };
    const onKey = (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return; // leave browser shortcuts alone
      if (this.pageTabs && event.key === "Tab") return; // the page moves focus on, to the hidden buttons
      const input = keyInput(event);
      if (input) { event.preventDefault(); this.onInput(input); }
    };
    const onWheel = (event) => {
      const input = wheelInput(event, canvas.getBoundingClientRect(), this.cssWidth, this.cssHeight);
      if (input) { event.preventDefault(); this.onInput(this.fromWindow(input, "wheel")); }
    };
    for (const type of Object.keys(POINTER_PHASES)) this.listen(canvas, type, onPointer);
    this.listen(canvas, "wheel", onWheel, { passive: false }); // the scene scrolls, not the page
    this.listen(canvas, "keydown", onKey);
    this.listen(canvas, "keyup", onKey);
    if (this.env.ResizeObserver) {
      this.resizeObserver = new this.env.ResizeObserver(() => this.measure());
      this.resizeObserver.observe(this.mode === "fill" ? canvas.parentElement : canvas);
    }
    const media = this.env.matchMedia?.(`(resolution: ${this.env.devicePixelRatio || 1}dppx)`);
    media?.addEventListener?.("change", () => this.measure()); // moved to a screen with another dpr
    this.measure();
    return this;
  }

  /** A canvas point of `input[key]` moved into frame points (by the window's origin). */
  fromWindow(input, key) {
    if (this.window && this.mode === "fixed") {
      input.input[key].x += this.window.x;
      input.input[key].y += this.window.y;
    }
    return input;
  }

  detach() {
    for (const [target, type, fn] of this.listeners) target.removeEventListener(type, fn);
    this.listeners = [];
    this.resizeObserver?.disconnect();
  }

  listen(target, type, fn, options) {
    target.addEventListener(type, fn, options);
    this.listeners.push([target, type, fn]);
  }

  setMode(mode) {
    this.mode = mode;
    if (this.resizeObserver) {
      this.resizeObserver.disconnect();
      this.resizeObserver.observe(mode === "fill" ? this.canvas.parentElement : this.canvas);
    }
    this.lastResize = null;
    this.measure();
  }

  /** Shows a new frame (from the mirror); the draw happens on the next animation frame. */
  show(frame) {
    this.frame = frame;
    if (this.mode === "fixed") this.measure();
    this.invalidate();
  }

  /**
   * Shows a new frame and draws it now: for a caller already inside an animation frame (mount's
   * loop), so the frame is not a frame late and no second animation frame is asked for.
   */
  showNow(frame) {
    this.frame = frame;
    if (this.mode === "fixed") this.measure();
    this.drawNow();
  }

  /** Re-reads the CSS size and pixel ratio; resizes the backing store and reports a resize. */
  measure() {
    const canvas = this.canvas;
    const dpr = this.env.devicePixelRatio || 1;
    let width, height;
    if (this.mode === "fixed" && this.window) {
      width = this.window.width;
      height = this.window.height;
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    } else if (this.mode === "fixed") {
      width = this.frame ? pt(this.frame.width) : canvas.clientWidth;
      height = this.frame ? pt(this.frame.height) : canvas.clientHeight;
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    } else {
      const box = canvas.parentElement;
      width = Math.floor(box.clientWidth);
      height = Math.floor(box.clientHeight);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    this.resize(width, height, dpr);
    if (this.mode === "fill" && width > 0 && height > 0) this.reportSize();
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

  /** Sends the current size as a resize input, once per distinct size. */
  reportSize(force = false) {
    const key = `${this.cssWidth}x${this.cssHeight}`;
    if (!force && key === this.lastResize) return;
    this.lastResize = key;
    this.onInput({ input: { resize: { width: this.cssWidth, height: this.cssHeight } } });
  }

  /** Asks for one redraw on the next animation frame (many calls, one draw). */
  invalidate() {
    if (this.pending) return;
    this.pending = true;
    const raf = this.env.requestAnimationFrame?.bind(this.env) ?? ((fn) => setTimeout(fn, 16));
    raf(() => {
      if (this.pending) this.drawNow(); // unless showNow drew it meanwhile
    });
  }

  drawNow() {
    this.pending = false; // a draw asked for earlier in this frame is this one
    const origin = this.mode === "fixed" && this.window ? this.window : { x: 0, y: 0 };
    this.renderer.draw(this.frame, this.cssWidth, this.cssHeight, this.dpr, origin.x, origin.y);
    if (!this.frame) return;
    this.drawCount++; // frames drawn: what tests and pages wait for
    if (this.canvas.dataset) this.canvas.dataset.drawn = String(this.drawCount);
  }
}

// ---------------------------------------------------------------------------------------------
// WebSocket transport

/**
 * Connects to `veil serve` at `url` (…/ws?scene=NAME). Every binary message goes through a frame
 * mirror; a message that does not apply (a gap, a hash mismatch) makes the client ask for a
 * keyframe. Closes are reported with their reason and retried at once, then with a backoff growing
 * to `backoff.max`; a retry resumes the same server session (`session=TOKEN&seq=S&hash=H`, the
 * token the server gave in its `{"session": TOKEN}` notice: the server answers with a delta from
 * the frame the mirror holds, or a keyframe), keeping the mirror.
 * An unknown scene is final: no retry.
 *
 * Callbacks: onFrame(frame), onEvents([{name, node}]), onStatus({state, reason, retryIn}),
 * onMessage(byteLength), onNotice(object): a JSON text message from the server, such as
 * {"sceneError": "file:line:column: message"} or {"sceneError": null}. Returns { send(obj), close(), get open }.
 * @param {string | URL} url
 * @param {{onFrame?: (frame: any) => void, onEvents?: (events: {name: string, node: string}[]) => void,
 *   onStatus?: (status: {state: string, reason: string, retryIn?: number}) => void, onMessage?: (byteLength: number) => void,
 *   onNotice?: (notice: any) => void, WebSocketImpl?: any, createMirror?: () => Mirror,
 *   setTimer?: (fn: () => void, ms: number) => any, clearTimer?: (timer: any) => void,
 *   backoff?: {initial: number, max: number}}} options
 */
export function connectWebSocket(url, {
  onFrame = (frame) => {}, onEvents = (events) => {}, onStatus = (status) => {}, onMessage = (byteLength) => {},
  onNotice = (notice) => {},
  WebSocketImpl = globalThis.WebSocket, createMirror = () => new Mirror(),
  setTimer = (fn, ms) => setTimeout(fn, ms), clearTimer = (t) => clearTimeout(t),
  backoff = { initial: 250, max: 5000 },
} = {}) {
  /** The server's name for our session (its `{"session": TOKEN}` notice): a retry resumes it. */
  let token = null;
  let socket = null;
  let mirror = null;
  let attempts = 0;
  let timer = null;
  let closedByUser = false;
  let awaitingKeyframe = false;

  const send = (obj) => {
    if (!socket || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(obj));
    return true;
  };

  const open = () => {
    timer = null;
    onStatus({ state: "connecting", reason: "" });
    socket = new WebSocketImpl(resumeURL(url, token, mirror), "veil.v2");
    socket.binaryType = "arraybuffer";
    mirror ??= createMirror(); // kept across reconnects: the server resumes from its frame
    awaitingKeyframe = false;
    const current = socket;
    socket.onopen = () => {
      if (current !== socket) return;
      onStatus({ state: "open", reason: "" });
    };
    socket.onmessage = (event) => {
      if (current !== socket) return;
      if (typeof event.data === "string") { // not a frame: a server notice, e.g. {"sceneError": …}
        let notice = null;
        try { notice = JSON.parse(event.data); } catch { return; }
        if (!notice || typeof notice !== "object") return;
        if (typeof notice.session === "string") token = notice.session;
        onNotice(notice);
        return;
      }
      const bytes = new Uint8Array(event.data);
      attempts = 0; // the server talks to us: the next close starts the backoff afresh
      onMessage(bytes.byteLength);
      const result = mirror.apply(bytes);
      if (result.events && result.events.length > 0) onEvents(result.events);
      if (result.ok) {
        if (awaitingKeyframe) onStatus({ state: "open", reason: "" }); // back in sync
        awaitingKeyframe = false;
        onFrame(result.frame);
      } else if (!awaitingKeyframe) { // deltas in flight fail too: ask once
        awaitingKeyframe = true;
        onStatus({ state: "open", reason: `out of sync (${result.reason}); asked for a keyframe` });
        send({ keyframe: true });
      }
    };
    socket.onclose = (event) => {
      if (current !== socket) return;
      socket = null;
      const reason = event.reason || closeCodeText(event.code);
      if (closedByUser) { onStatus({ state: "closed", reason }); return; }
      if (event.code === 1008 && reason.startsWith("unknown scene")) { // asking again cannot help
        onStatus({ state: "closed", reason, final: true });
        return;
      }
      const retryIn = attempts === 0 ? 0 : Math.min(backoff.max, backoff.initial * 2 ** (attempts - 1));
      attempts++;
      onStatus({ state: "closed", reason, retryIn });
      timer = setTimer(open, retryIn);
    };
    socket.onerror = () => {}; // a close event always follows, with the reason
  };

  open();
  return {
    send,
    close() {
      closedByUser = true;
      if (timer !== null) { clearTimer(timer); timer = null; }
      socket?.close(1000, "closed by viewer");
    },
    get open() { return !!socket && socket.readyState === 1; },
    get mirror() { return mirror; },
  };
}

/** `url` with the session token and, when the mirror holds a frame, its sequence number and hash. */
function resumeURL(url, token, mirror) {
  if (!token) return url;
  const u = new URL(url);
  u.searchParams.set("session", token);
  if (mirror?.frame && typeof mirror.seq === "number") {
    u.searchParams.set("seq", String(mirror.seq));
    u.searchParams.set("hash", String(frameHash(mirror.frame) >>> 0));
  }
  return u.href;
}

function closeCodeText(code) {
  switch (code) {
    case 1000: return "closed";
    case 1001: return "server going away";
    case 1006: return "connection lost";
    case 1002: return "protocol error";
    case 1003: case 1007: case 1008: return "message refused";
    case 1009: return "message too big";
    case 1011: return "server error";
    default: return `closed (code ${code})`;
  }
}

// ---------------------------------------------------------------------------------------------
// Wasm transport

const WASM_EXPORTS = [
  "memory", "veil_alloc", "veil_free", "veil_session_new", "veil_session_free", "veil_perform",
  "veil_input", "veil_tick", "veil_output", "veil_error", "veil_keyframe",
];

/**
 * Loads veil.wasm. `source` is a URL (fetched; instantiateStreaming when the server sends
 * application/wasm, otherwise via arrayBuffer) or the module's bytes. The module takes no imports.
 */
export async function loadWasm(source, { fetchImpl = globalThis.fetch } = {}) {
  let instance;
  if (typeof source === "string" || source instanceof URL) {
    const response = await fetchImpl(source);
    if (!response.ok) throw new Error(`veil.wasm: ${source}: HTTP ${response.status}`);
    try {
      if (!WebAssembly.instantiateStreaming) throw new Error("no instantiateStreaming");
      ({ instance } = await WebAssembly.instantiateStreaming(response.clone(), {}));
    } catch (streamingError) {
      if (streamingError instanceof WebAssembly.LinkError) throw streamingError;
      ({ instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {}));
    }
  } else {
    ({ instance } = await WebAssembly.instantiate(source, {}));
  }
  return new WasmModule(instance);
}

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

/**
 * The instantiated module. Views of memory are made fresh for every read or write: any export
 * may grow memory, and growth detaches views made before it.
 */
export class WasmModule {
  constructor(instance) {
    const exports = instance.exports;
    for (const name of WASM_EXPORTS) {
      if (!(name in exports)) throw new Error(`veil.wasm does not export ${name}`);
    }
    this.exports = exports;
    this.trapped = null;
  }

  /** Calls an export; a trap leaves the instance unusable, so later calls fail at once. */
  call(name, ...args) {
    if (this.trapped) throw new Error(`veil.wasm is unusable after a trap: ${this.trapped}`);
    try {
      return this.exports[name](...args);
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) {
        this.trapped = error.message;
        throw new Error(`veil.wasm trapped in ${name}: ${error.message}`);
      }
      throw error;
    }
  }

  /** Copies `bytes` into a fresh allocation; returns its pointer (caller frees it). */
  write(bytes) {
    const ptr = this.call("veil_alloc", Math.max(1, bytes.length));
    if (!ptr) throw new Error(`veil.wasm: out of memory (${bytes.length} bytes)`);
    new Uint8Array(this.exports.memory.buffer, ptr >>> 0, bytes.length).set(bytes);
    return ptr;
  }

  /** Calls `fn(ptr, len)` with `text` as UTF-8 in module memory, and frees it afterwards. */
  withString(text, fn) {
    const bytes = utf8Encoder.encode(text);
    const ptr = this.write(bytes);
    try {
      return fn(ptr, bytes.length);
    } finally {
      if (!this.trapped) this.call("veil_free", ptr);
    }
  }

  /** A copy of `len` bytes at `ptr` (the module reuses its output buffer). */
  copyOut(ptr, len) {
    return new Uint8Array(this.exports.memory.buffer, ptr >>> 0, len).slice();
  }

  /** The last error message (NUL-terminated UTF-8 at veil_error()), or "". */
  errorText() {
    if (this.trapped) return `trapped: ${this.trapped}`;
    const ptr = this.exports.veil_error() >>> 0;
    if (!ptr) return "";
    const memory = new Uint8Array(this.exports.memory.buffer);
    let end = ptr;
    while (end < memory.length && memory[end] !== 0) end++;
    return utf8Decoder.decode(memory.subarray(ptr, end));
  }
}

/** Wraps a bare COMMAND or INPUT object as the events-file line without "t". */
function asLine(key, value) {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && key in value) return JSON.stringify(value);
  return JSON.stringify({ [key]: value });
}

/**
 * One session inside veil.wasm. perform/input take a COMMAND or INPUT object (or the already
 * wrapped `{"command": …}` / `{"input": …}`); tick(seconds) returns the next message's bytes
 * (a copy), or null when the frame did not change. Failures throw with veil_error's text.
 */
export class WasmSession {
  constructor(module, sceneJSON) {
    this.module = module;
    const text = typeof sceneJSON === "string" ? sceneJSON : JSON.stringify(sceneJSON);
    this.handle = module.withString(text, (ptr, len) => module.call("veil_session_new", ptr, len));
    if (!this.handle) throw new Error(module.errorText() || "veil_session_new failed");
  }

  get error() { return this.module.errorText(); }

  perform(command) { this.send("veil_perform", asLine("command", command)); }

  input(input) { this.send("veil_input", asLine("input", input)); }

  /** The next tick returns a keyframe (after the mirror found itself out of sync). */
  keyframe() {
    const rc = this.module.call("veil_keyframe", this.live());
    if (rc < 0) throw new Error(this.module.errorText() || "veil_keyframe failed");
  }

  tick(seconds) {
    const module = this.module;
    const len = module.call("veil_tick", this.live(), seconds);
    if (len < 0) throw new Error(module.errorText() || `veil_tick failed (${len})`);
    if (len === 0) return null;
    return module.copyOut(module.call("veil_output"), len);
  }

  free() {
    if (!this.handle) return;
    const handle = this.handle;
    this.handle = 0;
    if (!this.module.trapped) this.module.call("veil_session_free", handle);
  }

  send(exportName, line) {
    const module = this.module;
    const handle = this.live();
    const rc = module.withString(line, (ptr, len) => module.call(exportName, handle, ptr, len));
    if (rc < 0) throw new Error(module.errorText() || `${exportName} failed (${rc})`);
  }

  live() {
    if (!this.handle) throw new Error("veil.wasm session was freed");
    return this.handle;
  }
}
