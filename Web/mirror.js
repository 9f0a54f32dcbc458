// @ts-check
// mirror.js — `Mirror`: a viewer's copy of the frame, kept by applying each veil.v2 message
// (wire-decode.js, wire-patch.js) and checking the frame hash it carries (frame-hash.js).
//
//   new Mirror().apply(bytes) → {ok: true, frame, events} | {ok: false, reason, events}

import { decodeMessage } from "./wire-decode.js";
import { applyPatch } from "./wire-patch.js";
import { frameHash } from "./frame-hash.js";

/**
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {import("./wire-format.js").HostEvent} HostEvent
 * @typedef {{ok: true, frame: Frame, events: HostEvent[], reason?: undefined}
 *   | {ok: false, reason: string, events: HostEvent[], frame?: undefined}} MirrorResult
 */

/**
 * A viewer's copy of the frame. Checks sequence continuity and the frame hash; on any failure the
 * frame stays as it was, `needsKeyframe` is set, and the host should send {"keyframe": true}.
 * Events are returned even when the frame could not be updated (they happened all the same).
 */
export class Mirror {
  constructor() {
    /** @type {Frame | null} */
    this.frame = null;
    this.seq = 0;
    this.needsKeyframe = true;
  }

  /**
   * @param {Uint8Array | ArrayBuffer} bytes
   * @returns {MirrorResult}
   */
  apply(bytes) {
    let message;
    try {
      message = decodeMessage(bytes);
    } catch (e) {
      this.needsKeyframe = true;
      return { ok: false, reason: /** @type {Error} */ (e).message, events: [] };
    }
    const events = message.events;
    let next;
    if (message.type === "keyframe") {
      next = message.frame;
    } else {
      if (this.needsKeyframe || this.frame === null) return { ok: false, reason: "waiting for a keyframe", events };
      if (message.base !== this.seq) {
        this.needsKeyframe = true;
        return { ok: false, reason: `delta is based on message ${message.base}, the mirror holds ${this.seq}`, events };
      }
      try {
        next = applyPatch(this.frame, message.patch);
      } catch (e) {
        this.needsKeyframe = true;
        return { ok: false, reason: `patch does not apply: ${/** @type {Error} */ (e).message}`, events };
      }
    }
    const actual = frameHash(next);
    if (actual !== message.hash) {
      this.needsKeyframe = true;
      return { ok: false, reason: `frame hash ${actual} does not match ${message.hash}`, events };
    }
    this.frame = next;
    this.seq = message.seq;
    this.needsKeyframe = false;
    return { ok: true, frame: next, events };
  }
}
