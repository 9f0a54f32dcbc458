// @ts-check
// engine.js — one running session: the veil.wasm session, its frame mirror, what draws its frames
// and the frame loop. The loop ticks with requestAnimationFrame only while the session says
// something changes by itself (`veil_next_change`), sleeps on a timer until a timeline action is
// due, and otherwise does nothing until a command or an input arrives. While the frame has motions
// (motions.js: a shimmer), each animation frame draws it at that time without ticking the core. The same engine runs on
// the page's thread (mount's fallback, skeletonize, node) and in worker.js.

import { moving, playMotions } from "./motions.js";
import { Mirror } from "./mirror.js";

/**
 * @typedef {import("./wire-format.js").HostEvent} HostEvent
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {{show: (frame: Frame) => void, showNow: (frame: Frame) => void, followEvents?: (events: HostEvent[]) => void,
 *   plays?: (motion: import("./motions.js").ItemMotion, motions: import("./motions.js").ItemMotion[]) => boolean}} FrameSink
 *   plays: whether the sink runs that motion (of the frame's `motions`) on its own and nothing the hooks follow
 *   moves by it (an activity indicator's turn on the page's compositor): the frame loop does not wake for it
 * @typedef {object} EngineHooks
 * @property {(frame: Frame, events: HostEvent[]) => void} [onFrame] the frame as shown: after each message applied,
 *   and each time a declared motion moves an item (a sheet's spring, a fade: no events) — what a host placing the
 *   page's own elements by the frame follows
 * @property {() => void} [onDescribe] when the hidden DOM is due an update (after a command or
 *   input at once; while only time moves, 4 times a second at most)
 * @property {(error: any) => void} [onError] a failure in the frame loop (the loop stops)
 */

export class Engine {
  /**
   * @param {import("./wasm.js").WasmSession} session
   * @param {{sink?: FrameSink | null, env: any, nowMs: () => number, startMs: number, describes?: boolean} & EngineHooks} options
   *   sink: what shows frames (none: headless, the caller ticks); env: requestAnimationFrame and
   *   cancelAnimationFrame; nowMs: the page's clock (ms); startMs: the session's time 0 on it
   */
  constructor(session, { sink = null, env, nowMs, startMs, describes = false, onFrame, onDescribe, onError }) {
    this.session = session;
    this.sink = sink;
    /** @param {import("./motions.js").ItemMotion} m one of the held frame's item motions */
    this.playsItself = (m) => this.sink?.plays?.(m, this.frame?.itemMotions ?? []) ?? false;
    this.env = env;
    this.nowMs = nowMs;
    this.startMs = startMs;
    this.describes = describes;
    this.hooks = { onFrame, onDescribe, onError };
    this.mirror = new Mirror();
    /** @type {Frame | null} the last frame applied */
    this.frame = null;
    /** @type {Frame | null} that frame as last shown (its declared motions played) */
    this.shown = null;
    /** Counters for tests and benchmarks: ticks run, messages applied, animation frames asked for. */
    this.stats = { ticks: 0, messages: 0, animationFrames: 0, firstFrameAt: /** @type {number | null} */ (null),
      /** Animation frames run and the milliseconds they took (tick + apply + draw + hidden DOM). */
      frames: 0, frameMs: 0, /** When mount() was called (page clock, ms). */ mountCalledAt: 0 };
    this.destroyed = false;
    this.rafId = 0;
    /** @type {any} */
    this.timer = null;
    /** @type {number | undefined} */
    this.lastTick = undefined;
    this.inFrame = false;
    this.dirty = false;
    this.undescribed = false;
    this.describedAt = -1;
  }

  /** Seconds since the session's start on the page's clock. */
  seconds(ms = this.nowMs()) { return Math.max(0, (ms - this.startMs) / 1000); }

  /**
   * A command line (`{command, t}`) to the session; throws with the session's message when refused.
   * @param {object} message
   */
  perform(message) {
    this.session.perform(message);
    this.dirty = true;
    this.wake();
  }

  /**
   * An input line (`{input, t}`); throws with the session's message when refused.
   * @param {object} message
   */
  input(message) {
    this.session.input(message);
    this.dirty = true;
    this.wake();
  }

  /**
   * Advances the session to `seconds`, applies its message to the mirror and shows the frame;
   * returns `{frame, events}` when a message came, null when nothing changed.
   * @param {number} seconds
   * @returns {{frame: Frame, events: HostEvent[]} | null}
   */
  tick(seconds) {
    this.stats.ticks++;
    this.lastTick = seconds;
    const bytes = this.session.tick(seconds); // a view on the module's memory: applied at once
    if (!bytes) return null;
    const result = this.mirror.apply(bytes);
    const events = result.events ?? [];
    if (!result.ok) { this.session.keyframe(); return null; }
    this.stats.messages++;
    this.frame = result.frame;
    const shown = playMotions(result.frame, seconds, this.playsItself);
    this.shown = shown;
    if (this.sink) {
      if (this.inFrame) this.sink.showNow(shown);
      else this.sink.show(shown);
      if (events.length) this.sink.followEvents?.(events);
    }
    this.stats.firstFrameAt ??= this.nowMs();
    if (events.length) this.dirty = true;
    this.hooks.onFrame?.(shown, events);
    return { frame: result.frame, events };
  }

