// Types of Web/veil.js (and the modules it re-exports: page.js, mount.js, render.js, view.js, input.js, wasm.js, socket.js…; page.d.ts
// gives page.js, the light entry, its part of them). docs/EMBED.md is the manual;
// Tests/web/types checks these declarations against a use of every export with tsc.

/** A frame as wire.js's Mirror holds it: raw wire integers (1/8 pt, 0xRRGGBBAA, turns/65536). */
export interface Frame {
  width: number;
  height: number;
  background: number;
  paints: Paint[];
  items: Item[];
  /** Paints that move with time alone (a shimmer): draw `playMotions(frame, t)`, not the frame itself. */
  motions?: Motion[];
  /** Item fields that move with time alone (a spinner's turn, a fade), played by `playMotions` too. */
  itemMotions?: ItemMotion[];
  motionBytes?: Uint8Array;
}
/** A paint slot moving with time alone, declared once by the core (docs/PROTOCOL.md, "Motions"). */
export interface Motion {
  slot: number;
  path: { kind: "mix"; from: number; to: number }
    | { kind: "slide"; colors: number[]; bounds: { x: number; y: number; width: number; height: number };
        startFrom: { x: number; y: number }; startTo: { x: number; y: number }; endFrom: { x: number; y: number }; endTo: { x: number; y: number } };
  start: number;
  duration: number;
  curve: [number, number, number, number];
  autoreverse: boolean;
  pausedAt: number | null;
}
/** An item's field moving with time alone, declared once by the core (docs/PROTOCOL.md, "Motions"):
 * steps (value = base + (⌊(t − start) × rate⌋ mod count) × increment) or a fade of a layer's opacity. */
export interface ItemMotion {
  id: number;
  field: string;
  start: number;
  steps?: { count: number; rate: number; increment: number };
  fade?: { duration: number; curve: [number, number, number, number]; from: number; to: number; scale: number };
  /** Values `interval` s apart, joined by straight lines, held at the last (a spring, a coast). */
  points?: { interval: number; values: number[] };
  /** The same, repeating for ever (a refresh animator while refreshing). */
  loop?: { interval: number; values: number[] };
}
/** The frame as drawn at session time `t` (seconds): each motion's paint in its slot, each item
 * motion's field in its item; the same frame without motions. Item motions `playsItself` says a
 * host runs on its own (as a compositor animation of the declared value) are left as declared. */
export function playMotions(frame: Frame, t: number, playsItself?: (motion: ItemMotion) => boolean): Frame;
export interface Stop { offset: number; color: number }
export interface SolidPaint { kind: "solid"; color: number }
export interface LinearPaint { kind: "linear"; x0: number; y0: number; x1: number; y1: number; stops: Stop[] }
export interface RadialPaint { kind: "radial"; cx: number; cy: number; radius: number; stops: Stop[] }
export type Paint = SolidPaint | LinearPaint | RadialPaint;
export interface Clip { x: number; y: number; width: number; height: number; cornerRadius: number }
/** An item, or a layer (kind 5) with `children`; `fill` and `stroke` are paint slots + 1 (0: none). */
export interface Item {
  id: number; kind: number; x: number; y: number; width: number; height: number; cornerRadius: number;
  fill: number; stroke: number; lineWidth: number; opacity: number; rotation: number; clip: Clip | null;
  text: string; fontSize: number; fontWeight: number; baseline: number; arcStart: number; arcSweep: number;
  /** Layers: 1 when the core will move or fade it (a scroll's content, a sheet, a dim): a hint to cache it. */
  willChange: number;
  children?: Item[];
}

/** Rows `start` up to, not including, `end`. */
export interface RowRange { start: number; end: number }
/** A host event of the session: a button's action ("retry"), "refresh", "loadMore", "focusExit"…;
 * a list that fetches its rows sends "rows" with the `range` it asks for. */
export interface HostEvent { name: string; node: string; range?: RowRange }
/** The `rows` option: the rows `start` up to `end` of list `node`, each as in the scene's "rows"
 * (at most `end - start` are taken; a longer answer is cut, with an "error" event). */
export type RowSource = (request: { node: string; start: number; end: number }) => object[] | Promise<object[]>;

