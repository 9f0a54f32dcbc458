// @ts-check
// skeletonize.js — skeletons for the page's own HTML. `skeletonize(element)` reads the element's
// layout (the line boxes of its text, its images, and elements marked `data-skeleton`) into
// placeholder boxes and lays a skeleton layer over the element (skeleton-layer.js: the core's
// skeleton look, skeleton-look.js, drawn by the page's compositor): it fades in over the real
// content and, on `hide()`, fades out back to it (a cross-dissolve), and follows the element's size
// changes. The page laid its content out already, so nothing else of Veil is needed: no module, no
// worker, no font (issue 30). `sceneOf` gives the same skeleton as a scene, for the core to draw.

import { SkeletonLayer } from "./skeleton-layer.js";
import { colorValue, cssColor, skeletonLook } from "./skeleton-look.js";
import { TemplateCopies } from "./template.js";

/** Elements drawn as one box (their content is not read line by line). */
const BOXES = "img, svg, video, canvas, picture, iframe, input, textarea, select, [data-skeleton]";

/**
 * The largest side a skeleton covers: a scene's canvas' (docs/SCENE.md), so `sceneOf` always gives
 * a scene the core reads.
 */
const MAX_SIDE = 16384;

/**
 * Placeholders in one skeleton at most: a scene's bound (each is a node of about 125 bytes of JSON,
 * and a scene holds at most 1 MiB), and what bounds the layer's clip path.
 */
const MAX_BOXES = 8000;

/**
 * @typedef {{x: number, y: number, width: number, height: number, radius: number}} Box
 * @typedef {object} SkeletonizeOptions
 * @property {"solid" | "gradient" | "pulse" | "sliding"} [style] default "sliding"
 * @property {string} [color] the placeholders' base colour (hex, a semantic colour's name, or any CSS colour); default: the appearance's tint
 * @property {string[]} [gradient]
 * @property {import("./skeleton-look.js").SkeletonDirection} [direction]
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
 * Skeletons over `element`'s own content. Resolves once the skeleton is laid over it (the browser
 * paints it with the next frame).
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
    if (e.closest(".veil-skeleton") || !visible(e)) continue;
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
  const v = rgbaOf(c);
  if (v === null || (v & 255) === 0) return null;
  return `#${(v >>> 8).toString(16).toUpperCase().padStart(6, "0")}FF`;
}

/**
 * A computed `rgb()` / `rgba()` colour (what getComputedStyle gives) as 0xRRGGBBAA; null for another form.
 * @param {string} c
 */
