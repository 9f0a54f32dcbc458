// @ts-check
// motions.js — paints and item fields that move with time alone, declared once by the core and
// played by each host on its own clock (issue 31; docs/PROTOCOL.md "Motions", docs/ARCHITECTURE.md
// "Motions declared once"). A frame's `motions` say how paint slots move (a skeleton's pulse, its
// sliding light), its `itemMotions` how an item's field moves (an activity indicator's highlight
// stepping round); a host draws `playMotions(frame, t)`, the frame as it is at session time `t`,
// without calling into the core. The evaluations are Sources/VeilCore/Render/PaintMotion.swift's
// and ItemMotion.swift's, operation for operation on the same doubles, so both give the same
// values to the bit (Tests/web/motions.test.mjs against Tests/Vectors/motions.json, written by Swift).

/**
 * @typedef {import("./wire-format.js").Paint} Paint
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {{x: number, y: number}} Point
 * @typedef {{kind: "mix", from: number, to: number}} MixPath a solid colour mixed from `from` to `to`
 * @typedef {{kind: "slide", colors: number[], bounds: {x: number, y: number, width: number, height: number},
 *   startFrom: Point, startTo: Point, endFrom: Point, endTo: Point}} SlidePath a linear gradient whose ends slide
 * @typedef {{slot: number, path: MixPath | SlidePath, start: number, duration: number,
 *   curve: [number, number, number, number], autoreverse: boolean, pausedAt: number | null}} Motion
 * @typedef {{count: number, rate: number, increment: number}} Steps value = base + (⌊(t − start) × rate⌋ mod count) × increment
 * @typedef {{duration: number, curve: [number, number, number, number], from: number, to: number, scale: number}} FadePath
 *   value = round(255 × scale × fade(t)): a layer's opacity fading from `from` to `to` along the curve
 * @typedef {{interval: number, values: number[]}} PointsPath values the core sampled `interval` s apart,
 *   joined by straight lines and held at the last: with u = (t − start) / interval, k = ⌊u⌋,
 *   value = values[k] + ⌊(values[k+1] − values[k]) × (u − k) + 0.5⌋ (values[0] before the start)
 * @typedef {{id: number, field: string, start: number, steps?: Steps, fade?: FadePath, points?: PointsPath, loop?: PointsPath}} ItemMotion
 *   `field` is the item field's name (wire-format.js FIELDS); one of `steps`, `fade`, `points` and
 *   `loop` (points repeating for ever: with n = count − 1, the points' value at u − ⌊u / n⌋ × n)
 * @typedef {import("./wire-format.js").Item} Item
 */

import { FIELD_NAMES } from "./wire-format.js";

/** Extension record 3: the frame's motions (must be understood). */
export const MOTIONS_TAG = 3;
const MAX_PAINTS = 4096;
const MAX_STOPS = 64;
const MAX_ITEMS = 100000;
const MAX_ID = 2 ** 31 - 1;
const MAX_STEPS = 65536;
const MAX_RATE = 1e6;
const MAX_POINTS = 1024;
const MAX_INTERVAL = 60;
/** A fade's field: opacity, by bit. */
const OPACITY = FIELD_NAMES.indexOf("opacity");
/** In an item motion's field byte: the same item's next motion follows (its field greater). */
const CONTINUES = 128;
/**
 * The item fields a step or points motion may move (ItemMotion.fields): the plain numbers, by name
 * (their bits are the field table's). Swift writes its set to Tests/Vectors/fields.json
 * (`"movable"`), which Tests/web/fields.test.mjs checks this against.
 */
export const MOVABLE = Object.freeze(/** @type {import("./wire-format.js").Field[]} */ (["x", "y", "width", "height", "rotation", "cornerRadius", "lineWidth", "arcStart", "arcSweep"]));
/** MOVABLE by bit. */
const MOVABLE_FIELDS = new Map(MOVABLE.map((name) => [FIELD_NAMES.indexOf(name), name]));
if (MOVABLE_FIELDS.has(-1) || OPACITY < 0) throw new Error("motions.js: a movable field the field table (FIELDS) does not have");

/** A decoding failure at `offset` in the record (wire.js reports it at its place in the message). */
export class MotionError extends Error {
  /** @param {number} offset @param {string} reason */
  constructor(offset, reason) {
    super(reason);
    this.offset = offset;
  }
}

