// @ts-check
// loadmore.js — load more at the end of the page's own list (Infinity's infinite scroll), driven by
// the core while the list keeps scrolling natively (wheel, touch, keys, scrollbar, find-in-page,
// focus). The scene is a scroll container of the list's size holding one host node as tall as the
// list's content; each native scroll tells the core the list's offset (`scroll.to`, at once), and
// the core's own rule asks for more — once per arrival, never again until the page answers or the
// list grows (docs/SCENE.md, "Infinite scroll") — and draws its footer (a turning activity
// indicator, or the end text) below the content, on a see-through canvas laid over the list, while
// the list holds the footer's room with a spacer of its own as its last child (a padding would
// grow the list's box instead).

import { placeOver, unplace } from "./place.js";

/**
 * @typedef {{prefetch?: number, height?: number, endText?: string, wasm?: string | URL | WebAssembly.Module,
 *   appearance?: "system" | "light" | "dark", env?: any}} LoadMoreOptions
 * @typedef {(event: {name: string, node: string}) => void} LoadMoreListener
 */

/** The list's load-more, running: the core's scroll container mirrors the list. */
export class PageLoadMore {
  /**
   * @param {HTMLElement} list the page's own scroll container
   * @param {LoadMoreOptions} options
   * @param {Map<string, Set<LoadMoreListener>>} listeners
   */
  constructor(list, options, listeners) {
    this.list = list;
    this.options = options;
    this.env = options.env ?? list.ownerDocument.defaultView ?? globalThis;
    this.listeners = listeners;
    /** @type {import("./mount.js").Controller | null} */
    this.controller = null;
    /** @type {HTMLElement | null} */
    this.layer = null;
    this.loading = false;
    this.height = options.height ?? 60;
    /** The footer's room at the list's end while the page loads (an `li` in a list). */
    this.spacer = list.ownerDocument.createElement(/^(UL|OL)$/.test(list.tagName) ? "li" : "div");
    this.spacer.className = "veil-load-more-room";
    this.spacer.setAttribute("aria-hidden", "true");
    Object.assign(this.spacer.style, { height: `${this.height}px`, listStyle: "none", padding: "0", margin: "0", border: "0" });
    this.onScroll = () => this.follow();
    /** @type {ResizeObserver | null} */
    this.resizer = null;
    this.destroyed = false;
  }

  /** The list's content height, less the footer's room the list holds while loading. */
  contentHeight() {
    return Math.max(1, this.list.scrollHeight - (this.loading ? this.height : 0));
  }

  async start() {
    const { mount } = await import("./mount.js");
    if (this.destroyed) return;
    const list = this.list, doc = list.ownerDocument;
    const layer = doc.createElement("div");
    layer.className = "veil-overlay veil-load-more";
    placeOver(list, layer, this.env);
    const canvas = doc.createElement("canvas");
    canvas.style.display = "block";
    canvas.setAttribute("aria-hidden", "true");
    layer.append(canvas);
    this.layer = layer;
    const width = Math.max(1, list.clientWidth), height = Math.max(1, list.clientHeight);
    const loadMore = { prefetch: this.options.prefetch ?? height, height: this.height,
      ...(this.options.endText === undefined ? {} : { endText: this.options.endText }) };
    const scene = {
      name: "loadMore", canvas: { width, height }, background: "#00000000",
      root: { type: "scroll", id: "list", background: "#00000000", showsIndicator: false, loadMore,
        children: [{ type: "host", id: "content", height: this.contentHeight() }] },
    };
    const { wasm, appearance } = this.options;
    // On the page's thread: the footer is light, and the page's element needs no stand-in under it.
    this.controller = await mount(canvas, { scene, size: "fill", node: "list", accessible: false, thread: "main",
      ...(wasm === undefined ? {} : { wasm }), ...(appearance === undefined ? {} : { appearance }), env: this.env });
    if (this.destroyed) { this.controller.destroy(); return; }
    const controller = this.controller;
    if (controller.view) controller.view.surface.renderer.standIns = false;
    controller.on("loadMore", (/** @type {any} */ event) => {
      this.loading = true;
      list.append(this.spacer);
      this.emit("loadMore", event);
    });
    controller.on("error", (/** @type {any} */ error) => this.emit("error", error));
    list.addEventListener("scroll", this.onScroll, { passive: true });
    const resizer = this.resizer = new this.env.ResizeObserver(() => this.measure());
    resizer.observe(list);
    for (const child of list.children) if (child !== layer && child !== this.spacer) resizer.observe(child);
    this.follow();
  }

  /** The core's container at the list's offset (at once: the list scrolls natively). */
  follow() {
    this.controller?.scroll.to({ to: this.list.scrollTop, animated: false }).catch(() => {});
  }

  /** The list's content changed size (rows came): the host node follows. */
  measure() {
    this.controller?.perform({ host: { node: "content", height: this.contentHeight() } }).catch(() => {});
    const layer = this.layer;
    if (layer && layer.style.position === "sticky") {
      layer.style.height = `${this.list.clientHeight}px`;
      layer.style.marginBottom = `-${this.list.clientHeight}px`;
    }
  }

  /** The page answered (rows appended, or nothing this time): the footer's room goes. */
  async end() {
    if (!this.controller) return;
    this.loading = false;
    this.spacer.remove();
    for (const child of this.list.children) if (child !== this.layer) this.resizer?.observe(child);
    this.measure();
    await this.controller.loadMore.end();
  }

  /** @param {boolean} more */
  async setHasMore(more) {
    await this.controller?.loadMore.setHasMore({ hasMore: more });
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
    this.controller?.destroy();
    this.controller = null;
    this.layer?.remove();
    this.layer = null;
    this.spacer.remove();
    unplace(this.list);
  }
}
