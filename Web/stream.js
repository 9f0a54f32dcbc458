// @ts-check
// Recorded patch streams for tests written in node (docs/TESTING.md). ES module, no build step.
//
//   decodeStream(bytes) → [message, …]: the messages of a `veil stream` file (u32le length, then
//       the message), each as decodeMessage gives it plus {index, byteLength, frame}: `frame` is the
//       frame a viewer holds after it (applied by a Mirror, hash checked). Throws StreamError naming
//       the record or message that is wrong.
//   describeMessage(message, previousFrame, {names}) → the message in words, one line per thing it
//       says: the same text as `veil stream --format text` (Sources/VeilStreamTools/MessageText.swift).
//       `names` (optional) maps item ids to names (a Map, an object or a function); else `id N`.
//   describeStream(bytes) → every message, as `veil stream --format text FILE` prints a recorded file.
//
// Values are written for people: lengths in points (frames hold 1/8 pt), colours #RRGGBBAA, opacity
// as a fraction, angles in degrees, text quoted; numbers rounded with integers (half away from zero,
// at most 3 decimals), so this text equals the Swift text byte for byte.
import { decodeMessage, applyPatch, defaultItem, Mirror, LAYER, FIELDS } from "./wire.js";

/**
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {import("./wire-format.js").Item} Item
 * @typedef {import("./wire-format.js").Paint} Paint
 * @typedef {import("./wire-format.js").Stop} Stop
 * @typedef {import("./wire-format.js").Clip} Clip
 * @typedef {import("./wire-format.js").HostEvent} HostEvent
 * @typedef {import("./wire-format.js").Field} Field
 * @typedef {import("./wire-decode.js").Message} Message
 * @typedef {Message & {index: number, byteLength: number, frame: Frame}} StreamMessage a message of a stream
 *   file: decodeMessage's, with its place, its size and the frame after it
 * @typedef {Map<number, string> | {[id: number]: string} | ((id: number) => string | undefined)} Names item names by id
 */

export class StreamError extends Error {
  /**
   * @param {string} message
   * @param {{record?: number | null, offset?: number | null}} where the record (from 1) and its byte offset
   */
  constructor(message, { record = null, offset = null } = {}) {
    super(message);
    this.name = "StreamError";
    this.record = record;
    this.offset = offset;
  }
}

/**
 * The messages of a stream file (length-prefixed records), as Uint8Arrays.
 * @param {Uint8Array | ArrayBuffer} bytes
 * @returns {Uint8Array[]}
 */
export function splitStream(bytes) {
  if (bytes instanceof ArrayBuffer) bytes = new Uint8Array(bytes);
  if (!(bytes instanceof Uint8Array)) throw new TypeError("splitStream expects a Uint8Array or an ArrayBuffer");
  const records = [];
  let offset = 0;
  while (offset < bytes.length) {
    const record = records.length + 1;
    const fail = (/** @type {string} */ reason) => {
      throw new StreamError(`not a veil stream file: record ${record} at byte ${offset}: ${reason}`, { record, offset });
    };
    if (offset + 4 > bytes.length) fail(`the file ends inside a length prefix (${bytes.length - offset} of 4 bytes)`);
    const length = (bytes[offset] | bytes[offset + 1] << 8 | bytes[offset + 2] << 16 | bytes[offset + 3] << 24) >>> 0;
    if (length === 0) fail("a message of length 0");
    if (length > bytes.length - offset - 4) fail(`a message of ${length} bytes, but only ${bytes.length - offset - 4} bytes are left`);
    records.push(bytes.subarray(offset + 4, offset + 4 + length));
    offset += 4 + length;
  }
  return records;
}

/**
 * @param {Uint8Array | ArrayBuffer} bytes a stream file
 * @returns {StreamMessage[]}
 */
export function decodeStream(bytes) {
  const mirror = new Mirror();
  return splitStream(bytes).map((record, index) => {
    let message;
    try {
      message = decodeMessage(record);
    } catch (e) {
      const error = /** @type {Error & {offset?: number, reason?: string}} */ (e); // a WireError, offset and reason
      throw new StreamError(`message ${index + 1} does not decode: veil.v2 message, byte ${error.offset ?? 0}: ${error.reason ?? error.message}`, { record: index + 1 });
    }
    const result = mirror.apply(record);
    if (!result.ok) throw new StreamError(`message ${index + 1} does not apply to the frame before it: ${result.reason}`, { record: index + 1 });
    return { ...message, index, byteLength: record.length, frame: result.frame };
  });
}

