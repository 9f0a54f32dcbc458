// Web/motions.js against the core (Tests/Vectors/motions.json, written by Swift's
// PaintMotionVectorTests): each record of random motions — mixes and slides, named and random
// curves, autoreverse, paused, numbers on and off the 1/8 grid; item fields along sampled points, stepping at random
// rates — decodes, hashes as Swift's term, and plays to exactly the paints and field values the
// core gives at each of six random times. A host plays the curve the core declared, to the last
// bit the wire carries.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { readMotions as readRecord, motionPaint, itemMotionValue, playMotions, moving, MotionError } from "../../Web/motions.js";
import { decodeMessage, frameHash, Mirror, defaultItem, LAYER } from "../../Web/wire.js";

const vectors = JSON.parse(readFileSync(new URL("../Vectors/motions.json", import.meta.url), "utf8"));
const bytes = (/** @type {string} */ hex) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
/** The paints' motions of a record. */
const readMotions = (/** @type {Uint8Array} */ b) => readRecord(b).motions;

test("every motion plays to the core's paint at every time", () => {
  assert.ok(vectors.length >= 100);
  let paints = 0;
  for (const { record, at } of vectors) {
    const motions = readMotions(bytes(record));
    for (const { t, paints: expected } of at) {
      assert.deepEqual(motions.map((m) => motionPaint(m, t)), expected, `record ${record.slice(0, 24)}… at ${t}`);
      paints += expected.length;
    }
  }
  assert.ok(paints > 1000, `${paints} paints checked`);
});

test("every item motion plays to the core's field value at every time", () => {
  let values = 0;
  for (const { record, bases, at } of vectors) {
    const { items } = readRecord(bytes(record));
    assert.equal(items.length, bases.length);
    for (const { t, fields } of at) {
      assert.deepEqual(items.map((m, i) => itemMotionValue(m, bases[i], t)), fields, `record ${record.slice(0, 24)}… at ${t}`);
      values += fields.length;
    }
  }
  assert.ok(values > 500, `${values} values checked`);
});

test("playing a frame moves its items' fields alone, sharing every list not on the way to one", () => {
  const spinner = { ...defaultItem(7), kind: 6 };
  const still = defaultItem(5);
  const layer = { ...defaultItem(3), kind: LAYER, children: [still, spinner] };
  const other = { ...defaultItem(9), kind: LAYER, children: [defaultItem(10)] };
  const motion = { id: 7, field: "rotation", start: 0, steps: { count: 8, rate: 8, increment: 8192 } };
  const frame = { width: 8, height: 8, background: 0, paints: [], items: [layer, other], itemMotions: [motion] };
  const a = playMotions(frame, 0.3);
  assert.equal(a.items[0].children?.[1].rotation, 2 * 8192);
  assert.equal(a.items[0].children?.[0], still, "an item that does not move is the frame's own");
  assert.equal(a.items[1], other, "a layer without a moving item is the frame's own");
  assert.equal(frame.items[0].children[1].rotation, 0, "the frame is not edited");
  const b = playMotions(frame, 0.35);
  assert.equal(b.items, a.items, "the same step: the same lists, so a renderer sees nothing to draw");
  const c = playMotions(frame, 0.4);
  assert.notEqual(c.items, a.items);
  assert.equal(c.items[0].children?.[1].rotation, 3 * 8192);
  assert.equal(moving(frame, 100), true, "a stepping field never stops");
  // The same items with other motions (a fade begun again from where it was): played by the new ones.
  const faster = { ...frame, itemMotions: [{ ...motion, steps: { count: 8, rate: 16, increment: 8192 } }] };
  assert.equal(playMotions(faster, 0.3).items[0].children?.[1].rotation, 4 * 8192);
  // Two fields of one item (an indicator shrinking past an edge: its place and its length).
  const both = { ...frame, itemMotions: [{ id: 7, field: "y", start: 0, points: { interval: 0.5, values: [0, 80] } },
    { id: 7, field: "height", start: 0, points: { interval: 0.5, values: [40, 20] } }] };
  const played = playMotions(both, 0.25).items[0].children?.[1];
  assert.deepEqual([played?.y, played?.height], [40, 30]);
});

test("a stepping item not shown (opacity 0, nothing fading it in) keeps no host's frame loop awake", () => {
  const turn = { id: 7, field: "rotation", start: 0, steps: { count: 8, rate: 8, increment: 8192 } };
  const frameWith = (opacity, more = []) => ({ width: 8, height: 8, background: 0, paints: [],
    items: [{ ...defaultItem(3), kind: LAYER, children: [{ ...defaultItem(7), kind: 4, opacity }] }], itemMotions: [turn, ...more] });
  assert.equal(moving(frameWith(0), 5), false, "a list's refresh spinner at rest: nothing to draw");
  assert.equal(moving(frameWith(255), 5), true, "shown: it turns");
  const fadeIn = { id: 7, field: "opacity", start: 4, fade: { duration: 0.3, curve: { x1: 0, y1: 0, x2: 1, y2: 1 }, from: 0, to: 1, scale: 1 } };
  assert.equal(moving(frameWith(0, [fadeIn]), 5), true, "fading in from 0: it shows, turning");
  assert.equal(playMotions(frameWith(0), 0.3).items[0].children?.[0].rotation, 2 * 8192, "still played when drawn");
});

