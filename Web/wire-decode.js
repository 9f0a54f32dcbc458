// @ts-check
// wire-decode.js — `decodeMessage(bytes)`: one veil.v2 message read, with the same bounds as
// Sources/VeilCore/Patch/* (docs/PROTOCOL.md); a truncated, corrupt or oversized one throws WireError.
//
//   decodeMessage(bytes) → {type: "keyframe"|"delta", seq, base, hash, events: [{name, node, range?}],
//                           extensions: [{tag, payload}], frame | patch}

import { MOTIONS_TAG, MotionError, readMotions } from "./motions.js";
import { ALL_FIELDS, ENCODING, FIELDS, FIELD_CODES, FIELD_NAMES, LAYER, LIMITS, MAGIC, VERSION, defaultItem } from "./wire-format.js";

/**
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {import("./wire-format.js").Item} Item
 * @typedef {import("./wire-format.js").Paint} Paint
 * @typedef {import("./wire-format.js").Stop} Stop
 * @typedef {import("./wire-format.js").HostEvent} HostEvent
 * @typedef {import("./wire-format.js").DeclaredMotions} DeclaredMotions
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
 */

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
// The extension record that carries events' row ranges, and the most rows a list has.
const EVENT_RANGES = 2;
const MAX_LIST_ROWS = 1000000;
const { svarint: SVARINT, varint: VARINT, varint16: VARINT16, u8: U8, kind: KIND, utf8: UTF8 } = ENCODING;

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
    switch (FIELD_CODES[bit]) {
      case SVARINT: t[FIELD_NAMES[bit]] = r.zigzag(); break;
      case VARINT: t[FIELD_NAMES[bit]] = r.varint(); break;
      case VARINT16: {
        const start = r.o;
        const w = r.varint();
        if (w > 65535) r.fail(`${FIELDS[bit].words} ${w} exceeds 65535`, start);
        t[FIELD_NAMES[bit]] = w;
        break;
      }
      case U8: t[FIELD_NAMES[bit]] = r.byte(); break;
      case KIND: {
        const kind = r.byte();
        if (kind > 6) r.fail(`item kind ${kind} is not 0...6`, r.o - 1);
        t[FIELD_NAMES[bit]] = kind;
        break;
      }
      case UTF8: t[FIELD_NAMES[bit]] = r.utf8(LIMITS.maxTextBytes, FIELDS[bit].words); break;
      default: {
        const flag = r.byte();
        if (flag === 0) t[FIELD_NAMES[bit]] = null;
        else if (flag === 1) {
          const x = r.zigzag(), y = r.zigzag(), width = r.zigzag(), height = r.zigzag();
          t[FIELD_NAMES[bit]] = { x, y, width, height, cornerRadius: r.zigzag() };
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
