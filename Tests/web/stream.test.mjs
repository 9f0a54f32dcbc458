// Web/stream.js: recorded streams decoded and described in words, for tests written in node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { decodeStream, describeMessage, describeStream, splitStream, StreamError, decimal } from "../../Web/stream.js";
import { decodeMessage, frameHash } from "../../Web/wire.js";

const examples = new URL("../../examples/", import.meta.url);
const vectors = new URL("../Vectors/", import.meta.url);
const fromHex = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
const record = (message) => {
  const out = new Uint8Array(4 + message.length);
  new DataView(out.buffer).setUint32(0, message.length, true);
  out.set(message, 4);
  return out;
};
const concat = (parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
};
const worked = JSON.parse(readFileSync(new URL("worked-example.json", vectors), "utf8")).messages;
const workedStream = concat(worked.map((m) => record(fromHex(m.hex))));

test("decodeStream gives every recorded message with its size and the frame after it", () => {
  for (const name of readdirSync(examples).filter((f) => f.endsWith(".stream"))) {
    const bytes = readFileSync(new URL(name, examples));
    const messages = decodeStream(bytes);
    assert.ok(messages.length > 0, name);
    assert.equal(messages[0].type, "keyframe", name);
    assert.deepEqual(messages.map((m) => m.seq), messages.map((_, i) => i + 1), name);
    assert.equal(messages.reduce((n, m) => n + 4 + m.byteLength, 0), bytes.length, name);
    for (const m of messages) assert.equal(frameHash(m.frame), m.hash, `${name} message ${m.index + 1}`);
  }
});

test("describeMessage writes a keyframe as its canvas, paints and nested entries", () => {
  const [keyframe] = decodeStream(workedStream);
  assert.equal(describeMessage(keyframe, null), [
    "keyframe seq 1, 95 bytes, hash 0x18C01EEB",
    "  canvas 390 × 844 pt, background #F2F2F7FF",
    "  paint 1: #1C1C1EFF",
    "  paint 2: linear (-100, 0) → (0, 0) pt, #ECF0F1FF at 0, #DEE2E3FF at 0.5, #ECF0F1FF at 1",
    "  id 3 layer at 16, 48 pt, 358 × 20 pt",
    "    id 1 rect at 0, 0 pt, 358 × 20 pt, fill paint 2 (linear), corner radius 4 pt",
    "  id 2 text \"Hi\" at 16, 80 pt, 150 × 22 pt, fill #1C1C1EFF, font 17 pt 600, baseline 16.5 pt",
  ].join("\n"));
});

test("describeMessage writes a delta as old → new values, with names when given", () => {
  const [keyframe, moved, tapped] = decodeStream(workedStream);
  assert.equal(describeMessage(moved, keyframe.frame, { names: new Map([[3, "card#layer"]]) }), [
    "delta seq 2 (base 1), 19 bytes, hash 0x310ACFE7",
    "  paint 2: linear (-100, 0) → (0, 0) pt, #ECF0F1FF at 0, #DEE2E3FF at 0.5, #ECF0F1FF at 1"
      + " → linear (-90, 0) → (10, 0) pt, #ECF0F1FF at 0, #DEE2E3FF at 0.5, #ECF0F1FF at 1",
    "  change card#layer (layer): y 48 pt → 50 pt",
  ].join("\n"));
  assert.equal(describeMessage(tapped, moved.frame), [
    "delta seq 3 (base 2), 20 bytes, hash 0x310ACFE7",
    "  events: tap on retry",
    "  no change",
  ].join("\n"));
  // A message straight from decodeMessage, without the frame before it: new values only.
  const bare = decodeMessage(fromHex(worked[1].hex));
  assert.match(describeMessage(bare, null), /^delta seq 2 \(base 1\), hash 0x310ACFE7\n.*\n  change id 3 \(rect\): y 50 pt$/s);
});

test("describeMessage names inserts, removes and moves between layers", () => {
  const vector = JSON.parse(readFileSync(new URL("layers.json", vectors), "utf8")).messages;
  const messages = decodeStream(concat(vector.map((m) => record(fromHex(m.hex)))));
  const text = messages.slice(1).map((m, i) => describeMessage(m, messages[i].frame)).join("\n");
  assert.match(text, /  insert id \d+ \((rect|text|layer|image)\) into (root|id \d+) at \d+: /);
  assert.match(text, /  remove id \d+ \(\w+\) from (root|id \d+) at \d+/);
});

test("a host item (kind 6) is named as the Swift text form names it", () => {
  const host = JSON.parse(readFileSync(new URL("host.json", vectors), "utf8")).messages;
  const [keyframe] = decodeStream(concat(host.map((m) => record(fromHex(m.hex)))));
  assert.match(describeMessage(keyframe, null), /\n {4}id 2 host at 16, 120 pt, 358 × 320 pt, clip/);
});

test("describeStream prints every message, numbered", () => {
  const text = describeStream(readFileSync(new URL("hello.stream", examples)));
  const headers = text.split("\n").filter((l) => l.startsWith("message "));
  assert.equal(headers.length, decodeStream(readFileSync(new URL("hello.stream", examples))).length);
  assert.match(headers[0], /^message 1: keyframe seq 1, \d+ bytes, hash 0x[0-9A-F]{8}$/);
  assert.match(text, /change id \d+ \(text\): width [\d.]+ pt → [\d.]+ pt, text "The in-between moments" → "Loaded at one second"/);
});

test("a corrupt stream is a StreamError that says where", () => {
  const truncated = workedStream.subarray(0, workedStream.length - 3);
  assert.throws(() => decodeStream(truncated), (e) => e instanceof StreamError && e.record === 3
    && e.message === `not a veil stream file: record 3 at byte ${4 + 95 + 4 + 19}: a message of 20 bytes, but only 17 bytes are left`);
  assert.throws(() => splitStream(new Uint8Array([1, 0])), /record 1 at byte 0: the file ends inside a length prefix \(2 of 4 bytes\)/);
  const badVersion = workedStream.slice();
  badVersion[5] = 9;
  assert.throws(() => decodeStream(badVersion), { name: "StreamError", message: "message 1 does not decode: veil.v2 message, byte 1: unsupported version 9, expected 2" });
  const badHash = workedStream.slice();
  badHash[4 + 95 + 4 + 4] ^= 1;
  assert.throws(() => decodeStream(badHash), /message 2 does not apply to the frame before it: frame hash \d+ does not match \d+/);
});

test("numbers are rounded with integers, half away from zero", () => {
  assert.equal(decimal(100, 8), "12.5");
  assert.equal(decimal(-1, 8), "-0.125");
  assert.equal(decimal(128, 255), "0.502");
  assert.equal(decimal(512 * 360, 65536), "2.813");
  assert.equal(decimal(-512 * 360, 65536), "-2.813");
  assert.equal(decimal(0, 8), "0");
});

test("every example stream is described without a hole", () => {
  for (const name of readdirSync(examples).filter((f) => f.endsWith(".stream"))) {
    const text = describeStream(readFileSync(new URL(name, examples)));
    assert.doesNotMatch(text, /undefined|NaN|null|\[object/, name);
    assert.equal(text.split("\n").filter((l) => l.startsWith("message ")).length,
      decodeStream(readFileSync(new URL(name, examples))).length, name);
  }
});