/**
 * The motions of a record's payload, the paints' then the items'; throws MotionError. The bounds
 * are MotionCoding.swift's.
 * @param {Uint8Array} bytes
 * @returns {{motions: Motion[], items: ItemMotion[]}}
 */
export function readMotions(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let o = 0;
  const fail = (/** @type {string} */ reason, at = o) => { throw new MotionError(at, reason); };
  const byte = () => { if (o >= bytes.length) fail("message ends early"); return bytes[o++]; };
  const varint = () => {
    const start = o;
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const b = byte();
      if (shift === 28 && b > 0x0f) fail("varint exceeds 32 bits", start);
      value += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return value;
    }
  };
  const count = (/** @type {number} */ max, /** @type {number} */ minBytes, /** @type {string} */ what) => {
    const start = o, n = varint();
    if (n > max) fail(`${n} ${what} exceed the limit of ${max}`, start);
    if (n * minBytes > bytes.length - o) fail(`${n} ${what} do not fit in the ${bytes.length - o} bytes left`, start);
    return n;
  };
  const color = () => {
    if (bytes.length - o < 4) { o = bytes.length; fail("message ends early"); }
    const v = ((bytes[o] << 24) | (bytes[o + 1] << 16) | (bytes[o + 2] << 8) | bytes[o + 3]) >>> 0;
    o += 4;
    return v;
  };
  // A number (MotionCoding.writeNumber): varint zigzag(v × 8) << 1, or varint 1 then a double.
  const finite = (/** @type {string} */ what) => {
    const start = o, code = varint();
    if (code % 2 === 0) { const z = code / 2; return ((z >>> 1) ^ -(z & 1)) / 8; }
    if (code !== 1) fail(`a motion's ${what} has an unknown number code ${code}`, start);
    if (bytes.length - o < 8) { o = bytes.length; fail("message ends early"); }
    const v = view.getFloat64(o, true);
    if (!Number.isFinite(v)) fail(`a motion's ${what} is not a finite number`);
    o += 8;
    return v;
  };
  const time = (/** @type {string} */ what) => {
    const v = finite(what);
    if (v < -1e9 || v > 1e9) fail(`a motion's ${what} of ${v} s is out of range`);
    return v;
  };
  const unit = () => {
    const v = finite("curve");
    if (v < 0 || v > 1) fail(`a motion curve's x control point ${v} is not within 0...1`);
    return v;
  };
  const n = count(MAX_PAINTS, 17, "motions");
  /** @type {Motion[]} */
  const motions = [];
  let previous = -1;
  for (let i = 0; i < n; i++) {
    const at = o;
    const gap = varint();
    if (gap > MAX_PAINTS) fail(`motion slot gap ${gap} exceeds ${MAX_PAINTS}`, at);
    const slot = previous + 1 + gap;
    if (slot >= MAX_PAINTS) fail(`motion slot ${slot} exceeds the limit of ${MAX_PAINTS}`, at);
    previous = slot;
    const kind = byte();
    if (kind !== 0 && kind !== 1) fail(`unknown motion path ${kind}`);
    const flags = byte();
    if (flags & ~3) fail(`motion flags ${flags} have reserved bits set`);
    const start = time("start"), duration = time("duration");
    if (!(duration > 0)) fail(`a motion's duration must be more than 0 (got ${duration})`);
    /** @type {[number, number, number, number]} */
    const curve = [unit(), finite("curve"), unit(), finite("curve")];
    const pausedAt = flags & 2 ? time("pause") : null;
    /** @type {MixPath | SlidePath} */
    let path;
    if (kind === 0) {
      path = { kind: "mix", from: color(), to: color() };
    } else {
      const v = Array.from({ length: 12 }, () => finite("geometry"));
      const colors = count(MAX_STOPS, 4, "motion colours");
      if (colors === 0) fail("a sliding motion has no colours");
      path = {
        kind: "slide", colors: Array.from({ length: colors }, color), bounds: { x: v[0], y: v[1], width: v[2], height: v[3] },
        startFrom: { x: v[4], y: v[5] }, startTo: { x: v[6], y: v[7] }, endFrom: { x: v[8], y: v[9] }, endTo: { x: v[10], y: v[11] },
      };
    }
    motions.push({ slot, path, start, duration, curve, autoreverse: (flags & 1) !== 0, pausedAt });
  }
  // Six bytes at the least: an item's next motion has no id gap, and steps need no more.
  const itemCount = count(MAX_ITEMS, 6, "item motions");
  /** @type {ItemMotion[]} */
  const items = [];
  let previousId = 0;
  /** @type {number | null} the field bit of the motion before, when this one is its item's next */
  let sameItem = null;
  for (let i = 0; i < itemCount; i++) {
    const at = o;
    if (sameItem === null) {
      const gap = varint();
      if (gap >= MAX_ID || previousId >= MAX_ID - gap) fail(`item motion id past the limit of ${MAX_ID}`, at);
      previousId = previousId + 1 + gap;
    }
    const id = previousId;
    const fieldByte = byte();
    const bit = fieldByte & ~CONTINUES;
    if (sameItem !== null && bit <= sameItem) fail(`item ${id}'s motions must name its fields in ascending order, each once`);
    sameItem = fieldByte & CONTINUES ? bit : null;
    const field = bit === OPACITY ? "opacity" : MOVABLE_FIELDS.get(bit);
    if (field === undefined) fail(`item field ${bit} cannot move (a motion moves a number field)`);
    const kind = byte();
    if (kind > 3) fail(`unknown item motion path ${kind}`);
    if (kind < 2 && (kind === 1) !== (bit === OPACITY)) fail(`item field ${bit} cannot move by path ${kind} (a fade moves opacity, steps a number field)`);
    const start = time("start");
    if (kind >= 2) {
      const interval = finite("interval");
      if (!(interval > 0 && interval <= MAX_INTERVAL)) fail(`a points motion's interval of ${interval} s is not within (0, ${MAX_INTERVAL}]`);
      const countAt = o;
      const n = varint();
      if (n > MAX_POINTS) fail(`motion points ${n} exceeds ${MAX_POINTS}`, countAt);
      if (n < 2) fail(`a points motion has ${n} points, not 2 or more`, countAt);
      const values = [];
      let previous = 0;
      for (let k = 0; k < n; k++) {
        const at = o;
        const z = varint();
        const v = (previous + ((z >>> 1) ^ -(z & 1))) | 0;  // wrapping at 32 bits, as the writer's differences do
        if (bit === OPACITY && (v < 0 || v > 255)) fail(`a point's value of ${v} is not an opacity (0...255)`, at);
        values.push(v);
        previous = v;
      }
      items.push({ id, field: /** @type {string} */ (field), start, [kind === 3 ? "loop" : "points"]: { interval, values } });
      continue;
    }
    if (kind === 1) {
      const duration = time("duration");
      if (duration < 0) fail(`a fade's duration is negative (${duration})`);
      /** @type {[number, number, number, number]} */
      const curve = [unit(), finite("curve"), unit(), finite("curve")];
      const fraction = () => {
        const v = finite("opacity");
        if (v < 0 || v > 1) fail(`a fade's opacity ${v} is not within 0...1`);
        return v;
      };
      const from = fraction(), to = fraction(), scale = fraction();
      items.push({ id, field: "opacity", start, fade: { duration, curve, from, to, scale } });
      continue;
    }
    const countAt = o;
    const steps = varint();
    if (steps > MAX_STEPS) fail(`motion steps ${steps} exceeds ${MAX_STEPS}`, countAt);
    if (steps === 0) fail("a step motion has no steps", countAt);
    const rate = finite("rate");
    if (!(rate > 0 && rate <= MAX_RATE)) fail(`a step motion's rate of ${rate} a second is not within (0, ${MAX_RATE}]`);
    const z = varint();
    const increment = (z >>> 1) ^ -(z & 1);
    items.push({ id, field: /** @type {string} */ (field), start, steps: { count: steps, rate, increment } });
  }
  if (sameItem !== null) fail("the last item motion says another of its item's follows");
  if (o < bytes.length) fail(`${bytes.length - o} unexpected bytes after the motions`);
  return { motions, items };
}