/** @param {Uint8Array | ArrayBuffer} bytes a stream file */
export function describeStream(bytes) {
  /** @type {Frame | null} */
  let previous = null;
  let out = "";
  for (const message of decodeStream(bytes)) {
    const lines = describeMessage(message, previous).split("\n");
    lines[0] = `message ${message.index + 1}: ${lines[0]}`;
    out += lines.join("\n") + "\n";
    previous = message.frame;
  }
  return out;
}

// MARK: - words

/**
 * numerator / denominator with at most `digits` decimals, rounded half away from zero.
 * @param {number} numerator @param {number} denominator
 */
export function decimal(numerator, denominator, digits = 3) {
  const scale = 10 ** digits;
  const negative = numerator < 0;
  const magnitude = Math.abs(numerator);
  const scaled = Math.floor((magnitude * scale * 2 + denominator) / (denominator * 2));
  let out = negative && scaled !== 0 ? "-" : "";
  out += String(Math.floor(scaled / scale));
  let fraction = scaled % scale;
  if (fraction === 0) return out;
  let width = digits;
  while (fraction % 10 === 0) { fraction /= 10; width--; }
  return out + "." + String(fraction).padStart(width, "0");
}

const number = (/** @type {number} */ fixed) => decimal(fixed, 8);
const points = (/** @type {number} */ fixed) => number(fixed) + " pt";
const opacity = (/** @type {number} */ v) => decimal(v, 255);
const angle = (/** @type {number} */ v) => decimal(v * 360, 65536) + "°";
const plural = (/** @type {number} */ n, /** @type {string} */ word) => (n === 1 ? `1 ${word}` : `${n} ${word}s`);
const hex32 = (/** @type {number} */ v) => "0x" + (v >>> 0).toString(16).toUpperCase().padStart(8, "0");

/** @param {number} rgba */
export function color(rgba) {
  return "#" + (rgba >>> 0).toString(16).toUpperCase().padStart(8, "0");
}

/** @param {string} text */
function quoted(text) {
  let out = "\"";
  for (const ch of text) {
    const c = /** @type {number} */ (ch.codePointAt(0)); // ch is one code point
    if (ch === "\"") out += "\\\"";
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (c < 0x20 || c === 0x7f) out += "\\u" + c.toString(16).toUpperCase().padStart(4, "0");
    else out += ch;
  }
  return out + "\"";
}

const KINDS = ["rect", "text", "image", "arc", "activity indicator", "layer", "host"];
const kindName = (/** @type {number} */ k) => KINDS[k] ?? `kind ${k}`;

const stops = (/** @type {Stop[]} */ list) => list.map((s) => `${color(s.color)} at ${decimal(s.offset, 65535)}`).join(", ");

/** @param {Paint} p */
export function paint(p) {
  if (p.kind === "solid") return color(p.color);
  if (p.kind === "linear") return `linear (${number(p.x0)}, ${number(p.y0)}) → (${number(p.x1)}, ${number(p.y1)}) pt, ` + stops(p.stops);
  return `radial at (${number(p.cx)}, ${number(p.cy)}) radius ${points(p.radius)}, ` + stops(p.stops);
}

const CURVE_NAMES = [["0,0,1,1", "linear"], ["0.42,0,1,1", "ease-in"], ["0,0,0.58,1", "ease-out"], ["0.42,0,0.58,1", "ease-in-out"]];

/**
 * A declared motion (Words.motion in Swift writes the same).
 * @param {import("./motions.js").Motion} m
 */
export function motion(m) {
  const seconds = (/** @type {number} */ v) => {
    const ms = v * 1000;
    return decimal(ms < 0 ? -Math.round(-ms) : Math.round(ms), 1000) + " s";
  };
  const what = m.path.kind === "mix" ? `a colour ${color(m.path.from)} → ${color(m.path.to)}`
    : `a sliding gradient of ${plural(m.path.colors.length, "colour")}`;
  const curve = CURVE_NAMES.find(([key]) => key === m.curve.join(","))?.[1] ?? "custom curve";
  let text = `motion on paint ${m.slot + 1}: ${what}, ${seconds(m.duration)} ${curve}, `
    + (m.autoreverse ? "back and forth" : "repeating") + `, from t = ${seconds(m.start)}`;
  if (m.pausedAt !== null) text += `, paused at t = ${seconds(m.pausedAt)}`;
  return text;
}

