// @ts-check
// css-paint.js — a paint as CSS, as the canvas draws it: a colour, and a linear or radial gradient
// over an element. Written once for what draws with the page's own elements: a skeleton or a spinner
// over the page's content (skeleton-layer.js, spinner-layer.js) and the frames drawn as elements
// (dom-layers.js). No imports: the skeleton-only page loads it beside skeleton-look.js.

/**
 * 0xRRGGBBAA → a CSS colour, straight alpha.
 * @param {number} rgba
 */
export function cssColor(rgba) {
  const c = rgba >>> 0;
  const a = (c & 255) / 255;
  return `rgba(${c >>> 24},${(c >>> 16) & 255},${(c >>> 8) & 255},${Number(a.toFixed(4))})`;
}

/**
 * A linear gradient from `p0` to `p1` whose stops (`at` 0…1 along it) sit where the canvas puts
 * them, as the background of an element at `box` (the three in one space, in CSS pixels). CSS runs
 * a gradient through the element's centre along its angle, so each stop goes where its point
 * projects onto that line; the first and last colours extend beyond, as the canvas' do.
 * @param {{x: number, y: number, width: number, height: number}} box
 * @param {number[]} p0 @param {number[]} p1 @param {{at: number, color: number}[]} stops
 */
export function linearGradientCss(box, p0, p1, stops) {
  const dx = p1[0] - p0[0], dy = p1[1] - p0[1], length = Math.hypot(dx, dy);
  if (length === 0 || stops.length < 2) return cssColor(stops[stops.length - 1]?.color ?? 0);
  const ux = dx / length, uy = dy / length;
  const span = Math.abs(box.width * ux) + Math.abs(box.height * uy);
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  const css = stops.map(({ at, color }) =>
    `${cssColor(color)} ${(p0[0] + at * dx - cx) * ux + (p0[1] + at * dy - cy) * uy + span / 2}px`);
  return `linear-gradient(${Math.atan2(ux, -uy)}rad, ${css.join(", ")})`;
}

/**
 * A radial gradient centred at (`cx`, `cy`) reaching `radius` (the canvas' circle from radius 0),
 * as the background of an element at `box` (the three in one space, in CSS pixels); the last colour
 * extends beyond, as the canvas' does.
 * @param {{x: number, y: number}} box @param {number} cx @param {number} cy @param {number} radius
 * @param {{at: number, color: number}[]} stops
 */
export function radialGradientCss(box, cx, cy, radius, stops) {
  if (!(radius > 0) || stops.length < 2) return cssColor(stops[stops.length - 1]?.color ?? 0);
  const css = stops.map(({ at, color }) => `${cssColor(color)} ${at * radius}px`);
  return `radial-gradient(circle ${radius}px at ${cx - box.x}px ${cy - box.y}px, ${css.join(", ")})`;
}