/**
 * The frame as drawn at session time `t`: each motion's paint in its slot, each item motion's field
 * in its item. The same frame object when it has no motions; otherwise a new one sharing what did
 * not move (a renderer sees only the slots and items that moved as changed: the child lists on the
 * way to a moved item are new arrays, the others the frame's own).
 * @param {Frame} frame
 * @param {number} t
 * @param {(m: ItemMotion) => boolean} [playsItself] item motions the host runs on its own (the
 *   page's compositor, from the field's declared value): left as declared
 * @returns {Frame}
 */
export function playMotions(frame, t, playsItself) {
  const motions = frame.motions ?? [];
  const items = playsItself ? othersOf(frame.itemMotions ?? [], playsItself) : frame.itemMotions ?? [];
  if (motions.length === 0 && items.length === 0) return frame;
  let paints = frame.paints;
  if (motions.length) {
    paints = paints.slice();
    for (const m of motions) if (m.slot < paints.length) paints[m.slot] = motionPaint(m, t);
  }
  return { ...frame, paints, items: items.length ? playItems(frame.items, places(frame, items), t) : frame.items };
}

/** Per item motions list, those a host does not run itself, with the host's function. */
const othersOfList = new WeakMap();

/**
 * `motions` but for those `playsItself` says a host runs on its own (the same list when none), kept
 * per list so the places found for it are kept too.
 * @param {ItemMotion[]} motions @param {(m: ItemMotion) => boolean} playsItself
 */
