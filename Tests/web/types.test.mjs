// Web/veil.d.ts against a use of every export, and Web/*.js against their JSDoc (// @ts-check):
// `tsc -p Tests/web/types` (Debian's node-typescript; `make setup` installs it) must report nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const project = fileURLToPath(new URL("./types/", import.meta.url));

test("tsc finds no type error in Web/veil.d.ts, its use, or the JSDoc of Web/*.js", () => {
  const run = spawnSync("tsc", ["-p", project], { encoding: "utf8", timeout: 120000 });
  assert.ok(!run.error, `tsc did not run (${run.error?.message}): install node-typescript (make setup)`);
  assert.equal(run.status, 0, `tsc reported:\n${run.stdout}${run.stderr}`);
});
