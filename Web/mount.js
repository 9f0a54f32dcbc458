// @ts-check
// mount.js — `mount(canvas, {scene, wasm})`: the core in a page (or in node) behind one controller.
//
// In a page the session and its drawing run in a module Worker on the canvas' OffscreenCanvas
// (worker.js), so the skeleton keeps moving while the page's thread is busy; the page keeps the
// controller, input, the hidden DOM (a11y.js) and sizing. Where OffscreenCanvas or module workers
// are missing (or with `thread: "main"`), the same engine (engine.js) and renderer run on the
// page's thread. Headless (no canvas, e.g. in node) the caller ticks. docs/EMBED.md is the manual.

import { WasmModule, WasmSession, compileWasm } from "./wasm.js";
import { Engine } from "./engine.js";
import { CanvasView } from "./view.js";
import { Surface } from "./render.js";
import { addFontFaces } from "./fonts.js";
import { Mirror } from "./wire.js";
import { AccessibleMirror } from "./a11y.js";
import { keyInput } from "./input.js";
import { catalog } from "./commands.js";

/** Read in node only (a variable, so that browsers and type checkers leave it alone). */
const NODE_FS = "node:fs/promises";

/** The module beside this file: what a page that copied Web/ serves. */
const DEFAULT_WASM = new URL("veil.wasm", import.meta.url);

/** The worker's module, beside this file. */
const WORKER_URL = new URL("worker.js", import.meta.url);

/** Bytes of rows one fill command carries at most: under the session's 64 KiB bound on a command. */
const FILL_BATCH_BYTES = 48 * 1024;
const utf8Encoder = new TextEncoder();
/** @param {string} text */
const utf8Length = (text) => utf8Encoder.encode(text).length;

/** Sessions started in workers so far: each session's messages carry its number. */
let generations = 0;

/** @type {Worker | null} a worker started ahead, or left by a destroyed mount: the next mount takes it */
let spare = null;

/**
 * First paint first: starts the module's fetch and streaming compile, and a worker (its own module
 * graph), before mount() is called — veil.js calls it when the page evaluates it; page.js only in
 * `preload()`, so that a page whose wishes were gone by the time the modules loaded fetches no
 * veil.wasm and starts no worker. Once per page.
 */
export function prestart() {
  if (prestarted || typeof document !== "object" || !/^https?:$/.test(DEFAULT_WASM.protocol)) return;
  prestarted = true;
  compileWasm(DEFAULT_WASM).catch(() => {});
  if (typeof /** @type {any} */ (globalThis).OffscreenCanvas === "function" && moduleWorkers(globalThis)) {
    const worker = spare = startWorker(globalThis);
    worker.onerror = () => { if (spare === worker) spare = null; worker.terminate(); }; // mount starts its own
  }
}
let prestarted = false;

/**
 * @typedef {import("./wire.js").HostEvent} HostEvent
 * @typedef {import("./wire.js").Frame} Frame
 * @typedef {import("./worker.js").PageMessageBody} PageMessageBody
 * @typedef {import("./worker.js").PageRequest} PageRequest
 * @typedef {import("./worker.js").WorkerStart} WorkerStart
 * @typedef {import("./worker.js").WorkerMessageBody} WorkerMessageBody
 * @typedef {import("./worker.js").WorkerMessage} WorkerMessage
 * @typedef {import("./a11y.js").Description} Description
 * @typedef {(event: any) => void} Listener
 * @typedef {object} MountOptions
 * @property {object | string | URL} scene the scene (docs/SCENE.md): an object, its JSON text, or a URL / file path of it
 * @property {string | URL | ArrayBuffer | Uint8Array | WebAssembly.Module} [wasm] veil.wasm: a URL, a file path (node), its bytes or the compiled module; default: beside veil.js
 * @property {string} [node] the node commands act on when they name none; default: the scene root's id
 * @property {"scene" | "fill"} [size] "scene": the canvas takes the scene's size (default); "fill": it fills its parent and the scene is laid out at that size
 * @property {"system" | "light" | "dark" | "scene"} [appearance] default "system": follows prefers-color-scheme
 * @property {"system" | "reduce" | "no-preference"} [motion] default "system": follows prefers-reduced-motion (the core's `{"motion": "reduced"}`)
 * @property {boolean | AccessibleTexts} [accessible] default true: a visually hidden DOM beside the canvas (a11y.js); an object: with these texts in place of the English ones
 * @property {"auto" | "worker" | "main"} [thread] default "auto": a Worker where OffscreenCanvas and module workers exist, else the page's thread; "worker" fails where they do not
 * @property {Element | null} [firstFrame] the scene's first frame already in the page (an `<img>` or inline `<svg>` from `veil render`), removed once the live canvas shows its own
 * @property {any} [env] the window (tests pass a fake): requestAnimationFrame, matchMedia, devicePixelRatio, ResizeObserver, performance, Worker, OffscreenCanvas
 * @property {RowSource} [rows] answers lists that fetch their rows ("fetch"): called with each range one asks for
 * @typedef {import("./wire.js").RowRange} RowRange
 * @typedef {(request: {node: string, start: number, end: number}) => object[] | Promise<object[]>} RowSource
 *   the rows `start` up to `end` of list `node`, each as in the scene's "rows"
 * @typedef {{loadingText?: string, loadedText?: string, refreshText?: string, loadMoreText?: string,
 *   sheetTexts?: Partial<import("./a11y.js").SheetTexts>}} AccessibleTexts
 */

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
 * "worker" or "main": where a canvas' session runs.
 * @param {HTMLCanvasElement} canvas
 * @param {MountOptions} options
 * @param {any} env
 */
