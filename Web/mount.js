// @ts-check
// mount.js — `mount(canvas, {scene, wasm})`: the core in a page (or in node) behind one controller.
//
// The controller owns a veil.wasm session, a frame mirror and (in a page) a CanvasView. It ticks
// with requestAnimationFrame only while the session says something changes by itself
// (`veil_next_change`), sleeps on a timer until a timeline action is due, and otherwise does
// nothing until a command or an input arrives. docs/EMBED.md is its manual.

import { CanvasView, Mirror, WasmModule, WasmSession, loadWasm } from "./veil.js";
import { AccessibleMirror } from "./a11y.js";

/** Read in node only (a variable, so that browsers and type checkers leave it alone). */
const NODE_FS = "node:fs/promises";

/** The module beside this file: what a page that copied Web/ serves. */
const DEFAULT_WASM = new URL("veil.wasm", import.meta.url);

/**
 * @typedef {{name: string, node: string}} HostEvent
 * @typedef {(event: any) => void} Listener
 * @typedef {object} MountOptions
 * @property {object | string | URL} scene the scene (docs/SCENE.md): an object, its JSON text, or a URL / file path of it
 * @property {string | URL | ArrayBuffer | Uint8Array | WebAssembly.Module} [wasm] veil.wasm: a URL, a file path (node), its bytes or the compiled module; default: beside veil.js
 * @property {string} [node] the node commands act on when they name none; default: the scene root's id
 * @property {"scene" | "fill"} [size] "scene": the canvas takes the scene's size (default); "fill": it fills its parent and the scene is laid out at that size
 * @property {"system" | "light" | "dark" | "scene"} [appearance] default "system": follows prefers-color-scheme
 * @property {"system" | "reduce" | "no-preference"} [motion] default "system": follows prefers-reduced-motion (the core's `{"motion": "reduced"}`)
 * @property {boolean | AccessibleTexts} [accessible] default true: a visually hidden DOM beside the canvas (a11y.js); an object: with these texts in place of the English ones
 * @property {any} [env] the window (tests pass a fake): requestAnimationFrame, matchMedia, devicePixelRatio, ResizeObserver, performance
 * @typedef {{loadingText?: string, loadedText?: string, refreshText?: string, sheetTexts?: Partial<import("./a11y.js").SheetTexts>}} AccessibleTexts
 */

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
  const [module, scene] = await Promise.all([loadModule(options.wasm ?? DEFAULT_WASM), readScene(options.scene)]);
  let session;
  try {
    session = new WasmSession(module, scene.text);
  } catch (error) {
    throw sceneError(error, scene.name);
  }
  try {
    const controller = new Controller(session, { ...options, canvas, env, defaultNode: options.node ?? scene.rootId });
    controller.stats.mountCalledAt = calledAt;
    return controller;
  } catch (error) {
    session.free();
    throw error;
  }
}

/**
 * @param {string | URL | ArrayBuffer | Uint8Array | WebAssembly.Module} source
 * @returns {Promise<WasmModule>}
 */
async function loadModule(source) {
  const what = source instanceof URL || typeof source === "string" ? String(source)
    : source instanceof WebAssembly.Module ? "the module given" : `${source.byteLength} bytes`;
  let module;
  try {
    if (source instanceof WebAssembly.Module) {
      module = new WasmModule(await WebAssembly.instantiate(source, {})); // compiled once, mounted often
    } else if (isNodeFile(source)) {
      const { readFile } = await import(NODE_FS);
      module = await loadWasm(await readFile(/** @type {string | URL} */ (source)));
    } else {
      module = await loadWasm(/** @type {any} */ (source));
    }
  } catch (error) {
    const message = String(/** @type {any} */ (error)?.message ?? error);
    if (message.startsWith("veil.wasm: ")) throw new Error(message);
    throw new Error(`veil.wasm: ${what} is not a usable veil.wasm: ${message}`);
  }
  for (const name of ["veil_next_change", "veil_describe"]) {
    if (typeof module.exports[name] !== "function") {
      throw new Error(`veil.wasm: ${what} does not export ${name}: it is older than veil.js (rebuild it with make wasm)`);
    }
  }
  return module;
}

/** In node, a path or a file: URL is read from disk (node's fetch does not read files). */
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
  let rootId;
  try { rootId = JSON.parse(text)?.root?.id; } catch { /* the core's reader says where */ }
  return { text, name, rootId: typeof rootId === "string" ? rootId : undefined };
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
 * One mounted scene. Every command method sends one command of docs/SCENE.md to the session at
 * the page's current time and throws, changing nothing, when the session refuses it. `node` in
 * their options defaults to the mount's `node`.
 */
