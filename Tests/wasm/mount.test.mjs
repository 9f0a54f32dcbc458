// mount() of Web/veil.js in node on the real veil.wasm (docs/EMBED.md): from files, every command,
// events, errors, destroy, the frame loop's idling, reduced motion and the colour scheme.
// Needs `make wasm` first. A fake window (rAF, matchMedia, clock) and a fake canvas stand in for a page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { repoRoot, wasmPath } from './veil-wasm.mjs';
import { recordingContext } from '../web/fixtures/recording-context.mjs';

const { mount } = await import('../../Web/veil.js');

const wasm = wasmPath;
const example = (name) => `${repoRoot}examples/${name}`;

/** A scene with a list under a card, for the status, spinner and skeleton commands. */
const feedScene = {
  name: 'test-feed', canvas: { width: 320, height: 480 }, background: '#FFFFFF',
  root: { type: 'view', id: 'screen', children: [
    { type: 'list', id: 'feed', frame: { x: 0, y: 0, width: 320, height: 480 }, skeletonable: true,
      rowCount: 3, rowHeight: 80,
      row: { type: 'view', id: 'row', skeletonable: true, children: [
        { type: 'label', id: 'title', text: 'Row', skeletonable: true, frame: { x: 16, y: 16, width: 200, height: 20 } }] } },
  ] },
};

/** Records every line the session is sent (the JSON the core reads). */
function recordLines(veil) {
  const lines = [];
  const { session } = veil;
  const perform = session.perform.bind(session), input = session.input.bind(session);
  session.perform = (c) => { lines.push(JSON.parse(typeof c === 'string' ? c : JSON.stringify(c))); perform(c); };
  session.input = (i) => { lines.push(JSON.parse(typeof i === 'string' ? i : JSON.stringify(i))); input(i); };
  return lines;
}

/** A window whose animation frames run when the test says so, with media queries it controls. */
function fakeWindow({ dark = false, reduce = false } = {}) {
  let now = 0, nextId = 1;
  const frames = new Map();
  const queries = {
    '(prefers-color-scheme: dark)': { matches: dark, listeners: new Set() },
    '(prefers-reduced-motion: reduce)': { matches: reduce, listeners: new Set() },
  };
  return {
    devicePixelRatio: 1,
    performance: { now: () => now },
    requestAnimationFrame(fn) { const id = nextId++; frames.set(id, fn); return id; },
    cancelAnimationFrame(id) { frames.delete(id); },
    matchMedia(q) {
      const entry = queries[q] ?? { matches: false, listeners: new Set() };
      return { get matches() { return entry.matches; },
        addEventListener: (_, fn) => entry.listeners.add(fn), removeEventListener: (_, fn) => entry.listeners.delete(fn) };
    },
    /** Flips a media query and tells its listeners. */
    setMedia(q, matches) { queries[q].matches = matches; for (const fn of queries[q].listeners) fn({ matches }); },
    get pendingFrames() { return frames.size; },
    /** Advances the clock by `ms` and runs the animation frames asked for until then. */
    runFrame(ms = 16) {
      now += ms;
      const due = [...frames.values()];
      frames.clear();
      for (const fn of due) fn(now);
      return due.length;
    },
  };
}

function fakeCanvas() {
  const listeners = new Map();
  const canvas = {
    width: 0, height: 0, tabIndex: -1, style: {}, dataset: {}, clientWidth: 320, clientHeight: 480,
    parentElement: { clientWidth: 320, clientHeight: 480 },
    ctx: recordingContext(),
    getContext() { return this.ctx; },
    addEventListener(type, fn) { listeners.set(type, fn); },
    removeEventListener(type) { listeners.delete(type); },
    getBoundingClientRect: () => ({ left: 0, top: 0, width: 320, height: 480 }),
    focus() {}, setPointerCapture() {},
    listeners,
  };
  return canvas;
}

async function mountFake(scene = feedScene, options = {}) {
  const env = fakeWindow(options.media);
  const canvas = fakeCanvas();
  const veil = await mount(canvas, { scene, wasm, env, accessible: false, ...options });
  return { veil, env, canvas };
}

