// Web/wire-format.js' item field table (FIELDS, re-exported by wire.js): the same fields in the same bits as Swift's
// (ItemFields.table, written to Tests/Vectors/fields.json by ItemFieldTableTests), the fields a
// motion may move as Swift's (motions.js' MOVABLE, ItemMotion.fields: fields.json's "movable"), and as
// docs/PROTOCOL.md's "Item fields"; and every field, set alone to a random value, decodes from a
// keyframe and from a delta, hashes as the bytes its encoding says, and differs from the default in
// exactly its bit. The tests iterate the table: a field added there is checked without another edit.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { FIELDS, decodeMessage, Mirror, frameHash, defaultItem, LAYER } from "../../Web/wire.js";
import { MOVABLE } from "../../Web/motions.js";

const swiftTable = JSON.parse(readFileSync(new URL("../Vectors/fields.json", import.meta.url), "utf8"));
const protocol = readFileSync(new URL("../../docs/PROTOCOL.md", import.meta.url), "utf8");

test("FIELDS lists the fields of Swift's table (Tests/Vectors/fields.json) in the same bits", () => {
  assert.deepEqual(
    FIELDS.map((f) => ({ bit: f.bit, name: f.name, words: f.words, encoding: f.encoding, default: f.default })),
    swiftTable.map(({ movable, ...row }) => row),
  );
  FIELDS.forEach((f, bit) => assert.equal(f.mask, 2 ** bit, f.name));
});

test("the fields a motion may move (motions.js' MOVABLE) are Swift's (ItemMotion.fields, fields.json's movable)", () => {
  assert.deepEqual(MOVABLE, swiftTable.filter((row) => row.movable).map((row) => row.name));
  for (const row of swiftTable) assert.equal(typeof row.movable, "boolean", row.name);
});

