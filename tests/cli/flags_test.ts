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

Deno.test("flags: no network, no write, run limited to bash", () => {
  assert.ok(!FLAGS.some((f) => f.startsWith("--allow-net") || f.startsWith("--allow-write")));
  assert.ok(FLAGS.includes("--allow-run=bash"));
});