export class Controller {
  /**
   * @param {WasmSession} session
   * @param {MountOptions & {canvas: HTMLCanvasElement | null, env: any, defaultNode?: string}} options
   */
  constructor(session, options) {
    this.session = session;
    this.env = options.env;
    this.defaultNode = options.defaultNode;
    this.mirror = new Mirror();
    /** @type {any} the last frame applied (wire.js's frame shape) */
    this.frame = null;
    /** @type {Map<string, Set<Listener>>} */
    this.listeners = new Map();
    /** Counters for tests and benchmarks: ticks run, messages applied, animation frames asked for. */
    this.stats = { ticks: 0, messages: 0, animationFrames: 0, firstFrameAt: /** @type {number | null} */ (null),
      /** Animation frames run and the milliseconds they took (tick + apply + draw + hidden DOM). */
      frames: 0, frameMs: 0, /** When mount() was called (page clock, ms). */ mountCalledAt: 0 };
    this.destroyed = false;
    this.rafId = 0;
    /** @type {any} */
    this.timer = null;
    this.media = [];
    const perf = this.env.performance ?? globalThis.performance;
    /** Milliseconds on the page's clock (performance.now, event time stamps, rAF time). */
    this.nowMs = () => perf.now();
    this.startMs = this.nowMs();
    this.canvas = options.canvas;
    this.view = null;
    this.a11y = null;
    try {
      this.setAppearance(options.appearance ?? "system");
      this.setMotion(options.motion ?? "system");
      if (this.canvas) {
        this.view = new CanvasView(this.canvas, {
          mode: options.size === "fill" ? "fill" : "fixed",
          env: this.env,
          // With the hidden DOM, Tab goes from the canvas to its real buttons (each once), not
          // through the scene's own focus first and then through the same buttons again.
          pageTabs: options.accessible !== false,
          onInput: (message) => this.onViewInput(message),
        });
        if (options.accessible !== false) {
          const texts = typeof options.accessible === "object" ? options.accessible : {};
          this.a11y = new AccessibleMirror(this.canvas, {
            ...texts,
            describe: () => this.describe(),
            press: (button) => this.press(button),
            refresh: (node) => this.refresh.begin({ node }),
          });
        }
        this.view.attach();
        this.wake();
      }
    } catch (error) {
      this.teardown();
      throw error;
    }
    /** Commands by component: `skeleton.show({...})` and so on. */
    this.skeleton = {
      /** @param {{node?: string, style?: string, color?: string, gradient?: string[], direction?: string, duration?: number, curve?: string, transition?: any, delay?: number}} [o] */
      show: (o = {}) => this.command("skeleton", "skeleton.show", o, (n, r) => ({ node: n, show: true, ...r })),
      /** @param {{node?: string, transition?: any}} [o] */
      hide: (o = {}) => this.command("skeleton", "skeleton.hide", o, (n, r) => ({ node: n, hide: true, ...r })),
      /** @param {{node?: string, style?: string, color?: string, gradient?: string[], direction?: string, duration?: number, curve?: string}} [o] */
      update: (o = {}) => this.command("skeleton", "skeleton.update", o, (n, r) => ({ node: n, update: r })),
    };
    this.status = {
      /** @param {{node?: string, state: "loading" | "error" | "empty" | "none", title?: string, message?: string, image?: string, actionTitle?: string, action?: string, transition?: any}} o */
      show: (o) => this.command("status", "status.show", o, (n, r) => ({ node: n, ...r })),
      /** @param {{node?: string, transition?: any}} [o] */
      hide: (o = {}) => this.command("status", "status.hide", o, (n, r) => ({ node: n, state: "none", ...r })),
    };
    this.spinner = {
      /** @param {{node?: string}} [o] */
      show: (o = {}) => this.command("spinner", "spinner.show", o, (n) => ({ node: n, show: true })),
      /** @param {{node?: string}} [o] */
      hide: (o = {}) => this.command("spinner", "spinner.hide", o, (n) => ({ node: n, show: false })),
    };
    this.sheet = {
      /** @param {{node?: string, index: number, animated?: boolean}} o */
      snapTo: (o) => this.command("sheet", "sheet.snapTo", o, (n, r) => ({ node: n, snapTo: r.index, ...this.animated(r) })),
      /** @param {{node?: string}} [o] */
      expand: (o = {}) => this.command("sheet", "sheet.expand", o, (n) => ({ node: n, expand: true })),
      /** @param {{node?: string}} [o] */
      collapse: (o = {}) => this.command("sheet", "sheet.collapse", o, (n) => ({ node: n, collapse: true })),
      /** @param {{node?: string, page: string}} o */
      push: (o) => this.command("sheet", "sheet.push", o, (n, r) => ({ node: n, push: r.page })),
      /** @param {{node?: string}} [o] */
      pop: (o = {}) => this.command("sheet", "sheet.pop", o, (n) => ({ node: n, pop: true })),
      /** @param {{node?: string}} [o] */
      popToRoot: (o = {}) => this.command("sheet", "sheet.popToRoot", o, (n) => ({ node: n, popToRoot: true })),
      /** @param {{node?: string, pages: string[]}} o */
      setPages: (o) => this.command("sheet", "sheet.setPages", o, (n, r) => ({ node: n, setPages: r.pages })),
      /** @param {{node?: string, anchors: any[], snapTo?: number, animated?: boolean}} o */
      setAnchors: (o) => this.command("sheet", "sheet.setAnchors", o, (n, r) => ({ node: n, anchors: r.anchors, ...(r.snapTo === undefined ? {} : { snapTo: r.snapTo }), ...this.animated(r) })),
      /** @param {{node?: string, allow: boolean}} o the answer to a `dismissRequested` event */
      dismiss: (o) => this.command("sheet", "sheet.dismiss", o, (n, r) => ({ node: n, dismiss: !!r.allow })),
    };
    this.refresh = {
      /** @param {{node?: string}} [o] */
      begin: (o = {}) => this.command("refresh", "refresh.begin", o, (n) => ({ node: n, begin: true })),
      /** @param {{node?: string}} [o] */
      end: (o = {}) => this.command("refresh", "refresh.end", o, (n) => ({ node: n, end: true })),
      /** @param {{node?: string, enabled: boolean}} o */
      setEnabled: (o) => this.command("refresh", "refresh.setEnabled", o, (n, r) => ({ node: n, enabled: !!r.enabled })),
    };
    this.loadMore = {
      /** @param {{node?: string}} [o] nothing this time */
      end: (o = {}) => this.command("loadMore", "loadMore.end", o, (n) => ({ node: n, end: true })),
      /** @param {{node?: string, hasMore: boolean}} o */
      setHasMore: (o) => this.command("loadMore", "loadMore.setHasMore", o, (n, r) => ({ node: n, hasMore: !!r.hasMore })),
    };
    this.rows = {
      /** @param {{node?: string, rows: object[]}} o */
      append: (o) => this.command("rows", "rows.append", o, (n, r) => ({ node: n, append: r.rows })),
      /** @param {{node?: string, rows: object[]}} o */
      prepend: (o) => this.command("rows", "rows.prepend", o, (n, r) => ({ node: n, prepend: r.rows })),
      /** @param {{node?: string, at: number, rows: object[]}} o */
      replace: (o) => this.command("rows", "rows.replace", o, (n, r) => ({ node: n, replace: { at: r.at, rows: r.rows } })),
      /** @param {{node?: string, at: number, count: number}} o */
      remove: (o) => this.command("rows", "rows.remove", o, (n, r) => ({ node: n, remove: { at: r.at, count: r.count } })),
    };
    this.scroll = {
      /** @param {{node?: string, to: number, animated?: boolean}} o */
      to: (o) => this.command("scroll", "scroll.to", o, (n, r) => ({ node: n, to: r.to, ...this.animated(r, false) })),
    };
  }

