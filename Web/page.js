// @ts-check
// page.js — Veil around the page's own elements, and the light entry for pages: importing it loads
// this file alone (one file, so that a page's script that imports it runs after one round trip). `overlay(element)` returns at once, having loaded nothing: the page
// shows its own content the moment it has it, whether Veil has loaded or not.
// Its skeleton, status and spinner are wishes: each `show`/`hide` records what the page wants, and
// what draws it is loaded only when something is first wanted, then made to match the newest wish.
// So a skeleton hidden before it was ready is never drawn, and a hide before any show loads and
// changes nothing. All three are the core's looks drawn by the page itself, so an overlay loads no
// veil.wasm: the skeleton is skeletonize()'s (skeleton-look.js), over the element's content or,
// while it has none yet, over copies of a template the page never shows; the status
// (status-layer.js: its text and a real button) and the spinner (spinner-layer.js) are each in a
// layer laid over the element (its padding box, kept in view when the element itself scrolls).
// `sheet(element)` (sheet.js) holds one of the page's elements in the core's sheet; `loadMore(list)`
// and `pullToRefresh(list)` (scroller.js) run the core's infinite scroll and pull-to-refresh over
// the page's own scroller. Each loads its part of Veil when first used.




/**
 * `mount()` (mount.js), loaded when first called.
 * @param {HTMLCanvasElement | null} canvas
 * @param {import("./mount.js").MountOptions} options
 */
export async function mount(canvas, options) {
  return (await mountModules()).mount(canvas, options);
}

/**
 * `skeletonize()` (skeletonize.js), loaded when first called.
 * @param {HTMLElement} element
 * @param {import("./skeletonize.js").SkeletonizeOptions} [options]
 */
export async function skeletonize(element, options) {
  return (await skeletonModules()).skeletonize(element, options);
}

/**
 * skeletonize.js, its imports asked for at once: the skeleton comes one round trip after page.js,
 * not one per level of imports.
 * @returns {Promise<typeof import("./skeletonize.js")>}
 */
function skeletonModules() {
  const [module] = [import("./skeletonize.js"), import("./skeleton-look.js"), import("./skeleton-layer.js"), import("./template.js"),
    import("./css-paint.js")];
  return module;
}

/**
 * status-layer.js and its imports, asked for at once (as skeletonModules).
 * @returns {Promise<typeof import("./status-layer.js")>}
 */
function statusModules() {
  const [module] = [import("./status-layer.js"), import("./spinner-layer.js"), import("./draw-items.js"), import("./wire-format.js"),
    import("./fonts.js"), import("./css-paint.js")];
  return module;
}

/**
 * spinner-layer.js and its imports, asked for at once (as skeletonModules).
 * @returns {Promise<typeof import("./spinner-layer.js")>}
 */
function spinnerModules() {
  const [module] = [import("./spinner-layer.js"), import("./draw-items.js"), import("./wire-format.js"), import("./fonts.js"),
    import("./css-paint.js")];
  return module;
}

/**
 * mount.js and every module it imports, asked for at once, as skeletonModules: a sheet, a
 * list or a scene comes one round trip after page.js, not one per level of imports
 * (Tests/web/modules.test.mjs checks the list is mount.js' static imports, all of them).
 * @returns {Promise<typeof import("./mount.js")>}
 */
function mountModules() {
  return Promise.all([import("./mount.js"), import("./controller.js"), import("./session-backends.js"), import("./command-methods.js"),
    import("./commands.js"), import("./engine.js"), import("./wasm.js"), import("./view.js"), import("./input.js"), import("./a11y.js"),
    import("./render.js"), import("./draw-items.js"), import("./paint-style.js"), import("./css-paint.js"), import("./dirty-rects.js"), import("./layer-bitmaps.js"),
    import("./layer-cache.js"), import("./fonts.js"), import("./motions.js"), import("./mirror.js"), import("./wire-decode.js"),
    import("./wire-patch.js"), import("./frame-hash.js"), import("./wire-format.js")]).then((modules) => modules[0]);
}

/**
 * Starts loading what a first `show` needs — the skeleton's, the status' and the spinner's modules,
 * and the two faces an error's text is in — without showing anything: the page's choice, e.g. once
 * its content is in, so that a later error draws at once.
 */
export async function preload() {
  await Promise.all([skeletonModules(), statusModules()]);
  const { addFontFaces, loadFontFaces } = await import("./fonts.js");
  await loadFontFaces(addFontFaces(globalThis), [400, 600]);
}