/**
 * A declared item motion (Words.itemMotion in Swift writes the same): "motion on id 12: rotation in
 * 8 steps of 8192, 8 a second, from t = 0 s"; "motion on id 9: opacity fading 0 → 1 × 1, 0.25 s
 * ease-in-out, from t = 1.5 s"; "motion on id 4: y along 31 points 2400 → 0, every 0.017 s, from t = 2 s";
 * "motion on id 5: opacity in a loop of 65 points 255 → 64, every 0.016 s, repeating, from t = 0 s".
 * @param {import("./motions.js").ItemMotion} m @param {string} item the item's name
 */
export function itemMotion(m, item) {
  const words = FIELDS.find((f) => f.name === m.field)?.words ?? "field";
  const thousandths = (/** @type {number} */ v) => decimal(v < 0 ? -Math.round(-v * 1000) : Math.round(v * 1000), 1000);
  if (m.fade) {
    const curve = CURVE_NAMES.find(([key]) => key === m.fade?.curve.join(","))?.[1] ?? "custom curve";
    return `motion on ${item}: ${words} fading ${thousandths(m.fade.from)} → ${thousandths(m.fade.to)} × ${thousandths(m.fade.scale)}, `
      + `${thousandths(m.fade.duration)} s ${curve}, from t = ${thousandths(m.start)} s`;
  }
  if (m.points) {
    const { interval, values } = m.points;
    return `motion on ${item}: ${words} along ${plural(values.length, "point")} ${values[0]} → ${values[values.length - 1]}, `
      + `every ${thousandths(interval)} s, from t = ${thousandths(m.start)} s`;
  }
  if (m.loop) {
    const { interval, values } = m.loop;
    return `motion on ${item}: ${words} in a loop of ${plural(values.length, "point")} ${values[0]} → ${values[values.length - 1]}, `
      + `every ${thousandths(interval)} s, repeating, from t = ${thousandths(m.start)} s`;
  }
  const steps = /** @type {import("./motions.js").Steps} */ (m.steps);
  return `motion on ${item}: ${words} in ${plural(steps.count, "step")} of ${steps.increment}, `
    + `${thousandths(steps.rate)} a second, from t = ${thousandths(m.start)} s`;
}

/** @param {number} reference a paint slot + 1 (0: none) @param {Paint[]} paints */
function paintReference(reference, paints, full = false) {
  if (reference === 0) return "none";
  if (reference > paints.length) return `paint ${reference} (missing)`;
  const p = paints[reference - 1];
  if (p.kind === "solid" || full) return paint(p);
  return `paint ${reference} (${p.kind})`;
}

/** @param {Clip | null} c */
function clip(c) {
  if (!c) return "none";
  let out = `${number(c.x)}, ${number(c.y)}, ${number(c.width)} × ${number(c.height)} pt`;
  if (c.cornerRadius !== 0) out += ` radius ${points(c.cornerRadius)}`;
  return out;
}

/** @type {[Field, string][]} */
const FIELD_NAMES = FIELDS.map((f) => [f.name, f.words]);

/** @param {Field} field @param {Item} item @param {Paint[]} paints @param {boolean} full */
function value(field, item, paints, full) {
  switch (field) {
    case "fill": case "stroke": return paintReference(item[field], paints, full);
    case "opacity": return opacity(item.opacity);
    case "rotation": case "arcStart": case "arcSweep": return angle(item[field]);
    case "clip": return clip(item.clip);
    case "text": return quoted(item.text);
    case "kind": return kindName(item.kind);
    case "fontWeight": return String(item.fontWeight);
    default: return points(item[field]);
  }
}

/**
 * @param {number} mask the fields changed
 * @param {Item | null} old @param {Paint[]} oldPaints
 * @param {Item} now @param {Paint[]} newPaints
 */
