// @ts-check
// scroller.js — Infinity's infinite scroll and pull-to-refresh on the page's own list, driven by the
// core while the list keeps scrolling natively (wheel, touch, keys, scrollbar, find-in-page, focus).
// The core mirrors the list: a scroll container of the list's size holding one host node as tall
// as the list's content. Each native scroll tells the core the list's offset (`scroll.to`, at
// once). Load more: the core's own rule asks — once per arrival, never again until the page answers
// or the list grows (docs/SCENE.md, "Infinite scroll") — and draws its footer below the content, as
// elements in a layer laid over the list (dom-layers.js), while the list holds the footer's room with a spacer of
// its own as its last child (a padding would grow the list's box instead). Pull to refresh: a touch
// that moves down at the list's top is the core's (the page's `touchmove`s are prevented, as
// Ionic's refresher does): it goes to the core as pointer input, the core's offset then moves the
// list's content (a translate on its children, `--veil-pull`) and mirrors to its scroll position,
// and the core draws the animator in the gap until the page's `end`.


import { DomLayers } from "./dom-layers.js";
import { hostBoxes } from "./hosts.js";
import { pointerInput } from "./input.js";

/**
 * @typedef {{prefetch?: number, height?: number, endText?: string, wasm?: string | URL | WebAssembly.Module,
 *   appearance?: "system" | "light" | "dark", env?: any}} LoadMoreOptions
 * @typedef {{height?: number, animator?: "default" | "arrow" | "circle" | "spark", wasm?: string | URL | WebAssembly.Module,
 *   appearance?: "system" | "light" | "dark", env?: any}} RefreshOptions
 * @typedef {(event: {name: string, node: string}) => void} LoadMoreListener
 */

/** The rule that moves the list's content by the pull (the page's children, not Veil's layer). */
const PULL_RULE = ".veil-pulled > :not(.veil-overlay) { transform: translateY(var(--veil-pull, 0px)); }";

/** The page's list mirrored in the core: its load-more and its pull-to-refresh. */
export class PageScroller {
  /**
   * @param {HTMLElement} list the page's own scroll container
   * @param {{loadMore?: LoadMoreOptions, refresh?: RefreshOptions}} features
   * @param {Map<string, Set<LoadMoreListener>>} listeners
   * @param {{placeOver: (element: HTMLElement, layer: HTMLElement, env: any) => void, unplace: (element: HTMLElement, layer: HTMLElement | null) => void}} place
   *   page.js' placing of a layer over an element (passed in: page.js is a page's entry, loaded already)
   */
  constructor(list, features, listeners, place) {
    this.layers = place;
    const options = this.options = { ...features.refresh, ...features.loadMore };
    this.features = features;
    this.list = list;
    this.env = options.env ?? list.ownerDocument.defaultView ?? globalThis;
    this.listeners = listeners;
    /** The core drives the list's position (a pull, and its spring after): native scrolls are not told. */
    this.coreDrives = false;
    this.refreshing = false;
    /** Points the list's content is translated down by the pull now. */
    this.pulled = 0;
    /** @type {{id: number, x: number, y: number, pulling: boolean} | null} the touch that may pull */
    this.touch = null;
    /** @type {import("./controller.js").Controller | null} */
    this.controller = null;
    /** @type {HTMLElement | null} */
    this.layer = null;
    this.loading = false;
    /** The page said there is no more (`setHasMore(false)`). */
    this.ended = false;
    this.height = features.loadMore?.height ?? 60;
    /** The footer's room at the list's end while the page loads, and for the end text once there is
     * no more (an `li` in a list). */
    this.spacer = list.ownerDocument.createElement(/^(UL|OL)$/.test(list.tagName) ? "li" : "div");
    this.spacer.className = "veil-load-more-room";
    this.spacer.setAttribute("aria-hidden", "true");
    Object.assign(this.spacer.style, { height: `${this.height}px`, listStyle: "none", padding: "0", margin: "0", border: "0" });
    this.onScroll = () => this.follow();
    /** @type {ResizeObserver | null} */
    this.resizer = null;
    /** @type {MutationObserver | null} */
    this.mutations = null;
    this.destroyed = false;
  }

  /** The list's content height, less the footer's room the list holds and what the pull's
   * translate adds to its scrollable overflow. */
  contentHeight() {
    return Math.max(1, this.list.scrollHeight - (this.spacer.isConnected ? this.height : 0) - this.pulled);
  }