function rgbaOf(c) {
  const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(c);
  if (!m) return null;
  const alpha = m[4] === undefined ? 255 : Math.round(Number(m[4]) * 255);
  return ((Math.round(Number(m[1])) << 24 | Math.round(Number(m[2])) << 16 | Math.round(Number(m[3])) << 8 | alpha) >>> 0);
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
    this.reducedMotion = this.env.matchMedia?.("(prefers-reduced-motion: reduce)") ?? null;
    this.darkScheme = this.env.matchMedia?.("(prefers-color-scheme: dark)") ?? null;
    /** Seconds of the cross-dissolve. */
    this.transition = this.reducedMotion?.matches ? 0 : options.transition ?? 0.25;
    /** @type {SkeletonLayer | null} */
    this.layer = null;
    /** The scene of the skeleton drawn: what the core would draw for it (tests compare its boxes with the element's). */
    this.scene = null;
    /** The look drawn (skeleton-look.js). @type {import("./skeleton-look.js").SkeletonLook | null} */
    this.look = null;
    this.layoutKey = "";
    /** Held still while something covers it (`setPaused`). */
    this.paused = false;
    this.observer = null;
    this.restorePosition = null;
    /** Redraws when the scheme or the motion preference changes (the core re-tints a shown skeleton). */
    this.onPreference = () => { this.layoutKey = ""; this.refresh(); };
    /** @type {TemplateCopies | null} the copies standing in for content not there yet */
    this.copies = null;
  }

  /** Reads the layout and shows the skeleton over the element, fading in. */
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
    this.draw();
    this.layer?.fadeIn(this.transition);
    if (this.env.ResizeObserver) {
      this.observer = new this.env.ResizeObserver(() => this.refresh());
      this.observer.observe(element);
    }
    this.darkScheme?.addEventListener?.("change", this.onPreference);
    this.reducedMotion?.addEventListener?.("change", this.onPreference);
  }

  /** Re-reads the element; redraws when a box moved (mid-fade as the layer it replaces, the shimmer in phase). */
  refresh() {
    if (this.layer) this.draw();
  }

  /** Reads the layout and draws it, in place of the layer shown (nothing when nothing moved). */
  draw() {
    const layout = readLayout(this.element, this.options);
    const key = JSON.stringify(layout);
    if (key === this.layoutKey) return;
    const scheme = this.options.appearance === "dark" || (this.options.appearance !== "light" && this.darkScheme?.matches)
      ? "dark" : "light";
    const { style = "sliding", color, gradient, direction, duration } = this.options;
    const probe = (/** @type {string} */ text) => cssColorValue(this.element, text);
    const look = skeletonLook({ style, color, gradient, direction, duration },
      { scheme, reducedMotion: !!this.reducedMotion?.matches, parse: probe });
    const background = this.options.background ?? backgroundOf(this.element);
    const old = this.layer;
    const layer = new SkeletonLayer(this.element, layout, look, { background: cssBackground(background), startTime: old?.startTime });
    layer.root.style.opacity = old ? old.root.style.opacity : "0";
    old?.remove();
    if (this.paused) layer.setPaused(true);
    this.layoutKey = key;
    this.layer = layer;
    this.look = look;
    this.scene = sceneOf(layout, background);
  }

  /**
   * Holds the shimmer still while something covers the skeleton (a status over the element), or
   * lets it go on in its phase: the core's skeleton under a status does the same.
   * @param {boolean} paused
   */
  setPaused(paused) {
    this.paused = paused;
    this.layer?.setPaused(paused);
  }

  /**
   * Dissolves back to the real content and removes the layer; resolves when it is gone.
   * @returns {Promise<void>}
   */
  async hide() {
    const layer = this.layer;
    this.observer?.disconnect();
    this.observer = null;
    this.releaseRoom();
    if (layer) await layer.fadeOut(this.transition);
    this.remove();
  }

  /** Takes out the template's copies: the content that arrived takes their room, in this task. */
  releaseRoom() {
    this.copies?.remove();
    this.copies = null;
  }

  /** Removes everything at once (no dissolve). */
  remove() {
    this.observer?.disconnect();
    this.darkScheme?.removeEventListener?.("change", this.onPreference);
    this.reducedMotion?.removeEventListener?.("change", this.onPreference);
    this.layer?.remove();
    this.layer = null;
    this.copies?.remove();
    this.copies = null;
    this.element.removeAttribute("aria-busy");
    if (this.restorePosition !== null) { this.element.style.position = this.restorePosition; this.restorePosition = null; }
  }
}

/**
 * A CSS colour as 0xRRGGBBAA, read by the page's own style system; null when it is not one.
 * @param {Element} element @param {string} text
 */
function cssColorValue(element, text) {
  const view = element.ownerDocument.defaultView;
  const probe = element.ownerDocument.createElement("span");
  probe.style.color = text;
  if (!probe.style.color) return null;
  probe.style.display = "none";
  element.append(probe);
  const value = rgbaOf(view?.getComputedStyle(probe).color ?? "");
  probe.remove();
  return value;
}

/** @param {string} hex #RRGGBBAA (backgroundOf) or what the page gave → a CSS colour */
function cssBackground(hex) {
  const v = colorValue(hex, "light");
  return v === null ? hex : cssColor(v);
}
