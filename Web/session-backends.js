// @ts-check
// session-backends.js — where a mounted scene's session runs, chosen once per Controller: in the
// page (SessionInPage: an Engine on this thread, or headless) or in a module Worker (SessionInWorker,
// talking to worker.js through a WorkerLink). Both have one interface, SessionBackend; what differs
// between the two threads lives here and nowhere else. Also the worker started ahead of a mount
// (the spare), which the next mount takes.

import { Engine } from "./engine.js";

/**
 * @typedef {import("./wire-format.js").HostEvent} HostEvent
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {import("./wasm.js").WasmSession} WasmSession
 * @typedef {import("./view.js").CanvasView} CanvasView
 * @typedef {import("./worker.js").PageMessageBody} PageMessageBody
 * @typedef {import("./worker.js").PageRequest} PageRequest
 * @typedef {import("./worker.js").WorkerStart} WorkerStart
 * @typedef {import("./worker.js").WorkerMessageBody} WorkerMessageBody
 * @typedef {import("./worker.js").WorkerMessage} WorkerMessage
 * @typedef {import("./a11y.js").Description} Description
 */

/** The worker's module, beside this file. */
const WORKER_URL = new URL("worker.js", import.meta.url);

/** Sessions started in workers so far: each session's messages carry its number. */
let generations = 0;

/** @type {Worker | null} a worker started ahead, or left by a destroyed mount: the next mount takes it */
let spare = null;

/**
 * Starts a worker ahead of the first mount, where the browser can run one on a canvas (mount.js'
 * prestart); a worker that fails to start is dropped, and the mount starts its own.
 */
export function startSpareWorker() {
  if (spare || typeof /** @type {any} */ (globalThis).OffscreenCanvas !== "function" || !moduleWorkers(globalThis)) return;
  const worker = spare = startWorker(globalThis);
  worker.onerror = () => { if (spare === worker) spare = null; worker.terminate(); };
}

/**
 * A module worker running worker.js. Written as `new Worker(new URL("./worker.js",
 * import.meta.url), …)` for the page's own Worker: the form Vite and webpack recognize, and bundle
 * the worker from.
 * @param {any} env
 * @returns {Worker}
 */
function startWorker(env) {
  if (env.Worker === globalThis.Worker) return new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  return new env.Worker(WORKER_URL, { type: "module" });
}

/**
 * Whether module workers exist: a browser without them ignores `type` and runs a classic worker
 * (that fails on `import`), so the test reads whether the constructor asks for `type`.
 * @param {any} env
 */
export function moduleWorkers(env) {
  if (typeof env.Worker !== "function") return false;
  let asked = false;
  try {
    // The options are read before the URL is parsed, and this URL does not parse: no thread starts.
    new env.Worker("http://[", { get type() { asked = true; return "module"; } }).terminate();
  } catch { /* expected: the URL */ }
  return asked;
}

/**
 * The page's end of worker.js: one Worker per mount, requests by id (a command the session refuses
 * rejects with its message), and the messages the worker sends on its own.
 */
export class WorkerLink {
  /**
   * Starts the worker and its session; rejects (the worker ended) when the session refuses the
   * scene, with what `refused` makes of the worker's message.
   * @param {WebAssembly.Module} module
   * @param {string} scene the scene's text
   * @param {{env: any, mountCalledAt: number, describes: boolean, refused: (message: string) => Error}} options
   * @returns {Promise<WorkerLink>}
   */
  static async start(module, scene, { env, mountCalledAt, describes, refused }) {
    const perf = env.performance ?? globalThis.performance;
    let worker = spare;
    if (worker && env === globalThis) spare = null;
    else worker = startWorker(env);
    const link = new WorkerLink(/** @type {Worker} */ (worker));
    const startMs = perf.now();
    link.startMs = startMs;
    const ready = new Promise((resolve, reject) => {
      link.onReady = (m) => (m.type === "ready" ? resolve(undefined) : reject(refused(m.message)));
    });
    link.post({ type: "init", module, scene, timeOrigin: perf.timeOrigin, startMs, mountCalledAt, describes });
    try {
      await ready;
    } catch (error) {
      link.terminate();
      throw error;
    }
    return link;
  }

