// Web/veil.d.ts against a use of every export (usage.ts) and against the code (implementation.ts),
// and Web/*.js against their JSDoc (// @ts-check): `tsc -p Tests/web/types` (Debian's
// node-typescript; `make setup` installs it; strict and noImplicitAny) must report nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const project = fileURLToPath(new URL("./types/", import.meta.url));
const web = new URL("../../Web/", import.meta.url);
const root = fileURLToPath(new URL("../../", import.meta.url)); // tsc names files relative to it

/** @param {string} path */
function tsc(path) {
  const run = spawnSync("tsc", ["-p", path, "--pretty", "false"], { cwd: root, encoding: "utf8", timeout: 120000 });
  assert.ok(!run.error, `tsc did not run (${run.error?.message}): install node-typescript (make setup)`);
  return run;
}

test("every Web/*.js starts with // @ts-check and is in the type check", () => {
  const config = JSON.parse(readFileSync(new URL("./types/tsconfig.json", import.meta.url), "utf8"));
  const checked = new Set(config.files.map((f) => f.replace("../../../Web/", "")));
  for (const name of readdirSync(web).filter((n) => n.endsWith(".js"))) {
    assert.ok(readFileSync(new URL(name, web), "utf8").startsWith("// @ts-check\n"), `Web/${name} does not start with // @ts-check`);
    assert.ok(checked.has(name), `Web/${name} is not in Tests/web/types/tsconfig.json's files`);
  }
});

test("tsc (strict, noImplicitAny) finds no type error in Web/veil.d.ts, its use, or the JSDoc of Web/*.js", () => {
  const run = tsc(project);
  assert.equal(run.status, 0, `tsc reported:\n${run.stdout}${run.stderr}`);
});
