// @ts-check
// skeletonize.js — skeletons for the page's own HTML. `skeletonize(element)` reads the element's
// layout (the line boxes of its text, its images, and elements marked `data-skeleton`) into a
// scene of placeholder boxes, and mounts it (mount.js) on a canvas laid exactly over the element:
// the core draws the placeholders with its styles and shimmer; the canvas fades in over the real
// content and, on `hide()`, fades out back to it (a cross-dissolve). It follows the element's size
// changes. The canvas covers only the part of the element in the viewport (and a margin): a long
// article costs the pixels of a screenful, not of its whole height; scrolling moves that window.

import { mount } from "./mount.js";
import { TemplateCopies } from "./template.js";

/** Elements drawn as one box (their content is not read line by line). */
const BOXES = "img, svg, video, canvas, picture, iframe, input, textarea, select, [data-skeleton]";

/** Share of the viewport drawn beyond each of its edges, so a fast scroll shows no uncovered strip. */
const WINDOW_MARGIN = 0.25;

/**
 * Share of the viewport beyond each of its edges whose boxes the first scene holds: the first
 * frame reads and draws the part of a long element near the view; the whole element follows
 * once the page is idle (or at once, when a scroll leaves that band first).
 */
const FIRST_BAND = 1;

/** The largest side a scene's canvas may have (docs/SCENE.md): the most of an element a skeleton covers. */
const MAX_SIDE = 16384;

/**
 * Placeholders in one scene at most: each is a node of about 125 bytes of JSON, and a scene holds
 * at most 1 MiB (and 20,000 nodes).
 */
const MAX_BOXES = 8000;

/** Compiled modules by URL: a remount after a resize costs an instantiation, not a compile. */
const compiled = new Map();

/**
 * @typedef {{x: number, y: number, width: number, height: number, radius: number}} Box
 * @typedef {object} SkeletonizeOptions
 * @property {string | URL | WebAssembly.Module} [wasm] veil.wasm; default: beside veil.js
 * @property {"solid" | "gradient" | "pulse" | "sliding"} [style] default "sliding"
 * @property {string} [color] the placeholders' base colour; default: the appearance's tint
 * @property {string[]} [gradient]
 * @property {string} [direction]
 * @property {number} [duration]
 * @property {number} [transition] seconds of the cross-dissolve in and out; default 0.25 (0 under reduced motion)
 * @property {number} [lineRatio] placeholder height of a text line, as a share of its font size; default 0.75
 * @property {number} [radius] corner radius of text-line placeholders; default 4
 * @property {string} [background] what covers the content; default: the element's (or its nearest ancestor's) background colour
 * @property {"system" | "light" | "dark"} [appearance] default "system"
 * @property {Element | string} [template] content that is not there yet: its skeleton is read from copies of this
 *   template (a `<template>`, an element, or a selector) that the page never shows (template.js)
 * @property {number} [count] copies of `template`; default: as many as fill the element's visible height
 * @property {any} [env] the window (tests)
 */

/**
 * Skeletons over `element`'s own content. Resolves once the first frame is drawn.
 * @param {HTMLElement} element
 * @param {SkeletonizeOptions} [options]
 * @returns {Promise<DomSkeleton>}
 */
export async function skeletonize(element, options = {}) {
  const skeleton = new DomSkeleton(element, options);
  try {
    await skeleton.show();
  } catch (error) {
    skeleton.remove();
    throw error;
  }
  return skeleton;
}

/**
 * The boxes to cover, in the element's padding-box coordinates (CSS pixels = points).
 * @param {HTMLElement} element
 * @param {{lineRatio?: number, radius?: number}} options
 * @returns {{width: number, height: number, boxes: Box[]}}
 */
