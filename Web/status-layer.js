// @ts-check
// status-layer.js — StatusProvider's view over one of the page's own elements, drawn by the page as
// elements of its own (issue 30): its title and message are text of the page and its button a real
// <button>, so a status loads no veil.wasm, and what it says and its button are in the
// accessibility tree as they are. It is the core's view restated (Sources/VeilCore/Components/
// Status/StatusView.swift; the button's look in Render/NodeContent.swift; the colours in
// Render/Palette.swift): a column centred in the element, 16 pt from its edges, at most 672 wide,
// 10 pt between its parts — while loading an activity indicator beside the title, otherwise an
// image, the title, the message and the button — in the Inter the core measures with (fonts.js),
// 17 pt titles (semibold, regular while loading), 13 pt messages, lines 1.2 × the size, no kerning.
// Held to the core by Tests/Vectors/status-look.json: status-layer.test.mjs checks the colours and
// sizes, test_status_layer the boxes the page lays out against the core's.

import { drawItem } from "./draw-items.js";
import { ItemKind } from "./wire-format.js";
import { FONT_FAMILY, addFontFaces, faceWeight, loadFontFaces } from "./fonts.js";
import { cssColor } from "./css-paint.js";
import { indicatorElement } from "./spinner-layer.js";

/** The core's palette for a status (0xRRGGBBAA), per appearance. */
export const STATUS_PALETTE = {
  light: { text: 0x000000FF, secondaryText: 0x6C6C70FF, accent: 0x0070EBFF, onAccent: 0xFFFFFFFF,
    imagePlaceholder: 0xE5E5EAFF, imageGlyph: 0xC7C7CCFF },
  dark: { text: 0xFFFFFFFF, secondaryText: 0xAEAEB2FF, accent: 0x0973DEFF, onAccent: 0xFFFFFFFF,
    imagePlaceholder: 0x3A3A3CFF, imageGlyph: 0x545458FF },
};

/** The view's measures, in points (CSS pixels). */
export const STATUS_VIEW = {
  padding: 16, spacing: 10, readableWidth: 672, lineHeight: 1.2,
  title: { size: 17, weight: 600 }, loadingTitle: { size: 17, weight: 400 }, message: { size: 13, weight: 400 },
  image: { size: 64, cornerRadius: 12 },
  button: { height: 44, padding: 16, cornerRadius: 10, size: 17, weight: 600 },
  indicator: { diameter: 20, lineWidth: 2.5 },
};

/**
 * @typedef {{state: "loading" | "error" | "empty", title?: string, message?: string, image?: string,
 *   actionTitle?: string, action?: string}} StatusWish
 * @typedef {{kind: "indicator"} | {kind: "image"} | {kind: "text", role: "title" | "message", text: string,
 *   size: number, weight: number, color: "text" | "secondaryText"} | {kind: "button", title: string, action: string}} StatusPart
 */

/**
 * The parts of the view for `wish`, in order, with the reference's presets (Status.resolved):
 * loading says "Loading…"; an error is titled "Error" with a Retry button reporting "retry"; an
 * empty state's button reports "action" unless named.
 * @param {StatusWish} wish
 * @returns {{row: boolean, parts: StatusPart[]}} `row`: the parts side by side (loading)
 */
export function statusParts(wish) {
  const v = STATUS_VIEW;
  if (wish.state === "loading") {
    return { row: true, parts: [{ kind: "indicator" },
      { kind: "text", role: "title", text: wish.title ?? "Loading…", ...v.loadingTitle, color: "text" }] };
  }
  const error = wish.state === "error";
  const title = wish.title ?? (error ? "Error" : undefined);
  const actionTitle = wish.actionTitle ?? (error ? "Retry" : undefined);
  /** @type {StatusPart[]} */
  const parts = [];
  if (wish.image !== undefined) parts.push({ kind: "image" });
  if (title !== undefined) parts.push({ kind: "text", role: "title", text: title, ...v.title, color: "text" });
  if (wish.message !== undefined) parts.push({ kind: "text", role: "message", text: wish.message, ...v.message, color: "secondaryText" });
  if (actionTitle !== undefined) parts.push({ kind: "button", title: actionTitle, action: wish.action ?? (error ? "retry" : "action") });
  return { row: false, parts };
}

