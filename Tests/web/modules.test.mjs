// The web code as a small library: every module veil.js loads (its static imports, and the files
// they load by URL beside themselves, such as worker.js) is listed in docs/EMBED.md's files table
// and in package.json's "files" (a page that copies what the docs list works), starts with
// `// @ts-check`, and the imports have no cycle; veil.js itself only re-exports. Each entry asks for
// all the modules of a capability at once (issue 30: each level of imports is another round trip on
// a phone's network): veil.js names every module of its static imports itself, and page.js' lists
// for a capability it loads on first use are that capability's static imports, all of them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const web = new URL("../../Web/", import.meta.url);
const read = (name) => readFileSync(new URL(name, web), "utf8");

/** The modules a file imports statically, and the .js files it loads by URL beside itself. */
function dependencies(name) {
  const source = read(name);
  const imports = [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+"\.\/([\w-]+\.js)"|^import\s+"\.\/([\w-]+\.js)"/gms)]
    .map((m) => m[1] ?? m[2]);
  const byURL = [...source.matchAll(/new URL\("([\w-]+\.js)", import\.meta\.url\)/g)].map((m) => m[1]);
  return { imports, byURL };
}

/** Every file veil.js loads, each with its static imports. */
function graph() {
  const modules = new Map();
  const todo = ["veil.js"];
  while (todo.length) {
    const name = todo.pop();
    if (modules.has(name)) continue;
    const { imports, byURL } = dependencies(name);
    modules.set(name, imports);
    todo.push(...imports, ...byURL);
  }
  return modules;
}

test("every module veil.js loads is in EMBED.md's files table and in package.json's files", () => {
  const embed = readFileSync(new URL("../../docs/EMBED.md", import.meta.url), "utf8");
  const table = embed.slice(embed.indexOf("## Files to copy"), embed.indexOf("\n## ", embed.indexOf("## Files to copy") + 1));
  const files = JSON.parse(read("package.json")).files;
  const modules = [...graph().keys()];
  assert.ok(modules.includes("worker.js") && modules.includes("skeletonize.js"), `found: ${modules}`);
  for (const name of modules) {
    assert.ok(table.includes(`\`Web/${name}\``), `${name} is missing from docs/EMBED.md's files table`);
    assert.ok(files.includes(name), `${name} is missing from Web/package.json's files`);
  }
});

test("every module starts with // @ts-check, and the imports have no cycle", () => {
  const modules = graph();
  for (const name of modules.keys()) assert.ok(read(name).startsWith("// @ts-check\n"), `${name} does not start with // @ts-check`);
  const state = new Map(); // 1: on the path, 2: done
  const visit = (name, path) => {
    if (state.get(name) === 2) return;
    assert.notEqual(state.get(name), 1, `import cycle: ${[...path, name].join(" → ")}`);
    state.set(name, 1);
    for (const next of modules.get(name) ?? []) visit(next, [...path, name]);
    state.set(name, 2);
  };
  for (const name of modules.keys()) visit(name, []);
});

/** `root` and every module it imports statically, transitively (not what it loads by URL). */
function closure(root) {
  const found = new Set();
  const todo = [root];
  while (todo.length) {
    const name = todo.pop();
    if (found.has(name)) continue;
    found.add(name);
    todo.push(...dependencies(name).imports);
  }
  return found;
}

const sorted = (names) => [...names].sort();

test("veil.js only re-exports, names its modules, and starts the early fetch (mount.js' prestart)", () => {
  const code = read("veil.js").split("\n").filter((line) => line.trim() && !line.trimStart().startsWith("//"));
  const early = ['import { prestart } from "./mount.js";', "prestart();"];
  for (const line of code) {
    if (early.includes(line)) continue;
    assert.match(line, /^(export \{[^}]*\} from |import )"\.\/[\w-]+\.js";$/, `veil.js does more than re-export: ${line}`);
  }
  for (const line of early) assert.ok(code.includes(line), `veil.js lacks ${line}`);
});

test("veil.js names every module of its static imports itself: the browser asks for them all at once", () => {
  const named = new Set(dependencies("veil.js").imports);
  const all = closure("veil.js");
  all.delete("veil.js");
  const missing = sorted([...all].filter((name) => !named.has(name)));
  assert.deepEqual(missing, [], `veil.js imports these only through other modules (a round trip each level): add \`import "./NAME";\``);
});

test("page.js asks for all the modules of a capability at once: each list is its root's static imports", () => {
  const page = read("page.js");
  for (const [helper, root] of [["mountModules", "mount.js"], ["skeletonModules", "skeletonize.js"], ["spinnerModules", "spinner-layer.js"], ["statusModules", "status-layer.js"]]) {
    const start = page.indexOf(`function ${helper}() {`);
    assert.ok(start >= 0, `page.js has no ${helper}()`);
    const body = page.slice(start, page.indexOf("\n}\n", start));
    const listed = [...body.matchAll(/import\("\.\/([\w-]+\.js)"\)/g)].map((m) => m[1]);
    assert.equal(listed[0], root, `${helper}() resolves to ${root}: it comes first`);
    assert.equal(new Set(listed).size, listed.length, `${helper}() lists a module twice`);
    assert.deepEqual(sorted(listed), sorted(closure(root)), `${helper}() must list ${root} and every module it imports, no more`);
  }
});