  /**
   * Draws the held frame as its declared motions have it at `now`, without the core; tells the
   * hooks when an item moved (paints moving alone move no box).
   * @param {number} now
   */
  play(now) {
    const shown = playMotions(/** @type {Frame} */ (this.frame), now, this.playsItself);
    this.sink?.showNow(shown);
    if (shown.items === this.shown?.items) return;
    this.shown = shown;
    this.hooks.onFrame?.(shown, []);
  }

  /**
   * When the session next changes by itself, in seconds since its start: now while it animates,
   * later when an action is due, Infinity when only a command or input changes it.
   * @returns {number}
   */
  nextChange() {
    const module = this.session.module;
    const t = module.call("veil_next_change", this.session.live());
    if (t < 0) throw new Error(module.errorText());
    return t;
  }

  /**
   * What a screen reader should know now (AccessibilityDescription in the core).
   * @returns {import("./a11y.js").Description}
   */
  describe() {
    const module = this.session.module;
    const len = module.call("veil_describe", this.session.live());
    if (len < 0) throw new Error(module.errorText());
    return JSON.parse(new TextDecoder().decode(module.view(module.call("veil_output"), len)));
  }

  /**
   * Presses a described button: a tap at its centre, as a finger would — where it is drawn now
   * (described afresh: a sheet or list may have moved it since), or not at all once it is gone.
   * @param {string} node
   * @param {number | undefined} t the session's time of the press; none (headless): when it arrives
   */
  press(node, t) {
    const now = this.describe().buttons.find((b) => b.node === node);
    if (!now) return;
    const x = now.x + now.width / 2, y = now.y + now.height / 2;
    this.input({ input: { pointer: { phase: "down", x, y, id: 9999 } }, t });
    this.input({ input: { pointer: { phase: "up", x, y, id: 9999 } }, t });
  }

  /** Runs the next animation frame's work now (tick, draw, description), in the calling task. */
  flush() {
    if (!this.sink) return;
    if (this.rafId) { this.env.cancelAnimationFrame?.(this.rafId); this.rafId = 0; }
    this.step(this.nowMs());
  }

  /** Asks for an animation frame (once; nothing headless or destroyed). */
  wake() {
    if (!this.sink || this.destroyed || this.rafId) return;
    if (this.timer !== null) { clearTimeout(this.timer); this.timer = null; }
    this.stats.animationFrames++;
    this.rafId = this.env.requestAnimationFrame((/** @type {number} */ ms) => this.step(this.frameTime(ms)));
  }

  /**
   * An animation frame's time stamp on the page's clock (a worker's clock has its own origin).
   * @param {number} ms
   */
  frameTime(ms) { return ms; }

  /**
   * One animation frame: tick, the description when due, and plan the next frame or none.
   * @param {number} ms the frame's time on the page's clock
   */
  step(ms) {
    this.rafId = 0;
    if (this.destroyed) return;
    const began = this.nowMs();
    // An animation frame's time stamp may lie before a flush() that ran in the same frame.
    const now = Math.max(this.seconds(ms), this.lastTick ?? 0);
    // When the session next changes by itself; asked again only after a tick (which moves it).
    let next = this.lastTick === undefined ? now : this.nextChange();
    const due = next <= now + 0.001;
    try {
      this.inFrame = true;
      try {
        // The core is ticked only when it has something due (a command, input, an animated field,
        // an action); motions move on this clock without it: the frame held, drawn at this time.
        const ticked = due ? this.tick(now) : null;
        if (ticked && this.describes) this.undescribed = true;
        if (!ticked && this.frame && moving(this.frame, now, this.playsItself)) this.play(now);
      } finally {
        this.inFrame = false;
      }
      if (this.describes && (this.dirty || (this.undescribed && now >= this.describedAt + 0.25))) {
        this.dirty = false;
        this.undescribed = false;
        this.describedAt = now;
        this.hooks.onDescribe?.();
      }
      if (due) next = this.nextChange();
      const later = (/** @type {number} */ s) => {
        this.timer = setTimeout(() => { this.timer = null; this.wake(); }, Math.max(0, s) * 1000);
      };
      this.stats.frames++;
      this.stats.frameMs += this.nowMs() - began;
      if (next <= now + 0.001 || moving(this.frame, now, this.playsItself)) this.wake();
      else if (this.undescribed) later(Math.min(next - now, 0.25)); // the last description is due
      else if (Number.isFinite(next)) later(next - now);
    } catch (error) {
      this.hooks.onError?.(error); // the session is unusable (a trap): the loop stops
    }
  }

  /** Stops the loop and frees the session. Idempotent. */
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    if (this.rafId) this.env.cancelAnimationFrame?.(this.rafId);
    if (this.timer !== null) clearTimeout(this.timer);
    this.rafId = 0;
    this.timer = null;
    this.session.free();
  }
}
