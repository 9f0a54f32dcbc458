// Native and wasm produce the same bytes: for every scene in examples/ (with examples/NAME.events.jsonl
// when present), and for random timelines of commands and input stamped at odd times (fades,
// skeletons of every style, statuses, spinners, taps, resizes), veil.wasm's message stream at 30 fps
// equals `veil stream`'s output.
// Needs `make wasm` and the native CLI (.build/debug/veil, or $VEIL_BIN).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

// SplitMix64 on BigInt: the same timelines on every run (the seed is in the test's name).
function random(seed) {
  let state = BigInt(seed);
  const mask = (1n << 64n) - 1n;
  return (n) => {
    state = (state + 0x9E3779B97F4A7C15n) & mask;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & mask;
    return Number((z ^ (z >> 31n)) % BigInt(n));
  };
}

function randomLine(next, t) {
  const host = ['feed', 'root', 'upload'][next(3)];
  const fade = next(2) ? `, "transition": {"crossDissolve": ${(1 + next(8)) / 10}}` : '';
  const action = [
    () => `"command": {"skeleton": {"node": "${host}", "show": true, "style": "${['solid', 'gradient', 'pulse', 'sliding'][next(4)]}"${fade}}}`,
    () => `"command": {"skeleton": {"node": "${host}", "hide": true${fade}}}`,
    () => `"command": {"status": {"node": "${host}", "state": "${['loading', 'error', 'empty', 'none'][next(4)]}"${next(2) ? ', "transition": "crossDissolve"' : ''}}}`,
    () => `"command": {"spinner": {"node": "${host}", "show": ${next(2) === 1}}}`,
    () => `"input": {"resize": {"width": ${200 + next(700)}, "height": ${200 + next(700)}}}`,
    () => `"input": {"pointer": {"phase": "${['down', 'move', 'up', 'cancel'][next(4)]}", "x": ${next(400)}, "y": ${next(800)}, "kind": "${['mouse', 'touch'][next(2)]}"}}`,
    () => `"input": {"key": {"phase": "down", "key": "${['Tab', 'Enter', 'Escape'][next(3)]}"}}`,
  ][next(7)]();
  return `{"t": ${t.toFixed(3)}, ${action}}`;
}

for (const seed of [1, 2, 3, 4, 5, 6]) {
  const scene = seed % 2 ? 'status.json' : 'feed.json';
  test(`random timeline ${seed} over ${scene}: wasm stream == veil stream`, async () => {
    const next = random(seed);
    let lines = [];
    let t = 0;
    for (let i = 0; i < 14; i++) {
      t += next(40) / 37;  // odd times: actions land between ticks
      lines.push(randomLine(next, t));
    }
    const duration = Math.ceil(t + 1);
    const dir = mkdtempSync(`${tmpdir()}/veil-identity-`);
    try {
      const eventsFile = `${dir}/random.events.jsonl`;
      const args = ['stream', `${examples}${scene}`, '--events', eventsFile, '--duration', String(duration), '--fps', '30'];
      // A run stops at an action the session refuses (a host the scene lacks, a skeleton on a node
      // that is not skeletonable): drop such lines, as the native run names them, and go again.
      let native = null;
      for (let attempt = 0; attempt < 14 && native === null; attempt++) {
        writeFileSync(eventsFile, lines.join('\n') + '\n');
        try {
          native = execFileSync(veilBin, args, { maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
        } catch (error) {
          const line = Number(/random\.events\.jsonl:(\d+)/.exec(String(error.stderr))?.[1]);
          assert.ok(line > 0, `veil stream failed without naming a line: ${error.stderr}`);
          lines = lines.filter((_, i) => i !== line - 1);
        }
      }
      assert.ok(native !== null && lines.length >= 4, `too few actions apply (${lines.length})`);
      const wasm = stream(await loadVeil(), readFileSync(`${examples}${scene}`), lines.join('\n') + '\n',
        { duration, fps: 30 });
      if (!native.equals(wasm)) {
        assert.fail(`streams differ: native ${native.length} bytes, wasm ${wasm.length} bytes, ` +
          `first difference at byte ${firstDifference(native, wasm)}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

function firstDifference(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}
