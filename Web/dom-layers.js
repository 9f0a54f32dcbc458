// @ts-check
// dom-layers.js — a frame drawn as elements of the page, so that the compositor moves them
// (issue 31): a layer is a div placed by the CSS `translate` property, holding its children; a
// rectangle is a div with its paint, corners and opacity; any other item (an arc, an activity
// indicator, text) is a div holding a small canvas its kind is drawn on once, by draw-items.js, and
// redrawn only when what it draws changes. A rotation is the `rotate` property, about the item's
// centre, as the canvas renderer turns it. A motion the core declared on a position, a rotation or
// an opacity runs as a Web Animation of that property — points through those very points, a loop
// the same repeating, steps (an activity indicator's turn) as `steps()` easing, repeating — started at the motion's start on
// the session's clock: once started it costs the page no script per frame and keeps moving while
// the main thread is busy. What the own-element sheet (sheet.js) and the page's own list's refresh
// animator and load-more footer (scroller.js) draw with, in place of the canvas renderer; host
// items are the page's own elements (`slot`).

import { PaintStyles } from "./paint-style.js";
import { cssColor, linearGradientCss, radialGradientCss } from "./css-paint.js";
import { pt, ItemKind } from "./wire-format.js";
import { drawItem } from "./draw-items.js";
import { FontRequests } from "./fonts.js";
import { unshownSteps } from "./motions.js";

const RECT = ItemKind.rect;
const LAYER = ItemKind.layer;
/** Kinds drawn on a canvas of their own. */
const DRAWN = new Set([ItemKind.text, ItemKind.image, ItemKind.arc, ItemKind.activityIndicator]);
/** Room around a drawn item's box (CSS px) for what its kind draws past it: round caps, glyphs' overhang. */
const MARGIN = 4;
/** The most device pixels a side of a drawn item's canvas has (browsers refuse far larger ones). */
const MAX_CANVAS = 4096;
/** A gradient stop's offset, 0…1, on the wire. */
const STOP_UNIT = 65535;
/** A turn on the wire. */
const TURN = 65536;
/** Item fields a Web Animation can move on the compositor. */
const COMPOSITED = new Set(["x", "y", "rotation", "opacity"]);

