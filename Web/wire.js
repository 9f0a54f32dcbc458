// @ts-check
// wire.js — the veil.v2 wire in one import (docs/PROTOCOL.md), for node tools, tests and the viewer:
// the modules below re-exported, and canvasItems(frame). Each mirrors Sources/VeilCore/Patch/* step
// for step: same bounds, same apply algorithm, same hash. The page's own modules import what they
// use from the module that holds it, so a page does not load this one.
//
//   wire-format.js  the frame shape, item kinds, units, limits, the item field table (FIELDS)
//   wire-decode.js  decodeMessage(bytes): one message read, bounds checked
//   wire-patch.js   applyPatch(frame, patch): a delta applied to the frame it is based on
//   frame-hash.js   frameHash(frame): the hash a message carries
//   mirror.js       Mirror: a viewer's copy of the frame, message by message

import { LAYER } from "./wire-format.js";

export { MAGIC, VERSION, SUBPROTOCOL, LAYER, UNIT, pt, ItemKind, LIMITS, FIELDS, defaultItem } from "./wire-format.js";
export { decodeMessage, WireError } from "./wire-decode.js";
export { applyPatch, PatchError } from "./wire-patch.js";
export { frameHash } from "./frame-hash.js";
export { Mirror } from "./mirror.js";

/**
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {import("./wire-format.js").Item} Item
 * @typedef {import("./wire-format.js").Clip} Clip
 */

/**
 * Every visible item of a frame in painter's order, as if there were no layers: positions in canvas
 * space (offset by their layers), opacity multiplied by their layers' (group opacity approximated
 * per item), clip intersected with their layers'; fully transparent items left out. The same as
 * Swift's `Frame.canvasItems`: for tests, hit checks and readable descriptions.
 * @param {Frame} frame
 * @returns {Item[]}
 */
export function canvasItems(frame) {
  /** @type {Item[]} */
  const out = [];
  /** @param {Clip | null} a @param {Clip | null} b @returns {Clip | null} */
  const intersect = (a, b) => {
    if (!a) return b;
    if (!b) return a;
    const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
    const right = Math.min(a.x + a.width, b.x + b.width), bottom = Math.min(a.y + a.height, b.y + b.height);
    return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y), cornerRadius: b.cornerRadius };
  };
  /** @param {Item[]} list @param {number} dx @param {number} dy @param {number} opacity @param {Clip | null} clip */
  const walk = (list, dx, dy, opacity, clip) => {
    for (const e of list) {
      const own = e.clip && { ...e.clip, x: e.clip.x + dx, y: e.clip.y + dy };
      const clipped = intersect(clip, own);
      const alpha = Math.floor((opacity * e.opacity + 127) / 255);
      if (alpha === 0) continue;
      if (e.kind === LAYER) walk(/** @type {Item[]} */ (e.children), dx + e.x, dy + e.y, alpha, clipped);
      else out.push({ ...e, x: e.x + dx, y: e.y + dy, opacity: alpha, clip: clipped ?? null });
    }
  };
  walk(frame.items, 0, 0, 255, null);
  return out;
}