test("a frame's motions count in its hash as Swift's term", () => {
  for (const { record, hashTerm } of vectors) {
    const motionBytes = bytes(record);
    const motions = readMotions(motionBytes);
    const paints = Array.from({ length: 20 }, () => ({ kind: /** @type {const} */ ("solid"), color: 0xFFFFFFFF }));
    const plain = { width: 0, height: 0, background: 0xFFFFFFFF, paints, items: [] };
    assert.equal((frameHash({ ...plain, motions, motionBytes }) - frameHash(plain)) >>> 0, hashTerm);
  }
});

test("playing a frame changes its motions' slots alone, and a frame without motions is itself", () => {
  const [{ record }] = vectors;
  const motions = readMotions(bytes(record));
  const paints = Array.from({ length: 20 }, (_, i) => ({ kind: /** @type {const} */ ("solid"), color: i }));
  const frame = { width: 8, height: 8, background: 0, paints, items: [], motions, motionBytes: bytes(record) };
  const played = playMotions(frame, 1.25);
  assert.equal(played.items, frame.items, "the items are shared");
  played.paints.forEach((p, slot) => {
    const m = motions.find((x) => x.slot === slot);
    assert.deepEqual(p, m ? motionPaint(m, 1.25) : paints[slot]);
  });
  const still = { width: 8, height: 8, background: 0, paints, items: [] };
  assert.equal(playMotions(still, 3), still);
  assert.equal(moving(still, 3), false);
  assert.equal(moving({ ...frame, motions: motions.map((m) => ({ ...m, pausedAt: 2 })) }, 3), false, "all paused");
});