  /**
   * Changes properties of a node (`set`: text, hidden, background, textColor, opacity, frame).
   * @param {{node?: string, [key: string]: any}} o
   */
  set(o) { this.command("set", "set", o, (n, r) => ({ node: n, ...r })); }

  /**
   * The appearance the scene is drawn in: "light", "dark", "system" (follows
   * prefers-color-scheme) or "scene" (the scene's own, from the next mount on).
   * @param {"system" | "light" | "dark" | "scene"} mode
   */
  setAppearance(mode) {
    for (const m of this.media.filter((m) => m.kind === "appearance")) m.off();
    this.media = this.media.filter((m) => m.kind !== "appearance");
    if (mode === "scene") return;
    if (mode === "light" || mode === "dark") { this.perform({ appearance: mode }); return; }
    const dark = this.followMedia("system", "(prefers-color-scheme: dark)", "dark",
      (on) => this.perform({ appearance: on ? "dark" : "light" }), "appearance");
    this.perform({ appearance: dark ? "dark" : "light" });
  }

  /**
   * Reduced motion (`{"motion": "reduced"}`: still skeletons, instant transitions and scrolls) or
   * full: "system" follows prefers-reduced-motion, and its changes.
   * @param {"system" | "reduce" | "no-preference"} mode
   */
  setMotion(mode) {
    for (const m of this.media.filter((m) => m.kind === "motion")) m.off();
    this.media = this.media.filter((m) => m.kind !== "motion");
    const send = (/** @type {boolean} */ on) => { this.reducedMotion = on; this.perform({ motion: on ? "reduced" : "full" }); };
    send(this.followMedia(mode, "(prefers-reduced-motion: reduce)", "reduce", send, "motion"));
  }

