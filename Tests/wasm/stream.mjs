#!/usr/bin/env node
// `veil stream` computed by veil.wasm in node, for comparing with the native output:
//   node Tests/wasm/stream.mjs SCENE [--events FILE] --duration S --fps N   (bytes on stdout)
import { readFile } from 'node:fs/promises';
import { loadVeil, stream } from './veil-wasm.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
};
const events = option('--events');
const duration = Number(option('--duration', '3'));
const fps = Number(option('--fps', '30'));
if (args.length !== 1) {
  console.error('usage: stream.mjs SCENE [--events FILE] --duration S --fps N');
  process.exit(2);
}
const veil = await loadVeil();
const bytes = stream(veil, await readFile(args[0]), events ? await readFile(events, 'utf8') : null,
                     { duration, fps });
process.stdout.write(bytes);
