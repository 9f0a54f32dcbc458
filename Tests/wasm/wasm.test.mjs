// veil.wasm in node: the C ABI as a page uses it (docs/PROTOCOL.md, "The wasm ABI"). Needs `make wasm` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { loadVeil, repoRoot, wasmPath } from './veil-wasm.mjs';

const scene = await readFile(`${repoRoot}examples/hello.json`, 'utf8');
const status = { ok: 0, badHandle: -1, badArgument: -2, tooLarge: -3, badJSON: -4, wrongKind: -5, rejected: -6 };

// veil.v2 header (docs/PROTOCOL.md): "V", version 2, then the type/flags byte: bits 0-1 are 1 for a
// keyframe or 2 for a delta, bit 2 = events follow, bit 3 = a base distance follows, bits 4-7 are 0.
function messageKind(bytes) {
  assert.ok(bytes !== null && bytes.length > 3, 'a message');
  assert.deepEqual([...bytes.subarray(0, 2)], [0x56, 2], 'veil.v2 magic and version');
  assert.equal(bytes[2] & 0xf0, 0, 'reserved bits of the type byte are 0');
  return { 1: 'keyframe', 2: 'delta' }[bytes[2] & 3];
}

async function session() {
  const veil = await loadVeil();
  const handle = veil.sessionNew(scene);
  assert.ok(handle >= 1, `veil_session_new: ${veil.error()}`);
  return { veil, handle };
}

test('the module imports nothing and exports the whole ABI', async () => {
  const module = new WebAssembly.Module(await readFile(wasmPath));
  assert.deepEqual(WebAssembly.Module.imports(module), []);
  const names = WebAssembly.Module.exports(module).map((e) => e.name).sort();
  assert.deepEqual(names, ['memory', 'veil_alloc', 'veil_describe', 'veil_error', 'veil_free', 'veil_input', 'veil_keyframe',
    'veil_next_change', 'veil_output', 'veil_perform', 'veil_session_free', 'veil_session_new', 'veil_tick']);
});

test('a new session sends a keyframe first, then nothing while the frame does not change', async () => {
  const { veil, handle } = await session();
  assert.equal(messageKind(veil.tick(handle, 0)), 'keyframe');
  assert.equal(veil.tick(handle, 0), null);
  assert.equal(veil.tick(handle, 0.5), null);
});

test('veil_keyframe makes the next tick send a message again', async () => {
  const { veil, handle } = await session();
  veil.tick(handle, 0);
  assert.equal(veil.abi.veil_keyframe(handle), status.ok);
  assert.equal(messageKind(veil.tick(handle, 0)), 'keyframe');
  assert.equal(veil.tick(handle, 0), null);
});

test('a command changes the next frame', async () => {
  const { veil, handle } = await session();
  veil.tick(handle, 0);
  const result = veil.perform(handle, '{"command": {"set": {"node": "title", "text": "Changed"}}}');
  assert.equal(result, status.ok, veil.error());
  assert.ok(veil.tick(handle, 0.1) !== null);
});

test('a resize changes the next frame', async () => {
  const { veil, handle } = await session();
  veil.tick(handle, 0);
  const result = veil.input(handle, '{"input": {"resize": {"width": 800, "height": 600}}}');
  assert.equal(result, status.ok, veil.error());
  assert.equal(messageKind(veil.tick(handle, 0.1)), 'delta');
});

test('bad JSON is refused with a file:line:column message, and nothing changes', async () => {
  const { veil, handle } = await session();
  veil.tick(handle, 0);
  assert.equal(veil.perform(handle, '{"command": {"set": '), status.badJSON);
  assert.match(veil.error(), /^veil_perform:1:\d+: ./);
  assert.equal(veil.input(handle, 'not json'), status.badJSON);
  assert.match(veil.error(), /^veil_input:1:\d+: ./);
  assert.equal(veil.tick(handle, 0.1), null);
});

