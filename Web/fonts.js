// @ts-check
// fonts.js — the faces text is drawn in: Web/fonts/'s Inter, the only one the core measures with,
// added to a window's or a worker's fonts unloaded and loaded per weight a frame draws.

import { ItemKind } from "./wire-format.js";

/**
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {import("./wire-format.js").Item} Item
 */

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

/**
 * The fonts a renderer's text asked for, each once: fonts declared with @font-face load lazily and
 * canvas text does not trigger it reliably. `onLoaded` follows a load that brought a face.
 */
export class FontRequests {
  /** @param {() => void} onLoaded */
  constructor(onLoaded) {
    this.onLoaded = onLoaded;
    /** @type {Set<string>} */
    this.requested = new Set();
  }

  /** @param {string} font */
  ensure(font) {
    if (this.requested.has(font)) return;
    this.requested.add(font);
    const fonts = /** @type {any} */ (globalThis).document?.fonts ?? /** @type {any} */ (globalThis).fonts;
    if (!fonts || fonts.check(font)) return;
    fonts.load(font).then(
      (/** @type {FontFace[]} */ faces) => { if (faces.length > 0) this.onLoaded(); },
      () => {},
    );
  }
}
