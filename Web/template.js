// @ts-check
// template.js — the shape of content that is not there yet. A list waiting for its rows has no
// layout to read; its skeleton is read from copies of a row template instead (SkeletonView fills a
// table's visible area with skeleton cells). The copies hold the room the rows will take, but the
// page never shows them: they are transparent, inert and hidden from assistive technology, and the
// skeleton's canvas is drawn over them in the task that made them.

/** Copies of a template at most (a screenful of rows is the point; a runaway count is a mistake). */
export const MAX_TEMPLATE_COPIES = 50;

/**
 * @typedef {{template: Element | string, count?: number}} TemplateSource
 *   `template`: a `<template>`, another element, or a selector of either; `count`: copies (default:
 *   as many as fill the element's visible height, at least one)
 */

/** Copies standing in for content that has not arrived, inside the element, until `remove()`. */
export class TemplateCopies {
  /**
   * @param {HTMLElement} element
   * @param {TemplateSource} source
   */
  constructor(element, source) {
    const doc = element.ownerDocument;
    const template = typeof source.template === "string" ? doc.querySelector(source.template) : source.template;
    if (!template) throw new Error(`veil: no template ${JSON.stringify(source.template)} in the page`);
    if (source.count !== undefined && !(Number.isInteger(source.count) && source.count >= 1 && source.count <= MAX_TEMPLATE_COPIES)) {
      throw new RangeError(`veil: a template's count must be a whole number from 1 to ${MAX_TEMPLATE_COPIES} (got ${source.count})`);
    }
    this.element = element;
    /** @type {HTMLElement} what holds the copies */
    this.holder = doc.createElement("div");
    this.holder.className = "veil-template-copies";
    this.holder.setAttribute("aria-hidden", "true");
    this.holder.inert = true;
    // Transparent, not hidden: the skeleton reads the copies' layout, and hidden text has none.
    this.holder.style.opacity = "0";
    this.holder.style.pointerEvents = "none";
    element.append(this.holder);
    const copy = () => template instanceof /** @type {any} */ (doc.defaultView ?? globalThis).HTMLTemplateElement
      ? /** @type {HTMLTemplateElement} */ (template).content.cloneNode(true)
      : stripIds(/** @type {Element} */ (template.cloneNode(true)));
    if (source.count !== undefined) {
      for (let i = 0; i < source.count; i++) this.holder.append(copy());
    } else {
      // The room in view: an element that scrolls its own content shows its own height; any other
      // grows with its content, down to the bottom of the viewport.
      const view = doc.defaultView;
      const rect = element.getBoundingClientRect();
      const style = view?.getComputedStyle(element);
      const scrolls = !!style && /(auto|scroll)/.test(style.overflowY);
      const bottom = scrolls ? rect.bottom : (view?.innerHeight ?? rect.bottom);
      const visible = Math.max(1, bottom - Math.max(rect.top, 0));
      const start = this.holder.getBoundingClientRect().top;
      do this.holder.append(copy());
      while (this.holder.childElementCount < MAX_TEMPLATE_COPIES && this.holder.getBoundingClientRect().bottom - start < visible
        && this.holder.getBoundingClientRect().height > 0);
    }
  }

  /** Takes the copies out of the page. */
  remove() { this.holder.remove(); }
}

/**
 * A copy of an element keeps no `id` (the page's own element keeps its id unique).
 * @param {Element} element
 */
function stripIds(element) {
  element.removeAttribute("id");
  for (const e of element.querySelectorAll("[id]")) e.removeAttribute("id");
  return element;
}
