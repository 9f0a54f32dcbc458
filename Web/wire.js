// @ts-check
// veil.v2 wire format: decoder, frame hash and mirror (docs/PROTOCOL.md). ES module, no build step.
// Mirrors Sources/VeilCore/Patch/* step for step: same bounds, same apply algorithm, same hash.
//
//   decodeMessage(bytes) → {type: "keyframe"|"delta", seq, base, hash, events: [{name, node, range?}],
//                           extensions: [{tag, payload}], frame | patch}
//   new Mirror().apply(bytes) → {ok: true, frame, events} | {ok: false, reason, events}
//   frameHash(frame) → the 32-bit sum of FNV-1a terms a message carries (docs/PROTOCOL.md, "Frame hash")
//
// Frames use the JS frame shape: {width, height, background, paints, items[, motions]}, raw wire integers
// (1/8 pt, colours as unsigned 0xRRGGBBAA); an item of kind 5 is a layer with `children`. Frames are
// never mutated: applying a patch builds a new frame object that shares unchanged items and
// subtrees with the old one.

import { MOTIONS_TAG, MotionError, readMotions } from "./motions.js";

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

/**
 * Decoded messages (decodeMessage) and their patches.
 * @typedef {{tag: number, payload: Uint8Array}} Extension an optional extension record (even tag), kept unread
 * @typedef {{seq: number, hash: number, events: HostEvent[], extensions: Extension[]}} MessageHead
 * @typedef {MessageHead & {type: "keyframe", base: null, frame: Frame}} Keyframe
 * @typedef {MessageHead & {type: "delta", base: number, patch: Patch}} Delta
 * @typedef {Keyframe | Delta} Message
 * @typedef {{kind: "linear" | "radial", x0?: number, y0?: number, x1?: number, y1?: number, cx?: number, cy?: number,
 *   radius?: number, stops?: Stop[]}} PaintAdjustment a gradient's changed fields
 * @typedef {{slot: number, paint: Paint, adjust?: undefined} | {slot: number, paint?: undefined, adjust: PaintAdjustment}} PaintEdit
 * @typedef {{index: number, from: number, item?: undefined} | {index: number, from?: undefined, item: Item}} Placement
 *   a move (from the old index) or an insert
 * @typedef {{layer: number, removes: number[], placements: Placement[]}} LayerEdit
 * @typedef {{id: number, mask: number, fields: Partial<Item>}} Update
 * @typedef {{width: number | null, height: number | null, background: number | null, paintCount: number | null,
 *   paintEdits: PaintEdit[], structure: LayerEdit[], updates: Update[],
 *   motions?: DeclaredMotions | null}} Patch `motions`: the frame's new motions, when they change
 * @typedef {{ok: true, frame: Frame, events: HostEvent[], reason?: undefined}
 *   | {ok: false, reason: string, events: HostEvent[], frame?: undefined}} MirrorResult
 */

export const MAGIC = 0x56;
export const VERSION = 2;
export const SUBPROTOCOL = "veil.v2";
const KEYFRAME = 1;
const DELTA = 2;
// The type/flags byte: bits 0-1 the type; bit 2 an events section follows the hash; bit 3 a base
// distance follows the seq (else the base is seq - 1); bit 4 an extensions section follows the
// events; bits 5-7 must be 0.
const TYPE_MASK = 3;
const HAS_EVENTS = 4;
const HAS_BASE_DISTANCE = 8;
const HAS_EXTENSIONS = 16;
const KNOWN_BITS = TYPE_MASK | HAS_EVENTS | HAS_BASE_DISTANCE | HAS_EXTENSIONS;
export const LAYER = 5;
/** Wire coordinates are in 1/8 pt: `pt` gives points. */
export const UNIT = 8;
export const pt = (/** @type {number} */ v) => v / UNIT;
/** The wire's item kinds (docs/PROTOCOL.md). */
export const ItemKind = Object.freeze({ rect: 0, text: 1, image: 2, arc: 3, activityIndicator: 4, layer: 5, host: 6 });
// The extension record that carries events' row ranges, and the most rows a list has.
const EVENT_RANGES = 2;
const MAX_LIST_ROWS = 1000000;

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
 * (readFields), the hash (Hasher.item) and defaultItem derive from it, so a new field is one line
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
const ALL_FIELDS = 2 ** FIELDS.length - 1;
// The table as flat arrays by bit, for the loops of readFields and the hash: names, defaults and
// encodings (small integers, so the loops switch on them).
const ENCODINGS = /** @type {const} */ (["svarint", "varint", "varint16", "u8", "kind", "utf8", "clip"]);
const SVARINT = 0, VARINT = 1, VARINT16 = 2, U8 = 3, KIND = 4, UTF8 = 5;
const NAMES = FIELDS.map((f) => f.name);
const DEFAULTS = FIELDS.map((f) => f.default);
const CODES = Int32Array.from(FIELDS, (f) => ENCODINGS.indexOf(f.encoding));
if (CODES.includes(-1)) throw new Error("FIELDS: an encoding readFields and the hash do not know");
const FIELD_COUNT = FIELDS.length;
const KIND_FIELD = FIELDS[NAMES.indexOf("kind")].mask;

