// @ts-check
// overlay.js — `overlay(element)`: the skeleton, status and spinner over one of the page's own
// elements, as wishes (page.js says why), and laying a layer over an element (placeOver), which
// scroller.js shares. Loads nothing itself: each part of Veil is imported when first wanted.

/**
 * @typedef {{style?: "solid" | "gradient" | "pulse" | "sliding", color?: string, gradient?: string[],
 *   direction?: string, duration?: number, transition?: number, template?: Element | string, count?: number}} SkeletonWish
 * @typedef {{state: "loading" | "error" | "empty", title?: string, message?: string, image?: string,
 *   actionTitle?: string, action?: string}} StatusWish
 * @typedef {{wasm?: string | URL | WebAssembly.Module, appearance?: "system" | "light" | "dark",
 *   thread?: "auto" | "worker" | "main", background?: string, statusHeight?: number, env?: any}} OverlayOptions
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
    /** @type {import("./mount.js").Controller | null} the status and spinner's scene */
    this.controller = null;
    /** @type {HTMLElement | null} what holds its canvas over the element */
    this.layer = null;
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
        if (!wish || !["loading", "error", "empty"].includes(wish.state)) {
          return Promise.reject(new Error(`veil.overlay: status.show needs a state of "loading", "error" or "empty" (got ${JSON.stringify(wish?.state)})`));
        }
        return this.want("status", { ...wish });
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
    if (wanted.status !== this.drawn.status || wanted.spinner !== this.drawn.spinner) {
      await this.reconcileOverlay(wanted.status, wanted.spinner);
    }
  }

  /** @param {SkeletonWish | null} wish */
  async reconcileSkeleton(wish) {
    const old = this.domSkeleton;
    if (!wish) {
      this.drawn.skeleton = null;
      this.domSkeleton = null;
      if (old) await old.hide();
      return;
    }
    const { skeletonize } = await import("./skeletonize.js");
    // A newer wish came while loading: the next pass takes it (this one would be drawn for nothing).
    if (this.destroyed || this.wanted.skeleton !== wish) return;
    if (old) { this.domSkeleton = null; old.remove(); }
    this.domSkeleton = await skeletonize(this.element, { ...wish, ...this.veilOptions() });
    this.drawn.skeleton = wish;
    if (this.destroyed || this.wanted.skeleton !== wish) {
      const stale = this.domSkeleton;
      this.domSkeleton = null;
      this.drawn.skeleton = null;
      if (stale) await stale.hide();
    }
  }

  /**
   * @param {StatusWish | null} status
   * @param {boolean} spinner
   */
  async reconcileOverlay(status, spinner) {
    if (!this.controller) {
      if (!status && !spinner) {
        this.drawn.status = status;
        this.drawn.spinner = spinner;
        return;  // nothing ever drawn: nothing to load
      }
      await this.mountOverlay();
      if (this.destroyed || !this.controller) return;
    }
    const controller = this.controller;
    if (status !== this.drawn.status) {
      if (status) await controller.status.show({ ...status, node: "overlay" });
      else await controller.status.hide({ node: "overlay" });
      this.drawn.status = status;
    }
    if (spinner !== this.drawn.spinner) {
      if (spinner) await controller.spinner.show({ node: "overlay" });
      else await controller.spinner.hide({ node: "overlay" });
      this.drawn.spinner = spinner;
    }
    if (this.layer) this.layer.style.pointerEvents = status || spinner ? "auto" : "none";
    this.holdStatusRoom(!!status);
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

  /** A see-through canvas over the element with a scene of one view: the status and spinner's. */
  async mountOverlay() {
    const { mount } = await import("./mount.js");
    if (this.destroyed) return;
    const element = this.element, doc = element.ownerDocument;
    const layer = doc.createElement("div");
    layer.className = "veil-overlay";
    placeOver(element, layer, this.env);
    const canvas = doc.createElement("canvas");
    canvas.style.display = "block";
    layer.append(canvas);
    this.layer = layer;
    const width = Math.max(1, element.clientWidth), height = Math.max(1, element.clientHeight);
    const scene = {
      name: "overlay", canvas: { width, height }, background: "#00000000",
      root: { type: "view", id: "overlay", background: this.options.background ?? "#00000000" },
    };
    try {
      this.controller = await mount(canvas, { scene, size: "fill", node: "overlay", ...this.veilOptions() });
    } catch (error) {
      layer.remove();
      this.layer = null;
      throw error;
    }
    if (this.destroyed) { this.controller.destroy(); this.controller = null; return; }
    for (const type of ["retry", "action", "error"]) {
      this.controller.on(type, (/** @type {any} */ event) => this.emit(type, event));
    }
  }

  /** Removes every part drawn and forgets every wish; the element is as it was. */
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.domSkeleton?.remove();
    this.domSkeleton = null;
    this.controller?.destroy();
    this.controller = null;
    this.layer?.remove();
    this.layer = null;
    this.holdStatusRoom(false);
    unplace(this.element);
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
  const style = env.getComputedStyle?.(element);
  if (style?.position === "static") {
    POSITIONS.set(element, element.style.position);
    element.style.position = "relative";
  }
  const scrolls = !!style && /(auto|scroll)/.test(style.overflowY + style.overflowX);
  Object.assign(layer.style, { zIndex: "1", pointerEvents: "none" });
  if (scrolls) {
    Object.assign(layer.style, { position: "sticky", top: "0", left: "0", width: "100%",
      height: `${element.clientHeight}px`, marginBottom: `-${element.clientHeight}px` });
    element.prepend(layer);
  } else {
    Object.assign(layer.style, { position: "absolute", inset: "0" });
    element.append(layer);
  }
}

/** @param {HTMLElement} element */
export function unplace(element) {
  const position = POSITIONS.get(element);
  if (position !== undefined) {
    element.style.position = position;
    POSITIONS.delete(element);
  }
}
