// Web/layer-cache.js: the retained renderer's cache policy, case by case as layer-bitmaps.js' "Retained
// layers" states it, and as a property over every history: a layer that holds still and has no
// bitmap gets one after three draws running, never on the first; one that moves gets one at once
// unless its last bitmap served fewer than AMORTIZED frames; one the core says will change gets one at
// its first still draw with a history; new content is cached only while moving.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AMORTIZED, MIN_ITEMS, REPEATS, cachesNewContent, makesBitmapNow, worthABitmap } from "../../Web/layer-cache.js";

const still = { moved: false, served: Infinity, repeats: 0, running: true, hasBitmap: false, willChange: false };

test("a layer drawn again where it was gets a bitmap once it has been so three draws running", () => {
  for (let repeats = 0; repeats < REPEATS; repeats++) assert.equal(makesBitmapNow({ ...still, repeats }), false, `${repeats}`);
  assert.equal(makesBitmapNow({ ...still, repeats: REPEATS }), true, "a spinner's backdrop, three draws running");
  assert.equal(makesBitmapNow({ ...still, repeats: 10, running: false }), false, "not after a pause between its draws");
  assert.equal(makesBitmapNow({ ...still, hasBitmap: true }), true, "a bitmap that only needs to grow is made again at once");
});

test("a moving layer gets a bitmap at once, unless its last one served fewer than AMORTIZED frames", () => {
  const moving = { ...still, moved: true, running: false };
  assert.equal(makesBitmapNow(moving), true, "a scroll or a sheet drag: at once");
  assert.equal(makesBitmapNow({ ...moving, served: AMORTIZED - 1 }), false, "a fling through windows of rows: drawn directly");
  assert.equal(makesBitmapNow({ ...moving, served: AMORTIZED - 1, repeats: AMORTIZED }), true, "until its content held that long");
  assert.equal(makesBitmapNow({ ...moving, served: AMORTIZED }), true);
});

test("new content is drawn directly, unless the layer moves and its last bitmap paid for itself", () => {
  assert.equal(cachesNewContent(still), false, "a shimmer's placeholders: new every frame, never cached");
  assert.equal(cachesNewContent({ ...still, moved: true, served: AMORTIZED }), true, "a slow scroll's next window of rows");
  assert.equal(cachesNewContent({ ...still, moved: true, served: AMORTIZED - 1 }), false);
});

test("a layer the core says will change gets a bitmap at once, before it moves (the producer declares what to cache)", () => {
  assert.equal(makesBitmapNow({ ...still, willChange: true }), true, "a list's content at rest: its first scroll frame composites");
  assert.equal(makesBitmapNow({ ...still, willChange: true, running: false }), true);
  assert.equal(makesBitmapNow({ ...still, willChange: true, moved: true, served: AMORTIZED - 1 }), false,
    "moving, the fling rule holds: drawn directly while its windows of rows change");
  assert.equal(cachesNewContent({ ...still, willChange: true }), false, "new content still waits to hold still");
});

test("only layers worth it: translucent, or with text, or with enough items", () => {
  assert.equal(worthABitmap({ opacity: 255, text: false, items: MIN_ITEMS - 1 }), false, "a few opaque shapes: cheaper drawn");
  assert.equal(worthABitmap({ opacity: 255, text: false, items: MIN_ITEMS }), true);
  assert.equal(worthABitmap({ opacity: 255, text: true, items: 1 }), true, "text is dear to draw");
  assert.equal(worthABitmap({ opacity: 128, text: false, items: 1 }), true, "composited through a bitmap anyway");
});

test("property: over every history, a bitmap is never made for a layer on its first still draw unless the core says it will change, and a moving one that served AMORTIZED frames always gets one", () => {
  for (const moved of [false, true]) for (const running of [false, true]) for (const hasBitmap of [false, true]) for (const willChange of [false, true]) {
    for (const served of [0, 1, AMORTIZED - 1, AMORTIZED, 100, Infinity]) for (let repeats = 0; repeats <= AMORTIZED + 1; repeats++) {
      const h = { moved, running, hasBitmap, served, repeats, willChange };
      const now = makesBitmapNow(h);
      if (!moved && !hasBitmap && !willChange && repeats === 0) assert.equal(now, false, JSON.stringify(h));
      if (!moved && willChange) assert.equal(now, true, JSON.stringify(h));
      if (moved && served >= AMORTIZED) assert.equal(now, true, JSON.stringify(h));
      if (cachesNewContent(h)) assert.ok(moved, "new content is cached only while moving");
    }
  }
});
