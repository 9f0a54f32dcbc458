// @ts-check
// paint-style.js — a frame's paints as canvas styles, kept per paint slot while its paint is
// unchanged: a shimmer that changes one paint restyles one slot, shared by all that use it.

import { pt } from "./wire-format.js";
import { cssColor } from "./css-paint.js";

export { cssColor };

/** A gradient stop's offset, 0…1, on the wire. */
const STOP_UNIT = 65535;

/**
 * @typedef {import("./wire-format.js").Paint} Paint
 * @typedef {string | CanvasGradient} Style
 */

/**
 * A string that is equal for two paints exactly when they draw the same.
 * @param {Paint} paint
 */
export function paintKey(paint) {
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
 * @param {CanvasRenderingContext2D} ctx
 * @param {Paint} paint
 * @returns {Style}
 */
function makeStyle(ctx, paint) {
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

/** A renderer's styles per paint slot, and `keys`: the paint key of each slot of the frame being drawn. */
export class PaintStyles {
  constructor() {
    /** @type {{key: string, style: Style}[]} per paint slot */
    this.cache = [];
    /** @type {string[]} */
    this.keys = [];
  }

  /**
   * Canvas styles for the frame's paint table, reusing cached gradients; notes each slot's key.
   * @param {CanvasRenderingContext2D} ctx
   * @param {Paint[]} paints
   * @returns {Style[]}
   */
  stylesFor(ctx, paints) {
    const cache = this.cache;
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
        entry = { key, style: makeStyle(ctx, paints[slot]) };
        cache[slot] = entry;
      }
      styles[slot] = entry.style;
    }
    if (!same) this.keys = keys; // unchanged paints keep the same array: layers compare it at once
    return styles;
  }
}
