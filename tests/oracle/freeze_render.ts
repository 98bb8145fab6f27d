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

import { caseNamed, oracleJson, writeFixture } from "./_oracle_files.ts";

/** A render case of the oracle, as far as the table needs it. */
interface RenderCase {
  name: string;
  files?: Record<string, string>;
  settings?: unknown;
  userSettings?: unknown;
  modelCalls?: unknown;
}

const file = oracleJson("cases/render.json");
const defaults = file.defaults ?? {};
const results = oracleJson("results/render.json").results as {
  name: string;
  prompt: string;
  sentToModel: boolean;
  rendered?: string[];
  result?: { result?: string };
}[];
const out = results.map((r) => {
  const c = caseNamed<RenderCase>(file.cases, r.name, "cases/render.json");
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
writeFixture("render.json", out);