/**
 * A sheet whose content is `element`, the page's own (sheet.js): nothing is loaded until `open()`;
 * a `close()` before any open does nothing.
 * @param {HTMLElement} element
 * @param {import("./sheet.js").PageSheetOptions} [options]
 */
export function sheet(element, options = {}) {
  if (!element || typeof element.getBoundingClientRect !== "function") {
    throw new TypeError("veil.sheet: the first argument must be an element of the page");
  }
  /** @type {[string, import("./sheet.js").SheetListener][]} */
  const listeners = [];
  /** @type {Promise<import("./sheet.js").PageSheet> | null} */
  let made = null;
  /** @type {import("./sheet.js").PageSheet | null} */
  let loaded = null;
  const load = () => made ??= Promise.all([import("./sheet.js"), mountModules()]).then(([{ PageSheet }]) => {
    loaded = new PageSheet(element, options);
    for (const [name, listener] of listeners) loaded.on(name, listener);
    return loaded;
  });
  return {
    element,
    /** Where the core put the element last (its host box in the viewport), null before. */
    get placed() { return loaded?.placed ?? null; },
    get isOpen() { return loaded?.isOpen ?? false; },
    open: async () => (await load()).open(),
    close: async () => { if (made) await (await made).close(); },
    /** @param {number} index */
    snapTo: async (index) => (await load()).snapTo(index),
    /** @param {string} name @param {import("./sheet.js").SheetListener} listener */
    on: (name, listener) => { listeners.push([name, listener]); made?.then((s) => s.on(name, listener)); },
  };
}

/**
 * Load more at the end of `list`, the page's own scroll container (scroller.js): the core watches
 * its offset and asks for more (`on("loadMore")`) once per arrival; the page appends its rows and
 * calls `end()`. Veil loads when the page is idle: the list's content never waits for it.
 * @param {HTMLElement} list
 * @param {import("./scroller.js").LoadMoreOptions} [options]
 */
export function loadMore(list, options = {}) {
  const mirror = listMirror(list, options, "veil.loadMore");
  mirror.add("loadMore", options);
  return {
    element: list,
    /** Resolves once the core watches the list. */
    get started() { return mirror.started; },
    /** @param {string} name @param {import("./scroller.js").LoadMoreListener} listener */
    on: (name, listener) => mirror.on(name, listener),
    /** The page has answered (rows appended, or nothing this time). */
    end: async () => { await (await mirror.started)?.end(); },
    /** @param {boolean} more */
    setHasMore: async (more) => { await (await mirror.started)?.setHasMore(more); },
    destroy: () => mirror.remove("loadMore"),
  };
}

/**
 * Pull to refresh on `list`, the page's own scroll container (scroller.js): a touch pulling down at
 * its top is the core's (Infinity's animator in the gap); let go past `height`, it asks
 * (`on("refresh")`) and holds open until the page's `end()`. Veil loads when the page is idle.
 * @param {HTMLElement} list
 * @param {import("./scroller.js").RefreshOptions} [options]
 */
export function pullToRefresh(list, options = {}) {
  const mirror = listMirror(list, options, "veil.pullToRefresh");
  mirror.add("refresh", options);
  return {
    element: list,
    get started() { return mirror.started; },
    /** @param {string} name @param {import("./scroller.js").LoadMoreListener} listener */
    on: (name, listener) => mirror.on(name, listener),
    /** The page's refresh is done: the animator closes. */
    end: async () => { await (await mirror.started)?.endRefresh(); },
    destroy: () => mirror.remove("refresh"),
  };
}

/** @type {WeakMap<HTMLElement, ListMirror>} */
const MIRRORS = new WeakMap();

/**
 * The one mirror of a page's list that its load-more and pull-to-refresh share.
 * @param {HTMLElement} list @param {{env?: any}} options @param {string} who
 */
function listMirror(list, options, who) {
  if (!list || typeof list.getBoundingClientRect !== "function") {
    throw new TypeError(`${who}: the first argument must be an element of the page`);
  }
  const env = options.env ?? list.ownerDocument.defaultView ?? globalThis;
  const style = env.getComputedStyle?.(list);
  if (style && !/(auto|scroll)/.test(style.overflowY)) {
    throw new Error(`${who}: the element does not scroll its content (give it overflow-y: auto and a height)`);
  }
  let mirror = MIRRORS.get(list);
  if (!mirror) MIRRORS.set(list, mirror = new ListMirror(list, env));
  return mirror;
}

