// Types of Web/page.js, the light entry: its exports as Web/veil.d.ts declares them.
export { overlay, PageOverlay, preload, sheet, loadMore, mount, skeletonize } from "./veil.js";
export type { OverlayOptions, SkeletonWish, StatusWish, PageSheetOptions, PageSheetHandle, HostBox, LoadMoreOptions, PageLoadMoreHandle, MountOptions, SkeletonizeOptions, Controller, DomSkeleton } from "./veil.js";
