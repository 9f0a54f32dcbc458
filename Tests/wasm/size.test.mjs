// veil.wasm's size budget (docs/EMBED.md, "veil.wasm's size budget"): the module may not grow past
// the size recorded in tools/wasm/size-budget.json plus its margin, raw or gzipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { repoRoot, wasmPath } from './veil-wasm.mjs';

test('veil.wasm stays within its recorded size (plus the margin)', () => {
  const budget = JSON.parse(readFileSync(`${repoRoot}tools/wasm/size-budget.json`, 'utf8'));
  const bytes = readFileSync(wasmPath);
  const gzip = gzipSync(bytes, { level: 9 }).length; // node's zlib at level 9: the number the budget records
  assert.ok(bytes.length <= budget.raw + budget.margin,
    `veil.wasm is ${bytes.length} bytes, over its budget of ${budget.raw} + ${budget.margin} (tools/wasm/size-budget.json)`);
  assert.ok(gzip <= budget.gzip + budget.margin,
    `veil.wasm is ${gzip} bytes gzipped, over its budget of ${budget.gzip} + ${budget.margin}`);
});