/**
 * The view over `layer` (an element laid over the page's element, its padding box), in a shadow
 * root so that the page's rules do not reach it, and its inherited text styles reset (`all:
 * initial`): what the page's CSS does to its own text would move the lines from the core's.
 */
export class StatusLayer {
  /**
   * @param {HTMLElement} layer
   * @param {HTMLElement} element the page's element, given focus when a focused button goes
   * @param {{env: any, appearance?: "system" | "light" | "dark", background?: string,
   *   onAction: (action: string) => void}} options
   */
  constructor(layer, element, options) {
    this.layer = layer;
    this.element = element;
    this.options = options;
    this.env = options.env;
    /** @type {StatusWish | null} */
    this.wish = null;
    const doc = layer.ownerDocument;
    layer.style.background = "transparent";
    // One polite live region for the overlay's life: what a status says is read out when it shows.
    layer.setAttribute("role", "status");
    this.root = layer.attachShadow({ mode: "open" });
    this.column = doc.createElement("div");
    this.column.style.cssText = "all:initial;position:absolute;inset:0;margin:0 auto;display:flex;flex-direction:column;"
      + `align-items:center;justify-content:center;gap:${STATUS_VIEW.spacing}px;padding:${STATUS_VIEW.padding}px;`
      + `box-sizing:border-box;max-width:${STATUS_VIEW.readableWidth}px;overflow:hidden;text-align:center;`
      + `font-family:${FONT_FAMILY};font-kerning:none;overflow-wrap:anywhere`;
    this.root.append(pressedLook(doc), this.column);
    this.faces = addFontFaces(this.env);
    const media = options.appearance === "system" || options.appearance === undefined
      ? this.env.matchMedia?.("(prefers-color-scheme: dark)") : null;
    this.media = media;
    /** @type {{element: Element, make: (palette: typeof STATUS_PALETTE.light) => Element}[]} what is drawn in the palette's colours */
    this.drawings = [];
    // A new scheme repaints what shows in place (no new text for a screen reader to read again).
    this.onScheme = () => {
      if (!this.wish) return;
      const palette = STATUS_PALETTE[this.appearance];
      this.paint(palette);
      for (const drawing of this.drawings) {
        const element = drawing.make(palette);
        drawing.element.replaceWith(element);
        drawing.element = element;
      }
    };
    media?.addEventListener?.("change", this.onScheme);
  }

  /** @returns {"light" | "dark"} */
  get appearance() {
    const chosen = this.options.appearance;
    if (chosen === "light" || chosen === "dark") return chosen;
    return this.media?.matches ? "dark" : "light";
  }

  /**
   * Shows `wish`, in place of what showed, once the faces its text is in have loaded; resolves with
   * a message per face that did not (its text is then drawn in another face).
   * @param {StatusWish} wish
   * @returns {Promise<string[]>}
   */
  async show(wish) {
    this.wish = wish;
    const { parts } = statusParts(wish);
    const weights = parts.flatMap((p) => p.kind === "text" ? [faceWeight(p.weight)] : p.kind === "button" ? [faceWeight(STATUS_VIEW.button.weight)] : []);
    const failed = await loadFontFaces(this.faces, weights);
    if (this.wish === wish) {
      this.layer.style.background = this.options.background ?? "transparent";
      this.layer.style.pointerEvents = "auto";  // what it covers is not tapped through it
      this.draw(wish);
    }
    return failed;
  }

  /** Takes the view away; the live region stays for the next show. */
  hide() {
    this.wish = null;
    this.keepFocus(() => this.column.replaceChildren());
    this.layer.style.background = "transparent";
    this.layer.style.pointerEvents = "none";
  }

  /**
   * Runs `change`; if the view's button had focus, the new button (or, with none, the page's
   * element) has it after, so the keyboard is not sent back to the top of the page.
   * @param {() => void} change
   */
  keepFocus(change) {
    const focused = !!this.root.activeElement;
    change();
    if (!focused) return;
    const button = this.column.querySelector("button");
    if (button) { button.focus({ preventScroll: true }); return; }
    if (!this.element.hasAttribute("tabindex")) {
      this.element.setAttribute("tabindex", "-1");
      this.element.addEventListener("blur", () => this.element.removeAttribute("tabindex"), { once: true });
    }
    this.element.focus({ preventScroll: true });
  }

  /**
   * The palette's colours as the view's custom properties, which its text and button use.
   * @param {typeof STATUS_PALETTE.light} palette
   */
  paint(palette) {
    for (const [name, color] of Object.entries(palette)) this.column.style.setProperty(`--${name}`, cssColor(color));
  }