// Patch section bits (bit 7 must be 0), and the ops byte of a layer edit.
const S_WIDTH = 1, S_HEIGHT = 2, S_BACKGROUND = 4, S_PAINT_COUNT = 8;
const S_PAINT_EDITS = 16, S_STRUCTURE = 32, S_UPDATES = 64, S_KNOWN = 127;
const OP_REMOVES = 1, OP_PLACEMENTS = 2;
// Paint edit code: bits 0-1 kind, bit 2 adjustment, bits 3-6 coordinates, bit 7 stops.
/** @type {Paint["kind"][]} */
const PAINT_KINDS = ["solid", "linear", "radial"];
/** @type {{linear: ("x0" | "y0" | "x1" | "y1")[], radial: ("cx" | "cy" | "radius")[]}} */
const COORDINATES = { linear: ["x0", "y0", "x1", "y1"], radial: ["cx", "cy", "radius"] };

export class WireError extends Error {
  /** @param {number} offset @param {string} reason */
  constructor(offset, reason) {
    super(`veil.v2 message, byte ${offset}: ${reason}`);
    this.name = "WireError";
    this.offset = offset;
    this.reason = reason;
  }
}

export class PatchError extends Error {
  /** @param {string} reason */
  constructor(reason) {
    super(reason);
    this.name = "PatchError";
  }
}

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

const utf8Decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

class Reader {
  /** @param {Uint8Array} bytes */
  constructor(bytes) {
    this.b = bytes;
    this.o = 0;
  }
  get remaining() { return this.b.length - this.o; }
  /** @param {string} reason @param {number} [offset] @returns {never} */
  fail(reason, offset = this.o) { throw new WireError(offset, reason); }

  byte() {
    if (this.o >= this.b.length) this.fail("message ends early");
    return this.b[this.o++];
  }
  // LEB128, at most 5 bytes, at most 2^32 - 1.
  varint() {
    const start = this.o;
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const b = this.byte();
      if (shift === 28 && b > 0x0f) this.fail("varint exceeds 32 bits", start);
      value += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return value;
    }
  }
  zigzag() {
    const u = this.varint();
    return (u >>> 1) ^ -(u & 1);
  }
  color() {
    if (this.remaining < 4) { this.o = this.b.length; this.fail("message ends early"); }
    const b = this.b, o = this.o;
    this.o += 4;
    return ((b[o] << 24) | (b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]) >>> 0;
  }
  u32le() {
    if (this.remaining < 4) { this.o = this.b.length; this.fail("message ends early"); }
    const b = this.b, o = this.o;
    this.o += 4;
    return (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;
  }
  /** @param {number} max @param {number} minBytes @param {string} what */
  count(max, minBytes, what) {
    const start = this.o;
    const n = this.varint();
    if (n > max) this.fail(`${n} ${what} exceed the limit of ${max}`, start);
    if (n * minBytes > this.remaining) this.fail(`${n} ${what} do not fit in the ${this.remaining} bytes left`, start);
    return n;
  }
  /** @param {number} max @param {string} what */
  bounded(max, what) {
    const start = this.o;
    const n = this.varint();
    if (n > max) this.fail(`${what} ${n} exceeds ${max}`, start);
    return n;
  }
  /** @param {number} max @param {string} what */
  utf8(max, what) {
    const n = this.count(max, 1, `bytes of ${what}`);
    let text;
    try {
      text = utf8Decoder.decode(this.b.subarray(this.o, this.o + n));
    } catch {
      this.fail(`${what} is not valid UTF-8`);
    }
    this.o += n;
    return text;
  }
}

/**
 * Decodes one message; throws WireError on truncated, corrupt or oversized input.
 * @param {Uint8Array | ArrayBuffer} bytes
 * @returns {Message}
 */
export function decodeMessage(bytes) {
  if (bytes instanceof ArrayBuffer) bytes = new Uint8Array(bytes);
  if (!(bytes instanceof Uint8Array)) throw new TypeError("decodeMessage expects a Uint8Array or an ArrayBuffer");
  if (bytes.length > LIMITS.maxMessageBytes) {
    throw new WireError(0, `message of ${bytes.length} bytes exceeds the limit of ${LIMITS.maxMessageBytes}`);
  }
  const r = new Reader(bytes);
  if (r.byte() !== MAGIC) r.fail("not a veil message (magic byte is not 0x56)", 0);
  const version = r.byte();
  if (version !== VERSION) r.fail(`unsupported version ${version}, expected 2`, 1);
  const flags = r.byte();
  const type = flags & TYPE_MASK;
  if (type !== KEYFRAME && type !== DELTA) r.fail(`unknown message type ${type}`, 2);
  if (flags & ~KNOWN_BITS) r.fail(`type byte ${flags} has reserved bits set (bits 5-7 must be 0)`, 2);
  if (type === KEYFRAME && (flags & HAS_BASE_DISTANCE)) r.fail("a keyframe has no base", 2);
  const seq = r.varint();
  /** @type {number | null} */
  let base = null;
  if (type === DELTA) {
    let distance = 1;
    if (flags & HAS_BASE_DISTANCE) {
      const start = r.o;
      distance = r.varint();
      if (distance === 0) r.fail("a delta cannot be based on itself (distance 0)", start);
    }
    base = (seq - distance) >>> 0;
  }
  const hash = r.u32le();
  const events = flags & HAS_EVENTS ? readEvents(r) : [];
  /** @type {DeclaredMotions} the frame's motions (extension 3), when sent */
  const declared = { motions: [], items: [], bytes: new Uint8Array(0) };
  const extensions = flags & HAS_EXTENSIONS ? readExtensions(r, events, declared) : { records: [], motionsSent: false };
  const sent = extensions.motionsSent ? declared : null;
  /** @type {Message} */
  let message;
  if (type === KEYFRAME) {
    const frame = readFrame(r);
    if (sent && (sent.motions.length || sent.items.length)) {
      frame.motions = sent.motions;
      frame.itemMotions = sent.items;
      frame.motionBytes = sent.bytes;
      const bad = sent.motions.find((m) => m.slot >= frame.paints.length);
      if (bad) r.fail(`a motion names paint slot ${bad.slot} of a table of ${frame.paints.length}`);
    }
    message = { type: "keyframe", seq, base: null, hash, events, extensions: extensions.records, frame };
  } else {
    const patch = readPatch(r);
    patch.motions = sent;
    message = { type: "delta", seq, base: /** @type {number} */ (base), hash, events, extensions: extensions.records, patch };
  }
  if (r.remaining > 0) r.fail(`${r.remaining} unexpected bytes after the message`);
  return message;
}