test('headless mount from files: a keyframe of the scene size, then nothing while nothing changes', async () => {
  const veil = await mount(null, { scene: example('hello.json'), wasm });
  const scene = JSON.parse(await readFile(example('hello.json'), 'utf8'));
  const first = veil.tick(0);
  assert.ok(first, 'the first tick sends a keyframe');
  assert.equal(first.frame.width, scene.canvas.width * 8);
  assert.equal(first.frame.height, scene.canvas.height * 8);
  assert.equal(veil.frame, first.frame);
  veil.destroy();
});

test('the scene may be an object, JSON text or a path; the wasm a path, a file URL or bytes', async () => {
  const text = JSON.stringify(feedScene);
  const bytes = await readFile(wasm);
  for (const [scene, module] of [[feedScene, wasm], [text, new URL(`file://${wasm}`)], [text, bytes]]) {
    const veil = await mount(null, { scene, wasm: module });
    assert.equal(veil.tick(0).frame.width, 320 * 8);
    veil.destroy();
  }
});

test('every command method sends its command of docs/SCENE.md, and the core accepts it', async () => {
  const veil = await mount(null, { scene: feedScene, wasm, node: 'feed' });
  const lines = recordLines(veil);
  veil.tick(0);
  veil.skeleton.show({ style: 'sliding', direction: 'rightLeft', transition: { crossDissolve: 0.1 } });
  veil.skeleton.update({ style: 'pulse', color: '#3498DB' });
  veil.skeleton.hide({ transition: 'none' });
  veil.status.show({ state: 'error', message: 'Offline' });
  veil.status.hide();
  veil.spinner.show();
  veil.spinner.hide();
  veil.rows.append({ rows: [{ title: 'Four' }] });
  veil.rows.prepend({ rows: [{ title: 'Zero' }] });
  veil.rows.replace({ at: 1, rows: [{ title: 'One' }] });
  veil.rows.remove({ at: 0, count: 1 });
  veil.scroll.to({ to: 40 });
  veil.set({ node: 'screen', background: '#EEEEEE' });
  assert.deepEqual(lines.map((l) => l.command), [
    { skeleton: { node: 'feed', show: true, style: 'sliding', direction: 'rightLeft', transition: { crossDissolve: 0.1 } } },
    { skeleton: { node: 'feed', update: { style: 'pulse', color: '#3498DB' } } },
    { skeleton: { node: 'feed', hide: true, transition: 'none' } },
    { status: { node: 'feed', state: 'error', message: 'Offline' } },
    { status: { node: 'feed', state: 'none' } },
    { spinner: { node: 'feed', show: true } },
    { spinner: { node: 'feed', show: false } },
    { rows: { node: 'feed', append: [{ title: 'Four' }] } },
    { rows: { node: 'feed', prepend: [{ title: 'Zero' }] } },
    { rows: { node: 'feed', replace: { at: 1, rows: [{ title: 'One' }] } } },
    { rows: { node: 'feed', remove: { at: 0, count: 1 } } },
    { scroll: { node: 'feed', to: 40, animated: false } },
    { set: { node: 'screen', background: '#EEEEEE' } },
  ]);
  assert.ok(veil.tick(0.5), 'the commands changed the frame');
  veil.destroy();
});

test('sheet, refresh and loadMore commands reach the core on the demo scenes', async () => {
  const maps = await mount(null, { scene: example('maps.json'), wasm, node: 'sheet' });
  const mapLines = recordLines(maps);
  maps.tick(0);
  maps.sheet.expand();
  maps.tick(1);
  maps.sheet.collapse();
  maps.tick(2);
  maps.sheet.snapTo({ index: 1, animated: false });
  maps.sheet.push({ page: 'detail' });
  maps.tick(3);
  maps.sheet.pop();
  maps.tick(4);
  maps.sheet.setPages({ pages: ['results'] });
  maps.sheet.popToRoot();
  assert.deepEqual(mapLines.map((l) => Object.keys(l.command.sheet).filter((k) => k !== 'node')[0]),
    ['expand', 'collapse', 'snapTo', 'push', 'pop', 'setPages', 'popToRoot']);
  maps.destroy();

  const inbox = await mount(null, { scene: example('inbox.json'), wasm });
  const inboxLines = recordLines(inbox);
  inbox.tick(0);
  assert.equal(inbox.defaultNode, 'inbox', 'the root id is the default node');
  inbox.refresh.begin();
  inbox.tick(0.5);
  inbox.refresh.end();
  inbox.refresh.setEnabled({ enabled: false });
  inbox.loadMore.end();
  inbox.loadMore.setHasMore({ hasMore: false });
  assert.deepEqual(inboxLines.map((l) => Object.keys(l.command)[0] + '.' + Object.keys(l.command[Object.keys(l.command)[0]])[1]),
    ['refresh.begin', 'refresh.end', 'refresh.enabled', 'loadMore.end', 'loadMore.hasMore']);
  inbox.destroy();
});

