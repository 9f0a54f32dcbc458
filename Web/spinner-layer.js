// @ts-check
// spinner-layer.js — the loading spinner over one of the page's own elements, drawn by the page
// (issue 30: a spinner needs no veil.wasm). It is the core's SpinnerView overlay
// (Sources/VeilCore/Components/Spinner/SpinnerOverlay.swift) restated: over the element's padding
// box, with its corners, a radial gradient backdrop at opacity 0.7 and a large white activity
// indicator in the middle, stepping round once a second; it fades in and out as the core's overlay
// does (Overlays.toggle: from the opacity it has, over the part of 0.25 s left, eased in and out).
// Tests/Vectors/spinner-look.json, written by the core, holds the two equal
// (Tests/web/spinner-layer.test.mjs), and test_spinner_layer compares the pixels with `veil render`.
// The indicator is drawn once, by draw-items.js as every host draws it; its turn and the fades are
// Web Animations, which the compositor runs while the page's main thread is busy.

import { drawItem } from "./draw-items.js";
import { ItemKind } from "./wire-format.js";
import { cssColor, radialGradientCss } from "./css-paint.js";

/** The core's spinner overlay: what Tests/Vectors/spinner-look.json holds. */
export const SPINNER = {
  fade: 0.25,
  /** Core Animation's ease-in-out, the core's Fade. */
  fadeEasing: "cubic-bezier(0.42, 0, 0.58, 1)",
  /** The backdrop's opacity (0…255), its radius as a share of the element's half width, its stops (0…65535, 0xRRGGBBAA). */
  backdrop: { opacity: 179, radiusFactor: 0.8, stops: [[0, 0x666666CC], [65535, 0x1A1A1A80]] },
  indicator: { diameter: 37, lineWidth: 4, color: 0xFFFFFFFF },
  /** Steps a turn, and steps a second. */
  turn: { steps: 8, perSecond: 8 },
};

/**
 * Points to the core's 1/8 pt, as Fixed.from rounds them.
 * @param {number} points
 */
function fixed(points) { return Math.round(points * 8) / 8; }

/**
 * What the spinner draws over an element's padding box, `width` × `height`: the backdrop's CSS
 * and where the indicator goes, in CSS pixels from the box's corner.
 * @param {number} width @param {number} height
 */
export function spinnerLook(width, height) {
  const { backdrop, indicator } = SPINNER;
  const radius = fixed((backdrop.radiusFactor * width) / 2);
  const stops = backdrop.stops.map(([offset, color]) => ({ at: offset / 65535, color }));
  return {
    background: radialGradientCss({ x: 0, y: 0 }, fixed(width / 2), fixed(height / 2), radius, stops),
    opacity: backdrop.opacity / 255,
    radius,
    indicator: {
      x: fixed(width / 2 - indicator.diameter / 2), y: fixed(height / 2 - indicator.diameter / 2),
      diameter: indicator.diameter, lineWidth: indicator.lineWidth, color: indicator.color,
    },
  };
}

/**
 * The corner radius of an element's padding box, as the core's host corner: its top-left border
 * radius (a length, or a share of its border box's width) less the border's width.
 * @param {CSSStyleDeclaration | undefined} style @param {number} boxWidth its border box's width
 */
export function paddingRadius(style, boxWidth) {
  if (!style) return 0;
  const text = style.borderTopLeftRadius.split(" ")[0] ?? "0";
  const outer = text.endsWith("%") ? (parseFloat(text) / 100) * boxWidth : parseFloat(text);
  return Math.max(0, (outer || 0) - (parseFloat(style.borderLeftWidth) || 0));
}

/** A canvas' margin around the indicator, for its round caps' anti-aliasing. */
const MARGIN = 2;

/**
 * An activity indicator as an element `diameter` wide (the spinner's, a loading status'): drawn
 * once on a canvas, by draw-items.js as every host draws it, `offset` (under a pixel) inside its
 * box, and turning about its centre by the core's steps, a Web Animation the compositor runs.
 * @param {Document} doc
 * @param {{diameter: number, lineWidth: number, color: number}} look
 * @param {number} dpr the screen's pixel ratio
 * @param {number[]} offset
 * @param {number | null} [startTime] the document time its turn began (a redrawn indicator keeps its phase)
 */
export function indicatorElement(doc, { diameter, lineWidth, color }, dpr, [fx, fy], startTime = null) {
  const turning = doc.createElement("div");
  turning.setAttribute("aria-hidden", "true");
  turning.style.cssText = `position:relative;flex:none;width:${diameter}px;height:${diameter}px;`
    + `transform-origin:${fx + diameter / 2}px ${fy + diameter / 2}px`;
  const canvas = doc.createElement("canvas");
  const side = Math.ceil((diameter + 1 + 2 * MARGIN) * dpr);
  canvas.width = canvas.height = side;
  canvas.style.cssText = `position:absolute;left:${-MARGIN}px;top:${-MARGIN}px;width:${side / dpr}px;height:${side / dpr}px`;
  const ctx = /** @type {any} */ (canvas.getContext("2d"));
  if (ctx) {
    ctx.setTransform(dpr, 0, 0, dpr, (MARGIN + fx) * dpr, (MARGIN + fy) * dpr);
    const item = { kind: ItemKind.activityIndicator, x: 0, y: 0, width: diameter * 8, height: diameter * 8,
      lineWidth: lineWidth * 8, fill: 1, stroke: 0, opacity: 255, rotation: 0, clip: null };
    drawItem(ctx, /** @type {any} */ (item), [cssColor(color)], false, /** @type {any} */ ({}));
  }
  turning.append(canvas);
  const { steps, perSecond } = SPINNER.turn;
  const turn = turning.animate([{ rotate: "0turn" }, { rotate: "1turn" }],
    { duration: (steps / perSecond) * 1000, iterations: Infinity, easing: `steps(${steps}, end)` });
  if (startTime !== null) turn.startTime = startTime;
  return turning;
}