/** @param {Reader} r */
function readEvents(r) {
  const start = r.o;
  const n = r.count(LIMITS.maxEvents, 2, "events");
  if (n === 0) r.fail("the events section is present but empty", start);
  /** @type {HostEvent[]} */
  const events = [];
  for (let i = 0; i < n; i++) {
    const name = r.utf8(LIMITS.maxEventFieldBytes, "event name");
    const node = r.utf8(LIMITS.maxEventFieldBytes, "event node");
    events.push({ name, node });
  }
  return events;
}

// Extension records: the events' row ranges (tag 2) go onto `events`, the motions (tag 3) into
// `declared`; any other optional one (even tag) is kept as unknown, one that must be understood (odd
// tag) is refused.
/**
 * @param {Reader} r @param {HostEvent[]} events @param {DeclaredMotions} declared
 * @returns {{records: Extension[], motionsSent: boolean}}
 */
function readExtensions(r, events, declared) {
  const start = r.o;
  const n = r.count(LIMITS.maxExtensions, 2, "extensions");
  if (n === 0) r.fail("the extensions section is present but empty", start);
  /** @type {Extension[]} */
  const records = [];
  let sawRanges = false, motionsSent = false;
  for (let i = 0; i < n; i++) {
    const at = r.o;
    const tag = r.varint();
    const length = r.count(LIMITS.maxMessageBytes, 1, "extension bytes");
    const end = r.o + length;
    if (tag === EVENT_RANGES) {
      if (sawRanges) r.fail("extension 2 (event ranges) appears twice", at);
      sawRanges = true;
      const record = new Reader(r.b.subarray(0, end));
      record.o = r.o;
      readEventRanges(record, events);
    } else if (tag === MOTIONS_TAG) {
      if (motionsSent) r.fail("extension 3 (motions) appears twice", at);
      motionsSent = true;
      declared.bytes = r.b.slice(r.o, end);
      try {
        ({ motions: declared.motions, items: declared.items } = readMotions(declared.bytes));
      } catch (e) {
        if (!(e instanceof MotionError)) throw e;
        r.fail(e.message, r.o + e.offset);
      }
    } else {
      if (tag & 1) r.fail(`extension ${tag} must be understood and is not supported`, at);
      records.push({ tag, payload: r.b.slice(r.o, end) });
    }
    r.o = end;
  }
  return { records, motionsSent };
}

// Extension 2: count, then per range the event's index (ascending), its first row and row count.
/** @param {Reader} r a reader that ends where the record ends @param {HostEvent[]} events */
function readEventRanges(r, events) {
  const n = r.count(events.length, 3, "event ranges");
  if (n === 0) r.fail("the event ranges record is empty");
  let next = 0;
  for (let i = 0; i < n; i++) {
    const at = r.o;
    const index = r.bounded(events.length - 1, "event index");
    if (index < next) r.fail("event ranges must name events in ascending order, each once", at);
    const first = r.bounded(MAX_LIST_ROWS - 1, "first row");
    const count = r.bounded(MAX_LIST_ROWS - first, "row count");
    if (count === 0) r.fail("an event's row range is empty", at);
    events[index] = { ...events[index], range: { start: first, end: first + count } };
    next = index + 1;
  }
  if (r.remaining > 0) r.fail(`${r.remaining} unexpected bytes after the event ranges`);
}

/**
 * @param {Reader} r
 * @returns {Frame}
 */
function readFrame(r) {
  const width = r.zigzag();
  const height = r.zigzag();
  const background = r.color();
  const paintCount = r.count(LIMITS.maxPaints, 5, "paints");
  /** @type {Paint[]} */
  const paints = new Array(paintCount);
  for (let i = 0; i < paintCount; i++) {
    const code = r.byte();
    if (code > 2) r.fail(`paint code ${code} is not 0, 1 or 2`, r.o - 1);
    paints[i] = readPaint(code, r);
  }
  const items = readEntries(r, 1, { ids: new Set(), count: 0 });
  return { width, height, background, paints, items };
}

/** @typedef {{ids: Set<number>, count: number}} Reading the entries read so far of one frame or layer edit */

/**
 * A child list at `depth` (the root's children are at depth 1); ids unique across the frame.
 * @param {Reader} r @param {number} depth @param {Reading} reading
 * @returns {Item[]}
 */
function readEntries(r, depth, reading) {
  const n = r.count(LIMITS.maxItems - reading.count, 2, "entries");
  /** @type {Item[]} */
  const entries = new Array(n);
  for (let i = 0; i < n; i++) entries[i] = readEntry(r, depth, reading);
  return entries;
}