function changes(mask, old, oldPaints, now, newPaints) {
  /** @type {string[]} */
  const parts = [];
  FIELD_NAMES.forEach(([field, name], bit) => {
    if (!(mask & (1 << bit))) return;
    const full = field === "fill" || field === "stroke";
    const after = value(field, now, newPaints, full);
    parts.push(old ? `${name} ${value(field, old, oldPaints, full)} → ${after}` : `${name} ${after}`);
  });
  return parts.join(", ");
}

/** @type {(items: Item[]) => number} */
const entryCount = (items) => items.reduce((n, e) => n + 1 + (e.kind === LAYER ? entryCount(/** @type {Item[]} */ (e.children)) : 0), 0);

/**
 * What an item is and the fields it sets (Words.summary in Swift).
 * @param {Item} item @param {Paint[]} paints
 */
export function summary(item, paints, countingEntries = true) {
  const parts = [];
  let head = kindName(item.kind);
  if (item.kind === 1 || item.text !== "") head += " " + quoted(item.text);
  parts.push(`${head} at ${number(item.x)}, ${number(item.y)} pt, ${number(item.width)} × ${number(item.height)} pt`);
  if (item.fill !== 0) parts.push("fill " + paintReference(item.fill, paints));
  if (item.stroke !== 0) parts.push("stroke " + paintReference(item.stroke, paints));
  if (item.lineWidth !== 0) parts.push("line width " + points(item.lineWidth));
  if (item.cornerRadius !== 0) parts.push("corner radius " + points(item.cornerRadius));
  if (item.opacity !== 255) parts.push("opacity " + opacity(item.opacity));
  if (item.rotation !== 0) parts.push("rotation " + angle(item.rotation));
  if (item.clip) parts.push("clip " + clip(item.clip));
  if (item.fontSize !== 0 || item.kind === 1) parts.push(`font ${points(item.fontSize)} ${item.fontWeight}`);
  else if (item.fontWeight !== 400) parts.push(`font weight ${item.fontWeight}`);
  if (item.baseline !== 0) parts.push("baseline " + points(item.baseline));
  if (item.arcStart !== 0 || item.arcSweep !== 0) parts.push(`arc ${angle(item.arcStart)} + ${angle(item.arcSweep)}`);
  if (item.kind === LAYER && countingEntries) {
    const n = entryCount(/** @type {Item[]} */ (item.children));
    parts.push(n === 1 ? "1 entry" : `${n} entries`);
  }
  return parts.join(", ");
}

const events = (/** @type {HostEvent[]} */ list) => (list.length === 0 ? "none" : list.map((e) => `${e.name} on ${e.node}`).join(", "));

/** @param {Names | undefined} names */
function namer(names) {
  /** @type {(id: number) => string | undefined} */
  const lookup = typeof names === "function" ? names
    : names instanceof Map ? (id) => names.get(id)
    : names ? (id) => names[id] : () => undefined;
  const name = (/** @type {number} */ id) => (id === 0 ? "root" : lookup(id) ?? `id ${id}`);
  return { name, label: (/** @type {Item} */ item) => `${name(item.id)} (${kindName(item.kind)})` };
}

/**
 * Every item of `frame` by id.
 * @param {Frame | null} frame
 */
function index(frame) {
  /** @type {Map<number, Item>} */
  const places = new Map();
  /** @param {Item[]} items */
  const walk = (items) => {
    for (const item of items) {
      places.set(item.id, item);
      if (item.kind === LAYER) walk(/** @type {Item[]} */ (item.children));
    }
  };
  if (frame) walk(frame.items);
  return places;
}

/**
 * One message in words. `previousFrame` is the frame before it (for a delta's old values; null
 * writes only new ones). A message from decodeStream carries its byte length and the frame after it.
 * @param {Message & {byteLength?: number, frame?: Frame}} message
 * @param {Frame | null} previousFrame
 * @param {{names?: Names}} options
 */
