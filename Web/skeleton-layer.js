// @ts-check
// skeleton-layer.js — a skeleton drawn by the page's compositor: the placeholders of a skeleton look
// (skeleton-look.js) over boxes read from the page's own layout, as a few elements and Web
// Animations, so a shimmer costs no script, no wasm and no canvas per frame, and keeps moving
// while the page's main thread is busy (the compositor runs transform and opacity animations).
//
// How the core's paint maps onto CSS (SkeletonPaint.swift; docs/EMBED.md, "How a skeleton is drawn"):
// - solid, pulse and sliding share ONE paint over the whole skeleton, drawn in each placeholder (an
//   element with its rounded corners, clipping what is in it: the compositor then moves only the
//   placeholders' pixels, as a CSS skeleton's). Solid is its background; pulse is the base colour
//   under the complementary one whose opacity runs 0 → 1 and back (mixing two opaque colours
//   channel by channel is exactly an opacity blend); sliding is, in each placeholder, the
//   skeleton's one linear gradient (its stops where they fall on that element) moving by the
//   `transform` that runs the core's start point from `from` to `to`, all on one clock.
// - a still gradient shades each placeholder alike: an element per placeholder with its own
//   `linear-gradient`, its angle making the axis run corner to corner in pixels, as a canvas does.
// - the cross-dissolve is the layer's opacity, eased as the core's Fade.

import { axis, cssColor, slide } from "./skeleton-look.js";
import { linearGradientCss } from "./css-paint.js";

/**
 * @typedef {{x: number, y: number, width: number, height: number, radius: number}} Box
 * @typedef {import("./skeleton-look.js").SkeletonLook} SkeletonLook
 */

/** Core Animation's ease-in-out, the core's Fade (a skeleton's cross-dissolve). */
const FADE_EASING = "cubic-bezier(0.42, 0, 0.58, 1)";

/** The layer over one element: `show` fades it in, `hide` out; animations share one clock. */
export class SkeletonLayer {
  /**
   * @param {HTMLElement} element the layer's parent (positioned), whose padding box the boxes are in
   * @param {{width: number, height: number, boxes: Box[]}} layout
   * @param {SkeletonLook} look
   * @param {{background: string, startTime?: number | null}} options `background` covers the content
   *   (a CSS colour); `startTime`: the document time of the animation's phase 0, kept across redraws
   */
  constructor(element, layout, look, { background, startTime = null }) {
    const doc = element.ownerDocument;
    this.root = doc.createElement("div");
    this.root.className = "veil-skeleton";
    this.root.setAttribute("aria-hidden", "true");
    this.root.style.cssText = "position:absolute;left:0;top:0;pointer-events:none;z-index:1;overflow:hidden;"
      + `contain:strict;width:${layout.width}px;height:${layout.height}px;background:${background};`;
    /** @type {Animation[]} the look's own animations (pulse, sliding) */
    this.motions = [];
    /** @type {Animation | null} */
    this.fade = null;
    draw(this.root, layout, look, this.motions);
    element.append(this.root);
    // Phase 0 at the first show; a redraw (a resize) continues the same sweep.
    this.startTime = startTime ?? doc.timeline?.currentTime ?? null;
    for (const m of this.motions) if (this.startTime !== null) m.startTime = this.startTime;
  }

  /**
   * Dissolves the layer in (from its opacity now) over `seconds`.
   * @param {number} seconds
   */
  fadeIn(seconds) { return this.fadeTo(1, seconds); }

  /** @param {number} seconds @returns {Promise<void>} */
  fadeOut(seconds) { return this.fadeTo(0, seconds); }

  /**
   * @param {number} opacity @param {number} seconds
   * @returns {Promise<void>}
   */
  fadeTo(opacity, seconds) {
    const from = this.root.ownerDocument.defaultView?.getComputedStyle(this.root).opacity ?? this.root.style.opacity;
    this.fade?.cancel();
    this.root.style.opacity = String(opacity);
    if (!(seconds > 0) || Number(from) === opacity) { this.fade = null; return Promise.resolve(); }
    const fade = this.fade = this.root.animate([{ opacity: from }, { opacity }], { duration: seconds * 1000, easing: FADE_EASING });
    return fade.finished.then(() => {}, () => {});
  }