test('host events reach on(name) and on("*"); a tap on Retry and press() report the same event', async () => {
  const veil = await mount(null, { scene: feedScene, wasm, node: 'feed' });
  const retries = [], all = [], frames = [];
  veil.on('retry', (e) => retries.push(e));
  const off = veil.on('*', (e) => all.push(e));
  veil.on('frame', (f) => frames.push(f));
  veil.tick(0);
  veil.status.show({ state: 'error', message: 'The network connection was lost.' });
  veil.tick(0.1);
  const { statuses, buttons } = veil.describe();
  assert.deepEqual(statuses.map((s) => s.text), ['Error. The network connection was lost.']);
  assert.equal(buttons.length, 1);
  assert.deepEqual([buttons[0].title, buttons[0].action, buttons[0].node], ['Retry', 'retry', 'feed/status/action']);
  veil.press(buttons[0]);
  veil.tick(0.2);
  assert.deepEqual(retries, [{ name: 'retry', node: 'feed/status/action' }]);
  off();
  const b = buttons[0];
  veil.input({ pointer: { phase: 'down', x: b.x + 4, y: b.y + 4 } });
  veil.input({ pointer: { phase: 'up', x: b.x + 4, y: b.y + 4 } });
  veil.tick(0.3);
  assert.equal(retries.length, 2, 'a tap reports the same event');
  assert.equal(all.length, 1, 'unsubscribed listeners hear nothing more');
  assert.ok(frames.length >= 2);
  veil.destroy();
});

test('press() on a sheet\'s described grabber moves it to the next anchor, where it is drawn now', async () => {
  const veil = await mount(null, { scene: example('maps.json'), wasm });
  veil.tick(0);
  veil.tick(1);
  const before = veil.describe();
  assert.deepEqual(before.sheets.map((s) => [s.node, s.grabber, s.anchor, s.anchors]), [['sheet', 'sheet/grabber', 1, 3]]);
  const grabber = before.buttons.find((b) => b.node === 'sheet/grabber');
  assert.ok(grabber.y > 300, `described at the half-open sheet's top, not at the expanded one: ${grabber.y}`);
  veil.press(grabber);
  veil.tick(3);
  const after = veil.describe();
  assert.equal(after.sheets[0].anchor, 0, 'expanded');
  assert.ok(after.buttons.find((b) => b.node === 'sheet/grabber').y < 100, 'the grabber moved up with the sheet');
  veil.press(grabber); // the button as described before: press() finds where it is now
  veil.tick(5);
  assert.equal(veil.describe().sheets[0].anchor, 2, 'from the top back to the lowest');
  veil.destroy();
});

test('describe(): buttons in a scrolled list where they are drawn; those scrolled out of view left out', async () => {
  const scene = { canvas: { width: 320, height: 400 }, root: { type: 'view', id: 'screen', children: [
    { type: 'list', id: 'inbox', rowCount: 40, rowHeight: 44, skeletonRows: 0, frame: { x: 0, y: 50, width: 320, height: 200 },
      row: { type: 'button', id: 'open', title: 'Open', action: 'open' } }] } };
  const veil = await mount(null, { scene, wasm });
  const opened = [];
  veil.on('open', (e) => opened.push(e.node));
  veil.tick(0);
  veil.scroll.to({ node: 'inbox', to: 300, animated: false });
  veil.tick(0.1);
  const { buttons } = veil.describe();
  assert.deepEqual(buttons.map((b) => b.node), [6, 7, 8, 9, 10, 11].map((k) => `inbox/${k}/open`));
  assert.deepEqual(buttons.map((b) => [b.y, b.height]), [[50, 8], [58, 44], [102, 44], [146, 44], [190, 44], [234, 16]]);
  veil.press(buttons[2]);
  veil.tick(0.2);
  assert.deepEqual(opened, ['inbox/8/open'], 'a press taps the row drawn there');
  veil.destroy();
});