/** Starts (or, when a feature is added later, restarts) the list's scroller once the page is idle. */
class ListMirror {
  /** @param {HTMLElement} list @param {any} env */
  constructor(list, env) {
    this.list = list;
    this.env = env;
    /** @type {{loadMore?: import("./scroller.js").LoadMoreOptions, refresh?: import("./scroller.js").RefreshOptions}} */
    this.features = {};
    /** @type {Map<string, Set<import("./scroller.js").LoadMoreListener>>} */
    this.listeners = new Map();
    /** @type {import("./scroller.js").PageScroller | null} */
    this.running = null;
    /** @type {Promise<import("./scroller.js").PageScroller | null>} */
    this.started = Promise.resolve(null);
    this.scheduled = false;
  }

  /** @param {string} name @param {import("./scroller.js").LoadMoreListener} listener */
  on(name, listener) {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, set = new Set());
    set.add(listener);
  }

  /** @param {"loadMore" | "refresh"} feature @param {any} options */
  add(feature, options) {
    this.features[feature] = options;
    this.restartWhenIdle();
  }

  /** @param {"loadMore" | "refresh"} feature */
  remove(feature) {
    delete this.features[feature];
    this.running?.destroy();
    this.running = null;
    if (this.features.loadMore || this.features.refresh) this.restartWhenIdle();
    else MIRRORS.delete(this.list);
  }

  restartWhenIdle() {
    if (this.scheduled) return;
    this.scheduled = true;
    const env = this.env;
    this.started = new Promise((resolve) => {
      const begin = () => Promise.all([import("./scroller.js"), mountModules()]).then(async ([{ PageScroller }]) => {
        this.scheduled = false;
        this.running?.destroy();
        const running = this.running = new PageScroller(this.list, { ...this.features }, this.listeners, { placeOver, unplace });
        await running.start();
        resolve(running);
      }).catch((error) => {
        this.scheduled = false;
        for (const listener of this.listeners.get("error") ?? []) listener(error);
        resolve(null);
      });
      // Not before the list has content of its own: an empty list (its first rows still loading,
      // a skeleton or an error over it) is not an end to load more at.
      const whenContent = () => {
        if (hasContent(this.list)) return idle(env, begin);
        const watch = new env.MutationObserver(() => { if (hasContent(this.list)) { watch.disconnect(); idle(env, begin); } });
        watch.observe(this.list, { childList: true });
      };
      whenContent();
    });
  }
}

/** @param {any} env @param {() => void} fn */
function idle(env, fn) {
  if (typeof env.requestIdleCallback === "function") env.requestIdleCallback(fn, { timeout: 1000 });
  else setTimeout(fn, 0);
}

/**
 * Whether the list holds content of the page's own (not Veil's layers, spacers or template copies).
 * @param {HTMLElement} list
 */
function hasContent(list) {
  return [...list.children].some((e) => !/(^|\s)veil-/.test(e.className));
}

// --- overlay(element): the skeleton, status and spinner over one of the page's elements ---

/**
 * @typedef {{style?: "solid" | "gradient" | "pulse" | "sliding", color?: string, gradient?: string[],
 *   direction?: import("./skeleton-look.js").SkeletonDirection, duration?: number, transition?: number, template?: Element | string, count?: number}} SkeletonWish
 * @typedef {{state: "loading" | "error" | "empty", title?: string, message?: string, image?: string,
 *   actionTitle?: string, action?: string}} StatusWish
 * @typedef {{wasm?: string | URL | WebAssembly.Module, appearance?: "system" | "light" | "dark",
 *   thread?: "auto" | "worker" | "main", background?: string, statusHeight?: number, env?: any}} OverlayOptions
 *   `wasm` and `thread` are not used: nothing of an overlay loads the core (kept so pages that pass them still work).
 *   `background`: what a status covers the element's content with (#RRGGBB or #RRGGBBAA); default
 *   none: see-through, as StatusProvider's views are. `statusHeight`: the least height the element
 *   takes while a status shows, so the default views fit (default 240).
 * @typedef {(event: {type: string, node?: string, action?: string}) => void} OverlayListener
 * @typedef {{skeleton: SkeletonWish | null, status: StatusWish | null, spinner: boolean}} Wishes
 */

/**
 * Veil's overlays on `element`, the page's own. Nothing is loaded until a `show`.
 * @param {HTMLElement} element
 * @param {OverlayOptions} [options]
 * @returns {PageOverlay}
 */