  /**
   * Holds the look still (a status over the skeleton), or lets it go on in the phase it would have
   * had, as the core's skeleton does (`PaintMotion.pausedAt`).
   * @param {boolean} paused
   */
  setPaused(paused) {
    for (const m of this.motions) {
      if (paused) { m.pause(); continue; }
      m.play();
      if (this.startTime !== null) m.startTime = this.startTime;
    }
  }

  remove() {
    for (const m of this.motions) m.cancel();
    this.fade?.cancel();
    this.root.remove();
  }
}

/**
 * Fills `root` with the placeholders of `look`; the animations it starts go into `motions`.
 * @param {HTMLElement} root @param {{width: number, height: number, boxes: Box[]}} layout
 * @param {SkeletonLook} look @param {Animation[]} motions
 */
function draw(root, layout, look, motions) {
  const doc = root.ownerDocument;
  const { width: W, height: H } = layout;
  const div = (/** @type {string} */ css) => {
    const d = doc.createElement("div");
    d.style.cssText = `position:absolute;${css}`;
    return d;
  };
  const [first, second] = look.colors;
  if (look.kind === "gradient") {
    const [a, b] = axis(look.direction ?? "topBottom");
    for (const box of layout.boxes) {
      const angle = angleOf((b[0] - a[0]) * box.width, (b[1] - a[1]) * box.height);
      root.append(div(`left:${box.x}px;top:${box.y}px;width:${box.width}px;height:${box.height}px;`
        + `border-radius:${radiusOf(box)}px;background:${gradientCss(angle, look.colors)}`));
    }
    return;
  }
  const timing = { duration: look.duration * 1000, iterations: Infinity, easing: `cubic-bezier(${look.curve.join(",")})` };
  // The light's gradient at phase 0, in the skeleton's pixels, and how far a sweep moves it.
  const { from, to, along } = slide(look.direction ?? "leftRight");
  const g0 = [from[0] * W, from[1] * H], g1 = [g0[0] + along[0] * W, g0[1] + along[1] * H];
  const dx = (to[0] - from[0]) * W, dy = (to[1] - from[1]) * H;
  for (const box of layout.boxes) {
    const place = div(`left:${box.x}px;top:${box.y}px;width:${box.width}px;height:${box.height}px;`
      + `border-radius:${radiusOf(box)}px;overflow:hidden;background:${cssColor(first)}`);
    root.append(place);
    if (look.kind === "pulse") {
      const light = div(`inset:0;background:${cssColor(second)};opacity:0`);
      place.append(light);
      motions.push(light.animate([{ opacity: 0 }, { opacity: 1 }], { ...timing, direction: "alternate" }));
    } else if (look.kind === "sliding") {
      // The light covers the placeholder all the way along its sweep.
      const x = -Math.max(dx, 0), y = -Math.max(dy, 0), w = box.width + Math.abs(dx), h = box.height + Math.abs(dy);
      const light = div(`left:${x}px;top:${y}px;width:${w}px;height:${h}px;will-change:transform;`
        + `background:${linearGradientCss({ x: box.x + x, y: box.y + y, width: w, height: h }, g0, g1,
          look.colors.map((color, k, all) => ({ at: all.length > 1 ? k / (all.length - 1) : 0, color })))}`);
      place.style.background = "none";
      place.append(light);
      motions.push(light.animate([{ transform: "translate(0px,0px)" }, { transform: `translate(${dx}px,${dy}px)` }], timing));
    }
  }
}

/**
 * The CSS angle of a gradient running along (dx, dy) in pixels: CSS measures from "to top",
 * clockwise, and sizes the gradient line so that the element's corners meet its ends — for an
 * element spanning (dx, dy) from corner to corner that is exactly the vector's length.
 * @param {number} dx @param {number} dy
 */
function angleOf(dx, dy) { return (Math.atan2(dx, -dy) * 180) / Math.PI; }

/**
 * A still gradient over one placeholder along its axis (`angleOf` the axis in pixels: the axis runs
 * between opposite corners or edge midpoints, so the CSS gradient line is exactly the axis).
 * @param {number} angle @param {number[]} colors
 */
function gradientCss(angle, colors) {
  const stops = colors.length > 1 ? colors.map((c, i) => `${cssColor(c)} ${(i / (colors.length - 1)) * 100}%`)
    : [cssColor(colors[0]), cssColor(colors[0])];
  return `linear-gradient(${angle}deg,${stops.join(",")})`;
}

/** @param {Box} box */
function radiusOf(box) { return Math.max(0, Math.min(box.radius, box.width / 2, box.height / 2)); }
