// @ts-check
// worker.js — the session and its drawing in a module Worker, on the page canvas' OffscreenCanvas
// (session-backends.js starts it): a shimmer, a spinner, a fling or a sheet's spring keeps moving while the
// page's thread is busy. The page keeps the controller, input, the hidden DOM and sizing, and
// talks to this file with the messages below (one protocol, session-backends.js its only other end).
//
// A worker outlives its session: after destroy it waits for the next init (a remount costs no worker
// start). Every message carries the session's `generation`; messages of another one are dropped.
//
// page → worker: init {module, scene, timeOrigin, startMs, mountCalledAt, describes} · canvas {canvas, dpr, fits}
//   perform {id, message} · input {message, id?} · call {id, what: "describe"|"nextChange"|"sync"}
//   press {node, t} · size {width, height, dpr, origin, fits} · frames {on} · flush · destroy
//   (fits: the canvas takes the frame's size — mount's size "scene" without a window — so the
//   worker sizes it from each frame before drawing it, and the page follows with the CSS size)
// worker → page: ready · failed {message} · done {id, error?, value?} · events {events}
//   frame {frame, events} (only while the page listens to frames) · size {width, height}
//   describe {description} (only when it changed) · drawn {count, stats} (the first draw at
//   once, then at most 4 times a second) · error {message}
//   A session the scene refuses (failed) or a destroy leaves the worker ready for the next init.

import { WasmModule, WasmSession } from "./wasm.js";
import { Engine } from "./engine.js";
import { Surface } from "./render.js";
import { addFontFaces, loadFontFaces, textWeights } from "./fonts.js";

/**
 * The messages above, declared once (session-backends.js imports them). Each carries its session's
 * `generation`; the page's requests (PageRequest) an `id` that the worker's "done" answers.
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {import("./wire-format.js").HostEvent} HostEvent
 * @typedef {import("./a11y.js").Description} Description
 * @typedef {Engine["stats"]} Stats
 * @typedef {{width: number, height: number, getContext(contextId: "2d"): unknown}} CanvasLike an OffscreenCanvas
 * @typedef {{type: "perform", message: object} | {type: "input", message: object}
 *   | {type: "call", what: "describe" | "nextChange" | "sync"}} PageRequest
 * @typedef {{type: "init", module: WebAssembly.Module, scene: string, timeOrigin: number, startMs: number,
 *   mountCalledAt?: number, describes: boolean}
 *   | {type: "canvas", canvas: CanvasLike, dpr: number, fits: boolean} | {type: "input", message: object}
 *   | {type: "press", node: string, t: number | undefined}
 *   | {type: "size", width: number, height: number, dpr: number, origin: {x: number, y: number}, fits: boolean}
 *   | {type: "frames", on: boolean} | {type: "flush"} | {type: "destroy"}} PageNotice
 * @typedef {(PageNotice & {id?: undefined}) | (PageRequest & {id: number})} PageMessageBody
 * @typedef {PageMessageBody & {generation: number}} PageMessage
 * @typedef {{type: "ready"} | {type: "failed", message: string}} WorkerStart the answer to init
 * @typedef {WorkerStart | {type: "done", id: number, error?: string, value?: unknown}
 *   | {type: "events", events: HostEvent[]} | {type: "frame", frame: Frame, events: HostEvent[]}
 *   | {type: "size", width: number, height: number} | {type: "describe", description: Description}
 *   | {type: "drawn", count: number, stats: Stats | undefined} | {type: "error", message: string}} WorkerMessageBody
 * @typedef {WorkerMessageBody & {generation: number}} WorkerMessage
 * @typedef {{frame: Frame | null, stats: Stats, drawCount: number}} SyncAnswer call "sync"'s value
 */

/** @type {any} */
const scope = globalThis;

/**
 * The faces the core measures with, in this worker's own FontFaceSet (a worker does not see the
 * page's @font-face rules), each loaded the first time a frame draws text in it: a frame is drawn
 * once the faces of its text are in (or failed), since text drawn meanwhile would keep a fallback
 * face; a frame without text (a skeleton, a spinner) is drawn at once and loads no font. A reused
 * worker keeps them.
 */