/** A message applied (the frame after it), or not (why); its host events either way. */
export type MirrorResult =
  | { ok: true; frame: Frame; events: HostEvent[]; reason?: undefined }
  | { ok: false; reason: string; events: HostEvent[]; frame?: undefined };
export class Mirror {
  constructor();
  /** Applies one veil.v2 message; `ok` false (with a reason) when it does not apply to the frame held. */
  apply(bytes: Uint8Array): MirrorResult;
  readonly frame: Frame | null;
  /** The sequence number of the message that gave `frame`. */
  readonly seq: number;
  /** A message did not apply: the host should ask for a keyframe (`{"keyframe": true}`). */
  readonly needsKeyframe: boolean;
}
export function decodeMessage(bytes: Uint8Array): unknown;

// ---------------------------------------------------------------------------------------------
// mount

export type SceneSource = object | string | URL;
export type WasmSource = string | URL | ArrayBuffer | Uint8Array | WebAssembly.Module;
export type Transition = "none" | "crossDissolve" | { crossDissolve: number };
export type SkeletonStyleName = "solid" | "gradient" | "pulse" | "sliding";
export type Direction = "leftRight" | "rightLeft" | "topBottom" | "bottomTop" | "topLeftBottomRight" | "bottomRightTopLeft";

export interface MountOptions {
  /** The scene (docs/SCENE.md): an object, its JSON text, or a URL (a file path in node). */
  scene: SceneSource;
  /** veil.wasm: a URL, a file path (node), its bytes or the compiled module; default: veil.wasm beside veil.js. */
  wasm?: WasmSource;
  /** The node commands act on when they name none; default: the scene root's id. */
  node?: string;
  /** "scene" (default): the canvas takes the scene's size; "fill": it fills its parent. */
  size?: "scene" | "fill";
  /** Default "system": follows prefers-color-scheme. */
  appearance?: "system" | "light" | "dark" | "scene";
  /** Default "system": follows prefers-reduced-motion ("reduce": still skeletons, instant transitions). */
  motion?: "system" | "reduce" | "no-preference";
  /** Default true: a visually hidden DOM beside the canvas (aria-busy, a polite live region, buttons);
   * an object: the same with these texts in place of the English defaults. */
  accessible?: boolean | AccessibleTexts;
  /** Where the session and its drawing run: "auto" (default) a module Worker on the canvas'
   * OffscreenCanvas where the browser has both, else the page's thread; "worker" rejects where it
   * has not; "main" the page's thread. `Controller.thread` says which was taken. */
  thread?: "auto" | "worker" | "main";
  /** The scene's first frame already in the page (an `<img>` or inline `<svg>` that `veil render
   * --format svg` drew): the page's first contentful paint; removed once the canvas shows its own. */
  firstFrame?: Element | null;
  /** The window (tests pass a fake). */
  env?: unknown;
  /** Answers the lists that fetch their rows ("fetch"): called once for each range one asks for;
   * the rows it returns (or resolves to) fill that range. */
  rows?: RowSource;
}

export interface NodeOption { node?: string }
export interface SkeletonLook {
  style?: SkeletonStyleName;
  /** A scene colour: "#RGB", "#RRGGBB", "#RRGGBBAA" or a semantic name resolved per appearance ("label", "card", "tint"…; docs/SCENE.md). */
  color?: string;
  gradient?: string[];
  direction?: Direction;
  duration?: number;
  curve?: "linear" | "easeIn" | "easeOut" | "easeInOut";
}
export interface StatusOptions extends NodeOption {
  state: "loading" | "error" | "empty" | "none";
  title?: string;
  message?: string;
  image?: string;
  actionTitle?: string;
  action?: string;
  transition?: Transition;
}
export interface Description {
  busy: boolean;
  statuses: { node: string; text: string }[];
  buttons: DescribedButton[];
  /** Lists and scroll containers a pull would refresh now. */
  refreshable: string[];
  /** The sheets presented: the anchor each rests at or heads to (0 = top) of how many. */
  sheets: DescribedSheet[];
}
/** A button where it is drawn now (canvas points, the part inside its scroll viewports); none scrolled out of view. */
/** What the hidden DOM says (English by default). */
export interface AccessibleTexts {
  /** Announced when loading starts ("Loading…") and ends ("Loaded"). */
  loadingText?: string;
  loadedText?: string;
  /** A list's Refresh button ("Refresh"). */
  refreshText?: string;
  /** The Load more button of a list that loads more (default "Load more"). */
  loadMoreText?: string;
  /** A sheet grabber's labels ("Expand sheet", "Collapse sheet") and its moves' announcements
   * ("Sheet expanded", "Sheet collapsed", "Sheet partly open"); `dialog`: the label of a modal
   * sheet's buttons, a dialog while its dim shows ("Sheet"). */
  sheetTexts?: { expand?: string; collapse?: string; expanded?: string; collapsed?: string; partlyOpen?: string; dialog?: string };
}
export interface DescribedButton { node: string; title: string; action: string; x: number; y: number; width: number; height: number }
/** A sheet; a tap on its `grabber` button moves it to the next anchor up, from the top back to the lowest. */
export interface DescribedSheet { node: string; grabber: string; anchor: number; anchors: number }