test('messages name keys as text, as the native build does (issue 29)', async () => {
  const { veil, handle } = await session();
  assert.equal(veil.perform(handle, '{"command": {"rows": {"node": "l", "fill": {"at": 0, "rows": [{"name": 5}]}}}}'), status.badJSON);
  assert.match(veil.error(), /: expected an object for a row's "name", found a number$/);
  assert.equal(veil.perform(handle, '{"command": {"rows": {"node": "l", "apend": []}}}'), status.badJSON);
  assert.match(veil.error(), /: unknown key "apend" in "rows"; did you mean "append"\? /);
});

test('a command sent as input, or an input sent as command, is refused', async () => {
  const { veil, handle } = await session();
  assert.equal(veil.input(handle, '{"command": {"set": {"node": "title", "hidden": true}}}'), status.wrongKind);
  assert.match(veil.error(), /veil_input takes \{"input"/);
  assert.equal(veil.perform(handle, '{"input": {"resize": {"width": 800, "height": 600}}}'), status.wrongKind);
  assert.match(veil.error(), /veil_perform takes \{"command"/);
});

test('a command on an unknown node is rejected and changes nothing', async () => {
  const { veil, handle } = await session();
  veil.tick(handle, 0);
  assert.equal(veil.perform(handle, '{"command": {"set": {"node": "nope", "hidden": true}}}'), status.rejected);
  assert.match(veil.error(), /nope/);
  assert.equal(veil.tick(handle, 0.1), null);
});

test('a bad scene gives handle 0 and says where the error is', async () => {
  const veil = await loadVeil();
  assert.equal(veil.sessionNew('{"root": {"type": "nonsense"}}'), 0);
  assert.match(veil.error(), /^scene\.json:1:\d+: ./);
});

test('unknown, freed and forged handles are errors, not traps', async () => {
  const { veil, handle } = await session();
  for (const bad of [0, -1, handle + 1000, 0x7fffffff]) {
    assert.equal(veil.abi.veil_tick(bad, 0), status.badHandle);
    assert.equal(veil.error(), `no session with handle ${bad}`);
    assert.equal(veil.perform(bad, '{"command": {"set": {"node": "title", "hidden": true}}}'), status.badHandle);
    assert.equal(veil.abi.veil_keyframe(bad), status.badHandle);
  }
  assert.equal(veil.abi.veil_session_free(handle), status.ok);
  assert.equal(veil.abi.veil_session_free(handle), status.badHandle);
  assert.equal(veil.abi.veil_tick(handle, 0), status.badHandle);
  // Handles are not reused: the next session gets a new one, and the old one stays invalid.
  const next = veil.sessionNew(scene);
  assert.ok(next > handle);
  assert.equal(veil.abi.veil_tick(handle, 0), status.badHandle);
  assert.ok(veil.tick(next, 0) !== null);
});

test('bad arguments are errors: negative or huge lengths, null pointers, non-finite times', async () => {
  const { veil, handle } = await session();
  assert.equal(veil.abi.veil_alloc(-1), 0);
  assert.equal(veil.abi.veil_alloc(0x7fffffff), 0);
  assert.equal(veil.abi.veil_perform(handle, 0, 10), status.badArgument);
  assert.equal(veil.abi.veil_input(handle, 16, -5), status.badArgument);
  assert.equal(veil.abi.veil_tick(handle, NaN), status.badArgument);
  assert.equal(veil.abi.veil_tick(handle, Infinity), status.badArgument);
  assert.equal(veil.abi.veil_session_new(0, 10), 0);
  // A pointer and length running past the module's memory are refused, not a trap.
  const end = veil.abi.memory.buffer.byteLength;
  assert.equal(veil.abi.veil_perform(handle, end - 4, 10), status.badArgument);
  assert.match(veil.error(), /runs past the module's memory/);
  assert.equal(veil.abi.veil_input(handle, 0x7ffffff0, 100), status.badArgument);
  assert.equal(veil.abi.veil_session_new(end + 1000, 10), 0);
  const tooBig = ' '.repeat(64 * 1024 + 1);
  assert.equal(veil.perform(handle, tooBig), status.tooLarge);
  assert.match(veil.error(), /at most 65536/);
  // None of it broke the session.
  assert.ok(veil.tick(handle, 0) !== null);
});

test('memory growth during a call does not break the JS side', async () => {
  const { veil, handle } = await session();
  veil.tick(handle, 0);
  const before = veil.abi.memory.buffer.byteLength;
  // A scene padded to most of the size bound: copying it in and out grows the memory.
  const big = scene.replace('{', `{${' '.repeat(900_000)}`);
  const second = veil.sessionNew(big);
  assert.ok(second >= 1, veil.error());
  assert.ok(veil.abi.memory.buffer.byteLength > before, 'memory grew');
  // Old views are detached; fresh ones read the results correctly.
  assert.ok(veil.tick(second, 0) !== null);
  assert.equal(veil.abi.veil_tick(9999, 0), status.badHandle);
  assert.equal(veil.error(), 'no session with handle 9999');
  const result = veil.input(handle, '{"input": {"resize": {"width": 600, "height": 600}}}');
  assert.equal(result, status.ok, veil.error());
  assert.equal(messageKind(veil.tick(handle, 1)), 'delta');
});