/** The spinner inside `layer` (an element laid over the page's element, its padding box). */
export class SpinnerLayer {
  /**
   * @param {HTMLElement} layer
   * @param {HTMLElement} element the page's element, whose size and corners the spinner takes
   * @param {any} env the page's window
   */
  constructor(layer, element, env) {
    this.layer = layer;
    this.element = element;
    this.env = env;
    const doc = layer.ownerDocument;
    layer.setAttribute("aria-hidden", "true");
    layer.style.opacity = "0";
    this.backdrop = doc.createElement("div");
    this.backdrop.style.cssText = "position:absolute;inset:0";
    layer.append(this.backdrop);
    /** @type {HTMLElement | null} */
    this.turning = null;
    /** When its turn began: a refit keeps the phase. */
    this.startTime = /** @type {number | null} */ (doc.timeline?.currentTime ?? null);
    /** @type {Animation | null} */
    this.fading = null;
    this.size = "";
    this.fit();
    // Fitted again when the element's size changes (its border box: a padding change too), and
    // when the screen's pixel ratio does (a zoom, another screen), so the indicator stays sharp.
    if (typeof env.ResizeObserver === "function") {
      this.sizer = new env.ResizeObserver(() => this.fit());
      this.sizer.observe(element, { box: "border-box" });
    }
    this.watchRatio();
  }

  /** Fits again at the next change of the screen's pixel ratio. */
  watchRatio() {
    const query = this.env.matchMedia?.(`(resolution: ${this.env.devicePixelRatio || 1}dppx)`);
    if (!query?.addEventListener) return;
    this.ratio = { query, changed: () => { this.fit(); this.watchRatio(); } };
    query.addEventListener("change", this.ratio.changed, { once: true });
  }

  /** Lays the spinner out at the element's size now (and draws the indicator at the screen's pixel ratio). */
  fit() {
    const width = this.element.clientWidth, height = this.element.clientHeight;
    const radius = paddingRadius(this.env.getComputedStyle?.(this.element), this.element.offsetWidth);
    const dpr = this.env.devicePixelRatio || 1;
    const size = `${width}x${height}r${radius}@${dpr}`;
    if (size === this.size) return;
    this.size = size;
    const look = spinnerLook(width, height);
    Object.assign(this.backdrop.style, { background: look.background, opacity: String(look.opacity), borderRadius: `${radius}px` });
    // At whole pixels, the indicator drawn at its fraction inside (the compositor would move a layer
    // at a fractional place to a whole pixel).
    const { x, y } = look.indicator;
    const left = Math.floor(x), top = Math.floor(y);
    const turning = indicatorElement(this.layer.ownerDocument, look.indicator, dpr, [x - left, y - top], this.startTime);
    Object.assign(turning.style, { position: "absolute", left: `${left}px`, top: `${top}px` });
    this.turning?.getAnimations().forEach((a) => a.cancel());
    if (this.turning) this.turning.replaceWith(turning);
    else this.layer.append(turning);
    this.turning = turning;
  }

  /** Fades in from the opacity it has now; taps on the element land on the spinner meanwhile. */
  show() {
    this.layer.style.pointerEvents = "auto";
    return this.fadeTo(1);
  }

  /** Fades out from the opacity it has now; resolves once gone (then `remove()`). */
  hide() {
    this.layer.style.pointerEvents = "none";
    return this.fadeTo(0);
  }

  /** @param {number} opacity @returns {Promise<void>} */
  fadeTo(opacity) {
    const now = Number(this.env.getComputedStyle?.(this.layer).opacity ?? this.layer.style.opacity) || 0;
    this.fading?.cancel();
    this.layer.style.opacity = String(opacity);
    const seconds = SPINNER.fade * Math.abs(opacity - now);
    if (!(seconds > 0)) { this.fading = null; return Promise.resolve(); }
    const fading = this.fading = this.layer.animate([{ opacity: now }, { opacity }],
      { duration: seconds * 1000, easing: SPINNER.fadeEasing });
    return fading.finished.then(() => {}, () => {});
  }

  remove() {
    this.sizer?.disconnect();
    this.ratio?.query.removeEventListener("change", this.ratio.changed);
    this.turning?.getAnimations().forEach((a) => a.cancel());
    this.fading?.cancel();
    this.layer.remove();
  }
}
