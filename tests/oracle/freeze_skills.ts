/**
 * Freezes the Claude Code oracle's skill listings into a test table:
 * `../shared/oracle/cases/skills.json` (the trees) and `results/skills.json` (the lines Claude
 * Code listed) -> `tests/fixtures/oracle/skills.json`. Re-run after the oracle's results change:
 *
 *   deno run --allow-read --allow-write tests/oracle/freeze_skills.ts ../shared/oracle
 *
 * @module
 */

import { caseNamed, oracleJson, writeFixture } from "./_oracle_files.ts";

const cases = oracleJson("cases/skills.json").cases as {
  name: string;
  files: Record<string, string>;
  cwd?: string;
}[];
const results = oracleJson("results/skills.json").results as {
  name: string;
  projectListing: { name: string; description: string }[];
}[];
const out = results.map((r) => {
  const c = caseNamed(cases, r.name, "cases/skills.json");
  return { name: r.name, files: c.files, cwd: c.cwd ?? null, listing: r.projectListing };
});
writeFixture("skills.json", out);