/** One mounted scene. Its command methods are built from the core's commands (Web/commands.js,
 * generated from its CommandCatalog; Tests/web/commands.test.mjs checks each is declared here).
 * Command methods return a Promise that resolves once the session applied the
 * command and rejects with the session's message when it refuses it (changing nothing); when the
 * session runs on the calling thread ("main", "headless") a refusal also throws at once. */
export class Controller {
  private constructor();
  /** Where the session runs: a Worker, the page's thread, or headless (no canvas; the caller ticks). */
  readonly thread: "worker" | "main" | "headless";
  /** The last frame applied, or null before the first; in worker mode the last one the worker sent
   * (while "frame" has listeners, or as of `sync()`). */
  readonly frame: Frame | null;
  /** Counters: ticks, messages applied, animation frames asked for and run (with their total ms), first frame time. */
  readonly stats: { ticks: number; messages: number; animationFrames: number; firstFrameAt: number | null; frames: number; frameMs: number; mountCalledAt: number };
  readonly skeleton: {
    show(options?: NodeOption & SkeletonLook & { transition?: Transition; delay?: number }): Promise<void>;
    hide(options?: NodeOption & { transition?: Transition }): Promise<void>;
    update(options?: NodeOption & SkeletonLook): Promise<void>;
  };
  readonly status: {
    show(options: StatusOptions): Promise<void>;
    hide(options?: NodeOption & { transition?: Transition }): Promise<void>;
  };
  readonly spinner: { show(options?: NodeOption): Promise<void>; hide(options?: NodeOption): Promise<void> };
  readonly sheet: {
    snapTo(options: NodeOption & { index: number; animated?: boolean }): Promise<void>;
    expand(options?: NodeOption): Promise<void>;
    collapse(options?: NodeOption): Promise<void>;
    push(options: NodeOption & { page: string }): Promise<void>;
    pop(options?: NodeOption): Promise<void>;
    popToRoot(options?: NodeOption): Promise<void>;
    setPages(options: NodeOption & { pages: string[] }): Promise<void>;
    setAnchors(options: NodeOption & { anchors: unknown[]; snapTo?: number; animated?: boolean }): Promise<void>;
    /** The answer to a `dismissRequested` event. */
    dismiss(options: NodeOption & { allow: boolean }): Promise<void>;
  };
  readonly refresh: {
    begin(options?: NodeOption): Promise<void>;
    end(options?: NodeOption): Promise<void>;
    setEnabled(options: NodeOption & { enabled: boolean }): Promise<void>;
  };
  readonly loadMore: {
    end(options?: NodeOption): Promise<void>;
    setHasMore(options: NodeOption & { hasMore: boolean }): Promise<void>;
  };
  readonly rows: {
    append(options: NodeOption & { rows: object[] }): Promise<void>;
    prepend(options: NodeOption & { rows: object[] }): Promise<void>;
    replace(options: NodeOption & { at: number; rows: object[] }): Promise<void>;
    /** Rows a list that fetches its rows asked for (a "rows" event), from `at`. */
    fill(options: NodeOption & { at: number; rows: object[] }): Promise<void>;
    remove(options: NodeOption & { at: number; count: number }): Promise<void>;
  };
  readonly scroll: { to(options: NodeOption & { to: number; animated?: boolean }): Promise<void> };
  /** The size of a host node (content the page provides): `{"host": {node, width?, height?}}`. */
  readonly host: { send(options: NodeOption & { width?: number; height?: number }): Promise<void> };
  /** `set`: text, hidden, background, textColor (colours as in scenes, semantic names too), opacity, frame of a node. */
  set(options: NodeOption & Record<string, unknown>): Promise<void>;
  setAppearance(mode: "system" | "light" | "dark" | "scene"): void;
  /** `{"motion": "reduced"}` (still skeletons, instant transitions and scrolls) or full; "system" follows prefers-reduced-motion. */
  setMotion(mode: "system" | "reduce" | "no-preference"): void;
  /** Each frame shown: each message applied, and each time a declared motion moves an item (the frame as played then). */
  on(name: "frame", fn: (frame: Frame) => void): () => void;
  on(name: "error", fn: (error: Error) => void): () => void;
  on(name: string, fn: (event: HostEvent) => void): () => void;
  /** A raw COMMAND object of docs/SCENE.md, stamped with the current time. */
  perform(command: object): Promise<void>;
  /** A raw INPUT object (pointer, key, wheel, resize), stamped with the current time. */
  input(input: object): Promise<void>;
  resize(): void;
  /** Advances to `seconds` since mount (headless: call it yourself); null when nothing changed. Throws in worker mode. */
  tick(seconds: number): { frame: Frame; events: HostEvent[] } | null;
  /** Seconds since mount when the session next changes by itself; Infinity when only input changes it (a Promise in worker mode). */
  nextChange(): number | Promise<number>;
  /** What the hidden DOM mirrors (a Promise in worker mode). */
  describe(): Description | Promise<Description>;
  /** Resolves once the session handled everything sent before, with `frame` and `stats` up to date (worker mode; at once otherwise). */
  sync(): Promise<void>;
  /** Presses a described button as a tap at its centre would. */
  press(button: DescribedButton): void;
  /** Runs the next animation frame's tick, draw and hidden-DOM update now (nothing headless). */
  flush(): void;
  destroy(): void;
}