test('errors: a bad scene rejects with line:column, a wrong or missing wasm says what was fetched', async () => {
  await assert.rejects(mount(null, { scene: '{"name": "x",\n "root": {"type": "lable"}}', wasm }), (error) => {
    assert.match(error.message, /^scene:2:19: /);
    assert.equal(error.line, 2);
    assert.equal(error.column, 19);
    return true;
  });
  await assert.rejects(mount(null, { scene: `${repoRoot}Tests/web/fixtures/missing.json`, wasm }), /missing\.json/);
  await assert.rejects(mount(null, { scene: feedScene, wasm: `${repoRoot}Web/veil.js` }),
    /veil\.wasm: .*Web\/veil\.js is not a usable veil\.wasm: .*magic/);
  await assert.rejects(mount(null, { scene: feedScene, wasm: '/nowhere/veil.wasm' }), /\/nowhere\/veil\.wasm/);
  await assert.rejects(mount(null, { scene: feedScene, wasm: new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]) }),
    /does not export/);
  await assert.rejects(mount(null, {}), /scene is required/);
});

test('a refused command throws the core\'s message and changes nothing; no node is a clear error', async () => {
  const veil = await mount(null, { scene: feedScene, wasm });
  const before = veil.tick(0).frame;
  assert.throws(() => veil.skeleton.show({ node: 'nope' }), /nope/);
  assert.equal(veil.tick(0.5), null, 'nothing changed');
  assert.equal(veil.frame, before);
  const unnamed = await mount(null, { scene: { ...feedScene, root: { ...feedScene.root, id: undefined } }, wasm });
  assert.throws(() => unnamed.spinner.show(), /spinner\.show needs a node/);
  veil.destroy();
  unnamed.destroy();
});

test('destroy frees the session, stops the loop and refuses later calls', async () => {
  const { veil, env, canvas } = await mountFake();
  assert.ok(veil.engine.rafId, 'mounting asks for the first frame');
  const handle = veil.session.handle;
  veil.destroy();
  veil.destroy(); // idempotent
  assert.equal(veil.engine.rafId, 0, 'the frame asked for is cancelled');
  env.runFrame();
  assert.equal(env.pendingFrames, 0, 'and none is asked for after');
  assert.equal(canvas.listeners.size, 0, 'input listeners removed');
  assert.throws(() => veil.skeleton.show({ node: 'feed' }), /destroyed/);
  assert.ok(veil.session.module.call('veil_session_free', handle) < 0, 'the wasm session is gone');
});

test('a spinner turns and fades on the page without a message: its turn and its fade are declared once', async () => {
  const { veil, env, canvas } = await mountFake();
  env.runFrame();
  veil.spinner.show({ node: 'screen' });
  env.runFrame();
  const after = veil.stats.messages, ticks = veil.stats.ticks;
  assert.ok(veil.frame.itemMotions?.some((m) => m.field === 'rotation' && m.steps?.count === 8), 'the turn is declared');
  assert.ok(veil.frame.itemMotions?.some((m) => m.field === 'opacity' && m.fade?.duration === 0.25), 'so is the fade-in');
  const drawn = Number(canvas.dataset.drawn);
  for (let i = 0; i < 10; i++) assert.equal(env.runFrame(), 1, 'it asks for every frame while it fades in and turns');
  assert.equal(veil.stats.messages, after, 'no message while it fades in and turns');
  assert.ok(Number(canvas.dataset.drawn) > drawn, 'drawn as it turns');
  assert.ok(veil.stats.ticks - ticks <= 2, `the core is hardly ticked (${veil.stats.ticks - ticks} ticks in 10 frames)`);
  veil.destroy();
});

