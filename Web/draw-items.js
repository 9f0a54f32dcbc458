// @ts-check
// draw-items.js — one item on a 2D context, as its kind draws (docs/PROTOCOL.md). Coordinates are
// in 1/8 pt, angles in turns/65536.

import { ItemKind, pt } from "./wire-format.js";
import { FONT_FAMILY } from "./fonts.js";
const TURN = 2 * Math.PI;
const ANGLE_UNIT = 65536;

/**
 * @typedef {import("./wire-format.js").Item} Item
 * @typedef {import("./paint-style.js").Style} Style
 * @typedef {import("./fonts.js").FontRequests} FontRequests
 * @typedef {CanvasRenderingContext2D & {roundRect: (x: number, y: number, w: number, h: number, r: number) => void,
 *   fontKerning: string}} Context2D a canvas' 2D context (an OffscreenCanvas' has the same members; the
 *   dom types of Debian's tsc have neither OffscreenCanvas nor these two newer members)
 */

/**
 * Rounded-rectangle path; the radius is clamped to what the box allows.
 * @param {Context2D} ctx @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r
 */
export function roundedRectPath(ctx, x, y, w, h, r) {
  ctx.beginPath();
  const radius = Math.max(0, Math.min(r, Math.abs(w) / 2, Math.abs(h) / 2));
  if (radius > 0) ctx.roundRect(x, y, w, h, radius);
  else ctx.rect(x, y, w, h);
}

/**
 * An item (not a layer), in the points of its layer.
 * @param {Context2D} ctx @param {Item} item @param {Style[]} styles
 * @param {boolean} standIns host items drawn as a dashed stand-in
 * @param {FontRequests} fonts
 */
export function drawItem(ctx, item, styles, standIns, fonts) {
  const fill = item.fill > 0 ? styles[item.fill - 1] : undefined;
  const stroke = item.stroke > 0 ? styles[item.stroke - 1] : undefined;
  ctx.save();
  ctx.globalAlpha = (item.opacity ?? 255) / 255;
  if (item.clip) {
    const c = item.clip;
    roundedRectPath(ctx, pt(c.x), pt(c.y), pt(c.width), pt(c.height), pt(c.cornerRadius));
    ctx.clip();
  }
  const x = pt(item.x), y = pt(item.y), w = pt(item.width), h = pt(item.height);
  if (item.rotation) {
    const cx = x + w / 2, cy = y + h / 2;
    ctx.translate(cx, cy);
    ctx.rotate((item.rotation / ANGLE_UNIT) * TURN);
    ctx.translate(-cx, -cy);
  }
  switch (item.kind) {
    case ItemKind.rect: drawRect(ctx, item, x, y, w, h, fill, stroke); break;
    case ItemKind.text: drawText(ctx, item, x, y, fill, fonts); break;
    case ItemKind.image: drawImage(ctx, item, x, y, w, h, fill, stroke); break;
    case ItemKind.arc: drawArc(ctx, item, x, y, w, h, stroke); break;
    case ItemKind.activityIndicator: drawActivityIndicator(ctx, item, x, y, w, h, fill); break;
    case ItemKind.host: if (standIns) drawHost(ctx, x, y, w, h); break;
    default: break; // a kind from a newer protocol: skip it rather than guess
  }
  ctx.restore();
}

/**
 * A stand-in for content the host provides (a page binds its own element there): a light box
 * with a dashed outline and "host" in the middle, as SVG export draws it.
 * @param {Context2D} ctx @param {number} x @param {number} y @param {number} w @param {number} h
 */
function drawHost(ctx, x, y, w, h) {
  ctx.fillStyle = "rgba(128,128,128,0.1)";
  ctx.fillRect(x, y, w, h);
  ctx.strokeStyle = "#808080";
  ctx.lineWidth = 1;
  ctx.setLineDash([4, 3]);
  ctx.strokeRect(x, y, w, h);
  ctx.setLineDash([]);
  if (w >= 40 && h >= 16) {
    ctx.fillStyle = "#808080";
    ctx.font = `12px ${FONT_FAMILY}`;
    ctx.textAlign = "center";
    ctx.fillText("host", x + w / 2, y + h / 2 + 4);
    ctx.textAlign = "left";
  }
}

/**
 * @param {Context2D} ctx @param {Item} item @param {number} x @param {number} y @param {number} w @param {number} h
 * @param {Style | undefined} fill @param {Style | undefined} stroke
 */
function drawRect(ctx, item, x, y, w, h, fill, stroke) {
  roundedRectPath(ctx, x, y, w, h, pt(item.cornerRadius));
  if (fill !== undefined) {
    ctx.fillStyle = fill;
    ctx.fill();
  }
  if (stroke !== undefined && item.lineWidth > 0) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = pt(item.lineWidth);
    ctx.stroke();
  }
}

/**
 * One line, already broken by the core: never re-wrapped, never kerned differently.
 * @param {Context2D} ctx @param {Item} item @param {number} x @param {number} y @param {Style | undefined} fill
 * @param {FontRequests} fonts
 */