/** @param {Reader} r @param {number} depth @param {Reading} reading */
function readEntry(r, depth, reading) {
  const start = r.o;
  const item = readFullItem(r);
  reading.count++;
  if (reading.count > LIMITS.maxItems) r.fail(`more than ${LIMITS.maxItems} entries in a frame`, start);
  if (reading.ids.has(item.id)) r.fail(`item id ${item.id} appears twice`, start);
  reading.ids.add(item.id);
  if (item.kind === LAYER) {
    if (depth >= LIMITS.maxLayerDepth) r.fail(`layers nest deeper than ${LIMITS.maxLayerDepth}`, start);
    item.children = readEntries(r, depth + 1, reading);
  }
  return item;
}

/**
 * @param {number} kind the paint code (0, 1 or 2)
 * @param {Reader} r
 * @returns {Paint}
 */
function readPaint(kind, r) {
  if (kind === 0) return { kind: "solid", color: r.color() };
  if (kind === 1) {
    const x0 = r.zigzag(), y0 = r.zigzag(), x1 = r.zigzag(), y1 = r.zigzag();
    return { kind: "linear", x0, y0, x1, y1, stops: readStops(r) };
  }
  const cx = r.zigzag(), cy = r.zigzag(), radius = r.zigzag();
  return { kind: "radial", cx, cy, radius, stops: readStops(r) };
}

/** @param {Reader} r */
function readStops(r) {
  const n = r.count(LIMITS.maxStops, 5, "gradient stops");
  /** @type {Stop[]} */
  const stops = new Array(n);
  for (let i = 0; i < n; i++) {
    const start = r.o;
    const offset = r.varint();
    if (offset > 65535) r.fail(`stop offset ${offset} exceeds 65535`, start);
    stops[i] = { offset, color: r.color() };
  }
  return stops;
}

/** @param {Reader} r */
function readFullItem(r) {
  const start = r.o;
  const id = r.varint();
  if (id < 1 || id > LIMITS.maxId) r.fail(`item id ${id} is not in 1...${LIMITS.maxId}`, start);
  const item = defaultItem(id);
  readFields(readMask(r), item, r);
  return item;
}

/** @param {Reader} r */
function readMask(r) {
  const start = r.o;
  const mask = r.varint();
  if (mask > ALL_FIELDS) r.fail("item field mask has unknown bits set", start);
  return mask;
}

/**
 * Reads the fields of `mask` into `target` (an item, or the `fields` object of an update), in bit
 * order: the set bits only, lowest first, each as its encoding says (docs/PROTOCOL.md, "Item fields").
 * @param {number} mask @param {Partial<Item>} target @param {Reader} r
 */
function readFields(mask, target, r) {
  /** @type {Record<string, unknown>} */
  const t = target;
  for (let m = mask; m !== 0; m &= m - 1) {
    const bit = 31 - Math.clz32(m & -m);
    switch (CODES[bit]) {
      case SVARINT: t[NAMES[bit]] = r.zigzag(); break;
      case VARINT: t[NAMES[bit]] = r.varint(); break;
      case VARINT16: {
        const start = r.o;
        const w = r.varint();
        if (w > 65535) r.fail(`${FIELDS[bit].words} ${w} exceeds 65535`, start);
        t[NAMES[bit]] = w;
        break;
      }
      case U8: t[NAMES[bit]] = r.byte(); break;
      case KIND: {
        const kind = r.byte();
        if (kind > 6) r.fail(`item kind ${kind} is not 0...6`, r.o - 1);
        t[NAMES[bit]] = kind;
        break;
      }
      case UTF8: t[NAMES[bit]] = r.utf8(LIMITS.maxTextBytes, FIELDS[bit].words); break;
      default: {
        const flag = r.byte();
        if (flag === 0) t[NAMES[bit]] = null;
        else if (flag === 1) {
          const x = r.zigzag(), y = r.zigzag(), width = r.zigzag(), height = r.zigzag();
          t[NAMES[bit]] = { x, y, width, height, cornerRadius: r.zigzag() };
        } else r.fail(`clip flag ${flag} is not 0 or 1`, r.o - 1);
      }
    }
  }
}

/** @param {Reader} r */
function readPatch(r) {
  /** @type {Patch} */
  const p = {
    width: null, height: null, background: null, paintCount: null,
    paintEdits: [], structure: [], updates: [],
  };
  const sections = r.byte();
  if (sections & ~S_KNOWN) r.fail(`patch sections byte ${sections} has reserved bit 7 set`, r.o - 1);
  if (sections & S_WIDTH) p.width = r.zigzag();
  if (sections & S_HEIGHT) p.height = r.zigzag();
  if (sections & S_BACKGROUND) p.background = r.color();
  if (sections & S_PAINT_COUNT) p.paintCount = r.bounded(LIMITS.maxPaints, "paint table length");
  if (sections & S_PAINT_EDITS) {
    // No count: each slot gap carries a bit saying whether another edit follows. Slots ascend
    // below the paint limit, so the list is bounded by it.
    let previous = -1;
    let more = true;
    while (more) {
      const start = r.o;
      const code = r.bounded(2 * LIMITS.maxPaints + 1, "paint slot gap");
      const slot = previous + 1 + Math.floor(code / 2);
      if (slot >= LIMITS.maxPaints) r.fail(`paint slot ${slot} exceeds the limit of ${LIMITS.maxPaints}`, start);
      previous = slot;
      more = (code & 1) === 1;
      p.paintEdits.push(readPaintEdit(slot, r));
    }
  }
  if (sections & S_STRUCTURE) {
    const n = sectionCount(r, LIMITS.maxItems, 4, "layer edits");
    for (let i = 0; i < n; i++) p.structure.push(readLayerEdit(r));
  }
  if (sections & S_UPDATES) {
    // No count, like the paint edits: ids ascend below maxId, and each update takes bytes.
    let previous = 0;
    let more = true;
    while (more) {
      const start = r.o;
      const code = r.varint();
      const id = previous + 1 + Math.floor(code / 2);
      if (id > LIMITS.maxId) r.fail(`updated id ${id} exceeds ${LIMITS.maxId}`, start);
      previous = id;
      more = (code & 1) === 1;
      const maskAt = r.o;
      const mask = readMask(r);
      if (mask === 0) r.fail("an update must change a field", maskAt);
      /** @type {Partial<Item>} */
      const fields = {};
      readFields(mask, fields, r);
      p.updates.push({ id, mask, fields });
    }
  }
  return p;
}