/** Mounts `scene` on `canvas` (null: headless). Rejects with the reader's `file:line:column: message`
 * (and `line`, `column`) for a bad scene, or with what was fetched for a missing or wrong wasm. */
export function mount(canvas: HTMLCanvasElement | null, options: MountOptions): Promise<Controller>;
/** Whether `env` (a window) starts module workers. */
export function moduleWorkers(env: unknown): boolean;

// ---------------------------------------------------------------------------------------------
// skeletonize

export interface SkeletonizeOptions {
  /** Default "sliding". */
  style?: SkeletonStyleName;
  /** The base colour: hex, a semantic colour's name, or any CSS colour; default the appearance's tint. */
  color?: string;
  gradient?: string[];
  direction?: Direction;
  duration?: number;
  /** Seconds of the cross-dissolve in and out; default 0.25 (0 under prefers-reduced-motion). */
  transition?: number;
  /** A text line's placeholder height as a share of its font size; default 0.75. */
  lineRatio?: number;
  /** Corner radius of text-line placeholders; default 4. */
  radius?: number;
  /** What covers the content; default the element's (or nearest ancestor's) background colour. */
  background?: string;
  appearance?: "system" | "light" | "dark";
  /** Content not there yet: the skeleton is read from copies of this template (a `<template>`, an
   * element or a selector), which hold the room and are never shown nor read (docs/EMBED.md). */
  template?: Element | string;
  /** Copies of `template` (1…50); default: as many as fill the room in view. */
  count?: number;
  env?: unknown;
}
export interface Box { x: number; y: number; width: number; height: number; radius: number }
/** A skeleton over an element's own content. */
export class DomSkeleton {
  private constructor();
  readonly element: HTMLElement;
  /** The skeleton as a scene (a view per box): what the core draws for it (`sceneOf`). */
  readonly scene: object | null;
  /** Re-reads the element's layout (a ResizeObserver does it by itself). */
  refresh(): void;
  /** Cross-dissolves back to the content and removes the layer. */
  hide(): Promise<void>;
  /** Removes it at once. */
  remove(): void;
}
/** Reads `element`'s layout (text line boxes, images, `[data-skeleton]`) and draws a skeleton over it.
 * Rejects, before reading it, an element over 16,384 px tall or wide or with more than 8,000 placeholders. */
