// Loads veil.wasm in node and wraps its C ABI (docs/PROTOCOL.md, "The wasm ABI") for the tests and for stream.mjs.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const wasmPath = process.env.VEIL_WASM ?? `${repoRoot}.build/wasm/veil.wasm`;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Instantiates the module with an empty import object: it must need nothing from its host. */
export async function loadVeil(path = wasmPath) {
  const { instance } = await WebAssembly.instantiate(await readFile(path), {});
  return new Veil(instance.exports);
}

export class Veil {
  constructor(exports) {
    this.abi = exports;
  }

  // Views of memory.buffer are made at each use: any call that allocates may grow the memory,
  // which detaches every view made before it.
  view() {
    return new Uint8Array(this.abi.memory.buffer);
  }

  /** Copies `data` (string or bytes) into a fresh veil_alloc block, calls fn(ptr, len), frees it. */
  withInput(data, fn) {
    const bytes = typeof data === 'string' ? encoder.encode(data) : data;
    const ptr = this.abi.veil_alloc(bytes.length) >>> 0;
    if (ptr === 0) throw new Error(`veil_alloc(${bytes.length}) failed`);
    try {
      this.view().set(bytes, ptr);
      return fn(ptr, bytes.length);
    } finally {
      this.abi.veil_free(ptr);
    }
  }

  /** The NUL-terminated message at veil_error(). */
  error() {
    const memory = this.view();
    const start = this.abi.veil_error() >>> 0;
    let end = start;
    while (memory[end] !== 0) end++;
    return decoder.decode(memory.subarray(start, end));
  }

  /** Raw calls: they return what the export returns. */
  sessionNew(scene) { return this.withInput(scene, (p, n) => this.abi.veil_session_new(p, n)); }
  perform(handle, json) { return this.withInput(json, (p, n) => this.abi.veil_perform(handle, p, n)); }
  input(handle, json) { return this.withInput(json, (p, n) => this.abi.veil_input(handle, p, n)); }

  /** veil_tick, with the message copied out of memory: bytes, null when nothing changed. */
  tick(handle, seconds) {
    const length = this.abi.veil_tick(handle, seconds);
    if (length < 0) throw new Error(`veil_tick: ${length}: ${this.error()}`);
    if (length === 0) return null;
    const start = this.abi.veil_output() >>> 0;
    return this.view().slice(start, start + length);
  }
}

/**
 * What `veil stream SCENE [--events FILE] --duration S --fps N` prints, computed by veil.wasm:
 * ticks at t = k/N for k = 0…S·N, each event applied before the first tick at or after its time,
 * each non-empty message prefixed by its length as a little-endian u32.
 * Event lines go to veil_perform / veil_input as they are ("t" is ignored there).
 */
export function stream(veil, scene, eventsText, { duration, fps }) {
  const handle = veil.sessionNew(scene);
  if (handle === 0) throw new Error(`veil_session_new: ${veil.error()}`);
  const events = (eventsText ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const object = JSON.parse(line);
      return { t: object.t, line, command: 'command' in object, index };
    })
    // Applied in time order; events at the same time keep their file order.
    .sort((a, b) => a.t - b.t || a.index - b.index);
  const chunks = [];
  let next = 0;
  // S·N rounded down, with the allowance `veil stream` uses (0.29 s × 100 fps is 28.999…, k = 29).
  const lastTick = Math.floor(duration * fps + 1e-9);
  for (let k = 0; k <= lastTick; k++) {
    const t = k / fps;
    for (; next < events.length && events[next].t <= t; next++) {
      const { line, command } = events[next];
      const status = command ? veil.perform(handle, line) : veil.input(handle, line);
      if (status !== 0) throw new Error(`event "${line}": ${status}: ${veil.error()}`);
    }
    const message = veil.tick(handle, t);
    if (message === null) continue;
    const prefix = new Uint8Array(4);
    new DataView(prefix.buffer).setUint32(0, message.length, true);
    chunks.push(prefix, message);
  }
  veil.abi.veil_session_free(handle);
  return Buffer.concat(chunks);
}

/**
 * `count` inputs of random bytes, each shorter than `maxLength`, from a splitmix64 generator seeded
 * with `state` (a BigInt): the same inputs on every run for a given seed (the fuzz tests).
 */
export function* randomInputs(count, state, maxLength) {
  const mask = (1n << 64n) - 1n;
  const next = () => {
    state = (state + 0x9E3779B97F4A7C15n) & mask;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & mask;
    return z ^ (z >> 31n);
  };
  for (let i = 0; i < count; i++) {
    const bytes = new Uint8Array(Number(next() % BigInt(maxLength)));
    for (let k = 0; k < bytes.length; k++) bytes[k] = Number(next() & 255n);
    yield bytes;
  }
}
