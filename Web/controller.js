// @ts-check
// controller.js — `Controller`: one mounted scene, as the page holds it. Its command methods
// (command-methods.js), listeners, appearance and motion, the canvas' view (view.js) and hidden DOM
// (a11y.js), and rows for lists that fetch them; the session itself is its backend's
// (session-backends.js: in the page or in a worker), chosen once when it is made.

import { CanvasView } from "./view.js";
import { AccessibleMirror } from "./a11y.js";
import { keyInput } from "./input.js";
import { WithCommands, commandVerbs } from "./command-methods.js";
import { SessionInPage, SessionInWorker, WorkerLink } from "./session-backends.js";

/**
 * @typedef {import("./wire-format.js").HostEvent} HostEvent
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {import("./wire-format.js").RowRange} RowRange
 * @typedef {import("./wasm.js").WasmSession} WasmSession
 * @typedef {import("./a11y.js").Description} Description
 * @typedef {import("./mount.js").MountOptions} MountOptions
 * @typedef {import("./mount.js").RowSource} RowSource
 * @typedef {import("./command-methods.js").CommandMethod} CommandMethod
 * @typedef {import("./session-backends.js").SessionBackend} SessionBackend
 * @typedef {import("./session-backends.js").BackendHooks} BackendHooks
 * @typedef {(event: any) => void} Listener
 */

/** Bytes of rows one fill command carries at most: under the session's 64 KiB bound on a command. */
const FILL_BATCH_BYTES = 48 * 1024;
const utf8Encoder = new TextEncoder();
/** @param {string} text */
const utf8Length = (text) => utf8Encoder.encode(text).length;

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
      surface: surface ?? options.surface?.(canvas, this.startMs),
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
