// Types of Web/page.js, the light entry: its exports as Web/veil.d.ts declares them.
export { overlay, PageOverlay, preload, sheet, loadMore, pullToRefresh, mount, skeletonize } from "./veil.js";
export type { OverlayOptions, SkeletonWish, StatusWish, PageSheetOptions, PageSheetHandle, HostBox, LoadMoreOptions, PageLoadMoreHandle, RefreshOptions, PageRefreshHandle, MountOptions, SkeletonizeOptions, Controller, DomSkeleton } from "./veil.js";
