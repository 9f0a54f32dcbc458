// @ts-check
// frame-hash.js — `frameHash(frame)`: the 32-bit sum of FNV-1a terms a message carries (docs/PROTOCOL.md,
// "Frame hash"), as Sources/VeilCore/Patch computes it: the header, each paint slot, each entry with
// its parent layer and index, and the motions' record.

import { ENCODING, FIELD_CODES, FIELD_DEFAULTS, FIELD_NAMES, FIELDS, LAYER } from "./wire-format.js";

/**
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {import("./wire-format.js").Item} Item
 * @typedef {import("./wire-format.js").Paint} Paint
 * @typedef {import("./wire-format.js").Stop} Stop
 */

const { svarint: SVARINT, varint: VARINT, varint16: VARINT16, u8: U8, kind: KIND, utf8: UTF8 } = ENCODING;

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
    for (let bit = 0; bit < FIELDS.length; bit++) if (values[FIELD_NAMES[bit]] !== FIELD_DEFAULTS[bit]) mask |= 1 << bit;
    this.varint(mask);
    for (let m = mask; m !== 0; m &= m - 1) {
      const bit = 31 - Math.clz32(m & -m);
      const v = values[FIELD_NAMES[bit]];
      switch (FIELD_CODES[bit]) {
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
