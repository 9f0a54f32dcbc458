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

// The modules the ones above import, named here too: the browser asks for all of veil.js' modules
// the moment veil.js arrives (one round trip), not one level of imports after another
// (Tests/web/modules.test.mjs checks this list and the exports name all of veil.js' static imports).
import "./wire-format.js";
import "./wire-patch.js";
import "./frame-hash.js";
import "./engine.js";
import "./commands.js";
import "./command-methods.js";
import "./a11y.js";
import "./fonts.js";
import "./draw-items.js";
import "./paint-style.js";
import "./css-paint.js";
import "./dirty-rects.js";
import "./layer-bitmaps.js";
import "./layer-cache.js";
import "./skeleton-look.js";
import "./skeleton-layer.js";
import "./template.js";

import { prestart } from "./mount.js";
// A page that imports everything wants it soon: veil.wasm's compile and a worker start now.
prestart();