// Layer id, ops byte, then the removes and placements of that layer's child list.
/** @param {Reader} r */
function readLayerEdit(r) {
  const layerAt = r.o;
  const layer = r.varint();
  if (layer > LIMITS.maxId) r.fail(`layer id ${layer} exceeds ${LIMITS.maxId}`, layerAt);
  /** @type {LayerEdit} */
  const edit = { layer, removes: [], placements: [] };
  const opsAt = r.o;
  const ops = r.byte();
  if (ops === 0 || ops & ~(OP_REMOVES | OP_PLACEMENTS)) r.fail(`layer edit ops byte ${ops} is not 1, 2 or 3`, opsAt);
  if (ops & OP_REMOVES) {
    const n = sectionCount(r, LIMITS.maxItems, 1, "removes");
    let previous = -1;
    for (let i = 0; i < n; i++) {
      previous = nextIndex(r, previous, LIMITS.maxItems, "removed index");
      edit.removes.push(previous);
    }
  }
  if (ops & OP_PLACEMENTS) {
    const n = sectionCount(r, LIMITS.maxItems, 2, "placements");
    let previous = -1;
    /** @type {Reading} */
    const reading = { ids: new Set(), count: 0 };
    for (let i = 0; i < n; i++) {
      const start = r.o;
      const code = r.bounded(2 * LIMITS.maxItems + 1, "placement gap");
      const index = previous + 1 + Math.floor(code / 2);
      if (index >= LIMITS.maxItems) r.fail(`placement index ${index} exceeds the item limit`, start);
      previous = index;
      if (code & 1) edit.placements.push({ index, from: r.bounded(LIMITS.maxItems - 1, "moved index") });
      else edit.placements.push({ index, item: readEntry(r, 1, reading) });
    }
  }
  return edit;
}

/** @param {Reader} r @param {number} max @param {number} minBytes @param {string} what */
function sectionCount(r, max, minBytes, what) {
  const start = r.o;
  const n = r.count(max, minBytes, what);
  if (n === 0) r.fail(`section of ${what} is present but empty`, start);
  return n;
}

/** @param {Reader} r @param {number} previous @param {number} limit @param {string} what */
function nextIndex(r, previous, limit, what) {
  const start = r.o;
  const index = previous + 1 + r.bounded(limit, what);
  if (index >= limit) r.fail(`${what} ${index} exceeds the limit of ${limit}`, start);
  return index;
}

/** @param {number} slot @param {Reader} r @returns {PaintEdit} */
function readPaintEdit(slot, r) {
  const start = r.o;
  const code = r.byte();
  const kind = code & 3;
  if (kind > 2) r.fail("paint kind 3 does not exist", start);
  if ((code & 4) === 0) {
    if (code !== kind) r.fail(`full paint code ${code} has extra bits set`, start);
    return { slot, paint: readPaint(kind, r) };
  }
  if (kind === 0) r.fail("a solid paint cannot be adjusted, only replaced", start);
  if (code >> 3 === 0) r.fail("paint adjustment changes nothing", start);
  if (kind === 2 && code & 64) r.fail("a radial gradient has three coordinates", start);
  const name = /** @type {"linear" | "radial"} */ (PAINT_KINDS[kind]); // kind is 1 or 2 here
  /** @type {PaintAdjustment} */
  const adjust = { kind: name };
  const coordinates = COORDINATES[name];
  for (let i = 0; i < 4; i++) if (code & (8 << i)) adjust[coordinates[i]] = r.zigzag();
  if (code & 128) adjust.stops = readStops(r);
  return { slot, adjust };
}

/**
 * Applies a decoded patch to a frame and returns the new frame (the old one is untouched). Throws
 * PatchError when the patch does not fit. The algorithm of docs/PROTOCOL.md, "Applying a patch".
 * @param {Frame} frame
 * @param {Patch} patch
 * @returns {Frame}
 */
export function applyPatch(frame, patch) {
  const paints = applyPaints(frame.paints, patch);
  let items = applyStructure(frame.items, patch.structure);
  const inserted = patch.structure.some((e) => e.placements.some((p) => p.item));
  items = checkAndUpdate(items, patch.updates, inserted);
  const motions = patch.motions ? patch.motions.motions : frame.motions ?? [];
  const itemMotions = patch.motions ? patch.motions.items : frame.itemMotions ?? [];
  const bad = motions.find((m) => m.slot >= paints.length);
  if (bad) throw new PatchError(`a motion names paint slot ${bad.slot} of a table of ${paints.length}`);
  /** @type {Frame} */
  const next = {
    width: patch.width ?? frame.width,
    height: patch.height ?? frame.height,
    background: patch.background ?? frame.background,
    paints,
    items,
  };
  // Only a frame with motions has the keys (frames without them keep their shape).
  if (motions.length || itemMotions.length) {
    next.motions = motions;
    next.itemMotions = itemMotions;
    next.motionBytes = patch.motions ? patch.motions.bytes : frame.motionBytes;
  }
  return next;
}