export function readLayout(element, { lineRatio = 0.75, radius = 4 } = {}) {
  // What a scene can hold is checked before any of the content's layout is read: an element too
  // large is refused at once, in the page's terms.
  const width = element.clientWidth, height = element.clientHeight;
  const tooLarge = (/** @type {number} */ side, /** @type {string} */ what) =>
    new Error(`skeletonize: the element is ${count(side)} px ${what}; at most ${count(MAX_SIDE)} px can be skeletonized`);
  if (height > MAX_SIDE) throw tooLarge(height, "tall");
  if (width > MAX_SIDE) throw tooLarge(width, "wide");
  const doc = element.ownerDocument;
  const tooMany = () => new Error(`skeletonize: the element holds more than ${count(MAX_BOXES)} lines of text, images and `
    + `data-skeleton elements; at most ${count(MAX_BOXES)} placeholders can be drawn (skeletonize a part of it)`);
  // Each text and each box element makes a placeholder at least: counted without reading layout.
  const counter = doc.createTreeWalker(element, 5 /* NodeFilter.SHOW_ELEMENT | SHOW_TEXT */);
  let found = 0;
  for (let node = counter.nextNode(); node; node = counter.nextNode()) {
    const counts = node.nodeType === 3 ? !!node.nodeValue?.trim() : /** @type {Element} */ (node).matches(BOXES);
    if (counts && ++found > MAX_BOXES) throw tooMany();
  }
  const origin = element.getBoundingClientRect();
  const left = origin.left + element.clientLeft, top = origin.top + element.clientTop;
  /** @type {Box[]} */
  const boxes = [];
  const add = (/** @type {DOMRect} */ r, /** @type {number} */ rad, ratio = 1) => {
    const h = Math.min(r.height, r.height * ratio);
    const x = r.left - left, y = r.top - top + (r.height - h) / 2;
    if (r.width < 1 || h < 1 || x >= width || y >= height || x + r.width <= 0 || y + h <= 0) return;
    // A text's lines can pass the count above: reading stops at the bound.
    if (boxes.length === MAX_BOXES) throw tooMany();
    boxes.push({ x: round(x), y: round(y), width: round(r.width), height: round(h), radius: rad });
  };
  const view = doc.defaultView;
  const visible = (/** @type {Element} */ e) => {
    const style = view?.getComputedStyle(e);
    return !style || (style.visibility !== "hidden" && style.display !== "none" && style.opacity !== "0");
  };
  for (const e of element.querySelectorAll(BOXES)) {
    if (e.closest(".veil-skeleton-canvas") || !visible(e)) continue;
    if (e.parentElement?.closest(BOXES) && element.contains(e.parentElement.closest(BOXES))) continue; // inside a box
    const r = e.getBoundingClientRect();
    const rad = parseFloat(view?.getComputedStyle(e).borderTopLeftRadius ?? "0") || 0;
    add(r, Math.min(rad, r.width / 2, r.height / 2));
  }
  const walker = doc.createTreeWalker(element, 4 /* NodeFilter.SHOW_TEXT */);
  const range = doc.createRange();
  /** Per parent element: its font size, or 0 when its text is not read (hidden, inside a box). */
  const fontSizes = new Map();
  const fontSizeOf = (/** @type {HTMLElement} */ parent) => {
    let size = fontSizes.get(parent);
    if (size === undefined) {
      size = parent.closest(BOXES) || !visible(parent) ? 0
        : parseFloat(view?.getComputedStyle(parent).fontSize ?? "16") || 16;
      fontSizes.set(parent, size);
    }
    return size;
  };
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.nodeValue || !node.nodeValue.trim()) continue;
    const parent = node.parentElement;
    const fontSize = parent ? fontSizeOf(parent) : 0;
    if (!fontSize) continue;
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      const ratio = Math.min(1, (fontSize * lineRatio) / Math.max(1, r.height));
      add(r, radius, ratio);
    }
  }
  return { width: round(width), height: round(height), boxes };
}

/**
 * The part of the element's padding box (its coordinates, whole points) that lies in the
 * viewport, widened by `margin` of the viewport on each side; empty when none of it does.
 * @param {HTMLElement} element
 * @param {{width: number, height: number}} size the padding box's size
 * @param {any} env the window
 * @param {number} [margin] share of the viewport added beyond each edge; default WINDOW_MARGIN
 * @returns {{x: number, y: number, width: number, height: number}}
 */