export function skeletonize(element: HTMLElement, options?: SkeletonizeOptions): Promise<DomSkeleton>;
/** The skeleton of a layout as a scene of the core's (a skeletonable view per box over `background`, #RRGGBBAA). */
export function sceneOf(layout: { width: number; height: number; boxes: Box[] }, background: string): object;
/** The boxes `skeletonize` covers, in the element's padding-box coordinates; throws as `skeletonize` rejects. */
export function readLayout(element: HTMLElement, options?: { lineRatio?: number; radius?: number }): { width: number; height: number; boxes: Box[] };

// ---------------------------------------------------------------------------------------------
// The page's own elements (page.js: the light entry; docs/EMBED.md "Your page's own elements")

export interface OverlayOptions {
  /** Not used: nothing of an overlay loads veil.wasm (accepted so that pages passing it still work). */
  wasm?: string | URL | WebAssembly.Module;
  appearance?: "system" | "light" | "dark";
  /** Not used, as `wasm`. */
  thread?: "auto" | "worker" | "main";
  /** What a status covers the element's content with (#RRGGBB or #RRGGBBAA); default none: see-through. */
  background?: string;
  /** The least height the element takes while a status shows; default 240. */
  statusHeight?: number;
  env?: unknown;
}
export interface SkeletonWish extends Omit<SkeletonizeOptions, "wasm" | "appearance" | "env"> {}
export interface StatusWish {
  state: "loading" | "error" | "empty";
  title?: string;
  message?: string;
  image?: string;
  actionTitle?: string;
  action?: string;
}
/** What a page wants over one of its elements; what draws it loads at the first `show` and follows the newest wish. */
export class PageOverlay {
  private constructor();
  readonly element: HTMLElement;
  readonly skeleton: { show(wish?: SkeletonWish): Promise<void>; hide(): Promise<void> };
  readonly status: { show(wish: StatusWish): Promise<void>; hide(): Promise<void> };
  readonly spinner: { show(): Promise<void>; hide(): Promise<void> };
  /** `retry` and `action` (the status' button: `retry` for an action named so, else `action`), `error` (Veil could not load or draw). */
  on(type: "retry" | "action" | "error", listener: (event: { type: string; node?: string; action?: string; message?: string }) => void): () => void;
  /** Removes what was drawn; the element is as it was. */
  destroy(): void;
}
/** Veil's skeleton, status and spinner over `element`; returns at once and loads nothing until a `show`. */
export function overlay(element: HTMLElement, options?: OverlayOptions): PageOverlay;
/** Starts loading what a first `show` needs (the skeleton's, the status' and the spinner's modules), without showing. */
export function preload(): Promise<void>;

/** Where the core puts content the host provides (a host node's item, hosts.js), in canvas points. */
export interface HostBox { id: number; x: number; y: number; width: number; height: number; opacity: number;
  clip: { x: number; y: number; width: number; height: number; cornerRadius: number } | null; clipped: boolean;
  /** The outermost layer holding it that will move (a sheet's card), its origin in canvas points. */
  carrier: { id: number; x: number; y: number } | null }
export interface PageSheetOptions {
  /** The sheet's anchors (docs/SCENE.md "sheet"); default ["fit", "collapsed"]. */
  anchors?: unknown[];
  /** The anchor it opens at, by index in `anchors`; default 0. */
  initialAnchor?: number;
  /** Dragged or flicked below its lowest anchor, it closes; default true. */
  dismissible?: boolean;
  /** The dialog's accessible name; default "Sheet". */
  label?: string;
  /** "auto" (default): modal where the core's dim shows (its top anchor), the page usable below it. */
  modal?: boolean | "auto";
  /** The grabber bar; default true. */
  chevron?: boolean;
  wasm?: string | URL | WebAssembly.Module;
  appearance?: "system" | "light" | "dark";
  env?: unknown;
}
/** A sheet holding one of the page's elements while open. */
export interface PageSheetHandle {
  readonly element: HTMLElement;
  /** Where the core put the element last (its host box in the viewport); null before. */
  readonly placed: HostBox | null;
  readonly isOpen: boolean;
  open(): Promise<void>;
  close(): Promise<void>;
  snapTo(index: number): Promise<void>;
  on(name: "anchorChanged" | "closed" | "dismissRequested" | "error", listener: (event: { name: string; node: string }) => void): void;
}
/** A sheet whose content is `element`, the page's own; loads nothing until `open()`. */
export function sheet(element: HTMLElement, options?: PageSheetOptions): PageSheetHandle;