/**
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {import("./wire-format.js").Item} Item
 * @typedef {import("./wire-format.js").Paint} Paint
 * @typedef {import("./motions.js").ItemMotion} ItemMotion
 * @typedef {import("./motions.js").PointsPath} PointsPath
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
    /** @type {Map<number, string>} what each drawn item's canvas holds (`drawnKey`) */
    this.drawnKeys = new Map();
    /** the ids of the stepping items not shown, as the animations were made */
    this.unshown = "";
    this.dpr = 1;
    this.paintStyles = new PaintStyles();
    this.fonts = new FontRequests(() => this.redrawAll());
  }

  /** @param {number} cssWidth @param {number} cssHeight @param {number} dpr */
  resize(cssWidth, cssHeight, dpr) {
    if (dpr === this.dpr) return;
    this.dpr = dpr;
    this.redrawAll();
  }

  /**
   * Whether item motion `m` (one of the frame's `motions`) runs here on its own, needing no frame
   * from the page: an endless turn (steps of a rotation) or loop of an item the compositor moves
   * whole (`compositedItems`), animated from its declared values (the page's loop leaves them
   * unplayed).
   * @param {ItemMotion} m @param {ItemMotion[]} motions
   */
  plays(m, motions) { return (!!m.steps || !!m.loop) && compositedItems(motions).has(m.id); }

  /** Draws every drawn item's canvas again (a face loaded, the pixel ratio changed). */
  redrawAll() {
    this.drawnKeys.clear();
    this.styled.clear();
    if (this.frame) this.draw(this.frame);
  }
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
    for (const [id, element] of this.elements) if (!seen.has(id)) this.forget(id, element);
    // A turn runs only while its item shows (the core declares it for as long as it is drawn).
    const unshown = unshownSteps(frame), unshownKey = [...unshown].join(",");
    if (frame.itemMotions !== this.motions || unshownKey !== this.unshown) {
      this.unshown = unshownKey;
      this.animate(frame.itemMotions ?? [], unshown);
    }
    this.drawCount++;
    this.onDrawn?.(this.drawCount);
  }

  /**
   * Removes item `id`'s element and what was kept of it.
   * @param {number} id @param {HTMLElement} element
   */
  forget(id, element) {
    element.remove();
    this.elements.delete(id);
    this.styled.delete(id);
    this.drawnKeys.delete(id);
    this.arranged.delete(element);
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
      if (item.kind !== RECT && item.kind !== LAYER && !DRAWN.has(item.kind)) continue;
      seen.add(item.id);
      let element = this.elements.get(item.id);
      if (element && element.dataset.kind !== String(item.kind)) {
        // Another kind under the same id (a scene changed): another element.
        this.forget(item.id, element);
        element = undefined;
      }
      if (!element) {
        element = parent.ownerDocument.createElement("div");
        element.style.position = "absolute";
        element.style.left = "0";
        element.style.top = "0";
        element.dataset.item = String(item.id);  // for tools and tests: which item it draws
        element.dataset.kind = String(item.kind);
        if (DRAWN.has(item.kind)) {
          const canvas = parent.ownerDocument.createElement("canvas");
          canvas.style.position = "absolute";
          canvas.style.left = canvas.style.top = `${-MARGIN}px`;
          element.append(canvas);
        }
        this.elements.set(item.id, element);
      }
      if (this.styled.get(item.id) !== item) {
        this.styled.set(item.id, item);
        style(element, item, frame);
        if (DRAWN.has(item.kind)) this.drawOwn(/** @type {HTMLCanvasElement} */ (element.firstChild), item, frame);
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
   * A drawn item on its canvas, as the canvas renderer draws it but for what the element carries
   * (place, rotation, opacity, clip); only when that changed.
   * @param {HTMLCanvasElement} canvas @param {Item} item @param {Frame} frame
   */
  drawOwn(canvas, item, frame) {
    const key = drawnKey(item, frame);
    if (this.drawnKeys.get(item.id) === key) return;
    this.drawnKeys.set(item.id, key);
    const w = pt(item.width) + 2 * MARGIN, h = pt(item.height) + 2 * MARGIN;
    // Its backing store within MAX_CANVAS pixels a side, however large the item (drawn coarser).
    const dpr = Math.max(0, Math.min(this.dpr, MAX_CANVAS / Math.max(1, w), MAX_CANVAS / Math.max(1, h)));
    canvas.width = Math.ceil(w * dpr);
    canvas.height = Math.ceil(h * dpr);
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
    const ctx = /** @type {any} */ (canvas.getContext("2d"));
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, (MARGIN - pt(item.x)) * dpr, (MARGIN - pt(item.y)) * dpr);
    const styles = this.paintStyles.stylesFor(ctx, frame.paints);
    drawItem(ctx, { ...item, rotation: 0, opacity: 255, clip: null }, styles, false, this.fonts);
  }

  /**
   * Web Animations for the motions of each item the compositor moves whole (`compositedItems`):
   * its position (x and y together: one `translate`), rotation and opacity, each through the
   * core's points (a loop's repeating), or a turn's steps as `steps()` easing, repeating. The
   * others (and those gone from the frame) are cancelled, which leaves the element at the value the
   * frame holds; the page's frame loop plays those.
   * @param {ItemMotion[]} motions @param {Set<number>} unshown items whose turn is not shown (`unshownSteps`)
   */
  animate(motions, unshown) {
    this.motions = motions;
    /** @type {Set<string>} */
    const live = new Set();
    const whole = compositedItems(motions);
    /** @type {Map<number, ItemMotion[]>} */
    const byItem = new Map();
    for (const m of motions) {
      if (!whole.has(m.id) || unshown.has(m.id)) continue;
      const list = byItem.get(m.id);
      if (list) list.push(m); else byItem.set(m.id, [m]);
    }
    for (const [id, ms] of byItem) {
      const element = this.elements.get(id), item = this.styled.get(id);
      if (!element || !item) continue;
      for (const { property, start, frames, timing } of animations(item, ms)) {
        const name = `${id} ${property}`, key = JSON.stringify([start, frames, timing]);
        live.add(name);
        if (this.animations.get(name)?.key === key) continue;
        this.animations.get(name)?.animation.cancel();
        const animation = element.animate(frames, timing);
        animation.startTime = this.startMs + start * 1000;
        this.animations.set(name, { key, animation });
      }
    }
    for (const [name, entry] of this.animations) {
      if (live.has(name)) continue;
      entry.animation.cancel();
      this.animations.delete(name);
    }
  }
}

/** Per motions list, the items `compositedItems` found. */
const compositedOf = new WeakMap();

/**
 * The items whose every motion the compositor can run: points or loops of a position, a rotation
 * or an opacity, a turn in steps — x and y on the same path's timing (one `translate`). An item
 * with another (a width, an arc's start, a fade) is the page's frame loop's to play whole, so
 * what it draws never comes apart while the page is busy.
 * @param {ItemMotion[]} motions @returns {Set<number>}
 */
export function compositedItems(motions) {
  const cached = compositedOf.get(motions);
  if (cached) return cached;
  /** @type {Map<number, boolean>} */
  const ok = new Map();
  /** @type {Map<number, ItemMotion>} */
  const positions = new Map();
  for (const m of motions) {
    const path = m.points ?? m.loop;
    let fits = (!!m.steps && m.field === "rotation") || (!!path && COMPOSITED.has(m.field));
    if (fits && (m.field === "x" || m.field === "y")) {
      const other = positions.get(m.id);
      const otherPath = other && (other.points ?? other.loop);
      if (other && otherPath && path) {
        fits = !!other.loop === !!m.loop && other.start === m.start && otherPath.interval === path.interval
          && otherPath.values.length === path.values.length;
      }
      positions.set(m.id, m);
    }
    ok.set(m.id, (ok.get(m.id) ?? true) && fits);
  }
  const ids = new Set([...ok].filter(([, fits]) => fits).map(([id]) => id));
  compositedOf.set(motions, ids);
  return ids;
}

