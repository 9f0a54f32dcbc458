// @ts-check
// dom-layers.js — a frame of layers and rectangles drawn as elements of the page, so that the
// compositor moves them (issue 31): a layer is a div placed by a CSS transform, holding its
// children; a rectangle is a div with its paint, corners and opacity. A motion the core declared on
// a layer's or rectangle's position or opacity as points (a sheet's spring, its dim's fade) runs as
// a Web Animation through those very points, started at the motion's start on the session's clock:
// once started it costs the page no script per frame and keeps moving while the main thread is
// busy. What the own-element sheet draws its card and dim with (sheet.js), in place of the canvas
// renderer; host items are the page's own elements (`slot`), and text, arcs, rotation and radial
// paints are the canvas renderer's (this draws none of them).

import { cssColor } from "./paint-style.js";
import { pt } from "./wire-format.js";

const RECT = 0;
const LAYER = 5;
/** A gradient stop's offset, 0…1, on the wire. */
const STOP_UNIT = 65535;
/** Item fields a Web Animation can move on the compositor, from a points path. */
const COMPOSITED = new Set(["x", "y", "opacity"]);

/**
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {import("./wire-format.js").Item} Item
 * @typedef {import("./wire-format.js").Paint} Paint
 * @typedef {import("./motions.js").ItemMotion} ItemMotion
 */

/** Draws frames into `container` as elements: a Surface (view.js' SurfaceLike) for the page's thread. */
export class DomLayers {
  /**
   * @param {HTMLElement} container where the frame's elements go (positioned, the frame's origin at its top left)
   * @param {{startMs: number}} clock the session's time 0 on the document's timeline (ms)
   */
  constructor(container, { startMs }) {
    this.container = container;
    this.startMs = startMs;
    /** @type {Frame | null} */
    this.frame = null;
    this.drawCount = 0;
    this.origin = { x: 0, y: 0 };
    /** @type {((count: number) => void) | null} */
    this.onDrawn = null;
    /** @type {Map<number, HTMLElement>} each drawn item's element, by item id */
    this.elements = new Map();
    /** @type {Map<number, Item>} the item each element was last styled for */
    this.styled = new Map();
    /** @type {Map<HTMLElement, string>} each parent's children, in order, as last arranged */
    this.arranged = new Map();
    /** @type {Map<number, HTMLElement>} the page's elements' places in layers (`slot`) */
    this.slots = new Map();
    /** @type {Map<string, {key: string, animation: Animation}>} running animations by "id field" */
    this.animations = new Map();
    /** @type {ItemMotion[] | undefined} the motions the animations were made from */
    this.motions = undefined;
  }

  /** @param {number} cssWidth @param {number} cssHeight @param {number} dpr */
  resize(cssWidth, cssHeight, dpr) {}
  /** @param {Frame} frame */
  show(frame) { this.showNow(frame); }
  /** @param {Frame} frame */
  showNow(frame) {
    this.frame = frame;
    this.draw(frame);
  }
  invalidate() {}
  drawNow() { if (this.frame) this.draw(this.frame); }

  /**
   * A place for the page's own element in layer `id`'s element, above what the layer draws: the
   * element placed there moves with the layer, on the compositor too.
   * @param {number} id
   */
  slot(id) {
    let slot = this.slots.get(id);
    if (!slot) {
      slot = this.container.ownerDocument.createElement("div");
      slot.style.cssText = "position:absolute;left:0;top:0;width:0;height:0";
      this.slots.set(id, slot);
    }
    const layer = this.elements.get(id);
    if (layer && slot.parentNode !== layer) layer.append(slot);
    return slot;
  }

  /** @param {Frame} frame */
  draw(frame) {
    /** @type {Set<number>} */
    const seen = new Set();
    this.arrange(this.container, frame.items, frame, seen);
    for (const [id, element] of this.elements) {
      if (seen.has(id)) continue;
      element.remove();
      this.elements.delete(id);
      this.styled.delete(id);
      this.arranged.delete(element);
    }
    if (frame.itemMotions !== this.motions) this.animate(frame.itemMotions ?? []);
    this.drawCount++;
    this.onDrawn?.(this.drawCount);
  }

  /**
   * The elements of `items` in `parent`, in painter's order (before the parent's slot), styled.
   * @param {HTMLElement} parent @param {Item[]} items @param {Frame} frame @param {Set<number>} seen
   */
  arrange(parent, items, frame, seen) {
    /** @type {HTMLElement[]} */
    const children = [];
    /** @type {number[]} */
    const ids = [];
    for (const item of items) {
      if (item.kind !== RECT && item.kind !== LAYER) continue;
      seen.add(item.id);
      let element = this.elements.get(item.id);
      if (!element) {
        element = parent.ownerDocument.createElement("div");
        element.style.position = "absolute";
        element.style.left = "0";
        element.style.top = "0";
        element.dataset.item = String(item.id);  // for tools and tests: which item it draws
        this.elements.set(item.id, element);
      }
      if (this.styled.get(item.id) !== item) {
        this.styled.set(item.id, item);
        style(element, item, frame);
      }
      children.push(element);
      ids.push(item.id);
      if (item.kind === LAYER) {
        this.arrange(element, item.children ?? [], frame, seen);
        const slot = this.slots.get(item.id);
        if (slot && slot.parentNode !== element) element.append(slot);
      }
    }
    const order = ids.join(",");
    if (this.arranged.get(parent) === order) return;
    this.arranged.set(parent, order);
    const before = [...this.slots.values()].find((s) => s.parentNode === parent) ?? null;
    for (const child of children) parent.insertBefore(child, before);
  }

