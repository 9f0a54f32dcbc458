// Native and wasm agree on every scene: random scenes and events from the session fuzzer's grammar
// (Fuzz/Session/SceneGrammar.swift: fractional, tiny, huge, negative and 32-bit edge numbers among
// them, where veil.wasm's 32-bit Int parts ways with a 64-bit one) are played by `veil stream` and by
// veil.wasm; either both refuse them, or both produce the same bytes. Also the scenes that once
// crashed one host and not the other (issue 20), by name.
// Needs `make wasm wasm-fuzz` and the native CLI (.build/debug/veil, or $VEIL_BIN).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { loadVeil, randomInputs, repoRoot, stream } from './veil-wasm.mjs';

const veilBin = process.env.VEIL_BIN ?? `${repoRoot}.build/debug/veil`;
const fuzzPath = process.env.VEIL_FUZZ_WASM ?? `${repoRoot}.build/wasm/veil-fuzz.wasm`;
const runs = Number(process.env.VEIL_AGREEMENT_RUNS ?? 120);
const seed = BigInt(process.env.VEIL_AGREEMENT_SEED ?? 7);
const fps = 30;

/** The fuzz module's `fuzz_script`: the scene, the events file and the run's length for an input. */
async function scripts() {
  const { instance } = await WebAssembly.instantiate(readFileSync(fuzzPath), {});
  const abi = instance.exports;
  return (bytes) => {
    const pointer = abi.fuzz_alloc(bytes.length);
    new Uint8Array(abi.memory.buffer, pointer, bytes.length).set(bytes);
    abi.fuzz_script(pointer, bytes.length);
    abi.fuzz_free(pointer);
    const text = new TextDecoder().decode(
      new Uint8Array(abi.memory.buffer, abi.fuzz_message(), abi.fuzz_message_length()));
    const [scene, events, end] = text.split('\n---\n');
    return { scene, events, duration: Math.min(10, Number(end) / 1000 + 0.1) };
  };
}

/**
 * Both hosts on one scene: { native, wasm, nativeError, wasmError }. `veil stream` stops at the first
 * events line the session refuses; such lines are taken out (a few times at most) so that the rest of
 * the run is compared too.
 */
async function playBoth(veil, dir, scene, events, duration) {
  writeFileSync(`${dir}/scene.json`, scene);
  let native;
  for (let attempt = 0; ; attempt++) {
    writeFileSync(`${dir}/events.jsonl`, events);
    const args = ['stream', `${dir}/scene.json`, '--duration', String(duration), '--fps', String(fps)];
    if (events !== '') args.push('--events', `${dir}/events.jsonl`);
    native = spawnSync(veilBin, args, { maxBuffer: 256 << 20, timeout: 60_000 });
    assert.equal(native.signal, null, `veil stream died (${native.signal}): ${native.stderr}\nscene: ${scene}`);
    const refused = /events\.jsonl:(\d+):\d+: /.exec(String(native.stderr));
    if (native.status === 0 || !refused || attempt === 8) break;
    events = events.split('\n').filter((_, i) => i !== Number(refused[1]) - 1).join('\n');
  }
  let wasm = null, wasmError = null;
  try {
    wasm = stream(veil, Buffer.from(scene), events, { duration, fps });
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) throw new Error(`veil.wasm trapped (${error.message})\nscene: ${scene}\nevents:\n${events}`);
    wasmError = error.message;
  }
  return { native: native.status === 0 ? native.stdout : null, nativeError: String(native.stderr), wasm, wasmError };
}

function assertAgree(outcome, what) {
  if (outcome.native === null || outcome.wasm === null) {
    assert.ok(outcome.native === null && outcome.wasm === null,
      `${what}: one host refuses what the other runs: native ${outcome.native ? 'ran' : outcome.nativeError}; wasm ${outcome.wasm ? 'ran' : outcome.wasmError}`);
    return;
  }
  assert.ok(outcome.native.equals(outcome.wasm),
    `${what}: streams differ (native ${outcome.native.length} bytes, wasm ${outcome.wasm.length})`);
}

const sections = (height) => JSON.stringify({ root: { type: 'list', id: 'L', rowHeight: 44,
  sections: Array.from({ length: 99 }, () => ({ header: { type: 'view', height }, rowCount: 1 })),
  row: { type: 'view', background: '#FF0000' } } });

