// @ts-check
// Where content the host provides goes (docs/ARCHITECTURE.md, "Content the host provides"): a host
// node is drawn as one item of kind 6 in its layer's space, and the layers above it carry offset,
// group opacity and clip as for any item. hostBoxes composes them into canvas points, so a page can
// place its own element over the canvas each frame (a CSS transform, opacity and clip-path). Pure:
// a decoded frame in (Web/wire.js's shape), plain objects out.

/**
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {import("./wire-format.js").Item} Item
 * @typedef {{x: number, y: number, width: number, height: number, cornerRadius: number}} PointRect
 * @typedef {{id: number, x: number, y: number}} Carrier a layer and its origin in canvas points
 * @typedef {{id: number, x: number, y: number, width: number, height: number, opacity: number,
 *   clip: PointRect | null, clipped: boolean, carrier: Carrier | null}} HostBox one host item in canvas
 *   points: its box; its opacity (0…1, every layer's group opacity and its own multiplied); the clip
 *   the layers and the item put on it, intersected (null: none; cornerRadius is the innermost
 *   clip's); `clipped` when nothing of the box is inside the clip (or the opacity is 0): the element
 *   should not show; `carrier`, the outermost layer holding it that will move (a sheet's card): a
 *   page that draws layers as elements (dom-layers.js) puts its element in that layer's, so the
 *   compositor moves them together
 */

const UNIT = 8; // the wire's 1/8 pt
const HOST = 6;
const LAYER = 5;

/**
 * Every host item of a frame, in painter's order, in canvas points.
 * @param {Frame} frame
 * @returns {HostBox[]}
 */
export function hostBoxes(frame) {
  /** @type {HostBox[]} */
  const out = [];
  walk(frame.items, 0, 0, 1, null, null, out);
  return out;
}

/**
 * @param {Item[]} entries @param {number} ox @param {number} oy the list's origin in canvas units
 * @param {number} opacity the list's opacity @param {PointRect | null} clip canvas units
 * @param {Carrier | null} carrier canvas units @param {HostBox[]} out
 */
function walk(entries, ox, oy, opacity, clip, carrier, out) {
  for (const e of entries) {
    // An entry's clip is in its parent's space, as its x and y are.
    const own = e.clip ? cut(clip, { x: e.clip.x + ox, y: e.clip.y + oy, width: e.clip.width, height: e.clip.height,
      cornerRadius: e.clip.cornerRadius }) : clip;
    const alpha = opacity * (e.opacity ?? 255) / 255;
    if (e.kind === LAYER) {
      const moves = !carrier && e.willChange ? { id: e.id, x: ox + e.x, y: oy + e.y } : carrier;
      walk(e.children ?? [], ox + e.x, oy + e.y, alpha, own, moves, out);
    } else if (e.kind === HOST) {
      const box = { x: e.x + ox, y: e.y + oy, width: e.width, height: e.height, cornerRadius: 0 };
      const seen = own ? cut(own, box) : box;
      out.push({ id: e.id, x: box.x / UNIT, y: box.y / UNIT, width: box.width / UNIT, height: box.height / UNIT,
        opacity: alpha, clip: own && points(own), clipped: alpha === 0 || seen.width <= 0 || seen.height <= 0,
        carrier: carrier && { id: carrier.id, x: carrier.x / UNIT, y: carrier.y / UNIT } });
    }
  }
}

/**
 * The intersection of two rectangles (a missing one cuts nothing); the corner radius of `b`, the inner one.
 * @param {PointRect | null} a @param {PointRect} b
 * @returns {PointRect}
 */
function cut(a, b) {
  if (!a) return b;
  const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.width, b.x + b.width), y1 = Math.min(a.y + a.height, b.y + b.height);
  return { x, y, width: Math.max(0, x1 - x), height: Math.max(0, y1 - y), cornerRadius: b.cornerRadius };
}

/** @param {PointRect} r @returns {PointRect} */
function points(r) {
  return { x: r.x / UNIT, y: r.y / UNIT, width: r.width / UNIT, height: r.height / UNIT, cornerRadius: r.cornerRadius / UNIT };
}