test("FIELDS agrees with docs/PROTOCOL.md's item field table", () => {
  const section = protocol.slice(protocol.indexOf("### Item fields"));
  const rows = [...section.slice(0, section.indexOf("\n### ", 4)).matchAll(/^\| (\d+) \| (0x[0-9a-f]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$/gm)];
  assert.equal(rows.length, FIELDS.length, "one row per field");
  // The encoding column starts with the encoding's wire words; the default column as written there.
  const encodings = { svarint: /^svarint$/, varint: /^varint$/, varint16: /^varint \(≤ 65535\)$/, u8: /^u8$/,
    kind: /^u8 \(≤ \d+;/, utf8: /^utf8 \(≤ [\d,]+ bytes\)$/, clip: /^u8 0 = none, or u8 1 then svarint x, y, width, height, cornerRadius/ };
  const defaults = (/** @type {unknown} */ d) => (d === null ? "none" : d === "" ? '""' : String(d));
  rows.forEach(([, bit, mask, field, encoding, value], i) => {
    const f = FIELDS[i];
    assert.equal(Number(bit), f.bit, f.name);
    assert.equal(Number(mask), f.mask, f.name);
    assert.equal(field.trim().split(/[ :]/)[0], f.name);
    assert.match(encoding.trim(), encodings[f.encoding], f.name);
    assert.equal(value.trim(), defaults(f.default), f.name);
  });
  assert.match(section, new RegExp(`Bits ${FIELDS.length} and up must be 0\\.`));
});

test("defaultItem is the id and every field at its default", () => {
  const item = defaultItem(7);
  assert.deepEqual(Object.keys(item), ["id", ...FIELDS.map((f) => f.name)]);
  for (const f of FIELDS) assert.equal(item[f.name], f.default, f.name);
});

// A deterministic generator (xorshift32).
function generator(seed) {
  let s = seed * 2654435761 >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s;
  };
}

/** A random value of the encoding, different from `d`; no layers (an update cannot make one). */
function randomValue(encoding, d, next) {
  for (;;) {
    let v;
    switch (encoding) {
      case "svarint": v = next() | 0; break;
      case "varint": v = next(); break;
      case "varint16": v = next() & 0xffff; break;
      case "u8": v = next() & 0xff; break;
      case "kind": v = next() % 7; if (v === LAYER) v = 6; break;
      case "utf8": v = `field ${next() % 1000} é ✓`; break;
      case "clip": v = { x: next() | 0, y: next() | 0, width: next() % 5000, height: next() % 7000, cornerRadius: next() % 64 }; break;
      default: throw new Error(`teach this test the encoding ${encoding}`);
    }
    if (JSON.stringify(v) !== JSON.stringify(d)) return v;
  }
}

// An encoder written from docs/PROTOCOL.md, independent of Web/wire.js: bytes as arrays.
const varint = (v) => { const out = []; while (v >= 0x80) { out.push((v & 0x7f) | 0x80); v = Math.floor(v / 128); } out.push(v); return out; };
const zigzag = (n) => varint(((n << 1) ^ (n >> 31)) >>> 0);
const utf8 = new TextEncoder();
/** The bytes of one field's value as its encoding writes it. */
function fieldBytes(encoding, v) {
  switch (encoding) {
    case "svarint": return zigzag(v);
    case "varint": case "varint16": return varint(v);
    case "u8": case "kind": return [v];
    case "utf8": { const b = [...utf8.encode(v)]; return [...varint(b.length), ...b]; }
    default: return v === null ? [0] : [1, ...zigzag(v.x), ...zigzag(v.y), ...zigzag(v.width), ...zigzag(v.height), ...zigzag(v.cornerRadius)];
  }
}
const fnv = (bytes) => bytes.reduce((h, b) => Math.imul(h ^ b, 16777619), 0x811c9dc5 | 0);
const u32le = (v) => [v & 255, (v >>> 8) & 255, (v >>> 16) & 255, v >>> 24];
const WIDTH = 800, HEIGHT = 600, BACKGROUND = 0xffffffff;
/** A keyframe entry: id 7, mask of exactly `f`'s bit (or none), the value. */
const entry = (f, v) => (f ? [...varint(7), ...varint(f.mask), ...fieldBytes(f.encoding, v)] : [...varint(7), 0]);
/** The frame hash of a frame of one entry, from the bytes (docs/PROTOCOL.md, "Frame hash"). */
const hashOf = (entryBytes) => (fnv([...zigzag(WIDTH), ...zigzag(HEIGHT), ...u32le(BACKGROUND).reverse(), 0, 1])
  + fnv([0, 0, ...entryBytes])) >>> 0;
const keyframe = (seq, entryBytes) => Uint8Array.from([0x56, 2, 1, ...varint(seq), ...u32le(hashOf(entryBytes)),
  ...zigzag(WIDTH), ...zigzag(HEIGHT), 0xff, 0xff, 0xff, 0xff, 0, 1, ...entryBytes]);

test("every field, set alone to a random value, decodes, hashes as its bytes and updates in its bit alone", () => {
  for (let seed = 1; seed <= 20; seed++) {
    const next = generator(seed);
    for (const f of FIELDS) {
      const value = randomValue(f.encoding, f.default, next);
      const item = { ...defaultItem(7), [f.name]: value };
      const frame = { width: WIDTH, height: HEIGHT, background: BACKGROUND, paints: [], items: [item] };
      const base = { ...frame, items: [defaultItem(7)] };

      // Keyframe: the entry carries exactly the field's bit and decodes to the item.
      const bytes = keyframe(1, entry(f, value));
      const message = decodeMessage(bytes);
      assert.equal(message.type, "keyframe");
      assert.deepEqual(message.frame, frame, f.name);

      // Hash: what the bytes say, so the hash writes exactly the field's bit and value; not the default's.
      assert.equal(frameHash(frame), hashOf(entry(f, value)), f.name);
      assert.equal(frameHash(base), hashOf(entry(null)), f.name);
      assert.notEqual(frameHash(frame), frameHash(base), f.name);

      // Delta: an update of the one field (sections byte 64: updates; id 7 as its gap code (7 - 1) · 2,
      // no more after it; the mask of its bit) applied to the default item.
      const mirror = new Mirror();
      assert.equal(mirror.apply(keyframe(1, entry(null))).ok, true);
      const update = [0x56, 2, 2, ...varint(2), ...u32le(hashOf(entry(f, value))), 64, ...varint((7 - 1) * 2), ...varint(f.mask), ...fieldBytes(f.encoding, value)];
      const delta = decodeMessage(Uint8Array.from(update));
      assert.equal(delta.type, "delta");
      assert.deepEqual(delta.patch.updates, [{ id: 7, mask: f.mask, fields: { [f.name]: value } }], f.name);
      const result = mirror.apply(Uint8Array.from(update));
      assert.equal(result.ok, true, `${f.name}: ${result.reason}`);
      assert.deepEqual(result.frame, frame, f.name);
    }
  }
});
