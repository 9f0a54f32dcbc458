// @ts-check
// socket.js — `connectWebSocket`: live frames from `veil serve` (subprotocol veil.v2) through a
// frame mirror, with reconnects that resume the same server session.

import { Mirror } from "./mirror.js";
import { frameHash } from "./frame-hash.js";

/**
 * @typedef {import("./wire-format.js").Frame} Frame
 * @typedef {import("./wire-format.js").HostEvent} HostEvent
 * @typedef {{[field: string]: unknown}} Notice a JSON text message of the server (an object)
 * @typedef {{state: string, reason: string, retryIn?: number, final?: boolean}} Status
 */

/**
 * Connects to `veil serve` at `url` (…/ws?scene=NAME). Every binary message goes through a frame
 * mirror; a message that does not apply (a gap, a hash mismatch) makes the client ask for a
 * keyframe. Closes are reported with their reason and retried at once, then with a backoff growing
 * to `backoff.max`; a retry resumes the same server session (`session=TOKEN&seq=S&hash=H`, the
 * token the server gave in its `{"session": TOKEN}` notice: the server answers with a delta from
 * the frame the mirror holds, or a keyframe), keeping the mirror.
 * An unknown scene is final: no retry.
 *
 * Callbacks: onFrame(frame), onEvents([{name, node}]), onStatus({state, reason, retryIn}),
 * onMessage(byteLength), onNotice(object): a JSON text message from the server, such as
 * {"sceneError": "file:line:column: message"} or {"sceneError": null}. Returns { send(obj), close(), get open }.
 * @param {string | URL} url
 * @param {{onFrame?: (frame: Frame) => void, onEvents?: (events: HostEvent[]) => void,
 *   onStatus?: (status: Status) => void, onMessage?: (byteLength: number) => void,
 *   onNotice?: (notice: Notice) => void, WebSocketImpl?: {new (url: string | URL, protocol: string): WebSocket},
 *   createMirror?: () => Mirror, setTimer?: (fn: () => void, ms: number) => unknown, clearTimer?: (timer: unknown) => void,
 *   backoff?: {initial: number, max: number}}} options
 */
export function connectWebSocket(url, {
  onFrame = (frame) => {}, onEvents = (events) => {}, onStatus = (status) => {}, onMessage = (byteLength) => {},
  onNotice = (notice) => {},
  WebSocketImpl = globalThis.WebSocket, createMirror = () => new Mirror(),
  setTimer = (fn, ms) => setTimeout(fn, ms), clearTimer = (t) => clearTimeout(/** @type {number} */ (t)),
  backoff = { initial: 250, max: 5000 },
} = {}) {
  /** The server's name for our session (its `{"session": TOKEN}` notice): a retry resumes it. */
  /** @type {string | null} */
  let token = null;
  /** @type {WebSocket | null} */
  let socket = null;
  /** @type {Mirror | null} */
  let mirror = null;
  let attempts = 0;
  /** @type {unknown} what setTimer returned for the pending retry */
  let timer = null;
  let closedByUser = false;
  let awaitingKeyframe = false;

  const send = (/** @type {object} */ obj) => {
    if (!socket || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(obj));
    return true;
  };

  const open = () => {
    timer = null;
    onStatus({ state: "connecting", reason: "" });
    socket = new WebSocketImpl(resumeURL(url, token, mirror), "veil.v2");
    socket.binaryType = "arraybuffer";
    mirror ??= createMirror(); // kept across reconnects: the server resumes from its frame
    awaitingKeyframe = false;
    const current = socket;
    socket.onopen = () => {
      if (current !== socket) return;
      onStatus({ state: "open", reason: "" });
    };
    socket.onmessage = (event) => {
      if (current !== socket) return;
      if (typeof event.data === "string") { // not a frame: a server notice, e.g. {"sceneError": …}
        /** @type {Notice | null} */
        let notice = null;
        try { notice = JSON.parse(event.data); } catch { return; }
        if (!notice || typeof notice !== "object") return;
        if (typeof notice.session === "string") token = notice.session;
        onNotice(notice);
        return;
      }
      const bytes = new Uint8Array(event.data);
      attempts = 0; // the server talks to us: the next close starts the backoff afresh
      onMessage(bytes.byteLength);
      const result = /** @type {Mirror} */ (mirror).apply(bytes); // set before the socket opened
      if (result.events && result.events.length > 0) onEvents(result.events);
      if (result.ok) {
        if (awaitingKeyframe) onStatus({ state: "open", reason: "" }); // back in sync
        awaitingKeyframe = false;
        onFrame(result.frame);
      } else if (!awaitingKeyframe) { // deltas in flight fail too: ask once
        awaitingKeyframe = true;
        onStatus({ state: "open", reason: `out of sync (${result.reason}); asked for a keyframe` });
        send({ keyframe: true });
      }
    };
    socket.onclose = (event) => {
      if (current !== socket) return;
      socket = null;
      const reason = event.reason || closeCodeText(event.code);
      if (closedByUser) { onStatus({ state: "closed", reason }); return; }
      if (event.code === 1008 && reason.startsWith("unknown scene")) { // asking again cannot help
        onStatus({ state: "closed", reason, final: true });
        return;
      }
      const retryIn = attempts === 0 ? 0 : Math.min(backoff.max, backoff.initial * 2 ** (attempts - 1));
      attempts++;
      onStatus({ state: "closed", reason, retryIn });
      timer = setTimer(open, retryIn);
    };
    socket.onerror = () => {}; // a close event always follows, with the reason
  };

  open();
  return {
    send,
    close() {
      closedByUser = true;
      if (timer !== null) { clearTimer(timer); timer = null; }
      socket?.close(1000, "closed by viewer");
    },
    get open() { return !!socket && socket.readyState === 1; },
    get mirror() { return mirror; },
  };
}

/**
 * `url` with the session token and, when the mirror holds a frame, its sequence number and hash.
 * @param {string | URL} url @param {string | null} token @param {Mirror | null} mirror
 * @returns {string | URL}
 */
function resumeURL(url, token, mirror) {
  if (!token) return url;
  const u = new URL(url);
  u.searchParams.set("session", token);
  if (mirror?.frame && typeof mirror.seq === "number") {
    u.searchParams.set("seq", String(mirror.seq));
    u.searchParams.set("hash", String(frameHash(mirror.frame) >>> 0));
  }
  return u.href;
}

/** @param {number} code a WebSocket close code */
function closeCodeText(code) {
  switch (code) {
    case 1000: return "closed";
    case 1001: return "server going away";
    case 1006: return "connection lost";
    case 1002: return "protocol error";
    case 1003: case 1007: case 1008: return "message refused";
    case 1009: return "message too big";
    case 1011: return "server error";
    default: return `closed (code ${code})`;
  }
}
