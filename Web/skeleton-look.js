// @ts-check
// skeleton-look.js — what a skeleton looks like, resolved from its options: the JS statement of the
// core's SkeletonLook (Sources/VeilCore/Components/Skeleton/SkeletonLook.swift, SkeletonPaint.swift,
// ComplementaryColor.swift). A skeleton over the page's own element needs no core (issue 30): the
// page already laid its content out, so the placeholders' places are read from the DOM, and this
// look is all the core would add. The two statements are held equal by Tests/Vectors/skeleton-looks.json,
// which Swift writes from the core (SkeletonLookVectorTests) and Tests/web/skeleton-look.test.mjs
// checks this file against; skeleton-layer.js draws the look, and a browser test compares its
// pixels with the core's own frame (`veil render`).

import { cssColor } from "./css-paint.js";

export { cssColor };

/** @typedef {"solid" | "gradient" | "pulse" | "sliding"} SkeletonKind */
/** @typedef {"leftRight" | "rightLeft" | "topBottom" | "bottomTop" | "topLeftBottomRight" | "bottomRightTopLeft"} SkeletonDirection */
/** @typedef {"linear" | "easeIn" | "easeOut" | "easeInOut"} CurveName */
/**
 * @typedef {object} SkeletonLookOptions
 * @property {SkeletonKind} [style] default "sliding" in skeletonize(); the core's default is "solid"
 * @property {string} [color] the base colour: "#RGB", "#RRGGBB", "#RRGGBBAA", a semantic colour's name, or any CSS colour
 * @property {string[]} [gradient] 1…16 colours
 * @property {SkeletonDirection} [direction]
 * @property {number} [duration] seconds of one pulse or sweep, 0.05…3600
 * @property {CurveName} [curve]
 * @typedef {{kind: SkeletonKind, colors: number[], direction: SkeletonDirection | null, duration: number,
 *   curve: [number, number, number, number]}} SkeletonLook colours as 0xRRGGBBAA
 */

/** SkeletonAppearance's tint ("clouds") per scheme. */
export const TINT = { light: 0xECF0F1FF, dark: 0x1C2325FF };

/** Core Animation's named curves as cubic Bézier control points (CSS `cubic-bezier()` takes the same). */
export const CURVES = {
  linear: [0, 0, 1, 1], easeIn: [0.42, 0, 1, 1], easeOut: [0, 0, 0.58, 1], easeInOut: [0.42, 0, 0.58, 1],
};

export const KINDS = ["solid", "gradient", "pulse", "sliding"];
export const DIRECTIONS = ["leftRight", "rightLeft", "topBottom", "bottomTop", "topLeftBottomRight", "bottomRightTopLeft"];

/** The core's bounds on a skeleton's keys (Model/Bounds.swift, Limits.maxGradientColors). */
export const DURATION = [0.05, 3600];
export const MAX_GRADIENT = 16;

/**
 * UIKit's semantic colours as the core names them (SemanticColor.swift): light and dark values.
 * Tests/web/skeleton-look.test.mjs checks this table against the core's.
 * @type {Record<string, [number, number]>}
 */
export const SEMANTIC = {
  background: [0xFFFFFFFF, 0x000000FF], secondaryBackground: [0xF2F2F7FF, 0x1C1C1EFF],
  tertiaryBackground: [0xFFFFFFFF, 0x2C2C2EFF], groupedBackground: [0xF2F2F7FF, 0x000000FF],
  secondaryGroupedBackground: [0xFFFFFFFF, 0x1C1C1EFF], tertiaryGroupedBackground: [0xF2F2F7FF, 0x2C2C2EFF],
  card: [0xFFFFFFFF, 0x1C1C1EFF], label: [0x000000FF, 0xFFFFFFFF], secondaryLabel: [0x3C3C4399, 0xEBEBF599],
  tertiaryLabel: [0x3C3C434D, 0xEBEBF54D], quaternaryLabel: [0x3C3C432E, 0xEBEBF529],
  placeholderText: [0x3C3C434D, 0xEBEBF54D], separator: [0x3C3C434A, 0x54545899],
  opaqueSeparator: [0xC6C6C8FF, 0x38383AFF], fill: [0x78788033, 0x7878805C], secondaryFill: [0x78788029, 0x78788052],
  tertiaryFill: [0x7676801F, 0x7676803D], quaternaryFill: [0x74748014, 0x7676802E], link: [0x007AFFFF, 0x0984FFFF],
  tint: [0x007AFFFF, 0x0A84FFFF], systemBlue: [0x007AFFFF, 0x0A84FFFF], systemRed: [0xFF3B30FF, 0xFF453AFF],
  systemOrange: [0xFF9500FF, 0xFF9F0AFF], systemYellow: [0xFFCC00FF, 0xFFD60AFF], systemGreen: [0x34C759FF, 0x30D158FF],
  systemGray: [0x8E8E93FF, 0x8E8E93FF], accessibleGray: [0x6C6C70FF, 0xAEAEB2FF], accessibleBlue: [0x0070EBFF, 0x0973DEFF],
};

/**
 * The skeleton's look for `options` in `scheme`; under reduced motion sliding shows as a still
 * gradient and pulse as solid (SkeletonReducedMotion.swift). Throws for a key the core would refuse.
 * @param {SkeletonLookOptions} options
 * @param {{scheme: "light" | "dark", reducedMotion?: boolean, parse?: (text: string) => number | null}} where
 *   `parse`: how a colour that is neither hex nor semantic is read (the page's CSS, skeleton-layer.js)
 * @returns {SkeletonLook}
 */
