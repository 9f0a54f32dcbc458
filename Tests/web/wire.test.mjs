// Web/wire.js against the shared vectors (Tests/Vectors, written by the Swift tests) and hostile input.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { decodeMessage, Mirror, frameHash, applyPatch, WireError, defaultItem } from "../../Web/wire.js";

const vectorsDir = new URL("../Vectors/", import.meta.url);
const names = JSON.parse(readFileSync(new URL("index.json", vectorsDir), "utf8"));
const vectors = names.map((name) => ({ name, ...JSON.parse(readFileSync(new URL(name, vectorsDir), "utf8")) }));
const fromHex = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

test("there are at least six vectors", () => {
  assert.ok(vectors.length >= 6);
});

for (const vector of vectors) {
  test(`vector ${vector.name}: every message decodes and the mirror holds the expected frame`, () => {
    const mirror = new Mirror();
    for (const expected of vector.messages) {
      const bytes = fromHex(expected.hex);
      const message = decodeMessage(bytes);
      assert.equal(message.type, expected.type);
      assert.equal(message.seq, expected.seq);
      assert.equal(message.base, expected.base);
      assert.equal(message.hash, expected.hash);
      assert.deepEqual(message.events, expected.events);
      if (message.type === "keyframe") assert.deepEqual(message.frame, expected.frame);

      const result = mirror.apply(bytes);
      assert.equal(result.ok, true, result.reason);
      assert.deepEqual(result.frame, expected.frame);
      assert.deepEqual(result.events, expected.events);
      assert.equal(frameHash(result.frame), expected.hash);
      assert.equal(mirror.frame, result.frame);
    }
  });

  test(`vector ${vector.name}: every truncation is rejected with a WireError`, () => {
    for (const expected of vector.messages) {
      const bytes = fromHex(expected.hex);
      for (let n = 0; n < bytes.length; n++) {
        assert.throws(() => decodeMessage(bytes.subarray(0, n)), WireError, `${vector.name} prefix ${n}`);
      }
    }
  });
}

test("a corrupted hash is detected and the frame is kept", () => {
  const { messages } = vectors.find((v) => v.name === "list-edits.json");
  const mirror = new Mirror();
  assert.ok(mirror.apply(fromHex(messages[0].hex)).ok);
  const bad = fromHex(messages[1].hex);
  const hashAt = 5; // magic, version, type, seq (1 byte), base distance (1 byte)
  bad[hashAt] ^= 0x01;
  const result = mirror.apply(bad);
  assert.equal(result.ok, false);
  assert.match(result.reason, /hash/);
  assert.deepEqual(mirror.frame, messages[0].frame);
  assert.equal(mirror.needsKeyframe, true);
  // Until a keyframe arrives, even the genuine next delta is refused.
  assert.equal(mirror.apply(fromHex(messages[2].hex)).ok, false);
});

test("a sequence gap is detected; a keyframe recovers", () => {
  const { messages } = vectors.find((v) => v.name === "forced-keyframe.json");
  const mirror = new Mirror();
  assert.ok(mirror.apply(fromHex(messages[0].hex)).ok);
  assert.equal(messages[2].type, "keyframe");
  assert.equal(messages[3].base, messages[2].seq);
  // Skip message 1 and deliver a delta based on message 3 while holding 1.
  const gap = mirror.apply(fromHex(messages[3].hex));
  assert.equal(gap.ok, false);
  assert.match(gap.reason, /based on message 3, the mirror holds 1/);
  const key = mirror.apply(fromHex(messages[2].hex));
  assert.ok(key.ok);
  assert.deepEqual(key.events, [{ name: "tap", node: "row/1" }, { name: "retry", node: "status" }]);
  assert.ok(mirror.apply(fromHex(messages[3].hex)).ok);
  assert.deepEqual(mirror.frame, messages[3].frame);
});

test("a delta before any keyframe asks for one", () => {
  const { messages } = vectors.find((v) => v.name === "shimmer.json");
  const result = new Mirror().apply(fromHex(messages[1].hex));
  assert.deepEqual(result, { ok: false, reason: "waiting for a keyframe", events: [] });
});

