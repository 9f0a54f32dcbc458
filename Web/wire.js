// veil.v1 wire format: decoder, frame hash and mirror (docs/PROTOCOL.md). ES module, no build step.
// Mirrors Sources/VeilCore/Patch/* line for line: same bounds, same apply algorithm, same hash.
//
//   decodeMessage(bytes) → {type: "keyframe"|"delta", seq, base, hash, events: [{name, node}], frame | patch}
//   new Mirror().apply(bytes) → {ok: true, frame, events} | {ok: false, reason, events}
//   frameHash(frame) → FNV-1a (32 bit) of the frame's canonical serialization (the keyframe body)
//
// Frames use the JS frame shape: {width, height, background, paints, items}, raw wire integers
// (1/8 pt, colours as unsigned 0xRRGGBBAA). Frames are never mutated: applying a patch builds a new
// frame object that shares unchanged items with the old one.

export const MAGIC = 0x56;
export const VERSION = 1;
const KEYFRAME = 1;
const DELTA = 2;
// The type/flags byte: bits 0-1 the type; bit 2 an events section follows the hash; bit 3 a base
// distance follows the seq (else the base is seq - 1); bits 4-7 must be 0.
const TYPE_MASK = 3;
const HAS_EVENTS = 4;
const HAS_BASE_DISTANCE = 8;
const KNOWN_BITS = TYPE_MASK | HAS_EVENTS | HAS_BASE_DISTANCE;

export const LIMITS = Object.freeze({
  maxMessageBytes: 16 << 20,
  maxItems: 100000,
  maxPaints: 4096,
  maxStops: 64,
  maxTextBytes: 16384,
  maxEvents: 256,
  maxEventFieldBytes: 16384,
});

// Item field mask bits (docs/PROTOCOL.md, "Item fields"), in wire order.
export const FIELDS = Object.freeze([
  "x", "y", "width", "height", "fill", "opacity", "rotation", "cornerRadius", "stroke", "lineWidth",
  "clip", "arcStart", "arcSweep", "text", "kind", "fontSize", "fontWeight", "baseline",
]);
const ALL_FIELDS = (1 << FIELDS.length) - 1;

// Patch section bits.
const S_WIDTH = 1, S_HEIGHT = 2, S_BACKGROUND = 4, S_PAINT_COUNT = 8;
const S_PAINT_EDITS = 16, S_REMOVES = 32, S_PLACEMENTS = 64, S_UPDATES = 128;
// Paint edit code: bits 0-1 kind, bit 2 adjustment, bits 3-6 coordinates, bit 7 stops.
const PAINT_KINDS = ["solid", "linear", "radial"];
const COORDINATES = { linear: ["x0", "y0", "x1", "y1"], radial: ["cx", "cy", "radius"] };

export class WireError extends Error {
  constructor(offset, reason) {
    super(`veil.v1 message, byte ${offset}: ${reason}`);
    this.name = "WireError";
    this.offset = offset;
    this.reason = reason;
  }
}

export class PatchError extends Error {
  constructor(reason) {
    super(reason);
    this.name = "PatchError";
  }
}

/** A rect item with every field at its default: the base of every item on the wire. */
export function defaultItem(id) {
  return {
    id, kind: 0, x: 0, y: 0, width: 0, height: 0, cornerRadius: 0, fill: 0, stroke: 0, lineWidth: 0,
    opacity: 255, rotation: 0, clip: null, text: "", fontSize: 0, fontWeight: 400, baseline: 0,
    arcStart: 0, arcSweep: 0,
  };
}

const utf8Decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