test("a record the core would never write is refused, in words", () => {
  // Numbers: 00 = 0, 10 = 0.5, 20 = 1, 40 = 2 (varint zigzag(v × 8) << 1); 01 then a double.
  const bad = [
    ["01 00 09 00 00 10 00 00 20 20 00 00 00 00 00 00 00 00", /unknown motion path 9/],
    ["01 00 00 04 00 10 00 00 20 20 00 00 00 00 00 00 00 00", /reserved bits/],
    ["01 00 00 00 00 00 00 00 20 20 00 00 00 00 00 00 00 00", /duration must be more than 0/],
    ["01 00 00 00 00 10 40 00 20 20 00 00 00 00 00 00 00 00", /not within 0\.\.\.1/],
    ["01 00 00 00 03 10 00 00 20 20 00 00 00 00 00 00 00 00", /unknown number code 3/],
    ["01 00 00 00 01 00 00 00 00 00 00 f8 7f 10 00 00 20 20 00 00 00 00 00 00 00 00", /not a finite number/],
    ["01 00 00 00 00 10 00 00 20 20 00 00 00 00 00 00 00 00 00 ff", /unexpected bytes/],
    ["05 00", /do not fit/],
    // Item motions after an empty paint list: id gap, field bit, path, start, steps, rate, increment.
    ["00 01 00 0e 00 00 08 40 00", /item field 14 cannot move/],
    ["00 01 00 06 04 00 08 40 00", /unknown item motion path 4/],
    // Points: start, interval (10 = 0.5 s), count, the first value, then differences (zigzag).
    ["00 01 00 06 02 00 00 02 00 00", /interval of 0 s is not within/],
    ["00 01 00 06 02 00 10 01 00", /has 1 points, not 2 or more/],
    ["00 01 00 06 02 00 10 81 08 00", /motion points 1025 exceeds 1024/],
    ["00 01 00 05 02 00 10 02 00 82 04", /value of 257 is not an opacity/],
    ["00 01 00 06 01 00 08 40 00", /cannot move by path 1/],
    ["00 01 00 05 00 00 08 40 00", /cannot move by path 0/],
    // A fade: start, duration, curve x1 y1 x2 y2, from, to, scale (numbers: 10 = 0.5, 20 = 1, 40 = 2).
    ["00 01 00 05 01 00 1e 00 00 20 20 00 20 20", /duration is negative/],
    ["00 01 00 05 01 00 10 00 00 20 20 00 40 20", /opacity 2 is not within/],
    ["00 01 00 06 00 00 00 40 00", /has no steps/],
    ["00 01 00 06 00 00 08 00 00", /rate of 0 a second/],
    ["00 01 00 06 00 00 08 40 00 00", /unexpected bytes/],
    ["00 01 ffffffff07 06 00 00 08 40 00", /id past the limit/],
    // Two motions of one item: bit 7 of the first's field byte, no id gap before the second.
    ["00 02 03 81 02 00 10 03 00 10 0f 01 02 00 10 02 00 02", /fields in ascending order, each once/],
    ["00 02 03 81 02 00 10 03 00 10 0f 00 02 00 10 02 00 02", /fields in ascending order, each once/],
    ["00 01 03 81 02 00 10 03 00 10 0f", /says another of its item's follows/],
  ];
  for (const [hex, reason] of bad) {
    assert.throws(() => readMotions(bytes(hex.replace(/ /g, ""))), (e) => e instanceof MotionError && reason.test(e.message), hex);
  }
  const good = readMotions(bytes("01 00 00 01 00 10 00 00 20 20 00 00 00 00 00 00 00 00 00".replace(/ /g, "")));
  assert.deepEqual(good, [{ slot: 0, path: { kind: "mix", from: 0, to: 0 }, start: 0, duration: 0.5, curve: [0, 0, 1, 1], autoreverse: true, pausedAt: null }]);
  const spinner = readRecord(bytes("00 01 06 06 00 00 08 80 02 80 80 01".replace(/ /g, ""))).items;
  assert.deepEqual(spinner, [{ id: 7, field: "rotation", start: 0, steps: { count: 8, rate: 8, increment: 8192 } }]);
  const fade = readRecord(bytes("00 01 08 05 01 00 10 00 00 20 20 00 20 20".replace(/ /g, ""))).items;
  assert.deepEqual(fade, [{ id: 9, field: "opacity", start: 0, fade: { duration: 0.5, curve: [0, 0, 1, 1], from: 0, to: 1, scale: 1 } }]);
  assert.equal(itemMotionValue(fade[0], 0, 0.25), 128, "half way along a linear fade: round(127.5)");
  const [points] = readRecord(bytes("00 01 03 01 02 00 10 03 00 10 0f".replace(/ /g, ""))).items;
  assert.deepEqual(points, { id: 4, field: "y", start: 0, points: { interval: 0.5, values: [0, 8, 0] } });
  const both = readRecord(bytes("00 02 03 81 02 00 10 03 00 10 0f 03 02 00 10 02 00 02".replace(/ /g, ""))).items;
  assert.deepEqual(both, [points, { id: 4, field: "height", start: 0, points: { interval: 0.5, values: [0, 1] } }]);
  // The shortest motions (PaintMotionVectorTests has the same record): the second in six bytes.
  const shortest = readRecord(bytes("00 02 03 86 00 00 01 10 02 0b 00 00 01 10 02".replace(/ /g, ""))).items;
  assert.deepEqual(shortest.map((m) => m.field), ["rotation", "arcStart"]);
  assert.deepEqual([-1, 0, 0.25, 0.5, 0.75, 1, 9].map((t) => itemMotionValue(points, 99, t)), [0, 0, 4, 8, 4, 0, 0],
    "joined by lines, halves rounded up, held at both ends, whatever the base");
  // The same points as a loop (path 3): again from the first at each period's end, for ever.
  const [loop] = readRecord(bytes("00 01 03 01 03 00 10 03 00 10 0f".replace(/ /g, ""))).items;
  assert.deepEqual(loop, { id: 4, field: "y", start: 0, loop: { interval: 0.5, values: [0, 8, 0] } });
  assert.deepEqual([-1, 0, 0.25, 0.5, 1, 1.25, 9.5].map((t) => itemMotionValue(loop, 99, t)), [0, 0, 4, 8, 0, 4, 8]);
  assert.equal(moving({ width: 8, height: 8, background: 0, paints: [], items: [{ ...defaultItem(4) }], itemMotions: [loop] }, 1e6), true,
    "a loop never ends");
});

test("a keyframe's motions, then a delta that ends them, through the mirror", () => {
  // Keyframe: one paint slot, motions record (tag 3) with mixes of slot 0 and no item motion; then a
  // delta with an empty record (no paint motion, no item motion).
  const [{ record }] = vectors.filter((v) => {
    const { motions, items } = readRecord(bytes(v.record));
    return items.length === 0 && motions.every((m) => m.slot === 0);
  });
  const motionBytes = bytes(record);
  const paints = [{ kind: /** @type {const} */ ("solid"), color: 0x112233FF }];
  const frame = { width: 0, height: 0, background: 0xFFFFFFFF, paints, items: [], motions: readMotions(motionBytes), itemMotions: [], motionBytes };
  const head = (/** @type {number} */ type, /** @type {number} */ seq, /** @type {number} */ hash, /** @type {Uint8Array} */ ext) =>
    [0x56, 2, type | 0x10, seq, hash & 255, (hash >>> 8) & 255, (hash >>> 16) & 255, hash >>> 24, 1, 3, ext.length, ...ext];
  const keyframe = Uint8Array.from([...head(1, 1, frameHash(frame), motionBytes), 0, 0, 0xff, 0xff, 0xff, 0xff, 1, 0, 0x11, 0x22, 0x33, 0xff, 0]);
  const mirror = new Mirror();
  const first = mirror.apply(keyframe);
  assert.ok(first.ok, first.reason);
  assert.deepEqual(first.frame?.motions, frame.motions);
  const ended = { width: 0, height: 0, background: 0xFFFFFFFF, paints, items: [] };
  const delta = Uint8Array.from([...head(2, 2, frameHash(ended), Uint8Array.of(0, 0)), 0]);
  assert.equal(decodeMessage(delta).type, "delta");
  const second = mirror.apply(delta);
  assert.ok(second.ok, second.reason);
  assert.equal(second.frame?.motions, undefined, "no motions any more");
});