  /**
   * Subscribes to a host event by name (a button's action such as "retry", "refresh", "loadMore",
   * "dismissRequested", "focusExit"…), "*" (every host event), "frame" (each frame drawn) or
   * "error". Returns the function that unsubscribes.
   * @param {string} name
   * @param {Listener} fn
   * @returns {() => void}
   */
  on(name, fn) {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(fn);
    return () => set.delete(fn);
  }

  /**
   * Sends a raw COMMAND object (docs/SCENE.md "Commands"), stamped with the current time.
   * @param {object} command
   */
  perform(command) {
    this.live();
    this.session.perform(this.stamp({ command }));
    this.dirty = true;
    this.wake();
  }

  /**
   * Sends a raw INPUT object (pointer, key, wheel, resize), stamped with the current time.
   * @param {object} input
   */
  input(input) {
    this.live();
    this.session.input(this.stamp({ input }));
    this.dirty = true;
    this.wake();
  }

  /**
   * Runs the next animation frame's work now — tick, draw, hidden DOM — rather than at the next
   * requestAnimationFrame: a caller that must not let the browser paint one frame without it
   * (skeletonize covers the content in the task that asked for it). Nothing headless.
   */
  flush() {
    this.live();
    if (!this.view) return;
    if (this.rafId) { this.env.cancelAnimationFrame?.(this.rafId); this.rafId = 0; }
    this.step(this.nowMs());
  }

  /** Re-reads the canvas' size and pixel ratio (the ResizeObserver does this by itself). */
  resize() { this.live(); this.view?.measure(); this.wake(); }

  /**
   * Advances the session to `seconds` (since mount), applies its message to the mirror and emits
   * its events; returns `{frame, events}` when a message came, null when nothing changed. The
   * frame loop calls it in a page; headless, call it yourself.
   * @param {number} seconds
   * @returns {{frame: any, events: HostEvent[]} | null}
   */
  tick(seconds) {
    this.live();
    this.stats.ticks++;
    this.lastTick = seconds;
    const bytes = this.session.tick(seconds);
    if (!bytes) return null;
    const result = this.mirror.apply(bytes);
    const events = result.events ?? [];
    if (!result.ok) { this.session.keyframe(); return null; }
    this.stats.messages++;
    this.frame = result.frame;
    if (this.view) {
      if (this.inFrame) this.view.showNow(result.frame);
      else this.view.show(result.frame);
      if (events.length) this.view.followEvents(events);
    }
    this.stats.firstFrameAt ??= this.nowMs();
    this.emit("frame", result.frame);
    for (const event of events) { this.emit(event.name, event); this.emit("*", event); }
    if (events.length) this.dirty = true;
    return { frame: result.frame, events };
  }

  /**
   * When the session next changes by itself, in seconds since mount: now while it animates,
   * later when an action is due, Infinity when only a command or input changes it.
   * @returns {number}
   */
  nextChange() {
    this.live();
    const module = this.session.module;
    const t = module.call("veil_next_change", this.session.live());
    if (t < 0) throw new Error(module.errorText());
    return t;
  }

  /**
   * What a screen reader should know now: `{busy, statuses: [{node, text}], buttons: [{node,
   * title, action, x, y, width, height}], refreshable: [node], sheets: [{node, grabber, anchor,
   * anchors}]}` (AccessibilityDescription in the core): buttons where they are drawn now.
   * @returns {{busy: boolean, statuses: {node: string, text: string}[], buttons: {node: string, title: string, action: string, x: number, y: number, width: number, height: number}[], refreshable: string[], sheets: {node: string, grabber: string, anchor: number, anchors: number}[]}}
   */
  describe() {
    this.live();
    const module = this.session.module;
    const len = module.call("veil_describe", this.session.live());
    if (len < 0) throw new Error(module.errorText());
    const json = new TextDecoder().decode(module.copyOut(module.call("veil_output"), len));
    return JSON.parse(json);
  }

  /** Stops the loop, the listeners and the session; removes the hidden DOM. Idempotent. */
  destroy() {
    if (this.destroyed) return;
    this.teardown();
  }