class Reader {
  constructor(bytes) {
    this.b = bytes;
    this.o = 0;
  }
  get remaining() { return this.b.length - this.o; }
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
  count(max, minBytes, what) {
    const start = this.o;
    const n = this.varint();
    if (n > max) this.fail(`${n} ${what} exceed the limit of ${max}`, start);
    if (n * minBytes > this.remaining) this.fail(`${n} ${what} do not fit in the ${this.remaining} bytes left`, start);
    return n;
  }
  bounded(max, what) {
    const start = this.o;
    const n = this.varint();
    if (n > max) this.fail(`${what} ${n} exceeds ${max}`, start);
    return n;
  }
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

/** Decodes one message; throws WireError on truncated, corrupt or oversized input. */
export function decodeMessage(bytes) {
  if (bytes instanceof ArrayBuffer) bytes = new Uint8Array(bytes);
  if (!(bytes instanceof Uint8Array)) throw new TypeError("decodeMessage expects a Uint8Array or an ArrayBuffer");
  if (bytes.length > LIMITS.maxMessageBytes) {
    throw new WireError(0, `message of ${bytes.length} bytes exceeds the limit of ${LIMITS.maxMessageBytes}`);
  }
  const r = new Reader(bytes);
  if (r.byte() !== MAGIC) r.fail("not a veil message (magic byte is not 0x56)", 0);
  const version = r.byte();
  if (version !== VERSION) r.fail(`unsupported version ${version}, expected 1`, 1);
  const flags = r.byte();
  const type = flags & TYPE_MASK;
  if (type !== KEYFRAME && type !== DELTA) r.fail(`unknown message type ${type}`, 2);
  if (flags & ~KNOWN_BITS) r.fail(`type byte ${flags} has reserved bits set (bits 4-7 must be 0)`, 2);
  if (type === KEYFRAME && (flags & HAS_BASE_DISTANCE)) r.fail("a keyframe has no base", 2);
  const seq = r.varint();
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
  const message = { type: type === KEYFRAME ? "keyframe" : "delta", seq, base, hash, events };
  if (type === KEYFRAME) message.frame = readFrame(r);
  else message.patch = readPatch(r);
  if (r.remaining > 0) r.fail(`${r.remaining} unexpected bytes after the message`);
  return message;
}

function readEvents(r) {
  const start = r.o;
  const n = r.count(LIMITS.maxEvents, 2, "events");
  if (n === 0) r.fail("the events section is present but empty", start);
  const events = [];
  for (let i = 0; i < n; i++) {
    const name = r.utf8(LIMITS.maxEventFieldBytes, "event name");
    const node = r.utf8(LIMITS.maxEventFieldBytes, "event node");
    events.push({ name, node });
  }
  return events;
}

function readFrame(r) {
  const width = r.zigzag();
  const height = r.zigzag();
  const background = r.color();
  const paintCount = r.count(LIMITS.maxPaints, 5, "paints");
  const paints = new Array(paintCount);
  for (let i = 0; i < paintCount; i++) {
    const code = r.byte();
    if (code > 2) r.fail(`paint code ${code} is not 0, 1 or 2`, r.o - 1);
    paints[i] = readPaint(code, r);
  }
  const itemCount = r.count(LIMITS.maxItems, 2, "items");
  const items = new Array(itemCount);
  const ids = new Set();
  for (let i = 0; i < itemCount; i++) {
    const start = r.o;
    const item = readFullItem(r);
    if (ids.has(item.id)) r.fail(`item id ${item.id} appears twice`, start);
    ids.add(item.id);
    items[i] = item;
  }
  return { width, height, background, paints, items };
}

function readPaint(kind, r) {
  if (kind === 0) return { kind: "solid", color: r.color() };
  if (kind === 1) {
    const x0 = r.zigzag(), y0 = r.zigzag(), x1 = r.zigzag(), y1 = r.zigzag();
    return { kind: "linear", x0, y0, x1, y1, stops: readStops(r) };
  }
  const cx = r.zigzag(), cy = r.zigzag(), radius = r.zigzag();
  return { kind: "radial", cx, cy, radius, stops: readStops(r) };
}

function readStops(r) {
  const n = r.count(LIMITS.maxStops, 5, "gradient stops");
  const stops = new Array(n);
  for (let i = 0; i < n; i++) {
    const start = r.o;
    const offset = r.varint();
    if (offset > 65535) r.fail(`stop offset ${offset} exceeds 65535`, start);
    stops[i] = { offset, color: r.color() };
  }
  return stops;
}

function readFullItem(r) {
  const item = defaultItem(r.varint());
  readFields(readMask(r), item, r);
  return item;
}

function readMask(r) {
  const start = r.o;
  const mask = r.varint();
  if (mask > ALL_FIELDS) r.fail("item field mask has unknown bits set", start);
  return mask;
}

// Reads the fields of `mask` into `target` (an item, or the `fields` object of an update).
function readFields(mask, target, r) {
  if (mask & 1) target.x = r.zigzag();
  if (mask & 2) target.y = r.zigzag();
  if (mask & 4) target.width = r.zigzag();
  if (mask & 8) target.height = r.zigzag();
  if (mask & 16) target.fill = r.varint();
  if (mask & 32) target.opacity = r.byte();
  if (mask & 64) target.rotation = r.zigzag();
  if (mask & 128) target.cornerRadius = r.zigzag();
  if (mask & 256) target.stroke = r.varint();
  if (mask & 512) target.lineWidth = r.zigzag();
  if (mask & 1024) {
    const flag = r.byte();
    if (flag === 0) target.clip = null;
    else if (flag === 1) {
      const x = r.zigzag(), y = r.zigzag(), width = r.zigzag(), height = r.zigzag();
      target.clip = { x, y, width, height, cornerRadius: r.zigzag() };
    } else r.fail(`clip flag ${flag} is not 0 or 1`, r.o - 1);
  }
  if (mask & 2048) target.arcStart = r.zigzag();
  if (mask & 4096) target.arcSweep = r.zigzag();
  if (mask & 8192) target.text = r.utf8(LIMITS.maxTextBytes, "text");
  if (mask & 16384) {
    const kind = r.byte();
    if (kind > 4) r.fail(`item kind ${kind} is not 0...4`, r.o - 1);
    target.kind = kind;
  }
  if (mask & 32768) target.fontSize = r.zigzag();
  if (mask & 65536) {
    const start = r.o;
    const w = r.varint();
    if (w > 65535) r.fail(`font weight ${w} exceeds 65535`, start);
    target.fontWeight = w;
  }
  if (mask & 131072) target.baseline = r.zigzag();
}

function readPatch(r) {
  const p = {
    width: null, height: null, background: null, paintCount: null,
    paintEdits: [], removes: [], placements: [], updates: [],
  };
  const sections = r.byte();
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
  if (sections & S_REMOVES) {
    const n = sectionCount(r, LIMITS.maxItems, 1, "removes");
    let previous = -1;
    for (let i = 0; i < n; i++) {
      previous = nextIndex(r, previous, LIMITS.maxItems, "removed index");
      p.removes.push(previous);
    }
  }
  if (sections & S_PLACEMENTS) {
    const n = sectionCount(r, LIMITS.maxItems, 2, "placements");
    let previous = -1;
    for (let i = 0; i < n; i++) {
      const start = r.o;
      const code = r.bounded(2 * LIMITS.maxItems + 1, "placement gap");
      const index = previous + 1 + Math.floor(code / 2);
      if (index >= LIMITS.maxItems) r.fail(`placement index ${index} exceeds the item limit`, start);
      previous = index;
      if (code & 1) p.placements.push({ index, from: r.bounded(LIMITS.maxItems - 1, "moved index") });
      else p.placements.push({ index, item: readFullItem(r) });
    }
  }
  if (sections & S_UPDATES) {
    const n = sectionCount(r, LIMITS.maxItems, 3, "updates");
    let previous = -1;
    for (let i = 0; i < n; i++) {
      const index = nextIndex(r, previous, LIMITS.maxItems, "updated index");
      previous = index;
      const start = r.o;
      const mask = readMask(r);
      if (mask === 0) r.fail("an update must change a field", start);
      const fields = {};
      readFields(mask, fields, r);
      p.updates.push({ index, mask, fields });
    }
  }
  return p;
}

function sectionCount(r, max, minBytes, what) {
  const start = r.o;
  const n = r.count(max, minBytes, what);
  if (n === 0) r.fail(`section of ${what} is present but empty`, start);
  return n;
}

function nextIndex(r, previous, limit, what) {
  const start = r.o;
  const index = previous + 1 + r.bounded(limit, what);
  if (index >= limit) r.fail(`${what} ${index} exceeds the limit of ${limit}`, start);
  return index;
}

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
  const name = PAINT_KINDS[kind];
  const adjust = { kind: name };
  const coordinates = COORDINATES[name];
  for (let i = 0; i < 4; i++) if (code & (8 << i)) adjust[coordinates[i]] = r.zigzag();
  if (code & 128) adjust.stops = readStops(r);
  return { slot, adjust };
}

