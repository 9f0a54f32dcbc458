// @ts-check
// skeleton-layer.js — a skeleton drawn by the page's compositor: the placeholders of a skeleton look
// (skeleton-look.js) over boxes read from the page's own layout, as a few elements and Web
// Animations, so a shimmer costs no script, no wasm and no canvas per frame, and keeps moving
// while the page's main thread is busy (the compositor runs transform and opacity animations).
//
// How the core's paint maps onto CSS (SkeletonPaint.swift; docs/EMBED.md, "How a skeleton is drawn"):
// - solid, pulse and sliding share ONE paint over the whole skeleton: a "fill" element as large as
//   the skeleton, clipped to the placeholders (`clip-path: path()`, one rounded rectangle each).
//   Solid is its background; pulse is the base colour under the complementary one whose opacity
//   runs 0 → 1 and back (mixing two opaque colours channel by channel is exactly an opacity
//   blend); sliding is one linear gradient three sweeps long (first colour, the gradient, last
//   colour) whose `transform` runs the core's start point from `from` to `to`.
// - a still gradient shades each placeholder alike: an element per placeholder with its own
//   `linear-gradient`, its angle making the axis run corner to corner in pixels, as a canvas does.
// - the cross-dissolve is the layer's opacity, eased as the core's Fade.

import { axis, cssColor, slide } from "./skeleton-look.js";

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
  // No placeholder: nothing to fill (an empty path would not clip at all).
  if (layout.boxes.length === 0) return;
  const fill = div(`left:0;top:0;width:${W}px;height:${H}px;overflow:hidden;clip-path:path("${pathOf(layout.boxes)}");`
    + `background:${cssColor(first)}`);
  root.append(fill);
  const timing = { duration: look.duration * 1000, iterations: Infinity, easing: `cubic-bezier(${look.curve.join(",")})` };
  if (look.kind === "pulse") {
    const light = div(`inset:0;background:${cssColor(second)};opacity:0`);
    fill.append(light);
    motions.push(light.animate([{ opacity: 0 }, { opacity: 1 }], { ...timing, direction: "alternate" }));
  } else if (look.kind === "sliding") {
    // Three sweeps long along the light's way (first colour, the gradient, last colour), placed so
    // that its middle third is the gradient from the start point; the skeleton stays inside it.
    const { from, to, along } = slide(look.direction ?? "leftRight");
    const w = along[0] ? 3 * W : W, h = along[1] ? 3 * H : H;
    const x = along[0] ? from[0] * W - W : 0, y = along[1] ? from[1] * H - H : 0;
    const angle = angleOf(along[0] * W, along[1] * H);
    const stops = look.colors.map((c, i, all) => `${cssColor(c)} ${(100 + (all.length > 1 ? i / (all.length - 1) : 0) * 100) / 3}%`);
    if (look.colors.length === 1) stops.push(`${cssColor(first)} ${200 / 3}%`);
    const light = div(`left:${x}px;top:${y}px;width:${w}px;height:${h}px;will-change:transform;`
      + `background:linear-gradient(${angle}deg,${stops.join(",")})`);
    fill.style.background = "none";
    fill.append(light);
    const dx = (to[0] - from[0]) * W, dy = (to[1] - from[1]) * H;
    motions.push(light.animate([{ transform: "translate(0px,0px)" }, { transform: `translate(${dx}px,${dy}px)` }], timing));
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

/**
 * One path of every placeholder's rounded rectangle (what the fill is clipped to).
 * @param {Box[]} boxes
 */
export function pathOf(boxes) {
  let d = "";
  for (const b of boxes) {
    const r = radiusOf(b), { x, y, width: w, height: h } = b;
    if (r <= 0) { d += `M${x} ${y}h${w}v${h}h${-w}Z`; continue; }
    d += `M${x + r} ${y}h${w - 2 * r}a${r} ${r} 0 0 1 ${r} ${r}v${h - 2 * r}a${r} ${r} 0 0 1 ${-r} ${r}`
      + `h${-(w - 2 * r)}a${r} ${r} 0 0 1 ${-r} ${-r}v${-(h - 2 * r)}a${r} ${r} 0 0 1 ${r} ${-r}Z`;
  }
  return d;
}