test("the worked example of docs/PROTOCOL.md decodes as documented", () => {
  const delta = decodeMessage(fromHex("56020202e7cf0a3150022d9f0ba0010402a006"));
  assert.deepEqual(delta.patch.paintEdits, [{ slot: 1, adjust: { kind: "linear", x0: -720, x1: 80 } }]);
  assert.deepEqual(delta.patch.updates, [{ id: 3, mask: 2, fields: { y: 400 } }]);
  const events = decodeMessage(fromHex("56020603e7cf0a31010374617005726574727900"));
  assert.deepEqual(events.events, [{ name: "tap", node: "retry" }]);
  assert.equal(events.base, 2);
});

test("the type/flags byte says whether a base distance and events follow", () => {
  // Common delta: type 2, seq 300, base 299 implied, no events.
  const common = decodeMessage(fromHex("560202ac020102030400"));
  assert.deepEqual([common.seq, common.base, common.hash, common.events], [300, 299, 0x04030201, []]);
  // Bit 3: an explicit distance (3) after the seq.
  assert.equal(decodeMessage(fromHex("56020aac02030102030400")).base, 297);
  // Sequence numbers wrap: seq 0 is based on 2^32 - 1.
  assert.equal(decodeMessage(fromHex("560202000000000000")).base, 0xffffffff);
  // Keyframe with bit 2: events after the hash.
  const keyframe = decodeMessage(fromHex("56020501000000000103746170057265747279" + "0000ffffffff0000"));
  assert.deepEqual(keyframe.events, [{ name: "tap", node: "retry" }]);
  assert.equal(keyframe.base, null);
  // Bit 4: extension records; an unknown optional one (even tag) is kept, a required one (odd) refused.
  const extended = decodeMessage(fromHex("56021202000000000104030102" + "03" + "00"));
  assert.deepEqual(extended.extensions, [{ tag: 4, payload: Uint8Array.of(1, 2, 3) }]);
  // Extension 2 puts a row range on an event ("rows" on "f": rows 40 up to 60), and is not kept.
  const rows = decodeMessage(fromHex("5602160200000000010472 6f77730166 0102040100281400".replace(/ /g, "")));
  assert.deepEqual(rows.events, [{ name: "rows", node: "f", range: { start: 40, end: 60 } }]);
  assert.deepEqual(rows.extensions, []);
  assert.throws(() => decodeMessage(fromHex("5602120200000000010500" + "00")), /must be understood/);
});

test("paint edits chain with a more bit instead of a count", () => {
  const m = decodeMessage(fromHex("56020202000000001001001122334403005566778800" + "0099aabbcc"));
  assert.deepEqual(m.patch.paintEdits, [
    { slot: 0, paint: { kind: "solid", color: 0x11223344 } },
    { slot: 2, paint: { kind: "solid", color: 0x55667788 } },
    { slot: 3, paint: { kind: "solid", color: 0x99aabbcc } },
  ]);
});

test("malformed messages (Tests/Vectors/malformed.json, shared with Swift) are rejected with a reason", () => {
  const cases = JSON.parse(readFileSync(new URL("malformed.json", vectorsDir), "utf8"));
  assert.ok(cases.length >= 20);
  for (const { hex, reason } of cases) {
    assert.throws(() => decodeMessage(fromHex(hex)), (e) => e instanceof WireError && e.message.includes(reason), hex);
  }
});

test("random corruption never throws anything but a WireError", () => {
  let seed = 12345;
  const rand = (n) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed % n; };
  const originals = vectors.flatMap((v) => v.messages.map((m) => fromHex(m.hex)));
  for (let round = 0; round < 5000; round++) {
    const bytes = Array.from(originals[rand(originals.length)]);
    for (let k = 1 + rand(4); k > 0; k--) {
      const i = rand(bytes.length);
      switch (rand(3)) {
        case 0: bytes[i] ^= 1 << rand(8); break;
        case 1: bytes[i] = rand(256); break;
        default: bytes.splice(i, 1 + rand(8));
      }
    }
    try {
      const message = decodeMessage(Uint8Array.from(bytes));
      assert.ok(message.type === "keyframe" || message.type === "delta");
    } catch (e) {
      assert.ok(e instanceof WireError, `${e}`);
    }
  }
});