/**
 * The Web Animations of item `item`'s motions `ms` (all of them composited): a property each.
 * @param {Item} item @param {ItemMotion[]} ms
 * @returns {{property: string, start: number, frames: Keyframe[], timing: KeyframeAnimationOptions}[]}
 */
function animations(item, ms) {
  const out = [];
  const x = ms.find((m) => m.field === "x"), y = ms.find((m) => m.field === "y");
  const position = x ?? y;
  if (position) {
    const path = /** @type {PointsPath} */ (position.points ?? position.loop);
    const xs = (x?.points ?? x?.loop)?.values, ys = (y?.points ?? y?.loop)?.values;
    const frames = path.values.map((_, k) => ({ translate: `${pt(xs?.[k] ?? item.x)}px ${pt(ys?.[k] ?? item.y)}px`,
      offset: k / (path.values.length - 1) }));
    out.push({ property: "translate", start: position.start, frames, timing: pathTiming(position, path) });
  }
  for (const m of ms) {
    if (m.field !== "rotation" && m.field !== "opacity") continue;
    const path = m.points ?? m.loop;
    if (path) {
      const frames = path.values.map((v, k) => ({ ...fieldStyle(item, m.field, v), offset: k / (path.values.length - 1) }));
      out.push({ property: m.field, start: m.start, frames, timing: pathTiming(m, path) });
    } else if (m.steps) {
      // value = base + (⌊(t − start) × rate⌋ mod count) × increment: `steps(count, end)` over
      // count / rate seconds, from the base to a whole round further, repeating.
      const { count, rate, increment } = m.steps, base = item.rotation ?? 0;
      out.push({ property: "rotation", start: m.start, frames: [fieldStyle(item, "rotation", base), fieldStyle(item, "rotation", base + count * increment)],
        timing: { duration: (count / rate) * 1000, iterations: Infinity, easing: `steps(${count}, end)` } });
    }
  }
  return out;
}

/**
 * A points path's timing; a loop starts again from its first point at each period's end.
 * @param {ItemMotion} m @param {PointsPath} path @returns {KeyframeAnimationOptions}
 */
function pathTiming(m, path) {
  const duration = Math.max(1, (path.values.length - 1) * path.interval * 1000);
  return m.loop ? { duration, iterations: Infinity } : { duration, fill: "forwards" };
}

/**
 * The CSS of one moved field's value: a position is the `translate` property, a rotation (about
 * the element's centre, CSS's default origin) `rotate`, an opacity the opacity.
 * @param {Item} item @param {string} field @param {number} value
 * @returns {Record<string, string>}
 */
function fieldStyle(item, field, value) {
  if (field === "opacity") return { opacity: String(value / 255) };
  if (field === "rotation") return { rotate: `${value / TURN}turn` };
  const x = field === "x" ? value : item.x, y = field === "y" ? value : item.y;
  return { translate: `${pt(x)}px ${pt(y)}px` };
}

/**
 * What a drawn item's canvas holds: the item but for what its element carries, and its paints.
 * @param {Item} item @param {Frame} frame
 */
function drawnKey(item, frame) {
  const { id, x, y, rotation, opacity, clip, ...drawn } = item;
  return JSON.stringify([drawn, frame.paints[item.fill - 1] ?? null, frame.paints[item.stroke - 1] ?? null]);
}

/**
 * An item's element styled as the canvas draws it: its box, corners, group opacity, clip and paint.
 * @param {HTMLElement} element @param {Item} item @param {Frame} frame
 */
function style(element, item, frame) {
  const s = element.style;
  s.translate = fieldStyle(item, "y", item.y).translate;
  s.rotate = item.rotation ? fieldStyle(item, "rotation", item.rotation).rotate : "";
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
 * A paint as a CSS background over the item's box: a solid colour, or a linear or radial gradient
 * in the paint's own place (the item's layer's space), each stop where the canvas puts it.
 * @param {Paint | undefined} paint @param {Item} item
 */
function background(paint, item) {
  if (!paint) return "";
  if (paint.kind === "solid") return cssColor(paint.color);
  const box = { x: pt(item.x), y: pt(item.y), width: pt(item.width), height: pt(item.height) };
  const stops = (paint.stops ?? []).map((stop) => ({ at: stop.offset / STOP_UNIT, color: stop.color }));
  if (paint.kind === "radial") return radialGradientCss(box, pt(paint.cx), pt(paint.cy), pt(paint.radius), stops);
  if (paint.kind !== "linear") return "";
  return linearGradientCss(box, [pt(paint.x0), pt(paint.y0)], [pt(paint.x1), pt(paint.y1)], stops);
}
