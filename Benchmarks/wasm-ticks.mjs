// veil.wasm's tick time in node on the scenes Benchmarks/SessionTicks measures natively, and the
// ratio wasm / native per case (the native figures come from the same `make bench` run, written by
// the Swift benchmark to .build/bench-native.json). Means of 2,000 ticks at 60 fps, measured like
// the Swift summary, after a warm-up long enough for V8 to tier the module up (the first thousands
// of calls run in its baseline compiler and would make the first case look 5–20× slower).
import { readFileSync } from 'node:fs';
import { loadVeil, repoRoot } from '../Tests/wasm/veil-wasm.mjs';

const scene = (path) => readFileSync(`${repoRoot}${path}`, 'utf8');
const skeleton = (node, style) => `{"command": {"skeleton": {"node": "${node}", "show": true, "style": "${style}"}}}`;
const withoutTimeline = (text) => { const s = JSON.parse(text); s.timeline = []; return JSON.stringify(s); };

const inbox = (rows) => { const s = JSON.parse(scene('examples/inbox.json')); s.timeline = []; s.root.rowCount = rows; return JSON.stringify(s); };
// Every 2 s a touch flicks the list up 240 pt in six frames (as Benchmarks/SessionTicks does).
const pointer = (phase, y) => `{"input": {"pointer": {"phase": "${phase}", "x": 200, "y": ${y}, "kind": "touch"}}}`;
const flinging = (k) => {
  const step = k % 120;
  if (step === 0) return pointer('down', 600);
  if (step <= 6) return pointer('move', 600 - 40 * step);
  if (step === 7) return pointer('up', 360);
  return null;
};

const cases = [
  ['10k placeholders, static, nothing due', scene('.build/bench-scenes/grid-100x100.json'), []],
  ['10 items, static, nothing due', scene('.build/bench-scenes/grid-1x10.json'), []],
  ['10k placeholders, sliding shimmer', scene('.build/bench-scenes/grid-100x100.json'), [skeleton('root', 'sliding')]],
  ['feed, sliding shimmer', withoutTimeline(scene('examples/feed.json')), [skeleton('feed', 'sliding')]],
  ['feed, pulse', withoutTimeline(scene('examples/feed.json')), [skeleton('feed', 'pulse')]],
  ['inbox of 1,000,000 rows, flung', inbox(1000000), [], flinging],
  ['inbox of 100 rows, flung', inbox(100), [], flinging],
];

const veil = await loadVeil();
let native = {};
try { native = JSON.parse(readFileSync(`${repoRoot}.build/bench-native.json`, 'utf8')); } catch { /* run alone */ }
console.log('=== veil.wasm tick figures (node, means of 2,000 ticks at 60 fps) ===');
for (const [index, [name, text, commands, perTick]] of [cases[2], ...cases].entries()) {
  const handle = veil.sessionNew(text);
  if (handle === 0) throw new Error(`${name}: ${veil.error()}`);
  for (const c of commands) if (veil.perform(handle, c) !== 0) throw new Error(`${name}: ${veil.error()}`);
  let k = 0;
  const input = (k) => { const line = perTick?.(k); if (line && veil.input(handle, line) !== 0) throw new Error(`${name}: ${veil.error()}`); };
  for (; k <= 30 + 2000; k++) { input(k); veil.tick(handle, k / 60); }
  const count = 2000;
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++, k++) { input(k); veil.abi.veil_tick(handle, k / 60); }
  const micros = Number(process.hrtime.bigint() - start) / 1000 / count;
  const ratio = native[name] ? ` (${(micros / native[name]).toFixed(1)}× native ${native[name].toFixed(2)} µs)` : '';
  if (index > 0) console.log(`${name}: ${micros.toFixed(2)} µs per tick${ratio}`);  // the first run only warms up
  veil.abi.veil_session_free(handle);
}
console.log('===');
