// @ts-check
// mount.js — `mount(canvas, {scene, wasm})`: the core in a page (or in node) behind one controller.
//
// In a page the session and its drawing run in a module Worker on the canvas' OffscreenCanvas
// (worker.js), so the skeleton keeps moving while the page's thread is busy; the page keeps the
// controller, input, the hidden DOM (a11y.js) and sizing. Where OffscreenCanvas or module workers
// are missing (or with `thread: "main"`), the same engine (engine.js) and renderer run on the
// page's thread. Headless (no canvas, e.g. in node) the caller ticks. docs/EMBED.md is the manual.

import { WasmModule, WasmSession, compileWasm } from "./wasm.js";
import { Surface } from "./render.js";
import { addFontFaces } from "./fonts.js";
import { Mirror } from "./mirror.js";
import { Controller } from "./controller.js";
import { WorkerLink, moduleWorkers, startSpareWorker } from "./session-backends.js";

/** Read in node only (a variable, so that browsers and type checkers leave it alone). */
const NODE_FS = "node:fs/promises";

/** The module beside this file: what a page that copied Web/ serves. */
const DEFAULT_WASM = new URL("veil.wasm", import.meta.url);

/**
 * First paint first: starts the module's fetch and streaming compile, and a worker (its own module
 * graph), before mount() is called — veil.js calls it when the page evaluates it; page.js never
 * (its overlays need no core; a sheet or a list mounts when first used). Once per page.
 */
export function prestart() {
  if (prestarted || typeof document !== "object" || !/^https?:$/.test(DEFAULT_WASM.protocol)) return;
  prestarted = true;
  compileWasm(DEFAULT_WASM).catch(() => {});
  startSpareWorker();
}
let prestarted = false;

/**
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
 * @property {(canvas: HTMLCanvasElement, startMs: number) => import("./view.js").SurfaceLike} [surface] on the page's
 *   thread: what draws the frames instead of the canvas renderer, given the session's time 0 on the page's
 *   clock (the own-element sheet's dom-layers.js)
 * @typedef {(request: {node: string, start: number, end: number}) => object[] | Promise<object[]>} RowSource
 *   the rows `start` up to `end` of list `node`, each as in the scene's "rows"
 * @typedef {{loadingText?: string, loadedText?: string, refreshText?: string, loadMoreText?: string,
 *   sheetTexts?: Partial<import("./a11y.js").SheetTexts>}} AccessibleTexts
 */

/**
 * "worker" or "main": where a canvas' session runs.
 * @param {HTMLCanvasElement} canvas
 * @param {MountOptions} options
 * @param {any} env
 */
function chooseThread(canvas, options, env) {
  const thread = options.thread ?? "auto";
  if (thread === "main") return "main";
  if (options.surface) throw new Error("veil.mount: a surface draws on the page's thread: thread \"main\"");
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
  // The worker starts (its module graph, its fonts) while veil.wasm compiles and the scene loads.
  if (thread === "worker" && env === globalThis) startSpareWorker();
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
      link = await WorkerLink.start(compiled, scene.text, {
        env, mountCalledAt: calledAt, describes: options.accessible !== false, refused: (message) => sceneError(message, scene.name),
      });
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
