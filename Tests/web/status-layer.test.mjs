// Web/status-layer.js against the core's own status view: for each case of
// Tests/Vectors/status-look.json (written by StatusLookVectorTests from what the core draws over the
// page's overlay scene, light and dark), the page's view has the same parts in the same order, the
// same texts, sizes, weights and colours, the button's corners, height and colours, the image's and
// the indicator's. Where the page puts them is test_status_layer's (the browser lays them out).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { STATUS_PALETTE, STATUS_VIEW, statusParts } from "../../Web/status-layer.js";

const cases = JSON.parse(readFileSync(new URL("../Vectors/status-look.json", import.meta.url), "utf8"));
const rgba = ([r, g, b, a]) => ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
const TEXT = 1, IMAGE = 2, INDICATOR = 4, RECT = 0;

test("the page's status view has the core's parts, texts, fonts and colours", () => {
  assert.ok(cases.length >= 10);
  for (const c of cases) {
    const what = `${c.appearance} ${JSON.stringify(c.status)}`;
    const palette = STATUS_PALETTE[c.appearance];
    // The core's items past the overlay's own (see-through) backgrounds, in painter's order.
    const items = c.items.filter((i) => !(i.kind === RECT && i.x === 0 && i.y === 0 && i.width === c.width));
    const { parts } = statusParts(c.status);
    const expected = [];
    for (const part of parts) {
      if (part.kind === "indicator") expected.push({ kind: INDICATOR, fill: palette.secondaryText, width: STATUS_VIEW.indicator.diameter, lineWidth: STATUS_VIEW.indicator.lineWidth });
      else if (part.kind === "image") expected.push({ kind: IMAGE, fill: palette.imagePlaceholder, stroke: palette.imageGlyph, width: STATUS_VIEW.image.size, cornerRadius: STATUS_VIEW.image.cornerRadius });
      else if (part.kind === "text") expected.push(...part.text.length ? [{ kind: TEXT, fill: palette[part.color], fontSize: part.size, fontWeight: part.weight }] : []);
      else {
        const b = STATUS_VIEW.button;
        expected.push({ kind: RECT, fill: palette.accent, height: b.height, cornerRadius: b.cornerRadius },
          { kind: TEXT, fill: palette.onAccent, fontSize: b.size, fontWeight: b.weight, text: part.title });
      }
    }
    // A text part the core wrapped is several items: compare each line with its part.
    let k = 0;
    for (const item of items) {
      let want = expected[k];
      if (want === undefined || (item.kind === TEXT && want.kind !== TEXT)) { want = expected[k - 1]; } else k++;
      assert.ok(want, `${what}: an item the page has no part for: ${JSON.stringify(item)}`);
      for (const [key, value] of Object.entries(want)) {
        const got = key === "fill" || key === "stroke" ? rgba(item[key]) : item[key];
        assert.equal(got, value, `${what}: ${key} of ${JSON.stringify(item)}`);
      }
      if (item.kind === TEXT) assert.equal(item.height, Math.round(item.fontSize * STATUS_VIEW.lineHeight * 8) / 8, `${what}: a line is 1.2 × its size`);
    }
    assert.equal(k, expected.length, `${what}: every part the page draws, the core draws`);
    const texts = items.filter((i) => i.kind === TEXT).map((i) => i.text).join(" ");
    for (const part of parts) if (part.kind === "text") assert.ok(texts.includes(part.text.split(" ")[0]), `${what}: ${part.text}`);
  }
});

test("the reference's presets: Loading…, Error with Retry, an empty state's button reports action", () => {
  assert.deepEqual(statusParts({ state: "loading" }).parts.map((p) => p.kind === "text" ? p.text : p.kind), ["indicator", "Loading…"]);
  const error = statusParts({ state: "error", message: "m" }).parts;
  assert.deepEqual(error.map((p) => p.kind === "text" ? p.text : p.kind === "button" ? `${p.title}:${p.action}` : p.kind), ["Error", "m", "Retry:retry"]);
  const empty = statusParts({ state: "empty", actionTitle: "Add" }).parts;
  assert.deepEqual(empty.map((p) => p.kind === "button" ? p.action : p.kind), ["action"]);
  assert.deepEqual(statusParts({ state: "empty" }).parts, [], "an empty state with nothing said is the view alone");
});
