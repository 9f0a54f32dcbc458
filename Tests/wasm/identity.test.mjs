// Native and wasm produce the same bytes: for every scene in examples/ (with examples/NAME.events.jsonl
// when present), veil.wasm's message stream at 30 fps over 3 s equals `veil stream`'s output.
// Needs `make wasm` and the native CLI (.build/debug/veil, or $VEIL_BIN).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadVeil, repoRoot, stream } from './veil-wasm.mjs';

const veilBin = process.env.VEIL_BIN ?? `${repoRoot}.build/debug/veil`;
const examples = `${repoRoot}examples/`;
const scenes = readdirSync(examples).filter((f) => f.endsWith('.json')).sort();
const duration = 3;
const fps = 30;

test('examples/ has scenes to compare', () => {
  assert.ok(scenes.length > 0);
});

for (const file of scenes) {
  const name = file.slice(0, -'.json'.length);
  const eventsFile = `${examples}${name}.events.jsonl`;
  const hasEvents = existsSync(eventsFile);
  test(`${file}${hasEvents ? ' with its events' : ''}: wasm stream == veil stream`,
    async () => {
      assert.ok(existsSync(veilBin), `no native CLI at ${veilBin}: run swift build --product veil (make test does)`);
      const args = ['stream', `${examples}${file}`, ...(hasEvents ? ['--events', eventsFile] : []),
        '--duration', String(duration), '--fps', String(fps)];
      const native = execFileSync(veilBin, args, { maxBuffer: 256 << 20 });
      const wasm = stream(await loadVeil(), readFileSync(`${examples}${file}`),
        hasEvents ? readFileSync(eventsFile, 'utf8') : null, { duration, fps });
      assert.ok(native.length > 0, 'the native stream has at least the keyframe');
      if (!native.equals(wasm)) {
        assert.fail(`streams differ: native ${native.length} bytes, wasm ${wasm.length} bytes, ` +
          `first difference at byte ${firstDifference(native, wasm)}`);
      }
    });
}

function firstDifference(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}