  /** @param {Worker} worker */
  constructor(worker) {
    this.worker = worker;
    this.nextId = 1;
    /** @type {Map<number, {resolve: (value: unknown) => void, reject: (error: Error) => void}>} */
    this.pending = new Map();
    /** @type {(message: WorkerStart) => void} */
    this.onReady = () => {};
    /** @type {(message: WorkerMessageBody) => void} what the controller does with the worker's own messages */
    this.onMessage = () => {};
    this.startMs = 0;
    this.ended = false;
    this.generation = ++generations;
    /** A worker that failed cannot be lent again. */
    this.broken = false;
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      this.broken = true;
      const message = `veil worker: ${event.message || "failed to start"}`;
      this.onReady({ type: "failed", message });
      this.onMessage({ type: "error", message });
    };
  }

  /** @param {WorkerMessage} m */
  receive(m) {
    if (m.generation !== this.generation) return; // from the worker's previous session
    if (m.type === "ready" || m.type === "failed") { this.onReady(m); return; }
    if (m.type === "done") {
      const request = this.pending.get(m.id);
      if (!request) return;
      this.pending.delete(m.id);
      if (m.error !== undefined) request.reject(new Error(m.error));
      else request.resolve(m.value);
      return;
    }
    this.onMessage(m);
  }

  /** @param {PageMessageBody} message @param {Transferable[]} [transfer] */
  post(message, transfer) {
    if (!this.ended) this.worker.postMessage({ ...message, generation: this.generation }, transfer ?? []);
  }

  /**
   * A message that the worker answers: resolves with its value, rejects with its error.
   * @param {PageRequest} message
   * @returns {Promise<unknown>}
   */
  request(message) {
    if (this.ended) return Promise.reject(new Error("veil: this mount was destroyed"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ ...message, id });
    });
  }

  /**
   * Ends the session; the worker waits for the next mount (the spare), or ends when there is one
   * already, or when it failed. Requests still waiting reject.
   */
  terminate() {
    if (this.ended) return;
    this.post({ type: "destroy" });
    this.ended = true;
    this.worker.onmessage = null;
    this.worker.onerror = null;
    if (!spare && !this.broken) spare = this.worker;
    else this.worker.terminate();
    for (const request of this.pending.values()) request.reject(new Error("veil: this mount was destroyed"));
    this.pending.clear();
  }
}

/**
 * Where a Controller's session runs, chosen once when the Controller is made: in the page (an
 * Engine on this thread, which throws a refusal at once; or headless, where the caller ticks) or
 * in a worker (a WorkerLink, which answers with Promises). Every Controller method that reaches the
 * session goes through its backend, so no method asks which: what differs between the two lives in
 * these two classes.
 * @typedef {object} SessionBackend
 * @property {"worker" | "main" | "headless"} thread where the session runs ("main": the page's thread)
 * @property {number} startMs the session's time 0 on the page's clock (ms)
 * @property {Frame | null} frame the last frame applied (in a worker: the last one it sent)
 * @property {Stats} stats counters for tests and benchmarks
 * @property {Engine | null} engine the session's engine when it runs on this thread
 * @property {(message: object) => Promise<void>} perform a command line; rejects (or, in the page, throws) with the session's message
 * @property {(message: object) => Promise<void>} input an input line, as perform
 * @property {(message: object, onError: (error: any) => void) => void} forward input from the canvas: refusals go to onError
 * @property {() => void} flush the next animation frame's work now
 * @property {() => number | Promise<number>} nextChange
 * @property {() => Description | Promise<Description>} describe
 * @property {() => Description} description what the hidden DOM shows now
 * @property {(node: string, t: number | undefined) => void} press
 * @property {(canvas: HTMLCanvasElement, mode: "fill" | "fixed", makeView: (surface: RemoteSurface | undefined) => CanvasView) => CanvasView} attach
 *   the canvas' drawing: the view `makeView` makes (with the surface it draws through, or its own), tied to the session
 * @property {(on: boolean) => void} sendFrames whether "frame" has listeners
 * @property {() => void} wake asks for an animation frame (the frame loop on this thread)
 * @property {(seconds: number) => {frame: Frame, events: HostEvent[]} | null} tick
 * @property {() => Promise<void>} sync brings `frame` and `stats` up to date
 * @property {() => void} end stops the session
 * @typedef {Engine["stats"]} Stats
 * @typedef {object} BackendHooks what the backend tells the Controller
 * @property {(frame: Frame | null, events: HostEvent[]) => void} onFrame a message applied (null: events alone)
 * @property {() => void} onDescribe the hidden DOM is due an update
 * @property {(error: any) => void} onError
 * @property {() => void} onDrawn a frame reached the canvas
 */

