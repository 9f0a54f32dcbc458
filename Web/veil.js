// @ts-check
// veil.js — the browser side of Veil (ES modules, no build step), all of it: importing it loads every
// module (a page that wants only what it uses imports page.js). This file only re-exports; each
// module has one purpose, and docs/EMBED.md's "Files to copy" lists them.

export { Mirror } from "./mirror.js";
export { decodeMessage } from "./wire-decode.js";
export { CanvasRenderer, Surface, FONT_FAMILY, ItemKind, cssColor } from "./render.js";
export { pointFromClient, pointerInput, wheelInput, keyInput, focusBeside } from "./input.js";
export { CanvasView } from "./view.js";
export { connectWebSocket } from "./socket.js";
export { playMotions } from "./motions.js";
export { loadWasm, compileWasm, WasmModule, WasmSession } from "./wasm.js";
export { mount } from "./mount.js";
export { Controller } from "./controller.js";
export { moduleWorkers } from "./session-backends.js";
export { skeletonize, DomSkeleton, readLayout, sceneOf } from "./skeletonize.js";
export { overlay, PageOverlay, preload, sheet, loadMore, pullToRefresh } from "./page.js";

import { prestart } from "./mount.js";
// A page that imports everything wants it soon: veil.wasm's compile and a worker start now.
prestart();