function chooseThread(canvas, options, env) {
  const thread = options.thread ?? "auto";
  if (thread === "main") return "main";
  const able = typeof /** @type {any} */ (canvas).transferControlToOffscreen === "function" && typeof env.OffscreenCanvas === "function"
    && moduleWorkers(env);
  if (thread === "worker" && !able) throw new Error("veil.mount: thread \"worker\": this browser has no OffscreenCanvas or module workers");
  return able ? "worker" : "main";
}

/**
 * Mounts the scene on `canvas` (or, with `canvas` null, runs it headless: call `tick(seconds)`
 * yourself, e.g. in node). Resolves to a `Controller`; rejects with a clear message — the scene
 * reader's `file:line:column: message`, or what was fetched for the wasm — leaving nothing behind.
 * @param {HTMLCanvasElement | null} canvas
 * @param {MountOptions} options
 * @returns {Promise<Controller>}
 */
export async function mount(canvas, options) {
  if (!options || options.scene === undefined) throw new Error("veil.mount: options.scene is required");
  const env = options.env ?? globalThis;
  const calledAt = (env.performance ?? globalThis.performance).now();
  const thread = canvas ? chooseThread(canvas, options, env) : "main";
  const [compiled, scene] = await Promise.all([loadModule(options.wasm ?? DEFAULT_WASM), readScene(options.scene)]);
  const init = { ...options, canvas, env, defaultNode: options.node ?? scene.rootId, mountCalledAt: calledAt };
  // Text drawn on this thread (the page's-thread mode, the first frame) in the faces the core
  // measured with, also in a page that did not link fonts/inter.css (the worker loads its own).
  if (canvas) addFontFaces(env);
  if (thread === "worker") {
    // Chromium counts no first contentful paint for a canvas drawn only from a worker: without a
    // first frame of its own, the page draws one here, alongside the worker's start.
    // Its failures are the worker's to report (a bad scene rejects mount once, with the worker's message).
    const painting = canvas && !options.firstFrame
      ? paintFirstFrame(canvas, compiled, scene.text, options, env).catch(() => null) : null;
    let link;
    try {
      link = await WorkerLink.start(compiled, scene, env, calledAt, options.accessible !== false);
    } catch (error) {
      (await painting)?.remove(); // nothing left behind
      throw error;
    }
    const painted = await painting;
    try {
      return new Controller(link, { ...init, firstFrame: options.firstFrame ?? painted ?? null });
    } catch (error) {
      painted?.remove();
      link.terminate();
      throw error;
    }
  }
  let session;
  try {
    session = new WasmSession(new WasmModule(await WebAssembly.instantiate(compiled, {})), scene.text);
  } catch (error) {
    throw sceneError(error, scene.name);
  }
  try {
    return new Controller(session, init);
  } catch (error) {
    session.free();
    throw error;
  }
}

/**
 * The scene's first frame drawn on this thread, on a canvas laid over `canvas` (which the worker
 * will draw): the page's own first paint, removed once the worker's canvas shows a frame. A
 * session of its own, at time 0, with the appearance and motion the mount sends, then freed.
 * @param {HTMLCanvasElement} canvas
 * @param {WebAssembly.Module} compiled
 * @param {string} sceneText
 * @param {MountOptions} options
 * @param {any} env
 * @returns {Promise<HTMLCanvasElement | null>}
 */