/**
 * Applies a decoded patch to a frame and returns the new frame (the old one is untouched). Throws
 * PatchError when the patch does not fit. The algorithm of docs/PROTOCOL.md, "Applying a patch".
 */
export function applyPatch(frame, patch) {
  const paints = applyPaints(frame.paints, patch);
  const items = applyItems(frame.items, patch);
  return {
    width: patch.width ?? frame.width,
    height: patch.height ?? frame.height,
    background: patch.background ?? frame.background,
    paints,
    items,
  };
}

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
      paints[edit.slot] = { ...current, ...edit.adjust };
    }
  }
  if (paints.length !== newCount) throw new PatchError(`new paint slot ${paints.length} is not set`);
  return paints;
}

function applyItems(old, patch) {
  const { removes, placements, updates } = patch;
  if (removes.length === 0 && placements.length === 0 && updates.length === 0) return old;
  // 1. Detach removed items and move sources.
  const detached = new Uint8Array(old.length);
  let previous = -1;
  for (const index of removes) {
    if (index <= previous || index >= old.length) {
      throw new PatchError(`removed index ${index} is out of order or beyond the ${old.length} items`);
    }
    detached[index] = 1;
    previous = index;
  }
  let inserts = 0;
  for (const p of placements) {
    if (p.item) { inserts++; continue; }
    if (p.from >= old.length || detached[p.from]) {
      throw new PatchError(`moved index ${p.from} is beyond the ${old.length} items or already detached`);
    }
    detached[p.from] = 1;
  }
  const finalCount = old.length - removes.length + inserts;
  if (finalCount > LIMITS.maxItems) throw new PatchError(`${finalCount} items exceed the limit of ${LIMITS.maxItems}`);

  // 2. Fill from the stayers up to each placement, in ascending final index.
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
    items.push(p.item ?? old[p.from]);
  }
  for (let s = nextStayer(); s >= 0; s = nextStayer()) items.push(old[s]);

  // 3. Field updates by final index (copies: the old frame's items stay as they were).
  previous = -1;
  for (const u of updates) {
    if (u.index <= previous || u.index >= items.length) {
      throw new PatchError(`update of index ${u.index} is out of order or beyond the ${items.length} items`);
    }
    previous = u.index;
    items[u.index] = { ...items[u.index], ...u.fields };
  }

  // 4. Inserted ids must not collide.
  if (inserts > 0) {
    const ids = new Set();
    for (const item of items) {
      if (ids.has(item.id)) throw new PatchError(`item id ${item.id} would appear twice`);
      ids.add(item.id);
    }
  }
  return items;
}