  /** @param {StatusWish} wish */
  draw(wish) {
    const doc = this.layer.ownerDocument;
    const palette = STATUS_PALETTE[this.appearance];
    const { row, parts } = statusParts(wish);
    const line = (/** @type {number} */ size) => `${size * STATUS_VIEW.lineHeight}px`;
    const dpr = this.env.devicePixelRatio || 1;
    this.paint(palette);
    this.drawings = [];
    const drawn = (/** @type {(palette: typeof STATUS_PALETTE.light) => Element} */ make) => {
      const element = make(palette);
      this.drawings.push({ element, make });
      return element;
    };
    const made = parts.map((part) => {
      if (part.kind === "indicator") {
        const { diameter, lineWidth } = STATUS_VIEW.indicator;
        return drawn((p) => indicatorElement(doc, { diameter, lineWidth, color: p.secondaryText }, dpr, [0, 0]));
      }
      if (part.kind === "image") return drawn((p) => imageElement(doc, p, dpr));
      if (part.kind === "text") {
        const text = doc.createElement("div");
        text.textContent = part.text;
        // An empty text takes a line, as the core lays it out.
        text.style.cssText = `font-size:${part.size}px;font-weight:${part.weight};line-height:${line(part.size)};`
          + `min-height:${line(part.size)};color:var(--${part.color});max-width:100%;min-width:0;white-space:pre-wrap`;
        return text;
      }
      const { height, padding, cornerRadius, size, weight } = STATUS_VIEW.button;
      const button = doc.createElement("button");
      button.type = "button";
      button.textContent = part.title;
      button.className = "button";
      button.style.cssText = `all:initial;box-sizing:border-box;height:${height}px;padding:0 ${padding}px;border-radius:${cornerRadius}px;`
        + `background:var(--accent);color:var(--onAccent);font:${weight} ${size}px/${line(size)} ${FONT_FAMILY};`
        + `font-kerning:none;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:100%;cursor:pointer;`
        + "outline-color:var(--accent);flex:none;text-align:center";
      button.addEventListener("click", () => this.options.onAction(part.action));
      return button;
    });
    this.keepFocus(() => {
      if (!row) { this.column.replaceChildren(...made); return; }
      const pair = doc.createElement("div");
      pair.style.cssText = `display:flex;align-items:center;gap:${STATUS_VIEW.spacing}px;max-width:100%;min-width:0`;
      pair.append(...made);
      this.column.replaceChildren(pair);
    });
  }

  remove() {
    this.media?.removeEventListener?.("change", this.onScheme);
    this.keepFocus(() => this.column.replaceChildren());
    for (const a of this.root.getAnimations?.() ?? []) a.cancel();
    this.layer.remove();
  }
}

/**
 * The button's pressed look (the core draws it at 0.55 of its opacity) and its focus ring (2 pt,
 * 2 pt outside it, in the accent colour: where the core strokes its ring).
 * @param {Document} doc
 */
function pressedLook(doc) {
  const style = doc.createElement("style");
  style.textContent = ".button:active{opacity:.55}.button:focus-visible{outline-style:solid;outline-width:2px;outline-offset:2px}";
  return style;
}

/**
 * The image placeholder (a status' `image`): its box and glyph as the core draws them.
 * @param {Document} doc @param {typeof STATUS_PALETTE.light} palette @param {number} dpr
 */
function imageElement(doc, palette, dpr) {
  const { size, cornerRadius } = STATUS_VIEW.image;
  const canvas = doc.createElement("canvas");
  canvas.width = canvas.height = Math.ceil(size * dpr);
  canvas.style.cssText = `width:${size}px;height:${size}px;flex:none`;
  canvas.setAttribute("aria-hidden", "true");
  const ctx = /** @type {any} */ (canvas.getContext("2d"));
  if (ctx) {
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const item = { kind: ItemKind.image, x: 0, y: 0, width: size * 8, height: size * 8, cornerRadius: cornerRadius * 8,
      lineWidth: 0, fill: 1, stroke: 2, opacity: 255, rotation: 0, clip: null };
    drawItem(ctx, /** @type {any} */ (item), [cssColor(palette.imagePlaceholder), cssColor(palette.imageGlyph)], false, /** @type {any} */ ({}));
  }
  return canvas;
}
