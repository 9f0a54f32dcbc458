// The session fuzzer compiled for wasm (.build/wasm/veil-fuzz.wasm, `make wasm-fuzz`: VeilCore in
// Embedded Swift as in veil.wasm, with Fuzz/Session over it) run on random inputs: no input may trap
// or break an invariant (every message decodes and applies to a mirror; nodes, entries and text per
// tick within their bounds). The inputs come from a fixed-seed generator, so a failure repeats;
// VEIL_FUZZ_SEED picks other ones, VEIL_FUZZ_RUNS how many. `make fuzz` sets VEIL_FUZZ_SECONDS (run
// for that long, a fresh seed) and VEIL_FUZZ_FINDINGS: a failing input is written there, to be
// kept in Tests/Fuzz/regressions/session/ once understood.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { randomInputs, repoRoot } from './veil-wasm.mjs';

const modulePath = process.env.VEIL_FUZZ_WASM ?? `${repoRoot}.build/wasm/veil-fuzz.wasm`;
const seconds = Number(process.env.VEIL_FUZZ_SECONDS ?? 0);
const runs = seconds > 0 ? Infinity : Number(process.env.VEIL_FUZZ_RUNS ?? 300);
const seed = BigInt(process.env.VEIL_FUZZ_SEED ?? (seconds > 0 ? Date.now() : 1));
const findings = process.env.VEIL_FUZZ_FINDINGS;

/** A fresh instance (one that trapped cannot be used again) and a function running one input. */
async function load() {
  const { instance } = await WebAssembly.instantiate(await readFile(modulePath), {});
  const abi = instance.exports;
  return (bytes) => {
    const pointer = abi.fuzz_alloc(bytes.length);
    new Uint8Array(abi.memory.buffer, pointer, bytes.length).set(bytes);
    const result = abi.fuzz_run(pointer, bytes.length);
    abi.fuzz_free(pointer);
    const message = result === 0 ? '' : new TextDecoder().decode(
      new Uint8Array(abi.memory.buffer, abi.fuzz_message(), abi.fuzz_message_length()));
    return { result, message };
  };
}

function hex(bytes) {
  return Buffer.from(bytes).toString('hex');
}

test('the module imports nothing', async () => {
  const module = new WebAssembly.Module(await readFile(modulePath));
  assert.deepEqual(WebAssembly.Module.imports(module), []);
});

/** Keeps a failing input where `make fuzz` asked for it; returns where, for the message. */
async function keep(bytes) {
  if (!findings) return '';
  await mkdir(findings, { recursive: true });
  const path = `${findings}/session-${hex(bytes).slice(0, 16)}`;
  await writeFile(path, bytes);
  return ` (kept as ${path})`;
}

test(`${seconds > 0 ? `${seconds} s of` : runs} random session runs in wasm (seed ${seed}): no trap, every invariant holds`, async (t) => {
  let run = await load();
  const end = Date.now() + seconds * 1000;
  let count = 0;
  for (const bytes of randomInputs(runs, seed, 2048)) {
    if (seconds > 0 && Date.now() >= end) break;
    count++;
    let outcome;
    try {
      outcome = run(bytes);
    } catch (error) {
      run = await load();
      assert.fail(`trap (${error.message}) on input ${hex(bytes)}${await keep(bytes)}`);
    }
    if (outcome.result !== 0) assert.fail(`${outcome.message}\ninput: ${hex(bytes)}${await keep(bytes)}`);
  }
  t.diagnostic(`${count} inputs run`);
});

test('the session regression inputs (Tests/Fuzz/regressions/session) pass in wasm too', async () => {
  const folder = `${repoRoot}Tests/Fuzz/regressions/session/`;
  const names = await readdir(folder).catch(() => []);
  const run = await load();
  for (const name of names) {
    const outcome = run(new Uint8Array(await readFile(folder + name)));
    assert.equal(outcome.result, 0, `${name}: ${outcome.message}`);
  }
});