export function describeMessage(message, previousFrame = null, { names } = {}) {
  const { name, label } = namer(names);
  const size = message.byteLength != null ? `, ${plural(message.byteLength, "byte")}` : "";
  /** @type {string[]} */
  const lines = [];
  if (message.type === "keyframe") lines.push(`keyframe seq ${message.seq}${size}, hash ${hex32(message.hash)}`);
  else lines.push(`delta seq ${message.seq} (base ${message.base})${size}, hash ${hex32(message.hash)}`);
  if (message.events.length > 0) lines.push("  events: " + events(message.events));
  if (message.type === "keyframe") {
    const frame = message.frame;
    lines.push(`  canvas ${number(frame.width)} × ${number(frame.height)} pt, background ${color(frame.background)}`);
    frame.paints.forEach((p, slot) => lines.push(`  paint ${slot + 1}: ${paint(p)}`));
    for (const m of frame.motions ?? []) lines.push("  " + motion(m));
    for (const m of frame.itemMotions ?? []) lines.push("  " + itemMotion(m, name(m.id)));
    /** @param {Item[]} items @param {number} depth */
    const entries = (items, depth) => {
      for (const item of items) {
        lines.push("  ".repeat(depth) + `${name(item.id)} ` + summary(item, frame.paints, false));
        if (item.kind === LAYER) entries(/** @type {Item[]} */ (item.children), depth + 1);
      }
    };
    entries(frame.items, 1);
    return lines.join("\n");
  }
  const patch = message.patch;
  const previous = previousFrame;
  let after = message.frame ?? null;
  if (!after && previous) {
    try { after = applyPatch(previous, patch); } catch { after = null; }
  }
  const empty = patch.width === null && patch.height === null && patch.background === null && patch.paintCount === null
    && patch.paintEdits.length === 0 && patch.structure.length === 0 && patch.updates.length === 0 && !patch.motions;
  if (empty) { lines.push("  no change"); return lines.join("\n"); }
  if (patch.width !== null || patch.height !== null) {
    const w = patch.width ?? after?.width ?? previous?.width ?? 0;
    const h = patch.height ?? after?.height ?? previous?.height ?? 0;
    lines.push(previous
      ? `  canvas ${number(previous.width)} × ${number(previous.height)} pt → ${number(w)} × ${number(h)} pt`
      : `  canvas → ${number(w)} × ${number(h)} pt`);
  }
  if (patch.background !== null) lines.push("  background " + (previous ? color(previous.background) + " → " : "→ ") + color(patch.background));
  if (patch.paintCount !== null) lines.push("  paints " + (previous ? `${previous.paints.length} → ` : "→ ") + patch.paintCount);
  if (patch.motions) {
    if (patch.motions.motions.length === 0 && patch.motions.items.length === 0) lines.push("  motions: none any more");
    for (const m of patch.motions.motions) lines.push("  " + motion(m));
    for (const m of patch.motions.items) lines.push("  " + itemMotion(m, name(m.id)));
  }
  for (const edit of patch.paintEdits) {
    const old = previous && edit.slot < previous.paints.length ? previous.paints[edit.slot] : null;
    const now = after && edit.slot < after.paints.length ? after.paints[edit.slot] : null;
    let text = `  paint ${edit.slot + 1}: `;
    if (old) text += paint(old) + " → ";
    text += now ? paint(now) : edit.paint ? paint(edit.paint) : "adjusted";
    lines.push(text);
  }
  const before = index(previous);
  const current = index(after);
  for (const edit of patch.structure) {
    const layer = name(edit.layer);
    const oldChildren = edit.layer === 0 ? previous?.items : before.get(edit.layer)?.children;
    for (const at of edit.removes) {
      const item = oldChildren?.[at];
      lines.push(item ? `  remove ${label(item)} from ${layer} at ${at}` : `  remove index ${at} from ${layer}`);
    }
    for (const placement of edit.placements) {
      if (placement.item) {
        lines.push(`  insert ${label(placement.item)} into ${layer} at ${placement.index}: `
          + summary(placement.item, after?.paints ?? previous?.paints ?? []));
      } else {
        const item = oldChildren?.[placement.from];
        lines.push(item ? `  move ${label(item)} in ${layer}: ${placement.from} → ${placement.index}`
          : `  move index ${placement.from} in ${layer} to ${placement.index}`);
      }
    }
  }
  for (const update of patch.updates) {
    const old = before.get(update.id) ?? null;
    const now = current.get(update.id) ?? { ...(old ?? defaultItem(update.id)), ...update.fields, id: update.id };
    lines.push(`  change ${label(old ?? now)}: ` + changes(update.mask, old, previous?.paints ?? [], now, after?.paints ?? previous?.paints ?? []));
  }
  return lines.join("\n");
}
