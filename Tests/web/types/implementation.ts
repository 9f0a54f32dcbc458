// Web/veil.d.ts against the code: every export it declares, as the JS modules type it (their JSDoc),
// must fit the declaration: a function takes the arguments declared and returns what is declared, a
// class's instances have the declared members at the declared types. `tsc -p Tests/web/types` checks it.
import type * as api from "../../../Web/veil.js"; // a .ts import of veil.js reads veil.d.ts
import * as wire from "../../../Web/wire.js";
import type * as format from "../../../Web/wire-format.js";
import * as render from "../../../Web/render.js";
import * as input from "../../../Web/input.js";
import * as view from "../../../Web/view.js";
import * as socket from "../../../Web/socket.js";
import * as motions from "../../../Web/motions.js";
import * as wasm from "../../../Web/wasm.js";
import * as mount from "../../../Web/mount.js";
import * as controller from "../../../Web/controller.js";
import * as backends from "../../../Web/session-backends.js";
import * as skeletonize from "../../../Web/skeletonize.js";
import * as page from "../../../Web/page.js";

/** `Code` must be assignable to `Declared`. */
type Fits<Code extends Declared, Declared> = Code;

export const functions: {
  decodeMessage: typeof api.decodeMessage;
  mount: typeof api.mount;
  moduleWorkers: typeof api.moduleWorkers;
  skeletonize: typeof api.skeletonize;
  sceneOf: typeof api.sceneOf;
  readLayout: typeof api.readLayout;
  cssColor: typeof api.cssColor;
  pointFromClient: typeof api.pointFromClient;
  pointerInput: typeof api.pointerInput;
  wheelInput: typeof api.wheelInput;
  keyInput: typeof api.keyInput;
  focusBeside: typeof api.focusBeside;
  connectWebSocket: typeof api.connectWebSocket;
  playMotions: typeof api.playMotions;
  loadWasm: typeof api.loadWasm;
  compileWasm: typeof api.compileWasm;
  overlay: typeof api.overlay;
  preload: typeof api.preload;
  sheet: typeof api.sheet;
  loadMore: typeof api.loadMore;
  pullToRefresh: typeof api.pullToRefresh;
} = {
  decodeMessage: wire.decodeMessage,
  mount: mount.mount,
  moduleWorkers: backends.moduleWorkers,
  skeletonize: skeletonize.skeletonize,
  sceneOf: skeletonize.sceneOf,
  readLayout: skeletonize.readLayout,
  cssColor: render.cssColor,
  pointFromClient: input.pointFromClient,
  pointerInput: input.pointerInput,
  wheelInput: input.wheelInput,
  keyInput: input.keyInput,
  focusBeside: input.focusBeside,
  connectWebSocket: socket.connectWebSocket,
  playMotions: motions.playMotions,
  loadWasm: wasm.loadWasm,
  compileWasm: wasm.compileWasm,
  overlay: page.overlay,
  preload: page.preload,
  sheet: page.sheet,
  loadMore: page.loadMore,
  pullToRefresh: page.pullToRefresh,
};

export const values: { FONT_FAMILY: typeof api.FONT_FAMILY; ItemKind: typeof api.ItemKind } = {
  FONT_FAMILY: render.FONT_FAMILY,
  ItemKind: render.ItemKind,
};

/** Classes with a public constructor: the constructor and its instances. */
export const classes: {
  Mirror: typeof api.Mirror;
  CanvasRenderer: typeof api.CanvasRenderer;
  Surface: typeof api.Surface;
  CanvasView: typeof api.CanvasView;
  WasmModule: typeof api.WasmModule;
  WasmSession: typeof api.WasmSession;
} = {
  Mirror: wire.Mirror,
  CanvasRenderer: render.CanvasRenderer,
  Surface: render.Surface,
  CanvasView: view.CanvasView,
  WasmModule: wasm.WasmModule,
  WasmSession: wasm.WasmSession,
};

/** Classes that veil.d.ts gives no public constructor (mount and skeletonize make them): their instances. */
export type Instances = [
  Fits<controller.Controller, api.Controller>,
  Fits<skeletonize.DomSkeleton, api.DomSkeleton>,
  Fits<page.PageOverlay, api.PageOverlay>,
];
/**
 * The frame's shapes, declared by veil.d.ts and by the modules' typedefs (wire-format.js, motions.js)
 * each: the same types, each assignable to the other, so a field added to one and not the other
 * fails here.
 */
export type Shapes = [
  Fits<format.Item, api.Item>, Fits<api.Item, format.Item>,
  Fits<format.Frame, api.Frame>, Fits<api.Frame, format.Frame>,
  Fits<format.Clip, api.Clip>, Fits<api.Clip, format.Clip>,
  Fits<format.Paint, api.Paint>, Fits<api.Paint, format.Paint>,
  Fits<format.Motion, api.Motion>, Fits<api.Motion, format.Motion>,
  Fits<format.ItemMotion, api.ItemMotion>, Fits<api.ItemMotion, format.ItemMotion>,
  Fits<format.RowRange, api.RowRange>, Fits<api.RowRange, format.RowRange>,
  Fits<format.HostEvent, api.HostEvent>, Fits<api.HostEvent, format.HostEvent>,
];
/** Every value veil.d.ts declares is checked above. */
type Checked = keyof typeof functions | keyof typeof values | keyof typeof classes | "Controller" | "DomSkeleton" | "PageOverlay";
export const unchecked: Record<Exclude<keyof typeof api, Checked>, never> = {};