const faces = addFontFaces(scope);
/** @type {Map<number, Promise<string[]>>} loads begun, by weight */
const faceLoads = new Map();
/** @type {Set<number>} weights loaded (or failed: reported once, then drawn in the fallback) */
const facesIn = new Set();

/**
 * Nothing when every face `frame` draws text in is in; else what resolves (with failure
 * messages) once they are.
 * @param {Frame} frame
 * @returns {Promise<string[]> | null}
 */
function facesFor(frame) {
  /** @type {Promise<string[]>[]} */
  const waits = [];
  for (const weight of textWeights(frame)) {
    if (facesIn.has(weight) || faces.length === 0) continue;
    let load = faceLoads.get(weight);
    if (!load) {
      load = loadFontFaces(faces, [weight]).then((failures) => { facesIn.add(weight); return failures; });
      faceLoads.set(weight, load);
    }
    waits.push(load);
  }
  return waits.length === 0 ? null : Promise.all(waits).then((lists) => lists.flat());
}

/** The session the page talks to now. */
let generation = 0;
/** @type {Engine | null} */
let engine = null;
/** @type {Surface | null} */
let surface = null;
/** @type {PageMessage[] | null} messages that came before the session was ready */
let queue = [];
let wantFrames = false;
let lastDescription = "";
let lastSize = "";
let drawnPostedAt = -Infinity;
/** The canvas takes the frame's size (else the page's), at this pixel ratio. */
let fits = true;
let dpr = 1;
/** @type {ReturnType<typeof setTimeout> | null} */
let drawnTimer = null;

/** @param {WorkerMessageBody} message @param {Transferable[]} [transfer] */
const post = (message, transfer) => scope.postMessage({ ...message, generation }, transfer ?? []);

/** @param {any} error whatever was thrown */
const text = (error) => String(error?.message ?? error);

scope.onmessage = (/** @type {MessageEvent} */ event) => {
  /** @type {PageMessage} */
  const message = event.data;
  if (message.type === "init") { reset(); generation = message.generation; queue = []; init(message); return; }
  if (message.generation !== generation) return; // for a session already gone
  if (queue) { queue.push(message); return; }
  handle(message);
};

/** Drops the session (its loop stopped) and everything it had sent or would send. */
function reset() {
  engine?.destroy();
  engine = null;
  surface = null;
  queue = null;
  wantFrames = false;
  lastDescription = "";
  lastSize = "";
  if (drawnTimer !== null) clearTimeout(drawnTimer);
  drawnTimer = null;
  drawnPostedAt = -Infinity;
}

/** @param {PageMessage & {type: "init"}} m */
async function init(m) {
  const mine = m.generation;
  const current = () => mine === generation;
  try {
    const instance = await WebAssembly.instantiate(m.module, {});
    if (!current()) return;
    const module = new WasmModule(instance);
    const session = new WasmSession(module, m.scene);
    // The page's clock: this worker's performance.now() has its own origin.
    const offset = performance.timeOrigin - m.timeOrigin;
    engine = new Engine(session, {
      env: scope, nowMs: () => performance.now() + offset, startMs: m.startMs, describes: m.describes,
      onFrame: (frame, events) => {
        if (!current()) return;
        const size = `${frame.width}x${frame.height}`;
        if (size !== lastSize) { lastSize = size; post({ type: "size", width: frame.width / 8, height: frame.height / 8 }); }
        if (wantFrames) post({ type: "frame", frame, events });
        else if (events.length) post({ type: "events", events });
      },
      onDescribe: () => describe(),
      onError: (error) => { if (current()) post({ type: "error", message: text(error) }); },
    });
    engine.frameTime = (ms) => ms + offset;
    // Every animation frame is reported (throttled), drawn or not: the page's stats show a loop
    // that runs without drawing as well.
    const step = engine.step.bind(engine);
    engine.step = (ms) => { step(ms); if (current()) postDrawn(); };
    engine.stats.mountCalledAt = m.mountCalledAt ?? 0;
    post({ type: "ready" });
  } catch (error) {
    if (current()) { post({ type: "failed", message: text(error) }); reset(); }
    return;
  }
  const waiting = queue ?? [];
  queue = null;
  for (const message of waiting) handle(message);
}

