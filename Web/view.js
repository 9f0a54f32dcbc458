// @ts-check
// view.js — `CanvasView`: a canvas in the page. It keeps the canvas' CSS size (the frame's, a
// window's, or its container's), turns pointer, wheel, keyboard and resize into input objects, and
// hands sizes and frames to a surface: the `Surface` of render.js drawing on this thread, or a
// stand-in that forwards them to the worker drawing the transferred canvas (session-backends.js).

import { Surface } from "./render.js";
import { POINTER_PHASES, focusBeside, keyInput, pointerInput, wheelInput } from "./input.js";

/** 1/8 pt → points. */
const pt = (/** @type {number} */ v) => v / 8;

/**
 * What a CanvasView draws through: `Surface` (render.js), or a stand-in with the same methods.
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {{resize: (cssWidth: number, cssHeight: number, dpr: number) => void, show: (frame: Frame) => void,
 *   showNow: (frame: Frame) => void, invalidate: () => void, drawNow: () => void, setOrigin?: (x: number, y: number) => void,
 *   origin: {x: number, y: number}, frame: Frame | null, drawCount: number, renderer?: any,
 *   plays?: (motion: import("./motions.js").ItemMotion, motions: import("./motions.js").ItemMotion[]) => boolean}} SurfaceLike
 */

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
   * @param {{onInput?: (message: any) => void, mode?: "fill" | "fixed", env?: any, pageTabs?: boolean, surface?: SurfaceLike}} options
   *   pageTabs: Tab and Shift-Tab are left to the page (a hidden DOM after the canvas holds real
   *   buttons for the scene's), not sent to the scene's own focus;
   *   surface: what draws (default: a Surface on this canvas, on this thread)
   */
  constructor(canvas, { onInput = (message) => {}, mode = "fill", env = globalThis, pageTabs = false, surface } = {}) {
    this.canvas = canvas;
    this.pageTabs = pageTabs;
    this.onInput = onInput;
    this.mode = mode;
    this.env = env;
    /** @type {SurfaceLike} */
    this.surface = surface ?? new Surface(canvas, { env });
    this.renderer = this.surface.renderer;
    /** The frame's size in points when the frame itself is elsewhere (a worker draws it). */
    this.frameSize = /** @type {{width: number, height: number} | null} */ (null);
    this.cssWidth = 0;
    this.cssHeight = 0;
    this.dpr = 1;
    this.lastResize = /** @type {string | null} */ (null);
    /** @type {[EventTarget, string, any][]} */
    this.listeners = [];
    /** @type {{x: number, y: number, width: number, height: number} | null} the part of the frame shown (fixed mode), null: all */
    this.window = null;
    /** @type {any} */
    this.resizeObserver = null;
  }

  /** The frame shown (null in a page whose worker draws). */
  get frame() { return this.surface.frame; }

  /** Frames drawn so far. */
  get drawCount() { return this.surface.drawCount; }

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
    if (this.surface.frame) this.surface.drawNow();
  }

  /**
   * Follows the session's host events that concern the view: `focusExit` (Tab went past the
   * scene's last focusable, or Shift-Tab before its first) moves focus on in the page.
   * @param {{name: string, node: string}[]} events
   */
  followEvents(events) {
    for (const event of events) {
      if (event.name === "focusExit") focusBeside(this.canvas, /** @type {any} */ (event.node));
    }
  }

  /** Starts listening to input and to size changes of the canvas' CSS box. */
  attach() {
    const canvas = this.canvas;
    if (canvas.tabIndex < 0) canvas.tabIndex = 0;
    // A finger's pan on the canvas is the scene's (its lists scroll, its sheets move), as the wheel
    // is: left to the browser, it would pan the page and cancel the pointer. A page's own setting stays.
    if (canvas.style && !canvas.style.touchAction) canvas.style.touchAction = "none";
    const pressed = new Set(); // pointers that are down: hovering moves are not the scene's business
    const onPointer = (/** @type {PointerEvent} */ event) => {
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
    const onKey = (/** @type {KeyboardEvent} */ event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return; // leave browser shortcuts alone
      if (this.pageTabs && event.key === "Tab") return; // the page moves focus on, to the hidden buttons
      const input = keyInput(event);
      if (input) { event.preventDefault(); this.onInput(input); }
    };
    const onWheel = (/** @type {WheelEvent} */ event) => {
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

  /**
   * A canvas point of `input[key]` moved into frame points (by the window's origin).
   * @param {any} input
   * @param {string} key
   */
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

  /**
   * @param {EventTarget} target
   * @param {string} type
   * @param {any} fn
   * @param {AddEventListenerOptions} [options]
   */
  listen(target, type, fn, options) {
    target.addEventListener(type, fn, options);
    this.listeners.push([target, type, fn]);
  }

  /** @param {"fill" | "fixed"} mode */
  setMode(mode) {
    this.mode = mode;
    if (this.resizeObserver) {
      this.resizeObserver.disconnect();
      this.resizeObserver.observe(mode === "fill" ? this.canvas.parentElement : this.canvas);
    }
    this.lastResize = null;
    this.measure();
  }

  /**
   * Shows a new frame (from the mirror); the draw happens on the next animation frame.
   * @param {Frame} frame
   */
  show(frame) {
    this.surface.frame = frame;
    if (this.mode === "fixed") this.measure();
    this.surface.show(frame);
  }

  /**
   * Shows a new frame and draws it now: for a caller already inside an animation frame (mount's
   * loop), so the frame is not a frame late and no second animation frame is asked for.
   * @param {Frame} frame
   */
  showNow(frame) {
    this.surface.frame = frame;
    if (this.mode === "fixed") this.measure();
    this.surface.showNow(frame);
  }

  /** Re-reads the CSS size and pixel ratio; resizes the backing store and reports a resize. */
  measure() {
    const canvas = this.canvas;
    const dpr = this.env.devicePixelRatio || 1;
    let width, height;
    const frame = this.surface.frame;
    const size = frame ? { width: pt(frame.width), height: pt(frame.height) } : this.frameSize;
    if (this.mode === "fixed" && this.window) {
      width = this.window.width;
      height = this.window.height;
    } else if (this.mode === "fixed") {
      width = size ? size.width : canvas.clientWidth;
      height = size ? size.height : canvas.clientHeight;
    } else {
      const box = /** @type {HTMLElement} */ (canvas.parentElement);
      width = Math.floor(box.clientWidth);
      height = Math.floor(box.clientHeight);
    }
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    const origin = this.mode === "fixed" && this.window ? this.window : { x: 0, y: 0 };
    if (this.surface.setOrigin) this.surface.setOrigin(origin.x, origin.y);
    else this.surface.origin = { x: origin.x, y: origin.y };
    this.resize(width, height, dpr);
    if (this.mode === "fill" && width > 0 && height > 0) this.reportSize();
  }

  /**
   * Sets the backing store to CSS size × dpr (crisp lines and text on high-density screens).
   * @param {number} cssWidth
   * @param {number} cssHeight
   * @param {number} dpr
   */
  resize(cssWidth, cssHeight, dpr) {
    this.cssWidth = cssWidth;
    this.cssHeight = cssHeight;
    this.dpr = dpr;
    this.surface.resize(cssWidth, cssHeight, dpr);
  }

  /** Sends the current size as a resize input, once per distinct size. */
  reportSize(force = false) {
    const key = `${this.cssWidth}x${this.cssHeight}`;
    if (!force && key === this.lastResize) return;
    this.lastResize = key;
    this.onInput({ input: { resize: { width: this.cssWidth, height: this.cssHeight } } });
  }

  /** Asks for one redraw on the next animation frame (many calls, one draw). */
  invalidate() { this.surface.invalidate(); }

  /**
   * Whether the surface runs item motion `m` (of the frame's `motions`) on its own (DomLayers: an
   * endless turn or loop on the compositor).
   * @param {import("./motions.js").ItemMotion} m @param {import("./motions.js").ItemMotion[]} motions
   */
  plays(m, motions) { return this.surface.plays?.(m, motions) ?? false; }

  drawNow() { this.surface.drawNow(); }
}
