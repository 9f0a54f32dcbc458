// @ts-check
// a11y.js — a visually hidden DOM beside a mounted canvas, built from what the core describes
// (veil_describe: busy, statuses, buttons), so a screen reader hears what the canvas shows and a
// keyboard reaches its buttons.
//
//   aria-busy="true" on the canvas while a skeleton or an activity indicator shows;
//   one polite live region: "Loading…" when loading starts, a status's texts when one shows
//   (an error message), "Loaded" when loading ends — one announcement, not one per placeholder;
//   a real <button> per button of the scene, in DOM order after the canvas: Enter or Space
//   presses it as a tap would (the same host event), and Tab moves on into the page;
//   a sheet's grabber is one of them ("Expand sheet" / "Collapse sheet": a tap on it moves the
//   sheet to its next anchor), and the sheet's new position is announced;
//   while a modal sheet is up (its dim shows: `modal`) its buttons are a dialog (WAI-ARIA's
//   pattern: role="dialog", aria-modal, a label): focus moves in when it opens, Tab and Shift-Tab
//   cycle through them and never leave, and focus goes back where it was when it closes; what is
//   under the dim (Refresh, Load more) is not offered; Escape on any of them reaches the session
//   as it would from the canvas (a sheet collapses);
//   the content on screen: a list per list or scroll container (an item per row in view) and the
//   other labels as paragraphs, with a "Load more" button where a list loads more (it scrolls the
//   list to its end, which asks the host for more, as scrolling there would).

/** Hidden from sight, not from assistive technology (the usual "sr-only" rules). */
const HIDDEN = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;"
  + "overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;";

/**
 * @typedef {{node: string, title: string, action: string, x: number, y: number, width: number, height: number}} DescribedButton
 * @typedef {{node: string, grabber: string, anchor: number, anchors: number}} DescribedSheet
 * @typedef {{node: string, items: string[], end?: number}} DescribedContent
 * @typedef {{busy: boolean, modal?: boolean, statuses: {node: string, text: string}[], buttons: DescribedButton[],
 *   refreshable: string[], sheets: DescribedSheet[], content?: DescribedContent[]}} Description what veil_describe
 *   says (AccessibilityDescription.swift, which writes every list)
 * @typedef {object} SheetTexts what the grabber buttons say and what moving a sheet announces
 * @property {string} expand the grabber's label when a tap raises the sheet
 * @property {string} collapse the grabber's label at the top anchor (a tap lowers it to the lowest)
 * @property {string} expanded announced when a sheet reaches its top anchor
 * @property {string} collapsed announced at its lowest
 * @property {string} partlyOpen announced at an anchor between
 * @property {string} dialog the label of a modal sheet's buttons (a dialog) while its dim shows
 */

/** @type {SheetTexts} */
const SHEET_TEXTS = { expand: "Expand sheet", collapse: "Collapse sheet", expanded: "Sheet expanded",
  collapsed: "Sheet collapsed", partlyOpen: "Sheet partly open", dialog: "Sheet" };