async function paintFirstFrame(canvas, compiled, sceneText, options, env) {
  const session = new WasmSession(new WasmModule(await WebAssembly.instantiate(compiled, {})), sceneText);
  try {
    const media = (/** @type {string} */ query) => !!env.matchMedia?.(query)?.matches;
    const appearance = options.appearance ?? "system";
    if (appearance === "light" || appearance === "dark") session.perform({ appearance });
    else if (appearance === "system") session.perform({ appearance: media("(prefers-color-scheme: dark)") ? "dark" : "light" });
    const motion = options.motion ?? "system";
    const reduced = motion === "system" ? media("(prefers-reduced-motion: reduce)") : motion === "reduce";
    session.perform({ motion: reduced ? "reduced" : "full" });
    const parent = canvas.parentElement;
    if (options.size === "fill" && parent) {
      const width = Math.floor(parent.clientWidth), height = Math.floor(parent.clientHeight);
      // A container not laid out yet (display: none) has no size: the live canvas waits for one
      // (view.js), and there is no first frame to show before it.
      if (width < 1 || height < 1) return null;
      session.input({ resize: { width, height } });
    }
    const bytes = session.tick(0);
    const result = bytes ? new Mirror().apply(bytes) : null;
    if (!result?.ok) return null;
    const frame = result.frame, width = frame.width / 8, height = frame.height / 8;
    const overlay = canvas.ownerDocument.createElement("canvas");
    overlay.className = "veil-first-frame";
    overlay.setAttribute("aria-hidden", "true");
    overlay.style.cssText = `position:absolute;left:${canvas.offsetLeft}px;top:${canvas.offsetTop}px;`
      + `width:${width}px;height:${height}px;pointer-events:none;`;
    const surface = new Surface(overlay, { env });
    surface.resize(width, height, env.devicePixelRatio || 1);
    surface.showNow(frame);
    canvas.after(overlay);
    return overlay;
  } finally {
    session.free();
  }
}

/**
 * veil.wasm compiled (once per URL: a remount costs an instantiation), checked for the exports
 * this veil.js calls.
 * @param {string | URL | ArrayBuffer | Uint8Array | WebAssembly.Module} source
 * @returns {Promise<WebAssembly.Module>}
 */
async function loadModule(source) {
  const what = source instanceof URL || typeof source === "string" ? String(source)
    : source instanceof WebAssembly.Module ? "the module given" : `${source.byteLength} bytes`;
  let module;
  try {
    if (source instanceof WebAssembly.Module) {
      module = source; // compiled once, mounted often
    } else if (isNodeFile(source)) {
      const { readFile } = await import(NODE_FS);
      module = await WebAssembly.compile(await readFile(/** @type {string | URL} */ (source)));
    } else if (typeof source === "string" || source instanceof URL) {
      module = await compileWasm(new URL(String(source), globalThis.document?.baseURI ?? globalThis.location?.href));
    } else {
      module = await WebAssembly.compile(source);
    }
  } catch (error) {
    const message = String(/** @type {any} */ (error)?.message ?? error);
    if (message.startsWith("veil.wasm: ")) throw new Error(message);
    throw new Error(`veil.wasm: ${what} is not a usable veil.wasm: ${message}`);
  }
  const exported = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
  for (const name of ["veil_next_change", "veil_describe", "veil_tick", "veil_output", "veil_session_new"]) {
    if (!exported.has(name)) {
      throw new Error(`veil.wasm: ${what} does not export ${name}: it is older than veil.js (rebuild it with make wasm)`);
    }
  }
  return module;
}
/**
 * In node, a path or a file: URL is read from disk (node's fetch does not read files).
 * @param {string | URL | ArrayBuffer | Uint8Array} source
 */
function isNodeFile(source) {
  const node = !!(/** @type {any} */ (globalThis).process?.versions?.node) && typeof window === "undefined";
  if (!node) return false;
  if (source instanceof URL) return source.protocol === "file:";
  return typeof source === "string" && !/^[a-z][a-z0-9+.-]*:\/\//i.test(source);
}

/**
 * The scene's text, a name for its errors, and its root id.
 * @param {object | string | URL} scene
 * @returns {Promise<{text: string, name: string, rootId: string | undefined}>}
 */
async function readScene(scene) {
  let text, name = "scene";
  if (typeof scene === "string" && scene.trimStart().startsWith("{")) {
    text = scene;
  } else if (typeof scene === "string" || scene instanceof URL) {
    name = String(scene).split("/").pop() || String(scene);
    if (isNodeFile(scene)) {
      const { readFile } = await import(NODE_FS);
      text = await readFile(scene, "utf8");
    } else {
      const url = new URL(String(scene), globalThis.document?.baseURI ?? globalThis.location?.href);
      const response = await fetch(url);
      if (!response.ok) throw new Error(`veil.mount: scene ${url}: HTTP ${response.status}`);
      text = await response.text();
    }
  } else if (scene && typeof scene === "object") {
    text = JSON.stringify(scene);
  } else {
    throw new Error(`veil.mount: options.scene must be an object, JSON text or a URL, not ${typeof scene}`);
  }
  let parsed;
  try { parsed = JSON.parse(text); } catch { /* the core's reader says where */ }
  const rootId = parsed?.root?.id;
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed) && Object.keys(parsed).length > 0
    && !("background" in parsed)) {
    text = seeThrough(text);
  }
  return { text, name, rootId: typeof rootId === "string" ? rootId : undefined };
}