  /** The footer's room at the list's end while the page loads, or once there is no more when an
   * end text shows there (as the core's scroll range has it); none otherwise. */
  placeRoom() {
    const room = this.loading || (this.ended && !!this.features.loadMore?.endText);
    if (room && this.list.lastElementChild !== this.spacer) this.list.append(this.spacer);
    if (!room && this.spacer.parentNode) this.spacer.remove();
  }

  async start() {
    const { mount } = await import("./mount.js");
    if (this.destroyed) return;
    const list = this.list, doc = list.ownerDocument;
    const layer = doc.createElement("div");
    layer.className = "veil-overlay veil-scroller";
    this.layers.placeOver(list, layer, this.env);
    // The canvas draws nothing: it sizes the session and maps a finger to its points.
    const canvas = doc.createElement("canvas");
    canvas.style.display = "block";
    canvas.setAttribute("aria-hidden", "true");
    layer.append(canvas);
    this.layer = layer;
    const width = Math.max(1, list.clientWidth), height = Math.max(1, list.clientHeight);
    const more = this.features.loadMore, pull = this.features.refresh;
    const loadMore = more && { prefetch: more.prefetch ?? height, height: this.height,
      ...(more.endText === undefined ? {} : { endText: more.endText }) };
    const refresh = pull && { height: pull.height ?? 60, ...(pull.animator ? { animator: pull.animator } : {}) };
    const scene = {
      name: "scroller", canvas: { width, height }, background: "#00000000",
      root: { type: "scroll", id: "list", background: "#00000000", showsIndicator: false,
        ...(loadMore ? { loadMore } : {}), ...(refresh ? { refresh } : {}),
        children: [{ type: "host", id: "content", height: this.contentHeight() }] },
    };
    const { wasm, appearance } = this.options;
    // On the page's thread, drawn as elements (dom-layers.js): the animator and the footer's
    // spinner turn on the compositor, so they keep turning while the page is busy with what it
    // loads; the page's element needs no stand-in under them (a host draws nothing there).
    const drawn = doc.createElement("div");
    Object.assign(drawn.style, { position: "absolute", inset: "0", overflow: "hidden" });
    drawn.setAttribute("aria-hidden", "true");  // the animator and footer are drawings, as the canvas was
    layer.append(drawn);
    const surface = (/** @type {HTMLCanvasElement} */ c, /** @type {number} */ startMs) => new DomLayers(drawn, { startMs });
    this.controller = await mount(canvas, { scene, size: "fill", node: "list", accessible: false, thread: "main", surface,
      ...(wasm === undefined ? {} : { wasm }), ...(appearance === undefined ? {} : { appearance }), env: this.env });
    if (this.destroyed) { this.controller.destroy(); return; }
    const controller = this.controller;
    controller.on("loadMore", (/** @type {any} */ event) => {
      this.loading = true;
      this.placeRoom();
      this.emit("loadMore", event);
    });
    controller.on("refresh", (/** @type {any} */ event) => { this.refreshing = true; this.emit("refresh", event); });
    controller.on("error", (/** @type {any} */ error) => this.emit("error", error));
    if (pull) this.takePulls(canvas);
    list.addEventListener("scroll", this.onScroll, { passive: true });
    // Sizes are read in the observer and written in the next frame (writing layout in a
    // ResizeObserver callback is a "loop completed with undelivered notifications" error).
    const resizer = this.resizer = new this.env.ResizeObserver(() => this.env.requestAnimationFrame(() => this.measure()));
    resizer.observe(list);
    for (const child of list.children) if (child !== layer && child !== this.spacer) resizer.observe(child);
    // Rows added or removed (a refresh's prepend, a load's append) change the content's height;
    // the footer's room stays the list's last child (rows appended after it, a list rendered anew).
    const mutations = this.mutations = new this.env.MutationObserver((/** @type {MutationRecord[]} */ records) => {
      for (const record of records) for (const node of record.addedNodes) {
        if (node !== layer && node !== this.spacer && node.nodeType === 1) resizer.observe(/** @type {Element} */ (node));
      }
      this.placeRoom();
      this.measure();
    });
    mutations.observe(list, { childList: true });
    this.follow();
  }

  /** The core's container at the list's offset (at once: the list scrolls natively). */
  follow() {
    if (this.coreDrives) return;
    this.controller?.scroll.to({ to: this.list.scrollTop, animated: false }).catch(() => {});
  }

