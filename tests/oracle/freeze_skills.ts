/**
 * Freezes the Claude Code oracle's skill listings into a test table:
 * `../shared/oracle/cases/skills.json` (the trees) and `results/skills.json` (the lines Claude
 * Code listed) -> `tests/fixtures/oracle/skills.json`. Re-run after the oracle's results change:
 *
 *   deno run --allow-read --allow-write tests/oracle/freeze_skills.ts ../shared/oracle
 *
 * @module
 */

import { posix } from "node:path";

const dir = Deno.args[0] ?? "../shared/oracle";
const cases = JSON.parse(Deno.readTextFileSync(posix.join(dir, "cases/skills.json"))).cases as {
  name: string;
  files: Record<string, string>;
  cwd?: string;
}[];
const results = JSON.parse(Deno.readTextFileSync(posix.join(dir, "results/skills.json")))
  .results as {
    name: string;
    projectListing: { name: string; description: string }[];
  }[];
const out = results.map((r) => {
  const c = cases.find((x) => x.name === r.name);
  if (c === undefined) throw new Error(`no case named ${r.name}`);
  return { name: r.name, files: c.files, cwd: c.cwd ?? null, listing: r.projectListing };
});
const target = new URL("../fixtures/oracle/skills.json", import.meta.url);
Deno.writeTextFileSync(target, JSON.stringify(out, null, 1) + "\n");
console.log(`wrote ${out.length} cases to ${target.pathname}`);