export class AccessibleMirror {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{describe: () => Description, press: (button: DescribedButton) => void, refresh?: (node: string) => void,
   *   loadMore?: (node: string, end: number) => void, key?: (event: KeyboardEvent) => void, loadingText?: string,
   *   loadedText?: string, refreshText?: string, loadMoreText?: string, sheetTexts?: Partial<SheetTexts>}} options
   *   key: a key the session takes from any of these buttons (Escape), as from the focused canvas
   */
  constructor(canvas, { describe, press, refresh = () => {}, loadMore = () => {}, key = () => {}, loadingText = "Loading…",
    loadedText = "Loaded", refreshText = "Refresh", loadMoreText = "Load more", sheetTexts = {} }) {
    this.canvas = canvas;
    this.describe = describe;
    this.press = press;
    this.refresh = refresh;
    this.refreshText = refreshText;
    this.loadMore = loadMore;
    this.key = key;
    this.loadMoreText = loadMoreText;
    this.loadingText = loadingText;
    this.loadedText = loadedText;
    this.sheetTexts = { ...SHEET_TEXTS, ...sheetTexts };
    /** @type {Map<string, number>} each sheet's anchor at the last update */
    this.sheetAnchors = new Map();
    const doc = canvas.ownerDocument;
    this.root = doc.createElement("div");
    this.root.className = "veil-a11y";
    this.root.style.cssText = HIDDEN;
    this.live = doc.createElement("div");
    // The live region and the text are hidden on their own as well: the root is laid over the
    // canvas while a button has focus (showFocus), and only that button may show there.
    this.live.style.cssText = HIDDEN;
    this.live.setAttribute("role", "status");
    this.live.setAttribute("aria-live", "polite");
    this.live.setAttribute("aria-atomic", "true");
    this.buttonBox = doc.createElement("div");
    /** The text on screen, rebuilt when it changes. */
    this.contentBox = doc.createElement("div");
    this.contentBox.style.cssText = HIDDEN;
    this.contentKey = "";
    this.root.append(this.live, this.contentBox, this.buttonBox);
    /** A modal sheet is up: its buttons are a dialog, Tab stays among them (`trapTab`). */
    this.modal = false;
    /** @type {Element | null} what had focus when the dialog opened: it gets it back when it closes */
    this.returnFocus = null;
    this.buttonBox.addEventListener("keydown", (event) => { this.forwardKey(event); this.trapTab(event); });
    this.buttonBox.addEventListener("keyup", (event) => this.forwardKey(event));
    canvas.after(this.root);
    if (!canvas.hasAttribute("role")) canvas.setAttribute("role", "img");
    /** @type {Map<string, {element: HTMLButtonElement, button: DescribedButton}>} */
    this.buttons = new Map();
    this.wasBusy = false;
    this.lastStatus = "";
    /** What was announced last (tests read it). */
    this.announcement = "";
  }

  /** Reads the description and brings the hidden DOM in line with it. */
  update() {
    const d = this.describe();
    const busy = !!d.busy;
    this.canvas.setAttribute("aria-busy", String(busy));
    const status = d.statuses.map((s) => s.text).filter(Boolean).join(". ");
    if (status && status !== this.lastStatus) this.announce(status);
    else if (!status && busy && !this.wasBusy) this.announce(this.loadingText);
    else if (!busy && !status && (this.wasBusy || this.lastStatus)) this.announce(this.loadedText);
    this.wasBusy = busy;
    this.lastStatus = status;
    const opening = !!d.modal && !this.modal, closing = !d.modal && this.modal;
    this.modal = !!d.modal;
    const buttons = this.nameGrabbers(d.buttons, d.sheets ?? []);
    // A list that pulls to refresh gets a Refresh button (what a pull does, from the keyboard);
    // a list that loads more, a Load more button (what scrolling to its end does). Neither while
    // a modal sheet's dim covers the lists (the core leaves the buttons under it out likewise).
    const refreshes = this.modal ? [] : (d.refreshable ?? []).map((node) => ({ node: `${node}#refresh`, list: node,
      title: this.refreshText, action: "refresh", x: 0, y: 0, width: 0, height: 0 }));
    const loads = this.modal ? [] : (d.content ?? []).filter((c) => c.node && typeof c.end === "number").map((c) => ({
      node: `${c.node}#more`, more: c.node, end: c.end, title: this.loadMoreText, action: "loadMore", x: 0, y: 0, width: 0, height: 0 }));
    this.syncContent(d.content ?? []);
    if (opening) this.returnFocus = this.canvas.ownerDocument.activeElement;
    this.syncButtons([...buttons, ...refreshes, ...loads]);
    this.syncDialog(opening, closing);
    // The focus ring follows its button when it moves (a sheet that a press sent elsewhere).
    for (const entry of this.buttons.values()) {
      if (entry.element.ownerDocument.activeElement === entry.element) this.showFocus(entry);
    }
  }

  /**
   * Grabbers get a label saying what a tap does; one of a sheet with a single anchor (a tap does
   * nothing) is left out. A sheet that moved to another anchor is announced.
   * @param {DescribedButton[]} buttons
   * @param {DescribedSheet[]} sheets
   */
  nameGrabbers(buttons, sheets) {
    const t = this.sheetTexts;
    /** @type {Map<string, DescribedSheet>} */
    const byGrabber = new Map(sheets.map((s) => [s.grabber, s]));
    for (const sheet of sheets) {
      const before = this.sheetAnchors.get(sheet.node);
      if (before !== undefined && before !== sheet.anchor && sheet.anchors > 1) {
        this.announce(sheet.anchor === 0 ? t.expanded : sheet.anchor === sheet.anchors - 1 ? t.collapsed : t.partlyOpen);
      }
    }
    this.sheetAnchors = new Map(sheets.map((s) => [s.node, s.anchor]));
    const named = [];
    for (const button of buttons) {
      const sheet = byGrabber.get(button.node);
      if (!sheet) { named.push(button); continue; }
      if (sheet.anchors < 2) continue;
      named.push({ ...button, title: sheet.anchor === 0 ? t.collapse : t.expand });
    }
    return named;
  }

  /**
   * The content on screen as a list per container (items: its rows in view) and paragraphs for the
   * other labels; rebuilt only when it changed, so a screen reader's place is kept otherwise.
   * @param {DescribedContent[]} content
   */
  syncContent(content) {
    const key = JSON.stringify(content);
    if (key === this.contentKey) return;
    this.contentKey = key;
    const doc = this.canvas.ownerDocument;
    const parts = [];
    for (const group of content) {
      if (!group.node) {
        for (const text of group.items) { const p = doc.createElement("p"); p.textContent = text; parts.push(p); }
        continue;
      }
      const list = doc.createElement("ul");
      list.dataset.node = group.node;
      for (const text of group.items) { const li = doc.createElement("li"); li.textContent = text; list.append(li); }
      parts.push(list);
    }
    this.contentBox.replaceChildren(...parts);
  }

  /**
   * While a modal sheet is up, Tab past the last button comes back to the first (Shift-Tab the
   * other way), as focus stays in a dialog; otherwise Tab goes on into the page.
   * @param {KeyboardEvent} event
   */
  trapTab(event) {
    if (!this.modal || event.key !== "Tab") return;
    const all = [...this.buttonBox.querySelectorAll("button")];
    if (all.length === 0) return;
    const at = all.indexOf(/** @type {HTMLButtonElement} */ (event.target));
    const next = event.shiftKey ? (at <= 0 ? all.length - 1 : -1) : (at === all.length - 1 ? 0 : -1);
    if (next < 0) return;
    event.preventDefault();
    all[next].focus();
  }

  /**
   * The modal sheet's buttons as a dialog (WAI-ARIA): role, aria-modal and a label while its dim
   * shows; focus moved in when it opens (unless one of them has it), back where it was when it closes.
   * @param {boolean} opening @param {boolean} closing
   */
  syncDialog(opening, closing) {
    const box = this.buttonBox, doc = this.canvas.ownerDocument;
    if (this.modal) {
      box.setAttribute("role", "dialog");
      box.setAttribute("aria-modal", "true");
      box.setAttribute("aria-label", this.sheetTexts.dialog);
    } else {
      for (const name of ["role", "aria-modal", "aria-label"]) box.removeAttribute(name);
    }
    if (opening && !box.contains(doc.activeElement)) box.querySelector("button")?.focus({ preventScroll: true });
    if (closing) {
      const back = /** @type {HTMLElement | null} */ (this.returnFocus);
      this.returnFocus = null;
      const lost = !doc.activeElement || doc.activeElement === doc.body || this.root.contains(doc.activeElement);
      if (lost && back && back.isConnected && back !== doc.activeElement) back.focus?.({ preventScroll: true });
    }
  }

  /**
   * Escape on a hidden button is the session's, as on the focused canvas: a sheet collapses (or a
   * collapsed dismissible one closes).
   * @param {KeyboardEvent} event
   */
  forwardKey(event) {
    if (event.key !== "Escape" || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    this.key(event);
  }

  /** @param {string} text */
  announce(text) {
    this.announcement = text;
    this.live.textContent = text;
  }

  /** One <button> per described button, kept by node id so focus stays on it across updates. */
  syncButtons(/** @type {DescribedButton[]} */ list) {
    const seen = new Set();
    for (const button of list) {
      seen.add(button.node);
      let entry = this.buttons.get(button.node);
      if (!entry) {
        const element = this.canvas.ownerDocument.createElement("button");
        element.type = "button";
        element.dataset.node = button.node;
        const current = { element, button };
        element.addEventListener("click", () => {
          const b = /** @type {any} */ (current.button);
          if (b.list) this.refresh(b.list); else if (b.more) this.loadMore(b.more, b.end); else this.press(current.button);
        });
        element.addEventListener("focus", () => this.showFocus(current));
        element.addEventListener("blur", () => { this.root.style.cssText = HIDDEN; });
        this.buttonBox.append(element);
        this.buttons.set(button.node, (entry = current));
      }
      entry.button = button;
      if (entry.element.textContent !== button.title) entry.element.textContent = button.title || button.action;
      entry.element.dataset.action = button.action;
    }
    for (const [node, entry] of this.buttons) {
      if (seen.has(node)) continue;
      // A pressed Retry goes away with its status: focus returns to the canvas, not to the page's top.
      const focused = entry.element.ownerDocument.activeElement === entry.element;
      entry.element.remove();
      this.buttons.delete(node);
      if (focused) this.canvas.focus({ preventScroll: true });
    }
  }

  /**
   * While a hidden button has focus, the mirror is laid over the canvas at that button's box, so
   * the focus ring shows where the button is drawn.
   */
  showFocus(/** @type {{element: HTMLButtonElement, button: DescribedButton}} */ entry) {
    const c = this.canvas, b = entry.button;
    if (b.width <= 0) return; // not drawn as a button (Refresh): the browser's own focus ring on the hidden element
    const scale = c.clientWidth > 0 && c.offsetWidth > 0 ? c.clientWidth / c.offsetWidth : 1;
    this.root.style.cssText = `position:absolute;left:${c.offsetLeft + b.x * scale}px;top:${c.offsetTop + b.y * scale}px;`
      + `width:${b.width * scale}px;height:${b.height * scale}px;overflow:hidden;`;
    for (const other of this.buttons.values()) {
      other.element.style.cssText = other === entry
        ? "position:absolute;inset:0;width:100%;height:100%;opacity:1;background:transparent;color:transparent;border:0;"
        : HIDDEN;
    }
  }

  remove() {
    this.root.remove();
    this.canvas.removeAttribute("aria-busy");
  }
}