// FNV-1a over the canonical serialization (the keyframe body), without building it.
class Hasher {
  constructor() { this.h = 0x811c9dc5 | 0; }
  byte(b) { this.h = Math.imul(this.h ^ b, 16777619); }
  varint(v) {
    while (v >= 0x80) {
      this.byte((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    this.byte(v);
  }
  zigzag(n) { this.varint(((n << 1) ^ (n >> 31)) >>> 0); }
  color(c) {
    this.byte(c >>> 24); this.byte((c >>> 16) & 255); this.byte((c >>> 8) & 255); this.byte(c & 255);
  }
  stops(stops) {
    this.varint(stops.length);
    for (const s of stops) { this.varint(s.offset); this.color(s.color); }
  }
  // Length-prefixed UTF-8, encoded on the fly (ASCII is one pass over the string).
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
}
const utf8Encoder = new TextEncoder();

/** The 32-bit frame hash (unsigned) that messages carry. */
export function frameHash(frame) {
  const h = new Hasher();
  h.zigzag(frame.width);
  h.zigzag(frame.height);
  h.color(frame.background);
  h.varint(frame.paints.length);
  for (const p of frame.paints) {
    if (p.kind === "solid") { h.byte(0); h.color(p.color); }
    else if (p.kind === "linear") {
      h.byte(1); h.zigzag(p.x0); h.zigzag(p.y0); h.zigzag(p.x1); h.zigzag(p.y1); h.stops(p.stops);
    } else {
      h.byte(2); h.zigzag(p.cx); h.zigzag(p.cy); h.zigzag(p.radius); h.stops(p.stops);
    }
  }
  h.varint(frame.items.length);
  for (const it of frame.items) {
    h.varint(it.id);
    let mask = 0;
    if (it.x !== 0) mask |= 1;
    if (it.y !== 0) mask |= 2;
    if (it.width !== 0) mask |= 4;
    if (it.height !== 0) mask |= 8;
    if (it.fill !== 0) mask |= 16;
    if (it.opacity !== 255) mask |= 32;
    if (it.rotation !== 0) mask |= 64;
    if (it.cornerRadius !== 0) mask |= 128;
    if (it.stroke !== 0) mask |= 256;
    if (it.lineWidth !== 0) mask |= 512;
    if (it.clip !== null) mask |= 1024;
    if (it.arcStart !== 0) mask |= 2048;
    if (it.arcSweep !== 0) mask |= 4096;
    if (it.text !== "") mask |= 8192;
    if (it.kind !== 0) mask |= 16384;
    if (it.fontSize !== 0) mask |= 32768;
    if (it.fontWeight !== 400) mask |= 65536;
    if (it.baseline !== 0) mask |= 131072;
    h.varint(mask);
    if (mask & 1) h.zigzag(it.x);
    if (mask & 2) h.zigzag(it.y);
    if (mask & 4) h.zigzag(it.width);
    if (mask & 8) h.zigzag(it.height);
    if (mask & 16) h.varint(it.fill);
    if (mask & 32) h.byte(it.opacity);
    if (mask & 64) h.zigzag(it.rotation);
    if (mask & 128) h.zigzag(it.cornerRadius);
    if (mask & 256) h.varint(it.stroke);
    if (mask & 512) h.zigzag(it.lineWidth);
    if (mask & 1024) {
      const c = it.clip;
      h.byte(1); h.zigzag(c.x); h.zigzag(c.y); h.zigzag(c.width); h.zigzag(c.height); h.zigzag(c.cornerRadius);
    }
    if (mask & 2048) h.zigzag(it.arcStart);
    if (mask & 4096) h.zigzag(it.arcSweep);
    if (mask & 8192) h.text(it.text);
    if (mask & 16384) h.byte(it.kind);
    if (mask & 32768) h.zigzag(it.fontSize);
    if (mask & 65536) h.varint(it.fontWeight);
    if (mask & 131072) h.zigzag(it.baseline);
  }
  return h.h >>> 0;
}

/**
 * A viewer's copy of the frame. Checks sequence continuity and the frame hash; on any failure the
 * frame stays as it was, `needsKeyframe` is set, and the host should send {"keyframe": true}.
 * Events are returned even when the frame could not be updated (they happened all the same).
 */
export class Mirror {
  constructor() {
    this.frame = null;
    this.seq = 0;
    this.needsKeyframe = true;
  }

  apply(bytes) {
    let message;
    try {
      message = decodeMessage(bytes);
    } catch (e) {
      this.needsKeyframe = true;
      return { ok: false, reason: e.message, events: [] };
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
        return { ok: false, reason: `patch does not apply: ${e.message}`, events };
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