function othersOf(motions, playsItself) {
  const cached = othersOfList.get(motions);
  if (cached?.playsItself === playsItself) return cached.others;
  const others = motions.some(playsItself) ? motions.filter((m) => !playsItself(m)) : motions;
  othersOfList.set(motions, { playsItself, others });
  return others;
}

/**
 * Whether a frame drawn at session time `t` still changes as time goes on: a paint motion not
 * paused yet, a stepping field (it never stops), a fade before its end — but for the item motions
 * `playsItself` says the host runs on its own (the page's compositor).
 * @param {Frame | null} frame @param {number} t @param {(m: ItemMotion) => boolean} [playsItself]
 */
export function moving(frame, t, playsItself) {
  if (!frame) return false;
  if (frame.motions?.some((m) => m.pausedAt === null || m.pausedAt > t)) return true;
  const unshown = unshownSteps(frame);
  return !!frame.itemMotions?.some((m) => {
    const end = itemMotionEnd(m);
    return (end === null || t < end) && !playsItself?.(m) && !unshown.has(m.id);
  });
}

/** Per frame's items, the ids `unshownSteps` found (with the motions it looked at). */
const unshownOf = new WeakMap();

/**
 * The ids of the frame's items that step or loop for ever but are not shown: opacity 0 and nothing
 * moving their opacity (a list's refresh spinner at rest, its load-more footer's while it does not load). The
 * core declares their turn for as long as they are drawn; a host need not draw them turning.
 * @param {Frame} frame @returns {Set<number>}
 */
export function unshownSteps(frame) {
  const motions = frame.itemMotions ?? [];
  const cached = unshownOf.get(frame.items);
  if (cached && cached.motions === motions) return cached.ids;
  const stepping = new Set(motions.filter((m) => m.steps || m.loop).map((m) => m.id));
  for (const m of motions) if (m.field === "opacity") stepping.delete(m.id);
  /** @type {Set<number>} */
  const ids = new Set();
  /** @param {Item[]} list */
  const visit = (list) => {
    for (const item of list) {
      if (item.opacity === 0 && stepping.has(item.id)) ids.add(item.id);
      if (item.children) visit(item.children);
    }
  };
  if (stepping.size) visit(frame.items);
  unshownOf.set(frame.items, { motions, ids });
  return ids;
}

/**
 * When item motion `m` stops moving (ItemMotion.end): a fade's or a points path's end; null for steps and loops.
 * @param {ItemMotion} m @returns {number | null}
 */
export function itemMotionEnd(m) {
  if (m.fade) return m.start + m.fade.duration;
  if (m.points) return m.start + Math.max(0, m.points.values.length - 1) * m.points.interval;
  return null;
}

/**
 * The value of item motion `m`'s field at session time `t`, from the item's `base` (ItemMotion.value).
 * @param {ItemMotion} m @param {number} base @param {number} t
 */
