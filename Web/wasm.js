// @ts-check
// wasm.js — veil.wasm: loading and compiling it (once per URL, streaming), `WasmModule` (calls,
// traps, strings in and out of its memory) and `WasmSession` (one session of the core).

/**
 * The exports of veil.wasm that veil.js calls (Sources/VeilWasm/Exports.swift): pointers, lengths and
 * handles are i32, `seconds` and `veil_next_change`'s answer f64.
 * @typedef {{memory: WebAssembly.Memory, veil_alloc: (length: number) => number, veil_free: (ptr: number) => void,
 *   veil_session_new: (ptr: number, len: number) => number, veil_session_free: (handle: number) => number,
 *   veil_perform: (handle: number, ptr: number, len: number) => number, veil_input: (handle: number, ptr: number, len: number) => number,
 *   veil_tick: (handle: number, seconds: number) => number, veil_keyframe: (handle: number) => number,
 *   veil_next_change: (handle: number) => number, veil_describe: (handle: number) => number,
 *   veil_output: () => number, veil_error: () => number}} VeilExports
 * @typedef {Exclude<keyof VeilExports, "memory">} VeilFunction
 */

const WASM_EXPORTS = [
  "memory", "veil_alloc", "veil_free", "veil_session_new", "veil_session_free", "veil_perform",
  "veil_input", "veil_tick", "veil_output", "veil_error", "veil_keyframe",
];

/**
 * Loads veil.wasm. `source` is a URL (fetched; instantiateStreaming when the server sends
 * application/wasm, otherwise via arrayBuffer) or the module's bytes. The module takes no imports.
 * @param {string | URL | BufferSource} source
 * @param {{fetchImpl?: typeof fetch}} options
 * @returns {Promise<WasmModule>}
 */
export async function loadWasm(source, { fetchImpl = globalThis.fetch } = {}) {
  let instance;
  if (typeof source === "string" || source instanceof URL) {
    const response = await fetchImpl(source);
    if (!response.ok) throw new Error(`veil.wasm: ${source}: HTTP ${response.status}`);
    try {
      if (!WebAssembly.instantiateStreaming) throw new Error("no instantiateStreaming");
      ({ instance } = await WebAssembly.instantiateStreaming(response.clone(), {}));
    } catch (streamingError) {
      if (streamingError instanceof WebAssembly.LinkError) throw streamingError;
      ({ instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {}));
    }
  } else {
    ({ instance } = await WebAssembly.instantiate(source, {}));
  }
  return new WasmModule(instance);
}

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

/**
 * The instantiated module. Views of memory are made fresh for every read or write: any export
 * may grow memory, and growth detaches views made before it.
 */
export class WasmModule {
  /** @param {WebAssembly.Instance} instance */
  constructor(instance) {
    const exports = instance.exports;
    for (const name of WASM_EXPORTS) {
      if (!(name in exports)) throw new Error(`veil.wasm does not export ${name}`);
    }
    // The names checked above; veil_next_change and veil_describe mount.js checks on the module.
    this.exports = /** @type {VeilExports} */ (exports);
    /** @type {string | null} the trap's message once the instance trapped */
    this.trapped = null;
  }

  /**
   * Calls an export; a trap leaves the instance unusable, so later calls fail at once.
   * @template {VeilFunction} N
   * @param {N} name
   * @param {Parameters<VeilExports[N]>} args
   * @returns {ReturnType<VeilExports[N]>}
   */
  call(name, ...args) {
    if (this.trapped) throw new Error(`veil.wasm is unusable after a trap: ${this.trapped}`);
    try {
      return /** @type {(...args: number[]) => ReturnType<VeilExports[N]>} */ (this.exports[name])(...args);
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) {
        this.trapped = error.message;
        throw new Error(`veil.wasm trapped in ${name}: ${error.message}`);
      }
      throw error;
    }
  }

  /**
   * Copies `bytes` into a fresh allocation; returns its pointer (caller frees it).
   * @param {Uint8Array} bytes
   */
  write(bytes) {
    const ptr = this.call("veil_alloc", Math.max(1, bytes.length));
    if (!ptr) throw new Error(`veil.wasm: out of memory (${bytes.length} bytes)`);
    new Uint8Array(this.exports.memory.buffer, ptr >>> 0, bytes.length).set(bytes);
    return ptr;
  }

  /**
   * Calls `fn(ptr, len)` with `text` as UTF-8 in module memory, and frees it afterwards.
   * @template T
   * @param {string} text
   * @param {(ptr: number, len: number) => T} fn
   * @returns {T}
   */
  withString(text, fn) {
    const bytes = utf8Encoder.encode(text);
    const ptr = this.write(bytes);
    try {
      return fn(ptr, bytes.length);
    } finally {
      if (!this.trapped) this.call("veil_free", ptr);
    }
  }

  /**
   * A copy of `len` bytes at `ptr` (the module reuses its output buffer).
   * @param {number} ptr @param {number} len
   */
  copyOut(ptr, len) {
    return this.view(ptr, len).slice();
  }

  /**
   * `len` bytes at `ptr` read in place: valid until the next call into the module (which may
   * reuse the buffer, or grow memory and detach this view).
   * @param {number} ptr @param {number} len
   */
  view(ptr, len) {
    return new Uint8Array(this.exports.memory.buffer, ptr >>> 0, len);
  }

  /** The last error message (NUL-terminated UTF-8 at veil_error()), or "". */
  errorText() {
    if (this.trapped) return `trapped: ${this.trapped}`;
    const ptr = this.exports.veil_error() >>> 0;
    if (!ptr) return "";
    const memory = new Uint8Array(this.exports.memory.buffer);
    let end = ptr;
    while (end < memory.length && memory[end] !== 0) end++;
    return utf8Decoder.decode(memory.subarray(ptr, end));
  }
}