test('the frame loop runs only while something animates', async () => {
  const { veil, env, canvas } = await mountFake();
  env.runFrame();
  assert.ok(veil.frame, 'the first frame came');
  assert.equal(canvas.dataset.drawn, '1', 'drawn in the same animation frame');
  assert.equal(env.pendingFrames, 0, 'a still scene asks for no more frames');
  veil.skeleton.show({ node: 'feed', style: 'sliding' });
  assert.equal(env.pendingFrames, 1, 'a command wakes the loop');
  for (let i = 0; i < 10; i++) assert.equal(env.runFrame(), 1, 'a shimmer animates every frame');
  // Past the fade-in, the shimmer is the frame's motion: each frame draws it anew, the core sends nothing.
  for (let i = 0; i < 20; i++) env.runFrame();
  const before = veil.stats.messages, drawn = Number(canvas.dataset.drawn);
  for (let i = 0; i < 30; i++) assert.equal(env.runFrame(), 1, 'the shimmer still asks for every frame');
  assert.equal(veil.stats.messages, before, 'no message while only the light moves');
  assert.ok(Number(canvas.dataset.drawn) >= drawn + 29, `each frame drawn (${canvas.dataset.drawn} after ${drawn})`);
  assert.equal(veil.frame.motions?.length, 1);
  const messages = veil.stats.messages;
  veil.skeleton.update({ node: 'feed', style: 'solid' });
  for (let i = 0; i < 30 && env.pendingFrames > 0; i++) env.runFrame();
  assert.equal(env.pendingFrames, 0, 'a static skeleton stops the loop once its fade is over');
  assert.ok(veil.stats.messages > messages);
  veil.destroy();
});

test('flush() draws now what the next animation frame would, and the loop goes on from there', async () => {
  const { veil, env, canvas } = await mountFake();
  veil.skeleton.show({ node: 'feed', style: 'sliding', transition: 'none' });
  const asked = veil.stats.animationFrames;
  veil.flush();
  assert.ok(veil.frame, 'the frame came without an animation frame');
  assert.equal(canvas.dataset.drawn, '1', 'and was drawn');
  assert.equal(veil.stats.animationFrames, asked + 1, 'the shimmer asks for the next frame, once');
  const ticks = veil.stats.ticks;
  const drawn = Number(canvas.dataset.drawn);
  env.runFrame(0); // an animation frame stamped before the flush: time does not go back
  assert.equal(veil.stats.ticks, ticks, 'only the declared light moves: drawn, the core not ticked');
  assert.ok(Number(canvas.dataset.drawn) > drawn, "the light drawn at the frame's time");
  assert.ok(veil.engine.lastTick >= 0);
  veil.destroy();
  assert.throws(() => veil.flush(), /destroyed/);
});

test('a timeline action due later sleeps on a timer, not on animation frames', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const scene = { ...feedScene, timeline: [{ t: 2, command: { spinner: { node: 'feed', show: true } } }] };
  const { veil, env } = await mountFake(scene);
  env.runFrame();
  assert.equal(env.pendingFrames, 0, 'no frames while waiting');
  assert.ok(veil.engine.timer !== null, 'a timer until t = 2');
  t.mock.timers.tick(2000);
  assert.equal(env.pendingFrames, 1, 'the timer wakes the loop');
  env.runFrame(2000);
  assert.equal(veil.describe().busy, true, 'the spinner shows');
  veil.destroy();
});

test('reduced motion: the session is told, its skeletons stand still, and the loop stops', async () => {
  const { veil, env } = await mountFake(feedScene, { media: { reduce: true } });
  const lines = recordLines(veil);
  env.runFrame();
  veil.skeleton.show({ node: 'feed', style: 'sliding', transition: 'crossDissolve' });
  assert.deepEqual(veil.animated({ animated: true }), { animated: false }, 'sheet moves are not animated');
  for (let i = 0; i < 3; i++) env.runFrame();
  assert.equal(env.pendingFrames, 0, 'a still skeleton draws and stops: no shimmer, no fade');
  assert.equal(veil.describe().busy, true);
  env.setMedia('(prefers-reduced-motion: reduce)', false);
  assert.deepEqual(lines.map((l) => l.command).filter((c) => 'motion' in c), [{ motion: 'full' }]);
  assert.equal(env.pendingFrames, 1, 'full motion: the shimmer wakes the loop');
  for (let i = 0; i < 5; i++) assert.equal(env.runFrame(), 1, 'and animates every frame');
  veil.destroy();
});