/** @param {Paint[]} old @param {Patch} patch @returns {Paint[]} */
function applyPaints(old, patch) {
  if (patch.paintCount === null && patch.paintEdits.length === 0) return old;
  const newCount = patch.paintCount ?? old.length;
  if (newCount > LIMITS.maxPaints) throw new PatchError(`paint table of ${newCount} slots exceeds the limit`);
  const paints = old.slice(0, Math.min(old.length, newCount));
  let previous = -1;
  for (const edit of patch.paintEdits) {
    if (edit.slot <= previous || edit.slot >= newCount) {
      throw new PatchError(`paint edit for slot ${edit.slot} is out of order or beyond the table (${newCount} slots)`);
    }
    previous = edit.slot;
    if (edit.paint) {
      if (edit.slot < paints.length) paints[edit.slot] = edit.paint;
      else if (edit.slot === paints.length) paints.push(edit.paint);
      else throw new PatchError(`new paint slot ${paints.length} is not set`);
    } else {
      const current = edit.slot < paints.length ? paints[edit.slot] : null;
      if (!current || current.kind !== edit.adjust.kind) {
        throw new PatchError(`paint slot ${edit.slot} is not a gradient of the kind the adjustment expects`);
      }
      // The same kind, and the adjustment has only that kind's coordinates (readPaintEdit).
      paints[edit.slot] = /** @type {Paint} */ ({ ...current, ...edit.adjust });
    }
  }
  if (paints.length !== newCount) throw new PatchError(`new paint slot ${paints.length} is not set`);
  return paints;
}

// The layer edits: each names a layer of the base frame (0 = the root) at most once. Deeper layers
// are edited first, so every edit finds its layer where the base frame had it, and a moved layer
// carries its already edited children. Layers on the way are copied, never mutated.
/** @param {Item[]} root @param {LayerEdit[]} structure @returns {Item[]} */
function applyStructure(root, structure) {
  if (structure.length === 0) return root;
  /** @type {Map<number, number[]>} */
  const paths = new Map([[0, []]]);
  /** @param {Item[]} list @param {number[]} prefix */
  const collect = (list, prefix) => {
    list.forEach((e, i) => {
      if (e.kind !== LAYER) return;
      const path = [...prefix, i];
      paths.set(e.id, path);
      collect(/** @type {Item[]} */ (e.children), path);
    });
  };
  collect(root, []);
  /** @type {Set<number>} */
  const named = new Set();
  const targets = structure.map((edit, order) => {
    const path = paths.get(edit.layer);
    if (path === undefined) throw new PatchError(`layer edit names ${edit.layer}, which is not a layer of the frame`);
    if (named.has(edit.layer)) throw new PatchError(`layer ${edit.layer} is edited twice`);
    named.add(edit.layer);
    return { path, edit, order };
  });
  targets.sort((a, b) => (b.path.length - a.path.length) || (a.order - b.order));
  let items = root;
  for (const { path, edit } of targets) items = modify(items, path, 0, (children) => applyLayerEdit(children, edit));
  return items;
}

/**
 * `list` with the child list at `path` (indices of layers, from `at` on) replaced by `fn` of it.
 * @param {Item[]} list @param {number[]} path @param {number} at @param {(children: Item[]) => Item[]} fn
 * @returns {Item[]}
 */
function modify(list, path, at, fn) {
  if (at === path.length) return fn(list);
  const copy = list.slice();
  const layer = copy[path[at]];
  copy[path[at]] = { ...layer, children: modify(/** @type {Item[]} */ (layer.children), path, at + 1, fn) };
  return copy;
}

/** @param {Item[]} old @param {LayerEdit} edit @returns {Item[]} */
function applyLayerEdit(old, edit) {
  const { removes, placements } = edit;
  // 1. Detach removed entries and move sources.
  const detached = new Uint8Array(old.length);
  let previous = -1;
  for (const index of removes) {
    if (index <= previous || index >= old.length) {
      throw new PatchError(`removed index ${index} is out of order or beyond the ${old.length} entries of layer ${edit.layer}`);
    }
    detached[index] = 1;
    previous = index;
  }
  let inserts = 0;
  for (const p of placements) {
    if (p.item) { inserts++; continue; }
    if (p.from >= old.length || detached[p.from]) {
      throw new PatchError(`moved index ${p.from} is beyond the ${old.length} entries or already detached`);
    }
    detached[p.from] = 1;
  }
  const finalCount = old.length - removes.length + inserts;
  if (finalCount > LIMITS.maxItems) throw new PatchError(`${finalCount} entries exceed the limit of ${LIMITS.maxItems}`);

  // 2. Fill from the stayers up to each placement, in ascending final index.
  /** @type {Item[]} */
  const items = [];
  let stayer = 0;
  const nextStayer = () => {
    while (stayer < old.length && detached[stayer]) stayer++;
    return stayer < old.length ? stayer++ : -1;
  };
  for (const p of placements) {
    if (p.index < items.length) throw new PatchError(`placement at ${p.index} is out of order`);
    while (items.length < p.index) {
      const s = nextStayer();
      if (s < 0) throw new PatchError(`placement at ${p.index} is beyond the end of the list`);
      items.push(old[s]);
    }
    items.push(p.item ?? old[/** @type {number} */ (p.from)]);
  }
  for (let s = nextStayer(); s >= 0; s = nextStayer()) items.push(old[s]);
  return items;
}