export function skeletonLook(options, { scheme, reducedMotion = false, parse }) {
  const { style = "solid", color, gradient, direction, duration, curve } = options;
  if (!KINDS.includes(style)) throw new Error(`skeleton: style must be one of ${KINDS.join(", ")} (got ${JSON.stringify(style)})`);
  if (direction !== undefined && !DIRECTIONS.includes(direction)) {
    throw new Error(`skeleton: direction must be one of ${DIRECTIONS.join(", ")} (got ${JSON.stringify(direction)})`);
  }
  if (curve !== undefined && !(curve in CURVES)) throw new Error(`skeleton: curve must be one of ${Object.keys(CURVES).join(", ")}`);
  if (duration !== undefined && !(typeof duration === "number" && duration >= DURATION[0] && duration <= DURATION[1])) {
    throw new Error(`skeleton: duration must be a number of seconds in ${DURATION[0]}...${DURATION[1]} (got ${duration})`);
  }
  if (gradient !== undefined && (!Array.isArray(gradient) || gradient.length < 1 || gradient.length > MAX_GRADIENT)) {
    throw new Error(`skeleton: a gradient has 1...${MAX_GRADIENT} colours`);
  }
  const read = (/** @type {string} */ text) => {
    const c = colorValue(text, scheme) ?? parse?.(text) ?? null;
    if (c === null) throw new Error(`skeleton: ${JSON.stringify(text)} is not a colour`);
    return c;
  };
  /** @type {Record<string, SkeletonKind>} */
  const still = { sliding: "gradient", pulse: "solid" };
  const kind = reducedMotion ? still[style] ?? style : style;
  const base = color !== undefined ? read(color) : TINT[scheme];
  /** @type {number[]} */
  let colors;
  if (kind === "solid") colors = [base];
  else if (kind === "pulse") colors = [base, complementary(base)];
  else colors = gradient ? gradient.map(read) : [base, complementary(base), base];
  // Defaults follow the style asked for, as the core's (reduced motion changes only how it draws).
  const animated = /** @type {SkeletonKind} */ (style);
  return {
    kind, colors, direction: direction ?? null,
    duration: duration ?? (animated === "sliding" ? 1.5 : 1),
    curve: /** @type {[number, number, number, number]} */ (CURVES[curve ?? (animated === "sliding" ? "easeIn" : "easeInOut")]),
  };
}

/**
 * A hex or semantic colour as 0xRRGGBBAA in `scheme` (ColorParsing.swift); null for anything else.
 * @param {string} text @param {"light" | "dark"} scheme
 */
export function colorValue(text, scheme) {
  if (typeof text !== "string") return null;
  if (!text.startsWith("#")) return Object.hasOwn(SEMANTIC, text) ? SEMANTIC[text][scheme === "dark" ? 1 : 0] : null;
  const hex = text.slice(1);
  if (!/^[0-9a-fA-F]+$/.test(hex)) return null;
  if (hex.length === 3) return (parseInt([...hex].map((d) => d + d).join(""), 16) * 256 + 255) >>> 0;
  if (hex.length === 6) return (parseInt(hex, 16) * 256 + 255) >>> 0;
  if (hex.length === 8) return parseInt(hex, 16) >>> 0;
  return null;
}

/**
 * SkeletonView's complementary colour: a light colour darkened to 94 % of its HSB brightness, a
 * dark one lightened to 135 % (capped at 1); alpha kept.
 * @param {number} rgba
 */
export function complementary(rgba) {
  const [r, g, b] = channels(rgba).map((c) => c / 255);
  const perceived = (r * 299 + g * 587 + b * 114) / 1000;
  const brightness = Math.max(r, g, b);
  if (brightness <= 0) return rgba;
  const k = Math.min(1, brightness * (perceived >= 0.5 ? 0.94 : 1.35)) / brightness;
  const channel = (/** @type {number} */ v) => Math.min(255, Math.max(0, Math.round(v * k * 255)));
  return ((channel(r) << 24 | channel(g) << 16 | channel(b) << 8 | (rgba & 255)) >>> 0);
}

/** @param {number} rgba → [r, g, b, a] 0…255 */
export function channels(rgba) { return [rgba >>> 24, (rgba >>> 16) & 255, (rgba >>> 8) & 255, rgba & 255]; }


/**
 * Where the sliding light is (SkeletonPaint.slide): its gradient runs from `start` to `start + (1, 0)`,
 * `(0, 1)` or `(1, 1)` in the skeleton's unit space, and `start` moves from `from` to `to` over a sweep.
 * @param {SkeletonDirection} direction
 * @returns {{from: [number, number], to: [number, number], along: [number, number]}}
 */
export function slide(direction) {
  const table = {
    leftRight: [[-1, 0.5], [1, 0.5], [1, 0]], rightLeft: [[1, 0.5], [-1, 0.5], [1, 0]],
    topBottom: [[0.5, -1], [0.5, 1], [0, 1]], bottomTop: [[0.5, 1], [0.5, -1], [0, 1]],
    topLeftBottomRight: [[-1, -1], [1, 1], [1, 1]], bottomRightTopLeft: [[1, 1], [-1, -1], [1, 1]],
  };
  const [from, to, along] = /** @type {[number, number][]} */ (table[direction]);
  return { from, to, along };
}

/**
 * A still gradient's axis in one placeholder's unit space (SkeletonPaint.axis).
 * @param {SkeletonDirection} direction
 * @returns {[[number, number], [number, number]]}
 */
export function axis(direction) {
  const table = {
    leftRight: [[0, 0.5], [1, 0.5]], rightLeft: [[1, 0.5], [0, 0.5]], topBottom: [[0.5, 0], [0.5, 1]],
    bottomTop: [[0.5, 1], [0.5, 0]], topLeftBottomRight: [[0, 0], [1, 1]], bottomRightTopLeft: [[1, 1], [0, 0]],
  };
  return /** @type {[[number, number], [number, number]]} */ (table[direction]);
}