export function overlay(element, options = {}) {
  if (!element || typeof element.getBoundingClientRect !== "function") {
    throw new TypeError("veil.overlay: the first argument must be an element of the page");
  }
  const taken = OVERLAYS.get(element);
  if (taken && !taken.destroyed) {
    throw new Error("veil.overlay: this element already has an overlay; use it (or destroy() it first)");
  }
  const made = new PageOverlay(element, options);
  OVERLAYS.set(element, made);
  return made;
}

/** @type {WeakMap<Element, PageOverlay>} */
const OVERLAYS = new WeakMap();

/**
 * What is wrong with a status wish, or null: the bounds the core's status command has (its texts
 * at most 16,384 bytes of UTF-8, the image's and the action's names at most 256, an action not
 * empty), so a page's status asks no more of the page than the core's would have.
 * @param {any} wish
 * @returns {string | null}
 */
function statusProblem(wish) {
  if (!wish || !["loading", "error", "empty"].includes(wish.state)) {
    return `needs a state of "loading", "error" or "empty" (got ${JSON.stringify(wish?.state)})`;
  }
  for (const [key, most] of [["title", 16384], ["message", 16384], ["actionTitle", 16384], ["image", 256], ["action", 256]]) {
    const value = wish[key];
    if (value === undefined) continue;
    if (typeof value !== "string") return `needs ${key} as a string (got ${typeof value})`;
    const bytes = new TextEncoder().encode(value).length;
    if (bytes > most) return `needs ${key} of at most ${most} bytes (got ${bytes})`;
    if (key === "action" && bytes === 0) return "needs a non-empty action";
  }
  return null;
}

/** The wishes of one element, and the Veil parts that carry them out once loaded. */
export class PageOverlay {
  /**
   * @param {HTMLElement} element
   * @param {OverlayOptions} options
   */
  constructor(element, options) {
    this.element = element;
    this.options = options;
    this.env = options.env ?? element.ownerDocument.defaultView ?? globalThis;
    /** @type {Wishes} what the page wants now */
    this.wanted = { skeleton: null, status: null, spinner: false };
    /** @type {Wishes} what is drawn */
    this.drawn = { skeleton: null, status: null, spinner: false };
    /** @type {import("./skeletonize.js").DomSkeleton | null} */
    this.domSkeleton = null;
    /** @type {import("./status-layer.js").StatusLayer | null} the status' layer, from its first show until destroy() */
    this.statusLayer = null;
    /** @type {import("./spinner-layer.js").SpinnerLayer | null} the spinner, while shown or fading out */
    this.spinnerLayer = null;
    /** @type {string | null} the element's own inline min-height while a status holds room */
    this.minHeight = null;
    /** @type {Map<string, Set<OverlayListener>>} */
    this.listeners = new Map();
    this.destroyed = false;
    /** The running reconciliation, so wishes made meanwhile are taken by the next pass. */
    /** @type {Promise<void>} */
    this.settled = Promise.resolve();
    this.passes = 0;
    this.skeleton = {
      /** @param {SkeletonWish} [wish] */
      show: (wish = {}) => this.want("skeleton", { ...wish }),
      hide: () => this.want("skeleton", null),
    };
    this.status = {
      /** @param {StatusWish} wish */
      show: (wish) => {
        const problem = statusProblem(wish);
        return problem ? Promise.reject(new Error(`veil.overlay: status.show ${problem}`)) : this.want("status", { ...wish });
      },
      hide: () => this.want("status", null),
    };
    this.spinner = {
      show: () => this.want("spinner", true),
      hide: () => this.want("spinner", false),
    };
  }

