// @ts-check
// page.js — Veil around the page's own elements, and the light entry for pages: importing it loads
// this file and overlay.js alone. `overlay(element)` returns at once, having loaded nothing: the page
// shows its own content the moment it has it, whether Veil has loaded or not.
// Its skeleton, status and spinner are wishes: each `show`/`hide` records what the page wants, and
// Veil (mount.js, skeletonize.js, veil.wasm) is loaded only when something is first wanted, then
// made to match the newest wish. So a skeleton hidden before Veil was ready is never drawn, and a
// hide before any show loads and changes nothing. The status and the spinner are drawn by the core
// on a see-through canvas laid over the element (its padding box, kept in view when the element
// itself scrolls); the skeleton is skeletonize()'s, over the element's content or, while it has
// none yet, over copies of a template the page never shows. `sheet(element)` (sheet.js) holds one of
// the page's elements in the core's sheet; `loadMore(list)` and `pullToRefresh(list)` (scroller.js)
// run the core's infinite scroll and pull-to-refresh over the page's own scroller. Each loads its
// part of Veil when first used.

export { overlay, PageOverlay } from "./overlay.js";



/**
 * `mount()` (mount.js), loaded when first called.
 * @param {HTMLCanvasElement | null} canvas
 * @param {import("./mount.js").MountOptions} options
 */
export async function mount(canvas, options) {
  return (await import("./mount.js")).mount(canvas, options);
}

/**
 * `skeletonize()` (skeletonize.js), loaded when first called.
 * @param {HTMLElement} element
 * @param {import("./skeletonize.js").SkeletonizeOptions} [options]
 */
export async function skeletonize(element, options) {
  return (await import("./skeletonize.js")).skeletonize(element, options);
}

/**
 * Starts loading what a first `show` or `mount` needs — the modules, veil.wasm's compile and a
 * worker — without using it: the page's choice, e.g. once its content is in.
 */
export async function preload() {
  await import("./skeletonize.js");
  (await import("./mount.js")).prestart();
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
  const load = () => made ??= import("./sheet.js").then(({ PageSheet }) => {
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
      const begin = () => import("./scroller.js").then(async ({ PageScroller }) => {
        this.scheduled = false;
        this.running?.destroy();
        const running = this.running = new PageScroller(this.list, { ...this.features }, this.listeners);
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
