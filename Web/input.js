// @ts-check
// input.js — DOM events → the session's INPUT objects (docs/SCENE.md): pointer, wheel and keys,
// each stamped with its event's time, at canvas points quantized to the wire's 1/8 pt; and moving
// focus on in the page when the scene lets it go.

/**
 * The input objects made here (docs/SCENE.md, "Input"): `t` is the event's time in seconds.
 * @typedef {"down" | "move" | "up" | "cancel"} PointerPhase
 * @typedef {{phase: PointerPhase, x: number, y: number, id: number, kind?: "touch" | "pen"}} PointerFields
 * @typedef {{input: {pointer: PointerFields}, t?: number}} PointerInput
 * @typedef {{x: number, y: number, dx: number, dy: number, mode?: number}} WheelFields
 * @typedef {{input: {wheel: WheelFields}, t?: number}} WheelInput
 * @typedef {{input: {key: {phase: "down" | "up", key: string, shift: boolean}}, t?: number}} KeyInput
 * @typedef {{left: number, top: number, width: number, height: number}} ClientRect the canvas' box (a DOMRect)
 */

/** Points are sent in 1/8 pt. */
const UNIT = 8;

/**
 * A client position → canvas point (1 pt = 1 CSS px), correcting for CSS scaling of the
 * canvas box and quantized to the wire's 1/8 pt.
 * @param {number} clientX @param {number} clientY @param {ClientRect} rect
 * @param {number} logicalWidth @param {number} logicalHeight the canvas' size in points
 * @returns {{x: number, y: number}}
 */
export function pointFromClient(clientX, clientY, rect, logicalWidth, logicalHeight) {
  const sx = rect.width > 0 ? logicalWidth / rect.width : 1;
  const sy = rect.height > 0 ? logicalHeight / rect.height : 1;
  const q = (/** @type {number} */ v) => Math.round(v * UNIT) / UNIT;
  return { x: q((clientX - rect.left) * sx), y: q((clientY - rect.top) * sy) };
}

/** @type {{[type: string]: PointerPhase | undefined}} the DOM pointer events the scene takes */
export const POINTER_PHASES = { pointerdown: "down", pointermove: "move", pointerup: "up", pointercancel: "cancel" };

/**
 * The event's time stamp in seconds (`event.timeStamp` is milliseconds on the page's performance
 * clock) as the input's "t", so the session applies it when it happened; nothing without one.
 * @template {{input: object, t?: number}} M
 * @param {M} message
 * @param {{timeStamp?: number}} event
 * @returns {M}
 */
function stamped(message, event) {
  if (typeof event.timeStamp === "number" && Number.isFinite(event.timeStamp)) message.t = event.timeStamp / 1000;
  return message;
}

/**
 * DOM pointer event → `{"input":{"pointer":…}, "t"}` (null for events not meant for the scene).
 * @param {PointerEvent} event @param {ClientRect} rect @param {number} logicalWidth @param {number} logicalHeight
 * @returns {PointerInput | null}
 */
export function pointerInput(event, rect, logicalWidth, logicalHeight) {
  const phase = POINTER_PHASES[event.type];
  if (!phase) return null;
  const { x, y } = pointFromClient(event.clientX, event.clientY, rect, logicalWidth, logicalHeight);
  /** @type {PointerFields} */
  const pointer = { phase, x, y, id: event.pointerId ?? 0 };
  // A finger may wander 10 pt and still tap, a mouse or pen 2 pt (the session's gesture slop).
  if (event.pointerType === "touch" || event.pointerType === "pen") pointer.kind = event.pointerType;
  return stamped({ input: { pointer } }, event);
}

/**
 * DOM wheel event → `{"input":{"wheel":{x, y, dx, dy, mode}}, "t"}`: where the pointer is and the
 * deltas as the browser gives them (the session turns lines and pages into points). A pinch
 * (ctrlKey) is left to the browser: null.
 * @param {WheelEvent} event @param {ClientRect} rect @param {number} logicalWidth @param {number} logicalHeight
 * @returns {WheelInput | null}
 */
export function wheelInput(event, rect, logicalWidth, logicalHeight) {
  if (event.ctrlKey) return null;
  const { x, y } = pointFromClient(event.clientX, event.clientY, rect, logicalWidth, logicalHeight);
  /** @type {WheelFields} */
  const wheel = { x, y, dx: event.deltaX || 0, dy: event.deltaY || 0 };
  if (event.deltaMode) wheel.mode = event.deltaMode;
  return stamped({ input: { wheel } }, event);
}

/**
 * DOM key event → `{"input":{"key":…}, "t"}`.
 * @param {KeyboardEvent} event
 * @returns {KeyInput | null}
 */
export function keyInput(event) {
  const phase = event.type === "keydown" ? "down" : event.type === "keyup" ? "up" : null;
  if (!phase) return null;
  /** @type {KeyInput} */
  const message = { input: { key: { phase, key: event.key, shift: !!event.shiftKey } } };
  return stamped(message, event);
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), '
  + 'textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Moves keyboard focus to the page's focusable element after (`"next"`) or before (`"previous"`)
 * `element` in document order — what Tab would have done had the canvas not kept it. With none
 * there, the element just gives up focus (the next Tab starts from the page). Returns the element
 * focused, or null.
 * @param {Element & HTMLOrSVGElement} element
 * @param {"next" | "previous"} direction
 * @returns {(Element & HTMLOrSVGElement) | null}
 */
export function focusBeside(element, direction) {
  const doc = element.ownerDocument;
  if (!doc) return null;
  // What FOCUSABLE matches is HTML, or SVG with a tabindex: focusable.
  const focusable = /** @type {(Element & HTMLOrSVGElement)[]} */ ([...doc.querySelectorAll(FOCUSABLE)]);
  const all = focusable.filter((e) => e !== element && !e.closest("[inert]")
    && e.getClientRects().length > 0);
  const after = (/** @type {Element} */ e) => element.compareDocumentPosition(e) & 4; // Node.DOCUMENT_POSITION_FOLLOWING
  const target = direction === "previous" ? all.filter((e) => !after(e)).pop() : all.find(after);
  if (target) target.focus();
  else element.blur();
  return target ?? null;
}