  /**
   * `retry` (the status' Retry button), `action` (the status' action button) and `error` (Veil
   * could not load or draw: the page's content is unaffected).
   * @param {string} type
   * @param {OverlayListener} listener
   */
  on(type, listener) {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, set = new Set());
    set.add(listener);
    return () => set?.delete(listener);
  }

  /** @param {string} type @param {any} event */
  emit(type, event) {
    for (const listener of this.listeners.get(type) ?? []) {
      try { listener(event); } catch (error) { queueMicrotask(() => { throw error; }); }
    }
  }

  /**
   * Records a wish and makes Veil match it; resolves once it does (at once when nothing changes).
   * @param {"skeleton" | "status" | "spinner"} part
   * @param {any} value
   * @returns {Promise<void>}
   */
  want(part, value) {
    if (this.destroyed) return Promise.reject(new Error("veil.overlay: destroyed"));
    /** @type {any} */ (this.wanted)[part] = value;
    // The content that arrived takes the skeleton's room now, not after the dissolve.
    if (part === "skeleton" && !value) this.domSkeleton?.releaseRoom();
    this.updateBusy();
    this.settled = this.settled.then(() => this.reconcile()).catch((error) => {
      this.emit("error", { type: "error", message: String(error?.message ?? error) });
    });
    return this.settled;
  }

  /** aria-busy while something says the element is not ready yet (its content stays in the tree). */
  updateBusy() {
    const busy = !!this.wanted.skeleton || !!this.wanted.spinner || this.wanted.status?.state === "loading";
    if (busy) this.element.setAttribute("aria-busy", "true");
    else this.element.removeAttribute("aria-busy");
  }

  /** One pass: loads what the newest wishes need, then changes what differs. */
  async reconcile() {
    if (this.destroyed) return;
    const wanted = { ...this.wanted };
    if (wanted.skeleton !== this.drawn.skeleton) await this.reconcileSkeleton(wanted.skeleton);
    if (this.destroyed) return;
    if (wanted.status !== this.drawn.status) await this.reconcileStatus(wanted.status);
    if (this.destroyed) return;
    if (wanted.spinner !== this.drawn.spinner) await this.reconcileSpinner(wanted.spinner);
    // A status over the skeleton holds its shimmer still, as the core's does.
    this.domSkeleton?.setPaused(!!this.drawn.status);
  }

  /** @param {SkeletonWish | null} wish */
  async reconcileSkeleton(wish) {
    const old = this.domSkeleton;
    if (!wish) {
      this.drawn.skeleton = null;
      this.domSkeleton = null;
      if (old) await old.hide();
      if (!this.domSkeleton) releasePosition(this.element);
      return;
    }
    const { skeletonize } = await skeletonModules();
    // A newer wish came while loading: the next pass takes it (this one would be drawn for nothing).
    if (this.destroyed || this.wanted.skeleton !== wish) return;
    if (old) { this.domSkeleton = null; old.remove(); }
    // Held here, so the skeleton and the overlay's layers share one record of the element's position.
    holdPosition(this.element, this.env);
    this.domSkeleton = await skeletonize(this.element, { ...wish, ...this.veilOptions() });
    this.drawn.skeleton = wish;
    if (this.destroyed || this.wanted.skeleton !== wish) {
      const stale = this.domSkeleton;
      this.domSkeleton = null;
      this.drawn.skeleton = null;
      if (stale) await stale.hide();
      if (!this.domSkeleton) releasePosition(this.element);
    }
  }

  /**
   * The status' layer is made at the first show and kept until `destroy()` (its live region with
   * it); a hide empties it.
   * @param {StatusWish | null} status
   */
  async reconcileStatus(status) {
    if (!status) {
      this.drawn.status = null;
      this.statusLayer?.hide();
      this.holdStatusRoom(false);
      return;
    }
    const { StatusLayer } = await statusModules();
    // A newer wish came while loading: the next pass takes it.
    if (this.destroyed || this.wanted.status !== status) return;
    if (!this.statusLayer) {
      const layer = this.element.ownerDocument.createElement("div");
      layer.className = "veil-overlay veil-status";
      placeOver(this.element, layer, this.env);
      const { appearance, background, env } = this.options;
      this.statusLayer = new StatusLayer(layer, this.element, { appearance, background, env: env ?? this.env,
        onAction: (/** @type {string} */ action) => {
          const type = action === "retry" ? "retry" : "action";
          this.emit(type, { type, node: "overlay", action });
        } });
    }
    this.holdStatusRoom(true);
    this.drawn.status = status;
    for (const message of await this.statusLayer.show(status)) this.emit("error", { type: "error", message });
  }

  /**
   * The spinner fades in or out from where it is, as the core's does; a show while it fades out
   * brings it back. Resolves once the change has begun, not after the fade.
   * @param {boolean} spinner
   */
  async reconcileSpinner(spinner) {
    if (!spinner) {
      this.drawn.spinner = false;
      const leaving = this.spinnerLayer;
      leaving?.hide().then(() => {
        if (this.spinnerLayer !== leaving || this.drawn.spinner) return;
        this.spinnerLayer = null;
        leaving.remove();
        unplace(this.element, leaving.layer);
      });
      return;
    }
    if (!this.spinnerLayer) {
      const { SpinnerLayer } = await spinnerModules();
      if (this.destroyed) return;
      const layer = this.element.ownerDocument.createElement("div");
      layer.className = "veil-overlay veil-spinner";
      placeOver(this.element, layer, this.env);
      layer.style.zIndex = "2";  // above the status, as the core registers the spinner after it
      this.spinnerLayer = new SpinnerLayer(layer, this.element, this.env);
    }
    this.spinnerLayer.show();
    this.drawn.spinner = true;
  }

  /**
   * While a status shows, the element is at least `statusHeight` tall: an empty list (the usual
   * place for an error or an empty state) has no room for the status view otherwise.
   * @param {boolean} hold
   */
  holdStatusRoom(hold) {
    const style = this.element.style;
    if (hold && this.minHeight === null) {
      this.minHeight = style.minHeight;
      style.minHeight = `max(${this.minHeight || "0px"}, ${this.options.statusHeight ?? 240}px)`;
    } else if (!hold && this.minHeight !== null) {
      style.minHeight = this.minHeight;
      this.minHeight = null;
    }
  }

  /** The options every Veil part of this overlay is mounted with. */
  veilOptions() {
    const { wasm, appearance, thread, env } = this.options;
    return Object.fromEntries(Object.entries({ wasm, appearance, thread, env }).filter(([, v]) => v !== undefined));
  }

  /** Removes every part drawn and forgets every wish; the element is as it was. */
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.domSkeleton?.remove();
    this.domSkeleton = null;
    this.statusLayer?.remove();
    this.spinnerLayer?.remove();
    if (this.spinnerLayer) unplace(this.element, this.spinnerLayer.layer);
    unplace(this.element, this.statusLayer?.layer ?? null);
    this.statusLayer = null;
    this.spinnerLayer = null;
    this.holdStatusRoom(false);
    this.element.removeAttribute("aria-busy");
    this.listeners.clear();
  }
}