/**
 * Wraps a bare COMMAND or INPUT object as the events-file line without "t".
 * @param {"command" | "input"} key
 * @param {object | string} value the object, or its line already written
 */
function asLine(key, value) {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && key in value) return JSON.stringify(value);
  return JSON.stringify({ [key]: value });
}

/**
 * One session inside veil.wasm. perform/input take a COMMAND or INPUT object (or the already
 * wrapped `{"command": …}` / `{"input": …}`); tick(seconds) returns the next message's bytes read
 * in place in the module's memory — valid until the next call into the module: decode it (a
 * Mirror does) or copy it before then — or null when the frame did not change. Failures throw
 * with veil_error's text.
 */
export class WasmSession {
  /**
   * @param {WasmModule} module
   * @param {string | object} sceneJSON the scene, or its JSON text
   */
  constructor(module, sceneJSON) {
    this.module = module;
    const text = typeof sceneJSON === "string" ? sceneJSON : JSON.stringify(sceneJSON);
    this.handle = module.withString(text, (ptr, len) => module.call("veil_session_new", ptr, len));
    if (!this.handle) throw new Error(module.errorText() || "veil_session_new failed");
  }

  get error() { return this.module.errorText(); }

  /** @param {object | string} command */
  perform(command) { this.send("veil_perform", asLine("command", command)); }

  /** @param {object | string} input */
  input(input) { this.send("veil_input", asLine("input", input)); }

  /** The next tick returns a keyframe (after the mirror found itself out of sync). */
  keyframe() {
    const rc = this.module.call("veil_keyframe", this.live());
    if (rc < 0) throw new Error(this.module.errorText() || "veil_keyframe failed");
  }

  /**
   * @param {number} seconds since the session started
   * @returns {Uint8Array | null}
   */
  tick(seconds) {
    const module = this.module;
    const len = module.call("veil_tick", this.live(), seconds);
    if (len < 0) throw new Error(module.errorText() || `veil_tick failed (${len})`);
    if (len === 0) return null;
    return module.view(module.call("veil_output"), len); // no copy per message
  }

  free() {
    if (!this.handle) return;
    const handle = this.handle;
    this.handle = 0;
    if (!this.module.trapped) this.module.call("veil_session_free", handle);
  }

  /**
   * @param {"veil_perform" | "veil_input"} exportName
   * @param {string} line
   */
  send(exportName, line) {
    const module = this.module;
    const handle = this.live();
    const rc = module.withString(line, (ptr, len) => module.call(exportName, handle, ptr, len));
    if (rc < 0) throw new Error(module.errorText() || `${exportName} failed (${rc})`);
  }

  live() {
    if (!this.handle) throw new Error("veil.wasm session was freed");
    return this.handle;
  }
}


/** @type {Map<string, Promise<WebAssembly.Module>>} compiled modules by URL: every mount of a page (and its worker) shares one compile */
const compiled = new Map();

/**
 * veil.wasm at `url`, fetched and compiled once per URL (streaming where the server sends
 * application/wasm), with errors that say what was fetched.
 * @param {string | URL} url
 * @param {{fetchImpl?: typeof fetch}} options
 * @returns {Promise<WebAssembly.Module>}
 */
export function compileWasm(url, { fetchImpl = globalThis.fetch } = {}) {
  const key = String(url);
  let module = compiled.get(key);
  if (!module) {
    module = (async () => {
      const response = await fetchImpl(key);
      if (!response.ok) throw new Error(`veil.wasm: ${key}: HTTP ${response.status}`);
      try {
        if (WebAssembly.compileStreaming && /application\/wasm/.test(response.headers.get("Content-Type") ?? "")) {
          return await WebAssembly.compileStreaming(response);
        }
        return await WebAssembly.compile(await response.arrayBuffer());
      } catch (error) {
        throw new Error(`veil.wasm: ${key} is not a usable veil.wasm: ${/** @type {Error} */ (error).message}`);
      }
    })();
    compiled.set(key, module);
    module.catch(() => compiled.delete(key));
  }
  return module;
}
