// Types of Web/page.js, the light entry: its exports as Web/veil.d.ts declares them.
export { overlay, PageOverlay, preload, mount, skeletonize } from "./veil.js";
export type { OverlayOptions, SkeletonWish, StatusWish, MountOptions, SkeletonizeOptions, Controller, DomSkeleton } from "./veil.js";
