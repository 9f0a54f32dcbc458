// @ts-check
// veil.js — the browser side of Veil (ES modules, no build step), all of it: importing it loads every
// module (a page that wants only what it uses imports page.js). This file only re-exports; each
// module has one purpose (docs/EMBED.md lists them):
//
//   page.js         overlay(): skeleton, status and spinner over the page's own elements, loaded on use;
//                   sheet(): a sheet holding one of them (sheet.js, hosts.js); loadMore() and
//                   pullToRefresh(): on the page's own list (scroller.js)
//   mount.js        mount(): a scene on a canvas (or headless) behind one Controller
//   engine.js       a running session: wasm session, frame mirror, frame loop
//   worker.js       the engine and its drawing in a Worker, on an OffscreenCanvas
//   render.js       CanvasRenderer (one frame on a 2D context), Surface (the canvas it draws on)
//   view.js         CanvasView: a canvas in the page (sizing, input)
//   input.js        DOM events → the session's input objects
//   wasm.js         loading veil.wasm, WasmModule, WasmSession
//   socket.js       connectWebSocket: live frames from `veil serve`
//   wire.js         the veil.v2 decoder and frame mirror
//   motions.js      paints that move with time alone, played on the host's clock
//   a11y.js         the hidden accessibility DOM
//   skeletonize.js  skeletons over the page's own HTML

export { Mirror, decodeMessage } from "./wire.js";
export { CanvasRenderer, Surface, FONT_FAMILY, ItemKind, cssColor } from "./render.js";
export { pointFromClient, pointerInput, wheelInput, keyInput, focusBeside } from "./input.js";
export { CanvasView } from "./view.js";
export { connectWebSocket } from "./socket.js";
export { playMotions } from "./motions.js";
export { loadWasm, compileWasm, WasmModule, WasmSession } from "./wasm.js";
export { mount, Controller, moduleWorkers } from "./mount.js";
export { skeletonize, DomSkeleton, readLayout, sceneOf } from "./skeletonize.js";
export { overlay, PageOverlay, preload, sheet, loadMore, pullToRefresh } from "./page.js";

import { prestart } from "./mount.js";
// A page that imports everything wants it soon: veil.wasm's compile and a worker start now.
prestart();