/** @param {PageMessage} m */
function handle(m) {
  if (!engine) return;
  try {
    switch (m.type) {
      case "canvas": {
        const drawn = surface = new Surface(m.canvas, { env: scope });
        fits = !!m.fits;
        dpr = m.dpr || 1;
        const mine = generation;
        drawn.onDrawn = () => {
          if (mine !== generation) return;
          // The backing store the first frame was drawn at (tests: the frame's size, not 300 × 150).
          const stats = /** @type {any} */ (engine?.stats);
          if (stats && !stats.firstDrawSize) stats.firstDrawSize = [m.canvas.width, m.canvas.height];
          postDrawn();
        };
        // Sized from the frame before it is drawn: the first frame is never drawn at the canvas'
        // default 300 × 150 while the page learns the frame's size.
        const fit = (/** @type {Frame} */ frame) => { if (fits && frame) drawn.resize(frame.width / 8, frame.height / 8, dpr); };
        // A frame whose text needs a face not in yet waits for it (the page's first frame stays
        // up meanwhile), then the newest frame is drawn.
        const whenFaces = (/** @type {Frame} */ frame) => {
          const wait = facesFor(frame);
          if (!wait) return true;
          wait.then((failures) => {
            if (mine !== generation || surface !== drawn || !engine) return;
            for (const message of failures) post({ type: "error", message });
            if (engine.frame) engine.sink?.show(engine.frame);
          });
          return false;
        };
        engine.sink = {
          show: (frame) => { if (whenFaces(frame)) { fit(frame); drawn.show(frame); } },
          showNow: (frame) => { if (whenFaces(frame)) { fit(frame); drawn.showNow(frame); } },
        };
        engine.wake();
        break;
      }
      case "perform":
        engine.perform(m.message);
        post({ type: "done", id: m.id });
        break;
      case "input":
        engine.input(m.message);
        if (m.id !== undefined) post({ type: "done", id: m.id });
        break;
      case "press":
        engine.press(m.node, m.t);
        break;
      case "call":
        post({ type: "done", id: m.id, value: call(m.what) });
        break;
      case "size":
        if (!surface) break;
        fits = !!m.fits;
        dpr = m.dpr || 1;
        surface.origin = m.origin;
        if (fits && engine.frame) surface.resize(engine.frame.width / 8, engine.frame.height / 8, dpr);
        else surface.resize(m.width, m.height, dpr);
        surface.invalidate(); // a window moved at the same size is drawn too
        break;
      case "frames":
        // A listener added after the first frame gets the frame shown now, then each one after
        // (the worker may have drawn before the page's `on("frame")` reached it).
        if (!wantFrames && m.on && engine.frame) post({ type: "frame", frame: engine.frame, events: [] });
        wantFrames = !!m.on;
        break;
      case "flush":
        engine.flush();
        break;
      case "destroy":
        reset();
        break;
    }
  } catch (error) {
    if (m.id !== undefined) post({ type: "done", id: m.id, error: text(error) });
    else post({ type: "error", message: text(error) });
  }
}

/**
 * @param {"describe" | "nextChange" | "sync"} what
 * @returns {Description | number | SyncAnswer}
 */
function call(what) {
  const e = /** @type {Engine} */ (engine);
  switch (what) {
    case "describe": return e.describe();
    case "nextChange": return e.nextChange();
    case "sync": return { frame: e.frame, stats: e.stats, drawCount: surface?.drawCount ?? 0 };
    default: throw new Error(`veil worker: unknown call ${what}`);
  }
}

/** The description, sent only when it changed (the hidden DOM follows it). */
function describe() {
  if (!engine) return;
  const description = /** @type {Engine} */ (engine).describe();
  const json = JSON.stringify(description);
  if (json === lastDescription) return;
  lastDescription = json;
  post({ type: "describe", description });
}

/** The draw count and the stats: the first draw at once, then at most every 250 ms (and the last one). */
function postDrawn() {
  if (drawnTimer !== null) return;
  const wait = drawnPostedAt + 250 - performance.now();
  const send = () => {
    drawnTimer = null;
    drawnPostedAt = performance.now();
    post({ type: "drawn", count: surface?.drawCount ?? 0, stats: engine?.stats });
  };
  if (wait <= 0) send();
  else drawnTimer = setTimeout(send, wait);
}