function drawText(ctx, item, x, y, fill, fonts) {
  if (fill === undefined || !item.text) return;
  const font = `${item.fontWeight || 400} ${pt(item.fontSize)}px ${FONT_FAMILY}`;
  fonts.ensure(font);
  ctx.font = font;
  ctx.fontKerning = "none";
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  ctx.fillStyle = fill;
  ctx.fillText(item.text, x, y + pt(item.baseline));
}

/** A placeholder box: its paint, and a subtle mountain-and-sun glyph clipped to the box. */
/**
 * @param {Context2D} ctx @param {Item} item @param {number} x @param {number} y @param {number} w @param {number} h
 * @param {Style | undefined} fill @param {Style | undefined} stroke
 */
function drawImage(ctx, item, x, y, w, h, fill, stroke) {
  const r = pt(item.cornerRadius);
  roundedRectPath(ctx, x, y, w, h, r);
  ctx.fillStyle = fill !== undefined ? fill : "rgba(120,120,128,0.2)";
  ctx.fill();
  ctx.save();
  ctx.clip();
  const s = Math.min(Math.abs(w), Math.abs(h)) * 0.5; // glyph size
  if (s >= 4) {
    const gx = x + w / 2 - s / 2, gy = y + h / 2 - s / 2;
    ctx.lineWidth = Math.max(1, s / 14);
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    ctx.strokeStyle = "rgba(0,0,0,0.22)";
    ctx.beginPath(); // mountains
    ctx.moveTo(gx, gy + s * 0.9);
    ctx.lineTo(gx + s * 0.35, gy + s * 0.4);
    ctx.lineTo(gx + s * 0.6, gy + s * 0.7);
    ctx.lineTo(gx + s * 0.75, gy + s * 0.55);
    ctx.lineTo(gx + s, gy + s * 0.9);
    ctx.closePath();
    ctx.stroke();
    ctx.beginPath(); // sun
    ctx.arc(gx + s * 0.78, gy + s * 0.2, s * 0.12, 0, TURN);
    ctx.stroke();
  }
  ctx.restore();
  if (stroke !== undefined && item.lineWidth > 0) {
    roundedRectPath(ctx, x, y, w, h, r);
    ctx.strokeStyle = stroke;
    ctx.lineWidth = pt(item.lineWidth);
    ctx.stroke();
  }
}

/** Eight spokes; spoke k points −k/8 turn from 12 o'clock and fades towards the tail (PROTOCOL.md). */
/**
 * @param {Context2D} ctx @param {Item} item @param {number} x @param {number} y @param {number} w @param {number} h
 * @param {Style | undefined} fill
 */
function drawActivityIndicator(ctx, item, x, y, w, h, fill) {
  if (fill === undefined || item.lineWidth <= 0) return;
  const d = Math.min(Math.abs(w), Math.abs(h));
  const lineWidth = pt(item.lineWidth);
  const inner = d / 4, outer = d / 2 - lineWidth / 2;
  if (outer <= inner) return;
  const cx = x + w / 2, cy = y + h / 2;
  const alpha = ctx.globalAlpha;
  ctx.strokeStyle = fill;
  ctx.lineWidth = lineWidth;
  ctx.lineCap = "round";
  for (let k = 0; k < 8; k++) {
    const a = -(k / 8) * TURN - Math.PI / 2;
    const dx = Math.cos(a), dy = Math.sin(a);
    ctx.globalAlpha = alpha * (1 - (0.75 * k) / 7);
    ctx.beginPath();
    ctx.moveTo(cx + dx * inner, cy + dy * inner);
    ctx.lineTo(cx + dx * outer, cy + dy * outer);
    ctx.stroke();
  }
  ctx.globalAlpha = alpha;
}

/** A ring segment: 0 = 12 o'clock, clockwise, centred in the box, inside it. */
/**
 * @param {Context2D} ctx @param {Item} item @param {number} x @param {number} y @param {number} w @param {number} h
 * @param {Style | undefined} stroke
 */
function drawArc(ctx, item, x, y, w, h, stroke) {
  if (stroke === undefined || item.lineWidth <= 0 || item.arcSweep === 0) return;
  const lineWidth = pt(item.lineWidth);
  const radius = Math.min(Math.abs(w), Math.abs(h)) / 2 - lineWidth / 2;
  if (radius <= 0) return;
  const start = (item.arcStart / ANGLE_UNIT) * TURN - Math.PI / 2;
  const sweep = Math.max(-TURN, Math.min(TURN, (item.arcSweep / ANGLE_UNIT) * TURN));
  ctx.beginPath();
  ctx.arc(x + w / 2, y + h / 2, radius, start, start + sweep, sweep < 0);
  ctx.strokeStyle = stroke;
  ctx.lineWidth = lineWidth;
  ctx.lineCap = "round";
  ctx.stroke();
}