/**
 * A scene that names no background is drawn on a transparent canvas in a page: the page shows
 * where the scene paints nothing, as under any element without a background, and a spinner over
 * it dims the page as SpinnerView dims its host (docs/EMBED.md, "The canvas' background"). The
 * key goes last, so the reader's line and column of anything the page wrote stay as written.
 * @param {string} text a JSON object with at least one key
 */
function seeThrough(text) {
  const end = text.lastIndexOf("}");
  return `${text.slice(0, end)},"background":"#00000000"${text.slice(end)}`;
}

/**
 * The reader's `scene.json:LINE:COLUMN: message` under the scene's own name, with `line` and
 * `column` as properties.
 * @param {any} error
 * @param {string} name
 */
function sceneError(error, name) {
  const message = String(error?.message ?? error).replace(/^scene\.json:/, `${name}:`);
  const wrapped = /** @type {Error & {line?: number, column?: number}} */ (new Error(message));
  const at = /^[^:]*:(\d+):(\d+): /.exec(message);
  if (at) { wrapped.line = Number(at[1]); wrapped.column = Number(at[2]); }
  return wrapped;
}


/**
 * The page's end of worker.js: one Worker per mount, requests by id (a command the session refuses
 * rejects with its message), and the messages the worker sends on its own.
 */