test("applying a patch never changes the frame it was given", () => {
  const { messages } = vectors.find((v) => v.name === "list-edits.json");
  const mirror = new Mirror();
  mirror.apply(fromHex(messages[0].hex));
  const before = mirror.frame;
  const snapshot = JSON.stringify(before);
  for (const m of messages.slice(1)) assert.ok(mirror.apply(fromHex(m.hex)).ok);
  assert.equal(JSON.stringify(before), snapshot);
});

test("a duplicate id created by an insert is refused", () => {
  const frame = { width: 0, height: 0, background: 0xffffffff, paints: [], items: [defaultItem(1)] };
  const patch = {
    width: null, height: null, background: null, paintCount: null, paintEdits: [],
    structure: [{ layer: 0, removes: [], placements: [{ index: 1, item: defaultItem(1) }] }], updates: [],
  };
  assert.throws(() => applyPatch(frame, patch), /appear twice/);
});

test("layers: a patch edits a nested child list and updates a layer by id, sharing the rest", () => {
  const layer = (id, children) => ({ ...defaultItem(id), kind: 5, children });
  const frame = {
    width: 0, height: 0, background: 0xffffffff, paints: [],
    items: [layer(10, [defaultItem(1), layer(20, [defaultItem(2)])]), layer(30, [defaultItem(3)])],
  };
  const patch = {
    width: null, height: null, background: null, paintCount: null, paintEdits: [],
    structure: [{ layer: 20, removes: [0], placements: [{ index: 0, item: defaultItem(4) }] }],
    updates: [{ id: 10, mask: 2, fields: { y: 80 } }],
  };
  const next = applyPatch(frame, patch);
  assert.equal(next.items[0].y, 80);
  assert.deepEqual(next.items[0].children[1].children.map((e) => e.id), [4]);
  assert.equal(next.items[1], frame.items[1], "an untouched layer is shared");
  assert.deepEqual(frame.items[0].children[1].children.map((e) => e.id), [2], "the old frame is unchanged");
  const unknown = { ...patch, structure: [{ layer: 1, removes: [0], placements: [] }], updates: [] };
  assert.throws(() => applyPatch(frame, unknown), /not a layer/);
});

test("10,000 items: a 1 % delta applies and verifies quickly", () => {
  const items = [];
  for (let i = 0; i < 10000; i++) items.push({ ...defaultItem(i + 1), x: 128, y: i * 8, width: 800, height: 40, fill: 1 });
  let frame = { width: 3120, height: 6752, background: 0xf2f2f7ff, paints: [{ kind: "solid", color: 0xecf0f1ff }], items };
  const updates = [];
  for (let i = 0; i < 10000; i += 100) updates.push({ id: i + 1, mask: 2, fields: { y: i * 8 + 4 } });
  const patch = { width: null, height: null, background: null, paintCount: null, paintEdits: [], structure: [], updates };
  const times = [];
  for (let k = 0; k < 30; k++) {
    const start = performance.now();
    frame = applyPatch(frame, patch);
    const hash = frameHash(frame);
    times.push(performance.now() - start);
    if (k === 0) assert.equal(hash, frameHash(structuredClone(frame)));
    for (const u of updates) u.fields.y += 1;
  }
  assert.equal(frame.items[100].y, 100 * 8 + 4 + 29);
  const perMessage = times.slice(10).sort((a, b) => a - b)[10]; // median after warm-up
  console.log(`apply + hash of a 10,000-item frame: ${perMessage.toFixed(2)} ms`);
  assert.ok(perMessage < 16, `${perMessage} ms per message`);
});
