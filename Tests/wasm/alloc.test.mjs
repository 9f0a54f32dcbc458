// veil.wasm's allocator (tools/wasm/support.c, in place of dlmalloc) through veil_alloc/veil_free:
// random allocations and frees keep every live block's bytes, never overlap, are 8-byte aligned as
// veil_alloc promises, and freed blocks are reused, so repeating the same work does not grow memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadVeil } from './veil-wasm.mjs';

/** splitmix64 as a number generator in [0, 1): the same sequence on every run. */
function random(seed) {
  let state = BigInt(seed);
  return () => {
    state = (state + 0x9E3779B97F4A7C15n) & 0xFFFFFFFFFFFFFFFFn;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & 0xFFFFFFFFFFFFFFFFn;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & 0xFFFFFFFFFFFFFFFFn;
    return Number((z ^ (z >> 31n)) >> 11n) / 2 ** 53;
  };
}

/** 3,000 random steps of allocating (sizes 0 B–256 KB, mostly small) or freeing; checks every live block. */
function churn(veil, seed) {
  const next = random(seed);
  const live = new Map();  // pointer → [length, fill byte]
  const check = () => {
    const memory = new Uint8Array(veil.abi.memory.buffer);
    const spans = [...live].map(([p, [n]]) => [p, p + Math.max(n, 1)]).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) assert.ok(spans[i - 1][1] <= spans[i][0], 'blocks overlap');
    for (const [p, [n, fill]] of live) {
      for (let i = 0; i < n; i += Math.max(1, n >> 4)) assert.equal(memory[p + i], fill, `block ${p} lost its bytes`);
      if (n > 0) assert.equal(memory[p + n - 1], fill, `block ${p} lost its last byte`);
    }
  };
  for (let step = 0; step < 3000; step++) {
    if (live.size > 0 && next() < 0.45) {
      const pointers = [...live.keys()];
      const p = pointers[Math.floor(next() * pointers.length)];
      veil.abi.veil_free(p);
      live.delete(p);
    } else {
      const n = next() < 0.9 ? Math.floor(next() * 300) : Math.floor(next() * 262144);
      const p = veil.abi.veil_alloc(n);
      assert.notEqual(p, 0, `veil_alloc(${n}) failed`);
      assert.equal(p % 8, 0, 'a block is 8-byte aligned');
      const fill = step % 251;
      new Uint8Array(veil.abi.memory.buffer, p, n).fill(fill);
      live.set(p, [n, fill]);
    }
    if (step % 100 === 0) check();
  }
  check();
  for (const p of live.keys()) veil.abi.veil_free(p);
}

test('allocations keep their bytes, never overlap, and freed memory is reused', async () => {
  const veil = await loadVeil();
  churn(veil, 7);
  const grown = veil.abi.memory.buffer.byteLength;
  churn(veil, 7);
  assert.equal(veil.abi.memory.buffer.byteLength, grown, 'the same work again needs no more memory');
  veil.abi.veil_free(0);  // null is ignored
});