  /**
   * A touch that moves down while the list is at its top is the core's: the pull. From there on its
   * moves go to the core (and not to the browser's scrolling), and each frame the core's offset
   * moves the list: a negative one (pulled, or held open while refreshing) translates its content,
   * a positive one is its scroll position.
   * @param {HTMLCanvasElement} canvas
   */
  takePulls(canvas) {
    const list = this.list, doc = list.ownerDocument;
    if (!doc.getElementById("veil-pull-rule")) {
      const style = doc.createElement("style");
      style.id = "veil-pull-rule";
      style.textContent = PULL_RULE;
      doc.head.append(style);
    }
    list.style.overscrollBehaviorY = "contain";  // no browser pull-to-refresh or bounce under it
    const send = (/** @type {string} */ type, /** @type {Touch} */ t, /** @type {number} */ stamp) => {
      const rect = canvas.getBoundingClientRect();
      const input = pointerInput(/** @type {any} */ ({ type, clientX: t.clientX, clientY: t.clientY, pointerId: t.identifier,
        pointerType: "touch", timeStamp: stamp }), rect, rect.width, rect.height);
      if (input) this.controller?.onViewInput(input);
    };
    list.addEventListener("touchstart", (event) => {
      const t = event.changedTouches[0];
      if (this.touch || !t) return;
      this.touch = { id: t.identifier, x: t.clientX, y: t.clientY, pulling: false };
    }, { passive: true });
    list.addEventListener("touchmove", (event) => {
      const touch = this.touch;
      const t = touch && [...event.changedTouches].find((c) => c.identifier === touch.id);
      if (!touch || !t) return;
      if (!touch.pulling) {
        if (list.scrollTop > 0 || t.clientY <= touch.y) { this.touch = null; return; }  // the browser's scroll
        touch.pulling = true;
        this.coreDrives = true;
        send("pointerdown", /** @type {any} */ ({ clientX: touch.x, clientY: touch.y, identifier: touch.id }), event.timeStamp);
      }
      event.preventDefault();
      send("pointermove", t, event.timeStamp);
    }, { passive: false });
    const lift = (/** @type {TouchEvent} */ event) => {
      const touch = this.touch;
      const t = touch && [...event.changedTouches].find((c) => c.identifier === touch.id);
      if (!touch || !t) return;
      this.touch = null;
      if (touch.pulling) send(event.type === "touchcancel" ? "pointercancel" : "pointerup", t, event.timeStamp);
    };
    list.addEventListener("touchend", lift);
    list.addEventListener("touchcancel", lift);
    this.controller?.on("frame", (/** @type {any} */ frame) => this.place(frame));
  }

  /**
   * The list where the core has it while it drives: pulled (its content translated) or scrolled.
   * @param {import("./wire-format.js").Frame} frame
   */
  place(frame) {
    if (!this.coreDrives) return;
    const [box] = hostBoxes(frame);
    if (!box) return;
    const pulled = Math.max(0, box.y);
    const released = this.pulled > 0 && pulled === 0;
    this.pulled = pulled;
    this.list.classList.toggle("veil-pulled", pulled > 0);
    this.list.style.setProperty("--veil-pull", `${pulled}px`);
    if (released) this.measure();
    if (box.y < 0) this.list.scrollTop = -box.y;
    // Back at rest and not held open by a refresh: the browser scrolls the list again.
    if (pulled === 0 && !this.touch && !this.refreshing) this.coreDrives = false;
  }

  /** The page's refresh is done: the animator closes and the content springs back. */
  async endRefresh() {
    this.refreshing = false;
    await this.controller?.refresh.end();
  }

  /** The list's content changed size (rows came): the host node follows. */
  measure() {
    this.controller?.host.send({ node: "content", height: this.contentHeight() }).catch(() => {});
  }

  /** The page answered (rows appended, or nothing this time): the footer's room goes. */
  async end() {
    if (!this.controller) return;
    this.loading = false;
    this.placeRoom();
    this.measure();
    await this.controller.loadMore.end();
  }

  /** @param {boolean} more */
  async setHasMore(more) {
    await this.controller?.loadMore.setHasMore({ hasMore: more });
    this.ended = !more;
    if (!more) this.loading = false;  // the core's answer to a load under way, as end() is
    this.placeRoom();
    this.measure();
  }

  /** @param {string} name @param {any} event */
  emit(name, event) {
    for (const listener of this.listeners.get(name) ?? []) {
      try { listener(event); } catch (error) { queueMicrotask(() => { throw error; }); }
    }
  }

  destroy() {
    this.destroyed = true;
    this.list.removeEventListener("scroll", this.onScroll);
    this.resizer?.disconnect();
    this.mutations?.disconnect();
    this.controller?.destroy();
    this.controller = null;
    this.layer?.remove();
    this.layers.unplace(this.list, this.layer);
    this.layer = null;
    this.spacer.remove();
    this.list.classList.remove("veil-pulled");
    this.list.style.removeProperty("--veil-pull");
  }
}
