// Web/package.json: the folder can be vendored or published as is — every file its exports map and
// "files" name is there (veil.wasm is copied in by whoever ships it: `make wasm` builds it elsewhere),
// and the main entry exports what veil.d.ts declares.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";

const web = new URL("../../Web/", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", web), "utf8"));

test("every file of the exports map and of files exists (but veil.wasm, built by make wasm)", () => {
  const targets = Object.values(pkg.exports).flatMap((t) => (typeof t === "string" ? [t] : Object.values(t)));
  for (const path of [...targets, ...pkg.files, pkg.main, pkg.types]) {
    if (path.endsWith("veil.wasm")) continue;
    const file = path.includes("*") ? path.slice(0, path.indexOf("*")) : path; // "./fonts/*": the folder
    assert.ok(existsSync(new URL(file, web)), `${path} is missing from Web/`);
  }
  assert.equal(pkg.type, "module");
  for (const path of ["./veil.wasm", "./worker.js", "./fonts/inter.css"]) assert.ok(path in pkg.exports, `exports has no ${path}`);
});

test("the main entry exports every name veil.d.ts declares", async () => {
  const declared = [...readFileSync(new URL("veil.d.ts", web), "utf8")
    .matchAll(/^export (?:async )?(?:function|class|const) (\w+)/gm)].map((m) => m[1]);
  const veil = await import(new URL(pkg.exports["."].default, web));
  for (const name of declared) assert.ok(name in veil, `veil.js does not export ${name}`);
  assert.ok(declared.includes("mount"));
});