test('motion: "reduce" forces it whatever the system says; headless mounts send it too', async () => {
  const veil = await mount(null, { scene: feedScene, wasm, motion: 'reduce' });
  veil.tick(0);
  veil.skeleton.show({ node: 'feed', style: 'pulse' });
  veil.tick(0.1);
  assert.equal(veil.nextChange(), Infinity, 'a pulse stands still');
  assert.equal(veil.frame.motions, undefined, 'no motion is declared');
  veil.setMotion('no-preference');
  veil.tick(0.2);
  assert.equal(veil.frame.motions?.length, 1, 'and pulses once motion is full: a motion the host plays');
  assert.equal(veil.nextChange(), Infinity, 'with nothing for the core to tick');
  veil.destroy();
});

test('prefers-color-scheme: the session follows it, and its changes', async () => {
  const env = fakeWindow({ dark: true });
  const sent = [];
  const veil = await mount(fakeCanvas(), { scene: feedScene, wasm, env, accessible: false });
  recordLines(veil).push = (l) => sent.push(l);
  env.runFrame();
  assert.equal(veil.frame.background >>> 0, 0xffffffff, 'the scene background is its own');
  env.setMedia('(prefers-color-scheme: dark)', false);
  assert.deepEqual(sent.map((l) => l.command), [{ appearance: 'light' }]);
  veil.destroy();
  const light = await mount(null, { scene: feedScene, wasm, appearance: 'dark' });
  light.tick(0);
  light.destroy();
});

test('size "fill": the scene is laid out at the size of the canvas\' container, and again after resize()', async () => {
  const env = fakeWindow();
  const canvas = fakeCanvas();
  canvas.parentElement = { clientWidth: 300, clientHeight: 200 };
  const veil = await mount(canvas, { scene: feedScene, wasm, env, accessible: false, size: 'fill' });
  env.runFrame();
  assert.deepEqual([veil.frame.width, veil.frame.height], [300 * 8, 200 * 8]);
  assert.deepEqual([canvas.width, canvas.height], [300, 200], 'the backing store at devicePixelRatio 1');
  canvas.parentElement.clientWidth = 250;
  env.devicePixelRatio = 2;
  veil.resize();
  env.runFrame();
  assert.deepEqual([veil.frame.width, veil.frame.height], [250 * 8, 200 * 8]);
  assert.deepEqual([canvas.width, canvas.height], [500, 400], 'the backing store at devicePixelRatio 2');
  veil.destroy();
});

/** A list of a million contacts whose rows come from the host ("fetch"). */
const contactsScene = {
  canvas: { width: 390, height: 844 },
  root: { type: 'list', id: 'contacts', rowCount: 1000000, rowHeight: 56, fetch: { page: 30 },
    row: { type: 'stack', id: 'row', axis: 'horizontal', spacing: 12, padding: 8, children: [
      { type: 'view', id: 'avatar', width: 40, height: 40, cornerRadius: 20, background: '#8E8E93' },
      { type: 'label', id: 'name', text: 'Contact {index}' }] } },
};