  // -------------------------------------------------------------------------------------------

  teardown() {
    this.destroyed = true;
    if (this.rafId) this.env.cancelAnimationFrame?.(this.rafId);
    if (this.timer !== null) clearTimeout(this.timer);
    this.rafId = 0;
    this.timer = null;
    for (const m of this.media.splice(0)) m.off();
    this.view?.detach();
    this.a11y?.remove();
    this.listeners.clear();
    this.session.free();
  }

  live() { if (this.destroyed) throw new Error("veil: this mount was destroyed"); }

  /** Seconds since mount on the page's clock; headless (no canvas) the session's own time. */
  seconds(ms = this.nowMs()) { return Math.max(0, (ms - this.startMs) / 1000); }

  /** A message with "t": now in a page; headless none (it applies at the last tick). */
  stamp(message) {
    if (this.view) message.t = this.seconds();
    return message;
  }

  /** Input from the canvas: its time stamp (page clock, seconds) moved onto the session's clock. */
  onViewInput(message) {
    if (this.destroyed) return;
    if (typeof message.t === "number") message.t = Math.max(0, message.t - this.startMs / 1000);
    try {
      this.session.input(message);
    } catch (error) {
      this.emit("error", error);
      return;
    }
    this.dirty = true;
    this.wake();
  }

  /**
   * Presses a described button: a tap at its centre, as a finger would — where it is drawn now
   * (described afresh: a sheet or list may have moved it since), or not at all once it is gone.
   */
  press(button) {
    const now = this.describe().buttons.find((b) => b.node === button.node);
    if (!now) return;
    const x = now.x + now.width / 2, y = now.y + now.height / 2;
    this.input({ pointer: { phase: "down", x, y, id: 9999 } });
    this.input({ pointer: { phase: "up", x, y, id: 9999 } });
  }

  /**
   * @param {string} key the command's name
   * @param {string} what the method, for error messages
   * @param {any} options
   * @param {(node: string, rest: any) => object} build
   */
  command(key, what, options, build) {
    const { node = this.defaultNode, ...rest } = options ?? {};
    if (!node) throw new Error(`veil: ${what} needs a node: pass {node} or mount(…, {node})`);
    this.perform({ [key]: build(node, rest) });
  }

  /** `animated` as given, else the default; under reduced motion sheet moves are not animated either. */
  animated(o, fallback = true) {
    const animated = o.animated ?? fallback;
    return { animated: this.reducedMotion ? false : animated };
  }

  /**
   * Whether a media query holds, per `mode` ("system" follows the query; `on` forces it on;
   * anything else off), calling `changed` when the system setting changes.
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

  emit(name, value) {
    for (const fn of this.listeners.get(name) ?? []) {
      try { fn(value); } catch (error) { if (name !== "error") this.emit("error", error); }
    }
  }

  /** Asks for an animation frame (once; nothing headless or destroyed). */
  wake() {
    if (!this.view || this.destroyed || this.rafId) return;
    if (this.timer !== null) { clearTimeout(this.timer); this.timer = null; }
    this.stats.animationFrames++;
    this.rafId = this.env.requestAnimationFrame((/** @type {number} */ ms) => this.step(ms));
  }

  /** One animation frame: tick, update the hidden DOM, and plan the next frame or none. */
  step(ms) {
    this.rafId = 0;
    if (this.destroyed) return;
    const began = this.nowMs();
    // An animation frame's time stamp may lie before a flush() that ran in the same frame.
    const now = Math.max(this.seconds(ms), this.lastTick ?? 0);
    try {
      this.inFrame = true;
      try {
        if (this.tick(now) && this.a11y) this.undescribed = true;
      } finally {
        this.inFrame = false;
      }
      if (this.a11y && (this.dirty || (this.undescribed && now >= (this.describedAt ?? -1) + 0.25))) {
        // After a command or input at once; while only time moves, 4 times a second at most.
        this.dirty = false;
        this.undescribed = false;
        this.describedAt = now;
        this.a11y.update();
      }
      const next = this.nextChange();
      const later = (/** @type {number} */ s) => {
        this.timer = setTimeout(() => { this.timer = null; this.wake(); }, Math.max(0, s) * 1000);
      };
      this.stats.frames++;
      this.stats.frameMs += this.nowMs() - began;
      if (next <= now + 0.001) this.wake();
      else if (this.undescribed) later(Math.min(next - now, 0.25)); // the last description is due
      else if (Number.isFinite(next)) later(next - now);
    } catch (error) {
      this.emit("error", error); // the session is unusable (a trap): the loop stops
    }
  }
}
