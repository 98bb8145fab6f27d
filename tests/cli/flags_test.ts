/**
 * The permission flags are part of the design: the CLI tests run `main.ts` under exactly the
 * flags `deno task compile` bakes into the binary (and `main.ts`'s shebang declares), and the
 * release workflow compiles with the same.
 */

import assert from "node:assert/strict";
import { FLAGS, REPO } from "./_run.ts";

const flagsIn = (text: string) => text.match(/--allow-[a-z]+(=[^\s'"]+)?/g)?.sort() ?? [];

Deno.test("flags: deno task compile bakes in exactly the flags the CLI tests run under", () => {
  const deno = JSON.parse(Deno.readTextFileSync(`${REPO}/deno.json`));
  assert.deepEqual(flagsIn(deno.tasks.compile), [...FLAGS].sort());
});

Deno.test("flags: main.ts's shebang declares the same flags", () => {
  const first = Deno.readTextFileSync(`${REPO}/main.ts`).split("\n", 1)[0]!;
  assert.deepEqual(flagsIn(first), [...FLAGS].sort());
});

Deno.test("flags: the release workflow compiles with the same flags", () => {
  const wf = Deno.readTextFileSync(`${REPO}/.github/workflows/release.yml`);
  const line = wf.split("\n").find((l) => l.includes("deno compile"))!;
  assert.deepEqual(flagsIn(line), [...FLAGS].sort());
});

/** The `--include` modules of a `deno compile` line. */
const includesIn = (text: string) => [...text.matchAll(/--include[= ](\S+)/g)].map((m) => m[1]);

Deno.test("flags: the binary embeds the CLI library main.ts imports by a template specifier", () => {
  // An import by a template literal is not in the module graph `deno compile` embeds: without
  // --include, the binary would answer `skald hook` and fail on every other command.
  const main = Deno.readTextFileSync(`${REPO}/main.ts`);
  const computed = [...main.matchAll(/import\(`\.\/([^`$]+)\$\{""\}`\)/g)].map((m) => m[1]);
  assert.deepEqual(computed, ["lib/cli/app.ts"]);
  const deno = JSON.parse(Deno.readTextFileSync(`${REPO}/deno.json`));
  assert.deepEqual(includesIn(deno.tasks.compile), computed);
  const wf = Deno.readTextFileSync(`${REPO}/.github/workflows/release.yml`);
  assert.deepEqual(includesIn(wf), computed);
});

Deno.test("flags: no network, no write, run limited to bash", () => {
  assert.ok(!FLAGS.some((f) => f.startsWith("--allow-net") || f.startsWith("--allow-write")));
  assert.ok(FLAGS.includes("--allow-run=bash"));
});