export interface LoadMoreOptions {
  /** Points left below the view at which to ask; default: the list's height. */
  prefetch?: number;
  /** Room for the footer's activity indicator while the page loads; default 60. */
  height?: number;
  /** Shown below the content once there is no more. */
  endText?: string;
  wasm?: string | URL | WebAssembly.Module;
  appearance?: "system" | "light" | "dark";
  env?: unknown;
}
/** Load more at the end of one of the page's own scroll containers. */
export interface PageLoadMoreHandle {
  readonly element: HTMLElement;
  /** Resolves once the core watches the list (it loads when the page is idle). */
  readonly started: Promise<unknown>;
  on(name: "loadMore" | "error", listener: (event: { name: string; node: string }) => void): void;
  /** The page has answered: rows appended, or nothing this time. */
  end(): Promise<void>;
  setHasMore(more: boolean): Promise<void>;
  destroy(): void;
}
/** Asks for more (`on("loadMore")`) once per arrival near the end of `list`, which scrolls natively.
 * Throws for an element that does not scroll its content. */
export function loadMore(list: HTMLElement, options?: LoadMoreOptions): PageLoadMoreHandle;

export interface RefreshOptions {
  /** Points the pull must pass to refresh, and the animator's room; default 60. */
  height?: number;
  /** Infinity's animators; default "default". */
  animator?: "default" | "arrow" | "circle" | "spark";
  wasm?: string | URL | WebAssembly.Module;
  appearance?: "system" | "light" | "dark";
  env?: unknown;
}
/** Pull to refresh on one of the page's own scroll containers. */
export interface PageRefreshHandle {
  readonly element: HTMLElement;
  readonly started: Promise<unknown>;
  on(name: "refresh" | "error", listener: (event: { name: string; node: string }) => void): void;
  /** The page's refresh is done: the animator closes. */
  end(): Promise<void>;
  destroy(): void;
}
/** A touch pulling down at the top of `list` refreshes (`on("refresh")`) past `height`.
 * Throws for an element that does not scroll its content. */
export function pullToRefresh(list: HTMLElement, options?: RefreshOptions): PageRefreshHandle;

// ---------------------------------------------------------------------------------------------
// Drawing, input and transports (used by the viewer pages)

export const FONT_FAMILY: string;
export const ItemKind: Readonly<{ rect: 0; text: 1; image: 2; arc: 3; activityIndicator: 4; layer: 5 }>;
/** 0xRRGGBBAA → a CSS colour string. */
export function cssColor(rgba: number): string;

export class CanvasRenderer {
  constructor(ctx: CanvasRenderingContext2D);
  onFontLoaded: (() => void) | null;
  /** (originX, originY): the frame point drawn at the canvas' top left corner. */
  draw(frame: Frame | null, cssWidth: number, cssHeight: number, dpr?: number, originX?: number, originY?: number): void;
}

export function pointFromClient(clientX: number, clientY: number, rect: { left: number; top: number; width: number; height: number },
  logicalWidth: number, logicalHeight: number): { x: number; y: number };
export function pointerInput(event: PointerEvent, rect: DOMRect, logicalWidth: number, logicalHeight: number): object | null;
export function wheelInput(event: WheelEvent, rect: DOMRect, logicalWidth: number, logicalHeight: number): object | null;
export function keyInput(event: KeyboardEvent): object | null;
export function focusBeside(element: HTMLElement | SVGElement, direction: "next" | "previous"): Element | null;