// One walk over the edited tree: counts entries, bounds the depth, checks ids when anything was
// inserted, and applies the field updates by id (copying what it changes and the layers above).
/** @param {Item[]} root @param {Update[]} updates @param {boolean} checkIds @returns {Item[]} */
function checkAndUpdate(root, updates, checkIds) {
  /** @type {Map<number, Update>} */
  const byId = new Map();
  let previous = 0;
  for (const u of updates) {
    if (u.id <= previous) throw new PatchError(`update of id ${u.id} is out of order`);
    previous = u.id;
    byId.set(u.id, u);
  }
  if (!checkIds && updates.length === 0) return root;
  /** @type {Set<number>} */
  const seen = new Set();
  let count = 0, applied = 0;
  /** @param {Item[]} list @param {number} depth @returns {Item[]} */
  const visit = (list, depth) => {
    if (depth > LIMITS.maxLayerDepth) throw new PatchError(`layers would nest deeper than ${LIMITS.maxLayerDepth}`);
    /** @type {Item[] | null} */
    let copy = null;
    for (let i = 0; i < list.length; i++) {
      let e = list[i];
      if (++count > LIMITS.maxItems) throw new PatchError(`more than ${LIMITS.maxItems} entries`);
      if (checkIds) {
        if (seen.has(e.id)) throw new PatchError(`item id ${e.id} would appear twice`);
        seen.add(e.id);
      }
      const u = byId.get(e.id);
      let changed = e;
      if (u) {
        if ((u.mask & KIND_FIELD) && ((u.fields.kind === LAYER) !== (e.kind === LAYER))) {
          throw new PatchError(`update of id ${e.id} would turn an item into a layer or back`);
        }
        changed = { ...e, ...u.fields };
        applied++;
      }
      if (e.kind === LAYER) {
        const children = visit(/** @type {Item[]} */ (e.children), depth + 1);
        if (children !== e.children) changed = { ...changed, children };
      }
      if (changed !== e) {
        copy ??= list.slice();
        copy[i] = changed;
      }
    }
    return copy ?? list;
  };
  const items = visit(root, 1);
  if (applied !== updates.length) throw new PatchError("an update names an id that is not in the frame");
  return items;
}

