// @ts-check
// sheet.js — a sheet whose content is the page's own element (a form, a list): sheets 0.9.2's card,
// driven by the core. The element moves into a fixed layer over the page where the core's dim,
// card, shadow and grabber are drawn as elements (dom-layers.js); the scene's sheet holds one page
// with one host node as tall as the element (docs/ARCHITECTURE.md, "The page's own content"), and
// each frame places the element in its card's element at that node's box (hosts.js), so a spring
// the core declared runs on the compositor with the card, the element and the dim together, even
// while the page's main thread is busy. Anchors, drag, rubber band, velocity projection, springs
// and the dim are the core's. A drag that starts on the element's own non-interactive parts goes to
// the core as pointer input; one on a control is the control's. The layer is a dialog, modal where
// the core's dim shows. An element that scrolls its own content is the viewport of a scroll
// container in the sheet's page, so the core hands one drag over between the sheet and it.

import { DomLayers } from "./dom-layers.js";
import { hostBoxes } from "./hosts.js";
import { pointerInput, wheelInput } from "./input.js";

/** How long no frame moved the sheet before it counts as at rest (its modality is decided then). */
const REST_MS = 120;

/** Points of the card above the element: its rounded top and grabber bar. */
const GRABBER_ROOM = 20;

/** What in the element keeps its own pointer input (a drag starting there is not the sheet's). */
const CONTROLS = "input, textarea, select, button, a[href], label, summary, [contenteditable], [data-veil-no-drag]";

/**
 * @typedef {{anchors?: any[], initialAnchor?: number, dismissible?: boolean, label?: string, modal?: boolean | "auto",
 *   chevron?: boolean, wasm?: string | URL | WebAssembly.Module, appearance?: "system" | "light" | "dark", env?: any}} PageSheetOptions
 *   `modal`: "auto" (default) follows the core's dim, as iOS' undimmed detents and Ionic's
 *   backdropBreakpoint do — modal where the dim shows (the sheet's top anchor), the page under it
 *   usable where it does not; true or false always.
 *   An element that scrolls its own content (overflow-y auto or scroll, and a height) is mirrored
 *   as a scroll container in the sheet's page: one drag hands over between the sheet and its
 *   content, both ways, as the core does for its own lists.
 * @typedef {(event: {name: string, node: string}) => void} SheetListener
 */

/** A sheet holding `element` while open; the element goes back where it was when it closes. */
export class PageSheet {
  /**
   * @param {HTMLElement} element
   * @param {PageSheetOptions} options
   */
  constructor(element, options) {
    this.element = element;
    this.options = options;
    this.env = options.env ?? element.ownerDocument.defaultView ?? globalThis;
    /** @type {import("./controller.js").Controller | null} */
    this.controller = null;
    /** @type {HTMLElement | null} the fixed layer (a dialog) holding the drawn sheet, the element and the core's canvas */
    this.layer = null;
    /** @type {DomLayers | null} the dim and the card, drawn as elements */
    this.drawn = null;
    /** @type {{parent: Node, next: Node | null, style: string, hidden: boolean} | null} where the element was, and how */
    this.home = null;
    /** @type {Element | null} what had focus before the sheet opened */
    this.returnFocus = null;
    /** @type {Element[]} the page's elements made inert while the sheet is modal */
    this.inerted = [];
    /** @type {Map<string, Set<SheetListener>>} */
    this.listeners = new Map();
    this.resizer = null;
    this.opening = null;
    /** @type {import("./hosts.js").HostBox | null} where the core put the element last (tests, tools) */
    this.placed = null;
    this.scrolls = false;
    /** @type {any} */
    this.restTimer = undefined;
    /** @type {number | null} the scroll position the core last gave an element that scrolls */
    this.scrolledTo = null;
  }