for (const [name, scene] of [
  ['a row height of 1e-20', '{"root": {"type": "list", "id": "L", "rowCount": 10, "rowHeight": 1e-20, "row": {"type": "view", "background": "#FF0000"}}}'],
  ['99 section headers 1e9 tall', sections(1e9)],
  ['99 section headers 999999999.9 tall', sections(999999999.9)],
]) {
  test(`${name}: both hosts run it and agree`, async () => {
    const dir = mkdtempSync(`${tmpdir()}/veil-agree-`);
    try {
      const outcome = await playBoth(await loadVeil(), dir, scene, '', 1);
      assert.ok(outcome.native !== null, `veil stream refuses it: ${outcome.nativeError}`);
      assertAgree(outcome, name);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
}

test('host nodes in a stack, a sheet page and scrolled list rows, resized by the host command: both hosts agree', async () => {
  const scene = JSON.stringify({ canvas: { width: 390, height: 844 }, root: { type: 'view', children: [
    { type: 'stack', id: 'page', children: [
      { type: 'host', id: 'form', height: 120.5 },
      { type: 'spacer', minLength: 3.25 },
      { type: 'list', id: 'L', height: 300, rowCount: 50, rowHeight: 61.3,
        row: { type: 'stack', axis: 'horizontal', children: [{ type: 'host', id: 'ad', width: 44.4 }, { type: 'spacer' }, { type: 'label', text: 'Row {index}' }] } }] },
    { type: 'sheet', id: 'sheet', anchors: [{ fromTop: 400 }, 'collapsed'], children: [
      { type: 'stack', children: [{ type: 'host', id: 'map', height: 200.3 }] }] }] } });
  const events = [
    '{"t": 0.2, "command": {"host": {"node": "form", "height": 412.7}}}',
    '{"t": 0.3, "command": {"scroll": {"node": "L", "to": 333.3, "animated": true}}}',
    '{"t": 0.5, "command": {"sheet": {"node": "sheet", "collapse": true}}}',
    '{"t": 0.9, "command": {"host": {"node": "map", "width": 100.1, "height": 90.9}}}',
  ].join('\n');
  const dir = mkdtempSync(`${tmpdir()}/veil-agree-`);
  try {
    const outcome = await playBoth(await loadVeil(), dir, scene, events, 2);
    assert.ok(outcome.native !== null, `veil stream refuses it: ${outcome.nativeError}`);
    assertAgree(outcome, 'host nodes');
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test(`${runs} random scenes with extreme numbers: native and wasm agree (seed ${seed})`, async (t) => {
  const script = await scripts();
  const dir = mkdtempSync(`${tmpdir()}/veil-agree-`);
  let veil = await loadVeil();
  let accepted = 0;
  try {
    let i = 0;
    for (const bytes of randomInputs(runs, seed, 1024)) {
      const { scene, events, duration } = script(bytes);
      const outcome = await playBoth(veil, dir, scene, events, duration);
      if (outcome.native !== null) accepted++;
      if (outcome.wasmError) veil = await loadVeil();
      assertAgree(outcome, `input ${i++} (${Buffer.from(bytes).toString('hex').slice(0, 64)}…)`);
    }
  } finally {
    rmSync(dir, { recursive: true });
  }
  t.diagnostic(`${accepted} of ${runs} accepted and compared`);
  assert.ok(accepted >= runs / 4, `only ${accepted} of ${runs} random scenes were accepted: the grammar drifted from the reader`);
});

test('ticks at huge finite times with a spinner showing run in wasm (no trap)', async () => {
  const veil = await loadVeil();
  const handle = veil.sessionNew('{"root": {"type": "view", "id": "root", "frame": {"x": 0, "y": 0, "width": 200, "height": 200}}}');
  assert.ok(handle > 0, veil.error());
  assert.equal(veil.perform(handle, '{"command": {"spinner": {"node": "root", "show": true}}}'), 0, veil.error());
  veil.tick(handle, 0);
  for (const t of [1e9, 2.3e307, Number.MAX_VALUE]) veil.tick(handle, t);  // throws on a trap
});
