// Uses every export of Web/veil.js as docs/EMBED.md shows it; `tsc -p Tests/web/types` type-checks it
// against Web/veil.d.ts (and the JS modules against their JSDoc). A wrong declaration fails here.
import {
  mount, Controller, Mirror, CanvasView, CanvasRenderer, Surface, loadWasm, compileWasm, WasmSession, connectWebSocket, moduleWorkers, playMotions,
  cssColor, pointFromClient, keyInput, focusBeside, FONT_FAMILY, ItemKind, type Frame, type HostEvent,
  skeletonize, readLayout, sceneOf, DomSkeleton,
} from "../../../Web/veil.js";

export async function article(element: HTMLElement): Promise<DomSkeleton> {
  const layout = readLayout(element, { lineRatio: 0.7 });
  const { boxes } = layout;
  const scene = sceneOf(layout, "#FFFFFFFF");
  void scene;
  const skeleton = await skeletonize(element, { style: "pulse", color: "rebeccapurple", transition: boxes.length > 100 ? 0 : 0.25 });
  skeleton.refresh();
  await skeleton.hide();
  return skeleton;
}

export async function feed(canvas: HTMLCanvasElement): Promise<Controller> {
  const veil = await mount(canvas, { scene: "feed.json", node: "feed", size: "fill", motion: "system",
    accessible: { loadingText: "Chargement…", sheetTexts: { expand: "Agrandir" } },
    thread: moduleWorkers(window) ? "auto" : "main", firstFrame: document.getElementById("feed-first") });
  await veil.skeleton.show({ style: "sliding", direction: "leftRight", transition: { crossDissolve: 0.25 } });
  const where: "worker" | "main" | "headless" = veil.thread;
  void where;
  const off = veil.on("retry", (event: HostEvent) => { veil.spinner.show(); void event.node; });
  veil.on("frame", (frame: Frame) => frame.width);
  veil.status.show({ state: "error", message: "Offline", action: "retry" });
  veil.status.hide({ transition: "none" });
  veil.skeleton.hide();
  veil.rows.append({ rows: [{ title: "One" }] });
  veil.scroll.to({ to: 100, animated: true });
  veil.sheet.snapTo({ index: 0 });
  veil.refresh.end();
  veil.loadMore.setHasMore({ hasMore: false });
  const { busy, buttons } = await veil.describe();
  if (busy && buttons[0]) veil.press(buttons[0]);
  veil.flush();
  const next: number = await veil.nextChange();
  if (veil.thread !== "worker") veil.tick(next);
  await veil.sync();
  await veil.perform({ spinner: { node: "feed", show: true } }).catch((error: Error) => error.message);
  off();
  veil.resize();
  veil.destroy();
  return veil;
}

export async function lowLevel(canvas: HTMLCanvasElement, bytes: Uint8Array) {
  const module = await loadWasm(bytes);
  await compileWasm(new URL("veil.wasm", location.href));
  const surface = new Surface(document.createElement("canvas"));
  surface.resize(10, 10, 2);
  const session = new WasmSession(module, { root: { type: "view" } });
  const mirror = new Mirror();
  const view = new CanvasView(canvas, { mode: "fixed" }).attach();
  const message = session.tick(0);
  if (message) { const r = mirror.apply(message); if (r.ok && r.frame) view.show(r.frame); }
  view.setWindow({ x: 0, y: 100, width: 320, height: 200 });
  if (view.window) view.setWindow(null);
  new CanvasRenderer(canvas.getContext("2d")!).draw(null, 10, 10, 1, 0, 100);
  connectWebSocket("ws://127.0.0.1:8080/ws", { onFrame: (f) => view.show(playMotions(f, performance.now() / 1000)) }).close();
  return [cssColor(0xff0000ff), pointFromClient(1, 2, canvas.getBoundingClientRect(), 3, 4).x,
    keyInput(new KeyboardEvent("keydown")), focusBeside(canvas, "next"), FONT_FAMILY, ItemKind.text];
}
