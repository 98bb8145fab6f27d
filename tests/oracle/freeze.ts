/**
 * Freezes the Claude Code oracle's permission observations into a test table:
 * `../shared/oracle/cases/perm-*.json` (the setups) and `results/perm-*.json` (what Claude Code
 * decided) -> `tests/fixtures/oracle/perm.json`. CI does not have the oracle; it reads the
 * frozen table. Re-run after the oracle's results change:
 *
 *   deno run --allow-read --allow-write tests/oracle/freeze.ts ../shared/oracle
 *
 * @module
 */

import { caseNamed, ORACLE, oracleJson, writeFixture } from "./_oracle_files.ts";

interface Call {
  id?: string;
  tool: string;
  input: unknown;
}

interface Case {
  name: string;
  files?: Record<string, unknown>;
  settings?: unknown;
  userSettings?: unknown;
  localSettings?: unknown;
  cliSettings?: unknown;
  permissionMode?: string;
  args?: string[];
  env?: Record<string, string | null>;
  trust?: boolean;
  git?: boolean;
  calls: Call[];
}

type CaseFile = Case | Case[] | { defaults?: Partial<Case>; cases: Case[] };

function cases(file: CaseFile): Case[] {
  if (Array.isArray(file)) return file;
  if ("cases" in file) {
    const d = file.defaults ?? {};
    return file.cases.map((c) => ({
      ...d,
      ...c,
      files: { ...d.files, ...c.files },
      env: { ...d.env, ...c.env },
    }));
  }
  return [file];
}

const out: unknown[] = [];
const names = [...Deno.readDirSync(`${ORACLE}/cases`)].map((e) => e.name)
  .filter((n) => n.startsWith("perm-")).sort();
for (const name of names) {
  const setups = cases(oracleJson(`cases/${name}`));
  const results = oracleJson(`results/${name}`).results as {
    name: string;
    results: { id: string; tool: string; input: unknown; decision: string; text: string | null }[];
  }[];
  for (const group of results) {
    const setup = caseNamed(setups, group.name, `cases/${name}`);
    const { calls: _calls, name: _name, ...rest } = setup;
    out.push({
      file: name,
      name: group.name,
      ...rest,
      calls: group.results.map((r) => ({
        id: r.id,
        tool: r.tool,
        input: r.input,
        decision: r.decision,
        text: (r.text ?? "").length > 300 ? r.text!.slice(0, 300) + "…" : r.text ?? "",
      })),
    });
  }
}
writeFixture("perm.json", out);
