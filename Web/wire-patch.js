// @ts-check
// wire-patch.js — `applyPatch(frame, patch)`: a decoded delta applied to the frame it is based on,
// the algorithm of docs/PROTOCOL.md "Applying a patch", step for step as Sources/VeilCore/Patch/
// PatchApply.swift. The frame given is never changed: the new one shares what did not change.

import { KIND_FIELD, LAYER, LIMITS } from "./wire-format.js";

/**
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {import("./wire-format.js").Item} Item
 * @typedef {import("./wire-format.js").Paint} Paint
 * @typedef {import("./wire-decode.js").Patch} Patch
 * @typedef {import("./wire-decode.js").LayerEdit} LayerEdit
 * @typedef {import("./wire-decode.js").Update} Update
 */

export class PatchError extends Error {
  /** @param {string} reason */
  constructor(reason) {
    super(reason);
    this.name = "PatchError";
  }
}

/**
 * Applies a decoded patch to a frame and returns the new frame (the old one is untouched). Throws
 * PatchError when the patch does not fit. The algorithm of docs/PROTOCOL.md, "Applying a patch".
 * @param {Frame} frame
 * @param {Patch} patch
 * @returns {Frame}
 */
export function applyPatch(frame, patch) {
  const paints = applyPaints(frame.paints, patch);
  let items = applyStructure(frame.items, patch.structure);
  const inserted = patch.structure.some((e) => e.placements.some((p) => p.item));
  items = checkAndUpdate(items, patch.updates, inserted);
  const motions = patch.motions ? patch.motions.motions : frame.motions ?? [];
  const itemMotions = patch.motions ? patch.motions.items : frame.itemMotions ?? [];
  const bad = motions.find((m) => m.slot >= paints.length);
  if (bad) throw new PatchError(`a motion names paint slot ${bad.slot} of a table of ${paints.length}`);
  /** @type {Frame} */
  const next = {
    width: patch.width ?? frame.width,
    height: patch.height ?? frame.height,
    background: patch.background ?? frame.background,
    paints,
    items,
  };
  // Only a frame with motions has the keys (frames without them keep their shape).
  if (motions.length || itemMotions.length) {
    next.motions = motions;
    next.itemMotions = itemMotions;
    next.motionBytes = patch.motions ? patch.motions.bytes : frame.motionBytes;
  }
  return next;
}

/** @param {Paint[]} old @param {Patch} patch @returns {Paint[]} */
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
      // The same kind, and the adjustment has only that kind's coordinates (readPaintEdit).
      paints[edit.slot] = /** @type {Paint} */ ({ ...current, ...edit.adjust });
    }
  }
  if (paints.length !== newCount) throw new PatchError(`new paint slot ${paints.length} is not set`);
  return paints;
}

// The layer edits: each names a layer of the base frame (0 = the root) at most once. Deeper layers
// are edited first, so every edit finds its layer where the base frame had it, and a moved layer
// carries its already edited children. Layers on the way are copied, never mutated.
/** @param {Item[]} root @param {LayerEdit[]} structure @returns {Item[]} */
function applyStructure(root, structure) {
  if (structure.length === 0) return root;
  /** @type {Map<number, number[]>} */
  const paths = new Map([[0, []]]);
  /** @param {Item[]} list @param {number[]} prefix */
  const collect = (list, prefix) => {
    list.forEach((e, i) => {
      if (e.kind !== LAYER) return;
      const path = [...prefix, i];
      paths.set(e.id, path);
      collect(/** @type {Item[]} */ (e.children), path);
    });
  };
  collect(root, []);
  /** @type {Set<number>} */
  const named = new Set();
  const targets = structure.map((edit, order) => {
    const path = paths.get(edit.layer);
    if (path === undefined) throw new PatchError(`layer edit names ${edit.layer}, which is not a layer of the frame`);
    if (named.has(edit.layer)) throw new PatchError(`layer ${edit.layer} is edited twice`);
    named.add(edit.layer);
    return { path, edit, order };
  });
  targets.sort((a, b) => (b.path.length - a.path.length) || (a.order - b.order));
  let items = root;
  for (const { path, edit } of targets) items = modify(items, path, 0, (children) => applyLayerEdit(children, edit));
  return items;
}