export function itemMotionValue(m, base, t) {
  if (m.fade) {
    // Fade.value, then Fixed.opacity of scale × it.
    const { duration, curve, from, to, scale } = m.fade;
    const v = duration > 0 ? from + (to - from) * curveValue(curve, (t - m.start) / duration) : (t - m.start >= 0 ? to : from);
    return Math.min(255, Math.max(0, rounded(scale * v * 255)));
  }
  if (m.points) return along(m.points.values, (t - m.start) / m.points.interval);
  if (m.loop) {
    const u = (t - m.start) / m.loop.interval, n = m.loop.values.length - 1;
    return along(m.loop.values, u > 0 && n > 0 ? u - Math.floor(u / n) * n : u);
  }
  const elapsed = t - m.start;
  const { count, rate, increment } = /** @type {Steps} */ (m.steps);
  if (!Number.isFinite(elapsed) || !(elapsed > 0) || count <= 0) return base;
  const steps = Math.floor(elapsed * rate);
  const step = Math.min(count - 1, Math.max(0, steps - Math.floor(steps / count) * count));
  return Math.min(2147483647, Math.max(-2147483648, base + step * increment));
}

/**
 * Points `values` joined by straight lines at `u` points from the first, held at the last; the
 * first before it (and at NaN) (ItemMotion.along in Swift).
 * @param {number[]} values @param {number} u
 */
function along(values, u) {
  if (!(u > 0)) return values[0];
  const k = Math.floor(u);
  if (k >= values.length - 1) return values[values.length - 1];
  const a = values[k], b = values[k + 1];
  return Math.min(2147483647, Math.max(-2147483648, a + Math.floor((b - a) * (u - k) + 0.5)));
}

/** @typedef {Map<Item[], Map<Item, ItemMotion[]>>} Places the child lists holding a moving item, with each such item's motions */

/** Where each item motion's item is, found once per frame's items and motions (a frame's lists are
 * not edited in place; a patch that changes the motions alone gives a new motions list). */
const placesOf = new WeakMap();

/** @param {Frame} frame @param {ItemMotion[]} motions those of the frame's item motions played @returns {Places} */
function places(frame, motions) {
  const cached = placesOf.get(frame.items);
  if (cached && cached.motions === motions) return cached.map;
  /** @type {Places} */
  const map = new Map();
  /** @type {Map<number, ItemMotion[]>} */
  const byId = new Map();
  for (const m of motions) {
    const list = byId.get(m.id);
    if (list) list.push(m); else byId.set(m.id, [m]);
  }
  /** @param {Item[]} list @returns {boolean} whether the list holds a moving item, at any depth */
  const visit = (list) => {
    let holds = false;
    for (const item of list) {
      const m = byId.get(item.id);
      if (m) {
        if (!map.has(list)) map.set(list, new Map());
        /** @type {Map<Item, ItemMotion[]>} */ (map.get(list)).set(item, m);
        holds = true;
      }
      if (item.children && visit(item.children)) {
        if (!map.has(list)) map.set(list, new Map());
        holds = true;
      }
    }
    return holds;
  };
  visit(frame.items);
  placesOf.set(frame.items, { motions, map });
  return map;
}

/** The last played copy of each item and list on the way to a moving item: the same objects while
 * the values hold (a spinner steps 8 times a second; a renderer sees no change in the frames between). */
const lastPlayed = new WeakMap();

/**
 * `list` with the moving items' fields at time `t`; lists without one are the frame's own.
 * @param {Item[]} list @param {Places} where @param {number} t @returns {Item[]}
 */
function playItems(list, where, t) {
  const moved = where.get(list);
  if (!moved) return list;
  const next = list.map((item) => {
    const ms = moved.get(item) ?? [];
    const children = item.children && where.has(item.children) ? playItems(item.children, where, t) : item.children;
    if (ms.length === 0 && children === item.children) return item;
    const values = ms.map((m) => itemMotionValue(m, /** @type {any} */ (item)[m.field], t));
    const last = lastPlayed.get(item);
    if (last && last.children === children && ms.every((m, k) => last[m.field] === values[k])) return last;
    /** @type {any} */
    const out = { ...item, children };
    ms.forEach((m, k) => { out[m.field] = values[k]; });
    if (!children) delete out.children;
    lastPlayed.set(item, out);
    return out;
  });
  const last = lastPlayed.get(list);
  if (last && last.length === next.length && last.every((/** @type {Item} */ e, /** @type {number} */ i) => e === next[i])) return last;
  lastPlayed.set(list, next);
  return next;
}

/**
 * Eased progress at session time `t`, repeating forever (PaintMotion.progress).
 * @param {Motion} m @param {number} t
 */