export function visibleWindow(element, size, env, margin = WINDOW_MARGIN) {
  const r = element.getBoundingClientRect();
  const left = r.left + element.clientLeft, top = r.top + element.clientTop;
  const vw = env.innerWidth ?? size.width, vh = env.innerHeight ?? size.height;
  const mx = vw * margin, my = vh * margin;
  const x0 = clamp(Math.floor(-left - mx), 0, size.width), x1 = clamp(Math.ceil(vw - left + mx), 0, size.width);
  const y0 = clamp(Math.floor(-top - my), 0, size.height), y1 = clamp(Math.ceil(vh - top + my), 0, size.height);
  if (x1 <= x0 || y1 <= y0) return { x: 0, y: 0, width: 0, height: 0 };
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Whether box `b` reaches into rect `a`. */
function meets(/** @type {{x: number, y: number, width: number, height: number}} */ a,
  /** @type {{x: number, y: number, width: number, height: number}} */ b) {
  return b.x < a.x + a.width && b.x + b.width > a.x && b.y < a.y + a.height && b.y + b.height > a.y;
}

/** Whether rect `a` holds rect `b` (an empty `b` is held anywhere). */
function contains(/** @type {{x: number, y: number, width: number, height: number}} */ a,
  /** @type {{x: number, y: number, width: number, height: number}} */ b) {
  if (b.width <= 0 || b.height <= 0) return true;
  return b.x >= a.x && b.y >= a.y && b.x + b.width <= a.x + a.width && b.y + b.height <= a.y + a.height;
}

/** @param {number} v @param {number} lo @param {number} hi */
function clamp(v, lo, hi) { return Math.min(hi, Math.max(lo, v)); }

/** @param {number} n 16384 → "16,384" */
function count(n) { return Math.round(n).toLocaleString("en-US"); }

/**
 * Quarter points: what the wire keeps (1/8) without noise.
 * @param {number} v
 */
function round(v) { return Math.round(v * 4) / 4; }

/**
 * The first opaque background colour from `element` up, as #RRGGBBAA; with none, the page's own
 * canvas colour (CSS `Canvas`: white, or dark under `color-scheme: dark`).
 * @param {Element} element
 */
function backgroundOf(element) {
  const view = element.ownerDocument.defaultView;
  for (let e = /** @type {Element | null} */ (element); e; e = e.parentElement) {
    const hex = opaqueHex(view?.getComputedStyle(e).backgroundColor ?? "");
    if (hex) return hex;
  }
  const probe = element.ownerDocument.createElement("span");
  probe.style.backgroundColor = "Canvas";
  probe.style.display = "none";
  element.ownerDocument.documentElement.append(probe);
  const canvas = opaqueHex(view?.getComputedStyle(probe).backgroundColor ?? "");
  probe.remove();
  return canvas ?? "#FFFFFFFF";
}

/**
 * An opaque `rgb()` / `rgba()` colour as #RRGGBBFF; null for a transparent one or another form.
 * @param {string} c
 */
function opaqueHex(c) {
  const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(c);
  if (!m || (m[4] !== undefined && Number(m[4]) === 0)) return null;
  const hex = (/** @type {string} */ v) => Math.round(Number(v)).toString(16).padStart(2, "0");
  return `#${hex(m[1])}${hex(m[2])}${hex(m[3])}FF`;
}

/**
 * A scene of one skeletonable view covering the element, with a placeholder leaf per box.
 * @param {{width: number, height: number, boxes: Box[]}} layout
 * @param {string} background
 */
export function sceneOf(layout, background) {
  return {
    name: "skeletonize",
    canvas: { width: Math.max(1, layout.width), height: Math.max(1, layout.height) },
    background: "#00000000",
    root: {
      type: "view", id: "root", skeletonable: true, background,
      frame: { x: 0, y: 0, width: Math.max(1, layout.width), height: Math.max(1, layout.height) },
      children: layout.boxes.map((b, i) => ({
        type: "view", id: `b${i}`, skeletonable: true, cornerRadius: b.radius,
        frame: { x: b.x, y: b.y, width: b.width, height: b.height },
      })),
    },
  };
}

/** A skeleton over an element: `hide()` dissolves back to the content; `refresh()` re-reads it. */
export class DomSkeleton {
  /**
   * @param {HTMLElement} element
   * @param {SkeletonizeOptions} options
   */
  constructor(element, options) {
    this.element = element;
    this.options = options;
    this.env = options.env ?? element.ownerDocument.defaultView ?? globalThis;
    const reduce = !!this.env.matchMedia?.("(prefers-reduced-motion: reduce)")?.matches;
    /** Seconds of the cross-dissolve. */
    this.transition = reduce ? 0 : options.transition ?? 0.25;
    /** @type {HTMLCanvasElement | null} */
    this.canvas = null;
    /** @type {import("./mount.js").Controller | null} */
    this.controller = null;
    /** The scene drawn (tests compare its boxes with the element's). */
    this.scene = null;
    this.layoutKey = "";
    this.observer = null;
    this.restorePosition = null;
    /** Moves the canvas' window when the page or an ancestor scrolls, or the viewport resizes. */
    this.onScroll = () => this.followScroll();
    this.following = false;
    /** The layout read last, and the band of it the scene holds (null: all of it). */
    this.layout = null;
    /** @type {{x: number, y: number, width: number, height: number} | null} */
    this.band = null;
    /** Counts mounts begun: one that finishes after a later one began is dropped. */
    this.generation = 0;
    this.completing = false;
    /** @type {TemplateCopies | null} the copies standing in for content not there yet */
    this.copies = null;
  }

  /** Reads the layout, mounts the scene over the element and shows the skeleton. */
  async show() {
    const element = this.element;
    const view = element.ownerDocument.defaultView;
    if (view?.getComputedStyle(element).position === "static") {
      this.restorePosition = element.style.position;
      element.style.position = "relative";
    }
    element.setAttribute("aria-busy", "true");
    if (this.options.template !== undefined) {
      this.copies = new TemplateCopies(element, { template: this.options.template, count: this.options.count });
    }
    await this.mountLayout(true);
    if (this.env.ResizeObserver) {
      this.observer = new this.env.ResizeObserver(() => { this.refresh().catch(() => {}); });
      this.observer.observe(element);
    }
    // Capture: scroll events do not bubble, and any scrolling ancestor moves the element.
    element.ownerDocument.addEventListener("scroll", this.onScroll, { capture: true, passive: true });
    this.env.addEventListener?.("resize", this.onScroll);
    this.following = true;
  }

  /**
   * Once the part of the element in view is no longer all on the canvas, lays the canvas over it
   * (and the margin) and draws that. The canvas scrolls with the element as its child, so until
   * then a scroll costs nothing: the margin is drawn already.
   */
  followScroll() {
    const view = this.controller?.view, canvas = this.canvas;
    if (!view || !canvas || !this.scene) return;
    const size = this.scene.canvas, shown = view.window, seen = visibleWindow(this.element, size, this.env, 0);
    if (this.band && !contains(this.band, seen)) this.complete();
    if (shown && contains(shown, seen)) return;
    placeWindow(view, canvas, visibleWindow(this.element, size, this.env));
  }

  /** Mounts the whole layout in place of a first scene that held a band of it. */
  complete() {
    if (!this.band || !this.layout || this.completing || !this.controller) return;
    this.completing = true;
    this.mountScene(this.layout, false, false).catch(() => {}).finally(() => { this.completing = false; });
  }

  /** After the fade-in, when the page is idle: the whole layout. */
  completeLater() {
    const env = this.env;
    setTimeout(() => {
      if (typeof env.requestIdleCallback === "function") env.requestIdleCallback(() => this.complete(), { timeout: 250 });
      else this.complete();
    }, this.transition * 1000);
  }

  /** Re-reads the element; remounts when a box moved (the new canvas replaces the old one drawn). */
  async refresh() {
    if (!this.controller) return;
    await this.mountLayout(false);
  }

  /** @param {boolean} fadeIn */
  async mountLayout(fadeIn) {
    const layout = readLayout(this.element, this.options);
    const key = JSON.stringify(layout);
    if (key === this.layoutKey) return;
    this.layoutKey = key;
    this.layout = layout;
    await this.mountScene(layout, fadeIn, fadeIn);
  }

  /**
   * Mounts a scene of `layout` on a new canvas and, once its first frame is drawn, puts it in
   * place of the one shown. With `band`, the scene holds only the boxes near the view (the first
   * frame's work is that of a screenful), and the whole layout follows (`completeLater`).
   * @param {{width: number, height: number, boxes: Box[]}} layout
   * @param {boolean} fadeIn
   * @param {boolean} band
   */
  async mountScene(layout, fadeIn, band) {
    const generation = ++this.generation;
    const part = visibleWindow(this.element, layout, this.env); // read with the layout: no second layout pass
    const near = band ? visibleWindow(this.element, layout, this.env, FIRST_BAND) : null;
    const boxes = near ? layout.boxes.filter((b) => meets(near, b)) : layout.boxes;
    const partial = near !== null && boxes.length < layout.boxes.length;
    const scene = sceneOf({ ...layout, boxes }, this.options.background ?? backgroundOf(this.element));
    const doc = this.element.ownerDocument;
    const canvas = doc.createElement("canvas");
    canvas.className = "veil-skeleton-canvas";
    canvas.setAttribute("aria-hidden", "true");
    canvas.style.cssText = `position:absolute;left:${part.x}px;top:${part.y}px;pointer-events:none;z-index:1;`
      + `transition:opacity ${this.transition}s linear;opacity:${fadeIn && this.transition > 0 ? 0 : 1};`;
    this.element.append(canvas);
    /** @type {import("./mount.js").Controller} */
    let controller;
    try {
      controller = await mount(canvas, {
        scene, wasm: await compile(this.options.wasm), node: "root", accessible: false,
        appearance: this.options.appearance ?? "system", env: this.options.env,
        // The page's thread: the first frame is drawn in this task (flush), before the browser paints.
        thread: "main",
      });
    } catch (error) {
      canvas.remove();
      throw error;
    }
    canvas.tabIndex = -1; // the content keeps the focus order; the canvas only covers it
    const { style = "sliding", color, gradient, direction, duration } = this.options;
    controller.view?.setWindow(part);
    controller.skeleton.show({ style, transition: "none", ...defined({ color, gradient, direction, duration }) });
    // The first frame now, in this task: the browser never paints the content uncovered.
    controller.flush();
    if (!controller.frame) {
      await new Promise((resolve) => { const off = controller.on("frame", () => { off(); resolve(undefined); }); });
    }
    if (generation !== this.generation) {
      controller.destroy(); // a later mount (a resize) or remove() came first
      canvas.remove();
      return;
    }
    if (this.canvas) canvas.style.opacity = this.canvas.style.opacity; // mid-fade, as the one it replaces
    const old = this.controller, oldCanvas = this.canvas;
    this.controller = controller;
    this.canvas = canvas;
    this.scene = scene;
    this.band = partial ? near : null;
    if (partial) this.completeLater();
    if (fadeIn) requestFrame(this.env, () => { canvas.style.opacity = "1"; });
    old?.destroy();
    oldCanvas?.remove();
  }

  /**
   * Dissolves back to the real content and removes the canvas; resolves when it is gone.
   * @returns {Promise<void>}
   */
  async hide() {
    const canvas = this.canvas;
    this.observer?.disconnect();
    this.observer = null;
    this.releaseRoom();
    if (canvas && this.transition > 0) {
      canvas.style.opacity = "0";
      await new Promise((resolve) => setTimeout(resolve, this.transition * 1000));
    }
    this.remove();
  }

  /** Takes out the template's copies: the content that arrived takes their room, in this task. */
  releaseRoom() {
    this.copies?.remove();
    this.copies = null;
  }

  /** Removes everything at once (no dissolve). */
  remove() {
    this.generation++; // a mount under way is dropped when it finishes
    this.band = null;
    this.observer?.disconnect();
    if (this.following) {
      this.element.ownerDocument.removeEventListener("scroll", this.onScroll, { capture: true });
      this.env.removeEventListener?.("resize", this.onScroll);
      this.following = false;
    }
    this.controller?.destroy();
    this.canvas?.remove();
    this.copies?.remove();
    this.copies = null;
    this.controller = null;
    this.canvas = null;
    this.element.removeAttribute("aria-busy");
    if (this.restorePosition !== null) { this.element.style.position = this.restorePosition; this.restorePosition = null; }
  }
}

/**
 * Lays `canvas` at `part` (the element's coordinates) and shows that part of the frame on it;
 * nothing when it is already there.
 * @param {import("./view.js").CanvasView} view
 * @param {HTMLCanvasElement} canvas
 * @param {{x: number, y: number, width: number, height: number}} part
 */
function placeWindow(view, canvas, part) {
  const old = view.window;
  if (old && old.x === part.x && old.y === part.y && old.width === part.width && old.height === part.height) return;
  canvas.style.left = `${part.x}px`;
  canvas.style.top = `${part.y}px`;
  view.setWindow(part);
}

/** @param {Record<string, any>} o the keys whose value is not undefined */
function defined(o) { return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)); }

/** @param {any} env @param {() => void} fn */
function requestFrame(env, fn) { (env.requestAnimationFrame ?? ((/** @type {any} */ f) => setTimeout(f, 16))).call(env, fn); }

/**
 * The compiled module for `wasm` (cached by URL), or what was given.
 * @param {string | URL | WebAssembly.Module | undefined} wasm
 * @returns {Promise<WebAssembly.Module | string | URL>}
 */
async function compile(wasm) {
  if (wasm instanceof WebAssembly.Module) return wasm;
  const url = String(wasm ?? new URL("veil.wasm", import.meta.url));
  if (!/^(https?|blob|data):/.test(url)) return url; // node paths: mount reads them
  let module = compiled.get(url);
  if (!module) {
    module = (async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`veil.wasm: ${url}: HTTP ${response.status}`);
      try {
        return await WebAssembly.compile(await response.arrayBuffer());
      } catch (error) {
        throw new Error(`veil.wasm: ${url} is not a usable veil.wasm: ${/** @type {any} */ (error).message}`);
      }
    })();
    compiled.set(url, module);
    module.catch(() => compiled.delete(url));
  }
  return module;
}