/**
 * The session on this thread: the page's thread (mount's fallback) with a canvas, or headless.
 * @implements {SessionBackend}
 */
export class SessionInPage {
  /**
   * @param {WasmSession} session
   * @param {BackendHooks} hooks
   * @param {{env: any, nowMs: () => number, canvas: HTMLCanvasElement | null, describes: boolean, mountCalledAt: number}} options
   */
  constructor(session, hooks, { env, nowMs, canvas, describes, mountCalledAt }) {
    this.hooks = hooks;
    this.thread = /** @type {"main" | "headless"} */ (canvas ? "main" : "headless");
    this.startMs = nowMs();
    this.engine = new Engine(session, {
      env, nowMs, startMs: this.startMs, describes,
      onFrame: hooks.onFrame, onDescribe: hooks.onDescribe, onError: hooks.onError,
    });
    this.engine.stats.mountCalledAt = mountCalledAt;
  }
  get frame() { return this.engine.frame; }
  get stats() { return this.engine.stats; }
  /** @param {object} message */
  perform(message) { this.engine.perform(message); return Promise.resolve(); }
  /** @param {object} message */
  input(message) { this.engine.input(message); return Promise.resolve(); }
  /** @param {object} message @param {(error: any) => void} onError */
  forward(message, onError) {
    try { this.engine.input(message); } catch (error) { onError(error); }
  }
  flush() { this.engine.flush(); }
  nextChange() { return this.engine.nextChange(); }
  describe() { return this.engine.describe(); }
  description() { return this.engine.describe(); }
  /** @param {string} node @param {number | undefined} t */
  press(node, t) { this.engine.press(node, t); }
  /**
   * The view draws with its own Surface on this canvas; the engine shows frames through it.
   * @param {HTMLCanvasElement} canvas @param {"fill" | "fixed"} mode
   * @param {(surface: RemoteSurface | undefined) => CanvasView} makeView
   */
  attach(canvas, mode, makeView) {
    const view = makeView(undefined);
    this.engine.sink = view;
    /** @type {any} */ (view.surface).onDrawn = () => this.hooks.onDrawn();
    return view;
  }
  /** @param {boolean} on */
  sendFrames(on) {} // each frame is applied here
  wake() { this.engine.wake(); }
  /** @param {number} seconds */
  tick(seconds) { return this.engine.tick(seconds); }
  sync() { return Promise.resolve(); }
  end() { this.engine.destroy(); }
}

/** A description with nothing in it: the hidden DOM before the worker's first. */
const NO_DESCRIPTION = { busy: false, statuses: [], buttons: [], refreshable: [], sheets: [] };

/**
 * The session in a worker (worker.js), through its WorkerLink: requests answered by Promises, and
 * the messages the worker sends on its own — frames while "frame" has listeners, events, sizes,
 * descriptions, draws — kept here as the worker's last word.
 * @implements {SessionBackend}
 */