export function motionProgress(m, t) {
  const now = m.pausedAt === null ? t : Math.min(m.pausedAt, t);
  if (!(m.duration > 0) || !Number.isFinite(now)) return 0;
  const elapsed = Math.max(0, now - m.start);
  const period = m.autoreverse ? 2 * m.duration : m.duration;
  const phase = elapsed - Math.floor(elapsed / period) * period;
  const u = phase <= m.duration ? phase / m.duration : (period - phase) / m.duration;
  return curveValue(m.curve, u);
}

/**
 * The paint of motion `m` at session time `t` (PaintMotion.paint).
 * @param {Motion} m @param {number} t
 * @returns {Paint}
 */
export function motionPaint(m, t) {
  const p = motionProgress(m, t);
  const path = m.path;
  if (path.kind === "mix") return { kind: "solid", color: mix(path.from, path.to, p) };
  const r = path.bounds;
  const at = (/** @type {Point} */ a, /** @type {Point} */ b) => {
    const x = a.x + (b.x - a.x) * p, y = a.y + (b.y - a.y) * p;
    return [fixed(r.x + x * r.width), fixed(r.y + y * r.height)];
  };
  const [x0, y0] = at(path.startFrom, path.startTo), [x1, y1] = at(path.endFrom, path.endTo);
  return { kind: "linear", x0, y0, x1, y1, stops: stops(path.colors) };
}

/**
 * Core Animation's cubic Bézier timing curve at time fraction `u` (TimingCurve.value): Newton
 * steps, then bisection, exactly as the core's.
 * @param {[number, number, number, number]} curve x1, y1, x2, y2
 * @param {number} u
 */
export function curveValue([x1, y1, x2, y2], u) {
  if (!(u > 0)) return 0;
  if (u >= 1) return 1;
  if (x1 === 0 && y1 === 0 && x2 === 1 && y2 === 1) return u;
  const bezier = (/** @type {number} */ s, /** @type {number} */ p1, /** @type {number} */ p2) => {
    const v = 1 - s;
    return 3 * v * v * s * p1 + 3 * v * s * s * p2 + s * s * s;
  };
  const slope = (/** @type {number} */ s, /** @type {number} */ p1, /** @type {number} */ p2) => {
    const v = 1 - s;
    return 3 * v * v * p1 + 6 * v * s * (p2 - p1) + 3 * s * s * (1 - p2);
  };
  let s = u;
  let solved = false;
  for (let i = 0; i < 8; i++) {
    const err = bezier(s, x1, x2) - u;
    if (Math.abs(err) < 1e-9) { solved = true; break; }
    const d = slope(s, x1, x2);
    if (Math.abs(d) < 1e-6) break;
    s -= err / d;
    if (s < 0 || s > 1) break;
  }
  if (!solved) {
    let lo = 0, hi = 1;
    s = u;
    for (let i = 0; i < 40; i++) {
      const v = bezier(s, x1, x2);
      if (Math.abs(v - u) < 1e-9) break;
      if (v < u) lo = s; else hi = s;
      s = (lo + hi) / 2;
    }
  }
  return bezier(s, y1, y2);
}

/**
 * Swift's `rounded()`: to nearest, halves away from zero.
 * @param {number} v
 */
function rounded(v) { return v < 0 ? -Math.round(-v) : Math.round(v); }

/**
 * Points → 1/8 pt (Fixed.from).
 * @param {number} points
 */
function fixed(points) {
  if (Number.isNaN(points)) return 0;
  return Math.min(1073741824, Math.max(-1073741824, rounded(points * 8)));
}

/**
 * Channel-wise mix (Color.mixed): `p` = 0 gives `a`, 1 gives `b`.
 * @param {number} a @param {number} b @param {number} p
 */
function mix(a, b, p) {
  const q = Math.min(1, Math.max(0, p));
  let out = 0;
  for (const shift of [24, 16, 8, 0]) {
    const x = (a >>> shift) & 255, y = (b >>> shift) & 255;
    out = out * 256 + Math.min(255, Math.max(0, rounded(x + (y - x) * q)));
  }
  return out >>> 0;
}

/**
 * Colours evenly spaced from 0 to 65535 (PaintMotion.stops).
 * @param {number[]} colors
 */
function stops(colors) {
  if (colors.length <= 1) {
    const c = colors[0] ?? 0;
    return [{ offset: 0, color: c }, { offset: 65535, color: c }];
  }
  const last = colors.length - 1;
  return colors.map((color, i) => ({ offset: Math.min(65535, Math.max(0, rounded((i / last) * 65535))), color }));
}