/**
 * `list` with the child list at `path` (indices of layers, from `at` on) replaced by `fn` of it.
 * @param {Item[]} list @param {number[]} path @param {number} at @param {(children: Item[]) => Item[]} fn
 * @returns {Item[]}
 */
function modify(list, path, at, fn) {
  if (at === path.length) return fn(list);
  const copy = list.slice();
  const layer = copy[path[at]];
  copy[path[at]] = { ...layer, children: modify(/** @type {Item[]} */ (layer.children), path, at + 1, fn) };
  return copy;
}

/** @param {Item[]} old @param {LayerEdit} edit @returns {Item[]} */
function applyLayerEdit(old, edit) {
  const { removes, placements } = edit;
  // 1. Detach removed entries and move sources.
  const detached = new Uint8Array(old.length);
  let previous = -1;
  for (const index of removes) {
    if (index <= previous || index >= old.length) {
      throw new PatchError(`removed index ${index} is out of order or beyond the ${old.length} entries of layer ${edit.layer}`);
    }
    detached[index] = 1;
    previous = index;
  }
  let inserts = 0;
  for (const p of placements) {
    if (p.item) { inserts++; continue; }
    if (p.from >= old.length || detached[p.from]) {
      throw new PatchError(`moved index ${p.from} is beyond the ${old.length} entries or already detached`);
    }
    detached[p.from] = 1;
  }
  const finalCount = old.length - removes.length + inserts;
  if (finalCount > LIMITS.maxItems) throw new PatchError(`${finalCount} entries exceed the limit of ${LIMITS.maxItems}`);

  // 2. Fill from the stayers up to each placement, in ascending final index.
  /** @type {Item[]} */
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
    items.push(p.item ?? old[/** @type {number} */ (p.from)]);
  }
  for (let s = nextStayer(); s >= 0; s = nextStayer()) items.push(old[s]);
  return items;
}

// One walk over the edited tree: counts entries, bounds the depth, checks ids when anything was
// inserted, and applies the field updates by id (copying what it changes and the layers above).
/** @param {Item[]} root @param {Update[]} updates @param {boolean} checkIds @returns {Item[]} */
function checkAndUpdate(root, updates, checkIds) {
  /** @type {Map<number, Update>} */
  const byId = new Map();
  let previous = 0;
  for (const u of updates) {
    if (u.id <= previous) throw new PatchError(`update of id ${u.id} is out of order`);
    previous = u.id;
    byId.set(u.id, u);
  }
  if (!checkIds && updates.length === 0) return root;
  /** @type {Set<number>} */
  const seen = new Set();
  let count = 0, applied = 0;
  /** @param {Item[]} list @param {number} depth @returns {Item[]} */
  const visit = (list, depth) => {
    if (depth > LIMITS.maxLayerDepth) throw new PatchError(`layers would nest deeper than ${LIMITS.maxLayerDepth}`);
    /** @type {Item[] | null} */
    let copy = null;
    for (let i = 0; i < list.length; i++) {
      let e = list[i];
      if (++count > LIMITS.maxItems) throw new PatchError(`more than ${LIMITS.maxItems} entries`);
      if (checkIds) {
        if (seen.has(e.id)) throw new PatchError(`item id ${e.id} would appear twice`);
        seen.add(e.id);
      }
      const u = byId.get(e.id);
      let changed = e;
      if (u) {
        if ((u.mask & KIND_FIELD) && ((u.fields.kind === LAYER) !== (e.kind === LAYER))) {
          throw new PatchError(`update of id ${e.id} would turn an item into a layer or back`);
        }
        changed = { ...e, ...u.fields };
        applied++;
      }
      if (e.kind === LAYER) {
        const children = visit(/** @type {Item[]} */ (e.children), depth + 1);
        if (children !== e.children) changed = { ...changed, children };
      }
      if (changed !== e) {
        copy ??= list.slice();
        copy[i] = changed;
      }
    }
    return copy ?? list;
  };
  const items = visit(root, 1);
  if (applied !== updates.length) throw new PatchError("an update names an id that is not in the frame");
  return items;
}