  /**
   * A Web Animation for each points motion of a field the compositor moves; the others (and those
   * gone from the frame) are cancelled, which leaves the element at the value the frame holds.
   * @param {ItemMotion[]} motions
   */
  animate(motions) {
    this.motions = motions;
    /** @type {Set<string>} */
    const live = new Set();
    for (const m of motions) {
      const element = this.elements.get(m.id), item = this.styled.get(m.id);
      if (!m.points || !COMPOSITED.has(m.field) || !element || !item) continue;
      const name = `${m.id} ${m.field}`, values = m.points.values;
      const key = `${m.start} ${m.points.interval} ${values.length} ${values[0]} ${values[values.length - 1]}`;
      live.add(name);
      if (this.animations.get(name)?.key === key) continue;
      this.animations.get(name)?.animation.cancel();
      const frames = values.map((v, k) => ({ ...fieldStyle(item, m.field, v), offset: values.length > 1 ? k / (values.length - 1) : 1 }));
      const animation = element.animate(frames, { duration: Math.max(1, (values.length - 1) * m.points.interval * 1000), fill: "forwards" });
      animation.startTime = this.startMs + m.start * 1000;
      this.animations.set(name, { key, animation });
    }
    for (const [name, entry] of this.animations) {
      if (live.has(name)) continue;
      entry.animation.cancel();
      this.animations.delete(name);
    }
  }
}

/**
 * The CSS of one moved field's value: a position is the transform, an opacity the opacity.
 * @param {Item} item @param {string} field @param {number} value
 * @returns {Record<string, string>}
 */
function fieldStyle(item, field, value) {
  if (field === "opacity") return { opacity: String(value / 255) };
  const x = field === "x" ? value : item.x, y = field === "y" ? value : item.y;
  return { transform: `translate(${pt(x)}px, ${pt(y)}px)` };
}

/**
 * An item's element styled as the canvas draws it: its box, corners, group opacity, clip and paint.
 * @param {HTMLElement} element @param {Item} item @param {Frame} frame
 */
function style(element, item, frame) {
  const s = element.style;
  s.transform = fieldStyle(item, "y", item.y).transform;
  s.width = `${pt(item.width)}px`;
  s.height = `${pt(item.height)}px`;
  s.opacity = item.opacity === 255 ? "" : String(item.opacity / 255);
  s.borderRadius = item.cornerRadius ? `${pt(item.cornerRadius)}px` : "";
  const c = item.clip;
  // A clip is in the parent's space, as the item's box is.
  s.clipPath = c ? `inset(${pt(c.y - item.y)}px ${pt(item.x + item.width - c.x - c.width)}px `
    + `${pt(item.y + item.height - c.y - c.height)}px ${pt(c.x - item.x)}px${c.cornerRadius ? ` round ${pt(c.cornerRadius)}px` : ""})` : "";
  s.background = item.kind === RECT && item.fill ? background(frame.paints[item.fill - 1], item) : "";
}

/**
 * A paint as a CSS background over the item's box: a solid colour, or a linear gradient whose axis
 * is the paint's own (in the item's layer's space), each stop where the canvas puts it.
 * @param {Paint | undefined} paint @param {Item} item
 */
function background(paint, item) {
  if (!paint) return "";
  if (paint.kind === "solid") return cssColor(paint.color);
  if (paint.kind !== "linear") return "";
  const dx = paint.x1 - paint.x0, dy = paint.y1 - paint.y0, length = Math.hypot(dx, dy);
  if (length === 0) return cssColor(paint.stops[paint.stops.length - 1]?.color ?? 0);
  const ux = dx / length, uy = dy / length;
  // CSS runs the gradient through the box's centre, along the angle, over this length.
  const span = Math.abs(item.width * ux) + Math.abs(item.height * uy);
  const cx = item.x + item.width / 2, cy = item.y + item.height / 2;
  const stops = paint.stops.map((stop) => {
    const o = stop.offset / STOP_UNIT;
    const along = (paint.x0 + o * dx - cx) * ux + (paint.y0 + o * dy - cy) * uy + span / 2;
    return `${cssColor(stop.color)} ${pt(along)}px`;
  });
  return `linear-gradient(${Math.atan2(ux, -uy)}rad, ${stops.join(", ")})`;
}
