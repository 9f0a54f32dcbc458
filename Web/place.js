// @ts-check
// place.js — laying a layer (a canvas' holder) over one of the page's elements: its padding box, kept
// in view when the element scrolls its own content. Used by page.js' overlays and scroller.js.

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