/** A canvas (or an OffscreenCanvas in a worker) and the frame it shows, drawn at most once per animation frame. */
export class Surface {
  /** `canvas`: an HTMLCanvasElement, or an OffscreenCanvas in a worker. */
  constructor(canvas: HTMLCanvasElement | { width: number; height: number; getContext(contextId: "2d"): unknown }, options?: { env?: unknown });
  readonly renderer: CanvasRenderer;
  frame: Frame | null;
  origin: { x: number; y: number };
  readonly drawCount: number;
  onDrawn: ((count: number) => void) | null;
  resize(cssWidth: number, cssHeight: number, dpr: number): void;
  show(frame: Frame): void;
  showNow(frame: Frame): void;
  invalidate(): void;
  drawNow(): void;
}
export class CanvasView {
  /** pageTabs: Tab and Shift-Tab are left to the page (its hidden buttons), not sent to the scene's focus. */
  constructor(canvas: HTMLCanvasElement, options?: { onInput?: (message: object) => void; mode?: "fill" | "fixed"; env?: unknown; pageTabs?: boolean });
  readonly canvas: HTMLCanvasElement;
  readonly frame: Frame | null;
  readonly drawCount: number;
  attach(): this;
  detach(): void;
  setMode(mode: "fill" | "fixed"): void;
  /** The part of the frame shown (fixed mode); null: all of it. */
  readonly window: { x: number; y: number; width: number; height: number } | null;
  /** Shows only that part of the frame (fixed mode; the caller positions the canvas); null: all. */
  setWindow(window: { x: number; y: number; width: number; height: number } | null): void;
  show(frame: Frame): void;
  showNow(frame: Frame): void;
  measure(): void;
  followEvents(events: HostEvent[]): void;
}

export function connectWebSocket(url: string | URL, options?: {
  onFrame?: (frame: Frame) => void;
  onEvents?: (events: HostEvent[]) => void;
  onStatus?: (status: { state: string; reason: string; retryIn?: number; final?: boolean }) => void;
  onMessage?: (byteLength: number) => void;
  /** A JSON text message of the server, e.g. `{"sceneError": "file:line:column: message"}`. */
  onNotice?: (notice: { [field: string]: unknown }) => void;
  WebSocketImpl?: new (url: string | URL, protocol: string) => WebSocket;
  createMirror?: () => Mirror;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  backoff?: { initial: number; max: number };
}): { send(message: object): boolean; close(): void; readonly open: boolean; readonly mirror: Mirror | null };

export function loadWasm(source: string | URL | BufferSource, options?: { fetchImpl?: typeof fetch }): Promise<WasmModule>;

/** The exports of veil.wasm that veil.js calls: pointers, lengths and handles are i32, seconds f64. */
export interface VeilExports {
  memory: WebAssembly.Memory;
  veil_alloc(length: number): number;
  veil_free(ptr: number): void;
  veil_session_new(ptr: number, len: number): number;
  veil_session_free(handle: number): number;
  veil_perform(handle: number, ptr: number, len: number): number;
  veil_input(handle: number, ptr: number, len: number): number;
  veil_tick(handle: number, seconds: number): number;
  veil_keyframe(handle: number): number;
  veil_next_change(handle: number): number;
  veil_describe(handle: number): number;
  veil_output(): number;
  veil_error(): number;
}
export type VeilFunction = Exclude<keyof VeilExports, "memory">;

export class WasmModule {
  constructor(instance: WebAssembly.Instance);
  readonly exports: VeilExports;
  /** The trap's message once the instance trapped (every later call throws), else null. */
  readonly trapped: string | null;
  call<N extends VeilFunction>(name: N, ...args: Parameters<VeilExports[N]>): ReturnType<VeilExports[N]>;
  /** Copies `bytes` into a fresh allocation (veil_alloc); returns its pointer, which the caller frees. */
  write(bytes: Uint8Array): number;
  /** Calls `fn(ptr, len)` with `text` as UTF-8 in the module's memory, and frees it afterwards. */
  withString<T>(text: string, fn: (ptr: number, len: number) => T): T;
  errorText(): string;
  copyOut(ptr: number, len: number): Uint8Array;
  /** `len` bytes at `ptr` read in place: valid until the next call into the module. */
  view(ptr: number, len: number): Uint8Array;
}
/** veil.wasm at `url`, fetched and compiled once per URL (streaming when served as application/wasm). */
export function compileWasm(url: string | URL, options?: { fetchImpl?: typeof fetch }): Promise<WebAssembly.Module>;

export class WasmSession {
  constructor(module: WasmModule, scene: string | object);
  readonly module: WasmModule;
  readonly error: string;
  perform(command: object | string): void;
  input(input: object | string): void;
  keyframe(): void;
  /** The next message read in place in the module's memory (valid until the next call into it), or null. */
  tick(seconds: number): Uint8Array | null;
  free(): void;
  /** The handle, or an error once freed. */
  live(): number;
}