class WorkerLink {
  /**
   * Starts the worker and its session; rejects (the worker ended) when the session refuses the scene.
   * @param {WebAssembly.Module} module
   * @param {{text: string, name: string}} scene
   * @param {any} env
   * @param {number} mountCalledAt
   * @param {boolean} describes
   * @returns {Promise<WorkerLink>}
   */
  static async start(module, scene, env, mountCalledAt, describes) {
    const perf = env.performance ?? globalThis.performance;
    let worker = spare;
    if (worker && env === globalThis) spare = null;
    else worker = startWorker(env);
    const link = new WorkerLink(/** @type {Worker} */ (worker));
    const startMs = perf.now();
    link.startMs = startMs;
    const ready = new Promise((resolve, reject) => {
      link.onReady = (m) => (m.type === "ready" ? resolve(undefined) : reject(sceneError(m.message, scene.name)));
    });
    link.post({ type: "init", module, scene: scene.text, timeOrigin: perf.timeOrigin, startMs, mountCalledAt, describes });
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
class SessionInPage {
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
class SessionInWorker {
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

/**
 * The Controller's command methods, by command: `controller.skeleton.show(o)` sends
 * `{"skeleton": VERBS.skeleton.show(node, o)}`. The commands are the core's (commands.js, generated
 * from its CommandCatalog); this table only says, where a command has several things to say, the
 * method each one is and the JSON it builds from the method's options (their `node` taken out). A
 * command of the catalog with no entry here gets `send(o)`: `{[command]: {node, ...o}}`
 * (Tests/web/commands.test.mjs checks every command and key of the catalog has a method, and that
 * veil.d.ts declares each).
 * @typedef {{animated: (o: any, fallback?: boolean) => {animated: boolean}}} VerbContext
 * @typedef {(node: string, r: any, c: VerbContext) => object} VerbBuild
 */
export const VERBS = {
  skeleton: {
    show: /** @type {VerbBuild} */ ((n, r) => ({ node: n, show: true, ...r })),
    hide: /** @type {VerbBuild} */ ((n, r) => ({ node: n, hide: true, ...r })),
    update: /** @type {VerbBuild} */ ((n, r) => ({ node: n, update: r })),
  },
  status: {
    show: /** @type {VerbBuild} */ ((n, r) => ({ node: n, ...r })),
    hide: /** @type {VerbBuild} */ ((n, r) => ({ node: n, state: "none", ...r })),
  },
  spinner: {
    show: /** @type {VerbBuild} */ ((n) => ({ node: n, show: true })),
    hide: /** @type {VerbBuild} */ ((n) => ({ node: n, show: false })),
  },
  sheet: {
    snapTo: /** @type {VerbBuild} */ ((n, r, c) => ({ node: n, snapTo: r.index, ...c.animated(r) })),
    expand: /** @type {VerbBuild} */ ((n) => ({ node: n, expand: true })),
    collapse: /** @type {VerbBuild} */ ((n) => ({ node: n, collapse: true })),
    push: /** @type {VerbBuild} */ ((n, r) => ({ node: n, push: r.page })),
    pop: /** @type {VerbBuild} */ ((n) => ({ node: n, pop: true })),
    popToRoot: /** @type {VerbBuild} */ ((n) => ({ node: n, popToRoot: true })),
    setPages: /** @type {VerbBuild} */ ((n, r) => ({ node: n, setPages: r.pages })),
    setAnchors: /** @type {VerbBuild} */ ((n, r, c) => ({ node: n, anchors: r.anchors, ...(r.snapTo === undefined ? {} : { snapTo: r.snapTo }), ...c.animated(r) })),
    /** the answer to a `dismissRequested` event: `{allow}` */
    dismiss: /** @type {VerbBuild} */ ((n, r) => ({ node: n, dismiss: !!r.allow })),
  },
  refresh: {
    begin: /** @type {VerbBuild} */ ((n) => ({ node: n, begin: true })),
    end: /** @type {VerbBuild} */ ((n) => ({ node: n, end: true })),
    setEnabled: /** @type {VerbBuild} */ ((n, r) => ({ node: n, enabled: !!r.enabled })),
  },
  loadMore: {
    /** nothing this time */
    end: /** @type {VerbBuild} */ ((n) => ({ node: n, end: true })),
    setHasMore: /** @type {VerbBuild} */ ((n, r) => ({ node: n, hasMore: !!r.hasMore })),
  },
  rows: {
    append: /** @type {VerbBuild} */ ((n, r) => ({ node: n, append: r.rows })),
    prepend: /** @type {VerbBuild} */ ((n, r) => ({ node: n, prepend: r.rows })),
    replace: /** @type {VerbBuild} */ ((n, r) => ({ node: n, replace: { at: r.at, rows: r.rows } })),
    remove: /** @type {VerbBuild} */ ((n, r) => ({ node: n, remove: { at: r.at, count: r.count } })),
    fill: /** @type {VerbBuild} */ ((n, r) => ({ node: n, fill: { at: r.at, rows: r.rows } })),
  },
  scroll: {
    to: /** @type {VerbBuild} */ ((n, r, c) => ({ node: n, to: r.to, ...c.animated(r, false) })),
  },
  /** a host node's size, as every command without an entry of its own: `{node, ...o}` */
  host: { send: /** @type {VerbBuild} */ ((n, r) => ({ node: n, ...r })) },
};

/** Commands of the catalog that are a Controller method of their own, not a namespace of methods. */
export const COMMAND_METHODS = ["set"];

/**
 * The methods of every command of the catalog that names a node (`{"node": id, …}`), each as
 * `VERBS` builds it, else `send`.
 * @returns {Record<string, Record<string, VerbBuild>>}
 */
export function commandVerbs() {
  /** @type {Record<string, Record<string, VerbBuild>>} */
  const all = {};
  for (const { name, takes } of catalog.commands) {
    if (COMMAND_METHODS.includes(name)) continue;
    if (!takes?.object?.some((/** @type {any} */ f) => f.name === "node")) continue;
    all[name] = /** @type {Record<string, Record<string, VerbBuild>>} */ (VERBS)[name] ?? { send: (n, r) => ({ node: n, ...r }) };
  }
  return all;
}

/** @typedef {(options?: any) => Promise<void>} CommandMethod */
/** @typedef {{[F in keyof typeof VERBS]: {[V in keyof typeof VERBS[F]]: CommandMethod}}} CommandNamespaces */
/** A class whose instances have the command namespaces (the Controller sets them in its constructor). */
const WithCommands = /** @type {new () => CommandNamespaces} */ (/** @type {any} */ (class {}));

/**
 * One mounted scene. Every command method sends one command of docs/SCENE.md to the session at
 * the page's current time and returns a Promise that resolves once the session has applied it and
 * rejects with the session's message when it refuses it (changing nothing). When the session runs
 * on the calling thread (the page's-thread fallback, node) a refused command also throws at once,
 * as `await` does with a rejection. `node` in their options defaults to the mount's `node`.
 */
export class Controller extends WithCommands {
  /**
   * @param {WasmSession | WorkerLink} backend the session on this thread, or the worker running it
   * @param {MountOptions & {canvas: HTMLCanvasElement | null, env: any, defaultNode?: string, mountCalledAt?: number}} options
   */
  constructor(backend, options) {
    super();
    // Commands by component: `skeleton.show({...})` and so on (VERBS, over the core's catalog).
    for (const [name, verbs] of Object.entries(commandVerbs())) {
      /** @type {Record<string, CommandMethod>} */
      const methods = {};
      for (const [verb, build] of Object.entries(verbs)) {
        methods[verb] = (o) => this.command(name, `${name}.${verb}`, o, (n, r) => build(n, r, this));
      }
      /** @type {any} */ (this)[name] = methods;
    }
    this.env = options.env;
    this.defaultNode = options.defaultNode;
    /** The `rows` option: what answers the `rows` events of lists that fetch their rows. */
    this.rowSource = options.rows ?? null;
    /** @type {Map<string, Set<Listener>>} */
    this.listeners = new Map();
    this.destroyed = false;
    /** @type {{kind: string, off: () => void}[]} */
    this.media = [];
    this.reducedMotion = false;
    const perf = this.env.performance ?? globalThis.performance;
    /** Milliseconds on the page's clock (performance.now, event time stamps, rAF time). */
    this.nowMs = () => perf.now();
    this.canvas = options.canvas;
    /** @type {CanvasView | null} */
    this.view = null;
    /** @type {AccessibleMirror | null} */
    this.a11y = null;
    /** @type {Element | null} the page's own first frame, until the canvas shows one (destroy removes it too) */
    this.firstFrame = options.firstFrame ?? null;
    this.firstFrameLeaving = false;
    const accessible = options.accessible !== false;
    /** @type {BackendHooks} */
    const hooks = {
      onFrame: (frame, events) => this.applied(frame, events),
      onDescribe: () => this.a11y?.update(),
      onError: (error) => this.emit("error", error),
      onDrawn: () => this.drawn(),
    };
    const mountCalledAt = options.mountCalledAt ?? 0;
    /** @type {SessionBackend} where the session runs: chosen once, here */
    this.backend = backend instanceof WorkerLink
      ? new SessionInWorker(backend, hooks, { env: this.env, mountCalledAt })
      : new SessionInPage(backend, hooks, { env: this.env, nowMs: this.nowMs, canvas: this.canvas, describes: !!this.canvas && accessible, mountCalledAt });
    /** Where the session runs ("main": the page's thread). */
    this.thread = this.backend.thread;
    this.startMs = this.backend.startMs;
    try {
      this.setAppearance(options.appearance ?? "system");
      this.setMotion(options.motion ?? "system");
      if (this.canvas) this.attach(this.canvas, options, accessible);
    } catch (error) {
      this.teardown();
      throw error;
    }
  }


  /**
   * The canvas' side: the view (sizing, input), the hidden DOM and, in worker mode, the canvas
   * handed to the worker.
   * @param {HTMLCanvasElement} canvas
   * @param {MountOptions} options
   * @param {boolean} accessible
   */
  attach(canvas, options, accessible) {
    const mode = options.size === "fill" ? "fill" : "fixed";
    const view = this.view = this.backend.attach(canvas, mode, (surface) => new CanvasView(canvas, {
      mode,
      env: this.env,
      // With the hidden DOM, Tab goes from the canvas to its real buttons (each once), not
      // through the scene's own focus first and then through the same buttons again.
      pageTabs: accessible,
      onInput: (message) => this.onViewInput(message),
      surface,
    }));
    if (accessible) {
      const texts = typeof options.accessible === "object" ? options.accessible : {};
      this.a11y = new AccessibleMirror(canvas, {
        ...texts,
        describe: () => this.backend.description(),
        press: (button) => this.press(button),
        refresh: (node) => { this.refresh.begin({ node }).catch((/** @type {any} */ e) => this.emit("error", e)); },
        // Load more: to the list's end, as scrolling there would (the list then asks for more).
        loadMore: (node, end) => {
          Promise.resolve(this.scroll.to({ node, to: end })).catch((/** @type {any} */ e) => this.emit("error", e));
        },
        key: (event) => { const input = keyInput(event); if (input) this.onViewInput(input); },
      });
    }
    view.attach();
    this.backend.wake();
  }

  /**
   * A message applied (the backend's view has followed its events): the "frame" listeners, then
   * the host events.
   * @param {Frame | null} frame
   * @param {HostEvent[]} events
   */
  applied(frame, events) {
    if (frame) this.emit("frame", frame);
    for (const event of events) {
      if (event.name === "rows" && event.range && this.rowSource) this.fetchRows(event.node, event.range);
      this.emit(event.name, event);
      this.emit("*", event);
    }
  }

  /**
   * A list asked for rows `range` (a `rows` event): the `rows` option's answer, sync or async,
   * fills them in, in commands that stay under the session's bound on one command's bytes.
   * A failure is an "error" event; the rows then stay waiting (the list does not ask again while
   * they are near its window).
   * @param {string} node @param {RowRange} range
   */
  async fetchRows(node, range) {
    try {
      const rows = await /** @type {RowSource} */ (this.rowSource)({ node, start: range.start, end: range.end });
      if (this.destroyed) return;
      const what = `${node} rows ${range.start}..<${range.end}`;
      if (!Array.isArray(rows)) throw new Error(`veil: the rows option returned ${typeof rows} for ${what}, not an array of rows`);
      // Only what was asked is read (serialised, sent): a larger answer costs the page nothing more.
      const asked = range.end - range.start;
      if (rows.length > asked) {
        this.emit("error", new Error(`veil: the rows option answered ${what} (${asked} rows) with ${rows.length} rows; `
          + `the first ${asked} were taken`));
      }
      let at = range.start, batch = [], bytes = 0;
      for (const row of rows.slice(0, asked)) {
        const size = utf8Length(JSON.stringify(row));
        if (batch.length && bytes + size > FILL_BATCH_BYTES) {
          await this.rows.fill({ node, at, rows: batch });
          at += batch.length; batch = []; bytes = 0;
        }
        batch.push(row);
        bytes += size + 1;
      }
      if (batch.length) await this.rows.fill({ node, at, rows: batch });
    } catch (error) {
      this.emit("error", error);
    }
  }

  /** A frame reached the canvas: the page's own first frame, if any, gives way at the next paint. */
  drawn() {
    const element = this.firstFrame;
    if (!element || this.firstFrameLeaving) return;
    this.firstFrameLeaving = true;
    const raf = this.env.requestAnimationFrame?.bind(this.env) ?? ((/** @type {() => void} */ fn) => setTimeout(fn, 16));
    raf(() => { element.remove(); if (this.firstFrame === element) this.firstFrame = null; });
  }

  /** The engine running the session on this thread, if it runs here (null in worker mode). */
  get engine() { return this.backend.engine; }

  /** The session on this thread, if it runs here (null in worker mode). */
  get session() { return this.backend.engine?.session ?? null; }

  /** The last frame applied (wire.js's frame shape); in worker mode the last one the worker sent
   * (while "frame" has listeners, or as of `sync()`). */
  get frame() { return this.backend.frame; }

  /** Counters for tests and benchmarks; in worker mode as of the worker's last report (up to 4 a second, and `sync()`). */
  get stats() { return this.backend.stats; }

  /**
   * Changes properties of a node (`set`: text, hidden, background, textColor, opacity, frame).
   * @param {{node?: string, [key: string]: any}} o
   * @returns {Promise<void>}
   */
  set(o) { return this.command("set", "set", o, (n, r) => ({ node: n, ...r })); }
  /**
   * The appearance the scene is drawn in: "light", "dark", "system" (follows
   * prefers-color-scheme) or "scene" (the scene's own, from the next mount on).
   * @param {"system" | "light" | "dark" | "scene"} mode
   */
  setAppearance(mode) {
    for (const m of this.media.filter((m) => m.kind === "appearance")) m.off();
    this.media = this.media.filter((m) => m.kind !== "appearance");
    if (mode === "scene") return;
    if (mode === "light" || mode === "dark") { this.internal({ appearance: mode }); return; }
    const dark = this.followMedia("system", "(prefers-color-scheme: dark)", "dark",
      (on) => this.internal({ appearance: on ? "dark" : "light" }), "appearance");
    this.internal({ appearance: dark ? "dark" : "light" });
  }

  /**
   * Reduced motion (`{"motion": "reduced"}`: still skeletons, instant transitions and scrolls) or
   * full: "system" follows prefers-reduced-motion, and its changes.
   * @param {"system" | "reduce" | "no-preference"} mode
   */
  setMotion(mode) {
    for (const m of this.media.filter((m) => m.kind === "motion")) m.off();
    this.media = this.media.filter((m) => m.kind !== "motion");
    const send = (/** @type {boolean} */ on) => { this.reducedMotion = on; this.internal({ motion: on ? "reduced" : "full" }); };
    send(this.followMedia(mode, "(prefers-reduced-motion: reduce)", "reduce", send, "motion"));
  }


  /**
   * Subscribes to a host event by name (a button's action such as "retry", "refresh", "loadMore",
   * "dismissRequested", "focusExit"…), "*" (every host event), "frame" (each frame applied; in
   * worker mode the worker sends frames to the page only while this has listeners) or "error".
   * Returns the function that unsubscribes.
   * @param {string} name
   * @param {Listener} fn
   * @returns {() => void}
   */
  on(name, fn) {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    const subscribers = set;
    subscribers.add(fn);
    const frames = () => this.backend.sendFrames((this.listeners.get("frame")?.size ?? 0) > 0);
    if (name === "frame" && subscribers.size === 1) frames();
    return () => { subscribers.delete(fn); if (name === "frame" && subscribers.size === 0) frames(); };
  }

  /**
   * Sends a raw COMMAND object (docs/SCENE.md "Commands"), stamped with the current time.
   * @param {object} command
   * @returns {Promise<void>} resolves once applied; rejects with the session's message (on this
   *   thread it throws at once instead)
   */
  perform(command) {
    this.live();
    return this.backend.perform(this.stamp({ command }));
  }

  /**
   * Sends a raw INPUT object (pointer, key, wheel, resize), stamped with the current time.
   * @param {object} input
   * @returns {Promise<void>} as `perform`
   */
  input(input) {
    this.live();
    return this.backend.input(this.stamp({ input }));
  }

  /**
   * Runs the next animation frame's work now — tick, draw, hidden DOM — rather than at the next
   * requestAnimationFrame: a caller that must not let the browser paint one frame without it
   * (skeletonize covers the content in the task that asked for it). Nothing headless; in worker
   * mode the worker does it when it reads the message.
   */
  flush() {
    this.live();
    this.backend.flush();
  }

  /** Re-reads the canvas' size and pixel ratio (the ResizeObserver does this by itself). */
  resize() { this.live(); this.view?.measure(); this.backend.wake(); }

  /**
   * Advances the session to `seconds` (since mount), applies its message to the mirror and emits
   * its events; returns `{frame, events}` when a message came, null when nothing changed. The
   * frame loop calls it in a page; headless, call it yourself. Not in worker mode (the worker ticks).
   * @param {number} seconds
   * @returns {{frame: Frame, events: HostEvent[]} | null}
   */
  tick(seconds) {
    this.live();
    return this.backend.tick(seconds);
  }

  /**
   * When the session next changes by itself, in seconds since mount: now while it animates,
   * later when an action is due, Infinity when only a command or input changes it. In worker
   * mode a Promise of it.
   * @returns {number | Promise<number>}
   */
  nextChange() {
    this.live();
    return this.backend.nextChange();
  }

  /**
   * What a screen reader should know now: `{busy, statuses: [{node, text}], buttons: [{node,
   * title, action, x, y, width, height}], refreshable: [node], sheets: [{node, grabber, anchor,
   * anchors}]}` (AccessibilityDescription in the core): buttons where they are drawn now. In
   * worker mode a Promise of it.
   * @returns {Description | Promise<Description>}
   */
  describe() {
    this.live();
    return this.backend.describe();
  }

  /**
   * Resolves once the session has handled everything sent before, with `frame` and `stats` brought
   * up to date (worker mode; on this thread at once).
   * @returns {Promise<void>}
   */
  async sync() {
    this.live();
    await this.backend.sync();
  }

  /** Stops the loop, the listeners and the session; removes the hidden DOM. Idempotent. */
  destroy() {
    if (this.destroyed) return;
    this.teardown();
  }

  // -------------------------------------------------------------------------------------------

  teardown() {
    this.destroyed = true;
    for (const m of this.media.splice(0)) m.off();
    this.view?.detach();
    this.a11y?.remove();
    this.firstFrame?.remove();
    this.firstFrame = null;
    this.listeners.clear();
    this.backend.end();
  }

  live() { if (this.destroyed) throw new Error("veil: this mount was destroyed"); }

  /** Seconds since mount on the page's clock. */
  seconds(ms = this.nowMs()) { return Math.max(0, (ms - this.startMs) / 1000); }

  /**
   * A message with "t": now in a page; headless none (it applies at the last tick).
   * @param {any} message
   */
  stamp(message) {
    if (this.view) message.t = this.seconds();
    return message;
  }

  /**
   * A command the controller sends by itself (appearance, motion): a refusal is an "error" event.
   * @param {object} command
   */
  internal(command) {
    this.perform(command).catch((error) => this.emit("error", error));
  }

  /**
   * Input from the canvas: its time stamp (page clock, seconds) moved onto the session's clock.
   * @param {any} message
   */
  onViewInput(message) {
    if (this.destroyed) return;
    if (typeof message.t === "number") message.t = Math.max(0, message.t - this.startMs / 1000);
    this.backend.forward(message, (error) => this.emit("error", error));
  }

  /**
   * Presses a described button: a tap at its centre, as a finger would — where it is drawn now
   * (described afresh: a sheet or list may have moved it since), or not at all once it is gone.
   * @param {{node: string}} button
   */
  press(button) {
    this.live();
    this.backend.press(button.node, this.view ? this.seconds() : undefined);
  }

  /**
   * @param {string} key the command's name
   * @param {string} what the method, for error messages
   * @param {any} options
   * @param {(node: string, rest: any) => object} build
   * @returns {Promise<void>}
   */
  command(key, what, options, build) {
    const { node = this.defaultNode, ...rest } = options ?? {};
    if (!node) throw new Error(`veil: ${what} needs a node: pass {node} or mount(…, {node})`);
    return this.perform({ [key]: build(node, rest) });
  }

  /**
   * `animated` as given, else the default; under reduced motion sheet moves are not animated either.
   * @param {any} o
   */
  animated(o, fallback = true) {
    const animated = o.animated ?? fallback;
    return { animated: this.reducedMotion ? false : animated };
  }

  /**
   * Whether a media query holds, per `mode` ("system" follows the query; `on` forces it on;
   * anything else off), calling `changed` when the system setting changes.
   * @param {string} mode @param {string} query @param {string} on
   * @param {(on: boolean) => void} changed
   */
  followMedia(mode, query, on, changed, kind = "motion") {
    if (mode !== "system") return mode === on;
    const list = this.env.matchMedia?.(query);
    if (!list) return false;
    const listener = (/** @type {any} */ e) => { if (!this.destroyed) changed(!!e.matches); };
    list.addEventListener?.("change", listener);
    this.media.push({ kind, off: () => list.removeEventListener?.("change", listener) });
    return !!list.matches;
  }

  /** @param {string} name @param {any} value */
  emit(name, value) {
    for (const fn of this.listeners.get(name) ?? []) {
      try { fn(value); } catch (error) { if (name !== "error") this.emit("error", error); }
    }
  }
}
