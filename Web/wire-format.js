// @ts-check
// wire-format.js — the veil.v2 vocabulary both ends share (docs/PROTOCOL.md): the frame shape, item
// kinds, units, the decoder's limits and the item field table. The decoder (wire-decode.js), the
// patch (wire-patch.js) and the hash (frame-hash.js) derive from it; wire.js is the wire's public face.
//
// Frames use the JS frame shape: {width, height, background, paints, items[, motions]}, raw wire integers
// (1/8 pt, colours as unsigned 0xRRGGBBAA); an item of kind 5 is a layer with `children`. Frames are
// never mutated: applying a patch builds a new frame object that shares unchanged items and
// subtrees with the old one.

/**
 * The frame shape, declared here once (the other modules import these typedefs).
 * @typedef {{x: number, y: number, width: number, height: number, cornerRadius: number}} Clip
 * @typedef {{offset: number, color: number}} Stop
 * @typedef {{kind: "solid", color: number}} SolidPaint
 * @typedef {{kind: "linear", x0: number, y0: number, x1: number, y1: number, stops: Stop[]}} LinearPaint
 * @typedef {{kind: "radial", cx: number, cy: number, radius: number, stops: Stop[]}} RadialPaint
 * @typedef {SolidPaint | LinearPaint | RadialPaint} Paint
 * @typedef {{id: number, kind: number, x: number, y: number, width: number, height: number, cornerRadius: number,
 *   fill: number, stroke: number, lineWidth: number, opacity: number, rotation: number, clip: Clip | null,
 *   text: string, fontSize: number, fontWeight: number, baseline: number, arcStart: number, arcSweep: number, willChange: number,
 *   children?: Item[]}} Item an item, or a layer (kind 5) with `children`
 * @typedef {{width: number, height: number, background: number, paints: Paint[], items: Item[],
 *   motions?: Motion[], itemMotions?: ItemMotion[], motionBytes?: Uint8Array}} Frame `motions`: paints
 *   that move with time alone, `itemMotions` item fields that do (motions.js), with the bytes of their
 *   record (the frame hash's term)
 * @typedef {import("./motions.js").Motion} Motion
 * @typedef {import("./motions.js").ItemMotion} ItemMotion
 * @typedef {{motions: Motion[], items: ItemMotion[], bytes: Uint8Array}} DeclaredMotions a motions record (extension 3)
 * @typedef {{start: number, end: number}} RowRange rows `start` up to, not including, `end`
 * @typedef {{name: string, node: string, range?: RowRange}} HostEvent a host event of the session: a button's
 *   action ("retry"), "refresh"…; a `rows` event (a list that fetches its rows) has the `range` it asks for
 */

export const MAGIC = 0x56;
export const VERSION = 2;
export const SUBPROTOCOL = "veil.v2";
export const LAYER = 5;
/** Wire coordinates are in 1/8 pt: `pt` gives points. */
export const UNIT = 8;
export const pt = (/** @type {number} */ v) => v / UNIT;
/** The wire's item kinds (docs/PROTOCOL.md). */
export const ItemKind = Object.freeze({ rect: 0, text: 1, image: 2, arc: 3, activityIndicator: 4, layer: 5, host: 6 });

export const LIMITS = Object.freeze({
  maxMessageBytes: 16 << 20,
  maxItems: 100000,
  maxLayerDepth: 128,
  maxId: 2 ** 31 - 1,
  maxExtensions: 16,
  maxPaints: 4096,
  maxStops: 64,
  maxTextBytes: 16384,
  maxEvents: 256,
  maxEventFieldBytes: 16384,
});

/**
 * An item field a mask bit names (docs/PROTOCOL.md, "Item fields").
 * @typedef {"x" | "y" | "width" | "height" | "fill" | "opacity" | "rotation" | "cornerRadius" | "stroke" | "lineWidth"
 *   | "clip" | "arcStart" | "arcSweep" | "text" | "kind" | "fontSize" | "fontWeight" | "baseline" | "willChange"} Field
 * @typedef {"svarint" | "varint" | "varint16" | "u8" | "kind" | "utf8" | "clip"} Encoding
 * @typedef {{bit: number, mask: number, name: Field, words: string, encoding: Encoding,
 *   default: number | string | null}} FieldEntry
 */

/**
 * The item field table: every field of the mask, in bit order, with its name (the Item property),
 * its words (for messages), its encoding and its default (the default item's value). Reading
 * (wire-decode.js' readFields), the hash (frame-hash.js' Hasher.item) and defaultItem derive from it, so a new field is one line
 * here, as it is one line of Sources/VeilCore/Patch/ItemFields.swift's table (Tests/web/wire.test.mjs
 * checks both against Tests/Vectors/fields.json and docs/PROTOCOL.md).
 * @type {readonly FieldEntry[]}
 */
export const FIELDS = Object.freeze(/** @type {[Field, string, Encoding, number | string | null][]} */ ([
  // name           words            encoding    default
  ["x",             "x",             "svarint",  0],
  ["y",             "y",             "svarint",  0],
  ["width",         "width",         "svarint",  0],
  ["height",        "height",        "svarint",  0],
  ["fill",          "fill",          "varint",   0],
  ["opacity",       "opacity",       "u8",       255],
  ["rotation",      "rotation",      "svarint",  0],
  ["cornerRadius",  "corner radius", "svarint",  0],
  ["stroke",        "stroke",        "varint",   0],
  ["lineWidth",     "line width",    "svarint",  0],
  ["clip",          "clip",          "clip",     null],
  ["arcStart",      "arc start",     "svarint",  0],
  ["arcSweep",      "arc sweep",     "svarint",  0],
  ["text",          "text",          "utf8",     ""],
  ["kind",          "kind",          "kind",     0],
  ["fontSize",      "font size",     "svarint",  0],
  ["fontWeight",    "font weight",   "varint16", 400],
  ["baseline",      "baseline",      "svarint",  0],
  ["willChange",    "will change",   "u8",       0],
]).map(([name, words, encoding, value], bit) => Object.freeze({ bit, mask: 2 ** bit, name, words, encoding, default: value })));
/** Every bit of the mask. */
export const ALL_FIELDS = 2 ** FIELDS.length - 1;
// The table as flat arrays by bit, for the loops that read and hash fields: names, defaults and
// encodings as small integers (ENCODING's), so the loops switch on them.
/** @type {Readonly<Record<Encoding, number>>} */
export const ENCODING = Object.freeze({ svarint: 0, varint: 1, varint16: 2, u8: 3, kind: 4, utf8: 5, clip: 6 });
export const FIELD_NAMES = FIELDS.map((f) => f.name);
export const FIELD_DEFAULTS = FIELDS.map((f) => f.default);
export const FIELD_CODES = Int32Array.from(FIELDS, (f) => ENCODING[f.encoding] ?? -1);
if (FIELD_CODES.includes(-1)) throw new Error("FIELDS: an encoding the decoder and the hash do not know");
/** The kind field's bit. */
export const KIND_FIELD = FIELDS[FIELD_NAMES.indexOf("kind")].mask;

/**
 * A rect item with every field at its default: the base of every item on the wire.
 * @param {number} id
 * @returns {Item}
 */
export function defaultItem(id) {
  const item = { ...DEFAULT_ITEM };
  item.id = id;
  return item;
}
/** The id, then every field at its default (FIELDS); cloned by defaultItem (a spread of one object is V8's fast path). */
const DEFAULT_ITEM = /** @type {Item} */ (Object.fromEntries([["id", 0], ...FIELDS.map((f) => [f.name, f.default])]));
