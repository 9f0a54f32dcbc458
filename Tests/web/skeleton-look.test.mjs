// Web/skeleton-look.js against the core (Tests/Vectors/skeleton-looks.json, written by Swift's
// SkeletonLookVectorTests): the look of random options in both schemes and under reduced motion,
// the complementary colour of random colours, the semantic colours, the sliding light's path and
// the keys' bounds. A skeleton over the page's own element is drawn by the page from this look, so
// any difference would be a skeleton that looks other than the core's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { skeletonLook, complementary, colorValue, SEMANTIC, TINT, slide, axis, DURATION, MAX_GRADIENT } from "../../Web/skeleton-look.js";

const vectors = JSON.parse(readFileSync(new URL("../Vectors/skeleton-looks.json", import.meta.url), "utf8"));
const hex = (/** @type {number} */ v) => `#${v.toString(16).toUpperCase().padStart(8, "0")}`;

test("the look of random options is the core's", () => {
  assert.ok(vectors.looks.length >= 200);
  for (const { options, scheme, reducedMotion, look } of vectors.looks) {
    const js = skeletonLook(options, { scheme, reducedMotion });
    assert.deepEqual({ ...js, colors: js.colors.map(hex) }, look, JSON.stringify({ options, scheme, reducedMotion }));
  }
});

test("complementary colours, tints and semantic colours are the core's", () => {
  for (const [color, expected] of vectors.complementary) assert.equal(hex(complementary(colorValue(color, "light"))), expected, color);
  assert.deepEqual({ light: hex(TINT.light), dark: hex(TINT.dark) }, vectors.tint);
  assert.deepEqual(Object.fromEntries(Object.entries(SEMANTIC).map(([name, [l, d]]) => [name, [hex(l), hex(d)]])), vectors.semantic);
});

test("the sliding light's path and a still gradient's axis are the core's", () => {
  for (const [direction, expected] of Object.entries(vectors.slide)) {
    assert.deepEqual({ ...slide(/** @type {any} */ (direction)), axis: axis(/** @type {any} */ (direction)) }, expected, direction);
  }
});

test("keys outside the core's bounds are refused, in words", () => {
  assert.deepEqual({ duration: DURATION, gradientColors: MAX_GRADIENT }, vectors.bounds);
  const where = { scheme: /** @type {const} */ ("light") };
  assert.throws(() => skeletonLook({ duration: DURATION[0] / 2 }, where), /duration must be a number of seconds in 0.05...3600/);
  assert.throws(() => skeletonLook({ gradient: Array(MAX_GRADIENT + 1).fill("#fff") }, where), /a gradient has 1...16 colours/);
  assert.throws(() => skeletonLook({ style: /** @type {any} */ ("shiny") }, where), /style must be one of solid, gradient, pulse, sliding/);
  assert.throws(() => skeletonLook({ color: "chartreuse-ish" }, where), /"chartreuse-ish" is not a colour/);
  assert.equal(skeletonLook({ color: "teal" }, { ...where, parse: () => 0x008080FF }).colors[0], 0x008080FF);
});