/** Inline styles given to elements an overlay is laid over, to put back when it goes. */
/** @type {WeakMap<HTMLElement, string>} */
const POSITIONS = new WeakMap();

/**
 * Lays `layer` over `element`'s padding box: its last child, absolutely placed (the element becomes
 * `position: relative` if it was static); in an element that scrolls its own content, a sticky
 * first child of its visible size that takes no room (so it stays over what is in view).
 * @param {HTMLElement} element
 * @param {HTMLElement} layer
 * @param {any} env
 */
export function placeOver(element, layer, env) {
  holdPosition(element, env);
  const style = env.getComputedStyle?.(element);
  const scrolls = !!style && /(auto|scroll)/.test(style.overflowY + style.overflowX);
  Object.assign(layer.style, { zIndex: "1", pointerEvents: "none" });
  if (scrolls) {
    const fit = () => Object.assign(layer.style, { height: `${element.clientHeight}px`, marginBottom: `-${element.clientHeight}px` });
    Object.assign(layer.style, { position: "sticky", top: "0", left: "0", width: "100%" });
    fit();
    element.prepend(layer);
    // Its visible size as the element's changes (written in the next frame: a write in the
    // observer's callback would be a "ResizeObserver loop" error).
    if (typeof env.ResizeObserver === "function") {
      const sizer = new env.ResizeObserver(() => env.requestAnimationFrame(fit));
      sizer.observe(element);
      SIZERS.set(layer, sizer);
    }
  } else {
    Object.assign(layer.style, { position: "absolute", inset: "0" });
    element.append(layer);
  }
}

/** @type {WeakMap<HTMLElement, ResizeObserver>} what keeps a sticky layer as tall as its element */
const SIZERS = new WeakMap();

/**
 * Undoes `placeOver`: the layer's sizing stops, and the element's position comes back once no
 * layer is left over it.
 * @param {HTMLElement} element @param {HTMLElement | null} layer
 */
export function unplace(element, layer) {
  if (layer) SIZERS.get(layer)?.disconnect();
  releasePosition(element);
}

/**
 * A static element becomes `position: relative` while any of Veil's layers is in it (an overlay's,
 * a skeleton's, a template's copies), whichever came first and whichever goes last.
 * @param {HTMLElement} element @param {any} env
 */
function holdPosition(element, env) {
  if (POSITIONS.has(element) || env.getComputedStyle?.(element).position !== "static") return;
  POSITIONS.set(element, element.style.position);
  element.style.position = "relative";
}

/** @param {HTMLElement} element */
function releasePosition(element) {
  if (element.querySelector(":scope > .veil-overlay, :scope > .veil-skeleton, :scope > .veil-template-copies")) return;
  const position = POSITIONS.get(element);
  if (position !== undefined) {
    element.style.position = position;
    POSITIONS.delete(element);
  }
}