  /**
   * `anchorChanged`, `closed`, `dismissRequested` (the core's sheet events), `error`.
   * @param {string} name @param {SheetListener} listener
   */
  on(name, listener) {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, set = new Set());
    set.add(listener);
    return () => set?.delete(listener);
  }

  /** @param {string} name @param {any} event */
  emit(name, event) {
    for (const listener of this.listeners.get(name) ?? []) {
      try { listener(event); } catch (error) { queueMicrotask(() => { throw error; }); }
    }
  }

  get isOpen() { return !!this.layer; }

  /** Presents the sheet (it springs up to its initial anchor); loads Veil the first time. */
  open() {
    if (!this.opening) this.opening = this.present().catch((error) => { this.teardown(); this.emit("error", error); throw error; });
    return this.opening;
  }

  async present() {
    const { mount } = await import("./mount.js");
    const element = this.element, doc = element.ownerDocument, env = this.env;
    const width = env.innerWidth, height = env.innerHeight;
    const layer = doc.createElement("div");
    layer.className = "veil-sheet";
    layer.setAttribute("role", "dialog");
    layer.setAttribute("aria-modal", "true");
    layer.setAttribute("aria-label", this.options.label ?? "Sheet");
    Object.assign(layer.style, { position: "fixed", inset: "0", zIndex: "2147483000" });
    // The core's canvas takes the size and the keys; the sheet is drawn as elements over it.
    const canvas = doc.createElement("canvas");
    canvas.style.display = "block";
    const sheetLook = doc.createElement("div");
    sheetLook.style.cssText = "position:absolute;left:0;top:0";
    layer.append(sheetLook, canvas);
    this.home = { parent: /** @type {Node} */ (element.parentNode), next: element.nextSibling,
      style: element.getAttribute("style") ?? "", hidden: element.hidden };
    element.hidden = false;
    Object.assign(element.style, { position: "absolute", left: "0", top: "0", width: `${width}px`, margin: "0",
      boxSizing: "border-box", transformOrigin: "0 0", willChange: "transform", touchAction: "none", visibility: "hidden" });
    layer.append(element);
    doc.body.append(layer);
    this.layer = layer;
    const contentHeight = Math.max(1, element.offsetHeight);
    /** Whether the element scrolls its own content: then the core scrolls it (the hand-off). */
    this.scrolls = /(auto|scroll)/.test(env.getComputedStyle(element).overflowY) && element.scrollHeight > element.clientHeight;
    const content = this.scrolls
      ? { type: "scroll", id: "inner", height: element.clientHeight, showsIndicator: false,
          children: [{ type: "host", id: "content", height: element.scrollHeight }] }
      : { type: "host", id: "content", height: contentHeight };
    const sheet = {
      type: "sheet", id: "sheet", hidden: true, chevron: this.options.chevron ?? true,
      dismissible: this.options.dismissible ?? true,
      ...(this.options.anchors ? { anchors: this.options.anchors } : { anchors: ["fit", "collapsed"] }),
      initialAnchor: this.options.initialAnchor ?? 0,
      // The card's top (its corners and grabber, the core's) stays in view above the element.
      children: [{ type: "stack", id: "page", axis: "vertical", children: [
        { type: "view", id: "top", height: GRABBER_ROOM }, content] }],
    };
    const scene = { name: "sheet", canvas: { width, height }, root: { type: "view", id: "root", background: "#00000000", children: [sheet] } };
    const wasm = this.options.wasm, appearance = this.options.appearance;
    const surface = (/** @type {HTMLCanvasElement} */ c, /** @type {number} */ startMs) => (this.drawn = new DomLayers(sheetLook, { startMs }));
    this.controller = await mount(canvas, { scene, size: "fill", node: "sheet", thread: "main", surface,
      ...(wasm === undefined ? {} : { wasm }), ...(appearance === undefined ? {} : { appearance }), env });
    const controller = this.controller;
    controller.on("frame", (/** @type {any} */ frame) => this.place(frame));
    for (const name of ["anchorChanged", "dismissRequested", "error"]) controller.on(name, (/** @type {any} */ e) => this.emit(name, e));
    controller.on("closed", (/** @type {any} */ e) => { this.teardown(); this.emit("closed", e); });
    this.forwardPointers(layer, canvas);
    this.resizer = new env.ResizeObserver(() => {
      const measured = Math.max(1, this.scrolls ? element.scrollHeight : element.offsetHeight);
      controller.host.send({ node: "content", height: measured }).catch((/** @type {any} */ e) => this.emit("error", e));
    });
    if (this.scrolls) this.forwardWheel(canvas);
    this.resizer.observe(element);
    // Escape from anywhere in the element (the canvas and the hidden DOM's buttons send their own).
    layer.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || event.defaultPrevented || event.target === canvas) return;
      event.preventDefault();
      controller.onViewInput({ input: { key: { phase: "down", key: "Escape" } } });
    });
    this.setModal(true);  // while it rises: focus goes in
    await controller.set({ node: "sheet", hidden: false });
    this.returnFocus = doc.activeElement;
    /** @type {HTMLElement | null} */ (element.querySelector("input, select, textarea, button, [tabindex]"))?.focus({ preventScroll: true });
  }

  /**
   * The element at its host node's box, in the element of the layer that carries it (the card):
   * moved, faded and clipped as the core's layers say.
   * @param {import("./wire-format.js").Frame} frame
   */
  place(frame) {
    const [box] = hostBoxes(frame);
    if (box && this.placed && box.y !== this.placed.y) this.whenAtRest();
    this.placed = box ?? null;
    const style = this.element.style;
    if (!box || box.clipped) { style.visibility = "hidden"; return; }
    style.visibility = "visible";
    const carrier = box.carrier, origin = carrier ?? { x: 0, y: 0 };
    if (carrier && this.drawn) {
      const slot = this.drawn.slot(carrier.id);
      if (this.element.parentNode !== slot) slot.append(this.element);
    }
    if (this.scrolls && box.clip) {
      // The element is the scroll container's viewport (the host's clip), scrolled as the core has it.
      const top = box.clip.y, offset = Math.max(0, top - box.y);
      style.transform = `translate(${box.x - origin.x}px, ${top - origin.y}px)`;
      this.scrolledTo = Math.round(offset);
      this.element.scrollTop = offset;
      const cut = Math.max(0, this.element.offsetHeight - box.clip.height);
      style.clipPath = cut > 0 ? `inset(0px 0px ${cut}px 0px)` : "";
      return;
    }
    style.transform = `translate(${box.x - origin.x}px, ${box.y - origin.y}px)`;
    style.opacity = box.opacity < 1 ? String(box.opacity) : "";
    if (box.clip) {
      const c = box.clip;
      const top = Math.max(0, c.y - box.y), left = Math.max(0, c.x - box.x);
      const bottom = Math.max(0, box.y + box.height - (c.y + c.height)), right = Math.max(0, box.x + box.width - (c.x + c.width));
      style.clipPath = `inset(${top}px ${right}px ${bottom}px ${left}px)`;
    } else {
      style.clipPath = "";
    }
  }

  /**
   * Pointer input on the drawn sheet (the dim, the card) and on the element's own non-interactive
   * parts goes to the core, as on a canvas: the sheet follows a drag that starts on the card, the
   * form's background or its text.
   * @param {HTMLElement} layer @param {HTMLCanvasElement} canvas
   */
  forwardPointers(layer, canvas) {
    /** @type {Set<number>} pointers the core has */
    const taken = new Set();
    const forward = (/** @type {PointerEvent} */ event) => {
      const controller = this.controller, target = /** @type {Element} */ (event.target);
      if (!controller || target === canvas) return;  // the canvas' own input is the view's
      if (event.type === "pointerdown") {
        if (target.closest?.(CONTROLS)) return;
        taken.add(event.pointerId);
        target.setPointerCapture?.(event.pointerId);
      } else if (!taken.has(event.pointerId)) {
        return;
      }
      if (event.type === "pointerup" || event.type === "pointercancel") taken.delete(event.pointerId);
      const rect = canvas.getBoundingClientRect();
      const input = pointerInput(event, rect, rect.width, rect.height);
      if (input) controller.onViewInput(input);
    };
    for (const type of ["pointerdown", "pointermove", "pointerup", "pointercancel"]) {
      layer.addEventListener(type, /** @type {EventListener} */ (forward));
    }
  }

  /**
   * An element that scrolls: the wheel over it is the core's (the sheet rises first, then the
   * content scrolls, as over a sheet's own list), and a scroll the core did not make (the keys,
   * the scroll bar, focus) is told to the core.
   * @param {HTMLCanvasElement} canvas
   */
  forwardWheel(canvas) {
    const element = this.element;
    element.addEventListener("wheel", (event) => {
      const rect = canvas.getBoundingClientRect();
      const input = wheelInput(event, rect, rect.width, rect.height);
      if (!input || !this.controller) return;
      event.preventDefault();
      this.controller.onViewInput(input);
    }, { passive: false });
    element.addEventListener("scroll", () => {
      if (Math.abs(element.scrollTop - (this.scrolledTo ?? 0)) <= 1) return;  // the core's own
      this.controller?.scroll.to({ node: "inner", to: element.scrollTop, animated: false }).catch(() => {});
    }, { passive: true });
  }

  /** Once the sheet has stopped moving (no frame moved it for a moment): modal or not there. */
  whenAtRest() {
    clearTimeout(this.restTimer);
    this.restTimer = setTimeout(() => this.updateModality(), REST_MS);
  }

  /** Modal or not as the `modal` option says, at the anchor the sheet rests at now. */
  updateModality() {
    const option = this.options.modal ?? "auto";
    const controller = this.controller;
    if (!controller) return;
    const description = /** @type {any} */ (controller.describe());  // the page's thread: at once
    this.setModal(option === "auto" ? !!description.modal : option);
  }

  /**
   * Modal, the page's other elements are inert (focus and pointer stay in the sheet), as a dialog's
   * page is; not modal, the page under the sheet takes input wherever the sheet does not lie (the
   * layer lets the pointer through; the element takes it).
   * @param {boolean} modal
   */
  setModal(modal) {
    const doc = this.element.ownerDocument, layer = this.layer;
    if (layer) {
      layer.setAttribute("aria-modal", String(modal));
      layer.style.pointerEvents = modal ? "auto" : "none";
      this.element.style.pointerEvents = "auto";
    }
    if (modal && this.inerted.length === 0) {
      this.inerted = [...doc.body.children].filter((e) => e !== layer && !/** @type {HTMLElement} */ (e).inert);
      for (const e of this.inerted) /** @type {HTMLElement} */ (e).inert = true;
    } else if (!modal) {
      for (const e of this.inerted) /** @type {HTMLElement} */ (e).inert = false;
      this.inerted = [];
    }
  }

  /** Closes the sheet at once: the element goes back where it was. */
  async close() {
    if (this.controller) this.teardown();
  }

  /** @param {number} index an anchor, by its index in `anchors` */
  snapTo(index) {
    return this.controller?.sheet.snapTo({ index }) ?? Promise.reject(new Error("veil.sheet: not open"));
  }

  /** The element back where it was, the page usable again, focus given back. */
  teardown() {
    clearTimeout(this.restTimer);
    this.resizer?.disconnect();
    this.resizer = null;
    this.setModal(false);
    this.controller?.destroy();
    this.controller = null;
    const home = this.home, element = this.element;
    if (home) {
      if (home.style) element.setAttribute("style", home.style); else element.removeAttribute("style");
      element.hidden = home.hidden;
      home.parent.insertBefore(element, home.next && home.next.parentNode === home.parent ? home.next : null);
      this.home = null;
    }
    this.layer?.remove();
    this.layer = null;
    this.drawn = null;
    this.opening = null;
    /** @type {HTMLElement | null} */ (this.returnFocus)?.focus?.({ preventScroll: true });
    this.returnFocus = null;
  }
}