// FNV-1a over a few canonical bytes, written without building them.
class Hasher {
  constructor() { this.h = 0x811c9dc5 | 0; }
  /** @param {number} b */
  byte(b) { this.h = Math.imul(this.h ^ b, 16777619); }
  /** @param {number} v */
  varint(v) {
    while (v >= 0x80) {
      this.byte((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    this.byte(v);
  }
  /** @param {number} n */
  zigzag(n) { this.varint(((n << 1) ^ (n >> 31)) >>> 0); }
  /** @param {number} c */
  color(c) {
    this.byte(c >>> 24); this.byte((c >>> 16) & 255); this.byte((c >>> 8) & 255); this.byte(c & 255);
  }
  /** @param {Stop[]} stops */
  stops(stops) {
    this.varint(stops.length);
    for (const s of stops) { this.varint(s.offset); this.color(s.color); }
  }
  // Length-prefixed UTF-8, encoded on the fly (ASCII is one pass over the string).
  /** @param {string} s */
  text(s) {
    let ascii = true;
    for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) { ascii = false; break; }
    if (ascii) {
      this.varint(s.length);
      for (let i = 0; i < s.length; i++) this.byte(s.charCodeAt(i));
      return;
    }
    const bytes = utf8Encoder.encode(s);
    this.varint(bytes.length);
    for (const b of bytes) this.byte(b);
  }
  /** @param {Paint} p */
  paint(p) {
    if (p.kind === "solid") { this.byte(0); this.color(p.color); }
    else if (p.kind === "linear") {
      this.byte(1); this.zigzag(p.x0); this.zigzag(p.y0); this.zigzag(p.x1); this.zigzag(p.y1); this.stops(p.stops);
    } else {
      this.byte(2); this.zigzag(p.cx); this.zigzag(p.cy); this.zigzag(p.radius); this.stops(p.stops);
    }
  }
  // An entry's own fields as a keyframe writes them: id, mask of non-default fields, the fields.
  /** @param {Item} it */
  item(it) {
    this.varint(it.id);
    /** @type {Record<string, any>} */
    const values = it;
    let mask = 0;
    for (let bit = 0; bit < FIELD_COUNT; bit++) if (values[NAMES[bit]] !== DEFAULTS[bit]) mask |= 1 << bit;
    this.varint(mask);
    for (let m = mask; m !== 0; m &= m - 1) {
      const bit = 31 - Math.clz32(m & -m);
      const v = values[NAMES[bit]];
      switch (CODES[bit]) {
        case SVARINT: this.zigzag(v); break;
        case VARINT: case VARINT16: this.varint(v); break;
        case U8: case KIND: this.byte(v); break;
        case UTF8: this.text(v); break;
        default: // a clip that is not the default (null): the mask has its bit
          this.byte(1); this.zigzag(v.x); this.zigzag(v.y); this.zigzag(v.width); this.zigzag(v.height); this.zigzag(v.cornerRadius);
      }
    }
  }
}
const utf8Encoder = new TextEncoder();

// Terms are cached per entry object and position: a frame shares unchanged entries with the one
// before it, so rehashing after a patch costs the entries it replaced.
/** @type {WeakMap<Item, {parent: number, index: number, term: number}>} */
const termCache = new WeakMap();

/** @param {number} parent the parent layer's id (0: the root) @param {number} index @param {Item} item */
function entryTerm(parent, index, item) {
  const cached = termCache.get(item);
  if (cached && cached.parent === parent && cached.index === index) return cached.term;
  const h = new Hasher();
  h.varint(parent);
  h.varint(index);
  h.item(item);
  termCache.set(item, { parent, index, term: h.h });
  return h.h;
}

/**
 * The 32-bit frame hash (unsigned) that messages carry: the sum (mod 2^32) of FNV-1a terms over
 * the header, each paint slot and each entry with its parent layer and index (docs/PROTOCOL.md).
 * @param {Frame} frame
 * @returns {number}
 */
export function frameHash(frame) {
  let count = 0;
  let sum = 0;
  /** @param {Item[]} list @param {number} parent */
  const walk = (list, parent) => {
    for (let i = 0; i < list.length; i++) {
      const e = list[i];
      count++;
      sum = (sum + entryTerm(parent, i, e)) | 0;
      if (e.kind === LAYER) walk(/** @type {Item[]} */ (e.children), e.id);
    }
  };
  walk(frame.items, 0);
  frame.paints.forEach((p, slot) => {
    const h = new Hasher();
    h.varint(slot);
    h.paint(p);
    sum = (sum + h.h) | 0;
  });
  const head = new Hasher();
  head.zigzag(frame.width);
  head.zigzag(frame.height);
  head.color(frame.background);
  head.varint(frame.paints.length);
  head.varint(count);
  // The motions' term: the FNV-1a of their record, when the frame has any (MotionCoding.hashTerm).
  if ((frame.motions?.length || frame.itemMotions?.length) && frame.motionBytes) {
    const motions = new Hasher();
    for (const b of frame.motionBytes) motions.byte(b);
    sum = (sum + motions.h) | 0;
  }
  return (sum + head.h) >>> 0;
}

/**
 * Every visible item of a frame in painter's order, as if there were no layers: positions in canvas
 * space (offset by their layers), opacity multiplied by their layers' (group opacity approximated
 * per item), clip intersected with their layers'; fully transparent items left out. The same as
 * Swift's `Frame.canvasItems`: for tests, hit checks and readable descriptions.
 * @param {Frame} frame
 * @returns {Item[]}
 */
export function canvasItems(frame) {
  /** @type {Item[]} */
  const out = [];
  /** @param {Clip | null} a @param {Clip | null} b @returns {Clip | null} */
  const intersect = (a, b) => {
    if (!a) return b;
    if (!b) return a;
    const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
    const right = Math.min(a.x + a.width, b.x + b.width), bottom = Math.min(a.y + a.height, b.y + b.height);
    return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y), cornerRadius: b.cornerRadius };
  };
  /** @param {Item[]} list @param {number} dx @param {number} dy @param {number} opacity @param {Clip | null} clip */
  const walk = (list, dx, dy, opacity, clip) => {
    for (const e of list) {
      const own = e.clip && { ...e.clip, x: e.clip.x + dx, y: e.clip.y + dy };
      const clipped = intersect(clip, own);
      const alpha = Math.floor((opacity * e.opacity + 127) / 255);
      if (alpha === 0) continue;
      if (e.kind === LAYER) walk(/** @type {Item[]} */ (e.children), dx + e.x, dy + e.y, alpha, clipped);
      else out.push({ ...e, x: e.x + dx, y: e.y + dy, opacity: alpha, clip: clipped ?? null });
    }
  };
  walk(frame.items, 0, 0, 255, null);
  return out;
}

/**
 * A viewer's copy of the frame. Checks sequence continuity and the frame hash; on any failure the
 * frame stays as it was, `needsKeyframe` is set, and the host should send {"keyframe": true}.
 * Events are returned even when the frame could not be updated (they happened all the same).
 */
export class Mirror {
  constructor() {
    /** @type {Frame | null} */
    this.frame = null;
    this.seq = 0;
    this.needsKeyframe = true;
  }

  /**
   * @param {Uint8Array | ArrayBuffer} bytes
   * @returns {MirrorResult}
   */
  apply(bytes) {
    let message;
    try {
      message = decodeMessage(bytes);
    } catch (e) {
      this.needsKeyframe = true;
      return { ok: false, reason: /** @type {Error} */ (e).message, events: [] };
    }
    const events = message.events;
    let next;
    if (message.type === "keyframe") {
      next = message.frame;
    } else {
      if (this.needsKeyframe || this.frame === null) return { ok: false, reason: "waiting for a keyframe", events };
      if (message.base !== this.seq) {
        this.needsKeyframe = true;
        return { ok: false, reason: `delta is based on message ${message.base}, the mirror holds ${this.seq}`, events };
      }
      try {
        next = applyPatch(this.frame, message.patch);
      } catch (e) {
        this.needsKeyframe = true;
        return { ok: false, reason: `patch does not apply: ${/** @type {Error} */ (e).message}`, events };
      }
    }
    const actual = frameHash(next);
    if (actual !== message.hash) {
      this.needsKeyframe = true;
      return { ok: false, reason: `frame hash ${actual} does not match ${message.hash}`, events };
    }
    this.frame = next;
    this.seq = message.seq;
    this.needsKeyframe = false;
    return { ok: true, frame: next, events };
  }
}