export class SessionInWorker {
  /**
   * @param {WorkerLink} link
   * @param {BackendHooks} hooks
   * @param {{env: any, mountCalledAt: number}} options
   */
  constructor(link, hooks, { env, mountCalledAt }) {
    this.link = link;
    this.hooks = hooks;
    this.env = env;
    this.thread = /** @type {"worker"} */ ("worker");
    this.startMs = link.startMs;
    /** @type {Engine | null} */
    this.engine = null;
    /** @type {Frame | null} the last frame the worker sent (while "frame" has listeners, or as of `sync()`) */
    this.frame = null;
    /** @type {any} the worker's counters as of its last report */
    this.stats = { ticks: 0, messages: 0, animationFrames: 0, firstFrameAt: null, frames: 0, frameMs: 0, mountCalledAt };
    /** @type {Description} the worker's last description */
    this.lastDescription = NO_DESCRIPTION;
    /** @type {CanvasView | null} */
    this.view = null;
    /** @type {HTMLCanvasElement | null} */
    this.canvas = null;
    /** @type {RemoteSurface | null} */
    this.remote = null;
  }
  /** @param {object} message */
  perform(message) { return /** @type {Promise<void>} */ (this.link.request({ type: "perform", message })); }
  /** @param {object} message */
  input(message) { return /** @type {Promise<void>} */ (this.link.request({ type: "input", message })); }
  /** @param {object} message */
  forward(message) { this.link.post({ type: "input", message }); }
  flush() { this.link.post({ type: "flush" }); }
  nextChange() { return /** @type {Promise<number>} */ (this.link.request({ type: "call", what: "nextChange" })); }
  describe() { return /** @type {Promise<Description>} */ (this.link.request({ type: "call", what: "describe" })); }
  description() { return this.lastDescription; }
  /** @param {string} node @param {number | undefined} t */
  press(node, t) { this.link.post({ type: "press", node, t }); }
  /**
   * The canvas handed to the worker (its OffscreenCanvas), and a view that forwards sizes to it.
   * @param {HTMLCanvasElement} canvas @param {"fill" | "fixed"} mode
   * @param {(surface: RemoteSurface | undefined) => CanvasView} makeView
   */
  attach(canvas, mode, makeView) {
    const remote = this.remote = new RemoteSurface(this.link);
    const offscreen = /** @type {any} */ (canvas).transferControlToOffscreen();
    this.link.post({ type: "canvas", canvas: offscreen, dpr: this.env.devicePixelRatio || 1, fits: mode === "fixed" }, [offscreen]);
    this.link.onMessage = (m) => this.receive(m);
    this.canvas = canvas;
    const view = this.view = remote.view = makeView(remote);
    return view;
  }
  /** @param {boolean} on */
  sendFrames(on) { this.link.post({ type: "frames", on }); }
  wake() {} // the worker runs its own frame loop
  /** @param {number} seconds @returns {never} */
  tick(seconds) { throw new Error("veil: tick() runs the session on this thread; in worker mode the worker ticks it"); }
  async sync() {
    const state = /** @type {import("./worker.js").SyncAnswer} */ (await this.link.request({ type: "call", what: "sync" }));
    this.frame = state.frame;
    this.stats = { ...state.stats, mountCalledAt: this.stats.mountCalledAt };
  }
  end() { this.link.terminate(); }

  /**
   * A message the worker sent on its own.
   * @param {WorkerMessageBody} m
   */
  receive(m) {
    if (this.link.ended) return;
    switch (m.type) {
      case "frame":
        this.frame = m.frame;
        this.applied(m.frame, m.events);
        break;
      case "events":
        this.applied(null, m.events);
        break;
      case "size":
        if (this.view) {
          this.view.frameSize = { width: m.width, height: m.height };
          if (this.view.mode === "fixed") this.view.measure();
        }
        break;
      case "describe":
        this.lastDescription = m.description;
        this.hooks.onDescribe();
        break;
      case "drawn":
        this.stats = { ...m.stats, mountCalledAt: this.stats.mountCalledAt };
        if (this.canvas) this.canvas.dataset.drawn = String(m.count);
        if (this.remote) this.remote.drawCount = m.count;
        this.hooks.onDrawn();
        break;
      case "error":
        this.hooks.onError(new Error(m.message));
        break;
    }
  }

  /**
   * A message the worker applied: the view follows its events (as the engine's sink does on this
   * thread), then the Controller hears of it.
   * @param {Frame | null} frame @param {HostEvent[]} events
   */
  applied(frame, events) {
    if (events.length) this.view?.followEvents(events);
    this.hooks.onFrame(frame, events);
  }
}

/**
 * The page's stand-in for the worker's Surface: a CanvasView hands it sizes, which it forwards.
 */
class RemoteSurface {
  /** @param {WorkerLink} link */
  constructor(link) {
    this.link = link;
    this.origin = { x: 0, y: 0 };
    /** @type {Frame | null} the worker has it */
    this.frame = null;
    this.drawCount = 0;
    this.size = "";
    /** @type {CanvasView | null} whose mode and window say whether the frame sizes the canvas */
    this.view = null;
  }

  /** @param {number} x @param {number} y */
  setOrigin(x, y) { this.origin = { x, y }; }

  /** @param {number} width @param {number} height @param {number} dpr */
  resize(width, height, dpr) {
    const fits = !!this.view && this.view.mode === "fixed" && !this.view.window;
    const key = `${width},${height},${dpr},${this.origin.x},${this.origin.y},${fits}`;
    if (key === this.size) return;
    this.size = key;
    this.link.post({ type: "size", width, height, dpr, origin: this.origin, fits });
  }

  show() {}
  showNow() {}
  invalidate() {}
  drawNow() {}
}