/** The texts a frame draws, inside layers too. */
function texts(items, out = []) {
  for (const item of items) {
    if (item.text) out.push(item.text);
    if (item.children) texts(item.children, out);
  }
  return out;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test('the rows option answers a list that fetches its rows, each range once, sync or async', async () => {
  const asked = [];
  const veil = await mount(null, {
    scene: contactsScene, wasm,
    rows: async ({ node, start, end }) => {
      asked.push(`${node} ${start}..<${end}`);
      await settle();
      return Array.from({ length: end - start }, (_, k) => ({ name: `Person ${start + k}` }));
    },
  });
  const events = [];
  veil.on('rows', (event) => events.push(event));
  assert.ok(!texts(veil.tick(0).frame.items).includes('Person 0'), 'rows wait for their data at first');
  veil.tick(0.02);
  await settle(); await settle();
  const frame = veil.tick(0.04).frame;
  assert.ok(texts(frame.items).includes('Person 0') && texts(frame.items).includes('Person 14'), texts(frame.items).join());
  assert.deepEqual(events[0], { name: 'rows', node: 'contacts', range: { start: 0, end: 30 } });
  // Far down and back: each page near the window is asked for once.
  for (const [k, to] of [50000, 50300, 50600, 0].entries()) {
    await veil.scroll.to({ node: 'contacts', to });
    veil.tick(0.1 + k * 0.02); veil.tick(0.11 + k * 0.02);
    await settle(); await settle();
  }
  assert.ok(texts(veil.tick(0.5).frame.items).includes('Person 3'));
  assert.ok(asked.some((a) => a.startsWith('contacts 870..<')), asked.join());
  assert.equal(new Set(asked.slice(0, 5)).size, asked.slice(0, 5).length);
  veil.destroy();
});

test('a rows option that fails is an error event; rows too large for one command go in several', async () => {
  const errors = [];
  const failing = await mount(null, { scene: contactsScene, wasm, rows: () => { throw new Error('offline'); } });
  failing.on('error', (e) => errors.push(e.message));
  failing.tick(0); failing.tick(0.02);
  await settle();
  assert.ok(errors.length > 0 && errors.every((e) => e === 'offline'), errors.join());
  failing.destroy();
  errors.length = 0;

  // 100 rows of 900 bytes (a row's text stays within what 1,000 rows laid out at once may hold):
  // more than one 64 KiB command.
  const long = 'x'.repeat(900);
  const scene = { ...contactsScene, root: { ...contactsScene.root, fetch: { page: 100 } } };
  const veil = await mount(null, { scene, wasm,
    rows: ({ start, end }) => Array.from({ length: end - start }, (_, k) => ({ name: `${start + k} ${long}` })) });
  veil.on('error', (e) => errors.push(e.message));
  const lines = recordLines(veil);
  for (let k = 0; k < 6; k++) { veil.tick(k * 0.02); await settle(); }
  const firstPage = lines.map((l) => l.command?.rows?.fill).filter((f) => f && f.at < 100).sort((a, b) => a.at - b.at);
  assert.ok(firstPage.length > 1, `${firstPage.length} fill commands`);
  let at = 0;
  for (const fill of firstPage) { assert.equal(fill.at, at); at += fill.rows.length; }
  assert.equal(at, 100, 'the batches cover the page, in order');
  assert.deepEqual(errors, []);
  veil.tick(0.2);
  assert.ok(texts(veil.frame.items).some((t) => t.startsWith('0 xxx')));
  veil.destroy();
});

test('a rows answer larger than the range asked is cut to it before it is read, and said in an error event', async () => {
  const errors = [], asked = [];
  let serialised = 0;
  const row = (k) => ({ toJSON: () => { serialised++; return { name: `Person ${k}` }; } });
  const veil = await mount(null, { scene: contactsScene, wasm,
    rows: ({ start, end }) => { asked.push([start, end]); return Array.from({ length: 1000000 }, (_, k) => row(start + k)); } });
  veil.on('error', (e) => errors.push(e.message));
  veil.tick(0); veil.tick(0.02);
  await settle(); await settle();
  assert.ok(asked.length > 0);
  assert.deepEqual(asked[0], [0, 30]);
  // Each row taken is serialised to size the commands and again in its fill: twice the rows asked, not millions.
  const rowsAsked = asked.reduce((n, [start, end]) => n + end - start, 0);
  assert.ok(serialised <= 2 * rowsAsked, `${serialised} rows serialised for ${rowsAsked} asked`);
  assert.deepEqual(errors, asked.map(([start, end]) => `veil: the rows option answered contacts rows ${start}..<${end} `
    + `(${end - start} rows) with 1000000 rows; the first ${end - start} were taken`));
  const shown = texts(veil.tick(0.04).frame.items);
  assert.ok(shown.includes('Person 0') && shown.includes('Person 14'), shown.join());
  veil.destroy();
});
