/**
 * Freezes the Claude Code oracle's render observations into a test table:
 * `../shared/oracle/cases/render.json` (the trees and prompts) and `results/render.json` (what
 * Claude Code sent) -> `tests/fixtures/oracle/render.json`. Re-run after the oracle's results
 * change:
 *
 *   deno run --allow-read --allow-write tests/oracle/freeze_render.ts ../shared/oracle
 *
 * @module
 */

import { posix } from "../../lib/path.ts";

const dir = Deno.args[0] ?? "../shared/oracle";
const file = JSON.parse(Deno.readTextFileSync(posix.join(dir, "cases/render.json")));
const defaults = file.defaults ?? {};
const results = JSON.parse(Deno.readTextFileSync(posix.join(dir, "results/render.json")))
  .results as {
    name: string;
    prompt: string;
    sentToModel: boolean;
    rendered?: string[];
    result?: { result?: string };
  }[];
const out = results.map((r) => {
  const c = file.cases.find((x: { name: string }) => x.name === r.name);
  if (c === undefined) throw new Error(`no case named ${r.name}`);
  return {
    name: r.name,
    prompt: r.prompt,
    files: { ...defaults.files, ...c.files },
    settings: c.settings ?? defaults.settings ?? null,
    userSettings: c.userSettings ?? null,
    modelCalls: c.modelCalls ?? null,
    sentToModel: r.sentToModel,
    rendered: r.rendered ?? [],
    result: r.result?.result ?? null,
  };
});
const target = new URL("../fixtures/oracle/render.json", import.meta.url);
Deno.writeTextFileSync(target, JSON.stringify(out, null, 1) + "\n");
console.log(`wrote ${out.length} cases to ${target.pathname}`);
